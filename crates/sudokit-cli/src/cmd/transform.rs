//! `sudokit transform --random`: each puzzle in a random disguise (see
//! `sudokit::transform`), one random generator for the whole run, seeded
//! from `--seed` or at random (and then the seed is printed).

use super::one_by_one::{self, OneByOne, Puzzle};
use crate::args::{LineFormat, TransformArgs};
use crate::record::{Record, Verdict};
use crate::Status;
use anyhow::Result;
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Serialize;
use std::io::Write;
use sudokit::transform::Transform;

pub fn run(args: &TransformArgs, quiet: bool) -> Result<Status> {
    let seed = super::seed(args.seed, quiet)?;
    let mut command = Disguise {
        format: args.format,
        rng: StdRng::seed_from_u64(seed),
        seed,
    };
    one_by_one::run(args.input.inputs(), quiet, &mut command)
}

struct Disguise {
    format: LineFormat,
    rng: StdRng,
    seed: u64,
}

/// The fields `transform` adds to each JSON record.
#[derive(Serialize)]
struct Form {
    /// The puzzle in disguise; null for an invalid puzzle.
    form: Option<String>,
    /// The seed of the run.
    seed: u64,
}

impl OneByOne for Disguise {
    fn puzzle(&mut self, out: &mut dyn Write, puzzle: Puzzle) -> Result<Verdict> {
        if let Some((verdict, record)) = puzzle.givens_only("transform") {
            self.invalid(out, record, &verdict)?;
            return Ok(verdict);
        }
        let transform = Transform::random(puzzle.grid.shape(), &mut self.rng);
        let form = transform.apply(puzzle.grid)?;
        let verdict = Verdict::ok("transformed");
        match self.format {
            LineFormat::Text => writeln!(out, "{form}")?,
            LineFormat::Json => {
                let record = puzzle.record(&verdict);
                let form = Form {
                    form: Some(form.to_line()),
                    seed: self.seed,
                };
                write!(out, "{}", record.with(form).to_line())?;
            }
        }
        Ok(verdict)
    }

    fn invalid(&mut self, out: &mut dyn Write, record: Record, verdict: &Verdict) -> Result<()> {
        match self.format {
            LineFormat::Text => writeln!(out, "{}", verdict.word)?,
            LineFormat::Json => self.problem(out, record)?,
        }
        Ok(())
    }

    fn problem(&mut self, out: &mut dyn Write, record: Record) -> Result<()> {
        if self.format == LineFormat::Json {
            let form = Form {
                form: None,
                seed: self.seed,
            };
            write!(out, "{}", record.with(form).to_line())?;
        }
        Ok(())
    }
}
