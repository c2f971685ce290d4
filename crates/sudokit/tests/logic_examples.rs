//! Worked examples: each technique on a small pattern of pencil marks, and
//! the same pattern broken by one mark, where it must not fire.
//!
//! Every square not named keeps all nine candidates, so nothing but the
//! pattern can produce a step of the technique under test. The singles,
//! the BUG and a few others need a real position instead: a puzzle's
//! givens, or a nearly solved grid with its pencil marks.
//!
//! The expected moves are worked out by hand from each pattern (the
//! comments say how), not copied from the program's output.
//!
//! This file holds the patterns of the first families (subsets, fish,
//! wings, singles, intersections); `logic_examples_more.rs` the rest.

mod examples;

use examples::*;
use sudokit::logic::techniques::fish::Fish;
use sudokit::logic::techniques::intersections::Intersections;
use sudokit::logic::techniques::singles::{FullHouse, HiddenSingle, NakedSingle};
use sudokit::logic::techniques::subsets::{HiddenSet, NakedSet};
use sudokit::logic::techniques::uniqueness::UniqueLoops;
use sudokit::logic::techniques::wings::Wing;
use sudokit::logic::State;

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

// ---------------------------------------------------------------- singles

/// Row A holds 1 to 8; A9 is its last empty square.
const ROW_A_BUT_ONE: &str = concat!(
    "12345678.",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
);

#[test]
fn full_house_fills_the_last_square_of_a_row() {
    let found = steps(&FullHouse, &puzzle(ROW_A_BUT_ONE));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "full_house");
    assert_eq!(step.name, "Full house");
    assert_eq!(step.difficulty.0, 10);
    assert_eq!(placed(step), ["A9=9"]);
    assert!(step.eliminations.is_empty());
    assert_eq!(names(&step.evidence.units), ["row A"]);
    assert_eq!(squares(step), ["A9"]);
    assert_mentions(step, &["A9", "row A"]);
}

#[test]
fn full_house_must_not_fire_with_two_squares_left() {
    let two_left = with(ROW_A_BUT_ONE, "A8", '.');
    assert!(steps(&FullHouse, &puzzle(&two_left)).is_empty());
}

/// Box 5 holds 1 to 5 (D5, D6, E6, F5, F6) and the 7 in A4 rules out
/// column 4, so 7 has only E5 left in box 5. Row E (E1-E3, E7-E9) and
/// column 5 (G5-I5) still have other places for it.
const SEVEN_IN_BOX_5: &str = concat!(
    "...7.....",
    ".........",
    ".........",
    "....12...",
    ".....5...",
    "....34...",
    ".........",
    ".........",
    ".........",
);

#[test]
fn hidden_single_in_a_box() {
    let found = steps(&HiddenSingle, &puzzle(SEVEN_IN_BOX_5));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "hidden_single");
    assert_eq!(step.name, "Hidden single in a box");
    assert_eq!(step.difficulty.0, 12);
    assert_eq!(placed(step), ["E5=7"]);
    assert_eq!(names(&step.evidence.units), ["box 5"]);
    assert_eq!(squares(step), ["E5"]);
    assert_mentions(step, &["E5", "box 5"]);
}

#[test]
fn hidden_single_in_a_box_must_not_fire_without_the_7_in_column_4() {
    // Without A4 = 7, D4, E4 and F4 take 7 too.
    let state = puzzle(&with(SEVEN_IN_BOX_5, "A4", '.'));
    assert!(steps(&HiddenSingle, &state).is_empty());
}

/// Row E: E1 and E2 are filled; the 7s in A3 and H4 rule out E3 and E4,
/// the 7 in B6 rules out E6, the 7 in D7 rules out box 6 (E7-E9). Only
/// E5 is left, yet box 5 (E5, F5) and column 5 (E5, F5) keep two places.
const SEVEN_IN_ROW_E: &str = concat!(
    "..7......",
    ".....7...",
    ".........",
    "......7..",
    "12.......",
    ".........",
    ".........",
    "...7.....",
    ".........",
);

#[test]
fn hidden_single_in_a_line() {
    let found = steps(&HiddenSingle, &puzzle(SEVEN_IN_ROW_E));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "hidden_single");
    assert_eq!(step.name, "Hidden single in a line");
    assert_eq!(step.difficulty.0, 15);
    assert_eq!(placed(step), ["E5=7"]);
    assert_eq!(names(&step.evidence.units), ["row E"]);
    assert_mentions(step, &["E5", "row E"]);
}

#[test]
fn hidden_single_in_a_line_must_not_fire_when_box_6_is_open() {
    // Without D7 = 7, E7, E8 and E9 can take 7 again.
    let open = with(SEVEN_IN_ROW_E, "D7", '.');
    assert!(steps(&HiddenSingle, &puzzle(&open)).is_empty());
}

/// E5 sees 1, 2, 3, 4 in row E, 6, 7, 8 in column 5 and 9 in box 5.
const FIVE_IN_E5: &str = concat!(
    "....6....",
    "....7....",
    "....8....",
    ".....9...",
    "1234.....",
    ".........",
    ".........",
    ".........",
    ".........",
);

#[test]
fn naked_single() {
    let found = steps(&NakedSingle, &puzzle(FIVE_IN_E5));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "naked_single");
    assert_eq!(step.difficulty.0, 23);
    assert_eq!(placed(step), ["E5=5"]);
    assert_eq!(squares(step), ["E5"]);
    assert_mentions(step, &["E5"]);
}

#[test]
fn naked_single_must_not_fire_when_the_square_keeps_two_digits() {
    // Without D6 = 9, E5 keeps 5 and 9.
    let state = puzzle(&with(FIVE_IN_E5, "D6", '.'));
    assert_eq!(state.cands(40).to_string(), "59");
    assert!(steps(&NakedSingle, &state).is_empty());
}

// ---------------------------------------------------------- intersections

/// Every square holds 1-9 but those of `squares`, which lack 5, and those
/// of `extra`, which hold the digits given.
fn lacking_five(squares: &str, extra: &[(&str, &str)]) -> State {
    let mut list = lacking('5', squares);
    for (s, d) in extra {
        list.retain(|(sq, _)| sq != s);
        list.push((s.to_string(), d.to_string()));
    }
    marks_owned(&list)
}

/// 5 in box 1 only in A1 and A2 (row A), and in box 2 only in A4 and B5.
fn direct_pointing_marks(extra: &[(&str, &str)]) -> State {
    lacking_five("A3 B1 B2 B3 C1 C2 C3 A5 A6 B4 B6 C4 C5 C6", extra)
}

#[test]
fn direct_pointing_places_the_digit_left_in_the_next_box() {
    // Box 1 points 5 along row A, so A4 loses it, and box 2 is left with
    // B5 alone. Row C, which lost 5 in boxes 1 and 2, also claims box 3,
    // where B7-B9 lose it, and row B is left with B5 too: a direct
    // claiming, found after (SE tries box/row before row/box).
    let found = steps(&Intersections { direct: true }, &direct_pointing_marks(&[]));
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[1].technique.id(), "direct_claiming");
    assert_eq!(placed(&found[1]), ["B5=5"]);
    assert_eq!(names(&found[1].evidence.units), ["row C", "box 3"]);
    let step = &found[0];
    assert_eq!(step.technique.id(), "direct_pointing");
    assert_eq!(step.difficulty.0, 17);
    assert_eq!(placed(step), ["B5=5"]);
    assert!(step.eliminations.is_empty(), "a direct step only places");
    assert_eq!(names(&step.evidence.units), ["box 1", "row A"]);
    assert_eq!(squares(step), ["A1", "A2"]);
    assert_mentions(step, &["A1", "A2", "A4", "B5", "box 2"]);
}

#[test]
fn direct_pointing_must_not_fire_when_the_box_keeps_two_places() {
    // B6 keeps 5: box 2 has B5 and B6 once row A is cleared (and row B
    // keeps both once row C's claim clears box 3).
    let state = direct_pointing_marks(&[("B6", "123456789")]);
    let found = steps(&Intersections { direct: true }, &state);
    assert!(found.is_empty(), "{found:?}");
}

/// 5 in row A only in A1 and A2 (box 1), and in row B only in B2 and B7.
fn direct_claiming_marks(extra: &[(&str, &str)]) -> State {
    lacking_five("A3 A4 A5 A6 A7 A8 A9 B1 B3 B4 B5 B6 B8 B9", extra)
}

#[test]
fn direct_claiming_places_the_digit_left_in_the_next_line() {
    // Row A claims 5 for box 1, so B2 loses it, and row B is left with B7.
    // Box 2, which lost 5 in rows A and B, also points along row C, where
    // C7-C9 lose it, and box 3 is left with B7 too: a direct pointing,
    // found first.
    let found = steps(&Intersections { direct: true }, &direct_claiming_marks(&[]));
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].technique.id(), "direct_pointing");
    assert_eq!(placed(&found[0]), ["B7=5"]);
    assert_eq!(names(&found[0].evidence.units), ["box 2", "row C"]);
    let step = &found[1];
    assert_eq!(step.technique.id(), "direct_claiming");
    assert_eq!(step.difficulty.0, 19);
    assert_eq!(placed(step), ["B7=5"]);
    assert!(step.eliminations.is_empty(), "a direct step only places");
    assert_eq!(names(&step.evidence.units), ["row A", "box 1"]);
    assert_eq!(squares(step), ["A1", "A2"]);
    assert_mentions(step, &["A1", "A2", "B2", "C1", "B7", "row B"]);
}

#[test]
fn direct_claiming_must_not_fire_when_the_line_keeps_two_places() {
    // B8 keeps 5: row B has B7 and B8 once box 1 is cleared (and box 3
    // keeps both once box 2's pointing clears row C).
    let state = direct_claiming_marks(&[("B8", "123456789")]);
    let found = steps(&Intersections { direct: true }, &state);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn claiming_clears_the_rest_of_the_box() {
    // 5 in row A only in A1 and A2: box 1 loses it in rows B and C.
    let state = marks_owned(&lacking('5', "A3 A4 A5 A6 A7 A8 A9"));
    let found = steps(&Intersections { direct: false }, &state);
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "claiming");
    assert_eq!(step.difficulty.0, 28);
    assert!(step.placements.is_empty());
    assert_removes(step, &["B15", "B25", "B35", "C15", "C25", "C35"]);
    assert_eq!(names(&step.evidence.units), ["row A", "box 1"]);
    assert_eq!(squares(step), ["A1", "A2"]);
    assert_mentions(step, &["A1", "A2", "B1", "C3"]);
}

#[test]
fn claiming_must_not_fire_when_the_line_reaches_another_box() {
    let state = marks_owned(&lacking('5', "A3 A4 A5 A6 A8 A9"));
    assert!(steps(&Intersections { direct: false }, &state).is_empty());
}

// ---------------------------------------------------------------- subsets

#[test]
fn direct_hidden_pair_places_the_digit_it_leaves_alone() {
    // Row A: 1 and 2 only in A1 and A5, so those squares hold nothing
    // else; 3, in row A only in A1, A5 and A9, must go in A9.
    let mut list = Vec::new();
    for s in ["A2", "A3", "A4", "A6", "A7", "A8"] {
        list.push((s.to_string(), "456789".to_string()));
    }
    list.push(("A9".to_string(), "3456789".to_string()));
    let found = steps(
        &HiddenSet {
            size: 2,
            direct: true,
        },
        &marks_owned(&list),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "direct_hidden_pair");
    assert_eq!(step.difficulty.0, 20);
    assert_eq!(placed(step), ["A9=3"]);
    assert!(step.eliminations.is_empty(), "a direct step only places");
    assert_eq!(names(&step.evidence.units), ["row A"]);
    assert_eq!(squares(step), ["A1", "A5"]);
    assert_mentions(step, &["A1", "A5", "A9", "row A"]);

    // With 3 back in A4, the pair still stands (a plain hidden pair) but
    // leaves 3 two places: nothing to place.
    list.retain(|(s, _)| s != "A4");
    list.push(("A4".to_string(), "3456789".to_string()));
    let state = marks_owned(&list);
    assert!(steps(
        &HiddenSet {
            size: 2,
            direct: true
        },
        &state
    )
    .is_empty());
    assert_eq!(
        steps(
            &HiddenSet {
                size: 2,
                direct: false
            },
            &state
        )
        .len(),
        1
    );
}

/// Row A: 1, 2 and 3 only in A1, A4 and A7; 4 only there and in A9.
fn direct_triple_marks(extra: &[(&str, &str)]) -> State {
    let mut list: Vec<(String, String)> = ["A2", "A3", "A5", "A6", "A8"]
        .iter()
        .map(|s| (s.to_string(), "56789".to_string()))
        .collect();
    list.push(("A9".to_string(), "456789".to_string()));
    for (s, d) in extra {
        list.retain(|(sq, _)| sq != s);
        list.push((s.to_string(), d.to_string()));
    }
    marks_owned(&list)
}

#[test]
fn direct_hidden_triple_places_the_digit_it_leaves_alone() {
    let found = steps(
        &HiddenSet {
            size: 3,
            direct: true,
        },
        &direct_triple_marks(&[]),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "direct_hidden_triple");
    assert_eq!(step.difficulty.0, 25);
    assert_eq!(placed(step), ["A9=4"]);
    assert!(step.eliminations.is_empty(), "a direct step only places");
    assert_eq!(squares(step), ["A1", "A4", "A7"]);
    assert_mentions(step, &["A1", "A4", "A7", "A9"]);
}

#[test]
fn direct_hidden_triple_must_not_fire_when_a_digit_has_a_fourth_place() {
    // 1 back in A5: 1, 2, 3 spread over four squares.
    let state = direct_triple_marks(&[("A5", "156789")]);
    assert!(steps(
        &HiddenSet {
            size: 3,
            direct: true
        },
        &state
    )
    .is_empty());
}

#[test]
fn hidden_pair_clears_its_two_squares() {
    // Box 1: 3 and 8 only in A1 and B2.
    let no38 = "1245679";
    let pair = |c3: &'static str| {
        marks(&[
            ("A2", no38),
            ("A3", no38),
            ("B1", no38),
            ("B3", no38),
            ("C1", no38),
            ("C2", no38),
            ("C3", c3),
        ])
    };
    let found = steps(
        &HiddenSet {
            size: 2,
            direct: false,
        },
        &pair(no38),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "hidden_pair");
    assert_eq!(step.difficulty.0, 34);
    let mut expected = Vec::new();
    for s in ["A1", "B2"] {
        for d in [1, 2, 4, 5, 6, 7, 9] {
            expected.push(format!("{s}{d}"));
        }
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_removes(step, &expected);
    assert_eq!(names(&step.evidence.units), ["box 1"]);
    assert_eq!(squares(step), ["A1", "B2"]);
    assert!(
        step.text
            .starts_with("Hidden pair 3,8 in A1 and B2 (box 1): remove 1 from A1 and B2"),
        "{}",
        step.text
    );
    // 8 back in C3: three places.
    let broken = pair("12456789");
    assert!(steps(
        &HiddenSet {
            size: 2,
            direct: false
        },
        &broken
    )
    .is_empty());
}

#[test]
fn naked_triple_without_a_square_holding_all_three() {
    let state = marks(&[("E1", "12"), ("E5", "23"), ("E9", "13")]);
    let found = steps(&NakedSet { size: 3 }, &state);
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "naked_triple");
    assert_eq!(step.difficulty.0, 36);
    let mut expected = Vec::new();
    for s in ["E2", "E3", "E4", "E6", "E7", "E8"] {
        for d in 1..=3 {
            expected.push(format!("{s}{d}"));
        }
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_removes(step, &expected);
    assert_eq!(names(&step.evidence.units), ["row E"]);
    assert_eq!(squares(step), ["E1", "E5", "E9"]);
    assert!(
        step.text
            .starts_with("Naked triple 1,2,3 in E1, E5 and E9 (row E): remove 1 from E2"),
        "{}",
        step.text
    );
}

#[test]
fn naked_triple_must_not_fire_with_a_fourth_digit() {
    let state = marks(&[("E1", "12"), ("E5", "23"), ("E9", "134")]);
    assert!(steps(&NakedSet { size: 3 }, &state).is_empty());
}

/// Row A: 2, 5 and 6 only in A1, A4 and A7 (2 not in A7, 5 not in A1).
fn hidden_triple_marks(a9: &str) -> State {
    let no256 = "134789";
    marks(&[
        ("A1", "12346789"),
        ("A2", no256),
        ("A3", no256),
        ("A5", no256),
        ("A6", no256),
        ("A7", "13456789"),
        ("A8", no256),
        ("A9", a9),
    ])
}

#[test]
fn hidden_triple_clears_its_three_squares() {
    let found = steps(
        &HiddenSet {
            size: 3,
            direct: false,
        },
        &hidden_triple_marks("134789"),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "hidden_triple");
    assert_eq!(step.difficulty.0, 40);
    let mut expected = Vec::new();
    for s in ["A1", "A4", "A7"] {
        for d in [1, 3, 4, 7, 8, 9] {
            expected.push(format!("{s}{d}"));
        }
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_removes(step, &expected);
    assert_eq!(names(&step.evidence.units), ["row A"]);
    assert_eq!(squares(step), ["A1", "A4", "A7"]);
    assert!(
        step.text.starts_with(
            "Hidden triple 2,5,6 in A1, A4 and A7 (row A): remove 1 from A1, A4 and A7"
        ),
        "{}",
        step.text
    );
}

#[test]
fn hidden_triple_must_not_fire_when_a_digit_has_a_fourth_place() {
    // 6 back in A9.
    let state = hidden_triple_marks("1346789");
    assert!(steps(
        &HiddenSet {
            size: 3,
            direct: false
        },
        &state
    )
    .is_empty());
}

/// Row I: 1,2 - 2,3 - 3,4 - 1,4 in I1, I2, I5 and I9.
#[test]
fn naked_quad_clears_the_rest_of_the_row() {
    let state = marks(&[("I1", "12"), ("I2", "23"), ("I5", "34"), ("I9", "14")]);
    let found = steps(&NakedSet { size: 4 }, &state);
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "naked_quad");
    assert_eq!(step.difficulty.0, 50);
    let mut expected = Vec::new();
    for s in ["I3", "I4", "I6", "I7", "I8"] {
        for d in 1..=4 {
            expected.push(format!("{s}{d}"));
        }
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_removes(step, &expected);
    assert_eq!(names(&step.evidence.units), ["row I"]);
    assert_eq!(squares(step), ["I1", "I2", "I5", "I9"]);
    assert_mentions(step, &["I1", "I2", "I5", "I9", "I3", "I8"]);
    let broken = marks(&[("I1", "12"), ("I2", "23"), ("I5", "34"), ("I9", "145")]);
    assert!(steps(&NakedSet { size: 4 }, &broken).is_empty());
}

/// Box 5: 1, 5, 6 and 8 only in D4, E5, E6 and F4.
fn hidden_quad_marks(f6: &str) -> State {
    let other = "23479";
    marks(&[
        ("D5", other),
        ("D6", other),
        ("E4", other),
        ("F5", other),
        ("F6", f6),
    ])
}

#[test]
fn hidden_quad_clears_its_four_squares() {
    let found = steps(
        &HiddenSet {
            size: 4,
            direct: false,
        },
        &hidden_quad_marks("23479"),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "hidden_quad");
    assert_eq!(step.difficulty.0, 54);
    let mut expected = Vec::new();
    for s in ["D4", "E5", "E6", "F4"] {
        for d in [2, 3, 4, 7, 9] {
            expected.push(format!("{s}{d}"));
        }
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_removes(step, &expected);
    assert_eq!(names(&step.evidence.units), ["box 5"]);
    assert_eq!(squares(step), ["D4", "E5", "E6", "F4"]);
    assert!(
        step.text
            .starts_with("Hidden quad 1,5,6,8 in D4, E5, E6 and F4 (box 5)"),
        "{}",
        step.text
    );
}

#[test]
fn hidden_quad_must_not_fire_when_a_digit_has_a_fifth_place() {
    let state = hidden_quad_marks("234579");
    assert!(steps(
        &HiddenSet {
            size: 4,
            direct: false
        },
        &state
    )
    .is_empty());
}

// ------------------------------------------------------------------- fish

#[test]
fn swordfish_on_columns_clears_its_rows() {
    // 4 in columns 1, 5 and 9 only in rows B, E and H (B1 E1, E5 H5, B9 H9).
    let pattern = "A1 C1 D1 F1 G1 H1 I1 A5 B5 C5 D5 F5 G5 I5 A9 C9 D9 E9 F9 G9 I9";
    let found = steps(&Fish { size: 3 }, &marks_owned(&lacking('4', pattern)));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "swordfish");
    assert_eq!(step.difficulty.0, 38);
    assert_eq!(
        names(&step.evidence.base),
        ["column 1", "column 5", "column 9"]
    );
    assert_eq!(names(&step.evidence.cover), ["row B", "row E", "row H"]);
    let mut expected = Vec::new();
    for row in ["B", "E", "H"] {
        for col in [2, 3, 4, 6, 7, 8] {
            expected.push(format!("{row}{col}4"));
        }
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_removes(step, &expected);
    assert_eq!(squares(step), ["B1", "B9", "E1", "E5", "H5", "H9"]);
    assert_mentions(step, &["column 1", "row H", "B2", "H8"]);
    // G5 keeps 4: column 5 reaches a fourth row.
    let broken = pattern.replace("G5 ", "");
    assert!(steps(&Fish { size: 3 }, &marks_owned(&lacking('4', &broken))).is_empty());
}

/// 7 in rows A, C, F and H only in columns 2, 4, 6 and 8 (A2 A4, C4 C6,
/// F6 F8, H2 H8): a cycle, with no X-wing or swordfish inside.
fn jellyfish_marks(keep: &str) -> State {
    let pattern = "A1 A3 A5 A6 A7 A8 A9 C1 C2 C3 C5 C7 C8 C9 \
                   F1 F2 F3 F4 F5 F7 F9 H1 H3 H4 H5 H6 H7 H9";
    let list: Vec<(String, String)> = lacking('7', pattern)
        .into_iter()
        .filter(|(s, _)| s != keep)
        .collect();
    marks_owned(&list)
}

#[test]
fn jellyfish_on_rows_clears_its_columns() {
    let found = steps(&Fish { size: 4 }, &jellyfish_marks(""));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "jellyfish");
    assert_eq!(step.difficulty.0, 52);
    assert_eq!(
        names(&step.evidence.base),
        ["row A", "row C", "row F", "row H"]
    );
    assert_eq!(
        names(&step.evidence.cover),
        ["column 2", "column 4", "column 6", "column 8"]
    );
    let mut expected = Vec::new();
    for row in ["B", "D", "E", "G", "I"] {
        for col in [2, 4, 6, 8] {
            expected.push(format!("{row}{col}7"));
        }
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_removes(step, &expected);
    assert_eq!(
        squares(step),
        ["A2", "A4", "C4", "C6", "F6", "F8", "H2", "H8"]
    );
    assert_mentions(step, &["row A", "column 8", "B2", "I8"]);
}

#[test]
fn jellyfish_must_not_fire_when_a_row_reaches_a_fifth_column() {
    let found = steps(&Fish { size: 4 }, &jellyfish_marks("H5"));
    assert!(found.is_empty(), "{found:?}");
}

// ------------------------------------------------------------------ wings

#[test]
fn xyz_wing_removes_z_only_where_all_three_see() {
    // Pivot B2 = 1,2,3; pincers A1 = 2,3 (box 1) and B8 = 1,3 (row B).
    // One of the three is 3; B1 and B3 see all three. A8 and A9 see
    // both pincers but not the pivot, so they keep 3.
    let state = marks(&[("B2", "123"), ("A1", "23"), ("B8", "13")]);
    let found = steps(&Wing { xyz: true }, &state);
    assert!(!found.is_empty());
    for step in &found {
        assert_eq!(step.technique.id(), "xyz_wing");
        assert_eq!(step.difficulty.0, 44);
        assert_eq!(step.evidence.pivot.unwrap().to_string(), "B2");
        assert_removes(step, &["B13", "B33"]);
    }
    let step = &found[0];
    let mut pincers: Vec<String> = step
        .evidence
        .pincers
        .iter()
        .map(|s| s.to_string())
        .collect();
    pincers.sort();
    assert_eq!(pincers, ["A1", "B8"]);
    assert_mentions(step, &["B2", "A1", "B8", "B1", "B3"]);
}

#[test]
fn xyz_wing_must_not_fire_without_a_shared_third_digit() {
    let state = marks(&[("B2", "123"), ("A1", "23"), ("B8", "14")]);
    assert!(steps(&Wing { xyz: true }, &state).is_empty());
}
