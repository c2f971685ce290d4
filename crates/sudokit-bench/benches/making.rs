//! criterion benchmarks of the puzzle maker's library functions: the
//! canonical (minlex) form over whole collections.
//! Run with `cargo bench -p sudokit-bench --bench making`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

mod common;
use common::corpus;
use sudokit::canon::minlex;

fn canon(c: &mut Criterion) {
    for file in [
        "kaggle_sample.txt",
        "seventeen_clue.txt",
        "magictour_top1465.txt",
    ] {
        let Some(puzzles) = corpus(file) else {
            eprintln!("skipping {file}: not found");
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

criterion_group!(benches, canon);
criterion_main!(benches);
