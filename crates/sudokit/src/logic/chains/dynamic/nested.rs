//! The rules run inside a chain where it runs dry (SE's nested levels): the
//! simple rules from level 1, then forcing chains, multiple forcing chains
//! or dynamic chains of a lower level, looked up in the inner rules' table
//! first; their hints' removals join the chain with their rule parents. And
//! the other side: a rule run inside a chain gives its steps as hints.

use super::engine::Engine;
use super::inner;
use super::memo;
use super::rank::{Kind, RankedChain};
use super::rule::DynamicRule;
use super::run::{key, RunCause};
use crate::logic::bits::bits;
use crate::logic::chains::forcing;
use crate::logic::chains::potential::{off, Need, NestedHint, Potential};

impl Engine {
    /// The steps `rule` finds on the working board, as an inner rule of
    /// this chain gives them (SE's nested levels 3 and 4): SE's order, each
    /// removal set once, with what their rule parents come from, their
    /// complexity and their chains' key.
    fn nested_hints(&mut self, rule: DynamicRule) -> Vec<NestedHint> {
        let mut inner = match self.inner.take() {
            Some(mut inner) => {
                inner.reset(&self.board, rule);
                inner
            }
            None => Box::new(Engine::on(self.board.clone(), rule, false)),
        };
        inner.table.clone_from(&self.table);
        // Only the first step for each set of removals is kept below.
        inner.per_target = true;
        // The forcing chains' buffers hold the reach of this grid when
        // they were run on it just before (see `forcing::shared_reach`).
        std::mem::swap(&mut inner.chain_work, &mut self.chain_work);
        std::mem::swap(&mut inner.barren, &mut self.barren);
        let mut out: Vec<NestedHint> = Vec::new();
        // A step removes digits from one square: (square, digits) names it.
        let mut seen: memo::QuickSet<(usize, u32)> = memo::QuickSet::default();
        for ranked in inner.steps() {
            let (t, mask) = (ranked.target, ranked.removed());
            if !seen.insert((t.square, mask)) {
                continue;
            }
            let removals = bits(mask).map(|d| (t.square, d as u8)).collect();
            let (needs, key) = inner.rule_parents(&ranked);
            out.push(NestedHint {
                removals,
                needs,
                complexity: ranked.complexity,
                key,
            });
        }
        std::mem::swap(&mut inner.chain_work, &mut self.chain_work);
        std::mem::swap(&mut inner.barren, &mut self.barren);
        self.inner = Some(inner);
        out
    }

    /// What SE's rule parents of a step found inside an outer chain come
    /// from, and its chains potential by potential (its key): each branch
    /// walked back breadth first; an "on" reached because a square or a
    /// unit had one candidate or place left relies on what the outer chain
    /// struck there. A cell or region chain's assumptions count so too.
    fn rule_parents(&mut self, ranked: &RankedChain) -> (Vec<Need>, Vec<Potential>) {
        let mut needs: Vec<Need> = Vec::with_capacity(8);
        // The key holds each branch's distinct potentials, which its
        // complexity counts (with the chains used inside, if any), and an
        // end per branch: room for them at once rather than grown step by
        // step.
        let mut key = Vec::with_capacity(ranked.complexity + ranked.branches.len());
        // The walk's two levels, kept by the engine from one call to the
        // next (a call per hint, and most hints are short).
        let (mut todo, mut next) = (
            std::mem::take(&mut self.todo),
            std::mem::take(&mut self.todo_next),
        );
        for &(id, end) in &ranked.branches {
            // Each potential once, the first time the walk meets it (a
            // stamp per potential marks those met).
            let stamp = self.next_stamp();
            let run = &self.runs[id];
            todo.clear();
            todo.push(end);
            while !todo.is_empty() {
                next.clear();
                for &n in &todo {
                    let node = run.nodes[n as usize];
                    let p = node.potential();
                    let k = self::key(p, self.stride);
                    if self.seen[k] == stamp {
                        continue;
                    }
                    self.seen[k] = stamp;
                    key.push(p);
                    let cause = match (node.cause, ranked.kind) {
                        (RunCause::Start, Kind::Cell(_)) => RunCause::Square,
                        (RunCause::Start, Kind::Region(u, _)) => RunCause::Unit(u as u32),
                        (cause, _) => cause,
                    };
                    let need = match (p.on, cause) {
                        (true, RunCause::Square) => Some(Need::Square(p.square)),
                        (true, RunCause::Unit(u)) => Some(Need::Unit(u as usize, p.digit)),
                        _ => None,
                    };
                    if let Some(need) = need.filter(|n| !needs.contains(n)) {
                        needs.push(need);
                    }
                    run.push_parents(n, &mut next);
                    run.push_hidden(n, self.geo, self.stride, &mut next);
                }
                std::mem::swap(&mut todo, &mut next);
            }
            key.push(Potential {
                square: usize::MAX,
                digit: 0,
                on: false,
            });
        }
        self.todo = todo;
        self.todo_next = next;
        (needs, key)
    }

    /// Runs the inner rules on the working grid and adds what they rule out
    /// (new potentials only); true when something was added.
    pub(super) fn advance(&mut self, id: usize) -> bool {
        let mut added = false;
        let mut simple = std::mem::take(&mut self.simple);
        inner::level_one_into(&self.board, &self.struck, &mut simple, self.reasons);
        for hint in simple.iter() {
            added |= self.rule_links(id, hint.removals, hint.parents, hint.text, None);
        }
        self.simple = simple;
        if !self.simple.is_empty() {
            return added;
        }
        // The chains inside, lowest level first, while none has a hint.
        for &inner_rule in self.rule.inner_chains() {
            let code = inner_rule.map_or(0, |r| r.code());
            let grid = memo::grid_key(&self.board);
            let table = self.table.clone();
            let found = memo::inner_hints(&table, code, grid, || match inner_rule {
                None => forcing::nested_chains(&self.board, &mut self.chain_work, &mut self.barren),
                Some(rule) => self.nested_hints(rule),
            });
            let mut any = false;
            let mut parents = std::mem::take(&mut self.rule_parents);
            for hint in found.iter() {
                memo::parents(self.geo, &hint.needs, &self.struck, &mut parents);
                if parents.is_empty() {
                    continue;
                }
                any = true;
                self.nested.push((hint.complexity, hint.key.clone()));
                let nested = Some((self.nested.len() - 1) as u32);
                let text = "a forcing chain";
                added |= self.rule_links(id, &hint.removals, &parents, text, nested);
            }
            self.rule_parents = parents;
            if any {
                break;
            }
        }
        added
    }

    /// Adds to run `id` the candidates an inner rule's hint removes (those
    /// not reached yet), each with the hint's rule parents as its parents;
    /// true when one was new.
    fn rule_links(
        &mut self,
        id: usize,
        removals: &[(usize, u8)],
        rule_parents: &[(usize, u8)],
        text: &str,
        nested: Option<u32>,
    ) -> bool {
        let stride = self.stride;
        let mut parents = std::mem::take(&mut self.parent_nodes);
        let run = &mut self.runs[id];
        parents.clear();
        parents.extend(
            rule_parents
                .iter()
                .filter_map(|&(s, d)| run.get(off(s, d), stride)),
        );
        debug_assert_eq!(parents.len(), rule_parents.len());
        let rule = run.rules.len() as u32;
        let text = if self.reasons {
            text.to_string()
        } else {
            String::new()
        };
        run.rules.push((text, nested));
        let mut added = false;
        for &(s, d) in removals {
            let q = off(s, d);
            if !run.has(q) {
                let n = run.node(q, RunCause::Rule(rule), &parents);
                run.keep(n, stride);
                added = true;
            }
        }
        self.parent_nodes = parents;
        added
    }
}
