//! Stringing the techniques together: the next step, the whole path, and
//! Sudoku Explainer's rating.
//!
//! Two [`Order`]s choose the next step:
//!
//! - [`Order::Se`]: Sudoku Explainer's own. It tries its rules in a fixed
//!   order ([`SE_ORDER`], which is not sorted by difficulty: the direct
//!   hidden pair, 2.0, comes before the naked single, 2.3) and applies the
//!   **first** step found. Its rating is defined by that path.
//! - [`Order::Easiest`]: the easiest step available anywhere, for hints that
//!   teach. Ties go to the technique earlier in [`SE_ORDER`], then to the
//!   step its finder offers first.
//!
//! # The rating (`serate`'s ER/EP/ED)
//!
//! Solving in SE's order, each step has a difficulty:
//!
//! - **ER**: the highest difficulty over the whole path;
//! - **EP**: the highest up to and including the first step that places a
//!   digit;
//! - **ED**: the difficulty of the first step.
//!
//! SE's first chaining rule (forcing chains and cycles, [`super::chains`])
//! sits between aligned pair and aligned triplet exclusion; its later ones
//! ([`super::dynamic`]: Nishio, multiple, dynamic and nested chains up to
//! level 4) come last. Where no rule finds a step (which SE's rules never
//! meet on a standard 9x9 puzzle with one solution, but can on the
//! diagonal variant, whose chains are off, and above 9x9, where the chains
//! stop at forcing chains), the rating is SE's 20.0 and marked incomplete.

use crate::engine::{Count, EngineKind, Limits};
use crate::grid::Grid;
use crate::logic::cache::Cache;
use crate::logic::chains::dynamic::finder::ForcingChainRule;
use crate::logic::chains::dynamic::rule::Rule;
use crate::logic::chains::forcing::ForcingChains;
use crate::logic::finder::Finder;
use crate::logic::state::State;
use crate::logic::step::{Difficulty, Step, Technique};
use crate::logic::techniques::aligned::AlignedExclusion;
use crate::logic::techniques::bug::Bug;
use crate::logic::techniques::fish::Fish;
use crate::logic::techniques::intersections::Intersections;
use crate::logic::techniques::singles::{first_single, FullHouse, HiddenSingle, NakedSingle};
use crate::logic::techniques::subsets::{HiddenSet, NakedSet};
use crate::logic::techniques::uniqueness::UniqueLoops;
use crate::logic::techniques::wings::Wing;
use serde::Serialize;
use std::collections::BTreeMap;

/// Sudoku Explainer's rules, in the order it tries them (SukakuExplainer's
/// `Solver` with SE 1.2.1's technique set).
pub static SE_ORDER: &[&dyn Finder] = &[
    &FullHouse,
    &HiddenSingle,
    &Intersections { direct: true },
    &HiddenSet {
        size: 2,
        direct: true,
    },
    &NakedSingle,
    &HiddenSet {
        size: 3,
        direct: true,
    },
    &Intersections { direct: false },
    &NakedSet { size: 2 },
    &Fish { size: 2 },
    &HiddenSet {
        size: 2,
        direct: false,
    },
    &NakedSet { size: 3 },
    &Fish { size: 3 },
    &HiddenSet {
        size: 3,
        direct: false,
    },
    &Wing { xyz: false },
    &Wing { xyz: true },
    &UniqueLoops,
    &NakedSet { size: 4 },
    &Fish { size: 4 },
    &HiddenSet {
        size: 4,
        direct: false,
    },
    &Bug,
    &AlignedExclusion { size: 2 },
    &ForcingChains,
    &AlignedExclusion { size: 3 },
    &ForcingChainRule { rule: Rule::Nishio },
    &ForcingChainRule {
        rule: Rule::Multiple,
    },
    &ForcingChainRule {
        rule: Rule::Dynamic,
    },
    &ForcingChainRule {
        rule: Rule::DynamicPlus,
    },
    &ForcingChainRule {
        rule: Rule::NestedForcing,
    },
    &ForcingChainRule {
        rule: Rule::NestedMultiple,
    },
    &ForcingChainRule {
        rule: Rule::NestedDynamic(0),
    },
    &ForcingChainRule {
        rule: Rule::NestedDynamic(1),
    },
    &ForcingChainRule {
        rule: Rule::NestedDynamic(2),
    },
    &ForcingChainRule {
        rule: Rule::NestedDynamic(3),
    },
];

/// How the next step is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Sudoku Explainer's order: the first step of the first rule that has one.
    #[default]
    Se,
    /// The easiest step anywhere.
    Easiest,
}

/// The next step from `state`, if any technique finds one. `cache` keeps
/// what the techniques may reuse at the next call (see [`Cache`]).
pub fn next_step(cache: &mut Cache, state: &State, order: Order) -> Option<Step> {
    match order {
        Order::Se => first_step(cache, state, SE_ORDER),
        Order::Easiest => {
            let mut best: Option<Step> = None;
            for finder in SE_ORDER {
                // A finder that cannot beat the easiest so far is not run.
                if best
                    .as_ref()
                    .is_some_and(|b| b.difficulty.0 <= finder.min_difficulty())
                {
                    continue;
                }
                if let Some(step) = finder.easiest(state, cache) {
                    if best.as_ref().is_none_or(|b| step.difficulty < b.difficulty) {
                        best = Some(step);
                    }
                }
            }
            best
        }
    }
}

/// The first step of the first of `rules` that has one.
fn first_step(cache: &mut Cache, state: &State, rules: &[&dyn Finder]) -> Option<Step> {
    rules.iter().find_map(|finder| finder.first(state, cache))
}

/// A logical path through a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The state after the last step.
    pub end: State,
}

impl Path {
    /// True when the steps fill the grid.
    pub fn is_complete(&self) -> bool {
        self.end.is_solved()
    }
}

/// Solves from `state` step by step in `order` until the grid is full or
/// no technique applies.
pub fn explain(cache: &mut Cache, state: &State, order: Order) -> Path {
    let mut state = state.clone();
    let mut steps = Vec::new();
    while !state.is_solved() {
        let Some(step) = next_step(cache, &state, order) else {
            break;
        };
        state.apply(&step);
        steps.push(step);
    }
    Path { steps, end: state }
}

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
        let mut tally = Tally::default();
        for step in steps {
            tally.add(step.technique, step.difficulty.0, step.places());
        }
        tally.finish(complete)
    }
}

/// A rating counted step by step, kept in plain numbers until the path
/// ends (a map entry per step would cost more than finding most steps).
struct Tally {
    er: u16,
    ep: u16,
    ed: u16,
    technique: Option<Technique>,
    steps: usize,
    counts: [usize; Technique::ALL.len()],
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            er: 0,
            ep: 0,
            ed: 0,
            technique: None,
            steps: 0,
            counts: [0; Technique::ALL.len()],
        }
    }
}

impl Tally {
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
    rate_from(cache, &State::from_puzzle(puzzle))
}

/// [`rate_unique`] from a given state, e.g. a puzzle given as pencil marks
/// (Sukaku): the path starts from those marks. The state's puzzle must have
/// exactly one solution that the marks allow.
pub fn rate_from(cache: &mut Cache, state: &State) -> Rating {
    let mut state = state.clone().without_reasons();
    let mut tally = Tally::default();
    // SE's first two rules are the full house and the hidden single; the
    // rater takes those without building a step (see `first_single`).
    let (singles, rest) = SE_ORDER.split_at(2);
    debug_assert_eq!(singles[0].min_difficulty(), 10);
    debug_assert_eq!(singles[1].min_difficulty(), 12);
    while !state.is_solved() {
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

/// The grids along Sudoku Explainer's path for `puzzle`, each before its
/// step, for the tests that check a rule along real paths.
#[cfg(test)]
pub(crate) fn se_path_states(puzzle: &str) -> Vec<State> {
    let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
    let mut state = State::from_puzzle(&grid);
    let path = explain(&mut Cache::new(), &state, Order::Se);
    let mut states = Vec::with_capacity(path.steps.len());
    for step in &path.steps {
        states.push(state.clone());
        state.apply(step);
    }
    states
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The easiest-first order as it was before [`Finder::easiest`]: every
    /// step of every finder that may beat the easiest so far looked at.
    fn easiest_by_every_step(state: &State) -> Option<Step> {
        let mut best: Option<Step> = None;
        for finder in SE_ORDER {
            let floor = finder.min_difficulty();
            if best.as_ref().is_some_and(|b| b.difficulty.0 <= floor) {
                continue;
            }
            for step in finder.all(state) {
                if best.as_ref().is_none_or(|b| step.difficulty < b.difficulty) {
                    best = Some(step);
                }
            }
        }
        best
    }

    #[test]
    fn the_easiest_step_is_the_one_every_finders_every_step_gives() {
        let mut states = 0;
        let mut chains = 0;
        for puzzle in [
            "5..7.........3..7...8..5..36..1..4...8..2..9...9..8..1...4..3...6..9..4...2..6..9",
            ".5.4....8..6....9..4...3..........39..5...8.6..985.....2...4.1.6..1.......8.....2",
        ] {
            for state in se_path_states(puzzle).into_iter().step_by(3) {
                let easiest = next_step(&mut Cache::new(), &state, Order::Easiest);
                assert_eq!(
                    easiest,
                    easiest_by_every_step(&state),
                    "{puzzle} state {states}"
                );
                states += 1;
                chains += usize::from(easiest.is_some_and(|s| s.difficulty.0 >= 65));
            }
        }
        // Chains among them: the rules that now take their first step.
        assert!(states > 20 && chains > 5, "{states} {chains}");
    }
}
