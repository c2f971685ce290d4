//! The X- and XY-chains as HoDoKu finds them. An X-chain links squares
//! on one digit, strong, weak, strong, ... ending in a strong link; its
//! two ends see the squares it clears of the digit. An XY-chain runs
//! through bivalue squares, each entered by one digit and left by its
//! other; it starts and ends on the digit it clears from what sees both
//! its ends.
//!
//! HoDoKu walks the chains depth first: start squares in order, each of
//! their digits, and from each square its links in its row, column, then
//! box (the box's squares in line with it left out), never coming back to
//! a square of the chain but the start, which ends it; at most twenty
//! links, an XY-chain's square counting two (into it, and across it). A
//! chain is checked each time it ends in a strong link on the start
//! digit, three, five, ... links long. Of chains clearing the same
//! candidates only the first found is kept, unless a shorter one comes
//! later. HoDoKu then takes the one that clears most, then the one whose
//! removals come first, then the shorter, then the first found.

use crate::logic::hodoku::board::{bit, peers_mask, squares_of, units_of, Board, UNITS};
use crate::logic::hodoku::moves::{sorted_chains, Move};
use crate::logic::hodoku::table::Kind;
use crate::logic::hodoku::turbot::each_link;
use std::collections::HashMap;

/// The most links in a chain (HoDoKu's default restriction).
const MAX_LINKS: usize = 20;

/// The squares one square links to by a digit, in HoDoKu's order, each
/// with whether the link is strong: at most its twenty peers, kept
/// without a list of their own.
#[derive(Clone, Copy)]
struct Links {
    len: u8,
    to: [(u8, bool); 20],
}

impl Links {
    fn new() -> Links {
        Links {
            len: 0,
            to: [(0, false); 20],
        }
    }

    fn push(&mut self, t: usize, strong: bool) {
        self.to[usize::from(self.len)] = (t as u8, strong);
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = (usize, bool)> + '_ {
        self.to[..usize::from(self.len)]
            .iter()
            .map(|&(t, strong)| (usize::from(t), strong))
    }
}

/// Each square's links of each digit (square * 10 + digit), worked out
/// when first asked for: a search asks for most many times over.
type LinkTable = Vec<Option<Links>>;

/// The links of square `s` by digit `d`, worked out the first time.
fn links_of(table: &mut LinkTable, s: usize, d: u8, find: impl FnOnce(&mut Links)) -> Links {
    *table[s * 10 + usize::from(d)].get_or_insert_with(|| {
        let mut links = Links::new();
        find(&mut links);
        links
    })
}

/// The state of one search: the grid, the digit, the chain so far and
/// what has been found.
struct Search<'a> {
    board: &'a Board,
    links: LinkTable,
    digit: u8,
    chain: Vec<usize>,
    /// The chain's squares, as a mask.
    on_chain: u128,
    found: Vec<(Move, usize)>,
    /// The shortest chain found so far for each set of removals.
    seen: Seen,
}

/// The shortest chain found so far for each set of removals: the squares
/// a digit goes from (a mask) and the digit.
type Seen = HashMap<(u128, u8), usize>;

impl Search<'_> {
    /// Extends the chain from its last square; `strong` when the next
    /// link must be strong.
    fn walk(&mut self, strong: bool) {
        let last = *self.chain.last().expect("a chain has a start");
        let (board, d) = (self.board, self.digit);
        let linked = links_of(&mut self.links, last, d, |l| {
            each_link(board, last, d, |t, strong| l.push(t, strong))
        });
        for (next, is_strong) in linked.iter() {
            if strong && !is_strong {
                continue;
            }
            // (`next` is never the last square: a square has no link to
            // itself.)
            let is_loop = next == self.chain[0];
            if !is_loop && self.on_chain & 1 << next != 0 {
                continue;
            }
            self.chain.push(next);
            let n = self.chain.len() - 1;
            if strong && n > 1 {
                self.check();
            }
            if n < MAX_LINKS && !is_loop {
                self.on_chain |= 1 << next;
                self.walk(!strong);
                self.on_chain &= !(1 << next);
            }
            self.chain.pop();
        }
    }

    /// Records the chain when its ends see candidates of the digit.
    fn check(&mut self) {
        let (start, end) = (self.chain[0], *self.chain.last().unwrap());
        let links = self.chain.len() - 1;
        let Some(deletes) =
            kept_removals(self.board, &mut self.seen, start, end, self.digit, links)
        else {
            return;
        };
        let mut m = Move::new(Kind::XChain);
        m.digits.push(self.digit);
        m.cells = self.chain.clone();
        m.deletes = deletes;
        self.found.push((m, links));
    }
}

/// What a chain from `start` to `end` on digit `d` removes (the digit
/// from every other square seeing both ends), when that is something and
/// no chain of at most `links` links removed the same before; `seen`
/// keeps the shortest chain of each set of removals.
fn kept_removals(
    board: &Board,
    seen: &mut Seen,
    start: usize,
    end: usize,
    d: u8,
    links: usize,
) -> Option<Vec<(usize, u8)>> {
    let both = peers_mask(start) & peers_mask(end) & !(1u128 << start) & !(1u128 << end);
    let targets = both & board.squares_with(d);
    if targets == 0
        || seen
            .get(&(targets, d))
            .is_some_and(|&shorter| shorter <= links)
    {
        return None;
    }
    seen.insert((targets, d), links);
    let mut deletes = Vec::with_capacity(targets.count_ones() as usize);
    deletes.extend(squares_of(targets).map(|t| (t, d)));
    Some(deletes)
}

/// Every X-chain, sorted as HoDoKu sorts them (the first is the one its
/// solver takes). A move's squares are the chain's, from its start.
pub fn all_x_chains(board: &Board) -> Vec<Move> {
    all_x_chains_of(board, 0x1ff)
}

/// [`all_x_chains`] of the digits of `wanted` only (a mask, bit 0 for 1):
/// an X-chain lies in its digit's squares alone, and the chains of the
/// other digits only come between these in the order.
pub fn all_x_chains_of(board: &Board, wanted: u16) -> Vec<Move> {
    let mut search = Search {
        board,
        links: vec![None; 810],
        digit: 0,
        chain: Vec::with_capacity(MAX_LINKS + 1),
        on_chain: 0,
        found: Vec::new(),
        seen: Seen::new(),
    };
    for start in 0..81 {
        if board.value(start) != 0 {
            continue;
        }
        for d in (1..=9u8).filter(|&d| board.has(start, d) && wanted & bit(d) != 0) {
            search.digit = d;
            search.chain.clear();
            search.chain.push(start);
            search.on_chain = 1 << start;
            search.walk(true);
        }
    }
    sorted_chains(search.found)
}

/// The bivalue squares after `s` in HoDoKu's order (its row, column, then
/// box without the squares in line with it) holding digit `d`.
fn bivalue_links(board: &Board, s: usize, d: u8, out: &mut Links) {
    for (k, u) in units_of(s).into_iter().enumerate() {
        for &t in &UNITS[u] {
            let t = usize::from(t);
            let in_line = t / 9 == s / 9 || t % 9 == s % 9;
            let bivalue = board.value(t) == 0 && board.cands(t).count_ones() == 2;
            if t != s && bivalue && board.has(t, d) && !(k == 2 && in_line) {
                out.push(t, true);
            }
        }
    }
}

/// The other digit of bivalue square `s`.
fn other(board: &Board, s: usize, d: u8) -> u8 {
    let rest = board.cands(s) & !bit(d);
    debug_assert!(rest.count_ones() == 1, "a bivalue square holds two digits");
    rest.trailing_zeros() as u8 + 1
}

/// The state of an XY-chain search: the squares so far, each with the
/// digit it is entered by (the start's is the start digit).
struct XySearch<'a> {
    board: &'a Board,
    /// Each square's links to bivalue squares by each digit (square * 10
    /// + digit), worked out when first asked for.
    links: LinkTable,
    chain: Vec<(usize, u8)>,
    /// The chain's squares, as a mask.
    on_chain: u128,
    found: Vec<(Move, usize)>,
    seen: Seen,
}

impl XySearch<'_> {
    /// Extends the chain from its last square, left by its other digit.
    fn walk(&mut self) {
        let (last, entered) = *self.chain.last().expect("a chain has a start");
        let leave = other(self.board, last, entered);
        let start = self.chain[0].0;
        let board = self.board;
        let linked = links_of(&mut self.links, last, leave, |l| {
            bivalue_links(board, last, leave, l)
        });
        for (next, _) in linked.iter() {
            if next == start {
                // Back to the start is a loop, which ends the chain.
                continue;
            }
            if self.on_chain & 1 << next != 0 {
                continue;
            }
            self.chain.push((next, leave));
            // HoDoKu counts two links a square: into it, and across it.
            let links = 2 * self.chain.len() - 1;
            if other(self.board, next, leave) == self.chain[0].1 {
                self.check(links);
            }
            if links + 1 < MAX_LINKS {
                self.on_chain |= 1 << next;
                self.walk();
                self.on_chain &= !(1 << next);
            }
            self.chain.pop();
        }
    }

    /// Records the chain when its ends see candidates of the start digit.
    fn check(&mut self, links: usize) {
        let (start, d) = self.chain[0];
        let end = self.chain.last().unwrap().0;
        let Some(deletes) = kept_removals(self.board, &mut self.seen, start, end, d, links) else {
            return;
        };
        let mut m = Move::new(Kind::XyChain);
        m.digits = self.chain.iter().map(|&(_, d)| d).collect();
        m.cells = self.chain.iter().map(|&(s, _)| s).collect();
        m.deletes = deletes;
        self.found.push((m, links));
    }
}

/// Every XY-chain, sorted as HoDoKu sorts them (the first is the one its
/// solver takes). A move's squares are the chain's, from its start; its
/// digits are the start digit (the one it removes), then the digit of
/// each link between two squares.
pub fn all_xy_chains(board: &Board) -> Vec<Move> {
    let mut search = XySearch {
        board,
        links: vec![None; 810],
        chain: Vec::with_capacity(MAX_LINKS),
        on_chain: 0,
        found: Vec::new(),
        seen: Seen::new(),
    };
    for start in 0..81 {
        if board.value(start) != 0 || board.cands(start).count_ones() != 2 {
            continue;
        }
        for d in (1..=9u8).filter(|&d| board.has(start, d)) {
            search.chain.clear();
            search.chain.push((start, d));
            search.on_chain = 1 << start;
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

    fn set(v: &[(usize, u8)]) -> BTreeSet<(usize, u8)> {
        v.iter().copied().collect()
    }

    /// A case of HoDoKu's regression library: an X-chain on 7 clears
    /// r4c2.
    const X_CASE: &str = ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5";

    /// A case of HoDoKu's regression library: an XY-chain on 7 clears
    /// r5c8 and r8c7.
    const XY_CASE: &str = ":0702:7:76+2+8+1+3+59+4...+7+6+9+1+2+8.+9.42536+7.+765+9+82.+39..1+32......+67+4+8.9..+7+9+5643+1.49+38+1..2.1.+2+47+9+8.::758 787::19";

    #[test]
    fn an_x_chain_clears_what_sees_both_its_ends() {
        let case = parse_case(X_CASE).unwrap();
        let moves = all_x_chains(&case.board);
        assert_eq!(set(&moves[0].eliminations()), set(&case.eliminations));
        assert_eq!(
            moves[0].line(),
            "X-Chain: 7 r1c2 =7= r1c9 -7- r2c8 =7= r7c8 -7- r7c3 =7= r4c3 => r4c2<>7"
        );
    }

    #[test]
    fn an_xy_chain_starts_and_ends_on_the_digit_it_clears() {
        let case = parse_case(XY_CASE).unwrap();
        // The first chain of all clears 5s; the case is about the 7s.
        let moves = all_xy_chains(&case.board);
        let seven = moves.iter().find(|m| m.digits[0] == 7).unwrap();
        assert_eq!(set(&seven.eliminations()), set(&case.eliminations));
        assert_eq!(
            seven.line(),
            "XY-Chain: 7 7- r5c7 -6- r5c9 -5- r5c2 -8- r7c2 -2- r7c1 -8- r3c1 -1- r4c1 \
             -4- r4c8 -1- r6c8 -5- r8c8 -7 => r5c8,r8c7<>7"
        );
    }

    #[test]
    fn a_chain_step_carries_its_links_in_order_for_drawing() {
        use crate::logic::step::LinkReason;
        let case = parse_case(XY_CASE).unwrap();
        let moves = all_xy_chains(&case.board);
        let seven = moves.iter().find(|m| m.digits[0] == 7).unwrap();
        let links = seven.to_step().evidence.chain;
        // Two links a square: 7 off in r5c7, 6 on there, 6 off in r5c9 ...
        assert_eq!(links.len(), 2 * seven.cells.len());
        assert_eq!(links[0].reason, LinkReason::Assumption);
        assert_eq!((links[0].digit, links[0].on), (7, false));
        assert_eq!((links[1].digit, links[1].on), (6, true));
        assert_eq!(links[1].reason, LinkReason::LastCandidate);
        assert_eq!((links[2].digit, links[2].on), (6, false));
        assert_eq!(links[2].reason, LinkReason::SameUnit);
        let last = links.last().unwrap();
        assert_eq!((last.digit, last.on), (7, true));
        // Between two squares, the digit set in one is ruled out in the
        // next.
        for pair in links[1..].chunks(2).filter(|p| p.len() == 2) {
            assert!(pair[0].on && !pair[1].on);
            assert_eq!(pair[0].digit, pair[1].digit);
            assert_ne!(pair[0].square, pair[1].square);
        }
    }
}
