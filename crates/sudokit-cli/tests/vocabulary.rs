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

/// The guide's JSON section, where the vocabulary is written down once.
fn guide_json() -> String {
    let guide = std::fs::read_to_string(root().join("docs/guide.md")).unwrap();
    let section = guide
        .split("\n## JSON output")
        .nth(1)
        .expect("a JSON section");
    section.split("\n## ").next().unwrap().to_string()
}

/// The rows of the table under `### heading`: each row's cells, trimmed.
fn table(section: &str, heading: &str) -> Vec<Vec<String>> {
    let part = section
        .split(&format!("### {heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("no '### {heading}' in the guide's JSON section"));
    let part = part.split("\n### ").next().unwrap();
    part.lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
        .skip(1)
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// `a`, `b` from "`a`, `b`": the names in a cell.
fn names(cell: &str) -> Vec<String> {
    cell.split(", ").map(|n| n.replace('`', "")).collect()
}

/// What the guide documents: the record's fields, each answer's fields
/// (by the answer's name, "the record" and "a step" expanded), and each
/// subcommand's status words.
struct Documented {
    record: Vec<String>,
    answers: std::collections::BTreeMap<String, Vec<String>>,
    statuses: std::collections::BTreeMap<String, Vec<String>>,
}

fn documented() -> Documented {
    let json = guide_json();
    let record: Vec<String> = table(&json, "The record")
        .iter()
        .map(|row| row[0].replace('`', ""))
        .collect();
    let rows = table(&json, "Each subcommand's fields");
    let step = rows
        .iter()
        .find(|row| row[0] == "step")
        .map(|row| names(&row[1]))
        .expect("a step row");
    let answers = rows
        .iter()
        .map(|row| {
            let mut fields = Vec::new();
            for part in row[1].split(", ") {
                match part {
                    "the record" => fields.extend(record.iter().cloned()),
                    "a step" => fields.extend(step.iter().cloned()),
                    name => fields.push(name.replace('`', "")),
                }
            }
            (row[0].replace('`', ""), fields)
        })
        .collect();
    let statuses = table(&json, "Status words")
        .iter()
        .map(|row| (row[0].replace('`', ""), names(&row[1])))
        .collect();
    Documented {
        record,
        answers,
        statuses,
    }
}

/// Which row of the guide's table a JSON line of `command` is.
fn answer_of(command: &str, record: &Value) -> String {
    match command {
        "rate" if record["rules"] == "hodoku" => "rate --rules hodoku".to_string(),
        "generate" if record["rules"] == "hodoku" => "generate --rules hodoku".to_string(),
        "explain" if record.get("hodoku").is_some() => "explain --rules hodoku step".to_string(),
        "explain" if record["rules"] == "hodoku" => "explain --rules hodoku".to_string(),
        "trace" | "explain" if record.get("step").is_some() => format!("{command} step"),
        "bench" if record["rules"] == "hodoku" => "bench --rate --rules hodoku".to_string(),
        "bench" if record["mode"] == "rate" => "bench --rate".to_string(),
        "hint" if record.get("hodoku").is_some() => "hint --rules hodoku move".to_string(),
        "hint" => match record["status"].as_str().unwrap() {
            "hinted" => format!("hint {}", record["level"].as_str().unwrap()),
            "mistake" => "hint mistake".to_string(),
            _ => "hint no step".to_string(),
        },
        _ => command.to_string(),
    }
}

/// Every subcommand's JSON, for valid and invalid input and every kind of
/// answer, has exactly the fields the guide lists for it, and only the
/// status words it lists: the command and its documentation cannot drift
/// apart.
#[test]
fn every_subcommand_writes_the_fields_and_words_the_guide_documents() {
    let doc = documented();
    assert_eq!(doc.record.len(), 12, "{:?}", doc.record);
    let mixed = testdata("mixed.txt");
    let mixed = mixed.to_str().unwrap();
    let several = format!("1{}", ".".repeat(80));
    let wrong = format!("5{}", &EASY1[1..]);
    // The first guess is not the last: the budget of one runs out.
    let empty = ".".repeat(81);
    let mut runs: Vec<(&str, Vec<String>)> = Vec::new();
    let mut run = |command: &'static str, args: &[&str]| {
        let mut all = vec![command.to_string()];
        all.extend(args.iter().map(|a| a.to_string()));
        all.extend(["--format".to_string(), "json".to_string()]);
        runs.push((command, all));
    };
    // Propagation alone finds that A9 must be 9, and 9 is in B9.
    let contradiction = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    for command in ["solve", "count", "candidates", "trace", "rate", "canon"] {
        run(command, &[mixed, &several, &contradiction, "/no/such/file"]);
    }
    run("count", &["--limit", "1", mixed]);
    for command in ["solve", "count", "trace"] {
        run(command, &["--max-guesses", "1", &empty]);
    }
    run(
        "transform",
        &["--random", "--seed", "1", mixed, "/no/such/file"],
    );
    run(
        "explain",
        &[GRID2, &several, &contradiction, "12", "/no/such/file"],
    );
    for level in ["area", "technique", "cells", "move"] {
        let puzzles = [
            EASY1,
            EASY1_SOLVED,
            &several,
            &contradiction,
            "12",
            "/no/such/file",
        ];
        run("hint", &[&["--level", level][..], &puzzles].concat());
        run("hint", &["--level", level, "--state", &wrong, EASY1]);
        run(
            "hint",
            &["--rules", "hodoku", "--level", level, EASY1, &several, "12"],
        );
    }
    // Diagonal sudoku has no chains: no rule finishes this one (rated
    // incomplete).
    const BEYOND_RULES: &str =
        ".....16...57....2.....3..........2.9..42...8.2.........9.....1........3.....4..7.";
    run("rate", &["--diagonal", BEYOND_RULES]);
    run("explain", &["--diagonal", BEYOND_RULES]);
    run(
        "explain",
        &["--rules", "hodoku", EASY1, &several, "12", "/no/such/file"],
    );
    const TOP95_4: &str =
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";
    run(
        "rate",
        &[
            "--rules",
            "hodoku",
            EASY1,
            TOP95_4,
            &several,
            "12",
            "/no/such/file",
        ],
    );
    let library = format!(":0000:1:{EASY1}::::");
    run(
        "steps",
        &["--rules", "hodoku", EASY1, &library, "12", "/no/such/file"],
    );
    run("steps", &["-t", "hidden_single", EASY1]);
    run("random", &["--seed", "1", "-n", "2"]);
    run("generate", &["--seed", "1"]);
    run("generate", &["--seed", "1", "--level", "easy"]);
    run(
        "generate",
        &["--seed", "1", "--rules", "hodoku", "--level", "medium"],
    );
    run(
        "bench",
        &["--seconds", "0", "--repeats", "1", "-e", "norvig", GRID2],
    );
    run("bench", &["--rate", GRID2]);
    run("bench", &["--rate", "--rules", "hodoku", GRID2]);
    let mut seen_answers = std::collections::BTreeSet::new();
    let mut seen_words = std::collections::BTreeSet::new();
    for (command, args) in &runs {
        let out = sudokit().args(args).output().unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        let records = json_lines(&stdout);
        assert!(!records.is_empty(), "sudokit {}: no JSON", args.join(" "));
        for record in &records {
            let answer = answer_of(command, record);
            let fields = doc
                .answers
                .get(&answer)
                .unwrap_or_else(|| panic!("the guide has no row for {answer}"));
            let mut want: Vec<&str> = fields.iter().map(String::as_str).collect();
            let mut got: Vec<&str> = record
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "sudokit {}: {answer}: {record}", args.join(" "));
            seen_answers.insert(answer);
            if let (Some(words), Some(status)) = (doc.statuses.get(*command), record.get("status"))
            {
                let status = status.as_str().unwrap();
                assert!(
                    words.iter().any(|w| w == status),
                    "sudokit {}: status {status} is not among {words:?}",
                    args.join(" ")
                );
                seen_words.insert(format!("{command} {status}"));
            }
        }
    }
    // Every row of the table was written by some run.
    let rows: std::collections::BTreeSet<String> = doc
        .answers
        .keys()
        .filter(|k| *k != "step")
        .cloned()
        .collect();
    assert_eq!(seen_answers, rows);
    // And the words the guide lists for each subcommand are the ones the
    // runs gave (hint's stuck needs a player's state where a path stops:
    // tests/documented.rs has one).
    for (command, words) in &doc.statuses {
        for word in words {
            let key = format!("{command} {word}");
            if key != "hint stuck" {
                assert!(seen_words.contains(&key), "no run said {key}");
            }
        }
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
    // And so does a state that changes a given (A3 is D, 13).
    let changed = format!("{}E{}", &HEXADOKU[..2], &HEXADOKU[3..]);
    sudokit()
        .args(["hint", "--state", &changed, HEXADOKU])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "square A3: the puzzle gives D, the state holds E",
        ));
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
