//! XY-wing, XYZ-wing and W-wing as HoDoKu finds them: the squares with
//! two (or, for the XYZ-wing's pivot, three) candidates in square order,
//! combined in order; the W-wing's pair of twins joined by a strong link
//! in the first unit (rows, columns, boxes) that has one.

use crate::logic::hodoku::board::{count, digits, peers_mask, sees, squares_of, Board, UNITS};
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
    squares_of(seeing).map(|s| (s, d)).collect()
}

/// Every XY-wing (`xyz` false) or XYZ-wing, in HoDoKu's order.
pub fn all_wings(board: &Board, xyz: bool, first: bool) -> Vec<Move> {
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
                let masks = [board.cands(p), board.cands(a), board.cands(b)];
                if count(masks[0] | masks[1] | masks[2]) != 3
                    || masks[0] == masks[1]
                    || masks[1] == masks[2]
                    || masks[2] == masks[0]
                {
                    continue;
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
                    m.digits = digits(board.cands(pivot)).collect();
                    if !xyz {
                        m.digits.push(z);
                    }
                    m.cells = vec![pivot, w1, w2];
                    m.deletes = deletes;
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

/// Every W-wing, in HoDoKu's order: each square with two candidates, its
/// twins after it, the digit removed first the smaller, then the larger.
pub fn all_w_wings(board: &Board, first: bool) -> Vec<Move> {
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
            let mut m = Move::new(Kind::WWing);
            m.digits = vec![removed, link];
            m.cells = vec![i, j];
            m.fins = vec![i, j, a, b];
            m.deletes = seen_by_all(board, removed, &[i, j]);
            return Some(m);
        }
    }
    None
}
