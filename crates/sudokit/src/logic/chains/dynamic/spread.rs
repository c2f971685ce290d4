//! One puzzle's hardest steps on every core.
//!
//! A batch keeps every core busy with a puzzle each. A single puzzle (an
//! `explain` or a `rate` of one line) would leave all cores but one idle,
//! and its hardest steps, the dynamic and nested forcing chains, take
//! seconds each on the forum's hardest puzzles. Those rules try an
//! assumption from every candidate of every square, and each square's
//! chains are independent of the others', so the squares can be shared out:
//! the dynamic rules cut them into a few runs of consecutive squares, find
//! the best step of each run on a thread of the pool, and keep the best of
//! those (the earliest run's on a tie, as the squares' order would).
//! The step is the same as on one thread; the inner rules' table
//! (`memo.rs`) is shared, so a grid one run has searched the others
//! find there.
//!
//! It is off unless the caller asked for it when it made its cache
//! ([`Cache::spreading`](crate::logic::cache::Cache::spreading)), knowing the pool has cores to spare: a batch of
//! many puzzles gains nothing from it, and a thread waiting for its runs
//! would take up another puzzle meanwhile.

#[cfg(feature = "parallel")]
use crate::logic::cache::Cache;

/// How many threads a rule run with `cache` may share its squares among:
/// 1 unless the cache was made [`Cache::spreading`] and the current rayon
/// pool has more.
#[cfg(feature = "parallel")]
pub(super) fn threads(cache: &Cache) -> usize {
    match cache.spreads() {
        true => rayon::current_num_threads(),
        false => 1,
    }
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::*;

    #[test]
    fn a_rule_shares_its_squares_only_when_asked_and_over_the_pool() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        assert_eq!(pool.install(|| threads(&Cache::new())), 1);
        assert_eq!(pool.install(|| threads(&Cache::spreading())), 3);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        assert_eq!(one.install(|| threads(&Cache::spreading())), 1);
    }
}
