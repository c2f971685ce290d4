//! Every fact of `shared/reference/FACTS.md`, pinned. (The geometry facts
//! are pinned next to the tables, in `src/shape.rs`, and the three input
//! forms of grid2 in `src/parse.rs`.)

mod common;

use common::grid;
use sudokit::engine::{agent, backtrack::Backtrack, norvig, Solver};
use sudokit::{format, verify, EngineKind, Limits, Outcome, ParseOptions, Shape, Size, Variant};

const GRID1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const GRID1_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const GRID2_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";
const HARD1_FIRST: &str =
    "438796215659132478271458693845219367713564829926873154194325786362987541587641932";
const DIAGONAL: &str =
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
const DIAGONAL_SOLVED: &str =
    "267945381853716249491823576576438192384192657129657438642379815935281764718564923";

const GRID2_DISPLAY: &str = "   4      1679   12679  |  139     2369    269   |   8      1239     5
 26789     3    1256789 | 14589   24569   245689 | 12679    1249   124679
  2689   15689   125689 |   7     234569  245689 | 12369   12349   123469
------------------------+------------------------+------------------------
  3789     2     15789  |  3459   34579    4579  | 13579     6     13789
  3679   15679   15679  |  359      8     25679  |   4     12359   12379
 36789     4     56789  |  359      1     25679  | 23579   23589   23789
------------------------+------------------------+------------------------
  289      89     289   |   6      459      3    |  1259     7     12489
   5      6789     3    |   2      479      1    |   69     489     4689
   1      6789     4    |  589     579     5789  | 23569   23589   23689
";

const BOARDS: [(&str, &str, &str, u64); 5] = [
    (
        "easy",
        "5...8.1.6....732844.712...37.926......3.45.1...1...625.9.7.4.3..7...289.1259.....",
        "532489176916573284487126953759261348263845719841397625698714532374652891125938467",
        52,
    ),
    (
        "medium",
        "...67..2.7.1...9..8...53....1..2..6...9..6...3.....78...5...3.72..3..5.......5.4.",
        "953671824761248935842953671518729463479836152326514789185462397294387516637195248",
        8797,
    ),
    (
        "hard",
        "..7...43.3..8...565.........7....8.....6.2....2.3.9.6.....6.9.42..4.1....5....3..",
        "817526439349817256562943718673154892985672143124389567731265984298431675456798321",
        72686,
    ),
    (
        "very_hard",
        "1...39..8..5.7.......8.6..59.6..3....514.723....6..9.17..9.5.......2.4..5..34...7",
        "164539728385274169279816345926183574851497236437652981743965812698721453512348697",
        3307,
    ),
    (
        "extreme",
        "..54....9.2..6..7.6....51..1....37...7..9..4...32....6..18....7.6..7..2.9....28..",
        "715438269324961578689725134196543782872196345453287916231854697568379421947612853",
        4428,
    ),
];

#[test]
fn grid1_is_solved_by_propagation_alone() {
    let values = norvig::propagate(&grid(GRID1)).expect("no contradiction");
    assert!(values.is_solved());
    assert_eq!(values.to_grid().to_line(), GRID1_SOLVED);
    // And the search therefore makes no guess.
    let report = sudokit::engine::norvig::Norvig.search(&grid(GRID1), 1, &Limits::none());
    assert_eq!(report.stats.guesses, 0);
}

#[test]
fn grid2_candidate_display_matches_norvig() {
    let values = norvig::propagate(&grid(GRID2)).unwrap();
    assert_eq!(format::display(&values), GRID2_DISPLAY);
}

#[test]
fn grid1_solved_display_is_the_pretty_board() {
    let board = format::pretty(&grid(GRID1_SOLVED));
    assert!(board.starts_with("4 8 3 |9 2 1 |6 5 7\n9 6 7 |3 4 5 |8 2 1\n"));
    assert!(board.contains("\n------+------+------\n"));
}

#[test]
fn grid2_solution_under_norvig_search() {
    match EngineKind::Norvig
        .solver()
        .solve(&grid(GRID2), &Limits::none())
        .0
    {
        Outcome::Solved(s) => assert_eq!(s.to_line(), GRID2_SOLVED),
        other => panic!("{other:?}"),
    }
}

#[test]
fn hard1_first_solution_under_norvig_search_order() {
    let engine = EngineKind::Norvig.solver();
    match engine.solve(&grid(HARD1), &Limits::none()).0 {
        Outcome::Solved(s) => assert_eq!(s.to_line(), HARD1_FIRST),
        other => panic!("{other:?}"),
    }
    // "Many solutions": more than one, at least.
    let (count, _) = engine.count(&grid(HARD1), 2, &Limits::none());
    assert_eq!(count, sudokit::Count::AtLeast(2));
}

#[test]
fn backtracking_call_counts_of_the_five_boards() {
    for (name, puzzle, solution, calls) in BOARDS {
        let report = Backtrack.search(&grid(puzzle), 1, &Limits::none());
        assert_eq!(report.first.unwrap().to_line(), solution, "{name}");
        assert_eq!(report.stats.calls, calls, "{name}");
    }
}

#[test]
fn backtracking_boards_solve_the_same_under_every_engine() {
    for kind in EngineKind::ALL {
        for (name, puzzle, solution, _) in BOARDS {
            let (outcome, _) = kind.solver().solve(&grid(puzzle), &Limits::none());
            assert_eq!(outcome, Outcome::Solved(grid(solution)), "{kind} {name}");
        }
    }
}

#[test]
fn diagonal_example_has_one_diagonal_solution() {
    let options = ParseOptions {
        size: None,
        variant: Variant::Diagonal,
    };
    let puzzle = sudokit::parse_grid(DIAGONAL, options).unwrap();
    assert_eq!(puzzle.shape(), Shape::of(Size::Nine, Variant::Diagonal));
    for kind in [EngineKind::Fast, EngineKind::Norvig, EngineKind::Agent] {
        let engine = kind.solver();
        let (count, _) = engine.count(&puzzle, 2, &Limits::none());
        assert_eq!(count, sudokit::Count::Exactly(1), "{kind}");
        match engine.solve(&puzzle, &Limits::none()).0 {
            Outcome::Solved(s) => {
                assert_eq!(s.to_line(), DIAGONAL_SOLVED, "{kind}");
                assert!(verify::is_solution(&puzzle, &s));
            }
            other => panic!("{kind}: {other:?}"),
        }
    }
    // As a standard sudoku it has many solutions.
    let (count, _) = EngineKind::Norvig
        .solver()
        .count(&grid(DIAGONAL), 2, &Limits::none());
    assert_eq!(count, sudokit::Count::AtLeast(2));
}

#[test]
fn agent_history_replays_the_solve() {
    // The first puzzle of Norvig's hardest.txt: the agent backtracks on it.
    let puzzle =
        grid("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.");
    let (report, history) = agent::history(&puzzle, &Limits::none());
    let solution = report.first.expect("solved");
    assert!(verify::is_solution(&puzzle, &solution));
    assert!(
        report.stats.backtracks > 0,
        "this puzzle needs backtracking"
    );
    assert!(history
        .iter()
        .any(|s| s.action == sudokit::engine::Action::Restore));
    // Every step changes its box, and replaying them ends on the solution.
    let mut replay = sudokit::Candidates::from_grid(&puzzle);
    for step in &history {
        assert_ne!(replay.get(step.square), step.candidates, "{step:?}");
        replay.set(step.square, step.candidates);
    }
    assert_eq!(replay.to_grid(), solution);
}

#[test]
fn norvig_trace_replays_the_solve() {
    let puzzle = grid(HARD1);
    let (report, steps) = norvig::trace(&puzzle, &Limits::none());
    let mut replay = sudokit::Candidates::full(puzzle.shape());
    for step in &steps {
        replay.set(step.square, step.candidates);
    }
    assert_eq!(replay.to_grid().to_line(), HARD1_FIRST);
    assert_eq!(report.first.unwrap().to_line(), HARD1_FIRST);
}

/// Regression: an `assign` step showed the square's
/// candidates before the assignment, and rule (2) re-assigned squares already
/// down to that digit, so the trace printed steps that changed nothing.
#[test]
fn norvig_trace_shows_each_assignment_once_with_its_result() {
    use sudokit::engine::Action;
    for text in [GRID2, HARD1] {
        let puzzle = grid(text);
        let (report, steps) = norvig::trace(&puzzle, &Limits::none());
        assert!(report.first.is_some());
        let mut replay = sudokit::Candidates::full(puzzle.shape());
        for step in &steps {
            if step.action == Action::Assign {
                assert!(
                    step.candidates == sudokit::Digits::single(step.digit)
                        || step.candidates.is_empty(),
                    "{step:?}"
                );
                assert_ne!(
                    replay.get(step.square),
                    step.candidates,
                    "a no-op: {step:?}"
                );
            }
            replay.set(step.square, step.candidates);
        }
        // Each given is assigned once, and first of all.
        let givens = puzzle.cells().iter().filter(|&&d| d != 0).count();
        let given_steps = steps
            .iter()
            .filter(|s| s.action == Action::Assign && s.rule == sudokit::engine::TraceRule::Given)
            .count();
        assert!(given_steps <= givens);
        assert_eq!(steps[0].action, Action::Assign);
        assert_eq!(steps[0].candidates, sudokit::Digits::single(steps[0].digit));
    }
}
