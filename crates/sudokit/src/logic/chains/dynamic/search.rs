//! The search: the chains from every square in SE's order (per candidate,
//! contradictions, doubles and regions, then the cell), with the closures
//! and the shared reach asked first where they leave chains out, and the
//! steps sorted as SE sorts them.

use super::engine::Engine;
use super::rank::{Kind, RankedChain};
use super::rule::DynamicRule;
use crate::logic::bits::bits;
use crate::logic::chains::digit_memo;
use crate::logic::chains::forcing;
use crate::logic::chains::potential::{off, on};
use crate::logic::chains::se_order::se_order;
use crate::logic::step::Step;

impl Engine {
    /// Every step of the rule, SE's first first.
    pub(super) fn steps(&mut self) -> Vec<RankedChain> {
        let count = self.geo.shape.square_count();
        self.steps_in(0..count)
    }

    /// SE's first step among those from `squares` (see [`Engine::steps_in`]),
    /// with its order key (difficulty, complexity, kind).
    pub(super) fn first_in(
        &mut self,
        squares: std::ops::Range<usize>,
    ) -> Option<((f64, usize, u8), Step)> {
        let steps = self.steps_in(squares);
        let ranked = steps.first()?;
        let order = (ranked.difficulty, ranked.complexity, ranked.sort_key);
        Some((order, self.step(ranked)))
    }

    /// The steps from the squares `squares` (chains from their candidates,
    /// and the cells and regions whose first place they are), SE's first
    /// first.
    fn steps_in(&mut self, squares: std::ops::Range<usize>) -> Vec<RankedChain> {
        let mut out = Vec::new();
        // Nishio chains of a digit whose pattern found nothing before are
        // not followed again.
        let patterns = match self.rule {
            DynamicRule::Nishio => digit_memo::patterns(&self.board),
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
            if self.barren.is_barren(digit_memo::PatternRule::Nishio, p) {
                self.skip |= 1 << p.0;
            }
        }
        self.shared_reach = None;
        if self.rule == DynamicRule::Multiple && self.prunes() {
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
                self.barren.keep_barren(digit_memo::PatternRule::Nishio, p);
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
    fn square_steps(&mut self, square: usize, n: u32, out: &mut Vec<RankedChain>) {
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
}
