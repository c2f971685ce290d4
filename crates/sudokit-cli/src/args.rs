//! The command line: every subcommand and option, turned into typed values
//! here at the edge so the commands never look at strings.

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudokit::generate::{Grade, SymmetryChoice};
use sudokit::{EngineKind, Size};

/// sudokit: solve, count, rate, explain, hint and benchmark Sudoku puzzles;
/// make new ones and tell equal ones apart.
///
/// Puzzles are read in Peter Norvig's permissive format: digits are givens,
/// `0` and `.` are empty squares, everything else is ignored. A file holds one
/// puzzle per line, or multi-line grids separated by blank lines; `#` starts
/// a comment line. A JSON list of 9 lists of 9 integers (0 = empty) works too.
/// Sizes 4x4, 6x6, 9x9, 16x16 and 25x25 are recognised from the number of
/// squares; above 9, digits are written 1-9 then A, B, C, ... Files may be
/// gzip-compressed.
///
/// A line of 729 pencil-mark characters (tdoku, Sukaku: character
/// `square*9 + digit` holds the digit when it is possible there, `.` or `0`
/// when not) is a puzzle given as pencil marks: solve, count and candidates
/// keep to the marks (norvig searches them), rate and explain start their
/// logical path from them, and hint takes such a line as the player's state.
///
/// Every answer says how its puzzle went, in the same words everywhere:
/// solved, unsolvable (no solution), limit (the guess budget ran out) or
/// invalid (not a puzzle: stderr says where and why). rate and explain say
/// rated or incomplete (no rule finds a step: ER 20.0), hint says hinted
/// (mistake when a square is wrong, solved when the grid is) or stuck, and
/// all three say multiple for a puzzle with several solutions. Every
/// field and word is listed once, in the JSON reference of docs/guide.md.
///
/// Exit codes: 0 every puzzle solved (rate and explain: rated, or
/// incomplete where no rule finds a step; hint: hinted, mistake or solved); 1 some puzzle has
/// no solution or ran out of budget (rate, explain and hint: or has several
/// solutions; hint: or no rule finds the next step, stuck); 2 bad input or
/// bad usage.
///
/// Answers are printed as soon as they are ready, in input order. When
/// stdout's reader goes away or stderr cannot be written, the run stops
/// quietly, with the exit code of the answers printed so far.
#[derive(Debug, Parser)]
#[command(name = "sudokit", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Print no messages on stderr: no notes, no progress, nothing about
    /// single puzzles (answers, records and the exit code still tell how
    /// each went). Errors that stop the command are still printed.
    #[arg(long, short, global = true)]
    pub quiet: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles: one answer per puzzle, in input order.
    Solve(SolveArgs),
    /// Count each puzzle's solutions, up to a limit (2 tells unique from several).
    Count(CountArgs),
    /// Show Norvig's display of every square's candidates after propagation.
    Candidates(CandidatesArgs),
    /// Show a solve step by step: every assignment, elimination and guess.
    Trace(TraceArgs),
    /// Rate puzzles as Sudoku Explainer's serate does: ER/EP/ED.
    ///
    /// Solving in Sudoku Explainer's order with SE 1.2.1's rules (up to its
    /// nested forcing chains), ER is the hardest step's difficulty, EP the
    /// hardest up to the first placement, ED the first step's. Where no
    /// rule finds a step (only off the standard 9x9 grid: diagonal sudoku
    /// has no chains, larger grids none past forcing chains), ER is SE's
    /// 20.0 and the rating is marked incomplete (exit 0). A puzzle
    /// with no solution (unsolvable) or several (multiple) is not rated
    /// (exit 1). A line of 729 pencil marks (a Sukaku puzzle) is rated from
    /// its marks: its solutions are counted and its path starts from them.
    /// Streamed and on every core, like solve.
    Rate(RateArgs),
    /// The next logical step from a player's state, graded like a hint system's.
    ///
    /// The hint comes from the puzzle's one solution: a puzzle with several
    /// solutions (or none) gets no logical hint (exit 1). When a placed
    /// digit differs from the solution, or an empty square's pencil marks
    /// lack the solution's digit, the hint names that square instead of a
    /// step. When no rule finds a step (diagonal sudoku has no chains,
    /// larger grids none past forcing chains), it says so (exit 1). Every
    /// puzzle read gets its hint, in input order, streamed and on every
    /// core like rate.
    Hint(HintArgs),
    /// Solve by logic, step by step, with the reason for each step, then rate.
    ///
    /// Where no rule finds a step, the explanation ends there and its
    /// rating is marked incomplete (exit 0). A puzzle with several
    /// solutions or none is not explained (exit 1).
    /// A line of 729 pencil marks is explained from its marks, as rate
    /// rates it.
    Explain(ExplainArgs),
    /// List every step of the named step types in a position (HoDoKu's "find all steps").
    ///
    /// A position is a puzzle, a line of pencil marks, or a line of
    /// HoDoKu's library format (:<code>:<digits>:<givens with
    /// +placed>:<deleted>:<eliminations>:<placements>:<extra>). With
    /// --rules hodoku and no --technique, every step type that has a
    /// finder is searched, and a library line is searched as HoDoKu's
    /// regression tester runs it (its own technique, variant and options),
    /// saying whether the steps found are the ones it lists. A position
    /// that cannot be read or searched is invalid (exit 2); the others are
    /// still answered.
    Steps(StepsArgs),
    /// Compare engines' speed over puzzle files (Norvig's solve_all report).
    Bench(BenchArgs),
    /// Make Norvig's random puzzles (they may have several solutions, or none).
    Random(RandomArgs),
    /// Make new puzzles with one solution: symmetric, minimal, at a chosen difficulty.
    ///
    /// Each try fills a random grid and empties it one orbit of the
    /// symmetry at a time, keeping an orbit whenever emptying it would
    /// allow a second solution; then the puzzle is kept when its givens and
    /// rating are in the ranges asked for. Puzzles are printed as they are
    /// found, on every core (-j), with progress on a terminal (puzzles
    /// found, tries made). The same seed and options give the same
    /// puzzles whatever the number of threads. When --max-tries or
    /// --timeout ends the search before --count puzzles are found, it says
    /// so and exits 1.
    Generate(GenerateArgs),
    /// The canonical (minlex) form of each puzzle: equal for equivalent puzzles.
    ///
    /// Of every form a puzzle takes under the grid's symmetries (bands and
    /// stacks in any order, rows and columns inside them, transposition:
    /// 3,359,232 on 9x9) and relabellings of its digits, the one whose line
    /// is smallest, with `.` before every digit (so the form starts with as
    /// many empty squares as it can). Two puzzles are the same puzzle in
    /// disguise exactly when their forms are equal. Standard grids only.
    Canon(CanonArgs),
    /// An equivalent form of each puzzle: the same puzzle in disguise.
    ///
    /// With --random, a random transform of the grid's symmetries and a
    /// random relabelling for each puzzle (for a diagonal puzzle, only
    /// moves that keep both diagonals), reproducible from the seed.
    Transform(TransformArgs),
    /// Print a shell completion script (source it from the shell's startup file).
    Completions(CompletionsArgs),
    /// Print the manual page, in roff (`sudokit man > sudokit.1`).
    ///
    /// One page: the command's options, then every subcommand with its
    /// synopsis, description and options.
    Man,
}

/// Where puzzles come from and how to read them.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Puzzle files (plain or gzip); `-` or nothing reads standard input. An
    /// argument that is not a file but holds a whole puzzle is read as the
    /// puzzle itself.
    #[arg(value_name = "FILE")]
    pub inputs: Vec<String>,
    /// Solve as diagonal sudoku: both main diagonals are units too.
    #[arg(long)]
    pub diagonal: bool,
    /// Grid side (4, 6, 9, 16 or 25) when the text alone cannot tell.
    #[arg(long, value_parser = parse_size)]
    pub size: Option<Size>,
}

fn parse_size(text: &str) -> Result<Size, String> {
    text.parse::<usize>()
        .ok()
        .and_then(Size::from_side)
        .ok_or_else(|| format!("'{text}' is not a supported size (4, 6, 9, 16 or 25)"))
}

/// How a batch is run.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Engine: fast, norvig, backtrack or agent (default: fast for 9x9,
    /// norvig for other sizes and for pencil marks). An engine that cannot
    /// solve a puzzle's size (fast takes 9x9 only), or start from pencil
    /// marks (norvig alone can), stops the command with a usage error.
    #[arg(long, short)]
    pub engine: Option<EngineKind>,
    /// Give up a search after this many guesses and answer "limit".
    #[arg(long, value_name = "N", alias = "max-nodes")]
    pub max_guesses: Option<u64>,
    /// Threads to use; 0 (the default) means one per core. More threads
    /// than cores only slow the work down, so a larger number is lowered to
    /// the number of cores, with a note.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Print each search's statistics (guesses, backtracks, calls, time) on stderr.
    #[arg(long)]
    pub stats: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// Text for people: one line per puzzle, the solution or the status
    /// word (`line`, its old name, is taken too).
    #[value(alias = "line")]
    Text,
    /// A pretty board per puzzle.
    Grid,
    /// One JSON record per puzzle per line (see the JSON reference in docs/guide.md).
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LineFormat {
    /// Text for people: one line per puzzle (`line`, its old name, is
    /// taken too).
    #[value(alias = "line")]
    Text,
    /// One JSON record per puzzle per line (see the JSON reference in docs/guide.md).
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TextFormat {
    /// Text for people.
    Text,
    /// JSON records, one per line (see the JSON reference in docs/guide.md).
    Json,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Count solutions up to this many.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Output format: the count (`1`, `0`, `2+` for at least 2), or JSON.
    #[arg(long, short, value_enum, default_value_t = LineFormat::Text)]
    pub format: LineFormat,
}

#[derive(Debug, Args)]
pub struct CandidatesArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format: Norvig's display, or JSON with each square's candidates.
    #[arg(long, short, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceEngine {
    /// Norvig's propagation: every elimination, with the rule that caused it.
    Norvig,
    /// The agent: every change to a box (its assignment history).
    Agent,
}

#[derive(Debug, Args)]
pub struct TraceArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Which engine to trace.
    #[arg(long, short, value_enum, default_value_t = TraceEngine::Norvig)]
    pub engine: TraceEngine,
    /// Output format: a line per step, or a JSON record per step and one
    /// per puzzle.
    #[arg(long, short, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,
    /// Give up after this many guesses.
    #[arg(long, value_name = "N", default_value_t = 100_000, alias = "max-nodes")]
    pub max_guesses: u64,
}

/// The order the logic engine takes its steps in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StepOrder {
    /// Sudoku Explainer's own: its rules in a fixed order, the first step
    /// found (this path defines the rating).
    Se,
    /// The easiest step anywhere (ties: SE's rule order, then the first
    /// found; nested dynamic chains searched one depth at a time, as SE does)
    Easiest,
}

impl From<StepOrder> for sudokit::logic::Order {
    fn from(order: StepOrder) -> Self {
        match order {
            StepOrder::Se => sudokit::logic::Order::Se,
            StepOrder::Easiest => sudokit::logic::Order::Easiest,
        }
    }
}

/// HoDoKu's step types switched on or off for its path (`--rules
/// hodoku`), by short name.
#[derive(Debug, Clone, Default, Args)]
pub struct Switches {
    /// With --rules hodoku: use this step type, by HoDoKu's short name
    /// (e.g. `mf2` for Mutant Swordfish), though HoDoKu's default
    /// configuration leaves it out; repeatable. The steps subcommand
    /// lists the short names.
    #[arg(long = "on", value_name = "SHORT")]
    pub on: Vec<String>,
    /// With --rules hodoku: leave out this step type (e.g. `2sk`);
    /// repeatable, and applied after --on.
    #[arg(long = "off", value_name = "SHORT")]
    pub off: Vec<String>,
}

impl Switches {
    /// HoDoKu's configuration with the switches applied; a switch without
    /// --rules hodoku, or an unknown short name, is refused.
    pub fn config(
        &self,
        rules: sudokit::logic::Rules,
    ) -> anyhow::Result<sudokit::logic::hodoku::Config> {
        let mut config = sudokit::logic::hodoku::Config::default();
        let switches = self.on.iter().map(|s| (s, true, "--on"));
        let switches = switches.chain(self.off.iter().map(|s| (s, false, "--off")));
        for (short, on, flag) in switches {
            if rules != sudokit::logic::Rules::Hodoku {
                anyhow::bail!("{flag} switches HoDoKu's step types: add --rules hodoku");
            }
            config.set(short, on).map_err(|e| {
                anyhow::anyhow!(
                    "{flag} {short}: {e} (`sudokit steps --rules hodoku --list` lists the short names)"
                )
            })?;
        }
        Ok(config)
    }
}

/// A rule set for the logical commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RuleSet {
    /// Sudoku Explainer's: its techniques and order, rated ER/EP/ED.
    Se,
    /// HoDoKu's: its techniques and order, scored and levelled as HoDoKu
    /// does (Easy, Medium, Hard, Unfair, Extreme).
    Hodoku,
}

impl From<RuleSet> for sudokit::logic::Rules {
    fn from(rules: RuleSet) -> Self {
        match rules {
            RuleSet::Se => sudokit::logic::Rules::Se,
            RuleSet::Hodoku => sudokit::logic::Rules::Hodoku,
        }
    }
}

/// `explain`'s output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    /// Text for people.
    Text,
    /// JSON records, one per line (see the README's JSON section).
    Json,
    /// HoDoKu's own text, with `--rules hodoku`: a line `<puzzle> #<n>
    /// <Level> (<score>)`, then each step as HoDoKu prints it.
    Hodoku,
}

#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The rules: Sudoku Explainer's (ER/EP/ED), or HoDoKu's (its level
    /// and score, e.g. `Unfair 1706`; 9x9 puzzles only: where its path
    /// needs a step type sudokit has no finder for, the rating says
    /// ` incomplete`).
    #[arg(long, value_enum, default_value_t = RuleSet::Se)]
    pub rules: RuleSet,
    /// Output format: `ER/EP/ED` per puzzle (e.g. `2.3/1.5/1.5`, followed by
    /// ` incomplete` when no rule can finish the puzzle: ER is then 20.0
    /// and EP and ED cover the path as far as it goes), or a JSON record per
    /// puzzle with er, ep, ed, technique, steps, techniques and complete
    /// (with HoDoKu's rules: rules, level, score, technique, name, steps,
    /// techniques and complete).
    #[arg(long, short, value_enum, default_value_t = LineFormat::Text)]
    pub format: LineFormat,
    /// Keep only puzzles rated at least this ER (e.g. 6.2). With a range,
    /// a text line is the puzzle then its rating, so the output lists the
    /// puzzles kept; puzzles not rated are left out (their messages stay).
    #[arg(long, value_name = "ER", value_parser = parse_rating)]
    pub min_er: Option<u16>,
    /// Keep only puzzles rated at most this ER (see --min-er); below
    /// --min-er is refused (exit 2).
    #[arg(long, value_name = "ER", value_parser = parse_rating)]
    pub max_er: Option<u16>,
    /// With --rules hodoku: keep only puzzles of at least this HoDoKu score
    /// (as --min-er keeps SE's ratings).
    #[arg(long, value_name = "SCORE")]
    pub min_score: Option<u32>,
    /// With --rules hodoku: keep only puzzles of at most this HoDoKu score;
    /// below --min-score is refused (exit 2).
    #[arg(long, value_name = "SCORE")]
    pub max_score: Option<u32>,
    /// With --rules hodoku: keep only puzzles of this HoDoKu level (as
    /// --min-er does, the text lines are then the puzzles kept).
    #[arg(long, value_enum)]
    pub level: Option<HodokuLevel>,
    #[command(flatten)]
    pub switches: Switches,
    /// Threads to use; 0 (the default) means one per core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// HoDoKu's levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HodokuLevel {
    /// Up to 800 points.
    Easy,
    /// Up to 1000 points.
    Medium,
    /// Up to 1600 points.
    Hard,
    /// Up to 1800 points.
    Unfair,
    /// Above that, or an Extreme technique.
    Extreme,
}

impl From<HodokuLevel> for sudokit::logic::hodoku::Level {
    fn from(level: HodokuLevel) -> Self {
        use sudokit::logic::hodoku::Level;
        match level {
            HodokuLevel::Easy => Level::Easy,
            HodokuLevel::Medium => Level::Medium,
            HodokuLevel::Hard => Level::Hard,
            HodokuLevel::Unfair => Level::Unfair,
            HodokuLevel::Extreme => Level::Extreme,
        }
    }
}

/// A rating such as `6.2`, in tenths.
fn parse_rating(text: &str) -> Result<u16, String> {
    match text.parse::<f64>() {
        Ok(er) if (0.0..=100.0).contains(&er) => Ok((er * 10.0).round() as u16),
        _ => Err(format!("'{text}' is not a rating from 0.0 to 100.0")),
    }
}

/// How much a hint gives away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HintLevel {
    /// Where to look: a unit or box.
    Area,
    /// Where, and which technique.
    Technique,
    /// Where, which technique, and the squares and digits it is made of.
    Cells,
    /// The whole step.
    Move,
}

impl From<HintLevel> for sudokit::logic::Level {
    fn from(level: HintLevel) -> Self {
        match level {
            HintLevel::Area => sudokit::logic::Level::Area,
            HintLevel::Technique => sudokit::logic::Level::Technique,
            HintLevel::Cells => sudokit::logic::Level::Cells,
            HintLevel::Move => sudokit::logic::Level::Move,
        }
    }
}

#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzles (their givens): a puzzle itself, or files of puzzles
    /// (plain or gzip); `-` or nothing reads standard input. Each puzzle
    /// gets its hint, in input order. A line of HoDoKu's library format
    /// is its givens and, without --state, its own state (placed digits
    /// and candidates).
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,
    /// The player's state, or a file holding it: the digits placed so far
    /// (81 squares, in any form a puzzle may take), 729 characters of pencil
    /// marks, or a candidate grid as `sudokit candidates` prints it. Without
    /// it, the puzzle's start, with every candidate its givens allow. Given
    /// with several puzzles, it is the state of each.
    #[arg(long, value_name = "STATE")]
    pub state: Option<String>,
    /// How much to give away.
    #[arg(long, short, value_enum, default_value_t = HintLevel::Move)]
    pub level: HintLevel,
    /// Which step: the easiest anywhere, or Sudoku Explainer's next. For
    /// SE's rules only.
    #[arg(long, short, value_enum, default_value_t = StepOrder::Easiest)]
    pub order: StepOrder,
    /// The rules: Sudoku Explainer's, or HoDoKu's (the step HoDoKu's path
    /// takes next, named as HoDoKu names it and weighed by its base score;
    /// 9x9 puzzles only: where its path needs a step type sudokit has
    /// no finder for, the hint is `stuck`).
    #[arg(long, value_enum, default_value_t = RuleSet::Se)]
    pub rules: RuleSet,
    #[command(flatten)]
    pub switches: Switches,
    /// Output format: one sentence, or one JSON record per puzzle: the
    /// fields every subcommand's record has (solution left null), then the
    /// hint's level and fields (at level move, the step's).
    #[arg(long, short, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,
    /// Diagonal sudoku: both main diagonals are units too.
    #[arg(long)]
    pub diagonal: bool,
    /// Grid side (4, 6, 9, 16 or 25) when the text alone cannot tell.
    #[arg(long, value_parser = parse_size)]
    pub size: Option<Size>,
    /// Threads to use; 0 (the default) means one per core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

#[derive(Debug, Args)]
pub struct StepsArgs {
    /// The positions: a puzzle itself, or files of them (plain or gzip);
    /// `-` or nothing reads standard input.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,
    /// The rules whose techniques search: Sudoku Explainer's (named by id,
    /// e.g. naked_pair; --technique needed) or HoDoKu's (named by short
    /// name, library code or name, e.g. 2sk, 0401 or "2-String Kite").
    #[arg(long, value_enum, default_value_t = RuleSet::Se)]
    pub rules: RuleSet,
    /// A technique to search for; repeatable.
    #[arg(long, short, value_name = "NAME")]
    pub technique: Vec<String>,
    /// List the rules' techniques (with HoDoKu's rules: short name, library
    /// code, level, base score, on or off by default, name) and exit.
    #[arg(long)]
    pub list: bool,
    /// Output format: per position a `puzzle` line, one line per step and
    /// the count; or one JSON record per position with its `steps`.
    #[arg(long, short, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,
    /// Diagonal sudoku: both main diagonals are units too.
    #[arg(long)]
    pub diagonal: bool,
    /// Grid side (4, 6, 9, 16 or 25) when the text alone cannot tell.
    #[arg(long, value_parser = parse_size)]
    pub size: Option<Size>,
    /// Threads to use; 0 (the default) means one per core (a larger
    /// number is lowered to it, with a note). The answers come in input
    /// order whatever the number.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The order of the steps (the rating printed after them is always
    /// Sudoku Explainer's, from its own order). For SE's rules only.
    #[arg(long, short, value_enum, default_value_t = StepOrder::Se)]
    pub order: StepOrder,
    /// The rules: Sudoku Explainer's, or HoDoKu's (its techniques in its
    /// order, its score and level; 9x9 puzzles only: where the path
    /// needs a step type sudokit has no finder for, it stops and says it
    /// is incomplete).
    #[arg(long, value_enum, default_value_t = RuleSet::Se)]
    pub rules: RuleSet,
    #[command(flatten)]
    pub switches: Switches,
    /// Output format: per puzzle, a `puzzle` line, one line per step and an
    /// `ER/EP/ED` line (with HoDoKu's rules, the level and score); or a JSON
    /// object per step (the step with the puzzle's file and index and its
    /// number) and then the puzzle's record with its rating; or, with
    /// HoDoKu's rules, HoDoKu's own text.
    #[arg(long, short, value_enum, default_value_t = ExplainFormat::Text)]
    pub format: ExplainFormat,
    /// Threads to use; 0 (the default) means one per core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchMode {
    /// Stop at the first solution.
    First,
    /// Count solutions up to 2: a uniqueness check.
    Count,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchClock {
    /// The wall clock.
    Wall,
    /// The CPU time of the solving thread.
    Cpu,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files (plain or gzip), `-` for standard input, or a puzzle
    /// itself. With none, Norvig's easy50, top95 and hardest, built in.
    #[arg(value_name = "FILE")]
    pub inputs: Vec<String>,
    /// Engines to compare, comma-separated (default: fast, norvig and agent,
    /// each where it can solve the puzzles; backtrack takes minutes on hard
    /// puzzles, so it runs only when named).
    #[arg(long, short, value_delimiter = ',')]
    pub engine: Vec<EngineKind>,
    /// first: solve to the first solution; count: count up to 2.
    #[arg(long, short, value_enum, default_value_t = BenchMode::First)]
    pub mode: BenchMode,
    /// Seconds per timed run, 0 to 3600 (each file and engine gets
    /// --repeats runs, and the median counts; a run solves the whole file
    /// at least once).
    #[arg(long, default_value_t = 0.2, value_parser = parse_seconds)]
    pub seconds: f64,
    /// How many timed runs to take the median of (default 3; with --rate,
    /// 1: the hardest collections take minutes a pass).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub repeats: Option<u64>,
    /// What the timed runs are timed by: wall, the wall clock; cpu, the
    /// CPU time of the thread that solves (Unix only), which on a busy
    /// machine leaves out the time spent waiting for a core.
    #[arg(long, value_enum, default_value_t = BenchClock::Wall)]
    pub clock: BenchClock,
    /// Threads solving at once, each going round the collection from its
    /// own place until all stop together, timed by the wall clock: puzzles/s then counts every thread's
    /// puzzles, which shows how an engine scales over cores (0: one per
    /// core). Default 1.
    #[arg(
        long,
        short,
        value_name = "N",
        default_value_t = 1,
        conflicts_with = "rate"
    )]
    pub jobs: usize,
    /// Time Sudoku Explainer's rating (`sudokit rate`, one thread, solution
    /// count included) instead of the solving engines: puzzles/s, the
    /// median and slowest puzzle, and the highest ER. `--seconds`,
    /// `--clock` and `--engine` do not apply.
    #[arg(long, conflicts_with_all = ["engine", "mode", "max_guesses"])]
    pub rate: bool,
    /// With --rate: the rules whose rating is timed, Sudoku Explainer's or
    /// HoDoKu's (`sudokit rate --rules hodoku`: the level and score, with
    /// the highest and the slowest puzzle's score).
    #[arg(long, value_enum, default_value_t = RuleSet::Se, requires = "rate")]
    pub rules: RuleSet,
    /// Give up each search after this many guesses.
    #[arg(long, value_name = "N", alias = "max-nodes")]
    pub max_guesses: Option<u64>,
    /// Solve as diagonal sudoku.
    #[arg(long)]
    pub diagonal: bool,
    /// Grid side (4, 6, 9, 16 or 25) when the text alone cannot tell.
    #[arg(long, value_parser = parse_size)]
    pub size: Option<Size>,
    /// Output format: a table and Norvig's solve_all lines, or one JSON
    /// record per file and engine.
    #[arg(long, short, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,
}

/// The longest timed run `bench` accepts: an hour.
pub const MAX_SECONDS: f64 = 3600.0;

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=MAX_SECONDS).contains(&s) => Ok(s),
        Ok(_) => Err(format!(
            "'{text}' is not a number of seconds from 0 to {MAX_SECONDS}"
        )),
        Err(_) => Err(format!("'{text}' is not a number")),
    }
}

#[derive(Debug, Args)]
pub struct RandomArgs {
    /// How many puzzles to make.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed of the random generator (printed on stderr when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Squares to fill at least (Norvig's N; default 17 for 9x9, and as
    /// large a share of the grid for other sizes: 4, 8, 54, 132).
    #[arg(long, value_name = "N")]
    pub min_givens: Option<usize>,
    /// Grid side: 4, 6, 9, 16 or 25.
    #[arg(long, value_parser = parse_size, default_value = "9")]
    pub size: Size,
    /// Make diagonal sudoku: both main diagonals are units too.
    #[arg(long)]
    pub diagonal: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = LineFormat::Text)]
    pub format: LineFormat,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed of the random generator (printed on stderr when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The symmetry of the givens: none, rot180 (a half turn), rot90 (a
    /// quarter turn), mirror (left and right), diagonal (the main
    /// diagonal), antidiagonal, all (all of these at once), or random (one
    /// of them for each puzzle).
    #[arg(long, value_name = "SYMMETRY", value_parser = parse_symmetry, default_value = "rot180")]
    pub symmetry: SymmetryChoice,
    /// Every puzzle minimal: no given (no orbit of givens, under the
    /// symmetry) can go without a second solution. Without --givens this is
    /// always so; with it, digging otherwise stops as soon as the puzzle
    /// has at most MAX givens.
    #[arg(long)]
    pub minimal: bool,
    /// Givens per puzzle: MIN..MAX, MIN.., ..MAX or N.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_count_range, alias = "clues")]
    pub givens: Option<(u32, Option<u32>)>,
    /// Sudoku Explainer's ER: MIN..MAX, MIN.., ..MAX or one value (e.g.
    /// 6.2..7). Every puzzle is rated; one no rule finishes (ER 20.0,
    /// incomplete) is never accepted. A range no puzzle of the grid can
    /// reach (e.g. 3..4 on 4x4, 8.. with --diagonal) is refused (exit 2).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_er_range)]
    pub er: Option<(u16, Option<u16>)>,
    /// A level, one of Sudoku Explainer's ER bands: easy (1.0-1.2), medium
    /// (1.3-1.5), hard (1.6-2.5), fiendish (2.6-6.0) or diabolical (6.1 and
    /// up). With --er, both must hold. A level the grid's rules cannot
    /// reach (e.g. hard on 4x4) is refused (exit 2). With --rules hodoku,
    /// one of HoDoKu's levels: easy, medium, hard, unfair or extreme.
    #[arg(long, value_name = "LEVEL")]
    pub level: Option<String>,
    /// The rules that rate the puzzles kept: Sudoku Explainer's (--er,
    /// --level, --technique) or HoDoKu's (--level with HoDoKu's levels,
    /// --score; 9x9 without diagonals only). As HoDoKu's generator does,
    /// a puzzle above Easy whose score is below the highest score of the
    /// level under it is not kept, nor one whose path sudokit cannot
    /// finish yet.
    #[arg(long, value_enum, default_value_t = RuleSet::Se)]
    pub rules: RuleSet,
    /// With --rules hodoku: keep puzzles whose HoDoKu score is in this
    /// range (e.g. 1000..1600, 1200.., ..800).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_score_range)]
    pub score: Option<(u32, Option<u32>)>,
    /// The technique of the hardest step (its id, as `rate --format json`
    /// writes it, e.g. x_wing, xy_wing, naked_pair). Refused (exit 2) when
    /// it never runs on the grid or is rated outside --er or --level.
    /// With --rules hodoku: a HoDoKu step type (short name, library code
    /// or name: 2sk, 0401, "2-String Kite") that the path must take, as
    /// HoDoKu's practising mode makes puzzles (switched on if it is off by
    /// default; any level unless --level says); refused (exit 2) when
    /// sudokit has no finder for it, when the path tries a step type
    /// without a finder before it, or when --level or --score rule it out.
    #[arg(long, value_name = "NAME")]
    pub technique: Option<String>,
    /// Grid side: 4, 6, 9 or 16 (25 works, slowly).
    #[arg(long, value_parser = parse_size, default_value = "9")]
    pub size: Size,
    /// Make diagonal sudoku: both main diagonals are units too.
    #[arg(long)]
    pub diagonal: bool,
    /// Output format: one line per puzzle, a pretty board, or a JSON record
    /// per puzzle (puzzle, solution, givens, symmetry, er/ep/ed, technique
    /// and complete when rated, seed and the try that made it).
    #[arg(long, short, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    /// Stop after this many tries.
    #[arg(long, value_name = "N")]
    pub max_tries: Option<u64>,
    /// Stop after this many seconds (a try in progress stops too).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
    /// Threads to use; 0 (the default) means one per core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// `MIN..MAX`, `MIN..`, `..MAX` or a single value, each end read by `one`.
fn parse_range<T: Copy + PartialOrd>(
    text: &str,
    one: impl Fn(&str) -> Option<T>,
    what: &str,
) -> Result<(Option<T>, Option<T>), String> {
    let bad = || format!("'{text}' is not {what}: write MIN..MAX, MIN.., ..MAX or one value");
    let (low, high) = match text.split_once("..") {
        Some((low, high)) => (low.trim(), high.trim()),
        None => (text.trim(), text.trim()),
    };
    let end = |s: &str| -> Result<Option<T>, String> {
        if s.is_empty() {
            Ok(None)
        } else {
            one(s).map(Some).ok_or_else(bad)
        }
    };
    let (low, high) = (end(low)?, end(high)?);
    if let (Some(l), Some(h)) = (low, high) {
        if l > h {
            return Err(format!("'{text}': the lower end is above the upper end"));
        }
    }
    if low.is_none() && high.is_none() {
        return Err(bad());
    }
    Ok((low, high))
}

fn parse_count_range(text: &str) -> Result<(u32, Option<u32>), String> {
    let (low, high) = parse_range(text, |s| s.parse::<u32>().ok(), "a range of givens")?;
    Ok((low.unwrap_or(0), high))
}

fn parse_er_range(text: &str) -> Result<(u16, Option<u16>), String> {
    let (low, high) = parse_range(text, |s| parse_rating(s).ok(), "a range of ratings")?;
    Ok((low.unwrap_or(0), high))
}

fn parse_symmetry(text: &str) -> Result<SymmetryChoice, String> {
    match text {
        "random" => Ok(SymmetryChoice::Random),
        _ => text
            .parse()
            .map(SymmetryChoice::Fixed)
            .map_err(|e: sudokit::generate::UnknownSymmetry| format!("{e}, or random")),
    }
}

fn parse_score_range(text: &str) -> Result<(u32, Option<u32>), String> {
    let (low, high) = parse_range(text, |s| s.parse::<u32>().ok(), "a range of scores")?;
    Ok((low.unwrap_or(0), high))
}

/// An SE level for `generate --level`.
pub fn parse_level(text: &str) -> Result<Grade, String> {
    text.parse()
        .map_err(|e: sudokit::generate::UnknownGrade| e.to_string())
}

pub fn parse_technique(text: &str) -> Result<sudokit::logic::Technique, String> {
    sudokit::logic::Technique::from_id(text).ok_or_else(|| {
        let ids: Vec<&str> = sudokit::logic::Technique::ALL
            .iter()
            .map(|t| t.id())
            .collect();
        format!("unknown technique '{text}' (one of: {})", ids.join(", "))
    })
}

#[derive(Debug, Args)]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print only the first puzzle of each class of equivalent puzzles, as
    /// it was given (in one-line form), and say on stderr how many were
    /// left out; JSON leaves out the duplicates' records. The inputs are
    /// deduplicated together: a puzzle is printed only when no puzzle
    /// before it, in any input, is the same puzzle.
    #[arg(long)]
    pub dedupe: bool,
    /// With --dedupe: a collection whose puzzles are known already. Its
    /// puzzles are read first and never printed, so only the puzzles of
    /// the inputs that it does not hold are printed, each once
    /// (`canon --dedupe --known old.txt new.txt`). May be given more than
    /// once.
    #[arg(long, value_name = "FILE", requires = "dedupe")]
    pub known: Vec<String>,
    /// Output format: one canonical form per puzzle, or a JSON record per
    /// puzzle with its `canonical` form and `duplicate_of` (where the
    /// first puzzle of its class is, or null).
    #[arg(long, short, value_enum, default_value_t = LineFormat::Text)]
    pub format: LineFormat,
}

#[derive(Debug, Args)]
pub struct TransformArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// A random transform for each puzzle (the only kind for now, so it
    /// must be given).
    #[arg(long, required = true)]
    pub random: bool,
    /// Seed of the random generator (printed on stderr when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output format: one line per puzzle, or a JSON record per puzzle
    /// with its `form` and the `seed`.
    #[arg(long, short, value_enum, default_value_t = LineFormat::Text)]
    pub format: LineFormat,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: `--seconds nan` (or inf, 1e308) made bench run for
    /// ever, and `--seconds=-1` was accepted.
    #[test]
    fn seconds_must_be_a_finite_number_from_0_to_an_hour() {
        for bad in ["nan", "inf", "-inf", "1e308", "-1", "3600.5", "soon"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        for good in ["0", "0.01", "2", "3600"] {
            assert!(parse_seconds(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn ratings_are_read_in_tenths() {
        assert_eq!(parse_rating("6.2"), Ok(62));
        assert_eq!(parse_rating("7"), Ok(70));
        for bad in ["nan", "-1", "high", "1e9"] {
            assert!(parse_rating(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn ranges_read_both_ends_or_one() {
        assert_eq!(parse_count_range("20..30"), Ok((20, Some(30))));
        assert_eq!(parse_count_range("24"), Ok((24, Some(24))));
        assert_eq!(parse_count_range("..30"), Ok((0, Some(30))));
        assert_eq!(parse_count_range("25.."), Ok((25, None)));
        assert_eq!(parse_er_range("6.1..11"), Ok((61, Some(110))));
        assert_eq!(parse_er_range("1.0..1.2"), Ok((10, Some(12))));
        assert_eq!(parse_er_range("7.5.."), Ok((75, None)));
        for bad in ["30..20", "..", "a..b", "", "1...2"] {
            assert!(parse_count_range(bad).is_err(), "{bad}");
        }
        assert!(parse_er_range("3..2.5").is_err());
        assert!(parse_technique("x_wing").is_ok());
        assert!(parse_technique("magic").unwrap_err().contains("naked_pair"));
    }

    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    /// The names clap takes for `--order` and `--level`.
    fn clap_names<T: ValueEnum>() -> Vec<String> {
        T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value())
            .map(|v| v.get_name().to_string())
            .collect()
    }

    /// `--order` and `--level` take exactly the library's names, in its
    /// order, and each maps to the value its name reads as in the library
    /// (which Python and the web page read them with).
    #[test]
    fn orders_and_levels_are_named_as_the_library_names_them() {
        use sudokit::logic::{Level, Order};
        let orders: Vec<&str> = Order::ALL.iter().map(|o| o.name()).collect();
        assert_eq!(clap_names::<StepOrder>(), orders);
        for &order in StepOrder::value_variants() {
            let name = order.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(name.parse::<Order>(), Ok(Order::from(order)), "{name}");
        }
        let levels: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        assert_eq!(clap_names::<HintLevel>(), levels);
        for &level in HintLevel::value_variants() {
            let name = level.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(name.parse::<Level>(), Ok(Level::from(level)), "{name}");
        }
    }
}
