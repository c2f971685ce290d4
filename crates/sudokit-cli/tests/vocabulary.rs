//! One vocabulary: every subcommand's JSON uses the same names for the same
//! things (givens, the error text, status words, technique ids with their
//! names), and every hint says its level and status.

mod common;

use common::*;
use serde_json::Value;

const EASY1: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn json_of(args: &[&str]) -> Vec<Value> {
    json_lines(&stdout_of(sudokit().args(args)))
}

/// `generate` wrote `clues` where `random` writes `givens`, and its option
/// was `--clues`.
#[test]
fn generate_json_says_givens_not_clues() {
    let made = &json_of(&["generate", "--seed", "3", "--givens", "30..", "-f", "json"])[0];
    let puzzle = made["puzzle"].as_str().unwrap();
    let givens = puzzle.chars().filter(|&c| c != '.').count();
    assert_eq!(made["givens"], givens);
    assert!(givens >= 30);
    assert!(made.get("clues").is_none(), "{made}");
    let random = &json_of(&["random", "--seed", "3", "-f", "json"])[0];
    assert!(random["givens"].is_u64() && random.get("clues").is_none());
    // `--clues` is still taken, as before, but not shown.
    let old = &json_of(&["generate", "--seed", "3", "--clues", "30..", "-f", "json"])[0];
    assert_eq!(old["puzzle"], made["puzzle"]);
    let help = stdout_of(sudokit().args(["generate", "--help"]));
    assert!(
        help.contains("--givens") && !help.contains("--clues"),
        "{help}"
    );
}

/// `technique` is an id everywhere; `rate` and `generate` had no `name`
/// beside it (Python's `Rating.technique` was the name).
#[test]
fn rate_and_generate_json_have_a_name_beside_the_technique() {
    let rated = &json_of(&["rate", "-f", "json", GRID2])[0];
    assert_eq!(
        (&rated["technique"], &rated["name"]),
        (&"pointing".into(), &"Pointing".into())
    );
    let made = &json_of(&["generate", "--seed", "1", "--level", "easy", "-f", "json"])[0];
    assert_eq!(made["technique"], "hidden_single");
    assert_eq!(made["name"], "Hidden single");
    // Not rated: both null.
    let plain = &json_of(&["generate", "--seed", "1", "-f", "json"])[0];
    assert!(
        plain["technique"].is_null() && plain["name"].is_null(),
        "{plain}"
    );
    let invalid = &json_lines(&stdout_of(
        sudokit().args(["rate", "-f", "json"]).write_stdin("12\n"),
    ))[0];
    assert!(invalid["technique"].is_null() && invalid["name"].is_null());
}

/// `hint --format json` wrote the bare step at level `move` (no `level`, no
/// `status`), and no record fields at any level, so a batch of hints did
/// not say which puzzle each answered; a mistake's status was `hinted`.
#[test]
fn hint_json_has_level_and_status_at_every_level() {
    for level in ["area", "technique", "cells", "move"] {
        let hint = &json_of(&["hint", "-f", "json", "-l", level, EASY1])[0];
        assert_eq!(hint["level"], level, "{hint}");
        assert_eq!(hint["status"], "hinted", "{hint}");
        assert_eq!(hint["puzzle"], EASY1);
        assert_eq!(
            (&hint["file"], &hint["index"]),
            (&"<argument>".into(), &1.into())
        );
        assert!(hint["solution"].is_null(), "a hint gives no solution away");
        assert!(hint["error"].is_null());
    }
    // A mistake, a solved grid, a puzzle with several solutions, none, and
    // a bad one: each says its word, at every level.
    let wrong = format!("5{}", &EASY1[1..]);
    let several = format!("1{}", ".".repeat(80));
    for level in ["area", "move"] {
        let mistake = &json_of(&["hint", "-f", "json", "-l", level, "--state", &wrong, EASY1])[0];
        assert_eq!(mistake["status"], "mistake", "{mistake}");
        assert_eq!(mistake["level"], level);
        assert_eq!(mistake["square"], "A1");
        let solved = &json_of(&["hint", "-f", "json", "-l", level, EASY1_SOLVED])[0];
        assert_eq!(
            (&solved["status"], &solved["level"]),
            (&"solved".into(), &level.into())
        );
        let out = sudokit()
            .args(["hint", "-f", "json", "-l", level, &several])
            .write_stdin("")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let multiple = &json_lines(&String::from_utf8(out.stdout).unwrap())[0];
        assert_eq!(multiple["status"], "multiple");
        assert_eq!(multiple["level"], level);
        assert!(multiple["error"].is_null());
        let out = sudokit()
            .args(["hint", "-f", "json", "-l", level])
            .write_stdin(format!("{EASY1}\n12\n"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let batch = json_lines(&String::from_utf8(out.stdout).unwrap());
        assert_eq!(batch.len(), 2);
        assert_eq!(
            (&batch[0]["index"], &batch[0]["status"]),
            (&1.into(), &"hinted".into())
        );
        assert_eq!(
            (&batch[1]["index"], &batch[1]["status"]),
            (&2.into(), &"invalid".into())
        );
        assert_eq!(batch[1]["level"], level);
        assert!(batch[1]["error"]
            .as_str()
            .unwrap()
            .contains("found 2 squares"));
    }
}

/// `--format` defaulted to `line` in some subcommands and `text` in the
/// others; `text` is the one name now, and `line` is still taken.
#[test]
fn format_text_is_the_default_name_everywhere_and_line_still_works() {
    for command in [
        "solve",
        "count",
        "rate",
        "explain",
        "hint",
        "candidates",
        "trace",
        "canon",
        "transform",
        "random",
        "generate",
        "bench",
    ] {
        let help = stdout_of(sudokit().args([command, "--help"]));
        assert!(help.contains("[default: text]"), "{command}: {help}");
        assert!(!help.contains("line:"), "{command}: {help}");
    }
    for command in ["solve", "count", "canon"] {
        let text = stdout_of(sudokit().args([command, "-f", "text", GRID2]));
        let line = stdout_of(sudokit().args([command, "-f", "line", GRID2]));
        let default = stdout_of(sudokit().args([command, GRID2]));
        assert_eq!(text, default, "{command}");
        assert_eq!(line, default, "{command}");
    }
}
