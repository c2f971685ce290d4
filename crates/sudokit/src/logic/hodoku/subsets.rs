//! Naked and hidden subsets as HoDoKu finds them: boxes, then rows, then
//! columns; in each unit the squares (or digits) combined in order. A
//! naked pair or triple inside one box and one line that removes digits
//! from both is a locked pair or triple, which HoDoKu tries first (boxes
//! only) and leaves out of its naked pairs and triples.

use crate::logic::hodoku::board::{bit, count, digits, units_of, Board, UNITS, UNIT_MASKS};
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

/// The most items [`combinations_until`] picks.
const MOST_PICKED: usize = 16;

/// Calls `f` with every `n`-subset of `0..len` (`n` at most 16), in
/// lexicographic order, until it returns true; true when it did.
pub(super) fn combinations_until(
    n: usize,
    len: usize,
    f: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if n > len {
        return false;
    }
    assert!(n <= MOST_PICKED, "combinations of {n} items");
    let mut picked = [0usize; MOST_PICKED];
    for (i, p) in picked.iter_mut().enumerate().take(n) {
        *p = i;
    }
    loop {
        if f(&picked[..n]) {
            return true;
        }
        // The last pick that can still move on, moved on, and the picks
        // after it right behind it.
        let Some(i) = (0..n).rev().find(|&i| picked[i] < len - n + i) else {
            return false;
        };
        picked[i] += 1;
        for j in i + 1..n {
            picked[j] = picked[j - 1] + 1;
        }
    }
}

/// Calls `f` with every `n`-subset of `masks` (`n` at most 9) whose masks
/// together have exactly `n` bits, in lexicographic order (as
/// [`combinations_until`] would reach them), with the union of their masks,
/// until it returns true; true when it did. A pick whose union already
/// has more than `n` bits is not extended.
pub(super) fn tight_subsets(
    masks: &[u16],
    n: usize,
    f: &mut dyn FnMut(&[usize], u16) -> bool,
) -> bool {
    if n == 0 || n > masks.len() {
        return false;
    }
    assert!(n <= 9, "subsets of {n} items");
    // Pairs, the most searched, by two plain loops.
    if n == 2 {
        for (i, &a) in masks.iter().enumerate() {
            if count(a) > 2 {
                continue;
            }
            for (j, &b) in masks.iter().enumerate().skip(i + 1) {
                if count(a | b) == 2 && f(&[i, j], a | b) {
                    return true;
                }
            }
        }
        return false;
    }
    // All the items, or all but one (most units searched hold few squares
    // or digits open enough): no walk needed. Leaving out the last item
    // comes first in lexicographic order, leaving out the first last.
    let len = masks.len();
    if len <= n + 1 {
        let mut after = [0u16; 11];
        for i in (0..len).rev() {
            after[i] = after[i + 1] | masks[i];
        }
        if len == n {
            let all = [0, 1, 2, 3, 4, 5, 6, 7, 8];
            return count(after[0]) as usize == n && f(&all[..n], after[0]);
        }
        let mut before = [0u16; 10];
        for i in 0..len {
            before[i + 1] = before[i] | masks[i];
        }
        for out in (0..len).rev() {
            let union = before[out] | after[out + 1];
            if count(union) as usize != n {
                continue;
            }
            let mut picked = [0usize; 9];
            for (k, p) in picked.iter_mut().enumerate().take(n) {
                *p = k + usize::from(k >= out);
            }
            if f(&picked[..n], union) {
                return true;
            }
        }
        return false;
    }
    // A depth-first walk kept in arrays rather than by recursion:
    // `unions[k]` is the union of the first `k` picks, `next` the item
    // the pick at `depth` tries next.
    let mut picked = [0usize; 9];
    let mut unions = [0u16; 10];
    let (mut depth, mut next) = (0, 0);
    loop {
        // Room left for the picks after this one.
        let last = masks.len() - (n - depth);
        let mut deeper = false;
        while next <= last {
            let i = next;
            next += 1;
            let wider = unions[depth] | masks[i];
            if count(wider) as usize > n {
                continue;
            }
            picked[depth] = i;
            if depth + 1 == n {
                if count(wider) as usize == n && f(&picked[..n], wider) {
                    return true;
                }
                continue;
            }
            unions[depth + 1] = wider;
            depth += 1;
            deeper = true;
            break;
        }
        if !deeper {
            if depth == 0 {
                return false;
            }
            depth -= 1;
            next = picked[depth] + 1;
        }
    }
}

/// The naked subset of `cells` (holding the digits `mask`): what it removes
/// from the units all its squares share (row, column, box, each in square
/// order), and whether it is locked. `None` when it removes nothing;
/// `Some(None)` when it removes something but is not of the kind `keep`
/// keeps (then no move is made).
fn naked_move(board: &Board, cells: &[usize], mask: u16, keep: Keep) -> Option<Option<Move>> {
    let first = units_of(cells[0]);
    let shared: [bool; 3] =
        std::array::from_fn(|k| cells.iter().all(|&s| units_of(s)[k] == first[k]));
    // Most subsets a search meets remove nothing: the squares that hold
    // their digits, outside them, in the units they share.
    let holding = digits(mask).fold(0, |m, d| m | board.squares_with(d))
        & !cells.iter().fold(0u128, |m, &s| m | 1 << s);
    let removes = |k: usize| shared[k] && UNIT_MASKS[first[k]] & holding != 0;
    if !(0..3).any(removes) {
        return None;
    }
    // A line's removals outside the first square's box, or any of the
    // box's, count towards a locked subset.
    let reached = (0..3)
        .filter(|&k| {
            let outside = if k == 2 { !0 } else { !UNIT_MASKS[first[2]] };
            shared[k] && UNIT_MASKS[first[k]] & holding & outside != 0
        })
        .count();
    let locked = cells.len() < 4 && reached > 1 && shared[2] && (shared[0] || shared[1]);
    let kept = match keep {
        Keep::Locked => locked,
        Keep::Naked => !locked,
        Keep::All => true,
    };
    if !kept {
        return Some(None);
    }
    let mut deletes = Vec::new();
    for k in (0..3).filter(|&k| shared[k]) {
        for &s in &UNITS[first[k]] {
            let s = usize::from(s);
            if cells.contains(&s) {
                continue;
            }
            for d in digits(board.cands(s) & mask) {
                deletes.push((s, d));
            }
        }
    }
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
    Some(Some(m))
}

/// The naked subsets of `n` squares in the nine units from `first` (0
/// rows, 9 columns, 18 boxes) that `keep` keeps, in HoDoKu's order, onto
/// `out`; with `stop`, only up to the first. True when it stopped.
fn naked_into(
    board: &Board,
    first: usize,
    n: usize,
    keep: Keep,
    out: &mut Vec<Move>,
    stop: bool,
    mut quiet: Option<(&mut QuietUnits, &UnitCands)>,
) -> bool {
    for (u, unit) in UNITS.iter().enumerate().skip(first).take(9) {
        if quiet.as_ref().is_some_and(|(q, now)| q[u] == now[u]) {
            continue;
        }
        // The unit's squares with one to `n` candidates, read from the
        // position's units where they are at hand.
        let cands = match quiet.as_ref() {
            Some((_, now)) => now[u],
            None => unit.map(|s| board.cands(usize::from(s))),
        };
        let mut open = [0usize; 9];
        let mut masks = [0u16; 9];
        let mut len = 0;
        for (&s, &c) in unit.iter().zip(&cands) {
            if (1..=n as u32).contains(&count(c)) {
                open[len] = usize::from(s);
                masks[len] = c;
                len += 1;
            }
        }
        if len < n {
            // Too few squares for a subset: nothing here until they change.
            if let Some((q, now)) = quiet.as_mut() {
                q[u] = now[u];
            }
            continue;
        }
        let mut removing = false;
        let stopped = tight_subsets(&masks[..len], n, &mut |picked, mask| {
            let mut cells = [0usize; 4];
            for (c, &i) in cells.iter_mut().zip(picked) {
                *c = open[i];
            }
            let cells = &cells[..n];
            let Some(kept) = naked_move(board, cells, mask, keep) else {
                return false;
            };
            removing = true;
            let Some(m) = kept else {
                return false;
            };
            out.push(m);
            stop
        });
        if stopped {
            return true;
        }
        if let Some((q, now)) = quiet.as_mut().filter(|_| !removing) {
            q[u] = now[u];
        }
    }
    false
}

/// Every naked subset of `n` squares in the nine units from `first` (0
/// rows, 9 columns, 18 boxes) that `keep` keeps, in HoDoKu's order.
pub fn naked_in(board: &Board, first: usize, n: usize, keep: Keep) -> Vec<Move> {
    let mut out = Vec::new();
    naked_into(board, first, n, keep, &mut out, false, None);
    out
}

/// Every naked subset of `n` squares that `keep` keeps: boxes, rows, then
/// columns (HoDoKu's order for naked subsets; locked ones are searched in
/// boxes only, where every one of them is).
pub fn all_naked(board: &Board, n: usize, keep: Keep) -> Vec<Move> {
    let mut out = Vec::new();
    naked_units(board, n, keep, &mut out, false, None);
    out
}

/// The first naked subset of `n` squares that `keep` keeps, in
/// [`all_naked`]'s order (the one HoDoKu's solver takes).
pub fn first_naked(board: &Board, n: usize, keep: Keep) -> Option<Move> {
    let mut out = Vec::new();
    naked_units(board, n, keep, &mut out, true, None);
    out.pop()
}

/// [`first_naked`], passing over the units whose squares' candidates are
/// what `quiet` remembers, and remembering those of the units where no
/// naked subset of `n` squares removes anything. Candidates only go as
/// a path goes on, so such a unit has none until its own squares change:
/// its subsets stay the same and what they remove can only shrink.
/// `now` is [`unit_cands`] of `board`, worked out once for all the
/// searches of a position.
pub fn first_naked_quiet(
    board: &Board,
    n: usize,
    keep: Keep,
    quiet: &mut QuietUnits,
    now: &UnitCands,
) -> Option<Move> {
    let mut out = Vec::new();
    naked_units(board, n, keep, &mut out, true, Some((quiet, now)));
    out.pop()
}

fn naked_units(
    board: &Board,
    n: usize,
    keep: Keep,
    out: &mut Vec<Move>,
    stop: bool,
    mut quiet: Option<(&mut QuietUnits, &UnitCands)>,
) {
    if naked_into(board, 18, n, keep, out, stop, again(&mut quiet)) || keep == Keep::Locked {
        return;
    }
    let _ = naked_into(board, 0, n, keep, out, stop, again(&mut quiet))
        || naked_into(board, 9, n, keep, out, stop, again(&mut quiet));
}

/// For each unit, the candidates of its nine squares when a search of
/// one size found nothing there ([`first_naked_quiet`],
/// [`first_hidden_quiet`]). All empty at first: a unit whose squares
/// are all filled holds no subset.
pub type QuietUnits = [[u16; 9]; 27];

/// What a search remembers and the position's units, lent again to the
/// search of the next nine units.
fn again<'a>(
    quiet: &'a mut Option<(&mut QuietUnits, &UnitCands)>,
) -> Option<(&'a mut QuietUnits, &'a UnitCands)> {
    quiet.as_mut().map(|(q, now)| (&mut **q, &**now))
}

/// The candidates of each unit's squares, in order.
pub type UnitCands = [[u16; 9]; 27];

/// The candidates of every unit's squares, in order.
pub fn unit_cands(board: &Board) -> UnitCands {
    let mut out = [[0; 9]; 27];
    for (cands, unit) in out.iter_mut().zip(&UNITS) {
        for (c, &s) in cands.iter_mut().zip(unit) {
            *c = board.cands(usize::from(s));
        }
    }
    out
}

/// The hidden subsets of `n` digits in the nine units from `first`, in
/// HoDoKu's order (units in order, in each the digits with one to `n`
/// places combined in order), onto `out`; with `stop`, only up to the
/// first. True when it stopped.
fn hidden_into(
    board: &Board,
    first: usize,
    n: usize,
    out: &mut Vec<Move>,
    stop: bool,
    mut quiet: Option<(&mut QuietUnits, &UnitCands)>,
) -> bool {
    for (u, unit) in UNITS.iter().enumerate().skip(first).take(9) {
        if quiet.as_ref().is_some_and(|(q, now)| q[u] == now[u]) {
            continue;
        }
        let open = match quiet.as_ref() {
            Some((_, now)) => now[u].iter().filter(|&&c| c != 0).count(),
            None => (unit.iter())
                .filter(|&&s| board.cands(usize::from(s)) != 0)
                .count(),
        };
        if open <= n {
            // Too few squares for a subset that removes anything: nothing
            // here until they change.
            if let Some((q, now)) = quiet.as_mut() {
                q[u] = now[u];
            }
            continue;
        }
        let mut candidates = [0u8; 9];
        let mut len = 0;
        // The digits the unit holds at all (their count above 0), in order.
        for d in digits(board.open(u)) {
            if board.free(u, d) <= n as u8 {
                candidates[len] = d;
                len += 1;
            }
        }
        if len < n {
            // Too few digits for a subset: nothing here until the
            // squares change.
            if let Some((q, now)) = quiet.as_mut() {
                q[u] = now[u];
            }
            continue;
        }
        let mut masks = [0u16; 9];
        for (m, &d) in masks.iter_mut().zip(&candidates[..len]) {
            *m = board.places(u, d);
        }
        let stopped = tight_subsets(&masks[..len], n, &mut |picked, places| {
            let mask = picked.iter().fold(0u16, |m, &i| m | bit(candidates[i]));
            let squares = || {
                (0..9)
                    .filter(move |i| places & 1 << i != 0)
                    .map(|i| usize::from(unit[i]))
            };
            if squares().all(|s| board.cands(s) & !mask == 0) {
                return false;
            }
            let mut m = Move::new(match n {
                2 => Kind::HiddenPair,
                3 => Kind::HiddenTriple,
                _ => Kind::HiddenQuadruple,
            });
            m.cells = squares().collect();
            m.digits = picked.iter().map(|&i| candidates[i]).collect();
            m.deletes = m
                .cells
                .iter()
                .flat_map(|&s| digits(board.cands(s) & !mask).map(move |d| (s, d)))
                .collect();
            out.push(m);
            stop
        });
        if stopped {
            return true;
        }
        // Nothing found here when `stop` would have stopped.
        if let Some((q, now)) = quiet.as_mut() {
            q[u] = now[u];
        }
    }
    false
}

/// Every hidden subset of `n` digits in the nine units from `first`, in
/// HoDoKu's order: units in order, in each the digits with one to `n`
/// places combined in order.
pub fn hidden_in(board: &Board, first: usize, n: usize) -> Vec<Move> {
    let mut out = Vec::new();
    hidden_into(board, first, n, &mut out, false, None);
    out
}

/// Every hidden subset of `n` digits: boxes, rows, then columns.
pub fn all_hidden(board: &Board, n: usize) -> Vec<Move> {
    let mut out = Vec::new();
    hidden_units(board, n, &mut out, false, None);
    out
}

/// The first hidden subset of `n` digits, in [`all_hidden`]'s order (the
/// one HoDoKu's solver takes).
pub fn first_hidden(board: &Board, n: usize) -> Option<Move> {
    let mut out = Vec::new();
    hidden_units(board, n, &mut out, true, None);
    out.pop()
}

/// [`first_hidden`], passing over the units whose squares' candidates
/// are what `quiet` remembers, and remembering those of the units
/// without a hidden subset of `n` digits (which depends on the unit's
/// squares alone).
/// `now` is [`unit_cands`] of `board`.
pub fn first_hidden_quiet(
    board: &Board,
    n: usize,
    quiet: &mut QuietUnits,
    now: &UnitCands,
) -> Option<Move> {
    let mut out = Vec::new();
    hidden_units(board, n, &mut out, true, Some((quiet, now)));
    out.pop()
}

fn hidden_units(
    board: &Board,
    n: usize,
    out: &mut Vec<Move>,
    stop: bool,
    mut quiet: Option<(&mut QuietUnits, &UnitCands)>,
) {
    let _ = hidden_into(board, 18, n, out, stop, again(&mut quiet))
        || hidden_into(board, 0, n, out, stop, again(&mut quiet))
        || hidden_into(board, 9, n, out, stop, again(&mut quiet));
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn a_search_keeping_one_kind_of_naked_subset_finds_those_of_a_search_keeping_all() {
        // A naked subset's kind (locked or not) is told before its move
        // is made: the subsets kept must be those of the kind among all,
        // on positions with random candidates taken out.
        use crate::grid::Grid;
        use crate::parse::{parse_grid, ParseOptions};
        let puzzles = [
            "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6..",
            "1.2..49...4..9....9..7.1.....45....6.3.........8.621....1..9...4..1..5...6....8..",
            ".................................................................................",
        ];
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut found = [0usize; 2];
        for round in 0..600 {
            let grid: Grid = parse_grid(puzzles[round % 3], ParseOptions::default()).unwrap();
            let mut board = Board::from_puzzle(&grid);
            let takes = rng.gen_range(0..120);
            for _ in 0..takes {
                let s = rng.gen_range(0..81);
                if count(board.cands(s)) > 2 {
                    board.remove(s, rng.gen_range(1..=9));
                }
            }
            for n in 2..=4 {
                for first in [0, 9, 18] {
                    let all = naked_in(&board, first, n, Keep::All);
                    let locked =
                        |m: &&Move| matches!(m.kind, Kind::LockedPair | Kind::LockedTriple);
                    let want: Vec<_> = all.iter().filter(locked).collect();
                    let got = naked_in(&board, first, n, Keep::Locked);
                    assert_eq!(got.iter().collect::<Vec<_>>(), want, "round {round}");
                    let want: Vec<_> = all.iter().filter(|m| !locked(m)).collect();
                    let got = naked_in(&board, first, n, Keep::Naked);
                    assert_eq!(got.iter().collect::<Vec<_>>(), want, "round {round}");
                    // Locked, told from what the move removes: a pair or
                    // triple in a box and a line, removing from the box
                    // and from the line outside the box.
                    for m in &all {
                        let [row, col, bx] = units_of(m.cells[0]);
                        let in_line = |u: usize| m.cells.iter().all(|&s| units_of(s).contains(&u));
                        let line = [row, col].into_iter().find(|&u| in_line(u));
                        let from = |u: usize, outside: Option<usize>| {
                            m.deletes.iter().any(|&(s, _)| {
                                let units = units_of(s);
                                units.contains(&u) && outside.is_none_or(|b| units[2] != b)
                            })
                        };
                        let told = m.cells.len() < 4
                            && in_line(bx)
                            && line.is_some_and(|l| from(l, Some(bx)) && from(bx, None));
                        assert_eq!(locked(&m), told, "round {round} {m:?}");
                    }
                    found[0] += all.iter().filter(locked).count();
                    found[1] += all.len();
                }
            }
        }
        assert!(found[0] > 50 && found[1] > found[0] + 50, "{found:?}");
    }

    /// Asserts that the tight subsets of `n` of `masks` are those of every
    /// combination of `n` whose union has `n` digits, with their unions,
    /// in the same order, and that the walk stops at the first when asked;
    /// how many there are.
    fn tight_subsets_are_those_of_every_combination(masks: &[u16], n: usize) -> usize {
        let mut want = Vec::new();
        combinations_until(n, masks.len(), &mut |picked| {
            let union = picked.iter().fold(0, |m, &i| m | masks[i]);
            if count(union) as usize == n {
                want.push((picked.to_vec(), union));
            }
            false
        });
        let mut got = Vec::new();
        tight_subsets(masks, n, &mut |picked, union| {
            got.push((picked.to_vec(), union));
            false
        });
        assert_eq!(got, want, "{masks:?} {n}");
        let mut first = None;
        let stopped = tight_subsets(masks, n, &mut |picked, _| {
            first = Some(picked.to_vec());
            true
        });
        assert_eq!(stopped, !want.is_empty());
        assert_eq!(first, want.first().map(|(p, _)| p.clone()));
        want.len()
    }

    #[test]
    fn the_walk_over_tight_subsets_meets_every_combination_whose_union_has_n_digits_in_order() {
        // The walk kept in arrays against every combination of the items,
        // filtered: the same subsets and unions, in the same order, on
        // random masks of few digits (many tight subsets) and of any.
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for round in 0..2000 {
            let len = rng.gen_range(0..=9);
            let masks: Vec<u16> = (0..len)
                .map(|_| match round % 2 {
                    0 => 1 << rng.gen_range(0..4) | 1 << rng.gen_range(0..5),
                    _ => rng.gen_range(1..512),
                })
                .collect();
            for n in 1..=len {
                tight_subsets_are_those_of_every_combination(&masks, n);
            }
        }
    }

    #[test]
    fn subsets_of_all_the_items_or_all_but_one_are_those_every_combination_gives_in_order() {
        // With `n` or `n + 1` items no walk is made: the subsets whose
        // union has `n` bits must be those of every combination filtered,
        // in the same order (leaving out the last item first), stopping
        // at the first when asked; on masks of few digits (many tight
        // subsets) and of any.
        let mut rng = rand::rngs::StdRng::seed_from_u64(19);
        let mut found = 0;
        for round in 0..4000 {
            let n = rng.gen_range(1..=8);
            let len = n + rng.gen_range(0..=1);
            let masks: Vec<u16> = (0..len)
                .map(|_| match round % 3 {
                    0 => 1 << rng.gen_range(0..n) | 1 << rng.gen_range(0..n),
                    1 => 1 << rng.gen_range(0..n + 1) | 1 << rng.gen_range(0..n + 1),
                    _ => rng.gen_range(1..512),
                })
                .collect();
            found += tight_subsets_are_those_of_every_combination(&masks, n);
        }
        assert!(found > 2000, "{found}");
    }

    #[test]
    fn searches_reading_the_units_worked_out_for_a_position_find_what_reading_the_board_finds() {
        // With nothing remembered, the searches that read each unit's
        // candidates from those worked out once for the position must find
        // what the plain ones, reading the board, find: random marks with
        // squares placed, and every case of HoDoKu's library.
        let boards = crate::logic::hodoku::test_boards::random_then_library(
            41,
            200,
            |round| 10 + round % 60,
            6,
            &[":0"],
        );
        let mut found = 0;
        for (i, board) in boards.iter().enumerate() {
            let now = unit_cands(board);
            for n in 2..=4 {
                for keep in [Keep::Locked, Keep::Naked, Keep::All] {
                    let want = first_naked(board, n, keep);
                    let got = first_naked_quiet(board, n, keep, &mut [[0; 9]; 27], &now);
                    assert_eq!(got, want, "board {i} naked {n} {keep:?}");
                    found += usize::from(want.is_some());
                }
                let want = first_hidden(board, n);
                let got = first_hidden_quiet(board, n, &mut [[0; 9]; 27], &now);
                assert_eq!(got, want, "board {i} hidden {n}");
                found += usize::from(want.is_some());
            }
        }
        assert!(found > 300, "{found}");
    }

    #[test]
    fn units_remembered_as_quiet_with_too_few_squares_for_a_subset_hide_no_subset_later() {
        // The searches that pass over remembered units against the plain
        // ones, along positions that lose candidates and squares one step
        // at a time as a path does (units end up with few open squares),
        // sharing what they remember as the path does (a locked and a
        // naked search of one size alike); and on HoDoKu's library cases.
        use crate::grid::Grid;
        use crate::parse::{parse_grid, ParseOptions};
        let puzzles = [
            "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6..",
            "1.2..49...4..9....9..7.1.....45....6.3.........8.621....1..9...4..1..5...6....8..",
            ".................................................................................",
        ];
        let check = |board: &Board, naked: &mut [QuietUnits; 3], hidden: &mut [QuietUnits; 3]| {
            let now = unit_cands(board);
            let mut found = 0;
            for n in 2..=4 {
                for keep in [Keep::Locked, Keep::Naked] {
                    if keep == Keep::Locked && n == 4 {
                        continue;
                    }
                    let want = first_naked(board, n, keep);
                    let got = first_naked_quiet(board, n, keep, &mut naked[n - 2], &now);
                    assert_eq!(got, want, "naked {n} {keep:?}");
                    found += usize::from(want.is_some());
                }
                let want = first_hidden(board, n);
                let got = first_hidden_quiet(board, n, &mut hidden[n - 2], &now);
                assert_eq!(got, want, "hidden {n}");
                found += usize::from(want.is_some());
            }
            found
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(38);
        let mut found = 0;
        for round in 0..60 {
            let grid: Grid = parse_grid(puzzles[round % 3], ParseOptions::default()).unwrap();
            let mut board = Board::from_puzzle(&grid);
            let mut naked = [[[0; 9]; 27]; 3];
            let mut hidden = [[[0; 9]; 27]; 3];
            for _ in 0..150 {
                found += check(&board, &mut naked, &mut hidden);
                let s = rng.gen_range(0..81);
                let cands = board.cands(s);
                match count(cands) {
                    0 => {}
                    1 => board.place(s, digits(cands).next().unwrap(), false),
                    _ if rng.gen_range(0..6) == 0 => {
                        board.place(s, digits(cands).next().unwrap(), false)
                    }
                    _ => {
                        board.remove(s, digits(cands).last().unwrap());
                    }
                }
            }
        }
        assert!(found > 500, "{found}");
        let Some(lines) = crate::logic::hodoku::test_boards::library_lines(&[":"]) else {
            return;
        };
        let mut cases = 0;
        for line in &lines {
            let Ok(case) = crate::logic::hodoku::library::parse_case(line) else {
                continue;
            };
            let mut naked = [[[0; 9]; 27]; 3];
            let mut hidden = [[[0; 9]; 27]; 3];
            cases += check(&case.board, &mut naked, &mut hidden);
        }
        assert!(cases > 100, "{cases}");
    }
}
