//! `sudokit candidates`: Norvig's display of every square's candidates after
//! the givens are assigned and propagated (or, for a line of pencil marks,
//! after what the marks rule out is eliminated and propagated).

use super::one_by_one::{self, OneByOne, Puzzle};
use crate::args::{CandidatesArgs, TextFormat};
use crate::record::{Record, Verdict};
use crate::Status;
use anyhow::Result;
use serde::Serialize;
use std::io::Write;
use sudokit::{engine::norvig, format};

pub fn run(args: &CandidatesArgs, quiet: bool) -> Result<Status> {
    let mut command = Candidates {
        format: args.format,
        first: true,
    };
    one_by_one::run(args.input.inputs(), quiet, &mut command)
}

struct Candidates {
    format: TextFormat,
    /// No blank line before the first display.
    first: bool,
}

/// The field `candidates` adds to each JSON record.
#[derive(Serialize)]
struct Sets {
    /// Each square's candidates, row by row (`"1679"`); null when the
    /// puzzle is invalid or propagation finds a contradiction.
    candidates: Option<Vec<String>>,
}

impl Candidates {
    /// Text: a blank line between two puzzles' output.
    fn separate(&mut self, out: &mut dyn Write) -> Result<()> {
        if !std::mem::take(&mut self.first) {
            writeln!(out)?;
        }
        Ok(())
    }
}

impl OneByOne for Candidates {
    fn puzzle(&mut self, out: &mut dyn Write, puzzle: Puzzle) -> Result<Verdict> {
        let start = std::time::Instant::now();
        let values = match &puzzle.entry.marks {
            Some(marks) => norvig::propagate_marks(marks),
            None => norvig::propagate(puzzle.grid),
        };
        let seconds = start.elapsed().as_secs_f64();
        let verdict = match &values {
            None => Verdict::unsolvable("propagation finds a contradiction"),
            Some(v) if v.is_solved() => Verdict::ok("solved"),
            Some(_) => Verdict::ok("open"),
        };
        match self.format {
            TextFormat::Text => {
                self.separate(out)?;
                match &values {
                    Some(values) => write!(out, "{}", format::display(values))?,
                    None => writeln!(out, "{}", verdict.word)?,
                }
            }
            TextFormat::Json => {
                let entry = puzzle.entry;
                let text = match entry.marks {
                    Some(_) => entry.text.clone(),
                    None => puzzle.grid.to_line(),
                };
                let record =
                    Record::new(puzzle.source, entry.index, entry.line, text).judged(&verdict);
                let record = Record {
                    engine: Some("norvig"),
                    seconds,
                    solution: values
                        .as_ref()
                        .filter(|v| v.is_solved())
                        .map(|v| v.to_grid().to_line()),
                    ..record
                };
                let candidates = values.map(|v| v.sets().iter().map(|d| d.to_string()).collect());
                write!(out, "{}", record.with(Sets { candidates }).to_line())?;
            }
        }
        Ok(verdict)
    }

    fn invalid(&mut self, out: &mut dyn Write, record: Record, verdict: &Verdict) -> Result<()> {
        match self.format {
            TextFormat::Text => {
                self.separate(out)?;
                writeln!(out, "{}", verdict.word)?;
            }
            TextFormat::Json => self.problem(out, record)?,
        }
        Ok(())
    }

    fn problem(&mut self, out: &mut dyn Write, record: Record) -> Result<()> {
        if self.format == TextFormat::Json {
            write!(out, "{}", record.with(Sets { candidates: None }).to_line())?;
        }
        Ok(())
    }
}
