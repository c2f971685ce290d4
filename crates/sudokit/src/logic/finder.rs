//! The one shape every technique has: a [`Finder`] looks at a state and
//! offers the steps it sees, in its own scan order, to a [`Found`] callback
//! that says whether to go on.

use crate::logic::cache::Cache;
use crate::logic::state::State;
use crate::logic::step::Step;
use std::ops::ControlFlow;

/// What a finder does with each step it sees: hand it on, and stop when
/// told to (the SE order only wants the first).
pub type Found<'a> = &'a mut dyn FnMut(Step) -> ControlFlow<()>;

/// One technique: "find the steps in this state".
pub trait Finder: Send + Sync {
    /// The easiest step this finder can ever offer, in tenths (lets the
    /// easiest-first order skip finders that cannot win).
    fn min_difficulty(&self) -> u16;

    /// True for a deeper search of the technique of the finder just before
    /// it in [`super::solver::SE_ORDER`] (the nesting levels of dynamic
    /// forcing chains): the easiest-first order runs it only when the
    /// shallower levels found no step, as SE does, since a deeper nesting
    /// is harder to follow than its length says.
    fn deepens(&self) -> bool {
        false
    }

    /// Offers each step this technique sees in `state`, in its scan order,
    /// until `found` breaks. What `cache` holds from earlier calls may let it skip
    /// work, never change what it offers.
    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()>;

    /// The step [`Finder::find`] offers first, if any. The chaining rules,
    /// which sort every chain they find, override it to skip the chains
    /// that cannot come first (a rater wants only that one).
    fn first(&self, state: &State, cache: &mut Cache) -> Option<Step> {
        let mut first = None;
        let _ = self.find(state, cache, &mut |step| {
            first = Some(step);
            ControlFlow::Break(())
        });
        first
    }

    /// The easiest step [`Finder::find`] offers (on a tie, the first it
    /// offers), if any: what the easiest-first order takes from this
    /// finder. The chaining rules offer theirs easiest first, so theirs is
    /// [`Finder::first`], which skips what cannot come first.
    fn easiest(&self, state: &State, cache: &mut Cache) -> Option<Step> {
        scan(self, state, cache, false).0
    }

    /// [`Finder::easiest`] and [`Finder::first`] together, from one
    /// search: the easiest-first order takes the first finder's easiest
    /// step, and Sudoku Explainer's path its first, so a path in the one
    /// order learns where the other's goes as it is found.
    fn easiest_and_first(&self, state: &State, cache: &mut Cache) -> (Option<Step>, Option<Step>) {
        scan(self, state, cache, true)
    }

    /// Every step [`Finder::find`] offers, in order, with a fresh cache.
    #[cfg(test)]
    fn all(&self, state: &State) -> Vec<Step> {
        self.all_with(state, &mut Cache::new())
    }

    /// Every step [`Finder::find`] offers, in order, with `cache`.
    #[cfg(test)]
    fn all_with(&self, state: &State, cache: &mut Cache) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = self.find(state, cache, &mut |step| {
            steps.push(step);
            ControlFlow::Continue(())
        });
        steps
    }
}

/// The easiest step `finder` offers (on a tie, the first it offers), and
/// with `keep_first` the first it offers.
fn scan<F: Finder + ?Sized>(
    finder: &F,
    state: &State,
    cache: &mut Cache,
    keep_first: bool,
) -> (Option<Step>, Option<Step>) {
    let floor = finder.min_difficulty();
    let (mut easiest, mut first): (Option<Step>, Option<Step>) = (None, None);
    let _ = finder.find(state, cache, &mut |step| {
        if keep_first && first.is_none() {
            first = Some(step.clone());
        }
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
    (easiest, first)
}
