//! Properties that hold on any puzzle: engines agree, answers keep the
//! givens and pass the checker, symmetries keep the solution count, and the
//! one-line form reads back as the same grid.

mod common;

use proptest::prelude::*;
use sudokit::{parse_grid, verify, Count, EngineKind, Grid, Limits, Outcome, ParseOptions, Shape};

const SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// A solved grid, relabelled and with some squares emptied: a random puzzle
/// that has at least one solution.
fn puzzle_strategy() -> impl Strategy<Value = Grid> {
    (
        Just((1..=9u8).collect::<Vec<u8>>()).prop_shuffle(),
        proptest::collection::vec(0..100u8, 81),
        15..75u8,
    )
        .prop_map(|(labels, dice, percent_kept)| {
            let solved = common::grid(SOLVED);
            let mut grid = Grid::empty(Shape::standard());
            for s in 0..81 {
                if dice[s] < percent_kept {
                    grid.set(s, labels[solved.get(s) as usize - 1]);
                }
            }
            grid
        })
}

fn transpose(grid: &Grid) -> Grid {
    let mut t = Grid::empty(grid.shape());
    for r in 0..9 {
        for c in 0..9 {
            t.set(c * 9 + r, grid.get(r * 9 + c));
        }
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn engines_keep_givens_and_agree_on_counts(puzzle in puzzle_strategy()) {
        let limits = Limits { max_guesses: Some(2_000_000), ..Limits::none() };
        let mut counts = Vec::new();
        for kind in EngineKind::ALL {
            let engine = kind.solver();
            match engine.solve(&puzzle, &limits).0 {
                Outcome::Solved(s) => prop_assert!(verify::is_solution(&puzzle, &s), "{kind}"),
                Outcome::LimitReached if kind == EngineKind::Backtrack => continue,
                other => prop_assert!(false, "{kind}: {other:?}"),
            }
            match engine.count(&puzzle, 2, &limits).0 {
                Count::LimitReached(_) if kind == EngineKind::Backtrack => {}
                count => counts.push((kind, count)),
            }
        }
        for (kind, count) in &counts {
            prop_assert_eq!(*count, counts[0].1, "{} disagrees with {}", kind, counts[0].0);
        }
    }

    #[test]
    fn transposing_keeps_the_solution_count(puzzle in puzzle_strategy()) {
        let engine = EngineKind::Norvig.solver();
        let a = engine.count(&puzzle, 3, &Limits::none()).0;
        let b = engine.count(&transpose(&puzzle), 3, &Limits::none()).0;
        prop_assert_eq!(a, b);
    }

    #[test]
    fn one_line_form_round_trips(puzzle in puzzle_strategy()) {
        let line = puzzle.to_line();
        prop_assert_eq!(parse_grid(&line, ParseOptions::default()).unwrap(), puzzle.clone());
        let pretty = sudokit::format::pretty(&puzzle);
        prop_assert_eq!(parse_grid(&pretty, ParseOptions::default()).unwrap(), puzzle);
    }

    #[test]
    fn parsing_never_panics(text in "[0-9.A-Za-z|\\-+ \n\\[\\],]{0,200}") {
        let _ = parse_grid(&text, ParseOptions::default());
        let _ = sudokit::parse::read_puzzles(&text, ParseOptions::default());
    }
}
