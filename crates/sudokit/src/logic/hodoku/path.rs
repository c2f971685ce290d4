//! HoDoKu's path: at each position the step types that are on, in the
//! table's order, and one step of the first that finds any; the score is
//! the sum of the steps' base scores, the level the highest level of the
//! step types used, raised while the score is above its maximum.

use crate::grid::Grid;
use crate::logic::hodoku::board::Board;
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::search;
use crate::logic::hodoku::singles;
use crate::logic::hodoku::table::{Kind, Level, Subtype};
use crate::logic::step::Step;
use std::collections::BTreeMap;
use std::fmt;

/// Which step types the path uses: HoDoKu's default configuration, with
/// step types switched on or off by short name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    on: Vec<bool>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            on: Kind::ALL.iter().map(|k| k.on_by_default()).collect(),
        }
    }
}

/// A short name no step type has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownShortName(pub String);

impl fmt::Display for UnknownShortName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no HoDoKu step type is called '{}'", self.0)
    }
}

impl std::error::Error for UnknownShortName {}

impl Config {
    /// Switches the step type called `short` (`2sk`) on or off.
    pub fn set(&mut self, short: &str, on: bool) -> Result<(), UnknownShortName> {
        let kind = Kind::from_short(short).ok_or_else(|| UnknownShortName(short.to_string()))?;
        self.on[position(kind)] = on;
        Ok(())
    }

    /// True when the path uses `kind`.
    pub fn is_on(&self, kind: Kind) -> bool {
        self.on[position(kind)]
    }
}

/// The place of `kind` in [`Kind::ALL`], which lists the step types in the
/// order they are declared.
fn position(kind: Kind) -> usize {
    kind as usize
}

/// A path by HoDoKu's rules.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps, in order; each carries its HoDoKu line.
    pub steps: Vec<Step>,
    /// The sum of the steps' base scores.
    pub score: u32,
    /// The level.
    pub level: Level,
    /// The step type the path stopped at because it has no finder yet
    /// (the path is then incomplete: that type might have found a step).
    pub stopped_at: Option<Kind>,
    /// True when the grid is full.
    pub solved: bool,
}

impl Path {
    /// The hardest step: the first of the highest base score (None for an
    /// empty path).
    pub fn hardest(&self) -> Option<&Step> {
        let score = |s: &Step| s.hodoku.as_ref().map_or(0, |h| h.score);
        self.steps.iter().rev().max_by_key(|s| score(s))
    }

    /// How many steps of each technique the path takes, by technique id.
    pub fn techniques(&self) -> BTreeMap<&'static str, usize> {
        let mut counts = BTreeMap::new();
        for step in &self.steps {
            *counts.entry(step.technique.id()).or_insert(0) += 1;
        }
        counts
    }

    /// What HoDoKu's batch output writes after the score: ` bf` when
    /// the path used brute force, ` td` when it used a template, ` gu`
    /// when it gave up (each at most once, in that order).
    pub fn marks(&self) -> String {
        let used = |kinds: &[Kind]| {
            self.steps
                .iter()
                .filter_map(|s| s.hodoku.as_ref())
                .any(|h| kinds.iter().any(|k| k.short() == h.short))
        };
        let mut marks = String::new();
        for (kinds, mark) in [
            (&[Kind::BruteForce][..], " bf"),
            (&[Kind::TemplateSet, Kind::TemplateDelete][..], " td"),
            (&[Kind::GiveUp][..], " gu"),
        ] {
            if used(kinds) {
                marks.push_str(mark);
            }
        }
        marks
    }

    /// The steps as HoDoKu prints them, one line each.
    pub fn lines(&self) -> Vec<&str> {
        self.steps
            .iter()
            .filter_map(|s| s.hodoku.as_ref().map(|h| h.line.as_str()))
            .collect()
    }
}

/// The path of `puzzle` (a 9x9 grid, read as HoDoKu reads it) under
/// `config`.
pub fn solve(puzzle: &Grid, config: &Config) -> Path {
    solve_board(Board::from_puzzle(puzzle), config)
}

/// The step HoDoKu takes next from `board` under `config` (not yet
/// applied): the first step of the first step type that is on and finds
/// one; None when none does; or the step type the search reached that has
/// no finder yet (it might have found a step).
pub fn next_move(board: &mut Board, config: &Config) -> Result<Option<Move>, Kind> {
    Ok(next_found(board, config)?.map(|found| match found {
        Found::Single(kind, s, d, unit) => Move::single(kind, s, d, unit),
        Found::Move(m) => m,
    }))
}

/// A step found: a single as its square, digit and unit (all a path
/// needs of it, without building a [`Move`]), or any other step. (A
/// boxed move would cost an allocation a step; it is moved twice.)
#[allow(clippy::large_enum_variant)]
enum Found {
    Single(Kind, usize, u8, Option<usize>),
    Move(Move),
}

/// [`next_move`], with the singles found by their square and digit.
fn next_found(board: &mut Board, config: &Config) -> Result<Option<Found>, Kind> {
    for &kind in Kind::ALL {
        if !config.is_on(kind) {
            continue;
        }
        let found = match kind {
            Kind::FullHouse => {
                singles::first_full_house(board).map(|(s, d, u)| Found::Single(kind, s, d, Some(u)))
            }
            Kind::NakedSingle => {
                singles::take_naked_single(board).map(|(s, d)| Found::Single(kind, s, d, None))
            }
            Kind::HiddenSingle => singles::take_hidden_single(board)
                .map(|(s, d, u)| Found::Single(kind, s, d, Some(u))),
            _ => match search::first(kind, board) {
                Err(_) => return Err(kind),
                Ok(m) => m.map(Found::Move),
            },
        };
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

/// The path from `board` under `config`.
pub fn solve_board(board: Board, config: &Config) -> Path {
    let mut steps = Vec::new();
    let rating = run(board, config, |found| {
        steps.push(match found {
            Found::Single(kind, s, d, unit) => Move::single(*kind, *s, *d, *unit).to_step(),
            Found::Move(m) => m.to_step(),
        })
    });
    Path {
        steps,
        score: rating.score,
        level: rating.level,
        stopped_at: rating.stopped_at,
        solved: rating.solved,
    }
}

/// A path's rating: its score, level and end, how many steps of each step
/// type it takes and its hardest step, without the steps themselves (no
/// sentence or line is written for any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The sum of the steps' base scores.
    pub score: u32,
    /// The level.
    pub level: Level,
    /// The step type the path stopped at because it has no finder yet.
    pub stopped_at: Option<Kind>,
    /// True when the grid is full.
    pub solved: bool,
    /// How many steps the path takes.
    pub steps: usize,
    /// The hardest step (the first of the highest base score): its step
    /// type and the name its line starts with.
    pub hardest: Option<(Kind, &'static str)>,
    /// Steps of each step type, by its place in [`Kind::ALL`].
    counts: Vec<usize>,
}

impl Rating {
    /// How many steps of each technique the path takes, by technique id
    /// (as [`Path::techniques`] counts them).
    pub fn techniques(&self) -> BTreeMap<&'static str, usize> {
        let mut counts = BTreeMap::new();
        for (&kind, &n) in Kind::ALL.iter().zip(&self.counts) {
            if n > 0 {
                *counts.entry(kind.technique().id()).or_insert(0) += n;
            }
        }
        counts
    }

    /// How many steps of `kind` the path takes.
    pub fn count(&self, kind: Kind) -> usize {
        self.counts[position(kind)]
    }
}

/// The rating of `puzzle`'s path (a 9x9 grid, read as HoDoKu reads it)
/// under `config`: [`solve`]'s score, level and counts, found faster.
pub fn rate(puzzle: &Grid, config: &Config) -> Rating {
    rate_board(Board::from_puzzle(puzzle), config)
}

/// The rating of the path from `board` under `config`.
pub fn rate_board(board: Board, config: &Config) -> Rating {
    run(board, config, |_| {})
}

/// Runs the path from `board`, handing each step to `taken` once it is
/// made on the board; the rating of the whole.
fn run(mut board: Board, config: &Config, mut taken: impl FnMut(&Found)) -> Rating {
    let mut rating = Rating {
        score: 0,
        level: Level::Easy,
        stopped_at: None,
        solved: false,
        steps: 0,
        hardest: None,
        counts: vec![0; Kind::ALL.len()],
    };
    let mut hardest_score = 0;
    // A position with no solution (a square left without a candidate)
    // ends the path: no step taken from there means anything.
    while !board.is_solved() && !board.is_broken() {
        let found = match next_found(&mut board, config) {
            Err(kind) => {
                rating.stopped_at = Some(kind);
                break;
            }
            Ok(None) => break,
            Ok(Some(found)) => found,
        };
        let (kind, subtype) = match &found {
            Found::Single(kind, s, d, _) => {
                board.place(*s, *d, false);
                (*kind, None)
            }
            Found::Move(m) => {
                m.apply(&mut board);
                (m.kind, m.subtype)
            }
        };
        let score = kind.base_score();
        rating.score += score;
        rating.level = rating.level.max(kind.level());
        rating.steps += 1;
        rating.counts[position(kind)] += 1;
        if rating.hardest.is_none() || score > hardest_score {
            hardest_score = score;
            rating.hardest = Some((kind, subtype.map_or(kind.name(), Subtype::name)));
        }
        taken(&found);
        // Giving up changes nothing and ends the path.
        if kind == Kind::GiveUp {
            break;
        }
    }
    while rating.score > rating.level.max_score() {
        rating.level = rating.level.next();
    }
    rating.solved = board.is_solved();
    rating
}
