//! The two states of a puzzle that every engine shares: a [`Grid`] (one digit
//! or an empty square per square: the givens, or a solution) and
//! [`Candidates`] (the set of digits still possible in each square, what
//! Norvig calls `values`).
//!
//! A set of digits is a [`Digits`] bit set: bit `d` stands for digit `d`, so
//! the 25 digits of the largest shape fit in one `u32` and copying a whole
//! candidate grid is a plain memory copy.

use crate::shape::{Shape, Size, Variant};
use std::fmt;

/// A set of digits, one bit per digit (bit 1 = digit 1).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Digits(u32);

impl Digits {
    /// The empty set.
    pub const EMPTY: Digits = Digits(0);

    /// Every digit from 1 to `side`.
    pub fn all(side: usize) -> Digits {
        Digits(((1u32 << side) - 1) << 1)
    }

    /// The set whose bit `d` stands for digit `d` (bit 0 is ignored).
    pub fn from_bits(bits: u32) -> Digits {
        Digits(bits & !1)
    }

    /// The digits in either set.
    pub fn union(self, other: Digits) -> Digits {
        Digits(self.0 | other.0)
    }

    /// The digits in both sets.
    pub fn intersection(self, other: Digits) -> Digits {
        Digits(self.0 & other.0)
    }

    /// The set holding only `d`.
    pub fn single(d: u8) -> Digits {
        Digits(1 << d)
    }

    /// The raw bits (bit `d` for digit `d`).
    pub fn bits(self) -> u32 {
        self.0
    }

    /// How many digits the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when no digit is left.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `d` is in the set.
    pub fn contains(self, d: u8) -> bool {
        self.0 & (1 << d) != 0
    }

    /// Adds `d`.
    pub fn insert(&mut self, d: u8) {
        self.0 |= 1 << d;
    }

    /// Removes `d`.
    pub fn remove(&mut self, d: u8) {
        self.0 &= !(1 << d);
    }

    /// The digits of `self` that are not in `other`.
    pub fn without(self, other: Digits) -> Digits {
        Digits(self.0 & !other.0)
    }

    /// The one digit of a single-digit set.
    pub fn only(self) -> Option<u8> {
        // One bit set, tested without counting them all.
        (self.0 != 0 && self.0 & (self.0 - 1) == 0).then(|| self.0.trailing_zeros() as u8)
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                d
            })
        })
    }
}

impl fmt::Display for Digits {
    /// Writes the digits as Norvig does: `1679` (symbols above 9 as letters).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{}", Shape::symbol(d))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

/// One digit or an empty square (0) per square: a puzzle's givens or a solution.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    shape: &'static Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid of the given shape.
    pub fn empty(shape: &'static Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.square_count()],
        }
    }

    /// A grid from its cells (0 = empty), if there is the right number of
    /// them and every digit fits the shape.
    pub fn from_cells(shape: &'static Shape, cells: Vec<u8>) -> Option<Grid> {
        let side = shape.side() as u8;
        // A running maximum rather than `all`: no early exit, so it
        // vectorizes (`Iterator::max` does not).
        (cells.len() == shape.square_count() && cells.iter().fold(0, |m, &d| d.max(m)) <= side)
            .then_some(Grid { shape, cells })
    }

    /// The same cells read as another variant of the same size (for example
    /// a standard puzzle to be solved as a diagonal one).
    pub fn with_variant(&self, variant: Variant) -> Grid {
        Grid {
            shape: Shape::of(self.shape.size(), variant),
            cells: self.cells.clone(),
        }
    }

    /// The shape of the grid.
    pub fn shape(&self) -> &'static Shape {
        self.shape
    }

    /// The size of the grid.
    pub fn size(&self) -> Size {
        self.shape.size()
    }

    /// The cells, row by row; 0 is an empty square.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit in square `s` (0 when empty).
    pub fn get(&self, s: usize) -> u8 {
        self.cells[s]
    }

    /// Puts digit `d` (0 to clear) in square `s`.
    pub fn set(&mut self, s: usize, d: u8) {
        self.cells[s] = d;
    }

    /// How many squares hold a digit.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// True when every square holds a digit.
    pub fn is_filled(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// True when two givens put the same digit in one unit. Such a grid has
    /// no solution, and a search that does not propagate the givens can go
    /// wrong (the naive one fills the empty squares around the clash) or run
    /// for a very long time: `backtrack` checks this before it searches.
    ///
    /// One pass over the givens with a bit set per unit: each given looks
    /// its units up in the shape's tables, so an empty square costs one test
    /// (on 17-clue puzzles, unit bookkeeping for every square was most of
    /// the cost). [`crate::parse::check_givens`] names the clash.
    pub fn has_clash(&self) -> bool {
        // At most 3 * 25 + 2 units (25x25 diagonal); digits are at most 25.
        let mut seen = [0u32; 80];
        let mut clash = 0u32;
        for (s, &d) in self.cells.iter().enumerate() {
            if d != 0 {
                let bit = 1u32 << d;
                for &u in self.shape.units_of(s) {
                    clash |= seen[u] & bit;
                    seen[u] |= bit;
                }
            }
        }
        clash != 0
    }

    /// The one-line form: one symbol per square, `.` for empty.
    pub fn to_line(&self) -> String {
        let mut line = String::with_capacity(self.cells.len() + 1);
        self.write_line(&mut line);
        line
    }

    /// Appends the one-line form to `out`.
    pub fn write_line(&self, out: &mut String) {
        // Symbols are ASCII: build them as bytes a block at a time and add
        // each block as one string, rather than pushing char by char, which
        // showed up in profiles of large batches.
        out.reserve(self.cells.len());
        for block in self.cells.chunks(81) {
            let mut bytes = [0u8; 81];
            for (b, &d) in bytes.iter_mut().zip(block) {
                *b = Shape::symbol(d) as u8;
            }
            out.push_str(std::str::from_utf8(&bytes[..block.len()]).unwrap_or_default());
        }
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

/// The digits still possible in each square: Norvig's `values`.
#[derive(Clone, PartialEq, Eq)]
pub struct Candidates {
    shape: &'static Shape,
    sets: Vec<Digits>,
}

impl Candidates {
    /// Every digit possible in every square.
    pub fn full(shape: &'static Shape) -> Candidates {
        Candidates {
            shape,
            sets: vec![Digits::all(shape.side()); shape.square_count()],
        }
    }

    /// Each given becomes a single candidate, each empty square gets every
    /// digit; nothing is propagated (the agent's `grid_values`).
    pub fn from_grid(grid: &Grid) -> Candidates {
        let shape = grid.shape();
        let sets = grid
            .cells()
            .iter()
            .map(|&d| {
                if d == 0 {
                    Digits::all(shape.side())
                } else {
                    Digits::single(d)
                }
            })
            .collect();
        Candidates { shape, sets }
    }

    /// The shape of the grid.
    pub fn shape(&self) -> &'static Shape {
        self.shape
    }

    /// The candidates of square `s`.
    pub fn get(&self, s: usize) -> Digits {
        self.sets[s]
    }

    /// Replaces the candidates of square `s`.
    pub fn set(&mut self, s: usize, digits: Digits) {
        self.sets[s] = digits;
    }

    /// All the sets, square by square.
    pub fn sets(&self) -> &[Digits] {
        &self.sets
    }

    /// True when every square has exactly one candidate.
    pub fn is_solved(&self) -> bool {
        self.sets.iter().all(|d| d.len() == 1)
    }

    /// The grid of squares that have one candidate (others empty).
    pub fn to_grid(&self) -> Grid {
        let cells = self.sets.iter().map(|d| d.only().unwrap_or(0)).collect();
        Grid {
            shape: self.shape,
            cells,
        }
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.sets.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_form_writes_letters_above_nine() {
        // Longer than one 81-byte block of `write_line`, with every symbol.
        let shape = Shape::of(
            crate::shape::Size::TwentyFive,
            crate::shape::Variant::Standard,
        );
        let cells: Vec<u8> = (0..625).map(|i| (i % 26) as u8).collect();
        let grid = Grid::from_cells(shape, cells).expect("25x25 cells");
        let line = grid.to_line();
        assert_eq!(line.len(), 625);
        assert!(line.starts_with(".123456789ABCDEFGHIJKLMNOP.1"));
        assert_eq!(&line[620..], "MNOP.");
    }

    #[test]
    fn digit_sets_behave_like_sets() {
        let mut d = Digits::all(9);
        assert_eq!(d.len(), 9);
        d.remove(3);
        assert!(!d.contains(3));
        assert_eq!(d.to_string(), "12456789");
        assert_eq!(Digits::single(7).only(), Some(7));
        assert_eq!(d.only(), None);
        assert_eq!(Digits::all(16).to_string(), "123456789ABCDEFG");
        assert_eq!(d.iter().collect::<Vec<_>>(), vec![1, 2, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn from_cells_rejects_bad_cells() {
        let shape = Shape::standard();
        assert!(Grid::from_cells(shape, vec![0; 80]).is_none());
        assert!(Grid::from_cells(shape, vec![10; 81]).is_none());
        assert!(Grid::from_cells(shape, vec![9; 81]).is_some());
        let mut one_bad = vec![0; 81];
        one_bad[80] = 10;
        assert!(Grid::from_cells(shape, one_bad).is_none());
    }
}
