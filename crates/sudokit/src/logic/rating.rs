//! Sudoku Explainer's rating: ER, EP and ED along its path, as `serate`
//! computes them.
//!
//! Solving in SE's order (see [`super::solver`]), each step has a
//! difficulty:
//!
//! - **ER**: the highest difficulty over the whole path;
//! - **EP**: the highest up to and including the first step that places a
//!   digit;
//! - **ED**: the difficulty of the first step.
//!
//! Where no rule finds a step (which SE's rules never meet on a standard
//! 9x9 puzzle with one solution, but can on the diagonal variant, whose
//! chains are off, and above 9x9, where the chains stop at forcing
//! chains), the rating is SE's 20.0 and marked incomplete.

use crate::engine::{Count, EngineKind, Limits};
use crate::grid::Grid;
use crate::logic::cache::Cache;
use crate::logic::solver::{explain, explain_easiest, first_step, Order, Path, SE_ORDER};
use crate::logic::state::State;
use crate::logic::step::{Difficulty, Step, Technique};
use crate::logic::techniques::singles::first_single;
use crate::logic::techniques::singles_board::SinglesBoard;
use serde::Serialize;
use std::collections::BTreeMap;

/// Why a puzzle was not rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    /// The puzzle has no solution.
    #[error("no solution")]
    NoSolution,
    /// The puzzle has more than one solution, so logic cannot finish it.
    #[error("several solutions")]
    SeveralSolutions,
}

/// SE's ER for a puzzle no rule can finish, in tenths (20.0).
pub const BEYOND: u16 = 200;

/// Sudoku Explainer's rating of a puzzle, and what its path used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rating {
    /// The highest difficulty over the path (20.0 when the rules cannot
    /// finish it, as in SE).
    pub er: Difficulty,
    /// The highest difficulty up to the first placement.
    pub ep: Difficulty,
    /// The difficulty of the first step.
    pub ed: Difficulty,
    /// The technique that set ER.
    pub technique: Option<Technique>,
    /// How many steps the path has.
    pub steps: usize,
    /// How many steps of each technique (by id).
    pub techniques: BTreeMap<&'static str, usize>,
    /// False when no rule finds a step before the puzzle is solved: ER is
    /// then 20.0 and EP and ED cover the path as far as it goes.
    pub complete: bool,
}

impl Rating {
    /// Rates a path: ER, EP and ED as `serate` computes them.
    pub fn of_path(steps: &[Step], complete: bool) -> Rating {
        let mut tally = RatingTally::default();
        for step in steps {
            tally.add(step.technique, step.difficulty.0, step.places());
        }
        tally.finish(complete)
    }
}

/// A rating counted step by step, kept in plain numbers until the path
/// ends (a map entry per step would cost more than finding most steps).
struct RatingTally {
    er: u16,
    ep: u16,
    ed: u16,
    technique: Option<Technique>,
    steps: usize,
    counts: [usize; Technique::ALL.len()],
}

impl Default for RatingTally {
    fn default() -> RatingTally {
        RatingTally {
            er: 0,
            ep: 0,
            ed: 0,
            technique: None,
            steps: 0,
            counts: [0; Technique::ALL.len()],
        }
    }
}

impl RatingTally {
    /// Counts the path's next step.
    fn add(&mut self, technique: Technique, difficulty: u16, places: bool) {
        if difficulty > self.er {
            self.er = difficulty;
            self.technique = Some(technique);
        }
        if self.steps == 0 {
            self.ed = self.er;
        }
        // Every step has a difficulty, so EP is still 0 until the first
        // placement.
        if self.ep == 0 && places {
            self.ep = self.er;
        }
        self.steps += 1;
        self.counts[technique as usize] += 1;
    }

    /// The rating once the path has ended, solved or not.
    fn finish(self, solved: bool) -> Rating {
        // Where no rule finds a step, SE's rating is 20.0 ("beyond the
        // solver"), with EP and ED as far as the path went.
        let (er, technique) = if solved {
            (self.er, self.technique)
        } else {
            (BEYOND, None)
        };
        Rating {
            er: Difficulty(er),
            ep: Difficulty(self.ep),
            ed: Difficulty(self.ed),
            technique,
            steps: self.steps,
            techniques: Technique::ALL
                .iter()
                .filter(|&&t| self.counts[t as usize] > 0)
                .map(|&t| (t.id(), self.counts[t as usize]))
                .collect(),
            complete: solved,
        }
    }
}

/// Rates `puzzle` as Sudoku Explainer's `serate` does. A puzzle must have
/// exactly one solution to be rated.
pub fn rate(cache: &mut Cache, puzzle: &Grid) -> Result<Rating, RateError> {
    check_unique(puzzle)?;
    Ok(rate_unique(cache, puzzle))
}

/// [`rate`] for a puzzle already known to have exactly one solution (a
/// batch that counted solutions first need not count them again). On a
/// puzzle with several solutions or none, the path may stop early, and the
/// rating is then 20.0 and marked incomplete.
pub fn rate_unique(cache: &mut Cache, puzzle: &Grid) -> Rating {
    // On the standard grid the singles are taken on a board of fixed-size
    // tables; a state is built only where a harder rule is needed.
    let Some(mut board) = SinglesBoard::new(puzzle) else {
        return rate_state(cache, State::from_puzzle(puzzle));
    };
    let mut tally = RatingTally::default();
    while !board.is_solved() && !cache.stopped() {
        let Some(single) = board.first_single() else {
            // Placements alone led here, so the candidates are those the
            // digits allow: a state started from them is where SE's path is.
            let state = State::from_marks(puzzle, &board.values(), None);
            return follow(cache, state, tally);
        };
        board.place(single.square, single.digit);
        tally.add(single.technique, single.difficulty, true);
    }
    tally.finish(board.is_solved())
}

/// [`rate_unique`] from a given state, e.g. a puzzle given as pencil marks
/// (Sukaku): the path starts from those marks. The state's puzzle must have
/// exactly one solution that the marks allow. A path stopped by the
/// cache's stop flag or deadline ([`Cache::stopped`]) is rated as
/// unfinished.
pub fn rate_from(cache: &mut Cache, state: &State) -> Rating {
    rate_after(cache, state.clone(), &[])
}

/// [`rate_from`] for a state the caller has no more use for: the path is
/// followed on it in place, without a copy.
pub fn rate_state(cache: &mut Cache, state: State) -> Rating {
    rate_after(cache, state, &[])
}

/// [`rate_from`] where SE's path from `state` is known to begin with
/// `steps`: they are counted, and the path is followed on from where they
/// lead.
fn rate_after(cache: &mut Cache, mut state: State, steps: &[Step]) -> Rating {
    let mut tally = RatingTally::default();
    for step in steps {
        state.apply(step);
        tally.add(step.technique, step.difficulty.0, step.places());
    }
    follow(cache, state, tally)
}

/// SE's path from `state` on, counted on after the steps in `tally`.
fn follow(cache: &mut Cache, state: State, mut tally: RatingTally) -> Rating {
    let mut state = state.without_reasons();
    // SE's first two rules are the full house and the hidden single; the
    // rater takes those without building a step (see `first_single`).
    let (singles, rest) = SE_ORDER.split_at(2);
    debug_assert_eq!(singles[0].min_difficulty(), 10);
    debug_assert_eq!(singles[1].min_difficulty(), 12);
    while !state.is_solved() && !cache.stopped() {
        if let Some(single) = first_single(&state) {
            state.place(single.square, single.digit);
            tally.add(single.technique, single.difficulty, true);
            continue;
        }
        // Stop where no rule applies: the rating is then SE's 20.0.
        let Some(step) = first_step(cache, &state, rest) else {
            break;
        };
        state.apply(&step);
        tally.add(step.technique, step.difficulty.0, step.places());
    }
    tally.finish(state.is_solved())
}

/// The path from `state` in `order`, and SE's rating of the puzzle from
/// there. In SE's order the path is the rating's own, so it is rated as it
/// stands rather than found a second time; in another order the rating
/// comes from SE's path, as [`rate_from`] finds it, and the steps that path
/// shares with the one shown (often all of them) are not found again.
pub fn explain_and_rate(cache: &mut Cache, state: &State, order: Order) -> (Path, Rating) {
    match order {
        Order::Se => {
            let path = explain(cache, state, order);
            let rating = Rating::of_path(&path.steps, path.is_complete());
            (path, rating)
        }
        Order::Easiest => {
            let (path, shared) = explain_easiest(cache, state);
            let rating = if cache.stopped() {
                // A path cut short says nothing of where SE's goes on.
                rate_from(cache, state)
            } else if shared == path.steps.len() {
                // Where no rule finds a step, none does in either order.
                Rating::of_path(&path.steps, path.is_complete())
            } else {
                rate_after(cache, state.clone(), &path.steps[..shared])
            };
            (path, rating)
        }
    }
}

/// The puzzle's one solution, or why there is not exactly one.
pub fn check_unique(puzzle: &Grid) -> Result<Grid, RateError> {
    let fast = EngineKind::Fast.solver();
    let engine = if fast.supports(puzzle.shape()) {
        fast
    } else {
        EngineKind::Norvig.solver()
    };
    let report = engine.search(puzzle, 2, &Limits::none());
    match (report.count(2), report.first) {
        (Count::Exactly(1), Some(solution)) => Ok(solution),
        (Count::Exactly(0), _) => Err(RateError::NoSolution),
        _ => Err(RateError::SeveralSolutions),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_in_either_order_comes_with_ses_rating() {
        // norvig_top95's first puzzle (ER 7.3) and a puzzle of singles.
        for puzzle in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ] {
            let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
            let start = State::from_puzzle(&grid);
            let rated = rate_from(&mut Cache::new(), &start);
            for order in Order::ALL {
                let (path, rating) = explain_and_rate(&mut Cache::new(), &start, order);
                assert_eq!(rating, rated, "{order:?} on {puzzle}");
                assert!(path.is_complete());
                if order == Order::Se {
                    // The rating's own path: rated as it stands.
                    assert_eq!(Rating::of_path(&path.steps, true), rated);
                }
            }
        }
    }

    #[test]
    fn an_easiest_path_that_parts_from_ses_is_rated_along_ses_path() {
        for puzzle in crate::logic::solver::tests::PARTING {
            let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
            let start = State::from_puzzle(&grid);
            let rated = rate_from(&mut Cache::new(), &start);
            let (path, rating) = explain_and_rate(&mut Cache::new(), &start, Order::Easiest);
            assert_eq!(rating, rated, "{puzzle}");
            // The path shown is not SE's: rated as it stands, it would
            // count other techniques.
            assert!(path.is_complete());
            assert_ne!(Rating::of_path(&path.steps, true), rated, "{puzzle}");
        }
    }
}
