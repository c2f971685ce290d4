//! Template set and template delete as HoDoKu finds them. A template is
//! one way to place a digit nine times, once in every row, column and box
//! (46,656 of them). For each digit, the templates that keep its placed
//! squares and use only its candidates are kept; then, until nothing
//! changes, a digit's templates that cross a square every template of
//! another digit uses are dropped. A square every kept template of a
//! digit uses gets the digit (template set); a candidate no kept template
//! uses goes (template delete). Digits in order.

use crate::logic::hodoku::board::Board;
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;
use std::sync::OnceLock;

/// Every template, as a mask of squares: a column for each row, every
/// column once, and within each band of three rows each box once.
fn templates() -> &'static [u128] {
    static ALL: OnceLock<Vec<u128>> = OnceLock::new();
    ALL.get_or_init(|| {
        fn go(row: usize, cols: u16, boxes: u16, mask: u128, out: &mut Vec<u128>) {
            if row == 9 {
                out.push(mask);
                return;
            }
            // A new band starts with its three boxes free.
            let boxes = if row.is_multiple_of(3) { 0 } else { boxes };
            for c in 0..9 {
                if cols & 1 << c != 0 || boxes & 1 << (c / 3) != 0 {
                    continue;
                }
                go(
                    row + 1,
                    cols | 1 << c,
                    boxes | 1 << (c / 3),
                    mask | 1 << (row * 9 + c),
                    out,
                );
            }
        }
        let mut out = Vec::with_capacity(46_656);
        go(0, 0, 0, 0, &mut out);
        out
    })
}

/// For each digit, the squares all its kept templates use (`set`) and the
/// squares some kept template uses (`any`).
fn kept(board: &Board) -> [(u128, u128); 10] {
    let mut lists: Vec<Vec<u128>> = vec![Vec::new(); 10];
    for d in 1..=9u8 {
        let (mut placed, mut allowed) = (0u128, 0u128);
        for s in 0..81 {
            if board.value(s) == d {
                placed |= 1 << s;
            }
            if board.value(s) == d || board.has(s, d) {
                allowed |= 1 << s;
            }
        }
        lists[usize::from(d)] = templates()
            .iter()
            .copied()
            .filter(|&t| t & placed == placed && t & !allowed == 0)
            .collect();
    }
    let all = (1u128 << 81) - 1;
    let summary = |list: &[u128]| list.iter().fold((all, 0u128), |(s, a), &t| (s & t, a | t));
    let mut out = [(all, 0u128); 10];
    for d in 1..=9 {
        out[d] = summary(&lists[d]);
    }
    loop {
        let mut removed = false;
        for d in 1..=9 {
            out[d] = (all, 0);
            let before = lists[d].len();
            let others: Vec<u128> = (1..=9).filter(|&k| k != d).map(|k| out[k].0).collect();
            lists[d].retain(|&t| others.iter().all(|&o| t & o == 0));
            removed |= lists[d].len() != before;
            out[d] = summary(&lists[d]);
        }
        if !removed {
            return out;
        }
    }
}

/// The squares no template of `d` uses, the templates taken for `d` alone
/// (those that keep its placed squares and use only its candidates, not
/// checked against the other digits' as [`all_deletes`] does): what
/// HoDoKu's template check of the larger fish sees.
pub fn unused_alone(board: &Board, d: u8) -> u128 {
    let (mut placed, mut allowed) = (0u128, 0u128);
    for s in 0..81 {
        if board.value(s) == d {
            placed |= 1 << s;
        }
        if board.value(s) == d || board.has(s, d) {
            allowed |= 1 << s;
        }
    }
    let used = templates()
        .iter()
        .filter(|&&t| t & placed == placed && t & !allowed == 0)
        .fold(0u128, |m, &t| m | t);
    !used & ((1u128 << 81) - 1)
}

/// Every template set step (one per digit), digits in order.
pub fn all_sets(board: &Board) -> Vec<Move> {
    let kept = kept(board);
    let mut out = Vec::new();
    for d in 1..=9u8 {
        let cells: Vec<usize> = (0..81)
            .filter(|&s| kept[usize::from(d)].0 & 1 << s != 0 && board.value(s) != d)
            .collect();
        if !cells.is_empty() {
            let mut m = Move::new(Kind::TemplateSet);
            m.digits.push(d);
            m.places = cells.iter().map(|&s| (s, d)).collect();
            m.cells = cells;
            out.push(m);
        }
    }
    out
}

/// Every template delete step (one per digit), digits in order.
pub fn all_deletes(board: &Board) -> Vec<Move> {
    let kept = kept(board);
    let mut out = Vec::new();
    for d in 1..=9u8 {
        let deletes: Vec<(usize, u8)> = (0..81)
            .filter(|&s| board.has(s, d) && kept[usize::from(d)].1 & 1 << s == 0)
            .map(|s| (s, d))
            .collect();
        if !deletes.is_empty() {
            let mut m = Move::new(Kind::TemplateDelete);
            m.digits.push(d);
            m.deletes = deletes;
            out.push(m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_46656_templates_each_a_placement() {
        let all = templates();
        assert_eq!(all.len(), 46_656);
        for &t in all.iter().step_by(997) {
            assert_eq!(t.count_ones(), 9);
            for u in 0..27 {
                let in_unit = crate::logic::hodoku::board::UNITS[u]
                    .iter()
                    .filter(|&&s| t & 1 << s != 0)
                    .count();
                assert_eq!(in_unit, 1, "unit {u}");
            }
        }
    }
}
