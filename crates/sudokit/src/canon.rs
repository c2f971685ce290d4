//! The canonical form of a puzzle: of all its equivalent forms (see
//! [`crate::transform`]), the one whose one-line form is smallest, with the
//! empty square `.` sorted before every digit, as the community's minlex
//! lists sort them. Two puzzles are the same puzzle in disguise exactly
//! when their canonical forms are equal.
//!
//! # How it is found
//!
//! Trying all 3,359,232 arrangements of a 9x9 grid's squares is far too
//! slow, so the form is built a row at a time, keeping only the partial
//! transforms whose rows so far are the smallest possible: the approach of
//! the minlex canonicalisers described on the Enjoy Sudoku players' forum
//! (programmers' section, the "minlex" threads), written here from that
//! description.
//!
//! - **The frames.** Transposition (when boxes are square) and the order of
//!   the stacks are tried explicitly: 2 x 3! = 12 starting points on 9x9.
//! - **The relabelling** never needs a search: once the squares are placed,
//!   the smallest relabelling numbers the digits in order of first
//!   appearance. A digit not seen yet in the rows so far always gets the
//!   next number, whichever it is.
//! - **The columns** inside each stack are kept as an ordered list of
//!   groups whose order is still free. Placing a row orders each group's
//!   squares: empty ones first (they stay one group, still free among
//!   themselves), then digits already numbered by their numbers, then new
//!   digits, each in a group of its own. New digits can come in any order
//!   for the same row, so each order becomes a partial transform of its own
//!   (it numbers them differently for the rows below).
//! - **The rows**: the next output row may be any unused row of the band
//!   being filled, or any row of an unused band when a band starts. Every
//!   partial transform tries every such row; a row whose string is already
//!   larger than the best one found for this position is cut as soon as a
//!   group shows it, and a smaller one drops everything kept so far.
//!
//! Because empty squares sort first, the first row is the one with the
//! most empty squares, pushed to the front: a row with fewer givens per
//! stack comes first, its emptiest stack first. The rows below follow the
//! same rule, which is why the search keeps few partial transforms on real
//! puzzles. Partial transforms that would continue identically (the same
//! rows used, the same column groups, the same numbering) are merged, so
//! a nearly empty grid, whose rows all tie, does not multiply them.
//!
//! The search is exact: every transform is either tried or equal, on every
//! row so far, to one that is kept. The tests hold it to a brute force over
//! every transform of 4x4 and 6x6 grids, and to the same form for random
//! transforms of real puzzles.

use crate::grid::Grid;
use crate::shape::{Shape, Variant};
use crate::transform::Transform;
use std::cmp::Ordering;

/// Why a grid has no canonical form here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CanonError {
    /// Diagonal grids have other symmetries; only standard ones are done.
    #[error("canonical forms are defined here for standard grids, not diagonal ones")]
    Diagonal,
    /// Two givens clash: not a puzzle.
    #[error("two givens put the same digit in one unit")]
    Clash,
    /// The grid has so many ways to tie that the search would keep more
    /// than [`MAX_PARTIALS`] partial transforms (an almost empty 16x16 or
    /// 25x25 grid with a few full rows; never a real puzzle).
    #[error("too many ways to tie: more than {MAX_PARTIALS} partial transforms")]
    TooManyTies,
}

/// The most partial transforms the search keeps for one row (about 90
/// bytes each). On 9x9 a row can multiply them by at most 3!^3 = 216; on
/// 16x16 by 4!^4 = 331,776, on grids that are all but empty.
pub const MAX_PARTIALS: usize = 1 << 18;

/// The canonical (minlex) form of `grid`.
pub fn minlex(grid: &Grid) -> Result<Grid, CanonError> {
    minlex_with_transform(grid).map(|(form, _)| form)
}

/// The canonical form of `grid`, and a transform that makes it from `grid`.
pub fn minlex_with_transform(grid: &Grid) -> Result<(Grid, Transform), CanonError> {
    let shape = grid.shape();
    if shape.variant() == Variant::Diagonal {
        return Err(CanonError::Diagonal);
    }
    if grid.has_clash() {
        return Err(CanonError::Clash);
    }
    let mut search = MinlexSearch::new(grid);
    let (cells, best) = search.run().ok_or(CanonError::TooManyTies)?;
    let n = shape.side();
    let transform = best.transform(shape, n);
    let form = Grid::from_cells(shape, cells).unwrap_or_else(|| grid.clone());
    Ok((form, transform))
}

/// The largest side.
const MAX: usize = 25;

/// A partial transform: the rows placed so far and the column groups and
/// numbering they leave.
#[derive(Clone, Copy)]
struct Partial {
    /// 1 when the transposed grid is read.
    frame: u8,
    /// The band the last row came from.
    band: u8,
    /// The next number to give a digit.
    next: u8,
    /// Input rows used.
    used: u32,
    /// Bit `p` set: output column `p` starts a group.
    bounds: u32,
    /// The input column at each output column.
    order: [u8; MAX],
    /// Each digit's number, 0 when not numbered yet.
    label: [u8; MAX + 1],
    /// The input rows placed, in order (not part of the state).
    rows: [u8; MAX],
}

impl Partial {
    /// What decides how the partial transform continues.
    fn state(&self) -> (u8, u32, u32, &[u8; MAX], &[u8; MAX + 1]) {
        (self.frame, self.used, self.bounds, &self.order, &self.label)
    }

    /// The transform, once every row is placed. Digits the grid lacks get
    /// the numbers left, in order.
    fn transform(&self, shape: &Shape, n: usize) -> Transform {
        let mut next = self.next;
        let digits: Vec<u8> = std::iter::once(0)
            .chain(self.label[1..=n].iter().map(|&l| match l {
                0 => {
                    next += 1;
                    next - 1
                }
                l => l,
            }))
            .collect();
        Transform::new(
            shape.size(),
            self.frame == 1,
            self.rows[..n].to_vec(),
            self.order[..n].to_vec(),
            digits,
        )
        .unwrap_or_else(|_| Transform::identity(shape.size()))
    }
}

/// One canonicalisation.
struct MinlexSearch {
    n: usize,
    box_rows: usize,
    /// The grid, then its transpose when boxes are square.
    frames: Vec<Vec<u8>>,
    partials: Vec<Partial>,
    next: Vec<Partial>,
}

/// Groups of the row being placed: (start, end) positions.
fn groups(bounds: u32, n: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut rest = bounds;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let start = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let end = if rest == 0 {
            n
        } else {
            rest.trailing_zeros() as usize
        };
        Some((start, end))
    })
}

impl MinlexSearch {
    fn new(grid: &Grid) -> MinlexSearch {
        let shape = grid.shape();
        let n = shape.side();
        let (box_rows, box_cols) = shape.box_dims();
        let mut frames = vec![grid.cells().to_vec()];
        if box_rows == box_cols {
            let cells = grid.cells();
            frames.push((0..n * n).map(|s| cells[(s % n) * n + s / n]).collect());
        }
        let mut partials = Vec::new();
        let stacks = n / box_cols;
        let mut stack_order: Vec<usize> = (0..stacks).collect();
        loop {
            let mut order = [0u8; MAX];
            let mut bounds = 0u32;
            for (i, &s) in stack_order.iter().enumerate() {
                bounds |= 1 << (i * box_cols);
                for k in 0..box_cols {
                    order[i * box_cols + k] = (s * box_cols + k) as u8;
                }
            }
            for frame in 0..frames.len() {
                partials.push(Partial {
                    frame: frame as u8,
                    band: 0,
                    next: 1,
                    used: 0,
                    bounds,
                    order,
                    label: [0; MAX + 1],
                    rows: [0; MAX],
                });
            }
            if !next_permutation(&mut stack_order) {
                break;
            }
        }
        MinlexSearch {
            n,
            box_rows,
            frames,
            partials,
            next: Vec::new(),
        }
    }

    /// Places every row; returns the canonical cells and one partial
    /// transform that makes them, or `None` past [`MAX_PARTIALS`].
    fn run(&mut self) -> Option<(Vec<u8>, Partial)> {
        let n = self.n;
        let all = (1u32 << n) - 1;
        // Taken out for the loop, which adds partial transforms to `self`.
        let frames = std::mem::take(&mut self.frames);
        let band_mask = (1u32 << self.box_rows) - 1;
        let mut cells = Vec::with_capacity(n * n);
        for k in 0..n {
            let mut best = [u8::MAX; MAX];
            self.next.clear();
            for i in 0..self.partials.len() {
                let p = self.partials[i];
                let allowed = if k % self.box_rows == 0 {
                    all & !p.used
                } else {
                    !p.used & (band_mask << (usize::from(p.band) * self.box_rows))
                };
                let mut rows = allowed;
                while rows != 0 {
                    let r = rows.trailing_zeros() as usize;
                    rows &= rows - 1;
                    let frame = &frames[usize::from(p.frame)];
                    let row = &frame[r * n..(r + 1) * n];
                    let Some((string, smaller)) = self.place(&p, row, &best) else {
                        continue;
                    };
                    if smaller {
                        best = string;
                        self.next.clear();
                    }
                    // The last row leaves no row below to tell the orders
                    // of its new digits apart: one will do.
                    self.branch(&p, k, r, row, k + 1 < n);
                    if self.next.len() > MAX_PARTIALS {
                        return None;
                    }
                }
            }
            std::mem::swap(&mut self.partials, &mut self.next);
            if self.partials.len() > 1 {
                self.partials
                    .sort_unstable_by(|a, b| a.state().cmp(&b.state()));
                self.partials.dedup_by(|a, b| a.state() == b.state());
            }
            cells.extend_from_slice(&best[..n]);
        }
        self.partials.first().map(|&p| (cells, p))
    }

    /// The smallest string `row` can make under `p`, unless a group shows
    /// it larger than `best`; and whether it is smaller than `best`.
    fn place(&self, p: &Partial, row: &[u8], best: &[u8; MAX]) -> Option<([u8; MAX], bool)> {
        let mut out = [0u8; MAX];
        let mut next = p.next;
        let mut state = Ordering::Equal;
        for (start, end) in groups(p.bounds, self.n) {
            let mut at = start;
            // Empty squares first (out is already 0 there).
            for q in start..end {
                if row[usize::from(p.order[q])] == 0 {
                    at += 1;
                }
            }
            // Then numbered digits, by number.
            let numbered_from = at;
            for q in start..end {
                let d = row[usize::from(p.order[q])];
                let l = p.label[usize::from(d)];
                if d != 0 && l != 0 {
                    let mut i = at;
                    while i > numbered_from && out[i - 1] > l {
                        out[i] = out[i - 1];
                        i -= 1;
                    }
                    out[i] = l;
                    at += 1;
                }
            }
            // Then new digits, numbered in turn.
            while at < end {
                out[at] = next;
                next += 1;
                at += 1;
            }
            if state == Ordering::Equal {
                state = out[start..end].cmp(&best[start..end]);
                if state == Ordering::Greater {
                    return None;
                }
            }
        }
        Some((out, state == Ordering::Less))
    }

    /// Adds the partial transforms that place input row `r` as output row
    /// `k` after `p`: one for each order of the new digits in each group.
    fn branch(&mut self, p: &Partial, k: usize, r: usize, row: &[u8], every_order: bool) {
        let mut base = *p;
        base.used |= 1 << r;
        base.band = (r / self.box_rows) as u8;
        base.rows[k] = r as u8;
        base.bounds = 0;
        // Runs of new digits that can come in any order: (start, end).
        let mut runs: [(u8, u8); MAX] = [(0, 0); MAX];
        let mut run_count = 0;
        for (start, end) in groups(p.bounds, self.n) {
            let mut at = start;
            let columns = &p.order[start..end];
            let digit = |c: u8| row[usize::from(c)];
            // Empty squares keep their order (ascending) and stay tied.
            let mut empty = false;
            for &c in columns {
                if digit(c) == 0 {
                    if !empty {
                        base.bounds |= 1 << at;
                        empty = true;
                    }
                    base.order[at] = c;
                    at += 1;
                }
            }
            let numbered_from = at;
            for &c in columns {
                let l = p.label[usize::from(digit(c))];
                if digit(c) != 0 && l != 0 {
                    let mut i = at;
                    while i > numbered_from && p.label[usize::from(digit(base.order[i - 1]))] > l {
                        base.order[i] = base.order[i - 1];
                        i -= 1;
                    }
                    base.order[i] = c;
                    at += 1;
                }
            }
            for q in numbered_from..at {
                base.bounds |= 1 << q;
            }
            let new_from = at;
            for &c in columns {
                if digit(c) != 0 && p.label[usize::from(digit(c))] == 0 {
                    base.bounds |= 1 << at;
                    base.order[at] = c;
                    at += 1;
                }
            }
            if every_order && at > new_from + 1 {
                runs[run_count] = (new_from as u8, at as u8);
                run_count += 1;
            }
        }
        self.orders(base, &runs[..run_count], row);
    }

    /// Every order of the new digits in `runs` (each at least two long),
    /// each numbered in turn.
    fn orders(&mut self, mut base: Partial, runs: &[(u8, u8)], row: &[u8]) {
        let Some((&(start, end), rest)) = runs.split_first() else {
            // Number the new digits by position, left to right.
            for q in 0..self.n {
                let d = usize::from(row[usize::from(base.order[q])]);
                if d != 0 && base.label[d] == 0 {
                    base.label[d] = base.next;
                    base.next += 1;
                }
            }
            self.next.push(base);
            return;
        };
        let (start, end) = (usize::from(start), usize::from(end));
        loop {
            if self.next.len() > MAX_PARTIALS {
                return;
            }
            self.orders(base, rest, row);
            if !next_permutation(&mut base.order[start..end]) {
                break;
            }
        }
    }
}

/// The next permutation in lexicographic order; false (and the slice
/// sorted again) after the last.
fn next_permutation<T: Ord>(items: &mut [T]) -> bool {
    let Some(i) = items.windows(2).rposition(|w| w[0] < w[1]) else {
        items.reverse();
        return false;
    };
    let j = items.iter().rposition(|x| *x > items[i]).unwrap_or(i);
    items.swap(i, j);
    items[i + 1..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_grid, ParseOptions};

    #[test]
    fn permutations_come_in_order() {
        let mut p = [0, 1, 2];
        let mut seen = vec![p];
        while next_permutation(&mut p) {
            seen.push(p);
        }
        assert_eq!(seen.len(), 6);
        assert_eq!(seen[1], [0, 2, 1]);
        assert_eq!(p, [0, 1, 2]);
    }

    #[test]
    fn the_canonical_form_leads_with_empty_squares() {
        let grid = parse_grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ParseOptions::default(),
        )
        .unwrap();
        let (form, transform) = minlex_with_transform(&grid).unwrap();
        assert_eq!(transform.apply(&grid).unwrap(), form);
        assert!(form.to_line() <= grid.to_line().replace('4', "."));
        assert!(form.to_line().starts_with("......."), "{form}");
        assert_eq!(form.given_count(), grid.given_count());
    }
}
