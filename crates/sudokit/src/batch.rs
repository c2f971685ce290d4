//! Solving a whole corpus, with Norvig's `solve_all` report: how many were
//! solved, the average and maximum time, and the rate in puzzles per second
//! (Hz), plus the search nodes per puzzle.
//!
//! A puzzle counts as solved only when the independent checker
//! ([`crate::verify`]) accepts the answer, as Norvig's `solved` does.

use crate::engine::{Limits, Solver};
use crate::grid::Grid;
use crate::verify;
use serde::Serialize;
use std::fmt;
use std::time::Duration;

/// Norvig's `solve_all` statistics for one corpus and one engine.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BatchReport {
    /// The corpus's name (a file name, for example).
    pub name: String,
    /// The engine's name.
    pub engine: String,
    /// Puzzles in the corpus.
    pub puzzles: usize,
    /// Puzzles solved with a checked answer.
    pub solved: usize,
    /// Total solving time in seconds.
    pub total_secs: f64,
    /// Average time per puzzle in seconds.
    pub avg_secs: f64,
    /// Puzzles per second (Norvig's Hz).
    pub hz: f64,
    /// The slowest puzzle's time in seconds.
    pub max_secs: f64,
    /// Search nodes (guesses) per puzzle.
    pub nodes_per_puzzle: f64,
}

/// Solves every puzzle with `solver` and reports as Norvig's `solve_all` does.
pub fn solve_all(
    name: &str,
    puzzles: &[Grid],
    solver: &dyn Solver,
    limits: &Limits,
) -> BatchReport {
    let mut total = Duration::ZERO;
    let mut max = Duration::ZERO;
    let mut solved = 0;
    let mut nodes = 0;
    for puzzle in puzzles {
        let report = solver.search(puzzle, 1, limits);
        total += report.stats.elapsed;
        max = max.max(report.stats.elapsed);
        nodes += report.stats.nodes;
        if report
            .first
            .is_some_and(|s| verify::is_solution(puzzle, &s))
        {
            solved += 1;
        }
    }
    let n = puzzles.len().max(1) as f64;
    let total_secs = total.as_secs_f64();
    BatchReport {
        name: name.to_string(),
        engine: solver.name().to_string(),
        puzzles: puzzles.len(),
        solved,
        total_secs,
        avg_secs: total_secs / n,
        hz: if total_secs > 0.0 {
            puzzles.len() as f64 / total_secs
        } else {
            0.0
        },
        max_secs: max.as_secs_f64(),
        nodes_per_puzzle: nodes as f64 / n,
    }
}

impl fmt::Display for BatchReport {
    /// `Solved 95 of 95 top95 puzzles with norvig (avg 0.0031 secs (322 Hz), max 0.0190 secs; 12.3 nodes/puzzle).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Solved {} of {} {} puzzles with {} (avg {:.6} secs ({:.0} Hz), max {:.6} secs; {:.1} nodes/puzzle).",
            self.solved,
            self.puzzles,
            self.name,
            self.engine,
            self.avg_secs,
            self.hz,
            self.max_secs,
            self.nodes_per_puzzle
        )
    }
}
