//! The fuzz targets' properties, on stable: every input kept in
//! `fuzz/regressions/<target>/` (inputs that once found a bug) and every
//! seed in `fuzz/seeds/<target>/` is run through the same check the fuzz
//! target runs (`fuzz/checks.rs`). So CI guards what fuzzing found without
//! nightly, and a check that stopped compiling or running would show here.

#[path = "../../../fuzz/checks.rs"]
mod checks;

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `fuzz/<kind>/<target>/`, sorted (none if it is missing).
fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = fuzz_dir().join(kind).join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
}

fn replay(kind: &str) -> usize {
    let mut ran = 0;
    for (target, check) in checks::TARGETS {
        for file in inputs(kind, target) {
            let data = std::fs::read(&file).unwrap();
            let result = std::panic::catch_unwind(|| check(&data));
            assert!(result.is_ok(), "{target} fails on {}", file.display());
            ran += 1;
        }
    }
    ran
}

#[test]
fn every_seed_passes_its_target_check() {
    // Every target has seeds, so each check runs here at least once.
    for (target, _) in checks::TARGETS {
        assert!(!inputs("seeds", target).is_empty(), "no seed for {target}");
    }
    assert!(replay("seeds") >= checks::TARGETS.len());
}

#[test]
fn every_input_that_found_a_bug_passes_now() {
    // Four inputs found bugs so far (read, random, logic, making); none
    // may go missing.
    assert!(replay("regressions") >= 4);
}
