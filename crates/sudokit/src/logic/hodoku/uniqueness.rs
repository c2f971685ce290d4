//! The uniqueness rules as HoDoKu finds them; so far the bivalue
//! universal grave plus one: every unsolved square but one has two
//! candidates, that one has three, and one of its digits is three times
//! in its row, its column and its box; the square's other digits go.

use crate::logic::hodoku::board::{digits, units_of, Board};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// The BUG+1 step, if the grid is one.
pub fn bug_plus_one(board: &Board) -> Option<Move> {
    let mut three = None;
    for s in 0..81 {
        match board.cands(s).count_ones() {
            0..=2 => {}
            3 if three.is_none() => three = Some(s),
            _ => return None,
        }
    }
    let s = three?;
    // The unit of each kind (row, column, box) where a digit is three
    // times, and that digit: one of each at most, all the same digit.
    let mut thrice: [Option<usize>; 3] = [None; 3];
    let mut digit = None;
    for u in 0..27 {
        for d in 1..=9u8 {
            match board.free(u, d) {
                0..=2 => {}
                3 if thrice[u / 9].is_none() && digit.is_none_or(|e| e == d) => {
                    digit = Some(d);
                    thrice[u / 9] = Some(u);
                }
                _ => return None,
            }
        }
    }
    let d = digit?;
    if !board.has(s, d) || units_of(s).map(Some) != thrice {
        return None;
    }
    let mut m = Move::new(Kind::BugPlus1);
    m.cells.push(s);
    m.deletes = digits(board.cands(s))
        .filter(|&e| e != d)
        .map(|e| (s, e))
        .collect();
    Some(m)
}
