//! `sudokit generate`: new puzzles with one solution (see
//! `sudokit::generate`), made on every core and printed as they are found.
//!
//! Try `i` of seed `s` always makes the same puzzle or misses the same way
//! (`sudokit::generate::try_rng`), so the tries are handed out in blocks,
//! each block worked on by the whole pool, and the successes printed in try
//! order: the first `--count` successes by try number are the same puzzles
//! whatever the number of threads. A block is sized from the share of
//! tries that succeeded so far, so a common puzzle wastes few tries after
//! the last one wanted, and a rare one keeps every core busy.
//!
//! With `--rules hodoku` each try's puzzle is rated by HoDoKu's rules and
//! kept when its level and score are those asked for, as HoDoKu's
//! generator keeps them ([`hodoku::Wanted::keeps`]), and when a technique is
//! asked for, when its path takes a step of it, as HoDoKu's practising
//! mode keeps them.

use super::batch::{spinner, thread_pool};
use crate::args::{parse_level, parse_technique, GenerateArgs, RuleSet, SolveFormat};
use crate::record::counted;
use crate::Status;
use anyhow::{bail, Result};
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use sudokit::generate::{
    fewest_givens, generate_nth_until, Generated, Miss, Options, Symmetry, Wanted,
};
use sudokit::logic::hodoku::{self, Kind, Level, Path, Refusal};
use sudokit::logic::Difficulty;
use sudokit::{format, Shape};

/// The most tries in one block.
const MAX_BLOCK: u64 = 4096;

/// One puzzle, as JSON.
#[derive(Serialize)]
struct Made {
    /// 1 for the first puzzle printed.
    index: u64,
    puzzle: String,
    solution: String,
    /// How many givens it has.
    givens: usize,
    symmetry: Symmetry,
    size: usize,
    variant: &'static str,
    /// Sudoku Explainer's ratings, when a difficulty was asked for (null
    /// otherwise).
    er: Option<Difficulty>,
    ep: Option<Difficulty>,
    ed: Option<Difficulty>,
    /// The id of the technique that set ER.
    technique: Option<&'static str>,
    /// Its name ("Pointing"), beside the id.
    name: Option<&'static str>,
    /// True when the rating reaches the solution (always, when rated: a
    /// puzzle no rule finishes is never accepted); null when not rated.
    complete: Option<bool>,
    /// The seed of the whole run.
    seed: u64,
    /// The try that made the puzzle (from 0).
    #[serde(rename = "try")]
    try_index: u64,
}

/// One puzzle kept by HoDoKu's rules, as JSON.
#[derive(Serialize)]
struct MadeHodoku {
    index: u64,
    puzzle: String,
    solution: String,
    givens: usize,
    symmetry: Symmetry,
    size: usize,
    variant: &'static str,
    rules: &'static str,
    /// HoDoKu's level (lower-case id) and score.
    level: &'static str,
    score: u32,
    /// The hardest step's technique (the first of the highest base score).
    technique: Option<&'static str>,
    name: Option<String>,
    seed: u64,
    #[serde(rename = "try")]
    try_index: u64,
}

/// A puzzle kept, with its HoDoKu path when HoDoKu's rules rated it.
type Kept = (Generated, Option<Path>);

pub fn run(args: &GenerateArgs, quiet: bool) -> Result<Status> {
    let shape = super::shape(args.size, args.diagonal);
    let hodoku_rules = hodoku_rules(args, shape)?;
    let options = options(args, shape)?;
    let seed = super::seed(args.seed, quiet)?;
    let pool = thread_pool(args.jobs, quiet)?;
    let threads = pool.current_num_threads() as u64;
    // Puzzles found and tries made.
    let progress = spinner(quiet, "{spinner} {msg}, {elapsed}");
    progress.set_message("0 puzzles, 0 tries");
    let start = Instant::now();
    let deadline = args.timeout.map(|s| start + Duration::from_secs_f64(s));
    let max_tries = args.max_tries.unwrap_or(u64::MAX);
    let mut out = BufWriter::new(io::stdout().lock());
    let (mut tries, mut made) = (0u64, 0u64);
    let started = AtomicU64::new(0);
    let mut timed_out = false;
    while made < args.count && tries < max_tries && !timed_out {
        let block = block_size(args.count - made, made, tries, threads);
        let end = tries.saturating_add(block).min(max_tries);
        let results: Vec<Option<Option<Kept>>> = pool.install(|| {
            (tries..end)
                .into_par_iter()
                .map(|i| {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        return None;
                    }
                    // A try cut short by the deadline counts as not made.
                    let found = match generate_nth_until(&options, seed, i, deadline) {
                        Err(Miss::TimedOut) => return None,
                        found => found.ok(),
                    };
                    // By HoDoKu's rules, a try whose puzzle is not kept
                    // misses.
                    let found = found.and_then(|g| match &hodoku_rules {
                        None => Some((g, None)),
                        Some(rules) => rules.keeps(&g.puzzle).map(|p| (g, Some(p))),
                    });
                    // The tries made so far, a few times a second on a
                    // rare search (the order does not matter here).
                    let done = started.fetch_add(1, Ordering::Relaxed) + 1;
                    if done.is_multiple_of(64) {
                        progress.set_message(format!(
                            "{made}/{}, {}",
                            counted(args.count, "puzzle", "puzzles"),
                            counted(done, "try", "tries")
                        ));
                    }
                    Some(found)
                })
                .collect()
        });
        // Past the deadline, tries are not made; those after the first one
        // not made are dropped, so the tries counted are a prefix.
        timed_out = results.iter().any(Option::is_none);
        for (i, found) in (tries..).zip(results.into_iter().map_while(|r| r)) {
            tries = i + 1;
            let Some((generated, path)) = found else {
                continue;
            };
            made += 1;
            print(
                &mut out,
                args.format,
                &generated,
                path.as_ref(),
                made,
                seed,
                i,
            )?;
            if made == args.count {
                break;
            }
        }
        out.flush()?;
        progress.set_message(format!(
            "{made}/{}, {}",
            counted(args.count, "puzzle", "puzzles"),
            counted(tries, "try", "tries")
        ));
    }
    progress.finish_and_clear();
    if made < args.count {
        let why = if timed_out {
            format!("--timeout {}", args.timeout.unwrap_or_default())
        } else {
            format!("--max-tries {max_tries}")
        };
        if !quiet {
            crate::out::note(&format!(
                "sudokit: stopped after {} ({why}): found {made} of {}; \
                 a wider range of givens or difficulty is found sooner",
                counted(tries, "try", "tries"),
                counted(args.count, "puzzle", "puzzles"),
            ))?;
        }
        return Ok(Status::Unsolved);
    }
    Ok(Status::Ok)
}

/// What `--rules hodoku` keeps (None for SE's rules), or a usage error
/// for a request it cannot take.
fn hodoku_rules(args: &GenerateArgs, shape: &'static Shape) -> Result<Option<hodoku::Wanted>> {
    if args.rules != RuleSet::Hodoku {
        if args.score.is_some() {
            bail!("--score is HoDoKu's: add --rules hodoku");
        }
        return Ok(None);
    }
    if args.er.is_some() {
        bail!("--er is for SE's rules: with --rules hodoku use --level or --score");
    }
    if shape.side() != 9 || shape.variant() != sudokit::Variant::Standard {
        bail!("{}", hodoku::hint::NOT_9X9);
    }
    let level = match &args.level {
        None => None,
        Some(name) => Some(
            name.parse::<Level>()
                .map_err(|e| anyhow::anyhow!("--level {name}: {e}"))?,
        ),
    };
    let technique = match &args.technique {
        None => None,
        Some(name) => Some(Kind::named(name).ok_or_else(|| {
            anyhow::anyhow!("--technique {name}: no HoDoKu step type has this short name, code or name (`sudokit steps --rules hodoku --list` lists them)")
        })?),
    };
    let wanted = hodoku::Wanted::new(level, args.score.unwrap_or((0, None)), technique);
    wanted.map(Some).map_err(|refusal| match refusal {
        Refusal::Scores => anyhow::anyhow!("--score: {refusal}"),
        Refusal::Technique(why) => {
            anyhow::anyhow!(
                "--technique {}: {why}",
                args.technique.as_deref().unwrap_or("")
            )
        }
    })
}

/// The library's options from the command line, or a usage error for a
/// request no puzzle can meet.
fn options(args: &GenerateArgs, shape: &'static Shape) -> Result<Options> {
    let squares = shape.square_count();
    let side = shape.side();
    let (low, high) = args.givens.unwrap_or((0, None));
    let (low, high) = (low as usize, high.map(|h| h as usize));
    if high.is_some_and(|h| h > squares) || low > squares {
        bail!("--givens: a {side}x{side} grid has only {squares} squares");
    }
    let fewest = fewest_givens(shape.size());
    if high.is_some_and(|h| h < fewest) {
        bail!("--givens: no {side}x{side} puzzle with one solution has fewer than {fewest} givens");
    }
    let mut wanted: Option<Wanted> = None;
    let mut want = |w: Wanted| wanted = Some(wanted.map_or(w, |old| old.and(w)));
    if let Some((min_er, max_er)) = args.er {
        want(Wanted {
            min_er,
            max_er,
            technique: None,
        });
    }
    if let (Some(level), RuleSet::Se) = (&args.level, args.rules) {
        let level = parse_level(level).map_err(|e| anyhow::anyhow!("--level {level}: {e}"))?;
        want(Wanted::level(level));
    }
    if let (Some(name), RuleSet::Se) = (&args.technique, args.rules) {
        let technique =
            parse_technique(name).map_err(|e| anyhow::anyhow!("--technique {name}: {e}"))?;
        want(Wanted {
            technique: Some(technique),
            ..Wanted::any()
        });
    }
    if let Some(w) = wanted {
        if w.max_er.is_some_and(|max| max < w.min_er) {
            bail!("--er and --level ask for ratings that do not overlap");
        }
        if let Err(why) = w.check(shape) {
            bail!("no puzzle can be as asked: {why}");
        }
    }
    Ok(Options {
        shape,
        symmetry: args.symmetry,
        // Without a most, digging only ends when no orbit can go.
        minimal: args.minimal || high.is_none(),
        clues: (low, high.unwrap_or(squares)),
        difficulty: wanted,
    })
}

/// How many tries the next block hands out: about as many as the puzzles
/// still wanted need at the success rate so far, a few per thread at least.
fn block_size(wanted: u64, made: u64, tries: u64, threads: u64) -> u64 {
    // Nothing found yet: double the tries so far.
    let needed = wanted
        .saturating_mul(tries)
        .checked_div(made)
        .map_or(tries.max(1), |n| n + 1);
    needed.clamp(2 * threads, MAX_BLOCK)
}

fn print(
    out: &mut impl Write,
    format: SolveFormat,
    generated: &Generated,
    path: Option<&Path>,
    index: u64,
    seed: u64,
    try_index: u64,
) -> Result<()> {
    let puzzle = &generated.puzzle;
    match (format, path) {
        (SolveFormat::Text, _) => writeln!(out, "{puzzle}")?,
        (SolveFormat::Grid, _) => {
            if index > 1 {
                writeln!(out)?;
            }
            write!(out, "{}", format::pretty(puzzle))?;
        }
        (SolveFormat::Json, Some(path)) => {
            let hardest = path.hardest();
            let made = MadeHodoku {
                index,
                puzzle: puzzle.to_line(),
                solution: generated.solution.to_line(),
                givens: puzzle.given_count(),
                symmetry: generated.symmetry,
                size: puzzle.shape().side(),
                variant: super::variant_word(puzzle.shape().variant()),
                rules: "hodoku",
                level: path.level.id(),
                score: path.score,
                technique: hardest.map(|s| s.technique.id()),
                name: hardest.map(|s| s.name.to_string()),
                seed,
                try_index,
            };
            writeln!(out, "{}", serde_json::to_string(&made)?)?;
        }
        (SolveFormat::Json, None) => {
            let rating = generated.rating.as_ref();
            let made = Made {
                index,
                puzzle: puzzle.to_line(),
                solution: generated.solution.to_line(),
                givens: puzzle.given_count(),
                symmetry: generated.symmetry,
                size: puzzle.shape().side(),
                variant: super::variant_word(puzzle.shape().variant()),
                er: rating.map(|r| r.er),
                ep: rating.map(|r| r.ep),
                ed: rating.map(|r| r.ed),
                technique: rating.and_then(|r| r.technique).map(|t| t.id()),
                name: rating.and_then(|r| r.technique).map(|t| t.name()),
                complete: rating.map(|r| r.complete),
                seed,
                try_index,
            };
            writeln!(out, "{}", serde_json::to_string(&made)?)?;
        }
    }
    Ok(())
}
