//! One chain from one assumption ([`Run`]): every potential it reached, as
//! a node with its cause and parents, in the sets of those on and off (each
//! also a queue, and a set of bits), with a table to find a potential's
//! node; and how a step walks those nodes back (first parents, hidden
//! parents).

use crate::logic::bits::bits;
use crate::logic::chains::potential::{off, Potential};
use crate::logic::units::Geometry;

/// Why a potential follows from the ones before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RunCause {
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
pub(super) struct RunNode {
    /// Its potential, packed (see [`RunNode::potential`]). With the
    /// narrow count and mask below, a node takes 20 bytes rather than 40:
    /// a chain's nodes are read over and over, and more of them then stay
    /// in the nearest cache.
    square: u8,
    digit: u8,
    on: bool,
    pub(super) cause: RunCause,
    /// Its parents: the one parent itself when `count` is 1 (as most
    /// nodes have, and kept here to spare a list a push), else
    /// `Run::parents[first..first + count]`; then its hidden parents (see
    /// [`Run::push_hidden`]).
    pub(super) first: u32,
    pub(super) count: u16,
    /// For an "on" reached as a square's last candidate or a unit's last
    /// place: the candidates the chain had struck out there (digits of the
    /// square, or places of the unit), whose nodes are its hidden parents.
    pub(super) hidden: u16,
}

/// One chain from one assumption: every potential reached, the sets of
/// those on and off in the order reached, and a table to find them.
#[derive(Default)]
pub(super) struct Run {
    pub(super) nodes: Vec<RunNode>,
    pub(super) parents: Vec<u32>,
    pub(super) on: Vec<u32>,
    pub(super) off: Vec<u32>,
    /// The node of each potential in `on` or `off`, by [`key`] (what it
    /// holds for another is left from an earlier chain: see `on_bits`).
    pub(super) slot: Vec<u32>,
    /// The same sets as bits: a chain asks "reached yet?" at every link,
    /// and these few words stay in the nearest cache where a table per run
    /// would not.
    pub(super) on_bits: Bits,
    pub(super) off_bits: Bits,
    /// The inner rules' hints that made links: text (when steps have
    /// reasons), and for a chain inside the chain its entry in
    /// [`Engine::nested`].
    ///
    /// [`Engine::nested`]: super::engine::Engine::nested
    pub(super) rules: Vec<(String, Option<u32>)>,
    /// The (on, off) pair where the chain found a contradiction, if it did.
    pub(super) absurd: Option<(u32, u32)>,
}

impl RunNode {
    /// The potential the node is for.
    #[inline]
    pub(super) fn potential(&self) -> Potential {
        Potential {
            square: usize::from(self.square),
            digit: self.digit,
            on: self.on,
        }
    }
}

impl Run {
    /// Empties the run for a new chain over `keys` potentials. (The slot
    /// table is read only for potentials the bits say were reached, so
    /// what an earlier chain left in it does no harm.)
    pub(super) fn reset(&mut self, keys: usize) {
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
    pub(super) fn node(&mut self, potential: Potential, cause: RunCause, parents: &[u32]) -> u32 {
        self.node_hidden(potential, cause, parents, 0)
    }

    /// A new node with `parents`, and the hidden parents `hidden` names.
    fn node_hidden(
        &mut self,
        potential: Potential,
        cause: RunCause,
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
        debug_assert!(potential.square <= usize::from(u8::MAX));
        debug_assert!(parents.len() <= usize::from(u16::MAX) && hidden <= u32::from(u16::MAX));
        self.nodes.push(RunNode {
            square: potential.square as u8,
            digit: potential.digit,
            on: potential.on,
            cause,
            first: start,
            count: parents.len() as u16,
            hidden: hidden as u16,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Puts node `n` in the set of its state.
    pub(super) fn keep(&mut self, n: u32, stride: usize) {
        let p = self.nodes[n as usize].potential();
        self.file(p, n, stride);
    }

    /// Puts node `n`, of potential `p`, in the set of `p`'s state.
    /// (Inlined where a chain follows a link, which has `p` at hand: 1.3%
    /// fewer instructions over norvig_top95 than a call to [`Run::keep`].)
    #[inline(always)]
    fn file(&mut self, p: Potential, n: u32, stride: usize) {
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
    pub(super) fn follow(
        &mut self,
        q: Potential,
        cause: RunCause,
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
            self.file(q, n, stride);
        }
        None
    }

    /// The node of `p`, which the chain reached.
    pub(super) fn reached(&self, p: Potential, stride: usize) -> u32 {
        debug_assert!(self.has(p));
        self.slot[key(p, stride)]
    }

    /// Whether the chain reached `p`.
    pub(super) fn has(&self, p: Potential) -> bool {
        let bits = if p.on { &self.on_bits } else { &self.off_bits };
        bits.holds(p)
    }

    /// The node of `p` if the chain reached it.
    pub(super) fn get(&self, p: Potential, stride: usize) -> Option<u32> {
        self.has(p).then(|| self.reached(p, stride))
    }

    /// How many nodes lead back from node `n` to the assumption through
    /// first parents, `n` and the assumption included (all different
    /// potentials, so at most its ancestor count); the count stops once it
    /// is past `limit`.
    pub(super) fn first_parents(&self, n: u32, limit: usize) -> usize {
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

    /// RunNode `n`'s parents (not its hidden ones).
    pub(super) fn parents_of(&self, n: u32) -> &[u32] {
        let node = self.nodes[n as usize];
        match node.count {
            1 => std::slice::from_ref(&self.nodes[n as usize].first),
            _ => &self.parents[node.first as usize..(node.first + u32::from(node.count)) as usize],
        }
    }

    /// Pushes onto `out` node `n`'s parents (not its hidden ones): the one
    /// parent most nodes have pushed as it is, rather than copied as a
    /// slice of unknown length (a call to copy memory for each node a
    /// step's count walks, millions per nested search).
    pub(super) fn push_parents(&self, n: u32, out: &mut Vec<u32>) {
        let node = self.nodes[n as usize];
        match node.count {
            1 => out.push(node.first),
            _ => out.extend_from_slice(
                &self.parents[node.first as usize..(node.first + u32::from(node.count)) as usize],
            ),
        }
    }

    /// Pushes onto `out` node `n`'s hidden parents: the nodes of the
    /// candidates the chain had struck out of its square or unit when it
    /// reached it, in square or unit order. (Worked out only for the nodes
    /// a step's count walks: the chain itself keeps just which ones.)
    ///
    /// Inlined, to pass over at once the many nodes with no hidden parent
    /// (a call for each node a step's count walks cost about a twentieth
    /// of a nested chain search).
    #[inline]
    pub(super) fn push_hidden(&self, n: u32, geo: &Geometry, stride: usize, out: &mut Vec<u32>) {
        if self.nodes[n as usize].hidden != 0 {
            self.push_struck(n, geo, stride, out);
        }
    }

    /// [`Run::push_hidden`] for a node with hidden parents.
    fn push_struck(&self, n: u32, geo: &Geometry, stride: usize, out: &mut Vec<u32>) {
        let node = self.nodes[n as usize];
        let p = node.potential();
        match node.cause {
            RunCause::Square => {
                for d in bits(u32::from(node.hidden)) {
                    out.extend(self.get(off(p.square, d as u8), stride));
                }
            }
            RunCause::Unit(u) => {
                let squares = geo.squares(u as usize);
                for i in bits(u32::from(node.hidden)) {
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
pub(super) struct Bits([u64; 13]);

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
    pub(super) fn holds(&self, p: Potential) -> bool {
        let b = Bits::bit(p);
        self.0[b / 64] >> (b % 64) & 1 != 0
    }

    /// The candidates in both sets.
    pub(super) fn and(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    /// Whether the set holds nothing.
    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// A potential's place in a run's table: its candidate, then its state.
pub(super) fn key(p: Potential, stride: usize) -> usize {
    p.candidate(stride) * 2 + usize::from(p.on)
}
