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
//!    [`text`] (the pieces of a sentence), [`step`] (a technique's step,
//!    and the table of techniques), [`state`] (what a
//!    player sees), [`finder`] (the one trait every technique implements),
//!    [`templates`] (the squares a digit's templates can use).
//! 2. [`techniques`]: one file per family of patterns.
//! 3. [`chains`]: the chain machinery, SE's forcing chains and cycles below
//!    the dynamic, multiple and nested chains.
//! 4. On top: [`solver`] (the orders, the next step, the path), [`rating`]
//!    (SE's ER/EP/ED) and [`hint`] (the hint ladder).
//! 5. [`hodoku`]: HoDoKu's rules (its step types, finders in its order,
//!    its path, score and level), beside SE's.
//!
//! # The techniques, one file per family
//!
//! The one table of techniques is [`Technique`] (in [`step`]): each one's
//! id, name, difficulty on Sudoku Explainer's scale and [`Family`], the
//! file whose finder looks for it. The finders read their difficulties
//! from it. Where each family works:
//!
//! | file | shapes |
//! |---|---|
//! | [`singles`](techniques::singles) | all |
//! | [`intersections`](techniques::intersections) | all |
//! | [`subsets`](techniques::subsets) | all |
//! | [`fish`](techniques::fish) | all |
//! | [`wings`](techniques::wings) | all |
//! | [`bug`](techniques::bug) | all but diagonal |
//! | [`aligned`](techniques::aligned) | all |
//! | [`forcing`](chains::forcing) | all but diagonal |
//! | [`dynamic`](chains::dynamic) | up to 9x9, not diagonal |
//! | [`uniqueness`](techniques::uniqueness) | all but diagonal |
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
//!   paths) straight from those masks without building a [`Step`]; on the
//!   standard 9x9 grid it keeps them in fixed-size arrays
//!   (`techniques::singles_board`) and builds a [`State`] only once the
//!   path needs a harder rule.
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
pub mod hodoku;
pub mod rating;
pub mod solver;
pub mod state;
pub mod step;
pub mod techniques;
pub mod templates;
pub mod text;
pub mod units;

pub use cache::Cache;
pub use finder::{Finder, Found};
pub use hint::{Graded, Hint, Level, Mistake, MistakeKind};
pub use rating::{explain_and_rate, rate, rate_from, rate_state, rate_unique, RateError, Rating};
pub use solver::{explain, next_step, Order, Path, Rules, UnknownRules};
pub use state::State;
pub use step::{Difficulty, Evidence, Family, HodokuDetail, Link, LinkReason, Step, Technique};
pub use units::{Cand, Square, Unit};
