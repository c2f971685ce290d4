//! Worked examples, continued from `logic_examples.rs`: unique
//! rectangles and loops, BUG, aligned exclusion and the chains, each on a
//! small pattern of pencil marks or a real position, and the same pattern
//! broken by one mark, where it must not fire.

mod examples;

use examples::*;
use std::ops::ControlFlow;
use sudokit::grid::Digits;
use sudokit::logic::chains::dynamic::{DynamicRule, ForcingChainRule};
use sudokit::logic::techniques::aligned::AlignedExclusion;
use sudokit::logic::techniques::bug::Bug;
use sudokit::logic::techniques::uniqueness::UniqueLoops;
use sudokit::logic::{Cache, Finder, State, Step};
use sudokit::{parse_grid, Grid, ParseOptions, Shape};

// ------------------------------------------------------------- uniqueness

/// The steps of technique `id` that [`UniqueLoops`] finds in `state`.
fn loops_of(state: &State, id: &str) -> Vec<Step> {
    steps(&UniqueLoops, state)
        .into_iter()
        .filter(|s| s.technique.id() == id)
        .collect()
}

fn sorted_squares(step: &Step) -> Vec<String> {
    let mut all = squares(step);
    all.sort();
    all
}

#[test]
fn unique_rectangle_type_2_removes_the_shared_extra() {
    // A1, B1 = 1,2; A5, B5 = 1,2,3. One of A5, B5 is 3 (else 1,2 could
    // swap), so column 5 and box 2 lose 3 outside them.
    let state = marks(&[("A1", "12"), ("A5", "123"), ("B1", "12"), ("B5", "123")]);
    let found = loops_of(&state, "unique_rectangle_2");
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.difficulty.0, 45);
    assert_removes(
        step,
        &[
            "A43", "A63", "B43", "B63", "C43", "C53", "C63", "D53", "E53", "F53", "G53", "H53",
            "I53",
        ],
    );
    assert_eq!(sorted_squares(step), ["A1", "A5", "B1", "B5"]);
    assert_mentions(step, &["A1", "A5", "B1", "B5", "C5", "I5"]);
    // B5 = 1,2,4: the extras differ, no type 2.
    let broken = marks(&[("A1", "12"), ("A5", "123"), ("B1", "12"), ("B5", "124")]);
    assert!(loops_of(&broken, "unique_rectangle_2").is_empty());
}

fn ur3_marks(c5: &str) -> State {
    marks(&[
        ("A1", "12"),
        ("A5", "123"),
        ("B1", "12"),
        ("B5", "124"),
        ("C5", c5),
    ])
}

#[test]
fn unique_rectangle_type_3_makes_a_naked_pair_with_the_extras() {
    // A5 = 1,2,3 and B5 = 1,2,4: one of them is 3 or 4, so together they
    // act as one square of 3,4, a naked pair with C5 = 3,4 in column 5
    // and box 2. 3 is in A5 or C5 and 4 in B5 or C5: every square of
    // column 5 and box 2 outside the pair loses 3 and 4.
    let found = loops_of(&ur3_marks("34"), "unique_rectangle_3");
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.difficulty.0, 46, "4.5 and 0.1 for C5");
    let mut expected = Vec::new();
    for s in [
        "A4", "A6", "B4", "B6", "C4", "C6", "D5", "E5", "F5", "G5", "H5", "I5",
    ] {
        expected.push(format!("{s}3"));
        expected.push(format!("{s}4"));
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_removes(step, &expected);
    assert_eq!(sorted_squares(step), ["A1", "A5", "B1", "B5"]);
    assert_mentions(step, &["A5", "B5", "C5"]);
}

#[test]
fn unique_rectangle_type_3_must_not_fire_without_the_naked_partner() {
    let found = loops_of(&ur3_marks("345"), "unique_rectangle_3");
    assert!(found.is_empty(), "{found:?}");
}

fn ur4_marks(keep_1: &str) -> State {
    let mut list = lacking('1', "C5 D5 E5 F5 G5 H5 I5");
    list.retain(|(s, _)| s != keep_1);
    for (s, d) in [("A1", "12"), ("A5", "123"), ("B1", "12"), ("B5", "124")] {
        list.push((s.to_string(), d.to_string()));
    }
    marks_owned(&list)
}

#[test]
fn unique_rectangle_type_4_removes_the_other_digit_from_both() {
    // 1 has no place in column 5 but A5 and B5, so one of them is 1; were
    // the other 2, A5 and B5 would both be 1,2: neither can be 2.
    let found = loops_of(&ur4_marks(""), "unique_rectangle_4");
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.difficulty.0, 45);
    assert_removes(step, &["A52", "B52"]);
    assert_eq!(sorted_squares(step), ["A1", "A5", "B1", "B5"]);
    assert_mentions(step, &["A5", "B5", "column 5"]);
}

#[test]
fn unique_rectangle_type_4_must_not_fire_when_the_digit_has_another_place() {
    let found = loops_of(&ur4_marks("G5"), "unique_rectangle_4");
    assert!(found.is_empty(), "{found:?}");
}

/// A loop of six squares on 1,2: A1 - D1 (column 1) - D2 (row D) - B2
/// (column 2) - B4 (row B) - A4 (column 4) - A1 (row A). Rows A, B, D,
/// columns 1, 2, 4 and boxes 1, 2, 4 each hold two of them, so 1 and 2
/// could swap. A2 and B1 lose 1 and 2 so that no rectangle forms with
/// three of the loop's squares.
fn loop_marks(extra: &[(&str, &str)]) -> State {
    let mut list: Vec<(String, String)> = [
        ("A1", "12"),
        ("D1", "12"),
        ("D2", "12"),
        ("B2", "12"),
        ("B4", "12"),
        ("A4", "123"),
        ("A2", "3456789"),
        ("B1", "3456789"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    for (s, d) in extra {
        list.retain(|(sq, _)| sq != s);
        list.push((s.to_string(), d.to_string()));
    }
    marks_owned(&list)
}

#[test]
fn unique_loop_of_six_keeps_the_extra_square_off_the_pair() {
    let found = steps(&UniqueLoops, &loop_marks(&[]));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "unique_loop_1");
    assert_eq!(step.difficulty.0, 46, "a loop of 6");
    assert_removes(step, &["A41", "A42"]);
    assert_eq!(sorted_squares(step), ["A1", "A4", "B2", "B4", "D1", "D2"]);
    assert_mentions(step, &["A1", "A4", "B2", "B4", "D1", "D2"]);
}

#[test]
fn unique_loop_type_2_removes_the_shared_extra() {
    // B2 = 1,2,3 too: one of A4, B2 is 3, so A2, A3 (row A, box 1) and
    // B5, B6 (row B, box 2) lose 3.
    let found = steps(&UniqueLoops, &loop_marks(&[("B2", "123")]));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "unique_loop_2");
    assert_eq!(step.difficulty.0, 46);
    assert_removes(step, &["A23", "A33", "B53", "B63"]);
    assert_mentions(step, &["A4", "B2"]);
}

#[test]
fn unique_loop_must_not_fire_when_the_loop_is_broken() {
    // D2 = 1,3: the loop no longer closes.
    let found = steps(&UniqueLoops, &loop_marks(&[("D2", "13")]));
    assert!(found.is_empty(), "{found:?}");
}

// -------------------------------------------------------------------- BUG

/// A position from Sudoku Explainer's path through puzzle 822 of Gordon
/// Royle's 17-clue list (`../shared/puzzles/seventeen_clue.txt`):
/// `.................1..2..3.4......52.6.1......7.8...2.......1..8....7.......59..6..`.
/// Every empty square holds two digits but F3 = 3,6,9.
const BUG_1_VALUES: &str =
    "364891572958247361172..39484.71852.621.4.985758..721.462..1478.8.17.642.745928613";
const BUG_1_MARKS: [(&str, &str); 15] = [
    ("C4", "56"),
    ("C5", "56"),
    ("D2", "39"),
    ("D8", "39"),
    ("E3", "36"),
    ("E5", "36"),
    ("F3", "369"),
    ("F4", "36"),
    ("F8", "39"),
    ("G3", "39"),
    ("G4", "35"),
    ("G9", "59"),
    ("H2", "39"),
    ("H5", "35"),
    ("H9", "59"),
];

#[test]
fn bug_type_1_keeps_the_one_digit_too_many() {
    // In row F (F3, F4 = 3,6, F8 = 3,9), column 3 (E3 = 3,6, F3, G3 = 3,9)
    // and box 4 (D2 = 3,9, E3, F3), 3 has three places and 6 and 9 two.
    // Without 3 in F3 every digit would have two places in every unit:
    // the grid would have two solutions or none. So F3 is 3.
    let found = steps(&Bug, &position(BUG_1_VALUES, &BUG_1_MARKS));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "bug_1");
    assert_eq!(step.difficulty.0, 56);
    assert_removes(step, &["F36", "F39"]);
    assert_eq!(squares(step), ["F3"]);
    assert_mentions(step, &["F3"]);
}

#[test]
fn bug_type_1_must_not_fire_on_the_grave_itself() {
    // F3 = 6,9: every square bivalue, nothing extra to keep.
    let mut list = BUG_1_MARKS;
    list[6] = ("F3", "69");
    assert!(steps(&Bug, &position(BUG_1_VALUES, &list)).is_empty());
}

/// A position from Sudoku Explainer's path through puzzle 2881 of the
/// same list
/// (`................12....34..5.....63....2........78........1....7.6....4..43.2.....`):
/// every empty square holds two digits but B5 and C7 = 7,8,9.
const BUG_2_VALUES: &str =
    ".76512.435436...1212..34.65.54.263.13.24.15.66178532942.514.6377613.542.43.26715.";
const BUG_2_MARKS: [(&str, &str); 20] = [
    ("A1", "89"),
    ("A7", "89"),
    ("B5", "789"),
    ("B6", "89"),
    ("B7", "79"),
    ("C3", "89"),
    ("C4", "79"),
    ("C7", "789"),
    ("D1", "89"),
    ("D4", "79"),
    ("D8", "78"),
    ("E2", "89"),
    ("E5", "79"),
    ("E8", "78"),
    ("G2", "89"),
    ("G6", "89"),
    ("H5", "89"),
    ("H9", "89"),
    ("I3", "89"),
    ("I9", "89"),
];

#[test]
fn bug_type_2_removes_the_extra_from_what_sees_both() {
    // 9 has three places in B5's row, column and box, and in C7's: without
    // 9 there the grid is a grave, so B5 or C7 is 9. B7 (row B, box 3) and
    // C4 (row C, box 2) see both and lose 9.
    let found = steps(&Bug, &position(BUG_2_VALUES, &BUG_2_MARKS));
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "bug_2");
    assert_eq!(step.difficulty.0, 57);
    assert_removes(step, &["B79", "C49"]);
    assert_eq!(squares(step), ["B5", "C7"]);
    assert_mentions(step, &["B5", "C7", "B7", "C4"]);
}

#[test]
fn bug_type_2_must_not_fire_with_one_extra_square() {
    // C7 = 7,8: B5 alone is left with 9 too many, which is type 1.
    let mut list = BUG_2_MARKS;
    list[7] = ("C7", "78");
    let found = steps(&Bug, &position(BUG_2_VALUES, &list));
    assert!(of(&found, "bug_2").is_empty(), "{found:?}");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].technique.id(), "bug_1");
    assert_removes(&found[0], &["B57", "B58"]);
}

/// The solution printed in Wikipedia's "Sudoku" article.
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A grave built from [`SOLVED`]: for each cycle `[x, y, z]`, every square
/// holding one of them is emptied and marked with its digit and the next
/// one round the cycle (x,y - y,z - z,x). Each unit then has each of the
/// cycle's digits in exactly two squares. `extras` adds a digit to a
/// square's marks.
fn grave(cycles: &[[u8; 3]], extras: &[(&str, u8)]) -> State {
    let shape = Shape::standard();
    let mut values = String::new();
    let mut sets = vec![Digits::EMPTY; 81];
    for (s, c) in SOLVED.chars().enumerate() {
        let d = c.to_digit(10).unwrap() as u8;
        match cycles.iter().find_map(|cycle| {
            let i = cycle.iter().position(|&x| x == d)?;
            Some(cycle[(i + 1) % 3])
        }) {
            Some(next) => {
                values.push('.');
                sets[s].insert(d);
                sets[s].insert(next);
            }
            None => values.push(c),
        }
    }
    for (square, d) in extras {
        let s = shape.square(square).unwrap();
        assert!(sets[s].len() == 2, "{square} is not in the grave");
        sets[s].insert(*d);
    }
    let grid = parse_grid(&values, ParseOptions::default()).unwrap();
    State::from_marks(&grid, &grid, Some(&sets))
}

#[test]
fn bug_type_3_makes_a_naked_pair_with_the_extras() {
    // Cycles 1-2-3 and 4-5-6. Row A: A1 = 5,6, A2 = 1,3, A3 = 4,5 + 1,
    // A4 = 6,4, A8 = 1,2 + 3, A9 = 2,3. A3 and A8 each have one digit too
    // many (1 and 3): one of them is its extra, so together they act as
    // one square of 1,3, a naked pair with A2 = 1,3. Then 3 is in A8 or
    // A2, and A9, which sees both, loses 3. (1 is in A2, A3 or A8, and no
    // other square of row A holds 1.)
    let state = grave(&[[1, 2, 3], [4, 5, 6]], &[("A3", 1), ("A8", 3)]);
    assert_eq!(state.cands(2).to_string(), "145");
    let found = steps(&Bug, &state);
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "bug_3");
    assert_eq!(step.difficulty.0, 58, "5.7 and 0.1 for the pair");
    assert_removes(step, &["A93"]);
    assert_eq!(squares(step), ["A3", "A8"]);
    assert_mentions(step, &["A3", "A8", "A2", "A9"]);
}

#[test]
fn bug_type_3_must_not_fire_without_a_naked_partner() {
    // A3's extra is 6: no square of row A holds just 3 and 6, and A3 and
    // A8 share no grave digit either (no type 4).
    let state = grave(&[[1, 2, 3], [4, 5, 6]], &[("A3", 6), ("A8", 3)]);
    let found = steps(&Bug, &state);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn bug_type_4_removes_what_is_neither_extra_nor_shared() {
    // Cycle 1-2-3. Row A: A2 = 3,1 + 2, A8 = 1,2 + 3, A9 = 2,3. A2 is 2
    // or A8 is 3 (not both: 1 would have no place left in row A, where
    // only A2 and A8 hold it). If A2 is 2, A8 is 1; if A8 is 3, A2 is 1.
    // So A2 is 1 or 2 and A8 is 1 or 3: remove 3 from A2 and 2 from A8.
    let state = grave(&[[1, 2, 3]], &[("A2", 2), ("A8", 3)]);
    let found = steps(&Bug, &state);
    assert_eq!(found.len(), 1, "{found:?}");
    let step = &found[0];
    assert_eq!(step.technique.id(), "bug_4");
    assert_eq!(step.difficulty.0, 57);
    assert_removes(step, &["A23", "A82"]);
    assert_eq!(squares(step), ["A2", "A8"]);
    assert_mentions(step, &["A2", "A8", "row A"]);
}

#[test]
fn bug_type_4_must_not_fire_with_one_extra_square() {
    // A8 without its extra: A2 alone has one digit too many (type 1).
    let found = steps(&Bug, &grave(&[[1, 2, 3]], &[("A2", 2)]));
    assert!(of(&found, "bug_4").is_empty(), "{found:?}");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].technique.id(), "bug_1");
    assert_removes(&found[0], &["A21", "A23"]);
}

// ------------------------------------------------------- aligned exclusion

#[test]
fn aligned_pair_exclusion_removes_what_no_way_allows() {
    // A1 and A2 (row A, box 1) both 1,2,3, with the excluders A5 = 1,2
    // (row A) and B1 = 1,3 (box 1), which see both. A1 = 1 needs A2 = 2
    // (empties A5) or 3 (empties B1); the same for A2 = 1. Both lose 1.
    // A3 sees both excluders too: A3 = 1 leaves A1 (or A2) 2 or 3, which
    // empties one of them, so the pairs A1, A3 and A2, A3 remove 1 from A3.
    let pattern =
        |b1: &'static str| marks(&[("A1", "123"), ("A2", "123"), ("A5", "12"), ("B1", b1)]);
    let found = steps(&AlignedExclusion { size: 2 }, &pattern("13"));
    assert_eq!(found.len(), 3, "{found:?}");
    assert_removes(&found[1], &["A31"]);
    assert_removes(&found[2], &["A31"]);
    assert_mentions(&found[1], &["A1", "A3"]);
    assert_mentions(&found[2], &["A2", "A3"]);
    let step = &found[0];
    assert_eq!(step.technique.id(), "aligned_pair_exclusion");
    assert_eq!(step.difficulty.0, 62);
    assert_removes(step, &["A11", "A21"]);
    let mut ev = squares(step);
    ev.sort();
    assert_eq!(ev, ["A1", "A2", "A5", "B1"]);
    assert_mentions(step, &["A1", "A2", "A5", "B1"]);
    // B1 = 1,3,4 is no excluder: A1 = 1 with A2 = 3 is possible.
    let found = steps(&AlignedExclusion { size: 2 }, &pattern("134"));
    assert!(found.is_empty(), "{found:?}");
}

/// A1 = 1,2 and A2 = 3,4 (row A, box 1), B4 = 5,6; the excluders A5 =
/// 2,4,5, A6 = 2,3,5 (row A, box 2), B1 = 1,3,5, B2 = 1,4,5 (box 1, row B)
/// see all three. A3, B5 and B6, which also see all four, lose 5 so that
/// B4 is the only square the pattern clears.
fn triplet_marks(a5: &str) -> State {
    let mut list = lacking('5', "A3 B5 B6");
    for (s, d) in [
        ("A1", "12"),
        ("A2", "34"),
        ("B4", "56"),
        ("A5", a5),
        ("A6", "235"),
        ("B1", "135"),
        ("B2", "145"),
    ] {
        list.push((s.to_string(), d.to_string()));
    }
    marks_owned(&list)
}

#[test]
fn aligned_triplet_exclusion_removes_what_no_way_allows() {
    // B4 = 5 with (A1, A2) = (1,3) empties B1, (1,4) B2, (2,3) A6 and
    // (2,4) A5: B4 cannot be 5. Excluders of three digits are beyond an
    // aligned pair.
    let state = triplet_marks("245");
    assert!(steps(&AlignedExclusion { size: 2 }, &state).is_empty());
    let found = steps(&AlignedExclusion { size: 3 }, &state);
    assert!(!found.is_empty());
    for step in &found {
        assert_eq!(step.technique.id(), "aligned_triplet_exclusion");
        assert_eq!(step.difficulty.0, 75);
        assert_removes(step, &["B45"]);
        let mut ev = squares(step);
        ev.sort();
        assert_eq!(ev, ["A1", "A2", "A5", "A6", "B1", "B2", "B4"]);
    }
    assert_mentions(&found[0], &["A1", "A2", "B4", "A5", "A6", "B1", "B2"]);
}

#[test]
fn aligned_triplet_exclusion_must_not_fire_when_an_excluder_goes() {
    // A5 = 2,4,5,7 is no excluder: (2, 4, 5) is possible.
    let found = steps(&AlignedExclusion { size: 3 }, &triplet_marks("2457"));
    assert!(found.is_empty(), "{found:?}");
}

// ----------------------------------------------------------------- chains

/// One step as SE prints it: technique, difficulty in tenths, what it does.
type SeStep = (&'static str, u16, &'static str);

/// The chain steps of Sudoku Explainer's path (serate 362854e, printed one
/// per step with `--after='%r%t%s'`) on puzzles of
/// `../shared/ratings/se_ratings_dev.jsonl`: our path takes the same ones,
/// in the same order, at the same difficulty. SE writes `r4c7.9 off` for
/// "9 is not in D7" and `r7c3.7 on` for "G3 is 7" (its other candidates go).
#[test]
fn forcing_chains_are_the_ones_sudoku_explainer_takes() {
    use sudokit::logic::{explain, Order};
    use sudokit::parse::{parse_grid, ParseOptions};
    let cases: [(&str, &[SeStep]); 4] = [
        (
            "........1......23...4.56..........5..2.......71.8.........9.......1..7..6.5....4.",
            &[
                ("forcing_x_chain", 67, "-D79"),
                ("forcing_x_chain", 67, "-D99"),
                ("forcing_chain", 71, "-A63"),
                ("forcing_x_chain", 66, "+A28"),
            ],
        ),
        (
            "........1.....2.....3.4..56......2.......78..16...........6...9..71.....2.8......",
            &[("forcing_x_chain", 66, "-D53")],
        ),
        (
            "..............1..2.34....5.......67...5....3.1....2.......5...4.6.3...8.2........",
            &[("forcing_x_chain", 67, "+G37")],
        ),
        (
            "........1.......23..4..5........4..5.6....7..32...........7.......23..6...8...4..",
            &[("forcing_x_chain", 67, "-A32")],
        ),
    ];
    for (puzzle, want) in cases {
        let grid = parse_grid(puzzle, ParseOptions::default()).unwrap();
        let path = explain(&mut Cache::new(), &State::from_puzzle(&grid), Order::Se);
        assert!(path.is_complete(), "{puzzle}");
        // Replay the path and describe each chain step as SE does: the
        // candidate it proves off, or the one it leaves a square with.
        let mut state = State::from_puzzle(&grid);
        let mut got: Vec<(String, u16, String)> = Vec::new();
        for step in &path.steps {
            state.apply(step);
            if step.difficulty.0 < 65 {
                continue;
            }
            assert!(
                step.text.contains(" -> "),
                "the chain is spelled out: {}",
                step.text
            );
            // SE places the digit a forcing chain proves on.
            let what = match &step.placements[..] {
                [c] => format!("+{}{}", c.square, c.digit),
                _ => step
                    .eliminations
                    .iter()
                    .map(|c| format!("-{}{}", c.square, c.digit))
                    .collect(),
            };
            got.push((step.technique.id().to_string(), step.difficulty.0, what));
        }
        let want: Vec<(String, u16, String)> = want
            .iter()
            .map(|&(t, d, w)| (t.to_string(), d, w.to_string()))
            .collect();
        assert_eq!(got, want, "{puzzle}");
    }
}

#[test]
fn chains_must_not_fire_without_links() {
    use sudokit::logic::chains::forcing::ForcingChains;
    // Every square holds 1-9: no unit has a digit in only two places and no
    // square has two candidates, so no link can be made.
    let state = marks(&[]);
    assert!(steps(&ForcingChains, &state).is_empty());
}

// -------------------------------------- Nishio, multiple and dynamic chains
//
// Each example is a position where Sudoku Explainer's next step is the
// technique under test: the pencil marks serate printed before that step
// (`--before='%m'`, serate 362854e with SE 1.2.1's techniques), its hint
// (`--after='%r %s'`) and, for the branches, its long explanation (`%h`).
// Fed back to serate as a puzzle, each marks line gives the same first
// step. Unlike the patterns above, these moves are SE's, not worked out by
// hand: the chains are too long for that.

/// Puzzle 61 of `../shared/puzzles/magictour_top1465.txt`.
const TOP_61: &str =
    "...3.9.7.8..4.....1........2..5..6...3.....4.....1....5.....8......2.1.....7....9";
/// Puzzle 7 of the same list.
const TOP_7: &str =
    ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........";
/// Puzzle 6 of `../shared/puzzles/norvig_hardest.txt`.
const HARDEST_6: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

/// Top 61 before SE's step 13, "Nishio Forcing Chain: r6c2.9 on ==> r8c4.9
/// both on & off" (7.8). Each line of the marks is one row, nine
/// characters a square.
const TOP_61_AT_13: &str = concat!(
    "...4.6....2.456....2.456.....3.............8.........9.2.45..........7..1........",
    ".......8..2..5.7.9.23.5.7.9...4.........567..1.........23.5...9.23.56..9.23.56...",
    "1...........45.7.9..345.7.9.2...6.......567...2..567....345...9..3.56.89..3456.8.",
    ".2..........4..789...4..789....5......34..7.9..34..78......6...1..........3....8.",
    ".....67.9..3......1.........2...6.89.....67.9.2...678..2..5.7.9...4......2..5..8.",
    "...4.67.9...456789...456789.2...6.891.........234.678..23...7.9.23....89.23....8.",
    "....5.....2.4.67.9.2.4.67.91..........34.6..9..34.6..........8..23..6....234.67..",
    "..34.67.9...4.6789...4.6789.....6.89.2.........3456.8.1..........3.56.....34567..",
    "..34.6...1.........2.4.6.8.......7....3456.....3456.8..2345.....23.56...........9",
);

/// Top 61 before SE's step 22, "Cell Forcing Chains: r7c5 ==> r9c6.3 off"
/// (8.3).
const TOP_61_AT_22: &str = concat!(
    "...4.6....2.456....2.456.....3.............8.........9.2.45..........7..1........",
    ".......8..2..5.7.9.23.5.7.9...4.........567..1.........23.5...9.23.56..9.23.56...",
    "1...........45.7.9..345.7.9.2...6.......567...2...67....345...9..3.56.89..3456.8.",
    ".2..........4..789...4..789....5......3.....9..34..78......6...1..........3....8.",
    ".....67.9..3......1.........2...6.89.....67...2...678..2..5.7.9...4......2..5..8.",
    "...4.67.9...45678....45678..2...6.891.........234.678..23...7.9.23....89.23....8.",
    "....5.....2.4.67.9.2.4.67.91..........34....9..3..6..........8..23..6....234.67..",
    "..34.67.9...4.678....4.678......6.89.2.........3.56.8.1..........3.56.....34567..",
    "..34.6...1.........2.4.6.8.......7....34.......3.56.8..2345.....23.56...........9",
);

/// Top 61 before SE's step 26, "Region Forcing Chains: 8 in row ==> r6c6.8
/// off" (8.8, dynamic).
const TOP_61_AT_26: &str = concat!(
    "...4.6....2.456....2.456.....3.............8.........9.2.45..........7..1........",
    ".......8..2..5.7.9.23.5.7.9...4.........567..1.........23.5...9.23.56..9.23.56...",
    "1...........45.7.9..345.7.9.2...6.......567...2...67....345...9..3.56.89..3456.8.",
    ".2..........4..789...4..789....5......3.....9..34..7.......6...1..........3....8.",
    ".....67.9..3......1.........2...6.89.....67...2...678..2..5.7.9...4......2..5..8.",
    "...4.67.9...45678....45678..2...6.891.........234.678..23...7.9.23....89.23....8.",
    "....5.....2.4.67.9.2.4.67.91..........34....9..3..6..........8..23..6....234..7..",
    "..34.67.9...4.678....4.678......6.89.2.........3.56.8.1..........3.56......4567..",
    "..34.6...1.........2.4.6.8.......7....34.........56.8..2345.....23.56...........9",
);

/// Top 61 before SE's step 28, "Contradiction Forcing Chain: r5c6.6 on ==>
/// r8c1.9 both on & off" (8.8, dynamic).
const TOP_61_AT_28: &str = concat!(
    "...4.6....2.456....2.456.....3.............8.........9.2.45..........7..1........",
    ".......8..2..5.7.9.23.5.7.9...4.........567..1.........23.5...9.23.56..9.23.56...",
    "1...........45.7.9..345.7.9.2...6.......567...2...67....345...9..3.5..89..3456.8.",
    ".2..........4..789...4..789....5......3.....9..34..7.......6...1..........3....8.",
    ".....67.9..3......1.........2...6.89.....67...2...678..2..5.7.9...4......2..5..8.",
    "...4.67.9...45678....45678..2...6.891.........234.67...23...7.9.23....89.23....8.",
    "....5.....2.4.67.9.2.4.67.91..........34....9..3..6..........8..23..6....234..7..",
    "..34.67.9...4.678....4.678......6.89.2.........3.56.8.1..........3.56......4567..",
    "..34.6...1.........2.4.6.8.......7....34.........56.8..2345.....23.56...........9",
);

/// Top 61 before SE's step 41, "Region Forcing Chains: 3 in column ==>
/// r6c7.7 on" (8.5, static).
const TOP_61_AT_41: &str = concat!(
    "...4.6....2.456....2.456.....3.............8.........9.2.45..........7..1........",
    ".......8..2..5.7.9.23.5.7.9...4.........567..1.........23.5...9.23.5...9.2..56...",
    "1...........45.7.9..345.7.9.2...6.......567...2...67....345...9..3.5..89..3.56.8.",
    ".2..........4..789...4..789....5......3.....9..34..7.......6...1..........3....8.",
    ".....67.9..3......1.........2...6.89.....67...2....78..2..5.7.9...4......2..5..8.",
    "...4.6..9...456.8....456.8..2...6.891.........234..7....3...7.9.23....89.23....8.",
    "....5.....2.4.67.9.2.4.67.91..........3.....9..3..6..........8..23..6......4..7..",
    "..34.67.9...4.678....4.678......6.89.2.........3.5..8.1..........3.56......4..7..",
    "..3..6...1.........2...6.8.......7.....4.........56.8..23.5.....23.56...........9",
);

/// Top 7 before SE's step 14, "Cell Forcing Chains: r4c3 ==> r6c1.3 off"
/// (8.8; SE's explanation is headed "Dynamic Cell Forcing Chains").
const TOP_7_AT_14: &str = concat!(
    "..3.56......4...........7.9..3.5.78.1..........3..67...2.........3..6.89..3.56.89",
    ".23.56....23.56.8..23..6.8...3.5.....2.456...........91..45..........7..1.3456...",
    ".23.56...1..............7.9..3.5.78..2.4567...234.67.....45..89..34.6.89..3456.89",
    "12..5.....2..5.7.912..........4.......3......1...5.7.......6...12.....8912....789",
    ".......8..2...67...234.6...1.....7.9.....67.91....67..1..4..7......5....1234..7..",
    "1.3456.......567.91.34.6....2..............8.1...567..1..4..7.91.34....91.34..7.9",
    "......7...23..6.......5....1.3.....9.2.4....9.......8.1..4....912.4.6..912.4.6..9",
    "12.4......2.....8.12.4...8......6....2.45.7.912.4..7....3......12.4...8912..5.789",
    "........9.23..6.8.1234.6.8.1.3.5.7...2.45.7..1234.....1...5.78.12.4.6.8.12.45678.",
);

/// Hardest 6 before SE's step 34, "Double Forcing Chain: r4c6.2 on & off ==>
/// r4c6.6 off" (9.1, dynamic). Our own path parts from SE's at its step 9,
/// a nested chain (10.2), so this position is reached only from SE's marks.
const HARDEST_6_AT_34: &str = concat!(
    "1............56.8..2.4.6.8....45..8...345..........7...2.4.............9..34.6...",
    "....5.7....3.........4.6...1..45.....2...............91....67.....4.67.........8.",
    ".2....78..2....78.........9.....6...1.34.....1.3....8.....5.....234..7..1.34.....",
    ".2.4..78..2....7......5......3......1....6...12...6...........9...4...8.1..4.6...",
    "...4....91..........3..........5.7.9.......8.....56......4.67.....4567...2.......",
    ".....6....2.....89.2.....8.12....7.91...5.7.9...4.....1.....78...3.5....1.3.5....",
    "..3.......2..56.89.2...6.8..2.4..78....4.67.9....56.8..2.4.6.8.1...........456..9",
    ".2..5..89...4.....1.........2..5..89..3.56..9..3.56....2...6.8..2..56.8.......7..",
    ".2..5..89....56.89......7..12.45..8.1..456..912..5..8...3.......2.456......456..9",
);

/// The position SE printed as `marks` on its way through `puzzle`, and the
/// puzzle's solution. Every digit of the solution is still there (placed or
/// a candidate), so the marks belong to the puzzle and no step before went
/// wrong.
fn se_position(puzzle: &str, line: &str) -> (State, Grid) {
    use sudokit::logic::rating::check_unique;
    use sudokit::parse::parse_marks_line;
    let givens = parse_grid(puzzle, ParseOptions::default()).unwrap();
    let solution = check_unique(&givens).unwrap();
    let marks = parse_marks_line(line, ParseOptions::default()).unwrap();
    for (s, set) in marks.sets().iter().enumerate() {
        assert!(set.contains(solution.get(s)), "square {s} lost its digit");
    }
    let state = State::from_marks(&givens, &marks.values, Some(marks.sets()));
    assert_eq!(state.to_marks_line(), line, "the state holds SE's marks");
    (state, solution)
}

/// The first step `rule` offers, which is the one SE takes.
fn first_chain_step(rule: DynamicRule, state: &State) -> Option<Step> {
    let mut first = None;
    let _ = ForcingChainRule { rule }.find(state, &mut Cache::new(), &mut |step| {
        first = Some(step);
        ControlFlow::Break(())
    });
    first
}

/// The links of each branch of a chain step, as `F2=9` (on) or `F2<>9`
/// (off). Every branch starts with its assumption, and only there.
fn branch_links(step: &Step) -> Vec<Vec<String>> {
    use sudokit::logic::LinkReason;
    let mut out: Vec<Vec<String>> = Vec::new();
    for link in &step.evidence.chain {
        let sign = if link.on { "=" } else { "<>" };
        let name = format!("{}{sign}{}", link.square, link.digit);
        match out.last_mut() {
            Some(branch) if link.reason != LinkReason::Assumption => branch.push(name),
            _ => {
                assert_eq!(link.reason, LinkReason::Assumption, "{}", step.text);
                out.push(vec![name]);
            }
        }
    }
    out
}

/// Each branch of a chain step as its assumption and the link it ends on.
fn branches(step: &Step) -> Vec<(String, String)> {
    branch_links(step)
        .into_iter()
        .map(|b| (b[0].clone(), b[b.len() - 1].clone()))
        .collect()
}

/// Asserts that `step` is true to `solution`: it places the solution's
/// digits and removes none of them.
fn assert_true_to(step: &Step, solution: &Grid) {
    for c in &step.placements {
        assert_eq!(solution.get(c.square.index()), c.digit, "{step}");
    }
    for c in &step.eliminations {
        assert_ne!(solution.get(c.square.index()), c.digit, "{step}");
    }
}

/// One of SE's steps, and where it takes it.
struct SeExample {
    /// The puzzle, and SE's marks before the step.
    puzzle: &'static str,
    marks: &'static str,
    /// The rule whose first step it is, and what that step must be.
    rule: DynamicRule,
    technique: &'static str,
    difficulty: u16,
    placed: &'static [&'static str],
    removed: &'static [&'static str],
    /// Each branch's assumption and the link it ends on, in SE's order.
    branches: &'static [(&'static str, &'static str)],
    /// The squares the step starts from, and the unit of a region chain.
    squares: &'static [&'static str],
    units: &'static [&'static str],
}

/// Asserts that the example is SE's next step in its position: our SE
/// order finds it first, as the first step of its rule, after every chain
/// rule SE tries before that one has found nothing. Its moves and branches
/// are SE's, its sentence names its squares and units, and it is true to
/// the solution. Returns the step.
fn assert_se_takes(example: &SeExample) -> Step {
    use sudokit::logic::{next_step, Order};
    let (state, solution) = se_position(example.puzzle, example.marks);
    let step = next_step(&mut Cache::new(), &state, Order::Se).expect("a step");
    assert_eq!(Some(&step), first_chain_step(example.rule, &state).as_ref());
    let before = [
        DynamicRule::Nishio,
        DynamicRule::Multiple,
        DynamicRule::Dynamic,
    ];
    for &rule in before.iter().take_while(|&&r| r != example.rule) {
        let found = first_chain_step(rule, &state);
        assert_eq!(found, None, "{rule:?} before {:?}", example.rule);
    }
    assert_eq!(step.technique.id(), example.technique, "{}", step.text);
    assert_eq!(step.difficulty.0, example.difficulty, "{}", step.text);
    assert_eq!(placed(&step), example.placed, "{}", step.text);
    assert_removes(&step, example.removed);
    let want: Vec<(String, String)> = example
        .branches
        .iter()
        .map(|&(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(branches(&step), want, "{}", step.text);
    assert_eq!(squares(&step), example.squares);
    assert_eq!(names(&step.evidence.units), example.units);
    assert_mentions(&step, example.squares);
    assert_mentions(&step, example.units);
    let targets = step.placements.iter().chain(&step.eliminations);
    for c in targets {
        assert_mentions(&step, &[&c.square.to_string()]);
    }
    assert_true_to(&step, &solution);
    step
}

#[test]
fn nishio_forcing_chain_as_sudoku_explainer_takes_it() {
    // SE: "r6c2.9 on ==> r8c4.9 both on & off": if F2 is 9, 9 in row D
    // goes to D5, so column 4 puts it in H4; and 9 in column 1 goes to H1,
    // which rules H4 out. Only 9s are followed.
    let step = assert_se_takes(&SeExample {
        puzzle: TOP_61,
        marks: TOP_61_AT_13,
        rule: DynamicRule::Nishio,
        technique: "nishio_forcing_chain",
        difficulty: 78,
        placed: &[],
        removed: &["F29"],
        branches: &[("F2=9", "H4=9"), ("F2=9", "H4<>9")],
        squares: &["F2"],
        units: &[],
    });
    assert!(step.evidence.chain.iter().all(|l| l.digit == 9));
}

#[test]
fn cell_forcing_chains_as_sudoku_explainer_takes_them() {
    // SE: "r7c5 ==> r9c6.3 off": G5 is 3, 4 or 9, and each of them rules
    // out 3 in I6 (3 directly, 4 through I5 = 3, 9 through H1 = 9 and
    // I1 = 3).
    assert_se_takes(&SeExample {
        puzzle: TOP_61,
        marks: TOP_61_AT_22,
        rule: DynamicRule::Multiple,
        technique: "cell_forcing_chains",
        difficulty: 83,
        placed: &[],
        removed: &["I63"],
        branches: &[("G5=3", "I6<>3"), ("G5=4", "I6<>3"), ("G5=9", "I6<>3")],
        squares: &["G5"],
        units: &[],
    });
}

#[test]
fn region_forcing_chains_as_sudoku_explainer_takes_them() {
    // SE: "3 in column ==> r6c7.7 on": 3 in column 6 is in D6, F6, G6 or
    // H6, and each of them leaves 7 in row F only in F7. A placement: F7
    // (3, 7 or 9) loses its other candidates.
    assert_se_takes(&SeExample {
        puzzle: TOP_61,
        marks: TOP_61_AT_41,
        rule: DynamicRule::Multiple,
        technique: "region_forcing_chains",
        difficulty: 85,
        placed: &["F7=7"],
        removed: &["F73", "F79"],
        branches: &[
            ("D6=3", "F7=7"),
            ("F6=3", "F7=7"),
            ("G6=3", "F7=7"),
            ("H6=3", "F7=7"),
        ],
        squares: &["D6", "F6", "G6", "H6"],
        units: &["column 6"],
    });
}

#[test]
fn dynamic_region_forcing_chains_as_sudoku_explainer_takes_them() {
    // SE: "8 in row ==> r6c6.8 off": 8 in row E is in E4, E6 or E9. E4 and
    // E6 share box 5 with F6; E9 = 8 leaves D9 = 3, and row F then has 3
    // only in F6.
    assert_se_takes(&SeExample {
        puzzle: TOP_61,
        marks: TOP_61_AT_26,
        rule: DynamicRule::Dynamic,
        technique: "dynamic_region_chains",
        difficulty: 88,
        placed: &[],
        removed: &["F68"],
        branches: &[("E4=8", "F6<>8"), ("E6=8", "F6<>8"), ("E9=8", "F6<>8")],
        squares: &["E4", "E6", "E9"],
        units: &["row E"],
    });
}

#[test]
fn dynamic_contradiction_as_sudoku_explainer_takes_it() {
    // SE: "r5c6.6 on ==> r8c1.9 both on & off": E6 = 6 puts 6 in box 8 at
    // H4, which leaves 9 in row H to H1; and it makes E5 7, which leaves
    // E1 only 9, which rules out H1.
    assert_se_takes(&SeExample {
        puzzle: TOP_61,
        marks: TOP_61_AT_28,
        rule: DynamicRule::Dynamic,
        technique: "dynamic_contradiction_chain",
        difficulty: 88,
        placed: &[],
        removed: &["E66"],
        branches: &[("E6=6", "H1=9"), ("E6=6", "H1<>9")],
        squares: &["E6"],
        units: &[],
    });
}

#[test]
fn dynamic_double_as_sudoku_explainer_takes_it() {
    // SE: "r4c6.2 on & off ==> r4c6.6 off": D6 (1, 2 or 6) = 2 rules out
    // its 6 at once; D6 <> 2 makes it 1 at the end of a long chain. Either
    // way D6 is not 6.
    let step = assert_se_takes(&SeExample {
        puzzle: HARDEST_6,
        marks: HARDEST_6_AT_34,
        rule: DynamicRule::Dynamic,
        technique: "dynamic_double_chain",
        difficulty: 91,
        placed: &[],
        removed: &["D66"],
        branches: &[("D6=2", "D6<>6"), ("D6<>2", "D6<>6")],
        squares: &["D6"],
        units: &[],
    });
    // The first branch is SE's one link; the second ends as SE's 28 do:
    // D6 is 1, so not 6.
    let links = branch_links(&step);
    assert_eq!(links[0], ["D6=2", "D6<>6"]);
    let end = ["D6=1".to_string(), "D6<>6".to_string()];
    assert!(links[1].ends_with(&end), "{}", step.text);
}

#[test]
fn dynamic_cell_forcing_chains_as_sudoku_explainer_takes_them() {
    // SE: "r4c3 ==> r6c1.3 off": D3 is 1 or 2 (static cell chains start
    // only from squares of three or more). D3 = 1 leaves 1 in column 1 to
    // H1, so 4 to F1; D3 = 2 leaves 2 in row E to E9, so 3 to E3. Either
    // way F1 is not 3.
    assert_se_takes(&SeExample {
        puzzle: TOP_7,
        marks: TOP_7_AT_14,
        rule: DynamicRule::Dynamic,
        technique: "dynamic_cell_chains",
        difficulty: 88,
        placed: &[],
        removed: &["F13"],
        branches: &[("D3=1", "F1<>3"), ("D3=2", "F1<>3")],
        squares: &["D3"],
        units: &[],
    });
}

#[test]
fn nishio_multiple_and_dynamic_chains_must_not_fire_without_links() {
    // Every square holds 1-9: an assumption rules out a digit in its peers
    // but leaves no square with one candidate and no unit with one place,
    // so no chain gets past its first link.
    let state = marks(&[]);
    for rule in [
        DynamicRule::Nishio,
        DynamicRule::Multiple,
        DynamicRule::Dynamic,
    ] {
        assert_eq!(first_chain_step(rule, &state), None, "{rule:?}");
    }
}

#[test]
fn our_path_reaches_the_positions_sudoku_explainer_printed() {
    use sudokit::logic::{next_step, Order};
    // Our own path in SE's order is SE's on these puzzles: step by step it
    // reaches the marks SE printed before each example step.
    let walks: [(&str, &[(usize, &str)]); 2] = [
        (
            TOP_61,
            &[
                (13, TOP_61_AT_13),
                (22, TOP_61_AT_22),
                (26, TOP_61_AT_26),
                (28, TOP_61_AT_28),
                (41, TOP_61_AT_41),
            ],
        ),
        (TOP_7, &[(14, TOP_7_AT_14)]),
    ];
    for (puzzle, stops) in walks {
        let mut state = self::puzzle(puzzle);
        let mut number = 1;
        for &(at, line) in stops {
            while number < at {
                state.apply(&next_step(&mut Cache::new(), &state, Order::Se).expect("a step"));
                number += 1;
            }
            assert_eq!(state.to_marks_line(), line, "before step {at} of {puzzle}");
        }
    }
}
