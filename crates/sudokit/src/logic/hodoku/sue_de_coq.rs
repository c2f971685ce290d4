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

/// One subset of a line's or a box's squares in a Sue de Coq search:
/// its squares (bits of their places in the list they were taken from),
/// their candidates, and how many of those the crossing holds
/// (`contained`) and does not (`extra`).
#[derive(Clone, Copy, Default)]
struct Set {
    members: u8,
    cands: u16,
    len: u8,
    contained: u8,
    extra: u8,
}

/// The most subsets of a line's or a box's other squares: a crossing
/// takes two of its nine squares at least.
const MOST_SETS: usize = (1 << 7) - 1;

/// The non-empty subsets of `source` (at most seven squares) in the order
/// of a depth-first walk over them (`{0}`, `{0,1}`, `{0,1,2}`, ...,
/// `{1}`, ...), each with the crossing's candidates `icands`; how many
/// there are.
fn subsets(board: &Board, source: &[usize], icands: u16, out: &mut [Set; MOST_SETS]) -> usize {
    assert!(source.len() <= 7, "a line or a box outside a crossing");
    let n = source.len();
    let mut cands = [0u16; 7];
    for (c, &s) in cands.iter_mut().zip(source) {
        *c = board.cands(s);
    }
    // The walk without recursion: the sets on the way down, and the place
    // to take next.
    let mut path = [Set::default(); 8];
    let (mut depth, mut next, mut len) = (0, 0, 0);
    loop {
        if next < n {
            let at = path[depth];
            let c = at.cands | cands[next];
            let set = Set {
                members: at.members | 1 << next,
                cands: c,
                len: at.len + 1,
                contained: count(c & icands) as u8,
                extra: count(c & !icands) as u8,
            };
            out[len] = set;
            len += 1;
            depth += 1;
            path[depth] = set;
            next += 1;
        } else if depth == 0 {
            return len;
        } else {
            // Back up: the last place taken is the top set's highest.
            let top = path[depth].members;
            depth -= 1;
            next = 8 - top.leading_zeros() as usize;
        }
    }
}

/// The squares of `source` whose places are bits of `members`, in order.
fn members_of(source: &[usize], members: u8) -> impl Iterator<Item = usize> + '_ {
    source
        .iter()
        .enumerate()
        .filter(move |&(i, _)| members & 1 << i != 0)
        .map(|(_, &s)| s)
}

/// The place in `source` (the line's or the box's squares outside
/// `inter`) of the square it shares with `other` (the box's or the
/// line's): the crossing's square left out of `inter`, as a bit (0 when
/// there is none).
fn left_out(source: &[usize], other: &[usize]) -> u8 {
    source
        .iter()
        .position(|s| other.contains(s))
        .map_or(0, |i| 1 << i)
}

/// The Sue de Coqs on the crossing squares `inter`; true to stop.
///
/// Each set of the line's other squares is tried, in the order of a
/// depth-first walk over them, with each set of the box's other squares
/// in the same order that shares no square with it. The sets of each side
/// are listed once, those of the box by how many squares they hold more
/// than digits outside the crossing: a line set leaves one such count for
/// the box set, so only the box sets of that count are tried.
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
    let inter_mask = inter.iter().fold(0u128, |m, &s| m | 1 << s);
    let line_source = Squares::of(line_cells.iter().copied().filter(|s| !inter.contains(s)));
    let box_source = Squares::of(box_cells.iter().copied().filter(|s| !inter.contains(s)));
    let (line_source, box_source) = (line_source.all(), box_source.all());
    let line_shared = left_out(line_source, box_cells);
    let box_shared = left_out(box_source, line_cells);
    let mut line_sets = [Set::default(); MOST_SETS];
    let n_line = subsets(board, line_source, icands, &mut line_sets);
    // The box's sets, by their count (from 1; a box set of a Sue de Coq
    // holds more squares than digits outside the crossing), each count's
    // in the order of the walk; made when a line set first needs them.
    let mut box_sets = [Set::default(); MOST_SETS];
    let mut order = [0u8; MOST_SETS];
    let mut starts = [0usize; 11];
    let mut box_made = false;
    for line_set in &line_sets[..n_line] {
        let size = i32::from(line_set.len);
        let extra = i32::from(line_set.extra);
        if line_set.contained == 0 || size <= extra || size - extra >= more {
            continue;
        }
        let left = more - (size - extra);
        if left > 9 {
            continue;
        }
        if !box_made {
            box_made = true;
            let n = subsets(board, box_source, icands, &mut box_sets);
            // A box set's count, or 0 when it can be in no Sue de Coq.
            let count_of = |set: &Set| match set.contained {
                0 => 0,
                _ => usize::from(set.len.saturating_sub(set.extra)),
            };
            let mut sizes = [0usize; 11];
            for set in &box_sets[..n] {
                sizes[count_of(set)] += 1;
            }
            for k in 1..10 {
                starts[k + 1] = starts[k] + sizes[k];
            }
            let mut next = starts;
            for (i, set) in box_sets[..n].iter().enumerate() {
                let k = count_of(set);
                if k > 0 {
                    order[next[k]] = i as u8;
                    next[k] += 1;
                }
            }
        }
        let lcands = line_set.cands;
        let banned = lcands & icands;
        // The box sets that hold the square the line set shares with the
        // box, if any.
        let taken = match line_set.members & line_shared {
            0 => 0,
            _ => box_shared,
        };
        let left = left as usize;
        for &i in &order[starts[left]..starts[left + 1]] {
            let box_set = &box_sets[usize::from(i)];
            // A box set holding a digit of the line set's is no part of a
            // Sue de Coq, nor one holding a square of it (the crossing's
            // square left out of `inter`).
            let bcands = box_set.cands;
            if bcands & banned != 0 || box_set.members & taken != 0 {
                continue;
            }
            let both = bcands & lcands;
            let mask_of = |source: &[usize], set: &Set| {
                members_of(source, set.members).fold(0u128, |m, s| m | 1 << s)
            };
            let clear = |cells: &[usize], set: u128, mask: u16| -> Vec<(usize, u8)> {
                cells
                    .iter()
                    .copied()
                    .filter(|&s| (set | inter_mask) & 1 << s == 0)
                    .flat_map(|s| digits(board.cands(s) & mask).map(move |d| (s, d)))
                    .collect()
            };
            let mut deletes = clear(
                box_cells,
                mask_of(box_source, box_set),
                ((icands | bcands) & !lcands) | both,
            );
            deletes.extend(clear(
                line_cells,
                mask_of(line_source, line_set),
                ((icands | lcands) & !bcands) | both,
            ));
            if deletes.is_empty() {
                continue;
            }
            let mut m = Move::new(Kind::SueDeCoq);
            m.cells = inter.to_vec();
            m.digits = digits(icands).collect();
            m.groups = vec![
                (
                    members_of(line_source, line_set.members).collect(),
                    digits(lcands).collect(),
                ),
                (
                    members_of(box_source, box_set.members).collect(),
                    digits(bcands).collect(),
                ),
            ];
            m.deletes = deletes;
            out.push(m);
            if first {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

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
                    Next::Deeper if go(cands, source, i + 1, picked, len + 1, union, f) => {
                        return true
                    }
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

    /// The Sue de Coqs on the crossing squares `inter`; true to stop.
    fn try_crossing_plain(
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

    /// Every Sue de Coq as the walk over subsets finds them, crossing by
    /// crossing.
    fn all_plain(board: &Board) -> Vec<Move> {
        let mut out = Vec::new();
        let empty = empty_squares(board);
        for (line, b) in crossings() {
            let line_cells = empty[line].all();
            let box_cells = empty[b].all();
            let crossing: Vec<usize> = line_cells
                .iter()
                .copied()
                .filter(|s| box_cells.contains(s))
                .collect();
            let n = crossing.len();
            for i1 in 0..n.saturating_sub(1) {
                for i2 in i1 + 1..n {
                    let pair = [crossing[i1], crossing[i2]];
                    try_crossing_plain(board, line_cells, box_cells, &pair, &mut out, false);
                    for &third in &crossing[i2 + 1..] {
                        let triple = [crossing[i1], crossing[i2], third];
                        try_crossing_plain(board, line_cells, box_cells, &triple, &mut out, false);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn listing_the_sets_of_each_side_once_finds_every_sue_de_coq_the_walk_finds_in_order() {
        // Random marks, from few candidates to many, some squares placed;
        // and every Sue de Coq case of HoDoKu's library.
        use crate::logic::hodoku::test_boards;
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut found = 0;
        for round in 0..300 {
            let board = test_boards::random(&mut rng, 20 + round % 50, Some(10));
            let want = all_plain(&board);
            assert_eq!(all_sue_de_coq(&board, false), want, "round {round}");
            let first = all_sue_de_coq(&board, true);
            assert_eq!(first, want[..want.len().min(1)], "round {round}");
            found += want.len();
        }
        assert!(found > 100, "{found}");
        let Some(lines) = test_boards::library_lines(&[":1101"]) else {
            return;
        };
        let mut cases = 0;
        for line in &lines {
            let case = crate::logic::hodoku::library::parse_case(line).unwrap();
            let want = all_plain(&case.board);
            assert_eq!(all_sue_de_coq(&case.board, false), want, "{line}");
            cases += 1;
        }
        assert!(cases > 10, "{cases}");
    }
}
