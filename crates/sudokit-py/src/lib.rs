//! `sudokit._sudokit`: the Rust half of the Python package `sudokit`.
//!
//! Thin glue over the library: Python values in, library calls, Python
//! values out. Puzzles come in as strings in Norvig's permissive format;
//! a bad one raises `sudokit.ParseError` (a `ValueError`) that says where
//! and what. The batch calls copy their input out of Python objects, then
//! let go of the interpreter lock while the library's batch code runs on
//! every core (or `threads`), and hand back one answer per puzzle in input
//! order; a bad puzzle there is an `invalid` answer, not an exception.
//!
//! The Norvig names that are plain Python (`display` printing, the
//! geometry dictionaries) live in `python/sudokit/__init__.py`.

mod make;
mod teach;

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use rand::{rngs::StdRng, SeedableRng};
use std::collections::BTreeMap;
use sudokit::batch::{self, Answer as BatchAnswer, Job, NotSearched, Unrated};
use sudokit::engine::norvig;
use sudokit::logic::{self, RateError};
use sudokit::parse::Entry;
use sudokit::{
    format, parse_grid as parse_text, random, Candidates, Digits, EngineKind, Grid, Limits,
    ParseOptions, Shape, Size, Variant,
};

create_exception!(
    sudokit,
    ParseError,
    PyValueError,
    "A text that is not a puzzle: `square`, `position` and `what` say where and what."
);

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
    };
    let err = ParseError::new_err(error.to_string());
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

/// Searches one grid for up to `limit` solutions with the chosen engine.
fn search_grid(grid: &Grid, limit: usize, engine_name: Option<&str>) -> PyResult<sudokit::Report> {
    let kind = engine(engine_name)?.unwrap_or_else(|| EngineKind::best_for(grid.shape()));
    let solver = kind.solver();
    if !solver.supports(grid.shape()) {
        return Err(PyValueError::new_err(format!(
            "the {kind} engine cannot solve {} grids",
            batch::shape_words(grid.size(), grid.shape().variant())
        )));
    }
    Ok(solver.run(grid, limit.max(1), &Limits::none()))
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
#[pyo3(signature = (grid, engine=None))]
fn solve(
    py: Python<'_>,
    grid: &str,
    engine: Option<&str>,
) -> PyResult<Option<Vec<(String, String)>>> {
    let report = search_grid(&read(py, grid)?, 1, engine)?;
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

/// `count(puzzle, limit=2)`: solutions, counted up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=2, engine=None))]
fn count(py: Python<'_>, puzzle: &str, limit: usize, engine: Option<&str>) -> PyResult<usize> {
    let grid = read(py, puzzle)?;
    Ok(py.detach(|| search_grid(&grid, limit, engine))?.solutions)
}

/// `is_unique(puzzle)`: exactly one solution.
#[pyfunction]
#[pyo3(signature = (puzzle, engine=None))]
fn is_unique(py: Python<'_>, puzzle: &str, engine: Option<&str>) -> PyResult<bool> {
    Ok(count(py, puzzle, 2, engine)? == 1)
}

/// Sudoku Explainer's rating of a puzzle.
#[pyclass(frozen, get_all, module = "sudokit", name = "Rating")]
#[derive(Clone)]
pub(crate) struct PyRating {
    er: f64,
    ep: f64,
    ed: f64,
    technique: Option<String>,
    steps: usize,
    techniques: BTreeMap<String, usize>,
    complete: bool,
}

impl From<&logic::Rating> for PyRating {
    fn from(r: &logic::Rating) -> PyRating {
        PyRating {
            er: r.er.value(),
            ep: r.ep.value(),
            ed: r.ed.value(),
            technique: r.technique.map(|t| t.name().to_string()),
            steps: r.steps,
            techniques: r
                .techniques
                .iter()
                .map(|(k, v)| (k.to_string(), *v))
                .collect(),
            complete: r.complete,
        }
    }
}

#[pymethods]
impl PyRating {
    fn __repr__(&self) -> String {
        format!(
            "Rating(er={:.1}, ep={:.1}, ed={:.1}, technique={}, steps={}, complete={})",
            self.er,
            self.ep,
            self.ed,
            // No technique (an incomplete rating) is Python's None, not a
            // string that says "None".
            self.technique
                .as_deref()
                .map_or("None".to_string(), |t| format!("{t:?}")),
            self.steps,
            if self.complete { "True" } else { "False" }
        )
    }
}

/// `rate(puzzle)`: the rating; ValueError when not exactly one solution.
#[pyfunction]
fn rate(py: Python<'_>, puzzle: &str) -> PyResult<PyRating> {
    let grid = read(py, puzzle)?;
    // One puzzle: its hardest rules share their squares out over every
    // core (see `sudokit::logic::Cache::spreading`).
    py.detach(|| logic::rate(&mut logic::Cache::spreading(), &grid))
        .map(|r| PyRating::from(&r))
        .map_err(|e: RateError| PyValueError::new_err(e.to_string()))
}

/// `canon(puzzle)`: the canonical (minlex) form, equal for equal puzzles.
#[pyfunction]
fn canon(py: Python<'_>, puzzle: &str) -> PyResult<String> {
    let grid = read(py, puzzle)?;
    py.detach(|| sudokit::canon::minlex(&grid))
        .map(|g| g.to_line())
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One puzzle of a batch and what was made of it. (A batch makes one per
/// puzzle, so it is kept small: the rating, which most answers lack, is
/// boxed.)
#[pyclass(frozen, module = "sudokit", name = "Answer")]
#[derive(Clone)]
struct PyAnswer {
    #[pyo3(get)]
    index: usize,
    #[pyo3(get)]
    line: usize,
    #[pyo3(get)]
    status: &'static str,
    #[pyo3(get)]
    solution: Option<String>,
    #[pyo3(get)]
    count: Option<usize>,
    rated: Option<Box<PyRating>>,
    #[pyo3(get)]
    reason: Option<String>,
}

impl PyAnswer {
    /// An answer with only its place filled in.
    fn at(entry: &Entry, status: &'static str) -> PyAnswer {
        PyAnswer {
            index: entry.index - 1,
            line: entry.line,
            status,
            solution: None,
            count: None,
            rated: None,
            reason: None,
        }
    }

    /// The answer to a puzzle that was not searched.
    fn refused(entry: &Entry, why: &NotSearched) -> PyAnswer {
        PyAnswer {
            reason: Some(why.to_string()),
            ..PyAnswer::at(entry, "invalid")
        }
    }
}

#[pymethods]
impl PyAnswer {
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
        if let Some(r) = &self.reason {
            text += &format!(", reason={r:?}");
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
        puzzles
            .extract::<Vec<String>>()
            .map(Input::Texts)
            .map_err(|_| {
                PyTypeError::new_err(
                "puzzles must be a list of str, or one str or bytes of newline-separated puzzles",
            )
            })
    }

    /// The entries, one per puzzle, in input order.
    fn entries(self) -> Vec<Entry> {
        match self {
            Input::Texts(texts) => batch::entries_of_texts(&texts, ParseOptions::default()),
            Input::Lines(bytes) => batch::entries_of_bytes(&bytes, ParseOptions::default()),
        }
    }
}

/// Runs `work` on the batch's entries without the interpreter lock, on
/// `threads` threads (every core when None or 0).
fn run_batch<T: Send>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    work: impl FnOnce(Vec<Entry>) -> Vec<T> + Send,
) -> PyResult<Vec<T>> {
    let input = Input::extract(puzzles)?;
    let threads = threads.filter(|&n| n > 0);
    py.detach(|| batch::with_threads(threads, || work(input.entries())))
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start worker threads: {e}")))
}

/// Answers of a `Job` run over a batch, each made into a Python answer by
/// `answer` on the worker threads (only the Python objects are made under
/// the interpreter lock).
fn job_batch(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    engine_name: Option<&str>,
    max_solutions: usize,
    answer: impl Fn(&BatchAnswer) -> PyAnswer + Sync + Send,
) -> PyResult<Vec<PyAnswer>> {
    let mut job = Job::new(engine(engine_name)?, max_solutions, Limits::none());
    job.timed = false;
    run_batch(py, puzzles, threads, |entries| {
        batch::map_in_order(entries, |entry| answer(&job.answer(entry)))
    })
}

/// `solve_batch(puzzles)`: one answer per puzzle, `solved` with its
/// solution, `unsolvable`, or `invalid` with the reason.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, engine=None))]
fn solve_batch(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    engine: Option<&str>,
) -> PyResult<Vec<PyAnswer>> {
    job_batch(py, puzzles, threads, engine, 1, |a| match &a.outcome {
        Err(why) => PyAnswer::refused(&a.entry, why),
        Ok((_, report)) => match &report.first {
            Some(solution) => PyAnswer {
                solution: Some(solution.to_line()),
                ..PyAnswer::at(&a.entry, "solved")
            },
            None => PyAnswer::at(&a.entry, "unsolvable"),
        },
    })
}

/// `count_batch(puzzles, limit=2)`: one answer per puzzle, `counted` with
/// its solutions counted up to `limit`, or `invalid` with the reason.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=2, threads=None, engine=None))]
fn count_batch(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: usize,
    threads: Option<usize>,
    engine: Option<&str>,
) -> PyResult<Vec<PyAnswer>> {
    job_batch(py, puzzles, threads, engine, limit.max(1), |a| {
        match &a.outcome {
            Err(why) => PyAnswer::refused(&a.entry, why),
            Ok((_, report)) => PyAnswer {
                count: Some(report.solutions),
                ..PyAnswer::at(&a.entry, "counted")
            },
        }
    })
}

/// `rate_batch(puzzles)`: one answer per puzzle, `rated` with its rating,
/// `unsolvable`, `multiple`, or `invalid` with the reason.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None))]
fn rate_batch(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Vec<PyAnswer>> {
    let rated = run_batch(py, puzzles, threads, batch::rate_all)?;
    Ok(rated
        .iter()
        .map(|(a, rating)| match rating {
            Ok(r) => PyAnswer {
                rated: Some(Box::new(PyRating::from(r))),
                ..PyAnswer::at(&a.entry, "rated")
            },
            Err(Unrated::NotSearched(why)) => PyAnswer::refused(&a.entry, why),
            Err(Unrated::Solutions(why)) => PyAnswer {
                reason: Some(why.to_string()),
                ..PyAnswer::at(
                    &a.entry,
                    match why {
                        RateError::NoSolution => "unsolvable",
                        RateError::SeveralSolutions => "multiple",
                    },
                )
            },
        })
        .collect())
}

/// The extension module.
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ParseError", m.py().get_type::<ParseError>())?;
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
