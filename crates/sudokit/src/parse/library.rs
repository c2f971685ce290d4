//! HoDoKu's library format, read as a position: one line
//!
//! ```text
//! :<code>:<digits>:<givens with +placed>:<deleted>:<eliminations>:<placements>:<extra>
//! ```
//!
//! whose third field is the 81 squares (digits given, `+` before a digit
//! placed since, `.` or `0` empty) and fourth the candidates deleted since
//! (`<digit><row><column>`, separated by spaces). The other fields (what a
//! step must find there) are for `sudokit::logic::hodoku::library`; a
//! reader of positions keeps the givens, the digits placed and the
//! candidates left, so the givens stay apart from the digits placed.

use crate::grid::{Candidates, Digits, Grid};
use crate::parse::{ParseError, ParseOptions};
use crate::shape::{Shape, Size};

/// A position read from a library line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryPosition {
    /// The givens alone.
    pub givens: Grid,
    /// The givens and the digits placed since.
    pub values: Grid,
    /// Each square's candidates: a filled square its digit, an empty one
    /// what its peers allow less the deleted candidates.
    pub candidates: Candidates,
}

/// True when `text` is a line of HoDoKu's library format (starts with `:`).
pub fn is_library_line(text: &str) -> bool {
    text.trim_start().starts_with(':')
}

fn wrong(field: usize, message: impl Into<String>) -> ParseError {
    ParseError::Library {
        field,
        message: message.into(),
    }
}

/// Reads a library line as a position (9x9; `options` gives the variant).
pub fn parse_library_line(
    text: &str,
    options: ParseOptions,
) -> Result<LibraryPosition, ParseError> {
    let fields: Vec<&str> = text.trim().split(':').collect();
    if fields.len() < 5 {
        return Err(wrong(
            fields.len().saturating_sub(1),
            "a library line has at least 4 fields: :<code>:<digits>:<givens>:<deleted>",
        ));
    }
    let shape: &'static Shape = Shape::of(Size::Nine, options.variant);
    let mut givens = Grid::empty(shape);
    let mut values = Grid::empty(shape);
    let mut square = 0;
    let mut plus = false;
    for c in fields[3].chars() {
        match c {
            '+' if !plus => plus = true,
            '1'..='9' | '.' | '0' => {
                if square == 81 {
                    return Err(wrong(3, "more than 81 squares"));
                }
                let d = c.to_digit(10).unwrap_or(0) as u8;
                if plus && d == 0 {
                    return Err(wrong(
                        3,
                        format!("square {}: '+' before an empty square", shape.name(square)),
                    ));
                }
                values.set(square, d);
                if !plus {
                    givens.set(square, d);
                }
                plus = false;
                square += 1;
            }
            c if c.is_whitespace() => {}
            c => {
                return Err(wrong(3, format!("'{c}' is not a digit, '+', '.' or '0'")));
            }
        }
    }
    if square != 81 || plus {
        return Err(wrong(3, format!("found {square} squares, expected 81")));
    }
    let mut candidates = Candidates::from_grid(&values);
    let geometry = shape.units();
    for s in 0..81 {
        let d = values.get(s);
        if d == 0 {
            continue;
        }
        for unit in geometry.iter().filter(|u| u.contains(&s)) {
            for &t in unit.iter().filter(|&&t| values.get(t) == 0) {
                let left = candidates.get(t).bits() & !Digits::single(d).bits();
                candidates.set(t, Digits::from_bits(left));
            }
        }
    }
    for entry in fields[4].split_whitespace() {
        let b = entry.as_bytes();
        let digit = |i: usize| {
            b.get(i)
                .filter(|c| (b'1'..=b'9').contains(c))
                .map(|c| c - b'0')
        };
        let (Some(d), Some(r), Some(c), 3) = (digit(0), digit(1), digit(2), b.len()) else {
            return Err(wrong(4, format!("'{entry}' is not <digit><row><column>")));
        };
        let s = (r as usize - 1) * 9 + c as usize - 1;
        if values.get(s) == 0 {
            let left = candidates.get(s).bits() & !Digits::single(d).bits();
            candidates.set(s, Digits::from_bits(left));
        }
    }
    Ok(LibraryPosition {
        givens,
        values,
        candidates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_stay_apart_from_placed_digits_and_deleted_candidates_go() {
        let squares = format!("+12{}", ".".repeat(79));
        let line = format!(":0000:1:{squares}:314 519::::");
        let p = parse_library_line(&line, ParseOptions::default()).unwrap();
        assert_eq!((p.givens.get(0), p.givens.get(1)), (0, 2));
        assert_eq!((p.values.get(0), p.values.get(1)), (1, 2));
        // r1c4 loses 3 (deleted) and 1, 2 (its row's digits).
        assert_eq!(p.candidates.get(3).bits() & (1 << 3 | 1 << 1 | 1 << 2), 0);
        assert!(p.candidates.get(3).contains(4));
        assert!(!p.candidates.get(8).contains(5));
        let bad = parse_library_line(":0000:1:12::", ParseOptions::default()).unwrap_err();
        assert_eq!(
            bad.to_string(),
            "HoDoKu library line, field 3: found 2 squares, expected 81"
        );
    }
}

#[cfg(test)]
mod read {
    use crate::parse::{read_puzzles, ParseOptions};

    #[test]
    fn a_library_line_in_a_file_reads_as_givens_placed_digits_and_candidates() {
        let squares = format!("+12{}", ".".repeat(79));
        let text = format!("# a comment\n:0000:1:{squares}:314::::\n");
        let entries = read_puzzles(&text, ParseOptions::default());
        assert_eq!(entries.len(), 1);
        let entry = &entries[0];
        assert_eq!(entry.line, 2);
        let givens = entry.result.as_ref().unwrap();
        assert_eq!((givens.get(0), givens.get(1)), (0, 2));
        assert_eq!(entry.placed.as_ref().unwrap().get(0), 1);
        assert!(!entry.marks.as_ref().unwrap().get(3).contains(3));
    }
}
