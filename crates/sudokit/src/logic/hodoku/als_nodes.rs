//! Almost locked sets as nodes of HoDoKu's implication tables, an option
//! of its nice loops and AICs ("allow ALS in tabling chains", off by
//! default; its regression tester turns it on for some grouped cases).
//!
//! As HoDoKu 2.2.0 builds them, after the tables of squares and groups:
//!
//! - The ALS are those of [`als::collect`] with two squares or more, in
//!   that order.
//! - An ALS is entered by ruling one of its digits out of all its squares
//!   holding it: a node is the ALS with that digit, ruled out. It is
//!   written at the first of those squares, and it exists only when the
//!   locked set left behind removes something: each of the ALS's other
//!   digits goes from every square outside it that holds the digit and
//!   sees all the ALS's squares holding it.
//! - A digit set in a square seeing all the ALS's squares holding the
//!   entry digit leads into the node; so does a group of that digit
//!   holding such a square, when the group does not overlap the ALS and
//!   each of its squares sees all those squares.
//! - The node leads, digit by digit, to each removal (square by square),
//!   to each group of the digit all of whose squares lose it, to each
//!   other ALS not overlapping it whose squares holding one of its digits
//!   all lose that digit (entering that ALS), and to the digit left in a
//!   square seeing it that holds three digits or more and loses all but
//!   one of them.
//! - A node counts as a longer link: an ALS of `n` digits adds `2(n-1)` to
//!   the distance of what follows from it, one more for a digit it leaves
//!   alone in a square.
//!
//! The facts are HoDoKu's; the code is sudokit's own.

use crate::logic::hodoku::als::{self, squares_of, Als, Set};
use crate::logic::hodoku::board::{digits, Board};
use std::collections::HashMap;

/// One ALS node: an ALS entered by ruling `digit` out of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlsNode {
    /// The ALS (its place in [`AlsNodes::alses`]).
    pub als: usize,
    /// The entry digit.
    pub digit: u8,
    /// The first square of the ALS holding the digit (where HoDoKu writes
    /// the node).
    pub entry: usize,
}

/// The ALS of a position and the nodes made of them, in the order HoDoKu
/// makes their tables.
#[derive(Clone, Debug, Default)]
pub struct AlsNodes {
    /// The ALS of two squares or more.
    pub alses: Vec<Als>,
    /// The nodes.
    pub nodes: Vec<AlsNode>,
    index: HashMap<(usize, u8), usize>,
}

impl AlsNodes {
    /// The ALS of node `k`.
    pub fn als_of(&self, k: usize) -> &Als {
        &self.alses[self.nodes[k].als]
    }

    /// The node of ALS `a` entered by `digit`, made on first asking.
    fn node(&mut self, a: usize, digit: u8) -> usize {
        if let Some(&k) = self.index.get(&(a, digit)) {
            return k;
        }
        let entry = squares_of(self.alses[a].with[usize::from(digit)])
            .next()
            .expect("an ALS holds its digits");
        self.nodes.push(AlsNode {
            als: a,
            digit,
            entry,
        });
        self.index.insert((a, digit), self.nodes.len() - 1);
        self.nodes.len() - 1
    }
}

/// A premise or implication as the plan names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A digit in a square, set or ruled out.
    Cell(usize, u8, bool),
    /// A group (its place among the groups), set or ruled out.
    Group(usize, bool),
    /// An ALS node (its place in [`AlsNodes::nodes`]).
    Node(usize),
}

/// One direct implication to add: `lit` into the table of `table`, that
/// much farther than a plain link, and only when not there yet if `once`.
#[derive(Clone, Copy, Debug)]
pub struct Link {
    /// The premise whose table takes it.
    pub table: Target,
    /// What follows.
    pub lit: Target,
    /// What it adds to the distance.
    pub penalty: u16,
    /// True when it is not added to a table holding it already.
    pub once: bool,
}

/// What a group of the tables is to the ALS nodes: its digit, its
/// squares and the squares seeing all of them.
#[derive(Clone, Copy, Debug)]
pub struct GroupShape {
    /// Its digit.
    pub digit: u8,
    /// Its squares.
    pub cells: Set,
    /// The squares that see all of it.
    pub seen_by: Set,
}

/// How much longer than a plain link an ALS of `digits` digits counts.
pub fn penalty(digits: u32) -> u16 {
    match digits {
        0 | 1 => 0,
        2 => 1,
        n => ((n - 1) * 2) as u16,
    }
}

/// The ALS nodes of `board` and the implications they bring into the
/// tables, in HoDoKu's order; `groups` are the tables' groups in theirs.
/// `room` is the most nodes the tables can number.
pub fn plan(board: &Board, groups: &[GroupShape], room: usize) -> (AlsNodes, Vec<Link>) {
    let holding = als::candidate_sets(board);
    let mut nodes = AlsNodes {
        alses: als::collect(board)
            .into_iter()
            .filter(|a| a.size() > 1)
            .collect(),
        ..AlsNodes::default()
    };
    let mut links = Vec::new();
    for a in 0..nodes.alses.len() {
        let set = nodes.alses[a].clone();
        let cost = penalty(set.cands.count_ones());
        for j in digits(set.cands) {
            // What the locked set left by ruling out `j` removes.
            let mut removes = [0 as Set; 10];
            for k in digits(set.cands).filter(|&k| k != j) {
                removes[usize::from(k)] = holding[usize::from(k)] & set.seen_by[usize::from(k)];
            }
            if removes.iter().all(|&r| r == 0) {
                continue;
            }
            if nodes.nodes.len() >= room && !nodes.index.contains_key(&(a, j)) {
                continue;
            }
            let node = nodes.node(a, j);
            let into = Target::Node(node);
            // The ways in: a square holding `j` seeing all of the ALS's
            // squares that do, and the groups through such a square.
            for s in squares_of(set.seen_by[usize::from(j)]) {
                links.push(Link {
                    table: Target::Cell(s, j, true),
                    lit: into,
                    penalty: 0,
                    once: false,
                });
                for (g, group) in groups.iter().enumerate() {
                    if group.digit != j || group.cells & (1 << s) == 0 {
                        continue;
                    }
                    if group.cells & set.cells != 0
                        || set.with[usize::from(j)] & !group.seen_by != 0
                    {
                        continue;
                    }
                    links.push(Link {
                        table: Target::Group(g, true),
                        lit: into,
                        penalty: 0,
                        once: true,
                    });
                }
            }
            // The ways out: each removal, each group removed whole.
            for k in 1..=9u8 {
                let gone = removes[usize::from(k)];
                if gone == 0 {
                    continue;
                }
                for s in squares_of(gone) {
                    links.push(Link {
                        table: into,
                        lit: Target::Cell(s, k, false),
                        penalty: cost,
                        once: false,
                    });
                }
                for (g, group) in groups.iter().enumerate() {
                    if group.digit == k && group.cells & !gone == 0 {
                        links.push(Link {
                            table: into,
                            lit: Target::Group(g, false),
                            penalty: cost,
                            once: false,
                        });
                    }
                }
            }
            // Other ALS entered by the removals.
            for b in 0..nodes.alses.len() {
                if b == a || nodes.alses[b].cells & set.cells != 0 {
                    continue;
                }
                for l in 1..=9u8 {
                    let (gone, with) =
                        (removes[usize::from(l)], nodes.alses[b].with[usize::from(l)]);
                    if gone == 0 || with == 0 || with & !gone != 0 {
                        continue;
                    }
                    if nodes.nodes.len() >= room && !nodes.index.contains_key(&(b, l)) {
                        continue;
                    }
                    let next = nodes.node(b, l);
                    links.push(Link {
                        table: into,
                        lit: Target::Node(next),
                        penalty: cost,
                        once: false,
                    });
                }
            }
            // A digit left alone in a square of three or more.
            for s in squares_of(set.seen_by_any) {
                let cands = board.cands(s);
                if board.value(s) != 0 || cands.count_ones() == 2 {
                    continue;
                }
                let left: Vec<u8> = digits(cands)
                    .filter(|&k| removes[usize::from(k)] & (1 << s) == 0)
                    .collect();
                if let [d] = left[..] {
                    links.push(Link {
                        table: into,
                        lit: Target::Cell(s, d, true),
                        penalty: cost + 1,
                        once: false,
                    });
                }
            }
        }
    }
    (nodes, links)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::library::parse_case;
    use crate::logic::hodoku::moves::Move;
    use crate::logic::hodoku::nice_loops::{all_nice_loops, all_nice_loops_with_als};
    use crate::logic::hodoku::search::run_case;

    /// The grouped loops and AICs of a library case with ALS nodes, its
    /// first line, and the case passing as HoDoKu's tester runs it.
    fn first_line(case: &str) -> (Vec<Move>, String) {
        let case = parse_case(case).unwrap();
        assert!(run_case(&case).unwrap().passed);
        let moves = all_nice_loops_with_als(&case.board, true);
        let line = moves[0].line();
        (moves, line)
    }

    #[test]
    fn a_continuous_loop_through_an_als_reads_as_hodoku_writes_it() {
        let (moves, line) = first_line(":0709-2:236:.4..892...652+4...+9..9.+1...44..9.5...95.+4...17...1.8+4+956.+4...9...+9...174...789+4.3.:331 242 342 243 245 345 574 775 584 689:291 314 649::9");
        assert_eq!(line, "Grouped Continuous Nice Loop: 2/3/6 5= r9c1 =1= r12c1 -1- r1c3 -3- ALS:r1789c9 =5= r7c8 -5- r9c7 =5= r9c1 =1 => r9c1<>2, r1c4<>3, r4c9<>6");
        // The ALS is one node, entered by 3 at its first square holding 3.
        let node = moves[0].chain.iter().find(|n| n.als).unwrap();
        assert_eq!((node.digit, node.on), (3, false));
        assert_eq!(node.cells[0], 8);
        let mut cells = node.cells.clone();
        cells.sort_unstable();
        assert_eq!(cells, vec![8, 62, 71, 80]);
        assert_eq!(moves.len(), 30);
    }

    #[test]
    fn an_als_that_leaves_one_digit_in_a_square_links_strongly_to_it() {
        let (_, line) = first_line(":0710-3:16:.+1+5.......4+29...5...64+51+273.7+4.8.9....31.45....1.9..2.43+76.58...2+9+8.7.4...+8.+4+9...:811 911 316 821 344 851 852 661 669 869 179 197:189 689::14");
        assert_eq!(line, "Grouped Discontinuous Nice Loop: 1/6 r8c9 =5= r8c1 -5- ALS:r9c128 -3- r4c8 =3= r4c6 -3- ALS:r26c6 -8- ALS:r24c9 =5= r8c9 => r8c9<>1, r8c9<>6");
    }

    #[test]
    fn an_aic_through_an_als_reads_as_hodoku_writes_it() {
        let (_, line) = first_line(":0711-3:1:.+7....9...461..7.3.5.....4.+765...+8+12+21+468+5+3+79+3+8927+1..4.98.+1..+3..+275.31.85+31......::119 131::11");
        assert_eq!(
            line,
            "Grouped AIC: 2 2- r3c7 -6- r6c7 -5- ALS:r68c8 =2= r9c8 -2 => r12c8,r79c7<>2"
        );
    }

    /// Without the option (HoDoKu's default) no chain passes through an
    /// ALS.
    #[test]
    fn without_the_option_no_node_is_an_als() {
        let case = parse_case(":0709-2:236:.4..892...652+4...+9..9.+1...44..9.5...95.+4...17...1.8+4+956.+4...9...+9...174...789+4.3.:331 242 342 243 245 345 574 775 584 689:291 314 649::9").unwrap();
        let moves = all_nice_loops(&case.board, true, true);
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|m| m.chain.iter().all(|n| !n.als)));
    }

    #[test]
    fn an_als_counts_longer_the_more_digits_it_has() {
        assert_eq!(
            [penalty(1), penalty(2), penalty(3), penalty(4)],
            [0, 1, 4, 6]
        );
    }

    /// Every node is entered at its first square holding its digit, and
    /// is reached or leads somewhere.
    #[test]
    fn every_node_has_its_entry_and_its_removals() {
        let case = parse_case(":0711-3:1:.+7....9...461..7.3.5.....4.+765...+8+12+21+468+5+3+79+3+8927+1..4.98.+1..+3..+275.31.85+31......::119 131::11").unwrap();
        let (nodes, links) = plan(&case.board, &[], usize::MAX);
        assert!(!nodes.nodes.is_empty());
        for (k, node) in nodes.nodes.iter().enumerate() {
            let als = &nodes.alses[node.als];
            assert!(als.size() > 1);
            let with = als.with[usize::from(node.digit)];
            assert_eq!(squares_of(with).next(), Some(node.entry));
            assert!(links
                .iter()
                .any(|l| l.table == Target::Node(k) || l.lit == Target::Node(k)));
        }
    }
}
