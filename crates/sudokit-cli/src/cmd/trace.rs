//! `sudokit trace`: a solve step by step. Each step is an assignment, an
//! elimination or a restore after a failed guess, with the rule behind it and
//! the square's candidates after it; applying the steps in order replays
//! the solve.
//!
//! In JSON, each step is a record of its own (with the puzzle's `file` and
//! `index`, so the steps of many puzzles can be told apart), and the puzzle's
//! answer record follows its steps, with their number in `steps`.

use super::one_by_one::{self, OneByOne, Puzzle};
use crate::args::{TextFormat, TraceArgs, TraceEngine};
use crate::record::{counted, gave_up, Record, Verdict};
use crate::Status;
use anyhow::Result;
use serde::Serialize;
use std::io::Write;
use sudokit::engine::{agent, norvig, Action, TraceRule, TraceStep};
use sudokit::{EngineKind, Limits, Outcome, Shape};

pub fn run(args: &TraceArgs, quiet: bool) -> Result<Status> {
    let mut command = Trace {
        engine: args.engine,
        format: args.format,
        limits: Limits {
            max_guesses: Some(args.max_guesses),
            ..Limits::none()
        },
    };
    one_by_one::run(args.input.inputs(), quiet, &mut command)
}

struct Trace {
    engine: TraceEngine,
    format: TextFormat,
    limits: Limits,
}

/// The field `trace` adds to each answer record.
#[derive(Serialize)]
struct Steps {
    /// How many steps the trace has (0 for an invalid puzzle).
    steps: usize,
}

/// One step, as JSON.
#[derive(Serialize)]
struct StepRecord<'a> {
    file: &'a str,
    index: usize,
    step: usize,
    action: Action,
    rule: TraceRule,
    square: &'a str,
    digit: u8,
    /// The square's candidates after the step.
    candidates: String,
    depth: usize,
}

impl Trace {
    fn engine_kind(&self) -> EngineKind {
        match self.engine {
            TraceEngine::Norvig => EngineKind::Norvig,
            TraceEngine::Agent => EngineKind::Agent,
        }
    }
}

impl OneByOne for Trace {
    fn puzzle(&mut self, out: &mut dyn Write, puzzle: Puzzle) -> Result<Verdict> {
        let grid = puzzle.grid;
        let entry = puzzle.entry;
        if entry.marks.is_some() {
            // A trace replays a solve from givens; marks have none to start from.
            let verdict = Verdict::invalid(
                "pencil marks cannot be traced: trace starts from givens (solve, count \
                 and candidates take pencil marks)",
            );
            let record = Record::new(puzzle.source, entry.index, entry.line, entry.text.clone())
                .judged(&verdict);
            self.invalid(out, record, &verdict)?;
            return Ok(verdict);
        }
        let start = std::time::Instant::now();
        let (mut report, steps) = match self.engine {
            TraceEngine::Norvig => norvig::trace(grid, &self.limits),
            TraceEngine::Agent => agent::history(grid, &self.limits),
        };
        report.stats.elapsed = start.elapsed();
        let shape = grid.shape();
        for (n, step) in steps.iter().enumerate() {
            match self.format {
                TextFormat::Text => writeln!(out, "{:>6} {}", n + 1, describe(shape, step))?,
                TextFormat::Json => {
                    let record = StepRecord {
                        file: puzzle.source,
                        index: entry.index,
                        step: n + 1,
                        action: step.action,
                        rule: step.rule,
                        square: shape.name(step.square),
                        digit: step.digit,
                        candidates: step.candidates.to_string(),
                        depth: step.depth,
                    };
                    writeln!(out, "{}", serde_json::to_string(&record)?)?;
                }
            }
        }
        let verdict = match report.outcome_ref() {
            Outcome::Solved(_) => Verdict::ok("solved"),
            Outcome::Unsolvable => Verdict::unsolvable(""),
            Outcome::LimitReached => Verdict::limit(gave_up(&report, self.limits.max_guesses)),
        };
        match self.format {
            TextFormat::Text => writeln!(
                out,
                "{}: {} ({}, {}, {})",
                verdict.word,
                report
                    .first
                    .as_ref()
                    .map_or("-".to_string(), |g| g.to_line()),
                counted(steps.len() as u64, "step", "steps"),
                counted(report.stats.guesses, "guess", "guesses"),
                counted(report.stats.backtracks, "backtrack", "backtracks")
            )?,
            TextFormat::Json => {
                let record = Record::new(puzzle.source, entry.index, entry.line, grid.to_line())
                    .judged(&verdict)
                    .searched(self.engine_kind(), &report)
                    .with(Steps { steps: steps.len() });
                write!(out, "{}", record.to_line())?;
            }
        }
        Ok(verdict)
    }

    fn invalid(&mut self, out: &mut dyn Write, record: Record, verdict: &Verdict) -> Result<()> {
        match self.format {
            TextFormat::Text => writeln!(out, "{}", verdict.word)?,
            TextFormat::Json => self.problem(out, record)?,
        }
        Ok(())
    }

    fn problem(&mut self, out: &mut dyn Write, record: Record) -> Result<()> {
        if self.format == TextFormat::Json {
            let record = Record {
                engine: Some(self.engine_kind().name()),
                ..record
            };
            write!(out, "{}", record.with(Steps { steps: 0 }).to_line())?;
        }
        Ok(())
    }
}

fn rule_words(rule: TraceRule) -> &'static str {
    match rule {
        TraceRule::Given => "given",
        TraceRule::PeerHasDigit => "a peer holds it",
        TraceRule::OnlyPlace => "only place in a unit",
        TraceRule::NakedTwins => "naked twins",
        TraceRule::Guess => "guess",
        TraceRule::Backtrack => "backtrack",
    }
}

/// `depth 1  C3 = 2  (guess)`, `A2 - 4 -> 12356789  (a peer holds it)`.
fn describe(shape: &Shape, step: &TraceStep) -> String {
    let square = shape.name(step.square);
    let what = match step.action {
        Action::Assign => format!("{square} = {}", Shape::symbol(step.digit)),
        Action::Eliminate => format!(
            "{square} - {} -> {}",
            Shape::symbol(step.digit),
            step.candidates
        ),
        Action::Restore => format!("{square} back to {}", step.candidates),
    };
    format!("depth {}  {what}  ({})", step.depth, rule_words(step.rule))
}
