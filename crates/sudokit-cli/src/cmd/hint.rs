//! `sudokit hint PUZZLE [--state STATE]`: the next logical step from a
//! player's state, as much of it as `--level` gives away, or the square
//! that is wrong.
//!
//! The puzzles are read like any other input (a puzzle itself, files, or
//! `-` and nothing for stdin), and each gets its hint, in input order, as
//! soon as it is found (streamed and on every core, like `rate`). The state
//! is the placed digits or the pencil marks, in any form
//! [`sudokit::parse::parse_state`] reads, written out or in a file; it is
//! the state of every puzzle read. A puzzle given as a line of HoDoKu's
//! library format is its givens, and, without `--state`, its placed
//! digits and candidates are the state. What is printed, and its exit
//! status:
//!
//! | outcome | text | JSON `status` | exit |
//! |---|---|---|---|
//! | a step | the level's sentence | `hinted`, and the level's fields (`move`: the step's) | 0 |
//! | a mistake | which square is wrong | `mistake`, and `mistake`, `square`, `digit` | 0 |
//! | solved | `The grid is solved.` | `solved` | 0 |
//! | stuck | no technique finds a step | `stuck` | 1 |
//! | no solution, several | `unsolvable`, `multiple` | the word | 1 |
//! | bad input | `invalid` | `invalid`, and `error` | 2 |
//!
//! With `--rules hodoku` the step is the one HoDoKu's path takes next from
//! the state (`sudokit::logic::hodoku::hint`), graded by the same ladder;
//! a puzzle its rules do not take (not 9x9, or diagonal) is `invalid`.
//!
//! A JSON answer is the puzzle's record, as every subcommand writes it
//! (`file`, `index`, `line`, `puzzle`, `status`, `error`, ...; `solution`
//! left null: a hint must not give the solution away), then the hint's
//! `level` and its own fields, so a batch of hints says which puzzle each
//! answers.

use super::batch::{Answers, Rendered};
use super::rate::{run_checked, unrated};
use super::solve::record;
use crate::args::{HintArgs, StepOrder, TextFormat};
use crate::input::parse_options;
use crate::out::shown;
use crate::record::{Record, Verdict};
use crate::Status;
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::path::Path;
use std::time::Instant;
use sudokit::batch::Answer;
use sudokit::logic::hint::{self, player_state, Graded, GradedFields, NoStepHint};
use sudokit::logic::hodoku::hint::{HintError, HodokuHint};
use sudokit::logic::hodoku::{self, Config};
use sudokit::logic::{Cache, Hint, Level, Order, Rules, State};
use sudokit::parse::{parse_state, PlayerState};

pub fn run(args: &HintArgs, quiet: bool) -> Result<Status> {
    let rules = Rules::from(args.rules);
    if rules == Rules::Hodoku && args.order != StepOrder::Easiest {
        bail!("--order is for SE's rules: HoDoKu's rules take their steps in HoDoKu's order");
    }
    let options = parse_options(args.size, args.diagonal);
    let reads_stdin = args.puzzles.is_empty() || args.puzzles.iter().any(|p| p == "-");
    // The state is read once, before the puzzles: stdin cannot hold both.
    let state = match &args.state {
        Some(text) if text == "-" && reads_stdin => bail!(
            "--state -: standard input holds the puzzles; give the puzzle as an \
             argument or a file"
        ),
        Some(text) => Some(
            state_text(text)
                .and_then(|text| Ok(parse_state(&text, options)?))
                .map_err(|e| format!("{e:#}")),
        ),
        None => None,
    };
    let hints = Hints {
        level: Level::from(args.level),
        order: args.order.into(),
        rules,
        config: args.switches.config(rules)?,
        format: args.format,
        state,
    };
    let inputs = crate::input::Inputs::new(&args.puzzles, options);
    let timed = args.format == TextFormat::Json;
    run_checked(inputs, args.jobs, timed, quiet, &hints)
}

/// The fields `hint` adds to each JSON record: the graded hint's level and
/// its own fields (its status is the record's).
#[derive(Serialize)]
struct Hinted<'a> {
    level: Level,
    #[serde(flatten)]
    hint: GradedFields<'a>,
}

impl<'a> From<&'a Graded> for Hinted<'a> {
    fn from(graded: &'a Graded) -> Hinted<'a> {
        Hinted {
            level: graded.level(),
            hint: graded.fields(),
        }
    }
}

struct Hints {
    level: Level,
    order: Order,
    rules: Rules,
    /// The step types HoDoKu's rules use.
    config: Config,
    format: TextFormat,
    /// `--state`, read, or why it cannot be.
    state: Option<std::result::Result<PlayerState, String>>,
}

impl Hints {
    /// The state to hint from, or the verdict on the input and, for a bad
    /// `--state`, its place.
    fn start(&self, answer: &Answer) -> std::result::Result<State, (Verdict, bool)> {
        let entry = &answer.entry;
        let givens = match (&answer.outcome, &entry.result, &entry.marks) {
            (Err(e), _, _) => return Err((Verdict::invalid(e), false)),
            (_, Err(e), _) => return Err((Verdict::invalid(e), false)),
            // A line of HoDoKu's library format is a puzzle (its givens)
            // and a state (its placed digits and candidates); `--state`,
            // when given, is the state instead.
            (_, Ok(givens), Some(marks)) if entry.placed.is_some() => {
                if self.state.is_none() {
                    let player = PlayerState::Written {
                        values: entry.placed.as_deref().unwrap_or(givens).clone(),
                        marks: marks.sets().to_vec(),
                    };
                    return player_state(givens, &player)
                        .map_err(|e| (Verdict::invalid(format!("{e:#}")), false));
                }
                givens
            }
            (_, Ok(_), Some(_)) => {
                let why = "the puzzle is its givens; pencil marks go in --state";
                return Err((Verdict::invalid(why), false));
            }
            (_, Ok(givens), None) => givens,
        };
        match &self.state {
            None => Ok(State::from_puzzle(givens)),
            Some(Err(why)) => Err((Verdict::invalid(why), true)),
            Some(Ok(player)) => {
                player_state(givens, player).map_err(|e| (Verdict::invalid(format!("{e:#}")), true))
            }
        }
    }
}

impl Hints {
    /// The hint by HoDoKu's rules: its verdict, and the hint graded.
    fn hodoku(&self, state: &State) -> (Verdict, bool, Graded) {
        let level = self.level;
        match hodoku::hint::hint(state, &self.config) {
            Err(HintError::NotStandard) => {
                let verdict = Verdict::invalid(hodoku::hint::NOT_9X9);
                let graded = no_step(level, &verdict);
                (verdict, false, graded)
            }
            Err(HintError::Puzzle(error)) => {
                let verdict = unrated(error, "hint");
                let graded = no_step(level, &verdict);
                (verdict, false, graded)
            }
            Ok(stuck @ HodokuHint::Stuck(_)) => {
                let verdict = Verdict {
                    word: "stuck",
                    status: Status::Unsolved,
                    detail: String::new(),
                };
                (verdict, false, stuck.at(level))
            }
            Ok(hint) => {
                let graded = hint.at(level);
                (Verdict::ok(graded.status()), false, graded)
            }
        }
    }
}

impl Answers for Hints {
    fn answer(&self, source: &str, answer: &Answer, cache: &mut Cache) -> Rendered {
        let start = Instant::now();
        let level = self.level;
        let (verdict, at_state, graded) = match self.start(answer) {
            Err((verdict, at_state)) => {
                let graded = no_step(level, &verdict);
                (verdict, at_state, graded)
            }
            Ok(state) if self.rules == Rules::Hodoku => self.hodoku(&state),
            Ok(state) => match hint::hint(cache, &state, self.order) {
                Err(error) => {
                    let verdict = unrated(error, "hint");
                    let graded = no_step(level, &verdict);
                    (verdict, false, graded)
                }
                Ok(Hint::Stuck) => {
                    let verdict = Verdict {
                        word: "stuck",
                        status: Status::Unsolved,
                        detail: String::new(),
                    };
                    (verdict, false, Hint::Stuck.at(level))
                }
                // A step (`hinted`), a mistake (`mistake`) or a solved
                // grid (`solved`): the hint's own word.
                Ok(hint) => {
                    let graded = hint.at(level);
                    (Verdict::ok(graded.status()), false, graded)
                }
            },
        };
        debug_assert_eq!(verdict.word, graded.status());
        let out = match self.format {
            TextFormat::Text => format!("{graded}\n"),
            TextFormat::Json => {
                let mut record = record(source, answer, &verdict, None);
                // A hint must not give the solution away.
                record.solution = None;
                record.seconds += start.elapsed().as_secs_f64();
                record.with(Hinted::from(&graded)).to_line()
            }
        };
        let mut rendered = Rendered::answer(out, &verdict, source, answer);
        if at_state {
            rendered.message = verdict.message(|| "--state".to_string());
        }
        rendered
    }

    fn problem(&self, source: &str, message: &str) -> String {
        let graded = no_step(self.level, &Verdict::invalid(message));
        match self.format {
            TextFormat::Text => format!("{graded}\n"),
            TextFormat::Json => Record::problem(source, message)
                .with(Hinted::from(&graded))
                .to_line(),
        }
    }
}

/// What stands for a hint that cannot be given: the verdict's word, and why
/// (any text from the input in it shown escaped).
fn no_step(level: Level, verdict: &Verdict) -> Graded {
    Graded::NoStep(NoStepHint {
        level,
        status: verdict.word,
        text: if verdict.detail.is_empty() {
            verdict.word.to_string()
        } else {
            format!("{}: {}", verdict.word, shown(&verdict.detail))
        },
    })
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
