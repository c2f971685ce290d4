//! The naive backtracking solver of reference document 001 ("A Sudoku Solver").
//!
//! `solve_sudoku` finds the first empty square in row-major order
//! (`find_empty`), tries the digits 1..9 in turn, keeps each one that
//! `is_valid` allows (no peer holds it), and calls itself. A decorator in the
//! document counts every call of the solving function, the first one
//! included; [`Stats::calls`](crate::engine::Stats::calls) is that count,
//! so the five boards of the document give 52, 8797, 72686, 3307 and 4428
//! calls.
//!
//! There is no propagation, so hard puzzles can need billions of calls: give
//! this engine a node budget ([`Limits`]) on anything but easy puzzles. It
//! works on every shape; `is_valid` checks the shape's peers, which for 9x9
//! are exactly the row, column and box the document checks. Givens that
//! clash are checked first (the document's boards never have any): such a
//! grid has no solution, and the search alone would not notice.

use super::{Limits, Report, SearchTally, Solver};
use crate::grid::Grid;

/// The naive backtracking solver and its call counter.
#[derive(Clone, Copy, Debug, Default)]
pub struct Backtrack;

impl Solver for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    fn run(&self, grid: &Grid, max_solutions: usize, limits: &Limits) -> Report {
        let mut solver = Naive {
            board: grid.clone(),
            tally: SearchTally::new(max_solutions, limits.clone()),
        };
        // `is_valid` only looks at the digit being placed, so givens that
        // already clash would go unnoticed: the search would fill the other
        // squares around them and call that a solution, or, with no room
        // left for a digit, try every filling of the empty squares. Such a
        // grid has no solution, and saying so takes one pass.
        if !grid.has_clash() {
            solver.solve_sudoku();
        }
        solver.tally.report()
    }
}

struct Naive {
    board: Grid,
    tally: SearchTally,
}

impl Naive {
    /// The first empty square in row-major order.
    fn find_empty(&self) -> Option<usize> {
        self.board.cells().iter().position(|&d| d == 0)
    }

    /// True when no peer of `square` holds `digit`.
    fn is_valid(&self, digit: u8, square: usize) -> bool {
        let shape = self.board.shape();
        shape
            .peers(square)
            .iter()
            .all(|&p| self.board.get(p) != digit)
    }

    /// The document's recursive solver; `true` means stop (a solution was
    /// found and no more are wanted, or the budget ran out).
    fn solve_sudoku(&mut self) -> bool {
        self.tally.stats.calls += 1;
        let Some(square) = self.find_empty() else {
            return self.tally.solution(|| self.board.clone());
        };
        let side = self.board.shape().side() as u8;
        for digit in 1..=side {
            if self.is_valid(digit, square) {
                if self.tally.guess() {
                    return true;
                }
                self.board.set(square, digit);
                if self.solve_sudoku() {
                    return true;
                }
                self.board.set(square, 0);
            }
        }
        self.tally.stats.backtracks += 1;
        false
    }
}
