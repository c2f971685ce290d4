//! `sudokit random`: Norvig's random puzzles, reproducible from a seed.

use crate::args::RandomArgs;
use crate::Status;
use anyhow::Result;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use sudokit::random::random_puzzle;
use sudokit::{Shape, Variant};

pub fn run(args: &RandomArgs) -> Result<Status> {
    let mut out = std::io::stdout().lock();
    let seed = args.seed.unwrap_or_else(|| {
        let seed = rand::thread_rng().gen();
        eprintln!("sudokit: seed {seed} (pass --seed {seed} to repeat)");
        seed
    });
    let mut rng = StdRng::seed_from_u64(seed);
    let shape = Shape::of(args.size, Variant::Standard);
    for _ in 0..args.count {
        writeln!(out, "{}", random_puzzle(shape, args.min_givens, &mut rng))?;
    }
    Ok(Status::Ok)
}
