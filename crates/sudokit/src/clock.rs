//! A stopwatch for the engines' `elapsed` figures that also works where the
//! platform has no clock.
//!
//! On `wasm32-unknown-unknown` (the browser page) the standard library's
//! `Instant::now` panics, since that target has no clock of its own; there
//! the stopwatch reads zero, and the page times what it wants from
//! JavaScript. Everywhere else it is `std::time::Instant`.

use std::time::Duration;

/// True on a target whose `std::time::Instant` is not implemented.
const NO_CLOCK: bool = cfg!(all(target_arch = "wasm32", target_os = "unknown"));

/// A started stopwatch.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    start: Option<std::time::Instant>,
}

impl Stopwatch {
    /// Starts the stopwatch (a no-op without a clock).
    pub fn start() -> Stopwatch {
        Stopwatch {
            start: (!NO_CLOCK).then(std::time::Instant::now),
        }
    }

    /// Time since [`Stopwatch::start`]; zero on a target without a clock.
    pub fn elapsed(&self) -> Duration {
        self.start.map_or(Duration::ZERO, |s| s.elapsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopwatch_never_runs_backwards() {
        let watch = Stopwatch::start();
        let first = watch.elapsed();
        assert!(watch.elapsed() >= first);
    }
}
