//! Peter Norvig's solver, "Solving Every Sudoku Puzzle" (norvig.com/sudoku.html),
//! as the reference documents 000 and 003 walk through it.
//!
//! Candidates start as every digit in every square. Each given is *assigned*,
//! which *eliminates* every other digit from its square. Eliminating runs the
//! two propagation rules:
//!
//! 1. If a square is reduced to one digit, eliminate that digit from its peers.
//! 2. If a unit is reduced to only one place for a digit, assign it there.
//!
//! Propagation alone solves easy puzzles. The rest are solved by depth-first
//! *search*: pick the unfilled square with the fewest candidates (ties go to
//! the first square in A1..I9 order), try its digits in increasing order on a
//! copy of the candidates, and propagate each guess. Failure is a value:
//! `assign` and `eliminate` return `false` on a contradiction.
//!
//! Because both rules only ever remove candidates, propagation reaches the
//! same fixed point in whatever order it runs, so the candidate display and the
//! search order match Norvig's program exactly. The engine works on every size
//! and on the diagonal variant: only the shape's tables change.

use super::{Action, Limits, Report, SearchTally, Solver, TraceRule, TraceStep};
use crate::grid::{Candidates, Digits, Grid};

/// Norvig's constraint propagation and minimum-remaining-values search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Norvig;

impl Solver for Norvig {
    fn name(&self) -> &'static str {
        "norvig"
    }

    fn run(&self, grid: &Grid, max_solutions: usize, limits: &Limits) -> Report {
        let mut searcher = Searcher::new(max_solutions, limits.clone(), false);
        if let Some(values) = searcher.parse_grid(grid) {
            searcher.search(&values);
        }
        searcher.report()
    }
}

/// The candidates after assigning the givens and propagating, or `None` when
/// propagation finds a contradiction (the puzzle has no solution).
/// `display` of this is the candidate display of the documents.
pub fn propagate(grid: &Grid) -> Option<Candidates> {
    Searcher::new(1, Limits::none(), false).parse_grid(grid)
}

/// Searches from a player's pencil marks rather than givens: every digit
/// not among `marks[s]` is eliminated from square `s` (propagating), then
/// the search runs as usual, so every solution keeps to the marks. A square
/// with no mark has no solution.
pub fn run_marks(marks: &Candidates, max_solutions: usize, limits: &Limits) -> Report {
    let mut searcher = Searcher::new(max_solutions.max(1), limits.clone(), false);
    if let Some(values) = searcher.parse_marks(marks) {
        searcher.search(&values);
    }
    searcher.report()
}

/// The candidates after eliminating what `marks` rules out and
/// propagating, or `None` on a contradiction ([`propagate`] for pencil marks).
pub fn propagate_marks(marks: &Candidates) -> Option<Candidates> {
    Searcher::new(1, Limits::none(), false).parse_marks(marks)
}

/// Assign `d` to square `s` by eliminating every other digit; `false` on a
/// contradiction.
pub fn assign(values: &mut Candidates, s: usize, d: u8) -> bool {
    Searcher::new(1, Limits::none(), false).assign(values, s, d, TraceRule::Guess)
}

/// Eliminate `d` from square `s` and propagate; `false` on a contradiction.
pub fn eliminate(values: &mut Candidates, s: usize, d: u8) -> bool {
    Searcher::new(1, Limits::none(), false).eliminate(values, s, d, TraceRule::Guess)
}

/// Solves `grid` (first solution) and records every step: each assignment,
/// each elimination and each restore after a failed guess, in order.
pub fn trace(grid: &Grid, limits: &Limits) -> (Report, Vec<TraceStep>) {
    let mut searcher = Searcher::new(1, limits.clone(), true);
    if let Some(values) = searcher.parse_grid(grid) {
        searcher.search(&values);
    }
    let steps = searcher.steps.take().unwrap_or_default();
    (searcher.report(), steps)
}

/// One search: its tally and its optional trace.
struct Searcher {
    tally: SearchTally,
    depth: usize,
    steps: Option<Vec<TraceStep>>,
    /// While tracing: the squares whose assignment is under way (innermost
    /// last). Their trace already shows the result, so what happens to them
    /// until the assignment returns is not recorded again.
    assigning: Vec<usize>,
}

impl Searcher {
    fn new(max_solutions: usize, limits: Limits, tracing: bool) -> Searcher {
        Searcher {
            tally: SearchTally::new(max_solutions, limits),
            depth: 0,
            steps: tracing.then(Vec::new),
            assigning: Vec::new(),
        }
    }

    fn report(self) -> Report {
        self.tally.report()
    }

    fn record(&mut self, action: Action, rule: TraceRule, square: usize, digit: u8, now: Digits) {
        if let Some(steps) = &mut self.steps {
            steps.push(TraceStep {
                action,
                rule,
                square,
                digit,
                candidates: now,
                depth: self.depth,
            });
        }
    }

    /// Norvig's `parse_grid`: every digit everywhere, then assign each given.
    fn parse_grid(&mut self, grid: &Grid) -> Option<Candidates> {
        let mut values = Candidates::full(grid.shape());
        for (s, &d) in grid.cells().iter().enumerate() {
            if d != 0 && !self.assign(&mut values, s, d, TraceRule::Given) {
                return None;
            }
        }
        Some(values)
    }

    /// Every digit everywhere, then eliminate each digit the marks rule out.
    fn parse_marks(&mut self, marks: &Candidates) -> Option<Candidates> {
        let mut values = Candidates::full(marks.shape());
        for (s, &allowed) in marks.sets().iter().enumerate() {
            for d in values.get(s).without(allowed).iter() {
                if !self.eliminate(&mut values, s, d, TraceRule::Given) {
                    return None;
                }
            }
        }
        Some(values)
    }

    /// Eliminate all the other digits from `s`, propagating.
    ///
    /// The trace records the assignment once, with the square's candidates
    /// after it (`d` alone, or nothing when `d` was not possible), and not
    /// the removals from `s` that make it up, nor an assignment of `s` that
    /// propagation starts again while this one is under way. An assignment
    /// that changes nothing (rule (2) often finds a square already down to
    /// `d`) is not recorded at all. If the assignment fails, the search
    /// restores the square, and the trace says so.
    fn assign(&mut self, values: &mut Candidates, s: usize, d: u8, rule: TraceRule) -> bool {
        let others = values.get(s).without(Digits::single(d));
        let traced = self.steps.is_some() && !others.is_empty();
        if traced {
            if !self.assigning.contains(&s) {
                let after = values.get(s).without(others);
                self.record(Action::Assign, rule, s, d, after);
            }
            self.assigning.push(s);
        }
        let ok = others
            .iter()
            .all(|other| self.eliminate(values, s, other, rule));
        if traced {
            self.assigning.pop();
        }
        ok
    }

    /// Eliminate `d` from `s`; propagate when the square or a unit is down to
    /// one. The removal is recorded unless it is part of an assignment of `s`
    /// under way (see [`Searcher::assign`]).
    fn eliminate(&mut self, values: &mut Candidates, s: usize, d: u8, rule: TraceRule) -> bool {
        let mut remaining = values.get(s);
        if !remaining.contains(d) {
            return true; // Already eliminated.
        }
        remaining.remove(d);
        values.set(s, remaining);
        if !self.assigning.contains(&s) {
            self.record(Action::Eliminate, rule, s, d, remaining);
        }
        let shape = values.shape();
        // (1) If a square is reduced to one digit, eliminate it from the peers.
        match remaining.only() {
            _ if remaining.is_empty() => return false, // Removed the last digit.
            Some(last) => {
                for &peer in shape.peers(s) {
                    if !self.eliminate(values, peer, last, TraceRule::PeerHasDigit) {
                        return false;
                    }
                }
            }
            None => {}
        }
        // (2) If a unit is reduced to only one place for `d`, put it there.
        for &u in shape.units_of(s) {
            let mut places = shape.units()[u]
                .iter()
                .copied()
                .filter(|&p| values.get(p).contains(d));
            match (places.next(), places.next()) {
                (None, _) => return false, // No place for this digit.
                (Some(only), None) if !self.assign(values, only, d, TraceRule::OnlyPlace) => {
                    return false;
                }
                _ => {}
            }
        }
        true
    }

    /// Depth-first search from `values`; `true` means stop (enough
    /// solutions, or the budget ran out).
    fn search(&mut self, values: &Candidates) -> bool {
        // The unfilled square with the fewest candidates, first in order on ties.
        let mut best: Option<(usize, usize)> = None;
        for (s, set) in values.sets().iter().enumerate() {
            let len = set.len();
            if len > 1 && best.is_none_or(|(fewest, _)| len < fewest) {
                best = Some((len, s));
                if len == 2 {
                    break; // Nothing can have fewer.
                }
            }
        }
        let Some((_, s)) = best else {
            return self.tally.solution(|| values.to_grid());
        };
        for d in values.get(s).iter() {
            if self.tally.guess() {
                return true;
            }
            self.depth += 1;
            let mut child = values.clone();
            if self.assign(&mut child, s, d, TraceRule::Guess) {
                if self.search(&child) {
                    return true;
                }
            } else {
                self.tally.stats.backtracks += 1;
            }
            self.depth -= 1;
            self.restore(&child, values);
        }
        false
    }

    /// Records the squares a failed guess changed getting their candidates back.
    fn restore(&mut self, failed: &Candidates, back_to: &Candidates) {
        if self.steps.is_none() {
            return;
        }
        for (s, (&now, &then)) in failed.sets().iter().zip(back_to.sets()).enumerate() {
            if now != then {
                self.record(Action::Restore, TraceRule::Backtrack, s, 0, then);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    /// Pencil marks restrict the search: a solved grid with a swappable
    /// rectangle emptied (A2, A4, B2, B4 hold 1, 3, 3, 1 or 3, 1, 1, 3) has
    /// 2 solutions, and striking the 1 from A2's marks leaves one.
    #[test]
    fn a_search_from_marks_keeps_to_them() {
        let solved =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let cells: Vec<u8> = solved.bytes().map(|b| b - b'0').collect();
        let grid = Grid::from_cells(Shape::standard(), cells).unwrap();
        let mut marks = Candidates::from_grid(&grid);
        for s in [1, 3, 10, 12] {
            marks.set(s, Digits::all(9));
        }
        let report = run_marks(&marks, 10, &Limits::none());
        assert_eq!(report.solutions, 2);
        marks.set(1, Digits::all(9).without(Digits::single(1)));
        let report = run_marks(&marks, 10, &Limits::none());
        assert_eq!(report.solutions, 1);
        let first = report.first.unwrap();
        assert_eq!((first.get(1), first.get(3)), (3, 1));
        marks.set(1, Digits::EMPTY);
        assert_eq!(run_marks(&marks, 10, &Limits::none()).solutions, 0);
        assert!(propagate_marks(&marks).is_none());
    }
}
