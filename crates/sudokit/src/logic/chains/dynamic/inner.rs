//! The simple rules Sudoku Explainer runs inside a dynamic forcing chain
//! from level 1 on ("Dynamic Forcing Chains (+)").
//!
//! When a chain's queues run dry, SE looks at the board the chain has
//! struck candidates from and tries four rules on it, in this order:
//! pointing and claiming, hidden pairs, naked pairs and X-wings. A rule
//! finding of use there must rely on something the chain struck out (its
//! *rule parents*); one that would have fired anyway adds nothing to the
//! chain and is left out. SE stops at the first rule that gives anything,
//! and the chain goes on with every removal that rule's hints make.
//!
//! A chain's length, and so its rating, depends on the order in which those
//! removals join it, so [`level_one_into`] gives them exactly as SE does: the
//! hints in each rule's own scan order, and within a hint the removals in
//! the iteration order of the Java `HashMap` SE keeps them in
//! ([`java_hash_map_order`]).
//!
//! What SE's rules look at, in SE's names (see `Locking.java`,
//! `HiddenSet.java`, `NakedSet.java`, `Fisherman.java` and their hint
//! classes, read for reference): a square holding a digit has no
//! candidates; every other square counts as empty, however few candidates
//! the chain has left it, even one or none.
//!
//! # Why it is fast
//!
//! A chain calls these rules at every dead end, tens of thousands of times
//! a puzzle, and most calls find nothing. Two things keep a call cheap:
//!
//! - **InnerRule parents first.** A rule parent is a candidate the chain struck
//!   out (each rule's formula asks for one the square had once and has no
//!   more, or names squares that cannot hold the digit now), and it lies
//!   where the hint looks: a pointing's first unit, a pair's unit or
//!   squares, an X-wing's base lines. So each call first gathers, for every
//!   unit, the digits struck from it and the squares they were struck from,
//!   and a unit, digit or pair with nothing struck where its parents would
//!   be is passed over before anything else is looked at. Only hints with
//!   no rule parent are passed over this way, and SE leaves those out; the
//!   others come in the same scan order as before (a test checks this
//!   against the full scan on random boards of every shape).
//! - **No allocation.** [`level_one_into`] writes the hints into an
//!   [`InnerHints`] whose buffers the next call reuses, and writes the texts
//!   only when asked (a rating never reads them).

use crate::logic::bits::{at_most_one, bits, subsets};
use crate::logic::chains::board::Board;
use crate::logic::chains::se_order::java_order;
use crate::logic::text::{and_list, digit_list};
use crate::logic::units::{Square, UnitKind};
use std::fmt::Write;

/// One elimination an inner rule finds on the working board (owned, for
/// the tests; the chains read [`InnerHintRef`]s).
#[cfg(test)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct InnerHint {
    /// (square, digit) pairs it removes, in the order SE's chain adds them:
    /// the removable map's HashMap order, each square's digits ascending.
    pub(crate) removals: Vec<(usize, u8)>,
    /// The rule parents: candidates (square, digit) struck out since the
    /// chain began that the rule relies on, in SE's order.
    pub(crate) parents: Vec<(usize, u8)>,
    /// What the rule saw, for a person (display only).
    pub(crate) text: String,
}

/// One hint of an [`InnerHints`], borrowed from its buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct InnerHintRef<'a> {
    /// (square, digit) pairs it removes, in the order SE's chain adds them:
    /// the removable map's HashMap order, each square's digits ascending.
    pub(crate) removals: &'a [(usize, u8)],
    /// The rule parents: candidates (square, digit) struck out since the
    /// chain began that the rule relies on, in SE's order.
    pub(crate) parents: &'a [(usize, u8)],
    /// What the rule saw, for a person; empty when the texts were not
    /// asked for.
    pub(crate) text: &'a str,
}

#[cfg(test)]
impl InnerHintRef<'_> {
    /// The hint as an owned [`InnerHint`].
    pub(crate) fn to_hint(self) -> InnerHint {
        InnerHint {
            removals: self.removals.to_vec(),
            parents: self.parents.to_vec(),
            text: self.text.to_string(),
        }
    }
}

/// The hints of one call of [`level_one_into`], in buffers that the next
/// call reuses: keep one per chain engine, and no call allocates once they
/// have grown.
#[derive(Clone, Debug, Default)]
pub(crate) struct InnerHints {
    /// Every hint's removals, one after the other.
    removals: Vec<(usize, u8)>,
    /// Every hint's rule parents, one after the other.
    parents: Vec<(usize, u8)>,
    /// Every hint's text, one after the other.
    texts: String,
    /// Where each hint's removals, parents and text end.
    ends: Vec<[usize; 3]>,
    /// Scratch: the removable map of the hint being built, as SE fills it
    /// (square, digits as bits).
    puts: Vec<(usize, u32)>,
    /// Scratch: for each unit, the digits struck from its squares (bit d).
    struck_in: Vec<u32>,
    /// Scratch: for each unit, its squares something was struck from (bit
    /// i for its i-th square).
    struck_places: Vec<u32>,
}

impl InnerHints {
    /// True when there is no hint.
    pub(crate) fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The hints, in SE's order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = InnerHintRef<'_>> + '_ {
        let starts = std::iter::once([0; 3]).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(from, to)| InnerHintRef {
            removals: &self.removals[from[0]..to[0]],
            parents: &self.parents[from[1]..to[1]],
            text: &self.texts[from[2]..to[2]],
        })
    }

    /// Forgets every hint, keeping the buffers.
    fn clear(&mut self) {
        self.removals.clear();
        self.parents.clear();
        self.texts.clear();
        self.ends.clear();
    }

    /// The rule parents pushed since the last hint ended.
    fn new_parents(&self) -> usize {
        self.parents.len() - self.ends.last().map_or(0, |end| end[1])
    }

    /// Ends a hint whose parents are pushed and whose removable map is in
    /// `puts`: its removals go in the order SE's chain reads them, and its
    /// text, when `texts`, is what `text` writes.
    fn end_hint(&mut self, texts: bool, text: impl FnOnce(&mut String)) {
        java_order(&mut self.puts);
        for &(s, digits) in &self.puts {
            self.removals.extend(bits(digits).map(|d| (s, d as u8)));
        }
        if texts {
            text(&mut self.texts);
        }
        self.ends
            .push([self.removals.len(), self.parents.len(), self.texts.len()]);
    }
}

/// The four rules, in the order SE tries them (`Chaining.java`,
/// `getAdvancedPotentials`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum InnerRule {
    /// Pointing and claiming (`Locking(false)`).
    Locking,
    /// `HiddenSet(2, false)`.
    HiddenPair,
    /// `NakedSet(2)`.
    NakedPair,
    /// `Fisherman(2)`.
    XWing,
}

const RULES: [InnerRule; 4] = [
    InnerRule::Locking,
    InnerRule::HiddenPair,
    InnerRule::NakedPair,
    InnerRule::XWing,
];

/// SE's level-1 inner rules on `board`: the hints of the first rule
/// (Locking, hidden pairs, naked pairs, X-wings, in that order) that has
/// any hint with at least one rule parent; hints with no rule parent are
/// left out (SE skips them). `struck[s]` = the digits (bit d) struck out of
/// square s since the chain began (so "initial has (s,d)" =
/// `board.has(s,d) || struck[s]` bit d).
///
/// Hints of one rule may remove the same candidate twice (a pointing and a
/// claiming can agree); SE hands them all on and the chain skips what it
/// already has, so they are all here too.
///
/// Every shape works, with its rows, columns and boxes only (SE runs other
/// rules on variants; the diagonals are not used here, which keeps every
/// removal sound but may miss some). SE's results are matched on the
/// standard 9x9 grid.
///
/// Into `out` (emptied first), reusing its buffers, so that it allocates
/// nothing once they have grown; the hints' texts are written only when
/// `texts` is true (they are empty otherwise).
pub(crate) fn level_one_into(board: &Board, struck: &[u32], out: &mut InnerHints, texts: bool) {
    out.clear();
    let work = StruckBoard {
        board,
        struck,
        all: false,
        texts,
    };
    work.gather_struck(out);
    for rule in RULES {
        work.find(rule, out);
        if !out.is_empty() {
            return;
        }
    }
}

/// The working board and what the chain has struck from it.
struct StruckBoard<'a> {
    board: &'a Board,
    struck: &'a [u32],
    /// Keep the hints with no rule parent too (SE's rules as they stand,
    /// for the tests); otherwise they are passed over early.
    all: bool,
    /// Write the hints' texts.
    texts: bool,
}

impl StruckBoard<'_> {
    /// True when square `s` had candidate `d` when the chain began.
    fn had(&self, s: usize, d: u8) -> bool {
        self.board.has(s, d) || self.struck_at(s) & (1 << d) != 0
    }

    /// True when the chain struck `d` out of square `s`.
    fn lost(&self, s: usize, d: u8) -> bool {
        !self.board.has(s, d) && self.had(s, d)
    }

    /// The digits the chain struck out of square `s`.
    fn struck_at(&self, s: usize) -> u32 {
        self.struck.get(s).copied().unwrap_or(0)
    }

    /// The side of the grid.
    fn side(&self) -> usize {
        self.board.geometry().shape.side()
    }

    /// Fills `out.struck_in` and `out.struck_places`: for each unit, the
    /// digits struck from its squares, and those squares. A rule parent is
    /// always among them (see the module doc).
    fn gather_struck(&self, out: &mut InnerHints) {
        let geo = self.board.geometry();
        let units = geo.shape.units().len();
        for table in [&mut out.struck_in, &mut out.struck_places] {
            table.clear();
            table.resize(units, 0);
        }
        for (s, &lost) in self.struck.iter().enumerate() {
            if lost != 0 {
                for &(u, i) in geo.slots(s) {
                    out.struck_in[u] |= lost;
                    out.struck_places[u] |= 1 << i;
                }
            }
        }
    }

    /// True when no rule parent can come from the digits `digits` of unit
    /// `u`, so that a hint there is left out anyway.
    fn no_parent_in(&self, out: &InnerHints, u: usize, digits: u32) -> bool {
        !self.all && out.struck_in[u] & digits == 0
    }

    /// The digits of unit `u` a rule parent can be: those struck from it
    /// (every digit with `all`).
    fn digits_struck_in(&self, out: &InnerHints, u: usize) -> u32 {
        if self.all {
            ((1u32 << self.side()) - 1) << 1
        } else {
            out.struck_in[u]
        }
    }

    /// Pushes onto `out` the hints `rule` sees, in SE's order; without
    /// `all`, only those with a rule parent.
    fn find(&self, rule: InnerRule, out: &mut InnerHints) {
        match rule {
            InnerRule::Locking => self.locking(out),
            InnerRule::HiddenPair => self.hidden_pairs(out),
            InnerRule::NakedPair => self.naked_pairs(out),
            InnerRule::XWing => self.x_wings(out),
        }
    }

    /// True when the hint whose parents were just pushed is to be kept.
    fn keep(&self, out: &InnerHints) -> bool {
        self.all || out.new_parents() > 0
    }

    /// Pointing and claiming (`Locking.java`, `getHints`): the kind pairs
    /// box/column, box/row, column/box, row/box; in each, digits 1 up, the
    /// first unit, then each unit of the second kind crossing it. A digit
    /// with two or more places in the first unit, all in the second, comes
    /// out of the rest of the second.
    fn locking(&self, out: &mut InnerHints) {
        let geo = self.board.geometry();
        let n = self.side() as u8;
        let pairs = [
            (UnitKind::Box, UnitKind::Column),
            (UnitKind::Box, UnitKind::Row),
            (UnitKind::Column, UnitKind::Box),
            (UnitKind::Row, UnitKind::Box),
        ];
        for (kind1, kind2) in pairs {
            let (first_units, second) = (geo.units_of_kind(kind1), geo.units_of_kind(kind2));
            // For each digit, the units of the first kind (bit k for the
            // k-th) it was struck from: the parents are struck from there.
            let mut struck_from = [0u32; 32];
            for (k, u1) in first_units.clone().enumerate() {
                for d in bits(self.digits_struck_in(out, u1)) {
                    struck_from[d] |= 1 << k;
                }
            }
            for d in 1..=n {
                for u1 in bits(struck_from[usize::from(d)]).map(|k| first_units.start + k) {
                    let places = self.board.positions(u1, d);
                    if at_most_one(places) {
                        continue;
                    }
                    // The crossings of the second kind, in unit order, as
                    // SE's second loop.
                    let crossings = geo.crossings(u1);
                    let from = crossings.partition_point(|c| c.unit < second.start);
                    for crossing in crossings[from..]
                        .iter()
                        .take_while(|c| second.contains(&c.unit))
                    {
                        let u2 = crossing.unit;
                        if places & !crossing.here != 0 {
                            continue;
                        }
                        // The second unit's places outside the first.
                        let removable = self.board.positions(u2, d) & !crossing.there;
                        if removable == 0 {
                            continue;
                        }
                        // `LockingHint.getRuleParents`: the first unit's
                        // struck places outside the second.
                        let first = geo.squares(u1);
                        out.parents.extend(
                            (0..first.len())
                                .filter(|&i| crossing.here & (1 << i) == 0)
                                .filter(|&i| self.lost(first[i], d))
                                .map(|i| (first[i], d)),
                        );
                        if !self.keep(out) {
                            continue;
                        }
                        // The map is filled in the second unit's order.
                        let squares = geo.squares(u2);
                        out.puts.clear();
                        out.puts
                            .extend(bits(removable).map(|i| (squares[i], 1 << d)));
                        out.end_hint(self.texts, |text| {
                            let name = if kind1 == UnitKind::Box {
                                "Pointing"
                            } else {
                                "Claiming"
                            };
                            let (a, b) = (geo.unit(u1), geo.unit(u2));
                            let _ = write!(text, "{name}: {d} in {a} only in {b}");
                        });
                    }
                }
            }
        }
    }

    /// Hidden pairs (`HiddenSet.java`, degree 2, not direct): boxes, columns,
    /// rows, each in order, skipping a unit with four empty squares or
    /// fewer; in each, the pairs of digits in increasing order of their bit
    /// masks. Two digits with two or more places each, two between them,
    /// take those squares, and the squares' other digits go.
    fn hidden_pairs(&self, out: &mut InnerHints) {
        let geo = self.board.geometry();
        let n = self.side() as u8;
        for u in self.pair_units() {
            // The parents are the two digits struck from the unit: one of
            // them has two places.
            let struck = out.struck_in[u];
            if !self.all && !bits(struck).any(|d| is_two(self.board.positions(u, d as u8))) {
                continue;
            }
            let squares = geo.squares(u);
            // Two digits "with two places or more each, two between them"
            // have the same two places. Pairs in increasing order of their
            // masks: by the higher digit, then the lower.
            let two_places = (1..=n)
                .filter(|&d| is_two(self.board.positions(u, d)))
                .fold(0u32, |acc, d| acc | 1 << d);
            for b in bits(two_places) {
                let b = b as u8;
                let places = self.board.positions(u, b);
                for a in bits(two_places & ((1 << b) - 1)) {
                    let a = a as u8;
                    let both = 1 << a | 1 << b;
                    if self.board.positions(u, a) != places
                        || self.no_parent_in(out, u, both)
                        || !self.enough_empty(u, 5)
                    {
                        continue;
                    }
                    let others = |i: usize| self.board.cands(squares[i]) & !both;
                    if bits(places).all(|i| others(i) == 0) {
                        continue;
                    }
                    // `HiddenSetHint.getRuleParents`: in the unit's other
                    // squares, each of the two digits they once had.
                    out.parents.extend(
                        (0..squares.len())
                            .filter(|&i| places & (1 << i) == 0)
                            .flat_map(|i| [(squares[i], a), (squares[i], b)])
                            .filter(|&(s, d)| self.had(s, d)),
                    );
                    if !self.keep(out) {
                        continue;
                    }
                    out.puts.clear();
                    out.puts.extend(
                        bits(places)
                            .map(|i| (squares[i], others(i)))
                            .filter(|&(_, others)| others != 0),
                    );
                    out.end_hint(self.texts, |text| {
                        let cells: Vec<Square> =
                            bits(places).map(|i| geo.square(squares[i])).collect();
                        let _ = write!(
                            text,
                            "Hidden pair: {} in {} only in {}",
                            digit_list([a, b]),
                            geo.unit(u),
                            and_list(&cells)
                        );
                    });
                }
            }
        }
    }

    /// Naked pairs (`NakedSet.java`, degree 2): boxes, columns, rows, each
    /// in order, skipping a unit with fewer than four empty squares; in each,
    /// the pairs of squares in increasing order of their bit masks. Two
    /// squares with two or more candidates each, two between them, take
    /// those digits from the unit's other squares.
    fn naked_pairs(&self, out: &mut InnerHints) {
        let geo = self.board.geometry();
        let n = self.side();
        for u in self.pair_units() {
            let squares = geo.squares(u);
            // The parents are struck from the pair's squares: one of them
            // has two candidates.
            let struck = out.struck_places[u];
            if !self.all && !bits(struck).any(|i| is_two(self.board.cands(squares[i]))) {
                continue;
            }
            // Two squares "with two candidates or more each, two between
            // them" have the same two candidates.
            let two_cands = (0..squares.len())
                .filter(|&i| is_two(self.board.cands(squares[i])))
                .fold(0u32, |acc, i| acc | 1 << i);
            for j in bits(two_cands) {
                let both = self.board.cands(squares[j]);
                for i in bits(two_cands & ((1 << j) - 1)) {
                    let members = [squares[i], squares[j]];
                    let pair = 1 << i | 1 << j;
                    if self.board.cands(members[0]) != both
                        || (!self.all
                            && (self.struck_at(members[0]) | self.struck_at(members[1])) & !both
                                == 0)
                        || !self.enough_empty(u, 4)
                    {
                        continue;
                    }
                    let removable =
                        bits(both).fold(0, |acc, d| acc | self.board.positions(u, d as u8)) & !pair;
                    if removable == 0 {
                        continue;
                    }
                    // `NakedSetHint.getRuleParents`: each of the two
                    // squares' other digits it once had.
                    out.parents.extend(
                        members
                            .iter()
                            .flat_map(|&s| (1..=n as u8).map(move |d| (s, d)))
                            .filter(|&(s, d)| both & (1 << d) == 0 && self.had(s, d)),
                    );
                    if !self.keep(out) {
                        continue;
                    }
                    out.puts.clear();
                    out.puts.extend(
                        bits(removable).map(|k| (squares[k], self.board.cands(squares[k]) & both)),
                    );
                    out.end_hint(self.texts, |text| {
                        let cells: Vec<Square> = members.iter().map(|&s| geo.square(s)).collect();
                        let digits: Vec<u8> = bits(both).map(|d| d as u8).collect();
                        let _ = write!(
                            text,
                            "Naked pair: {} hold only {} in {}",
                            and_list(&cells),
                            digit_list(digits),
                            geo.unit(u)
                        );
                    });
                }
            }
        }
    }

    /// X-wings (`Fisherman.java`, degree 2): column bases, then row bases;
    /// the pairs of base lines in increasing order of their bit masks; digits
    /// 1 up, skipping a digit placed more than `side - 4` times. A digit
    /// with two or more places in each base line, in two cover lines between
    /// them, comes out of the rest of the cover lines.
    fn x_wings(&self, out: &mut InnerHints) {
        let geo = self.board.geometry();
        let n = self.side();
        // How many times each digit is placed, counted when first needed.
        let mut placed = [None; 32];
        for (base_kind, cover_kind) in [
            (UnitKind::Column, UnitKind::Row),
            (UnitKind::Row, UnitKind::Column),
        ] {
            let base = geo.units_of_kind(base_kind).start;
            let cover = geo.units_of_kind(cover_kind).start;
            // For each base line, the digits with two places in it.
            let mut two_places = [0u32; 32];
            for (i, digits) in two_places.iter_mut().enumerate().take(n) {
                *digits = (1..=n as u8)
                    .filter(|&d| is_two(self.board.positions(base + i, d)))
                    .fold(0, |acc, d| acc | 1 << d);
            }
            for set in subsets(2, n) {
                let (i, j) = two(set);
                let lines = [base + i, base + j];
                // The parents are struck from the base lines; a digit
                // "with two places or more in each, two between them" has
                // the same two places in both.
                let digits = (self.digits_struck_in(out, lines[0])
                    | self.digits_struck_in(out, lines[1]))
                    & two_places[i]
                    & two_places[j];
                for d in bits(digits) {
                    let d = d as u8;
                    let (p0, p1) = (
                        self.board.positions(lines[0], d),
                        self.board.positions(lines[1], d),
                    );
                    let Some(covers) = common_pair(p0, p1) else {
                        continue;
                    };
                    let count = *placed[usize::from(d)].get_or_insert_with(|| self.placed_count(d));
                    if count + 4 > n {
                        continue;
                    }
                    // Position i in a base line is cover line i, and
                    // position i in a cover line is base line i.
                    let removable = |c: usize| self.board.positions(cover + c, d) & !set;
                    if bits(covers).all(|c| removable(c) == 0) {
                        continue;
                    }
                    // `LockingHint.getRuleParents` with the regions base,
                    // cover, base, cover: each base line's struck places
                    // outside the cover lines.
                    out.parents.extend(
                        lines
                            .iter()
                            .flat_map(|&line| geo.squares(line).iter().enumerate())
                            .filter(|&(i, &s)| covers & (1 << i) == 0 && self.lost(s, d))
                            .map(|(_, &s)| (s, d)),
                    );
                    if !self.keep(out) {
                        continue;
                    }
                    // The map is filled cover line by cover line.
                    out.puts.clear();
                    for c in bits(covers) {
                        let squares = geo.squares(cover + c);
                        out.puts
                            .extend(bits(removable(c)).map(|i| (squares[i], 1 << d)));
                    }
                    out.end_hint(self.texts, |text| {
                        let bases: Vec<_> = lines.iter().map(|&u| geo.unit(u)).collect();
                        let covering: Vec<_> = bits(covers).map(|j| geo.unit(cover + j)).collect();
                        let _ = write!(
                            text,
                            "X-wing: {d} in {} only in {}",
                            and_list(&bases),
                            and_list(&covering)
                        );
                    });
                }
            }
        }
    }

    /// The units SE's pair rules scan: boxes, columns, rows, each in order.
    fn pair_units(&self) -> impl Iterator<Item = usize> + '_ {
        let geo = self.board.geometry();
        [UnitKind::Box, UnitKind::Column, UnitKind::Row]
            .into_iter()
            .flat_map(move |kind| geo.units_of_kind(kind))
    }

    /// True when unit `u` has `empty` empty squares or more (SE's pair
    /// rules skip the others).
    fn enough_empty(&self, u: usize, empty: usize) -> bool {
        let squares = self.board.geometry().squares(u);
        squares
            .iter()
            .filter(|&&s| !self.board.is_filled(s))
            .count()
            >= empty
    }

    /// How many times digit `d` is placed (`Grid.getCountOccurancesOfValue`).
    /// The board does not keep the placed digits, so this counts the rows
    /// that had no place for the digit when the chain began: in a state
    /// reached by sound steps from a solvable puzzle a row lacks a digit's
    /// candidates exactly when it holds the digit.
    fn placed_count(&self, d: u8) -> usize {
        let geo = self.board.geometry();
        geo.units_of_kind(UnitKind::Row)
            .filter(|&u| !geo.squares(u).iter().any(|&s| self.had(s, d)))
            .count()
    }
}

/// True when `mask` has exactly two bits.
fn is_two(mask: u32) -> bool {
    mask != 0 && !at_most_one(mask) && at_most_one(mask & (mask - 1))
}

/// SE's `CommonTuples.searchCommonTuple` for two: the union of `a` and `b`
/// when each has two bits or more and the union has two.
fn common_pair(a: u32, b: u32) -> Option<u32> {
    (!at_most_one(a) && !at_most_one(b) && is_two(a | b)).then_some(a | b)
}

/// The two bits of a two-bit mask, lowest first.
fn two(pair: u32) -> (usize, usize) {
    let low = pair.trailing_zeros() as usize;
    (low, (pair & (pair - 1)).trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Digits, Grid};
    use crate::logic::state::State;
    use crate::shape::{Shape, Size, Variant};

    /// A board from an empty 9x9 grid with `strikes` (square, digit) struck
    /// out, and the struck table that goes with it.
    fn struck_board(strikes: &[(usize, u8)]) -> (Board, Vec<u32>) {
        let state = State::from_puzzle(&Grid::empty(Shape::standard()));
        let mut board = Board::new(&state);
        let mut struck = vec![0; 81];
        for &(s, d) in strikes {
            assert!(board.remove(s, d));
            struck[s] |= 1 << d;
        }
        (board, struck)
    }

    /// [`level_one_into`], answered as owned hints with their texts.
    fn level_one(board: &Board, struck: &[u32]) -> Vec<InnerHint> {
        let mut hints = InnerHints::default();
        level_one_into(board, struck, &mut hints, true);
        hints.iter().map(InnerHintRef::to_hint).collect()
    }

    /// Every hint `rule` sees, with a rule parent or not, in SE's order.
    fn all_hints(board: &Board, struck: &[u32], rule: InnerRule) -> Vec<InnerHint> {
        let work = StruckBoard {
            board,
            struck,
            all: true,
            texts: true,
        };
        let mut out = InnerHints::default();
        work.gather_struck(&mut out);
        work.find(rule, &mut out);
        out.iter().map(InnerHintRef::to_hint).collect()
    }

    /// Square `row`, `col` (from 0) of a 9x9 grid.
    fn at(row: usize, col: usize) -> usize {
        row * 9 + col
    }

    #[test]
    fn a_pointing_that_rests_on_struck_candidates_is_found() {
        // 5 struck from rows B and C of box 1: box 1's 5 lies in row A.
        let strikes: Vec<(usize, u8)> = [9, 10, 11, 18, 19, 20].map(|s| (s, 5)).to_vec();
        let (board, struck) = struck_board(&strikes);
        let hints = level_one(&board, &struck);
        assert_eq!(hints.len(), 1);
        assert_eq!(
            hints[0].removals,
            (3..9).map(|s| (s, 5)).collect::<Vec<_>>()
        );
        assert_eq!(hints[0].parents, strikes);
        assert_eq!(hints[0].text, "Pointing: 5 in box 1 only in row A");
    }

    #[test]
    fn a_rule_that_needs_nothing_struck_is_left_out() {
        // Box 1's 5 lies in row A from the start: no rule parent. Box 9's 7
        // lies in row G only since the chain struck it from rows H and I.
        let mut marks = vec![Digits::all(9); 81];
        for s in [9, 10, 11, 18, 19, 20] {
            marks[s].remove(5);
        }
        let empty = Grid::empty(Shape::standard());
        let state = State::from_marks(&empty, &empty, Some(&marks));
        let mut board = Board::new(&state);
        let mut struck = vec![0; 81];
        let strikes: Vec<(usize, u8)> =
            [at(7, 6), at(7, 7), at(7, 8), at(8, 6), at(8, 7), at(8, 8)]
                .map(|s| (s, 7))
                .to_vec();
        for &(s, d) in &strikes {
            board.remove(s, d);
            struck[s] |= 1 << d;
        }
        let all = all_hints(&board, &struck, InnerRule::Locking);
        assert_eq!(all.len(), 2, "the rule sees both");
        assert!(all[0].parents.is_empty());
        let hints = level_one(&board, &struck);
        assert_eq!(hints.len(), 1);
        assert_eq!(
            hints[0].removals,
            (54..60).map(|s| (s, 7)).collect::<Vec<_>>()
        );
        assert_eq!(hints[0].parents, strikes);
        // With nothing struck, no rule has anything to add.
        let state = State::from_marks(&empty, &empty, Some(&marks));
        assert!(level_one(&Board::new(&state), &[0; 81]).is_empty());
    }

    #[test]
    fn the_first_rule_with_a_parent_wins() {
        // B1 and B2 keep only 1 and 2 (a naked pair in row B and box 1); the
        // struck 3..9 of B1 are its parents. No pointing rests on a strike
        // (1 and 2 keep places in every row of box 1), and no hidden pair
        // either, so the naked pairs are all there is.
        let strikes: Vec<(usize, u8)> = [at(1, 0), at(1, 1)]
            .iter()
            .flat_map(|&s| (3..=9).map(move |d| (s, d)))
            .collect();
        let (board, struck) = struck_board(&strikes);
        let hints = level_one(&board, &struck);
        assert_eq!(hints.len(), 2);
        // Box 1 first (SE scans boxes, columns, rows): its other seven
        // squares lose 1 and 2, put in box order 0, 1, 2, 11, 18, 19, 20 and
        // walked by bucket: 0, 1, 2 (then 18, also bucket 2), 19, 20, 11.
        let ordered: Vec<(usize, u8)> = [0, 1, 2, 18, 19, 20, 11]
            .iter()
            .flat_map(|&s| [(s, 1), (s, 2)])
            .collect();
        assert_eq!(hints[0].removals, ordered);
        assert_eq!(hints[0].parents, strikes);
        assert_eq!(
            hints[0].text,
            "Naked pair: B1 and B2 hold only 1,2 in box 1"
        );
        // Row B's others, 11 to 17: 16 and 17 sit in buckets 0 and 1.
        let row_b: Vec<(usize, u8)> = [16, 17, 11, 12, 13, 14, 15]
            .iter()
            .flat_map(|&s| [(s, 1), (s, 2)])
            .collect();
        assert_eq!(hints[1].removals, row_b);
        assert_eq!(hints[1].parents, strikes);
    }

    #[test]
    fn every_shape_points_and_stays_sound() {
        for size in Size::ALL {
            for variant in [Variant::Standard, Variant::Diagonal] {
                let shape = Shape::of(size, variant);
                let mut board = Board::new(&State::from_puzzle(&Grid::empty(shape)));
                let geo = board.geometry();
                let n = shape.side();
                let mut struck = vec![0u32; shape.square_count()];
                // 1 struck from the first box but its top row: it points
                // along row A.
                let first_box = geo.units_of_kind(UnitKind::Box).start;
                for &s in geo.squares(first_box).iter().filter(|&&s| s >= n) {
                    board.remove(s, 1);
                    struck[s] |= 1 << 1;
                }
                let hints = level_one(&board, &struck);
                assert!(!hints.is_empty(), "{size:?} {variant:?}");
                let (_, box_cols) = shape.box_dims();
                let mut removals = hints[0].removals.clone();
                removals.sort_unstable();
                assert_eq!(removals, (box_cols..n).map(|s| (s, 1)).collect::<Vec<_>>());
                for hint in &hints {
                    assert!(hint.removals.iter().all(|&(s, d)| board.has(s, d)));
                    assert!(hint.parents.iter().all(|&(s, d)| struck[s] & (1 << d) != 0));
                }
                // And some scattered strikes: whatever comes is sound.
                for (s, lost) in struck.iter_mut().enumerate() {
                    for d in 1..=n as u8 {
                        if (s * 7 + usize::from(d) * 13) % 5 == 0 && board.remove(s, d) {
                            *lost |= 1 << d;
                        }
                    }
                }
                for hint in level_one(&board, &struck) {
                    assert!(hint.removals.iter().all(|&(s, d)| board.has(s, d)));
                    assert!(!hint.parents.is_empty());
                    assert!(hint.parents.iter().all(|&(s, d)| struck[s] & (1 << d) != 0));
                }
            }
        }
    }

    #[test]
    fn passing_over_units_with_nothing_struck_keeps_every_hint_with_a_parent() {
        // On random boards of every shape, with random strikes, each rule's
        // fast scan gives exactly the hints of the full scan that have a
        // rule parent, in the same order, texts and all.
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut kept = [0; 4];
        for size in Size::ALL {
            for variant in [Variant::Standard, Variant::Diagonal] {
                let shape = Shape::of(size, variant);
                let n = shape.side();
                let empty = Grid::empty(shape);
                for _ in 0..40 {
                    // Few candidates a square, so that the rules have
                    // something to find.
                    let marks: Vec<Digits> = (0..shape.square_count())
                        .map(|_| {
                            let mut m = Digits::EMPTY;
                            for d in 1..=n as u8 {
                                if rng.gen_ratio(3, n as u32 + 3) {
                                    m.insert(d);
                                }
                            }
                            m
                        })
                        .collect();
                    let state = State::from_marks(&empty, &empty, Some(&marks));
                    let mut board = Board::new(&state);
                    let mut struck = vec![0u32; shape.square_count()];
                    for _ in 0..rng.gen_range(0..3 * n) {
                        let s = rng.gen_range(0..shape.square_count());
                        let d = rng.gen_range(1..=n as u8);
                        if board.remove(s, d) {
                            struck[s] |= 1 << d;
                        }
                    }
                    let work = StruckBoard {
                        board: &board,
                        struck: &struck,
                        all: false,
                        texts: true,
                    };
                    let mut fast = InnerHints::default();
                    work.gather_struck(&mut fast);
                    for (r, rule) in RULES.into_iter().enumerate() {
                        fast.clear();
                        work.find(rule, &mut fast);
                        let fast: Vec<InnerHint> = fast.iter().map(InnerHintRef::to_hint).collect();
                        let mut full = all_hints(&board, &struck, rule);
                        full.retain(|h| !h.parents.is_empty());
                        assert_eq!(fast, full, "{size:?} {variant:?} {rule:?}");
                        kept[r] += fast.len();
                    }
                    // Without texts, the same hints.
                    let mut quiet = InnerHints::default();
                    level_one_into(&board, &struck, &mut quiet, false);
                    let loud = level_one(&board, &struck);
                    assert_eq!(quiet.iter().count(), loud.len());
                    for (q, l) in quiet.iter().zip(&loud) {
                        assert_eq!(
                            (q.removals, q.parents, q.text),
                            (&l.removals[..], &l.parents[..], "")
                        );
                    }
                }
            }
        }
        assert!(
            kept.iter().all(|&k| k >= 20),
            "{kept:?} hints with a parent"
        );
    }

    #[test]
    fn an_x_wing_with_fourteen_removals_is_read_from_a_table_of_32() {
        // 4 struck from columns 1 and 4 but in rows A and D.
        let strikes: Vec<(usize, u8)> = [0, 3]
            .iter()
            .flat_map(|&c| [1, 2, 4, 5, 6, 7, 8].map(|r| (at(r, c), 4)))
            .collect();
        let (board, struck) = struck_board(&strikes);
        let hints = level_one(&board, &struck);
        assert_eq!(hints.len(), 1);
        // Put row A then row D: 1, 2, 4..8, 28, 29, 31..35; walked by
        // bucket of 32: 32 | 1, 33 | 2, 34 | 35 | 4..8 | 28 | 29 | 31.
        let order = [32, 1, 33, 2, 34, 35, 4, 5, 6, 7, 8, 28, 29, 31];
        assert_eq!(hints[0].removals, order.map(|s| (s, 4)).to_vec());
        assert_eq!(hints[0].parents, strikes);
        assert_eq!(
            hints[0].text,
            "X-wing: 4 in column 1 and column 4 only in row A and row D"
        );
    }

    #[test]
    fn a_hidden_pair_counts_squares_with_no_candidates_as_empty() {
        // 8 and 9 only in A1 and A2 of row A; the rest of row A has lost
        // every candidate but stays empty, so the row still has nine empty
        // squares and the pair is looked for.
        let mut strikes: Vec<(usize, u8)> = Vec::new();
        for s in 2..9 {
            strikes.extend((1..=9).map(|d| (s, d)));
        }
        let (board, struck) = struck_board(&strikes);
        let all = all_hints(&board, &struck, InnerRule::HiddenPair);
        let row_a: Vec<&InnerHint> = all.iter().filter(|h| h.text.contains("row A")).collect();
        assert_eq!(
            row_a.len(),
            36,
            "every pair of digits is hidden in A1 and A2"
        );
        assert!(row_a
            .iter()
            .all(|h| h.removals.len() == 14 && h.parents.len() == 14));
    }

    /// Sudoku Explainer's own answers, made by a throwaway Java program run
    /// against SukakuExplainer (commit 362854e, whose rules these are) and
    /// kept here as data. For each working board it called `getHints` of
    /// `Locking(false)`, `HiddenSet(2, false)`, `NakedSet(2)` and
    /// `Fisherman(2)` with an accumulator that keeps every hint, and wrote
    /// each hint's removable map as Java iterates it and its
    /// `getRuleParents(start, current)`.
    ///
    /// Two kinds of board. Random ones: puzzles of magictour_top1465,
    /// kaggle_sample and forum_hardest_1106 with some solution digits placed
    /// and some wrong candidates removed (where a chain starts), then
    /// candidates struck at random (what a chain did). And boards SE's own
    /// "Dynamic Forcing Chains (+)" built while rating hard puzzles, sampled
    /// as its `getAdvancedPotentials` ran, with what that returned: the
    /// candidates the chain goes on with, each with its parents.
    ///
    /// Format: `case <81 values> <start marks> <current marks>`, the marks
    /// two characters a square (a 9-bit mask, digit 1 lowest, in base 64
    /// over `0-9A-Za-z+/`); then a line `hint <rule 0..3> <s:d,...> |
    /// <s:d,...>` per hint (removals, then parents); for SE's boards, last, a
    /// line `chain <s:d/s:d.s:d,...>` (each candidate the chain adds, with
    /// its parents after the slash; `-` for none).
    const SE_CASES: &str = include_str!("../../../../tests/data/inner/se_level_one.txt");

    /// A square's marks from two base-64 characters.
    fn decode_marks(text: &str) -> Vec<u32> {
        const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/";
        let digit = |c: u8| ALPHABET.iter().position(|&a| a == c).expect("base 64") as u32;
        text.as_bytes()
            .chunks(2)
            .map(|pair| (digit(pair[0]) * 64 + digit(pair[1])) << 1)
            .collect()
    }

    /// `s:d` items separated by `sep`.
    fn decode_cands(text: &str, sep: char) -> Vec<(usize, u8)> {
        text.split(sep)
            .filter(|part| !part.is_empty())
            .map(|part| {
                let (s, d) = part.split_once(':').expect("s:d");
                (s.parse().expect("a square"), d.parse().expect("a digit"))
            })
            .collect()
    }

    /// The board and struck table of a `case` line.
    fn decode_case(line: &str) -> (Board, Vec<u32>) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 3, "{line}");
        let cells = fields[0]
            .bytes()
            .map(|c| c.saturating_sub(b'0') % 10)
            .collect();
        let values = Grid::from_cells(Shape::standard(), cells).expect("81 values");
        let (start, now) = (decode_marks(fields[1]), decode_marks(fields[2]));
        let marks: Vec<Digits> = start.iter().map(|&m| Digits::from_bits(m)).collect();
        let mut board = Board::new(&State::from_marks(&values, &values, Some(&marks)));
        let mut struck = vec![0u32; 81];
        for s in 0..81 {
            assert_eq!(board.cands(s), start[s], "{line}: square {s}");
            for d in bits(start[s] & !now[s]) {
                board.remove(s, d as u8);
                struck[s] |= 1 << d;
            }
        }
        (board, struck)
    }

    #[test]
    fn every_hint_and_its_order_match_sudoku_explainer() {
        let (mut cases, mut chains) = (0, 0);
        let mut lines = SE_CASES.lines().peekable();
        while let Some(line) = lines.next() {
            assert!(line.starts_with("case "), "{line}");
            let (board, struck) = decode_case(&line[5..]);
            let mut expected = vec![Vec::new(); RULES.len()];
            while let Some(hint) = lines.next_if(|l| l.starts_with("hint ")) {
                let (head, parents) = hint.split_once(" |").expect("a bar");
                let mut head = head.split(' ').skip(1);
                let rule: usize = head.next().and_then(|r| r.parse().ok()).expect("a rule");
                let removals = decode_cands(head.next().unwrap_or(""), ',');
                expected[rule].push((removals, decode_cands(parents.trim(), ',')));
            }
            for (rule, expected) in RULES.into_iter().zip(&expected) {
                let all = all_hints(&board, &struck, rule);
                let got: Vec<_> = all.into_iter().map(|h| (h.removals, h.parents)).collect();
                assert_eq!(&got, expected, "{line}: {rule:?}");
            }
            // SE's answer: the first rule with a hint that has a parent, and
            // only those hints.
            let first = expected
                .into_iter()
                .map(|hints| {
                    hints
                        .into_iter()
                        .filter(|h| !h.1.is_empty())
                        .collect::<Vec<_>>()
                })
                .find(|hints| !hints.is_empty())
                .unwrap_or_default();
            let hints = level_one(&board, &struck);
            let got: Vec<_> = hints
                .iter()
                .map(|h| (h.removals.clone(), h.parents.clone()))
                .collect();
            assert_eq!(got, first, "{line}");
            if let Some(chain) = lines.next_if(|l| l.starts_with("chain ")) {
                let expected: Vec<_> = chain[6..]
                    .split(',')
                    .filter(|item| *item != "-")
                    .map(|item| {
                        let (cand, parents) = item.split_once('/').expect("a slash");
                        let cand: (usize, u8) = decode_cands(cand, ',')[0];
                        (cand, decode_cands(parents, '.'))
                    })
                    .collect();
                let got: Vec<_> = hints
                    .iter()
                    .flat_map(|h| h.removals.iter().map(|&r| (r, h.parents.clone())))
                    .collect();
                assert_eq!(got, expected, "{line}: what the chain adds");
                chains += 1;
            }
            cases += 1;
        }
        assert!(
            cases >= 150 && chains >= 80,
            "{cases} cases, {chains} chains"
        );
    }
}
