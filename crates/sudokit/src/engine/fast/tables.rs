//! Lookup tables for the band bitboard solver, all computed at compile time by
//! `const fn`s in this file (none are copied from another program).
//!
//! A band is three rows of the grid; one digit's candidates in a band are 27
//! bits, bit `9 * row + col` (row 0..3 inside the band, col 0..9). The tables
//! turn that 27-bit pattern into the eliminations that follow from "the digit
//! sits exactly once in each row and once in each box of the band".

/// Bits of one row of a band that fall in box column `c`: `0b111 << (3 * c)`.
const TRIPLET: u32 = 0b111;

/// For a 9-bit row pattern, which of its three box segments hold a candidate
/// (bit `c` set when cells `3c..3c+3` are not all empty).
pub(crate) static ROW_SEGMENTS: [u8; 512] = row_segments();

/// For a 9-bit segment pattern (bit `3 * row + box` = "the digit can still be in
/// this row inside this box"), the 27-bit mask of cells that stay possible.
///
/// The digit occupies one segment per row and per box, so its three segments
/// form a permutation matrix inside the pattern; a segment survives only if
/// some permutation matrix contained in the pattern uses it. This one lookup
/// covers pointing and claiming (locked candidates) inside the band, and it
/// is zero when no placement of the digit in the band is possible at all.
pub(crate) static SEGMENT_KEEP: [u32; 512] = segment_keep();

/// For a 9-bit segment pattern of one digit's givens in a band (bit
/// `3 * row + box`), the cells of the rows and boxes those givens lie in
/// (bits 0..27), how many rows that is (bits 27..29) and how many boxes
/// (bits 29..31). Reading the givens, a digit whose givens in a band lie
/// in fewer rows or boxes than there are givens has two in one unit.
pub(crate) static GIVEN_UNITS: [u32; 512] = given_units();

/// For each cell of a band (0..27), the other cells of its row and its box.
pub(crate) static BAND_PEERS: [u32; 27] = band_peers();

/// For each column (0..9), its three cells in a band: bits `c`, `c + 9`, `c + 18`.
pub(crate) static COLUMN: [u32; 9] = column_masks();

/// Row (0..3 inside the band) of each of the 27 cells of a band.
pub(crate) static CELL_ROW: [u8; 27] = cell_rows();

/// Column (0..9) of each of the 27 cells of a band.
pub(crate) static CELL_COL: [u8; 27] = cell_cols();

/// Cells of the main diagonal (row == col) in each band.
pub(crate) static DIAG_MAIN: [u32; 3] = diag_masks(false);

/// Cells of the anti-diagonal (row + col == 8) in each band.
pub(crate) static DIAG_ANTI: [u32; 3] = diag_masks(true);

const fn row_segments() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut c = 0;
        while c < 3 {
            if (x >> (3 * c)) & TRIPLET as usize != 0 {
                t[x] |= 1 << c;
            }
            c += 1;
        }
        x += 1;
    }
    t
}

const fn given_units() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let (mut rows, mut boxes) = (0u32, 0u32);
        let mut i = 0;
        while i < 9 {
            if s >> i & 1 != 0 {
                rows |= 1 << (i / 3);
                boxes |= 1 << (i % 3);
            }
            i += 1;
        }
        let mut cells = 0u32;
        let mut k = 0;
        while k < 3 {
            if rows >> k & 1 != 0 {
                cells |= 0x1ff << (9 * k);
            }
            if boxes >> k & 1 != 0 {
                cells |= 0x1c0e07 << (3 * k);
            }
            k += 1;
        }
        t[s] = cells | rows.count_ones() << 27 | boxes.count_ones() << 29;
        s += 1;
    }
    t
}

const fn segment_keep() -> [u32; 512] {
    // The six permutations of three box columns, as `perm[row] = box`.
    const PERMS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut fits = true;
            let mut mask = 0u32;
            let mut r = 0;
            while r < 3 {
                let seg = 3 * r as u32 + perm[r];
                if (s >> seg) & 1 == 0 {
                    fits = false;
                }
                mask |= TRIPLET << (9 * r as u32 + 3 * perm[r]);
                r += 1;
            }
            if fits {
                t[s] |= mask;
            }
            p += 1;
        }
        s += 1;
    }
    t
}

const fn band_peers() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 / 3 == c / 3) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
}

const fn column_masks() -> [u32; 9] {
    let mut t = [0u32; 9];
    let mut c = 0;
    while c < 9 {
        t[c] = (1 | 1 << 9 | 1 << 18) << c;
        c += 1;
    }
    t
}

const fn cell_rows() -> [u8; 27] {
    let mut t = [0u8; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = (i / 9) as u8;
        i += 1;
    }
    t
}

const fn cell_cols() -> [u8; 27] {
    let mut t = [0u8; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = (i % 9) as u8;
        i += 1;
    }
    t
}

const fn diag_masks(anti: bool) -> [u32; 3] {
    let mut t = [0u32; 3];
    let mut row = 0;
    while row < 9 {
        let col = if anti { 8 - row } else { row };
        t[row / 3] |= 1 << (9 * (row % 3) + col);
        row += 1;
    }
    t
}
