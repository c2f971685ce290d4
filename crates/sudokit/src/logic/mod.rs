//! Thinking like a person: logical steps, hints, explanations and Sudoku
//! Explainer's rating.
//!
//! The engines in [`crate::engine`] find solutions; this module finds the
//! *reasons*. A [`State`] is what a player sees (givens, placed digits,
//! pencil marks). Each technique is a [`Finder`]: given a state, it offers
//! the [`Step`]s it sees, one by one, in its own scan order. A step says
//! what it places and removes, why (its [`Evidence`]) and how hard it is on
//! Sudoku Explainer's scale, in one sentence a person can follow.
//!
//! [`solver`] strings the finders together in one of two [`Order`]s:
//! Sudoku Explainer's own (which defines its rating, see [`rate`]) or
//! easiest-first (for hints that teach), and [`hint`] grades a step the way
//! hint systems do (where to look, which technique, which squares, the move).
//!
//! # The techniques, one file per family
//!
//! | file | techniques (difficulty) | shapes |
//! |---|---|---|
//! | [`singles`] | full house 1.0, hidden single 1.2 (box) / 1.5 (line), naked single 2.3 | all |
//! | [`intersections`] | direct pointing 1.7 / claiming 1.9, pointing 2.6, claiming 2.8 | all |
//! | [`subsets`] | direct hidden pair 2.0 / triple 2.5, naked pair 3.0 / triple 3.6 / quad 5.0, hidden pair 3.4 / triple 4.0 / quad 5.4 | all |
//! | [`fish`] | X-wing 3.2, swordfish 3.8, jellyfish 5.2 | all |
//! | [`wings`] | XY-wing 4.2, XYZ-wing 4.4 | all |
//! | [`bug`] | BUG type 1 5.6, types 2 and 4 5.7, type 3 5.8-6.2 | all but diagonal |
//! | [`aligned`] | aligned pair exclusion 6.2, aligned triplet exclusion 7.5 | all |
//! | [`chains`] | bidirectional X-, Y-cycles 6.5, forcing X-chains 6.6, cycles and forcing chains with both links 7.0, plus a length bonus | all but diagonal |
//! | [`dynamic`] | Nishio forcing chains 7.5, cell and region forcing chains 8.0, dynamic forcing chains 8.5 (contradiction, double, cell, region), dynamic forcing chains (+) 9.0 (pointing, claiming, pairs and X-wings inside the chains), with forcing chains and cycles inside too 9.5, with multiple forcing chains too 10.0, with dynamic forcing chains of levels 0 to 3 inside 10.5, plus a length bonus | up to 9x9, not diagonal |
//! | [`uniqueness`] | unique rectangles 4.5 and loops 4.6-5.0, types 1-4 (type 3 up to +0.6) | all but diagonal |
//!
//! "All" means every shape the library reads (4x4 to 25x25) and the
//! diagonal variant, whose diagonals are scanned like any other unit.
//!
//! # Speed
//!
//! Rating is a batch job over millions of puzzles, so the engine keeps what
//! the techniques ask most and skips what a rater does not read:
//!
//! - [`State`] keeps, for every unit and digit, the digit's places as a bit
//!   mask, each unit's empty count, and which digits have one place left;
//!   every move updates them, so no technique scans squares to find them.
//! - A state made [`State::without_reasons`] gives steps with their moves
//!   and difficulty only: no evidence, no sentence.
//! - [`rate`] takes full houses and hidden singles (most steps of most
//!   paths) straight from those masks without building a [`Step`].
//! - Searches skip what cannot succeed without changing what they find or
//!   its order: subsets only enumerate members that can belong, and the
//!   loop walk stops where a unit would hold two of its squares at places
//!   of the same parity (no loop can close from there).
//!
//! # Sources
//!
//! The techniques, their difficulties and the order Sudoku Explainer 1.2.1
//! tries them in are facts taken from Nicolas Juillerat's Sudoku Explainer
//! and its SukakuExplainer fork (LGPL), read for reference; the code here is
//! sudokit's own. The technique write-ups at sudopedia.org and
//! sudokuwiki.org describe the patterns.

pub mod aligned;
mod board;
pub mod bug;
pub mod chains;
mod closure;
mod digit_memo;
pub mod dynamic;
pub mod fish;
pub mod hint;
mod inner;
pub mod intersections;
mod memo;
mod reach;
mod since_barren;
pub mod singles;
pub mod solver;
pub mod spread;
pub mod state;
pub mod step;
pub mod subsets;
pub mod uniqueness;
pub mod units;
pub mod wings;

pub use hint::{Graded, Hint, Level, Mistake, MistakeKind};
pub use solver::{
    explain, next_step, rate, rate_from, rate_unique, Order, Path, RateError, Rating,
};
pub use spread::spreading;
pub use state::State;
pub use step::{Difficulty, Evidence, Link, LinkReason, Step, Technique};
pub use units::{Cand, Square, Unit};

use std::ops::ControlFlow;

/// What a finder does with each step it sees: hand it on, and stop when
/// told to (the SE order only wants the first).
pub type Found<'a> = &'a mut dyn FnMut(Step) -> ControlFlow<()>;

/// One technique: "find the steps in this state".
pub trait Finder: Send + Sync {
    /// The easiest step this finder can ever offer, in tenths (lets the
    /// easiest-first order skip finders that cannot win).
    fn min_difficulty(&self) -> u16;

    /// Offers each step this technique sees in `state`, in its scan order,
    /// until `found` breaks.
    fn find(&self, state: &State, found: Found<'_>) -> ControlFlow<()>;

    /// The step [`Finder::find`] offers first, if any. The chaining rules,
    /// which sort every chain they find, override it to skip the chains
    /// that cannot come first (a rater wants only that one).
    fn first(&self, state: &State) -> Option<Step> {
        let mut first = None;
        let _ = self.find(state, &mut |step| {
            first = Some(step);
            ControlFlow::Break(())
        });
        first
    }

    /// The easiest step [`Finder::find`] offers (on a tie, the first it
    /// offers), if any: what the easiest-first order takes from this
    /// finder. The chaining rules offer theirs easiest first, so theirs is
    /// [`Finder::first`], which skips what cannot come first.
    fn easiest(&self, state: &State) -> Option<Step> {
        let floor = self.min_difficulty();
        let mut easiest: Option<Step> = None;
        let _ = self.find(state, &mut |step| {
            if easiest
                .as_ref()
                .is_none_or(|e| step.difficulty < e.difficulty)
            {
                // None can be easier than the finder's floor.
                let done = step.difficulty.0 == floor;
                easiest = Some(step);
                if done {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        easiest
    }

    /// Every step [`Finder::find`] offers, in order.
    #[cfg(test)]
    fn all(&self, state: &State) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = self.find(state, &mut |step| {
            steps.push(step);
            ControlFlow::Continue(())
        });
        steps
    }
}

/// True when `mask` has no bit or one bit set. (`count_ones() < 2` says
/// the same, but without a `popcnt` instruction, which a portable build
/// cannot assume, it costs a dozen; the moves call this all the time.)
pub(crate) fn at_most_one(mask: u32) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

/// Bits of a position mask, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(i)
        }
    })
}

/// Every `k`-subset of `0..n` as a bit mask, in Sudoku Explainer's order
/// (increasing value of the mask: {0,1}, {0,2}, {1,2}, {0,3}, ...).
pub(crate) fn subsets(k: usize, n: usize) -> impl Iterator<Item = u32> {
    let first: u32 = if k == 0 { 0 } else { (1u32 << k) - 1 };
    let limit: u64 = 1u64 << n;
    let mut next = if k <= n { Some(first) } else { None };
    std::iter::from_fn(move || {
        let current = next?;
        next = if current == 0 {
            None
        } else {
            // Gosper's hack: the next larger number with as many bits set.
            let smallest = current & current.wrapping_neg();
            let ripple = current as u64 + smallest as u64;
            let ones = (((current as u64) ^ ripple) >> 2) / smallest as u64;
            let candidate = ripple | ones;
            (candidate < limit).then_some(candidate as u32)
        };
        Some(current)
    })
}

/// Every `k`-subset of the bits of `mask`, in the same order [`subsets`]
/// gives them over all bits: the subsets that need a bit outside `mask` are
/// skipped without being built. (Numbering the bits of `mask` 0, 1, ...
/// keeps their order, so the order of the subsets is kept too.)
pub(crate) fn subsets_of(k: usize, mask: u32) -> impl Iterator<Item = u32> {
    let mut members = [0u32; 32];
    let m = bits(mask).enumerate().fold(0, |_, (j, i)| {
        members[j] = 1 << i;
        j + 1
    });
    subsets(k, m).map(move |set| bits(set).fold(0, |acc, j| acc | members[j]))
}

/// The grids along Sudoku Explainer's path for `puzzle`, each before its
/// step, for the tests that check a rule along real paths.
#[cfg(test)]
pub(crate) fn se_path_states(puzzle: &str) -> Vec<State> {
    let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
    let mut state = State::from_puzzle(&grid);
    let path = solver::explain(&state, solver::Order::Se);
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
        for finder in solver::SE_ORDER {
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
                let easiest = solver::next_step(&state, solver::Order::Easiest);
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

    #[test]
    fn subsets_come_in_colex_order() {
        let pairs: Vec<u32> = subsets(2, 4).collect();
        assert_eq!(pairs, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(subsets(3, 9).count(), 84);
        assert_eq!(subsets(4, 25).count(), 12650);
        assert_eq!(bits(0b1010).collect::<Vec<_>>(), vec![1, 3]);
        let mask = 0b1_0110_1101;
        let within: Vec<u32> = subsets(3, 9).filter(|s| s & !mask == 0).collect();
        assert_eq!(subsets_of(3, mask).collect::<Vec<_>>(), within);
        assert_eq!(subsets_of(2, 0b1).count(), 0);
    }
}
