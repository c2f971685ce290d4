//! Franken and mutant fish, finned or not, as HoDoKu finds them. A
//! Franken fish takes boxes into its base beside rows (then, the other
//! way, columns) and into its cover beside columns (rows); a mutant fish
//! takes any units on either side. Base units that overlap leave endo
//! fins (at most two); a square in two cover units is cannibalistic and
//! goes too. Digits in order; base units combined in the order rows (or
//! columns) then boxes, each set of base units tried against the cover
//! units that meet it, combined in order.
//!
//! The larger ones (Franken from squirmbag, mutant from jellyfish), which
//! HoDoKu searches with a template check first, are not here yet: this
//! search finds HoDoKu's steps for them too, but takes up to half a
//! minute on a position.

use crate::logic::hodoku::board::{sees, Board, UNITS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;

const MAX_FINS: u32 = 5;
const MAX_ENDO_FINS: u32 = 2;

/// The units a fish search takes: rows against columns only, with boxes
/// too (Franken), or any (mutant).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Rows against columns (or columns against rows).
    Basic,
    /// Boxes beside them.
    Franken,
    /// Any unit on either side.
    Mutant,
}

/// Which fish a search keeps, and how it looks.
struct Search {
    /// The squares of each unit holding the digit.
    masks: [u128; 27],
    d: u8,
    size: usize,
    family: Family,
    /// Keeps fish without fins.
    plain: bool,
    /// Keeps fish with fins (and allows endo fins and any base unit).
    finned: bool,
}

/// The squares of each unit holding `d`.
fn masks(board: &Board, d: u8) -> [u128; 27] {
    let mut out = [0; 27];
    for (u, m) in out.iter_mut().enumerate() {
        *m = cells_of(board, u, d);
    }
    out
}

fn cells_of(board: &Board, u: usize, d: u8) -> u128 {
    UNITS[u]
        .iter()
        .filter(|&&s| board.has(usize::from(s), d))
        .fold(0, |m, &s| m | 1 << s)
}

fn squares(mask: u128) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&s| mask & 1 << s != 0)
}

/// The step type of a fish on `base` and `cover` units of `size`.
fn kind_of(base: &[usize], cover: &[usize], finned: bool, sashimi: bool) -> Kind {
    use Kind::*;
    let kinds = |m: &[usize]| m.iter().fold(0, |k, &u| k | 1 << (u / 9));
    let (b, c) = (kinds(base), kinds(cover));
    let (row, col, boxes) = (1, 2, 4);
    let size = base.len().clamp(2, 7) - 2;
    let basic = (b == row && c == col) || (b == col && c == row);
    let franken = ((b == row || b == row | boxes) && (c == col || c == col | boxes))
        || ((b == col || b == col | boxes) && (c == row || c == row | boxes));
    let table: [Kind; 6] = match (basic, franken, finned, sashimi) {
        (true, _, false, _) => [XWing, Swordfish, Jellyfish, Squirmbag, Whale, Leviathan],
        (true, _, true, true) => [
            SashimiXWing,
            SashimiSwordfish,
            SashimiJellyfish,
            SashimiSquirmbag,
            SashimiWhale,
            SashimiLeviathan,
        ],
        (true, _, true, false) => [
            FinnedXWing,
            FinnedSwordfish,
            FinnedJellyfish,
            FinnedSquirmbag,
            FinnedWhale,
            FinnedLeviathan,
        ],
        (false, true, false, _) => [
            FrankenXWing,
            FrankenSwordfish,
            FrankenJellyfish,
            FrankenSquirmbag,
            FrankenWhale,
            FrankenLeviathan,
        ],
        (false, true, true, _) => [
            FinnedFrankenXWing,
            FinnedFrankenSwordfish,
            FinnedFrankenJellyfish,
            FinnedFrankenSquirmbag,
            FinnedFrankenWhale,
            FinnedFrankenLeviathan,
        ],
        (false, false, false, _) => [
            MutantXWing,
            MutantSwordfish,
            MutantJellyfish,
            MutantSquirmbag,
            MutantWhale,
            MutantLeviathan,
        ],
        (false, false, true, _) => [
            FinnedMutantXWing,
            FinnedMutantSwordfish,
            FinnedMutantJellyfish,
            FinnedMutantSquirmbag,
            FinnedMutantWhale,
            FinnedMutantLeviathan,
        ],
    };
    table[size]
}

/// The Franken or mutant step type `kind` as a search: size, mutant,
/// finned. `None` for the other step types and the sizes not here.
fn search_of(kind: Kind) -> Option<(usize, bool, bool)> {
    let size = kind.fish_size()?;
    let name = kind.name();
    let mutant = name.contains("Mutant");
    // The larger ones (Franken from squirmbag, mutant from jellyfish) take
    // this search too long: left out for now.
    let fits = if mutant { size <= 3 } else { size <= 4 };
    if !(mutant || name.contains("Franken")) || !fits {
        return None;
    }
    Some((size, mutant, name.starts_with("Finned")))
}

/// True for the Franken and mutant step types with a finder.
pub fn covers(kind: Kind) -> bool {
    search_of(kind).is_some()
}

/// Every fish of `kind` (a Franken or mutant step type), in HoDoKu's
/// order; with `first`, only the first.
pub fn all_of(board: &Board, kind: Kind, first: bool) -> Vec<Move> {
    let Some((size, mutant, finned)) = search_of(kind) else {
        return Vec::new();
    };
    let family = if mutant {
        Family::Mutant
    } else {
        Family::Franken
    };
    let mut out = Vec::new();
    for d in 1..=9u8 {
        let s = Search {
            masks: masks(board, d),
            d,
            size,
            family,
            plain: !finned,
            finned,
        };
        let ways: &[bool] = if mutant { &[true] } else { &[true, false] };
        for &rows in ways {
            let found = fish(&s, rows, &mut |m| {
                if m.kind == kind {
                    out.push(m);
                    return first;
                }
                false
            });
            if found {
                return out;
            }
        }
    }
    out
}

/// The base and cover units of a search, in HoDoKu's order.
fn units(s: &Search, rows: bool) -> (Vec<usize>, Vec<usize>) {
    let mut base = Vec::new();
    let mut cover = Vec::new();
    for u in 0..27 {
        let mask = s.masks[u];
        if mask == 0 {
            continue;
        }
        let small = s.finned || mask.count_ones() as usize <= s.size;
        let (is_base, is_cover) = match (u / 9, s.family) {
            (_, Family::Mutant) => (true, true),
            (0, _) => (rows, !rows),
            (1, _) => (!rows, rows),
            (_, Family::Franken) => (true, true),
            (_, Family::Basic) => (false, false),
        };
        if is_base && small {
            base.push(u);
        }
        if is_cover {
            cover.push(u);
        }
    }
    (base, cover)
}

/// Runs the search for one digit and orientation, handing each fish to
/// `found` until it returns true (then returns true).
fn fish(s: &Search, rows: bool, found: &mut dyn FnMut(Move) -> bool) -> bool {
    let (bases, covers) = units(s, rows);
    let mut picked = Vec::new();
    pick_base(s, &bases, &covers, 0, 0, 0, &mut picked, found)
}

#[allow(clippy::too_many_arguments)]
fn pick_base(
    s: &Search,
    bases: &[usize],
    covers: &[usize],
    from: usize,
    body: u128,
    endo: u128,
    picked: &mut Vec<usize>,
    found: &mut dyn FnMut(Move) -> bool,
) -> bool {
    for i in from..bases.len() {
        let cells = s.masks[bases[i]];
        let overlap = body & cells;
        if overlap != 0 && (!s.finned || (endo | overlap).count_ones() > MAX_ENDO_FINS) {
            continue;
        }
        picked.push(bases[i]);
        let (body, endo) = (body | cells, endo | overlap);
        if picked.len() == s.size && pick_cover(s, picked, covers, body, endo, found) {
            return true;
        }
        if picked.len() < s.size && pick_base(s, bases, covers, i + 1, body, endo, picked, found) {
            return true;
        }
        picked.pop();
    }
    false
}

/// One base and the cover units that meet it, for the walk over covers.
struct Covering<'a> {
    s: &'a Search,
    base: &'a [usize],
    meeting: Vec<usize>,
    /// The squares of `meeting[i..]`, for each `i`: what is left to cover
    /// with.
    reach: Vec<u128>,
    body: u128,
    endo: u128,
}

/// Tries every set of cover units for the base `base`.
fn pick_cover(
    s: &Search,
    base: &[usize],
    covers: &[usize],
    body: u128,
    endo: u128,
    found: &mut dyn FnMut(Move) -> bool,
) -> bool {
    let meeting: Vec<usize> = covers
        .iter()
        .copied()
        .filter(|u| !base.contains(u) && s.masks[*u] & body != 0)
        .collect();
    let mut reach = vec![0u128; meeting.len() + 1];
    for i in (0..meeting.len()).rev() {
        reach[i] = reach[i + 1] | s.masks[meeting[i]];
    }
    let c = Covering {
        s,
        base,
        meeting,
        reach,
        body,
        endo,
    };
    walk(&c, 0, 0, 0, &mut Vec::new(), found)
}

/// Combines the cover units from `from` on, in order. A branch whose
/// fins can no longer be few enough is skipped: it would find nothing.
fn walk(
    c: &Covering,
    from: usize,
    cover_cells: u128,
    cannibal: u128,
    picked: &mut Vec<usize>,
    found: &mut dyn FnMut(Move) -> bool,
) -> bool {
    let need = c.base.len() - picked.len();
    for i in from..c.meeting.len() {
        if c.meeting.len() - i < need {
            break;
        }
        let cells = c.s.masks[c.meeting[i]];
        let (cover_cells, cannibal) = (cover_cells | cells, cannibal | (cover_cells & cells));
        picked.push(c.meeting[i]);
        if picked.len() == c.base.len() {
            if let Some(m) = evaluate(c.s, c.base, picked, cover_cells, cannibal, c.body, c.endo) {
                if found(m) {
                    return true;
                }
            }
        } else {
            let least_fins = (c.body & !(cover_cells | c.reach[i + 1])) | c.endo;
            let plain_left = c.s.plain && least_fins == 0;
            let finned_left = c.s.finned && least_fins.count_ones() <= MAX_FINS;
            if (plain_left || finned_left) && walk(c, i + 1, cover_cells, cannibal, picked, found) {
                return true;
            }
        }
        picked.pop();
    }
    false
}

/// The fish on `base` and `cover`, if it is one and removes something.
#[allow(clippy::too_many_arguments)]
fn evaluate(
    s: &Search,
    base: &[usize],
    cover: &[usize],
    cover_cells: u128,
    cannibal: u128,
    body: u128,
    endo: u128,
) -> Option<Move> {
    let fins = (body & !cover_cells) | endo;
    let outside = cover_cells & !body;
    let (deletes, cannibal, finned) = if fins == 0 {
        if !s.plain {
            return None;
        }
        (outside, cannibal, false)
    } else {
        if !s.finned || fins.count_ones() > MAX_FINS {
            return None;
        }
        let seeing = |t: usize| squares(fins).all(|f| sees(t, f));
        let keep = |mask: u128| {
            squares(mask)
                .filter(|&t| seeing(t))
                .fold(0u128, |m, t| m | 1 << t)
        };
        (keep(outside), keep(cannibal), true)
    };
    if deletes == 0 && cannibal == 0 {
        return None;
    }
    let mut base_sorted = base.to_vec();
    base_sorted.sort_unstable();
    let mut cover_sorted = cover.to_vec();
    cover_sorted.sort_unstable();
    let sashimi = finned
        && base_sorted
            .iter()
            .any(|&u| (s.masks[u] & !fins).count_ones() <= 1);
    let mut m = Move::new(kind_of(&base_sorted, &cover_sorted, finned, sashimi));
    m.digits.push(s.d);
    m.cells = squares(body & !fins).collect();
    m.deletes = squares(deletes)
        .chain(squares(cannibal))
        .map(|t| (t, s.d))
        .collect();
    m.base = base_sorted;
    m.cover = cover_sorted;
    m.fins = squares(fins & !endo).collect();
    m.endo_fins = squares(endo).collect();
    Some(m)
}

/// Every fish of `size` of `family`, with fins and without, in the one
/// order HoDoKu's "find all steps" lists them (for each digit, both ways
/// but for mutant fish; each set of base units with every set of cover
/// units).
pub fn all_in_family(board: &Board, family: Family, size: usize) -> Vec<Move> {
    let mut out = Vec::new();
    for d in 1..=9u8 {
        let s = Search {
            masks: masks(board, d),
            d,
            size,
            family,
            plain: true,
            finned: true,
        };
        let ways: &[bool] = if family == Family::Mutant {
            &[true]
        } else {
            &[true, false]
        };
        for &rows in ways {
            fish(&s, rows, &mut |m| {
                out.push(m);
                false
            });
        }
    }
    out
}

/// HoDoKu's category of a fish step type: basic, finned basic (sashimi
/// too), Franken, finned Franken, mutant, finned mutant.
fn category(kind: Kind) -> u8 {
    let name = kind.name();
    let finned = name.starts_with("Finned") || name.starts_with("Sashimi");
    let family = if name.contains("Franken") {
        1
    } else if name.contains("Mutant") {
        2
    } else {
        0
    };
    family * 2 + u8::from(finned)
}

/// The siamese fish of `fish` (HoDoKu's option, off by default): two fish
/// of one digit, category and base that remove different candidates first
/// make one, with both covers, both fins and both removals; appended
/// after the list.
pub fn with_siamese(mut fish: Vec<Move>) -> Vec<Move> {
    let n = fish.len();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&fish[i], &fish[j]);
            if a.digits != b.digits
                || a.base != b.base
                || category(a.kind) != category(b.kind)
                || a.deletes.first() == b.deletes.first()
            {
                continue;
            }
            let mut m = a.clone();
            m.siamese = true;
            m.cover.extend(b.cover.iter().copied());
            m.fins.extend(b.fins.iter().copied());
            m.deletes.extend(b.deletes.iter().copied());
            fish.push(m);
        }
    }
    fish
}
