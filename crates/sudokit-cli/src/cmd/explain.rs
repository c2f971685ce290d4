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
//!
//! With `--rules hodoku` the path is HoDoKu's (`sudokit::logic::hodoku`),
//! and so are the score and level that end it; `--format hodoku` prints
//! it as HoDoKu does.

use super::batch::{Answers, Rendered};
use super::rate::{judge, puzzle_text, rated, rating_text, run_checked, Rated};
use super::rate_hodoku::knowing_solution;
use super::solve::record;
use crate::args::{ExplainArgs, ExplainFormat, StepOrder};
use crate::record::Record;
use crate::record::Verdict;
use crate::Status;
use anyhow::{bail, Result};
use serde::Serialize;
use std::fmt::Write;
use std::time::Instant;
use sudokit::batch::Answer;
use sudokit::logic::hodoku::{self, Board, Config};
use sudokit::logic::{explain_and_rate, Cache, Order, Rules, Step};
use sudokit::Variant;

pub fn run(args: &ExplainArgs, quiet: bool) -> Result<Status> {
    let rules = Rules::from(args.rules);
    if args.format == ExplainFormat::Hodoku && rules != Rules::Hodoku {
        bail!("--format hodoku needs --rules hodoku");
    }
    if rules == Rules::Hodoku && args.order != StepOrder::Se {
        bail!("--order is for SE's rules: HoDoKu's rules take their steps in HoDoKu's order");
    }
    let command = Explain {
        order: args.order,
        rules,
        config: args.switches.config(rules)?,
        format: args.format,
    };
    let timed = args.format == ExplainFormat::Json;
    run_checked(args.input.inputs(), args.jobs, timed, quiet, &command)
}

struct Explain {
    order: StepOrder,
    rules: Rules,
    /// The step types HoDoKu's rules use (`--on`, `--off`).
    config: Config,
    format: ExplainFormat,
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

/// The fields `explain --rules hodoku` adds to a puzzle's record: the
/// rules, HoDoKu's level and score, whether the path is complete, and how
/// many steps were shown.
#[derive(Default, Serialize)]
struct HodokuExplained {
    rules: &'static str,
    level: Option<&'static str>,
    score: Option<u32>,
    complete: Option<bool>,
    path_steps: Option<usize>,
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

impl Explain {
    /// A puzzle explained by HoDoKu's rules.
    fn hodoku(&self, source: &str, answer: &Answer) -> Rendered {
        let start = Instant::now();
        let path = judge(answer, "explanation").and_then(|state| {
            let shape = state.shape();
            if shape.side() != 9 || shape.variant() != Variant::Standard {
                return Err(Verdict::invalid(
                    "HoDoKu's rules are for 9x9 sudoku without diagonals",
                ));
            }
            let board = Board::from_state(&state);
            let cache = knowing_solution(answer, &board);
            Ok(hodoku::solve_board_with(board, &self.config, cache))
        });
        let seconds = start.elapsed().as_secs_f64();
        let verdict = match &path {
            Ok(path) if path.solved => Verdict::ok("rated"),
            Ok(_) => Verdict::ok("incomplete"),
            Err(verdict) => verdict.clone(),
        };
        let path = path.ok();
        let steps = path.as_ref().map_or(&[][..], |p| &p.steps[..]);
        let rating = path.as_ref().map(|p| {
            let incomplete = if p.solved { "" } else { " incomplete" };
            (p.level.name(), p.score, incomplete, p.marks())
        });
        let mut out = String::new();
        match self.format {
            ExplainFormat::Text => {
                let _ = writeln!(out, "puzzle {}", puzzle_text(answer));
                for step in steps {
                    let score = step.hodoku.as_ref().map_or(0, |h| h.score);
                    let _ = writeln!(out, "{} ({score}): {}", step.name, step.text);
                }
                let _ = match rating {
                    Some((level, score, incomplete, _)) => {
                        writeln!(out, "{level} {score}{incomplete}")
                    }
                    None => writeln!(out, "{}", verdict.word),
                };
            }
            ExplainFormat::Hodoku => {
                let puzzle = puzzle_text(answer);
                let index = answer.entry.index;
                let _ = match rating {
                    Some((level, score, incomplete, marks)) => {
                        writeln!(
                            out,
                            "{puzzle} #{index} {level} ({score}){marks}{incomplete}"
                        )
                    }
                    None => writeln!(out, "{puzzle} #{index} {}", verdict.word),
                };
                for step in steps {
                    if let Some(h) = &step.hodoku {
                        let _ = writeln!(out, "   {}", h.line);
                        for net in &h.nets {
                            let _ = writeln!(out, "  {net}");
                        }
                    }
                }
            }
            ExplainFormat::Json => {
                self.step_records(&mut out, source, answer, steps);
                let mut record = record(source, answer, &verdict, None);
                record.seconds += seconds;
                let extra = HodokuExplained {
                    rules: Rules::Hodoku.name(),
                    level: path.as_ref().map(|p| p.level.id()),
                    score: rating.as_ref().map(|r| r.1),
                    complete: path.as_ref().map(|p| p.solved),
                    path_steps: path.as_ref().map(|p| p.steps.len()),
                };
                out.push_str(&record.with(extra).to_line());
            }
        }
        Rendered::answer(out, &verdict, source, answer)
    }

    /// One JSON object per step.
    fn step_records(&self, out: &mut String, source: &str, answer: &Answer, steps: &[Step]) {
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
    }
}

impl Answers for Explain {
    fn answer(&self, source: &str, answer: &Answer, cache: &mut Cache) -> Rendered {
        if self.rules == Rules::Hodoku {
            return self.hodoku(source, answer);
        }
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
            ExplainFormat::Text | ExplainFormat::Hodoku => {
                let _ = writeln!(out, "puzzle {}", puzzle_text(answer));
                for step in steps {
                    let _ = writeln!(out, "{step}");
                }
                let _ = match rating {
                    Some(rating) => writeln!(out, "ER/EP/ED {}", rating_text(rating)),
                    None => writeln!(out, "{}", verdict.word),
                };
            }
            ExplainFormat::Json => {
                self.step_records(&mut out, source, answer, steps);
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
        match (self.format, self.rules) {
            (ExplainFormat::Json, Rules::Hodoku) => Record::problem(source, message)
                .with(HodokuExplained {
                    rules: Rules::Hodoku.name(),
                    ..HodokuExplained::default()
                })
                .to_line(),
            (ExplainFormat::Json, Rules::Se) => Record::problem(source, message)
                .with(Explained {
                    rating: Rated::default(),
                    order: Order::from(self.order).name(),
                    path_steps: None,
                })
                .to_line(),
            _ => String::new(),
        }
    }
}
