//! The forcing-chain search: the chains from an assumption that reach its
//! own opposite, so that the assumption is false.

use super::search::{Cause, Chains, LinkKinds};
use crate::logic::chains::potential::Potential;
use std::collections::VecDeque;

impl Chains<'_> {
    /// SE's forcing-chain search from `source`: the chains that reach its
    /// opposite, first found per target. SE runs it only when X-links are
    /// on (a forcing chain of Y-links alone cannot close).
    ///
    /// A chain whose target is `depth` links from the assumption holds
    /// `depth + 1` potentials, so the search stops before chains longer
    /// than `limit` potentials, where none can win.
    pub(super) fn forcing(
        &mut self,
        source: usize,
        links: LinkKinds,
        targets: &mut Vec<usize>,
        limit: usize,
    ) {
        let mut pending = std::mem::take(&mut self.work.pending);
        pending.0.clear();
        pending.1.clear();
        self.forcing_with(source, links, targets, limit, &mut pending);
        self.work.pending = pending;
    }

    /// [`Chains::forcing`] with its queues (on, off).
    fn forcing_with(
        &mut self,
        source: usize,
        links: LinkKinds,
        targets: &mut Vec<usize>,
        limit: usize,
        (pending_on, pending_off): &mut (VecDeque<usize>, VecDeque<usize>),
    ) {
        let source_p = self.work.nodes[source].potential;
        self.work.to_on.clear();
        self.work.to_off.clear();
        if source_p.on {
            self.work.to_on.insert(source_p);
            pending_on.push_back(source);
        } else {
            self.work.to_off.insert(source_p);
            pending_off.push_back(source);
        }
        // One assumption has one opposite, so the first time it is reached
        // is the only target; SE searches on to the end, which finds nothing
        // more, so the search stops there.
        let before = targets.len();
        // Breadth first: one queue holds the layer at `depth`, and what it
        // reaches goes to the other.
        let mut depth = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if !pending_on.is_empty() {
                if depth + 2 > limit {
                    return;
                }
                depth += 1;
            }
            while let Some(p) = pending_on.pop_front() {
                for i in self.on_to_off(self.work.nodes[p].potential, links) {
                    let link = self.work.offs_of_on.buf[i];
                    self.reach(source_p, link, p, targets, pending_off);
                    if targets.len() > before {
                        return;
                    }
                }
            }
            if !pending_off.is_empty() {
                if depth + 2 > limit {
                    return;
                }
                depth += 1;
            }
            while let Some(p) = pending_off.pop_front() {
                for i in self.off_to_on(self.work.nodes[p].potential, links) {
                    let link = self.work.ons_of_off.buf[i];
                    self.reach(source_p, link, p, targets, pending_on);
                    if targets.len() > before {
                        return;
                    }
                }
            }
        }
    }

    /// A forcing-chain search reaches `link`'s potential from node `from`:
    /// keep it as a target when it is the opposite of the assumption (once
    /// per target), and follow it when it is new.
    fn reach(
        &mut self,
        source: Potential,
        link: (Potential, Cause),
        from: usize,
        targets: &mut Vec<usize>,
        pending: &mut VecDeque<usize>,
    ) {
        let potential = link.0;
        let goal = Potential {
            on: !source.on,
            ..source
        };
        if !self.leads_to(potential, goal) {
            return;
        }
        let opposite = Potential {
            on: !potential.on,
            ..potential
        };
        let target = opposite == source
            && !targets
                .iter()
                .any(|&t| self.work.nodes[t].potential == potential);
        let reached = if potential.on {
            &mut self.work.to_on
        } else {
            &mut self.work.to_off
        };
        let new = reached.insert(potential);
        if target || new {
            let node = self.add(link, Some(from));
            if target {
                targets.push(node);
            }
            if new {
                pending.push_back(node);
            }
        }
    }
}
