//! The restricted commons between two almost locked sets (ALS) as HoDoKu
//! 2.2.0 finds them, and the three steps built on those: the ALS-XZ rule
//! (doubly linked too), the ALS-XY-wing and the ALS chain. The ALS are
//! collected in [`als_sets`](super::als_sets), whose items are used from
//! here too; the death blossom, which hangs ALS on one square, is in
//! [`death_blossom`](super::death_blossom).
//!
//! A digit is a restricted common (RC) of two ALS when every square of
//! both holding it sees every other; two ALS may have two. HoDoKu pairs each ALS with the later ones only, and with its
//! default options two ALS that share a square are not paired.
//!
//! - ALS-XZ: for each RC in order, the digits both ALS hold besides it
//!   are cleared from the squares seeing all of them in both. Two RCs
//!   make the pair doubly linked: each RC is cleared that way too, and
//!   each ALS without both RCs is a locked set clearing its digits from
//!   what sees them outside the other ALS. The solver takes the first
//!   found.
//! - ALS-XY-wing: two RCs, in order, that join three ALS (C in the
//!   middle) on different digits; A and B clear their common digits
//!   besides the RCs. The solver takes the first found.
//! - ALS chain: from each ALS, depth first over its RCs, each RC a digit
//!   other than the one that entered the ALS before it; from four ALS on,
//!   the first and the last clear what they share besides the RCs that
//!   touch them. Of chains clearing the same candidates the one with the
//!   fewest squares is kept; the solver sorts them (most removals, then
//!   the removals' weighted sum, then fewer ALS, then fewer squares) and
//!   takes the first.

pub use crate::logic::hodoku::als_sets::{
    candidate_sets, collect, seeing_all, squares_of, Als, Set,
};
use crate::logic::hodoku::board::{bit, digits, Board};
use crate::logic::hodoku::moves::{Move, Node};
use crate::logic::hodoku::table::Kind;
use std::collections::HashMap;

/// The ALS of a position and their restricted commons without overlap
/// (with each ALS's range of them), as the solver's three ALS searches
/// use them.
struct Solver {
    /// The position: each square's digit and candidates.
    key: ([u8; 81], [u16; 81]),
    alses: Vec<Als>,
    rcs: Vec<Rc>,
    ranges: Vec<(usize, usize)>,
}

/// What the ALS searches keep from one to the next, in a value the
/// caller owns and passes down: the last position's ALS and their
/// restricted commons (a path searches for an ALS-XZ, then an
/// ALS-XY-wing, then an ALS chain in the same position, and they need not
/// collect the same sets three times).
/// A fresh one gives the same steps, only slower.
#[derive(Default)]
pub struct Cache {
    last: Option<Solver>,
}

/// The ALS and restricted commons (no overlap) of `board`, collected
/// once per position.
fn solver_sets<'c>(board: &Board, cache: &'c mut Cache) -> &'c Solver {
    let key = (
        std::array::from_fn(|s| board.value(s)),
        std::array::from_fn(|s| board.cands(s)),
    );
    if cache.last.as_ref().is_some_and(|f| f.key != key) {
        cache.last = None;
    }
    cache.last.get_or_insert_with(|| {
        let alses = collect(board);
        let (rcs, ranges) = restricted_commons(&alses, false);
        Solver {
            key,
            alses,
            rcs,
            ranges,
        }
    })
}

/// A restricted common between ALS `a` and `b` (indices, `a` before
/// `b`): one digit, or two (`d2` 0 for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rc {
    /// The first ALS (its index).
    pub a: usize,
    /// The second ALS, a later one.
    pub b: usize,
    /// The RC digit.
    pub d1: u8,
    /// A second RC digit, or 0.
    pub d2: u8,
}

/// The restricted commons of `alses`, each ALS paired with the later
/// ones, in order; with each ALS's range of them (its RCs as `a`).
/// `overlap`: pair ALS that share squares (never on a digit in the
/// shared squares).
pub fn restricted_commons(alses: &[Als], overlap: bool) -> (Vec<Rc>, Vec<(usize, usize)>) {
    match overlap {
        false => restricted_commons_apart(alses),
        true => restricted_commons_by_pairs(alses, true),
    }
}

/// [`restricted_commons`] without overlap, found from each ALS's digits
/// instead of by trying every later ALS: two ALS apart have an RC on a
/// digit when every square of the second holding it sees every square of
/// the first that does, so the second's first square holding it is one
/// of the squares that see all of the first's; the ALS are listed by
/// that square and digit.
fn restricted_commons_apart(alses: &[Als]) -> (Vec<Rc>, Vec<(usize, usize)>) {
    // The ALS by the first square holding each of their digits
    // (square * 10 + digit), side by side.
    let mut starts = vec![0u32; 81 * 10 + 1];
    for y in alses {
        for d in digits(y.cands) {
            let k = usize::from(d);
            starts[y.with[k].trailing_zeros() as usize * 10 + k + 1] += 1;
        }
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut next = starts.clone();
    let mut by_first = vec![0u32; starts[81 * 10] as usize];
    for (j, y) in alses.iter().enumerate() {
        for d in digits(y.cands) {
            let k = usize::from(d);
            let at = &mut next[y.with[k].trailing_zeros() as usize * 10 + k];
            by_first[*at as usize] = j as u32;
            *at += 1;
        }
    }
    let mut rcs = Vec::new();
    let mut ranges = Vec::with_capacity(alses.len());
    let mut hits: Vec<(u32, u8)> = Vec::new();
    for (i, x) in alses.iter().enumerate() {
        hits.clear();
        for d in digits(x.cands) {
            let k = usize::from(d);
            let reach = x.seen_by[k];
            for t in squares_of(reach) {
                let listed = starts[t * 10 + k] as usize..starts[t * 10 + k + 1] as usize;
                for &j in &by_first[listed] {
                    let y = &alses[j as usize];
                    if j as usize > i && y.cells & x.cells == 0 && y.with[k] & !reach == 0 {
                        hits.push((j, d));
                    }
                }
            }
        }
        hits.sort_unstable();
        let start = rcs.len();
        for (n, &(j, d)) in hits.iter().enumerate() {
            match n > 0 && hits[n - 1].0 == j {
                // A third digit takes the second's place, as below.
                true => rcs.last_mut().map_or((), |rc: &mut Rc| rc.d2 = d),
                false => rcs.push(Rc {
                    a: i,
                    b: j as usize,
                    d1: d,
                    d2: 0,
                }),
            }
        }
        ranges.push((start, rcs.len()));
    }
    (rcs, ranges)
}

/// [`restricted_commons`], trying each ALS with every later one.
fn restricted_commons_by_pairs(alses: &[Als], overlap: bool) -> (Vec<Rc>, Vec<(usize, usize)>) {
    let mut rcs = Vec::new();
    let mut ranges = Vec::with_capacity(alses.len());
    // Most pairs share no digit or overlap: tell them from these two
    // lists, kept apart from the rest of each ALS (which is large).
    let cands: Vec<u16> = alses.iter().map(|a| a.cands).collect();
    let cells: Vec<u128> = alses.iter().map(|a| a.cells).collect();
    for (i, x) in alses.iter().enumerate() {
        let start = rcs.len();
        for j in i + 1..alses.len() {
            let common = x.cands & cands[j];
            if common == 0 {
                continue;
            }
            let shared = x.cells & cells[j];
            if !overlap && shared != 0 {
                continue;
            }
            let y = &alses[j];
            let mut rc: Option<Rc> = None;
            for d in digits(common) {
                let k = usize::from(d);
                let places = x.with[k] | y.with[k];
                if places & shared != 0 {
                    continue;
                }
                let both = (x.seen_by[k] | x.with[k]) & (y.seen_by[k] | y.with[k]);
                if places & both == places {
                    match rc.as_mut() {
                        None => {
                            rc = Some(Rc {
                                a: i,
                                b: j,
                                d1: d,
                                d2: 0,
                            })
                        }
                        Some(rc) => rc.d2 = d,
                    }
                }
            }
            rcs.extend(rc);
        }
        ranges.push((start, rcs.len()));
    }
    (rcs, ranges)
}

/// The digits both `x` and `y` hold but those of `skip` (0 for none),
/// cleared from the squares that see all of them in both: appends the
/// removals to `deletes` and the digit's squares in the two ALS to
/// `fins` (HoDoKu's Z).
fn common_removals(
    x: &Als,
    y: &Als,
    skip: &[u8],
    deletes: &mut Vec<(usize, u8)>,
    fins: &mut Vec<(usize, u8)>,
) {
    let mut possible = x.cands & y.cands;
    for &d in skip.iter().filter(|&&d| d != 0) {
        possible &= !bit(d);
    }
    if possible == 0 || x.seen_by_any & y.seen_by_any == 0 {
        return;
    }
    for d in digits(possible) {
        let k = usize::from(d);
        let hit = x.seen_by[k] & y.seen_by[k];
        if hit != 0 {
            deletes.extend(squares_of(hit).map(|s| (s, d)));
            fins.extend(squares_of(x.with[k] | y.with[k]).map(|s| (s, d)));
        }
    }
}

/// Doubly linked: `x` without the two RCs is a locked set; its other
/// digits are cleared from what sees them outside `y`. True when it
/// clears something.
fn locked_removals(x: &Als, y: &Als, rc: &Rc, deletes: &mut Vec<(usize, u8)>) -> bool {
    let rest = x.cands & !bit(rc.d1) & !bit(rc.d2);
    let mut any = false;
    for d in digits(rest) {
        let hit = x.seen_by[usize::from(d)] & !y.cells;
        any |= hit != 0;
        deletes.extend(squares_of(hit).map(|s| (s, d)));
    }
    any
}

/// The digits of a mask, as a list.
fn list(mask: u16) -> Vec<u8> {
    digits(mask).collect()
}

/// The mask of the nonzero digits of `ds`.
fn mask_of(ds: &[u8]) -> u16 {
    ds.iter().filter(|&&d| d != 0).fold(0, |m, &d| m | bit(d))
}

/// Every ALS-XZ of the position in HoDoKu's order of finding (the first
/// only when `first_only`).
pub fn xz(board: &Board, first_only: bool) -> Vec<Move> {
    xz_with(board, first_only, &mut Cache::default())
}

/// [`xz`] on the sets `cache` keeps.
pub fn xz_with(board: &Board, first_only: bool, cache: &mut Cache) -> Vec<Move> {
    let sets = solver_sets(board, cache);
    let (alses, rcs) = (&sets.alses, &sets.rcs);
    let mut out = Vec::new();
    for rc in rcs {
        let (x, y) = (&alses[rc.a], &alses[rc.b]);
        let (mut deletes, mut fins) = (Vec::new(), Vec::new());
        common_removals(x, y, &[rc.d1], &mut deletes, &mut fins);
        if rc.d2 != 0 {
            common_removals(x, y, &[rc.d2], &mut deletes, &mut fins);
            let one = locked_removals(x, y, rc, &mut deletes);
            let two = locked_removals(y, x, rc, &mut deletes);
            if one || two {
                fins.clear();
            }
        }
        if deletes.is_empty() {
            continue;
        }
        let mut m = Move::new(Kind::AlsXz);
        m.digits = list(mask_of(&[rc.d1, rc.d2]));
        m.groups = vec![x.group(), y.group()];
        m.cells = union_squares(&[x, y]);
        m.fins = fins.iter().map(|&(s, _)| s).collect();
        m.deletes = deletes;
        m.chain = wing_nodes(&[x, y], &[m.digits[0]], first_digit(&m));
        out.push(m);
        if first_only {
            break;
        }
    }
    out
}

/// Every ALS-XY-wing of the position in HoDoKu's order of finding (the
/// first only when `first_only`); `overlap` lets A and B share squares.
pub fn xy_wings(board: &Board, first_only: bool, overlap: bool) -> Vec<Move> {
    xy_wings_with(board, first_only, overlap, &mut Cache::default())
}

/// [`xy_wings`] on the sets `cache` keeps.
pub fn xy_wings_with(
    board: &Board,
    first_only: bool,
    overlap: bool,
    cache: &mut Cache,
) -> Vec<Move> {
    let (shared, own);
    let (alses, rcs) = match overlap {
        false => {
            shared = solver_sets(board, cache);
            (&shared.alses, &shared.rcs)
        }
        true => {
            let alses = collect(board);
            let (rcs, _) = restricted_commons(&alses, true);
            own = (alses, rcs);
            (&own.0, &own.1)
        }
    };
    // The RCs touching each ALS, to visit only the pairs sharing one: ALS
    // `k`'s are `touching[starts[k]..starts[k + 1]]`, in order.
    let mut starts = vec![0usize; alses.len() + 1];
    for rc in rcs {
        starts[rc.a + 1] += 1;
        starts[rc.b + 1] += 1;
    }
    for k in 1..starts.len() {
        starts[k] += starts[k - 1];
    }
    let mut next = starts.clone();
    let mut touching = vec![0usize; 2 * rcs.len()];
    for (i, rc) in rcs.iter().enumerate() {
        for k in [rc.a, rc.b] {
            touching[next[k]] = i;
            next[k] += 1;
        }
    }
    let mut out = Vec::new();
    let mut later = Vec::new();
    for (i, r1) in rcs.iter().enumerate() {
        // The later RCs touching either ALS, in order: the two lists are
        // in order, so their parts after `i` are merged.
        let after = |k: usize| {
            let of_k = &touching[starts[k]..starts[k + 1]];
            &of_k[of_k.partition_point(|&j| j <= i)..]
        };
        merge_sorted(after(r1.a), after(r1.b), &mut later);
        for &j in &later {
            let r2 = &rcs[j];
            if r1.d2 == 0 && r2.d2 == 0 && r1.d1 == r2.d1 {
                continue;
            }
            let Some((a, b, c)) = wing_of(r1, r2) else {
                continue;
            };
            let (a, b, c) = (&alses[a], &alses[b], &alses[c]);
            // Most pairs share no digit, or no square sees both (as
            // `common_removals` would find first): told at once.
            if a.cands & b.cands == 0 || a.seen_by_any & b.seen_by_any == 0 {
                continue;
            }
            if !overlap && a.cells & b.cells != 0 {
                continue;
            }
            let both = a.cells | b.cells;
            if both == a.cells || both == b.cells {
                continue;
            }
            let (mut deletes, mut fins) = (Vec::new(), Vec::new());
            let skip = [r1.d1, r1.d2, r2.d1, r2.d2];
            common_removals(a, b, &skip, &mut deletes, &mut fins);
            if deletes.is_empty() {
                continue;
            }
            let mut m = Move::new(Kind::AlsXyWing);
            m.digits = list(mask_of(&skip));
            m.groups = vec![a.group(), b.group(), c.group()];
            m.cells = union_squares(&[a, b, c]);
            m.fins = fins.iter().map(|&(s, _)| s).collect();
            m.deletes = deletes;
            let links = [r1.d1, r2.d1];
            m.chain = wing_nodes(&[a, c, b], &links, first_digit(&m));
            out.push(m);
            if first_only {
                return out;
            }
        }
    }
    out
}

/// The numbers of two lists in increasing order, in increasing order,
/// each once, into `out` (emptied first).
fn merge_sorted(a: &[usize], b: &[usize], out: &mut Vec<usize>) {
    out.clear();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let next = a[i].min(b[j]);
        out.push(next);
        i += usize::from(a[i] == next);
        j += usize::from(b[j] == next);
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

/// Which ALS of two RCs are A, B and C (the one they share), as HoDoKu
/// names them; none when they do not join three ALS.
fn wing_of(r1: &Rc, r2: &Rc) -> Option<(usize, usize, usize)> {
    let joins = (r1.a == r2.a && r1.b != r2.b)
        || (r1.b == r2.a && r1.a != r2.b)
        || (r1.a == r2.b && r1.b != r2.a)
        || (r1.b == r2.b && r1.a != r2.a);
    if !joins {
        return None;
    }
    // The later match wins, as in HoDoKu.
    let mut found = None;
    if r1.a == r2.a {
        found = Some((r1.b, r2.b, r1.a));
    }
    if r1.a == r2.b {
        found = Some((r1.b, r2.a, r1.a));
    }
    if r1.b == r2.a {
        found = Some((r1.a, r2.b, r1.b));
    }
    if r1.b == r2.b {
        found = Some((r1.a, r2.a, r1.b));
    }
    found
}

/// The squares of some ALS, each once, smallest first.
fn union_squares(alses: &[&Als]) -> Vec<usize> {
    squares_of(alses.iter().fold(0, |acc, a| acc | a.cells)).collect()
}

/// The smallest digit a move removes.
fn first_digit(m: &Move) -> u8 {
    m.deletes.iter().map(|&(_, d)| d).min().unwrap_or(0)
}

/// The nodes of a chain through `alses` joined by the digits `links`,
/// entered and left on `z`: in each ALS the digit it cannot be, then the
/// one it must be.
fn wing_nodes(alses: &[&Als], links: &[u8], z: u8) -> Vec<Node> {
    let mut nodes = Vec::new();
    for (i, a) in alses.iter().enumerate() {
        let off = if i == 0 { z } else { links[i - 1] };
        let on = links.get(i).copied().unwrap_or(z);
        for (digit, on) in [(off, false), (on, true)] {
            nodes.push(Node {
                cells: a.squares(),
                digit,
                on,
                als: true,
            });
        }
    }
    nodes
}

/// The options of an ALS chain search.
#[derive(Clone, Copy, Debug)]
pub struct ChainOptions {
    /// The most RCs in a chain (HoDoKu's solver: 50; its find-all and
    /// regression tester: 6).
    pub max_rcs: usize,
    /// Pair ALS that share squares.
    pub overlap: bool,
    /// Keep one chain per set of removals (the one with fewest squares),
    /// its removals sorted by digit then square.
    pub one_per_removals: bool,
}

impl ChainOptions {
    /// The options of HoDoKu's solver.
    pub const SOLVER: ChainOptions = ChainOptions {
        max_rcs: 50,
        overlap: false,
        one_per_removals: true,
    };

    /// The options of HoDoKu's "find all steps".
    pub const ALL: ChainOptions = ChainOptions {
        max_rcs: 6,
        overlap: false,
        one_per_removals: true,
    };
}

/// One RC of a chain: its index and which of its digits link (1: the
/// first, 2: the second, 3: both).
type Link = (usize, u8);

/// The state of one chain search.
struct ChainSearch<'a> {
    alses: &'a [Als],
    rcs: &'a [Rc],
    ranges: &'a [(usize, usize)],
    options: ChainOptions,
    start: usize,
    chain: Vec<Link>,
    in_chain: Vec<bool>,
    found: Vec<Move>,
    by_removals: HashMap<Vec<(usize, u8)>, usize>,
}

/// Which digits of `rc` may link after `last` (0: none), by HoDoKu's
/// rule: not the digit(s) that linked into the ALS. The first RC of a
/// chain with two digits is tried on each alone.
fn linking(rc: &Rc, last: Option<(&Rc, u8)>, first_try: bool) -> u8 {
    let mut actual = if rc.d2 == 0 { 1 } else { 3 };
    match last {
        None => {
            if rc.d2 != 0 {
                actual = if first_try { 1 } else { 2 };
            }
        }
        Some((p, how)) => match how {
            1 => actual = compare_links(p.d1, 0, rc.d1, rc.d2),
            2 => actual = compare_links(p.d2, 0, rc.d1, rc.d2),
            // HoDoKu compares a double link's first digit twice here.
            3 => actual = compare_links(p.d1, p.d1, rc.d1, rc.d2),
            _ => {}
        },
    }
    actual
}

/// Which of the new RC's digits (`n1`, `n2`) are left when the previous
/// link used `p1` (and `p2`).
fn compare_links(p1: u8, p2: u8, n1: u8, n2: u8) -> u8 {
    match (p2 == 0, n2 == 0) {
        (true, true) => u8::from(p1 != n1),
        (true, false) if p1 == n2 => 1,
        (true, false) if p1 == n1 => 2,
        (true, false) => 3,
        (false, true) if p1 == n1 || p2 == n1 => 0,
        (false, true) => 1,
        (false, false) if (p1 == n1 && p2 == n2) || (p1 == n2 && p2 == n1) => 0,
        (false, false) if p1 == n2 || p2 == n2 => 1,
        (false, false) if p1 == n1 || p2 == n1 => 2,
        (false, false) => 3,
    }
}

/// The digits that link, by [`linking`]'s answer.
fn link_digits(rc: &Rc, how: u8) -> Vec<u8> {
    match how {
        1 => vec![rc.d1],
        2 => vec![rc.d2],
        3 => vec![rc.d1, rc.d2],
        _ => Vec::new(),
    }
}

impl ChainSearch<'_> {
    fn walk(&mut self, from: usize, last: Option<Link>) {
        if self.chain.len() >= self.options.max_rcs {
            return;
        }
        let (lo, hi) = self.ranges[from];
        let mut i = lo;
        let mut first_try = true;
        while i < hi {
            let rc = self.rcs[i];
            let prev = last.map(|(j, how)| (&self.rcs[j], how));
            let how = linking(&rc, prev, first_try);
            if self.chain.len() >= self.options.max_rcs || how == 0 || self.in_chain[rc.b] {
                i += 1;
                continue;
            }
            self.chain.push((i, how));
            self.in_chain[rc.b] = true;
            if self.chain.len() >= 3 {
                self.check();
            }
            self.walk(rc.b, Some((i, how)));
            self.in_chain[rc.b] = false;
            self.chain.pop();
            if last.is_none() {
                if rc.d2 != 0 && first_try {
                    first_try = false;
                    continue;
                }
                first_try = true;
            }
            i += 1;
        }
    }

    /// The chain so far: what its first and last ALS clear.
    fn check(&mut self) {
        let (first, first_how) = self.chain[0];
        let (last, last_how) = *self.chain.last().expect("a chain");
        let (f, l) = (&self.rcs[first], &self.rcs[last]);
        let (start, end) = (&self.alses[self.start], &self.alses[l.b]);
        // Most chains end on an ALS that shares no digit with the start,
        // or that no square outside sees together with the start: they
        // clear nothing ([`common_removals`] would find as much, after
        // working out the digits the links take).
        if start.cands & end.cands == 0 || start.seen_by_any & end.seen_by_any == 0 {
            return;
        }
        let mut skip = [f.d1, f.d2, 0, 0];
        match first_how {
            1 => skip[1] = 0,
            2 => skip[0] = 0,
            _ => {}
        }
        // The digits the last link ends on (as `link_digits` lists them,
        // without a list made at every step of the walk).
        match last_how {
            1 => skip[2] = l.d1,
            2 => skip[2] = l.d2,
            3 => (skip[2], skip[3]) = (l.d1, l.d2),
            _ => {}
        }
        let (mut deletes, mut fins) = (Vec::new(), Vec::new());
        common_removals(start, end, &skip, &mut deletes, &mut fins);
        if deletes.is_empty() {
            return;
        }
        let mut path: Vec<&Als> = vec![start];
        path.extend(self.chain.iter().map(|&(j, _)| &self.alses[self.rcs[j].b]));
        let cells: usize = path.iter().map(|a| a.size()).sum();
        let m = self.chain_move(&path, deletes);
        if !self.options.one_per_removals {
            self.found.push(m);
            return;
        }
        match self.by_removals.get(&m.deletes) {
            Some(&k) => {
                if group_cells(&self.found[k]) > cells {
                    self.found[k] = m;
                }
            }
            None => {
                self.by_removals.insert(m.deletes.clone(), self.found.len());
                self.found.push(m);
            }
        }
    }

    fn chain_move(&self, path: &[&Als], mut deletes: Vec<(usize, u8)>) -> Move {
        if self.options.one_per_removals {
            // HoDoKu sorts the removals when it compares them.
            deletes.sort_by_key(|&(s, d)| (d, s));
            deletes.dedup();
        }
        let mut m = Move::new(Kind::AlsChain);
        m.deletes = deletes;
        m.groups = path.iter().map(|a| a.group()).collect();
        m.cells = union_squares(path);
        m.digits = list(mask_of(
            &m.deletes.iter().map(|&(_, d)| d).collect::<Vec<_>>(),
        ));
        // In each ALS: the digits it cannot be, then those it must be.
        let z = m.digits.clone();
        for (k, a) in path.iter().enumerate() {
            let into = match k {
                0 => z.clone(),
                _ => {
                    let (j, how) = self.chain[k - 1];
                    link_digits(&self.rcs[j], how)
                }
            };
            let out = match self.chain.get(k) {
                Some(&(j, how)) => link_digits(&self.rcs[j], how),
                None => z.clone(),
            };
            for (ds, on) in [(into, false), (out, true)] {
                for digit in ds {
                    m.chain.push(Node {
                        cells: a.squares(),
                        digit,
                        on,
                        als: true,
                    });
                }
            }
        }
        m
    }
}

/// How many squares the ALS of a move have together (a square in two
/// counts twice).
fn group_cells(m: &Move) -> usize {
    m.groups.iter().map(|(cells, _)| cells.len()).sum()
}

/// Every ALS chain of the position under `options`, in the order HoDoKu
/// finds them (see [`sorted`] for the order its solver takes them in).
pub fn chains(board: &Board, options: ChainOptions) -> Vec<Move> {
    chains_with(board, options, &mut Cache::default())
}

/// [`chains`] on the sets `cache` keeps.
pub fn chains_with(board: &Board, options: ChainOptions, cache: &mut Cache) -> Vec<Move> {
    let (shared, own);
    let (alses, rcs, ranges) = match options.overlap {
        false => {
            shared = solver_sets(board, cache);
            (&shared.alses, &shared.rcs, &shared.ranges)
        }
        true => {
            let alses = collect(board);
            let (rcs, ranges) = restricted_commons(&alses, true);
            own = (alses, rcs, ranges);
            (&own.0, &own.1, &own.2)
        }
    };
    let mut search = ChainSearch {
        alses,
        rcs,
        ranges,
        options,
        start: 0,
        chain: Vec::new(),
        in_chain: vec![false; alses.len()],
        found: Vec::new(),
        by_removals: HashMap::new(),
    };
    for i in 0..alses.len() {
        search.start = i;
        search.in_chain.iter_mut().for_each(|b| *b = false);
        search.in_chain[i] = true;
        search.walk(i, None);
    }
    search.found
}

/// ALS steps as HoDoKu sorts them: most removals first (a removal found
/// twice counts twice); of two steps clearing the same candidates, the
/// one with fewer ALS, then fewer squares in them; else the one whose
/// removals have the smaller weighted sum. That order is not always
/// transitive, so the steps are sorted as HoDoKu's list sort does a short
/// list: the leading run in order (reversed when it falls), then each
/// later step put after the last one it does not come before.
pub fn sorted(mut found: Vec<Move>) -> Vec<Move> {
    use std::cmp::Ordering::Less;
    let n = found.len();
    if n < 2 {
        return found;
    }
    let mut run = 2;
    if compare(&found[1], &found[0]) == Less {
        while run < n && compare(&found[run], &found[run - 1]) == Less {
            run += 1;
        }
        found[..run].reverse();
    } else {
        while run < n && compare(&found[run], &found[run - 1]) != Less {
            run += 1;
        }
    }
    for i in run..n {
        let (mut left, mut right) = (0, i);
        while left < right {
            let mid = (left + right) / 2;
            if compare(&found[i], &found[mid]) == Less {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        found[left..=i].rotate_right(1);
    }
    found
}

/// HoDoKu's comparison of two ALS steps (see [`sorted`]).
fn compare(x: &Move, y: &Move) -> std::cmp::Ordering {
    let by_count = y.deletes.len().cmp(&x.deletes.len());
    if by_count.is_ne() {
        return by_count;
    }
    let same = x.deletes.iter().all(|c| y.deletes.contains(c))
        && y.deletes.iter().all(|c| x.deletes.contains(c));
    if !same {
        let weight = |m: &Move| -> usize {
            m.deletes
                .iter()
                .enumerate()
                .map(|(i, &(s, d))| s * (1 + 80 * i) + usize::from(d))
                .sum()
        };
        return weight(x).cmp(&weight(y));
    }
    (x.groups.len(), group_cells(x)).cmp(&(y.groups.len(), group_cells(y)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::hodoku::library::parse_case;
    use crate::logic::hodoku::search::{first, run_case};
    use crate::logic::step::LinkReason;

    #[test]
    fn the_restricted_commons_of_sets_apart_are_those_every_pair_tried_gives() {
        for case in [XZ_CASE, DOUBLY_CASE, WING_CASE, CHAIN_CASE] {
            let board = parse_case(case).unwrap().board;
            let alses = collect(&board);
            let fast = restricted_commons(&alses, false);
            assert!(!fast.0.is_empty());
            assert_eq!(fast, restricted_commons_by_pairs(&alses, false));
        }
    }

    #[test]
    fn merging_two_sorted_lists_gives_their_sorted_union() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut out = vec![99];
        for round in 0..500 {
            let mut list = |n: usize| -> Vec<usize> {
                let mut l: Vec<usize> = (0..n).map(|_| rng.gen_range(0..40)).collect();
                l.sort_unstable();
                l.dedup();
                l
            };
            let (a, b) = (list(round % 20), list(round % 13));
            let mut want: Vec<usize> = a.iter().chain(&b).copied().collect();
            want.sort_unstable();
            want.dedup();
            merge_sorted(&a, &b, &mut out);
            assert_eq!(out, want, "{a:?} {b:?}");
        }
    }

    /// The chain search passes over a chain whose end no outside square
    /// sees together with its start, and the XY-wing search two wings no
    /// outside square sees both of: digit by digit, what sees both sets'
    /// squares holding it is then nothing, whatever digits the links take.
    #[test]
    fn sets_no_square_sees_together_share_no_removal() {
        let mut apart = 0;
        for case in [XZ_CASE, DOUBLY_CASE, WING_CASE, CHAIN_CASE] {
            let board = parse_case(case).unwrap().board;
            let cand_sets = candidate_sets(&board);
            let alses = collect(&board);
            for x in &alses {
                for y in alses.iter().filter(|y| y.seen_by_any & x.seen_by_any == 0) {
                    apart += 1;
                    for d in digits(x.cands & y.cands) {
                        let k = usize::from(d);
                        let holders = x.with[k] | y.with[k];
                        let hit = seeing_all(holders) & cand_sets[k] & !x.cells & !y.cells;
                        assert_eq!(hit, 0, "{d} {:?} {:?}", x.squares(), y.squares());
                    }
                }
            }
        }
        assert!(apart > 1000, "only {apart} pairs apart");
    }

    /// Cases of HoDoKu's regression library, each with the step HoDoKu's
    /// solver takes there.
    #[test]
    fn the_sets_of_a_position_are_collected_again_when_a_candidate_goes() {
        let mut board = parse_case(XZ_CASE).unwrap().board;
        let lines = |b: &Board| -> Vec<String> { xz(b, false).iter().map(|m| m.line()).collect() };
        let before = lines(&board);
        let (s, d) = xz(&board, true)[0].deletes[0];
        board.remove(s, d);
        let after = lines(&board);
        assert_ne!(after, before);
        // A new thread has no sets kept from before.
        let b = board.clone();
        let new = std::thread::spawn(move || {
            let lines =
                |b: &Board| -> Vec<String> { xz(b, false).iter().map(|m| m.line()).collect() };
            (lines(&b), chains(&b, ChainOptions::SOLVER).len())
        })
        .join()
        .unwrap();
        assert_eq!((after, chains(&board, ChainOptions::SOLVER).len()), new);
    }

    const XZ_CASE: &str = ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::";
    const DOUBLY_CASE: &str = ":0901-2:12479:.......+3.6..5..18..83.1..+2....9573...6.....92...........+6...254.487...1+3..23.....:111 615 616 636 453 457 261 262 164 464 664 465 467 667 668 669 171 971 172 972 985 986 791 792 895 995 196 896 996:141 149 151 153 161 162 163 212 413 463 725 925 926::";
    const WING_CASE: &str = ":0902-1:7:+8...43..+1.+3+1.5+7..8.721......9+3+5+1......5....1.18.3..........1.67..7..91..3+1+8+76592+4:441 247 451 254 454 854 255 257 265 267 471 274 875 481 284 885:768::";
    const CHAIN_CASE: &str = ":0903-1:127:...+8......3.+57.8.98....315.9.8142......+3+5....5.+36...4.1.42+3....+3..7....6.8...531.:412 612 712 613 916 933 572 986 587 987:113 213 713::";

    fn first_line(case: &str) -> String {
        let case = parse_case(case).unwrap();
        let kind = Kind::from_code(&case.code).unwrap();
        assert!(run_case(&case).unwrap().passed, "{}", case.code);
        let m = first(kind, &mut case.board.clone()).unwrap().unwrap();
        m.line()
    }

    #[test]
    fn an_als_xz_clears_the_common_digit_that_sees_both_sets() {
        assert_eq!(
            first_line(XZ_CASE),
            "Almost Locked Set XZ-Rule: A=r1c46,r2c5 {1358}, B=r1c89,r2c9,r3c8 {23589}, \
             X=5, Z=3 => r2c7<>3"
        );
    }

    #[test]
    fn a_doubly_linked_als_xz_locks_both_sets_and_names_no_z() {
        assert_eq!(
            first_line(DOUBLY_CASE),
            "Almost Locked Set XZ-Rule: A=r2c239 {2479}, B=r4c23 {124}, X=2,4 => \
             r16c3<>4, r1c2<>2, r2c5<>7, r2c56<>9, r4c19,r5c13,r6c123<>1"
        );
    }

    #[test]
    fn an_als_xy_wing_joins_two_sets_through_a_third() {
        assert_eq!(
            first_line(WING_CASE),
            "Almost Locked Set XY-Wing: A=r6c5 {79}, B=r123c8,r3c79 {345679}, \
             C=r3c56 {689}, X,Y=6,9, Z=7 => r6c8<>7"
        );
    }

    #[test]
    fn an_als_chain_names_each_set_and_the_digits_linking_them() {
        assert_eq!(
            first_line(CHAIN_CASE),
            "Almost Locked Set Chain: 127- r1c156789 {1234679} -9- r3c4 {49} -4- r9c4 {49} \
             -9- r2359c3 {12679} -127 => r1c3<>1, r1c3<>2, r1c3<>7"
        );
    }

    #[test]
    fn an_als_chain_step_carries_its_sets_as_nodes_for_drawing() {
        let case = parse_case(CHAIN_CASE).unwrap();
        let m = first(Kind::AlsChain, &mut case.board.clone())
            .unwrap()
            .unwrap();
        assert_eq!(m.groups.len(), 4);
        let step = m.to_step();
        let links = &step.evidence.chain;
        assert!(m.chain.iter().all(|n| n.als));
        assert_eq!(links[0].reason, LinkReason::Assumption);
        assert!(links[1..].iter().all(|l| l.reason == LinkReason::Rule));
        // Each ALS's squares come with its nodes.
        assert_eq!(step.evidence.chain_squares.len(), m.chain.len());
        assert_eq!(step.evidence.chain_squares[0].len(), 6);
        // The digits it clears are off in the first set, on in the last.
        assert_eq!((m.chain[0].digit, m.chain[0].on), (1, false));
        let last = m.chain.last().unwrap();
        assert_eq!((last.digit, last.on), (7, true));
    }

    #[test]
    fn the_solver_takes_the_chain_that_clears_most() {
        let case = parse_case(CHAIN_CASE).unwrap();
        let all = sorted(chains(&case.board, ChainOptions::SOLVER));
        assert!(all
            .windows(2)
            .all(|w| w[0].deletes.len() >= w[1].deletes.len()));
    }
}
