//! The squares a digit's templates can use. A template is one way to place
//! a digit once in every row, column and box of a 9x9 grid (46,656 of
//! them); those of a digit keep its placed squares and use only its
//! candidates. A candidate no template uses can be removed, and a
//! candidate that some template uses is consistent with every argument
//! about that digit's places alone: HoDoKu's single-digit searches and
//! template steps, SE's Nishio chains and fish use this.
//!
//! The templates are not listed: each band's patterns (three squares in
//! different rows and boxes) are grouped by the columns they take, and a
//! pattern's squares are used when patterns of the other two bands take
//! the other columns.

use crate::logic::bits::bits;

/// The squares some template of a digit uses, the digit placed in
/// `placed` and a candidate in `held`. A template is, in each band of
/// three rows, a pattern of three squares in different boxes, and the
/// three bands' patterns take different columns. So each band's
/// patterns are gathered by their columns (one in each stack of three
/// columns: 27 sets), and a pattern's squares are used when some patterns
/// of the other two bands take the other columns.
pub fn used_squares(placed: u128, held: u128) -> u128 {
    let mut rows = [0u16; 9];
    for (r, cols) in rows.iter_mut().enumerate() {
        let line = |m: u128| ((m >> (r * 9)) & 0x1ff) as u16;
        *cols = match line(placed) {
            // A template keeps the placed square of its row.
            0 => line(held),
            p if p.count_ones() == 1 => p,
            _ => 0,
        };
    }
    // For each band and set of columns, the squares of the band's
    // patterns on those columns (bit `9 * i + c` for row `i` of the band
    // and column `c`).
    let mut patterns = [[0u32; 27]; 3];
    for (band, by_columns) in patterns.iter_mut().enumerate() {
        let [top, middle, bottom] = [0, 1, 2].map(|i| rows[band * 3 + i]);
        // Each column's part of the number of the set it is in.
        let part = |c: usize| COLUMN_PART[c];
        for c0 in bits(u32::from(top)) {
            let s0 = c0 / 3;
            let (set0, used0) = (part(c0), 1u32 << c0);
            for c1 in bits(u32::from(middle & !(0o7 << (3 * s0)))) {
                let s1 = c1 / 3;
                let (set1, used1) = (set0 + part(c1), used0 | 1 << (9 + c1));
                for c2 in bits(u32::from(bottom & 0o7 << (3 * (3 - s0 - s1)))) {
                    by_columns[set1 + part(c2)] |= used1 | 1 << (18 + c2);
                }
            }
        }
    }
    // Which sets of columns each band has patterns on (bit `set`), and
    // those of the second and third bands that go with some of the other
    // two bands'.
    let sets = patterns.map(|band| {
        (band.iter().enumerate()).fold(0u32, |m, (set, &p)| m | u32::from(p != 0) << set)
    });
    let (mut used, mut seconds, mut thirds) = (0u32, 0u32, 0u32);
    let mut rest = sets[0];
    while rest != 0 {
        let first = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        // Every set that goes with `first` can be the second band's or
        // the third's: without one of each, nothing goes with it.
        let others = OTHERS_OF[first];
        if sets[1] & others == 0 || sets[2] & others == 0 {
            continue;
        }
        let mut goes = false;
        for &(second, third) in &OTHER_COLUMNS[first] {
            if sets[1] >> second & sets[2] >> third & 1 != 0 {
                seconds |= 1 << second;
                thirds |= 1 << third;
                goes = true;
            }
        }
        if goes {
            used |= patterns[0][first];
        }
    }
    let gather = |band: &[u32; 27], mut chosen: u32| {
        let mut out = 0u32;
        while chosen != 0 {
            out |= band[chosen.trailing_zeros() as usize];
            chosen &= chosen - 1;
        }
        out
    };
    let (second, third) = (gather(&patterns[1], seconds), gather(&patterns[2], thirds));
    u128::from(used) | u128::from(second) << 27 | u128::from(third) << 54
}

/// The squares [`used_squares`] gave last for each digit, with what it was
/// given: a part of the caller's [`Cache`](crate::logic::cache::Cache). A
/// rater asks for a digit's squares at every step where fish or Nishio
/// chains run, the fish of each size and the chains on the same grid,
/// and a step changes the places of few digits; on the same places the
/// answer is the same, and is not worked out again.
#[derive(Clone, Debug, Default)]
pub struct UsedMemo {
    /// Per digit: the placed squares and candidates last asked about, and
    /// the squares some template uses.
    last: [Option<(u128, u128, u128)>; 10],
}

impl UsedMemo {
    /// [`used_squares`] of digit `d` placed in `placed` and a candidate in
    /// `held`, from the memo where they are as last asked.
    pub fn used_squares(&mut self, d: usize, placed: u128, held: u128) -> u128 {
        match self.last[d] {
            Some((p, h, used)) if p == placed && h == held => used,
            _ => {
                let used = used_squares(placed, held);
                self.last[d] = Some((placed, held, used));
                used
            }
        }
    }
}

/// Each column's part of the number of the set of columns it is in
/// (its place in its stack, weighted by [`STACK_WEIGHT`]).
const COLUMN_PART: [usize; 9] = [0, 1, 2, 0, 3, 6, 0, 9, 18];

/// For each set of columns, the eight sets that go with it in a template
/// (bit `set`): those of [`OTHER_COLUMNS`], each second and third alike.
const OTHERS_OF: [u32; 27] = others_of();

const fn others_of() -> [u32; 27] {
    let mut out = [0u32; 27];
    let mut set = 0;
    while set < 27 {
        let mut pick = 0;
        while pick < 8 {
            let (second, third) = OTHER_COLUMNS[set][pick];
            out[set] |= 1 << second | 1 << third;
            pick += 1;
        }
        set += 1;
    }
    out
}

/// A set of columns, one in each stack, is numbered by the columns'
/// places in their stacks (0 to 2), weighted by these.
const STACK_WEIGHT: [usize; 3] = [1, 3, 9];

/// For each set of columns (one in each stack), the eight pairs of sets
/// that with it take every column once.
const OTHER_COLUMNS: [[(usize, usize); 8]; 27] = other_columns();

const fn other_columns() -> [[(usize, usize); 8]; 27] {
    let mut out = [[(0, 0); 8]; 27];
    let mut set = 0;
    while set < 27 {
        let places = [set % 3, set / 3 % 3, set / 9];
        // The second set's place in each stack, one of the two left.
        let mut pick = 0;
        while pick < 8 {
            let (mut second, mut third) = (0, 0);
            let mut stack = 0;
            while stack < 3 {
                let p = places[stack];
                let q = (p + 1 + (pick >> stack & 1)) % 3;
                let r = 3 - p - q;
                second += q * STACK_WEIGHT[stack];
                third += r * STACK_WEIGHT[stack];
                stack += 1;
            }
            out[set][pick] = (second, third);
            pick += 1;
        }
        set += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_set_of_columns_goes_with_eight_others_that_take_every_column_once() {
        for (set, others) in OTHERS_OF.iter().enumerate() {
            assert_eq!(others.count_ones(), 8, "set {set}");
            let columns = |set: usize| {
                (0..3).fold(0u16, |m, stack| {
                    m | 1 << (3 * stack + set / STACK_WEIGHT[stack] % 3)
                })
            };
            for &(second, third) in &OTHER_COLUMNS[set] {
                assert!(others & 1 << second != 0 && others & 1 << third != 0);
                let (a, b, c) = (columns(set), columns(second), columns(third));
                assert_eq!(a | b | c, 0x1ff, "set {set}: {second} {third}");
                assert_eq!(a.count_ones() + b.count_ones() + c.count_ones(), 9);
            }
        }
    }

    #[test]
    fn the_memo_answers_as_the_squares_are_worked_out_for_each_digit() {
        let mut memo = UsedMemo::default();
        // Digit 1 placed in r1c1, with candidates outside its row, column
        // and box; then one candidate fewer; digit 2 on the first grid.
        let held = (0..81)
            .filter(|s| s / 9 != 0 && s % 9 != 0 && !(s / 9 < 3 && s % 9 < 3))
            .fold(0u128, |m, s| m | 1 << s);
        let fewer = held & !(1 << 40);
        for (d, placed, held) in [(1, 1, held), (1, 1, held), (1, 1, fewer), (2, 1, held)] {
            assert_eq!(
                memo.used_squares(d, placed, held),
                used_squares(placed, held)
            );
        }
        // An answer kept for the last grid is not given for another.
        assert_ne!(used_squares(1, held), used_squares(1, 0));
        assert_eq!(memo.used_squares(1, 1, 0), used_squares(1, 0));
    }

    #[test]
    fn a_digit_placed_in_its_first_row_leaves_the_rest_to_the_other_rows() {
        // Placed in r1c1; a candidate everywhere else but its row, column
        // and box: every template keeps r1c1, and none uses r2c2.
        let placed = 1u128;
        let mut held = 0u128;
        for s in 0..81 {
            let (r, c) = (s / 9, s % 9);
            if r != 0 && c != 0 && !(r < 3 && c < 3) {
                held |= 1 << s;
            }
        }
        let used = used_squares(placed, held);
        assert_eq!(used & placed, placed);
        assert_eq!(used & !(placed | held), 0);
        assert_eq!(
            used & held,
            held,
            "every other candidate is on some template"
        );
    }
}
