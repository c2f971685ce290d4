//! The README says what the command prints; these tests hold it to that.
//! Issue 14, item 7: the `trace` example's first line was not what the
//! command prints, a `bench` example exited 2 with 46 errors, and the JSON
//! field list did not match the output.

mod common;

use common::*;
use std::process::Command;

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

/// An example: the command after `$ `, and the lines shown under it (up to
/// a `...`, which means "and more").
struct Example {
    command: String,
    shown: Vec<String>,
    complete: bool,
}

/// Every `$ sudokit ...` example in the README's `sh` blocks.
fn examples(text: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_sh = false;
    // Whether the last example began in this block (lines of a block with
    // no `$ ` are commands to copy, not output).
    let mut open = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
            open = false;
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                command: command.to_string(),
                shown: Vec::new(),
                complete: true,
            });
            open = true;
        } else if let Some(example) = examples.last_mut().filter(|_| open) {
            if line == "..." {
                example.complete = false;
            } else if example.complete {
                example.shown.push(line.to_string());
            }
        }
    }
    examples
}

#[test]
fn every_readme_example_prints_what_the_readme_shows() {
    let examples = examples(&readme());
    assert!(examples.len() >= 10, "found {} examples", examples.len());
    let dir = bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for example in &examples {
        assert!(
            example.command.starts_with("sudokit "),
            "{}",
            example.command
        );
        let output = Command::new("sh")
            .arg("-c")
            .arg(&example.command)
            .current_dir(root())
            .env("PATH", &path)
            .output()
            .unwrap();
        let code = output.status.code();
        assert!(
            matches!(code, Some(0..=2)),
            "{}: {:?}\n{}",
            example.command,
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        let stdout = String::from_utf8(output.stdout).unwrap();
        let printed: Vec<&str> = stdout.lines().collect();
        if example.complete {
            assert_eq!(printed, example.shown, "{}", example.command);
        } else {
            assert!(printed.len() >= example.shown.len(), "{}", example.command);
            assert_eq!(
                printed[..example.shown.len()],
                example.shown,
                "{}",
                example.command
            );
        }
        // An example that shows output is one that works: no errors.
        if !example.shown.is_empty() && !example.command.contains("mixed.txt") {
            assert_eq!(code, Some(0), "{}", example.command);
        }
    }
}

/// The stderr lines the README shows for testdata/mixed.txt.
#[test]
fn the_readme_shows_the_messages_the_command_prints() {
    let text = readme();
    let output = Command::new(bin())
        .args(["solve", "testdata/mixed.txt"])
        .current_dir(root())
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let shown: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("sudokit: testdata/mixed.txt"))
        .collect();
    assert_eq!(shown.len(), 2);
    for line in shown {
        assert!(stderr.lines().any(|l| l == line), "{line}\n{stderr}");
    }
}

/// The fields of the README's JSON table are those of a `solve` record, in
/// the same order.
#[test]
fn the_readme_lists_the_json_fields_solve_writes() {
    let text = readme();
    let section = text
        .split("## JSON output")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a JSON output section");
    let listed: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .collect();
    let out = stdout_of(sudokit().args(["solve", "--format", "json", GRID2]));
    let record: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(out.trim()).unwrap();
    let written: Vec<&str> = record.keys().map(String::as_str).collect();
    let mut written_sorted = written.clone();
    written_sorted.sort_unstable();
    let mut listed_sorted = listed.clone();
    listed_sorted.sort_unstable();
    assert_eq!(listed_sorted, written_sorted);
}
