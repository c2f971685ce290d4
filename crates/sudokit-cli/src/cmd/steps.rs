//! `sudokit steps`: every step the named techniques find in a position
//! (HoDoKu's "find all steps"), not only the one a path would take.
//!
//! A position is a puzzle, a line of pencil marks, or a line of HoDoKu's
//! library format (`:<code>:<digits>:<givens with +placed>:<deleted>:
//! <eliminations>:<placements>:<extra>`), whose placed digits stay apart
//! from its givens. With `--rules hodoku` (9x9 without diagonals only) the
//! techniques are HoDoKu's step types, named by short name (`2sk`), library
//! code (`0401`) or name (`2-String Kite`); without `--technique`, every
//! step type that has a finder, except that a library line is searched as
//! HoDoKu's regression tester runs it: with its own technique, variant and
//! the tester's options, listing the steps of its code and digits, and
//! saying whether they are the ones the line lists (`passed`). With SE's
//! rules the techniques are named by id (`naked_pair`) and `--technique`
//! is needed (the hardest rules would take minutes).
//!
//! Text: a `puzzle` line per position, one line per step (its name, its
//! difficulty or HoDoKu's base score, its sentence), then how many steps
//! (and, for a library case, `passed` or `failed`). JSON: per position the
//! record every subcommand writes (status `found` or `invalid`; nothing is
//! solved, so `engine` and `solution` are null), `rules`, `steps` (every
//! step, as steps are written everywhere) and `case` (for a library line:
//! its `code`, `variant`, `fail` and `passed`; else null).

use super::batch::thread_pool;
use crate::args::{RuleSet, StepsArgs, TextFormat};
use crate::input::{parse_options, Found, Inputs};
use crate::out::shown;
use crate::record::{Record, Verdict};
use crate::Status;
use anyhow::{bail, Result};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Arc;
use sudokit::logic::hodoku::{self, search, Board, Kind};
use sudokit::logic::solver::SE_ORDER;
use sudokit::logic::{Cache, State, Step, Technique};

/// What to search for.
enum Wanted {
    /// HoDoKu's step types, or None for every one with a finder.
    Hodoku(Option<Vec<Kind>>),
    /// SE's techniques.
    Se(Vec<Technique>),
}

pub fn run(args: &StepsArgs) -> Result<Status> {
    if args.list {
        print!("{}", list(args.rules));
        return Ok(Status::Ok);
    }
    let wanted = match args.rules {
        RuleSet::Hodoku if args.technique.is_empty() => Wanted::Hodoku(None),
        RuleSet::Hodoku => {
            let mut kinds = Vec::new();
            for name in &args.technique {
                let Some(kind) = Kind::named(name) else {
                    bail!("--technique {name}: no HoDoKu step type has this short name, code or name (`sudokit steps --rules hodoku --list` lists them)");
                };
                if !search::implemented(kind) {
                    bail!(
                        "--technique {name}: sudokit has no finder for {} yet",
                        kind.name()
                    );
                }
                kinds.push(kind);
            }
            Wanted::Hodoku(Some(kinds))
        }
        RuleSet::Se if args.technique.is_empty() => {
            bail!("with SE's rules, name the techniques: --technique ID (`sudokit steps --list` lists them)")
        }
        RuleSet::Se => {
            let mut techniques = Vec::new();
            for name in &args.technique {
                let Some(t) = Technique::from_id(name) else {
                    bail!("--technique {name}: no SE technique has this id (`sudokit steps --list` lists them)");
                };
                techniques.push(t);
            }
            Wanted::Se(techniques)
        }
    };
    let options = parse_options(args.size, args.diagonal);
    let pool = thread_pool(args.jobs, false)?;
    let mut status = Status::Ok;
    let mut out = std::io::stdout().lock();
    let mut inputs = Inputs::new(&args.puzzles, options);
    // What is read without waiting is searched on every core at once, and
    // answered in input order.
    loop {
        let batches = inputs.read(CHUNK, true);
        if batches.is_empty() {
            break;
        }
        let found: Vec<(Arc<str>, Found)> = batches
            .into_iter()
            .flat_map(|b| {
                let source = b.source;
                b.found.into_iter().map(move |f| (source.clone(), f))
            })
            .collect();
        let answers: Vec<(Option<String>, String, Status)> = pool.install(|| {
            found
                .into_par_iter()
                .map(|(source, found)| match found {
                    Found::Problem(message) => {
                        let text = match args.format {
                            TextFormat::Text => String::new(),
                            TextFormat::Json => Record::problem(&source, &message)
                                .with(Listed {
                                    rules: sudokit::logic::Rules::from(args.rules).name(),
                                    steps: None,
                                    case: None,
                                })
                                .to_line(),
                        };
                        let message = format!("sudokit: {}: {message}\n", shown(&source));
                        (Some(message), text, Status::Invalid)
                    }
                    Found::Puzzle(raw) => answer(&source, raw, &wanted, args.format),
                })
                .collect()
        });
        for (message, text, worst) in answers {
            if let Some(message) = message {
                eprint!("{message}");
            }
            status = status.max(worst);
            if out.write_all(text.as_bytes()).is_err() {
                return Ok(status);
            }
        }
        out.flush()?;
    }
    Ok(status)
}

/// The most positions read (and searched at once) in one go.
const CHUNK: usize = 1024;

/// The step types (or SE's techniques) and the names `--technique` takes.
fn list(rules: RuleSet) -> String {
    let mut out = String::new();
    match rules {
        RuleSet::Hodoku => {
            for &kind in Kind::ALL {
                let finder = if search::implemented(kind) {
                    ""
                } else {
                    "  (no finder yet)"
                };
                let on = if kind.on_by_default() { "on" } else { "off" };
                let _ = writeln!(
                    out,
                    "{:<5} {:<4} {:<8} {:<5} {:<3} {}{finder}",
                    kind.short(),
                    kind.code().unwrap_or("xxxx"),
                    kind.level().name(),
                    kind.base_score(),
                    on,
                    kind.name()
                );
            }
        }
        RuleSet::Se => {
            for &t in Technique::ALL {
                let _ = writeln!(out, "{:<28} {:<5} {}", t.id(), t.difficulty(), t.name());
            }
        }
    }
    out
}

/// A library case's outcome.
#[derive(Serialize)]
struct CaseOutcome {
    code: String,
    variant: Option<u32>,
    fail: bool,
    passed: bool,
}

/// What `steps` adds to a position's record.
#[derive(Serialize)]
struct Listed<'a> {
    rules: &'static str,
    steps: Option<&'a [Step]>,
    case: Option<CaseOutcome>,
}

/// The steps of one position, as text or JSON, with the message for
/// stderr when it is invalid, and its exit status.
fn answer(
    source: &str,
    raw: sudokit::parse::RawEntry,
    wanted: &Wanted,
    format: TextFormat,
) -> (Option<String>, String, Status) {
    let (index, line) = (raw.index, raw.line);
    let puzzle = shown(raw.text.trim()).into_owned();
    let rules = match wanted {
        Wanted::Hodoku(_) => "hodoku",
        Wanted::Se(_) => "se",
    };
    let found = search_position(raw, wanted);
    let (steps, case, error) = match found {
        Ok((steps, case)) => (steps, case, None),
        Err(why) => (Vec::new(), None, Some(why)),
    };
    let mut out = String::new();
    match format {
        TextFormat::Text => {
            let _ = writeln!(out, "puzzle {puzzle}");
            for step in &steps {
                let _ = match &step.hodoku {
                    Some(h) => writeln!(out, "{} ({}): {}", step.name, h.score, step.text),
                    None => writeln!(out, "{step}"),
                };
            }
            let _ = match (&error, &case) {
                (Some(why), _) => writeln!(out, "invalid: {}", shown(why)),
                (None, Some(c)) => writeln!(
                    out,
                    "{} {}",
                    counted(steps.len()),
                    if c.passed { "passed" } else { "failed" }
                ),
                (None, None) => writeln!(out, "{}", counted(steps.len())),
            };
        }
        TextFormat::Json => {
            let verdict = match &error {
                Some(why) => Verdict::invalid(why),
                None => Verdict::ok("found"),
            };
            let listed = Listed {
                rules,
                steps: error.is_none().then_some(&steps[..]),
                case,
            };
            let record = Record::new(source, index, line, puzzle).judged(&verdict);
            out.push_str(&record.with(listed).to_line());
        }
    }
    if let Some(why) = &error {
        let message = format!(
            "sudokit: {} puzzle {index} (line {line}): invalid: {}\n",
            shown(source),
            shown(why)
        );
        return (Some(message), out, Status::Invalid);
    }
    (None, out, Status::Ok)
}

fn counted(n: usize) -> String {
    if n == 1 {
        "1 step".to_string()
    } else {
        format!("{n} steps")
    }
}

/// The steps found in one position, and a library case's outcome; or why
/// the position cannot be searched.
fn search_position(
    raw: sudokit::parse::RawEntry,
    wanted: &Wanted,
) -> std::result::Result<(Vec<Step>, Option<CaseOutcome>), String> {
    if let (true, Wanted::Hodoku(kinds)) = (raw.text.trim_start().starts_with(':'), wanted) {
        let case = hodoku::parse_case(raw.text.trim()).map_err(|e| e.to_string())?;
        return match kinds {
            Some(kinds) => Ok((hodoku_steps(kinds, &case.board), None)),
            None => library_case(&case),
        };
    }
    let entry = raw.parse();
    let grid = entry.result.map_err(|e| e.to_string())?;
    // A library line's placed digits are placed, apart from its givens.
    let values = entry.placed.as_deref().unwrap_or(&grid);
    let state = match &entry.marks {
        Some(marks) => State::from_marks(&grid, values, Some(marks.sets())),
        None => State::from_puzzle(&grid),
    };
    match wanted {
        Wanted::Hodoku(kinds) => {
            if !hodoku::hint::takes(&state) {
                return Err(hodoku::hint::NOT_9X9.to_string());
            }
            let board = Board::from_state(&state);
            let all: Vec<Kind>;
            let kinds = match kinds {
                Some(kinds) => kinds,
                None => {
                    all = Kind::ALL
                        .iter()
                        .copied()
                        .filter(|&k| search::implemented(k))
                        .collect();
                    &all
                }
            };
            Ok((hodoku_steps(kinds, &board), None))
        }
        Wanted::Se(techniques) => Ok((se_steps(techniques, &state), None)),
    }
}

/// Every step of each of `kinds` in `board` (the chain searches share
/// one cache: their tables are built once for the position).
fn hodoku_steps(kinds: &[Kind], board: &Board) -> Vec<Step> {
    let mut cache = search::Cache::new();
    kinds
        .iter()
        .filter_map(|&k| search::all_with(k, board, &mut cache).ok())
        .flatten()
        .map(|m| m.to_step())
        .collect()
}

/// A library case run as HoDoKu's regression tester runs it: the steps of
/// its code and digits, and whether they are what it lists (some, each
/// removing and placing exactly its candidates; none for a `-x` case).
fn library_case(
    case: &hodoku::Case,
) -> std::result::Result<(Vec<Step>, Option<CaseOutcome>), String> {
    let run = search::run_case(case).map_err(|e| format!("{e} (library code {})", case.code))?;
    let (matching, passed) = (run.matching, run.passed);
    let outcome = CaseOutcome {
        code: case.code.clone(),
        variant: case.variant,
        fail: case.fail,
        passed,
    };
    Ok((
        matching.iter().map(|m| m.to_step()).collect(),
        Some(outcome),
    ))
}

/// Every step of `techniques` SE's finders find in `state` (a finder that
/// cannot reach the hardest of them is not run).
fn se_steps(techniques: &[Technique], state: &State) -> Vec<Step> {
    let hardest = techniques
        .iter()
        .map(|t| t.difficulty().0)
        .max()
        .unwrap_or(0);
    let mut cache = Cache::new();
    let mut steps = Vec::new();
    for finder in SE_ORDER {
        if finder.min_difficulty() > hardest {
            continue;
        }
        let _ = finder.find(state, &mut cache, &mut |step: Step| {
            if techniques.contains(&step.technique) {
                steps.push(step);
            }
            ControlFlow::Continue(())
        });
    }
    steps
}
