//! What both benchmark files share: reading a corpus of `../shared/puzzles`.

use std::path::PathBuf;
use sudokit::parse::{read_puzzles, ParseOptions};
use sudokit::Grid;

/// The valid puzzles of a corpus beside the checkout, or `None`, with a
/// note on stderr, when the file is missing (its group is then skipped).
pub fn corpus(name: &str) -> Option<Vec<Grid>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/puzzles")
        .join(name);
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: ../shared/puzzles/{name} not found");
        return None;
    };
    Some(
        read_puzzles(&text, ParseOptions::default())
            .into_iter()
            .filter_map(|e| e.result.ok())
            .collect(),
    )
}
