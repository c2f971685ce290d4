//! One file per subcommand, plus the two drivers they share: `batch` (solve,
//! count, rate, explain and hint, on every core) and `one_by_one`
//! (candidates and trace).

mod batch;
mod bench;
mod candidates;
mod canon;
mod completions;
mod count;
mod explain;
mod generate;
mod hint;
mod one_by_one;
mod random;
mod rate;
mod rate_hodoku;
mod solve;
mod steps;
mod trace;
mod transform;

use crate::args::Command;
use crate::Status;
use anyhow::Result;

/// The seed of a random run: the one given, or a new one, printed on
/// stderr (unless quiet) so the run can be repeated.
pub fn seed(given: Option<u64>, quiet: bool) -> Result<u64> {
    if let Some(seed) = given {
        return Ok(seed);
    }
    let seed = rand::random();
    if !quiet {
        crate::out::note(&format!(
            "sudokit: seed {seed} (pass --seed {seed} to repeat)"
        ))?;
    }
    Ok(seed)
}

/// The shape a random command makes: `--size`, and `--diagonal` or not.
pub fn shape(size: sudokit::Size, diagonal: bool) -> &'static sudokit::Shape {
    let variant = if diagonal {
        sudokit::Variant::Diagonal
    } else {
        sudokit::Variant::Standard
    };
    sudokit::Shape::of(size, variant)
}

/// The JSON word for a variant.
pub fn variant_word(variant: sudokit::Variant) -> &'static str {
    match variant {
        sudokit::Variant::Standard => "standard",
        sudokit::Variant::Diagonal => "diagonal",
    }
}

/// Runs a subcommand and says how it went.
pub fn run(command: Command, quiet: bool) -> Result<Status> {
    match command {
        Command::Solve(args) => solve::run(&args, quiet),
        Command::Count(args) => count::run(&args, quiet),
        Command::Candidates(args) => candidates::run(&args, quiet),
        Command::Trace(args) => trace::run(&args, quiet),
        Command::Rate(args) => rate::run(&args, quiet),
        Command::Hint(args) => hint::run(&args, quiet),
        Command::Explain(args) => explain::run(&args, quiet),
        Command::Steps(args) => steps::run(&args),
        Command::Bench(args) => bench::run(&args, quiet),
        Command::Random(args) => random::run(&args, quiet),
        Command::Generate(args) => generate::run(&args, quiet),
        Command::Canon(args) => canon::run(&args, quiet),
        Command::Transform(args) => transform::run(&args, quiet),
        Command::Completions(args) => completions::completions(&args),
        Command::Man => completions::man(),
    }
}
