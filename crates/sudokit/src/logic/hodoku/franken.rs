//! Franken and mutant fish, finned or not, as HoDoKu finds them. A
//! Franken fish takes boxes into its base beside rows (then, the other
//! way, columns) and into its cover beside columns (rows); a mutant fish
//! takes any units on either side. Base units that overlap leave endo
//! fins (at most two); a square in two cover units is cannibalistic and
//! goes too. Digits in order; base units combined in the order rows (or
//! columns) then boxes, each set of base units tried against the cover
//! units that meet it, combined in order.
//!
//! The larger ones (basic from whale, Franken from squirmbag, mutant from
//! jellyfish) HoDoKu searches with a template check first: a digit none
//! of whose candidates a template check removes is not searched, and a
//! set of base units with endo fins is tried against cover units only
//! where some square that holds neither the digit nor a template of it
//! sees every endo fin (as HoDoKu checks it).
//!
//! The search prunes what cannot make a fish: a set of base units whose
//! endo fins no candidate of the digit sees, and a partial set of cover
//! units whose best completion leaves too many fins or whose fins no
//! candidate in reach sees. Where the candidates a template check of the
//! digit alone removes are known, only those count: a fish removes a
//! candidate no template of its digit uses (each base unit holds the
//! digit once in a template, so its cover units are full), so a branch
//! reaching none of them would find nothing.

use crate::logic::hodoku::board::{peers_mask, Board, UNITS};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::table::Kind;
use crate::logic::hodoku::templates;

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
    /// The candidates a fish of the search may remove: the squares
    /// holding the digit, or those no template of the digit alone uses
    /// where they are known.
    targets: u128,
    /// For the searches HoDoKu checks with templates: the squares that
    /// neither hold the digit nor are used by any template of it (a set
    /// of base units with endo fins needs one that sees them all).
    endo_check: Option<u128>,
    /// Keeps Franken fish only (a search for one Franken step type):
    /// base and cover each take a line, and one of them a box. Lines come
    /// before boxes on both sides, so a first base or cover unit that is
    /// a box makes no Franken fish, and nor does a base of lines whose
    /// last cover unit is a line.
    franken_only: bool,
}

impl Search {
    /// The search for digit `d` of `board`; None when HoDoKu's template
    /// check leaves the digit out.
    fn new(
        board: &Board,
        d: u8,
        size: usize,
        family: Family,
        finned: Option<bool>,
    ) -> Option<Search> {
        let masks = masks(board, d);
        let cells = masks[..9].iter().fold(0, |m, &c| m | c);
        let endo_check = match checked_by_templates(family, size) {
            true => {
                let unused = templates::unused_alone(board, d);
                if unused & cells == 0 {
                    return None;
                }
                Some(unused & !cells)
            }
            false => None,
        };
        Some(Search {
            masks,
            d,
            size,
            family,
            plain: finned != Some(true),
            finned: finned != Some(false),
            targets: cells,
            endo_check,
            franken_only: false,
        })
    }
}

/// True for the fish HoDoKu searches with its template check: basic from
/// whale, Franken from squirmbag, mutant from jellyfish.
fn checked_by_templates(family: Family, size: usize) -> bool {
    match family {
        Family::Basic => size > 5,
        Family::Franken => size > 4,
        Family::Mutant => size > 3,
    }
}

/// The squares that see every square of `mask` (all squares for none).
fn seeing_all(mut mask: u128) -> u128 {
    let mut out = (1u128 << 81) - 1;
    while mask != 0 {
        out &= peers_mask(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
    out
}

/// True for a box (HoDoKu's units 18 to 26).
fn is_box(u: usize) -> bool {
    u >= 18
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
pub fn kind_of(base: &[usize], cover: &[usize], finned: bool, sashimi: bool) -> Kind {
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
/// (Told by the step type itself: the path asks for every step type it
/// tries, and reading its name cost more than the search where nothing
/// changed.)
fn search_of(kind: Kind) -> Option<(usize, bool, bool)> {
    use Kind::*;
    let (mutant, finned) = match kind {
        FrankenXWing | FrankenSwordfish | FrankenJellyfish | FrankenSquirmbag | FrankenWhale
        | FrankenLeviathan => (false, false),
        FinnedFrankenXWing
        | FinnedFrankenSwordfish
        | FinnedFrankenJellyfish
        | FinnedFrankenSquirmbag
        | FinnedFrankenWhale
        | FinnedFrankenLeviathan => (false, true),
        MutantXWing | MutantSwordfish | MutantJellyfish | MutantSquirmbag | MutantWhale
        | MutantLeviathan => (true, false),
        FinnedMutantXWing
        | FinnedMutantSwordfish
        | FinnedMutantJellyfish
        | FinnedMutantSquirmbag
        | FinnedMutantWhale
        | FinnedMutantLeviathan => (true, true),
        _ => return None,
    };
    Some((kind.fish_size()?, mutant, finned))
}

/// True for the Franken and mutant step types with a finder.
pub fn covers(kind: Kind) -> bool {
    search_of(kind).is_some()
}

/// Every fish of `kind` (a Franken or mutant step type), in HoDoKu's
/// order; with `first`, only the first.
pub fn all_of(board: &Board, kind: Kind, first: bool) -> Vec<Move> {
    all_of_digits(board, kind, first, 0x1ff, None)
}

/// [`all_of`] for the digits of `wanted` only (a mask, bit 0 for 1): a
/// fish lies in its digit's squares alone, so a digit whose squares are
/// as they were when it had none can be left out. With `removed` (for
/// each digit, from index 1, the candidates a template check of the digit
/// alone removes), only fish that can reach those are looked for: the
/// others remove nothing.
pub fn all_of_digits(
    board: &Board,
    kind: Kind,
    first: bool,
    wanted: u16,
    removed: Option<&[u128; 10]>,
) -> Vec<Move> {
    of_kind(board, kind, first, wanted, true, removed)
}

/// [`all_of_digits`]; with `pruned`, a Franken step type's search passes
/// over the units that cannot make a fish of its family.
fn of_kind(
    board: &Board,
    kind: Kind,
    first: bool,
    wanted: u16,
    pruned: bool,
    removed: Option<&[u128; 10]>,
) -> Vec<Move> {
    let Some((size, mutant, finned)) = search_of(kind) else {
        return Vec::new();
    };
    let family = if mutant {
        Family::Mutant
    } else {
        Family::Franken
    };
    let mut out = Vec::new();
    for d in (1..=9u8).filter(|&d| wanted & 1 << (d - 1) != 0) {
        let Some(mut s) = Search::new(board, d, size, family, Some(finned)) else {
            continue;
        };
        // Only fish of `kind` are kept: the other combinations need not
        // be tried.
        s.franken_only = pruned && !mutant;
        if let Some(removed) = removed {
            s.targets &= removed[usize::from(d)];
            if s.targets == 0 {
                continue;
            }
        }
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
        if s.franken_only && picked.is_empty() && is_box(bases[i]) {
            break;
        }
        let cells = s.masks[bases[i]];
        let overlap = body & cells;
        if overlap != 0 && (!s.finned || (endo | overlap).count_ones() > MAX_ENDO_FINS) {
            continue;
        }
        let (body, endo) = (body | cells, endo | overlap);
        // Endo fins only grow with more base units: when no candidate of
        // the digit it may remove sees them all, nothing here can remove
        // anything.
        if endo != 0 && seeing_all(endo) & s.targets == 0 {
            continue;
        }
        picked.push(bases[i]);
        // HoDoKu's template check of the endo fins.
        let checked = match s.endo_check {
            Some(unused) if endo != 0 => seeing_all(endo) & unused != 0,
            _ => true,
        };
        if picked.len() == s.size && checked && pick_cover(s, picked, covers, body, endo, found) {
            return true;
        }
        if picked.len() < s.size && pick_base(s, bases, covers, i + 1, body, endo, picked, found) {
            return true;
        }
        picked.pop();
    }
    false
}

/// The most units a fish search takes on one side.
const MOST_UNITS: usize = 27;

/// The most candidates a fish may remove that the walk over cover units
/// looks at one by one; with more, it does not.
const MOST_WANTS: usize = 12;

/// One base and the cover units that meet it, for the walk over covers.
struct Covering<'a> {
    s: &'a Search,
    base: &'a [usize],
    meeting: [usize; MOST_UNITS],
    /// The squares of `meeting[i]` holding the digit.
    meeting_cells: [u128; MOST_UNITS],
    len: usize,
    /// The squares of `meeting[i..]`, for each `i`: what is left to cover
    /// with.
    reach: [u128; MOST_UNITS + 1],
    body: u128,
    endo: u128,
    /// For each candidate the fish may remove that sees every endo fin
    /// (at most [`MOST_WANTS`]), the squares the cover units must take
    /// for the fish to remove it: the candidate itself and the base
    /// squares it does not see (else they are fins it does not see).
    wants: [u128; MOST_WANTS],
    /// How many of `wants` there are; None when the candidates were too
    /// many to look at one by one.
    n_wants: Option<usize>,
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
    let mut c = Covering {
        s,
        base,
        meeting: [0; MOST_UNITS],
        meeting_cells: [0; MOST_UNITS],
        len: 0,
        reach: [0; MOST_UNITS + 1],
        body,
        endo,
        wants: [0; MOST_WANTS],
        n_wants: Some(0),
    };
    let mut targets = s.targets;
    while targets != 0 {
        let t = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        let seen = peers_mask(t);
        if endo & !seen != 0 {
            continue;
        }
        match c.n_wants {
            Some(n) if n < MOST_WANTS => {
                c.wants[n] = (body | 1 << t) & !seen;
                c.n_wants = Some(n + 1);
            }
            _ => {
                c.n_wants = None;
                break;
            }
        }
    }
    if c.n_wants == Some(0) {
        // No candidate the fish may remove sees every endo fin.
        return false;
    }
    for &u in covers {
        if !base.contains(&u) && s.masks[u] & body != 0 {
            c.meeting[c.len] = u;
            c.meeting_cells[c.len] = s.masks[u];
            c.len += 1;
        }
    }
    for i in (0..c.len).rev() {
        c.reach[i] = c.reach[i + 1] | c.meeting_cells[i];
    }
    let mut picked = [0usize; MOST_UNITS];
    promising(&c, 0, base.len(), 0) && walk(&c, 0, 0, 0, &mut picked, 0, found)
}

/// Combines the cover units from `from` on, in order, after the `depth`
/// already in `picked`. A branch whose fins can no longer be few enough
/// is skipped: it would find nothing.
fn walk(
    c: &Covering,
    from: usize,
    cover_cells: u128,
    cannibal: u128,
    picked: &mut [usize; MOST_UNITS],
    depth: usize,
    found: &mut dyn FnMut(Move) -> bool,
) -> bool {
    let need = c.base.len() - depth;
    let last = depth + 1 == c.base.len();
    // For the last pick: what each candidate the fish may remove still
    // wants covered (a fish is made only where one unit takes all of it).
    let mut open_wants = [0u128; MOST_WANTS];
    let n_wants = match c.n_wants {
        Some(n) if last => {
            for (o, &w) in open_wants.iter_mut().zip(&c.wants[..n]) {
                *o = w & !cover_cells;
            }
            n
        }
        _ => 0,
    };
    for i in from..c.len {
        if c.len - i < need {
            break;
        }
        if c.s.franken_only {
            let unit = c.meeting[i];
            if depth == 0 && is_box(unit) {
                break;
            }
            // A base of lines needs a box among the cover units, and the
            // last one picked is a box when any is.
            if last && !is_box(unit) && !c.base.iter().any(|&u| is_box(u)) {
                continue;
            }
        }
        let cells = c.meeting_cells[i];
        if n_wants > 0 && open_wants[..n_wants].iter().all(|&w| w & !cells != 0) {
            // No candidate it could remove: all of them see a fin.
            continue;
        }
        let (cover_cells, cannibal) = (cover_cells | cells, cannibal | (cover_cells & cells));
        picked[depth] = c.meeting[i];
        if last {
            let cover = &picked[..depth + 1];
            if let Some(m) = evaluate(c.s, c.base, cover, cover_cells, cannibal, c.body, c.endo) {
                if found(m) {
                    return true;
                }
            }
        } else if (checked_last(c, need - 1) || promising(c, i + 1, need - 1, cover_cells))
            && walk(c, i + 1, cover_cells, cannibal, picked, depth + 1, found)
        {
            return true;
        }
    }
    false
}

/// True when the walk for the last cover unit can go on without asking
/// [`promising`]: one unit is left to choose, and the candidates the fish
/// may remove are looked at one by one there, which passes over the
/// units [`promising`] would, and more, for less than it costs.
fn checked_last(c: &Covering, need: usize) -> bool {
    need == 1 && c.n_wants.is_some()
}

/// True when choosing `need` more cover units from `c.meeting[from..]`
/// after `cover_cells` may still make a fish: the most base squares they
/// could cover leave few enough fins, and some candidate in reach that
/// the search may remove sees the fins no choice can avoid.
fn promising(c: &Covering, from: usize, need: usize, cover_cells: u128) -> bool {
    let open = c.body & !cover_cells & !c.endo;
    // The fins no choice avoids: endo fins and base squares no unit left
    // covers. What the fish removes sees them all. (Checked first: it
    // costs less than counting.)
    let sure = (open & !c.reach[from]) | c.endo;
    let removable = (cover_cells | c.reach[from]) & c.s.targets;
    if removable == 0 || (sure != 0 && seeing_all(sure) & removable == 0) {
        return false;
    }
    // With fins allowed, few enough open squares pass whatever the units
    // left cover.
    let endo_count = few_bits(c.endo);
    let open_count = few_bits(open);
    if c.s.finned && open_count + endo_count <= MAX_FINS {
        return true;
    }
    // How many of the units left cover each count of open squares (a
    // unit has at most nine), to add up the `need` best.
    let mut by_gain = [0u32; 10];
    for &cells in &c.meeting_cells[from..c.len] {
        by_gain[few_bits(cells & open) as usize] += 1;
    }
    let (mut best, mut left) = (0u32, need as u32);
    for gain in (1..10u32).rev() {
        let take = by_gain[gain as usize].min(left);
        best += take * gain;
        left -= take;
        if left == 0 {
            break;
        }
    }
    let least = open_count.saturating_sub(best) + endo_count;
    (c.s.plain && least == 0) || (c.s.finned && least <= MAX_FINS)
}

/// How many squares a mask of few squares holds, one at a time: the
/// masks counted while cover units are combined (a unit's open squares,
/// the endo fins, the base squares left open) mostly hold a handful, for
/// which this costs less than counting all 128 bits at once.
fn few_bits(mut mask: u128) -> u32 {
    let mut n = 0;
    while mask != 0 {
        mask &= mask - 1;
        n += 1;
    }
    n
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
    // What a fish removes is in its cover units.
    if cover_cells & s.targets == 0 {
        return None;
    }
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
        let seen = seeing_all(fins);
        (outside & seen, cannibal & seen, true)
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
        let Some(s) = Search::new(board, d, size, family, None) else {
            continue;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::library::parse_case;
    use crate::logic::hodoku::search::run_case;
    use crate::logic::hodoku::test_boards;

    /// HoDoKu's regression cases of a finned mutant squirmbag and whale:
    /// searched as its tester searches them, they remove what it lists.
    const LARGE: &[&str] = &[
        ":0363:9:.1.8.7.....81.6....4..528....7..3..82.1.7.5.33..5..2....5781.9.8..4.51..1....9.85:219 722 922 445 447 465 692:913::",
        ":0364:4:9.7..5...1..7..9..86..9.57..8...61.9316.59..72.91..65.....2..96.9...4..8...9..3.5:214 314 414 315 615 815 217 118 218 222 325 228 328 428 234 339 439 448 854 458 772 473 374 384 185 493 795:491::",
    ];

    #[test]
    fn the_larger_mutant_fish_are_found_as_hodoku_lists_them() {
        for line in LARGE {
            let case = parse_case(line).unwrap();
            let run = run_case(&case).unwrap();
            assert!(run.passed, "{line}: {:?}", run.matching);
            let m = &run.matching[0];
            assert!(m.kind.name().starts_with("Finned Mutant"), "{}", m.line());
        }
    }

    #[test]
    fn the_larger_fish_have_a_finder_in_the_path() {
        for kind in [
            Kind::FrankenSquirmbag,
            Kind::FinnedFrankenLeviathan,
            Kind::MutantJellyfish,
            Kind::FinnedMutantWhale,
        ] {
            assert!(covers(kind), "{kind:?}");
        }
        assert!(!covers(Kind::Jellyfish));
    }

    #[test]
    fn the_franken_and_mutant_step_types_are_told_by_their_kind_as_by_their_names() {
        // Every step type: a search for the Franken and mutant ones alone,
        // of their size, mutant and finned as their names say.
        let mut searched = 0;
        for &kind in Kind::ALL {
            let name = kind.name();
            let mutant = name.contains("Mutant");
            let want = match (kind.fish_size(), mutant || name.contains("Franken")) {
                (Some(size), true) => Some((size, mutant, name.starts_with("Finned"))),
                _ => None,
            };
            assert_eq!(search_of(kind), want, "{name}");
            searched += usize::from(want.is_some());
        }
        assert_eq!(searched, 24);
    }

    #[test]
    fn a_search_for_one_franken_type_finds_what_trying_every_unit_finds() {
        // The search for one Franken step type passes over the base and
        // cover units that cannot make one: on every fish case of HoDoKu's
        // library it must list the fish trying them all lists.
        let Some(lines) = test_boards::library_lines(&[":03"]) else {
            return;
        };
        let mut found = 0;
        for line in &lines {
            let Ok(case) = parse_case(line) else { continue };
            for kind in [
                Kind::FrankenXWing,
                Kind::FrankenSwordfish,
                Kind::FinnedFrankenXWing,
                Kind::FinnedFrankenSwordfish,
            ] {
                let lines = |pruned| -> Vec<String> {
                    of_kind(&case.board, kind, false, 0x1ff, pruned, None)
                        .iter()
                        .map(Move::line)
                        .collect()
                };
                let got = lines(true);
                assert_eq!(got, lines(false), "{line} {kind:?}");
                found += got.len();
            }
        }
        assert!(found > 0, "no Franken fish in the library's fish cases");
    }

    #[test]
    fn a_search_told_what_the_templates_remove_finds_every_fish_the_whole_search_finds() {
        // Marks around one solution (so every digit has templates), from
        // few candidates to many; and every fish case of HoDoKu's library.
        // Told the candidates a template check of each digit removes, the
        // search passes over what cannot reach them: it must still find
        // every fish, in the same order, of every Franken and mutant type
        // the path searches.
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut boards: Vec<Board> = (0..60)
            .map(|round| test_boards::random_around_a_solution(&mut rng, 10 + round))
            .collect();
        boards.extend(test_boards::library_boards(&[":03"]));
        let (mut found, mut pruned) = (0, 0);
        for (i, board) in boards.iter().enumerate() {
            let removed: [u128; 10] = std::array::from_fn(|d| match d {
                0 => 0,
                _ => templates::unused_alone(board, d as u8) & board.squares_with(d as u8),
            });
            pruned += removed[1..].iter().filter(|&&r| r == 0).count();
            for kind in [
                Kind::FrankenXWing,
                Kind::FrankenSwordfish,
                Kind::FinnedFrankenXWing,
                Kind::FinnedFrankenSwordfish,
                Kind::FinnedMutantXWing,
            ] {
                let want = all_of_digits(board, kind, false, 0x1ff, None);
                let got = all_of_digits(board, kind, false, 0x1ff, Some(&removed));
                assert_eq!(got, want, "board {i} {kind:?}");
                found += want.len();
            }
        }
        assert!(found > 50 && pruned > 50, "{found} {pruned}");
    }

    /// Every `k` of `0..n`, in order.
    fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        if k > n {
            return out;
        }
        let mut at: Vec<usize> = (0..k).collect();
        loop {
            out.push(at.clone());
            // The last place that can still move on, and all after it
            // right behind it.
            let Some(i) = (0..k).rev().find(|&i| at[i] < n - k + i) else {
                return out;
            };
            at[i] += 1;
            for j in i + 1..k {
                at[j] = at[j - 1] + 1;
            }
        }
    }

    /// Asserts that the walk of `s` finds, both ways, the fish
    /// [`every_fish`] finds, in the same order (`what` names the search);
    /// how many.
    fn walk_is_every_fish(s: &Search, what: &str) -> usize {
        let mut found = 0;
        for rows in [true, false] {
            let mut got = Vec::new();
            fish(s, rows, &mut |m| {
                got.push(m);
                false
            });
            let want = every_fish(s, rows);
            assert_eq!(got, want, "{what} rows {rows}");
            found += want.len();
        }
        found
    }

    /// Every fish of the search `s` one way, trying every set of base
    /// units with every set of the cover units meeting it, nothing passed
    /// over but what HoDoKu allows no fish (overlapping base units without
    /// fins, more than two endo fins).
    fn every_fish(s: &Search, rows: bool) -> Vec<Move> {
        let (bases, covers) = units(s, rows);
        let mut out = Vec::new();
        let mut memo = std::collections::HashMap::new();
        for picked in combinations(bases.len(), s.size) {
            let base: Vec<usize> = picked.iter().map(|&i| bases[i]).collect();
            let (mut body, mut endo, mut allowed) = (0u128, 0u128, true);
            for &u in &base {
                let overlap = body & s.masks[u];
                if overlap != 0 && (!s.finned || (endo | overlap).count_ones() > MAX_ENDO_FINS) {
                    allowed = false;
                }
                body |= s.masks[u];
                endo |= overlap;
            }
            if !allowed {
                continue;
            }
            let meeting: Vec<usize> = covers
                .iter()
                .copied()
                .filter(|u| !base.contains(u) && s.masks[*u] & body != 0)
                .collect();
            let all = memo
                .entry(meeting.len())
                .or_insert_with(|| combinations(meeting.len(), s.size));
            for chosen in all.iter() {
                let cover: Vec<usize> = chosen.iter().map(|&i| meeting[i]).collect();
                let (mut cells, mut cannibal) = (0u128, 0u128);
                for &u in &cover {
                    cannibal |= cells & s.masks[u];
                    cells |= s.masks[u];
                }
                out.extend(evaluate(s, &base, &cover, cells, cannibal, body, endo));
            }
        }
        out
    }

    #[test]
    fn the_pruned_franken_search_finds_every_fish_trying_every_base_and_cover_finds() {
        // The walk passes over partial covers that leave too many fins (a
        // shortcut when few squares are left open) or whose fins nothing
        // sees: on random marks and every fish case of HoDoKu's library,
        // Franken fish of two and three units, with fins and without, are
        // those trying every set of units finds, in the same order.
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(13);
        let mut boards: Vec<Board> = (0..8)
            .map(|round| test_boards::random(&mut rng, 12 + round * 4, None))
            .collect();
        boards.extend(test_boards::library_boards(&[":034"]));
        let mut found = 0;
        for (i, board) in boards.iter().enumerate() {
            for d in 1..=9u8 {
                for size in 2..=3 {
                    for finned in [false, true] {
                        let Some(s) = Search::new(board, d, size, Family::Franken, Some(finned))
                        else {
                            continue;
                        };
                        found +=
                            walk_is_every_fish(&s, &format!("board {i} digit {d} size {size}"));
                    }
                }
            }
        }
        assert!(found > 20, "{found}");
    }

    #[test]
    fn a_last_cover_unit_is_passed_over_only_where_no_candidate_the_fish_may_remove_could_go() {
        // Told what a template check of each digit removes, the walk takes
        // a last cover unit only where one of those candidates sees every
        // fin it would leave: on marks around one solution (every digit
        // has templates) and every fish case of HoDoKu's library, Franken
        // fish of two to four units and mutant fish of two, with fins and
        // without, are those trying every set of units finds, in the same
        // order.
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(21);
        let mut boards: Vec<Board> = (0..24)
            .map(|round| test_boards::random_around_a_solution(&mut rng, 12 + round * 2))
            .collect();
        boards.extend(test_boards::library_boards(&[":03"]));
        let (mut found, mut searched) = (0, 0);
        for (i, board) in boards.iter().enumerate() {
            for d in 1..=9u8 {
                let removed = templates::unused_alone(board, d) & board.squares_with(d);
                if removed == 0 || removed.count_ones() as usize > MOST_WANTS {
                    continue;
                }
                for (family, size) in [
                    (Family::Franken, 2),
                    (Family::Franken, 3),
                    (Family::Franken, 4),
                    (Family::Mutant, 2),
                ] {
                    // Trying every set of four units is slow where the
                    // digit has many squares.
                    if size == 4 && board.squares_with(d).count_ones() > 18 {
                        continue;
                    }
                    for finned in [false, true] {
                        let Some(mut s) = Search::new(board, d, size, family, Some(finned)) else {
                            continue;
                        };
                        s.targets &= removed;
                        searched += 1;
                        found +=
                            walk_is_every_fish(&s, &format!("board {i} digit {d} size {size}"));
                    }
                }
            }
        }
        assert!(found > 20 && searched > 100, "{found} {searched}");
    }

    #[test]
    fn masks_counted_one_square_at_a_time_hold_as_many_as_all_bits_counted_at_once() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(37);
        for round in 0..2000 {
            let bits = round % 82;
            let mask = (0..bits).fold(0u128, |m, _| m | 1 << rng.gen_range(0..81));
            assert_eq!(few_bits(mask), mask.count_ones(), "{mask:#x}");
        }
        assert_eq!(few_bits(0), 0);
        assert_eq!(few_bits((1 << 81) - 1), 81);
    }

    #[test]
    fn a_square_sees_every_square_of_a_set_it_shares_units_with() {
        // r1c1 and r1c9: the rest of row 1.
        let both = seeing_all(1 | 1 << 8);
        assert_eq!(
            squares(both).collect::<Vec<_>>(),
            (1..8).collect::<Vec<_>>()
        );
        assert_eq!(seeing_all(0).count_ones(), 81);
    }
}
