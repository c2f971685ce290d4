//! Worked examples: each technique on a small pattern of pencil marks, and
//! the same pattern broken by one mark, where it must not fire.
//!
//! Every square not named keeps all nine candidates, so nothing but the
//! pattern can produce a step of the technique under test.

use std::ops::ControlFlow;
use sudokit::grid::Digits;
use sudokit::logic::fish::Fish;
use sudokit::logic::subsets::NakedSet;
use sudokit::logic::wings::Wing;
use sudokit::logic::{Finder, State, Step};
use sudokit::{Grid, Shape};

/// A state on an empty grid where `marks` lists (square, candidates) and
/// every other square holds 1-9.
fn marks(marks: &[(&str, &str)]) -> State {
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
fn steps(finder: &dyn Finder, state: &State) -> Vec<Step> {
    let mut all = Vec::new();
    let _ = finder.find(state, &mut |step| {
        all.push(step);
        ControlFlow::Continue(())
    });
    all
}

fn names(units: &[sudokit::logic::Unit]) -> Vec<String> {
    units.iter().map(|u| u.to_string()).collect()
}

fn removed(step: &Step) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|c| format!("{}{}", c.square, c.digit))
        .collect()
}

#[test]
fn naked_pair_in_a_row_and_its_box() {
    let state = marks(&[("C4", "17"), ("C6", "17")]);
    let found = steps(&NakedSet { size: 2 }, &state);
    // Box 2 is scanned before row C, as in Sudoku Explainer.
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].evidence.units[0].to_string(), "box 2");
    assert_eq!(found[1].evidence.units[0].to_string(), "row C");
    let row = &found[1];
    assert!(
        row.text
            .starts_with("Naked pair 1,7 in C4 and C6 (row C): remove 1 from C1"),
        "{}",
        row.text
    );
    assert_eq!(
        removed(row).len(),
        14,
        "1 and 7 from the row's 7 other squares"
    );
    assert!(removed(row).contains(&"C11".to_string()) && removed(row).contains(&"C97".to_string()));
    let json = serde_json::to_value(row).unwrap();
    assert_eq!(json["technique"], "naked_pair");
    assert_eq!(json["difficulty"], 3.0);
    assert_eq!(json["evidence"]["squares"], serde_json::json!(["C4", "C6"]));
    assert_eq!(
        json["eliminations"][0],
        serde_json::json!({"square": "C1", "digit": 1})
    );
}

#[test]
fn naked_pair_must_not_fire_when_one_square_has_a_third_digit() {
    let state = marks(&[("C4", "17"), ("C6", "137")]);
    assert!(steps(&NakedSet { size: 2 }, &state).is_empty());
}

/// 4 only in rows B and F of columns 2 and 7.
fn x_wing_marks(extra: &[(&'static str, &'static str)]) -> State {
    let mut list: Vec<(String, String)> = Vec::new();
    for row in "ACDEGHI".chars() {
        for col in [2, 7] {
            list.push((format!("{row}{col}"), "12356789".to_string()));
        }
    }
    for (s, d) in extra {
        list.retain(|(sq, _)| sq != s);
        list.push((s.to_string(), d.to_string()));
    }
    let refs: Vec<(&str, &str)> = list.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    marks(&refs)
}

#[test]
fn x_wing_on_columns_clears_its_rows() {
    let found = steps(&Fish { size: 2 }, &x_wing_marks(&[]));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(names(&step.evidence.base), ["column 2", "column 7"]);
    assert_eq!(names(&step.evidence.cover), ["row B", "row F"]);
    let r = removed(step);
    assert_eq!(r.len(), 14);
    assert!(r
        .iter()
        .all(|c| c.ends_with('4') && (c.starts_with('B') || c.starts_with('F'))));
    assert!(!r.contains(&"B24".to_string()) && !r.contains(&"F74".to_string()));
}

#[test]
fn x_wing_must_not_fire_when_the_digit_has_a_third_row() {
    let found = steps(&Fish { size: 2 }, &x_wing_marks(&[("D2", "123456789")]));
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn xy_wing_removes_z_where_both_pincers_see() {
    let state = marks(&[("B2", "12"), ("B8", "13"), ("H2", "23")]);
    let found = steps(&Wing { xyz: false }, &state);
    assert!(!found.is_empty());
    let step = &found[0];
    assert_eq!(step.evidence.pivot.unwrap().to_string(), "B2");
    assert_eq!(removed(step), ["H83"]);
    assert_eq!(
        serde_json::to_value(step).unwrap()["evidence"]["pincers"],
        serde_json::json!(["B8", "H2"])
    );
}

#[test]
fn xy_wing_must_not_fire_without_a_shared_third_digit() {
    let state = marks(&[("B2", "12"), ("B8", "13"), ("H2", "24")]);
    assert!(steps(&Wing { xyz: false }, &state).is_empty());
}

#[test]
fn pointing_clears_the_rest_of_the_line() {
    use sudokit::logic::intersections::Intersections;
    let no5 = "12346789";
    let state = marks(&[
        ("A3", no5),
        ("B1", no5),
        ("B2", no5),
        ("B3", no5),
        ("C1", no5),
        ("C2", no5),
        ("C3", no5),
    ]);
    let found = steps(&Intersections { direct: false }, &state);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].technique.id(), "pointing");
    assert_eq!(
        removed(&found[0]),
        ["A45", "A55", "A65", "A75", "A85", "A95"]
    );
    let broken = marks(&[
        ("A3", no5),
        ("B1", no5),
        ("B2", no5),
        ("B3", no5),
        ("C1", no5),
        ("C2", no5),
    ]);
    assert!(steps(&Intersections { direct: false }, &broken).is_empty());
}

#[test]
fn unique_rectangle_type_1_keeps_the_extra_square_off_the_pair() {
    use sudokit::logic::uniqueness::UniqueLoops;
    let state = marks(&[("A1", "12"), ("A5", "12"), ("B1", "12"), ("B5", "123")]);
    let found = steps(&UniqueLoops, &state);
    let first = &found[0];
    assert_eq!(first.technique.id(), "unique_rectangle_1");
    assert_eq!(first.difficulty.0, 45);
    assert_eq!(removed(first), ["B51", "B52"]);
    // With B5 bivalue too, the four squares are already deadly: no type 1.
    let deadly = marks(&[("A1", "12"), ("A5", "12"), ("B1", "12"), ("B5", "12")]);
    assert!(steps(&UniqueLoops, &deadly)
        .iter()
        .all(|s| s.technique.id() != "unique_rectangle_1"));
}
