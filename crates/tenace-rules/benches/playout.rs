//! Random playouts, legal-move generation, observations and resampling, for Contract
//! Bridge and for Bridgette (exchange, restricted auction, colons).
//!
//! `cargo bench -p tenace-rules --bench playout`

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
use tenace_rules::bridgette::{BridgetteDeal, BridgetteOptions, BridgetteSetup};
use tenace_rules::{Game, Phase, Vulnerability};

fn new_deal(seed: u64) -> BridgeDeal {
    let setup = BridgeSetup::from_seed(seed, Vulnerability::None, BridgeOptions::default());
    BridgeDeal::from_setup(setup).expect("seeded deals are valid")
}

/// Plays a deal to the end with uniformly random legal actions.
fn playout(deal: &mut impl Game, rng: &mut ChaCha8Rng) {
    while let Some(player) = deal.to_act().iter().next() {
        let legal = deal.legal_actions(player);
        let action = legal[rng.random_range(0..legal.len())];
        deal.apply_unchecked(player, action);
    }
}

/// Times whole deals from fresh seeds, played with uniformly random legal actions.
fn bench_random_playout<G: Game>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    new: fn(u64) -> G,
) {
    group.bench_function("random_playout", |b| {
        let mut seed = 0u64;
        b.iter_batched(
            || {
                seed += 1;
                (new(seed), ChaCha8Rng::seed_from_u64(seed))
            },
            |(mut deal, mut rng)| {
                playout(&mut deal, &mut rng);
                black_box(deal.outcome())
            },
            BatchSize::SmallInput,
        )
    });
}

/// A deal in mid-play: the auction over and a few tricks played.
fn mid_play(seed: u64) -> BridgeDeal {
    let mut deal = new_deal(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while deal.play().is_none_or(|p| p.completed().len() < 4) {
        let Some(player) = deal.to_act().iter().next() else {
            return mid_play(seed + 1000);
        };
        let legal = deal.legal_actions(player);
        // Pass often so that contracts are not all at the seven level.
        let pass = legal[0];
        let action = if rng.random_bool(0.7) {
            pass
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        deal.apply_unchecked(player, action);
    }
    deal
}

fn bench_playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("bridge");
    group.throughput(Throughput::Elements(1));
    bench_random_playout(&mut group, new_deal);
    group.bench_function("deal_from_seed", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            black_box(new_deal(seed))
        })
    });
    let auction = new_deal(5);
    let bidder = auction.to_act().iter().next().expect("the dealer calls");
    group.bench_function("legal_calls", |b| {
        b.iter(|| black_box(auction.legal_actions(black_box(bidder))))
    });
    let playing = mid_play(9);
    let player = playing.to_act().iter().next().expect("someone plays");
    group.bench_function("legal_cards", |b| {
        b.iter(|| black_box(playing.legal_actions(black_box(player))))
    });
    group.bench_function("observation", |b| {
        b.iter(|| black_box(playing.observation(black_box(player))))
    });
    group.bench_function("resample", |b| {
        let obs = playing.observation(player);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        b.iter(|| black_box(BridgeDeal::resample(&obs, &mut rng).expect("consistent")))
    });
    group.finish();
}

fn new_bridgette(seed: u64) -> BridgetteDeal {
    let setup = BridgetteSetup::seeded(BridgetteOptions::default(), seed, None);
    BridgetteDeal::from_setup(setup).expect("seeded deals are valid")
}

/// A Bridgette deal with its exchange done and `tricks` tricks played (random actions).
fn bridgette_at(seed: u64, tricks: usize) -> BridgetteDeal {
    let mut deal = new_bridgette(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while deal.phase() == Phase::Exchange
        || deal.play().is_some_and(|p| p.completed().len() < tricks)
    {
        let player = deal.to_act().iter().next().expect("someone acts");
        let legal = deal.legal_actions(player);
        deal.apply_unchecked(player, legal[rng.random_range(0..legal.len())]);
    }
    deal
}

fn bench_bridgette(c: &mut Criterion) {
    let mut group = c.benchmark_group("bridgette");
    group.throughput(Throughput::Elements(1));
    bench_random_playout(&mut group, new_bridgette);
    let auction = bridgette_at(5, 0);
    let bidder = auction.to_act().iter().next().expect("the dealer calls");
    group.bench_function("legal_calls", |b| {
        b.iter(|| black_box(auction.legal_actions(black_box(bidder))))
    });
    let mut playing = bridgette_at(9, 0);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    while playing.phase() == Phase::Auction {
        // The highest bid, then passes: a contract to play.
        let p = playing.to_act().iter().next().expect("someone calls");
        let legal = playing.legal_actions(p);
        let call = if rng.random_bool(0.5) {
            legal[0]
        } else {
            legal[legal.len() - 1]
        };
        playing.apply_unchecked(p, call);
    }
    let player = playing.to_act().iter().next();
    if let Some(player) = player {
        group.bench_function("observation", |b| {
            b.iter(|| black_box(playing.observation(black_box(player))))
        });
        group.bench_function("resample", |b| {
            let obs = playing.observation(player);
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            b.iter(|| black_box(BridgetteDeal::resample(&obs, &mut rng).expect("consistent")))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_playout, bench_bridgette);
criterion_main!(benches);
