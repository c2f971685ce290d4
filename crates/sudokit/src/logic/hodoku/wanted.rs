//! What a generator keeps by HoDoKu's rules: a level, a range of scores,
//! a step type the path must take. The command's `generate --rules hodoku`
//! and Python's `generate(rules="hodoku")` ask the same question of each
//! puzzle they try, and refuse the same impossible requests before the
//! first try.
//!
//! As HoDoKu 2.2.0's generator does, a puzzle of a level above Easy is kept
//! only when its score is not below the highest score of the level under
//! it; in its practising mode (a step type asked for) any puzzle whose path
//! takes that step type is kept.

use super::path::{solve, Config, Path};
use super::search::implemented;
use super::table::{Kind, Level};
use crate::grid::Grid;
use std::fmt;
use std::str::FromStr;

/// Why a request can never be met (nothing is tried).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The lowest score asked for is above the highest.
    Scores,
    /// The step type asked for can never be in a kept path; the text says
    /// why.
    Technique(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Scores => f.write_str("the lowest score is above the highest"),
            Refusal::Technique(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for Refusal {}

/// A request: the level, the scores (lowest, highest if any) and the step
/// type a kept puzzle's path must have.
#[derive(Clone, Debug)]
pub struct Wanted {
    level: Option<Level>,
    score: (u32, Option<u32>),
    technique: Option<Kind>,
    /// The step types the path tries: HoDoKu's default ones, and the one
    /// asked for.
    config: Config,
}

impl Wanted {
    /// The request, or why no puzzle can meet it.
    pub fn new(
        level: Option<Level>,
        score: (u32, Option<u32>),
        technique: Option<Kind>,
    ) -> Result<Wanted, Refusal> {
        if score.1.is_some_and(|high| high < score.0) {
            return Err(Refusal::Scores);
        }
        let mut config = Config::default();
        if let Some(kind) = technique {
            practised(kind, level, score).map_err(Refusal::Technique)?;
            config
                .set(kind.short(), true)
                .map_err(|e| Refusal::Technique(e.to_string()))?;
        }
        Ok(Wanted {
            level,
            score,
            technique,
            config,
        })
    }

    /// HoDoKu's path of `puzzle` when it is kept: a path sudokit finishes,
    /// at the level asked for and below that level's highest score, not too
    /// low for its own level (unless a step type is practised), in the
    /// range of scores asked for, and through the step type asked for.
    pub fn keeps(&self, puzzle: &Grid) -> Option<Path> {
        let path = solve(puzzle, &self.config);
        if !path.solved {
            return None;
        }
        if let Some(kind) = self.technique {
            if !path.steps.iter().any(|s| s.technique == kind.technique()) {
                return None;
            }
        }
        if let Some(level) = self.level {
            if path.level != level || path.score >= level.max_score() {
                return None;
            }
        }
        let below = match path.level {
            Level::Medium => Some(Level::Easy),
            Level::Hard => Some(Level::Medium),
            Level::Unfair => Some(Level::Hard),
            Level::Extreme => Some(Level::Unfair),
            _ => None,
        };
        if self.technique.is_none() && below.is_some_and(|b| path.score < b.max_score()) {
            return None;
        }
        let (low, high) = self.score;
        (path.score >= low && high.is_none_or(|h| path.score <= h)).then_some(path)
    }
}

/// Why no kept path at `level` and `score` can take a step of `kind`, if
/// none can.
fn practised(kind: Kind, level: Option<Level>, score: (u32, Option<u32>)) -> Result<(), String> {
    let what = kind.name();
    if matches!(kind, Kind::GiveUp | Kind::IncompleteSolution) {
        return Err(format!(
            "a path that takes {what} is never finished, so no puzzle is kept"
        ));
    }
    if !implemented(kind) {
        return Err(format!("sudokit has no finder for {what} yet"));
    }
    // The path tries the step types in order: one without a finder before
    // it stops every path first.
    let config = Config::default();
    let mut before = Kind::ALL.iter().take_while(|&&k| k != kind);
    if let Some(k) = before.find(|&&k| config.is_on(k) && !implemented(k)) {
        return Err(format!(
            "HoDoKu's path tries {} before {what}, and sudokit has no finder for it yet, so no path reaches {what}",
            k.name()
        ));
    }
    if let Some(level) = level {
        if kind.level() > level {
            return Err(format!(
                "{what} is a {} step type, so a path that takes it is not {}",
                kind.level().name(),
                level.name()
            ));
        }
        if kind.base_score() >= level.max_score() {
            return Err(format!(
                "{what} scores {}, too much for a {} puzzle",
                kind.base_score(),
                level.name()
            ));
        }
    }
    if score.1.is_some_and(|high| high < kind.base_score()) {
        return Err(format!(
            "{what} alone scores {}, above the highest score asked for",
            kind.base_score()
        ));
    }
    Ok(())
}

impl FromStr for Level {
    type Err = String;

    /// A level a person asks for by its id (`easy` to `extreme`, any case).
    fn from_str(name: &str) -> Result<Level, String> {
        [
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Unfair,
            Level::Extreme,
        ]
        .into_iter()
        .find(|l| l.id().eq_ignore_ascii_case(name))
        .ok_or_else(|| "HoDoKu's levels are easy, medium, hard, unfair and extreme".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(short: &str) -> Kind {
        Kind::from_short(short).unwrap()
    }

    #[test]
    fn a_request_no_puzzle_can_meet_is_refused_with_the_reason() {
        let refused = |level, score, k| Wanted::new(level, score, k).unwrap_err().to_string();
        assert_eq!(
            refused(None, (500, Some(400)), None),
            "the lowest score is above the highest"
        );
        assert!(refused(Some(Level::Easy), (0, None), Some(kind("sk"))).contains("not Easy"));
        assert!(refused(None, (0, Some(100)), Some(kind("sk"))).contains("above the highest"));
        assert!(refused(None, (0, None), Some(kind("gu"))).contains("never finished"));
    }

    #[test]
    fn a_kept_puzzle_is_at_the_level_and_takes_the_step_type_asked_for() {
        // A puzzle whose HoDoKu path takes a Skyscraper.
        let text =
            "..5.1...2...27.4...62.83.....1.2...7..8...2..7...6.5.....74.91...9.38...5...9.8..";
        let puzzle = crate::parse_grid(text, crate::ParseOptions::default()).unwrap();
        let wanted = Wanted::new(None, (0, None), Some(kind("sk"))).unwrap();
        let path = wanted.keeps(&puzzle).expect("kept");
        assert!(path
            .steps
            .iter()
            .any(|s| s.technique == kind("sk").technique()));
        let too_hard = Wanted::new(Some(Level::Easy), (0, None), None).unwrap();
        assert!(too_hard.keeps(&puzzle).is_none());
    }

    #[test]
    fn levels_are_asked_for_by_their_ids() {
        assert_eq!("Unfair".parse::<Level>(), Ok(Level::Unfair));
        assert!("fiendish".parse::<Level>().is_err());
        assert!("incomplete".parse::<Level>().is_err());
    }
}
