//! The "AI agent" of reference document 002: three strategies run in rounds
//! until they stall, then search.
//!
//! - `eliminate`: a box (square) with one value removes it from its peers.
//! - `only_choice`: a digit that fits in only one box of a unit goes there.
//! - `naked_twins`: two boxes of a unit with the same two candidates own those
//!   two digits; the other boxes of the unit lose them.
//! - `reduce_puzzle`: runs the three until a round solves no new box, and
//!   fails as soon as a box has no candidates left.
//! - `search`: reduce, then take the unfilled box with the fewest candidates
//!   (first in order on ties) and try its digits in increasing order.
//!
//! Unlike Norvig's solver the strategies sweep the whole grid in passes
//! instead of propagating from each change; that is the document's design and
//! what makes its history read like a person's.
//!
//! The agent keeps the document's `assignments` history: every change to a
//! box, in order, as a [`TraceStep`] holding the box's candidates after the change.
//! A failed guess is undone by `Restore` steps, so a viewer replays the whole
//! solve by applying the steps in order. It works on any shape, so diagonal
//! sudoku (whose two diagonals are units too) needs nothing special.

use super::{Action, Limits, Report, SearchTally, Solver, TraceRule, TraceStep};
use crate::grid::{Candidates, Digits, Grid};

/// The agent: eliminate, only choice, naked twins, reduce, search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Agent;

impl Solver for Agent {
    fn name(&self) -> &'static str {
        "agent"
    }

    fn run(&self, grid: &Grid, max_solutions: usize, limits: &Limits) -> Report {
        let mut agent = AgentRun::new(max_solutions, limits.clone(), false);
        agent.search(&mut Candidates::from_grid(grid));
        agent.report()
    }
}

/// Solves `grid` (first solution) and returns the assignment history.
pub fn history(grid: &Grid, limits: &Limits) -> (Report, Vec<TraceStep>) {
    let mut agent = AgentRun::new(1, limits.clone(), true);
    agent.search(&mut Candidates::from_grid(grid));
    let steps = agent.history.take().unwrap_or_default();
    (agent.report(), steps)
}

/// The result of `reduce_puzzle` on `grid` alone, without search: the
/// candidates where the strategies stall, or `None` when a box runs out.
pub fn reduce_puzzle(grid: &Grid) -> Option<Candidates> {
    let mut agent = AgentRun::new(1, Limits::none(), false);
    let mut values = Candidates::from_grid(grid);
    agent.reduce_puzzle(&mut values).then_some(values)
}

/// One run of the agent: its tally and the optional history.
struct AgentRun {
    tally: SearchTally,
    depth: usize,
    history: Option<Vec<TraceStep>>,
}

impl AgentRun {
    fn new(max_solutions: usize, limits: Limits, keep_history: bool) -> AgentRun {
        AgentRun {
            tally: SearchTally::new(max_solutions, limits),
            depth: 0,
            history: keep_history.then(Vec::new),
        }
    }

    fn report(self) -> Report {
        self.tally.report()
    }

    /// The document's `assign_value`: changes a box and records the change.
    fn assign_value(&mut self, values: &mut Candidates, s: usize, now: Digits, rule: TraceRule) {
        let before = values.get(s);
        if before == now {
            return; // Nothing changed, nothing to record.
        }
        values.set(s, now);
        if let Some(history) = &mut self.history {
            let (action, digit) = match now.only() {
                Some(d) if rule != TraceRule::Backtrack => (Action::Assign, d),
                _ if rule == TraceRule::Backtrack => (Action::Restore, 0),
                _ => (
                    Action::Eliminate,
                    before.without(now).iter().next().unwrap_or(0),
                ),
            };
            history.push(TraceStep {
                action,
                rule,
                square: s,
                digit,
                candidates: now,
                depth: self.depth,
            });
        }
    }

    /// Every solved box removes its digit from its peers.
    fn eliminate(&mut self, values: &mut Candidates) {
        let shape = values.shape();
        for s in 0..shape.square_count() {
            let Some(d) = values.get(s).only() else {
                continue;
            };
            for &peer in shape.peers(s) {
                let mut set = values.get(peer);
                if set.contains(d) {
                    set.remove(d);
                    self.assign_value(values, peer, set, TraceRule::PeerHasDigit);
                }
            }
        }
    }

    /// A digit with one place left in a unit goes there.
    fn only_choice(&mut self, values: &mut Candidates) {
        let shape = values.shape();
        for unit in shape.units() {
            for d in 1..=shape.side() as u8 {
                let mut places = unit.iter().copied().filter(|&s| values.get(s).contains(d));
                if let (Some(only), None) = (places.next(), places.next()) {
                    self.assign_value(values, only, Digits::single(d), TraceRule::OnlyPlace);
                }
            }
        }
    }

    /// Two boxes of a unit with the same two candidates take those digits
    /// from every other unsolved box of the unit.
    fn naked_twins(&mut self, values: &mut Candidates) {
        let shape = values.shape();
        for unit in shape.units() {
            let sets: Vec<Digits> = unit.iter().map(|&s| values.get(s)).collect();
            let twins: Vec<Digits> = sets
                .iter()
                .copied()
                .filter(|set| set.len() == 2 && sets.iter().filter(|&&o| o == *set).count() == 2)
                .collect();
            for pair in twins {
                for (&s, &before) in unit.iter().zip(&sets) {
                    let set = values.get(s);
                    if before != pair && set.len() > 1 {
                        self.assign_value(values, s, set.without(pair), TraceRule::NakedTwins);
                    }
                }
            }
        }
    }

    /// Runs the strategies until a round solves no new box; `false` when a
    /// box has no candidates left.
    fn reduce_puzzle(&mut self, values: &mut Candidates) -> bool {
        let solved = |values: &Candidates| values.sets().iter().filter(|d| d.len() == 1).count();
        loop {
            let before = solved(values);
            self.eliminate(values);
            self.only_choice(values);
            self.naked_twins(values);
            if values.sets().iter().any(|d| d.is_empty()) {
                return false;
            }
            if solved(values) == before {
                return true;
            }
        }
    }

    /// Reduce `values` in place, then guess on the box with the fewest
    /// candidates; `true` means stop (enough solutions, or the budget ran out).
    fn search(&mut self, values: &mut Candidates) -> bool {
        if !self.reduce_puzzle(values) {
            return false;
        }
        let fewest = values
            .sets()
            .iter()
            .enumerate()
            .filter(|(_, d)| d.len() > 1)
            .min_by_key(|(_, d)| d.len())
            .map(|(s, _)| s);
        let Some(s) = fewest else {
            return self.tally.solution(|| values.to_grid());
        };
        for d in values.get(s).iter() {
            if self.tally.guess() {
                return true;
            }
            let mut child = values.clone();
            self.depth += 1;
            self.assign_value(&mut child, s, Digits::single(d), TraceRule::Guess);
            if self.search(&mut child) {
                return true;
            }
            self.tally.stats.backtracks += 1;
            self.depth -= 1;
            if self.history.is_some() {
                // Give back every box the failed guess changed.
                for box_ in 0..values.sets().len() {
                    self.assign_value(&mut child, box_, values.get(box_), TraceRule::Backtrack);
                }
            }
        }
        false
    }
}
