//! HoDoKu's rules for the page: its rating (level and score), its path,
//! its next step as a hint, and puzzles at its levels. Where HoDoKu's path
//! stops because a step type it needs has no finder yet, the hint and
//! the path go on by SE's rules from there and say so, so that the
//! player is never left without a step.
//!
//! The configuration is HoDoKu's default.

use serde_json::{json, Value};
use sudokit::generate::{generate_nth, Options};
use sudokit::grid::Grid;
use sudokit::logic::hint::{self, Hint, Level};
use sudokit::logic::hodoku::hint::HodokuHint;
use sudokit::logic::hodoku::{self, Board, Config, Level as HodokuLevel, Path};
use sudokit::logic::rating::{explain_and_rate, rate};
use sudokit::logic::solver::Order;
use sudokit::logic::{Cache, State};
use sudokit::Shape;

/// What a hint or path says where HoDoKu's rules have no step and SE's
/// take over; `kind` is the step type HoDoKu's path stopped at.
pub fn fallback_note(kind: Option<&str>) -> String {
    match kind {
        Some(kind) => format!("HoDoKu's rules have no step here yet ({kind}); SE's:"),
        None => "HoDoKu's rules have no step here; SE's:".to_string(),
    }
}

/// The page's configuration: HoDoKu's default.
pub fn config() -> Config {
    Config::default()
}

/// HoDoKu's path from `state` in the page's configuration ([`config`]).
pub fn path(state: &State) -> Path {
    hodoku::solve_board(Board::from_state(state), &config())
}

/// HoDoKu's rating of a path: `level` (lower case) and `name` (as HoDoKu
/// prints it), `score`, `complete`, and where it stopped when it did.
pub fn rating(path: &Path) -> Value {
    let hardest = path.hardest();
    json!({
        "rules": "hodoku",
        "level": path.level.id(),
        "name": path.level.name(),
        "score": path.score,
        "complete": path.solved,
        "stopped_at": path.stopped_at.map(|k| k.name()),
        "steps": path.steps.len(),
        "technique": hardest.map(|s| s.name),
    })
}

/// The hint by HoDoKu's rules from `state`: a mistake first, then the
/// first step of HoDoKu's path from the state; where that path has no
/// step, SE's hint, with the note of [`fallback_note`]. Also gives the
/// note (None when HoDoKu's rules gave the hint).
pub fn hint(state: &State, solution: &Grid) -> (Hint, Option<String>) {
    match hodoku::hint::hint_with(state, solution, &config()) {
        Ok(HodokuHint::Hint(hint)) => (hint, None),
        Ok(HodokuHint::Stuck(stopped_at)) => {
            let note = fallback_note(stopped_at.map(|k| k.name()));
            let se = hint::hint_with(&mut Cache::new(), state, solution, Order::Easiest);
            (se, Some(note))
        }
        // The page only asks for 9x9 standard grids' hints by these rules;
        // any other grid gets SE's.
        Err(_) => (
            hint::hint_with(&mut Cache::new(), state, solution, Order::Easiest),
            Some(fallback_note(None)),
        ),
    }
}

/// A graded hint as JSON, its text led by `note` when SE's rules gave it.
pub fn graded(hint: &Hint, level: Level, note: Option<&str>) -> Value {
    let mut value = json!(hint.at(level));
    if let (Some(note), Some(text)) = (note, value.get("text").and_then(Value::as_str)) {
        let text = format!("{note} {text}");
        value["text"] = Value::String(text);
        value["fallback"] = Value::String(note.to_string());
    }
    value
}

/// The path by HoDoKu's rules from `start`, then (where it stops short)
/// SE's from there, each of those steps marked `"rules": "se"`: the
/// answer's `steps`, `rating` (HoDoKu's), `complete` (the steps fill the
/// grid), `se_from` (the index of SE's first step, when there is one) and
/// `note`.
pub fn explain(start: &State) -> Value {
    let path = path(start);
    let mut steps: Vec<Value> = path.steps.iter().map(|s| json!(s)).collect();
    let mut complete = path.solved;
    let mut se_from = Value::Null;
    let mut note = Value::Null;
    if !path.solved {
        let mut state = start.clone();
        for step in &path.steps {
            state.apply(step);
        }
        let (rest, _) = explain_and_rate(&mut Cache::new(), &state, Order::Se);
        complete = rest.is_complete();
        if !rest.steps.is_empty() {
            se_from = json!(steps.len());
            note = json!(fallback_note(path.stopped_at.map(|k| k.name())));
        }
        steps.extend(rest.steps.iter().map(|s| {
            let mut v = json!(s);
            v["rules"] = json!("se");
            v
        }));
    }
    json!({
        "rating": rating(&path),
        "steps": steps,
        "complete": complete,
        "se_from": se_from,
        "note": note,
    })
}

/// HoDoKu's level from its name (`easy` .. `extreme`, any case).
pub fn level(name: &str) -> Option<HodokuLevel> {
    [
        HodokuLevel::Easy,
        HodokuLevel::Medium,
        HodokuLevel::Hard,
        HodokuLevel::Unfair,
        HodokuLevel::Extreme,
    ]
    .into_iter()
    .find(|l| l.id().eq_ignore_ascii_case(name))
}

/// A new puzzle whose HoDoKu path is complete and at `level`: the
/// generator's tries `0..tries` from `seed`, the first that fits. None
/// when no try fits.
pub fn generate(level: HodokuLevel, seed: u64, tries: u64) -> Option<Value> {
    let options = Options::new(Shape::standard());
    for index in 0..tries {
        let Ok(made) = generate_nth(&options, seed, index) else {
            continue;
        };
        let path = hodoku::solve(&made.puzzle, &config());
        if !path.solved || path.level != level {
            continue;
        }
        let se = rate(&mut Cache::new(), &made.puzzle).ok();
        return Some(json!({
            "puzzle": made.puzzle.to_line(),
            "solution": made.solution.to_line(),
            "rating": se,
            "hodoku": rating(&path),
            "level": level.id(),
            "tries": index + 1,
        }));
    }
    None
}
