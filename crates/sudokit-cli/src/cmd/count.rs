//! `sudokit count`: how many solutions each puzzle has, up to a limit.
//!
//! The line format prints the count, with `+` when there may be more: `2+`
//! means "at least two" (not unique), and after `--max-guesses` ran out,
//! `22+` means the 22 solutions found so far (`limit` when none was).

use super::batch::{self, Answers, Rendered, Settings};
use super::solve::record;
use crate::args::{CountArgs, LineFormat};
use crate::record::{counted, gave_up, Record, Verdict};
use crate::Status;
use anyhow::Result;
use serde::Serialize;
use sudokit::batch::Answer;
use sudokit::logic::Cache;
use sudokit::{Count, EngineKind};

pub fn run(args: &CountArgs, quiet: bool) -> Result<Status> {
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
    let settings = Settings {
        run: &args.run,
        max_solutions: limit,
        timed: args.run.stats || args.format == LineFormat::Json,
        quiet,
    };
    let count = Counter {
        limit,
        format: args.format,
        engine: args.run.engine,
        max_guesses: args.run.max_guesses,
    };
    batch::run(args.input.inputs(), &settings, &count)
}

struct Counter {
    limit: usize,
    format: LineFormat,
    engine: Option<EngineKind>,
    max_guesses: Option<u64>,
}

/// The fields `count` adds to each JSON record.
#[derive(Serialize)]
struct Solutions {
    /// Solutions found (null for an invalid puzzle).
    solutions: Option<usize>,
    /// True when that is all of them; false when there may be more.
    exact: Option<bool>,
}

impl Answers for Counter {
    fn answer(&self, source: &str, answer: &Answer, _cache: &mut Cache) -> Rendered {
        // (verdict, line form, (solutions, exact))
        let (verdict, line, found) = match &answer.outcome {
            Err(error) => (Verdict::invalid(error), "invalid".to_string(), None),
            Ok((_, report)) => match report.count(self.limit) {
                Count::Exactly(0) => (Verdict::unsolvable(""), "0".into(), Some((0, true))),
                Count::Exactly(n) => {
                    let word = if n == 1 { "unique" } else { "multiple" };
                    (Verdict::ok(word), n.to_string(), Some((n, true)))
                }
                Count::AtLeast(n) => {
                    let word = if n == 1 { "solvable" } else { "multiple" };
                    (Verdict::ok(word), format!("{n}+"), Some((n, false)))
                }
                Count::LimitReached(n) => {
                    let mut why = gave_up(report, self.max_guesses);
                    let line = if n == 0 {
                        "limit".to_string()
                    } else {
                        let found = counted(n as u64, "solution", "solutions");
                        why.push_str(&format!(", with {found} found: at least {n}"));
                        format!("{n}+")
                    };
                    (Verdict::limit(why), line, Some((n, false)))
                }
            },
        };
        let out = match self.format {
            LineFormat::Text => format!("{line}\n"),
            LineFormat::Json => {
                let (solutions, exact) = found.unzip();
                record(source, answer, &verdict, self.engine)
                    .with(Solutions { solutions, exact })
                    .to_line()
            }
        };
        Rendered::answer(out, &verdict, source, answer)
    }

    fn problem(&self, source: &str, message: &str) -> String {
        match self.format {
            LineFormat::Json => Record::problem(source, message)
                .with(Solutions {
                    solutions: None,
                    exact: None,
                })
                .to_line(),
            LineFormat::Text => String::new(),
        }
    }
}
