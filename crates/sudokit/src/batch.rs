//! Solving a whole corpus, with Norvig's `solve_all` report: how many were
//! solved, the average and maximum time, and the rate in puzzles per second
//! (Hz), plus the search nodes per puzzle.
//!
//! A puzzle counts as solved only when the independent checker
//! ([`crate::verify`]) accepts the answer, as Norvig's `solved` does.
//!
//! [`Job`] runs a stream of puzzles (as [`crate::parse::PuzzleReader`] reads
//! them) a chunk at a time on every core with rayon, and hands the answers
//! back in input order. Bad puzzles travel through as answers with an error,
//! so the rest of the batch is solved and nothing is lost.

use crate::engine::{EngineKind, Limits, Report, Solver};
use crate::grid::Grid;
use crate::parse::{check_givens, Entry};
use crate::verify;
use rayon::prelude::*;
use serde::Serialize;
use std::fmt;
use std::time::Duration;

/// Norvig's `solve_all` statistics for one corpus and one engine.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BatchReport {
    /// The corpus's name (a file name, for example).
    pub name: String,
    /// The engine's name.
    pub engine: String,
    /// Puzzles in the corpus.
    pub puzzles: usize,
    /// Puzzles solved with a checked answer.
    pub solved: usize,
    /// Total solving time in seconds.
    pub total_secs: f64,
    /// Average time per puzzle in seconds.
    pub avg_secs: f64,
    /// Puzzles per second (Norvig's Hz).
    pub hz: f64,
    /// The slowest puzzle's time in seconds.
    pub max_secs: f64,
    /// Search nodes (guesses) per puzzle.
    pub nodes_per_puzzle: f64,
    /// Puzzles solved without a single guess.
    pub no_guess: usize,
}

/// Searches every puzzle with `solver` for up to `max_solutions` solutions
/// (1 solves) and reports as Norvig's `solve_all` does.
pub fn solve_all(
    name: &str,
    puzzles: &[Grid],
    solver: &dyn Solver,
    max_solutions: usize,
    limits: &Limits,
) -> BatchReport {
    let mut total = Duration::ZERO;
    let mut max = Duration::ZERO;
    let mut solved = 0;
    let mut nodes = 0;
    let mut no_guess = 0;
    for puzzle in puzzles {
        let report = solver.search(puzzle, max_solutions, limits);
        no_guess += usize::from(report.stats.nodes == 0);
        total += report.stats.elapsed;
        max = max.max(report.stats.elapsed);
        nodes += report.stats.nodes;
        if report
            .first
            .is_some_and(|s| verify::is_solution(puzzle, &s))
        {
            solved += 1;
        }
    }
    let n = puzzles.len().max(1) as f64;
    let total_secs = total.as_secs_f64();
    BatchReport {
        name: name.to_string(),
        engine: solver.name().to_string(),
        puzzles: puzzles.len(),
        solved,
        total_secs,
        avg_secs: total_secs / n,
        hz: if total_secs > 0.0 {
            puzzles.len() as f64 / total_secs
        } else {
            0.0
        },
        max_secs: max.as_secs_f64(),
        nodes_per_puzzle: nodes as f64 / n,
        no_guess,
    }
}

/// Throughput in puzzles per second: the median of `repeats` measurements,
/// each solving the whole list over and over for at least `seconds` (and at
/// least once). No per-puzzle timer runs and solutions go to one reused
/// buffer ([`Solver::run_into`]), so fast engines are measured fairly.
pub fn measure(
    puzzles: &[Grid],
    solver: &dyn Solver,
    max_solutions: usize,
    limits: &Limits,
    seconds: f64,
    repeats: usize,
) -> f64 {
    if puzzles.is_empty() {
        return 0.0;
    }
    let mut out = vec![0u8; puzzles[0].cells().len()];
    let mut rates: Vec<f64> = (0..repeats.max(1))
        .map(|_| {
            let start = std::time::Instant::now();
            let mut done = 0usize;
            loop {
                for puzzle in puzzles {
                    if out.len() != puzzle.cells().len() {
                        out.resize(puzzle.cells().len(), 0);
                    }
                    std::hint::black_box(solver.run_into(puzzle, max_solutions, limits, &mut out));
                }
                done += puzzles.len();
                let elapsed = start.elapsed().as_secs_f64();
                if elapsed >= seconds {
                    return done as f64 / elapsed.max(1e-9);
                }
            }
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

impl fmt::Display for BatchReport {
    /// `Solved 95 of 95 top95 puzzles with norvig (avg 0.0031 secs (322 Hz), max 0.0190 secs; 12.3 nodes/puzzle).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Solved {} of {} {} puzzles with {} (avg {:.6} secs ({:.0} Hz), max {:.6} secs; {:.1} nodes/puzzle).",
            self.solved,
            self.puzzles,
            self.name,
            self.engine,
            self.avg_secs,
            self.hz,
            self.max_secs,
            self.nodes_per_puzzle
        )
    }
}

/// What to do with each puzzle of a stream: which engine, how many
/// solutions to look for, and the budget.
pub struct Job {
    engine: Option<EngineKind>,
    solvers: Vec<(EngineKind, Box<dyn Solver + Send + Sync>)>,
    /// Solutions to look for: 1 solves, 2 checks uniqueness, more counts.
    pub max_solutions: usize,
    /// The budget of each search.
    pub limits: Limits,
    /// Whether to time each search (`Stats::elapsed`). On by default; off
    /// saves two clock reads per puzzle when nobody reads the time.
    pub timed: bool,
}

impl Job {
    /// A job for `engine`, or for the best engine of each puzzle when `None`.
    pub fn new(engine: Option<EngineKind>, max_solutions: usize, limits: Limits) -> Job {
        let solvers = EngineKind::ALL
            .into_iter()
            .map(|kind| (kind, kind.solver()))
            .collect();
        Job {
            engine,
            solvers,
            max_solutions,
            limits,
            timed: true,
        }
    }

    /// The engine this job uses for `grid`.
    pub fn engine_for(&self, grid: &Grid) -> EngineKind {
        self.engine
            .unwrap_or_else(|| EngineKind::best_for(grid.shape()))
    }

    fn solver(&self, kind: EngineKind) -> &(dyn Solver + Send + Sync) {
        self.solvers
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, s)| s.as_ref())
            .expect("Job::new builds every engine")
    }

    /// Runs the job on one entry of a stream.
    ///
    /// The entry may come from [`RawEntry::parse_unchecked`]: givens that
    /// clash are then found here, and the answer is exactly what a checked
    /// parse would have given (the entry's `result` becomes the clash).
    /// Such a grid has no solution, so only a search that finds none, or a
    /// grid the engine cannot take, pays for the check.
    ///
    /// [`RawEntry::parse_unchecked`]: crate::parse::RawEntry::parse_unchecked
    pub fn answer(&self, mut entry: Entry) -> Answer {
        let outcome = match &entry.result {
            Err(e) => Err(e.to_string()),
            Ok(grid) => {
                let kind = self.engine_for(grid);
                let solver = self.solver(kind);
                let (side, variant) = (grid.shape().side(), grid.shape().variant());
                let searched = solver.supports(grid.shape()).then(|| {
                    if self.timed {
                        solver.search(grid, self.max_solutions, &self.limits)
                    } else {
                        solver.run(grid, self.max_solutions.max(1), &self.limits)
                    }
                });
                let clash = match &searched {
                    Some(report) if report.solutions > 0 => None,
                    _ => check_givens(grid).err(),
                };
                match (clash, searched) {
                    (Some(e), _) => {
                        let message = e.to_string();
                        entry.result = Err(e);
                        Err(message)
                    }
                    (None, Some(report)) => Ok((kind, report)),
                    (None, None) => Err(format!(
                        "the {kind} engine cannot solve {side}x{side} {variant:?} grids"
                    )),
                }
            }
        };
        Answer { entry, outcome }
    }

    /// Runs the job on a chunk of entries, on every thread of the current
    /// rayon pool, and returns the answers in input order.
    pub fn answer_all(&self, entries: Vec<Entry>) -> Vec<Answer> {
        entries.into_par_iter().map(|e| self.answer(e)).collect()
    }
}

/// One puzzle of a stream and what the job made of it.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The puzzle as read.
    pub entry: Entry,
    /// The engine used and its report, or why the puzzle was not searched
    /// (bad input, or a shape the engine does not handle).
    pub outcome: Result<(EngineKind, Report), String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{read_puzzles, ParseOptions};

    #[test]
    fn clashing_givens_get_the_same_answer_checked_or_not() {
        use crate::parse::PuzzleReader;
        // Two 5s in row A; a 4x4 with two 1s in its first row, which the
        // fast engine cannot take; and a valid puzzle for contrast.
        let text = "55...............................................................................\n\
                    11..............\n\
                    4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        let raws = || PuzzleReader::new(text.as_bytes(), ParseOptions::default());
        for engine in [None, Some(EngineKind::Fast), Some(EngineKind::Norvig)] {
            let job = Job::new(engine, 2, Limits::none());
            let answers = |unchecked: bool| -> Vec<(Result<Grid, String>, Result<usize, String>)> {
                let mut reader = raws();
                std::iter::from_fn(|| reader.next_raw())
                    .map(|raw| {
                        let entry = if unchecked {
                            raw.parse_unchecked()
                        } else {
                            raw.parse()
                        };
                        let a = job.answer(entry);
                        (
                            a.entry.result.map_err(|e| e.to_string()),
                            a.outcome.map(|(_, r)| r.solutions),
                        )
                    })
                    .collect()
            };
            let checked = answers(false);
            assert_eq!(answers(true), checked, "{engine:?}");
            assert!(
                checked[0].1.as_ref().is_err_and(|e| e.contains("A1")),
                "{checked:?}"
            );
            assert!(checked[1].1.is_err(), "{checked:?}");
            assert_eq!(checked[2].1, Ok(1));
        }
    }

    #[test]
    fn a_job_times_searches_only_when_asked() {
        // Norvig's hard1: long enough to take a measurable time.
        let text =
            ".....6....59.....82....8....45........3........6..3.54...325..6..................";
        let entry = || read_puzzles(text, ParseOptions::default()).remove(0);
        let mut job = Job::new(Some(EngineKind::Norvig), 2, Limits::none());
        let timed = job.answer(entry());
        job.timed = false;
        let untimed = job.answer(entry());
        let (Ok((_, a)), Ok((_, b))) = (&timed.outcome, &untimed.outcome) else {
            panic!("hard1 is a valid puzzle");
        };
        assert!(a.stats.elapsed > Duration::ZERO);
        assert_eq!(b.stats.elapsed, Duration::ZERO);
        assert_eq!((a.solutions, a.stats.nodes), (b.solutions, b.stats.nodes));
    }
}
