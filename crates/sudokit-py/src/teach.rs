//! `explain` and `hint`: the logic engine's steps, as the command gives
//! them in JSON (`sudokit explain --format json`, `sudokit hint --format
//! json`). The Python side turns each JSON text into a `Step` or a dict,
//! so the fields are the command's, by construction.

use crate::{parse_error, read};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit::logic::hint::{self, player_state, UnknownLevel};
use sudokit::logic::solver::UnknownOrder;
use sudokit::logic::{self, Cache, Level, Order, RateError, State};
use sudokit::parse::parse_state;
use sudokit::ParseOptions;

/// The step order named as `--order` names it (ValueError naming the
/// orders otherwise).
fn order(name: &str) -> PyResult<Order> {
    name.parse()
        .map_err(|e: UnknownOrder| PyValueError::new_err(e.to_string()))
}

/// The hint level named as `--level` names it (ValueError naming the
/// levels otherwise).
fn level(name: &str) -> PyResult<Level> {
    name.parse()
        .map_err(|e: UnknownLevel| PyValueError::new_err(e.to_string()))
}

fn unsolved(error: RateError) -> PyErr {
    PyValueError::new_err(format!("the puzzle has {error}"))
}

fn json(value: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `explain_json(puzzle, order)`: the logical path, one JSON text per step,
/// and whether it reaches the solution. ValueError when the puzzle has no
/// solution or several (a path can only be checked against one).
#[pyfunction]
#[pyo3(signature = (puzzle, order="se"))]
pub(crate) fn explain_json(
    py: Python<'_>,
    puzzle: &str,
    order: &str,
) -> PyResult<(Vec<String>, bool)> {
    let grid = read(py, puzzle)?;
    let order = self::order(order)?;
    // One puzzle: its hardest rules share their squares out over every
    // core (see `sudokit::logic::Cache::spreading`).
    let path = py.detach(|| {
        logic::rating::check_unique(&grid)?;
        let mut cache = Cache::spreading();
        Ok(logic::explain(
            &mut cache,
            &State::from_puzzle(&grid),
            order,
        ))
    });
    let path = path.map_err(unsolved)?;
    let steps = path.steps.iter().map(json).collect::<PyResult<_>>()?;
    Ok((steps, path.is_complete()))
}

/// `hint_json(puzzle, state, level, order)`: the next step from a player's
/// state (placed digits, or 729 characters of pencil marks; None for the
/// puzzle's start) as much as `level` gives away, or the wrong square, as
/// one JSON text.
#[pyfunction]
#[pyo3(signature = (puzzle, state=None, level="move", order="easiest"))]
pub(crate) fn hint_json(
    py: Python<'_>,
    puzzle: &str,
    state: Option<&str>,
    level: &str,
    order: &str,
) -> PyResult<String> {
    let givens = read(py, puzzle)?;
    let (level, order) = (self::level(level)?, self::order(order)?);
    let state = match state {
        None => State::from_puzzle(&givens),
        Some(text) => {
            let player =
                parse_state(text, ParseOptions::default()).map_err(|e| parse_error(py, &e))?;
            player_state(&givens, &player).map_err(|e| PyValueError::new_err(e.to_string()))?
        }
    };
    let found = py.detach(|| hint::hint(&mut Cache::spreading(), &state, order));
    let found = found.map_err(unsolved)?;
    json(&found.at(level))
}
