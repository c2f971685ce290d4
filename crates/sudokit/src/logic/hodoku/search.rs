//! Which step types have a finder so far, and the two ways to ask one:
//! the step HoDoKu's solver would take ([`first`]) and every step of the
//! type in the position, as HoDoKu's "find all steps" lists them ([`all`]).

use crate::logic::hodoku::board::Board;
use crate::logic::hodoku::fish;
use crate::logic::hodoku::intersections::{all_claiming, all_pointing};
use crate::logic::hodoku::moves::Move;
use crate::logic::hodoku::singles;
use crate::logic::hodoku::subsets::{all_hidden, all_naked, Keep};
use crate::logic::hodoku::table::Kind;
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
    matches!(
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
    )
}

/// The step of `kind` HoDoKu's solver takes in `board`. The singles take
/// their queue's entries up to the one they offer, as HoDoKu's do.
pub fn first(kind: Kind, board: &mut Board) -> Result<Option<Move>, NoFinder> {
    use Kind::*;
    let found = match kind {
        FullHouse => singles::full_house(board),
        NakedSingle => singles::naked_single(board),
        HiddenSingle => singles::hidden_single(board),
        LockedPair => all_naked(board, 2, Keep::Locked).into_iter().next(),
        LockedTriple => all_naked(board, 3, Keep::Locked).into_iter().next(),
        LockedCandidates1 => all_pointing(board).into_iter().next(),
        LockedCandidates2 => all_claiming(board).into_iter().next(),
        NakedPair => all_naked(board, 2, Keep::Naked).into_iter().next(),
        NakedTriple => all_naked(board, 3, Keep::Naked).into_iter().next(),
        NakedQuadruple => all_naked(board, 4, Keep::Naked).into_iter().next(),
        HiddenPair => all_hidden(board, 2).into_iter().next(),
        HiddenTriple => all_hidden(board, 3).into_iter().next(),
        HiddenQuadruple => all_hidden(board, 4).into_iter().next(),
        _ => match kind.fish_size() {
            Some(size) if implemented(kind) => fish::basic(board, size, true).into_iter().next(),
            _ => return Err(NoFinder(kind)),
        },
    };
    Ok(found)
}

/// Every step of `kind` in `board`, as HoDoKu's "find all steps" lists
/// them.
pub fn all(kind: Kind, board: &Board) -> Result<Vec<Move>, NoFinder> {
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
        _ => match kind.fish_size() {
            Some(size) if implemented(kind) => fish::basic(board, size, false),
            _ => return Err(NoFinder(kind)),
        },
    };
    Ok(found)
}
