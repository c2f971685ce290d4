//! Turning the command's inputs (files, `-` for stdin, or a puzzle written
//! on the command line) into puzzle streams.

use crate::args::InputArgs;
use anyhow::{Context, Result};
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;
use sudokit::parse::{ParseOptions, PuzzleReader};
use sudokit::Variant;

/// One input: what to call it in messages, and its puzzles.
pub struct Source {
    /// A file name, `<stdin>` or `<argument>`.
    pub name: String,
    /// The puzzles, streamed.
    pub reader: PuzzleReader<Box<dyn BufRead + Send>>,
}

impl InputArgs {
    /// How the texts of these inputs are to be read.
    pub fn options(&self) -> ParseOptions {
        ParseOptions {
            size: self.size,
            variant: if self.diagonal {
                Variant::Diagonal
            } else {
                Variant::Standard
            },
        }
    }

    /// The names of the inputs, with stdin standing in for none.
    fn names(&self) -> Vec<String> {
        if self.inputs.is_empty() {
            vec!["-".to_string()]
        } else {
            self.inputs.clone()
        }
    }
}

/// True when `arg` is meant as a puzzle rather than a file name: it names no
/// existing file, has no path separator, and holds at least a 4x4 grid's worth
/// of squares.
fn is_literal_puzzle(arg: &str) -> bool {
    let squares = arg
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '.')
        .count();
    !Path::new(arg).exists() && !arg.contains('/') && squares >= 16
}

/// Opens one input.
pub fn open(arg: &str, options: ParseOptions) -> Result<Source> {
    let (name, reader): (String, Box<dyn BufRead + Send>) = if arg == "-" {
        ("<stdin>".into(), Box::new(BufReader::new(io::stdin())))
    } else if is_literal_puzzle(arg) {
        (
            "<argument>".into(),
            Box::new(io::Cursor::new(arg.to_string().into_bytes())),
        )
    } else {
        let file = File::open(arg).with_context(|| format!("cannot read '{arg}'"))?;
        (
            arg.to_string(),
            Box::new(BufReader::with_capacity(1 << 16, file)),
        )
    };
    Ok(Source {
        name,
        reader: PuzzleReader::new(reader, options),
    })
}

/// Opens every input in turn; an input that cannot be opened is reported
/// through `on_error` and skipped, so the others are still read.
pub fn open_all(args: &InputArgs, mut on_error: impl FnMut(anyhow::Error)) -> Vec<Source> {
    let options = args.options();
    args.names()
        .iter()
        .filter_map(|name| open(name, options).map_err(&mut on_error).ok())
        .collect()
}

/// Where a puzzle came from, for messages: `file.txt puzzle 3 (line 7)`.
pub fn place(source: &str, index: usize, line: usize) -> String {
    format!("{source} puzzle {index} (line {line})")
}

/// Runs `each` on every puzzle of the inputs, in order, with where it came
/// from (`file puzzle 3 (line 7)`). Inputs that cannot be opened and puzzles
/// that do not parse are reported on stderr and skipped. Returns the worst
/// status of all.
pub fn for_each_puzzle(
    args: &InputArgs,
    mut each: impl FnMut(&str, sudokit::Grid) -> Result<crate::Status>,
) -> Result<crate::Status> {
    use crate::Status;
    let mut status = Status::Ok;
    let sources = open_all(args, |e| {
        eprintln!("sudokit: error: {e:#}");
        status = Status::Invalid;
    });
    for source in sources {
        for entry in source.reader {
            let place = place(&source.name, entry.index, entry.line);
            match entry.result {
                Ok(grid) => status = status.max(each(&place, grid)?),
                Err(e) => {
                    eprintln!("sudokit: {place}: invalid: {e}");
                    status = Status::Invalid;
                }
            }
        }
    }
    Ok(status)
}
