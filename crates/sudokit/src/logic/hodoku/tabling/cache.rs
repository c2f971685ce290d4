//! What HoDoKu's implication tables keep from one search to the next:
//! the room of tables no longer used, and a position's tables while its
//! searches use them, in a value the caller owns ([`Cache`]).

use super::{reach, Table, Tables};
use crate::logic::hodoku::board::Board;

/// The most sets of spare tables a cache keeps (a position has up to
/// three sets at once: a chain's without groups, with groups, a net's).
const SPARE_MAX: usize = 4;

/// A position as the tables see it: each square's digit and candidates.
type Position = ([u8; 81], [u16; 81]);

/// What the tables keep from one search to the next, in a value the
/// caller owns and passes down: the room of tables no longer used, the
/// last position's tables with groups and, when its loop search was
/// skipped, without, and the room of the check that skips it. A fresh
/// one gives the same tables, only slower.
#[derive(Default)]
pub struct Cache {
    /// The tables of positions no longer searched, emptied, to be filled
    /// again: their room (entries above all) is taken once per cache
    /// instead of once per position.
    spare: Vec<Vec<Table>>,
    /// The last position's tables with groups: a path's grouped nice
    /// loops, kraken fish and forcing chains are searched in the same
    /// position on the same tables.
    grouped: Option<(Position, Grouped)>,
    /// The last position's tables without groups, direct implications
    /// alone, when they could hold no loop: the tables with groups of the
    /// same position are made from them.
    plain: Option<(Position, Box<Tables>)>,
    /// Room for the check that tables can hold loops.
    reach: reach::Room,
}

/// A position's tables with groups, as far as they are built.
enum Grouped {
    /// Expanded.
    Expanded(std::rc::Rc<Tables>),
    /// Direct implications alone: the tables cannot hold a nice loop or
    /// an AIC, and nothing has asked for them expanded yet.
    Direct(Box<Tables>),
}

impl Cache {
    /// The tables of `board` for chains with groups ([`Tables::build`]),
    /// built once per position.
    pub fn grouped(&mut self, board: &Board) -> std::rc::Rc<Tables> {
        let key = key_of(board);
        let tables = match self.grouped.take() {
            Some((k, Grouped::Expanded(tables))) if k == key => tables,
            Some((k, Grouped::Direct(mut tables))) if k == key => {
                tables.expand_all(board);
                std::rc::Rc::new(*tables)
            }
            old => {
                self.give_back_grouped(old);
                let mut tables = self.direct_grouped(board, &key);
                tables.expand_all(board);
                std::rc::Rc::new(tables)
            }
        };
        self.grouped = Some((key, Grouped::Expanded(tables.clone())));
        tables
    }

    /// The tables of `board` for nice loops and AICs, with groups when
    /// `groups` (those with groups are the position's, [`Cache::grouped`]),
    /// or None when they can hold none (no literal leads to its own
    /// opposite through the direct implications): then no table is
    /// expanded.
    pub fn for_loops(&mut self, board: &Board, groups: bool) -> Option<std::rc::Rc<Tables>> {
        let key = key_of(board);
        if groups {
            match &self.grouped {
                Some((k, Grouped::Expanded(tables))) if *k == key => return Some(tables.clone()),
                Some((k, Grouped::Direct(_))) if *k == key => return None,
                _ => {}
            }
        }
        let mut tables = match groups {
            true => self.direct_grouped(board, &key),
            false => self.direct_with(board, false, false),
        };
        let holds = reach::may_hold_loops(&tables.tables, &mut self.reach);
        if holds {
            tables.expand_all(board);
        }
        if !groups {
            if let Some((_, old)) = self.plain.take() {
                self.give_back(*old);
            }
            if holds {
                return Some(std::rc::Rc::new(tables));
            }
            self.plain = Some((key, Box::new(tables)));
            return None;
        }
        let old = self.grouped.take();
        self.give_back_grouped(old);
        let (kept, out) = match holds {
            true => {
                let tables = std::rc::Rc::new(tables);
                (Grouped::Expanded(tables.clone()), Some(tables))
            }
            false => (Grouped::Direct(Box::new(tables)), None),
        };
        self.grouped = Some((key, kept));
        out
    }

    /// The direct tables with groups of `board`, whose position is
    /// `key`: made from the tables without groups kept for it, or built.
    fn direct_grouped(&mut self, board: &Board, key: &Position) -> Tables {
        match self.plain.take() {
            Some((k, mut tables)) if k == *key => {
                tables.add_groups(board);
                *tables
            }
            old => {
                if let Some((_, old)) = old {
                    self.give_back(*old);
                }
                self.direct_with(board, true, false)
            }
        }
    }

    /// Keeps the room of the grouped tables `old`, when nothing else
    /// holds them.
    fn give_back_grouped(&mut self, old: Option<(Position, Grouped)>) {
        match old {
            Some((_, Grouped::Expanded(tables))) => self.give_back_shared(tables),
            Some((_, Grouped::Direct(tables))) => self.give_back(*tables),
            None => {}
        }
    }

    /// [`Tables::build_with`], in the room of tables given back.
    pub fn build_with(&mut self, board: &Board, groups: bool, als: bool) -> Tables {
        let mut tables = self.direct_with(board, groups, als);
        tables.expand_all(board);
        tables
    }

    /// [`Cache::build_with`] short of the expansion.
    fn direct_with(&mut self, board: &Board, groups: bool, als: bool) -> Tables {
        let room = self.spare.pop().unwrap_or_default();
        Tables::direct_from(board, groups, als, room, |t| t.fill(board))
    }

    /// [`Tables::build_net`], in the room of tables given back.
    pub fn build_net(
        &mut self,
        board: &Board,
        direct: impl FnMut((usize, u8, bool), &mut Table),
    ) -> Tables {
        let room = self.spare.pop().unwrap_or_default();
        Tables::build_net_in(board, room, direct)
    }

    /// Keeps the room of `tables`, no longer used, for the next ones.
    pub fn give_back(&mut self, mut tables: Tables) {
        let mut room = std::mem::take(&mut tables.tables);
        for table in &mut room {
            if !table.entries.is_empty() || table.sealed {
                table.clear();
            }
        }
        if self.spare.len() < SPARE_MAX {
            self.spare.push(room);
        }
    }

    /// [`Cache::give_back`] for shared tables: their room is kept when
    /// nothing else holds them.
    pub fn give_back_shared(&mut self, tables: std::rc::Rc<Tables>) {
        if let Ok(tables) = std::rc::Rc::try_unwrap(tables) {
            self.give_back(tables);
        }
    }

    /// The room of every table this cache holds, emptied, for a cache of
    /// another path ([`Cache::with_room`]).
    pub fn into_room(mut self) -> Vec<Vec<Table>> {
        let old = self.grouped.take();
        self.give_back_grouped(old);
        if let Some((_, old)) = self.plain.take() {
            self.give_back(*old);
        }
        self.spare
    }

    /// A cache whose tables are filled in `room` ([`Cache::into_room`]).
    pub fn with_room(room: Vec<Vec<Table>>) -> Cache {
        Cache {
            spare: room,
            ..Cache::default()
        }
    }
}

/// What the tables of `board` are built from.
fn key_of(board: &Board) -> Position {
    (
        std::array::from_fn(|s| board.value(s)),
        std::array::from_fn(|s| board.cands(s)),
    )
}
