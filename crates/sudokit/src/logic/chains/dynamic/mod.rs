//! Nishio, multiple, dynamic and nested forcing chains: Sudoku Explainer's
//! rules from 7.5 up (Nishio 7.5, multiple 8.0, dynamic 8.5, dynamic (+)
//! 9.0, and the nested levels: forcing chains inside 9.5, multiple forcing
//! chains too 10.0, dynamic forcing chains inside 10.5).
//!
//! Every one of these rules makes an assumption ("A1 is 5", or "A1 is not
//! 5") and follows everything it forces, link by link, as in
//! [`super::chains`]; what differs is what they conclude from it:
//!
//! - **Contradiction** (Nishio, dynamic): the assumption forces some
//!   candidate both on and off, so it is false.
//! - **Double** (dynamic): "A1 is 5" and "A1 is not 5" force the same
//!   thing, so it is true either way.
//! - **Cell** (multiple, dynamic): each candidate of a square, assumed on in
//!   turn, forces the same thing; one of them is the square's digit.
//! - **Region** (multiple, dynamic): each place of a digit in a unit,
//!   assumed on in turn, forces the same thing.
//!
//! ```text
//!   cell forcing chains from A1 {3,5}:
//!     A1=3 -> A4<>3 -> A4=7 -> C5<>7
//!     A1=5 -> B2<>5 -> B2=7 -> C5<>7         so C5 is not 7
//! ```
//!
//! A *dynamic* chain strikes each candidate it proves off out of a working
//! copy of the grid (a `Board`) as it goes, so a later link sees the grid as
//! the assumption left it: a square may be down to one candidate, a unit to
//! one place, because of several links before. Those links are the new
//! link's "hidden parents", and they count in the chain's length. From
//! level 1 ("dynamic forcing chains (+)") the chain also runs simple rules
//! (pointing and claiming, hidden and naked pairs, X-wings) on the working
//! grid each time it runs dry, and follows what they rule out. At level 2
//! ("(+ forcing chains)"), when those find nothing, it runs the forcing
//! chains and cycles of [`super::chains`] there too; at level 3 also static
//! multiple forcing chains; at level 4 only dynamic forcing chains of a
//! lower level (0 to 3, four rules tried in turn). Each such inner chain
//! adds its own complexity once to every step that uses it, and relies on
//! what the outer chain struck out where it found a square's last
//! candidate or a unit's last place (its "rule parents").
//!
//! # Sudoku Explainer's search, followed here
//!
//! These are facts about Sudoku Explainer 1.2.1 (SukakuExplainer's
//! `Chaining` rule with its multiple, dynamic and Nishio settings), read
//! for reference; the code is sudokit's own.
//!
//! - **Squares** are taken in order; static (multiple) chains start only
//!   from squares with three or more candidates, dynamic ones from every
//!   square with two or more. For each candidate, in order: the chain from
//!   "on", the chain from "off", the contradictions each found, the doubles
//!   (dynamic, squares of three or more), then the region chains of the
//!   digit in the square's box, row and column, each worked out once, from
//!   the unit's first place. After all candidates, the cell chains.
//! - **One chain** spreads from its assumption with "on" links first: every
//!   potential turned on is followed before the next one turned off. It
//!   stops at the first potential found both on and off, and what it has
//!   reached so far still counts for doubles, cells and regions.
//! - **The steps** are sorted by difficulty (the rule's, plus SE's bonus
//!   for long chains), then complexity (the distinct potentials among all
//!   the ancestors of each conclusion, summed over branches), then kind
//!   (double, cell, region, contradiction), keeping the order found for
//!   ties; the first is the step.
//! - **Nishio** chains use one digit's links only (no square links), from
//!   every candidate, and keep only contradictions.
//!
//! # Chains not followed
//!
//! Following a chain link by link, with every link's parents, is what a
//! step's complexity needs, and most chains give no step. For the rules
//! with no rule inside their chains (Nishio, multiple and dynamic), what a
//! chain reaches is worked out first as bit sets ([`super::closure`]), and
//! a chain is followed only where it may give a step: a contradiction may
//! come, or the chains a step would need may all force a same candidate.
//! (When only SE's first step is wanted, a dynamic rule works out only the
//! closures of its chains from "off": too many chains from "on" meet a
//! contradiction, which is followed anyway, while on magictour's first 20
//! puzzles 97% of the chains from "off" are left out.) Multiple forcing
//! chains first ask the reach of the forcing chains' graph
//! ([`forcing::shared_reach`]), which tells for the whole grid at once which
//! cells and regions can share anything at all: their chains follow the
//! same links, so they reach no more than it does.
//!
//! The rules are off for the diagonal variant, like [`super::chains`], and
//! on grids larger than 9x9 (SE's own grid), where their chains of chains
//! would take far too long: there the path stops after the forcing chains,
//! and the rating is SE's 20.0.

mod closure;
mod inner;
mod memo;
pub mod spread;

use crate::logic::bits::{at_most_one, bits};
use crate::logic::cache::Cache;
use crate::logic::chains::board::Board;
use crate::logic::chains::digit_memo::{self, DigitMemo};
use crate::logic::chains::forcing;
use crate::logic::chains::potential::{box_row_column, off, on, Need, NestedHint, Potential};
use crate::logic::chains::se_order::{length_bonus, se_order};
use crate::logic::finder::{Finder, Found};
use crate::logic::state::State;
use crate::logic::step::{and_list, removal_text, Link, LinkReason, Step, Technique};
use crate::logic::units::{Geometry, Linked};
use crate::shape::Variant;
use closure::{Closure, OffStart};
use inner::InnerHints;
use std::ops::ControlFlow;

/// Which of Sudoku Explainer's forcing-chain rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Nishio forcing chains (7.5): one digit's links, contradictions only.
    Nishio,
    /// Multiple forcing chains (8.0): static cell and region chains.
    Multiple,
    /// Dynamic forcing chains (8.5): contradictions, doubles, cells and
    /// regions, with the grid edited as the chain goes.
    Dynamic,
    /// Dynamic forcing chains (+) (9.0): dynamic, with pointing, claiming,
    /// hidden and naked pairs and X-wings inside the chains.
    DynamicPlus,
    /// Dynamic forcing chains (+ forcing chains) (9.5, SE's nested level
    /// 2): dynamic (+), with forcing chains and cycles inside the chains
    /// too.
    NestedForcing,
    /// Dynamic forcing chains (+ multiple forcing chains) (10.0, level 3):
    /// level 2, with multiple forcing chains inside too.
    NestedMultiple,
    /// Dynamic forcing chains (+ dynamic forcing chains) (10.5, level 4):
    /// the simple rules and, inside the chains, dynamic forcing chains of
    /// the level given (0 to 3; SE tries 0, 1, 2, 3 in turn, as four rules
    /// of the same difficulty).
    NestedDynamic(u8),
}

impl Rule {
    fn is_nishio(self) -> bool {
        self == Rule::Nishio
    }

    fn is_dynamic(self) -> bool {
        self != Rule::Multiple
    }

    /// SE's nesting level: 1 for dynamic (+), 0 below.
    fn level(self) -> u8 {
        match self {
            Rule::DynamicPlus => 1,
            Rule::NestedForcing => 2,
            Rule::NestedMultiple => 3,
            Rule::NestedDynamic(_) => 4,
            _ => 0,
        }
    }

    /// The chaining rules run inside this rule's chains when the simple
    /// ones find nothing, in SE's order (forcing chains and cycles are
    /// `None`).
    fn inner_chains(self) -> &'static [Option<Rule>] {
        match self {
            Rule::NestedForcing => &[None],
            Rule::NestedMultiple => &[None, Some(Rule::Multiple)],
            Rule::NestedDynamic(0) => &[Some(Rule::Dynamic)],
            Rule::NestedDynamic(1) => &[Some(Rule::DynamicPlus)],
            Rule::NestedDynamic(2) => &[Some(Rule::NestedForcing)],
            Rule::NestedDynamic(_) => &[Some(Rule::NestedMultiple)],
            _ => &[],
        }
    }

    /// A number for the rule, to tell inner rules apart in [`memo`]'s table
    /// (0 is forcing chains and cycles).
    fn code(self) -> memo::RuleCode {
        match self {
            Rule::Nishio => 1,
            Rule::Multiple => 2,
            Rule::Dynamic => 3,
            Rule::DynamicPlus => 4,
            Rule::NestedForcing => 5,
            Rule::NestedMultiple => 6,
            Rule::NestedDynamic(limit) => 7 + limit,
        }
    }

    /// The rule's difficulty before the length bonus: its techniques'
    /// (they share one).
    fn base(self) -> f64 {
        let technique = match self {
            Rule::Nishio => Technique::NishioForcingChain,
            Rule::Multiple => Technique::CellForcingChains,
            Rule::Dynamic => Technique::DynamicContradiction,
            Rule::DynamicPlus => Technique::DynamicPlus,
            Rule::NestedForcing => Technique::NestedForcingChains,
            Rule::NestedMultiple => Technique::NestedMultipleChains,
            Rule::NestedDynamic(_) => Technique::NestedDynamicChains,
        };
        technique.difficulty().value()
    }
}

/// Sudoku Explainer's forcing-chain rules from Nishio up (one finder per
/// rule, as SE has one producer per rule).
pub struct ForcingChainRule {
    /// Which rule.
    pub rule: Rule,
}

/// Why a potential follows from the ones before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    /// The chain's assumption.
    Start,
    /// The square's other candidates (on to off), or its last one (off to on).
    Square,
    /// The digit's other places in the unit, or its last place.
    Unit(u32),
    /// An inner rule; the number is its hint in [`Run::rules`].
    Rule(u32),
}

/// A potential reached by a chain, with the ones it follows from.
#[derive(Clone, Copy, Debug)]
struct Node {
    potential: Potential,
    cause: Cause,
    /// Its parents: the one parent itself when `count` is 1 (as most
    /// nodes have, and kept here to spare a list a push), else
    /// `Run::parents[first..first + count]`; then its hidden parents (see
    /// [`Run::push_hidden`]).
    first: u32,
    count: u32,
    /// For an "on" reached as a square's last candidate or a unit's last
    /// place: the candidates the chain had struck out there (digits of the
    /// square, or places of the unit), whose nodes are its hidden parents.
    hidden: u32,
}

/// One chain from one assumption: every potential reached, the sets of
/// those on and off in the order reached, and a table to find them.
#[derive(Default)]
struct Run {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    on: Vec<u32>,
    off: Vec<u32>,
    /// The node of each potential in `on` or `off`, by [`key`] (what it
    /// holds for another is left from an earlier chain: see `on_bits`).
    slot: Vec<u32>,
    /// The same sets as bits: a chain asks "reached yet?" at every link,
    /// and these few words stay in the nearest cache where a table per run
    /// would not.
    on_bits: Bits,
    off_bits: Bits,
    /// The inner rules' hints that made links: text (when steps have
    /// reasons), and for a chain inside the chain its entry in
    /// [`Engine::nested`].
    rules: Vec<(String, Option<u32>)>,
    /// The (on, off) pair where the chain found a contradiction, if it did.
    absurd: Option<(u32, u32)>,
}

impl Run {
    /// Empties the run for a new chain over `keys` potentials. (The slot
    /// table is read only for potentials the bits say were reached, so
    /// what an earlier chain left in it does no harm.)
    fn reset(&mut self, keys: usize) {
        if self.slot.len() != keys {
            self.slot = vec![0; keys];
        }
        self.on_bits = Bits::default();
        self.off_bits = Bits::default();
        self.nodes.clear();
        self.parents.clear();
        self.on.clear();
        self.off.clear();
        self.rules.clear();
        self.absurd = None;
    }

    /// A new node (not yet in a set).
    fn node(&mut self, potential: Potential, cause: Cause, parents: &[u32]) -> u32 {
        self.node_hidden(potential, cause, parents, 0)
    }

    /// A new node with `parents`, and the hidden parents `hidden` names.
    fn node_hidden(
        &mut self,
        potential: Potential,
        cause: Cause,
        parents: &[u32],
        hidden: u32,
    ) -> u32 {
        let start = match parents {
            [one] => *one,
            _ => {
                self.parents.extend_from_slice(parents);
                (self.parents.len() - parents.len()) as u32
            }
        };
        self.nodes.push(Node {
            potential,
            cause,
            first: start,
            count: parents.len() as u32,
            hidden,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Puts node `n` in the set of its state.
    fn keep(&mut self, n: u32, stride: usize) {
        let p = self.nodes[n as usize].potential;
        self.slot[key(p, stride)] = n;
        if p.on {
            self.on_bits.insert(p);
            self.on.push(n);
        } else {
            self.off_bits.insert(p);
            self.off.push(n);
        }
    }

    /// Reaches `q` from node `parent` (with the hidden parents `hidden`
    /// names), unless the chain reached it before; `Some` (on, off) where
    /// it had reached its opposite: a contradiction, whose node for `q` is
    /// made but not kept. (Always inlined into the two loops that follow
    /// links: 5% fewer instructions over norvig_top95 than a call.)
    #[inline(always)]
    fn follow(
        &mut self,
        q: Potential,
        cause: Cause,
        parent: u32,
        hidden: u32,
        stride: usize,
    ) -> Option<(u32, u32)> {
        let opposite = Potential { on: !q.on, ..q };
        if self.has(opposite) {
            let twin = self.reached(opposite, stride);
            let n = self.node_hidden(q, cause, &[parent], hidden);
            return Some(if q.on { (n, twin) } else { (twin, n) });
        }
        if !self.has(q) {
            let n = self.node_hidden(q, cause, &[parent], hidden);
            self.keep(n, stride);
        }
        None
    }

    /// The node of `p`, which the chain reached.
    fn reached(&self, p: Potential, stride: usize) -> u32 {
        debug_assert!(self.has(p));
        self.slot[key(p, stride)]
    }

    /// Whether the chain reached `p`.
    fn has(&self, p: Potential) -> bool {
        let bits = if p.on { &self.on_bits } else { &self.off_bits };
        bits.holds(p)
    }

    /// The node of `p` if the chain reached it.
    fn get(&self, p: Potential, stride: usize) -> Option<u32> {
        self.has(p).then(|| self.reached(p, stride))
    }

    /// How many nodes lead back from node `n` to the assumption through
    /// first parents, `n` and the assumption included (all different
    /// potentials, so at most its ancestor count); the count stops once it
    /// is past `limit`.
    fn first_parents(&self, n: u32, limit: usize) -> usize {
        let (mut count, mut at) = (1, n);
        while count <= limit {
            let Some(&first) = self.parents_of(at).first() else {
                break;
            };
            at = first;
            count += 1;
        }
        count
    }

    /// Node `n`'s parents (not its hidden ones).
    fn parents_of(&self, n: u32) -> &[u32] {
        let node = self.nodes[n as usize];
        match node.count {
            1 => std::slice::from_ref(&self.nodes[n as usize].first),
            _ => &self.parents[node.first as usize..(node.first + node.count) as usize],
        }
    }

    /// Pushes onto `out` node `n`'s hidden parents: the nodes of the
    /// candidates the chain had struck out of its square or unit when it
    /// reached it, in square or unit order. (Worked out only for the nodes
    /// a step's count walks: the chain itself keeps just which ones.)
    fn push_hidden(&self, n: u32, geo: &Geometry, stride: usize, out: &mut Vec<u32>) {
        let node = self.nodes[n as usize];
        let p = node.potential;
        match node.cause {
            Cause::Square => {
                for d in bits(node.hidden) {
                    out.extend(self.get(off(p.square, d as u8), stride));
                }
            }
            Cause::Unit(u) => {
                let squares = geo.squares(u as usize);
                for i in bits(node.hidden) {
                    out.extend(self.get(off(squares[i], p.digit), stride));
                }
            }
            _ => {}
        }
    }
}

/// A set of candidates, bit `square * 10 + digit` (the rules run on grids
/// of 81 squares and 9 digits at most: 810 bits), in 64-bit words: a test
/// is a shift and a mask, where one of 128 bits by digit cost 3.5% more
/// instructions over norvig_top95.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Bits([u64; 13]);

impl Bits {
    /// `p`'s candidate's bit.
    fn bit(p: Potential) -> usize {
        debug_assert!(p.square < 81 && p.digit <= 9);
        p.square * 10 + usize::from(p.digit)
    }

    /// Puts `p`'s candidate in the set.
    fn insert(&mut self, p: Potential) {
        let b = Bits::bit(p);
        self.0[b / 64] |= 1 << (b % 64);
    }

    /// Whether `p`'s candidate is in the set.
    fn holds(&self, p: Potential) -> bool {
        let b = Bits::bit(p);
        self.0[b / 64] >> (b % 64) & 1 != 0
    }

    /// The candidates in both sets.
    fn and(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    /// Whether the set holds nothing.
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// A potential's place in a run's table: its candidate, then its state.
fn key(p: Potential, stride: usize) -> usize {
    p.candidate(stride) * 2 + usize::from(p.on)
}

/// What a step concludes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The assumption `source` forces a candidate both on and off.
    Contradiction,
    /// `source` on and off force the same.
    Double,
    /// Each candidate of the square forces the same.
    Cell(usize),
    /// Each place of the digit in the unit forces the same.
    Region(usize, u8),
}

/// A step found, with what SE sorts by and the branches that prove it.
struct Ranked {
    kind: Kind,
    source: Potential,
    /// The conclusion: placed when on, removed when off.
    target: Potential,
    /// For a conclusion "on": the other candidates its square loses.
    others: u32,
    /// (run, node) of each branch's end; a contradiction's two are its on
    /// and off.
    branches: Vec<(usize, u32)>,
    difficulty: f64,
    complexity: usize,
    sort_key: u8,
}

/// Which of the chains from a candidate on and off a dynamic rule follows
/// (see [`Engine::both_ways_needs`]).
struct BothWays {
    from_on: bool,
    from_off: bool,
    /// Whether to look for what both force.
    doubles: bool,
}

impl Ranked {
    /// The digits the step removes from its target's square.
    fn removed(&self) -> u32 {
        removed(self.target, self.others)
    }
}

/// The digits a step concluding `target` removes from its square: the
/// others (`others`) when it is on, the digit when off.
fn removed(target: Potential, others: u32) -> u32 {
    if target.on {
        others
    } else {
        1 << target.digit
    }
}

/// A forcing-chain search over one grid.
struct Engine {
    rule: Rule,
    /// Whether steps get their evidence and text (a rater needs neither).
    reasons: bool,
    /// When only SE's first step is wanted: SE's order key (difficulty,
    /// complexity, kind) of the best step found so far, or `None` before
    /// the first. A step that cannot come before it is not kept, and its
    /// ancestors are counted only until they are too many (see
    /// [`Engine::rank`]).
    best: Option<Option<(f64, usize, u8)>>,
    /// Whether only the first step for each set of removals is wanted (a
    /// rule run inside a chain: see [`Engine::nested_hints`]); then, for
    /// each (square, digits removed), the complexity and kind of the best
    /// step so far. A step that cannot come before it is not kept, as with
    /// `best`.
    per_target: bool,
    target_best: std::collections::HashMap<(usize, u32), (usize, u8)>,
    board: Board,
    /// The board as the engine was given it: what a chain has struck out
    /// is what `board` has lost of it.
    base: Board,
    geo: &'static Geometry,
    stride: usize,
    keys: usize,
    /// Per square, the candidates the current chain has struck out.
    struck: Vec<u32>,
    /// The strikes, in order, to undo when the chain ends.
    log: Vec<(usize, u8)>,
    runs: Vec<Run>,
    /// Runs that can be reused; a run a step refers to never is.
    free: Vec<usize>,
    referenced: Vec<bool>,
    /// The run from each candidate assumed on (run + 1, by candidate), kept
    /// from the region chain that needs it first to its own square's turn.
    from_on: Vec<u32>,
    /// Digits whose chains are left out (Nishio: see [`digit_memo`]), and
    /// those whose chains gave a step (kept or not).
    skip: u32,
    concluded: u32,
    /// Scratch: the rule parents of an inner rule's hint, as nodes.
    parent_nodes: Vec<u32>,
    /// Scratch for counting ancestors: a stamp per potential, and the
    /// nodes left to visit.
    seen: Vec<u32>,
    stamp: u32,
    todo: Vec<u32>,
    /// Scratch: the potentials every run of a cell or region reached.
    shared: Vec<Potential>,
    /// The chains found inside chains: complexity and key (equal chains
    /// count once in a step; see [`memo`]).
    nested: Vec<(usize, memo::ChainKey)>,
    /// Kept between the points where a chain runs dry, so that the rules
    /// run there reuse their buffers: the level-1 rules' hints, the forcing
    /// chains' search, and the engine of a dynamic rule run inside.
    simple: InnerHints,
    chain_work: forcing::Scratch,
    inner: Option<Box<Engine>>,
    /// The digits whose Nishio and X-chains were found barren (see
    /// [`digit_memo`]): the caller's, lent to the engine while it runs, and
    /// to its inner engine while that runs.
    barren: DigitMemo,
    /// What the rules run inside chains found, by working grid (see
    /// [`memo`]): the caller's, held by every engine of its search.
    table: memo::Shared,
    /// For the rules with no rule inside their chains: the grid their
    /// chains' closures are worked out on, and the closure of each
    /// candidate assumed on, worked out once per search (where
    /// `closed[c]` is `closure_stamp`). See [`closure`].
    grid: closure::Grid,
    /// Whether closures may leave chains out (always but in a test that
    /// checks they leave out no step).
    prune: bool,
    on_closures: Vec<Closure>,
    /// For multiple forcing chains searched on their own (not inside a
    /// chain): the squares, and per unit the digits, whose chains may
    /// share a step, as [`forcing::shared_reach`] tells at once for the
    /// whole grid; the closures are worked out only there.
    shared_reach: Option<(u128, Vec<u32>)>,
    /// Scratch: the closure of a candidate assumed off.
    off_closure: Closure,
    closed: Vec<u32>,
    closure_stamp: u32,
}

impl Engine {
    fn new(state: &State, rule: Rule) -> Engine {
        Engine::on(Board::new(state), rule, state.reasons())
    }

    /// An engine on a working board (for a rule run inside a chain).
    fn on(board: Board, rule: Rule, reasons: bool) -> Engine {
        let geo = board.geometry();
        let stride = geo.shape.side() + 1;
        let count = geo.shape.square_count();
        let keys = count * stride * 2;
        Engine {
            rule,
            reasons,
            best: None,
            per_target: false,
            target_best: std::collections::HashMap::new(),
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
            parent_nodes: Vec::new(),
            seen: vec![0; keys],
            stamp: 0,
            todo: Vec::new(),
            shared: Vec::new(),
            nested: Vec::new(),
            simple: InnerHints::default(),
            chain_work: forcing::Scratch::default(),
            inner: None,
            barren: DigitMemo::default(),
            table: memo::Shared::default(),
            grid: closure::Grid::new(geo),
            prune: true,
            on_closures: vec![Closure::default(); keys / 2],
            shared_reach: None,
            off_closure: Closure::default(),
            closed: vec![0; keys / 2],
            closure_stamp: 0,
        }
    }

    /// Makes the engine as [`Engine::on`] would on a copy of `board`, for
    /// `rule`, keeping its buffers.
    fn reset(&mut self, board: &Board, rule: Rule) {
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
    }

    /// A fresh run holding `start` as its assumption.
    fn start(&mut self, start: Potential) -> usize {
        let id = self.free.pop().unwrap_or_else(|| {
            self.runs.push(Run::default());
            self.referenced.push(false);
            self.runs.len() - 1
        });
        let (keys, stride) = (self.keys, self.stride);
        let run = &mut self.runs[id];
        run.reset(keys);
        let n = run.node(start, Cause::Start, &[]);
        run.keep(n, stride);
        id
    }

    /// Follows run `id` from its assumption until nothing new follows or a
    /// potential is forced both on and off; then the pair (on, off), whose
    /// nodes are in the run. The board is as before when it returns.
    fn chain(&mut self, id: usize) -> Option<(u32, u32)> {
        let found = self.spread(id);
        // Past four strikes, one copy of the board undoes them faster.
        if self.log.len() > 4 {
            self.board.copy_candidates(&self.base);
            for (s, _) in self.log.drain(..) {
                self.struck[s] = 0;
            }
        } else {
            for (s, d) in self.log.drain(..) {
                self.board.restore(s, d);
                self.struck[s] = 0;
            }
        }
        self.runs[id].absurd = found;
        found
    }

    /// The run from `digit` assumed on in `square`, followed (once: a
    /// region chain and the square's own turn share it).
    fn on_run(&mut self, square: usize, digit: u8) -> usize {
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
    fn release(&mut self, id: usize) {
        let start = self.runs[id].nodes[0].potential;
        if start.on {
            self.from_on[start.candidate(self.stride)] = 0;
        }
        if !self.referenced[id] {
            self.free.push(id);
        }
    }

    fn spread(&mut self, id: usize) -> Option<(u32, u32)> {
        // The sets grow in the order their potentials are reached, so each
        // is its own queue: what is left to follow is past its head.
        let (mut on_head, mut off_head) = (0, 0);
        loop {
            if let Some(&p) = self.runs[id].on.get(on_head) {
                on_head += 1;
                if let Some(found) = self.turn_offs(id, p) {
                    return Some(found);
                }
                continue;
            }
            if let Some(&p) = self.runs[id].off.get(off_head) {
                off_head += 1;
                if let Some(found) = self.turn_ons(id, p) {
                    return Some(found);
                }
                // Struck only once followed: what it turned on was read
                // with it there.
                if self.rule.is_dynamic() {
                    let Potential { square, digit, .. } = self.runs[id].nodes[p as usize].potential;
                    self.strike(square, digit);
                }
                continue;
            }
            if self.rule.level() > 0 && self.advance(id) {
                continue;
            }
            return None;
        }
    }

    /// Follows what node `n` of run `id`, an "on", turns off on the board:
    /// with Y-links the square's other candidates, then the digit's other
    /// places in the box, row and column (a place shared by the box and a
    /// line once, from the box). Each is read off the board and kept as it
    /// comes, with no list in between (this is the chains' innermost loop);
    /// `Some` (on, off) where one of them was already on: a contradiction.
    fn turn_offs(&mut self, id: usize, n: u32) -> Option<(u32, u32)> {
        let (board, geo, stride) = (&self.board, self.geo, self.stride);
        let run = &mut self.runs[id];
        let Potential { square, digit, .. } = run.nodes[n as usize].potential;
        let mut follow = |q: Potential, cause: Cause| run.follow(q, cause, n, 0, stride);
        if !self.rule.is_nishio() {
            for d in bits(board.cands(square) & !(1 << digit)) {
                if let Some(found) = follow(off(square, d as u8), Cause::Square) {
                    return Some(found);
                }
            }
        }
        for link in geo.linked(square) {
            let squares = geo.squares(link.unit);
            for i in bits(board.positions(link.unit, digit) & !link.before) {
                let cause = Cause::Unit(link.unit as u32);
                if let Some(found) = follow(off(squares[i], digit), cause) {
                    return Some(found);
                }
            }
        }
        None
    }

    /// Follows what node `n` of run `id`, an "off", turns on, on the board:
    /// with Y-links the square's other candidate when it has two; the
    /// digit's one other place in the box, row or column (a place reached
    /// from two units once, from the first). Each comes with what the chain
    /// has struck out of its square or unit (its hidden parents, see
    /// [`Node::hidden`]). `Some` (on, off) where one of them was already
    /// off: a contradiction.
    fn turn_ons(&mut self, id: usize, n: u32) -> Option<(u32, u32)> {
        let (board, base, geo, stride) = (&self.board, &self.base, self.geo, self.stride);
        let run = &mut self.runs[id];
        let Potential { square, digit, .. } = run.nodes[n as usize].potential;
        // A place reached from a second unit is already on, and passed over.
        let mut follow = |q: Potential, cause, hidden| run.follow(q, cause, n, hidden, stride);
        if !self.rule.is_nishio() && board.is_bivalue(square) {
            let other = (board.cands(square) & !(1 << digit)).trailing_zeros() as u8;
            if let Some(found) = follow(on(square, other), Cause::Square, self.struck[square]) {
                return Some(found);
            }
        }
        for &Linked { unit, here, .. } in geo.linked(square) {
            let others = board.positions(unit, digit) & !here;
            if others == 0 || !at_most_one(others) {
                continue;
            }
            let target = on(geo.squares(unit)[others.trailing_zeros() as usize], digit);
            let hidden = base.positions(unit, digit) & !board.positions(unit, digit);
            if let Some(found) = follow(target, Cause::Unit(unit as u32), hidden) {
                return Some(found);
            }
        }
        None
    }

    /// The steps `rule` finds on the working board, as an inner rule of
    /// this chain gives them (SE's nested levels 3 and 4): SE's order, each
    /// removal set once, with what their rule parents come from, their
    /// complexity and their chains' key.
    fn nested_hints(&mut self, rule: Rule) -> Vec<NestedHint> {
        let mut inner = match self.inner.take() {
            Some(mut inner) => {
                inner.reset(&self.board, rule);
                inner
            }
            None => Box::new(Engine::on(self.board.clone(), rule, false)),
        };
        inner.table.clone_from(&self.table);
        // Only the first step for each set of removals is kept below.
        inner.per_target = true;
        // The forcing chains' buffers hold the reach of this grid when
        // they were run on it just before (see `forcing::shared_reach`).
        std::mem::swap(&mut inner.chain_work, &mut self.chain_work);
        std::mem::swap(&mut inner.barren, &mut self.barren);
        let mut out: Vec<NestedHint> = Vec::new();
        // A step removes digits from one square: (square, digits) names it.
        let mut seen: std::collections::HashSet<(usize, u32)> = std::collections::HashSet::new();
        for ranked in inner.steps() {
            let (t, mask) = (ranked.target, ranked.removed());
            if !seen.insert((t.square, mask)) {
                continue;
            }
            let removals = bits(mask).map(|d| (t.square, d as u8)).collect();
            let (needs, key) = inner.rule_parents(&ranked);
            out.push(NestedHint {
                removals,
                needs,
                complexity: ranked.complexity,
                key,
            });
        }
        std::mem::swap(&mut inner.chain_work, &mut self.chain_work);
        std::mem::swap(&mut inner.barren, &mut self.barren);
        self.inner = Some(inner);
        out
    }

    /// What SE's rule parents of a step found inside an outer chain come
    /// from, and its chains potential by potential (its key): each branch
    /// walked back breadth first; an "on" reached because a square or a
    /// unit had one candidate or place left relies on what the outer chain
    /// struck there. A cell or region chain's assumptions count so too.
    fn rule_parents(&mut self, ranked: &Ranked) -> (Vec<Need>, Vec<Potential>) {
        let mut needs: Vec<Need> = Vec::new();
        let mut key = Vec::new();
        for &(id, end) in &ranked.branches {
            // Each potential once, the first time the walk meets it (a
            // stamp per potential marks those met).
            let stamp = self.next_stamp();
            let run = &self.runs[id];
            let mut todo = vec![end];
            while !todo.is_empty() {
                let mut next = Vec::new();
                for &n in &todo {
                    let node = run.nodes[n as usize];
                    let p = node.potential;
                    let k = self::key(p, self.stride);
                    if self.seen[k] == stamp {
                        continue;
                    }
                    self.seen[k] = stamp;
                    key.push(p);
                    let cause = match (node.cause, ranked.kind) {
                        (Cause::Start, Kind::Cell(_)) => Cause::Square,
                        (Cause::Start, Kind::Region(u, _)) => Cause::Unit(u as u32),
                        (cause, _) => cause,
                    };
                    let need = match (p.on, cause) {
                        (true, Cause::Square) => Some(Need::Square(p.square)),
                        (true, Cause::Unit(u)) => Some(Need::Unit(u as usize, p.digit)),
                        _ => None,
                    };
                    if let Some(need) = need.filter(|n| !needs.contains(n)) {
                        needs.push(need);
                    }
                    next.extend_from_slice(run.parents_of(n));
                    run.push_hidden(n, self.geo, self.stride, &mut next);
                }
                todo = next;
            }
            key.push(Potential {
                square: usize::MAX,
                digit: 0,
                on: false,
            });
        }
        (needs, key)
    }

    /// A stamp no entry of `seen` holds yet. (An engine is kept for the
    /// next call in its cache, so over a long batch the count could wrap
    /// round to stamps still in the table: it starts again from a cleared
    /// one first.)
    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Strikes a candidate out of the working grid, to be put back when the
    /// chain ends.
    fn strike(&mut self, s: usize, d: u8) {
        if self.board.remove(s, d) {
            self.struck[s] |= 1 << d;
            self.log.push((s, d));
        }
    }

    /// Runs the inner rules on the working grid and adds what they rule out
    /// (new potentials only); true when something was added.
    fn advance(&mut self, id: usize) -> bool {
        let mut added = false;
        let mut simple = std::mem::take(&mut self.simple);
        inner::level_one_into(&self.board, &self.struck, &mut simple, self.reasons);
        for hint in simple.iter() {
            added |= self.rule_links(id, hint.removals, hint.parents, hint.text, None);
        }
        self.simple = simple;
        if !self.simple.is_empty() {
            return added;
        }
        // The chains inside, lowest level first, while none has a hint.
        for &inner_rule in self.rule.inner_chains() {
            let code = inner_rule.map_or(0, |r| r.code());
            let grid = memo::grid_key(&self.board);
            let table = self.table.clone();
            let found = memo::inner_hints(&table, code, grid, || match inner_rule {
                None => forcing::nested_chains(&self.board, &mut self.chain_work, &mut self.barren),
                Some(rule) => self.nested_hints(rule),
            });
            let mut any = false;
            for hint in found.iter() {
                let parents = memo::parents(self.geo, &hint.needs, &self.struck);
                if parents.is_empty() {
                    continue;
                }
                any = true;
                self.nested.push((hint.complexity, hint.key.clone()));
                let nested = Some((self.nested.len() - 1) as u32);
                let text = "a forcing chain";
                added |= self.rule_links(id, &hint.removals, &parents, text, nested);
            }
            if any {
                break;
            }
        }
        added
    }

    /// Adds to run `id` the candidates an inner rule's hint removes (those
    /// not reached yet), each with the hint's rule parents as its parents;
    /// true when one was new.
    fn rule_links(
        &mut self,
        id: usize,
        removals: &[(usize, u8)],
        rule_parents: &[(usize, u8)],
        text: &str,
        nested: Option<u32>,
    ) -> bool {
        let stride = self.stride;
        let mut parents = std::mem::take(&mut self.parent_nodes);
        let run = &mut self.runs[id];
        parents.clear();
        parents.extend(
            rule_parents
                .iter()
                .filter_map(|&(s, d)| run.get(off(s, d), stride)),
        );
        debug_assert_eq!(parents.len(), rule_parents.len());
        let rule = run.rules.len() as u32;
        let text = if self.reasons {
            text.to_string()
        } else {
            String::new()
        };
        run.rules.push((text, nested));
        let mut added = false;
        for &(s, d) in removals {
            let q = off(s, d);
            if !run.has(q) {
                let n = run.node(q, Cause::Rule(rule), &parents);
                run.keep(n, stride);
                added = true;
            }
        }
        self.parent_nodes = parents;
        added
    }

    /// How many distinct potentials are among `n` and all its ancestors in
    /// run `id` (SE's ancestor count); the count stops once it is past
    /// `limit`.
    fn ancestors(&mut self, id: usize, n: u32, nested: &mut Vec<u32>, limit: usize) -> usize {
        let stamp = self.next_stamp();
        let run = &self.runs[id];
        let todo = &mut self.todo;
        todo.clear();
        todo.push(n);
        let mut count = 0;
        while let Some(m) = todo.pop() {
            let node = run.nodes[m as usize];
            let k = key(node.potential, self.stride);
            if self.seen[k] == stamp {
                continue;
            }
            self.seen[k] = stamp;
            count += 1;
            if count > limit {
                break;
            }
            if let Cause::Rule(r) = node.cause {
                if let Some(i) = run.rules[r as usize].1 {
                    if !nested.contains(&i) {
                        nested.push(i);
                    }
                }
            }
            todo.extend_from_slice(run.parents_of(m));
            run.push_hidden(m, self.geo, self.stride, todo);
        }
        count
    }

    /// A step for the list, unless it removes nothing, or only SE's first
    /// step is wanted and this one comes after the best so far: then its
    /// ancestors are counted only until they are more than the best's
    /// complexity (its difficulty, which grows with the complexity, is
    /// then as high or higher, so it comes after).
    fn rank(
        &mut self,
        kind: Kind,
        source: Potential,
        target: Potential,
        branches: &[(usize, u32)],
        out: &mut Vec<Ranked>,
    ) {
        let others = if target.on {
            self.board.cands(target.square) & !(1 << target.digit)
        } else {
            0
        };
        if target.on && others == 0 {
            return;
        }
        self.concluded |= 1 << source.digit;
        let mask = removed(target, others);
        let best_here = match self.per_target {
            true => self.target_best.get(&(target.square, mask)).copied(),
            false => None,
        };
        // SE's complexity: the ancestors of each branch's end, plus each
        // different chain used inside the chains once.
        let limit = match (self.best, best_here) {
            (Some(Some((_, best, _))), _) => best,
            (_, Some((best, _))) => best,
            _ => usize::MAX,
        };
        // Each branch's end and its first parents back to the assumption
        // are that many distinct potentials among its ancestors: a step
        // that already needs more than the best is passed over without
        // counting them.
        if limit != usize::MAX {
            let mut least = 0;
            for &(r, n) in branches {
                least += self.runs[r].first_parents(n, limit - least);
                if least > limit {
                    return;
                }
            }
        }
        let mut nested = Vec::new();
        let mut complexity: usize = 0;
        for &(r, n) in branches {
            complexity += self.ancestors(r, n, &mut nested, limit - complexity);
            if complexity > limit {
                return;
            }
        }
        // The chains counted so far, by their entry in `self.nested`.
        let mut counted: Vec<u32> = Vec::new();
        for i in nested {
            let (inner, key) = &self.nested[i as usize];
            if !counted.iter().any(|&j| self.nested[j as usize].1 == *key) {
                counted.push(i);
                complexity += inner;
            }
        }
        let sort_key = match kind {
            Kind::Double => 1,
            Kind::Cell(_) => 5,
            Kind::Region(..) => 6,
            Kind::Contradiction => 7,
        };
        let difficulty = self.rule.base() + length_bonus(complexity);
        if self.per_target {
            // As with `best`: a tie comes after (the difficulty follows the
            // complexity within a rule).
            if best_here.is_some_and(|b| (complexity, sort_key) >= b) {
                return;
            }
            self.target_best
                .insert((target.square, mask), (complexity, sort_key));
        }
        if let Some(best) = &mut self.best {
            // A step that ties with the best comes after it (SE's sort keeps
            // the order found).
            let order = (difficulty, complexity, sort_key);
            if best.is_some_and(|b| se_order(order, b).is_ge()) {
                return;
            }
            *best = Some(order);
        }
        for &(r, _) in branches {
            self.referenced[r] = true;
        }
        out.push(Ranked {
            kind,
            source,
            target,
            others,
            branches: branches.to_vec(),
            difficulty,
            complexity,
            sort_key,
        });
    }

    /// Every step of the rule, SE's first first.
    fn steps(&mut self) -> Vec<Ranked> {
        let count = self.geo.shape.square_count();
        self.steps_in(0..count)
    }

    /// SE's first step among those from `squares` (see [`Engine::steps_in`]),
    /// with its order key (difficulty, complexity, kind).
    fn first_in(&mut self, squares: std::ops::Range<usize>) -> Option<((f64, usize, u8), Step)> {
        let steps = self.steps_in(squares);
        let ranked = steps.first()?;
        let order = (ranked.difficulty, ranked.complexity, ranked.sort_key);
        Some((order, self.step(ranked)))
    }

    /// The steps from the squares `squares` (chains from their candidates,
    /// and the cells and regions whose first place they are), SE's first
    /// first.
    fn steps_in(&mut self, squares: std::ops::Range<usize>) -> Vec<Ranked> {
        let mut out = Vec::new();
        // Nishio chains of a digit whose pattern found nothing before are
        // not followed again.
        let patterns = match self.rule {
            Rule::Nishio => digit_memo::patterns(&self.board),
            _ => None,
        };
        self.skip = 0;
        self.concluded = 0;
        self.target_best.clear();
        if self.prunes() || self.checks_offs() {
            self.grid.load(&self.board, !self.rule.is_dynamic());
            if self.closure_stamp == u32::MAX {
                self.closed.fill(0);
                self.closure_stamp = 0;
            }
            self.closure_stamp += 1;
        }
        for p in patterns.iter().flatten() {
            if self.barren.is_barren(digit_memo::Rule::Nishio, p) {
                self.skip |= 1 << p.0;
            }
        }
        self.shared_reach = None;
        if self.rule == Rule::Multiple && self.prunes() {
            // The forcing chains run on this grid just before left their
            // reach in `chain_work`: the caller's buffers, lent to the
            // engine, or inside a chain the outer engine's (see
            // `nested_hints`).
            self.shared_reach = Some(forcing::shared_reach(&self.board, &mut self.chain_work));
        }
        for square in squares {
            if self.board.is_filled(square) {
                continue;
            }
            let n = self.board.cands(square).count_ones();
            if n > 2 || (n > 1 && self.rule.is_dynamic()) {
                self.square_steps(square, n, &mut out);
            }
        }
        for p in patterns.into_iter().flatten() {
            if (self.skip | self.concluded) & (1 << p.0) == 0 && p.1 != 0 {
                self.barren.keep_barren(digit_memo::Rule::Nishio, p);
            }
        }
        // Stable, as SE's sort is: ties keep the order found.
        out.sort_by(|a, b| {
            se_order(
                (a.difficulty, a.complexity, a.sort_key),
                (b.difficulty, b.complexity, b.sort_key),
            )
        });
        out
    }

    /// The steps that start from `square` (SE's order: per candidate, the
    /// contradictions, doubles and region chains, then the cell chains).
    /// A rule with no rule inside its chains first works out their
    /// closures, and follows the chains only where those may give a step.
    fn square_steps(&mut self, square: usize, n: u32, out: &mut Vec<Ranked>) {
        let rule = self.rule;
        let digits = self.board.cands(square) & !self.skip;
        // The runs from "off" made here (the rules run on grids of 9x9 and
        // smaller: nine digits at most).
        let (mut made, mut runs) = ([0usize; 9], 0);
        for digit in bits(digits) {
            let digit = digit as u8;
            // The chain from "on", then from "off"; each contradiction
            // proves the opposite of its assumption. (A static rule takes
            // no step from a contradiction or from both assumptions, so it
            // needs no chain from "off".)
            if rule.is_dynamic() {
                let needs = self.both_ways_needs(square, digit, n);
                let a = needs.from_on.then(|| self.on_run(square, digit));
                let from_off =
                    needs.from_off && self.off_may_give_a_step(square, digit, a, needs.doubles);
                let b = from_off.then(|| {
                    let b = self.start(off(square, digit));
                    self.chain(b);
                    made[runs] = b;
                    runs += 1;
                    b
                });
                self.both_ways(square, digit, (a, b), needs.doubles, out);
            }
            if !rule.is_nishio() {
                self.region_steps(square, digit, out);
            }
        }
        let (mut each, mut ons) = ([0usize; 9], 0);
        for digit in bits(digits) {
            each[ons] = digit;
            ons += 1;
        }
        let cell_may = self
            .shared_reach
            .as_ref()
            .is_none_or(|r| r.0 & (1 << square) != 0);
        if !rule.is_nishio() && cell_may && self.may_share_a_step(ons, |i| (square, each[i])) {
            let mut from_on = [0usize; 9];
            for (run, &digit) in from_on.iter_mut().zip(&each[..ons]) {
                *run = self.on_run(square, digit as u8);
            }
            self.shared_steps(Kind::Cell(square), on(square, 0), &from_on[..ons], out);
        }
        for &id in &made[..runs] {
            self.release(id);
        }
        for digit in bits(digits) {
            if let Some(id) = self.from_on[square * self.stride + digit].checked_sub(1) {
                self.release(id as usize);
            }
        }
    }

    /// The closure of `digit` assumed on in `square`, worked out once per
    /// search.
    fn on_closure(&mut self, square: usize, digit: u8) -> &Closure {
        let c = square * self.stride + usize::from(digit);
        if self.closed[c] != self.closure_stamp {
            self.closed[c] = self.closure_stamp;
            let links = self.closure_links();
            let out = &mut self.on_closures[c];
            self.grid.close_into(square, digit, true, links, out);
        }
        &self.on_closures[c]
    }

    /// Whether closures tell which chains to follow: for the rules with no
    /// rule inside their chains (their closures would need those rules).
    /// Not for dynamic chains when only SE's first step is wanted: so many
    /// of them meet a contradiction, which has to be followed anyway, that
    /// working out their closures costs more than it saves (4% more
    /// instructions on norvig_top95's first 40, as measured).
    fn prunes(&self) -> bool {
        self.prune && self.rule.level() == 0 && !(self.rule == Rule::Dynamic && self.best.is_some())
    }

    /// Whether, with no closures for the chains from "on" (see
    /// [`Engine::prunes`]), a dynamic rule still looks at the closure of
    /// each chain from "off" before following it: those meet a
    /// contradiction far less often.
    fn checks_offs(&self) -> bool {
        self.prune && self.rule == Rule::Dynamic && self.best.is_some()
    }

    /// Whether the chain from `digit` off in `square` may give a step,
    /// where [`Engine::checks_offs`]: when its closure warns of no
    /// contradiction, it reaches just that closure, so it gives a step only
    /// as a double, with something the chain from "on" (run `a`, followed)
    /// reached too.
    fn off_may_give_a_step(
        &mut self,
        square: usize,
        digit: u8,
        a: Option<usize>,
        doubles: bool,
    ) -> bool {
        if !self.checks_offs() {
            return true;
        }
        let at = self.off_closure(square, digit);
        let closure = self.closure_at(at);
        if closure.absurd {
            return true;
        }
        let (Some(a), true) = (a, doubles) else {
            return false;
        };
        let run = &self.runs[a];
        run.on.iter().chain(&run.off).any(|&n| {
            let p = run.nodes[n as usize].potential;
            closure.holds_a_step(p.square, p.digit, p.on, &self.grid)
        })
    }

    /// How this rule's chains follow their links, for their closures.
    fn closure_links(&self) -> closure::Links {
        closure::Links {
            y: !self.rule.is_nishio(),
            dynamic: self.rule.is_dynamic(),
        }
    }

    /// Which of the chains from `digit` on and off in `square` (of `n`
    /// candidates) may give a step, and whether both together may: a
    /// contradiction from either, or (not for Nishio, and from squares of
    /// three candidates or more) something both force. All, for a rule with
    /// rules inside its chains.
    fn both_ways_needs(&mut self, square: usize, digit: u8, n: u32) -> BothWays {
        let doubles = n >= 3 && !self.rule.is_nishio();
        let all = BothWays {
            from_on: true,
            from_off: true,
            doubles,
        };
        if !self.prunes() {
            return all;
        }
        let a = square * self.stride + usize::from(digit);
        if self.on_closure(square, digit).absurd && doubles {
            // Doubles from a chain that may meet a contradiction are looked
            // for on both chains, whatever the closure from "off" says.
            return all;
        }
        let at = self.off_closure(square, digit);
        self.ways_needed(&self.on_closures[a], self.closure_at(at), doubles)
    }

    /// Works out the closure of `digit` assumed off in `square`: that of
    /// the candidate it first turns on, where it turns one on (see
    /// [`closure::OffStart`]; in a square of two, the other digit), worked
    /// out once per search; else the "off" alone, in `off_closure`. Says
    /// where it is, for [`Engine::closure_at`].
    fn off_closure(&mut self, square: usize, digit: u8) -> Option<usize> {
        match self.grid.off_start(square, digit, self.closure_links()) {
            OffStart::On(s, d) => {
                self.on_closure(s, d);
                Some(s * self.stride + usize::from(d))
            }
            OffStart::Nothing { absurd } => {
                self.off_closure = Closure::default();
                self.off_closure.off[usize::from(digit)] = 1 << square;
                self.off_closure.absurd = absurd;
                None
            }
        }
    }

    /// The closure [`Engine::off_closure`] said it left at `at`.
    fn closure_at(&self, at: Option<usize>) -> &Closure {
        at.map_or(&self.off_closure, |c| &self.on_closures[c])
    }

    /// [`Engine::both_ways_needs`] from the closures of the chains from
    /// "on" and from "off".
    fn ways_needed(&self, from_on: &Closure, from_off: &Closure, doubles: bool) -> BothWays {
        let doubles = doubles
            && (from_on.absurd || from_off.absurd || from_on.share_a_step(from_off, &self.grid));
        BothWays {
            from_on: from_on.absurd || doubles,
            from_off: from_off.absurd || doubles,
            doubles,
        }
    }

    /// Whether the chains from the `count` candidates `place(i)` (square,
    /// digit) assumed on, together, may give a step: one of them may meet
    /// a contradiction, or they all force a same thing. Always, for a rule
    /// with rules inside its chains.
    fn may_share_a_step(&mut self, count: usize, place: impl Fn(usize) -> (usize, usize)) -> bool {
        if !self.prunes() {
            return true;
        }
        // Once the closures so far share nothing, the chains share nothing
        // whatever the others reach: those need not be worked out.
        let mut all = Closure::default();
        for i in 0..count {
            let (s, d) = place(i);
            self.on_closure(s, d as u8);
            let closure = &self.on_closures[s * self.stride + d];
            if closure.absurd {
                return true;
            }
            if i == 0 {
                all = *closure;
            } else if !all.meet(closure, &self.grid) {
                return false;
            }
        }
        all.has_a_step(&self.grid)
    }

    /// The steps of a dynamic rule from `digit` in `square` that the chains
    /// from "on" and from "off" (runs `a` and `b`, where followed) give:
    /// each contradiction, then (with `doubles`) what both force.
    fn both_ways(
        &mut self,
        square: usize,
        digit: u8,
        (a, b): (Option<usize>, Option<usize>),
        doubles: bool,
        out: &mut Vec<Ranked>,
    ) {
        let stride = self.stride;
        let (p_on, p_off) = (on(square, digit), off(square, digit));
        for (run, assumed) in [(a, p_on), (b, p_off)] {
            let Some(run) = run else {
                continue;
            };
            if let Some((x, y)) = self.runs[run].absurd {
                let opposite = Potential {
                    on: !assumed.on,
                    ..assumed
                };
                let ends = [(run, x), (run, y)];
                self.rank(Kind::Contradiction, assumed, opposite, &ends, out);
            }
        }
        let (Some(a), Some(b), true) = (a, b, doubles) else {
            return;
        };
        // What both force: first what they turn on, then off.
        for (source, ons) in [(p_on, true), (p_off, false)] {
            let (run, other) = (&self.runs[a], &self.runs[b]);
            let (reached, both) = if ons {
                (run.on.len(), run.on_bits.and(&other.on_bits))
            } else {
                (run.off.len(), run.off_bits.and(&other.off_bits))
            };
            if both.is_empty() {
                continue;
            }
            for i in 0..reached {
                let run = &self.runs[a];
                let x = if ons { run.on[i] } else { run.off[i] };
                let p = run.nodes[x as usize].potential;
                if both.holds(p) {
                    let y = self.runs[b].reached(p, stride);
                    self.rank(Kind::Double, source, p, &[(a, x), (b, y)], out);
                }
            }
        }
    }

    /// The potentials every run of `runs` reached (on ones, or off ones),
    /// in the order the first reached them, into `out`.
    fn common(&self, runs: &[usize], on_ones: bool, out: &mut Vec<Potential>) {
        out.clear();
        let Some((&first, rest)) = runs.split_first() else {
            return;
        };
        let bits_of = |r: usize| {
            let run = &self.runs[r];
            if on_ones {
                &run.on_bits
            } else {
                &run.off_bits
            }
        };
        // What all reached, digit by digit, as bits first: mostly nothing.
        let all = rest
            .iter()
            .fold(*bits_of(first), |all, &r| all.and(bits_of(r)));
        if all.is_empty() {
            return;
        }
        let run = &self.runs[first];
        let set = if on_ones { &run.on } else { &run.off };
        out.extend(
            set.iter()
                .map(|&n| run.nodes[n as usize].potential)
                .filter(|p| all.holds(*p)),
        );
    }

    /// The region chains of `digit` in the units of `square` that have
    /// `square` as the digit's first place.
    fn region_steps(&mut self, square: usize, digit: u8, out: &mut Vec<Ranked>) {
        for u in box_row_column(self.geo, square) {
            let places = self.board.positions(u, digit);
            let squares = self.geo.squares(u);
            if at_most_one(places) || squares[places.trailing_zeros() as usize] != square {
                continue;
            }
            if self
                .shared_reach
                .as_ref()
                .is_some_and(|r| r.1[u] & (1 << digit) == 0)
            {
                continue;
            }
            let (mut at, mut count) = ([0usize; 9], 0);
            for i in bits(places) {
                at[count] = squares[i];
                count += 1;
            }
            if !self.may_share_a_step(count, |i| (at[i], usize::from(digit))) {
                continue;
            }
            let mut branches = [0usize; 9];
            for (branch, &s) in branches.iter_mut().zip(&at[..count]) {
                *branch = self.on_run(s, digit);
            }
            let branches = &branches[..count];
            self.shared_steps(Kind::Region(u, digit), on(square, digit), branches, out);
        }
    }

    /// A step for each potential every one of `runs` reached: first those
    /// turned on, then those turned off, in the order the first run reached
    /// them.
    fn shared_steps(
        &mut self,
        kind: Kind,
        source: Potential,
        runs: &[usize],
        out: &mut Vec<Ranked>,
    ) {
        let mut common = std::mem::take(&mut self.shared);
        for ons in [true, false] {
            self.common(runs, ons, &mut common);
            // A square has nine candidates and a unit nine places at most.
            let mut ends = [(0, 0); 9];
            for &p in &common {
                for (end, &r) in ends.iter_mut().zip(runs) {
                    *end = (r, self.runs[r].get(p, self.stride).unwrap_or(0));
                }
                self.rank(kind, source, p, &ends[..runs.len()], out);
            }
        }
        self.shared = common;
    }

    /// The links from the assumption to node `n` of run `id`, following
    /// first parents.
    fn links(&self, id: usize, n: u32) -> Vec<Link> {
        let run = &self.runs[id];
        let mut out = Vec::new();
        let mut at = Some(n);
        while let Some(m) = at {
            let node = run.nodes[m as usize];
            let p = node.potential;
            let (reason, unit) = match (node.cause, p.on) {
                (Cause::Start, _) => (LinkReason::Assumption, None),
                (Cause::Square, false) => (LinkReason::SameSquare, None),
                (Cause::Square, true) => (LinkReason::LastCandidate, None),
                (Cause::Unit(u), false) => (LinkReason::SameUnit, Some(self.geo.unit(u as usize))),
                (Cause::Unit(u), true) => (LinkReason::LastPlace, Some(self.geo.unit(u as usize))),
                (Cause::Rule(_), _) => (LinkReason::Rule, None),
            };
            out.push(Link {
                square: self.geo.square(p.square),
                digit: p.digit,
                on: p.on,
                reason,
                unit,
            });
            at = run.parents_of(m).first().copied();
        }
        out.reverse();
        out
    }

    /// The step a ranked find makes.
    fn step(&self, found: &Ranked) -> Step {
        let geo = self.geo;
        let rule = self.rule;
        let technique = match (rule, found.kind) {
            (Rule::Nishio, _) => Technique::NishioForcingChain,
            (Rule::Multiple, Kind::Region(..)) => Technique::RegionForcingChains,
            (Rule::Multiple, _) => Technique::CellForcingChains,
            (Rule::Dynamic, Kind::Contradiction) => Technique::DynamicContradiction,
            (Rule::Dynamic, Kind::Double) => Technique::DynamicDouble,
            (Rule::Dynamic, Kind::Cell(_)) => Technique::DynamicCell,
            (Rule::Dynamic, Kind::Region(..)) => Technique::DynamicRegion,
            (Rule::DynamicPlus, _) => Technique::DynamicPlus,
            (Rule::NestedForcing, _) => Technique::NestedForcingChains,
            (Rule::NestedMultiple, _) => Technique::NestedMultipleChains,
            (Rule::NestedDynamic(_), _) => Technique::NestedDynamicChains,
        };
        let t = found.target;
        let mut step = Step::new(technique, (found.difficulty * 10.0).round() as u16);
        step.eliminations = if t.on {
            geo.cands(t.square, crate::grid::Digits::from_bits(found.others))
                .collect()
        } else {
            vec![geo.cand(t.square, t.digit)]
        };
        if t.on {
            step.placements.push(geo.cand(t.square, t.digit));
        }
        if self.reasons {
            let mut chain = Vec::new();
            let mut texts = Vec::new();
            for &(r, n) in &found.branches {
                let links = self.links(r, n);
                texts.push(links_text(&links));
                chain.extend(links);
            }
            step.evidence.candidates = chain
                .iter()
                .map(|l| geo.cand(l.square.index(), l.digit))
                .collect();
            step.evidence.chain = chain;
            let conclusion = if t.on {
                format!("{} is {}", geo.square(t.square), t.digit)
            } else {
                removal_text(&step.eliminations)
            };
            let s = found.source;
            let (squares, opening) = match found.kind {
                Kind::Contradiction => {
                    let sign = if s.on { "=" } else { "<>" };
                    let clash = self.runs[found.branches[0].0].nodes[found.branches[0].1 as usize]
                        .potential;
                    (
                        vec![geo.square(s.square)],
                        format!(
                            "if {}{sign}{}, {} would be both {} and not {}",
                            geo.square(s.square),
                            s.digit,
                            geo.square(clash.square),
                            clash.digit,
                            clash.digit
                        ),
                    )
                }
                Kind::Double => (
                    vec![geo.square(s.square)],
                    format!(
                        "whether {} is {} or not, the same follows",
                        geo.square(s.square),
                        s.digit
                    ),
                ),
                Kind::Cell(sq) => (
                    vec![geo.square(sq)],
                    format!("whichever digit {} holds, the same follows", geo.square(sq)),
                ),
                Kind::Region(u, d) => {
                    let places: Vec<_> = found
                        .branches
                        .iter()
                        .map(|&(r, _)| geo.square(self.runs[r].nodes[0].potential.square))
                        .collect();
                    step.evidence.units = vec![geo.unit(u)];
                    (
                        places.clone(),
                        format!(
                            "wherever {d} goes in {} ({}), the same follows",
                            geo.unit(u),
                            and_list(&places)
                        ),
                    )
                }
            };
            step.evidence.squares = squares;
            step.text = format!(
                "{}: {opening}: {}; so {conclusion}",
                technique.name(),
                texts.join("; ")
            );
        }
        step
    }
}

/// Links as text: `A1=5 -> A7<>5 -> ...`.
fn links_text(links: &[Link]) -> String {
    links
        .iter()
        .map(|l| {
            let sign = if l.on { "=" } else { "<>" };
            format!("{}{sign}{}", l.square, l.digit)
        })
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// The lowest nesting level whose first step is looked for on several
/// threads when [`spread`] allows: below it a rule's search is too short
/// to gain.
#[cfg(feature = "parallel")]
const SPREAD_FROM: u8 = 1;

/// What the dynamic rules keep in the caller's cache.
#[derive(Default)]
struct DynamicCache {
    /// An engine, kept for the next call rather than made anew: a rater
    /// calls these rules at every step of a hard puzzle, and an engine's
    /// tables hold a slot per potential.
    engine: Option<Box<Engine>>,
    /// The engines of the runs a search shares out over threads, kept for
    /// the next search so.
    #[cfg(feature = "parallel")]
    runs: std::sync::Mutex<Vec<Box<Engine>>>,
    /// What the rules run inside chains found (see [`memo`]).
    table: memo::Shared,
}

/// `spare`, made ready for `rule` on `state`, or a new engine.
fn ready(spare: Option<Box<Engine>>, state: &State, rule: Rule) -> Box<Engine> {
    match spare.filter(|e| std::ptr::eq(e.geo, state.geometry())) {
        Some(mut engine) => {
            engine.reset(&Board::new(state), rule);
            engine.reasons = state.reasons();
            engine
        }
        None => Box::new(Engine::new(state, rule)),
    }
}

impl ForcingChainRule {
    /// Runs `work` on an engine for this rule on `state`, with what `cache`
    /// keeps (an engine, the forcing chains' buffers, the barren digits,
    /// the inner rules' table) lent to it; `None` where the rule is off.
    /// With `first_only`, the engine's steps are sure to hold SE's first
    /// step, first, but may leave out later ones.
    fn with_engine<T>(
        &self,
        state: &State,
        cache: &mut Cache,
        first_only: bool,
        work: impl FnOnce(&mut Engine) -> T,
    ) -> Option<T> {
        // Off for the diagonal variant, like the forcing chains, and above
        // 9x9, where a chain of chains grows too fast to be of use.
        if !Self::is_on(state) {
            return None;
        }
        let kept = cache.part::<DynamicCache>();
        memo::trim(&kept.table);
        let mut engine = ready(kept.engine.take(), state, self.rule);
        engine.table.clone_from(&kept.table);
        // The forcing chains' buffers hold the reach of this grid when they
        // ran on it just before (see `forcing::shared_reach`).
        std::mem::swap(&mut engine.chain_work, cache.part::<forcing::Scratch>());
        std::mem::swap(&mut engine.barren, cache.part::<DigitMemo>());
        engine.best = first_only.then_some(None);
        let out = work(&mut engine);
        std::mem::swap(&mut engine.chain_work, cache.part::<forcing::Scratch>());
        std::mem::swap(&mut engine.barren, cache.part::<DigitMemo>());
        cache.part::<DynamicCache>().engine = Some(engine);
        Some(out)
    }

    /// Whether the dynamic rules run on `state`'s shape: not on the
    /// diagonal variant, like the forcing chains, nor above 9x9, where a
    /// chain of chains grows too fast to be of use.
    fn is_on(state: &State) -> bool {
        state.shape().variant() != Variant::Diagonal && state.shape().side() <= 9
    }

    /// [`Finder::first`] with the squares cut into runs of consecutive
    /// squares, each searched on a thread of the current pool (see
    /// [`spread`]) by an engine of its own: the best step of each run, then
    /// the best of those.
    #[cfg(feature = "parallel")]
    fn first_spread(&self, state: &State, cache: &mut Cache, threads: usize) -> Option<Step> {
        use rayon::prelude::*;
        if !Self::is_on(state) {
            return None;
        }
        let count = state.shape().square_count();
        // More runs than threads, so that a thread whose runs were quick
        // takes on another.
        let runs = 4 * threads;
        let kept = cache.part::<DynamicCache>();
        // Every run uses the caller's table of what inner rules found, and
        // none empties it: the runs meet the same grids.
        memo::trim(&kept.table);
        let (table, spare) = (&kept.table, &kept.runs);
        let lock = || {
            spare
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        let best: Vec<_> = (0..runs)
            .into_par_iter()
            .map(|i| {
                let squares = i * count / runs..(i + 1) * count / runs;
                let mut engine = ready(lock().pop(), state, self.rule);
                engine.table.clone_from(table);
                engine.best = Some(None);
                let found = engine.first_in(squares);
                lock().push(engine);
                found
            })
            .collect();
        // On a tie, the earlier run's: SE's sort keeps the order found,
        // and the squares are searched in order.
        best.into_iter()
            .flatten()
            .reduce(|a, b| if se_order(b.0, a.0).is_lt() { b } else { a })
            .map(|(_, step)| step)
    }
}

impl Finder for ForcingChainRule {
    fn min_difficulty(&self) -> u16 {
        (self.rule.base() * 10.0).round() as u16
    }

    fn find(&self, state: &State, cache: &mut Cache, found: Found<'_>) -> ControlFlow<()> {
        self.with_engine(state, cache, false, |engine| {
            let steps = engine.steps();
            steps
                .iter()
                .try_for_each(|ranked| found(engine.step(ranked)))
        })
        .unwrap_or(ControlFlow::Continue(()))
    }

    /// The steps come easiest first (SE's order), so the easiest is the
    /// first.
    fn easiest(&self, state: &State, cache: &mut Cache) -> Option<Step> {
        self.first(state, cache)
    }

    fn first(&self, state: &State, cache: &mut Cache) -> Option<Step> {
        #[cfg(feature = "parallel")]
        if self.rule.level() >= SPREAD_FROM {
            let threads = spread::threads(cache);
            if threads > 1 {
                return self.first_spread(state, cache, threads);
            }
        }
        let count = state.shape().square_count();
        self.with_engine(state, cache, true, |engine| engine.first_in(0..count))
            .flatten()
            .map(|(_, step)| step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_grid, ParseOptions};

    #[test]
    fn stamps_start_again_from_a_cleared_table_when_the_count_wraps_round() {
        let grid = parse_grid(&".".repeat(81), ParseOptions::default()).unwrap();
        let mut engine = Engine::new(&State::from_puzzle(&grid), Rule::Dynamic);
        let first = engine.next_stamp();
        engine.seen[5] = first;
        engine.stamp = u32::MAX;
        // A stamp equal to an old entry would count that potential as met.
        assert_eq!(engine.next_stamp(), 1);
        assert!(engine.seen.iter().all(|&s| s == 0));
        assert_eq!(engine.next_stamp(), 2);
    }

    /// One grid in `every` along Sudoku Explainer's paths of two puzzles of
    /// magictour_top1465 (ER 9.3 and 9.0) that take Nishio, multiple and
    /// dynamic chains. On the second, a dynamic chain turns on a square's
    /// last candidate while turning it off is still to be followed.
    fn path_states(every: usize) -> Vec<State> {
        let mut states = Vec::new();
        for puzzle in [
            "5..7.........3..7...8..5..36..1..4...8..2..9...9..8..1...4..3...6..9..4...2..6..9",
            ".5.4....8..6....9..4...3..........39..5...8.6..985.....2...4.1.6..1.......8.....2",
        ] {
            let path = crate::logic::solver::se_path_states(puzzle);
            states.extend(path.into_iter().step_by(every));
        }
        states
    }

    /// What run `id` reached, as closures hold it.
    fn reached(engine: &Engine, id: usize) -> ([u128; 10], [u128; 10]) {
        let run = &engine.runs[id];
        let (mut ons, mut offs) = ([0u128; 10], [0u128; 10]);
        for &n in run.on.iter().chain(&run.off) {
            let p = run.nodes[n as usize].potential;
            let set = if p.on { &mut ons } else { &mut offs };
            set[usize::from(p.digit)] |= 1 << p.square;
        }
        (ons, offs)
    }

    /// Calls `check` with an engine of each rule with closures (its grid
    /// loaded for them) on every fourth state of the test paths, for each
    /// candidate of a square of two or more.
    fn each_closure_start(mut check: impl FnMut(&mut Engine, usize, u8)) {
        for state in path_states(4) {
            for rule in [Rule::Nishio, Rule::Multiple, Rule::Dynamic] {
                let mut engine = Engine::new(&state, rule);
                let board = engine.board.clone();
                engine.grid.load(&board, !rule.is_dynamic());
                engine.closure_stamp += 1;
                for s in (0..81).filter(|&s| board.cands(s).count_ones() > 1) {
                    for d in bits(board.cands(s)) {
                        check(&mut engine, s, d as u8);
                    }
                }
            }
        }
    }

    #[test]
    fn a_closure_is_what_the_chain_reaches_or_warns_of_a_contradiction() {
        let (mut same, mut warned) = (0, 0);
        each_closure_start(|engine, s, d| {
            let (rule, links) = (engine.rule, engine.closure_links());
            for p in [on(s, d), off(s, d)] {
                let closure = engine.grid.close(s, d, p.on, links);
                let id = engine.start(p);
                let absurd = engine.chain(id).is_some();
                let (ons, offs) = reached(engine, id);
                // The run's own bits say the same, on a run used before
                // too, and its table finds each node.
                let run = &engine.runs[id];
                for (s, d) in (0..81).flat_map(|s| (1..=9u8).map(move |d| (s, d))) {
                    let bit = |set: [u128; 10]| set[usize::from(d)] >> s & 1 != 0;
                    assert_eq!(run.has(on(s, d)), bit(ons), "{rule:?} {s} {d}");
                    assert_eq!(run.has(off(s, d)), bit(offs), "{rule:?} {s} {d}");
                }
                for &n in run.on.iter().chain(&run.off) {
                    let p = run.nodes[n as usize].potential;
                    assert_eq!(run.get(p, engine.stride), Some(n));
                }
                engine.release(id);
                if absurd {
                    assert!(closure.absurd, "{rule:?} from {p:?}");
                    warned += 1;
                } else if !closure.absurd {
                    assert_eq!(closure.on, ons, "{rule:?} from {p:?}");
                    assert_eq!(closure.off, offs, "{rule:?} from {p:?}");
                    same += 1;
                }
            }
        });
        // Both kinds were met, many times.
        assert!(same > 1000 && warned > 100, "{same} {warned}");
    }

    #[test]
    fn an_offs_closure_is_that_of_what_it_first_turns_on() {
        let (mut borrowed, mut alone) = (0, 0);
        each_closure_start(|engine, s, d| {
            let full = engine.grid.close(s, d, false, engine.closure_links());
            let at = engine.off_closure(s, d);
            let short = engine.closure_at(at);
            let rule = engine.rule;
            assert_eq!(short.absurd, full.absurd, "{rule:?} {s} {d}");
            if !full.absurd {
                assert_eq!((short.on, short.off), (full.on, full.off));
            }
            if at.is_some() {
                borrowed += 1;
            } else {
                alone += 1;
            }
        });
        assert!(borrowed > 1000 && alone > 1000, "{borrowed} {alone}");
    }

    #[test]
    fn leaving_out_the_chains_whose_closures_give_no_step_leaves_out_no_step() {
        let mut steps = 0;
        for state in path_states(2) {
            for rule in [Rule::Nishio, Rule::Multiple, Rule::Dynamic] {
                for first_only in [false, true] {
                    let mut found = Vec::new();
                    for prune in [false, true] {
                        let mut engine = Engine::new(&state, rule);
                        engine.prune = prune;
                        engine.best = first_only.then_some(None);
                        let list: Vec<_> = engine
                            .steps()
                            .iter()
                            .map(|r| (r.kind, r.source, r.target, r.complexity, r.sort_key))
                            .collect();
                        found.push(list);
                    }
                    assert_eq!(found[0], found[1], "{rule:?}, first only: {first_only}");
                    steps += found[0].len();
                }
            }
        }
        assert!(steps > 100, "{steps}");
    }

    #[test]
    fn a_nodes_first_parents_are_no_more_than_its_ancestors() {
        let (mut nodes, mut shorter) = (0, 0);
        for state in path_states(6) {
            let mut engine = Engine::new(&state, Rule::Dynamic);
            let board = engine.board.clone();
            for s in (0..81).filter(|&s| board.cands(s).count_ones() > 1) {
                for d in bits(board.cands(s)) {
                    let id = engine.start(on(s, d as u8));
                    engine.chain(id);
                    for n in 0..engine.runs[id].nodes.len() as u32 {
                        let first = engine.runs[id].first_parents(n, usize::MAX);
                        let all = engine.ancestors(id, n, &mut Vec::new(), usize::MAX);
                        assert!(first <= all, "{first} > {all}");
                        // The path is the node, its first parent's, and so
                        // on: at least the node and the assumption.
                        let least = if n == 0 { 1 } else { 2 };
                        assert!(first >= least, "{first} < {least}");
                        nodes += 1;
                        shorter += usize::from(first < all);
                    }
                    // A limit stops the count just past it.
                    if let Some(last) = (engine.runs[id].nodes.len() as u32).checked_sub(1) {
                        let full = engine.runs[id].first_parents(last, usize::MAX);
                        assert_eq!(engine.runs[id].first_parents(last, 1), full.min(2));
                    }
                    engine.release(id);
                }
            }
        }
        // Hidden parents make many a node's ancestors more than its path.
        assert!(
            nodes > 10_000 && shorter > 1000,
            "{nodes} nodes, {shorter} shorter"
        );
    }

    /// [`forcing::shared_reach`] keeps every cell and region whose static
    /// chains (followed in full) all reach a same potential that would be
    /// a step, and leaves out many others.
    #[test]
    fn the_shared_reach_keeps_every_cell_and_region_whose_chains_share_a_step() {
        let (mut shared, mut left_out) = (0, 0);
        for state in path_states(3) {
            let mut engine = Engine::new(&state, Rule::Multiple);
            let board = engine.board.clone();
            let (cells, regions) = forcing::shared_reach(&board, &mut forcing::Scratch::default());
            let mut shares = |places: &[(usize, u8)]| {
                let runs: Vec<usize> = places.iter().map(|&(s, d)| engine.on_run(s, d)).collect();
                let mut common = Vec::new();
                let mut any = false;
                for ons in [true, false] {
                    engine.common(&runs, ons, &mut common);
                    any |= common
                        .iter()
                        .any(|p| !p.on || board.cands(p.square).count_ones() >= 2);
                }
                for &r in &runs {
                    engine.release(r);
                }
                any
            };
            let mut check = |places: &[(usize, u8)], kept: bool| {
                if shares(places) {
                    assert!(kept, "{places:?}");
                    shared += 1;
                } else if !kept {
                    left_out += 1;
                }
            };
            for s in (0..81).filter(|&s| board.cands(s).count_ones() >= 2) {
                let places: Vec<_> = bits(board.cands(s)).map(|d| (s, d as u8)).collect();
                check(&places, cells & (1 << s) != 0);
            }
            for (u, &digits) in regions.iter().enumerate().take(27) {
                for d in 1..=9u8 {
                    let positions = board.positions(u, d);
                    if positions.count_ones() < 2 {
                        continue;
                    }
                    let squares = board.geometry().squares(u);
                    let places: Vec<_> = bits(positions).map(|i| (squares[i], d)).collect();
                    check(&places, digits & (1 << d) != 0);
                }
            }
        }
        assert!(
            shared > 100 && left_out > 1000,
            "{shared} shared, {left_out} left out"
        );
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn the_first_step_is_the_same_with_the_squares_shared_out() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let mut found = 0;
        for state in path_states(6) {
            for rule in [Rule::DynamicPlus, Rule::NestedForcing] {
                let finder = ForcingChainRule { rule };
                let alone = finder.first(&state, &mut Cache::new());
                let shared = pool.install(|| finder.first(&state, &mut Cache::spreading()));
                assert_eq!(shared, alone, "{rule:?}");
                // Runs of one square or two, some empty of candidates.
                let many = pool.install(|| finder.first_spread(&state, &mut Cache::new(), 20));
                assert_eq!(many, alone, "{rule:?}");
                found += usize::from(alone.is_some());
            }
        }
        assert!(found > 10, "{found}");
    }

    #[test]
    fn keeping_only_the_best_step_per_removal_set_keeps_the_same_first_steps() {
        let mut kept = 0;
        for state in path_states(2) {
            for rule in [Rule::Multiple, Rule::Dynamic] {
                let mut lists = Vec::new();
                for per_target in [false, true] {
                    let mut engine = Engine::new(&state, rule);
                    engine.per_target = per_target;
                    // The first step for each set of removals, as a rule run
                    // inside a chain keeps them.
                    let mut seen = std::collections::HashSet::new();
                    let steps = engine.steps();
                    // Each branch by the potentials it starts and ends at
                    // (which runs hold them is the engine's business).
                    let ends = |r: &Ranked| -> Vec<(Potential, Potential)> {
                        let run = |id: usize, n: u32| &engine.runs[id].nodes[n as usize];
                        let ends = r.branches.iter();
                        ends.map(|&(id, n)| (run(id, 0).potential, run(id, n).potential))
                            .collect()
                    };
                    let list: Vec<_> = steps
                        .iter()
                        .filter(|r| seen.insert((r.target.square, r.removed())))
                        .map(|r| (r.kind, r.source, r.target, r.complexity, ends(r)))
                        .collect();
                    lists.push(list);
                }
                assert_eq!(lists[0], lists[1], "{rule:?}");
                kept += lists[0].len();
            }
        }
        assert!(kept > 100, "{kept}");
    }

    #[test]
    fn nishio_leaves_out_the_digits_whose_pattern_found_nothing_and_finds_the_same() {
        let nishio = ForcingChainRule { rule: Rule::Nishio };
        let steps = [Technique::NishioForcingChain];
        digit_memo::check::barren_digits(digit_memo::Rule::Nishio, &nishio, &steps);
    }
}
