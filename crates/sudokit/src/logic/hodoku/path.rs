//! HoDoKu's path: at each position the step types that are on, in the
//! table's order, and one step of the first that finds any; the score is
//! the sum of the steps' base scores, the level the highest level of the
//! step types used, raised while the score is above its maximum.

use crate::grid::Grid;
use crate::logic::hodoku::board::Board;
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::search;
use crate::logic::hodoku::table::{Kind, Level};
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

fn position(kind: Kind) -> usize {
    Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
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
    for &kind in Kind::ALL {
        if !config.is_on(kind) {
            continue;
        }
        match search::first(kind, board) {
            Err(_) => return Err(kind),
            Ok(None) => {}
            Ok(Some(m)) => return Ok(Some(m)),
        }
    }
    Ok(None)
}

/// The path from `board` under `config`.
pub fn solve_board(mut board: Board, config: &Config) -> Path {
    let mut steps = Vec::new();
    let mut score = 0;
    let mut level = Level::Easy;
    let mut stopped_at = None;
    // A position with no solution (a square left without a candidate)
    // ends the path: no step taken from there means anything.
    while !board.is_solved() && !board.is_broken() {
        match next_move(&mut board, config) {
            Err(kind) => {
                stopped_at = Some(kind);
                break;
            }
            Ok(None) => break,
            Ok(Some(m)) => {
                score += m.kind.base_score();
                level = level.max(m.kind.level());
                m.apply(&mut board);
                steps.push(m.to_step());
                // Giving up changes nothing and ends the path.
                if m.kind == Kind::GiveUp {
                    break;
                }
            }
        }
    }
    while score > level.max_score() {
        level = level.next();
    }
    Path {
        steps,
        score,
        level,
        stopped_at,
        solved: board.is_solved(),
    }
}
