//! A [`Step`]: one move a person can make, with the technique that finds it,
//! its difficulty on Sudoku Explainer's scale, what it places and removes,
//! the evidence to highlight and one English sentence.
//!
//! The same struct is what the command prints as JSON, so its shape is the
//! one documented in the README:
//!
//! ```json
//! {"technique": "naked_pair", "name": "Naked pair", "difficulty": 3.0,
//!  "placements": [], "eliminations": [{"square": "C1", "digit": 1}],
//!  "evidence": {"squares": ["C4", "C6"], "units": ["row C"], ...},
//!  "text": "Naked pair 1,7 in C4 and C6 (row C): remove 1 from C1"}
//! ```

use crate::logic::units::{Cand, Square, Unit};
use serde::{Serialize, Serializer};
use std::fmt;

macro_rules! techniques {
    ($($variant:ident => $id:literal, $name:literal;)*) => {
        /// Every technique the logic engine knows, with a stable `snake_case`
        /// id (what JSON and `--technique` use) and a display name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Technique {
            $(
                #[doc = $name]
                $variant,
            )*
        }

        impl Technique {
            /// Every technique, in the order of this list.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant),*];

            /// The stable id, e.g. `naked_pair`.
            pub fn id(self) -> &'static str {
                match self { $(Technique::$variant => $id,)* }
            }

            /// The display name, e.g. `Naked pair`.
            pub fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name,)* }
            }
        }
    };
}

techniques! {
    FullHouse => "full_house", "Full house";
    HiddenSingle => "hidden_single", "Hidden single";
    DirectPointing => "direct_pointing", "Direct pointing";
    DirectClaiming => "direct_claiming", "Direct claiming";
    DirectHiddenPair => "direct_hidden_pair", "Direct hidden pair";
    NakedSingle => "naked_single", "Naked single";
    DirectHiddenTriple => "direct_hidden_triple", "Direct hidden triple";
    Pointing => "pointing", "Pointing";
    Claiming => "claiming", "Claiming";
    NakedPair => "naked_pair", "Naked pair";
    XWing => "x_wing", "X-wing";
    HiddenPair => "hidden_pair", "Hidden pair";
    NakedTriple => "naked_triple", "Naked triple";
    Swordfish => "swordfish", "Swordfish";
    HiddenTriple => "hidden_triple", "Hidden triple";
    XyWing => "xy_wing", "XY-wing";
    XyzWing => "xyz_wing", "XYZ-wing";
    UniqueRectangle1 => "unique_rectangle_1", "Unique rectangle type 1";
    UniqueRectangle2 => "unique_rectangle_2", "Unique rectangle type 2";
    UniqueRectangle3 => "unique_rectangle_3", "Unique rectangle type 3";
    UniqueRectangle4 => "unique_rectangle_4", "Unique rectangle type 4";
    UniqueLoop1 => "unique_loop_1", "Unique loop type 1";
    UniqueLoop2 => "unique_loop_2", "Unique loop type 2";
    UniqueLoop3 => "unique_loop_3", "Unique loop type 3";
    UniqueLoop4 => "unique_loop_4", "Unique loop type 4";
    NakedQuad => "naked_quad", "Naked quad";
    Jellyfish => "jellyfish", "Jellyfish";
    HiddenQuad => "hidden_quad", "Hidden quad";
    Bug1 => "bug_1", "BUG type 1";
    Bug2 => "bug_2", "BUG type 2";
    Bug3 => "bug_3", "BUG type 3";
    Bug4 => "bug_4", "BUG type 4";
    AlignedPairExclusion => "aligned_pair_exclusion", "Aligned pair exclusion";
    XCycle => "x_cycle", "Bidirectional X-cycle";
    YCycle => "y_cycle", "Bidirectional Y-cycle";
    Cycle => "cycle", "Bidirectional cycle";
    ForcingXChain => "forcing_x_chain", "Forcing X-chain";
    ForcingChain => "forcing_chain", "Forcing chain";
    AlignedTripletExclusion => "aligned_triplet_exclusion", "Aligned triplet exclusion";
    NishioForcingChain => "nishio_forcing_chain", "Nishio forcing chain";
    CellForcingChains => "cell_forcing_chains", "Cell forcing chains";
    RegionForcingChains => "region_forcing_chains", "Region forcing chains";
    DynamicContradiction => "dynamic_contradiction_chain", "Dynamic contradiction forcing chain";
    DynamicDouble => "dynamic_double_chain", "Dynamic double forcing chain";
    DynamicCell => "dynamic_cell_chains", "Dynamic cell forcing chains";
    DynamicRegion => "dynamic_region_chains", "Dynamic region forcing chains";
    DynamicPlus => "dynamic_chains_plus", "Dynamic forcing chains (+)";
    NestedForcingChains => "nested_forcing_chains", "Dynamic forcing chains (+ forcing chains)";
    NestedMultipleChains => "nested_multiple_chains", "Dynamic forcing chains (+ multiple forcing chains)";
    NestedDynamicChains => "nested_dynamic_chains", "Dynamic forcing chains (+ dynamic forcing chains)";
}

impl Technique {
    /// The technique whose id is `id`.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.id() == id)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

/// A difficulty on Sudoku Explainer's scale, kept in tenths so that sums
/// and comparisons are exact (`Difficulty(30)` is 3.0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// As a number with one decimal, e.g. 3.0.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Serialize for Difficulty {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.value())
    }
}

/// What a page would highlight to show why a step is true. Empty parts are
/// left out of the JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Evidence {
    /// The squares the pattern is made of (a pair's two squares, a wing's
    /// three, a rectangle's corners).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<Square>,
    /// The candidates that make it true.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Cand>,
    /// The units it lives in (a subset's unit, the box and line of an
    /// intersection).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<Unit>,
    /// A fish's base units (the digit is locked in them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub base: Vec<Unit>,
    /// A fish's cover units (the digit is removed from the rest of them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cover: Vec<Unit>,
    /// A wing's pivot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pivot: Option<Square>,
    /// A wing's pincers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pincers: Vec<Square>,
    /// A chain's links, from its assumption on, each with why it follows
    /// from the one before.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<Link>,
}

/// One link of a chain: a candidate assumed or forced on or off, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    /// The square.
    pub square: Square,
    /// The digit.
    pub digit: u8,
    /// True when the digit is forced in the square, false when it is ruled
    /// out.
    pub on: bool,
    /// Why it follows from the link before.
    pub reason: LinkReason,
    /// The unit the reason is about, for the reasons that name one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<Unit>,
}

/// Why one link of a chain follows from the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkReason {
    /// The chain's first link: what it assumes.
    Assumption,
    /// The digit before is in this square, so this one is not.
    SameSquare,
    /// The digit is in another square of the unit, so not in this one.
    SameUnit,
    /// The digit before is not in this square, which had only these two.
    LastCandidate,
    /// The digit is not in the unit's other place, so it is in this one.
    LastPlace,
    /// A simple rule (or, from level 2, a chain inside the chain) applied to
    /// the grid as the links before left it rules this candidate out.
    Rule,
}

/// One logical step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The technique (serialized as its id).
    pub technique: Technique,
    /// The technique's display name, with the variant where it matters
    /// ("Hidden single in a box").
    pub name: &'static str,
    /// Its difficulty on Sudoku Explainer's scale.
    pub difficulty: Difficulty,
    /// Digits it places.
    pub placements: Vec<Cand>,
    /// Candidates it removes.
    pub eliminations: Vec<Cand>,
    /// What makes it true.
    pub evidence: Evidence,
    /// One sentence, squares named `A1`..`I9`.
    pub text: String,
}

impl Step {
    /// A step of `technique` at `difficulty` (in tenths); the rest is filled
    /// in by the builder methods.
    pub fn new(technique: Technique, difficulty: u16) -> Step {
        Step {
            technique,
            name: technique.name(),
            difficulty: Difficulty(difficulty),
            placements: Vec::new(),
            eliminations: Vec::new(),
            evidence: Evidence::default(),
            text: String::new(),
        }
    }

    /// True when the step places a digit (what EP counts).
    pub fn places(&self) -> bool {
        !self.placements.is_empty()
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.name, self.difficulty, self.text)
    }
}

/// `["A", "B", "C"]` as `A, B and C`.
pub fn and_list<T: fmt::Display>(items: &[T]) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == items.len() { " and " } else { ", " });
        }
        out.push_str(&item.to_string());
    }
    out
}

/// Digits as `1,7`.
pub fn digit_list(digits: impl IntoIterator<Item = u8>) -> String {
    digits
        .into_iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The eliminations as a clause: `remove 1 from C1 and C3, and 7 from C2`.
pub fn removal_text(eliminations: &[Cand]) -> String {
    let mut digits: Vec<u8> = eliminations.iter().map(|c| c.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    let parts: Vec<String> = digits
        .iter()
        .map(|&d| {
            let squares: Vec<Square> = eliminations
                .iter()
                .filter(|c| c.digit == d)
                .map(|c| c.square)
                .collect();
            format!("{d} from {}", and_list(&squares))
        })
        .collect();
    let mut text = String::from("remove ");
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            text.push_str(if i + 1 == parts.len() { ", and " } else { ", " });
        }
        text.push_str(part);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_round_trip() {
        for &t in Technique::ALL {
            assert_eq!(Technique::from_id(t.id()), Some(t));
            assert!(t
                .id()
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'));
        }
    }

    #[test]
    fn removal_text_groups_by_digit() {
        let sq = |i| Square::new(i, 9);
        let e = [
            Cand {
                square: sq(18),
                digit: 1,
            },
            Cand {
                square: sq(19),
                digit: 7,
            },
            Cand {
                square: sq(20),
                digit: 1,
            },
        ];
        assert_eq!(removal_text(&e), "remove 1 from C1 and C3, and 7 from C2");
        assert_eq!(Difficulty(30).to_string(), "3.0");
        assert_eq!(serde_json::to_string(&Difficulty(45)).unwrap(), "4.5");
    }
}
