//! Chains left out: for the rules with no rule inside their chains, the
//! closures of their chains (see `closure.rs`) tell which chains may give a
//! step, a contradiction or something they all force, and only those are
//! followed.

use super::closure::{self, Closure, OffStart};
use super::engine::Engine;
use super::rule::DynamicRule;

/// Which of the chains from a candidate on and off a dynamic rule follows
/// (see [`Engine::both_ways_needs`]).
pub(super) struct BothWays {
    pub(super) from_on: bool,
    pub(super) from_off: bool,
    /// Whether to look for what both force.
    pub(super) doubles: bool,
}

impl Engine {
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
    /// working out their closures costs more than it saves (rating
    /// norvig_top95 with them took 9% more instructions, as measured).
    pub(super) fn prunes(&self) -> bool {
        self.prune
            && self.rule.level() == 0
            && !(self.rule == DynamicRule::Dynamic && self.best.is_some())
    }

    /// Whether, with no closures for the chains from "on" (see
    /// [`Engine::prunes`]), a dynamic rule still looks at the closure of
    /// each chain from "off" before following it: those meet a
    /// contradiction far less often.
    pub(super) fn checks_offs(&self) -> bool {
        self.prune && self.rule == DynamicRule::Dynamic && self.best.is_some()
    }

    /// Whether the chain from `digit` off in `square` may give a step,
    /// where [`Engine::checks_offs`]: when its closure warns of no
    /// contradiction, it reaches just that closure, so it gives a step only
    /// as a double, with something the chain from "on" (run `a`, followed)
    /// reached too.
    pub(super) fn off_may_give_a_step(
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
            let p = run.nodes[n as usize].potential();
            closure.holds_a_step(p.square, p.digit, p.on, &self.grid)
        })
    }

    /// How this rule's chains follow their links, for their closures.
    pub(super) fn closure_links(&self) -> closure::Links {
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
    pub(super) fn both_ways_needs(&mut self, square: usize, digit: u8, n: u32) -> BothWays {
        let doubles = n >= 3 && !self.rule.is_nishio();
        let all = BothWays {
            from_on: true,
            from_off: true,
            doubles,
        };
        if !self.prunes() {
            return all;
        }
        let (on_may, off_may) = self.template_ends(square, digit);
        if !on_may && !off_may {
            return BothWays {
                from_on: false,
                from_off: false,
                doubles: false,
            };
        }
        let a = square * self.stride + usize::from(digit);
        let needs = if self.on_closure(square, digit).absurd && doubles {
            // Doubles from a chain that may meet a contradiction are looked
            // for on both chains, whatever the closure from "off" says.
            all
        } else {
            let at = self.off_closure(square, digit);
            self.ways_needed(&self.on_closures[a], self.closure_at(at), doubles)
        };
        BothWays {
            from_on: needs.from_on && on_may,
            from_off: needs.from_off && off_may,
            doubles: needs.doubles,
        }
    }

    /// Whether the Nishio chains from `digit` on and off in `square` may
    /// meet a contradiction, as the digit's templates tell (both, where
    /// they are not known or there are none).
    ///
    /// A Nishio chain follows one digit's links: an "on" turns off the
    /// digit's other places in its units, and a unit left with one place
    /// turns it on. Take a template that agrees with the assumption (uses
    /// the square if the digit is assumed on there, not if off). Then
    /// every "on" the chain reaches is on the template and every "off"
    /// off it: an "off" sees an "on", which the template holds, and a
    /// unit's last place is the template's place there, since the
    /// template's is never turned off. So nothing is both on and off.
    /// The chain from "on" may meet a contradiction only where no
    /// template uses the square, and the chain from "off" only where
    /// every one does: where the square is the only one of its row that
    /// some template uses.
    pub(super) fn template_ends(&self, square: usize, digit: u8) -> (bool, bool) {
        match self.templates.map(|t| t[usize::from(digit)]) {
            Some(used) if used != 0 => {
                let (here, row) = (1u128 << square, 0x1ffu128 << (square / 9 * 9));
                (used & here == 0, used & row == here)
            }
            _ => (true, true),
        }
    }

    /// Works out the closure of `digit` assumed off in `square`: that of
    /// the candidate it first turns on, where it turns one on (see
    /// [`closure::OffStart`]; in a square of two, the other digit), worked
    /// out once per search; else the "off" alone, in `off_closure`. Says
    /// where it is, for [`Engine::closure_at`].
    pub(super) fn off_closure(&mut self, square: usize, digit: u8) -> Option<usize> {
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
    pub(super) fn closure_at(&self, at: Option<usize>) -> &Closure {
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
    pub(super) fn may_share_a_step(
        &mut self,
        count: usize,
        place: impl Fn(usize) -> (usize, usize),
    ) -> bool {
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
}
