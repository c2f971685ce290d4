//! HoDoKu's library format, one test case a line:
//!
//! ```text
//! :<code>:<digits>:<givens with +placed>:<deleted>:<eliminations>:<placements>:<extra>
//! ```
//!
//! `<code>` is a step type's library code (`0401`), maybe with a variant
//! (`0110-1`) or `-x` for a case where the technique must find nothing;
//! `<digits>` the digits the step is about; `<givens>` 81 squares, digits
//! or `.`, a `+` before a digit that was placed rather than given;
//! `<deleted>` the candidates removed from the grid the digits leave, and
//! `<eliminations>` and `<placements>` what the step finds, each a list of
//! `<digit><row><column>` separated by spaces (`436 257`: r3c6<>4,
//! r5c7<>2).

use crate::logic::hodoku::board::Board;
use crate::logic::state::State;
use std::fmt;

/// One line of the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The library code, without variant (`0110`).
    pub code: String,
    /// The variant number (`1` in `0110-1`), if any.
    pub variant: Option<u32>,
    /// True for a `-x` case: the technique must find nothing.
    pub fail: bool,
    /// The digits field as written (`27`).
    pub digits: String,
    /// The position: the digits placed in square order, then the deleted
    /// candidates removed in the order listed, as HoDoKu sets a case up.
    pub board: Board,
    /// The candidates the step must remove, as (square, digit).
    pub eliminations: Vec<(usize, u8)>,
    /// The digits the step must place, as (square, digit).
    pub placements: Vec<(usize, u8)>,
    /// The extra field (a chain's length), as written.
    pub extra: String,
}

impl Case {
    /// The position as a [`State`], givens and placed digits apart.
    pub fn state(&self) -> State {
        self.board.to_state()
    }
}

/// What is wrong with a library line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryError {
    /// The field (1 for the code, 2 for the digits, ...).
    pub field: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for LibraryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "field {} of the library line: {}",
            self.field, self.message
        )
    }
}

impl std::error::Error for LibraryError {}

fn wrong(field: usize, message: impl Into<String>) -> LibraryError {
    LibraryError {
        field,
        message: message.into(),
    }
}

/// Reads `<digit><row><column>` entries separated by spaces.
fn candidates(text: &str, field: usize) -> Result<Vec<(usize, u8)>, LibraryError> {
    text.split_whitespace()
        .map(|entry| {
            let b = entry.as_bytes();
            let ok = b.len() == 3 && b.iter().all(|c| (b'1'..=b'9').contains(c));
            if !ok {
                return Err(wrong(
                    field,
                    format!("'{entry}' is not <digit><row><column>"),
                ));
            }
            let (d, r, c) = (
                b[0] - b'0',
                usize::from(b[1] - b'1'),
                usize::from(b[2] - b'1'),
            );
            Ok((r * 9 + c, d))
        })
        .collect()
}

/// True when `line` looks like a library line (starts with `:`).
pub fn is_library_line(line: &str) -> bool {
    line.trim_start().starts_with(':')
}

/// Reads one library line.
pub fn parse_case(line: &str) -> Result<Case, LibraryError> {
    let line = line.trim();
    let fields: Vec<&str> = line.split(':').collect();
    if !line.starts_with(':') || fields.len() < 5 {
        return Err(wrong(
            0,
            "a library line is :<code>:<digits>:<givens>:<deleted>:...",
        ));
    }
    let (code, variant, fail) = match fields[1].split_once('-') {
        None => (fields[1], None, false),
        Some((code, "x")) => (code, None, true),
        Some((code, v)) => {
            let n = v
                .parse()
                .map_err(|_| wrong(1, format!("'{v}' is not a variant number or x")))?;
            (code, Some(n), false)
        }
    };
    if code.is_empty() || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(wrong(1, format!("'{code}' is not a library code")));
    }
    let mut board = Board::new();
    let mut square = 0;
    let mut placed = false;
    for c in fields[3].chars() {
        match c {
            '+' => placed = true,
            '.' | '0' | '1'..='9' => {
                if square >= 81 {
                    return Err(wrong(3, "more than 81 squares"));
                }
                if let Some(d) = c.to_digit(10).filter(|&d| d > 0) {
                    if !board.has(square, d as u8) && board.value(square) == 0 {
                        return Err(wrong(3, format!("{d} clashes at square {}", square + 1)));
                    }
                    board.place(square, d as u8, !placed);
                }
                placed = false;
                square += 1;
            }
            _ => return Err(wrong(3, format!("'{c}' is not a digit, '.' or '+'"))),
        }
    }
    if square != 81 {
        return Err(wrong(3, format!("{square} squares, not 81")));
    }
    for (s, d) in candidates(fields[4], 4)? {
        board.remove(s, d);
    }
    let field = |i: usize| fields.get(i).copied().unwrap_or("");
    Ok(Case {
        code: code.to_string(),
        variant,
        fail,
        digits: fields[2].to_string(),
        board,
        eliminations: candidates(field(5), 5)?,
        placements: candidates(field(6), 6)?,
        extra: field(7).to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_keeps_givens_and_placed_digits_apart() {
        let case = parse_case(
            ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:",
        )
        .unwrap();
        assert_eq!(case.code, "0003");
        assert_eq!(case.digits, "8");
        assert_eq!(case.placements, [(17, 8)]);
        assert!(case.board.is_given(0) && !case.board.is_given(4));
        let state = case.state();
        assert_eq!(state.givens().get(0), 6);
        assert_eq!(state.givens().get(4), 0);
        assert_eq!(state.value(4), 5);
    }

    #[test]
    fn variants_fail_cases_and_deletions_are_read() {
        let case = parse_case(
            ":0606-x:12:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:182::::",
        )
        .unwrap();
        assert!(case.fail);
        assert_eq!(case.digits, "12");
        let bad = parse_case(":0003:8:123:::").unwrap_err();
        assert_eq!(bad.field, 3);
        assert!(parse_case(":0003-q:8:").is_err());
    }
}
