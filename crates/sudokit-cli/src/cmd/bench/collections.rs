//! The collections `sudokit bench` measures: the inputs it was given, one
//! collection each, or Norvig's three built into the binary; and the file
//! column both tables share.

use crate::input::{self, Found, Inputs};
use crate::record::Verdict;
use crate::Status;
use sudokit::parse::ParseOptions;
use sudokit::Grid;

/// Norvig's collections, built in.
const BUILT_IN: [(&str, &str); 3] = [
    ("easy50", include_str!("../../../data/norvig_easy50.txt")),
    ("top95", include_str!("../../../data/norvig_top95.txt")),
    ("hardest", include_str!("../../../data/norvig_hardest.txt")),
];

/// One collection of valid puzzles.
pub struct Collection {
    pub(crate) name: String,
    pub(crate) puzzles: Vec<Grid>,
}

/// Norvig's three collections.
pub fn built_in(options: ParseOptions) -> Vec<Collection> {
    BUILT_IN
        .iter()
        .map(|(name, text)| Collection {
            name: name.to_string(),
            puzzles: sudokit::parse::read_puzzles(text, options)
                .into_iter()
                .filter_map(|e| e.result.ok())
                .collect(),
        })
        .collect()
}

/// Every input, one collection each. Bad puzzles are reported and left out;
/// an input that cannot be read or holds no valid puzzle is reported too.
pub fn read(
    names: &[String],
    options: ParseOptions,
    quiet: bool,
    status: &mut Status,
) -> anyhow::Result<Vec<Collection>> {
    let mut collections = Vec::new();
    let mut report = |verdict: Verdict, place: String| -> anyhow::Result<()> {
        *status = (*status).max(verdict.status);
        crate::out::answered(verdict.status);
        if let Some(message) = verdict.message(|| place).filter(|_| !quiet) {
            crate::out::note(&format!("{message} (left out)"))?;
        }
        Ok(())
    };
    let mut lost = None;
    for name in names {
        let mut collection = Collection {
            name: String::new(),
            puzzles: Vec::new(),
        };
        Inputs::new(std::slice::from_ref(name), options).for_each(|source, found| {
            let reported = match found {
                Found::Problem(message) => report(Verdict::invalid(message), source.to_string()),
                Found::Puzzle(raw) => {
                    collection.name = source.to_string();
                    let entry = raw.parse();
                    match entry.result {
                        Ok(_) if entry.marks.is_some() => report(
                            Verdict::invalid("pencil marks: the engines are timed on puzzles"),
                            input::place(source, entry.index, entry.line),
                        ),
                        Ok(grid) => {
                            collection.puzzles.push(grid);
                            Ok(())
                        }
                        Err(e) => report(
                            Verdict::invalid(e),
                            input::place(source, entry.index, entry.line),
                        ),
                    }
                }
            };
            match reported {
                Ok(()) => true,
                Err(e) => {
                    lost = Some(e);
                    false
                }
            }
        });
        if let Some(e) = lost.take() {
            return Err(e);
        }
        if !collection.puzzles.is_empty() {
            collections.push(collection);
        } else if !collection.name.is_empty() {
            report(
                Verdict::invalid("no valid puzzle to measure"),
                collection.name,
            )?;
        }
    }
    Ok(collections)
}

/// The width of the file column: the longest name, so the columns stay
/// aligned.
pub fn file_width(collections: &[Collection]) -> usize {
    collections
        .iter()
        .map(|c| short(&c.name).chars().count())
        .max()
        .unwrap_or(0)
        .max("file".len())
}

/// The file name without its folders, so the table stays narrow.
pub fn short(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}
