//! Brute force and giving up, as HoDoKu 2.2.0 does them when no other
//! step type that is on finds a step.
//!
//! Brute force solves the position as it stands (its digits and its
//! candidates) and, when it has exactly one solution, places the
//! solution's digit in the middle empty square: of the empty squares in
//! square order, the one at half their count (rounded down), so with 41
//! empty squares the 21st. With no solution or several it finds nothing,
//! and the path gives up: a step that changes nothing and ends the path.

use crate::logic::hodoku::board::{bit, digits, Board, UNITS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

/// The brute force step HoDoKu takes in `board`: the solution's digit in
/// the middle empty square. None when the grid is full or the position
/// has no solution or several.
pub fn brute_force(board: &Board) -> Option<Move> {
    brute_force_with(board, &mut Cache::default())
}

/// What brute force keeps from one call to the next, in a value the
/// caller owns and passes down: the last position it solved that had
/// exactly one solution or none, with that solution. A fresh one gives
/// the same steps, only slower.
#[derive(Default)]
pub struct Cache {
    last: Option<Solved>,
}

impl Cache {
    /// A cache that knows `solution` to be the one solution of `board`'s
    /// position, as the caller knows when it is the puzzle's one solution
    /// and the position agrees with it (every digit placed is the
    /// solution's, every empty square keeps the solution's digit): brute
    /// force there, and in the positions within it, then needs no search.
    /// Knows nothing when `solution` does not fit `board`.
    pub fn knowing(board: &Board, solution: [u8; 81]) -> Cache {
        let fits = (0..81).all(|s| match board.value(s) {
            0 => board.cands(s) & bit(solution[s]) != 0,
            d => d == solution[s],
        });
        Cache {
            last: fits.then(|| Solved {
                values: std::array::from_fn(|s| board.value(s)),
                cands: std::array::from_fn(|s| board.cands(s)),
                solution: Some(solution),
            }),
        }
    }
}

/// A position (its digits and candidates) and its one solution, or None
/// for no solution.
struct Solved {
    values: [u8; 81],
    cands: [u16; 81],
    solution: Option<[u8; 81]>,
}

impl Solved {
    /// The solutions of `board` when it lies within this position (its
    /// digits placed here too, its candidates among these, and each digit
    /// it placed since a candidate here): every solution of `board` is
    /// one of this position's, so it has this one solution if it fits
    /// `board`, else none. None when `board` does not lie within.
    fn within(&self, board: &Board) -> Option<Option<[u8; 81]>> {
        for s in 0..81 {
            let inside = match (self.values[s], board.value(s)) {
                (0, 0) => board.cands(s) & !self.cands[s] == 0,
                (0, d) => self.cands[s] & bit(d) != 0,
                (d, e) => d == e,
            };
            if !inside {
                return None;
            }
        }
        let Some(solution) = self.solution else {
            return Some(None);
        };
        let fits = (0..81).all(|s| match board.value(s) {
            0 => board.cands(s) & bit(solution[s]) != 0,
            d => d == solution[s],
        });
        Some(fits.then_some(solution))
    }
}

/// [`brute_force`], with what `cache` keeps: a path that takes brute
/// force again and again solves its position once.
pub fn brute_force_with(board: &Board, cache: &mut Cache) -> Option<Move> {
    let empty: Vec<usize> = (0..81).filter(|&s| board.value(s) == 0).collect();
    let &s = empty.get(empty.len() / 2)?;
    let solution = match cache.last.as_ref().and_then(|last| last.within(board)) {
        Some(known) => known,
        None => {
            let (first, count) = solutions(board);
            // With several solutions there is none to take, and none to
            // keep: a position within may have one.
            let solution = first.filter(|_| count == 1);
            if count < 2 {
                cache.last = Some(Solved {
                    values: std::array::from_fn(|s| board.value(s)),
                    cands: std::array::from_fn(|s| board.cands(s)),
                    solution,
                });
            }
            solution
        }
    }?;
    Some(Move::single(Kind::BruteForce, s, solution[s], None))
}

/// Giving up: the step that ends a path no step type can go on with.
pub fn give_up() -> Move {
    Move::new(Kind::GiveUp)
}

/// The one solution of the position (its digits and its candidates), or
/// None when it has none or several.
pub fn unique_solution(board: &Board) -> Option<[u8; 81]> {
    match solutions(board) {
        (found, 1) => found,
        _ => None,
    }
}

/// The first solution of the position and how many it has, up to two.
fn solutions(board: &Board) -> (Option<[u8; 81]>, u32) {
    let mut grid = Trial::default();
    for s in 0..81 {
        match board.value(s) {
            0 => grid.cands[s] = board.cands(s),
            d => grid.values[s] = d,
        }
    }
    // A digit placed removes itself from its peers, whatever the
    // candidates say.
    for s in 0..81 {
        let d = grid.values[s];
        if d != 0 {
            grid.clear_peers(s, d);
        }
    }
    let mut found = None;
    let mut count = 0;
    search(grid, &mut found, &mut count);
    (found, count)
}

/// A position being solved by trial: digits, and candidates of the empty
/// squares.
#[derive(Clone, Copy)]
struct Trial {
    values: [u8; 81],
    cands: [u16; 81],
}

impl Default for Trial {
    fn default() -> Trial {
        Trial {
            values: [0; 81],
            cands: [0; 81],
        }
    }
}

/// The peers of square `s`: the squares of its row, column and box but
/// itself (some twice).
fn peers(s: usize) -> impl Iterator<Item = usize> {
    crate::logic::hodoku::board::units_of(s)
        .into_iter()
        .flat_map(|u| UNITS[u].iter().map(|&t| usize::from(t)))
        .filter(move |&t| t != s)
}

impl Trial {
    fn clear_peers(&mut self, s: usize, d: u8) {
        for t in peers(s) {
            self.cands[t] &= !bit(d);
        }
    }

    /// Places `d` in `s`; false when a peer holds `d` already.
    fn set(&mut self, s: usize, d: u8) -> bool {
        if peers(s).any(|t| self.values[t] == d) {
            return false;
        }
        self.values[s] = d;
        self.cands[s] = 0;
        self.clear_peers(s, d);
        true
    }

    /// Places the naked and hidden singles until none is left; false on a
    /// contradiction (a square without candidates, a digit without a
    /// place in a unit).
    fn settle(&mut self) -> bool {
        loop {
            let mut moved = false;
            for s in 0..81 {
                if self.values[s] != 0 {
                    continue;
                }
                match self.cands[s].count_ones() {
                    0 => return false,
                    1 => {
                        let d = self.cands[s].trailing_zeros() as u8 + 1;
                        if !self.set(s, d) {
                            return false;
                        }
                        moved = true;
                    }
                    _ => {}
                }
            }
            for unit in &UNITS {
                for d in 1..=9u8 {
                    if unit.iter().any(|&s| self.values[usize::from(s)] == d) {
                        continue;
                    }
                    let mut places = unit
                        .iter()
                        .map(|&s| usize::from(s))
                        .filter(|&s| self.cands[s] & bit(d) != 0);
                    match (places.next(), places.next()) {
                        (None, _) => return false,
                        (Some(s), None) => {
                            if !self.set(s, d) {
                                return false;
                            }
                            moved = true;
                        }
                        _ => {}
                    }
                }
            }
            if !moved {
                return true;
            }
        }
    }
}

/// Counts the solutions of `grid` up to two, keeping the first.
fn search(mut grid: Trial, found: &mut Option<[u8; 81]>, count: &mut u32) {
    if *count >= 2 || !grid.settle() {
        return;
    }
    // The empty square with the fewest candidates.
    let next = (0..81)
        .filter(|&s| grid.values[s] == 0)
        .min_by_key(|&s| grid.cands[s].count_ones());
    let Some(s) = next else {
        *count += 1;
        if found.is_none() {
            *found = Some(grid.values);
        }
        return;
    };
    for d in digits(grid.cands[s]) {
        let mut trial = grid;
        if trial.set(s, d) {
            search(trial, found, count);
        }
        if *count >= 2 {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::path::{solve, Config};
    use crate::parse::{parse_grid, ParseOptions};

    fn board(text: &str) -> Board {
        Board::from_puzzle(&parse_grid(text, ParseOptions::default()).unwrap())
    }

    /// A puzzle of HoDoKu's dev set whose path guesses after four
    /// pointings.
    const GUESSED: &str =
        "....9..5..1.....3...23..7....45...7.8.....2.......64...9..1.....8..6......54....7";

    /// The same without its r9c5 (4): several solutions.
    const SEVERAL: &str =
        "....9..5..1.....3...23..7....45...7.8.....2.......64...9..1.....8..6......5.....7";

    #[test]
    fn brute_force_places_the_solutions_digit_in_the_middle_empty_square() {
        let b = board(GUESSED);
        // 58 empty squares: the 30th (index 29) is r5c6.
        let m = brute_force(&b).unwrap();
        assert_eq!(m.line(), "Brute Force: r5c6=4");
        assert_eq!(m.places, [(4 * 9 + 5, 4)]);
        assert!(m.deletes.is_empty());
    }

    #[test]
    fn the_solution_respects_the_candidates_removed() {
        let mut b = board(GUESSED);
        let solution = unique_solution(&b).unwrap();
        // Removing the true candidate of a square leaves no solution.
        b.remove(4 * 9 + 5, solution[4 * 9 + 5]);
        assert!(unique_solution(&b).is_none());
        assert!(brute_force(&b).is_none());
    }

    #[test]
    fn a_puzzle_of_several_solutions_gets_no_brute_force() {
        let b = board(SEVERAL);
        assert!(brute_force(&b).is_none());
        assert_eq!(give_up().line(), "Give Up: Don't know how to proceed!");
    }

    #[test]
    fn a_kept_solution_answers_the_positions_within_its_own_as_a_new_search_does() {
        let line = |m: Option<Move>| m.map(|m| m.line());
        let mut cache = Cache::default();
        let mut b = board(GUESSED);
        let solution = unique_solution(&b).unwrap();
        // Along a path of brute force steps: each position within the last.
        for _ in 0..5 {
            let kept = brute_force_with(&b, &mut cache);
            assert_eq!(line(kept.clone()), line(brute_force(&b)));
            kept.unwrap().apply(&mut b);
        }
        // Within, but without the solution's digit in a square: none.
        let mut wrong = b.clone();
        let s = (0..81).find(|&s| wrong.cands(s).count_ones() > 1).unwrap();
        wrong.remove(s, solution[s]);
        assert!(brute_force_with(&wrong, &mut cache).is_none());
        // Not within (a given left out): searched again, several solutions.
        assert!(brute_force_with(&board(SEVERAL), &mut cache).is_none());
        assert_eq!(
            line(brute_force_with(&board(GUESSED), &mut cache)),
            Some("Brute Force: r5c6=4".to_string())
        );
    }

    /// The default configuration with every step type off but `keep`
    /// (and giving up, which is always on).
    fn only(keep: &[Kind]) -> Config {
        let mut config = Config::default();
        for &kind in Kind::ALL {
            if !keep.contains(&kind) && kind.on_by_default() && kind != Kind::GiveUp {
                config.set(kind.short(), false).unwrap();
            }
        }
        config
    }

    const SINGLES_AND_GUESSES: &[Kind] = &[
        Kind::FullHouse,
        Kind::NakedSingle,
        Kind::HiddenSingle,
        Kind::BruteForce,
    ];

    #[test]
    fn with_nothing_but_singles_and_brute_force_the_path_is_solved() {
        let puzzle = parse_grid(GUESSED, ParseOptions::default()).unwrap();
        let path = solve(&puzzle, &only(SINGLES_AND_GUESSES));
        assert!(path.solved, "{:?}", path.lines());
        assert_eq!(path.lines()[0], "Brute Force: r5c6=4");
        assert!(path.steps.iter().all(|s| s.eliminations.is_empty()));
        assert_eq!(path.level, crate::logic::hodoku::Level::Extreme);
    }

    #[test]
    fn a_path_of_a_puzzle_with_several_solutions_gives_up() {
        let puzzle = parse_grid(SEVERAL, ParseOptions::default()).unwrap();
        let path = solve(&puzzle, &only(SINGLES_AND_GUESSES));
        assert_eq!(
            path.lines(),
            ["Give Up: Don't know how to proceed!"],
            "giving up ends the path"
        );
        assert_eq!(path.score, 20000);
        assert!(!path.solved && path.stopped_at.is_none());
    }
}
