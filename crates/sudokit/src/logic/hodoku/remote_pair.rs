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

use crate::logic::hodoku::board::{sees, units_of, Board, UNITS};
use crate::logic::hodoku::moves::{sorted_chains, Move};
use crate::logic::hodoku::table::Kind;
use std::collections::BTreeMap;

/// The most squares in a chain: HoDoKu stops a chain at 20 links, and each
/// square but the first takes two (into the square, and across it).
const MAX_SQUARES: usize = 10;

/// The squares after `s` in HoDoKu's order that hold exactly the same two
/// candidates as `s`: its row, its column, then its box without the
/// squares already in its row or column.
fn twins(board: &Board, s: usize) -> Vec<usize> {
    let mask = board.cands(s);
    let mut out = Vec::new();
    for (k, u) in units_of(s).into_iter().enumerate() {
        for &t in &UNITS[u] {
            let t = usize::from(t);
            let in_line = t / 9 == s / 9 || t % 9 == s % 9;
            if t != s && board.value(t) == 0 && board.cands(t) == mask && !(k == 2 && in_line) {
                out.push(t);
            }
        }
    }
    out
}

/// The state of one search: the grid, the start digit and the other, and
/// what has been found.
struct Search<'a> {
    board: &'a Board,
    digits: [u8; 2],
    chain: Vec<usize>,
    found: Vec<(Move, usize)>,
    /// The shortest chain found so far for each set of removals.
    seen: BTreeMap<Vec<(usize, u8)>, usize>,
}

impl Search<'_> {
    /// Extends the chain from its last square.
    fn walk(&mut self) {
        let last = *self.chain.last().expect("a chain has a start");
        for next in twins(self.board, last) {
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
        let both = |t: usize, a: usize, b: usize| t != a && t != b && sees(t, a) && sees(t, b);
        if !(0..81).any(|t| self.board.has(t, first) && both(t, start, end)) {
            return;
        }
        // The pairs of squares of opposite digits whose common peers lose
        // both digits: just the ends in a chain of four.
        let mut pairs = Vec::new();
        match self.chain.len() {
            4 => pairs.push((start, end)),
            n => {
                for i in 0..n {
                    for j in (i + 3..n).step_by(2) {
                        pairs.push((self.chain[i], self.chain[j]));
                    }
                }
            }
        }
        let mut deletes = Vec::new();
        let mut digits = [first, second];
        digits.sort_unstable();
        for d in digits {
            for t in 0..81 {
                if self.board.has(t, d) && pairs.iter().any(|&(a, b)| both(t, a, b)) {
                    deletes.push((t, d));
                }
            }
        }
        let links = 2 * self.chain.len() - 1;
        if let Some(&shorter) = self.seen.get(&deletes) {
            if shorter <= links {
                return;
            }
        }
        self.seen.insert(deletes.clone(), links);
        let mut m = Move::new(Kind::RemotePair);
        m.digits = vec![first, second];
        m.cells = self.chain.clone();
        m.deletes = deletes;
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
        chain: Vec::new(),
        found: Vec::new(),
        seen: BTreeMap::new(),
    };
    for start in 0..81 {
        let mask = board.cands(start);
        if board.value(start) != 0 || mask.count_ones() != 2 {
            continue;
        }
        let ds: Vec<u8> = (1..=9u8).filter(|&d| board.has(start, d)).collect();
        for (first, second) in [(ds[0], ds[1]), (ds[1], ds[0])] {
            search.digits = [first, second];
            search.chain = vec![start];
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
