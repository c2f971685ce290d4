//! The turbot fish as HoDoKu finds it: the shortest X-chain, a strong
//! link, a weak link and a strong link on one digit, whose two ends see
//! the squares it clears. HoDoKu lists every such chain (start squares and
//! digits in order, each square's links in its row, column and box order)
//! and takes the one that removes most, then the one whose removals come
//! first; of chains removing the same candidates, the first found.

use crate::logic::hodoku::board::{
    digits, peers_mask, squares_of, units_of, Board, UNITS, UNIT_MASKS,
};
use crate::logic::hodoku::moves::{sorted_chains, Move};
use crate::logic::hodoku::table::Kind;

/// Hands `to` each square linked to `s` by digit `d`, in HoDoKu's order
/// (its row, column, then box, the box's squares in line with `s` left
/// out), with whether the link is strong (the unit holds `d` twice).
pub(super) fn each_link(board: &Board, s: usize, d: u8, mut to: impl FnMut(usize, bool)) {
    for (k, u) in units_of(s).into_iter().enumerate() {
        let strong = board.free(u, d) == 2;
        for &t in &UNITS[u] {
            let t = usize::from(t);
            let in_line = t / 9 == s / 9 || t % 9 == s % 9;
            if t != s && board.has(t, d) && !(k == 2 && in_line) {
                to(t, strong);
            }
        }
    }
}

/// The squares linked to `s` by the digit whose squares are `held`, as
/// [`each_link`] hands them out but as masks: for its row, column and box (the
/// box's squares in line with `s` left out), the unit's linked squares
/// and whether the link is strong. (The search runs through links many
/// times over; masks cost no allocation.)
fn link_masks(board: &Board, held: u128, s: usize, d: u8) -> [(u128, bool); 3] {
    let [row, col, b] = units_of(s);
    let lines = UNIT_MASKS[row] | UNIT_MASKS[col];
    let others = held & !(1 << s);
    [
        (others & UNIT_MASKS[row], board.free(row, d) == 2),
        (others & UNIT_MASKS[col], board.free(col, d) == 2),
        (others & UNIT_MASKS[b] & !lines, board.free(b, d) == 2),
    ]
}

/// Every turbot fish, sorted as HoDoKu sorts them (the first is the one
/// its solver takes).
pub fn all_turbots(board: &Board) -> Vec<Move> {
    all_turbots_of(board, 0x1ff)
}

/// [`all_turbots`] of the digits of `wanted` only (a mask, bit 0 for 1):
/// a turbot fish lies in its digit's squares alone, so a digit whose
/// squares are as they were when it had none can be left out.
pub fn all_turbots_of(board: &Board, wanted: u16) -> Vec<Move> {
    let mut found = Vec::new();
    for start in 0..81 {
        if board.value(start) != 0 {
            continue;
        }
        for d in digits(board.cands(start) & wanted) {
            let held = board.squares_with(d);
            let links = |s: usize| link_masks(board, held, s, d);
            for (m1, strong) in links(start) {
                if !strong {
                    continue;
                }
                for s1 in squares_of(m1) {
                    for (m2, _) in links(s1) {
                        // A chain back to its start is a loop: it ends there.
                        for s2 in squares_of(m2 & !(1 << start)) {
                            for (m3, strong) in links(s2) {
                                if !strong {
                                    continue;
                                }
                                for s3 in squares_of(m3 & !(1 << s1) & !(1 << s2)) {
                                    let gone = held & peers_mask(start) & peers_mask(s3);
                                    if gone == 0 {
                                        continue;
                                    }
                                    let mut m = Move::new(Kind::TurbotFish);
                                    m.digits.push(d);
                                    m.cells = vec![start, s1, s2, s3];
                                    m.deletes = squares_of(gone).map(|t| (t, d)).collect();
                                    found.push(m);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // All of one length: sorted by their removals alone.
    sorted_chains(found.into_iter().map(|m| (m, 0)).collect())
}
