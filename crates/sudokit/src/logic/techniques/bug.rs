//! BUG: the bivalue universal grave.
//!
//! If every empty square held exactly two candidates and every digit had
//! exactly two places in every unit, the candidates would split into two
//! interchangeable solutions, or none: a puzzle with one solution never gets
//! there. So when a few squares (the **BUG squares**) hold one candidate too
//! many, and removing those extras would reach that state, one of the extras
//! must be true.
//!
//! ```text
//!  every square bivalue except E5 = 2,4,7, where 7 is the digit with three
//!  places in its row, column and box: E5 must be 7 (type 1)
//! ```
//!
//! - **Type 1** (5.6): one BUG square: it keeps only its extra digit(s).
//! - **Type 2** (5.7): several BUG squares, one extra digit `z`: squares
//!   seeing all of them lose `z`.
//! - **Type 3** (5.8 to 6.2): the BUG squares' extras act as one square of a
//!   naked set with other squares of a unit they share (5.7 + 0.1 per
//!   digit of the set beyond the first).
//! - **Type 4** (5.7): two BUG squares in one unit share one other digit; one
//!   of them takes its extra, so neither can take a digit that is neither
//!   its extra nor the shared one.
//!
//! The search follows Sudoku Explainer (with SukakuExplainer's correction):
//! units in the order boxes, rows, columns, digits 1 to 9; a digit with
//! neither 0 nor 2 places marks its squares of 3+ candidates as BUG squares
//! (one at a time when exactly one, all of them when one digit is the only
//! culprit everywhere).
//!
//! Off for the diagonal variant, where the two-solutions argument needs the
//! diagonals too.

use crate::grid::Digits;
use crate::logic::bits::{bits, subsets};
use crate::logic::cache::Cache;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};
use crate::logic::text::{and_list, digit_list, removal_text, Digit};
use crate::logic::units::{Cand, UnitKind};
use crate::shape::Variant;
use std::ops::ControlFlow;

/// The BUG patterns, types 1 to 4.
pub struct Bug;

const KINDS: [UnitKind; 3] = [UnitKind::Box, UnitKind::Row, UnitKind::Column];

/// The BUG squares and what they hold beyond the grave.
struct Grave {
    squares: Vec<usize>,
    extras: Vec<Digits>,
    all_extras: Digits,
    /// Squares that see every BUG square (filled or not), in square order.
    common: Option<Vec<usize>>,
}

impl Grave {
    fn extra_of(&self, s: usize) -> Digits {
        self.squares
            .iter()
            .position(|&b| b == s)
            .map_or(Digits::EMPTY, |i| self.extras[i])
    }

    /// Adds a BUG square (or an extra digit to one); false when no BUG
    /// type can follow.
    fn add(&mut self, state: &State, s: usize, d: u8, count_digit: bool) -> bool {
        if !self.squares.contains(&s) {
            self.squares.push(s);
            self.extras.push(Digits::EMPTY);
        }
        let i = self.squares.iter().position(|&b| b == s).unwrap_or(0);
        self.extras[i].insert(d);
        if count_digit {
            self.all_extras.insert(d);
        }
        let geo = state.geometry();
        let mut common = match self.common.take() {
            None => geo.peers(s).to_vec(),
            Some(c) => c.into_iter().filter(|&p| geo.sees(p, s)).collect(),
        };
        common.retain(|p| !self.squares.contains(p));
        let dead = self.squares.len() > 1 && self.all_extras.len() > 1 && common.is_empty();
        self.common = Some(common);
        !dead
    }
}

impl Finder for Bug {
    fn min_difficulty(&self) -> u16 {
        Technique::Bug1.difficulty().0
    }

    fn find(&self, state: &State, _cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        if state.shape().variant() == Variant::Diagonal {
            return ControlFlow::Continue(());
        }
        match find_grave(state) {
            Some(grave) => offer_steps(state, &grave, found),
            None => ControlFlow::Continue(()),
        }
    }
}

/// True when `mask` has exactly two bits.
fn is_two(mask: u32) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

fn find_grave(state: &State) -> Option<Grave> {
    let geo = state.geometry();
    let n = state.shape().side() as u8;
    let mut grave = Grave {
        squares: Vec::new(),
        extras: Vec::new(),
        all_extras: Digits::EMPTY,
        common: None,
    };
    let mut culprits: Option<(u8, Vec<usize>)> = None;
    let mut one_digit = true;
    for kind in KINDS {
        for u in geo.units_of_kind(kind) {
            let squares = geo.squares(u);
            for d in 1..=n {
                let positions = state.positions(u, d);
                if positions == 0 || is_two(positions) {
                    continue;
                }
                // The places with three candidates or more, as a mask (no
                // list per unit and digit: most of them end the search).
                let fat = bits(positions)
                    .filter(|&i| state.cands(squares[i]).len() >= 3)
                    .fold(0u32, |fat, i| fat | 1 << i);
                match &mut culprits {
                    None => culprits = Some((d, bits(fat).map(|i| squares[i]).collect())),
                    Some((only, cells)) if one_digit => {
                        if *only == d {
                            for s in bits(fat).map(|i| squares[i]) {
                                if !cells.contains(&s) {
                                    cells.push(s);
                                }
                            }
                        } else {
                            one_digit = false;
                        }
                    }
                    _ => {}
                }
                if fat != 0 && fat & (fat - 1) == 0 {
                    let s = squares[fat.trailing_zeros() as usize];
                    if !grave.add(state, s, d, true) {
                        return None;
                    }
                }
                if fat == 0 {
                    return None;
                }
            }
        }
    }
    if let (true, Some((d, mut cells))) = (one_digit, culprits) {
        if cells.len() > grave.squares.len() {
            cells.sort_unstable();
            for s in cells {
                if !grave.squares.contains(&s) && !grave.add(state, s, d, false) {
                    return None;
                }
            }
        }
    }
    is_grave_without(state, &grave).then_some(grave)
}

/// Whether, without the extras of `grave`, the grid is a grave: all
/// bivalue, every digit twice (or not at all) in every unit.
fn is_grave_without(state: &State, grave: &Grave) -> bool {
    let geo = state.geometry();
    let n = state.shape().side() as u8;
    let without = |s: usize| state.cands(s).without(grave.extra_of(s));
    if (0..state.shape().square_count()).any(|s| state.value(s) == 0 && without(s).len() != 2) {
        return false;
    }
    KINDS.iter().all(|&kind| {
        geo.units_of_kind(kind).all(|u| {
            (1..=n).all(|d| {
                let places = geo
                    .squares(u)
                    .iter()
                    .filter(|&&s| without(s).contains(d))
                    .count();
                places == 0 || places == 2
            })
        })
    })
}

fn offer_steps(state: &State, grave: &Grave, found: Found<'_>) -> ControlFlow<()> {
    let geo = state.geometry();
    let names: Vec<_> = grave.squares.iter().map(|&s| geo.square(s)).collect();
    // `bonus`: tenths above the technique's difficulty.
    let make = |technique: Technique, bonus: u16, mut eliminations: Vec<Cand>, why: String| {
        eliminations.sort();
        let mut step = Step::new(technique, technique.difficulty().0 + bonus);
        if state.reasons() {
            step.evidence.squares = names.clone();
            step.evidence.candidates = grave
                .squares
                .iter()
                .zip(&grave.extras)
                .flat_map(|(&s, &e)| geo.cands(s, e))
                .collect();
            step.text = format!(
                "{}: without the extra candidates of {} the grid would have two solutions or none; {why}, so {}",
                technique.name(),
                and_list(&names),
                removal_text(&eliminations)
            );
        }
        step.eliminations = eliminations;
        step
    };
    let common = grave.common.clone().unwrap_or_default();
    if grave.squares.len() == 1 {
        let s = grave.squares[0];
        let e: Vec<Cand> = geo
            .cands(s, state.cands(s).without(grave.all_extras))
            .collect();
        let why = format!(
            "{} must be {}",
            names[0],
            digit_list(grave.all_extras.iter())
        );
        if !e.is_empty() {
            found(make(Technique::Bug1, 0, e, why))?;
        }
    } else if grave.all_extras.len() == 1 {
        let Some(z) = grave.all_extras.iter().next() else {
            return ControlFlow::Continue(());
        };
        let e: Vec<Cand> = common
            .iter()
            .filter(|&&s| state.cands(s).contains(z))
            .map(|&s| geo.cand(s, z))
            .collect();
        if !e.is_empty() {
            found(make(
                Technique::Bug2,
                0,
                e,
                format!("one of them is {}", Digit(z)),
            ))?;
        }
        if grave.squares.len() == 2 {
            type4(state, grave, &make, found)?;
        }
    } else if !common.is_empty() {
        if grave.squares.len() == 2 {
            type4(state, grave, &make, found)?;
        }
        type3(state, grave, &common, &make, found)?;
    }
    ControlFlow::Continue(())
}

/// The unit of `kind` that holds every BUG square, if there is one.
fn shared_unit(state: &State, grave: &Grave, kind: UnitKind) -> Option<usize> {
    let geo = state.geometry();
    let u = geo.unit_of(grave.squares[0], kind);
    grave
        .squares
        .iter()
        .all(|&s| geo.unit_of(s, kind) == u)
        .then_some(u)
}

fn type4(
    state: &State,
    grave: &Grave,
    make: &dyn Fn(Technique, u16, Vec<Cand>, String) -> Step,
    found: Found<'_>,
) -> ControlFlow<()> {
    let geo = state.geometry();
    let (c1, c2) = (grave.squares[0], grave.squares[1]);
    let shared = state
        .cands(c1)
        .intersection(state.cands(c2))
        .without(grave.all_extras);
    let Some(v) = shared.only() else {
        return ControlFlow::Continue(());
    };
    for kind in KINDS {
        let Some(u) = shared_unit(state, grave, kind) else {
            continue;
        };
        let mut e = Vec::new();
        for s in [c1, c2] {
            let keep = grave.extra_of(s).union(Digits::single(v));
            for d in state.cands(s).without(keep).iter() {
                e.push(geo.cand(s, d));
            }
        }
        if e.is_empty() {
            continue;
        }
        let why = format!(
            "{} and {} share {} and the digit {v}; one takes its extra, the other {v}",
            geo.square(c1),
            geo.square(c2),
            geo.unit(u),
            v = Digit(v),
        );
        found(make(Technique::Bug4, 0, e, why))?;
    }
    ControlFlow::Continue(())
}

fn type3(
    state: &State,
    grave: &Grave,
    common: &[usize],
    make: &dyn Fn(Technique, u16, Vec<Cand>, String) -> Step,
    found: Found<'_>,
) -> ControlFlow<()> {
    let geo = state.geometry();
    for degree in 2..=6usize {
        for kind in KINDS {
            let Some(u) = shared_unit(state, grave, kind) else {
                continue;
            };
            let unit_cells: Vec<usize> = common
                .iter()
                .copied()
                .filter(|&s| geo.holds(u, s))
                .collect();
            if unit_cells.len() < degree {
                continue;
            }
            for pick in subsets(degree - 1, unit_cells.len()) {
                let naked: Vec<usize> = bits(pick).map(|i| unit_cells[i]).collect();
                let others = naked
                    .iter()
                    .fold(Digits::EMPTY, |a, &s| a.union(state.cands(s)));
                if others.len() != degree {
                    continue;
                }
                if naked.iter().any(|&s| state.cands(s).len() < 2) || grave.all_extras.len() < 2 {
                    continue;
                }
                let set = others.union(grave.all_extras);
                if set.len() != degree {
                    continue;
                }
                let mut e = Vec::new();
                for d in set.iter() {
                    let holders: Vec<usize> = naked
                        .iter()
                        .chain(&grave.squares)
                        .copied()
                        .filter(|&s| state.cands(s).contains(d))
                        .collect();
                    if holders.is_empty() {
                        continue;
                    }
                    for s in 0..state.shape().square_count() {
                        if state.cands(s).contains(d) && holders.iter().all(|&h| geo.sees(s, h)) {
                            e.push(geo.cand(s, d));
                        }
                    }
                }
                if e.is_empty() {
                    continue;
                }
                let naked_names: Vec<_> = naked.iter().map(|&s| geo.square(s)).collect();
                let why = format!(
                    "their extras {} act as one square of a naked set {} with {} in {}",
                    digit_list(grave.all_extras.iter()),
                    digit_list(set.iter()),
                    and_list(&naked_names),
                    geo.unit(u)
                );
                found(make(Technique::Bug3, degree as u16 - 1, e, why))?;
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::shape::{Shape, Size, Variant};
    use rand::{Rng, SeedableRng};

    /// The BUG squares found as SE finds them, written plainly: for every
    /// unit and digit with neither none nor two places, the list of its
    /// places with three candidates or more.
    fn plain_grave(state: &State) -> Option<Grave> {
        let geo = state.geometry();
        let n = state.shape().side() as u8;
        let mut grave = Grave {
            squares: Vec::new(),
            extras: Vec::new(),
            all_extras: Digits::EMPTY,
            common: None,
        };
        let mut culprits: Option<(u8, Vec<usize>)> = None;
        let mut one_digit = true;
        for kind in KINDS {
            for u in geo.units_of_kind(kind) {
                for d in 1..=n {
                    let positions = state.positions(u, d);
                    if positions.count_ones() == 0 || positions.count_ones() == 2 {
                        continue;
                    }
                    let fat: Vec<usize> = bits(positions)
                        .map(|i| geo.squares(u)[i])
                        .filter(|&s| state.cands(s).len() >= 3)
                        .collect();
                    match &mut culprits {
                        None => culprits = Some((d, fat.clone())),
                        Some((only, cells)) if one_digit => {
                            if *only == d {
                                for &s in &fat {
                                    if !cells.contains(&s) {
                                        cells.push(s);
                                    }
                                }
                            } else {
                                one_digit = false;
                            }
                        }
                        _ => {}
                    }
                    if let [s] = fat[..] {
                        if !grave.add(state, s, d, true) {
                            return None;
                        }
                    }
                    if fat.is_empty() {
                        return None;
                    }
                }
            }
        }
        if let (true, Some((d, mut cells))) = (one_digit, culprits) {
            if cells.len() > grave.squares.len() {
                cells.sort_unstable();
                for s in cells {
                    if !grave.squares.contains(&s) && !grave.add(state, s, d, false) {
                        return None;
                    }
                }
            }
        }
        Some(grave)
    }

    /// What a grave holds, to compare.
    type Said = (Vec<usize>, Vec<Digits>, Digits, Option<Vec<usize>>);

    fn said(grave: Grave) -> Said {
        (grave.squares, grave.extras, grave.all_extras, grave.common)
    }

    #[test]
    fn the_squares_of_three_candidates_as_a_mask_make_the_grave_the_lists_made() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut graves = 0;
        for size in [Size::Four, Size::Nine] {
            let shape = Shape::of(size, Variant::Standard);
            let n = shape.side() as u8;
            for _ in 0..3000 {
                // A grave: in every square the digit of a solution and that
                // of the same solution with its digits shifted by one (so
                // every unit holds each digit twice), then a third digit in
                // a few squares. (The solution: a pattern of shifted rows,
                // its digits relabelled at random.)
                let (side, b) = (n as usize, (n as f64).sqrt() as usize);
                let mut label: Vec<u8> = (1..=n).collect();
                for i in (1..side).rev() {
                    label.swap(i, rng.gen_range(0..=i));
                }
                let mut marks: Vec<Digits> = (0..shape.square_count())
                    .map(|s| {
                        let (r, c) = (s / side, s % side);
                        let v = (r * b + r / b + c) % side;
                        Digits::single(label[v]).union(Digits::single(label[(v + 1) % side]))
                    })
                    .collect();
                for _ in 0..rng.gen_range(0..=3) {
                    marks[rng.gen_range(0..shape.square_count())].insert(rng.gen_range(1..=n));
                }
                let empty = Grid::empty(shape);
                let state = State::from_marks(&empty, &empty, Some(&marks));
                let plain = plain_grave(&state).filter(|g| is_grave_without(&state, g));
                let fast = find_grave(&state);
                graves += usize::from(fast.is_some());
                assert_eq!(fast.map(said), plain.map(said), "{size:?}");
            }
        }
        assert!(graves >= 20, "{graves} graves");
    }
}
