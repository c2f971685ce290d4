//! Tests of the shared search: the branch below a root with few open
//! cells and at a root with many givens, and the rectangle test against
//! a brute-force one (its cases are shared with the AVX2 backend's
//! tests).

use super::*;

/// Parses 81 characters, digits as givens and anything else as blank.
fn grid(s: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (cell, c) in g.iter_mut().zip(s.bytes()) {
        if c.is_ascii_digit() {
            *cell = c - b'0';
        }
    }
    g
}

/// `first_pair` branches on the bivalue cell that comes first in board
/// order, over its two digits, the one with more peer candidates first.
#[test]
fn first_pair_takes_the_first_bivalue_cell() {
    // serg_benchmark's first puzzle: several solutions, 47 cells open
    // after propagation, so the search below its root uses `first_pair`.
    let p =
        grid("8.........95.......76.........426798...571243...893165......916....3.487....1.532");
    let mut st = SearchNode::new();
    assert!(st.load_givens(Portable, &p), "givens agree");
    assert!(matches!(
        st.propagate::<Portable, false>(Portable, Pick::Scored, REAL_SLOTS),
        Propagation::Branch { .. }
    ));
    assert!(st.open_cells() < OPEN_GATE);
    let mut pairs = [0u32; 3];
    let mut first = None;
    for b in 0..3 {
        for pos in 0..27 {
            let open = st.unsolved[b] >> pos & 1 != 0;
            if open && st.digits_at(b, pos).count_ones() == 2 {
                pairs[b] |= 1 << pos;
                first.get_or_insert((b, pos));
            }
        }
    }
    let (want_band, want_pos) = first.expect("a bivalue cell");
    // Not the trivial answer: the first open cell is not bivalue.
    assert_ne!((want_band, want_pos), (0, st.unsolved[0].trailing_zeros()));
    let Propagation::Branch {
        band,
        pos,
        digits,
        first,
    } = st.first_pair(Portable, &pairs)
    else {
        panic!("first_pair must branch");
    };
    assert_eq!((band, pos), (want_band, want_pos));
    assert_eq!(digits, st.digits_at(band, pos));
    let (lo, hi) = (digits.trailing_zeros(), 31 - digits.leading_zeros());
    let count = |d: u32| st.peer_count(d as usize, band, pos, &pairs);
    let want = if count(lo) >= count(hi) { lo } else { hi };
    assert_eq!(first, want);
}

/// A root with many givens settles as a scored one does (the cross-band
/// pass included) and then branches on its first bivalue cell, where
/// scoring would pick another.
#[test]
fn a_root_with_many_givens_branches_on_its_first_bivalue_cell() {
    // serg_benchmark's first puzzle: 35 givens.
    let p =
        grid("8.........95.......76.........426798...571243...893165......916....3.487....1.532");
    assert!(p.iter().filter(|&&v| v != 0).count() as u32 >= MANY_GIVENS);
    let branch = |pick| {
        let mut st = SearchNode::new();
        assert!(st.load_givens(Portable, &p), "givens agree");
        match st.propagate::<Portable, false>(Portable, pick, REAL_SLOTS) {
            Propagation::Branch { band, pos, .. } => (st, band, pos),
            _ => panic!("the root must branch"),
        }
    };
    let (settled, band, pos) = branch(Pick::FirstSettled);
    let (scored, scored_band, scored_pos) = branch(Pick::Scored);
    assert!(settled.cand == scored.cand && settled.unsolved == scored.unsolved);
    let first = (0..3)
        .flat_map(|b| (0..27).map(move |pos| (b, pos)))
        .find(|&(b, pos)| {
            settled.unsolved[b] >> pos & 1 != 0 && settled.digits_at(b, pos).count_ones() == 2
        });
    assert_eq!(Some((band, pos)), first);
    assert_ne!((scored_band, scored_pos), (band, pos));
}

/// Two thousand (puzzle, solved grid) pairs for checking
/// Reading the givens at once leaves the node that placing them one by
/// one does, and refuses exactly the puzzles where a placement fails: on
/// valid puzzles from sparse to dense, and on each with one given changed
/// to a digit that may clash (the AVX2 kernels are held to the same
/// puzzles in their own tests).
#[test]
fn givens_read_at_once_are_givens_placed_one_by_one() {
    let mut refused = 0;
    for p in &givens_cases() {
        let mut one_by_one = SearchNode::new();
        let placed = p.iter().enumerate().all(|(i, &v)| {
            v == 0 || one_by_one.place::<false>(v as usize - 1, i / 27, (i % 27) as u32)
        });
        let mut at_once = SearchNode::new();
        assert_eq!(at_once.load_givens(Portable, p), placed, "{p:?}");
        refused += usize::from(!placed);
        if placed {
            assert_eq!(at_once.cand, one_by_one.cand, "{p:?}");
            assert_eq!(at_once.unsolved, one_by_one.unsolved, "{p:?}");
        }
    }
    // Both kinds of puzzle were there.
    assert!(refused > 100, "{refused}");
}

/// Puzzles for reading givens: those of [`rectangle_cases`], and each
/// again with one given changed to a digit that may clash.
pub(crate) fn givens_cases() -> Vec<[u8; 81]> {
    let mut cases = Vec::new();
    for (n, (puzzle, _)) in rectangle_cases().iter().enumerate() {
        let mut changed = *puzzle;
        changed[n * 7 % 81] = (n % 9 + 1) as u8;
        cases.extend([*puzzle, changed]);
    }
    cases
}

/// `swappable_rectangle`: random valid grids (filled cell by cell in a
/// random digit order, backtracking when stuck), each with givens
/// drawn at densities from sparse to dense.
pub(crate) fn rectangle_cases() -> Vec<([u8; 81], [u8; 81])> {
    let mut x = 0x9e37_79b9u32;
    let mut next = move |n: u32| {
        // xorshift: any spread will do.
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x % n
    };
    /// Fills cells `from..` of `g`; the digit order of each cell comes
    /// from `orders`.
    fn fill(g: &mut [u8; 81], from: usize, orders: &[[u8; 9]; 81]) -> bool {
        if from == 81 {
            return true;
        }
        let (r, c) = (from / 9, from % 9);
        for &d in &orders[from] {
            let clash = (0..9).any(|k| {
                g[9 * r + k] == d
                    || g[9 * k + c] == d
                    || g[9 * (r / 3 * 3 + k / 3) + c / 3 * 3 + k % 3] == d
            });
            if !clash {
                g[from] = d;
                if fill(g, from + 1, orders) {
                    return true;
                }
                g[from] = 0;
            }
        }
        false
    }
    let mut cases = Vec::new();
    for _ in 0..400 {
        let mut orders = [[1u8, 2, 3, 4, 5, 6, 7, 8, 9]; 81];
        for o in orders.iter_mut() {
            for i in (1..9).rev() {
                o.swap(i, next(i as u32 + 1) as usize);
            }
        }
        let mut grid = [0u8; 81];
        assert!(fill(&mut grid, 0, &orders));
        for density in [2, 4, 6, 8, 9] {
            let mut puzzle = [0u8; 81];
            for i in 0..81 {
                if next(10) < density {
                    puzzle[i] = grid[i];
                }
            }
            cases.push((puzzle, grid));
        }
    }
    cases
}

/// Every rectangle of non-given cells in two rows and two columns,
/// with the rows in one band or the columns in one stack, tried one
/// by one.
fn brute_rectangle(puzzle: &[u8; 81], grid: &[u8; 81]) -> bool {
    let open = |r: usize, c: usize| puzzle[9 * r + c] == 0;
    let g = |r: usize, c: usize| grid[9 * r + c];
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                    let all_open = open(r1, c1) && open(r1, c2) && open(r2, c1) && open(r2, c2);
                    let crossed = g(r1, c1) == g(r2, c2) && g(r1, c2) == g(r2, c1);
                    if two_boxes && all_open && crossed {
                        return true;
                    }
                }
            }
        }
    }
    false
}

#[test]
fn rectangle_cases_are_solutions() {
    for (puzzle, grid) in rectangle_cases() {
        for k in 0..9 {
            let (mut row, mut col, mut bx) = (0u16, 0u16, 0u16);
            for j in 0..9 {
                row |= 1 << grid[9 * k + j];
                col |= 1 << grid[9 * j + k];
                bx |= 1 << grid[27 * (k / 3) + 3 * (k % 3) + 9 * (j / 3) + j % 3];
            }
            assert_eq!((row, col, bx), (0x3fe, 0x3fe, 0x3fe));
        }
        assert!((0..81).all(|i| puzzle[i] == 0 || puzzle[i] == grid[i]));
    }
}

#[test]
fn swappable_rectangle_matches_brute_force() {
    let (mut yes, mut no) = (0, 0);
    for (puzzle, grid) in rectangle_cases() {
        let want = brute_rectangle(&puzzle, &grid);
        assert_eq!(swappable_rectangle(&puzzle, &grid), want, "{puzzle:?}");
        if want {
            yes += 1;
        } else {
            no += 1;
        }
    }
    // Both answers must be well represented for the test to mean much.
    assert!(yes > 300 && no > 300, "yes {yes}, no {no}");
}
