//! Forcing chains and cycles: Sudoku Explainer's first chaining rule (6.5 to
//! 7.0, plus a bonus for long chains).
//!
//! A chain follows what one assumption forces. Two kinds of link are used:
//!
//! - **X-links** (one digit): when a digit is *on* in a square, it is off in
//!   its other places in the square's row, column and box (SE uses this
//!   step in every search); when it is *off*, and a unit has only one other
//!   place for it, it is on there.
//! - **Y-links** (one square): when a digit is on in a square, the square's
//!   other digits are off; when it is off, and the square has only two
//!   candidates, the other one is on.
//!
//! ```text
//!  an X-cycle on 5: A1=5 => A7<>5 => C9=5 => ... => A1<>5 => ... back to A1=5
//!  a square that sees two squares of the cycle holding 5, one "on" and one
//!  "off" whichever way the cycle turns, cannot be 5.
//! ```
//!
//! Two kinds of step come from chains:
//!
//! - **Bidirectional cycles**: a chain from `d` on in a square that comes
//!   back to it after four or more links is a loop of alternating on and off
//!   that holds both ways round. A square outside it that sees an "on" link
//!   of the digit both ways round loses that digit.
//! - **Forcing chains**: a chain from an assumption that reaches its own
//!   opposite: the assumption is false (a candidate removed, or, when the
//!   assumption was "off", the digit placed and the square's other
//!   candidates removed).
//!
//! # Sudoku Explainer's search, followed here
//!
//! SE looks for X-chains (X-links only), then Y-cycles (Y-links only), then
//! chains with both, each from every candidate of every square with two or
//! more candidates, in square order, then digit order. Each search spreads
//! out breadth first, on-links then off-links in turns, keeping the first
//! way each potential is reached. All steps found are then sorted by
//! difficulty, then by the chain's complexity (how many potentials it
//! holds), then X before Y before both, keeping the order found for ties;
//! the first is SE's step. The difficulty is 6.5 for an X- or Y-cycle, 6.6
//! for a forcing X-chain, 7.0 with both kinds of link, plus 0.1 for each
//! threshold 4, 6, 8, 12, 16, 24, ... (alternately times 3/2 and 4/3) that
//! the complexity minus 2 exceeds. SE adds those tenths as binary
//! floating-point numbers and compares the sums, so this file does too: two
//! steps that print as 6.7 may still be ordered by their last bit.
//!
//! These are facts about Sudoku Explainer 1.2.1 (SukakuExplainer's
//! `Chaining` rule), read for reference; the code is sudokit's own. Rows,
//! columns and boxes are linked, on every size; the rule is off for the
//! diagonal variant.

use crate::grid::Digits;
use crate::logic::bits::{at_most_one, bits};
use crate::logic::cache::Cache;
use crate::logic::chains::board::{Board, Marks};
use crate::logic::chains::digit_memo;
use crate::logic::chains::digit_memo::{DigitMemo, Rule};
use crate::logic::chains::potential::{off, on, Need, NestedHint, Potential};
use crate::logic::chains::reach::Reach;
use crate::logic::chains::se_order::{java_hash_map_order, length_bonus, se_order};
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{and_list, removal_text, Link, LinkReason, Step, Technique};
use crate::logic::units::{Cand, Linked};
use crate::shape::{Shape, Variant};
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// Forcing chains and bidirectional cycles.
pub struct ForcingChains;

/// Which rule made a link: the square's own candidates, or a unit's places
/// for the digit (the unit named).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    Start,
    Square,
    Unit(usize),
}

/// A potential reached by a chain, with the one it was reached from.
#[derive(Clone, Copy, Debug)]
struct Node {
    potential: Potential,
    parent: Option<usize>,
    cause: Cause,
}

/// Which searches from one candidate can succeed: the cycle search, and
/// the forcing chains from it on and from it off.
#[derive(Clone, Copy, Debug)]
struct Ends {
    cycle: bool,
    from_on: bool,
    from_off: bool,
}

/// Which links a search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LinkKinds {
    x: bool,
    y: bool,
}

/// One step found, with what SE sorts by.
struct Ranked {
    difficulty: f64,
    complexity: usize,
    sort_key: u8,
    found: Find,
}

/// What a search found: a step, or inside a dynamic chain what the outer
/// chain needs of it.
enum Find {
    Step(Step),
    Nested(NestedHint),
}

/// Which potentials a search has reached: a stamp per square, digit and
/// state, so that starting a new search is one increment, not a clear.
#[derive(Default)]
struct Reached {
    stamps: Vec<u32>,
    current: u32,
    side: usize,
}

impl Reached {
    /// Ready for a search on `shape`, reusing the table when it fits.
    fn reset(&mut self, shape: &Shape) {
        let side = shape.side() + 1;
        let len = shape.square_count() * side * 2;
        if self.stamps.len() != len {
            self.stamps.clear();
            self.stamps.resize(len, 0);
            self.current = 0;
        }
        self.side = side;
        self.clear();
    }

    /// Forgets every potential. (The scratch is kept from search to search,
    /// so over a long batch the stamp could wrap round to values still in
    /// the table: it starts again from a cleared one first.)
    fn clear(&mut self) {
        if self.current == u32::MAX {
            self.stamps.fill(0);
            self.current = 0;
        }
        self.current += 1;
    }

    /// True when `p` is marked.
    fn contains(&self, p: Potential) -> bool {
        self.stamps[p.candidate(self.side) * 2 + usize::from(p.on)] == self.current
    }

    /// Marks `p`; true when it was not marked before.
    fn insert(&mut self, p: Potential) -> bool {
        let i = p.candidate(self.side) * 2 + usize::from(p.on);
        if self.stamps[i] == self.current {
            return false;
        }
        self.stamps[i] = self.current;
        true
    }
}

/// The nodes of all chains of one search; a node's parent comes before it.
struct Chains<'a> {
    state: &'a dyn Marks,
    /// Whether steps get evidence and text.
    reasons: bool,
    /// Inside a dynamic chain (SE's nested levels): the search then gives
    /// [`NestedHint`]s instead of steps.
    nested: bool,
    work: Scratch,
    /// Table entries a square: the side, plus one (kept here: the grid is
    /// read through a trait object, and the searches need it per link).
    stride: usize,
}

/// The buffers of a search, kept between searches (a chain inside a
/// chain runs this search at every point where it runs dry, thousands of
/// times a step on the hardest puzzles).
#[derive(Default)]
pub(super) struct Scratch {
    nodes: Vec<Node>,
    to_on: Reached,
    to_off: Reached,
    /// The ancestors of the node a cycle search is following.
    above: Reached,
    /// What each potential, on, turns off.
    offs_of_on: LinkCache,
    /// What each potential, off, turns on.
    ons_of_off: LinkCache,
    /// Which potential reaches which, to skip the searches that would find
    /// nothing; its nodes are `potentials`, found by key in `node_of`.
    reach: Reach,
    potentials: Vec<Potential>,
    node_of: Vec<u32>,
    /// Whether `reach` is this graph's.
    reach_built: bool,
    /// When `reach` was last built with both kinds of link over every
    /// candidate: the grid, each square's candidates as bits (see
    /// [`shared_reach`]).
    reach_grid: Option<Vec<u32>>,
    /// The candidates whose chain from "on" reaches their "off" in this
    /// graph, as reach nodes (on, off): the only ones a cycle can remove
    /// (see [`Chains::ends`]).
    removable: Vec<(u32, u32)>,
    /// Whether every search is made, even where none can find anything
    /// (for the test that checks leaving them out changes nothing).
    every_search: bool,
    /// The queues of a search: nodes reached on, and off, not yet followed.
    pending: (VecDeque<usize>, VecDeque<usize>),
}

/// The potentials one potential leads to, worked out once each: for the
/// potential with key `k`, `buf[spans[k].0..spans[k].1]`.
#[derive(Default)]
struct LinkCache {
    spans: Vec<(u32, u32)>,
    buf: Vec<(Potential, Cause)>,
}

impl LinkCache {
    /// Forgets every potential's links, for `keys` potentials.
    fn reset(&mut self, keys: usize) {
        self.spans.clear();
        self.spans.resize(keys, (u32::MAX, 0));
        self.buf.clear();
    }

    fn get(&self, key: usize) -> Option<std::ops::Range<usize>> {
        let (start, end) = self.spans[key];
        (start != u32::MAX).then_some(start as usize..end as usize)
    }

    /// Keeps `buf[start..]` as what `key` leads to.
    fn keep(&mut self, key: usize, start: usize) -> std::ops::Range<usize> {
        self.spans[key] = (start as u32, self.buf.len() as u32);
        start..self.buf.len()
    }
}

impl<'a> Chains<'a> {
    /// A search over `state` with the buffers of `work`, its tables and
    /// caches emptied.
    fn fresh(state: &'a dyn Marks, reasons: bool, nested: bool, mut work: Scratch) -> Chains<'a> {
        let shape = state.geometry().shape;
        let stride = shape.side() + 1;
        let keys = shape.square_count() * stride;
        work.nodes.clear();
        work.to_on.reset(shape);
        work.to_off.reset(shape);
        work.above.reset(shape);
        work.offs_of_on.reset(keys);
        work.ons_of_off.reset(keys);
        work.reach_built = false;
        Chains {
            state,
            reasons,
            nested,
            work,
            stride,
        }
    }

    fn add(&mut self, (potential, cause): (Potential, Cause), parent: Option<usize>) -> usize {
        self.work.nodes.push(Node {
            potential,
            parent,
            cause,
        });
        self.work.nodes.len() - 1
    }

    /// The chain to `node` as links, from the assumption on.
    fn links(&self, node: usize) -> Vec<Link> {
        let geo = self.state.geometry();
        let mut out = Vec::new();
        let mut at = Some(node);
        while let Some(i) = at {
            let Node {
                potential: p,
                cause,
                parent,
            } = self.work.nodes[i];
            let (reason, unit) = match (cause, p.on) {
                (Cause::Start, _) => (LinkReason::Assumption, None),
                (Cause::Square, false) => (LinkReason::SameSquare, None),
                (Cause::Square, true) => (LinkReason::LastCandidate, None),
                (Cause::Unit(u), false) => (LinkReason::SameUnit, Some(geo.unit(u))),
                (Cause::Unit(u), true) => (LinkReason::LastPlace, Some(geo.unit(u))),
            };
            out.push(Link {
                square: geo.square(p.square),
                digit: p.digit,
                on: p.on,
                reason,
                unit,
            });
            at = parent;
        }
        out.reverse();
        out
    }

    /// The potentials from `node` back to the assumption, `node` first.
    fn chain(&self, node: usize) -> Vec<Potential> {
        let mut out = Vec::new();
        let mut at = Some(node);
        while let Some(i) = at {
            out.push(self.work.nodes[i].potential);
            at = self.work.nodes[i].parent;
        }
        out
    }

    /// Marks `node`'s ancestors (not `node`) in `above`, forgetting the
    /// ones marked before.
    fn mark_ancestors(&mut self, node: usize) {
        self.work.above.clear();
        let mut at = self.work.nodes[node].parent;
        while let Some(i) = at {
            self.work.above.insert(self.work.nodes[i].potential);
            at = self.work.nodes[i].parent;
        }
    }

    /// What `p` being on turns off: with Y-links the square's other digits,
    /// then the digit's other places in the square's box, row and column.
    /// (Worked out once per potential and kept: the grid does not change
    /// during a search.)
    fn on_to_off(&mut self, p: Potential, links: LinkKinds) -> std::ops::Range<usize> {
        let key = self.key(p);
        if let Some(range) = self.work.offs_of_on.get(key) {
            return range;
        }
        let Potential { square, digit, .. } = p;
        let state = self.state;
        let geo = state.geometry();
        let start = self.work.offs_of_on.buf.len();
        if links.y {
            for other in state.digits(square).iter().filter(|&d| d != digit) {
                self.work
                    .offs_of_on
                    .buf
                    .push((off(square, other), Cause::Square));
            }
        }
        // Each other place once: a place in the box comes from the box,
        // even when it shares the row or column too. With square links
        // alone (a cycle search, the only one), an "off" leads on only in
        // a square of two candidates: the others would end the chain there,
        // so they are left out.
        for link in geo.linked(square) {
            let squares = geo.squares(link.unit);
            for i in bits(state.places(link.unit, digit) & !link.before) {
                if !links.x && state.digits(squares[i]).len() != 2 {
                    continue;
                }
                let link = (off(squares[i], digit), Cause::Unit(link.unit));
                self.work.offs_of_on.buf.push(link);
            }
        }
        self.work.offs_of_on.keep(key, start)
    }

    /// What `p` being off turns on: with Y-links the square's other digit
    /// when it has two; with X-links the digit's one other place in the
    /// square's box, row or column (each place once). Kept like
    /// [`Chains::on_to_off`].
    fn off_to_on(&mut self, p: Potential, links: LinkKinds) -> std::ops::Range<usize> {
        let key = self.key(p);
        if let Some(range) = self.work.ons_of_off.get(key) {
            return range;
        }
        let Potential { square, digit, .. } = p;
        let state = self.state;
        let geo = state.geometry();
        let start = self.work.ons_of_off.buf.len();
        let cands = state.digits(square);
        if links.y && cands.len() == 2 {
            if let Some(d) = cands.without(Digits::single(digit)).iter().next() {
                self.work
                    .ons_of_off
                    .buf
                    .push((on(square, d), Cause::Square));
            }
        }
        if links.x {
            for &Linked { unit: u, here, .. } in geo.linked(square) {
                let others = state.places(u, digit) & !here;
                if others != 0 && at_most_one(others) {
                    let target = on(geo.squares(u)[others.trailing_zeros() as usize], digit);
                    if !self.work.ons_of_off.buf[start..]
                        .iter()
                        .any(|&(p, _)| p == target)
                    {
                        self.work.ons_of_off.buf.push((target, Cause::Unit(u)));
                    }
                }
            }
        }
        self.work.ons_of_off.keep(key, start)
    }

    /// A potential's place in the caches (its state is implied by which
    /// cache is asked).
    fn key(&self, p: Potential) -> usize {
        p.candidate(self.stride)
    }

    /// Works out which potential reaches which with `links` (see
    /// [`super::reach`]), over every candidate of the grid but those of the
    /// digits in `skip` (only for X-links alone, which never join two
    /// digits).
    fn build_reach(&mut self, links: LinkKinds, skip: u32) {
        let stride = self.stride;
        self.work.reach_grid = (links.x && links.y && skip == 0).then(|| grid_bits(self.state));
        let mut potentials = std::mem::take(&mut self.work.potentials);
        let mut node_of = std::mem::take(&mut self.work.node_of);
        let mut reach = std::mem::take(&mut self.work.reach);
        potentials.clear();
        node_of.clear();
        node_of.resize(self.work.offs_of_on.spans.len() * 2, u32::MAX);
        for square in 0..self.state.geometry().shape.square_count() {
            for digit in self.state.digits(square).iter() {
                if skip & (1 << digit) != 0 {
                    continue;
                }
                for p in [on(square, digit), off(square, digit)] {
                    node_of[p.candidate(stride) * 2 + usize::from(p.on)] = potentials.len() as u32;
                    potentials.push(p);
                }
            }
        }
        let state = self.state;
        let geo = state.geometry();
        // The links of [`Chains::on_to_off`] and [`Chains::off_to_on`], as
        // nodes (a link listed twice is harmless here).
        reach.build(potentials.len(), |v, out| {
            let Potential { square, digit, on } = potentials[v];
            let node = |s: usize, d: u8, on: bool| {
                node_of[(s * stride + usize::from(d)) * 2 + usize::from(on)]
            };
            let cands = state.digits(square);
            if on {
                if links.y {
                    out.extend(
                        cands
                            .iter()
                            .filter(|&d| d != digit)
                            .map(|d| node(square, d, false)),
                    );
                }
                for link in geo.linked(square) {
                    let squares = geo.squares(link.unit);
                    for i in bits(state.places(link.unit, digit) & !link.before) {
                        if links.x || state.digits(squares[i]).len() == 2 {
                            out.push(node(squares[i], digit, false));
                        }
                    }
                }
            } else {
                if links.y && cands.len() == 2 {
                    if let Some(d) = cands.without(Digits::single(digit)).iter().next() {
                        out.push(node(square, d, true));
                    }
                }
                if links.x {
                    for &Linked { unit: u, here, .. } in geo.linked(square) {
                        let others = state.places(u, digit) & !here;
                        if others != 0 && at_most_one(others) {
                            let s = geo.squares(u)[others.trailing_zeros() as usize];
                            out.push(node(s, digit, true));
                        }
                    }
                }
            }
        });
        // Each candidate's "on" and "off" are nodes v and v + 1.
        self.work.removable.clear();
        for v in (0..potentials.len() as u32).step_by(2) {
            if reach.reaches(v as usize, v as usize + 1) {
                self.work.removable.push((v, v + 1));
            }
        }
        self.work.potentials = potentials;
        self.work.node_of = node_of;
        self.work.reach = reach;
    }

    /// The reach with both kinds of link, as the passes with square links
    /// search with it: built unless this grid's is at hand (see
    /// [`shared_reach`]). (Building it keeps no links in the caches, which
    /// a pass fills with its own.)
    fn reach_of_both(&mut self) {
        if self.work.reach_grid.as_ref() != Some(&grid_bits(self.state)) {
            self.build_reach(LinkKinds { x: true, y: true }, 0);
        }
    }

    /// Whether a chain from `p` can reach `goal` (always true when the
    /// reach of this graph was not worked out). A search leaves out what
    /// cannot lead to its end: every potential on a way there is reached
    /// the same way and at the same depth without them, since whatever
    /// leads to a potential that reaches the end reaches it too.
    fn leads_to(&self, p: Potential, goal: Potential) -> bool {
        if !self.work.reach_built {
            return true;
        }
        let stride = self.stride;
        let node = |p: Potential| self.work.node_of[p.candidate(stride) * 2 + usize::from(p.on)];
        self.work
            .reach
            .reaches(node(p) as usize, node(goal) as usize)
    }

    /// Which searches from `digit` in `square` can find something.
    ///
    /// A cycle search needs a cycle through the assumption, and a cycle
    /// that removes something: a candidate `x` outside it that sees a
    /// square of the cycle where its digit is on (`a`) and one where it is
    /// off (`b`). Then `x` on turns `b` off, the cycle leads from there
    /// round to `a` on, and that turns `x` off: a chain from `x` on reaches
    /// `x` off through the cycle, so through the assumption. The search is
    /// made only when some candidate whose chain from "on" reaches its
    /// "off" reaches the assumption and is reached from it (most searches
    /// of a grid with no forcing chain are left out this way).
    fn ends(&self, square: usize, digit: u8, links: LinkKinds) -> Ends {
        let stride = self.stride;
        let node = |p: Potential| self.work.node_of[p.candidate(stride) * 2 + usize::from(p.on)];
        let (a, b) = (
            node(on(square, digit)) as usize,
            node(off(square, digit)) as usize,
        );
        let reach = &self.work.reach;
        let through = |&(on_x, off_x): &(u32, u32)| {
            reach.reaches(on_x as usize, a) && reach.reaches(a, off_x as usize)
        };
        Ends {
            cycle: reach.on_cycle(a)
                && (self.work.every_search || self.work.removable.iter().any(through)),
            from_on: links.x && reach.reaches(a, b),
            from_off: links.x && reach.reaches(b, a),
        }
    }

    /// SE's cycle search from `source` (on): the chains that come back to
    /// it after four or more links.
    /// A cycle of `length` links holds `length` potentials, so the search
    /// stops before links past `limit`, where no cycle can win.
    fn cycles(&mut self, source: usize, links: LinkKinds, limit: usize) -> Vec<usize> {
        let source_p = self.work.nodes[source].potential;
        self.work.to_on.clear();
        self.work.to_on.insert(source_p);
        let (mut pending_on, mut pending_off) = std::mem::take(&mut self.work.pending);
        pending_on.clear();
        pending_off.clear();
        pending_on.push_back(source);
        let mut cycles = Vec::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            // An "on" layer, then an "off" one: the cycle closes on the
            // second, so a pair that cannot close within `limit` is skipped.
            if length + 2 > limit {
                break;
            }
            length += 1;
            while let Some(p) = pending_on.pop_front() {
                self.mark_ancestors(p);
                for i in self.on_to_off(self.work.nodes[p].potential, links) {
                    let link = self.work.offs_of_on.buf[i];
                    // Not back along the chain; an off reached twice is
                    // followed both times (SE's cycle search does so).
                    if !self.work.above.contains(link.0) && self.leads_to(link.0, source_p) {
                        pending_off.push_back(self.add(link, Some(p)));
                    }
                }
            }
            length += 1;
            while let Some(p) = pending_off.pop_front() {
                for i in self.off_to_on(self.work.nodes[p].potential, links) {
                    let link = self.work.ons_of_off.buf[i];
                    if !self.leads_to(link.0, source_p) {
                        continue;
                    }
                    let closes = length >= 4 && link.0 == source_p;
                    let new = self.work.to_on.insert(link.0);
                    if closes || new {
                        let node = self.add(link, Some(p));
                        if closes {
                            cycles.push(node);
                        }
                        if new {
                            pending_on.push_back(node);
                        }
                    }
                }
            }
        }
        self.work.pending = (pending_on, pending_off);
        cycles
    }

    /// SE's forcing-chain search from `source`: the chains that reach its
    /// opposite, first found per target. SE runs it only when X-links are
    /// on (a forcing chain of Y-links alone cannot close).
    ///
    /// A chain whose target is `depth` links from the assumption holds
    /// `depth + 1` potentials, so the search stops before chains longer
    /// than `limit` potentials, where none can win.
    fn forcing(&mut self, source: usize, links: LinkKinds, targets: &mut Vec<usize>, limit: usize) {
        let mut pending = std::mem::take(&mut self.work.pending);
        pending.0.clear();
        pending.1.clear();
        self.forcing_with(source, links, targets, limit, &mut pending);
        self.work.pending = pending;
    }

    /// [`Chains::forcing`] with its queues (on, off).
    fn forcing_with(
        &mut self,
        source: usize,
        links: LinkKinds,
        targets: &mut Vec<usize>,
        limit: usize,
        (pending_on, pending_off): &mut (VecDeque<usize>, VecDeque<usize>),
    ) {
        let source_p = self.work.nodes[source].potential;
        self.work.to_on.clear();
        self.work.to_off.clear();
        if source_p.on {
            self.work.to_on.insert(source_p);
            pending_on.push_back(source);
        } else {
            self.work.to_off.insert(source_p);
            pending_off.push_back(source);
        }
        // One assumption has one opposite, so the first time it is reached
        // is the only target; SE searches on to the end, which finds nothing
        // more, so the search stops there.
        let before = targets.len();
        // Breadth first: one queue holds the layer at `depth`, and what it
        // reaches goes to the other.
        let mut depth = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if !pending_on.is_empty() {
                if depth + 2 > limit {
                    return;
                }
                depth += 1;
            }
            while let Some(p) = pending_on.pop_front() {
                for i in self.on_to_off(self.work.nodes[p].potential, links) {
                    let link = self.work.offs_of_on.buf[i];
                    self.reach(source_p, link, p, targets, pending_off);
                    if targets.len() > before {
                        return;
                    }
                }
            }
            if !pending_off.is_empty() {
                if depth + 2 > limit {
                    return;
                }
                depth += 1;
            }
            while let Some(p) = pending_off.pop_front() {
                for i in self.off_to_on(self.work.nodes[p].potential, links) {
                    let link = self.work.ons_of_off.buf[i];
                    self.reach(source_p, link, p, targets, pending_on);
                    if targets.len() > before {
                        return;
                    }
                }
            }
        }
    }

    /// A forcing-chain search reaches `link`'s potential from node `from`:
    /// keep it as a target when it is the opposite of the assumption (once
    /// per target), and follow it when it is new.
    fn reach(
        &mut self,
        source: Potential,
        link: (Potential, Cause),
        from: usize,
        targets: &mut Vec<usize>,
        pending: &mut VecDeque<usize>,
    ) {
        let potential = link.0;
        let goal = Potential {
            on: !source.on,
            ..source
        };
        if !self.leads_to(potential, goal) {
            return;
        }
        let opposite = Potential {
            on: !potential.on,
            ..potential
        };
        let target = opposite == source
            && !targets
                .iter()
                .any(|&t| self.work.nodes[t].potential == potential);
        let reached = if potential.on {
            &mut self.work.to_on
        } else {
            &mut self.work.to_off
        };
        let new = reached.insert(potential);
        if target || new {
            let node = self.add(link, Some(from));
            if target {
                targets.push(node);
            }
            if new {
                pending.push_back(node);
            }
        }
    }

    /// How many different potentials the chain to `node` holds (SE's
    /// complexity for a chain without nested chains).
    fn complexity(&self, node: usize) -> usize {
        let mut seen: Vec<Potential> = Vec::new();
        for p in self.chain(node) {
            if !seen.contains(&p) {
                seen.push(p);
            }
        }
        seen.len()
    }
}

impl Finder for ForcingChains {
    fn min_difficulty(&self) -> u16 {
        Technique::XCycle.difficulty().0
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        if state.shape().variant() == Variant::Diagonal {
            return ControlFlow::Continue(());
        }
        let all = with_parts(cache, |work, barren| {
            ranked(state, state.reasons(), false, work, barren, false)
        });
        for f in all {
            if let Find::Step(step) = f.found {
                found(step)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The steps come easiest first (SE's order), so the easiest is the
    /// first.
    fn easiest(&self, state: &State, cache: &mut Cache) -> Option<Step> {
        self.first(state, cache)
    }

    fn first(&self, state: &State, cache: &mut Cache) -> Option<Step> {
        if state.shape().variant() == Variant::Diagonal {
            return None;
        }
        let all = with_parts(cache, |work, barren| {
            ranked(state, state.reasons(), false, work, barren, true)
        });
        all.into_iter().find_map(|f| match f.found {
            Find::Step(step) => Some(step),
            Find::Nested(_) => None,
        })
    }
}

/// Each square's candidates as bits: the grid a reach was built on.
fn grid_bits(marks: &dyn Marks) -> Vec<u32> {
    let count = marks.geometry().shape.square_count();
    (0..count).map(|s| marks.digits(s).bits()).collect()
}

/// Which cells and regions of `marks` may give a multiple forcing chain
/// step (see [`super::dynamic`]): a bit per square whose chains from each
/// candidate on, static and with both kinds of link, all reach a same
/// potential that would be a step (an "off", or an "on" in a square of two
/// candidates or more); per unit, a bit per digit whose places do so.
///
/// Those chains follow the links of this file's search with both kinds of
/// link, so what each reaches is within its row of that graph's reach
/// (within, not equal: a chain stops at a contradiction). Where the rows
/// share no such potential, the chains share none. A rater runs the
/// multiple forcing chains only where the forcing chains found nothing,
/// after their pass with both kinds of link on the same grid: its reach is
/// at hand in the buffers `work` of the forcing chains run there first (the
/// caller's cache's, or for a search inside a chain the chain's). It is
/// built here only when it is not.
pub(super) fn shared_reach(marks: &dyn Marks, work: &mut Scratch) -> (u128, Vec<u32>) {
    let geo = marks.geometry();
    let count = geo.shape.square_count();
    let mut chains = Chains::fresh(marks, false, false, std::mem::take(work));
    chains.reach_of_both();
    *work = chains.work;
    let stride = geo.shape.side() + 1;
    let node = |s: usize, d: u8| work.node_of[on(s, d).candidate(stride) * 2 + 1] as usize;
    let reach = &work.reach;
    let words = reach.words();
    // The potentials that would be steps, by reach node.
    let mut steps = vec![0u64; words];
    for (v, p) in work.potentials.iter().enumerate() {
        if !p.on || marks.digits(p.square).len() >= 2 {
            steps[v / 64] |= 1 << (v % 64);
        }
    }
    let mut meet = vec![0u64; words];
    let mut share = |starts: &mut dyn Iterator<Item = usize>| {
        meet.copy_from_slice(&steps);
        for v in starts {
            for (m, &r) in meet.iter_mut().zip(reach.row(v)) {
                *m &= r;
            }
        }
        meet.iter().any(|&m| m != 0)
    };
    let mut cells = 0u128;
    for s in 0..count {
        let digits = marks.digits(s);
        if digits.len() >= 2 && share(&mut digits.iter().map(|d| node(s, d))) {
            cells |= 1 << s;
        }
    }
    let units = geo.shape.units();
    let mut regions = vec![0u32; units.len()];
    for (u, squares) in units.iter().enumerate() {
        for d in 1..=geo.shape.side() as u8 {
            let places = marks.places(u, d);
            if at_most_one(places) {
                continue;
            }
            if share(&mut bits(places).map(|i| node(squares[i], d))) {
                regions[u] |= 1 << d;
            }
        }
    }
    (cells, regions)
}

/// Runs `work` with the search buffers and the barren digits kept in
/// `cache`: a rater runs the search at most steps of a hard puzzle, and
/// growing its tables anew each time costs more than some searches.
fn with_parts<T>(cache: &mut Cache, work: impl FnOnce(&mut Scratch, &mut DigitMemo) -> T) -> T {
    let mut barren = std::mem::take(cache.part::<DigitMemo>());
    let out = work(cache.part::<Scratch>(), &mut barren);
    *cache.part::<DigitMemo>() = barren;
    out
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
fn ranked(
    marks: &dyn Marks,
    reasons: bool,
    nested: bool,
    work: &mut Scratch,
    barren: &mut DigitMemo,
    first_only: bool,
) -> Vec<Ranked> {
    let shape = marks.geometry().shape;
    let mut all: Vec<Ranked> = Vec::new();
    let mut leader = Leader::default();
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
            if barren.is_barren(Rule::XChains, p) {
                skip |= 1 << p.0;
            }
        }
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
            chains.build_reach(links, skip);
        }
        chains.work.reach_built = true;
        // A filled square has no candidates.
        for square in 0..shape.square_count() {
            let cands = marks.digits(square);
            if cands.len() < 2 || (!links.x && cands.len() > 2) {
                continue;
            }
            for digit in cands.iter().filter(|&d| skip & (1 << d) == 0) {
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
                barren.keep_barren(Rule::XChains, p);
            }
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

/// SE's forcing chains and cycles rule run inside a dynamic chain (nested
/// levels 2 and up): its hints on the working `board`, SE's first first,
/// each once (a hint that removes what an earlier one removes is dropped,
/// as SE's set of hints drops it).
pub(super) fn nested_chains(
    board: &Board,
    work: &mut Scratch,
    barren: &mut DigitMemo,
) -> Vec<NestedHint> {
    let all = ranked(board, false, true, work, barren, false);
    let mut out: Vec<NestedHint> = Vec::new();
    let mut seen: Vec<Vec<(usize, u8)>> = Vec::new();
    for f in all {
        if let Find::Nested(hint) = f.found {
            let mut set = hint.removals.clone();
            set.sort_unstable();
            if !seen.contains(&set) {
                seen.push(set);
                out.push(hint);
            }
        }
    }
    out
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

/// The nested hint of a forcing chain (`ends` = its target) or a cycle
/// (`ends` = its end, then `usize::MAX` for the same loop walked the other
/// way round, as SE walks both): what its rule parents come from,
/// complexity and key.
fn nested_hint(chains: &Chains<'_>, removals: Vec<(usize, u8)>, ends: &[usize]) -> NestedHint {
    let end = ends[0];
    // The chain from the end back to the assumption; a cycle's last
    // potential is its first again and is not repeated.
    let forward = chains.chain(end);
    let cycle = ends.len() == 2;
    let mut walks: Vec<Vec<(Potential, Cause)>> = Vec::new();
    let mut causes = Vec::new();
    let mut at = Some(end);
    while let Some(i) = at {
        causes.push(chains.work.nodes[i].cause);
        at = chains.work.nodes[i].parent;
    }
    let mut first: Vec<(Potential, Cause)> = forward
        .iter()
        .copied()
        .zip(causes.iter().copied())
        .collect();
    if cycle {
        first.pop();
    }
    walks.push(first);
    if cycle {
        // SE's reversed cycle: the same potentials from the assumption on,
        // each flipped, each keeping its own cause; the last (the end,
        // flipped) equals the first and is left out.
        let mut back: Vec<(Potential, Cause)> = forward
            .iter()
            .zip(&causes)
            .rev()
            .map(|(p, &c)| (Potential { on: !p.on, ..*p }, c))
            .collect();
        back.pop();
        walks.push(back);
    }
    let mut needs: Vec<Need> = Vec::new();
    let mut key = Vec::new();
    for walk in &walks {
        for &(p, cause) in walk {
            key.push(p);
            if !p.on {
                continue;
            }
            // An "on" from a square's last candidate or a unit's last place
            // relies on what the outer chain struck there.
            let need = match cause {
                Cause::Start => continue,
                Cause::Square => Need::Square(p.square),
                Cause::Unit(u) => Need::Unit(u, p.digit),
            };
            if !needs.contains(&need) {
                needs.push(need);
            }
        }
        key.push(Potential {
            square: usize::MAX,
            digit: 0,
            on: false,
        });
    }
    NestedHint {
        removals,
        needs,
        complexity: chains.complexity(end),
        key,
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
        found: Find::Step(step),
    }
}

/// The chain as text: `A1=5 -> A7<>5 -> ...`, from the assumption on.
fn chain_text(chains: &Chains<'_>, end: usize) -> String {
    let geo = chains.state.geometry();
    let mut links: Vec<String> = chains
        .chain(end)
        .iter()
        .map(|p| {
            let sign = if p.on { "=" } else { "<>" };
            format!("{}{sign}{}", geo.square(p.square), p.digit)
        })
        .collect();
    links.reverse();
    links.join(" -> ")
}

/// The squares of the cycle ending at `end`, and what it removes, in the
/// order SE finds them: squares outside it that see a square of the cycle
/// where the digit is on one way round and another where it is on the
/// other way round lose that digit.
fn cycle_removals(chains: &mut Chains<'_>, end: usize) -> (Vec<usize>, Vec<Cand>) {
    let state = chains.state;
    let geo = state.geometry();
    let chain = chains.chain(end);
    // The last potential is the assumption itself, the same as the first.
    let links_of_cycle = &chain[..chain.len() - 1];
    // The search is over, so its tables are free: the cycle's squares are
    // marked in one (as digit 0, "off"), and in another each candidate
    // outside the cycle that sees a potential of it, with that potential's
    // state: "on" one way round, "off" the other.
    let inside = &mut chains.work.to_off;
    inside.clear();
    let mut squares: Vec<usize> = Vec::new();
    for p in links_of_cycle {
        if inside.insert(off(p.square, 0)) {
            squares.push(p.square);
        }
    }
    let sides = &mut chains.work.above;
    sides.clear();
    let mut forward: Vec<Cand> = Vec::new();
    for p in links_of_cycle {
        for &s in geo.peers(p.square) {
            if inside.contains(off(s, 0)) || !state.digits(s).contains(p.digit) {
                continue;
            }
            let seen = Potential { square: s, ..*p };
            if sides.insert(seen) && p.on {
                forward.push(geo.cand(s, p.digit));
            }
        }
    }
    let eliminations = forward
        .into_iter()
        .filter(|c| sides.contains(off(c.square.index(), c.digit)))
        .collect();
    (squares, eliminations)
}

/// Whether the cycle ending at `end` may remove anything (what
/// [`cycle_removals`] works out, as sets of squares: most cycles a search
/// finds remove nothing): a square outside it that holds a digit and sees
/// a square of the cycle where the digit is on and one where it is off.
/// Always true on grids of more than 128 squares or 16 digits.
fn cycle_may_remove(chains: &Chains<'_>, end: usize) -> bool {
    let state = chains.state;
    let geo = state.geometry();
    if geo.shape.side() > 16 {
        return true;
    }
    let nodes = &chains.work.nodes;
    let mut inside = 0u128;
    // Per digit, the squares that see it on, and off, in the cycle.
    let mut sides = [(0u128, 0u128); 17];
    let mut digits = 0u32;
    // `end` is the assumption again: each potential of the cycle once.
    let mut at = nodes[end].parent;
    while let Some(i) = at {
        let p = nodes[i].potential;
        inside |= 1 << p.square;
        let Some(seen) = geo.peer_bits(p.square) else {
            return true;
        };
        let side = &mut sides[usize::from(p.digit)];
        if p.on {
            side.0 |= seen;
        } else {
            side.1 |= seen;
        }
        digits |= 1 << p.digit;
        at = nodes[i].parent;
    }
    bits(digits).any(|d| {
        let (seen_on, seen_off) = sides[d];
        let mut both = seen_on & seen_off & !inside;
        while both != 0 {
            let s = both.trailing_zeros() as usize;
            both &= both - 1;
            if state.digits(s).contains(d as u8) {
                return true;
            }
        }
        false
    })
}

/// The step of a cycle ending at `end`: squares outside it that see a
/// square of the cycle where the digit is on one way round and another
/// where it is on the other way round lose that digit.
fn cycle_step(chains: &mut Chains<'_>, end: usize, links: LinkKinds) -> Option<Step> {
    let may_remove = cycle_may_remove(chains, end);
    debug_assert!(may_remove || cycle_removals(chains, end).1.is_empty());
    if !may_remove {
        return None;
    }
    let geo = chains.state.geometry();
    let chain = chains.chain(end);
    let links_of_cycle = &chain[..chain.len() - 1];
    let (squares, mut eliminations) = cycle_removals(chains, end);
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort();
    let technique = match (links.x, links.y) {
        (true, true) => Technique::Cycle,
        (false, true) => Technique::YCycle,
        _ => Technique::XCycle,
    };
    let mut step = Step::new(technique, technique.difficulty().0);
    if chains.reasons {
        let names: Vec<_> = squares.iter().map(|&s| geo.square(s)).collect();
        step.evidence.squares = names.clone();
        step.evidence.candidates = links_of_cycle
            .iter()
            .map(|p| geo.cand(p.square, p.digit))
            .collect();
        step.evidence.chain = chains.links(end);
        step.text = format!(
            "{} through {}: {}; either way round, {}",
            technique.name(),
            and_list(&names),
            chain_text(chains, end),
            removal_text(&eliminations)
        );
    }
    step.eliminations = eliminations;
    Some(step)
}

/// The step of a forcing chain that reaches `target`, the opposite of its
/// assumption: the assumption is false.
fn forcing_step(chains: &Chains<'_>, target: usize, links: LinkKinds) -> Step {
    let state = chains.state;
    let geo = state.geometry();
    let p = chains.work.nodes[target].potential;
    let eliminations: Vec<Cand> = if p.on {
        // Assuming the digit off forces it on: the square's other digits go,
        // and, as in SE, the digit is placed.
        geo.cands(
            p.square,
            state.digits(p.square).without(Digits::single(p.digit)),
        )
        .collect()
    } else {
        vec![geo.cand(p.square, p.digit)]
    };
    let technique = if links.y {
        Technique::ForcingChain
    } else {
        Technique::ForcingXChain
    };
    let mut step = Step::new(technique, technique.difficulty().0);
    if chains.reasons {
        let square = geo.square(p.square);
        step.evidence.squares = vec![square];
        step.evidence.candidates = chains
            .chain(target)
            .iter()
            .map(|q| geo.cand(q.square, q.digit))
            .collect();
        step.evidence.chain = chains.links(target);
        let d = p.digit;
        let (assumption, conclusion) = if p.on {
            (format!("{square}<>{d}"), format!("{square} is {d}"))
        } else {
            (format!("{square}={d}"), removal_text(&eliminations))
        };
        step.text = format!(
            "{}: if {assumption}, then {}, which contradicts it; so {conclusion}",
            technique.name(),
            chain_text(chains, target),
        );
    }
    step.eliminations = eliminations;
    if p.on {
        step.placements.push(geo.cand(p.square, p.digit));
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two hard puzzles whose SE paths the tests walk: their paths take
    /// many chains, long ones among them.
    const HARD: [&str; 2] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    ];
    #[test]
    fn x_chains_leave_out_the_digits_whose_pattern_found_nothing_and_find_the_same() {
        let x_steps = [Technique::ForcingXChain, Technique::XCycle];
        digit_memo::check::barren_digits(Rule::XChains, &ForcingChains, &x_steps);
    }

    #[test]
    fn a_stamp_table_forgets_everything_when_its_count_wraps_round() {
        let mut reached = Reached::default();
        reached.reset(Shape::standard());
        let p = on(10, 4);
        assert!(reached.insert(p) && reached.contains(p));
        // Just short of the end of the count, with p marked at stamp 1.
        reached.current = u32::MAX;
        reached.clear();
        assert_eq!(reached.current, 1);
        assert!(!reached.contains(p), "an old mark must not come back");
        assert!(reached.insert(p) && !reached.insert(p));
    }

    /// The quick test of a cycle says it removes something exactly when
    /// its removals, worked out in full, are not empty: on every cycle
    /// from every candidate, with each kind of link, along the paths of
    /// two hard puzzles.
    #[test]
    fn the_quick_test_of_a_cycle_agrees_with_its_removals() {
        let (mut removing, mut idle) = (0, 0);
        for puzzle in HARD {
            for state in crate::logic::solver::se_path_states(puzzle) {
                for (x, y) in [(true, false), (false, true), (true, true)] {
                    let links = LinkKinds { x, y };
                    let mut chains = Chains::fresh(&state, false, false, Scratch::default());
                    for square in 0..81 {
                        for digit in state.digits(square).iter() {
                            chains.work.nodes.clear();
                            let source = chains.add((on(square, digit), Cause::Start), None);
                            for end in chains.cycles(source, links, usize::MAX) {
                                let removes = !cycle_removals(&mut chains, end).1.is_empty();
                                assert_eq!(cycle_may_remove(&chains, end), removes);
                                removing += usize::from(removes);
                                idle += usize::from(!removes);
                            }
                        }
                    }
                }
            }
        }
        assert!(removing > 0 && idle > removing, "{removing} {idle}");
    }

    /// Where [`Chains::ends`] leaves a cycle search out, every cycle that
    /// search finds removes nothing; and leaving them out changes no step
    /// or nested hint, with and without limits.
    #[test]
    fn the_cycle_searches_left_out_find_no_cycle_that_removes_anything() {
        let (mut left_out, mut cycles) = (0, 0);
        let mut compared = 0;
        for puzzle in HARD {
            for state in crate::logic::solver::se_path_states(puzzle) {
                for (x, y) in [(true, false), (false, true), (true, true)] {
                    let links = LinkKinds { x, y };
                    let mut chains = Chains::fresh(&state, false, false, Scratch::default());
                    match y {
                        true => chains.reach_of_both(),
                        false => chains.build_reach(links, 0),
                    }
                    chains.work.reach_built = true;
                    for square in 0..81 {
                        for digit in state.digits(square).iter() {
                            let kept = chains.ends(square, digit, links).cycle;
                            chains.work.every_search = true;
                            let all = chains.ends(square, digit, links).cycle;
                            chains.work.every_search = false;
                            assert!(kept <= all);
                            if kept || !all {
                                continue;
                            }
                            left_out += 1;
                            chains.work.nodes.clear();
                            let source = chains.add((on(square, digit), Cause::Start), None);
                            for end in chains.cycles(source, links, usize::MAX) {
                                assert!(cycle_removals(&mut chains, end).1.is_empty());
                                cycles += 1;
                            }
                        }
                    }
                }
                for (nested, first_only) in [(false, false), (false, true), (true, false)] {
                    let found: Vec<Vec<String>> = [true, false]
                        .into_iter()
                        .map(|every_search| {
                            let mut work = Scratch {
                                every_search,
                                ..Scratch::default()
                            };
                            let barren = &mut DigitMemo::default();
                            let all = ranked(&state, false, nested, &mut work, barren, first_only);
                            let shown = all.iter().map(|f| match &f.found {
                                Find::Step(step) => format!("{:?}", step.eliminations),
                                Find::Nested(hint) => format!("{:?}", hint.removals),
                            });
                            let key = all.iter().map(|f| (f.difficulty, f.complexity, f.sort_key));
                            shown.zip(key).map(|(a, b)| format!("{a} {b:?}")).collect()
                        })
                        .collect();
                    assert_eq!(
                        found[0], found[1],
                        "nested {nested}, first only {first_only}"
                    );
                    compared += found[0].len();
                }
            }
        }
        // Many searches are left out, and they find cycles, all idle.
        assert!(
            left_out > 1000 && cycles > 100 && compared > 100,
            "{left_out} {cycles} {compared}"
        );
    }

    /// Each pass follows its own links, though the passes with square links
    /// search with the reach of both kinds (whose building keeps both kinds
    /// for each potential): an X-cycle has no square link, a Y-cycle no
    /// link through a unit's last place.
    #[test]
    fn each_pass_follows_only_its_own_links() {
        let (mut x, mut y) = (0, 0);
        for puzzle in HARD {
            for state in crate::logic::solver::se_path_states(puzzle) {
                let all = ranked(
                    &state,
                    true,
                    false,
                    &mut Scratch::default(),
                    &mut DigitMemo::default(),
                    false,
                );
                for f in all {
                    let Find::Step(step) = f.found else {
                        continue;
                    };
                    let reasons = step.evidence.chain.iter().map(|l| l.reason);
                    match step.technique {
                        Technique::XCycle | Technique::ForcingXChain => {
                            let square = [LinkReason::SameSquare, LinkReason::LastCandidate];
                            assert!(
                                reasons.clone().all(|r| !square.contains(&r)),
                                "{}",
                                step.text
                            );
                            x += 1;
                        }
                        Technique::YCycle => {
                            assert!(
                                reasons.clone().all(|r| r != LinkReason::LastPlace),
                                "{}",
                                step.text
                            );
                            y += 1;
                        }
                        _ => {}
                    }
                }
            }
        }
        assert!(x > 10 && y > 10, "{x} {y}");
    }

    /// The reach is built from its own list of links: every link a search
    /// follows must be in it, or the searches would leave out chains.
    #[test]
    fn the_reach_holds_every_link_a_search_follows() {
        let mut links_seen = 0;
        for puzzle in HARD {
            for state in crate::logic::solver::se_path_states(puzzle)
                .iter()
                .step_by(4)
            {
                for (x, y) in [(true, false), (false, true), (true, true)] {
                    let links = LinkKinds { x, y };
                    let mut chains = Chains::fresh(state, false, false, Scratch::default());
                    chains.build_reach(links, 0);
                    let stride = chains.stride;
                    let node = |c: &Chains<'_>, p: Potential| {
                        c.work.node_of[p.candidate(stride) * 2 + usize::from(p.on)] as usize
                    };
                    for v in 0..chains.work.potentials.len() {
                        let p = chains.work.potentials[v];
                        let (range, on) = match p.on {
                            true => (chains.on_to_off(p, links), true),
                            false => (chains.off_to_on(p, links), false),
                        };
                        let cache = match on {
                            true => &chains.work.offs_of_on,
                            false => &chains.work.ons_of_off,
                        };
                        for &(q, _) in &cache.buf[range] {
                            assert!(
                                chains.work.reach.reaches(v, node(&chains, q)),
                                "{p:?} -> {q:?}"
                            );
                            links_seen += 1;
                        }
                    }
                }
            }
        }
        assert!(links_seen > 10_000, "{links_seen}");
    }

    #[test]
    fn the_length_bonus_grows_by_thresholds() {
        // Complexity minus 2 against 4, 6, 8, 12, 16, 24, ...
        let tenths = |c| (length_bonus(c) * 10.0).round() as u32;
        assert_eq!(tenths(6), 0);
        assert_eq!(tenths(7), 1);
        assert_eq!(tenths(8), 1);
        assert_eq!(tenths(9), 2);
        assert_eq!(tenths(10), 2);
        assert_eq!(tenths(11), 3);
        assert_eq!(tenths(14), 3);
        assert_eq!(tenths(15), 4);
        assert_eq!(tenths(19), 5);
        // Added as binary fractions: three tenths are not 0.3.
        assert_ne!(length_bonus(11), 0.3);
    }
}
