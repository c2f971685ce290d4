//! What must hold for any input, one function per fuzz target. Each takes
//! the fuzzer's bytes and panics when a property fails.
//!
//! The fuzz targets (`fuzz_targets/*.rs`, nightly, `cargo fuzz`) call these,
//! and so does an ordinary test on stable
//! (`crates/sudokit/tests/fuzz_regressions.rs`), which replays every input
//! kept in `fuzz/regressions/<target>/`: an input that once found a bug stays
//! a test, and CI guards it without nightly.
//!
//! Only the library's public API is used here.

#![allow(dead_code)]

use sudokit::engine::{agent, norvig, Action};
use sudokit::logic::hodoku::{self, search, Board, Config, Kind};
use sudokit::logic::rating::BEYOND;
use sudokit::logic::{explain, rate_from, Cache, Difficulty, Order, Path, State};
use sudokit::parse::{
    check_givens, parse_board_json, parse_candidate_grid, parse_grid, parse_grid_unchecked,
    parse_marks, parse_marks_line, parse_state, Marks, ParseError, ParseOptions, PlayerState,
    PuzzleReader,
};
use sudokit::random::random_puzzle;
use sudokit::{verify, Candidates, Count, Digits, EngineKind, Grid, Limits, Shape, Size, Variant};

/// A property over the fuzzer's bytes.
pub type Check = fn(&[u8]);

/// Every target, by name, as `fuzz/run` and the replay test know them.
pub const TARGETS: [(&str, Check); 10] = [
    ("read", read),
    ("parse_grid", parse_grid_text),
    ("marks", marks),
    ("json_board", json_board),
    ("engines", engines),
    ("trace", trace),
    ("random", random),
    ("logic", logic),
    ("making", making),
    ("hodoku", hodoku),
];

/// Reading options from one byte: a size (or none) and a variant.
fn options(byte: u8) -> ParseOptions {
    let size = match byte % 6 {
        0 => None,
        n => Some(Size::ALL[usize::from(n) - 1]),
    };
    let variant = if byte & 0x80 != 0 {
        Variant::Diagonal
    } else {
        Variant::Standard
    };
    ParseOptions { size, variant }
}

/// A grid read back from its one-line form is the same grid.
fn round_trips(grid: &Grid) {
    let options = ParseOptions {
        size: Some(grid.size()),
        variant: grid.shape().variant(),
    };
    let again = parse_grid(&grid.to_line(), options)
        .unwrap_or_else(|e| panic!("{grid:?} does not read back: {e}"));
    assert_eq!(&again, grid);
}

/// Any bytes, read as a file of puzzles: no panic, entries numbered 1, 2,
/// ... in order with lines in order and within the input, and every puzzle
/// read has givens that do not clash and reads back from its one-line form.
pub fn read(data: &[u8]) {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let lines = bytes.split(|&b| b == b'\n').count();
    let reader = PuzzleReader::new(bytes, options(first)).with_max_line(4096);
    let mut last_line = 0;
    for (i, entry) in reader.enumerate() {
        assert_eq!(entry.index, i + 1);
        assert!(
            entry.line >= last_line,
            "line {} after {last_line}",
            entry.line
        );
        assert!(
            entry.line >= 1 && entry.line <= lines + 1,
            "line {}",
            entry.line
        );
        last_line = entry.line;
        if let Ok(grid) = &entry.result {
            assert!(!grid.has_clash());
            round_trips(grid);
        }
    }
}

/// Any text as one puzzle: no panic; a checked parse is an unchecked parse
/// whose givens pass the check, and a grid read reads back.
pub fn parse_grid_text(data: &[u8]) {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(bytes);
    let options = options(first);
    let checked = parse_grid(&text, options);
    let unchecked = parse_grid_unchecked(&text, options);
    match (&checked, &unchecked) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b);
            round_trips(a);
        }
        (Err(ParseError::Conflict { .. }), Ok(b)) => assert!(b.has_clash()),
        (Err(a), Err(b)) => assert_eq!(a, b),
        (a, b) => panic!("checked {a:?}, unchecked {b:?}"),
    }
}

/// Any text as pencil marks (either form): no panic; marks read have a
/// candidate in every square, place exactly the squares with one, and read
/// back the same from the line form and from the candidate grid
/// `sudokit candidates` would print.
pub fn marks(data: &[u8]) {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(bytes);
    let options = options(first);
    let _ = parse_marks_line(&text, options);
    let _ = parse_candidate_grid(&text, options);
    let Ok(marks) = parse_marks(&text, options) else {
        return;
    };
    let shape = marks.candidates.shape();
    let n = shape.side();
    let mut line = String::with_capacity(n * n * n);
    for (s, &set) in marks.sets().iter().enumerate() {
        assert!(!set.is_empty(), "square {} has no candidate", shape.name(s));
        assert_eq!(marks.values.get(s), set.only().unwrap_or(0));
        for d in 1..=n as u8 {
            line.push(if set.contains(d) {
                Shape::symbol(d)
            } else {
                '.'
            });
        }
    }
    let same = ParseOptions {
        size: Some(shape.size()),
        variant: shape.variant(),
    };
    assert_eq!(parse_marks_line(&line, same).as_ref(), Ok(&marks));
    let display = sudokit::format::display(&marks.candidates);
    assert_eq!(parse_candidate_grid(&display, same).as_ref(), Ok(&marks));
}

/// Any text as a JSON board: no panic, and a board read is written back the
/// same.
pub fn json_board(data: &[u8]) {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(bytes);
    if let Ok(grid) = parse_board_json(&text, options(first)) {
        let json = sudokit::format::board_json(&grid).to_string();
        let options = ParseOptions {
            size: Some(grid.size()),
            variant: grid.shape().variant(),
        };
        assert_eq!(parse_board_json(&json, options).as_ref(), Ok(&grid));
    }
}

/// A grid from bytes: the first picks the shape (4x4, 6x6 or 9x9,
/// standard or diagonal), each next byte a square (below 128: a digit or
/// empty; above: empty), so most grids are sparse and many are valid.
fn grid_of(data: &[u8]) -> Option<Grid> {
    let (&first, cells) = data.split_first()?;
    let size = [Size::Four, Size::Six, Size::Nine][usize::from(first % 3)];
    let variant = if first & 0x80 != 0 {
        Variant::Diagonal
    } else {
        Variant::Standard
    };
    let shape = Shape::of(size, variant);
    let side = shape.side() as u8;
    let mut grid = Grid::empty(shape);
    for (s, &b) in cells.iter().take(shape.square_count()).enumerate() {
        if b < 128 {
            grid.set(s, b % (side + 1));
        }
    }
    Some(grid)
}

/// Any grid, any engine, with a guess budget: no panic; every solution
/// passes the independent checker; clashing givens get no solution and no
/// guess from any engine; and the engines that finish agree on the count up
/// to 2.
pub fn engines(data: &[u8]) {
    let Some(grid) = grid_of(data) else {
        return;
    };
    let clash = grid.has_clash();
    assert_eq!(clash, check_givens(&grid).is_err());
    let limits = Limits {
        max_guesses: Some(500),
        ..Limits::none()
    };
    let mut counts = Vec::new();
    for kind in EngineKind::ALL {
        let engine = kind.solver();
        if !engine.supports(grid.shape()) {
            continue;
        }
        let report = engine.run(&grid, 2, &limits);
        assert!(report.solutions <= 2, "{kind}");
        if let Some(solution) = &report.first {
            verify::check(&grid, solution).unwrap_or_else(|e| panic!("{kind}: {e}"));
        }
        assert_eq!(report.first.is_some(), report.solutions > 0, "{kind}");
        if clash {
            assert_eq!((report.solutions, report.stats.guesses), (0, 0), "{kind}");
        }
        if !report.limit_reached {
            counts.push((kind, report.solutions));
        }
        // The allocation-free entry point agrees with the ordinary one.
        let mut out = vec![0u8; grid.cells().len()];
        let found = engine.run_into(&grid, 2, &limits, &mut out);
        if !report.limit_reached {
            assert_eq!(found, report.solutions, "{kind}: run_into");
        }
    }
    if let Some(&(first, n)) = counts.first() {
        for &(kind, m) in &counts {
            assert_eq!(n, m, "{first} counts {n}, {kind} counts {m} on {grid:?}");
        }
    }
}

/// Any grid, traced by Norvig's solver and by the agent with a budget:
/// replaying the steps in order ends on the solution found, and an
/// assignment shows its result.
pub fn trace(data: &[u8]) {
    let Some(grid) = grid_of(data) else {
        return;
    };
    if grid.has_clash() {
        return;
    }
    let limits = Limits {
        max_guesses: Some(300),
        ..Limits::none()
    };
    let traces = [
        (
            norvig::trace(&grid, &limits),
            Candidates::full(grid.shape()),
        ),
        (agent::history(&grid, &limits), Candidates::from_grid(&grid)),
    ];
    for ((report, steps), mut replay) in traces {
        for step in &steps {
            if step.action == Action::Assign {
                assert!(
                    step.candidates == Digits::single(step.digit) || step.candidates.is_empty(),
                    "{step:?}"
                );
            }
            replay.set(step.square, step.candidates);
        }
        if let Some(solution) = &report.first {
            verify::check(&grid, solution).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(&replay.to_grid(), solution);
        }
    }
}

/// Any generation options: `random_puzzle` ends (with a puzzle, or an
/// error after its bounded attempts), keeps at least the givens asked for,
/// and never makes givens that clash.
pub fn random(data: &[u8]) {
    use rand::SeedableRng;
    if data.len() < 10 {
        return;
    }
    let seed = u64::from_le_bytes(data[..8].try_into().unwrap_or_default());
    let size = Size::ALL[usize::from(data[8] % 4)]; // 25x25 is slow to fuzz
    let variant = if data[8] & 0x80 != 0 {
        Variant::Diagonal
    } else {
        Variant::Standard
    };
    let shape = Shape::of(size, variant);
    let min_givens = usize::from(data[9]) % (shape.square_count() + 1);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    // No puzzle after a bounded number of attempts is an answer too.
    if let Ok(puzzle) = random_puzzle(shape, min_givens, &mut rng) {
        assert!(puzzle.given_count() >= min_givens);
        assert!(!puzzle.has_clash(), "{puzzle:?}");
    }
}

/// A puzzle for the logic: text read as a player's state (a puzzle line or
/// grid, 729 pencil marks, a candidate grid) when the first byte lacks
/// 0x40, else bytes: a grid as [`grid_of`] makes it, then pairs of bytes
/// that each strike a candidate (a square, a digit) from an empty square,
/// so pencil-mark puzzles come up without text. The first byte's 0x80 asks
/// for the diagonal variant either way. Squares left with one candidate are
/// placed, as reading pencil marks places them; shapes above 9x9 are left
/// out (the techniques' cost grows fast with the side).
fn logic_puzzle(data: &[u8]) -> Option<(Grid, Option<Candidates>)> {
    let &first = data.first()?;
    let variant = if first & 0x80 != 0 {
        Variant::Diagonal
    } else {
        Variant::Standard
    };
    let (values, marks) = if first & 0x40 == 0 {
        let text = String::from_utf8_lossy(&data[1..]);
        let options = ParseOptions {
            size: None,
            variant,
        };
        match parse_state(&text, options).ok()? {
            PlayerState::Digits(grid) => (grid, None),
            PlayerState::Marks(marks) => (marks.values, Some(marks.candidates)),
            // A game's state: text never reads as one.
            PlayerState::Written { .. } => return None,
        }
    } else {
        let grid = grid_of(data)?;
        let shape = grid.shape();
        let count = shape.square_count();
        let rest = data.get(1 + count..).unwrap_or_default();
        if rest.len() < 2 {
            (grid, None)
        } else {
            let side = shape.side() as u8;
            let mut cands = Candidates::from_grid(&grid);
            for pair in rest.chunks_exact(2) {
                let s = usize::from(pair[0]) % count;
                if grid.get(s) == 0 {
                    let mut set = cands.get(s);
                    set.remove(pair[1] % side + 1);
                    cands.set(s, set);
                }
            }
            if cands.sets().iter().any(|set| set.is_empty()) {
                return None;
            }
            let marks = Marks::new(cands);
            (marks.values, Some(marks.candidates))
        }
    };
    (values.shape().side() <= 9).then_some((values, marks))
}

/// Replays `path` from `start`: every step does something, places digits
/// only in empty squares (once each), and removes only candidates that are
/// there; every state on the way agrees with itself, and the replay ends
/// on the path's end state.
fn replays(start: &State, path: &Path) {
    agrees_with_itself(start);
    let mut state = start.clone();
    for step in &path.steps {
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "a step that does nothing: {step:?}"
        );
        for c in &step.eliminations {
            let s = c.square.index();
            assert!(
                state.cands(s).contains(c.digit),
                "removes {} from {}, which does not hold it: {step:?}",
                c.digit,
                c.square
            );
        }
        for (i, c) in step.placements.iter().enumerate() {
            let s = c.square.index();
            assert_eq!(state.value(s), 0, "places in a filled square: {step:?}");
            assert!(
                step.placements[..i].iter().all(|p| p.square != c.square),
                "places twice in {}: {step:?}",
                c.square
            );
        }
        state.apply(step);
        agrees_with_itself(&state);
    }
    assert_eq!(
        state.values(),
        path.end.values(),
        "the replay ends elsewhere"
    );
    assert_eq!(state.to_marks_line(), path.end.to_marks_line());
    assert!(state == path.end, "the replay ends elsewhere");
}

/// What a state says of where each digit may go and how many squares are
/// empty, unit by unit, is what its squares say.
fn agrees_with_itself(state: &State) {
    let shape = state.shape();
    for (u, squares) in shape.units().iter().enumerate() {
        let empty = squares.iter().filter(|&&s| state.value(s) == 0).count();
        assert_eq!(state.empty_count(u), empty, "unit {}", shape.unit_name(u));
        for d in 1..=shape.side() as u8 {
            let mut positions = 0;
            for (i, &s) in squares.iter().enumerate() {
                if state.cands(s).contains(d) {
                    positions |= 1 << i;
                }
            }
            let name = shape.unit_name(u);
            assert_eq!(state.positions(u, d), positions, "{d} in {name}");
        }
    }
}

/// Every step of `path` keeps to `solution`: no placement differs from it,
/// no elimination removes its digit; the end state holds its digits and
/// keeps its digit among every empty square's candidates (so a complete
/// path ends on it).
fn keeps_to(solution: &Grid, path: &Path) {
    for step in &path.steps {
        for c in &step.placements {
            let right = solution.get(c.square.index());
            assert_eq!(
                c.digit, right,
                "places {} in {}: {step:?}",
                c.digit, c.square
            );
        }
        for c in &step.eliminations {
            let right = solution.get(c.square.index());
            assert_ne!(
                c.digit, right,
                "removes {} from {}: {step:?}",
                c.digit, c.square
            );
        }
    }
    let end = &path.end;
    for s in 0..solution.cells().len() {
        let right = solution.get(s);
        match end.value(s) {
            0 => assert!(end.cands(s).contains(right), "square {s} lost {right}"),
            v => assert_eq!(v, right, "square {s} holds {v}, not {right}"),
        }
    }
    if path.is_complete() {
        assert_eq!(end.values(), solution);
    }
}

/// `rate_from` rates SE's path (`explain` in SE's order): ER is its
/// hardest step (SE's 20.0 when the path stops short), ED its first, EP the
/// hardest up to its first placement, and it is complete when it solves
/// the puzzle.
fn rates(state: &State, se: &Path) {
    let rating = rate_from(&mut Cache::new(), state);
    let steps = &se.steps[..];
    let hardest = |steps: &[sudokit::logic::Step]| {
        steps
            .iter()
            .map(|s| s.difficulty)
            .max()
            .unwrap_or(Difficulty(0))
    };
    assert_eq!(rating.steps, steps.len(), "{rating:?}");
    let er = if se.is_complete() {
        hardest(steps)
    } else {
        Difficulty(BEYOND)
    };
    assert_eq!(rating.er, er, "{rating:?}");
    assert_eq!(
        rating.ed,
        hardest(&steps[..steps.len().min(1)]),
        "{rating:?}"
    );
    if let Some(first) = steps.iter().position(|s| s.places()) {
        assert_eq!(rating.ep, hardest(&steps[..=first]), "{rating:?}");
    }
    assert_eq!(rating.complete, se.is_complete(), "{rating:?}");
}

/// The puzzle with exactly one solution nearest to `marks`: while it has
/// several, the first solution's digit is placed in one more empty square
/// (taken in steps of 7 from `start`, which visits every square of 16, 36
/// and 81), so a puzzle with several solutions is checked as a unique one
/// too, and the uniqueness techniques meet puzzles they may reason on.
/// Each count is Norvig's, from the marks, with a guess budget; `None`
/// when a count is not known or there is no solution.
fn made_unique(marks: &Candidates, start: usize) -> Option<(Candidates, Grid)> {
    let limits = Limits {
        max_guesses: Some(300),
        ..Limits::none()
    };
    let count = marks.sets().len();
    let mut marks = marks.clone();
    let mut next = (0..count).map(|k| (start + 7 * k) % count);
    loop {
        let report = norvig::run_marks(&marks, 2, &limits);
        match (report.count(2), report.first) {
            (Count::Exactly(1), Some(solution)) => return Some((marks, solution)),
            (Count::AtLeast(_), Some(first)) => {
                let s = next.find(|&s| marks.get(s).len() > 1)?;
                marks.set(s, Digits::single(first.get(s)));
            }
            _ => return None,
        }
    }
}

/// Any puzzle small enough (up to 9x9), as digits or pencil marks, whose
/// givens do not clash: explaining it in either order and rating it do not
/// panic, and each path replays to its end. Then on the puzzle itself when
/// it has exactly one solution, else on it [`made_unique`]: every step
/// keeps to that solution, the end state agrees with it, and `rate_from`'s
/// figures are those of SE's path.
pub fn logic(data: &[u8]) {
    let Some((values, marks)) = logic_puzzle(data) else {
        return;
    };
    if values.has_clash() {
        return;
    }
    let marks = marks.unwrap_or_else(|| Candidates::from_grid(&values));
    let state = State::from_marks(&values, &values, Some(marks.sets()));
    let se = explain(&mut Cache::new(), &state, Order::Se);
    let easiest = explain(&mut Cache::new(), &state, Order::Easiest);
    replays(&state, &se);
    replays(&state, &easiest);
    let Some((unique, solution)) = made_unique(&marks, data.len()) else {
        // No solution, or not known: the paths may stop or go astray, but
        // not panic; and the rating must not either.
        let _ = rate_from(&mut Cache::new(), &state);
        return;
    };
    for (s, &set) in unique.sets().iter().enumerate() {
        assert!(
            set.contains(solution.get(s)),
            "the solution leaves the marks"
        );
    }
    let (state, se, easiest) = if unique == marks {
        (state, se, easiest)
    } else {
        let _ = rate_from(&mut Cache::new(), &state);
        // The digits placed to make it unique are a player's, not givens.
        let state = State::from_marks(&values, &unique.to_grid(), Some(unique.sets()));
        let se = explain(&mut Cache::new(), &state, Order::Se);
        let easiest = explain(&mut Cache::new(), &state, Order::Easiest);
        replays(&state, &se);
        replays(&state, &easiest);
        (state, se, easiest)
    };
    verify::check(state.values(), &solution).unwrap_or_else(|e| panic!("{e}"));
    keeps_to(&solution, &se);
    keeps_to(&solution, &easiest);
    rates(&state, &se);
}

/// The puzzle maker's functions. Any grid (as [`grid_of`] makes it): its
/// canonical form, when it has one, is never larger than the grid, comes
/// from it by the transform reported, and is the same for a random
/// disguise of it (standard grids; diagonal ones and clashes are refused);
/// a random transform of a diagonal grid keeps its solution count. Then a
/// generator request from the same bytes (shape, symmetry, givens, seed):
/// a puzzle it makes has one solution (Norvig's count), the symmetry, and
/// givens in the range.
pub fn making(data: &[u8]) {
    use rand::SeedableRng;
    use sudokit::canon::{minlex_with_transform, CanonError};
    use sudokit::generate::{generate, Options, Symmetry, SymmetryChoice};
    use sudokit::transform::Transform;
    let Some(grid) = grid_of(data) else {
        return;
    };
    let seed = data
        .iter()
        .fold(0u64, |h, &b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let disguise = Transform::random(grid.shape(), &mut rng)
        .apply(&grid)
        .expect("a transform for the grid's own shape");
    match minlex_with_transform(&grid) {
        Ok((form, transform)) => {
            assert!(form.to_line() <= grid.to_line(), "{grid:?}");
            assert_eq!(transform.apply(&grid).as_ref(), Ok(&form), "{grid:?}");
            let again = minlex_with_transform(&disguise).map(|(f, _)| f);
            assert_eq!(again, Ok(form), "{grid:?} as {disguise:?}");
        }
        Err(CanonError::Diagonal) => assert_eq!(grid.shape().variant(), Variant::Diagonal),
        Err(CanonError::Clash) => assert!(grid.has_clash()),
        Err(CanonError::TooManyTies) => panic!("{grid:?}: too many ties on a small grid"),
    }
    if grid.shape().variant() == Variant::Diagonal {
        let norvig = EngineKind::Norvig.solver();
        let limits = Limits {
            max_guesses: Some(500),
            ..Limits::none()
        };
        let (a, b) = (
            norvig.run(&grid, 2, &limits),
            norvig.run(&disguise, 2, &limits),
        );
        if !a.limit_reached && !b.limit_reached {
            assert_eq!(a.solutions, b.solutions, "{grid:?} as {disguise:?}");
        }
    }
    let &[_, symmetry, low, high, ..] = data else {
        return;
    };
    let squares = grid.shape().square_count();
    let low = usize::from(low) % (squares + 1);
    let high = low + usize::from(high) % (squares + 1 - low);
    let options = Options {
        symmetry: match usize::from(symmetry) % 8 {
            7 => SymmetryChoice::Random,
            n => SymmetryChoice::Fixed(Symmetry::ALL[n]),
        },
        minimal: symmetry & 0x80 != 0,
        clues: (low, high),
        ..Options::new(grid.shape())
    };
    if let Ok(made) = generate(&options, &mut rng) {
        let puzzle = &made.puzzle;
        let count = EngineKind::Norvig
            .solver()
            .count(puzzle, 2, &Limits::none())
            .0;
        assert_eq!(count, Count::Exactly(1), "{puzzle:?}");
        assert!(made.symmetry.holds(puzzle), "{puzzle:?}");
        assert!((low..=high).contains(&puzzle.given_count()), "{puzzle:?}");
        verify::check(puzzle, &made.solution).unwrap_or_else(|e| panic!("{puzzle:?}: {e}"));
    }
}

/// Any 9x9 standard puzzle or pencil marks, read as for [`logic`], whose
/// givens do not clash: HoDoKu's path, by its default configuration and
/// with every step type that has a finder switched on, never panics and
/// replays to its end; on the puzzle made unique as for [`logic`], every
/// step keeps to the solution (no true candidate removed, no wrong digit
/// placed), and the score is the sum of the steps' base scores.
pub fn hodoku(data: &[u8]) {
    let Some((values, marks)) = logic_puzzle(data) else {
        return;
    };
    let shape = values.shape();
    if shape.side() != 9 || shape.variant() != Variant::Standard || values.has_clash() {
        return;
    }
    let marks = marks.unwrap_or_else(|| Candidates::from_grid(&values));
    let mut every = Config::default();
    for &kind in Kind::ALL {
        if search::implemented(kind) {
            every
                .set(kind.short(), true)
                .expect("a short name from the table");
        }
    }
    let paths = |state: &State| {
        [Config::default(), every.clone()].map(|config| {
            let path = hodoku::solve_board(Board::from_state(state), &config);
            let score: u32 = path
                .steps
                .iter()
                .filter_map(|s| s.hodoku.as_ref())
                .map(|h| h.score)
                .sum();
            assert_eq!(
                score, path.score,
                "the score is the sum of the steps' scores"
            );
            let mut end = state.clone();
            for step in &path.steps {
                end.apply(step);
            }
            let path = Path {
                steps: path.steps,
                end,
            };
            replays(state, &path);
            path
        })
    };
    let Some((unique, solution)) = made_unique(&marks, data.len()) else {
        let state = State::from_marks(&values, &values, Some(marks.sets()));
        paths(&state);
        return;
    };
    // The digits placed to make it unique are a player's, not givens.
    let state = State::from_marks(&values, &unique.to_grid(), Some(unique.sets()));
    for path in paths(&state) {
        keeps_to(&solution, &path);
    }
}
