//! The driver of `candidates` and `trace`, which work on one puzzle at a
//! time and print as they go: every puzzle is parsed here (a checked parse:
//! givens that clash are invalid), so each subcommand only sees puzzles it
//! can work on, and every puzzle or input that goes wrong is reported the
//! same way as in `solve`.

use crate::input::{self, Found, Inputs};
use crate::record::{Record, Verdict};
use crate::Status;
use anyhow::Result;
use std::io::{self, BufWriter, Stdout, Write};
use sudokit::parse::Entry;
use sudokit::Grid;

/// A puzzle as a subcommand sees it.
pub struct Puzzle<'a> {
    /// Its input's name.
    pub source: &'a str,
    /// Where it was, and its text.
    pub entry: &'a Entry,
    /// The grid: parsed, and its givens do not clash.
    pub grid: &'a Grid,
}

impl Puzzle<'_> {
    /// The puzzle's JSON record, judged.
    pub fn record(&self, verdict: &Verdict) -> Record {
        let entry = self.entry;
        Record::new(self.source, entry.index, entry.line, self.grid.to_line()).judged(verdict)
    }

    /// The verdict on pencil marks given to a subcommand that works on
    /// givens (`canon`, `transform`), or `None` for givens.
    pub fn givens_only(&self, command: &str) -> Option<(Verdict, Record)> {
        self.entry.marks.as_ref()?;
        let entry = self.entry;
        let verdict = Verdict::invalid(format!("{command} takes givens, not pencil marks"));
        let record = Record::new(self.source, entry.index, entry.line, entry.text.clone());
        let record = record.judged(&verdict);
        Some((verdict, record))
    }
}

/// What a one-by-one subcommand does with what the inputs hold.
pub trait OneByOne {
    /// Works on a valid puzzle, prints its output, and says how it went.
    fn puzzle(&mut self, out: &mut dyn Write, puzzle: Puzzle) -> Result<Verdict>;
    /// Prints what stands for an invalid puzzle (its record, or a line).
    fn invalid(&mut self, out: &mut dyn Write, record: Record, verdict: &Verdict) -> Result<()>;
    /// Prints what stands for an input that went wrong as a whole.
    fn problem(&mut self, out: &mut dyn Write, record: Record) -> Result<()>;
}

/// Runs `command` on every puzzle of `inputs`, in order; returns the worst
/// status.
pub fn run(inputs: Inputs, quiet: bool, command: &mut impl OneByOne) -> Result<Status> {
    let mut out = BufWriter::new(io::stdout());
    let mut status = Status::Ok;
    let mut failed = None;
    inputs.for_each(
        |source, found| match step(&mut out, quiet, command, source, found) {
            Ok(s) => {
                status = status.max(s);
                true
            }
            Err(e) => {
                failed = Some(e);
                false
            }
        },
    );
    match failed {
        Some(e) => Err(e),
        None => Ok(status),
    }
}

fn step(
    out: &mut BufWriter<Stdout>,
    quiet: bool,
    command: &mut impl OneByOne,
    source: &str,
    found: Found,
) -> Result<Status> {
    let (verdict, place) = match found {
        Found::Problem(message) => {
            command.problem(out, Record::problem(source, &message))?;
            (Verdict::invalid(message), source.to_string())
        }
        Found::Puzzle(raw) => {
            let entry = raw.parse();
            let place = input::place(source, entry.index, entry.line);
            let verdict = match &entry.result {
                Ok(grid) => {
                    let puzzle = Puzzle {
                        source,
                        entry: &entry,
                        grid,
                    };
                    command.puzzle(out, puzzle)?
                }
                Err(e) => {
                    let verdict = Verdict::invalid(e);
                    let record = Record::new(source, entry.index, entry.line, entry.text.clone())
                        .judged(&verdict);
                    command.invalid(out, record, &verdict)?;
                    verdict
                }
            };
            (verdict, place)
        }
    };
    out.flush()?;
    crate::out::answered(verdict.status);
    if let Some(message) = verdict.message(|| place).filter(|_| !quiet) {
        crate::out::note(&message)?;
    }
    Ok(verdict.status)
}
