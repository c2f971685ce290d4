//! Which of Sudoku Explainer's forcing-chain rules a search runs, and what
//! tells them apart: whether their chains follow square links and edit the
//! grid, their nesting level and the rules run inside their chains, their
//! number in the inner rules' table, and their difficulty before the
//! length bonus.

use super::memo;
use crate::logic::step::Technique;

/// Which of Sudoku Explainer's forcing-chain rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DynamicRule {
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

impl DynamicRule {
    pub(super) fn is_nishio(self) -> bool {
        self == DynamicRule::Nishio
    }

    pub(super) fn is_dynamic(self) -> bool {
        self != DynamicRule::Multiple
    }

    /// SE's nesting level: 1 for dynamic (+), 0 below.
    pub(super) fn level(self) -> u8 {
        match self {
            DynamicRule::DynamicPlus => 1,
            DynamicRule::NestedForcing => 2,
            DynamicRule::NestedMultiple => 3,
            DynamicRule::NestedDynamic(_) => 4,
            _ => 0,
        }
    }

    /// The chaining rules run inside this rule's chains when the simple
    /// ones find nothing, in SE's order (forcing chains and cycles are
    /// `None`).
    pub(super) fn inner_chains(self) -> &'static [Option<DynamicRule>] {
        match self {
            DynamicRule::NestedForcing => &[None],
            DynamicRule::NestedMultiple => &[None, Some(DynamicRule::Multiple)],
            DynamicRule::NestedDynamic(0) => &[Some(DynamicRule::Dynamic)],
            DynamicRule::NestedDynamic(1) => &[Some(DynamicRule::DynamicPlus)],
            DynamicRule::NestedDynamic(2) => &[Some(DynamicRule::NestedForcing)],
            DynamicRule::NestedDynamic(_) => &[Some(DynamicRule::NestedMultiple)],
            _ => &[],
        }
    }

    /// A number for the rule, to tell inner rules apart in [`memo`]'s table
    /// (0 is forcing chains and cycles).
    pub(super) fn code(self) -> memo::RuleCode {
        match self {
            DynamicRule::Nishio => 1,
            DynamicRule::Multiple => 2,
            DynamicRule::Dynamic => 3,
            DynamicRule::DynamicPlus => 4,
            DynamicRule::NestedForcing => 5,
            DynamicRule::NestedMultiple => 6,
            DynamicRule::NestedDynamic(limit) => 7 + limit,
        }
    }

    /// The rule's difficulty before the length bonus: its techniques'
    /// (they share one).
    pub(super) fn base(self) -> f64 {
        let technique = match self {
            DynamicRule::Nishio => Technique::NishioForcingChain,
            DynamicRule::Multiple => Technique::CellForcingChains,
            DynamicRule::Dynamic => Technique::DynamicContradiction,
            DynamicRule::DynamicPlus => Technique::DynamicPlus,
            DynamicRule::NestedForcing => Technique::NestedForcingChains,
            DynamicRule::NestedMultiple => Technique::NestedMultipleChains,
            DynamicRule::NestedDynamic(_) => Technique::NestedDynamicChains,
        };
        technique.difficulty().value()
    }
}
