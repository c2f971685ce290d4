//! `sudokit._sudokit`: the Rust half of the Python package `sudokit`.
//!
//! Thin glue over the library: Python values in, library calls, Python
//! values out. Puzzles come in as strings in Norvig's permissive format
//! (or bytes, a memoryview, a NumPy array of digits; a single-puzzle call
//! reads a line as a batch does, so a line of 729 pencil marks is a
//! puzzle too); a bad one raises `sudokit.ParseError` (a `ValueError`)
//! that says where and what. The batch calls copy their input out of
//! Python objects, then let go of the interpreter lock while the library's
//! batch code runs on every core (or `threads`, at most one per core), and
//! hand back one answer per puzzle in input order; a bad puzzle there is an
//! `invalid` answer, not an exception.
//!
//! Every call that may take long runs its work on a thread of its own
//! (`interruptible`) while the calling thread looks for signals every
//! 50 ms: Ctrl-C raises `KeyboardInterrupt` at once and raises the
//! library's [`Stop`] flag, which the search, the rating and the batch
//! look at, so the work ends too.
//!
//! The Norvig names that are plain Python (`display` printing, the
//! geometry dictionaries) live in `python/sudokit/__init__.py`.

mod hodoku;
mod make;
mod teach;

use pyo3::create_exception;
use pyo3::exceptions::PyUserWarning;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyString, PyTuple};
use rand::{rngs::StdRng, SeedableRng};
use std::collections::BTreeMap;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;
use sudokit::batch::{self, Answer as BatchAnswer, Job, NotSearched, Unrated};
use sudokit::engine::norvig;
use sudokit::logic::{self, Cache, RateError, Rules};
use sudokit::parse::Entry;
use sudokit::{
    format, parse_grid as parse_text, random, Candidates, Count, Digits, EngineKind, Grid, Limits,
    ParseOptions, Shape, Size, Stop, Variant,
};

create_exception!(
    sudokit,
    ParseError,
    PyValueError,
    "A text that is not a puzzle: `square`, `position` and `what` say where and what."
);

create_exception!(
    sudokit,
    Unsolvable,
    PyValueError,
    "A puzzle with no solution, given where one solution is needed (rate, explain, hint)."
);

create_exception!(
    sudokit,
    Multiple,
    PyValueError,
    "A puzzle with several solutions, given where one solution is needed (rate, explain, hint)."
);

create_exception!(
    sudokit,
    LimitReached,
    PyRuntimeError,
    "The guess budget (`max_guesses`) ran out before the search finished."
);

/// Why a puzzle cannot be rated or explained as `Unsolvable` or `Multiple`.
pub(crate) fn rate_error(error: &RateError) -> PyErr {
    let message = format!("the puzzle has {error}");
    match error {
        RateError::NoSolution => Unsolvable::new_err(message),
        RateError::SeveralSolutions => Multiple::new_err(message),
    }
}

/// Why a puzzle was not searched: `ParseError` for bad input, ValueError
/// for an engine that cannot take it.
pub(crate) fn not_searched(py: Python<'_>, why: &NotSearched) -> PyErr {
    match why {
        NotSearched::Invalid(e) => parse_error(py, e),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Why a puzzle has no rating, as the exception that says so.
pub(crate) fn unrated(py: Python<'_>, why: &Unrated) -> PyErr {
    match why {
        Unrated::NotSearched(e) => not_searched(py, e),
        Unrated::Solutions(e) => rate_error(e),
    }
}

/// A `sudokit.ParseError` with `message` and its attributes.
fn parse_error_with(
    py: Python<'_>,
    message: String,
    square: Option<&str>,
    position: Option<usize>,
    what: &str,
) -> PyErr {
    let err = ParseError::new_err(message);
    let value = err.value(py);
    let set = value
        .setattr("square", square)
        .and_then(|()| value.setattr("position", position))
        .and_then(|()| value.setattr("what", what));
    match set {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A library parse error as `sudokit.ParseError`, with its attributes set:
/// `square` (a name such as `C4`, or None), `position` (a 1-based
/// character position, or None) and `what` (the kind of error, a word).
pub(crate) fn parse_error(py: Python<'_>, error: &sudokit::ParseError) -> PyErr {
    use sudokit::ParseError as E;
    let (square, position, what): (Option<&str>, Option<usize>, &str) = match error {
        E::WrongSquareCount { .. } => (None, None, "square_count"),
        E::SymbolOutOfRange { square, .. } => (Some(square), None, "symbol_out_of_range"),
        E::Conflict { second, .. } => (Some(second), None, "conflict"),
        E::Board(_) => (None, None, "board"),
        E::NotText { column, .. } => (None, Some(*column), "not_text"),
        E::LineTooLong { .. } => (None, None, "line_too_long"),
        E::Read(_) => (None, None, "read"),
        E::WrongMarkCount { .. } => (None, None, "mark_count"),
        E::MisplacedMark {
            square, position, ..
        } => (Some(square), Some(*position), "misplaced_mark"),
        E::PuzzleCount { .. } => (None, None, "puzzle_count"),
        E::NoCandidate { square } => (Some(square), None, "no_candidate"),
        E::Library { .. } => (None, None, "library"),
    };
    parse_error_with(py, error.to_string(), square, position, what)
}

/// One puzzle as text, from what a single-puzzle call takes: a str; bytes,
/// a bytearray or a memoryview of the text; or a NumPy array of digits of
/// any integer type and shape (81 values, (9, 9), ...; 0 for an empty
/// square).
pub(crate) fn puzzle_text(puzzle: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = puzzle.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    if let Ok(bytes) = puzzle.cast::<PyBytes>() {
        return Ok(String::from_utf8_lossy(bytes.as_bytes()).into_owned());
    }
    if puzzle.is_instance_of::<PyByteArray>() || puzzle.is_instance_of::<PyMemoryView>() {
        let bytes = puzzle.py().get_type::<PyBytes>().call1((puzzle,))?;
        return Ok(String::from_utf8_lossy(bytes.cast::<PyBytes>()?.as_bytes()).into_owned());
    }
    if puzzle.hasattr("shape")? && puzzle.hasattr("dtype")? {
        return array_text(puzzle);
    }
    Err(PyTypeError::new_err(format!(
        "a puzzle must be a str, bytes, a memoryview or a NumPy array of digits, not {}",
        puzzle.get_type().name()?
    )))
}

/// A NumPy array of one puzzle's digits as a line of symbols; a value
/// that is no digit of the grid is a `ParseError` naming its square.
fn array_text(array: &Bound<'_, PyAny>) -> PyResult<String> {
    let py = array.py();
    let dtype = array.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u" | "b") {
        return Err(PyTypeError::new_err(format!(
            "a puzzle array must hold integers, not {}",
            dtype.str()?
        )));
    }
    let values = array
        .call_method1("reshape", (-1,))?
        .call_method0("tolist")?;
    let values: Vec<Bound<'_, PyAny>> = values.extract()?;
    let size = Size::from_square_count(values.len()).ok_or_else(|| {
        parse_error(
            py,
            &sudokit::ParseError::WrongSquareCount {
                found: values.len(),
                expected: "16, 36, 81, 256 or 625".to_string(),
            },
        )
    })?;
    let shape = Shape::of(size, Variant::Standard);
    let mut text = String::with_capacity(values.len());
    for (square, value) in values.iter().enumerate() {
        match value.extract::<u8>() {
            Ok(d) if usize::from(d) <= shape.side() => text.push(Shape::symbol(d)),
            _ => {
                let name = shape.name(square);
                return Err(parse_error_with(
                    py,
                    format!("square {name}: {} is not a digit", value.str()?),
                    Some(name),
                    None,
                    "symbol_out_of_range",
                ));
            }
        }
    }
    Ok(text)
}

/// How a call reads its puzzles: standard or diagonal.
pub(crate) fn options(diagonal: bool) -> ParseOptions {
    ParseOptions {
        variant: if diagonal {
            Variant::Diagonal
        } else {
            Variant::Standard
        },
        ..ParseOptions::default()
    }
}

/// One puzzle, read as a batch reads a line: givens, or a line of pencil
/// marks (729 characters for a 9x9 grid). `ParseError` when it is not one.
pub(crate) fn read_entry(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    diagonal: bool,
) -> PyResult<Entry> {
    let text = puzzle_text(puzzle)?;
    let entry = batch::entries_of_texts(&[text], options(diagonal)).pop();
    let Some(entry) = entry else {
        return Err(PyRuntimeError::new_err("one text read as no puzzle"));
    };
    match &entry.result {
        Err(e) => Err(parse_error(py, e)),
        Ok(_) => Ok(entry),
    }
}

/// Runs `work` on a thread of its own and waits for it without the
/// interpreter lock, looking for signals every 50 ms: when a handler
/// raises (Ctrl-C's `KeyboardInterrupt`), `stop` is raised, so that the
/// work ends at its next look, and the exception is raised at once.
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: &Stop,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("sudokit".to_string())
        .stack_size(16 << 20)
        .spawn(move || {
            // The caller may have gone (interrupted): then nobody listens.
            let _ = sender.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a worker thread: {e}")))?;
    let mut receiver = receiver;
    loop {
        // The receiver goes to the waiting closure and comes back with what
        // it got (it may be moved to another thread but not shared).
        let (back, got) = py.detach(move || {
            let got = receiver.recv_timeout(Duration::from_millis(50));
            (receiver, got)
        });
        receiver = back;
        match got {
            Ok(value) => {
                let _ = worker.join();
                return Ok(value);
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    stop.raise();
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return match worker.join() {
                    Err(panic) => std::panic::resume_unwind(panic),
                    Ok(()) => Err(PyRuntimeError::new_err("the worker thread gave no answer")),
                }
            }
        }
    }
}

/// The limits of one call: its guess budget, and a stop flag.
fn limits(max_guesses: Option<u64>, stop: &Stop) -> Limits {
    Limits {
        max_guesses,
        stop: Some(stop.clone()),
    }
}

/// Reads one puzzle, as `sudokit solve` reads a line.
pub(crate) fn read(py: Python<'_>, puzzle: &str) -> PyResult<Grid> {
    parse_text(puzzle, ParseOptions::default()).map_err(|e| parse_error(py, &e))
}

/// The engine named as on the command line (`norvig`, `fast`, ...), or the
/// best for each puzzle when None.
fn engine(name: Option<&str>) -> PyResult<Option<EngineKind>> {
    name.map(|n| n.parse().map_err(|e| PyValueError::new_err(format!("{e}"))))
        .transpose()
}

/// Searches one puzzle (givens or pencil marks) for up to `limit`
/// solutions with the chosen engine, within `max_guesses` guesses, as
/// `sudokit solve` or `count` does a line.
fn search_entry(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    diagonal: bool,
    limit: usize,
    engine_name: Option<&str>,
    max_guesses: Option<u64>,
) -> PyResult<sudokit::Report> {
    let entry = read_entry(py, puzzle, diagonal)?;
    let stop = Stop::new();
    let mut job = Job::new(engine(engine_name)?, limit, limits(max_guesses, &stop));
    job.timed = false;
    let answer = interruptible(py, &stop, move || job.answer(entry))?;
    match answer.outcome {
        Err(why) => Err(not_searched(py, &why)),
        Ok((_, report)) => Ok(report),
    }
}

/// The error of a search whose guess budget ran out.
fn budget_spent(max_guesses: Option<u64>, found: usize) -> PyErr {
    LimitReached::new_err(format!(
        "the guess budget of {} ran out after {}",
        counted(max_guesses.unwrap_or(0), "guess", "guesses"),
        counted(found as u64, "solution", "solutions")
    ))
}

/// `1 guess`, `2 guesses`: a number with its noun, singular for one, as
/// every message writes counts.
pub(crate) fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// (square name, text) pairs, one per square: Python makes them a dict.
fn named<T: ToString>(shape: &Shape, texts: impl IntoIterator<Item = T>) -> Vec<(String, String)> {
    texts
        .into_iter()
        .enumerate()
        .map(|(s, t)| (shape.name(s).to_string(), t.to_string()))
        .collect()
}

/// A grid's squares as Norvig's values: one digit each (`.` for empty).
fn grid_pairs(grid: &Grid) -> Vec<(String, String)> {
    let line = grid.to_line();
    named(grid.shape(), line.chars())
}

/// Candidates as Norvig's values: the digits still possible in each square.
fn candidate_pairs(values: &Candidates) -> Vec<(String, String)> {
    named(values.shape(), values.sets().iter())
}

/// Norvig's values (a square -> digits mapping) back as candidates.
fn candidates_of(py: Python<'_>, values: &BTreeMap<String, String>) -> PyResult<Candidates> {
    let size = Size::from_square_count(values.len()).ok_or_else(|| {
        parse_error(
            py,
            &sudokit::ParseError::WrongSquareCount {
                found: values.len(),
                expected: "16, 36, 81, 256 or 625".to_string(),
            },
        )
    })?;
    let shape = Shape::of(size, Variant::Standard);
    let mut candidates = Candidates::full(shape);
    for (name, digits) in values {
        let square = shape
            .square(name)
            .ok_or_else(|| PyValueError::new_err(format!("{name:?} is not a square")))?;
        let mut set = Digits::default();
        for c in digits.chars() {
            let d = Shape::digit(c, shape.side()).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "square {name}: {c:?} is not a digit of a {0}x{0} grid",
                    shape.side()
                ))
            })?;
            set.insert(d);
        }
        candidates.set(square, set);
    }
    Ok(candidates)
}

/// `grid_values(grid)`: each square's digit, `.` for an empty one.
#[pyfunction]
fn grid_values(py: Python<'_>, grid: &str) -> PyResult<Vec<(String, String)>> {
    Ok(grid_pairs(&read(py, grid)?))
}

/// `parse_grid(grid)`: each square's candidates after the givens are
/// assigned and propagated; None on a contradiction.
#[pyfunction]
fn parse_grid(py: Python<'_>, grid: &str) -> PyResult<Option<Vec<(String, String)>>> {
    Ok(norvig::propagate(&read(py, grid)?).map(|v| candidate_pairs(&v)))
}

/// `search` from candidates: the first solution, or None.
#[pyfunction]
fn search_values(
    py: Python<'_>,
    values: BTreeMap<String, String>,
) -> PyResult<Option<Vec<(String, String)>>> {
    let marks = candidates_of(py, &values)?;
    let report = norvig::run_marks(&marks, 1, &Limits::none());
    Ok(report.first.as_ref().map(grid_pairs))
}

/// `solve(grid)`: the first solution as Norvig's values, or None.
#[pyfunction]
#[pyo3(signature = (grid, engine=None, *, diagonal=false, max_guesses=None))]
fn solve(
    py: Python<'_>,
    grid: &Bound<'_, PyAny>,
    engine: Option<&str>,
    diagonal: bool,
    max_guesses: Option<u64>,
) -> PyResult<Option<Vec<(String, String)>>> {
    let report = search_entry(py, grid, diagonal, 1, engine, max_guesses)?;
    if report.first.is_none() && report.limit_reached {
        return Err(budget_spent(max_guesses, 0));
    }
    Ok(report.first.as_ref().map(grid_pairs))
}

/// The text of `display`: from a puzzle (propagated first) or from values.
#[pyfunction]
fn display_text(py: Python<'_>, values: &Bound<'_, PyAny>) -> PyResult<String> {
    let candidates = if let Ok(text) = values.cast::<PyString>() {
        match norvig::propagate(&read(py, &text.to_cow()?)?) {
            Some(v) => v,
            None => return Ok("unsolvable\n".to_string()),
        }
    } else {
        candidates_of(py, &values.extract()?)?
    };
    Ok(format::display(&candidates))
}

/// `solve_all`'s report line on a list of puzzles, with Norvig's engine.
#[pyfunction]
#[pyo3(signature = (grids, name=""))]
fn solve_all_report(py: Python<'_>, grids: Vec<String>, name: &str) -> PyResult<String> {
    let puzzles = grids
        .iter()
        .map(|g| read(py, g))
        .collect::<PyResult<Vec<_>>>()?;
    let solver = EngineKind::Norvig.solver();
    let report =
        py.detach(|| batch::solve_all(name, &puzzles, solver.as_ref(), 1, &Limits::none()));
    Ok(report.to_string())
}

/// `random_puzzle(N=17)`: Norvig's random puzzle with at least N givens.
#[pyfunction]
#[pyo3(signature = (n=17, seed=None))]
fn random_puzzle(n: usize, seed: Option<u64>) -> PyResult<String> {
    let mut rng = match seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_entropy(),
    };
    random::random_puzzle(Shape::standard(), n, &mut rng)
        .map(|g| g.to_line())
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// Norvig's 9x9 geometry: the squares and the unit list, by name.
#[pyfunction]
fn geometry() -> (Vec<String>, Vec<Vec<String>>) {
    let shape = Shape::standard();
    let squares = (0..shape.square_count())
        .map(|s| shape.name(s).to_string())
        .collect();
    let units = shape
        .units()
        .iter()
        .map(|u| u.iter().map(|&s| shape.name(s).to_string()).collect())
        .collect();
    (squares, units)
}

/// `count(puzzle, limit=2)`: solutions, counted up to `limit` (at least
/// 1, as `sudokit count --limit` takes).
#[pyfunction]
#[pyo3(signature = (puzzle, limit=2, engine=None, *, diagonal=false, max_guesses=None))]
fn count(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    limit: usize,
    engine: Option<&str>,
    diagonal: bool,
    max_guesses: Option<u64>,
) -> PyResult<usize> {
    if limit == 0 {
        return Err(PyValueError::new_err(
            "limit must be at least 1 (2 tells one solution from several), not 0",
        ));
    }
    let report = search_entry(py, puzzle, diagonal, limit, engine, max_guesses)?;
    match report.count(limit) {
        Count::Exactly(n) | Count::AtLeast(n) => Ok(n),
        Count::LimitReached(n) => Err(budget_spent(max_guesses, n)),
    }
}

/// `is_unique(puzzle)`: exactly one solution.
#[pyfunction]
#[pyo3(signature = (puzzle, engine=None, *, diagonal=false, max_guesses=None))]
fn is_unique(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: Option<&str>,
    diagonal: bool,
    max_guesses: Option<u64>,
) -> PyResult<bool> {
    Ok(count(py, puzzle, 2, engine, diagonal, max_guesses)? == 1)
}

/// A puzzle's rating: Sudoku Explainer's (as `sudokit rate` gives it:
/// `er`, `ep`, `ed`) or HoDoKu's (`level` and `score`, as `sudokit
/// explain --rules hodoku` gives them); the other rule set's fields are
/// None.
#[pyclass(frozen, eq, get_all, module = "sudokit", name = "Rating")]
#[derive(Clone, PartialEq)]
pub(crate) struct PyRating {
    /// The highest difficulty over the solve path (20.0 when the rules
    /// cannot finish it); None for a rating by HoDoKu's rules.
    er: Option<f64>,
    /// The highest difficulty up to the first placement; None likewise.
    ep: Option<f64>,
    /// The difficulty of the first step; None likewise.
    ed: Option<f64>,
    /// The id of the technique that set ER (such as "pointing", as the
    /// command's JSON writes it), or None when the rating is incomplete.
    /// By HoDoKu's rules, the technique of the path's hardest step (the
    /// first of the highest base score), None when the path has no step.
    technique: Option<String>,
    /// Its name for people (such as "Pointing"), or None likewise.
    name: Option<String>,
    /// How many steps the path has.
    steps: usize,
    /// How many steps of each technique, by technique id.
    techniques: BTreeMap<String, usize>,
    /// False when no rule finds a step before the puzzle is solved (by
    /// HoDoKu's rules: when the path stops at a step type sudokit has no
    /// finder for yet).
    complete: bool,
    /// HoDoKu's level (`easy`, `medium`, `hard`, `unfair`, `extreme`);
    /// None for a rating by SE's rules.
    level: Option<String>,
    /// HoDoKu's score, the sum of the steps' base scores; None likewise.
    score: Option<u32>,
}

impl From<&logic::Rating> for PyRating {
    fn from(r: &logic::Rating) -> PyRating {
        PyRating {
            er: Some(r.er.value()),
            ep: Some(r.ep.value()),
            ed: Some(r.ed.value()),
            technique: r.technique.map(|t| t.id().to_string()),
            name: r.technique.map(|t| t.name().to_string()),
            steps: r.steps,
            techniques: r
                .techniques
                .iter()
                .map(|(k, v)| (k.to_string(), *v))
                .collect(),
            complete: r.complete,
            level: None,
            score: None,
        }
    }
}

impl From<&logic::hodoku::Path> for PyRating {
    /// HoDoKu's rating: its level and score, and the path's steps counted.
    fn from(path: &logic::hodoku::Path) -> PyRating {
        // The first step of the highest base score, and the steps of each
        // technique, counted as the command counts them.
        let hardest = path.hardest();
        let techniques: BTreeMap<String, usize> = path
            .techniques()
            .into_iter()
            .map(|(id, n)| (id.to_string(), n))
            .collect();
        PyRating {
            er: None,
            ep: None,
            ed: None,
            technique: hardest.map(|s| s.technique.id().to_string()),
            name: hardest.map(|s| s.name.to_string()),
            steps: path.steps.len(),
            techniques,
            complete: path.solved,
            level: Some(path.level.id().to_string()),
            score: Some(path.score),
        }
    }
}

#[pymethods]
impl PyRating {
    /// A rating from its fields, in the order `Rating` lists them (so that
    /// a rating can be pickled and sent to another process).
    #[new]
    #[pyo3(signature = (er, ep, ed, technique, name, steps, techniques, complete, level=None,
        score=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        er: Option<f64>,
        ep: Option<f64>,
        ed: Option<f64>,
        technique: Option<String>,
        name: Option<String>,
        steps: usize,
        techniques: BTreeMap<String, usize>,
        complete: bool,
        level: Option<String>,
        score: Option<u32>,
    ) -> PyRating {
        PyRating {
            er,
            ep,
            ed,
            technique,
            name,
            steps,
            techniques,
            complete,
            level,
            score,
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let r = slf.get();
        let args = (
            r.er,
            r.ep,
            r.ed,
            r.technique.clone(),
            r.name.clone(),
            r.steps,
            r.techniques.clone(),
            r.complete,
            r.level.clone(),
            r.score,
        );
        Ok((slf.get_type().into_any(), args.into_pyobject(slf.py())?))
    }

    fn __repr__(&self) -> String {
        // The rule set's own fields first: SE's er, ep, ed, or HoDoKu's
        // level and score.
        let own = match (&self.level, self.score) {
            (Some(level), Some(score)) => format!("level={level:?}, score={score}"),
            _ => format!(
                "er={}, ep={}, ed={}",
                python_number(self.er),
                python_number(self.ep),
                python_number(self.ed)
            ),
        };
        format!(
            "Rating({own}, technique={}, name={}, steps={}, complete={})",
            // No technique (an incomplete rating) is Python's None, not a
            // string that says "None".
            python_text(self.technique.as_deref()),
            python_text(self.name.as_deref()),
            self.steps,
            if self.complete { "True" } else { "False" }
        )
    }
}

/// Text as Python's repr writes it, None included.
fn python_text(text: Option<&str>) -> String {
    text.map_or("None".to_string(), |t| format!("{t:?}"))
}

/// A difficulty as the repr writes it (one decimal), None included.
fn python_number(value: Option<f64>) -> String {
    value.map_or("None".to_string(), |v| format!("{v:.1}"))
}

/// `rate(puzzle, rules="se")`: the rating of a puzzle (givens or pencil
/// marks) by SE's rules or HoDoKu's; `Unsolvable` or `Multiple` when not
/// exactly one solution, ValueError for a grid HoDoKu's rules do not take.
#[pyfunction]
#[pyo3(signature = (puzzle, *, diagonal=false, rules="se"))]
fn rate(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    diagonal: bool,
    rules: &str,
) -> PyResult<PyRating> {
    let rules = hodoku::rules(rules)?;
    let entry = read_entry(py, puzzle, diagonal)?;
    let stop = Stop::new();
    let mut job = Job::new(None, 2, limits(None, &stop));
    job.timed = false;
    let flag = stop.clone();
    let rated = interruptible(py, &stop, move || {
        let answer = job.answer(entry);
        match rules {
            // One puzzle: its hardest rules share their squares out over
            // every core (see `sudokit::logic::Cache::spreading`).
            Rules::Se => batch::rate_answer(&mut Cache::spreading().with_stop(flag), &answer)
                .map(|r| Ok(PyRating::from(&r))),
            Rules::Hodoku => batch::logical_start(&answer).map(|state| hodoku::rating(&state)),
        }
    })?;
    rated
        .map_err(|e| unrated(py, &e))?
        .map_err(PyValueError::new_err)
}

/// `canon(puzzle)`: the canonical (minlex) form, equal for equal puzzles.
#[pyfunction]
#[pyo3(signature = (puzzle, *, diagonal=false))]
fn canon(py: Python<'_>, puzzle: &Bound<'_, PyAny>, diagonal: bool) -> PyResult<String> {
    let entry = read_entry(py, puzzle, diagonal)?;
    if entry.marks.is_some() {
        return Err(PyValueError::new_err(
            "canon takes givens, not pencil marks",
        ));
    }
    let Ok(grid) = entry.result else {
        return Err(PyRuntimeError::new_err("a read puzzle has no grid"));
    };
    sudokit::parse::check_givens(&grid).map_err(|e| parse_error(py, &e))?;
    py.detach(|| sudokit::canon::minlex(&grid))
        .map(|g| g.to_line())
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One puzzle of a batch and what was made of it. (A batch makes one per
/// puzzle, so it is kept small: the rating, which most answers lack, is
/// boxed.)
#[pyclass(frozen, eq, module = "sudokit", name = "Answer")]
#[derive(Clone, PartialEq)]
struct PyAnswer {
    /// The puzzle's 0-based position in the batch's puzzles (an array's row).
    #[pyo3(get)]
    index: usize,
    /// The 1-based line the puzzle starts on (1 for list items and array rows).
    #[pyo3(get)]
    line: usize,
    /// The outcome, in the command's words (its JSON `status`): `solved`
    /// (solve_batch); `unique`, `multiple`, or `solvable` at limit 1
    /// (count_batch, as `sudokit count`); `rated` or `incomplete`
    /// (rate_batch, as `sudokit rate`); `unsolvable` when there is no
    /// solution, `multiple` when rate_batch finds several; `limit` when the
    /// guess budget ran out; `invalid` when the puzzle could not be read
    /// (see `error`).
    #[pyo3(get)]
    status: String,
    /// The solution, one line of digits (solve_batch), or None.
    #[pyo3(get)]
    solution: Option<String>,
    /// The solutions, counted up to the limit (count_batch), or None.
    #[pyo3(get)]
    count: Option<usize>,
    rated: Option<Box<PyRating>>,
    /// Why the puzzle is invalid (where and what), or None: the command's
    /// JSON `error`.
    #[pyo3(get)]
    error: Option<String>,
}

impl PyAnswer {
    /// An answer with only its place filled in.
    fn at(entry: &Entry, status: &'static str) -> PyAnswer {
        PyAnswer {
            index: entry.index - 1,
            line: entry.line,
            status: status.to_string(),
            solution: None,
            count: None,
            rated: None,
            error: None,
        }
    }

    /// The answer with its rating.
    fn with_rating(self, rating: PyRating) -> PyAnswer {
        PyAnswer {
            rated: Some(Box::new(rating)),
            ..self
        }
    }

    /// The answer to a puzzle that was not searched.
    fn refused(entry: &Entry, why: &NotSearched) -> PyAnswer {
        PyAnswer {
            error: Some(why.to_string()),
            ..PyAnswer::at(entry, "invalid")
        }
    }

    /// The answer to a puzzle whose guess budget ran out (`limit`: not an
    /// error, as in the command's JSON).
    fn spent(entry: &Entry) -> PyAnswer {
        PyAnswer::at(entry, "limit")
    }
}

#[pymethods]
impl PyAnswer {
    /// An answer from its fields (so that an answer can be pickled and sent
    /// to another process).
    #[new]
    #[pyo3(signature = (index, line, status, solution=None, count=None, rating=None, error=None))]
    fn new(
        index: usize,
        line: usize,
        status: String,
        solution: Option<String>,
        count: Option<usize>,
        rating: Option<Bound<'_, PyRating>>,
        error: Option<String>,
    ) -> PyAnswer {
        PyAnswer {
            index,
            line,
            status,
            solution,
            count,
            rated: rating.map(|r| Box::new(r.get().clone())),
            error,
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let a = slf.get();
        let args = (
            a.index,
            a.line,
            a.status.clone(),
            a.solution.clone(),
            a.count,
            a.rated.as_deref().cloned(),
            a.error.clone(),
        );
        Ok((slf.get_type().into_any(), args.into_pyobject(slf.py())?))
    }

    /// True when the puzzle was read and answered (not `invalid`).
    #[getter]
    fn ok(&self) -> bool {
        self.status != "invalid"
    }

    /// The rating (rate_batch), or None.
    #[getter]
    fn rating(&self) -> Option<PyRating> {
        self.rated.as_deref().cloned()
    }

    fn __repr__(&self) -> String {
        let mut text = format!("Answer(index={}, status={:?}", self.index, self.status);
        if let Some(s) = &self.solution {
            text += &format!(", solution={s:?}");
        }
        if let Some(c) = self.count {
            text += &format!(", count={c}");
        }
        if let Some(r) = &self.rated {
            text += &format!(", rating={}", r.__repr__());
        }
        if let Some(e) = &self.error {
            text += &format!(", error={e:?}");
        }
        text + ")"
    }
}

/// A batch's input, copied out of Python objects so that the interpreter
/// lock can be released while it is read.
enum Input {
    /// One puzzle per string.
    Texts(Vec<String>),
    /// One newline-separated text.
    Lines(Vec<u8>),
}

impl Input {
    fn extract(puzzles: &Bound<'_, PyAny>) -> PyResult<Input> {
        if let Ok(text) = puzzles.cast::<PyString>() {
            return Ok(Input::Lines(text.to_cow()?.as_bytes().to_vec()));
        }
        if let Ok(bytes) = puzzles.cast::<PyBytes>() {
            return Ok(Input::Lines(bytes.as_bytes().to_vec()));
        }
        if puzzles.is_instance_of::<PyByteArray>() || puzzles.is_instance_of::<PyMemoryView>() {
            let bytes = puzzles.py().get_type::<PyBytes>().call1((puzzles,))?;
            return Ok(Input::Lines(bytes.cast::<PyBytes>()?.as_bytes().to_vec()));
        }
        let items = puzzles.extract::<Vec<Bound<'_, PyAny>>>().map_err(|_| {
            PyTypeError::new_err(
                "puzzles must be a list of puzzles, or one str, bytes or memoryview of \
                 newline-separated puzzles",
            )
        })?;
        items
            .iter()
            .map(puzzle_text)
            .collect::<PyResult<_>>()
            .map(Input::Texts)
    }

    /// The entries, one per puzzle, in input order.
    fn entries(self, options: ParseOptions) -> Vec<Entry> {
        match self {
            Input::Texts(texts) => batch::entries_of_texts(&texts, options),
            Input::Lines(bytes) => batch::entries_of_bytes(&bytes, options),
        }
    }
}

/// The threads a batch runs on: every core when None or 0, and never more
/// than the cores (more would only slow the work down), with a warning, as
/// `sudokit -j` does.
fn thread_count(py: Python<'_>, threads: Option<usize>) -> PyResult<Option<usize>> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match threads.filter(|&n| n > 0) {
        Some(n) if n > cores => {
            let message = std::ffi::CString::new(format!(
                "threads={n}: this machine has {}; using {}",
                counted(cores as u64, "core", "cores"),
                counted(cores as u64, "thread", "threads")
            ))?;
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 1)?;
            Ok(Some(cores))
        }
        other => Ok(other),
    }
}

/// Runs `work` on the batch's entries without the interpreter lock, on
/// `threads` threads (every core when None or 0, at most one per core),
/// interruptible: `work` is given the stop flag that Ctrl-C raises.
fn run_batch<T: Send + 'static>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    diagonal: bool,
    work: impl FnOnce(Vec<Entry>, &Stop) -> Vec<T> + Send + 'static,
) -> PyResult<Vec<T>> {
    let input = Input::extract(puzzles)?;
    let threads = thread_count(py, threads)?;
    let stop = Stop::new();
    let flag = stop.clone();
    interruptible(py, &stop, move || {
        batch::with_threads(threads, || work(input.entries(options(diagonal)), &flag))
    })?
    .map_err(|e| PyRuntimeError::new_err(format!("cannot start worker threads: {e}")))
}

/// Answers of a `Job` run over a batch, each made into a Python answer by
/// `answer` on the worker threads (only the Python objects are made under
/// the interpreter lock). Once the stop flag is raised, the puzzles not
/// yet started are skipped.
#[allow(clippy::too_many_arguments)]
fn job_batch(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    diagonal: bool,
    engine_name: Option<&str>,
    max_solutions: usize,
    max_guesses: Option<u64>,
    answer: impl Fn(&BatchAnswer) -> PyAnswer + Sync + Send + 'static,
) -> PyResult<Vec<PyAnswer>> {
    let engine = engine(engine_name)?;
    run_batch(py, puzzles, threads, diagonal, move |entries, stop| {
        let mut job = Job::new(engine, max_solutions, limits(max_guesses, stop));
        job.timed = false;
        batch::map_in_order(entries, |entry| {
            if stop.is_raised() {
                return PyAnswer::at(&entry, "stopped");
            }
            answer(&job.answer(entry))
        })
    })
}

/// `solve_batch(puzzles)`: one answer per puzzle, `solved` with its
/// solution, `unsolvable`, `limit`, or `invalid` with the reason.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, engine=None, diagonal=false, max_guesses=None))]
fn solve_batch(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    engine: Option<&str>,
    diagonal: bool,
    max_guesses: Option<u64>,
) -> PyResult<Vec<PyAnswer>> {
    job_batch(
        py,
        puzzles,
        threads,
        diagonal,
        engine,
        1,
        max_guesses,
        |a| match &a.outcome {
            Err(why) => PyAnswer::refused(&a.entry, why),
            Ok((_, report)) => match &report.first {
                Some(solution) => PyAnswer {
                    solution: Some(solution.to_line()),
                    ..PyAnswer::at(&a.entry, "solved")
                },
                None if report.limit_reached => PyAnswer::spent(&a.entry),
                None => PyAnswer::at(&a.entry, "unsolvable"),
            },
        },
    )
}

/// `count_batch(puzzles, limit=2)`: one answer per puzzle, with its
/// solutions counted up to `limit` and the word `sudokit count` gives it:
/// `unique`, `multiple`, `solvable` (one found at limit 1), `unsolvable`,
/// `limit` (with those found before the guess budget ran out), or
/// `invalid` with the error.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=2, threads=None, engine=None, diagonal=false,
    max_guesses=None))]
#[allow(clippy::too_many_arguments)]
fn count_batch(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: usize,
    threads: Option<usize>,
    engine: Option<&str>,
    diagonal: bool,
    max_guesses: Option<u64>,
) -> PyResult<Vec<PyAnswer>> {
    if limit == 0 {
        return Err(PyValueError::new_err(
            "limit must be at least 1 (2 tells one solution from several), not 0",
        ));
    }
    job_batch(
        py,
        puzzles,
        threads,
        diagonal,
        engine,
        limit,
        max_guesses,
        move |a| match &a.outcome {
            Err(why) => PyAnswer::refused(&a.entry, why),
            Ok((_, report)) => match report.count(limit) {
                Count::LimitReached(n) => PyAnswer {
                    count: Some(n),
                    ..PyAnswer::spent(&a.entry)
                },
                found @ (Count::Exactly(n) | Count::AtLeast(n)) => PyAnswer {
                    count: Some(n),
                    ..PyAnswer::at(&a.entry, count_word(&found))
                },
            },
        },
    )
}

/// The word `sudokit count` gives a count: `unsolvable` (none), `unique`
/// (exactly one), `solvable` (one, and more not looked for), `multiple`.
fn count_word(count: &Count) -> &'static str {
    match *count {
        Count::Exactly(0) => "unsolvable",
        Count::Exactly(1) => "unique",
        Count::AtLeast(1) => "solvable",
        Count::LimitReached(_) => "limit",
        _ => "multiple",
    }
}

/// `rate_batch(puzzles, rules="se")`: one answer per puzzle, `rated` (or
/// `incomplete`, as `sudokit rate` says when no rule finishes the path)
/// with its rating, `unsolvable`, `multiple`, or `invalid` with the error
/// (as the library's `batch::rate_all`, with the stop flag looked at
/// between puzzles and, by SE's rules, between steps). By HoDoKu's rules a
/// grid they do not take (not 9x9, or diagonal) is `invalid`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, diagonal=false, rules="se"))]
fn rate_batch(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    diagonal: bool,
    rules: &str,
) -> PyResult<Vec<PyAnswer>> {
    let rules = hodoku::rules(rules)?;
    run_batch(py, puzzles, threads, diagonal, move |entries, stop| {
        let mut job = Job::new(None, 2, limits(None, stop));
        job.timed = false;
        batch::map_in_order(entries, |entry| {
            if stop.is_raised() {
                return PyAnswer::at(&entry, "stopped");
            }
            let a = job.answer(entry);
            // By SE's rules a puzzle given by its digits takes its singles
            // on the fixed tables the command rates them on.
            let rating = match rules {
                Rules::Se => batch::rate_answer(&mut Cache::new().with_stop(stop.clone()), &a)
                    .map(|r| Ok(PyRating::from(&r))),
                Rules::Hodoku => batch::logical_start(&a).map(|state| hodoku::rating(&state)),
            };
            match rating {
                Ok(Ok(r)) => {
                    PyAnswer::at(&a.entry, if r.complete { "rated" } else { "incomplete" })
                        .with_rating(r)
                }
                Ok(Err(why)) => PyAnswer {
                    error: Some(why.to_string()),
                    ..PyAnswer::at(&a.entry, "invalid")
                },
                Err(Unrated::NotSearched(why)) => PyAnswer::refused(&a.entry, &why),
                Err(Unrated::Solutions(why)) => PyAnswer::at(
                    &a.entry,
                    match why {
                        RateError::NoSolution => "unsolvable",
                        RateError::SeveralSolutions => "multiple",
                    },
                ),
            }
        })
    })
}

/// The extension module.
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ParseError", m.py().get_type::<ParseError>())?;
    m.add("Unsolvable", m.py().get_type::<Unsolvable>())?;
    m.add("Multiple", m.py().get_type::<Multiple>())?;
    m.add("LimitReached", m.py().get_type::<LimitReached>())?;
    m.add_class::<PyRating>()?;
    m.add_class::<PyAnswer>()?;
    m.add_class::<make::PyGenerated>()?;
    m.add_function(wrap_pyfunction!(teach::explain_json, m)?)?;
    m.add_function(wrap_pyfunction!(teach::hint_json, m)?)?;
    m.add_function(wrap_pyfunction!(make::generate, m)?)?;
    m.add_function(wrap_pyfunction!(grid_values, m)?)?;
    m.add_function(wrap_pyfunction!(parse_grid, m)?)?;
    m.add_function(wrap_pyfunction!(search_values, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(display_text, m)?)?;
    m.add_function(wrap_pyfunction!(solve_all_report, m)?)?;
    m.add_function(wrap_pyfunction!(random_puzzle, m)?)?;
    m.add_function(wrap_pyfunction!(geometry, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(is_unique, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    m.add_function(wrap_pyfunction!(solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(count_batch, m)?)?;
    m.add_function(wrap_pyfunction!(rate_batch, m)?)?;
    Ok(())
}
