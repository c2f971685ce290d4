//! The command's output streams: answers written as soon as they are ready
//! (in input order), kept when the run is interrupted; a stdout or stderr
//! that cannot be written ends the run quietly, never in a panic; text from
//! the input never reaches a terminal raw.

mod common;

use common::{bin, corpus, scratch, sudokit, GRID2};
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The empty grid: counting its solutions up to a huge limit takes far
/// longer than any test runs.
const ENDLESS: &str =
    ".................................................................................";

/// A generous bound for an answer that is ready at once (a debug build on
/// a busy machine).
const GENEROUS: Duration = Duration::from_secs(120);

/// The first line `child` writes on stdout, or `None` if none comes within
/// [`GENEROUS`].
fn first_line(child: &mut Child) -> Option<String> {
    let stdout = child.stdout.take().expect("stdout is piped");
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = send.send(line);
    });
    receive.recv_timeout(GENEROUS).ok()
}

/// The run ended by itself, with `code`: no signal (an abort is SIGABRT).
fn assert_ended_with(status: ExitStatus, code: i32, what: &str) {
    assert_eq!(
        status.signal(),
        None,
        "{what}: ended by a signal: {status:?}"
    );
    assert_eq!(status.code(), Some(code), "{what}: {status:?}");
}

fn dev_full() -> Stdio {
    Stdio::from(File::create("/dev/full").expect("/dev/full"))
}

#[test]
fn a_full_stderr_ended_the_run_in_an_abort() {
    // `12` names no file: each command reports it on stderr (exit 2).
    for args in [
        &["solve", "12"][..],
        &["rate", "12"],
        &["hint", "12"],
        &["explain", "12"],
        &["count", "12"],
    ] {
        let status = Command::new(bin())
            .args(args)
            .stdout(Stdio::null())
            .stderr(dev_full())
            .status()
            .unwrap();
        assert_ended_with(status, 2, &args.join(" "));
    }
    // Without --seed, generate first says its seed on stderr: it cannot, so
    // the run ends there, with no answer that calls for another code.
    let status = Command::new(bin())
        .args(["generate", "--size", "4"])
        .stdout(Stdio::null())
        .stderr(dev_full())
        .status()
        .unwrap();
    assert_ended_with(status, 0, "generate");
}

#[test]
fn a_closed_stderr_pipe_ended_the_run_in_an_abort() {
    let dir = scratch("closed-stderr");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "bad line 1\nbad line 2\nbad line 3\n").unwrap();
    // `solve bad.txt 2>&1 | head -1`: stdout and stderr into one pipe whose
    // reader goes away after the first line.
    let (reader, writer) = std::io::pipe().unwrap();
    let mut child = Command::new(bin())
        .arg("solve")
        .arg(&bad)
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(reader).read_line(&mut first).unwrap();
    assert_eq!(first, "invalid\n");
    // The reader is gone (dropped above): the next write fails.
    let status = child.wait().unwrap();
    assert_ended_with(status, 2, "solve bad.txt 2>&1 | head -1");

    // `solve --stats many.txt 2>&1 | head -1`: every answer is solved.
    let many = dir.join("many.txt");
    std::fs::write(&many, format!("{GRID2}\n").repeat(2000)).unwrap();
    let (reader, writer) = std::io::pipe().unwrap();
    let mut child = Command::new(bin())
        .args(["solve", "--stats"])
        .arg(&many)
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(reader).read_line(&mut first).unwrap();
    assert_eq!(first.len(), 82, "{first:?}");
    let status = child.wait().unwrap();
    assert_ended_with(status, 0, "solve --stats many.txt 2>&1 | head -1");
}

#[test]
fn a_closed_stdout_pipe_ends_with_the_answers_exit_code() {
    let dir = scratch("closed-stdout");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "bad line\n".repeat(20000)).unwrap();
    let (reader, writer) = std::io::pipe().unwrap();
    let mut child = Command::new(bin())
        .args(["solve", "--quiet"])
        .arg(&bad)
        .stdout(writer)
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(reader).read_line(&mut first).unwrap();
    assert_eq!(first, "invalid\n");
    let status = child.wait().unwrap();
    assert_ended_with(status, 2, "solve bad.txt | head -1");
}

#[test]
fn answers_were_held_back_until_a_chunk_was_done() {
    // A quick puzzle, then one whose count never ends: the first answer must
    // come while the second is still being counted.
    let mut child = Command::new(bin())
        .args(["count", "--limit", "1000000000000", "-j1", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{GRID2}\n{ENDLESS}").unwrap();
    drop(stdin);
    let first = first_line(&mut child);
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(first.as_deref(), Some("1\n"));
    assert!(running, "the endless count cannot have ended");
}

#[test]
fn rate_printed_nothing_until_a_chunk_was_rated() {
    // Ratings stream too: the first comes while the run still goes on.
    let dir = scratch("rate-streams");
    let file = dir.join("puzzles.txt");
    let Some(path) = common::corpus("forum_hardest_1106.txt") else {
        return;
    };
    let hard = std::fs::read_to_string(path).unwrap();
    let mut text = format!("{GRID2}\n");
    for line in hard.lines().take(200) {
        text.push_str(line);
        text.push('\n');
    }
    std::fs::write(&file, text).unwrap();
    let mut child = Command::new(bin())
        .args(["rate", "-j1"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let first = first_line(&mut child);
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    let first = first.expect("a first rating");
    assert!(first.contains('/'), "{first:?}");
    assert!(
        running,
        "200 of the hardest puzzles cannot all be rated yet"
    );
}

#[test]
fn ctrl_c_threw_away_the_answers_already_made() {
    let dir = scratch("interrupted");
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, format!("{GRID2}\n{ENDLESS}\n")).unwrap();
    let out = dir.join("out.txt");
    let mut child = Command::new(bin())
        .args(["count", "--limit", "1000000000000", "-j1"])
        .arg(&file)
        .stdout(File::create(&out).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&out).unwrap().is_empty() && start.elapsed() < GENEROUS {
        std::thread::sleep(Duration::from_millis(50));
    }
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(2), "{status:?}");
    let mut written = String::new();
    File::open(&out)
        .unwrap()
        .read_to_string(&mut written)
        .unwrap();
    assert_eq!(written, "1\n");
}

#[test]
fn hint_file_hinted_only_the_first_puzzle() {
    let dir = scratch("hint-file");
    let file = dir.join("three.txt");
    let Some(path) = common::corpus("norvig_top95.txt") else {
        return;
    };
    let top = std::fs::read_to_string(path).unwrap();
    let three: Vec<&str> = top.lines().take(3).collect();
    std::fs::write(&file, three.join("\n")).unwrap();
    let out = sudokit()
        .args(["hint", "--format", "json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let hints = common::json_lines(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(hints.len(), 3);
    // Each is its own puzzle's hint, in order: the same as one at a time
    // (but for where it was read and the time it took).
    let hint_only = |record: &serde_json::Value| {
        let mut record = record.clone();
        for field in ["file", "index", "line", "seconds"] {
            record.as_object_mut().unwrap().remove(field);
        }
        record
    };
    for (i, (puzzle, hint)) in three.iter().zip(&hints).enumerate() {
        assert_eq!(hint["index"], i + 1);
        let alone = sudokit()
            .args(["hint", "--format", "json", puzzle])
            .output()
            .unwrap();
        let alone = common::json_lines(&String::from_utf8(alone.stdout).unwrap());
        assert_eq!(hint_only(&alone[0]), hint_only(hint));
    }
}

#[test]
fn hint_without_a_puzzle_was_a_usage_error() {
    let Some(path) = common::corpus("norvig_top95.txt") else {
        return;
    };
    let top = std::fs::read_to_string(path).unwrap();
    let two: String = top.lines().take(2).map(|l| format!("{l}\n")).collect();
    let out = sudokit().arg("hint").write_stdin(two).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
}

#[test]
fn explain_echoed_escape_sequences_raw() {
    let out = sudokit()
        .arg("explain")
        .write_stdin("\x1b[31mRED\x1b[0m 12")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!stdout.contains('\x1b'), "{stdout:?}");
    assert!(
        stdout.starts_with("puzzle \\x1b[31mRED\\x1b[0m 12\n"),
        "{stdout:?}"
    );
}

#[test]
fn solve_echoed_control_characters_of_a_bad_line_raw() {
    let dir = scratch("control-name");
    // A file whose name holds an escape, and a bad line holding another.
    let file = dir.join("evil\x1b[2Jname.txt");
    std::fs::write(&file, "\x1b]0;title\x07 1 2 3\n").unwrap();
    let out = sudokit().arg("solve").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        !stderr.contains('\x1b') && !stderr.contains('\x07'),
        "{stderr:?}"
    );
    assert!(stderr.contains("evil\\x1b[2Jname.txt"), "{stderr:?}");
    let out = sudokit()
        .args(["solve", "--format", "json"])
        .arg(&file)
        .output()
        .unwrap();
    let record = &common::json_lines(&String::from_utf8(out.stdout).unwrap())[0];
    assert_eq!(record["puzzle"], "\\x1b]0;title\\x07 1 2 3");
}

#[test]
fn the_writer_woke_for_every_answer_that_came_back_alone() {
    // HoDoKu's ratings come back one at a time, each in well under a
    // millisecond. The writer napped a few microseconds, found one answer,
    // wrote it and napped anew from the shortest nap: it woke once or more
    // for every answer, and each wake is a switch of threads paid in CPU
    // time (about a fifth of rating 566 puzzles). Its nap now stays long once it
    // has grown, and it writes what came back meanwhile.
    let Some(easy) = corpus("norvig_easy50.txt") else {
        return;
    };
    let dir = scratch("writer-wakes");
    let file = dir.join("easy2000.txt");
    std::fs::write(&file, std::fs::read_to_string(easy).unwrap().repeat(40)).unwrap();
    // Reaped below by wait4, which also gives its use of the machine.
    #[allow(clippy::zombie_processes)]
    let mut child = Command::new(bin())
        .args(["rate", "--rules", "hodoku", "-j1"])
        .arg(&file)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // 2000 short lines fit in the pipe: the run ends without a reader.
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `usage` is a plain C struct that wait4 fills in; the child
    // is ours and is reaped here, once.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid);
    assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(out.lines().count(), 2000);
    let levels = ["Easy", "Medium", "Hard", "Unfair", "Extreme"];
    assert!(out.lines().all(|l| levels.iter().any(|w| l.starts_with(w))));
    // Waits for something, in all the run's threads: the writer's wakes
    // are most of them (about 300 to 400 here before, about 20 now).
    let waits = usage.ru_nvcsw;
    assert!(waits < 200, "{waits} waits for 2000 answers");
    std::fs::remove_dir_all(dir).unwrap();
}
