//! The position a person has in front of them: the givens, the digits placed
//! so far, and the pencil marks (candidates) of the empty squares.
//!
//! A state starts from a puzzle ([`State::from_puzzle`]: every candidate the
//! placed digits allow) or from a player's own marks
//! ([`State::from_marks`]), which may hold fewer candidates than the
//! digits allow (the player removed some) or more (the player has not
//! cleaned up yet; those are removed, since no technique needs a person to
//! see them).
//!
//! As in Sudoku Explainer, a filled square has no candidates, and placing a
//! digit removes it from the candidates of the square's peers.

use crate::grid::{Candidates, Digits, Grid};
use crate::logic::bits::at_most_one;
use crate::logic::step::Step;
use crate::logic::templates::UsedMemo;
use crate::logic::units::Geometry;
use crate::shape::Shape;

/// Givens, placed digits and candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    geometry: &'static Geometry,
    givens: Grid,
    values: Grid,
    cands: Vec<Digits>,
    /// Where each digit may go in each unit (`u * (side + 1) + d`), kept
    /// up to date by every move: the techniques ask this more than anything.
    positions: Vec<u32>,
    /// How many empty squares each unit has.
    empty: Vec<u8>,
    /// For each unit, the digits with exactly one place left (bit `d`):
    /// the hidden singles, found without a scan.
    lone: Vec<u32>,
    /// The units with a digit that has one place left (bit `u`).
    lone_units: u128,
    /// The units with exactly one empty square (bit `u`).
    last_units: u128,
    /// How many squares are empty.
    unsolved: usize,
    /// `side + 1`: the row length of `positions`.
    stride: usize,
    /// Whether steps found in this state carry their evidence and sentence.
    reasons: bool,
}

impl State {
    /// The state at the start of `puzzle`: its givens placed, every other
    /// square holding the digits its peers allow.
    pub fn from_puzzle(puzzle: &Grid) -> State {
        State::from_marks(puzzle, puzzle, None)
    }

    /// A player's state: the puzzle's `givens`, the digits `values` placed
    /// so far (givens included or not), and optionally their pencil marks
    /// (`marks[s]`, ignored for filled squares). Without marks, each empty
    /// square gets every digit its peers allow.
    pub fn from_marks(givens: &Grid, values: &Grid, marks: Option<&[Digits]>) -> State {
        let shape = givens.shape();
        let geometry = Geometry::of(shape);
        let mut placed = givens.clone();
        for s in 0..shape.square_count() {
            if placed.get(s) == 0 && values.get(s) != 0 {
                placed.set(s, values.get(s));
            }
        }
        let units = shape.units();
        let cells = placed.cells();
        // The digits placed in each unit (bit `d` for digit `d`; an empty
        // square adds bit 0, which stands for no digit), then each empty
        // square keeps what none of its units holds.
        let taken: Vec<u32> = units
            .iter()
            .map(|squares| squares.iter().fold(0, |t, &s| t | 1 << cells[s]))
            .collect();
        let all = Digits::all(shape.side());
        let mut cands: Vec<Digits> = (0..shape.square_count())
            .map(|s| match (cells[s], marks) {
                (0, Some(marks)) => marks[s],
                (0, None) => all,
                _ => Digits::EMPTY,
            })
            .collect();
        for (squares, &taken) in units.iter().zip(&taken) {
            for &s in squares {
                cands[s] = Digits::from_bits(cands[s].bits() & !taken);
            }
        }
        // Then the tables the moves keep up to date, unit by unit.
        let stride = shape.side() + 1;
        let mut positions = vec![0u32; units.len() * stride];
        let mut empty = vec![0u8; units.len()];
        let mut lone = vec![0u32; units.len()];
        let (mut lone_units, mut last_units) = (0u128, 0u128);
        for (u, squares) in units.iter().enumerate() {
            let unit = &mut positions[u * stride..(u + 1) * stride];
            for (i, &s) in squares.iter().enumerate() {
                empty[u] += u8::from(cells[s] == 0);
                let mut digits = cands[s].bits();
                while digits != 0 {
                    unit[digits.trailing_zeros() as usize] |= 1 << i;
                    digits &= digits - 1;
                }
            }
            for (d, &places) in unit.iter().enumerate() {
                if places != 0 && at_most_one(places) {
                    lone[u] |= 1 << d;
                }
            }
            if lone[u] != 0 {
                lone_units |= 1 << u;
            }
            if empty[u] == 1 {
                last_units |= 1 << u;
            }
        }
        State {
            geometry,
            givens: givens.clone(),
            lone_units,
            last_units,
            unsolved: cells.iter().filter(|&&v| v == 0).count(),
            values: placed,
            cands,
            positions,
            empty,
            lone,
            stride,
            reasons: true,
        }
    }

    /// The same state, but the steps found in it carry only their moves and
    /// difficulty: no evidence and no sentence. A rater wants nothing more,
    /// and writing the sentences costs more than finding most steps.
    pub fn without_reasons(mut self) -> State {
        self.reasons = false;
        self
    }

    /// True when steps should carry their evidence and sentence (the
    /// default; see [`State::without_reasons`]).
    pub fn reasons(&self) -> bool {
        self.reasons
    }

    /// The shape of the grid.
    pub fn shape(&self) -> &'static Shape {
        self.geometry.shape
    }

    /// The tables the techniques share.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The puzzle's givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Givens and placed digits.
    pub fn values(&self) -> &Grid {
        &self.values
    }

    /// The digit in square `s` (0 when empty).
    pub fn value(&self, s: usize) -> u8 {
        self.values.get(s)
    }

    /// The candidates of square `s` (empty for a filled square).
    pub fn cands(&self, s: usize) -> Digits {
        self.cands[s]
    }

    /// True when every square is filled.
    pub fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    /// Where digit `d` may still go in unit `u`: bit `i` stands for the
    /// unit's `i`-th square.
    pub fn positions(&self, u: usize, d: u8) -> u32 {
        self.positions[u * self.stride + usize::from(d)]
    }

    /// The digits with exactly one place left in unit `u`, as a mask (bit
    /// `d` for digit `d`).
    pub fn lone_digits(&self, u: usize) -> u32 {
        self.lone[u]
    }

    /// The units that have a digit with one place left, as a mask (bit `u`
    /// for unit `u`): where hidden singles (and full houses) are.
    pub fn lone_units(&self) -> u128 {
        self.lone_units
    }

    /// The units with exactly one empty square, as a mask (bit `u` for unit
    /// `u`): the full houses.
    pub fn last_units(&self) -> u128 {
        self.last_units
    }

    /// How many squares of unit `u` are empty.
    pub fn empty_count(&self, u: usize) -> usize {
        usize::from(self.empty[u])
    }

    /// On a 9x9 grid, the squares holding `d` as a candidate, and those of
    /// them that some template of `d` uses: some way to place it once in
    /// every row, column and box (a diagonal aside), keeping its placed
    /// squares and using only its candidates (see
    /// [`crate::logic::templates`]). `None` on other sizes. What `memo`
    /// holds for the same places is not worked out again.
    pub fn template_squares(&self, d: u8, memo: &mut UsedMemo) -> Option<(u128, u128)> {
        if self.shape().side() != 9 || d == 0 {
            return None;
        }
        let (mut placed, mut held) = (0u128, 0u128);
        for s in 0..81 {
            if self.values.get(s) == d {
                placed |= 1 << s;
            } else if self.cands[s].contains(d) {
                held |= 1 << s;
            }
        }
        Some((held, memo.used_squares(usize::from(d), placed, held) & held))
    }

    /// How many squares hold digit `d`.
    pub fn placed_count(&self, d: u8) -> usize {
        self.values.cells().iter().filter(|&&v| v == d).count()
    }

    /// Puts `d` in square `s` and removes it from the candidates of its peers.
    pub fn place(&mut self, s: usize, d: u8) {
        if self.values.get(s) != 0 {
            return;
        }
        self.values.set(s, d);
        self.unsolved -= 1;
        for old in self.cands[s].iter() {
            self.eliminate(s, old);
        }
        let geometry = self.geometry;
        for &(u, _) in geometry.slots(s) {
            self.empty[u] -= 1;
            match self.empty[u] {
                1 => self.last_units |= 1 << u,
                0 => self.last_units &= !(1 << u),
                _ => {}
            }
            // The peers that lose `d` are the places `d` had in the
            // square's units: fewer than the peers, so visit only those.
            let squares = geometry.squares(u);
            let mut places = self.positions(u, d);
            while places != 0 {
                let i = places.trailing_zeros() as usize;
                places &= places - 1;
                self.eliminate(squares[i], d);
            }
        }
    }

    /// Removes candidate `d` from square `s`.
    pub fn eliminate(&mut self, s: usize, d: u8) {
        if !self.cands[s].contains(d) {
            return;
        }
        self.cands[s].remove(d);
        for &(u, i) in self.geometry.slots(s) {
            let places = &mut self.positions[u * self.stride + usize::from(d)];
            *places &= !(1 << i);
            if !at_most_one(*places) {
                continue;
            }
            let lone = &mut self.lone[u];
            let before = *lone;
            if *places == 0 {
                *lone &= !(1 << d);
            } else {
                *lone |= 1 << d;
            }
            // The unit mask changes only when the unit gains its first
            // lone digit or loses its last.
            if (before == 0) != (*lone == 0) {
                self.lone_units ^= 1 << u;
            }
        }
    }

    /// Makes the moves of `step`: its eliminations, then its placements.
    pub fn apply(&mut self, step: &Step) {
        for c in &step.eliminations {
            self.eliminate(c.square.index(), c.digit);
        }
        for c in &step.placements {
            self.place(c.square.index(), c.digit);
        }
    }

    /// The 729-character pencil-mark form (tdoku, Sukaku): position
    /// `square * side + digit - 1` holds the digit when it is possible
    /// there (a filled square shows only its digit), `.` otherwise.
    pub fn to_marks_line(&self) -> String {
        let n = self.shape().side();
        let mut out = String::with_capacity(self.cands.len() * n);
        for s in 0..self.cands.len() {
            for d in 1..=n as u8 {
                let on = if self.values.get(s) != 0 {
                    self.values.get(s) == d
                } else {
                    self.cands[s].contains(d)
                };
                out.push(if on { Shape::symbol(d) } else { '.' });
            }
        }
        out
    }

    /// Every square's candidates, a filled square holding its digit alone
    /// (as [`State::to_marks_line`] writes them).
    pub fn to_candidates(&self) -> Candidates {
        let mut out = Candidates::full(self.shape());
        for s in 0..self.cands.len() {
            out.set(
                s,
                match self.values.get(s) {
                    0 => self.cands[s],
                    d => Digits::single(d),
                },
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_grid, ParseOptions};

    #[test]
    fn a_puzzle_starts_with_the_candidates_its_givens_allow() {
        let p = parse_grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ParseOptions::default(),
        )
        .unwrap();
        let state = State::from_puzzle(&p);
        assert_eq!(state.cands(0), Digits::EMPTY);
        assert_eq!(state.value(0), 4);
        // A2 sees 4, 8, 5 in row A, 3 in box 1, 2 in column 2.
        assert_eq!(state.cands(1).to_string(), "1679");
        let marks = state.to_marks_line();
        assert_eq!(marks.len(), 729);
        assert_eq!(&marks[..9], "...4.....");
        assert_eq!(&marks[9..18], "1....67.9");
    }

    /// The kept tables agree with a fresh count from the candidates.
    fn assert_tables_agree(state: &State) {
        let geo = state.geometry();
        assert_eq!(state.is_solved(), state.values().is_filled());
        for u in 0..state.shape().units().len() {
            let squares = geo.squares(u);
            let empty = squares.iter().filter(|&&s| state.value(s) == 0).count();
            assert_eq!(state.empty_count(u), empty, "unit {u}");
            assert_eq!(state.last_units() & 1 << u != 0, empty == 1, "unit {u}");
            for d in 1..=9 {
                let scanned = (0..squares.len())
                    .filter(|&i| state.cands(squares[i]).contains(d))
                    .fold(0, |m, i| m | 1 << i);
                assert_eq!(state.positions(u, d), scanned, "unit {u}, digit {d}");
                let lone = state.lone_digits(u) & 1 << d != 0;
                assert_eq!(lone, scanned.count_ones() == 1, "unit {u}, digit {d}");
                let any = state.lone_units() & 1 << u != 0;
                assert_eq!(any, state.lone_digits(u) != 0, "unit {u}");
            }
        }
    }

    #[test]
    fn positions_and_empty_counts_follow_every_move() {
        let p = parse_grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ParseOptions::default(),
        )
        .unwrap();
        let mut state = State::from_puzzle(&p);
        assert_tables_agree(&state);
        let solution = crate::logic::rating::check_unique(&p).unwrap();
        for s in (0..81).step_by(7) {
            for d in state.cands(s).iter().filter(|&d| d != solution.get(s)) {
                state.eliminate(s, d);
            }
            assert_tables_agree(&state);
            state.place(s, solution.get(s));
            assert_tables_agree(&state);
        }
    }

    #[test]
    fn placing_removes_the_digit_from_peers() {
        let p = Grid::empty(Shape::standard());
        let mut state = State::from_puzzle(&p);
        state.place(0, 5);
        assert!(!state.cands(8).contains(5) && !state.cands(72).contains(5));
        assert!(!state.cands(20).contains(5) && state.cands(30).contains(5));
        assert_eq!(state.positions(9, 5), 0, "row A");
        assert_eq!(
            state.positions(10, 5),
            0b1_1111_1000,
            "row B keeps 5 outside box 1"
        );
    }

    #[test]
    fn the_candidates_show_a_filled_square_as_its_digit_as_the_marks_line_does() {
        let p = parse_grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ParseOptions::default(),
        )
        .unwrap();
        let state = State::from_puzzle(&p);
        let candidates = state.to_candidates();
        assert_eq!(candidates.get(0), Digits::single(4));
        assert_eq!(candidates.get(1).to_string(), "1679");
        let line: String = candidates
            .sets()
            .iter()
            .flat_map(|set| {
                (1..=9).map(move |d| {
                    if set.contains(d) {
                        Shape::symbol(d)
                    } else {
                        '.'
                    }
                })
            })
            .collect();
        assert_eq!(line, state.to_marks_line());
    }
}
