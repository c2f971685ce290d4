//! HoDoKu's step types: the one table of them, in the order its solver
//! tries them, with each one's sudokit technique, HoDoKu's name, library
//! code, short name, level, base score and whether the default
//! configuration uses it.

use crate::logic::step::Technique;
use std::fmt;

/// HoDoKu's difficulty levels, easiest first. A path's level is the
/// highest level of its step types, raised while its score is above the
/// level's [`Level::max_score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Only the step type "Incomplete Solution!" has it.
    Incomplete,
    /// Up to 800 points.
    Easy,
    /// Up to 1000 points.
    Medium,
    /// Up to 1600 points.
    Hard,
    /// Up to 1800 points.
    Unfair,
    /// No bound.
    Extreme,
}

impl Level {
    /// The highest score a path of this level may have before it is
    /// raised to the next one.
    pub fn max_score(self) -> u32 {
        match self {
            Level::Incomplete => 0,
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The next level up (Extreme stays Extreme).
    pub fn next(self) -> Level {
        match self {
            Level::Incomplete => Level::Easy,
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }

    /// The id JSON and Python write, e.g. `unfair` (lower case, as
    /// technique ids are).
    pub fn id(self) -> &'static str {
        match self {
            Level::Incomplete => "incomplete",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The name HoDoKu prints, e.g. `Unfair`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Incomplete => "Incomplete",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The order of the step type HoDoKu keeps last but one.
const MAX: u32 = u32::MAX;

macro_rules! step_types {
    ($(
        $kind:ident => $order:expr, $technique:ident, $name:literal, $code:expr,
            $short:literal, $level:ident, $score:literal, $on:literal;
    )*) => {
        /// One of HoDoKu's 92 step types.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $(
                #[doc = $name]
                $kind,
            )*
        }

        impl Kind {
            /// Every step type, in the order HoDoKu's solver tries them.
            pub const ALL: &'static [Kind] = &[$(Kind::$kind),*];

            /// Its place in the solver's order (ascending; the last two
            /// are the largest numbers there are).
            pub const fn order(self) -> u32 {
                match self { $(Kind::$kind => $order,)* }
            }

            /// The sudokit technique its steps are steps of.
            pub const fn technique(self) -> Technique {
                match self { $(Kind::$kind => Technique::$technique,)* }
            }

            /// HoDoKu's name, as its step lines start.
            pub const fn name(self) -> &'static str {
                match self { $(Kind::$kind => $name,)* }
            }

            /// Its code in HoDoKu's library format (`0100`); `None` for the
            /// step types the format has none for (`xxxx`).
            pub const fn code(self) -> Option<&'static str> {
                match self { $(Kind::$kind => $code,)* }
            }

            /// The short name HoDoKu's technique list gives it (`lc1`).
            pub const fn short(self) -> &'static str {
                match self { $(Kind::$kind => $short,)* }
            }

            /// Its level.
            pub const fn level(self) -> Level {
                match self { $(Kind::$kind => Level::$level,)* }
            }

            /// What each of its steps adds to a path's score.
            pub const fn base_score(self) -> u32 {
                match self { $(Kind::$kind => $score,)* }
            }

            /// True when HoDoKu's default configuration uses it.
            pub const fn on_by_default(self) -> bool {
                match self { $(Kind::$kind => $on,)* }
            }
        }
    };
}

// kind => order, technique, HoDoKu's name, library code, short name, level,
// base score, on by default.
step_types! {
    FullHouse => 100, FullHouse, "Full House", Some("0000"), "fh", Easy, 4, true;
    NakedSingle => 200, NakedSingle, "Naked Single", Some("0003"), "n1", Easy, 4, true;
    HiddenSingle => 300, HiddenSingle, "Hidden Single", Some("0002"), "h1", Easy, 14, true;
    LockedPair => 1000, LockedPair, "Locked Pair", Some("0110"), "l2", Medium, 40, true;
    LockedTriple => 1100, LockedTriple, "Locked Triple", Some("0111"), "l3", Medium, 60, true;
    LockedCandidates1 => 1200, Pointing, "Locked Candidates Type 1 (Pointing)", Some("0100"), "lc1", Medium, 50, true;
    LockedCandidates2 => 1210, Claiming, "Locked Candidates Type 2 (Claiming)", Some("0101"), "lc2", Medium, 50, true;
    NakedPair => 1300, NakedPair, "Naked Pair", Some("0200"), "n2", Medium, 60, true;
    NakedTriple => 1400, NakedTriple, "Naked Triple", Some("0201"), "n3", Medium, 80, true;
    HiddenPair => 1500, HiddenPair, "Hidden Pair", Some("0210"), "h2", Medium, 70, true;
    HiddenTriple => 1600, HiddenTriple, "Hidden Triple", Some("0211"), "h3", Medium, 100, true;
    NakedQuadruple => 2000, NakedQuad, "Naked Quadruple", Some("0202"), "n4", Hard, 120, true;
    HiddenQuadruple => 2100, HiddenQuad, "Hidden Quadruple", Some("0212"), "h4", Hard, 150, true;
    XWing => 2200, XWing, "X-Wing", Some("0300"), "bf2", Hard, 140, true;
    Swordfish => 2300, Swordfish, "Swordfish", Some("0301"), "bf3", Hard, 150, true;
    Jellyfish => 2400, Jellyfish, "Jellyfish", Some("0302"), "bf4", Hard, 160, true;
    Squirmbag => 2500, Squirmbag, "Squirmbag", Some("0303"), "bf5", Unfair, 470, false;
    Whale => 2600, Whale, "Whale", Some("0304"), "bf6", Unfair, 470, false;
    Leviathan => 2700, Leviathan, "Leviathan", Some("0305"), "bf7", Unfair, 470, false;
    RemotePair => 2800, RemotePair, "Remote Pair", Some("0703"), "rp", Hard, 110, true;
    BugPlus1 => 2900, Bug1, "Bivalue Universal Grave + 1", Some("0610"), "bug1", Hard, 100, true;
    Skyscraper => 3000, Skyscraper, "Skyscraper", Some("0400"), "sk", Hard, 130, true;
    TwoStringKite => 3100, TwoStringKite, "2-String Kite", Some("0401"), "2sk", Hard, 150, true;
    TurbotFish => 3120, TurbotFish, "Turbot Fish", Some("0403"), "tf", Hard, 120, true;
    EmptyRectangle => 3170, EmptyRectangle, "Empty Rectangle", Some("0402"), "er", Hard, 120, true;
    WWing => 3200, WWing, "W-Wing", Some("0803"), "w", Hard, 150, true;
    XyWing => 3300, XyWing, "XY-Wing", Some("0800"), "xy", Hard, 160, true;
    XyzWing => 3400, XyzWing, "XYZ-Wing", Some("0801"), "xyz", Hard, 180, true;
    UniquenessTest1 => 3500, UniquenessTest1, "Uniqueness Test 1", Some("0600"), "u1", Hard, 100, true;
    UniquenessTest2 => 3600, UniquenessTest2, "Uniqueness Test 2", Some("0601"), "u2", Hard, 100, true;
    UniquenessTest3 => 3700, UniquenessTest3, "Uniqueness Test 3", Some("0602"), "u3", Hard, 100, true;
    UniquenessTest4 => 3800, UniquenessTest4, "Uniqueness Test 4", Some("0603"), "u4", Hard, 100, true;
    UniquenessTest5 => 3900, UniquenessTest5, "Uniqueness Test 5", Some("0604"), "u5", Hard, 100, true;
    UniquenessTest6 => 4000, UniquenessTest6, "Uniqueness Test 6", Some("0605"), "u6", Hard, 100, true;
    HiddenRectangle => 4010, HiddenRectangle, "Hidden Rectangle", Some("0606"), "hr", Hard, 100, true;
    AvoidableRectangle1 => 4020, AvoidableRectangle1, "Avoidable Rectangle Type 1", Some("0607"), "ar1", Hard, 100, true;
    AvoidableRectangle2 => 4030, AvoidableRectangle2, "Avoidable Rectangle Type 2", Some("0608"), "ar2", Hard, 100, true;
    FinnedXWing => 4100, FinnedXWing, "Finned X-Wing", Some("0310"), "fbf2", Hard, 130, true;
    SashimiXWing => 4200, SashimiXWing, "Sashimi X-Wing", Some("0320"), "sbf2", Hard, 150, true;
    FinnedSwordfish => 4300, FinnedSwordfish, "Finned Swordfish", Some("0311"), "fbf3", Unfair, 200, true;
    SashimiSwordfish => 4400, SashimiSwordfish, "Sashimi Swordfish", Some("0321"), "sbf3", Unfair, 240, true;
    FinnedJellyfish => 4500, FinnedJellyfish, "Finned Jellyfish", Some("0312"), "fbf4", Unfair, 250, true;
    SashimiJellyfish => 4600, SashimiJellyfish, "Sashimi Jellyfish", Some("0322"), "sbf4", Unfair, 260, true;
    FinnedSquirmbag => 4700, FinnedSquirmbag, "Finned Squirmbag", Some("0313"), "fbf5", Unfair, 470, false;
    SashimiSquirmbag => 4800, SashimiSquirmbag, "Sashimi Squirmbag", Some("0323"), "sbf5", Unfair, 470, false;
    FinnedWhale => 4900, FinnedWhale, "Finned Whale", Some("0314"), "fbf6", Unfair, 470, false;
    SashimiWhale => 5000, SashimiWhale, "Sashimi Whale", Some("0324"), "sbf6", Unfair, 470, false;
    FinnedLeviathan => 5100, FinnedLeviathan, "Finned Leviathan", Some("0315"), "fbf7", Unfair, 470, false;
    SashimiLeviathan => 5200, SashimiLeviathan, "Sashimi Leviathan", Some("0325"), "sbf7", Unfair, 470, false;
    SueDeCoq => 5300, SueDeCoq, "Sue de Coq", Some("1101"), "sdc", Unfair, 250, true;
    SimpleColors => 5330, SimpleColors, "Simple Colors", None, "sc", Hard, 150, true;
    MultiColors => 5360, MultiColors, "Multi Colors", None, "mc", Hard, 200, true;
    XChain => 5400, XChain, "X-Chain", Some("0701"), "x", Unfair, 260, true;
    XyChain => 5500, XyChain, "XY-Chain", Some("0702"), "xyc", Unfair, 260, true;
    NiceLoop => 5600, NiceLoop, "Nice Loop/AIC", None, "nl", Unfair, 280, true;
    GroupedNiceLoop => 5650, GroupedNiceLoop, "Grouped Nice Loop/AIC", None, "gnl", Unfair, 300, true;
    AlsXz => 5700, AlsXz, "Almost Locked Set XZ-Rule", Some("0901"), "axz", Unfair, 300, true;
    AlsXyWing => 5800, AlsXyWing, "Almost Locked Set XY-Wing", Some("0902"), "axy", Unfair, 320, true;
    AlsChain => 5900, AlsChain, "Almost Locked Set Chain", Some("0903"), "ach", Unfair, 340, true;
    DeathBlossom => 6000, DeathBlossom, "Death Blossom", Some("0904"), "db", Unfair, 360, false;
    FrankenXWing => 6100, FrankenXWing, "Franken X-Wing", Some("0330"), "ff2", Unfair, 300, true;
    FrankenSwordfish => 6200, FrankenSwordfish, "Franken Swordfish", Some("0331"), "ff3", Unfair, 350, true;
    FrankenJellyfish => 6300, FrankenJellyfish, "Franken Jellyfish", Some("0332"), "ff4", Unfair, 370, false;
    FrankenSquirmbag => 6400, FrankenSquirmbag, "Franken Squirmbag", Some("0333"), "ff5", Extreme, 470, false;
    FrankenWhale => 6500, FrankenWhale, "Franken Whale", Some("0334"), "ff6", Extreme, 470, false;
    FrankenLeviathan => 6600, FrankenLeviathan, "Franken Leviathan", Some("0335"), "ff7", Extreme, 470, false;
    FinnedFrankenXWing => 6700, FinnedFrankenXWing, "Finned Franken X-Wing", Some("0340"), "fff2", Unfair, 390, true;
    FinnedFrankenSwordfish => 6800, FinnedFrankenSwordfish, "Finned Franken Swordfish", Some("0341"), "fff3", Unfair, 410, true;
    FinnedFrankenJellyfish => 6900, FinnedFrankenJellyfish, "Finned Franken Jellyfish", Some("0342"), "fff4", Unfair, 430, false;
    FinnedFrankenSquirmbag => 7000, FinnedFrankenSquirmbag, "Finned Franken Squirmbag", Some("0343"), "fff5", Extreme, 470, false;
    FinnedFrankenWhale => 7100, FinnedFrankenWhale, "Finned Franken Whale", Some("0344"), "fff6", Extreme, 470, false;
    FinnedFrankenLeviathan => 7200, FinnedFrankenLeviathan, "Finned Franken Leviathan", Some("0345"), "fff7", Extreme, 470, false;
    MutantXWing => 7300, MutantXWing, "Mutant X-Wing", Some("0350"), "mf2", Extreme, 450, false;
    MutantSwordfish => 7400, MutantSwordfish, "Mutant Swordfish", Some("0351"), "mf3", Extreme, 450, false;
    MutantJellyfish => 7500, MutantJellyfish, "Mutant Jellyfish", Some("0352"), "mf4", Extreme, 450, false;
    MutantSquirmbag => 7600, MutantSquirmbag, "Mutant Squirmbag", Some("0353"), "mf5", Extreme, 470, false;
    MutantWhale => 7700, MutantWhale, "Mutant Whale", Some("0354"), "mf6", Extreme, 470, false;
    MutantLeviathan => 7800, MutantLeviathan, "Mutant Leviathan", Some("0355"), "mf7", Extreme, 470, false;
    FinnedMutantXWing => 7900, FinnedMutantXWing, "Finned Mutant X-Wing", Some("0360"), "fmf2", Extreme, 470, false;
    FinnedMutantSwordfish => 8000, FinnedMutantSwordfish, "Finned Mutant Swordfish", Some("0361"), "fmf3", Extreme, 470, false;
    FinnedMutantJellyfish => 8100, FinnedMutantJellyfish, "Finned Mutant Jellyfish", Some("0362"), "fmf4", Extreme, 470, false;
    FinnedMutantSquirmbag => 8200, FinnedMutantSquirmbag, "Finned Mutant Squirmbag", Some("0363"), "fmf5", Extreme, 470, false;
    FinnedMutantWhale => 8300, FinnedMutantWhale, "Finned Mutant Whale", Some("0364"), "fmf6", Extreme, 470, false;
    FinnedMutantLeviathan => 8400, FinnedMutantLeviathan, "Finned Mutant Leviathan", Some("0365"), "fmf7", Extreme, 470, false;
    KrakenFish => 8450, KrakenFish, "Kraken Fish", None, "kf", Extreme, 500, false;
    ForcingChain => 8500, HodokuForcingChain, "Forcing Chain", None, "fc", Extreme, 500, true;
    ForcingNet => 8600, ForcingNet, "Forcing Net", None, "fn", Extreme, 700, true;
    TemplateSet => 8700, TemplateSet, "Template Set", Some("1201"), "ts", Extreme, 10000, false;
    TemplateDelete => 8800, TemplateDelete, "Template Delete", Some("1202"), "td", Extreme, 10000, false;
    BruteForce => 8900, BruteForce, "Brute Force", None, "bf", Extreme, 10000, true;
    IncompleteSolution => MAX - 1, IncompleteSolution, "Incomplete Solution!", None, "in", Incomplete, 0, false;
    GiveUp => MAX, GiveUp, "Give Up", None, "gu", Extreme, 20000, true;
}

impl Kind {
    /// The step type whose short name is `short` (`2sk`).
    pub fn from_short(short: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.short() == short)
    }

    /// The step type whose library code is `code` (`0401`).
    pub fn from_code(code: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.code() == Some(code))
    }

    /// The step type a person names by its short name (`sk`), library code
    /// (`0400`) or HoDoKu's name (`Skyscraper`, any case).
    pub fn named(name: &str) -> Option<Kind> {
        Kind::from_short(name)
            .or_else(|| Kind::from_code(name))
            .or_else(|| {
                Kind::ALL
                    .iter()
                    .copied()
                    .find(|k| k.name().eq_ignore_ascii_case(name))
            })
    }

    /// The step type of `technique`, if HoDoKu has one.
    pub fn of_technique(technique: Technique) -> Option<Kind> {
        Kind::ALL
            .iter()
            .copied()
            .find(|k| k.technique() == technique)
    }

    /// The size of a fish step type (2 for an X-wing to 7 for a
    /// leviathan), `None` for the others.
    pub fn fish_size(self) -> Option<usize> {
        use Kind::*;
        let size = match self {
            XWing | FinnedXWing | SashimiXWing | FrankenXWing | FinnedFrankenXWing
            | MutantXWing | FinnedMutantXWing => 2,
            Swordfish
            | FinnedSwordfish
            | SashimiSwordfish
            | FrankenSwordfish
            | FinnedFrankenSwordfish
            | MutantSwordfish
            | FinnedMutantSwordfish => 3,
            Jellyfish
            | FinnedJellyfish
            | SashimiJellyfish
            | FrankenJellyfish
            | FinnedFrankenJellyfish
            | MutantJellyfish
            | FinnedMutantJellyfish => 4,
            Squirmbag
            | FinnedSquirmbag
            | SashimiSquirmbag
            | FrankenSquirmbag
            | FinnedFrankenSquirmbag
            | MutantSquirmbag
            | FinnedMutantSquirmbag => 5,
            Whale | FinnedWhale | SashimiWhale | FrankenWhale | FinnedFrankenWhale
            | MutantWhale | FinnedMutantWhale => 6,
            Leviathan
            | FinnedLeviathan
            | SashimiLeviathan
            | FrankenLeviathan
            | FinnedFrankenLeviathan
            | MutantLeviathan
            | FinnedMutantLeviathan => 7,
            _ => return None,
        };
        Some(size)
    }
}

/// The kinds of step some step types name apart: the step type is what the
/// path tries and scores (Simple Colors), the subtype what the step line
/// and the library format call it (Simple Colors Trap, `0500`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subtype {
    /// A simple colors trap.
    SimpleColorsTrap,
    /// A simple colors wrap.
    SimpleColorsWrap,
    /// Multi colors, type 1.
    MultiColors1,
    /// Multi colors, type 2.
    MultiColors2,
    /// Two 2-string kites on one box (HoDoKu's option, off by default).
    DualTwoStringKite,
    /// Two empty rectangles on one box (HoDoKu's option, off by default).
    DualEmptyRectangle,
    /// A nice loop that closes.
    ContinuousNiceLoop,
    /// A nice loop that does not close: its start loses digits.
    DiscontinuousNiceLoop,
    /// An alternating inference chain.
    Aic,
    /// A continuous nice loop through a group.
    GroupedContinuousNiceLoop,
    /// A discontinuous nice loop through a group.
    GroupedDiscontinuousNiceLoop,
    /// An AIC through a group.
    GroupedAic,
    /// A kraken fish whose fins all rule out what the fish would remove.
    KrakenFish1,
    /// A kraken fish whose cover unit's base candidates and fins all rule
    /// out one candidate.
    KrakenFish2,
}

impl Subtype {
    /// Every subtype.
    pub const ALL: [Subtype; 14] = [
        Subtype::SimpleColorsTrap,
        Subtype::SimpleColorsWrap,
        Subtype::MultiColors1,
        Subtype::MultiColors2,
        Subtype::DualTwoStringKite,
        Subtype::DualEmptyRectangle,
        Subtype::ContinuousNiceLoop,
        Subtype::DiscontinuousNiceLoop,
        Subtype::Aic,
        Subtype::GroupedContinuousNiceLoop,
        Subtype::GroupedDiscontinuousNiceLoop,
        Subtype::GroupedAic,
        Subtype::KrakenFish1,
        Subtype::KrakenFish2,
    ];

    /// HoDoKu's name, as its step lines start.
    pub const fn name(self) -> &'static str {
        match self {
            Subtype::SimpleColorsTrap => "Simple Colors Trap",
            Subtype::SimpleColorsWrap => "Simple Colors Wrap",
            Subtype::MultiColors1 => "Multi Colors 1",
            Subtype::MultiColors2 => "Multi Colors 2",
            Subtype::DualTwoStringKite => "Dual 2-String Kite",
            Subtype::DualEmptyRectangle => "Dual Empty Rectangle",
            Subtype::ContinuousNiceLoop => "Continuous Nice Loop",
            Subtype::DiscontinuousNiceLoop => "Discontinuous Nice Loop",
            Subtype::Aic => "AIC",
            Subtype::GroupedContinuousNiceLoop => "Grouped Continuous Nice Loop",
            Subtype::GroupedDiscontinuousNiceLoop => "Grouped Discontinuous Nice Loop",
            Subtype::GroupedAic => "Grouped AIC",
            Subtype::KrakenFish1 => "Kraken Fish Type 1",
            Subtype::KrakenFish2 => "Kraken Fish Type 2",
        }
    }

    /// Its library code.
    pub const fn code(self) -> &'static str {
        match self {
            Subtype::SimpleColorsTrap => "0500",
            Subtype::SimpleColorsWrap => "0501",
            Subtype::MultiColors1 => "0502",
            Subtype::MultiColors2 => "0503",
            Subtype::DualTwoStringKite => "0404",
            Subtype::DualEmptyRectangle => "0405",
            Subtype::ContinuousNiceLoop => "0706",
            Subtype::DiscontinuousNiceLoop => "0707",
            Subtype::Aic => "0708",
            Subtype::GroupedContinuousNiceLoop => "0709",
            Subtype::GroupedDiscontinuousNiceLoop => "0710",
            Subtype::GroupedAic => "0711",
            Subtype::KrakenFish1 => "0371",
            Subtype::KrakenFish2 => "0372",
        }
    }

    /// Its short name.
    pub const fn short(self) -> &'static str {
        match self {
            Subtype::SimpleColorsTrap => "sc1",
            Subtype::SimpleColorsWrap => "sc2",
            Subtype::MultiColors1 => "mc1",
            Subtype::MultiColors2 => "mc2",
            Subtype::DualTwoStringKite => "d2sk",
            Subtype::DualEmptyRectangle => "der",
            Subtype::ContinuousNiceLoop => "cnl",
            Subtype::DiscontinuousNiceLoop => "dnl",
            Subtype::Aic => "aic",
            Subtype::GroupedContinuousNiceLoop => "gcnl",
            Subtype::GroupedDiscontinuousNiceLoop => "gdnl",
            Subtype::GroupedAic => "gaic",
            Subtype::KrakenFish1 => "kf1",
            Subtype::KrakenFish2 => "kf2",
        }
    }

    /// The step type it is a kind of.
    pub const fn kind(self) -> Kind {
        match self {
            Subtype::SimpleColorsTrap | Subtype::SimpleColorsWrap => Kind::SimpleColors,
            Subtype::MultiColors1 | Subtype::MultiColors2 => Kind::MultiColors,
            Subtype::DualTwoStringKite => Kind::TwoStringKite,
            Subtype::DualEmptyRectangle => Kind::EmptyRectangle,
            Subtype::ContinuousNiceLoop | Subtype::DiscontinuousNiceLoop | Subtype::Aic => {
                Kind::NiceLoop
            }
            Subtype::GroupedContinuousNiceLoop
            | Subtype::GroupedDiscontinuousNiceLoop
            | Subtype::GroupedAic => Kind::GroupedNiceLoop,
            Subtype::KrakenFish1 | Subtype::KrakenFish2 => Kind::KrakenFish,
        }
    }

    /// The subtype whose library code is `code`.
    pub fn from_code(code: &str) -> Option<Subtype> {
        Subtype::ALL.into_iter().find(|s| s.code() == code)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_92_step_types_in_ascending_order() {
        assert_eq!(Kind::ALL.len(), 92);
        for pair in Kind::ALL.windows(2) {
            assert!(
                pair[0].order() < pair[1].order(),
                "{:?} {:?}",
                pair[0],
                pair[1]
            );
        }
    }

    #[test]
    fn short_names_and_codes_are_unique() {
        let mut shorts = std::collections::HashSet::new();
        let mut codes = std::collections::HashSet::new();
        for &k in Kind::ALL {
            assert!(shorts.insert(k.short()), "{}", k.short());
            if let Some(code) = k.code() {
                assert!(codes.insert(code), "{code}");
                assert_eq!(Kind::from_code(code), Some(k));
            }
            assert_eq!(Kind::from_short(k.short()), Some(k));
        }
    }

    #[test]
    fn each_step_type_is_a_technique_of_its_own() {
        let mut seen = std::collections::HashSet::new();
        for &k in Kind::ALL {
            assert!(seen.insert(k.technique()), "{:?} twice", k.technique());
            assert_eq!(Kind::of_technique(k.technique()), Some(k));
        }
    }

    #[test]
    fn levels_rise_by_their_maximum_scores() {
        assert_eq!(Level::Easy.max_score(), 800);
        assert_eq!(Level::Unfair.next(), Level::Extreme);
        assert!(Level::Hard < Level::Unfair);
    }
}
