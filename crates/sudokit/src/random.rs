//! Norvig's `random_puzzle`: random digits on random squares until enough
//! are filled.
//!
//! Squares are visited in a random order; each gets a random digit among its
//! candidates, assigned with Norvig's propagation. As soon as at least
//! `min_givens` squares hold a single digit, with at least `side - 1`
//! different digits among them (8 for 9x9), the squares with one candidate
//! become the puzzle. A contradiction starts over, and so does an attempt
//! whose propagation filled every square (on 4x4 diagonal grids, 85% of
//! them; never in practice on 9x9 ones), up to 64 times: near a whole grid's
//! worth of givens nothing else can come out. After 1,000 attempts it gives
//! up with an error rather than loop for ever. As Norvig warns, such a puzzle
//! may have several solutions, or (rarely) none.
//!
//! The random source is passed in, so a seeded generator reproduces a puzzle.

use crate::engine::norvig;
use crate::grid::{Candidates, Grid};
use crate::shape::Shape;
use rand::seq::SliceRandom;
use rand::Rng;

/// Norvig's minimum number of filled squares for 9x9.
pub const NORVIG_MIN_GIVENS: usize = 17;

/// Norvig's 17 of 81 squares, as the same share (rounded up) of any shape's
/// squares: 4 on 4x4, 8 on 6x6, 17 on 9x9, 54 on 16x16, 132 on 25x25. (17 on
/// a 4x4 grid would fill all of its 16 squares.)
pub fn default_min_givens(shape: &Shape) -> usize {
    (NORVIG_MIN_GIVENS * shape.square_count()).div_ceil(81)
}

/// A random puzzle of `shape` with at least `min_givens` givens, or an
/// error when [`MAX_ATTEMPTS`] attempts gave none. At the default share of
/// givens ([`default_min_givens`]) a few attempts suffice on every size; near
/// a whole grid's worth, random digits placed by propagation alone nearly
/// always run into a contradiction on the larger grids, and Norvig's loop
/// would never end.
pub fn random_puzzle(
    shape: &'static Shape,
    min_givens: usize,
    rng: &mut impl Rng,
) -> Result<Grid, NoPuzzle> {
    let min_givens = min_givens.min(shape.square_count());
    let mut full = None;
    let mut full_grids = 0;
    for _ in 0..MAX_ATTEMPTS {
        match fill(shape, min_givens, rng) {
            // Propagation filled every square. On 4x4 grids that is common
            // and the next attempt usually does better; near a whole grid's
            // worth of givens it is certain (15 decided squares of a 4x4
            // grid decide the 16th), and then a full grid is what was asked
            // for.
            Some(grid) if grid.is_filled() => {
                full_grids += 1;
                if full_grids >= MAX_FULL_GRIDS {
                    return Ok(grid);
                }
                full.get_or_insert(grid);
            }
            Some(grid) => return Ok(grid),
            None => {}
        }
    }
    full.ok_or(NoPuzzle {
        min_givens,
        attempts: MAX_ATTEMPTS,
    })
}

/// How many attempts [`random_puzzle`] makes before it gives up.
pub const MAX_ATTEMPTS: usize = 1_000;

/// How many attempts may end in a full grid before one is accepted.
const MAX_FULL_GRIDS: usize = 64;

/// No attempt made a puzzle with that many givens.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "no puzzle with {min_givens} givens after {attempts} attempts: every one ran into a \
     contradiction; ask for fewer givens"
)]
pub struct NoPuzzle {
    /// The givens asked for.
    pub min_givens: usize,
    /// The attempts made.
    pub attempts: usize,
}

fn fill(shape: &'static Shape, min_givens: usize, rng: &mut impl Rng) -> Option<Grid> {
    let mut values = Candidates::full(shape);
    let mut order: Vec<usize> = (0..shape.square_count()).collect();
    order.shuffle(rng);
    for s in order {
        let digits: Vec<u8> = values.get(s).iter().collect();
        let &d = digits.choose(rng)?;
        if !norvig::assign(&mut values, s, d) {
            return None;
        }
        let singles: Vec<u8> = values.sets().iter().filter_map(|d| d.only()).collect();
        let mut distinct = singles.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if singles.len() >= min_givens && distinct.len() + 1 >= shape.side() {
            return Some(values.to_grid());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Size, Variant};
    use rand::SeedableRng;

    /// Regression: `random --size 4` took Norvig's 17 as it is, and
    /// filled every square of a 4x4 grid.
    #[test]
    fn the_default_share_of_givens_leaves_room_on_every_size() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        for (size, expected) in [
            (Size::Four, 4),
            (Size::Six, 8),
            (Size::Nine, 17),
            (Size::Sixteen, 54),
            (Size::TwentyFive, 132),
        ] {
            for variant in [Variant::Standard, Variant::Diagonal] {
                let shape = Shape::of(size, variant);
                assert_eq!(default_min_givens(shape), expected);
                let p = random_puzzle(shape, expected, &mut rng).unwrap();
                assert!(p.given_count() >= expected);
                assert!(!p.is_filled(), "{size:?} {variant:?}: {p}");
                assert!(!p.has_clash());
            }
        }
        // 15 decided squares of a 4x4 grid decide the 16th: a full grid is
        // all that can come out, and it does, rather than trying for ever.
        let four = Shape::of(Size::Four, Variant::Standard);
        assert!(random_puzzle(four, 15, &mut rng).unwrap().is_filled());
        // 254 givens on a 16x16 diagonal grid by propagation alone: nearly
        // every attempt runs into a contradiction, and fuzzing found the loop
        // running for ever. Now it ends, with a puzzle or an error.
        let sixteen = Shape::of(Size::Sixteen, Variant::Diagonal);
        if let Ok(p) = random_puzzle(sixteen, 254, &mut rng) {
            assert!(p.given_count() >= 254 && !p.has_clash());
        }
    }

    #[test]
    fn seeded_puzzles_repeat_and_meet_norvigs_conditions() {
        let shape = Shape::standard();
        let mut a = rand::rngs::StdRng::seed_from_u64(7);
        let mut b = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..20 {
            let p = random_puzzle(shape, NORVIG_MIN_GIVENS, &mut a).unwrap();
            assert_eq!(p, random_puzzle(shape, NORVIG_MIN_GIVENS, &mut b).unwrap());
            assert!(p.given_count() >= 17);
            let mut digits: Vec<u8> = p.cells().iter().copied().filter(|&d| d != 0).collect();
            digits.sort_unstable();
            digits.dedup();
            assert!(digits.len() >= 8);
            assert!(crate::parse::check_givens(&p).is_ok());
        }
    }
}
