//! The fast engine behind the [`Solver`] trait, so the command, the batch
//! runner and the conformance tests use it like any other engine.
//!
//! The core works on plain `[u8; 81]` arrays on the stack; `run` builds the
//! one [`Grid`] the trait returns from the solution, `run_into` (what the
//! benchmarks time) only copies it out. It reports guesses, and dead
//! ends as backtracks.

use super::{solve_until, Backend, FastOutcome};
use crate::engine::{Limits, Report, Solver, Stats, Stop};
use crate::grid::Grid;
use crate::shape::{Shape, Size, Variant};

/// The fast 9x9 engine (standard and diagonal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fast {
    /// Which propagation code to run; `Auto` picks AVX2 when the CPU has it.
    pub backend: Backend,
}

impl Default for Fast {
    fn default() -> Fast {
        Fast {
            backend: Backend::Auto,
        }
    }
}

impl Solver for Fast {
    fn name(&self) -> &'static str {
        "fast"
    }

    fn supports(&self, shape: &Shape) -> bool {
        shape.size() == Size::Nine
    }

    fn run_into(
        &self,
        grid: &Grid,
        max_solutions: usize,
        limits: &Limits,
        out: &mut [u8],
    ) -> usize {
        let mut solution = [0u8; 81];
        match self.core(grid, max_solutions, limits, &mut solution) {
            Some(outcome) => {
                if outcome.solutions > 0 && out.len() == 81 {
                    out.copy_from_slice(&solution);
                }
                outcome.solutions as usize
            }
            None => 0,
        }
    }

    fn run(&self, grid: &Grid, max_solutions: usize, limits: &Limits) -> Report {
        let mut solution = [0u8; 81];
        // `None` is never reached through the command, which asks `supports` first.
        let outcome = self
            .core(grid, max_solutions, limits, &mut solution)
            .unwrap_or_default();
        let first = if outcome.solutions > 0 {
            Grid::from_cells(grid.shape(), solution.to_vec())
        } else {
            None
        };
        Report {
            first,
            solutions: outcome.solutions as usize,
            limit_reached: outcome.limit_hit,
            stats: Stats {
                guesses: outcome.guesses,
                backtracks: outcome.backtracks,
                ..Stats::default()
            },
        }
    }
}

impl Fast {
    /// Runs the core on `grid`, writing the first solution to `solution`;
    /// `None` when the grid is not a 9x9 one.
    fn core(
        &self,
        grid: &Grid,
        max_solutions: usize,
        limits: &Limits,
        solution: &mut [u8; 81],
    ) -> Option<FastOutcome> {
        let puzzle = <&[u8; 81]>::try_from(grid.cells()).ok()?;
        if !self.supports(grid.shape()) {
            return None;
        }
        Some(solve_until(
            puzzle,
            grid.shape().variant() == Variant::Diagonal,
            max_solutions as u64,
            limits.max_guesses.unwrap_or(u64::MAX),
            limits.stop.as_ref().map(Stop::flag),
            solution,
            self.backend,
        ))
    }
}
