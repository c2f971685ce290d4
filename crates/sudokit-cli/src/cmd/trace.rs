//! `sudokit trace`: a solve step by step. Each step is an assignment, an
//! elimination or a restore after a failed guess, with the rule behind it and
//! the square's candidates afterwards; applying the steps in order replays
//! the solve.

use crate::args::{TraceArgs, TraceEngine, TraceFormat};
use crate::input;
use crate::Status;
use anyhow::Result;
use serde_json::json;
use std::io::Write;
use sudokit::engine::{agent, norvig, Action, Rule, Step};
use sudokit::{Limits, Outcome, Shape};

pub fn run(args: &TraceArgs) -> Result<Status> {
    let mut out = std::io::stdout().lock();
    let limits = Limits {
        max_guesses: Some(args.max_guesses),
    };
    input::for_each_puzzle(&args.input, |place, grid| {
        let (report, steps) = match args.engine {
            TraceEngine::Norvig => norvig::trace(&grid, &limits),
            TraceEngine::Agent => agent::history(&grid, &limits),
        };
        let shape = grid.shape();
        for (n, step) in steps.iter().enumerate() {
            match args.format {
                TraceFormat::Text => writeln!(out, "{:>6} {}", n + 1, describe(shape, step))?,
                TraceFormat::Json => writeln!(out, "{}", step_json(shape, n + 1, step))?,
            }
        }
        let (word, solution) = match report.outcome_ref() {
            Outcome::Solved(s) => ("solved", Some(s.to_line())),
            Outcome::Unsolvable => ("unsolvable", None),
            Outcome::LimitReached => ("limit", None),
        };
        match args.format {
            TraceFormat::Text => writeln!(
                out,
                "{word}: {} ({} steps, {} guesses, {} backtracks)",
                solution.as_deref().unwrap_or("-"),
                steps.len(),
                report.stats.guesses,
                report.stats.backtracks
            )?,
            TraceFormat::Json => writeln!(
                out,
                "{}",
                json!({
                    "status": word,
                    "solution": solution,
                    "steps": steps.len(),
                    "nodes": report.stats.guesses,
                    "backtracks": report.stats.backtracks,
                })
            )?,
        }
        if solution.is_some() {
            Ok(Status::Ok)
        } else {
            eprintln!("sudokit: {place}: {word}");
            Ok(Status::Unsolved)
        }
    })
}

fn rule_words(rule: Rule) -> &'static str {
    match rule {
        Rule::Given => "given",
        Rule::PeerHasDigit => "a peer holds it",
        Rule::OnlyPlace => "only place in a unit",
        Rule::NakedTwins => "naked twins",
        Rule::Guess => "guess",
        Rule::Backtrack => "backtrack",
    }
}

/// `depth 1  C3 = 2  (guess)`, `A2 - 4 -> 12356789  (a peer holds it)`.
fn describe(shape: &Shape, step: &Step) -> String {
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

fn step_json(shape: &Shape, n: usize, step: &Step) -> serde_json::Value {
    json!({
        "step": n,
        "action": step.action,
        "rule": step.rule,
        "square": shape.name(step.square),
        "digit": step.digit,
        "candidates": step.candidates.to_string(),
        "depth": step.depth,
    })
}
