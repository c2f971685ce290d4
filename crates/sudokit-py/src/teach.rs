//! `explain` and `hint`: the logic engine's steps, as the command gives
//! them in JSON (`sudokit explain --format json`, `sudokit hint --format
//! json`). The Python side turns each JSON text into a `Step` or a dict,
//! so the fields are the command's, by construction.

use crate::{interruptible, options, parse_error, rate_error, read_entry, unrated};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use sudokit::batch::{self, Job};
use sudokit::logic::hint::{self, player_state, UnknownLevel};
use sudokit::logic::solver::UnknownOrder;
use sudokit::logic::{self, Cache, Level, Order, State};
use sudokit::parse::parse_state;
use sudokit::{Limits, Stop};

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

fn json(value: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `explain_json(puzzle, order)`: the logical path, one JSON text per step,
/// and whether it reaches the solution. The puzzle is givens or a line of
/// pencil marks (the path starts from the marks). `Unsolvable` or
/// `Multiple` when the puzzle has no solution or several (a path can only
/// be checked against one).
#[pyfunction]
#[pyo3(signature = (puzzle, order="se", diagonal=false))]
pub(crate) fn explain_json(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    order: &str,
    diagonal: bool,
) -> PyResult<(Vec<String>, bool)> {
    let entry = read_entry(py, puzzle, diagonal)?;
    let order = self::order(order)?;
    let stop = Stop::new();
    let flag = stop.clone();
    let path = interruptible(py, &stop, move || {
        let mut job = Job::new(
            None,
            2,
            Limits {
                stop: Some(flag.clone()),
                ..Limits::none()
            },
        );
        job.timed = false;
        let answer = job.answer(entry);
        // One puzzle: its hardest rules share their squares out over every
        // core (see `sudokit::logic::Cache::spreading`).
        batch::logical_start(&answer)
            .map(|state| logic::explain(&mut Cache::spreading().with_stop(flag), &state, order))
    })?;
    let path = path.map_err(|e| unrated(py, &e))?;
    let steps = path.steps.iter().map(json).collect::<PyResult<_>>()?;
    Ok((steps, path.is_complete()))
}

/// `hint_json(puzzle, state, level, order)`: the next step from a player's
/// state (placed digits, or 729 characters of pencil marks; None for the
/// puzzle's start) as much as `level` gives away, or the wrong square, as
/// one JSON text.
#[pyfunction]
#[pyo3(signature = (puzzle, state=None, level="move", order="easiest", diagonal=false))]
pub(crate) fn hint_json(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    state: Option<&Bound<'_, PyAny>>,
    level: &str,
    order: &str,
    diagonal: bool,
) -> PyResult<String> {
    let entry = read_entry(py, puzzle, diagonal)?;
    if entry.marks.is_some() {
        return Err(PyValueError::new_err(
            "hint takes the puzzle's givens; give the pencil marks as the state",
        ));
    }
    let Ok(givens) = entry.result else {
        return Err(PyRuntimeError::new_err("a read puzzle has no grid"));
    };
    let (level, order) = (self::level(level)?, self::order(order)?);
    let state = match state {
        None => State::from_puzzle(&givens),
        Some(text) => {
            let text = crate::puzzle_text(text)?;
            let player = parse_state(&text, options(diagonal)).map_err(|e| parse_error(py, &e))?;
            player_state(&givens, &player).map_err(|e| PyValueError::new_err(e.to_string()))?
        }
    };
    // One step: Ctrl-C raises at once; the step under way ends on its own.
    let found = interruptible(py, &Stop::new(), move || {
        hint::hint(&mut Cache::spreading(), &state, order)
    })?;
    let found = found.map_err(|e| rate_error(&e))?;
    json(&found.at(level))
}
