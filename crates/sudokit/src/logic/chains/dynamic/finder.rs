//! The rules as a [`Finder`] ([`ForcingChainRule`]): an engine lent what
//! the caller's cache keeps (the engine itself, the forcing chains'
//! buffers, the barren digits, the inner rules' table) for each search,
//! and SE's first step looked for on several threads where the cache
//! allows (see [`spread`]).

use super::engine::Engine;
use super::memo;
use super::rule::DynamicRule;
#[cfg(feature = "parallel")]
use super::spread;
use crate::logic::cache::Cache;
use crate::logic::chains::board::Board;
use crate::logic::chains::digit_memo::DigitMemo;
use crate::logic::chains::forcing;
#[cfg(feature = "parallel")]
use crate::logic::chains::se_order::se_order;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::shape::Variant;
use std::ops::ControlFlow;

/// Sudoku Explainer's forcing-chain rules from Nishio up (one finder per
/// rule, as SE has one producer per rule).
pub struct ForcingChainRule {
    /// Which rule.
    pub rule: DynamicRule,
}

/// The lowest nesting level whose first step is looked for on several
/// threads when [`spread`] allows: below it a rule's search is too short
/// to gain.
#[cfg(feature = "parallel")]
const SPREAD_FROM: u8 = 1;

/// What the dynamic rules keep in the caller's cache.
#[derive(Default)]
struct DynamicCache {
    /// An engine, kept for the next call rather than made anew: a rater
    /// calls these rules at every step of a hard puzzle, and an engine's
    /// tables hold a slot per potential.
    engine: Option<Box<Engine>>,
    /// The engines of the runs a search shares out over threads, kept for
    /// the next search so. (Boxed as the spare engine is: an engine moves
    /// between the pool and a run as a pointer, not as its many fields.)
    #[cfg(feature = "parallel")]
    #[allow(clippy::vec_box)]
    runs: std::sync::Mutex<Vec<Box<Engine>>>,
    /// What the rules run inside chains found (see [`memo`]).
    table: memo::Shared,
}

/// `spare`, made ready for `rule` on `state`, or a new engine.
fn ready(spare: Option<Box<Engine>>, state: &State, rule: DynamicRule) -> Box<Engine> {
    match spare.filter(|e| std::ptr::eq(e.geo, state.geometry())) {
        Some(mut engine) => {
            engine.reset(&Board::new(state), rule);
            engine.reasons = state.reasons();
            engine
        }
        None => Box::new(Engine::new(state, rule)),
    }
}

impl ForcingChainRule {
    /// Runs `work` on an engine for this rule on `state`, with what `cache`
    /// keeps (an engine, the forcing chains' buffers, the barren digits,
    /// the inner rules' table) lent to it; `None` where the rule is off.
    /// With `first_only`, the engine's steps are sure to hold SE's first
    /// step, first, but may leave out later ones.
    fn with_engine<T>(
        &self,
        state: &State,
        cache: &mut Cache,
        first_only: bool,
        work: impl FnOnce(&mut Engine) -> T,
    ) -> Option<T> {
        // Off for the diagonal variant, like the forcing chains, and above
        // 9x9, where a chain of chains grows too fast to be of use.
        if !Self::is_on(state) {
            return None;
        }
        let kept = cache.part::<DynamicCache>();
        memo::trim(&kept.table);
        let mut engine = ready(kept.engine.take(), state, self.rule);
        engine.table.clone_from(&kept.table);
        // The forcing chains' buffers hold the reach of this grid when they
        // ran on it just before (see `forcing::shared_reach`).
        std::mem::swap(&mut engine.chain_work, cache.part::<forcing::Scratch>());
        std::mem::swap(&mut engine.barren, cache.part::<DigitMemo>());
        engine.best = first_only.then_some(None);
        if self.rule.is_nishio() && state.shape().side() == 9 {
            let memo = cache.part();
            let mut used = |d: usize| state.template_squares(d as u8, memo).map_or(0, |(_, u)| u);
            engine.templates = Some(std::array::from_fn(&mut used));
        }
        let out = work(&mut engine);
        std::mem::swap(&mut engine.chain_work, cache.part::<forcing::Scratch>());
        std::mem::swap(&mut engine.barren, cache.part::<DigitMemo>());
        cache.part::<DynamicCache>().engine = Some(engine);
        Some(out)
    }

    /// Whether the dynamic rules run on `state`'s shape: not on the
    /// diagonal variant, like the forcing chains, nor above 9x9, where a
    /// chain of chains grows too fast to be of use.
    fn is_on(state: &State) -> bool {
        state.shape().variant() != Variant::Diagonal && state.shape().side() <= 9
    }

    /// [`Finder::first`] with the squares cut into runs of consecutive
    /// squares, each searched on a thread of the current pool (see
    /// [`spread`]) by an engine of its own: the best step of each run, then
    /// the best of those.
    #[cfg(feature = "parallel")]
    pub(super) fn first_spread(
        &self,
        state: &State,
        cache: &mut Cache,
        threads: usize,
    ) -> Option<Step> {
        use rayon::prelude::*;
        if !Self::is_on(state) {
            return None;
        }
        let count = state.shape().square_count();
        // More runs than threads, so that a thread whose runs were quick
        // takes on another.
        let runs = 4 * threads;
        let kept = cache.part::<DynamicCache>();
        // Every run uses the caller's table of what inner rules found, and
        // none empties it: the runs meet the same grids.
        memo::trim(&kept.table);
        let (table, spare) = (&kept.table, &kept.runs);
        let lock = || {
            spare
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        let best: Vec<_> = (0..runs)
            .into_par_iter()
            .map(|i| {
                let squares = i * count / runs..(i + 1) * count / runs;
                let mut engine = ready(lock().pop(), state, self.rule);
                engine.table.clone_from(table);
                engine.best = Some(None);
                let found = engine.first_in(squares);
                lock().push(engine);
                found
            })
            .collect();
        // On a tie, the earlier run's: SE's sort keeps the order found,
        // and the squares are searched in order.
        best.into_iter()
            .flatten()
            .reduce(|a, b| if se_order(b.0, a.0).is_lt() { b } else { a })
            .map(|(_, step)| step)
    }
}

impl Finder for ForcingChainRule {
    fn min_difficulty(&self) -> u16 {
        (self.rule.base() * 10.0).round() as u16
    }

    fn deepens(&self) -> bool {
        matches!(self.rule, DynamicRule::NestedDynamic(level) if level > 0)
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        self.with_engine(state, cache, false, |engine| {
            let steps = engine.steps();
            steps
                .iter()
                .try_for_each(|ranked| found(engine.step(ranked)))
        })
        .unwrap_or(ControlFlow::Continue(()))
    }

    /// The steps come easiest first (SE's order), so the easiest is the
    /// first.
    fn easiest(&self, state: &State, cache: &mut Cache) -> Option<Step> {
        self.first(state, cache)
    }

    /// The easiest is the first: one search, its step cloned.
    fn easiest_and_first(&self, state: &State, cache: &mut Cache) -> (Option<Step>, Option<Step>) {
        let first = self.first(state, cache);
        (first.clone(), first)
    }

    fn first(&self, state: &State, cache: &mut Cache) -> Option<Step> {
        #[cfg(feature = "parallel")]
        if self.rule.level() >= SPREAD_FROM {
            let threads = spread::threads(cache);
            if threads > 1 {
                return self.first_spread(state, cache, threads);
            }
        }
        let count = state.shape().square_count();
        self.with_engine(state, cache, true, |engine| engine.first_in(0..count))
            .flatten()
            .map(|(_, step)| step)
    }
}
