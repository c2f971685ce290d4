//! `sudokit canon`: each puzzle's canonical (minlex) form, so that equal
//! puzzles in disguise can be told apart; `--dedupe` keeps the first
//! puzzle of each class.
//!
//! A puzzle is answered as soon as it is read (the forms take microseconds
//! each). With `--dedupe` the forms seen so far are kept, one hash-map
//! entry per class, to know a class met before.

use super::one_by_one::{self, OneByOne, Puzzle};
use crate::args::{CanonArgs, LineFormat};
use crate::record::{Record, Verdict};
use crate::Status;
use anyhow::{bail, Result};
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write;
use sudokit::canon::minlex;

pub fn run(args: &CanonArgs, quiet: bool) -> Result<Status> {
    if args.input.diagonal {
        bail!(
            "--diagonal: canon works on standard grids only (a diagonal grid has other symmetries)"
        );
    }
    let mut command = Canon {
        format: args.format,
        dedupe: args.dedupe,
        seen: HashMap::new(),
        puzzles: 0,
        left_out: 0,
    };
    let status = one_by_one::run(args.input.inputs(), quiet, &mut command)?;
    if args.dedupe && !quiet {
        crate::out::note(&format!(
            "sudokit: {} puzzles, {} different, {} duplicates left out",
            command.puzzles,
            command.seen.len(),
            command.left_out
        ))?;
    }
    Ok(status)
}

struct Canon {
    format: LineFormat,
    dedupe: bool,
    /// Each class's form, and where its first puzzle was.
    seen: HashMap<Vec<u8>, First>,
    /// Valid puzzles read.
    puzzles: usize,
    /// Duplicates left out (`--dedupe`).
    left_out: usize,
}

/// Where the first puzzle of a class was.
#[derive(Clone, Serialize)]
struct First {
    file: String,
    index: usize,
}

/// The fields `canon` adds to each JSON record.
#[derive(Serialize)]
struct Form {
    /// The canonical form; null for an invalid puzzle.
    canonical: Option<String>,
    /// The first puzzle of the same class, when this one is not it.
    duplicate_of: Option<First>,
}

impl OneByOne for Canon {
    fn puzzle(&mut self, out: &mut dyn Write, puzzle: Puzzle) -> Result<Verdict> {
        if let Some((verdict, record)) = puzzle.givens_only("canon") {
            self.invalid(out, record, &verdict)?;
            return Ok(verdict);
        }
        let entry = puzzle.entry;
        let form = match minlex(puzzle.grid) {
            Ok(form) => form,
            Err(e) => {
                let verdict = Verdict::invalid(e);
                self.invalid(out, puzzle.record(&verdict), &verdict)?;
                return Ok(verdict);
            }
        };
        self.puzzles += 1;
        let first = First {
            file: puzzle.source.to_string(),
            index: entry.index,
        };
        let duplicate_of = if self.dedupe || self.format == LineFormat::Json {
            let earlier = self.seen.entry(form.cells().to_vec()).or_insert(first);
            (earlier.file != puzzle.source || earlier.index != entry.index).then(|| earlier.clone())
        } else {
            None
        };
        if self.dedupe && duplicate_of.is_some() {
            self.left_out += 1;
            return Ok(Verdict::ok("duplicate"));
        }
        match self.format {
            LineFormat::Line if self.dedupe => writeln!(out, "{}", puzzle.grid)?,
            LineFormat::Line => writeln!(out, "{form}")?,
            LineFormat::Json => {
                let record = puzzle.record(&Verdict::ok("canonical"));
                let form = Form {
                    canonical: Some(form.to_line()),
                    duplicate_of,
                };
                write!(out, "{}", record.with(form).to_line())?;
            }
        }
        Ok(Verdict::ok("canonical"))
    }

    fn invalid(&mut self, out: &mut dyn Write, record: Record, verdict: &Verdict) -> Result<()> {
        match self.format {
            LineFormat::Line if !self.dedupe => writeln!(out, "{}", verdict.word)?,
            LineFormat::Line => {}
            LineFormat::Json => self.problem(out, record)?,
        }
        Ok(())
    }

    fn problem(&mut self, out: &mut dyn Write, record: Record) -> Result<()> {
        if self.format == LineFormat::Json {
            let form = Form {
                canonical: None,
                duplicate_of: None,
            };
            write!(out, "{}", record.with(form).to_line())?;
        }
        Ok(())
    }
}
