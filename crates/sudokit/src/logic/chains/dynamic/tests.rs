//! Tests of the engine: closures against the chains they stand for,
//! leaving chains out leaves out no step, ancestor counts and their cuts,
//! the shared reach, the squares shared out over threads, and the stamps.

use super::engine::Engine;
use super::finder::ForcingChainRule;
use super::rank::RankedChain;
use super::rule::DynamicRule;
use crate::logic::bits::bits;
#[cfg(feature = "parallel")]
use crate::logic::cache::Cache;
use crate::logic::chains::digit_memo;
use crate::logic::chains::forcing;
use crate::logic::chains::potential::{off, on, Potential};
#[cfg(feature = "parallel")]
use crate::logic::finder::Finder;
use crate::logic::state::State;
use crate::logic::step::Technique;

use crate::{parse_grid, ParseOptions};

#[test]
fn stamps_start_again_from_a_cleared_table_when_the_count_wraps_round() {
    let grid = parse_grid(&".".repeat(81), ParseOptions::default()).unwrap();
    let mut engine = Engine::new(&State::from_puzzle(&grid), DynamicRule::Dynamic);
    let first = engine.next_stamp();
    engine.seen[5] = first;
    engine.stamp = u32::MAX;
    // A stamp equal to an old entry would count that potential as met.
    assert_eq!(engine.next_stamp(), 1);
    assert!(engine.seen.iter().all(|&s| s == 0));
    assert_eq!(engine.next_stamp(), 2);
}

/// One grid in `every` along Sudoku Explainer's paths of two puzzles of
/// magictour_top1465 (ER 9.3 and 9.0) that take Nishio, multiple and
/// dynamic chains. On the second, a dynamic chain turns on a square's
/// last candidate while turning it off is still to be followed.
fn path_states(every: usize) -> Vec<State> {
    let mut states = Vec::new();
    for puzzle in [
        "5..7.........3..7...8..5..36..1..4...8..2..9...9..8..1...4..3...6..9..4...2..6..9",
        ".5.4....8..6....9..4...3..........39..5...8.6..985.....2...4.1.6..1.......8.....2",
    ] {
        let path = crate::logic::solver::se_path_states(puzzle);
        states.extend(path.into_iter().step_by(every));
    }
    states
}

/// What run `id` reached, as closures hold it.
fn reached(engine: &Engine, id: usize) -> ([u128; 10], [u128; 10]) {
    let run = &engine.runs[id];
    let (mut ons, mut offs) = ([0u128; 10], [0u128; 10]);
    for &n in run.on.iter().chain(&run.off) {
        let p = run.nodes[n as usize].potential();
        let set = if p.on { &mut ons } else { &mut offs };
        set[usize::from(p.digit)] |= 1 << p.square;
    }
    (ons, offs)
}

/// Calls `check` with an engine of each rule with closures (its grid
/// loaded for them) on every fourth state of the test paths, for each
/// candidate of a square of two or more.
fn each_closure_start(mut check: impl FnMut(&mut Engine, usize, u8)) {
    for state in path_states(4) {
        for rule in [
            DynamicRule::Nishio,
            DynamicRule::Multiple,
            DynamicRule::Dynamic,
        ] {
            let mut engine = Engine::new(&state, rule);
            let board = engine.board.clone();
            engine.grid.load(&board, !rule.is_dynamic());
            engine.closure_stamp += 1;
            for s in (0..81).filter(|&s| board.cands(s).count_ones() > 1) {
                for d in bits(board.cands(s)) {
                    check(&mut engine, s, d as u8);
                }
            }
        }
    }
}

#[test]
fn a_closure_is_what_the_chain_reaches_or_warns_of_a_contradiction() {
    let (mut same, mut warned) = (0, 0);
    each_closure_start(|engine, s, d| {
        let (rule, links) = (engine.rule, engine.closure_links());
        for p in [on(s, d), off(s, d)] {
            let closure = engine.grid.close(s, d, p.on, links);
            let id = engine.start(p);
            let absurd = engine.chain(id).is_some();
            let (ons, offs) = reached(engine, id);
            // The run's own bits say the same, on a run used before
            // too, and its table finds each node.
            let run = &engine.runs[id];
            for (s, d) in (0..81).flat_map(|s| (1..=9u8).map(move |d| (s, d))) {
                let bit = |set: [u128; 10]| set[usize::from(d)] >> s & 1 != 0;
                assert_eq!(run.has(on(s, d)), bit(ons), "{rule:?} {s} {d}");
                assert_eq!(run.has(off(s, d)), bit(offs), "{rule:?} {s} {d}");
            }
            for &n in run.on.iter().chain(&run.off) {
                let p = run.nodes[n as usize].potential();
                assert_eq!(run.get(p, engine.stride), Some(n));
            }
            engine.release(id);
            if absurd {
                assert!(closure.absurd, "{rule:?} from {p:?}");
                warned += 1;
            } else if !closure.absurd {
                assert_eq!(closure.on, ons, "{rule:?} from {p:?}");
                assert_eq!(closure.off, offs, "{rule:?} from {p:?}");
                same += 1;
            }
        }
    });
    // Both kinds were met, many times.
    assert!(same > 1000 && warned > 100, "{same} {warned}");
}

#[test]
fn an_offs_closure_is_that_of_what_it_first_turns_on() {
    let (mut borrowed, mut alone) = (0, 0);
    each_closure_start(|engine, s, d| {
        let full = engine.grid.close(s, d, false, engine.closure_links());
        let at = engine.off_closure(s, d);
        let short = engine.closure_at(at);
        let rule = engine.rule;
        assert_eq!(short.absurd, full.absurd, "{rule:?} {s} {d}");
        if !full.absurd {
            assert_eq!((short.on, short.off), (full.on, full.off));
        }
        if at.is_some() {
            borrowed += 1;
        } else {
            alone += 1;
        }
    });
    assert!(borrowed > 1000 && alone > 1000, "{borrowed} {alone}");
}

/// What tells the engine's steps apart, SE's first first.
fn step_keys(engine: &mut Engine) -> Vec<impl PartialEq + std::fmt::Debug> {
    let steps = engine.steps();
    let key = |r: &super::rank::RankedChain| (r.kind, r.source, r.target, r.complexity, r.sort_key);
    steps.iter().map(key).collect()
}

#[test]
fn leaving_out_the_chains_whose_closures_give_no_step_leaves_out_no_step() {
    let mut steps = 0;
    for state in path_states(2) {
        for rule in [
            DynamicRule::Nishio,
            DynamicRule::Multiple,
            DynamicRule::Dynamic,
        ] {
            for first_only in [false, true] {
                let mut found = Vec::new();
                for prune in [false, true] {
                    let mut engine = Engine::new(&state, rule);
                    engine.prune = prune;
                    engine.best = first_only.then_some(None);
                    found.push(step_keys(&mut engine));
                }
                assert_eq!(found[0], found[1], "{rule:?}, first only: {first_only}");
                steps += found[0].len();
            }
        }
    }
    assert!(steps > 100, "{steps}");
}

/// The Nishio chains the digits' templates leave out meet no
/// contradiction: along the test paths, the rule finds the same steps with
/// and without them, and they leave out most chains.
#[test]
fn nishio_chains_the_templates_leave_out_find_no_step() {
    let (mut steps, mut left_out, mut kept) = (0, 0, 0);
    for state in path_states(1) {
        let mut memo = crate::logic::templates::UsedMemo::default();
        let mut used = |d: usize| {
            state
                .template_squares(d as u8, &mut memo)
                .map_or(0, |(_, u)| u)
        };
        let templates = std::array::from_fn(&mut used);
        let mut found = Vec::new();
        for with in [false, true] {
            let mut engine = Engine::new(&state, DynamicRule::Nishio);
            engine.templates = with.then_some(templates);
            found.push(step_keys(&mut engine));
        }
        assert_eq!(found[0], found[1]);
        steps += found[0].len();
        // Every candidate's chain from "on" and from "off", left out or not.
        for s in (0..81).filter(|&s| state.cands(s).len() >= 2) {
            for d in state.cands(s).iter() {
                let mut engine = Engine::new(&state, DynamicRule::Nishio);
                engine.templates = Some(templates);
                let (on, off) = engine.template_ends(s, d);
                kept += usize::from(on) + usize::from(off);
                left_out += usize::from(!on) + usize::from(!off);
            }
        }
    }
    assert!(
        steps > 0 && left_out > 10 * kept && kept > 0,
        "{steps} {left_out} {kept}"
    );
}

#[test]
fn a_nodes_first_parents_are_no_more_than_its_ancestors() {
    let (mut nodes, mut shorter) = (0, 0);
    for state in path_states(6) {
        let mut engine = Engine::new(&state, DynamicRule::Dynamic);
        let board = engine.board.clone();
        for s in (0..81).filter(|&s| board.cands(s).count_ones() > 1) {
            for d in bits(board.cands(s)) {
                let id = engine.start(on(s, d as u8));
                engine.chain(id);
                for n in 0..engine.runs[id].nodes.len() as u32 {
                    let first = engine.runs[id].first_parents(n, usize::MAX);
                    let all = engine.ancestors(id, n, &mut Vec::new(), usize::MAX);
                    assert!(first <= all, "{first} > {all}");
                    // The path is the node, its first parent's, and so
                    // on: at least the node and the assumption.
                    let least = if n == 0 { 1 } else { 2 };
                    assert!(first >= least, "{first} < {least}");
                    nodes += 1;
                    shorter += usize::from(first < all);
                }
                // A limit stops the count just past it.
                if let Some(last) = (engine.runs[id].nodes.len() as u32).checked_sub(1) {
                    let full = engine.runs[id].first_parents(last, usize::MAX);
                    assert_eq!(engine.runs[id].first_parents(last, 1), full.min(2));
                }
                engine.release(id);
            }
        }
    }
    // Hidden parents make many a node's ancestors more than its path.
    assert!(
        nodes > 10_000 && shorter > 1000,
        "{nodes} nodes, {shorter} shorter"
    );
}

/// [`forcing::shared_reach`] keeps every cell and region whose static
/// chains (followed in full) all reach a same potential that would be
/// a step, and leaves out many others.
#[test]
fn the_shared_reach_keeps_every_cell_and_region_whose_chains_share_a_step() {
    let (mut shared, mut left_out) = (0, 0);
    for state in path_states(3) {
        let mut engine = Engine::new(&state, DynamicRule::Multiple);
        let board = engine.board.clone();
        let (cells, regions) = forcing::shared_reach(&board, &mut forcing::Scratch::default());
        let mut shares = |places: &[(usize, u8)]| {
            let runs: Vec<usize> = places.iter().map(|&(s, d)| engine.on_run(s, d)).collect();
            let mut common = Vec::new();
            let mut any = false;
            for ons in [true, false] {
                engine.common(&runs, ons, &mut common);
                any |= common
                    .iter()
                    .any(|p| !p.on || board.cands(p.square).count_ones() >= 2);
            }
            for &r in &runs {
                engine.release(r);
            }
            any
        };
        let mut check = |places: &[(usize, u8)], kept: bool| {
            if shares(places) {
                assert!(kept, "{places:?}");
                shared += 1;
            } else if !kept {
                left_out += 1;
            }
        };
        for s in (0..81).filter(|&s| board.cands(s).count_ones() >= 2) {
            let places: Vec<_> = bits(board.cands(s)).map(|d| (s, d as u8)).collect();
            check(&places, cells & (1 << s) != 0);
        }
        for (u, &digits) in regions.iter().enumerate().take(27) {
            for d in 1..=9u8 {
                let positions = board.positions(u, d);
                if positions.count_ones() < 2 {
                    continue;
                }
                let squares = board.geometry().squares(u);
                let places: Vec<_> = bits(positions).map(|i| (squares[i], d)).collect();
                check(&places, digits & (1 << d) != 0);
            }
        }
    }
    assert!(
        shared > 100 && left_out > 1000,
        "{shared} shared, {left_out} left out"
    );
}

#[cfg(feature = "parallel")]
#[test]
fn the_first_step_is_the_same_with_the_squares_shared_out() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut found = 0;
    for state in path_states(6) {
        for rule in [DynamicRule::DynamicPlus, DynamicRule::NestedForcing] {
            let finder = ForcingChainRule { rule };
            let alone = finder.first(&state, &mut Cache::new());
            let shared = pool.install(|| finder.first(&state, &mut Cache::spreading()));
            assert_eq!(shared, alone, "{rule:?}");
            // Runs of one square or two, some empty of candidates.
            let many = pool.install(|| finder.first_spread(&state, &mut Cache::new(), 20));
            assert_eq!(many, alone, "{rule:?}");
            found += usize::from(alone.is_some());
        }
    }
    assert!(found > 10, "{found}");
}

#[test]
fn keeping_only_the_best_step_per_removal_set_keeps_the_same_first_steps() {
    let mut kept = 0;
    for state in path_states(2) {
        for rule in [DynamicRule::Multiple, DynamicRule::Dynamic] {
            let mut lists = Vec::new();
            for per_target in [false, true] {
                let mut engine = Engine::new(&state, rule);
                engine.per_target = per_target;
                // The first step for each set of removals, as a rule run
                // inside a chain keeps them.
                let mut seen = std::collections::HashSet::new();
                let steps = engine.steps();
                // Each branch by the potentials it starts and ends at
                // (which runs hold them is the engine's business).
                let ends = |r: &RankedChain| -> Vec<(Potential, Potential)> {
                    let run = |id: usize, n: u32| &engine.runs[id].nodes[n as usize];
                    let ends = r.branches.iter();
                    ends.map(|&(id, n)| (run(id, 0).potential(), run(id, n).potential()))
                        .collect()
                };
                let list: Vec<_> = steps
                    .iter()
                    .filter(|r| seen.insert((r.target.square, r.removed())))
                    .map(|r| (r.kind, r.source, r.target, r.complexity, ends(r)))
                    .collect();
                lists.push(list);
            }
            assert_eq!(lists[0], lists[1], "{rule:?}");
            kept += lists[0].len();
        }
    }
    assert!(kept > 100, "{kept}");
}

#[test]
fn nishio_leaves_out_the_digits_whose_pattern_found_nothing_and_finds_the_same() {
    let nishio = ForcingChainRule {
        rule: DynamicRule::Nishio,
    };
    let steps = [Technique::NishioForcingChain];
    digit_memo::check::barren_digits(digit_memo::PatternRule::Nishio, &nishio, &steps);
}

#[test]
fn a_node_gives_back_the_potential_parents_and_hidden_parents_it_was_made_with() {
    use super::run::{Run, RunCause};
    let mut run = Run::default();
    run.reset(81 * 10 * 2);
    for square in 0..81 {
        for digit in 1..=9u8 {
            for p in [on(square, digit), off(square, digit)] {
                let n = run.node(p, RunCause::Unit(26), &[7]);
                let node = run.nodes[n as usize];
                assert_eq!(node.potential(), p);
                assert_eq!(node.cause, RunCause::Unit(26));
                assert_eq!(run.parents_of(n), &[7]);
            }
        }
    }
    let many = run.node(off(80, 9), RunCause::Rule(3), &[1, 2, 3]);
    assert_eq!(run.parents_of(many), &[1, 2, 3]);
    // A square's last digit reached with the eight others struck out
    // (bits 1 to 9 but 5: as wide as a hidden mask gets): its hidden
    // parents are the nodes of those eight, in digit order.
    let grid = parse_grid(&".".repeat(81), ParseOptions::default()).unwrap();
    let geo = Engine::new(&State::from_puzzle(&grid), DynamicRule::Dynamic).geo;
    let mut run = Run::default();
    run.reset(81 * 10 * 2);
    let start = run.node(on(0, 1), RunCause::Start, &[]);
    run.keep(start, 10);
    let struck: Vec<u32> = (1..=9u8)
        .filter(|&d| d != 5)
        .map(|d| {
            let n = run.node(off(40, d), RunCause::Unit(4), &[start]);
            run.keep(n, 10);
            n
        })
        .collect();
    assert_eq!(
        run.follow(on(40, 5), RunCause::Square, start, 0x3DE, 10),
        None
    );
    let last = run.get(on(40, 5), 10).unwrap();
    let mut hidden = Vec::new();
    run.push_hidden(last, geo, 10, &mut hidden);
    assert_eq!(hidden, struck);
    // Packed, a node takes 20 bytes: a chain's nodes stay in the nearest
    // cache.
    assert!(std::mem::size_of::<super::run::RunNode>() <= 20);
}
