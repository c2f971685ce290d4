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
//! excluder; pairs of them in increasing order; for triplets, a third square
//! among the excluders of the first two. At least two common excluders are
//! needed.

use super::step::{and_list, removal_text, Step};
use super::units::Cand;
use super::{bits, Finder, Found, State, Technique};
use crate::grid::Digits;
use std::ops::ControlFlow;

/// Aligned exclusion over `size` squares: 2 (pair) or 3 (triplet).
pub struct AlignedExclusion {
    /// 2 or 3.
    pub size: usize,
}

impl Finder for AlignedExclusion {
    fn min_difficulty(&self) -> u16 {
        if self.size == 2 {
            62
        } else {
            75
        }
    }

    fn find(&self, state: &State, found: Found<'_>) -> ControlFlow<()> {
        let geo = state.geometry();
        let k = self.size;
        // The squares that can take part, each with its excluders (kept in
        // one list, `excluders[from[i]..from[i + 1]]` for the i-th square).
        let mut squares = Vec::new();
        let mut excluders = Vec::new();
        let mut from = vec![0];
        for s in 0..state.shape().square_count() {
            if state.cands(s).len() < 2 {
                continue;
            }
            let peers = geo.peers(s);
            if peers
                .iter()
                .any(|&p| state.value(p) == 0 && state.cands(p).len() == 1)
            {
                continue;
            }
            let before = excluders.len();
            excluders.extend(
                peers
                    .iter()
                    .copied()
                    .filter(|&p| (2..=k).contains(&state.cands(p).len())),
            );
            if excluders.len() > before {
                squares.push(s);
                from.push(excluders.len());
            }
        }
        if squares.len() < k {
            return ControlFlow::Continue(());
        }
        let excluders_of = |i: usize| &excluders[from[i]..from[i + 1]];
        // Where each square stands in `squares`, to find the third square
        // of a triplet among the excluders of the first two.
        let mut index = vec![usize::MAX; state.shape().square_count()];
        for (i, &s) in squares.iter().enumerate() {
            index[s] = i;
        }
        let mut area: Vec<usize> = Vec::new();
        let mut pair: Vec<usize> = Vec::new();
        // Pairs in increasing order of the later square, as SE takes them.
        for i1 in 1..squares.len() {
            for i0 in 0..i1 {
                if k == 2 {
                    let cells = [squares[i0], squares[i1]];
                    if let Some(step) = exclusion(state, &cells, excluders_of(i0)) {
                        found(step)?;
                    }
                    continue;
                }
                // Excluders common to all three are common to the first two:
                // a pair with fewer than two of those has no triplet.
                pair.clear();
                pair.extend(
                    excluders_of(i0)
                        .iter()
                        .filter(|&&e| geo.sees(squares[i1], e)),
                );
                if pair.len() < 2 {
                    continue;
                }
                area.clear();
                for &e in excluders_of(i0).iter().chain(excluders_of(i1)) {
                    let j = index[e];
                    if j != usize::MAX && j != i0 && j != i1 && !area.contains(&j) {
                        area.push(j);
                    }
                }
                for &j in &area {
                    let cells = [squares[i0], squares[i1], squares[j]];
                    if let Some(step) = exclusion(state, &cells, &pair) {
                        found(step)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The step for one group of squares, if some candidate fits no possible
/// way. `first_excluders` are the excluders of the first square, in order;
/// the common ones are those that see every square of the group.
fn exclusion(state: &State, cells: &[usize], first_excluders: &[usize]) -> Option<Step> {
    let geo = state.geometry();
    let is_common = |e: usize| cells[1..].iter().all(|&c| geo.sees(c, e));
    // The common excluders' candidates, as masks (at most a square's peers).
    let mut common = [0u32; 80];
    let mut count = 0;
    for &e in first_excluders {
        if is_common(e) && count < common.len() {
            common[count] = state.cands(e).bits();
            count += 1;
        }
    }
    if count < 2 {
        return None;
    }
    let common = &common[..count];
    // Try every way to fill the cells and note the digits each cell takes
    // in a possible way; stop as soon as every candidate has one (then
    // nothing can go, which is the usual case).
    let n = cells.len();
    let mut cands = [0u32; 3];
    for (z, &s) in cells.iter().enumerate() {
        cands[z] = state.cands(s).bits();
    }
    if n == 2 {
        // A third square with one dummy digit: bit 0, which no square has.
        cands[2] = 1;
    }
    let sees = [
        geo.sees(cells[0], cells[1]),
        n == 3 && geo.sees(cells[0], cells[2]),
        n == 3 && geo.sees(cells[1], cells[2]),
    ];
    let mut used = [0u32; 3];
    'all: for d0 in bits(cands[0]) {
        for d1 in bits(cands[1]) {
            if d0 == d1 && sees[0] {
                continue;
            }
            for d2 in bits(cands[2]) {
                if (d0 == d2 && sees[1]) || (d1 == d2 && sees[2]) {
                    continue;
                }
                let taken = (1u32 << d0) | (1 << d1) | (1 << d2);
                if common.iter().any(|&e| e & !taken == 0) {
                    continue;
                }
                used[0] |= 1 << d0;
                used[1] |= 1 << d1;
                used[2] |= 1 << d2;
                if used == cands {
                    break 'all;
                }
            }
        }
    }
    if used == cands {
        return None;
    }
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
    let mut step = Step::new(technique, if cells.len() == 2 { 62 } else { 75 });
    if !state.reasons() {
        step.eliminations = eliminations;
        return Some(step);
    }
    let common: Vec<usize> = first_excluders
        .iter()
        .copied()
        .filter(|&e| is_common(e))
        .collect();
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
