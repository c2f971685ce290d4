//! `sudokit solve`: one answer per puzzle, in input order.

use super::batch::{self, Answers, Rendered, Settings};
use crate::args::{SolveArgs, SolveFormat};
use crate::record::{gave_up, Record, Verdict};
use crate::Status;
use anyhow::Result;
use sudokit::batch::Answer;
use sudokit::logic::Cache;
use sudokit::{format, EngineKind, Outcome};

pub fn run(args: &SolveArgs, quiet: bool) -> Result<Status> {
    let settings = Settings {
        run: &args.run,
        max_solutions: 1,
        // Only `--stats` and JSON show the time a search took.
        timed: args.run.stats || args.format == SolveFormat::Json,
        quiet,
    };
    let solve = Solve {
        format: args.format,
        engine: args.run.engine,
        max_guesses: args.run.max_guesses,
    };
    batch::run(args.input.inputs(), &settings, &solve)
}

struct Solve {
    format: SolveFormat,
    engine: Option<EngineKind>,
    max_guesses: Option<u64>,
}

impl Answers for Solve {
    fn answer(&self, source: &str, answer: &Answer, _cache: &mut Cache) -> Rendered {
        let (verdict, solution) = match &answer.outcome {
            Err(error) => (Verdict::invalid(error), None),
            Ok((_, report)) => match report.outcome_ref() {
                Outcome::Solved(grid) => (Verdict::ok("solved"), Some(grid)),
                Outcome::Unsolvable => (Verdict::unsolvable(""), None),
                Outcome::LimitReached => (Verdict::limit(gave_up(report, self.max_guesses)), None),
            },
        };
        let out = match (self.format, solution) {
            (SolveFormat::Text, Some(grid)) => {
                let mut line = grid.to_line();
                line.push('\n');
                line
            }
            (SolveFormat::Text, None) => format!("{}\n", verdict.word),
            (SolveFormat::Grid, Some(grid)) => format!("{}\n", format::pretty(grid)),
            (SolveFormat::Grid, None) => format!("{}\n\n", verdict.word),
            (SolveFormat::Json, _) => record(source, answer, &verdict, self.engine).to_line(),
        };
        Rendered::answer(out, &verdict, source, answer)
    }

    fn problem(&self, source: &str, message: &str) -> String {
        match self.format {
            SolveFormat::Json => Record::problem(source, message).to_line(),
            SolveFormat::Text | SolveFormat::Grid => String::new(),
        }
    }
}

/// The JSON record of an answer, as `solve` and `count` write it; `engine`
/// is the one asked for, named when the puzzle was not searched.
pub fn record(
    source: &str,
    answer: &Answer,
    verdict: &Verdict,
    engine: Option<EngineKind>,
) -> Record {
    let entry = &answer.entry;
    let puzzle = match &entry.result {
        // Pencil marks are the puzzle: the digits they settle are not all of it.
        Ok(grid) if entry.marks.is_none() => grid.to_line(),
        _ => entry.text.clone(),
    };
    let record = Record::new(source, entry.index, entry.line, puzzle).judged(verdict);
    match &answer.outcome {
        Ok((engine, report)) => record.searched(*engine, report),
        Err(_) => Record {
            engine: engine.map(EngineKind::name),
            ..record
        },
    }
}
