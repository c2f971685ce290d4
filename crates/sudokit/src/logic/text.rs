//! The pieces of English every step's sentence is made of: lists ("A, B
//! and C"), digit lists ("1, 2 and 7"), and what a step removes ("remove 1
//! from C1 and C2").
//!
//! A sentence names a digit as the grid writes it ([`Digit`]): 1 to 9, then
//! A, B, C, ... for 10, 11, 12, ... on the larger grids, the same symbols
//! as the puzzle line and the candidates, so `Hidden single in box 1: A can
//! only go in B4` on a 16x16 grid. (A step's JSON keeps its digits as
//! numbers: `{"square": "B4", "digit": 10}`.)

use crate::logic::units::{Cand, Square};
use crate::shape::Shape;
use std::fmt;

/// A digit in a sentence, written as the grid writes it: `7`, or `A` for
/// 10 on a 16x16 grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digit(pub u8);

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Shape::symbol(self.0))
    }
}

/// `["A", "B", "C"]` as `A, B and C`.
pub fn and_list<T: fmt::Display>(items: &[T]) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == items.len() { " and " } else { ", " });
        }
        out.push_str(&item.to_string());
    }
    out
}

/// Digits as `1,7` (`A,G` on a 16x16 grid).
pub fn digit_list(digits: impl IntoIterator<Item = u8>) -> String {
    digits
        .into_iter()
        .map(|d| Digit(d).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The eliminations as a clause: `remove 1 from C1 and C3, and 7 from C2`.
pub fn removal_text(eliminations: &[Cand]) -> String {
    let mut digits: Vec<u8> = eliminations.iter().map(|c| c.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    let parts: Vec<String> = digits
        .iter()
        .map(|&d| {
            let squares: Vec<Square> = eliminations
                .iter()
                .filter(|c| c.digit == d)
                .map(|c| c.square)
                .collect();
            format!("{} from {}", Digit(d), and_list(&squares))
        })
        .collect();
    let mut text = String::from("remove ");
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            text.push_str(if i + 1 == parts.len() { ", and " } else { ", " });
        }
        text.push_str(part);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removal_text_groups_by_digit() {
        let sq = |i| Square::new(i, 9);
        let e = [
            Cand {
                square: sq(18),
                digit: 1,
            },
            Cand {
                square: sq(19),
                digit: 7,
            },
            Cand {
                square: sq(20),
                digit: 1,
            },
        ];
        assert_eq!(removal_text(&e), "remove 1 from C1 and C3, and 7 from C2");
    }
}
