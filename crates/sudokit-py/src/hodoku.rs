//! HoDoKu's rules from Python: the `rules=` every rating, explaining and
//! hinting call takes, and HoDoKu's path, rating and hint from a state
//! (see `sudokit::logic::hodoku`).

use crate::PyRating;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit::grid::Grid;
use sudokit::logic::hint::{self, Hint};
use sudokit::logic::hodoku::{self, Board, Config, Path};
use sudokit::logic::{Rules, State, UnknownRules};
use sudokit::Variant;

/// What HoDoKu's rules say of a grid that is not 9x9 sudoku.
pub(crate) const NOT_9X9: &str = "HoDoKu's rules are for 9x9 sudoku without diagonals";

/// The rule set named as `--rules` names it (ValueError naming both
/// otherwise).
pub(crate) fn rules(name: &str) -> PyResult<Rules> {
    name.parse()
        .map_err(|e: UnknownRules| PyValueError::new_err(e.to_string()))
}

/// HoDoKu's path from `state`, in its default configuration; `NOT_9X9`
/// for a grid its rules do not take.
pub(crate) fn path(state: &State) -> Result<Path, &'static str> {
    let shape = state.shape();
    if shape.side() != 9 || shape.variant() != Variant::Standard {
        return Err(NOT_9X9);
    }
    Ok(hodoku::solve_board(
        Board::from_state(state),
        &Config::default(),
    ))
}

/// HoDoKu's rating of `state`: its path's level and score.
pub(crate) fn rating(state: &State) -> Result<PyRating, &'static str> {
    path(state).map(|p| PyRating::from(&p))
}

/// What HoDoKu's rules tell a player (see [`hint`]).
pub(crate) enum Next {
    /// A mistake, the step HoDoKu takes next, or the grid solved.
    Hint(Hint),
    /// No step: HoDoKu's path stops here, at the step type named (one
    /// sudokit has no finder for yet), or None when no step type is left.
    Stuck(Option<&'static str>),
}

/// A hint by HoDoKu's rules from `state`, whose puzzle has `solution`: a
/// mistake first, as by SE's rules; then the first step of HoDoKu's path
/// from the state, so the hint is the step HoDoKu takes next. `NOT_9X9`
/// for a grid its rules do not take.
pub(crate) fn hint(state: &State, solution: &Grid) -> Result<Next, &'static str> {
    if let Some(mistake) = hint::mistake(state, solution) {
        return Ok(Next::Hint(Hint::Mistake(mistake)));
    }
    if state.is_solved() {
        return Ok(Next::Hint(Hint::Solved));
    }
    let path = path(state)?;
    Ok(match path.steps.into_iter().next() {
        Some(step) => Next::Hint(Hint::Step {
            area: hint::area(&step, state),
            step: Box::new(step),
        }),
        None => Next::Stuck(path.stopped_at.map(|k| k.name())),
    })
}
