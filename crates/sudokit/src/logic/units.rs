//! Names for the places a step talks about: a [`Square`] (`C4`), a
//! candidate ([`Cand`]: a digit in a square) and a [`Unit`] (`row C`,
//! `column 4`, `box 5`), and the [`Geometry`] tables the techniques share
//! (which units cross, which squares see each other, the order in which
//! Sudoku Explainer scans units).
//!
//! Squares and units serialize as the names a person reads, so a step's JSON
//! can be shown as it is.

use crate::grid::Digits;
use crate::shape::{Shape, Size, Variant};
use serde::{Serialize, Serializer};
use std::fmt;
use std::sync::OnceLock;

/// One square of a grid, written `A1`..`I9` (row letter, column number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    index: u16,
    side: u8,
}

impl Square {
    /// Square `index` (row-major) of a grid `side` squares wide.
    pub fn new(index: usize, side: usize) -> Square {
        Square {
            index: index as u16,
            side: side as u8,
        }
    }

    /// Its index, row-major from 0.
    pub fn index(self) -> usize {
        usize::from(self.index)
    }

    /// Its row, from 0.
    pub fn row(self) -> usize {
        self.index() / usize::from(self.side)
    }

    /// Its column, from 0.
    pub fn col(self) -> usize {
        self.index() % usize::from(self.side)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'A' + self.row() as u8),
            self.col() + 1
        )
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A candidate: digit `digit` in square `square`. In JSON,
/// `{"square": "C4", "digit": 7}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Cand {
    /// Where.
    pub square: Square,
    /// Which digit.
    pub digit: u8,
}

impl fmt::Display for Cand {
    /// `C4=7`, the digit as the grid writes it (`B4=A` for 10 on 16x16).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.square, Shape::symbol(self.digit))
    }
}

/// What kind of unit a [`Unit`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// A column.
    Column,
    /// A row.
    Row,
    /// A box.
    Box,
    /// The main diagonal (diagonal variant).
    Diagonal,
    /// The anti-diagonal (diagonal variant).
    AntiDiagonal,
}

/// A unit, by its index in [`Shape::units`]; written `row C`, `column 4`,
/// `box 5`, `main diagonal` or `anti-diagonal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    index: u16,
    side: u8,
}

impl Unit {
    /// Unit `index` of [`Shape::units`] on a grid `side` squares wide.
    pub fn new(index: usize, side: usize) -> Unit {
        Unit {
            index: index as u16,
            side: side as u8,
        }
    }

    /// Its index in [`Shape::units`].
    pub fn index(self) -> usize {
        usize::from(self.index)
    }

    /// Its kind.
    pub fn kind(self) -> UnitKind {
        let (u, n) = (self.index(), usize::from(self.side));
        match u / n {
            0 => UnitKind::Column,
            1 => UnitKind::Row,
            2 => UnitKind::Box,
            _ if u == 3 * n => UnitKind::Diagonal,
            _ => UnitKind::AntiDiagonal,
        }
    }

    /// Its number within its kind, from 0 (row A is 0, column 1 is 0).
    pub fn number(self) -> usize {
        self.index() % usize::from(self.side)
    }

    /// True for a row or a column.
    pub fn is_line(self) -> bool {
        matches!(self.kind(), UnitKind::Row | UnitKind::Column)
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            UnitKind::Column => write!(f, "column {}", self.number() + 1),
            UnitKind::Row => write!(f, "row {}", char::from(b'A' + self.number() as u8)),
            UnitKind::Box => write!(f, "box {}", self.number() + 1),
            UnitKind::Diagonal => f.write_str("main diagonal"),
            UnitKind::AntiDiagonal => f.write_str("anti-diagonal"),
        }
    }
}

impl Serialize for Unit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Tables built once per shape for the techniques.
#[derive(Debug)]
pub struct Geometry {
    /// The shape these tables describe (tables are built once per shape, so
    /// the shape decides equality).
    pub shape: &'static Shape,
    /// Sudoku Explainer's scan order: boxes, then columns, then rows, then
    /// the diagonals.
    pub scan: Vec<usize>,
    /// For each square, its row, column and box unit.
    pub row_col_box: Vec<[usize; 3]>,
    /// For each pair of squares (`a * squares + b`), whether they share a unit.
    sees: Vec<bool>,
    /// For each unit and square (`u * squares + s`), whether the unit holds it.
    holds: Vec<bool>,
    /// Each square's peers in square order.
    peers: Vec<Vec<usize>>,
    /// Each square's peers as a set (bit `t` for square `t`); empty above
    /// 128 squares.
    peer_bits: Vec<u128>,
    /// The units of `scan` as three runs, each a mask (bit `u` for unit
    /// `u`): boxes, then columns and rows, then diagonals.
    scan_runs: [u128; 3],
    /// For each square, the units that hold it and its place in each.
    slots: Vec<Vec<(usize, usize)>>,
    /// For each square, its box, row and column as chains link them.
    linked: Vec<[Linked; 3]>,
    /// For each unit, the units it shares two or more squares with (a box
    /// and a line, a box and a diagonal), with the shared squares as
    /// positions of each.
    crossings: Vec<Vec<Crossing>>,
}

/// One of a square's box, row and column, as a chain follows a digit
/// through it (see [`Geometry::linked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Linked {
    /// The unit.
    pub unit: usize,
    /// The square's own place in it (bit `i` for the unit's `i`-th square).
    pub here: u32,
    /// The square's place and the places also in an earlier of the three
    /// units (box, then row, then column): a chain reaches each peer once,
    /// through the first unit that holds it.
    pub before: u32,
}

/// Two units that share two or more squares, seen from the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// The other unit.
    pub unit: usize,
    /// The shared squares, as positions in the first unit (bit `i` for its
    /// `i`-th square).
    pub here: u32,
    /// The shared squares, as positions in the other unit.
    pub there: u32,
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        self.shape == other.shape
    }
}

impl Eq for Geometry {}

impl Geometry {
    /// The tables for `shape`, built on first use.
    pub fn of(shape: &'static Shape) -> &'static Geometry {
        static TABLES: [OnceLock<Geometry>; 10] = [const { OnceLock::new() }; 10];
        let index = Size::ALL
            .iter()
            .position(|s| *s == shape.size())
            .unwrap_or(0)
            * 2
            + usize::from(shape.variant() == Variant::Diagonal);
        TABLES[index].get_or_init(|| Geometry::build(shape))
    }

    fn build(shape: &'static Shape) -> Geometry {
        let n = shape.side();
        let count = shape.square_count();
        let mut scan: Vec<usize> = (2 * n..3 * n).collect();
        scan.extend(0..2 * n);
        scan.extend(3 * n..shape.units().len());
        let row_col_box: Vec<[usize; 3]> = (0..count)
            .map(|s| {
                let (r, c) = (s / n, s % n);
                let b = shape
                    .units_of(s)
                    .iter()
                    .copied()
                    .find(|&u| (2 * n..3 * n).contains(&u));
                [n + r, c, b.unwrap_or(2 * n)]
            })
            .collect();
        let mut sees = vec![false; count * count];
        for s in 0..count {
            for &p in shape.peers(s) {
                sees[s * count + p] = true;
            }
        }
        let mut holds = vec![false; shape.units().len() * count];
        for (u, unit) in shape.units().iter().enumerate() {
            for &s in unit {
                holds[u * count + s] = true;
            }
        }
        let peers: Vec<Vec<usize>> = (0..count)
            .map(|s| {
                let mut p = shape.peers(s).to_vec();
                p.sort_unstable();
                p
            })
            .collect();
        let peer_bits = match count {
            0..=128 => peers
                .iter()
                .map(|p| p.iter().fold(0u128, |set, &t| set | 1 << t))
                .collect(),
            _ => Vec::new(),
        };
        let mut slots = vec![Vec::new(); count];
        for (u, unit) in shape.units().iter().enumerate() {
            for (i, &s) in unit.iter().enumerate() {
                slots[s].push((u, i));
            }
        }
        let mask = |u: usize, other: usize| -> u32 {
            let squares = &shape.units()[u];
            (0..squares.len())
                .filter(|&i| holds[other * count + squares[i]])
                .fold(0, |m, i| m | 1 << i)
        };
        let crossings = (0..shape.units().len())
            .map(|u| {
                (0..shape.units().len())
                    .filter(|&v| v != u)
                    .map(|v| Crossing {
                        unit: v,
                        here: mask(u, v),
                        there: mask(v, u),
                    })
                    .filter(|c| c.here.count_ones() >= 2)
                    .collect()
            })
            .collect();
        let linked = (0..count)
            .map(|s| {
                let [row, column, boxed]: [usize; 3] = row_col_box[s];
                let units = [boxed, row, column];
                units.map(|u| {
                    let squares = &shape.units()[u];
                    let place = |i: usize| -> u32 { 1 << i };
                    let here = (0..squares.len())
                        .filter(|&i| squares[i] == s)
                        .fold(0, |m, i| m | place(i));
                    let before = (0..squares.len())
                        .filter(|&i| {
                            units
                                .iter()
                                .take_while(|&&v| v != u)
                                .any(|&v| holds[v * count + squares[i]])
                        })
                        .fold(here, |m, i| m | place(i));
                    Linked {
                        unit: u,
                        here,
                        before,
                    }
                })
            })
            .collect();
        Geometry {
            shape,
            scan,
            row_col_box,
            linked,
            sees,
            holds,
            peers,
            peer_bits,
            slots,
            crossings,
            scan_runs: [2 * n..3 * n, 0..2 * n, 3 * n..shape.units().len()]
                .map(|run| run.fold(0, |mask, u| mask | 1 << u)),
        }
    }

    /// True when squares `a` and `b` are different and share a unit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.sees[a * self.shape.square_count() + b]
    }

    /// The peers of square `s`, in square order.
    pub fn peers(&self, s: usize) -> &[usize] {
        &self.peers[s]
    }

    /// The peers of square `s` as a set (bit `t` for square `t`), on grids
    /// of 128 squares or fewer.
    pub fn peer_bits(&self, s: usize) -> Option<u128> {
        self.peer_bits.get(s).copied()
    }

    /// True when unit `u` holds square `s`.
    pub fn holds(&self, u: usize, s: usize) -> bool {
        self.holds[u * self.shape.square_count() + s]
    }

    /// The units that hold square `s`, each with the square's place in it.
    pub fn slots(&self, s: usize) -> &[(usize, usize)] {
        &self.slots[s]
    }

    /// Square `s`'s box, row and column in the order Sudoku Explainer's
    /// chains link them, each with the places a chain from `s` skips there.
    pub fn linked(&self, s: usize) -> &[Linked; 3] {
        &self.linked[s]
    }

    /// The units that share two or more squares with unit `u`, in order.
    pub fn crossings(&self, u: usize) -> &[Crossing] {
        &self.crossings[u]
    }

    /// The units of `units` (bit `u` for unit `u`) in scan order.
    pub fn in_scan_order(&self, units: u128) -> impl Iterator<Item = usize> + '_ {
        self.scan_runs.iter().flat_map(move |&run| {
            let mut bits = units & run;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let u = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    u
                })
            })
        })
    }

    /// The first unit of `units` (bit `u` for unit `u`) in scan order.
    pub fn first_in_scan_order(&self, units: u128) -> Option<usize> {
        self.scan_runs.iter().find_map(|&run| {
            let bits = units & run;
            (bits != 0).then(|| bits.trailing_zeros() as usize)
        })
    }

    /// How many squares units `a` and `b` share.
    pub fn overlap(&self, a: usize, b: usize) -> usize {
        self.squares(a)
            .iter()
            .filter(|&&s| self.holds(b, s))
            .count()
    }

    /// The units of `kind`, in order (rows A.., columns 1.., boxes 1..).
    pub fn units_of_kind(&self, kind: UnitKind) -> std::ops::Range<usize> {
        let n = self.shape.side();
        match kind {
            UnitKind::Column => 0..n,
            UnitKind::Row => n..2 * n,
            UnitKind::Box => 2 * n..3 * n,
            UnitKind::Diagonal => 3 * n..(3 * n + 1).min(self.shape.units().len()),
            UnitKind::AntiDiagonal => {
                (3 * n + 1).min(self.shape.units().len())..self.shape.units().len()
            }
        }
    }

    /// The squares of unit `u`.
    pub fn squares(&self, u: usize) -> &[usize] {
        &self.shape.units()[u]
    }

    /// Unit `u` as a [`Unit`].
    pub fn unit(&self, u: usize) -> Unit {
        Unit::new(u, self.shape.side())
    }

    /// Square `s` as a [`Square`].
    pub fn square(&self, s: usize) -> Square {
        Square::new(s, self.shape.side())
    }

    /// Candidate `digit` of square `s`.
    pub fn cand(&self, s: usize, digit: u8) -> Cand {
        Cand {
            square: self.square(s),
            digit,
        }
    }

    /// The digits `digits` of square `s`, as candidates.
    pub fn cands(&self, s: usize, digits: Digits) -> impl Iterator<Item = Cand> {
        let square = self.square(s);
        digits.iter().map(move |digit| Cand { square, digit })
    }

    /// The unit of `kind` (row, column or box) that holds square `s`.
    pub fn unit_of(&self, s: usize, kind: UnitKind) -> usize {
        match kind {
            UnitKind::Row => self.row_col_box[s][0],
            UnitKind::Column => self.row_col_box[s][1],
            _ => self.row_col_box[s][2],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_reaches_each_peer_in_box_row_and_column_once() {
        for size in [Size::Four, Size::Six, Size::Nine, Size::Sixteen] {
            let shape = Shape::of(size, Variant::Standard);
            let g = Geometry::of(shape);
            for s in 0..shape.square_count() {
                let linked = g.linked(s);
                let [row, column, boxed] = g.row_col_box[s];
                assert_eq!(linked.map(|l| l.unit), [boxed, row, column]);
                let mut reached: Vec<usize> = Vec::new();
                for l in linked {
                    let squares = g.squares(l.unit);
                    assert_eq!(squares[l.here.trailing_zeros() as usize], s);
                    let all = (1u32 << squares.len()) - 1;
                    let mut rest = all & !l.before;
                    while rest != 0 {
                        reached.push(squares[rest.trailing_zeros() as usize]);
                        rest &= rest - 1;
                    }
                }
                let mut peers = g.peers(s).to_vec();
                reached.sort_unstable();
                peers.sort_unstable();
                assert_eq!(reached, peers, "square {s} of {size:?}");
            }
        }
    }

    #[test]
    fn squares_and_units_are_named_as_people_write_them() {
        let g = Geometry::of(Shape::standard());
        assert_eq!(g.square(2 * 9 + 3).to_string(), "C4");
        assert_eq!(g.unit(3).to_string(), "column 4");
        assert_eq!(g.unit(9 + 2).to_string(), "row C");
        assert_eq!(g.unit(18 + 4).to_string(), "box 5");
        assert_eq!(g.scan[0], 18, "Sudoku Explainer scans boxes first");
        for shape in [
            Shape::standard(),
            Shape::of(Size::TwentyFive, Variant::Diagonal),
        ] {
            let g = Geometry::of(shape);
            let all = (1u128 << shape.units().len()) - 1;
            assert_eq!(g.in_scan_order(all).collect::<Vec<_>>(), g.scan);
            let rows = ((1u128 << 9) - 1) << shape.side();
            assert_eq!(
                g.first_in_scan_order(rows | 1 << 3),
                Some(3),
                "columns first"
            );
            assert_eq!(g.first_in_scan_order(0), None);
        }
        assert_eq!(g.unit_of(80, UnitKind::Box), 26);
        assert!(g.sees(0, 10) && !g.sees(0, 0) && !g.sees(0, 13));
        let json = serde_json::to_string(&Cand {
            square: g.square(20),
            digit: 7,
        })
        .unwrap();
        assert_eq!(json, r#"{"square":"C3","digit":7}"#);
    }
}
