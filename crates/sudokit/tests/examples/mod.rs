//! What the worked examples of each technique share: states built from a
//! few pencil marks, a puzzle or a position, and ways to read a step.

#![allow(dead_code)]

use std::ops::ControlFlow;
use sudokit::grid::Digits;
use sudokit::logic::{Cache, Finder, State, Step};
use sudokit::{parse_grid, Grid, ParseOptions, Shape};

/// A state on an empty grid where `marks` lists (square, candidates) and
/// every other square holds 1-9.
pub fn marks(marks: &[(&str, &str)]) -> State {
    let shape = Shape::standard();
    let mut sets = vec![Digits::all(9); 81];
    for (square, digits) in marks {
        let s = shape.square(square).unwrap();
        sets[s] = Digits::EMPTY;
        for c in digits.chars() {
            sets[s].insert(c.to_digit(10).unwrap() as u8);
        }
    }
    let empty = Grid::empty(shape);
    State::from_marks(&empty, &empty, Some(&sets))
}

/// Every step `finder` offers in `state`.
pub fn steps(finder: &dyn Finder, state: &State) -> Vec<Step> {
    let mut all = Vec::new();
    let _ = finder.find(state, &mut Cache::new(), &mut |step| {
        all.push(step);
        ControlFlow::Continue(())
    });
    all
}

/// [`marks`] for a list built at run time.
pub fn marks_owned(list: &[(String, String)]) -> State {
    let refs: Vec<(&str, &str)> = list.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    marks(&refs)
}

/// Each of `squares` (space-separated names) with every digit but `digit`.
pub fn lacking(digit: char, squares: &str) -> Vec<(String, String)> {
    let rest: String = ('1'..='9').filter(|&c| c != digit).collect();
    squares
        .split_whitespace()
        .map(|s| (s.to_string(), rest.clone()))
        .collect()
}

/// The start of a puzzle: `values` is 81 characters, `.` for an empty square.
pub fn puzzle(values: &str) -> State {
    State::from_puzzle(&parse_grid(values, ParseOptions::default()).unwrap())
}

/// `values` with square `square` set to `c` (`.` empties it).
pub fn with(values: &str, square: &str, c: char) -> String {
    let s = Shape::standard().square(square).unwrap();
    values
        .chars()
        .enumerate()
        .map(|(i, v)| if i == s { c } else { v })
        .collect()
}

/// A position: the digits `values` (81 characters, `.` for empty) and the
/// pencil marks `marks` of the empty squares they name (an empty square not
/// named holds what its peers allow).
pub fn position(values: &str, marks: &[(&str, &str)]) -> State {
    let grid = parse_grid(values, ParseOptions::default()).unwrap();
    let shape = grid.shape();
    let mut sets = vec![Digits::all(9); 81];
    for (square, digits) in marks {
        let s = shape.square(square).unwrap();
        assert_eq!(grid.get(s), 0, "{square} is filled");
        sets[s] = Digits::EMPTY;
        for c in digits.chars() {
            sets[s].insert(c.to_digit(10).unwrap() as u8);
        }
    }
    State::from_marks(&grid, &grid, Some(&sets))
}

/// The steps of technique `id` among `found`.
pub fn of<'a>(found: &'a [Step], id: &str) -> Vec<&'a Step> {
    found.iter().filter(|s| s.technique.id() == id).collect()
}

/// The digits a step places, as `E5=7`.
pub fn placed(step: &Step) -> Vec<String> {
    step.placements.iter().map(|c| c.to_string()).collect()
}

/// The squares of a step's evidence, by name.
pub fn squares(step: &Step) -> Vec<String> {
    step.evidence
        .squares
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Asserts that `step` removes exactly `expected` (`A43` is 3 from A4), in
/// any order.
pub fn assert_removes(step: &Step, expected: &[&str]) {
    let mut got = removed(step);
    got.sort();
    let mut want: Vec<String> = expected.iter().map(|e| e.to_string()).collect();
    want.sort();
    assert_eq!(got, want, "{}", step.text);
}

/// Asserts that the step's sentence names every one of `squares`.
pub fn assert_mentions(step: &Step, squares: &[&str]) {
    for s in squares {
        assert!(step.text.contains(s), "{s} not in: {}", step.text);
    }
}

pub fn names(units: &[sudokit::logic::Unit]) -> Vec<String> {
    units.iter().map(|u| u.to_string()).collect()
}

pub fn removed(step: &Step) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|c| format!("{}{}", c.square, c.digit))
        .collect()
}
