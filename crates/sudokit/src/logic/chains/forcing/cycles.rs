//! Bidirectional cycles: SE's cycle search from an assumption, and what a
//! cycle it finds removes.

use super::search::{Chains, LinkKinds};
use crate::logic::bits::bits;
use crate::logic::chains::potential::{off, Potential};
use crate::logic::units::Cand;

impl Chains<'_> {
    /// SE's cycle search from `source` (on): the chains that come back to
    /// it after four or more links.
    /// A cycle of `length` links holds `length` potentials, so the search
    /// stops before links past `limit`, where no cycle can win.
    pub(super) fn cycles(&mut self, source: usize, links: LinkKinds, limit: usize) -> Vec<usize> {
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
}

/// The squares of the cycle ending at `end`, and what it removes, in the
/// order SE finds them: squares outside it that see a square of the cycle
/// where the digit is on one way round and another where it is on the
/// other way round lose that digit.
pub(super) fn cycle_removals(chains: &mut Chains<'_>, end: usize) -> (Vec<usize>, Vec<Cand>) {
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
pub(super) fn cycle_may_remove(chains: &Chains<'_>, end: usize) -> bool {
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
