//! The logic engine held to the solution and to Sudoku Explainer.
//!
//! - Every step of every path, in both orders, over the collections: no
//!   placement differs from the solution, no elimination removes the
//!   solution's digit, and complete paths end in the solution.
//! - `rate` against `serate`'s ER/EP/ED for all 723 puzzles of
//!   `../shared/ratings/se_ratings_dev.jsonl`, up to ER 11.7: every rating
//!   complete and equal.

mod common;

use common::{corpus, shared};
use std::collections::BTreeMap;
use sudokit::logic::{self, explain, Cache, Link, Order, State, Step};
use sudokit::{parse_grid, Grid, ParseOptions};

/// Checks one step against the solution; the error names the step.
fn check_step(step: &Step, solution: &Grid) -> Result<(), String> {
    for c in &step.placements {
        let want = solution.get(c.square.index());
        if want != c.digit {
            return Err(format!("{step}: places {} but the solution has {want}", c));
        }
    }
    for c in &step.eliminations {
        if solution.get(c.square.index()) == c.digit {
            return Err(format!("{step}: removes {}, the solution's digit", c));
        }
    }
    if step.placements.is_empty() && step.eliminations.is_empty() {
        return Err(format!("{step}: changes nothing"));
    }
    check_chain(step, solution).map_err(|e| format!("{step}: {e}"))
}

/// A chain's links, if it has any: one branch per assumption (each starts
/// with one), each link following from the one before by the reason given
/// (a digit on rules out the square's other digits and its other places in
/// a unit; a digit off forces a square's last candidate or a unit's last
/// place; an inner rule only rules out). A branch whose assumption agrees
/// with the solution must agree with it at every link. And the branches
/// must prove the step: a cycle or forcing chain comes back to its
/// assumption; branches that all end on the same potential conclude it; two
/// branches from one assumption that end on one candidate, on and off, are
/// a contradiction, so the assumption is false.
fn check_chain(step: &Step, solution: &Grid) -> Result<(), String> {
    use sudokit::logic::LinkReason::*;
    let chain = &step.evidence.chain;
    let Some(first) = chain.first() else {
        return Ok(());
    };
    if first.reason != Assumption {
        return Err("the chain does not start from an assumption".into());
    }
    let truth = |l: &Link| (solution.get(l.square.index()) == l.digit) == l.on;
    let branches: Vec<&[Link]> = chain.chunk_by(|_, b| b.reason != Assumption).collect();
    for branch in &branches {
        for pair in branch.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let same_square = a.square == b.square;
            let in_unit = |unit: Option<sudokit::logic::Unit>| {
                unit.is_some_and(|u| {
                    let shape = sudokit::Shape::standard();
                    let squares = &shape.units()[u.index()];
                    squares.contains(&a.square.index()) && squares.contains(&b.square.index())
                })
            };
            let ok = match b.reason {
                Assumption => false,
                SameSquare => a.on && !b.on && same_square && a.digit != b.digit,
                SameUnit => a.on && !b.on && !same_square && a.digit == b.digit && in_unit(b.unit),
                LastCandidate => !a.on && b.on && same_square && a.digit != b.digit,
                LastPlace => !a.on && b.on && !same_square && a.digit == b.digit && in_unit(b.unit),
                Rule => !b.on,
            };
            if !ok {
                return Err(format!("the link {b:?} does not follow from {a:?}"));
            }
        }
        if truth(&branch[0]) {
            if let Some(wrong) = branch.iter().find(|l| !truth(l)) {
                return Err(format!(
                    "from a true assumption the chain reaches {wrong:?}, which is false"
                ));
            }
        }
    }
    let same = |a: &Link, b: &Link| a.square == b.square && a.digit == b.digit;
    let ends: Vec<Link> = branches.iter().map(|b| b[b.len() - 1]).collect();
    let proves = match branches.as_slice() {
        [one] => one.len() >= 3 && same(&one[0], &ends[0]),
        [a, b] if a[0] == b[0] && same(&ends[0], &ends[1]) && ends[0].on != ends[1].on => {
            // A contradiction: the assumption must be false.
            !truth(&a[0])
        }
        _ => {
            // The same conclusion from every branch: it must be true, and
            // one of the assumptions must be.
            ends.iter().all(|e| same(e, &ends[0]) && e.on == ends[0].on)
                && truth(&ends[0])
                && branches.iter().any(|b| truth(&b[0]))
        }
    };
    if !proves {
        return Err("the branches do not prove the step".into());
    }
    Ok(())
}

/// Explains `puzzle` in `order`, checking each step; returns whether the
/// path was complete.
fn check_path(puzzle: &Grid, order: Order) -> Result<bool, String> {
    let solution = logic::rating::check_unique(puzzle).map_err(|e| e.to_string())?;
    let path = explain(&mut Cache::new(), &State::from_puzzle(puzzle), order);
    for (i, step) in path.steps.iter().enumerate() {
        check_step(step, &solution)
            .map_err(|e| format!("{} step {}: {e}", puzzle.to_line(), i + 1))?;
    }
    if path.is_complete() && path.end.values() != &solution {
        return Err(format!(
            "{}: the path ends away from the solution",
            puzzle.to_line()
        ));
    }
    // SE's path, steps and reasons and all, is the one `rate` follows
    // (`explain` rates it as it stands rather than rate again).
    if order == Order::Se {
        let of_path = logic::Rating::of_path(&path.steps, path.is_complete());
        let rated = logic::rate_unique(&mut Cache::new(), puzzle);
        if of_path != rated {
            return Err(format!(
                "{}: the path rates {} but rate gives {}",
                puzzle.to_line(),
                of_path.er,
                rated.er
            ));
        }
    }
    Ok(path.is_complete())
}

/// Checks the paths of `take` puzzles spread over collection `name` in SE's
/// order, and of every `easiest_every`-th of those in easiest-first order
/// too (which runs every rule at each step where the easier ones fail, so
/// it is far slower on puzzles that need nested chains).
fn check_collection(name: &str, take: usize, easiest_every: usize) -> Option<(usize, usize)> {
    let puzzles = corpus(name)?;
    let step = (puzzles.len() / take).max(1);
    let mut complete = 0;
    let mut total = 0;
    for (i, puzzle) in puzzles.iter().step_by(step).take(take).enumerate() {
        let orders: &[Order] = if i % easiest_every == 0 {
            &[Order::Se, Order::Easiest]
        } else {
            &[Order::Se]
        };
        for &order in orders {
            match check_path(puzzle, order) {
                Ok(done) => complete += usize::from(done),
                Err(e) => panic!("{name}: {e}"),
            }
            total += 1;
        }
    }
    Some((complete, total))
}

#[test]
fn every_step_agrees_with_the_solution_on_the_collections() {
    for (name, take, easiest_every) in [
        ("norvig_easy50.txt", 50, 1),
        ("kaggle_sample.txt", 200, 1),
        ("seventeen_clue.txt", 300, 1),
        ("magictour_top1465.txt", 100, 25),
        ("norvig_top95.txt", 95, 25),
        ("norvig_hardest.txt", 11, 100),
    ] {
        let Some((complete, total)) = check_collection(name, take, easiest_every) else {
            return;
        };
        eprintln!("{name}: {complete} of {total} paths complete");
        assert!(total > 0);
    }
}

#[test]
fn easy_collections_are_solved_by_singles_alone() {
    for name in ["norvig_easy50.txt", "kaggle_sample.txt"] {
        let Some((complete, total)) = check_collection(name, 200, 1) else {
            return;
        };
        assert_eq!(
            complete, total,
            "{name}: every easy puzzle has a complete path"
        );
    }
}

/// One line of `se_ratings_dev.jsonl`.
struct Expected {
    puzzle: String,
    set: String,
    er: f64,
    ep: f64,
    ed: f64,
}

/// `None` (the test is skipped) when the file is not there.
fn se_ratings() -> Option<Vec<Expected>> {
    let path = shared("ratings/se_ratings_dev.jsonl")?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let ratings = text
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            Expected {
                puzzle: v["puzzle"].as_str().unwrap().to_string(),
                set: v["set"].as_str().unwrap().to_string(),
                er: v["er"].as_f64().unwrap(),
                ep: v["ep"].as_f64().unwrap(),
                ed: v["ed"].as_f64().unwrap(),
            }
        })
        .collect();
    Some(ratings)
}

/// The ER bands the report groups by.
fn band(er: f64) -> &'static str {
    match er {
        x if x < 2.0 => "1.0-1.9",
        x if x < 3.0 => "2.0-2.9",
        x if x < 4.0 => "3.0-3.9",
        x if x < 5.0 => "4.0-4.9",
        x if x <= 6.2 => "5.0-6.2",
        x if x < 7.5 => "6.3-7.4",
        x if x < 9.0 => "7.5-8.9",
        x if x < 10.0 => "9.0-9.9",
        _ => "10.0 and above",
    }
}

#[test]
fn rate_gives_serates_er_ep_ed_on_every_puzzle() {
    let tenths = |x: f64| (x * 10.0).round() as u16;
    let mut per_band: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut differ = Vec::new();
    let Some(ratings) = se_ratings() else {
        return;
    };
    for e in ratings {
        let puzzle = parse_grid(&e.puzzle, ParseOptions::default()).unwrap();
        let rating = logic::rate(&mut Cache::new(), &puzzle).expect("every rated puzzle is unique");
        let entry = per_band.entry(band(e.er)).or_default();
        entry.1 += 1;
        let got = (rating.er.0, rating.ep.0, rating.ed.0);
        let want = (tenths(e.er), tenths(e.ep), tenths(e.ed));
        if got == want && rating.complete {
            entry.0 += 1;
        } else {
            differ.push(format!(
                "{} ({}): want {}/{}/{}, got {}/{}/{}{}",
                e.puzzle,
                e.set,
                e.er,
                e.ep,
                e.ed,
                rating.er,
                rating.ep,
                rating.ed,
                if rating.complete { "" } else { " (incomplete)" }
            ));
        }
    }
    for (b, (agree, total)) in &per_band {
        eprintln!("ER {b}: {agree} of {total} agree");
    }
    for d in &differ {
        eprintln!("differs: {d}");
    }
    assert!(
        differ.is_empty(),
        "{} puzzles rated differently from SE",
        differ.len()
    );
}

/// Every technique is exercised by some path over the collections, and a
/// step, once applied, is not offered again (each step changes the state).
#[test]
fn every_technique_is_exercised_and_no_step_repeats() {
    use std::collections::BTreeSet;
    let mut seen: BTreeSet<&'static str> = BTreeSet::new();
    for name in [
        "seventeen_clue.txt",
        "magictour_top1465.txt",
        "norvig_top95.txt",
        "magictour_topn234.txt",
        // Not serg_benchmark: its puzzles have several solutions, where no
        // rule can finish and every nested level is tried in vain.
        "kaggle3m_sample.txt",
    ] {
        // Easiest-first runs every rule where the easier ones fail, which
        // is slow where nested chains are needed: every 5th puzzle only.
        let Some(puzzles) = corpus(name) else {
            return;
        };
        for (i, puzzle) in puzzles.iter().step_by(4).take(60).enumerate() {
            let orders: &[Order] = if i % 5 == 0 {
                &[Order::Se, Order::Easiest]
            } else {
                &[Order::Se]
            };
            for &order in orders {
                let mut state = State::from_puzzle(puzzle);
                let mut cache = Cache::new();
                while let Some(step) = logic::next_step(&mut cache, &state, order) {
                    seen.insert(step.technique.id());
                    // Each step changes the state, so it cannot be offered
                    // again (the rules see only the state).
                    let before = state.clone();
                    state.apply(&step);
                    assert_ne!(state, before, "{}: {step}", puzzle.to_line());
                    if state.is_solved() {
                        break;
                    }
                }
            }
        }
    }
    let missing: Vec<_> = logic::Technique::ALL
        .iter()
        .map(|t| t.id())
        .filter(|id| !seen.contains(id))
        .collect();
    eprintln!("techniques never used: {missing:?}");
    // The techniques real puzzles need most must all have been exercised
    // (the rarer ones do not occur in these samples).
    for id in [
        "full_house",
        "hidden_single",
        "direct_pointing",
        "direct_hidden_pair",
        "naked_single",
        "direct_hidden_triple",
        "pointing",
        "claiming",
        "naked_pair",
        "x_wing",
        "hidden_pair",
        "naked_triple",
        "swordfish",
        "hidden_triple",
        "xy_wing",
        "xyz_wing",
        "unique_rectangle_1",
        "naked_quad",
        "aligned_triplet_exclusion",
    ] {
        assert!(seen.contains(id), "{id} never used");
    }
}

/// A finder's `first` (which the chaining rules work out without finding
/// every step) is the step its `find` offers first, at every state along
/// SE's paths through hard puzzles: where each rule finds its step and
/// where it finds none.
#[test]
fn each_rules_first_step_is_the_first_it_finds() {
    use std::ops::ControlFlow;
    use sudokit::logic::solver::SE_ORDER;
    let mut compared = 0;
    for (name, every) in [("norvig_top95.txt", 8), ("magictour_top1465.txt", 120)] {
        let Some(puzzles) = corpus(name) else {
            return;
        };
        for puzzle in puzzles.iter().step_by(every) {
            let mut state = State::from_puzzle(puzzle);
            while !state.is_solved() {
                let mut next = None;
                for finder in SE_ORDER {
                    // The rules below the chains have no `first` of their
                    // own, and the nested ones take long in a debug build.
                    let d = finder.min_difficulty();
                    if !(65..=90).contains(&d) {
                        next = next.or_else(|| finder.first(&state, &mut Cache::new()));
                        continue;
                    }
                    let mut found = None;
                    let _ = finder.find(&state, &mut Cache::new(), &mut |step| {
                        found = Some(step);
                        ControlFlow::Break(())
                    });
                    assert_eq!(
                        finder.first(&state, &mut Cache::new()),
                        found,
                        "{}",
                        puzzle.to_line()
                    );
                    compared += 1;
                    next = next.or(found);
                    if next.is_some() {
                        break;
                    }
                }
                let Some(step) = next else { break };
                state.apply(&step);
            }
        }
    }
    eprintln!("{compared} states compared");
    assert!(compared > 100);
}
