//! Forcing nets (contradiction and verity) as HoDoKu 2.2.0 finds them: the
//! forcing chains' search ([`forcing`](crate::logic::hodoku::forcing)) on
//! tables that look further ahead, keeping only the steps that need a net.
//!
//! A net's table holds, for each premise (a digit set in a square, or
//! ruled out), what follows when the premise is played out on a copy of
//! the grid:
//!
//! - the premise itself: a digit set rules itself out of the peers that
//!   held it at first (in square order), then the square's other digits;
//!   a digit ruled out leaves its square's last digit set, when one is
//!   left, with what that rules out;
//! - then four times over, every naked single of the copy (as its queue
//!   holds them) and then every hidden single, each set in turn with what
//!   it rules out. A single set follows from the digits ruled out that
//!   made it: a naked single's other digits in its square as the grid
//!   was at first; a hidden single's other places, as the grid was at
//!   first, in its row, column or box, whichever held the digit the
//!   fewest times before it was set (the row on a tie, then the column).
//!   The first of them that HoDoKu found is the one the single's
//!   distance counts from, the latest one is the chain's way back, the
//!   others (up to five in all) are the net's branches.
//!
//! The groups' links are added and the tables expanded as for chains
//! ([`Tables::build_net`]). A chain is read back from its end through the
//! latest cause of each entry; each further cause found on the way is a
//! branch, read back from the same table until it meets the chain (a
//! branch has no branches of its own). A line shows each branch, in
//! parentheses, after the node where it leaves the chain; a step counts
//! each node and each branch once more for its length. Of the steps the
//! forcing chains' checks find, those whose lines have no branch are
//! dropped. The facts are HoDoKu's; the code is sudokit's own.

use crate::logic::hodoku::board::{digits, peers_mask, squares_of, units_of, Board, UNIT_MASKS};
use crate::logic::hodoku::java_sort;
use crate::logic::hodoku::tabling::{self, Lit, Table, Tables, CAPACITY};
use std::cmp::Ordering;

/// How many rounds of singles a premise is played out for (HoDoKu's
/// default look-ahead).
const LOOK_AHEAD: usize = 4;

/// The tables of `board` for nets.
pub fn net_tables(board: &Board) -> Tables {
    let mut found = Vec::new();
    Tables::build_net(board, |premise, table| {
        play_out(board, premise, table, &mut found)
    })
}

/// [`net_tables`], in the room of tables `cache` keeps.
pub fn net_tables_with(board: &Board, cache: &mut tabling::Cache) -> Tables {
    let mut found = Vec::new();
    cache.build_net(board, |premise, table| {
        play_out(board, premise, table, &mut found)
    })
}

/// A single found in the copy: its square, digit, and whether it is a
/// naked single.
type Single = (usize, u8, bool);

/// Fills `table` with what follows from digit `d` set in square `s`
/// (`on`) or ruled out, on a copy of `board`; `found` is room for the
/// singles of each round.
fn play_out(
    board: &Board,
    (s, d, on): (usize, u8, bool),
    table: &mut Table,
    found: &mut Vec<Single>,
) {
    let mut copy = board.clone();
    if on {
        set(board, &mut copy, table, (s, d), None);
    } else {
        copy.remove(s, d);
        table.add_linked(Lit::cell(s, d, false), [0; 5]);
        if copy.cands(s).count_ones() == 1 {
            let last = copy.cands(s).trailing_zeros() as u8 + 1;
            set(board, &mut copy, table, (s, last), None);
        }
    }
    for _ in 0..LOOK_AHEAD {
        singles(&copy, found);
        for &(t, e, naked) in found.iter() {
            set(board, &mut copy, table, (t, e), Some(naked));
        }
    }
}

/// Every naked single waiting in the copy's queue (two for one square
/// ordered by digit), then every hidden single, as HoDoKu lists them,
/// in `naked` (emptied first).
fn singles(copy: &Board, naked: &mut Vec<Single>) {
    naked.clear();
    naked.extend(
        copy.naked_queue()
            .waiting()
            .filter(|&(s, _)| copy.value(s) == 0)
            .map(|(s, d)| (s, d, true)),
    );
    java_sort::sort(naked, |a, b| match a.0 == b.0 {
        true => a.1.cmp(&b.1),
        false => Ordering::Equal,
    });
    let mut seen = 0u128;
    for (s, d) in copy.hidden_queue().waiting() {
        if copy.value(s) != 0 || seen & (1 << s) != 0 {
            continue;
        }
        if units_of(s).iter().any(|&u| copy.free(u, d) == 1) {
            naked.push((s, d, false));
            seen |= 1 << s;
        }
    }
}

/// Sets digit `d` in square `s` of the copy and writes what follows into
/// `table`: the digit set (following from what made it a single, when
/// `single` says which kind it is), then the digit ruled out of the peers
/// that held it at first, then the square's other digits ruled out.
fn set(
    board: &Board,
    copy: &mut Board,
    table: &mut Table,
    (s, d): (usize, u8),
    single: Option<bool>,
) {
    let peers = board.squares_with(d) & peers_mask(s);
    let own = copy.cands(s);
    let [row, col, block] = units_of(s);
    let mut house = row;
    for u in [col, block] {
        if copy.free(u, d) < copy.free(house, d) {
            house = u;
        }
    }
    copy.place(s, d, false);
    let at = table.len() as u16;
    let mut from = [0u16; 5];
    let mut cause = |k: usize, lit: Lit| {
        if let Some(slot) = from.get_mut(k) {
            *slot = table.position(lit).map_or(0, |p| p as u16);
        }
    };
    match single {
        None => {}
        Some(true) => {
            for (k, e) in digits(board.cands(s)).filter(|&e| e != d).enumerate() {
                cause(k, Lit::cell(s, e, false));
            }
        }
        Some(false) => {
            let others = board.squares_with(d) & UNIT_MASKS[house] & !(1u128 << s);
            for (k, t) in squares_of(others).enumerate() {
                cause(k, Lit::cell(t, d, false));
            }
        }
    }
    table.add_linked(Lit::cell(s, d, true), from);
    for t in squares_of(peers) {
        table.add_linked(Lit::cell(t, d, false), [at, 0, 0, 0, 0]);
    }
    for e in digits(own).filter(|&e| e != d) {
        table.add_linked(Lit::cell(s, e, false), [at, 0, 0, 0, 0]);
    }
}

/// One node of a forcing step's line and the branch it lies on (0 for
/// the line itself, then 1, 2, ... in the order the branches are shown).
pub type Traced = (Lit, u16);

/// The line from `premise` to the entry at `at` of its table, with its
/// branches where the table is a net's.
pub fn net_line(tables: &Tables, premise: Lit, at: usize) -> Vec<Traced> {
    let mut cells = 0u128;
    let (mut main, mut forks) = (Vec::with_capacity(32), Vec::new());
    read_back(tables, premise, at, None, &mut cells, &mut forks, &mut main);
    let branches: Vec<Vec<Lit>> = forks
        .iter()
        .map(|&fork| {
            let mut branch = Vec::with_capacity(32);
            read_branch(tables, premise, fork, &main, cells, &mut branch);
            branch
        })
        .collect();
    // The line and each branch but its last node (which is on the line).
    let size = main.len()
        + branches
            .iter()
            .map(|b| b.len().saturating_sub(1))
            .sum::<usize>();
    let mut out = Vec::with_capacity(size);
    let mut n = 0u16;
    for &lit in main.iter().rev() {
        out.push((lit, 0));
        for branch in branches.iter().filter(|b| b.last() == Some(&lit)) {
            n += 1;
            out.extend(branch[..branch.len() - 1].iter().rev().map(|&l| (l, n)));
        }
    }
    out
}

/// How long HoDoKu counts a line: its nodes, and each branch once more.
pub fn line_length(line: &[Traced]) -> usize {
    let mut branches = 0;
    let mut last = 0;
    for &(_, b) in line {
        if b != 0 && b != last {
            branches += 1;
        }
        last = b;
    }
    line.len() + branches
}

/// What a forcing step weighs of a line: its length as [`line_length`]
/// counts it, and whether it shows a branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Its nodes, and each branch once more.
    pub length: usize,
    /// Whether it shows a branch with a node of its own.
    pub branches: bool,
}

/// The room [`net_shape`] reads lines back in, kept from one line to the
/// next.
#[derive(Default)]
pub struct LineRoom {
    main: Vec<Lit>,
    forks: Vec<Lit>,
    branch: Vec<Lit>,
}

/// The [`Shape`] of [`net_line`]`(tables, premise, at)`, read back as it
/// reads it but without writing the line out: a search weighs every step
/// it finds, and writes out only the one it takes. A branch is shown
/// after each node of the line that is its last node (each once more in
/// the length), when it has a node of its own besides.
pub fn net_shape(tables: &Tables, premise: Lit, at: usize, room: &mut LineRoom) -> Shape {
    let mut cells = 0u128;
    room.forks.clear();
    read_back(
        tables,
        premise,
        at,
        None,
        &mut cells,
        &mut room.forks,
        &mut room.main,
    );
    let mut shape = Shape {
        length: room.main.len(),
        branches: false,
    };
    for i in 0..room.forks.len() {
        let fork = room.forks[i];
        read_branch(tables, premise, fork, &room.main, cells, &mut room.branch);
        let (len, last) = (room.branch.len(), room.branch.last());
        if len < 2 {
            continue;
        }
        let shown = room.main.iter().filter(|&l| Some(l) == last).count();
        // Its nodes but the last, and the branch itself, each time shown.
        shape.length += shown * len;
        shape.branches |= shown > 0;
    }
    shape
}

/// Reads back into `out` the branch of the line `main` (whose squares
/// are `cells`) that leaves it at `fork`.
fn read_branch(
    tables: &Tables,
    premise: Lit,
    fork: Lit,
    main: &[Lit],
    mut cells: u128,
    out: &mut Vec<Lit>,
) {
    let at = tables.table(premise).position(fork).unwrap_or(0);
    read_back(
        tables,
        premise,
        at,
        Some(main),
        &mut cells,
        &mut Vec::new(),
        out,
    );
}

/// Reads the table of `premise` back from its entry at `at`, end first,
/// into `out` (emptied first). The line itself (`main` is `None`) marks
/// its squares in `cells` and collects in `forks` the further causes met;
/// a branch (`main` given) stops at the first node of the line it meets.
fn read_back(
    tables: &Tables,
    premise: Lit,
    at: usize,
    main: Option<&[Lit]>,
    cells: &mut u128,
    forks: &mut Vec<Lit>,
    out: &mut Vec<Lit>,
) {
    let org = tables.table(premise);
    out.clear();
    out.push(org.entries[at].lit);
    let (mut current, mut at, mut away) = (premise, at, false);
    while at != 0 && out.len() < CAPACITY {
        let entry = tables.table(current).entries[at];
        if let Some(through) = tables.came_through(&entry) {
            current = through;
            away = true;
            match tables.table(through).position(entry.lit) {
                Some(p) => at = p,
                None => break,
            }
        }
        let table = tables.table(current);
        let sources = table.sources(at);
        at = usize::from(sources[0]);
        let lit = table.entries[at].lit;
        out.push(lit);
        match main {
            None => {
                *cells |= tables.cells_mask(lit);
                forks.extend(
                    sources[1..]
                        .iter()
                        .filter(|&&r| r != 0)
                        .map(|&r| table.entries[usize::from(r)].lit),
                );
            }
            Some(main) => {
                if *cells & (1 << tables.first_cell(lit)) != 0 && main.contains(&lit) {
                    return;
                }
            }
        }
        if away && at == 0 {
            current = premise;
            away = false;
            match org.position(lit) {
                Some(p) => at = p,
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::moves::Move;
    use crate::logic::hodoku::path::{next_move, Config};
    use crate::logic::hodoku::table::Kind;

    /// The first forcing net of `puzzle`'s path, with its line, the lines
    /// under it, and what it removes and places.
    fn first_net(puzzle: &str) -> (Move, String, Vec<String>) {
        let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
        let mut board = Board::from_puzzle(&grid);
        let config = Config::default();
        loop {
            let m = next_move(&mut board, &config).unwrap().unwrap();
            if m.kind == Kind::ForcingNet {
                let (line, nets) = (m.line(), m.lines_under());
                return (m, line, nets);
            }
            m.apply(&mut board);
        }
    }

    #[test]
    fn a_premise_whose_singles_empty_a_column_of_a_digit_is_false() {
        let (m, line, nets) = first_net(
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
        );
        assert_eq!(line, "Forcing Net Contradiction in c6 => r4c3<>6");
        assert_eq!(m.deletes, [(29, 6)]);
        assert!(m.places.is_empty());
        assert_eq!(
            nets,
            [
                "r4c3=6 r3c3<>6 r3c3=7 r2c3<>7 r2c6=7 r2c6<>3",
                "r4c3=6 (r4c1<>6 r4c1=8 r5c2<>8) r4c3<>2 r6c2=2 r8c2<>2 r8c2=9 r5c2<>9 r5c2=3 r5c6<>3",
                "r4c3=6 (r4c1<>6 r4c1=8 r6c1<>8 r6c1=5 r6c9<>5) r3c3<>6 r3c3=7 r3c4<>7 r3c4=9 \
                 r2c5<>9 r2c9=9 r6c9<>9 r6c9=3 r6c6<>3",
            ]
        );
    }

    #[test]
    fn what_follows_from_every_digit_of_a_square_through_nets_is_a_verity() {
        let (m, line, nets) = first_net(
            "....56.8..5.7....3..8......2.....9...4.5....7....92.6.3.......15..1..4...1..4..7.",
        );
        assert_eq!(line, "Forcing Net Verity => r1c3<>7");
        assert_eq!(m.deletes, [(2, 7)]);
        assert_eq!(
            nets,
            [
                "r2c3=1 (r1c1<>1) r1c3<>1 r1c7=1 (r6c7<>1 r6c1=1 r6c1<>7) r1c7<>7 r3c7=7 \
                 r3c1<>7 r1c1=7 r1c3<>7",
                "r2c3=2 (r8c3<>2) r9c3<>2 r9c3=6 r8c3<>6 r8c3=7 r1c3<>7",
                "r2c3=6 (r8c3<>6) r9c3<>6 r9c3=2 r8c3<>2 r8c3=7 r1c3<>7",
            ]
        );
    }

    #[test]
    fn a_lines_shape_read_without_writing_it_out_is_the_written_lines() {
        let (mut lines, mut branched) = (0, 0);
        let mut room = LineRoom::default();
        for puzzle in [
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
            "....56.8..5.7....3..8......2.....9...4.5....7....92.6.3.......15..1..4...1..4..7.",
        ] {
            let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
            let board = Board::from_puzzle(&grid);
            let tables = net_tables(&board);
            let premises = (0..81)
                .filter(|&s| board.value(s) == 0)
                .flat_map(|s| digits(board.cands(s)).map(move |d| (s, d)))
                .flat_map(|(s, d)| [Lit::cell(s, d, true), Lit::cell(s, d, false)]);
            for premise in premises {
                for at in 0..tables.table(premise).len() {
                    let line = net_line(&tables, premise, at);
                    let shape = net_shape(&tables, premise, at, &mut room);
                    assert_eq!(shape.length, line_length(&line), "{premise:?} {at}");
                    assert_eq!(shape.branches, line.iter().any(|&(_, b)| b != 0));
                    lines += 1;
                    branched += usize::from(shape.branches);
                }
            }
        }
        assert!(
            lines > 10_000 && branched > 1_000,
            "{lines} lines, {branched} branched"
        );
    }

    #[test]
    fn a_step_whose_lines_do_not_branch_is_left_to_the_forcing_chains() {
        let grid = crate::parse_grid(
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
            crate::ParseOptions::default(),
        )
        .unwrap();
        let board = Board::from_puzzle(&grid);
        let tables = net_tables(&board);
        // Every premise's table starts with the premise itself.
        for s in (0..81).filter(|&s| board.value(s) == 0) {
            for d in (1..=9u8).filter(|&d| board.has(s, d)) {
                for on in [true, false] {
                    let lit = Lit::cell(s, d, on);
                    assert_eq!(tables.table(lit).entries[0].lit, lit);
                }
            }
        }
        for m in crate::logic::hodoku::forcing::all_forcing_nets(&board) {
            assert!(m.branches.iter().flatten().any(|&b| b != 0), "{}", m.line());
        }
    }
}
