//! Helpers shared by the command's tests: the binary, the fixtures, and the
//! puzzles they use most.

#![allow(dead_code)]

use assert_cmd::Command;
use std::path::PathBuf;

pub const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
pub const GRID2_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
pub const EASY1_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// The binary under test: this build's, or the one `SUDOKIT_BIN` names (to
/// show that a regression test fails on an older build).
pub fn bin() -> PathBuf {
    match std::env::var_os("SUDOKIT_BIN") {
        Some(path) => PathBuf::from(path),
        None => assert_cmd::cargo::cargo_bin("sudokit"),
    }
}

/// The command, ready for arguments.
pub fn sudokit() -> Command {
    Command::new(bin())
}

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn testdata(name: &str) -> PathBuf {
    root().join("testdata").join(name)
}

/// A collection of puzzles: Norvig's three from the repository's copies
/// (`crates/sudokit-cli/data`), the others from `../shared/puzzles` beside
/// the checkout (not in the repository); `None`, with a note on stderr
/// that the test is skipped, when it is not there.
pub fn corpus(name: &str) -> Option<PathBuf> {
    let copy = root().join("crates/sudokit-cli/data").join(name);
    if copy.is_file() {
        return Some(copy);
    }
    let path = root().join("../shared/puzzles").join(name);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("skipped: ../shared/puzzles/{name} not found");
        None
    }
}

pub fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().unwrap().stdout).unwrap()
}

pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// A scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudokit-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
