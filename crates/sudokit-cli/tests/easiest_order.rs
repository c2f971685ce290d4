//! `explain --order easiest` shows the easiest-first path and rates the
//! puzzle along Sudoku Explainer's path, as `rate` does. The two paths are
//! the same on most puzzles, and the rating then comes from the path shown
//! rather than from a second search; where they part, SE's path is followed
//! on from there. Either way the rating is `rate`'s.

mod common;

use common::*;
use std::time::Duration;

/// Long enough for these puzzles; a hang fails instead of stalling.
const PATIENCE: Duration = Duration::from_secs(120);

/// Puzzles of magictour_top1465 whose easiest-first path parts from SE's
/// (at a grid where SE takes a dynamic contradiction or region chain and
/// dynamic (+) chains have an easier step), and one whose paths do not
/// part.
const PARTING: [&str; 2] = [
    ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
    "6..1...8..53.............4....8...6..9....7....24.........7.3.9....2.5..1........",
];
const TOGETHER: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The JSON records `args` prints, one per line.
fn records(args: &[&str]) -> Vec<serde_json::Value> {
    let out = sudokit().args(args).timeout(PATIENCE).output().unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The fields of a puzzle's record that make its rating.
fn rating(record: &serde_json::Value) -> Vec<serde_json::Value> {
    [
        "er",
        "ep",
        "ed",
        "technique",
        "steps",
        "techniques",
        "complete",
    ]
    .iter()
    .map(|field| record[field].clone())
    .collect()
}

/// The steps of an explanation, without the order they were shown in.
fn steps(records: &[serde_json::Value]) -> Vec<serde_json::Value> {
    records
        .iter()
        .filter(|r| r.get("step").is_some())
        .cloned()
        .collect()
}

#[test]
fn explain_in_the_easiest_order_rates_along_ses_path_where_the_paths_part() {
    for (puzzle, parts) in [(PARTING[0], true), (PARTING[1], true), (TOGETHER, false)] {
        let rated = records(&["rate", "-f", "json", puzzle]);
        let easiest = records(&["explain", "-f", "json", "--order", "easiest", puzzle]);
        let se = records(&["explain", "-f", "json", "--order", "se", puzzle]);
        let (shown, record) = (steps(&easiest), easiest.last().unwrap());
        assert_eq!(rating(record), rating(&rated[0]), "{puzzle}");
        assert_eq!(rating(se.last().unwrap()), rating(&rated[0]), "{puzzle}");
        // Where the paths part, the path shown is not the one rated.
        assert_eq!(shown != steps(&se), parts, "{puzzle}");
        assert_eq!(record["path_steps"].as_u64().unwrap() as usize, shown.len());
    }
}
