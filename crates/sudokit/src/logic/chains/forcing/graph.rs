//! The graph of a search's links, worked out ahead: which potential reaches
//! which (with [`Reach`](crate::logic::chains::reach::Reach)), so that a
//! search leaves out what cannot lead to its end, and the searches that can
//! find nothing are not made; and, from the same graph, which cells and
//! regions the multiple forcing chains need to try ([`shared_reach`]).

use super::search::{Chains, LinkKinds, Scratch};
use crate::logic::bits::{at_most_one, bits};
use crate::logic::chains::board::PencilMarks;
use crate::logic::chains::potential::{off, on, Potential};
use crate::logic::units::Linked;

/// Which searches from one candidate can succeed: the cycle search, and
/// the forcing chains from it on and from it off.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ends {
    pub(super) cycle: bool,
    pub(super) from_on: bool,
    pub(super) from_off: bool,
}

/// Each square's candidates as bits: the grid a reach was built on.
fn grid_bits(marks: &dyn PencilMarks) -> Vec<u32> {
    let count = marks.geometry().shape.square_count();
    (0..count).map(|s| marks.digits(s).bits()).collect()
}

impl Chains<'_> {
    /// Works out which potential reaches which with `links` (see
    /// [`chains::reach`](crate::logic::chains::reach)), over every
    /// candidate of the grid but those of the digits in `skip` (only for
    /// X-links alone, which never join two digits).
    pub(super) fn build_reach(&mut self, links: LinkKinds, skip: u32) {
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
        // The grid read once into tables (each square's candidates, each
        // unit's places of each digit): the links below read them per
        // potential, and through the trait object each read was a call.
        let mut cands = std::mem::take(&mut self.work.grid_cands);
        let mut places = std::mem::take(&mut self.work.grid_places);
        cands.clear();
        cands.extend((0..geo.shape.square_count()).map(|s| state.digits(s).bits()));
        places.clear();
        for u in 0..geo.shape.units().len() {
            places.push(0);
            places.extend((1..stride).map(|d| state.places(u, d as u8)));
        }
        // The links of [`Chains::on_to_off`] and [`Chains::off_to_on`], as
        // nodes (a link listed twice is harmless here).
        reach.build(potentials.len(), |v, out| {
            let Potential { square, digit, on } = potentials[v];
            let node = |s: usize, d: u8, on: bool| {
                node_of[(s * stride + usize::from(d)) * 2 + usize::from(on)]
            };
            let here = cands[square];
            if on {
                if links.y {
                    out.extend(bits(here & !(1 << digit)).map(|d| node(square, d as u8, false)));
                }
                for link in geo.linked(square) {
                    let squares = geo.squares(link.unit);
                    let others = places[link.unit * stride + usize::from(digit)] & !link.before;
                    for i in bits(others) {
                        if links.x || cands[squares[i]].count_ones() == 2 {
                            out.push(node(squares[i], digit, false));
                        }
                    }
                }
            } else {
                if links.y && here.count_ones() == 2 {
                    let d = (here & !(1 << digit)).trailing_zeros();
                    out.push(node(square, d as u8, true));
                }
                if links.x {
                    for &Linked { unit: u, here, .. } in geo.linked(square) {
                        let others = places[u * stride + usize::from(digit)] & !here;
                        if others != 0 && at_most_one(others) {
                            let s = geo.squares(u)[others.trailing_zeros() as usize];
                            out.push(node(s, digit, true));
                        }
                    }
                }
            }
        });
        self.work.grid_cands = cands;
        self.work.grid_places = places;
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
    pub(super) fn reach_of_both(&mut self) {
        if self.work.reach_grid.as_ref() != Some(&grid_bits(self.state)) {
            self.build_reach(LinkKinds { x: true, y: true }, 0);
        }
    }

    /// Whether a chain from `p` can reach `goal` (always true when the
    /// reach of this graph was not worked out). A search leaves out what
    /// cannot lead to its end: every potential on a way there is reached
    /// the same way and at the same depth without them, since whatever
    /// leads to a potential that reaches the end reaches it too.
    pub(super) fn leads_to(&self, p: Potential, goal: Potential) -> bool {
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
    pub(super) fn ends(&self, square: usize, digit: u8, links: LinkKinds) -> Ends {
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
}

/// Which cells and regions of `marks` may give a multiple forcing chain
/// step (see [`chains::dynamic`](crate::logic::chains::dynamic)): a bit
/// per square whose chains from each candidate on, static and with both
/// kinds of link, all reach a same potential that would be a step (an
/// "off", or an "on" in a square of two candidates or more); per unit, a
/// bit per digit whose places do so.
///
/// Those chains follow the links of this rule's search with both kinds of
/// link, so what each reaches is within its row of that graph's reach
/// (within, not equal: a chain stops at a contradiction). Where the rows
/// share no such potential, the chains share none. A rater runs the
/// multiple forcing chains only where the forcing chains found nothing,
/// after their pass with both kinds of link on the same grid: its reach is
/// at hand in the buffers `work` of the forcing chains run there first (the
/// caller's cache's, or for a search inside a chain the chain's). It is
/// built here only when it is not.
pub(in crate::logic::chains) fn shared_reach(
    marks: &dyn PencilMarks,
    work: &mut Scratch,
) -> (u128, Vec<u32>) {
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
            reach.keep_reached(v, &mut meet);
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
