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

/// The first puzzle of hexadoku_16x16.txt (letters A to G are 10 to 16).
const HEXADOKU: &str = concat!(
    "1.D....4.A58.....E.........C...G.2.76.GBF..4....39F.1A.D7........4.6.31...B.58.C",
    "8C7E.69..F.....D...D..........2...A.G8C....7E.1426.G4....57F.A...B..........8...",
    "F.....B..3A.42E1A.4C.5...E6.7.3........3D.C5.7B2....9..1GB.63.4.C...2.........6.",
    "....8FD.3....9.E",
);

/// On a 16x16 grid, a step's text named digits 10 to 16 as numbers ("10
/// can only go in B4") where the grid, the candidates and the puzzle line
/// write them as letters (`A`); JSON `digit` fields stay numbers.
#[test]
fn step_text_on_16x16_names_digits_as_the_grid_writes_them() {
    let symbol = |d: u64| {
        if d <= 9 {
            char::from(b'0' + d as u8)
        } else {
            char::from(b'A' + d as u8 - 10)
        }
    };
    let candidates = &json_of(&["candidates", "-f", "json", HEXADOKU])[0]["candidates"];
    let squares: Vec<String> = (0..256)
        .map(|i| format!("{}{}", char::from(b'A' + (i / 16) as u8), i % 16 + 1))
        .collect();
    let steps = json_of(&["explain", "-f", "json", HEXADOKU]);
    let mut lettered = 0;
    for step in steps.iter().filter(|s| s.get("step").is_some()).take(40) {
        let text = step["text"].as_str().unwrap();
        let technique = step["technique"].as_str().unwrap();
        for placed in step["placements"].as_array().unwrap() {
            let digit = placed["digit"].as_u64().unwrap();
            assert!(digit <= 16, "a digit stays a number in JSON: {step}");
            let square = placed["square"].as_str().unwrap();
            let sym = symbol(digit);
            match technique {
                "hidden_single" => {
                    assert!(
                        text.ends_with(&format!(": {sym} can only go in {square}")),
                        "{step}"
                    )
                }
                "naked_single" => assert!(
                    text.starts_with(&format!("Naked single: {sym} is the only candidate")),
                    "{step}"
                ),
                _ => {}
            }
            if digit >= 10 {
                lettered += 1;
                assert!(!text.contains(&format!(" {digit} ")), "{step}");
                // The candidates JSON writes the same symbol for it.
                let at = squares.iter().position(|s| s == square).unwrap();
                let cands = candidates[at].as_str().unwrap();
                assert!(cands.contains(sym), "{square}: {cands} lacks {sym}");
            }
        }
    }
    assert!(lettered > 0, "the first steps place digits above 9");
    // A hint at level cells names its digits the same way.
    let cells = &json_of(&["hint", "-f", "json", "-l", "cells", HEXADOKU])[0];
    let digits: Vec<char> = cells["digits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| symbol(d.as_u64().unwrap()))
        .collect();
    let text = cells["text"].as_str().unwrap();
    for sym in digits {
        assert!(text.contains(sym), "{text}");
    }
}

/// The number before a plural noun, when it is 1: "1 guesses" and the like.
fn singular_with_plural(text: &str) -> Option<String> {
    const NOUNS: [&str; 12] = [
        "guesses",
        "backtracks",
        "calls",
        "puzzles",
        "duplicates",
        "tries",
        "solutions",
        "steps",
        "cores",
        "threads",
        "squares",
        "givens",
    ];
    NOUNS.iter().find_map(|noun| {
        let wrong = format!("1 {noun}");
        text.match_indices(&wrong)
            .any(|(at, _)| at == 0 || !text.as_bytes()[at - 1].is_ascii_digit())
            .then(|| wrong.clone())
    })
}

/// Messages said "1 guesses", "1 duplicates", "1 tries": a count of one is
/// singular in every message, whatever the subcommand.
#[test]
fn no_message_says_1_guesses_or_1_duplicates() {
    let empty = ".".repeat(81);
    let twice = format!("{GRID2}\n{GRID2}\n");
    let runs: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["solve", "--stats", "-e", "backtrack", EASY1_SOLVED],
            "",
        ),
        (
            vec![
                "solve",
                "--stats",
                "-e",
                "backtrack",
                "--max-guesses",
                "1",
                &empty,
            ],
            "",
        ),
        (vec!["count", "--max-guesses", "1", &empty], ""),
        (vec!["trace", "--max-guesses", "1", &empty], ""),
        (vec!["canon", "--dedupe"], &twice),
        (
            vec![
                "generate",
                "--seed",
                "1",
                "--level",
                "diabolical",
                "--max-tries",
                "1",
            ],
            "",
        ),
    ];
    for (args, stdin) in runs {
        let out = sudokit().args(&args).write_stdin(stdin).output().unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(said.contains("1 "), "sudokit {}: {said}", args.join(" "));
        if let Some(wrong) = singular_with_plural(&said) {
            panic!("sudokit {}: says '{wrong}': {said}", args.join(" "));
        }
    }
}
