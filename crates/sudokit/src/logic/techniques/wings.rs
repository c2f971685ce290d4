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
        for pivot in 0..shape.square_count() {
            let xy = state.cands(pivot);
            if xy.len() != pivot_size {
                continue;
            }
            for &a in geo.peers(pivot) {
                let xz = state.cands(a);
                if xz.len() != 2 || xy.without(xz).len() != 1 {
                    continue;
                }
                for &b in geo.peers(pivot) {
                    let yz = state.cands(b);
                    if yz.len() != 2 {
                        continue;
                    }
                    let union = xy.union(xz).union(yz);
                    let common = xy.intersection(xz).intersection(yz);
                    let wanted_common = if self.xyz { 1 } else { 0 };
                    if union.len() != 3 || common.len() != wanted_common {
                        continue;
                    }
                    let Some(z) = xz.intersection(yz).iter().next() else {
                        continue;
                    };
                    let mut eliminations: Vec<Cand> = (0..shape.square_count())
                        .filter(|&s| s != pivot && s != a && s != b)
                        .filter(|&s| {
                            geo.sees(s, a) && geo.sees(s, b) && (!self.xyz || geo.sees(s, pivot))
                        })
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
