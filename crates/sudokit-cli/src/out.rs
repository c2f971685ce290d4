//! What the command writes besides its answers, and how: messages on stderr
//! that never panic, and text from the input made safe to show.
//!
//! `eprintln!` panics when stderr cannot be written (a full device, a pipe
//! whose reader has gone), and a release build aborts on a panic. Every
//! message goes through [`note`] instead: when stderr is lost, the run ends
//! quietly, as it does when stdout's reader goes away, and the exit code is
//! the one the answers written so far call for (see [`answered`]).

use crate::Status;
use std::borrow::Cow;
use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU8, Ordering};

/// The worst status of the answers written so far, as an exit code.
static WORST: AtomicU8 = AtomicU8::new(0);

/// Counts an answer's status towards the exit code of a run that ends
/// early because its output went away.
pub fn answered(status: Status) {
    if status != Status::Ok {
        WORST.fetch_max(status.code(), Ordering::Relaxed);
    }
}

/// The worst status of the answers written so far.
pub fn worst() -> Status {
    match WORST.load(Ordering::Relaxed) {
        0 => Status::Ok,
        1 => Status::Unsolved,
        _ => Status::Invalid,
    }
}

/// Stderr could not be written: the run ends there, without a word (there
/// is nowhere to write one).
#[derive(Debug)]
pub struct StderrLost(pub io::Error);

impl fmt::Display for StderrLost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write to standard error: {}", self.0)
    }
}

impl std::error::Error for StderrLost {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// Writes one message (a line, or several) on stderr, with any control
/// character in it shown escaped (see [`shown`]).
pub fn note(message: &str) -> anyhow::Result<()> {
    let mut err = io::stderr().lock();
    let written = message
        .split('\n')
        .try_for_each(|line| writeln!(err, "{}", shown(line)))
        .and_then(|()| err.flush());
    written.map_err(|e| StderrLost(e).into())
}

/// Writes a message on stderr, if stderr can be written: for the last word
/// of a run that is ending anyway.
pub fn last_note(message: &str) {
    let _ = note(message);
}

/// Text from the input (a puzzle line, a file name), safe to write to a
/// terminal: every control character (escape, carriage return, bell, ...)
/// is written as `\x1b` and the like, so input cannot move the cursor,
/// recolour the terminal or hide what is shown. Other text is unchanged.
pub fn shown(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut safe = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            // Control characters are U+0000 to U+001F and U+007F to U+009F.
            safe.push_str(&format!("\\x{:02x}", u32::from(c)));
        } else {
            safe.push(c);
        }
    }
    Cow::Owned(safe)
}

/// [`shown`], for text already owned (not copied when it needs no escape).
pub fn shown_owned(text: String) -> String {
    match shown(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(safe) => safe,
    }
}

/// True when a run ended because its output went away: stdout's reader
/// closed the pipe, or stderr could not be written at all.
pub fn lost(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause.is::<StderrLost>()
            || cause
                .downcast_ref::<io::Error>()
                .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
