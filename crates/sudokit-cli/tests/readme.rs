//! The documentation says what the command prints; these tests hold it to
//! that. Every `$ sudokit ...` example in the README, in `docs/` and in the
//! package READMEs is run and its output compared with what is shown; the
//! guide's messages and JSON field list are checked against the command;
//! and every relative link between the documents leads somewhere.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The documents, relative to the repository's root: the README, every
/// `docs/*.md`, and the READMEs of the packages.
fn documents() -> Vec<PathBuf> {
    let mut paths = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("a docs/ folder")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| Path::new("docs").join(path.file_name().unwrap()))
        .collect();
    docs.sort();
    paths.extend(docs);
    for readme in [
        "crates/sudokit-py/README.md",
        "web/README.md",
        "fuzz/README.md",
    ] {
        paths.push(PathBuf::from(readme));
    }
    paths
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// An example: the command after `$ `, and the lines shown under it (up to
/// a `...`, which means "and more").
struct Example {
    command: String,
    shown: Vec<String>,
    complete: bool,
}

/// Every `$ sudokit ...` example in a document's `sh` blocks.
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

/// Runs one example and says what is wrong with it, if anything.
fn check(example: &Example, path: &str) -> Result<(), String> {
    let command = &example.command;
    if !command.starts_with("sudokit ") {
        return Err(format!("not a sudokit command: {command}"));
    }
    let output = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(root())
        .env("PATH", path)
        .output()
        .unwrap();
    let code = output.status.code();
    if !matches!(code, Some(0..=2)) {
        return Err(format!(
            "{command}: {:?}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let stdout = String::from_utf8(output.stdout).unwrap();
    let printed: Vec<&str> = stdout.lines().collect();
    let matches = if example.complete {
        printed == example.shown
    } else {
        printed.len() >= example.shown.len() && printed[..example.shown.len()] == example.shown
    };
    if !matches {
        return Err(format!(
            "{command}\nshown:\n{}\nprinted:\n{}",
            example.shown.join("\n"),
            printed.join("\n")
        ));
    }
    // An example that shows output is one that works: no errors.
    if !example.shown.is_empty() && !command.contains("mixed.txt") && code != Some(0) {
        return Err(format!("{command}: exit code {code:?}"));
    }
    Ok(())
}

/// The first file of `../shared` (the collections beside the checkout, not
/// in the repository) that an example reads and that is not there.
fn missing_shared_file(command: &str) -> Option<String> {
    command
        .split_whitespace()
        .filter(|word| word.starts_with("../shared/"))
        .find(|word| !root().join(word).exists())
        .map(str::to_string)
}

#[test]
fn every_example_prints_what_its_document_shows() {
    let dir = bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut total = 0;
    let mut failures = Vec::new();
    for document in documents() {
        let found = examples(&read(&document));
        if document == Path::new("README.md") {
            // The front page's tour: solve, count, rate, explain, hint, generate.
            assert!(found.len() >= 6, "README.md has {} examples", found.len());
        }
        total += found.len();
        for example in &found {
            if let Some(missing) = missing_shared_file(&example.command) {
                eprintln!(
                    "skipped: {missing} not found ({}: $ {})",
                    document.display(),
                    example.command
                );
                continue;
            }
            if let Err(why) = check(example, &path) {
                failures.push(format!("{}: {why}", document.display()));
            }
        }
    }
    // The tour in the README and every subcommand in the guide.
    assert!(total >= 35, "found {total} examples in all");
    assert!(
        failures.is_empty(),
        "{} of {total} examples fail:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The stderr lines the guide shows for testdata/mixed.txt.
#[test]
fn the_guide_shows_the_messages_the_command_prints() {
    let text = read(Path::new("docs/guide.md"));
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

/// The fields of the guide's JSON table are those of a `solve` record.
#[test]
fn the_guide_lists_the_json_fields_solve_writes() {
    let text = read(Path::new("docs/guide.md"));
    let section = text
        .split("## JSON output")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .and_then(|json| json.split("### The record").nth(1))
        .and_then(|record| record.split("\n### ").next())
        .expect("a JSON output section with the record's table");
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

/// The README is a front page: at most 300 lines, with the two set-up
/// commands in an `sh` block, where CI and a new reader find them.
#[test]
fn the_readme_is_a_front_page_with_the_set_up_commands() {
    let text = read(Path::new("README.md"));
    assert!(
        text.lines().count() <= 300,
        "README.md has {} lines",
        text.lines().count()
    );
    let mut in_sh = false;
    let mut commands = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
        } else if in_sh && line.starts_with("cargo ") {
            commands.push(line.split("   #").next().unwrap().trim_end());
        }
    }
    for wanted in [
        "cargo run --release -p sudokit-cli -- bench",
        "cargo test --workspace && crates/sudokit-py/run-tests && web/run-tests",
    ] {
        assert!(commands.contains(&wanted), "{wanted} not in {commands:?}");
    }
}

/// A heading's anchor as GitHub makes it: lower case, punctuation dropped,
/// spaces turned into hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a document's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// Every relative link `](target)` or `](target#anchor)` in the documents
/// names a file that exists, and an anchor one of its headings has.
#[test]
fn every_relative_link_between_the_documents_leads_somewhere() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for document in documents() {
        let text = read(&document);
        let dir = document.parent().unwrap_or(Path::new(""));
        for piece in text.split("](").skip(1) {
            let Some(target) = piece.split(')').next() else {
                continue;
            };
            if target.contains("://") || target.is_empty() {
                continue;
            }
            let (file, fragment) = match target.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (target, None),
            };
            let linked = if file.is_empty() {
                document.clone()
            } else {
                dir.join(file)
            };
            let full = root().join(&linked);
            checked += 1;
            if !full.exists() {
                broken.push(format!("{}: {target}: no such file", document.display()));
                continue;
            }
            if let Some(fragment) = fragment {
                let headings = anchors(&std::fs::read_to_string(&full).unwrap());
                if !headings.iter().any(|a| a == fragment) {
                    broken.push(format!("{}: {target}: no such heading", document.display()));
                }
            }
        }
    }
    assert!(checked >= 30, "only {checked} links found");
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
