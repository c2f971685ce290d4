//! The geometry of a puzzle: its size, its box shape, its variant, and the
//! tables of squares, units and peers that every engine reads.
//!
//! Norvig's vocabulary is used throughout. A *square* is one cell. A *unit* is a
//! column, a row or a box (and, in the diagonal variant, each main diagonal):
//! a set of squares that must hold every digit once. The *peers* of a square
//! are the other squares that share a unit with it.
//!
//! The tables are built once per shape, on first use, and shared after that
//! (`Shape::of` hands out `&'static Shape`), so an engine never rebuilds them.
//!
//! Units are listed in Norvig's order: the columns, then the rows, then the
//! boxes, then the diagonals. So `units_of(C2)` is column 2, row C, then the
//! top-left box, as in his tests.
//!
//! Square names: rows are letters from `A`, columns are numbers from `1`.
//! A 9x9 grid runs `A1`..`I9` as in the documents; 16x16 runs `A1`..`P16`, and
//! 25x25 runs `A1`..`Y25`.

use std::sync::OnceLock;

/// The side length and box shape of a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// 4x4 with 2x2 boxes.
    Four,
    /// 6x6 with boxes of 2 rows by 3 columns.
    Six,
    /// The standard 9x9 with 3x3 boxes.
    Nine,
    /// 16x16 with 4x4 boxes (hexadoku).
    Sixteen,
    /// 25x25 with 5x5 boxes.
    TwentyFive,
}

impl Size {
    /// Every supported size, smallest first.
    pub const ALL: [Size; 5] = [
        Size::Four,
        Size::Six,
        Size::Nine,
        Size::Sixteen,
        Size::TwentyFive,
    ];

    /// The number of squares along one side (also the number of digits).
    pub fn side(self) -> usize {
        match self {
            Size::Four => 4,
            Size::Six => 6,
            Size::Nine => 9,
            Size::Sixteen => 16,
            Size::TwentyFive => 25,
        }
    }

    /// Rows and columns of one box.
    pub fn box_dims(self) -> (usize, usize) {
        match self {
            Size::Four => (2, 2),
            Size::Six => (2, 3),
            Size::Nine => (3, 3),
            Size::Sixteen => (4, 4),
            Size::TwentyFive => (5, 5),
        }
    }

    /// The size whose side is `side`, if sudokit supports it.
    pub fn from_side(side: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.side() == side)
    }

    /// The size with `count` squares in all, if sudokit supports it.
    pub fn from_square_count(count: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.side() * s.side() == count)
    }
}

/// Which extra constraints a grid carries beyond rows, columns and boxes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows, columns and boxes only.
    #[default]
    Standard,
    /// Both main diagonals are units too ("X-sudoku").
    Diagonal,
}

/// The squares, units and peers of one size and variant.
#[derive(Debug)]
pub struct Shape {
    size: Size,
    variant: Variant,
    names: Vec<String>,
    units: Vec<Vec<usize>>,
    units_of: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
}

/// Shapes are built once per size and variant, so those two decide equality.
impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        self.size == other.size && self.variant == other.variant
    }
}

impl Eq for Shape {}

impl Shape {
    /// The shared tables for `size` and `variant`, built on first use.
    pub fn of(size: Size, variant: Variant) -> &'static Shape {
        static TABLES: [OnceLock<Shape>; 10] = [const { OnceLock::new() }; 10];
        let index = Size::ALL.iter().position(|s| *s == size).unwrap_or(0) * 2
            + usize::from(variant == Variant::Diagonal);
        TABLES[index].get_or_init(|| Shape::build(size, variant))
    }

    /// The standard 9x9 shape.
    pub fn standard() -> &'static Shape {
        Shape::of(Size::Nine, Variant::Standard)
    }

    fn build(size: Size, variant: Variant) -> Shape {
        let n = size.side();
        let (box_rows, box_cols) = size.box_dims();
        let at = |row: usize, col: usize| row * n + col;

        let mut units: Vec<Vec<usize>> = Vec::new();
        for col in 0..n {
            units.push((0..n).map(|row| at(row, col)).collect());
        }
        for row in 0..n {
            units.push((0..n).map(|col| at(row, col)).collect());
        }
        for band in (0..n).step_by(box_rows) {
            for stack in (0..n).step_by(box_cols) {
                let mut unit = Vec::with_capacity(n);
                for row in band..band + box_rows {
                    for col in stack..stack + box_cols {
                        unit.push(at(row, col));
                    }
                }
                units.push(unit);
            }
        }
        if variant == Variant::Diagonal {
            units.push((0..n).map(|i| at(i, i)).collect());
            units.push((0..n).map(|i| at(i, n - 1 - i)).collect());
        }

        let squares = n * n;
        let units_of: Vec<Vec<usize>> = (0..squares)
            .map(|s| {
                (0..units.len())
                    .filter(|&u| units[u].contains(&s))
                    .collect()
            })
            .collect();
        // Peers in order of first appearance along the square's units, which is
        // the order Norvig's documents print them in.
        let peers = (0..squares)
            .map(|s| {
                let mut peers = Vec::new();
                for &u in &units_of[s] {
                    for &p in &units[u] {
                        if p != s && !peers.contains(&p) {
                            peers.push(p);
                        }
                    }
                }
                peers
            })
            .collect();
        let names = (0..squares)
            .map(|s| {
                let row = char::from(b'A' + (s / n) as u8);
                format!("{row}{}", s % n + 1)
            })
            .collect();
        Shape {
            size,
            variant,
            names,
            units,
            units_of,
            peers,
        }
    }

    /// The size of the grid.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The variant of the grid.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Squares along one side, which is also the number of digits.
    pub fn side(&self) -> usize {
        self.size.side()
    }

    /// Rows and columns of one box.
    pub fn box_dims(&self) -> (usize, usize) {
        self.size.box_dims()
    }

    /// Number of squares (81 for 9x9).
    pub fn square_count(&self) -> usize {
        self.names.len()
    }

    /// All units, in Norvig's order: columns, rows, boxes, diagonals.
    pub fn units(&self) -> &[Vec<usize>] {
        &self.units
    }

    /// The indices (into [`Shape::units`]) of the units that hold square `s`.
    pub fn units_of(&self, s: usize) -> &[usize] {
        &self.units_of[s]
    }

    /// The peers of square `s`.
    pub fn peers(&self, s: usize) -> &[usize] {
        &self.peers[s]
    }

    /// The name of square `s`, such as `C2`.
    pub fn name(&self, s: usize) -> &str {
        &self.names[s]
    }

    /// The square called `name`, such as `C2`.
    pub fn square(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// A short description of unit `u`, such as `row C`, `column 2` or `box 1`.
    pub fn unit_name(&self, u: usize) -> String {
        let n = self.side();
        match u {
            u if u < n => format!("column {}", u + 1),
            u if u < 2 * n => format!("row {}", char::from(b'A' + (u - n) as u8)),
            u if u < 3 * n => format!("box {}", u - 2 * n + 1),
            u if u == 3 * n => "main diagonal".to_string(),
            _ => "anti-diagonal".to_string(),
        }
    }

    /// The character that writes digit `d` (1-9, then A, B, C, ...).
    pub fn symbol(d: u8) -> char {
        match d {
            0 => '.',
            1..=9 => char::from(b'0' + d),
            _ => char::from(b'A' + d - 10),
        }
    }

    /// The digit a symbol stands for in a grid of side `side`, if any:
    /// `Some(0)` for an empty square, `Some(d)` for a digit, `None` for a
    /// character that is not a symbol of this size (to be ignored or rejected).
    pub fn digit(c: char, side: usize) -> Option<u8> {
        match c {
            '.' | '0' => Some(0),
            '1'..='9' => Some(c as u8 - b'0'),
            'A'..='Z' | 'a'..='z' if side > 9 => Some(c.to_ascii_uppercase() as u8 - b'A' + 10),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(shape: &Shape, squares: &[usize]) -> Vec<String> {
        squares.iter().map(|&s| shape.name(s).to_string()).collect()
    }

    #[test]
    fn standard_geometry_matches_norvig() {
        let shape = Shape::standard();
        assert_eq!(shape.square_count(), 81);
        assert_eq!(shape.units().len(), 27);
        for s in 0..81 {
            assert_eq!(shape.units_of(s).len(), 3);
            assert_eq!(shape.peers(s).len(), 20);
        }
        let c2 = shape.square("C2").unwrap();
        let units: Vec<Vec<String>> = shape
            .units_of(c2)
            .iter()
            .map(|&u| names(shape, &shape.units()[u]))
            .collect();
        assert_eq!(
            units,
            vec![
                vec!["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2"],
                vec!["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"],
                vec!["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"],
            ]
        );
        assert_eq!(
            names(shape, shape.peers(c2)).join(" "),
            "A2 B2 D2 E2 F2 G2 H2 I2 C1 C3 C4 C5 C6 C7 C8 C9 A1 A3 B1 B3"
        );
        assert_eq!(shape.name(0), "A1");
        assert_eq!(shape.name(80), "I9");
    }

    #[test]
    fn diagonal_geometry_matches_facts() {
        let shape = Shape::of(Size::Nine, Variant::Diagonal);
        assert_eq!(shape.units().len(), 29);
        let check = |name: &str, units: usize, peers: usize| {
            let s = shape.square(name).unwrap();
            assert_eq!(shape.units_of(s).len(), units, "{name}");
            assert_eq!(shape.peers(s).len(), peers, "{name}");
        };
        check("A1", 4, 26);
        check("E5", 5, 32);
        check("A2", 3, 20);
    }

    #[test]
    fn every_size_has_consistent_tables() {
        for size in Size::ALL {
            let shape = Shape::of(size, Variant::Standard);
            let n = size.side();
            let (r, c) = size.box_dims();
            assert_eq!(r * c, n);
            assert_eq!(shape.square_count(), n * n);
            assert_eq!(shape.units().len(), 3 * n);
            for s in 0..n * n {
                // Row and column give 2(n-1) peers; the box adds those outside both.
                assert_eq!(shape.peers(s).len(), 2 * (n - 1) + (r - 1) * (c - 1));
            }
            for unit in shape.units() {
                assert_eq!(unit.len(), n);
            }
        }
        let hex = Shape::of(Size::Sixteen, Variant::Standard);
        assert_eq!(hex.name(255), "P16");
    }

    #[test]
    fn symbols_round_trip() {
        for d in 1..=25u8 {
            assert_eq!(Shape::digit(Shape::symbol(d), 25), Some(d));
        }
        assert_eq!(Shape::digit('A', 9), None);
        assert_eq!(Shape::digit('g', 16), Some(16));
    }
}
