//! The search itself: band bitboard state, propagation and DPLL-style guessing.
//!
//! Everything here is `#[inline(always)]` so that each backend can compile the
//! same body under its own `#[target_feature]` set (the AVX2 backend gets
//! hardware `popcnt`/`tzcnt` and vector compares this way) without the code
//! being written twice.

// Loops here run over band and digit numbers that feed `slot(d, b)` and
// several parallel tables; iterator chains would hide that arithmetic.
#![allow(clippy::needless_range_loop)]

use crate::engine::Stop;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::tables::{
    BAND_PEERS, CELL_COL, CELL_ROW, COLUMN, DIAG_ANTI, DIAG_MAIN, GIVEN_UNITS, ROW_SEGMENTS,
    SEGMENT_KEEP,
};
use super::FastOutcome;

/// The few steps a backend may do its own way; everything else is shared.
pub(crate) trait Kernel: Copy {
    /// Slots (bit `slot(d, b)`) whose candidates changed since last propagated.
    fn changed(self, st: &SearchNode) -> u64;
    /// `SearchNode::cross_bands_digit` for every digit: `None` on a dead end,
    /// otherwise whether anything changed.
    fn cross_bands<const DIAG: bool>(self, st: &mut SearchNode) -> Option<bool>;
    /// The givens of digit `d` in band `b` at `slot(d, b)`; `None` when a
    /// cell holds a value above 9.
    fn givens(self, puzzle: &[u8; 81]) -> Option<[u32; SLOTS]>;
    /// `SearchNode::update_slot` for the slots in `changed` (bit `slot(d, b)`);
    /// `None` on a dead end, else the slots it may have changed since
    /// (see [`SearchNode::update_each`]; `REAL_SLOTS` when it cannot
    /// tell, or changed them all). A backend may update other slots too,
    /// as long as it applies the same rules: propagation only removes
    /// candidates, so the rules reach the same fixpoint in any order, and
    /// the search sees the same states.
    #[inline(always)]
    fn update_slots<const DIAG: bool>(self, st: &mut SearchNode, changed: u64) -> Option<u64> {
        st.update_each::<Self, DIAG>(self, changed)
    }
    /// Digits (bit `d`) still possible in cell `pos` of band `b`.
    #[inline(always)]
    fn digits_at(self, st: &SearchNode, b: usize, pos: u32) -> u32 {
        st.digits_at(b, pos)
    }
    /// The 9-bit row-by-box segment pattern of a band word: bit `3 * r + c`
    /// is set when row `r` has a candidate in box `c`.
    #[inline(always)]
    fn segments(self, a: u32) -> usize {
        ROW_SEGMENTS[(a & 0x1ff) as usize] as usize
            | (ROW_SEGMENTS[((a >> 9) & 0x1ff) as usize] as usize) << 3
            | (ROW_SEGMENTS[(a >> 18) as usize] as usize) << 6
    }
    /// `SearchNode::write_solution`.
    #[inline(always)]
    fn write_solution(self, st: &SearchNode, out: &mut [u8; 81]) {
        st.write_solution(out)
    }
    /// [`swappable_rectangle`]; other backends must give the same answer.
    #[inline(always)]
    fn swappable_rectangle(self, puzzle: &[u8; 81], grid: &[u8; 81]) -> bool {
        swappable_rectangle(puzzle, grid)
    }
    /// `SearchNode::peer_count` for two digits of one cell. Other backends must
    /// give exactly these numbers: they decide the branch, and the tests
    /// hold every backend to the same guess counts.
    #[inline(always)]
    fn peer_counts(
        self,
        st: &SearchNode,
        d1: usize,
        d2: usize,
        b: usize,
        pos: u32,
        pairs: &[u32; 3],
    ) -> (u32, u32) {
        (
            st.peer_count(d1, b, pos, pairs),
            st.peer_count(d2, b, pos, pairs),
        )
    }
}

/// Plain Rust for every step.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn changed(self, st: &SearchNode) -> u64 {
        let mut m = 0u64;
        for i in 0..SLOTS {
            m |= ((st.cand[i] != st.prev[i]) as u64) << i;
        }
        m & REAL_SLOTS
    }

    #[inline(always)]
    fn givens(self, puzzle: &[u8; 81]) -> Option<[u32; SLOTS]> {
        // Branch-free on purpose: whether a cell is given is unpredictable,
        // and mispredicting on a third of the cells cost more than the rest
        // of the setup. Row `v` collects digit `v`; row 0 collects blanks.
        let mut by_value = [[0u32; 3]; 10];
        let mut bad = false;
        for (i, &v) in puzzle.iter().enumerate() {
            bad |= v > 9;
            by_value[v.min(9) as usize][i / 27] |= 1 << (i % 27);
        }
        if bad {
            return None;
        }
        let mut given = [0u32; SLOTS];
        for d in 0..9 {
            for b in 0..3 {
                given[slot(d, b)] = by_value[d + 1][b];
            }
        }
        Some(given)
    }

    #[inline(always)]
    fn cross_bands<const DIAG: bool>(self, st: &mut SearchNode) -> Option<bool> {
        let mut progress = false;
        for d in 0..9 {
            progress |= st.cross_bands_digit::<DIAG>(d)?;
        }
        Some(progress)
    }
}

/// All 27 cells of a band.
const BAND_ALL: u32 = (1 << 27) - 1;

/// The two bands other than the index.
static OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// Slot of digit `d` (0..9) in band `b` (0..3) in [`SearchNode::cand`].
///
/// Each digit gets four slots, the last one always empty. Measured against
/// three slots per digit, this runs 5-15% faster on every collection (the
/// index becomes a shift, and a digit's bands sit in one 16-byte block).
/// Reading a digit's four slots as one 128-bit vector to count candidates
/// lost that gain again: the vector load stalls behind the scalar stores of
/// the placements just before it.
#[inline(always)]
pub(crate) const fn slot(d: usize, b: usize) -> usize {
    d * 4 + b
}

/// Slots in use: nine digits of four slots.
pub(crate) const SLOTS: usize = 36;

/// Words in [`SearchNode::cand`]: the slots rounded up to whole 256-bit vectors.
pub(crate) const WORDS: usize = 40;

/// Bits `slot(d, b)` of the slots that hold a band (not the padding).
pub(crate) const REAL_SLOTS: u64 = 0x7_7777_7777;

/// The most slots `settle_slots` compares one at a time after an update
/// (see [`SearchNode::changed_among`]); more, and it reads them all as
/// vectors. One placement of row singles touches 11. On a Zen 4 (first
/// solution, medians of three alternated runs), against reading all the
/// words as vectors after every update: 12 ran at 1.08 of the speed on
/// norvig_top95, 1.09 on serg_benchmark, 1.04 on forum_hardest_1106, 1.03
/// on magictour_top1465 and 1.01 on kaggle_sample; 8, 14 and 20 were no
/// better, and no limit at all cost kaggle_sample 3%.
const AMONG_MAX: u32 = 12;

/// Bits `slot(d, 0)` of every digit (shift by `b` for band `b`).
const BAND_SLOTS: u64 = 0x1_1111_1111;

/// Bits `slot(0, b)` of every band (shift by `4 * d` for digit `d`).
const DIGIT_SLOTS: u64 = 0x7;

/// The slots a placement of digit `d` in band `b` can change: the band's
/// slots of every digit, and the digit's slots (the diagonals).
#[inline(always)]
pub(crate) const fn placed_slots(d: usize, b: usize) -> u64 {
    BAND_SLOTS << b | DIGIT_SLOTS << (4 * d)
}

/// `value` in every slot that holds a band, 0 in the padding.
const fn in_real_slots(value: u32) -> [u32; WORDS] {
    let mut words = [0; WORDS];
    let mut i = 0;
    while i < SLOTS {
        if REAL_SLOTS >> i & 1 != 0 {
            words[i] = value;
        }
        i += 1;
    }
    words
}

/// Everything one search node needs; a guess saves its candidates and
/// open cells (see `Frame`).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(crate) struct SearchNode {
    /// Candidates of digit `d` in band `b` at `slot(d, b)`: 27 bits, bit
    /// `9 * row + col`. A placed digit keeps its own bit, so a digit that is
    /// fully placed has exactly nine bits over its three bands.
    /// The padding slot of each digit stays 0.
    pub(crate) cand: [u32; WORDS],
    /// `cand` as last propagated (padding 0 too, so it never shows as changed).
    pub(crate) prev: [u32; WORDS],
    /// Cells not yet placed, per band.
    pub(crate) unsolved: [u32; 3],
}

/// What propagation left behind.
pub(crate) enum Propagation {
    /// Some unit or cell can no longer be filled.
    Dead,
    /// Every cell is placed.
    Solved,
    /// Stuck: branch on cell `pos` of band `band` over the digits in `digits`.
    Branch {
        band: usize,
        pos: u32,
        digits: u32,
        first: u32,
    },
}

impl SearchNode {
    #[inline(always)]
    pub(crate) fn new() -> SearchNode {
        SearchNode {
            cand: in_real_slots(BAND_ALL),
            // Differs from every `cand`, so every slot is propagated once.
            prev: in_real_slots(u32::MAX),
            unsolved: [BAND_ALL; 3],
        }
    }

    /// Places all givens (standard units only) on a fresh node, in one
    /// pass instead of one `place` per given; false when givens clash.
    ///
    /// It fills the caller's node rather than returning one: a returned
    /// node was copied by calls to `memcpy` whose vector reads waited for
    /// the scalar stores that had just built it (see `search`).
    #[inline(always)]
    pub(crate) fn load_givens<K: Kernel>(&mut self, k: K, puzzle: &[u8; 81]) -> bool {
        let Some(given) = k.givens(puzzle) else {
            return false;
        };
        let mut occupied = [0u32; 3];
        for d in 0..9 {
            for b in 0..3 {
                occupied[b] |= given[slot(d, b)];
            }
        }
        for d in 0..9 {
            let g = [given[slot(d, 0)], given[slot(d, 1)], given[slot(d, 2)]];
            let n = g[0].count_ones() + g[1].count_ones() + g[2].count_ones();
            let cols = fold_rows(g[0]).0 | fold_rows(g[1]).0 | fold_rows(g[2]).0;
            // Rows and boxes holding the digit's givens: their cells, and
            // how many, from one lookup of each band's segment pattern.
            // Against a test per row and a table each for rows and boxes,
            // 1.05 to 1.07 of the speed on kaggle_sample and 1.02 to 1.04
            // on serg_benchmark, the hard collections level (Zen 4, CPU
            // time, medians of five or seven alternated runs).
            let mut units = 0;
            let mut blocked = [0u32; 3];
            for b in 0..3 {
                let e = GIVEN_UNITS[k.segments(g[b])];
                units += (e >> 27 & 3) | (e >> 29) << 8;
                blocked[b] = e & BAND_ALL;
            }
            // Two givens of one digit share a unit exactly when some unit
            // count falls short of the number of givens.
            if cols.count_ones() != n || units != n | n << 8 {
                return false;
            }
            let col_block = cols * SPREAD;
            for b in 0..3 {
                self.cand[slot(d, b)] = (BAND_ALL & !(occupied[b] | blocked[b] | col_block)) | g[b];
            }
        }
        for b in 0..3 {
            self.unsolved[b] = BAND_ALL & !occupied[b];
        }
        true
    }

    /// Puts digit `d` in cell `pos` of band `b` and removes it from that cell's
    /// peers. Returns false when the digit is no longer a candidate there,
    /// which is how clashing givens and clashing singles found in the same
    /// sweep are caught.
    #[inline(always)]
    pub(crate) fn place<const DIAG: bool>(&mut self, d: usize, b: usize, pos: u32) -> bool {
        let bit = 1u32 << pos;
        let own = self.cand[slot(d, b)];
        if own & bit == 0 {
            return false;
        }
        // The column in the other two bands. Their indices come from a
        // table on purpose: when the compiler can see that slots are
        // adjacent it merges them into one 64-bit vector load, and that load
        // stalls when it follows the scalar stores of the previous placement
        // (a failed store-to-load forward).
        let col = COLUMN[CELL_COL[pos as usize] as usize];
        let [b1, b2] = OTHER_BANDS[b];
        self.cand[slot(d, b1)] &= !col;
        self.cand[slot(d, b2)] &= !col;
        for dd in 0..9 {
            self.cand[slot(dd, b)] &= !bit;
        }
        self.cand[slot(d, b)] = (own & !BAND_PEERS[pos as usize]) | bit;
        self.unsolved[b] &= !bit;
        if DIAG {
            let row = 3 * b + CELL_ROW[pos as usize] as usize;
            let c = CELL_COL[pos as usize] as usize;
            if row == c {
                for bb in 0..3 {
                    self.cand[slot(d, bb)] &= !DIAG_MAIN[bb];
                }
                self.cand[slot(d, b)] |= bit;
            }
            if row + c == 8 {
                for bb in 0..3 {
                    self.cand[slot(d, bb)] &= !DIAG_ANTI[bb];
                }
                self.cand[slot(d, b)] |= bit;
            }
        }
        true
    }

    /// Locked candidates and row singles for one digit in one band.
    #[inline(always)]
    fn update_slot<K: Kernel, const DIAG: bool>(
        &mut self,
        k: K,
        d: usize,
        b: usize,
        touched: &mut u64,
    ) -> bool {
        let i = slot(d, b);
        let a = self.cand[i];
        let a = a & SEGMENT_KEEP[k.segments(a)];
        if a == 0 {
            return false;
        }
        self.cand[i] = a;
        self.prev[i] = a;
        // Rows where the digit is already placed have no unsolved candidate
        // left, so only rows that still need the digit show up here.
        let free = a & self.unsolved[b];
        // Row singles (these include hidden singles in boxes, since the
        // segment logic already confined the row to that box). Found without
        // a branch per row: on easy puzzles, where most rows hold several
        // candidates, the per-row test mispredicted often enough to cost
        // about 20% of the solve time (kaggle_sample); hard lists are level.
        let (r0, r1, r2) = (free & 0x1ff, free & 0x1ff << 9, free & 0x1ff << 18);
        let singles = lone(r0) | lone(r1) | lone(r2);
        // Placed only when there are some. Whether a slot has singles is a
        // coin toss, so the branch mispredicts (placing them every time,
        // branch-free, saves 27-39% of the mispredicts), but eleven stores
        // done for nothing cost more on a Zen 4: the vector loads of
        // `changed` wait behind them. There the branch ran at 1.15 to 1.17
        // of the speed on norvig_top95, 1.01 to 1.04 on the other hard
        // collections and 0.99 on kaggle_sample (first solution and count,
        // medians of three and five alternated runs).
        if singles == 0 {
            return true;
        }
        *touched |= placed_slots(d, b);
        if DIAG {
            return self.place_all::<DIAG>(d, b, singles);
        }
        self.place_row_singles(d, b, a, singles);
        true
    }

    /// Places digit `d` on every cell of `singles` in band `b`, without a
    /// branch (a no-op when `singles` is 0). `a` is the digit's word after
    /// the segment rule, and `singles` holds cells that are alone in their
    /// row of `a`, at most one per row.
    ///
    /// Such cells need no clash test, and `a` needs no update: a row with
    /// one cell confines the digit to that cell's box, so the segment rule
    /// has already cleared the rest of the box (two such cells in one box
    /// would have emptied the whole word), and the rest of the row is empty.
    /// What remains is the column in the other two bands and the other
    /// digits of these cells.
    #[inline(always)]
    fn place_row_singles(&mut self, d: usize, b: usize, a: u32, singles: u32) {
        let cols = fold_rows(singles).0;
        // No single sees another or any other candidate of `a`.
        debug_assert!({
            let mut m = singles;
            let mut peers = 0;
            while m != 0 {
                peers |= BAND_PEERS[m.trailing_zeros() as usize];
                m &= m - 1;
            }
            a & peers == 0
        });
        let [b1, b2] = OTHER_BANDS[b];
        let col = cols * SPREAD;
        self.cand[slot(d, b1)] &= !col;
        self.cand[slot(d, b2)] &= !col;
        for dd in 0..9 {
            self.cand[slot(dd, b)] &= !singles;
        }
        self.cand[slot(d, b)] = a;
        self.unsolved[b] &= !singles;
    }

    /// Runs every slot whose candidates changed until nothing changes;
    /// `touched`: the slots that may have changed since they were last
    /// propagated (`REAL_SLOTS` when any may have).
    #[inline(always)]
    fn settle_slots<K: Kernel, const DIAG: bool>(&mut self, k: K, touched: u64) -> bool {
        let mut m = self.changed_in(k, touched);
        while m != 0 {
            let Some(touched) = k.update_slots::<DIAG>(self, m) else {
                return false;
            };
            m = self.changed_in(k, touched);
        }
        true
    }

    /// The slots that changed since last propagated, when only those of
    /// `touched` may have: a few are compared one word at a time (see
    /// [`SearchNode::changed_among`]), more all at once.
    #[inline(always)]
    fn changed_in<K: Kernel>(&self, k: K, touched: u64) -> u64 {
        match (touched & REAL_SLOTS).count_ones() {
            0 => 0,
            1..=AMONG_MAX => self.changed_among(touched),
            _ => k.changed(self),
        }
    }

    /// The slots of `among` whose candidates changed since last
    /// propagated, read one word at a time: right after the scalar stores
    /// of an update, a vector read of the words waits for those stores to
    /// reach the cache, where a read of one word is served from them.
    #[inline(always)]
    fn changed_among(&self, among: u64) -> u64 {
        let (mut m, mut out) = (among & REAL_SLOTS, 0u64);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            out |= u64::from(self.cand[i] != self.prev[i]) << i;
        }
        out
    }

    /// `update_slot` on each slot in `changed`, lowest first; `None` on a
    /// dead end, else the slots that may have changed since: only a
    /// placement of row singles changes a slot other than the one being
    /// updated (which ends equal to its `prev`), so most rounds that
    /// place nothing need no look at the words at all.
    #[inline(always)]
    pub(crate) fn update_each<K: Kernel, const DIAG: bool>(
        &mut self,
        k: K,
        changed: u64,
    ) -> Option<u64> {
        let (mut m, mut touched) = (changed, 0u64);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if !self.update_slot::<K, DIAG>(k, i / 4, i % 4, &mut touched) {
                return None;
            }
        }
        Some(touched)
    }

    /// Full propagation to a fixpoint, then the verdict; `pick` says how
    /// to choose the cell if it must branch; `touched`, the slots changed
    /// since last propagated (after a guess, those of its placement).
    #[inline(always)]
    pub(crate) fn propagate<K: Kernel, const DIAG: bool>(
        &mut self,
        k: K,
        pick: Pick,
        mut touched: u64,
    ) -> Propagation {
        loop {
            if !self.settle_slots::<K, DIAG>(k, touched) {
                return Propagation::Dead;
            }
            // Naked singles, and bivalue cells in case we must branch.
            let mut placed = false;
            touched = 0;
            let mut pairs = [0u32; 3];
            for b in 0..3 {
                let u = self.unsolved[b];
                if u == 0 {
                    continue;
                }
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[slot(d, b)];
                    three |= two & x;
                    two |= one & x;
                    one |= x;
                }
                if u & !one != 0 {
                    return Propagation::Dead;
                }
                pairs[b] = u & two & !three;
                let mut singles = u & !two;
                while singles != 0 {
                    let pos = singles.trailing_zeros();
                    singles &= singles - 1;
                    // The cell's digit read without a branch per digit:
                    // a loop that stopped at it mispredicted its exit at
                    // about every single (5-10% of the time to count to 2
                    // on the hard lists). The scalar read: the backend's
                    // vector reads, of words the placement before it has
                    // just stored, measured 3-5% slower there as a gather
                    // and 2-3% as loads and permutes. An earlier
                    // single of this sweep may have taken the cell's only
                    // digit; then none is left.
                    let digits = self.digits_at(b, pos);
                    let d = digits.trailing_zeros() as usize;
                    if digits == 0 || !self.place::<DIAG>(d, b, pos) {
                        return Propagation::Dead;
                    }
                    placed = true;
                    touched |= placed_slots(d, b);
                }
            }
            if placed {
                continue;
            }
            // Every cell placed: each placement checked its digit was still
            // possible and struck it from the cell's peers, so the grid is a
            // solution, and the passes below have nothing left to find.
            if self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0 {
                return Propagation::Solved;
            }
            let any_pair = pairs[0] | pairs[1] | pairs[2] != 0;
            // Below a root with few open cells (see `OPEN_GATE`) guesses
            // rarely fail, and branching at once costs less than the
            // cross-band pass below: serg_benchmark takes 2% more guesses
            // but 11% fewer instructions.
            if pick == Pick::First && any_pair {
                return self.first_pair(k, &pairs);
            }
            // Per digit, across bands: hidden singles in columns, which the
            // band-wise pass cannot see, and locked candidates between boxes
            // and columns: inside each stack the digit takes one column per
            // band, as a permutation, like segments do inside a band.
            match k.cross_bands::<DIAG>(self) {
                None => return Propagation::Dead,
                Some(true) => {
                    touched = REAL_SLOTS;
                    continue;
                }
                Some(false) => {}
            }
            if any_pair {
                if pick == Pick::FirstSettled {
                    return self.first_pair(k, &pairs);
                }
                return self.pick_pair(k, &pairs);
            }
            return self.fewest_candidates();
        }
    }

    /// Per digit, across bands: hidden singles in columns, which the
    /// band-wise pass cannot see, and locked candidates between boxes and
    /// columns: inside each stack the digit takes one column per band, as a
    /// permutation, like segments do inside a band. `None` when the digit has
    /// no place left in some column; otherwise whether anything changed.
    #[inline(always)]
    pub(crate) fn cross_bands_digit<const DIAG: bool>(&mut self, d: usize) -> Option<bool> {
        let mut progress = false;
        let (a0, a1, a2) = (
            self.cand[slot(d, 0)],
            self.cand[slot(d, 1)],
            self.cand[slot(d, 2)],
        );
        let (o0, t0) = fold_rows(a0);
        let (o1, t1) = fold_rows(a1);
        let (o2, t2) = fold_rows(a2);
        let one = o0 | o1 | o2;
        if one != 0x1ff {
            return None;
        }
        let (p0, q0) = (rot1(o0), rot2(o0));
        let (p1, q1) = (rot1(o1), rot2(o1));
        let (p2, q2) = (rot1(o2), rot2(o2));
        let k0 = o0 & ((p1 & q2) | (q1 & p2));
        let k1 = o1 & ((p0 & q2) | (q0 & p2));
        let k2 = o2 & ((p0 & q1) | (q0 & p1));
        if (k0 ^ o0) | (k1 ^ o1) | (k2 ^ o2) != 0 {
            progress = true;
            self.cand[slot(d, 0)] = a0 & (k0 * SPREAD);
            self.cand[slot(d, 1)] = a1 & (k1 * SPREAD);
            self.cand[slot(d, 2)] = a2 & (k2 * SPREAD);
        }
        let two = t0 | t1 | t2 | (o0 & o1) | (o2 & (o0 | o1));
        let single = one & !two;
        if single != 0 {
            let spread = single * SPREAD;
            for b in 0..3 {
                let m = self.cand[slot(d, b)] & spread & self.unsolved[b];
                if !self.place_all::<DIAG>(d, b, m) {
                    return None;
                }
                progress |= m != 0;
            }
        }
        Some(progress)
    }

    /// Places digit `d` in every cell of `cells` (band `b`); false on a clash.
    #[inline(always)]
    pub(crate) fn place_all<const DIAG: bool>(&mut self, d: usize, b: usize, cells: u32) -> bool {
        let mut m = cells;
        while m != 0 {
            let pos = m.trailing_zeros();
            m &= m - 1;
            if !self.place::<DIAG>(d, b, pos) {
                return false;
            }
        }
        true
    }

    /// Chooses the bivalue cell to branch on.
    #[inline(always)]
    fn pick_pair<K: Kernel>(&self, k: K, pairs: &[u32; 3]) -> Propagation {
        // Packed key, compared as one number (a running max instead of a
        // compare-and-branch that mispredicted on about every other cell):
        // the score, then the earlier cell on ties (the budget counts down),
        // then the cell, then whether the lower digit goes first. Each count
        // is at most 20 peers plus 3 x 20 bivalue ones, so the score (their
        // product) is below 2^13.
        let mut best_key = 0u32;
        let mut budget = PICK_BUDGET;
        for b in 0..3 {
            let mut p = pairs[b];
            while p != 0 && budget > 0 {
                budget -= 1;
                let pos = p.trailing_zeros();
                p &= p - 1;
                let digits = k.digits_at(self, b, pos);
                let d1 = digits.trailing_zeros() as usize;
                let d2 = (31 - digits.leading_zeros()) as usize;
                let (n1, n2) = k.peer_counts(self, d1, d2, b, pos, pairs);
                debug_assert!(n1 * n2 < 1 << 16);
                let key =
                    (n1 * n2) << 16 | budget << 8 | (b as u32) << 6 | pos << 1 | (n1 >= n2) as u32;
                best_key = best_key.max(key);
            }
        }
        let band = (best_key >> 6 & 3) as usize;
        let pos = best_key >> 1 & 31;
        let digits = k.digits_at(self, band, pos);
        // The digit that removes more candidates goes first; measured
        // better than the other order, notably on puzzles with many
        // solutions.
        let first = if best_key & 1 != 0 {
            digits.trailing_zeros()
        } else {
            31 - digits.leading_zeros()
        };
        Propagation::Branch {
            band,
            pos,
            digits,
            first,
        }
    }

    /// The first bivalue cell in board order, with the digit that removes
    /// more candidates first: the choice `pick_pair` would make if it
    /// scored only one cell. Kept apart because it is the hot path of
    /// puzzles with several solutions: `pick_pair` with a budget of one
    /// (its loop, and a second `digits_at`) measured 3% slower on
    /// serg_benchmark, at the same guesses.
    #[inline(always)]
    fn first_pair<K: Kernel>(&self, k: K, pairs: &[u32; 3]) -> Propagation {
        let band = if pairs[0] != 0 {
            0
        } else if pairs[1] != 0 {
            1
        } else {
            2
        };
        let pos = pairs[band].trailing_zeros();
        let digits = k.digits_at(self, band, pos);
        let d1 = digits.trailing_zeros();
        let d2 = 31 - digits.leading_zeros();
        let (n1, n2) = k.peer_counts(self, d1 as usize, d2 as usize, band, pos, pairs);
        Propagation::Branch {
            band,
            pos,
            digits,
            first: if n1 >= n2 { d1 } else { d2 },
        }
    }

    /// Cells not yet placed.
    #[inline(always)]
    fn open_cells(&self) -> u32 {
        self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones()
    }

    /// Candidates of digit `d` among the peers of cell `pos` of band `b`.
    #[inline(always)]
    fn peer_count(&self, d: usize, b: usize, pos: u32, pairs: &[u32; 3]) -> u32 {
        let col = COLUMN[CELL_COL[pos as usize] as usize];
        let [b1, b2] = OTHER_BANDS[b];
        // All peers in one 64-bit word so that two `popcnt`s do: the band's
        // row and box in the low half; above it the column in the other two
        // bands, the second shifted by one so the two never overlap.
        let own = self.cand[slot(d, b)] & BAND_PEERS[pos as usize];
        let x1 = self.cand[slot(d, b1)] & col;
        let x2 = self.cand[slot(d, b2)] & col;
        let all = own as u64 | ((x1 | x2 << 1) as u64) << 32;
        let bi =
            (own & pairs[b]) as u64 | (((x1 & pairs[b1]) | (x2 & pairs[b2]) << 1) as u64) << 32;
        all.count_ones() + PAIR_W * bi.count_ones()
    }

    /// Digits (bit `d`) still possible in cell `pos` of band `b`.
    #[inline(always)]
    pub(crate) fn digits_at(&self, b: usize, pos: u32) -> u32 {
        let mut m = 0;
        for d in 0..9 {
            m |= ((self.cand[slot(d, b)] >> pos) & 1) << d;
        }
        m
    }

    /// Slow path when no bivalue cell exists: the unsolved cell with the
    /// fewest candidates. `propagate` has already answered `Solved` when no
    /// cell is open; should none be, this answers the same.
    #[cold]
    #[inline(never)]
    fn fewest_candidates(&self) -> Propagation {
        let mut best: Option<(usize, u32, u32)> = None;
        let mut best_n = u32::MAX;
        for b in 0..3 {
            let mut u = self.unsolved[b];
            while u != 0 {
                let pos = u.trailing_zeros();
                u &= u - 1;
                let m = self.digits_at(b, pos);
                let n = m.count_ones();
                if n < best_n {
                    best_n = n;
                    best = Some((b, pos, m));
                }
            }
        }
        match best {
            None => Propagation::Solved,
            Some((band, pos, digits)) => Propagation::Branch {
                band,
                pos,
                digits,
                first: digits.trailing_zeros(),
            },
        }
    }

    /// Writes the grid (1..=9 per cell); only meaningful once solved.
    #[inline(always)]
    fn write_solution(&self, out: &mut [u8; 81]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.cand[slot(d, b)];
                while m != 0 {
                    let pos = m.trailing_zeros() as usize;
                    m &= m - 1;
                    out[27 * b + pos] = d as u8 + 1;
                }
            }
        }
    }
}

/// How to choose the bivalue cell to branch on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pick {
    /// Score the first [`PICK_BUDGET`] bivalue cells and take the best.
    Scored,
    /// Take the first bivalue cell in board order, without running the
    /// cross-band pass first.
    First,
    /// Take the first bivalue cell in board order once every rule,
    /// the cross-band pass too, has stalled (see [`MANY_GIVENS`]).
    FirstSettled,
}

/// A pending branch: the state before the guess and the digits not yet
/// tried. Only the candidates and open cells are kept: a branch is taken
/// once propagation has settled, when every word equals its copy as last
/// propagated, so that copy is the candidates again (half the bytes to
/// save at every guess).
#[derive(Clone, Copy)]
struct Frame {
    cand: [u32; WORDS],
    unsolved: [u32; 3],
    band: usize,
    pos: u32,
    rest: u32,
}

/// Deepest possible guess stack: every guess places one more cell.
const MAX_DEPTH: usize = 81;

/// Depth-first search; the body shared by every backend.
#[inline(always)]
pub(crate) fn search<K: Kernel, const DIAG: bool>(
    k: K,
    puzzle: &[u8; 81],
    max_solutions: u64,
    max_guesses: u64,
    stop: Option<&AtomicBool>,
    solution: &mut [u8; 81],
) -> FastOutcome {
    let mut out = FastOutcome::default();
    // The guess count at which the budget and the stop flag are next
    // looked at: one comparison per guess, as without a flag.
    let mut next_look = max_guesses.min(Stop::EVERY);
    if max_solutions == 0 {
        return out;
    }
    // Built where it stays: a node built elsewhere and moved here was
    // copied by `memcpy`, whose vector reads waited for the scalar stores
    // that had just filled it (see `load_givens`).
    let mut st = SearchNode::new();
    if DIAG {
        for (i, &v) in puzzle.iter().enumerate() {
            if v == 0 {
                continue;
            }
            if v > 9 || !st.place::<DIAG>(v as usize - 1, i / 27, (i % 27) as u32) {
                return out;
            }
        }
    } else if !st.load_givens(k, puzzle) {
        return out;
    }
    // Uninitialised on purpose: zeroing ~27 KB would cost more than solving
    // an easy puzzle. Only entries below `depth` are ever read.
    let mut stack: [MaybeUninit<Frame>; MAX_DEPTH] = [const { MaybeUninit::uninit() }; MAX_DEPTH];
    let mut depth = 0usize;
    // The root scores unless the puzzle has many givens (see
    // `MANY_GIVENS`); see `OPEN_GATE` for what follows it.
    let mut pick = if st.open_cells() <= 81 - MANY_GIVENS {
        Pick::FirstSettled
    } else {
        Pick::Scored
    };
    // The slots that may have changed since last propagated.
    let mut touched = REAL_SLOTS;
    'search: loop {
        let step = st.propagate::<K, DIAG>(k, pick, touched);
        // Only the root propagates before the first guess.
        if out.guesses == 0 {
            pick = if st.open_cells() < OPEN_GATE {
                Pick::First
            } else {
                Pick::Scored
            };
        }
        match step {
            // This puzzle's guesses do fail: aim for contradictions again.
            Propagation::Dead => {
                pick = Pick::Scored;
                // A dead end below a guess; one at the root undoes nothing.
                out.backtracks += u64::from(out.guesses > 0);
            }
            Propagation::Solved => {
                if out.solutions == 0 {
                    k.write_solution(&st, solution);
                }
                out.solutions += 1;
                if out.solutions >= max_solutions {
                    break 'search;
                }
                // A uniqueness check only needs to know that a second
                // solution exists, and a rectangle that can swap proves it
                // without a search. (Without untried branches there is no
                // other solution, so no point in looking.)
                if !DIAG
                    && max_solutions == 2
                    && depth > 0
                    && k.swappable_rectangle(puzzle, solution)
                {
                    out.solutions = 2;
                    break 'search;
                }
            }
            Propagation::Branch {
                band,
                pos,
                digits,
                first,
            } => {
                if out.guesses >= next_look {
                    if out.guesses >= max_guesses || stop.is_some_and(|s| s.load(Relaxed)) {
                        out.limit_hit = true;
                        break 'search;
                    }
                    next_look = max_guesses.min(out.guesses + Stop::EVERY);
                }
                out.guesses += 1;
                let d = first;
                let rest = digits & !(1 << first);
                if depth < MAX_DEPTH && rest != 0 {
                    debug_assert!(st.cand == st.prev, "a branch on settled words");
                    stack[depth].write(Frame {
                        cand: st.cand,
                        unsolved: st.unsolved,
                        band,
                        pos,
                        rest,
                    });
                    depth += 1;
                }
                // A candidate of an unsolved cell always places.
                st.place::<DIAG>(d as usize, band, pos);
                touched = placed_slots(d as usize, band);
                continue 'search;
            }
        }
        // Backtrack to the newest untried alternative.
        loop {
            if depth == 0 {
                break 'search;
            }
            // SAFETY: entries `0..depth` were all written by the branch above
            // and never moved out (we only copy out of them: `Frame` is `Copy`).
            let f = unsafe { stack[depth - 1].assume_init_mut() };
            let d = f.rest.trailing_zeros() as usize;
            f.rest &= f.rest - 1;
            (st.cand, st.prev, st.unsolved) = (f.cand, f.cand, f.unsolved);
            let (band, pos) = (f.band, f.pos);
            if f.rest == 0 {
                depth -= 1;
            }
            if st.place::<DIAG>(d, band, pos) {
                touched = placed_slots(d, band);
                continue 'search;
            }
            out.backtracks += 1;
        }
    }
    out
}

/// True when `grid`, a solution of `puzzle`, holds a rectangle of four
/// cells, none of them a given, in two rows and two columns and in exactly
/// two boxes, whose digits read `x y` in one row and `y x` in the other.
/// Swapping `x` and `y` in those four cells then gives another solution:
/// every row, column and box keeps the same digits. This is the smallest
/// of the "unavoidable sets" (a puzzle with one solution must give a clue
/// in each), the pattern behind the "unique rectangle" technique of human
/// solvers.
///
/// The rectangle's rows lie in one band or its columns in one stack (else
/// it spans four boxes, and the swap breaks them). So for each pair of
/// rows in a band, and each pair of columns in a stack, this looks for two
/// positions along them holding the same two digits; since a line holds a
/// digit once, the two positions then hold them crosswise.
pub(crate) fn swappable_rectangle(puzzle: &[u8; 81], grid: &[u8; 81]) -> bool {
    // Digit at (line `l`, position `i`), 0 for a given; lines are rows
    // when `by_rows`, else columns.
    let at = |by_rows: bool, l: usize, i: usize| {
        let cell = if by_rows { 9 * l + i } else { 9 * i + l };
        if puzzle[cell] == 0 {
            grid[cell]
        } else {
            0
        }
    };
    for by_rows in [true, false] {
        for band in 0..3 {
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                let (l1, l2) = (3 * band + i, 3 * band + j);
                // Bit 10 * low + high for each pair of digits seen so far.
                let mut seen = 0u128;
                for pos in 0..9 {
                    let (x, y) = (at(by_rows, l1, pos), at(by_rows, l2, pos));
                    if x == 0 || y == 0 {
                        continue;
                    }
                    let key = 1u128 << (10 * x.min(y) + x.max(y));
                    if seen & key != 0 {
                        return true;
                    }
                    seen |= key;
                }
            }
        }
    }
    false
}

/// Columns (9 bits) of a band word with at least one / at least two candidates.
#[inline(always)]
fn fold_rows(a: u32) -> (u32, u32) {
    let (r0, r1, r2) = (a & 0x1ff, (a >> 9) & 0x1ff, a >> 18);
    (r0 | r1 | r2, (r0 & r1) | (r2 & (r0 | r1)))
}

/// `x` when it has exactly one bit set, else 0 (also 0 for 0).
#[inline(always)]
fn lone(x: u32) -> u32 {
    // Said to be unpredictable so that it stays a conditional move: with a
    // plain `if`, the compiler turned it into a branch once `update_slot`
    // stopped branching on the singles, and that branch mispredicted as
    // often as the one it replaced.
    core::hint::select_unpredictable(x & x.wrapping_sub(1) == 0, x, 0)
}

/// Multiplying a 9-bit column set by this copies it to all three rows of a band.
const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;

/// Inside each stack, moves column `c` to `c - 1` (mod 3).
#[inline(always)]
fn rot1(x: u32) -> u32 {
    ((x >> 1) & 0b011_011_011) | ((x << 2) & 0b100_100_100)
}

/// Inside each stack, moves column `c` to `c - 2` (mod 3).
#[inline(always)]
fn rot2(x: u32) -> u32 {
    ((x >> 2) & 0b001_001_001) | ((x << 1) & 0b110_110_110)
}

/// Extra weight of a peer that is itself bivalue when scoring a branch cell:
/// removing a digit there makes a naked single, so it propagates further.
/// Tuned on magictour_top1465 and forum_hardest_1905 (2..4 all do well).
pub(crate) const PAIR_W: u32 = 3;

/// Below this many open cells after the root's propagation, the search
/// branches on the first bivalue cell (`Pick::First`) instead of scoring,
/// and as soon as the band-wise rules stall, before the cross-band pass,
/// until it meets its first dead end; from then on it scores again.
///
/// Scoring aims at contradictions: it helps a puzzle whose search tree has
/// dead ends to find them early. A puzzle that still needs guesses with few
/// open cells is usually one with several solutions, where guesses rarely
/// fail and scoring is pure cost: there, taking the first cell cuts
/// serg_benchmark's guesses from 5.59 to 5.43 and its time by 10-15%
/// (skipping the cross-band pass: 5.54 guesses, another 5-9%). The
/// root itself scores unless the puzzle has many givens (see
/// [`MANY_GIVENS`]), and the first dead end switches scoring back on, so
/// the puzzles with one solution that pass the gate (a few percent of
/// top95 and top1465) lose nothing measurable. Tuned on the collections in
/// `../shared/puzzles`: serg_benchmark's roots leave 35-49 open cells, the
/// hard lists' 50-64.
const OPEN_GATE: u32 = 50;

/// From this many givens on, the root branches on its first bivalue cell
/// (`Pick::FirstSettled`) instead of scoring. A puzzle with this many
/// givens that the rules cannot finish usually has several solutions (the
/// hard puzzles of the benchmark collections have 17-28 givens,
/// serg_benchmark's 34-35 and several solutions each), and there the
/// scored cell aims at contradictions that are not there: on
/// serg_benchmark the first cell takes 5.26 guesses instead of 5.54 and
/// runs at 1.08-1.10 of the speed for the first solution, 1.06 to count
/// to 2 (Zen 4, medians of five alternated runs). Unlike the cells below
/// the root (`OPEN_GATE`), the root still runs the cross-band pass first.
/// The count of givens is the test, not the open cells the root leaves:
/// seventeen_clue's roots stall with 11-64 open cells, and taking the
/// first cell at those below `OPEN_GATE` cost it 15-17% more guesses
/// (2.3-2.6 times as many without the cross-band pass). Every other
/// collection has fewer givens and keeps its search.
const MANY_GIVENS: u32 = 30;

/// Bivalue cells scored per branch, in board order. Scoring every one costs
/// more than it saves: with 10, serg_benchmark runs ~30% faster than with no
/// cap, while the hard collections need ~2-5% more guesses but run as fast
/// (the scoring they skip pays for the extra guesses).
const PICK_BUDGET: u32 = 10;

// `pick_pair` packs the remaining budget into 8 bits of its key.
const _: () = assert!(PICK_BUDGET < 256);

#[cfg(test)]
pub(crate) mod tests;
