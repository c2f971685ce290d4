//! Nishio, multiple, dynamic and nested forcing chains: Sudoku Explainer's
//! rules from 7.5 up (Nishio 7.5, multiple 8.0, dynamic 8.5, dynamic (+)
//! 9.0, and the nested levels: forcing chains inside 9.5, multiple forcing
//! chains too 10.0, dynamic forcing chains inside 10.5).
//!
//! Every one of these rules makes an assumption ("A1 is 5", or "A1 is not
//! 5") and follows everything it forces, link by link, as in
//! [`super::forcing`]; what differs is what they conclude from it:
//!
//! - **Contradiction** (Nishio, dynamic): the assumption forces some
//!   candidate both on and off, so it is false.
//! - **Double** (dynamic): "A1 is 5" and "A1 is not 5" force the same
//!   thing, so it is true either way.
//! - **Cell** (multiple, dynamic): each candidate of a square, assumed on in
//!   turn, forces the same thing; one of them is the square's digit.
//! - **Region** (multiple, dynamic): each place of a digit in a unit,
//!   assumed on in turn, forces the same thing.
//!
//! ```text
//!   cell forcing chains from A1 {3,5}:
//!     A1=3 -> A4<>3 -> A4=7 -> C5<>7
//!     A1=5 -> B2<>5 -> B2=7 -> C5<>7         so C5 is not 7
//! ```
//!
//! A *dynamic* chain strikes each candidate it proves off out of a working
//! copy of the grid (a `Board`) as it goes, so a later link sees the grid as
//! the assumption left it: a square may be down to one candidate, a unit to
//! one place, because of several links before. Those links are the new
//! link's "hidden parents", and they count in the chain's length. From
//! level 1 ("dynamic forcing chains (+)") the chain also runs simple rules
//! (pointing and claiming, hidden and naked pairs, X-wings) on the working
//! grid each time it runs dry, and follows what they rule out. At level 2
//! ("(+ forcing chains)"), when those find nothing, it runs the forcing
//! chains and cycles of [`super::forcing`] there too; at level 3 also static
//! multiple forcing chains; at level 4 only dynamic forcing chains of a
//! lower level (0 to 3, four rules tried in turn). Each such inner chain
//! adds its own complexity once to every step that uses it, and relies on
//! what the outer chain struck out where it found a square's last
//! candidate or a unit's last place (its "rule parents").
//!
//! # Sudoku Explainer's search, followed here
//!
//! These are facts about Sudoku Explainer 1.2.1 (SukakuExplainer's
//! `Chaining` rule with its multiple, dynamic and Nishio settings), read
//! for reference; the code is sudokit's own.
//!
//! - **Squares** are taken in order; static (multiple) chains start only
//!   from squares with three or more candidates, dynamic ones from every
//!   square with two or more. For each candidate, in order: the chain from
//!   "on", the chain from "off", the contradictions each found, the doubles
//!   (dynamic, squares of three or more), then the region chains of the
//!   digit in the square's box, row and column, each worked out once, from
//!   the unit's first place. After all candidates, the cell chains.
//! - **One chain** spreads from its assumption with "on" links first: every
//!   potential turned on is followed before the next one turned off. It
//!   stops at the first potential found both on and off, and what it has
//!   reached so far still counts for doubles, cells and regions.
//! - **The steps** are sorted by difficulty (the rule's, plus SE's bonus
//!   for long chains), then complexity (the distinct potentials among all
//!   the ancestors of each conclusion, summed over branches), then kind
//!   (double, cell, region, contradiction), keeping the order found for
//!   ties; the first is the step.
//! - **Nishio** chains use one digit's links only (no square links), from
//!   every candidate, and keep only contradictions.
//!
//! # Chains not followed
//!
//! Following a chain link by link, with every link's parents, is what a
//! step's complexity needs, and most chains give no step. For the rules
//! with no rule inside their chains (Nishio, multiple and dynamic), what a
//! chain reaches is worked out first as bit sets (`closure.rs`), and
//! a chain is followed only where it may give a step: a contradiction may
//! come, or the chains a step would need may all force a same candidate.
//! (When only SE's first step is wanted, a dynamic rule works out only the
//! closures of its chains from "off": too many chains from "on" meet a
//! contradiction, which is followed anyway, while on magictour's first 20
//! puzzles 97% of the chains from "off" are left out.) Multiple forcing
//! chains first ask the reach of the forcing chains' graph
//! (`forcing::shared_reach`), which tells for the whole grid at once which
//! cells and regions can share anything at all: their chains follow the
//! same links, so they reach no more than it does. On a 9x9 grid, Nishio
//! chains first ask the digit's templates (see [`crate::logic::templates`]):
//! the chain from "on" can meet a contradiction only where no template
//! uses the square, and the chain from "off" only where every template
//! does, so most Nishio chains are never followed (`prune.rs`).
//!
//! The rules are off for the diagonal variant, like [`super::forcing`], and
//! on grids larger than 9x9 (SE's own grid), where their chains of chains
//! would take far too long: there the path stops after the forcing chains,
//! and the rating is SE's 20.0.
//!
//! # The files
//!
//! Each file of the folder imports only those before it in this list:
//! `memo.rs`, `closure.rs`, `inner.rs` and `spread.rs` (on their own);
//! `rule.rs` (the rules); `run.rs` (one chain's record); `engine.rs` (the
//! search's state and its pool of runs); then the engine's work, an
//! `impl Engine` block each: `follow.rs` (following a chain), `rank.rs`
//! (ranking a step), `nested.rs` (the rules inside a chain), `prune.rs`
//! (chains left out), `conclude.rs` (what chains conclude), `search.rs`
//! (the squares in SE's order) and `explain.rs` (the step's text); last
//! `finder.rs` (the rules as finders, the cache, threads).

mod closure;
mod conclude;
mod engine;
mod explain;
pub(crate) mod finder;
mod follow;
mod inner;
mod memo;
mod nested;
mod prune;
mod rank;
pub(crate) mod rule;
mod run;
mod search;
pub mod spread;
#[cfg(test)]
mod tests;

pub use finder::ForcingChainRule;
pub use rule::DynamicRule;
