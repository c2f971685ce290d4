//! `explain` and `hint`: the logic engine's steps, as the command gives
//! them in JSON (`sudokit explain --format json`, `sudokit hint --format
//! json`). The Python side turns each JSON text into a `Step` or a dict,
//! so the fields are the command's, by construction. Both take SE's rules
//! or HoDoKu's (`rules`), as the command's `--rules` does.

use crate::hodoku;
use crate::{interruptible, options, parse_error, rate_error, read_entry, unrated};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use sudokit::batch::{self, Job};
use sudokit::logic::hint::{self, player_state, UnknownLevel};
use sudokit::logic::hodoku::{Config, HintError};
use sudokit::logic::solver::UnknownOrder;
use sudokit::logic::{self, Cache, Level, Order, Rules, State};
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

/// The rules named, and the order asked for with them: SE's rules take
/// an order (`default` when none is given); HoDoKu's take their steps in
/// HoDoKu's order, so an order given with them is a ValueError.
fn rules_and_order(rules: &str, order: Option<&str>, default: Order) -> PyResult<(Rules, Order)> {
    let rules = hodoku::rules(rules)?;
    match (rules, order) {
        (Rules::Hodoku, Some(_)) => Err(PyValueError::new_err(
            "order is for SE's rules: HoDoKu's rules take their steps in HoDoKu's order",
        )),
        (_, Some(name)) => Ok((rules, self::order(name)?)),
        (_, None) => Ok((rules, default)),
    }
}

fn json(value: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `explain_json(puzzle, order, diagonal, rules)`: the logical path, one
/// JSON text per step, and whether it reaches the solution. The puzzle is
/// givens or a line of pencil marks (the path starts from the marks).
/// `Unsolvable` or `Multiple` when the puzzle has no solution or several
/// (a path can only be checked against one). By HoDoKu's rules the path is
/// HoDoKu's, each step with its `hodoku` line; it is not complete when it
/// stops at a step type sudokit has no finder for yet.
#[pyfunction]
#[pyo3(signature = (puzzle, order=None, diagonal=false, rules="se"))]
pub(crate) fn explain_json(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    order: Option<&str>,
    diagonal: bool,
    rules: &str,
) -> PyResult<(Vec<String>, bool)> {
    let (rules, order) = rules_and_order(rules, order, Order::Se)?;
    let entry = read_entry(py, puzzle, diagonal)?;
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
        batch::logical_start(&answer).map(|state| match rules {
            Rules::Se => {
                let path = logic::explain(&mut Cache::spreading().with_stop(flag), &state, order);
                let complete = path.is_complete();
                Ok((path.steps, complete))
            }
            Rules::Hodoku => hodoku::path(&state).map(|p| (p.steps, p.solved)),
        })
    })?;
    let (steps, complete) = path
        .map_err(|e| unrated(py, &e))?
        .map_err(PyValueError::new_err)?;
    let steps = steps.iter().map(json).collect::<PyResult<_>>()?;
    Ok((steps, complete))
}

/// `hint_json(puzzle, state, level, order, diagonal, rules)`: the next
/// step from a player's state (placed digits, or 729 characters of pencil
/// marks; None for the puzzle's start) as much as `level` gives away, or
/// the wrong square, as one JSON text. By HoDoKu's rules the step is the
/// first of HoDoKu's path from the state (the library's hint ladder grades
/// it, as it grades SE's).
#[pyfunction]
#[pyo3(signature = (puzzle, state=None, level="move", order=None, diagonal=false, rules="se"))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn hint_json(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    state: Option<&Bound<'_, PyAny>>,
    level: &str,
    order: Option<&str>,
    diagonal: bool,
    rules: &str,
) -> PyResult<String> {
    let (rules, order) = rules_and_order(rules, order, Order::Easiest)?;
    let entry = read_entry(py, puzzle, diagonal)?;
    if entry.marks.is_some() {
        return Err(PyValueError::new_err(
            "hint takes the puzzle's givens; give the pencil marks as the state",
        ));
    }
    let Ok(givens) = entry.result else {
        return Err(PyRuntimeError::new_err("a read puzzle has no grid"));
    };
    let level = self::level(level)?;
    let state = match state {
        None => State::from_puzzle(&givens),
        Some(text) => {
            let text = crate::puzzle_text(text)?;
            let player = parse_state(&text, options(diagonal)).map_err(|e| parse_error(py, &e))?;
            player_state(&givens, &player).map_err(|e| PyValueError::new_err(e.to_string()))?
        }
    };
    if rules == Rules::Hodoku {
        return hodoku_hint(py, state, level);
    }
    // One step: Ctrl-C raises at once; the step under way ends on its own.
    let found = interruptible(py, &Stop::new(), move || {
        hint::hint(&mut Cache::spreading(), &state, order)
    })?;
    let found = found.map_err(|e| rate_error(&e))?;
    json(&found.at(level))
}

/// [`hint_json`] by HoDoKu's rules (the library's hint: a mistake first,
/// then the first step of HoDoKu's path).
fn hodoku_hint(py: Python<'_>, state: State, level: Level) -> PyResult<String> {
    let found = interruptible(py, &Stop::new(), move || {
        sudokit::logic::hodoku::hint::hint(&state, &Config::default())
    })?;
    match found {
        Ok(hint) => json(&hint.at(level)),
        Err(HintError::NotStandard) => Err(PyValueError::new_err(hodoku::NOT_9X9)),
        Err(HintError::Puzzle(e)) => Err(rate_error(&e)),
    }
}
