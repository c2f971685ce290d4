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

use crate::logic::bits::bits;
use crate::logic::cache::Cache;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};
use crate::logic::text::Digit;
use crate::logic::units::{Cand, UnitKind};
use std::ops::ControlFlow;

/// Full houses: the last empty square of a unit.
pub struct FullHouse;

/// Hidden singles: the last place for a digit in a unit.
pub struct HiddenSingle;

/// Naked singles: the last candidate of a square.
pub struct NakedSingle;

/// A digit with one place left in a unit, before it is dressed as a
/// [`Step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Single {
    /// The unit.
    pub unit: usize,
    /// The square where the digit goes.
    pub square: usize,
    /// The digit.
    pub digit: u8,
    /// Full house (the unit's last empty square) or hidden single.
    pub technique: Technique,
    /// 1.0 for a full house, 1.2 for a hidden single in a box, 1.5 in a line.
    pub difficulty: u16,
}

/// The units where `singles` looks: those with one empty square for full
/// houses (`last`), the others with a digit that has one place left.
fn single_units(state: &State, last: bool) -> u128 {
    if last {
        state.last_units() & state.lone_units()
    } else {
        state.lone_units() & !state.last_units()
    }
}

/// Digit `d`'s single in unit `u`.
fn single(state: &State, u: usize, d: usize, last: bool) -> Single {
    let geo = state.geometry();
    let digit = d as u8;
    let square = geo.squares(u)[state.positions(u, digit).trailing_zeros() as usize];
    let (technique, difficulty) = if last {
        (Technique::FullHouse, Technique::FullHouse.difficulty().0)
    } else {
        let in_box = geo.unit(u).kind() == UnitKind::Box;
        (Technique::HiddenSingle, hidden_single_difficulty(in_box))
    };
    Single {
        unit: u,
        square,
        digit,
        technique,
        difficulty,
    }
}

/// A hidden single's difficulty in tenths: SE counts one in a row or
/// column 0.3 harder than one in a box.
pub(crate) fn hidden_single_difficulty(in_box: bool) -> u16 {
    Technique::HiddenSingle.difficulty().0 + if in_box { 0 } else { 3 }
}

/// The digits with one place left in a unit, in Sudoku Explainer's order:
/// full houses (`last`) or the others.
pub(crate) fn singles(state: &State, last: bool) -> impl Iterator<Item = Single> + '_ {
    let units = single_units(state, last);
    state
        .geometry()
        .in_scan_order(units)
        .flat_map(move |u| bits(state.lone_digits(u)).map(move |d| single(state, u, d, last)))
}

/// The first step of Sudoku Explainer's first two rules (full house, then
/// hidden single), without building a [`Step`]: most steps of most paths
/// are these, and a rater needs only where they go and their difficulty.
/// (The same as the first of [`singles`], without walking an iterator.)
pub(crate) fn first_single(state: &State) -> Option<Single> {
    [true, false].into_iter().find_map(|last| {
        let u = state
            .geometry()
            .first_in_scan_order(single_units(state, last))?;
        let d = state.lone_digits(u).trailing_zeros() as usize;
        Some(single(state, u, d, last))
    })
}

/// Offers the full houses (`last`) or the hidden singles as steps.
fn singles_in_units(state: &State, last: bool, found: Found<'_>) -> ControlFlow<()> {
    let geo = state.geometry();
    for single in singles(state, last) {
        let (square, unit, d) = (
            geo.square(single.square),
            geo.unit(single.unit),
            single.digit,
        );
        let mut step = Step::new(single.technique, single.difficulty);
        step.name = match single.technique {
            Technique::FullHouse => step.name,
            _ if single.difficulty == Technique::HiddenSingle.difficulty().0 => {
                "Hidden single in a box"
            }
            _ => "Hidden single in a line",
        };
        step.placements.push(Cand { square, digit: d });
        if state.reasons() {
            let d = Digit(d);
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
    ControlFlow::Continue(())
}

impl Finder for FullHouse {
    fn min_difficulty(&self) -> u16 {
        Technique::FullHouse.difficulty().0
    }

    fn find(&self, state: &State, _cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        singles_in_units(state, true, found)
    }
}

impl Finder for HiddenSingle {
    fn min_difficulty(&self) -> u16 {
        Technique::HiddenSingle.difficulty().0
    }

    fn find(&self, state: &State, _cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        singles_in_units(state, false, found)
    }
}

impl Finder for NakedSingle {
    fn min_difficulty(&self) -> u16 {
        Technique::NakedSingle.difficulty().0
    }

    fn find(&self, state: &State, _cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        let geo = state.geometry();
        for s in 0..state.shape().square_count() {
            let Some(d) = state.cands(s).only() else {
                continue;
            };
            if state.value(s) != 0 {
                continue;
            }
            let square = geo.square(s);
            let mut step = Step::new(
                Technique::NakedSingle,
                Technique::NakedSingle.difficulty().0,
            );
            step.placements.push(Cand { square, digit: d });
            if state.reasons() {
                let d = Digit(d);
                step.text = format!("Naked single: {d} is the only candidate left in {square}");
                step.evidence.squares.push(square);
            }
            found(step)?;
        }
        ControlFlow::Continue(())
    }
}
