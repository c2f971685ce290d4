//! One file per subcommand, plus the batch driver that `solve` and `count`
//! share.

mod batch;
mod bench;
mod candidates;
mod count;
mod random;
mod solve;
mod trace;

use crate::args::Command;
use crate::Status;
use anyhow::Result;

/// Runs a subcommand and says how it went.
pub fn run(command: Command) -> Result<Status> {
    match command {
        Command::Solve(args) => solve::run(&args),
        Command::Count(args) => count::run(&args),
        Command::Candidates(args) => candidates::run(&args),
        Command::Trace(args) => trace::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Random(args) => random::run(&args),
    }
}
