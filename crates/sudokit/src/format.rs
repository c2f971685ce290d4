//! Writing puzzles: the one-line form, Norvig's `display` of candidates, the
//! pretty board of the documents, and JSON.
//!
//! Norvig's `display` centres each square's text in a column as wide as the
//! longest one plus one, with `|` between boxes and a `------+------` rule
//! between bands. Centring follows Python's `str.center`, which puts the odd
//! space on the right unless the width itself is odd; copying that rule is
//! what makes the output match the documents character for character.
//! Trailing spaces are dropped from each line.

use crate::grid::{Candidates, Grid};
use crate::shape::Shape;

/// Centres `text` in `width` columns the way Python's `str.center` does.
fn center(text: &str, width: usize) -> String {
    let len = text.chars().count();
    if len >= width {
        return text.to_string();
    }
    let margin = width - len;
    let left = margin / 2 + (margin & width & 1);
    format!("{}{text}{}", " ".repeat(left), " ".repeat(margin - left))
}

/// Lays out one text per square as Norvig's `display` does.
fn display_texts(shape: &Shape, texts: &[String]) -> String {
    let n = shape.side();
    let (box_rows, box_cols) = shape.box_dims();
    let width = 1 + texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let rule = vec!["-".repeat(width * box_cols); n / box_cols].join("+");
    let mut out = String::new();
    for row in 0..n {
        let mut line = String::new();
        for col in 0..n {
            line.push_str(&center(&texts[row * n + col], width));
            if (col + 1) % box_cols == 0 && col + 1 < n {
                line.push('|');
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if (row + 1) % box_rows == 0 && row + 1 < n {
            out.push_str(&rule);
            out.push('\n');
        }
    }
    out
}

/// Norvig's `display` of the candidates of every square.
pub fn display(candidates: &Candidates) -> String {
    let texts: Vec<String> = candidates.sets().iter().map(|d| d.to_string()).collect();
    display_texts(candidates.shape(), &texts)
}

/// The pretty board of the documents: one symbol per square, `.` for empty.
pub fn pretty(grid: &Grid) -> String {
    let texts: Vec<String> = grid
        .cells()
        .iter()
        .map(|&d| Shape::symbol(d).to_string())
        .collect();
    display_texts(grid.shape(), &texts)
}

/// The backtracking document's board: a list of rows of integers, 0 for empty.
pub fn board_json(grid: &Grid) -> serde_json::Value {
    let n = grid.shape().side();
    grid.cells()
        .chunks(n)
        .map(|row| serde_json::Value::from(row.to_vec()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn center_matches_python() {
        // Python: '4'.center(8) == '   4    ', '1679'.center(8) == '  1679  ',
        // '7'.center(2) == '7 ', 'ab'.center(5) == '  ab '.
        assert_eq!(center("4", 8), "   4    ");
        assert_eq!(center("1679", 8), "  1679  ");
        assert_eq!(center("7", 2), "7 ");
        assert_eq!(center("ab", 5), "  ab ");
        assert_eq!(center("abc", 6), " abc  ");
    }

    #[test]
    fn json_board_reads_back() {
        use crate::parse::{parse_grid, ParseOptions};
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = parse_grid(line, ParseOptions::default()).unwrap();
        let json = board_json(&grid).to_string();
        assert!(json.starts_with("[[4,0,0,0,0,0,8,0,5],[0,3,0,"));
        assert_eq!(parse_grid(&json, ParseOptions::default()).unwrap(), grid);
    }
}
