//! `sudokit bench`: engines side by side over puzzle files, with Norvig's
//! `solve_all` report and tdoku's columns (puzzles/s, µs/puzzle, % solved
//! without guessing, guesses/puzzle).
//!
//! Puzzles are read into memory first. Each file and engine gets one checked
//! pass (which gives solve_all's figures: solved, average, maximum, nodes),
//! then `--repeats` timed passes of about `--seconds` each; the throughput
//! reported is their median. With no file, Norvig's three collections built
//! into the binary are used, so a new user sees the main job at once.

use crate::args::{BenchArgs, BenchFormat, BenchMode};
use crate::Status;
use anyhow::{Context, Result};
use serde_json::json;
use std::io::Write;
use sudokit::batch::{measure, solve_all};
use sudokit::parse::{read_puzzles, ParseOptions};
use sudokit::{EngineKind, Grid, Limits, Variant};

/// Norvig's collections, built in.
const BUILT_IN: [(&str, &str); 3] = [
    ("easy50", include_str!("../../data/norvig_easy50.txt")),
    ("top95", include_str!("../../data/norvig_top95.txt")),
    ("hardest", include_str!("../../data/norvig_hardest.txt")),
];

pub fn run(args: &BenchArgs) -> Result<Status> {
    let mut out = std::io::stdout().lock();
    let mut status = Status::Ok;
    let options = ParseOptions {
        size: None,
        variant: if args.diagonal {
            Variant::Diagonal
        } else {
            Variant::Standard
        },
    };
    let mut corpora: Vec<(String, String)> = Vec::new();
    if args.files.is_empty() {
        for (name, text) in BUILT_IN {
            corpora.push((name.to_string(), text.to_string()));
        }
    }
    for path in &args.files {
        match std::fs::read_to_string(path)
            .with_context(|| format!("cannot read '{}'", path.display()))
        {
            Ok(text) => corpora.push((path.display().to_string(), text)),
            Err(e) => {
                eprintln!("sudokit: error: {e:#}");
                status = Status::Invalid;
            }
        }
    }
    let limits = Limits {
        max_guesses: args.max_guesses,
    };
    let max_solutions = match args.mode {
        BenchMode::First => 1,
        BenchMode::Count => 2,
    };
    let mode = match args.mode {
        BenchMode::First => "first",
        BenchMode::Count => "count",
    };
    // The file column fits the longest name, so the columns stay aligned.
    let width = corpora
        .iter()
        .map(|(name, _)| short(name).chars().count())
        .max()
        .unwrap_or(0)
        .max("file".len());
    if args.format == BenchFormat::Text {
        writeln!(
            out,
            "{:<width$} {:<9} {:>5} {:>8} {:>12} {:>11} {:>9} {:>14}",
            "file",
            "engine",
            "mode",
            "puzzles",
            "puzzles/s",
            "µs/puzzle",
            "no-guess",
            "guesses/puzzle"
        )?;
    }
    let mut solve_all_lines = Vec::new();
    for (name, text) in &corpora {
        let mut puzzles: Vec<Grid> = Vec::new();
        for entry in read_puzzles(text, options) {
            match entry.result {
                Ok(grid) => puzzles.push(grid),
                Err(e) => {
                    eprintln!(
                        "sudokit: {name} line {}: invalid: {e} (left out)",
                        entry.line
                    );
                    status = Status::Invalid;
                }
            }
        }
        let engines = if args.engine.is_empty() {
            vec![puzzles
                .first()
                .map_or(EngineKind::Norvig, |p| EngineKind::best_for(p.shape()))]
        } else {
            args.engine.clone()
        };
        for kind in engines {
            let solver = kind.solver();
            if let Some(p) = puzzles.iter().find(|p| !solver.supports(p.shape())) {
                eprintln!(
                    "sudokit: {name}: the {kind} engine cannot solve {}x{} grids; skipped",
                    p.shape().side(),
                    p.shape().side()
                );
                status = Status::Invalid;
                continue;
            }
            let report = solve_all(name, &puzzles, solver.as_ref(), max_solutions, &limits);
            if report.solved < report.puzzles && args.mode == BenchMode::First {
                status = status.max(Status::Unsolved);
            }
            let rate = measure(
                &puzzles,
                solver.as_ref(),
                max_solutions,
                &limits,
                args.seconds,
                args.repeats as usize,
            );
            let n = puzzles.len().max(1) as f64;
            let no_guess_pct = 100.0 * report.no_guess as f64 / n;
            let usec = if rate > 0.0 { 1e6 / rate } else { 0.0 };
            match args.format {
                BenchFormat::Text => {
                    writeln!(
                        out,
                        "{:<width$} {:<9} {:>5} {:>8} {:>12.0} {:>11.2} {:>8.1}% {:>14.2}",
                        short(name),
                        kind.name(),
                        mode,
                        report.puzzles,
                        rate,
                        usec,
                        no_guess_pct,
                        report.guesses_per_puzzle
                    )?;
                    solve_all_lines.push(report.to_string());
                }
                BenchFormat::Json => writeln!(
                    out,
                    "{}",
                    json!({
                        "file": name,
                        "engine": kind.name(),
                        "mode": mode,
                        "puzzles": report.puzzles,
                        "solved": report.solved,
                        "puzzles_per_sec": rate,
                        "usec_per_puzzle": usec,
                        "guesses_per_puzzle": report.guesses_per_puzzle,
                        "no_guess_pct": no_guess_pct,
                        "avg_secs": report.avg_secs,
                        "max_secs": report.max_secs,
                        "hz": report.hz,
                    })
                )?,
            }
        }
    }
    if !solve_all_lines.is_empty() {
        writeln!(out)?;
        for line in solve_all_lines {
            writeln!(out, "{line}")?;
        }
    }
    Ok(status)
}

/// The file name without its folders, so the table stays narrow.
fn short(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}
