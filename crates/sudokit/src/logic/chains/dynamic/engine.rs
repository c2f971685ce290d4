//! The forcing-chain search over one grid ([`Engine`]): what it holds (the
//! working board, the runs, the caches and scratch tables the other files
//! of the folder use), made and reset; its pool of runs (a fresh one for
//! each assumption, reused once no step refers to it, and the chain from a
//! candidate assumed on followed once, for the region chains that need it
//! first and its own square's turn); and the stamps its walks share.
//!
//! The rest of the engine's work is split over the folder, an `impl Engine`
//! block per file: following a chain (`follow.rs`), ranking (`rank.rs`),
//! the rules run inside a chain (`nested.rs`), the closures that leave
//! chains out (`prune.rs`), the conclusions (`conclude.rs`), the search over
//! squares (`search.rs`) and the steps' text (`explain.rs`).

use super::closure::{self, Closure};
use super::inner::InnerHints;
use super::memo;
use super::rule::DynamicRule;
use super::run::{Run, RunCause};
use crate::logic::chains::board::Board;
use crate::logic::chains::digit_memo::DigitMemo;
use crate::logic::chains::forcing;
use crate::logic::chains::potential::{on, Potential};
use crate::logic::state::State;
use crate::logic::units::Geometry;

/// A forcing-chain search over one grid.
pub(super) struct Engine {
    pub(super) rule: DynamicRule,
    /// Whether steps get their evidence and text (a rater needs neither).
    pub(super) reasons: bool,
    /// When only SE's first step is wanted: SE's order key (difficulty,
    /// complexity, kind) of the best step found so far, or `None` before
    /// the first. A step that cannot come before it is not kept, and its
    /// ancestors are counted only until they are too many (see
    /// [`Engine::rank`]).
    pub(super) best: Option<Option<(f64, usize, u8)>>,
    /// Whether only the first step for each set of removals is wanted (a
    /// rule run inside a chain: see [`Engine::nested_hints`]); then, for
    /// each (square, digits removed), the complexity and kind of the best
    /// step so far. A step that cannot come before it is not kept, as with
    /// `best`.
    pub(super) per_target: bool,
    pub(super) target_best: memo::QuickMap<(usize, u32), (usize, u8)>,
    pub(super) board: Board,
    /// The board as the engine was given it: what a chain has struck out
    /// is what `board` has lost of it.
    pub(super) base: Board,
    pub(super) geo: &'static Geometry,
    pub(super) stride: usize,
    pub(super) keys: usize,
    /// Per square, the candidates the current chain has struck out.
    pub(super) struck: Vec<u32>,
    /// The strikes, in order, to undo when the chain ends.
    pub(super) log: Vec<(usize, u8)>,
    pub(super) runs: Vec<Run>,
    /// Runs that can be reused; a run a step refers to never is.
    pub(super) free: Vec<usize>,
    pub(super) referenced: Vec<bool>,
    /// The run from each candidate assumed on (run + 1, by candidate), kept
    /// from the region chain that needs it first to its own square's turn.
    pub(super) from_on: Vec<u32>,
    /// Digits whose chains are left out (Nishio: see [`digit_memo`]), and
    /// those whose chains gave a step (kept or not).
    ///
    /// [`digit_memo`]: crate::logic::chains::digit_memo
    pub(super) skip: u32,
    pub(super) concluded: u32,
    /// Scratch: the rule parents of an inner rule's hint, as candidates
    /// (see [`memo::parents`]) and as nodes.
    pub(super) rule_parents: Vec<(usize, u8)>,
    pub(super) parent_nodes: Vec<u32>,
    /// Scratch for counting ancestors: a stamp per potential, and the
    /// nodes left to visit (for a walk breadth first, the nodes of this
    /// depth and of the next).
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
    pub(super) todo: Vec<u32>,
    pub(super) todo_next: Vec<u32>,
    /// Scratch: the potentials every run of a cell or region reached.
    pub(super) shared: Vec<Potential>,
    /// The chains found inside chains: complexity and key (equal chains
    /// count once in a step; see [`memo`]).
    pub(super) nested: Vec<(usize, memo::ChainKey)>,
    /// Scratch for ranking a step: the entries of `nested` its chains use,
    /// and those its complexity has counted.
    pub(super) used_inside: Vec<u32>,
    pub(super) counted_inside: Vec<u32>,
    /// Kept between the points where a chain runs dry, so that the rules
    /// run there reuse their buffers: the level-1 rules' hints, the forcing
    /// chains' search, and the engine of a dynamic rule run inside.
    pub(super) simple: InnerHints,
    pub(super) chain_work: forcing::Scratch,
    pub(super) inner: Option<Box<Engine>>,
    /// The digits whose Nishio and X-chains were found barren (see
    /// [`digit_memo`]): the caller's, lent to the engine while it runs, and
    /// to its inner engine while that runs.
    ///
    /// [`digit_memo`]: crate::logic::chains::digit_memo
    pub(super) barren: DigitMemo,
    /// What the rules run inside chains found, by working grid (see
    /// [`memo`]): the caller's, held by every engine of its search.
    pub(super) table: memo::Shared,
    /// For the rules with no rule inside their chains: the grid their
    /// chains' closures are worked out on, and the closure of each
    /// candidate assumed on, worked out once per search (where
    /// `closed[c]` is `closure_stamp`). See [`closure`].
    pub(super) grid: closure::ClosureTables,
    /// Whether closures may leave chains out (always but in a test that
    /// checks they leave out no step).
    pub(super) prune: bool,
    pub(super) on_closures: Vec<Closure>,
    /// For multiple forcing chains searched on their own (not inside a
    /// chain): the squares, and per unit the digits, whose chains may
    /// share a step, as [`forcing::shared_reach`] tells at once for the
    /// whole grid; the closures are worked out only there.
    pub(super) shared_reach: Option<(u128, Vec<u32>)>,
    /// Scratch: the closure of a candidate assumed off.
    pub(super) off_closure: Closure,
    pub(super) closed: Vec<u32>,
    pub(super) closure_stamp: u32,
    /// For Nishio chains on a 9x9 grid: per digit, the squares some
    /// template of the digit uses, which tell the chains that can meet no
    /// contradiction (see `prune.rs`).
    pub(super) templates: Option<[u128; 10]>,
}

impl Engine {
    pub(super) fn new(state: &State, rule: DynamicRule) -> Engine {
        Engine::on(Board::new(state), rule, state.reasons())
    }

    /// An engine on a working board (for a rule run inside a chain).
    pub(super) fn on(board: Board, rule: DynamicRule, reasons: bool) -> Engine {
        let geo = board.geometry();
        let stride = geo.shape.side() + 1;
        let count = geo.shape.square_count();
        let keys = count * stride * 2;
        Engine {
            rule,
            reasons,
            best: None,
            per_target: false,
            target_best: memo::QuickMap::default(),
            base: board.clone(),
            board,
            geo,
            stride,
            keys,
            struck: vec![0; count],
            log: Vec::new(),
            runs: Vec::new(),
            free: Vec::new(),
            referenced: Vec::new(),
            from_on: vec![0; keys / 2],
            skip: 0,
            concluded: 0,
            rule_parents: Vec::new(),
            parent_nodes: Vec::new(),
            seen: vec![0; keys],
            stamp: 0,
            todo: Vec::new(),
            todo_next: Vec::new(),
            shared: Vec::new(),
            nested: Vec::new(),
            used_inside: Vec::new(),
            counted_inside: Vec::new(),
            simple: InnerHints::default(),
            chain_work: forcing::Scratch::default(),
            inner: None,
            barren: DigitMemo::default(),
            table: memo::Shared::default(),
            grid: closure::ClosureTables::new(geo),
            prune: true,
            on_closures: vec![Closure::default(); keys / 2],
            shared_reach: None,
            off_closure: Closure::default(),
            closed: vec![0; keys / 2],
            closure_stamp: 0,
            templates: None,
        }
    }

    /// Makes the engine as [`Engine::on`] would on a copy of `board`, for
    /// `rule`, keeping its buffers.
    pub(super) fn reset(&mut self, board: &Board, rule: DynamicRule) {
        debug_assert!(self.log.is_empty());
        self.rule = rule;
        self.best = None;
        self.per_target = false;
        self.board.clone_from(board);
        self.base.clone_from(board);
        self.struck.fill(0);
        self.free.clear();
        self.free.extend((0..self.runs.len()).rev());
        self.referenced.fill(false);
        self.from_on.fill(0);
        self.nested.clear();
        self.templates = None;
    }

    /// A fresh run holding `start` as its assumption.
    pub(super) fn start(&mut self, start: Potential) -> usize {
        let id = self.free.pop().unwrap_or_else(|| {
            self.runs.push(Run::default());
            self.referenced.push(false);
            self.runs.len() - 1
        });
        let (keys, stride) = (self.keys, self.stride);
        let run = &mut self.runs[id];
        run.reset(keys);
        let n = run.node(start, RunCause::Start, &[]);
        run.keep(n, stride);
        id
    }

    /// The run from `digit` assumed on in `square`, followed (once: a
    /// region chain and the square's own turn share it).
    pub(super) fn on_run(&mut self, square: usize, digit: u8) -> usize {
        let c = square * self.stride + usize::from(digit);
        if let Some(id) = self.from_on[c].checked_sub(1) {
            return id as usize;
        }
        let id = self.start(on(square, digit));
        self.chain(id);
        self.from_on[c] = id as u32 + 1;
        id
    }

    /// Lets run `id` be reused unless a step refers to it.
    pub(super) fn release(&mut self, id: usize) {
        let start = self.runs[id].nodes[0].potential();
        if start.on {
            self.from_on[start.candidate(self.stride)] = 0;
        }
        if !self.referenced[id] {
            self.free.push(id);
        }
    }

    /// A stamp no entry of `seen` holds yet. (An engine is kept for the
    /// next call in its cache, so over a long batch the count could wrap
    /// round to stamps still in the table: it starts again from a cleared
    /// one first.)
    pub(super) fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }
}
