//! `sudokit canon`: each puzzle's canonical (minlex) form, so that equal
//! puzzles in disguise can be told apart; `--dedupe` keeps the first
//! puzzle of each class over all the inputs together, and `--known` names
//! collections whose classes count as met already and are never printed.
//!
//! A puzzle is answered as soon as it is read (the forms take microseconds
//! each). With `--dedupe` the forms seen so far are kept, one hash-map
//! entry per class, to know a class met before.

use super::one_by_one::{self, OneByOne, Puzzle};
use crate::args::{CanonArgs, LineFormat};
use crate::input::{parse_options, Inputs};
use crate::record::{counted, Record, Verdict};
use crate::Status;
use anyhow::{bail, Result};
use serde::Serialize;
use std::collections::hash_map::Entry;
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
        learning: !args.known.is_empty(),
        puzzles: 0,
        kept: 0,
        left_out: 0,
    };
    let mut status = Status::Ok;
    if command.learning {
        let known = Inputs::new(&args.known, parse_options(args.input.size, false));
        status = one_by_one::run(known, quiet, &mut command)?;
        command.learning = false;
    }
    status = status.max(one_by_one::run(args.input.inputs(), quiet, &mut command)?);
    if args.dedupe && !quiet {
        crate::out::note(&format!(
            "sudokit: {}, {} different, {} left out",
            counted(command.puzzles as u64, "puzzle", "puzzles"),
            command.kept,
            counted(command.left_out as u64, "duplicate", "duplicates"),
        ))?;
    }
    Ok(status)
}

struct Canon {
    format: LineFormat,
    dedupe: bool,
    /// Each class's form, and where its first puzzle was.
    seen: HashMap<Vec<u8>, First>,
    /// Whether the puzzles read are `--known` ones: their classes are
    /// noted, nothing is printed, nothing counted.
    learning: bool,
    /// Valid puzzles read (of the inputs, not the known ones).
    puzzles: usize,
    /// Puzzles printed (`--dedupe`: one per class new to the run).
    kept: usize,
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
        let first = First {
            file: puzzle.source.to_string(),
            index: entry.index,
        };
        if self.learning {
            self.seen.entry(form.cells().to_vec()).or_insert(first);
            return Ok(Verdict::ok("canonical"));
        }
        self.puzzles += 1;
        let duplicate_of = if self.dedupe || self.format == LineFormat::Json {
            // A class seen before, even under the same name (two puzzles
            // given as arguments are both `<argument>` puzzle 1), is a
            // duplicate.
            match self.seen.entry(form.cells().to_vec()) {
                Entry::Occupied(earlier) => Some(earlier.get().clone()),
                Entry::Vacant(place) => {
                    place.insert(first);
                    None
                }
            }
        } else {
            None
        };
        if self.dedupe && duplicate_of.is_some() {
            self.left_out += 1;
            return Ok(Verdict::ok("duplicate"));
        }
        self.kept += 1;
        match self.format {
            LineFormat::Text if self.dedupe => writeln!(out, "{}", puzzle.grid)?,
            LineFormat::Text => writeln!(out, "{form}")?,
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
            _ if self.learning => {}
            LineFormat::Text if !self.dedupe => writeln!(out, "{}", verdict.word)?,
            LineFormat::Text => {}
            LineFormat::Json => self.problem(out, record)?,
        }
        Ok(())
    }

    fn problem(&mut self, out: &mut dyn Write, record: Record) -> Result<()> {
        if self.format == LineFormat::Json && !self.learning {
            let form = Form {
                canonical: None,
                duplicate_of: None,
            };
            write!(out, "{}", record.with(form).to_line())?;
        }
        Ok(())
    }
}
