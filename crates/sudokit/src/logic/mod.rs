//! Thinking like a person: logical steps, hints, explanations and Sudoku
//! Explainer's rating.
//!
//! The engines in [`crate::engine`] find solutions; this module finds the
//! *reasons*. A [`State`] is what a player sees (givens, placed digits,
//! pencil marks). Each technique is a [`Finder`]: given a state, it offers
//! the [`Step`]s it sees, one by one, in its own scan order. A step says
//! what it places and removes, why (its [`Evidence`]) and how hard it is on
//! Sudoku Explainer's scale, in one sentence a person can follow.
//!
//! [`solver`] strings the finders together in one of two [`Order`]s:
//! Sudoku Explainer's own (which defines its rating, see [`rate`]) or
//! easiest-first (for hints that teach), and [`hint`] grades a step the way
//! hint systems do (where to look, which technique, which squares, the move).
//!
//! # Layers
//!
//! Each layer imports only the ones above it in this list (checked by
//! `tests/layers.rs`); this file and each folder's `mod.rs` are fronts that
//! declare modules and re-export, and nothing imports them.
//!
//! 1. The core: [`bits`] and [`units`] (squares, units, candidates),
//!    [`cache`] (what techniques keep between calls, owned by the caller),
//!    [`step`] (a technique's step and its sentence), [`state`] (what a
//!    player sees), [`finder`] (the one trait every technique implements).
//! 2. [`techniques`]: one file per family of patterns.
//! 3. [`chains`]: the chain machinery, SE's forcing chains and cycles below
//!    the dynamic, multiple and nested chains.
//! 4. On top: [`solver`] (the orders, the next step, the path and the
//!    rating) and [`hint`] (the hint ladder).
//!
//! # The techniques, one file per family
//!
//! | file | techniques (difficulty) | shapes |
//! |---|---|---|
//! | [`singles`](techniques::singles) | full house 1.0, hidden single 1.2 (box) / 1.5 (line), naked single 2.3 | all |
//! | [`intersections`](techniques::intersections) | direct pointing 1.7 / claiming 1.9, pointing 2.6, claiming 2.8 | all |
//! | [`subsets`](techniques::subsets) | direct hidden pair 2.0 / triple 2.5, naked pair 3.0 / triple 3.6 / quad 5.0, hidden pair 3.4 / triple 4.0 / quad 5.4 | all |
//! | [`fish`](techniques::fish) | X-wing 3.2, swordfish 3.8, jellyfish 5.2 | all |
//! | [`wings`](techniques::wings) | XY-wing 4.2, XYZ-wing 4.4 | all |
//! | [`bug`](techniques::bug) | BUG type 1 5.6, types 2 and 4 5.7, type 3 5.8-6.2 | all but diagonal |
//! | [`aligned`](techniques::aligned) | aligned pair exclusion 6.2, aligned triplet exclusion 7.5 | all |
//! | [`forcing`](chains::forcing) | bidirectional X-, Y-cycles 6.5, forcing X-chains 6.6, cycles and forcing chains with both links 7.0, plus a length bonus | all but diagonal |
//! | [`dynamic`](chains::dynamic) | Nishio forcing chains 7.5, cell and region forcing chains 8.0, dynamic forcing chains 8.5 (contradiction, double, cell, region), dynamic forcing chains (+) 9.0 (pointing, claiming, pairs and X-wings inside the chains), with forcing chains and cycles inside too 9.5, with multiple forcing chains too 10.0, with dynamic forcing chains of levels 0 to 3 inside 10.5, plus a length bonus | up to 9x9, not diagonal |
//! | [`uniqueness`](techniques::uniqueness) | unique rectangles 4.5 and loops 4.6-5.0, types 1-4 (type 3 up to +0.6) | all but diagonal |
//!
//! "All" means every shape the library reads (4x4 to 25x25) and the
//! diagonal variant, whose diagonals are scanned like any other unit.
//!
//! # Speed
//!
//! Rating is a batch job over millions of puzzles, so the engine keeps what
//! the techniques ask most and skips what a rater does not read:
//!
//! - [`State`] keeps, for every unit and digit, the digit's places as a bit
//!   mask, each unit's empty count, and which digits have one place left;
//!   every move updates them, so no technique scans squares to find them.
//! - A state made [`State::without_reasons`] gives steps with their moves
//!   and difficulty only: no evidence, no sentence.
//! - [`rate`] takes full houses and hidden singles (most steps of most
//!   paths) straight from those masks without building a [`Step`].
//! - Searches skip what cannot succeed without changing what they find or
//!   its order: subsets only enumerate members that can belong, and the
//!   loop walk stops where a unit would hold two of its squares at places
//!   of the same parity (no loop can close from there).
//!
//! # Sources
//!
//! The techniques, their difficulties and the order Sudoku Explainer 1.2.1
//! tries them in are facts taken from Nicolas Juillerat's Sudoku Explainer
//! and its SukakuExplainer fork (LGPL), read for reference; the code here is
//! sudokit's own. The technique write-ups at sudopedia.org and
//! sudokuwiki.org describe the patterns.

pub mod bits;
pub mod cache;
pub mod chains;
pub mod finder;
pub mod hint;
pub mod solver;
pub mod state;
pub mod step;
pub mod techniques;
pub mod units;

pub use cache::Cache;
pub use finder::{Finder, Found};
pub use hint::{Graded, Hint, Level, Mistake, MistakeKind};
pub use solver::{
    explain, next_step, rate, rate_from, rate_unique, Order, Path, RateError, Rating,
};
pub use state::State;
pub use step::{Difficulty, Evidence, Link, LinkReason, Step, Technique};
pub use units::{Cand, Square, Unit};
