//! The remote pair as HoDoKu finds it: a chain of four or more squares
//! holding the same two digits and nothing else, each seeing the next, so
//! that their digits alternate along it. A square that sees two of its
//! squares an odd number of links apart holds neither digit.
//!
//! HoDoKu walks the chains depth first: start squares in order, each of
//! the start's two digits in turn as the digit the chain starts with, and
//! from each square its twins in its row, then its column, then its box
//! (the box's squares in line with it left out), never coming back to a
//! square, at most ten squares long. A chain is taken where it has an
//! even number of squares and its two ends both see a square holding the
//! start digit. A chain of four clears what sees both its ends; a longer
//! one clears what sees any two of its squares three, five, seven ...
//! squares apart. Of chains clearing the same candidates only the first
//! found is kept, unless a shorter one comes later. HoDoKu then takes the
//! one that clears most, then the one whose removals come first, then the
//! shorter, then the first found.

use crate::logic::hodoku::board::{peers_mask, squares_of, units_of, Board, UNIT_MASKS};
use crate::logic::hodoku::moves::{sorted_chains, Move};
use crate::logic::hodoku::table::Kind;
use std::collections::BTreeMap;

/// The most squares in a chain: HoDoKu stops a chain at 20 links, and each
/// square but the first takes two (into the square, and across it).
const MAX_SQUARES: usize = 10;

/// The squares linked to `s` in a chain of squares holding the same two
/// candidates (`same`, a mask of squares), in HoDoKu's order: its row,
/// its column, then its box without the squares already in its row or
/// column; as three masks, each walked smallest square first (which is
/// the unit's order).
fn twins(same: u128, s: usize) -> [u128; 3] {
    let [row, col, b] = units_of(s);
    let others = same & !(1 << s);
    let lines = UNIT_MASKS[row] | UNIT_MASKS[col];
    [
        others & UNIT_MASKS[row],
        others & UNIT_MASKS[col],
        others & UNIT_MASKS[b] & !lines,
    ]
}

/// The state of one search: the grid, the start digit and the other, and
/// what has been found.
struct Search<'a> {
    board: &'a Board,
    digits: [u8; 2],
    /// The empty squares holding exactly the two digits.
    same: u128,
    chain: Vec<usize>,
    found: Vec<(Move, usize)>,
    /// The shortest chain found so far for each set of removals (as the
    /// squares losing the smaller digit, and those losing the larger).
    seen: BTreeMap<(u128, u128), usize>,
}

impl Search<'_> {
    /// Extends the chain from its last square.
    fn walk(&mut self) {
        let last = *self.chain.last().expect("a chain has a start");
        for next in twins(self.same, last).into_iter().flat_map(squares_of) {
            if self.chain.contains(&next) {
                // Back to the start is a loop, which ends the chain; back
                // to its middle is no chain.
                continue;
            }
            self.chain.push(next);
            if self.chain.len().is_multiple_of(2) && self.chain.len() >= 4 {
                self.check();
            }
            if self.chain.len() < MAX_SQUARES {
                self.walk();
            }
            self.chain.pop();
        }
    }

    /// Records the chain when its ends see a square holding the start
    /// digit (and it clears something).
    fn check(&mut self) {
        let (start, end) = (self.chain[0], *self.chain.last().unwrap());
        let [first, second] = self.digits;
        let both = |a: usize, b: usize| peers_mask(a) & peers_mask(b);
        if self.board.squares_with(first) & both(start, end) == 0 {
            return;
        }
        // The pairs of squares of opposite digits whose common peers lose
        // both digits: just the ends in a chain of four.
        let mut seen = 0;
        match self.chain.len() {
            4 => seen = both(start, end),
            n => {
                for i in 0..n {
                    for j in (i + 3..n).step_by(2) {
                        seen |= both(self.chain[i], self.chain[j]);
                    }
                }
            }
        }
        let (low, high) = (first.min(second), first.max(second));
        let removed = (
            self.board.squares_with(low) & seen,
            self.board.squares_with(high) & seen,
        );
        let links = 2 * self.chain.len() - 1;
        if let Some(&shorter) = self.seen.get(&removed) {
            if shorter <= links {
                return;
            }
        }
        self.seen.insert(removed, links);
        let mut m = Move::new(Kind::RemotePair);
        m.digits = vec![first, second];
        m.cells = self.chain.clone();
        let size = removed.0.count_ones() + removed.1.count_ones();
        m.deletes = Vec::with_capacity(size as usize);
        for (squares, d) in [(removed.0, low), (removed.1, high)] {
            m.deletes.extend(squares_of(squares).map(|t| (t, d)));
        }
        self.found.push((m, links));
    }
}

/// Every remote pair, sorted as HoDoKu sorts them (the first is the one
/// its solver takes). A move's digits are the start digit, then the other;
/// its squares are the chain's, from its start.
pub fn all_remote_pairs(board: &Board) -> Vec<Move> {
    let mut search = Search {
        board,
        digits: [0, 0],
        same: 0,
        chain: Vec::with_capacity(MAX_SQUARES),
        found: Vec::new(),
        seen: BTreeMap::new(),
    };
    // The empty squares holding two candidates, and how many hold each
    // pair: a chain needs four squares of the same pair, so a start with
    // fewer twins has none.
    let mut pairs = 0u128;
    let mut count = [0u8; 512];
    for s in 0..81 {
        let mask = board.cands(s);
        if board.value(s) == 0 && mask.count_ones() == 2 {
            pairs |= 1 << s;
            count[usize::from(mask)] += 1;
        }
    }
    for start in squares_of(pairs) {
        let mask = board.cands(start);
        if count[usize::from(mask)] < 4 {
            continue;
        }
        search.same = squares_of(pairs)
            .filter(|&t| board.cands(t) == mask)
            .fold(0, |m, t| m | 1 << t);
        let low = mask.trailing_zeros() as u8 + 1;
        let high = 16 - mask.leading_zeros() as u8;
        for (first, second) in [(low, high), (high, low)] {
            search.digits = [first, second];
            search.chain.clear();
            search.chain.push(start);
            search.walk();
        }
    }
    sorted_chains(search.found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::library::parse_case;
    use std::collections::BTreeSet;

    /// A case of HoDoKu's regression library: four squares holding 5 and
    /// 8, r7c5, r4c5, r4c8 and r9c8; r7c79 and r9c46 see both ends.
    const CASE: &str = ":0703:58:..+1.+4+9+2+636+3.21+7+9+4.942+63..+7.2634.+17.98.+4.+9..2...+9.+6+2.+34..7..4.9.+4..9+7631..+9+6.+2.+4.7::577 579 594 596 877 879 894 896::7";

    #[test]
    fn a_remote_pair_clears_what_sees_squares_of_both_digits() {
        let case = parse_case(CASE).unwrap();
        let moves = all_remote_pairs(&case.board);
        let first = &moves[0];
        let set = |v: &[(usize, u8)]| v.iter().copied().collect::<BTreeSet<_>>();
        assert_eq!(set(&first.eliminations()), set(&case.eliminations));
        // Found from each end and with each start digit, the chain is
        // kept once: as first found, from the first square, starting 5.
        assert_eq!(moves.len(), 1);
        assert_eq!(
            first.line(),
            "Remote Pair: 5/8 r7c5 -8- r4c5 -5- r4c8 -8- r9c8 \
             => r7c79,r9c46<>5, r7c79,r9c46<>8"
        );
    }
}
