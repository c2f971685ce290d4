//! The single-digit patterns as HoDoKu finds them: skyscraper (two rows,
//! then two columns, with two places each, joined at one end), 2-string
//! kite (a row and a column with two places each, joined in a box) and
//! empty rectangle (a box whose places lie on one row and one column,
//! joined to a line with two places).

use crate::logic::hodoku::board::{digits, peers_mask, squares_of, Board, UNITS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::{Kind, Subtype};

/// The first two places of `d` in unit `u`, in the unit's order.
fn two_places(board: &Board, u: usize, d: u8) -> [usize; 2] {
    let places = board.places(u, d);
    if places == 0 {
        return [0, 0];
    }
    let a = places.trailing_zeros() as usize;
    let rest = places & (places - 1);
    let b = if rest == 0 {
        a
    } else {
        rest.trailing_zeros() as usize
    };
    [usize::from(UNITS[u][a]), usize::from(UNITS[u][b])]
}

/// The squares holding `d` that see both `a` and `b`, in square order.
fn seen_by_both(board: &Board, d: u8, a: usize, b: usize) -> Vec<(usize, u8)> {
    let both = board.squares_with(d) & peers_mask(a) & peers_mask(b);
    squares_of(both).map(|s| (s, d)).collect()
}

/// The units of `units` where `d` has exactly two places, each as its two
/// squares in the unit's order; at most nine, kept on the stack.
fn pairs_in(
    board: &Board,
    units: std::ops::Range<usize>,
    d: u8,
    out: &mut [[usize; 2]; 9],
) -> usize {
    let mut n = 0;
    for u in units {
        if board.free(u, d) == 2 {
            out[n] = two_places(board, u, d);
            n += 1;
        }
    }
    n
}

/// Every skyscraper: rows (digits in order), then columns.
pub fn all_skyscrapers(board: &Board, first: bool) -> Vec<Move> {
    all_skyscrapers_of(board, first, 0x1ff)
}

/// [`all_skyscrapers`] of the digits of `wanted` only (a mask, bit 0 for
/// 1): a skyscraper lies in its digit's squares alone.
pub fn all_skyscrapers_of(board: &Board, first: bool, wanted: u16) -> Vec<Move> {
    let mut out = Vec::new();
    let mut room = [[0usize; 2]; 9];
    for lines in [true, false] {
        let units = if lines { 0..9 } else { 9..18 };
        // The coordinate the two ends must share: the column for rows.
        let across = |s: usize| if lines { s % 9 } else { s / 9 };
        for d in digits(wanted) {
            let n = pairs_in(board, units.clone(), d, &mut room);
            let pairs = &room[..n];
            for (i, a) in pairs.iter().enumerate() {
                for b in &pairs[i + 1..] {
                    let other = if across(a[0]) == across(b[0]) {
                        1
                    } else if across(a[1]) == across(b[1]) {
                        0
                    } else {
                        continue;
                    };
                    if across(a[other]) == across(b[other]) {
                        continue;
                    }
                    let deletes = seen_by_both(board, d, a[other], b[other]);
                    if deletes.is_empty() {
                        continue;
                    }
                    let mut m = Move::new(Kind::Skyscraper);
                    m.digits.push(d);
                    m.cells = vec![a[other], b[other], a[1 - other], b[1 - other]];
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

fn box_of(s: usize) -> usize {
    (s / 27) * 3 + (s % 9) / 3
}

/// Every 2-string kite, digits in order; for each, every row with two
/// places against every column with two places. (The two places of a
/// row or column are turned so that the first is the one in the shared
/// box, and stay turned for the pairs that follow, as in HoDoKu.)
pub fn all_kites(board: &Board, first: bool) -> Vec<Move> {
    all_kites_of(board, first, 0x1ff)
}

/// [`all_kites`] of the digits of `wanted` only (a mask, bit 0 for 1): a
/// 2-string kite lies in its digit's squares alone.
pub fn all_kites_of(board: &Board, first: bool, wanted: u16) -> Vec<Move> {
    let mut out = Vec::new();
    let (mut rows, mut cols) = ([[0usize; 2]; 9], [[0usize; 2]; 9]);
    for d in digits(wanted) {
        let n_rows = pairs_in(board, 0..9, d, &mut rows);
        let n_cols = pairs_in(board, 9..18, d, &mut cols);
        for a in rows[..n_rows].iter_mut() {
            for b in cols[..n_cols].iter_mut() {
                if box_of(a[0]) == box_of(b[0]) {
                } else if box_of(a[0]) == box_of(b[1]) {
                    b.swap(0, 1);
                } else if box_of(a[1]) == box_of(b[0]) {
                    a.swap(0, 1);
                } else if box_of(a[1]) == box_of(b[1]) {
                    a.swap(0, 1);
                    b.swap(0, 1);
                } else {
                    continue;
                }
                if a.iter().any(|s| b.contains(s)) {
                    continue;
                }
                let cross = (b[1] / 9) * 9 + a[1] % 9;
                if !board.has(cross, d) {
                    continue;
                }
                let mut m = Move::new(Kind::TwoStringKite);
                m.digits.push(d);
                m.cells = vec![a[1], b[1], a[0], b[0]];
                m.deletes.push((cross, d));
                out.push(m);
                if first {
                    return out;
                }
            }
        }
    }
    out
}

/// Every empty rectangle, digits in order, then boxes; in each box the
/// nine choices of a row and a column through it, and for each the row
/// before the column as the line that joins it to a conjugate pair.
/// `allow_two` allows boxes with only two places (HoDoKu's default
/// does not).
pub fn all_empty_rectangles(board: &Board, allow_two: bool, first: bool) -> Vec<Move> {
    all_empty_rectangles_of(board, allow_two, first, 0x1ff)
}

/// [`all_empty_rectangles`] of the digits of `wanted` only (a mask, bit 0
/// for 1): an empty rectangle lies in its digit's squares alone.
pub fn all_empty_rectangles_of(
    board: &Board,
    allow_two: bool,
    first: bool,
    wanted: u16,
) -> Vec<Move> {
    let mut out = Vec::new();
    for d in digits(wanted) {
        for b in 0..9 {
            let count = board.free(18 + b, d);
            if !(2..=5).contains(&count) {
                continue;
            }
            // The box's places of `d`, as positions in the box (bit
            // `3 * row + column` within it) and as squares.
            let places = board.places(18 + b, d);
            let mut room = [0usize; 9];
            let mut n = 0;
            for i in (0..9).filter(|&i| places & 1 << i != 0) {
                room[n] = usize::from(UNITS[18 + b][i]);
                n += 1;
            }
            let in_box = &room[..n];
            let (top, left) = ((b / 3) * 3, (b % 3) * 3);
            for (dr, dc) in [
                (2, 2),
                (2, 1),
                (2, 0),
                (1, 2),
                (1, 1),
                (1, 0),
                (0, 2),
                (0, 1),
                (0, 0),
            ] {
                let (row, col) = (top + dr, left + dc);
                let on_row_mask = 0b111u16 << (3 * dr);
                let on_col_mask = 0b001_001_001u16 << dc;
                if places & !(on_row_mask | on_col_mask) != 0 {
                    continue;
                }
                if places & on_row_mask & !on_col_mask == 0
                    || places & on_col_mask & !on_row_mask == 0
                {
                    continue;
                }
                let on_row = (places & on_row_mask).count_ones();
                let on_col = (places & on_col_mask).count_ones();
                if on_row < 2 && on_col < 2 && !allow_two {
                    continue;
                }
                for by_row in [true, false] {
                    let line = if by_row { row } else { 9 + col };
                    let target = if by_row { col } else { row };
                    empty_rectangles(board, d, b, in_box, (line, target, by_row), &mut out);
                    if first && !out.is_empty() {
                        out.truncate(1);
                        return out;
                    }
                }
            }
        }
    }
    out
}

/// The empty rectangles of `d` in box `b` joined through `line` (its row,
/// or its column when not `by_row`): each square of the line outside the
/// box whose cross line holds `d` twice, in the line's order; each removes
/// `d` where the cross line's other end meets the box's other line
/// (`target`); appended to `out`.
fn empty_rectangles(
    board: &Board,
    d: u8,
    b: usize,
    in_box: &[usize],
    (line, target, by_row): (usize, usize, bool),
    out: &mut Vec<Move>,
) {
    for &s in &UNITS[line] {
        let s = usize::from(s);
        if board.value(s) != 0 || box_of(s) == b || !board.has(s, d) {
            continue;
        }
        let cross_unit = if by_row { 9 + s % 9 } else { s / 9 };
        if board.free(cross_unit, d) != 2 {
            continue;
        }
        let [p, q] = two_places(board, cross_unit, d);
        let other = if p == s { q } else { p };
        let far_unit = if by_row { other / 9 } else { 9 + other % 9 };
        let meets = |t: usize| if by_row { t % 9 } else { t / 9 } == target;
        let hit = UNITS[far_unit]
            .iter()
            .map(|&t| usize::from(t))
            .find(|&t| board.has(t, d) && box_of(t) != b && meets(t));
        if let Some(t) = hit {
            let mut m = Move::new(Kind::EmptyRectangle);
            m.digits.push(d);
            m.unit = Some(18 + b);
            m.cells = vec![s, other];
            m.fins = in_box.to_vec();
            m.deletes.push((t, d));
            out.push(m);
        }
    }
}

/// The dual 2-string kites of `kites` (HoDoKu's option, off by default):
/// two kites joined through the same two squares of a box that remove
/// different candidates make one, appended after the list.
pub fn with_dual_kites(mut kites: Vec<Move>) -> Vec<Move> {
    let n = kites.len();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&kites[i], &kites[j]);
            let same = (a.cells[2] == b.cells[2] && a.cells[3] == b.cells[3])
                || (a.cells[3] == b.cells[2] && a.cells[2] == b.cells[3]);
            if !same || a.deletes[0] == b.deletes[0] {
                continue;
            }
            let mut m = a.clone();
            m.subtype = Some(Subtype::DualTwoStringKite);
            m.cells.extend(b.cells.iter().copied());
            m.deletes.push(b.deletes[0]);
            kites.push(m);
        }
    }
    kites
}

/// The dual empty rectangles of `rects` (HoDoKu's option, off by
/// default): two in one box with the same places there that remove
/// different candidates make one, appended after the list.
pub fn with_dual_rectangles(mut rects: Vec<Move>) -> Vec<Move> {
    let n = rects.len();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&rects[i], &rects[j]);
            if a.unit != b.unit || a.fins != b.fins || a.deletes[0] == b.deletes[0] {
                continue;
            }
            let mut m = a.clone();
            m.subtype = Some(Subtype::DualEmptyRectangle);
            m.cells.extend(b.cells[..2].iter().copied());
            m.deletes.push(b.deletes[0]);
            rects.push(m);
        }
    }
    rects
}
