//! Kraken fish, types 1 and 2, as HoDoKu 2.2.0 finds them (its step type
//! 8450, off in its default configuration).
//!
//! A finned fish either holds, or one of its fins is true. When it removes
//! nothing as a finned fish (no candidate it would remove sees every fin),
//! chains may still do the work:
//!
//! - Type 1: a candidate the fish without fins would remove (a cover
//!   candidate outside the base, or a base candidate in two cover units)
//!   goes when every fin, set, leads to it being ruled out.
//! - Type 2: in one cover unit that holds more than base candidates, one
//!   of its base candidates is true, or a fin is. A candidate (any digit)
//!   that every one of them, set, rules out goes.
//!
//! The chains are read from HoDoKu's implication tables with groups
//! ([`Tables`]), built as for forcing chains. The fish are those of
//! HoDoKu's defaults for kraken fish: basic and Franken fish of two to four
//! base units (rows, or columns, with boxes), one or two fins, no endo fins
//! (the base units do not overlap).
//!
//! The search goes as HoDoKu's: digit by digit; rows as the base first,
//! then columns; sets of base units in depth-first order (each set tried
//! before the sets that extend it), each against the sets of as many
//! cover units (units meeting the base, in unit order); type 1 first, for
//! each candidate in square order, then type 2, cover unit by cover unit,
//! digit by digit, square by square. Its solver takes the first kraken
//! fish found. Its "find all steps" keeps, for each type, removal and
//! fish digit, the first found and any later one with a smaller fish (finned
//! basic before Franken, smaller size, finned before sashimi) or, with an
//! equal fish, shorter chains; then sorts each digit's list, with the fish
//! without fins that remove something (which that search lists too), by
//! more removals, then the fish and the total length of the chains (see
//! [`all_krakens`]).
//!
//! HoDoKu's walk over cover units runs past the end of its list while it
//! looks for more units than the base has, reading what earlier searches
//! left there, and marks what it read unused on its way back, even a unit
//! of the cover in hand: the fish's line then leaves that unit out, its
//! type is read from the units left (a Franken fish may become a mutant
//! one), and type 2 skips it. sudokit does the same with the list as the
//! kraken search itself leaves it; what HoDoKu's searches before it left
//! there is not known, and is taken to be nothing. The facts are
//! HoDoKu's; the code is sudokit's own.

use crate::logic::hodoku::board::{peers_mask, squares_of, Board, UNIT_MASKS};
use crate::logic::hodoku::franken;
use crate::logic::hodoku::java_sort;
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::{Kind, Subtype};
use crate::logic::hodoku::tabling::{self, Lit, Tables};

/// The most base (and cover) units of a kraken fish (HoDoKu's default).
const MAX_SIZE: usize = 4;
/// The most fins (HoDoKu's default).
const MAX_FINS: u32 = 2;

/// What a kraken search collects.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The first kraken fish found.
    First,
    /// All, as "find all steps" keeps them.
    All,
}

/// One kraken fish found, before it becomes a move.
#[derive(Clone)]
struct Found {
    subtype: Subtype,
    fish: Kind,
    digit: u8,
    base: Vec<usize>,
    cover: Vec<usize>,
    body: u128,
    fins: u128,
    delete: (usize, u8),
    chains: Vec<Vec<Lit>>,
}

impl Found {
    /// The total number of nodes in its chains (HoDoKu's chain length).
    fn length(&self) -> usize {
        self.chains.iter().map(Vec::len).sum()
    }
}

/// A fish without fins that removes something, as a kraken search for
/// "find all steps" lists it beside the kraken fish.
#[derive(Clone)]
struct Plain {
    rank: (u8, usize, bool),
    /// The squares it removes the digit from, in order.
    deletes: Vec<usize>,
    digit: u8,
    cannibal: u32,
}

/// An entry of a digit's "find all steps" list.
#[derive(Clone)]
enum Listed {
    /// A kraken fish: its place in the search's list.
    Kraken(usize),
    Plain(Plain),
}

/// HoDoKu's weighted sum of a step's removals (each square times a
/// weight growing by 80 a removal, plus its digit).
fn weight(deletes: impl Iterator<Item = (usize, u8)>) -> i64 {
    deletes
        .enumerate()
        .map(|(i, (s, d))| s as i64 * (1 + 80 * i as i64) + i64::from(d))
        .sum()
}

/// HoDoKu's order of the fish under a kraken fish: its category (finned
/// basic, including sashimi, then finned Franken, then finned mutant), its
/// size, then finned before sashimi.
fn fish_rank(kind: Kind) -> (u8, usize, bool) {
    let name = kind.name();
    let category = if name.contains("Franken") {
        1
    } else if name.contains("Mutant") {
        2
    } else {
        0
    };
    (
        category,
        kind.fish_size().unwrap_or(0),
        name.starts_with("Sashimi"),
    )
}

/// The squares that see every square of `mask`, `mask` left out.
fn seeing_all(mask: u128) -> u128 {
    squares_of(mask).fold((1u128 << 81) - 1, |m, s| m & peers_mask(s)) & !mask
}

/// The kraken search of one position.
struct Search<'a> {
    board: &'a Board,
    tables: std::rc::Rc<Tables>,
    /// For each square and digit set there, what its table rules out, per
    /// digit (computed when first asked for).
    offs: Vec<Option<[u128; 10]>>,
    mode: Mode,
    /// What the current digit's search keeps.
    found: Vec<Found>,
    /// For each type, removal and fish digit, the place in `found` of the
    /// step kept for it.
    kept: std::collections::HashMap<(Subtype, usize, u8), usize>,
    /// What the current digit's "find all steps" lists, in the order
    /// found: the kraken fish kept (places in `found`) and the fish without
    /// fins that remove something, which its search lists beside them
    /// (one for each set of removals, the smallest type).
    listed: Vec<Listed>,
    /// HoDoKu's list of cover units as the cover searches so far left it
    /// (what it held before this search is not known: none).
    left: [Option<usize>; 32],
}

/// One cover search: the base, the cover units meeting it, and the units
/// HoDoKu reads past the end of its list of them.
struct Walk<'w> {
    units: &'w Units,
    base: &'w [usize],
    body: u128,
    meeting: &'w [usize],
    stale: &'w [usize],
}

impl Walk<'_> {
    /// The cover units HoDoKu has marked used for the cover at `picked`
    /// (places in `meeting`), in order. A unit the walk past the end read
    /// is marked unused once the walk has been past the end below it: for
    /// every cover after the first one that keeps it where it is.
    fn marked(&self, picked: &[usize]) -> Vec<usize> {
        let last = picked.len() - 1;
        picked
            .iter()
            .enumerate()
            .filter(|&(l, &i)| {
                let first_below = picked[l + 1..]
                    .iter()
                    .enumerate()
                    .all(|(k, &j)| j == i + 1 + k);
                l == last || first_below || !self.stale.contains(&self.meeting[i])
            })
            .map(|(_, &i)| self.meeting[i])
            .collect()
    }
}

/// One digit's search in one orientation: its units and what they hold.
struct Units {
    digit: u8,
    /// The squares of each unit holding the digit.
    masks: [u128; 27],
    bases: Vec<usize>,
    covers: Vec<usize>,
}

impl<'a> Search<'a> {
    fn new(board: &'a Board, mode: Mode, cache: &mut tabling::Cache) -> Search<'a> {
        Search {
            board,
            tables: cache.grouped(board),
            offs: vec![None; 81 * 10],
            mode,
            found: Vec::new(),
            kept: std::collections::HashMap::new(),
            left: [None; 32],
            listed: Vec::new(),
        }
    }

    /// What digit `d` set in square `s` rules out, per digit.
    fn offs(&mut self, s: usize, d: u8) -> [u128; 10] {
        let at = s * 10 + usize::from(d);
        if let Some(o) = self.offs[at] {
            return o;
        }
        let mut o = [0u128; 10];
        for e in &self.tables.table(Lit::cell(s, d, true)).entries {
            if e.lit.is_group() || e.lit.on() {
                continue;
            }
            o[usize::from(self.tables.digit(e.lit))] |= 1u128 << self.tables.first_cell(e.lit);
        }
        self.offs[at] = Some(o);
        o
    }

    /// The chain from `start` set to `end` ruled out, as the tables give
    /// it (premise first).
    fn chain(&self, start: (usize, u8), end: (usize, u8)) -> Vec<Lit> {
        let premise = Lit::cell(start.0, start.1, true);
        let target = Lit::cell(end.0, end.1, false);
        self.tables
            .table(premise)
            .position(target)
            .and_then(|at| self.tables.chain(premise, at))
            .map(|(chain, _)| chain)
            .unwrap_or_else(|| vec![premise, target])
    }

    /// Searches digit `d`; true when the first kraken fish is found (in
    /// [`Mode::First`]).
    fn digit(&mut self, d: u8) -> bool {
        for rows in [true, false] {
            let units = self.units(d, rows);
            let mut picked = Vec::new();
            if self.bases(&units, 0, 0, &mut picked) {
                return true;
            }
        }
        false
    }

    /// The base and cover units of digit `d`: rows (or columns) and boxes
    /// against columns (or rows) and boxes, those holding the digit.
    fn units(&self, d: u8, rows: bool) -> Units {
        let cells = self.board.squares_with(d);
        let masks: [u128; 27] = std::array::from_fn(|u| UNIT_MASKS[u] & cells);
        let (mut bases, mut covers) = (Vec::new(), Vec::new());
        for (u, &m) in masks.iter().enumerate() {
            if m == 0 {
                continue;
            }
            match u / 9 {
                0 if rows => bases.push(u),
                0 => covers.push(u),
                1 if rows => covers.push(u),
                1 => bases.push(u),
                _ => {
                    bases.push(u);
                    covers.push(u);
                }
            }
        }
        Units {
            digit: d,
            masks,
            bases,
            covers,
        }
    }

    /// Extends the base `picked` (squares `body`) by the units from
    /// `from` on, trying each set of two or more against the covers.
    fn bases(&mut self, units: &Units, from: usize, body: u128, picked: &mut Vec<usize>) -> bool {
        for i in from..units.bases.len() {
            let u = units.bases[i];
            let cells = units.masks[u];
            // Overlapping base units would leave endo fins, which kraken
            // fish do not take.
            if body & cells != 0 {
                continue;
            }
            picked.push(u);
            let body = body | cells;
            if picked.len() >= 2 && self.covers(units, picked, body) {
                return true;
            }
            if picked.len() < MAX_SIZE && self.bases(units, i + 1, body, picked) {
                return true;
            }
            picked.pop();
        }
        false
    }

    /// Tries every set of cover units for the base `base`.
    fn covers(&mut self, units: &Units, base: &[usize], body: u128) -> bool {
        let meeting: Vec<usize> = units
            .covers
            .iter()
            .copied()
            .filter(|u| !base.contains(u) && units.masks[*u] & body != 0)
            .collect();
        // HoDoKu walks its cover units past the last one while it looks
        // for more than the base's number of them, reading what an earlier
        // search left in its list there; each unit read so is marked unused
        // on the way back, even one the cover in hand holds.
        let n = meeting.len();
        let mut stale = Vec::new();
        if base.len() < MAX_SIZE {
            stale.extend(self.left[n]);
        }
        if base.len() + 2 <= MAX_SIZE {
            stale.extend(self.left[n + 1]);
        }
        for (slot, &u) in self.left.iter_mut().zip(&meeting) {
            *slot = Some(u);
        }
        let walk = Walk {
            units,
            base,
            body,
            meeting: &meeting,
            stale: &stale,
        };
        let mut picked = Vec::with_capacity(base.len());
        self.cover_walk(&walk, 0, 0, 0, &mut picked)
    }

    /// Combines the cover units from `from` on, in order, after those in
    /// `picked` (their places in `walk.meeting`); a branch that must leave
    /// more than two fins is skipped.
    fn cover_walk(
        &mut self,
        walk: &Walk,
        from: usize,
        cover_cells: u128,
        cannibal: u128,
        picked: &mut Vec<usize>,
    ) -> bool {
        let (meeting, units) = (walk.meeting, walk.units);
        let need = walk.base.len() - picked.len();
        for i in from..meeting.len() {
            if meeting.len() - i < need {
                break;
            }
            let cells = units.masks[meeting[i]];
            let (cover_cells, cannibal) = (cover_cells | cells, cannibal | (cover_cells & cells));
            picked.push(i);
            let stop = if need == 1 {
                self.fish(walk, picked, cover_cells, cannibal)
            } else {
                reachable(units, walk.body, cover_cells, &meeting[i + 1..], need - 1)
                    && self.cover_walk(walk, i + 1, cover_cells, cannibal, picked)
            };
            picked.pop();
            if stop {
                return true;
            }
        }
        false
    }

    /// The base and cover as a fish: when it has one or two fins and
    /// removes nothing as a finned fish, the kraken fish on it.
    fn fish(&mut self, walk: &Walk, picked: &[usize], cover_cells: u128, cannibal: u128) -> bool {
        let (units, base, body) = (walk.units, walk.base, walk.body);
        let fins = body & !cover_cells;
        if fins == 0 && self.mode == Mode::All {
            self.plain(walk, picked, cover_cells & !body, cannibal);
            return false;
        }
        if fins == 0 || fins.count_ones() > MAX_FINS {
            return false;
        }
        let seen = seeing_all(fins);
        if seen == 0 {
            return false;
        }
        let outside = cover_cells & !body;
        if (outside | cannibal) & seen != 0 {
            return false;
        }
        let d = units.digit;
        let cover = walk.marked(picked);
        let mut base_sorted = base.to_vec();
        base_sorted.sort_unstable();
        let mut cover_sorted = cover.clone();
        cover_sorted.sort_unstable();
        let sashimi = base_sorted
            .iter()
            .any(|&u| (units.masks[u] & !fins).count_ones() <= 1);
        let fish = franken::kind_of(&base_sorted, &cover_sorted, true, sashimi);
        let make = |subtype, delete, chains| Found {
            subtype,
            fish,
            digit: d,
            base: base_sorted.clone(),
            cover: cover_sorted.clone(),
            body,
            fins,
            delete,
            chains,
        };
        // Type 1: a candidate the fish would remove without its fins, ruled
        // out by every fin.
        for e in squares_of(outside | cannibal) {
            let all = squares_of(fins).all(|f| self.offs(f, d)[usize::from(d)] & 1u128 << e != 0);
            if all {
                let chains = squares_of(fins)
                    .map(|f| self.chain((f, d), (e, d)))
                    .collect();
                if self.keep(make(Subtype::KrakenFish1, (e, d), chains)) {
                    return true;
                }
            }
        }
        // Type 2: the base candidates of a cover unit and the fins, all
        // ruling out one candidate.
        for &u in &cover {
            let inside = units.masks[u] & body & !cannibal;
            if inside == units.masks[u] {
                continue;
            }
            let starts = inside | fins;
            for e_d in 1..=9u8 {
                let mut targets = self.board.squares_with(e_d) & !starts;
                for s in squares_of(starts) {
                    targets &= self.offs(s, d)[usize::from(e_d)];
                }
                for e in squares_of(targets) {
                    let chains = squares_of(starts)
                        .map(|s| self.chain((s, d), (e, e_d)))
                        .collect();
                    if self.keep(make(Subtype::KrakenFish2, (e, e_d), chains)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Keeps `f` as HoDoKu does; true when the search is over.
    fn keep(&mut self, f: Found) -> bool {
        if self.mode == Mode::First {
            self.found.push(f);
            return true;
        }
        let key = (
            f.subtype,
            f.delete.0 * 10 + usize::from(f.delete.1),
            f.digit,
        );
        let better = match self.kept.get(&key) {
            None => true,
            Some(&i) => {
                let old = &self.found[i];
                let (a, b) = (fish_rank(f.fish), fish_rank(old.fish));
                a < b || (a == b && f.length() < old.length())
            }
        };
        if better {
            // The step it betters stays in the list.
            self.kept.insert(key, self.found.len());
            self.listed.push(Listed::Kraken(self.found.len()));
            self.found.push(f);
        }
        false
    }

    /// Lists a fish without fins that removes `outside` and `cannibal`, as
    /// HoDoKu's "find all steps" for kraken fish does: one for each set of
    /// removals, a smaller type taking the place of a larger.
    fn plain(&mut self, walk: &Walk, picked: &[usize], outside: u128, cannibal: u128) {
        if outside | cannibal == 0 {
            return;
        }
        let mut base = walk.base.to_vec();
        base.sort_unstable();
        let mut cover = walk.marked(picked);
        cover.sort_unstable();
        let fish = franken::kind_of(&base, &cover, false, false);
        let mut deletes: Vec<usize> = squares_of(outside).chain(squares_of(cannibal)).collect();
        deletes.sort_unstable();
        let p = Plain {
            rank: fish_rank(fish),
            deletes,
            digit: walk.units.digit,
            cannibal: cannibal.count_ones(),
        };
        let same = self
            .listed
            .iter()
            .position(|l| matches!(l, Listed::Plain(q) if q.deletes == p.deletes));
        match same {
            Some(i) => {
                if let Listed::Plain(q) = &self.listed[i] {
                    if p.rank < q.rank {
                        self.listed[i] = Listed::Plain(p);
                    }
                }
            }
            None => self.listed.push(Listed::Plain(p)),
        }
    }

    fn to_move(&self, f: &Found) -> Move {
        let mut m = Move::new(Kind::KrakenFish);
        m.subtype = Some(f.subtype);
        m.fish = Some(f.fish);
        m.digits.push(f.digit);
        m.cells = squares_of(f.body & !f.fins).collect();
        m.deletes.push(f.delete);
        m.base = f.base.clone();
        m.cover = f.cover.clone();
        m.fins = squares_of(f.fins).collect();
        m.nets = f
            .chains
            .iter()
            .map(|c| c.iter().map(|&lit| self.tables.node(lit)).collect())
            .collect();
        m.chain = m.nets.first().cloned().unwrap_or_default();
        m
    }
}

/// True when choosing `need` more of `rest` after `cover_cells` can leave
/// at most two fins in `body`.
fn reachable(units: &Units, body: u128, cover_cells: u128, rest: &[usize], need: usize) -> bool {
    let open = body & !cover_cells;
    let open_count = open.count_ones();
    if open_count <= MAX_FINS {
        return true;
    }
    let mut gains: Vec<u32> = rest
        .iter()
        .map(|&u| (units.masks[u] & open).count_ones())
        .collect();
    gains.sort_unstable_by(|a, b| b.cmp(a));
    let best: u32 = gains.iter().take(need).sum();
    open_count.saturating_sub(best) <= MAX_FINS
}

/// The kraken fish HoDoKu's solver takes in `board`.
pub fn first_kraken(board: &Board) -> Option<Move> {
    first_kraken_with(board, &mut tabling::Cache::default())
}

/// [`first_kraken`] on the tables `cache` keeps.
pub fn first_kraken_with(board: &Board, cache: &mut tabling::Cache) -> Option<Move> {
    let mut search = Search::new(board, Mode::First, cache);
    for d in 1..=9u8 {
        if search.digit(d) {
            let f = search.found.first()?;
            return Some(search.to_move(f));
        }
    }
    None
}

/// Every kraken fish in `board`, as HoDoKu's "find all steps" lists them.
/// Each digit's list is sorted with the fish without fins its search
/// lists beside them (HoDoKu's order is not consistent between the two
/// kinds, so they move the kraken fish): more removals first; two kraken
/// fish by their fish, then their chains' length; two fish by type and
/// cannibalistic removals; one of each by the weighted sum of their
/// removals; in the order Java's sort leaves them.
pub fn all_krakens(board: &Board) -> Vec<Move> {
    all_krakens_with(board, &mut tabling::Cache::default())
}

/// [`all_krakens`] on the tables `cache` keeps.
pub fn all_krakens_with(board: &Board, cache: &mut tabling::Cache) -> Vec<Move> {
    let mut search = Search::new(board, Mode::All, cache);
    let mut out = Vec::new();
    for d in 1..=9u8 {
        search.found.clear();
        search.kept.clear();
        search.listed.clear();
        search.digit(d);
        let mut listed = std::mem::take(&mut search.listed);
        let found = &search.found;
        let removals = |l: &Listed| match l {
            Listed::Kraken(_) => 1,
            Listed::Plain(p) => p.deletes.len(),
        };
        let weight_of = |l: &Listed| match l {
            Listed::Kraken(i) => weight(std::iter::once(found[*i].delete)),
            Listed::Plain(p) => weight(p.deletes.iter().map(|&s| (s, p.digit))),
        };
        java_sort::sort(&mut listed, |a, b| {
            removals(b).cmp(&removals(a)).then_with(|| match (a, b) {
                (Listed::Kraken(i), Listed::Kraken(j)) => {
                    let (f, g) = (&found[*i], &found[*j]);
                    fish_rank(f.fish)
                        .cmp(&fish_rank(g.fish))
                        .then(f.length().cmp(&g.length()))
                }
                (Listed::Plain(p), Listed::Plain(q)) => {
                    p.rank.cmp(&q.rank).then(p.cannibal.cmp(&q.cannibal))
                }
                _ => weight_of(a).cmp(&weight_of(b)),
            })
        });
        for l in &listed {
            if let Listed::Kraken(i) = l {
                out.push(search.to_move(&search.found[*i]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::library::parse_case;

    /// A position of HoDoKu's path for the first puzzle (kraken fish on),
    /// where its solver takes a kraken fish of type 2.
    const TYPE_2: &str = ":0000:x:.6.5.1.9.1+2..9..539....7....4.8...7.......5.8.817.5.3.....5.2.+7....+7.....76..8...:415 423 427 627 434 634 435 635 646 947 949 654 255 656::";
    const TYPE_2_PUZZLE: &str =
        ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...";
    /// One where it takes a kraken fish of type 1.
    const TYPE_1: &str = ":0000:x:9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.:728 729 541 543 547 548 549::";
    const TYPE_1_PUZZLE: &str =
        "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.";

    fn board(line: &str) -> Board {
        parse_case(line).unwrap().board
    }

    /// The step's line and the lines under it, as HoDoKu prints them.
    fn printed(m: &Move) -> Vec<String> {
        std::iter::once(m.line()).chain(m.lines_under()).collect()
    }

    #[test]
    fn the_solver_takes_the_first_kraken_fish_found_of_type_2() {
        let m = first_kraken(&board(TYPE_2)).unwrap();
        assert_eq!(
            printed(&m),
            [
                "Kraken Fish Type 2:  => r4c5<>2",
                "Finned Franken Jellyfish: 2 r1346 c19b25 fr3c8 fr4c3",
                "r3c8 -2- r3c4 =2= r13c5 -2- r4c5",
                "r4c1 -2- r4c5",
                "r4c3 -2- r4c5",
                "r6c1 -2- r9c1 =2= r8c13 -2- r8c6 =2= r45c6 -2- r4c5",
            ]
        );
        assert_eq!(m.eliminations(), [(3 * 9 + 4, 2)]);
        assert_eq!(m.code(), "0372");
        // The chains are the step's evidence, each from its premise; a
        // group is a node with all its squares.
        assert_eq!(m.nets.len(), 4);
        assert!(m.nets[0][0].on && m.nets[0].last().is_some_and(|n| !n.on));
        assert!(m.nets[0].iter().any(|n| n.cells == [4, 22]));
    }

    #[test]
    fn the_solver_takes_the_first_kraken_fish_found_of_type_1() {
        let m = first_kraken(&board(TYPE_1)).unwrap();
        assert_eq!(
            printed(&m),
            [
                "Kraken Fish Type 1:  => r9c4<>1",
                "Finned X-Wing: 1 r14 c45 fr4c8 fr4c9",
                "r4c8 -1- r7c8 =1= r7c456 -1- r9c4",
                "r4c9 =4= r2c9 -4- r2c8 -3- r1c789 =3= r1c5 =1= r1c4 -1- r9c4",
            ]
        );
        assert_eq!(m.code(), "0371");
        let step = m.to_step();
        assert_eq!(step.eliminations.len(), 1);
        assert_eq!(step.evidence.base.len(), 2);
        assert!(!step.evidence.chain.is_empty());
    }

    #[test]
    fn find_all_lists_each_digits_kraken_fish_by_fish_then_chain_length() {
        // HoDoKu's "find all steps" (kraken fish on) in the first position:
        // its removal, then the fish under it.
        let expected = [
            (
                "Kraken Fish Type 1:  => r4c5<>2",
                "Finned X-Wing: 2 r16 c59 fr6c1",
            ),
            (
                "Kraken Fish Type 2:  => r4c5<>2",
                "Finned X-Wing: 2 r16 c59 fr6c1",
            ),
            (
                "Kraken Fish Type 2:  => r9c9<>4",
                "Finned X-Wing: 2 c36 r48 fr5c3 fr5c6",
            ),
            (
                "Kraken Fish Type 2:  => r4c5<>2",
                "Sashimi X-Wing: 2 r16 c19 fr1c5 fr6c5",
            ),
            (
                "Kraken Fish Type 1:  => r4c5<>2",
                "Finned Swordfish: 2 r136 c459 fr3c8 fr6c1",
            ),
            (
                "Kraken Fish Type 2:  => r4c5<>2",
                "Finned Swordfish: 2 r146 c159 fr4c3 fr4c6",
            ),
            (
                "Kraken Fish Type 2:  => r4c5<>2",
                "Finned Swordfish: 2 r136 c459 fr3c8 fr6c1",
            ),
            (
                "Kraken Fish Type 2:  => r9c9<>4",
                "Finned Swordfish: 2 r146 c159 fr4c3 fr4c6",
            ),
            (
                "Kraken Fish Type 2:  => r4c5<>2",
                "Finned Franken Swordfish: 2 r136 c19b2 fr3c8 fr6c5",
            ),
            (
                "Kraken Fish Type 2:  => r4c5<>2",
                "Finned Franken Jellyfish: 2 r1346 c19b25 fr3c8 fr4c3",
            ),
            (
                "Kraken Fish Type 2:  => r9c9<>4",
                "Finned Franken Jellyfish: 2 r139b5 c145b3 fr4c6 fr5c6",
            ),
            (
                "Kraken Fish Type 2:  => r9c9<>4",
                "Finned Franken Jellyfish: 2 r1346 c59b24 fr3c8 fr4c6",
            ),
            (
                "Kraken Fish Type 2:  => r9c9<>4",
                "Finned Franken Jellyfish: 2 r1346 c19b25 fr3c8 fr4c3",
            ),
        ];
        let all = all_krakens(&board(TYPE_2));
        let found: Vec<(String, String)> = all
            .iter()
            .map(|m| (m.line(), m.lines_under()[0].clone()))
            .collect();
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|&(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(found, expected);
        // A later kraken fish with the same fish, type and removal but
        // shorter chains is listed too; the first of them has the chains
        // HoDoKu prints.
        assert_eq!(
            all[1].lines_under()[1..],
            [
                "r1c5 -2- r4c5",
                "r6c1 -2- r9c1 =2= r8c13 -2- r8c6 =2= r45c6 -2- r4c5",
                "r6c5 -2- r4c5",
            ]
        );
    }

    #[test]
    fn every_kraken_fish_found_is_true_to_the_solution() {
        for (line, puzzle) in [(TYPE_2, TYPE_2_PUZZLE), (TYPE_1, TYPE_1_PUZZLE)] {
            let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
            let solution = crate::logic::rating::check_unique(&grid).unwrap();
            let all = all_krakens(&board(line));
            assert!(!all.is_empty());
            for m in &all {
                for (s, d) in m.eliminations() {
                    assert_ne!(solution.get(s), d, "{}", m.line());
                }
                // Each chain leads from a premise to the removal.
                for chain in &m.nets {
                    let end = chain.last().unwrap();
                    assert_eq!(
                        (end.cells[0], end.digit, end.on),
                        (m.deletes[0].0, m.deletes[0].1, false)
                    );
                    assert!(chain[0].on);
                }
            }
        }
    }

    /// HoDoKu walks its cover units past the end of its list while it
    /// looks for more than a fish's size, and marks what it reads there
    /// unused on the way back: here column 5 of a Franken swordfish, which
    /// its line then leaves out.
    #[test]
    fn a_cover_unit_hodoku_unmarks_is_left_out_of_the_fish() {
        let position = ":0000:x:..84...3....3.....9....157479...8........7..514.+9...2...9.6...2+65....4......9..56:516 223 523 623 825 633 343 345 652 357 857 858 366 367 667 369 283 383 385 785 293 393 294 296::";
        let fish: Vec<String> = all_krakens(&board(position))
            .iter()
            .filter(|m| m.line() == "Kraken Fish Type 2:  => r4c5<>5")
            .map(|m| m.lines_under()[0].clone())
            .filter(|f| f.starts_with("Finned Franken Swordfish: 2 r8b25 "))
            .collect();
        assert_eq!(fish, ["Finned Franken Swordfish: 2 r8b25 c4b8 fr1c6 fr2c6"]);
    }

    /// A column unmarked so leaves a Franken X-wing with a box alone for
    /// its cover: a mutant fish, which does not better the Franken
    /// swordfish found before it for the same removal.
    #[test]
    fn an_unmarked_cover_unit_changes_the_fish_hodoku_sees() {
        let position = ":0000:x:.2.......8.4.5+973.7.......45.+2+941.+7+3.......2.371.28+49.....+973...+3+7..2..9.9.3...1+7:615 634 537 654 659 579 697::";
        let fish: Vec<String> = all_krakens(&board(position))
            .iter()
            .filter(|m| m.line() == "Kraken Fish Type 1:  => r5c5<>6")
            .map(|m| m.lines_under()[0].clone())
            .collect();
        assert_eq!(fish, ["Finned Franken Swordfish: 6 r246 c29b5 fr2c4 fr4c7"]);
    }

    /// HoDoKu's "find all steps" sorts each digit's kraken fish together
    /// with the fish without fins its search lists beside them (here an
    /// X-wing of 7 removing r7c4<>7), and its order is not consistent
    /// between the two kinds: a sashimi X-wing's kraken fish ends up
    /// before a finned X-wing's, as HoDoKu lists them.
    #[test]
    fn fish_without_fins_move_the_kraken_fish_as_they_move_hodokus() {
        let position = ":0000:x:.....+18+7..7..9.+31..+13..7+9+251..6..+5+8+2.5+6.2+8+14+9+2+48+1+59+6+374.....2+6+1.6..1..5+8..+1..6.+93:611 414 415 521 424 426 374 375 783 891 794 894 795::";
        let all = all_krakens(&board(position));
        assert_eq!(all.len(), 1392);
        let at = |line: &str, fish: &str| {
            all.iter()
                .position(|m| m.line() == line && m.lines_under()[0] == fish)
                .unwrap()
        };
        let sashimi = at(
            "Kraken Fish Type 2:  => r4c6<>3",
            "Sashimi X-Wing: 7 r49 c13 fr4c5 fr9c7",
        );
        let finned = at(
            "Kraken Fish Type 2:  => r8c1<>3",
            "Finned X-Wing: 7 r58 c14 fr8c7",
        );
        assert_eq!((sashimi, finned), (933, 934));
    }

    #[test]
    fn a_position_without_fins_to_chain_from_has_no_kraken_fish() {
        // A solved grid has no candidates left.
        let solved = ":0000:x:534678912672195348198342567859761423426853791713924856961537284287419635345286179:::";
        assert!(first_kraken(&board(solved)).is_none());
        assert!(all_krakens(&board(solved)).is_empty());
    }
}
