//! Naked and hidden subsets as HoDoKu finds them: boxes, then rows, then
//! columns; in each unit the squares (or digits) combined in order. A
//! naked pair or triple inside one box and one line that removes digits
//! from both is a locked pair or triple, which HoDoKu tries first (boxes
//! only) and leaves out of its naked pairs and triples.

use crate::logic::hodoku::board::{bit, digits, units_of, Board, UNITS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// Which naked subsets a search keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Only the locked ones.
    Locked,
    /// Only the ones that are not locked.
    Naked,
    /// Both.
    All,
}

/// Calls `f` with every `n`-subset of `0..len`, in lexicographic order.
pub(super) fn combinations(n: usize, len: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(
        start: usize,
        n: usize,
        len: usize,
        picked: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]),
    ) {
        if picked.len() == n {
            f(picked);
            return;
        }
        for i in start..len {
            if len - i < n - picked.len() {
                break;
            }
            picked.push(i);
            go(i + 1, n, len, picked, f);
            picked.pop();
        }
    }
    go(0, n, len, &mut Vec::with_capacity(n), f);
}

/// The naked subset of `cells` (holding the digits `mask`): what it removes
/// from the units all its squares share (row, column, box, each in square
/// order), and whether it is locked. `None` when it removes nothing.
fn naked_move(board: &Board, cells: &[usize], mask: u16) -> Option<Move> {
    let first = units_of(cells[0]);
    let shared: Vec<bool> = (0..3)
        .map(|k| cells.iter().all(|&s| units_of(s)[k] == first[k]))
        .collect();
    let mut deletes = Vec::new();
    let mut reached = 0;
    for k in (0..3).filter(|&k| shared[k]) {
        let mut counted = false;
        for &s in &UNITS[first[k]] {
            let s = usize::from(s);
            if cells.contains(&s) {
                continue;
            }
            for d in digits(board.cands(s) & mask) {
                deletes.push((s, d));
                // A line's removals outside the first square's box, or
                // any of the box's, count towards a locked subset.
                if !counted && (k == 2 || units_of(s)[2] != first[2]) {
                    counted = true;
                    reached += 1;
                }
            }
        }
    }
    if deletes.is_empty() {
        return None;
    }
    let locked = cells.len() < 4 && reached > 1 && shared[2] && (shared[0] || shared[1]);
    let kind = match (cells.len(), locked) {
        (2, false) => Kind::NakedPair,
        (2, true) => Kind::LockedPair,
        (3, false) => Kind::NakedTriple,
        (3, true) => Kind::LockedTriple,
        _ => Kind::NakedQuadruple,
    };
    let mut m = Move::new(kind);
    m.cells = cells.to_vec();
    m.digits = digits(mask).collect();
    m.deletes = deletes;
    Some(m)
}

/// Every naked subset of `n` squares in the nine units from `first` (0
/// rows, 9 columns, 18 boxes) that `keep` keeps, in HoDoKu's order.
pub fn naked_in(board: &Board, first: usize, n: usize, keep: Keep) -> Vec<Move> {
    let mut out = Vec::new();
    for unit in UNITS.iter().skip(first).take(9) {
        let open: Vec<usize> = unit
            .iter()
            .map(|&s| usize::from(s))
            .filter(|&s| (1..=n as u32).contains(&board.cands(s).count_ones()))
            .collect();
        if open.len() < n {
            continue;
        }
        combinations(n, open.len(), &mut |picked| {
            let cells: Vec<usize> = picked.iter().map(|&i| open[i]).collect();
            let mask = cells.iter().fold(0, |m, &s| m | board.cands(s));
            if mask.count_ones() as usize != n {
                return;
            }
            if let Some(m) = naked_move(board, &cells, mask) {
                let locked = matches!(m.kind, Kind::LockedPair | Kind::LockedTriple);
                let kept = match keep {
                    Keep::Locked => locked,
                    Keep::Naked => !locked,
                    Keep::All => true,
                };
                if kept {
                    out.push(m);
                }
            }
        });
    }
    out
}

/// Every naked subset of `n` squares that `keep` keeps: boxes, rows, then
/// columns (HoDoKu's order for naked subsets; locked ones are searched in
/// boxes only, where every one of them is).
pub fn all_naked(board: &Board, n: usize, keep: Keep) -> Vec<Move> {
    let mut out = naked_in(board, 18, n, keep);
    if keep != Keep::Locked {
        out.extend(naked_in(board, 0, n, keep));
        out.extend(naked_in(board, 9, n, keep));
    }
    out
}

/// Every hidden subset of `n` digits in the nine units from `first`, in
/// HoDoKu's order: units in order, in each the digits with one to `n`
/// places combined in order.
pub fn hidden_in(board: &Board, first: usize, n: usize) -> Vec<Move> {
    let mut out = Vec::new();
    for (u, unit) in UNITS.iter().enumerate().skip(first).take(9) {
        let open = unit
            .iter()
            .filter(|&&s| board.cands(usize::from(s)) != 0)
            .count();
        if open <= n {
            continue;
        }
        let candidates: Vec<u8> = (1..=9u8)
            .filter(|&d| (1..=n as u8).contains(&board.free(u, d)))
            .collect();
        if candidates.len() < n {
            continue;
        }
        combinations(n, candidates.len(), &mut |picked| {
            let chosen: Vec<u8> = picked.iter().map(|&i| candidates[i]).collect();
            let places = chosen.iter().fold(0, |m, &d| m | board.places(u, d));
            if places.count_ones() as usize != n {
                return;
            }
            let mask = chosen.iter().fold(0u16, |m, &d| m | bit(d));
            let cells: Vec<usize> = (0..9)
                .filter(|i| places & 1 << i != 0)
                .map(|i| usize::from(unit[i]))
                .collect();
            let deletes: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&s| digits(board.cands(s) & !mask).map(move |d| (s, d)))
                .collect();
            if deletes.is_empty() {
                return;
            }
            let mut m = Move::new(match n {
                2 => Kind::HiddenPair,
                3 => Kind::HiddenTriple,
                _ => Kind::HiddenQuadruple,
            });
            m.cells = cells;
            m.digits = chosen;
            m.deletes = deletes;
            out.push(m);
        });
    }
    out
}

/// Every hidden subset of `n` digits: boxes, rows, then columns.
pub fn all_hidden(board: &Board, n: usize) -> Vec<Move> {
    let mut out = hidden_in(board, 18, n);
    out.extend(hidden_in(board, 0, n));
    out.extend(hidden_in(board, 9, n));
    out
}
