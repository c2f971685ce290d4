//! Locked candidates as HoDoKu finds them: pointing (a digit of a box
//! confined to one row or column; boxes in order, digits in order, the row
//! tried before the column) and claiming (a digit of a row, then of a
//! column, confined to one box).

use crate::logic::hodoku::board::{units_of, Board, UNITS, UNIT_MASKS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// The locked candidates whose confining unit is one of the nine units
/// from `first` (0 rows, 9 columns, 18 boxes), in HoDoKu's order, onto
/// `out`; with `stop`, only up to the first. Only the digits of `wanted`
/// (a mask, bit 0 for 1) are looked at.
fn locked_in(board: &Board, first: usize, out: &mut Vec<Move>, stop: bool, wanted: u16) {
    for (u, &unit_mask) in UNIT_MASKS.iter().enumerate().skip(first).take(9) {
        for d in (1..=9u8).filter(|&d| wanted & 1 << (d - 1) != 0) {
            let count = board.free(u, d);
            if count != 2 && count != 3 {
                continue;
            }
            // The unit's squares that hold `d`.
            let held = board.squares_with(d) & unit_mask;
            // In a broken position (a square left with no candidate) the
            // counts may say more places than the unit still has.
            if held & held.wrapping_sub(1) == 0 {
                continue;
            }
            // The unit `k` (row, column, box) of the first of them, when
            // it holds them all.
            let shared = |k: usize| {
                let one = units_of(held.trailing_zeros() as usize)[k];
                (held & !UNIT_MASKS[one] == 0).then_some(one)
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
            if stop {
                return;
            }
        }
    }
}

/// Every pointing step (boxes), in HoDoKu's order.
pub fn all_pointing(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    locked_in(board, 18, &mut out, false, 0x1ff);
    out
}

/// The first pointing step in HoDoKu's order (the one its solver takes).
pub fn first_pointing(board: &Board) -> Option<Move> {
    first_pointing_of(board, 0x1ff)
}

/// [`first_pointing`] among the digits of `wanted` (a mask, bit 0 for
/// 1): a digit's locked candidates lie in its squares alone, so a digit
/// whose squares are as they were when it had none can be left out.
pub fn first_pointing_of(board: &Board, wanted: u16) -> Option<Move> {
    let mut out = Vec::new();
    locked_in(board, 18, &mut out, true, wanted);
    out.pop()
}

/// Every claiming step: rows, then columns.
pub fn all_claiming(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    locked_in(board, 0, &mut out, false, 0x1ff);
    locked_in(board, 9, &mut out, false, 0x1ff);
    out
}

/// The first claiming step: rows, then columns.
pub fn first_claiming(board: &Board) -> Option<Move> {
    first_claiming_of(board, 0x1ff)
}

/// [`first_claiming`] among the digits of `wanted` (see
/// [`first_pointing_of`]).
pub fn first_claiming_of(board: &Board, wanted: u16) -> Option<Move> {
    let mut out = Vec::new();
    locked_in(board, 0, &mut out, true, wanted);
    if out.is_empty() {
        locked_in(board, 9, &mut out, true, wanted);
    }
    out.pop()
}
