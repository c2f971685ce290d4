//! Locked candidates as HoDoKu finds them: pointing (a digit of a box
//! confined to one row or column; boxes in order, digits in order, the row
//! tried before the column) and claiming (a digit of a row, then of a
//! column, confined to one box).

use crate::logic::hodoku::board::{units_of, Board, UNITS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// Every locked candidate whose confining unit is one of the nine units
/// from `first` (0 rows, 9 columns, 18 boxes), in HoDoKu's order.
fn locked_in(board: &Board, first: usize) -> Vec<Move> {
    let mut out = Vec::new();
    for (u, unit) in UNITS.iter().enumerate().skip(first).take(9) {
        for d in 1..=9u8 {
            let count = board.free(u, d);
            if count != 2 && count != 3 {
                continue;
            }
            let cells: Vec<usize> = unit
                .iter()
                .map(|&s| usize::from(s))
                .filter(|&s| board.has(s, d))
                .collect();
            // In a broken position (a square left with no candidate) the
            // counts may say more places than the unit still has.
            if cells.len() < 2 {
                continue;
            }
            let shared = |k: usize| {
                let one = units_of(cells[0])[k];
                cells.iter().all(|&s| units_of(s)[k] == one).then_some(one)
            };
            let wider = |k: usize| shared(k).filter(|&w| board.free(w, d) > count);
            let (kind, target) = match first {
                18 => match wider(0).or_else(|| wider(1)) {
                    Some(line) => (Kind::LockedCandidates1, line),
                    None => continue,
                },
                _ => match wider(2) {
                    Some(b) => (Kind::LockedCandidates2, b),
                    None => continue,
                },
            };
            let mut m = Move::new(kind);
            m.digits.push(d);
            m.unit = Some(u);
            for &s in &UNITS[target] {
                let s = usize::from(s);
                if !board.has(s, d) {
                    continue;
                }
                match units_of(s).contains(&u) {
                    true => m.cells.push(s),
                    false => m.deletes.push((s, d)),
                }
            }
            out.push(m);
        }
    }
    out
}

/// Every pointing step (boxes), in HoDoKu's order.
pub fn all_pointing(board: &Board) -> Vec<Move> {
    locked_in(board, 18)
}

/// Every claiming step: rows, then columns.
pub fn all_claiming(board: &Board) -> Vec<Move> {
    let mut out = locked_in(board, 0);
    out.extend(locked_in(board, 9));
    out
}
