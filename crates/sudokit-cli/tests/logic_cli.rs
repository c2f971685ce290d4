//! The commands that think like a person (`rate`, `hint`, `explain`) and
//! pencil-mark input, run as a user runs them.

mod common;

use common::*;
use predicates::prelude::*;
use sudokit::logic::State;
use sudokit::{parse_grid, ParseOptions};

/// The 729-character pencil marks of a puzzle's start.
fn marks_of(puzzle: &str) -> String {
    let grid = parse_grid(puzzle, ParseOptions::default()).unwrap();
    State::from_puzzle(&grid).to_marks_line()
}

/// GRID2's solution with A2, A4, B2 and B4 emptied: they hold 1, 3, 3, 1
/// or 3, 1, 1, 3, so the puzzle has exactly two solutions.
fn two_solutions() -> String {
    let mut cells: Vec<char> = GRID2_SOLVED.chars().collect();
    for s in [1, 3, 10, 12] {
        cells[s] = '.';
    }
    cells.into_iter().collect()
}

/// `marks` with digit `d` struck from square `s`.
fn strike(marks: &str, s: usize, d: usize) -> String {
    let mut out = marks.to_string();
    out.replace_range(s * 9 + d - 1..s * 9 + d, ".");
    out
}

#[test]
fn solve_and_count_read_729_character_pencil_marks() {
    let marks = marks_of(GRID2);
    assert_eq!(marks.len(), 729);
    sudokit()
        .args(["solve", &marks])
        .assert()
        .success()
        .stdout(format!("{GRID2_SOLVED}\n"));
    sudokit()
        .args(["count", &marks])
        .assert()
        .success()
        .stdout("1\n");
    // The JSON record shows the marks as the puzzle, and the engine that
    // can start from them.
    let record = &json_lines(&stdout_of(sudokit().args(["solve", "-f", "json", &marks])))[0];
    assert_eq!(record["puzzle"], marks.as_str());
    assert_eq!(record["engine"], "norvig");
    assert_eq!(record["solution"], GRID2_SOLVED);
}

#[test]
fn striking_a_mark_changes_the_count_and_the_solution() {
    let puzzle = two_solutions();
    let marks = marks_of(&puzzle);
    sudokit()
        .args(["count", &marks])
        .assert()
        .success()
        .stdout("2+\n");
    // A2 holds 1 in GRID2's solution; without that mark only the other
    // solution is left (A2 and B4 both hold 3), and without B4's 3 as well
    // none is.
    let struck = strike(&marks, 1, 1);
    sudokit()
        .args(["count", &struck])
        .assert()
        .success()
        .stdout("1\n");
    let out = stdout_of(sudokit().args(["solve", &struck]));
    assert_eq!(&out[..4], "4371");
    assert_ne!(out.trim(), GRID2_SOLVED);
    sudokit()
        .args(["count", &strike(&struck, 12, 3)])
        .assert()
        .code(1)
        .stdout("0\n");
    // Striking a square's last mark is a slip, said as such.
    sudokit()
        .args(["count", &strike(&struck, 1, 3)])
        .assert()
        .code(2)
        .stdout("invalid\n")
        .stderr(predicate::str::contains(
            "invalid: square A2 has no candidate",
        ));
}

#[test]
fn a_bad_marks_line_names_its_square_and_the_others_are_answered() {
    let marks = marks_of(GRID2);
    let mut empty_c4 = marks.clone();
    let c4 = 2 * 9 + 3;
    empty_c4.replace_range(c4 * 9..c4 * 9 + 9, ".........");
    let input = format!("{marks}\n{empty_c4}\n{GRID2}\n");
    sudokit()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(format!("{GRID2_SOLVED}\ninvalid\n{GRID2_SOLVED}\n"))
        .stderr(predicate::str::contains(
            "puzzle 2 (line 2): invalid: square C4 has no candidate",
        ));
}

#[test]
fn an_engine_that_cannot_start_from_marks_is_a_usage_error() {
    sudokit()
        .args(["solve", "--engine", "fast", &marks_of(GRID2)])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "is given as pencil marks, which the fast engine cannot start from",
        ));
}

const EASY1: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Puzzles of ../shared/ratings/se_ratings_dev.jsonl within the techniques
/// up to XYZ-wing, and the ER/EP/ED SE 1.2.1 gives them.
const RATED: [(&str, &str); 8] = [
    (
        "..............1..2..3.4..5......26.7..8.......543........8...4..2........6...9...",
        "2.3/1.5/1.5",
    ),
    (
        "................12..3.45.........4.....6......1.2...7......7......83..6.4.5.....9",
        "2.0/1.5/1.5",
    ),
    (
        "..............1..2.34....5............5.6.34.1..7.8...........8..6.4....2.......1",
        "3.2/1.5/1.5",
    ),
    (
        "..............1..2.34.....5.......6.......73.8....9.......37.4..2.6.....5.......1",
        "3.4/2.0/2.0",
    ),
    (
        "..............1..2..3....4.........1.....52.6.34.7........8.......43..9.27.......",
        "3.0/1.2/1.2",
    ),
    (
        "................12..3.45..............4..63...6.1.2.......3.47....8.....25.......",
        "4.2/1.5/1.5",
    ),
    (
        ".6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4.",
        "3.8/1.2/1.2",
    ),
    (
        "........1.....2.....3....45......2....5.3.....2...67.....45...36.....8..7........",
        "4.4/1.2/1.2",
    ),
];

/// A diagonal puzzle (rated with `--diagonal`) past the rules: chains are
/// off on the diagonal variant and the other rules stop short, so it rates
/// 20.0, as SE rates a puzzle beyond its rules.
const BEYOND_RULES: &str =
    ".....16...57....2.....3..........2.9..42...8.2.........9.....1........3.....4..7.";

/// The file of the rated puzzles, one per line.
fn rated_file(name: &str) -> std::path::PathBuf {
    let path = scratch(name).join("rated.txt");
    let lines: Vec<&str> = RATED.iter().map(|(p, _)| *p).collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn rate_gives_se_ratings_er_ep_ed_in_input_order() {
    let file = rated_file("rate");
    let expected: String = RATED.iter().map(|(_, r)| format!("{r}\n")).collect();
    for jobs in ["1", "2"] {
        sudokit()
            .args(["rate", "-j", jobs])
            .arg(&file)
            .assert()
            .success()
            .stdout(expected.clone());
    }
}

#[test]
fn rate_json_adds_the_rating_to_the_usual_record() {
    let out = stdout_of(sudokit().args(["rate", "--format", "json", RATED[5].0]));
    let record = &json_lines(&out)[0];
    assert_eq!(record["status"], "rated");
    assert_eq!(
        (record["er"].as_f64(), record["ep"].as_f64()),
        (Some(4.2), Some(1.5))
    );
    assert_eq!(record["ed"], 1.5);
    assert_eq!(record["technique"], "xy_wing");
    assert_eq!(record["complete"], true);
    assert_eq!(record["puzzle"], RATED[5].0);
    assert!(record["solution"].as_str().is_some_and(|s| s.len() == 81));
    let steps = record["steps"].as_u64().unwrap();
    let counted: u64 = record["techniques"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(steps, counted);
    // Every field of the schema is there, as for solve.
    for field in [
        "file", "index", "line", "error", "engine", "guesses", "seconds",
    ] {
        assert!(record.get(field).is_some(), "{field}");
    }
}

#[test]
fn rate_min_and_max_er_keep_the_puzzles_in_range_with_their_ratings() {
    let file = rated_file("rate-filter");
    let out = stdout_of(
        sudokit()
            .args(["rate", "--min-er", "3.0", "--max-er", "4.2"])
            .arg(&file),
    );
    let expected: Vec<String> = RATED
        .iter()
        .filter(|(_, r)| ("3.0".."4.3").contains(&&r[..3]))
        .map(|(p, r)| format!("{p} {r}"))
        .collect();
    assert_eq!(expected.len(), 5);
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    let json = stdout_of(
        sudokit()
            .args(["rate", "-f", "json", "--min-er", "4.3"])
            .arg(&file),
    );
    let kept: Vec<f64> = json_lines(&json)
        .iter()
        .map(|r| r["er"].as_f64().unwrap())
        .collect();
    assert_eq!(kept, vec![4.4]);
}

#[test]
fn bench_rate_times_the_rating_of_each_collection() {
    let file = rated_file("bench-rate");
    let out = stdout_of(
        sudokit()
            .args(["bench", "--rate", "--repeats", "2", "-f", "json"])
            .arg(&file)
            .arg(EASY1),
    );
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 2, "{out}");
    let highest = RATED
        .iter()
        .map(|(_, r)| r.split('/').next().unwrap().parse::<f64>().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(rows[0]["puzzles"], RATED.len());
    assert_eq!(rows[0]["rated"], RATED.len());
    assert_eq!(rows[0]["max_er"], highest);
    assert_eq!(rows[0]["repeats"], 2);
    assert!(rows[0]["puzzles_per_sec"].as_f64().unwrap() > 0.0);
    assert!(rows[0]["median_ms"].as_f64().unwrap() <= rows[0]["max_ms"].as_f64().unwrap());
    assert_eq!(
        (rows[1]["puzzles"].as_u64(), rows[1]["max_er"].as_f64()),
        (Some(1), Some(1.2))
    );
}

#[test]
fn bench_rate_says_which_puzzles_it_could_not_rate() {
    let several = format!("1{}", ".".repeat(80));
    sudokit()
        .args(["bench", "--rate", "-"])
        .write_stdin(format!("{several}\n{EASY1}\n"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("puzzles/s"))
        .stderr(predicate::str::contains(
            "1 puzzle(s) have no solution or several",
        ));
    sudokit()
        .args(["bench", "--rate", "--engine", "fast", EASY1])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn rate_says_several_solutions_and_no_solution_instead_of_a_rating() {
    let several = format!("1{}", ".".repeat(80));
    let none = "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.";
    sudokit()
        .arg("rate")
        .write_stdin(format!("{several}\n{none}\n{EASY1}\n"))
        .assert()
        .code(1)
        .stdout("multiple\nunsolvable\n1.2/1.2/1.2\n")
        .stderr(predicate::str::contains(
            "puzzle 1 (line 1): multiple: several solutions, so no logical rating",
        ))
        .stderr(predicate::str::contains("puzzle 2 (line 2): unsolvable"));
}

#[test]
fn an_invalid_line_in_a_rate_batch_loses_no_other_answer() {
    let input = format!(
        "{}\n55{}\n{}\n{}\n",
        RATED[0].0,
        ".".repeat(79),
        &EASY1[1..],
        RATED[1].0
    );
    sudokit()
        .arg("rate")
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(format!(
            "{}\ninvalid\ninvalid\n{}\n",
            RATED[0].1, RATED[1].1
        ))
        .stderr(predicate::str::contains(
            "puzzle 2 (line 2): invalid: digit 5 is given twice in row A",
        ))
        .stderr(predicate::str::contains(
            "puzzle 3 (line 3): invalid: found 80 squares",
        ));
}

#[test]
fn a_puzzle_past_the_rules_rates_20_and_is_marked() {
    let rate = |args: &[&str]| {
        stdout_of(
            sudokit()
                .args(["rate", "--diagonal"])
                .args(args)
                .arg(BEYOND_RULES),
        )
    };
    assert_eq!(rate(&[]), "20.0/0.0/2.6 incomplete\n");
    let record = &json_lines(&rate(&["-f", "json"]))[0];
    assert_eq!(record["status"], "incomplete");
    assert_eq!(record["complete"], false);
    assert_eq!(record["er"], 20.0);
    assert!(record["technique"].is_null());
    sudokit()
        .args(["rate", "--diagonal", BEYOND_RULES])
        .assert()
        .success();
    // 20.0 is its rating for the filters too.
    assert!(rate(&["--min-er", "20"]).starts_with(BEYOND_RULES));
    assert_eq!(rate(&["--max-er", "19.9"]), "");
}

#[test]
fn hint_gives_each_level_of_the_next_step() {
    let levels = [
        ("area", "Look at box 1."),
        ("technique", "Try Hidden single in a box (1.2) in box 1."),
        (
            "cells",
            "Try Hidden single in a box (1.2) in box 1: look at B2, digit 6.",
        ),
        (
            "move",
            "Hidden single in a box (1.2): Hidden single in box 1: 6 can only go in B2",
        ),
    ];
    for (level, text) in levels {
        // Nothing on stderr: the spinner is for a terminal only.
        sudokit()
            .args(["hint", "--level", level, EASY1])
            .assert()
            .success()
            .stdout(format!("{text}\n"))
            .stderr("");
    }
    // JSON: the move is the step object; the other levels say their level.
    let step = &json_lines(&stdout_of(sudokit().args(["hint", "-f", "json", EASY1])))[0];
    assert_eq!(step["technique"], "hidden_single");
    assert_eq!(
        step["placements"],
        serde_json::json!([{"square": "B2", "digit": 6}])
    );
    assert_eq!(step["evidence"]["units"], serde_json::json!(["box 1"]));
    let area = &json_lines(&stdout_of(
        sudokit().args(["hint", "-f", "json", "-l", "area", EASY1]),
    ))[0];
    assert_eq!(area["level"], "area");
    assert_eq!(area["units"], serde_json::json!(["box 1"]));
    assert!(area.get("squares").is_none());
}

#[test]
fn hint_from_a_state_takes_the_next_step_from_there() {
    // B2 = 6 placed: the next easiest step is another.
    let mut state = EASY1.to_string();
    state.replace_range(10..11, "6");
    let out = stdout_of(sudokit().args(["hint", "--state", &state, EASY1]));
    assert!(!out.contains("B2") && out.contains("(1.2)"), "{out}");
}

#[test]
fn hint_names_a_wrong_placed_digit() {
    // A1 is 4 in EASY1's solution.
    let state = format!("5{}", &EASY1[1..]);
    sudokit()
        .args(["hint", "--state", &state, EASY1])
        .assert()
        .success()
        .stdout("A1 is wrong: it holds 5, and the solution has 4 there.\n");
    let json =
        &json_lines(&stdout_of(sudokit().args([
            "hint", "-f", "json", "-l", "area", "--state", &state, EASY1,
        ])))[0];
    assert_eq!(json["mistake"], "wrong_digit");
    assert_eq!(json["square"], "A1");
    assert_eq!(json["digit"], 5);
}

#[test]
fn hint_reads_729_pencil_marks_and_names_a_missing_mark() {
    let marks = marks_of(EASY1);
    // The puzzle's own marks: the same first step as from its givens.
    sudokit()
        .args(["hint", "--state", &marks, EASY1])
        .assert()
        .success()
        .stdout(predicate::str::contains("(1.2)"));
    // A2 (marks 4578) is 8 in the solution: strike that mark. (Striking
    // one of A1's two marks would leave one, a placed digit, and wrong.)
    let struck = strike(&marks, 1, 8);
    sudokit()
        .args(["hint", "-l", "technique", "--state", &struck, EASY1])
        .assert()
        .success()
        .stdout("A2 is missing a pencil mark: its digit was struck out of its marks.\n");
    sudokit()
        .args(["hint", "-l", "cells", "--state", &struck, EASY1])
        .assert()
        .success()
        .stdout("A2 is missing the pencil mark 8, which is its digit in the solution.\n");
    sudokit()
        .args(["hint", "--state", &strike(&marks, 0, 4), EASY1])
        .assert()
        .success()
        .stdout("A1 is wrong: it holds 5, and the solution has 4 there.\n");
}

#[test]
fn hint_reads_a_candidate_grid_from_a_file() {
    let dir = scratch("hint-grid");
    let grid = stdout_of(sudokit().args(["candidates", GRID2]));
    let path = dir.join("state.txt");
    std::fs::write(&path, &grid).unwrap();
    let out = stdout_of(sudokit().args(["hint", "--state"]).arg(&path).arg(GRID2));
    // Propagation already placed every single: the hint is a step past them.
    assert!(out.contains('(') && !out.contains("wrong"), "{out}");
}

#[test]
fn hint_gives_no_step_for_several_solutions_and_says_why_for_bad_states() {
    let several = format!("1{}", ".".repeat(80));
    sudokit()
        .args(["hint", &several])
        .assert()
        .code(1)
        .stdout("multiple: several solutions, so no logical hint\n");
    let mut changed = EASY1.to_string();
    changed.replace_range(2..3, "5");
    sudokit()
        .args(["hint", "--state", &changed, EASY1])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--state: invalid: square A3: the puzzle gives 3, the state holds 5",
        ));
    sudokit()
        .args(["hint", "--state", &marks_of(EASY1)[1..], EASY1])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("found 728 pencil-mark characters"));
}

/// The puzzles of `explain --format json`'s output, each record with its
/// steps, once every step is checked against the puzzle's solution: no
/// placement differs from it, no elimination removes its digit, and the
/// steps are numbered 1, 2, ... up to the record's `path_steps`.
fn explained(out: &str) -> Vec<(serde_json::Value, Vec<serde_json::Value>)> {
    let mut puzzles = Vec::new();
    let mut steps = Vec::new();
    for record in json_lines(out) {
        if record.get("status").is_none() {
            steps.push(record);
            continue;
        }
        let solution: Vec<u8> = record["solution"].as_str().unwrap().bytes().collect();
        let digit = |c: &serde_json::Value| {
            let name = c["square"].as_str().unwrap().as_bytes();
            let s = usize::from(name[0] - b'A') * 9 + usize::from(name[1] - b'1');
            (solution[s] - b'0', c["digit"].as_u64().unwrap() as u8)
        };
        assert_eq!(record["path_steps"].as_u64().unwrap() as usize, steps.len());
        for (n, step) in steps.iter().enumerate() {
            assert_eq!(step["step"], n + 1);
            assert_eq!(step["index"], record["index"]);
            for p in step["placements"].as_array().unwrap() {
                let (right, placed) = digit(p);
                assert_eq!(right, placed, "{step}");
            }
            for e in step["eliminations"].as_array().unwrap() {
                let (right, removed) = digit(e);
                assert_ne!(right, removed, "{step}");
            }
        }
        puzzles.push((record, std::mem::take(&mut steps)));
    }
    assert!(steps.is_empty(), "steps after the last puzzle");
    puzzles
}

/// A record's rating as the text line shows it.
fn shown(record: &serde_json::Value) -> String {
    format!(
        "{:.1}/{:.1}/{:.1}",
        record["er"].as_f64().unwrap(),
        record["ep"].as_f64().unwrap(),
        record["ed"].as_f64().unwrap()
    )
}

/// Every step of an explanation agrees with the solution; the rating after
/// the steps is `rate`'s.
#[test]
fn explain_json_steps_agree_with_the_solution_and_the_rating_with_rate() {
    let file = rated_file("explain");
    for order in ["se", "easiest"] {
        let out = stdout_of(
            sudokit()
                .args(["explain", "--format", "json", "--order", order])
                .arg(&file),
        );
        let puzzles = explained(&out);
        assert_eq!(puzzles.len(), RATED.len());
        for ((record, _), (_, rating)) in puzzles.iter().zip(RATED) {
            assert_eq!(shown(record), rating);
            assert_eq!(record["order"], order);
        }
    }
}

#[test]
fn explain_text_shows_each_puzzle_its_steps_and_its_rating() {
    let out = stdout_of(sudokit().args(["explain", EASY1, RATED[5].0]));
    let lines: Vec<&str> = out.lines().collect();
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("puzzle "))
        .collect();
    assert_eq!(starts.len(), 2);
    assert_eq!(lines[0], format!("puzzle {EASY1}"));
    assert_eq!(
        lines[1],
        "Hidden single in a box (1.2): Hidden single in box 1: 6 can only go in B2"
    );
    assert_eq!(lines[starts[1] - 1], "ER/EP/ED 1.2/1.2/1.2");
    assert_eq!(lines.last(), Some(&"ER/EP/ED 4.2/1.5/1.5"));
    // One line per step: the JSON says how many.
    let json = stdout_of(sudokit().args(["explain", "-f", "json", EASY1]));
    let last = json_lines(&json).pop().unwrap();
    assert_eq!(last["path_steps"].as_u64().unwrap() as usize, starts[1] - 2);
    sudokit()
        .args(["explain", &format!("1{}", ".".repeat(80))])
        .assert()
        .code(1)
        .stdout(format!("puzzle 1{}\nmultiple\n", ".".repeat(80)));
}

/// A puzzle given as the pencil marks of its start (every candidate its
/// givens allow) is the same puzzle to logic: the same rating, the same
/// steps.
#[test]
fn rate_and_explain_read_a_puzzles_full_pencil_marks_as_the_puzzle() {
    let marks: Vec<String> = RATED.iter().map(|(p, _)| marks_of(p)).collect();
    let expected: String = RATED.iter().map(|(_, r)| format!("{r}\n")).collect();
    sudokit()
        .arg("rate")
        .write_stdin(marks.join("\n") + "\n")
        .assert()
        .success()
        .stdout(expected);
    // Past the rules, too: stuck at the same point.
    assert_eq!(
        stdout_of(sudokit().args(["rate", "--diagonal", &marks_of(BEYOND_RULES)])),
        stdout_of(sudokit().args(["rate", "--diagonal", BEYOND_RULES]))
    );
    let plain = stdout_of(sudokit().args(["explain", RATED[5].0]));
    let from_marks = stdout_of(sudokit().args(["explain", &marks[5]]));
    // The puzzle line shows the marks as given; the steps are the same.
    assert_eq!(
        from_marks.lines().next(),
        Some(&*format!("puzzle {}", marks[5]))
    );
    assert_eq!(
        from_marks.lines().skip(1).collect::<Vec<_>>(),
        plain.lines().skip(1).collect::<Vec<_>>()
    );
    // A range keeps the marks line itself, not the few digits it settles.
    let kept = stdout_of(sudokit().args(["rate", "--min-er", "4", &marks[5]]));
    assert_eq!(kept, format!("{} 4.2/1.5/1.5\n", marks[5]));
}

/// RATED[5] needs an XY-wing that removes 9 from F7. Strike that mark
/// and the puzzle is one of singles and a direct hidden pair (2.0, the
/// hardest step of its path before the swordfish and the XY-wing): the
/// path starts from the marks as given, not from the givens.
#[test]
fn rate_and_explain_start_from_struck_pencil_marks() {
    let f7 = 5 * 9 + 6;
    let struck = strike(&marks_of(RATED[5].0), f7, 9);
    sudokit()
        .args(["rate", &struck])
        .assert()
        .success()
        .stdout("2.0/1.5/1.5\n");
    // The library, started from the same marks, agrees.
    let marks = sudokit::parse::parse_marks_line(&struck, ParseOptions::default()).unwrap();
    let state = State::from_marks(&marks.values, &marks.values, Some(marks.sets()));
    let rating = sudokit::logic::rate_from(&mut sudokit::logic::Cache::new(), &state);
    assert_eq!(
        format!("{}/{}/{}", rating.er, rating.ep, rating.ed),
        "2.0/1.5/1.5"
    );
    for order in ["se", "easiest"] {
        let out = stdout_of(sudokit().args(["explain", "-f", "json", "--order", order, &struck]));
        let puzzles = explained(&out);
        let (record, steps) = &puzzles[0];
        assert_eq!(record["status"], "rated");
        assert_eq!(record["puzzle"], struck.as_str());
        assert_eq!(shown(record), "2.0/1.5/1.5");
        let techniques: Vec<&str> = steps
            .iter()
            .map(|s| s["technique"].as_str().unwrap())
            .collect();
        assert!(!techniques.contains(&"xy_wing"), "{techniques:?}");
        assert!(!techniques.contains(&"swordfish"), "{techniques:?}");
        // Every empty square is filled by the steps.
        let placed: usize = steps
            .iter()
            .map(|s| s["placements"].as_array().unwrap().len())
            .sum();
        assert_eq!(placed, RATED[5].0.matches('.').count());
    }
}

/// Pencil marks with no solution (A2's 8 struck: its digit in EASY1's
/// solution) or several are answered as such puzzles are.
#[test]
fn rate_and_explain_say_when_pencil_marks_have_no_solution_or_several() {
    let none = strike(&marks_of(EASY1), 1, 8);
    let several = marks_of(&two_solutions());
    sudokit()
        .arg("rate")
        .write_stdin(format!("{none}\n{several}\n"))
        .assert()
        .code(1)
        .stdout("unsolvable\nmultiple\n")
        .stderr(predicate::str::contains("puzzle 1 (line 1): unsolvable"))
        .stderr(predicate::str::contains(
            "puzzle 2 (line 2): multiple: several solutions, so no logical rating",
        ));
    sudokit()
        .args(["explain", &none])
        .assert()
        .code(1)
        .stdout(format!("puzzle {none}\nunsolvable\n"));
    let record = &json_lines(&stdout_of(sudokit().args(["rate", "-f", "json", &none])))[0];
    assert_eq!(record["status"], "unsolvable");
    assert_eq!(record["er"], serde_json::Value::Null);
}

/// A rating takes the singles of a standard puzzle on a board of fixed
/// tables and builds the general state only where a harder rule is needed
/// (building and updating that state for every single was most of what
/// rating an easy puzzle cost). Over serate's own ratings of easy and
/// middling puzzles (ER 1.2 to 8.3: paths of singles alone, and paths
/// that leave the singles at every point), the ratings are serate's, and
/// `explain`, whose path is found on the general state from the start,
/// gives the same ratings.
#[test]
fn singles_taken_on_fixed_tables_keep_serates_ratings_and_explains() {
    let path = root().join("../shared/ratings/se_ratings_dev.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: ../shared/ratings/se_ratings_dev.jsonl not found");
        return;
    };
    let (mut puzzles, mut expected) = (String::new(), String::new());
    for record in json_lines(&text) {
        if !["kaggle_sample", "seventeen_clue"].contains(&record["set"].as_str().unwrap()) {
            continue;
        }
        puzzles += &format!("{}\n", record["puzzle"].as_str().unwrap());
        let er = |key: &str| format!("{:.1}", record[key].as_f64().unwrap());
        expected += &format!("{}/{}/{}\n", er("er"), er("ep"), er("ed"));
    }
    assert_eq!(puzzles.lines().count(), 400);
    assert!(expected.lines().any(|r| r.starts_with("1.2/")));
    assert!(expected.lines().any(|r| r.starts_with("8.3/")));
    let file = scratch("singles-board").join("rated.txt");
    std::fs::write(&file, &puzzles).unwrap();
    for jobs in ["1", "2"] {
        sudokit()
            .args(["rate", "-j", jobs])
            .arg(&file)
            .timeout(std::time::Duration::from_secs(300))
            .assert()
            .success()
            .stdout(expected.clone());
    }
    let explained = stdout_of(
        sudokit()
            .args(["explain", "--format", "json"])
            .arg(&file)
            .timeout(std::time::Duration::from_secs(300)),
    );
    let ratings: String = json_lines(&explained)
        .iter()
        .filter(|record| record.get("er").is_some())
        .map(|record| {
            let er = |key: &str| format!("{:.1}", record[key].as_f64().unwrap());
            format!("{}/{}/{}\n", er("er"), er("ep"), er("ed"))
        })
        .collect();
    assert_eq!(ratings, expected);
}
