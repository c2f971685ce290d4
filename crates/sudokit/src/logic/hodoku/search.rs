//! Which step types have a finder so far, and the two ways to ask one:
//! the step HoDoKu's solver would take ([`first`]) and every step of the
//! type in the position, as HoDoKu's "find all steps" lists them ([`all`]).

use crate::logic::cache;
use crate::logic::hodoku::als::{self, ChainOptions};
use crate::logic::hodoku::board::Board;
use crate::logic::hodoku::brute_force::{self, brute_force_with, give_up};
use crate::logic::hodoku::coloring::{all_multi_colors, all_simple_colors, first_colors};
use crate::logic::hodoku::death_blossom::all_death_blossoms;
use crate::logic::hodoku::fish;
use crate::logic::hodoku::forcing;
use crate::logic::hodoku::franken;
use crate::logic::hodoku::intersections::{
    all_claiming, all_pointing, first_claiming, first_pointing,
};
use crate::logic::hodoku::kraken::{all_krakens_with, first_kraken_with};
use crate::logic::hodoku::library::Case;
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::nice_loops::{all_nice_loops_with, all_nice_loops_with_als};
use crate::logic::hodoku::patterns::{
    all_empty_rectangles, all_kites, all_skyscrapers, with_dual_kites, with_dual_rectangles,
};
use crate::logic::hodoku::remote_pair::all_remote_pairs;
use crate::logic::hodoku::singles;
use crate::logic::hodoku::subsets::{all_hidden, all_naked, first_hidden, first_naked, Keep};
use crate::logic::hodoku::sue_de_coq::all_sue_de_coq;
use crate::logic::hodoku::table::{Kind, Subtype};
use crate::logic::hodoku::tabling;
use crate::logic::hodoku::templates;
use crate::logic::hodoku::turbot::all_turbots;
use crate::logic::hodoku::uniqueness::{all_avoidable, all_rectangles, bug_plus_one, Seen};
use crate::logic::hodoku::wings::{all_w_wings, all_wings};
use crate::logic::hodoku::xchains::{all_x_chains, all_xy_chains};
use std::collections::BTreeSet;
use std::fmt;

/// A step type without a finder yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoFinder(pub Kind);

impl fmt::Display for NoFinder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} has no finder yet", self.0)
    }
}

impl std::error::Error for NoFinder {}

/// True when `kind` has a finder.
pub fn implemented(kind: Kind) -> bool {
    use Kind::*;
    franken::covers(kind)
        || matches!(
            kind,
            FullHouse
                | NakedSingle
                | HiddenSingle
                | LockedPair
                | LockedTriple
                | LockedCandidates1
                | LockedCandidates2
                | NakedPair
                | NakedTriple
                | NakedQuadruple
                | HiddenPair
                | HiddenTriple
                | HiddenQuadruple
                | XWing
                | Swordfish
                | Jellyfish
                | Squirmbag
                | Whale
                | Leviathan
                | FinnedXWing
                | FinnedSwordfish
                | FinnedJellyfish
                | FinnedSquirmbag
                | FinnedWhale
                | FinnedLeviathan
                | SashimiXWing
                | SashimiSwordfish
                | SashimiJellyfish
                | SashimiSquirmbag
                | SashimiWhale
                | SashimiLeviathan
                | BugPlus1
                | UniquenessTest1
                | UniquenessTest2
                | UniquenessTest3
                | UniquenessTest4
                | UniquenessTest5
                | UniquenessTest6
                | HiddenRectangle
                | AvoidableRectangle1
                | AvoidableRectangle2
                | SueDeCoq
                | SimpleColors
                | MultiColors
                | TemplateSet
                | TemplateDelete
                | Skyscraper
                | TwoStringKite
                | TurbotFish
                | EmptyRectangle
                | WWing
                | XyWing
                | XyzWing
                | RemotePair
                | XChain
                | XyChain
                | NiceLoop
                | GroupedNiceLoop
                | BruteForce
                | GiveUp
                | AlsXz
                | AlsXyWing
                | AlsChain
                | DeathBlossom
                | ForcingChain
                | KrakenFish
                | ForcingNet
        )
}

/// What the chain searches keep from one call to the next, in a value the
/// caller owns and passes down (as [`crate::logic::Cache`] is for Sudoku
/// Explainer's rules): the room of the implication tables and the last
/// position's tables with groups, the room of the forcing searches' sums,
/// and the last position's almost locked sets. A path keeps one from
/// position to position; a fresh one gives the same steps, only slower.
/// It also keeps the last position brute force solved.
#[derive(Default)]
pub struct Cache {
    tables: tabling::Cache,
    forcing: forcing::Cache,
    als: als::Cache,
    brute_force: brute_force::Cache,
}

impl Cache {
    /// An empty cache.
    pub fn new() -> Cache {
        Cache::default()
    }

    /// An empty cache that knows `solution` to be the one solution of
    /// `board`'s position (see [`brute_force::Cache::knowing`]), so that
    /// brute force there takes its digit without solving again.
    pub fn knowing(board: &Board, solution: [u8; 81]) -> Cache {
        Cache {
            brute_force: brute_force::Cache::knowing(board, solution),
            ..Cache::default()
        }
    }

    /// A cache with the room an earlier path left in `kept`
    /// ([`Cache::keep_room`]): the tables' entries above all, which a
    /// batch then takes once per thread instead of once per puzzle that
    /// reaches the chains.
    pub fn with_room_of(kept: &mut cache::Cache) -> Cache {
        let room = std::mem::take(kept.part::<Room>());
        Cache {
            tables: tabling::Cache::with_room(room.tables),
            ..Cache::default()
        }
    }

    /// Leaves this cache's room in `kept` for the next path
    /// ([`Cache::with_room_of`]).
    pub fn keep_room(self, kept: &mut cache::Cache) {
        kept.part::<Room>().tables = self.tables.into_room();
    }

    /// Learns that `solution` is the one solution of `board`'s position,
    /// as [`knowing`](Cache::knowing) does, keeping what the other
    /// searches kept.
    pub fn learn_solution(&mut self, board: &Board, solution: [u8; 81]) {
        self.brute_force = brute_force::Cache::knowing(board, solution);
    }
}

/// The room a path's searches took, kept between paths in the caller's
/// [`cache::Cache`].
#[derive(Default)]
struct Room {
    tables: Vec<Vec<tabling::Table>>,
}

impl fmt::Debug for Cache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cache").finish_non_exhaustive()
    }
}

/// The step of `kind` HoDoKu's solver takes in `board`. The singles take
/// their queue's entries up to the one they offer, as HoDoKu's do.
pub fn first(kind: Kind, board: &mut Board) -> Result<Option<Move>, NoFinder> {
    first_with(kind, board, &mut Cache::new())
}

/// [`first`], with what `cache` keeps from earlier searches.
pub fn first_with(
    kind: Kind,
    board: &mut Board,
    cache: &mut Cache,
) -> Result<Option<Move>, NoFinder> {
    use Kind::*;
    let found = match kind {
        FullHouse => singles::full_house(board),
        NakedSingle => singles::naked_single(board),
        HiddenSingle => singles::hidden_single(board),
        LockedPair => first_naked(board, 2, Keep::Locked),
        LockedTriple => first_naked(board, 3, Keep::Locked),
        LockedCandidates1 => first_pointing(board),
        LockedCandidates2 => first_claiming(board),
        NakedPair => first_naked(board, 2, Keep::Naked),
        NakedTriple => first_naked(board, 3, Keep::Naked),
        NakedQuadruple => first_naked(board, 4, Keep::Naked),
        HiddenPair => first_hidden(board, 2),
        HiddenTriple => first_hidden(board, 3),
        HiddenQuadruple => first_hidden(board, 4),
        BugPlus1 => bug_plus_one(board),
        _ if is_rectangle(kind) => uniqueness(kind, board, true).into_iter().next(),
        SueDeCoq => all_sue_de_coq(board, true).into_iter().next(),
        SimpleColors => first_colors(board, false),
        TemplateSet => templates::all_sets(board).into_iter().next(),
        TemplateDelete => templates::all_deletes(board).into_iter().next(),
        MultiColors => first_colors(board, true),
        Skyscraper => all_skyscrapers(board, true).into_iter().next(),
        TwoStringKite => all_kites(board, true).into_iter().next(),
        TurbotFish => all_turbots(board).into_iter().next(),
        EmptyRectangle => all_empty_rectangles(board, false, true).into_iter().next(),
        WWing => all_w_wings(board, true).into_iter().next(),
        XyWing => all_wings(board, false, true).into_iter().next(),
        XyzWing => all_wings(board, true, true).into_iter().next(),
        RemotePair => all_remote_pairs(board).into_iter().next(),
        XChain => all_x_chains(board).into_iter().next(),
        XyChain => all_xy_chains(board).into_iter().next(),
        NiceLoop => all_nice_loops_with(board, false, false, &mut cache.tables)
            .into_iter()
            .next(),
        GroupedNiceLoop => all_nice_loops_with(board, true, false, &mut cache.tables)
            .into_iter()
            .next(),
        BruteForce => brute_force_with(board, &mut cache.brute_force),
        GiveUp => Some(give_up()),
        AlsXz => als::xz_with(board, true, &mut cache.als).into_iter().next(),
        AlsXyWing => als::xy_wings_with(board, true, false, &mut cache.als)
            .into_iter()
            .next(),
        AlsChain => als::sorted(als::chains_with(
            board,
            ChainOptions::SOLVER,
            &mut cache.als,
        ))
        .into_iter()
        .next(),
        DeathBlossom => all_death_blossoms(board, true, false, true)
            .into_iter()
            .next(),
        ForcingChain => forcing::first_with(board, false, &mut cache.tables, &mut cache.forcing),
        KrakenFish => first_kraken_with(board, &mut cache.tables),
        ForcingNet => forcing::first_with(board, true, &mut cache.tables, &mut cache.forcing),
        _ => match kind.fish_size() {
            _ if franken::covers(kind) => franken::all_of(board, kind, true).into_iter().next(),
            Some(size) if kind == fish::basic_kind(size) => {
                fish::basic(board, size, true).into_iter().next()
            }
            Some(size) if implemented(kind) => fish::finned(board, size, Some(kind), true)
                .into_iter()
                .next(),
            _ => return Err(NoFinder(kind)),
        },
    };
    Ok(found)
}

/// Every step of `kind` in `board`, as HoDoKu's "find all steps" lists
/// them (with its default options: empty rectangles need three places in
/// their box, see [`all_empty_rectangles`] for the other choice).
pub fn all(kind: Kind, board: &Board) -> Result<Vec<Move>, NoFinder> {
    all_with(kind, board, &mut Cache::new())
}

/// [`all`], with what `cache` keeps from earlier searches.
pub fn all_with(kind: Kind, board: &Board, cache: &mut Cache) -> Result<Vec<Move>, NoFinder> {
    use Kind::*;
    let of_kind = |moves: Vec<Move>| moves.into_iter().filter(|m| m.kind == kind).collect();
    let found = match kind {
        FullHouse => singles::all_full_houses(board),
        NakedSingle => singles::all_naked_singles(board),
        HiddenSingle => singles::all_hidden_singles(board),
        LockedPair | NakedPair => of_kind(all_naked(board, 2, Keep::All)),
        LockedTriple | NakedTriple => of_kind(all_naked(board, 3, Keep::All)),
        NakedQuadruple => all_naked(board, 4, Keep::All),
        LockedCandidates1 => all_pointing(board),
        LockedCandidates2 => all_claiming(board),
        HiddenPair => all_hidden(board, 2),
        HiddenTriple => all_hidden(board, 3),
        HiddenQuadruple => all_hidden(board, 4),
        BugPlus1 => bug_plus_one(board).into_iter().collect(),
        _ if is_rectangle(kind) => uniqueness(kind, board, true),
        SueDeCoq => all_sue_de_coq(board, false),
        SimpleColors => all_simple_colors(board, false),
        TemplateSet => templates::all_sets(board),
        TemplateDelete => templates::all_deletes(board),
        MultiColors => all_multi_colors(board, false),
        Skyscraper => all_skyscrapers(board, false),
        TwoStringKite => all_kites(board, false),
        TurbotFish => all_turbots(board),
        EmptyRectangle => all_empty_rectangles(board, false, false),
        WWing => all_w_wings(board, false),
        XyWing => all_wings(board, false, false),
        XyzWing => all_wings(board, true, false),
        RemotePair => all_remote_pairs(board),
        XChain => all_x_chains(board),
        XyChain => all_xy_chains(board),
        NiceLoop => all_nice_loops_with(board, false, false, &mut cache.tables),
        GroupedNiceLoop => all_nice_loops_with(board, true, true, &mut cache.tables),
        BruteForce => brute_force_with(board, &mut cache.brute_force)
            .into_iter()
            .collect(),
        GiveUp => vec![give_up()],
        AlsXz => als::sorted(als::xz_with(board, false, &mut cache.als)),
        AlsXyWing => als::sorted(als::xy_wings_with(board, false, false, &mut cache.als)),
        AlsChain => als::sorted(als::chains_with(board, ChainOptions::ALL, &mut cache.als)),
        DeathBlossom => als::sorted(all_death_blossoms(board, false, false, true)),
        ForcingChain => forcing::all_with(board, false, &mut cache.tables, &mut cache.forcing),
        KrakenFish => all_krakens_with(board, &mut cache.tables),
        ForcingNet => forcing::all_with(board, true, &mut cache.tables, &mut cache.forcing),
        _ => match kind.fish_size() {
            _ if franken::covers(kind) => franken::all_of(board, kind, false),
            Some(size) if kind == fish::basic_kind(size) => fish::basic(board, size, false),
            Some(size) if implemented(kind) => fish::finned(board, size, Some(kind), false),
            _ => return Err(NoFinder(kind)),
        },
    };
    Ok(found)
}

/// What the searches of one position share. HoDoKu finds every rectangle
/// type in one search (and the avoidable rectangles in another), so the
/// steps that search found are kept for the next type searched in the
/// same position instead of being looked for again. Made anew for each
/// position.
#[derive(Default)]
pub struct Shared {
    rectangles: Option<Vec<Move>>,
    avoidable: Option<Vec<Move>>,
}

/// [`first`], with what the searches of this position share.
pub fn first_shared(
    kind: Kind,
    board: &mut Board,
    shared: &mut Shared,
) -> Result<Option<Move>, NoFinder> {
    first_shared_with(kind, board, shared, &mut Cache::new())
}

/// [`first_shared`], with what `cache` keeps from earlier searches.
pub fn first_shared_with(
    kind: Kind,
    board: &mut Board,
    shared: &mut Shared,
    cache: &mut Cache,
) -> Result<Option<Move>, NoFinder> {
    let first_of = |moves: &Vec<Move>| moves.iter().find(|m| m.kind == kind).cloned();
    Ok(match kind {
        Kind::AvoidableRectangle1 | Kind::AvoidableRectangle2 => first_of(
            shared
                .avoidable
                .get_or_insert_with(|| all_avoidable(board, &mut Seen::default())),
        ),
        _ if is_rectangle(kind) => first_of(
            shared
                .rectangles
                .get_or_insert_with(|| all_rectangles(board, true, &mut Seen::default())),
        ),
        _ => return first_with(kind, board, cache),
    })
}

/// True for the step types of unique and avoidable rectangles.
fn is_rectangle(kind: Kind) -> bool {
    use Kind::*;
    matches!(
        kind,
        UniquenessTest1
            | UniquenessTest2
            | UniquenessTest3
            | UniquenessTest4
            | UniquenessTest5
            | UniquenessTest6
            | HiddenRectangle
            | AvoidableRectangle1
            | AvoidableRectangle2
    )
}

/// The steps of the rectangle type `kind`, in HoDoKu's order. HoDoKu
/// searches every rectangle type at once and keeps what the search for
/// one type finds of the others for the next, so the first of a type is
/// the first in the order of rectangles.
fn uniqueness(kind: Kind, board: &Board, allow_missing: bool) -> Vec<Move> {
    let mut seen = Seen::default();
    let moves = match kind {
        Kind::AvoidableRectangle1 | Kind::AvoidableRectangle2 => all_avoidable(board, &mut seen),
        _ => all_rectangles(board, allow_missing, &mut seen),
    };
    moves.into_iter().filter(|m| m.kind == kind).collect()
}

/// Every step a library case of code `code` (and variant `variant`) is
/// checked against, as HoDoKu's regression tester lists them: its "find
/// all steps" for the case's technique, with the options the tester sets
/// for it (empty rectangles of variant 1 and their duals allow boxes with
/// two places; rectangles of variant 1 want the corners to hold the
/// digits still; duals and siamese fish for the cases of those and for
/// swordfish and jellyfish; almost locked sets as chain nodes for grouped
/// continuous loops of variant 2 and grouped discontinuous loops and AICs
/// of variants 3 and 4). Steps of other codes may be among them: a
/// case is checked against those of its own code.
pub fn as_tested(code: &str, variant: Option<u32>, board: &Board) -> Result<Vec<Move>, NoFinder> {
    let kind = Kind::from_code(code)
        .or_else(|| Subtype::from_code(code).map(|s| s.kind()))
        .or_else(|| code.strip_suffix('1').and_then(Kind::from_code))
        .ok_or(NoFinder(Kind::GiveUp))?;
    if !implemented(kind) {
        return Err(NoFinder(kind));
    }
    let dual = Subtype::from_code(code).is_some();
    // The tester lets these cases' chains pass through almost locked sets.
    let with_als = matches!(
        (code, variant),
        ("0709", Some(2)) | ("0710", Some(3 | 4)) | ("0711", Some(3 | 4))
    );
    let moves = match kind {
        Kind::GroupedNiceLoop if with_als => all_nice_loops_with_als(board, true),
        Kind::TwoStringKite if dual => with_dual_kites(all_kites(board, false)),
        Kind::EmptyRectangle if dual => {
            with_dual_rectangles(all_empty_rectangles(board, true, false))
        }
        Kind::EmptyRectangle => all_empty_rectangles(board, variant == Some(1), false),
        // The tester keeps every ALS step, and lets ALS overlap for
        // variant 2 of wings, chains and blossoms.
        Kind::AlsXyWing => als::xy_wings(board, false, variant == Some(2)),
        Kind::AlsChain => als::chains(
            board,
            ChainOptions {
                max_rcs: 6,
                overlap: variant == Some(2),
                one_per_removals: false,
            },
        ),
        Kind::DeathBlossom => all_death_blossoms(board, false, variant == Some(2), false),
        _ if is_rectangle(kind) => {
            let mut seen = Seen::default();
            let mut moves = all_rectangles(board, variant != Some(1), &mut seen);
            moves.extend(all_avoidable(board, &mut seen));
            moves
        }
        _ => match kind.fish_size() {
            Some(size) => {
                let family = match kind.name() {
                    n if n.contains("Franken") => franken::Family::Franken,
                    n if n.contains("Mutant") => franken::Family::Mutant,
                    _ => franken::Family::Basic,
                };
                let fish = franken::all_in_family(board, family, size);
                match size {
                    3 | 4 => franken::with_siamese(fish),
                    _ => fish,
                }
            }
            None => all(kind, board)?,
        },
    };
    Ok(moves)
}

/// A library case run as HoDoKu's regression tester runs it.
#[derive(Clone, Debug)]
pub struct CaseRun {
    /// The steps of the case's code and digits ([`as_tested`]'s, filtered).
    pub matching: Vec<Move>,
    /// Whether they are what the case lists: for a `-x` case none; else
    /// some, each removing and placing exactly the case's candidates.
    pub passed: bool,
}

/// Runs `case` as HoDoKu's regression tester does; an error when its code
/// has no finder yet.
pub fn run_case(case: &Case) -> Result<CaseRun, NoFinder> {
    let matching: Vec<Move> = as_tested(&case.code, case.variant, &case.board)?
        .into_iter()
        .filter(|m| m.code() == case.code && m.library_digits() == case.digits)
        .collect();
    let set = |v: &[(usize, u8)]| v.iter().copied().collect::<BTreeSet<_>>();
    let passed = match case.fail {
        true => matching.is_empty(),
        false => {
            !matching.is_empty()
                && matching.iter().all(|m| {
                    set(&m.eliminations()) == set(&case.eliminations)
                        && set(&m.places) == set(&case.placements)
                })
        }
    };
    Ok(CaseRun { matching, passed })
}
