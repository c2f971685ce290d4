//! New puzzles with exactly one solution: symmetric, minimal if asked, in a
//! range of givens and at a chosen difficulty.
//!
//! One try ([`generate`]) makes a random solution grid, then digs: it
//! empties the squares one orbit of the symmetry at a time (a square and
//! its images: its mirror, or the four squares a quarter turn visits), in
//! random order, and puts an orbit back when the puzzle would no longer
//! have one solution. Digging every orbit once gives a minimal puzzle: an
//! orbit that could not go while more givens stood cannot go later either,
//! as fewer givens only allow more solutions. This is the classic
//! generator (for instance the one described in Sudoku Explainer's and
//! HoDoKu's documentation, and in the answer at stackoverflow.com/a/7280517
//! that the `sudoku` crate cites); the code is sudokit's own.
//!
//! The uniqueness check after each orbit is the fast engine's count to 2
//! on 9x9 (with its early exit, see [`crate::engine::fast`]); other sizes
//! use Norvig's engine with a guess budget, and an orbit whose check runs
//! out of budget stays (the puzzle stays provably unique).
//!
//! The solution grid: a few random digits on random squares, kept
//! consistent by Norvig's propagation, solved by the best engine for the
//! shape, then moved by a random [`Transform`] of the shape's symmetries.
//!
//! Then the try is judged: the number of givens against the range asked
//! for, and the rating (Sudoku Explainer's, [`crate::logic::rate_unique`])
//! against the difficulty asked for. A try that misses says why
//! ([`Miss`]); whoever loops over tries counts them, after asking
//! [`Wanted::check`] whether any puzzle can be what is asked, and can give
//! each try a deadline ([`generate_nth_until`]).
//!
//! Tries are reproducible one by one: [`try_rng`] makes try `i` of seed `s`
//! its own random generator, so a run that spreads its tries over several
//! threads and keeps the first successes in try order gives the same
//! puzzles whatever the number of threads.

use crate::engine::fast::{self, Backend};
use crate::engine::{norvig, EngineKind, Limits, Solver};
use crate::grid::{Candidates, Grid};
use crate::logic::solver::SE_ORDER;
use crate::logic::techniques::singles::first_single;
use crate::logic::{rate_unique, Cache, Family, Rating, State, Technique};
use crate::shape::{Shape, Size, Variant};
use crate::transform::Transform;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::OnceLock;
use std::time::Instant;

/// Which squares must be given together: a pattern of givens that looks
/// the same after the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// Any pattern.
    None,
    /// The same after a half turn.
    Rot180,
    /// The same after a quarter turn.
    Rot90,
    /// The same in a mirror between the left and right halves.
    Mirror,
    /// The same reflected in the main diagonal (top left to bottom right).
    Diagonal,
    /// The same reflected in the anti-diagonal (top right to bottom left).
    Antidiagonal,
    /// All of these at once: quarter turns and both mirrors and diagonals.
    All,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::All,
    ];

    /// The name the command uses, e.g. `rot180`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::All => "all",
        }
    }

    /// The moves of the symmetry besides staying put.
    fn moves(self) -> &'static [Move] {
        const ROT180: Move = |r, c, n| (n - 1 - r, n - 1 - c);
        const ROT90: Move = |r, c, n| (c, n - 1 - r);
        const ROT270: Move = |r, c, n| (n - 1 - c, r);
        const MIRROR: Move = |r, c, n| (r, n - 1 - c);
        const FLIP: Move = |r, c, n| (n - 1 - r, c);
        const DIAGONAL: Move = |r, c, _| (c, r);
        const ANTI: Move = |r, c, n| (n - 1 - c, n - 1 - r);
        match self {
            Symmetry::None => &[],
            Symmetry::Rot180 => &[ROT180],
            Symmetry::Rot90 => &[ROT90, ROT180, ROT270],
            Symmetry::Mirror => &[MIRROR],
            Symmetry::Diagonal => &[DIAGONAL],
            Symmetry::Antidiagonal => &[ANTI],
            Symmetry::All => &[ROT90, ROT180, ROT270, MIRROR, FLIP, DIAGONAL, ANTI],
        }
    }

    /// The squares `s` must be given with (itself included), on a side of `n`.
    pub fn orbit(self, s: usize, n: usize) -> Vec<usize> {
        let (r, c) = (s / n, s % n);
        let mut orbit = vec![s];
        for m in self.moves() {
            let (r, c) = m(r, c, n);
            let image = r * n + c;
            if !orbit.contains(&image) {
                orbit.push(image);
            }
        }
        orbit
    }

    /// Every orbit of a side of `n`, each once (by its first square).
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        (0..n * n)
            .map(|s| self.orbit(s, n))
            .filter(|orbit| orbit.iter().all(|&t| t >= orbit[0]))
            .collect()
    }

    /// True when the pattern of givens of `grid` has this symmetry.
    pub fn holds(self, grid: &Grid) -> bool {
        let n = grid.shape().side();
        (0..n * n).all(|s| {
            self.orbit(s, n)
                .iter()
                .all(|&t| (grid.get(t) == 0) == (grid.get(s) == 0))
        })
    }
}

/// A move of the grid: (row, column) to (row, column) on a side of `n`.
type Move = fn(usize, usize, usize) -> (usize, usize);

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that sudokit does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symmetry '{0}' (expected none, rot180, rot90, mirror, diagonal, antidiagonal or all)"
)]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Symmetry::ALL
            .into_iter()
            .find(|y| y.name() == s)
            .ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

/// The symmetry of each puzzle: always the same one, or one at random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryChoice {
    /// This one.
    Fixed(Symmetry),
    /// Any of [`Symmetry::ALL`], drawn for each try.
    Random,
}

/// The levels puzzles are made at (`--level`), graded by Sudoku
/// Explainer's ER. (A hint's level, how much it gives away, is
/// [`crate::logic::hint::Level`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// ER 1.0 to 1.2: full houses and hidden singles in boxes.
    Easy,
    /// ER 1.3 to 1.5: hidden singles in rows and columns.
    Medium,
    /// ER 1.6 to 2.5: intersections, direct subsets, naked singles.
    Hard,
    /// ER 2.6 to 6.0: subsets, fish, wings, uniqueness, BUG.
    Fiendish,
    /// ER 6.1 and above: exclusion and chains.
    Diabolical,
}

impl Grade {
    /// Every level, easiest first.
    pub const ALL: [Grade; 5] = [
        Grade::Easy,
        Grade::Medium,
        Grade::Hard,
        Grade::Fiendish,
        Grade::Diabolical,
    ];

    /// The name the command uses, e.g. `fiendish`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Fiendish => "fiendish",
            Grade::Diabolical => "diabolical",
        }
    }

    /// The ER band, in tenths: lowest and highest (none above diabolical).
    pub fn band(self) -> (u16, Option<u16>) {
        match self {
            Grade::Easy => (10, Some(12)),
            Grade::Medium => (13, Some(15)),
            Grade::Hard => (16, Some(25)),
            Grade::Fiendish => (26, Some(60)),
            Grade::Diabolical => (61, None),
        }
    }
}

/// A grade's name (a level to make puzzles at) that sudokit does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (expected easy, medium, hard, fiendish or diabolical)")]
pub struct UnknownGrade(pub String);

impl FromStr for Grade {
    type Err = UnknownGrade;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Grade::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownGrade(s.to_string()))
    }
}

/// The difficulty asked for: all its parts must hold. A rating that stops
/// short of the solution (`complete: false`, ER 20.0) meets none: it says
/// only that the rules gave up. [`Wanted::check`] says at once when no
/// puzzle of a shape can meet it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wanted {
    /// The lowest ER, in tenths (see [`crate::logic::Difficulty`]).
    pub min_er: u16,
    /// The highest ER, in tenths; `None` for no bound.
    pub max_er: Option<u16>,
    /// The technique that must set ER (the hardest step's).
    pub technique: Option<Technique>,
}

impl Wanted {
    /// Any rated puzzle.
    pub fn any() -> Wanted {
        Wanted {
            min_er: 0,
            max_er: None,
            technique: None,
        }
    }

    /// A level's band.
    pub fn level(level: Grade) -> Wanted {
        let (min_er, max_er) = level.band();
        Wanted {
            min_er,
            max_er,
            technique: None,
        }
    }

    /// Both this and `other`: the overlap of the bands, and the technique
    /// either asks for.
    pub fn and(self, other: Wanted) -> Wanted {
        Wanted {
            min_er: self.min_er.max(other.min_er),
            max_er: match (self.max_er, other.max_er) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            technique: self.technique.or(other.technique),
        }
    }

    /// True when `rating` is what is wanted. A rating that stops short of
    /// the solution (ER 20.0, `complete: false`) is never what is wanted:
    /// it says only that the rules gave up, not how hard the puzzle is.
    pub fn accepts(&self, rating: &Rating) -> bool {
        let er = rating.er.0;
        let below = self.max_er.is_none_or(|max| er <= max);
        let technique = self.technique.is_none_or(|t| rating.technique == Some(t));
        rating.complete && er >= self.min_er && below && technique
    }

    /// Why no puzzle of `shape` can be what is wanted, if none can: the
    /// ratings asked for do not overlap, the technique's difficulties lie
    /// outside them, the technique never runs on the shape, or the rules
    /// that run on the shape cannot finish a puzzle at an ER that high
    /// (see [`highest_er`]). A request that passes may still be rare.
    pub fn check(&self, shape: &'static Shape) -> Result<(), Unreachable> {
        let on = shape_words(shape);
        if self.max_er.is_some_and(|max| max < self.min_er) {
            return Err(Unreachable(format!(
                "the lowest ER asked for, {}, is above the highest, {}",
                tenths(self.min_er),
                tenths(self.max_er.unwrap_or_default())
            )));
        }
        let highest = highest_er(shape);
        if let Some(highest) = highest.filter(|&h| h < self.min_er) {
            return Err(Unreachable(format!(
                "no {on} puzzle is rated ER {} or more: the rules that run on it \
                 finish every puzzle they can at ER {} at most",
                tenths(self.min_er),
                tenths(highest)
            )));
        }
        let Some(t) = self.technique else {
            return Ok(());
        };
        let (low, high) = technique_range(t);
        let id = t.id();
        if !family_works_on(t.family(), shape) || highest.is_some_and(|h| h < low) {
            return Err(Unreachable(format!(
                "{id} never sets the rating of a {on} puzzle"
            )));
        }
        if self.max_er.is_some_and(|max| max < low) {
            return Err(Unreachable(format!(
                "{id} rates ER {} or more, above the highest ER asked for, {}",
                tenths(low),
                tenths(self.max_er.unwrap_or_default())
            )));
        }
        if high.is_some_and(|high| high < self.min_er) {
            return Err(Unreachable(format!(
                "{id} rates ER {} at most, below the lowest ER asked for, {}",
                tenths(high.unwrap_or_default()),
                tenths(self.min_er)
            )));
        }
        Ok(())
    }
}

/// A request no puzzle can meet, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unreachable(pub String);

/// Tenths as a rating, e.g. `6.2`.
fn tenths(er: u16) -> String {
    format!("{}.{}", er / 10, er % 10)
}

/// `9x9`, `diagonal 9x9`.
fn shape_words(shape: &Shape) -> String {
    let n = shape.side();
    match shape.variant() {
        Variant::Standard => format!("{n}x{n}"),
        Variant::Diagonal => format!("diagonal {n}x{n}"),
    }
}

/// True when the finders of `family` run on `shape` (the table in
/// [`crate::logic`]'s docs): the uniqueness rules, BUG and the chains are
/// off on the diagonal variant, and the dynamic chains run up to 9x9.
pub fn family_works_on(family: Family, shape: &Shape) -> bool {
    let diagonal = shape.variant() == Variant::Diagonal;
    match family {
        Family::Uniqueness | Family::Bug | Family::ForcingChains => !diagonal,
        Family::DynamicChains => !diagonal && shape.side() <= 9,
        _ => true,
    }
}

/// The lowest and highest ER a step of `t` can have, in tenths; no highest
/// for the techniques whose finder adds to the base without a small bound
/// (chains by their length, uniqueness loops and BUG by their sets).
fn technique_range(t: Technique) -> (u16, Option<u16>) {
    let base = t.difficulty().0;
    match (t, t.family()) {
        // In a box; 1.5 in a row or column.
        (Technique::HiddenSingle, _) => (base, Some(15)),
        (_, Family::Uniqueness | Family::Bug | Family::ForcingChains | Family::DynamicChains) => {
            (base, None)
        }
        _ => (base, Some(base)),
    }
}

/// The highest ER a complete rating of a `shape` puzzle can have, in
/// tenths; `None` when there is no bound (the chains run, whose ratings
/// grow with their length).
///
/// On a grid of at most 16 squares (4x4) every puzzle with one solution is
/// looked at once (see `exhaustive_highest`). On the others it is the
/// hardest technique whose finder runs on the shape: on the diagonal
/// variant, whose uniqueness rules, BUG and chains are off, that is aligned
/// triplet exclusion.
pub fn highest_er(shape: &'static Shape) -> Option<u16> {
    if shape.square_count() <= 16 {
        static KNOWN: [OnceLock<u16>; 2] = [OnceLock::new(), OnceLock::new()];
        let slot = usize::from(shape.variant() == Variant::Diagonal);
        return Some(*KNOWN[slot].get_or_init(|| exhaustive_highest(shape)));
    }
    let mut highest = 0;
    for &t in Technique::ALL {
        if family_works_on(t.family(), shape) {
            highest = highest.max(technique_range(t).1?);
        }
    }
    Some(highest)
}

/// The highest ER of any complete rating of a `shape` puzzle with one
/// solution, by looking at every one (a grid of at most 16 squares has at
/// most 2^16 sets of givens).
///
/// A rating's path passes through states that are themselves puzzles
/// (the givens and the digits placed so far) until its first step that
/// is not a full house or hidden single. So a puzzle that offers one of
/// those first adds only that single's difficulty to what the puzzle after
/// it (also looked at) adds; only a puzzle that offers none is rated
/// whole. Relabelling the digits changes none of this, so only the
/// solution grids whose first row is 1, 2, 3, ... are dug; the others
/// still count when deciding which givens leave one solution.
fn exhaustive_highest(shape: &'static Shape) -> u16 {
    let squares = shape.square_count();
    debug_assert!(squares <= 16);
    let grids = every_grid(shape);
    let full = (1usize << squares) - 1;
    let mut highest = 0;
    let firsts = grids
        .iter()
        .filter(|g| (0..shape.side()).all(|c| usize::from(g.get(c)) == c + 1));
    for grid in firsts {
        // `shared[m]`: the givens `m` of `grid` fit another grid too.
        let mut shared = vec![false; full + 1];
        for other in grids.iter().filter(|&o| o != grid) {
            let agree = (0..squares)
                .filter(|&s| grid.get(s) == other.get(s))
                .fold(0, |m, s| m | 1 << s);
            shared[agree] = true;
        }
        for bit in 0..squares {
            for m in 0..=full {
                if m & 1 << bit == 0 && shared[m | 1 << bit] {
                    shared[m] = true;
                }
            }
        }
        for m in (0..full).filter(|&m| !shared[m]) {
            let mut puzzle = Grid::empty(shape);
            for s in (0..squares).filter(|&s| m & 1 << s != 0) {
                puzzle.set(s, grid.get(s));
            }
            let state = State::from_puzzle(&puzzle).without_reasons();
            let er = match first_single(&state) {
                Some(single) => single.difficulty,
                None => {
                    let rating = rate_unique(&mut Cache::new(), &puzzle);
                    if rating.complete {
                        rating.er.0
                    } else {
                        0
                    }
                }
            };
            highest = highest.max(er);
        }
    }
    highest
}

/// Every solution grid of `shape` (only for small shapes: 4x4 has 288).
fn every_grid(shape: &'static Shape) -> Vec<Grid> {
    fn fill(grid: &mut Grid, s: usize, grids: &mut Vec<Grid>) {
        let shape = grid.shape();
        if s == shape.square_count() {
            grids.push(grid.clone());
            return;
        }
        for d in 1..=shape.side() as u8 {
            if shape.peers(s).iter().all(|&p| grid.get(p) != d) {
                grid.set(s, d);
                fill(grid, s + 1, grids);
                grid.set(s, 0);
            }
        }
    }
    let mut grids = Vec::new();
    fill(&mut Grid::empty(shape), 0, &mut grids);
    grids
}

/// What to make.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The grid's size and variant.
    pub shape: &'static Shape,
    /// The symmetry of the givens.
    pub symmetry: SymmetryChoice,
    /// Dig until no orbit of givens can go. Without it, digging stops as
    /// soon as the puzzle has at most `clues.1` givens.
    pub minimal: bool,
    /// The fewest and most givens, both included.
    pub clues: (usize, usize),
    /// The difficulty, when it matters (each puzzle is then rated).
    pub difficulty: Option<Wanted>,
}

impl Options {
    /// Minimal puzzles with 180-degree symmetry, any number of givens, any
    /// difficulty.
    pub fn new(shape: &'static Shape) -> Options {
        Options {
            shape,
            symmetry: SymmetryChoice::Fixed(Symmetry::Rot180),
            minimal: true,
            clues: (0, shape.square_count()),
            difficulty: None,
        }
    }
}

/// A new puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The givens.
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// The symmetry of its givens.
    pub symmetry: Symmetry,
    /// Its rating, when a difficulty was asked for.
    pub rating: Option<Rating>,
}

/// Why a try made no puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Miss {
    /// No solution grid came out of the random start (the search ran out
    /// of budget; rare, and only on 16x16 and 25x25).
    NoGrid,
    /// The puzzle has this many givens, outside the range.
    Clues(usize),
    /// The puzzle's rating is not the one wanted.
    Rating(Rating),
    /// Sudoku Explainer's path passes the highest ER wanted (found without
    /// rating the rest of the path).
    Harder,
    /// The deadline passed before the try was done.
    TimedOut,
}

/// The random generator of try `index` of a run seeded with `seed`.
pub fn try_rng(seed: u64, index: u64) -> StdRng {
    // SplitMix64's finaliser spreads neighbouring indices apart before
    // the generator's own seeding.
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    StdRng::seed_from_u64(z ^ (z >> 31))
}

/// Try `index` of a run seeded with `seed`: [`generate`] with
/// [`try_rng`].
pub fn generate_nth(options: &Options, seed: u64, index: u64) -> Result<Generated, Miss> {
    generate(options, &mut try_rng(seed, index))
}

/// [`generate_nth`] that gives up with [`Miss::TimedOut`] once `deadline`
/// has passed: the digging and the rating look at the clock as they go
/// (before each orbit, each rule tried), so a try on a big grid does not
/// run on long after it.
pub fn generate_nth_until(
    options: &Options,
    seed: u64,
    index: u64,
    deadline: Option<Instant>,
) -> Result<Generated, Miss> {
    generate_until(options, &mut try_rng(seed, index), deadline)
}

/// One try: a random solution grid, dug to a puzzle with one solution,
/// then judged against the options (see the module docs).
pub fn generate(options: &Options, rng: &mut impl Rng) -> Result<Generated, Miss> {
    generate_until(options, rng, None)
}

/// [`generate`] with a deadline (see [`generate_nth_until`]).
pub fn generate_until(
    options: &Options,
    rng: &mut impl Rng,
    deadline: Option<Instant>,
) -> Result<Generated, Miss> {
    let mut late = || deadline.is_some_and(|d| Instant::now() >= d);
    let shape = options.shape;
    let symmetry = match options.symmetry {
        SymmetryChoice::Fixed(symmetry) => symmetry,
        SymmetryChoice::Random => Symmetry::ALL[rng.gen_range(0..Symmetry::ALL.len())],
    };
    let counter = Counter::for_shape(shape);
    let solution = solution_grid(shape, &counter, rng, &mut late)?;
    let puzzle = dig(&solution, symmetry, options, &counter, rng, deadline)?;
    let clues = puzzle.given_count();
    if clues < options.clues.0 || clues > options.clues.1 {
        return Err(Miss::Clues(clues));
    }
    let rating = match options.difficulty {
        None => None,
        Some(wanted) => {
            // The rater looks at the deadline before each rule it tries.
            let mut cache = match deadline {
                Some(deadline) => Cache::new().with_deadline(deadline),
                None => Cache::new(),
            };
            if let Some(max) = wanted.max_er {
                if !stays_within(&mut cache, &puzzle, max)? {
                    return Err(Miss::Harder);
                }
            }
            let rating = rate_unique(&mut cache, &puzzle);
            if !rating.complete && cache.stopped() {
                return Err(Miss::TimedOut);
            }
            if !wanted.accepts(&rating) {
                return Err(Miss::Rating(rating));
            }
            Some(rating)
        }
    };
    Ok(Generated {
        puzzle,
        solution,
        symmetry,
        rating,
    })
}

/// False as soon as Sudoku Explainer's path through `puzzle` is shown to
/// pass `max` (in tenths). The rules are tried in SE's order, as the rater
/// tries them, but once every rule left can only find steps harder than
/// `max`, the answer is known without running them: whichever finds the
/// next step, it is too hard, and if none does the rating cannot show the
/// puzzle within `max` either. The chain rules, which cost most of a hard
/// puzzle's rating, come last and start at 6.2, so no level up to
/// fiendish ever runs them. Gives up with [`Miss::TimedOut`] when the
/// cache is stopped (its deadline passed; asked before each rule).
fn stays_within(cache: &mut Cache, puzzle: &Grid, max: u16) -> Result<bool, Miss> {
    // The easiest step each rule from here on can find.
    let mut floor = vec![u16::MAX; SE_ORDER.len() + 1];
    for (i, finder) in SE_ORDER.iter().enumerate().rev() {
        floor[i] = finder.min_difficulty().min(floor[i + 1]);
    }
    let mut state = State::from_puzzle(puzzle).without_reasons();
    'path: while !state.is_solved() {
        for (i, finder) in SE_ORDER.iter().enumerate() {
            if floor[i] > max {
                return Ok(false);
            }
            if cache.stopped() {
                return Err(Miss::TimedOut);
            }
            let mut first = None;
            let _ = finder.find(&state, cache, &mut |step| {
                first = Some(step);
                ControlFlow::Break(())
            });
            if let Some(step) = first {
                if step.difficulty.0 > max {
                    return Ok(false);
                }
                state.apply(&step);
                continue 'path;
            }
        }
        return Ok(false);
    }
    Ok(true)
}

/// Guesses the uniqueness check may make before it gives up (and the
/// orbit stays): Norvig's engine on sizes other than 9x9, and the fast
/// engine, whose guesses cost far less and which never comes near this on
/// a 9x9 puzzle with one solution.
const CHECK_BUDGET: u64 = 20_000;
const FAST_CHECK_BUDGET: u64 = 1_000_000;

/// Guesses the search for a solution grid may make before the try starts
/// again from other random digits (on a diagonal 9x9 grid a start with no
/// solution can take the fast engine seconds to rule out: fuzzing found
/// one).
const GRID_BUDGET: u64 = 20_000;

/// The guesses the uniqueness checks of a try have made, and the time
/// they took.
#[derive(Default)]
struct Pace {
    guesses: u64,
    seconds: f64,
}

impl Pace {
    /// The mean time of a guess so far, once there is one.
    fn seconds_per_guess(&self) -> Option<f64> {
        (self.guesses > 0 && self.seconds > 0.0).then(|| self.seconds / self.guesses as f64)
    }
}

/// Random starts for a solution grid before a try gives up.
const GRID_STARTS: usize = 20;

/// Counts solutions up to 2: the fast engine on 9x9, else Norvig's.
enum Counter {
    Fast { diagonal: bool },
    Engine(Box<dyn Solver + Send + Sync>),
}

impl Counter {
    fn for_shape(shape: &Shape) -> Counter {
        match EngineKind::best_for(shape) {
            EngineKind::Fast => Counter::Fast {
                diagonal: shape.variant() == Variant::Diagonal,
            },
            kind => Counter::Engine(kind.solver()),
        }
    }

    /// [`Counter::unique`], or [`Miss::TimedOut`] once `deadline` has
    /// passed. Norvig's engine cannot be stopped in the middle, and a check
    /// on 25x25 that runs out of budget takes most of a second; so its
    /// budget is cut to the guesses that fit before the deadline at the
    /// pace of the checks so far, and a check cut short that way is a
    /// timeout (one that ends within the cut budget answers as the full
    /// budget would: the search is the same).
    fn unique_by(
        &self,
        grid: &Grid,
        deadline: Option<Instant>,
        pace: &mut Pace,
    ) -> Result<bool, Miss> {
        let Some(deadline) = deadline else {
            return Ok(self.unique(grid));
        };
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Miss::TimedOut);
        }
        let Counter::Engine(engine) = self else {
            return Ok(self.unique(grid));
        };
        let fits = match pace.seconds_per_guess() {
            Some(each) => (left.as_secs_f64() / each) as u64,
            None => CHECK_BUDGET,
        };
        let budget = fits.clamp(1, CHECK_BUDGET);
        let report = engine.run(
            grid,
            2,
            &Limits {
                max_guesses: Some(budget),
                ..Limits::none()
            },
        );
        pace.guesses += report.stats.guesses;
        pace.seconds += report.stats.elapsed.as_secs_f64();
        if report.limit_reached && report.solutions < 2 {
            if budget < CHECK_BUDGET {
                return Err(Miss::TimedOut);
            }
            return Ok(false);
        }
        Ok(report.solutions == 1)
    }

    /// True when `grid` provably has exactly one solution.
    fn unique(&self, grid: &Grid) -> bool {
        let budget = match self {
            Counter::Fast { .. } => FAST_CHECK_BUDGET,
            Counter::Engine(_) => CHECK_BUDGET,
        };
        self.solutions(grid, 2, budget).0 == 1
    }

    /// Solutions up to `max` within `budget` guesses, and the first one; a
    /// search cut short by the budget before it found `max` counts as none
    /// (it proves nothing).
    fn solutions(&self, grid: &Grid, max: usize, budget: u64) -> (usize, Option<Grid>) {
        match (self, <&[u8; 81]>::try_from(grid.cells())) {
            (Counter::Fast { diagonal }, Ok(cells)) => {
                let mut solution = [0u8; 81];
                let outcome = fast::solve(
                    cells,
                    *diagonal,
                    max as u64,
                    budget,
                    &mut solution,
                    Backend::Auto,
                );
                if outcome.limit_hit && outcome.solutions < max as u64 {
                    return (0, None);
                }
                let first = (outcome.solutions > 0)
                    .then(|| Grid::from_cells(grid.shape(), solution.to_vec()))
                    .flatten();
                (outcome.solutions as usize, first)
            }
            (Counter::Engine(engine), _) => {
                let limits = Limits {
                    max_guesses: Some(budget),
                    ..Limits::none()
                };
                let report = engine.run(grid, max, &limits);
                let found = if report.limit_reached && report.solutions < max {
                    0
                } else {
                    report.solutions
                };
                (found, report.first)
            }
            (Counter::Fast { .. }, Err(_)) => (0, None),
        }
    }
}

/// A random solution grid of `shape`: [`Miss::NoGrid`] when every random
/// start ran out of budget, [`Miss::TimedOut`] when `late` says so (asked
/// before each start).
fn solution_grid(
    shape: &'static Shape,
    counter: &Counter,
    rng: &mut impl Rng,
    late: &mut dyn FnMut() -> bool,
) -> Result<Grid, Miss> {
    for _ in 0..GRID_STARTS {
        if late() {
            return Err(Miss::TimedOut);
        }
        let Some(start) = random_start(shape, rng) else {
            continue;
        };
        if let (1, Some(grid)) = counter.solutions(&start, 1, GRID_BUDGET) {
            return Transform::random(shape, rng)
                .apply(&grid)
                .map_err(|_| Miss::NoGrid);
        }
    }
    Err(Miss::NoGrid)
}

/// Random digits to start a solution grid from, or `None` when they
/// contradict each other. On a standard grid with square boxes, the boxes
/// down the main diagonal share no row, column or box, so each can take
/// any order of the digits, with no check (this start is a sixth of the
/// cost of the one below on 9x9). Otherwise `side` random digits on random
/// squares, each assigned with Norvig's propagation.
fn random_start(shape: &'static Shape, rng: &mut impl Rng) -> Option<Grid> {
    let n = shape.side();
    let (box_rows, box_cols) = shape.box_dims();
    if shape.variant() == Variant::Standard && box_rows == box_cols {
        let mut grid = Grid::empty(shape);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        for b in 0..n / box_rows {
            digits.shuffle(rng);
            for (k, &d) in digits.iter().enumerate() {
                let (r, c) = (b * box_rows + k / box_cols, b * box_cols + k % box_cols);
                grid.set(r * n + c, d);
            }
        }
        return Some(grid);
    }
    let mut values = Candidates::full(shape);
    let mut squares: Vec<usize> = (0..shape.square_count()).collect();
    squares.shuffle(rng);
    for &s in squares.iter().take(n) {
        let digits: Vec<u8> = values.get(s).iter().collect();
        let &d = digits.choose(rng)?;
        if !norvig::assign(&mut values, s, d) {
            return None;
        }
    }
    Some(values.to_grid())
}

/// Empties the orbits of `symmetry` in random order, keeping those whose
/// removal would allow a second solution. Without `options.minimal`, it
/// also keeps those that would leave fewer givens than `options.clues.0`,
/// and stops once the givens are at most `options.clues.1`. Gives up with
/// [`Miss::TimedOut`] once `deadline` passes (see [`Counter::unique_by`]).
fn dig(
    solution: &Grid,
    symmetry: Symmetry,
    options: &Options,
    counter: &Counter,
    rng: &mut impl Rng,
    deadline: Option<Instant>,
) -> Result<Grid, Miss> {
    let mut pace = Pace::default();
    let n = solution.shape().side();
    let mut orbits = symmetry.orbits(n);
    orbits.shuffle(rng);
    let mut puzzle = solution.clone();
    let mut givens = puzzle.given_count();
    for orbit in &orbits {
        if !options.minimal && givens <= options.clues.1 {
            break;
        }
        if !options.minimal && givens.saturating_sub(orbit.len()) < options.clues.0 {
            continue;
        }
        for &s in orbit {
            puzzle.set(s, 0);
        }
        if counter.unique_by(&puzzle, deadline, &mut pace)? {
            givens -= orbit.len();
        } else {
            for &s in orbit {
                puzzle.set(s, solution.get(s));
            }
        }
    }
    Ok(puzzle)
}

/// The fewest givens a puzzle of `size` with one solution can have, where
/// that is known: 4 on 4x4 (by exhaustion), 17 on 9x9 (McGuire,
/// Tugemann and Civario, "There is no 16-Clue Sudoku", 2012); 0 where
/// nobody has proved a bound.
pub fn fewest_givens(size: Size) -> usize {
    match size {
        Size::Four => 4,
        Size::Nine => 17,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_square_once() {
        for symmetry in Symmetry::ALL {
            for n in [4, 6, 9, 16] {
                let mut squares: Vec<usize> = symmetry.orbits(n).concat();
                squares.sort_unstable();
                assert_eq!(squares, (0..n * n).collect::<Vec<_>>(), "{symmetry} {n}");
            }
        }
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rot90.orbit(0, 9), vec![0, 8, 80, 72]);
        assert_eq!(Symmetry::Mirror.orbit(10, 9), vec![10, 16]);
        assert_eq!(Symmetry::Diagonal.orbit(1, 9), vec![1, 9]);
        assert_eq!(Symmetry::Antidiagonal.orbit(0, 9), vec![0, 80]);
        assert_eq!(Symmetry::All.orbit(1, 9).len(), 8);
        assert_eq!("rot90".parse(), Ok(Symmetry::Rot90));
        assert!("spiral".parse::<Symmetry>().is_err());
    }

    #[test]
    fn tries_repeat_from_their_seed() {
        let options = Options::new(Shape::standard());
        let a = generate_nth(&options, 5, 3).unwrap();
        assert_eq!(Ok(a.clone()), generate_nth(&options, 5, 3));
        assert_ne!(Ok(a), generate_nth(&options, 5, 4));
    }

    #[test]
    fn a_rating_the_rater_gave_up_on_meets_no_request() {
        let given_up = Rating {
            er: crate::logic::Difficulty(crate::logic::rating::BEYOND),
            ep: crate::logic::Difficulty(12),
            ed: crate::logic::Difficulty(12),
            technique: None,
            steps: 3,
            techniques: Default::default(),
            complete: false,
        };
        for wanted in [Wanted::any(), Wanted::level(Grade::Diabolical)] {
            assert!(!wanted.accepts(&given_up), "{wanted:?}");
        }
        let finished = Rating {
            er: crate::logic::Difficulty(75),
            technique: Some(Technique::AlignedTripletExclusion),
            complete: true,
            ..given_up
        };
        assert!(Wanted::level(Grade::Diabolical).accepts(&finished));
    }

    #[test]
    fn what_a_shape_can_reach_comes_from_its_rules() {
        use crate::shape::Size;
        let diagonal = Shape::of(Size::Nine, Variant::Diagonal);
        // Chains, uniqueness and BUG are off: aligned triplet exclusion is
        // the hardest rule left.
        assert_eq!(
            highest_er(diagonal),
            Some(Technique::AlignedTripletExclusion.difficulty().0)
        );
        assert_eq!(highest_er(Shape::standard()), None);
        assert_eq!(
            highest_er(Shape::of(Size::Sixteen, Variant::Standard)),
            None
        );
        // Every 4x4 puzzle is finished by singles.
        let four = highest_er(Shape::of(Size::Four, Variant::Standard)).unwrap();
        assert!(four <= 15, "{four}");
        assert!(Wanted::level(Grade::Easy)
            .check(Shape::of(Size::Four, Variant::Standard))
            .is_ok());
        assert!(Wanted::level(Grade::Hard)
            .check(Shape::of(Size::Four, Variant::Standard))
            .is_err());
        assert!(Wanted::level(Grade::Diabolical).check(diagonal).is_ok());
        let chain = Wanted {
            technique: Some(Technique::ForcingChain),
            ..Wanted::any()
        };
        assert!(chain.check(diagonal).is_err());
        assert!(chain.check(Shape::standard()).is_ok());
    }

    #[test]
    fn wanted_difficulties_overlap() {
        let both = Wanted::level(Grade::Fiendish).and(Wanted {
            min_er: 40,
            max_er: None,
            technique: None,
        });
        assert_eq!((both.min_er, both.max_er), (40, Some(60)));
    }
}
