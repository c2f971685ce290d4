//! One corpus, every engine: each engine solves and counts the same puzzles,
//! and the independent checker judges every answer.

mod common;

use common::{corpus, tdoku_tests};
use sudokit::{verify, Count, EngineKind, Grid, Limits, Outcome};

/// Solves every puzzle with `kind`, checks each answer, and returns the
/// number solved.
fn solve_and_check(kind: EngineKind, puzzles: &[Grid], limits: Limits) -> usize {
    let engine = kind.solver();
    let mut solved = 0;
    for (i, puzzle) in puzzles.iter().enumerate() {
        if let (Outcome::Solved(solution), _) = engine.solve(puzzle, &limits) {
            verify::check(puzzle, &solution)
                .unwrap_or_else(|e| panic!("{kind} puzzle {}: {e}", i + 1));
            solved += 1;
        }
    }
    solved
}

#[test]
fn every_engine_solves_easy50() {
    let Some(puzzles) = corpus("norvig_easy50.txt") else {
        return;
    };
    for kind in EngineKind::ALL {
        assert_eq!(
            solve_and_check(kind, &puzzles, Limits::none()),
            50,
            "{kind}"
        );
    }
}

#[test]
fn every_engine_solves_4x4() {
    let Some(puzzles) = corpus("sudoku_4x4.txt") else {
        return;
    };
    assert!(!EngineKind::Fast.solver().supports(puzzles[0].shape()));
    assert_eq!(EngineKind::best_for(puzzles[0].shape()), EngineKind::Norvig);
    for kind in EngineKind::ALL
        .into_iter()
        .filter(|k| k.solver().supports(puzzles[0].shape()))
    {
        assert_eq!(
            solve_and_check(kind, &puzzles, Limits::none()),
            100,
            "{kind}"
        );
        for p in &puzzles {
            assert_eq!(
                kind.solver().count(p, 2, &Limits::none()).0,
                Count::Exactly(1)
            );
        }
    }
}

#[test]
fn propagating_engines_solve_16x16_and_25x25() {
    let Some(hex) = corpus("hexadoku_16x16.txt") else {
        return;
    };
    let Some(big) = corpus("sudoku_25x25.txt") else {
        return;
    };
    for kind in [EngineKind::Norvig, EngineKind::Agent] {
        assert_eq!(solve_and_check(kind, &hex, Limits::none()), 100, "{kind}");
        assert_eq!(solve_and_check(kind, &big, Limits::none()), 2, "{kind}");
    }
}

#[test]
fn propagating_engines_solve_hardest_and_top95() {
    for file in ["norvig_hardest.txt", "norvig_top95.txt"] {
        let Some(puzzles) = corpus(file) else {
            return;
        };
        for kind in [EngineKind::Norvig, EngineKind::Agent] {
            assert_eq!(
                solve_and_check(kind, &puzzles, Limits::none()),
                puzzles.len(),
                "{kind} {file}"
            );
        }
    }
}

#[test]
fn no_solution_is_an_outcome_for_every_engine() {
    let Some(puzzles) = corpus("no_solution.txt") else {
        return;
    };
    for kind in EngineKind::ALL {
        // The naive solver may need billions of calls here: give it a budget,
        // and accept that it may run out, but never that it finds a solution.
        let limits = Limits {
            max_guesses: Some(200_000),
            ..Limits::none()
        };
        for p in &puzzles {
            let (outcome, _) = kind.solver().solve(p, &limits);
            match (kind, outcome) {
                (_, Outcome::Unsolvable) => {}
                (EngineKind::Backtrack, Outcome::LimitReached) => {}
                (_, other) => panic!("{kind}: {other:?} for {p}"),
            }
        }
    }
}

#[test]
fn tdoku_test_list_counts_for_fast_norvig_and_agent() {
    let Some(tests) = tdoku_tests() else {
        return;
    };
    for kind in [EngineKind::Fast, EngineKind::Norvig, EngineKind::Agent] {
        let engine = kind.solver();
        for (puzzle, count, solution) in tests.clone() {
            let report = engine.search(&puzzle, 1000, &Limits::none());
            assert_eq!(report.solutions, count, "{kind} {puzzle}");
            assert!(!report.limit_reached);
            if let Some(first) = &report.first {
                verify::check(&puzzle, first).unwrap();
            }
            if let Some(expected) = solution {
                assert_eq!(report.first.unwrap().to_line(), expected, "{kind}");
            }
        }
    }
}

#[test]
fn budgets_stop_the_search_and_say_so() {
    let hard = common::grid(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    );
    for kind in EngineKind::ALL {
        let limits = Limits {
            max_guesses: Some(3),
            ..Limits::none()
        };
        let report = kind.solver().search(&hard, 1, &limits);
        assert!(report.limit_reached, "{kind}");
        assert_eq!(report.outcome(), Outcome::LimitReached, "{kind}");
        assert!(
            report.stats.guesses <= 3,
            "{kind}: {}",
            report.stats.guesses
        );
    }
}

#[test]
fn serg_puzzles_have_several_solutions() {
    let Some(puzzles) = corpus("serg_benchmark.txt") else {
        return;
    };
    for kind in [EngineKind::Fast, EngineKind::Norvig, EngineKind::Agent] {
        for p in puzzles.iter().step_by(97) {
            assert_eq!(
                kind.solver().count(p, 2, &Limits::none()).0,
                Count::AtLeast(2),
                "{kind} {p}"
            );
        }
    }
}

#[test]
fn norvig_and_agent_solve_top1465() {
    let Some(puzzles) = corpus("magictour_top1465.txt") else {
        return;
    };
    for kind in [EngineKind::Norvig, EngineKind::Agent] {
        assert_eq!(
            solve_and_check(kind, &puzzles, Limits::none()),
            1465,
            "{kind}"
        );
    }
}

/// Every 9x9 collection of `../shared/puzzles`.
const NINE_BY_NINE: [&str; 14] = [
    "norvig_easy50.txt",
    "norvig_top95.txt",
    "norvig_hardest.txt",
    "magictour_top1465.txt",
    "magictour_topn87.txt",
    "magictour_topn234.txt",
    "magictour_top100.txt",
    "seventeen_clue.txt",
    "seventeen_clue_royle.txt",
    "forum_hardest_1905_11plus.txt",
    "forum_hardest_1106.txt",
    "kaggle_sample.txt",
    "kaggle3m_sample.txt",
    "serg_benchmark.txt",
];

/// Both backends of the fast engine, where this CPU has both.
fn fast_backends() -> Vec<sudokit::engine::fast::Fast> {
    use sudokit::engine::fast::{avx2_available, Backend, Fast};
    let mut backends = vec![Fast {
        backend: Backend::Scalar,
    }];
    if avx2_available() {
        backends.push(Fast {
            backend: Backend::Avx2,
        });
    }
    backends
}

#[test]
fn fast_solves_every_collection_and_its_backends_agree() {
    use sudokit::Solver;
    for file in NINE_BY_NINE {
        let Some(puzzles) = corpus(file) else {
            return;
        };
        for (i, puzzle) in puzzles.iter().enumerate() {
            let reports: Vec<_> = fast_backends()
                .iter()
                .map(|fast| fast.search(puzzle, 2, &Limits::none()))
                .collect();
            let first = reports[0]
                .first
                .as_ref()
                .unwrap_or_else(|| panic!("{file} {}: unsolved", i + 1));
            verify::check(puzzle, first).unwrap_or_else(|e| panic!("{file} {}: {e}", i + 1));
            let expected = if file == "serg_benchmark.txt" { 2 } else { 1 };
            assert_eq!(reports[0].solutions, expected, "{file} {}", i + 1);
            for other in &reports[1..] {
                assert_eq!(
                    other.first,
                    reports[0].first,
                    "{file} {}: backends differ",
                    i + 1
                );
                assert_eq!(other.solutions, reports[0].solutions);
                assert_eq!(other.stats.guesses, reports[0].stats.guesses);
            }
        }
    }
}

#[test]
fn fast_agrees_with_norvig_on_every_collection() {
    let norvig = EngineKind::Norvig.solver();
    let fast = EngineKind::Fast.solver();
    for file in NINE_BY_NINE {
        let Some(puzzles) = corpus(file) else {
            return;
        };
        // Norvig is slow on the big hard lists: a spread sample of those.
        let step = (puzzles.len() / 300).max(1);
        for p in puzzles.iter().step_by(step) {
            let a = fast.count(p, 2, &Limits::none()).0;
            let b = norvig.count(p, 2, &Limits::none()).0;
            assert_eq!(a, b, "{file}: {p}");
        }
    }
}

#[test]
fn fast_finds_no_solution_where_there_is_none() {
    let Some(no_solution) = corpus("no_solution.txt") else {
        return;
    };
    for fast in fast_backends() {
        use sudokit::Solver;
        for p in no_solution.clone() {
            assert_eq!(fast.solve(&p, &Limits::none()).0, Outcome::Unsolvable);
        }
    }
}

#[test]
fn run_into_gives_what_run_gives_for_every_engine() {
    // `run_into` is what `sudokit bench` times; `fast` overrides it to skip
    // building a Grid, so it must not drift from `run`.
    let Some(mut puzzles) = corpus("norvig_easy50.txt") else {
        return;
    };
    let (Some(no_solution), Some(serg)) = (corpus("no_solution.txt"), corpus("serg_benchmark.txt"))
    else {
        return;
    };
    puzzles.truncate(10);
    puzzles.extend(no_solution);
    puzzles.extend(serg.into_iter().take(5));
    let limits = Limits {
        max_guesses: Some(200_000),
        ..Limits::none()
    };
    for kind in EngineKind::ALL {
        let engine = kind.solver();
        for p in &puzzles {
            for max in [1, 2] {
                let report = engine.run(p, max, &limits);
                let mut out = vec![0u8; 81];
                let n = engine.run_into(p, max, &limits, &mut out);
                assert_eq!(n, report.solutions, "{kind} {p}");
                match &report.first {
                    Some(first) => assert_eq!(&out[..], first.cells(), "{kind} {p}"),
                    None => assert!(out.iter().all(|&c| c == 0), "{kind} {p}"),
                }
            }
        }
    }
}

/// Regression: `fast` reported `backtracks: 0` on every puzzle. Every
/// engine now counts its dead ends: none on a puzzle solved without a guess,
/// some on puzzles whose guesses fail.
#[test]
fn every_engine_counts_its_backtracks() {
    let Some(easy) = corpus("norvig_easy50.txt") else {
        return;
    };
    let Some(hard) = corpus("forum_hardest_1106.txt") else {
        return;
    };
    let hard: Vec<Grid> = hard.into_iter().take(20).collect();
    let budget = Limits {
        max_guesses: Some(200_000),
        ..Limits::none()
    };
    for kind in EngineKind::ALL {
        let engine = kind.solver();
        for puzzle in &easy {
            let report = engine.run(puzzle, 2, &budget);
            if report.stats.guesses == 0 {
                assert_eq!(report.stats.backtracks, 0, "{kind}: no guess, no backtrack");
            }
        }
        let backtracks: u64 = hard
            .iter()
            .map(|p| engine.run(p, 2, &budget).stats.backtracks)
            .sum();
        assert!(
            backtracks > 0,
            "{kind} counted no backtrack on 20 of the hardest"
        );
    }
}
