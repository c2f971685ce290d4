//! The digits whose Nishio chains find nothing, kept by the digit's
//! pattern, so that a rater does not follow them again at the next step.
//!
//! A Nishio chain (see [`super::dynamic`]) uses one digit's links only: "d
//! on" in a square turns d off in the square's box, row and column, and
//! "d off" turns d on where a unit is left with one place for it. The
//! grid it edits as it goes is that digit's places alone. So everything the
//! chains from the candidates of one digit find depends only on where the
//! digit can still go and which of those squares the rule starts from
//! (those with two candidates or more): the digit's *pattern*.
//!
//! Rating a hard puzzle runs the rule at most steps, and a step changes
//! the patterns of a few digits only. The rule runs at every step where the
//! easier rules find nothing, and it almost never finds anything itself;
//! a digit whose pattern found nothing before is left out (its chains
//! would find nothing again), and the rule follows the others' chains in
//! the same order as before.
//!
//! The table is one per thread; it is emptied when it holds [`BUDGET`]
//! patterns.

use super::board::Board;
use std::cell::RefCell;
use std::collections::HashSet;

/// The most patterns kept (about forty bytes each).
const BUDGET: usize = 200_000;

/// A digit and its pattern: the squares where it can go, and those of them
/// with two candidates or more, as bit sets (up to 128 squares).
pub(super) type Pattern = (u8, u128, u128);

thread_local! {
    static BARREN: RefCell<HashSet<Pattern>> = RefCell::default();
}

/// Each digit's pattern on `board` (index 0 unused), or `None` above 128
/// squares.
pub(super) fn patterns(board: &Board) -> Option<Vec<Pattern>> {
    let shape = board.geometry().shape;
    if shape.square_count() > 128 {
        return None;
    }
    let mut out: Vec<Pattern> = (0..=shape.side()).map(|d| (d as u8, 0, 0)).collect();
    for s in 0..shape.square_count() {
        let cands = board.cands(s);
        let starts = cands.count_ones() >= 2;
        for d in super::bits(cands) {
            out[d].1 |= 1 << s;
            if starts {
                out[d].2 |= 1 << s;
            }
        }
    }
    Some(out)
}

/// True when the Nishio chains of `pattern` were found to give nothing.
pub(super) fn is_barren(pattern: &Pattern) -> bool {
    BARREN.with(|b| b.borrow().contains(pattern))
}

/// Keeps `pattern` as one whose Nishio chains give nothing.
pub(super) fn keep_barren(pattern: Pattern) {
    BARREN.with(|b| {
        let mut b = b.borrow_mut();
        if b.len() >= BUDGET {
            b.clear();
        }
        b.insert(pattern);
    });
}

/// Forgets every pattern (for tests that start from an empty table).
#[cfg(test)]
pub(super) fn forget() {
    BARREN.with(|b| b.borrow_mut().clear());
}
