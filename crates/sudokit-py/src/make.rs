//! `generate`: a new puzzle with one solution, as `sudokit generate` makes
//! them (the same tries: try `i` of seed `s` always makes the same puzzle,
//! so a seed repeats a puzzle).

use crate::PyRating;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use sudokit::generate::{
    fewest_givens, generate_nth, Grade, Options, Symmetry, SymmetryChoice, Wanted,
};
use sudokit::{Shape, Size, Variant};

/// A new puzzle.
#[pyclass(frozen, get_all, module = "sudokit", name = "Generated")]
pub(crate) struct PyGenerated {
    puzzle: String,
    solution: String,
    symmetry: &'static str,
    clues: usize,
    rating: Option<PyRating>,
    seed: u64,
    tries: u64,
}

#[pymethods]
impl PyGenerated {
    fn __repr__(&self) -> String {
        format!(
            "Generated(puzzle={:?}, clues={}, symmetry={:?}, seed={}, tries={})",
            self.puzzle, self.clues, self.symmetry, self.seed, self.tries
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
    clues: Option<(usize, usize)>,
    level: Option<&str>,
    er: Option<(f64, f64)>,
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
    let (low, high) = clues.unwrap_or((0, squares));
    if low > high || high > squares {
        return Err(usage(format!(
            "clues must be a range (low, high) within 0..={squares}, not ({low}, {high})"
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
    if let Some(w) = wanted {
        w.check(shape).map_err(usage)?;
    }
    Ok(Options {
        shape,
        symmetry,
        minimal: minimal || clues.is_none(),
        clues: (low, high),
        difficulty: wanted,
    })
}

/// `generate(...)`: tries from try 0 of `seed` until one makes a puzzle
/// that is wanted, without the interpreter lock.
#[pyfunction]
#[pyo3(signature = (*, level=None, er=None, symmetry="rot180", minimal=false, clues=None,
    size=9, diagonal=false, seed=None, max_tries=100_000))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate(
    py: Python<'_>,
    level: Option<&str>,
    er: Option<(f64, f64)>,
    symmetry: &str,
    minimal: bool,
    clues: Option<(usize, usize)>,
    size: usize,
    diagonal: bool,
    seed: Option<u64>,
    max_tries: u64,
) -> PyResult<PyGenerated> {
    let options = options(size, diagonal, symmetry, minimal, clues, level, er)?;
    let seed = seed.unwrap_or_else(rand::random);
    let made = py.detach(|| {
        (0..max_tries).find_map(|i| generate_nth(&options, seed, i).ok().map(|g| (g, i + 1)))
    });
    let Some((g, tries)) = made else {
        return Err(PyRuntimeError::new_err(format!(
            "no puzzle as asked in {max_tries} tries (seed {seed}); allow more with max_tries"
        )));
    };
    Ok(PyGenerated {
        puzzle: g.puzzle.to_line(),
        solution: g.solution.to_line(),
        symmetry: g.symmetry.name(),
        clues: g.puzzle.given_count(),
        rating: g.rating.as_ref().map(PyRating::from),
        seed,
        tries,
    })
}
