//! A working copy of the pencil marks that dynamic chains edit as they go.
//!
//! A dynamic forcing chain (see [`super::dynamic`]) assumes something and
//! follows what it forces; each candidate it proves off is struck out of
//! this copy, so that later links (and, from level 1 up, the simple rules
//! run inside the chain) see the grid as the assumption left it. A square
//! proved *on* is not filled in: like Sudoku Explainer, the chain only
//! strikes out what the "on" turns off, one link at a time.
//!
//! The board keeps, like [`State`], each digit's places in each unit as a
//! bit mask, so that "the digit's one other place in the row" is a mask
//! test. Striking a candidate out and putting it back are both cheap, and
//! a chain undoes its own strikes when it ends.

use crate::grid::Digits;
use crate::logic::bits::at_most_one;
use crate::logic::state::State;
use crate::logic::units::Geometry;

/// Pencil marks a chain search can read: the player's [`State`], or a
/// chain's working [`Board`] (where Sudoku Explainer runs chains inside
/// chains).
pub(crate) trait PencilMarks {
    /// The tables of the shape.
    fn geometry(&self) -> &'static Geometry;
    /// The candidates of square `s`.
    fn digits(&self, s: usize) -> Digits;
    /// Where digit `d` may go in unit `u` (bit `i` for the `i`-th square).
    fn places(&self, u: usize, d: u8) -> u32;
}

impl PencilMarks for State {
    fn geometry(&self) -> &'static Geometry {
        State::geometry(self)
    }

    fn digits(&self, s: usize) -> Digits {
        self.cands(s)
    }

    fn places(&self, u: usize, d: u8) -> u32 {
        self.positions(u, d)
    }
}

impl PencilMarks for Board {
    fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    fn digits(&self, s: usize) -> Digits {
        Digits::from_bits(self.cands[s])
    }

    fn places(&self, u: usize, d: u8) -> u32 {
        self.positions(u, d)
    }
}

/// Candidates per square and places per unit and digit, editable.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    geo: &'static Geometry,
    stride: usize,
    /// Bit `d` for each candidate digit `d` of each square.
    cands: Vec<u32>,
    /// True for a square that holds a digit (given or placed) in the state
    /// the board was made from.
    filled: Vec<bool>,
    /// For unit `u` and digit `d`, at `u * stride + d`: bit `i` when the
    /// unit's `i`-th square has `d` as a candidate.
    positions: Vec<u32>,
    /// True when every square lies in its box, row and column only (no
    /// diagonal): a strike then updates the three units of the square's
    /// [`Geometry::linked`] table, each with its place as a mask, which
    /// the compiler unrolls (rating norvig_top95, the dynamic chains strike
    /// about 1.5 million candidates).
    plain: bool,
}

impl Board {
    /// The pencil marks of `state`.
    pub(crate) fn new(state: &State) -> Board {
        let geo = state.geometry();
        let stride = state.shape().side() + 1;
        let count = state.shape().square_count();
        let units = state.shape().units().len();
        let mut positions = vec![0; units * stride];
        for (u, slot) in positions.iter_mut().enumerate() {
            let (unit, d) = (u / stride, u % stride);
            if d > 0 {
                *slot = state.positions(unit, d as u8);
            }
        }
        Board {
            geo,
            stride,
            cands: (0..count).map(|s| state.cands(s).bits()).collect(),
            filled: (0..count).map(|s| state.value(s) != 0).collect(),
            positions,
            plain: (0..count).all(|s| geo.slots(s).len() == 3),
        }
    }

    /// The tables of the board's shape.
    pub(crate) fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// The candidates of square `s`, bit `d` for digit `d`.
    pub(crate) fn cands(&self, s: usize) -> u32 {
        self.cands[s]
    }

    /// True when square `s` still has candidate `d`.
    pub(crate) fn has(&self, s: usize, d: u8) -> bool {
        self.cands[s] & (1 << d) != 0
    }

    /// True when square `s` has two candidates exactly.
    pub(crate) fn is_bivalue(&self, s: usize) -> bool {
        let c = self.cands[s];
        c != 0 && !at_most_one(c) && at_most_one(c & (c - 1))
    }

    /// True when square `s` holds a digit (it has no candidates then).
    pub(crate) fn is_filled(&self, s: usize) -> bool {
        self.filled[s]
    }

    /// Where digit `d` may still go in unit `u` (bit `i` for the unit's
    /// `i`-th square).
    pub(crate) fn positions(&self, u: usize, d: u8) -> u32 {
        self.positions[u * self.stride + usize::from(d)]
    }

    /// Strikes candidate `d` out of square `s`; false when it was not there.
    pub(crate) fn remove(&mut self, s: usize, d: u8) -> bool {
        if !self.has(s, d) {
            return false;
        }
        self.cands[s] &= !(1 << d);
        self.each_place(s, d, |places, here| *places &= !here);
        true
    }

    /// On a board whose squares lie in their box, row and column only (no
    /// diagonal), strikes candidate `d`, which it has, out of square `s`,
    /// and gives the places the digit had left besides `s` in each of the
    /// square's [`Geometry::linked`] units, in that order: what a chain
    /// reads there before it strikes the candidate, read and edited in one
    /// go. `None` (and nothing struck) on other boards, or where `s` does
    /// not have `d`.
    #[inline(always)]
    pub(crate) fn strike_reading(&mut self, s: usize, d: u8) -> Option<[u32; 3]> {
        if !self.plain || !self.has(s, d) {
            return None;
        }
        self.cands[s] &= !(1 << d);
        let d = usize::from(d);
        let mut left = [0; 3];
        for (link, left) in self.geo.linked(s).iter().zip(&mut left) {
            let places = &mut self.positions[link.unit * self.stride + d];
            *left = *places & !link.here;
            *places = *left;
        }
        Some(left)
    }

    /// Runs `edit` on the places of digit `d` in each unit that holds
    /// square `s`, with the square's place there as a mask.
    #[inline(always)]
    fn each_place(&mut self, s: usize, d: u8, edit: impl Fn(&mut u32, u32)) {
        let d = usize::from(d);
        if self.plain {
            for link in self.geo.linked(s) {
                edit(&mut self.positions[link.unit * self.stride + d], link.here);
            }
        } else {
            for &(u, i) in self.geo.slots(s) {
                edit(&mut self.positions[u * self.stride + d], 1 << i);
            }
        }
    }

    /// Makes the candidates those of `other`, a board of the same grid
    /// with the same squares filled (one copy, for undoing many strikes).
    pub(crate) fn copy_candidates(&mut self, other: &Board) {
        debug_assert!(std::ptr::eq(self.geo, other.geo) && self.filled == other.filled);
        self.cands.copy_from_slice(&other.cands);
        self.positions.copy_from_slice(&other.positions);
    }

    /// Puts back candidate `d` of square `s` (struck out by [`Board::remove`]).
    pub(crate) fn restore(&mut self, s: usize, d: u8) {
        self.cands[s] |= 1 << d;
        self.each_place(s, d, |places, here| *places |= here);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::parse::{parse_grid, ParseOptions};
    use crate::shape::{Shape, Size, Variant};

    #[test]
    fn a_strike_that_reads_gives_the_places_left_and_strikes_as_remove_does() {
        let puzzle = parse_grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ParseOptions::default(),
        )
        .unwrap();
        let board = Board::new(&State::from_puzzle(&puzzle));
        let geo = board.geometry();
        let mut struck = 0;
        for s in 0..81 {
            for d in (1..=9u8).filter(|&d| board.has(s, d)) {
                let (mut read, mut removed) = (board.clone(), board.clone());
                let left = geo.linked(s).map(|l| board.positions(l.unit, d) & !l.here);
                assert_eq!(read.strike_reading(s, d), Some(left), "{s} {d}");
                assert!(removed.remove(s, d));
                assert_eq!(
                    (read.cands, read.positions),
                    (removed.cands, removed.positions)
                );
                struck += 1;
            }
        }
        assert!(struck > 200, "{struck}");
    }

    #[test]
    fn strikes_and_restores_keep_the_places_true() {
        let puzzle = parse_grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ParseOptions::default(),
        )
        .unwrap();
        let state = State::from_puzzle(&puzzle);
        let mut board = Board::new(&state);
        let fresh = board.clone();
        assert!(board.is_filled(0) && board.cands(0) == 0);
        let s = 1;
        let d = (1..=9u8).find(|&d| board.has(s, d)).unwrap();
        assert!(board.remove(s, d));
        assert!(!board.remove(s, d));
        assert_eq!(board.strike_reading(s, d), None);
        for &(u, i) in board.geometry().slots(s) {
            assert_eq!(board.positions(u, d) & (1 << i), 0);
        }
        board.restore(s, d);
        assert_eq!(board.cands, fresh.cands);
        assert_eq!(board.positions, fresh.positions);
        let two = (0..81).find(|&s| state.cands(s).len() == 2);
        if let Some(two) = two {
            assert!(board.is_bivalue(two));
        }
        assert!(!board.is_bivalue(0));
        // Many strikes, undone by one copy.
        for s in 1..81 {
            let two: Vec<u8> = (1..=9u8).filter(|&d| board.has(s, d)).take(2).collect();
            for d in two {
                board.remove(s, d);
            }
        }
        assert_ne!(board.positions, fresh.positions);
        board.copy_candidates(&fresh);
        assert_eq!(board.cands, fresh.cands);
        assert_eq!(board.positions, fresh.positions);
    }

    /// True when every unit's places of every digit are the squares of the
    /// unit that have it as a candidate.
    fn places_agree(board: &Board) -> bool {
        let geo = board.geometry();
        (0..geo.shape.units().len()).all(|u| {
            (1..=geo.shape.side() as u8).all(|d| {
                let squares = geo.squares(u);
                let want = (0..squares.len())
                    .filter(|&i| board.has(squares[i], d))
                    .fold(0, |m, i| m | 1 << i);
                board.positions(u, d) == want
            })
        })
    }

    #[test]
    fn strikes_reach_every_unit_of_a_square_diagonals_included() {
        for variant in [Variant::Standard, Variant::Diagonal] {
            let shape = Shape::of(Size::Nine, variant);
            let state = State::from_puzzle(&Grid::empty(shape));
            let mut board = Board::new(&state);
            let fresh = board.clone();
            // A1 lies on one diagonal, E5 on both, B3 on neither.
            for (s, d) in [(0, 1), (40, 1), (40, 5), (11, 9), (0, 9)] {
                assert!(board.remove(s, d));
                assert!(
                    places_agree(&board),
                    "{variant:?} after striking {d} at {s}"
                );
            }
            let units_of_a1 = board.geometry().slots(0).len();
            assert_eq!(
                units_of_a1,
                if variant == Variant::Diagonal { 4 } else { 3 }
            );
            for (s, d) in [(40, 5), (0, 1)] {
                board.restore(s, d);
                assert!(
                    places_agree(&board),
                    "{variant:?} after restoring {d} at {s}"
                );
            }
            board.copy_candidates(&fresh);
            assert!(places_agree(&board) && board.positions == fresh.positions);
        }
    }
}
