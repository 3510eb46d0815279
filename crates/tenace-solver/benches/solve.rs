//! Criterion benchmarks of the solver: the full Contract Bridge table and a single
//! solve (one strain, one leader) on seeded deals; the full Deuces Wild and Five Crowns
//! tables beside the Contract Bridge table of the same seeds (issue 31's target: at most
//! 3× its time); and the generic search on full Devil's Bridge deals beside the Contract
//! Bridge table of the same seeds, so the figures read as ratios.
//! (`examples/generic_speed.rs` times every game on many seeds against the same table.)
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tenace_cards::{Seat, Strain};
use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup, BridgeVariant, FiveCrownsRules};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, HandSetup};
use tenace_rules::trick::{NtJoker, TrickRules};
use tenace_solver::{Position, Sides, Solver};

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

/// Seeds whose four-player Devil's Bridge deals the generic search solves in a fraction
/// of a second (others still take seconds: see `examples/generic_speed.rs`).
const DEVILS_SEEDS: [u64; 2] = [1, 3];

fn bench_generic(c: &mut Criterion) {
    let bridge: Vec<BridgeSetup> = DEVILS_SEEDS
        .iter()
        .map(|&seed| BridgeSetup::from_seed(seed, Vulnerability::None, BridgeOptions::default()))
        .collect();
    let devils: Vec<HandSetup> = DEVILS_SEEDS
        .iter()
        .map(|&seed| HandSetup::seeded(DevilsBridgeOptions::for_players(4), seed, 10, None, false))
        .collect();
    let mut group = c.benchmark_group("generic");
    group.sample_size(10);
    group.bench_function("bridge table of the same seeds", |b| {
        b.iter(|| {
            for deal in &bridge {
                black_box(Solver::new().table(black_box(&deal.hands)).unwrap());
            }
        })
    });
    group.bench_function("devils bridge 4 players, range of the leader", |b| {
        b.iter(|| {
            for setup in &devils {
                let position = Position::new(
                    TrickRules::plain(setup.trump()),
                    setup.hands.0.clone(),
                    setup.first_player(),
                    Sides::EachAlone,
                );
                let leader = setup.first_player();
                black_box(Solver::new().range(black_box(&position), leader).unwrap());
            }
        })
    });
    group.finish();
}

/// Seeds whose Deuces Wild tables take the solver a few seconds (others still take tens
/// of seconds: see `examples/generic_speed.rs`, case `deuces-table`).
const DEUCES_SEEDS: [u64; 2] = [1, 3];

/// The full Deuces Wild table (five strains, four declarers) beside the Contract Bridge
/// table of the same hands: Deuces Wild deals are normal 52-card deals.
fn bench_deuces(c: &mut Criterion) {
    let variant = BridgeVariant::DeucesWild;
    let bridge: Vec<BridgeSetup> = DEUCES_SEEDS
        .into_iter()
        .map(|seed| BridgeSetup::from_seed(seed, Vulnerability::None, BridgeOptions::default()))
        .collect();
    let mut group = c.benchmark_group("deuces wild");
    group.sample_size(10);
    group.bench_function("bridge table of 2 deals", |b| {
        b.iter(|| {
            for deal in &bridge {
                black_box(Solver::new().table(black_box(&deal.hands)).unwrap());
            }
        })
    });
    group.bench_function("deuces wild table of the same hands", |b| {
        b.iter(|| {
            for deal in &bridge {
                let table = Solver::new()
                    .table_for(black_box(&deal.hands), &Strain::STANDARD, |s| {
                        variant.trick_rules(s)
                    })
                    .unwrap();
                black_box(table);
            }
        })
    });
    group.finish();
}

/// Seeds whose Five Crowns tables take the solver under a second (the median deal takes
/// about five: see `examples/generic_speed.rs`, case `crowns-table`).
const CROWNS_SEEDS: [u64; 2] = [2, 7];

/// The full Five Crowns table (six strains, four declarers, under the default unwinnable
/// joker and under the named one) beside the Contract Bridge table of the same seeds.
fn bench_crowns(c: &mut Criterion) {
    let variant = BridgeVariant::FiveCrowns(Default::default());
    let seeded = |variant| {
        CROWNS_SEEDS
            .into_iter()
            .map(|seed| {
                let options = BridgeOptions::default();
                BridgeSetup::seeded(variant, seed, None, Vulnerability::None, options)
            })
            .collect::<Vec<_>>()
    };
    let (bridge, crowns) = (seeded(BridgeVariant::Standard), seeded(variant));
    let strains = variant.auction_rules().strains();
    let mut group = c.benchmark_group("five crowns");
    group.sample_size(10);
    group.bench_function("bridge table of 2 deals", |b| {
        b.iter(|| {
            for deal in &bridge {
                black_box(Solver::new().table(black_box(&deal.hands)).unwrap());
            }
        })
    });
    // The same deals under `nominated_two` too: in no trump the joker is named as a two.
    let named = BridgeVariant::FiveCrowns(FiveCrownsRules {
        fc_nt_joker: NtJoker::NominatedTwo,
        ..FiveCrownsRules::default()
    });
    for (name, rules) in [
        ("five crowns table of the same seeds", variant),
        ("five crowns table, named joker", named),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                for deal in &crowns {
                    let table = Solver::new()
                        .table_for(black_box(&deal.hands), &strains, |s| rules.trick_rules(s))
                        .unwrap();
                    black_box(table);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_table,
    bench_deuces,
    bench_crowns,
    bench_generic
);
criterion_main!(benches);
