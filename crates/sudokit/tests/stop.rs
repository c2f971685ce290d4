//! The stop flag: a search, a rating or an explanation that another thread
//! stops ends early and says it did not finish, with every engine.

use std::thread;
use std::time::{Duration, Instant};
use sudokit::logic::{self, Cache, Order, State};
use sudokit::{parse_grid, EngineKind, Grid, Limits, ParseOptions, Stop};

fn grid(text: &str) -> Grid {
    parse_grid(text, ParseOptions::default()).unwrap()
}

/// A puzzle whose SE path is long and hard (ER 7.1, forcing chains).
const CHAINED: &str =
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";

#[test]
fn a_stop_raised_before_a_count_of_the_empty_grid_ends_it_unfinished() {
    let empty = grid(&".".repeat(81));
    for kind in EngineKind::ALL {
        let stop = Stop::new();
        stop.raise();
        let limits = Limits {
            stop: Some(stop),
            ..Limits::none()
        };
        let report = kind.solver().run(&empty, usize::MAX, &limits);
        assert!(report.limit_reached, "{kind}");
        assert!(report.stats.guesses <= Stop::EVERY, "{kind}: {report:?}");
    }
}

#[test]
fn a_stop_raised_from_another_thread_ends_a_count_that_would_not_end() {
    let empty = grid(&".".repeat(81));
    for kind in EngineKind::ALL {
        let stop = Stop::new();
        let limits = Limits {
            stop: Some(stop.clone()),
            ..Limits::none()
        };
        let empty = empty.clone();
        let search = thread::spawn(move || kind.solver().run(&empty, usize::MAX, &limits));
        thread::sleep(Duration::from_millis(50));
        stop.raise();
        // A generous bound that only a search that ignores the flag misses.
        let start = Instant::now();
        while !search.is_finished() {
            assert!(start.elapsed() < Duration::from_secs(30), "{kind} ran on");
            thread::sleep(Duration::from_millis(10));
        }
        let report = search.join().unwrap();
        assert!(report.limit_reached, "{kind}");
        assert!(report.solutions > 0, "{kind}");
    }
}

#[test]
fn a_search_without_a_raised_stop_is_what_it_was() {
    let puzzle = grid(CHAINED);
    for kind in EngineKind::ALL {
        let limits = Limits {
            stop: Some(Stop::new()),
            ..Limits::none()
        };
        let with = kind.solver().run(&puzzle, 2, &limits);
        let without = kind.solver().run(&puzzle, 2, &Limits::none());
        assert_eq!(with.solutions, 1, "{kind}");
        assert_eq!(with.first, without.first, "{kind}");
        assert!(!with.limit_reached, "{kind}");
    }
}

#[test]
fn a_rating_or_explanation_with_a_raised_stop_is_unfinished() {
    let puzzle = grid(CHAINED);
    let stop = Stop::new();
    stop.raise();
    let rating = logic::rate(&mut Cache::new().with_stop(stop.clone()), &puzzle).unwrap();
    assert!(!rating.complete);
    assert_eq!(rating.steps, 0);
    let state = State::from_puzzle(&puzzle);
    let path = logic::explain(&mut Cache::new().with_stop(stop), &state, Order::Se);
    assert!(path.steps.is_empty() && !path.is_complete());
    // Not raised: the whole path.
    let rating = logic::rate(&mut Cache::new().with_stop(Stop::new()), &puzzle).unwrap();
    assert!(rating.complete);
}
