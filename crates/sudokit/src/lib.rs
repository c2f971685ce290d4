//! sudokit: a Sudoku toolkit. It reads puzzles, solves them with
//! interchangeable engines, counts their solutions, and explains a solve step
//! by step.
//!
//! # Glossary (Peter Norvig's words, used everywhere in this crate)
//!
//! - **square**: one cell, named `A1`..`I9` on a 9x9 grid (rows `A`.., columns `1`..).
//! - **digit**: what a square holds, 1..=9 (1..=n on an n x n grid; written
//!   `1`-`9`, then `A`, `B`, ... above 9).
//! - **unit**: a row, a column or a box (and each main diagonal in the
//!   diagonal variant); it holds every digit once.
//! - **peers**: the other squares sharing a unit with a square.
//! - **grid**: the givens of a puzzle, or a solution ([`Grid`]).
//! - **candidates**: the digits still possible in each square ([`Candidates`]).
//!
//! # Layout
//!
//! [`shape`] builds the squares/units/peers tables, [`grid`] holds the two
//! states, [`parse`] and [`format`](mod@format) read and write them,
//! [`engine`] has the solvers behind the [`Solver`] trait, [`verify`] checks
//! answers independently, [`batch`] runs a whole corpus, [`random`] makes
//! Norvig's random puzzles and [`logic`] thinks like a person: logical
//! steps, hints, explanations and Sudoku Explainer's rating.
//! [`transform`] disguises a puzzle (rows, columns, bands, stacks,
//! transposition, relabelling), [`canon`] finds its canonical (minlex)
//! form, which tells equal puzzles apart, and [`generate`] makes new
//! puzzles with one solution: symmetric, minimal, at a chosen difficulty.
//!
//! # Example
//!
//! ```
//! use sudokit::{parse_grid, EngineKind, Limits, Outcome, ParseOptions, Solver};
//!
//! let grid = parse_grid(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     ParseOptions::default(),
//! )?;
//! let engine = EngineKind::Norvig.solver();
//! let (outcome, stats) = engine.solve(&grid, &Limits::none());
//! match outcome {
//!     Outcome::Solved(solution) => {
//!         assert!(sudokit::verify::is_solution(&grid, &solution));
//!         assert_eq!(solution.to_line(),
//!             "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
//!     }
//!     other => panic!("expected a solution, got {other:?}"),
//! }
//! assert!(stats.guesses > 0);
//! # Ok::<(), sudokit::ParseError>(())
//! ```

#![deny(missing_docs)]

pub mod batch;
pub mod canon;
pub mod clock;
pub mod engine;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod parse;
pub mod random;
pub mod shape;
pub mod transform;
pub mod verify;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExample;

pub use engine::{Count, EngineKind, Limits, Outcome, Report, Solver, Stats, Stop};
pub use grid::{Candidates, Digits, Grid};
pub use parse::{parse_grid, ParseError, ParseOptions, PuzzleReader};
pub use shape::{Shape, Size, Variant};
