//! `sudokit random`: Norvig's random puzzles, reproducible from a seed.

use crate::args::{LineFormat, RandomArgs};
use crate::Status;
use anyhow::{bail, Result};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Serialize;
use std::io::{BufWriter, Write};
use sudokit::random::{default_min_givens, random_puzzle};

/// One puzzle, as JSON.
#[derive(Serialize)]
struct Made {
    /// 1 for the first puzzle made.
    index: u64,
    puzzle: String,
    givens: usize,
    /// The grid's side.
    size: usize,
    variant: &'static str,
    /// The seed of the whole run (`--seed` repeats it).
    seed: u64,
}

pub fn run(args: &RandomArgs, quiet: bool) -> Result<Status> {
    let shape = super::shape(args.size, args.diagonal);
    let squares = shape.square_count();
    let min_givens = args.min_givens.unwrap_or_else(|| default_min_givens(shape));
    if min_givens > squares {
        let side = shape.side();
        bail!("--min-givens {min_givens}: a {side}x{side} grid has only {squares} squares");
    }
    let seed = super::seed(args.seed, quiet)?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for index in 1..=args.count {
        let puzzle = random_puzzle(shape, min_givens, &mut rng)?;
        match args.format {
            LineFormat::Text => writeln!(out, "{puzzle}")?,
            LineFormat::Json => {
                let made = Made {
                    index,
                    givens: puzzle.given_count(),
                    puzzle: puzzle.to_line(),
                    size: shape.side(),
                    variant: super::variant_word(shape.variant()),
                    seed,
                };
                writeln!(out, "{}", serde_json::to_string(&made)?)?;
            }
        }
    }
    out.flush()?;
    Ok(Status::Ok)
}
