//! `sudokit bench`: engines side by side over puzzle collections, with
//! Norvig's `solve_all` report and tdoku's columns (puzzles/s, µs/puzzle,
//! % solved without guessing, guesses/puzzle).
//!
//! Puzzles are read into memory first, from the same inputs every other
//! subcommand reads (files, gzip, `-`, a puzzle itself), or from Norvig's
//! three collections built into the binary when there is none, so a new user
//! sees the main job at once. Each collection and engine gets one checked
//! pass, timed puzzle by puzzle (solved, the slowest puzzle, guesses), then
//! `--repeats` timed runs of about `--seconds` each with no per-puzzle timer;
//! the throughput reported is their median, and the `solve_all` line shows
//! that same figure, so the table and the line never disagree.
//!
//! `--rate` times Sudoku Explainer's rating instead (`rating.rs`).

use super::collections::{file_width, short, Collection};
use crate::args::{BenchArgs, BenchClock, BenchMode, TextFormat};
use crate::Status;
use anyhow::{bail, Result};
use serde::Serialize;
use std::io::Write;
use sudokit::batch::{measure_by, measure_threads, solve_all, BatchReport};
use sudokit::{EngineKind, Limits};

/// The engines compared when none is named: every engine that solves the
/// built-in collections in well under a second. (`backtrack` needs about 47
/// seconds for one pass over top95.)
const DEFAULT_ENGINES: [EngineKind; 3] = [EngineKind::Fast, EngineKind::Norvig, EngineKind::Agent];

/// One JSON record: a collection and an engine.
#[derive(Serialize)]
struct Row<'a> {
    file: &'a str,
    engine: &'a str,
    /// `first` or `count`.
    mode: &'a str,
    puzzles: usize,
    /// Solved, with the answer checked.
    solved: usize,
    /// The median throughput of the timed runs.
    puzzles_per_sec: f64,
    /// Its inverse, in microseconds.
    usec_per_puzzle: f64,
    /// The slowest puzzle of the checked pass, in microseconds.
    max_usec: f64,
    guesses_per_puzzle: f64,
    backtracks_per_puzzle: f64,
    /// Share of puzzles solved without a guess, in percent.
    no_guess_pct: f64,
    /// Seconds per timed run, and how many runs the median is of.
    seconds: f64,
    repeats: u64,
    /// What the runs were timed by: `wall` or `cpu`.
    clock: &'static str,
    /// Threads solving at once in each timed run (`-j`).
    threads: usize,
}

/// Times each engine on each collection; `status` is what reading the
/// inputs gave.
pub fn run(
    collections: &[Collection],
    args: &BenchArgs,
    quiet: bool,
    mut status: Status,
) -> Result<Status> {
    let repeats = args.repeats.unwrap_or(3);
    let limits = Limits {
        max_guesses: args.max_guesses,
        ..Limits::none()
    };
    let (max_solutions, mode) = match args.mode {
        BenchMode::First => (1, "first"),
        BenchMode::Count => (2, "count"),
    };
    let named = !args.engine.is_empty();
    let engines = if named {
        args.engine.clone()
    } else {
        DEFAULT_ENGINES.to_vec()
    };
    if args.clock == BenchClock::Cpu && thread_cpu_seconds().is_none() {
        bail!("--clock cpu needs the CPU time of a thread, which this system does not give: use --clock wall");
    }
    let threads = crate::cmd::batch::threads_for(args.jobs, quiet)?;
    if args.clock == BenchClock::Cpu && threads > 1 {
        bail!("--clock cpu times one thread: leave out -j, or time the threads by --clock wall");
    }
    let mut out = std::io::stdout().lock();
    let width = file_width(collections);
    if args.format == TextFormat::Text {
        writeln!(
            out,
            "Each engine solves each collection once, checking every answer (solved, max µs,\n\
             guesses), then over and over in timed runs ({} of {} s{} each{}): puzzles/s is\n\
             the median run and µs/puzzle its inverse. Norvig's solve_all lines below\n\
             repeat the same figures (Hz = puzzles/s). Mode {mode}: {}.\n",
            repeats,
            args.seconds,
            match args.clock {
                BenchClock::Wall => "",
                BenchClock::Cpu => " of CPU time",
            },
            match threads {
                1 => String::new(),
                n => format!(", {n} threads at once"),
            },
            match args.mode {
                BenchMode::First => "stop at the first solution",
                BenchMode::Count => "count solutions up to 2",
            }
        )?;
        writeln!(
            out,
            "{:<width$} {:<9} {:>5} {:>7} {:>6} {:>12} {:>10} {:>9} {:>8} {:>14}",
            "file",
            "engine",
            "mode",
            "puzzles",
            "solved",
            "puzzles/s",
            "µs/puzzle",
            "max µs",
            "no-guess",
            "guesses/puzzle"
        )?;
    }
    let mut solve_all_lines = Vec::new();
    for collection in collections {
        for &kind in &engines {
            let solver = kind.solver();
            if let Some(p) = collection
                .puzzles
                .iter()
                .find(|p| !solver.supports(p.shape()))
            {
                let shape = crate::input::shape_words(p.shape());
                if named {
                    bail!(
                        "the {kind} engine cannot solve {shape} grids, and {} holds some: \
                         leave out --engine, or name engines that can (norvig, agent, backtrack)",
                        collection.name
                    );
                }
                if !quiet {
                    crate::out::note(&format!(
                        "sudokit: note: {}: {kind} is left out (it cannot solve {shape} grids)",
                        collection.name
                    ))?;
                }
                continue;
            }
            let puzzles = &collection.puzzles;
            let mut report = solve_all(
                short(&collection.name),
                puzzles,
                solver.as_ref(),
                max_solutions,
                &limits,
            );
            if report.solved < report.puzzles && args.mode == BenchMode::First {
                status = status.max(Status::Unsolved);
            }
            let repeats_n = usize::try_from(repeats).unwrap_or(usize::MAX);
            let timed = |clock: &mut dyn FnMut() -> f64| {
                measure_by(
                    puzzles,
                    solver.as_ref(),
                    max_solutions,
                    &limits,
                    args.seconds,
                    repeats_n,
                    clock,
                )
            };
            report.puzzles_per_sec = match args.clock {
                BenchClock::Wall if threads > 1 => measure_threads(
                    puzzles,
                    solver.as_ref(),
                    max_solutions,
                    &limits,
                    args.seconds,
                    repeats_n,
                    threads,
                ),
                BenchClock::Wall => {
                    let start = std::time::Instant::now();
                    timed(&mut || start.elapsed().as_secs_f64())
                }
                // Checked above to exist.
                BenchClock::Cpu => timed(&mut || thread_cpu_seconds().unwrap_or(0.0)),
            };
            let mut row = row(&collection.name, mode, &report, args.seconds, repeats);
            row.threads = threads;
            row.clock = match args.clock {
                BenchClock::Wall => "wall",
                BenchClock::Cpu => "cpu",
            };
            match args.format {
                TextFormat::Text => {
                    writeln!(
                        out,
                        "{:<width$} {:<9} {:>5} {:>7} {:>6} {:>12.0} {:>10.2} {:>9.1} {:>7.1}% {:>14.2}",
                        short(row.file),
                        row.engine,
                        row.mode,
                        row.puzzles,
                        row.solved,
                        row.puzzles_per_sec,
                        row.usec_per_puzzle,
                        row.max_usec,
                        row.no_guess_pct,
                        row.guesses_per_puzzle
                    )?;
                    solve_all_lines.push(report.to_string());
                }
                TextFormat::Json => writeln!(out, "{}", serde_json::to_string(&row)?)?,
            }
        }
    }
    if !solve_all_lines.is_empty() {
        writeln!(out)?;
        for line in solve_all_lines {
            writeln!(out, "{line}")?;
        }
    }
    Ok(status)
}

fn row<'a>(
    file: &'a str,
    mode: &'a str,
    report: &'a BatchReport,
    seconds: f64,
    repeats: u64,
) -> Row<'a> {
    let n = report.puzzles.max(1) as f64;
    Row {
        file,
        engine: &report.engine,
        mode,
        puzzles: report.puzzles,
        solved: report.solved,
        puzzles_per_sec: report.puzzles_per_sec,
        usec_per_puzzle: report.avg_secs() * 1e6,
        max_usec: report.max_secs * 1e6,
        guesses_per_puzzle: report.guesses_per_puzzle,
        backtracks_per_puzzle: report.backtracks_per_puzzle,
        no_guess_pct: 100.0 * report.no_guess as f64 / n,
        seconds,
        repeats,
        clock: "wall",
        threads: 1,
    }
}

/// The CPU time the calling thread has used, in seconds; `None` where the
/// system does not give it.
#[cfg(unix)]
fn thread_cpu_seconds() -> Option<f64> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec for the call to fill in.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (rc == 0).then_some(t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9)
}

/// The CPU time the calling thread has used; `None` where the system does
/// not give it, as here.
#[cfg(not(unix))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}
