//! The tests of the forcing chains and cycles: the searches left out find
//! nothing, the quick tests agree with the full ones, and each pass keeps
//! to its own links, along the paths of hard puzzles.

use super::cycles::{cycle_may_remove, cycle_removals};
use super::rank::{ranked, Find};
use super::rule::ForcingChains;
use super::search::{Cause, Chains, LinkKinds, Reached, Scratch};
use crate::logic::chains::board::PencilMarks;
use crate::logic::chains::digit_memo;
use crate::logic::chains::digit_memo::{DigitMemo, PatternRule};
use crate::logic::chains::potential::{on, Potential};
use crate::logic::chains::se_order::length_bonus;
use crate::logic::step::{LinkReason, Technique};
use crate::shape::Shape;

/// Two hard puzzles whose SE paths the tests walk: their paths take
/// many chains, long ones among them.
const HARD: [&str; 2] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
];
#[test]
fn x_chains_leave_out_the_digits_whose_pattern_found_nothing_and_find_the_same() {
    let x_steps = [Technique::ForcingXChain, Technique::XCycle];
    digit_memo::check::barren_digits(PatternRule::XChains, &ForcingChains, &x_steps);
}

#[test]
fn a_stamp_table_forgets_everything_when_its_count_wraps_round() {
    let mut reached = Reached::default();
    reached.reset(Shape::standard());
    let p = on(10, 4);
    assert!(reached.insert(p) && reached.contains(p));
    // Just short of the end of the count, with p marked at stamp 1.
    reached.current = u32::MAX;
    reached.clear();
    assert_eq!(reached.current, 1);
    assert!(!reached.contains(p), "an old mark must not come back");
    assert!(reached.insert(p) && !reached.insert(p));
}

/// The quick test of a cycle says it removes something exactly when
/// its removals, worked out in full, are not empty: on every cycle
/// from every candidate, with each kind of link, along the paths of
/// two hard puzzles.
#[test]
fn the_quick_test_of_a_cycle_agrees_with_its_removals() {
    let (mut removing, mut idle) = (0, 0);
    for puzzle in HARD {
        for state in crate::logic::solver::se_path_states(puzzle) {
            for (x, y) in [(true, false), (false, true), (true, true)] {
                let links = LinkKinds { x, y };
                let mut chains = Chains::fresh(&state, false, false, Scratch::default());
                for square in 0..81 {
                    for digit in state.digits(square).iter() {
                        chains.work.nodes.clear();
                        let source = chains.add((on(square, digit), Cause::Start), None);
                        for end in chains.cycles(source, links, usize::MAX) {
                            let removes = !cycle_removals(&mut chains, end).1.is_empty();
                            assert_eq!(cycle_may_remove(&chains, end), removes);
                            removing += usize::from(removes);
                            idle += usize::from(!removes);
                        }
                    }
                }
            }
        }
    }
    assert!(removing > 0 && idle > removing, "{removing} {idle}");
}

/// Where [`Chains::ends`] leaves a cycle search out, every cycle that
/// search finds removes nothing; and leaving them out changes no step
/// or nested hint, with and without limits.
#[test]
fn the_cycle_searches_left_out_find_no_cycle_that_removes_anything() {
    let (mut left_out, mut cycles) = (0, 0);
    let mut compared = 0;
    for puzzle in HARD {
        for state in crate::logic::solver::se_path_states(puzzle) {
            for (x, y) in [(true, false), (false, true), (true, true)] {
                let links = LinkKinds { x, y };
                let mut chains = Chains::fresh(&state, false, false, Scratch::default());
                match y {
                    true => chains.reach_of_both(),
                    false => chains.build_reach(links, 0),
                }
                chains.work.reach_built = true;
                for square in 0..81 {
                    for digit in state.digits(square).iter() {
                        let kept = chains.ends(square, digit, links).cycle;
                        chains.work.every_search = true;
                        let all = chains.ends(square, digit, links).cycle;
                        chains.work.every_search = false;
                        assert!(kept <= all);
                        if kept || !all {
                            continue;
                        }
                        left_out += 1;
                        chains.work.nodes.clear();
                        let source = chains.add((on(square, digit), Cause::Start), None);
                        for end in chains.cycles(source, links, usize::MAX) {
                            assert!(cycle_removals(&mut chains, end).1.is_empty());
                            cycles += 1;
                        }
                    }
                }
            }
            for (nested, first_only) in [(false, false), (false, true), (true, false)] {
                let found: Vec<Vec<String>> = [true, false]
                    .into_iter()
                    .map(|every_search| {
                        let mut work = Scratch {
                            every_search,
                            ..Scratch::default()
                        };
                        let barren = &mut DigitMemo::default();
                        let all = ranked(&state, false, nested, &mut work, barren, first_only);
                        let shown = all.iter().map(|f| match &f.found {
                            Find::Step(step) => format!("{:?}", step.eliminations),
                            Find::Nested(hint) => format!("{:?}", hint.removals),
                        });
                        let key = all.iter().map(|f| (f.difficulty, f.complexity, f.sort_key));
                        shown.zip(key).map(|(a, b)| format!("{a} {b:?}")).collect()
                    })
                    .collect();
                assert_eq!(
                    found[0], found[1],
                    "nested {nested}, first only {first_only}"
                );
                compared += found[0].len();
            }
        }
    }
    // Many searches are left out, and they find cycles, all idle.
    assert!(
        left_out > 1000 && cycles > 100 && compared > 100,
        "{left_out} {cycles} {compared}"
    );
}

/// Every step of the pass of X-links alone removes or places a digit of
/// a candidate whose chain from "on" reaches its "off" with both kinds of
/// link; with no such candidate the rule finds nothing: what lets
/// [`ranked`] pass over the other digits, and over grids with none.
#[test]
fn the_x_links_find_steps_only_for_digits_the_reach_of_both_can_remove() {
    let (mut barren, mut narrowed, mut found) = (0, 0, 0);
    for puzzle in HARD {
        for state in crate::logic::solver::se_path_states(puzzle) {
            let mut chains = Chains::fresh(&state, false, false, Scratch::default());
            chains.reach_of_both();
            let digits = chains.work.removable_digits();
            let mut work = Scratch {
                every_search: true,
                ..Scratch::default()
            };
            let all = ranked(
                &state,
                false,
                false,
                &mut work,
                &mut DigitMemo::default(),
                false,
            );
            let mut x_digits = 0u32;
            for f in all.iter().filter(|f| f.sort_key == 2) {
                let Find::Step(step) = &f.found else {
                    panic!("a nested hint outside a chain");
                };
                // A placement's digit (the other digits of its square go
                // too), or the digits removed.
                let cands = match step.placements.is_empty() {
                    true => &step.eliminations,
                    false => &step.placements,
                };
                for c in cands {
                    x_digits |= 1 << c.digit;
                }
            }
            assert_eq!(x_digits & !digits, 0, "{puzzle}: {x_digits:b} {digits:b}");
            // The digits a pass would start from.
            let present = (0..81)
                .map(|s| state.digits(s))
                .filter(|d| d.len() >= 2)
                .fold(0u32, |m, d| m | d.bits());
            if digits == 0 {
                assert!(all.is_empty(), "{puzzle}");
                barren += 1;
            } else if present & !digits != 0 {
                narrowed += 1;
            }
            found += usize::from(x_digits != 0);
        }
    }
    assert!(
        barren > 0 && narrowed > 0 && found > 0,
        "{barren} {narrowed} {found}"
    );
}

/// Each pass follows its own links, though the passes with square links
/// search with the reach of both kinds (whose building keeps both kinds
/// for each potential): an X-cycle has no square link, a Y-cycle no
/// link through a unit's last place.
#[test]
fn each_pass_follows_only_its_own_links() {
    let (mut x, mut y) = (0, 0);
    for puzzle in HARD {
        for state in crate::logic::solver::se_path_states(puzzle) {
            let all = ranked(
                &state,
                true,
                false,
                &mut Scratch::default(),
                &mut DigitMemo::default(),
                false,
            );
            for f in all {
                let Find::Step(step) = f.found else {
                    continue;
                };
                let reasons = step.evidence.chain.iter().map(|l| l.reason);
                match step.technique {
                    Technique::XCycle | Technique::ForcingXChain => {
                        let square = [LinkReason::SameSquare, LinkReason::LastCandidate];
                        assert!(
                            reasons.clone().all(|r| !square.contains(&r)),
                            "{}",
                            step.text
                        );
                        x += 1;
                    }
                    Technique::YCycle => {
                        assert!(
                            reasons.clone().all(|r| r != LinkReason::LastPlace),
                            "{}",
                            step.text
                        );
                        y += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(x > 10 && y > 10, "{x} {y}");
}

/// The reach is built from its own list of links: every link a search
/// follows must be in it, or the searches would leave out chains.
#[test]
fn the_reach_holds_every_link_a_search_follows() {
    let mut links_seen = 0;
    for puzzle in HARD {
        for state in crate::logic::solver::se_path_states(puzzle)
            .iter()
            .step_by(4)
        {
            for (x, y) in [(true, false), (false, true), (true, true)] {
                let links = LinkKinds { x, y };
                let mut chains = Chains::fresh(state, false, false, Scratch::default());
                chains.build_reach(links, 0);
                let stride = chains.stride;
                let node = |c: &Chains<'_>, p: Potential| {
                    c.work.node_of[p.candidate(stride) * 2 + usize::from(p.on)] as usize
                };
                for v in 0..chains.work.potentials.len() {
                    let p = chains.work.potentials[v];
                    let (range, on) = match p.on {
                        true => (chains.on_to_off(p, links), true),
                        false => (chains.off_to_on(p, links), false),
                    };
                    let cache = match on {
                        true => &chains.work.offs_of_on,
                        false => &chains.work.ons_of_off,
                    };
                    for &(q, _) in &cache.buf[range] {
                        assert!(
                            chains.work.reach.reaches(v, node(&chains, q)),
                            "{p:?} -> {q:?}"
                        );
                        links_seen += 1;
                    }
                }
            }
        }
    }
    assert!(links_seen > 10_000, "{links_seen}");
}

#[test]
fn the_length_bonus_grows_by_thresholds() {
    // Complexity minus 2 against 4, 6, 8, 12, 16, 24, ...
    let tenths = |c| (length_bonus(c) * 10.0).round() as u32;
    assert_eq!(tenths(6), 0);
    assert_eq!(tenths(7), 1);
    assert_eq!(tenths(8), 1);
    assert_eq!(tenths(9), 2);
    assert_eq!(tenths(10), 2);
    assert_eq!(tenths(11), 3);
    assert_eq!(tenths(14), 3);
    assert_eq!(tenths(15), 4);
    assert_eq!(tenths(19), 5);
    // Added as binary fractions: three tenths are not 0.3.
    assert_ne!(length_bonus(11), 0.3);
}
