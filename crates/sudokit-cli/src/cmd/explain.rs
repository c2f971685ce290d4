//! `sudokit explain`: a puzzle solved by logic, one step per line with its
//! reason, then Sudoku Explainer's rating. Streamed and on every core like
//! `rate`: each puzzle's whole explanation is one answer, in input order.
//!
//! Text, per puzzle: a `puzzle` line naming it, one line per step (the
//! step's name, difficulty and sentence), and an `ER/EP/ED` line (as `rate`
//! prints it). A puzzle that is not explained has its word in place of the
//! steps. JSON: one object per step (the step as every step serializes,
//! with the puzzle's `file` and `index` and the step's number), then the
//! puzzle's record with its rating, as `rate` writes it, plus `order` and
//! `path_steps`.
//!
//! The rating is always SE's (its order defines it), whatever order the
//! steps are shown in, so `explain` and `rate` agree on every puzzle: in
//! SE's order the path shown is the rating's, and rated as it is. A
//! puzzle given as pencil marks is explained from its marks, as `rate`
//! rates it.

use super::batch::{Answers, Rendered};
use super::rate::{judge, puzzle_text, rated, rating_text, run_checked, Rated};
use super::solve::record;
use crate::args::{ExplainArgs, StepOrder, TextFormat};
use crate::record::Record;
use crate::Status;
use anyhow::Result;
use serde::Serialize;
use std::fmt::Write;
use std::time::Instant;
use sudokit::batch::Answer;
use sudokit::logic::{explain_and_rate, Cache, Order, Step};

pub fn run(args: &ExplainArgs, quiet: bool) -> Result<Status> {
    let command = Explain {
        order: args.order,
        format: args.format,
    };
    let timed = args.format == TextFormat::Json;
    run_checked(args.input.inputs(), args.jobs, timed, quiet, &command)
}

struct Explain {
    order: StepOrder,
    format: TextFormat,
}

/// One step as JSON: the puzzle it belongs to, its number, and the step.
#[derive(Serialize)]
struct StepRecord<'a> {
    file: &'a str,
    index: usize,
    step: usize,
    #[serde(flatten)]
    what: &'a Step,
}

/// The fields `explain` adds to a puzzle's record: the rating (as `rate`
/// writes it), the order the steps were shown in, and how many were shown.
#[derive(Serialize)]
struct Explained {
    #[serde(flatten)]
    rating: Rated,
    order: &'static str,
    path_steps: Option<usize>,
}

impl Answers for Explain {
    fn answer(&self, source: &str, answer: &Answer, cache: &mut Cache) -> Rendered {
        let start = Instant::now();
        let explained = judge(answer, "explanation").map(|state| {
            let (path, rating) = explain_and_rate(cache, &state, Order::from(self.order));
            (path.steps, rating)
        });
        let seconds = start.elapsed().as_secs_f64();
        let (verdict, steps, rating) = match &explained {
            Ok((steps, rating)) => (rated(rating), &steps[..], Some(rating)),
            Err(verdict) => (verdict.clone(), &[][..], None),
        };
        let mut out = String::new();
        match self.format {
            TextFormat::Text => {
                let _ = writeln!(out, "puzzle {}", puzzle_text(answer));
                for step in steps {
                    let _ = writeln!(out, "{step}");
                }
                let _ = match rating {
                    Some(rating) => writeln!(out, "ER/EP/ED {}", rating_text(rating)),
                    None => writeln!(out, "{}", verdict.word),
                };
            }
            TextFormat::Json => {
                for (n, step) in steps.iter().enumerate() {
                    let record = StepRecord {
                        file: source,
                        index: answer.entry.index,
                        step: n + 1,
                        what: step,
                    };
                    if let Ok(line) = serde_json::to_string(&record) {
                        let _ = writeln!(out, "{line}");
                    }
                }
                let mut record = record(source, answer, &verdict, None);
                record.seconds += seconds;
                let extra = Explained {
                    rating: Rated::from(rating),
                    order: Order::from(self.order).name(),
                    path_steps: rating.map(|_| steps.len()),
                };
                out.push_str(&record.with(extra).to_line());
            }
        }
        Rendered::answer(out, &verdict, source, answer)
    }

    fn problem(&self, source: &str, message: &str) -> String {
        match self.format {
            TextFormat::Json => Record::problem(source, message)
                .with(Explained {
                    rating: Rated::default(),
                    order: Order::from(self.order).name(),
                    path_steps: None,
                })
                .to_line(),
            TextFormat::Text => String::new(),
        }
    }
}
