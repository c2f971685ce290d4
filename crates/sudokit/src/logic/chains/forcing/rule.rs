//! The rule's two ways in: [`ForcingChains`], the finder the solver runs,
//! and [`nested_chains`], the same rule run inside a dynamic chain; each
//! with the search buffers its caller keeps.

use super::rank::{ranked, Find};
use super::search::Scratch;
use crate::logic::cache::Cache;
use crate::logic::chains::board::Board;
use crate::logic::chains::digit_memo::DigitMemo;
use crate::logic::chains::potential::NestedHint;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};
use crate::shape::Variant;
use std::ops::ControlFlow;

/// Forcing chains and bidirectional cycles.
pub struct ForcingChains;

impl Finder for ForcingChains {
    fn min_difficulty(&self) -> u16 {
        Technique::XCycle.difficulty().0
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        if state.shape().variant() == Variant::Diagonal {
            return ControlFlow::Continue(());
        }
        let all = with_parts(cache, |work, barren| {
            ranked(state, state.reasons(), false, work, barren, false)
        });
        for f in all {
            if let Find::Step(step) = f.found {
                found(*step)?;
            }
        }
        ControlFlow::Continue(())
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
        if state.shape().variant() == Variant::Diagonal {
            return None;
        }
        let all = with_parts(cache, |work, barren| {
            ranked(state, state.reasons(), false, work, barren, true)
        });
        all.into_iter().find_map(|f| match f.found {
            Find::Step(step) => Some(*step),
            Find::Nested(_) => None,
        })
    }
}

/// Runs `work` with the search buffers and the barren digits kept in
/// `cache`: a rater runs the search at most steps of a hard puzzle, and
/// growing its tables anew each time costs more than some searches.
fn with_parts<T>(cache: &mut Cache, work: impl FnOnce(&mut Scratch, &mut DigitMemo) -> T) -> T {
    let mut barren = std::mem::take(cache.part::<DigitMemo>());
    let out = work(cache.part::<Scratch>(), &mut barren);
    *cache.part::<DigitMemo>() = barren;
    out
}

/// SE's forcing chains and cycles rule run inside a dynamic chain (nested
/// levels 2 and up): its hints on the working `board`, SE's first first,
/// each once (a hint that removes what an earlier one removes is dropped,
/// as SE's set of hints drops it).
pub(in crate::logic::chains) fn nested_chains(
    board: &Board,
    work: &mut Scratch,
    barren: &mut DigitMemo,
) -> Vec<NestedHint> {
    let all = ranked(board, false, true, work, barren, false);
    let mut out: Vec<NestedHint> = Vec::new();
    let mut seen: Vec<Vec<(usize, u8)>> = Vec::new();
    for f in all {
        if let Find::Nested(hint) = f.found {
            let mut set = hint.removals.clone();
            set.sort_unstable();
            if !seen.contains(&set) {
                seen.push(set);
                out.push(hint);
            }
        }
    }
    out
}
