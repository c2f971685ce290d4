//! `generate --rules hodoku --technique`, `hint` on a line of HoDoKu's
//! library format, and `steps` on every core, from the real binary.

mod common;

use common::{json_lines, scratch, stdout_of, sudokit};
use std::time::Duration;

const EASY: &str =
    "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6..";
const TOP95_4: &str =
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";

#[test]
fn generate_by_hodokus_rules_keeps_puzzles_whose_path_takes_the_technique() {
    for (technique, line_start, level) in [
        ("xy", "XY-Wing: ", None),
        ("XY-Wing", "XY-Wing: ", Some("hard")),
        ("0401", "2-String Kite: ", None),
    ] {
        let mut args = vec![
            "generate",
            "--rules",
            "hodoku",
            "--technique",
            technique,
            "--seed",
            "1",
            "-n",
            "2",
            "-f",
            "json",
        ];
        if let Some(level) = level {
            args.extend(["--level", level]);
        }
        let made = json_lines(&stdout_of(sudokit().args(&args)));
        assert_eq!(made.len(), 2, "{technique}");
        for m in &made {
            if let Some(level) = level {
                assert_eq!(m["level"], level, "{m}");
            }
            let puzzle = m["puzzle"].as_str().unwrap();
            let path =
                stdout_of(sudokit().args(["explain", "--rules", "hodoku", "-f", "hodoku", puzzle]));
            assert!(
                path.lines().any(|l| l.trim_start().starts_with(line_start)),
                "{technique}: {path}"
            );
            let score = m["score"].as_u64().unwrap();
            assert!(path.lines().next().unwrap().contains(&format!("({score})")));
        }
    }
}

#[test]
fn generate_by_hodokus_rules_refuses_at_once_a_technique_it_cannot_meet() {
    for (args, says) in [
        (
            &["--technique", "nosuch"][..],
            "--technique nosuch: no HoDoKu step type has this short name, code or name",
        ),
        (
            &["--technique", "gu"][..],
            "a path that takes Give Up is never finished",
        ),
        (
            &["--technique", "in"][..],
            "a path that takes Incomplete Solution! is never finished",
        ),
        (
            &["--level", "easy", "--technique", "bf2"][..],
            "X-Wing is a Hard step type, so a path that takes it is not Easy",
        ),
        (
            &["--score", "..100", "--technique", "sk"][..],
            "Skyscraper alone scores 130, above the highest score asked for",
        ),
        (&["--er", "2"][..], "--er is for SE's rules"),
    ] {
        sudokit()
            .args(["generate", "--rules", "hodoku"])
            .args(args)
            .timeout(Duration::from_secs(60))
            .assert()
            .code(2)
            .stderr(predicates::str::contains(says));
    }
    // A step type with no finder, or one the path can only reach past a
    // step type with no finder, is named with the reason ("Incomplete
    // Solution!", which has none, is refused above as never finished).
    let list = stdout_of(sudokit().args(["steps", "--rules", "hodoku", "--list"]));
    let unfound: Vec<(&str, &str)> = list
        .lines()
        .filter(|l| l.ends_with("(no finder yet)") && !l.starts_with("in "))
        .map(|l| (l.split_whitespace().next().unwrap(), l))
        .collect();
    if let Some((short, _)) = unfound.first() {
        sudokit()
            .args(["generate", "--rules", "hodoku", "--technique", short])
            .timeout(Duration::from_secs(60))
            .assert()
            .code(2)
            .stderr(predicates::str::contains("sudokit has no finder for"));
    }
    // SE's technique ids are still SE's.
    sudokit()
        .args(["generate", "--technique", "magic"])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("unknown technique 'magic'"));
}

#[test]
fn generate_by_hodokus_rules_refuses_a_technique_its_path_cannot_reach_yet() {
    // Whatever comes first in HoDoKu's order without a finder blocks
    // every later step type; the refusal names it.
    let list = stdout_of(sudokit().args(["steps", "--rules", "hodoku", "--list"]));
    let rows: Vec<&str> = list.lines().collect();
    let blocker = rows
        .iter()
        .position(|l| l.contains(" on  ") && l.ends_with("(no finder yet)"));
    let Some(b) = blocker else {
        return;
    };
    let later = rows[b + 1..]
        .iter()
        .find(|l| !l.ends_with("(no finder yet)") && !l.contains("Give Up"));
    if let Some(row) = later {
        let short = row.split_whitespace().next().unwrap();
        sudokit()
            .args(["generate", "--rules", "hodoku", "--technique", short])
            .timeout(Duration::from_secs(60))
            .assert()
            .code(2)
            .stderr(predicates::str::contains("HoDoKu's path tries "))
            .stderr(predicates::str::contains("so no path reaches"));
    }
}

/// EASY with its r5c5 (5) placed and r1c1's 5 deleted, as a library line.
fn easy_line() -> String {
    let mut squares = String::new();
    for (s, c) in EASY.chars().enumerate() {
        if s == 4 * 9 + 4 {
            squares.push_str("+5");
        } else {
            squares.push(c);
        }
    }
    format!(":0000:x:{squares}:::")
}

#[test]
fn hint_takes_a_library_line_as_the_puzzle_and_its_state() {
    let line = easy_line();
    let by_line = stdout_of(sudokit().args(["hint", "--rules", "hodoku", &line]));
    assert!(by_line.starts_with("Naked Single (score 4): "), "{by_line}");
    assert!(by_line.contains("F7"), "{by_line}");
    // The same as the puzzle with the line as the player's state.
    let by_state = stdout_of(sudokit().args(["hint", "--rules", "hodoku", "--state", &line, EASY]));
    assert_eq!(by_line, by_state);
    // Its deleted candidates are the state's too: the top95 puzzle's 1
    // deleted from C1 (r3c1), its solution's digit, is the mistake.
    let top = format!(":0000:x:{TOP95_4}:131:::");
    let from_line = stdout_of(sudokit().args(["hint", "--rules", "hodoku", &top]));
    let by_state =
        stdout_of(sudokit().args(["hint", "--rules", "hodoku", "--state", &top, TOP95_4]));
    assert_eq!(from_line, by_state);
    assert_eq!(
        from_line,
        "C1 is missing the pencil mark 1, which is its digit in the solution.\n"
    );
    // SE's rules take it too, and JSON says which line it was.
    let json = stdout_of(sudokit().args(["hint", "-f", "json", &line]));
    let record = &json_lines(&json)[0];
    assert_eq!(record["status"], "hinted", "{record}");
    assert_eq!(record["puzzle"], line.as_str());
}

#[test]
fn steps_answers_a_file_on_every_core_in_input_order() {
    let dir = scratch("hodoku-steps-jobs");
    let file = dir.join("positions.txt");
    let mut lines = Vec::new();
    for i in 0..40 {
        lines.push(match i % 4 {
            0 => EASY.to_string(),
            1 => TOP95_4.to_string(),
            2 => easy_line(),
            _ if i == 23 => "12345".to_string(),
            _ => format!(":0000:x:{TOP95_4}:419:::"),
        });
    }
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let run = |jobs: &str| {
        let out = sudokit()
            .args([
                "steps", "--rules", "hodoku", "-t", "h1", "-t", "lc1", "-j", jobs,
            ])
            .arg(&file)
            .timeout(Duration::from_secs(120))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "line 24 is no puzzle");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains("puzzle 24 (line 24): invalid"), "{stderr}");
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("0"));
    // A `puzzle` line per position, in the file's order.
    let puzzles: Vec<&str> = one
        .lines()
        .filter_map(|l| l.strip_prefix("puzzle "))
        .collect();
    assert_eq!(puzzles, lines);
}
