//! HoDoKu's rules from Python: the `rules=` every rating, explaining and
//! hinting call takes, and HoDoKu's path, rating and hint from a state
//! (see `sudokit::logic::hodoku`; the hint is the library's,
//! `sudokit::logic::hodoku::hint`).

use crate::PyRating;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit::logic::hodoku::{self, Board, Config, Path};
use sudokit::logic::{Rules, State, UnknownRules};

/// What HoDoKu's rules say of a grid that is not 9x9 sudoku.
pub(crate) const NOT_9X9: &str = hodoku::hint::NOT_9X9;

/// The rule set named as `--rules` names it (ValueError naming both
/// otherwise).
pub(crate) fn rules(name: &str) -> PyResult<Rules> {
    name.parse()
        .map_err(|e: UnknownRules| PyValueError::new_err(e.to_string()))
}

/// HoDoKu's path from `state`, in its default configuration; `NOT_9X9`
/// for a grid its rules do not take.
pub(crate) fn path(state: &State) -> Result<Path, &'static str> {
    if !hodoku::hint::takes(state) {
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
