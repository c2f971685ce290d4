//! The fast engine behind the [`Solver`] trait, so the command, the batch
//! runner and the conformance tests use it like any other engine.
//!
//! The core works on a plain `[u8; 81]` on the stack; this adapter copies the
//! grid in and, when a solution is found, builds the one [`Grid`] the trait
//! returns. Guesses are reported as search nodes; the core does not count
//! backtracks, so `Stats::backtracks` stays 0.

use super::{solve, Backend};
use crate::engine::{Limits, Report, Solver, Stats};
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

    fn run(&self, grid: &Grid, max_solutions: usize, limits: &Limits) -> Report {
        let mut puzzle = [0u8; 81];
        let mut solution = [0u8; 81];
        if !self.supports(grid.shape()) || grid.cells().len() != 81 {
            // Never reached through the command, which asks `supports` first.
            return Report {
                first: None,
                solutions: 0,
                limit_reached: false,
                stats: Stats::default(),
            };
        }
        puzzle.copy_from_slice(grid.cells());
        let outcome = solve(
            &puzzle,
            grid.shape().variant() == Variant::Diagonal,
            max_solutions as u64,
            limits.max_nodes.unwrap_or(u64::MAX),
            &mut solution,
            self.backend,
        );
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
                nodes: outcome.guesses,
                ..Stats::default()
            },
        }
    }
}
