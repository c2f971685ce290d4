//! Reading pencil marks: a player's state, where each square holds the
//! digits still possible there rather than one digit or nothing.
//!
//! Two forms:
//!
//! - **The line form** (tdoku, Sukaku, Sudoku Explainer's Sukaku fork): 729
//!   characters on 9x9, `n * n * n` on an n x n grid. Position
//!   `square * n + digit - 1` holds the digit's symbol when it is possible in
//!   that square, `.` or `0` when it is not. So the first nine characters are
//!   A1's marks: `1....67.9` means 1, 6, 7 or 9. Whitespace is ignored.
//! - **The candidate grid**, as `sudokit candidates` (Norvig's `display`)
//!   prints it: one whitespace-separated field of digits per square, row by
//!   row; the `|`, `-` and `+` of the box rules are ignored.
//!
//! A square with exactly one candidate counts as filled, as it does in
//! Norvig's `values`: [`Marks::values`] holds those digits and
//! [`Marks::candidates`] every square's set. A square with no candidate is an
//! error (it says which square), not a puzzle with no solution: no player
//! writes it, and reading it as one would hide a typing slip.

use super::{parse_grid_unchecked, ParseError, ParseOptions};
use crate::grid::{Candidates, Digits, Grid};
use crate::shape::{Shape, Size};

/// A player's pencil marks: the candidates of every square, and the squares
/// they settle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marks {
    /// The digits placed: each square that has exactly one candidate.
    pub values: Grid,
    /// Every square's candidates (a placed square holds its digit alone).
    pub candidates: Candidates,
}

impl Marks {
    /// The marks of `candidates`; squares down to one candidate are placed.
    pub fn new(candidates: Candidates) -> Marks {
        Marks {
            values: candidates.to_grid(),
            candidates,
        }
    }

    /// Every square's candidates, in square order.
    pub fn sets(&self) -> &[Digits] {
        self.candidates.sets()
    }
}

/// A player's state: the digits placed so far, or pencil marks, as text
/// gives them ([`parse_state`]); or both, as a game keeps them.
/// [`crate::logic::hint::player_state`] checks any of them against the
/// puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerState {
    /// Placed digits, in any form a puzzle may take.
    Digits(Grid),
    /// Pencil marks, in either form.
    Marks(Marks),
    /// Placed digits and, beside them, the pencil marks the player wrote (as
    /// the web page keeps them; [`parse_state`] gives this form only for a
    /// line of HoDoKu's library format).
    /// Marks count only in empty squares, and a square with one mark is not
    /// placed.
    Written {
        /// The digits placed (0: empty; givens may be left out).
        values: Grid,
        /// Each square's marks, in square order; an empty set means none
        /// written there, so the square counts every digit its peers allow
        /// (digits above the grid's side count for nothing).
        marks: Vec<Digits>,
    },
}

/// Reads a player's state: a line of HoDoKu's library format as the digits
/// it places and the candidates it leaves ([`PlayerState::Written`]);
/// pencil marks when the text holds `side` cubed
/// mark characters and nothing else (the line form, whitespace allowed; a
/// single word longer than any grid is read, and refused, as marks too) or
/// one field of digits per square with none of them empty (the candidate
/// grid); placed digits otherwise, in any form [`super::parse_grid`] reads
/// (where `.` and `0` are empty squares). A grid of single digits reads the
/// same either way. Digits that clash are read as they are: a player's
/// mistake is for a hint to point out, not a reason to refuse the state.
pub fn parse_state(text: &str, options: ParseOptions) -> Result<PlayerState, ParseError> {
    if super::is_library_line(text) {
        let read = super::parse_library_line(text, options)?;
        return Ok(PlayerState::Written {
            values: read.values,
            marks: read.candidates.sets().to_vec(),
        });
    }
    let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let cube = match options.size {
        Some(size) => symbols.len() == size.side().pow(3),
        None => size_of_cube(symbols.len()).is_some(),
    };
    let fields: Vec<&str> = fields(text).collect();
    // One word longer than the largest grid can only be meant as marks:
    // say what is wrong with them rather than count it as squares.
    let too_long = fields.len() == 1 && symbols.len() > 625;
    if (cube || too_long) && symbols.iter().all(|&c| is_mark_symbol(c)) {
        return parse_marks_line(text, options).map(PlayerState::Marks);
    }
    let squares = match options.size {
        Some(size) => fields.len() == size.side() * size.side(),
        None => Size::from_square_count(fields.len()).is_some(),
    };
    let has_empty = fields
        .iter()
        .any(|f| f.chars().all(|c| c == '.' || c == '0'));
    if squares && fields.len() > 1 && !has_empty {
        return parse_candidate_grid(text, options).map(PlayerState::Marks);
    }
    parse_grid_unchecked(text, options).map(PlayerState::Digits)
}

/// The characters the line form counts: digits, letters (above 9x9) and `.`.
fn is_mark_symbol(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '.'
}

/// The size whose line form has `count` characters (`side` cubed).
fn size_of_cube(count: usize) -> Option<Size> {
    Size::ALL.into_iter().find(|s| s.side().pow(3) == count)
}

/// The size of a line of pencil marks, if `line` is one: after trimming,
/// nothing but `side` cubed mark characters (729 on 9x9). No supported
/// size's square count is another's cube, so such a line is never a puzzle.
pub fn marks_line_size(line: &str, options: ParseOptions) -> Option<Size> {
    let line = line.trim();
    if !line.chars().all(is_mark_symbol) {
        return None;
    }
    let count = line.len();
    match options.size {
        Some(size) => (size.side().pow(3) == count).then_some(size),
        None => size_of_cube(count),
    }
}

/// Reads pencil marks in either form: the candidate grid when the text has
/// as many whitespace-separated fields as some grid has squares, else the
/// line form. (A grid of full squares with no rules, `123456789 123456789
/// ...`, reads the same either way.)
pub fn parse_marks(text: &str, options: ParseOptions) -> Result<Marks, ParseError> {
    let fields = fields(text).count();
    let is_grid = match options.size {
        Some(size) => fields == size.side() * size.side(),
        None => Size::from_square_count(fields).is_some(),
    };
    if is_grid && fields > 1 {
        parse_candidate_grid(text, options)
    } else {
        parse_marks_line(text, options)
    }
}

/// Reads the line form: `side` cubed characters (whitespace ignored), the
/// digit or `.`/`0` at position `square * side + digit - 1`.
///
/// ```
/// use sudokit::parse::{parse_marks_line, ParseOptions};
/// let mut line = "1....67.9".to_string(); // A1: 1, 6, 7 or 9
/// line.push_str(&"123456789".repeat(80));
/// let marks = parse_marks_line(&line, ParseOptions::default()).unwrap();
/// assert_eq!(marks.sets()[0].to_string(), "1679");
/// assert_eq!(marks.values.given_count(), 0);
/// ```
pub fn parse_marks_line(text: &str, options: ParseOptions) -> Result<Marks, ParseError> {
    let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let size = match options.size {
        Some(size) => size,
        None => size_of_cube(symbols.len()).ok_or_else(|| ParseError::WrongMarkCount {
            found: symbols.len(),
            expected: "64, 216, 729, 4096 or 15625".to_string(),
        })?,
    };
    let n = size.side();
    if symbols.len() != n.pow(3) {
        return Err(ParseError::WrongMarkCount {
            found: symbols.len(),
            expected: n.pow(3).to_string(),
        });
    }
    let shape = Shape::of(size, options.variant);
    let mut candidates = Candidates::full(shape);
    for (s, square) in symbols.chunks(n).enumerate() {
        let mut digits = Digits::EMPTY;
        for (i, &c) in square.iter().enumerate() {
            let digit = (i + 1) as u8;
            match Shape::digit(c, n) {
                Some(0) => {}
                Some(d) if d == digit => digits.insert(d),
                _ => {
                    return Err(ParseError::MisplacedMark {
                        square: shape.name(s).to_string(),
                        symbol: c,
                        digit: Shape::symbol(digit),
                        position: s * n + i + 1,
                    })
                }
            }
        }
        candidates.set(s, settled(shape, s, digits)?);
    }
    Ok(Marks::new(candidates))
}

/// Reads a candidate grid as `sudokit candidates` prints it: one field of
/// digits per square, row by row, separated by whitespace; `|`, `-` and `+`
/// are ignored, and so are digits written twice in one field.
pub fn parse_candidate_grid(text: &str, options: ParseOptions) -> Result<Marks, ParseError> {
    let fields: Vec<&str> = fields(text).collect();
    let size = match options.size {
        Some(size) => size,
        None => {
            Size::from_square_count(fields.len()).ok_or_else(|| ParseError::WrongSquareCount {
                found: fields.len(),
                expected: "16, 36, 81, 256 or 625".to_string(),
            })?
        }
    };
    let shape = Shape::of(size, options.variant);
    if fields.len() != shape.square_count() {
        return Err(ParseError::WrongSquareCount {
            found: fields.len(),
            expected: shape.square_count().to_string(),
        });
    }
    let n = size.side();
    let mut candidates = Candidates::full(shape);
    for (s, field) in fields.iter().enumerate() {
        let mut digits = Digits::EMPTY;
        for c in field.chars() {
            match Shape::digit(c, n).filter(|&d| usize::from(d) <= n) {
                Some(0) => {}
                Some(d) => digits.insert(d),
                None => {
                    return Err(ParseError::SymbolOutOfRange {
                        square: shape.name(s).to_string(),
                        symbol: c,
                        side: n,
                    })
                }
            }
        }
        candidates.set(s, settled(shape, s, digits)?);
    }
    Ok(Marks::new(candidates))
}

/// The fields of a candidate grid: what whitespace and the box rules'
/// `|`, `-` and `+` separate.
fn fields(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '|' | '-' | '+'))
        .filter(|f| !f.is_empty())
}

/// A square's candidates, unless there are none.
fn settled(shape: &Shape, s: usize, digits: Digits) -> Result<Digits, ParseError> {
    if digits.is_empty() {
        return Err(ParseError::NoCandidate {
            square: shape.name(s).to_string(),
        });
    }
    Ok(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::State;
    use crate::parse::parse_grid;
    use crate::shape::Variant;
    use proptest::prelude::*;

    const GRID2: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SOLVED: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    fn opts() -> ParseOptions {
        ParseOptions::default()
    }

    fn grid2_state() -> State {
        State::from_puzzle(&parse_grid(GRID2, opts()).unwrap())
    }

    #[test]
    fn the_line_form_reads_back_what_a_state_writes() {
        let state = grid2_state();
        let line = state.to_marks_line();
        let marks = parse_marks_line(&line, opts()).unwrap();
        assert_eq!(marks.values.to_line(), GRID2);
        assert_eq!(marks.sets()[1].to_string(), "1679");
        assert_eq!(marks.sets()[0], Digits::single(4));
        // `0` is `.`, and whitespace (a line per row) is ignored.
        let zeros = line.replace('.', "0");
        assert_eq!(parse_marks_line(&zeros, opts()), Ok(marks.clone()));
        let rows: Vec<&str> = (0..9).map(|r| &line[r * 81..(r + 1) * 81]).collect();
        assert_eq!(parse_marks(&rows.join("\n"), opts()), Ok(marks));
    }

    #[test]
    fn the_candidate_grid_reads_back_what_candidates_prints() {
        let state = grid2_state();
        let from_line = parse_marks_line(&state.to_marks_line(), opts()).unwrap();
        let display = crate::format::display(&from_line.candidates);
        assert!(display.contains('|') && display.contains("---"));
        assert_eq!(
            parse_candidate_grid(&display, opts()),
            Ok(from_line.clone())
        );
        assert_eq!(parse_marks(&display, opts()), Ok(from_line));
    }

    #[test]
    fn a_square_with_one_candidate_is_placed() {
        let mut line = "....5....".to_string();
        line.push_str(&"123456789".repeat(80));
        let marks = parse_marks_line(&line, opts()).unwrap();
        assert_eq!(marks.values.get(0), 5);
        assert_eq!(marks.values.given_count(), 1);
    }

    #[test]
    fn errors_name_the_square_and_what_is_wrong() {
        let full = "123456789".repeat(81);
        let mut empty_c4 = full.clone();
        let c4 = 2 * 9 + 3;
        empty_c4.replace_range(c4 * 9..c4 * 9 + 9, ".........");
        assert_eq!(
            parse_marks_line(&empty_c4, opts()).map_err(|e| e.to_string()),
            Err("square C4 has no candidate".to_string())
        );
        let mut misplaced = full.clone();
        misplaced.replace_range(9..10, "5");
        assert_eq!(
            parse_marks_line(&misplaced, opts()).map_err(|e| e.to_string()),
            Err("square A2: '5' stands where only '1' or '.' can (character 10)".to_string())
        );
        let mut letter = full.clone();
        letter.replace_range(728..729, "x");
        assert!(matches!(
            parse_marks_line(&letter, opts()),
            Err(ParseError::MisplacedMark { position: 729, .. })
        ));
        assert_eq!(
            parse_marks_line(&full[1..], opts()).map_err(|e| e.to_string()),
            Err("found 728 pencil-mark characters, expected 64, 216, 729, 4096 or 15625".into())
        );
        let nine = ParseOptions {
            size: Some(Size::Nine),
            ..opts()
        };
        assert_eq!(
            parse_marks_line(&full[..64], nine).map_err(|e| e.to_string()),
            Err("found 64 pencil-mark characters, expected 729".into())
        );
        let mut grid: Vec<&str> = vec!["19"; 81];
        grid[80] = "1x";
        assert_eq!(
            parse_candidate_grid(&grid.join(" "), opts()).map_err(|e| e.to_string()),
            Err("square I9: 'x' is not a digit of a 9x9 grid".into())
        );
        grid[80] = ".";
        assert_eq!(
            parse_candidate_grid(&grid.join(" "), opts()).map_err(|e| e.to_string()),
            Err("square I9 has no candidate".into())
        );
        assert_eq!(
            parse_candidate_grid(&grid[..80].join(" "), opts()).map_err(|e| e.to_string()),
            Err("found 80 squares, expected 16, 36, 81, 256 or 625".into())
        );
    }

    #[test]
    fn a_state_is_digits_or_marks_in_any_form() {
        let state = grid2_state();
        let line = state.to_marks_line();
        let marks = parse_marks_line(&line, opts()).unwrap();
        let display = crate::format::display(&marks.candidates);
        let pretty = crate::format::pretty(&marks.values);
        let digits = PlayerState::Digits(marks.values.clone());
        for (text, expected) in [
            (line.as_str(), PlayerState::Marks(marks.clone())),
            (display.as_str(), PlayerState::Marks(marks.clone())),
            (GRID2, digits.clone()),
            (pretty.as_str(), digits),
        ] {
            assert_eq!(parse_state(text, opts()), Ok(expected), "{text}");
        }
        assert_eq!(
            parse_state(&line[1..], opts()).map_err(|e| e.to_string()),
            Err("found 728 pencil-mark characters, expected 64, 216, 729, 4096 or 15625".into())
        );
    }

    #[test]
    fn other_sizes_have_side_cubed_characters() {
        // 4x4: 64 characters; 16x16: 4096, with letters for 10 to 16.
        let four = "1234".repeat(16);
        let marks = parse_marks_line(&four, opts()).unwrap();
        assert_eq!(marks.candidates.shape().side(), 4);
        assert_eq!(marks_line_size(&four, opts()), Some(Size::Four));
        let sixteen = "123456789ABCDEFG".repeat(256);
        let marks = parse_marks_line(&sixteen.to_lowercase(), opts()).unwrap();
        assert_eq!(marks.sets()[255], Digits::all(16));
        let diagonal = ParseOptions {
            variant: Variant::Diagonal,
            ..opts()
        };
        let marks = parse_marks_line(&four, diagonal).unwrap();
        assert_eq!(marks.candidates.shape().variant(), Variant::Diagonal);
    }

    #[test]
    fn only_a_whole_line_of_marks_is_a_marks_line() {
        let line = "123456789".repeat(81);
        assert_eq!(marks_line_size(&line, opts()), Some(Size::Nine));
        assert_eq!(
            marks_line_size(&format!("  {line} "), opts()),
            Some(Size::Nine)
        );
        assert_eq!(marks_line_size(&line[1..], opts()), None);
        assert_eq!(marks_line_size(&format!("{line}|"), opts()), None);
        assert_eq!(marks_line_size(GRID2, opts()), None);
    }

    /// A solved grid with some squares emptied, and some of the empty
    /// squares' candidates struck out (never the last one).
    fn state_strategy() -> impl Strategy<Value = State> {
        (
            proptest::collection::vec(0..100u8, 81),
            20..80u8,
            proptest::collection::vec(any::<u16>(), 81),
        )
            .prop_map(|(dice, kept, strikes)| {
                let solved = parse_grid(SOLVED, opts()).unwrap();
                let mut givens = Grid::empty(Shape::standard());
                for (s, &die) in dice.iter().enumerate() {
                    if die < kept {
                        givens.set(s, solved.get(s));
                    }
                }
                let state = State::from_puzzle(&givens);
                let marks: Vec<Digits> = (0..81)
                    .map(|s| {
                        let cands = state.cands(s);
                        let struck = Digits::from_bits(u32::from(strikes[s]) << 1);
                        let left = cands.without(struck);
                        if left.is_empty() {
                            cands
                        } else {
                            left
                        }
                    })
                    .collect();
                State::from_marks(&givens, &givens, Some(&marks))
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// What `to_marks_line` writes reads back square for square, in the
        /// line form and as a candidate grid.
        #[test]
        fn marks_round_trip(state in state_strategy()) {
            let line = state.to_marks_line();
            let marks = parse_marks_line(&line, opts()).unwrap();
            for s in 0..81 {
                let expected = match state.value(s) {
                    0 => state.cands(s),
                    d => Digits::single(d),
                };
                prop_assert_eq!(marks.sets()[s], expected, "square {}", s);
                prop_assert_eq!(marks.values.get(s), expected.only().unwrap_or(0));
            }
            let display = crate::format::display(&marks.candidates);
            prop_assert_eq!(parse_marks(&display, opts()).unwrap(), marks.clone());
            // And back to a state, whose line is the one read.
            let again = State::from_marks(state.givens(), &marks.values, Some(marks.sets()));
            let singles = (0..81).any(|s| state.value(s) == 0 && state.cands(s).len() == 1);
            if !singles {
                prop_assert_eq!(again.to_marks_line(), line);
            }
        }

        /// No text makes the readers panic.
        #[test]
        fn any_text_reads_or_says_why(text in "[0-9.a-z |+\\-\n]{0,800}") {
            let _ = parse_marks(&text, opts());
            let _ = parse_marks_line(&text, opts());
            let _ = parse_candidate_grid(&text, opts());
        }
    }
}
