//! The `sudokit` command: parses arguments, calls the library, prints.
//! Every subcommand lives in `cmd/`; none of them holds puzzle logic.

mod args;
mod cmd;
mod input;
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
    fn code(self) -> u8 {
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
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudokit: error: {e:#}");
            ExitCode::from(Status::Invalid.code())
        }
    }
}

/// A reader that went away (`sudokit solve big.txt | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
