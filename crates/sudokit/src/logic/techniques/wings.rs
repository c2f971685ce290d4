//! Wings: three squares of two or three candidates that trap a digit.
//!
//! - **XY-wing** (4.2): a pivot with candidates `xy` sees two pincers,
//!   `xz` and `yz`. Whichever digit the pivot takes, one pincer becomes `z`,
//!   so a square that sees both pincers cannot be `z`.
//! - **XYZ-wing** (4.4): the pivot holds `xyz`. Now the pivot may be `z`
//!   itself, so only squares that see all three lose `z`.
//!
//! ```text
//!  XY-wing: pivot B2 = 12, pincers B8 = 13 and H2 = 23
//!  . . . | . . . | . . .
//!  . 12. | . . . | . 13.     H8 sees both pincers: it cannot be 3
//!  ...
//!  . 23. | . . . | . x .
//! ```
//!
//! Scan (Sudoku Explainer): pivots square by square; for each, the pincers
//! among its peers in square order.

use crate::logic::cache::Cache;
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};
use crate::logic::text::{removal_text, Digit};
use crate::logic::units::Cand;
use std::ops::ControlFlow;

/// XY-wing (`xyz == false`) or XYZ-wing.
pub struct Wing {
    /// True for the XYZ-wing, whose pivot holds all three digits.
    pub xyz: bool,
}

impl Finder for Wing {
    fn min_difficulty(&self) -> u16 {
        if self.xyz {
            Technique::XyzWing.difficulty().0
        } else {
            Technique::XyWing.difficulty().0
        }
    }

    fn find(&self, state: &State, _cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        let geo = state.geometry();
        let shape = state.shape();
        let pivot_size = if self.xyz { 3 } else { 2 };
        // Each square's number of candidates, counted once: the scan asks
        // it of every peer of every pivot.
        let sizes: Vec<usize> = (0..shape.square_count())
            .map(|s| state.cands(s).len())
            .collect();
        // A pivot's possible pincers, in square order: peers of two
        // candidates holding all the pivot's but one. (Both pincers of a
        // wing are such peers: otherwise the three squares would hold four
        // digits, or, in an XY-wing, a digit all three share.)
        let mut pincers: Vec<usize> = Vec::new();
        for pivot in 0..shape.square_count() {
            let xy = state.cands(pivot);
            if sizes[pivot] != pivot_size {
                continue;
            }
            pincers.clear();
            pincers.extend(
                geo.peers(pivot)
                    .iter()
                    .filter(|&&a| sizes[a] == 2 && xy.without(state.cands(a)).len() == 1),
            );
            for &a in &pincers {
                let xz = state.cands(a);
                for &b in &pincers {
                    let yz = state.cands(b);
                    let union = xy.union(xz).union(yz);
                    let common = xy.intersection(xz).intersection(yz);
                    let wanted_common = if self.xyz { 1 } else { 0 };
                    if union.len() != 3 || common.len() != wanted_common {
                        continue;
                    }
                    let Some(z) = xz.intersection(yz).iter().next() else {
                        continue;
                    };
                    let sees_all = |s: usize| {
                        geo.sees(s, a) && geo.sees(s, b) && (!self.xyz || geo.sees(s, pivot))
                    };
                    // On grids of 128 squares or fewer, the squares that see
                    // the pincers (and the pivot) are one AND of peer sets.
                    let seeing: Vec<usize> =
                        match (geo.peer_bits(a), geo.peer_bits(b), geo.peer_bits(pivot)) {
                            (Some(pa), Some(pb), Some(pp)) => {
                                let mut set = pa & pb & if self.xyz { pp } else { !0 };
                                set &= !(1 << pivot | 1 << a | 1 << b);
                                std::iter::from_fn(|| {
                                    (set != 0).then(|| {
                                        let s = set.trailing_zeros() as usize;
                                        set &= set - 1;
                                        s
                                    })
                                })
                                .collect()
                            }
                            _ => (0..shape.square_count())
                                .filter(|&s| s != pivot && s != a && s != b && sees_all(s))
                                .collect(),
                        };
                    let mut eliminations: Vec<Cand> = seeing
                        .into_iter()
                        .filter(|&s| state.cands(s).contains(z))
                        .map(|s| geo.cand(s, z))
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    eliminations.sort();
                    let technique = if self.xyz {
                        Technique::XyzWing
                    } else {
                        Technique::XyWing
                    };
                    let mut step = Step::new(technique, self.min_difficulty());
                    if state.reasons() {
                        let (p, pa, pb) = (geo.square(pivot), geo.square(a), geo.square(b));
                        step.evidence.pivot = Some(p);
                        step.evidence.pincers = vec![pa, pb];
                        step.evidence.squares = vec![p, pa, pb];
                        for s in [pivot, a, b] {
                            for d in state.cands(s).iter() {
                                step.evidence.candidates.push(geo.cand(s, d));
                            }
                        }
                        step.text = format!(
                            "{} with pivot {p} ({xy}) and pincers {pa} ({xz}) and {pb} ({yz}): one of them is {z}, so {}",
                            technique.name(),
                            removal_text(&eliminations),
                            z = Digit(z),
                        );
                    }
                    step.eliminations = eliminations;
                    found(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::techniques::random_marks;
    use crate::shape::{Shape, Size, Variant};
    use rand::{Rng, SeedableRng};

    /// SE's scan written plainly: every pivot, every pair of peers as
    /// pincers, every square of the grid asked whether it sees them.
    fn plain_search(state: &State, xyz: bool) -> Vec<Vec<Cand>> {
        let geo = state.geometry();
        let count = state.shape().square_count();
        let mut said = Vec::new();
        for pivot in 0..count {
            let xy = state.cands(pivot);
            if xy.len() != if xyz { 3 } else { 2 } {
                continue;
            }
            for &a in geo.peers(pivot) {
                for &b in geo.peers(pivot) {
                    let (xz, yz) = (state.cands(a), state.cands(b));
                    if xz.len() != 2 || yz.len() != 2 || xy.without(xz).len() != 1 {
                        continue;
                    }
                    let common = xy.intersection(xz).intersection(yz);
                    if xy.union(xz).union(yz).len() != 3 || common.len() != usize::from(xyz) {
                        continue;
                    }
                    let Some(z) = xz.intersection(yz).iter().next() else {
                        continue;
                    };
                    let mut removed: Vec<Cand> = (0..count)
                        .filter(|&s| ![pivot, a, b].contains(&s))
                        .filter(|&s| geo.sees(s, a) && geo.sees(s, b))
                        .filter(|&s| !xyz || geo.sees(s, pivot))
                        .filter(|&s| state.cands(s).contains(z))
                        .map(|s| geo.cand(s, z))
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

    #[test]
    fn the_squares_seeing_the_pincers_as_peer_sets_are_those_the_scan_finds() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut found = [0; 2];
        for size in [Size::Four, Size::Six, Size::Nine, Size::Sixteen] {
            for variant in [Variant::Standard, Variant::Diagonal] {
                let shape = Shape::of(size, variant);
                let n = shape.side();
                for _ in 0..20 {
                    let state = random_marks::state(shape, 4.min(n) as u8, &mut rng, |rng| {
                        rng.gen_range(2..=4.min(n))
                    });
                    for (i, xyz) in [false, true].into_iter().enumerate() {
                        let fast: Vec<Vec<Cand>> = Wing { xyz }
                            .all(&state)
                            .into_iter()
                            .map(|step| step.eliminations)
                            .collect();
                        assert_eq!(fast, plain_search(&state, xyz), "{size:?} {variant:?}");
                        found[i] += fast.len();
                    }
                }
            }
        }
        assert!(found.iter().all(|&f| f >= 20), "{found:?} wings");
    }
}
