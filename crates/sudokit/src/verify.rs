//! An independent check of a solution, used by the tests on every answer of
//! every engine.
//!
//! It shares nothing with the engines or with the shape tables: it computes
//! rows, columns, boxes and diagonals from coordinates on its own, so a bug
//! in the tables cannot hide a wrong answer.

use crate::grid::Grid;
use crate::shape::Variant;
use thiserror::Error;

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotASolution {
    /// The two grids are of different shapes.
    #[error("the solution has another shape than the puzzle")]
    ShapeMismatch,
    /// A square is empty.
    #[error("square {0} is empty")]
    Empty(usize),
    /// A given was changed.
    #[error("square {0} changes a given")]
    GivenChanged(usize),
    /// A unit does not hold every digit once.
    #[error("{0} does not hold every digit once")]
    NotAPermutation(String),
}

/// Checks that `solution` fills `puzzle`: every given kept, every square
/// filled, every unit a permutation of the digits.
pub fn check(puzzle: &Grid, solution: &Grid) -> Result<(), NotASolution> {
    if puzzle.shape() != solution.shape() {
        return Err(NotASolution::ShapeMismatch);
    }
    let n = puzzle.shape().side();
    let (box_rows, box_cols) = puzzle.shape().box_dims();
    for s in 0..n * n {
        let (given, got) = (puzzle.get(s), solution.get(s));
        if got == 0 {
            return Err(NotASolution::Empty(s));
        }
        if given != 0 && given != got {
            return Err(NotASolution::GivenChanged(s));
        }
    }
    let mut units: Vec<(String, Vec<usize>)> = Vec::new();
    for i in 0..n {
        units.push((
            format!("row {}", i + 1),
            (0..n).map(|c| i * n + c).collect(),
        ));
        units.push((
            format!("column {}", i + 1),
            (0..n).map(|r| r * n + i).collect(),
        ));
        let (top, left) = (
            (i / (n / box_cols)) * box_rows,
            (i % (n / box_cols)) * box_cols,
        );
        let cells = (0..n)
            .map(|k| (top + k / box_cols) * n + left + k % box_cols)
            .collect();
        units.push((format!("box {}", i + 1), cells));
    }
    if puzzle.shape().variant() == Variant::Diagonal {
        units.push(("main diagonal".into(), (0..n).map(|i| i * n + i).collect()));
        units.push((
            "anti-diagonal".into(),
            (0..n).map(|i| i * n + n - 1 - i).collect(),
        ));
    }
    for (name, cells) in units {
        let mut seen = 0u64;
        for s in cells {
            seen |= 1 << solution.get(s);
        }
        if seen != ((1u64 << n) - 1) << 1 {
            return Err(NotASolution::NotAPermutation(name));
        }
    }
    Ok(())
}

/// True when `solution` fills `puzzle` correctly.
pub fn is_solution(puzzle: &Grid, solution: &Grid) -> bool {
    check(puzzle, solution).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_grid, ParseOptions};

    const GRID1_SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    #[test]
    fn accepts_a_solution_and_rejects_broken_ones() {
        let solution = parse_grid(GRID1_SOLVED, ParseOptions::default()).unwrap();
        let puzzle = parse_grid(&format!("4{}", ".".repeat(80)), ParseOptions::default()).unwrap();
        assert_eq!(check(&puzzle, &solution), Ok(()));
        let mut swapped = solution.clone();
        swapped.set(0, solution.get(1));
        swapped.set(1, solution.get(0));
        assert_eq!(check(&puzzle, &swapped), Err(NotASolution::GivenChanged(0)));
        let empty = Grid::empty(puzzle.shape());
        assert!(check(&empty, &swapped).is_err());
        let mut holed = solution.clone();
        holed.set(40, 0);
        assert_eq!(check(&empty, &holed), Err(NotASolution::Empty(40)));
    }
}
