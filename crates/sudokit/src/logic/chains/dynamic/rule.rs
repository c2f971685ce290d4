//! Which of Sudoku Explainer's forcing-chain rules a search runs, and what
//! tells them apart: whether their chains follow square links and edit the
//! grid, their nesting level and the rules run inside their chains, their
//! number in the inner rules' table, and their difficulty before the
//! length bonus.

use super::memo;
use crate::logic::step::Technique;

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
    pub(super) fn is_nishio(self) -> bool {
        self == Rule::Nishio
    }

    pub(super) fn is_dynamic(self) -> bool {
        self != Rule::Multiple
    }

    /// SE's nesting level: 1 for dynamic (+), 0 below.
    pub(super) fn level(self) -> u8 {
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
    pub(super) fn inner_chains(self) -> &'static [Option<Rule>] {
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
    pub(super) fn code(self) -> memo::RuleCode {
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
    pub(super) fn base(self) -> f64 {
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
