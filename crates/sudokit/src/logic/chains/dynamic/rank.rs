//! A step found and ranked as SE sorts it ([`RankedChain`]): its kind, its
//! complexity (the distinct ancestors of each branch's end, and each chain
//! used inside once), its difficulty, and the order key; with the cuts that
//! pass over a step that cannot come before the best so far.

use super::engine::Engine;
use super::run::{key, RunCause};
use crate::logic::chains::potential::Potential;
use crate::logic::chains::se_order::{length_bonus, se_order};

/// What a step concludes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// The assumption `source` forces a candidate both on and off.
    Contradiction,
    /// `source` on and off force the same.
    Double,
    /// Each candidate of the square forces the same.
    Cell(usize),
    /// Each place of the digit in the unit forces the same.
    Region(usize, u8),
}

/// A step found, with what SE sorts by and the branches that prove it.
pub(super) struct RankedChain {
    pub(super) kind: Kind,
    pub(super) source: Potential,
    /// The conclusion: placed when on, removed when off.
    pub(super) target: Potential,
    /// For a conclusion "on": the other candidates its square loses.
    pub(super) others: u32,
    /// (run, node) of each branch's end; a contradiction's two are its on
    /// and off.
    pub(super) branches: Vec<(usize, u32)>,
    pub(super) difficulty: f64,
    pub(super) complexity: usize,
    pub(super) sort_key: u8,
}

impl RankedChain {
    /// The digits the step removes from its target's square.
    pub(super) fn removed(&self) -> u32 {
        removed(self.target, self.others)
    }
}

/// The digits a step concluding `target` removes from its square: the
/// others (`others`) when it is on, the digit when off.
fn removed(target: Potential, others: u32) -> u32 {
    if target.on {
        others
    } else {
        1 << target.digit
    }
}

impl Engine {
    /// How many distinct potentials are among `n` and all its ancestors in
    /// run `id` (SE's ancestor count); the count stops once it is past
    /// `limit`.
    pub(super) fn ancestors(
        &mut self,
        id: usize,
        n: u32,
        nested: &mut Vec<u32>,
        limit: usize,
    ) -> usize {
        let stamp = self.next_stamp();
        let run = &self.runs[id];
        let todo = &mut self.todo;
        todo.clear();
        todo.push(n);
        let mut count = 0;
        while let Some(m) = todo.pop() {
            let node = run.nodes[m as usize];
            let k = key(node.potential(), self.stride);
            if self.seen[k] == stamp {
                continue;
            }
            self.seen[k] = stamp;
            count += 1;
            if count > limit {
                break;
            }
            if let RunCause::Rule(r) = node.cause {
                if let Some(i) = run.rules[r as usize].1 {
                    if !nested.contains(&i) {
                        nested.push(i);
                    }
                }
            }
            run.push_parents(m, todo);
            run.push_hidden(m, self.geo, self.stride, todo);
        }
        count
    }

    /// A step for the list, unless it removes nothing, or only SE's first
    /// step is wanted and this one comes after the best so far: then its
    /// ancestors are counted only until they are more than the best's
    /// complexity (its difficulty, which grows with the complexity, is
    /// then as high or higher, so it comes after).
    pub(super) fn rank(
        &mut self,
        kind: Kind,
        source: Potential,
        target: Potential,
        branches: &[(usize, u32)],
        out: &mut Vec<RankedChain>,
    ) {
        let others = if target.on {
            self.board.cands(target.square) & !(1 << target.digit)
        } else {
            0
        };
        if target.on && others == 0 {
            return;
        }
        self.concluded |= 1 << source.digit;
        let mask = removed(target, others);
        let best_here = match self.per_target {
            true => self.target_best.get(&(target.square, mask)).copied(),
            false => None,
        };
        // SE's complexity: the ancestors of each branch's end, plus each
        // different chain used inside the chains once.
        let limit = match (self.best, best_here) {
            (Some(Some((_, best, _))), _) => best,
            (_, Some((best, _))) => best,
            _ => usize::MAX,
        };
        // Each branch's end and its first parents back to the assumption
        // are that many distinct potentials among its ancestors: a step
        // that already needs more than the best is passed over without
        // counting them.
        if limit != usize::MAX {
            let mut least = 0;
            for &(r, n) in branches {
                least += self.runs[r].first_parents(n, limit - least);
                if least > limit {
                    return;
                }
            }
        }
        // The chains used inside, by their entry in `self.nested`, and
        // those counted so far (lists the engine keeps for the next step).
        let (mut nested, mut counted) = (
            std::mem::take(&mut self.used_inside),
            std::mem::take(&mut self.counted_inside),
        );
        nested.clear();
        counted.clear();
        let mut complexity: usize = 0;
        let mut past_limit = false;
        for &(r, n) in branches {
            complexity += self.ancestors(r, n, &mut nested, limit - complexity);
            if complexity > limit {
                past_limit = true;
                break;
            }
        }
        if !past_limit {
            for &i in &nested {
                let (inner, key) = &self.nested[i as usize];
                if !counted.iter().any(|&j| self.nested[j as usize].1 == *key) {
                    counted.push(i);
                    complexity += inner;
                }
            }
        }
        self.used_inside = nested;
        self.counted_inside = counted;
        if past_limit {
            return;
        }
        let sort_key = match kind {
            Kind::Double => 1,
            Kind::Cell(_) => 5,
            Kind::Region(..) => 6,
            Kind::Contradiction => 7,
        };
        let difficulty = self.rule.base() + length_bonus(complexity);
        if self.per_target {
            // As with `best`: a tie comes after (the difficulty follows the
            // complexity within a rule).
            if best_here.is_some_and(|b| (complexity, sort_key) >= b) {
                return;
            }
            self.target_best
                .insert((target.square, mask), (complexity, sort_key));
        }
        if let Some(best) = &mut self.best {
            // A step that ties with the best comes after it (SE's sort keeps
            // the order found).
            let order = (difficulty, complexity, sort_key);
            if best.is_some_and(|b| se_order(order, b).is_ge()) {
                return;
            }
            *best = Some(order);
        }
        for &(r, _) in branches {
            self.referenced[r] = true;
        }
        out.push(RankedChain {
            kind,
            source,
            target,
            others,
            branches: branches.to_vec(),
            difficulty,
            complexity,
            sort_key,
        });
    }
}
