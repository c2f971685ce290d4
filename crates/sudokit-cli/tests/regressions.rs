//! Regression tests, one per fault found by using the command as a new user
//! and as an adversary would ("nothing lost, nothing wrong, nothing
//! hangs"), each named after what was wrong and run against the real
//! binary. Each failed (or hung, and timed out) on a build with the fault:
//! `SUDOKIT_BIN=old/sudokit cargo test --test regressions` runs them
//! against another build.

mod common;

use common::*;
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Long enough for any of these commands; a hang fails instead of stalling.
const PATIENCE: Duration = Duration::from_secs(60);

fn easy50() -> String {
    std::fs::read_to_string(corpus("norvig_easy50.txt").unwrap()).unwrap()
}

/// One line that was not UTF-8 ended the whole input, in every
/// subcommand; the 50 good puzzles after it were never answered.
#[test]
fn a_line_that_is_not_utf8_does_not_end_the_input() {
    let dir = scratch("not-utf8");
    let file = dir.join("b.txt");
    let mut bytes = b"\xff\n".to_vec();
    bytes.extend_from_slice(easy50().as_bytes());
    std::fs::write(&file, bytes).unwrap();
    let out = sudokit()
        .arg("solve")
        .arg(&file)
        .timeout(PATIENCE)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "b.txt puzzle 1 (line 1): invalid: not text: byte 0xFF at column 1 is not UTF-8",
        ))
        .get_output()
        .stdout
        .clone();
    let lines: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 51);
    assert_eq!(lines[0], "invalid");
    assert!(lines[1..].iter().all(|l| l.len() == 81 && !l.contains('.')));
    // The other subcommands read the same way.
    let count = stdout_of(sudokit().arg("count").arg(&file));
    assert_eq!(count.lines().filter(|l| *l == "1").count(), 50);
    let candidates = stdout_of(
        sudokit()
            .args(["candidates", "--format", "json"])
            .arg(&file),
    );
    assert_eq!(json_lines(&candidates).len(), 51);
    let trace = stdout_of(sudokit().args(["trace", "--format", "json"]).arg(&file));
    let answers = json_lines(&trace)
        .into_iter()
        .filter(|r| r.get("status").is_some())
        .count();
    assert_eq!(answers, 51);
    let bench = stdout_of(
        sudokit()
            .args(["bench", "--format", "json", "--seconds", "0", "-e", "fast"])
            .arg(&file),
    );
    assert_eq!(json_lines(&bench)[0]["puzzles"], 50);
}

/// A valid puzzle line with one stray Latin-1 byte was lost, with
/// everything after it.
#[test]
fn a_stray_latin1_byte_in_a_puzzle_is_ignored() {
    let mut bytes = GRID2.as_bytes()[..10].to_vec();
    bytes.push(0xE9); // 'é' in Latin-1
    bytes.extend_from_slice(format!("{}\n{GRID2}\n", &GRID2[10..]).as_bytes());
    sudokit()
        .arg("solve")
        .write_stdin(bytes)
        .timeout(PATIENCE)
        .assert()
        .success()
        .stdout(format!("{GRID2_SOLVED}\n{GRID2_SOLVED}\n"));
}

/// `backtrack` checked the givens only after searching: two 1s on
/// the diagonal came back "solved", and two 1s in a row ran for ever.
#[test]
fn backtrack_refuses_clashing_givens_at_once() {
    let diagonal = format!("1{}1", ".".repeat(79));
    let row = format!("11{}", ".".repeat(79));
    for (flags, puzzle, unit) in [
        (vec!["--diagonal"], &diagonal, "main diagonal"),
        (vec![], &row, "row A"),
    ] {
        for engine in ["backtrack", "norvig", "agent", "fast"] {
            sudokit()
                .args(["solve", "--format", "json", "-e", engine])
                .args(&flags)
                .arg(puzzle)
                .timeout(PATIENCE)
                .assert()
                .code(2)
                .stdout(predicate::str::contains(r#""status":"invalid""#))
                .stdout(predicate::str::contains(r#""guesses":0"#))
                .stderr(predicate::str::contains(format!(
                    "invalid: digit 1 is given twice in {unit}"
                )));
        }
    }
}

/// A JSON board followed by puzzle lines lost the lines ("trailing
/// characters").
#[test]
fn a_json_board_followed_by_puzzle_lines_keeps_the_lines() {
    let board = std::fs::read_to_string(testdata("easy_board.json")).unwrap();
    sudokit()
        .arg("solve")
        .write_stdin(format!("{board}{GRID2}\n{GRID2}\n"))
        .timeout(PATIENCE)
        .assert()
        .success()
        .stdout(format!(
            "532489176916573284487126953759261348263845719841397625698714532374652891125938467\n\
             {GRID2_SOLVED}\n{GRID2_SOLVED}\n"
        ));
}

/// `bench --seconds nan` (or inf, 1e308) never ended, and
/// `--seconds=-1` was accepted.
#[test]
fn bench_refuses_seconds_that_never_end() {
    for bad in ["nan", "inf", "1e308", "-1"] {
        sudokit()
            .arg("bench")
            .arg(format!("--seconds={bad}"))
            .timeout(PATIENCE)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--seconds"));
    }
}

/// `-j 100000` panicked in a thread and then ran for 13 minutes.
#[test]
fn more_jobs_than_cores_are_cut_down_to_the_cores() {
    sudokit()
        .args(["solve", "-j", "100000", GRID2])
        .timeout(PATIENCE)
        .assert()
        .success()
        .stdout(format!("{GRID2_SOLVED}\n"))
        .stderr(predicate::str::contains("-j 100000: this machine has"))
        .stderr(predicate::str::contains("panicked").not());
    // 0 means one thread per core, and is the default.
    sudokit()
        .args(["solve", "-j", "0", GRID2])
        .assert()
        .success()
        .stderr("");
    sudokit()
        .args(["solve", "--help"])
        .assert()
        .stdout(predicate::str::contains(
            "0 (the default) means one per core",
        ));
}

/// Answers waited for 4096 puzzles or the end of input, so nobody
/// could type puzzles, or drive sudokit line by line from another program.
#[test]
fn an_answer_comes_out_before_the_next_line_is_written() {
    for subcommand in ["solve", "count", "candidates"] {
        let mut child = Command::new(bin())
            .arg(subcommand)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        // Read answers on a thread, so a missing one fails the test (after
        // PATIENCE) rather than blocking it.
        let (send, answers) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if send.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        for round in 0..3 {
            writeln!(stdin, "{GRID2}").unwrap();
            stdin.flush().unwrap();
            // The input stays open: the answer must come all the same (after
            // the blank line that separates two displays, for candidates).
            let answer = std::iter::from_fn(|| answers.recv_timeout(PATIENCE).ok())
                .find(|line| !line.is_empty())
                .unwrap_or_else(|| panic!("{subcommand}: no answer to line {}", round + 1));
            assert!(answer.contains('1'), "{subcommand}: {answer}");
            // The rest of a multi-line answer, if any.
            while answers.recv_timeout(Duration::from_millis(200)).is_ok() {}
        }
        drop(stdin);
        assert!(child.wait().unwrap().success(), "{subcommand}");
    }
}

/// `bench` did not read `-` or a puzzle argument, although every
/// subcommand is said to.
#[test]
fn bench_reads_stdin_and_a_puzzle_argument() {
    let json = |cmd: &mut assert_cmd::Command| -> serde_json::Value {
        let out = stdout_of(cmd.args(["--seconds", "0", "--format", "json", "-e", "norvig"]));
        json_lines(&out).remove(0)
    };
    let from_stdin = json(sudokit().args(["bench", "-"]).write_stdin(easy50()));
    assert_eq!(from_stdin["file"], "<stdin>");
    assert_eq!(from_stdin["solved"], 50);
    let from_argument = json(sudokit().args(["bench", GRID2]));
    assert_eq!(from_argument["file"], "<argument>");
    assert_eq!(from_argument["puzzles"], 1);
}

/// The first screen showed one engine, 1,364,999 puzzles/s in the
/// table and 491,787 Hz in the solve_all line of the same run, and called
/// one quantity both guesses/puzzle and nodes/puzzle.
#[test]
fn the_main_job_compares_engines_with_figures_that_agree() {
    let out = stdout_of(sudokit().args(["bench", "--seconds", "0.01", "--repeats", "1"]));
    assert!(out.starts_with("Each engine solves each collection once"));
    assert!(!out.contains("nodes"), "{out}");
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip_while(|l| !l.starts_with("file"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 9, "{out}");
    for (i, file) in ["easy50", "top95", "hardest"].iter().enumerate() {
        for (j, engine) in ["fast", "norvig", "agent"].iter().enumerate() {
            let row = &rows[3 * i + j];
            assert_eq!((row[0], row[1]), (*file, *engine), "{out}");
            // The solve_all line of the same file and engine shows the
            // table's puzzles/s as its Hz.
            let hz = format!("({} Hz)", row[5]);
            let line = out
                .lines()
                .find(|l| {
                    l.starts_with("Solved")
                        && l.contains(&format!(" {file} puzzles with {engine} "))
                })
                .unwrap_or_else(|| panic!("no solve_all line for {file} {engine}"));
            assert!(line.contains(&hz), "{line} vs {row:?}");
        }
    }
}

/// One outcome had several names (`unsolvable` and `no solution`,
/// `limit` and `gave up after N search nodes`).
#[test]
fn each_outcome_has_one_word_on_stdout_in_json_and_on_stderr() {
    let Some(no_solution) = corpus("no_solution.txt") else {
        return;
    };
    let no_solution = std::fs::read_to_string(no_solution).unwrap();
    let first = no_solution.lines().next().unwrap().to_string();
    let hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    for (args, word) in [
        (vec!["solve", first.as_str()], "unsolvable"),
        (vec!["solve", "--max-guesses", "1", hard], "limit"),
    ] {
        let output = sudokit().args(&args).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&output.stdout), format!("{word}\n"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with(&format!("sudokit: <argument> puzzle 1 (line 1): {word}")),
            "{stderr}"
        );
        assert!(
            !stderr.contains("no solution") && !stderr.contains("nodes"),
            "{stderr}"
        );
        let json = stdout_of(sudokit().args(&args).args(["--format", "json"]));
        assert_eq!(json_lines(&json)[0]["status"], word);
    }
}

/// `-e fast` on a 16x16 puzzle was called an invalid puzzle.
#[test]
fn an_engine_that_cannot_take_a_size_is_a_usage_error() {
    let Some(hex) = corpus("hexadoku_16x16.txt") else {
        return;
    };
    sudokit()
        .args(["solve", "-e", "fast"])
        .arg(hex)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with("sudokit: error: "))
        .stderr(predicate::str::contains(
            "puzzle 1 (line 1) is a 16x16 grid, which the fast engine cannot solve",
        ))
        .stderr(predicate::str::contains("invalid").not());
}

/// `--size 4` on an 81-square puzzle said "'8' is not a digit".
#[test]
fn size_four_on_an_81_square_puzzle_says_how_many_squares_it_has() {
    sudokit()
        .args(["solve", "--size", "4", GRID2])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid: found 81 squares, expected 16",
        ));
}

/// A directory was an `invalid` answer, a missing file only a
/// message with no record.
#[test]
fn a_directory_and_a_missing_file_are_reported_alike() {
    let dir = scratch("not-a-file");
    let missing = dir.join("missing.txt");
    for format in ["text", "json"] {
        let output = sudokit()
            .args(["solve", "--format", format])
            .arg(&dir)
            .arg(&missing)
            .arg(GRID2)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        for (path, why) in [(&dir, "it is a directory"), (&missing, "No such file")] {
            let said = format!("sudokit: {}: invalid: cannot read: {why}", path.display());
            assert!(stderr.contains(&said), "{stderr}");
        }
        let stdout = String::from_utf8(output.stdout).unwrap();
        if format == "text" {
            // One line per puzzle: only the argument's.
            assert_eq!(stdout, format!("{GRID2_SOLVED}\n"));
        } else {
            let records = json_lines(&stdout);
            assert_eq!(records.len(), 3);
            for (record, path) in records.iter().zip([&dir, &missing]) {
                assert_eq!(record["file"], path.display().to_string());
                assert_eq!(record["status"], "invalid");
                assert!(record["index"].is_null() && record["line"].is_null());
                assert!(record["error"]
                    .as_str()
                    .unwrap()
                    .starts_with("cannot read: "));
            }
            assert_eq!(records[2]["solution"], GRID2_SOLVED);
        }
    }
}

/// The fields every answer record has, in every subcommand.
const COMMON: [&str; 12] = [
    "file",
    "index",
    "line",
    "puzzle",
    "status",
    "error",
    "engine",
    "solution",
    "guesses",
    "backtracks",
    "calls",
    "seconds",
];

/// JSON differed between subcommands (`solution: null` in trace
/// but absent in solve; invalid records without engine, nodes, seconds;
/// trace steps that could not be matched to their puzzle, and nothing at
/// all for an invalid one).
#[test]
fn every_subcommand_writes_one_json_schema() {
    let mixed = testdata("mixed.txt");
    for (subcommand, extra) in [
        ("solve", vec![]),
        ("count", vec!["solutions", "exact"]),
        ("candidates", vec!["candidates"]),
        ("trace", vec!["steps"]),
    ] {
        let out = stdout_of(sudokit().args([subcommand, "--format", "json"]).arg(&mixed));
        let records = json_lines(&out);
        let answers: Vec<_> = records
            .iter()
            .filter(|r| r.get("status").is_some())
            .collect();
        assert_eq!(answers.len(), 5, "{subcommand}: one answer per puzzle");
        for (i, record) in answers.iter().enumerate() {
            let mut keys: Vec<&str> = record
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            keys.sort_unstable();
            let mut want: Vec<&str> = COMMON
                .iter()
                .copied()
                .chain(extra.iter().copied())
                .collect();
            want.sort_unstable();
            assert_eq!(keys, want, "{subcommand}");
            assert_eq!(record["index"], i + 1, "{subcommand}");
            assert_eq!(record["file"], mixed.display().to_string());
        }
        assert_eq!(answers[1]["status"], "invalid", "{subcommand}");
        assert!(answers[1]["error"]
            .as_str()
            .unwrap()
            .contains("given twice"));
        // Every step names its puzzle.
        for step in records.iter().filter(|r| r.get("step").is_some()) {
            assert_eq!(step["file"], mixed.display().to_string());
            assert!(step["index"].as_u64().is_some());
        }
    }
}

/// An `assign` step showed the square's candidates before the
/// assignment, where the documentation says after.
#[test]
fn an_assign_step_shows_the_candidates_after_it() {
    let out = stdout_of(sudokit().args(["trace", "--format", "json", GRID2]));
    let steps: Vec<_> = json_lines(&out)
        .into_iter()
        .filter(|r| r["action"] == "assign")
        .collect();
    assert!(!steps.is_empty());
    for step in steps {
        let digit = step["digit"].as_u64().unwrap().to_string();
        assert_eq!(step["candidates"], digit, "{step}");
    }
}

/// `fast` reported `backtracks: 0` on every puzzle.
#[test]
fn fast_reports_its_backtracks() {
    let Some(hardest) = corpus("forum_hardest_1106.txt") else {
        return;
    };
    let out = stdout_of(
        sudokit()
            .args(["solve", "--format", "json", "-e", "fast"])
            .arg(hardest),
    );
    let backtracks: u64 = json_lines(&out)
        .iter()
        .map(|r| r["backtracks"].as_u64().unwrap())
        .sum();
    assert!(backtracks > 0);
}

/// `count --max-nodes 50` that found 22 solutions printed only
/// `limit`.
#[test]
fn count_says_at_least_how_many_it_found_when_the_budget_runs_out() {
    let Some(serg) = corpus("serg_benchmark.txt") else {
        return;
    };
    let serg = std::fs::read_to_string(serg).unwrap();
    let first = serg.lines().next().unwrap();
    let output = sudokit()
        .args(["count", "--limit", "1000", "--max-nodes", "50", first])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let line = String::from_utf8(output.stdout).unwrap();
    let found: usize = line.trim().trim_end_matches('+').parse().unwrap();
    assert!(found > 1 && line.trim().ends_with('+'), "{line}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(&format!("at least {found}")), "{stderr}");
}

/// `random --size 4` with the default of 17 givens gave full
/// grids, and `--min-givens 1000` was accepted.
#[test]
fn random_leaves_room_on_small_grids_and_refuses_impossible_givens() {
    let out = stdout_of(sudokit().args(["random", "--size", "4", "--count", "20", "--seed", "5"]));
    assert_eq!(out.lines().count(), 20);
    assert!(out.lines().any(|l| l.contains('.')), "{out}");
    sudokit()
        .args(["random", "--min-givens", "1000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a 9x9 grid has only 81 squares"));
}

/// Trace printed steps that changed nothing (a square assigned the
/// digit it already had, again and again).
#[test]
fn trace_prints_no_step_that_changes_nothing() {
    let out = stdout_of(sudokit().args(["trace", GRID2]));
    let mut assigned = std::collections::HashSet::new();
    let mut depth_zero_assignments = 0;
    for line in out
        .lines()
        .filter(|l| l.contains("depth 0 ") && l.contains(" = "))
    {
        let what = line.split("depth 0").nth(1).unwrap().trim();
        let square_digit = what.split("  ").next().unwrap().to_string();
        assert!(assigned.insert(square_digit), "assigned twice: {line}");
        depth_zero_assignments += 1;
    }
    assert!(depth_zero_assignments >= 17);
}

/// Empty input, or NUL bytes alone, printed nothing and exited 0.
#[test]
fn empty_input_and_nul_bytes_are_reported() {
    sudokit()
        .arg("solve")
        .write_stdin("")
        .assert()
        .code(2)
        .stderr("sudokit: <stdin>: invalid: no puzzle found\n");
    sudokit()
        .arg("solve")
        .write_stdin(b"\0\0\0".to_vec())
        .assert()
        .code(2)
        .stdout("invalid\n")
        .stderr(predicate::str::contains("not text: a NUL byte at column 1"));
}

/// `count --format grid` printed lines.
#[test]
fn count_offers_only_the_formats_it_has() {
    sudokit()
        .args(["count", "--format", "grid", GRID2])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("[possible values: text, json]"));
}

/// Missing: reading `.gz` files (by content, on stdin too).
#[test]
fn gzip_input_is_read() {
    use flate2::write::GzEncoder;
    let mut packed = GzEncoder::new(Vec::new(), flate2::Compression::default());
    packed.write_all(easy50().as_bytes()).unwrap();
    let packed = packed.finish().unwrap();
    let dir = scratch("gzip");
    let file = dir.join("easy50.txt.gz");
    std::fs::write(&file, &packed).unwrap();
    let plain = stdout_of(
        sudokit()
            .arg("solve")
            .arg(corpus("norvig_easy50.txt").unwrap()),
    );
    assert_eq!(plain.lines().count(), 50);
    assert_eq!(stdout_of(sudokit().arg("solve").arg(&file)), plain);
    assert_eq!(stdout_of(sudokit().arg("solve").write_stdin(packed)), plain);
}

/// Missing: shell completions and a man page.
#[test]
fn completions_and_a_man_page() {
    for shell in ["bash", "zsh", "fish"] {
        sudokit()
            .args(["completions", shell])
            .assert()
            .success()
            .stdout(predicate::str::contains("candidates"));
    }
    sudokit()
        .arg("man")
        .assert()
        .success()
        .stdout(predicate::str::contains(".TH sudokit"))
        .stdout(predicate::str::contains("Exit codes"));
}

/// Missing: `--quiet`.
#[test]
fn quiet_drops_the_messages_but_not_the_answers() {
    let out = sudokit()
        .args(["solve", "--quiet"])
        .arg(testdata("mixed.txt"))
        .assert()
        .code(2)
        .stderr("")
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 5);
    sudokit()
        .args(["-q", "random"])
        .assert()
        .success()
        .stderr("");
}

/// Missing: `random --diagonal` and `--format json`.
#[test]
fn random_makes_diagonal_puzzles_and_json() {
    let out = stdout_of(sudokit().args([
        "random",
        "--diagonal",
        "--format",
        "json",
        "-n",
        "5",
        "--seed",
        "9",
    ]));
    let records = json_lines(&out);
    assert_eq!(records.len(), 5);
    for record in records {
        assert_eq!(record["variant"], "diagonal");
        assert_eq!(record["seed"], 9);
        let puzzle = record["puzzle"].as_str().unwrap();
        // No digit twice on either diagonal.
        for cells in [
            (0..9).map(|i| 10 * i).collect::<Vec<_>>(),
            (1..=9).map(|i| 8 * i).collect(),
        ] {
            let digits: Vec<u8> = cells
                .iter()
                .map(|&c| puzzle.as_bytes()[c])
                .filter(|&b| b != b'.')
                .collect();
            let mut unique = digits.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), digits.len(), "{puzzle}");
        }
    }
}

/// The whole issue at once: a large file with every kind of bad line mixed
/// in. Every entry gets exactly one answer, in order; every good puzzle is
/// solved, correctly; on one thread and on two.
#[test]
fn every_kind_of_bad_line_in_a_large_file_loses_no_good_puzzle() {
    let Some(seventeen) = corpus("seventeen_clue.txt") else {
        return;
    };
    let seventeen = std::fs::read_to_string(seventeen).unwrap();
    let good: Vec<&str> = seventeen.lines().take(3000).collect();
    let board = std::fs::read_to_string(testdata("easy_board.json")).unwrap();
    // (bytes, what its answer must be: Some(puzzle) solved, None invalid).
    let bad: Vec<(Vec<u8>, Vec<Option<String>>)> = vec![
        (b"\xff\xfe\n".to_vec(), vec![None]),
        (b"\0\0\0\n".to_vec(), vec![None]),
        (format!("55{}\n", ".".repeat(79)).into_bytes(), vec![None]),
        (format!("{}\n", &GRID2[..80]).into_bytes(), vec![None]),
        (format!("{}\n", "7".repeat(16)).into_bytes(), vec![None]),
        (
            {
                let mut b = GRID2.as_bytes()[..30].to_vec();
                b.push(0xE9);
                b.extend_from_slice(&GRID2.as_bytes()[30..]);
                b.push(b'\n');
                b
            },
            vec![Some(GRID2.to_string())],
        ),
        (
            board.clone().into_bytes(),
            vec![Some(
                "5...8.1.6....732844.712...37.926......3.45.1...1...625.9.7.4.3..7...289.1259....."
                    .to_string(),
            )],
        ),
        (b"[[1,2],\n\n".to_vec(), vec![None]),
        (b"# a comment\n\n=====\n".to_vec(), vec![]),
        (b"12345\n\n".to_vec(), vec![None]),
    ];
    let mut bytes = Vec::new();
    let mut expected: Vec<Option<String>> = Vec::new();
    for (i, puzzle) in good.iter().enumerate() {
        if i % 100 == 50 {
            let (text, answers) = &bad[(i / 100) % bad.len()];
            bytes.extend_from_slice(text);
            expected.extend(answers.iter().cloned());
        }
        bytes.extend_from_slice(puzzle.as_bytes());
        bytes.push(b'\n');
        expected.push(Some(puzzle.to_string()));
    }
    let dir = scratch("large-mixed");
    let file = dir.join("mixed.txt");
    std::fs::write(&file, &bytes).unwrap();
    for jobs in ["1", "2"] {
        let out = stdout_of(
            sudokit()
                .args(["solve", "--format", "json", "-j", jobs])
                .arg(&file)
                .timeout(PATIENCE),
        );
        let records = json_lines(&out);
        assert_eq!(
            records.len(),
            expected.len(),
            "-j {jobs}: one answer per entry"
        );
        for (i, (record, want)) in records.iter().zip(&expected).enumerate() {
            assert_eq!(record["index"], i + 1, "-j {jobs}");
            match want {
                Some(puzzle) => {
                    assert_eq!(record["status"], "solved", "-j {jobs}: {record}");
                    assert_eq!(record["puzzle"], puzzle.as_str());
                    let solution = record["solution"].as_str().unwrap();
                    let grid = sudokit::parse_grid(puzzle, Default::default()).unwrap();
                    let solved = sudokit::parse_grid(solution, Default::default()).unwrap();
                    assert!(sudokit::verify::is_solution(&grid, &solved), "{record}");
                }
                None => assert_eq!(record["status"], "invalid", "-j {jobs}: {record}"),
            }
        }
    }
}

/// The default (easiest-first) hint of a puzzle whose first step
/// is a nested chain searched every nesting depth of dynamic chains (about
/// a minute and 700 MB on one core); the depths are now searched as SE
/// searches them, and the hint is SE's own step, the easiest there is.
#[test]
fn easiest_first_hint_does_not_search_every_nesting_depth() {
    let s1 = "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1";
    let hint = |order: &str| {
        stdout_of(
            sudokit()
                .args(["hint", "-j1", "--order", order, s1])
                .timeout(PATIENCE),
        )
    };
    let easiest = hint("easiest");
    assert!(
        easiest.starts_with("Dynamic forcing chains (+ multiple forcing chains) (11.1)"),
        "{easiest}"
    );
    assert_eq!(easiest, hint("se"));
}

/// `canon --dedupe` took two equal puzzles given as arguments (both
/// `<argument>` puzzle 1), or a file given twice, for one entry seen once,
/// and kept both.
#[test]
fn canon_dedupe_leaves_out_a_repeat_under_the_same_name() {
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    sudokit()
        .args(["canon", "--dedupe", p, p])
        .timeout(PATIENCE)
        .assert()
        .success()
        .stdout(format!("{p}\n"))
        .stderr(predicate::str::contains(
            "1 different, 1 duplicate left out",
        ));
    let dir = scratch("dedupe-twice");
    let file = dir.join("a.txt");
    std::fs::write(&file, format!("{p}\n")).unwrap();
    let out = stdout_of(
        sudokit()
            .args(["canon", "--dedupe", "-f", "json"])
            .arg(&file)
            .arg(&file),
    );
    let records = json_lines(&out);
    assert_eq!(records.len(), 1, "{out}");
    assert_eq!(records[0]["duplicate_of"], serde_json::Value::Null);
}
