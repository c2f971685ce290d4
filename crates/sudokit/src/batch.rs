//! Solving a whole corpus, with Norvig's `solve_all` report: how many were
//! solved, the average and maximum time, and the rate in puzzles per second
//! (Hz), plus the guesses per puzzle.
//!
//! A puzzle counts as solved only when the independent checker
//! ([`crate::verify`]) accepts the answer, as Norvig's `solved` does.
//!
//! [`Job`] runs a stream of puzzles (as [`crate::parse::PuzzleReader`] reads
//! them) a chunk at a time on every core with rayon, and hands the answers
//! back in input order. Bad puzzles travel through as answers with an error,
//! so the rest of the batch is solved and nothing is lost.

use crate::clock::Stopwatch;
use crate::engine::{norvig, Count, EngineKind, Limits, Report, Solver};
use crate::grid::{Candidates, Grid};
use crate::logic::{rate_state, rate_unique, Cache, RateError, Rating, State};
use crate::parse::{
    check_givens, read_puzzles, Entry, ParseError, ParseOptions, PuzzleReader, RawEntry,
};
use crate::shape::{Size, Variant};
use crate::verify;
#[cfg(feature = "parallel")]
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
    /// Throughput in puzzles per second (Norvig's Hz). [`solve_all`] gives
    /// its own pass's; a benchmark puts [`measure`]'s median here instead, so
    /// the `solve_all` line shows the figure the benchmark measured.
    pub puzzles_per_sec: f64,
    /// The slowest puzzle's time in seconds.
    pub max_secs: f64,
    /// Guesses per puzzle.
    pub guesses_per_puzzle: f64,
    /// Backtracks (guesses undone) per puzzle.
    pub backtracks_per_puzzle: f64,
    /// Puzzles solved without a single guess.
    pub no_guess: usize,
}

impl BatchReport {
    /// Average seconds per puzzle: the inverse of the throughput.
    pub fn avg_secs(&self) -> f64 {
        if self.puzzles_per_sec > 0.0 {
            1.0 / self.puzzles_per_sec
        } else {
            0.0
        }
    }
}

/// Searches every puzzle with `solver` for up to `max_solutions` solutions
/// (1 solves), checks every answer, and reports as Norvig's `solve_all`
/// does, timing each puzzle.
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
    let mut guesses = 0;
    let mut backtracks = 0;
    let mut no_guess = 0;
    for puzzle in puzzles {
        let report = solver.search(puzzle, max_solutions, limits);
        no_guess += usize::from(report.stats.guesses == 0);
        total += report.stats.elapsed;
        max = max.max(report.stats.elapsed);
        guesses += report.stats.guesses;
        backtracks += report.stats.backtracks;
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
        puzzles_per_sec: if total_secs > 0.0 {
            puzzles.len() as f64 / total_secs
        } else {
            0.0
        },
        max_secs: max.as_secs_f64(),
        guesses_per_puzzle: guesses as f64 / n,
        backtracks_per_puzzle: backtracks as f64 / n,
        no_guess,
    }
}

/// The longest timed run [`measure`] makes: an hour.
pub const MAX_MEASURE_SECS: f64 = 3600.0;

/// Puzzles solved between two looks at the clock in a timed run (fewer on
/// a shorter list: see [`Round::solve_chunk`]): enough that reading the
/// clock (a system call, for CPU time) costs nothing measurable, few
/// enough that a run overshoots its time by little: with `fast`, 256 of
/// forum_hardest_1106's puzzles take about 13 ms to the first solution
/// and 27 ms to count to 2.
const CHUNK: usize = 256;

/// Throughput in puzzles per second: the median of `repeats` measurements,
/// each solving the list round and round until `seconds` are up and every
/// puzzle was solved at least once (the clock is read every 256
/// puzzles). No per-puzzle timer runs and solutions go to one reused
/// buffer ([`Solver::run_into`]), so fast engines are measured fairly.
///
/// `seconds` is held to 0 ..= [`MAX_MEASURE_SECS`] (NaN counts as 0), so no
/// argument makes a measurement run for ever.
pub fn measure(
    puzzles: &[Grid],
    solver: &dyn Solver,
    max_solutions: usize,
    limits: &Limits,
    seconds: f64,
    repeats: usize,
) -> f64 {
    let start = std::time::Instant::now();
    measure_by(
        puzzles,
        solver,
        max_solutions,
        limits,
        seconds,
        repeats,
        &mut || start.elapsed().as_secs_f64(),
    )
}

/// [`measure`] by another clock: `clock` gives seconds from any fixed
/// start (for example the CPU time of the calling thread, which, unlike the
/// wall clock, does not count time the thread spent waiting for a core on
/// a busy machine).
pub fn measure_by(
    puzzles: &[Grid],
    solver: &dyn Solver,
    max_solutions: usize,
    limits: &Limits,
    seconds: f64,
    repeats: usize,
    clock: &mut dyn FnMut() -> f64,
) -> f64 {
    if puzzles.is_empty() {
        return 0.0;
    }
    let seconds = timed_seconds(seconds);
    let mut out = Vec::new();
    let rates = (0..repeats.max(1))
        .map(|_| {
            let start = clock();
            let mut round = Round::new(puzzles, 0);
            loop {
                round.solve_chunk(solver, max_solutions, limits, &mut out);
                let elapsed = clock() - start;
                if elapsed >= seconds && round.done >= puzzles.len() {
                    return round.done as f64 / elapsed.max(1e-9);
                }
            }
        })
        .collect();
    median(rates)
}

/// [`measure`] on `threads` threads at once, all sharing `solver`: each
/// thread solves the list round and round from its own place in it, and
/// all stop at the same time, once the run's time is up and together they
/// have solved every puzzle at least once; the throughput is the puzzles of
/// every thread over the wall-clock time of the run, the median of
/// `repeats` runs. (Stopping together matters: a thread that stopped only
/// at the end of its own pass through the list could leave the other
/// waiting for most of a pass, which on a list of 50,000 puzzles is a
/// tenth of a second.) Nothing is read or printed meanwhile, so this is
/// how the engine itself scales over cores; on a machine with fewer free
/// cores than `threads` it measures the machine instead.
pub fn measure_threads(
    puzzles: &[Grid],
    solver: &(dyn Solver + Sync),
    max_solutions: usize,
    limits: &Limits,
    seconds: f64,
    repeats: usize,
    threads: usize,
) -> f64 {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    if puzzles.is_empty() {
        return 0.0;
    }
    let seconds = timed_seconds(seconds);
    let threads = threads.max(1);
    let rates = (0..repeats.max(1))
        .map(|_| {
            let (total, stop) = (AtomicUsize::new(0), AtomicBool::new(false));
            let (total, stop) = (&total, &stop);
            let start = std::time::Instant::now();
            std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads)
                    .map(|t| {
                        let first = t * puzzles.len() / threads;
                        scope.spawn(move || {
                            let mut out = Vec::new();
                            let mut round = Round::new(puzzles, first);
                            while !stop.load(Ordering::Relaxed) {
                                let n = round.solve_chunk(solver, max_solutions, limits, &mut out);
                                let all = total.fetch_add(n, Ordering::Relaxed) + n;
                                if start.elapsed().as_secs_f64() >= seconds && all >= puzzles.len()
                                {
                                    stop.store(true, Ordering::Relaxed);
                                }
                            }
                        })
                    })
                    .collect();
                // A solver that panics on one thread panics here too, as
                // it would have on one thread alone.
                for w in workers {
                    w.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
                }
            });
            total.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64().max(1e-9)
        })
        .collect();
    median(rates)
}

/// `seconds` held to 0 ..= [`MAX_MEASURE_SECS`], NaN as 0.
fn timed_seconds(seconds: f64) -> f64 {
    if seconds.is_nan() {
        0.0
    } else {
        seconds.clamp(0.0, MAX_MEASURE_SECS)
    }
}

/// One thread's way round a list in a timed run: where it is, and how many
/// puzzles it has solved.
struct Round<'a> {
    puzzles: &'a [Grid],
    at: usize,
    done: usize,
}

impl<'a> Round<'a> {
    /// Starting at puzzle `first`.
    fn new(puzzles: &'a [Grid], first: usize) -> Round<'a> {
        Round {
            puzzles,
            at: first % puzzles.len().max(1),
            done: 0,
        }
    }

    /// Solves the next [`CHUNK`] puzzles, or the list's length if shorter
    /// (so that a slow engine on a short list takes no longer than one pass
    /// through it), wrapping round to the first, each solution written to
    /// `out`; returns how many that was.
    fn solve_chunk(
        &mut self,
        solver: &dyn Solver,
        max_solutions: usize,
        limits: &Limits,
        out: &mut Vec<u8>,
    ) -> usize {
        let chunk = CHUNK.min(self.puzzles.len());
        for _ in 0..chunk {
            let puzzle = &self.puzzles[self.at];
            if out.len() != puzzle.cells().len() {
                out.resize(puzzle.cells().len(), 0);
            }
            std::hint::black_box(solver.run_into(puzzle, max_solutions, limits, out));
            self.at += 1;
            if self.at == self.puzzles.len() {
                self.at = 0;
            }
        }
        self.done += chunk;
        chunk
    }
}

/// The middle of a list of rates (the higher middle of an even count).
fn median(mut rates: Vec<f64>) -> f64 {
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

impl fmt::Display for BatchReport {
    /// `Solved 95 of 95 top95 puzzles with norvig (avg 0.003100 secs (322 Hz), max 0.019000 secs; 12.30 guesses/puzzle).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Solved {} of {} {} puzzles with {} (avg {:.6} secs ({:.0} Hz), max {:.6} secs; {:.2} guesses/puzzle).",
            self.solved,
            self.puzzles,
            self.name,
            self.engine,
            self.avg_secs(),
            self.puzzles_per_sec,
            self.max_secs,
            self.guesses_per_puzzle
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
    /// Clashing givens are invalid before any search, for every engine: the
    /// propagating engines find the clash when they place the givens, before
    /// any guess, and `backtrack` checks for one first; so every engine
    /// answers such a grid with no solution and no guess (the conformance
    /// tests hold them to it). Only then is [`check_givens`] run, to name the
    /// clash, and the entry's `result` becomes it: the answer is exactly what
    /// a checked parse would have given, and the 1,500 instructions the
    /// check costs a 17-clue puzzle (8% of `solve`'s whole run) are not paid
    /// by puzzles that have a solution. So the entry may come from
    /// [`RawEntry::parse_unchecked`].
    ///
    /// [`RawEntry::parse_unchecked`]: crate::parse::RawEntry::parse_unchecked
    ///
    /// An entry given as pencil marks ([`Entry::marks`]) is searched from
    /// them by Norvig's engine ([`norvig::run_marks`]), the one engine that
    /// starts from candidates; asking for another is refused
    /// ([`NotSearched::NoMarks`]).
    pub fn answer(&self, mut entry: Entry) -> Answer {
        let outcome = match &entry.result {
            Err(e) => Err(NotSearched::Invalid(e.clone())),
            Ok(grid) => {
                let searched = match &entry.marks {
                    Some(marks) => self.search_marks(marks),
                    None => self.search(grid),
                };
                let clash = match &searched {
                    Ok((_, report)) if report.solutions > 0 => None,
                    _ => check_givens(grid).err(),
                };
                match clash {
                    Some(clash) => {
                        entry.result = Err(clash.clone());
                        Err(NotSearched::Invalid(clash))
                    }
                    None => searched,
                }
            }
        };
        Answer { entry, outcome }
    }

    /// Searches a grid with the engine the job uses for it.
    fn search(&self, grid: &Grid) -> Result<(EngineKind, Report), NotSearched> {
        let kind = self.engine_for(grid);
        let solver = self.solver(kind);
        if !solver.supports(grid.shape()) {
            return Err(NotSearched::Unsupported {
                engine: kind,
                size: grid.size(),
                variant: grid.shape().variant(),
            });
        }
        let report = if self.timed {
            solver.search(grid, self.max_solutions, &self.limits)
        } else {
            solver.run(grid, self.max_solutions.max(1), &self.limits)
        };
        Ok((kind, report))
    }

    /// Searches from pencil marks, with Norvig's engine.
    fn search_marks(&self, marks: &Candidates) -> Result<(EngineKind, Report), NotSearched> {
        let kind = self.engine.unwrap_or(EngineKind::Norvig);
        if kind != EngineKind::Norvig {
            return Err(NotSearched::NoMarks { engine: kind });
        }
        let start = self.timed.then(Stopwatch::start);
        let mut report = norvig::run_marks(marks, self.max_solutions.max(1), &self.limits);
        if let Some(start) = start {
            report.stats.elapsed = start.elapsed();
        }
        Ok((kind, report))
    }

    /// Runs the job on a chunk of entries, on every thread of the current
    /// rayon pool (one thread without the `parallel` feature), and returns
    /// the answers in input order.
    pub fn answer_all(&self, entries: Vec<Entry>) -> Vec<Answer> {
        #[cfg(feature = "parallel")]
        let answers = entries.into_par_iter().map(|e| self.answer(e)).collect();
        #[cfg(not(feature = "parallel"))]
        let answers = entries.into_iter().map(|e| self.answer(e)).collect();
        answers
    }
}

/// One puzzle of a stream and what the job made of it.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The puzzle as read.
    pub entry: Entry,
    /// The engine used and its report, or why the puzzle was not searched
    /// (bad input, or a shape the engine does not handle).
    pub outcome: Result<(EngineKind, Report), NotSearched>,
}

/// Why a puzzle of a stream was not searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotSearched {
    /// The puzzle is not valid: the error says where and what.
    #[error("{0}")]
    Invalid(ParseError),
    /// The engine asked for cannot solve grids of this shape. This is a
    /// matter of usage, not of the puzzle: another engine can solve it.
    #[error("the {engine} engine cannot solve {} grids", shape_words(*.size, *.variant))]
    Unsupported {
        /// The engine asked for.
        engine: EngineKind,
        /// The puzzle's size.
        size: Size,
        /// The puzzle's variant.
        variant: Variant,
    },
    /// The engine asked for cannot start from pencil marks (only `norvig`
    /// can). Like [`NotSearched::Unsupported`], a matter of usage.
    #[error("the {engine} engine cannot start from pencil marks")]
    NoMarks {
        /// The engine asked for.
        engine: EngineKind,
    },
}

/// `16x16`, `9x9 diagonal`: a shape as messages name it.
pub fn shape_words(size: Size, variant: Variant) -> String {
    let side = size.side();
    match variant {
        Variant::Standard => format!("{side}x{side}"),
        Variant::Diagonal => format!("{side}x{side} diagonal"),
    }
}

/// Runs `work` on a pool of `threads` worker threads, or on rayon's global
/// pool (every core) when `threads` is `None`. Every batch call of a
/// binding goes through here, so `threads=N` means the same everywhere.
#[cfg(feature = "parallel")]
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> Result<T, rayon::ThreadPoolBuildError> {
    match threads {
        None => Ok(work()),
        Some(n) => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()?
            .install(work)),
    }
}

/// One puzzle per text, each read on its own (a text that holds no puzzle,
/// or more than one, is an invalid entry), in parallel and in input order.
/// This is how a binding takes a list of strings: one answer per string.
pub fn entries_of_texts(texts: &[String], options: ParseOptions) -> Vec<Entry> {
    let numbered: Vec<(usize, &String)> = texts.iter().enumerate().collect();
    map_in_order(numbered, |(i, text)| {
        let mut read = read_puzzles(text, options);
        let found = read.len();
        let result = match read.pop() {
            Some(entry) if found == 1 => {
                return Entry {
                    index: i + 1,
                    ..entry
                }
            }
            _ => Err(ParseError::PuzzleCount { found }),
        };
        Entry {
            index: i + 1,
            line: 1,
            text: text.clone(),
            result,
            marks: None,
            placed: None,
        }
    })
}

/// Every puzzle of a file's bytes, in order: split into puzzles on this
/// thread (which must go line by line), then parsed on the current rayon
/// pool without the givens check, which [`Job::answer`] makes only when a
/// puzzle has no solution.
pub fn entries_of_bytes(bytes: &[u8], options: ParseOptions) -> Vec<Entry> {
    let mut reader = PuzzleReader::new(bytes, options);
    let raw: Vec<_> = std::iter::from_fn(|| reader.next_raw()).collect();
    map_in_order(raw, RawEntry::parse_unchecked)
}

/// Why a puzzle of a batch has no logical rating.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unrated {
    /// The puzzle was not searched (bad input).
    #[error("{0}")]
    NotSearched(#[from] NotSearched),
    /// It has no solution, or several.
    #[error("{0}")]
    Solutions(#[from] RateError),
}

/// The state a logical step-by-step solve of an answered puzzle starts
/// from, or why there is none. The job must have looked for two solutions,
/// so that uniqueness is known. A puzzle given as pencil marks starts from
/// its marks (the squares they settle placed), any other from its givens.
pub fn logical_start(answer: &Answer) -> Result<State, Unrated> {
    let grid = unique_puzzle(answer)?;
    // A library line's placed digits are placed, apart from its givens.
    let values = answer.entry.placed.as_deref().unwrap_or(grid);
    Ok(match &answer.entry.marks {
        Some(marks) => State::from_marks(grid, values, Some(marks.sets())),
        None => State::from_puzzle(grid),
    })
}

/// The puzzle of an answer with exactly one solution, or why it has no
/// logical rating.
fn unique_puzzle(answer: &Answer) -> Result<&Grid, Unrated> {
    let report = match &answer.outcome {
        Err(error) => return Err(error.clone().into()),
        Ok((_, report)) => report,
    };
    match (report.count(2), &answer.entry.result) {
        (Count::Exactly(1), Ok(grid)) => Ok(grid),
        (Count::Exactly(0), _) => Err(RateError::NoSolution.into()),
        _ => Err(RateError::SeveralSolutions.into()),
    }
}

/// Sudoku Explainer's rating of an answered puzzle (the job must have
/// looked for two solutions), from [`logical_start`]'s state; a puzzle
/// given by its digits alone is rated by [`rate_unique`], which builds a
/// state only where the path needs more than singles.
pub fn rate_answer(cache: &mut Cache, answer: &Answer) -> Result<Rating, Unrated> {
    if answer.entry.marks.is_none() {
        return Ok(rate_unique(cache, unique_puzzle(answer)?));
    }
    Ok(rate_state(cache, logical_start(answer)?))
}

/// Rates every entry as Sudoku Explainer does, on the current rayon pool,
/// in input order: each is counted (up to two solutions) and the unique
/// ones rated; an entry that is invalid, unsolvable or not unique gets the
/// reason instead, and the rest of the batch is rated.
pub fn rate_all(entries: Vec<Entry>) -> Vec<(Answer, Result<Rating, Unrated>)> {
    let mut job = Job::new(None, 2, Limits::none());
    job.timed = false;
    map_in_order(entries, |entry| {
        let answer = job.answer(entry);
        let rating = rate_answer(&mut Cache::new(), &answer);
        (answer, rating)
    })
}

/// `items` through `f`, answers in input order: on the current rayon pool
/// with the `parallel` feature, one by one on this thread without it.
/// (A binding uses it to turn answers into its own values on every core,
/// such as [`Job::answer`] and then a Python answer object's fields.)
pub fn map_in_order<T: Send, U: Send>(items: Vec<T>, f: impl Fn(T) -> U + Sync + Send) -> Vec<U> {
    #[cfg(feature = "parallel")]
    let out = items.into_par_iter().map(f).collect();
    #[cfg(not(feature = "parallel"))]
    let out = items.into_iter().map(f).collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{read_puzzles, ParseOptions};

    /// Regression: `backtrack` searched before checking the givens, so
    /// two 1s on a diagonal came back "solved" and two 1s in a row ran for
    /// ever. Clashing givens are invalid at once, for every engine.
    #[test]
    fn clashing_givens_are_invalid_before_any_search_for_every_engine() {
        use crate::parse::{PuzzleReader, RawEntry};
        use crate::shape::Variant;
        let row_clash = format!("11{}", ".".repeat(79));
        let diagonal_clash = format!("1{}1", ".".repeat(79));
        let cases = [
            (
                row_clash.as_str(),
                Variant::Standard,
                "row A: at A1 and at A2",
            ),
            (
                diagonal_clash.as_str(),
                Variant::Diagonal,
                "main diagonal: at A1 and at I9",
            ),
        ];
        for (text, variant, where_) in cases {
            let options = ParseOptions {
                size: None,
                variant,
            };
            let raw = || -> RawEntry {
                PuzzleReader::new(text.as_bytes(), options)
                    .next_raw()
                    .expect("one puzzle")
            };
            for engine in EngineKind::ALL {
                let job = Job::new(Some(engine), 2, Limits::none());
                for entry in [raw().parse_unchecked(), raw().parse()] {
                    let answer = job.answer(entry);
                    match &answer.outcome {
                        Err(NotSearched::Invalid(ParseError::Conflict { .. })) => {}
                        other => panic!("{engine} on {text}: {other:?}"),
                    }
                    let message = answer.entry.result.unwrap_err().to_string();
                    assert!(message.ends_with(where_), "{message}");
                }
                // The engine alone, asked directly, finds no solution and
                // makes no guess.
                let grid = crate::parse::parse_grid_unchecked(text, options).unwrap();
                let report = engine.solver().run(&grid, 2, &Limits::none());
                assert_eq!((report.solutions, report.stats.guesses), (0, 0), "{engine}");
            }
        }
    }

    #[test]
    fn an_engine_that_cannot_take_a_shape_says_so() {
        let text = format!("1{}", ".".repeat(15));
        let entry = read_puzzles(&text, ParseOptions::default()).remove(0);
        let answer = Job::new(Some(EngineKind::Fast), 1, Limits::none()).answer(entry);
        let Err(refusal) = answer.outcome else {
            panic!("fast cannot solve 4x4 grids");
        };
        assert_eq!(
            refusal.to_string(),
            "the fast engine cannot solve 4x4 grids"
        );
        assert!(answer.entry.result.is_ok(), "the puzzle itself is fine");
    }

    /// A line of pencil marks is searched from its marks by norvig (the
    /// default for it), and refused by an engine that cannot start from marks.
    #[test]
    fn pencil_marks_are_searched_from_the_marks() {
        let grid2 =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let puzzle = read_puzzles(grid2, ParseOptions::default()).remove(0);
        let state = crate::logic::State::from_puzzle(&puzzle.result.unwrap());
        let line = state.to_marks_line();
        let entry = || read_puzzles(&line, ParseOptions::default()).remove(0);
        let answer = Job::new(None, 2, Limits::none()).answer(entry());
        let Ok((EngineKind::Norvig, report)) = &answer.outcome else {
            panic!("{:?}", answer.outcome);
        };
        assert_eq!(report.solutions, 1);
        let answer = Job::new(Some(EngineKind::Fast), 2, Limits::none()).answer(entry());
        assert_eq!(
            answer.outcome.map(|_| ()).map_err(|e| e.to_string()),
            Err("the fast engine cannot start from pencil marks".to_string())
        );
    }

    /// Regression: `bench --seconds nan` never ended, because no time
    /// is ever at least NaN seconds. A measurement with NaN (or negative)
    /// seconds solves the list once.
    #[test]
    fn a_measurement_of_nan_seconds_ends() {
        let text =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let puzzles = vec![read_puzzles(text, ParseOptions::default())
            .remove(0)
            .result
            .unwrap()];
        let solver = EngineKind::Norvig.solver();
        for seconds in [f64::NAN, -1.0, 0.0] {
            let rate = measure(&puzzles, solver.as_ref(), 1, &Limits::none(), seconds, 3);
            assert!(rate.is_finite() && rate > 0.0, "{seconds}: {rate}");
        }
    }

    /// A solver that counts how often it was asked to solve each puzzle
    /// (by its givens), and leaves the solving to Norvig's engine.
    struct Counting {
        inner: Box<dyn Solver + Send + Sync>,
        asked: std::sync::Mutex<std::collections::HashMap<Vec<u8>, usize>>,
    }

    impl Solver for Counting {
        fn name(&self) -> &'static str {
            "counting"
        }
        fn run(&self, grid: &Grid, max_solutions: usize, limits: &Limits) -> Report {
            *self
                .asked
                .lock()
                .unwrap()
                .entry(grid.cells().to_vec())
                .or_default() += 1;
            self.inner.run(grid, max_solutions, limits)
        }
    }

    /// Three different puzzles (norvig_top95's first three).
    fn three_puzzles() -> Vec<Grid> {
        let text =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....";
        read_puzzles(text, ParseOptions::default())
            .into_iter()
            .map(|e| e.result.unwrap())
            .collect()
    }

    #[test]
    fn a_timed_run_goes_round_the_list_from_its_start() {
        let puzzles = three_puzzles();
        let solver = Counting {
            inner: EngineKind::Norvig.solver(),
            asked: Default::default(),
        };
        let mut round = Round::new(&puzzles, 2);
        let mut out = Vec::new();
        // A list shorter than a chunk is solved a pass at a time.
        assert_eq!(round.solve_chunk(&solver, 1, &Limits::none(), &mut out), 3);
        assert_eq!((round.at, round.done), (2, 3));
        let asked = solver.asked.lock().unwrap();
        assert_eq!(asked.len(), 3);
        assert!(asked.values().all(|&n| n == 1));
        // From the third puzzle round to the first and the second: the
        // last solution written is the second puzzle's.
        let second = solver.inner.run(&puzzles[1], 1, &Limits::none());
        assert_eq!(
            Some(out.as_slice()),
            second.first.as_ref().map(|g| g.cells())
        );
    }

    #[test]
    fn a_timed_run_on_threads_solves_every_puzzle_at_least_once() {
        let puzzles = three_puzzles();
        for threads in [1, 2, 3] {
            let solver = Counting {
                inner: EngineKind::Norvig.solver(),
                asked: Default::default(),
            };
            let rate = measure_threads(&puzzles, &solver, 1, &Limits::none(), 0.0, 1, threads);
            assert!(rate.is_finite() && rate > 0.0, "{threads}: {rate}");
            let asked = solver.asked.lock().unwrap();
            assert_eq!(asked.len(), 3, "{threads} threads");
            assert!(asked.values().all(|&n| n >= 1), "{threads} threads");
            // Each thread stops at its first look at the clock once the
            // three were solved: a pass each at most, and no run for ever.
            assert!(
                asked.values().sum::<usize>() <= 3 * threads,
                "{threads} threads"
            );
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
        assert_eq!(
            (a.solutions, a.stats.guesses),
            (b.solutions, b.stats.guesses)
        );
    }
}
