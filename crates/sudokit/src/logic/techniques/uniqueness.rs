//! Uniqueness: unique rectangles and unique loops, types 1 to 4.
//!
//! A puzzle with one solution can never reach a **deadly pattern**: squares
//! holding only the same two digits `x` and `y`, paired up so that every row,
//! column and box they touch holds two of them. The `x`s and `y`s could swap
//! and give a second solution. Four squares in two rows, two columns and two
//! boxes make a rectangle; longer cycles make loops (6, 8, 10, ...).
//!
//! ```text
//!  type 1: three corners are xy, the fourth has more    A1 xy . . A5 xy
//!  digits; it cannot be x or y, or the pattern would    B1 xy . . B5 xy3 -> not x, not y
//!  be deadly.
//! ```
//!
//! - **Type 1**: one square has extra digits: remove `x` and `y` from it.
//! - **Type 2**: the squares with extras share one extra digit `z`: one of
//!   them is `z`, so any square seeing all of them loses `z`.
//! - **Type 3**: two squares with extras, in one unit: together they act as
//!   one square holding their extra digits, which can form a naked set with
//!   other squares of the unit (or `x`, `y` a hidden set).
//! - **Type 4**: two squares with extras, in one unit where `x` has no other
//!   place: one of them is `x`, so neither can be `y` (it would make both xy).
//!
//! Difficulties (Sudoku Explainer): 4.5 for a rectangle, 4.6 for a loop of 6,
//! 4.7 for 8, 5.0 for 10 or more; type 3 adds 0.1 for each extra square of
//! its naked set (or each square of its hidden set beyond the first).
//!
//! How SE searches, which this file follows so that the first step is SE's:
//! from each square with exactly two candidates, a depth-first walk through
//! squares that hold both digits, changing unit kind at every turn, allowing
//! at most two squares with extras (more only if they share one extra
//! digit), closing when it returns to the start after 4 or more squares. A
//! closed walk is a loop when its odd squares and its even squares cover the
//! same units, each once. All steps of all loops are collected, then offered
//! easiest first (ties: lower type first, then the order found).
//!
//! A rater runs this search at most steps of a hard puzzle, and it seldom
//! finds anything. While no square that held both digits of a pair has
//! changed since the last grid where the search found nothing (see
//! `since_barren.rs`), the pair's walks are those made there: a pair whose
//! walks found no loop there is passed over, and the loops of the others
//! are taken from there instead of walked again (what they remove depends
//! on the rest of the grid, so their steps are worked out anew).
//!
//! It works on every standard shape, and is off for the diagonal variant,
//! where swapping the two digits can break a diagonal.

use crate::grid::Digits;
use crate::logic::bits::{at_most_one, bits, subsets, subsets_of};
use crate::logic::cache::Cache;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};
use crate::logic::techniques::since_barren;
use crate::logic::techniques::since_barren::Slot;
use crate::logic::text::{and_list, digit_list, removal_text, Digit};
use crate::logic::units::{Cand, UnitKind};
use crate::shape::Variant;
use std::ops::ControlFlow;

/// Unique rectangles and loops.
pub struct UniqueLoops;

/// The unit kinds a loop walks through, in SE's order.
const KINDS: [UnitKind; 3] = [UnitKind::Box, UnitKind::Row, UnitKind::Column];

/// A step found, with what SE sorts by.
struct Collected {
    step: Step,
    kind: u8,
    class: u8,
    loop_key: Vec<usize>,
}

impl Finder for UniqueLoops {
    fn min_difficulty(&self) -> u16 {
        Technique::UniqueRectangle1.difficulty().0
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        if state.shape().variant() == Variant::Diagonal {
            return ControlFlow::Continue(());
        }
        let mut all: Vec<Collected> = Vec::new();
        let mut budget = WALK_BUDGET;
        // One path for every walk (it grows and shrinks as a stack), and
        // which squares are on it.
        let count = state.shape().square_count();
        let (mut path, mut on_path) = (Vec::new(), vec![false; count]);
        let same = unchanged_pairs(cache, state);
        let mut before = std::mem::take(cache.part::<Remembered>());
        // Pairs that found no loop there find none here.
        let quiet = same & !before.looped;
        // The walks made or taken from `before`, and the pairs whose walks
        // close a loop (which gave no step, if the search finds nothing).
        let mut walks: Vec<Made> = Vec::new();
        let mut looped = 0u128;
        for start in 0..count {
            let c = state.cands(start);
            if c.len() != 2 {
                continue;
            }
            let mut digits = c.iter();
            let (Some(x), Some(y)) = (digits.next(), digits.next()) else {
                continue;
            };
            let pair = pair_bit(x, y);
            if quiet & pair != 0 {
                continue;
            }
            if alone_in_a_unit(state, start) {
                continue;
            }
            // A walk on an unchanged pair finds the loops it found there
            // and spends as much, while the budget holds that much.
            let kept = (same & pair != 0)
                .then(|| before.walks.binary_search_by_key(&start, |w| w.start).ok())
                .flatten()
                .filter(|&i| before.walks[i].spent <= budget);
            let walked = match kept {
                Some(i) => {
                    budget -= before.walks[i].spent;
                    Made::Before(i)
                }
                None => {
                    let left = budget;
                    let mut walk = Walk::new(state, start, path, on_path, &mut budget);
                    walk.extend(2, Digits::EMPTY, None);
                    let loops = walk.loops;
                    (path, on_path) = (walk.path, walk.on_path);
                    on_path[start] = false;
                    let spent = left - budget;
                    Made::Now(Walked {
                        start,
                        pair,
                        loops,
                        spent,
                    })
                }
            };
            let loops = match &walked {
                Made::Before(i) => &before.walks[*i].loops,
                Made::Now(w) => &w.loops,
            };
            if !loops.is_empty() {
                looped |= pair;
            }
            for cycle in loops {
                steps_of_loop(state, cycle, (x, y), &mut all);
            }
            walks.push(walked);
        }
        // (A search that ran out of squares to visit may have missed loops.)
        if all.is_empty() && budget > 0 {
            since_barren::keep_barren(cache, Slot::UniqueLoops, state);
            let walks = walks
                .into_iter()
                .map(|w| match w {
                    Made::Before(i) => std::mem::take(&mut before.walks[i]),
                    Made::Now(w) => w,
                })
                .filter(|w| looped & w.pair != 0)
                .collect();
            *cache.part::<Remembered>() = Remembered { looped, walks };
        } else {
            *cache.part::<Remembered>() = before;
        }
        // Stable: equal difficulty and type keep the order found.
        all.sort_by_key(|f| (f.step.difficulty, f.kind));
        for f in all {
            found(f.step)?;
        }
        ControlFlow::Continue(())
    }
}

/// What the search found on the last grid where it found nothing (see
/// [`unchanged_pairs`]): the pairs whose walks closed a loop, and the walks
/// on those pairs. The cache's part.
#[derive(Default)]
struct Remembered {
    looped: u128,
    /// By start square.
    walks: Vec<Walked>,
}

/// A walk of a search, taken from [`Remembered`] (by its place there) or
/// made.
enum Made {
    Before(usize),
    Now(Walked),
}

/// One walk: from which square, on which pair (as [`pair_bit`]), the loops
/// it found and the budget it spent.
#[derive(Default)]
struct Walked {
    start: usize,
    pair: u128,
    loops: Vec<Vec<usize>>,
    spent: usize,
}

/// A pair of digits as a bit of a set of pairs; none for a digit above 9
/// (on larger grids, such pairs are never passed over).
fn pair_bit(x: u8, y: u8) -> u128 {
    match (x, y) {
        (1..=9, 1..=9) => 1 << (usize::from(x) * 10 + usize::from(y)),
        _ => 0,
    }
}

/// The pairs of digits whose walks are those made on the last grid where
/// the whole search found nothing, because no square that held both digits
/// has changed since: the squares holding both are the same, with the same
/// candidates, so the walks are the same (a pair that closed no loop there
/// is passed over; the others' loops are taken from there, to be offered
/// anew, as what they remove depends on the rest of the grid). A rater runs
/// this search at most steps of a hard puzzle, and a step changes a few
/// squares.
fn unchanged_pairs(cache: &mut Cache, state: &State) -> u128 {
    let Some(changed) = since_barren::changed_from(cache, Slot::UniqueLoops, state) else {
        return 0;
    };
    let mut touched = 0;
    for (_, had) in changed {
        for x in bits(had) {
            for y in bits(had >> (x + 1)) {
                touched |= pair_bit(x as u8, (x + 1 + y) as u8);
            }
        }
    }
    !touched
}

/// True when one of the units of `start` (a square of two candidates) has
/// no other square holding both its digits. A loop through `start` holds
/// another square of each of its units (its odd and even squares cover the
/// same units), so the walk from there could only close into walks that are
/// no loop, and is not made.
fn alone_in_a_unit(state: &State, start: usize) -> bool {
    let geo = state.geometry();
    let pair = state.cands(start);
    KINDS.iter().any(|&kind| {
        let u = geo.unit_of(start, kind);
        at_most_one(both_places(state, u, pair))
    })
}

/// Where unit `u` holds both digits of `pair` (bit `i` for its `i`-th
/// square): the only squares a walk on that pair may go to there.
fn both_places(state: &State, u: usize, pair: Digits) -> u32 {
    pair.iter()
        .fold(u32::MAX, |places, d| places & state.positions(u, d))
}

/// How many squares the walks of one search may visit. Real puzzles stay
/// well below it (the largest search over all of `../shared/puzzles`' 9x9
/// collections visits about 330,000, a few milliseconds); pencil marks made
/// to defeat the walk (most squares holding the same three digits) would
/// otherwise take hours. A search that runs out offers the loops found so
/// far: each is a real loop, but the first step may then not be Sudoku
/// Explainer's.
const WALK_BUDGET: usize = 10_000_000;

/// The depth-first walk from `path[0]` that finds the loops through
/// squares holding both digits of `pair`.
///
/// It reads each unit's squares holding both digits from the unit's
/// places of the two digits (a mask), and asks whether a square shares a
/// unit with the path's squares of its parity from two masks of units, so
/// that it looks only at the squares it may go to. It goes to the same
/// squares in the same order as a walk over every square of each unit
/// (the tests' `plain_walk`), and spends its budget as that walk would:
/// one for every square of a unit, whether it holds both digits or not.
struct Walk<'a> {
    state: &'a State,
    pair: (u8, u8),
    path: Vec<usize>,
    /// Per square, whether it is on the path.
    on_path: Vec<bool>,
    /// The units the path's squares cover (bit `u` for unit `u`), those at
    /// even places and those at odd places.
    covered: [u128; 2],
    loops: Vec<Vec<usize>>,
    /// Squares the search may still visit.
    budget: &'a mut usize,
}

impl<'a> Walk<'a> {
    /// A walk from `start`, a square of two candidates, reusing the
    /// buffers `path` and `on_path` (all false).
    fn new(
        state: &'a State,
        start: usize,
        mut path: Vec<usize>,
        mut on_path: Vec<bool>,
        budget: &'a mut usize,
    ) -> Walk<'a> {
        let mut digits = state.cands(start).iter();
        let pair = (digits.next().unwrap_or(0), digits.next().unwrap_or(0));
        path.clear();
        path.push(start);
        on_path[start] = true;
        Walk {
            state,
            pair,
            path,
            on_path,
            covered: [units_of(state, start), 0],
            loops: Vec::new(),
            budget,
        }
    }

    /// Takes `n` squares off the budget; false (and none left) when it
    /// holds fewer, where a walk square by square would have stopped.
    fn spend(&mut self, n: usize) -> bool {
        match self.budget.checked_sub(n) {
            Some(left) => {
                *self.budget = left;
                true
            }
            None => {
                *self.budget = 0;
                false
            }
        }
    }

    /// Extends the path from its last square: at most `allowed_extra` more
    /// squares with digits besides the pair (more if they all add the same
    /// one digit, `extras` so far), leaving by another unit kind than the
    /// path arrived by.
    fn extend(&mut self, allowed_extra: i32, extras: Digits, last_kind: Option<UnitKind>) {
        let state = self.state;
        let geo = state.geometry();
        let (x, y) = self.pair;
        let pair = Digits::single(x).union(Digits::single(y));
        let here = *self.path.last().unwrap_or(&0);
        let start = self.path[0];
        for kind in KINDS {
            if Some(kind) == last_kind {
                continue;
            }
            let u = geo.unit_of(here, kind);
            let squares = geo.squares(u);
            // The squares before the unit's `spent`-th are paid for.
            let mut spent = 0;
            for i in bits(both_places(state, u, pair)) {
                if !self.spend(i + 1 - spent) {
                    return;
                }
                spent = i + 1;
                let next = squares[i];
                if next == start && self.path.len() >= 4 {
                    // Most closed walks are no loop: only loops are kept.
                    // No unit holds two squares of one parity (see below),
                    // so the walk is a loop when both parities cover the
                    // same units (what the tests' `is_valid_loop` asks).
                    if self.covered[0] == self.covered[1] {
                        self.loops.push(self.path.clone());
                    }
                    continue;
                }
                if self.on_path[next] {
                    continue;
                }
                let c = state.cands(next);
                // Every loop through an earlier square holding just x and y
                // was found from that square, and would be dropped here as
                // a repeat.
                if c.len() == 2 && next < start {
                    continue;
                }
                // In a loop each unit it touches holds two of its squares,
                // one at an odd place and one at an even place. A walk that
                // breaks this can only close into something that is no
                // loop, so it is not worth extending (the loops found, and
                // their order, stay the same).
                let parity = self.path.len() % 2;
                let units = units_of(state, next);
                if self.covered[parity] & units != 0 {
                    continue;
                }
                let new_extras = extras.union(c.without(pair));
                if c.len() == 2 || new_extras.len() == 1 || allowed_extra > 0 {
                    let allowed = allowed_extra - i32::from(c.len() > 2);
                    self.path.push(next);
                    self.on_path[next] = true;
                    self.covered[parity] |= units;
                    self.extend(allowed, new_extras, Some(kind));
                    self.covered[parity] &= !units;
                    self.on_path[next] = false;
                    self.path.pop();
                }
            }
            if !self.spend(squares.len() - spent) {
                return;
            }
        }
    }
}

/// Square `s`'s box, row and column, as a set of units (bit `u` for unit
/// `u`: a grid of the shapes the search runs on has at most 75).
fn units_of(state: &State, s: usize) -> u128 {
    let [row, column, boxed] = state.geometry().row_col_box[s];
    1 << row | 1 << column | 1 << boxed
}

/// The base difficulty of a step of type `kind` on a loop of `len`
/// squares: its technique's (a rectangle's, or a loop of 6's), plus 0.1 for
/// a loop of 8 and 0.4 for 10 or more.
fn base_difficulty(len: usize, kind: u8) -> u16 {
    let mut d = technique(len, kind).difficulty().0;
    if len >= 10 {
        d += 3;
    }
    if len >= 8 {
        d += 1;
    }
    d
}

fn technique(len: usize, kind: u8) -> Technique {
    let rect = len == 4;
    match (kind, rect) {
        (1, true) => Technique::UniqueRectangle1,
        (2, true) => Technique::UniqueRectangle2,
        (3, true) => Technique::UniqueRectangle3,
        (4, true) => Technique::UniqueRectangle4,
        (1, false) => Technique::UniqueLoop1,
        (2, false) => Technique::UniqueLoop2,
        (3, false) => Technique::UniqueLoop3,
        _ => Technique::UniqueLoop4,
    }
}

/// One kind of step a loop offers before it becomes a [`Step`]: its type,
/// SE's class within the type (type 3 naked or hidden), difficulty, removals
/// and the reason in words.
struct Offer {
    kind: u8,
    class: u8,
    difficulty: u16,
    eliminations: Vec<Cand>,
    why: String,
}

/// Adds the steps of one loop to `all`, once per loop and class of step (as
/// SE does: a loop's first type-3 naked step hides its later ones).
fn steps_of_loop(state: &State, cycle: &[usize], (x, y): (u8, u8), all: &mut Vec<Collected>) {
    let geo = state.geometry();
    let pair = Digits::single(x).union(Digits::single(y));
    let extra_squares: Vec<usize> = cycle
        .iter()
        .copied()
        .filter(|&s| state.cands(s).len() > 2)
        .collect();
    let base = |kind| base_difficulty(cycle.len(), kind);
    let mut offers: Vec<Offer> = Vec::new();
    match extra_squares.len() {
        1 => {
            let s = extra_squares[0];
            offers.push(Offer {
                kind: 1,
                class: 0,
                difficulty: base(1),
                eliminations: [x, y].map(|d| geo.cand(s, d)).to_vec(),
                why: format!(
                    "{} is the only square with other digits, and must keep one",
                    geo.square(s)
                ),
            });
        }
        n if n > 2 => offers.extend(type2(state, &extra_squares, pair, base(2))),
        2 => {
            let (c1, c2) = (extra_squares[0], extra_squares[1]);
            let extra = state.cands(c1).union(state.cands(c2)).without(pair);
            if extra.len() == 1 {
                offers.extend(type2(state, &extra_squares, pair, base(2)));
            } else if extra.len() >= 2 {
                offers.extend(type3(state, (c1, c2), (x, y), extra, base(3)));
            }
            offers.extend(type4(state, (c1, c2), (x, y), base(4)));
        }
        _ => {}
    }
    let mut key = cycle.to_vec();
    key.sort_unstable();
    for offer in offers {
        if offer.eliminations.is_empty()
            || all
                .iter()
                .any(|f| f.loop_key == key && f.kind == offer.kind && f.class == offer.class)
        {
            continue;
        }
        let t = technique(cycle.len(), offer.kind);
        let mut step = Step::new(t, offer.difficulty);
        let mut eliminations = offer.eliminations;
        eliminations.sort();
        if state.reasons() {
            let squares: Vec<_> = cycle.iter().map(|&s| geo.square(s)).collect();
            step.evidence.squares = squares.clone();
            step.evidence.candidates = cycle
                .iter()
                .flat_map(|&s| [x, y].map(|d| geo.cand(s, d)))
                .collect();
            let (x, y) = (Digit(x), Digit(y));
            step.text = format!(
                "{} on {x},{y} in {}: {}, so {}",
                t.name(),
                and_list(&squares),
                offer.why,
                removal_text(&eliminations)
            );
        }
        step.eliminations = eliminations;
        all.push(Collected {
            step,
            kind: offer.kind,
            class: offer.class,
            loop_key: key.clone(),
        });
    }
}

/// Type 2: the squares with extras share one extra digit `z`; squares that
/// see all of them lose `z`.
fn type2(state: &State, extra_squares: &[usize], pair: Digits, base: u16) -> Option<Offer> {
    let geo = state.geometry();
    let z = state.cands(extra_squares[0]).without(pair).iter().next()?;
    let eliminations = (0..state.shape().square_count())
        .filter(|s| !extra_squares.contains(s))
        .filter(|&s| extra_squares.iter().all(|&e| geo.sees(s, e)) && state.cands(s).contains(z))
        .map(|s| geo.cand(s, z))
        .collect();
    let names: Vec<_> = extra_squares.iter().map(|&s| geo.square(s)).collect();
    Some(Offer {
        kind: 2,
        class: 0,
        difficulty: base,
        eliminations,
        why: format!("one of {} must be {}", and_list(&names), Digit(z)),
    })
}

/// Type 3: the two squares with extras, `c1` and `c2`, share a unit; their
/// extra digits act as one square of a naked set, or `x` and `y` form a
/// hidden set with other squares of the unit.
fn type3(
    state: &State,
    (c1, c2): (usize, usize),
    (x, y): (u8, u8),
    extra: Digits,
    base: u16,
) -> Vec<Offer> {
    let geo = state.geometry();
    let n = state.shape().side();
    let mut offers = Vec::new();
    let pair = Digits::single(x).union(Digits::single(y));
    // The digits a hidden set may take besides x and y.
    let rest: Vec<u8> = (1..=n as u8)
        .filter(|&d| d != x && d != y && !extra.contains(d))
        .collect();
    for degree in 2..=7.min(n - 2) {
        for kind in KINDS {
            let u = geo.unit_of(c1, kind);
            if u != geo.unit_of(c2, kind) {
                continue;
            }
            let squares = geo.squares(u);
            let empty = state.empty_count(u);
            let (Some(i1), Some(i2)) = (
                squares.iter().position(|&s| s == c1),
                squares.iter().position(|&s| s == c2),
            ) else {
                continue;
            };
            // Naked: c1 stands for both, with the extra digits as candidates.
            // (Only sets with c1, without c2, and of squares with two
            // candidates or more can be one: the others are not built.)
            if degree * 2 <= empty && degree >= extra.len() && extra.len() >= 2 {
                let open = (0..n)
                    .filter(|&i| i != i1 && i != i2 && state.cands(squares[i]).len() >= 2)
                    .fold(0u32, |m, i| m | 1 << i);
                for others_set in subsets_of(degree - 1, open) {
                    // The digits of the other squares of the set (each has
                    // two or more, as `extra` has, so the set is one).
                    let theirs = bits(others_set)
                        .fold(Digits::EMPTY, |m, i| m.union(state.cands(squares[i])));
                    let naked = extra
                        .intersection(state.cands(c1))
                        .intersection(state.cands(c2))
                        .union(theirs);
                    let union = extra.union(theirs);
                    if naked.len() != degree || union.len() != degree {
                        continue;
                    }
                    let others: Vec<usize> = bits(others_set).map(|i| squares[i]).collect();
                    let mut eliminations = Vec::new();
                    for d in union.iter() {
                        let holders: Vec<usize> = others
                            .iter()
                            .copied()
                            .chain([c1, c2])
                            .filter(|&s| state.cands(s).contains(d))
                            .collect();
                        for s in 0..state.shape().square_count() {
                            if state.cands(s).contains(d) && holders.iter().all(|&h| geo.sees(s, h))
                            {
                                eliminations.push(geo.cand(s, d));
                            }
                        }
                    }
                    let names: Vec<_> = others.iter().map(|&s| geo.square(s)).collect();
                    offers.push(Offer {
                        kind: 3,
                        class: 0,
                        difficulty: base + (degree as u16 - 1),
                        eliminations,
                        why: format!(
                            "{} and {} hold one of {}, which with {} makes a naked set {} in {}",
                            geo.square(c1),
                            geo.square(c2),
                            digit_list(extra.iter()),
                            and_list(&names),
                            digit_list(union.iter()),
                            geo.unit(u)
                        ),
                    });
                }
            }
            // Hidden: x, y and degree-2 other digits confined to degree squares.
            if degree * 2 < empty {
                if degree - 2 > rest.len() {
                    continue;
                }
                for pick in subsets(degree - 2, rest.len()) {
                    let hidden = bits(pick).fold(pair, |h, i| h.union(Digits::single(rest[i])));
                    let mut places = 0u32;
                    let mut ok = true;
                    for d in hidden.iter() {
                        let p = state.positions(u, d) & !(1 << i2);
                        if p == 0 {
                            ok = false;
                        }
                        places |= p;
                    }
                    if !ok || places.count_ones() as usize != degree {
                        continue;
                    }
                    let cells = places & !(1 << i1) & !(1 << i2);
                    let eliminations: Vec<Cand> = bits(cells)
                        .flat_map(|i| {
                            let s = squares[i];
                            geo.cands(s, state.cands(s).without(hidden))
                        })
                        .collect();
                    let names: Vec<_> = bits(cells).map(|i| geo.square(squares[i])).collect();
                    offers.push(Offer {
                        kind: 3,
                        class: 1,
                        difficulty: base + (cells.count_ones() as u16).saturating_sub(1),
                        eliminations,
                        why: format!(
                            "one of {} and {} holds {} or {}, so {} form a hidden set {} in {}",
                            geo.square(c1),
                            geo.square(c2),
                            Digit(x),
                            Digit(y),
                            and_list(&names),
                            digit_list(hidden.iter()),
                            geo.unit(u)
                        ),
                    });
                }
            }
        }
    }
    offers
}

/// Type 4: in a unit holding both squares with extras, `x` (or `y`) has no
/// other place, so one of them is `x` and neither can be `y`.
fn type4(state: &State, (c1, c2): (usize, usize), (x, y): (u8, u8), base: u16) -> Option<Offer> {
    let geo = state.geometry();
    let (mut lock_x, mut lock_y) = (None, None);
    for kind in KINDS {
        let u = geo.unit_of(c1, kind);
        if u != geo.unit_of(c2, kind) {
            continue;
        }
        let elsewhere = |d: u8| {
            geo.squares(u)
                .iter()
                .any(|&s| s != c1 && s != c2 && state.cands(s).contains(d))
        };
        if !elsewhere(x) {
            lock_x = Some(u);
        }
        if !elsewhere(y) {
            lock_y = Some(u);
        }
    }
    let (u, lock, remove) = match (lock_x, lock_y) {
        (Some(u), _) => (u, x, y),
        (None, Some(u)) => (u, y, x),
        _ => return None,
    };
    Some(Offer {
        kind: 4,
        class: 0,
        difficulty: base,
        eliminations: [c1, c2].map(|s| geo.cand(s, remove)).to_vec(),
        why: format!(
            "{lock} has no other place in {} than {} and {}, so one of them is {lock}",
            geo.unit(u),
            geo.square(c1),
            geo.square(c2),
            lock = Digit(lock),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::shape::{Shape, Size};

    fn digits(ds: &[u8]) -> Digits {
        ds.iter()
            .fold(Digits::EMPTY, |m, &d| m.union(Digits::single(d)))
    }

    /// A rectangle on 1 and 2 (A1, A4, B1, B4) whose extra digits are 3
    /// and 4, with `a7` and `a8` in A7 and A8, 5 to 9 in row A's other
    /// squares and 6 to 9 everywhere else.
    fn rectangle_with(a7: &[u8], a8: &[u8]) -> Vec<Digits> {
        let mut marks = vec![digits(&[6, 7, 8, 9]); 81];
        for (s, ds) in [
            (0, &[1, 2, 3][..]),
            (3, &[1, 2, 4]),
            (9, &[1, 2]),
            (12, &[1, 2]),
            (6, a7),
            (7, a8),
        ] {
            marks[s] = digits(ds);
        }
        for s in [1, 2, 4, 5, 8] {
            marks[s] = digits(&[5, 6, 7, 8, 9]);
        }
        marks
    }

    /// The rectangle's extra digits 3 and 4, in row A, make a naked triple
    /// 345 with A7 (three candidates) and A8 (two): row A's other squares
    /// lose 5. Fails if the sets of type 3 leave out squares of more than
    /// two candidates.
    #[test]
    fn type_3_sets_take_squares_of_three_candidates() {
        let marks = rectangle_with(&[3, 4, 5], &[3, 5]);
        let empty = Grid::empty(Shape::of(Size::Nine, Variant::Standard));
        let state = State::from_marks(&empty, &empty, Some(&marks));
        let five_from_a9 = state.geometry().cand(8, 5);
        let mut found = false;
        let _ = UniqueLoops.find(&state, &mut Cache::new(), &mut |step| {
            found |= step.technique == Technique::UniqueRectangle3
                && step.eliminations.contains(&five_from_a9);
            ControlFlow::Continue(())
        });
        assert!(found);
    }

    /// The rectangle makes no step while 1 has a third place in row A
    /// (A7): then A7 loses 1, which holds no 2, and 1 is left in row A only
    /// on the rectangle, a type 4. The pair 1 2 would be passed over as
    /// unchanged were it not for its loop on the grid before.
    #[test]
    fn a_pair_whose_loop_gave_nothing_is_walked_again_after_a_change_nearby() {
        let mut marks = rectangle_with(&[1, 5, 6], &[2, 5, 6]);
        let empty = Grid::empty(Shape::of(Size::Nine, Variant::Standard));
        let mut cache = Cache::new();
        let before = State::from_marks(&empty, &empty, Some(&marks));
        assert!(UniqueLoops.all_with(&before, &mut cache).is_empty());
        marks[6] = digits(&[5, 6]);
        let after = State::from_marks(&empty, &empty, Some(&marks));
        let remembering = UniqueLoops.all_with(&after, &mut cache);
        let two_from_a1 = after.geometry().cand(0, 2);
        assert!(remembering.iter().any(|step| {
            step.technique == Technique::UniqueRectangle4
                && step.eliminations.contains(&two_from_a1)
        }));
        assert_eq!(remembering, UniqueLoops.all(&after));
    }

    /// Along the paths of norvig_top95 puzzles that run the search at many
    /// steps, one cache kept as a rater keeps it: the search that takes
    /// the loops of unchanged pairs from the last barren grid finds what a
    /// fresh one finds, and it takes some.
    #[test]
    fn loops_taken_from_the_last_barren_grid_give_what_a_fresh_search_gives() {
        let mut taken = 0;
        for puzzle in [
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
            ".47.2....8....1....3....9.2.....5...6..81..5.....4.....7....3.4...9...1.4..27.8..",
            ".5..9....1.....6.....3.8.....8.4...9514.......3....2..........4.8...6..77..15..6.",
        ] {
            let mut cache = Cache::new();
            for state in crate::logic::solver::se_path_states(puzzle) {
                let same = unchanged_pairs(&mut cache, &state);
                taken += cache
                    .part::<Remembered>()
                    .walks
                    .iter()
                    .filter(|w| same & w.pair != 0)
                    .count();
                assert_eq!(
                    UniqueLoops.all_with(&state, &mut cache),
                    UniqueLoops.all(&state)
                );
            }
        }
        assert!(taken > 20, "{taken} walks taken");
    }

    /// Marks made to defeat the walk: most squares hold 1, 2 and 3, every
    /// fifth just 1 and 2. Unbounded, one search takes hours on 9x9.
    #[test]
    fn a_search_ends_on_marks_made_to_defeat_it() {
        for size in [Size::Nine, Size::Sixteen] {
            let shape = Shape::of(size, Variant::Standard);
            let three = Digits::from_bits(0b1110);
            let two = Digits::from_bits(0b0110);
            let marks: Vec<Digits> = (0..shape.square_count())
                .map(|s| if (s * 7919) % 5 == 0 { two } else { three })
                .collect();
            let empty = Grid::empty(shape);
            let state = State::from_marks(&empty, &empty, Some(&marks));
            let mut offered = 0;
            let _ = UniqueLoops.find(&state, &mut Cache::new(), &mut |step| {
                assert!(!step.eliminations.is_empty());
                offered += 1;
                ControlFlow::Continue(())
            });
            assert!(
                offered > 0,
                "{size:?}: the loops found before the budget ran out"
            );
        }
    }

    #[test]
    fn a_walk_from_a_square_alone_in_one_of_its_units_finds_no_loop() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        let shape = Shape::of(Size::Nine, crate::shape::Variant::Standard);
        let empty = Grid::empty(shape);
        let (mut walks, mut looped, mut left_out) = (0, 0, 0);
        for _ in 0..400 {
            // Few digits, mostly pairs: many loops and many near misses.
            let marks: Vec<Digits> = (0..81)
                .map(|_| {
                    let mut m = Digits::EMPTY;
                    let size = if rng.gen_range(0..4) == 0 { 3 } else { 2 };
                    while m.len() < size {
                        m.insert(rng.gen_range(1..=4));
                    }
                    m
                })
                .collect();
            let state = State::from_marks(&empty, &empty, Some(&marks));
            for start in 0..81 {
                let c = state.cands(start);
                if c.len() != 2 {
                    continue;
                }
                let mut budget = WALK_BUDGET;
                let mut walk = Walk::new(&state, start, Vec::new(), vec![false; 81], &mut budget);
                walk.extend(2, Digits::EMPTY, None);
                walks += 1;
                let alone = alone_in_a_unit(&state, start);
                left_out += usize::from(alone);
                if !walk.loops.is_empty() {
                    looped += 1;
                    assert!(!alone, "a loop from {start}: {:?}", walk.loops);
                }
            }
        }
        assert!(
            looped >= 20 && left_out >= 20,
            "{walks} walks, {looped} with loops, {left_out} left out"
        );
    }

    /// Odd and even squares must cover the same units, each unit once per side.
    fn is_valid_loop(state: &State, cycle: &[usize]) -> bool {
        let geo = state.geometry();
        let mut odd: Vec<usize> = Vec::new();
        let mut even: Vec<usize> = Vec::new();
        for (i, &s) in cycle.iter().enumerate() {
            let side = if i % 2 == 1 { &mut odd } else { &mut even };
            for kind in KINDS {
                let u = geo.unit_of(s, kind);
                if side.contains(&u) {
                    return false;
                }
                side.push(u);
            }
        }
        odd.sort_unstable();
        even.sort_unstable();
        odd == even
    }

    /// The walk written plainly, for checking the fast one: every square
    /// of each unit in turn, each paid for with one of the budget, and a
    /// square sharing a unit with the path's squares of its parity found
    /// by asking each of them. Returns the loops, in the order found.
    fn plain_walk(state: &State, start: usize, budget: &mut usize) -> Vec<Vec<usize>> {
        fn go(
            state: &State,
            path: &mut Vec<usize>,
            allowed_extra: i32,
            extras: Digits,
            last_kind: Option<UnitKind>,
            budget: &mut usize,
            loops: &mut Vec<Vec<usize>>,
        ) {
            let geo = state.geometry();
            let start = path[0];
            let pair = state.cands(start);
            let here = path[path.len() - 1];
            for kind in KINDS {
                if Some(kind) == last_kind {
                    continue;
                }
                for &next in geo.squares(geo.unit_of(here, kind)) {
                    if *budget == 0 {
                        return;
                    }
                    *budget -= 1;
                    if next == start && path.len() >= 4 {
                        if is_valid_loop(state, path) {
                            loops.push(path.clone());
                        }
                        continue;
                    }
                    let c = state.cands(next);
                    if next == start || path.contains(&next) || !pair.without(c).is_empty() {
                        continue;
                    }
                    if c.len() == 2 && next < start {
                        continue;
                    }
                    let parity = path.len() % 2;
                    let clash = path.iter().enumerate().any(|(i, &p)| {
                        i % 2 == parity
                            && KINDS
                                .iter()
                                .any(|&k| geo.unit_of(p, k) == geo.unit_of(next, k))
                    });
                    if clash {
                        continue;
                    }
                    let new_extras = extras.union(c.without(pair));
                    if c.len() == 2 || new_extras.len() == 1 || allowed_extra > 0 {
                        let allowed = allowed_extra - i32::from(c.len() > 2);
                        path.push(next);
                        go(state, path, allowed, new_extras, Some(kind), budget, loops);
                        path.pop();
                    }
                }
            }
        }
        let mut loops = Vec::new();
        go(
            state,
            &mut vec![start],
            2,
            Digits::EMPTY,
            None,
            budget,
            &mut loops,
        );
        loops
    }

    /// The fast walk finds the plain walk's loops in its order, and leaves
    /// the same budget, on random marks of every standard size: with a
    /// budget most walks end within, and with one that runs out part of
    /// the way.
    #[test]
    fn the_walk_finds_what_the_plain_walk_finds_and_spends_as_much() {
        use crate::logic::techniques::random_marks;
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(41);
        let (mut looped, mut ran_out) = (0, 0);
        for size in [Size::Four, Size::Six, Size::Nine, Size::Sixteen] {
            let shape = Shape::of(size, Variant::Standard);
            let count = shape.square_count();
            let grids = if size == Size::Sixteen { 10 } else { 60 };
            for _ in 0..grids {
                // Few digits, mostly pairs: many loops and many near misses.
                let top = rng.gen_range(3..=5).min(shape.side() as u8);
                let state = random_marks::state(shape, top, &mut rng, |rng| {
                    if rng.gen_range(0..4) == 0 {
                        3
                    } else {
                        2
                    }
                });
                for start in (0..count).filter(|&s| state.cands(s).len() == 2) {
                    // (On such marks a walk may take all of WALK_BUDGET.)
                    let whole = if rng.gen_range(0..3) == 0 {
                        rng.gen_range(0..2_000)
                    } else {
                        50_000
                    };
                    let (mut fast_left, mut plain_left) = (whole, whole);
                    let mut walk = Walk::new(
                        &state,
                        start,
                        Vec::new(),
                        vec![false; count],
                        &mut fast_left,
                    );
                    walk.extend(2, Digits::EMPTY, None);
                    let plain = plain_walk(&state, start, &mut plain_left);
                    assert_eq!(walk.loops, plain, "{size:?} from {start}");
                    assert_eq!(fast_left, plain_left, "{size:?} from {start}");
                    looped += usize::from(!plain.is_empty());
                    ran_out += usize::from(plain_left == 0);
                }
            }
        }
        assert!(
            looped >= 50 && ran_out >= 50,
            "{looped} with loops, {ran_out} ran out"
        );
    }
}
