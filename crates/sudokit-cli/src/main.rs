//! The `sudokit` command: parses arguments, calls the library, prints.
//! Every subcommand lives in `cmd/`; none of them holds puzzle logic.

mod args;
mod cmd;
mod input;
mod out;
mod record;

use clap::Parser;
use std::process::ExitCode;

/// What a run found, worst first; it decides the exit code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every puzzle solved (exit 0).
    #[default]
    Ok,
    /// Some puzzle has no solution or ran out of budget (exit 1).
    Unsolved,
    /// Some input was bad (exit 2).
    Invalid,
}

impl Status {
    /// The exit code documented in `--help`.
    pub fn code(self) -> u8 {
        match self {
            Status::Ok => 0,
            Status::Unsolved => 1,
            Status::Invalid => 2,
        }
    }
}

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match cmd::run(cli.command, cli.quiet) {
        Ok(status) => ExitCode::from(status.code()),
        // The reader went away (`sudokit solve big.txt | head`), or stderr
        // cannot be written: the run ends quietly, with the exit code of the
        // answers written so far.
        Err(e) if out::lost(&e) => ExitCode::from(out::worst().code()),
        Err(e) => {
            out::last_note(&format!("sudokit: error: {e:#}"));
            ExitCode::from(Status::Invalid.code())
        }
    }
}
