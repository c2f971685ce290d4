//! Simple and multi colors as HoDoKu finds them. For each digit, the
//! squares in a conjugate pair (a unit with the digit twice) are colored
//! cluster by cluster, from the first uncolored square, alternating along
//! the pairs of its row, column and box; clusters with one color only are
//! dropped. Digits in order, clusters in order (multi colors: every
//! ordered pair of clusters).

use crate::logic::hodoku::board::{digits, sees, units_of, Board, UNITS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Subtype;

/// A cluster's two colors, each in square order.
type Cluster = [Vec<usize>; 2];

/// The clusters of digit `d`.
fn clusters(board: &Board, d: u8) -> Vec<Cluster> {
    let paired = |s: usize| units_of(s).into_iter().any(|u| board.free(u, d) == 2);
    let mut left: Vec<usize> = (0..81).filter(|&s| board.has(s, d) && paired(s)).collect();
    let mut out = Vec::new();
    while let Some(&start) = left.first() {
        let mut cluster: Cluster = [Vec::new(), Vec::new()];
        color(board, d, start, 0, &mut left, &mut cluster);
        if !cluster[0].is_empty() && !cluster[1].is_empty() {
            cluster[0].sort_unstable();
            cluster[1].sort_unstable();
            out.push(cluster);
        }
    }
    out
}

/// Colors `s` with `c` and, depth first, its conjugates in its row,
/// column and box with the other color.
fn color(board: &Board, d: u8, s: usize, c: usize, left: &mut Vec<usize>, cluster: &mut Cluster) {
    let Some(at) = left.iter().position(|&t| t == s) else {
        return;
    };
    left.remove(at);
    cluster[c].push(s);
    for u in units_of(s) {
        if board.free(u, d) != 2 {
            continue;
        }
        let other = UNITS[u]
            .iter()
            .map(|&t| usize::from(t))
            .find(|&t| t != s && board.has(t, d));
        if let Some(t) = other {
            color(board, d, t, 1 - c, left, cluster);
        }
    }
}

/// True when some square of `a` sees some square of `b`.
fn any_sees(a: &[usize], b: &[usize]) -> bool {
    a.iter().any(|&x| b.iter().any(|&y| sees(x, y)))
}

/// The squares holding `d` that see a square of `a` and one of `b`.
fn trapped(board: &Board, d: u8, a: &[usize], b: &[usize]) -> Vec<(usize, u8)> {
    (0..81)
        .filter(|&t| board.has(t, d))
        .filter(|&t| {
            a.iter()
                .any(|&x| b.iter().any(|&y| sees(t, x) && sees(t, y)))
        })
        .map(|t| (t, d))
        .collect()
}

fn step(sub: Subtype, d: u8, sets: &[&Vec<usize>], deletes: Vec<(usize, u8)>) -> Move {
    let mut m = Move::new(sub.kind());
    m.subtype = Some(sub);
    m.digits.push(d);
    m.cells = sets.iter().flat_map(|s| s.iter().copied()).collect();
    m.groups = sets.iter().map(|s| ((*s).clone(), vec![d])).collect();
    m.deletes = deletes;
    m
}

/// Every simple colors step: for each cluster a wrap (a color that sees
/// itself is false), then a trap (squares seeing both colors).
pub fn all_simple_colors(board: &Board, first: bool) -> Vec<Move> {
    simple_colors_of(board, first, 0x1ff)
}

/// [`all_simple_colors`] of the digits of `wanted` only (a mask, bit 0
/// for 1): colors lie in their digit's squares alone.
fn simple_colors_of(board: &Board, first: bool, wanted: u16) -> Vec<Move> {
    let mut out = Vec::new();
    for d in digits(wanted) {
        for [c1, c2] in clusters(board, d) {
            let mut deletes = Vec::new();
            for set in [&c1, &c2] {
                if any_sees(set, set) {
                    deletes.extend(set.iter().map(|&s| (s, d)));
                }
            }
            if !deletes.is_empty() {
                out.push(step(Subtype::SimpleColorsWrap, d, &[&c1, &c2], deletes));
                if first {
                    return out;
                }
            }
            let deletes = trapped(board, d, &c1, &c2);
            if !deletes.is_empty() {
                out.push(step(Subtype::SimpleColorsTrap, d, &[&c1, &c2], deletes));
                if first {
                    return out;
                }
            }
        }
    }
    out
}

/// True when the squares of `set`, together, see both colors of `other`.
fn sees_both(set: &[usize], other: &Cluster) -> bool {
    let (mut one, mut two) = (false, false);
    for &s in set {
        one |= other[0].iter().any(|&t| sees(s, t));
        two |= other[1].iter().any(|&t| sees(s, t));
        if one && two {
            return true;
        }
    }
    false
}

/// Every multi colors step: for each ordered pair of clusters, type 2 (a
/// color of the first that sees both colors of the second is false), then
/// type 1 (two colors that see each other cannot both be true, so squares
/// seeing both of the other two go).
pub fn all_multi_colors(board: &Board, first: bool) -> Vec<Move> {
    multi_colors_of(board, first, 0x1ff)
}

/// [`all_multi_colors`] of the digits of `wanted` only (see
/// [`simple_colors_of`]).
fn multi_colors_of(board: &Board, first: bool, wanted: u16) -> Vec<Move> {
    let mut out = Vec::new();
    for d in digits(wanted) {
        let all = clusters(board, d);
        for (i, a) in all.iter().enumerate() {
            for (j, b) in all.iter().enumerate() {
                if i == j {
                    continue;
                }
                let sets = [&a[0], &a[1], &b[0], &b[1]];
                let mut deletes = Vec::new();
                for set in [&a[0], &a[1]] {
                    if sees_both(set, b) {
                        deletes.extend(set.iter().map(|&s| (s, d)));
                    }
                }
                if !deletes.is_empty() {
                    out.push(step(Subtype::MultiColors2, d, &sets, deletes));
                    if first {
                        return out;
                    }
                }
                let mut deletes = Vec::new();
                for (x, y, p, q) in [(0, 0, 1, 1), (0, 1, 1, 0), (1, 0, 0, 1), (1, 1, 0, 0)] {
                    if any_sees(&a[x], &b[y]) {
                        deletes.extend(trapped(board, d, &a[p], &b[q]));
                    }
                }
                if !deletes.is_empty() {
                    out.push(step(Subtype::MultiColors1, d, &sets, deletes));
                    if first {
                        return out;
                    }
                }
            }
        }
    }
    out
}

/// The first step of simple colors (`multi` false) or multi colors.
pub fn first_colors(board: &Board, multi: bool) -> Option<Move> {
    first_colors_of(board, multi, 0x1ff)
}

/// [`first_colors`] of the digits of `wanted` only (a mask, bit 0 for
/// 1), taken in order.
pub fn first_colors_of(board: &Board, multi: bool, wanted: u16) -> Option<Move> {
    match multi {
        false => simple_colors_of(board, true, wanted).into_iter().next(),
        true => multi_colors_of(board, true, wanted).into_iter().next(),
    }
}
