//! Helpers shared by the integration tests: where the shared corpora live and
//! how to read them.

#![allow(dead_code)]

use std::path::PathBuf;
use sudokit::parse::{read_puzzles, ParseOptions};
use sudokit::Grid;

/// `../shared/puzzles` next to the repository, where the big corpora live.
pub fn corpus_dir() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.join("../../../shared/puzzles")
}

/// Every puzzle of a corpus file, which must all be valid.
pub fn corpus(name: &str) -> Vec<Grid> {
    let path = corpus_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    read_puzzles(&text, ParseOptions::default())
        .into_iter()
        .map(|e| {
            e.result
                .unwrap_or_else(|err| panic!("{name} line {}: {err}", e.line))
        })
        .collect()
}

/// tdoku's test list: (puzzle, exact solution count, the solution when unique).
pub fn tdoku_tests() -> Vec<(Grid, usize, Option<String>)> {
    let text = std::fs::read_to_string(corpus_dir().join("tdoku_test_puzzles.txt")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(':');
            let puzzle =
                sudokit::parse_grid(fields.next().unwrap(), ParseOptions::default()).unwrap();
            let count = fields.next().unwrap().parse().unwrap();
            (puzzle, count, fields.next().map(str::to_string))
        })
        .collect()
}

pub fn grid(text: &str) -> Grid {
    sudokit::parse_grid(text, ParseOptions::default()).unwrap()
}
