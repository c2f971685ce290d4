//! Portable backend: the shared search with plain-Rust kernels, compiled for
//! the baseline target, so it runs on any CPU and any architecture.

use super::search::{search, Portable};
use super::FastOutcome;
use core::sync::atomic::AtomicBool;

/// Solves with the portable code path.
pub(crate) fn solve(
    puzzle: &[u8; 81],
    diagonal: bool,
    max_solutions: u64,
    max_guesses: u64,
    stop: Option<&AtomicBool>,
    solution: &mut [u8; 81],
) -> FastOutcome {
    if diagonal {
        search::<Portable, true>(Portable, puzzle, max_solutions, max_guesses, stop, solution)
    } else {
        search::<Portable, false>(Portable, puzzle, max_solutions, max_guesses, stop, solution)
    }
}
