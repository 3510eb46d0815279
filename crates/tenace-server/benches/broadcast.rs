//! What a broadcast costs the table server a move, without the sockets: writing each
//! viewer's view of the new version and the message that brings each connection there.
//!
//! Each game is played by people first (one a seat, no computer players), keeping the
//! table after every action. Then each bench walks those versions one by one for one
//! connection a seat, as the server's broadcast does:
//!
//! - `patches`: the views in parts ([`tenace_table::Views::parts_for`]), each seat's part
//!   and the shared one made once a version, and a patch against the last view each
//!   connection was sent ([`tenace_server::patch::message_from`]);
//! - `whole views`, the reference from the same run: each viewer's view written whole,
//!   as the server sent it before patches;
//! - `json-patch diff`, a second reference: the patches the `json-patch` crate works out
//!   between the same two views of each viewer, read into values first.
//!
//! Criterion's throughput is in table versions (moves), so each line reads as moves a
//! second on one core. Compare the lines within one run: on the shared 2-core development
//! machine single timings drift.
//!
//! `cargo bench -p tenace-server --bench broadcast`

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

// The views are written with the allocator the `tenace` binary uses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::collections::HashMap;
use std::hint::black_box;
use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use tenace_cards::Player;
use tenace_server::patch::{Memo, SentView, VersionParts, message_from};
use tenace_table::{Actor, Command, Settings, Table, TableSetup, ViewCache, Viewer};

/// The players' keys: the person in seat `i` is `i + 1`.
fn people(table: &Table) -> Vec<i64> {
    (1..=table.seats().len() as i64).collect()
}

/// Whether `action` is a call that names no contract.
fn pass_or_double(action: &str) -> bool {
    ["P", "X", "XX"].contains(&action)
}

/// The next action: whose, what, and whether it opens the auction. Each is the first
/// legal action of the first person offered one, except that the first call of an
/// auction (`opened` false) is a bid, since four passes would end the deal at once, and
/// nobody changes a Devil's Bridge bid, which may be changed again and again while the
/// next player has not bid.
fn next_action(table: &Table, opened: bool) -> Option<(i64, String, bool)> {
    people(table).into_iter().find_map(|id| {
        let legal = table.legal_for(Viewer::Player(id));
        let mut offered = legal.iter().filter(|a| !a.starts_with("change "));
        let first = offered.clone().next();
        let calling = legal.iter().any(|a| a == "P");
        match offered.find(|a| calling && !opened && !pass_or_double(a)) {
            Some(bid) => Some((id, bid.clone(), true)),
            None => first.map(|a| (id, a.clone(), false)),
        }
    })
}

/// `game` played by people: the table after every action, over whole deals until at
/// least 50 actions were taken (a Devil's Bridge game begins with hands of one card,
/// two, ...), or until nobody is offered an action.
fn versions(game: &str) -> Vec<Table> {
    let setup = TableSetup::new(game, None, None, 7, Settings::default()).expect("a setup");
    let mut table = Table::new(setup, 1).expect("a table");
    let actor = |id: i64| Actor::Player {
        id,
        name: format!("P{id}"),
    };
    for (i, id) in people(&table).into_iter().enumerate() {
        let seat = table.game().seat_name(Player(i as u8));
        let event = table
            .check(&actor(id), &Command::Sit { seat })
            .expect("a free seat");
        table.apply(&event).expect("applies");
    }
    let mut versions = vec![table.clone()];
    let mut opened = false;
    while let Some((id, action, bid)) = next_action(&table, opened) {
        assert!(versions.len() < 1_000, "{game}: over 1,000 actions");
        let finished = table.game().finished_count();
        let event = table
            .check(&actor(id), &Command::Act { action })
            .expect("a legal action");
        table.apply(&event).expect("applies");
        versions.push(table.clone());
        opened |= bid;
        if table.game().finished_count() > finished {
            opened = false;
            if versions.len() > 50 {
                break;
            }
        }
    }
    versions
}

/// Every connection's message for every version, as the server makes them with
/// patches; returns the bytes sent.
fn with_patches(versions: &[Table]) -> usize {
    let mut cache = ViewCache::default();
    let mut sent: HashMap<i64, Arc<SentView>> = HashMap::new();
    let mut bytes = 0;
    for table in versions {
        let mut views = table.views(Some(1), &|_| true, &mut cache);
        let mut made = VersionParts::default();
        let mut memo = Memo::default();
        for id in people(table) {
            let parts = views.parts_for(Viewer::Player(id));
            let view = Arc::new(made.view(table.version(), parts));
            bytes += message_from(sent.get(&id).map(|v| &**v), &view, &mut memo).len();
            sent.insert(id, view);
        }
    }
    bytes
}

/// Every connection's whole view for every version: the reference.
fn whole_views(versions: &[Table]) -> usize {
    let mut cache = ViewCache::default();
    let mut bytes = 0;
    for table in versions {
        let mut views = table.views(Some(1), &|_| true, &mut cache);
        for id in people(table) {
            bytes += views.text_for(Viewer::Player(id)).len();
        }
    }
    bytes
}

/// The `json-patch` crate's patches between the same views, read into values: the second
/// reference. Returns their bytes.
fn crate_diffs(versions: &[Table]) -> usize {
    let mut cache = ViewCache::default();
    let mut last: HashMap<i64, serde_json::Value> = HashMap::new();
    let mut bytes = 0;
    for table in versions {
        let mut views = table.views(Some(1), &|_| true, &mut cache);
        for id in people(table) {
            let text = views.text_for(Viewer::Player(id));
            let view: serde_json::Value = serde_json::from_str(&text).expect("a view");
            if let Some(before) = last.get(&id) {
                bytes += serde_json::to_string(&json_patch::diff(before, &view))
                    .expect("a patch")
                    .len();
            }
            last.insert(id, view);
        }
    }
    bytes
}

fn broadcast(c: &mut Criterion) {
    let mut group = c.benchmark_group("broadcast");
    group.sample_size(20);
    for game in tenace_table::GAMES {
        let versions = versions(game);
        let (patched, whole) = (with_patches(&versions), whole_views(&versions));
        eprintln!(
            "{game}: {} versions; bytes to one connection a seat: {patched} as patches, {whole} as whole views",
            versions.len()
        );
        group.throughput(Throughput::Elements(versions.len() as u64));
        group.bench_with_input(BenchmarkId::new("patches", game), &versions, |b, v| {
            b.iter(|| black_box(with_patches(v)));
        });
        group.bench_with_input(BenchmarkId::new("whole views", game), &versions, |b, v| {
            b.iter(|| black_box(whole_views(v)));
        });
        group.bench_with_input(
            BenchmarkId::new("json-patch diff", game),
            &versions,
            |b, v| b.iter(|| black_box(crate_diffs(v))),
        );
    }
    group.finish();
}

criterion_group!(benches, broadcast);
criterion_main!(benches);
