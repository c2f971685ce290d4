//! `sudokit bench --rate`: how fast Sudoku Explainer's rating runs, per
//! collection, on one thread.
//!
//! Each puzzle is rated as `sudokit rate -j1` rates it (its solutions
//! counted first, then SE's path), timed one by one, and the whole pass is
//! repeated `--repeats` times: puzzles/s comes from the median pass, the
//! median and slowest puzzle from the last. These are the figures to set
//! beside Sudoku Explainer's own batch rater, `serate`, run on the same
//! files (the README gives both commands). With `--rules hodoku` the
//! rating timed is HoDoKu's (`sudokit rate --rules hodoku -j1`: solutions
//! counted, then HoDoKu's path), to set beside HoDoKu's own batch solver.

use super::collections::{file_width, short, Collection};
use crate::args::{BenchArgs, RuleSet, TextFormat};
use crate::Status;
use anyhow::Result;
use serde::Serialize;
use std::io::Write;
use std::time::Instant;
use sudokit::logic::hodoku::{self, Board, Config};
use sudokit::logic::rating::check_unique;
use sudokit::logic::{rate, Cache, State};

/// One JSON record: a collection's rating times.
#[derive(Serialize)]
struct Row<'a> {
    file: &'a str,
    mode: &'a str,
    puzzles: usize,
    /// Rated to the end (not 20.0).
    rated: usize,
    /// Not rated: no solution, or several.
    not_unique: usize,
    /// From the median pass.
    puzzles_per_sec: f64,
    seconds_per_pass: f64,
    /// Per puzzle, in milliseconds.
    median_ms: f64,
    max_ms: f64,
    /// The highest ER (or score) of the collection, and the slowest
    /// puzzle's.
    #[serde(flatten)]
    peak: Peak,
    repeats: u64,
}

/// What a row says of the collection's ratings: SE's highest ER and the
/// slowest puzzle's, or HoDoKu's highest score and the slowest puzzle's.
#[derive(Serialize)]
#[serde(untagged)]
enum Peak {
    Er {
        max_er: f64,
        slowest_er: f64,
    },
    Score {
        rules: &'static str,
        max_score: u32,
        slowest_score: u32,
    },
}

/// One pass over a collection.
struct Pass {
    seconds: f64,
    /// Each puzzle's time and ER or score (None when it is not unique).
    each: Vec<(f64, Option<f64>)>,
    rated: usize,
}

pub fn run(collections: &[Collection], args: &BenchArgs) -> Result<Status> {
    let repeats = args.repeats.unwrap_or(1);
    let mut status = Status::Ok;
    let mut out = std::io::stdout().lock();
    let width = file_width(collections);
    let hodoku = args.rules == RuleSet::Hodoku;
    let (measure, places) = if hodoku { ("score", 0) } else { ("ER", 1) };
    // The last two columns, as wide as their headings.
    let (w1, w2) = (6.max(measure.len() + 4), 11.max(measure.len() + 8));
    if args.format == TextFormat::Text && hodoku {
        writeln!(
            out,
            "Each puzzle is rated as `sudokit rate --rules hodoku -j1` rates it (solutions \
             counted,\nthen HoDoKu's path), timed one by one; puzzles/s is the median of \
             {repeats} pass(es),\nmedian and max ms are per puzzle, and max score / slowest \
             score the highest\nscore and the slowest puzzle's.\n"
        )?;
    } else if args.format == TextFormat::Text {
        writeln!(
            out,
            "Each puzzle is rated as `sudokit rate -j1` rates it (solutions counted, then \
             Sudoku\nExplainer's path), timed one by one; puzzles/s is the median of {repeats} \
             pass(es),\nmedian and max ms are per puzzle, and max ER / slowest ER the highest \
             rating and\nthe slowest puzzle's.\n"
        )?;
    }
    if args.format == TextFormat::Text {
        writeln!(
            out,
            "{:<width$} {:>7} {:>6} {:>11} {:>9} {:>10} {:>10} {:>w1$} {:>w2$}",
            "file",
            "puzzles",
            "rated",
            "puzzles/s",
            "s/pass",
            "median ms",
            "max ms",
            format!("max {measure}"),
            format!("slowest {measure}")
        )?;
    }
    for collection in collections {
        let mut passes: Vec<Pass> = (0..repeats)
            .map(|_| pass(&collection.puzzles, hodoku))
            .collect();
        passes.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
        let median = passes[passes.len() / 2].seconds;
        let last = passes.pop().expect("at least one pass");
        let not_unique = last.each.iter().filter(|(_, er)| er.is_none()).count();
        if not_unique > 0 {
            status = status.max(Status::Unsolved);
        }
        let mut times: Vec<f64> = last.each.iter().map(|&(t, _)| t).collect();
        times.sort_by(f64::total_cmp);
        let slowest = last
            .each
            .iter()
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .and_then(|&(_, er)| er);
        let max = last
            .each
            .iter()
            .filter_map(|&(_, er)| er)
            .max_by(f64::total_cmp);
        let (max, slowest) = (max.unwrap_or(0.0), slowest.unwrap_or(0.0));
        let peak = if hodoku {
            Peak::Score {
                rules: "hodoku",
                max_score: max as u32,
                slowest_score: slowest as u32,
            }
        } else {
            Peak::Er {
                max_er: max,
                slowest_er: slowest,
            }
        };
        let row = Row {
            file: &collection.name,
            mode: "rate",
            puzzles: collection.puzzles.len(),
            rated: last.rated,
            not_unique,
            puzzles_per_sec: collection.puzzles.len() as f64 / median.max(1e-9),
            seconds_per_pass: median,
            median_ms: times.get(times.len() / 2).copied().unwrap_or(0.0) * 1e3,
            max_ms: times.last().copied().unwrap_or(0.0) * 1e3,
            peak,
            repeats,
        };
        match args.format {
            TextFormat::Text => writeln!(
                out,
                "{:<width$} {:>7} {:>6} {:>11.1} {:>9.3} {:>10.2} {:>10.1} {:>w1$.places$} {:>w2$.places$}",
                short(row.file),
                row.puzzles,
                row.rated,
                row.puzzles_per_sec,
                row.seconds_per_pass,
                row.median_ms,
                row.max_ms,
                max,
                slowest
            )?,
            TextFormat::Json => writeln!(out, "{}", serde_json::to_string(&row)?)?,
        }
        if not_unique > 0 {
            crate::out::note(&format!(
                "sudokit: {}: {not_unique} puzzle(s) have no solution or several and were \
                 not rated (their time is counted)",
                collection.name
            ))?;
        }
    }
    Ok(status)
}

/// Rates every puzzle once, timing each: by SE's rules, or by HoDoKu's
/// (its solutions counted, then its path; a grid its rules do not take
/// counts as not rated).
fn pass(puzzles: &[sudokit::Grid], hodoku: bool) -> Pass {
    let start = Instant::now();
    let mut rated = 0;
    // One cache for the pass, as one thread of `sudokit rate` keeps it.
    let mut cache = Cache::new();
    let each = puzzles
        .iter()
        .map(|puzzle| {
            let t = Instant::now();
            let (complete, value) = if hodoku {
                let state = State::from_puzzle(puzzle);
                let path = (hodoku::hint::takes(&state) && check_unique(puzzle).is_ok())
                    .then(|| hodoku::solve_board(Board::from_state(&state), &Config::default()));
                (
                    path.as_ref().is_some_and(|p| p.solved),
                    path.map(|p| f64::from(p.score)),
                )
            } else {
                let rating = rate(&mut cache, puzzle).ok();
                let complete = rating.as_ref().is_some_and(|r| r.complete);
                (complete, rating.map(|r| r.er.value()))
            };
            let seconds = t.elapsed().as_secs_f64();
            rated += usize::from(complete);
            (seconds, value)
        })
        .collect();
    Pass {
        seconds: start.elapsed().as_secs_f64(),
        each,
        rated,
    }
}
