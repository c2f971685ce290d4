//! Which digits, units or squares changed since a rule last found nothing,
//! so that a rater looks again only at those.
//!
//! Some rules look at one digit at a time, and what they find for a digit
//! depends only on where that digit can go: intersections (pointing and
//! claiming) and fish (X-wing, swordfish, jellyfish). Others look at one
//! unit at a time, and what they find there depends only on its squares'
//! candidates: naked and hidden sets. Aligned exclusion looks at groups of
//! squares (see [`super::aligned`]), unique loops at pairs of digits (see
//! [`super::uniqueness`]). A rater runs them at every step where
//! the rules before them find nothing, which is most steps of a hard
//! puzzle, and they seldom find anything there. The caller's [`Cache`]
//! keeps, per rule, the last grid where the rule found nothing; on the next grid, a
//! digit none of whose candidates changed since, a unit none of whose
//! squares did, or a group none of whose squares and excluders did, would
//! give nothing again, and is passed over. (The digits of a square that
//! changed are all counted as changed, a placed square's included.)

use crate::logic::cache::Cache;
use crate::logic::state::State;
use crate::logic::units::Geometry;

/// The rules that keep a grid: a number each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    /// Pointing and claiming that give a single at once (SE's "direct").
    DirectIntersections,
    /// Pointing and claiming.
    Intersections,
    /// Fish of two, three and four lines.
    Fish(usize),
    /// Naked sets of two, three and four squares.
    NakedSet(usize),
    /// Hidden sets of two, three and four digits, and whether only those
    /// that give a single at once (SE's "direct").
    HiddenSet(usize, bool),
    /// Aligned pair and triplet exclusion.
    Aligned(usize),
    /// Unique rectangles and loops.
    UniqueLoops,
}

impl Slot {
    fn index(self) -> usize {
        match self {
            Slot::DirectIntersections => 0,
            Slot::Intersections => 1,
            Slot::Fish(size) => size,
            Slot::NakedSet(size) => 3 + size,
            Slot::HiddenSet(size, false) => 6 + size,
            Slot::HiddenSet(size, true) => 9 + size,
            Slot::Aligned(size) => 12 + size,
            Slot::UniqueLoops => 16,
        }
    }
}

/// How many slots there are.
const SLOTS: usize = 17;

/// A grid a rule found nothing on: its geometry, and each square's
/// candidates (as bits), a placed square's none.
type Barren = (&'static Geometry, Vec<u32>);

/// Per rule, the last grid it found nothing on: the cache's part.
struct BarrenGrids([Option<Barren>; SLOTS]);

impl Default for BarrenGrids {
    fn default() -> BarrenGrids {
        BarrenGrids([const { None }; SLOTS])
    }
}

/// The squares whose candidates changed since `slot`'s rule last found
/// nothing, each with the digits that changed there (as bits); `None` when
/// that is not known.
fn changes(cache: &mut Cache, slot: Slot, state: &State) -> Option<Vec<(usize, u32)>> {
    let (geo, old) = cache.part::<BarrenGrids>().0[slot.index()].as_ref()?;
    if !std::ptr::eq(*geo, state.geometry()) {
        return None;
    }
    // Room for the few squares a step or two change, made at once rather
    // than grown from nothing.
    let mut changed = Vec::with_capacity(16);
    for (s, &was) in old.iter().enumerate() {
        let digits = was ^ state.cands(s).bits();
        if digits != 0 {
            changed.push((s, digits));
        }
    }
    Some(changed)
}

/// The digits (as bits) that changed since `slot`'s rule last found
/// nothing: every digit when it is not known.
pub(super) fn changed_digits(cache: &mut Cache, slot: Slot, state: &State) -> u32 {
    changes(cache, slot, state).map_or(u32::MAX, |changed| {
        changed.iter().fold(0, |all, &(_, digits)| all | digits)
    })
}

/// Per unit, whether one of its squares changed since `slot`'s rule last
/// found nothing; `None` when that is not known.
pub(super) fn changed_units(cache: &mut Cache, slot: Slot, state: &State) -> Option<Vec<bool>> {
    let geo = state.geometry();
    let mut units = vec![false; state.shape().units().len()];
    for (s, _) in changes(cache, slot, state)? {
        for &(u, _) in geo.slots(s) {
            units[u] = true;
        }
    }
    Some(units)
}

/// The squares that changed since `slot`'s rule last found nothing, in
/// order; `None` when that is not known.
pub(super) fn changed_squares(cache: &mut Cache, slot: Slot, state: &State) -> Option<Vec<usize>> {
    Some(
        changes(cache, slot, state)?
            .into_iter()
            .map(|(s, _)| s)
            .collect(),
    )
}

/// The squares that changed since `slot`'s rule last found nothing, in
/// order, each with the candidates it had then or has now (as bits: on a
/// new puzzle a square may gain some); `None` when that is not known.
pub(super) fn changed_from(
    cache: &mut Cache,
    slot: Slot,
    state: &State,
) -> Option<Vec<(usize, u32)>> {
    let changed = changes(cache, slot, state)?;
    Some(
        changed
            .into_iter()
            .map(|(s, digits)| (s, digits | state.cands(s).bits()))
            .collect(),
    )
}

/// Keeps `state` as the last grid where `slot`'s rule found nothing.
pub(super) fn keep_barren(cache: &mut Cache, slot: Slot, state: &State) {
    let count = state.shape().square_count();
    let last = &mut cache.part::<BarrenGrids>().0;
    let kept = last[slot.index()].get_or_insert_with(|| (state.geometry(), Vec::new()));
    kept.0 = state.geometry();
    kept.1.clear();
    kept.1.extend((0..count).map(|s| state.cands(s).bits()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::finder::Finder;
    use crate::logic::solver::se_path_states;
    use crate::logic::techniques::fish::Fish;
    use crate::logic::techniques::intersections::Intersections;
    use crate::logic::techniques::subsets::{HiddenSet, NakedSet};
    use crate::logic::techniques::uniqueness::UniqueLoops;

    static FISH: [Fish; 3] = [Fish { size: 2 }, Fish { size: 3 }, Fish { size: 4 }];
    static NAKED: [NakedSet; 3] = [
        NakedSet { size: 2 },
        NakedSet { size: 3 },
        NakedSet { size: 4 },
    ];
    static HIDDEN: [HiddenSet; 3] = [
        HiddenSet {
            size: 2,
            direct: false,
        },
        HiddenSet {
            size: 3,
            direct: false,
        },
        HiddenSet {
            size: 4,
            direct: false,
        },
    ];
    static DIRECT_HIDDEN: [HiddenSet; 2] = [
        HiddenSet {
            size: 2,
            direct: true,
        },
        HiddenSet {
            size: 3,
            direct: true,
        },
    ];

    #[test]
    fn a_rule_after_a_barren_grid_finds_what_a_fresh_one_finds() {
        let mut finders: Vec<(&dyn Finder, Slot)> = vec![
            (&Intersections { direct: true }, Slot::DirectIntersections),
            (&Intersections { direct: false }, Slot::Intersections),
        ];
        for k in 2..=4 {
            finders.push((&FISH[k - 2], Slot::Fish(k)));
            finders.push((&NAKED[k - 2], Slot::NakedSet(k)));
            finders.push((&HIDDEN[k - 2], Slot::HiddenSet(k, false)));
        }
        for k in 2..=3 {
            finders.push((&DIRECT_HIDDEN[k - 2], Slot::HiddenSet(k, true)));
        }
        finders.push((&UniqueLoops, Slot::UniqueLoops));
        let (mut after_barren, mut found_after_barren) = (0, 0);
        // Puzzles of magictour_top1465 whose paths take pointing, claiming,
        // fish and subset steps between grids where those find nothing.
        for puzzle in [
            "57..8.4.........3...32..1.5...4.8........5...2.7.....19.1.....4.8.7.9.....2....6.",
            "..2..5..7..6.....3......69...7.43.6..2..9....1.........69.....2..38....14.1.3..7.",
        ] {
            // One cache along the path, as a rater keeps it.
            let mut cache = Cache::new();
            for state in se_path_states(puzzle) {
                for &(finder, slot) in &finders {
                    let known = changed_digits(&mut cache, slot, &state) != u32::MAX;
                    let remembering = finder.all_with(&state, &mut cache);
                    assert_eq!(remembering, finder.all(&state), "{slot:?} on {puzzle}");
                    after_barren += usize::from(known);
                    found_after_barren += usize::from(known && !remembering.is_empty());
                }
            }
        }
        assert!(after_barren > 100 && found_after_barren > 0);
    }
}
