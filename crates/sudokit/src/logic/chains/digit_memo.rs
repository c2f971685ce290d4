//! The digits whose one-digit chains find nothing, kept by the digit's
//! pattern, so that a rater does not follow them again at the next step.
//!
//! Two chaining rules use one digit's links only: X-chains and X-cycles
//! (the first part of [`super::chains`]) and Nishio chains (see
//! [`super::dynamic`]). "d on" in a square turns d off in the square's
//! box, row and column, and "d off" turns d on where a unit is left with
//! one place for it; a Nishio chain edits the grid as it goes, but only
//! that digit's places. So everything the chains from the candidates of
//! one digit find depends only on where the digit can still go and which
//! of those squares the rule starts from (those with two candidates or
//! more): the digit's *pattern*.
//!
//! Rating a hard puzzle runs these rules at most steps, and a step changes
//! the patterns of a few digits only. The rules run at every step where
//! the easier rules find nothing, and they seldom find anything there; a
//! digit whose pattern found nothing before is left out (its chains would
//! find nothing again), and the rule follows the others' chains in the
//! same order as before.
//!
//! The table is a part of the caller's [`Cache`](crate::logic::cache::Cache)
//! (or of a chain engine that holds it while it runs); it is emptied when
//! it holds [`BUDGET`] patterns.

use crate::logic::chains::board::PencilMarks;
use std::collections::HashSet;

/// The rules whose patterns are kept, apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum PatternRule {
    /// Forcing X-chains and X-cycles.
    XChains,
    /// Nishio forcing chains.
    Nishio,
}

/// The most patterns kept (about forty bytes each).
const BUDGET: usize = 200_000;

/// A digit and its pattern: the squares where it can go, and those of them
/// with two candidates or more, as bit sets (up to 128 squares).
pub(super) type Pattern = (u8, u128, u128);

/// The patterns whose chains were found to give nothing, per rule.
#[derive(Default)]
pub(super) struct DigitMemo(HashSet<(PatternRule, Pattern)>);

/// Each digit's pattern on `marks` (index 0 unused), or `None` above 128
/// squares.
pub(super) fn patterns(marks: &dyn PencilMarks) -> Option<Vec<Pattern>> {
    let shape = marks.geometry().shape;
    if shape.square_count() > 128 {
        return None;
    }
    let mut out: Vec<Pattern> = (0..=shape.side()).map(|d| (d as u8, 0, 0)).collect();
    for s in 0..shape.square_count() {
        let cands = marks.digits(s).bits();
        let starts = cands.count_ones() >= 2;
        for d in crate::logic::bits::bits(cands) {
            out[d].1 |= 1 << s;
            if starts {
                out[d].2 |= 1 << s;
            }
        }
    }
    Some(out)
}

impl DigitMemo {
    /// True when the chains of `rule` from `pattern` were found to give
    /// nothing.
    pub(super) fn is_barren(&self, rule: PatternRule, pattern: &Pattern) -> bool {
        self.0.contains(&(rule, *pattern))
    }

    /// Keeps `pattern` as one whose chains of `rule` give nothing.
    pub(super) fn keep_barren(&mut self, rule: PatternRule, pattern: Pattern) {
        if self.0.len() >= BUDGET {
            self.0.clear();
        }
        self.0.insert((rule, pattern));
    }
}

/// What the tests of the rules that keep patterns share.
#[cfg(test)]
pub(super) mod check {
    use super::{patterns, DigitMemo, PatternRule};
    use crate::logic::cache::Cache;
    use crate::logic::finder::Finder;
    use crate::logic::solver::{explain, Order};
    use crate::logic::state::State;
    use crate::logic::step::Technique;
    use crate::{parse_grid, ParseOptions};

    /// Checks that `finder` (whose one-digit steps are those of
    /// `techniques`) keeps as barren exactly the digits without such a step,
    /// and finds the same steps again when it leaves them out; on the grid
    /// before the first such step in the path of a puzzle (magictour_top1465,
    /// ER 7.5) that takes forcing X-chains and Nishio steps.
    pub(in crate::logic) fn barren_digits(
        rule: PatternRule,
        finder: &dyn Finder,
        techniques: &[Technique],
    ) {
        let grid = parse_grid(
            "..2..5..7..6.....3......69...7.43.6..2..9....1.........69.....2..38....14.1.3..7.",
            ParseOptions::default(),
        )
        .unwrap();
        let mut state = State::from_puzzle(&grid);
        let path = explain(&mut Cache::new(), &state, Order::Se);
        let at = path
            .steps
            .iter()
            .position(|s| techniques.contains(&s.technique))
            .unwrap();
        for step in &path.steps[..at] {
            state.apply(step);
        }
        let mut cache = Cache::new();
        let first = finder.all_with(&state, &mut cache);
        assert_eq!(first[0], path.steps[at]);
        // Each such step's first candidate is of the digit it came from.
        let used = first
            .iter()
            .filter(|s| techniques.contains(&s.technique))
            .flat_map(|s| s.placements.iter().chain(&s.eliminations).take(1))
            .fold(0u32, |m, c| m | 1 << c.digit);
        let patterns = patterns(&state).unwrap();
        let memo = std::mem::take(cache.part::<DigitMemo>());
        let barren = |p| memo.is_barren(rule, p);
        let none = |p: &(u8, u128, u128)| p.1 != 0 && used & (1 << p.0) == 0;
        assert!(patterns.iter().any(barren), "no digit without steps");
        for p in &patterns[1..] {
            assert_eq!(barren(p), none(p), "digit {}", p.0);
        }
        // The second search leaves those digits out and finds the same.
        *cache.part::<DigitMemo>() = memo;
        assert_eq!(finder.all_with(&state, &mut cache), first);
        // A search for the first step only, which may leave out steps that
        // come after it, keeps no digit that has one.
        let mut cache = Cache::new();
        assert_eq!(finder.first(&state, &mut cache).as_ref(), Some(&first[0]));
        let memo = std::mem::take(cache.part::<DigitMemo>());
        let barren = |p| memo.is_barren(rule, p);
        for p in &patterns[1..] {
            assert!(!barren(p) || none(p), "digit {}", p.0);
        }
    }
}
