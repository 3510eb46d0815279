//! Criterion benchmarks of the solver: the full Contract Bridge table and a single
//! solve (one strain, one leader) on seeded deals.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tenace_cards::{Seat, Strain};
use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup};
use tenace_solver::{Position, Solver};

fn deals(count: u64) -> Vec<BridgeSetup> {
    (0..count)
        .map(|seed| BridgeSetup::from_seed(seed, Vulnerability::None, BridgeOptions::default()))
        .collect()
}

fn bench_table(c: &mut Criterion) {
    let deals = deals(8);
    let mut group = c.benchmark_group("bridge");
    group.sample_size(10);
    group.bench_function("table of 8 deals", |b| {
        b.iter(|| {
            for deal in &deals {
                // A fresh solver per deal, as a batch worker starts each deal.
                let mut solver = Solver::new();
                black_box(solver.table(black_box(&deal.hands)).unwrap());
            }
        })
    });
    group.bench_function("single solve of 8 deals", |b| {
        b.iter(|| {
            for deal in &deals {
                let mut solver = Solver::new();
                let position = Position::bridge(&deal.hands, Strain::NoTrump, Seat::West);
                black_box(solver.tricks(black_box(&position)).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_table);
criterion_main!(benches);
