//! The searches of the whole rule in SE's order: the three passes (X-links,
//! Y-links, both) from every candidate, what each search from a candidate
//! finds as a step or nested hint, graded and sorted as SE sorts them; and,
//! when only SE's first step is wanted, how long a chain may still be and
//! come first.

use super::cycles::{cycle_may_remove, cycle_removals};
use super::graph::Ends;
use super::nested::nested_hint;
use super::search::{Cause, Chains, LinkKinds, Scratch};
use super::text::{cycle_step, forcing_step};
use crate::grid::Digits;
use crate::logic::bits::bits;
use crate::logic::chains::board::PencilMarks;
use crate::logic::chains::digit_memo;
use crate::logic::chains::digit_memo::{DigitMemo, PatternRule};
use crate::logic::chains::potential::{off, on, NestedHint};
use crate::logic::chains::se_order::{java_hash_map_order, length_bonus, se_order};
use crate::logic::step::{Step, Technique};

/// One step found, with what SE sorts by.
pub(super) struct Ranked {
    pub(super) difficulty: f64,
    pub(super) complexity: usize,
    pub(super) sort_key: u8,
    pub(super) found: Find,
}

/// What a search found: a step, or inside a dynamic chain what the outer
/// chain needs of it.
pub(super) enum Find {
    Step(Box<Step>),
    Nested(NestedHint),
}

/// The most potentials a chain of `base` difficulty and `sort_key` may
/// hold and still come before `best` in SE's order (a later find that ties
/// comes after it); unbounded while nothing is found.
fn longest_winning(base: f64, sort_key: u8, best: Option<(f64, usize, u8)>) -> usize {
    let Some(best) = best else {
        return usize::MAX;
    };
    let mut complexity = 0;
    while se_order(
        (
            base + length_bonus(complexity + 1),
            complexity + 1,
            sort_key,
        ),
        best,
    )
    .is_lt()
    {
        complexity += 1;
    }
    complexity
}

/// With only SE's first step wanted: the best step found so far, in SE's
/// order, among the first `weighed` found.
///
/// The limits last worked out are kept, with the links they were for: they
/// change only when a step is found.
#[derive(Default)]
struct Leader {
    best: Option<(f64, usize, u8)>,
    weighed: usize,
    limits: Option<(LinkKinds, (usize, usize))>,
}

impl Leader {
    /// The most potentials a cycle, and a forcing chain, of a search with
    /// `links` may hold and still come first, now that `all` are found.
    fn limits(&mut self, all: &[Ranked], links: LinkKinds) -> (usize, usize) {
        match self.limits {
            Some((kept, limits)) if kept == links && self.weighed == all.len() => return limits,
            _ => {}
        }
        for f in &all[self.weighed..] {
            let this = (f.difficulty, f.complexity, f.sort_key);
            if self.best.is_none_or(|b| se_order(this, b).is_lt()) {
                self.best = Some(this);
            }
        }
        self.weighed = all.len();
        let (key, cycle, chain) = grading(links);
        let limits = (
            longest_winning(cycle, key, self.best),
            longest_winning(chain, key, self.best),
        );
        self.limits = Some((links, limits));
        limits
    }
}

/// Every cycle and forcing chain on `marks`, SE's first first: X-links,
/// then Y-links, then both, from every candidate of every square with two
/// or more, then SE's stable sort.
///
/// With `first_only`, only SE's first step is sure to be among them: each
/// search stops at the length where its chains could no longer come before
/// the best step found so far. (A breadth-first search reaches its short
/// chains before its long ones, and the same way whether it goes on or
/// not, so the steps it still finds are the same steps, and a step it
/// misses comes after one it has.)
pub(super) fn ranked(
    marks: &dyn PencilMarks,
    reasons: bool,
    nested: bool,
    work: &mut Scratch,
    barren: &mut DigitMemo,
    first_only: bool,
) -> Vec<Ranked> {
    let shape = marks.geometry().shape;
    let mut all: Vec<Ranked> = Vec::new();
    let mut leader = Leader::default();
    // The digits the pass of X-links alone may find something for: those
    // of a candidate whose chain from "on" reaches its "off" with both
    // kinds of link. The graph of X-links lies within that one, and every
    // step of the pass removes such a candidate of its own digit, or
    // places one: a chain from "off" to "on" of its digit leaves through
    // the one other place of the digit in a unit, whose "on" turns the
    // first "off", and so reaches its own "off". On most grids where the
    // rule finds nothing, no candidate does, and no pass is made.
    let mut x_digits = u32::MAX;
    if !work.every_search {
        let mut chains = Chains::fresh(marks, reasons, nested, std::mem::take(work));
        chains.reach_of_both();
        x_digits = chains.work.removable_digits();
        *work = chains.work;
        if x_digits == 0 {
            // What the pass of X-links alone would have kept.
            for p in digit_memo::patterns(marks).into_iter().flatten() {
                if p.1 != 0 && !barren.is_barren(PatternRule::XChains, &p) {
                    barren.keep_barren(PatternRule::XChains, p);
                }
            }
            return all;
        }
    }
    for links in [
        LinkKinds { x: true, y: false },
        LinkKinds { x: false, y: true },
        LinkKinds { x: true, y: true },
    ] {
        // A pass none of whose steps can come before the best one found so
        // far (a pass of both kinds of link, at 7.0, once a step under 7.0
        // is found) is not made: its searches would all stop at once.
        if first_only && leader.limits(&all, links) == (0, 0) {
            continue;
        }
        // The links a potential leads to depend on the kinds of link, so
        // the caches start empty for each kind (their buffers are reused).
        let mut chains = Chains::fresh(marks, reasons, nested, std::mem::take(work));
        // X-links alone keep to one digit: a digit whose pattern gave
        // nothing before is left out (see [`digit_memo`]).
        let patterns = match links.y {
            false => digit_memo::patterns(marks),
            true => None,
        };
        let mut skip = 0u32;
        for p in patterns.iter().flatten() {
            if barren.is_barren(PatternRule::XChains, p) {
                skip |= 1 << p.0;
            }
        }
        // The digits passed over: those barren before, and with X-links
        // alone those where the reach with both kinds shows nothing (kept
        // as barren below, as the digits searched in vain are).
        let passed = match links.y {
            false => skip | !x_digits,
            true => skip,
        };
        // Per digit: whether a search found something, or may have missed
        // something for a limit.
        let (mut found, mut limited) = (0u32, 0u32);
        // The passes with square links use the reach with both kinds of
        // link, built once for both (the graph of Y-links alone is too
        // sparse for its own to pay, and lies within that one). Every step
        // they can find removes a candidate whose chain from "on" reaches
        // its "off" in it (a cycle's removals do, see [`Chains::ends`]):
        // with none, they are not made.
        if links.y {
            chains.reach_of_both();
            if chains.work.removable.is_empty() && !chains.work.every_search {
                *work = chains.work;
                break;
            }
        } else {
            // The reach with both kinds of link, when built above, is put
            // by for the passes with square links.
            if x_digits != u32::MAX {
                chains.work.swap_reach();
            }
            chains.build_reach(links, passed);
        }
        chains.work.reach_built = true;
        // A filled square has no candidates.
        for square in 0..shape.square_count() {
            let cands = marks.digits(square);
            if cands.len() < 2 || (!links.x && cands.len() > 2) {
                continue;
            }
            for digit in cands.iter().filter(|&d| passed & (1 << d) == 0) {
                let ends = chains.ends(square, digit, links);
                let limits = if first_only {
                    leader.limits(&all, links)
                } else {
                    (usize::MAX, usize::MAX)
                };
                let before = all.len();
                search(&mut chains, square, digit, links, ends, limits, &mut all);
                if all.len() > before {
                    found |= 1 << digit;
                }
                if limits != (usize::MAX, usize::MAX) {
                    limited |= 1 << digit;
                }
            }
        }
        for p in patterns.into_iter().flatten() {
            if (skip | found | limited) & (1 << p.0) == 0 && p.1 != 0 {
                barren.keep_barren(PatternRule::XChains, p);
            }
        }
        if !links.y && x_digits != u32::MAX {
            chains.work.swap_reach();
        }
        *work = chains.work;
    }
    // Stable, as SE's sort is: ties keep the order found.
    all.sort_by(|a, b| {
        se_order(
            (a.difficulty, a.complexity, a.sort_key),
            (b.difficulty, b.complexity, b.sort_key),
        )
    });
    all
}

/// Every cycle and forcing chain from digit `digit` of `square`.
/// (`ends` says which searches can succeed; the others are skipped.)
fn search(
    chains: &mut Chains<'_>,
    square: usize,
    digit: u8,
    links: LinkKinds,
    ends: Ends,
    (cycle_limit, chain_limit): (usize, usize),
    all: &mut Vec<Ranked>,
) {
    chains.work.nodes.clear();
    let source = chains.add((on(square, digit), Cause::Start), None);
    let cycles = if ends.cycle {
        chains.cycles(source, links, cycle_limit)
    } else {
        Vec::new()
    };
    let mut targets = Vec::new();
    if links.x {
        if ends.from_on {
            chains.forcing(source, links, &mut targets, chain_limit);
        }
        if ends.from_off {
            let assumed_off = chains.add((off(square, digit), Cause::Start), None);
            chains.forcing(assumed_off, links, &mut targets, chain_limit);
        }
    }
    let (sort_key, cycle_base, chain_base) = grading(links);
    if chains.nested {
        for end in cycles {
            if !cycle_may_remove(chains, end) {
                continue;
            }
            let (_, removals) = cycle_removals(chains, end);
            if removals.is_empty() {
                continue;
            }
            // SE keeps them in a hash map by square: its order, each
            // square's digits in order.
            let mut puts: Vec<(usize, u32)> = Vec::new();
            for c in &removals {
                let s = c.square.index();
                match puts.iter_mut().find(|(t, _)| *t == s) {
                    Some(put) => put.1 |= 1 << c.digit,
                    None => puts.push((s, 1 << c.digit)),
                }
            }
            let removals = java_hash_map_order(puts)
                .into_iter()
                .flat_map(|(s, mask)| bits(mask).map(move |d| (s, d as u8)))
                .collect();
            let hint = nested_hint(chains, removals, &[end, usize::MAX]);
            all.push(rank_nested(hint, cycle_base, sort_key));
        }
        for target in targets {
            let p = chains.work.nodes[target].potential;
            let removals = if p.on {
                let others = chains
                    .state
                    .digits(p.square)
                    .without(Digits::single(p.digit));
                others.iter().map(|d| (p.square, d)).collect()
            } else {
                vec![(p.square, p.digit)]
            };
            let hint = nested_hint(chains, removals, &[target]);
            all.push(rank_nested(hint, chain_base, sort_key));
        }
        return;
    }
    for end in cycles {
        if let Some(step) = cycle_step(chains, end, links) {
            let complexity = chains.complexity(end);
            all.push(dress(step, cycle_base, complexity, sort_key));
        }
    }
    for target in targets {
        let step = forcing_step(chains, target, links);
        let complexity = chains.complexity(target);
        all.push(dress(step, chain_base, complexity, sort_key));
    }
}

/// How SE grades the steps of a search with `links`: its sort key, and
/// the base difficulty of a cycle and of a forcing chain.
fn grading(links: LinkKinds) -> (u8, f64, f64) {
    let base = |t: Technique| t.difficulty().value();
    match (links.x, links.y) {
        (true, true) => (4, base(Technique::Cycle), base(Technique::ForcingChain)),
        // (A search with Y-links only makes no forcing chains.)
        (false, true) => (3, base(Technique::YCycle), base(Technique::ForcingXChain)),
        _ => (2, base(Technique::XCycle), base(Technique::ForcingXChain)),
    }
}

/// Wraps a nested hint for sorting.
fn rank_nested(hint: NestedHint, base: f64, sort_key: u8) -> Ranked {
    Ranked {
        difficulty: base + length_bonus(hint.complexity),
        complexity: hint.complexity,
        sort_key,
        found: Find::Nested(hint),
    }
}

/// Sets the step's difficulty (base plus length bonus) and wraps it for
/// sorting.
fn dress(mut step: Step, base: f64, complexity: usize, sort_key: u8) -> Ranked {
    let difficulty = base + length_bonus(complexity);
    step.difficulty.0 = (difficulty * 10.0).round() as u16;
    Ranked {
        difficulty,
        complexity,
        sort_key,
        found: Find::Step(Box::new(step)),
    }
}
