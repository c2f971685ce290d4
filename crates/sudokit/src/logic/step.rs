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
    ($(
        $(#[$note:meta])*
        $variant:ident => $id:literal, $name:literal, $difficulty:literal, $family:ident;
    )*
    @beyond_se
    $(
        $(#[$other_note:meta])*
        $other:ident => $other_id:literal, $other_name:literal, $other_family:ident;
    )*) => {
        /// Every technique the logic engine knows: the one table of them.
        ///
        /// Each has a stable `snake_case` id (what JSON and `--technique`
        /// use), a display name, its difficulty on Sudoku Explainer's scale
        /// and the [`Family`] (the file) whose finder looks for it. The
        /// finders read their difficulties from this table. Sudoku
        /// Explainer's techniques come first ([`Technique::ALL`]); the
        /// techniques only other rule sets use follow
        /// ([`Technique::BEYOND_SE`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Technique {
            $(
                // The name, then the notes after a blank line.
                #[doc = concat!($name, "\n")]
                $(#[$note])*
                $variant,
            )*
            $(
                #[doc = concat!($other_name, "\n")]
                $(#[$other_note])*
                $other,
            )*
        }

        impl Technique {
            /// Sudoku Explainer's techniques, in the order of this list:
            /// the ones its rating, `--technique` and the generator know.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant),*];

            /// The techniques Sudoku Explainer does not have, which only
            /// HoDoKu's rules find (see [`crate::logic::hodoku`]). They have
            /// no difficulty on SE's scale: [`Difficulty::UNRATED`].
            pub const BEYOND_SE: &'static [Technique] = &[$(Technique::$other),*];

            /// The stable id, e.g. `naked_pair`.
            pub fn id(self) -> &'static str {
                match self {
                    $(Technique::$variant => $id,)*
                    $(Technique::$other => $other_id,)*
                }
            }

            /// The display name, e.g. `Naked pair`.
            pub fn name(self) -> &'static str {
                match self {
                    $(Technique::$variant => $name,)*
                    $(Technique::$other => $other_name,)*
                }
            }

            /// Its difficulty on Sudoku Explainer's scale, e.g. 3.0 for a
            /// naked pair: the base, for the techniques whose finder adds
            /// to it (a longer chain, a bigger set; each says how).
            /// [`Difficulty::UNRATED`] for the techniques SE does not have.
            pub const fn difficulty(self) -> Difficulty {
                match self {
                    $(Technique::$variant => Difficulty($difficulty),)*
                    $(Technique::$other => Difficulty::UNRATED,)*
                }
            }

            /// The family (the file) whose finder looks for it.
            pub const fn family(self) -> Family {
                match self {
                    $(Technique::$variant => Family::$family,)*
                    $(Technique::$other => Family::$other_family,)*
                }
            }
        }
    };
}

// variant => id, display name, difficulty in tenths on Sudoku Explainer's
// scale (32 is 3.2), family; notes say what a finder adds to the base.
techniques! {
    FullHouse => "full_house", "Full house", 10, Singles;
    /// In a box; 1.5 (+0.3) in a row or column.
    HiddenSingle => "hidden_single", "Hidden single", 12, Singles;
    DirectPointing => "direct_pointing", "Direct pointing", 17, Intersections;
    DirectClaiming => "direct_claiming", "Direct claiming", 19, Intersections;
    DirectHiddenPair => "direct_hidden_pair", "Direct hidden pair", 20, Subsets;
    NakedSingle => "naked_single", "Naked single", 23, Singles;
    DirectHiddenTriple => "direct_hidden_triple", "Direct hidden triple", 25, Subsets;
    Pointing => "pointing", "Pointing", 26, Intersections;
    Claiming => "claiming", "Claiming", 28, Intersections;
    NakedPair => "naked_pair", "Naked pair", 30, Subsets;
    XWing => "x_wing", "X-wing", 32, Fish;
    HiddenPair => "hidden_pair", "Hidden pair", 34, Subsets;
    NakedTriple => "naked_triple", "Naked triple", 36, Subsets;
    Swordfish => "swordfish", "Swordfish", 38, Fish;
    HiddenTriple => "hidden_triple", "Hidden triple", 40, Subsets;
    XyWing => "xy_wing", "XY-wing", 42, Wings;
    XyzWing => "xyz_wing", "XYZ-wing", 44, Wings;
    UniqueRectangle1 => "unique_rectangle_1", "Unique rectangle type 1", 45, Uniqueness;
    UniqueRectangle2 => "unique_rectangle_2", "Unique rectangle type 2", 45, Uniqueness;
    /// Plus 0.1 for each extra square of its naked set (or each square of
    /// its hidden set beyond the first).
    UniqueRectangle3 => "unique_rectangle_3", "Unique rectangle type 3", 45, Uniqueness;
    UniqueRectangle4 => "unique_rectangle_4", "Unique rectangle type 4", 45, Uniqueness;
    /// For a loop of 6; plus 0.1 for a loop of 8, 0.4 for 10 or more.
    UniqueLoop1 => "unique_loop_1", "Unique loop type 1", 46, Uniqueness;
    /// For a loop of 6; plus 0.1 for a loop of 8, 0.4 for 10 or more.
    UniqueLoop2 => "unique_loop_2", "Unique loop type 2", 46, Uniqueness;
    /// For a loop of 6; plus 0.1 for a loop of 8, 0.4 for 10 or more, and
    /// as for a rectangle of type 3, for its set.
    UniqueLoop3 => "unique_loop_3", "Unique loop type 3", 46, Uniqueness;
    /// For a loop of 6; plus 0.1 for a loop of 8, 0.4 for 10 or more.
    UniqueLoop4 => "unique_loop_4", "Unique loop type 4", 46, Uniqueness;
    NakedQuad => "naked_quad", "Naked quad", 50, Subsets;
    Jellyfish => "jellyfish", "Jellyfish", 52, Fish;
    HiddenQuad => "hidden_quad", "Hidden quad", 54, Subsets;
    Bug1 => "bug_1", "BUG type 1", 56, Bug;
    Bug2 => "bug_2", "BUG type 2", 57, Bug;
    /// Plus 0.1 for each digit of its naked set beyond the first (5.8 to
    /// 6.2).
    Bug3 => "bug_3", "BUG type 3", 57, Bug;
    Bug4 => "bug_4", "BUG type 4", 57, Bug;
    AlignedPairExclusion => "aligned_pair_exclusion", "Aligned pair exclusion", 62, Aligned;
    /// Plus a length bonus (see `se_order::length_bonus`), as for every
    /// chain below.
    XCycle => "x_cycle", "Bidirectional X-cycle", 65, ForcingChains;
    /// Plus a length bonus.
    YCycle => "y_cycle", "Bidirectional Y-cycle", 65, ForcingChains;
    /// Plus a length bonus.
    Cycle => "cycle", "Bidirectional cycle", 70, ForcingChains;
    /// Plus a length bonus.
    ForcingXChain => "forcing_x_chain", "Forcing X-chain", 66, ForcingChains;
    /// Plus a length bonus.
    ForcingChain => "forcing_chain", "Forcing chain", 70, ForcingChains;
    AlignedTripletExclusion => "aligned_triplet_exclusion", "Aligned triplet exclusion", 75, Aligned;
    /// Plus a length bonus.
    NishioForcingChain => "nishio_forcing_chain", "Nishio forcing chain", 75, DynamicChains;
    /// Plus a length bonus.
    CellForcingChains => "cell_forcing_chains", "Cell forcing chains", 80, DynamicChains;
    /// Plus a length bonus.
    RegionForcingChains => "region_forcing_chains", "Region forcing chains", 80, DynamicChains;
    /// Plus a length bonus.
    DynamicContradiction => "dynamic_contradiction_chain", "Dynamic contradiction forcing chain", 85, DynamicChains;
    /// Plus a length bonus.
    DynamicDouble => "dynamic_double_chain", "Dynamic double forcing chain", 85, DynamicChains;
    /// Plus a length bonus.
    DynamicCell => "dynamic_cell_chains", "Dynamic cell forcing chains", 85, DynamicChains;
    /// Plus a length bonus.
    DynamicRegion => "dynamic_region_chains", "Dynamic region forcing chains", 85, DynamicChains;
    /// Plus a length bonus.
    DynamicPlus => "dynamic_chains_plus", "Dynamic forcing chains (+)", 90, DynamicChains;
    /// Plus a length bonus.
    NestedForcingChains => "nested_forcing_chains", "Dynamic forcing chains (+ forcing chains)", 95, DynamicChains;
    /// Plus a length bonus.
    NestedMultipleChains => "nested_multiple_chains", "Dynamic forcing chains (+ multiple forcing chains)", 100, DynamicChains;
    /// Plus a length bonus.
    NestedDynamicChains => "nested_dynamic_chains", "Dynamic forcing chains (+ dynamic forcing chains)", 105, DynamicChains;
    @beyond_se
    // variant => id, display name, family: the techniques SE does not
    // have, in the order of HoDoKu's table (`hodoku::table`).
    LockedPair => "locked_pair", "Locked pair", Hodoku;
    LockedTriple => "locked_triple", "Locked triple", Hodoku;
    Squirmbag => "squirmbag", "Squirmbag", Hodoku;
    Whale => "whale", "Whale", Hodoku;
    Leviathan => "leviathan", "Leviathan", Hodoku;
    RemotePair => "remote_pair", "Remote pair", Hodoku;
    Skyscraper => "skyscraper", "Skyscraper", Hodoku;
    TwoStringKite => "two_string_kite", "2-string kite", Hodoku;
    TurbotFish => "turbot_fish", "Turbot fish", Hodoku;
    EmptyRectangle => "empty_rectangle", "Empty rectangle", Hodoku;
    WWing => "w_wing", "W-wing", Hodoku;
    UniquenessTest1 => "uniqueness_test_1", "Uniqueness test 1", Hodoku;
    UniquenessTest2 => "uniqueness_test_2", "Uniqueness test 2", Hodoku;
    UniquenessTest3 => "uniqueness_test_3", "Uniqueness test 3", Hodoku;
    UniquenessTest4 => "uniqueness_test_4", "Uniqueness test 4", Hodoku;
    UniquenessTest5 => "uniqueness_test_5", "Uniqueness test 5", Hodoku;
    UniquenessTest6 => "uniqueness_test_6", "Uniqueness test 6", Hodoku;
    HiddenRectangle => "hidden_rectangle", "Hidden rectangle", Hodoku;
    AvoidableRectangle1 => "avoidable_rectangle_1", "Avoidable rectangle type 1", Hodoku;
    AvoidableRectangle2 => "avoidable_rectangle_2", "Avoidable rectangle type 2", Hodoku;
    FinnedXWing => "finned_x_wing", "Finned X-wing", Hodoku;
    SashimiXWing => "sashimi_x_wing", "Sashimi X-wing", Hodoku;
    FinnedSwordfish => "finned_swordfish", "Finned swordfish", Hodoku;
    SashimiSwordfish => "sashimi_swordfish", "Sashimi swordfish", Hodoku;
    FinnedJellyfish => "finned_jellyfish", "Finned jellyfish", Hodoku;
    SashimiJellyfish => "sashimi_jellyfish", "Sashimi jellyfish", Hodoku;
    FinnedSquirmbag => "finned_squirmbag", "Finned squirmbag", Hodoku;
    SashimiSquirmbag => "sashimi_squirmbag", "Sashimi squirmbag", Hodoku;
    FinnedWhale => "finned_whale", "Finned whale", Hodoku;
    SashimiWhale => "sashimi_whale", "Sashimi whale", Hodoku;
    FinnedLeviathan => "finned_leviathan", "Finned leviathan", Hodoku;
    SashimiLeviathan => "sashimi_leviathan", "Sashimi leviathan", Hodoku;
    SueDeCoq => "sue_de_coq", "Sue de Coq", Hodoku;
    SimpleColors => "simple_colors", "Simple colors", Hodoku;
    MultiColors => "multi_colors", "Multi colors", Hodoku;
    XChain => "x_chain", "X-chain", Hodoku;
    XyChain => "xy_chain", "XY-chain", Hodoku;
    NiceLoop => "nice_loop", "Nice loop or AIC", Hodoku;
    GroupedNiceLoop => "grouped_nice_loop", "Grouped nice loop or AIC", Hodoku;
    AlsXz => "als_xz", "ALS-XZ", Hodoku;
    AlsXyWing => "als_xy_wing", "ALS-XY-wing", Hodoku;
    AlsChain => "als_chain", "ALS chain", Hodoku;
    DeathBlossom => "death_blossom", "Death blossom", Hodoku;
    FrankenXWing => "franken_x_wing", "Franken X-wing", Hodoku;
    FrankenSwordfish => "franken_swordfish", "Franken swordfish", Hodoku;
    FrankenJellyfish => "franken_jellyfish", "Franken jellyfish", Hodoku;
    FrankenSquirmbag => "franken_squirmbag", "Franken squirmbag", Hodoku;
    FrankenWhale => "franken_whale", "Franken whale", Hodoku;
    FrankenLeviathan => "franken_leviathan", "Franken leviathan", Hodoku;
    FinnedFrankenXWing => "finned_franken_x_wing", "Finned Franken X-wing", Hodoku;
    FinnedFrankenSwordfish => "finned_franken_swordfish", "Finned Franken swordfish", Hodoku;
    FinnedFrankenJellyfish => "finned_franken_jellyfish", "Finned Franken jellyfish", Hodoku;
    FinnedFrankenSquirmbag => "finned_franken_squirmbag", "Finned Franken squirmbag", Hodoku;
    FinnedFrankenWhale => "finned_franken_whale", "Finned Franken whale", Hodoku;
    FinnedFrankenLeviathan => "finned_franken_leviathan", "Finned Franken leviathan", Hodoku;
    MutantXWing => "mutant_x_wing", "Mutant X-wing", Hodoku;
    MutantSwordfish => "mutant_swordfish", "Mutant swordfish", Hodoku;
    MutantJellyfish => "mutant_jellyfish", "Mutant jellyfish", Hodoku;
    MutantSquirmbag => "mutant_squirmbag", "Mutant squirmbag", Hodoku;
    MutantWhale => "mutant_whale", "Mutant whale", Hodoku;
    MutantLeviathan => "mutant_leviathan", "Mutant leviathan", Hodoku;
    FinnedMutantXWing => "finned_mutant_x_wing", "Finned mutant X-wing", Hodoku;
    FinnedMutantSwordfish => "finned_mutant_swordfish", "Finned mutant swordfish", Hodoku;
    FinnedMutantJellyfish => "finned_mutant_jellyfish", "Finned mutant jellyfish", Hodoku;
    FinnedMutantSquirmbag => "finned_mutant_squirmbag", "Finned mutant squirmbag", Hodoku;
    FinnedMutantWhale => "finned_mutant_whale", "Finned mutant whale", Hodoku;
    FinnedMutantLeviathan => "finned_mutant_leviathan", "Finned mutant leviathan", Hodoku;
    KrakenFish => "kraken_fish", "Kraken fish", Hodoku;
    /// HoDoKu's forcing chain (contradiction or verity), not SE's.
    HodokuForcingChain => "hodoku_forcing_chain", "Forcing chain (HoDoKu)", Hodoku;
    ForcingNet => "forcing_net", "Forcing net", Hodoku;
    TemplateSet => "template_set", "Template set", Hodoku;
    TemplateDelete => "template_delete", "Template delete", Hodoku;
    /// One digit of the solution, placed without a reason.
    BruteForce => "brute_force", "Brute force", Hodoku;
    /// What HoDoKu's path says where it stopped short of a solution.
    IncompleteSolution => "incomplete_solution", "Incomplete solution", Hodoku;
    /// What HoDoKu's path says where nothing it knows applies.
    GiveUp => "give_up", "Give up", Hodoku;
}

/// The families of techniques, one per file of finders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Full house, hidden and naked singles (`techniques/singles.rs`).
    Singles,
    /// Pointing and claiming, direct or not (`techniques/intersections.rs`).
    Intersections,
    /// Naked and hidden pairs, triples and quads, and the direct hidden
    /// pair and triple (`techniques/subsets.rs`).
    Subsets,
    /// X-wing, swordfish and jellyfish (`techniques/fish.rs`).
    Fish,
    /// XY-wing and XYZ-wing (`techniques/wings.rs`).
    Wings,
    /// Unique rectangles and loops, types 1 to 4 (`techniques/uniqueness.rs`).
    Uniqueness,
    /// The bivalue universal grave, types 1 to 4 (`techniques/bug.rs`).
    Bug,
    /// Aligned pair and triplet exclusion (`techniques/aligned.rs`).
    Aligned,
    /// Bidirectional cycles and forcing chains (`chains/forcing`).
    ForcingChains,
    /// Nishio, multiple, dynamic and nested forcing chains
    /// (`chains/dynamic`).
    DynamicChains,
    /// The techniques only HoDoKu's rules find (`hodoku/`).
    Hodoku,
}

impl Family {
    /// The stable id, e.g. `forcing_chains`.
    pub fn id(self) -> &'static str {
        match self {
            Family::Singles => "singles",
            Family::Intersections => "intersections",
            Family::Subsets => "subsets",
            Family::Fish => "fish",
            Family::Wings => "wings",
            Family::Uniqueness => "uniqueness",
            Family::Bug => "bug",
            Family::Aligned => "aligned",
            Family::ForcingChains => "forcing_chains",
            Family::DynamicChains => "dynamic_chains",
            Family::Hodoku => "hodoku",
        }
    }

    /// The display name, e.g. `Forcing chains`.
    pub fn name(self) -> &'static str {
        match self {
            Family::Singles => "Singles",
            Family::Intersections => "Intersections",
            Family::Subsets => "Subsets",
            Family::Fish => "Fish",
            Family::Wings => "Wings",
            Family::Uniqueness => "Uniqueness",
            Family::Bug => "BUG",
            Family::Aligned => "Aligned exclusion",
            Family::ForcingChains => "Forcing chains",
            Family::DynamicChains => "Dynamic chains",
            Family::Hodoku => "HoDoKu's patterns",
        }
    }
}

impl Technique {
    /// The Sudoku Explainer technique whose id is `id`.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.id() == id)
    }

    /// The technique whose id is `id`, Sudoku Explainer's or not.
    pub fn from_any_id(id: &str) -> Option<Technique> {
        Technique::from_id(id)
            .or_else(|| Technique::BEYOND_SE.iter().copied().find(|t| t.id() == id))
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
    /// No place on Sudoku Explainer's scale: the difficulty of the
    /// techniques SE does not have. It is the largest value, far above
    /// anything SE rates (20.0 at most; 0.0 is a real EP, when a path
    /// places nothing), and is written `null` in JSON and `-` in text.
    pub const UNRATED: Difficulty = Difficulty(u16::MAX);

    /// As a number with one decimal, e.g. 3.0.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// True when it is a place on SE's scale (not [`Difficulty::UNRATED`]).
    pub fn is_rated(self) -> bool {
        self != Difficulty::UNRATED
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.is_rated() {
            return f.write_str("-");
        }
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Serialize for Difficulty {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.is_rated() {
            true => serializer.serialize_f64(self.value()),
            false => serializer.serialize_none(),
        }
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
    /// For a chain with a link that is a group of squares or an almost
    /// locked set: the squares of every link, in the chain's order (one
    /// square for a plain link). Empty when every link is one square.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chain_squares: Vec<Vec<Square>>,
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
    /// What a step found by HoDoKu's rules adds (left out of the JSON of
    /// every other step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hodoku: Option<Box<HodokuDetail>>,
}

/// What a step found by HoDoKu's rules carries besides the common shape:
/// its step type's library code and short name, its base score, and the
/// line HoDoKu prints for it.
///
/// ```json
/// {"code": "0100", "short": "lc1", "score": 50,
///  "line": "Locked Candidates Type 1 (Pointing): 5 in b1 => r2c467<>5"}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HodokuDetail {
    /// The library code (`0100`); `xxxx` for the step types the library
    /// format has none for.
    pub code: String,
    /// The short name (`lc1`), as HoDoKu's technique list writes it.
    pub short: &'static str,
    /// The base score the step adds to the path's score.
    pub score: u32,
    /// The step as HoDoKu prints it, squares written `r1c1`.
    pub line: String,
    /// The lines HoDoKu prints under a forcing chain or net: one chain
    /// each, from its premise, nodes written `r4c5=2`, `r45c6<>2`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nets: Vec<String>,
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
            hodoku: None,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `snake_case`: lower-case words of letters and digits, joined by
    /// single underscores, starting with a letter.
    fn is_snake_case(id: &str) -> bool {
        id.starts_with(|c: char| c.is_ascii_lowercase())
            && id.split('_').all(|word| {
                !word.is_empty()
                    && word
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            })
    }

    #[test]
    fn ids_are_unique_and_round_trip() {
        let mut ids = std::collections::HashSet::new();
        for &t in Technique::ALL {
            assert_eq!(Technique::from_id(t.id()), Some(t));
            assert!(is_snake_case(t.id()), "{}", t.id());
            assert!(ids.insert(t.id()), "{} twice", t.id());
            assert!(is_snake_case(t.family().id()), "{}", t.family().id());
        }
    }

    #[test]
    fn the_techniques_beyond_se_have_ids_of_their_own_and_no_se_difficulty() {
        let mut ids: std::collections::HashSet<&str> =
            Technique::ALL.iter().map(|t| t.id()).collect();
        for &t in Technique::BEYOND_SE {
            assert_eq!(Technique::from_any_id(t.id()), Some(t));
            assert_eq!(Technique::from_id(t.id()), None, "not one of SE's");
            assert!(is_snake_case(t.id()), "{}", t.id());
            assert!(ids.insert(t.id()), "{} twice", t.id());
            assert_eq!(t.difficulty(), Difficulty::UNRATED, "{t:?}");
        }
        assert_eq!(
            Technique::from_any_id("naked_pair"),
            Some(Technique::NakedPair)
        );
        assert_eq!(Difficulty::UNRATED.to_string(), "-");
        assert_eq!(serde_json::to_string(&Difficulty::UNRATED).unwrap(), "null");
    }

    /// The table holds Sudoku Explainer's difficulties: the ones the
    /// finders stated before they read the table, written out.
    #[test]
    fn difficulties_are_sudoku_explainers() {
        use Technique::*;
        let expected: &[(Technique, u16)] = &[
            (FullHouse, 10),
            (HiddenSingle, 12),
            (DirectPointing, 17),
            (DirectClaiming, 19),
            (DirectHiddenPair, 20),
            (NakedSingle, 23),
            (DirectHiddenTriple, 25),
            (Pointing, 26),
            (Claiming, 28),
            (NakedPair, 30),
            (XWing, 32),
            (HiddenPair, 34),
            (NakedTriple, 36),
            (Swordfish, 38),
            (HiddenTriple, 40),
            (XyWing, 42),
            (XyzWing, 44),
            (UniqueRectangle1, 45),
            (UniqueRectangle2, 45),
            (UniqueRectangle3, 45),
            (UniqueRectangle4, 45),
            (UniqueLoop1, 46),
            (UniqueLoop2, 46),
            (UniqueLoop3, 46),
            (UniqueLoop4, 46),
            (NakedQuad, 50),
            (Jellyfish, 52),
            (HiddenQuad, 54),
            (Bug1, 56),
            (Bug2, 57),
            (Bug3, 57),
            (Bug4, 57),
            (AlignedPairExclusion, 62),
            (XCycle, 65),
            (YCycle, 65),
            (Cycle, 70),
            (ForcingXChain, 66),
            (ForcingChain, 70),
            (AlignedTripletExclusion, 75),
            (NishioForcingChain, 75),
            (CellForcingChains, 80),
            (RegionForcingChains, 80),
            (DynamicContradiction, 85),
            (DynamicDouble, 85),
            (DynamicCell, 85),
            (DynamicRegion, 85),
            (DynamicPlus, 90),
            (NestedForcingChains, 95),
            (NestedMultipleChains, 100),
            (NestedDynamicChains, 105),
        ];
        let listed: Vec<Technique> = expected.iter().map(|&(t, _)| t).collect();
        assert_eq!(listed, Technique::ALL, "one row per technique, in order");
        for &(t, tenths) in expected {
            assert_eq!(t.difficulty(), Difficulty(tenths), "{t:?}");
        }
    }

    /// SE's EP is 0.0 for a path that places nothing: zero is a rating,
    /// not the mark of a technique SE does not have.
    #[test]
    fn an_ep_of_zero_is_a_rating_not_unrated() {
        assert!(Difficulty(0).is_rated());
        assert_eq!(Difficulty(0).to_string(), "0.0");
        assert_eq!(serde_json::to_string(&Difficulty(0)).unwrap(), "0.0");
        assert!(Difficulty(200) < Difficulty::UNRATED);
    }

    #[test]
    fn a_difficulty_reads_in_tenths() {
        assert_eq!(Difficulty(30).to_string(), "3.0");
        assert_eq!(serde_json::to_string(&Difficulty(45)).unwrap(), "4.5");
    }
}
