//! Stringing the techniques together: the next step and the whole path,
//! in one of two orders.
//!
//! Two [`Order`]s choose the next step:
//!
//! - [`Order::Se`]: Sudoku Explainer's own. It tries its rules in a fixed
//!   order ([`SE_ORDER`], which is not sorted by difficulty: the direct
//!   hidden pair, 2.0, comes before the naked single, 2.3) and applies the
//!   **first** step found. Its rating is defined by that path.
//! - [`Order::Easiest`]: the easiest step available anywhere, for hints that
//!   teach. Ties go to the technique earlier in [`SE_ORDER`], then to the
//!   step its finder offers first. The nesting levels of dynamic forcing
//!   chains (+ dynamic forcing chains), one technique at 10.5, are searched
//!   as SE searches them: a deeper level only when the shallower ones found
//!   no step ([`Finder::deepens`]), since a deeper nesting is harder to
//!   follow than its length says, and costs far more to search.
//!
//! SE's first chaining rule (forcing chains and cycles,
//! [`super::chains::forcing`]) sits between aligned pair and aligned
//! triplet exclusion; its later ones ([`super::chains::dynamic`]: Nishio,
//! multiple, dynamic and nested chains up to level 4) come last. SE's path
//! defines its rating ([`super::rating`]).

use crate::logic::cache::Cache;
use crate::logic::chains::dynamic::finder::ForcingChainRule;
use crate::logic::chains::dynamic::rule::DynamicRule;
use crate::logic::chains::forcing::ForcingChains;
use crate::logic::finder::Finder;
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::logic::techniques::aligned::AlignedExclusion;
use crate::logic::techniques::bug::Bug;
use crate::logic::techniques::fish::Fish;
use crate::logic::techniques::intersections::Intersections;
use crate::logic::techniques::singles::{FullHouse, HiddenSingle, NakedSingle};
use crate::logic::techniques::subsets::{HiddenSet, NakedSet};
use crate::logic::techniques::uniqueness::UniqueLoops;
use crate::logic::techniques::wings::Wing;

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
    &ForcingChainRule {
        rule: DynamicRule::Nishio,
    },
    &ForcingChainRule {
        rule: DynamicRule::Multiple,
    },
    &ForcingChainRule {
        rule: DynamicRule::Dynamic,
    },
    &ForcingChainRule {
        rule: DynamicRule::DynamicPlus,
    },
    &ForcingChainRule {
        rule: DynamicRule::NestedForcing,
    },
    &ForcingChainRule {
        rule: DynamicRule::NestedMultiple,
    },
    &ForcingChainRule {
        rule: DynamicRule::NestedDynamic(0),
    },
    &ForcingChainRule {
        rule: DynamicRule::NestedDynamic(1),
    },
    &ForcingChainRule {
        rule: DynamicRule::NestedDynamic(2),
    },
    &ForcingChainRule {
        rule: DynamicRule::NestedDynamic(3),
    },
];

/// How the next step is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Sudoku Explainer's order: the first step of the first rule that has one.
    #[default]
    Se,
    /// The easiest step anywhere (nested dynamic chains searched one depth
    /// at a time, as SE does; see the module's docs).
    Easiest,
}

impl Order {
    /// Both orders, SE's first.
    pub const ALL: [Order; 2] = [Order::Se, Order::Easiest];

    /// The order's name, as `--order` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Order::Se => "se",
            Order::Easiest => "easiest",
        }
    }
}

/// An order name that sudokit does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown order '{0}' (expected se or easiest)")]
pub struct UnknownOrder(pub String);

impl std::str::FromStr for Order {
    type Err = UnknownOrder;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Order::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| UnknownOrder(s.to_string()))
    }
}

/// A rule set: whose techniques, order and rating a logical path follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Sudoku Explainer's: its techniques and order, rated ER/EP/ED.
    #[default]
    Se,
    /// HoDoKu's: its techniques and order, scored and levelled as HoDoKu
    /// does (see [`crate::logic::hodoku`]).
    Hodoku,
}

impl Rules {
    /// Both rule sets, SE's first.
    pub const ALL: [Rules; 2] = [Rules::Se, Rules::Hodoku];

    /// The rule set's name, as `--rules` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Se => "se",
            Rules::Hodoku => "hodoku",
        }
    }
}

/// A rule set name that sudokit does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules '{0}' (expected se or hodoku)")]
pub struct UnknownRules(pub String);

impl std::str::FromStr for Rules {
    type Err = UnknownRules;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| UnknownRules(s.to_string()))
    }
}

/// The next step from `state`, if any technique finds one. `cache` keeps
/// what the techniques may reuse at the next call (see [`Cache`]).
pub fn next_step(cache: &mut Cache, state: &State, order: Order) -> Option<Step> {
    match order {
        Order::Se => first_step(cache, state, SE_ORDER),
        Order::Easiest => easiest_and_se(cache, state).0,
    }
}

/// The easiest step from `state` ([`Order::Easiest`]), and Sudoku
/// Explainer's step there ([`Order::Se`]): the first finder with a step is
/// the same in both orders, and SE's is that finder's first.
fn easiest_and_se(cache: &mut Cache, state: &State) -> (Option<Step>, Option<Step>) {
    let mut best: Option<Step> = None;
    let mut se: Option<Step> = None;
    // Whether the finder before found a step.
    let mut found = false;
    for finder in SE_ORDER {
        if cache.stopped() {
            return (None, None);
        }
        // A finder that cannot beat the easiest so far is not run,
        // nor a deeper level of a search that found a step.
        let beaten = best
            .as_ref()
            .is_some_and(|b| b.difficulty.0 <= finder.min_difficulty());
        if beaten || (found && finder.deepens()) {
            continue;
        }
        let step = match best {
            None => {
                let (easiest, first) = finder.easiest_and_first(state, cache);
                se = first;
                easiest
            }
            Some(_) => finder.easiest(state, cache),
        };
        found = step.is_some();
        if let Some(step) = step {
            if best.as_ref().is_none_or(|b| step.difficulty < b.difficulty) {
                best = Some(step);
            }
        }
    }
    (best, se)
}

/// The first step of the first of `rules` that has one.
pub(crate) fn first_step(cache: &mut Cache, state: &State, rules: &[&dyn Finder]) -> Option<Step> {
    for finder in rules {
        // A stopped cache (see `Cache::stopped`) tries no further rule.
        if cache.stopped() {
            return None;
        }
        if let Some(step) = finder.first(state, cache) {
            return Some(step);
        }
    }
    None
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
/// no technique applies (or the cache's stop flag is raised).
pub fn explain(cache: &mut Cache, state: &State, order: Order) -> Path {
    let mut state = state.clone();
    let mut steps = Vec::new();
    while !state.is_solved() && !cache.stopped() {
        let Some(step) = next_step(cache, &state, order) else {
            break;
        };
        state.apply(&step);
        steps.push(step);
    }
    Path { steps, end: state }
}

/// [`explain`] in the easiest-first order, and how many of its first steps
/// are Sudoku Explainer's path too (all of them where the two paths never
/// part, or where the path was stopped before they did).
pub(crate) fn explain_easiest(cache: &mut Cache, state: &State) -> (Path, usize) {
    let mut state = state.clone();
    let mut steps = Vec::new();
    let mut shared = None;
    while !state.is_solved() && !cache.stopped() {
        let (easiest, se) = easiest_and_se(cache, &state);
        let Some(step) = easiest else {
            break;
        };
        if shared.is_none() && se.as_ref() != Some(&step) {
            shared = Some(steps.len());
        }
        state.apply(&step);
        steps.push(step);
    }
    let shared = shared.unwrap_or(steps.len());
    (Path { steps, end: state }, shared)
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
pub(crate) mod tests {
    use super::*;

    /// The easiest-first order as it was before [`Finder::easiest`]: every
    /// step of every finder that may beat the easiest so far looked at.
    fn easiest_by_every_step(state: &State) -> Option<Step> {
        let mut best: Option<Step> = None;
        let mut deeper_skipped = false;
        for finder in SE_ORDER {
            let floor = finder.min_difficulty();
            if best.as_ref().is_some_and(|b| b.difficulty.0 <= floor) {
                continue;
            }
            let steps = finder.all(state);
            if finder.deepens() && deeper_skipped {
                continue;
            }
            deeper_skipped = !steps.is_empty();
            for step in steps {
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

    /// Puzzles of magictour_top1465 whose easiest-first path parts from
    /// SE's: at some grid SE takes a dynamic contradiction or region chain
    /// (its rule comes first) where dynamic (+) chains have an easier step.
    pub(crate) const PARTING: [&str; 2] = [
        ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
        "6..1...8..53.............4....8...6..9....7....24.........7.3.9....2.5..1........",
    ];

    #[test]
    fn an_easiest_path_counts_the_steps_it_shares_with_ses_path() {
        let together =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        for (puzzle, parts) in [(PARTING[0], true), (PARTING[1], true), (together, false)] {
            let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
            let state = State::from_puzzle(&grid);
            let (path, shared) = explain_easiest(&mut Cache::new(), &state);
            assert_eq!(path, explain(&mut Cache::new(), &state, Order::Easiest));
            let se = explain(&mut Cache::new(), &state, Order::Se);
            let common = path
                .steps
                .iter()
                .zip(&se.steps)
                .take_while(|(a, b)| a == b)
                .count();
            assert_eq!(shared, common, "{puzzle}");
            assert_eq!(shared < path.steps.len(), parts, "{puzzle}");
        }
    }

    #[test]
    fn every_order_name_reads_back_and_a_bad_one_says_what_is_expected() {
        // A new order fails this match until it is in `ALL` and named.
        let place = |order| match order {
            Order::Se => 0,
            Order::Easiest => 1,
        };
        for (i, order) in Order::ALL.into_iter().enumerate() {
            assert_eq!(place(order), i);
            assert_eq!(order.name().parse(), Ok(order));
        }
        let names: Vec<&str> = Order::ALL.iter().map(|o| o.name()).collect();
        let expected = format!(
            "unknown order 'hardest' (expected {} or {})",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        );
        let error = "hardest".parse::<Order>().unwrap_err();
        assert_eq!(error, UnknownOrder("hardest".to_string()));
        assert_eq!(error.to_string(), expected);
        assert!("SE".parse::<Order>().is_err(), "names are lower case");
    }

    #[test]
    fn rules_parse_by_name_and_say_what_they_expect() {
        for rules in Rules::ALL {
            assert_eq!(rules.name().parse(), Ok(rules));
        }
        let error = "sudopedia".parse::<Rules>().unwrap_err();
        assert_eq!(error, UnknownRules("sudopedia".to_string()));
        assert_eq!(
            error.to_string(),
            "unknown rules 'sudopedia' (expected se or hodoku)"
        );
        assert_eq!(Rules::default(), Rules::Se);
    }
}
