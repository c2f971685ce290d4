//! The steps of what a search found, with their evidence and sentences: a
//! cycle's removals, a forcing chain's contradiction, the chain as text.

use super::cycles::{cycle_may_remove, cycle_removals};
use super::search::{Chains, LinkKinds};
use crate::grid::Digits;
use crate::logic::step::{Step, Technique};
use crate::logic::text::{and_list, removal_text, Digit};
use crate::logic::units::Cand;

/// The chain as text: `A1=5 -> A7<>5 -> ...`, from the assumption on.
fn chain_text(chains: &Chains<'_>, end: usize) -> String {
    let geo = chains.state.geometry();
    let mut links: Vec<String> = chains
        .chain(end)
        .iter()
        .map(|p| {
            let sign = if p.on { "=" } else { "<>" };
            format!("{}{sign}{}", geo.square(p.square), Digit(p.digit))
        })
        .collect();
    links.reverse();
    links.join(" -> ")
}

/// The step of a cycle ending at `end`: squares outside it that see a
/// square of the cycle where the digit is on one way round and another
/// where it is on the other way round lose that digit.
pub(super) fn cycle_step(chains: &mut Chains<'_>, end: usize, links: LinkKinds) -> Option<Step> {
    let may_remove = cycle_may_remove(chains, end);
    debug_assert!(may_remove || cycle_removals(chains, end).1.is_empty());
    if !may_remove {
        return None;
    }
    let geo = chains.state.geometry();
    let chain = chains.chain(end);
    let links_of_cycle = &chain[..chain.len() - 1];
    let (squares, mut eliminations) = cycle_removals(chains, end);
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort();
    let technique = match (links.x, links.y) {
        (true, true) => Technique::Cycle,
        (false, true) => Technique::YCycle,
        _ => Technique::XCycle,
    };
    let mut step = Step::new(technique, technique.difficulty().0);
    if chains.reasons {
        let names: Vec<_> = squares.iter().map(|&s| geo.square(s)).collect();
        step.evidence.squares = names.clone();
        step.evidence.candidates = links_of_cycle
            .iter()
            .map(|p| geo.cand(p.square, p.digit))
            .collect();
        step.evidence.chain = chains.links(end);
        step.text = format!(
            "{} through {}: {}; either way round, {}",
            technique.name(),
            and_list(&names),
            chain_text(chains, end),
            removal_text(&eliminations)
        );
    }
    step.eliminations = eliminations;
    Some(step)
}

/// The step of a forcing chain that reaches `target`, the opposite of its
/// assumption: the assumption is false.
pub(super) fn forcing_step(chains: &Chains<'_>, target: usize, links: LinkKinds) -> Step {
    let state = chains.state;
    let geo = state.geometry();
    let p = chains.work.nodes[target].potential;
    let eliminations: Vec<Cand> = if p.on {
        // Assuming the digit off forces it on: the square's other digits go,
        // and, as in SE, the digit is placed.
        geo.cands(
            p.square,
            state.digits(p.square).without(Digits::single(p.digit)),
        )
        .collect()
    } else {
        vec![geo.cand(p.square, p.digit)]
    };
    let technique = if links.y {
        Technique::ForcingChain
    } else {
        Technique::ForcingXChain
    };
    let mut step = Step::new(technique, technique.difficulty().0);
    if chains.reasons {
        let square = geo.square(p.square);
        step.evidence.squares = vec![square];
        step.evidence.candidates = chains
            .chain(target)
            .iter()
            .map(|q| geo.cand(q.square, q.digit))
            .collect();
        step.evidence.chain = chains.links(target);
        let d = Digit(p.digit);
        let (assumption, conclusion) = if p.on {
            (format!("{square}<>{d}"), format!("{square} is {d}"))
        } else {
            (format!("{square}={d}"), removal_text(&eliminations))
        };
        step.text = format!(
            "{}: if {assumption}, then {}, which contradicts it; so {conclusion}",
            technique.name(),
            chain_text(chains, target),
        );
    }
    step.eliminations = eliminations;
    if p.on {
        step.placements.push(geo.cand(p.square, p.digit));
    }
    step
}
