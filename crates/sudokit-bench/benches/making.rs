//! criterion benchmarks of the puzzle maker's library functions: the
//! canonical (minlex) form over whole collections, and the generator's
//! minimal 180-degree puzzles, unrated and at two levels.
//! Run with `cargo bench -p sudokit-bench --bench making`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

mod common;
use common::corpus;
use sudokit::canon::minlex;
use sudokit::generate::{generate_nth, Grade, Options, Wanted};
use sudokit::Shape;

fn canon(c: &mut Criterion) {
    for file in [
        "kaggle_sample.txt",
        "seventeen_clue.txt",
        "magictour_top1465.txt",
    ] {
        let Some(puzzles) = corpus(file) else {
            continue;
        };
        let mut group = c.benchmark_group(format!("canon/{}", file.trim_end_matches(".txt")));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(5));
        group.bench_function("minlex", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter_map(|p| minlex(p).ok())
                    .map(|f| u64::from(f.get(80)))
                    .sum::<u64>()
            })
        });
        group.finish();
    }
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    let standard = Options::new(Shape::standard());
    for (name, count, options) in [
        ("minimal_rot180", 200, standard),
        (
            "hard",
            50,
            Options {
                difficulty: Some(Wanted::level(Grade::Hard)),
                ..standard
            },
        ),
        (
            "diabolical",
            5,
            Options {
                difficulty: Some(Wanted::level(Grade::Diabolical)),
                ..standard
            },
        ),
    ] {
        group.throughput(Throughput::Elements(count));
        group.bench_function(name, |b| {
            b.iter(|| {
                // The first `count` puzzles of seed 1: the same work each time.
                (0..)
                    .filter_map(|i| generate_nth(&options, 1, i).ok())
                    .take(count as usize)
                    .map(|g| g.puzzle.given_count())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, canon, generate);
criterion_main!(benches);
