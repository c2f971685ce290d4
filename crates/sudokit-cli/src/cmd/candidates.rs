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
    let mut status = Status::Ok;
    let sources = input::open_all(&args.input, |e| {
        eprintln!("sudokit: error: {e:#}");
        status = Status::Invalid;
    });
    let mut first = true;
    for source in sources {
        for entry in source.reader {
            let place = format!(
                "{} puzzle {} (line {})",
                source.name, entry.index, entry.line
            );
            let grid = match entry.result {
                Ok(grid) => grid,
                Err(e) => {
                    eprintln!("sudokit: {place}: invalid: {e}");
                    status = Status::Invalid;
                    continue;
                }
            };
            if !first {
                writeln!(out)?;
            }
            first = false;
            match norvig::propagate(&grid) {
                Some(values) => write!(out, "{}", format::display(&values))?,
                None => {
                    writeln!(out, "no solution")?;
                    eprintln!("sudokit: {place}: propagation finds a contradiction: no solution");
                    status = status.max(Status::Unsolved);
                }
            }
        }
    }
    Ok(status)
}
