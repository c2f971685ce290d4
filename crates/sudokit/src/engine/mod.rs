//! The engines, each behind one trait.
//!
//! An engine searches a [`Grid`] for solutions and reports what it found in a
//! [`Report`]. Every engine answers the same three questions: is there a
//! solution (and which), how many solutions are there up to a limit, and what
//! did it cost (the [`Stats`]). "No solution" and "several solutions" are
//! outcomes, never errors: the only errors in sudokit are bad input, and those
//! are caught when a puzzle is read.
//!
//! Every engine takes [`Limits`]: a budget of guesses. When the budget
//! runs out the report says so (`limit_reached`) rather than guessing, so no
//! input can make a solve run for ever.
//!
//! | engine | what it is |
//! |---|---|
//! | [`norvig`] | Norvig's constraint propagation and minimum-remaining-values search |
//! | [`backtrack`] | the naive backtracking solver, with its call counter |
//! | [`agent`] | the "AI agent": eliminate, only choice, naked twins, search, history |
//! | [`fast`] | the fast 9x9 engine: band bitboards, AVX2 when the CPU has it, no allocation |

pub mod agent;
pub mod backtrack;
pub mod fast;
pub mod norvig;

use crate::clock::Stopwatch;
use crate::grid::{Digits, Grid};
use crate::shape::Shape;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Budgets that bound a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many guesses (see [`Stats::guesses`]).
    pub max_guesses: Option<u64>,
    /// Stop when this flag is raised (from another thread): the search
    /// then ends as if its guess budget had run out
    /// ([`Report::limit_reached`]). Engines look at it once every
    /// [`Stop::EVERY`] guesses, so a raised flag ends a search within a
    /// few milliseconds.
    pub stop: Option<Stop>,
}

/// A flag that asks work running on other threads to stop early: a search
/// (through [`Limits::stop`]), a rating or an explanation (through
/// `logic::Cache::with_stop`). Clones share the flag; it cannot be
/// lowered once raised.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// How many guesses an engine makes between two looks at the flag.
    pub const EVERY: u64 = 1024;

    /// A flag not yet raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Raises the flag: the work that holds a clone stops at its next look.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once the flag is raised.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for code that cannot hold a `Stop`.
    pub(crate) fn flag(&self) -> &AtomicBool {
        &self.0
    }
}

/// Two stops are equal when they are the same flag.
impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Stop {}

impl Limits {
    /// No budget.
    pub fn none() -> Limits {
        Limits::default()
    }

    /// True when `guesses` is past the budget, or when the stop flag is
    /// raised (looked at when `guesses` is a multiple of [`Stop::EVERY`]).
    pub fn exceeded(&self, guesses: u64) -> bool {
        self.max_guesses.is_some_and(|max| guesses > max)
            || (guesses.is_multiple_of(Stop::EVERY)
                && self.stop.as_ref().is_some_and(Stop::is_raised))
    }
}

/// What a search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Guesses: the search's nodes, each a digit tried in a square that had
    /// more than one candidate (for `backtrack`, which tries every digit in
    /// turn, each digit placed).
    pub guesses: u64,
    /// Guesses that ran into a contradiction and were undone.
    pub backtracks: u64,
    /// Calls of the solving function (counted for `backtrack` only).
    pub calls: u64,
    /// Wall-clock time of the search.
    #[serde(serialize_with = "serialize_secs")]
    pub elapsed: Duration,
}

fn serialize_secs<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// How many solutions were found (at most the number asked for).
    pub solutions: usize,
    /// True when the node budget ran out before the search finished.
    pub limit_reached: bool,
    /// What it cost.
    pub stats: Stats,
}

/// The answer to "solve this puzzle". The solution is an owned [`Grid`],
/// or a `&Grid` when borrowed from a [`Report`] ([`Report::outcome_ref`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<G = Grid> {
    /// A solution.
    Solved(G),
    /// The search finished without finding one.
    Unsolvable,
    /// The node budget ran out first.
    LimitReached,
}

/// The answer to "how many solutions, up to `limit`?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// The search finished: exactly this many.
    Exactly(usize),
    /// The limit was reached: at least this many (the limit).
    AtLeast(usize),
    /// The node budget ran out after finding this many.
    LimitReached(usize),
}

impl Report {
    /// The solve outcome this report stands for.
    pub fn outcome(&self) -> Outcome {
        match self.outcome_ref() {
            Outcome::Solved(grid) => Outcome::Solved(grid.clone()),
            Outcome::Unsolvable => Outcome::Unsolvable,
            Outcome::LimitReached => Outcome::LimitReached,
        }
    }

    /// [`Report::outcome`] without copying the solution: what a batch uses
    /// when it only prints the grid.
    pub fn outcome_ref(&self) -> Outcome<&Grid> {
        match (&self.first, self.limit_reached) {
            (Some(grid), _) => Outcome::Solved(grid),
            (None, true) => Outcome::LimitReached,
            (None, false) => Outcome::Unsolvable,
        }
    }

    /// The count this report stands for, when `limit` solutions were asked for.
    pub fn count(&self, limit: usize) -> Count {
        if self.solutions >= limit {
            Count::AtLeast(self.solutions)
        } else if self.limit_reached {
            Count::LimitReached(self.solutions)
        } else {
            Count::Exactly(self.solutions)
        }
    }
}

/// A solving engine.
pub trait Solver {
    /// The engine's name, as `--engine` spells it.
    fn name(&self) -> &'static str;

    /// True when the engine can solve grids of this shape.
    fn supports(&self, _shape: &Shape) -> bool {
        true
    }

    /// Searches for up to `max_solutions` solutions (at least one is always
    /// looked for) within `limits`. The engine fills in everything but
    /// `stats.elapsed`, which [`Solver::search`] measures. Ask
    /// [`Solver::supports`] first: on a shape the engine does not handle, it
    /// reports no solution.
    fn run(&self, grid: &Grid, max_solutions: usize, limits: &Limits) -> Report;

    /// Like [`Solver::run`], but writes the first solution's cells (row
    /// major) into `out` instead of building a [`Grid`], and returns how many
    /// solutions were found. `out` is left alone when there is none, or when
    /// its length is not the grid's.
    ///
    /// Throughput benchmarks call this: an engine that needs no allocation
    /// per puzzle (`fast`) overrides it so that it is measured without one,
    /// as other solvers' benchmarks measure theirs. The default calls `run`.
    fn run_into(
        &self,
        grid: &Grid,
        max_solutions: usize,
        limits: &Limits,
        out: &mut [u8],
    ) -> usize {
        let report = self.run(grid, max_solutions, limits);
        if let Some(first) = &report.first {
            if first.cells().len() == out.len() {
                out.copy_from_slice(first.cells());
            }
        }
        report.solutions
    }

    /// [`Solver::run`], timed.
    fn search(&self, grid: &Grid, max_solutions: usize, limits: &Limits) -> Report {
        let start = Stopwatch::start();
        let mut report = self.run(grid, max_solutions.max(1), limits);
        report.stats.elapsed = start.elapsed();
        report
    }

    /// The first solution, if any.
    fn solve(&self, grid: &Grid, limits: &Limits) -> (Outcome, Stats) {
        let report = self.search(grid, 1, limits);
        (report.outcome(), report.stats)
    }

    /// Solutions up to `limit` (2 tells a unique puzzle from one with several).
    fn count(&self, grid: &Grid, limit: usize, limits: &Limits) -> (Count, Stats) {
        let report = self.search(grid, limit, limits);
        (report.count(limit.max(1)), report.stats)
    }
}

/// The engines by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineKind {
    /// [`fast::Fast`].
    Fast,
    /// [`norvig::Norvig`].
    Norvig,
    /// [`backtrack::Backtrack`].
    Backtrack,
    /// [`agent::Agent`].
    Agent,
}

impl EngineKind {
    /// Every engine.
    pub const ALL: [EngineKind; 4] = [
        EngineKind::Fast,
        EngineKind::Norvig,
        EngineKind::Backtrack,
        EngineKind::Agent,
    ];

    /// The engine's name.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Fast => "fast",
            EngineKind::Norvig => "norvig",
            EngineKind::Backtrack => "backtrack",
            EngineKind::Agent => "agent",
        }
    }

    /// An instance of the engine.
    pub fn solver(self) -> Box<dyn Solver + Send + Sync> {
        match self {
            EngineKind::Fast => Box::new(fast::Fast::default()),
            EngineKind::Norvig => Box::new(norvig::Norvig),
            EngineKind::Backtrack => Box::new(backtrack::Backtrack),
            EngineKind::Agent => Box::new(agent::Agent),
        }
    }

    /// The fastest engine that handles `shape`.
    pub fn best_for(shape: &Shape) -> EngineKind {
        if fast::Fast::default().supports(shape) {
            EngineKind::Fast
        } else {
            EngineKind::Norvig
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An engine name that sudokit does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine '{0}' (expected fast, norvig, backtrack or agent)")]
pub struct UnknownEngine(pub String);

impl FromStr for EngineKind {
    type Err = UnknownEngine;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        EngineKind::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or_else(|| UnknownEngine(s.to_string()))
    }
}

/// Why a step of a traced solve happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TraceRule {
    /// A given of the puzzle.
    Given,
    /// Norvig's rule (1): a square with one digit left removes it from its peers
    /// (the agent's `eliminate` does the same).
    PeerHasDigit,
    /// Norvig's rule (2): a unit with one place left for a digit puts it there
    /// (the agent's `only_choice`).
    OnlyPlace,
    /// The agent's naked twins.
    NakedTwins,
    /// A guess of the depth-first search.
    Guess,
    /// Undoing a failed guess: the square gets back its earlier candidates.
    Backtrack,
}

/// What a step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// `digit` was assigned: the square keeps it alone.
    Assign,
    /// `digit` was removed from the square.
    Eliminate,
    /// The square's candidates were restored after a failed guess.
    Restore,
}

/// One step of a traced solve. Applying every step's `candidates` to its
/// square, in order, replays the solve from the starting candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// What happened.
    pub action: Action,
    /// Why.
    pub rule: TraceRule,
    /// The square (index into the shape's squares).
    pub square: usize,
    /// The digit assigned or eliminated (0 for a restore).
    pub digit: u8,
    /// The square's candidates after the step.
    pub candidates: Digits,
    /// Search depth: the number of guesses in force.
    pub depth: usize,
}

/// The bookkeeping every search shares: how many solutions are wanted and
/// how many were found, the first one, the node budget and the statistics.
pub(crate) struct SearchTally {
    max_solutions: usize,
    limits: Limits,
    /// What the search cost so far.
    pub(crate) stats: Stats,
    solutions: usize,
    first: Option<Grid>,
    limit_reached: bool,
}

impl SearchTally {
    /// A tally for a search wanting `max_solutions` solutions within `limits`.
    pub(crate) fn new(max_solutions: usize, limits: Limits) -> SearchTally {
        SearchTally {
            max_solutions,
            limits,
            stats: Stats::default(),
            solutions: 0,
            first: None,
            limit_reached: false,
        }
    }

    /// Records a solution (built only if it is the first); `true` when enough
    /// have been found and the search should stop.
    pub(crate) fn solution(&mut self, grid: impl FnOnce() -> Grid) -> bool {
        self.solutions += 1;
        if self.first.is_none() {
            self.first = Some(grid());
        }
        self.solutions >= self.max_solutions
    }

    /// Counts one guess; `true` when the budget has no room for it,
    /// and the search must stop and say so (so `guesses` never passes the
    /// budget).
    pub(crate) fn guess(&mut self) -> bool {
        self.limit_reached = self.limits.exceeded(self.stats.guesses + 1);
        if !self.limit_reached {
            self.stats.guesses += 1;
        }
        self.limit_reached
    }

    /// The report of the finished (or stopped) search.
    pub(crate) fn report(self) -> Report {
        Report {
            first: self.first,
            solutions: self.solutions,
            limit_reached: self.limit_reached,
            stats: self.stats,
        }
    }
}
