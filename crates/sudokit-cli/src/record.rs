//! What the command says about each puzzle, in one vocabulary and one JSON
//! schema for every subcommand.
//!
//! A puzzle ends in one of a few states, and each has one word, used on
//! stdout (line format), in JSON (`status`) and at the start of the stderr
//! message: `solved`, `unsolvable` (no solution), `limit` (the guess budget
//! ran out first), `invalid` (not a puzzle, or an input that cannot be read).
//! `count` says `unique`, `multiple` or `solvable` instead of `solved`, and
//! `candidates` says `open` when propagation leaves squares undecided.
//!
//! Every JSON answer is a [`Record`]: the same fields, always present (null
//! when they do not apply), plus the few a subcommand adds.

use crate::out::{shown, shown_owned};
use crate::Status;
use serde::Serialize;
use sudokit::{EngineKind, Report};

/// How one puzzle went: its word, the exit status it calls for, and what
/// stderr says beyond the word. Every puzzle that did not go well gets a
/// stderr message; a solved one gets none.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// `solved`, `unsolvable`, `limit`, `invalid`, ...
    pub word: &'static str,
    /// What it means for the exit code.
    pub status: Status,
    /// The rest of the stderr message (`digit 5 is given twice ...`); may
    /// be empty.
    pub detail: String,
}

impl Verdict {
    /// A puzzle that was answered.
    pub fn ok(word: &'static str) -> Verdict {
        Verdict {
            word,
            status: Status::Ok,
            detail: String::new(),
        }
    }

    /// Bad input: `invalid`, and why.
    pub fn invalid(why: impl ToString) -> Verdict {
        Verdict {
            word: "invalid",
            status: Status::Invalid,
            detail: why.to_string(),
        }
    }

    /// No solution.
    pub fn unsolvable(why: &str) -> Verdict {
        Verdict {
            word: "unsolvable",
            status: Status::Unsolved,
            detail: why.to_string(),
        }
    }

    /// The guess budget ran out.
    pub fn limit(why: String) -> Verdict {
        Verdict {
            word: "limit",
            status: Status::Unsolved,
            detail: why,
        }
    }

    /// The stderr line, `sudokit: file puzzle 3 (line 7): invalid: why`, for
    /// a puzzle that did not go well.
    pub fn message(&self, place: impl FnOnce() -> String) -> Option<String> {
        if self.status == Status::Ok {
            return None;
        }
        Some(if self.detail.is_empty() {
            format!("sudokit: {}: {}", place(), self.word)
        } else {
            format!("sudokit: {}: {}: {}", place(), self.word, self.detail)
        })
    }

    /// The JSON `error` field: why a puzzle is invalid, else null.
    pub fn error(&self) -> Option<String> {
        (self.status == Status::Invalid).then(|| shown(&self.detail).into_owned())
    }
}

/// `limit: gave up after 2 guesses (--max-guesses 2)`'s detail.
pub fn gave_up(report: &Report, max_guesses: Option<u64>) -> String {
    let max = max_guesses.unwrap_or(report.stats.guesses);
    format!(
        "gave up after {} (--max-guesses {max})",
        counted(report.stats.guesses, "guess", "guesses")
    )
}

/// `1 guess`, `2 guesses`: a number with its noun, singular for one, as
/// every message writes counts.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One JSON answer. Every subcommand writes these fields for every puzzle,
/// valid or not; `E` adds the subcommand's own (`()` adds none).
#[derive(Clone, Debug, Serialize)]
pub struct Record<E: Serialize = ()> {
    /// The input: a file name, `<stdin>` or `<argument>`.
    pub file: String,
    /// The puzzle's position among the input's puzzles, from 1 (null for a
    /// problem with the input as a whole).
    pub index: Option<usize>,
    /// The line the puzzle starts on, from 1 (null likewise).
    pub line: Option<usize>,
    /// The puzzle in one-line form, or its text as read when it is invalid.
    pub puzzle: Option<String>,
    /// How it went (see the module docs).
    pub status: &'static str,
    /// Why it is invalid; null otherwise.
    pub error: Option<String>,
    /// The engine that searched it; null when none did.
    pub engine: Option<&'static str>,
    /// The (first) solution found; null when none was.
    pub solution: Option<String>,
    /// Guesses made.
    pub guesses: u64,
    /// Guesses undone after a contradiction.
    pub backtracks: u64,
    /// Calls of the solving function (the backtrack engine counts them;
    /// null for the others).
    pub calls: Option<u64>,
    /// Seconds the search took.
    pub seconds: f64,
    /// The subcommand's own fields.
    #[serde(flatten)]
    pub extra: E,
}

impl Record<()> {
    /// A record for a puzzle, with nothing searched yet.
    /// Text from the input (the file's name, a bad line) has any control
    /// character in it escaped, as everywhere it is shown.
    pub fn new(file: &str, index: usize, line: usize, puzzle: String) -> Record {
        Record {
            file: shown(file).into_owned(),
            index: Some(index),
            line: Some(line),
            puzzle: Some(shown_owned(puzzle)),
            status: "invalid",
            error: None,
            engine: None,
            solution: None,
            guesses: 0,
            backtracks: 0,
            calls: None,
            seconds: 0.0,
            extra: (),
        }
    }

    /// A record for an input that went wrong as a whole.
    pub fn problem(file: &str, message: &str) -> Record {
        Record {
            index: None,
            line: None,
            puzzle: None,
            error: Some(shown(message).into_owned()),
            ..Record::new(file, 0, 0, String::new())
        }
    }
}

impl<E: Serialize> Record<E> {
    /// The verdict's status and error.
    pub fn judged(mut self, verdict: &Verdict) -> Self {
        self.status = verdict.word;
        self.error = verdict.error();
        self
    }

    /// What a search cost and found.
    pub fn searched(mut self, engine: EngineKind, report: &Report) -> Self {
        self.engine = Some(engine.name());
        self.solution = report.first.as_ref().map(|g| g.to_line());
        self.guesses = report.stats.guesses;
        self.backtracks = report.stats.backtracks;
        self.calls = (engine == EngineKind::Backtrack).then_some(report.stats.calls);
        self.seconds = report.stats.elapsed.as_secs_f64();
        self
    }

    /// The same record with the subcommand's own fields.
    pub fn with<F: Serialize>(self, extra: F) -> Record<F> {
        Record {
            file: self.file,
            index: self.index,
            line: self.line,
            puzzle: self.puzzle,
            status: self.status,
            error: self.error,
            engine: self.engine,
            solution: self.solution,
            guesses: self.guesses,
            backtracks: self.backtracks,
            calls: self.calls,
            seconds: self.seconds,
            extra,
        }
    }

    /// One line of JSON, newline included.
    pub fn to_line(&self) -> String {
        let mut line = serde_json::to_string(self).unwrap_or_else(|e| {
            format!(r#"{{"status":"invalid","error":"cannot write JSON: {e}"}}"#)
        });
        line.push('\n');
        line
    }
}
