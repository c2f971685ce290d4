//! Forcing chains and nets (contradiction and verity) as HoDoKu 2.2.0
//! finds them, on its implication tables with groups ([`Tables`]): a
//! chain's tables, or a net's, which look further ahead
//! ([`forcing_nets`](crate::logic::hodoku::forcing_nets)); on a net's,
//! the steps found without a branch are left out.
//!
//! What follows from each premise (a digit set in a square, or ruled out)
//! is summed up per digit: the squares where it is set, where it is ruled
//! out. HoDoKu then looks, in this order:
//!
//! - each premise in turn (square by square, digit by digit, set before
//!   ruled out) for a contradiction, which proves the premise false: it
//!   leads to its own opposite; to a digit both set and ruled out in one
//!   square; to two digits set in one square; to a digit set twice in a
//!   row, column or box (rows, then columns, then boxes); to a square left
//!   without digits; to a digit ruled out of all of a row, column or box
//!   (those squares of it where no placed digit forbids it);
//! - each square's two premises for one digit (set, ruled out) for a
//!   common outcome (a verity), digit by digit, set ones first;
//! - then the digits of each square, and each digit's squares in each row,
//!   column and box, all set in turn, for a common outcome.
//!
//! Of the steps with the same outcome and kind it keeps the first found,
//! unless a later one has fewer nodes in all its chains. It then sorts them
//! (placements first, by square; removals by square and digit; equal ones
//! by length) with a comparison that calls two different placements in one
//! square "greater" both ways, so the order is the one Java's sort gives:
//! [`java_sort`]. When a contradiction lies in the premise itself, HoDoKu
//! names the square left in its scratch set by the check before (in
//! practice the first square of box 9 where digit 9 may stand); sudokit
//! names the same.
//!
//! The searches find hundreds of steps and take one, so a step's chains
//! are weighed (their length found and, on a net's tables, whether they
//! branch) only where the step taken depends on it. The facts are
//! HoDoKu's; the code is sudokit's own.

use std::cmp::Ordering;
use std::rc::Rc;

use crate::logic::hodoku::board::{
    digits, peers_mask, squares_of, units_holding, Board, UNIT_MASKS,
};
use crate::logic::hodoku::forcing_nets::{
    net_line, net_shape, net_tables_with, LineRoom, Shape, Traced,
};
use crate::logic::hodoku::java_sort;
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::notation;
use crate::logic::hodoku::table::Kind;
use crate::logic::hodoku::tabling::{self, Lit, Tables};

/// Where a contradiction lies: a square, or a unit (HoDoKu's numbering:
/// rows 0-8, columns 9-17, boxes 18-26).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entity {
    Cell(usize),
    Unit(usize),
}

/// One step found. Its chains are written out only for the step taken:
/// a search finds hundreds of steps and takes one, and their lengths and
/// branches are all it needs of the others.
#[derive(Clone, Debug)]
struct Found {
    verity: bool,
    entity: Entity,
    /// The digit placed (`on`) or removed, in its square.
    effect: (usize, u8, bool),
    /// Where its chains' ends are in [`Search::ends`]: each a premise and
    /// the place in the premise's table of what it leads to.
    ends: (u32, u32),
    /// How long HoDoKu counts its chains together.
    length: usize,
}

/// A step as a check finds it, before its chains are weighed: weighing
/// them (their length, and on a net's tables whether they branch) is
/// most of a search's cost, and only the steps that can come first need
/// it (see [`Search::first`]).
#[derive(Clone, Copy, Debug)]
struct Raw {
    verity: bool,
    entity: Entity,
    effect: (usize, u8, bool),
    /// Where its chains are in [`Search::asked`]: each a premise and the
    /// outcome it leads to.
    chains: (u32, u32),
}

/// A line asked for, in a word (a search keeps one for every entry of
/// the tables it reads from, and clears them by the table): 0 not yet
/// read, 1 read where the tables do not lead back, otherwise 2 more than
/// its [`Shape`] packed as the length and a bit for the branches.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Read(u32);

impl Read {
    const UNREAD: Read = Read(0);

    fn of(shape: Option<Shape>) -> Read {
        Read(shape.map_or(1, |s| 2 + ((s.length as u32) << 1 | u32::from(s.branches))))
    }

    /// The shape read, if the line was read.
    fn shape(self) -> Option<Option<Shape>> {
        match self.0 {
            0 => None,
            1 => Some(None),
            n => Some(Some(Shape {
                length: ((n - 2) >> 1) as usize,
                branches: (n - 2) & 1 != 0,
            })),
        }
    }
}

/// What each premise implies, per digit: squares set, squares ruled out.
#[derive(Clone, Copy, Default)]
struct Sets {
    on: [u128; 10],
    off: [u128; 10],
}

struct Search<'a> {
    board: &'a Board,
    /// True on a net's tables (see [`forcing_nets`](crate::logic::hodoku::forcing_nets)).
    net: bool,
    tables: Rc<Tables>,
    sets: Vec<Sets>,
    /// The squares holding each digit.
    cands: [u128; 10],
    /// The empty squares where no placed digit forbids each digit.
    allowed: [u128; 10],
    /// The units holding such squares, for each digit (see
    /// [`units_holding`]).
    allowed_units: [u32; 10],
    placed: u128,
    /// The steps the checks found, in HoDoKu's order of finding them.
    raw: Vec<Raw>,
    /// Those of `raw` weighed so far, by place.
    weighed: Vec<Option<(Found, bool)>>,
    /// The chains of `raw`'s steps, one step's after the other's.
    asked: Vec<(Lit, (usize, u8, bool))>,
    /// The ends of the steps' chains, one step's after the other's.
    ends: Vec<(Lit, u32)>,
    /// The lines weighed so far, by premise and entry (the same ones are
    /// asked for again and again).
    lines: Vec<Vec<Read>>,
    /// The room a net's lines are read back in.
    room: LineRoom,
    /// HoDoKu's scratch set, as its last check left it, and its first
    /// square when last read.
    scratch: u128,
    scratch_first: usize,
}

fn unit_mask(u: usize) -> u128 {
    UNIT_MASKS[u]
}

impl<'a> Search<'a> {
    fn new(board: &'a Board, net: bool, tables: Rc<Tables>, cache: &mut Cache) -> Search<'a> {
        let sets = std::mem::take(&mut cache.sets);
        // The lines' room, emptied by the last search that used it.
        let mut lines = std::mem::take(&mut cache.lines);
        let mut ends = std::mem::take(&mut cache.ends);
        ends.clear();
        lines.resize_with(SLOTS, Vec::new);
        // Only the slots of a square's digits are filled (and read).
        let mut sets = sets;
        sets.resize(SLOTS, Sets::default());
        for s in (0..81).filter(|&s| board.value(s) == 0) {
            for d in digits(board.cands(s)) {
                for on in [true, false] {
                    let lit = Lit::cell(s, d, on);
                    let slot = &mut sets[slot(s, d, on)];
                    *slot = Sets::default();
                    for e in &tables.table(lit).entries {
                        if e.lit.is_group() {
                            continue;
                        }
                        let (t, e_d) = (tables.first_cell(e.lit), tables.digit(e.lit));
                        match e.lit.on() {
                            true => slot.on[usize::from(e_d)] |= 1u128 << t,
                            false => slot.off[usize::from(e_d)] |= 1u128 << t,
                        }
                    }
                }
            }
        }
        let mut cands = [0u128; 10];
        let mut allowed = [0u128; 10];
        let mut placed = 0u128;
        let mut placed_digit = [0u128; 10];
        for s in 0..81 {
            let v = board.value(s);
            if v != 0 {
                placed |= 1u128 << s;
                placed_digit[usize::from(v)] |= 1u128 << s;
            }
        }
        for s in (0..81).filter(|&s| board.value(s) == 0) {
            for d in 1..=9u8 {
                if board.has(s, d) {
                    cands[usize::from(d)] |= 1u128 << s;
                }
                if peers_mask(s) & placed_digit[usize::from(d)] == 0 {
                    allowed[usize::from(d)] |= 1u128 << s;
                }
            }
        }
        Search {
            board,
            net,
            tables,
            sets,
            cands,
            allowed,
            allowed_units: allowed.map(units_holding),
            placed,
            raw: Vec::new(),
            weighed: Vec::new(),
            asked: Vec::new(),
            ends,
            lines,
            room: std::mem::take(&mut cache.room),
            scratch: 0,
            scratch_first: 0,
        }
    }

    /// The square, digit and state of a square's literal.
    fn index(&self, lit: Lit) -> (usize, u8, bool) {
        (
            self.tables.first_cell(lit),
            self.tables.digit(lit),
            lit.on(),
        )
    }

    fn empty(&self, premise: Lit) -> bool {
        self.tables.table(premise).entries.is_empty()
    }

    /// The shape of the chain from `premise` to digit `d` set (`on`) or
    /// ruled out in `s`, with its place in the premise's table, if the
    /// table holds it.
    fn chain(&mut self, premise: Lit, s: usize, d: u8, on: bool) -> Option<(usize, Shape)> {
        let table = self.tables.table(premise);
        let at = table.position(Lit::cell(s, d, on))?;
        let (p, e, o) = self.index(premise);
        let known = &mut self.lines[slot(p, e, o)];
        if known.is_empty() {
            known.resize(table.len(), Read::UNREAD);
        }
        if let Some(shape) = known[at].shape() {
            return shape.map(|shape| (at, shape));
        }
        let shape = match self.net {
            true => Some(net_shape(&self.tables, premise, at, &mut self.room)),
            false => self.tables.chain_length(premise, at).map(|length| Shape {
                length,
                branches: false,
            }),
        };
        self.lines[slot(p, e, o)][at] = Read::of(shape);
        shape.map(|shape| (at, shape))
    }

    /// Step `raw` with its chains weighed (those the tables hold, in
    /// order), and whether they branch.
    fn weigh(&mut self, raw: Raw) -> (Found, bool) {
        let start = self.ends.len() as u32;
        let (mut length, mut branches) = (0, false);
        for k in raw.chains.0..raw.chains.1 {
            let (premise, (s, d, on)) = self.asked[k as usize];
            if let Some((at, shape)) = self.chain(premise, s, d, on) {
                self.ends.push((premise, at as u32));
                length += shape.length;
                branches |= shape.branches;
            }
        }
        let f = Found {
            verity: raw.verity,
            entity: raw.entity,
            effect: raw.effect,
            ends: (start, self.ends.len() as u32),
            length,
        };
        (f, branches)
    }

    /// Notes a step found, its chains from each premise to its end in
    /// `chains`, to be weighed when asked for.
    fn note(
        &mut self,
        verity: bool,
        entity: Entity,
        effect: (usize, u8, bool),
        chains: impl Iterator<Item = (Lit, (usize, u8, bool))>,
    ) {
        let start = self.asked.len() as u32;
        self.asked.extend(chains);
        self.raw.push(Raw {
            verity,
            entity,
            effect,
            chains: (start, self.asked.len() as u32),
        });
    }

    /// The lines of step `f`'s chains, written out.
    fn lines_of(&self, f: &Found) -> Vec<Vec<Traced>> {
        let (from, to) = f.ends;
        self.ends[from as usize..to as usize]
            .iter()
            .map(|&(premise, at)| match self.net {
                true => net_line(&self.tables, premise, at as usize),
                false => self
                    .tables
                    .chain(premise, at as usize)
                    .map(|(c, _)| c.into_iter().map(|lit| (lit, 0)).collect())
                    .unwrap_or_default(),
            })
            .collect()
    }

    /// Step `raw[i]` weighed, once.
    fn weighed(&mut self, i: usize) -> &(Found, bool) {
        if self.weighed.len() < self.raw.len() {
            self.weighed.resize(self.raw.len(), None);
        }
        if self.weighed[i].is_none() {
            let w = self.weigh(self.raw[i]);
            self.weighed[i] = Some(w);
        }
        self.weighed[i].as_ref().expect("weighed above")
    }

    fn length(&mut self, i: usize) -> usize {
        self.weighed(i).0.length
    }

    /// Takes step `raw[i]` into `items` (places in `raw`) as HoDoKu keeps
    /// steps, `at` being the place in `items` of the step of its kind
    /// and outcome kept so far: it keeps the first found, with the chains
    /// of a later one when they are shorter; on a net's tables, a step
    /// whose lines do not branch is no net and is left out. True when
    /// the step is added as a new one.
    fn keep(&mut self, items: &mut Vec<usize>, at: Option<usize>, i: usize) -> bool {
        if self.net && !self.weighed(i).1 {
            return false;
        }
        match at {
            None => {
                items.push(i);
                true
            }
            Some(at) => {
                if self.length(items[at]) > self.length(i) {
                    items[at] = i;
                }
                false
            }
        }
    }

    /// The steps HoDoKu keeps ([`Search::keep`]), in its order, by their
    /// places in `raw`. Chains are weighed only where keeping or
    /// [`compare`] asks for their length (on a net's tables, every
    /// step's, to know whether it branches).
    fn sorted(&mut self) -> Vec<usize> {
        let mut kept = vec![u32::MAX; 2 * SLOTS];
        let mut items: Vec<usize> = Vec::new();
        for i in 0..self.raw.len() {
            let r = self.raw[i];
            let slot = kept_slot(r.verity, r.effect);
            let at = (kept[slot] != u32::MAX).then_some(kept[slot] as usize);
            if self.keep(&mut items, at, i) {
                kept[slot] = (items.len() - 1) as u32;
            }
        }
        java_sort::sort(&mut items, |&a, &b| {
            let (ra, rb) = (self.raw[a], self.raw[b]);
            compare((ra.verity, ra.effect), (rb.verity, rb.effect), || {
                self.length(a).cmp(&self.length(b))
            })
        });
        items
    }

    /// Every step HoDoKu keeps, weighed, in its order.
    fn all_sorted(&mut self) -> Vec<Found> {
        let items = self.sorted();
        items
            .into_iter()
            .map(|i| self.weighed(i).0.clone())
            .collect()
    }

    /// The first of [`Search::all_sorted`], weighing only the steps that
    /// can come first.
    ///
    /// [`compare`] weighs two steps' chains only when their outcomes are
    /// of one [`rank`]; steps of a lower rank come before all others, in
    /// every comparison. So, rank by rank from the lowest, the steps of
    /// one rank are weighed and kept, and the first rank that keeps one
    /// holds the first step: among them, [`compare`] is consistent unless
    /// the rank's placements are both of a contradiction and of a verity,
    /// and a stable sort puts first the earliest found of the shortest.
    /// Java's sort keeps to that order for steps that come before every
    /// other in each comparison; where the rank itself is not consistent,
    /// the whole order is made as [`Search::sorted`] makes it.
    fn first(&mut self) -> Option<Found> {
        let mut order: Vec<(usize, usize)> = (self.raw.iter().enumerate())
            .map(|(i, r)| (rank(r.effect), i))
            .collect();
        order.sort_unstable();
        for same in order.chunk_by(|a, b| a.0 == b.0) {
            let mut items: Vec<usize> = Vec::new();
            for &(_, i) in same {
                let outcome = |k: usize| (self.raw[k].verity, self.raw[k].effect);
                let at = items.iter().position(|&k| outcome(k) == outcome(i));
                self.keep(&mut items, at, i);
            }
            let placed = same[0].0 < 81;
            let verity = |k: &usize| self.raw[*k].verity;
            if placed && items.iter().any(verity) && !items.iter().all(verity) {
                let first = *self.sorted().first()?;
                return Some(self.weighed(first).0.clone());
            }
            // The earliest found of the shortest (`min_by_key` gives the
            // first of equal ones).
            if let Some(k) = items.iter().copied().min_by_key(|&k| self.length(k)) {
                return Some(self.weighed(k).0.clone());
            }
        }
        None
    }

    /// The scratch set's first square when HoDoKu reads it.
    fn read_scratch(&mut self) -> usize {
        if self.scratch != 0 {
            self.scratch_first = self.scratch.trailing_zeros() as usize;
        }
        self.scratch_first
    }

    fn set_scratch(&mut self, mask: u128, read: bool) {
        self.scratch = mask;
        if read {
            self.read_scratch();
        }
    }

    fn contradiction(&mut self, premise: Lit, entity: Entity, ends: &[(usize, u8, bool)]) {
        let (s, d, on) = self.index(premise);
        let chains = ends.iter().map(|&end| (premise, end));
        self.note(false, entity, (s, d, !on), chains);
    }

    /// HoDoKu's checks of what `premise` implies for a contradiction,
    /// passing over at once a premise where none can find one.
    fn check_one(&mut self, premise: Lit) {
        if self.empty(premise) {
            return;
        }
        let (s0, d0, on0) = self.index(premise);
        let sets = self.sets[slot(s0, d0, on0)];
        let own = match on0 {
            true => sets.off[usize::from(d0)],
            false => sets.on[usize::from(d0)],
        };
        if own & (1u128 << s0) == 0 && self.finds_nothing(&sets) {
            self.pass_over(&sets);
            return;
        }
        self.check_every_way(premise);
    }

    /// HoDoKu's checks of a premise one by one, in its order, each
    /// reading and leaving its scratch set as HoDoKu's does.
    fn check_every_way(&mut self, premise: Lit) {
        let (s0, d0, on0) = self.index(premise);
        let sets = self.sets[slot(s0, d0, on0)];
        let own = match on0 {
            true => sets.off[usize::from(d0)],
            false => sets.on[usize::from(d0)],
        };
        if own & (1u128 << s0) != 0 {
            let at = self.read_scratch();
            self.contradiction(premise, Entity::Cell(at), &[(s0, d0, !on0)]);
        }
        for i in 0..10usize {
            let both = sets.on[i] & sets.off[i];
            self.set_scratch(both, both != 0);
            if both != 0 {
                let c = both.trailing_zeros() as usize;
                let d = i as u8;
                self.contradiction(premise, Entity::Cell(c), &[(c, d, false), (c, d, true)]);
            }
        }
        for i in 1..10usize {
            for j in i + 1..10 {
                let both = sets.on[i] & sets.on[j];
                self.set_scratch(both, both != 0);
                if both != 0 {
                    let c = both.trailing_zeros() as usize;
                    let ends = [(c, i as u8, true), (c, j as u8, true)];
                    self.contradiction(premise, Entity::Cell(c), &ends);
                }
            }
        }
        // The scratch set these checks leave empty is set again below
        // before it is read: they are passed over.
        for units in [0..9usize, 9..18, 18..27] {
            for i in (1..10usize).filter(|&i| sets.on[i] != 0) {
                for u in units.clone() {
                    let twice = unit_mask(u) & sets.on[i];
                    if twice != 0 {
                        self.set_scratch(twice, true);
                    }
                    if twice.count_ones() > 1 {
                        let ends: Vec<_> = squares_of(twice).map(|c| (c, i as u8, true)).collect();
                        self.contradiction(premise, Entity::Unit(u), &ends);
                    }
                }
            }
        }
        let mut bare = (1u128 << 81) - 1;
        for i in 1..10usize {
            bare &= sets.off[i] | !self.cands[i];
        }
        for i in 0..10usize {
            bare &= !sets.on[i];
        }
        bare &= !self.placed;
        self.set_scratch(bare, bare != 0);
        for c in squares_of(bare) {
            let ends: Vec<_> = (1..=9u8)
                .filter(|&d| self.board.has(c, d))
                .map(|d| (c, d, false))
                .collect();
            self.contradiction(premise, Entity::Cell(c), &ends);
        }
        // A unit emptied of a digit has a place of it ruled out; the
        // scratch set is read only where one is, and left at the end as
        // the last of these checks leaves it.
        for units in [0..9usize, 9..18, 18..27] {
            let allowed = self.allowed;
            for i in (1..10usize).filter(|&i| allowed[i] & sets.off[i] != 0) {
                for u in units.clone() {
                    let places = unit_mask(u) & self.allowed[i];
                    let gone = places != 0 && places & sets.off[i] == places;
                    if gone {
                        self.set_scratch(places, true);
                        let ends: Vec<_> =
                            squares_of(places).map(|c| (c, i as u8, false)).collect();
                        self.contradiction(premise, Entity::Unit(u), &ends);
                    }
                }
            }
        }
        self.scratch = unit_mask(26) & self.allowed[9];
    }

    /// True when none of the checks of [`Search::check_one`] after its
    /// first can find a contradiction in a premise's `sets`: no digit
    /// both set and ruled out in a square, no square given two digits,
    /// no unit given a digit twice, no square left without a digit, no
    /// unit left without a place for a digit. The same tests, without
    /// going unit by unit where a square's peers tell (most premises
    /// lead to no contradiction).
    fn finds_nothing(&self, sets: &Sets) -> bool {
        if sets.on[0] & sets.off[0] != 0 {
            return false;
        }
        // The squares given a digit so far, 1 to 9.
        let mut given = 0u128;
        for i in 1..10usize {
            let on = sets.on[i];
            if on & sets.off[i] != 0 || on & given != 0 {
                return false;
            }
            given |= on;
            if on & on.wrapping_sub(1) != 0 {
                // Two squares given the digit in one unit: they see each
                // other.
                if squares_of(on).any(|c| peers_mask(c) & on != 0) {
                    return false;
                }
            }
        }
        let mut bare = (1u128 << 81) - 1;
        for i in 1..10usize {
            bare &= sets.off[i] | !self.cands[i];
        }
        if bare & !given & !sets.on[0] & !self.placed != 0 {
            return false;
        }
        for i in 1..10usize {
            let (allowed, off) = (self.allowed[i], sets.off[i]);
            if allowed & off == 0 {
                continue;
            }
            // A unit is emptied where it holds places of the digit and
            // none is left.
            if self.allowed_units[i] & !units_holding(allowed & !off) != 0 {
                return false;
            }
        }
        true
    }

    /// Leaves HoDoKu's scratch set as [`Search::check_one`] leaves it on
    /// a premise that [`Search::finds_nothing`]: read last in the check
    /// of units given a digit twice, at the highest digit set and the
    /// last box holding it, then set to the last box's places of 9.
    fn pass_over(&mut self, sets: &Sets) {
        if let Some(on) = (1..10usize).rev().map(|i| sets.on[i]).find(|&on| on != 0) {
            let last_box = (18..27).rev().map(|u| unit_mask(u) & on).find(|&m| m != 0);
            self.set_scratch(last_box.expect("a square is in a box"), true);
        }
        self.scratch = unit_mask(26) & self.allowed[9];
    }

    fn verity(&mut self, premises: &[Lit], effect: (usize, u8, bool)) {
        // One chain from each premise to the effect.
        let chains = premises.iter().map(|&p| (p, effect));
        self.note(true, Entity::Cell(effect.0), effect, chains);
    }

    fn check_two(&mut self, s: usize, d: u8) {
        let (on, off) = (Lit::cell(s, d, true), Lit::cell(s, d, false));
        if self.empty(on) || self.empty(off) {
            return;
        }
        let (a, b) = (self.sets[slot(s, d, true)], self.sets[slot(s, d, false)]);
        for state in [true, false] {
            for i in 1..10usize {
                let both = match state {
                    true => a.on[i] & b.on[i],
                    false => a.off[i] & b.off[i],
                } & !(1u128 << s);
                for c in squares_of(both) {
                    self.verity(&[on, off], (c, i as u8, state));
                }
            }
        }
    }

    fn check_list(&mut self, premises: &[Lit]) {
        let (mut on, mut off) = ([!0u128; 10], [!0u128; 10]);
        for &p in premises {
            let (s, d, o) = self.index(p);
            let sets = self.sets[slot(s, d, o)];
            for j in 1..10 {
                on[j] &= sets.on[j];
                off[j] &= sets.off[j];
            }
        }
        for j in 1..10usize {
            for c in squares_of(on[j]) {
                self.verity(premises, (c, j as u8, true));
            }
            for c in squares_of(off[j]) {
                self.verity(premises, (c, j as u8, false));
            }
        }
    }

    fn run(&mut self) {
        for s in 0..81 {
            for d in 1..=9u8 {
                self.check_one(Lit::cell(s, d, true));
                self.check_one(Lit::cell(s, d, false));
            }
        }
        for s in 0..81 {
            for d in 1..=9u8 {
                self.check_two(s, d);
            }
        }
        for s in (0..81).filter(|&s| self.board.value(s) == 0) {
            let list: Vec<Lit> = (1..=9u8)
                .filter(|&d| self.board.has(s, d))
                .map(|d| Lit::cell(s, d, true))
                .collect();
            self.check_list(&list);
        }
        for u in 0..27 {
            for d in 1..=9u8 {
                let places = unit_mask(u) & self.cands[usize::from(d)];
                if places != 0 {
                    let list: Vec<Lit> =
                        squares_of(places).map(|s| Lit::cell(s, d, true)).collect();
                    self.check_list(&list);
                }
            }
        }
    }

    fn to_move(&self, f: &Found) -> Move {
        let mut m = Move::new(match self.net {
            true => Kind::ForcingNet,
            false => Kind::ForcingChain,
        });
        let (s, d, on) = f.effect;
        match on {
            true => m.places.push((s, d)),
            false => m.deletes.push((s, d)),
        }
        m.digits.push(d);
        m.cells.push(s);
        m.forcing = Some(match (f.verity, f.entity) {
            (true, _) => "Verity".to_string(),
            (false, Entity::Cell(c)) => format!("Contradiction in {}", notation::square(c)),
            (false, Entity::Unit(u)) => format!("Contradiction in {}", notation::unit(u)),
        });
        let lines = self.lines_of(f);
        m.nets = lines
            .iter()
            .map(|chain| {
                chain
                    .iter()
                    .map(|&(lit, _)| self.tables.node(lit))
                    .collect()
            })
            .collect();
        if self.net {
            m.branches = lines
                .iter()
                .map(|chain| chain.iter().map(|&(_, b)| b).collect())
                .collect();
        }
        m.chain = m.nets.first().cloned().unwrap_or_default();
        m
    }
}

fn slot(s: usize, d: u8, on: bool) -> usize {
    (s * 9 + usize::from(d) - 1) * 2 + usize::from(on)
}

/// How many [`slot`]s there are.
const SLOTS: usize = 81 * 9 * 2;

/// The place of a step's kind and outcome among those kept.
fn kept_slot(verity: bool, (s, d, on): (usize, u8, bool)) -> usize {
    usize::from(verity) * SLOTS + slot(s, d, on)
}

/// Where a step's outcome stands in [`compare`]'s order before chains
/// are weighed: placements by square, then removals by square and digit.
fn rank((s, d, on): (usize, u8, bool)) -> usize {
    match on {
        true => s,
        false => 81 + s * 9 + usize::from(d) - 1,
    }
}

/// HoDoKu's order of forcing steps, by kind (a verity or not) and
/// outcome, then by the length of their chains (`by_length`, asked for
/// only when the outcomes are of one [`rank`]); not consistent (two
/// placements in one square that are not of one kind are each
/// "greater").
fn compare(
    (va, (sa, da, pa)): (bool, (usize, u8, bool)),
    (vb, (sb, db, pb)): (bool, (usize, u8, bool)),
    by_length: impl FnOnce() -> Ordering,
) -> Ordering {
    match (pa, pb) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (true, true) => {
            if va != vb || sa != sb {
                match sa.cmp(&sb) {
                    Ordering::Equal => Ordering::Greater,
                    o => o,
                }
            } else {
                by_length()
            }
        }
        (false, false) => {
            let (ka, kb) = (sa * 10 + usize::from(da), sb * 10 + usize::from(db));
            if va != vb || ka != kb {
                match ka.cmp(&kb) {
                    Ordering::Equal => {}
                    o => return o,
                }
            }
            by_length()
        }
    }
}

/// What the forcing searches keep from one to the next, in a value the
/// caller owns and passes down: the room of the last search's sums and
/// of the lines it read. A fresh one gives the same steps, only slower.
#[derive(Default)]
pub struct Cache {
    sets: Vec<Sets>,
    /// Emptied, each keeping its room.
    lines: Vec<Vec<Read>>,
    ends: Vec<(Lit, u32)>,
    room: LineRoom,
}

/// Every forcing chain in `board`, sorted as HoDoKu sorts them (the first
/// is the one its solver takes).
pub fn all_forcing_chains(board: &Board) -> Vec<Move> {
    all_with(board, false, &mut Default::default(), &mut Cache::default())
}

/// Every forcing net in `board`, sorted as HoDoKu sorts them (the first
/// is the one its solver takes).
pub fn all_forcing_nets(board: &Board) -> Vec<Move> {
    all_with(board, true, &mut Default::default(), &mut Cache::default())
}

/// The forcing chain HoDoKu's solver takes in `board`: the first of
/// [`all_forcing_chains`], without writing out the others.
pub fn first_forcing_chain(board: &Board) -> Option<Move> {
    first_with(board, false, &mut Default::default(), &mut Cache::default())
}

/// The forcing net HoDoKu's solver takes in `board`: the first of
/// [`all_forcing_nets`], without writing out the others.
pub fn first_forcing_net(board: &Board) -> Option<Move> {
    first_with(board, true, &mut Default::default(), &mut Cache::default())
}

/// [`all_forcing_chains`] (or with `net`, [`all_forcing_nets`]) on the
/// tables `tables` keeps or in their room, with the room `cache` keeps.
pub fn all_with(
    board: &Board,
    net: bool,
    tables: &mut tabling::Cache,
    cache: &mut Cache,
) -> Vec<Move> {
    let mut search = searched(board, net, tables, cache);
    let found = search.all_sorted();
    let moves = found.iter().map(|f| search.to_move(f)).collect();
    search.give_back(tables, cache);
    moves
}

/// [`first_forcing_chain`] (or with `net`, [`first_forcing_net`]) on the
/// tables `tables` keeps or in their room, with the room `cache` keeps.
pub fn first_with(
    board: &Board,
    net: bool,
    tables: &mut tabling::Cache,
    cache: &mut Cache,
) -> Option<Move> {
    let mut search = searched(board, net, tables, cache);
    let first = search.first().map(|f| search.to_move(&f));
    search.give_back(tables, cache);
    first
}

/// The search of `board` run: its steps found, none yet weighed.
fn searched<'a>(
    board: &'a Board,
    net: bool,
    tables: &mut tabling::Cache,
    cache: &mut Cache,
) -> Search<'a> {
    let made = match net {
        true => Rc::new(net_tables_with(board, tables)),
        false => tables.grouped(board),
    };
    let mut search = Search::new(board, net, made, cache);
    search.run();
    search
}

impl Search<'_> {
    /// Keeps the room of the sums, and of a net's tables, for the next
    /// search.
    fn give_back(self, tables: &mut tabling::Cache, cache: &mut Cache) {
        cache.sets = self.sets;
        let mut lines = self.lines;
        for known in &mut lines {
            known.clear();
        }
        cache.lines = lines;
        cache.ends = self.ends;
        cache.room = self.room;
        tables.give_back_shared(self.tables);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::moves::forcing_line;
    use crate::logic::hodoku::path::{next_move, Config};
    use crate::logic::hodoku::search::implemented;

    /// The first forcing chain of `puzzle`'s path (the step types without
    /// a finder switched off), with the lines under it.
    fn first_forcing(puzzle: &str) -> (String, Vec<String>) {
        let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
        let mut board = Board::from_puzzle(&grid);
        let mut config = Config::default();
        for &k in Kind::ALL.iter().filter(|&&k| !implemented(k)) {
            config.set(k.short(), false).unwrap();
        }
        loop {
            let m = next_move(&mut board, &config).unwrap().unwrap();
            if m.kind == Kind::ForcingChain {
                let nets = m.nets.iter().map(|c| forcing_line(c)).collect();
                return (m.line(), nets);
            }
            m.apply(&mut board);
        }
    }

    /// Calls `at` at every `every`th position of the first `steps` of
    /// three hard puzzles' paths (the step types without a finder
    /// switched off).
    fn along_paths(every: usize, steps: usize, mut at: impl FnMut(&Board)) {
        let puzzles = [
            ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
        ];
        let mut config = Config::default();
        for &k in Kind::ALL.iter().filter(|&&k| !implemented(k)) {
            config.set(k.short(), false).unwrap();
        }
        for puzzle in puzzles {
            let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
            let mut board = Board::from_puzzle(&grid);
            for step in 0..steps {
                if step % every == 0 {
                    at(&board);
                }
                match next_move(&mut board, &config).unwrap() {
                    Some(m) => m.apply(&mut board),
                    None => break,
                }
            }
        }
    }

    /// What a step says and does, in words.
    fn said(m: &Move) -> String {
        format!(
            "{} {:?} {:?} {:?}",
            m.line(),
            m.lines_under(),
            m.deletes,
            m.places
        )
    }

    #[test]
    fn a_line_read_keeps_its_shape_in_a_word() {
        assert_eq!(Read::UNREAD.shape(), None);
        assert_eq!(Read::of(None).shape(), Some(None));
        for length in [0, 1, 2, 3, 17, 999, 5_000, 100_000] {
            for branches in [false, true] {
                let shape = Shape { length, branches };
                assert_eq!(Read::of(Some(shape)).shape(), Some(Some(shape)));
            }
        }
    }

    #[test]
    fn the_step_the_solver_takes_is_the_first_of_all_found() {
        let grid = crate::parse_grid(
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
            crate::ParseOptions::default(),
        )
        .unwrap();
        let board = Board::from_puzzle(&grid);
        for (first, all) in [
            (first_forcing_chain(&board), all_forcing_chains(&board)),
            (first_forcing_net(&board), all_forcing_nets(&board)),
        ] {
            assert!(all.len() > 1);
            assert_eq!(first.as_ref().map(said), all.first().map(said));
        }
    }

    #[test]
    fn the_first_step_weighed_alone_is_the_first_of_all_sorted() {
        // Positions whose first step is a placement in a square where
        // the other kind (a verity, or a contradiction) also places a
        // digit: the order is not consistent there, and the whole of it
        // is made.
        let (mut compared, mut mixed) = (0, 0);
        along_paths(3, 60, |board| {
            for net in [false, true] {
                let first = first_with(board, net, &mut Default::default(), &mut Cache::default());
                let all = all_with(board, net, &mut Default::default(), &mut Cache::default());
                assert_eq!(first.as_ref().map(said), all.first().map(said));
                compared += usize::from(first.is_some());
                let verity = |m: &Move| m.forcing.as_deref() == Some("Verity");
                if let Some(f) = all.first().filter(|f| !f.places.is_empty()) {
                    let square = f.places[0].0;
                    mixed += usize::from(all.iter().any(|m| {
                        m.places.first().is_some_and(|p| p.0 == square) && verity(m) != verity(f)
                    }));
                }
            }
        });
        assert!(
            compared > 100 && (40..compared - 20).contains(&mixed),
            "{compared} compared, {mixed} mixed"
        );
    }

    #[test]
    fn a_search_in_the_room_of_an_earlier_one_finds_what_a_new_one_finds() {
        let board = |puzzle: &str| {
            let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
            Board::from_puzzle(&grid)
        };
        let a = board(
            ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
        );
        let b = board(
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
        );
        let (mut tables, mut cache) = (tabling::Cache::default(), Cache::default());
        let mut lines_with = |board: &Board| -> Vec<(String, Vec<String>)> {
            all_with(board, false, &mut tables, &mut cache)
                .into_iter()
                .chain(all_with(board, true, &mut tables, &mut cache))
                .map(|m| (m.line(), m.lines_under()))
                .collect()
        };
        lines_with(&a);
        let again = lines_with(&b);
        let new: Vec<(String, Vec<String>)> = all_forcing_chains(&b)
            .into_iter()
            .chain(all_forcing_nets(&b))
            .map(|m| (m.line(), m.lines_under()))
            .collect();
        assert!(!again.is_empty());
        assert_eq!(again, new);
    }

    #[test]
    fn each_kind_and_outcome_of_a_step_has_a_place_of_its_own() {
        let mut taken = vec![false; 2 * SLOTS];
        for verity in [false, true] {
            for s in 0..81 {
                for d in 1..=9u8 {
                    for on in [false, true] {
                        let at = kept_slot(verity, (s, d, on));
                        assert!(!std::mem::replace(&mut taken[at], true));
                    }
                }
            }
        }
        assert!(taken.iter().all(|&t| t));
    }

    #[test]
    fn premises_passed_over_at_once_are_those_every_check_passes_over() {
        let (mut passed, mut contradictions) = (0, 0);
        // Every fourth position along the paths, on a chain's tables and
        // a net's.
        along_paths(4, 40, |board| {
            for net in [false, true] {
                let tables = |b: &Board| match net {
                    true => Rc::new(crate::logic::hodoku::forcing_nets::net_tables(b)),
                    false => Rc::new(Tables::build(b, true)),
                };
                let mut fast = Search::new(board, net, tables(board), &mut Cache::default());
                let mut every = Search::new(board, net, tables(board), &mut Cache::default());
                for s in 0..81 {
                    for d in 1..=9u8 {
                        for on in [true, false] {
                            let premise = Lit::cell(s, d, on);
                            if fast.empty(premise) {
                                continue;
                            }
                            let before = fast.raw.len();
                            fast.check_one(premise);
                            every.check_every_way(premise);
                            assert_eq!(format!("{:?}", fast.raw), format!("{:?}", every.raw));
                            assert_eq!(
                                (fast.scratch, fast.scratch_first),
                                (every.scratch, every.scratch_first)
                            );
                            passed += usize::from(fast.raw.len() == before);
                            contradictions += usize::from(fast.raw.len() > before);
                        }
                    }
                }
            }
        });
        assert!(
            passed > 1000 && contradictions > 50,
            "{passed} passed over, {contradictions} with a step"
        );
    }

    #[test]
    fn a_premise_that_rules_a_digit_out_of_a_whole_row_is_false() {
        let (line, nets) = first_forcing(
            ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
        );
        assert_eq!(line, "Forcing Chain Contradiction in r6 => r4c5<>2");
        assert_eq!(
            nets,
            [
                "r4c5=2 r45c6<>2 r8c6=2 r8c3<>2 r89c1=2 r6c1<>2",
                "r4c5=2 r6c5<>2",
                "r4c5=2 r1c5<>2 r1c9=2 r6c9<>2",
            ]
        );
    }

    #[test]
    fn what_follows_from_every_place_of_a_digit_in_a_unit_is_a_verity() {
        let (line, nets) = first_forcing(
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
        );
        assert_eq!(line, "Forcing Chain Verity => r2c5=8");
        assert_eq!(
            nets,
            [
                "r1c2=1 r1c4<>1 r3c5=1 r3c5<>8 r2c5=8",
                "r5c2=1 r5c5<>1 r5c5=6 r2c5<>6 r2c5=8",
                "r8c2=1 r8c2<>7 r6c2=7 r6c5<>7 r6c5=6 r2c5<>6 r2c5=8",
            ]
        );
    }
}
