//! Following one chain: from its assumption, every "on" before the next
//! "off", link by link on the working grid (which a dynamic chain strikes
//! what it proves off out of as it goes), with the inner rules run where it
//! runs dry, until nothing new follows or a potential is forced both on
//! and off.

use super::engine::Engine;
use super::run::RunCause;
use crate::logic::bits::at_most_one;
use crate::logic::chains::potential::{off, on, Potential};
use crate::logic::units::Linked;

impl Engine {
    /// Follows run `id` from its assumption until nothing new follows or a
    /// potential is forced both on and off; then the pair (on, off), whose
    /// nodes are in the run. The board is as before when it returns.
    pub(super) fn chain(&mut self, id: usize) -> Option<(u32, u32)> {
        let found = self.spread(id);
        // Past four strikes, one copy of the board undoes them faster.
        if self.log.len() > 4 {
            self.board.copy_candidates(&self.base);
            for (s, _) in self.log.drain(..) {
                self.struck[s] = 0;
            }
        } else {
            for (s, d) in self.log.drain(..) {
                self.board.restore(s, d);
                self.struck[s] = 0;
            }
        }
        self.runs[id].absurd = found;
        found
    }

    fn spread(&mut self, id: usize) -> Option<(u32, u32)> {
        // The sets grow in the order their potentials are reached, so each
        // is its own queue: what is left to follow is past its head.
        let (mut on_head, mut off_head) = (0, 0);
        loop {
            if let Some(&p) = self.runs[id].on.get(on_head) {
                on_head += 1;
                if let Some(found) = self.turn_offs(id, p) {
                    return Some(found);
                }
                continue;
            }
            if let Some(&p) = self.runs[id].off.get(off_head) {
                off_head += 1;
                // A dynamic chain strikes an "off" out once followed; on
                // most boards, in the same pass that reads its units.
                if self.rule.is_dynamic() {
                    match self.turn_ons_striking(id, p) {
                        Some(Some(found)) => return Some(found),
                        Some(None) => continue,
                        None => {}
                    }
                }
                if let Some(found) = self.turn_ons(id, p) {
                    return Some(found);
                }
                // Struck only once followed: what it turned on was read
                // with it there.
                if self.rule.is_dynamic() {
                    let Potential { square, digit, .. } =
                        self.runs[id].nodes[p as usize].potential();
                    self.strike(square, digit);
                }
                continue;
            }
            if self.rule.level() > 0 && self.advance(id) {
                continue;
            }
            return None;
        }
    }

    /// Follows what node `n` of run `id`, an "on", turns off on the board:
    /// with Y-links the square's other candidates, then the digit's other
    /// places in the box, row and column (a place shared by the box and a
    /// line once, from the box). Each is read off the board and kept as it
    /// comes, with no list in between (this is the chains' innermost loop);
    /// `Some` (on, off) where one of them was already on: a contradiction.
    fn turn_offs(&mut self, id: usize, n: u32) -> Option<(u32, u32)> {
        let (board, geo, stride) = (&self.board, self.geo, self.stride);
        let run = &mut self.runs[id];
        let Potential { square, digit, .. } = run.nodes[n as usize].potential();
        let linked = geo.linked(square);
        // Every link, as one mask in the order they are followed: the
        // square's other candidates (bit `d` for digit `d`, below bit 10),
        // then the digit's places in the box, the row and the column, nine
        // bits each from bit 10 (the rules run on grids of nine squares a
        // unit at most). One loop over it, rather than four, leaves the
        // processor one exit to guess rather than four.
        let mut links = 0u64;
        if !self.rule.is_nishio() {
            links = u64::from(board.cands(square) & !(1 << digit));
        }
        for (k, link) in linked.iter().enumerate() {
            let places = board.positions(link.unit, digit) & !link.before;
            debug_assert!(places < 1 << 9);
            links |= u64::from(places) << (10 + 9 * k);
        }
        while links != 0 {
            let bit = links.trailing_zeros() as usize;
            links &= links - 1;
            let (q, cause) = if bit < 10 {
                (off(square, bit as u8), RunCause::Square)
            } else {
                let unit = linked[(bit - 10) / 9].unit;
                let place = geo.squares(unit)[(bit - 10) % 9];
                (off(place, digit), RunCause::Unit(unit as u32))
            };
            if let Some(found) = run.follow(q, cause, n, 0, stride) {
                return Some(found);
            }
        }
        None
    }

    /// Follows what node `n` of run `id`, an "off", turns on, on the board:
    /// with Y-links the square's other candidate when it has two; the
    /// digit's one other place in the box, row or column (a place reached
    /// from two units once, from the first). Each comes with what the chain
    /// has struck out of its square or unit (its hidden parents, see
    /// [`RunNode::hidden`]). `Some` (on, off) where one of them was already
    /// off: a contradiction.
    ///
    /// [`RunNode::hidden`]: super::run::RunNode::hidden
    fn turn_ons(&mut self, id: usize, n: u32) -> Option<(u32, u32)> {
        let (board, base, geo, stride) = (&self.board, &self.base, self.geo, self.stride);
        let run = &mut self.runs[id];
        let Potential { square, digit, .. } = run.nodes[n as usize].potential();
        // A place reached from a second unit is already on, and passed over.
        let mut follow = |q: Potential, cause, hidden| run.follow(q, cause, n, hidden, stride);
        if !self.rule.is_nishio() && board.is_bivalue(square) {
            let other = (board.cands(square) & !(1 << digit)).trailing_zeros() as u8;
            if let Some(found) = follow(on(square, other), RunCause::Square, self.struck[square]) {
                return Some(found);
            }
        }
        for &Linked { unit, here, .. } in geo.linked(square) {
            let others = board.positions(unit, digit) & !here;
            if others == 0 || !at_most_one(others) {
                continue;
            }
            let target = on(geo.squares(unit)[others.trailing_zeros() as usize], digit);
            let hidden = base.positions(unit, digit) & !board.positions(unit, digit);
            if let Some(found) = follow(target, RunCause::Unit(unit as u32), hidden) {
                return Some(found);
            }
        }
        None
    }

    /// [`Engine::turn_ons`] and then [`Engine::strike`] of node `n`'s
    /// candidate, for a dynamic chain, with the digit's places in each unit
    /// read and struck in one go ([`Board::strike_reading`]): the same
    /// nodes, in the same order, with the same hidden parents (the places
    /// struck before, so not the square's own), and the same board after.
    /// `Some` with what `turn_ons` gives, or `None` where the board cannot
    /// do so (then nothing is done). It repeats the rules of `turn_ons`
    /// rather than sharing one body with it: one body for both, given the
    /// places each reads, took 1.9% more instructions of `rate -j1` on
    /// norvig_top95, on a path every "off" of a chain takes.
    ///
    /// [`Board::strike_reading`]: crate::logic::chains::board::Board::strike_reading
    fn turn_ons_striking(&mut self, id: usize, n: u32) -> Option<Option<(u32, u32)>> {
        let Potential { square, digit, .. } = self.runs[id].nodes[n as usize].potential();
        let cands = self.board.cands(square);
        let left = self.board.strike_reading(square, digit)?;
        let struck_before = self.struck[square];
        self.struck[square] |= 1 << digit;
        self.log.push((square, digit));
        let (base, geo, stride) = (&self.base, self.geo, self.stride);
        let run = &mut self.runs[id];
        let mut follow = |q: Potential, cause, hidden| run.follow(q, cause, n, hidden, stride);
        let other = cands & !(1 << digit);
        if !self.rule.is_nishio() && other != 0 && at_most_one(other) {
            let other = other.trailing_zeros() as u8;
            if let Some(found) = follow(on(square, other), RunCause::Square, struck_before) {
                return Some(Some(found));
            }
        }
        // The units where the digit has one place left, as three bits
        // worked out together: most "off"s turn on nothing there.
        let one = |m: u32| u32::from(m != 0 && at_most_one(m));
        let mut units = one(left[0]) | one(left[1]) << 1 | one(left[2]) << 2;
        while units != 0 {
            let i = units.trailing_zeros() as usize;
            units &= units - 1;
            let (Linked { unit, here, .. }, others) = (geo.linked(square)[i], left[i]);
            let target = on(geo.squares(unit)[others.trailing_zeros() as usize], digit);
            let hidden = base.positions(unit, digit) & !(others | here);
            if let Some(found) = follow(target, RunCause::Unit(unit as u32), hidden) {
                return Some(Some(found));
            }
        }
        Some(None)
    }

    /// Strikes a candidate out of the working grid, to be put back when the
    /// chain ends.
    fn strike(&mut self, s: usize, d: u8) {
        if self.board.remove(s, d) {
            self.struck[s] |= 1 << d;
            self.log.push((s, d));
        }
    }
}
