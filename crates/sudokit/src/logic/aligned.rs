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
use super::{Finder, Found, State, Technique};
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
        // The squares that can take part, each with its excluders.
        let mut squares = Vec::new();
        let mut excluders: Vec<Vec<usize>> = Vec::new();
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
            let ex: Vec<usize> = peers
                .iter()
                .copied()
                .filter(|&p| (2..=k).contains(&state.cands(p).len()))
                .collect();
            if !ex.is_empty() {
                squares.push(s);
                excluders.push(ex);
            }
        }
        if squares.len() < k {
            return ControlFlow::Continue(());
        }
        // Pairs in increasing order of the later square, as SE takes them.
        let pairs = (1..squares.len()).flat_map(|i1| (0..i1).map(move |i0| (i0, i1)));
        for (i0, i1) in pairs {
            let mut groups: Vec<Vec<usize>> = Vec::new();
            if k == 2 {
                groups.push(vec![i0, i1]);
            } else {
                let mut area: Vec<usize> = Vec::new();
                for &e in excluders[i0].iter().chain(&excluders[i1]) {
                    if let Some(j) = squares.iter().position(|&s| s == e) {
                        if j != i0 && j != i1 && !area.contains(&j) {
                            area.push(j);
                        }
                    }
                }
                groups.extend(area.into_iter().map(|j| vec![i0, i1, j]));
            }
            for group in groups {
                if let Some(step) = exclusion(
                    state,
                    &group.iter().map(|&i| squares[i]).collect::<Vec<_>>(),
                    &group.iter().map(|&i| &excluders[i][..]).collect::<Vec<_>>(),
                ) {
                    found(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The step for one group of squares, if some candidate fits no possible way.
fn exclusion(state: &State, cells: &[usize], excluders: &[&[usize]]) -> Option<Step> {
    let geo = state.geometry();
    let common: Vec<usize> = excluders[0]
        .iter()
        .copied()
        .filter(|e| excluders[1..].iter().all(|x| x.contains(e)))
        .collect();
    if common.len() < 2 {
        return None;
    }
    let options: Vec<Vec<u8>> = cells
        .iter()
        .map(|&s| state.cands(s).iter().collect())
        .collect();
    let mut used = vec![Digits::EMPTY; cells.len()];
    let mut pick = vec![0usize; cells.len()];
    loop {
        let digits: Vec<u8> = pick.iter().zip(&options).map(|(&i, o)| o[i]).collect();
        let clash = (0..cells.len()).any(|a| {
            (a + 1..cells.len()).any(|b| digits[a] == digits[b] && geo.sees(cells[a], cells[b]))
        });
        let taken = digits
            .iter()
            .fold(Digits::EMPTY, |acc, &d| acc.union(Digits::single(d)));
        let emptied = common
            .iter()
            .any(|&e| state.cands(e).without(taken).is_empty());
        if !clash && !emptied {
            for (u, &d) in used.iter_mut().zip(&digits) {
                u.insert(d);
            }
        }
        // Next combination, like an odometer.
        let mut z = 0;
        while z < cells.len() {
            pick[z] += 1;
            if pick[z] < options[z].len() {
                break;
            }
            pick[z] = 0;
            z += 1;
        }
        if z == cells.len() {
            break;
        }
    }
    let eliminations: Vec<Cand> = cells
        .iter()
        .zip(&used)
        .flat_map(|(&s, &u)| geo.cands(s, state.cands(s).without(u)))
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
