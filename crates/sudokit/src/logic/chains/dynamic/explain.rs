//! The step a ranked find makes: its technique, placements and removals,
//! and (when steps have reasons) its chains as evidence and its sentence.

use super::engine::Engine;
use super::rank::{Kind, RankedChain};
use super::rule::DynamicRule;
use super::run::RunCause;
use crate::logic::step::{Link, LinkReason, Step, Technique};
use crate::logic::text::{and_list, removal_text, Digit};

impl Engine {
    /// The links from the assumption to node `n` of run `id`, following
    /// first parents.
    fn links(&self, id: usize, n: u32) -> Vec<Link> {
        let run = &self.runs[id];
        let mut out = Vec::new();
        let mut at = Some(n);
        while let Some(m) = at {
            let node = run.nodes[m as usize];
            let p = node.potential();
            let (reason, unit) = match (node.cause, p.on) {
                (RunCause::Start, _) => (LinkReason::Assumption, None),
                (RunCause::Square, false) => (LinkReason::SameSquare, None),
                (RunCause::Square, true) => (LinkReason::LastCandidate, None),
                (RunCause::Unit(u), false) => {
                    (LinkReason::SameUnit, Some(self.geo.unit(u as usize)))
                }
                (RunCause::Unit(u), true) => {
                    (LinkReason::LastPlace, Some(self.geo.unit(u as usize)))
                }
                (RunCause::Rule(_), _) => (LinkReason::Rule, None),
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
    pub(super) fn step(&self, found: &RankedChain) -> Step {
        let geo = self.geo;
        let rule = self.rule;
        let technique = match (rule, found.kind) {
            (DynamicRule::Nishio, _) => Technique::NishioForcingChain,
            (DynamicRule::Multiple, Kind::Region(..)) => Technique::RegionForcingChains,
            (DynamicRule::Multiple, _) => Technique::CellForcingChains,
            (DynamicRule::Dynamic, Kind::Contradiction) => Technique::DynamicContradiction,
            (DynamicRule::Dynamic, Kind::Double) => Technique::DynamicDouble,
            (DynamicRule::Dynamic, Kind::Cell(_)) => Technique::DynamicCell,
            (DynamicRule::Dynamic, Kind::Region(..)) => Technique::DynamicRegion,
            (DynamicRule::DynamicPlus, _) => Technique::DynamicPlus,
            (DynamicRule::NestedForcing, _) => Technique::NestedForcingChains,
            (DynamicRule::NestedMultiple, _) => Technique::NestedMultipleChains,
            (DynamicRule::NestedDynamic(_), _) => Technique::NestedDynamicChains,
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
                format!("{} is {}", geo.square(t.square), Digit(t.digit))
            } else {
                removal_text(&step.eliminations)
            };
            let s = found.source;
            let (squares, opening) = match found.kind {
                Kind::Contradiction => {
                    let sign = if s.on { "=" } else { "<>" };
                    let clash = self.runs[found.branches[0].0].nodes[found.branches[0].1 as usize]
                        .potential();
                    (
                        vec![geo.square(s.square)],
                        format!(
                            "if {}{sign}{}, {} would be both {} and not {}",
                            geo.square(s.square),
                            Digit(s.digit),
                            geo.square(clash.square),
                            Digit(clash.digit),
                            Digit(clash.digit)
                        ),
                    )
                }
                Kind::Double => (
                    vec![geo.square(s.square)],
                    format!(
                        "whether {} is {} or not, the same follows",
                        geo.square(s.square),
                        Digit(s.digit)
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
                        .map(|&(r, _)| geo.square(self.runs[r].nodes[0].potential().square))
                        .collect();
                    step.evidence.units = vec![geo.unit(u)];
                    (
                        places.clone(),
                        format!(
                            "wherever {} goes in {} ({}), the same follows",
                            Digit(d),
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
            format!("{}{sign}{}", l.square, Digit(l.digit))
        })
        .collect::<Vec<_>>()
        .join(" -> ")
}
