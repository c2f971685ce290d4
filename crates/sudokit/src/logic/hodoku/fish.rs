//! Basic fish (X-wing to leviathan), finned or sashimi or not, as HoDoKu
//! finds them: digits in order; for each, rows as the base before
//! columns; base units combined in order; a fish when its base units'
//! places lie in as many cover units and the cover units hold the digit
//! elsewhere; a finned fish when a few places (the fins) lie outside, and
//! then only the cover's places that see every fin go.

use crate::logic::hodoku::board::{count, peers_mask, squares_of, units_of, Board, UNIT_MASKS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::subsets::{combinations_until, tight_subsets};
use crate::logic::hodoku::table::Kind;

/// The basic fish step type of `size` (2 to 7).
pub fn basic_kind(size: usize) -> Kind {
    match size {
        2 => Kind::XWing,
        3 => Kind::Swordfish,
        4 => Kind::Jellyfish,
        5 => Kind::Squirmbag,
        6 => Kind::Whale,
        _ => Kind::Leviathan,
    }
}

/// Every basic fish of `size`, in HoDoKu's order; with `first`, stops at
/// the first.
pub fn basic(board: &Board, size: usize, first: bool) -> Vec<Move> {
    basic_of(board, size, first, 0x1ff)
}

/// [`basic`] for the digits of `wanted` only (a mask, bit 0 for 1): a
/// fish of one digit lies in that digit's squares alone, so a digit
/// whose squares are as they were when it had none is left out.
pub fn basic_of(board: &Board, size: usize, first: bool, wanted: u16) -> Vec<Move> {
    let mut out = Vec::new();
    for d in (1..=9u8).filter(|&d| wanted & 1 << (d - 1) != 0) {
        for base_first in [0usize, 9] {
            // The base units that may take part, and where in each the
            // digit is (a row's places are columns, a column's rows).
            let (mut bases, mut places) = ([0usize; 9], [0u16; 9]);
            let mut len = 0;
            for u in base_first..base_first + 9 {
                if (1..=size as u8).contains(&board.free(u, d)) {
                    bases[len] = u;
                    places[len] = board.places(u, d);
                    len += 1;
                }
            }
            // A fish's places lie in as many cover units as it has base
            // units: the base units whose places together lie in `size`.
            let stopped = tight_subsets(&places[..len], size, &mut |picked, covered| {
                let mut base = [0usize; 9];
                for (b, &i) in base.iter_mut().zip(picked) {
                    *b = bases[i];
                }
                match fish_of(board, d, &base[..size], covered, 9 - base_first) {
                    Some(m) => {
                        out.push(m);
                        first
                    }
                    None => false,
                }
            });
            if stopped {
                return out;
            }
        }
    }
    out
}

/// The fish of `d` on the base units `base`, whose places lie in the
/// cover units `covered` (a mask of the nine from `cover_first`), when
/// those hold `d` elsewhere.
fn fish_of(board: &Board, d: u8, base: &[usize], covered: u16, cover_first: usize) -> Option<Move> {
    let held = board.squares_with(d);
    let body = held & base.iter().fold(0, |m, &u| m | UNIT_MASKS[u]);
    let cover: Vec<usize> = (0..9)
        .filter(|i| covered & 1 << i != 0)
        .map(|i| cover_first + i)
        .collect();
    let gone = held & !body & cover.iter().fold(0, |m, &u| m | UNIT_MASKS[u]);
    if gone == 0 {
        return None;
    }
    let mut m = Move::new(basic_kind(base.len()));
    m.digits.push(d);
    m.cells = squares_of(body).collect();
    m.deletes = squares_of(gone).map(|s| (s, d)).collect();
    m.base = base.to_vec();
    m.cover = cover;
    Some(m)
}

/// The finned (or, with `sashimi`, sashimi) basic fish step type of
/// `size` (2 to 7).
pub fn finned_kind(size: usize, sashimi: bool) -> Kind {
    use Kind::*;
    let kinds = match sashimi {
        false => [
            FinnedXWing,
            FinnedSwordfish,
            FinnedJellyfish,
            FinnedSquirmbag,
            FinnedWhale,
            FinnedLeviathan,
        ],
        true => [
            SashimiXWing,
            SashimiSwordfish,
            SashimiJellyfish,
            SashimiSquirmbag,
            SashimiWhale,
            SashimiLeviathan,
        ],
    };
    kinds[size.clamp(2, 7) - 2]
}

/// The most fins a finned fish may have (HoDoKu's default).
const MAX_FINS: usize = 5;

/// Every finned and sashimi basic fish of `size`, in HoDoKu's order:
/// digits in order, rows as the base before columns, base units combined
/// in order, and for each base the cover units that hold its places
/// combined in order; the base's places outside the cover are the fins,
/// and the fish removes the digit from the cover where every fin sees it.
/// `only` keeps one kind (finned or sashimi); with `first`, the search
/// stops at the first it keeps.
pub fn finned(board: &Board, size: usize, only: Option<Kind>, first: bool) -> Vec<Move> {
    finned_of(board, size, only, first, 0x1ff)
}

/// [`finned`] for the digits of `wanted` only (see [`basic_of`]).
pub fn finned_of(
    board: &Board,
    size: usize,
    only: Option<Kind>,
    first: bool,
    wanted: u16,
) -> Vec<Move> {
    let mut out = Vec::new();
    for d in (1..=9u8).filter(|&d| wanted & 1 << (d - 1) != 0) {
        let held = board.squares_with(d);
        let stopped = each_finned(board, size, d, &mut |base, cover_first| {
            finned_on(board, held, held, d, base, cover_first, &mut |m| {
                if only.is_none_or(|k| k == m.kind) {
                    out.push(m);
                    return first;
                }
                false
            })
        });
        if stopped {
            return out;
        }
    }
    out
}

/// The first finned and the first sashimi basic fish of `size` of digit
/// `d` alone, in [`finned`]'s order, found in one search (the two step
/// types go through the same sets of base and cover units). `targets`
/// holds the candidates of `d` a fish may remove: all, or those a
/// template check of the digit alone removes (a fish removes only what
/// no template of its digit uses), so that a set of base units that
/// could reach none of them is passed over.
pub fn first_finned_and_sashimi(
    board: &Board,
    size: usize,
    d: u8,
    targets: u128,
) -> [Option<Move>; 2] {
    let mut out: [Option<Move>; 2] = [None, None];
    let held = board.squares_with(d);
    let sashimi = finned_kind(size, true);
    each_finned(board, size, d, &mut |base, cover_first| {
        finned_on(board, held, targets, d, base, cover_first, &mut |m| {
            let slot = &mut out[usize::from(m.kind == sashimi)];
            if slot.is_none() {
                *slot = Some(m);
            }
            out[0].is_some() && out[1].is_some()
        })
    });
    out
}

/// Hands `search` each set of `size` base units of digit `d` in which it
/// is still open, rows first then columns, with where its cover units
/// start (9: columns for row bases, 0: rows for column bases), until it
/// returns true (then returns true).
fn each_finned(
    board: &Board,
    size: usize,
    d: u8,
    search: &mut dyn FnMut(&[usize], usize) -> bool,
) -> bool {
    for base_first in [0usize, 9] {
        let (mut bases, mut len) = ([0usize; 9], 0);
        for u in base_first..base_first + 9 {
            if board.free(u, d) > 0 {
                bases[len] = u;
                len += 1;
            }
        }
        let stopped = combinations_until(size, len, &mut |picked| {
            let mut base = [0usize; 9];
            for (b, &i) in base.iter_mut().zip(picked) {
                *b = bases[i];
            }
            search(&base[..size], 9 - base_first)
        });
        if stopped {
            return true;
        }
    }
    false
}

/// Hands `found` the finned fish of `d` (whose squares are `held`, of
/// which a fish may remove those of `targets`) on the base units `base`,
/// one for each set of cover units (from `cover_first`: 0 rows, 9
/// columns) that leaves at most [`MAX_FINS`] fins and removes something,
/// until it returns true (then returns true).
fn finned_on(
    board: &Board,
    held: u128,
    targets: u128,
    d: u8,
    base: &[usize],
    cover_first: usize,
    found: &mut dyn FnMut(Move) -> bool,
) -> bool {
    let size = base.len();
    // A square a finned fish removes lies outside the base units, in a
    // cover unit, so it sees a fin (in a base unit, outside the cover)
    // only through their box: the fins lie in one box, and the cover
    // holds every unit meeting the body outside it (cover units do not
    // overlap). So some box must hold all of the body's squares in at
    // least `len - size` of the `len` cover units that meet the body (and
    // picking all of them leaves no fin). Checked before the body is
    // gathered, on the cover units (as bits, by their place among the
    // nine) that each third of the base units meets: a cover unit meets
    // the body only in the box of its third and a third of base units
    // when no other third of base units meets it.
    let mut thirds = [0u16; 3];
    for &u in base {
        thirds[u % 9 / 3] |= board.places(u, d);
    }
    let all = thirds[0] | thirds[1] | thirds[2];
    let len = count(all) as usize;
    // A box meets three cover units: more than three of them left out of
    // the cover make too many for one box.
    if len <= size || len > size + 3 {
        return false;
    }
    let fits = (0..3).any(|k| {
        let alone = thirds[k] & !(thirds[(k + 1) % 3] | thirds[(k + 2) % 3]);
        (0..3).any(|t| count(alone >> (3 * t) & 7) as usize + size >= len)
    });
    if !fits {
        return false;
    }
    let base_mask = base.iter().fold(0, |m, &u| m | UNIT_MASKS[u]);
    let body = held & base_mask;
    // So a square the fish may remove lies outside the base units, in a
    // cover unit and a box that both meet the body.
    let reached = squares_of(targets & !base_mask).any(|x| {
        let [_, _, b] = units_of(x);
        let cover = units_of(x)[usize::from(cover_first == 9)];
        UNIT_MASKS[b] & body != 0 && UNIT_MASKS[cover] & body != 0
    });
    if !reached {
        return false;
    }
    // The cover units that meet the body, in order, and the body's
    // squares in each.
    let (mut covers, mut meets, mut len) = ([0usize; 9], [0u128; 9], 0);
    for (u, &unit) in UNIT_MASKS.iter().enumerate().skip(cover_first).take(9) {
        let meet = body & unit;
        if meet != 0 {
            covers[len] = u;
            meets[len] = meet;
            len += 1;
        }
    }
    // No set of cover units covers more of the body than the `size` that
    // meet it most: when even they leave too many fins, none is a fish.
    let mut counts = [0u32; 9];
    for (c, m) in counts.iter_mut().zip(&meets[..len]) {
        *c = m.count_ones();
    }
    counts[..len].sort_unstable_by(|a, b| b.cmp(a));
    let most: u32 = counts[..size].iter().sum();
    if body.count_ones() - most > MAX_FINS as u32 {
        return false;
    }
    combinations_until(size, len, &mut |picked| {
        let fins = body & !picked.iter().fold(0, |m, &i| m | meets[i]);
        if fins == 0 {
            return false;
        }
        // Fins in more than one box leave nothing to remove (see above):
        // a cheaper test than their count, which most sets fail too.
        let fins_box = units_of(fins.trailing_zeros() as usize)[2];
        if fins & !UNIT_MASKS[fins_box] != 0 || fins.count_ones() as usize > MAX_FINS {
            return false;
        }
        let covered = picked.iter().fold(0, |m, &i| m | UNIT_MASKS[covers[i]]);
        // The cover's other places that every fin sees.
        let gone = squares_of(fins).fold(held & covered & !body, |m, f| m & peers_mask(f));
        if gone == 0 {
            return false;
        }
        // Sashimi: a base unit with at most one place outside the fins.
        let sashimi = base
            .iter()
            .any(|&u| (held & UNIT_MASKS[u] & !fins).count_ones() <= 1);
        let mut m = Move::new(finned_kind(size, sashimi));
        m.digits.push(d);
        m.cells = squares_of(body & !fins).collect();
        m.deletes = squares_of(gone).map(|s| (s, d)).collect();
        m.base = base.to_vec();
        m.cover = picked.iter().map(|&i| covers[i]).collect();
        m.fins = squares_of(fins).collect();
        found(m)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_grid, ParseOptions};

    #[test]
    fn one_search_finds_the_first_finned_and_the_first_sashimi_fish_of_a_digit() {
        // Positions with finned and sashimi fish of several sizes.
        let puzzles = [
            ".5.....8.......7...4..57.314.3..2..89.....4....58......2...4..7..8739..2...2..3..",
            "1.2..49...4..9....9..7.1.....45....6.3.........8.621....1..9...4..1..5...6....8..",
            "5....271..1...4...8.......................6.4.6..21.854......78...476...9...5...2",
        ];
        let mut found = 0;
        for p in puzzles {
            let board = Board::from_puzzle(&parse_grid(p, ParseOptions::default()).unwrap());
            for size in 2..=4 {
                for d in 1..=9u8 {
                    let each = [false, true].map(|sashimi| {
                        let kind = finned_kind(size, sashimi);
                        finned_of(&board, size, Some(kind), true, 1 << (d - 1)).pop()
                    });
                    found += each.iter().flatten().count();
                    assert_eq!(
                        first_finned_and_sashimi(&board, size, d, board.squares_with(d)),
                        each,
                        "{p} {size} {d}"
                    );
                }
            }
        }
        assert!(found > 10, "{found}");
    }

    /// Every finned fish of `d` and `size` as each base's every set of
    /// cover units gives it: (base, cover, fins, removals).
    #[allow(clippy::type_complexity)]
    fn by_every_cover_set(
        board: &Board,
        size: usize,
        d: u8,
    ) -> Vec<(Vec<usize>, Vec<usize>, Vec<usize>, Vec<usize>)> {
        let held = board.squares_with(d);
        let mut out = Vec::new();
        each_finned(board, size, d, &mut |base, cover_first| {
            let body = held & base.iter().fold(0, |m, &u| m | UNIT_MASKS[u]);
            let covers: Vec<usize> = (cover_first..cover_first + 9)
                .filter(|&u| body & UNIT_MASKS[u] != 0)
                .collect();
            combinations_until(size, covers.len(), &mut |picked| {
                let covered = picked.iter().fold(0, |m, &i| m | UNIT_MASKS[covers[i]]);
                let fins = body & !covered;
                if fins == 0 || fins.count_ones() as usize > MAX_FINS {
                    return false;
                }
                let gone = squares_of(fins).fold(held & covered & !body, |m, f| m & peers_mask(f));
                if gone != 0 {
                    out.push((
                        base.to_vec(),
                        picked.iter().map(|&i| covers[i]).collect(),
                        squares_of(fins).collect(),
                        squares_of(gone).collect(),
                    ));
                }
                false
            });
            false
        });
        out
    }

    #[test]
    fn told_what_the_templates_remove_the_finned_search_finds_the_same_first_fish() {
        // Marks around one solution (so every digit has templates), from
        // few candidates to many, and every finned fish case of HoDoKu's
        // library: told the candidates a template check of the digit
        // removes, the search passes over base units that reach none of
        // them and must find the same first finned and sashimi fish.
        use crate::logic::hodoku::test_boards;
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        let mut boards: Vec<Board> = (0..100)
            .map(|round| test_boards::random_around_a_solution(&mut rng, 10 + round % 50))
            .collect();
        boards.extend(test_boards::library_boards(&[":031", ":032"]));
        let (mut found, mut passed_over) = (0, 0);
        for (i, board) in boards.iter().enumerate() {
            for d in 1..=9u8 {
                let held = board.squares_with(d);
                let targets = crate::logic::hodoku::templates::unused_alone(board, d) & held;
                for size in 2..=4 {
                    let want = first_finned_and_sashimi(board, size, d, held);
                    let got = first_finned_and_sashimi(board, size, d, targets);
                    assert_eq!(got, want, "board {i} digit {d} size {size}");
                    found += want.iter().flatten().count();
                    passed_over += usize::from(targets != held);
                }
            }
        }
        assert!(found > 50 && passed_over > 50, "{found} {passed_over}");
    }

    #[test]
    fn passing_over_base_units_whose_fins_cannot_share_a_box_finds_every_finned_fish_in_order() {
        // Digits held by random squares, from few to many; each search's
        // fish, in order, against every set of cover units tried.
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut found = 0;
        for round in 0..40 {
            let keep = 20 + round;
            let mut board = Board::new();
            for s in 0..81 {
                for d in 1..=9u8 {
                    if rng.gen_range(0..81) >= keep {
                        board.remove(s, d);
                    }
                }
            }
            for size in 2..=4 {
                for d in 1..=9u8 {
                    let want = by_every_cover_set(&board, size, d);
                    let got: Vec<_> = finned_of(&board, size, None, false, 1 << (d - 1))
                        .into_iter()
                        .map(|m| {
                            let deletes = m.deletes.iter().map(|&(s, _)| s).collect();
                            (m.base, m.cover, m.fins, deletes)
                        })
                        .collect();
                    assert_eq!(got, want, "round {round}, size {size}, digit {d}");
                    found += got.len();
                }
            }
        }
        assert!(found > 100, "{found}");
    }
}
