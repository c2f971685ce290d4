//! The `sudokit` command run as a user runs it.

mod common;

use common::*;
use predicates::prelude::*;

#[test]
fn solve_a_puzzle_given_as_an_argument() {
    sudokit()
        .args(["solve", GRID2])
        .assert()
        .success()
        .stdout(format!("{GRID2_SOLVED}\n"));
}

#[test]
fn solve_reads_stdin_when_no_file_is_given() {
    sudokit()
        .arg("solve")
        .write_stdin(format!("{GRID2}\n"))
        .assert()
        .success()
        .stdout(format!("{GRID2_SOLVED}\n"));
}

#[test]
fn a_bad_batch_keeps_every_answer_in_order_and_exits_2() {
    let out = sudokit()
        .args(["solve"])
        .arg(testdata("mixed.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "puzzle 2 (line 3): invalid: digit 5 is given twice in row A: at A1 and at A2",
        ))
        .stderr(predicate::str::contains(
            "puzzle 3 (line 4): invalid: found 80 squares",
        ))
        .stderr(predicate::str::contains("puzzle 4 (line 5): unsolvable"))
        .get_output()
        .stdout
        .clone();
    let lines: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
    assert_eq!(
        lines,
        vec![
            GRID2_SOLVED,
            "invalid",
            "invalid",
            "unsolvable",
            EASY1_SOLVED
        ]
    );
}

#[test]
fn no_solution_alone_exits_1() {
    let Some(no_solution) = corpus("no_solution.txt") else {
        return;
    };
    sudokit()
        .arg("solve")
        .arg(no_solution)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("unsolvable"))
        .stdout(predicate::str::is_match("[1-9]{81}").unwrap().not());
}

#[test]
fn json_answers_have_the_documented_fields() {
    let out = stdout_of(
        sudokit()
            .args(["solve", "--format", "json", "--engine", "norvig"])
            .arg(testdata("mixed.txt")),
    );
    let answers = json_lines(&out);
    assert_eq!(answers.len(), 5);
    let statuses: Vec<&str> = answers
        .iter()
        .map(|a| a["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        vec!["solved", "invalid", "invalid", "unsolvable", "solved"]
    );
    assert_eq!(answers[0]["index"], 1);
    assert_eq!(answers[0]["line"], 2);
    assert_eq!(answers[0]["puzzle"], GRID2);
    assert_eq!(answers[0]["solution"], GRID2_SOLVED);
    assert!(answers[0]["guesses"].as_u64().unwrap() > 0);
    assert!(answers[1]["error"]
        .as_str()
        .unwrap()
        .contains("given twice"));
    assert!(answers[1]["solution"].is_null());
    assert_eq!(answers[3]["line"], 5);
}

#[test]
fn backtrack_reports_its_call_count() {
    let out = stdout_of(
        sudokit()
            .args(["solve", "--format", "json", "--engine", "backtrack"])
            .arg(testdata("easy_board.json")),
    );
    let answer = &json_lines(&out)[0];
    assert_eq!(answer["calls"], 52);
    assert_eq!(
        answer["solution"],
        "532489176916573284487126953759261348263845719841397625698714532374652891125938467"
    );
}

#[test]
fn stats_go_to_stderr() {
    sudokit()
        .args(["solve", "--stats", "--engine", "backtrack"])
        .arg(testdata("easy_board.json"))
        .assert()
        .success()
        .stderr(
            predicate::str::contains("backtrack, 51 guesses")
                .and(predicate::str::contains("52 calls")),
        );
}

#[test]
fn the_three_forms_of_grid2_solve_alike() {
    let out = stdout_of(sudokit().arg("solve").arg(testdata("grid2_forms.txt")));
    assert_eq!(out, format!("{GRID2_SOLVED}\n").repeat(3));
}

#[test]
fn grid_format_prints_the_pretty_board() {
    sudokit()
        .args(["solve", "--format", "grid", GRID2])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "4 1 7 |3 6 9 |8 2 5\n6 3 2 |1 5 8 |9 4 7\n9 5 8 |7 2 4 |3 1 6\n------+------+------\n",
        ));
}

#[test]
fn max_guesses_gives_limit_not_a_guess() {
    let hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    sudokit()
        .args(["solve", "--max-guesses", "2", "--format", "json", hard])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(r#""status":"limit""#))
        .stderr(predicate::str::contains(
            "limit: gave up after 2 guesses (--max-guesses 2)",
        ));
    // The old name of the option still works.
    sudokit()
        .args(["solve", "--max-nodes", "2", hard])
        .assert()
        .code(1)
        .stdout("limit\n");
}

#[test]
fn diagonal_flag_solves_as_diagonal_sudoku() {
    let puzzle =
        "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
    sudokit()
        .args(["solve", "--diagonal", puzzle])
        .assert()
        .success()
        .stdout(
            "267945381853716249491823576576438192384192657129657438642379815935281764718564923\n",
        );
    sudokit()
        .args(["count", "--diagonal", puzzle])
        .assert()
        .success()
        .stdout("1\n");
    sudokit()
        .args(["count", puzzle])
        .assert()
        .success()
        .stdout("2+\n");
}

#[test]
fn count_tells_unique_from_several() {
    let Some(serg) = corpus("serg_benchmark.txt") else {
        return;
    };
    let serg = std::fs::read_to_string(serg).unwrap();
    let first = serg.lines().next().unwrap();
    sudokit()
        .args(["count", first])
        .assert()
        .success()
        .stdout("2+\n");
    sudokit()
        .args(["count", "--limit", "1000", first])
        .assert()
        .success();
    let out = stdout_of(sudokit().args(["count", "--format", "json", GRID2]));
    let answer = &json_lines(&out)[0];
    assert_eq!(answer["solutions"], 1);
    assert_eq!(answer["exact"], true);
    assert_eq!(answer["status"], "unique");
}

#[test]
fn count_matches_tdoku_exact_counts() {
    let Some(text) = corpus("tdoku_test_puzzles.txt") else {
        return;
    };
    let text = std::fs::read_to_string(text).unwrap();
    let mut input = String::new();
    let mut expected = Vec::new();
    for line in text.lines() {
        let mut fields = line.split(':');
        input.push_str(fields.next().unwrap());
        input.push('\n');
        expected.push(fields.next().unwrap().parse::<u64>().unwrap());
    }
    let out = stdout_of(
        sudokit()
            .args(["count", "--limit", "1000", "--format", "json"])
            .write_stdin(input),
    );
    let counts: Vec<u64> = json_lines(&out)
        .iter()
        .map(|a| a["solutions"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, expected);
}

#[test]
fn candidates_shows_norvigs_display() {
    sudokit()
        .args(["candidates", GRID2])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "   4      1679   12679  |  139     2369    269   |   8      1239     5\n",
        ))
        .stdout(predicate::str::contains(
            "------------------------+------------------------+------------------------",
        ));
}

#[test]
fn trace_replays_to_the_solution() {
    for engine in ["norvig", "agent"] {
        let out =
            stdout_of(sudokit().args(["trace", "--format", "json", "--engine", engine, GRID2]));
        let steps = json_lines(&out);
        let (last, steps) = steps.split_last().unwrap();
        assert_eq!(last["status"], "solved");
        assert_eq!(last["solution"], GRID2_SOLVED);
        // Replay: the final candidates of each square are the solution.
        let mut board = vec![String::from("123456789"); 81];
        for (i, c) in GRID2.chars().enumerate() {
            if c != '.' && engine == "agent" {
                board[i] = c.to_string();
            }
        }
        for step in steps {
            let square = step["square"].as_str().unwrap();
            let row = (square.as_bytes()[0] - b'A') as usize;
            let col = (square.as_bytes()[1] - b'1') as usize;
            board[row * 9 + col] = step["candidates"].as_str().unwrap().to_string();
        }
        assert_eq!(board.concat(), GRID2_SOLVED, "{engine}");
    }
    sudokit()
        .args(["trace", GRID2])
        .assert()
        .success()
        .stdout(predicate::str::contains("A1 = 4  (given)"))
        .stdout(predicate::str::contains("(guess)"));
}

#[test]
fn bench_runs_on_built_in_collections() {
    sudokit()
        .args(["bench", "--seconds", "0.01", "--repeats", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Solved 50 of 50 easy50 puzzles"))
        .stdout(predicate::str::contains("Solved 95 of 95 top95 puzzles"))
        .stdout(predicate::str::contains("Solved 11 of 11 hardest puzzles"));
}

#[test]
fn bench_table_columns_line_up_with_long_file_names() {
    // forum_hardest_1905_11plus.txt is wider than the fixed 28-character
    // file column this table once had; every row must still put its engine
    // under the header.
    let Some(wide) = corpus("forum_hardest_1905_11plus.txt") else {
        return;
    };
    let out = stdout_of(
        sudokit()
            .args(["bench", "--seconds", "0.01", "--repeats", "1"])
            .args(["--engine", "fast", "--max-guesses", "1"])
            .arg(corpus("norvig_hardest.txt").unwrap())
            .arg(wide),
    );
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("file"))
        .take(3)
        .collect();
    let engine_at: Vec<usize> = table
        .iter()
        .map(|l| l.find("engine").or_else(|| l.find("fast")).unwrap())
        .collect();
    assert_eq!(engine_at[0], engine_at[1], "{out}");
    assert_eq!(engine_at[0], engine_at[2], "{out}");
}

#[test]
fn bench_json_compares_engines_side_by_side() {
    let out = stdout_of(
        sudokit()
            .args([
                "bench",
                "--seconds",
                "0.01",
                "--repeats",
                "1",
                "--format",
                "json",
                "--engine",
                "norvig,agent",
                "--mode",
                "count",
            ])
            .arg(corpus("norvig_hardest.txt").unwrap()),
    );
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 2);
    for (row, engine) in rows.iter().zip(["norvig", "agent"]) {
        assert_eq!(row["engine"], engine);
        assert_eq!(row["mode"], "count");
        assert_eq!(row["puzzles"], 11);
        assert!(row["puzzles_per_sec"].as_f64().unwrap() > 0.0);
        for field in [
            "file",
            "usec_per_puzzle",
            "guesses_per_puzzle",
            "no_guess_pct",
        ] {
            assert!(row.get(field).is_some(), "{field}");
        }
    }
}

/// On a shared machine the wall clock counts the time a solving thread
/// waits for a core; `--clock cpu` times by the thread's CPU time instead,
/// as the peers' timing programs do, and says so in the table's header and
/// in each JSON record.
#[cfg(unix)]
#[test]
fn bench_times_by_the_threads_cpu_time_when_asked() {
    let bench = |clock: Option<&str>, format: &str| {
        let mut cmd = sudokit();
        cmd.args(["bench", "--seconds", "0.01", "--repeats", "1"])
            .args(["--engine", "fast", "--format", format]);
        if let Some(clock) = clock {
            cmd.args(["--clock", clock]);
        }
        stdout_of(cmd.arg(corpus("norvig_hardest.txt").unwrap()))
    };
    for (clock, want) in [(Some("cpu"), "cpu"), (Some("wall"), "wall"), (None, "wall")] {
        let rows = json_lines(&bench(clock, "json"));
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0]["clock"], want);
        assert_eq!(rows[0]["solved"], 11);
        assert!(rows[0]["puzzles_per_sec"].as_f64().unwrap() > 0.0);
    }
    assert!(bench(Some("cpu"), "text").contains("(1 of 0.01 s of CPU time each)"));
    assert!(bench(None, "text").contains("(1 of 0.01 s each)"));
    sudokit()
        .args(["bench", "--clock", "sundial"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("sundial"));
}

#[test]
fn bench_runs_threads_at_once_when_asked_and_says_how_many() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let bench = |jobs: &str, format: &str| {
        stdout_of(
            sudokit()
                .args(["bench", "--seconds", "0.01", "--repeats", "1", "--quiet"])
                .args(["--engine", "fast", "--format", format, "-j", jobs])
                .arg(corpus("norvig_hardest.txt").unwrap()),
        )
    };
    for (jobs, want) in [("1", 1), ("2", 2.min(cores)), ("0", cores)] {
        let rows = json_lines(&bench(jobs, "json"));
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0]["threads"], want, "-j {jobs}");
        assert_eq!(rows[0]["clock"], "wall");
        assert_eq!(rows[0]["solved"], 11);
        assert!(rows[0]["puzzles_per_sec"].as_f64().unwrap() > 0.0);
    }
    if cores >= 2 {
        assert!(bench("2", "text").contains("(1 of 0.01 s each, 2 threads at once)"));
    }
    // One thread's CPU time cannot time several threads; --rate is one thread.
    for args in [
        &["bench", "-j", "2", "--clock", "cpu"][..],
        &["bench", "-j", "2", "--rate"][..],
    ] {
        sudokit()
            .args(args)
            .arg(corpus("norvig_hardest.txt").unwrap())
            .assert()
            .failure()
            .stderr(predicate::str::contains("-j"));
    }
}

#[test]
fn random_is_reproducible_from_its_seed() {
    let a = stdout_of(sudokit().args(["random", "--count", "3", "--seed", "42"]));
    let b = stdout_of(sudokit().args(["random", "--count", "3", "--seed", "42"]));
    assert_eq!(a, b);
    assert_eq!(a.lines().count(), 3);
    for line in a.lines() {
        assert_eq!(line.len(), 81);
        assert!(line.chars().filter(|c| c.is_ascii_digit()).count() >= 17);
    }
    sudokit()
        .args(["random"])
        .assert()
        .success()
        .stderr(predicate::str::contains("--seed"));
}

#[test]
fn other_sizes_solve() {
    for file in ["sudoku_4x4.txt", "hexadoku_16x16.txt", "sudoku_25x25.txt"] {
        let Some(path) = corpus(file) else {
            return;
        };
        let out = sudokit()
            .arg("solve")
            .arg(&path)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let lines = std::str::from_utf8(&out).unwrap().lines().count();
        let puzzles = std::fs::read_to_string(&path).unwrap().lines().count();
        assert_eq!(lines, puzzles, "{file}");
    }
}

#[test]
fn bad_usage_exits_2_with_a_message() {
    sudokit()
        .args(["solve", "--engine", "quantum", GRID2])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown engine 'quantum'"));
    sudokit()
        .args(["solve", "--size", "7", GRID2])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a supported size"));
    sudokit()
        .args(["count", "--limit", "0", GRID2])
        .assert()
        .code(2);
    sudokit().arg("frobnicate").assert().code(2);
}

#[test]
fn a_missing_file_is_reported_and_the_others_are_still_solved() {
    sudokit()
        .args(["solve", "no-such-file.txt"])
        .arg(testdata("easy_board.json"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "sudokit: no-such-file.txt: invalid: cannot read: ",
        ))
        .stdout(
            "532489176916573284487126953759261348263845719841397625698714532374652891125938467\n",
        );
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["solve", "count", "candidates", "trace", "bench", "random"] {
        sudokit()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Usage: sudokit"));
    }
    sudokit()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit codes"));
}

#[test]
fn a_single_thread_gives_the_same_answers() {
    let file = corpus("norvig_top95.txt").unwrap();
    let one = stdout_of(sudokit().args(["solve", "-j", "1"]).arg(&file));
    let two = stdout_of(sudokit().args(["solve", "-j", "2"]).arg(&file));
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 95);
}

#[test]
fn closing_the_pipe_early_is_not_a_panic() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let bin = bin();
    for args in [
        vec!["random", "--count", "200000", "--seed", "3"],
        vec!["trace", GRID2],
        vec!["bench", "--seconds", "0.01", "--repeats", "1"],
    ] {
        let mut child = std::process::Command::new(&bin)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        // The reader is dropped here: the pipe closes under the writer.
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            output.status.code().is_some_and(|c| c == 0),
            "{args:?}: {:?}",
            output.status
        );
    }
}

#[test]
fn messages_follow_their_answers_in_a_long_batch() {
    // Puzzles are solved many at a time on every core; a message must still
    // come right after its own answer, wherever its puzzle fell among them.
    // stdout and stderr go to one file here (one open file, so one offset),
    // so the test sees the order a terminal shows.
    const BAD: [usize; 3] = [70, 130, 257];
    let clash = format!("55{}", ".".repeat(79));
    let short = &GRID2[..80];
    let mut text = String::new();
    for i in 1..=300 {
        text.push_str(match i {
            _ if i == BAD[0] => &clash,
            _ if BAD.contains(&i) => short,
            _ => GRID2,
        });
        text.push('\n');
    }
    let dir = std::env::temp_dir().join(format!("sudokit-long-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many.txt");
    std::fs::write(&file, text).unwrap();
    let bin = bin();
    for jobs in ["1", "2"] {
        let log = dir.join(format!("output-j{jobs}.txt"));
        let sink = std::fs::File::create(&log).unwrap();
        let status = std::process::Command::new(&bin)
            .args(["solve", "-j", jobs])
            .arg(&file)
            .stdout(sink.try_clone().unwrap())
            .stderr(sink)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2));
        let combined = std::fs::read_to_string(&log).unwrap();
        let lines: Vec<&str> = combined.lines().collect();
        assert_eq!(lines.len(), 303, "300 answers and 3 messages");
        let mut answers = 0;
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("sudokit:") {
                // The message names the puzzle answered on the line before.
                assert!(
                    line.contains(&format!("puzzle {answers} ")),
                    "{jobs}: {line}"
                );
                assert_eq!(lines[i - 1], "invalid", "{jobs}: {line}");
            } else {
                answers += 1;
                let want = if BAD.contains(&answers) {
                    "invalid"
                } else {
                    GRID2_SOLVED
                };
                assert_eq!(*line, want, "{jobs}: answer {answers}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
