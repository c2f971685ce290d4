//! One file per subcommand, plus the two drivers they share: `batch` (solve,
//! count, rate and explain, on every core) and `one_by_one` (candidates and
//! trace).

mod batch;
mod bench;
mod bench_rate;
mod candidates;
mod completions;
mod count;
mod explain;
mod hint;
mod one_by_one;
mod random;
mod rate;
mod solve;
mod trace;

use crate::args::Command;
use crate::Status;
use anyhow::Result;

/// Runs a subcommand and says how it went.
pub fn run(command: Command, quiet: bool) -> Result<Status> {
    match command {
        Command::Solve(args) => solve::run(&args, quiet),
        Command::Count(args) => count::run(&args, quiet),
        Command::Candidates(args) => candidates::run(&args, quiet),
        Command::Trace(args) => trace::run(&args, quiet),
        Command::Rate(args) => rate::run(&args, quiet),
        Command::Hint(args) => hint::run(&args, quiet),
        Command::Explain(args) => explain::run(&args, quiet),
        Command::Bench(args) => bench::run(&args, quiet),
        Command::Random(args) => random::run(&args, quiet),
        Command::Completions(args) => completions::completions(&args),
        Command::Man => completions::man(),
    }
}
