//! Singles: the moves that place a digit by looking at one unit or one
//! square.
//!
//! - **Full house** (1.0): a unit has one empty square left, so it takes the
//!   one digit the unit is missing.
//! - **Hidden single** (1.2 in a box, 1.5 in a row or column): a digit has
//!   only one square left in a unit, so it goes there.
//! - **Naked single** (2.3): a square has only one candidate left.
//!
//! ```text
//!  hidden single in box 5       naked single in E5
//!  . . . | . 7 . | . . .        row E holds 1 2 3 4, column 5 holds 6 7 8,
//!  -----+-------+-----          box 5 holds 9: E5 can only be 5
//!  . . . | x x x | . . .
//!  . . . | x ? x | . . .        (x: a 7 in a peer rules the square out)
//!  . . . | x x x | 7 . .
//! ```
//!
//! Sudoku Explainer looks for full houses first (boxes, then columns, then
//! rows), then hidden singles in the same unit order, digits 1 to 9 in each
//! unit; naked singles square by square. Its rating counts a hidden single
//! found in a box as easier than one found in a line.

use super::step::Step;
use super::units::{Cand, UnitKind};
use super::{Finder, Found, State, Technique};
use std::ops::ControlFlow;

/// Full houses: the last empty square of a unit.
pub struct FullHouse;

/// Hidden singles: the last place for a digit in a unit.
pub struct HiddenSingle;

/// Naked singles: the last candidate of a square.
pub struct NakedSingle;

/// Finds the digits with one place left in a unit, full houses (`last`)
/// or the others.
fn singles_in_units(state: &State, last: bool, found: Found<'_>) -> ControlFlow<()> {
    let geo = state.geometry();
    let n = state.shape().side() as u8;
    for &u in &geo.scan {
        let empty = state.empty_count(u);
        if empty == 0 || (empty == 1) != last {
            continue;
        }
        for d in 1..=n {
            let positions = state.positions(u, d);
            if positions.count_ones() != 1 {
                continue;
            }
            let s = geo.squares(u)[positions.trailing_zeros() as usize];
            let (square, unit) = (geo.square(s), geo.unit(u));
            let mut step = if last {
                Step::new(Technique::FullHouse, 10)
            } else if unit.kind() == UnitKind::Box {
                let mut step = Step::new(Technique::HiddenSingle, 12);
                step.name = "Hidden single in a box";
                step
            } else {
                let mut step = Step::new(Technique::HiddenSingle, 15);
                step.name = "Hidden single in a line";
                step
            };
            step.placements.push(Cand { square, digit: d });
            if state.reasons() {
                step.text = if last {
                    format!("Full house in {unit}: {square} is its last empty square, so it is {d}")
                } else {
                    format!("Hidden single in {unit}: {d} can only go in {square}")
                };
                step.evidence.squares.push(square);
                step.evidence.units.push(unit);
            }
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

impl Finder for FullHouse {
    fn min_difficulty(&self) -> u16 {
        10
    }

    fn find(&self, state: &State, found: Found<'_>) -> ControlFlow<()> {
        singles_in_units(state, true, found)
    }
}

impl Finder for HiddenSingle {
    fn min_difficulty(&self) -> u16 {
        12
    }

    fn find(&self, state: &State, found: Found<'_>) -> ControlFlow<()> {
        singles_in_units(state, false, found)
    }
}

impl Finder for NakedSingle {
    fn min_difficulty(&self) -> u16 {
        23
    }

    fn find(&self, state: &State, found: Found<'_>) -> ControlFlow<()> {
        let geo = state.geometry();
        for s in 0..state.shape().square_count() {
            let Some(d) = state.cands(s).only() else {
                continue;
            };
            if state.value(s) != 0 {
                continue;
            }
            let square = geo.square(s);
            let mut step = Step::new(Technique::NakedSingle, 23);
            step.placements.push(Cand { square, digit: d });
            if state.reasons() {
                step.text = format!("Naked single: {d} is the only candidate left in {square}");
                step.evidence.squares.push(square);
            }
            found(step)?;
        }
        ControlFlow::Continue(())
    }
}
