//! The state of a search and the links it follows: the nodes of its
//! chains ([`Chains`]), the buffers kept from search to search
//! ([`Scratch`]), the stamps of what it has reached, and what each
//! potential turns on or off by the X- and Y-links of the grid.

use crate::grid::Digits;
use crate::logic::bits::{at_most_one, bits};
use crate::logic::chains::board::PencilMarks;
use crate::logic::chains::potential::{off, on, Potential};
use crate::logic::chains::reach::Reach;
use crate::logic::step::{Link, LinkReason};
use crate::logic::units::Linked;
use crate::shape::Shape;
use std::collections::VecDeque;

/// Which rule made a link: the square's own candidates, or a unit's places
/// for the digit (the unit named).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cause {
    Start,
    Square,
    Unit(usize),
}

/// A potential reached by a chain, with the one it was reached from.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) potential: Potential,
    pub(super) parent: Option<usize>,
    pub(super) cause: Cause,
}

/// Which links a search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LinkKinds {
    pub(super) x: bool,
    pub(super) y: bool,
}

/// Which potentials a search has reached: a stamp per square, digit and
/// state, so that starting a new search is one increment, not a clear.
#[derive(Default)]
pub(super) struct Reached {
    stamps: Vec<u32>,
    pub(super) current: u32,
    side: usize,
}

impl Reached {
    /// Ready for a search on `shape`, reusing the table when it fits.
    pub(super) fn reset(&mut self, shape: &Shape) {
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
    pub(super) fn clear(&mut self) {
        if self.current == u32::MAX {
            self.stamps.fill(0);
            self.current = 0;
        }
        self.current += 1;
    }

    /// True when `p` is marked.
    pub(super) fn contains(&self, p: Potential) -> bool {
        self.stamps[p.candidate(self.side) * 2 + usize::from(p.on)] == self.current
    }

    /// Marks `p`; true when it was not marked before.
    pub(super) fn insert(&mut self, p: Potential) -> bool {
        let i = p.candidate(self.side) * 2 + usize::from(p.on);
        if self.stamps[i] == self.current {
            return false;
        }
        self.stamps[i] = self.current;
        true
    }
}

/// The nodes of all chains of one search; a node's parent comes before it.
pub(super) struct Chains<'a> {
    pub(super) state: &'a dyn PencilMarks,
    /// Whether steps get evidence and text.
    pub(super) reasons: bool,
    /// Inside a dynamic chain (SE's nested levels): the search then gives
    /// [`NestedHint`](crate::logic::chains::potential::NestedHint)s instead
    /// of steps.
    pub(super) nested: bool,
    pub(super) work: Scratch,
    /// Table entries a square: the side, plus one (kept here: the grid is
    /// read through a trait object, and the searches need it per link).
    pub(super) stride: usize,
}

/// The buffers of a search, kept between searches (a chain inside a
/// chain runs this search at every point where it runs dry, thousands of
/// times a step on the hardest puzzles).
#[derive(Default)]
pub(in crate::logic::chains) struct Scratch {
    pub(super) nodes: Vec<Node>,
    pub(super) to_on: Reached,
    pub(super) to_off: Reached,
    /// The ancestors of the node a cycle search is following.
    pub(super) above: Reached,
    /// What each potential, on, turns off.
    pub(super) offs_of_on: LinkCache,
    /// What each potential, off, turns on.
    pub(super) ons_of_off: LinkCache,
    /// Which potential reaches which, to skip the searches that would find
    /// nothing; its nodes are `potentials`, found by key in `node_of`.
    pub(super) reach: Reach,
    pub(super) potentials: Vec<Potential>,
    pub(super) node_of: Vec<u32>,
    /// Whether `reach` is this graph's.
    pub(super) reach_built: bool,
    /// When `reach` was last built with both kinds of link over every
    /// candidate: the grid, each square's candidates as bits (see
    /// [`shared_reach`](super::graph::shared_reach)).
    pub(super) reach_grid: Option<Vec<u32>>,
    /// The grid as the reach was last built from it: each square's
    /// candidates, and each unit's places of each digit (`stride` a unit).
    pub(super) grid_cands: Vec<u32>,
    pub(super) grid_places: Vec<u32>,
    /// The candidates whose chain from "on" reaches their "off" in this
    /// graph, as reach nodes (on, off): the only ones a cycle can remove
    /// (see [`Chains::ends`]).
    pub(super) removable: Vec<(u32, u32)>,
    /// A reach set aside while another is built in these buffers (see
    /// [`Scratch::swap_reach`]).
    pub(super) aside: BuiltReach,
    /// Whether every search is made, even where none can find anything
    /// (for the test that checks leaving them out changes nothing).
    pub(super) every_search: bool,
    /// The queues of a search: nodes reached on, and off, not yet followed.
    pub(super) pending: (VecDeque<usize>, VecDeque<usize>),
}

/// A reach and what goes with it: its nodes, their numbers, the
/// candidates it can remove and the grid it was built on.
#[derive(Default)]
pub(super) struct BuiltReach {
    reach: Reach,
    potentials: Vec<Potential>,
    node_of: Vec<u32>,
    removable: Vec<(u32, u32)>,
    grid: Option<Vec<u32>>,
}

impl Scratch {
    /// The digits of the candidates the reach at hand can remove (see
    /// [`Scratch::removable`]), a bit each.
    pub(super) fn removable_digits(&self) -> u32 {
        self.removable
            .iter()
            .fold(0, |m, &(v, _)| m | 1 << self.potentials[v as usize].digit)
    }

    /// Swaps the reach at hand with the one set aside: a reach is put by
    /// while another is built in the buffers of the one put by before.
    pub(super) fn swap_reach(&mut self) {
        let aside = &mut self.aside;
        std::mem::swap(&mut self.reach, &mut aside.reach);
        std::mem::swap(&mut self.potentials, &mut aside.potentials);
        std::mem::swap(&mut self.node_of, &mut aside.node_of);
        std::mem::swap(&mut self.removable, &mut aside.removable);
        std::mem::swap(&mut self.reach_grid, &mut aside.grid);
    }
}

/// The potentials one potential leads to, worked out once each: for the
/// potential with key `k`, `buf[spans[k].0..spans[k].1]`.
#[derive(Default)]
pub(super) struct LinkCache {
    pub(super) spans: Vec<(u32, u32)>,
    pub(super) buf: Vec<(Potential, Cause)>,
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
    pub(super) fn fresh(
        state: &'a dyn PencilMarks,
        reasons: bool,
        nested: bool,
        mut work: Scratch,
    ) -> Chains<'a> {
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

    pub(super) fn add(
        &mut self,
        (potential, cause): (Potential, Cause),
        parent: Option<usize>,
    ) -> usize {
        self.work.nodes.push(Node {
            potential,
            parent,
            cause,
        });
        self.work.nodes.len() - 1
    }

    /// The chain to `node` as links, from the assumption on.
    pub(super) fn links(&self, node: usize) -> Vec<Link> {
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
    pub(super) fn chain(&self, node: usize) -> Vec<Potential> {
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
    pub(super) fn mark_ancestors(&mut self, node: usize) {
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
    pub(super) fn on_to_off(&mut self, p: Potential, links: LinkKinds) -> std::ops::Range<usize> {
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
    pub(super) fn off_to_on(&mut self, p: Potential, links: LinkKinds) -> std::ops::Range<usize> {
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

    /// How many different potentials the chain to `node` holds (SE's
    /// complexity for a chain without nested chains).
    pub(super) fn complexity(&self, node: usize) -> usize {
        let mut seen: Vec<Potential> = Vec::new();
        for p in self.chain(node) {
            if !seen.contains(&p) {
                seen.push(p);
            }
        }
        seen.len()
    }
}
