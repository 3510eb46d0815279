//! Game records: a PBN file of 10,000 finished Contract Bridge deals (full tags, auction
//! and all thirteen tricks, as a club's results file has them) read, replayed and
//! written.
//!
//! - `read`: `parse_pbn_file` of the whole file (the syntactic layer);
//! - `write`: `game_from_deal` of every deal and `format_pbn_file` of the whole file;
//! - `read and replay`: `parse_pbn_file`, then `boards_from_file`: every game's auction
//!   and play replayed through the rules, the file's tag inheritance resolved once. It is
//!   timed on files of 1,000 and 10,000 deals, whose equal rates per deal show the time
//!   grows with the file and no faster.
//!
//! `read` and `write` are reported in deals per second and in megabytes of PBN per
//! second. `scripts/bench_records.py` times the same work against endplay.
//!
//! `cargo bench -p tenace-formats --bench records`

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use tenace_formats::pbn_board::boards_from_file;
use tenace_formats::pbn_export::game_from_deal;
use tenace_formats::pbn_file::{PbnFile, format_pbn_file, parse_pbn_file};
use tenace_rules::bridge::BridgeDeal;

mod common {
    pub mod random_games;
}
use common::random_games::{pbn_file, random_deals, record_info};

/// Deals in the file.
const DEALS: u32 = 10_000;

/// The sizes of the files replayed whole (see the module docs).
const REPLAYED: [u32; 2] = [1_000, 10_000];

/// Few samples, short warm-ups: one pass over the file takes a good fraction of a second.
fn configure(group: &mut BenchmarkGroup<'_, WallTime>) {
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
}

fn write_all(deals: &[BridgeDeal]) -> String {
    let games = deals
        .iter()
        .zip(1..)
        .map(|(deal, board)| game_from_deal(deal, &record_info(board)).expect("bridge"))
        .collect();
    format_pbn_file(&PbnFile {
        games,
        trailer: Vec::new(),
    })
}

fn bench_read_write(c: &mut Criterion) {
    let deals = random_deals(DEALS);
    let text = format_pbn_file(&pbn_file(&deals));
    let bytes = text.len() as u64;
    eprintln!(
        "records: {DEALS} deals, {:.2} MB of PBN",
        bytes as f64 / 1e6
    );

    for (unit, throughput) in [
        ("deals", Throughput::Elements(u64::from(DEALS))),
        ("bytes", Throughput::BytesDecimal(bytes)),
    ] {
        let mut group = c.benchmark_group(format!("pbn {DEALS} deals, {unit} per second"));
        group.throughput(throughput);
        configure(&mut group);
        group.bench_function("read", |b| {
            b.iter(|| black_box(parse_pbn_file(black_box(&text)).expect("our own file")))
        });
        group.bench_function("write", |b| {
            b.iter(|| black_box(write_all(black_box(&deals))))
        });
        group.finish();
    }
}

fn bench_replay(c: &mut Criterion) {
    let deals = random_deals(*REPLAYED.iter().max().expect("sizes"));
    let mut group = c.benchmark_group("pbn read and replay, deals per second");
    configure(&mut group);
    for count in REPLAYED {
        let text = format_pbn_file(&pbn_file(&deals[..count as usize]));
        group.throughput(Throughput::Elements(u64::from(count)));
        group.bench_function(format!("{count} deals"), |b| {
            b.iter(|| {
                let file = parse_pbn_file(black_box(&text)).expect("our own file");
                for board in boards_from_file(&file) {
                    black_box(board.expect("a legal record"));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_read_write, bench_replay);
criterion_main!(benches);
