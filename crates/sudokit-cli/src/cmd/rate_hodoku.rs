//! `sudokit rate --rules hodoku`: HoDoKu's rating of each puzzle, its
//! path's level and score (`Unfair 1706`), streamed and on every core like
//! SE's ratings.
//!
//! Text: the level and score, then ` incomplete` where the path reaches a
//! step type sudokit has no finder for yet (the score then covers the path
//! as far as it goes). With `--min-score`, `--max-score` or `--level` only
//! the puzzles in range are kept, and each line is the puzzle and then its
//! rating. JSON: the record, `rules`, the `level` (its lower-case id),
//! `score`, the hardest step's `technique` and `name` (the first of the
//! highest base score), `steps`, `techniques` (steps of each, by id) and
//! `complete`.

use super::batch::{Answers, Rendered, Unsearched};
use super::rate::{judge, puzzle_line, puzzle_text};
use super::solve::record;
use crate::args::{LineFormat, RateArgs};
use crate::record::{Record, Verdict};
use anyhow::{bail, Result};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;
use sudokit::batch::{Answer, Job};
use sudokit::logic::hodoku::path::{rate_board_unproven, rate_board_with, Rating};
use sudokit::logic::hodoku::{self, search, Board, Config, Level};
use sudokit::logic::{Cache, Rules};
use sudokit::parse::Entry;
use sudokit::{Count, Grid, Variant};

/// The rating of HoDoKu's path of a puzzle under `config` (its steps are
/// not written out), or the verdict on a puzzle that has none: bad input,
/// not one solution, or a grid HoDoKu's rules do not take (`what` names
/// the work refused, as in "no logical rating").
pub fn hodoku_rating(answer: &Answer, config: &Config, what: &str) -> Result<Rating, Verdict> {
    let board = start(answer, what)?;
    let cache = knowing_solution(answer, &board);
    Ok(rate_board_with(board, config, cache))
}

/// What a path from `board` starts with: the puzzle's one solution, where
/// the search found it, so that brute force takes its digit from it
/// instead of solving the position again (the steps are the same).
pub fn knowing_solution(answer: &Answer, board: &Board) -> search::Cache {
    match &answer.outcome {
        Ok((_, report)) if report.count(2) == Count::Exactly(1) => match &report.first {
            Some(solution) => {
                search::Cache::knowing(board, std::array::from_fn(|s| solution.get(s)))
            }
            None => search::Cache::new(),
        },
        _ => search::Cache::new(),
    }
}

/// The board a puzzle's path starts from. A plain 9x9 puzzle with one
/// solution (no pencil marks, no digits placed apart from its givens)
/// goes straight onto HoDoKu's board, as HoDoKu reads it: the same board
/// as through [`State`](sudokit::logic::State), whose candidates are then
/// every digit the peers allow, without building the state.
fn start(answer: &Answer, what: &str) -> Result<Board, Verdict> {
    let entry = &answer.entry;
    if let (Ok(grid), Ok((_, report)), None, None) =
        (&entry.result, &answer.outcome, &entry.marks, &entry.placed)
    {
        if is_plain_9x9(grid) && report.count(2) == Count::Exactly(1) {
            return Ok(Board::from_puzzle(grid));
        }
    }
    let state = judge(answer, what)?;
    if !hodoku::hint::takes(&state) {
        return Err(Verdict::invalid(hodoku::hint::NOT_9X9));
    }
    Ok(Board::from_state(&state))
}

/// True for a grid HoDoKu reads as it is: 9x9, without extra units.
fn is_plain_9x9(grid: &Grid) -> bool {
    grid.shape().side() == 9 && grid.shape().variant() == Variant::Standard
}

/// The verdict on a puzzle HoDoKu's rules rated.
pub fn rated(path: &Rating) -> Verdict {
    Verdict::ok(if path.solved { "rated" } else { "incomplete" })
}

/// `Unfair 1706`, with ` incomplete` after it when the path stops short.
pub fn rating_text(path: &Rating) -> String {
    let incomplete = if path.solved { "" } else { " incomplete" };
    format!("{} {}{incomplete}", path.level.name(), path.score)
}

/// The fields `rate --rules hodoku` adds to each JSON record (nulls, but
/// `rules`, for a puzzle not rated).
#[derive(Default, Serialize)]
pub struct HodokuRated {
    rules: &'static str,
    level: Option<&'static str>,
    score: Option<u32>,
    technique: Option<&'static str>,
    name: Option<String>,
    steps: Option<usize>,
    techniques: Option<BTreeMap<&'static str, usize>>,
    complete: Option<bool>,
}

impl From<Option<&Rating>> for HodokuRated {
    fn from(path: Option<&Rating>) -> HodokuRated {
        let rules = Rules::Hodoku.name();
        let Some(p) = path else {
            return HodokuRated {
                rules,
                ..HodokuRated::default()
            };
        };
        HodokuRated {
            rules,
            level: Some(p.level.id()),
            score: Some(p.score),
            technique: p.hardest.map(|(kind, _)| kind.technique().id()),
            name: p.hardest.map(|(_, name)| name.to_string()),
            steps: Some(p.steps),
            techniques: Some(p.techniques()),
            complete: Some(p.solved),
        }
    }
}

pub struct RateHodoku {
    format: LineFormat,
    min: Option<u32>,
    max: Option<u32>,
    level: Option<Level>,
    config: Config,
}

impl RateHodoku {
    /// `rate --rules hodoku` as `args` ask (SE's `--min-er`/`--max-er`,
    /// and a range whose lowest end is above its highest, refused).
    pub fn new(args: &RateArgs) -> Result<RateHodoku> {
        if args.min_er.is_some() || args.max_er.is_some() {
            bail!("--min-er and --max-er are for SE's rules: with --rules hodoku use --min-score, --max-score or --level");
        }
        if let (Some(min), Some(max)) = (args.min_score, args.max_score) {
            if min > max {
                bail!("--min-score {min} is above --max-score {max}: no score is both");
            }
        }
        Ok(RateHodoku {
            format: args.format,
            min: args.min_score,
            max: args.max_score,
            level: args.level.map(Level::from),
            config: args.switches.config(Rules::Hodoku)?,
        })
    }

    fn filtered(&self) -> bool {
        self.min.is_some() || self.max.is_some() || self.level.is_some()
    }

    /// True when a puzzle belongs in the output: every puzzle without a
    /// filter, else the rated ones in range.
    fn keeps(&self, path: Option<&Rating>) -> bool {
        if !self.filtered() {
            return true;
        }
        path.is_some_and(|p| {
            self.min.is_none_or(|min| p.score >= min)
                && self.max.is_none_or(|max| p.score <= max)
                && self.level.is_none_or(|level| p.level == level)
        })
    }

    /// The text line of a rated puzzle: its rating, after the puzzle when
    /// filtered; nothing when a filter leaves it out.
    fn text(&self, puzzle: impl FnOnce() -> String, path: &Rating) -> String {
        if !self.keeps(Some(path)) {
            String::new()
        } else if self.filtered() {
            format!("{} {}\n", puzzle(), rating_text(path))
        } else {
            format!("{}\n", rating_text(path))
        }
    }
}

impl Answers for RateHodoku {
    /// A plain 9x9 puzzle rated as text is rated before it is searched:
    /// the search runs only when the path needs to know that the puzzle
    /// has one solution (see [`rate_board_unproven`]), and a puzzle with
    /// none or several is then answered as usual. (JSON gives the
    /// search's own figures, so it searches every puzzle.)
    fn answer_unsearched(
        &self,
        source: &str,
        entry: Entry,
        job: &Job,
        cache: &mut Cache,
    ) -> Unsearched {
        let board = match (&entry.result, &entry.marks, &entry.placed, self.format) {
            (Ok(grid), None, None, LineFormat::Text) if is_plain_9x9(grid) => {
                Board::from_puzzle(grid)
            }
            _ => return Unsearched::Declined(entry),
        };
        let mut searched = None;
        let mut one_solution = || {
            let answer = job.answer(entry.clone());
            let solution = match &answer.outcome {
                Ok((_, report)) if report.count(2) == Count::Exactly(1) => report
                    .first
                    .as_ref()
                    .map(|g| std::array::from_fn(|s| g.get(s))),
                _ => None,
            };
            searched = Some(answer);
            solution
        };
        // The tables' room is kept from puzzle to puzzle.
        let mut room = search::Cache::with_room_of(cache);
        let rating = rate_board_unproven(board, &self.config, &mut room, &mut one_solution);
        room.keep_room(cache);
        match (rating, searched) {
            (Some(path), _) => {
                let out = self.text(|| puzzle_line(&entry), &path);
                Unsearched::Answered(Rendered::entry(out, &rated(&path), source, &entry))
            }
            (None, Some(answer)) => Unsearched::Searched(answer),
            (None, None) => Unsearched::Declined(entry),
        }
    }

    fn answer(&self, source: &str, answer: &Answer, _cache: &mut Cache) -> Rendered {
        let start = Instant::now();
        let outcome = hodoku_rating(answer, &self.config, "rating");
        let seconds = start.elapsed().as_secs_f64();
        let (verdict, path) = match &outcome {
            Ok(path) => (rated(path), Some(path)),
            Err(verdict) => (verdict.clone(), None),
        };
        let out = if !self.keeps(path) {
            String::new()
        } else {
            match (self.format, path) {
                (LineFormat::Text, Some(p)) => self.text(|| puzzle_text(answer), p),
                (LineFormat::Text, None) => format!("{}\n", verdict.word),
                (LineFormat::Json, _) => {
                    let mut record = record(source, answer, &verdict, None);
                    record.seconds += seconds;
                    record.with(HodokuRated::from(path)).to_line()
                }
            }
        };
        Rendered::answer(out, &verdict, source, answer)
    }

    fn problem(&self, source: &str, message: &str) -> String {
        match self.format {
            LineFormat::Json if !self.filtered() => Record::problem(source, message)
                .with(HodokuRated::from(None))
                .to_line(),
            _ => String::new(),
        }
    }
}
