//! `sudokit hint PUZZLE [--state STATE]`: the next logical step from a
//! player's state, as much of it as `--level` gives away, or the square
//! that is wrong.
//!
//! The puzzle is read like any other input (the puzzle itself, a file, or
//! `-`; the first puzzle found is used). The state is the placed digits or
//! the pencil marks, in any form [`sudokit::parse::parse_state`] reads,
//! written out or in a file. What is printed, and its exit status:
//!
//! | outcome | text | JSON | exit |
//! |---|---|---|---|
//! | a step | the level's sentence | the level's object (`move`: the step) | 0 |
//! | a mistake | which square is wrong | `mistake`, `square`, `digit` | 0 |
//! | solved | `The grid is solved.` | `status: solved` | 0 |
//! | stuck | no technique finds a step | `status: stuck` | 1 |
//! | no solution, several | `unsolvable`, `multiple` | `status` | 1 |
//! | bad input | `invalid` | `status: invalid` | 2 |

use crate::args::{HintArgs, TextFormat};
use crate::input::{self, parse_options, Found, Inputs};
use crate::record::Verdict;
use crate::Status;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;
use sudokit::logic::hint::{self, player_state, Graded, NoStepHint};
use sudokit::logic::{Cache, Hint, Level, RateError, State};
use sudokit::parse::{parse_state, ParseOptions};

use super::batch::spinner;
use super::rate::unrated;

/// The hint for `state`. One puzzle: its hardest rules share their squares
/// out over every core (see `sudokit::logic::Cache::spreading`). The easiest step of
/// a hard position can take a minute, so a spinner shows it is at work
/// (on a terminal, without `--quiet`).
fn find(state: &State, args: &HintArgs, quiet: bool) -> std::result::Result<Hint, RateError> {
    let bar = spinner(quiet, "{spinner} looking for the next step, {elapsed}");
    let found = hint::hint(&mut Cache::spreading(), state, args.order.into());
    bar.finish_and_clear();
    found
}

pub fn run(args: &HintArgs, quiet: bool) -> Result<Status> {
    let options = parse_options(args.size, args.diagonal);
    let level = Level::from(args.level);
    let (verdict, place, graded) = match read(args, options) {
        Err((verdict, place)) => {
            let graded = no_step(level, &verdict);
            (verdict, place, graded)
        }
        Ok((state, place)) => match find(&state, args, quiet) {
            Err(error) => {
                let verdict = unrated(error, "hint");
                let graded = no_step(level, &verdict);
                (verdict, place, graded)
            }
            Ok(Hint::Stuck) => {
                let verdict = Verdict {
                    word: "stuck",
                    status: Status::Unsolved,
                    detail: String::new(),
                };
                (verdict, place, Hint::Stuck.at(level))
            }
            Ok(hint) => (Verdict::ok("hinted"), place, hint.at(level)),
        },
    };
    let mut out = std::io::stdout().lock();
    match args.format {
        TextFormat::Text => writeln!(out, "{graded}")?,
        TextFormat::Json => writeln!(out, "{}", serde_json::to_string(&graded)?)?,
    }
    out.flush()?;
    if let Some(message) = verdict.message(|| place).filter(|_| !quiet) {
        eprintln!("{message}");
    }
    Ok(verdict.status)
}

/// What stands for a hint that cannot be given: the verdict's word, and why.
fn no_step(level: Level, verdict: &Verdict) -> Graded {
    Graded::NoStep(NoStepHint {
        level,
        status: verdict.word,
        text: if verdict.detail.is_empty() {
            verdict.word.to_string()
        } else {
            format!("{}: {}", verdict.word, verdict.detail)
        },
    })
}

/// The player's state on the puzzle, with the puzzle's place for messages;
/// or what is wrong with the input, and where.
fn read(args: &HintArgs, options: ParseOptions) -> Result<(State, String), (Verdict, String)> {
    let mut first = None;
    Inputs::new(std::slice::from_ref(&args.puzzle), options).for_each(|source, found| {
        first = Some((source.to_string(), found));
        false
    });
    let Some((source, found)) = first else {
        return Err((Verdict::invalid("no puzzle found"), args.puzzle.clone()));
    };
    let entry = match found {
        Found::Problem(message) => return Err((Verdict::invalid(message), source)),
        Found::Puzzle(raw) => raw.parse(),
    };
    let place = input::place(&source, entry.index, entry.line);
    let givens = match (&entry.result, &entry.marks) {
        (Err(e), _) => return Err((Verdict::invalid(e), place)),
        (Ok(_), Some(_)) => {
            let why = "the puzzle is its givens; pencil marks go in --state";
            return Err((Verdict::invalid(why), place));
        }
        (Ok(givens), None) => givens,
    };
    let Some(text) = &args.state else {
        return Ok((State::from_puzzle(givens), place));
    };
    let state = state_text(text)
        .and_then(|text| {
            let player = parse_state(&text, options)?;
            Ok(player_state(givens, &player)?)
        })
        .map_err(|e| (Verdict::invalid(format!("{e:#}")), "--state".to_string()))?;
    Ok((state, place))
}

/// The text of `--state`: a file's contents, or the argument itself.
fn state_text(arg: &str) -> Result<String> {
    if arg == "-" {
        return std::io::read_to_string(std::io::stdin()).context("cannot read standard input");
    }
    let path = Path::new(arg);
    if path.is_file() {
        return std::fs::read_to_string(path).with_context(|| format!("cannot read {arg}"));
    }
    Ok(arg.to_string())
}
