//! Full house, naked single and hidden single as HoDoKu finds them: from
//! the queues its grid keeps ([`Board`]), oldest first, so the path places
//! its singles in HoDoKu's order.

use crate::logic::hodoku::board::{bit, units_of, Board};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// The unit in which the waiting naked single `(s, d)` is a full house:
/// the first of its row, column and box without another candidate.
fn full_house_unit(board: &Board, s: usize, d: u8) -> Option<usize> {
    units_of(s)
        .into_iter()
        .find(|&u| board.open(u) & !bit(d) == 0)
}

/// The first full house among the naked singles waiting (none is taken).
pub fn full_house(board: &Board) -> Option<Move> {
    first_full_house(board).map(|(s, d, u)| Move::single(Kind::FullHouse, s, d, Some(u)))
}

/// The first full house among the naked singles waiting, as its square,
/// digit and unit (none is taken).
pub fn first_full_house(board: &Board) -> Option<(usize, u8, usize)> {
    board
        .naked_queue()
        .waiting()
        .filter(|&(s, _)| board.value(s) == 0)
        .find_map(|(s, d)| full_house_unit(board, s, d).map(|u| (s, d, u)))
}

/// Every full house, once per square.
pub fn all_full_houses(board: &Board) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for (s, d) in board.naked_queue().waiting() {
        if board.value(s) != 0 || out.iter().any(|m| m.cells[0] == s) {
            continue;
        }
        if let Some(u) = full_house_unit(board, s, d) {
            out.push(Move::single(Kind::FullHouse, s, d, Some(u)));
        }
    }
    out
}

/// The oldest naked single still open; the filled squares' entries before
/// it are taken and dropped.
pub fn naked_single(board: &mut Board) -> Option<Move> {
    take_naked_single(board).map(|(s, d)| Move::single(Kind::NakedSingle, s, d, None))
}

/// The oldest naked single still open, as its square and digit; the
/// filled squares' entries before it are taken and dropped.
pub fn take_naked_single(board: &mut Board) -> Option<(usize, u8)> {
    while let Some((s, d)) = board.take_naked() {
        if board.value(s) == 0 {
            return Some((s, d));
        }
    }
    None
}

/// Every naked single waiting, in queue order.
pub fn all_naked_singles(board: &Board) -> Vec<Move> {
    board
        .naked_queue()
        .waiting()
        .filter(|&(s, _)| board.value(s) == 0)
        .map(|(s, d)| Move::single(Kind::NakedSingle, s, d, None))
        .collect()
}

/// The unit in which `d` has one place left, the square's row, column or
/// box (the first that has).
fn hidden_unit(board: &Board, s: usize, d: u8) -> Option<usize> {
    units_of(s).into_iter().find(|&u| board.free(u, d) == 1)
}

/// The oldest hidden single still open. Its entry is taken even when no
/// unit of its square has the digit once any more: then there is none.
pub fn hidden_single(board: &mut Board) -> Option<Move> {
    take_hidden_single(board).map(|(s, d, u)| Move::single(Kind::HiddenSingle, s, d, Some(u)))
}

/// The oldest hidden single still open, as its square, digit and unit
/// (taken as [`hidden_single`] takes it).
pub fn take_hidden_single(board: &mut Board) -> Option<(usize, u8, usize)> {
    while let Some((s, d)) = board.take_hidden() {
        if board.value(s) == 0 {
            let u = hidden_unit(board, s, d)?;
            return Some((s, d, u));
        }
    }
    None
}

/// Every hidden single waiting, once per square, in queue order.
pub fn all_hidden_singles(board: &Board) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for (s, d) in board.hidden_queue().waiting() {
        if board.value(s) != 0 || out.iter().any(|m| m.cells[0] == s) {
            continue;
        }
        if let Some(u) = hidden_unit(board, s, d) {
            out.push(Move::single(Kind::HiddenSingle, s, d, Some(u)));
        }
    }
    out
}
