//! HoDoKu's path: at each position the step types that are on, in the
//! table's order, and one step of the first that finds any; the score is
//! the sum of the steps' base scores, the level the highest level of the
//! step types used, raised while the score is above its maximum.

use crate::grid::Grid;
use crate::logic::hodoku::board::{self, digits, Board};
use crate::logic::hodoku::coloring::first_colors_of;
use crate::logic::hodoku::fish;
use crate::logic::hodoku::franken;
use crate::logic::hodoku::intersections::{first_claiming_of, first_pointing_of};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::patterns::{all_empty_rectangles_of, all_kites_of, all_skyscrapers_of};
use crate::logic::hodoku::search;
use crate::logic::hodoku::singles;
use crate::logic::hodoku::subsets::{
    first_hidden_quiet, first_naked_quiet, unit_cands, Keep, QuietUnits, UnitCands,
};
use crate::logic::hodoku::sue_de_coq::{first_sue_de_coq_quiet, QuietCrossings};
use crate::logic::hodoku::table::{Kind, Level, Subtype};
use crate::logic::hodoku::templates;
use crate::logic::hodoku::turbot::all_turbots_of;
use crate::logic::hodoku::xchains::all_x_chains_of;
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
    next_move_with(board, config, &mut search::Cache::new())
}

/// [`next_move`], with what `cache` keeps from earlier searches (a caller
/// asking step after step along a path keeps one for the whole path).
pub fn next_move_with(
    board: &mut Board,
    config: &Config,
    cache: &mut search::Cache,
) -> Result<Option<Move>, Kind> {
    Ok(
        next_found(board, config, None, cache, &mut Proof::known())?.map(|found| match found {
            Found::Single(kind, s, d, unit) => Move::single(kind, s, d, unit),
            Found::Move(m) => *m,
        }),
    )
}

/// A step found: a single as its square, digit and unit (all a path
/// needs of it, without building a [`Move`]), or any other step. (The
/// move is boxed: a search for the next step returns through a few
/// calls, and an unboxed one made each of them copy the whole move's
/// room, singles too.)
enum Found {
    Single(Kind, usize, u8, Option<usize>),
    Move(Box<Move>),
}

/// What the searches a path makes between its steps found nothing in, so
/// that they need not look there again while it is unchanged. A path only
/// removes candidates, and most searches keep to a part of the grid:
///
/// - a fish, locked candidates, a skyscraper, a 2-string kite, an empty
///   rectangle, a turbot fish, colors or an X-chain lie in one digit's
///   squares, so a digit whose squares are what they were when the
///   search found nothing for it still has nothing;
/// - a hidden subset lies in one unit's squares; a naked subset too, and
///   what it removes elsewhere only shrinks, so a unit whose squares'
///   candidates are what they were when none of its subsets removed
///   anything still has none;
/// - a Sue de Coq lies in the squares of a line and a box it crosses, so
///   a crossing whose line and box hold the candidates they held when it
///   had none still has none.
///
/// And a digit none of whose candidates a template check of the digit
/// alone removes has nothing for any of the searches that reason about
/// one digit's places (fish, skyscrapers, kites, empty rectangles,
/// turbot fish, colors, X-chains): what such a step removes is on no
/// template of its digit.
///
/// Everything starts as the state with no candidates (a digit without
/// squares, a unit without open squares), which has nothing to find.
///
/// (Made when first needed: most easy paths take singles alone.)
#[derive(Default)]
struct Quiet {
    /// For each step type searched so far, for each digit, the digit's
    /// squares when the step type found nothing for it.
    digits: Vec<(Kind, [u128; 10])>,
    /// Naked subsets of 2 to 4 squares, by size (from 2): for each unit,
    /// its squares' candidates when none of its subsets removed anything.
    naked: Option<Box<[QuietUnits; 3]>>,
    /// Hidden subsets of 2 to 4 digits, likewise.
    hidden: Option<Box<[QuietUnits; 3]>>,
    /// Sue de Coq: for each crossing of a line and a box, the candidates
    /// of the line and the box when it had none.
    crossings: Option<Box<QuietCrossings>>,
    /// For each digit, its squares and its placed squares when its
    /// templates were last checked, and the candidates they removed.
    alone: [(u128, u128, u128); 10],
    /// For each size of finned fish (from 2) and digit: the digit's
    /// squares when last searched, and the first finned and the first
    /// sashimi fish found then (one search finds both, and what it finds
    /// holds while the digit's squares stay as they were; boxed, as
    /// most are none).
    finned: Vec<(u128, [Option<Box<Move>>; 2])>,
    /// The candidates of every unit's squares in this position, worked
    /// out when a subset search first asks (`units_now` says whether they
    /// are this position's) and shared by the others, which compare their
    /// units with them.
    units: UnitCands,
    units_now: bool,
}

impl Quiet {
    /// The step of `kind` a search from `board` finds first, when `kind`
    /// is one of the searches above (else None: the caller searches).
    /// (Boxed where found: wrapping a whole move in one more option
    /// copied all its room, nothing found too.)
    fn first(&mut self, kind: Kind, board: &Board) -> Option<Option<Box<Move>>> {
        use Kind::*;
        let naked = |q: &mut Quiet, n: usize, keep| {
            q.units_of(board);
            let units = q.naked.get_or_insert_with(|| Box::new([[[0; 9]; 27]; 3]));
            first_naked_quiet(board, n, keep, &mut units[n - 2], &q.units)
        };
        let hidden = |q: &mut Quiet, n: usize| {
            q.units_of(board);
            let units = q.hidden.get_or_insert_with(|| Box::new([[[0; 9]; 27]; 3]));
            first_hidden_quiet(board, n, &mut units[n - 2], &q.units)
        };
        let found = match kind {
            LockedPair => naked(self, 2, Keep::Locked),
            LockedTriple => naked(self, 3, Keep::Locked),
            NakedPair => naked(self, 2, Keep::Naked),
            NakedTriple => naked(self, 3, Keep::Naked),
            NakedQuadruple => naked(self, 4, Keep::Naked),
            HiddenPair => hidden(self, 2),
            HiddenTriple => hidden(self, 3),
            HiddenQuadruple => hidden(self, 4),
            SueDeCoq => {
                let crossings = self
                    .crossings
                    .get_or_insert_with(|| Box::new([[[0; 9]; 2]; 54]));
                first_sue_de_coq_quiet(board, crossings)
            }
            // Units before digits: a step found says nothing of the
            // digits before its own.
            LockedCandidates1 => self.by_digit(kind, board, false, |w| first_pointing_of(board, w)),
            LockedCandidates2 => self.by_digit(kind, board, false, |w| first_claiming_of(board, w)),
            // A turbot fish, simple or multi colors lie in one digit's
            // squares too. The turbot fish taken is the best of all
            // digits' (so nothing is known of the others when one is
            // found); colors take the digits in order.
            TurbotFish => {
                let alone = self.removing_alone(board);
                self.by_digit(kind, board, false, |w| {
                    all_turbots_of(board, w & alone).into_iter().next()
                })
            }
            // So do skyscrapers (rows of all digits before columns, so
            // like the turbot fish nothing is known of the others when one
            // is found), 2-string kites and empty rectangles (digits in
            // order).
            Skyscraper => {
                let alone = self.removing_alone(board);
                self.by_digit(kind, board, false, |w| {
                    all_skyscrapers_of(board, true, w & alone).pop()
                })
            }
            TwoStringKite => {
                let alone = self.removing_alone(board);
                self.by_digit(kind, board, true, |w| {
                    all_kites_of(board, true, w & alone).pop()
                })
            }
            EmptyRectangle => {
                let alone = self.removing_alone(board);
                self.by_digit(kind, board, true, |w| {
                    all_empty_rectangles_of(board, false, true, w & alone).pop()
                })
            }
            // So does an X-chain; the one taken is the best of all
            // digits'.
            XChain => {
                let alone = self.removing_alone(board);
                self.by_digit(kind, board, false, |w| {
                    all_x_chains_of(board, w & alone).into_iter().next()
                })
            }
            SimpleColors | MultiColors => {
                let alone = self.removing_alone(board);
                let multi = kind == MultiColors;
                self.by_digit(kind, board, true, |w| {
                    first_colors_of(board, multi, w & alone)
                })
            }
            _ => {
                let size = kind.fish_size()?;
                // A fish is basic, finned or sashimi, or else Franken or
                // mutant, where a search of its own covers it (told apart
                // in that order: the first two by a comparison, the last
                // by its name); one no search covers is the caller's.
                let basic = kind == fish::basic_kind(size);
                let sashimi = kind == fish::finned_kind(size, true);
                let finned = sashimi || kind == fish::finned_kind(size, false);
                if !basic && !finned && !franken::covers(kind) {
                    return None;
                }
                let alone = self.removing_alone(board);
                if basic {
                    self.by_digit(kind, board, true, |w| {
                        fish::basic_of(board, size, true, w & alone).pop()
                    })
                } else if finned {
                    self.first_finned(board, size, sashimi, alone)
                } else {
                    let removed = self.alone.map(|(_, _, removed)| removed);
                    self.by_digit(kind, board, true, |w| {
                        franken::all_of_digits(board, kind, true, w & alone, Some(&removed)).pop()
                    })
                }
            }
        };
        Some(found.map(Box::new))
    }

    /// Makes `units` those of `board`, this position.
    fn units_of(&mut self, board: &Board) {
        if !self.units_now {
            self.units = unit_cands(board);
            self.units_now = true;
        }
    }

    /// The first finned (or sashimi) fish of `size`, digits in order, of
    /// the digits of `alone` (a mask, from [`Quiet::removing_alone`] on
    /// this position: what the template checks removed is at hand).
    fn first_finned(
        &mut self,
        board: &Board,
        size: usize,
        sashimi: bool,
        alone: u16,
    ) -> Option<Move> {
        if self.finned.is_empty() {
            self.finned = vec![(0, [None, None]); 6 * 10];
        }
        for d in digits(alone) {
            let known = &mut self.finned[(size - 2) * 10 + usize::from(d)];
            if known.0 != board.squares_with(d) {
                let found =
                    fish::first_finned_and_sashimi(board, size, d, self.alone[usize::from(d)].2);
                *known = (board.squares_with(d), found.map(|m| m.map(Box::new)));
            }
            if let Some(m) = &known.1[usize::from(sashimi)] {
                return Some(Move::clone(m));
            }
        }
        None
    }

    /// The digits (a mask) some of whose candidates a template check of
    /// the digit alone removes, checked again for the digits whose
    /// squares changed (the candidates it removes are then in `alone`).
    fn removing_alone(&mut self, board: &Board) -> u16 {
        let mut out = 0;
        for d in 1..=9u8 {
            let (held, placed) = (board.squares_with(d), board.placed_with(d));
            let known = &mut self.alone[usize::from(d)];
            if (known.0, known.1) != (held, placed) {
                *known = (held, placed, templates::unused_alone(board, d) & held);
            }
            if known.2 != 0 {
                out |= 1 << (d - 1);
            }
        }
        out
    }

    /// A search of `kind` that keeps each digit's steps to its squares,
    /// made by `search` for the digits it is given (a mask) and stopping
    /// at its first step: the digits whose squares changed since it found
    /// nothing for them, and then the ones it found nothing for
    /// remembered (all when it found nothing; with `digits_first`, a
    /// search that takes the digits in order, those before its step's).
    fn by_digit(
        &mut self,
        kind: Kind,
        board: &Board,
        digits_first: bool,
        search: impl FnOnce(u16) -> Option<Move>,
    ) -> Option<Move> {
        let at = match self.digits.iter().position(|(k, _)| *k == kind) {
            Some(at) => at,
            None => {
                if self.digits.is_empty() {
                    // Room for the step types of a default path at once.
                    self.digits.reserve(16);
                }
                self.digits.push((kind, [0; 10]));
                self.digits.len() - 1
            }
        };
        let quiet = &mut self.digits[at].1;
        let mut wanted = 0u16;
        for d in 1..=9u8 {
            if quiet[usize::from(d)] != board.squares_with(d) {
                wanted |= 1 << (d - 1);
            }
        }
        if wanted == 0 {
            return None;
        }
        let found = search(wanted);
        let end = match &found {
            None => 10,
            Some(m) if digits_first => m.digits[0],
            Some(_) => 1,
        };
        for d in 1..end {
            quiet[usize::from(d)] = board.squares_with(d);
        }
        found
    }
}

/// [`next_move`], with the singles found by their square and digit; with
/// `quiet`, the searches it covers look only where something changed;
/// `cache` is what the chain searches keep along the path.
fn next_found(
    board: &mut Board,
    config: &Config,
    mut quiet: Option<&mut Quiet>,
    cache: &mut search::Cache,
    proof: &mut Proof,
) -> Result<Option<Found>, Kind> {
    let mut shared = search::Shared::default();
    for &kind in Kind::ALL {
        if !config.is_on(kind) {
            continue;
        }
        if searches_widely(kind) && !proof.confirm(board, cache) {
            return Ok(None);
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
            _ => match quiet.as_deref_mut().and_then(|q| q.first(kind, board)) {
                Some(found) => found.map(Found::Move),
                None => match search::first_shared_with(kind, board, &mut shared, cache) {
                    Err(_) => return Err(kind),
                    Ok(m) => m.map(|m| Found::Move(Box::new(m))),
                },
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
    solve_board_with(board, config, search::Cache::new())
}

/// [`solve_board`] with `cache` to start from: one made by
/// [`search::Cache::knowing`] the puzzle's solution spares brute force
/// its searches; the steps are the same.
pub fn solve_board_with(board: Board, config: &Config, mut cache: search::Cache) -> Path {
    let mut steps = Vec::new();
    let rating = run(board, config, &mut cache, &mut Proof::known(), |found| {
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
    counts: [usize; Kind::ALL.len()],
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
    rate_board_with(board, config, search::Cache::new())
}

/// [`rate_board`] with `cache` to start from (see [`solve_board_with`]).
pub fn rate_board_with(board: Board, config: &Config, mut cache: search::Cache) -> Rating {
    run(board, config, &mut cache, &mut Proof::known(), |_| {})
}

/// [`rate_board`] of a puzzle not yet known to have exactly one solution,
/// with `one_solution` to find out: it answers with the puzzle's one
/// solution, or None when the puzzle has none or several (this then
/// answers None too).
///
/// Every step but the uniqueness steps keeps all of a puzzle's solutions:
/// it removes only candidates no solution has, and places only a digit
/// every solution has. A path that fills the grid with such steps alone
/// has therefore found the puzzle's only solution, and `one_solution` is
/// never asked. It is asked, once, the first time the path needs the
/// answer: before it takes a step that holds only in a puzzle with one
/// solution (the uniqueness tests, hidden and avoidable rectangles,
/// BUG+1), before it searches a step type whose search can be long on a
/// grid with many solutions ([`searches_widely`]), and when the path ends
/// without a filled grid that is a solution. The rating is the one
/// [`rate_board`] gives.
///
/// `cache` is what the searches keep (a fresh one, or one with the room
/// of an earlier path, [`search::Cache::with_room_of`]); it is left
/// holding this path's, for the caller to keep for the next.
pub fn rate_board_unproven(
    board: Board,
    config: &Config,
    cache: &mut search::Cache,
    one_solution: &mut dyn FnMut() -> Option<[u8; 81]>,
) -> Option<Rating> {
    let mut proof = Proof {
        ask: Some(one_solution),
        refuted: false,
    };
    // Digits that clash have no solution to keep: the path would prove
    // nothing.
    if !placed_apart(&board) {
        proof.confirm(&board, cache);
        return None;
    }
    let rating = run(board, config, cache, &mut proof, |_| {});
    (!proof.refuted).then_some(rating)
}

/// True for the step types a path of a puzzle not known to have one
/// solution searches only once it is known: Sue de Coq and everything
/// after it in HoDoKu's order (chains, almost locked sets, forcing
/// chains and nets, templates, brute force). Their searches grow with the
/// candidates left, and a grid with many solutions can leave very many.
pub fn searches_widely(kind: Kind) -> bool {
    // Step types compare in HoDoKu's order.
    kind >= Kind::SueDeCoq
}

/// True for the step types whose steps hold only in a puzzle with one
/// solution.
pub fn assumes_one_solution(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::BugPlus1
            | Kind::UniquenessTest1
            | Kind::UniquenessTest2
            | Kind::UniquenessTest3
            | Kind::UniquenessTest4
            | Kind::UniquenessTest5
            | Kind::UniquenessTest6
            | Kind::HiddenRectangle
            | Kind::AvoidableRectangle1
            | Kind::AvoidableRectangle2
    )
}

/// What a path knows of the number of its puzzle's solutions.
struct Proof<'a> {
    /// How to find out, until asked; None when the puzzle is known to
    /// have one solution, or once asked.
    ask: Option<&'a mut dyn FnMut() -> Option<[u8; 81]>>,
    /// True once asked and the answer was not one solution.
    refuted: bool,
}

impl Proof<'_> {
    /// A puzzle known to have one solution.
    fn known() -> Proof<'static> {
        Proof {
            ask: None,
            refuted: false,
        }
    }

    /// True when the puzzle has one solution, asking the first time: the
    /// solution is then handed to `cache` (for brute force), which takes
    /// it as the solution of `board`'s position.
    fn confirm(&mut self, board: &Board, cache: &mut search::Cache) -> bool {
        if let Some(ask) = self.ask.take() {
            match ask() {
                Some(solution) => cache.learn_solution(board, solution),
                None => self.refuted = true,
            }
        }
        !self.refuted
    }
}

/// True when no digit is placed twice in a unit of `board`.
fn placed_apart(board: &Board) -> bool {
    (1..=9).all(|d| {
        let placed = board.placed_with(d);
        board::squares_of(placed).all(|s| board::peers_mask(s) & placed == 0)
    })
}

/// Runs the path from `board` with `cache` (what the chain searches and
/// brute force keep from position to position), handing each step to
/// `taken` once it is made on the board; the rating of the whole.
fn run(
    mut board: Board,
    config: &Config,
    cache: &mut search::Cache,
    proof: &mut Proof,
    mut taken: impl FnMut(&Found),
) -> Rating {
    let mut rating = Rating {
        score: 0,
        level: Level::Easy,
        stopped_at: None,
        solved: false,
        steps: 0,
        hardest: None,
        counts: [0; Kind::ALL.len()],
    };
    let mut hardest_score = 0;
    let mut quiet = Quiet::default();
    // A position with no solution (a square left without a candidate)
    // ends the path: no step taken from there means anything.
    while !board.is_solved() && !board.is_broken() {
        let found = match next_found(&mut board, config, Some(&mut quiet), cache, proof) {
            Err(kind) => {
                rating.stopped_at = Some(kind);
                break;
            }
            Ok(None) => break,
            Ok(Some(found)) => found,
        };
        let kind = match &found {
            Found::Single(kind, ..) => *kind,
            Found::Move(m) => m.kind,
        };
        if assumes_one_solution(kind) && !proof.confirm(&board, cache) {
            break;
        }
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
        // The position has changed.
        quiet.units_now = false;
        // Giving up changes nothing and ends the path.
        if kind == Kind::GiveUp {
            break;
        }
    }
    while rating.score > rating.level.max_score() {
        rating.level = rating.level.next();
    }
    rating.solved = board.is_solved();
    // Steps place only candidates, which no digit placed in a unit has:
    // from givens apart, a filled grid is a solution.
    debug_assert!(!rating.solved || proof.ask.is_none() || placed_apart(&board));
    if !rating.solved {
        proof.confirm(&board, cache);
    }
    rating
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_grid, ParseOptions};

    /// The path step by step with every search made in full.
    fn searched_in_full(puzzle: &Grid, config: &Config) -> Vec<String> {
        let mut board = Board::from_puzzle(puzzle);
        let mut lines = Vec::new();
        while !board.is_solved() && !board.is_broken() {
            let Ok(Some(m)) = next_move(&mut board, config) else {
                break;
            };
            m.apply(&mut board);
            lines.push(m.to_step().hodoku.unwrap().line);
        }
        lines
    }

    #[test]
    fn passing_over_what_found_nothing_and_did_not_change_takes_the_same_steps() {
        // Paths with fish, locked candidates and subsets, a turbot fish,
        // simple colors and multi colors, a skyscraper, a 2-string kite,
        // an empty rectangle, a Sue de Coq, a remote pair and X-chains
        // found after searches that found none; each also with the larger
        // Franken and the mutant fish on.
        let puzzles = [
            "1.2..49...4..9....9..7.1.....45....6.3.........8.621....1..9...4..1..5...6....8..",
            "3..........862..13.......45.......7.5.783....2.1.7..8..6...9......71.86......39..",
            "5....271..1...4...8.......................6.4.6..21.854......78...476...9...5...2",
            "9......35.6..7..89325.9.........1..3......894.5.8...1.....2.......5.....2.74.31..",
            "21..........9....4...4.7.......7..32...6......48.21..642...986...91.8...1.6.....9",
            "16.....2...51.6....4......8...........76.918..8..47563.........7.69....1.....8956",
            "...........19.2.6......679.9.2...6..37....95...5.....414...3..57.9.24......8.....",
            "32..479.6..6........5.9..3.....7.......9.1..5..28..7.........7.6.3..4....5..26143",
            "47...........2...78..5..34..6..7..8...9.45..3.8......2741..32............9.2...5.",
            "..4....9765.....2191...73.42.1.3....5.32.6...............6........1746..7...9..1.",
            "5....93..1..748.59..2..6.1...3695...................64.....4.9...135.....6....1.3",
            "...6..51........3937..9......45....1.6...87..2..731..668..........1...........8.5",
            "...92.1.5.8.........5...94.6...3....2..7...9649......2..9............2.4....54.1.",
        ];
        let mut frankens = Config::default();
        for short in ["ff4", "mf2", "mf3", "fmf2", "fmf3"] {
            frankens.set(short, true).unwrap();
        }
        for p in puzzles {
            let grid = parse_grid(p, ParseOptions::default()).unwrap();
            for config in [Config::default(), frankens.clone()] {
                let path = solve(&grid, &config);
                assert!(path.solved, "{p}");
                assert_eq!(path.lines(), searched_in_full(&grid, &config), "{p}");
            }
        }
    }

    #[test]
    fn step_types_compare_in_hodokus_order() {
        for pair in Kind::ALL.windows(2) {
            assert!(pair[0] < pair[1] && pair[0].order() < pair[1].order());
        }
    }

    #[test]
    fn a_path_not_knowing_its_puzzle_unique_asks_only_when_it_must_and_rates_it_the_same() {
        let config = Config::default();
        let easy =
            "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6..";
        // Paths with uniqueness tests, with forcing nets, with brute force.
        let others = [
            "................12..3.45.........4.....1...3..2.6.........3....26......78....1..6",
            "......7.1..4....3..85....6.6..9.1....1...7..5....3.2...2...8.5.8.1.29....6..7....",
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
        ];
        for (p, must_ask) in std::iter::once((easy, false)).chain(others.map(|p| (p, true))) {
            let grid = parse_grid(p, ParseOptions::default()).unwrap();
            let board = Board::from_puzzle(&grid);
            let solution = crate::logic::hodoku::brute_force::unique_solution(&board).unwrap();
            let mut asked = 0;
            let fresh = &mut search::Cache::new();
            let rated = rate_board_unproven(board.clone(), &config, fresh, &mut || {
                asked += 1;
                Some(solution)
            });
            assert_eq!(rated, Some(rate_board(board.clone(), &config)), "{p}");
            assert_eq!(asked, usize::from(must_ask), "{p}");
            // Told the puzzle is not unique, a path that asks rates nothing.
            let fresh = &mut search::Cache::new();
            let refuted = rate_board_unproven(board, &config, fresh, &mut || None);
            assert_eq!(refuted.is_none(), must_ask, "{p}");
        }
        // Several solutions; none, by givens that clash or not.
        let mut clash = easy.to_string();
        clash.replace_range(0..1, "2");
        let others = [
            "..2.6.17....81...53..7..9....13...8.4.8..73..6..2....4..35.24.7.....4...8.....6..",
            "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.",
            clash.as_str(),
            &".".repeat(81),
        ];
        for p in others {
            // Read as it stands: reading refuses givens that clash.
            let cells = p.bytes().map(|c| c.saturating_sub(b'0') % 10).collect();
            let grid = Grid::from_cells(crate::shape::Shape::standard(), cells).unwrap();
            let mut asked = 0;
            let board = Board::from_puzzle(&grid);
            let rated = rate_board_unproven(board, &config, &mut search::Cache::new(), &mut || {
                asked += 1;
                None
            });
            assert_eq!((rated, asked), (None, 1), "{p}");
        }
    }

    #[test]
    fn paths_in_the_room_of_earlier_paths_rate_as_paths_in_fresh_caches() {
        // Paths through chains, forcing nets and brute force, in turn,
        // twice, each in the tables' room the one before left.
        let puzzles = [
            "......7.1..4....3..85....6.6..9.1....1...7..5....3.2...2...8.5.8.1.29....6..7....",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
            "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6..",
        ];
        let config = Config::default();
        let mut kept = crate::logic::cache::Cache::new();
        for p in puzzles.iter().chain(&puzzles) {
            let grid = parse_grid(p, ParseOptions::default()).unwrap();
            let board = Board::from_puzzle(&grid);
            let solution = crate::logic::hodoku::brute_force::unique_solution(&board).unwrap();
            let mut cache = search::Cache::with_room_of(&mut kept);
            let rated =
                rate_board_unproven(board.clone(), &config, &mut cache, &mut || Some(solution));
            cache.keep_room(&mut kept);
            assert_eq!(rated, Some(rate_board(board, &config)), "{p}");
        }
    }

    #[test]
    fn a_path_knowing_the_solution_takes_the_steps_of_one_that_searches_for_it() {
        // Paths that guess four times, and once.
        let puzzles = [
            "....9..5..1.....3...23..7....45...7.8.....2.......64...9..1.....8..6......54....7",
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
        ];
        let config = Config::default();
        for p in puzzles {
            let grid = parse_grid(p, ParseOptions::default()).unwrap();
            let board = Board::from_puzzle(&grid);
            let searched = solve_board(board.clone(), &config);
            let guesses = searched
                .lines()
                .iter()
                .filter(|l| l.starts_with("Brute Force"))
                .count();
            assert!(guesses > 0, "{p}");
            let known = crate::logic::hodoku::brute_force::unique_solution(&board).unwrap();
            let knowing = solve_board_with(
                board.clone(),
                &config,
                search::Cache::knowing(&board, known),
            );
            assert_eq!(knowing.lines(), searched.lines(), "{p}");
            assert_eq!(
                (knowing.score, knowing.level, knowing.solved),
                (searched.score, searched.level, searched.solved)
            );
            let rated = rate_board_with(
                board.clone(),
                &config,
                search::Cache::knowing(&board, known),
            );
            assert_eq!(rated, rate_board(board, &config), "{p}");
        }
    }
}
