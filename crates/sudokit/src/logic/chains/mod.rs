//! The chain machinery: techniques that assume a candidate on or off and
//! follow what it forces, link by link, from square to square.
//!
//! - [`forcing`]: Sudoku Explainer's forcing chains and bidirectional
//!   cycles (6.5 to 7.0), which follow the links of the grid as it stands.
//! - [`dynamic`]: Nishio, cell and region forcing chains and the dynamic
//!   chains (7.5 up), which follow the grid as each assumption changes it,
//!   with the rules run inside a chain and the nested levels.
//!
//! What they share sits below them: the vocabulary of potentials and
//! nested hints (`potential.rs`), the orders SE keeps (`se_order.rs`), the
//! candidates a chain reads (`board.rs`), the links of the grid
//! (`reach.rs`), and the digits whose chains were found barren
//! (`digit_memo.rs`).

mod board;
mod digit_memo;
mod potential;
mod reach;
mod se_order;

pub mod dynamic;
pub mod forcing;
