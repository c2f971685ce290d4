//! The moves that turn a puzzle into an equivalent one: the same puzzle in
//! disguise, with the same number of solutions, the same difficulty and the
//! same logical path, step for step.
//!
//! On a standard grid they are, in the order [`Transform::apply`] makes them:
//!
//! 1. transposition (rows become columns), when the boxes are square (on
//!    6x6, whose boxes are 2x3, it would not keep boxes whole);
//! 2. a permutation of the rows that keeps bands together: the bands in any
//!    order, and the rows of each band in any order;
//! 3. the same for the columns and stacks;
//! 4. a relabelling of the digits.
//!
//! On 9x9 that is 2 x (3!^4)^2 = 3,359,232 arrangements of the squares and
//! 9! relabellings (the count is from Felgenhauer and Jarvis, "Mathematics of
//! Sudoku I", 2006, and Russell and Jarvis, "Mathematics of Sudoku II",
//! 2006).
//!
//! A diagonal grid keeps only the moves that keep both diagonals units:
//! with square boxes, one permutation `p` for rows and columns alike that
//! keeps bands together and commutes with reversing the order
//! (`p(n-1-i) = n-1-p(i)`, so a square on a diagonal stays on one), then
//! transposition and, if wished, the rows in reverse order, which swaps the
//! two diagonals; with 2x3 boxes only the reversals of rows and of columns.
//! That is a subgroup of the diagonal grid's symmetries, enough to disguise
//! a puzzle; [`crate::canon`] works on standard grids only.

use crate::grid::Grid;
use crate::shape::{Shape, Size, Variant};
use rand::seq::SliceRandom;
use rand::Rng;

/// A move from one form of a puzzle to an equivalent one (see the module
/// docs for what each part does).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    size: Size,
    transpose: bool,
    rows: Vec<u8>,
    cols: Vec<u8>,
    digits: Vec<u8>,
}

/// Why a transform cannot be made, or applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransformError {
    /// The rows are not a permutation that keeps bands together.
    #[error("the rows {0:?} are not a permutation that keeps bands together")]
    Rows(Vec<u8>),
    /// The columns are not a permutation that keeps stacks together.
    #[error("the columns {0:?} are not a permutation that keeps stacks together")]
    Cols(Vec<u8>),
    /// The digits are not a relabelling of 1..=side (with 0 kept at 0).
    #[error("the digits {0:?} are not a relabelling of 1 to the grid's side, with 0 first")]
    Digits(Vec<u8>),
    /// Transposing would break the boxes (they are not square).
    #[error("a grid whose boxes are not square cannot be transposed")]
    Transpose,
    /// The transform was made for grids of another size.
    #[error("a transform for {want}x{want} grids cannot apply to a {got}x{got} grid")]
    Size {
        /// The side the transform was made for.
        want: usize,
        /// The side of the grid.
        got: usize,
    },
}

impl Transform {
    /// The transform that changes nothing.
    pub fn identity(size: Size) -> Transform {
        let n = size.side() as u8;
        Transform {
            size,
            transpose: false,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (0..=n).collect(),
        }
    }

    /// A transform from its parts: transpose first, then output row `i`
    /// takes (transposed) input row `rows[i]`, output column `j` takes input
    /// column `cols[j]`, and digit `d` becomes `digits[d]` (`digits[0]`, the
    /// empty square, must be 0).
    pub fn new(
        size: Size,
        transpose: bool,
        rows: Vec<u8>,
        cols: Vec<u8>,
        digits: Vec<u8>,
    ) -> Result<Transform, TransformError> {
        let (box_rows, box_cols) = size.box_dims();
        if transpose && box_rows != box_cols {
            return Err(TransformError::Transpose);
        }
        if !keeps_blocks(&rows, size.side(), box_rows) {
            return Err(TransformError::Rows(rows));
        }
        if !keeps_blocks(&cols, size.side(), box_cols) {
            return Err(TransformError::Cols(cols));
        }
        let mut seen = digits.clone();
        seen.sort_unstable();
        if digits.first() != Some(&0) || seen != (0..=size.side() as u8).collect::<Vec<u8>>() {
            return Err(TransformError::Digits(digits));
        }
        Ok(Transform {
            size,
            transpose,
            rows,
            cols,
            digits,
        })
    }

    /// A random transform of the variant's group (see the module docs):
    /// every one of a standard grid's equally likely.
    pub fn random(shape: &Shape, rng: &mut impl Rng) -> Transform {
        let size = shape.size();
        let n = size.side();
        let (box_rows, box_cols) = size.box_dims();
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(rng);
        digits.insert(0, 0);
        let (transpose, rows, cols) = match shape.variant() {
            Variant::Standard => (
                box_rows == box_cols && rng.gen(),
                block_permutation(n, box_rows, rng),
                block_permutation(n, box_cols, rng),
            ),
            Variant::Diagonal if box_rows == box_cols => {
                let p = mirrored_permutation(n / box_rows, box_rows, rng);
                let mut rows = p.clone();
                if rng.gen() {
                    rows.reverse();
                }
                (rng.gen(), rows, p)
            }
            Variant::Diagonal => {
                let mut rows: Vec<u8> = (0..n as u8).collect();
                let mut cols = rows.clone();
                if rng.gen() {
                    rows.reverse();
                }
                if rng.gen() {
                    cols.reverse();
                }
                (false, rows, cols)
            }
        };
        Transform {
            size,
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// The size of grid it applies to.
    pub fn size(&self) -> Size {
        self.size
    }

    /// True when the grid is transposed first.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// Output row `i` is input row `rows()[i]` (after any transposition).
    pub fn rows(&self) -> &[u8] {
        &self.rows
    }

    /// Output column `j` is input column `cols()[j]` (after any transposition).
    pub fn cols(&self) -> &[u8] {
        &self.cols
    }

    /// Digit `d` becomes `digits()[d]`; `digits()[0]` is 0 (empty stays empty).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The equivalent form of `grid` this transform makes. The result has
    /// the grid's variant: a transform from [`Transform::random`] for a
    /// diagonal shape keeps the diagonals; one for a standard shape
    /// generally does not.
    pub fn apply(&self, grid: &Grid) -> Result<Grid, TransformError> {
        let n = self.size.side();
        if grid.size() != self.size {
            return Err(TransformError::Size {
                want: n,
                got: grid.shape().side(),
            });
        }
        let cells = grid.cells();
        let mut out = Vec::with_capacity(n * n);
        for &r in &self.rows {
            for &c in &self.cols {
                let (r, c) = (usize::from(r), usize::from(c));
                let d = if self.transpose {
                    cells[c * n + r]
                } else {
                    cells[r * n + c]
                };
                out.push(self.digits[usize::from(d)]);
            }
        }
        Ok(Grid::from_cells(grid.shape(), out).unwrap_or_else(|| grid.clone()))
    }
}

/// True when `perm` is a permutation of `0..n` that keeps each block of
/// `block` consecutive indices together.
fn keeps_blocks(perm: &[u8], n: usize, block: usize) -> bool {
    let mut seen = vec![false; n];
    perm.len() == n
        && perm.iter().all(|&p| {
            let p = usize::from(p);
            p < n && !std::mem::replace(&mut seen[p], true)
        })
        && perm.chunks(block).all(|b| {
            b.iter()
                .all(|&p| usize::from(p) / block == usize::from(b[0]) / block)
        })
}

/// A uniformly random permutation of `0..n` that keeps blocks of `block`
/// together: the blocks shuffled, then the members of each.
fn block_permutation(n: usize, block: usize, rng: &mut impl Rng) -> Vec<u8> {
    let mut blocks: Vec<usize> = (0..n / block).collect();
    blocks.shuffle(rng);
    let mut perm = Vec::with_capacity(n);
    for b in blocks {
        let mut members: Vec<u8> = (b * block..(b + 1) * block).map(|i| i as u8).collect();
        members.shuffle(rng);
        perm.extend(members);
    }
    perm
}

/// A random permutation of `0..m` that commutes with reversal: `p(m-1-i)
/// = m-1-p(i)`. The pairs `{i, m-1-i}` are shuffled and each may flip; a
/// middle element stays.
fn reversal_commuting(m: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut pairs: Vec<usize> = (0..m / 2).collect();
    pairs.shuffle(rng);
    let mut p = vec![m / 2; m];
    for (i, &to) in pairs.iter().enumerate() {
        let to = if rng.gen() { m - 1 - to } else { to };
        p[i] = to;
        p[m - 1 - i] = m - 1 - to;
    }
    p
}

/// A random permutation of `blocks * size` indices that keeps blocks of
/// `size` together and commutes with reversal: the blocks move by a
/// reversal-commuting permutation, block `b` and its mirror `blocks-1-b`
/// order their members as mirror images, and a middle block orders its
/// own by a reversal-commuting permutation.
fn mirrored_permutation(blocks: usize, size: usize, rng: &mut impl Rng) -> Vec<u8> {
    let n = blocks * size;
    let outer = reversal_commuting(blocks, rng);
    let mut p = vec![0u8; n];
    for b in 0..blocks.div_ceil(2) {
        let mirror = blocks - 1 - b;
        let inner: Vec<usize> = if b == mirror {
            reversal_commuting(size, rng)
        } else {
            let mut q: Vec<usize> = (0..size).collect();
            q.shuffle(rng);
            q
        };
        for k in 0..size {
            p[b * size + k] = (outer[b] * size + inner[k]) as u8;
            p[mirror * size + size - 1 - k] = (outer[mirror] * size + size - 1 - inner[k]) as u8;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_transforms_are_valid_and_keep_diagonals() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for size in Size::ALL {
            for variant in [Variant::Standard, Variant::Diagonal] {
                let shape = Shape::of(size, variant);
                for _ in 0..20 {
                    let t = Transform::random(shape, &mut rng);
                    let again = Transform::new(
                        size,
                        t.transposes(),
                        t.rows().to_vec(),
                        t.cols().to_vec(),
                        t.digits().to_vec(),
                    );
                    assert_eq!(again.as_ref(), Ok(&t), "{size:?} {variant:?}");
                    if variant == Variant::Diagonal {
                        // Number the squares, transform the numbering, and
                        // see where each diagonal went.
                        let n = size.side();
                        let diagonals = |g: &Grid| {
                            let main: Vec<usize> = (0..n).map(|i| i * n + i).collect();
                            let anti: Vec<usize> = (0..n).map(|i| i * n + n - 1 - i).collect();
                            let on = |s: &usize| g.get(*s) != 0;
                            (main.iter().all(on), anti.iter().all(on))
                        };
                        let mut marked = Grid::empty(shape);
                        for i in 0..n {
                            marked.set(i * n + i, 1);
                        }
                        let moved = t.apply(&marked).unwrap();
                        let (main, anti) = diagonals(&moved);
                        assert!(main || anti, "{size:?}: {moved}");
                        assert_eq!(moved.given_count(), n);
                    }
                }
            }
        }
    }

    #[test]
    fn bad_parts_are_refused() {
        let nine = Size::Nine;
        let id: Vec<u8> = (0..9).collect();
        let digits: Vec<u8> = (0..=9).collect();
        let rows = vec![0, 3, 2, 1, 4, 5, 6, 7, 8];
        assert!(matches!(
            Transform::new(nine, false, rows, id.clone(), digits.clone()),
            Err(TransformError::Rows(_))
        ));
        let cols = vec![0, 1, 2, 3, 4, 5, 6, 7, 7];
        assert!(matches!(
            Transform::new(nine, false, id.clone(), cols, digits.clone()),
            Err(TransformError::Cols(_))
        ));
        let mut bad_digits = digits.clone();
        bad_digits.swap(0, 1);
        assert!(matches!(
            Transform::new(nine, false, id.clone(), id.clone(), bad_digits),
            Err(TransformError::Digits(_))
        ));
        let six: Vec<u8> = (0..6).collect();
        assert_eq!(
            Transform::new(Size::Six, true, six.clone(), six, (0..=6).collect()),
            Err(TransformError::Transpose)
        );
        let four = Grid::empty(Shape::of(Size::Four, Variant::Standard));
        assert!(Transform::identity(nine).apply(&four).is_err());
    }
}
