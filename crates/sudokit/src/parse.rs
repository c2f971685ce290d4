//! Reading puzzles: Norvig's permissive grid format, files of many puzzles,
//! and the backtracking document's list of lists.
//!
//! **Norvig's format.** Digits are givens, `0` and `.` are empty squares and
//! every other character is ignored, so an 81-character line, nine lines of
//! digits and a pretty board with `|` and `------+------+------` all read as the
//! same puzzle. Grids larger than 9x9 also use letters (`A` = 10, `B` = 11, ...);
//! in a 9x9 text letters are ignored as Norvig ignores them.
//!
//! **The size** follows from the number of squares: 81 symbols make a 9x9
//! grid, 16 a 4x4, 36 a 6x6, 256 (counting letters) a 16x16 and 625 a 25x25.
//! When the text alone cannot settle it, [`ParseOptions::size`] does.
//!
//! **Files** hold one puzzle per line, or multi-line grids (one row per line)
//! separated by blank lines or lines of `=`. Lines starting with `#` are
//! comments. [`PuzzleReader`] (in `reader.rs`) streams a file this way, as
//! bytes, and never stops at a bad puzzle or a line that is not text: each
//! entry carries its own result and the line it started on.
//!
//! **JSON boards**: text whose first symbol is `[` is read as the list of 9
//! lists of 9 integers (0 = empty) of the backtracking document, checked as
//! its `check_sizes` does, or as a list of such boards. In a file, a board
//! may stand anywhere, before or after other puzzles.
//!
//! **HoDoKu's library format** (in `library.rs`): a line starting with `:`
//! is a position of HoDoKu's regression library, read as its givens, the
//! digits placed since (`+5`, kept apart from the givens in
//! [`Entry::placed`]) and its candidates (in [`Entry::marks`]).
//!
//! **Pencil marks** (in `marks.rs`): a player's candidates, as a line of
//! 729 characters (tdoku, Sukaku) or a candidate grid as `sudokit
//! candidates` prints it. In a file, a line of exactly `side` cubed mark
//! characters is read as pencil marks: its entry carries them in
//! [`Entry::marks`].
//!
//! Every error says what is wrong and where (square, line), and no input makes
//! these functions panic.

mod library;
mod marks;
mod reader;

pub use library::{is_library_line, parse_library_line, LibraryPosition};
pub use marks::{
    marks_line_size, parse_candidate_grid, parse_marks, parse_marks_line, parse_state, Marks,
    PlayerState,
};
pub use reader::{read_puzzle_bytes, read_puzzles, Entry, PuzzleReader, RawEntry, MAX_LINE};

use crate::grid::Grid;
use crate::shape::{Shape, Size, Variant};
use thiserror::Error;

/// What a text alone cannot say about a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// The grid size; `None` lets the number of squares decide.
    pub size: Option<Size>,
    /// Standard or diagonal.
    pub variant: Variant,
}

/// `1 square`, `2 squares`: a number with its noun, singular for one.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Why a text is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The text does not hold the number of squares of any supported grid.
    #[error("found {}, expected {expected}", counted(*.found, "square", "squares"))]
    WrongSquareCount {
        /// Squares found (digits, `0` and `.`).
        found: usize,
        /// What was expected, such as `81` or `16, 36, 81, 256 or 625`.
        expected: String,
    },
    /// A symbol that is not a digit of this size, such as `7` in a 4x4 grid.
    #[error("square {square}: '{symbol}' is not a digit of a {side}x{side} grid")]
    SymbolOutOfRange {
        /// The square's name.
        square: String,
        /// The symbol found.
        symbol: char,
        /// The side of the grid.
        side: usize,
    },
    /// Two givens put the same digit in one unit.
    #[error("digit {digit} is given twice in {unit}: at {first} and at {second}")]
    Conflict {
        /// The repeated digit.
        digit: char,
        /// The first square holding it.
        first: String,
        /// The second square holding it.
        second: String,
        /// The unit they share, such as `row C`.
        unit: String,
    },
    /// A line of HoDoKu's library format that does not read: which field
    /// (from 1, after the leading `:`) and what is wrong.
    #[error("HoDoKu library line, field {field}: {message}")]
    Library {
        /// The field.
        field: usize,
        /// What is wrong.
        message: String,
    },
    /// A JSON board that is not a list of n lists of n integers 0..=n.
    #[error("board: {0}")]
    Board(String),
    /// A line that is not text (not UTF-8, or with a NUL byte) and holds no
    /// square.
    #[error("not text: {}", not_text(*.byte, *.column))]
    NotText {
        /// The first byte that is not text.
        byte: u8,
        /// Its column (1-based, in characters).
        column: usize,
    },
    /// A line (or JSON block) longer than the reader keeps.
    #[error("longer than {limit} bytes; skipped")]
    LineTooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// The input could not be read (an I/O error); it ends that input.
    #[error("cannot read further: {0}")]
    Read(String),
    /// Pencil marks in the line form with the wrong number of characters.
    #[error("found {found} pencil-mark characters, expected {expected}")]
    WrongMarkCount {
        /// Characters found (whitespace left out).
        found: usize,
        /// What was expected, such as `729` or `64, 216, 729, 4096 or 15625`.
        expected: String,
    },
    /// A character of the line form that is neither its place's digit nor
    /// `.`/`0`.
    #[error(
        "square {square}: '{symbol}' stands where only '{digit}' or '.' can (character {position})"
    )]
    MisplacedMark {
        /// The square's name.
        square: String,
        /// The character found.
        symbol: char,
        /// The digit its place stands for.
        digit: char,
        /// Its position in the line, from 1 (whitespace left out).
        position: usize,
    },
    /// A text that should hold exactly one puzzle (one item of a list)
    /// holds none, or several.
    #[error("found {found} puzzles in one item, expected 1")]
    PuzzleCount {
        /// Puzzles found.
        found: usize,
    },
    /// Pencil marks that leave a square no candidate at all.
    #[error("square {square} has no candidate")]
    NoCandidate {
        /// The square's name.
        square: String,
    },
}

/// What [`ParseError::NotText`] says of the byte.
fn not_text(byte: u8, column: usize) -> String {
    if byte == 0 {
        format!("a NUL byte at column {column}")
    } else {
        format!("byte 0x{byte:02X} at column {column} is not UTF-8")
    }
}

/// The squares a text holds, counted two ways: symbols of a 9x9-or-smaller
/// grid (digits, `0`, `.`) and symbols of a larger grid (also letters).
fn symbol_counts(text: &str) -> (usize, usize) {
    let narrow = text
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .count();
    let letters = text.chars().filter(|c| c.is_ascii_alphabetic()).count();
    (narrow, narrow + letters)
}

/// True for the one-line 9x9 form and nothing else: 81 bytes, each a digit
/// or `.` (`.` is below `0` in ASCII, so `saturating_sub` maps it to empty).
fn is_plain_nine(text: &str) -> bool {
    // A fold rather than `all`: no early exit, so the compiler checks the
    // 81 bytes with vector compares (lines that fail are rare).
    text.len() == 81
        && text.bytes().fold(true, |ok, b| {
            ok & ((b.wrapping_sub(b'0') < 10) | (b == b'.'))
        })
}

/// The size a whole-puzzle text implies, if any.
fn size_of_whole(text: &str) -> Option<Size> {
    let (narrow, wide) = symbol_counts(text);
    match (narrow, wide) {
        (81, _) => Some(Size::Nine),
        (16, _) => Some(Size::Four),
        (36, _) => Some(Size::Six),
        (_, 256) => Some(Size::Sixteen),
        (_, 625) => Some(Size::TwentyFive),
        _ => None,
    }
}

/// The size a text that holds one row implies, if any.
fn size_of_row(text: &str) -> Option<Size> {
    let (narrow, wide) = symbol_counts(text);
    if wide > narrow {
        if let Some(size) = Size::from_side(wide).filter(|s| s.side() > 9) {
            return Some(size);
        }
    }
    Size::from_side(narrow).filter(|s| s.side() <= 9)
}

/// Reads one puzzle in Norvig's permissive format (or a JSON board).
///
/// ```
/// use sudokit::parse::{parse_grid, ParseOptions};
/// let grid = parse_grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
///                       ParseOptions::default()).unwrap();
/// assert_eq!(grid.given_count(), 17);
/// ```
pub fn parse_grid(text: &str, options: ParseOptions) -> Result<Grid, ParseError> {
    let grid = parse_grid_unchecked(text, options)?;
    check_givens(&grid)?;
    Ok(grid)
}

/// [`parse_grid`] without the check that no two givens share a unit (JSON
/// boards are still checked). For callers that search the grid anyway: every
/// engine answers clashing givens with no solution, so [`check_givens`] is
/// only needed, to name the clash, when a search finds none. The batch
/// runner ([`crate::batch::Job::answer`]) works this way.
pub fn parse_grid_unchecked(text: &str, options: ParseOptions) -> Result<Grid, ParseError> {
    if is_plain_nine(text) && options.size.is_none_or(|s| s == Size::Nine) {
        // The common case of big files, without the general scan.
        let cells = text.bytes().map(|b| b.saturating_sub(b'0')).collect();
        let shape = Shape::of(Size::Nine, options.variant);
        return Grid::from_cells(shape, cells).ok_or_else(|| ParseError::WrongSquareCount {
            found: 0,
            expected: "81".to_string(),
        });
    }
    if text.trim_start().starts_with('[') {
        return parse_board_json(text, options);
    }
    parse_text(text, options)
}

/// Norvig's permissive format alone (no JSON): the squares of `text`, every
/// other character ignored, givens not checked.
fn parse_text(text: &str, options: ParseOptions) -> Result<Grid, ParseError> {
    let size = match options.size {
        Some(size) => size,
        None => size_of_whole(text).ok_or_else(|| {
            let (found, _) = symbol_counts(text);
            ParseError::WrongSquareCount {
                found,
                expected: "16, 36, 81, 256 or 625".to_string(),
            }
        })?,
    };
    let shape = Shape::of(size, options.variant);
    let side = size.side();
    let counts = |c: char| {
        if side > 9 {
            c.is_ascii_alphanumeric() || c == '.'
        } else {
            c.is_ascii_digit() || c == '.'
        }
    };
    // The count first: 81 squares read as a 4x4 grid are "81 squares, not
    // 16", not a complaint about the first digit above 4.
    let found = text.chars().filter(|&c| counts(c)).count();
    if found != shape.square_count() {
        return Err(ParseError::WrongSquareCount {
            found,
            expected: shape.square_count().to_string(),
        });
    }
    let mut cells = Vec::with_capacity(shape.square_count());
    for c in text.chars().filter(|&c| counts(c)) {
        match Shape::digit(c, side).filter(|&d| usize::from(d) <= side) {
            Some(d) => cells.push(d),
            None => {
                return Err(ParseError::SymbolOutOfRange {
                    square: shape.name(cells.len()).to_string(),
                    symbol: c,
                    side,
                })
            }
        }
    }
    Grid::from_cells(shape, cells).ok_or_else(|| ParseError::WrongSquareCount {
        found,
        expected: shape.square_count().to_string(),
    })
}

/// Fails when two givens put the same digit in one unit, naming the first
/// such pair in square order.
pub fn check_givens(grid: &Grid) -> Result<(), ParseError> {
    let shape = grid.shape();
    if !grid.has_clash() {
        return Ok(());
    }
    // Only a puzzle with a conflict pays for the search that names the
    // first pair in square order.
    for s in 0..shape.square_count() {
        let d = grid.get(s);
        if d == 0 {
            continue;
        }
        for &u in shape.units_of(s) {
            if let Some(&p) = shape.units()[u]
                .iter()
                .find(|&&p| p < s && grid.get(p) == d)
            {
                return Err(ParseError::Conflict {
                    digit: Shape::symbol(d),
                    first: shape.name(p).to_string(),
                    second: shape.name(s).to_string(),
                    unit: shape.unit_name(u),
                });
            }
        }
    }
    Ok(())
}

/// Reads the backtracking document's board: a JSON list of n lists of n
/// integers, 0 for empty, checked as its `check_sizes` does.
pub fn parse_board_json(text: &str, options: ParseOptions) -> Result<Grid, ParseError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ParseError::Board(e.to_string()))?;
    board_from_value(&value, options)
}

pub(crate) fn board_from_value(
    value: &serde_json::Value,
    options: ParseOptions,
) -> Result<Grid, ParseError> {
    let rows = value
        .as_array()
        .ok_or_else(|| ParseError::Board("expected a list of rows".to_string()))?;
    let size = match options.size {
        Some(size) => size,
        None => Size::from_side(rows.len()).ok_or_else(|| {
            ParseError::Board(format!(
                "expected 4, 6, 9, 16 or 25 rows, found {}",
                rows.len()
            ))
        })?,
    };
    let side = size.side();
    if rows.len() != side {
        return Err(ParseError::Board(format!(
            "expected {side} rows, found {}",
            rows.len()
        )));
    }
    let shape = Shape::of(size, options.variant);
    let mut cells = Vec::with_capacity(side * side);
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .ok_or_else(|| ParseError::Board(format!("row {} is not a list", r + 1)))?;
        if row.len() != side {
            return Err(ParseError::Board(format!(
                "row {} has {}, expected {side}",
                r + 1,
                counted(row.len(), "entry", "entries")
            )));
        }
        for value in row {
            let square = shape.name(cells.len()).to_string();
            match value.as_u64().filter(|&d| d <= side as u64) {
                Some(d) => cells.push(d as u8),
                None => {
                    return Err(ParseError::Board(format!(
                        "square {square}: {value} is not an integer from 0 to {side}"
                    )))
                }
            }
        }
    }
    let grid = Grid::from_cells(shape, cells)
        .ok_or_else(|| ParseError::Board("wrong number of squares".to_string()))?;
    check_givens(&grid)?;
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID2_LINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const GRID2_DIGITS: &str = "400000805
030000000
000700000
020000060
000080400
000010000
000603070
500200000
104000000";
    const GRID2_PRETTY: &str = "4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .";

    fn opts() -> ParseOptions {
        ParseOptions::default()
    }

    #[test]
    fn three_forms_of_grid2_are_one_puzzle() {
        let a = parse_grid(GRID2_LINE, opts()).unwrap();
        let b = parse_grid(GRID2_DIGITS, opts()).unwrap();
        let c = parse_grid(GRID2_PRETTY, opts()).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a.to_line(), GRID2_LINE);
    }

    #[test]
    fn file_reader_handles_lines_grids_comments_and_separators() {
        let text =
            format!("# a comment\n{GRID2_LINE}\n\n{GRID2_PRETTY}\n========\n{GRID2_DIGITS}\n");
        let entries = read_puzzles(&text, opts());
        assert_eq!(entries.len(), 3);
        assert_eq!(
            entries.iter().map(|e| e.line).collect::<Vec<_>>(),
            vec![2, 4, 16]
        );
        for e in &entries {
            assert_eq!(e.result.as_ref().unwrap().to_line(), GRID2_LINE);
        }
    }

    #[test]
    fn short_line_is_an_error_and_the_next_puzzle_survives() {
        let text = format!("{}\n{GRID2_LINE}\n", &GRID2_LINE[..80]);
        let entries = read_puzzles(&text, opts());
        assert_eq!(entries.len(), 2);
        assert_eq!(
            entries[0].result,
            Err(ParseError::WrongSquareCount {
                found: 80,
                expected: "16, 36, 81, 256 or 625".into()
            })
        );
        assert_eq!(entries[0].line, 1);
        assert!(entries[1].result.is_ok());
        assert_eq!(entries[1].line, 2);
    }

    #[test]
    fn incomplete_multiline_grid_is_reported_at_its_first_line() {
        let text = "123456789\n456789123\n\n";
        let entries = read_puzzles(text, opts());
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].line, 1);
        assert_eq!(
            entries[0].result,
            Err(ParseError::WrongSquareCount {
                found: 18,
                expected: "81".into()
            })
        );
    }

    #[test]
    fn conflicting_givens_name_digit_squares_and_unit() {
        let mut text = String::from("55");
        text.push_str(&".".repeat(79));
        assert_eq!(
            parse_grid(&text, opts()),
            Err(ParseError::Conflict {
                digit: '5',
                first: "A1".into(),
                second: "A2".into(),
                unit: "row A".into()
            })
        );
    }

    #[test]
    fn quick_conflict_check_agrees_with_the_unit_tables() {
        // A tiny linear congruential generator: sparse random grids, about
        // half of which have a clash somewhere.
        let mut state = 12345u64;
        let mut next = |m: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % m
        };
        for size in Size::ALL {
            for variant in [Variant::Standard, Variant::Diagonal] {
                let shape = Shape::of(size, variant);
                for _ in 0..300 {
                    let mut grid = Grid::empty(shape);
                    for _ in 0..=next(shape.side() as u64) {
                        let s = next(shape.square_count() as u64) as usize;
                        grid.set(s, 1 + next(shape.side() as u64) as u8);
                    }
                    let by_tables = shape.units().iter().any(|unit| {
                        let mut digits: Vec<u8> = unit
                            .iter()
                            .map(|&s| grid.get(s))
                            .filter(|&d| d != 0)
                            .collect();
                        let before = digits.len();
                        digits.sort_unstable();
                        digits.dedup();
                        digits.len() != before
                    });
                    assert_eq!(grid.has_clash(), by_tables, "{size:?} {variant:?} {grid:?}");
                    assert_eq!(check_givens(&grid).is_err(), by_tables);
                }
            }
        }
    }

    #[test]
    fn plain_nine_takes_digits_and_dots_only() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert!(is_plain_nine(line));
        assert!(is_plain_nine(&"0".repeat(81)));
        // The bytes on either side of the digits, and a short line.
        for odd in ["/", ":", " ", "x"] {
            let text = format!("{odd}{}", &line[1..]);
            assert!(!is_plain_nine(&text), "{odd:?}");
        }
        assert!(!is_plain_nine(&line[1..]));
    }

    #[test]
    fn conflict_check_sees_each_kind_of_unit() {
        // A 17-clue puzzle: no clash. Then one more given that repeats a
        // digit in a row only, in a column only, in a box only, or nowhere.
        let base =
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
        let grid = |square: usize, digit: u8| {
            let cells = base.bytes().map(|b| b - b'0').collect();
            let mut g = Grid::from_cells(Shape::standard(), cells).expect("81 cells");
            g.set(square, digit);
            g
        };
        let cases = [
            (0, 0, false), // the puzzle itself
            (0, 1, true),  // A1: row A has 1 at A8
            (36, 4, true), // E1: column 1 has 4 at B1
            (2, 2, true),  // A3: box 1 has 2 at C2
            (2, 9, false), // A3: no 9 in row A, column 3 or box 1
        ];
        for (square, digit, clash) in cases {
            let g = grid(square, digit);
            assert_eq!(g.has_clash(), clash, "{square} = {digit}");
        }
    }

    #[test]
    fn symbol_out_of_range_names_the_square() {
        let text = format!("12{}", ".".repeat(13)) + "7";
        assert_eq!(
            parse_grid(&text, opts()),
            Err(ParseError::SymbolOutOfRange {
                square: "D4".into(),
                symbol: '7',
                side: 4
            })
        );
    }

    #[test]
    fn letters_are_ignored_in_9x9_and_symbols_in_16x16() {
        let noisy = format!("grid two: {GRID2_LINE} (hard)");
        assert_eq!(parse_grid(&noisy, opts()).unwrap().to_line(), GRID2_LINE);
        let hex = format!("G{}", ".".repeat(255));
        let grid = parse_grid(&hex, opts()).unwrap();
        assert_eq!(grid.size(), Size::Sixteen);
        assert_eq!(grid.get(0), 16);
        let bad = format!("H{}", ".".repeat(255));
        assert!(matches!(
            parse_grid(&bad, opts()),
            Err(ParseError::SymbolOutOfRange { symbol: 'H', .. })
        ));
    }

    #[test]
    fn json_board_is_checked_like_check_sizes() {
        let row = "[0,0,0,0,0,0,0,0,0]";
        let board = format!("[{}]", [row; 9].join(","));
        assert_eq!(parse_grid(&board, opts()).unwrap().given_count(), 0);
        let short = format!("[{}]", [row; 8].join(","));
        assert!(parse_grid(&short, opts()).is_err());
        let bad_value = board.replacen("[0,", "[10,", 1);
        assert_eq!(
            parse_grid(&bad_value, opts()),
            Err(ParseError::Board(
                "square A1: 10 is not an integer from 0 to 9".into()
            ))
        );
        let ragged = board.replacen("[0,", "[", 1);
        assert_eq!(
            parse_grid(&ragged, opts()),
            Err(ParseError::Board("row 1 has 8 entries, expected 9".into()))
        );
        let list = format!("[{board},{board}]");
        assert_eq!(read_puzzles(&list, opts()).len(), 2);
    }

    /// Regression: `--size 4` on an 81-square puzzle complained that
    /// '8' is not a digit, instead of saying how many squares it found.
    #[test]
    fn size_four_on_an_81_square_puzzle_says_found_81_squares() {
        let four = ParseOptions {
            size: Some(Size::Four),
            ..opts()
        };
        assert_eq!(
            parse_grid(GRID2_LINE, four).map_err(|e| e.to_string()),
            Err("found 81 squares, expected 16".to_string())
        );
        let read = read_puzzles(GRID2_LINE, four);
        assert_eq!(
            read[0].result.clone().map_err(|e| e.to_string()),
            Err("found 81 squares, expected 16".to_string())
        );
    }

    #[test]
    fn size_option_settles_ambiguity() {
        // 16 digits read as a 4x4 puzzle by default...
        let text = "1234341221434321";
        assert_eq!(parse_grid(text, opts()).unwrap().size(), Size::Four);
        // ...and as a wrong-size 9x9 puzzle when the size is given.
        let nine = ParseOptions {
            size: Some(Size::Nine),
            ..opts()
        };
        assert!(parse_grid(text, nine).is_err());
    }
}
