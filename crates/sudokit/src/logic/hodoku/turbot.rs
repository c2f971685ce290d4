//! The turbot fish as HoDoKu finds it: the shortest X-chain, a strong
//! link, a weak link and a strong link on one digit, whose two ends see
//! the squares it clears. HoDoKu lists every such chain (start squares and
//! digits in order, each square's links in its row, column and box order)
//! and takes the one that removes most, then the one whose removals come
//! first; of chains removing the same candidates, the first found.

use crate::logic::hodoku::board::{sees, units_of, Board, UNITS};
use crate::logic::hodoku::moves::{sorted_chains, Move};
use crate::logic::hodoku::table::Kind;
use std::cell::OnceCell;

/// The squares linked to `s` by digit `d`, in HoDoKu's order (its row,
/// column, then box, the box's squares in line with `s` left out), each
/// with whether the link is strong (the unit holds `d` twice).
pub(super) fn links(board: &Board, s: usize, d: u8) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    for (k, u) in units_of(s).into_iter().enumerate() {
        let strong = board.free(u, d) == 2;
        for &t in &UNITS[u] {
            let t = usize::from(t);
            let in_line = t / 9 == s / 9 || t % 9 == s % 9;
            if t != s && board.has(t, d) && !(k == 2 && in_line) {
                out.push((t, strong));
            }
        }
    }
    out
}

/// Every turbot fish, sorted as HoDoKu sorts them (the first is the one
/// its solver takes).
pub fn all_turbots(board: &Board) -> Vec<Move> {
    // Each square's links of each digit, worked out when first asked for:
    // the chains ask for most of them many times over.
    let table: Vec<OnceCell<Vec<(usize, bool)>>> = (0..810).map(|_| OnceCell::new()).collect();
    let links = |s: usize, d: u8| table[s * 10 + usize::from(d)].get_or_init(|| links(board, s, d));
    let mut found = Vec::new();
    for start in 0..81 {
        if board.value(start) != 0 {
            continue;
        }
        for d in (1..=9u8).filter(|&d| board.has(start, d)) {
            for &(s1, strong) in links(start, d) {
                if !strong {
                    continue;
                }
                for &(s2, _) in links(s1, d) {
                    // A chain back to its start is a loop: it ends there.
                    if s2 == start {
                        continue;
                    }
                    for &(s3, strong) in links(s2, d) {
                        if !strong || s3 == s1 || s3 == s2 {
                            continue;
                        }
                        let deletes: Vec<(usize, u8)> = (0..81)
                            .filter(|&t| board.has(t, d) && sees(t, start) && sees(t, s3))
                            .map(|t| (t, d))
                            .collect();
                        if deletes.is_empty() {
                            continue;
                        }
                        let mut m = Move::new(Kind::TurbotFish);
                        m.digits.push(d);
                        m.cells = vec![start, s1, s2, s3];
                        m.deletes = deletes;
                        found.push(m);
                    }
                }
            }
        }
    }
    // All of one length: sorted by their removals alone.
    sorted_chains(found.into_iter().map(|m| (m, 0)).collect())
}
