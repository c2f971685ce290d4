//! `sudokit completions SHELL` and `sudokit man`: the shell completion script
//! and the manual page, both made from the same definition of the command
//! line as `--help` (clap_complete, clap_mangen), so they never drift.

use crate::args::{Cli, CompletionsArgs};
use crate::Status;
use anyhow::Result;
use clap::CommandFactory;
use std::io::Write;

/// Prints the completion script for a shell.
pub fn completions(args: &CompletionsArgs) -> Result<Status> {
    let mut command = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudokit", &mut out);
    std::io::stdout().lock().write_all(&out)?;
    Ok(Status::Ok)
}

/// Prints the manual page in roff.
pub fn man() -> Result<Status> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    std::io::stdout().lock().write_all(&out)?;
    Ok(Status::Ok)
}
