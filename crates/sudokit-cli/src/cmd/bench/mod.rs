//! `sudokit bench`: engines side by side over puzzle collections
//! (`engines.rs`), or Sudoku Explainer's rating timed (`--rate`,
//! `rating.rs`), on the collections `collections.rs` reads.

mod collections;
mod engines;
mod rating;

use crate::args::BenchArgs;
use crate::Status;
use anyhow::Result;

pub fn run(args: &BenchArgs, quiet: bool) -> Result<Status> {
    let mut status = Status::Ok;
    let options = crate::input::parse_options(args.size, args.diagonal);
    let collections = if args.inputs.is_empty() {
        collections::built_in(options)
    } else {
        collections::read(&args.inputs, options, quiet, &mut status)?
    };
    if args.rate {
        Ok(status.max(rating::run(&collections, args)?))
    } else {
        engines::run(&collections, args, quiet, status)
    }
}
