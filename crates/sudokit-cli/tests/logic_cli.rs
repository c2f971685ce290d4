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
