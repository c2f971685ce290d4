//! One puzzle's hardest steps on every core.
//!
//! A batch keeps every core busy with a puzzle each. A single puzzle (an
//! `explain` or a `rate` of one line) would leave all cores but one idle,
//! and its hardest steps, the dynamic and nested forcing chains, take
//! seconds each on the forum's hardest puzzles. Those rules try an
//! assumption from every candidate of every square, and each square's
//! chains are independent of the others', so the squares can be shared out:
//! [`super::dynamic`] cuts them into a few runs of consecutive squares,
//! finds the best step of each run on a thread of the pool, and keeps the
//! best of those (the earliest run's on a tie, as the squares' order would).
//! The step is the same as on one thread; the inner rules' table
//! ([`super::memo`]) is shared, so a grid one run has searched the others
//! find there.
//!
//! It is off unless asked for, with [`spreading`], by whoever knows the
//! pool has cores to spare: a batch of many puzzles gains nothing from it,
//! and a thread waiting for its runs would take up another puzzle
//! meanwhile.

use std::cell::Cell;

thread_local! {
    static WANTED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work` on this thread with the hardest rules' squares shared out
/// over the current rayon pool (`on`), or not; the setting before is put
/// back after, even if `work` panics.
pub fn spreading<T>(on: bool, work: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            WANTED.with(|w| w.set(self.0));
        }
    }
    let _restore = Restore(WANTED.with(|w| w.replace(on)));
    work()
}

/// How many threads a rule run on this thread may share its squares
/// among: 1 unless [`spreading`] asked for more and the pool has them.
#[cfg(feature = "parallel")]
pub(super) fn threads() -> usize {
    match WANTED.with(Cell::get) {
        true => rayon::current_num_threads(),
        false => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_holds_inside_and_is_put_back_after_even_a_panic() {
        assert!(!WANTED.with(Cell::get));
        spreading(true, || {
            assert!(WANTED.with(Cell::get));
            spreading(false, || assert!(!WANTED.with(Cell::get)));
            assert!(WANTED.with(Cell::get));
        });
        assert!(!WANTED.with(Cell::get));
        let caught = std::panic::catch_unwind(|| spreading(true, || panic!("inside")));
        assert!(caught.is_err());
        assert!(!WANTED.with(Cell::get));
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn a_rule_shares_its_squares_only_when_asked_and_over_the_pool() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        assert_eq!(pool.install(threads), 1);
        assert_eq!(pool.install(|| spreading(true, threads)), 3);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        assert_eq!(one.install(|| spreading(true, threads)), 1);
    }
}
