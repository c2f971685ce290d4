//! Aligned exclusion: aligned pair exclusion (6.2) and aligned triplet
//! exclusion (7.5).
//!
//! Take two (or three) squares and try every way of filling them from their
//! candidates. A way is impossible when two of them that see each other
//! get the same digit, or when it takes every candidate of an **excluder**,
//! a square of 2 (or up to 3) candidates that sees all of them. A candidate
//! used by no possible way can be removed.
//!
//! ```text
//!  A1 = 1,2,3 and A5 = 1,2 see the excluders C2 = 1,3 and B5... :
//!  A1=1 with A5=2 is fine, A1=3 with A5=1 empties C2 = 1,3, ...
//! ```
//!
//! Sudoku Explainer's search, followed here: the squares with two or more
//! candidates, none of whose peers is an unplaced single, and at least one
//! excluder; pairs of them in increasing order of the later square; for
//! triplets, a third square among the excluders of the first two. At least
//! two common excluders are needed.
//!
//! # Doing it fast, and finding the same steps
//!
//! The rating runs this search at every step where the forcing chains find
//! nothing, and it almost never finds anything: its cost is the cost of
//! showing "nothing here" for thousands of groups a step. The search below
//! tries the same groups in the same order as SE and finds the same
//! candidates possible in each, so it offers the same steps in the same
//! order; it only answers each question more cheaply.
//!
//! 1. **Sets of squares as bit masks** (`SquareSet`): each square's peers
//!    and excluders are masks, so "the excluders of the first square that
//!    see the second" is one `and`, and a pair with fewer than two of them
//!    is dropped at once (no triplet of it has two common excluders). For
//!    the third square, only those that see two of the pair's excluders or
//!    more are tried. Walking a mask's bits goes in square order, the order
//!    SE's lists have, so third squares and excluders come in SE's order.
//! 2. **Only excluders that can be emptied**: an excluder with a digit no
//!    square of the group has is never emptied, so the rest leave it out.
//!    With none left, only two squares of the same two candidates can
//!    clash a candidate away, and most groups end there.
//! 3. **A simple way first** (`simple_ways`): for each candidate, look for
//!    a way that, for a reason easy to check, empties no excluder. When
//!    every candidate has one, nothing goes; this settles most of the rest.
//! 4. **Two squares at a time** (`possible`): rather than trying every
//!    digit of the third square for each digit of the first two, the first
//!    two digits tell at once which third digits are impossible (those the
//!    third square would clash with, and each excluder's last digit); what
//!    the third square can take is what is left of its candidates, a mask.
//! 5. **Only what changed since nothing was found**: whether a group
//!    removes something depends only on the candidates of its squares and
//!    of its excluders. The caller's cache keeps the last grid where the search
//!    found nothing (one per size, in `since_barren.rs`); on the
//!    next grid, a group none of whose
//!    squares and excluders changed since would find nothing again, and is
//!    passed over (an excluder it has lost since can only leave it more
//!    ways). Not while a square is down to one candidate not yet placed:
//!    such a square bars its peers from every group.

use crate::grid::Digits;
use crate::logic::bits::{at_most_one, bits};
use crate::logic::cache::Cache;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};
use crate::logic::techniques::since_barren;
use crate::logic::techniques::since_barren::Slot;
use crate::logic::text::{and_list, removal_text};
use crate::logic::units::Cand;
use std::ops::ControlFlow;

/// Aligned exclusion over `size` squares: 2 (pair) or 3 (triplet).
pub struct AlignedExclusion {
    /// 2 or 3.
    pub size: usize,
}

impl Finder for AlignedExclusion {
    fn min_difficulty(&self) -> u16 {
        if self.size == 2 {
            Technique::AlignedPairExclusion.difficulty().0
        } else {
            Technique::AlignedTripletExclusion.difficulty().0
        }
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        // Two words cover every grid up to 9x9 (81 squares); ten, the 625
        // squares of 25x25.
        if state.shape().square_count() <= 128 {
            AlignedSearch::<2>::new(state, self.size).run_after_last(cache, found)
        } else {
            AlignedSearch::<10>::new(state, self.size).run_after_last(cache, found)
        }
    }
}

/// A set of squares, bit `s` for square `s`, in `W` words of 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SquareSet<const W: usize>([u64; W]);

impl<const W: usize> SquareSet<W> {
    const EMPTY: SquareSet<W> = SquareSet([0; W]);

    fn insert(&mut self, s: usize) {
        self.0[s / 64] |= 1 << (s % 64);
    }

    fn remove(&mut self, s: usize) {
        self.0[s / 64] &= !(1 << (s % 64));
    }

    fn contains(self, s: usize) -> bool {
        self.0[s / 64] & (1 << (s % 64)) != 0
    }

    /// The squares in both sets.
    fn and(self, other: SquareSet<W>) -> SquareSet<W> {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The squares in either set.
    fn or(self, other: SquareSet<W>) -> SquareSet<W> {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The squares of `self` not in `other`.
    fn and_not(self, other: SquareSet<W>) -> SquareSet<W> {
        SquareSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// True when the set holds two squares or more.
    fn has_two(self) -> bool {
        let mut seen = false;
        for w in self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// The squares, in increasing order.
    fn iter(self) -> SquareSetIter<W> {
        SquareSetIter { set: self, word: 0 }
    }
}

/// The squares of a [`SquareSet`], in increasing order.
struct SquareSetIter<const W: usize> {
    set: SquareSet<W>,
    /// The word being emptied.
    word: usize,
}

impl<const W: usize> Iterator for SquareSetIter<W> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if W == 2 {
            // Up to 128 squares (9x9 grids): the two words as one number,
            // with no branch on which of them holds the next square.
            let set = &mut self.set.0;
            let both = u128::from(set[0]) | u128::from(set[1]) << 64;
            if both == 0 {
                return None;
            }
            let rest = both & (both - 1);
            (set[0], set[1]) = (rest as u64, (rest >> 64) as u64);
            return Some(both.trailing_zeros() as usize);
        }
        while self.word < W {
            let w = &mut self.set.0[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.word * 64 + bit);
            }
            self.word += 1;
        }
        None
    }
}

/// One search of a state, with its tables as square sets.
struct AlignedSearch<'a, const W: usize> {
    state: &'a State,
    /// 2 (pairs) or 3 (triplets).
    k: usize,
    /// Each square's candidates (bit `d` for digit `d`).
    cands: Vec<u32>,
    /// Each square's peers.
    peers: Vec<SquareSet<W>>,
    /// The squares whose candidates changed since a grid where the search
    /// found nothing, if it is known: only groups that take in one of them,
    /// as a square or an excluder, are tried.
    changed: Option<SquareSet<W>>,
}

impl<'a, const W: usize> AlignedSearch<'a, W> {
    fn new(state: &'a State, k: usize) -> AlignedSearch<'a, W> {
        let geo = state.geometry();
        let count = state.shape().square_count();
        let mut peers = vec![SquareSet::EMPTY; count];
        for (s, set) in peers.iter_mut().enumerate() {
            // The geometry keeps each square's peers as one 128-bit set on
            // grids that small: two words, rather than a bit per peer set
            // at every search.
            match geo.peer_bits(s) {
                Some(bits) => {
                    for (i, word) in set.0.iter_mut().take(2).enumerate() {
                        *word = (bits >> (64 * i)) as u64;
                    }
                }
                None => {
                    for &p in geo.peers(s) {
                        set.insert(p);
                    }
                }
            }
        }
        AlignedSearch {
            state,
            k,
            cands: (0..count).map(|s| state.cands(s).bits()).collect(),
            peers,
            changed: None,
        }
    }

    /// [`AlignedSearch::run`], passing over what has not changed since the last
    /// grid where the search found nothing (kept in `cache`), and keeping this grid
    /// in its place if nothing is found here.
    fn run_after_last(mut self, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        let (state, slot) = (self.state, Slot::Aligned(self.k));
        let single =
            (0..self.cands.len()).any(|s| state.value(s) == 0 && at_most_one(self.cands[s]));
        if !single {
            self.changed = since_barren::changed_squares(cache, slot, state).map(|squares| {
                let mut changed = SquareSet::EMPTY;
                for s in squares {
                    changed.insert(s);
                }
                changed
            });
        }
        let mut any = false;
        let flow = self.run(&mut |step| {
            any = true;
            found(step)
        });
        if !any && !single {
            since_barren::keep_barren(cache, slot, state);
        }
        flow
    }

    /// True when the group of `cells` with the common excluders `common`
    /// is the same as on the last grid where nothing was found.
    fn unchanged(&self, cells: &[usize], common: SquareSet<W>) -> bool {
        self.changed.is_some_and(|changed| {
            cells.iter().all(|&s| !changed.contains(s)) && common.and(changed).is_empty()
        })
    }

    /// Offers SE's groups of `k` squares that remove something, in SE's
    /// order.
    fn run(&self, found: Found<'_>) -> ControlFlow<()> {
        let (state, k) = (self.state, self.k);
        // The unplaced singles, and the squares small enough to be
        // excluders (2 to k candidates).
        let (mut singles, mut small) = (SquareSet::<W>::EMPTY, SquareSet::<W>::EMPTY);
        for s in 0..self.cands.len() {
            let n = state.cands(s).len();
            if n == 1 && state.value(s) == 0 {
                singles.insert(s);
            }
            if (2..=k).contains(&n) {
                small.insert(s);
            }
        }
        // The squares that can take part, each with its excluders.
        let mut squares = Vec::with_capacity(self.cands.len());
        let mut excluders = Vec::with_capacity(self.cands.len());
        let mut members = SquareSet::<W>::EMPTY;
        for s in 0..self.cands.len() {
            if state.cands(s).len() < 2 || !self.peers[s].and(singles).is_empty() {
                continue;
            }
            let of_s = self.peers[s].and(small);
            if !of_s.is_empty() {
                squares.push(s);
                excluders.push(of_s);
                members.insert(s);
            }
        }
        if squares.len() < k {
            return ControlFlow::Continue(());
        }
        // Where the squares that changed since the last grid without a step
        // are known: whether each square changed or sees an excluder that
        // changed. A group's excluders, and a triplet's third square, are
        // excluders of its first two squares, so a pair of which neither
        // does makes only groups found barren there, and is passed over.
        let near: Option<Vec<bool>> = self.changed.map(|changed| {
            let moved = changed.and(small);
            squares
                .iter()
                .map(|&s| changed.contains(s) || !self.peers[s].and(moved).is_empty())
                .collect()
        });
        // The squares near a change, by their place in `squares` (all
        // where nothing is known): a square that is not is paired only
        // with those that are, and one that is with all before it.
        let mut near_ones = SquareSet::<W>::EMPTY;
        for i in 0..squares.len() {
            if near.as_ref().is_none_or(|near| near[i]) {
                near_ones.insert(i);
            }
        }
        // Pairs in increasing order of the later square, as SE takes them.
        let mut pair_excluders: Vec<(usize, u32)> = Vec::new();
        let mut before = SquareSet::<W>::EMPTY;
        for i1 in 1..squares.len() {
            let s1 = squares[i1];
            before.insert(i1 - 1);
            let firsts = match near_ones.contains(i1) {
                true => before,
                false => before.and(near_ones),
            };
            for i0 in firsts.iter() {
                let s0 = squares[i0];
                // Excluders common to the group are among those of the
                // first square that see the second: fewer than two, no
                // group.
                let common = excluders[i0].and(self.peers[s1]);
                if !common.has_two() {
                    continue;
                }
                // The third square: the excluders of the first square that
                // can take part, then those of the second not seen yet,
                // each in square order. A triplet's common excluders are
                // among the pair's, so where neither square of the pair
                // nor any of its common excluders changed, only a third
                // square that changed can make a group not tried before.
                let (mut first, mut then) = (SquareSet::<W>::EMPTY, SquareSet::<W>::EMPTY);
                if k == 3 {
                    first = excluders[i0].and(members);
                    first.remove(s1);
                    then = excluders[i1].and(members).and_not(excluders[i0]);
                    then.remove(s0);
                    if let Some(changed) =
                        self.changed.filter(|_| self.unchanged(&[s0, s1], common))
                    {
                        first = first.and(changed);
                        then = then.and(changed);
                    }
                    if first.is_empty() && then.is_empty() {
                        continue;
                    }
                }
                if k == 2 && self.unchanged(&[s0, s1], common) {
                    continue;
                }
                pair_excluders.clear();
                pair_excluders.extend(common.iter().map(|e| (e, self.cands[e])));
                if k == 2 {
                    if let Some(step) = self.exclusion(&[s0, s1], common, &pair_excluders) {
                        found(step)?;
                    }
                    continue;
                }
                // The squares that see two of them or more.
                let (mut once, mut twice) = (SquareSet::<W>::EMPTY, SquareSet::<W>::EMPTY);
                for &(e, _) in &pair_excluders {
                    twice = twice.or(once.and(self.peers[e]));
                    once = once.or(self.peers[e]);
                }
                for s2 in first.and(twice).iter().chain(then.and(twice).iter()) {
                    let common = common.and(self.peers[s2]);
                    if self.unchanged(&[s0, s1, s2], common) {
                        continue;
                    }
                    if let Some(step) = self.exclusion(&[s0, s1, s2], common, &pair_excluders) {
                        found(step)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The step for one group of squares, if some candidate fits no
    /// possible way; `common` are the excluders that see every square of
    /// the group (two or more), `of_pair` those that see the first two,
    /// each with its candidates.
    fn exclusion(
        &self,
        cells: &[usize],
        common: SquareSet<W>,
        of_pair: &[(usize, u32)],
    ) -> Option<Step> {
        let n = cells.len();
        let mut cands = [0u32; 3];
        for (z, &s) in cells.iter().enumerate() {
            cands[z] = self.cands[s];
        }
        if n == 2 {
            // A third square with one dummy digit: bit 0, which no square
            // has.
            cands[2] = 1;
        }
        // The excluders' candidates, as masks, but for those with a digit
        // no square of the group has: no way can empty those. (Two squares
        // share 43 peers at most, on 25x25.)
        let all = cands[0] | cands[1] | cands[2];
        let mut masks = [0u32; 64];
        let (mut kept, mut held) = (0, 0);
        // (Kept without a branch: whether each is kept is hard to guess.)
        for &(e, m) in of_pair.iter().take(masks.len()) {
            let keep = m & !all == 0 && (n == 2 || self.peers[cells[2]].contains(e));
            masks[kept] = m;
            kept += usize::from(keep);
            held |= m & 0u32.wrapping_sub(u32::from(keep));
        }
        let excluders = &masks[..kept];
        // With no excluder that can be emptied, only clashes remove
        // anything, and that takes two squares with the same two
        // candidates (any other digit of a square leaves a way).
        let twin = |a: usize, b: usize| cands[a] == cands[b] && is_two(cands[a]);
        if kept == 0 && !(twin(0, 1) || twin(0, 2) || twin(1, 2)) {
            return None;
        }
        if simple_ways(cands, cands.map(|c| c & !held), excluders) {
            return None;
        }
        let sees = |a: usize, b: usize| n > b && self.peers[cells[a]].contains(cells[b]);
        let used = possible(cands, [sees(0, 1), sees(0, 2), sees(1, 2)], excluders);
        if used == cands {
            return None;
        }
        self.step(cells, common, used)
    }

    /// The step that removes from `cells` what `used` leaves out.
    fn step(&self, cells: &[usize], common: SquareSet<W>, used: [u32; 3]) -> Option<Step> {
        let (state, geo) = (self.state, self.state.geometry());
        let eliminations: Vec<Cand> = cells
            .iter()
            .zip(&used)
            .flat_map(|(&s, &u)| geo.cands(s, state.cands(s).without(Digits::from_bits(u))))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let technique = if cells.len() == 2 {
            Technique::AlignedPairExclusion
        } else {
            Technique::AlignedTripletExclusion
        };
        let mut step = Step::new(technique, technique.difficulty().0);
        if !state.reasons() {
            step.eliminations = eliminations;
            return Some(step);
        }
        let common: Vec<usize> = common.iter().collect();
        let names: Vec<_> = cells.iter().map(|&s| geo.square(s)).collect();
        let ex_names: Vec<_> = common.iter().map(|&s| geo.square(s)).collect();
        step.evidence.squares = names.iter().chain(&ex_names).copied().collect();
        step.evidence.candidates = cells
            .iter()
            .chain(&common)
            .flat_map(|&s| geo.cands(s, state.cands(s)))
            .collect();
        step.text = format!(
            "{} on {}: every way to fill them that uses these candidates clashes or empties one of the excluders {}, so {}",
            technique.name(),
            and_list(&names),
            and_list(&ex_names),
            removal_text(&eliminations)
        );
        step.eliminations = eliminations;
        Some(step)
    }
}

/// True when every candidate of the group is shown possible by a way of a
/// simple kind, which settles most groups without trying every way (and
/// then nothing can be removed). `free[z]` are square z's candidates that
/// no excluder has; `excluders` the excluders' candidates.
///
/// The kind: a digit `d` of one square, a free digit `x` of a second, any
/// digit `y` of the third, all different (so nothing clashes). An excluder
/// emptied by `d`, `x` and `y` would hold only those digits, and not `x`,
/// which no excluder holds: it would be `d` and `y` exactly. So the way is
/// possible when no excluder is `{d, y}`.
fn simple_ways(cands: [u32; 3], free: [u32; 3], excluders: &[u32]) -> bool {
    // For each digit, the digits it makes an excluder of two digits with.
    let mut partners = [0u32; 32];
    for &m in excluders {
        let (low, high) = (m & m.wrapping_neg(), m & (m - 1));
        if at_most_one(high) {
            partners[low.trailing_zeros() as usize] |= high;
            partners[high.trailing_zeros() as usize] |= low;
        }
    }
    // Two different digits, one from each mask.
    let two = |x: u32, y: u32| x != 0 && y != 0 && !(x == y && at_most_one(x));
    [(0, 1, 2), (1, 0, 2), (2, 0, 1)].iter().all(|&(z, a, b)| {
        bits(cands[z]).all(|d| {
            let bit = 1u32 << d;
            let (others, ok) = (!bit, !(bit | partners[d]));
            two(free[a] & others, cands[b] & ok) || two(free[b] & others, cands[a] & ok)
        })
    })
}

/// True when `mask` has exactly two bits.
fn is_two(mask: u32) -> bool {
    mask != 0 && !at_most_one(mask) && at_most_one(mask & (mask - 1))
}

/// The digits each square of a group takes in some possible way, as masks
/// (bit `d` of `used[z]` when square `z` can be `d`): `cands` are the
/// squares' candidates, `sees` whether squares 0 and 1, 0 and 2, 1 and 2
/// see each other, `excluders` the candidates of the common excluders.
///
/// Each pair of digits for the first two squares that do not clash rules
/// out, for the third square, the digits it would clash with and the one
/// digit each excluder has left, or all of them if an excluder is already
/// empty; the third square takes what is left of its candidates. Stops as
/// soon as every candidate has a possible way (nothing to remove).
fn possible(cands: [u32; 3], sees: [bool; 3], excluders: &[u32]) -> [u32; 3] {
    let mut used = [0u32; 3];
    for d0 in bits(cands[0]) {
        let b0 = 1u32 << d0;
        for d1 in bits(cands[1]) {
            let b1 = 1u32 << d1;
            if b0 == b1 && sees[0] {
                continue;
            }
            let two = b0 | b1;
            let mut ruled_out = 0;
            if sees[1] {
                ruled_out |= b0;
            }
            if sees[2] {
                ruled_out |= b1;
            }
            for &m in excluders {
                let left = m & !two;
                if left == 0 {
                    ruled_out = !0;
                    break;
                }
                if at_most_one(left) {
                    ruled_out |= left;
                }
            }
            let third = cands[2] & !ruled_out;
            if third != 0 {
                used[0] |= b0;
                used[1] |= b1;
                used[2] |= third;
            }
        }
        if used == cands {
            break;
        }
    }
    used
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::random_marks;
    use crate::logic::units::Square;
    use crate::shape::{Shape, Size, Variant};
    use rand::{Rng, SeedableRng};

    /// What a step says: what it removes, and the squares it names (the
    /// group, then the common excluders).
    type Said = (Vec<Cand>, Vec<Square>);

    #[test]
    fn square_sets_give_their_squares_in_order_whatever_their_size() {
        let squares = [0, 5, 63, 64, 80, 127];
        let (mut two, mut ten) = (SquareSet::<2>::EMPTY, SquareSet::<10>::EMPTY);
        for s in squares {
            two.insert(s);
            ten.insert(s);
        }
        ten.insert(600);
        assert_eq!(two.iter().collect::<Vec<_>>(), squares);
        assert_eq!(
            ten.iter().collect::<Vec<_>>(),
            [&squares[..], &[600]].concat()
        );
        assert_eq!(SquareSet::<2>::EMPTY.iter().next(), None);
    }

    #[test]
    fn a_search_after_a_barren_grid_finds_what_a_fresh_one_finds() {
        // A puzzle (magictour_top1465) whose path takes an aligned triplet
        // exclusion, after many grids where the search finds nothing.
        let grid = crate::parse_grid(
            "57..8.4.........3...32..1.5...4.8........5...2.7.....19.1.....4.8.7.9.....2....6.",
            crate::ParseOptions::default(),
        )
        .unwrap();
        let mut state = State::from_puzzle(&grid);
        let path =
            crate::logic::solver::explain(&mut Cache::new(), &state, crate::logic::Order::Se);
        let (mut after_barren, mut found_after_barren) = (0, 0);
        // One cache along the path, as a rater keeps it.
        let mut cache = Cache::new();
        for step in &path.steps {
            for finder in [AlignedExclusion { size: 2 }, AlignedExclusion { size: 3 }] {
                let slot = Slot::Aligned(finder.size);
                let barren_before =
                    since_barren::changed_squares(&mut cache, slot, &state).is_some();
                let remembering = finder.all_with(&state, &mut cache);
                assert_eq!(remembering, finder.all(&state), "size {}", finder.size);
                after_barren += usize::from(barren_before);
                if barren_before && !remembering.is_empty() {
                    found_after_barren += 1;
                }
            }
            state.apply(step);
        }
        assert!(after_barren > 20 && found_after_barren > 0);
    }

    #[test]
    fn pairs_that_see_no_changed_excluder_are_passed_over_only_where_barren() {
        // norvig_top95 puzzles whose paths run the search at many steps
        // before their dynamic chains: along each, a search that passes
        // over pairs by what changed since the last barren grid finds what
        // a fresh one finds.
        let (mut after_barren, mut steps) = (0, 0);
        for puzzle in [
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
            ".47.2....8....1....3....9.2.....5...6..81..5.....4.....7....3.4...9...1.4..27.8..",
            ".5..9....1.....6.....3.8.....8.4...9514.......3....2..........4.8...6..77..15..6.",
        ] {
            let grid = crate::parse_grid(puzzle, crate::ParseOptions::default()).unwrap();
            let mut state = State::from_puzzle(&grid);
            let path =
                crate::logic::solver::explain(&mut Cache::new(), &state, crate::logic::Order::Se);
            let mut cache = Cache::new();
            for step in &path.steps {
                for finder in [AlignedExclusion { size: 2 }, AlignedExclusion { size: 3 }] {
                    let slot = Slot::Aligned(finder.size);
                    let known = since_barren::changed_squares(&mut cache, slot, &state).is_some();
                    let remembering = finder.all_with(&state, &mut cache);
                    assert_eq!(remembering, finder.all(&state), "size {}", finder.size);
                    after_barren += usize::from(known);
                    steps += remembering.len();
                }
                state.apply(step);
            }
        }
        assert!(after_barren > 100 && steps > 0, "{after_barren} {steps}");
    }

    /// SE's search written as plainly as it can be, for checking the fast
    /// one: every group in SE's order, and for each every way to fill it.
    fn plain_search(state: &State, k: usize) -> Vec<Said> {
        let geo = state.geometry();
        let len = |s: usize| state.cands(s).len();
        let excluders_of = |s: usize| -> Vec<usize> {
            let peers = geo.peers(s).iter().copied();
            peers.filter(|&p| (2..=k).contains(&len(p))).collect()
        };
        let single_beside = |s: usize| {
            geo.peers(s)
                .iter()
                .any(|&p| state.value(p) == 0 && len(p) == 1)
        };
        let squares: Vec<usize> = (0..state.shape().square_count())
            .filter(|&s| len(s) >= 2 && !single_beside(s) && !excluders_of(s).is_empty())
            .collect();
        let mut said = Vec::new();
        for i1 in 1..squares.len() {
            for i0 in 0..i1 {
                let (s0, s1) = (squares[i0], squares[i1]);
                let mut groups = Vec::new();
                if k == 2 {
                    groups.push(vec![s0, s1]);
                } else {
                    let mut thirds = Vec::new();
                    for e in excluders_of(s0).into_iter().chain(excluders_of(s1)) {
                        if e != s0 && e != s1 && squares.contains(&e) && !thirds.contains(&e) {
                            thirds.push(e);
                        }
                    }
                    groups.extend(thirds.into_iter().map(|s2| vec![s0, s1, s2]));
                }
                for cells in groups {
                    let sees_all = |e: usize| cells[1..].iter().all(|&c| geo.sees(c, e));
                    let common: Vec<usize> = excluders_of(s0)
                        .into_iter()
                        .filter(|&e| sees_all(e))
                        .collect();
                    if common.len() < 2 {
                        continue;
                    }
                    // Every way: the digits of each square, one after the
                    // other, as a counter.
                    let digits: Vec<Vec<u8>> = cells
                        .iter()
                        .map(|&s| state.cands(s).iter().collect())
                        .collect();
                    let mut used = vec![Digits::EMPTY; cells.len()];
                    let mut at = vec![0; cells.len()];
                    'ways: loop {
                        let way: Vec<u8> = (0..cells.len()).map(|z| digits[z][at[z]]).collect();
                        let clash = (0..cells.len()).any(|a| {
                            (a + 1..cells.len())
                                .any(|b| way[a] == way[b] && geo.sees(cells[a], cells[b]))
                        });
                        let empties = common
                            .iter()
                            .any(|&e| state.cands(e).iter().all(|d| way.contains(&d)));
                        if !clash && !empties {
                            for (z, &d) in way.iter().enumerate() {
                                used[z].insert(d);
                            }
                        }
                        for z in (0..cells.len()).rev() {
                            at[z] += 1;
                            if at[z] < digits[z].len() {
                                continue 'ways;
                            }
                            at[z] = 0;
                        }
                        break;
                    }
                    let removed: Vec<Cand> = cells
                        .iter()
                        .zip(&used)
                        .flat_map(|(&s, &u)| geo.cands(s, state.cands(s).without(u)))
                        .collect();
                    if !removed.is_empty() {
                        let named = cells.iter().chain(&common).map(|&s| geo.square(s));
                        said.push((removed, named.collect()));
                    }
                }
            }
        }
        said
    }

    /// A state of `shape` with random marks from the digits 1 to `n`: a few
    /// singles, `small` percent of squares with two or three candidates
    /// (the excluders), the others with four or more.
    fn random_state(shape: &'static Shape, n: usize, small: u32, rng: &mut impl Rng) -> State {
        random_marks::state(shape, n as u8, rng, |rng| {
            let percent = rng.gen_range(0..100);
            if percent < 2 {
                1
            } else if percent < 2 + small {
                rng.gen_range(2..=3)
            } else {
                rng.gen_range(4..=n.max(4))
            }
            .min(n)
        })
    }

    #[test]
    fn the_fast_search_says_what_the_plain_one_says_in_its_order() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut found = [0; 2];
        for size in [Size::Four, Size::Six, Size::Nine, Size::Sixteen] {
            for variant in [Variant::Standard, Variant::Diagonal] {
                let shape = Shape::of(size, variant);
                // On the large grid, fewer excluders keep the plain search
                // quick, and fewer digits let some of them be emptied.
                let (rounds, digits, small) = if size == Size::Sixteen {
                    (2, 6, 12)
                } else {
                    (10, shape.side(), 40)
                };
                for _ in 0..rounds {
                    let state = random_state(shape, digits, small, &mut rng);
                    for (i, k) in [2, 3].into_iter().enumerate() {
                        let mut fast = Vec::new();
                        let _ = AlignedExclusion { size: k }.find(
                            &state,
                            &mut Cache::new(),
                            &mut |step| {
                                fast.push((step.eliminations, step.evidence.squares));
                                ControlFlow::Continue(())
                            },
                        );
                        let plain = plain_search(&state, k);
                        assert_eq!(fast, plain, "{size:?} {variant:?} size {k}");
                        found[i] += fast.len();
                    }
                }
            }
        }
        assert!(found.iter().all(|&f| f >= 20), "{found:?} steps");
    }
}
