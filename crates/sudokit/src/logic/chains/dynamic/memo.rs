//! What the rules run inside a dynamic chain find on a working grid, kept
//! and looked up by that grid.
//!
//! From nested level 2 up (see [`super::dynamic`]), a chain that runs dry
//! runs a whole chaining rule on its working grid: forcing chains and
//! cycles, multiple forcing chains, or dynamic chains of a lower level. That
//! inner search is nearly all of the time such a rule takes, and the same
//! working grid comes back again and again:
//!
//! - the rules of one step share their outer chains: level 3 follows the
//!   same chains as level 2, with one more inner rule where level 2's find
//!   nothing, and each of the four rules of level 4 starts the same way;
//! - the next step of the path starts from the grid less what the last step
//!   removed, and a chain that struck that candidate out anyway reaches the
//!   same working grid as before.
//!
//! What an inner rule finds depends on the working grid alone, save one
//! thing: its "rule parents", the candidates the outer chain struck out that
//! the inner step relies on. So a kept hint says what it relies on as
//! [`Need`]s (a square's struck candidates, or a digit's struck places in a
//! unit), and [`parents`] reads them against the outer chain's strikes each
//! time it is used. On the hardest puzzles of forum_hardest_1106, 15% to 30%
//! of the inner multiple and dynamic chain searches, and over 40% of the
//! inner forcing chain searches, are found here.
//!
//! The table is a part of the caller's cache (one per thread of a batch,
//! which shares nothing); it is emptied when it grows past [`BUDGET`]
//! hints, at the start of a rule's search. When one puzzle's search is
//! shared out over the cores (see [`super::spread`]), the engines that
//! take part hold the same table ([`Shared`]), behind a lock: a lookup
//! takes it for a moment, a search (a few hundred microseconds) runs
//! without it. A chain's key is the chain itself ([`ChainKey`]), so a key
//! stays valid on any thread, and after its table is emptied.

use crate::logic::bits::bits;
use crate::logic::chains::board::{Board, PencilMarks};
use crate::logic::chains::potential::{Need, NestedHint, Potential};
use crate::logic::units::Geometry;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

/// A hasher for the engine's own keys (squares, digit masks, packed
/// grids), which no one outside chooses: a multiply and a rotate per
/// word, where the standard library's SipHash, made to resist keys chosen
/// to collide, cost 2% of a nested chain search's instructions (a lookup
/// for every step ranked inside a chain, and for every working grid).
#[derive(Clone, Copy, Default)]
pub(super) struct QuickHasher(u64);

impl QuickHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for QuickHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut w = [0u8; 8];
            w.copy_from_slice(word);
            self.add(u64::from_le_bytes(w));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map, and a set, hashed by [`QuickHasher`].
pub(super) type QuickMap<K, V> = HashMap<K, V, BuildHasherDefault<QuickHasher>>;
pub(super) type QuickSet<T> = HashSet<T, BuildHasherDefault<QuickHasher>>;

/// The rule parents `needs` give against `struck` (per square, what the
/// outer chain struck out), into `out`: each struck candidate once, in
/// SE's order. (Into a buffer the caller keeps: a chain reads every hint
/// an inner rule found at each point where it runs dry.)
pub(super) fn parents(geo: &Geometry, needs: &[Need], struck: &[u32], out: &mut Vec<(usize, u8)>) {
    out.clear();
    let mut add = |s: usize, d: u8| {
        if struck[s] & (1 << d) != 0 && !out.contains(&(s, d)) {
            out.push((s, d));
        }
    };
    for &need in needs {
        match need {
            Need::Square(s) => {
                for d in bits(struck[s]) {
                    add(s, d as u8);
                }
            }
            Need::Unit(u, d) => {
                for &s in geo.squares(u) {
                    add(s, d);
                }
            }
        }
    }
}

/// One step an inner rule found, as the outer chain uses it.
pub(super) struct Kept {
    /// The candidates it removes, in the order SE adds them.
    pub(super) removals: Box<[(usize, u8)]>,
    /// What it relies on of the outer chain's strikes.
    pub(super) needs: Box<[Need]>,
    /// SE's complexity of the inner step.
    pub(super) complexity: usize,
    /// Its chains' key: equal keys are equal chains, counted once in a
    /// step's complexity.
    pub(super) key: ChainKey,
}

/// An inner step's chains, potential by potential, each packed in 16 bits
/// (see [`pack`]), as a key: equal chains are equal keys. The table hands
/// out one shared copy of each chain while it holds it, so keys compare by
/// address first; a chain met again after the table was emptied is a new
/// copy, equal by content.
#[derive(Clone, Debug)]
pub(super) struct ChainKey(Arc<[u16]>);

impl PartialEq for ChainKey {
    fn eq(&self, other: &ChainKey) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

impl Eq for ChainKey {}

/// Which inner rule, as the table tells them apart.
pub(super) type RuleCode = u8;

/// The most kept hints before a table is emptied (about a hundred bytes
/// each).
pub(super) const BUDGET: usize = 400_000;

/// A working grid as [`grid_key`] packs it.
pub(super) type GridKey = Box<[u16]>;

#[derive(Default)]
pub(super) struct Table {
    found: QuickMap<(RuleCode, GridKey), Arc<[Kept]>>,
    /// One copy of each chain key.
    keys: QuickSet<Arc<[u16]>>,
    hints: usize,
}

/// A table the threads that use it share.
pub(super) type Shared = Arc<Mutex<Table>>;

/// Runs `work` with `table`, locked. (A panic while it was locked leaves
/// it whole: every change to it is made in full before the lock is let
/// go.)
fn with_table<T>(table: &Shared, work: impl FnOnce(&mut Table) -> T) -> T {
    let mut table = table
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    work(&mut table)
}

/// A working grid as a table key: each square's candidates, and whether it
/// is filled.
pub(super) fn grid_key(board: &Board) -> GridKey {
    let count = board.geometry().shape.square_count();
    (0..count)
        .map(|s| board.digits(s).bits() as u16 | if board.is_filled(s) { 0x8000 } else { 0 })
        .collect()
}

/// A potential in 16 bits (squares up to 81, digits up to 9); the end of a
/// branch is `u16::MAX`.
fn pack(p: Potential) -> u16 {
    if p.square == usize::MAX {
        u16::MAX
    } else {
        ((p.square * 16 + usize::from(p.digit)) * 2 + usize::from(p.on)) as u16
    }
}

/// Empties `table` if it has grown past [`BUDGET`]: at the start of a
/// rule's search, not during one (a search and the threads it shares its
/// work with would lose the grids they meet again).
pub(super) fn trim(table: &Shared) {
    with_table(table, |t| {
        if t.hints > BUDGET {
            *t = Table::default();
        }
    });
}

/// What inner rule `rule` finds on the working grid whose [`grid_key`] is
/// `grid`: kept from an earlier search on the same grid, or worked out by
/// `search` and kept.
pub(super) fn inner_hints(
    table: &Shared,
    rule: RuleCode,
    grid: GridKey,
    search: impl FnOnce() -> Vec<NestedHint>,
) -> Arc<[Kept]> {
    let key = (rule, grid);
    if let Some(found) = with_table(table, |t| t.found.get(&key).cloned()) {
        return found;
    }
    // The search may itself look up deeper levels, and other threads the
    // table, so it is not locked while the search runs. (Two threads that
    // meet the same grid at once both search it, and find the same.)
    let hints = search();
    with_table(table, |t| insert(t, key, hints))
}

/// Keeps `hints` under `key`, each chain key shared with its equals.
fn insert(t: &mut Table, key: (RuleCode, GridKey), hints: Vec<NestedHint>) -> Arc<[Kept]> {
    let kept: Arc<[Kept]> = hints
        .into_iter()
        .map(|hint| {
            let packed: Arc<[u16]> = hint.key.into_iter().map(pack).collect();
            let shared = match t.keys.get(&packed) {
                Some(same) => same.clone(),
                None => {
                    t.keys.insert(packed.clone());
                    packed
                }
            };
            Kept {
                removals: hint.removals.into(),
                needs: hint.needs.into(),
                complexity: hint.complexity,
                key: ChainKey(shared),
            }
        })
        .collect();
    t.hints += kept.len() + 1;
    t.found.insert(key, kept.clone());
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::state::State;
    use crate::{parse_grid, ParseOptions};

    fn board(puzzle: &str) -> Board {
        let grid = parse_grid(puzzle, ParseOptions::default()).unwrap();
        Board::new(&State::from_puzzle(&grid))
    }

    #[test]
    fn parents_read_the_needs_against_the_strikes_in_order() {
        let b = board(&".".repeat(81));
        let geo = b.geometry();
        let row = geo.row_col_box[0][0];
        let mut struck = vec![0u32; 81];
        struck[0] = 1 << 7 | 1 << 2;
        struck[3] = 1 << 5;
        struck[4] = 1 << 6;
        let needs = [Need::Unit(row, 5), Need::Square(0), Need::Square(3)];
        // The row's struck 5 (in square 3), then square 0's struck digits
        // lowest first; square 3's 5 is already there, and square 4's 6 is
        // needed by nothing.
        let mut out = vec![(80, 1)];
        parents(geo, &needs, &struck, &mut out);
        assert_eq!(out, vec![(3, 5), (0, 2), (0, 7)]);
        parents(geo, &needs, &[0; 81], &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn a_shared_table_is_one_table_on_every_thread() {
        let grid = grid_key(&board(&("2".to_string() + &".".repeat(80))));
        let hint = NestedHint {
            removals: vec![(9, 4)],
            needs: vec![Need::Square(9)],
            complexity: 3,
            key: Vec::new(),
        };
        let table = Shared::default();
        let kept = inner_hints(&table, 210, grid.clone(), || vec![hint]);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let found = inner_hints(&table, 210, grid.clone(), || panic!("searched again"));
                assert!(Arc::ptr_eq(&found, &kept));
                // Another table has not seen the grid.
                let other = Shared::default();
                assert!(inner_hints(&other, 210, grid.clone(), Vec::new).is_empty());
            });
        });
    }

    #[test]
    fn a_grid_seen_before_is_not_searched_again() {
        let b = board(&("1".to_string() + &".".repeat(80)));
        let grid = grid_key(&b);
        let chain = |square| {
            vec![
                Potential {
                    square,
                    digit: 3,
                    on: true,
                },
                Potential {
                    square: usize::MAX,
                    digit: 0,
                    on: false,
                },
            ]
        };
        let hint = |square| NestedHint {
            removals: vec![(square, 3)],
            needs: vec![Need::Square(square)],
            complexity: 7,
            key: chain(square),
        };
        let table = Shared::default();
        let first = inner_hints(&table, 200, grid.clone(), || {
            vec![hint(5), hint(6), hint(5)]
        });
        assert_eq!(first.len(), 3);
        // Equal chains get the same key, others another.
        assert_eq!(first[0].key, first[2].key);
        assert!(Arc::ptr_eq(&first[0].key.0, &first[2].key.0));
        assert_ne!(first[0].key, first[1].key);
        let again = inner_hints(&table, 200, grid.clone(), || panic!("searched again"));
        assert!(Arc::ptr_eq(&first, &again));
        // Another rule on the same grid is its own search.
        let other = inner_hints(&table, 201, grid, Vec::new);
        assert!(other.is_empty());
        // A grid with a different square filled is another grid.
        let b2 = board(&(".".to_string() + "1" + &".".repeat(79)));
        assert_ne!(grid_key(&b2), grid_key(&b));
    }
}
