//! sudokit for the browser page in `web/`: one JSON request in, one JSON
//! answer out, over a plain C ABI on the module's linear memory.
//!
//! # Why a C ABI and not wasm-bindgen
//!
//! The page needs a handful of calls whose arguments and answers are small
//! JSON documents (a puzzle, a player's state, a hint). wasm-bindgen would
//! need its command-line tool at exactly the crate's version, which no
//! package here provides, and its generated glue; the C ABI needs neither:
//! three exported functions and twenty lines of JavaScript (`web/sudokit.js`)
//! that copy bytes in and out of memory. Everything else, including every
//! error, is JSON, so the boundary stays one function wide.
//!
//! # The ABI
//!
//! - `sk_alloc(len) -> ptr`: room for a request of `len` bytes.
//! - `sk_call(ptr, len) -> out`: answers the UTF-8 JSON request at
//!   `ptr..ptr+len` (which the caller still owns); `out` points at a 4-byte
//!   little-endian length `n` followed by `n` bytes of UTF-8 JSON.
//! - `sk_free(ptr, len)`: gives back a request (`len` as allocated) or an
//!   answer (`len` = `4 + n`).
//!
//! # Requests ([`call`])
//!
//! Every request has `op`; the answer is `{"ok": true, ...}` or
//! `{"ok": false, "error": {"where": ..., "what": ...}}`, where `where`
//! names the request field (and `what` the square, when there is one).
//! Bad input never panics: it is answered with such an error.
//!
//! | op | fields | answer |
//! |---|---|---|
//! | `parse` | `puzzle` | `puzzle` (81 chars, `.` empty), `givens` |
//! | `solve` | `puzzle` | `solution` (the one solution; else an error) |
//! | `candidates` | `puzzle`, `values`, `marks`? | `marks`: a bit mask per square (bit `d` for digit `d`) |
//! | `state` | `puzzle`, `state` (81 digits placed, or 729 characters of pencil marks) | `values`, `marks` (as `candidates` gives them) |
//! | `hint` | `puzzle`, `values`, `marks`?, `level`, `rules`? | `hint`: the graded hint (`level`, `status`, the level's fields), as `sudokit hint --format json` prints it after the puzzle's record; `rules`: whose rules gave it |
//! | `apply` | `puzzle`, `values`, `marks`?, `rules`? | `step` (or `hint` when there is no step), `values`, `marks` after it |
//! | `rate` | `puzzle`, `rules`? | `rating` |
//! | `explain` | `puzzle`, `values`?, `marks`?, `rules`? | `rating`, `steps`, `complete`: the path from the givens, or from the player's state when `values` is given |
//! | `generate` | `level`, `seed`, `tries`?, `rules`? | `puzzle`, `solution`, `rating`, `tries` (and `hodoku`, HoDoKu's rating, by HoDoKu's rules) |
//! | `trace` | `puzzle`, `engine` (`norvig` or `agent`), `max_guesses`? | `steps` (`action`, `rule`, `square`, `digit`, `candidates` mask after it, `depth`) from the givens, `solved`, `guesses`, `backtracks` |
//!
//! `rules` is `se` (Sudoku Explainer's, when left out) or `hodoku`. By
//! HoDoKu's rules a rating is `{"rules": "hodoku", "level": "hard", "name":
//! "Hard", "score": 1286, "complete", "stopped_at", "steps", "technique"}`
//! (`stopped_at` names the step type HoDoKu's path stopped at, incomplete,
//! because sudokit has no finder for it yet); a hint is HoDoKu's next step,
//! and where HoDoKu's path has none, SE's, its `text` led by the `fallback`
//! note ("HoDoKu's rules have no step here yet (Almost Locked Set XZ-Rule);
//! SE's:"); a path
//! is HoDoKu's, then SE's from where it stops (those steps marked `"rules":
//! "se"`, the first at `se_from`, with the `note`); `generate` takes
//! HoDoKu's levels (`easy`, `medium`, `hard`, `unfair`, `extreme`) and keeps
//! the first try whose path is complete and at that level.
//!
//! `values` is the player's 81 digits (`.` or `0` empty; givens may be
//! left out); `marks` is 81 bit masks of the player's pencil marks, where
//! 0 means "no marks written": that square counts every digit its peers
//! allow. The library's `player_state` checks them against the puzzle, as
//! it checks every front end's: a given square holds its given or nothing,
//! and marks written there keep it.

use serde_json::{json, Value};
use sudokit::engine::{agent, norvig};
use sudokit::generate::{generate_nth, Grade, Options, UnknownGrade, Wanted};
use sudokit::logic::hint::{hint_with, player_state, Hint, StateError, UnknownLevel};
use sudokit::logic::hodoku::Level as HodokuLevel;
use sudokit::logic::rating::{check_unique, explain_and_rate, rate};
use sudokit::logic::solver::Order;
use sudokit::logic::{Cache, Level, State};
use sudokit::logic::{Rules, UnknownRules};
use sudokit::parse::{parse_state, PlayerState};
use sudokit::{parse_grid, Digits, Grid, Limits, Outcome, ParseOptions, Shape};

mod hodoku;

/// Tries `generate` makes by default before it gives up.
pub const DEFAULT_TRIES: u64 = 400;

/// An error answer: which field, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The request field at fault (`request` for the request itself).
    pub at: String,
    /// What is wrong, naming the square when there is one.
    pub what: String,
}

impl Fault {
    fn new(at: &str, what: impl Into<String>) -> Fault {
        Fault {
            at: at.to_string(),
            what: what.into(),
        }
    }
}

/// Answers one JSON request (see the module docs); never panics on bad
/// input.
pub fn call(request: &str) -> String {
    let answer = serde_json::from_str::<Value>(request)
        .map_err(|e| Fault::new("request", format!("not JSON: {e}")))
        .and_then(|r| answer(&r));
    match answer {
        Ok(Value::Object(mut fields)) => {
            fields.insert("ok".to_string(), Value::Bool(true));
            Value::Object(fields).to_string()
        }
        Ok(other) => json!({"ok": true, "value": other}).to_string(),
        Err(f) => json!({"ok": false, "error": {"where": f.at, "what": f.what}}).to_string(),
    }
}

fn answer(request: &Value) -> Result<Value, Fault> {
    let op = text(request, "op")?;
    match op {
        "parse" => {
            let puzzle = puzzle(request)?;
            Ok(json!({"puzzle": puzzle.to_line(), "givens": puzzle.given_count()}))
        }
        "solve" => {
            let puzzle = puzzle(request)?;
            let solution = unique(&puzzle)?;
            Ok(json!({"solution": solution.to_line()}))
        }
        "candidates" => {
            let state = player(request)?;
            Ok(json!({"marks": masks(&state)}))
        }
        "state" => {
            let givens = puzzle(request)?;
            let text = text(request, "state")?;
            let player = parse_state(text, ParseOptions::default())
                .map_err(|e| Fault::new("state", e.to_string()))?;
            let state =
                player_state(&givens, &player).map_err(|e| Fault::new("state", e.to_string()))?;
            Ok(json!({"values": state.values().to_line(), "marks": masks(&state)}))
        }
        "hint" => {
            let rules = rules(request)?;
            let state = player(request)?;
            let level = level(request)?;
            let solution = unique(state.givens())?;
            let (hint, note) = next(rules, &state, &solution);
            let by = if note.is_some() { Rules::Se } else { rules };
            Ok(json!({
                "hint": hodoku::graded(&hint, level, note.as_deref()),
                "rules": by.name(),
            }))
        }
        "apply" => {
            let rules = rules(request)?;
            let mut state = player(request)?;
            let solution = unique(state.givens())?;
            match next(rules, &state, &solution).0 {
                Hint::Step { step, .. } => {
                    state.apply(&step);
                    Ok(json!({
                        "step": step,
                        "values": state.values().to_line(),
                        "marks": masks(&state),
                    }))
                }
                other => Ok(json!({
                    "hint": other.at(Level::Move),
                    "values": state.values().to_line(),
                    "marks": masks(&state),
                })),
            }
        }
        "rate" => {
            let rules = rules(request)?;
            let puzzle = puzzle(request)?;
            if rules == Rules::Hodoku {
                unique(&puzzle)?;
                let path = hodoku::path(&State::from_puzzle(&puzzle));
                return Ok(json!({"rating": hodoku::rating(&path)}));
            }
            let rating = rate(&mut Cache::new(), &puzzle)
                .map_err(|e| Fault::new("puzzle", e.to_string()))?;
            Ok(json!({"rating": rating}))
        }
        "explain" => {
            // From the player's position when there is one, else the givens.
            let start = if request.get("values").is_some_and(|v| !v.is_null()) {
                player(request)?
            } else {
                State::from_puzzle(&puzzle(request)?)
            };
            unique(start.givens())?;
            if rules(request)? == Rules::Hodoku {
                return Ok(hodoku::explain(&start));
            }
            let (path, rating) = explain_and_rate(&mut Cache::new(), &start, Order::Se);
            Ok(json!({"rating": rating, "steps": path.steps, "complete": path.is_complete()}))
        }
        "generate" => generate(request),
        "trace" => trace(request),
        other => Err(Fault::new("op", format!("unknown op '{other}'"))),
    }
}

/// The `rules` field: `se` when left out (or null).
fn rules(request: &Value) -> Result<Rules, Fault> {
    match request.get("rules") {
        None | Some(Value::Null) => Ok(Rules::Se),
        Some(_) => text(request, "rules")?
            .parse()
            .map_err(|e: UnknownRules| Fault::new("rules", e.to_string())),
    }
}

/// The next hint by `rules`, and the note that says SE's rules gave it
/// where HoDoKu's have no step.
fn next(rules: Rules, state: &State, solution: &Grid) -> (Hint, Option<String>) {
    match rules {
        Rules::Se => (
            hint_with(&mut Cache::new(), state, solution, Order::Easiest),
            None,
        ),
        Rules::Hodoku => hodoku::hint(state, solution),
    }
}

/// A string field.
fn text<'a>(request: &'a Value, field: &str) -> Result<&'a str, Fault> {
    match request.get(field) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(Fault::new(field, "must be a string")),
        None => Err(Fault::new(field, "missing")),
    }
}

/// The `puzzle` field, read as the command reads a puzzle (9x9 only here).
fn puzzle(request: &Value) -> Result<Grid, Fault> {
    let grid = parse_grid(text(request, "puzzle")?, ParseOptions::default())
        .map_err(|e| Fault::new("puzzle", e.to_string()))?;
    if grid.shape() != Shape::standard() {
        return Err(Fault::new("puzzle", "the page plays 9x9 puzzles only"));
    }
    Ok(grid)
}

/// The puzzle's one solution.
fn unique(puzzle: &Grid) -> Result<Grid, Fault> {
    check_unique(puzzle).map_err(|e| Fault::new("puzzle", e.to_string()))
}

/// The player's state: `puzzle`, `values` and the optional `marks`, read
/// here and checked against the puzzle by the library's one check
/// ([`player_state`]).
fn player(request: &Value) -> Result<State, Fault> {
    let givens = puzzle(request)?;
    let values = values(request, givens.shape())?;
    let player = match request.get("marks").filter(|m| !m.is_null()) {
        None => PlayerState::Digits(values),
        Some(marks) => PlayerState::Written {
            values,
            marks: written_marks(marks, givens.shape())?,
        },
    };
    player_state(&givens, &player).map_err(|e| {
        let at = match e {
            StateError::GivenStruck { .. } => "marks",
            StateError::Shape { .. } | StateError::GivenChanged { .. } => "values",
        };
        Fault::new(at, e.to_string())
    })
}

/// The `values` field: one character per square, a digit or `.` or `0`
/// for an empty square.
fn values(request: &Value, shape: &'static Shape) -> Result<Grid, Fault> {
    let chars: Vec<char> = text(request, "values")?.chars().collect();
    if chars.len() != shape.square_count() {
        let what = format!(
            "{}, expected {}",
            counted(chars.len(), "square", "squares"),
            shape.square_count()
        );
        return Err(Fault::new("values", what));
    }
    let mut values = Grid::empty(shape);
    for (s, c) in chars.iter().enumerate() {
        let digit = match c {
            '.' | '0' => 0,
            '1'..='9' => *c as u8 - b'0',
            _ => {
                let what = format!("square {}: '{c}' is not a digit", shape.name(s));
                return Err(Fault::new("values", what));
            }
        };
        values.set(s, digit);
    }
    Ok(values)
}

/// The `marks` field: a bit mask of digits per square (0: none written).
fn written_marks(marks: &Value, shape: &'static Shape) -> Result<Vec<Digits>, Fault> {
    let Some(list) = marks.as_array().filter(|l| l.len() == shape.square_count()) else {
        let what = format!("must be a list of {} bit masks", shape.square_count());
        return Err(Fault::new("marks", what));
    };
    list.iter()
        .enumerate()
        .map(|(s, mask)| {
            let bits = mask.as_u64().filter(|b| b & !0x3FE == 0).ok_or_else(|| {
                let what = format!("square {}: not a mask of digits 1-9", shape.name(s));
                Fault::new("marks", what)
            })?;
            Ok(Digits::from_bits(bits as u32))
        })
        .collect()
}

/// Each square's candidates as a bit mask (a filled square: its digit).
fn masks(state: &State) -> Vec<u32> {
    state
        .to_candidates()
        .sets()
        .iter()
        .map(|d| d.bits())
        .collect()
}

/// The `level` field of a hint.
fn level(request: &Value) -> Result<Level, Fault> {
    text(request, "level")?
        .parse()
        .map_err(|e: UnknownLevel| Fault::new("level", e.to_string()))
}

/// A new puzzle at `level` from `seed`, trying up to `tries` times.
fn generate(request: &Value) -> Result<Value, Fault> {
    if rules(request)? == Rules::Hodoku {
        return generate_hodoku(request);
    }
    let level: Grade = text(request, "level")?
        .parse()
        .map_err(|e: UnknownGrade| Fault::new("level", e.to_string()))?;
    let seed = request
        .get("seed")
        .and_then(Value::as_u64)
        .ok_or_else(|| Fault::new("seed", "must be a whole number from 0"))?;
    let tries = tries(request, DEFAULT_TRIES)?;
    let options = Options {
        difficulty: Some(Wanted::level(level)),
        ..Options::new(Shape::standard())
    };
    for index in 0..tries {
        if let Ok(made) = generate_nth(&options, seed, index) {
            return Ok(json!({
                "puzzle": made.puzzle.to_line(),
                "solution": made.solution.to_line(),
                "rating": made.rating,
                "level": level,
                "tries": index + 1,
            }));
        }
    }
    Err(Fault::new(
        "level",
        format!(
            "no {} puzzle in {}",
            level.name(),
            counted(tries as usize, "try", "tries")
        ),
    ))
}

/// The `tries` field of `generate`, `default` when left out.
fn tries(request: &Value, default: u64) -> Result<u64, Fault> {
    match request.get("tries") {
        None | Some(Value::Null) => Ok(default),
        Some(t) => t
            .as_u64()
            .filter(|t| (1..=100_000).contains(t))
            .ok_or_else(|| Fault::new("tries", "must be a whole number from 1 to 100000")),
    }
}

/// Tries `generate` makes by default by HoDoKu's rules: its harder levels
/// are rarer among the generator's puzzles.
pub const DEFAULT_HODOKU_TRIES: u64 = 2_000;

/// A new puzzle at HoDoKu's `level` (see [`hodoku::generate`]).
fn generate_hodoku(request: &Value) -> Result<Value, Fault> {
    let name = text(request, "level")?;
    let level = hodoku::level(name).ok_or_else(|| {
        Fault::new(
            "level",
            format!("unknown level '{name}' (expected easy, medium, hard, unfair or extreme)"),
        )
    })?;
    let seed = request
        .get("seed")
        .and_then(Value::as_u64)
        .ok_or_else(|| Fault::new("seed", "must be a whole number from 0"))?;
    let tries = tries(request, DEFAULT_HODOKU_TRIES)?;
    hodoku::generate(level, seed, tries).ok_or_else(|| {
        let mut what = format!(
            "no {} puzzle in {}",
            level.name(),
            counted(tries as usize, "try", "tries")
        );
        if level == HodokuLevel::Extreme {
            what.push_str(
                " (most Extreme puzzles need chains, which HoDoKu's rules here do not have yet)",
            );
        }
        Fault::new("level", what)
    })
}

/// `1 try`, `2 tries`: a number with its noun, singular for one.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Guesses a `trace` may make by default before it gives up.
pub const DEFAULT_MAX_GUESSES: u64 = 10_000;

/// The search of `norvig` or the `agent`, step by step from the givens
/// (every other square holding every digit): what the replay plays back.
fn trace(request: &Value) -> Result<Value, Fault> {
    let puzzle = puzzle(request)?;
    let max_guesses = match request.get("max_guesses") {
        None | Some(Value::Null) => DEFAULT_MAX_GUESSES,
        Some(m) => m
            .as_u64()
            .ok_or_else(|| Fault::new("max_guesses", "must be a whole number from 0"))?,
    };
    let limits = Limits {
        max_guesses: Some(max_guesses),
        ..Limits::none()
    };
    let (report, steps) = match text(request, "engine")? {
        "norvig" => norvig::trace(&puzzle, &limits),
        "agent" => agent::history(&puzzle, &limits),
        other => {
            return Err(Fault::new(
                "engine",
                format!("'{other}' is not norvig or agent"),
            ))
        }
    };
    let shape = puzzle.shape();
    let steps: Vec<Value> = steps
        .iter()
        .map(|step| {
            json!({
                "action": step.action,
                "rule": step.rule,
                "square": shape.name(step.square),
                "digit": step.digit,
                "candidates": step.candidates.bits(),
                "depth": step.depth,
            })
        })
        .collect();
    Ok(json!({
        "steps": steps,
        "solved": matches!(report.outcome_ref(), Outcome::Solved(_)),
        "guesses": report.stats.guesses,
        "backtracks": report.stats.backtracks,
    }))
}

/// Room for a request of `len` bytes, for the page to write into.
#[no_mangle]
pub extern "C" fn sk_alloc(len: usize) -> *mut u8 {
    let mut buffer = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    ptr
}

/// Gives back what [`sk_alloc`] or [`sk_call`] handed out.
///
/// # Safety
///
/// `ptr` must come from [`sk_alloc`] with this `len`, or from [`sk_call`]
/// with `len` = 4 + the answer's length, and not be freed twice.
#[no_mangle]
pub unsafe extern "C" fn sk_free(ptr: *mut u8, len: usize) {
    if ptr.is_null() {
        return;
    }
    // SAFETY: the caller hands back a buffer this module allocated with
    // capacity `len` (`sk_alloc`'s `len.max(1)`, or the answer's exact size).
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Answers the JSON request at `ptr..ptr+len`; see the module docs for the
/// answer's layout.
///
/// # Safety
///
/// `ptr..ptr+len` must be readable memory (the page's request, written
/// after [`sk_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn sk_call(ptr: *const u8, len: usize) -> *mut u8 {
    let bytes: &[u8] = if ptr.is_null() || len == 0 {
        &[]
    } else {
        // SAFETY: the caller promises `len` readable bytes at `ptr`.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    };
    let answer = match std::str::from_utf8(bytes) {
        Ok(request) => call(request),
        Err(e) => {
            json!({"ok": false, "error": {"where": "request", "what": format!("not UTF-8: {e}")}})
                .to_string()
        }
    };
    let mut out = Vec::with_capacity(4 + answer.len());
    out.extend_from_slice(&(answer.len() as u32).to_le_bytes());
    out.extend_from_slice(answer.as_bytes());
    // `sk_free` rebuilds the Vec with capacity 4 + n: make it exact.
    let mut out = out.into_boxed_slice();
    let ptr = out.as_mut_ptr();
    std::mem::forget(out);
    ptr
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    fn ask(request: Value) -> Value {
        serde_json::from_str(&call(&request.to_string())).expect("answers are JSON")
    }

    #[test]
    fn explain_starts_from_the_players_position_when_values_are_given() {
        let solution = ask(json!({"op": "solve", "puzzle": EASY}))["solution"]
            .as_str()
            .expect("a solution")
            .to_string();
        let whole = ask(json!({"op": "explain", "puzzle": EASY}));
        let all = whole["steps"].as_array().expect("steps").len();
        // Two squares left open: the path fills just those.
        let mut values = solution.clone();
        values.replace_range(0..2, "..");
        let here = ask(json!({"op": "explain", "puzzle": EASY, "values": values}));
        assert_eq!(here["ok"], true, "{here}");
        assert_eq!(here["complete"], true);
        let steps = here["steps"].as_array().expect("steps");
        assert!(
            !steps.is_empty() && steps.len() < all,
            "{} of {all} steps",
            steps.len()
        );
        let squares: Vec<&str> = steps
            .iter()
            .flat_map(|s| s["placements"].as_array().expect("placements"))
            .map(|p| p["square"].as_str().expect("a square"))
            .collect();
        assert!(
            squares.iter().all(|s| ["A1", "A2"].contains(s)),
            "{squares:?}"
        );
        // A null `values` is the givens, as when it is left out.
        let null = ask(json!({"op": "explain", "puzzle": EASY, "values": null}));
        assert_eq!(null["steps"], whole["steps"]);
        // Values that change a given are refused, naming the field.
        let bad = ask(json!({"op": "explain", "puzzle": EASY, "values": "1".repeat(81)}));
        assert_eq!(bad["ok"], false);
        assert_eq!(bad["error"]["where"], "values");
    }

    #[test]
    fn bad_input_comes_back_as_an_error_naming_the_field_and_square() {
        let answer =
            ask(json!({"op": "hint", "puzzle": EASY, "values": "x".repeat(81), "level": "move"}));
        assert_eq!(answer["ok"], false);
        assert_eq!(answer["error"]["where"], "values");
        assert_eq!(answer["error"]["what"], "square A1: 'x' is not a digit");
        let answer: Value = serde_json::from_str(&call("{not json")).unwrap();
        assert_eq!(answer["error"]["where"], "request");
        // A3 gives 3: the player cannot change it.
        let changed = format!("005{}", &EASY[3..]);
        let answer = ask(json!({"op": "candidates", "puzzle": EASY, "values": changed}));
        let what = "square A3: the puzzle gives 3, the state holds 5";
        assert_eq!(answer["error"]["what"], what, "{answer}");
        let answer = ask(json!({"op": "hint", "puzzle": EASY, "values": EASY, "level": "loud"}));
        assert_eq!(answer["error"]["where"], "level");
        let what = "unknown level 'loud' (expected area, technique, cells or move)";
        assert_eq!(answer["error"]["what"], what);
        let answer = ask(json!({"op": "generate", "level": "loud", "seed": 1}));
        let what = "unknown level 'loud' (expected easy, medium, hard, fiendish or diabolical)";
        assert_eq!(answer["error"]["what"], what);
    }

    #[test]
    fn marks_are_read_where_written_and_may_not_leave_out_a_given() {
        let start = ask(json!({"op": "candidates", "puzzle": EASY, "values": EASY}));
        let start: Vec<u64> = serde_json::from_value(start["marks"].clone()).unwrap();
        // A1 may be 4 or 5; the player wrote 5 alone there, and nothing
        // elsewhere (0): A1 keeps its one mark, unplaced, and every other
        // square what its peers allow.
        assert_eq!(start[0], 1 << 4 | 1 << 5);
        let mut marks = vec![0u64; 81];
        marks[0] = 1 << 5;
        let answer =
            ask(json!({"op": "candidates", "puzzle": EASY, "values": EASY, "marks": marks}));
        let read: Vec<u64> = serde_json::from_value(answer["marks"].clone()).unwrap();
        assert_eq!(read[0], 1 << 5);
        assert_eq!(read[1..], start[1..]);
        // The answer's own masks (a filled square as its digit) read back.
        let again = ask(json!({"op": "candidates", "puzzle": EASY, "values": EASY, "marks": read}));
        assert_eq!(again["marks"], answer["marks"]);
        // A3 gives 3: marks written there without it are refused.
        marks[2] = 1 << 5;
        let answer = ask(
            json!({"op": "hint", "puzzle": EASY, "values": EASY, "marks": marks, "level": "area"}),
        );
        assert_eq!(answer["error"]["where"], "marks");
        let what = "square A3: the puzzle gives 3, which the state's marks leave out";
        assert_eq!(answer["error"]["what"], what);
        marks[2] = 1 << 10;
        let answer = ask(
            json!({"op": "hint", "puzzle": EASY, "values": EASY, "marks": marks, "level": "area"}),
        );
        assert_eq!(
            answer["error"]["what"],
            "square A3: not a mask of digits 1-9"
        );
    }

    #[test]
    fn hint_levels_give_away_more_each_time() {
        let at = |level: &str| {
            ask(json!({"op": "hint", "puzzle": EASY, "values": EASY, "level": level}))["hint"]
                .clone()
        };
        assert_eq!(at("area")["units"], json!(["box 1"]));
        assert!(at("area").get("technique").is_none());
        assert_eq!(at("technique")["technique"], "hidden_single");
        assert_eq!(at("cells")["squares"], json!(["B2"]));
        assert_eq!(
            at("move")["placements"],
            json!([{"square": "B2", "digit": 6}])
        );
    }

    #[test]
    fn applying_hints_solves_the_puzzle() {
        let solution = ask(json!({"op": "solve", "puzzle": EASY}))["solution"].clone();
        let mut values = EASY.to_string();
        let mut marks = Value::Null;
        for _ in 0..81 {
            let answer =
                ask(json!({"op": "apply", "puzzle": EASY, "values": values, "marks": marks}));
            assert_eq!(answer["ok"], true, "{answer}");
            values = answer["values"].as_str().unwrap().to_string();
            marks = answer["marks"].clone();
            if answer.get("step").is_none() {
                break;
            }
        }
        assert_eq!(Value::String(values), solution);
    }

    #[test]
    fn a_wrong_digit_is_named_before_any_step() {
        let wrong = format!("5{}", &EASY[1..]);
        let hint = ask(json!({"op": "hint", "puzzle": EASY, "values": wrong, "level": "area"}))
            ["hint"]
            .clone();
        assert_eq!(hint["mistake"], "wrong_digit");
        assert_eq!(hint["square"], "A1");
    }

    #[test]
    fn generation_repeats_from_its_seed_and_meets_the_level() {
        let make = || ask(json!({"op": "generate", "level": "easy", "seed": 11}));
        let (a, b) = (make(), make());
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!(a["puzzle"], b["puzzle"]);
        let er = a["rating"]["er"].as_f64().unwrap();
        assert!((1.0..=1.2).contains(&er), "{a}");
    }

    /// A puzzle whose HoDoKu path (Hard 880) takes a Skyscraper as its
    /// tenth step, after nine singles and locked candidates.
    const SKYSCRAPER: &str =
        "1....6.8..64..........4...7....9.6...7.4..5..5...7.1...5....32.3....8...4........";

    #[test]
    fn hodoku_rules_rate_hint_and_apply_as_hodoku_does() {
        let rated = ask(json!({"op": "rate", "puzzle": SKYSCRAPER, "rules": "hodoku"}));
        let rating = &rated["rating"];
        assert_eq!(
            (&rating["level"], &rating["name"], &rating["score"]),
            (&json!("hard"), &json!("Hard"), &json!(880)),
            "{rated}"
        );
        assert_eq!(rating["complete"], true);
        // Nine steps applied by HoDoKu's rules; the tenth is the Skyscraper.
        let mut values = SKYSCRAPER.to_string();
        let mut marks = Value::Null;
        for _ in 0..9 {
            let answer = ask(
                json!({"op": "apply", "puzzle": SKYSCRAPER, "values": values,
                "marks": marks, "rules": "hodoku"}),
            );
            assert!(answer["step"]["hodoku"].is_object(), "{answer}");
            values = answer["values"].as_str().unwrap().to_string();
            marks = answer["marks"].clone();
        }
        let hint = |rules: &str| {
            ask(
                json!({"op": "hint", "puzzle": SKYSCRAPER, "values": values, "marks": marks,
                "level": "technique", "rules": rules}),
            )
        };
        let hodoku = hint("hodoku");
        assert_eq!(hodoku["rules"], "hodoku");
        assert_eq!(hodoku["hint"]["name"], "Skyscraper", "{hodoku}");
        let se = hint("se");
        assert_eq!(se["rules"], "se");
        assert_ne!(se["hint"]["name"], "Skyscraper", "{se}");
        let bad = hint("sudopedia");
        assert_eq!(bad["error"]["where"], "rules", "{bad}");
    }

    #[test]
    fn a_hint_by_hodokus_rules_is_the_first_step_of_its_path() {
        // The hint finds only the first step; the path finds them all: at
        // the start of each norvig_top95 puzzle the two agree, and where
        // the path stops at once the hint is SE's.
        let file = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/puzzles/norvig_top95.txt"
        );
        let text = std::fs::read_to_string(file).expect("norvig_top95 in ../shared/puzzles");
        let puzzles: Vec<&str> = text.lines().filter(|l| l.trim().len() == 81).collect();
        assert_eq!(puzzles.len(), 95);
        for puzzle in puzzles {
            let puzzle = puzzle.trim();
            let hint = ask(json!({"op": "hint", "puzzle": puzzle, "values": puzzle,
                "level": "move", "rules": "hodoku"}));
            let path = ask(json!({"op": "explain", "puzzle": puzzle, "rules": "hodoku"}));
            let first = &path["steps"][0];
            if path["se_from"] == 0 {
                assert_eq!(hint["rules"], "se", "{puzzle}");
                assert_eq!(hint["hint"]["fallback"], path["note"], "{puzzle}");
            } else {
                assert_eq!(hint["rules"], "hodoku", "{puzzle}");
                for field in [
                    "technique",
                    "name",
                    "placements",
                    "eliminations",
                    "text",
                    "hodoku",
                ] {
                    assert_eq!(hint["hint"][field], first[field], "{puzzle}: {field}");
                }
            }
        }
    }

    #[test]
    fn a_hodoku_path_through_forcing_nets_no_longer_stops_at_the_first() {
        // HoDoKu's path here takes a nice loop, an ALS-XZ, a forcing chain,
        // then forcing nets: it used to stop at the first net and go on by
        // SE's rules.
        const NETS: &str =
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.";
        let explained = ask(json!({"op": "explain", "puzzle": NETS, "rules": "hodoku"}));
        assert_eq!(explained["ok"], true, "{explained}");
        assert_eq!(explained["rating"]["complete"], true, "{explained}");
        assert!(explained["rating"]["stopped_at"].is_null(), "{explained}");
        assert!(!explained["se_from"].is_u64(), "{explained}");
        let steps = explained["steps"].as_array().unwrap();
        assert!(steps.iter().all(|s| s["hodoku"].is_object()));
        let net = steps
            .iter()
            .position(|s| s["technique"] == "forcing_net")
            .expect("a forcing net");
        // Applying HoDoKu's steps up to the net, the hint is the net.
        let mut values = NETS.to_string();
        let mut marks = Value::Null;
        for _ in 0..net {
            let applied = ask(json!({"op": "apply", "puzzle": NETS, "values": values,
                "marks": marks, "rules": "hodoku"}));
            assert!(applied["step"]["hodoku"].is_object(), "{applied}");
            values = applied["values"].as_str().unwrap().to_string();
            marks = applied["marks"].clone();
        }
        let hint = ask(json!({"op": "hint", "puzzle": NETS, "values": values,
            "marks": marks, "level": "move", "rules": "hodoku"}));
        assert_eq!(
            hint["hint"]["hodoku"]["line"], steps[net]["hodoku"]["line"],
            "{hint}"
        );
    }

    #[test]
    fn generation_at_a_hodoku_level_gives_that_level() {
        for level in ["easy", "medium", "hard", "unfair"] {
            let made = ask(json!({"op": "generate", "level": level, "seed": 5, "rules": "hodoku"}));
            assert_eq!(made["ok"], true, "{level}: {made}");
            assert_eq!(made["hodoku"]["level"], level, "{made}");
            assert_eq!(made["hodoku"]["complete"], true);
            assert!(made["rating"]["er"].is_number(), "{made}");
            let again = ask(json!({"op": "rate", "puzzle": made["puzzle"], "rules": "hodoku"}));
            assert_eq!(again["rating"], made["hodoku"]);
        }
        let none = ask(
            json!({"op": "generate", "level": "extreme", "seed": 5, "rules": "hodoku", "tries": 3}),
        );
        assert_eq!(none["error"]["where"], "level", "{none}");
        assert!(
            none["error"]["what"]
                .as_str()
                .unwrap()
                .starts_with("no Extreme puzzle in 3 tries ("),
            "{none}"
        );
        let bad = ask(json!({"op": "generate", "level": "fiendish", "seed": 5, "rules": "hodoku"}));
        let what = "unknown level 'fiendish' (expected easy, medium, hard, unfair or extreme)";
        assert_eq!(bad["error"]["what"], what);
    }

    #[test]
    fn a_trace_replays_to_the_solution() {
        let solution = ask(json!({"op": "solve", "puzzle": EASY}))["solution"].clone();
        for engine in ["norvig", "agent"] {
            let answer = ask(json!({"op": "trace", "puzzle": EASY, "engine": engine}));
            assert_eq!(answer["solved"], true, "{engine}: {answer}");
            // The replay starts from the givens, every other square open.
            let mut masks: Vec<u64> = EASY
                .bytes()
                .map(|c| if c == b'0' { 0x3FE } else { 1 << (c - b'0') })
                .collect();
            for step in answer["steps"].as_array().unwrap() {
                let square = step["square"].as_str().unwrap();
                let s = (square.as_bytes()[0] - b'A') as usize * 9
                    + (square.as_bytes()[1] - b'1') as usize;
                masks[s] = step["candidates"].as_u64().unwrap();
            }
            let replayed: String = masks
                .iter()
                .map(|m| {
                    assert_eq!(m.count_ones(), 1, "{engine}: a square left open");
                    char::from(b'0' + m.trailing_zeros() as u8)
                })
                .collect();
            assert_eq!(Value::String(replayed), solution, "{engine}");
        }
        let answer = ask(json!({"op": "trace", "puzzle": EASY, "engine": "dlx"}));
        assert_eq!(answer["error"]["where"], "engine");
    }

    #[test]
    fn the_c_abi_round_trips_a_request() {
        let request = br#"{"op":"parse","puzzle":"003020600900305001001806400008102900700000008006708200002609500800203009005010300"}"#;
        let input = sk_alloc(request.len());
        // SAFETY: `input` has room for the request; the answer's layout is
        // a 4-byte length then the text, freed with that length.
        unsafe {
            std::ptr::copy_nonoverlapping(request.as_ptr(), input, request.len());
            let out = sk_call(input, request.len());
            sk_free(input, request.len());
            let len =
                u32::from_le_bytes(std::slice::from_raw_parts(out, 4).try_into().unwrap()) as usize;
            let text = std::str::from_utf8(std::slice::from_raw_parts(out.add(4), len))
                .unwrap()
                .to_string();
            sk_free(out, len + 4);
            let answer: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(answer["givens"], 32);
        }
    }

    #[test]
    fn a_pencil_mark_state_of_729_characters_is_read_onto_the_puzzle() {
        let start = ask(json!({"op": "candidates", "puzzle": EASY, "values": EASY}));
        let marks: Vec<u64> = serde_json::from_value(start["marks"].clone()).unwrap();
        // As 729 characters: digit d at place d of its square, '.' elsewhere,
        // with one candidate struck out of A1.
        let mut text = String::new();
        for (s, m) in marks.iter().enumerate() {
            for d in 1..=9u64 {
                let struck = s == 0 && d == (m.trailing_zeros() as u64);
                let on = m & (1 << d) != 0 && !struck;
                text.push(if on { char::from(b'0' + d as u8) } else { '.' });
            }
        }
        let read = ask(json!({"op": "state", "puzzle": EASY, "state": text}));
        assert_eq!(read["ok"], true, "{read}");
        let back: Vec<u64> = serde_json::from_value(read["marks"].clone()).unwrap();
        // A1's lowest candidate is gone, and no square gained one (a square
        // left with one mark counts as placed, so its peers may lose more).
        let lowest = 1 << marks[0].trailing_zeros();
        assert_eq!(back[0] & lowest, 0);
        assert!(back.iter().zip(&marks).all(|(b, m)| b & !m == 0));
        let values = read["values"].as_str().unwrap();
        for (given, got) in EASY.chars().zip(values.chars()) {
            assert!(given == '0' || given == got, "{values}");
        }
        // A given left out of its square's marks is refused, naming it.
        let wrong = ask(json!({"op": "state", "puzzle": EASY, "state": ".".repeat(729)}));
        assert_eq!(wrong["ok"], false);
        assert_eq!(wrong["error"]["where"], "state");
        assert!(
            wrong["error"]["what"].as_str().unwrap().contains("square"),
            "{wrong}"
        );
    }
}
