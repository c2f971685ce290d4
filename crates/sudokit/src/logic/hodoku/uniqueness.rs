//! The uniqueness rules as HoDoKu finds them.
//!
//! Unique rectangles (uniqueness tests 1 to 6 and the hidden rectangle):
//! from each square with two candidates in square order, a second corner
//! in its box and row or column, then the two opposite corners along the
//! other lines, in order; each rectangle once, and for each the tests in
//! order. By default (as in HoDoKu) a corner other than the first need
//! only be able to hold the two digits (no placed peer has them), not
//! still hold them. Avoidable rectangles start from placed digits that
//! are not givens.
//!
//! The bivalue universal grave plus one: every unsolved square but one has
//! two candidates, that one has three, and one of its digits is three
//! times in its row, its column and its box; the square's other digits go.

use crate::logic::hodoku::board::{
    bit, count, digits, peers_mask, squares_of, units_of, Board, UNITS, UNIT_MASKS,
};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// The BUG+1 step, if the grid is one.
pub fn bug_plus_one(board: &Board) -> Option<Move> {
    let mut three = None;
    for s in 0..81 {
        match count(board.cands(s)) {
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

/// The rectangles already looked at in one search, as HoDoKu keys them:
/// the four corners sorted, written as one decimal number with each
/// corner a digit's place apart (so two rectangles may share a key, and
/// then only the first is looked at, as in HoDoKu).
#[derive(Default)]
pub struct Seen(Vec<u32>);

impl Seen {
    /// True, and remembered, when no rectangle with the key of `cells`
    /// has been looked at.
    fn first_time(&mut self, cells: [usize; 4]) -> bool {
        let mut sorted = cells;
        sorted.sort_unstable();
        let key = sorted.iter().fold(0u32, |k, &c| k * 10 + c as u32);
        if self.0.contains(&key) {
            return false;
        }
        self.0.push(key);
        true
    }
}

/// The squares where each digit is placed (`placed[d]`, bit `s` for
/// square `s`), so that what may go where is looked up, not searched.
fn placed_masks(board: &Board) -> [u128; 10] {
    let mut placed = [0u128; 10];
    for s in 0..81 {
        placed[usize::from(board.value(s))] |= 1 << s;
    }
    placed
}

/// True when `d` can still go in `s`: the square is empty and no peer
/// holds `d` (whether or not `d` is still among its candidates); `placed`
/// is [`placed_masks`]'s.
fn allowed(board: &Board, placed: &[u128; 10], s: usize, d: u8) -> bool {
    board.value(s) == 0 && peers_mask(s) & placed[usize::from(d)] == 0
}

/// The squares of a list as a mask of squares.
fn mask_of(squares: &[usize]) -> u128 {
    squares.iter().fold(0, |m, &s| m | 1 << s)
}

/// The squares of row and column of `s` (`s` among them).
fn lines_mask(s: usize) -> u128 {
    UNIT_MASKS[s / 9] | UNIT_MASKS[9 + s % 9]
}

/// One rectangle being tested: its digits and corners, and the corners
/// with nothing but those digits ([`Rect::two`]) and with more
/// ([`Rect::extra`]), each in square order.
struct Rect {
    c1: u8,
    c2: u8,
    corners: [usize; 4],
    /// The corners with nothing but the two digits, then those with
    /// more.
    split: [usize; 4],
    /// How many corners have nothing but the two digits.
    twos: usize,
}

impl Rect {
    fn new(board: &Board, c1: u8, c2: u8, corners: [usize; 4]) -> Rect {
        let mask = bit(c1) | bit(c2);
        let mut sorted = corners;
        sorted.sort_unstable();
        let only_two = |s: usize| board.cands(s) & !mask == 0;
        let mut split = [0; 4];
        let mut twos = 0;
        for s in sorted.into_iter().filter(|&s| only_two(s)) {
            split[twos] = s;
            twos += 1;
        }
        for (k, s) in sorted.into_iter().filter(|&s| !only_two(s)).enumerate() {
            split[twos + k] = s;
        }
        Rect {
            c1,
            c2,
            corners,
            split,
            twos,
        }
    }

    /// The corners with nothing but the two digits, in square order.
    fn two(&self) -> &[usize] {
        &self.split[..self.twos]
    }

    /// The corners with more than the two digits, in square order.
    fn extra(&self) -> &[usize] {
        &self.split[self.twos..]
    }

    fn step(&self, kind: Kind, deletes: Vec<(usize, u8)>) -> Move {
        let mut m = Move::new(kind);
        m.digits = vec![self.c1, self.c2];
        m.cells = self.corners.to_vec();
        m.deletes = deletes;
        m
    }

    fn mask(&self) -> u16 {
        bit(self.c1) | bit(self.c2)
    }
}

fn same_row(a: usize, b: usize) -> bool {
    a / 9 == b / 9
}

fn same_col(a: usize, b: usize) -> bool {
    a % 9 == b % 9
}

fn box_of(s: usize) -> usize {
    units_of(s)[2]
}

/// Every uniqueness test and hidden rectangle step, in HoDoKu's order.
/// `allow_missing` is HoDoKu's option of the same meaning (on by
/// default); `seen` holds the rectangles looked at so far.
pub fn all_rectangles(board: &Board, allow_missing: bool, seen: &mut Seen) -> Vec<Move> {
    let mut out = Vec::new();
    let placed = placed_masks(board);
    let allowed = |s: usize, d: u8| allowed(board, &placed, s, d);
    for start in 0..81 {
        if count(board.cands(start)) != 2 {
            continue;
        }
        let cands = board.cands(start);
        let (c1, c2) = (
            cands.trailing_zeros() as u8 + 1,
            16 - cands.leading_zeros() as u8,
        );
        let cell11 = board.cands(start);
        let may_hold = |s: usize| allowed(s, c1) && allowed(s, c2);
        for &second in &UNITS[box_of(start)] {
            let second = usize::from(second);
            if second == start || (!same_row(start, second) && !same_col(start, second)) {
                continue;
            }
            let fits = board.value(second) == 0
                && match allow_missing {
                    false => board.cands(second) & cell11 == cell11,
                    true => may_hold(second),
                };
            if !fits {
                continue;
            }
            for [far1, far2] in opposite_corners(start, second) {
                let holds = |s: usize| board.cands(s) & cell11 == cell11;
                let fits = match allow_missing {
                    false => holds(far1) && holds(far2),
                    // As HoDoKu checks it: the first far corner for the
                    // first digit only.
                    true => allowed(far1, c1) && allowed(far2, c1) && allowed(far2, c2),
                };
                let corners = [start, second, far1, far2];
                if fits && seen.first_time(corners) {
                    tests(board, &Rect::new(board, c1, c2, corners), &mut out);
                }
            }
        }
    }
    out
}

/// The far corners of the rectangles on `start` and `second` (in one box,
/// one row or column): along the other lines, in their order, outside the
/// box. (Handed out one by one: a list made for each pair of corners cost
/// an allocation each time.)
fn opposite_corners(start: usize, second: usize) -> impl Iterator<Item = [usize; 2]> {
    let along_row = same_row(start, second);
    let line = |s: usize| if along_row { 9 + s % 9 } else { s / 9 };
    let (u1, u2) = (UNITS[line(start)], UNITS[line(second)]);
    let start_box = box_of(start);
    (0..9)
        .filter(move |&k| box_of(usize::from(u1[k])) != start_box)
        .map(move |k| [usize::from(u1[k]), usize::from(u2[k])])
}

/// The steps of one rectangle, in HoDoKu's order of tests.
fn tests(board: &Board, r: &Rect, out: &mut Vec<Move>) {
    let has = |s: usize, d: u8| board.has(s, d);
    // Type 1: one corner with more; the rectangle's digits go there.
    if r.two().len() == 3 {
        let s = r.extra()[0];
        let deletes: Vec<(usize, u8)> = [r.c1, r.c2]
            .into_iter()
            .filter(|&d| has(s, d))
            .map(|d| (s, d))
            .collect();
        if !deletes.is_empty() {
            out.push(r.step(Kind::UniquenessTest1, deletes));
        }
    }
    // Types 2 and 5: the corners with more share one extra digit, which
    // goes from every square seeing them all.
    if r.two().len() == 2 || r.two().len() == 1 {
        let mut extra = 0u16;
        let mut seeing = (1u128 << 81) - 1;
        for &s in r.extra() {
            extra |= board.cands(s) & !r.mask();
            if extra.count_ones() > 1 {
                break;
            }
            seeing &= peers_mask(s);
        }
        if extra.count_ones() == 1 {
            let d = extra.trailing_zeros() as u8 + 1;
            let deletes: Vec<(usize, u8)> = squares_of(seeing & board.squares_with(d))
                .map(|t| (t, d))
                .collect();
            if !deletes.is_empty() {
                let (a, b) = (r.extra()[0], r.extra()[1]);
                let diagonal = !same_row(a, b) && !same_col(a, b);
                let kind = match r.extra().len() == 3 || diagonal {
                    true => Kind::UniquenessTest5,
                    false => Kind::UniquenessTest2,
                };
                out.push(r.step(kind, deletes));
            }
        }
    }
    if r.two().len() == 2 {
        let (a, b) = (r.extra()[0], r.extra()[1]);
        // Type 3: the extra digits of the two corners with more, with
        // other squares of a unit they share, make a naked set.
        let extras = (board.cands(a) | board.cands(b)) & !r.mask();
        if same_row(a, b) {
            type3(board, r, a / 9, extras, out);
        }
        if same_col(a, b) {
            type3(board, r, 9 + a % 9, extras, out);
        }
        if box_of(a) == box_of(b) {
            type3(board, r, box_of(a), extras, out);
        }
        // Type 4: one of the rectangle's digits is locked to the two
        // corners with more in their line: the other digit goes there.
        if same_row(a, b) || same_col(a, b) {
            let shared = peers_mask(a) & peers_mask(b);
            let free_of = |d: u8| shared & board.squares_with(d) == 0;
            let gone = match (free_of(r.c1), free_of(r.c2)) {
                (true, _) => Some(r.c2),
                (false, true) => Some(r.c1),
                _ => None,
            };
            if let Some(d) = gone {
                remove_from(&[a, b], d, &has, |deletes| {
                    out.push(r.step(Kind::UniquenessTest4, deletes))
                });
            }
        } else {
            // Type 6: the corners with more lie diagonally, and one digit
            // is nowhere else in their rows and columns: it goes from them.
            let lines = (lines_mask(a) | lines_mask(b)) & !mask_of(&r.corners);
            let absent = |d: u8| lines & board.squares_with(d) == 0;
            let gone = match (absent(r.c1), absent(r.c2)) {
                (true, _) => Some(r.c1),
                (false, true) => Some(r.c2),
                _ => None,
            };
            if let Some(d) = gone {
                remove_from(&[a, b], d, &has, |deletes| {
                    out.push(r.step(Kind::UniquenessTest6, deletes))
                });
            }
        }
    }
    // The hidden rectangle, from each corner with only the two digits.
    if r.two().len() == 2 || r.two().len() == 1 {
        let diagonal_ok = r.two().len() == 1 || {
            let (p, q) = (r.two()[0], r.two()[1]);
            !same_row(p, q) && !same_col(p, q)
        };
        if diagonal_ok {
            for &corner in r.two() {
                hidden_rectangle(board, r, corner, out);
            }
        }
    }
}

/// Type 3 in unit `u`: subsets of the unit's squares outside the
/// rectangle without its digits, which with the two corners with more
/// hold as many digits as squares (the corners counting as one).
fn type3(board: &Board, r: &Rect, u: usize, extras: u16, out: &mut Vec<Move>) {
    // The unit's other squares that may join, in the unit's order.
    let (mut others, mut len) = ([0usize; 9], 0);
    for &s in &UNITS[u] {
        let s = usize::from(s);
        let c = board.cands(s);
        if c != 0 && c & r.mask() == 0 && !r.corners.contains(&s) {
            others[len] = s;
            len += 1;
        }
    }
    if len == 0 {
        return;
    }
    type3_from(
        board,
        r,
        u,
        &others[..len],
        0,
        extras,
        mask_of(r.extra()),
        out,
    );
}

/// Type 3 with the squares of `included` (a mask: the corners with more
/// and the squares taken so far, holding `cands`) and each of `others`
/// from `from` on in turn.
#[allow(clippy::too_many_arguments)]
fn type3_from(
    board: &Board,
    r: &Rect,
    u: usize,
    others: &[usize],
    from: usize,
    cands: u16,
    included: u128,
    out: &mut Vec<Move>,
) {
    for i in from..others.len() {
        let now = cands | board.cands(others[i]);
        let cells = included | 1 << others[i];
        let first = cells.trailing_zeros() as usize;
        let within = |unit: usize| cells & !UNIT_MASKS[unit] == 0;
        let counted = u < 18 || !(within(first / 9) || within(9 + first % 9));
        if counted && now.count_ones() == cells.count_ones() - 1 {
            let clear = |unit: usize, deletes: &mut Vec<(usize, u8)>| {
                for s in squares_of(UNIT_MASKS[unit] & !cells) {
                    if board.value(s) == 0 {
                        deletes.extend(digits(board.cands(s) & now).map(|d| (s, d)));
                    }
                }
            };
            let mut deletes = Vec::new();
            clear(u, &mut deletes);
            if !deletes.is_empty() {
                if u < 18 && within(box_of(first)) {
                    clear(box_of(first), &mut deletes);
                }
                out.push(r.step(Kind::UniquenessTest3, deletes));
            }
        }
        type3_from(board, r, u, others, i + 1, now, cells, out);
    }
}

/// The hidden rectangle seen from `corner` (with only the two digits):
/// if one digit's only places in the row and column of the opposite
/// corner are the rectangle's, the other digit goes from that corner.
fn hidden_rectangle(board: &Board, r: &Rect, corner: usize, out: &mut Vec<Move>) {
    let (a, b) = (r.extra()[0], r.extra()[1]);
    let row = if same_row(a, corner) { b / 9 } else { a / 9 };
    let col = if same_col(a, corner) { b % 9 } else { a % 9 };
    let corners = mask_of(&r.corners);
    for (d, gone) in [(r.c1, r.c2), (r.c2, r.c1)] {
        let outside = |unit: usize| board.squares_with(d) & UNIT_MASKS[unit] & !corners != 0;
        if outside(row) || outside(9 + col) {
            continue;
        }
        let s = row * 9 + col;
        if board.has(s, gone) {
            out.push(r.step(Kind::HiddenRectangle, vec![(s, gone)]));
        }
    }
}

/// Every avoidable rectangle step, in HoDoKu's order: from each placed
/// digit that is not a given, a second in its box and row or column, and
/// the far corners, placed too (not givens) or holding the other's digit
/// and one more.
pub fn all_avoidable(board: &Board, seen: &mut Seen) -> Vec<Move> {
    let mut out = Vec::new();
    let placed = |s: usize| board.value(s) != 0 && !board.is_given(s);
    let pair_with =
        |s: usize, d: u8| board.value(s) == 0 && board.has(s, d) && count(board.cands(s)) == 2;
    for start in (0..81).filter(|&s| placed(s)) {
        let c1 = board.value(start);
        for &second in &UNITS[box_of(start)] {
            let second = usize::from(second);
            if second == start || (!same_row(start, second) && !same_col(start, second)) {
                continue;
            }
            if !placed(second) {
                continue;
            }
            let c2 = board.value(second);
            for [far1, far2] in opposite_corners(start, second) {
                let fits = (board.value(far1) == c2 && placed(far1) && pair_with(far2, c1))
                    || (board.value(far2) == c1 && placed(far2) && pair_with(far1, c2))
                    || (pair_with(far1, c2) && pair_with(far2, c1));
                if !fits || !seen.first_time([start, second, far1, far2]) {
                    continue;
                }
                let r = Rect::new(board, c1, c2, [start, second, far1, far2]);
                if board.value(far1) != 0 || board.value(far2) != 0 {
                    let (s, d) = if board.value(far1) != 0 {
                        (far2, c1)
                    } else {
                        (far1, c2)
                    };
                    if board.has(s, d) {
                        out.push(r.step(Kind::AvoidableRectangle1, vec![(s, d)]));
                    }
                    continue;
                }
                let other = digits(board.cands(far1)).find(|&d| d != c2).unwrap_or(c2);
                if !board.has(far2, other) {
                    continue;
                }
                let seeing = peers_mask(far1) & peers_mask(far2);
                let deletes: Vec<(usize, u8)> = squares_of(seeing & board.squares_with(other))
                    .map(|t| (t, other))
                    .collect();
                if !deletes.is_empty() {
                    out.push(r.step(Kind::AvoidableRectangle2, deletes));
                }
            }
        }
    }
    out
}

/// Calls `push` with the removals of `d` from those of `squares` that hold
/// it, when there are any.
fn remove_from(
    squares: &[usize],
    d: u8,
    has: &dyn Fn(usize, u8) -> bool,
    push: impl FnOnce(Vec<(usize, u8)>),
) {
    let deletes: Vec<(usize, u8)> = squares
        .iter()
        .filter(|&&s| has(s, d))
        .map(|&s| (s, d))
        .collect();
    if !deletes.is_empty() {
        push(deletes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_far_corners_handed_out_one_by_one_are_along_the_other_lines_outside_the_box() {
        // r1c1 and r1c2 share a row: the far corners are down columns 1
        // and 2, from row 4; r1c1 and r2c1 share a column: along rows 1
        // and 2, from column 4.
        let down: Vec<[usize; 2]> = opposite_corners(0, 1).collect();
        assert_eq!(down, (3..9).map(|r| [r * 9, r * 9 + 1]).collect::<Vec<_>>());
        let along: Vec<[usize; 2]> = opposite_corners(0, 9).collect();
        assert_eq!(along, (3..9).map(|c| [c, 9 + c]).collect::<Vec<_>>());
        // From the middle box: the far corners skip rows 4 to 6 only.
        let middle: Vec<[usize; 2]> = opposite_corners(40, 41).collect();
        let rows = [0, 1, 2, 6, 7, 8];
        assert_eq!(middle, rows.map(|r| [r * 9 + 4, r * 9 + 5]).to_vec());
    }

    /// Type 3 written plainly: the squares taken so far as a sorted list,
    /// copied at each step.
    fn type3_plain(board: &Board, r: &Rect, u: usize, extras: u16, out: &mut Vec<Move>) {
        let others: Vec<usize> = UNITS[u]
            .iter()
            .map(|&s| usize::from(s))
            .filter(|&s| {
                let c = board.cands(s);
                c != 0 && c & r.mask() == 0 && !r.corners.contains(&s)
            })
            .collect();
        type3_plain_from(board, r, u, &others, 0, extras, r.extra(), out);
    }

    #[allow(clippy::too_many_arguments)]
    fn type3_plain_from(
        board: &Board,
        r: &Rect,
        u: usize,
        others: &[usize],
        from: usize,
        cands: u16,
        included: &[usize],
        out: &mut Vec<Move>,
    ) {
        for i in from..others.len() {
            let now = cands | board.cands(others[i]);
            let mut cells = included.to_vec();
            cells.push(others[i]);
            cells.sort_unstable();
            let in_line = |f: fn(usize, usize) -> bool| cells.iter().all(|&s| f(s, cells[0]));
            let counted = u < 18 || !(in_line(same_row) || in_line(same_col));
            if counted && now.count_ones() as usize == cells.len() - 1 {
                let clear = |unit: usize| -> Vec<(usize, u8)> {
                    UNITS[unit]
                        .iter()
                        .map(|&s| usize::from(s))
                        .filter(|&s| board.value(s) == 0 && !cells.contains(&s))
                        .flat_map(|s| digits(board.cands(s) & now).map(move |d| (s, d)))
                        .collect()
                };
                let mut deletes = clear(u);
                if !deletes.is_empty() {
                    let one_box = cells.iter().all(|&s| box_of(s) == box_of(cells[0]));
                    if u < 18 && one_box {
                        deletes.extend(clear(box_of(cells[0])));
                    }
                    out.push(r.step(Kind::UniquenessTest3, deletes));
                }
            }
            type3_plain_from(board, r, u, others, i + 1, now, &cells, out);
        }
    }

    #[test]
    fn type3_on_masks_of_squares_finds_what_the_sorted_lists_found() {
        // Random marks, some squares placed, and the positions of HoDoKu's
        // uniqueness cases; every rectangle of two boxes and every pair
        // of digits with two corners holding more, in each unit those two
        // share.
        let boards = crate::logic::hodoku::test_boards::random_then_library(
            38,
            60,
            |round| 30 + round % 40,
            12,
            &[":06"],
        );
        let mut found = 0;
        for board in &boards {
            for (r1, r2) in (0..9).flat_map(|a| (a + 1..9).map(move |b| (a, b))) {
                for (k1, k2) in (0..9).flat_map(|a| (a + 1..9).map(move |b| (a, b))) {
                    if (r1 / 3 == r2 / 3) == (k1 / 3 == k2 / 3) {
                        continue;
                    }
                    let corners = [r1 * 9 + k1, r1 * 9 + k2, r2 * 9 + k1, r2 * 9 + k2];
                    for c1 in 1..=9u8 {
                        for c2 in c1 + 1..=9u8 {
                            let r = Rect::new(board, c1, c2, corners);
                            if r.two().len() != 2 {
                                continue;
                            }
                            let (a, b) = (r.extra()[0], r.extra()[1]);
                            let extras = (board.cands(a) | board.cands(b)) & !r.mask();
                            for u in units_of(a).into_iter().filter(|u| units_of(b).contains(u)) {
                                let (mut fast, mut plain) = (Vec::new(), Vec::new());
                                type3(board, &r, u, extras, &mut fast);
                                type3_plain(board, &r, u, extras, &mut plain);
                                assert_eq!(fast, plain, "{corners:?} {c1}{c2} unit {u}");
                                found += plain.len();
                            }
                        }
                    }
                }
            }
        }
        assert!(found > 50, "{found}");
    }
}
