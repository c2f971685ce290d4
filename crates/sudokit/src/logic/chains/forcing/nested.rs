//! What a chain found inside a dynamic chain (SE's nested levels), as the
//! outer chain needs it: a [`NestedHint`] instead of a step.

use super::search::{Cause, Chains};
use crate::logic::chains::potential::{Need, NestedHint, Potential};

/// The nested hint of a forcing chain (`ends` = its target) or a cycle
/// (`ends` = its end, then `usize::MAX` for the same loop walked the other
/// way round, as SE walks both): what its rule parents come from,
/// complexity and key.
pub(super) fn nested_hint(
    chains: &Chains<'_>,
    removals: Vec<(usize, u8)>,
    ends: &[usize],
) -> NestedHint {
    let end = ends[0];
    // The chain from the end back to the assumption; a cycle's last
    // potential is its first again and is not repeated.
    let forward = chains.chain(end);
    let cycle = ends.len() == 2;
    let mut walks: Vec<Vec<(Potential, Cause)>> = Vec::new();
    let mut causes = Vec::new();
    let mut at = Some(end);
    while let Some(i) = at {
        causes.push(chains.work.nodes[i].cause);
        at = chains.work.nodes[i].parent;
    }
    let mut first: Vec<(Potential, Cause)> = forward
        .iter()
        .copied()
        .zip(causes.iter().copied())
        .collect();
    if cycle {
        first.pop();
    }
    walks.push(first);
    if cycle {
        // SE's reversed cycle: the same potentials from the assumption on,
        // each flipped, each keeping its own cause; the last (the end,
        // flipped) equals the first and is left out.
        let mut back: Vec<(Potential, Cause)> = forward
            .iter()
            .zip(&causes)
            .rev()
            .map(|(p, &c)| (Potential { on: !p.on, ..*p }, c))
            .collect();
        back.pop();
        walks.push(back);
    }
    let mut needs: Vec<Need> = Vec::new();
    let mut key = Vec::new();
    for walk in &walks {
        for &(p, cause) in walk {
            key.push(p);
            if !p.on {
                continue;
            }
            // An "on" from a square's last candidate or a unit's last place
            // relies on what the outer chain struck there.
            let need = match cause {
                Cause::Start => continue,
                Cause::Square => Need::Square(p.square),
                Cause::Unit(u) => Need::Unit(u, p.digit),
            };
            if !needs.contains(&need) {
                needs.push(need);
            }
        }
        key.push(Potential {
            square: usize::MAX,
            digit: 0,
            on: false,
        });
    }
    NestedHint {
        removals,
        needs,
        complexity: chains.complexity(end),
        key,
    }
}
