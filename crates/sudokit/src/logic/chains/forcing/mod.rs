//! Forcing chains and cycles: Sudoku Explainer's first chaining rule (6.5 to
//! 7.0, plus a bonus for long chains).
//!
//! A chain follows what one assumption forces. Two kinds of link are used:
//!
//! - **X-links** (one digit): when a digit is *on* in a square, it is off in
//!   its other places in the square's row, column and box (SE uses this
//!   step in every search); when it is *off*, and a unit has only one other
//!   place for it, it is on there.
//! - **Y-links** (one square): when a digit is on in a square, the square's
//!   other digits are off; when it is off, and the square has only two
//!   candidates, the other one is on.
//!
//! ```text
//!  an X-cycle on 5: A1=5 => A7<>5 => C9=5 => ... => A1<>5 => ... back to A1=5
//!  a square that sees two squares of the cycle holding 5, one "on" and one
//!  "off" whichever way the cycle turns, cannot be 5.
//! ```
//!
//! Two kinds of step come from chains:
//!
//! - **Bidirectional cycles**: a chain from `d` on in a square that comes
//!   back to it after four or more links is a loop of alternating on and off
//!   that holds both ways round. A square outside it that sees an "on" link
//!   of the digit both ways round loses that digit.
//! - **Forcing chains**: a chain from an assumption that reaches its own
//!   opposite: the assumption is false (a candidate removed, or, when the
//!   assumption was "off", the digit placed and the square's other
//!   candidates removed).
//!
//! # Sudoku Explainer's search, followed here
//!
//! SE looks for X-chains (X-links only), then Y-cycles (Y-links only), then
//! chains with both, each from every candidate of every square with two or
//! more candidates, in square order, then digit order. Each search spreads
//! out breadth first, on-links then off-links in turns, keeping the first
//! way each potential is reached. All steps found are then sorted by
//! difficulty, then by the chain's complexity (how many potentials it
//! holds), then X before Y before both, keeping the order found for ties;
//! the first is SE's step. The difficulty is 6.5 for an X- or Y-cycle, 6.6
//! for a forcing X-chain, 7.0 with both kinds of link, plus 0.1 for each
//! threshold 4, 6, 8, 12, 16, 24, ... (alternately times 3/2 and 4/3) that
//! the complexity minus 2 exceeds. SE adds those tenths as binary
//! floating-point numbers and compares the sums, so this module does too: two
//! steps that print as 6.7 may still be ordered by their last bit.
//!
//! These are facts about Sudoku Explainer 1.2.1 (SukakuExplainer's
//! `Chaining` rule), read for reference; the code is sudokit's own. Rows,
//! columns and boxes are linked, on every size; the rule is off for the
//! diagonal variant.
//!
//! # The files, lowest first
//!
//! Each file imports only the ones before it:
//!
//! - `search.rs`: the state of a search (`Scratch` and the chains' nodes)
//!   and the links it follows.
//! - `graph.rs`: which potential reaches which, worked out ahead, to leave
//!   out the searches that can find nothing; `shared_reach` for the
//!   multiple forcing chains.
//! - `cycles.rs` and `contradiction.rs`: the cycle search and what a cycle
//!   removes; the forcing-chain search.
//! - `text.rs` and `nested.rs`: what a search found, as a step with its
//!   text, or as a nested hint for a dynamic chain.
//! - `rank.rs`: the passes over every candidate, graded and sorted in SE's
//!   order, and the bounds that stop a search once it cannot come first.
//! - `rule.rs`: the ways in, [`ForcingChains`] and `nested_chains`.

mod contradiction;
mod cycles;
mod graph;
mod nested;
mod rank;
mod rule;
mod search;
mod text;

#[cfg(test)]
mod tests;

pub(in crate::logic::chains) use graph::shared_reach;
pub(in crate::logic::chains) use rule::nested_chains;
pub use rule::ForcingChains;
pub(in crate::logic::chains) use search::Scratch;
