//! The tables against plainer ways of building and reading them.

use super::*;
use crate::logic::hodoku::library::parse_case;

/// Each table with entries: its entries and further branches as
/// text, and the place of every literal in it.
fn snapshot(tables: &Tables) -> Vec<(String, Vec<Option<usize>>)> {
    let n = tables.tables.len();
    tables
        .tables
        .iter()
        .filter(|t| !t.is_empty())
        .map(|t| {
            let places = (0..n).map(|i| t.position(Lit(i as u16))).collect();
            (format!("{:?} {:?}", t.entries, t.more), places)
        })
        .collect()
}

const OTHER_CASE: &str = ":0709-1:1238:.+5243+19+6..3+67...1519.....2.2.......694.......+5+6....74+93.9......6.+5.1.....8.5..69.:825 826 833 837 839 254 255 256 779 789 495 496 499 799:143 153 275 276 286 364 399 864::7";
const CASE: &str = ":0707-1:2348:.+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4....+1+3.619...24.3...1.+6+9::264 364 464 864::7";

#[test]
fn tables_built_in_the_room_of_given_back_ones_equal_new_ones() {
    use crate::logic::hodoku::forcing_nets::{net_tables, net_tables_with};
    let a = parse_case(OTHER_CASE).unwrap().board;
    let b = parse_case(CASE).unwrap().board;
    let mut cache = Cache::default();
    let chains = cache.build_with(&a, true, false);
    let nets = net_tables_with(&a, &mut cache);
    cache.give_back(chains);
    cache.give_back(nets);
    let kept = (
        snapshot(&cache.build_with(&b, true, false)),
        snapshot(&net_tables_with(&b, &mut cache)),
    );
    let new = (
        snapshot(&Tables::build(&b, true)),
        snapshot(&net_tables(&b)),
    );
    assert_eq!(kept, new);
}

#[test]
fn a_complete_tables_places_are_where_its_entries_lie() {
    use crate::logic::hodoku::forcing_nets::net_tables;
    let b = parse_case(OTHER_CASE).unwrap().board;
    for tables in [
        Tables::build(&b, false),
        Tables::build(&b, true),
        net_tables(&b),
    ] {
        let n = tables.tables.len();
        for t in tables.tables.iter().filter(|t| !t.is_empty()) {
            for i in 0..n {
                let lit = Lit(i as u16);
                // The last one, for a group added twice.
                let at = t.entries.iter().rposition(|e| e.lit == lit);
                assert_eq!(t.position(lit), at);
            }
        }
    }
}

#[test]
fn the_entries_listed_in_the_premises_square_are_all_there_are() {
    let b = parse_case(CASE).unwrap().board;
    for tables in [Tables::build(&b, false), Tables::build(&b, true)] {
        for s in (0..81).filter(|&s| b.value(s) == 0) {
            for d in (1..=9u8).filter(|&d| b.has(s, d)) {
                for on in [true, false] {
                    let t = tables.table(Lit::cell(s, d, on));
                    let home: Vec<u16> = (1..t.len())
                        .filter(|&j| {
                            let lit = t.entries[j].lit;
                            !lit.is_group() && tables.first_cell(lit) == s
                        })
                        .map(|j| j as u16)
                        .collect();
                    assert_eq!(t.home(), home);
                }
            }
        }
    }
}

#[test]
fn grouped_tables_are_built_again_when_a_candidate_goes() {
    let mut b = parse_case(CASE).unwrap().board;
    let mut cache = Cache::default();
    let first = cache.grouped(&b);
    assert!(std::rc::Rc::ptr_eq(&first, &cache.grouped(&b)));
    let s = (0..81).find(|&s| b.cands(s).count_ones() > 2).unwrap();
    let d = (1..=9u8).find(|&d| b.has(s, d)).unwrap();
    b.remove(s, d);
    let again = cache.grouped(&b);
    assert!(!std::rc::Rc::ptr_eq(&first, &again));
    assert!(again.table(Lit::cell(s, d, true)).is_empty());
    assert_eq!(snapshot(&again), snapshot(&Tables::build(&b, true)));
}

/// The table of `premise` expanded the plain way: the entries of
/// each implication's table taken in turn, each looked for from the
/// end of the list.
fn expanded_plainly(tables: &Tables, premise: Lit) -> Vec<Entry> {
    let direct_of = |t: &Table| match t.direct {
        0 => t.entries.len(),
        n => usize::from(n),
    };
    let t = tables.table(premise);
    let mut entries = t.entries[..direct_of(t)].to_vec();
    let mut j = 1;
    while j < entries.len() && entries.len() < CAPACITY {
        let (lit, base) = (entries[j].lit, entries[j].distance);
        j += 1;
        let src = tables.table(lit);
        let (via, flag) = via_of(lit, tables.groups.len());
        let direct = src.entries.get(1..direct_of(src)).unwrap_or_default();
        for e in direct.iter().filter(|e| e.flags & EXPANDED == 0) {
            let distance = base + e.distance;
            match entries.iter().rposition(|x| x.lit == e.lit) {
                Some(at) => {
                    let old = &mut entries[at];
                    if old.flags & EXPANDED != 0 && old.distance > distance {
                        *old = Entry {
                            flags: EXPANDED | flag,
                            via,
                            distance,
                            ..*old
                        };
                    }
                }
                None if entries.len() < CAPACITY => entries.push(Entry {
                    lit: e.lit,
                    via,
                    flags: EXPANDED | flag,
                    distance,
                }),
                None => {
                    let last = entries.last_mut().expect("a premise");
                    last.flags |= EXPANDED | flag;
                    last.distance = distance;
                }
            }
        }
    }
    entries
}

#[test]
fn expanding_by_slots_gives_the_tables_a_plain_expansion_gives() {
    use crate::logic::hodoku::forcing_nets::net_tables;
    let mut tried = 0;
    for case in [CASE, OTHER_CASE] {
        let mut b = parse_case(case).unwrap().board;
        // The position, then with candidates taken out one by one.
        for _ in 0..5 {
            for tables in [
                Tables::build(&b, false),
                Tables::build(&b, true),
                Tables::build_with(&b, true, true),
                net_tables(&b),
            ] {
                for s in (0..81).filter(|&s| b.value(s) == 0) {
                    for d in (1..=9u8).filter(|&d| b.has(s, d)) {
                        for on in [true, false] {
                            let premise = Lit::cell(s, d, on);
                            let t = tables.table(premise);
                            assert_eq!(t.entries, expanded_plainly(&tables, premise));
                            tried += usize::from(t.len() > usize::from(t.direct));
                        }
                    }
                }
            }
            let s = (0..81)
                .rev()
                .find(|&s| b.cands(s).count_ones() > 2)
                .unwrap();
            let d = (1..=9u8).rev().find(|&d| b.has(s, d)).unwrap();
            b.remove(s, d);
        }
    }
    assert!(tried > 1000, "only {tried} tables grew by expansion");
}

/// [`Tables::chain`] with every table it goes back through asked by
/// [`Table::position`].
fn chain_by_position(tables: &Tables, premise: Lit, index: usize) -> Option<Vec<Lit>> {
    let org = tables.table(premise);
    let mut chain = vec![org.entries[index].lit];
    let mut at = index;
    while at != 0 && chain.len() < CAPACITY {
        let e = org.entries[at];
        let back = if e.flags & EXPANDED != 0 {
            let src = tables.table(tables.resolve(e.via, e.flags)?);
            let k = src.position(e.lit)?;
            if src.entries[k].flags & EXPANDED != 0 {
                return None;
            }
            src.entries[0].lit
        } else {
            org.entries[0].lit
        };
        chain.push(back);
        at = match back == org.entries[0].lit {
            true => 0,
            false => org.position(back)?,
        };
    }
    chain.reverse();
    Some(chain)
}

#[test]
fn chains_read_back_through_direct_implications_are_those_every_place_gives_and_as_long() {
    use crate::logic::hodoku::forcing_nets::net_tables;
    let mut read = 0;
    for case in [CASE, OTHER_CASE] {
        let b = parse_case(case).unwrap().board;
        for tables in [
            Tables::build(&b, false),
            Tables::build(&b, true),
            Tables::build_with(&b, true, true),
            net_tables(&b),
        ] {
            for premise in (0..tables.tables.len()).map(|i| Lit(i as u16)) {
                for index in 0..tables.table(premise).len() {
                    let chain = tables.chain(premise, index).map(|(c, _)| c);
                    assert_eq!(chain, chain_by_position(&tables, premise, index));
                    let length = tables.chain_length(premise, index);
                    assert_eq!(length, chain.as_ref().map(Vec::len));
                    read += usize::from(chain.is_some_and(|c| c.len() > 2));
                }
            }
        }
    }
    assert!(read > 10_000, "only {read} chains of two links or more");
}

#[test]
fn a_digit_set_rules_out_its_square_and_peers_first() {
    let case = parse_case(":0707-1:2348:.+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4....+1+3.619...24.3...1.+6+9::264 364 464 864::7").unwrap();
    let b = &case.board;
    let tables = Tables::build(b, false);
    let s = (0..81).find(|&s| b.value(s) == 0).unwrap();
    let d = (1..=9u8).find(|&d| b.has(s, d)).unwrap();
    let t = tables.table(Lit::cell(s, d, true));
    assert_eq!(t.entries[0].lit, Lit::cell(s, d, true));
    assert_eq!(t.entries[0].distance, 1);
    let e = (1..=9u8).find(|&e| e != d && b.has(s, e)).unwrap();
    assert_eq!(t.entries[1].lit, Lit::cell(s, e, false));
    assert_eq!(t.entries[1].distance, 2);
    // Every chain leads back to its premise, one link at a time.
    for (i, entry) in t.entries.iter().enumerate().skip(1) {
        let (chain, _) = tables.chain(Lit::cell(s, d, true), i).unwrap();
        assert_eq!(chain[0], Lit::cell(s, d, true));
        assert_eq!(*chain.last().unwrap(), entry.lit);
        assert!(usize::from(entry.distance) >= 2 * (chain.len() - 1));
    }
}

/// A position's tables without groups are kept when they can hold no
/// loop, and its tables with groups made from them: along a whole path,
/// whether the grouped ones were expanded at once (for the grouped loop
/// search) or later (for a forcing search), they equal tables built
/// afresh.
#[test]
fn grouped_tables_made_from_kept_plain_ones_equal_new_ones() {
    use crate::logic::hodoku::path::{next_move, Config};
    use crate::parse::{parse_grid, ParseOptions};
    let p = "4....3.....8......16..94............7...519645.12....8.5....4.......2.9531..4.6..";
    let mut board = Board::from_puzzle(&parse_grid(p, ParseOptions::default()).unwrap());
    let (mut from_plain, mut later) = (0, 0);
    while !board.is_solved() {
        let mut cache = Cache::default();
        if cache.for_loops(&board, false).is_none() {
            from_plain += 1;
            let grouped = match cache.for_loops(&board, true) {
                Some(tables) => tables,
                None => {
                    later += 1;
                    cache.grouped(&board)
                }
            };
            assert_eq!(snapshot(&grouped), snapshot(&Tables::build(&board, true)));
        }
        let Ok(Some(m)) = next_move(&mut board, &Config::default()) else {
            break;
        };
        m.apply(&mut board);
    }
    assert!(from_plain > 0 && later > 0, "{from_plain} {later}");
}
