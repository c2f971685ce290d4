//! The batch driver of `solve`, `count`, `rate`, `explain` and `hint`:
//! reads puzzles, parses, searches and renders each on every core (rayon),
//! and writes each answer as soon as it and every answer before it are
//! done, in input order.
//!
//! - Answers stream: puzzles are handed to the pool a chunk at a time, and
//!   each one's answer is sent back the moment it is rendered. The writer
//!   keeps the answers that came back early in a reorder buffer, writes the
//!   next in order as soon as it is there, and flushes whenever it would
//!   wait, so a slow puzzle's answer never holds back the ones before it,
//!   and an interrupted run keeps every answer written. The progress line
//!   counts finished puzzles. A batch that proves fast (millions of easy
//!   solve lines) sends its answers back in groups of 64 instead: a group
//!   goes back when it is done, or, between two of its puzzles, as far as
//!   it has got once it has taken 2 ms.
//! - Memory stays bounded however long the input is: at most two chunks
//!   are in hand, and a line or JSON block is capped by the reader.
//! - A bad puzzle only costs its own answer; an input that cannot be read,
//!   or holds no puzzle, is reported and the next one is read.
//! - Input that comes slowly is answered as it comes: a read stops when the
//!   next one would have to wait (see [`Inputs::read`]). With a fast input,
//!   chunks fill up and every core stays busy.

use crate::args::RunArgs;
use crate::input::{self, Batch, Found, Inputs};
use crate::record::Verdict;
use crate::Status;
use anyhow::{anyhow, bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::VecDeque;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudokit::batch::{Answer, Job, NotSearched};
use sudokit::logic::Cache;
use sudokit::parse::Entry;
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
        Rendered::entry(out, verdict, source, &answer.entry)
    }

    /// [`answer`](Rendered::answer) for a puzzle answered without a search.
    pub fn entry(out: String, verdict: &Verdict, source: &str, entry: &Entry) -> Rendered {
        // Built only for a message: most puzzles have none, and formatting
        // the place for every puzzle showed up in profiles of large batches.
        let place = || input::place(source, entry.index, entry.line);
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
    /// A puzzle before the job has searched it: most subcommands need the
    /// search first and hand the entry back (the default), and the job
    /// then searches it and [`answer`](Answers::answer) answers. A
    /// subcommand whose own work can show that the puzzle has one
    /// solution may answer here instead, searching with `job` only when
    /// it must: a rating's path that fills the grid by steps that keep
    /// every solution has found the only one.
    fn answer_unsearched(
        &self,
        _source: &str,
        entry: Entry,
        _job: &Job,
        _cache: &mut Cache,
    ) -> Unsearched {
        Unsearched::Declined(entry)
    }
    /// stdout for an input that went wrong as a whole (a JSON record, or
    /// nothing in the line formats, where each line answers one puzzle).
    fn problem(&self, source: &str, message: &str) -> String;
}

/// What [`Answers::answer_unsearched`] made of a puzzle.
pub enum Unsearched {
    /// Answered without the search.
    Answered(Rendered),
    /// Searched on the way, and left to answer as usual.
    Searched(Answer),
    /// Left to search and answer as usual.
    Declined(Entry),
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
        done: 0,
        nap: FIRST_NAP,
    };
    let stats = settings.run.stats;
    let job = &job;
    let render = |source: &str, found: Found, cache: &mut Cache| {
        render(source, found, job, stats, answers, cache)
    };
    // Set when the run ends early (the reader went away, a usage error):
    // puzzles not yet started are then skipped.
    let cancelled = AtomicBool::new(false);
    let threads = pool.current_num_threads();
    let (send, finished) = mpsc::channel::<Vec<(usize, Rendered)>>();
    let written = pool.in_place_scope(|scope| {
        let mut start = |chunk: Vec<Batch>, first: usize, group: usize| {
            // Fewer puzzles than threads (one puzzle to explain, or the last
            // few of a stream): each shares its hardest steps out over the
            // threads left idle (see `sudokit::logic::Cache::spreading`).
            // Each puzzle names its input by number: a shared name per
            // puzzle would be counted up and down by both threads at once,
            // which a fast batch pays for in every puzzle.
            let mut sources: Vec<Arc<str>> = Vec::with_capacity(chunk.len());
            let puzzles: Vec<(usize, Found)> = chunk
                .into_iter()
                .flat_map(|batch| {
                    let n = sources.len();
                    sources.push(batch.source);
                    batch.found.into_iter().map(move |f| (n, f))
                })
                .collect();
            let spread = puzzles.len() < threads;
            let send = send.clone();
            let cancelled = &cancelled;
            scope.spawn(move |_| {
                let sources = &sources;
                puzzles
                    .into_par_iter()
                    .enumerate()
                    .chunks(group)
                    .for_each_init(
                        || {
                            let cache = match spread {
                                true => Cache::spreading(),
                                false => Cache::new(),
                            };
                            (cache, send.clone())
                        },
                        |(cache, send), puzzles| {
                            // A group goes back whole, or as far as it has got
                            // once it takes longer than a fast group should.
                            let begun = Instant::now();
                            let mut done = Vec::with_capacity(puzzles.len());
                            for (i, (source, found)) in puzzles {
                                if cancelled.load(Ordering::Relaxed) {
                                    return;
                                }
                                done.push((first + i, render(&sources[source], found, cache)));
                                // (The clock read every few puzzles: read for
                                // each, it showed in profiles.)
                                if done.len() % 8 == 0 && begun.elapsed() > PATIENCE {
                                    let _ = send.send(std::mem::take(&mut done));
                                }
                            }
                            if !done.is_empty() {
                                let _ = send.send(done);
                            }
                        },
                    );
            });
        };
        let written = stream(&mut inputs, &mut start, &finished, &mut writer);
        if written.is_err() {
            cancelled.store(true, Ordering::Relaxed);
        }
        written
    });
    let status = written?;
    progress.finish_and_clear();
    Ok(status)
}

/// How long the writer waits for the next answer before it flushes what
/// it has written: long enough that a fast batch writes in large blocks,
/// short enough that no one waits for an answer that is done.
const PATIENCE: Duration = Duration::from_millis(2);

/// How long the writer waits for an answer before it looks whether more
/// input has come (when the input may be slow).
const POLL: Duration = Duration::from_millis(20);

/// A batch whose puzzles take less than this each (on all threads
/// together) is fast: its answers go back in groups of [`GROUP`].
const FAST: Duration = Duration::from_micros(20);

/// Puzzles of a fast batch rendered and sent back together.
const GROUP: usize = 64;

/// The writer's first and longest naps between looks for the next
/// answer.
const FIRST_NAP: Duration = Duration::from_micros(20);
const LONGEST_NAP: Duration = Duration::from_millis(4);

/// The next answer to come back, flushing what is written when it is slow
/// to come; `None` after [`POLL`] without one, while more input may come.
///
/// The writer looks, then naps, rather than sleeping on the channel: a
/// thread asleep on it must be woken by each answer sent, a system call
/// that cost a fast batch a third of its time. Its nap is not shortened
/// again when a single answer comes (see [`Writer::nap`]): answers that come
/// one by one every few dozen microseconds (HoDoKu's ratings) had it
/// wake once or twice for each, and each wake is a switch of threads
/// that costs CPU time; with the nap kept, it wakes every few
/// milliseconds and writes what has come meanwhile.
fn next_answer<W: Write>(
    finished: &mpsc::Receiver<Vec<(usize, Rendered)>>,
    writer: &mut Writer<W>,
    read_all: bool,
) -> Result<Option<Vec<(usize, Rendered)>>> {
    let mut waited = Duration::ZERO;
    let mut flushed = false;
    loop {
        match finished.try_recv() {
            Ok(next) => {
                // A group of answers means a fast batch: the pool may run
                // out of puzzles in hand within one long nap.
                if next.len() > 1 {
                    writer.nap = FIRST_NAP;
                }
                return Ok(Some(next));
            }
            Err(TryRecvError::Disconnected) => bail!("the worker threads stopped"),
            Err(TryRecvError::Empty) => {}
        }
        if !flushed && waited >= PATIENCE {
            writer.flush()?;
            flushed = true;
        }
        if !read_all && waited >= POLL {
            // Slow input may have brought more puzzles to start meanwhile.
            return Ok(None);
        }
        std::thread::sleep(writer.nap);
        waited += writer.nap;
        writer.nap = (writer.nap * 2).min(LONGEST_NAP);
    }
}

/// Reads the inputs, hands them to the pool (`start`, with the first
/// puzzle's number) and writes the answers as they come back, in order;
/// returns the worst status.
fn stream<W: Write>(
    inputs: &mut Inputs,
    start: &mut impl FnMut(Vec<Batch>, usize, usize),
    finished: &mpsc::Receiver<Vec<(usize, Rendered)>>,
    writer: &mut Writer<W>,
) -> Result<Status> {
    let mut status = Status::Ok;
    // Puzzles handed out, and answers written: those between are in hand.
    let (mut started, mut written) = (0, 0);
    let mut read_all = false;
    // The answers that came back before the one next in order.
    let mut early: VecDeque<Option<Rendered>> = VecDeque::new();
    let begun = Instant::now();
    loop {
        // Hand out a chunk whenever less than one is left in hand.
        while !read_all && started - written < CHUNK {
            let idle = started == written;
            if idle {
                writer.flush()?;
            }
            // With nothing in hand, wait for input; else take what is there.
            let chunk = inputs.read(CHUNK, idle);
            let count: usize = chunk.iter().map(|batch| batch.found.len()).sum();
            if count == 0 {
                read_all = idle;
                break;
            }
            // Puzzles go out one at a time, each answer back as soon as it
            // is done; once the batch proves fast (a few microseconds a
            // puzzle, as in millions of solve lines), in groups, each sent
            // back whole: one message per puzzle cost such a batch a fifth
            // of its time.
            let fast = written > 0 && begun.elapsed() < FAST * written as u32;
            start(chunk, started, if fast { GROUP } else { 1 });
            started += count;
            early.resize_with(started - written, || None);
        }
        if started == written {
            if read_all {
                return Ok(status);
            }
            continue;
        }
        let next = next_answer(finished, writer, read_all)?;
        let Some(answers) = next else {
            continue;
        };
        writer.done += answers.len() as u64;
        if writer.done >= CHUNK as u64 {
            writer.progress.inc(std::mem::take(&mut writer.done));
        }
        for (number, rendered) in answers {
            early[number - written] = Some(rendered);
        }
        while let Some(Some(_)) = early.front() {
            if let Some(Some(rendered)) = early.pop_front() {
                status = status.max(writer.write(rendered)?);
                written += 1;
            }
        }
    }
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
                message: verdict.message(|| crate::out::shown(source).into_owned()),
                status: verdict.status,
                ..Rendered::default()
            }
        }
        Found::Puzzle(raw) => {
            let entry = raw.parse_unchecked();
            // `--stats` reports the search of every puzzle.
            let answer = match stats {
                true => job.answer(entry),
                false => match answers.answer_unsearched(source, entry, job, cache) {
                    Unsearched::Answered(rendered) => return rendered,
                    Unsearched::Searched(answer) => answer,
                    Unsearched::Declined(entry) => job.answer(entry),
                },
            };
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
    /// Puzzles finished and not yet counted on the progress line (counted
    /// when the writer flushes: counting each one costs a lock).
    done: u64,
    /// How long the writer naps when it finds no answer: it starts short
    /// and doubles each time it finds none, up to [`LONGEST_NAP`]; it
    /// starts short again when a group of answers comes (a fast batch,
    /// whose puzzles in hand may all be done within a long nap).
    nap: Duration,
}

impl<W: Write> Writer<'_, W> {
    /// Writes one answer; returns its status, or the usage error it stops
    /// at.
    fn write(&mut self, r: Rendered) -> Result<Status> {
        if let Some(stop) = r.stop {
            self.out.flush()?;
            return Err(anyhow!(stop));
        }
        crate::out::answered(r.status);
        self.out.write_all(r.out.as_bytes())?;
        if r.message.is_none() && r.stats.is_none() {
            return Ok(r.status); // most answers
        }
        let message = r.message.filter(|_| !self.quiet);
        for line in [message, r.stats].into_iter().flatten() {
            // stdout first, so a message lands after its own answer when
            // both go to one terminal or pipe.
            self.out.flush()?;
            self.progress.suspend(|| crate::out::note(&line))?;
        }
        Ok(r.status)
    }

    /// Shows what is written before the writer waits, and counts the
    /// finished puzzles on the progress line.
    fn flush(&mut self) -> Result<()> {
        self.progress.inc(std::mem::take(&mut self.done));
        Ok(self.out.flush()?)
    }
}

/// The pool for `-j N`: 0 means one thread per core, and more threads than
/// cores are cut down to that (rayon's idle workers spin looking for work,
/// so on 2 cores `-j 1000` ran 75 times slower than `-j 2`).
pub fn thread_pool(jobs: usize, quiet: bool) -> Result<rayon::ThreadPool> {
    let threads = threads_for(jobs, quiet)?;
    if threads == 1 {
        one_heap();
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .with_context(|| format!("cannot start {threads} worker threads"))
}

/// Has every thread started from now on allocate from the process's main
/// heap. With glibc, a thread otherwise gets a heap of its own, which
/// grows a few pages at a time, one system call each: about 600 calls in
/// `rate --rules hodoku -j1` on 566 puzzles, some 3% of its CPU time,
/// where the main heap grows in larger steps. Only for one worker beside
/// the main thread (which mostly reads and writes): more workers would
/// wait on one heap's lock.
fn one_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets a parameter of the allocator, which
    // takes its own lock to do so.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// The threads `-j` asks for: 0 means one per core, and more than the
/// machine's cores are held to that, with a note saying so.
pub fn threads_for(jobs: usize, quiet: bool) -> Result<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    Ok(match jobs {
        0 => cores,
        n if n > cores => {
            if !quiet {
                crate::out::note(&format!(
                    "sudokit: note: -j {n}: this machine has {}; using {}",
                    crate::record::counted(cores as u64, "core", "cores"),
                    crate::record::counted(cores as u64, "thread", "threads")
                ))?;
            }
            cores
        }
        n => n,
    })
}

/// A puzzle counter on stderr, only when a person is watching it (the
/// count after its noun: a template cannot make "1 puzzles" singular).
fn progress_bar(quiet: bool) -> ProgressBar {
    spinner(
        quiet,
        "{spinner} puzzles: {human_pos}, {per_sec}, {elapsed}",
    )
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
        format!(", {}", crate::record::counted(stats.calls, "call", "calls"))
    } else {
        String::new()
    };
    format!(
        "{place}: {engine}, {}, {}{calls}, {:.3} ms",
        crate::record::counted(stats.guesses, "guess", "guesses"),
        crate::record::counted(stats.backtracks, "backtrack", "backtracks"),
        stats.elapsed.as_secs_f64() * 1e3
    )
}
