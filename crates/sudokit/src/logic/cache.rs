//! What the techniques keep from one call to the next, in a value the
//! caller owns and passes, as regex-automata's engines take a `&mut Cache`.
//!
//! A rater runs the same techniques at every step of a path, on grids that
//! differ by a step. Several of them keep something from the last call to
//! skip work at the next: the grids where a rule last found nothing, the
//! digits whose chains are barren, the search buffers of the chains, the
//! table of what the rules inside a chain found. None of it changes what a
//! technique finds, only how fast (the tests check this by comparing with
//! a fresh cache). Keeping it in a [`Cache`] the caller passes, rather
//! than somewhere hidden, means what a call returns visibly depends on its
//! arguments only, and each thread of a batch holds its own.
//!
//! The cache is a set of parts, one value of each type a technique family
//! asks for (`Cache::part`), so that the core need not know the
//! families' types: each family defines its own part, and the families
//! stay in their layers.
//!
//! It also says whether one puzzle's hardest steps may be shared out over
//! every core of the current rayon pool ([`Cache::spreading`]): a choice
//! the caller makes once, where it makes the cache.
//!
//! And it may carry a [`Stop`] flag ([`Cache::with_stop`]) or a deadline
//! ([`Cache::with_deadline`]): a rating or an explanation looks at them
//! before each rule it tries and, once the flag is raised or the deadline
//! passed, ends its path there (as where no rule applies), so another
//! thread or a clock can stop it.

use crate::engine::Stop;
use std::any::Any;
use std::time::Instant;

/// What the techniques keep between calls (see the module docs). Make one
/// per thread and pass it to every call along a path; a fresh one gives
/// the same answers, only slower.
#[derive(Default)]
pub struct Cache {
    parts: Vec<Box<dyn Any + Send>>,
    spread: bool,
    stop: Option<Stop>,
    deadline: Option<Instant>,
}

impl Cache {
    /// An empty cache, for work on this thread only.
    pub fn new() -> Cache {
        Cache::default()
    }

    /// An empty cache whose holder lets the hardest rules (the dynamic and
    /// nested forcing chains) share one puzzle's squares out over the
    /// current rayon pool. Worth it for one puzzle at a time (a hint, a
    /// single rating); a batch that keeps every core busy with a puzzle
    /// each gains nothing from it. Without the `parallel` feature it is
    /// the same as [`Cache::new`].
    pub fn spreading() -> Cache {
        Cache {
            parts: Vec::new(),
            spread: true,
            ..Cache::default()
        }
    }

    /// This cache with a stop flag: a path (a rating, an explanation) made
    /// with it ends at the first step after the flag is raised, unfinished.
    pub fn with_stop(self, stop: Stop) -> Cache {
        Cache {
            stop: Some(stop),
            ..self
        }
    }

    /// This cache with a deadline: a path made with it ends at the first
    /// rule it would try once `deadline` has passed, unfinished.
    pub fn with_deadline(self, deadline: Instant) -> Cache {
        Cache {
            deadline: Some(deadline),
            ..self
        }
    }

    /// True when the cache's stop flag is raised or its deadline passed.
    pub fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(Stop::is_raised)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the hardest rules may share their squares out.
    pub fn spreads(&self) -> bool {
        self.spread
    }

    /// The part of type `T`, made with its default the first time.
    pub(crate) fn part<T: Any + Send + Default>(&mut self) -> &mut T {
        let index = match self.parts.iter().position(|p| (**p).is::<T>()) {
            Some(index) => index,
            None => {
                self.parts.push(Box::new(T::default()));
                self.parts.len() - 1
            }
        };
        match self.parts[index].downcast_mut() {
            Some(part) => part,
            None => unreachable!("the part at {index} was found by its type"),
        }
    }
}

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cache")
            .field("parts", &self.parts.len())
            .field("spread", &self.spread)
            .field("stop", &self.stop)
            .field("deadline", &self.deadline)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_type_has_one_part_kept_between_calls() {
        let mut cache = Cache::new();
        *cache.part::<u32>() += 3;
        cache.part::<Vec<u8>>().push(7);
        *cache.part::<u32>() += 4;
        assert_eq!(*cache.part::<u32>(), 7);
        assert_eq!(cache.part::<Vec<u8>>(), &vec![7]);
        assert!(!cache.spreads() && Cache::spreading().spreads());
    }
}
