//! Nice loops and AICs, grouped or not, as HoDoKu 2.2.0 finds them in its
//! implication tables ([`tabling`]).
//!
//! - A nice loop is a table's chain that comes back to the square of its
//!   premise (at least two links, leaving the square by its first link,
//!   not coming back to a square it left but the start, and not ending by
//!   a link inside the start square). The premise set and the end a digit
//!   ruled out of the start, the same digit: it goes (discontinuous). The
//!   premise ruled out and the end set, the same digit: the start's other
//!   digits go. One link strong and the other weak on two digits: the
//!   weak one's digit goes from the start. Otherwise, when the loop closes
//!   (two weak links on the two digits of a bivalue start, two strong
//!   links on two digits, or one of each on one digit), it is continuous:
//!   a square entered and left by strong links keeps only their two
//!   digits, and each weak link between squares clears its digit from the
//!   squares outside the loop that see both of its ends.
//! - An AIC starts with a digit ruled out (a strong link out of its square)
//!   and ends with a digit set in another square: on the same digit, it
//!   clears the digit from what sees both ends when that is at least two
//!   candidates; on two digits with its ends seeing each other, each end
//!   loses the other's digit. It may not come back to any of its squares.
//! - The tables are searched premise by premise (set digits first, then
//!   ruled out ones, square by square, digit by digit; AICs after the
//!   loops), each table's implications in their order. Of steps making the
//!   same removals only the first is kept, unless a shorter one comes
//!   later. A step is grouped when a node of its chain is a group.
//!
//! HoDoKu's solver takes the step that removes most, then the one whose
//! removals come first, then the shorter chain (in nodes), then the one
//! found first. Its "find all" of grouped loops keeps the grouped ones.

use crate::logic::hodoku::als_nodes::penalty;
use crate::logic::hodoku::board::{digits, sees, Board};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Subtype;
use crate::logic::hodoku::tabling::{self, Lit, Tables};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The state of one search.
struct Search<'a> {
    board: &'a Board,
    tables: Rc<Tables>,
    only_grouped: bool,
    found: Vec<(Move, usize)>,
    /// The shortest chain kept so far for each set of removals.
    seen: BTreeMap<Vec<(usize, u8)>, usize>,
}

/// Every premise of one kind (set or ruled out), in HoDoKu's order:
/// square by square, digit by digit (made at its size).
fn premises(board: &Board, on: bool) -> Vec<Lit> {
    let count: u32 = (0..81).map(|s| board.cands(s).count_ones()).sum();
    let mut out = Vec::with_capacity(count as usize);
    for s in 0..81 {
        for d in digits(board.cands(s)) {
            out.push(Lit::cell(s, d, on));
        }
    }
    out
}

fn mask_of(s: usize) -> u128 {
    1u128 << s
}

fn squares(mask: u128) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&s| mask & mask_of(s) != 0)
}

impl Search<'_> {
    fn cell(&self, lit: Lit) -> usize {
        self.tables.first_cell(lit)
    }

    /// True when the chain comes back to a square it has left (the start
    /// square excepted for a loop).
    fn is_lasso(&self, chain: &[Lit], aic: bool) -> bool {
        let first = self.cell(chain[0]);
        let mut used = 0u128;
        let mut last: Option<Lit> = None;
        for &lit in chain {
            if used & mask_of(self.cell(lit)) != 0 {
                return true;
            }
            if let Some(l) = last {
                if self.cell(l) != first || aic {
                    used |= self.tables.cells_mask(l);
                }
            }
            last = Some(lit);
        }
        false
    }

    fn loops(&mut self, on: bool) {
        let tables = self.tables.clone();
        for premise in premises(self.board, on) {
            // The implications in the premise's own square, in order.
            for &j in tables.table(premise).home() {
                self.check_loop(premise, usize::from(j));
            }
        }
    }

    fn check_loop(&mut self, premise: Lit, j: usize) {
        let table = self.tables.table(premise);
        let end = table.entries[j];
        if end.distance <= 2 {
            return;
        }
        let first_strong = table.entries[1].lit.on();
        let Some((chain, in_chain)) = self.tables.chain(premise, j) else {
            return;
        };
        let n = chain.len();
        if n < 3 || self.cell(chain[n - 1]) == self.cell(chain[n - 2]) {
            return;
        }
        if self.is_lasso(&chain, false) || self.cell(chain[0]) == self.cell(chain[1]) {
            return;
        }
        let last_strong = end.lit.on();
        let start = self.cell(premise);
        let (a, b) = (self.tables.digit(premise), self.tables.digit(end.lit));
        let board = self.board;
        let others = |s: usize, keep: &[u8]| -> Vec<(usize, u8)> {
            (1..=9u8)
                .filter(|&d| board.has(s, d) && !keep.contains(&d))
                .map(|d| (s, d))
                .collect()
        };
        let mut deletes = Vec::new();
        let mut continuous = false;
        if !first_strong && !last_strong && a == b {
            deletes.push((start, a));
        } else if first_strong && last_strong && a == b {
            deletes = others(start, &[a]);
        } else if first_strong != last_strong && a != b {
            deletes.push((start, if first_strong { b } else { a }));
        } else if (!first_strong && !last_strong && board.cands(start).count_ones() == 2)
            || (first_strong && last_strong)
            || (first_strong != last_strong)
        {
            continuous = true;
            let cell = |i: usize| self.cell(chain[i]);
            for i in 0..n {
                let lit = chain[i];
                if i == 0 && first_strong && last_strong {
                    deletes.extend(others(start, &[a, b]));
                } else if i > 0 && lit.on() && i + 2 < n && cell(i - 1) != cell(i) {
                    let (next, after) = (chain[i + 1], chain[i + 2]);
                    if !next.on()
                        && cell(i) == cell(i + 1)
                        && after.on()
                        && cell(i + 1) != cell(i + 2)
                    {
                        let keep = [self.tables.digit(lit), self.tables.digit(after)];
                        deletes.extend(others(cell(i), &keep));
                    }
                }
                if i > 0 && !lit.on() && cell(i - 1) != cell(i) {
                    let d = self.tables.digit(lit);
                    let targets = self.tables.buddies(chain[i - 1], d)
                        & self.tables.buddies(lit, d)
                        & !in_chain
                        & !mask_of(start)
                        & self.tables.holding(d);
                    deletes.extend(squares(targets).map(|s| (s, d)));
                    if self.tables.als_of(lit).is_some() {
                        self.als_removals(&chain, i, &mut deletes);
                    }
                }
            }
        }
        if deletes.is_empty() {
            return;
        }
        let sub = match continuous {
            true => Subtype::ContinuousNiceLoop,
            false => Subtype::DiscontinuousNiceLoop,
        };
        self.record(sub, chain, deletes);
    }

    /// What the ALS node `chain[i]` of a continuous loop removes besides
    /// its entry: each digit that is neither the entry nor an exit goes
    /// from every square seeing all the ALS's squares holding it. The
    /// exit is the next node's digit; when the next node is a digit left
    /// alone in its square, the square's other digits are the exits, and
    /// each goes from what sees that square and the ALS's squares holding
    /// it.
    fn als_removals(&self, chain: &[Lit], i: usize, deletes: &mut Vec<(usize, u8)>) {
        let Some(als) = self.tables.als_of(chain[i]) else {
            return;
        };
        let entry = self.tables.digit(chain[i]);
        let next = chain.get(i + 1).copied();
        let forced = next.filter(|l| l.on());
        let exits: u16 = match (forced, next) {
            (Some(l), _) => self.board.cands(self.cell(l)) & !(1 << (self.tables.digit(l) - 1)),
            (None, Some(l)) => 1 << (self.tables.digit(l) - 1),
            (None, None) => 0,
        };
        for d in 1..=9u8 {
            if d == entry || exits & (1 << (d - 1)) != 0 {
                continue;
            }
            let targets = als.seen_by[usize::from(d)] & self.tables.holding(d);
            deletes.extend(squares(targets).map(|s| (s, d)));
        }
        if let Some(l) = forced {
            let near = crate::logic::hodoku::als::seeing_all(mask_of(self.cell(l)));
            for d in (1..=9u8).filter(|&d| exits & (1 << (d - 1)) != 0) {
                let targets = als.seen_by[usize::from(d)] & near & self.tables.holding(d);
                deletes.extend(squares(targets).map(|s| (s, d)));
            }
        }
    }

    fn aics(&mut self) {
        for premise in premises(self.board, false) {
            let start = self.cell(premise);
            let a = self.tables.digit(premise);
            let n = self.tables.table(premise).entries.len();
            for j in 1..n {
                let lit = self.tables.table(premise).entries[j].lit;
                if lit.is_group() || !lit.on() || self.cell(lit) == start {
                    continue;
                }
                let (end, b) = (self.cell(lit), self.tables.digit(lit));
                let both = self.tables.seen_by(premise) & self.tables.seen_by(lit);
                if a == b {
                    if (both & self.tables.holding(a)).count_ones() >= 2 {
                        self.check_aic(premise, j);
                    }
                } else if sees(start, end) && self.board.has(end, a) && self.board.has(start, b) {
                    self.check_aic(premise, j);
                }
            }
        }
    }

    fn check_aic(&mut self, premise: Lit, j: usize) {
        let end = self.tables.table(premise).entries[j];
        if end.distance <= 2 {
            return;
        }
        let (start, a) = (self.cell(premise), self.tables.digit(premise));
        let (last, b) = (self.cell(end.lit), self.tables.digit(end.lit));
        let mut deletes = Vec::new();
        if a == b {
            let both = self.tables.seen_by(premise) & self.tables.seen_by(end.lit);
            let targets = both & self.tables.holding(a);
            if targets.count_ones() > 1 {
                deletes.extend(squares(targets).map(|s| (s, a)));
            }
        } else {
            if self.board.has(start, b) {
                deletes.push((start, b));
            }
            if self.board.has(last, a) {
                deletes.push((last, a));
            }
        }
        if deletes.is_empty() {
            return;
        }
        let Some((chain, _)) = self.tables.chain(premise, j) else {
            return;
        };
        if self.is_lasso(&chain, true) {
            return;
        }
        self.record(Subtype::Aic, chain, deletes);
    }

    /// Keeps a step unless one with the same removals and a chain no
    /// longer is kept already.
    fn record(&mut self, sub: Subtype, chain: Vec<Lit>, mut deletes: Vec<(usize, u8)>) {
        let grouped = chain.iter().any(|l| l.is_group());
        if self.only_grouped && !grouped {
            return;
        }
        deletes.sort_by_key(|&(s, d)| (d, s));
        deletes.dedup();
        // How long the chain counts. An ALS node counts as three and a half
        // links when a chain is weighed against those kept (rounded down at
        // the end), and a step keeps that length; but the first AIC for
        // its removals, never weighed on arrival, counts each ALS node as
        // one link and the penalty of an ALS of as many digits as the ALS
        // has squares (HoDoKu weighs it only later, knowing the ALS).
        let mut alses = 0;
        let mut penalties = 0;
        for l in &chain {
            if let Some(als) = self.tables.als_of(*l) {
                alses += 1;
                penalties += usize::from(penalty(als.size() as u32));
            }
        }
        let weighed = chain.len() + alses * 5 / 2;
        let length = match sub {
            Subtype::Aic if !self.seen.contains_key(&deletes) => chain.len() + penalties,
            _ => weighed,
        };
        if let Some(&shorter) = self.seen.get(&deletes) {
            if shorter <= weighed {
                return;
            }
        }
        self.seen.insert(deletes.clone(), length);
        let sub = match (grouped, sub) {
            (true, Subtype::ContinuousNiceLoop) => Subtype::GroupedContinuousNiceLoop,
            (true, Subtype::DiscontinuousNiceLoop) => Subtype::GroupedDiscontinuousNiceLoop,
            (true, Subtype::Aic) => Subtype::GroupedAic,
            (_, sub) => sub,
        };
        let mut m = Move::new(sub.kind());
        m.subtype = Some(sub);
        m.digits = deletes.iter().map(|&(_, d)| d).collect();
        m.digits.dedup();
        for &lit in &chain {
            for s in self.tables.cells(lit) {
                if !m.cells.contains(&s) {
                    m.cells.push(s);
                }
            }
        }
        m.chain = chain.iter().map(|&lit| self.tables.node(lit)).collect();
        m.deletes = deletes;
        // Equal removals: the shorter chain first, then a plain one before a
        // grouped one.
        self.found.push((m, 2 * length + usize::from(grouped)));
    }
}

/// Every nice loop and AIC, sorted as HoDoKu sorts them (the first is the
/// one its solver takes): with groups when `groups`, only the grouped
/// ones when `only_grouped` (HoDoKu's "find all" of grouped loops).
pub fn all_nice_loops(board: &Board, groups: bool, only_grouped: bool) -> Vec<Move> {
    all_nice_loops_with(board, groups, only_grouped, &mut tabling::Cache::default())
}

/// [`all_nice_loops`] on the tables `cache` keeps, or in their room.
pub fn all_nice_loops_with(
    board: &Board,
    groups: bool,
    only_grouped: bool,
    cache: &mut tabling::Cache,
) -> Vec<Move> {
    let Some(tables) = cache.for_loops(board, groups) else {
        return Vec::new();
    };
    let found = search(board, tables.clone(), only_grouped);
    cache.give_back_shared(tables);
    found
}

/// Every grouped nice loop and AIC with almost locked sets as nodes too
/// (see [`als_nodes`](super::als_nodes)), sorted as HoDoKu sorts them;
/// only the grouped ones (a group or an ALS) when `only_grouped`.
pub fn all_nice_loops_with_als(board: &Board, only_grouped: bool) -> Vec<Move> {
    search(
        board,
        Rc::new(Tables::build_with(board, true, true)),
        only_grouped,
    )
}

fn search(board: &Board, tables: Rc<Tables>, only_grouped: bool) -> Vec<Move> {
    let mut search = Search {
        board,
        tables,
        only_grouped,
        found: Vec::new(),
        seen: BTreeMap::new(),
    };
    search.loops(true);
    search.loops(false);
    search.aics();
    sorted(search.found)
}

/// Steps as HoDoKu sorts them: most removals first, then by the weighted
/// sum of the removals (the same sum keeps different removals in the
/// order found), then, for the same removals, the shorter chain, a plain
/// one before a grouped one.
fn sorted(found: Vec<(Move, usize)>) -> Vec<Move> {
    let mut first: BTreeMap<&[(usize, u8)], usize> = BTreeMap::new();
    let rank: Vec<usize> = found
        .iter()
        .enumerate()
        .map(|(i, (m, _))| *first.entry(m.deletes.as_slice()).or_insert(i))
        .collect();
    let mut order: Vec<usize> = (0..found.len()).collect();
    order.sort_by_key(|&i| {
        let (m, links) = &found[i];
        let weight: usize = m
            .deletes
            .iter()
            .enumerate()
            .map(|(k, &(s, d))| s * (1 + 80 * k) + usize::from(d))
            .sum();
        (std::cmp::Reverse(m.deletes.len()), weight, rank[i], *links)
    });
    let mut slots: Vec<Option<Move>> = found.into_iter().map(|(m, _)| Some(m)).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::library::parse_case;
    use std::collections::BTreeSet;

    fn set(v: &[(usize, u8)]) -> BTreeSet<(usize, u8)> {
        v.iter().copied().collect()
    }

    fn check(case: &str, groups: bool) -> Vec<Move> {
        let case = parse_case(case).unwrap();
        let moves = all_nice_loops(&case.board, groups, groups);
        let of_code: Vec<Move> = moves
            .into_iter()
            .filter(|m| m.code() == case.code && m.library_digits() == case.digits)
            .collect();
        assert!(!of_code.is_empty());
        for m in &of_code {
            assert_eq!(
                set(&m.eliminations()),
                set(&case.eliminations),
                "{}",
                m.line()
            );
        }
        of_code
    }

    /// The tables are left unexpanded where no literal leads to its own
    /// opposite (`tabling::reach`). Along whole paths with nice loops
    /// and AICs, grouped or not, every search finds what a search of the
    /// tables expanded in full finds, and some are passed over.
    #[test]
    fn tables_left_unexpanded_hold_no_loops() {
        use crate::logic::hodoku::path::{next_move, Config};
        use crate::parse::{parse_grid, ParseOptions};
        let puzzles = [
            ".......8.28.....3...96..7.4....492..........5...183.9.327..65.........7.4.895....",
            "6..15.7.8.7.....4...14....97..6.5....9..812...8..............934...9.1.......6..7",
            "..7.....4.42...98...9..36..983.52.......1.....7436.5.....8.......5.2.........9.3.",
            "4....3.....8......16..94............7...519645.12....8.5....4.......2.9531..4.6..",
            "..512.....7.....8..8....345............6...3.4.2.81..9.......28..9.4.6.....8..7.4",
            "3.2....1....97.............5...8.6....15...7..8..4....9....1.27.1.4.......5..79..",
        ];
        let lines = |moves: Vec<Move>| moves.iter().map(|m| m.line()).collect::<Vec<_>>();
        let (mut passed_over, mut found) = (0, 0);
        for p in puzzles {
            let grid = parse_grid(p, ParseOptions::default()).unwrap();
            let mut board = Board::from_puzzle(&grid);
            let mut cache = tabling::Cache::default();
            while !board.is_solved() {
                for groups in [false, true] {
                    let full = search(&board, Rc::new(Tables::build(&board, groups)), false);
                    let kept = all_nice_loops_with(&board, groups, false, &mut cache);
                    assert_eq!(lines(kept), lines(full.clone()), "{p}");
                    passed_over += usize::from(cache.for_loops(&board, groups).is_none());
                    found += usize::from(!full.is_empty());
                }
                let Ok(Some(m)) = next_move(&mut board, &Config::default()) else {
                    break;
                };
                m.apply(&mut board);
            }
        }
        assert!(passed_over > 0 && found > 0, "{passed_over} {found}");
    }

    #[test]
    fn a_continuous_loop_clears_its_weak_links() {
        let m = check(":0706:1279:548..+3...+63....8..1+2.+8....3+972.+386..+4.....3..+3...47..9+71+43+8+5+92+62569+7..+3+8+8+9+3.6.7..::118 156 256 718 925 935::7", false);
        assert!(m[0].line().starts_with("Continuous Nice Loop: 1/2/7/9 "));
    }

    #[test]
    fn a_discontinuous_loop_clears_its_start() {
        let m = check(":0707-1:2348:.+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4....+1+3.619...24.3...1.+6+9::264 364 464 864::7", false);
        assert_eq!(m[0].line(), "Discontinuous Nice Loop: 2/3/4/8 r6c4 =1= r6c5 =9= r3c5 =2= r3c4 =1= r6c4 => r6c4<>2, r6c4<>3, r6c4<>4, r6c4<>8");
    }

    /// The grouped loops and AICs of a position are HoDoKu's, in its
    /// order (as its "find all steps" lists them).
    #[test]
    fn grouped_loops_and_aics_read_as_hodoku_writes_them() {
        let m = check(":0709-1:1238:.+5243+19+6..3+67...1519.....2.2.......694.......+5+6....74+93.9......6.+5.1.....8.5..69.:825 826 833 837 839 254 255 256 779 789 495 496 499 799:143 153 275 276 286 364 399 864::7", true);
        assert_eq!(m[0].line(), "Grouped Continuous Nice Loop: 1/2/3/8 2= r6c4 =1= r6c3 -1- r9c3 =1= r9c9 =2= r9c56 -2- r78c4 =2= r6c4 =1 => r45c3<>1, r7c56,r8c6<>2, r6c4,r9c9<>3, r6c4<>8");
        let case = parse_case(":0710-1:4569:+3+745+2+68+91...3+9+1.7.619..+4+2+3+5...6.9+3..736+2.5.......4+3..2...+1.+8.23...+9.21.....4.7...:448 449 967:477 577 677 977::9").unwrap();
        let all = all_nice_loops(&case.board, true, true);
        assert_eq!(all[0].line(), "Grouped Discontinuous Nice Loop: 4/5/6/9 r7c7 =7= r6c7 -7- r6c4 -8- r5c5 =8= r5c89 -8- r4c9 -7- r8c9 =7= r7c7 => r7c7<>4, r7c7<>5, r7c7<>6, r7c7<>9");
        assert_eq!(all.len(), 25);
        let m = check(":0711-1:3:..+4+6+825.186+1+5...+4+2+5.2.+41+768..9...+47+5.4..5......+54.....4..76+52+1..5..1..8..1.....+5.:241 251 357 657 957 261 367 667 967 389 689 989 893 399 699 999:311 312::7", true);
        assert_eq!(
            m[0].line(),
            "Grouped AIC: 3 3- r1c8 -9- r2c7 =9= r89c7 -9- r7c9 =9= r7c2 -9- r3c2 -3 => r1c12<>3"
        );
        // A group is one node of several squares.
        assert_eq!(m[0].chain.iter().filter(|n| n.cells.len() > 1).count(), 1);
    }
}
