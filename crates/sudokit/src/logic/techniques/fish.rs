//! Fish: X-wing (2), swordfish (3) and jellyfish (4).
//!
//! Take a digit and `k` columns (the **base**) in which it has only places
//! in the same `k` rows (the **cover**). The `k` copies of the digit in the
//! base columns must sit in those `k` rows, one per row, so no other square
//! of the cover rows can hold it. The same holds with rows and columns
//! swapped.
//!
//! ```text
//!  X-wing on 4, base columns 2 and 7, cover rows B and F
//!  . . . | . . . | . . .
//!  x 4 x | x x x | 4 x x     remove 4 from the rest of rows B and F
//!  . . . | . . . | . . .
//!  . . . | . . . | . . .
//!  . . . | . . . | . . .
//!  x 4 x | x x x | 4 x x
//! ```
//!
//! Difficulties (Sudoku Explainer): X-wing 3.2, swordfish 3.8, jellyfish
//! 5.2. Scan (SE): column bases first, then row bases; the sets of `k`
//! lines in increasing order of their bit masks; digits 1 to 9, skipping a
//! digit already placed so often that `k` lines could not be free of it.
//! On 9x9 grids a digit every candidate of which lies on one of its
//! templates is passed over: a fish removes only candidates no template
//! uses (see [`crate::logic::templates`]).

use crate::logic::bits::{bits, subsets};
use crate::logic::cache::Cache;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};
use crate::logic::techniques::since_barren;
use crate::logic::techniques::since_barren::Slot;
use crate::logic::text::{and_list, removal_text, Digit};
use crate::logic::units::UnitKind;
use std::ops::ControlFlow;

/// A fish of `size` base lines.
pub struct Fish {
    /// 2 (X-wing), 3 (swordfish) or 4 (jellyfish).
    pub size: usize,
}

impl Finder for Fish {
    fn min_difficulty(&self) -> u16 {
        [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][self.size - 2]
            .difficulty()
            .0
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        let geo = state.geometry();
        let (k, n) = (self.size, state.shape().side());
        let placed: Vec<usize> = (0..=n as u8).map(|d| state.placed_count(d)).collect();
        // Only the digits that changed since the last grid without a fish
        // of this size (see [`since_barren`]).
        let slot = Slot::Fish(k);
        let mut changed = since_barren::changed_digits(cache, slot, state);
        // A fish removes only candidates no template of its digit uses: a
        // template places the digit once in each base line, within the
        // cover lines, so it fills every cover line there. On a 9x9 grid,
        // a digit every candidate of which some template uses is passed
        // over.
        let memo = cache.part();
        for d in bits(changed) {
            let d = d as u8;
            if usize::from(d) > n || placed[usize::from(d)] + 2 * k > n {
                continue;
            }
            if let Some((held, used)) = state.template_squares(d, memo) {
                if held == used {
                    changed &= !(1 << d);
                }
            }
        }
        let mut any = false;
        for (base_kind, cover_kind) in [
            (UnitKind::Column, UnitKind::Row),
            (UnitKind::Row, UnitKind::Column),
        ] {
            let base_units = geo.units_of_kind(base_kind);
            let cover_units = geo.units_of_kind(cover_kind);
            // Per digit, the base lines where it has two places or more: a
            // set of lines can be a fish's base only within them. A digit
            // with fewer than `k` such lines has no fish here, and a pass
            // with no digit left tries no set.
            let mut lines = [0u32; 32];
            let mut digits = 0u32;
            for d in 1..=n as u8 {
                if changed & (1 << d) == 0 || placed[usize::from(d)] + 2 * k > n {
                    continue;
                }
                let mut of_d = 0u32;
                for i in 0..n {
                    if state.positions(base_units.start + i, d).count_ones() >= 2 {
                        of_d |= 1 << i;
                    }
                }
                if of_d.count_ones() as usize >= k {
                    lines[usize::from(d)] = of_d;
                    digits |= 1 << d;
                }
            }
            if digits == 0 {
                continue;
            }
            for set in subsets(k, n) {
                for d in bits(digits) {
                    let d = d as u8;
                    if set & !lines[usize::from(d)] != 0 {
                        continue;
                    }
                    // Position i in a column is row i, and in a row column i:
                    // the union of the places names the cover lines.
                    let mut cover = 0u32;
                    for i in bits(set) {
                        cover |= state.positions(base_units.start + i, d);
                    }
                    if cover.count_ones() as usize != k {
                        continue;
                    }
                    let mut eliminations = Vec::new();
                    for j in bits(cover) {
                        for (i, &s) in geo.squares(cover_units.start + j).iter().enumerate() {
                            if set & (1 << i) == 0 && state.cands(s).contains(d) {
                                eliminations.push(geo.cand(s, d));
                            }
                        }
                    }
                    if eliminations.is_empty() {
                        continue;
                    }
                    eliminations.sort();
                    let technique =
                        [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][k - 2];
                    let mut step = Step::new(technique, self.min_difficulty());
                    if state.reasons() {
                        let base: Vec<_> =
                            bits(set).map(|i| geo.unit(base_units.start + i)).collect();
                        let covers: Vec<_> = bits(cover)
                            .map(|j| geo.unit(cover_units.start + j))
                            .collect();
                        step.evidence.candidates = bits(set)
                            .flat_map(|i| geo.squares(base_units.start + i).iter())
                            .filter(|&&s| state.cands(s).contains(d))
                            .map(|&s| geo.cand(s, d))
                            .collect();
                        step.evidence.candidates.sort();
                        step.evidence.squares =
                            step.evidence.candidates.iter().map(|c| c.square).collect();
                        step.text = format!(
                            "{} on {}: in {} it can only go in {}, so {}",
                            technique.name(),
                            Digit(d),
                            and_list(&base),
                            and_list(&covers),
                            removal_text(&eliminations)
                        );
                        step.evidence.base = base;
                        step.evidence.cover = covers;
                    }
                    step.eliminations = eliminations;
                    any = true;
                    found(step)?;
                }
            }
        }
        if !any {
            since_barren::keep_barren(cache, slot, state);
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::random_marks;
    use crate::logic::units::Cand;
    use crate::shape::{Shape, Size, Variant};
    use rand::{Rng, SeedableRng};

    /// SE's scan written plainly: every set of `k` base lines in order, every
    /// digit not placed too often, each line of the set asked for its
    /// places; what each fish removes.
    fn plain_search(state: &State, k: usize) -> Vec<Vec<Cand>> {
        let geo = state.geometry();
        let n = state.shape().side();
        let mut said = Vec::new();
        for (base_kind, cover_kind) in [
            (UnitKind::Column, UnitKind::Row),
            (UnitKind::Row, UnitKind::Column),
        ] {
            let (base, cover) = (geo.units_of_kind(base_kind), geo.units_of_kind(cover_kind));
            for set in subsets(k, n) {
                for d in 1..=n as u8 {
                    if state.placed_count(d) + 2 * k > n {
                        continue;
                    }
                    let places: Vec<u32> = bits(set)
                        .map(|i| state.positions(base.start + i, d))
                        .collect();
                    let union = places.iter().fold(0, |all, p| all | p);
                    if places.iter().any(|p| p.count_ones() < 2) || union.count_ones() as usize != k
                    {
                        continue;
                    }
                    let mut removed: Vec<Cand> = bits(union)
                        .flat_map(|j| geo.squares(cover.start + j).iter().enumerate())
                        .filter(|&(i, &s)| set & (1 << i) == 0 && state.cands(s).contains(d))
                        .map(|(_, &s)| geo.cand(s, d))
                        .collect();
                    removed.sort();
                    if !removed.is_empty() {
                        said.push(removed);
                    }
                }
            }
        }
        said
    }

    /// Checks that the search finds on `state` the fish of size `k` the
    /// plain scan finds, in its order; how many.
    fn same_as_plain(state: &State, k: usize) -> usize {
        let fast: Vec<Vec<Cand>> = Fish { size: k }
            .all(state)
            .into_iter()
            .map(|step| step.eliminations)
            .collect();
        assert_eq!(fast, plain_search(state, k), "size {k}");
        fast.len()
    }

    /// A state whose digits mostly have two or three places per line, so
    /// that fish and near misses abound.
    fn random_state(shape: &'static Shape, rng: &mut impl Rng) -> State {
        let n = shape.side();
        random_marks::state(shape, n as u8, rng, |rng| rng.gen_range(1..=3.min(n)))
    }

    #[test]
    fn the_lines_a_digit_can_base_a_fish_on_leave_out_no_fish() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut found = [0; 3];
        for size in [Size::Four, Size::Six, Size::Nine, Size::Sixteen] {
            let shape = Shape::of(size, Variant::Standard);
            for _ in 0..40 {
                let state = random_state(shape, &mut rng);
                for k in 2..=4 {
                    found[k - 2] += same_as_plain(&state, k);
                }
            }
        }
        assert!(found.iter().all(|&f| f >= 20), "{found:?} fish");
    }

    /// Along real paths, where the templates let the search pass over
    /// digits, it still finds every fish the plain scan finds.
    #[test]
    fn the_digits_the_templates_pass_over_hold_no_fish() {
        let (mut passed_over, mut found) = (0, 0);
        let mut memo = crate::logic::templates::UsedMemo::default();
        for puzzle in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        ] {
            for state in crate::logic::solver::se_path_states(puzzle) {
                for d in 1..=9 {
                    let (held, used) = state.template_squares(d, &mut memo).unwrap();
                    passed_over += usize::from(held != 0 && held == used);
                }
                for k in 2..=4 {
                    found += same_as_plain(&state, k);
                }
            }
        }
        assert!(passed_over > 100 && found > 0, "{passed_over} {found}");
    }
}
