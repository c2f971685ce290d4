//! HoDoKu's implication tables ("Trebor's tables"), the ground of its nice
//! loops and AICs (and of its forcing chains and kraken fish): for every
//! premise, a digit set in a square or ruled out of it (or in a group of
//! squares), the table lists what follows.
//!
//! As HoDoKu 2.2.0 builds them for chains:
//!
//! - First the direct implications. A digit set rules out the square's
//!   other digits (in digit order), then the digit in the rest of its row,
//!   column and box (in that order, each square once, in square order). A
//!   digit ruled out sets the square's other digit when the square holds
//!   two, then the digit in the other square of each of its units that
//!   holds it twice.
//! - With groups (two or three squares of one box and one line holding a
//!   digit, rows first, then columns; in each line digit by digit, box by
//!   box): a group set rules the digit out of every square seeing all of
//!   the group, and out of every other group of its line or box not
//!   overlapping it; a group ruled out sets the one square left for the
//!   digit in its box, then in its line, and the one other group left in
//!   its line or box. Each square's tables take the links to the groups.
//! - Then each table is expanded, the tables of set digits first, square
//!   by square and digit by digit, then those of ruled out digits: for
//!   each implication in turn (including those added on the way), the
//!   direct implications of its own table are added when new, each
//!   remembering the table it came through; an implication already there
//!   by a longer way is rerouted through the shorter. A table holds at most
//!   1000 implications.
//!
//! - With ALS (an option, off by default), the nodes of
//!   [`als_nodes`] come after the groups, before the
//!   tables are expanded.
//!
//! A chain to an implication is read backwards through the tables it came
//! through. The facts are HoDoKu's; the code is sudokit's own.

use crate::logic::hodoku::als::Als;
use crate::logic::hodoku::als_nodes::{self, AlsNodes, GroupShape, Target};
use crate::logic::hodoku::board::{
    bit, digits, peers_mask, squares_of, units_of, Board, UNIT_MASKS,
};
use crate::logic::hodoku::moves::Node;

/// The most implications a table holds (HoDoKu's default).
pub const CAPACITY: usize = 1000;

/// Normal literals: `(square * 9 + digit - 1) * 2 + on`.
const CELL_LITS: usize = 81 * 9 * 2;

/// A premise or implication: a digit set (`on`) or ruled out, in one square,
/// in a group of squares or (ruled out) in an almost locked set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(u16);

impl Lit {
    /// Digit `d` in square `s`.
    pub fn cell(s: usize, d: u8, on: bool) -> Lit {
        Lit(((s * 9 + usize::from(d) - 1) * 2 + usize::from(on)) as u16)
    }

    fn group(g: usize, on: bool) -> Lit {
        Lit((CELL_LITS + g * 2 + usize::from(on)) as u16)
    }

    /// True when the digit is set.
    pub fn on(self) -> bool {
        self.0 & 1 == 1
    }

    /// True for a group or an ALS node (a node of several squares).
    pub fn is_group(self) -> bool {
        usize::from(self.0) >= CELL_LITS
    }

    fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A group: two or three squares of one box and one line holding a digit.
#[derive(Clone, Debug)]
pub struct Group {
    /// Its digit.
    pub digit: u8,
    /// Its squares (a mask; no list is kept, as positions with chains
    /// make thousands of groups).
    pub(super) mask: u128,
    line: Option<usize>,
    col: Option<usize>,
    block: usize,
    /// The squares that see all of it.
    pub(super) seen_by: u128,
}

/// How an implication came into a table.
const EXPANDED: u8 = 1;
const FROM_ON: u8 = 2;
const FROM_GROUP: u8 = 4;

/// One implication of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What follows.
    pub lit: Lit,
    /// The table it came through, numbered as HoDoKu numbers them (a
    /// square's: square * 10 + digit; a group's: its place among them);
    /// in a net's table, for an entry not added by expansion, the place
    /// of the entry it is read back through.
    via: u16,
    flags: u8,
    /// HoDoKu's distance: 1 for the premise, then two a link.
    pub distance: u16,
}

/// What follows from one premise (its first entry).
#[derive(Default)]
pub struct Table {
    /// The premise, then its implications in the order they were found.
    pub entries: Vec<Entry>,
    /// While the table is open (filled or expanded on its own): the
    /// place of each literal in `entries` (the last one added, for a
    /// group added twice), `u16::MAX` when absent. The room is lent by
    /// the tables and given back when the table is shut; empty otherwise.
    pos: Vec<u16>,
    /// True once the table is complete: a place is then looked up in
    /// `index`, made when first needed (most tables are never asked).
    sealed: bool,
    index: std::cell::OnceCell<Index>,
    /// The room of the last index, for the next.
    spare: std::cell::Cell<Index>,
    /// In a net's table, the further entries each entry follows from
    /// (0 for none), by place; empty for a chain's table.
    more: Vec<[u16; 4]>,
    /// Once the table is expanded, the places of its entries in the
    /// premise's own square (one of its digits set or ruled out), in
    /// order.
    home: Vec<u16>,
    /// Once the table is expanded, how many entries it had before (its
    /// premise and direct implications, the only ones another table's
    /// expansion takes from it); 0 before.
    direct: u16,
}

impl Table {
    /// Empties the table.
    fn clear(&mut self) {
        self.entries.clear();
        self.more.clear();
        self.home.clear();
        if let Some(index) = self.index.take() {
            self.spare.set(index);
        }
        self.sealed = false;
        self.direct = 0;
    }

    /// Opens the table in `room` (a place for every literal, all
    /// absent), which it holds until [`Table::shut`].
    fn open(&mut self, room: &mut Vec<u16>) {
        std::mem::swap(&mut self.pos, room);
        for (i, e) in self.entries.iter().enumerate() {
            self.pos[e.lit.index()] = i as u16;
        }
    }

    /// Gives the room back (all absent again); with `seal`, the table
    /// is complete.
    fn shut(&mut self, room: &mut Vec<u16>, seal: bool) {
        for e in &self.entries {
            self.pos[e.lit.index()] = u16::MAX;
        }
        std::mem::swap(&mut self.pos, room);
        self.sealed |= seal;
    }

    /// The place of `lit` in the table.
    pub fn position(&self, lit: Lit) -> Option<usize> {
        let i = lit.index();
        if !self.pos.is_empty() {
            return match self.pos.get(i) {
                Some(&p) if p != u16::MAX => Some(usize::from(p)),
                _ => None,
            };
        }
        if self.sealed {
            return self
                .index
                .get_or_init(|| self.spare.take().of(&self.entries))
                .place(i);
        }
        // A table being filled holds few entries.
        self.entries.iter().rposition(|e| e.lit == lit)
    }

    /// Adds `lit` as HoDoKu adds an implication: not when the table is
    /// full, nor a square's literal that is there already.
    fn add(&mut self, lit: Lit, distance: u16) -> bool {
        if self.entries.len() >= CAPACITY {
            return false;
        }
        if !lit.is_group() && self.position(lit).is_some() {
            return false;
        }
        if !self.pos.is_empty() {
            self.pos[lit.index()] = self.entries.len() as u16;
        }
        self.entries.push(Entry {
            lit,
            via: 0,
            flags: 0,
            distance,
        });
        true
    }

    /// Adds `lit`, known to be new to the table, as [`Table::add`] does.
    fn add_new(&mut self, lit: Lit, distance: u16) {
        if self.entries.len() < CAPACITY {
            self.entries.push(Entry {
                lit,
                via: 0,
                flags: 0,
                distance,
            });
        }
    }

    /// Adds a direct implication (or the premise).
    fn add_direct(&mut self, lit: Lit) {
        let distance = self.entries.first().map_or(1, |e| e.distance + 1);
        self.add(lit, distance);
    }

    /// Adds a direct implication that counts `penalty` more links.
    fn add_penalized(&mut self, lit: Lit, penalty: u16) {
        let distance = self.entries.first().map_or(1, |e| e.distance + 1);
        self.add(lit, distance + penalty);
    }

    /// Adds an implication of a net's table that follows from the entries
    /// at `from` (0 where unused): its distance is one more than that of
    /// the first of them; the entry it is read back through is the
    /// latest of them, the others are the net's further branches (in the
    /// order HoDoKu keeps them after moving the latest to the front).
    pub fn add_linked(&mut self, lit: Lit, from: [u16; 5]) -> bool {
        let distance = self
            .entries
            .get(usize::from(from[0]))
            .map_or(1, |e| e.distance + 1);
        if !self.add(lit, distance) {
            return false;
        }
        let mut from = from;
        for i in 1..5 {
            if from[i] > from[0] {
                from.swap(0, i);
            }
        }
        let at = self.entries.len() - 1;
        self.entries[at].via = from[0];
        if self.more.len() < at {
            self.more.resize(at, [0; 4]);
        }
        self.more.push([from[1], from[2], from[3], from[4]]);
        true
    }

    /// The places of the entries in the premise's own square, once the
    /// table is expanded (a chain from the premise back to its square).
    pub fn home(&self) -> &[u16] {
        &self.home
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the table holds nothing (its square is filled or lacks
    /// the digit).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// What the entry at `at` follows from in its own table, when it is
    /// not an expansion's: the entries it is read back through (first)
    /// and its further branches in a net (0 where unused).
    pub fn sources(&self, at: usize) -> [u16; 5] {
        let more = self.more.get(at).copied().unwrap_or([0; 4]);
        let first = match self.entries[at].flags & EXPANDED {
            0 => self.entries[at].via,
            _ => 0,
        };
        [first, more[0], more[1], more[2], more[3]]
    }
}

/// Where each literal of a complete table lies: its place, for every
/// literal up to the last one the table holds (`u16::MAX` for those it
/// does not). Made at once from the entries, in a single pass; only the
/// few tables a search asks for places get one.
#[derive(Clone, Debug, Default)]
struct Index {
    places: Vec<u16>,
}

impl Index {
    /// The index of a table's `entries`, in this one's room.
    fn of(mut self, entries: &[Entry]) -> Index {
        let len = entries.iter().map(|e| e.lit.index() + 1).max().unwrap_or(0);
        self.places.clear();
        self.places.resize(len, u16::MAX);
        // A group added twice has the place of the last one.
        for (at, e) in entries.iter().enumerate() {
            self.places[e.lit.index()] = at as u16;
        }
        self
    }

    /// The place of literal `i`, if held.
    fn place(&self, i: usize) -> Option<usize> {
        match self.places.get(i) {
            Some(&p) if p != u16::MAX => Some(usize::from(p)),
            _ => None,
        }
    }
}

/// The tables of a position.
pub struct Tables {
    /// The groups, in HoDoKu's order.
    pub groups: Vec<Group>,
    tables: Vec<Table>,
    /// The squares holding each digit.
    holding: [u128; 10],
    /// The ALS nodes, when the tables have them.
    als: AlsNodes,
    /// A place for every literal, all absent, lent to the table being
    /// filled or expanded on its own.
    room: Vec<u16>,
}

/// The groups of `board` in HoDoKu's order: rows, then columns; in each
/// line digit by digit, box by box.
fn find_groups(board: &Board) -> Vec<Group> {
    let mut out = Vec::new();
    for lines in [0..9usize, 9..18] {
        for u in lines {
            for d in 1..=9u8 {
                for (block, box_mask) in UNIT_MASKS[18..].iter().enumerate() {
                    let mask = UNIT_MASKS[u] & box_mask & board.squares_with(d);
                    if mask.count_ones() < 2 {
                        continue;
                    }
                    let seen_by = squares_of(mask).fold(!0u128, |m, s| m & peers_mask(s));
                    let a = mask.trailing_zeros() as usize;
                    let b2 = (mask & (mask - 1)).trailing_zeros() as usize;
                    out.push(Group {
                        digit: d,
                        mask,
                        line: (a / 9 == b2 / 9).then_some(a / 9),
                        col: (a % 9 == b2 % 9).then_some(a % 9),
                        block,
                        seen_by,
                    });
                }
            }
        }
    }
    out
}

/// Every table's direct implications, by the literal of its premise.
struct Direct {
    /// For each literal, where its table's direct implications lie in
    /// `direct` and how an entry that comes through that table is marked.
    of: Vec<Source>,
    /// Each implication and its distance.
    direct: Vec<(Lit, u16)>,
}

/// One literal's table as the expansion of another reads it.
#[derive(Clone, Copy)]
struct Source {
    /// Where its direct implications begin in [`Direct::direct`] and end.
    start: u32,
    end: u32,
    /// [`via_of`] the literal: worked out once here rather than each time
    /// the literal comes up in a table being expanded.
    via: u16,
    flag: u8,
}

impl Direct {
    /// The direct implications of the tables of `tables`, none of them
    /// expanded yet, each marked as an entry coming through it is, with
    /// `groups` groups.
    fn of_tables(tables: &[Table], groups: usize) -> Direct {
        let held: usize = tables.iter().map(|t| t.entries.len()).sum();
        let mut direct = Vec::with_capacity(held);
        let mut of = Vec::with_capacity(tables.len());
        for (i, table) in tables.iter().enumerate() {
            let start = direct.len() as u32;
            // Every entry after the premise is a direct implication: copied
            // as it is, without a test each.
            debug_assert!(table.entries.iter().all(|e| e.flags & EXPANDED == 0));
            if let Some(implied) = table.entries.get(1..) {
                direct.extend(implied.iter().map(|e| (e.lit, e.distance)));
            }
            let (via, flag) = via_of(Lit(i as u16), groups);
            of.push(Source {
                start,
                end: direct.len() as u32,
                via,
                flag,
            });
        }
        Direct { of, direct }
    }
}

/// HoDoKu's number of the table of `lit` and how an entry that came
/// through it is marked, with `groups` groups before the ALS nodes.
fn via_of(lit: Lit, groups: usize) -> (u16, u8) {
    match lit.is_group() {
        // Groups first, two tables each, then the ALS nodes.
        true => {
            let g = (lit.index() - CELL_LITS) / 2;
            match g.checked_sub(groups) {
                Some(k) => ((2 * groups + k) as u16, FROM_GROUP),
                None => ((g * 2 + usize::from(!lit.on())) as u16, FROM_GROUP),
            }
        }
        false => {
            let (s, d) = (lit.index() / 18, lit.index() / 2 % 9 + 1);
            let flag = if lit.on() { FROM_ON } else { 0 };
            ((s * 10 + d) as u16, flag)
        }
    }
}

impl Tables {
    /// The tables of `board` for chains, with groups when `groups`, fully
    /// expanded.
    pub fn build(board: &Board, groups: bool) -> Tables {
        Tables::build_with(board, groups, false)
    }

    /// The tables of `board` for nets, with groups: `direct` fills the
    /// table of each square's premise (square by square, digit by digit,
    /// set then ruled out) from the premise on; then the groups are added
    /// and the tables expanded as for chains.
    pub fn build_net(board: &Board, direct: impl FnMut((usize, u8, bool), &mut Table)) -> Tables {
        Tables::build_net_in(board, Vec::new(), direct)
    }

    /// [`Tables::build_net`], in `room` (tables no longer used, emptied).
    fn build_net_in(
        board: &Board,
        room: Vec<Table>,
        mut direct: impl FnMut((usize, u8, bool), &mut Table),
    ) -> Tables {
        Tables::build_from(board, true, false, room, |t| {
            for s in (0..81).filter(|&s| board.value(s) == 0) {
                for d in digits(board.cands(s)) {
                    for on in [true, false] {
                        let table = &mut t.tables[Lit::cell(s, d, on).index()];
                        table.open(&mut t.room);
                        direct((s, d, on), table);
                        table.shut(&mut t.room, false);
                    }
                }
            }
        })
    }

    /// The tables of `board` for chains, with groups when `groups` and
    /// ALS nodes when `als`, fully expanded.
    pub fn build_with(board: &Board, groups: bool, als: bool) -> Tables {
        Tables::build_from(board, groups, als, Vec::new(), |t| t.fill(board))
    }

    /// The tables, in `room` (tables no longer used, emptied), each
    /// square's premise's filled by `fill`, then the groups and ALS nodes
    /// added and every table expanded.
    fn build_from(
        board: &Board,
        groups: bool,
        als: bool,
        room: Vec<Table>,
        fill: impl FnOnce(&mut Tables),
    ) -> Tables {
        let mut t = Tables::direct_from(board, groups, als, room, fill);
        t.expand_all(board);
        t
    }

    /// [`Tables::build_from`] short of the expansion: each table holds
    /// its direct implications.
    fn direct_from(
        board: &Board,
        groups: bool,
        als: bool,
        mut tables: Vec<Table>,
        fill: impl FnOnce(&mut Tables),
    ) -> Tables {
        let groups = if groups {
            find_groups(board)
        } else {
            Vec::new()
        };
        let n = CELL_LITS + 2 * groups.len();
        let (als, links) = match als {
            true => {
                let shapes: Vec<GroupShape> = groups
                    .iter()
                    .map(|g| GroupShape {
                        digit: g.digit,
                        cells: g.mask,
                        seen_by: g.seen_by,
                    })
                    .collect();
                als_nodes::plan(board, &shapes, (usize::from(u16::MAX) - n) / 2)
            }
            false => Default::default(),
        };
        // Every literal has its table, and its place in each.
        let n = n + 2 * als.nodes.len();
        // Every table empty, in the room given when there is.
        tables.resize_with(n, Table::default);
        let mut t = Tables {
            groups,
            tables: Vec::new(),
            holding: std::array::from_fn(|d| match d {
                0 => 0,
                _ => board.squares_with(d as u8),
            }),
            als,
            room: vec![u16::MAX; n],
        };
        t.tables = tables;
        fill(&mut t);
        t.fill_groups();
        t.fill_als(&links);
        t
    }

    /// Direct tables without groups (nor ALS nodes), made those with
    /// groups: as [`Tables::direct_from`] with groups builds them, whose
    /// squares' tables take their links to the groups after their own.
    fn add_groups(&mut self, board: &Board) {
        debug_assert!(self.groups.is_empty() && self.als.nodes.is_empty());
        self.groups = find_groups(board);
        let n = CELL_LITS + 2 * self.groups.len();
        self.tables.resize_with(n, Table::default);
        self.room.resize(n, u16::MAX);
        self.fill_groups();
    }

    /// The literal of ALS node `k`.
    fn als_lit(&self, k: usize) -> Lit {
        Lit((CELL_LITS + 2 * (self.groups.len() + k)) as u16)
    }

    /// The ALS node of `lit`, if it is one.
    fn als_node(&self, lit: Lit) -> Option<usize> {
        let i = lit.index().checked_sub(CELL_LITS)? / 2;
        i.checked_sub(self.groups.len())
    }

    /// The ALS of `lit`, if it is an ALS node.
    pub fn als_of(&self, lit: Lit) -> Option<&Als> {
        self.als_node(lit).map(|k| self.als.als_of(k))
    }

    /// The squares outside the node `lit` holding `d` that see all its
    /// squares holding `d` (for a square or a group, all of it).
    pub fn buddies(&self, lit: Lit, d: u8) -> u128 {
        match self.als_of(lit) {
            Some(als) => als.seen_by[usize::from(d)],
            None => self.seen_by(lit) & self.holding(d),
        }
    }

    /// Adds the ALS nodes' implications ([`als_nodes::plan`]'s).
    fn fill_als(&mut self, links: &[als_nodes::Link]) {
        for k in 0..self.als.nodes.len() {
            let lit = self.als_lit(k);
            self.tables[lit.index()].add_direct(lit);
        }
        let lit = |t: &Tables, target: Target| match target {
            Target::Cell(s, d, on) => Lit::cell(s, d, on),
            Target::Group(g, on) => Lit::group(g, on),
            Target::Node(k) => t.als_lit(k),
        };
        for link in links {
            let (table, to) = (lit(self, link.table), lit(self, link.lit));
            let table = &mut self.tables[table.index()];
            if table.entries.is_empty() || (link.once && table.position(to).is_some()) {
                continue;
            }
            table.add_penalized(to, link.penalty);
        }
    }

    /// The table of premise `lit`.
    pub fn table(&self, lit: Lit) -> &Table {
        &self.tables[lit.index()]
    }

    /// The squares of `lit`: one, or its group's.
    pub fn cells(&self, lit: Lit) -> Vec<usize> {
        if let Some(als) = self.als_of(lit) {
            return als.squares();
        }
        match lit.is_group() {
            true => squares_of(self.groups[(lit.index() - CELL_LITS) / 2].mask).collect(),
            false => vec![lit.index() / 18],
        }
    }

    /// The squares of `lit`, as a mask.
    pub fn cells_mask(&self, lit: Lit) -> u128 {
        if let Some(als) = self.als_of(lit) {
            return als.cells;
        }
        match lit.is_group() {
            true => self.groups[(lit.index() - CELL_LITS) / 2].mask,
            false => 1u128 << (lit.index() / 18),
        }
    }

    /// `lit` as a node of a step's chain: its squares, digit, and
    /// whether it sets the digit.
    pub fn node(&self, lit: Lit) -> Node {
        if let Some(als) = self.als_of(lit) {
            // The square HoDoKu writes the node at first.
            let entry = self.first_cell(lit);
            let mut cells = vec![entry];
            cells.extend(als.squares().into_iter().filter(|&s| s != entry));
            return Node {
                cells,
                digit: self.digit(lit),
                on: false,
                als: true,
            };
        }
        Node {
            cells: self.cells(lit),
            digit: self.digit(lit),
            on: lit.on(),
            als: false,
        }
    }

    /// The first square of `lit` (HoDoKu's index of a node).
    pub fn first_cell(&self, lit: Lit) -> usize {
        if let Some(k) = self.als_node(lit) {
            return self.als.nodes[k].entry;
        }
        match lit.is_group() {
            true => self.groups[(lit.index() - CELL_LITS) / 2]
                .mask
                .trailing_zeros() as usize,
            false => lit.index() / 18,
        }
    }

    /// The digit of `lit`.
    pub fn digit(&self, lit: Lit) -> u8 {
        if let Some(k) = self.als_node(lit) {
            return self.als.nodes[k].digit;
        }
        match lit.is_group() {
            true => self.groups[(lit.index() - CELL_LITS) / 2].digit,
            false => (lit.index() / 2 % 9 + 1) as u8,
        }
    }

    /// The squares holding digit `d`, as a mask.
    pub fn holding(&self, d: u8) -> u128 {
        self.holding[usize::from(d)]
    }

    /// The squares that see every square of `lit`.
    pub fn seen_by(&self, lit: Lit) -> u128 {
        if let Some(als) = self.als_of(lit) {
            return als.seen_by_any;
        }
        match lit.is_group() {
            true => self.groups[(lit.index() - CELL_LITS) / 2].seen_by,
            false => peers_mask(lit.index() / 18),
        }
    }

    fn fill(&mut self, board: &Board) {
        for s in 0..81 {
            if board.value(s) != 0 {
                continue;
            }
            let bivalue = board.cands(s).count_ones() == 2;
            for d in digits(board.cands(s)) {
                let (on, off) = (Lit::cell(s, d, true), Lit::cell(s, d, false));
                // A table's room grows as it fills and is kept for the
                // next position (see `Cache`): tables hold 32 literals on
                // average, and room for CAPACITY taken at once spread a
                // set of tables over about 12 MB (peak memory halved).
                for premise in [on, off] {
                    // Each literal is new to its table: the squares met
                    // before are masked out.
                    self.tables[premise.index()].add_new(premise, 1);
                }
                for e in digits(board.cands(s) & !bit(d)) {
                    self.tables[on.index()].add_new(Lit::cell(s, e, false), 2);
                    if bivalue {
                        self.tables[off.index()].add_new(Lit::cell(s, e, true), 2);
                    }
                }
                let holding = self.holding[usize::from(d)] & !(1u128 << s);
                let (mut ruled_out, mut set) = (0u128, 0u128);
                for u in units_of(s) {
                    if board.free(u, d) < 2 {
                        continue;
                    }
                    let others = holding & UNIT_MASKS[u];
                    for t in squares_of(others & !ruled_out) {
                        self.tables[on.index()].add_new(Lit::cell(t, d, false), 2);
                    }
                    ruled_out |= others;
                    if board.free(u, d) == 2 && others != 0 {
                        let t = others.trailing_zeros() as usize;
                        if set & (1u128 << t) == 0 {
                            self.tables[off.index()].add_new(Lit::cell(t, d, true), 2);
                            set |= 1u128 << t;
                        }
                    }
                }
            }
        }
    }

    fn fill_groups(&mut self) {
        // The groups of each digit, in order.
        let mut of_digit: [Vec<usize>; 10] = Default::default();
        for (i, g) in self.groups.iter().enumerate() {
            of_digit[usize::from(g.digit)].push(i);
        }
        for i in 0..self.groups.len() {
            let g = &self.groups[i];
            let (d, mask, line, col, block) = (g.digit, g.mask, g.line, g.col, g.block);
            let (on, off) = (Lit::group(i, true), Lit::group(i, false));
            let seeing = self.holding[usize::from(d)] & g.seen_by;
            // Room for the links below at once: the premise, each square
            // seeing the group and a few other groups (the group set);
            // the premise, two squares and a group (ruled out).
            let rooms = [(on, 1 + seeing.count_ones() as usize + 4), (off, 4)];
            for (premise, room) in rooms {
                let table = &mut self.tables[premise.index()];
                table.entries.reserve(room);
                table.add_direct(premise);
            }
            for t in squares_of(seeing) {
                self.tables[on.index()].add_direct(Lit::cell(t, d, false));
                self.tables[Lit::cell(t, d, true).index()].add_direct(off);
            }
            let unit_line = match (line, col) {
                (Some(r), _) => r,
                (None, Some(c)) => 9 + c,
                (None, None) => unreachable!("a group lies in a line"),
            };
            for u in [18 + block, unit_line] {
                let rest = seeing & UNIT_MASKS[u];
                if rest.count_ones() == 1 {
                    let t = rest.trailing_zeros() as usize;
                    self.tables[off.index()].add_direct(Lit::cell(t, d, true));
                    self.tables[Lit::cell(t, d, false).index()].add_direct(on);
                }
            }
            // Other groups of the digit sharing a unit without overlapping:
            // how many in the line, the column and the box, and the last.
            let mut shared = [(0usize, 0usize); 3];
            for &j in &of_digit[usize::from(d)] {
                let h = &self.groups[j];
                if j == i || h.mask & mask != 0 {
                    continue;
                }
                let kinds = [
                    line.is_some() && line == h.line,
                    col.is_some() && col == h.col,
                    block == h.block,
                ];
                for (k, &same) in kinds.iter().enumerate() {
                    if same {
                        shared[k] = (shared[k].0 + 1, j);
                        self.tables[on.index()].add_direct(Lit::group(j, false));
                    }
                }
            }
            let units = [line, col.map(|c| 9 + c), Some(18 + block)];
            for (&(count, j), unit) in shared.iter().zip(units) {
                let (Some(u), 1) = (unit, count) else {
                    continue;
                };
                let rest =
                    self.holding[usize::from(d)] & UNIT_MASKS[u] & !mask & !self.groups[j].mask;
                if rest == 0 {
                    self.tables[off.index()].add_direct(Lit::group(j, true));
                }
            }
        }
    }

    /// The table through which entry `e` came into another table, when
    /// it came by expansion.
    pub fn came_through(&self, e: &Entry) -> Option<Lit> {
        match e.flags & EXPANDED {
            0 => None,
            _ => self.resolve(e.via, e.flags),
        }
    }

    /// The table an entry came through, from HoDoKu's number and marks.
    fn resolve(&self, via: u16, flags: u8) -> Option<Lit> {
        let via = usize::from(via);
        if flags & FROM_GROUP != 0 {
            if let Some(k) = via.checked_sub(2 * self.groups.len()) {
                return (k < self.als.nodes.len()).then(|| self.als_lit(k));
            }
            let g = via / 2;
            return (g < self.groups.len()).then(|| Lit::group(g, via % 2 == 0));
        }
        let (s, d) = (via / 10, via % 10);
        (s < 81 && d != 0).then(|| Lit::cell(s, d as u8, flags & FROM_ON != 0))
    }

    fn expand_all(&mut self, board: &Board) {
        // Every table's direct implications (the only ones an expansion
        // takes from another table; expanding a table leaves its own
        // alone), read once, side by side.
        let direct = Direct::of_tables(&self.tables, self.groups.len());
        let mut slots = vec![0; self.room.len()];
        for on in [true, false] {
            for s in 0..81 {
                for d in digits(board.cands(s)) {
                    self.expand(Lit::cell(s, d, on), &direct, &mut slots);
                }
            }
        }
        // The tables not expanded are sealed as they are (none is open:
        // opening and shutting one would only seal it).
        for table in &mut self.tables {
            table.sealed |= !table.entries.is_empty();
        }
    }

    /// Expands the table of `premise` as HoDoKu does, and seals it.
    /// `slots` has a slot for every literal, 0 for a literal the table
    /// does not hold. While a table is expanded, a literal it holds has in
    /// its slot its place in the table plus one (the high 16 bits), then
    /// the distance a shorter way to it must beat (the low 16 bits: 0 for
    /// the premise and the direct implications, which expansion never
    /// changes), so that most implications are settled by one look at the
    /// slot, without reading the entry. The slots carry no mark of the
    /// table they belong to (that would double their size, and the slots
    /// are read at random for every implication), so the table empties
    /// the ones it used when it is done.
    fn expand(&mut self, premise: Lit, direct: &Direct, slots: &mut [u32]) {
        let dest_i = premise.index();
        if self.tables[dest_i].entries.is_empty() {
            return;
        }
        let dest = &mut self.tables[dest_i];
        dest.direct = dest.entries.len() as u16;
        // The entries and places apart, so that the loop keeps them at hand.
        let mut entries = std::mem::take(&mut dest.entries);
        // The literals of the premise's square (no group's among them).
        let square = premise.index() / 18 * 18;
        let at_home = |lit: Lit| (square..square + 18).contains(&lit.index());
        let mut home = std::mem::take(&mut dest.home);
        home.clear();
        let held = |at: usize, beat: u32| ((at as u32 + 1) << 16) | beat;
        for (i, e) in entries.iter().enumerate() {
            let beat = match e.flags & EXPANDED {
                0 => 0,
                _ => u32::from(e.distance),
            };
            slots[e.lit.index()] = held(i, beat);
            if i > 0 && at_home(e.lit) {
                home.push(i as u16);
            }
        }
        let mut j = 1;
        while j < entries.len() && entries.len() < CAPACITY {
            let lit = entries[j].lit;
            let base = entries[j].distance;
            j += 1;
            let Source {
                start,
                end,
                via,
                flag,
            } = direct.of[lit.index()];
            if start == end {
                continue;
            }
            for &(e_lit, e_distance) in &direct.direct[start as usize..end as usize] {
                let distance = base + e_distance;
                let i = e_lit.index();
                let slot = slots[i];
                if slot != 0 {
                    if slot & 0xFFFF > u32::from(distance) {
                        let at = (slot >> 16) as usize - 1;
                        let old = &mut entries[at];
                        old.via = via;
                        old.flags = EXPANDED | flag;
                        old.distance = distance;
                        slots[i] = slot & !0xFFFF | u32::from(distance);
                    }
                } else if entries.len() < CAPACITY {
                    slots[i] = held(entries.len(), u32::from(distance));
                    if at_home(e_lit) {
                        home.push(entries.len() as u16);
                    }
                    entries.push(Entry {
                        lit: e_lit,
                        via,
                        flags: EXPANDED | flag,
                        distance,
                    });
                } else {
                    // A full table marks its last entry instead, as
                    // HoDoKu's does.
                    let at = entries.len() - 1;
                    let last = &mut entries[at];
                    last.flags |= EXPANDED | flag;
                    last.distance = distance;
                    slots[last.lit.index()] = held(at, u32::from(distance));
                }
            }
        }
        for e in &entries {
            slots[e.lit.index()] = 0;
        }
        dest.entries = entries;
        dest.home = home;
        dest.sealed = true;
    }

    /// The chain from the premise of table `premise` to its entry at
    /// `index`, premise first, and the squares of all its nodes but the
    /// last; `None` where the tables do not lead back.
    pub fn chain(&self, premise: Lit, index: usize) -> Option<(Vec<Lit>, u128)> {
        // Room for most chains at once.
        let mut chain = Vec::with_capacity(32);
        let mut cells = 0u128;
        self.walk_back(premise, index, |lit, first| {
            if !first {
                cells |= self.cells_mask(lit);
            }
            chain.push(lit);
        })?;
        chain.reverse();
        Some((chain, cells))
    }

    /// How many literals [`Tables::chain`] gives, without writing them
    /// out.
    pub fn chain_length(&self, premise: Lit, index: usize) -> Option<usize> {
        let mut length = 0;
        self.walk_back(premise, index, |_, _| length += 1)?;
        Some(length)
    }

    /// Walks the chain of [`Tables::chain`] end first, handing `each`
    /// every literal (and whether it is the end); `None` where it does
    /// not lead back.
    fn walk_back(&self, premise: Lit, index: usize, mut each: impl FnMut(Lit, bool)) -> Option<()> {
        let org = self.table(premise);
        each(org.entries[index].lit, true);
        let (mut at, mut count) = (index, 1);
        while at != 0 && count < CAPACITY {
            let e = org.entries[at];
            let back = if e.flags & EXPANDED != 0 {
                let src = self.table(self.resolve(e.via, e.flags)?);
                // An entry comes through a table's premise and direct
                // implications only, which expansion leaves first and alone
                // (and adds no literal twice): a short look from their end
                // finds it where `position` would, without an index.
                let direct = match src.direct {
                    0 => &src.entries[..],
                    n => &src.entries[..usize::from(n)],
                };
                let k = direct.iter().rposition(|x| x.lit == e.lit)?;
                if src.entries[k].flags & EXPANDED != 0 {
                    return None;
                }
                src.entries[0].lit
            } else {
                org.entries[0].lit
            };
            each(back, false);
            count += 1;
            at = if back == org.entries[0].lit {
                0
            } else {
                org.position(back)?
            };
        }
        Some(())
    }
}

mod cache;
mod reach;
#[cfg(test)]
mod tests;

pub use cache::Cache;
