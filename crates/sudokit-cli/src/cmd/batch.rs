//! The batch driver of `solve` and `count`: reads puzzles a chunk at a time,
//! parses, searches and renders each chunk on every core (rayon), and writes
//! the answers in input order. Memory stays bounded by the chunk size however
//! long the input is, and a bad puzzle only costs its own answer.

use crate::args::{Format, InputArgs, RunArgs};
use crate::input::{self, Source};
use crate::Status;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, BufRead, IsTerminal, Write};
use sudokit::batch::{Answer, Job};
use sudokit::parse::{PuzzleReader, RawEntry};
use sudokit::Limits;

/// Puzzles per chunk: large enough to keep every core busy between writes,
/// small enough that ten million puzzles never sit in memory at once.
const CHUNK: usize = 4096;

/// What one puzzle prints.
pub struct Rendered {
    /// For stdout.
    pub out: String,
    /// For stderr (an error, or statistics), if anything.
    pub err: Option<String>,
    /// How it went.
    pub status: Status,
}

/// Where an answer came from, for messages: `file.txt puzzle 3 (line 7)`.
pub fn place(source: &str, answer: &Answer) -> String {
    input::place(source, answer.entry.index, answer.entry.line)
}

/// Runs `max_solutions`-searches over every input and prints what `render`
/// makes of each answer.
pub fn run(
    input: &InputArgs,
    run: &RunArgs,
    max_solutions: usize,
    render: impl Fn(&Answer, &str) -> Rendered + Sync,
) -> Result<Status> {
    let mut job = Job::new(
        run.engine,
        max_solutions,
        Limits {
            max_guesses: run.max_guesses,
        },
    );
    // Only `--stats` and JSON show the time a search took.
    job.timed = run.stats || run.format == Format::Json;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(run.jobs.unwrap_or(0))
        .build()
        .context("cannot start worker threads")?;
    let mut status = Status::Ok;
    let sources = input::open_all(input, |e| {
        eprintln!("sudokit: error: {e:#}");
        status = Status::Invalid;
    });
    let progress = progress_bar();
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    for Source { name, mut reader } in sources {
        // A pipeline of three chunks: while the pool solves chunk k, one task
        // writes the answers of chunk k-1 and reads chunk k+1, so no core
        // waits for input or output.
        let mut next = read_chunk(&mut reader);
        let mut finished: Vec<Rendered> = Vec::new();
        while !next.is_empty() || !finished.is_empty() {
            let chunk = std::mem::take(&mut next);
            let (rendered, io_step) = pool.install(|| {
                rayon::join(
                    || {
                        chunk
                            .into_par_iter()
                            .map(|raw| render(&job.answer(raw.parse_unchecked()), &name))
                            .collect::<Vec<Rendered>>()
                    },
                    || -> Result<(Vec<RawEntry>, Status)> {
                        let status = write_all(&mut out, std::mem::take(&mut finished), &progress)?;
                        Ok((read_chunk(&mut reader), status))
                    },
                )
            });
            let (read, written) = io_step?;
            next = read;
            status = status.max(written);
            finished = rendered;
        }
    }
    out.flush()?;
    progress.finish_and_clear();
    Ok(status)
}

/// The next chunk of puzzles, found but not parsed (parsing happens on the pool).
fn read_chunk(reader: &mut PuzzleReader<Box<dyn BufRead + Send>>) -> Vec<RawEntry> {
    std::iter::from_fn(|| reader.next_raw())
        .take(CHUNK)
        .collect()
}

/// Writes a chunk's answers in order, and its messages to stderr; returns
/// the worst status among them.
fn write_all(
    out: &mut impl Write,
    rendered: Vec<Rendered>,
    progress: &ProgressBar,
) -> Result<Status> {
    let mut status = Status::Ok;
    progress.inc(rendered.len() as u64);
    for r in rendered {
        out.write_all(r.out.as_bytes())?;
        if let Some(err) = r.err {
            out.flush()?;
            progress.suspend(|| eprintln!("{err}"));
        }
        status = status.max(r.status);
    }
    Ok(status)
}

/// A puzzle counter on stderr, only when a person is watching it.
fn progress_bar() -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {human_pos} puzzles, {per_sec}, {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// What an answer prints on stderr: its message, then its statistics when
/// `--stats` asks for them.
pub fn stderr_lines(
    answer: &Answer,
    place: impl Fn() -> String,
    message: Option<String>,
    stats: bool,
) -> Option<String> {
    let stats_line = match (&answer.outcome, stats) {
        (Ok((engine, report)), true) => Some(stats_line(&place(), *engine, &report.stats)),
        _ => None,
    };
    match (message, stats_line) {
        (Some(m), Some(s)) => Some(format!("{m}\n{s}")),
        (m, s) => m.or(s),
    }
}

/// The statistics line of `--stats`.
fn stats_line(place: &str, engine: sudokit::EngineKind, stats: &sudokit::Stats) -> String {
    let calls = if stats.calls > 0 {
        format!(", {} calls", stats.calls)
    } else {
        String::new()
    };
    format!(
        "{place}: {engine}, {} nodes, {} backtracks{calls}, {:.3} ms",
        stats.guesses,
        stats.backtracks,
        stats.elapsed.as_secs_f64() * 1e3
    )
}

/// The JSON fields every answer has.
pub fn json_base(answer: &Answer, source: &str) -> serde_json::Map<String, serde_json::Value> {
    let mut map = serde_json::Map::new();
    map.insert("file".into(), source.into());
    map.insert("index".into(), answer.entry.index.into());
    map.insert("line".into(), answer.entry.line.into());
    let puzzle = match &answer.entry.result {
        Ok(grid) => grid.to_line(),
        Err(_) => answer.entry.text.clone(),
    };
    map.insert("puzzle".into(), puzzle.into());
    if let Ok((engine, report)) = &answer.outcome {
        map.insert("engine".into(), engine.name().into());
        map.insert("nodes".into(), report.stats.guesses.into());
        map.insert("backtracks".into(), report.stats.backtracks.into());
        if *engine == sudokit::EngineKind::Backtrack {
            map.insert("calls".into(), report.stats.calls.into());
        }
        map.insert("seconds".into(), report.stats.elapsed.as_secs_f64().into());
    }
    map
}
