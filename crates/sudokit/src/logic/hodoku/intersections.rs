//! Locked candidates as HoDoKu finds them: pointing (a digit of a box
//! confined to one row or column; boxes in order, digits in order, the row
//! tried before the column) and claiming (a digit of a row, then of a
//! column, confined to one box).

use crate::logic::hodoku::board::{digits, units_of, Board, UNITS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// The locked candidates whose confining unit is one of the nine units
/// from `first` (0 rows, 9 columns, 18 boxes), in HoDoKu's order, each
/// handed to `found`, until it returns false. Only the digits of `wanted`
/// (a mask, bit 0 for 1) are looked at.
fn locked_in(board: &Board, first: usize, wanted: u16, mut found: impl FnMut(Move) -> bool) {
    for u in first..first + 9 {
        for d in digits(wanted & board.open(u)) {
            let count = board.free(u, d);
            if count != 2 && count != 3 {
                continue;
            }
            // The unit's places of `d` (bit `i` for its `i`-th square).
            // In a broken position (a square left with no candidate) the
            // counts may say more places than the unit still has.
            let places = board.places(u, d);
            if places & places.wrapping_sub(1) == 0 {
                continue;
            }
            let third = |lines: u16| (0..3).find(|&k| places & !(lines << (3 * k)) == 0);
            let wider = |w: usize| (board.free(w, d) > count).then_some(w);
            let (kind, target) = match first {
                // A box's places in one of its rows (three in a row of
                // the mask), else in one of its columns (every third).
                18 => {
                    let (top, left) = ((u - 18) / 3 * 3, (u - 18) % 3 * 3);
                    let row = third(0o7).and_then(|k| wider(top + k));
                    let col = || {
                        (0..3)
                            .find(|&k| places & !(0o111 << k) == 0)
                            .and_then(|k| wider(9 + left + k))
                    };
                    match row.or_else(col) {
                        Some(line) => (Kind::LockedCandidates1, line),
                        None => continue,
                    }
                }
                // A line's places in the part one box holds.
                _ => {
                    let line = u % 9;
                    let b = |k: usize| match first {
                        0 => 18 + line / 3 * 3 + k,
                        _ => 18 + k * 3 + line / 3,
                    };
                    match third(0o7).and_then(|k| wider(b(k))) {
                        Some(b) => (Kind::LockedCandidates2, b),
                        None => continue,
                    }
                }
            };
            // Each list made once at its size: the squares in both units,
            // and the target's others holding the digit.
            let mut m = Move::new(kind);
            m.digits = vec![d];
            m.unit = Some(u);
            m.cells = Vec::with_capacity(usize::from(count));
            m.deletes =
                Vec::with_capacity(usize::from(board.free(target, d).saturating_sub(count)));
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
            if !found(m) {
                return;
            }
        }
    }
}

/// Every pointing step (boxes), in HoDoKu's order.
pub fn all_pointing(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    locked_in(board, 18, 0x1ff, |m| {
        out.push(m);
        true
    });
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
    let mut first = None;
    locked_in(board, 18, wanted, |m| {
        first = Some(m);
        false
    });
    first
}

/// Every claiming step: rows, then columns.
pub fn all_claiming(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    for first in [0, 9] {
        locked_in(board, first, 0x1ff, |m| {
            out.push(m);
            true
        });
    }
    out
}

/// The first claiming step: rows, then columns.
pub fn first_claiming(board: &Board) -> Option<Move> {
    first_claiming_of(board, 0x1ff)
}

/// [`first_claiming`] among the digits of `wanted` (see
/// [`first_pointing_of`]).
pub fn first_claiming_of(board: &Board, wanted: u16) -> Option<Move> {
    let mut first = None;
    for lines in [0, 9] {
        locked_in(board, lines, wanted, |m| {
            first = Some(m);
            false
        });
        if first.is_some() {
            break;
        }
    }
    first
}
