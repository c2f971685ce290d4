//! Sudoku Explainer's first two rules (full house, then hidden single) on
//! a standard 9x9 grid, on fixed-size tables: the part of a rating that
//! most puzzles never leave.
//!
//! A rating starts with singles, and an easy puzzle is singles to the end.
//! [`State`](crate::logic::state::State) serves every shape, so its tables
//! live behind vectors sized at run time; for a puzzle of singles,
//! building it and keeping it up to date was most of what a rating cost.
//! [`SinglesBoard`] keeps the same tables (each unit's places of each
//! digit, its empty count, its digits with one place left, and the units
//! with such a digit or with one empty square) in arrays indexed through
//! tables fixed when compiling, updates them by the same rules, and finds
//! the same single [`first_single`](super::singles::first_single) finds.
//! A board whose moves were all placements holds the candidates its
//! digits allow, as a state started from its digits does, so where no
//! single is left the rater starts a [`State`](crate::logic::state::State)
//! from the board's digits and goes on from there.

use super::singles::hidden_single_difficulty;
use crate::grid::Grid;
use crate::logic::bits::at_most_one;
use crate::logic::step::Technique;
use crate::shape::Shape;

/// The squares of each unit, in [`Shape::units`]' order for the standard
/// grid: the columns, then the rows, then the boxes.
const UNIT_SQUARES: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            t[i][j] = (j * 9 + i) as u8;
            t[9 + i][j] = (i * 9 + j) as u8;
            t[18 + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    t
};

/// For each square, its three units and its place in each.
const SLOTS: [[(u8, u8); 3]; 81] = {
    let mut t = [[(0u8, 0u8); 3]; 81];
    let mut fill = [0usize; 81];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            let s = UNIT_SQUARES[u][i] as usize;
            t[s][fill[s]] = (u as u8, i as u8);
            fill[s] += 1;
            i += 1;
        }
        u += 1;
    }
    t
};

/// The boxes, as bits of a unit mask.
const BOXES: u32 = 0x1ff << 18;

/// The placements-only part of a [`State`](crate::logic::state::State) on
/// the standard grid, with the same tables; see the module docs.
#[derive(Clone)]
pub(crate) struct SinglesBoard {
    values: [u8; 81],
    /// Candidates of each empty square (bit `d` for digit `d`).
    cands: [u16; 81],
    /// Where each digit may go in each unit (bit `i`: the unit's `i`-th
    /// square).
    positions: [[u16; 10]; 27],
    /// Empty squares of each unit.
    empty: [u8; 27],
    /// For each unit, the digits with exactly one place left.
    lone: [u16; 27],
    /// The units with a lone digit, and the units with one empty square.
    lone_units: u32,
    last_units: u32,
    unsolved: u8,
}

/// A full house or hidden single, as [`SinglesBoard::first_single`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoardSingle {
    /// The square and the digit that goes there.
    pub square: usize,
    pub digit: u8,
    /// Full house or hidden single, and its difficulty in tenths.
    pub technique: Technique,
    pub difficulty: u16,
}

impl SinglesBoard {
    /// The board at the start of `puzzle`, or `None` when its shape is not
    /// the standard 9x9 grid.
    pub(crate) fn new(puzzle: &Grid) -> Option<SinglesBoard> {
        if puzzle.shape() != Shape::standard() {
            return None;
        }
        let mut values = [0u8; 81];
        values.copy_from_slice(puzzle.cells());
        // The digits placed in each unit (bit `d`), then each empty square
        // keeps what none of its units holds.
        let mut taken = [0u16; 27];
        for (u, squares) in UNIT_SQUARES.iter().enumerate() {
            for &s in squares {
                taken[u] |= 1 << values[s as usize];
            }
        }
        let mut cands = [0u16; 81];
        for s in 0..81 {
            if values[s] == 0 {
                let [(a, _), (b, _), (c, _)] = SLOTS[s];
                let held = taken[usize::from(a)] | taken[usize::from(b)] | taken[usize::from(c)];
                cands[s] = 0x3fe & !held;
            }
        }
        let mut board = SinglesBoard {
            values,
            cands,
            positions: [[0; 10]; 27],
            empty: [0; 27],
            lone: [0; 27],
            lone_units: 0,
            last_units: 0,
            unsolved: values.iter().filter(|&&v| v == 0).count() as u8,
        };
        for (u, squares) in UNIT_SQUARES.iter().enumerate() {
            let unit = &mut board.positions[u];
            for (i, &s) in squares.iter().enumerate() {
                board.empty[u] += u8::from(values[s as usize] == 0);
                let mut digits = cands[s as usize];
                while digits != 0 {
                    unit[digits.trailing_zeros() as usize] |= 1 << i;
                    digits &= digits - 1;
                }
            }
            for (d, &places) in unit.iter().enumerate() {
                if places != 0 && at_most_one(u32::from(places)) {
                    board.lone[u] |= 1 << d;
                }
            }
            if board.lone[u] != 0 {
                board.lone_units |= 1 << u;
            }
            if board.empty[u] == 1 {
                board.last_units |= 1 << u;
            }
        }
        Some(board)
    }

    /// True when every square is filled.
    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    /// The digits, givens and placed ones, as a grid.
    pub(crate) fn values(&self) -> Grid {
        let mut grid = Grid::empty(Shape::standard());
        for (s, &v) in self.values.iter().enumerate() {
            grid.set(s, v);
        }
        grid
    }

    /// The first full house, else the first hidden single, in Sudoku
    /// Explainer's order: units by boxes, then columns, then rows, and
    /// the lowest digit in a unit.
    pub(crate) fn first_single(&self) -> Option<BoardSingle> {
        [true, false].into_iter().find_map(|last| {
            let units = if last {
                self.last_units & self.lone_units
            } else {
                self.lone_units & !self.last_units
            };
            let u = if units & BOXES != 0 {
                (units & BOXES).trailing_zeros()
            } else if units != 0 {
                units.trailing_zeros()
            } else {
                return None;
            } as usize;
            let d = self.lone[u].trailing_zeros() as usize;
            let place = self.positions[u][d].trailing_zeros() as usize;
            let (technique, difficulty) = if last {
                (Technique::FullHouse, Technique::FullHouse.difficulty().0)
            } else {
                (Technique::HiddenSingle, hidden_single_difficulty(u >= 18))
            };
            Some(BoardSingle {
                square: usize::from(UNIT_SQUARES[u][place]),
                digit: d as u8,
                technique,
                difficulty,
            })
        })
    }

    /// Puts `d` in square `s` and removes it from the candidates of its
    /// peers, as [`State::place`](crate::logic::state::State::place) does.
    pub(crate) fn place(&mut self, s: usize, d: u8) {
        if self.values[s] != 0 {
            return;
        }
        self.values[s] = d;
        self.unsolved -= 1;
        let mut old = self.cands[s];
        while old != 0 {
            let o = old.trailing_zeros() as u8;
            old &= old - 1;
            self.eliminate(s, o);
        }
        for (u, _) in SLOTS[s] {
            let u = usize::from(u);
            self.empty[u] -= 1;
            match self.empty[u] {
                1 => self.last_units |= 1 << u,
                0 => self.last_units &= !(1 << u),
                _ => {}
            }
            let mut places = self.positions[u][usize::from(d)];
            while places != 0 {
                let i = places.trailing_zeros() as usize;
                places &= places - 1;
                self.eliminate(usize::from(UNIT_SQUARES[u][i]), d);
            }
        }
    }

    /// Removes candidate `d` from square `s`. A digit is lone in a unit
    /// exactly when it has one place there, so the lone digits and units
    /// are set from the new places without a branch on them.
    #[inline(always)]
    fn eliminate(&mut self, s: usize, d: u8) {
        let bit = 1u16 << d;
        if self.cands[s] & bit == 0 {
            return;
        }
        self.cands[s] &= !bit;
        for (u, i) in SLOTS[s] {
            let u = usize::from(u);
            let places = self.positions[u][usize::from(d)] & !(1 << i);
            self.positions[u][usize::from(d)] = places;
            let one = places != 0 && at_most_one(u32::from(places));
            let lone = (self.lone[u] & !bit) | u16::from(one) << d;
            self.lone[u] = lone;
            self.lone_units = (self.lone_units & !(1 << u)) | u32::from(lone != 0) << u;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::state::State;
    use crate::logic::techniques::singles::first_single;

    /// The board and a state started from the same puzzle find the same
    /// single at every step, and end on the same digits.
    #[test]
    fn the_board_finds_the_singles_a_state_finds() {
        for line in [
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "....7..3......3.2..562...89....64..1..7.......9..8...59....5.......3791.28.......",
        ] {
            let grid = crate::parse_grid(line, crate::ParseOptions::default()).unwrap();
            let mut board = SinglesBoard::new(&grid).unwrap();
            let mut state = State::from_puzzle(&grid);
            loop {
                let single = board.first_single();
                let expected = first_single(&state);
                assert_eq!(
                    single.map(|s| (s.square, s.digit, s.technique, s.difficulty)),
                    expected.map(|s| (s.square, s.digit, s.technique, s.difficulty)),
                    "{line}"
                );
                let Some(single) = single else { break };
                board.place(single.square, single.digit);
                state.place(single.square, single.digit);
            }
            assert_eq!(&board.values(), state.values(), "{line}");
            assert_eq!(State::from_marks(&grid, &board.values(), None), state);
        }
    }
}
