//! `sudokit rate`: Sudoku Explainer's rating of each puzzle, as `serate`
//! prints it (`ER/EP/ED`), streamed and on every core like `solve`.
//!
//! The batch's search checks each puzzle first (2 solutions looked for): a
//! puzzle with none or several is not rated, and says so in the words
//! `count` uses (`unsolvable`, `multiple`). A rated puzzle's word is
//! `rated`, or `incomplete` when no rule finds a step before it is solved
//! (possible off the standard 9x9 grid: diagonal sudoku has no chains,
//! larger grids none past forcing chains): ER
//! is then SE's 20.0, EP and ED cover the path as far as it goes, and the
//! text line says `incomplete` after them.
//!
//! With `--rules hodoku` the rating is HoDoKu's: its path's level and
//! score (`Unfair 1706`, ` incomplete` after it where the path reaches a
//! step type sudokit has no finder for yet), filtered by
//! `--min-score`/`--max-score` and `--level` as SE's by `--min-er`. A grid
//! HoDoKu's rules do not take (not 9x9, or diagonal) is `invalid`.
//!
//! A puzzle given as pencil marks (a Sukaku line) is rated from its marks:
//! the batch counted its solutions from them, and the path starts from
//! them, so a candidate struck out is one no step needs to remove.

use super::batch::{self, Answers, Rendered, Settings};
use super::solve::record;
use crate::args::{LineFormat, RateArgs, RunArgs};
use crate::cmd::rate_hodoku::RateHodoku;
use crate::input::Inputs;
use crate::record::{Record, Verdict};
use crate::Status;
use anyhow::{bail, Result};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;
use sudokit::batch::{logical_start, rate_answer, Answer, Unrated};
use sudokit::logic::{Cache, Difficulty, RateError, Rating, State};
use sudokit::parse::Entry;

pub fn run(args: &RateArgs, quiet: bool) -> Result<Status> {
    let timed = args.format == LineFormat::Json;
    if args.rules == crate::args::RuleSet::Hodoku {
        let rate = RateHodoku::new(args)?;
        return run_checked(args.input.inputs(), args.jobs, timed, quiet, &rate);
    }
    args.switches.config(args.rules.into())?;
    if args.min_score.is_some() || args.max_score.is_some() || args.level.is_some() {
        bail!("--min-score, --max-score and --level are for HoDoKu's rules: add --rules hodoku");
    }
    if let (Some(min), Some(max)) = (args.min_er, args.max_er) {
        if min > max {
            bail!(
                "--min-er {}.{} is above --max-er {}.{}: no rating is both",
                min / 10,
                min % 10,
                max / 10,
                max % 10
            );
        }
    }
    let rate = Rate {
        format: args.format,
        min: args.min_er,
        max: args.max_er,
    };
    run_checked(args.input.inputs(), args.jobs, timed, quiet, &rate)
}

/// Runs a logical command (`rate`, `explain`) over its inputs as a batch
/// whose search only checks that each puzzle has one solution (2 looked
/// for, the default engine, no budget) before `answers` does its work.
pub fn run_checked(
    inputs: Inputs,
    jobs: usize,
    timed: bool,
    quiet: bool,
    answers: &impl Answers,
) -> Result<Status> {
    let run = RunArgs {
        engine: None,
        max_guesses: None,
        jobs,
        stats: false,
    };
    let settings = Settings {
        run: &run,
        max_solutions: 2,
        timed,
        quiet,
    };
    batch::run(inputs, &settings, answers)
}

struct Rate {
    format: LineFormat,
    /// `--min-er` and `--max-er`, in tenths.
    min: Option<u16>,
    max: Option<u16>,
}

/// The fields `rate` (and `explain`'s puzzle record) add to each JSON record:
/// the rating, or nulls for a puzzle not rated.
#[derive(Default, Serialize)]
pub struct Rated {
    /// The hardest step's difficulty.
    er: Option<Difficulty>,
    /// The hardest up to the first placement.
    ep: Option<Difficulty>,
    /// The first step's difficulty.
    ed: Option<Difficulty>,
    /// The id of the technique that set ER.
    technique: Option<&'static str>,
    /// Its name ("Pointing"), beside the id.
    name: Option<&'static str>,
    /// Steps in SE's path.
    steps: Option<usize>,
    /// Steps of each technique, by id.
    techniques: Option<BTreeMap<&'static str, usize>>,
    /// False when the path stops short of the solution.
    complete: Option<bool>,
}

impl From<Option<&Rating>> for Rated {
    fn from(rating: Option<&Rating>) -> Rated {
        let Some(r) = rating else {
            return Rated::default();
        };
        Rated {
            er: Some(r.er),
            ep: Some(r.ep),
            ed: Some(r.ed),
            technique: r.technique.map(|t| t.id()),
            name: r.technique.map(|t| t.name()),
            steps: Some(r.steps),
            techniques: Some(r.techniques.clone()),
            complete: Some(r.complete),
        }
    }
}

/// `2.3/1.5/1.5`, with ` incomplete` after it when no rule finishes the
/// path (ER is then SE's 20.0).
pub fn rating_text(rating: &Rating) -> String {
    let text = format!("{}/{}/{}", rating.er, rating.ep, rating.ed);
    if rating.complete {
        text
    } else {
        format!("{text} incomplete")
    }
}

/// The state a logical command starts from, or why it cannot: bad input,
/// no solution, or several (`what` names the work refused, as in "no
/// logical rating"). A puzzle given as pencil marks starts from its marks
/// (the squares they settle placed), any other from its givens with every
/// candidate they allow. The batch's search has counted the solutions, from
/// the marks when there are some.
pub fn judge(answer: &Answer, what: &str) -> Result<State, Verdict> {
    logical_start(answer).map_err(|refused| refusal(refused, what))
}

/// The verdict on a puzzle that is not rated or explained (`what` names
/// the work refused).
fn refusal(refused: Unrated, what: &str) -> Verdict {
    match refused {
        Unrated::NotSearched(error) => Verdict::invalid(error),
        Unrated::Solutions(error) => unrated(error, what),
    }
}

/// The puzzle as the output shows it: its one-line form, or the text as it
/// was given (pencil marks, whose settled digits are not all of it, or a
/// bad line), with any control character in it escaped.
pub fn puzzle_text(answer: &Answer) -> String {
    puzzle_line(&answer.entry)
}

/// [`puzzle_text`] of a puzzle as read.
pub fn puzzle_line(entry: &Entry) -> String {
    match &entry.result {
        Ok(grid) if entry.marks.is_none() => grid.to_line(),
        _ => crate::out::shown(&entry.text).into_owned(),
    }
}

/// The verdict on a puzzle without exactly one solution.
pub fn unrated(error: RateError, what: &str) -> Verdict {
    match error {
        RateError::NoSolution => Verdict::unsolvable(""),
        RateError::SeveralSolutions => Verdict {
            word: "multiple",
            status: Status::Unsolved,
            detail: format!("several solutions, so no logical {what}"),
        },
    }
}

/// The verdict on a rated puzzle.
pub fn rated(rating: &Rating) -> Verdict {
    Verdict::ok(if rating.complete {
        "rated"
    } else {
        "incomplete"
    })
}

impl Rate {
    /// True when a puzzle belongs in the output: every puzzle without
    /// `--min-er`/`--max-er`, else the rated ones in range (a puzzle beyond
    /// the rules is rated 20.0, as in SE).
    fn keeps(&self, rating: Option<&Rating>) -> bool {
        if !self.filtered() {
            return true;
        }
        rating.is_some_and(|r| {
            let below = match self.max {
                None => true,
                Some(max) => r.er.0 <= max,
            };
            self.min.is_none_or(|min| r.er.0 >= min) && below
        })
    }

    fn filtered(&self) -> bool {
        self.min.is_some() || self.max.is_some()
    }
}

impl Answers for Rate {
    fn answer(&self, source: &str, answer: &Answer, cache: &mut Cache) -> Rendered {
        let start = Instant::now();
        // The batch has counted the solutions: the rating need not again.
        let outcome = rate_answer(cache, answer).map_err(|refused| refusal(refused, "rating"));
        let seconds = start.elapsed().as_secs_f64();
        let (verdict, rating) = match &outcome {
            Ok(rating) => (rated(rating), Some(rating)),
            Err(verdict) => (verdict.clone(), None),
        };
        let out = if !self.keeps(rating) {
            String::new()
        } else {
            match (self.format, rating) {
                (LineFormat::Text, Some(r)) if self.filtered() => {
                    format!("{} {}\n", puzzle_text(answer), rating_text(r))
                }
                (LineFormat::Text, Some(r)) => format!("{}\n", rating_text(r)),
                (LineFormat::Text, None) => format!("{}\n", verdict.word),
                (LineFormat::Json, _) => {
                    let mut record = record(source, answer, &verdict, None);
                    record.seconds += seconds;
                    record.with(Rated::from(rating)).to_line()
                }
            }
        };
        Rendered::answer(out, &verdict, source, answer)
    }

    fn problem(&self, source: &str, message: &str) -> String {
        match self.format {
            LineFormat::Json if !self.filtered() => Record::problem(source, message)
                .with(Rated::default())
                .to_line(),
            _ => String::new(),
        }
    }
}
