//! Turning the command's inputs (files, plain or gzip, `-` for stdin, or a
//! puzzle written on the command line) into one stream of what they hold,
//! in order: the puzzles of each input, or a problem with an input as a
//! whole (it cannot be read, or holds no puzzle). Every subcommand that
//! reads puzzles reads them through here, so they all treat inputs alike.
//!
//! The stream can tell whether the next read may wait. A regular file never
//! makes a reader wait for long, so it is read directly. Anything else (a
//! pipe, a terminal, stdin) is read by a small thread that passes the bytes
//! on as they arrive: the stream then knows when nothing has arrived, and the
//! batch answers what it has instead of waiting for a full chunk.

use flate2::read::MultiGzDecoder;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use sudokit::parse::{ParseOptions, PuzzleReader, RawEntry};
use sudokit::{Shape, Variant};

/// Bytes of one input, and whether reading them now could wait.
trait Bytes: Read + Send {
    /// True when the next read answers at once (with bytes, an error, or
    /// the end of the input).
    fn ready(&mut self) -> bool {
        true
    }
}

/// A regular file, or a puzzle given as an argument: never waits.
struct Direct(Box<dyn Read + Send>);

impl Read for Direct {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

impl Bytes for Direct {}

/// Bytes read by a thread of their own from something that may wait (a
/// pipe, a terminal), handed over a block at a time.
struct Pumped {
    blocks: Receiver<io::Result<Vec<u8>>>,
    block: Vec<u8>,
    at: usize,
    next: Option<io::Result<Vec<u8>>>,
    ended: bool,
}

/// Bytes the pump reads at most at once.
const PUMP_BLOCK: usize = 1 << 16;

impl Pumped {
    /// Starts a thread that reads `raw` (unpacking gzip) and passes its bytes on.
    fn start(raw: Box<dyn Read + Send>) -> Result<Pumped, String> {
        let (send, blocks) = mpsc::sync_channel(4);
        std::thread::Builder::new()
            .name("sudokit-input".into())
            .spawn(move || {
                let mut bytes = match unpacked(raw) {
                    Ok(bytes) => bytes,
                    Err(e) => {
                        let _ = send.send(Err(e));
                        return;
                    }
                };
                loop {
                    let mut block = vec![0; PUMP_BLOCK];
                    match bytes.read(&mut block) {
                        Ok(0) => return,
                        Ok(n) => {
                            block.truncate(n);
                            if send.send(Ok(block)).is_err() {
                                return;
                            }
                        }
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => {
                            let _ = send.send(Err(e));
                            return;
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start a thread to read it: {e}"))?;
        Ok(Pumped {
            blocks,
            block: Vec::new(),
            at: 0,
            next: None,
            ended: false,
        })
    }
}

impl Read for Pumped {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.at < self.block.len() {
                let n = buf.len().min(self.block.len() - self.at);
                buf[..n].copy_from_slice(&self.block[self.at..self.at + n]);
                self.at += n;
                return Ok(n);
            }
            if self.ended {
                return Ok(0);
            }
            let next = match self.next.take() {
                Some(next) => next,
                None => match self.blocks.recv() {
                    Ok(next) => next,
                    Err(_) => {
                        self.ended = true;
                        continue;
                    }
                },
            };
            match next {
                Ok(block) => {
                    self.block = block;
                    self.at = 0;
                }
                Err(e) => {
                    self.ended = true;
                    return Err(e);
                }
            }
        }
    }
}

impl Bytes for Pumped {
    fn ready(&mut self) -> bool {
        if self.at < self.block.len() || self.ended || self.next.is_some() {
            return true;
        }
        match self.blocks.try_recv() {
            Ok(next) => {
                self.next = Some(next);
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => true,
        }
    }
}

/// The reader of one input.
type Reader = PuzzleReader<BufReader<Box<dyn Bytes>>>;

/// Things read from one input, in order.
pub struct Batch {
    /// The input's name: a file name, `<stdin>` or `<argument>`.
    pub source: Arc<str>,
    /// What was found.
    pub found: Vec<Found>,
}

/// One thing read from an input.
pub enum Found {
    /// A puzzle, found but not yet parsed.
    Puzzle(RawEntry),
    /// The input as a whole went wrong: it cannot be read, or it holds no
    /// puzzle. The message says what.
    Problem(String),
}

/// The inputs of one command, in order, and how to read their text.
pub struct Inputs {
    names: VecDeque<String>,
    options: ParseOptions,
    current: Option<Current>,
}

/// The input being read.
struct Current {
    source: Arc<str>,
    reader: Reader,
    /// False for an input that never waits (a regular file), which need
    /// not be asked whether it is ready.
    may_wait: bool,
    /// Whether it held a puzzle (or anything at all).
    any: bool,
}

impl Current {
    /// True when the next puzzle can be read without waiting for input.
    fn ready(&mut self) -> bool {
        self.reader.has_ready()
            || self.reader.get_ref().buffer().contains(&b'\n')
            || self.reader.get_mut().get_mut().ready()
    }
}

impl Inputs {
    /// The inputs named on the command line; none means stdin.
    pub fn new(names: &[String], options: ParseOptions) -> Inputs {
        let names = if names.is_empty() {
            VecDeque::from(["-".to_string()])
        } else {
            names.iter().cloned().collect()
        };
        Inputs {
            names,
            options,
            current: None,
        }
    }

    /// Reads up to `max` things, in batches (one per input touched). With
    /// `wait`, it waits until there is at least one, unless every input is
    /// done; then (and always without `wait`) it stops as soon as the next
    /// read might have to wait for more input. An empty result after
    /// waiting means every input is done.
    pub fn read(&mut self, max: usize, mut wait: bool) -> Vec<Batch> {
        let mut batches: Vec<Batch> = Vec::new();
        let mut count = 0;
        while count < max {
            let current = match &mut self.current {
                Some(current) => current,
                None => {
                    let Some(name) = self.names.pop_front() else {
                        break;
                    };
                    let (source, opened) = open(&name, self.options);
                    match opened {
                        Ok((reader, may_wait)) => self.current.insert(Current {
                            source,
                            reader,
                            may_wait,
                            any: false,
                        }),
                        Err(message) => {
                            let found = vec![Found::Problem(message)];
                            batches.push(Batch { source, found });
                            count += 1;
                            continue;
                        }
                    }
                }
            };
            let mut found = Vec::new();
            let mut ended = false;
            let mut stalled = false;
            while count < max {
                if !wait && current.may_wait && !current.ready() {
                    stalled = true;
                    break;
                }
                match current.reader.next_raw() {
                    Some(raw) => {
                        current.any = true;
                        found.push(Found::Puzzle(raw));
                        count += 1;
                        wait = false;
                    }
                    None => {
                        if !current.any {
                            found.push(Found::Problem("no puzzle found".to_string()));
                            count += 1;
                        }
                        ended = true;
                        break;
                    }
                }
            }
            if !found.is_empty() {
                let source = current.source.clone();
                batches.push(Batch { source, found });
            }
            if ended {
                self.current = None;
            }
            if stalled {
                break;
            }
        }
        batches
    }

    /// Every thing found, one at a time, with its input's name, until
    /// `each` returns `false`.
    pub fn for_each(mut self, mut each: impl FnMut(&str, Found) -> bool) {
        loop {
            let batches = self.read(1, true);
            if batches.is_empty() {
                return;
            }
            for batch in batches {
                for found in batch.found {
                    if !each(&batch.source, found) {
                        return;
                    }
                }
            }
        }
    }
}

impl crate::args::InputArgs {
    /// The inputs named by the file arguments, read as `--size` and
    /// `--diagonal` say.
    pub fn inputs(&self) -> Inputs {
        Inputs::new(&self.inputs, parse_options(self.size, self.diagonal))
    }
}

/// How texts are read, from the `--size` and `--diagonal` options.
pub fn parse_options(size: Option<sudokit::Size>, diagonal: bool) -> ParseOptions {
    ParseOptions {
        size,
        variant: if diagonal {
            Variant::Diagonal
        } else {
            Variant::Standard
        },
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

/// Opens one input: its name for messages, and its reader (with whether a
/// read may wait) or what is wrong.
fn open(arg: &str, options: ParseOptions) -> (Arc<str>, Result<(Reader, bool), String>) {
    let reader = |bytes: Box<dyn Bytes>| {
        PuzzleReader::new(BufReader::with_capacity(1 << 16, bytes), options)
    };
    let direct = |read: Box<dyn Read + Send>| (reader(Box::new(Direct(read))), false);
    let pumped =
        |read: Box<dyn Read + Send>| Pumped::start(read).map(|pump| (reader(Box::new(pump)), true));
    if arg == "-" {
        return ("<stdin>".into(), pumped(Box::new(io::stdin())));
    }
    if is_literal_puzzle(arg) {
        let text = io::Cursor::new(arg.as_bytes().to_vec());
        return ("<argument>".into(), Ok(direct(Box::new(text))));
    }
    let cannot = |e: io::Error| format!("cannot read: {e}");
    let opened = match std::fs::metadata(arg) {
        Err(e) => Err(cannot(e)),
        Ok(meta) if meta.is_dir() => Err("cannot read: it is a directory".to_string()),
        Ok(meta) => File::open(arg).map_err(cannot).and_then(|file| {
            if meta.is_file() {
                Ok(direct(unpacked(Box::new(file)).map_err(cannot)?))
            } else {
                // A named pipe, a device, `<(command)`: it may wait.
                pumped(Box::new(file))
            }
        }),
    };
    (arg.into(), opened)
}

/// The bytes of an input: as they are, or unpacked when they start with
/// gzip's magic number (whatever the file is called, and on stdin too).
fn unpacked(mut raw: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
    let mut magic = Vec::with_capacity(2);
    (&mut raw).take(2).read_to_end(&mut magic)?;
    let is_gzip = magic == [0x1f, 0x8b];
    let whole = io::Cursor::new(magic).chain(raw);
    if is_gzip {
        Ok(Box::new(MultiGzDecoder::new(BufReader::new(whole))))
    } else {
        Ok(Box::new(whole))
    }
}

/// Where a puzzle came from, for messages: `file.txt puzzle 3 (line 7)`
/// (the file's name with any control character in it escaped).
pub fn place(source: &str, index: usize, line: usize) -> String {
    let source = crate::out::shown(source);
    format!("{source} puzzle {index} (line {line})")
}

/// `16x16`, `9x9 diagonal`: a shape as messages name it.
pub fn shape_words(shape: &Shape) -> String {
    sudokit::batch::shape_words(shape.size(), shape.variant())
}
