//! `sudokit bench --rate`: how fast Sudoku Explainer's rating runs, per
//! collection, on one thread.
//!
//! Each puzzle is rated as `sudokit rate -j1` rates it (its solutions
//! counted first, then SE's path), timed one by one, and the whole pass is
//! repeated `--repeats` times: puzzles/s comes from the median pass, the
//! median and slowest puzzle from the last. These are the figures to set
//! beside Sudoku Explainer's own batch rater, `serate`, run on the same
//! files (the README gives both commands).

use super::collections::{file_width, short, Collection};
use crate::args::{BenchArgs, TextFormat};
use crate::Status;
use anyhow::Result;
use serde::Serialize;
use std::io::Write;
use std::time::Instant;
use sudokit::logic::{rate, Cache, Difficulty};

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
    /// The highest ER of the collection, and the slowest puzzle's.
    max_er: f64,
    slowest_er: f64,
    repeats: u64,
}

/// One pass over a collection.
struct Pass {
    seconds: f64,
    /// Each puzzle's time and ER (None when it is not unique).
    each: Vec<(f64, Option<Difficulty>)>,
    rated: usize,
}

pub fn run(collections: &[Collection], args: &BenchArgs) -> Result<Status> {
    let repeats = args.repeats.unwrap_or(1);
    let mut status = Status::Ok;
    let mut out = std::io::stdout().lock();
    let width = file_width(collections);
    if args.format == TextFormat::Text {
        writeln!(
            out,
            "Each puzzle is rated as `sudokit rate -j1` rates it (solutions counted, then \
             Sudoku\nExplainer's path), timed one by one; puzzles/s is the median of {repeats} \
             pass(es),\nmedian and max ms are per puzzle, and max ER / slowest ER the highest \
             rating and\nthe slowest puzzle's.\n"
        )?;
        writeln!(
            out,
            "{:<width$} {:>7} {:>6} {:>11} {:>9} {:>10} {:>10} {:>6} {:>11}",
            "file",
            "puzzles",
            "rated",
            "puzzles/s",
            "s/pass",
            "median ms",
            "max ms",
            "max ER",
            "slowest ER"
        )?;
    }
    for collection in collections {
        let mut passes: Vec<Pass> = (0..repeats).map(|_| pass(&collection.puzzles)).collect();
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
        let max_er = last.each.iter().filter_map(|&(_, er)| er).max();
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
            max_er: max_er.map_or(0.0, Difficulty::value),
            slowest_er: slowest.map_or(0.0, Difficulty::value),
            repeats,
        };
        match args.format {
            TextFormat::Text => writeln!(
                out,
                "{:<width$} {:>7} {:>6} {:>11.1} {:>9.3} {:>10.2} {:>10.1} {:>6.1} {:>11.1}",
                short(row.file),
                row.puzzles,
                row.rated,
                row.puzzles_per_sec,
                row.seconds_per_pass,
                row.median_ms,
                row.max_ms,
                row.max_er,
                row.slowest_er
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

/// Rates every puzzle once, timing each.
fn pass(puzzles: &[sudokit::Grid]) -> Pass {
    let start = Instant::now();
    let mut rated = 0;
    // One cache for the pass, as one thread of `sudokit rate` keeps it.
    let mut cache = Cache::new();
    let each = puzzles
        .iter()
        .map(|puzzle| {
            let t = Instant::now();
            let rating = rate(&mut cache, puzzle).ok();
            let seconds = t.elapsed().as_secs_f64();
            rated += usize::from(rating.as_ref().is_some_and(|r| r.complete));
            (seconds, rating.map(|r| r.er))
        })
        .collect();
    Pass {
        seconds: start.elapsed().as_secs_f64(),
        each,
        rated,
    }
}
