//! The grid as HoDoKu's solver keeps it, so that its searches see what
//! HoDoKu's see: candidates as nine-bit masks, for every unit and digit the
//! count of the digit's places, and two queues in which naked and hidden
//! singles wait in the order the moves made them.
//!
//! The queues decide which single HoDoKu takes first, so every move here
//! updates them exactly as HoDoKu's grid does: a square placed removes its
//! digit from its peers in square order, then retires its own candidates;
//! a candidate removed may make a naked single (its square's last) or a
//! hidden single (its unit's last place). HoDoKu's units are numbered rows
//! 0-8, columns 9-17, boxes 18-26 (sudokit's own numbering puts columns
//! first).

use crate::grid::{Digits, Grid};
use crate::logic::state::State;
use crate::shape::Shape;

/// The nine squares of each unit, rows then columns then boxes, each in
/// row-major order.
pub const UNITS: [[u8; 9]; 27] = units();

const fn units() -> [[u8; 9]; 27] {
    let mut out = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            out[i][j] = (i * 9 + j) as u8;
            out[9 + i][j] = (j * 9 + i) as u8;
            let (top, left) = ((i / 3) * 3, (i % 3) * 3);
            out[18 + i][j] = ((top + j / 3) * 9 + left + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    out
}

/// The row, column and box (HoDoKu's unit numbers) of square `s`,
/// looked up: the searches and the queues ask for them all the time, and
/// working them out takes two divisions.
pub const fn units_of(s: usize) -> [usize; 3] {
    let [r, c, b, ..] = SPOTS[s];
    [r as usize, c as usize, b as usize]
}

/// Each square's units (row, column, box, HoDoKu's numbers) and its place
/// in each (the bit it has in [`Board::places`]), looked up rather than
/// worked out on every update.
const SPOTS: [[u8; 6]; 81] = spots();

const fn spots() -> [[u8; 6]; 81] {
    let mut out = [[0u8; 6]; 81];
    let mut s = 0;
    while s < 81 {
        let (r, c) = (s / 9, s % 9);
        let (row, col, b) = (r, 9 + c, 18 + (r / 3) * 3 + c / 3);
        let (ir, ic, ib) = (c, r, (r % 3) * 3 + c % 3);
        out[s] = [row as u8, col as u8, b as u8, ir as u8, ic as u8, ib as u8];
        s += 1;
    }
    out
}

/// The 20 peers of each square, in square order.
const PEERS: [[u8; 20]; 81] = peers();

const fn peers() -> [[u8; 20]; 81] {
    let mut out = [[0u8; 20]; 81];
    let mut s = 0;
    while s < 81 {
        let (r, c) = (s / 9, s % 9);
        let (mut n, mut t) = (0, 0);
        while t < 81 {
            let (tr, tc) = (t / 9, t % 9);
            let same_box = r / 3 == tr / 3 && c / 3 == tc / 3;
            if t != s && (r == tr || c == tc || same_box) {
                out[s][n] = t as u8;
                n += 1;
            }
            t += 1;
        }
        s += 1;
    }
    out
}

/// Each square's bit in a mask of squares, looked up (a shift of a
/// 128-bit mask takes a few instructions).
const SQUARE_BITS: [u128; 81] = {
    let mut out = [0u128; 81];
    let mut s = 0;
    while s < 81 {
        out[s] = 1 << s;
        s += 1;
    }
    out
};

/// The peers of each square as a mask of squares numbered down the
/// columns (bit `9 * c + r` for the square in row `r`, column `c`), for
/// reading columns out of a mask as rows are.
const PEER_COLUMNS: [u128; 81] = {
    let mut out = [0u128; 81];
    let mut s = 0;
    while s < 81 {
        let mut i = 0;
        while i < 20 {
            let t = PEERS[s][i] as usize;
            out[s] |= 1 << (t % 9 * 9 + t / 9);
            i += 1;
        }
        s += 1;
    }
    out
};

/// The peers of each square as a mask of squares (bit `t` for square `t`).
const PEER_MASKS: [u128; 81] = peer_masks();

const fn peer_masks() -> [u128; 81] {
    let mut out = [0u128; 81];
    let mut s = 0;
    while s < 81 {
        let mut i = 0;
        while i < 20 {
            out[s] |= 1 << PEERS[s][i];
            i += 1;
        }
        s += 1;
    }
    out
}

/// The squares of each unit as a mask of squares (bit `s` for square `s`).
pub const UNIT_MASKS: [u128; 27] = unit_masks();

const fn unit_masks() -> [u128; 27] {
    let mut out = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            out[u] |= 1 << UNITS[u][i];
            i += 1;
        }
        u += 1;
    }
    out
}

/// The units holding a square of `mask` (bit `u` for unit `u` of
/// [`UNITS`]: rows, columns, boxes), read row by row: each row's nine
/// bits tell the row, their union the columns, and a band's three rows
/// together its three boxes.
#[inline]
pub fn units_holding(mask: u128) -> u32 {
    let (mut rows, mut columns, mut boxes) = (0u32, 0u32, 0u32);
    for band in 0..3 {
        let mut stacked = 0u32;
        for r in 3 * band..3 * band + 3 {
            let row = (mask >> (9 * r)) as u32 & 0x1FF;
            rows |= u32::from(row != 0) << r;
            stacked |= row;
        }
        columns |= stacked;
        for stack in 0..3 {
            boxes |= u32::from(stacked & 0b111 << (3 * stack) != 0) << (3 * band + stack);
        }
    }
    rows | columns << 9 | boxes << 18
}

/// The squares of a mask of squares, smallest first.
pub fn squares_of(mask: u128) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        let s = (rest != 0).then(|| rest.trailing_zeros() as usize)?;
        rest &= rest - 1;
        Some(s)
    })
}

/// The peers of square `s` as a mask of squares (bit `t` for square `t`).
pub fn peers_mask(s: usize) -> u128 {
    PEER_MASKS[s]
}

/// True when squares `a` and `b` (different) share a unit.
pub fn sees(a: usize, b: usize) -> bool {
    let (ua, ub) = (units_of(a), units_of(b));
    a != b && (ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2])
}

/// How many bits each nine-bit mask has, looked up: the searches count
/// candidates and places all the time, and without the processor's own
/// count (not assumed of an x86-64) each count is a dozen instructions.
const COUNTS: [u8; 512] = counts();

const fn counts() -> [u8; 512] {
    let mut out = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        out[m] = out[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    out
}

/// How many digits (or places) a nine-bit mask holds: `mask.count_ones()`
/// for a mask below 512.
#[inline]
pub fn count(mask: u16) -> u32 {
    debug_assert!(mask < 512, "a nine-bit mask: {mask:#x}");
    u32::from(COUNTS[usize::from(mask & 0x1ff)])
}

/// The mask bit of digit `d` (bit 0 for 1, bit 8 for 9).
pub const fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

/// The digits of a mask, smallest first.
pub fn digits(mask: u16) -> impl Iterator<Item = u8> {
    let mut rest = mask & 0x1ff;
    std::iter::from_fn(move || {
        let d = (rest != 0).then(|| rest.trailing_zeros() as u8 + 1)?;
        rest &= rest - 1;
        Some(d)
    })
}

/// A queue of singles waiting to be taken: (square, digit), first in first
/// out. Taking the last one empties it; entries whose square has been
/// filled stay until they are reached, and are skipped then.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Queue {
    entries: Vec<(u8, u8)>,
    head: usize,
}

impl Queue {
    /// An empty queue with room for `n` entries.
    fn with_capacity(n: usize) -> Queue {
        Queue {
            entries: Vec::with_capacity(n),
            head: 0,
        }
    }

    fn push(&mut self, s: usize, d: u8) {
        self.entries.push((s as u8, d));
    }

    /// The entries still waiting, oldest first.
    pub fn waiting(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.entries[self.head..]
            .iter()
            .map(|&(s, d)| (usize::from(s), d))
    }

    /// Takes the oldest entry.
    pub fn take(&mut self) -> Option<(usize, u8)> {
        let &(s, d) = self.entries.get(self.head)?;
        self.head += 1;
        if self.head >= self.entries.len() {
            self.entries.clear();
            self.head = 0;
        }
        Some((usize::from(s), d))
    }

    /// Drops the first waiting entry that `matches`.
    fn drop_first(&mut self, matches: impl Fn(usize, u8) -> bool) {
        let found = (self.head..self.entries.len()).find(|&i| {
            let (s, d) = self.entries[i];
            matches(usize::from(s), d)
        });
        if let Some(i) = found {
            self.entries.remove(i);
        }
    }
}

/// HoDoKu's view of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    values: [u8; 81],
    given: [bool; 81],
    cands: [u16; 81],
    /// How many squares of each unit hold each digit as a candidate
    /// (`free[unit][digit]`).
    free: [[u8; 10]; 27],
    /// The digits whose count in `free` is above 0, by unit.
    open: [u16; 27],
    /// The squares of each unit that hold each digit, as a mask of the
    /// unit's positions (`where_[unit][digit]`); unlike `free`, always
    /// what the candidates say.
    where_: [[u16; 10]; 27],
    /// The squares that hold each digit (`squares[digit]`, bit `s` for
    /// square `s`).
    squares: [u128; 10],
    /// The squares where each digit is placed (`placed[digit]`).
    placed: [u128; 10],
    /// How many squares are empty.
    empty: u8,
    /// How many empty squares have no candidate left.
    dead: u8,
    naked: Queue,
    hidden: Queue,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The empty grid: every square holds every digit.
    pub fn new() -> Board {
        let mut free = [[9u8; 10]; 27];
        for unit in free.iter_mut() {
            unit[0] = 0;
        }
        let mut where_ = [[0x1ffu16; 10]; 27];
        for unit in where_.iter_mut() {
            unit[0] = 0;
        }
        Board {
            values: [0; 81],
            given: [false; 81],
            cands: [0x1ff; 81],
            free,
            open: [0x1ff; 27],
            where_,
            squares: std::array::from_fn(|d| if d == 0 { 0 } else { (1u128 << 81) - 1 }),
            placed: [0; 10],
            empty: 81,
            dead: 0,
            // Room for what a path usually queues: a naked single for
            // most squares, a hidden single for many units and digits.
            naked: Queue::with_capacity(81),
            hidden: Queue::with_capacity(128),
        }
    }

    /// A puzzle as HoDoKu reads one: its digits placed one by one in
    /// square order, all of them givens.
    pub fn from_puzzle(puzzle: &Grid) -> Board {
        let mut cells = [0u8; 81];
        for (c, &d) in cells.iter_mut().zip(puzzle.cells()) {
            *c = d;
        }
        if let Some(board) = Board::read_at_once(&cells) {
            return board;
        }
        let mut board = Board::new();
        for (s, &d) in cells.iter().enumerate() {
            if d != 0 {
                board.seed(s, d);
            }
        }
        board.settle();
        board
    }

    /// [`from_puzzle`](Board::from_puzzle) worked out from all the givens
    /// at once, when no two givens of a digit share a unit, every empty
    /// square keeps a candidate and every unit a place for each digit it
    /// has no given of (else None, and the givens are placed one by one).
    ///
    /// Then, placing the givens one by one in square order, a square
    /// loses a digit when the first given of the digit among its peers is
    /// placed (if the square is a given, only when that comes before it),
    /// and a given loses its other candidates when it is placed; each
    /// unit's count of a digit's places is the number of its squares still
    /// holding the digit, except that while a given is placed it still
    /// counts for its own digit. So each single queued is known from the
    /// moments its square's or unit's last places went: a square is
    /// queued as a naked single when its second-last candidate goes, a
    /// unit's last place of a digit as a hidden single when the place
    /// before it goes (unless that is while its square is placed), and
    /// nothing is ever dropped. The moments, as numbers that order them,
    /// are `given * 1024 + peer * 4 + unit` for a peer's removal while a
    /// given is placed (units row, column, box as 0, 1, 2) and
    /// `given * 1024 + 512 + digit * 4 + unit` for its own candidates
    /// leaving its units afterwards.
    fn read_at_once(cells: &[u8; 81]) -> Option<Board> {
        let mut given_of = [0u128; 10];
        // The digits each unit has a given of.
        let mut given_in = [0u16; 27];
        // The givens' squares, numbered down the columns.
        let mut given_columns = 0u128;
        for (s, &d) in cells.iter().enumerate() {
            if d != 0 {
                *given_of.get_mut(usize::from(d))? |= SQUARE_BITS[s];
                given_columns |= SQUARE_BITS[s % 9 * 9 + s / 9];
                for u in units_of(s) {
                    given_in[u] |= bit(d);
                }
            }
        }
        let givens = given_of.iter().fold(0, |m, &g| m | g);
        let open_squares = !givens & ((1 << 81) - 1);
        let mut board = Board::new();
        board.cands = [0; 81];
        // The givens (unit, square) of which every other square of the
        // unit lost the given's digit before it was placed: each is a
        // given before it or a peer of a given of the digit before it.
        let mut alone = [(0u8, 0u8); 243];
        let mut n_alone = 0;
        let mut holding = 0u128;
        // The digits of which each unit has one place.
        let mut lone = [0u16; 27];
        for (d, &given) in given_of.iter().enumerate().skip(1) {
            let (mut seen, mut seen_columns) = (0u128, 0u128);
            for g in squares_of(given) {
                let lost = seen | (givens & (SQUARE_BITS[g] - 1)) | SQUARE_BITS[g];
                for u in units_of(g) {
                    if UNIT_MASKS[u] & !lost == 0 {
                        alone[n_alone] = (u as u8, g as u8);
                        n_alone += 1;
                    }
                }
                seen |= PEER_MASKS[g];
                seen_columns |= PEER_COLUMNS[g];
            }
            if seen & given != 0 {
                return None;
            }
            let squares = open_squares & !seen;
            board.squares[d] = squares;
            board.placed[d] = given;
            holding |= squares;
            // Each unit's places, read out of the masks.
            let columns = !(given_columns | seen_columns);
            for r in 0..9 {
                board.where_[r][d] = (squares >> (9 * r)) as u16 & 0x1ff;
                board.where_[9 + r][d] = (columns >> (9 * r)) as u16 & 0x1ff;
            }
            for b in 0..9 {
                let x = squares >> (b / 3 * 27 + b % 3 * 3);
                board.where_[18 + b][d] = (x & 7 | x >> 6 & 0o70 | x >> 12 & 0o700) as u16;
            }
            // Each unit's count of the digit's places.
            for u in 0..27 {
                board.free[u][d] = COUNTS[usize::from(board.where_[u][d] & 0x1ff)];
            }
        }
        if holding != open_squares {
            return None;
        }
        // An empty square holds the digits none of its units has a given
        // of (the digits of whose squares it is one).
        for (s, &d) in cells.iter().enumerate() {
            if d == 0 {
                let [r, c, b, ..] = SPOTS[s].map(usize::from);
                board.cands[s] = 0x1ff & !(given_in[r] | given_in[c] | given_in[b]);
            }
        }
        // The digits each unit has places for, and those it has one for.
        for (u, unit) in UNITS.iter().enumerate() {
            let (mut once, mut twice) = (0, 0);
            for &s in unit {
                let cands = board.cands[usize::from(s)];
                twice |= once & cands;
                once |= cands;
            }
            board.open[u] = once;
            lone[u] = once & !twice;
        }
        for (s, &d) in cells.iter().enumerate() {
            board.values[s] = d;
            board.given[s] = d != 0;
        }
        board.empty = open_squares.count_ones() as u8;
        // The first given of `d` among the peers of `q` (128 when none).
        let first_seen =
            |q: usize, d: usize| (PEER_MASKS[q] & given_of[d]).trailing_zeros() as usize;
        // The moment square `q` stops holding `d` (which it has lost by
        // the end), for the unit `k` of its own (0 row, 1 column, 2 box).
        let leaves = |q: usize, d: usize, k: usize| {
            let g = first_seen(q, d);
            if cells[q] == 0 || g < q {
                (g * 1024 + q * 4 + k) as u32
            } else {
                (q * 1024 + 512 + d * 4 + k) as u32
            }
        };
        // The moment every square of unit `u` but `last` has lost `d`.
        let emptied = |u: usize, d: usize, last: usize| {
            let others = UNITS[u]
                .iter()
                .map(|&q| usize::from(q))
                .filter(|&q| q != last);
            others.map(|q| leaves(q, d, u / 9)).max().unwrap_or(0)
        };
        // Naked singles: empty squares left with one candidate, and
        // givens whose other eight digits all went before they were
        // placed; as moment, square, digit.
        let mut naked = [0u32; 81];
        let mut n_naked = 0;
        for (q, &own) in cells.iter().enumerate() {
            let own = usize::from(own);
            let left = match own {
                0 => board.cands[q],
                _ => 1 << (own - 1),
            };
            if count(left) != 1 {
                continue;
            }
            let mut last = 0;
            for d in digits(0x1ff & !left).map(usize::from) {
                let g = first_seen(q, d);
                if own != 0 && g > q {
                    last = usize::MAX;
                    break;
                }
                last = last.max(g);
            }
            if last != usize::MAX {
                let d = left.trailing_zeros() + 1;
                naked[n_naked] = ((last * 128 + q) as u32) << 4 | d;
                n_naked += 1;
            }
        }
        naked[..n_naked].sort_unstable();
        for &e in &naked[..n_naked] {
            board.naked.push((e >> 4) as usize % 128, (e & 15) as u8);
        }
        // Hidden singles, as moment, square, digit.
        let mut hidden = [0u32; 243];
        let mut n_hidden = 0;
        let mut queue = |moment: u32, s: usize, d: usize| {
            hidden[n_hidden] = moment << 11 | (s as u32) << 4 | d as u32;
            n_hidden += 1;
        };
        for u in 0..27 {
            if board.open[u] | given_in[u] != 0x1ff {
                return None;
            }
            // A unit's one place of a digit it has no given of.
            for d in digits(lone[u]).map(usize::from) {
                let last = usize::from(UNITS[u][board.where_[u][d].trailing_zeros() as usize]);
                queue(emptied(u, d, last), last, d);
            }
        }
        // A unit's given, when every other square of the unit lost its
        // digit before it was placed.
        for &(u, g) in &alone[..n_alone] {
            let (u, g) = (usize::from(u), usize::from(g));
            let d = usize::from(cells[g]);
            queue(emptied(u, d, g), g, d);
        }
        hidden[..n_hidden].sort_unstable();
        for &e in &hidden[..n_hidden] {
            board.hidden.push((e >> 4) as usize % 128, (e & 15) as u8);
        }
        Some(board)
    }

    /// [`place`](Board::place) of a given while a puzzle is read: the
    /// same candidates, counts and queues, with the masks of places and
    /// of digits with places left to [`settle`](Board::settle) (most of
    /// a puzzle's reading is removals, and those masks are most of what
    /// each removal costs).
    fn seed(&mut self, s: usize, d: u8) {
        let Some(own) = self.fill(s, d, true) else {
            return;
        };
        // The square and the peers that hold `d` leave its mask of squares
        // at once; the peers not reached yet are handed on, as they still
        // hold it. The square leaves its other digits' masks as their
        // counts drop, before anything reads them.
        let me = 1u128 << s;
        let peers = PEER_MASKS[s] & self.squares[usize::from(d)];
        self.squares[usize::from(d)] &= !(peers | me);
        let mut rest = peers;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.seed_removal(p, d, rest);
        }
        for c in digits(own) {
            self.squares[usize::from(c)] &= !me;
            for u in SPOTS[s][..3].iter().map(|&u| usize::from(u)) {
                self.free[u][usize::from(c)] -= 1;
                if self.free[u][usize::from(c)] == 1 && c != d {
                    self.seed_hidden(u, c, 0);
                }
            }
        }
    }

    /// [`take_out`](Board::take_out) while a puzzle is read (see
    /// [`seed`](Board::seed)), with `d`'s mask of squares already cleared
    /// of `s` and of `later`, the squares that lose `d` after it.
    fn seed_removal(&mut self, s: usize, d: u8, later: u128) {
        let left = self.cands[s] & !bit(d);
        self.cands[s] = left;
        // Most removals leave two or more candidates and two or more
        // places: one test each passes over both cases below.
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                self.dead += 1;
                return;
            }
            self.naked.push(s, left.trailing_zeros() as u8 + 1);
        }
        for u in SPOTS[s][..3].iter().map(|&u| usize::from(u)) {
            let free = &mut self.free[u][usize::from(d)];
            *free -= 1;
            if *free < 2 {
                if *free == 1 {
                    self.seed_hidden(u, d, later);
                } else {
                    self.hidden
                        .drop_first(|q, e| e == d && units_of(q).contains(&u));
                }
            }
        }
    }

    /// [`queue_hidden`](Board::queue_hidden) while a puzzle is read: the
    /// unit's first square that holds `d` (by its mask of squares or in
    /// `later`, squares that still hold it but have left the mask) is its
    /// lowest.
    fn seed_hidden(&mut self, u: usize, d: u8, later: u128) {
        let places = (self.squares[usize::from(d)] | later) & UNIT_MASKS[u];
        if places != 0 {
            self.hidden.push(places.trailing_zeros() as usize, d);
        }
    }

    /// The masks [`seed`](Board::seed) leaves: each unit's places of each
    /// digit, from the candidates, and the digits each unit counts.
    fn settle(&mut self) {
        self.where_ = [[0; 10]; 27];
        for (spots, &cands) in SPOTS.iter().zip(&self.cands) {
            let [r, c, b, ir, ic, ib] = spots.map(usize::from);
            for d in digits(cands).map(usize::from) {
                self.where_[r][d] |= 1 << ir;
                self.where_[c][d] |= 1 << ic;
                self.where_[b][d] |= 1 << ib;
            }
        }
        for (open, free) in self.open.iter_mut().zip(&self.free) {
            *open = (1..=9u8)
                .filter(|&d| free[usize::from(d)] > 0)
                .fold(0, |m, d| m | bit(d));
        }
    }

    /// A position: its digits placed in square order (givens marked as
    /// such), then the candidates the state lacks removed, square by square.
    pub fn from_state(state: &State) -> Board {
        let mut board = Board::new();
        for s in 0..81 {
            let d = state.value(s);
            if d != 0 {
                board.place(s, d, state.givens().get(s) == d);
            }
        }
        for s in 0..81 {
            if state.value(s) == 0 {
                for d in digits(board.cands[s]) {
                    if !state.cands(s).contains(d) {
                        board.remove(s, d);
                    }
                }
            }
        }
        board
    }

    /// The same position as a [`State`] (givens and placed digits kept
    /// apart).
    pub fn to_state(&self) -> State {
        let shape = Shape::standard();
        let mut givens = Grid::empty(shape);
        let mut values = Grid::empty(shape);
        for (s, &d) in self.values.iter().enumerate().filter(|(_, &d)| d != 0) {
            values.set(s, d);
            if self.given[s] {
                givens.set(s, d);
            }
        }
        let marks: Vec<Digits> = self
            .cands
            .iter()
            .map(|&c| Digits::from_bits(u32::from(c) << 1))
            .collect();
        State::from_marks(&givens, &values, Some(&marks))
    }

    /// The digit in square `s` (0 when empty).
    pub fn value(&self, s: usize) -> u8 {
        self.values[s]
    }

    /// True when square `s` holds a given.
    pub fn is_given(&self, s: usize) -> bool {
        self.given[s]
    }

    /// The candidates of square `s` as a mask (see [`bit`]); 0 when filled.
    pub fn cands(&self, s: usize) -> u16 {
        self.cands[s]
    }

    /// True when square `s` holds candidate `d`.
    pub fn has(&self, s: usize, d: u8) -> bool {
        self.cands[s] & bit(d) != 0
    }

    /// How many squares of unit `u` hold candidate `d`.
    pub fn free(&self, u: usize, d: u8) -> u8 {
        self.free[u][usize::from(d)]
    }

    /// The squares of unit `u` that hold candidate `d`, as a mask of the
    /// unit's positions (bit `i` for its `i`-th square).
    pub fn places(&self, u: usize, d: u8) -> u16 {
        self.where_[u][usize::from(d)]
    }

    /// The squares that hold candidate `d`, as a mask of squares (bit `s`
    /// for square `s`).
    pub fn squares_with(&self, d: u8) -> u128 {
        self.squares[usize::from(d)]
    }

    /// The squares where `d` is placed, as a mask of squares.
    pub fn placed_with(&self, d: u8) -> u128 {
        self.placed[usize::from(d)]
    }

    /// The digits that unit `u` holds as a candidate by its counts
    /// ([`free`](Board::free) above 0), as a mask (see [`bit`]).
    pub fn open(&self, u: usize) -> u16 {
        self.open[u]
    }

    /// True when every square is filled.
    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// True when a square is left with no digit and no candidate: the
    /// position has no solution, and a path stops there.
    pub fn is_broken(&self) -> bool {
        self.dead > 0
    }

    /// Square `s` no longer holds `d` in its units' masks of places (the
    /// mask of the digit's squares is left to the caller). (Always
    /// inlined: every removal and placement runs it, and the call cost
    /// as much as its three stores.)
    #[inline(always)]
    fn unplace(&mut self, s: usize, d: u8) {
        let [r, c, b, ir, ic, ib] = SPOTS[s].map(usize::from);
        let d = usize::from(d);
        self.where_[r][d] &= !(1 << ir);
        self.where_[c][d] &= !(1 << ic);
        self.where_[b][d] &= !(1 << ib);
    }

    /// The naked singles waiting, oldest first.
    pub fn naked_queue(&self) -> &Queue {
        &self.naked
    }

    /// The hidden singles waiting, oldest first.
    pub fn hidden_queue(&self) -> &Queue {
        &self.hidden
    }

    /// Takes the oldest naked single waiting.
    pub fn take_naked(&mut self) -> Option<(usize, u8)> {
        self.naked.take()
    }

    /// Takes the oldest hidden single waiting.
    pub fn take_hidden(&mut self) -> Option<(usize, u8)> {
        self.hidden.take()
    }

    /// Queues the hidden single of `d` in unit `u`: the first square of
    /// the unit that still holds it.
    fn queue_hidden(&mut self, u: usize, d: u8) {
        let places = self.where_[u][usize::from(d)];
        if places != 0 {
            let s = UNITS[u][places.trailing_zeros() as usize];
            self.hidden.push(usize::from(s), d);
        }
    }

    /// Removes candidate `d` from square `s`; false when that leaves the
    /// square with none (the position is broken; the counts are then left
    /// as they were, as HoDoKu leaves them).
    #[inline]
    pub fn remove(&mut self, s: usize, d: u8) -> bool {
        if !self.has(s, d) {
            return true;
        }
        self.squares[usize::from(d)] &= !SQUARE_BITS[s];
        self.take_out(s, d)
    }

    /// [`remove`](Board::remove) of a candidate the square holds, whose
    /// bit in the digit's mask of squares the caller has cleared.
    /// (Always inlined: a placement runs it for each peer that loses the
    /// digit, and the call cost about a tenth of the work.)
    #[inline(always)]
    fn take_out(&mut self, s: usize, d: u8) -> bool {
        let left = self.cands[s] & !bit(d);
        self.cands[s] = left;
        self.unplace(s, d);
        // Most removals leave two or more candidates and two or more
        // places: one test each passes over both cases below.
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                self.dead += 1;
                return false;
            }
            self.naked.push(s, left.trailing_zeros() as u8 + 1);
        }
        for u in SPOTS[s][..3].iter().map(|&u| usize::from(u)) {
            let free = &mut self.free[u][usize::from(d)];
            *free -= 1;
            if *free < 2 {
                if *free == 1 {
                    self.queue_hidden(u, d);
                } else {
                    self.no_place_left(u, d);
                }
            }
        }
        true
    }

    /// Unit `u` has lost its last place of `d` by a removal: it no longer
    /// counts `d` as open, and its hidden single of `d`, if one waits, is
    /// dropped. Only a position without a solution comes here (a unit left
    /// with no place for a digit it has not got), so this is kept out of
    /// [`take_out`](Board::take_out), whose every call it would otherwise
    /// slow down.
    #[cold]
    #[inline(never)]
    fn no_place_left(&mut self, u: usize, d: u8) {
        self.open[u] &= !bit(d);
        self.hidden
            .drop_first(|q, e| e == d && units_of(q).contains(&u));
    }

    /// Writes `d` in square `s` and empties its candidates, keeping the
    /// counts of empty and dead squares; the candidates it had, or `None`
    /// when `d` was there already. What the peers and units lose is the
    /// caller's.
    fn fill(&mut self, s: usize, d: u8, given: bool) -> Option<u16> {
        if self.values[s] == d {
            return None;
        }
        match self.values[s] {
            0 if self.cands[s] == 0 => {
                self.dead -= 1;
                self.empty -= 1;
            }
            0 => self.empty -= 1,
            old => self.placed[usize::from(old)] &= !SQUARE_BITS[s],
        }
        self.placed[usize::from(d)] |= SQUARE_BITS[s];
        self.values[s] = d;
        self.given[s] = given;
        let own = self.cands[s];
        self.cands[s] = 0;
        Some(own)
    }

    /// Puts `d` in square `s` (a given or not): the peers lose `d`, in
    /// square order, then the square's own candidates leave its units'
    /// counts.
    pub fn place(&mut self, s: usize, d: u8, given: bool) {
        let Some(own) = self.fill(s, d, given) else {
            return;
        };
        let mut rest = own;
        while rest != 0 {
            let c = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            self.unplace(s, c);
            self.squares[usize::from(c)] &= !SQUARE_BITS[s];
        }
        // The peers that hold `d`, in square order.
        let mut peers = PEER_MASKS[s] & self.squares[usize::from(d)];
        self.squares[usize::from(d)] &= !peers;
        while peers != 0 {
            self.take_out(peers.trailing_zeros() as usize, d);
            peers &= peers - 1;
        }
        let mut rest = own;
        while rest != 0 {
            let c = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            for u in SPOTS[s][..3].iter().map(|&u| usize::from(u)) {
                let free = &mut self.free[u][usize::from(c)];
                *free -= 1;
                if *free < 2 {
                    if *free == 0 {
                        self.open[u] &= !bit(c);
                    } else if c != d {
                        self.queue_hidden(u, c);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_units_holding_a_mask_are_those_whose_squares_it_meets() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for n in 0..20_000 {
            // Sparse and dense masks: one to a few squares, or most.
            let mut mask = 0u128;
            for _ in 0..1 + n % 12 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                mask |= 1 << ((seed >> 33) % 81);
            }
            if n % 3 == 0 {
                mask ^= (1 << 81) - 1;
            }
            let plain = (0..27)
                .filter(|&u| UNIT_MASKS[u] & mask != 0)
                .fold(0u32, |acc, u| acc | 1 << u);
            assert_eq!(units_holding(mask), plain, "{mask:#x}");
        }
        assert_eq!(units_holding(0), 0);
    }

    #[test]
    fn units_are_rows_columns_then_boxes() {
        assert_eq!(UNITS[0], [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(UNITS[10], [1, 10, 19, 28, 37, 46, 55, 64, 73]);
        assert_eq!(UNITS[22], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(units_of(80), [8, 17, 26]);
    }

    #[test]
    fn the_looked_up_units_of_a_square_are_the_units_listing_it() {
        for (u, unit) in UNITS.iter().enumerate() {
            for &s in unit {
                assert_eq!(units_of(usize::from(s))[u / 9], u, "square {s}");
            }
        }
    }

    #[test]
    fn the_peers_are_the_squares_that_share_a_unit_in_square_order() {
        for (s, peers) in PEERS.iter().enumerate() {
            let seen: Vec<u8> = (0..81).filter(|&t| sees(s, t)).map(|t| t as u8).collect();
            assert_eq!(peers.to_vec(), seen, "{s}");
        }
    }

    #[test]
    fn a_square_left_with_one_candidate_queues_a_naked_single() {
        let mut board = Board::new();
        for d in 1..=8 {
            board.remove(0, d);
        }
        assert_eq!(board.naked_queue().waiting().collect::<Vec<_>>(), [(0, 9)]);
        assert_eq!(board.take_naked(), Some((0, 9)));
        assert_eq!(board.take_naked(), None);
    }

    #[test]
    fn reading_a_puzzle_gives_the_board_placing_its_givens_one_by_one_gives() {
        let puzzles = [
            "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6..",
            "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
            // Givens that clash, and a square left without a candidate.
            "11.......2........3........4........5........6........7........8",
            "12345678",
            "12345678.........9",
        ];
        for p in puzzles {
            let p = &format!("{p:.<81}");
            let mut grid = Grid::empty(Shape::standard());
            let mut placed = Board::new();
            for (s, d) in p.bytes().enumerate() {
                if d != b'.' {
                    grid.set(s, d - b'0');
                    placed.place(s, d - b'0', true);
                }
            }
            assert_eq!(Board::from_puzzle(&grid), placed, "{p}");
        }
    }

    #[test]
    fn reading_many_puzzles_gives_the_boards_placing_their_givens_one_by_one_gives() {
        // Reading a puzzle works its board out from all the givens at
        // once: the singles it queues, in their order, must still be the
        // ones placing the givens one by one queues. Puzzles from valid
        // solved grids (read all at once), of random digits (clashes,
        // read one by one), and of random digits that never clash (dead
        // squares and units without a place for a digit among them).
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        // How often a given was queued before it was placed, as a naked
        // and as a hidden single, among the puzzles read all at once:
        // those rare entries must be reproduced too.
        let (mut naked_given, mut hidden_given, mut at_once) = (0, 0, 0);
        for round in 0..30_000 {
            let mut map: Vec<u8> = (1..=9).collect();
            map.shuffle(&mut rng);
            let shift = rng.gen_range(0..3);
            let keep = match round % 6 {
                0..=2 => rng.gen_range(18..40),
                _ => rng.gen_range(40..80),
            };
            let mut grid = Grid::empty(Shape::standard());
            let mut placed = Board::new();
            for s in 0..81 {
                if rng.gen_range(0..81) >= keep {
                    continue;
                }
                let (r, c) = (s / 9, s % 9);
                let d = match round % 3 {
                    0 => map[(r * 3 + r / 3 + c + shift) % 9],
                    _ => rng.gen_range(1..=9),
                };
                let clash = (0..81).any(|t| sees(s, t) && grid.get(t) == d);
                if round % 3 == 2 && clash {
                    continue;
                }
                grid.set(s, d);
                placed.place(s, d, true);
            }
            let read = Board::from_puzzle(&grid);
            assert_eq!(read, placed, "round {round}");
            let mut cells = [0u8; 81];
            cells.copy_from_slice(grid.cells());
            if Board::read_at_once(&cells).is_some() {
                at_once += 1;
                let given = |(s, _): (usize, u8)| read.value(s) != 0;
                naked_given += usize::from(read.naked_queue().waiting().any(given));
                hidden_given += usize::from(read.hidden_queue().waiting().any(given));
            } else {
                // The givens of a solved grid are read all at once.
                assert_ne!(round % 3, 0, "round {round}");
            }
        }
        // Many of the random puzzles that never clash are read at once,
        // many are not.
        assert!(at_once > 12_000 && at_once < 18_000, "{at_once}");
        assert!(
            naked_given > 1000 && hidden_given > 1000,
            "{naked_given} {hidden_given}"
        );
    }

    #[test]
    fn the_looked_up_counts_are_the_bits_of_each_nine_bit_mask() {
        for mask in 0..512u16 {
            assert_eq!(count(mask), mask.count_ones(), "{mask:#x}");
        }
    }

    #[test]
    fn placing_keeps_the_counts() {
        let mut board = Board::new();
        board.place(0, 5, true);
        assert_eq!(board.free(0, 5), 0);
        assert_eq!(board.free(1, 5), 6, "row 2 keeps 5 outside box 1");
        assert_eq!(board.free(0, 1), 8);
        assert!(!board.has(8, 5) && board.has(80, 5));
    }
}
