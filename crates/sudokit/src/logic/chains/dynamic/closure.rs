//! Everything a chain's assumption forces, worked out as bit sets, to tell
//! in a few hundred word operations whether a chain can give a step at all.
//!
//! A forcing-chain rule of [`super::dynamic`] follows every assumption it
//! can make ("A1 is 5", "A1 is not 5") link by link, keeping each link's
//! parents: a step's rating counts them. Most assumptions lead to no step:
//! their chain forces nothing that another chain also forces, and no
//! contradiction. Their parents are wasted work.
//!
//! For the rules whose links are fixed (Nishio, multiple and dynamic
//! forcing chains: no rule runs inside their chains), what a chain reaches
//! does not depend on the order it follows its links in, only on the links:
//!
//! - an *on* turns off the square's other candidates (with square links)
//!   and the digit's other places in its box, row and column;
//! - an *off* turns on a square's last candidate (with square links) or a
//!   unit's last place for the digit. A *static* chain (multiple forcing
//!   chains) reads "last" on the grid as it was given (the square had two
//!   candidates, the unit two places); a *dynamic* one on the grid with
//!   everything turned off so far struck out.
//!
//! Both sets only grow, so the chain ends at the same sets whichever order
//! it follows its links in: the least sets closed under those links. This
//! module works them out with one 81-bit set per digit, and says whether
//! the chain may meet a contradiction on the way (`absurd`):
//!
//! - some candidate is both on and off;
//! - or (dynamic chains) everything in a square, or every place of a digit
//!   in a unit, is off. Sudoku Explainer's dynamic chain (SukakuExplainer's
//!   `Chaining.java`, read for reference) reads "last" on the grid with
//!   only the offs it has *followed* struck out, so one of those offs may
//!   still be waiting when the chain turns it on: a contradiction the order
//!   decides.
//!
//! When neither holds, nothing depends on the order: the closure is
//! exactly what the chain reaches. Sudoku Explainer's chain stops at the
//! first contradiction, so when one may come the rule follows that chain
//! itself. Either way, a rule that finds on closures no contradiction and
//! nothing its chains all force would find none on its chains, and need not
//! follow them (see [`super::dynamic`]'s `Engine::square_steps`).

use crate::logic::bits::{at_most_one, bits};
use crate::logic::chains::board::Board;
use crate::logic::units::Geometry;

/// A set of squares, bit `s` for square `s` (81 squares at most).
type SquareBits = u128;

/// The candidates a closure starts from, and the tables it reads them with.
pub(super) struct ClosureTables {
    side: usize,
    /// Bit `s` of `cands[d]` when square `s` has candidate `d`.
    cands: [SquareBits; 10],
    /// Each square's candidates, bit `d` for digit `d`.
    digits: Vec<u32>,
    /// Each square's box, row and column mates, itself left out.
    peers: Vec<SquareBits>,
    /// Each unit's squares (box, row and column units only are used).
    units: Vec<SquareBits>,
    /// Each square's box, row and column, bit `u` for unit `u`.
    units_of: Vec<u32>,
    /// For static chains, per digit and square: the digit's other place in
    /// each of the square's units where it has two places exactly.
    partners: Vec<SquareBits>,
    /// The squares with two candidates exactly, and with two or more.
    bivalue: SquareBits,
    several: SquareBits,
}

/// What a chain from a candidate assumed off turns on first
/// ([`ClosureTables::off_start`]), and so what its closure is.
///
/// Where it turns on a candidate `c`, its closure is `c`'s from "on": `c`
/// on turns the candidate off again (it sees it, in a unit or in its own
/// square), so each assumption forces the other and everything the other
/// forces. Where it turns on nothing, its closure is the candidate off
/// alone, unless a unit is left with no place for the digit (a dynamic
/// chain's contradiction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OffStart {
    /// Nothing: the closure is the "off" alone, or `absurd`.
    Nothing { absurd: bool },
    /// The candidate (square, digit), the first a chain's links give
    /// (the square's other candidate first).
    On(usize, u8),
}

/// What one assumption forces: the candidates turned on and off.
#[derive(Clone, Copy, Default)]
pub(super) struct Closure {
    pub(super) on: [SquareBits; 10],
    pub(super) off: [SquareBits; 10],
    /// A contradiction may come on the way (see the module doc): the
    /// sets then stop where it was seen, and say nothing more.
    pub(super) absurd: bool,
}

/// How a chain follows its links.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Links {
    /// Square links too (off for Nishio chains, which follow one digit).
    pub(super) y: bool,
    /// "Last" read on the grid with everything off so far struck out.
    pub(super) dynamic: bool,
}

impl ClosureTables {
    /// An empty grid for `geo` (9x9 and smaller: 81 squares at most).
    pub(super) fn new(geo: &Geometry) -> ClosureTables {
        let shape = geo.shape;
        let count = shape.square_count();
        debug_assert!(count <= 128 && shape.side() <= 9);
        let mut peers = vec![0; count];
        let mut units_of = vec![0u32; count];
        let mut units = vec![0; shape.units().len()];
        for s in 0..count {
            for link in geo.linked(s) {
                units_of[s] |= 1 << link.unit;
                for &t in geo.squares(link.unit) {
                    units[link.unit] |= 1 << t;
                    if t != s {
                        peers[s] |= 1 << t;
                    }
                }
            }
        }
        ClosureTables {
            side: shape.side(),
            cands: [0; 10],
            digits: vec![0; count],
            peers,
            units,
            units_of,
            partners: vec![0; count * 10],
            bivalue: 0,
            several: 0,
        }
    }

    /// Reads the candidates of `board` (and for static chains, its squares
    /// of two candidates and units of two places).
    pub(super) fn load(&mut self, board: &Board, statics: bool) {
        self.cands = [0; 10];
        self.bivalue = 0;
        self.several = 0;
        for (s, digits) in self.digits.iter_mut().enumerate() {
            *digits = board.cands(s);
            for d in bits(*digits) {
                self.cands[d] |= 1 << s;
            }
            if digits.count_ones() == 2 {
                self.bivalue |= 1 << s;
            }
            if digits.count_ones() >= 2 {
                self.several |= 1 << s;
            }
        }
        if !statics {
            return;
        }
        self.partners.fill(0);
        for &unit in &self.units {
            for d in 1..=self.side {
                let places = self.cands[d] & unit;
                if places.count_ones() == 2 {
                    let (a, b) = (places.trailing_zeros(), 127 - places.leading_zeros());
                    self.partners[a as usize * 10 + d] |= 1 << b;
                    self.partners[b as usize * 10 + d] |= 1 << a;
                }
            }
        }
    }

    /// What a chain from `digit` assumed *off* in `square` turns on first,
    /// which settles its closure (see [`OffStart`]).
    pub(super) fn off_start(&self, square: usize, digit: u8, links: Links) -> OffStart {
        let d = usize::from(digit);
        if links.dynamic {
            let left = self.digits[square] & !(1 << d);
            if links.y && at_most_one(left) {
                return match left {
                    0 => OffStart::Nothing { absurd: true },
                    _ => OffStart::On(square, left.trailing_zeros() as u8),
                };
            }
            let mut first = None;
            for u in bits(self.units_of[square]) {
                let places = self.cands[d] & self.units[u] & !(1 << square);
                if places == 0 {
                    return OffStart::Nothing { absurd: true };
                }
                if places & (places - 1) == 0 {
                    first = first.or(Some(places.trailing_zeros() as usize));
                }
            }
            return match first {
                Some(t) => OffStart::On(t, digit),
                None => OffStart::Nothing { absurd: false },
            };
        }
        if links.y && self.bivalue >> square & 1 != 0 {
            let other = self.digits[square] & !(1 << d);
            return OffStart::On(square, other.trailing_zeros() as u8);
        }
        match self.partners[square * 10 + d] {
            0 => OffStart::Nothing { absurd: false },
            partners => OffStart::On(partners.trailing_zeros() as usize, digit),
        }
    }

    /// [`ClosureTables::close_into`] as a new closure.
    #[cfg(test)]
    pub(super) fn close(&self, square: usize, digit: u8, on: bool, links: Links) -> Closure {
        let mut c = Closure::default();
        self.close_into(square, digit, on, links, &mut c);
        c
    }

    /// Everything `square` holding `digit` (or not, when `on` is false)
    /// forces, following `links`, into `out` (a closure is 320 bytes: the
    /// tables keep theirs where they are). Stops early, `absurd`, where a
    /// contradiction may come.
    pub(super) fn close_into(
        &self,
        square: usize,
        digit: u8,
        on: bool,
        links: Links,
        out: &mut Closure,
    ) {
        *out = Closure::default();
        let mut w = Growing {
            c: out,
            fresh_on: [0; 10],
            fresh_off: [0; 10],
            on_digits: 0,
            off_digits: 0,
        };
        let d = usize::from(digit);
        if on {
            w.turn_on(d, 1 << square);
        } else {
            w.turn_off(d, 1 << square);
        }
        while !w.c.absurd && (w.on_digits | w.off_digits) != 0 {
            // Every "on" found so far turns off what it sees...
            let on_digits = std::mem::take(&mut w.on_digits);
            for d in bits(on_digits) {
                let fresh = std::mem::take(&mut w.fresh_on[d]);
                let mut seen = 0;
                for s in bits128(fresh) {
                    seen |= self.peers[s];
                    if links.y {
                        for e in bits(self.digits[s] & !(1 << d)) {
                            w.turn_off(e, 1 << s);
                        }
                    }
                }
                w.turn_off(d, seen & self.cands[d]);
            }
            if w.c.absurd || w.off_digits == 0 {
                break;
            }
            // ...then every "off" found so far turns on what is left alone.
            let off_digits = std::mem::take(&mut w.off_digits);
            let mut fresh = [0 as SquareBits; 10];
            for d in bits(off_digits) {
                fresh[d] = std::mem::take(&mut w.fresh_off[d]);
            }
            if links.dynamic {
                self.dynamic_ons(&mut w, off_digits, &fresh, links.y);
            } else {
                self.static_ons(&mut w, off_digits, &fresh, links.y);
            }
        }
    }

    /// A dynamic chain's "on"s from the offs `fresh` (of the digits
    /// `digits`): squares that lost a candidate and have one left, units
    /// that lost a place and have one left. A square (with square links)
    /// or a unit with nothing left makes the closure `absurd`.
    fn dynamic_ons(&self, w: &mut Growing, digits: u32, fresh: &[SquareBits; 10], y: bool) {
        let mut left = [0 as SquareBits; 10];
        for ((l, &cands), &off) in left.iter_mut().zip(&self.cands).zip(&w.c.off) {
            *l = cands & !off;
        }
        if y {
            let touched = fresh.iter().fold(0, |m, &f| m | f);
            let (mut one, mut two) = (0 as SquareBits, 0 as SquareBits);
            for &l in &left[1..=self.side] {
                two |= one & l;
                one |= l;
            }
            if touched & !one != 0 {
                w.c.absurd = true;
                return;
            }
            let single = one & !two & touched;
            if single != 0 {
                for (d, &l) in left.iter().enumerate().skip(1) {
                    w.turn_on(d, single & l);
                }
            }
        }
        for d in bits(digits) {
            let mut units = 0u32;
            for s in bits128(fresh[d]) {
                units |= self.units_of[s];
            }
            for u in bits(units) {
                let places = left[d] & self.units[u];
                if places & places.wrapping_sub(1) == 0 {
                    if places == 0 {
                        w.c.absurd = true;
                        return;
                    }
                    w.turn_on(d, places);
                }
            }
        }
    }

    /// A static chain's "on"s from the offs `fresh` (of the digits
    /// `digits`): the other candidate of a square of two, the other place of
    /// a unit of two.
    fn static_ons(&self, w: &mut Growing, digits: u32, fresh: &[SquareBits; 10], y: bool) {
        for d in bits(digits) {
            let mut partners = 0;
            for s in bits128(fresh[d]) {
                partners |= self.partners[s * 10 + d];
            }
            w.turn_on(d, partners);
            if y {
                for s in bits128(fresh[d] & self.bivalue) {
                    let e = (self.digits[s] & !(1 << d)).trailing_zeros() as usize;
                    w.turn_on(e, 1 << s);
                }
            }
        }
    }
}

/// A closure being worked out: what it holds, and what is new since the
/// links were last followed.
struct Growing<'a> {
    c: &'a mut Closure,
    fresh_on: [SquareBits; 10],
    fresh_off: [SquareBits; 10],
    /// The digits with something in `fresh_on`, and in `fresh_off`.
    on_digits: u32,
    off_digits: u32,
}

impl Growing<'_> {
    /// Turns on `squares` for digit `d`; a contradiction if one is off.
    fn turn_on(&mut self, d: usize, squares: SquareBits) {
        let new = squares & !self.c.on[d];
        if new != 0 {
            self.c.on[d] |= new;
            self.fresh_on[d] |= new;
            self.on_digits |= 1 << d;
            self.c.absurd |= new & self.c.off[d] != 0;
        }
    }

    /// Turns off `squares` for digit `d`; a contradiction if one is on.
    fn turn_off(&mut self, d: usize, squares: SquareBits) {
        let new = squares & !self.c.off[d];
        if new != 0 {
            self.c.off[d] |= new;
            self.fresh_off[d] |= new;
            self.off_digits |= 1 << d;
            self.c.absurd |= new & self.c.on[d] != 0;
        }
    }
}

impl Closure {
    /// Keeps only what `other` forces too; true when what is left holds
    /// a candidate that would be a step (see [`Closure::has_a_step`]).
    pub(super) fn meet(&mut self, other: &Closure, grid: &ClosureTables) -> bool {
        // All ten digits, a fixed count the compiler unrolls (those past
        // the grid's side are empty).
        let mut steps = 0;
        for d in 1..10 {
            self.on[d] &= other.on[d];
            self.off[d] &= other.off[d];
            steps |= self.on[d] & grid.several | self.off[d];
        }
        self.absurd |= other.absurd;
        steps != 0
    }

    /// True when the closure holds a candidate that would be a step: any
    /// "off", or an "on" in a square of two candidates or more in `grid`.
    pub(super) fn has_a_step(&self, grid: &ClosureTables) -> bool {
        (1..=grid.side).any(|d| self.on[d] & grid.several | self.off[d] != 0)
    }

    /// Whether the closure holds `digit` in `square`, turned on (`on`) or
    /// off, as a step would: an "on" only in a square of two candidates or
    /// more in `grid` (see [`Closure::has_a_step`]).
    pub(super) fn holds_a_step(
        &self,
        square: usize,
        digit: u8,
        on: bool,
        grid: &ClosureTables,
    ) -> bool {
        let (d, bit) = (usize::from(digit), 1 << square);
        match on {
            true => self.on[d] & grid.several & bit != 0,
            false => self.off[d] & bit != 0,
        }
    }

    /// Whether `self` and `other` both force a candidate that would be a
    /// step ([`Closure::meet`] without keeping the meet).
    pub(super) fn share_a_step(&self, other: &Closure, grid: &ClosureTables) -> bool {
        let mut steps = 0;
        for d in 1..10 {
            steps |= self.on[d] & other.on[d] & grid.several | self.off[d] & other.off[d];
        }
        steps != 0
    }
}

/// The bits of a set of squares, lowest first.
fn bits128(mut m: SquareBits) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            s
        })
    })
}
