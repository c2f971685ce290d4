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
use crate::logic::templates::used_squares;
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

/// The templates of `d` alone, from the list of all: those that keep its
/// placed squares and use only its candidates.
fn listed_alone(board: &Board, d: u8) -> impl Iterator<Item = u128> + '_ {
    let (mut placed, mut allowed) = (0u128, 0u128);
    for s in 0..81 {
        if board.value(s) == d {
            placed |= 1 << s;
        }
        if board.value(s) == d || board.has(s, d) {
            allowed |= 1 << s;
        }
    }
    templates()
        .iter()
        .copied()
        .filter(move |&t| t & placed == placed && t & !allowed == 0)
}

/// For each digit, the squares all its kept templates use (`set`) and the
/// squares some kept template uses (`any`).
fn kept(board: &Board) -> [(u128, u128); 10] {
    let mut lists: Vec<Vec<u128>> = vec![Vec::new(); 10];
    for d in 1..=9u8 {
        lists[usize::from(d)] = listed_alone(board, d).collect();
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
    !used_squares(board.placed_with(d), board.squares_with(d)) & ((1u128 << 81) - 1)
}

/// True when some candidate of `d` lies on no template of `d` alone (see
/// [`unused_alone`]). When none does, nothing that reasons about one
/// digit's places (a fish of any kind, a turbot fish, colors) removes a
/// candidate of `d`: what it removes is on no template.
pub fn removes_alone(board: &Board, d: u8) -> bool {
    let held = board.squares_with(d);
    held & !used_squares(board.placed_with(d), held) != 0
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
    use crate::grid::Grid;
    use crate::parse::{parse_grid, ParseOptions};

    /// The squares the templates of `all` use that take every square of
    /// `placed` and no square outside `placed` and `held`, found by
    /// looking at each.
    fn used_by_listing(all: &[u128], placed: u128, held: u128) -> u128 {
        let allowed = placed | held;
        all.iter()
            .filter(|&&t| t & placed == placed && t & !allowed == 0)
            .fold(0, |m, &t| m | t)
    }

    #[test]
    fn the_squares_a_digits_templates_use_alone_are_those_the_list_of_all_finds() {
        let puzzles = [
            "1.2..49...4..9....9..7.1.....45....6.3.........8.621....1..9...4..1..5...6....8..",
            "5....271..1...4...8.......................6.4.6..21.854......78...476...9...5...2",
            "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6..",
        ];
        for p in puzzles {
            let grid: Grid = parse_grid(p, ParseOptions::default()).unwrap();
            let mut board = Board::from_puzzle(&grid);
            // Along the way, some candidates taken out as a path would.
            for step in 0..3 {
                for d in 1..=9u8 {
                    let listed = listed_alone(&board, d).fold(0u128, |m, t| m | t);
                    let all = (1u128 << 81) - 1;
                    assert_eq!(unused_alone(&board, d), !listed & all, "{p} {d}");
                    let removes = board.squares_with(d) & !listed != 0;
                    assert_eq!(removes_alone(&board, d), removes, "{p} {d}");
                }
                let s = (0..81).find(|&s| board.cands(s).count_ones() > 2).unwrap();
                let d = board.cands(s).trailing_zeros() as u8 + 1 + step;
                board.remove(s, d);
            }
        }
    }

    #[test]
    fn the_templates_gathered_by_band_use_the_squares_the_list_of_all_uses() {
        // Random candidates of a digit, dense and sparse, with none, some
        // or clashing placed squares, against the templates listed.
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let all = templates();
        let full = (1u128 << 81) - 1;
        let mut some_used = 0;
        for round in 0..3000 {
            let density = [0.3, 0.5, 0.7, 0.9][round % 4];
            let mut held = 0u128;
            for s in 0..81 {
                if rng.gen_bool(density) {
                    held |= 1 << s;
                }
            }
            let template = all[rng.gen_range(0..all.len())];
            let mut placed = 0u128;
            for s in 0..81 {
                let chance = [0.0, 0.3, 0.6][round % 3];
                if template & 1 << s != 0 && rng.gen_bool(chance) {
                    placed |= 1 << s;
                }
            }
            if round % 7 == 0 {
                placed |= 1 << rng.gen_range(0..81);
            }
            held &= !placed;
            let listed = used_by_listing(all, placed, held);
            assert_eq!(used_squares(placed, held), listed, "round {round}");
            assert_eq!(listed & !full, 0);
            some_used += usize::from(listed != 0);
        }
        assert!(some_used > 1000, "{some_used}");
    }

    #[test]
    fn bands_matched_by_their_sets_of_columns_use_the_squares_the_list_of_all_uses() {
        // Few candidates around one template (few sets of columns per
        // band, many with no partner in the other bands) to many, with a
        // square placed now and then: the squares used, matched set by set
        // through bit masks, against the templates listed.
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(43);
        let all = templates();
        let mut some_used = 0;
        for round in 0..1500 {
            let density = [0.15, 0.25, 0.35, 0.6][round % 4];
            let template = all[rng.gen_range(0..all.len())];
            // Around one template, so that some are left.
            let mut held = template;
            for s in 0..81 {
                if rng.gen_bool(density) {
                    held |= 1 << s;
                }
            }
            let placed = match round % 5 {
                0 => template & 1 << (template.trailing_zeros()),
                _ => 0,
            };
            held &= !placed;
            let listed = used_by_listing(all, placed, held);
            assert_eq!(used_squares(placed, held), listed, "round {round}");
            some_used += usize::from(listed != 0);
        }
        assert_eq!(some_used, 1500);
    }

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
