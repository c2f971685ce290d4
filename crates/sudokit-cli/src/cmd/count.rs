//! `sudokit count`: how many solutions each puzzle has, up to a limit.
//!
//! Line format prints the count, with `+` when the limit was reached (`2+`
//! means "at least two": not unique).

use super::batch::{self, json_base, place, Rendered};
use crate::args::{CountArgs, Format};
use crate::Status;
use anyhow::Result;
use sudokit::batch::Answer;
use sudokit::Count;

pub fn run(args: &CountArgs) -> Result<Status> {
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
    let format = args.run.format;
    let stats = args.run.stats;
    batch::run(&args.input, &args.run, limit, |answer, source| {
        render(answer, source, limit, format, stats)
    })
}

fn render(answer: &Answer, source: &str, limit: usize, format: Format, stats: bool) -> Rendered {
    // Built only for a message (see `solve`).
    let place = || place(source, answer);
    // (exit status, JSON status, line word, (solutions, exact), stderr message)
    let (status, kind, word, count, message) = match &answer.outcome {
        Err(error) => (
            Status::Invalid,
            "invalid",
            "invalid".to_string(),
            None,
            Some(format!("sudokit: {}: invalid: {error}", place())),
        ),
        Ok((_, report)) => match report.count(limit) {
            Count::Exactly(0) => (
                Status::Unsolved,
                "unsolvable",
                "0".into(),
                Some((0, true)),
                Some(format!("sudokit: {}: no solution", place())),
            ),
            Count::Exactly(n) => {
                let kind = if n == 1 { "unique" } else { "multiple" };
                (Status::Ok, kind, n.to_string(), Some((n, true)), None)
            }
            Count::AtLeast(n) => {
                let kind = if n == 1 { "solvable" } else { "multiple" };
                (Status::Ok, kind, format!("{n}+"), Some((n, false)), None)
            }
            Count::LimitReached(n) => (
                Status::Unsolved,
                "limit",
                "limit".into(),
                Some((n, false)),
                Some(format!(
                    "sudokit: {}: gave up after {} search nodes, {n} solutions found",
                    place(),
                    report.stats.guesses
                )),
            ),
        },
    };
    let out = match format {
        Format::Line | Format::Grid => format!("{word}\n"),
        Format::Json => {
            let mut map = json_base(answer, source);
            map.insert("status".into(), kind.into());
            if let Some((n, exact)) = count {
                map.insert("solutions".into(), n.into());
                map.insert("exact".into(), exact.into());
            }
            if let Ok((_, report)) = &answer.outcome {
                if let Some(first) = &report.first {
                    map.insert("solution".into(), first.to_line().into());
                }
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
