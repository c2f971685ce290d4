//! The puzzle maker's commands run as a user runs them: `canon` and
//! `transform` (and `generate`, see below).

mod common;

use common::*;
use predicates::prelude::*;

const GRID2_CANON: &str =
    "........1.....1.23..4.5..........5.....6..74.38............2.....7...6...1...8...";

#[test]
fn canon_prints_the_same_form_for_a_puzzle_and_its_disguises() {
    let disguises =
        stdout_of(sudokit().args(["transform", "--random", "--seed", "7", GRID2, GRID2, GRID2]));
    assert_eq!(disguises.lines().count(), 3);
    assert!(disguises.lines().all(|l| l != GRID2));
    let forms = stdout_of(sudokit().arg("canon").write_stdin(disguises));
    assert_eq!(forms, format!("{GRID2_CANON}\n").repeat(3));
    sudokit()
        .args(["canon", GRID2])
        .assert()
        .success()
        .stdout(format!("{GRID2_CANON}\n"));
}

#[test]
fn dedupe_keeps_the_first_of_each_class_and_loses_nothing_to_bad_input() {
    let disguise = stdout_of(sudokit().args(["transform", "--random", "--seed", "1", GRID2]));
    let input = format!("{GRID2}\n1234\n{}{EASY1_SOLVED}\n", disguise);
    sudokit()
        .args(["canon", "--dedupe"])
        .write_stdin(input.clone())
        .assert()
        .code(2)
        .stdout(format!("{GRID2}\n{EASY1_SOLVED}\n"))
        .stderr(predicate::str::contains(
            "<stdin> puzzle 2 (line 2): invalid: found 4 squares",
        ))
        .stderr(predicate::str::contains(
            "3 puzzles, 2 different, 1 duplicates left out",
        ));
    let records = json_lines(&stdout_of(
        sudokit()
            .args(["canon", "--format", "json"])
            .write_stdin(input),
    ));
    assert_eq!(records.len(), 4);
    assert_eq!(records[0]["canonical"], GRID2_CANON);
    assert!(records[0]["duplicate_of"].is_null());
    assert_eq!(records[1]["status"], "invalid");
    assert!(records[1]["canonical"].is_null());
    assert_eq!(records[2]["canonical"], GRID2_CANON);
    assert_eq!(records[2]["duplicate_of"]["index"], 1);
}

#[test]
fn canon_refuses_diagonal_grids_and_names_clashes() {
    sudokit()
        .args(["canon", "--diagonal", GRID2])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("standard grids only"));
    let clash = format!("44{}", &GRID2[2..]);
    sudokit()
        .args(["canon", &clash, GRID2])
        .assert()
        .code(2)
        .stdout(format!("invalid\n{GRID2_CANON}\n"))
        .stderr(predicate::str::contains("digit 4 is given twice in row A"));
}

#[test]
fn transform_is_reproducible_and_keeps_diagonals() {
    let diagonal =
        "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
    let args = [
        "transform",
        "--random",
        "--seed",
        "11",
        "--diagonal",
        diagonal,
    ];
    let a = stdout_of(sudokit().args(args));
    assert_eq!(a, stdout_of(sudokit().args(args)));
    // Still a diagonal puzzle with one solution.
    sudokit()
        .args(["count", "--diagonal", a.trim()])
        .assert()
        .success()
        .stdout("1\n");
    sudokit()
        .args(["transform", GRID2])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--random"));
    sudokit()
        .args(["transform", "--random", GRID2])
        .assert()
        .success()
        .stderr(predicate::str::contains("--seed"));
}
