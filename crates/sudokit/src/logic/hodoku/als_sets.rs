//! Almost locked sets (ALS) as HoDoKu 2.2.0 collects them; the searches
//! built on them are in [`als`](super::als).
//!
//! An ALS is `n` empty squares of one unit holding `n + 1` digits. HoDoKu
//! looks for them unit by unit (rows, columns, boxes), in each growing
//! sets of up to eight squares in the unit's order, one square first,
//! and keeps each set of squares the first time it is found; single
//! bivalue squares count.

pub use crate::logic::hodoku::board::squares_of;
use crate::logic::hodoku::board::{digits, peers_mask, Board, UNITS, UNIT_MASKS};

/// A set of squares: bit `s` for square `s`.
pub type Set = u128;

/// Every square.
const ALL: Set = (1 << 81) - 1;

/// The squares that see every square of `set` (every square for none).
pub fn seeing_all(set: Set) -> Set {
    squares_of(set).fold(ALL, |acc, s| acc & peers_mask(s))
}

/// The squares holding each digit as a candidate (index 0 unused), as
/// the board keeps them.
pub fn candidate_sets(board: &Board) -> [Set; 10] {
    std::array::from_fn(|d| match d {
        0 => 0,
        _ => board.squares_with(d as u8),
    })
}

/// One almost locked set.
#[derive(Clone, Debug)]
pub struct Als {
    /// Its squares.
    pub cells: Set,
    /// Its digits, as a mask.
    pub cands: u16,
    /// For each digit, its squares holding it.
    pub with: [Set; 10],
    /// For each digit, the squares outside it holding the digit and
    /// seeing all its squares that do.
    pub seen_by: [Set; 10],
    /// The union of `seen_by`.
    pub seen_by_any: Set,
}

impl Als {
    fn new(cells: Set, cands: u16, cand_sets: &[Set; 10]) -> Als {
        let mut als = Als {
            cells,
            cands,
            with: [0; 10],
            seen_by: [0; 10],
            seen_by_any: 0,
        };
        for d in digits(cands) {
            let i = usize::from(d);
            als.with[i] = cells & cand_sets[i];
            als.seen_by[i] = seeing_all(als.with[i]) & !cells & cand_sets[i];
            als.seen_by_any |= als.seen_by[i];
        }
        als
    }

    /// Its squares, smallest first.
    pub fn squares(&self) -> Vec<usize> {
        squares_of(self.cells).collect()
    }

    /// How many squares it has.
    pub fn size(&self) -> usize {
        self.cells.count_ones() as usize
    }

    /// It as a group of a [`Move`](crate::logic::hodoku::moves::Move): its
    /// squares and its digits.
    pub fn group(&self) -> (Vec<usize>, Vec<u8>) {
        (self.squares(), digits(self.cands).collect())
    }
}

/// Every ALS of the position, in HoDoKu's order.
pub fn collect(board: &Board) -> Vec<Als> {
    let cand_sets = candidate_sets(board);
    let mut out = Vec::new();
    for (u, unit) in UNITS.iter().enumerate() {
        // The unit's empty squares, in order, with their candidates.
        let (mut open, mut n) = ([(0usize, 0u16); 9], 0);
        for &s in unit {
            let s = usize::from(s);
            if board.value(s) == 0 {
                open[n] = (s, board.cands(s));
                n += 1;
            }
        }
        let mut grower = Grower {
            open: &open[..n],
            cand_sets: &cand_sets,
            earlier: &UNIT_MASKS[..u],
            out: &mut out,
        };
        grower.grow(0, 0, 0, 0);
    }
    out
}

/// The sets of one unit's empty squares grown by [`Grower::grow`].
struct Grower<'a> {
    /// The unit's empty squares in order, with their candidates.
    open: &'a [(usize, u16)],
    cand_sets: &'a [Set; 10],
    /// The masks of the units searched before: a set inside one of them
    /// was kept there already.
    earlier: &'a [Set],
    out: &'a mut Vec<Als>,
}

impl Grower<'_> {
    /// Adds each later empty square (from the `from`-th) to the set so
    /// far (of `size` squares, digits `mask`), keeps what is an ALS and
    /// grows on.
    ///
    /// A square added brings the set one square nearer to having one
    /// digit more than squares, at best (when it adds no digit). So a set
    /// with `k` digits too many (`k` more than its squares and one) can
    /// become an ALS only by growing `k` squares or more; with fewer
    /// squares left to add, nothing grown from it is an ALS, and it is
    /// not grown (the sets kept, and their order, are those of growing
    /// every set).
    fn grow(&mut self, from: usize, size: usize, set: Set, mask: u16) {
        let size = size + 1;
        if size > 8 {
            return;
        }
        for i in from..self.open.len() {
            let (s, cands) = self.open[i];
            let (set, mask) = (set | 1 << s, mask | cands);
            let digits = mask.count_ones() as usize;
            if digits == size + 1 && !self.earlier.iter().any(|&m| set & !m == 0) {
                self.out.push(Als::new(set, mask, self.cand_sets));
            }
            let left = self.open.len() - i - 1;
            if digits <= size + 1 + left {
                self.grow(i + 1, size, set, mask);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every ALS, growing every set of each unit's empty squares (the
    /// search [`collect`] prunes).
    fn collect_plain(board: &Board) -> Vec<(Set, u16)> {
        fn grow(
            board: &Board,
            u: usize,
            from: usize,
            set: Set,
            mask: u16,
            out: &mut Vec<(Set, u16)>,
        ) {
            let size = set.count_ones() as usize + 1;
            if size > 8 {
                return;
            }
            for &s in &UNITS[u][from..] {
                let s = usize::from(s);
                if board.value(s) != 0 {
                    continue;
                }
                let (set, mask) = (set | 1 << s, mask | board.cands(s));
                let earlier = UNIT_MASKS[..u].iter().any(|&m| set & !m == 0);
                if mask.count_ones() as usize == size + 1 && !earlier {
                    out.push((set, mask));
                }
                let at = UNITS[u].iter().position(|&t| usize::from(t) == s).unwrap();
                grow(board, u, at + 1, set, mask, out);
            }
        }
        let mut out = Vec::new();
        for u in 0..27 {
            grow(board, u, 0, 0, 0, &mut out);
        }
        out
    }

    #[test]
    fn the_pruned_growth_collects_the_sets_growing_every_set_collects_in_order() {
        // Random marks, from few candidates to many, some squares placed;
        // and the ALS cases of HoDoKu's library.
        let boards = crate::logic::hodoku::test_boards::random_then_library(
            11,
            300,
            |round| 15 + round % 50,
            8,
            &[":0901", ":0902", ":0903"],
        );
        let mut found = 0;
        for (i, board) in boards.iter().enumerate() {
            let want = collect_plain(board);
            let got: Vec<(Set, u16)> = collect(board).iter().map(|a| (a.cells, a.cands)).collect();
            assert_eq!(got, want, "board {i}");
            found += want.len();
        }
        assert!(found > 10_000, "{found}");
    }
}
