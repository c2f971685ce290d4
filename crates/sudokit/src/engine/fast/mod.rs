//! A fast 9x9 Sudoku solver core: finds the first solution, counts solutions up
//! to a limit, or gives up after a number of guesses. It exists because the
//! general-purpose engines of sudokit spend most of their time on bookkeeping
//! that a fixed 9x9 shape lets us compile away.
//!
//! # Design
//!
//! The grid is held as band bitboards: for each digit and each band (three
//! rows), a 27-bit mask of the cells where the digit can still go, 27 words in
//! all (stored four to a digit, the fourth always empty). A placed digit
//! keeps its own bit, so each word also says where the digit already is.
//! Propagation works one (digit, band) word at a time and only on words that
//! changed since they were last looked at (a copy of every word as last
//! propagated is kept; comparing the two is one 256-bit compare per 8 words
//! on AVX2, or, where a few placements are all that happened since, a
//! compare of the words they touched, one at a time: a vector read right
//! after the scalar stores of a placement waits for them to reach the
//! cache, a read of one word is served from them):
//!
//! * the word's nine row-by-box segments are reduced to a 9-bit pattern
//!   (three table lookups, or one `pext` on the AVX2 backend where `pext` is
//!   fast); a table maps that pattern to the union of the 3x3 permutation
//!   matrices inside it (the digit takes one segment per row and per box of
//!   the band). Masking with it does pointing and claiming (locked
//!   candidates) inside the band and finds a dead band;
//! * a row left with one free cell is a single (this covers hidden singles in
//!   rows and boxes): the digit is placed, removed from the other digits of
//!   that cell and from the column in the other two bands;
//! * when no word changes any more, one sweep per band over the nine digit
//!   words finds cells with one candidate (naked singles), cells with none
//!   (contradiction) and cells with two (bivalue);
//! * then one pass per digit across the three bands finds hidden singles in
//!   columns, empty columns, and locked candidates between boxes and columns
//!   (the same permutation rule as inside a band, applied to each stack with
//!   bit rotations instead of a table). The AVX2 backend does this pass for
//!   eight digits at once.
//!
//! When most words changed at once (in practice the first round after the
//! givens), the AVX2 backend runs the first two steps on all 27 words in one
//! vector pass instead, the segment rule done with shifts rather than the
//! table, and places the singles it found afterwards. Propagation only ever
//! removes candidates, so the rules reach the same fixpoint in either order
//! and the search is unchanged; what the pass saves is the branch
//! mispredicts of walking every word (easy puzzles solve 10-20% faster).
//!
//! When propagation stalls the search branches, DPLL style, on a bivalue
//! cell: among the first 10 in board order, the one whose two digits knock
//! out the most candidates among its peers (product of the two counts, peers
//! that are themselves bivalue weighted 4x because they turn into singles),
//! trying first the digit with the larger count. When the root leaves fewer
//! than 50 open cells, the search below it takes the first bivalue cell,
//! without scoring and without the cross-band pass, until it meets a dead
//! end: such puzzles usually have several solutions, their guesses rarely
//! fail, and the work that aims at contradictions only costs time there (see
//! `OPEN_GATE` in `search`). For the same reason a root with 30 givens or
//! more branches on its first bivalue cell, after every rule has run (see
//! `MANY_GIVENS`). Without a bivalue cell it branches on a cell
//! with the fewest candidates. The candidates before the guess are copied
//! onto a fixed-size stack (at most 81 deep); nothing is allocated on the
//! heap.
//!
//! A uniqueness check (solutions up to 2) stops at the first solution when
//! that solution shows a second one exists: four cells, none a given, in
//! two rows of a band (or two columns of a stack) reading `x y` and `y x`
//! can swap their digits and stay a solution (the "unique rectangle" of
//! human solvers, the smallest unavoidable set). About two thirds of
//! serg_benchmark's first solutions hold one; a puzzle with one solution
//! never does, so there the check is pure cost, kept small: on the AVX2
//! backend one SSE4.2 string compare per pair of lines, 18 in all, and no
//! branch per cell (see `search::swappable_rectangle`).
//!
//! Givens are loaded in one branch-free pass (three 32-byte compares per
//! digit on AVX2) rather than one placement each: whether a cell is given is
//! unpredictable, and the mispredictions cost as much as solving an easy
//! puzzle.
//!
//! The scalar and AVX2 backends run the same search (see `search`), generic
//! over a small `Kernel` trait; the AVX2 one is compiled with
//! `avx2,bmi1,bmi2,popcnt,lzcnt` enabled and swaps in vector kernels.
//! Diagonal (X-Sudoku) support is a const generic parameter, so the standard
//! path carries no test for it.
//!
//! # Measured and left out
//!
//! * The triads of tdoku's write-up, inside each band (where a row crosses
//!   a box, its three cells hold exactly three digits: three digits forced
//!   into them push every other digit out, and three cells open to only
//!   three digits keep those digits from the rest of their row and box),
//!   run each time the rules above stall: 4-12% fewer guesses on magictour_top1465 and the
//!   forum_hardest lists, but the pass over every band's nine words cost
//!   more than those guesses saved: 5-10% slower on those collections and
//!   serg_benchmark, level on kaggle_sample. Again on a Zen 4, as one AVX2
//!   pass over all the words, run where the cross-band pass stalls before
//!   a scored branch (a row-by-box segment with three digits forced into
//!   it, each by its row or its box, loses every other digit; one where
//!   only three digits are left keeps them from the rest of its row and
//!   box): 2-12% fewer guesses (forum_hardest_1106 counting to 2: 112.5
//!   against 119.2; magictour_top1465: 7.7 against 8.8), and 0.97 to 1.05
//!   of the speed on the hard collections, first solution and count
//!   (medians of five alternated runs); run only at nodes with 40 open
//!   cells or more, 0.93 to 1.06.
//! * Noting which words each placement changed, instead of comparing
//!   `cand` with `prev` after every round (that compare reads the words
//!   back as vectors right after the scalar stores that changed them): the
//!   same search, level on the hard collections, 10% slower on
//!   kaggle_sample. Again on a Zen 4, each store noting whether it took a
//!   candidate away (a bit per slot, `prev` gone): 56% more instructions
//!   to count to 2 on forum_hardest_1106, and 0.74 (kaggle_sample) to
//!   1.02 (serg_benchmark) of the speed, 0.79 on forum_hardest_1106's
//!   count (five alternated runs). What is kept instead notes only which
//!   words a placement may change (a fixed mask for its digit and band)
//!   and compares those with `prev`, one word at a time, when they are
//!   few (see `AMONG_MAX` in `search`).
//! * A separate triad DPLL back end for hard puzzles, in the manner of
//!   tdoku's write-up: each row one vector of sixteen 16-bit lanes (a row's
//!   three triads in three 64-bit groups), every round recomputing on the
//!   whole board, with in-group shuffles and group rotations, the digits
//!   forced into each triad (missing from the other two triads of its line
//!   or box, or all three left), what they remove from the line and box,
//!   triads filled by three forced digits, and hidden singles; naked
//!   singles ran in a cheaper loop first, and the branch took the best of
//!   the first ten bivalue cells scored as above (bivalue peers weighted
//!   5 rather than 4). It gave the same counts and 3-25% fewer guesses on
//!   norvig_top95, magictour_top1465 and the forum_hardest lists
//!   (forum_hardest_1106, first solution: 55.0 against 57.3; a few more on
//!   serg_benchmark), but each node cost about twice as much. By CPU
//!   time, one thread, medians of 3 alternated runs at a load of 5-6, it
//!   ran at 0.51-0.52 of this engine's speed on forum_hardest_1106 and
//!   forum_hardest_1905_11plus, 0.58-0.70 on norvig_top95 and
//!   magictour_top1465 and 0.33-0.35 on serg_benchmark, for the first
//!   solution and for counting to 2 alike. Handing puzzles over at the first guess
//!   when more than 50 squares are open would send nearly every hard puzzle
//!   to it, so that choice could only be slower there. tdoku's own solver
//!   reaches its speed by updating only the boxes and bands a placement
//!   touches; a whole-board round each time does not.
//! * The AVX2 backend compiled with AVX-512 (F, VL, BW, DQ, CD) enabled
//!   as well, on an Intel Xeon that has it: 0.82 of the speed on
//!   forum_hardest_1106 and level on serg_benchmark (first solution,
//!   medians of five alternated runs on a busy machine). On an AMD Zen 4,
//!   with VPOPCNTDQ, BITALG, VBMI and VBMI2 enabled too: 0.95 to 1.02 on
//!   the seven collections of the benchmarks.
//! * Branching on where a digit goes in a band instead of on a cell: a
//!   digit takes one segment per row and per box of a band, one of six
//!   patterns, and a branch tried each pattern still open in turn, on the
//!   band with the fewest patterns open over its nine digits and, in it,
//!   a digit with two open (else three, else the fewest), as tdoku's
//!   published solver picks its band and digit. More guesses on every
//!   hard collection: forum_hardest_1106 62.2 against 57.3 for the first
//!   solution and 138.1 against 119.2 to count to 2,
//!   forum_hardest_1905_11plus 44.6 and 81.4 against 37.5 and 70.9,
//!   norvig_top95 6.8 and 12.8 against 5.3 and 8.2, magictour_top1465
//!   7.9 and 13.4 against 6.0 and 8.8; serg_benchmark level (most of its
//!   puzzles branch below the gate of `OPEN_GATE`).
//! * `changed` as 27 scalar compares (32-bit loads forward from the
//!   32-bit stores before them, where the vector loads stall): 0.71 to
//!   0.83 of the speed on four collections on a Zen 4 (first solution,
//!   medians of five alternated runs).
//! * Every store to `cand` and `prev` a whole 256-bit vector, so that the
//!   vector loads of `changed` forward from them: a slot's update and its
//!   row singles done as five vector read-modify-writes of `cand` (one
//!   mask per vector: the singles out of the band's other digits, the
//!   column out of the digit's other bands) and one blend into `prev`.
//!   The same search, but each update then waits on the one before it
//!   through memory: 0.90 to 0.95 of the speed on forum_hardest_1106,
//!   norvig_top95, serg_benchmark and kaggle_sample on a Zen 4 (first
//!   solution, medians of five alternated runs).
//! * The branching constants of `search` one step either side on a Zen 4
//!   (`OPEN_GATE` 45 and 55, `PICK_BUDGET` 6 and 14, `PAIR_W` 2 and 4;
//!   first solution on serg_benchmark, norvig_top95, magictour_top1465
//!   and the two forum_hardest lists, medians of three alternated runs):
//!   none was faster on all five. The gate at 45 cost serg_benchmark 16%;
//!   a budget of 6 gained it 4% and cost forum_hardest_1106 5%; `PAIR_W`
//!   2 was within 1% everywhere. Tried again once words were compared
//!   only where placements touched them (`OPEN_GATE` 48 and 52,
//!   `PICK_BUDGET` 8 and 12; `WHOLE_PASS_MIN` 6 and 10 in the AVX2
//!   backend): within 2% or slower.
//! * Around the compare of touched words, on a Zen 4 (first solution,
//!   medians of three alternated runs): comparing a placement's words at
//!   once and taking those that changed into the same round, instead of
//!   the next, 0.84 (kaggle_sample) to 0.93 of the speed; a fixed twelve
//!   compares instead of one per touched word, 0.98 (1.01 on
//!   kaggle_sample); skipping a slot's store when the segment rule
//!   removed nothing, 0.93 to 1.04 (two tries); the
//!   portable per-digit cross-band pass instead of the AVX2 one, 0.89 to
//!   0.95 on the hard collections, and the portable peer counts, 0.99.
//! * On a Zen 4 (medians of five alternated runs), around the scored
//!   branch: a budget of 14 cells, tried again once the kernel read a
//!   cell's digits without a gather (2-4% fewer guesses on the hard
//!   collections, within 2% in speed); at most four scored cells a band
//!   (under 1% fewer guesses); a cell scored by its weaker branch, then
//!   its stronger, instead of their product (5-17% more guesses); a
//!   digit's count raised, by a weight of 2, 4 or 8 a unit, where the
//!   cell's other digit has two places in a unit of the cell, so that a
//!   hidden single follows (10% to 69% more guesses); the digit with fewer
//!   peer candidates first (4-8% more guesses); the chosen cell's digits
//!   carried in the key rather than read again (0.94 to 1.03).
//! * Elsewhere, on a Zen 4, each the same search: the cell with fewest
//!   candidates, when no cell is bivalue, found by bit-sliced counts (a
//!   third of that path's instructions, 3% of all on forum_hardest_1106's
//!   first solutions, and 0.98 to 1.03 in time); the root's first round
//!   taking every slot without comparing it with its copy (level); the
//!   other two bands of a placement worked out rather than looked up
//!   (0.99 to 1.05); the stack's frames aligned to 32 bytes (0.98 to 1.00
//!   on the hard collections); the cross-band pass inlined into the
//!   search rather than called (0.95 to 1.10, no better overall); and a
//!   build guided by a profile of the seven collections (0.97 to 1.09,
//!   no better overall).
//!
//! # Sources
//!
//! Ideas, not code, come from published designs:
//!
//! * the band bitboard layout (3 bands x 9 digits x 27 bits), keeping solved
//!   cells in the digit words, the "changed since last look" test, row singles
//!   from the band word and box/line interaction by table lookup follow the
//!   JCZSolve family (named after JasonLion, champagne and zhouyundong_2012)
//!   and Mladen Dobrichev's fsss2, as described by their authors on the Enjoy
//!   Sudoku players' forum (programmers' section). The tables here
//!   (permutation-matrix union over row-by-box segments) and the stack
//!   rotations were derived for this module and are computed by our own code;
//! * branching on bivalue cells, treating the search as DPLL over the
//!   "digit in cell" variables, counting guesses, and the benchmark
//!   collections used to tune all this follow Tom Dillon's write-up of tdoku
//!   ("Fast Sudoku Solvers: a benchmark", t-dillon.github.io/tdoku, and
//!   docs/sudoku.md in github.com/t-dillon/tdoku, BSD-2-Clause);
//! * unavoidable sets, of which the four-cell rectangle is the smallest,
//!   are the tool of McGuire, Tugemann and Civario's proof that no 16-clue
//!   Sudoku exists ("There is no 16-Clue Sudoku", arXiv:1201.0749, 2012);
//!   using one found in a solution to settle a uniqueness check early is
//!   our own step, and so is the string-compare test for it.

#![deny(missing_docs)]

use core::sync::atomic::AtomicBool;

mod scalar;
mod search;
mod solver;
mod tables;

pub use solver::Fast;

#[cfg(target_arch = "x86_64")]
mod avx2;

/// Which propagation code to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The fastest backend this CPU supports.
    Auto,
    /// Portable code; runs everywhere.
    Scalar,
    /// Code compiled for AVX2 (x86-64 only); falls back to `Scalar` when the
    /// CPU lacks it.
    Avx2,
}

/// True when this CPU can run the Avx2 backend.
///
/// The answer is computed once and cached.
pub fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static CACHE: CpuFlag = CpuFlag::new();
        CACHE.get(|| {
            is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt")
                && is_x86_feature_detected!("lzcnt")
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// A yes/no fact about the CPU, worked out on first use and then cached.
#[cfg(target_arch = "x86_64")]
struct CpuFlag(std::sync::atomic::AtomicU8);

#[cfg(target_arch = "x86_64")]
impl CpuFlag {
    const fn new() -> CpuFlag {
        CpuFlag(std::sync::atomic::AtomicU8::new(0))
    }

    fn get(&self, compute: impl FnOnce() -> bool) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        // 0 = not yet known, 1 = no, 2 = yes. Racing threads compute the same
        // answer, so a relaxed store is enough.
        match self.0.load(Relaxed) {
            1 => false,
            2 => true,
            _ => {
                let yes = compute();
                self.0.store(if yes { 2 } else { 1 }, Relaxed);
                yes
            }
        }
    }
}

/// What one search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FastOutcome {
    /// Solutions found, at most `max_solutions`.
    pub solutions: u64,
    /// Guesses (branching decisions) made.
    pub guesses: u64,
    /// Dead ends: guesses (or alternatives tried after one) that led to a
    /// contradiction and were undone.
    pub backtracks: u64,
    /// True when the search stopped because `max_guesses` ran out (or the
    /// stop flag was raised) before it finished.
    pub limit_hit: bool,
}

/// Solves a 9x9 Sudoku.
///
/// `puzzle`: 81 cells row-major, 0 = empty, 1..=9 = given (givens may
/// contradict each other: then 0 solutions, never a panic; a value above 9
/// also gives 0 solutions).
/// Search stops after `max_solutions` solutions (1 = first solution, 2 =
/// uniqueness check) or after `max_guesses` guesses. With 2, the second
/// solution may be proven from the first rather than searched for (see the
/// module docs), so `guesses` can be fewer than a full search needs.
/// The first solution found is written to `solution` (1..=9 per cell);
/// untouched when none found.
/// `diagonal`: both main diagonals are units too (X-Sudoku).
/// `backend`: which code path to run; `Avx2` on a CPU without AVX2 runs `Scalar`.
pub fn solve(
    puzzle: &[u8; 81],
    diagonal: bool,
    max_solutions: u64,
    max_guesses: u64,
    solution: &mut [u8; 81],
    backend: Backend,
) -> FastOutcome {
    solve_until(
        puzzle,
        diagonal,
        max_solutions,
        max_guesses,
        None,
        solution,
        backend,
    )
}

/// [`solve`] that also stops (as when `max_guesses` runs out, `limit_hit`)
/// once `stop` is raised; the flag is looked at every
/// [`Stop::EVERY`](crate::engine::Stop::EVERY) guesses.
pub fn solve_until(
    puzzle: &[u8; 81],
    diagonal: bool,
    max_solutions: u64,
    max_guesses: u64,
    stop: Option<&AtomicBool>,
    solution: &mut [u8; 81],
    backend: Backend,
) -> FastOutcome {
    #[cfg(target_arch = "x86_64")]
    {
        if backend != Backend::Scalar && avx2_available() {
            // SAFETY: `avx2_available` checked every feature `avx2::solve`
            // is compiled for.
            return unsafe {
                avx2::solve(puzzle, diagonal, max_solutions, max_guesses, stop, solution)
            };
        }
    }
    let _ = backend;
    scalar::solve(puzzle, diagonal, max_solutions, max_guesses, stop, solution)
}

#[cfg(test)]
mod tests;
