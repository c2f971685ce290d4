//! `generate`: a new puzzle with one solution, as `sudokit generate` makes
//! them (the same tries: try `i` of seed `s` always makes the same puzzle,
//! so a seed repeats a puzzle).

use crate::{interruptible, PyRating};
use pyo3::exceptions::{PyDeprecationWarning, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use sudokit::generate::{
    fewest_givens, generate_nth, Grade, Options, Symmetry, SymmetryChoice, Wanted,
};
use sudokit::logic::hodoku;
use sudokit::logic::{Rules, Technique};
use sudokit::Stop;
use sudokit::{Shape, Size, Variant};

/// A new puzzle with one solution, from `generate`.
#[pyclass(frozen, eq, get_all, module = "sudokit", name = "Generated")]
#[derive(Clone, PartialEq)]
pub(crate) struct PyGenerated {
    /// The givens, one line ('.' for an empty square).
    puzzle: String,
    /// Its one solution.
    solution: String,
    /// The symmetry of its givens, such as "rot180".
    symmetry: String,
    /// How many givens it has (the command's JSON `givens`).
    givens: usize,
    /// Its rating, when a level, ER range or technique was asked for.
    rating: Option<PyRating>,
    /// The seed: the same seed and options make the same puzzle.
    seed: u64,
    /// How many tries it took.
    tries: u64,
}

#[pymethods]
impl PyGenerated {
    /// A generated puzzle from its fields (so that it can be pickled).
    #[new]
    #[pyo3(signature = (puzzle, solution, symmetry, givens, rating, seed, tries))]
    fn new(
        puzzle: String,
        solution: String,
        symmetry: String,
        givens: usize,
        rating: Option<Bound<'_, PyRating>>,
        seed: u64,
        tries: u64,
    ) -> PyGenerated {
        PyGenerated {
            puzzle,
            solution,
            symmetry,
            givens,
            rating: rating.map(|r| r.get().clone()),
            seed,
            tries,
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let g = slf.get();
        let args = (
            g.puzzle.clone(),
            g.solution.clone(),
            g.symmetry.clone(),
            g.givens,
            g.rating.clone(),
            g.seed,
            g.tries,
        );
        Ok((slf.get_type().into_any(), args.into_pyobject(slf.py())?))
    }

    fn __repr__(&self) -> String {
        format!(
            "Generated(puzzle={:?}, givens={}, symmetry={:?}, seed={}, tries={})",
            self.puzzle, self.givens, self.symmetry, self.seed, self.tries
        )
    }
}

fn usage(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// What the arguments ask for, as the command's options would.
#[allow(clippy::too_many_arguments)]
fn options(
    size: usize,
    diagonal: bool,
    symmetry: &str,
    minimal: bool,
    givens: Option<(usize, usize)>,
    level: Option<&str>,
    er: Option<(f64, f64)>,
    technique: Option<&str>,
) -> PyResult<Options> {
    let size = Size::from_side(size)
        .ok_or_else(|| usage(format!("size must be 4, 6, 9, 16 or 25, not {size}")))?;
    let variant = if diagonal {
        Variant::Diagonal
    } else {
        Variant::Standard
    };
    let shape = Shape::of(size, variant);
    let squares = shape.square_count();
    let symmetry = match symmetry {
        "random" => SymmetryChoice::Random,
        name => SymmetryChoice::Fixed(name.parse::<Symmetry>().map_err(usage)?),
    };
    let (low, high) = givens.unwrap_or((0, squares));
    if low > high || high > squares {
        return Err(usage(format!(
            "givens must be a range (low, high) within 0..={squares}, not ({low}, {high})"
        )));
    }
    let fewest = fewest_givens(size);
    if high < fewest {
        return Err(usage(format!(
            "no {0}x{0} puzzle with one solution has fewer than {fewest} givens",
            shape.side()
        )));
    }
    let mut wanted: Option<Wanted> = None;
    if let Some(level) = level {
        let level: Grade = level.parse().map_err(usage)?;
        wanted = Some(Wanted::level(level));
    }
    if let Some((min, max)) = er {
        if !(min <= max && min >= 0.0) {
            return Err(usage(format!(
                "er must be (min, max) with 0 <= min <= max, not ({min}, {max})"
            )));
        }
        let tenths = |x: f64| (x * 10.0).round() as u16;
        let band = Wanted {
            min_er: tenths(min),
            max_er: Some(tenths(max)),
            technique: None,
        };
        wanted = Some(wanted.map_or(band, |w| w.and(band)));
    }
    if let Some(id) = technique {
        let technique = Technique::from_id(id).ok_or_else(|| {
            let ids: Vec<&str> = Technique::ALL.iter().map(|t| t.id()).collect();
            usage(format!(
                "unknown technique '{id}' (one of: {})",
                ids.join(", ")
            ))
        })?;
        let one = Wanted {
            technique: Some(technique),
            ..Wanted::any()
        };
        wanted = Some(wanted.map_or(one, |w| w.and(one)));
    }
    if let Some(w) = wanted {
        w.check(shape).map_err(usage)?;
    }
    Ok(Options {
        shape,
        symmetry,
        minimal: minimal || givens.is_none(),
        clues: (low, high),
        difficulty: wanted,
    })
}

/// What `rules="hodoku"` keeps, or ValueError for a request it cannot
/// take (as the command refuses it).
fn hodoku_wanted(
    level: Option<&str>,
    er: bool,
    score: Option<OneOrRange<u32>>,
    technique: Option<&str>,
    size: usize,
    diagonal: bool,
) -> PyResult<hodoku::Wanted> {
    if er {
        return Err(usage(
            "er is for SE's rules: with rules=\"hodoku\" give level or score",
        ));
    }
    if size != 9 || diagonal {
        return Err(usage(hodoku::hint::NOT_9X9));
    }
    let level = level
        .map(|name| {
            name.parse::<hodoku::Level>()
                .map_err(|e| usage(format!("level {name:?}: {e}")))
        })
        .transpose()?;
    let kind = technique
        .map(|name| {
            hodoku::Kind::named(name).ok_or_else(|| {
                usage(format!(
                    "technique {name:?}: no HoDoKu step type has this short name, code or name"
                ))
            })
        })
        .transpose()?;
    let score = score.map_or((0, None), |s| {
        let (low, high) = s.range();
        (low, Some(high))
    });
    hodoku::Wanted::new(level, score, kind).map_err(|refusal| match refusal {
        hodoku::Refusal::Scores => usage(format!("score: {refusal}")),
        hodoku::Refusal::Technique(why) => usage(format!(
            "technique {:?}: {why}",
            technique.unwrap_or_default()
        )),
    })
}

/// A number or a (low, high) pair, as the command takes `25` or `20..25`.
#[derive(FromPyObject)]
pub(crate) enum OneOrRange<T> {
    One(T),
    Range((T, T)),
}

impl<T: Copy> OneOrRange<T> {
    fn range(&self) -> (T, T) {
        match *self {
            OneOrRange::One(x) => (x, x),
            OneOrRange::Range(r) => r,
        }
    }
}

/// `generate(...)`: tries from try 0 of `seed` until one makes a puzzle
/// that is wanted, without the interpreter lock (interruptible between
/// tries).
#[pyfunction]
#[pyo3(signature = (*, level=None, er=None, symmetry="rot180", minimal=false, givens=None,
    size=9, diagonal=false, seed=None, max_tries=100_000, technique=None, clues=None,
    rules="se", score=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate(
    py: Python<'_>,
    level: Option<&str>,
    er: Option<OneOrRange<f64>>,
    symmetry: &str,
    minimal: bool,
    givens: Option<OneOrRange<usize>>,
    size: usize,
    diagonal: bool,
    seed: Option<u64>,
    max_tries: u64,
    technique: Option<&str>,
    clues: Option<OneOrRange<usize>>,
    rules: &str,
    score: Option<OneOrRange<u32>>,
) -> PyResult<PyGenerated> {
    // `clues`, the old name of `givens`, is still taken (as the command
    // still takes `--clues`), with a warning.
    let givens = match (givens, clues) {
        (Some(_), Some(_)) => return Err(usage("give givens or clues (its old name), not both")),
        (None, Some(clues)) => {
            let message = c"clues= is now called givens=";
            PyErr::warn(py, &py.get_type::<PyDeprecationWarning>(), message, 1)?;
            Some(clues)
        }
        (givens, None) => givens,
    };
    // By HoDoKu's rules the level, score and technique are HoDoKu's, asked
    // of each try's puzzle; by SE's the generator itself rates.
    let hodoku = match crate::hodoku::rules(rules)? {
        Rules::Se if score.is_some() => {
            return Err(usage("score is HoDoKu's: add rules=\"hodoku\""));
        }
        Rules::Se => None,
        Rules::Hodoku => Some(hodoku_wanted(
            level,
            er.is_some(),
            score,
            technique,
            size,
            diagonal,
        )?),
    };
    let (level, technique) = if hodoku.is_some() {
        (None, None)
    } else {
        (level, technique)
    };
    let options = options(
        size,
        diagonal,
        symmetry,
        minimal,
        givens.map(|c| c.range()),
        level,
        er.map(|e| e.range()),
        technique,
    )?;
    let seed = seed.unwrap_or_else(rand::random);
    let stop = Stop::new();
    let flag = stop.clone();
    let made = interruptible(py, &stop, move || {
        (0..max_tries)
            .take_while(|_| !flag.is_raised())
            .find_map(|i| {
                let g = generate_nth(&options, seed, i).ok()?;
                match &hodoku {
                    None => Some((g, None, i + 1)),
                    Some(wanted) => wanted.keeps(&g.puzzle).map(|p| (g, Some(p), i + 1)),
                }
            })
    })?;
    let Some((g, path, tries)) = made else {
        return Err(PyRuntimeError::new_err(format!(
            "no puzzle as asked in {} (seed {seed}); allow more with max_tries",
            crate::counted(max_tries, "try", "tries")
        )));
    };
    Ok(PyGenerated {
        puzzle: g.puzzle.to_line(),
        solution: g.solution.to_line(),
        symmetry: g.symmetry.name().to_string(),
        givens: g.puzzle.given_count(),
        rating: match &path {
            Some(path) => Some(PyRating::from(path)),
            None => g.rating.as_ref().map(PyRating::from),
        },
        seed,
        tries,
    })
}
