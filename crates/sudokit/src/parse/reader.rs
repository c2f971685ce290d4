//! Streaming the puzzles of a file, in order, one entry per puzzle, without
//! ever stopping at a bad one.
//!
//! The reader works on bytes, a line at a time, because real files are not
//! always clean text: a stray Latin-1 byte, a NUL, a binary file passed by
//! mistake. The permissive format ignores every character that is not a
//! square, so a line that is not valid UTF-8 but holds digits is read like
//! any other (the bad bytes are ignored); a line that is not text and holds
//! no digit becomes one entry with a [`ParseError::NotText`] error, and
//! reading goes on with the next line.
//!
//! Layouts, decided line by line:
//!
//! - a line that holds a whole puzzle is one puzzle (the usual case, and the
//!   fast path: an 81-byte line of digits and dots is passed on untouched);
//! - a line of nothing but `side` cubed pencil-mark characters (729 on 9x9)
//!   is one puzzle given as pencil marks (see [`super::parse_marks_line`]);
//! - a line that holds one row starts a multi-line grid, and lines are added
//!   until the grid is complete; a blank line or a line of `=` ends it early;
//! - a line starting with `[` starts a JSON board (or a list of boards) that
//!   runs until its brackets close, wherever it stands in the file;
//! - `#` starts a comment line; a line with no square at all (a heading) is
//!   skipped.
//!
//! No input can make the reader hold more than [`MAX_LINE`] bytes of one line
//! or one JSON block: a longer one is an error entry and is skipped.

use super::{
    board_from_value, check_givens, is_library_line, marks_line_size, parse_grid,
    parse_grid_unchecked, parse_library_line, parse_marks_line, parse_text, size_of_row,
    size_of_whole, symbol_counts, ParseError, ParseOptions,
};
use crate::grid::{Candidates, Grid};
use crate::shape::Size;
use std::collections::VecDeque;
use std::io::BufRead;

/// The longest line, or JSON block, the reader keeps: 64 MiB. That is room
/// for a JSON list of some 300,000 boards on one line, and a bound on memory
/// for input that never ends a line (`/dev/zero`, a binary file).
pub const MAX_LINE: usize = 64 << 20;

/// One puzzle of a file: where it was and what it read as.
#[derive(Clone, Debug)]
pub struct Entry {
    /// 1-based position among the file's puzzles.
    pub index: usize,
    /// 1-based line the puzzle starts on.
    pub line: usize,
    /// The text the puzzle was read from (lines joined by `\n`; bytes that
    /// are not UTF-8 shown as U+FFFD).
    pub text: String,
    /// The puzzle, or why it is not one. For pencil marks, the digits they
    /// settle (squares with one candidate).
    pub result: Result<Grid, ParseError>,
    /// The pencil marks, when the puzzle was given as a line of them: a
    /// solution must keep to them, not just to `result`'s digits. A reader
    /// of entries that cannot take pencil marks must refuse such an entry
    /// rather than read `result` alone.
    pub marks: Option<Box<Candidates>>,
    /// For a line of HoDoKu's library format: the givens (`result`) and
    /// the digits placed since, which `result` leaves out so that givens
    /// and placed digits stay apart; the candidates are in `marks`.
    pub placed: Option<Box<Grid>>,
}

/// One puzzle of a file, found but not parsed yet: the file is split into
/// puzzles in order (which must be done one line after another), and the
/// parsing can then happen anywhere, on any thread.
#[derive(Clone, Debug)]
pub struct RawEntry {
    /// 1-based position among the file's puzzles.
    pub index: usize,
    /// 1-based line the puzzle starts on.
    pub line: usize,
    /// The text of the puzzle (lines joined by `\n`).
    pub text: String,
    body: Body,
}

#[derive(Clone, Debug)]
enum Body {
    /// Text to be parsed with these options (a JSON board if it starts
    /// with `[`).
    Text(ParseOptions),
    /// Text in the permissive format only, even if it starts with `[`.
    Permissive(ParseOptions),
    /// A line of pencil marks, its size settled.
    Marks(ParseOptions),
    /// A line of HoDoKu's library format.
    Library(ParseOptions),
    /// Already settled while reading (JSON boards, and errors). The error
    /// is boxed: entries are moved a few times on their way through a
    /// batch, and most are not errors.
    Done(Result<Grid, Box<ParseError>>),
}

impl RawEntry {
    /// Parses the puzzle.
    pub fn parse(self) -> Entry {
        self.parse_with(true)
    }

    /// Parses the puzzle without checking that its givens are consistent
    /// (see [`parse_grid_unchecked`]).
    pub fn parse_unchecked(self) -> Entry {
        self.parse_with(false)
    }

    fn parse_with(self, checked: bool) -> Entry {
        let mut marks = None;
        let mut placed = None;
        let result = match self.body {
            Body::Text(options) if checked => parse_grid(&self.text, options),
            Body::Text(options) => parse_grid_unchecked(&self.text, options),
            Body::Permissive(options) => parse_text(&self.text, options).and_then(|grid| {
                if checked {
                    check_givens(&grid)?;
                }
                Ok(grid)
            }),
            Body::Marks(options) => parse_marks_line(&self.text, options).and_then(|read| {
                marks = Some(Box::new(read.candidates));
                if checked {
                    check_givens(&read.values)?;
                }
                Ok(read.values)
            }),
            Body::Library(options) => parse_library_line(&self.text, options).and_then(|read| {
                if checked {
                    check_givens(&read.values)?;
                }
                marks = Some(Box::new(read.candidates));
                placed = Some(Box::new(read.values));
                Ok(read.givens)
            }),
            Body::Done(result) => result.map_err(|e| *e),
        };
        Entry {
            index: self.index,
            line: self.line,
            text: self.text,
            result,
            marks,
            placed,
        }
    }
}

/// Streams the puzzles of a file, one [`Entry`] each, in order.
///
/// Bad puzzles become entries with an error; reading goes on after them. An
/// I/O error ends the stream after an entry that reports it.
/// [`PuzzleReader::next_raw`] hands out puzzles before parsing them.
pub struct PuzzleReader<R> {
    input: R,
    options: ParseOptions,
    line_no: usize,
    index: usize,
    pending: Option<Pending>,
    json: Option<JsonBlock>,
    ready: VecDeque<RawEntry>,
    done: bool,
    max_line: usize,
}

/// A multi-line grid being gathered.
struct Pending {
    line: usize,
    text: String,
    size: Size,
}

/// A JSON board being gathered until its brackets close.
struct JsonBlock {
    line: usize,
    text: String,
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl JsonBlock {
    fn new(line: usize) -> JsonBlock {
        JsonBlock {
            line,
            text: String::new(),
            depth: 0,
            in_string: false,
            escaped: false,
        }
    }

    /// Adds a line; `true` once the brackets opened so far are all closed.
    /// Brackets inside strings do not count.
    fn add(&mut self, line: &str) -> bool {
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        self.text.push_str(line);
        for c in line.chars() {
            if self.in_string {
                match (self.escaped, c) {
                    (true, _) => self.escaped = false,
                    (false, '\\') => self.escaped = true,
                    (false, '"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => self.in_string = true,
                '[' | '{' => self.depth += 1,
                ']' | '}' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
        self.depth == 0
    }
}

/// One line as read: its text, and where it stops being UTF-8, if anywhere.
struct Line {
    text: String,
    not_utf8: Option<(usize, u8)>,
}

impl Line {
    fn from_bytes(bytes: Vec<u8>) -> Line {
        match String::from_utf8(bytes) {
            Ok(text) => Line {
                text,
                not_utf8: None,
            },
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let not_utf8 = Some((at, bytes[at]));
                let text = String::from_utf8_lossy(&bytes).into_owned();
                Line { text, not_utf8 }
            }
        }
    }

    /// Where the line stops being text: its first byte that is not UTF-8,
    /// or its first NUL.
    fn not_text(&self) -> Option<(usize, u8)> {
        self.not_utf8.or_else(|| {
            let nul = self.text.bytes().position(|b| b == 0)?;
            Some((nul, 0))
        })
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader over `input`.
    pub fn new(input: R, options: ParseOptions) -> Self {
        PuzzleReader {
            input,
            options,
            line_no: 0,
            index: 0,
            pending: None,
            json: None,
            ready: VecDeque::new(),
            done: false,
            max_line: MAX_LINE,
        }
    }

    /// The same reader with another bound on a line's (or JSON block's)
    /// length than [`MAX_LINE`].
    pub fn with_max_line(mut self, bytes: usize) -> Self {
        self.max_line = bytes;
        self
    }

    /// The input being read, for a caller that wants to look at its buffer
    /// (to tell whether the next read may wait for more input).
    pub fn get_ref(&self) -> &R {
        &self.input
    }

    /// The input being read, mutably (see [`PuzzleReader::get_ref`]).
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.input
    }

    /// True when the next [`PuzzleReader::next_raw`] answers without reading
    /// (a JSON list of boards gives several puzzles from one read).
    pub fn has_ready(&self) -> bool {
        !self.ready.is_empty() || self.done
    }

    /// The next puzzle, found but not yet parsed.
    pub fn next_raw(&mut self) -> Option<RawEntry> {
        while self.ready.is_empty() && !self.done {
            self.read_line();
        }
        self.ready.pop_front()
    }

    /// Reads one line (or the end of the input) and acts on it.
    fn read_line(&mut self) {
        let mut bytes = Vec::new();
        let limit = self.max_line as u64 + 1;
        match std::io::Read::take(&mut self.input, limit).read_until(b'\n', &mut bytes) {
            Ok(0) => {
                self.done = true;
                self.flush_json();
                self.flush_incomplete();
            }
            Ok(n) if n > self.max_line => {
                self.line_no += 1;
                let line = self.line_no;
                self.flush_json();
                self.flush_incomplete();
                let skipped = self.skip_rest_of_line();
                let limit = self.max_line;
                self.emit_error(line, String::new(), ParseError::LineTooLong { limit });
                if let Err(e) = skipped {
                    self.fail(e);
                }
            }
            Ok(_) => self.take_line(Line::from_bytes(bytes)),
            Err(e) => self.fail(e),
        }
    }

    /// An I/O error ends this input, after an entry that reports it.
    fn fail(&mut self, error: std::io::Error) {
        self.done = true;
        self.flush_json();
        self.flush_incomplete();
        let line = self.line_no + 1;
        self.emit_error(line, String::new(), ParseError::Read(error.to_string()));
    }

    /// Drops the rest of an over-long line, without keeping it.
    fn skip_rest_of_line(&mut self) -> std::io::Result<()> {
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Ok(());
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(at) => {
                    self.input.consume(at + 1);
                    return Ok(());
                }
                None => {
                    let n = buf.len();
                    self.input.consume(n);
                }
            }
        }
    }

    fn emit(&mut self, line: usize, text: String, body: Body) {
        self.index += 1;
        self.ready.push_back(RawEntry {
            index: self.index,
            line,
            text,
            body,
        });
    }

    fn emit_error(&mut self, line: usize, text: String, error: ParseError) {
        self.emit(line, text, Body::Done(Err(Box::new(error))));
    }

    /// Options with the size settled.
    fn sized(&self, size: Size) -> ParseOptions {
        ParseOptions {
            size: Some(size),
            ..self.options
        }
    }

    /// A multi-line grid cut short is an entry with an error, at its first line.
    fn flush_incomplete(&mut self) {
        if let Some(p) = self.pending.take() {
            let (found, wide) = symbol_counts(&p.text);
            let found = if p.size.side() > 9 { wide } else { found };
            let expected = (p.size.side() * p.size.side()).to_string();
            self.emit_error(
                p.line,
                p.text,
                ParseError::WrongSquareCount { found, expected },
            );
        }
    }

    /// A JSON block whose brackets never closed is an entry with an error.
    fn flush_json(&mut self) {
        if let Some(block) = self.json.take() {
            let error =
                ParseError::Board(format!("the '[' on line {} is never closed", block.line));
            self.emit_error(block.line, block.text, error);
        }
    }

    fn whole_size(&self, text: &str) -> Option<Size> {
        match self.options.size {
            Some(size) => {
                let (narrow, wide) = symbol_counts(text);
                let count = if size.side() > 9 { wide } else { narrow };
                (count == size.side() * size.side()).then_some(size)
            }
            None => size_of_whole(text),
        }
    }

    fn row_size(&self, text: &str) -> Option<Size> {
        match self.options.size {
            Some(size) => {
                let (narrow, wide) = symbol_counts(text);
                let count = if size.side() > 9 { wide } else { narrow };
                (count <= size.side()).then_some(size)
            }
            None => size_of_row(text),
        }
    }

    fn take_line(&mut self, line: Line) {
        self.line_no += 1;
        let mut line = line;
        line.text.truncate(line.text.trim_end().len());
        if self.pending.is_none()
            && self.json.is_none()
            && self.options.size.is_none()
            && super::is_plain_nine(&line.text)
        {
            // One puzzle per line, the usual layout: keep the line as the
            // text, with no second scan and no copy (digits and dots are
            // text, so there is nothing else to check).
            let options = self.sized(Size::Nine);
            self.emit(self.line_no, line.text, Body::Text(options));
            return;
        }
        let not_text = line.not_text();
        let text = line.text;
        let trimmed = text.trim();
        if let Some((at, byte)) = not_text {
            let (narrow, _) = symbol_counts(trimmed);
            if narrow == 0 {
                self.flush_json();
                self.flush_incomplete();
                let column = text[..at.min(text.len())].chars().count() + 1;
                let error = ParseError::NotText { byte, column };
                self.emit_error(self.line_no, text, error);
                return;
            }
        }
        if self.json.is_some() {
            self.continue_json(trimmed);
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        if trimmed.is_empty() || trimmed.chars().all(|c| c == '=') {
            self.flush_incomplete();
            return;
        }
        if is_library_line(trimmed) {
            self.flush_incomplete();
            let options = self.options;
            self.emit(self.line_no, trimmed.to_string(), Body::Library(options));
            return;
        }
        if self.pending.is_none() && trimmed.starts_with('[') {
            let trimmed = trimmed.to_string();
            self.json = Some(JsonBlock::new(self.line_no));
            self.continue_json(&trimmed);
            return;
        }
        if let Some(size) = self.whole_size(trimmed) {
            self.flush_incomplete();
            let options = self.sized(size);
            self.emit(self.line_no, trimmed.to_string(), Body::Text(options));
            return;
        }
        if let Some(size) = marks_line_size(trimmed, self.options) {
            self.flush_incomplete();
            let options = self.sized(size);
            self.emit(self.line_no, trimmed.to_string(), Body::Marks(options));
            return;
        }
        let (narrow, wide) = symbol_counts(trimmed);
        if let Some(p) = &mut self.pending {
            p.text.push('\n');
            p.text.push_str(trimmed);
            let (narrow, wide) = symbol_counts(&p.text);
            let count = if p.size.side() > 9 { wide } else { narrow };
            let want = p.size.side() * p.size.side();
            if count >= want {
                if let Some(p) = self.pending.take() {
                    let options = self.sized(p.size);
                    self.emit(p.line, p.text, Body::Text(options));
                }
            }
        } else if narrow == 0 && wide == 0 {
            // A line with no symbols outside a grid (a heading, a rule): skip.
        } else if let Some(size) = self.row_size(trimmed) {
            self.pending = Some(Pending {
                line: self.line_no,
                text: trimmed.to_string(),
                size,
            });
        } else {
            let line = self.line_no;
            let options = self.options;
            self.emit(line, trimmed.to_string(), Body::Text(options));
        }
    }

    /// Adds a line to the open JSON block. A blank line, or a line that holds
    /// a whole puzzle and no bracket, cannot belong to a board: it ends an
    /// unclosed block (an error) and is read on its own, so one stray `[`
    /// never swallows the puzzles after it.
    fn continue_json(&mut self, line: &str) {
        let foreign = line.is_empty()
            || (!line.contains(['[', ']'])
                && (self.whole_size(line).is_some()
                    || marks_line_size(line, self.options).is_some()));
        if foreign {
            self.flush_json();
            // Read the line again, now outside any block.
            self.line_no -= 1;
            self.take_line(Line {
                text: line.to_string(),
                not_utf8: None,
            });
            return;
        }
        let Some(block) = &mut self.json else {
            return;
        };
        if block.text.len() + line.len() > self.max_line {
            let line = block.line;
            self.json = None;
            let limit = self.max_line;
            self.emit_error(line, String::new(), ParseError::LineTooLong { limit });
            return;
        }
        if block.add(line) {
            if let Some(block) = self.json.take() {
                self.finish_json(block);
            }
        }
    }

    /// A closed JSON block: one board, or a list of boards. Text that is not
    /// JSON, or not a list of rows, but holds a whole puzzle (such as
    /// `["4.....8.5..."]`, or a flat list of 81 numbers) is read in the
    /// permissive format, which ignores the brackets.
    fn finish_json(&mut self, block: JsonBlock) {
        let permissive = |reader: &Self| reader.whole_size(&block.text);
        let value: serde_json::Value = match serde_json::from_str(&block.text) {
            Ok(value) => value,
            Err(e) => {
                if let Some(size) = permissive(self) {
                    let options = self.sized(size);
                    self.emit(block.line, block.text, Body::Permissive(options));
                } else {
                    let line = block.line + e.line().saturating_sub(1);
                    self.emit_error(line, block.text, ParseError::Board(e.to_string()));
                }
                return;
            }
        };
        let rows_are_lists = |v: &serde_json::Value| {
            v.as_array()
                .and_then(|rows| rows.first())
                .is_some_and(|row| row.is_array())
        };
        if !rows_are_lists(&value) {
            if let Some(size) = permissive(self) {
                let options = self.sized(size);
                self.emit(block.line, block.text, Body::Permissive(options));
                return;
            }
        }
        let is_list_of_boards = value
            .as_array()
            .and_then(|rows| rows.first())
            .is_some_and(rows_are_lists);
        let boards = match value {
            serde_json::Value::Array(boards) if is_list_of_boards => boards,
            value => vec![value],
        };
        for board in boards {
            let result = board_from_value(&board, self.options);
            let result = result.map_err(Box::new);
            self.emit(block.line, board.to_string(), Body::Done(result));
        }
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        self.next_raw().map(RawEntry::parse)
    }
}

/// Reads every puzzle of a text (see [`PuzzleReader`]).
pub fn read_puzzles(text: &str, options: ParseOptions) -> Vec<Entry> {
    read_puzzle_bytes(text.as_bytes(), options)
}

/// Reads every puzzle of a file's bytes (see [`PuzzleReader`]).
pub fn read_puzzle_bytes(bytes: &[u8], options: ParseOptions) -> Vec<Entry> {
    PuzzleReader::new(bytes, options).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID2: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const EASY1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn entries(bytes: &[u8]) -> Vec<Entry> {
        read_puzzle_bytes(bytes, ParseOptions::default())
    }

    /// (line, Ok(puzzle line) or Err(message)) of each entry.
    fn summary(bytes: &[u8]) -> Vec<(usize, Result<String, String>)> {
        entries(bytes)
            .into_iter()
            .map(|e| {
                let result = e.result.map(|g| g.to_line()).map_err(|e| e.to_string());
                (e.line, result)
            })
            .collect()
    }

    /// Regression: one line that was not UTF-8 ended the whole input.
    #[test]
    fn a_line_that_is_not_utf8_is_one_invalid_entry_and_reading_goes_on() {
        let easy50 = include_str!("../../../sudokit-cli/data/norvig_easy50.txt");
        let mut bytes = b"\xff\n".to_vec();
        bytes.extend_from_slice(easy50.as_bytes());
        let read = entries(&bytes);
        assert_eq!(read.len(), 51);
        assert_eq!(
            read[0].result,
            Err(ParseError::NotText {
                byte: 0xFF,
                column: 1
            })
        );
        assert_eq!(read[0].line, 1);
        for (i, (entry, line)) in read[1..].iter().zip(easy50.lines()).enumerate() {
            assert_eq!(entry.line, i + 2);
            assert_eq!(entry.index, i + 2);
            assert_eq!(entry.result.as_ref().unwrap().to_line(), line);
        }
        assert_eq!(
            read[0].result.as_ref().unwrap_err().to_string(),
            "not text: byte 0xFF at column 1 is not UTF-8"
        );
    }

    /// Regression: a valid line with one stray Latin-1 byte was lost,
    /// with everything after it. The byte is ignored, as the permissive
    /// format ignores every character that is not a square.
    #[test]
    fn a_stray_latin1_byte_in_a_puzzle_is_ignored() {
        let mut bytes = format!("{}\u{0}", &GRID2[..40]).into_bytes();
        bytes.push(0xE9); // 'é' in Latin-1
        bytes.extend_from_slice(format!("{}\n{EASY1}\n", &GRID2[40..]).as_bytes());
        assert_eq!(
            summary(&bytes),
            vec![(1, Ok(GRID2.to_string())), (2, Ok(EASY1.to_string()))]
        );
    }

    /// Regression: input of NUL bytes only printed nothing at all.
    #[test]
    fn nul_bytes_alone_are_one_invalid_entry() {
        assert_eq!(
            summary(b"\0\0\0"),
            vec![(1, Err("not text: a NUL byte at column 1".to_string()))]
        );
        assert!(entries(b"").is_empty());
    }

    /// Regression: a JSON board followed by puzzle lines lost the lines
    /// ("trailing characters").
    #[test]
    fn a_json_board_followed_by_puzzle_lines_keeps_the_lines() {
        let board = include_str!("../../../../testdata/easy_board.json");
        let solved_first =
            "5...8.1.6....732844.712...37.926......3.45.1...1...625.9.7.4.3..7...289.1259.....";
        let text = format!("{board}{GRID2}\n{EASY1}\n");
        let board_lines = board.lines().count();
        assert_eq!(
            summary(text.as_bytes()),
            vec![
                (1, Ok(solved_first.to_string())),
                (board_lines + 1, Ok(GRID2.to_string())),
                (board_lines + 2, Ok(EASY1.to_string())),
            ]
        );
        // And the other way round, and a board between two puzzles.
        let text = format!("{GRID2}\n{board}{EASY1}\n");
        let read = summary(text.as_bytes());
        assert_eq!(read.len(), 3);
        assert_eq!(read[1], (2, Ok(solved_first.to_string())));
        assert_eq!(read[2], (board_lines + 2, Ok(EASY1.to_string())));
    }

    #[test]
    fn an_unclosed_bracket_does_not_swallow_the_puzzles_after_it() {
        let text = format!("[[0,0,\n{GRID2}\n[\n\n{EASY1}\n[1,2");
        let read = summary(text.as_bytes());
        assert_eq!(read.len(), 5, "{read:?}");
        assert_eq!(read[0].0, 1);
        assert!(read[0].1.as_ref().unwrap_err().contains("never closed"));
        assert_eq!(read[1], (2, Ok(GRID2.to_string())));
        assert!(read[2].1.as_ref().unwrap_err().contains("on line 3"));
        assert_eq!(read[3], (5, Ok(EASY1.to_string())));
        assert!(read[4].1.as_ref().unwrap_err().contains("on line 6"));
    }

    #[test]
    fn brackets_around_a_puzzle_are_ignored_as_norvig_ignores_them() {
        // A string in a list, and a flat list of 81 numbers.
        let numbers: Vec<String> = GRID2
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0).to_string())
            .collect();
        let text = format!("[\"{GRID2}\"]\n[{}]\n", numbers.join(", "));
        assert_eq!(
            summary(text.as_bytes()),
            vec![(1, Ok(GRID2.to_string())), (2, Ok(GRID2.to_string()))]
        );
    }

    /// Found by fuzzing: a puzzle read in the permissive format after its
    /// brackets failed as JSON skipped the givens check, so two 5s in row A
    /// came out as a valid puzzle.
    #[test]
    fn a_bracketed_puzzle_with_clashing_givens_is_invalid() {
        let text = format!("[55{}]", &GRID2[2..]);
        let read = summary(text.as_bytes());
        assert_eq!(read.len(), 1);
        assert!(
            read[0].1.as_ref().unwrap_err().contains("given twice"),
            "{read:?}"
        );
    }

    #[test]
    fn an_overlong_line_is_skipped_with_an_error() {
        let text = format!("{}\n{GRID2}\n{}{GRID2}", "1".repeat(500), "[".repeat(300));
        let read: Vec<_> = PuzzleReader::new(text.as_bytes(), ParseOptions::default())
            .with_max_line(200)
            .map(|e| {
                (
                    e.line,
                    e.result.map(|g| g.to_line()).map_err(|e| e.to_string()),
                )
            })
            .collect();
        assert_eq!(
            read,
            vec![
                (1, Err("longer than 200 bytes; skipped".to_string())),
                (2, Ok(GRID2.to_string())),
                (3, Err("longer than 200 bytes; skipped".to_string())),
            ]
        );
    }

    /// A line of 729 pencil marks is a puzzle of its own among the others,
    /// with its marks; a bad one names its square and the reading goes on.
    #[test]
    fn a_line_of_pencil_marks_is_one_entry_with_its_marks() {
        let state =
            crate::logic::State::from_puzzle(&parse_grid(GRID2, Default::default()).unwrap());
        let marks = state.to_marks_line();
        let mut no_candidate = marks.clone();
        no_candidate.replace_range(9..18, ".........");
        let text = format!("{EASY1}\n{marks}\n{no_candidate}\n{GRID2}\n");
        let read = entries(text.as_bytes());
        assert_eq!(read.len(), 4);
        assert!(read[0].marks.is_none());
        assert_eq!(read[1].result.as_ref().unwrap().to_line(), GRID2);
        let sets = read[1].marks.as_ref().expect("marks").sets();
        assert_eq!(sets[1].to_string(), "1679");
        assert_eq!(read[1].text, marks);
        assert_eq!(
            read[2].result.clone().map_err(|e| e.to_string()),
            Err("square A2 has no candidate".to_string())
        );
        assert_eq!((read[3].line, read[3].marks.is_none()), (4, true));
    }

    /// A read error ends that input with an entry that says so, after the
    /// puzzles read before it.
    #[test]
    fn a_read_error_is_an_entry_at_the_next_line() {
        struct Failing(usize);
        impl std::io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if self.0 == 0 {
                    return Err(std::io::Error::other("disk on fire"));
                }
                self.0 = 0;
                let line = format!("{GRID2}\n");
                buf[..line.len()].copy_from_slice(line.as_bytes());
                Ok(line.len())
            }
        }
        let reader = std::io::BufReader::new(Failing(1));
        let read: Vec<_> = PuzzleReader::new(reader, ParseOptions::default())
            .map(|e| (e.line, e.result.map_err(|e| e.to_string()).is_ok()))
            .collect();
        assert_eq!(read, vec![(1, true), (2, false)]);
    }
}
