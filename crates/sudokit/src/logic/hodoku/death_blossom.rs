//! The death blossom as HoDoKu 2.2.0 finds it: a stem square and, for
//! each of its digits, an ALS (a petal) holding the digit in squares that
//! all see the stem. Whatever the stem is, one petal loses that digit and
//! becomes locked, so a digit every petal holds (and no petal is hung on)
//! is cleared from the squares that see all its places in the petals.
//!
//! HoDoKu lists, for every empty square, the ALS that see it on each
//! digit (each ALS in HoDoKu's order, at most 100 per digit); a square
//! whose every digit has one is a stem. It then tries the petals digit by
//! digit, smallest first, in that order, skipping an ALS that shares a
//! square with the petals so far (with its default options) or leaves
//! them no common digit. Of blossoms clearing the same candidates the
//! one with fewest squares is kept; the solver takes the first found.

use crate::logic::hodoku::als::{self, candidate_sets, seeing_all, squares_of, Als, Set};
use crate::logic::hodoku::board::{bit, digits, Board};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;
use std::collections::HashMap;

/// The most ALS HoDoKu keeps for one digit of one square.
const MAX_PETALS: usize = 100;

/// The state of the search around one stem.
struct Search<'a> {
    alses: &'a [Als],
    cand_sets: [Set; 10],
    overlap: bool,
    one_per_removals: bool,
    first_only: bool,
    stem: usize,
    petals: [Vec<usize>; 10],
    top: u8,
    chosen: [Option<usize>; 10],
    used: Set,
    common: u16,
    found: Vec<Move>,
    by_removals: HashMap<Vec<(usize, u8)>, usize>,
    done: bool,
}

impl Search<'_> {
    /// Tries the petals for digit `d` and on.
    fn grow(&mut self, d: u8) {
        if d > self.top || self.done {
            return;
        }
        let k = usize::from(d);
        if self.petals[k].is_empty() {
            self.chosen[k] = None;
            self.grow(d + 1);
            return;
        }
        for n in 0..self.petals[k].len() {
            let i = self.petals[k][n];
            let petal = &self.alses[i];
            if !self.overlap && petal.cells & self.used != 0 {
                continue;
            }
            if self.common & petal.cands == 0 {
                continue;
            }
            self.chosen[k] = Some(i);
            let (common, cells) = (self.common, petal.cells);
            self.common &= petal.cands;
            self.used |= cells;
            if d < self.top {
                self.grow(d + 1);
            } else {
                self.check();
            }
            self.common = common;
            // HoDoKu takes the petal's squares off the squares used, even
            // where an overlapping petal holds them too.
            self.used &= !cells;
            if self.done {
                return;
            }
        }
    }

    /// The petals chosen: what they clear.
    fn check(&mut self) {
        let mut deletes = Vec::new();
        for z in digits(self.common) {
            if self.chosen[usize::from(z)].is_some() {
                continue;
            }
            let places: Set = self
                .chosen
                .iter()
                .flatten()
                .fold(0, |acc, &i| acc | self.alses[i].with[usize::from(z)]);
            let hit = seeing_all(places)
                & !self.used
                & !(1 << self.stem)
                & self.cand_sets[usize::from(z)];
            deletes.extend(squares_of(hit).map(|s| (s, z)));
        }
        if deletes.is_empty() {
            return;
        }
        let mut m = Move::new(Kind::DeathBlossom);
        m.cells = vec![self.stem];
        for (d, chosen) in self.chosen.iter().enumerate() {
            if let Some(&i) = chosen.as_ref() {
                m.digits.push(d as u8);
                m.groups.push(self.alses[i].group());
            }
        }
        if self.one_per_removals {
            // HoDoKu sorts the removals when it compares them.
            deletes.sort_by_key(|&(s, d)| (d, s));
            deletes.dedup();
        }
        m.deletes = deletes;
        if !self.one_per_removals {
            self.found.push(m);
            self.done = self.first_only;
            return;
        }
        let size = |m: &Move| m.groups.iter().map(|(c, _)| c.len()).sum::<usize>();
        match self.by_removals.get(&m.deletes) {
            Some(&k) => {
                if size(&self.found[k]) > size(&m) {
                    self.found[k] = m;
                }
            }
            None => {
                self.by_removals.insert(m.deletes.clone(), self.found.len());
                self.found.push(m);
                self.done = self.first_only;
            }
        }
    }
}

/// Every death blossom of the position in HoDoKu's order of finding (the
/// first only when `first_only`); `overlap` lets petals share squares;
/// `one_per_removals` keeps one blossom per set of removals (HoDoKu's
/// solver and find-all; its regression tester keeps all).
pub fn all_death_blossoms(
    board: &Board,
    first_only: bool,
    overlap: bool,
    one_per_removals: bool,
) -> Vec<Move> {
    let alses = als::collect(board);
    let cand_sets = candidate_sets(board);
    // For every square, the ALS seeing it on each digit.
    let mut seen: Vec<[Vec<usize>; 10]> = vec![Default::default(); 81];
    let mut mask = [0u16; 81];
    for (i, a) in alses.iter().enumerate() {
        for d in digits(a.cands) {
            for s in squares_of(a.seen_by[usize::from(d)]) {
                let list = &mut seen[s][usize::from(d)];
                if list.len() < MAX_PETALS {
                    list.push(i);
                    mask[s] |= bit(d);
                }
            }
        }
    }
    let mut search = Search {
        alses: &alses,
        cand_sets,
        overlap,
        one_per_removals,
        first_only,
        stem: 0,
        petals: Default::default(),
        top: 0,
        chosen: [None; 10],
        used: 0,
        common: 0x1ff,
        found: Vec::new(),
        by_removals: HashMap::new(),
        done: false,
    };
    for stem in 0..81 {
        if board.value(stem) != 0 || mask[stem] == 0 || board.cands(stem) != mask[stem] {
            continue;
        }
        search.stem = stem;
        search.petals = std::mem::take(&mut seen[stem]);
        search.top = (1..=9u8)
            .filter(|&d| !search.petals[usize::from(d)].is_empty())
            .max()
            .unwrap_or(0);
        search.chosen = [None; 10];
        search.used = 0;
        search.common = 0x1ff;
        search.grow(1);
        if search.done {
            break;
        }
    }
    search.found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::library::parse_case;
    use crate::logic::hodoku::search::{first, run_case};

    /// A case of HoDoKu's regression library: a blossom on r2c1 clears 4
    /// from r1c4.
    const CASE: &str = ":0904-1:4:.....2.3..579..6.+24..6...1.9...6...+151...+9.26+7...8..+94.7..+93..8..5.+2617+9.9.5....+3:813 114 715 517 717 833 735 536 537 737 444 353 355 171 273 478 293:414::";

    #[test]
    fn a_death_blossom_hangs_one_set_on_each_digit_of_its_stem() {
        let case = parse_case(CASE).unwrap();
        assert!(run_case(&case).unwrap().passed);
        let m = first(Kind::DeathBlossom, &mut case.board.clone())
            .unwrap()
            .unwrap();
        assert_eq!(
            m.line(),
            "Death Blossom: [r2c1],  -1- r1c1237 {14689},  -3- r8c14 {348},  \
             -8- r123c5,r2c6 {13458} => r1c4<>4"
        );
        assert_eq!(m.eliminations(), vec![(3, 4)]);
    }
}
