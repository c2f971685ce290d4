//! Subsets: `k` squares of a unit that hold only `k` digits between them
//! (a **naked** set), or `k` digits that have only `k` places in a unit (a
//! **hidden** set). Either way those digits fill those squares, so a naked
//! set removes its digits from the unit's other squares and a hidden set
//! removes the other digits from its squares.
//!
//! ```text
//!  naked pair 1,7 in row C            hidden pair 3,8 in box 1
//!  C: 17 . 137 . 17 . 4 . 179         3 and 8 appear only in A1 and B2:
//!     ^^       ^^                     every other candidate there goes
//!  remove 1 and 7 from C3 and C9
//! ```
//!
//! Difficulties (Sudoku Explainer): naked pair 3.0, triple 3.6, quad 5.0;
//! hidden pair 3.4, triple 4.0, quad 5.4; and the **direct** hidden pair
//! (2.0) and triple (2.5), which SE counts only when the removals leave a
//! hidden single in the unit, which the step then places.
//!
//! Scan (SE): boxes, columns, rows; in each, the sets of squares (or
//! digits) in increasing order of their bit masks. A naked set is looked for
//! only in units with at least `2k` empty squares and a hidden set in units
//! with more than `2k` (direct: more than `k`): in a smaller unit the same
//! removals are a smaller set of the other kind.

use crate::grid::Digits;
use crate::logic::bits::{bits, subsets_of};
use crate::logic::cache::Cache;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};
use crate::logic::techniques::since_barren;
use crate::logic::techniques::since_barren::Slot;
use crate::logic::text::{and_list, digit_list, removal_text, Digit};
use crate::logic::units::{Cand, Square};
use std::ops::ControlFlow;

/// `k` squares holding `k` digits.
pub struct NakedSet {
    /// The size of the set, 2 to 4.
    pub size: usize,
}

/// `k` digits with `k` places.
pub struct HiddenSet {
    /// The size of the set, 2 to 4.
    pub size: usize,
    /// Only those whose removals leave a hidden single, which they place.
    pub direct: bool,
}

impl Finder for NakedSet {
    fn min_difficulty(&self) -> u16 {
        [
            Technique::NakedPair,
            Technique::NakedTriple,
            Technique::NakedQuad,
        ][self.size - 2]
            .difficulty()
            .0
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        let geo = state.geometry();
        let (k, n) = (self.size, state.shape().side());
        // Only the units that changed since the last grid where this rule
        // found nothing (see [`since_barren`]).
        let slot = Slot::NakedSet(k);
        let changed = since_barren::changed_units(cache, slot, state);
        let mut any = false;
        for &u in &geo.scan {
            if state.empty_count(u) < 2 * k || changed.as_ref().is_some_and(|c| !c[u]) {
                continue;
            }
            let squares = geo.squares(u);
            // A member of a naked set of k squares has 2 to k candidates.
            let members = (0..n)
                .filter(|&i| (2..=k).contains(&state.cands(squares[i]).len()))
                .fold(0u32, |m, i| m | 1 << i);
            for set in subsets_of(k, members) {
                let mut union = Digits::EMPTY;
                let mut ok = true;
                for i in bits(set) {
                    let c = state.cands(squares[i]);
                    if c.len() < 2 {
                        ok = false;
                        break;
                    }
                    union = union.union(c);
                }
                if !ok || union.len() != k {
                    continue;
                }
                let eliminations: Vec<Cand> = squares
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| set & (1 << i) == 0)
                    .flat_map(|(_, &s)| geo.cands(s, state.cands(s).intersection(union)))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let technique = [
                    Technique::NakedPair,
                    Technique::NakedTriple,
                    Technique::NakedQuad,
                ][k - 2];
                let mut step = Step::new(technique, self.min_difficulty());
                if state.reasons() {
                    let members = set_evidence(&mut step, state, u, set, union);
                    step.text = format!(
                        "{} {} in {} ({}): {}",
                        technique.name(),
                        digit_list(union.iter()),
                        and_list(&members),
                        geo.unit(u),
                        removal_text(&eliminations)
                    );
                }
                step.eliminations = eliminations;
                any = true;
                found(step)?;
            }
        }
        if !any {
            since_barren::keep_barren(cache, slot, state);
        }
        ControlFlow::Continue(())
    }
}

impl Finder for HiddenSet {
    fn min_difficulty(&self) -> u16 {
        if self.direct {
            match self.size {
                2 => Technique::DirectHiddenPair.difficulty().0,
                3 => Technique::DirectHiddenTriple.difficulty().0,
                // A direct hidden quad: no rule of SE's, nor of any order.
                _ => 43,
            }
        } else {
            [
                Technique::HiddenPair,
                Technique::HiddenTriple,
                Technique::HiddenQuad,
            ][self.size - 2]
                .difficulty()
                .0
        }
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        let geo = state.geometry();
        let (k, n) = (self.size, state.shape().side());
        // Only the units that changed since the last grid where this rule
        // found nothing (see [`since_barren`]).
        let slot = Slot::HiddenSet(k, self.direct);
        let changed = since_barren::changed_units(cache, slot, state);
        let mut any = false;
        for &u in &geo.scan {
            let empty = state.empty_count(u);
            if empty <= 2 * k && !(self.direct && empty > k) {
                continue;
            }
            if changed.as_ref().is_some_and(|c| !c[u]) {
                continue;
            }
            let squares = geo.squares(u);
            let mut positions = [0u32; 26];
            for (d, places) in positions.iter_mut().enumerate().take(n + 1).skip(1) {
                *places = state.positions(u, d as u8);
            }
            // A digit of a hidden set of k digits has 2 to k places (bit
            // `d - 1` for digit `d`, as the sets below number them).
            let members = (0..n)
                .filter(|&i| (2..=k).contains(&(positions[i + 1].count_ones() as usize)))
                .fold(0u32, |m, i| m | 1 << i);
            for set in subsets_of(k, members) {
                let mut places = 0u32;
                let mut ok = true;
                for i in bits(set) {
                    let p = positions[i + 1];
                    if p.count_ones() < 2 {
                        ok = false;
                        break;
                    }
                    places |= p;
                }
                if !ok || places.count_ones() as usize != k {
                    continue;
                }
                let digits = Digits::from_bits(set << 1);
                let eliminations: Vec<Cand> = bits(places)
                    .flat_map(|i| {
                        let s = squares[i];
                        geo.cands(s, state.cands(s).without(digits))
                    })
                    .collect();
                let placement = if self.direct {
                    // The first digit outside the set left with one place.
                    let target = (1..=n as u8)
                        .filter(|&d| !digits.contains(d))
                        .find_map(|d| {
                            let p = positions[usize::from(d)];
                            let rest = p & !places;
                            (p.count_ones() > 1 && rest.count_ones() == 1)
                                .then(|| geo.cand(squares[rest.trailing_zeros() as usize], d))
                        });
                    let Some(c) = target else {
                        continue;
                    };
                    Some(c)
                } else {
                    None
                };
                if eliminations.is_empty() {
                    continue;
                }
                let technique = match (self.direct, k) {
                    (true, 2) => Technique::DirectHiddenPair,
                    (true, _) => Technique::DirectHiddenTriple,
                    (false, 2) => Technique::HiddenPair,
                    (false, 3) => Technique::HiddenTriple,
                    (false, _) => Technique::HiddenQuad,
                };
                let mut step = Step::new(technique, self.min_difficulty());
                if state.reasons() {
                    let members = set_evidence(&mut step, state, u, places, digits);
                    let head = format!(
                        "{} {} in {} ({})",
                        technique.name(),
                        digit_list(digits.iter()),
                        and_list(&members),
                        geo.unit(u)
                    );
                    step.text = match placement {
                        Some(c) => format!(
                            "{head}: no other digit fits there, which leaves {} the only place for {} in {}",
                            c.square,
                            Digit(c.digit),
                            geo.unit(u)
                        ),
                        None => format!("{head}: {}", removal_text(&eliminations)),
                    };
                }
                match placement {
                    // As in Sudoku Explainer, a direct step only places: the
                    // removals are its reason, not its move.
                    Some(c) => step.placements.push(c),
                    None => step.eliminations = eliminations,
                }
                any = true;
                found(step)?;
            }
        }
        if !any {
            since_barren::keep_barren(cache, slot, state);
        }
        ControlFlow::Continue(())
    }
}

/// Fills in a subset step's evidence: the squares of unit `u` at
/// `positions`, the unit, and those squares' candidates among `digits`.
/// Returns the squares, for the sentence.
fn set_evidence(
    step: &mut Step,
    state: &State,
    u: usize,
    positions: u32,
    digits: Digits,
) -> Vec<Square> {
    let geo = state.geometry();
    let squares = geo.squares(u);
    let members: Vec<Square> = bits(positions).map(|i| geo.square(squares[i])).collect();
    step.evidence.squares = members.clone();
    step.evidence.units = vec![geo.unit(u)];
    step.evidence.candidates = bits(positions)
        .flat_map(|i| geo.cands(squares[i], state.cands(squares[i]).intersection(digits)))
        .collect();
    members
}
