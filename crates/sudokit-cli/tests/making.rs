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
            "3 puzzles, 2 different, 1 duplicate left out",
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

#[test]
fn generate_gives_the_same_puzzles_whatever_the_threads() {
    let args = ["generate", "--count", "6", "--seed", "9", "--level", "hard"];
    let one = stdout_of(sudokit().args(args).args(["-j", "1"]));
    let two = stdout_of(sudokit().args(args).args(["-j", "2"]));
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 6);
    // Each has one solution, and rates in the band.
    let counts = stdout_of(sudokit().arg("count").write_stdin(one.clone()));
    assert_eq!(counts, "1\n".repeat(6));
    let ratings = stdout_of(sudokit().arg("rate").write_stdin(one));
    for line in ratings.lines() {
        let er: f64 = line.split('/').next().unwrap().parse().unwrap();
        assert!((1.6..=2.5).contains(&er), "{line}");
    }
    sudokit()
        .arg("generate")
        .assert()
        .success()
        .stderr(predicate::str::contains("--seed"));
}

#[test]
fn generate_writes_json_records_and_boards() {
    let out = stdout_of(sudokit().args([
        "generate",
        "-n",
        "2",
        "--seed",
        "3",
        "--format",
        "json",
        "--symmetry",
        "mirror",
        "--er",
        "1.0..4",
    ]));
    let records = json_lines(&out);
    assert_eq!(records.len(), 2);
    for r in &records {
        for field in [
            "index",
            "puzzle",
            "solution",
            "givens",
            "name",
            "symmetry",
            "size",
            "variant",
            "er",
            "ep",
            "ed",
            "technique",
            "seed",
            "try",
        ] {
            assert!(r.get(field).is_some(), "{field}: {r}");
        }
        assert_eq!(r["symmetry"], "mirror");
        assert_eq!(r["seed"], 3);
        assert!(r["er"].as_f64().unwrap() <= 4.0);
    }
    let boards = stdout_of(sudokit().args([
        "generate", "-n", "2", "--seed", "3", "--format", "grid", "--size", "4",
    ]));
    assert_eq!(boards.lines().count(), 2 * 5 + 1);
    let plain = stdout_of(sudokit().args(["generate", "--seed", "3", "-n", "1", "--er", "2"]));
    assert!(plain.trim().len() == 81);
}

#[test]
fn generate_ends_a_hopeless_search_with_a_clear_message() {
    sudokit()
        .args([
            "generate",
            "--givens",
            "17",
            "--max-tries",
            "30",
            "--seed",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "stopped after 30 tries (--max-tries 30): found 0 of 1 puzzle",
        ));
    // A count of one is singular: "1 try", not "1 tries".
    sudokit()
        .args([
            "generate",
            "--givens",
            "17",
            "--max-tries",
            "1",
            "--seed",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "stopped after 1 try (--max-tries 1): found 0 of 1 puzzle;",
        ));
    sudokit()
        .args([
            "generate",
            "--givens",
            "17",
            "--timeout",
            "0.3",
            "--seed",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("(--timeout 0.3)"));
    for (args, message) in [
        (vec!["--givens", "10..16"], "fewer than 17 givens"),
        (vec!["--givens", "30..20"], "lower end is above"),
        (vec!["--clues", "90"], "only 81 squares"),
        (vec!["--er", "7..", "--level", "easy"], "do not overlap"),
        (vec!["--technique", "magic"], "unknown technique 'magic'"),
        (vec!["--symmetry", "spiral"], "unknown symmetry 'spiral'"),
    ] {
        sudokit()
            .arg("generate")
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}
