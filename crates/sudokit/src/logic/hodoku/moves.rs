//! A [`Move`]: one step as HoDoKu's searches find it (the squares and
//! digits of its pattern, what it removes in the order HoDoKu removes it,
//! what it places), its line in HoDoKu's words, and the [`Step`] it
//! becomes, in sudokit's words.

use crate::logic::hodoku::board::{units_of, Board};
use crate::logic::hodoku::notation;
use crate::logic::hodoku::table::{Kind, Subtype};
use crate::logic::step::{HodokuDetail, Step};
use crate::logic::text::{and_list, digit_list, removal_text};
use crate::logic::units::{Cand, Square, Unit};

/// One step found by HoDoKu's rules, before it becomes a [`Step`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Its step type.
    pub kind: Kind,
    /// What its line and library code call it, where that is not its step
    /// type (a simple colors trap).
    pub subtype: Option<Subtype>,
    /// The digits of the pattern, smallest first.
    pub digits: Vec<u8>,
    /// The squares of the pattern (a subset's squares, an intersection's
    /// squares, a fish's body).
    pub cells: Vec<usize>,
    /// What it removes, in the order HoDoKu removes it (a candidate may
    /// come twice; the second time removes nothing).
    pub deletes: Vec<(usize, u8)>,
    /// What it places.
    pub places: Vec<(usize, u8)>,
    /// The unit it is about (HoDoKu's numbering), for singles and locked
    /// candidates.
    pub unit: Option<usize>,
    /// A fish's base units (HoDoKu's numbering).
    pub base: Vec<usize>,
    /// A fish's cover units.
    pub cover: Vec<usize>,
    /// A fish's fins; an empty rectangle's places in its box; a W-wing's
    /// twins and the two ends of the link between them.
    pub fins: Vec<usize>,
    /// A fish's endo fins.
    pub endo_fins: Vec<usize>,
    /// Sets of squares with their digits: a Sue de Coq's line set and box
    /// set, a coloring's colors.
    pub groups: Vec<(Vec<usize>, Vec<u8>)>,
    /// A siamese fish: two fish on one base, with both covers, fins and
    /// removals (HoDoKu's "find all steps" with its option on).
    pub siamese: bool,
    /// A chain's nodes in order, for the chains that are not written in
    /// [`cells`](Move::cells) alone (loops, AICs, grouped and ALS
    /// chains); see [`Move::chain_nodes`].
    pub chain: Vec<Node>,
    /// A forcing chain's chains (the first is [`chain`](Move::chain)),
    /// each from its premise to its outcome.
    pub nets: Vec<Vec<Node>>,
    /// A forcing net's branches: for each of its [`nets`](Move::nets),
    /// the branch each node lies on (0 for the chain from the premise,
    /// then 1, 2, ... as the line shows them); empty for a forcing chain.
    pub branches: Vec<Vec<u16>>,
    /// A forcing chain's kind and, for a contradiction, where it lies, as
    /// its line writes them (`Contradiction in r6`, `Verity`).
    pub forcing: Option<String>,
    /// The fish a kraken fish is built on (`Finned X-Wing`); its chains,
    /// one from each start, are in [`nets`](Move::nets).
    pub fish: Option<Kind>,
}

/// One node of a chain: a digit in one square, in a group of squares of
/// one box and one line, or in an almost locked set, with whether the
/// chain makes it true there (`on`, the link into it was strong) or
/// false.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Its squares: one, or a group's, or an almost locked set's.
    pub cells: Vec<usize>,
    /// Its digit.
    pub digit: u8,
    /// True when the chain sets the digit there, false when it rules the
    /// digit out.
    pub on: bool,
    /// True when its squares are an almost locked set.
    pub als: bool,
}

/// A line HoDoKu prints under a forcing step: one chain, each node as its
/// squares, `=` or `<>`, and its digit (`r4c5=2 r45c6<>2 r8c6=2`). A
/// chain that is its premise alone (the premise is one of the outcomes)
/// shows it twice, as its first node and its last (`r2c4=5 r2c4=5`).
pub fn forcing_line(chain: &[Node]) -> String {
    match chain {
        [only] => format!("{} {}", node_text(only), node_text(only)),
        _ => chain.iter().map(node_text).collect::<Vec<_>>().join(" "),
    }
}

/// One node of a forcing step's line (`r45c6<>2`).
fn node_text(n: &Node) -> String {
    let link = if n.on { "=" } else { "<>" };
    format!("{}{link}{}", notation::squares(&n.cells), n.digit)
}

/// A line HoDoKu prints under a forcing net: a chain with its branches,
/// each in parentheses after the node it leaves the chain from
/// (`r6c2=8 (r6c6<>8 r6c6=3 r6c9<>3) (r6c1<>8) r4c1<>8 ...`);
/// `branches` gives each node's branch (0 on the chain itself).
pub fn net_line(chain: &[Node], branches: &[u16]) -> String {
    if chain.len() < 2 {
        return forcing_line(chain);
    }
    let mut line = String::new();
    for (i, n) in chain.iter().enumerate() {
        let (before, here) = match i {
            0 => (0, 0),
            _ => (branches[i - 1], branches[i]),
        };
        if before != 0 && before != here {
            line.push(')');
        }
        if i > 0 {
            line.push_str(if here != 0 && here != before {
                " ("
            } else {
                " "
            });
        }
        line.push_str(&node_text(n));
    }
    line
}

/// A chain as HoDoKu writes it (a kraken fish's under the step, a nice
/// loop's inside its line): the first node's squares, then each node in
/// another square than the one before, named by the link into it (`=d=`
/// when it sets the digit, `-d-` when it rules it out) and its squares
/// (`ALS:` before an almost locked set's).
pub fn chain_line(chain: &[Node]) -> String {
    let mut text = String::new();
    let mut last = None;
    for (i, n) in chain.iter().enumerate() {
        if last == Some(n.cells[0]) {
            continue;
        }
        last = Some(n.cells[0]);
        if i > 0 {
            let link = if n.on { '=' } else { '-' };
            text.push_str(&format!(" {link}{}{link} ", n.digit));
        }
        if n.als {
            text.push_str("ALS:");
        }
        text.push_str(&notation::squares(&n.cells));
    }
    text
}

impl Node {
    /// The digit `digit` in the one square `s`.
    pub fn at(s: usize, digit: u8, on: bool) -> Node {
        Node {
            cells: vec![s],
            digit,
            on,
            als: false,
        }
    }
}

impl Move {
    /// A move of `kind` with nothing filled in yet.
    pub fn new(kind: Kind) -> Move {
        Move {
            kind,
            subtype: None,
            digits: Vec::new(),
            cells: Vec::new(),
            deletes: Vec::new(),
            places: Vec::new(),
            unit: None,
            base: Vec::new(),
            cover: Vec::new(),
            fins: Vec::new(),
            endo_fins: Vec::new(),
            groups: Vec::new(),
            siamese: false,
            chain: Vec::new(),
            nets: Vec::new(),
            branches: Vec::new(),
            forcing: None,
            fish: None,
        }
    }

    /// Its chain, node by node, for the step types that are chains: its
    /// [`chain`](Move::chain) where a finder filled it in, else read from
    /// the squares of an X-chain, turbot fish, XY-chain or remote pair.
    /// Empty for the rest.
    pub fn chain_nodes(&self) -> Vec<Node> {
        if !self.chain.is_empty() {
            return self.chain.clone();
        }
        let mut nodes = Vec::new();
        match self.kind {
            // Off at the start, then strong and weak links in turn.
            Kind::TurbotFish | Kind::XChain => {
                let d = self.digits[0];
                for (i, &s) in self.cells.iter().enumerate() {
                    nodes.push(Node::at(s, d, i % 2 == 1));
                }
            }
            // In each square: the digit it cannot be (from the link
            // before), then the one it must be.
            Kind::XyChain => {
                let mut off = self.digits[0];
                for (i, &s) in self.cells.iter().enumerate() {
                    let on = match self.digits.get(i + 1) {
                        Some(&d) => d,
                        None => self.digits[0],
                    };
                    nodes.push(Node::at(s, off, false));
                    nodes.push(Node::at(s, on, true));
                    off = on;
                }
            }
            Kind::RemotePair => {
                let (a, b) = (self.digits[0], self.digits[1]);
                for (i, &s) in self.cells.iter().enumerate() {
                    let (off, on) = if i % 2 == 0 { (a, b) } else { (b, a) };
                    nodes.push(Node::at(s, off, false));
                    nodes.push(Node::at(s, on, true));
                }
            }
            _ => {}
        }
        nodes
    }

    /// A single: `d` placed in `s`, found in `unit`.
    pub fn single(kind: Kind, s: usize, d: u8, unit: Option<usize>) -> Move {
        let mut m = Move::new(kind);
        m.digits.push(d);
        m.cells.push(s);
        m.places.push((s, d));
        m.unit = unit;
        m
    }

    /// Makes it on `board`: the removals in order, then the placements.
    pub fn apply(&self, board: &mut Board) {
        for &(s, d) in &self.deletes {
            board.remove(s, d);
        }
        for &(s, d) in &self.places {
            board.place(s, d, false);
        }
    }

    /// What it removes, each candidate once, in HoDoKu's order.
    pub fn eliminations(&self) -> Vec<(usize, u8)> {
        let mut out: Vec<(usize, u8)> = Vec::new();
        for &c in &self.deletes {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// Its library code: its subtype's, else its step type's (`xxxx` for
    /// none), with a `1` after a siamese fish's.
    pub fn code(&self) -> String {
        let code = match self.subtype {
            Some(sub) => sub.code(),
            None => self.kind.code().unwrap_or("xxxx"),
        };
        match self.siamese {
            true => format!("{code}1"),
            false => code.to_string(),
        }
    }

    /// Its name as its line starts: its subtype's, else its step type's.
    pub fn name(&self) -> &'static str {
        match self.subtype {
            Some(sub) => sub.name(),
            None => self.kind.name(),
        }
    }

    /// The digits field of its case in HoDoKu's library format: the
    /// digits it removes for the step types whose library cases list
    /// those (Sue de Coq), else the digits of its pattern; smallest first.
    pub fn library_digits(&self) -> String {
        let mut ds: Vec<u8> = match self.kind {
            Kind::SueDeCoq
            | Kind::AlsXz
            | Kind::AlsXyWing
            | Kind::AlsChain
            | Kind::DeathBlossom => self.deletes.iter().map(|&(_, d)| d).collect(),
            // An XY-chain's other digits are its links'; it is about the
            // digit it removes.
            Kind::XyChain => self.digits[..1].to_vec(),
            _ => self.digits.clone(),
        };
        ds.sort_unstable();
        ds.dedup();
        ds.iter().map(|d| d.to_string()).collect()
    }

    /// The line HoDoKu prints for it, e.g. `Hidden Single: r8c6=1` or
    /// `Naked Pair: 6,7 in r1c68 => r1c245<>6, r1c245<>7`.
    pub fn line(&self) -> String {
        use Kind::*;
        let name = self.name();
        let removals = || match self.deletes.is_empty() {
            true => String::new(),
            false => format!(" => {}", notation::removals(&self.deletes)),
        };
        match self.kind {
            FullHouse | NakedSingle | HiddenSingle | BruteForce => {
                let (s, d) = self.places[0];
                format!("{name}: {}={d}", notation::square(s))
            }
            TemplateSet => format!(
                "{name}: {}={}",
                notation::squares(&self.cells),
                self.digits[0]
            ),
            TemplateDelete => format!("{name}: {}", removals()),
            LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuadruple | HiddenPair
            | HiddenTriple | HiddenQuadruple => format!(
                "{name}: {} in {}{}",
                digit_list(self.digits.iter().copied()),
                notation::squares(&self.cells),
                removals()
            ),
            LockedCandidates1 | LockedCandidates2 => format!(
                "{name}: {} in {}{}",
                self.digits[0],
                notation::unit(self.unit.unwrap_or(0)),
                removals()
            ),
            Skyscraper | TwoStringKite => {
                // A dual kite's second pair of ends follows the first.
                let second = match self.cells.len() > 4 {
                    true => format!("/in {}", notation::squares(&self.cells[4..6])),
                    false => String::new(),
                };
                format!(
                    "{name}: {} in {}{second} (connected by {}){}",
                    self.digits[0],
                    notation::squares(&self.cells[..2]),
                    notation::squares(&self.cells[2..4]),
                    removals()
                )
            }
            TurbotFish | XChain => {
                let d = self.digits[0];
                let mut line = format!("{name}: {d} {}", notation::square(self.cells[0]));
                for (i, &s) in self.cells.iter().enumerate().skip(1) {
                    let link = if i % 2 == 1 { '=' } else { '-' };
                    line.push_str(&format!(" {link}{d}{link} {}", notation::square(s)));
                }
                line + &removals()
            }
            XyChain => {
                // The start digit, then each link named by its digit.
                let a = self.digits[0];
                let mut line = format!("{name}: {a} {a}- {}", notation::square(self.cells[0]));
                for (&s, d) in self.cells.iter().zip(&self.digits).skip(1) {
                    line.push_str(&format!(" -{d}- {}", notation::square(s)));
                }
                line + &format!(" -{a}") + &removals()
            }
            RemotePair => {
                // The start digit, then the other; each link is named by
                // the digit the square it leads to cannot be.
                let (a, b) = (self.digits[0], self.digits[1]);
                let mut line = format!("{name}: {a}/{b} {}", notation::square(self.cells[0]));
                for (i, &s) in self.cells.iter().enumerate().skip(1) {
                    let d = if i % 2 == 1 { b } else { a };
                    line.push_str(&format!(" -{d}- {}", notation::square(s)));
                }
                line + &removals()
            }
            NiceLoop | GroupedNiceLoop => format!(
                "{name}: {} {}{}",
                self.digits
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("/"),
                self.loop_text(),
                removals()
            ),
            ForcingChain | ForcingNet => {
                let outcome = match self.places.first() {
                    Some(&(s, d)) => format!(" => {}={d}", notation::square(s)),
                    None => removals(),
                };
                let kind = self.forcing.as_deref().unwrap_or("Verity");
                format!("{name} {kind}{outcome}")
            }
            SimpleColors | MultiColors => {
                let mut line = format!("{name}: {}", self.digits[0]);
                for (i, (cells, _)) in self.groups.iter().enumerate() {
                    line.push_str(match i {
                        0 => " ",
                        _ if i % 2 == 1 => " / ",
                        _ => ", ",
                    });
                    let squares: Vec<String> = cells.iter().map(|&s| notation::square(s)).collect();
                    line.push_str(&format!("({})", squares.join(",")));
                }
                line + &removals()
            }
            SueDeCoq => {
                let set = |(cells, ds): &(Vec<usize>, Vec<u8>)| {
                    format!(
                        "{} - {{{}}}",
                        notation::squares(cells),
                        digit_list(ds.iter().copied()).replace(',', "")
                    )
                };
                let sets: Vec<String> = self.groups.iter().map(set).collect();
                format!(
                    "{name}: {} ({}){}",
                    set(&(self.cells.clone(), self.digits.clone())),
                    sets.join(", "),
                    removals()
                )
            }
            EmptyRectangle => {
                let cells: Vec<String> = self.cells.chunks(2).map(notation::squares).collect();
                format!(
                    "{name}: {} in {} ({}){}",
                    self.digits[0],
                    notation::unit(self.unit.unwrap_or(18)),
                    cells.join("/"),
                    removals()
                )
            }
            UniquenessTest1 | UniquenessTest2 | UniquenessTest3 | UniquenessTest4
            | UniquenessTest5 | UniquenessTest6 | HiddenRectangle | AvoidableRectangle1
            | AvoidableRectangle2 => format!(
                "{name}: {}/{} in {}{}",
                self.digits[0],
                self.digits[1],
                notation::squares(&self.cells),
                removals()
            ),
            XyWing | XyzWing => format!(
                "{name}: {} in {}{}",
                self.digits
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("/"),
                notation::squares(&self.cells),
                removals()
            ),
            WWing => {
                let link: Vec<usize> = self
                    .fins
                    .iter()
                    .copied()
                    .filter(|s| !self.cells.contains(s))
                    .collect();
                format!(
                    "{name}: {}/{} in {} connected by {} in {}{}",
                    self.digits[0],
                    self.digits[1],
                    notation::squares(&self.cells),
                    self.digits[1],
                    notation::squares(&link),
                    removals()
                )
            }
            AlsXz | AlsXyWing | AlsChain | DeathBlossom => self.als_line(),
            // The fish and the chains follow on the lines under it.
            KrakenFish => format!("{name}: {}", removals()),
            _ if self.kind.fish_size().is_some() => {
                let siamese = if self.siamese { "Siamese " } else { "" };
                // A siamese fish's two covers, parted by a slash.
                let cover = match self.siamese {
                    true => {
                        let half = self.cover.len() / 2;
                        format!(
                            "{}/{}",
                            notation::units(&self.cover[..half]),
                            notation::units(&self.cover[half..])
                        )
                    }
                    false => notation::units(&self.cover),
                };
                let mut line = format!(
                    "{siamese}{name}: {} {} {cover}",
                    self.digits[0],
                    notation::units(&self.base),
                );
                for &f in &self.fins {
                    line.push_str(&format!(" f{}", notation::square(f)));
                }
                for &f in &self.endo_fins {
                    line.push_str(&format!(" ef{}", notation::square(f)));
                }
                line + &removals()
            }
            GiveUp => format!("{name}: Don't know how to proceed!"),
            _ => format!("{name}{}", removals()),
        }
    }

    /// A nice loop's or AIC's chain as HoDoKu writes it: each square once
    /// (a node in the square of the one before is left out), each link
    /// named by the digit of the node it leads to, `=d=` into a digit set
    /// and `-d-` into one ruled out; a continuous loop is closed by the
    /// digits of its links out of and back into its start, an AIC opened
    /// and closed by its end digits.
    fn loop_text(&self) -> String {
        let nodes = &self.chain;
        if nodes.is_empty() {
            return String::new();
        }
        let text = chain_line(nodes);
        let first = |i: usize| nodes[i].cells[0];
        match self.subtype {
            Some(Subtype::ContinuousNiceLoop | Subtype::GroupedContinuousNiceLoop) => {
                let mut start = 0;
                while start + 1 < nodes.len() && first(start) == first(0) {
                    start += 1;
                }
                let end_cell = first(nodes.len() - 1);
                let mut end = nodes.len() - 1;
                while end > 0 && first(end) == end_cell {
                    end -= 1;
                }
                end += 1;
                format!("{}= {text} ={}", nodes[end].digit, nodes[start].digit)
            }
            Some(Subtype::Aic | Subtype::GroupedAic) => format!(
                "{}- {text} -{}",
                nodes[0].digit,
                nodes[nodes.len() - 1].digit
            ),
            _ => text,
        }
    }

    /// The line of an ALS step: its sets written `r1c79,r23c7 {3456789}`,
    /// with the RC digits (X), the digits removed (Z), or a chain's links.
    fn als_line(&self) -> String {
        let name = self.name();
        let als = |i: usize| {
            let (cells, ds) = &self.groups[i];
            let ds: String = ds.iter().map(|d| d.to_string()).collect();
            format!("{} {{{ds}}}", notation::squares(cells))
        };
        let joined = |ds: &[u8]| digit_list(ds.iter().copied());
        let mut removed: Vec<u8> = self.deletes.iter().map(|&(_, d)| d).collect();
        removed.sort_unstable();
        removed.dedup();
        let removals = format!(" => {}", notation::removals(&self.deletes));
        match self.kind {
            Kind::AlsXz => {
                // No Z where a doubly linked pair locks both sets.
                let z = match self.fins.is_empty() {
                    true => String::new(),
                    false => format!(", Z={}", joined(&removed)),
                };
                format!(
                    "{name}: A={}, B={}, X={}{z}{removals}",
                    als(0),
                    als(1),
                    joined(&self.digits)
                )
            }
            Kind::AlsXyWing => format!(
                "{name}: A={}, B={}, C={}, X,Y={}, Z={}{removals}",
                als(0),
                als(1),
                als(2),
                joined(&self.digits),
                joined(&removed)
            ),
            Kind::AlsChain => {
                let ends: String = removed.iter().map(|d| d.to_string()).collect();
                // Each set's run of nodes: the digits it must be lead on.
                let mut runs: Vec<(Vec<usize>, String)> = Vec::new();
                for n in &self.chain {
                    if runs.last().map(|(c, _)| c) != Some(&n.cells) {
                        runs.push((n.cells.clone(), String::new()));
                    }
                    if n.on {
                        runs.last_mut().expect("a run").1 += &n.digit.to_string();
                    }
                }
                let sets: Vec<String> = (0..self.groups.len()).map(als).collect();
                let mut line = format!("{name}: {ends}- {}", sets[0]);
                for (set, (_, link)) in sets[1..].iter().zip(&runs) {
                    line += &format!(" -{link}- {set}");
                }
                line + &format!(" -{ends}") + &removals
            }
            _ => {
                // A death blossom: its stem, then each petal's digit and set.
                let mut line = format!("{name}: [{}]", notation::square(self.cells[0]));
                for (i, d) in self.digits.iter().enumerate() {
                    line += &format!(",  -{d}- {}", als(i));
                }
                line + &removals
            }
        }
    }

    /// The [`Step`] it is: its technique, HoDoKu's name, the moves, the
    /// evidence, a sentence naming squares as sudokit does, and HoDoKu's
    /// code, short name, base score and line.
    pub fn to_step(&self) -> Step {
        let technique = self.kind.technique();
        let mut step = Step::new(technique, technique.difficulty().0);
        step.name = self.name();
        step.placements = self.places.iter().map(|&(s, d)| cand(s, d)).collect();
        step.eliminations = self
            .eliminations()
            .iter()
            .map(|&(s, d)| cand(s, d))
            .collect();
        let mut squares: Vec<Square> = self.cells.iter().map(|&s| square(s)).collect();
        squares.sort();
        step.evidence.squares = squares.clone();
        step.evidence.candidates = self
            .cells
            .iter()
            .flat_map(|&s| self.digits.iter().map(move |&d| cand(s, d)))
            .collect();
        step.evidence.units = self.unit.into_iter().map(unit).collect();
        step.evidence.base = self.base.iter().map(|&u| unit(u)).collect();
        step.evidence.cover = self.cover.iter().map(|&u| unit(u)).collect();
        self.chain_evidence(&mut step);
        step.text = self.sentence(&squares);
        step.hodoku = Some(Box::new(HodokuDetail {
            code: self.code(),
            short: self.subtype.map_or(self.kind.short(), |s| s.short()),
            score: self.kind.base_score(),
            line: self.line(),
            nets: self.lines_under(),
        }));
        step
    }

    /// The lines HoDoKu prints under its line: a forcing chain's or net's
    /// chains (a net's with their branches); a kraken fish's fish
    /// (`Finned X-Wing: 1 r14 c45 fr4c8 fr4c9`), then its chains as nice
    /// loops are written.
    pub fn lines_under(&self) -> Vec<String> {
        match self.fish {
            Some(fish) => {
                let mut under = Move::new(fish);
                under.digits = self.digits.clone();
                under.base = self.base.clone();
                under.cover = self.cover.clone();
                under.fins = self.fins.clone();
                let chains = self.nets.iter().map(|c| chain_line(c));
                std::iter::once(under.line()).chain(chains).collect()
            }
            None => self
                .nets
                .iter()
                .enumerate()
                .map(|(i, c)| match self.branches.get(i) {
                    Some(b) => net_line(c, b),
                    None => forcing_line(c),
                })
                .collect(),
        }
    }

    /// Its chain as the evidence's links (each node's first square, with
    /// why it follows from the node before), and the squares of each node
    /// where a node is a group or an almost locked set.
    fn chain_evidence(&self, step: &mut Step) {
        use crate::logic::step::{Link, LinkReason};
        // A forcing step's chains follow one another, each from its
        // premise (an assumption).
        let nodes: Vec<Node> = match self.nets.is_empty() {
            true => self.chain_nodes(),
            false => self.nets.concat(),
        };
        let starts: Vec<usize> = self
            .nets
            .iter()
            .scan(0, |at, c| {
                let start = *at;
                *at += c.len();
                Some(start)
            })
            .collect();
        // A net's branch leaves its chain at the node before it; the
        // chain's next node follows from the chain and the branches
        // together (by a rule: singles on the grid as they left it).
        let branch: Vec<u16> = self.branches.concat();
        let joins = |i: usize| {
            let b = |j: usize| branch.get(j).copied().unwrap_or(0);
            i > 0 && b(i) == 0 && b(i - 1) != 0
        };
        for (i, n) in nodes.iter().enumerate() {
            let prev = match starts.contains(&i) {
                true => None,
                false => i.checked_sub(1).map(|j| &nodes[j]),
            };
            let (reason, shared) = match prev {
                None => (LinkReason::Assumption, None),
                Some(_) if joins(i) => (LinkReason::Rule, None),
                Some(p) if p.als || n.als => (LinkReason::Rule, None),
                Some(p) if p.cells == n.cells => match n.on {
                    true => (LinkReason::LastCandidate, None),
                    false => (LinkReason::SameSquare, None),
                },
                Some(p) => {
                    let mut all = p.cells.clone();
                    all.extend(&n.cells);
                    let u = notation::shared_units(&all).first().copied();
                    match n.on {
                        true => (LinkReason::LastPlace, u),
                        false => (LinkReason::SameUnit, u),
                    }
                }
            };
            step.evidence.chain.push(Link {
                square: square(n.cells[0]),
                digit: n.digit,
                on: n.on,
                reason,
                unit: shared.map(unit),
            });
        }
        if nodes.iter().any(|n| n.cells.len() > 1) {
            step.evidence.chain_squares = nodes
                .iter()
                .map(|n| n.cells.iter().map(|&s| square(s)).collect())
                .collect();
        }
    }

    /// A forcing chain or net in words: its assumptions, where they lead,
    /// and what that proves ("if B9 is not 2, the chains lead to a
    /// contradiction, so B9 is 2").
    fn forcing_sentence(&self) -> String {
        let name = self.kind.technique().name();
        let said = |n: &Node| {
            let names: Vec<String> = n.cells.iter().map(|&s| square(s).to_string()).collect();
            match n.on {
                true => format!("{} is {}", names.join(" or "), n.digit),
                false => format!("{} is not {}", and_list(&names), n.digit),
            }
        };
        let outcome = match self.places.first() {
            Some(&(s, d)) => format!("{} is {d}", square(s)),
            None => {
                let removed: Vec<Cand> = self
                    .eliminations()
                    .iter()
                    .map(|&(s, d)| cand(s, d))
                    .collect();
                removal_text(&removed)
            }
        };
        let mut starts: Vec<String> = Vec::new();
        for n in self.nets.iter().filter_map(|c| c.first()) {
            let s = said(n);
            if !starts.contains(&s) {
                starts.push(s);
            }
        }
        match self.forcing.as_deref() {
            Some(k) if k.starts_with("Contradiction") => format!(
                "{name}: if {}, the chains lead to a contradiction, so {outcome}",
                starts.join(" and ")
            ),
            _ => format!(
                "{name}: whether {}, the chains lead to the same end, so {outcome}",
                starts.join(" or ")
            ),
        }
    }

    /// Its chain in words, from its first node: "if D4 is 5, then E6 and
    /// F6 are not 5, so C6 is 5, ...", a group's squares joined by "or"
    /// where one of them holds the digit and by "and" where none does (an
    /// ALS: "the almost locked set A9, G9 and H9 has no 3").
    fn chain_sentence(&self) -> String {
        let said: Vec<String> = self
            .chain
            .iter()
            .map(|n| {
                let names: Vec<String> = n.cells.iter().map(|&s| square(s).to_string()).collect();
                match (n.on, names.len()) {
                    // An ALS left without the digit is a locked set.
                    (false, _) if n.als => format!(
                        "the almost locked set {} has no {}",
                        and_list(&names),
                        n.digit
                    ),
                    (true, 1) => format!("{} is {}", names[0], n.digit),
                    (false, 1) => format!("{} is not {}", names[0], n.digit),
                    (true, _) => format!("{} is {}", names.join(" or "), n.digit),
                    (false, _) => format!("{} are not {}", and_list(&names), n.digit),
                }
            })
            .collect();
        match said.split_first() {
            Some((first, rest)) if !rest.is_empty() => {
                format!("if {first}, then {}", rest.join(", so "))
            }
            Some((first, _)) => first.clone(),
            None => String::new(),
        }
    }

    /// One sentence in sudokit's words.
    fn sentence(&self, squares: &[Square]) -> String {
        use Kind::*;
        let name = self.kind.technique().name();
        let removed: Vec<Cand> = self
            .eliminations()
            .iter()
            .map(|&(s, d)| cand(s, d))
            .collect();
        let remove = || removal_text(&removed);
        let digits = digit_list(self.digits.iter().copied());
        let at = |u: Option<usize>| u.map(|u| format!(" ({})", unit(u))).unwrap_or_default();
        match self.kind {
            FullHouse => {
                let (s, d) = self.places[0];
                format!(
                    "{name}: {} is the last empty square{}, so it is {d}",
                    square(s),
                    at(self.unit)
                )
            }
            NakedSingle => {
                let (s, d) = self.places[0];
                format!("{name}: {d} is the only candidate left in {}", square(s))
            }
            BruteForce => {
                let (s, d) = self.places[0];
                format!(
                    "{name}: no technique finds a step, so {} takes its digit from the \
                     solution, {d}",
                    square(s)
                )
            }
            GiveUp => format!(
                "{name}: no technique finds a step, and the position has no single solution"
            ),
            HiddenSingle => {
                let (s, d) = self.places[0];
                format!(
                    "{name}: {} is the only place for {d}{}",
                    square(s),
                    at(self.unit)
                )
            }
            LockedCandidates1 | LockedCandidates2 => {
                let line = notation::shared_units(&self.cells)
                    .into_iter()
                    .find(|&u| Some(u) != self.unit)
                    .map(|u| unit(u).to_string())
                    .unwrap_or_default();
                format!(
                    "{name}: in {}, {digits} is only in {line}; {}",
                    unit(self.unit.unwrap_or(0)),
                    remove()
                )
            }
            HiddenPair | HiddenTriple | HiddenQuadruple => format!(
                "{name} {digits} in {}: they have no other place in their unit; {}",
                and_list(squares),
                remove()
            ),
            _ if self.kind.fish_size().is_some() => {
                let base: Vec<Unit> = self.base.iter().map(|&u| unit(u)).collect();
                let cover: Vec<Unit> = self.cover.iter().map(|&u| unit(u)).collect();
                format!(
                    "{name} of {digits} in {}, covered by {}: {}",
                    and_list(&base),
                    and_list(&cover),
                    remove()
                )
            }
            Skyscraper | TwoStringKite | EmptyRectangle => {
                format!("{name} of {digits} in {}: {}", and_list(squares), remove())
            }
            XyWing | XyzWing | WWing | UniquenessTest1 | UniquenessTest2 | UniquenessTest3
            | UniquenessTest4 | UniquenessTest5 | UniquenessTest6 | HiddenRectangle
            | AvoidableRectangle1 | AvoidableRectangle2 => format!(
                "{name} {} in {}: {}",
                self.digits
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("/"),
                and_list(squares),
                remove()
            ),
            BugPlus1 => format!(
                "{name}: every other square has two candidates and {} would leave the grid \
                 without a single solution; {}",
                and_list(squares),
                remove()
            ),
            KrakenFish => {
                let fish = self.fish.map_or("fish", |k| k.name());
                let base: Vec<Unit> = self.base.iter().map(|&u| unit(u)).collect();
                let cover: Vec<Unit> = self.cover.iter().map(|&u| unit(u)).collect();
                // Each chain starts from a square where the digit may be.
                let starts: Vec<String> = self
                    .nets
                    .iter()
                    .filter_map(|c| c.first())
                    .map(|n| square(n.cells[0]).to_string())
                    .collect();
                let cases = match self.subtype {
                    Some(Subtype::KrakenFish1) => "one of its fins",
                    _ => "one of a cover unit's base squares or a fin",
                };
                format!(
                    "{name}: in the {fish} of {digits} in {}, covered by {}, {cases} \
                     ({}) is {digits}, and a chain from each rules out the same \
                     candidate: {}",
                    and_list(&base),
                    and_list(&cover),
                    starts.join(", "),
                    remove()
                )
            }
            NiceLoop | GroupedNiceLoop if !self.chain.is_empty() => {
                format!("{}: {}; {}", self.name(), self.chain_sentence(), remove())
            }
            ForcingChain | ForcingNet if !self.nets.is_empty() => self.forcing_sentence(),
            _ => format!("{name} {digits} in {}: {}", and_list(squares), remove()),
        }
    }
}

fn square(s: usize) -> Square {
    Square::new(s, 9)
}

fn cand(s: usize, digit: u8) -> Cand {
    Cand {
        square: square(s),
        digit,
    }
}

/// A unit of HoDoKu's numbering as sudokit's [`Unit`] (whose numbering
/// puts columns first).
pub fn unit(u: usize) -> Unit {
    let index = match u / 9 {
        0 => 9 + u,
        1 => u - 9,
        _ => u,
    };
    Unit::new(index, 9)
}

/// The units of square `s` as sudokit's [`Unit`]s: row, column, box.
pub fn units_of_square(s: usize) -> [Unit; 3] {
    units_of(s).map(unit)
}

/// Chains as HoDoKu sorts them, each with its length in links: most
/// removals first, then by a weighted sum of the removals (the same
/// removals weigh the same, so such chains keep their order), then the
/// shorter chain. The first is the one its solver takes.
pub(super) fn sorted_chains(mut found: Vec<(Move, usize)>) -> Vec<Move> {
    found.sort_by_key(|(m, links)| {
        let weight: usize = m
            .deletes
            .iter()
            .enumerate()
            .map(|(i, &(s, d))| s * (1 + 80 * i) + usize::from(d))
            .sum();
        (std::cmp::Reverse(m.deletes.len()), weight, *links)
    });
    found.into_iter().map(|(m, _)| m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_convert_to_sudokits_numbering() {
        assert_eq!(unit(2).to_string(), "row C");
        assert_eq!(unit(12).to_string(), "column 4");
        assert_eq!(unit(18).to_string(), "box 1");
    }

    #[test]
    fn a_single_reads_as_hodoku_writes_it() {
        let m = Move::single(Kind::HiddenSingle, 7 * 9 + 5, 1, Some(7));
        assert_eq!(m.line(), "Hidden Single: r8c6=1");
        let step = m.to_step();
        assert_eq!(
            step.text,
            "Hidden single: H6 is the only place for 1 (row H)"
        );
        assert_eq!(step.hodoku.as_ref().unwrap().short, "h1");
    }
}
