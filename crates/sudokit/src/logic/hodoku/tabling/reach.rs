//! Whether a position's tables can hold a nice loop or an AIC at all,
//! decided from their direct implications before any table is expanded.
//!
//! Every step a nice loop or an AIC gives removes a candidate `z` whose
//! being set leads, link by link, to its own removal, or places one whose
//! removal leads to its being set:
//!
//! - a discontinuous loop's start, set, comes back to itself ruled out
//!   (or ruled out, set; or set, another of its square's digits set,
//!   which rules it out);
//! - a candidate an AIC or a continuous loop removes sees both ends of a
//!   link whose one end ruled out leads, along the chain or around the
//!   loop, to the other set: `z` set rules out the first end, which leads
//!   to the second set, which rules out `z`.
//!
//! The chain is read one way or the other, so the implications are taken
//! with their contrapositives (`a` leads to `b`, so `b` ruled out leads
//! to `a` ruled out). The tables hold nearly all of them already: a link
//! between two squares, or between a square and a group, is in the tables
//! of both its ends. Only a group ruled out that sets another group may
//! lack its converse (the other group's unit can hold a third, smaller
//! group inside the first), so those are added.
//!
//! What HoDoKu's tables hold by expansion is part of what these
//! implications reach. So when no literal reaches its own opposite, no
//! table holds a loop or an AIC with a step, and the expansion can be
//! skipped. A literal that leads to its opposite is a "failed literal" of
//! 2-SAT, whose implication graph this is (Aspvall, Plass and Tarjan,
//! 1979). They are found by the graph's strongly connected components
//! (Tarjan, 1972), then what each component reaches, as bit sets, sinks
//! first. The tables without ALS nodes are checked (the options' ALS
//! nodes have no literal for their being set).

use super::{Table, CELL_LITS};

/// Room for the check, kept by the tables' cache from one position to
/// the next (its vectors are only ever grown).
#[derive(Default)]
pub struct Room {
    /// The contrapositives the tables lack: for each group's literal
    /// (from the first group's), where its own begin in `extra` (and the
    /// next one's where they end).
    extra_start: Vec<u32>,
    extra: Vec<u16>,
    /// Tarjan's numbers: the order each literal was met in, the lowest
    /// it reaches back to, its component.
    order: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    /// The literals of each component in turn, and where each ends.
    members: Vec<u16>,
    ends: Vec<u32>,
    stack: Vec<u16>,
    /// Each component's bit, when it can be reached from its opposite.
    bits: Vec<u32>,
    /// What each component reaches, a bit set per component.
    reach: Vec<u64>,
}

const NONE: u32 = u32::MAX;

/// True unless it is certain that no literal of `tables` (holding their
/// direct implications) leads to its own opposite through them and
/// their contrapositives, so that no nice loop or AIC can be found in
/// them expanded; with `room` to work in.
pub(super) fn may_hold_loops(tables: &[Table], room: &mut Room) -> bool {
    room.converses(tables);
    room.components(tables);
    room.reaches_an_opposite(tables)
}

/// The literals literal `v` leads to directly.
fn direct(tables: &[Table], v: usize) -> &[super::Entry] {
    tables[v].entries.get(1..).unwrap_or(&[])
}

impl Room {
    /// The contrapositives of the links from a group ruled out to a group
    /// set ("a out sets b" gives "b out sets a"), by the literal they
    /// start from.
    fn converses(&mut self, tables: &[Table]) {
        let group_lits = tables.len().saturating_sub(CELL_LITS);
        self.extra_start.clear();
        self.extra_start.resize(group_lits + 1, 0);
        let group_on = |lit: usize| lit >= CELL_LITS && lit & 1 == 1;
        for a in (CELL_LITS..tables.len()).step_by(2) {
            for e in direct(tables, a) {
                let b = e.lit.index();
                if group_on(b) {
                    self.extra_start[opposite(b) - CELL_LITS + 1] += 1;
                }
            }
        }
        for g in 0..group_lits {
            self.extra_start[g + 1] += self.extra_start[g];
        }
        self.extra.clear();
        self.extra.resize(self.extra_start[group_lits] as usize, 0);
        // Each literal's next free place, in `order` for now.
        self.order.clear();
        self.order
            .extend_from_slice(&self.extra_start[..group_lits]);
        for a in (CELL_LITS..tables.len()).step_by(2) {
            for e in direct(tables, a) {
                let b = e.lit.index();
                if group_on(b) {
                    let at = &mut self.order[opposite(b) - CELL_LITS];
                    self.extra[*at as usize] = opposite(a) as u16;
                    *at += 1;
                }
            }
        }
    }

    /// The contrapositives added to literal `v`'s implications.
    fn extra_of(&self, v: usize) -> &[u16] {
        added_to(&self.extra_start, &self.extra, v)
    }

    /// The strongly connected components (Tarjan's, without recursion),
    /// numbered in the order they close, so that a component reaches
    /// only components numbered no higher.
    fn components(&mut self, tables: &[Table]) {
        let n = tables.len();
        let Room {
            extra_start,
            extra,
            order,
            low,
            comp,
            members,
            ends,
            stack,
            ..
        } = self;
        for v in [&mut *order, &mut *low, &mut *comp] {
            v.clear();
            v.resize(n, NONE);
        }
        members.clear();
        ends.clear();
        let extra_of = |v: usize| added_to(extra_start, extra, v);
        // The open calls: each literal, what it leads to (its table's,
        // then the converses) and how far they have been followed.
        let mut calls: Vec<(usize, &[super::Entry], &[u16], usize)> = Vec::new();
        let mut count = 0u32;
        for root in 0..n {
            if order[root] != NONE || (tables[root].entries.len() < 2 && extra_of(root).is_empty())
            {
                continue;
            }
            // The literal met next, numbered and opened at the loop's top.
            let mut met = Some(root);
            'calls: loop {
                if let Some(v) = met.take() {
                    order[v] = count;
                    low[v] = count;
                    count += 1;
                    stack.push(v as u16);
                    calls.push((v, direct(tables, v), extra_of(v), 0));
                }
                let Some((v, own, more, at)) = calls.last_mut() else {
                    break;
                };
                let v = *v;
                while *at < own.len() + more.len() {
                    let w = match own.get(*at) {
                        Some(e) => e.lit.index(),
                        None => usize::from(more[*at - own.len()]),
                    };
                    *at += 1;
                    if order[w] == NONE {
                        met = Some(w);
                        continue 'calls;
                    }
                    if comp[w] == NONE {
                        low[v] = low[v].min(order[w]);
                    }
                }
                calls.pop();
                if let Some(&(u, ..)) = calls.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == order[v] {
                    let c = ends.len() as u32;
                    while let Some(w) = stack.pop() {
                        comp[usize::from(w)] = c;
                        members.push(w);
                        if usize::from(w) == v {
                            break;
                        }
                    }
                    ends.push(members.len() as u32);
                }
            }
        }
    }

    /// True when some literal's component reaches its opposite's. A
    /// component reaches only those numbered lower, so only the lower of
    /// a literal's and its opposite's components can be reached from the
    /// other: those alone get a bit in the sets.
    fn reaches_an_opposite(&mut self, tables: &[Table]) -> bool {
        let comps = self.ends.len();
        self.bits.clear();
        self.bits.resize(comps, NONE);
        let mut begin = 0;
        let mut targets = 0;
        for c in 0..comps {
            let end = self.ends[c] as usize;
            let mut lower = false;
            for &v in &self.members[begin..end] {
                let o = self.comp[opposite(usize::from(v))];
                // A literal and its opposite in one component: each leads
                // to the other.
                if o == c as u32 {
                    return true;
                }
                lower |= o != NONE && o > c as u32;
            }
            if lower {
                self.bits[c] = targets;
                targets += 1;
            }
            begin = end;
        }
        let words = (targets as usize).div_ceil(64);
        let mut reach = std::mem::take(&mut self.reach);
        reach.clear();
        reach.resize(comps * words, 0);
        let found = self.reach_in(tables, &mut reach, words);
        self.reach = reach;
        found
    }

    /// [`Room::reaches_an_opposite`] once the targets have their bits, in
    /// `reach`, `words` a component.
    fn reach_in(&self, tables: &[Table], reach: &mut [u64], words: usize) -> bool {
        let comps = self.ends.len();
        let mut begin = 0;
        for c in 0..comps {
            let end = self.ends[c] as usize;
            let (done, rest) = reach.split_at_mut(c * words);
            let mine = &mut rest[..words];
            let bit = self.bits[c];
            if bit != NONE {
                mine[bit as usize / 64] |= 1 << (bit % 64);
            }
            for &v in &self.members[begin..end] {
                let v = usize::from(v);
                let own = direct(tables, v).iter().map(|e| e.lit.index());
                let extra = self.extra_of(v).iter().map(|&w| usize::from(w));
                for w in own.chain(extra) {
                    let cw = self.comp[w] as usize;
                    if cw != c {
                        let theirs = &done[cw * words..(cw + 1) * words];
                        for (m, t) in mine.iter_mut().zip(theirs) {
                            *m |= t;
                        }
                    }
                }
            }
            for &v in &self.members[begin..end] {
                let o = self.comp[opposite(usize::from(v))];
                if o < c as u32 {
                    let bit = self.bits[o as usize];
                    if mine[bit as usize / 64] >> (bit % 64) & 1 == 1 {
                        return true;
                    }
                }
            }
            begin = end;
        }
        false
    }
}

/// The contrapositives added to literal `v`'s implications, where
/// `extra_start` says where each group literal's begin in `extra`.
fn added_to<'a>(extra_start: &[u32], extra: &'a [u16], v: usize) -> &'a [u16] {
    match v.checked_sub(CELL_LITS) {
        Some(g) => &extra[extra_start[g] as usize..extra_start[g + 1] as usize],
        None => &[],
    }
}

/// The literal saying the opposite of literal `i` (set and ruled out
/// differ in the lowest bit, for squares and groups alike: see
/// [`Lit`](super::Lit)).
fn opposite(i: usize) -> usize {
    i ^ 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::board::Board;
    use crate::logic::hodoku::path::{next_move, Config};
    use crate::logic::hodoku::tabling::Tables;
    use crate::parse::{parse_grid, ParseOptions};
    use std::collections::BTreeSet;

    /// The implications the check reads, with the converses it adds,
    /// hold every contrapositive: along whole paths with groups, for
    /// every "a leads to b" there is "b's opposite leads to a's".
    #[test]
    fn the_implications_read_hold_their_contrapositives() {
        let puzzles = [
            "4....3.....8......16..94............7...519645.12....8.5....4.......2.9531..4.6..",
            "..512.....7.....8..8....345............6...3.4.2.81..9.......28..9.4.6.....8..7.4",
            "3.2....1....97.............5...8.6....15...7..8..4....9....1.27.1.4.......5..79..",
        ];
        let mut added = 0;
        for p in puzzles {
            let grid = parse_grid(p, ParseOptions::default()).unwrap();
            let mut board = Board::from_puzzle(&grid);
            while !board.is_solved() {
                let tables =
                    Tables::direct_from(&board, true, false, Vec::new(), |t| t.fill(&board));
                let mut room = Room::default();
                room.converses(&tables.tables);
                let n = tables.tables.len();
                let mut edges = BTreeSet::new();
                for v in 0..n {
                    let own = direct(&tables.tables, v).iter().map(|e| e.lit.index());
                    let extra = room.extra_of(v).iter().map(|&w| usize::from(w));
                    edges.extend(own.chain(extra).map(|w| (v, w)));
                    added += room.extra_of(v).len();
                }
                for &(v, w) in &edges {
                    assert!(edges.contains(&(opposite(w), opposite(v))), "{p} {v} {w}");
                }
                let Ok(Some(m)) = next_move(&mut board, &Config::default()) else {
                    break;
                };
                m.apply(&mut board);
            }
        }
        // Some converses were missing from the tables.
        assert!(added > 0);
    }
}
