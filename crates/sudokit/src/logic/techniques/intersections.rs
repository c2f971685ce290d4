//! Intersections ("locked candidates"): a box and a line share a few
//! squares. When a digit's places in one of them all fall in the shared
//! squares, the digit must go there, so it can be removed from the rest of
//! the other.
//!
//! - **Pointing** (2.6): the digit's places in a box lie on one line;
//!   remove it from the rest of the line.
//! - **Claiming** (2.8): the digit's places in a line lie in one box;
//!   remove it from the rest of the box.
//! - **Direct pointing** (1.7) and **direct claiming** (1.9): the same
//!   removals leave the digit one place in another box (another line), so
//!   the step places it there at once. Sudoku Explainer tries these before
//!   naked singles.
//!
//! ```text
//!  pointing: 5 in box 1 only in row A      claiming: 5 in row A only in box 1
//!  5 5 . | x x x | x x x                   5 5 . | . . . | . . .
//!  . . . | . . . | . . .                   x x x | . . . | . . .
//!  . . . | . . . | . . .                   x x x | . . . | . . .
//! ```
//!
//! Sudoku Explainer's scan: box/column, box/row, column/box, row/box pairs;
//! within each, digits 1 to 9, then the first unit, then the crossing one.

use crate::logic::bits::{at_most_one, bits};
use crate::logic::cache::Cache;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};
use crate::logic::techniques::since_barren;
use crate::logic::techniques::since_barren::Slot;
use crate::logic::text::{and_list, removal_text, Digit};
use crate::logic::units::{Cand, UnitKind};
use std::ops::ControlFlow;

/// Pointing and claiming; `direct` keeps only those that place a digit.
pub struct Intersections {
    /// Only the steps whose removals leave a hidden single, which they place.
    pub direct: bool,
}

/// The unit kinds paired, in Sudoku Explainer's order: (where the digit is
/// locked, where it is removed).
const PAIRS: [(UnitKind, UnitKind); 8] = [
    (UnitKind::Box, UnitKind::Column),
    (UnitKind::Box, UnitKind::Row),
    (UnitKind::Column, UnitKind::Box),
    (UnitKind::Row, UnitKind::Box),
    (UnitKind::Diagonal, UnitKind::Box),
    (UnitKind::AntiDiagonal, UnitKind::Box),
    (UnitKind::Box, UnitKind::Diagonal),
    (UnitKind::Box, UnitKind::AntiDiagonal),
];

impl Finder for Intersections {
    fn min_difficulty(&self) -> u16 {
        if self.direct {
            Technique::DirectPointing.difficulty().0
        } else {
            Technique::Pointing.difficulty().0
        }
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        let geo = state.geometry();
        let n = state.shape().side() as u8;
        // Only the digits that changed since the last grid where this rule
        // found nothing (see [`since_barren`]).
        let slot = if self.direct {
            Slot::DirectIntersections
        } else {
            Slot::Intersections
        };
        let changed = since_barren::changed_digits(cache, slot, state);
        let mut any = false;
        for (kind1, kind2) in PAIRS {
            let kind2_units = geo.units_of_kind(kind2);
            for d in (1..=n).filter(|&d| changed & (1 << d) != 0) {
                for u1 in geo.units_of_kind(kind1) {
                    let positions = state.positions(u1, d);
                    if at_most_one(positions) {
                        continue;
                    }
                    for crossing in geo.crossings(u1) {
                        let u2 = crossing.unit;
                        // Locked in the shared squares, and somewhere else
                        // in `u2` to remove it from.
                        if positions & !crossing.here != 0
                            || !kind2_units.contains(&u2)
                            || state.positions(u2, d) & !crossing.there == 0
                        {
                            continue;
                        }
                        if self.direct {
                            self.direct_steps(state, (u1, u2, kind1), d, &mut |step| {
                                any = true;
                                found(step)
                            })?;
                        } else if let Some(step) = locking_step(state, u1, u2, d, None) {
                            any = true;
                            found(step)?;
                        }
                    }
                }
            }
        }
        if !any {
            since_barren::keep_barren(cache, slot, state);
        }
        ControlFlow::Continue(())
    }
}

impl Intersections {
    /// For a digit locked in `u1` ∩ `u2`: each other unit of `u1`'s kind that
    /// crosses `u2` and keeps one place for the digit once `u2` is cleared.
    fn direct_steps(
        &self,
        state: &State,
        (u1, u2, kind1): (usize, usize, UnitKind),
        d: u8,
        found: Found<'_>,
    ) -> ControlFlow<()> {
        let geo = state.geometry();
        for u3 in geo.units_of_kind(kind1) {
            if u3 == u1 || geo.overlap(u3, u2) == 0 {
                continue;
            }
            let positions = state.positions(u3, d);
            if at_most_one(positions) {
                continue;
            }
            let squares = geo.squares(u3);
            let mut left = bits(positions).filter(|&i| !geo.holds(u2, squares[i]));
            if let (Some(i), None) = (left.next(), left.next()) {
                if let Some(step) = locking_step(state, u1, u2, d, Some((u3, squares[i]))) {
                    found(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The step for digit `d` locked in `u1` ∩ `u2`: remove it from the rest of
/// `u2`, and with `placed`, place it in the square left in that unit.
fn locking_step(
    state: &State,
    u1: usize,
    u2: usize,
    d: u8,
    placed: Option<(usize, usize)>,
) -> Option<Step> {
    let geo = state.geometry();
    let eliminations: Vec<Cand> = geo
        .squares(u2)
        .iter()
        .filter(|&&s| !geo.holds(u1, s) && state.cands(s).contains(d))
        .map(|&s| geo.cand(s, d))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let pointing = geo.unit(u1).kind() == UnitKind::Box;
    let technique = match (placed.is_some(), pointing) {
        (true, true) => Technique::DirectPointing,
        (true, false) => Technique::DirectClaiming,
        (false, true) => Technique::Pointing,
        (false, false) => Technique::Claiming,
    };
    let mut step = Step::new(technique, technique.difficulty().0);
    match placed {
        // As in Sudoku Explainer, a direct step only places: the removals
        // are its reason, not its move.
        Some((_, target)) => step.placements.push(geo.cand(target, d)),
        None => step.eliminations = eliminations.clone(),
    }
    if !state.reasons() {
        return Some(step);
    }
    let locked: Vec<_> = geo
        .squares(u1)
        .iter()
        .filter(|&&s| state.cands(s).contains(d))
        .map(|&s| geo.square(s))
        .collect();
    step.evidence.candidates = locked
        .iter()
        .map(|&square| Cand { square, digit: d })
        .collect();
    step.evidence.squares = locked.clone();
    let (unit1, unit2) = (geo.unit(u1), geo.unit(u2));
    step.evidence.units = vec![unit1, unit2];
    let head = format!(
        "{} {} in {unit1} only in {} ({unit2})",
        technique.name(),
        Digit(d),
        and_list(&locked)
    );
    step.text = match placed {
        Some((u3, target)) => {
            let cleared: Vec<_> = eliminations.iter().map(|c| c.square).collect();
            format!(
                "{head}: it cannot be in {}, which leaves {} the only place for {} in {}",
                and_list(&cleared),
                geo.square(target),
                Digit(d),
                geo.unit(u3)
            )
        }
        None => format!("{head}: {}", removal_text(&eliminations)),
    };
    Some(step)
}
