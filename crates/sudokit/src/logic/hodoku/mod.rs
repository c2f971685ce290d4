//! HoDoKu's rules: the steps, path, score and level of HoDoKu 2.2.0 (Bernhard
//! Hobiger's solver, the source of most technique names players learn:
//! Skyscraper, 2-String Kite, W-Wing, Sue de Coq), step for step.
//!
//! HoDoKu's steps are [`Step`](crate::logic::Step)s like Sudoku
//! Explainer's, with HoDoKu's name, a sentence in sudokit's words, and a
//! [`HodokuDetail`](crate::logic::step::HodokuDetail): the step type's
//! library code, short name, base score and the line HoDoKu prints
//! (`Locked Candidates Type 1 (Pointing): 5 in b1 => r2c467<>5`).
//!
//! - [`table`]: the 92 step types ([`Kind`]), in the order HoDoKu tries
//!   them, with each one's level, base score and default on or off.
//! - [`board`]: the grid as HoDoKu keeps it, with the queues that decide
//!   which single comes first.
//! - [`notation`]: HoDoKu's way of writing squares, units and removals.
//! - [`moves`]: a step as the searches find it, its HoDoKu line, and the
//!   [`Step`](crate::logic::Step) it becomes.
//! - [`library`]: HoDoKu's library format (its regression cases).
//! - The finders, one file per family, each in HoDoKu's search order and
//!   taking the instance HoDoKu takes: [`singles`], [`intersections`]
//!   (locked candidates), [`subsets`] (naked, hidden and locked subsets),
//!   [`fish`] (basic, finned and sashimi fish, X-wing to leviathan),
//!   [`franken`] (Franken and mutant fish), [`patterns`] (skyscraper,
//!   2-string kite, empty rectangle), [`turbot`] (turbot fish, the
//!   shortest X-chain), [`wings`] (XY-, XYZ- and W-wing),
//!   [`uniqueness`] (unique and avoidable rectangles, BUG+1),
//!   [`sue_de_coq`], [`coloring`] (simple and multi colors),
//!   [`remote_pair`] (chains of squares holding the same two digits),
//!   [`xchains`] (X- and XY-chains),
//!   [`als`] (almost locked sets: ALS-XZ, ALS-XY-wing, ALS chain),
//!   [`als_nodes`] (almost locked sets as nodes of the nice loops'
//!   tables, an option HoDoKu leaves off by default),
//!   [`death_blossom`],
//!   [`forcing`] (forcing chains and nets, contradiction and verity) on
//!   the implication tables of [`tabling`], a net's built by
//!   [`forcing_nets`],
//!   [`kraken`] (kraken fish, types 1 and 2),
//!   [`templates`] (template set and delete).
//! - [`brute_force`]: brute force (the solution's digit in the middle
//!   empty square) and giving up, when nothing else finds a step.
//! - [`search`]: which step types have a finder, how to ask one, and the
//!   cache the chain searches keep between calls (its caller owns it).
//! - [`path`]: the path, its score and level.
//! - [`hint`]: a hint by HoDoKu's rules: a mistake first, else the step
//!   its path takes next, graded like SE's.
//!
//! So far the finders cover the singles, locked candidates, locked,
//! naked and hidden subsets, basic, finned and sashimi fish, the
//! skyscraper, 2-string kite, turbot fish and empty rectangle, the XY-,
//! XYZ- and W-wing, the uniqueness tests, hidden and avoidable
//! rectangles, BUG+1, Sue de Coq, simple and multi colors, Franken
//! and mutant fish of every size, the templates and
//! the remote pair, the X- and the XY-chain, the nice loops and AICs
//! (grouped or not), the ALS-XZ, ALS-XY-wing, ALS chain and death
//! blossom, kraken fish, the forcing chains and nets, brute force and giving up: a
//! path that reaches a step type without a
//! finder stops there and says so
//! ([`Path::stopped_at`]).
//!
//! The facts (order, levels, scores, notation) are HoDoKu's; the code is
//! sudokit's own.

pub mod als;
pub mod als_nodes;
pub mod als_sets;
pub mod board;
pub mod brute_force;
pub mod coloring;
pub mod death_blossom;
pub mod fish;
pub mod forcing;
pub mod forcing_nets;
pub mod franken;
pub mod hint;
pub mod intersections;
pub mod java_sort;
pub mod kraken;
pub mod library;
pub mod moves;
pub mod nice_loops;
pub mod notation;
pub mod path;
pub mod patterns;
pub mod remote_pair;
pub mod search;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
pub mod table;
pub mod tabling;
pub mod templates;
pub mod turbot;
pub mod uniqueness;
pub mod wanted;
pub mod wings;
pub mod xchains;

pub use board::Board;
pub use hint::{HintError, HodokuHint};
pub use library::{parse_case, Case, LibraryError};
pub use moves::Move;
pub use path::{next_move, solve, solve_board, solve_board_with, Config, Path, UnknownShortName};
pub use search::NoFinder;
pub use table::{Kind, Level, Subtype};
pub use wanted::{Refusal, Wanted};

/// Boards for the tests that compare a fast search with one written
/// plainly: random pencil marks, and the positions of HoDoKu's regression
/// library (read from `../shared`; skipped, with the reason, where it is
/// absent).
#[cfg(test)]
pub(crate) mod test_boards {
    use crate::logic::hodoku::board::Board;
    use crate::logic::hodoku::library::parse_case;
    use rand::Rng;

    /// The lines of HoDoKu's regression library whose code starts with
    /// one of `codes` (`":03"`, `":1101"`; `":"` for every case), or None,
    /// with the reason on stderr, where `../shared` does not hold it.
    pub fn library_lines(codes: &[&str]) -> Option<Vec<String>> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/hodoku/reglib-1.3.txt"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("skipped the library: ../shared/hodoku/reglib-1.3.txt not found");
            return None;
        };
        let wanted = |l: &&str| codes.iter().any(|c| l.starts_with(c));
        Some(text.lines().filter(wanted).map(String::from).collect())
    }

    /// The boards of [`library_lines`] that parse (none where the library
    /// is absent).
    pub fn library_boards(codes: &[&str]) -> Vec<Board> {
        library_lines(codes)
            .unwrap_or_default()
            .iter()
            .filter_map(|l| parse_case(l).ok())
            .map(|case| case.board)
            .collect()
    }

    /// `n` boards of [`random`] (the `round`-th keeping `keep(round)`,
    /// with `place_one_in`) from the seed `seed`, then the boards of the
    /// library cases whose codes start with one of `codes`.
    pub fn random_then_library(
        seed: u64,
        n: i32,
        keep: impl Fn(i32) -> i32,
        place_one_in: i32,
        codes: &[&str],
    ) -> Vec<Board> {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut boards: Vec<Board> = (0..n)
            .map(|round| random(&mut rng, keep(round), Some(place_one_in)))
            .collect();
        boards.extend(library_boards(codes));
        boards
    }

    /// A board whose squares lose each candidate unless a draw from 0 to
    /// 80 falls below `keep`; with `place_one_in`, each square first has
    /// one chance in that many to have a random digit placed (where it is
    /// still a candidate).
    pub fn random(rng: &mut impl Rng, keep: i32, place_one_in: Option<i32>) -> Board {
        let mut board = Board::new();
        for s in 0..81 {
            if let Some(n) = place_one_in {
                if rng.gen_range(0..n) == 0 {
                    let d = rng.gen_range(1..=9u8);
                    if board.has(s, d) {
                        board.place(s, d, false);
                        continue;
                    }
                }
            }
            for d in 1..=9u8 {
                if board.value(s) == 0 && rng.gen_range(0..81) >= keep {
                    board.remove(s, d);
                }
            }
        }
        board
    }

    /// A board whose squares keep a fixed solution grid's digit, and
    /// each other candidate only when a draw from 0 to 80 falls below
    /// `keep`.
    pub fn random_around_a_solution(rng: &mut impl Rng, keep: i32) -> Board {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut board = Board::new();
        for (s, true_digit) in solution.bytes().map(|b| b - b'0').enumerate() {
            for d in (1..=9u8).filter(|&d| d != true_digit) {
                if rng.gen_range(0..81) >= keep {
                    board.remove(s, d);
                }
            }
        }
        board
    }
}
