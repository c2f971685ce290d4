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

/// Prints the manual page in roff: one page with every subcommand, each
/// with its synopsis, description and options (there are no separate pages
/// per subcommand to point to).
pub fn man() -> Result<Status> {
    let mut command = Cli::command();
    // Gives every subcommand its full name and the global options.
    command.build();
    let page = clap_mangen::Man::new(command.clone());
    let mut out = Vec::new();
    page.render_title(&mut out)?;
    for render in [
        clap_mangen::Man::render_name_section,
        clap_mangen::Man::render_synopsis_section,
        clap_mangen::Man::render_description_section,
        clap_mangen::Man::render_options_section,
    ] {
        out.extend(without_preamble(&page, render)?.as_bytes());
    }
    out.extend(b".SH COMMANDS\n");
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("sudokit {}", sub.get_name());
        let sub_page = clap_mangen::Man::new(sub.clone().bin_name(&name));
        out.extend(format!(".SS \"{name}\"\n").as_bytes());
        for render in [
            clap_mangen::Man::render_synopsis_section,
            clap_mangen::Man::render_description_section,
            clap_mangen::Man::render_options_section,
        ] {
            // The subcommand's sections become paragraphs of its subsection.
            let body = without_preamble(&sub_page, render)?;
            let mut lines = body.lines();
            lines.next();
            out.extend(b".PP\n");
            for line in lines {
                out.extend(line.as_bytes());
                out.push(b'\n');
            }
        }
    }
    out.extend(without_preamble(&page, clap_mangen::Man::render_version_section)?.as_bytes());
    std::io::stdout().lock().write_all(&out)?;
    Ok(Status::Ok)
}

type Render = fn(&clap_mangen::Man, &mut dyn Write) -> std::io::Result<()>;

/// One section of a page, without the lines that set up apostrophes (the
/// title's copy of them serves the whole page).
fn without_preamble(page: &clap_mangen::Man, render: Render) -> Result<String> {
    let mut out = Vec::new();
    render(page, &mut out)?;
    let text = String::from_utf8(out)?;
    Ok(text
        .lines()
        .skip_while(|line| line.starts_with(".ie ") || line.starts_with(".el "))
        .map(|line| format!("{line}\n"))
        .collect())
}
