//! A hint by HoDoKu's rules: what a player is told from where they are,
//! as [`crate::logic::hint`] tells it by SE's rules. A mistake comes first
//! (no step can be trusted from a state that holds one); then the step
//! HoDoKu's path takes next from the state, graded by the same ladder
//! ([`HodokuHint::at`]), so every front end asks here and says the same.

use crate::grid::Grid;
use crate::logic::hint::{area, mistake, Graded, Hint, Level, NoStepHint};
use crate::logic::hodoku::board::Board;
use crate::logic::hodoku::path::{next_move_with, Config};
use crate::logic::hodoku::search;
use crate::logic::hodoku::table::Kind;
use crate::logic::rating::{check_unique, RateError};
use crate::logic::state::State;
use crate::Variant;

/// What HoDoKu's rules say of a grid that is not 9x9 sudoku.
pub const NOT_9X9: &str = "HoDoKu's rules are for 9x9 sudoku without diagonals";

/// What HoDoKu's rules tell a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HodokuHint {
    /// A mistake, the step HoDoKu takes next, or the grid solved (never
    /// [`Hint::Stuck`]: see [`HodokuHint::Stuck`]).
    Hint(Hint),
    /// No step: the path stops here, at the step type named (one sudokit
    /// has no finder for yet), or at None when no step type that is on
    /// finds a step.
    Stuck(Option<Kind>),
}

/// Why HoDoKu's rules give no hint for a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    /// The grid is not 9x9 sudoku without diagonals.
    #[error("{NOT_9X9}")]
    NotStandard,
    /// The puzzle has no solution, or several.
    #[error(transparent)]
    Puzzle(#[from] RateError),
}

/// True when HoDoKu's rules take a grid of this state's shape.
pub fn takes(state: &State) -> bool {
    let shape = state.shape();
    shape.side() == 9 && shape.variant() == Variant::Standard
}

/// The hint by HoDoKu's rules for `state`, whose givens are the puzzle,
/// with the step types `config` switches on.
pub fn hint(state: &State, config: &Config) -> Result<HodokuHint, HintError> {
    if !takes(state) {
        return Err(HintError::NotStandard);
    }
    let solution = check_unique(state.givens())?;
    hint_with(state, &solution, config)
}

/// [`hint`] for a puzzle whose one solution, `solution`, is already known.
pub fn hint_with(state: &State, solution: &Grid, config: &Config) -> Result<HodokuHint, HintError> {
    if !takes(state) {
        return Err(HintError::NotStandard);
    }
    if let Some(mistake) = mistake(state, solution) {
        return Ok(HodokuHint::Hint(Hint::Mistake(mistake)));
    }
    if state.is_solved() {
        return Ok(HodokuHint::Hint(Hint::Solved));
    }
    let mut board = Board::from_state(state);
    // The puzzle's one solution, which the state agrees with (no mistake
    // above), is the position's one solution: brute force, reached on the
    // hardest positions, need not find it again.
    let mut cache = search::Cache::knowing(&board, std::array::from_fn(|s| solution.get(s)));
    Ok(match next_move_with(&mut board, config, &mut cache) {
        // Giving up is no hint.
        Ok(Some(m)) if m.kind == Kind::GiveUp => HodokuHint::Stuck(None),
        Ok(Some(m)) => {
            let step = m.to_step();
            HodokuHint::Hint(Hint::Step {
                area: area(&step, state),
                step: Box::new(step),
            })
        }
        Ok(None) => HodokuHint::Stuck(None),
        Err(kind) => HodokuHint::Stuck(Some(kind)),
    })
}

impl HodokuHint {
    /// The hint as much as `level` gives away (a step's technique named
    /// with HoDoKu's base score, never SE's difficulty).
    pub fn at(&self, level: Level) -> Graded {
        match self {
            HodokuHint::Hint(hint) => hint.at(level),
            HodokuHint::Stuck(at) => Graded::NoStep(NoStepHint {
                level,
                status: "stuck",
                text: match at {
                    Some(kind) => format!(
                        "HoDoKu's rules find no step here before {}, \
                         which sudokit does not search for yet.",
                        kind.name()
                    ),
                    None => "No step type of HoDoKu's rules finds a step here.".to_string(),
                },
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_grid, ParseOptions};

    /// Norvig's top95, fourth puzzle: HoDoKu starts with a pointing.
    const TOP95_4: &str =
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";

    fn state(text: &str) -> State {
        State::from_puzzle(&parse_grid(text, ParseOptions::default()).unwrap())
    }

    #[test]
    fn the_hint_is_the_first_step_of_hodokus_path_with_its_score_not_ses_difficulty() {
        let first = hint(&state(TOP95_4), &Config::default()).unwrap();
        assert_eq!(
            first.at(Level::Technique).to_string(),
            "Try Hidden Single (score 14) in box 1."
        );
        // With the singles off, the path's first step is HoDoKu's pointing.
        let mut config = Config::default();
        for short in ["fh", "n1", "h1"] {
            config.set(short, false).unwrap();
        }
        let hint = hint(&state(TOP95_4), &config).unwrap();
        let texts: Vec<String> = Level::ALL.iter().map(|&l| hint.at(l).to_string()).collect();
        assert_eq!(texts[0], "Look at box 1.");
        assert!(
            texts[1].starts_with("Try Locked Candidates Type 1 (Pointing) (score 50) in box 1"),
            "{texts:?}"
        );
        assert!(texts[2].contains("(score 50)"), "{texts:?}");
        assert!(texts[3].starts_with("Locked Candidates Type 1 (Pointing) (score 50): "));
    }

    #[test]
    fn a_wrong_digit_comes_before_any_step() {
        let mut wrong = TOP95_4.to_string();
        wrong.replace_range(2..3, "9");
        let puzzle = parse_grid(TOP95_4, ParseOptions::default()).unwrap();
        let player = parse_grid(&wrong, ParseOptions::default()).unwrap();
        let st = State::from_marks(&puzzle, &player, None);
        let got = hint(&st, &Config::default()).unwrap();
        assert!(matches!(got, HodokuHint::Hint(Hint::Mistake(_))), "{got:?}");
    }
}
