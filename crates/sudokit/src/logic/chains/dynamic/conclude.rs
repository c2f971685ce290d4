//! What chains conclude: a contradiction from one assumption, a double from
//! a candidate on and off, and what all the chains of a cell or a region
//! force; each ranked as a step.

use super::engine::Engine;
use super::rank::{Kind, RankedChain};
use crate::logic::bits::{at_most_one, bits};
use crate::logic::chains::potential::{box_row_column, off, on, Potential};

impl Engine {
    /// The steps of a dynamic rule from `digit` in `square` that the chains
    /// from "on" and from "off" (runs `a` and `b`, where followed) give:
    /// each contradiction, then (with `doubles`) what both force.
    pub(super) fn both_ways(
        &mut self,
        square: usize,
        digit: u8,
        (a, b): (Option<usize>, Option<usize>),
        doubles: bool,
        out: &mut Vec<RankedChain>,
    ) {
        let stride = self.stride;
        let (p_on, p_off) = (on(square, digit), off(square, digit));
        for (run, assumed) in [(a, p_on), (b, p_off)] {
            let Some(run) = run else {
                continue;
            };
            if let Some((x, y)) = self.runs[run].absurd {
                let opposite = Potential {
                    on: !assumed.on,
                    ..assumed
                };
                let ends = [(run, x), (run, y)];
                self.rank(Kind::Contradiction, assumed, opposite, &ends, out);
            }
        }
        let (Some(a), Some(b), true) = (a, b, doubles) else {
            return;
        };
        // What both force: first what they turn on, then off.
        for (source, ons) in [(p_on, true), (p_off, false)] {
            let (run, other) = (&self.runs[a], &self.runs[b]);
            let (reached, both) = if ons {
                (run.on.len(), run.on_bits.and(&other.on_bits))
            } else {
                (run.off.len(), run.off_bits.and(&other.off_bits))
            };
            if both.is_empty() {
                continue;
            }
            for i in 0..reached {
                let run = &self.runs[a];
                let x = if ons { run.on[i] } else { run.off[i] };
                let p = run.nodes[x as usize].potential();
                if both.holds(p) {
                    let y = self.runs[b].reached(p, stride);
                    self.rank(Kind::Double, source, p, &[(a, x), (b, y)], out);
                }
            }
        }
    }

    /// The potentials every run of `runs` reached (on ones, or off ones),
    /// in the order the first reached them, into `out`.
    pub(super) fn common(&self, runs: &[usize], on_ones: bool, out: &mut Vec<Potential>) {
        out.clear();
        let Some((&first, rest)) = runs.split_first() else {
            return;
        };
        let bits_of = |r: usize| {
            let run = &self.runs[r];
            if on_ones {
                &run.on_bits
            } else {
                &run.off_bits
            }
        };
        // What all reached, digit by digit, as bits first: mostly nothing.
        let all = rest
            .iter()
            .fold(*bits_of(first), |all, &r| all.and(bits_of(r)));
        if all.is_empty() {
            return;
        }
        let run = &self.runs[first];
        let set = if on_ones { &run.on } else { &run.off };
        out.extend(
            set.iter()
                .map(|&n| run.nodes[n as usize].potential())
                .filter(|p| all.holds(*p)),
        );
    }

    /// The region chains of `digit` in the units of `square` that have
    /// `square` as the digit's first place.
    pub(super) fn region_steps(&mut self, square: usize, digit: u8, out: &mut Vec<RankedChain>) {
        for u in box_row_column(self.geo, square) {
            let places = self.board.positions(u, digit);
            let squares = self.geo.squares(u);
            if at_most_one(places) || squares[places.trailing_zeros() as usize] != square {
                continue;
            }
            if self
                .shared_reach
                .as_ref()
                .is_some_and(|r| r.1[u] & (1 << digit) == 0)
            {
                continue;
            }
            let (mut at, mut count) = ([0usize; 9], 0);
            for i in bits(places) {
                at[count] = squares[i];
                count += 1;
            }
            if !self.may_share_a_step(count, |i| (at[i], usize::from(digit))) {
                continue;
            }
            let mut branches = [0usize; 9];
            for (branch, &s) in branches.iter_mut().zip(&at[..count]) {
                *branch = self.on_run(s, digit);
            }
            let branches = &branches[..count];
            self.shared_steps(Kind::Region(u, digit), on(square, digit), branches, out);
        }
    }

    /// A step for each potential every one of `runs` reached: first those
    /// turned on, then those turned off, in the order the first run reached
    /// them.
    pub(super) fn shared_steps(
        &mut self,
        kind: Kind,
        source: Potential,
        runs: &[usize],
        out: &mut Vec<RankedChain>,
    ) {
        let mut common = std::mem::take(&mut self.shared);
        for ons in [true, false] {
            self.common(runs, ons, &mut common);
            // A square has nine candidates and a unit nine places at most.
            let mut ends = [(0, 0); 9];
            for &p in &common {
                for (end, &r) in ends.iter_mut().zip(runs) {
                    *end = (r, self.runs[r].get(p, self.stride).unwrap_or(0));
                }
                self.rank(kind, source, p, &ends[..runs.len()], out);
            }
        }
        self.shared = common;
    }
}
