//! criterion benchmarks: every engine over the shared corpora, as puzzles
//! per second (throughput in elements = puzzles).
//!
//! Run with `cargo bench -p sudokit-bench`; pick a group with
//! `cargo bench -p sudokit-bench -- top1465`. The corpora are read from
//! `../shared/puzzles` beside the checkout; a missing file skips its group.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

mod common;
use common::corpus;
use sudokit::{EngineKind, Limits};

/// (collection, engines worth running on it in reasonable time)
fn plan() -> Vec<(&'static str, Vec<EngineKind>)> {
    use EngineKind::*;
    vec![
        ("norvig_easy50.txt", vec![Fast, Norvig, Agent, Backtrack]),
        ("norvig_top95.txt", vec![Fast, Norvig, Agent]),
        ("magictour_top1465.txt", vec![Fast, Norvig]),
        ("kaggle_sample.txt", vec![Fast]),
        ("seventeen_clue.txt", vec![Fast]),
        ("forum_hardest_1905_11plus.txt", vec![Fast]),
        ("forum_hardest_1106.txt", vec![Fast]),
        ("serg_benchmark.txt", vec![Fast]),
    ]
}

fn engines(c: &mut Criterion) {
    for (file, kinds) in plan() {
        let Some(puzzles) = corpus(file) else {
            continue;
        };
        for (mode, max_solutions) in [("first", 1), ("count2", 2)] {
            let mut group = c.benchmark_group(format!("{}/{mode}", file.trim_end_matches(".txt")));
            group.throughput(Throughput::Elements(puzzles.len() as u64));
            group.sample_size(10);
            group.warm_up_time(Duration::from_millis(500));
            group.measurement_time(Duration::from_secs(3));
            for kind in &kinds {
                let solver = kind.solver();
                group.bench_with_input(
                    BenchmarkId::from_parameter(kind),
                    &puzzles,
                    |b, puzzles| {
                        b.iter(|| {
                            for p in puzzles {
                                std::hint::black_box(solver.run(p, max_solutions, &Limits::none()));
                            }
                        })
                    },
                );
            }
            group.finish();
        }
    }
}

criterion_group!(benches, engines);
criterion_main!(benches);
