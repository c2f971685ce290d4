//! Basic fish (X-wing to leviathan) as HoDoKu finds them: digits in
//! order; for each, rows as the base before columns; base units combined
//! in order; a fish when its base units' places lie in as many cover units
//! and the cover units hold the digit elsewhere.

use crate::logic::hodoku::board::{Board, UNITS};
use crate::logic::hodoku::moves::Move;
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
    let mut out = Vec::new();
    for d in 1..=9u8 {
        for base_first in [0usize, 9] {
            let cover_first = 9 - base_first;
            let bases: Vec<usize> = (base_first..base_first + 9)
                .filter(|&u| (1..=size as u8).contains(&board.free(u, d)))
                .collect();
            let mut picked = Vec::with_capacity(size);
            search(
                board,
                d,
                size,
                &bases,
                0,
                &mut picked,
                cover_first,
                &mut out,
                first,
            );
            if first && !out.is_empty() {
                return out;
            }
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn search(
    board: &Board,
    d: u8,
    size: usize,
    bases: &[usize],
    start: usize,
    picked: &mut Vec<usize>,
    cover_first: usize,
    out: &mut Vec<Move>,
    first: bool,
) {
    if picked.len() == size {
        if let Some(m) = fish_of(board, d, picked, cover_first) {
            out.push(m);
        }
        return;
    }
    for i in start..bases.len() {
        if first && !out.is_empty() {
            return;
        }
        picked.push(bases[i]);
        search(
            board,
            d,
            size,
            bases,
            i + 1,
            picked,
            cover_first,
            out,
            first,
        );
        picked.pop();
    }
}

/// The fish of `d` on the base units `base`, when their places lie in
/// exactly as many cover units and those hold `d` elsewhere.
fn fish_of(board: &Board, d: u8, base: &[usize], cover_first: usize) -> Option<Move> {
    let mut body: Vec<usize> = base
        .iter()
        .flat_map(|&u| UNITS[u].iter().map(|&s| usize::from(s)))
        .filter(|&s| board.has(s, d))
        .collect();
    body.sort_unstable();
    let mut cover: Vec<usize> = body
        .iter()
        .map(|&s| match cover_first {
            0 => s / 9,
            _ => 9 + s % 9,
        })
        .collect();
    cover.sort_unstable();
    cover.dedup();
    if cover.len() != base.len() {
        return None;
    }
    let mut deletes: Vec<(usize, u8)> = cover
        .iter()
        .flat_map(|&u| UNITS[u].iter().map(|&s| usize::from(s)))
        .filter(|&s| board.has(s, d) && !body.contains(&s))
        .map(|s| (s, d))
        .collect();
    if deletes.is_empty() {
        return None;
    }
    deletes.sort_unstable();
    let mut m = Move::new(basic_kind(base.len()));
    m.digits.push(d);
    m.cells = body;
    m.deletes = deletes;
    m.base = base.to_vec();
    m.cover = cover;
    Some(m)
}
