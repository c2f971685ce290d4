//! Helpers shared by the integration tests: where the shared corpora live and
//! how to read them.

#![allow(dead_code)]

use std::path::PathBuf;
use sudokit::parse::{read_puzzles, ParseOptions};
use sudokit::Grid;

/// `../shared` beside the checkout, where the big corpora live: puzzles,
/// SE's ratings and the reference documents. It is not in the repository.
pub fn shared_dir() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.join("../../../shared")
}

/// `../shared/<path>`, when it is there; when it is not, says on stderr that
/// the calling test is skipped and why (the caller returns at once).
pub fn shared(path: &str) -> Option<PathBuf> {
    let full = shared_dir().join(path);
    if full.exists() {
        Some(full)
    } else {
        eprintln!("skipped: ../shared/{path} not found");
        None
    }
}

/// `../shared/puzzles`, where the collections of puzzles are.
pub fn corpus_dir() -> PathBuf {
    shared_dir().join("puzzles")
}

/// Every puzzle of a corpus file, which must all be valid: Norvig's three
/// from the repository's copies (`crates/sudokit-cli/data`), the others from
/// `../shared/puzzles`; `None` (the test is skipped) when it is not there.
pub fn corpus(name: &str) -> Option<Vec<Grid>> {
    let copy = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../sudokit-cli/data")
        .join(name);
    let path = match copy.is_file() {
        true => copy,
        false => shared(&format!("puzzles/{name}"))?,
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let puzzles = read_puzzles(&text, ParseOptions::default())
        .into_iter()
        .map(|e| {
            e.result
                .unwrap_or_else(|err| panic!("{name} line {}: {err}", e.line))
        })
        .collect();
    Some(puzzles)
}

/// tdoku's test list: (puzzle, exact solution count, the solution when
/// unique); `None` (the test is skipped) when the file is not there.
pub fn tdoku_tests() -> Option<Vec<(Grid, usize, Option<String>)>> {
    let path = shared("puzzles/tdoku_test_puzzles.txt")?;
    let text = std::fs::read_to_string(path).unwrap();
    let tests = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(':');
            let puzzle =
                sudokit::parse_grid(fields.next().unwrap(), ParseOptions::default()).unwrap();
            let count = fields.next().unwrap().parse().unwrap();
            (puzzle, count, fields.next().map(str::to_string))
        })
        .collect();
    Some(tests)
}

pub fn grid(text: &str) -> Grid {
    sudokit::parse_grid(text, ParseOptions::default()).unwrap()
}
