//! Tests for the fast solver, kept next to it so they move with the module.
//! Those that read collections of `../shared/puzzles` are skipped without
//! it; see `read`.

use super::{avx2_available, solve, Backend, FastOutcome};
use std::path::PathBuf;

/// A collection of puzzles: Norvig's from the repository's copies
/// (`crates/sudokit-cli/data`), the others from `../shared/puzzles`, beside
/// the checkout (not in the repository); `None`, with a note on stderr that
/// the test is skipped, when it is not there.
fn read(name: &str) -> Option<String> {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let copy = crate_dir.join("../sudokit-cli/data").join(name);
    if copy.is_file() {
        return Some(std::fs::read_to_string(copy).expect("puzzle file"));
    }
    let path = crate_dir.join("../../../shared/puzzles").join(name);
    if !path.is_file() {
        eprintln!("skipped: ../shared/puzzles/{name} not found");
        return None;
    }
    Some(std::fs::read_to_string(path).expect("puzzle file"))
}

fn parse(line: &str) -> [u8; 81] {
    let b = line.as_bytes();
    assert!(b.len() >= 81, "short line {line:?}");
    let mut g = [0u8; 81];
    for (i, &c) in b[..81].iter().enumerate() {
        g[i] = match c {
            b'1'..=b'9' => c - b'0',
            _ => 0,
        };
    }
    g
}

fn backends() -> Vec<Backend> {
    let mut v = vec![Backend::Scalar];
    if avx2_available() {
        v.push(Backend::Avx2);
    }
    v
}

fn run(p: &[u8; 81], diag: bool, max: u64, b: Backend) -> (FastOutcome, [u8; 81]) {
    let mut s = [0u8; 81];
    let o = solve(p, diag, max, u64::MAX, &mut s, b);
    (o, s)
}

fn assert_valid(p: &[u8; 81], s: &[u8; 81], diag: bool) {
    for i in 0..81 {
        assert!((1..=9).contains(&s[i]), "cell {i} not filled");
        if p[i] != 0 {
            assert_eq!(p[i], s[i], "given {i} changed");
        }
    }
    let mut units: Vec<Vec<usize>> = Vec::new();
    for k in 0..9 {
        units.push((0..9).map(|j| 9 * k + j).collect());
        units.push((0..9).map(|j| 9 * j + k).collect());
        units.push(
            (0..9)
                .map(|j| 27 * (k / 3) + 3 * (k % 3) + 9 * (j / 3) + j % 3)
                .collect(),
        );
    }
    if diag {
        units.push((0..9).map(|j| 10 * j).collect());
        units.push((0..9).map(|j| 8 * j + 8).collect());
    }
    for u in units {
        let mut seen = 0u16;
        for c in u {
            seen |= 1 << s[c];
        }
        assert_eq!(seen, 0x3fe, "unit not a permutation");
    }
}

#[test]
fn tdoku_test_puzzles_counts() {
    let Some(text) = read("tdoku_test_puzzles.txt") else {
        return;
    };
    for b in backends() {
        for line in text.lines() {
            let mut parts = line.split(':');
            let p = parse(parts.next().unwrap());
            let count: u64 = parts.next().unwrap().parse().unwrap();
            let (o, s) = run(&p, false, 1000, b);
            assert_eq!(o.solutions, count, "{line} {b:?}");
            assert!(!o.limit_hit);
            // A uniqueness check may prove the second solution instead of
            // finding it; it must never claim one that is not there.
            let (o2, s2) = run(&p, false, 2, b);
            assert_eq!(o2.solutions, count.min(2), "{line} {b:?}");
            assert_eq!(s2, s, "{line} {b:?}");
            if count == 1 {
                let want = parse(parts.next().unwrap());
                assert_eq!(s, want, "{line} {b:?}");
            }
            if count > 0 {
                assert_valid(&p, &s, false);
            }
        }
    }
}

/// Counting to 2 stops at the first solution when that solution holds a
/// swappable rectangle: within the guesses the first solution took, the
/// count reaches 2. (This serg_benchmark puzzle needs one more guess to
/// reach its second solution by search.)
#[test]
fn a_swappable_rectangle_ends_a_uniqueness_check() {
    let p =
        parse("8.........95.......76.........426798...571432...893165....5.916...9.8247......583");
    for b in backends() {
        let (first, s) = run(&p, false, 1, b);
        assert_eq!(first.solutions, 1);
        assert!(super::search::swappable_rectangle(&p, &s));
        let mut s2 = [0u8; 81];
        let count = solve(&p, false, 2, first.guesses, &mut s2, b);
        assert_eq!((count.solutions, count.limit_hit), (2, false), "{b:?}");
        assert_eq!(s2, s);
    }
}

fn check_file(name: &str, expect: u64) {
    let Some(text) = read(name) else {
        return;
    };
    for line in text.lines() {
        let p = parse(line);
        let mut first: Option<(FastOutcome, [u8; 81], FastOutcome, [u8; 81])> = None;
        for b in backends() {
            let (o1, s1) = run(&p, false, 1, b);
            let (o2, s2) = run(&p, false, 2, b);
            assert_eq!(o2.solutions, expect, "{name}: {line} {b:?}");
            assert_eq!(o1.solutions, expect.min(1), "{name}: {line} {b:?}");
            assert_eq!(s1, s2, "first solution differs between modes");
            if expect > 0 {
                assert_valid(&p, &s1, false);
            } else {
                assert_eq!(s1, [0u8; 81], "solution written without a solution");
            }
            match &first {
                None => first = Some((o1, s1, o2, s2)),
                Some(f) => assert_eq!(*f, (o1, s1, o2, s2), "backends differ on {line}"),
            }
        }
    }
}

#[test]
fn norvig_top95_valid() {
    check_file("norvig_top95.txt", 1);
}

#[test]
fn magictour_top1465_valid() {
    check_file("magictour_top1465.txt", 1);
}

#[test]
fn serg_benchmark_two_solutions() {
    check_file("serg_benchmark.txt", 2);
}

#[test]
fn no_solution_file() {
    check_file("no_solution.txt", 0);
}

#[test]
fn contradictory_givens() {
    let mut p = [0u8; 81];
    p[0] = 5;
    p[8] = 5; // same row
    let mut q = [0u8; 81];
    q[0] = 3;
    q[72] = 3; // same column
    let mut r = [0u8; 81];
    r[0] = 7;
    r[20] = 7; // same box
    let mut bad = [0u8; 81];
    bad[40] = 10; // not a digit
    for b in backends() {
        for g in [&p, &q, &r, &bad] {
            let (o, s) = run(g, false, 2, b);
            assert_eq!(o.solutions, 0);
            assert_eq!(s, [0u8; 81]);
        }
    }
}

#[test]
fn empty_grid() {
    for b in backends() {
        let p = [0u8; 81];
        let (o, s) = run(&p, false, 1, b);
        assert_eq!(o.solutions, 1);
        assert_valid(&p, &s, false);
        let (o, _) = run(&p, false, 5, b);
        assert_eq!(o.solutions, 5);
        let (o, s) = run(&p, true, 1, b);
        assert_eq!(o.solutions, 1);
        assert_valid(&p, &s, true);
    }
}

#[test]
fn guess_limit() {
    let Some(text) = read("forum_hardest_1106.txt") else {
        return;
    };
    let p = parse(text.lines().next().unwrap());
    for b in backends() {
        let mut s = [0u8; 81];
        let o = solve(&p, false, 2, 3, &mut s, b);
        assert!(o.limit_hit, "{o:?}");
        assert!(o.guesses <= 3);
        let o = solve(&p, false, 2, 0, &mut s, b);
        assert!(o.limit_hit);
        assert_eq!(o.guesses, 0);
        let o = solve(&p, false, 2, u64::MAX, &mut s, b);
        assert!(!o.limit_hit);
        assert_eq!(o.solutions, 1);
    }
}

#[test]
fn diagonal_puzzle() {
    let p =
        parse("2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3");
    let want =
        parse("267945381853716249491823576576438192384192657129657438642379815935281764718564923");
    for b in backends() {
        let (o, s) = run(&p, true, 1000, b);
        assert_eq!(o.solutions, 1);
        assert_eq!(s, want);
        assert_valid(&p, &s, true);
        // Without the diagonal rule the puzzle has many solutions.
        let (o, _) = run(&p, false, 2, b);
        assert_eq!(o.solutions, 2);
    }
}

#[test]
fn diagonal_counts_match_brute_force() {
    // Cross-check the diagonal mode against a naive backtracker on puzzles
    // made by blanking cells of the known X-Sudoku solution.
    let full =
        parse("267945381853716249491823576576438192384192657129657438642379815935281764718564923");
    let mut seed = 12345u64;
    for _ in 0..20 {
        let mut p = full;
        for c in p.iter_mut() {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (seed >> 33) % 100 < 62 {
                *c = 0;
            }
        }
        let want = naive_count(&mut p.clone(), 0, true, 50);
        for b in backends() {
            let (o, s) = run(&p, true, 50, b);
            assert_eq!(o.solutions, want);
            assert_valid(&p, &s, true);
        }
    }
}

fn naive_count(g: &mut [u8; 81], from: usize, diag: bool, cap: u64) -> u64 {
    let Some(i) = (from..81).find(|&i| g[i] == 0) else {
        return 1;
    };
    let (r, c) = (i / 9, i % 9);
    let mut n = 0;
    for v in 1..=9u8 {
        let ok = (0..9).all(|k| {
            let br = 3 * (r / 3) + k / 3;
            let bc = 3 * (c / 3) + k % 3;
            g[9 * r + k] != v
                && g[9 * k + c] != v
                && g[9 * br + bc] != v
                && !(diag && r == c && g[10 * k] == v)
                && !(diag && r + c == 8 && g[8 * k + 8] == v)
        });
        if ok {
            g[i] = v;
            n += naive_count(g, i + 1, diag, cap - n);
            g[i] = 0;
            if n >= cap {
                break;
            }
        }
    }
    n
}
