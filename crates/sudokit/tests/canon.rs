//! The canonical (minlex) form against a brute force over every transform
//! on small grids, and its defining properties on real 9x9 puzzles: the
//! same for a puzzle and any random transform of it, made from the puzzle
//! by the transform it reports, never larger than the puzzle, and different
//! for puzzles that are not equivalent.

mod common;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sudokit::canon::{minlex, minlex_with_transform, CanonError};
use sudokit::transform::Transform;
use sudokit::{EngineKind, Grid, Limits, Shape, Size, Variant};

/// Every permutation of `0..n` keeping blocks of `block` together.
fn block_permutations(n: usize, block: usize) -> Vec<Vec<u8>> {
    fn permutations(items: Vec<usize>) -> Vec<Vec<usize>> {
        if items.len() <= 1 {
            return vec![items];
        }
        let mut all = Vec::new();
        for i in 0..items.len() {
            let mut rest = items.clone();
            let first = rest.remove(i);
            for mut tail in permutations(rest) {
                tail.insert(0, first);
                all.push(tail);
            }
        }
        all
    }
    let mut out = vec![Vec::new()];
    let blocks = permutations((0..n / block).collect());
    let inner = permutations((0..block).collect());
    for order in blocks {
        let mut partial: Vec<Vec<u8>> = vec![Vec::new()];
        for b in order {
            partial = partial
                .into_iter()
                .flat_map(|p| {
                    inner.iter().map(move |q| {
                        let mut p = p.clone();
                        p.extend(q.iter().map(|&i| (b * block + i) as u8));
                        p
                    })
                })
                .collect();
        }
        out.extend(partial);
    }
    out.retain(|p| !p.is_empty());
    out
}

/// Digits renumbered in order of first appearance: the smallest relabelling.
fn renumbered(grid: &Grid) -> String {
    let mut label = [0u8; 26];
    let mut next = 1;
    let cells: Vec<u8> = grid
        .cells()
        .iter()
        .map(|&d| {
            if d == 0 {
                return 0;
            }
            if label[d as usize] == 0 {
                label[d as usize] = next;
                next += 1;
            }
            label[d as usize]
        })
        .collect();
    Grid::from_cells(grid.shape(), cells).unwrap().to_line()
}

/// The smallest form over every transform: the definition, by brute force.
fn brute_minlex(grid: &Grid) -> String {
    let size = grid.size();
    let n = size.side();
    let (box_rows, box_cols) = size.box_dims();
    let rows = block_permutations(n, box_rows);
    let cols = block_permutations(n, box_cols);
    let identity: Vec<u8> = (0..=n as u8).collect();
    let mut best: Option<String> = None;
    for transpose in [false, true] {
        if transpose && box_rows != box_cols {
            continue;
        }
        for r in &rows {
            for c in &cols {
                let t = Transform::new(size, transpose, r.clone(), c.clone(), identity.clone())
                    .unwrap();
                let form = renumbered(&t.apply(grid).unwrap());
                if best.as_ref().is_none_or(|b| form < *b) {
                    best = Some(form);
                }
            }
        }
    }
    best.unwrap()
}

/// A random solution grid of `shape`, emptied at random (`keep` in 100).
fn random_puzzle(shape: &'static Shape, keep: u32, rng: &mut StdRng) -> Grid {
    loop {
        let start = sudokit::random::random_puzzle(shape, 1, rng).unwrap();
        let solution = match EngineKind::Norvig.solver().solve(&start, &Limits::none()).0 {
            sudokit::Outcome::Solved(s) => s,
            _ => continue,
        };
        let mut grid = solution;
        for s in 0..shape.square_count() {
            if rng.gen_range(0..100) >= keep {
                grid.set(s, 0);
            }
        }
        return grid;
    }
}

#[test]
fn small_grids_match_the_brute_force() {
    let mut rng = StdRng::seed_from_u64(17);
    for (size, puzzles) in [(Size::Four, 300), (Size::Six, 40)] {
        let shape = Shape::of(size, Variant::Standard);
        for i in 0..puzzles {
            let keep = [10, 30, 50, 70, 100][i % 5];
            let grid = random_puzzle(shape, keep, &mut rng);
            let (form, transform) = minlex_with_transform(&grid).unwrap();
            assert_eq!(form.to_line(), brute_minlex(&grid), "{size:?} {grid}");
            assert_eq!(transform.apply(&grid).unwrap(), form, "{grid}");
        }
    }
    // The empty grid and a single given.
    let four = Shape::of(Size::Four, Variant::Standard);
    let empty = Grid::empty(four);
    assert_eq!(minlex(&empty).unwrap(), empty);
    let mut one = Grid::empty(four);
    one.set(0, 3);
    assert_eq!(minlex(&one).unwrap().to_line(), "...............1");
}

#[test]
fn real_puzzles_and_their_disguises_share_one_form() {
    let mut rng = StdRng::seed_from_u64(5);
    let Some(puzzles) = common::corpus("magictour_top1465.txt") else {
        return;
    };
    let puzzles: Vec<Grid> = puzzles.into_iter().step_by(29).collect();
    let mut forms = std::collections::HashSet::new();
    for puzzle in &puzzles {
        let (form, transform) = minlex_with_transform(puzzle).unwrap();
        assert_eq!(transform.apply(puzzle).unwrap(), form);
        assert!(form.to_line() <= puzzle.to_line(), "{puzzle}");
        for _ in 0..4 {
            let disguise = Transform::random(puzzle.shape(), &mut rng)
                .apply(puzzle)
                .unwrap();
            assert_eq!(minlex(&disguise).unwrap(), form, "{puzzle} as {disguise}");
        }
        forms.insert(form.to_line());
    }
    // The collection's puzzles are all different puzzles.
    assert_eq!(forms.len(), puzzles.len());
}

#[test]
fn a_sixteen_by_sixteen_puzzle_has_a_form_too() {
    let mut rng = StdRng::seed_from_u64(9);
    let Some(mut puzzles) = common::corpus("hexadoku_16x16.txt") else {
        return;
    };
    let puzzle = puzzles.remove(0);
    let form = minlex(&puzzle).unwrap();
    let disguise = Transform::random(puzzle.shape(), &mut rng)
        .apply(&puzzle)
        .unwrap();
    assert_eq!(minlex(&disguise).unwrap(), form);
}

/// A grid empty but for two full rows in one band: the emptiest rows come
/// first, then each full row's digits can come in any order within each
/// stack. On 9x9 that is 216 orders, fine; on 16x16, 331,776 for each
/// partial transform, and the search says so rather than run out of memory.
#[test]
fn two_full_rows_tie_many_ways() {
    let mut rng = StdRng::seed_from_u64(2);
    for (size, expect_ok) in [(Size::Nine, true), (Size::Sixteen, false)] {
        let shape = Shape::of(size, Variant::Standard);
        let n = size.side();
        let full = random_puzzle(shape, 100, &mut rng);
        let mut grid = Grid::empty(shape);
        for s in 0..2 * n {
            grid.set(s, full.get(s));
        }
        match minlex_with_transform(&grid) {
            Ok((form, transform)) => {
                assert!(expect_ok, "{size:?}");
                assert_eq!(transform.apply(&grid).unwrap(), form);
                let disguise = Transform::random(shape, &mut rng).apply(&grid).unwrap();
                assert_eq!(minlex(&disguise).unwrap(), form);
            }
            Err(e) => {
                assert!(!expect_ok, "{size:?}");
                assert_eq!(e, CanonError::TooManyTies);
            }
        }
    }
}

#[test]
fn diagonal_grids_and_clashes_are_refused() {
    let diagonal = Grid::empty(Shape::of(Size::Nine, Variant::Diagonal));
    assert_eq!(minlex(&diagonal), Err(CanonError::Diagonal));
    let mut clash = Grid::empty(Shape::standard());
    clash.set(0, 1);
    clash.set(1, 1);
    assert_eq!(minlex(&clash), Err(CanonError::Clash));
}

/// A solved grid, relabelled and with some squares emptied.
fn puzzle_strategy() -> impl Strategy<Value = Grid> {
    const SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    (
        Just((1..=9u8).collect::<Vec<u8>>()).prop_shuffle(),
        proptest::collection::vec(0..100u8, 81),
        5..90u8,
        any::<u64>(),
    )
        .prop_map(|(labels, dice, kept, _)| {
            let solved = common::grid(SOLVED);
            let mut grid = Grid::empty(Shape::standard());
            for s in 0..81 {
                if dice[s] < kept {
                    grid.set(s, labels[solved.get(s) as usize - 1]);
                }
            }
            grid
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_transform_keeps_the_form(puzzle in puzzle_strategy(), seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let form = minlex(&puzzle).unwrap();
        prop_assert!(form.to_line() <= puzzle.to_line());
        let disguise = Transform::random(puzzle.shape(), &mut rng).apply(&puzzle).unwrap();
        prop_assert_eq!(minlex(&disguise).unwrap(), form);
    }
}
