//! Sue de Coq as HoDoKu finds it: two or three squares where a row (then a
//! column) crosses a box, holding at least two digits more than squares;
//! a set of the line's other squares and a set of the box's that between
//! them account for those digits (the box set without the line set's
//! digits of the crossing) lock them, and the digits go from the rest of
//! the line and the box.
//!
//! Lines in order, boxes in order; in each crossing its pairs, each
//! followed by its triples; the line's sets, then the box's, in the order
//! a depth-first walk over their squares meets them.

use crate::logic::hodoku::board::{count, digits, Board, UNITS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// What a walk over subsets does after a subset.
#[derive(PartialEq)]
enum Next {
    /// Stops the walk.
    Stop,
    /// Goes on to the subsets that extend it.
    Deeper,
    /// Passes over the subsets that extend it (none of them can do).
    Past,
}

/// Calls `f` with every non-empty subset of `source` (at most nine
/// squares) and the union of its squares' candidates, each after its
/// prefix (`{0}`, `{0,1}`, `{0,1,2}`, ..., `{1}`, ...), as `f` says; true
/// when it stopped. (The union grows with the walk instead of being
/// worked out again for each subset.)
fn walk(board: &Board, source: &[usize], f: &mut dyn FnMut(&[usize], u16) -> Next) -> bool {
    #[allow(clippy::too_many_arguments)]
    fn go(
        cands: &[u16; 9],
        source: &[usize],
        from: usize,
        picked: &mut [usize; 9],
        len: usize,
        union: u16,
        f: &mut dyn FnMut(&[usize], u16) -> Next,
    ) -> bool {
        for i in from..source.len() {
            picked[len] = source[i];
            let union = union | cands[i];
            match f(&picked[..=len], union) {
                Next::Stop => return true,
                Next::Deeper if go(cands, source, i + 1, picked, len + 1, union, f) => return true,
                _ => {}
            }
        }
        false
    }
    let mut cands = [0u16; 9];
    for (c, &s) in cands.iter_mut().zip(source) {
        *c = board.cands(s);
    }
    go(&cands, source, 0, &mut [0; 9], 0, 0, f)
}

/// The empty squares of a unit, in its order (at most nine, kept without
/// allocating: the search goes through many sets of them).
#[derive(Clone, Copy)]
struct Squares {
    at: [usize; 9],
    len: usize,
}

impl Squares {
    fn of(cells: impl Iterator<Item = usize>) -> Squares {
        let mut out = Squares { at: [0; 9], len: 0 };
        for s in cells {
            out.at[out.len] = s;
            out.len += 1;
        }
        out
    }

    fn all(&self) -> &[usize] {
        &self.at[..self.len]
    }
}

fn union(board: &Board, cells: &[usize]) -> u16 {
    cells.iter().fold(0, |m, &s| m | board.cands(s))
}

/// Every Sue de Coq, in HoDoKu's order; with `first`, only the first.
pub fn all_sue_de_coq(board: &Board, first: bool) -> Vec<Move> {
    let mut out = Vec::new();
    let empty = empty_squares(board);
    for (line, b) in crossings() {
        if in_crossing(board, &empty, line, b, &mut out, first) {
            break;
        }
    }
    out
}

/// For each crossing of a line and a box (rows, then columns, each with
/// the boxes it crosses in order), the candidates of the line's squares
/// and of the box's squares when no Sue de Coq was found there (all 0 at
/// first: never searched).
pub type QuietCrossings = [[[u16; 9]; 2]; 54];

/// The first Sue de Coq, as [`all_sue_de_coq`] finds it, passing over the
/// crossings whose line and box hold the candidates `quiet` says they
/// held when they had none (a Sue de Coq of a crossing lies in its line's
/// and box's squares alone), and noting those that have none now.
pub fn first_sue_de_coq_quiet(board: &Board, quiet: &mut QuietCrossings) -> Option<Move> {
    let mut out = Vec::new();
    let mut empty = None;
    for (at, (line, b)) in crossings().enumerate() {
        let now = [line, b].map(|u| UNITS[u].map(|s| board.cands(usize::from(s))));
        if quiet[at] == now {
            continue;
        }
        let empty = empty.get_or_insert_with(|| empty_squares(board));
        if in_crossing(board, empty, line, b, &mut out, true) {
            return out.pop();
        }
        quiet[at] = now;
    }
    None
}

/// The crossings of a line (rows, then columns) and a box it crosses
/// (boxes in order), in the order Sue de Coq searches them.
fn crossings() -> impl Iterator<Item = (usize, usize)> {
    (0..18).flat_map(|line| {
        let boxes = match line < 9 {
            true => [18 + line / 3 * 3, 19 + line / 3 * 3, 20 + line / 3 * 3],
            false => [
                18 + (line - 9) / 3,
                21 + (line - 9) / 3,
                24 + (line - 9) / 3,
            ],
        };
        boxes.map(|b| (line, b))
    })
}

/// The empty squares of each unit.
fn empty_squares(board: &Board) -> [Squares; 27] {
    std::array::from_fn(|u| {
        Squares::of(
            UNITS[u]
                .iter()
                .map(|&s| usize::from(s))
                .filter(|&s| board.value(s) == 0),
        )
    })
}

/// The Sue de Coqs where `line` crosses box `b`: its pairs of crossing
/// squares, each followed by its triples; true to stop.
fn in_crossing(
    board: &Board,
    empty: &[Squares; 27],
    line: usize,
    b: usize,
    out: &mut Vec<Move>,
    first: bool,
) -> bool {
    let line_cells = empty[line].all();
    let box_cells = empty[b].all();
    let crossing = Squares::of(line_cells.iter().copied().filter(|s| box_cells.contains(s)));
    let crossing = crossing.all();
    if crossing.len() < 2 {
        return false;
    }
    let n = crossing.len();
    for i1 in 0..n - 1 {
        for i2 in i1 + 1..n {
            let pair = [crossing[i1], crossing[i2]];
            if try_crossing(board, line_cells, box_cells, &pair, out, first) {
                return true;
            }
            for &third in &crossing[i2 + 1..] {
                let triple = [crossing[i1], crossing[i2], third];
                if try_crossing(board, line_cells, box_cells, &triple, out, first) {
                    return true;
                }
            }
        }
    }
    false
}

/// The Sue de Coqs on the crossing squares `inter`; true to stop.
fn try_crossing(
    board: &Board,
    line_cells: &[usize],
    box_cells: &[usize],
    inter: &[usize],
    out: &mut Vec<Move>,
    first: bool,
) -> bool {
    let icands = union(board, inter);
    let more = count(icands) as i32 - inter.len() as i32;
    if more < 2 {
        return false;
    }
    let line_source = Squares::of(line_cells.iter().copied().filter(|s| !inter.contains(s)));
    let deeper = |stop: bool| if stop { Next::Stop } else { Next::Deeper };
    walk(board, line_source.all(), &mut |line_set, lcands| {
        let contained = count(lcands & icands) as i32;
        let extra = count(lcands & !icands) as i32;
        let size = line_set.len() as i32;
        if contained == 0 || size <= extra || size - extra >= more {
            return Next::Deeper;
        }
        let left = more - (size - extra);
        let box_source = Squares::of(
            box_cells
                .iter()
                .copied()
                .filter(|s| !inter.contains(s) && !line_set.contains(s)),
        );
        let banned = lcands & icands;
        deeper(walk(board, box_source.all(), &mut |box_set, bcands| {
            // A box set holding a digit of the line set's, and every set
            // that extends it, is no part of a Sue de Coq.
            if bcands & banned != 0 {
                return Next::Past;
            }
            let contained = count(bcands & icands) as i32;
            let extra = count(bcands & !icands) as i32;
            if contained == 0 || box_set.len() as i32 - extra != left {
                return Next::Deeper;
            }
            let both = bcands & lcands;
            let clear = |cells: &[usize], set: &[usize], mask: u16| -> Vec<(usize, u8)> {
                cells
                    .iter()
                    .copied()
                    .filter(|s| !set.contains(s) && !inter.contains(s))
                    .flat_map(|s| digits(board.cands(s) & mask).map(move |d| (s, d)))
                    .collect()
            };
            let mut deletes = clear(box_cells, box_set, ((icands | bcands) & !lcands) | both);
            deletes.extend(clear(
                line_cells,
                line_set,
                ((icands | lcands) & !bcands) | both,
            ));
            if deletes.is_empty() {
                return Next::Deeper;
            }
            let mut m = Move::new(Kind::SueDeCoq);
            m.cells = inter.to_vec();
            m.digits = digits(icands).collect();
            m.groups = vec![
                (line_set.to_vec(), digits(lcands).collect()),
                (box_set.to_vec(), digits(bcands).collect()),
            ];
            m.deletes = deletes;
            out.push(m);
            deeper(first)
        }))
    })
}
