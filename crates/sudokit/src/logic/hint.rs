//! Hints: what to tell a player who asks for help, from where they are.
//!
//! A hint starts from the puzzle's one solution ([`check_unique`]): a
//! puzzle with none, or with several, has no logical hint, since every
//! step of logic assumes one answer. With the solution in hand, a
//! [`Mistake`] comes first: a placed digit that differs from the solution,
//! or an empty square whose pencil marks lack the solution's digit. No step
//! can be trusted from a state that holds one, so the hint names the square
//! instead. Otherwise the hint is the next [`Step`] in the order asked for
//! ([`Order::Easiest`] teaches best: the easiest step anywhere).
//!
//! Hint systems give a step away a little at a time, and so does
//! [`Hint::at`], by [`Level`]:
//!
//! | level | says | e.g. |
//! |---|---|---|
//! | `area` | where to look: the step's units, else the box of its first square | `Look at row C.` |
//! | `technique` | and which technique | `Try Naked pair (3.0) in row C.` |
//! | `cells` | and which squares and digits make it | `Try Naked pair (3.0) in row C: look at C4 and C6, digits 1 and 7.` |
//! | `move` | the whole step | `Naked pair (3.0): Naked pair 1,7 in C4 and C6 ...` |
//!
//! A step by HoDoKu's rules is weighed by its base score instead of SE's
//! difficulty (`Try Locked Triple (score 60) in box 3.`); see
//! [`crate::logic::hodoku::hint`].
//!
//! Each level's output is a struct of its own, so a program gets exactly
//! what the level allows and no more; `move` is the [`Step`] itself, in the
//! one JSON shape steps have everywhere. In JSON every hint, at every
//! level, starts with `level` and `status`: `hinted` for a step (any
//! level), `mistake` for a wrong square, and `solved` or `stuck` (or the
//! front end's word for a puzzle it could not hint: `invalid`,
//! `unsolvable`, `multiple`) when there is no step; [`Graded`] writes them.

use crate::grid::{Digits, Grid};
use crate::logic::cache::Cache;
use crate::logic::rating::{check_unique, RateError};
use crate::logic::solver::{next_step, Order};
use crate::logic::state::State;
use crate::logic::step::{Difficulty, Step, Technique};
use crate::logic::text::{and_list, Digit};
use crate::logic::units::{Square, Unit, UnitKind};
use crate::parse::PlayerState;
use serde::Serialize;
use std::fmt;

/// How much of a hint to give.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Where to look: a unit or a box.
    Area,
    /// Where, and which technique.
    Technique,
    /// Where, which technique, and the squares and digits it is made of.
    Cells,
    /// The whole step.
    #[default]
    Move,
}

impl Level {
    /// Every level, from the vaguest.
    pub const ALL: [Level; 4] = [Level::Area, Level::Technique, Level::Cells, Level::Move];

    /// The level's name, as `--level` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Area => "area",
            Level::Technique => "technique",
            Level::Cells => "cells",
            Level::Move => "move",
        }
    }
}

/// A hint level name that sudokit does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (expected area, technique, cells or move)")]
pub struct UnknownLevel(pub String);

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// A square that contradicts the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// What is wrong.
    pub kind: MistakeKind,
    /// Where.
    pub square: Square,
    /// The digit placed there (a wrong digit), or the one its marks lack (a
    /// missing mark: the solution's digit).
    pub digit: u8,
    /// The solution's digit in that square.
    pub solution: u8,
}

/// What kind of [`Mistake`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MistakeKind {
    /// A placed digit that is not the solution's.
    WrongDigit,
    /// An empty square whose pencil marks lack the solution's digit.
    MissingMark,
}

/// What a player is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// A square is wrong: this comes before any step.
    Mistake(Mistake),
    /// The next step, and the units it points to (see [`area`]).
    Step {
        /// The step (boxed: it is far larger than the other answers).
        step: Box<Step>,
        /// Where to look.
        area: Vec<Unit>,
    },
    /// Every square is filled, and rightly.
    Solved,
    /// No technique sudokit knows finds a step from here (the puzzle needs
    /// chains, which come next).
    Stuck,
}

/// Why a player's state does not belong to a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// The state is not the puzzle's size or variant, or its marks are not
    /// one set per square.
    #[error("the state has {state} squares and the puzzle {puzzle}")]
    Shape {
        /// Squares in the state.
        state: usize,
        /// Squares in the puzzle.
        puzzle: usize,
    },
    /// A given square holds another digit in the state. (Digits are named
    /// as the grid writes them: `A` for 10 on 16x16.)
    #[error(
        "square {square}: the puzzle gives {}, the state holds {}",
        Digit(*.given),
        Digit(*.found)
    )]
    GivenChanged {
        /// The square's name.
        square: String,
        /// The puzzle's digit.
        given: u8,
        /// The state's.
        found: u8,
    },
    /// A given square whose pencil marks leave out its given.
    #[error(
        "square {square}: the puzzle gives {}, which the state's marks leave out",
        Digit(*.given)
    )]
    GivenStruck {
        /// The square's name.
        square: String,
        /// The puzzle's digit.
        given: u8,
    },
}

/// The state a player describes, on the puzzle `givens`: their placed
/// digits, their pencil marks (a square with one mark counts as placed), or
/// both as a game keeps them ([`PlayerState::Written`]: a square with no
/// marks written counts every digit its peers allow). Every front end
/// checks a player's state here. A given square's marks, if written, must
/// keep its given, and its digit, if placed, must be the given (in that
/// order: a square of pencil marks down to another digit has its marks
/// blamed); the puzzle's givens are placed whatever the state says of them
/// otherwise. Digits that clash with their peers are let through: a
/// player's mistake is for a hint to point out.
pub fn player_state(givens: &Grid, player: &PlayerState) -> Result<State, StateError> {
    let shape = givens.shape();
    let (values, marks): (&Grid, Option<Vec<Digits>>) = match player {
        PlayerState::Digits(values) => (values, None),
        PlayerState::Marks(marks) => (&marks.values, Some(marks.sets().to_vec())),
        PlayerState::Written { values, marks } => {
            let all = Digits::all(shape.side());
            let written = marks
                .iter()
                .map(|&m| match m.bits() & all.bits() {
                    0 if m.is_empty() => all,
                    bits => Digits::from_bits(bits),
                })
                .collect();
            (values, Some(written))
        }
    };
    let squares = match &marks {
        Some(marks) if marks.len() != values.cells().len() => marks.len(),
        _ => values.cells().len(),
    };
    if values.shape() != shape || squares != shape.square_count() {
        return Err(StateError::Shape {
            state: squares,
            puzzle: givens.cells().len(),
        });
    }
    for s in 0..shape.square_count() {
        let given = givens.get(s);
        if given == 0 {
            continue;
        }
        let square = || shape.name(s).to_string();
        if marks
            .as_ref()
            .is_some_and(|marks| !marks[s].contains(given))
        {
            return Err(StateError::GivenStruck {
                square: square(),
                given,
            });
        }
        let found = values.get(s);
        if found != 0 && found != given {
            return Err(StateError::GivenChanged {
                square: square(),
                given,
                found,
            });
        }
    }
    Ok(State::from_marks(givens, values, marks.as_deref()))
}

/// The hint for `state`, whose givens are the puzzle: a mistake if the
/// state holds one, else the next step in `order`. A puzzle without exactly
/// one solution has no hint ([`RateError`] says which).
pub fn hint(cache: &mut Cache, state: &State, order: Order) -> Result<Hint, RateError> {
    let solution = check_unique(state.givens())?;
    Ok(hint_with(cache, state, &solution, order))
}

/// [`hint`] for a puzzle whose solution is already known.
pub fn hint_with(cache: &mut Cache, state: &State, solution: &Grid, order: Order) -> Hint {
    if let Some(mistake) = mistake(state, solution) {
        return Hint::Mistake(mistake);
    }
    if state.is_solved() {
        return Hint::Solved;
    }
    match next_step(cache, state, order) {
        Some(step) => Hint::Step {
            area: area(&step, state),
            step: Box::new(step),
        },
        None => Hint::Stuck,
    }
}

/// The first square, in square order, that contradicts `solution`: wrong
/// digits first (a wrong digit also strikes marks from its peers, so the
/// marks it spoils are not blamed on the player), then missing marks.
pub fn mistake(state: &State, solution: &Grid) -> Option<Mistake> {
    let geo = state.geometry();
    let squares = 0..state.shape().square_count();
    let wrong = squares.clone().find_map(|s| {
        let (placed, right) = (state.value(s), solution.get(s));
        (placed != 0 && placed != right).then(|| Mistake {
            kind: MistakeKind::WrongDigit,
            square: geo.square(s),
            digit: placed,
            solution: right,
        })
    });
    wrong.or_else(|| {
        squares.into_iter().find_map(|s| {
            let right = solution.get(s);
            (state.value(s) == 0 && !state.cands(s).contains(right)).then(|| Mistake {
                kind: MistakeKind::MissingMark,
                square: geo.square(s),
                digit: right,
                solution: right,
            })
        })
    })
}

/// The `area` level: where to look.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AreaHint {
    /// Always `area`. (In JSON, [`Graded`] writes it, with the status.)
    #[serde(skip)]
    pub level: Level,
    /// The units to look at.
    pub units: Vec<Unit>,
    /// One sentence.
    pub text: String,
}

/// The `technique` level: where, and which technique.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TechniqueHint {
    /// Always `technique`. (In JSON, [`Graded`] writes it, with the status.)
    #[serde(skip)]
    pub level: Level,
    /// The units to look at.
    pub units: Vec<Unit>,
    /// The technique's id.
    pub technique: Technique,
    /// Its name, as the step gives it.
    pub name: String,
    /// The step's difficulty.
    pub difficulty: Difficulty,
    /// One sentence.
    pub text: String,
}

/// The `cells` level: where, which technique, and what it is made of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellsHint {
    /// Always `cells`. (In JSON, [`Graded`] writes it, with the status.)
    #[serde(skip)]
    pub level: Level,
    /// The units to look at.
    pub units: Vec<Unit>,
    /// The technique's id.
    pub technique: Technique,
    /// Its name, as the step gives it.
    pub name: String,
    /// The step's difficulty.
    pub difficulty: Difficulty,
    /// The squares the pattern is made of.
    pub squares: Vec<Square>,
    /// The digits it is about.
    pub digits: Vec<u8>,
    /// One sentence.
    pub text: String,
}

/// A mistake, at any level: which square is wrong. The solution's digit
/// is only given at the `cells` and `move` levels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MistakeHint {
    /// The level asked for. (In JSON, [`Graded`] writes it, with the
    /// status `mistake`.)
    #[serde(skip)]
    pub level: Level,
    /// What is wrong.
    pub mistake: MistakeKind,
    /// Where.
    pub square: Square,
    /// The wrong digit placed; for a missing mark, the digit missing (not
    /// given below the `cells` level).
    pub digit: Option<u8>,
    /// One sentence.
    pub text: String,
}

/// No step to give: the grid is solved, or no technique applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NoStepHint {
    /// The level asked for. (In JSON, [`Graded`] writes it, with the
    /// status.)
    #[serde(skip)]
    pub level: Level,
    /// `solved` or `stuck` (a front end that cannot hint a puzzle says
    /// why in its own words: `invalid`, `unsolvable`, `multiple`).
    #[serde(skip)]
    pub status: &'static str,
    /// One sentence.
    pub text: String,
}

/// A hint at one level: what is printed, as text (`Display`) or JSON.
///
/// Its JSON is `level` and `status` (see [`Graded::status`]) followed by
/// the level's own fields ([`Graded::fields`]): the same two words lead
/// every hint, so a program can tell a step from a mistake from no step
/// without guessing from the fields present.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Graded {
    /// Where to look.
    Area(AreaHint),
    /// Where, and which technique.
    Technique(TechniqueHint),
    /// Where, which technique, which squares and digits.
    Cells(CellsHint),
    /// The whole step.
    Move(Step),
    /// A square is wrong.
    Mistake(MistakeHint),
    /// Nothing to do, or nothing found.
    NoStep(NoStepHint),
}

impl Graded {
    /// The level asked for.
    pub fn level(&self) -> Level {
        match self {
            Graded::Area(h) => h.level,
            Graded::Technique(h) => h.level,
            Graded::Cells(h) => h.level,
            Graded::Move(_) => Level::Move,
            Graded::Mistake(h) => h.level,
            Graded::NoStep(h) => h.level,
        }
    }

    /// Its status word: `hinted` for a step at any level, `mistake` for a
    /// wrong square, the no-step's own (`solved`, `stuck`, ...) otherwise.
    pub fn status(&self) -> &'static str {
        match self {
            Graded::Area(_) | Graded::Technique(_) | Graded::Cells(_) | Graded::Move(_) => "hinted",
            Graded::Mistake(_) => "mistake",
            Graded::NoStep(h) => h.status,
        }
    }

    /// Its own fields, without `level` and `status`: for a front end that
    /// writes those two itself, in a record of its own (flatten it there).
    pub fn fields(&self) -> GradedFields<'_> {
        GradedFields(self)
    }
}

/// A [`Graded`] hint's fields after `level` and `status` (see
/// [`Graded::fields`]); `move`'s are the step's.
#[derive(Clone, Copy, Debug)]
pub struct GradedFields<'a>(&'a Graded);

impl Serialize for GradedFields<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Graded::Area(h) => h.serialize(serializer),
            Graded::Technique(h) => h.serialize(serializer),
            Graded::Cells(h) => h.serialize(serializer),
            Graded::Move(step) => step.serialize(serializer),
            Graded::Mistake(h) => h.serialize(serializer),
            Graded::NoStep(h) => h.serialize(serializer),
        }
    }
}

/// `level`, `status`, then the hint's own fields.
#[derive(Serialize)]
struct Tagged<'a> {
    level: Level,
    status: &'static str,
    #[serde(flatten)]
    fields: GradedFields<'a>,
}

impl Serialize for Graded {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Tagged {
            level: self.level(),
            status: self.status(),
            fields: self.fields(),
        }
        .serialize(serializer)
    }
}

impl Hint {
    /// The hint as much as `level` gives away.
    pub fn at(&self, level: Level) -> Graded {
        match self {
            Hint::Step { step, area } => grade(step, area, level),
            Hint::Mistake(mistake) => Graded::Mistake(mistake.at(level)),
            Hint::Solved => Graded::NoStep(NoStepHint {
                level,
                status: "solved",
                text: "The grid is solved.".to_string(),
            }),
            Hint::Stuck => Graded::NoStep(NoStepHint {
                level,
                status: "stuck",
                text: "No rule finds a step from here (diagonal sudoku has \
                       no chains, larger grids no chains past forcing chains)."
                    .to_string(),
            }),
        }
    }
}

impl Mistake {
    /// What `level` says of this mistake.
    fn at(&self, level: Level) -> MistakeHint {
        let reveal = level >= Level::Cells;
        let square = self.square;
        // Digits in the sentence as the grid writes them.
        let (digit, solution) = (Digit(self.digit), Digit(self.solution));
        let text = match (self.kind, reveal) {
            (MistakeKind::WrongDigit, false) => {
                format!("{square} is wrong: {digit} does not belong there.")
            }
            (MistakeKind::WrongDigit, true) => {
                format!(
                    "{square} is wrong: it holds {digit}, and the solution has {solution} there."
                )
            }
            (MistakeKind::MissingMark, false) => {
                format!("{square} is missing a pencil mark: its digit was struck out of its marks.")
            }
            (MistakeKind::MissingMark, true) => format!(
                "{square} is missing the pencil mark {digit}, which is its digit in the solution."
            ),
        };
        MistakeHint {
            level,
            mistake: self.kind,
            square,
            digit: (self.kind == MistakeKind::WrongDigit || reveal).then_some(self.digit),
            text,
        }
    }
}

/// The units a step points to: its own, else a fish's base, else the box
/// of its first square.
pub fn area(step: &Step, state: &State) -> Vec<Unit> {
    let evidence = &step.evidence;
    if !evidence.units.is_empty() {
        return evidence.units.clone();
    }
    if !evidence.base.is_empty() {
        return evidence.base.clone();
    }
    let first = evidence
        .squares
        .first()
        .or(evidence.pivot.as_ref())
        .or(step.placements.first().map(|c| &c.square))
        .or(step.eliminations.first().map(|c| &c.square));
    let geo = state.geometry();
    first
        .map(|square| vec![geo.unit(geo.unit_of(square.index(), UnitKind::Box))])
        .unwrap_or_default()
}

/// The squares a step is made of: its evidence's, else those it changes.
fn squares_of(step: &Step) -> Vec<Square> {
    if !step.evidence.squares.is_empty() {
        return step.evidence.squares.clone();
    }
    let mut squares: Vec<Square> = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|c| c.square)
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

/// The digits a step is about: its evidence's candidates' and its placements'.
fn digits_of(step: &Step) -> Vec<u8> {
    let mut digits: Vec<u8> = step
        .evidence
        .candidates
        .iter()
        .chain(&step.placements)
        .map(|c| c.digit)
        .collect();
    if digits.is_empty() {
        digits = step.eliminations.iter().map(|c| c.digit).collect();
    }
    digits.sort_unstable();
    digits.dedup();
    digits
}

/// How hard a step is, as a hint's sentence says it: HoDoKu's base score
/// for a step by HoDoKu's rules (`score 60`; SE's difficulty, which many of
/// its techniques lack, is not HoDoKu's measure), SE's difficulty (`3.0`)
/// otherwise.
fn weight(step: &Step) -> String {
    match &step.hodoku {
        Some(h) => format!("score {}", h.score),
        None => step.difficulty.to_string(),
    }
}

/// A step graded: what `level` says of it.
fn grade(step: &Step, area: &[Unit], level: Level) -> Graded {
    let units = area.to_vec();
    let place = if units.is_empty() {
        String::new()
    } else {
        format!(" in {}", and_list(&units))
    };
    let technique = &step.name;
    match level {
        Level::Area => Graded::Area(AreaHint {
            level,
            text: format!("Look at {}.", and_list(&units)),
            units,
        }),
        Level::Technique => Graded::Technique(TechniqueHint {
            level,
            text: format!("Try {technique} ({}){place}.", weight(step)),
            units,
            technique: step.technique,
            name: step.name.to_string(),
            difficulty: step.difficulty,
        }),
        Level::Cells => {
            let squares = squares_of(step);
            let digits = digits_of(step);
            let digit_words = if digits.len() == 1 { "digit" } else { "digits" };
            Graded::Cells(CellsHint {
                level,
                text: format!(
                    "Try {technique} ({}){place}: look at {}, {digit_words} {}.",
                    weight(step),
                    and_list(&squares),
                    and_list(&digits.iter().map(|&d| Digit(d)).collect::<Vec<_>>())
                ),
                units,
                technique: step.technique,
                name: step.name.to_string(),
                difficulty: step.difficulty,
                squares,
                digits,
            })
        }
        Level::Move => Graded::Move(step.clone()),
    }
}

impl fmt::Display for Graded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Graded::Area(h) => f.write_str(&h.text),
            Graded::Technique(h) => f.write_str(&h.text),
            Graded::Cells(h) => f.write_str(&h.text),
            Graded::Move(step) if step.hodoku.is_some() => {
                write!(f, "{} ({}): {}", step.name, weight(step), step.text)
            }
            Graded::Move(step) => write!(f, "{step}"),
            Graded::Mistake(h) => f.write_str(&h.text),
            Graded::NoStep(h) => f.write_str(&h.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::solver::explain;
    use crate::parse::{parse_grid, ParseOptions};

    const EASY1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const EASY1_SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    /// Norvig's grid2: its easiest steps include pointings.
    const GRID2: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn grid(text: &str) -> Grid {
        parse_grid(text, ParseOptions::default()).unwrap()
    }

    fn json(graded: &Graded) -> serde_json::Value {
        serde_json::to_value(graded).unwrap()
    }

    #[test]
    fn every_level_of_the_first_hint_on_easy1() {
        let state = State::from_puzzle(&grid(EASY1));
        let hint = hint(&mut Cache::new(), &state, Order::Easiest).unwrap();
        let Hint::Step { step, area } = &hint else {
            panic!("{hint:?}");
        };
        assert_eq!(
            area.iter().map(|u| u.to_string()).collect::<Vec<_>>(),
            ["box 1"]
        );
        let texts: Vec<String> = Level::ALL.iter().map(|&l| hint.at(l).to_string()).collect();
        assert_eq!(
            texts,
            [
                "Look at box 1.",
                "Try Hidden single in a box (1.2) in box 1.",
                "Try Hidden single in a box (1.2) in box 1: look at B2, digit 6.",
                "Hidden single in a box (1.2): Hidden single in box 1: 6 can only go in B2",
            ]
        );
        assert_eq!(
            json(&hint.at(Level::Area)),
            serde_json::json!({"level": "area", "status": "hinted", "units": ["box 1"], "text": "Look at box 1."})
        );
        let technique = json(&hint.at(Level::Technique));
        assert_eq!(technique["technique"], "hidden_single");
        assert_eq!(technique["difficulty"], 1.2);
        assert!(
            technique.get("squares").is_none(),
            "the technique level names no square"
        );
        let cells = json(&hint.at(Level::Cells));
        assert_eq!(cells["squares"], serde_json::json!(["B2"]));
        assert_eq!(cells["digits"], serde_json::json!([6]));
        assert!(
            cells.get("placements").is_none(),
            "the cells level makes no move"
        );
        // The move is the step, in the JSON every step has, after the
        // level and status every hint starts with.
        let mut moved = serde_json::to_value(step).unwrap();
        moved["level"] = "move".into();
        moved["status"] = "hinted".into();
        assert_eq!(json(&hint.at(Level::Move)), moved);
        for level in Level::ALL {
            let graded = json(&hint.at(level));
            assert_eq!(graded["level"], level.name());
            assert_eq!(graded["status"], "hinted");
        }
        assert_eq!(step.placements[0].to_string(), "B2=6");
    }

    /// Along a whole path, each level says what the step's evidence says,
    /// and no more than its level allows.
    #[test]
    fn every_level_agrees_with_its_step_along_a_path() {
        let mut state = State::from_puzzle(&grid(GRID2));
        let solution = check_unique(state.givens()).unwrap();
        let mut seen_two_units = false;
        for _ in 0..40 {
            let hint = hint_with(&mut Cache::new(), &state, &solution, Order::Easiest);
            let Hint::Step { step, area } = &hint else {
                break;
            };
            if !step.evidence.units.is_empty() {
                assert_eq!(area, &step.evidence.units);
            }
            seen_two_units |= area.len() == 2;
            let Graded::Cells(cells) = hint.at(Level::Cells) else {
                panic!("cells");
            };
            assert_eq!(&cells.units, area);
            assert_eq!(cells.technique, step.technique);
            assert!(
                !cells.squares.is_empty() && !cells.digits.is_empty(),
                "{step}"
            );
            if !step.evidence.squares.is_empty() {
                assert_eq!(cells.squares, step.evidence.squares);
            }
            for c in &step.placements {
                assert!(cells.digits.contains(&c.digit));
            }
            state.apply(step);
        }
        assert!(seen_two_units, "a pointing shows its box and its line");
    }

    #[test]
    fn a_wrong_digit_is_named_before_any_step() {
        let givens = grid(EASY1);
        let mut values = givens.clone();
        // A1 is 4 in the solution; B2 is 6. Put 5 in B2 (wrong), 4 in A1 (right).
        values.set(0, 4);
        values.set(10, 5);
        let state = State::from_marks(&givens, &values, None);
        let hint = hint(&mut Cache::new(), &state, Order::Easiest).unwrap();
        let Hint::Mistake(mistake) = &hint else {
            panic!("{hint:?}");
        };
        assert_eq!(mistake.kind, MistakeKind::WrongDigit);
        assert_eq!(
            (mistake.square.to_string(), mistake.digit, mistake.solution),
            ("B2".into(), 5, 6)
        );
        assert_eq!(
            hint.at(Level::Area).to_string(),
            "B2 is wrong: 5 does not belong there."
        );
        assert_eq!(
            hint.at(Level::Move).to_string(),
            "B2 is wrong: it holds 5, and the solution has 6 there."
        );
        let json = json(&hint.at(Level::Technique));
        assert_eq!(
            (&json["level"], &json["status"]),
            (&"technique".into(), &"mistake".into())
        );
        assert_eq!(json["mistake"], "wrong_digit");
        assert_eq!(json["square"], "B2");
        assert_eq!(json["digit"], 5);
    }

    #[test]
    fn a_missing_mark_is_named_and_its_digit_kept_back_below_cells() {
        let givens = grid(EASY1);
        let mut marks: Vec<_> = State::from_puzzle(&givens)
            .to_marks_line()
            .as_bytes()
            .chunks(9)
            .map(|square| {
                let mut digits = crate::grid::Digits::EMPTY;
                for (i, &b) in square.iter().enumerate() {
                    if b != b'.' {
                        digits.insert(i as u8 + 1);
                    }
                }
                digits
            })
            .collect();
        // C9 (square 26) is 3 in the solution: strike the 3.
        assert_eq!(&EASY1_SOLVED[26..27], "3");
        marks[26].remove(3);
        let state = State::from_marks(&givens, &givens, Some(&marks));
        let hint = hint(&mut Cache::new(), &state, Order::Easiest).unwrap();
        let Hint::Mistake(mistake) = &hint else {
            panic!("{hint:?}");
        };
        assert_eq!(mistake.kind, MistakeKind::MissingMark);
        assert_eq!(mistake.square.to_string(), "C9");
        let vague = json(&hint.at(Level::Technique));
        assert_eq!(vague["mistake"], "missing_mark");
        assert!(vague["digit"].is_null(), "{vague}");
        assert_eq!(json(&hint.at(Level::Cells))["digit"], 3);
        assert_eq!(
            hint.at(Level::Cells).to_string(),
            "C9 is missing the pencil mark 3, which is its digit in the solution."
        );
    }

    #[test]
    fn a_state_must_keep_the_givens() {
        use crate::parse::{parse_state, PlayerState};
        let givens = grid(EASY1);
        let read = |text: &str| parse_state(text, ParseOptions::default()).unwrap();
        // C3 is given 3: a state with 5 there, or marks without 3, is not
        // this puzzle's.
        let mut digits = EASY1.to_string();
        digits.replace_range(2..3, "5");
        assert_eq!(
            player_state(&givens, &read(&digits)).map_err(|e| e.to_string()),
            Err("square A3: the puzzle gives 3, the state holds 5".to_string())
        );
        let mut line = State::from_puzzle(&givens).to_marks_line();
        line.replace_range(18..27, "1.......9");
        assert_eq!(
            player_state(&givens, &read(&line)).map_err(|e| e.to_string()),
            Err("square A3: the puzzle gives 3, which the state's marks leave out".to_string())
        );
        let four = PlayerState::Digits(grid(&format!("1{}", ".".repeat(15))));
        assert!(matches!(
            player_state(&givens, &four),
            Err(StateError::Shape {
                state: 16,
                puzzle: 81
            })
        ));
        // The puzzle's own start, as digits, is the start; as marks, its
        // squares with one candidate count as placed.
        let start = State::from_puzzle(&givens);
        assert!(player_state(&givens, &read(EASY1)) == Ok(start.clone()));
        let from_marks = player_state(&givens, &read(&start.to_marks_line())).unwrap();
        assert!(from_marks.values().given_count() > givens.given_count());
    }

    #[test]
    fn no_hint_without_one_solution_and_no_step_past_the_techniques() {
        // One given: several solutions. testdata/mixed.txt's fourth: none.
        let several = State::from_puzzle(&grid(&format!("1{}", ".".repeat(80))));
        assert_eq!(
            hint(&mut Cache::new(), &several, Order::Easiest),
            Err(RateError::SeveralSolutions)
        );
        let none = State::from_puzzle(&grid(
            "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.",
        ));
        assert_eq!(
            hint(&mut Cache::new(), &none, Order::Se),
            Err(RateError::NoSolution)
        );
        // Solved; and stuck on a diagonal puzzle, where chains are off and
        // the other rules stop short.
        let solved = State::from_puzzle(&grid(EASY1_SOLVED));
        assert_eq!(
            hint(&mut Cache::new(), &solved, Order::Easiest),
            Ok(Hint::Solved)
        );
        let hard = parse_grid(
            ".....16...57....2.....3..........2.9..42...8.2.........9.....1........3.....4..7.",
            ParseOptions {
                variant: crate::shape::Variant::Diagonal,
                ..ParseOptions::default()
            },
        )
        .unwrap();
        let path = explain(
            &mut Cache::new(),
            &State::from_puzzle(&hard),
            Order::Easiest,
        );
        assert!(!path.is_complete());
        let stuck = hint(&mut Cache::new(), &path.end, Order::Easiest).unwrap();
        assert_eq!(stuck, Hint::Stuck);
        assert_eq!(json(&stuck.at(Level::Cells))["status"], "stuck");
        assert_eq!(json(&stuck.at(Level::Cells))["level"], "cells");
    }

    #[test]
    fn every_level_name_reads_back_and_a_bad_one_says_what_is_expected() {
        // A new level fails this match until it is in `ALL` and named.
        let place = |level| match level {
            Level::Area => 0,
            Level::Technique => 1,
            Level::Cells => 2,
            Level::Move => 3,
        };
        for (i, level) in Level::ALL.into_iter().enumerate() {
            assert_eq!(place(level), i);
            assert_eq!(level.name().parse(), Ok(level));
            // The name is also the level's JSON.
            assert_eq!(serde_json::to_value(level).unwrap(), level.name());
        }
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        let expected = format!(
            "unknown level 'loud' (expected {} or {})",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        );
        let error = "loud".parse::<Level>().unwrap_err();
        assert_eq!(error, UnknownLevel("loud".to_string()));
        assert_eq!(error.to_string(), expected);
        assert!("".parse::<Level>().is_err());
    }

    /// The state a game keeps: digits placed, and marks where the player
    /// wrote some (an empty set: none written).
    #[test]
    fn a_written_state_is_checked_like_the_others() {
        let givens = grid(EASY1);
        let start = State::from_puzzle(&givens);
        let none = vec![Digits::EMPTY; 81];
        let written = |values: &Grid, marks: &[Digits]| PlayerState::Written {
            values: values.clone(),
            marks: marks.to_vec(),
        };
        // No marks written anywhere, givens left out or not: the start.
        let empty = Grid::empty(givens.shape());
        assert!(player_state(&givens, &written(&empty, &none)) == Ok(start.clone()));
        assert!(player_state(&givens, &written(&givens, &none)) == Ok(start.clone()));
        // Marks written in A1 (4 and 5) narrow A1 alone; a mark its peers
        // rule out stays out; one mark does not place the digit.
        let mut marks = none.clone();
        marks[0] = Digits::from_bits(1 << 4 | 1 << 5 | 1 << 3);
        let state = player_state(&givens, &written(&givens, &marks)).unwrap();
        assert_eq!(state.cands(0).iter().collect::<Vec<_>>(), [4, 5]);
        assert_eq!(state.cands(1), start.cands(1));
        marks[0] = Digits::from_bits(1 << 4);
        let state = player_state(&givens, &written(&givens, &marks)).unwrap();
        assert_eq!((state.value(0), state.cands(0).len()), (0, 1));
        // A placed digit counts, and its peers lose it, marks or not.
        let mut values = givens.clone();
        values.set(0, 4);
        let state = player_state(&givens, &written(&values, &marks)).unwrap();
        assert_eq!(state.value(0), 4);
        assert!(!state.cands(1).contains(4));
        // A3 is given 3: placing 5 there, or writing marks without the 3,
        // is refused, naming the square; marks are blamed first.
        let mut changed = givens.clone();
        changed.set(2, 5);
        let error = player_state(&givens, &written(&changed, &none)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "square A3: the puzzle gives 3, the state holds 5"
        );
        let mut struck = none.clone();
        struck[2] = Digits::from_bits(1 << 5);
        for values in [&givens, &changed] {
            assert_eq!(
                player_state(&givens, &written(values, &struck)),
                Err(StateError::GivenStruck {
                    square: "A3".into(),
                    given: 3
                })
            );
        }
        // The given's own mark, as a game's answers give a filled square.
        struck[2] = Digits::from_bits(1 << 3);
        assert!(player_state(&givens, &written(&givens, &struck)).is_ok());
        // Marks for another number of squares.
        assert_eq!(
            player_state(&givens, &written(&givens, &none[..80])),
            Err(StateError::Shape {
                state: 80,
                puzzle: 81
            })
        );
    }
}
