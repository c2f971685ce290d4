//! HoDoKu's notation: squares `r3c8`, groups of squares `r3c89` (one row,
//! several columns) or `r27c1` (one column, several rows), units `r3`,
//! `c8`, `b1`, and what a step removes, `r2c467<>5, r3c9<>6`.

use crate::logic::hodoku::board::units_of;

/// Square `s` as `r3c8`.
pub fn square(s: usize) -> String {
    format!("r{}c{}", s / 9 + 1, s % 9 + 1)
}

/// A unit (HoDoKu's numbering: rows 0-8, columns 9-17, boxes 18-26) as
/// `r3`, `c8` or `b1`.
pub fn unit(u: usize) -> String {
    format!("{}{}", unit_letter(u), u % 9 + 1)
}

fn unit_letter(u: usize) -> char {
    match u / 9 {
        0 => 'r',
        1 => 'c',
        _ => 'b',
    }
}

/// Units as HoDoKu lists a fish's base or cover: each letter once for a
/// run of units of its kind, `r35` or `r14b5`.
pub fn units(list: &[usize]) -> String {
    let mut out = String::new();
    let mut last = None;
    for &u in list {
        let letter = unit_letter(u);
        if last != Some(letter) {
            out.push(letter);
            last = Some(letter);
        }
        out.push_str(&(u % 9 + 1).to_string());
    }
    out
}

/// Squares as HoDoKu groups them: from the smallest square left, the later
/// squares of its row join it (`r3c89`); failing that, the later squares
/// of its column do (`r27c1`); then the next group starts at the smallest
/// square left. Duplicates count once.
pub fn squares(list: &[usize]) -> String {
    let mut left: Vec<usize> = list.to_vec();
    left.sort_unstable();
    left.dedup();
    let mut groups = Vec::new();
    while !left.is_empty() {
        let head = left.remove(0);
        let (row, col) = (head / 9, head % 9);
        let (mut rows, mut cols) = (vec![row], vec![col]);
        left.retain(|&s| {
            if s / 9 == row && rows.len() == 1 {
                cols.push(s % 9);
                false
            } else if s % 9 == col && cols.len() == 1 {
                rows.push(s / 9);
                false
            } else {
                true
            }
        });
        let digits = |v: &[usize]| v.iter().map(|i| (i + 1).to_string()).collect::<String>();
        groups.push(format!("r{}c{}", digits(&rows), digits(&cols)));
    }
    groups.join(",")
}

/// What a step removes, as HoDoKu writes it after its `=>`: one group per
/// digit, in the order the digits first appear in `deletes`.
pub fn removals(deletes: &[(usize, u8)]) -> String {
    let mut digits: Vec<u8> = Vec::new();
    for &(_, d) in deletes {
        if !digits.contains(&d) {
            digits.push(d);
        }
    }
    digits
        .iter()
        .map(|&d| {
            let cells: Vec<usize> = deletes
                .iter()
                .filter(|&&(_, e)| e == d)
                .map(|&(s, _)| s)
                .collect();
            format!("{}<>{d}", squares(&cells))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The units (HoDoKu's numbers) that every square of `cells` shares: row,
/// column and box, in that order.
pub fn shared_units(cells: &[usize]) -> Vec<usize> {
    let first = units_of(cells[0]);
    (0..3)
        .filter(|&k| cells.iter().all(|&s| units_of(s)[k] == first[k]))
        .map(|k| first[k])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    #[test]
    fn squares_group_by_row_then_by_column() {
        assert_eq!(squares(&[at(2, 4), at(2, 6), at(2, 7)]), "r2c467");
        assert_eq!(squares(&[at(2, 1), at(7, 1), at(8, 3)]), "r27c1,r8c3");
        assert_eq!(
            squares(&[at(1, 3), at(2, 1), at(2, 3), at(4, 1)]),
            "r12c3,r24c1"
        );
        assert_eq!(squares(&[at(1, 1), at(1, 2), at(2, 1)]), "r1c12,r2c1");
        assert_eq!(squares(&[at(5, 5), at(5, 5)]), "r5c5");
    }

    #[test]
    fn removals_keep_the_order_digits_first_appear_in() {
        let deletes = [(at(5, 1), 5), (at(5, 1), 8), (at(6, 1), 2), (at(6, 1), 5)];
        assert_eq!(removals(&deletes), "r56c1<>5, r5c1<>8, r6c1<>2");
    }

    #[test]
    fn units_write_each_letter_once_per_run() {
        assert_eq!(units(&[2, 4]), "r35");
        assert_eq!(units(&[12, 16]), "c48");
        assert_eq!(units(&[0, 3, 22]), "r14b5");
        assert_eq!(unit(18), "b1");
    }
}
