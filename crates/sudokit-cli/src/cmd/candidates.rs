//! `sudokit candidates`: Norvig's display of every square's candidates after
//! the givens are assigned and propagated.

use crate::args::ExplainArgs;
use crate::input;
use crate::Status;
use anyhow::Result;
use std::io::Write;
use sudokit::{engine::norvig, format};

pub fn run(args: &ExplainArgs) -> Result<Status> {
    let mut out = std::io::stdout().lock();
    let mut first = true;
    input::for_each_puzzle(&args.input, |place, grid| {
        if !first {
            writeln!(out)?;
        }
        first = false;
        Ok(match norvig::propagate(&grid) {
            Some(values) => {
                write!(out, "{}", format::display(&values))?;
                Status::Ok
            }
            None => {
                writeln!(out, "no solution")?;
                eprintln!("sudokit: {place}: propagation finds a contradiction: no solution");
                Status::Unsolved
            }
        })
    })
}
