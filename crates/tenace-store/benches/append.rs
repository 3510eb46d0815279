//! Appends per second to a SQLite file (WAL, `synchronous=FULL`): one commit per append
//! against a group commit shared by many writers. The server's own figures are read
//! against these.
//!
//! `cargo bench -p tenace-store --bench append`; criterion prints each shape's
//! appends/second as its throughput, and each group-commit shape prints its commits and
//! its writer's time in transactions per append. With `TENACE_TEST_POSTGRES_URL` set (as
//! `scripts/test` sets it for the tests) the same shapes run again against a fresh
//! database on that Postgres server, named `postgres/...`.
//!
//! On the shared 2-core development machine, whose disk flush took anywhere from 0.15 to
//! 4 ms from one run to the next, five runs gave 64 writers through the group committer
//! 21 to 64 times the appends/second of one writer committing each append, and 4 to 44
//! times that of 16 writers committing each append; at best about 30,000 appends/second
//! grouped (about 25 us of transaction per append). Compare shapes within one run.

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

#[path = "../tests/support/postgres_scratch.rs"]
mod scratch;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::json;
use tenace_store::{
    GroupCommitter, NewEvent, NewTable, PlayerId, PlayerToken, SqliteStore, Store, TableId,
    Visibility,
};

/// Where a bench's store lives.
#[derive(Clone, Copy)]
enum Backend<'a> {
    /// A fresh SQLite file.
    Sqlite,
    /// A fresh database on the Postgres server this connection string names.
    Postgres(&'a str),
}

impl Backend<'_> {
    /// The prefix of the shapes' names.
    fn prefix(self) -> &'static str {
        match self {
            Backend::Sqlite => "",
            Backend::Postgres(_) => "postgres/",
        }
    }
}

/// A store on a fresh file or database with one table per writer, and each table's next
/// seq.
struct Bench {
    // Dropped before `_place`, so the database is let go before its file or database is.
    store: Arc<dyn Store>,
    tables: Vec<(TableId, AtomicU64)>,
    actor: PlayerId,
    /// The temporary folder or database, removed on drop.
    _place: Box<dyn std::any::Any + Send + Sync>,
}

impl Bench {
    fn new(backend: Backend<'_>, writers: usize) -> Self {
        let (store, place): (Arc<dyn Store>, Box<dyn std::any::Any + Send + Sync>) = match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().expect("a temp dir");
                let store =
                    SqliteStore::open(dir.path().join("tenace.sqlite")).expect("the store opens");
                (Arc::new(store), Box::new(dir))
            }
            Backend::Postgres(url) => {
                let db = scratch::ScratchDatabase::create(url, "bench");
                (Arc::new(db.connect()), Box::new(db))
            }
        };
        let actor = store
            .create_player("Bench", &PlayerToken::generate().hash())
            .expect("a player")
            .id;
        let tables = (0..writers)
            .map(|_| {
                let table = store
                    .create_table(&NewTable {
                        game_config: json!({"game": "bridge"}),
                        match_kind: json!("rubber"),
                        visibility: Visibility::Public,
                        host: actor,
                        settings: json!({}),
                    })
                    .expect("a table");
                (table.id, AtomicU64::new(1))
            })
            .collect();
        Self {
            store,
            tables,
            actor,
            _place: place,
        }
    }

    /// The next event of writer `writer`'s table: a card play, as the server would log it.
    fn next_event(&self, writer: usize) -> NewEvent {
        let (table, next) = &self.tables[writer];
        let seq = next.fetch_add(1, Ordering::Relaxed);
        NewEvent {
            table: *table,
            seq,
            client_id: Some(format!("cmd-{seq}")),
            actor: Some(self.actor),
            kind: "play".into(),
            payload: json!({"seat": "S", "card": "HQ", "version": seq}),
        }
    }

    /// Runs `iters` appends split over the writers, each writer on its own thread, and
    /// returns the wall time.
    fn run(&self, iters: u64, append: impl Fn(NewEvent) + Sync) -> Duration {
        let writers = self.tables.len() as u64;
        let start = Instant::now();
        std::thread::scope(|scope| {
            for writer in 0..self.tables.len() {
                let share = iters / writers + u64::from((writer as u64) < iters % writers);
                let append = &append;
                scope.spawn(move || {
                    for _ in 0..share {
                        append(self.next_event(writer));
                    }
                });
            }
        });
        start.elapsed()
    }
}

fn appends(c: &mut Criterion) {
    let mut group = c.benchmark_group("append");
    let report = |name: &str, stats: tenace_store::CommitStats| {
        eprintln!(
            "{name}: {} appends in {} commits ({:.1} per commit, largest {}), {:.1} us of transaction per append",
            stats.appends,
            stats.batches,
            stats.appends as f64 / stats.batches.max(1) as f64,
            stats.largest_batch,
            stats.busy_micros as f64 / stats.appends.max(1) as f64,
        );
    };
    group
        .throughput(Throughput::Elements(1))
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));

    // SQLite always; Postgres when the tests' server is named.
    let url = scratch::server_url();
    let mut backends = vec![Backend::Sqlite];
    backends.extend(url.as_deref().map(Backend::Postgres));
    for backend in backends {
        let prefix = backend.prefix();
        // One commit (one fsync) per append, from one writer and from many.
        for writers in [1, 16] {
            let bench = Bench::new(backend, writers);
            group.bench_function(format!("{prefix}commit_each/{writers}_writers"), |b| {
                b.iter_custom(|iters| {
                    bench.run(iters, |event| {
                        bench.store.append(&event).expect("append");
                    })
                });
            });
        }

        // Group commit: every writer's appends share the writer thread's commits.
        for writers in [16, 64, 256] {
            let bench = Bench::new(backend, writers);
            let committer = GroupCommitter::start(Arc::clone(&bench.store));
            group.bench_function(format!("{prefix}group_commit/{writers}_writers"), |b| {
                b.iter_custom(|iters| {
                    bench.run(iters, |event| {
                        committer.append(event).expect("append");
                    })
                });
            });
            report(
                &format!("{prefix}group_commit/{writers}_writers"),
                committer.stats(),
            );
        }
        // As an async server uses it: few threads, many tables in flight, answers through
        // `append_then`. Each of two submitters sends one append for each of its tables, then
        // waits for all their answers before the next round (a table waits for its commit).
        for tables in [256, 1024] {
            let bench = Bench::new(backend, tables);
            let committer = GroupCommitter::start(Arc::clone(&bench.store));
            let submitters = 2;
            group.bench_function(format!("{prefix}group_commit_then/{tables}_tables"), |b| {
                b.iter_custom(|iters| {
                    let start = Instant::now();
                    std::thread::scope(|scope| {
                        for submitter in 0..submitters {
                            let (bench, committer) = (&bench, &committer);
                            scope.spawn(move || {
                                let mine: Vec<usize> =
                                    (submitter..tables).step_by(submitters).collect();
                                let mut left = iters / submitters as u64;
                                while left > 0 {
                                    let round = &mine[..mine.len().min(left as usize)];
                                    let (sender, answers) = std::sync::mpsc::channel();
                                    for &writer in round {
                                        let sender = sender.clone();
                                        committer.append_then(
                                            bench.next_event(writer),
                                            move |outcome| {
                                                let _ = sender.send(outcome);
                                            },
                                        );
                                    }
                                    drop(sender);
                                    for outcome in answers {
                                        outcome.expect("append");
                                    }
                                    left -= round.len() as u64;
                                }
                            });
                        }
                    });
                    start.elapsed()
                });
            });
            report(
                &format!("{prefix}group_commit_then/{tables}_tables"),
                committer.stats(),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, appends);
criterion_main!(benches);
