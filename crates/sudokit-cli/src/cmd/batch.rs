//! The batch driver of `solve` and `count`: reads puzzles a chunk at a time,
//! parses, searches and renders each chunk on every core (rayon), and writes
//! the answers in input order.
//!
//! - Memory stays bounded however long the input is: three chunks at most
//!   are in hand, and a line or JSON block is capped by the reader.
//! - A bad puzzle only costs its own answer; an input that cannot be read,
//!   or holds no puzzle, is reported and the next one is read.
//! - Answers come out promptly when input comes slowly: a chunk is cut short
//!   when the next read would have to wait (see [`Inputs::read`]), and what
//!   is done is written and flushed before waiting. With a fast input,
//!   chunks fill up and every core stays busy, as before.

use crate::args::RunArgs;
use crate::input::{self, Batch, Found, Inputs};
use crate::record::Verdict;
use crate::Status;
use anyhow::{anyhow, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, IsTerminal, Write};
use sudokit::batch::{Answer, Job, NotSearched};
use sudokit::logic::Cache;
use sudokit::{Limits, Stats};

/// Puzzles per chunk: large enough to keep every core busy between writes,
/// small enough that ten million puzzles never sit in memory at once.
const CHUNK: usize = 4096;

/// What one puzzle (or one problem with an input) prints.
#[derive(Default)]
pub struct Rendered {
    /// For stdout.
    pub out: String,
    /// The stderr message, if any (left out with `--quiet`).
    pub message: Option<String>,
    /// The `--stats` line, if asked for (printed even with `--quiet`).
    pub stats: Option<String>,
    /// How it went.
    pub status: Status,
    /// A usage error that ends the command here, after the answers before it.
    pub stop: Option<String>,
}

impl Rendered {
    /// An answer's output, and its verdict's message and status.
    pub fn answer(out: String, verdict: &Verdict, source: &str, answer: &Answer) -> Rendered {
        // Built only for a message: most puzzles have none, and formatting
        // the place for every puzzle showed up in profiles of large batches.
        let place = || input::place(source, answer.entry.index, answer.entry.line);
        Rendered {
            out,
            message: verdict.message(place),
            status: verdict.status,
            ..Rendered::default()
        }
    }
}

/// What a subcommand prints for each thing the batch meets.
pub trait Answers: Sync {
    /// A puzzle and what the job made of it; `cache` is the logic's, kept
    /// by the thread for the puzzles it answers.
    fn answer(&self, source: &str, answer: &Answer, cache: &mut Cache) -> Rendered;
    /// stdout for an input that went wrong as a whole (a JSON record, or
    /// nothing in the line formats, where each line answers one puzzle).
    fn problem(&self, source: &str, message: &str) -> String;
}

/// How a batch runs, from the command line.
pub struct Settings<'a> {
    /// Engine, budget, threads, `--stats`.
    pub run: &'a RunArgs,
    /// Solutions to look for per puzzle.
    pub max_solutions: usize,
    /// Whether to time each search (JSON and `--stats` show the time).
    pub timed: bool,
    /// `--quiet`.
    pub quiet: bool,
}

/// Runs the batch over `inputs` and prints what `answers` makes of each
/// puzzle; returns the worst status.
pub fn run(mut inputs: Inputs, settings: &Settings, answers: &impl Answers) -> Result<Status> {
    let mut job = Job::new(
        settings.run.engine,
        settings.max_solutions,
        Limits {
            max_guesses: settings.run.max_guesses,
            ..Limits::none()
        },
    );
    job.timed = settings.timed;
    let pool = thread_pool(settings.run.jobs, settings.quiet)?;
    let progress = progress_bar(settings.quiet);
    let mut writer = Writer {
        out: io::BufWriter::with_capacity(1 << 16, io::stdout()),
        progress: &progress,
        quiet: settings.quiet,
    };
    let stats = settings.run.stats;
    let render = |source: &str, found: Found, cache: &mut Cache| {
        render(source, found, &job, stats, answers, cache)
    };
    let mut status = Status::Ok;
    let mut finished: Vec<Rendered> = Vec::new();
    let mut next = inputs.read(CHUNK, true);
    while !next.is_empty() {
        let chunk = std::mem::take(&mut next);
        // Fewer puzzles than threads (one puzzle to explain, or the last
        // few of a stream): each shares its hardest steps out over the
        // threads left idle (see `sudokit::logic::Cache::spreading`).
        let puzzles: usize = chunk.iter().map(|batch| batch.found.len()).sum();
        let spread = puzzles < pool.current_num_threads();
        // A pipeline of three chunks: while the pool renders this one, one
        // task writes the last one and reads the next, so no core waits for
        // input or output.
        let (rendered, io_step) = pool.install(|| {
            rayon::join(
                || {
                    chunk
                        .into_par_iter()
                        .flat_map(|batch| {
                            let source = batch.source;
                            batch.found.into_par_iter().map_init(
                                || match spread {
                                    true => Cache::spreading(),
                                    false => Cache::new(),
                                },
                                move |cache, found| render(&source, found, cache),
                            )
                        })
                        .collect::<Vec<_>>()
                },
                || -> Result<(Status, Vec<Batch>)> {
                    let written = writer.write(std::mem::take(&mut finished))?;
                    Ok((written, inputs.read(CHUNK, false)))
                },
            )
        });
        let (written, read) = io_step?;
        status = status.max(written);
        finished = rendered;
        next = read;
        if next.is_empty() {
            // Nothing more has arrived: show what is done, then wait.
            status = status.max(writer.write(std::mem::take(&mut finished))?);
            next = inputs.read(CHUNK, true);
        }
    }
    status = status.max(writer.write(finished)?);
    progress.finish_and_clear();
    Ok(status)
}

/// One thing found, parsed, searched and rendered (on a pool thread).
fn render(
    source: &str,
    found: Found,
    job: &Job,
    stats: bool,
    answers: &impl Answers,
    cache: &mut Cache,
) -> Rendered {
    match found {
        Found::Problem(message) => {
            let verdict = Verdict::invalid(&message);
            Rendered {
                out: answers.problem(source, &message),
                message: verdict.message(|| source.to_string()),
                status: verdict.status,
                ..Rendered::default()
            }
        }
        Found::Puzzle(raw) => {
            let answer = job.answer(raw.parse_unchecked());
            let place = || input::place(source, answer.entry.index, answer.entry.line);
            if let Err(NotSearched::Unsupported { .. } | NotSearched::NoMarks { .. }) =
                &answer.outcome
            {
                return Rendered {
                    stop: Some(unsupported(&place(), &answer)),
                    status: Status::Invalid,
                    ..Rendered::default()
                };
            }
            let mut rendered = answers.answer(source, &answer, cache);
            if let (true, Ok((engine, report))) = (stats, &answer.outcome) {
                rendered.stats = Some(stats_line(&place(), *engine, &report.stats));
            }
            rendered
        }
    }
}

/// The usage error for `--engine fast` on a 16x16 puzzle, or on pencil marks.
fn unsupported(place: &str, answer: &Answer) -> String {
    let what = match &answer.outcome {
        Err(NotSearched::Unsupported {
            engine,
            size,
            variant,
        }) => {
            let shape = sudokit::batch::shape_words(*size, *variant);
            format!("is a {shape} grid, which the {engine} engine cannot solve")
        }
        Err(NotSearched::NoMarks { engine }) => {
            format!("is given as pencil marks, which the {engine} engine cannot start from")
        }
        _ => return format!("{place}: the engine asked for cannot solve it"),
    };
    format!(
        "{place} {what}: leave out --engine (the default picks an engine for each \
         puzzle), or use --engine norvig"
    )
}

/// Writes answers in order, with their messages on stderr right after them.
struct Writer<'a, W: Write> {
    out: W,
    progress: &'a ProgressBar,
    quiet: bool,
}

impl<W: Write> Writer<'_, W> {
    /// Writes a chunk's answers and flushes them; returns the worst status
    /// among them, or the usage error one of them stops at.
    fn write(&mut self, rendered: Vec<Rendered>) -> Result<Status> {
        let mut status = Status::Ok;
        self.progress.inc(rendered.len() as u64);
        for r in rendered {
            if let Some(stop) = r.stop {
                self.out.flush()?;
                return Err(anyhow!(stop));
            }
            self.out.write_all(r.out.as_bytes())?;
            status = status.max(r.status);
            if r.message.is_none() && r.stats.is_none() {
                continue; // most answers
            }
            let message = r.message.filter(|_| !self.quiet);
            for line in [message, r.stats].into_iter().flatten() {
                // stdout first, so a message lands after its own answer
                // when both go to one terminal or pipe.
                self.out.flush()?;
                self.progress.suspend(|| eprintln!("{line}"));
            }
        }
        self.out.flush()?;
        Ok(status)
    }
}

/// The pool for `-j N`: 0 means one thread per core, and more threads than
/// cores are cut down to that (rayon's idle workers spin looking for work,
/// so on 2 cores `-j 1000` ran 75 times slower than `-j 2`).
pub fn thread_pool(jobs: usize, quiet: bool) -> Result<rayon::ThreadPool> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = match jobs {
        0 => cores,
        n if n > cores => {
            if !quiet {
                eprintln!(
                    "sudokit: note: -j {n}: this machine has {cores} cores; using {cores} threads"
                );
            }
            cores
        }
        n => n,
    };
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .with_context(|| format!("cannot start {threads} worker threads"))
}

/// A puzzle counter on stderr, only when a person is watching it.
fn progress_bar(quiet: bool) -> ProgressBar {
    spinner(quiet, "{spinner} {human_pos} puzzles, {per_sec}, {elapsed}")
}

/// A spinner on stderr drawn from `template`, hidden unless a person is
/// watching (stderr is a terminal and not `--quiet`).
pub fn spinner(quiet: bool, template: &str) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// The statistics line of `--stats`.
pub fn stats_line(place: &str, engine: sudokit::EngineKind, stats: &Stats) -> String {
    let calls = if engine == sudokit::EngineKind::Backtrack {
        format!(", {} calls", stats.calls)
    } else {
        String::new()
    };
    format!(
        "{place}: {engine}, {} guesses, {} backtracks{calls}, {:.3} ms",
        stats.guesses,
        stats.backtracks,
        stats.elapsed.as_secs_f64() * 1e3
    )
}
