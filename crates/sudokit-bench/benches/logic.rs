//! criterion benchmarks of the logic engine: `rate` (Sudoku Explainer's
//! order, every step built) and one easiest-first hint, per collection.
//!
//! The samples match the ones `serate` is timed on in the README: all of
//! norvig_easy50 and kaggle_sample, the first 1000 puzzles of
//! seventeen_clue, every 10th puzzle of magictour_top1465.
//! Run with `cargo bench -p sudokit-bench --bench logic`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

mod common;
use common::corpus;
use sudokit::logic::{self, next_step, Cache, Order, State};
use sudokit::Grid;

fn sample(name: &str, every: usize, most: usize) -> Option<Vec<Grid>> {
    Some(
        corpus(name)?
            .into_iter()
            .step_by(every)
            .take(most)
            .collect(),
    )
}

fn rate(c: &mut Criterion) {
    for (file, every, most) in [
        ("norvig_easy50.txt", 1, usize::MAX),
        ("kaggle_sample.txt", 1, usize::MAX),
        ("seventeen_clue.txt", 1, 1000),
        ("magictour_top1465.txt", 10, usize::MAX),
    ] {
        let Some(puzzles) = sample(file, every, most) else {
            continue;
        };
        let mut group = c.benchmark_group(format!("logic/{}", file.trim_end_matches(".txt")));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(5));
        group.bench_function("rate", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter_map(|p| logic::rate(&mut Cache::new(), p).ok())
                    .map(|r| r.er.0 as u64)
                    .sum::<u64>()
            })
        });
        group.bench_function("hint", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter_map(|p| {
                        next_step(&mut Cache::new(), &State::from_puzzle(p), Order::Easiest)
                    })
                    .count()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, rate);
criterion_main!(benches);
