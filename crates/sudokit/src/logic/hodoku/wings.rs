//! XY-wing, XYZ-wing and W-wing as HoDoKu finds them: the squares with
//! two (or, for the XYZ-wing's pivot, three) candidates in square order,
//! combined in order; the W-wing's pair of twins joined by a strong link
//! in the first unit (rows, columns, boxes) that has one.

use crate::logic::hodoku::board::{count, digits, peers_mask, sees, squares_of, Board, UNIT_MASKS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// The squares holding `d` that see every square of `all`, in order.
fn seen_by_all(board: &Board, d: u8, all: &[usize]) -> Vec<(usize, u8)> {
    let seeing = all
        .iter()
        .fold(board.squares_with(d), |m, &a| m & peers_mask(a));
    if seeing == 0 {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(seeing.count_ones() as usize);
    out.extend(squares_of(seeing).map(|s| (s, d)));
    out
}

/// Every XY-wing (`xyz` false) or XYZ-wing, in HoDoKu's order.
pub fn all_wings(board: &Board, xyz: bool, first: bool) -> Vec<Move> {
    // The squares with two candidates, and the pivots (those with
    // three for an XYZ-wing), in order, in lists on the stack.
    let squares_holding = |n: u32| {
        let (mut list, mut len) = ([0usize; 81], 0);
        for s in (0..81).filter(|&s| count(board.cands(s)) == n) {
            list[len] = s;
            len += 1;
        }
        (list, len)
    };
    let (pair_list, pairs_len) = squares_holding(2);
    let (pivot_list, pivots_len) = match xyz {
        true => squares_holding(3),
        false => (pair_list, pairs_len),
    };
    let (pairs, pivots) = (&pair_list[..pairs_len], &pivot_list[..pivots_len]);
    // For each square with two candidates, the next one after it with
    // the same two (or `pairs.len()`); and for each pair of digits, the
    // first square holding them.
    const NONE: u8 = u8::MAX;
    let mut next_twin = [NONE; 81];
    let mut first_twin = [NONE; 512];
    for (k, &s) in pairs.iter().enumerate().rev() {
        let mask = usize::from(board.cands(s));
        next_twin[k] = first_twin[mask];
        first_twin[mask] = k as u8;
    }
    let mut out = Vec::new();
    for (i, &p) in pivots.iter().enumerate() {
        let from = if xyz { 0 } else { i + 1 };
        for (j, &a) in pairs.iter().enumerate().skip(from) {
            if count(board.cands(p) | board.cands(a)) != 3 {
                continue;
            }
            // The third square of an XY-wing holds the two of the three
            // digits that the other two do not share; of an XYZ-wing, one
            // of the two pairs of the pivot's digits other than the
            // second's. Only those squares after `a` are tried, one twin
            // to the next, in square order.
            let (pm, am) = (board.cands(p), board.cands(a));
            let wanted = match xyz {
                false => [(pm | am) & !(pm & am), 0],
                true => {
                    let (low, own) = (am & am.wrapping_neg(), pm & !am);
                    [own | low, own | (am & !low)]
                }
            };
            let mut at = wanted.map(|m| match m {
                0 => usize::from(NONE),
                m => usize::from(first_twin[usize::from(m)]),
            });
            loop {
                for k in &mut at {
                    while *k <= j {
                        *k = usize::from(next_twin[*k]);
                    }
                }
                let next = usize::from(at[1] < at[0]);
                let Some(&b) = pairs.get(at[next]) else { break };
                at[next] = usize::from(next_twin[at[next]]);
                if wings_of(board, xyz, [p, a, b], first, &mut out) {
                    return out;
                }
            }
        }
    }
    out
}

/// Adds to `out` the XY-wings squares `p`, `a` and `b` make (each may be
/// the pivot, in that order), or with `xyz` the XYZ-wing of pivot `p`;
/// true when `first` and one was found.
fn wings_of(
    board: &Board,
    xyz: bool,
    [p, a, b]: [usize; 3],
    first: bool,
    out: &mut Vec<Move>,
) -> bool {
    let masks = [board.cands(p), board.cands(a), board.cands(b)];
    if count(masks[0] | masks[1] | masks[2]) != 3
        || masks[0] == masks[1]
        || masks[1] == masks[2]
        || masks[2] == masks[0]
    {
        return false;
    }
    // Each square of an XY-wing's three may be the pivot.
    let tries: &[[usize; 3]] = match xyz {
        true => &[[p, a, b]],
        false => &[[p, a, b], [a, p, b], [b, a, p]],
    };
    for &[pivot, w1, w2] in tries {
        if !sees(pivot, w1) || !sees(pivot, w2) {
            continue;
        }
        let common = board.cands(w1) & board.cands(w2);
        if !common.is_power_of_two() {
            continue;
        }
        let z = common.trailing_zeros() as u8 + 1;
        let seen: &[usize] = if xyz { &[w1, w2, pivot] } else { &[w1, w2] };
        let deletes = seen_by_all(board, z, seen);
        if deletes.is_empty() {
            continue;
        }
        let mut m = Move::new(if xyz { Kind::XyzWing } else { Kind::XyWing });
        m.digits = Vec::with_capacity(3);
        m.digits.extend(digits(board.cands(pivot)));
        if !xyz {
            m.digits.push(z);
        }
        m.cells = vec![pivot, w1, w2];
        m.deletes = deletes;
        out.push(m);
        if first {
            return true;
        }
    }
    false
}

/// Every W-wing, in HoDoKu's order: each square with two candidates, its
/// twins after it, the digit removed first the smaller, then the larger.
pub fn all_w_wings(board: &Board, first: bool) -> Vec<Move> {
    w_wings_linked_by(board, first, linked)
}

/// [`all_w_wings`], with `linked` telling the W-wing of two twins, if
/// any (the tests hand it a plain search of the units).
fn w_wings_linked_by(
    board: &Board,
    first: bool,
    linked: impl Fn(&Board, u8, u8, usize, usize) -> Option<Move>,
) -> Vec<Move> {
    let mut out = Vec::new();
    // The squares with two candidates, in order: a square's twins are
    // among those after it.
    let (mut pairs, mut len) = ([0u8; 81], 0);
    for s in 0..81 {
        if board.value(s) == 0 && count(board.cands(s)) == 2 {
            pairs[len] = s as u8;
            len += 1;
        }
    }
    let pairs = &pairs[..len];
    for (at, &i) in pairs.iter().enumerate() {
        let i = usize::from(i);
        let mask = board.cands(i);
        let low = mask.trailing_zeros() as u8 + 1;
        let high = 16 - mask.leading_zeros() as u8;
        for &j in &pairs[at + 1..] {
            let j = usize::from(j);
            if board.cands(j) != mask {
                continue;
            }
            for (removed, link) in [(low, high), (high, low)] {
                // Most twins see no square of the digit they would remove.
                if board.squares_with(removed) & peers_mask(i) & peers_mask(j) == 0 {
                    continue;
                }
                if let Some(m) = linked(board, removed, link, i, j) {
                    out.push(m);
                    if first {
                        return out;
                    }
                }
            }
        }
    }
    out
}

/// The W-wing of twins `i` and `j` removing `removed`, when a unit holds
/// `link` in exactly two squares, one seeing `i` and one seeing `j`.
fn linked(board: &Board, removed: u8, link: u8, i: usize, j: usize) -> Option<Move> {
    let held = board.squares_with(link) & !(1u128 << i | 1u128 << j);
    for (u, &unit) in UNIT_MASKS.iter().enumerate() {
        if board.free(u, link) != 2 {
            continue;
        }
        // The unit's squares holding the link digit, in the unit's order
        // (a unit's squares are in square order).
        let (mut near_i, mut near_j) = (None, None);
        for s in squares_of(held & unit) {
            if peers_mask(i) & 1 << s != 0 {
                near_i = Some(s);
            } else if peers_mask(j) & 1 << s != 0 {
                near_j = Some(s);
            }
        }
        if let (Some(a), Some(b)) = (near_i, near_j) {
            return Some(w_wing(board, removed, link, [i, j, a, b]));
        }
    }
    None
}

/// The W-wing of twins `i` and `j` removing `removed`, linked through
/// `a` (seeing `i`) and `b` (seeing `j`), the two places of `link` in a
/// unit.
fn w_wing(board: &Board, removed: u8, link: u8, [i, j, a, b]: [usize; 4]) -> Move {
    let mut m = Move::new(Kind::WWing);
    m.digits = vec![removed, link];
    m.cells = vec![i, j];
    m.fins = vec![i, j, a, b];
    m.deletes = seen_by_all(board, removed, &[i, j]);
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::board::UNITS;

    // The searches as they were written first, square by square.
    /// Every XY-wing (`xyz` false) or XYZ-wing, in HoDoKu's order.
    fn all_wings_plain(board: &Board, xyz: bool, first: bool) -> Vec<Move> {
        let held = |s: usize| count(board.cands(s));
        let pairs: Vec<usize> = (0..81).filter(|&s| held(s) == 2).collect();
        let pivots: Vec<usize> = match xyz {
            true => (0..81).filter(|&s| held(s) == 3).collect(),
            false => pairs.clone(),
        };
        let mut out = Vec::new();
        for (i, &p) in pivots.iter().enumerate() {
            let from = if xyz { 0 } else { i + 1 };
            for (j, &a) in pairs.iter().enumerate().skip(from) {
                if count(board.cands(p) | board.cands(a)) != 3 {
                    continue;
                }
                for &b in &pairs[j + 1..] {
                    if wings_of(board, xyz, [p, a, b], first, &mut out) {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// The W-wing of twins `i` and `j` removing `removed`, when a unit holds
    /// `link` in exactly two squares, one seeing `i` and one seeing `j`.
    fn linked_plain(board: &Board, removed: u8, link: u8, i: usize, j: usize) -> Option<Move> {
        for (u, unit) in UNITS.iter().enumerate() {
            if board.free(u, link) != 2 {
                continue;
            }
            let (mut near_i, mut near_j) = (None, None);
            for &s in unit {
                let s = usize::from(s);
                if s != i && s != j && board.has(s, link) {
                    if sees(s, i) {
                        near_i = Some(s);
                    } else if sees(s, j) {
                        near_j = Some(s);
                    }
                }
                if near_i.is_some() && near_j.is_some() {
                    break;
                }
            }
            if let (Some(a), Some(b)) = (near_i, near_j) {
                return Some(w_wing(board, removed, link, [i, j, a, b]));
            }
        }
        None
    }

    #[test]
    fn wings_found_through_twins_and_unit_masks_are_those_the_plain_search_finds() {
        // Random marks, from few candidates to many, some squares placed;
        // and every XY-, XYZ- and W-wing case of HoDoKu's library.
        let boards = crate::logic::hodoku::test_boards::random_then_library(
            3,
            300,
            |round| 15 + round % 40,
            8,
            &[":0800", ":0801", ":0803"],
        );
        let mut found = [0; 3];
        for (i, board) in boards.iter().enumerate() {
            for (n, xyz) in [false, true].into_iter().enumerate() {
                let want = all_wings_plain(board, xyz, false);
                assert_eq!(all_wings(board, xyz, false), want, "board {i} xyz {xyz}");
                assert_eq!(
                    all_wings(board, xyz, true),
                    want[..want.len().min(1)],
                    "board {i}"
                );
                found[n] += want.len();
            }
            let want = w_wings_linked_by(board, false, linked_plain);
            assert_eq!(all_w_wings(board, false), want, "board {i}");
            found[2] += want.len();
        }
        assert!(found.iter().all(|&n| n > 20), "{found:?}");
    }
}
