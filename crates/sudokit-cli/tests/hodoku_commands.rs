//! `hint`, `rate` and `steps` by HoDoKu's rules (`--rules hodoku`), from
//! the real binary.

mod common;

use common::{json_lines, scratch, stdout_of, sudokit};
use serde_json::Value;
use std::collections::BTreeSet;

/// Norvig's top95, fourth puzzle: HoDoKu's path pointing, subsets and
/// wings before the chains this part of its rules does not search for.
const TOP95_4: &str =
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";

/// A puzzle whose HoDoKu path needs forcing nets (Extreme 14058; the
/// path used to stop at the first, Hard 200, for want of their finder).
const NETS: &str =
    "......7.1..4....3..85....6.6..9.1....1...7..5....3.2...2...8.5.8.1.29....6..7....";
/// A puzzle whose HoDoKu path takes forcing chains and nets, then brute
/// force: with brute force left out and "Incomplete Solution!" (which has
/// no finder) switched on, the path stops there.
const STOPS: &str =
    "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.";
/// What makes [`STOPS`]'s path stop.
const STOP_SWITCHES: [&str; 4] = ["--off", "bf", "--on", "in"];
const EASY: &str =
    "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6..";

/// A square's index from its name (`C4`: row C, column 4).
fn index(name: &str) -> usize {
    let row = (name.as_bytes()[0] - b'A') as usize;
    let col: usize = name[1..].parse().unwrap();
    row * 9 + col - 1
}

fn peers(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// The 729 characters of pencil marks after `steps` (explain's JSON
/// records) from `puzzle`'s start.
fn marks_after(puzzle: &str, steps: &[Value]) -> String {
    let mut values: Vec<u8> = puzzle
        .bytes()
        .map(|c| if c == b'.' { 0 } else { c - b'0' })
        .collect();
    let mut marks = vec![[true; 9]; 81];
    let place = |values: &mut Vec<u8>, marks: &mut Vec<[bool; 9]>, s: usize, d: u8| {
        values[s] = d;
        marks[s] = [false; 9];
        marks[s][d as usize - 1] = true;
        for t in (0..81).filter(|&t| peers(s, t)) {
            marks[t][d as usize - 1] = false;
        }
    };
    for s in 0..81 {
        let given = values[s];
        if given != 0 {
            place(&mut values, &mut marks, s, given);
        }
    }
    for step in steps {
        for p in step["placements"].as_array().unwrap() {
            let s = index(p["square"].as_str().unwrap());
            place(
                &mut values,
                &mut marks,
                s,
                p["digit"].as_u64().unwrap() as u8,
            );
        }
        for e in step["eliminations"].as_array().unwrap() {
            let s = index(e["square"].as_str().unwrap());
            marks[s][e["digit"].as_u64().unwrap() as usize - 1] = false;
        }
    }
    marks
        .iter()
        .flat_map(|m| (0..9).map(move |d| if m[d] { (b'1' + d as u8) as char } else { '.' }))
        .collect()
}

/// HoDoKu's path of `puzzle`, as explain's JSON steps.
fn hodoku_path(puzzle: &str) -> Vec<Value> {
    let out = stdout_of(sudokit().args(["explain", "--rules", "hodoku", "-f", "json", puzzle]));
    let mut records = json_lines(&out);
    records.pop();
    records
}

#[test]
fn hint_by_hodokus_rules_is_hodokus_next_step_at_every_level_weighed_by_its_score() {
    let path = hodoku_path(TOP95_4);
    let mut checked = 0;
    for (k, step) in path.iter().enumerate() {
        if step["hodoku"]["score"].as_u64().unwrap() < 50 {
            continue;
        }
        let state = marks_after(TOP95_4, &path[..k]);
        let hint = |level: &str, format: &str| {
            stdout_of(sudokit().args([
                "hint", "--rules", "hodoku", "-l", level, "-f", format, "--state", &state, TOP95_4,
            ]))
        };
        let name = step["name"].as_str().unwrap();
        let weight = format!("{name} (score {})", step["hodoku"]["score"]);
        let technique = hint("technique", "text");
        assert!(
            technique.starts_with(&format!("Try {weight}")),
            "{technique}"
        );
        // SE's difficulty is not HoDoKu's measure, and SE lacks some of
        // its techniques: the text printed "(-)" for them.
        assert!(!technique.contains("(-)"), "{technique}");
        assert!(hint("cells", "text").starts_with(&format!("Try {weight}")));
        assert!(hint("move", "text").starts_with(&format!("{weight}: ")));
        let moved = &json_lines(&hint("move", "json"))[0];
        assert_eq!(moved["status"], "hinted");
        assert_eq!(moved["hodoku"], step["hodoku"]);
        assert_eq!(moved["eliminations"], step["eliminations"]);
        let graded = &json_lines(&hint("technique", "json"))[0];
        assert_eq!(graded["technique"], step["technique"]);
        assert_eq!(graded["difficulty"], step["difficulty"]);
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} steps past the singles");
}

#[test]
fn hint_by_hodokus_rules_says_where_its_path_stops() {
    let out = stdout_of(
        sudokit()
            .args(["explain", "--rules", "hodoku", "-f", "json"])
            .args(STOP_SWITCHES)
            .arg(STOPS),
    );
    let mut path = json_lines(&out);
    path.pop();
    let state = marks_after(STOPS, &path);
    sudokit()
        .args(["hint", "--rules", "hodoku", "--state", &state])
        .args(STOP_SWITCHES)
        .arg(STOPS)
        .assert()
        .code(1)
        .stdout(predicates::str::starts_with(
            "HoDoKu's rules find no step here before ",
        ));
}

#[test]
fn a_hodoku_path_that_needs_forcing_nets_no_longer_stops_at_the_first() {
    let out =
        stdout_of(sudokit().args(["explain", "--rules", "hodoku", "--format", "hodoku", NETS]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("{NETS} #1 Extreme (14058)"));
    // The first net as HoDoKu prints it: its line, then each chain from
    // its premise, a branch in parentheses after the node it leaves from.
    let at = lines
        .iter()
        .position(|l| l.starts_with("   Forcing Net"))
        .unwrap();
    assert_eq!(
        lines[at..at + 4],
        [
            "   Forcing Net Verity => r1c6<>3",
            "  r1c2=3 r1c6<>3",
            "  r4c2=3 (r4c2<>5 r4c5=5 r1c5<>5) (r1c2<>3 r1c2=9 r2c2<>9 r2c2=7 r6c2<>7) \
             (r1c2<>3 r1c2=9 r6c2<>9) (r4c2<>5 r4c5=5 r6c6<>5) (r5c1<>3) r5c3<>3 r5c7=3 \
             r5c7<>6 r5c5=6 r6c6<>6 r6c6=4 r6c2<>4 r6c2=5 r8c2<>5 r8c4=5 r1c4<>5 r1c6=5 r1c6<>3",
            "  r8c2=3 (r1c2<>3 r1c2=9 r2c2<>9 r2c2=7 r6c2<>7) (r1c2<>3 r1c2=9 r6c2<>9) \
             (r1c2<>3 r1c2=9 r1c8<>9) r9c3<>3 (r5c3=3 r5c1<>3) r9c3=9 r9c8<>9 r5c8=9 r5c1<>9 \
             r5c1=4 r6c2<>4 r6c2=5 (r4c2<>5 r4c5=5 r1c5<>5) r8c2<>5 r8c4=5 r1c4<>5 r1c6=5 r1c6<>3",
        ]
    );
    sudokit()
        .args(["rate", "--rules", "hodoku", NETS])
        .assert()
        .success()
        .stdout("Extreme 14058\n");
}

#[test]
fn hint_by_hodokus_rules_gives_the_forcing_net_its_path_takes_and_takes_no_order() {
    let path = hodoku_path(NETS);
    let at = path
        .iter()
        .position(|s| s["technique"] == "forcing_net")
        .unwrap();
    let state = marks_after(NETS, &path[..at]);
    let out = stdout_of(sudokit().args([
        "hint", "--rules", "hodoku", "-l", "move", "-f", "json", "--state", &state, NETS,
    ]));
    let hint = &json_lines(&out)[0];
    assert_eq!(hint["status"], "hinted");
    assert_eq!(hint["hodoku"]["line"], "Forcing Net Verity => r1c6<>3");
    assert_eq!(hint["hodoku"]["nets"].as_array().unwrap().len(), 3);
    assert_eq!(hint["eliminations"], path[at]["eliminations"]);
    // The evidence holds the three chains, each from its assumption.
    let chain = hint["evidence"]["chain"].as_array().unwrap();
    let assumptions: Vec<&Value> = chain
        .iter()
        .filter(|l| l["reason"] == "assumption")
        .collect();
    assert_eq!(assumptions.len(), 3);
    sudokit()
        .args(["hint", "--rules", "hodoku", "--order", "se", TOP95_4])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--order is for SE's rules"));
}

#[test]
fn hint_by_hodokus_rules_answers_a_batch_refusing_what_its_rules_do_not_take() {
    let dir = scratch("hodoku-hint-batch");
    let file = dir.join("mixed.txt");
    let several = ".".repeat(81);
    std::fs::write(&file, format!("3.....2..3.....4\n{EASY}\n{several}\n")).unwrap();
    let assert = sudokit()
        .args(["hint", "--rules", "hodoku", "-l", "technique", "-f", "json"])
        .arg(&file)
        .assert()
        .code(2);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let records = json_lines(&out);
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["invalid", "hinted", "multiple"]);
    assert!(records[0]["error"]
        .as_str()
        .unwrap()
        .contains("HoDoKu's rules are for 9x9 sudoku without diagonals"));
    assert_eq!(records[1]["name"], "Naked Single");
    assert_eq!(records[1]["text"], "Try Naked Single (score 4) in box 5.");
    // A mistake comes before any step, as by SE's rules.
    let wrong = format!("4{}", &EASY[1..]);
    let mistake = stdout_of(sudokit().args(["hint", "--rules", "hodoku", "--state", &wrong, EASY]));
    assert!(mistake.starts_with("A1 is wrong"), "{mistake}");
}

#[test]
fn rate_by_hodokus_rules_prints_level_and_score_and_refuses_other_grids() {
    let dir = scratch("hodoku-rate");
    let file = dir.join("mixed.txt");
    std::fs::write(&file, format!("{TOP95_4}\n3.....2..3.....4\n{EASY}\n")).unwrap();
    sudokit()
        .args(["rate", "--rules", "hodoku"])
        .arg(&file)
        .assert()
        .code(2)
        .stdout("Unfair 1706\ninvalid\nEasy 188\n")
        .stderr(predicates::str::contains(
            "puzzle 2 (line 2): invalid: HoDoKu's rules are for 9x9 sudoku without diagonals",
        ));
    let out = stdout_of(sudokit().args(["rate", "--rules", "hodoku", "-f", "json", TOP95_4]));
    let r = &json_lines(&out)[0];
    assert_eq!(
        (&r["rules"], &r["level"], &r["score"], &r["complete"]),
        (
            &"hodoku".into(),
            &"unfair".into(),
            &1706.into(),
            &true.into()
        )
    );
    // The hardest step: the first of the highest base score.
    let path = hodoku_path(TOP95_4);
    let top = path
        .iter()
        .map(|s| s["hodoku"]["score"].as_u64().unwrap())
        .max()
        .unwrap();
    let hardest = path.iter().find(|s| s["hodoku"]["score"] == top).unwrap();
    assert_eq!(r["technique"], hardest["technique"]);
    assert_eq!(r["name"], hardest["name"]);
    assert_eq!(r["steps"], path.len());
    let counted: u64 = r["techniques"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(counted, path.len() as u64);
    assert_eq!(r["techniques"]["pointing"], 10);
}

#[test]
fn rate_by_hodokus_rules_filters_by_score_and_level_and_refuses_ses_filters() {
    let both = [TOP95_4, EASY];
    let rate = |extra: &[&str]| {
        stdout_of(
            sudokit()
                .args(["rate", "--rules", "hodoku"])
                .args(extra)
                .args(both),
        )
    };
    assert_eq!(rate(&["--level", "easy"]), format!("{EASY} Easy 188\n"));
    assert_eq!(
        rate(&["--level", "unfair"]),
        format!("{TOP95_4} Unfair 1706\n")
    );
    assert_eq!(
        rate(&["--min-score", "189"]),
        format!("{TOP95_4} Unfair 1706\n")
    );
    assert_eq!(rate(&["--max-score", "188"]), format!("{EASY} Easy 188\n"));
    assert_eq!(rate(&["--level", "hard"]), "");
    for (args, says) in [
        (
            &["rate", "--rules", "hodoku", "--min-er", "2", EASY][..],
            "--min-er and --max-er are for SE's rules",
        ),
        (
            &["rate", "--level", "easy", EASY][..],
            "are for HoDoKu's rules: add --rules hodoku",
        ),
        (
            &[
                "rate",
                "--rules",
                "hodoku",
                "--min-score",
                "5",
                "--max-score",
                "2",
                EASY,
            ][..],
            "--min-score 5 is above --max-score 2",
        ),
    ] {
        sudokit()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(says));
    }
}

/// On HoDoKu's own output (`../shared/hodoku`), every path the command
/// finishes has HoDoKu's level and score.
#[test]
fn rate_by_hodokus_rules_gives_hodokus_own_level_and_score() {
    let path = common::root().join("../shared/hodoku/hodoku_paths_dev.jsonl");
    if !path.is_file() {
        eprintln!("skipped: ../shared/hodoku/hodoku_paths_dev.jsonl not found");
        return;
    }
    let expected = json_lines(&std::fs::read_to_string(&path).unwrap());
    let dir = scratch("hodoku-rate-dev");
    let file = dir.join("puzzles.txt");
    let puzzles: Vec<&str> = expected
        .iter()
        .map(|e| e["puzzle"].as_str().unwrap())
        .collect();
    std::fs::write(&file, puzzles.join("\n") + "\n").unwrap();
    let out = stdout_of(sudokit().args(["rate", "--rules", "hodoku"]).arg(&file));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), expected.len());
    let mut complete = 0;
    for (n, (line, e)) in lines.iter().zip(&expected).enumerate() {
        if line.ends_with(" incomplete") {
            continue;
        }
        let want = format!("{} {}", e["level"].as_str().unwrap(), e["score"]);
        assert_eq!(*line, want, "puzzle {}", n + 1);
        complete += 1;
    }
    assert!(complete >= 387, "only {complete}");
}

#[test]
fn step_types_switch_on_and_off_by_short_name_for_rate_explain_and_hint() {
    // Without pointing (lc1) HoDoKu's path takes other steps: another score.
    let rate = |extra: &[&str]| {
        stdout_of(
            sudokit()
                .args(["rate", "--rules", "hodoku"])
                .args(extra)
                .arg(TOP95_4),
        )
    };
    assert_eq!(rate(&[]), "Unfair 1706\n");
    assert_eq!(rate(&["--off", "lc1"]), "Unfair 1716\n");
    let explained =
        stdout_of(sudokit().args(["explain", "--rules", "hodoku", "--off", "lc1", TOP95_4]));
    assert!(!explained.contains("Pointing"), "{explained}");
    assert!(
        stdout_of(sudokit().args(["explain", "--rules", "hodoku", TOP95_4])).contains("Pointing")
    );
    // With the singles off, the first hint is HoDoKu's pointing.
    let hint = stdout_of(sudokit().args([
        "hint",
        "--rules",
        "hodoku",
        "-l",
        "technique",
        "--off",
        "fh",
        "--off",
        "n1",
        "--off",
        "h1",
        TOP95_4,
    ]));
    assert_eq!(
        hint,
        "Try Locked Candidates Type 1 (Pointing) (score 50) in box 1.\n"
    );
    for command in ["rate", "explain", "hint"] {
        sudokit()
            .args([command, "--rules", "hodoku", "--on", "nosuch", TOP95_4])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(
                "--on nosuch: no HoDoKu step type is called 'nosuch' (`sudokit steps --rules hodoku --list` lists the short names)",
            ));
        sudokit()
            .args([command, "--off", "lc1", TOP95_4])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(
                "--off switches HoDoKu's step types: add --rules hodoku",
            ));
    }
}

#[test]
fn steps_lists_every_step_of_the_named_techniques() {
    let list = stdout_of(sudokit().args(["steps", "--rules", "hodoku", "--list"]));
    assert_eq!(list.lines().count(), 92);
    assert!(
        list.contains("2sk   0401 Hard     150   on  2-String Kite\n"),
        "{list}"
    );
    // After HoDoKu's path has gone as far as it can, several steps of
    // subsets are there, and the one the path takes is among them.
    let path = hodoku_path(TOP95_4);
    let k = path
        .iter()
        .position(|s| s["technique"] == "hidden_pair")
        .unwrap();
    let state = marks_after(TOP95_4, &path[..k]);
    let out = stdout_of(sudokit().args([
        "steps",
        "--rules",
        "hodoku",
        "-t",
        "h2",
        "-t",
        "Naked Pair",
        "-f",
        "json",
        &state,
    ]));
    let record = &json_lines(&out)[0];
    assert_eq!(
        (&record["status"], &record["rules"]),
        (&"found".into(), &"hodoku".into())
    );
    let steps = record["steps"].as_array().unwrap();
    assert!(
        steps.contains(&{
            let mut s = path[k].clone();
            let o = s.as_object_mut().unwrap();
            o.remove("file");
            o.remove("index");
            o.remove("step");
            s
        }),
        "{steps:?}"
    );
    assert!(steps
        .iter()
        .all(|s| ["hidden_pair", "naked_pair"].contains(&s["technique"].as_str().unwrap())));
    // SE's finders, named by id.
    let se = stdout_of(sudokit().args(["steps", "-t", "hidden_pair", &state]));
    assert!(
        se.lines()
            .nth(1)
            .unwrap()
            .starts_with("Hidden pair (3.4): "),
        "{se}"
    );
    for (args, says) in [
        (
            &["steps", "--rules", "hodoku", "-t", "nosuch", EASY][..],
            "--technique nosuch: no HoDoKu step type",
        ),
        (
            &["steps", "--rules", "hodoku", "-t", "in", EASY][..],
            "sudokit has no finder for Incomplete Solution! yet",
        ),
        (&["steps", EASY][..], "with SE's rules, name the techniques"),
    ] {
        sudokit()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(says));
    }
}

/// `steps` searches the chain step types of one position with one cache
/// (the tables with groups built once, the room of a net's tables and of
/// the forcing sums kept for the next search): the step types named
/// together, some twice, list what each lists when named alone, in order.
#[test]
fn chain_types_searched_together_list_what_each_lists_alone() {
    let kinds = ["gnl", "kf", "fc", "fn", "ach", "fc", "gnl", "nl"];
    let steps_of = |kinds: &[&str]| -> Vec<Value> {
        let mut args = vec!["steps", "--rules", "hodoku", "-f", "json"];
        for k in kinds {
            args.extend(["-t", k]);
        }
        args.push(STOPS);
        let out = stdout_of(sudokit().args(&args));
        json_lines(&out)[0]["steps"].as_array().unwrap().clone()
    };
    let together = steps_of(&kinds);
    let alone: Vec<Value> = kinds.iter().flat_map(|k| steps_of(&[k])).collect();
    assert!(together.len() > 100, "{}", together.len());
    assert_eq!(together, alone);
}

/// HoDoKu's regression library (`../shared/hodoku/reglib-1.3.txt`): every
/// case of a step type with a finder, given to `steps` as it stands, finds
/// the steps it lists (and a `-x` case none), as HoDoKu's tester runs it.
#[test]
fn steps_passes_hodokus_regression_library() {
    let path = common::root().join("../shared/hodoku/reglib-1.3.txt");
    if !path.is_file() {
        eprintln!("skipped: ../shared/hodoku/reglib-1.3.txt not found");
        return;
    }
    let text = std::fs::read_to_string(&path).unwrap();
    let cases: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with(':'))
        .filter(|l| {
            // Locked subsets are run as HoDoKu runs them: variant 1 only.
            let label = l.split(':').nth(1).unwrap();
            !matches!(&label[..4], "0110" | "0111")
                || label.starts_with(&format!("{}-1", &label[..4]))
        })
        .collect();
    let dir = scratch("hodoku-reglib");
    let file = dir.join("cases.txt");
    std::fs::write(&file, cases.join("\n") + "\n").unwrap();
    let out = stdout_of(
        sudokit()
            .args(["steps", "--rules", "hodoku", "-f", "json"])
            .arg(&file),
    );
    let records = json_lines(&out);
    assert_eq!(records.len(), cases.len());
    let mut failed = Vec::new();
    let mut ran = 0;
    for (line, record) in cases.iter().zip(&records) {
        // A case of a step type without a finder yet is refused, and says so.
        if record["status"] == "invalid" {
            let error = record["error"].as_str().unwrap();
            assert!(error.contains("no finder"), "{line}: {error}");
            continue;
        }
        ran += 1;
        let case = &record["case"];
        // The case's own lists, read here, against the steps listed.
        let field = |n: usize| -> BTreeSet<String> {
            line.split(':')
                .nth(n)
                .unwrap()
                .split_whitespace()
                .map(str::to_string)
                .collect()
        };
        let named = |cands: &Value| -> BTreeSet<String> {
            cands
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let sq = c["square"].as_str().unwrap().as_bytes();
                    format!("{}{}{}", c["digit"], sq[0] - b'A' + 1, sq[1] as char)
                })
                .collect()
        };
        let steps = record["steps"].as_array().unwrap();
        let good = if case["fail"] == true {
            steps.is_empty()
        } else {
            !steps.is_empty()
                && steps.iter().all(|s| {
                    named(&s["eliminations"]) == field(5) && named(&s["placements"]) == field(6)
                })
        };
        if hodokus_own_failure(line) {
            // Found as HoDoKu 2.2.0 finds it: not at all.
            if !steps.is_empty() {
                failed.push(line.to_string());
            }
            continue;
        }
        if !good || case["passed"] != true {
            failed.push(line.to_string());
        }
    }
    assert!(
        failed.is_empty(),
        "{} failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
    println!("regression cases run: {ran}");
    assert!(ran >= 1112, "only {ran} cases ran");
}

/// The cases HoDoKu 2.2.0 fails itself, by code and removals: five ALS
/// chains its search does not find (it links each ALS to later ones only
/// and stops at six links).
fn hodokus_own_failure(line: &str) -> bool {
    [
        (":0903-1:7:", ":758::"),
        (":0903-1:2:", ":211 272::"),
        (":0903-1:4:", ":415::"),
        (":0903-1:56:", ":568 668::"),
        (":0903:137:", ":194 394 794::"),
    ]
    .iter()
    .any(|(start, end)| line.starts_with(start) && line.ends_with(end))
}

#[test]
fn bench_rate_times_hodokus_rating_with_its_scores() {
    let dir = scratch("hodoku-bench");
    let file = dir.join("two.txt");
    std::fs::write(&file, format!("{EASY}\n{TOP95_4}\n")).unwrap();
    let out = stdout_of(
        sudokit()
            .args(["bench", "--rate", "--rules", "hodoku", "-f", "json"])
            .arg(&file),
    );
    let row = &json_lines(&out)[0];
    assert_eq!(row["rules"], "hodoku");
    assert_eq!(row["mode"], "rate");
    assert_eq!((&row["puzzles"], &row["rated"]), (&2.into(), &2.into()));
    assert_eq!(row["max_score"], 1706);
    assert!(row.get("max_er").is_none(), "{row}");
    let text = stdout_of(
        sudokit()
            .args(["bench", "--rate", "--rules", "hodoku"])
            .arg(&file),
    );
    assert!(text.contains("max score slowest score"), "{text}");
    sudokit()
        .args(["bench", "--rules", "hodoku"])
        .arg(&file)
        .assert()
        .code(2);
}

/// EASY in HoDoKu's library format with HoDoKu's first step (r5c5=5)
/// placed: `+5`, not a given.
fn easy_library_line() -> String {
    let mut squares = String::new();
    for (s, c) in EASY.chars().enumerate() {
        if s == 4 * 9 + 4 {
            assert_eq!(c, '.');
            squares.push_str("+5");
        } else {
            squares.push(c);
        }
    }
    format!(":0000:x:{squares}::::")
}

#[test]
fn a_library_line_is_read_everywhere_with_its_placed_digits_apart_from_its_givens() {
    let line = easy_library_line();
    // One naked single (4 points) fewer than from the start.
    assert_eq!(
        stdout_of(sudokit().args(["rate", "--rules", "hodoku", &line])),
        "Easy 184\n"
    );
    let explained =
        stdout_of(sudokit().args(["explain", "--rules", "hodoku", "-f", "hodoku", &line]));
    assert!(
        explained.starts_with(&format!("{line} #1 Easy (184)\n   Naked Single: r6c7=7\n")),
        "{explained}"
    );
    let solved = stdout_of(sudokit().args(["solve", &line]));
    let from_start = stdout_of(sudokit().args(["solve", EASY]));
    assert_eq!(solved, from_start);
    // As a player's state: the placed 5 is the player's, and right.
    let hint = stdout_of(sudokit().args(["hint", "--rules", "hodoku", "--state", &line, EASY]));
    assert!(hint.starts_with("Naked Single (score 4): "), "{hint}");
    assert!(hint.contains("F7"), "{hint}");
    // A library line's candidates are its own: the steps search from them.
    let steps = stdout_of(sudokit().args(["steps", "--rules", "hodoku", "-t", "n1", &line]));
    assert!(!steps.contains("E5"), "{steps}");
    // A bad one says which field is wrong, and the batch goes on.
    let dir = scratch("hodoku-library-input");
    let file = dir.join("lines.txt");
    std::fs::write(&file, format!(":0000:x:12::::\n{line}\n")).unwrap();
    sudokit()
        .args(["rate", "--rules", "hodoku"])
        .arg(&file)
        .assert()
        .code(2)
        .stdout("invalid\nEasy 184\n")
        .stderr(predicates::str::contains(
            "puzzle 1 (line 1): invalid: HoDoKu library line, field 3: found 2 squares, expected 81",
        ));
}

#[test]
fn generate_by_hodokus_rules_keeps_the_level_and_scores_asked_for() {
    let out = stdout_of(sudokit().args([
        "generate", "--rules", "hodoku", "--level", "hard", "--seed", "2", "-n", "2", "-f", "json",
    ]));
    let made = json_lines(&out);
    assert_eq!(made.len(), 2);
    for m in &made {
        assert_eq!(
            (&m["rules"], &m["level"]),
            (&"hodoku".into(), &"hard".into())
        );
        let score = m["score"].as_u64().unwrap();
        // Hard, and as HoDoKu's generator wants, not below Medium's most.
        assert!((1000..1600).contains(&score), "{m}");
        let puzzle = m["puzzle"].as_str().unwrap();
        let rated = stdout_of(sudokit().args(["rate", "--rules", "hodoku", puzzle]));
        assert_eq!(rated, format!("Hard {score}\n"));
    }
    let out = stdout_of(sudokit().args([
        "generate", "--rules", "hodoku", "--score", "300..400", "--seed", "1", "-n", "5", "-f",
        "json",
    ]));
    for m in json_lines(&out) {
        let score = m["score"].as_u64().unwrap();
        assert!((300..=400).contains(&score), "{m}");
        // A score this low is Easy's: a Medium one would be too low for
        // its level, and HoDoKu's generator leaves it out.
        assert_eq!(m["level"], "easy", "{m}");
    }
    for (args, says) in [
        (
            &["generate", "--rules", "hodoku", "--level", "fiendish"][..],
            "HoDoKu's levels are easy, medium, hard, unfair and extreme",
        ),
        (
            &["generate", "--level", "unfair"][..],
            "unknown level 'unfair'",
        ),
        (
            &["generate", "--score", "3..4"][..],
            "--score is HoDoKu's: add --rules hodoku",
        ),
        (
            &["generate", "--rules", "hodoku", "--diagonal"][..],
            "HoDoKu's rules are for 9x9 sudoku without diagonals",
        ),
        (
            &["generate", "--rules", "hodoku", "--er", "2"][..],
            "--er is for SE's rules",
        ),
    ] {
        sudokit()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(says));
    }
}

/// `rate --rules hodoku` finds its path without writing the steps out
/// (and starts a plain puzzle straight on HoDoKu's board): its level,
/// score, step counts and hardest step must be those of the path
/// `explain` writes, for every puzzle of norvig_top95 and every fourth of
/// HoDoKu's sample paths, and for a position given as pencil marks.
#[test]
fn rate_by_hodokus_rules_counts_the_path_explain_writes() {
    let mut puzzles: Vec<String> = Vec::new();
    for name in ["puzzles/norvig_top95.txt", "hodoku/hodoku_paths_dev.jsonl"] {
        let path = common::root().join("../shared").join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipped {name}: not found in ../shared");
            continue;
        };
        let every = if name.ends_with(".jsonl") { 4 } else { 1 };
        let lines = text.lines().filter(|l| !l.is_empty()).step_by(every);
        puzzles.extend(lines.map(|l| {
            match l.starts_with('{') {
                true => serde_json::from_str::<Value>(l).unwrap()["puzzle"]
                    .as_str()
                    .unwrap()
                    .to_string(),
                false => l[..81].to_string(),
            }
        }));
    }
    let path = hodoku_path(TOP95_4);
    puzzles.push(marks_after(TOP95_4, &path[..5]));
    puzzles.push(TOP95_4.to_string());
    let dir = scratch("hodoku-rate-counts");
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, puzzles.join("\n") + "\n").unwrap();
    let run = |command: &str| {
        json_lines(&stdout_of(
            sudokit()
                .args([command, "--rules", "hodoku", "-f", "json"])
                .arg(&file),
        ))
    };
    let rated = run("rate");
    let explained = run("explain");
    assert_eq!(rated.len(), puzzles.len());
    // Each puzzle's steps, then its end, by its index.
    let mut paths: Vec<(Vec<&Value>, Option<&Value>)> = vec![(Vec::new(), None); rated.len()];
    for e in &explained {
        let path = &mut paths[e["index"].as_u64().unwrap() as usize - 1];
        match e.get("step") {
            Some(_) => path.0.push(e),
            None => path.1 = Some(e),
        }
    }
    for (n, (r, (steps, end))) in rated.iter().zip(&paths).enumerate() {
        let end = end.unwrap();
        for field in ["level", "score", "complete"] {
            assert_eq!(r[field], end[field], "puzzle {}: {field}", n + 1);
        }
        assert_eq!(r["steps"], steps.len(), "puzzle {}", n + 1);
        let mut counts = serde_json::Map::new();
        for s in steps {
            let id = s["technique"].as_str().unwrap().to_string();
            let count = counts.get(&id).and_then(Value::as_u64).unwrap_or(0);
            counts.insert(id, (count + 1).into());
        }
        assert_eq!(r["techniques"], Value::Object(counts), "puzzle {}", n + 1);
        let score = |s: &&Value| s["hodoku"]["score"].as_u64().unwrap();
        let top = steps.iter().map(score).max();
        let hardest = steps.iter().find(|s| Some(score(s)) == top);
        assert_eq!(
            (&r["technique"], &r["name"]),
            match hardest {
                Some(h) => (&h["technique"], &h["name"]),
                None => (&Value::Null, &Value::Null),
            },
            "puzzle {}",
            n + 1
        );
    }
    assert_eq!(rated[puzzles.len() - 1]["score"], 1706);
    assert_eq!(
        rated[puzzles.len() - 2]["score"],
        1706 - path[..5]
            .iter()
            .map(|s| s["hodoku"]["score"].as_u64().unwrap())
            .sum::<u64>()
    );
}

/// `rate --rules hodoku` in text searches a puzzle only when its path
/// needs to know that it has one solution; JSON, which reports the
/// search, searches every puzzle. Both must say the same of each puzzle,
/// on the same lines and with the same messages, however many solutions
/// it has.
#[test]
fn rate_by_hodokus_rules_in_text_judges_every_puzzle_as_json_does() {
    let empty = ".".repeat(81);
    let clash = format!("2{}", &EASY[1..]);
    let puzzles = [
        // One solution, singles alone: never searched in text.
        EASY,
        // Several solutions, and no solution at all.
        "..2.6.17....81...53..7..9....13...8.4.8..73..6..2....4..35.24.7.....4...8.....6..",
        "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.",
        // One solution, whose path takes uniqueness tests.
        "................12..3.45.........4.....1...3..2.6.........3....26......78....1..6",
        // Forcing nets, after the searches that wait for the answer.
        NETS,
        // Givens that clash, and an empty grid.
        &clash,
        &empty,
        TOP95_4,
    ];
    let dir = scratch("hodoku-rate-unsearched");
    let file = dir.join("mixed.txt");
    std::fs::write(&file, puzzles.join("\n") + "\n").unwrap();
    let text = sudokit()
        .args(["rate", "--rules", "hodoku"])
        .arg(&file)
        .output()
        .unwrap();
    let json = sudokit()
        .args(["rate", "--rules", "hodoku", "-f", "json"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(text.status.code(), json.status.code());
    assert_eq!(
        String::from_utf8_lossy(&text.stderr),
        String::from_utf8_lossy(&json.stderr)
    );
    let records = json_lines(&String::from_utf8(json.stdout).unwrap());
    let said: Vec<String> = records
        .iter()
        .map(|r| match r["level"].as_str() {
            Some(level) => {
                let mut name = level.to_string();
                name[..1].make_ascii_uppercase();
                format!("{name} {}", r["score"])
            }
            None => r["status"].as_str().unwrap().to_string(),
        })
        .collect();
    let text = String::from_utf8(text.stdout).unwrap();
    assert_eq!(text.lines().collect::<Vec<_>>(), said);
    let words: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        words,
        [
            "rated",
            "multiple",
            "unsolvable",
            "rated",
            "rated",
            "invalid",
            "multiple",
            "rated"
        ]
    );
}
