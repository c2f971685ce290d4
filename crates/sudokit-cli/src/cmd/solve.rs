//! `sudokit solve`: one answer per puzzle, in input order.

use super::batch::{self, json_base, place, Rendered};
use crate::args::{Format, SolveArgs};
use crate::Status;
use anyhow::Result;
use sudokit::batch::Answer;
use sudokit::{format, Outcome};

pub fn run(args: &SolveArgs) -> Result<Status> {
    let format = args.run.format;
    let stats = args.run.stats;
    let max_guesses = args.run.max_guesses;
    batch::run(&args.input, &args.run, 1, |answer, source| {
        render(answer, source, format, stats, max_guesses)
    })
}

fn render(
    answer: &Answer,
    source: &str,
    format: Format,
    stats: bool,
    max_guesses: Option<u64>,
) -> Rendered {
    // Built only for a message: most puzzles have none, and formatting the
    // place for every puzzle showed up in profiles of large batches.
    let place = || place(source, answer);
    let (status, word, solution, message) = match &answer.outcome {
        Err(error) => (
            Status::Invalid,
            "invalid",
            None,
            Some(format!("sudokit: {}: invalid: {error}", place())),
        ),
        Ok((_, report)) => match report.outcome_ref() {
            Outcome::Solved(grid) => (Status::Ok, "solved", Some(grid), None),
            Outcome::Unsolvable => (
                Status::Unsolved,
                "unsolvable",
                None,
                Some(format!("sudokit: {}: no solution", place())),
            ),
            Outcome::LimitReached => (
                Status::Unsolved,
                "limit",
                None,
                Some(format!(
                    "sudokit: {}: gave up after {} search nodes (--max-nodes)",
                    place(),
                    max_guesses.unwrap_or_default()
                )),
            ),
        },
    };
    let out = match format {
        Format::Line => match &solution {
            Some(grid) => {
                let mut line = grid.to_line();
                line.push('\n');
                line
            }
            None => format!("{word}\n"),
        },
        Format::Grid => match &solution {
            Some(grid) => format!("{}\n", format::pretty(grid)),
            None => format!("{word}\n\n"),
        },
        Format::Json => {
            let mut map = json_base(answer, source);
            map.insert("status".into(), word.into());
            if let Some(grid) = &solution {
                map.insert("solution".into(), grid.to_line().into());
            }
            if let Err(error) = &answer.outcome {
                map.insert("error".into(), error.to_string().into());
            }
            format!("{}\n", serde_json::Value::Object(map))
        }
    };
    let err = batch::stderr_lines(answer, place, message, stats);
    Rendered { out, err, status }
}
