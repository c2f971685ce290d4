//! The command line: every subcommand and option, turned into typed values
//! here at the edge so the commands never look at strings.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use sudokit::{EngineKind, Size};

/// sudokit: solve, count, explain and benchmark Sudoku puzzles.
///
/// Puzzles are read in Peter Norvig's permissive format: digits are givens,
/// `0` and `.` are empty squares, everything else is ignored. A file holds one
/// puzzle per line, or multi-line grids separated by blank lines; `#` starts
/// a comment line. A JSON list of 9 lists of 9 integers (0 = empty) works too.
/// Sizes 4x4, 6x6, 9x9, 16x16 and 25x25 are recognised from the number of
/// squares; above 9, digits are written 1-9 then A, B, C, ...
///
/// Exit codes: 0 every puzzle solved; 1 some puzzle has no solution or ran out
/// of budget; 2 bad input or bad usage.
#[derive(Debug, Parser)]
#[command(name = "sudokit", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles: one answer per puzzle, in input order.
    Solve(SolveArgs),
    /// Count each puzzle's solutions, up to a limit (2 tells unique from several).
    Count(CountArgs),
    /// Show Norvig's display of every square's candidates after propagation.
    Candidates(ExplainArgs),
    /// Show a solve step by step: every assignment, elimination and guess.
    Trace(TraceArgs),
    /// Run engines over puzzle files and report speed (Norvig's solve_all).
    Bench(BenchArgs),
    /// Make Norvig's random puzzles (they may have several solutions, or none).
    Random(RandomArgs),
}

/// Where puzzles come from and how to read them.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Puzzle files; `-` or nothing reads standard input. An argument that is
    /// not a file but holds a whole puzzle is read as the puzzle itself.
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
    /// Engine: fast, norvig, backtrack or agent (default: the best for each puzzle).
    #[arg(long, short)]
    pub engine: Option<EngineKind>,
    /// Stop a search after this many guesses and report "limit".
    #[arg(long, value_name = "N", alias = "max-nodes")]
    pub max_guesses: Option<u64>,
    /// Threads to use (default: every core).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = Format::Line)]
    pub format: Format,
    /// Print each search's statistics (nodes, backtracks, calls, time) on stderr.
    #[arg(long)]
    pub stats: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per puzzle.
    Line,
    /// A pretty board per puzzle.
    Grid,
    /// One JSON object per puzzle per line.
    Json,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
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
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
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
    /// Output format: text, or one JSON object per step.
    #[arg(long, short, value_enum, default_value_t = TraceFormat::Text)]
    pub format: TraceFormat,
    /// Stop after this many guesses.
    #[arg(long, value_name = "N", default_value_t = 100_000, alias = "max-nodes")]
    pub max_guesses: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    /// One line per step.
    Text,
    /// One JSON object per step per line.
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchMode {
    /// Stop at the first solution.
    First,
    /// Count solutions up to 2: a uniqueness check.
    Count,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    /// A table, and Norvig's solve_all line per file and engine.
    Text,
    /// One JSON object per file and engine per line.
    Json,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files (default: Norvig's easy50, top95 and hardest, built in).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Engines to compare, comma-separated (default: the best available).
    #[arg(long, short, value_delimiter = ',')]
    pub engine: Vec<EngineKind>,
    /// first: solve to the first solution; count: count up to 2.
    #[arg(long, short, value_enum, default_value_t = BenchMode::First)]
    pub mode: BenchMode,
    /// Seconds per timed measurement (each is repeated and the median kept).
    #[arg(long, default_value_t = 0.5)]
    pub seconds: f64,
    /// How many timed measurements to take the median of.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..))]
    pub repeats: u64,
    /// Stop each search after this many guesses.
    #[arg(long, value_name = "N", alias = "max-nodes")]
    pub max_guesses: Option<u64>,
    /// Solve as diagonal sudoku.
    #[arg(long)]
    pub diagonal: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = BenchFormat::Text)]
    pub format: BenchFormat,
}

#[derive(Debug, Args)]
pub struct RandomArgs {
    /// How many puzzles to make.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: usize,
    /// Seed of the random generator (printed on stderr when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Squares to fill at least (Norvig's N).
    #[arg(long, default_value_t = 17)]
    pub min_givens: usize,
    /// Grid side: 4, 6, 9, 16 or 25.
    #[arg(long, value_parser = parse_size, default_value = "9")]
    pub size: Size,
}
