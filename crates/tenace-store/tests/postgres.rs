//! The Postgres store: the conformance suite, each check on a fresh database, and what only
//! Postgres has to show (writers on several connections racing for a seq, a failed
//! statement rolled back alone in a batch, versioned migrations, corrupt rows, the token
//! never written).
//!
//! The server is the one `TENACE_TEST_POSTGRES_URL` names; `scripts/test` starts a
//! throwaway one and sets it. Without it these tests print that they were skipped and pass,
//! so a plain `cargo test` needs no Postgres, except under CI (`CI` set), where they fail
//! rather than pass without having run.

#[path = "support/fixtures.rs"]
mod fixtures;

#[path = "support/postgres_scratch.rs"]
mod scratch;

use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;
use tenace_store::{
    Appended, GroupCommitter, NewEvent, PlayerId, PlayerToken, PostgresStore, Store, StoreError,
    conformance,
};

use fixtures::{event, table_in};
use scratch::ScratchDatabase;

/// A fresh database, or `None` when the Postgres tests are skipped.
fn scratch() -> Option<ScratchDatabase> {
    scratch::for_test("test", "Postgres tests")
}

/// One test per conformance check, each on a fresh database, so a failure names it.
macro_rules! conformance_on_postgres {
    ($($check:ident),+ $(,)?) => {
        mod conformance_on_postgres {
            use super::*;
            $(
                #[test]
                fn $check() {
                    let Some(db) = scratch() else { return };
                    conformance::$check(&db.connect());
                }
            )+
        }
    };
}

conformance_on_postgres!(
    players,
    tables,
    lobby_and_replay_lists,
    append_and_read,
    seq_conflicts,
    duplicate_client_ids,
    unknown_ids,
    mixed_batch,
);

#[test]
fn conformance_group_commit_on_postgres() {
    let Some(db) = scratch() else { return };
    conformance::group_commit_many_threads(Arc::new(db.connect()));
}

#[test]
fn conformance_suite_twice_on_one_database() {
    let Some(db) = scratch() else { return };
    conformance::run(Arc::new(db.connect()));
    // The checks never assume an empty store: a reconnected, populated one passes too.
    conformance::run(Arc::new(db.connect()));
}

#[test]
fn a_failed_statement_mid_batch_is_rolled_back_alone() {
    let Some(db) = scratch() else { return };
    let store = db.connect();
    let (host, table) = table_in(&store);
    let (_, other) = table_in(&store);
    let ghost = PlayerId(i64::MAX - 1);
    // The ghost's insert would break a foreign key, an error after which Postgres refuses
    // every statement of the transaction: the append finds the player missing first.
    let batch = [
        NewEvent {
            actor: Some(host.id),
            ..event(table, 1, "a")
        },
        NewEvent {
            actor: Some(ghost),
            ..event(table, 2, "b")
        },
        event(other, 1, "c"),
        event(table, 2, "d"),
    ];
    let outcomes = store.append_batch(&batch).expect("the batch commits");
    assert!(matches!(outcomes[0], Ok(Appended::New(_))), "{outcomes:?}");
    assert!(
        matches!(outcomes[1], Err(StoreError::UnknownPlayer(p)) if p == ghost),
        "{outcomes:?}"
    );
    assert!(matches!(outcomes[2], Ok(Appended::New(_))), "{outcomes:?}");
    assert!(matches!(outcomes[3], Ok(Appended::New(_))), "{outcomes:?}");
    let clients = |table| {
        store
            .events(table, 1)
            .expect("log")
            .into_iter()
            .map(|event| event.client_id.unwrap_or_default())
            .collect::<Vec<_>>()
    };
    assert_eq!(clients(table), ["a", "d"]);
    assert_eq!(clients(other), ["c"]);
}

/// Waits until `count` sessions of the database are waiting for a lock.
fn wait_for_lock_waiters(raw: &mut postgres::Client, count: i64) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let waiting: i64 = raw
            .query_one(
                "SELECT count(*) FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'",
                &[],
            )
            .and_then(|row| row.try_get(0))
            .expect("pg_stat_activity");
        if waiting >= count {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{waiting} of {count} appends wait for the other writer"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The lost race itself, made certain: another writer inserts seq 1 and holds its
/// transaction open while two appends that read an empty log insert seq 1 behind it. When
/// it commits, the append with its command id gets its event as a duplicate and the other
/// gets `SeqConflict`; when it rolls back instead, the waiting append is stored.
#[test]
fn appends_racing_another_writer_for_a_seq() {
    let Some(db) = scratch() else { return };
    let store = db.connect();
    let (_, table) = table_in(&store);
    let (_, second_table) = table_in(&store);
    let mut other_writer = db.raw();
    let mut watcher = db.raw();

    let mut tx = other_writer.transaction().expect("begin");
    tx.execute(
        "INSERT INTO events (table_id, seq, client_id, actor, kind, payload, created_at)
         VALUES ($1, 1, 'winner', NULL, 'call', '{\"n\": 1}', 1)",
        &[&table.0],
    )
    .expect("the other writer's insert");
    let (retry, stale) = std::thread::scope(|scope| {
        let retry = scope.spawn(|| store.append(&event(table, 1, "winner")));
        let stale = scope.spawn(|| store.append(&event(table, 1, "loser")));
        wait_for_lock_waiters(&mut watcher, 2);
        tx.commit().expect("the other writer commits");
        (
            retry.join().expect("retry thread"),
            stale.join().expect("stale thread"),
        )
    });
    match retry {
        Ok(Appended::Duplicate(first)) => {
            assert_eq!((first.seq, first.payload), (1, json!({"n": 1})));
        }
        other => panic!("the same command lost the race: {other:?}"),
    }
    assert!(
        matches!(stale, Err(StoreError::SeqConflict { attempted: 1, last: 1, table: t }) if t == table),
        "{stale:?}"
    );

    let mut tx = other_writer.transaction().expect("begin");
    tx.execute(
        "INSERT INTO events (table_id, seq, client_id, actor, kind, payload, created_at)
         VALUES ($1, 1, NULL, NULL, 'call', '{}', 1)",
        &[&second_table.0],
    )
    .expect("the other writer's insert");
    let waiting = std::thread::scope(|scope| {
        let waiting = scope.spawn(|| store.append(&event(second_table, 1, "patient")));
        wait_for_lock_waiters(&mut watcher, 1);
        tx.rollback().expect("the other writer gives up");
        waiting.join().expect("waiting thread")
    });
    assert!(matches!(waiting, Ok(Appended::New(_))), "{waiting:?}");
    assert_eq!(store.last_seq(second_table).ok(), Some(1));
}

/// Two servers on one database, each with its own pool and group committer, race for the
/// seqs of one table: every seq is won once, no append is lost or doubled, and a command
/// sent to both is stored once.
#[test]
fn two_stores_share_one_log() {
    const RACERS_PER_STORE: usize = 3;
    const WINS_PER_RACER: u64 = 15;
    let Some(db) = scratch() else { return };
    let stores: Vec<Arc<dyn Store>> = vec![Arc::new(db.connect()), Arc::new(db.connect())];
    let (_, table) = table_in(&*stores[0]);
    let (_, shared_commands) = table_in(&*stores[0]);
    let committers: Vec<GroupCommitter> = stores
        .iter()
        .map(|store| GroupCommitter::start(Arc::clone(store)))
        .collect();
    const BOTH_COMMANDS: u64 = 20;
    let conflicts = std::sync::atomic::AtomicU64::new(0);
    let barrier = Barrier::new(2);
    let both_outcomes = [Mutex::new(Vec::new()), Mutex::new(Vec::new())];
    std::thread::scope(|scope| {
        for (which, (store, committer)) in stores.iter().zip(&committers).enumerate() {
            for racer in 0..RACERS_PER_STORE {
                let conflicts = &conflicts;
                scope.spawn(move || {
                    let mut wins = 0;
                    while wins < WINS_PER_RACER {
                        let next = store.last_seq(table).expect("last seq") + 1;
                        let client = format!("s{which}r{racer}-{wins}");
                        match committer.append(event(table, next, &client)) {
                            Ok(Appended::New(_)) => wins += 1,
                            Err(StoreError::SeqConflict { .. }) => {
                                conflicts.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            }
                            other => panic!("store {which} racer {racer}: {other:?}"),
                        }
                    }
                });
            }
        }
        // The same commands, sent to both servers at once, as a client that failed over.
        // Outcomes are checked after the scope: a thread that panicked here would leave
        // the other waiting at the barrier forever.
        for (committer, outcomes) in committers.iter().zip(&both_outcomes) {
            let barrier = &barrier;
            scope.spawn(move || {
                for seq in 1..=BOTH_COMMANDS {
                    barrier.wait();
                    let outcome = committer
                        .append(event(shared_commands, seq, &format!("both-{seq}")))
                        .map(|outcome| outcome.event().seq)
                        .map_err(|error| error.to_string());
                    outcomes.lock().expect("outcomes").push((seq, outcome));
                }
            });
        }
    });
    for committer in &committers {
        committer.shutdown();
    }

    let log = stores[1].events(table, 1).expect("log");
    let total = (2 * RACERS_PER_STORE) as u64 * WINS_PER_RACER;
    assert_eq!(
        log.iter().map(|event| event.seq).collect::<Vec<_>>(),
        (1..=total).collect::<Vec<_>>(),
        "the log is gapless"
    );
    let mut clients: Vec<String> = log
        .into_iter()
        .filter_map(|event| event.client_id)
        .collect();
    clients.sort();
    clients.dedup();
    assert_eq!(clients.len() as u64, total, "every win stored once");
    for (which, outcomes) in both_outcomes.into_iter().enumerate() {
        for (seq, outcome) in outcomes.into_inner().expect("outcomes") {
            assert_eq!(outcome, Ok(seq), "store {which}, command both-{seq}");
        }
    }
    let shared = stores[0].events(shared_commands, 1).expect("log");
    assert_eq!(
        shared.len() as u64,
        BOTH_COMMANDS,
        "a command sent to both is stored once"
    );
    eprintln!(
        "two stores: {total} appends won, {} lost a race and were retried",
        conflicts.into_inner()
    );
}

#[test]
fn the_schema_is_versioned_and_a_newer_one_refused() {
    let Some(db) = scratch() else { return };
    drop(db.connect());
    let mut raw = db.raw();
    let versions = |raw: &mut postgres::Client| -> Vec<i64> {
        raw.query("SELECT version FROM schema_version ORDER BY version", &[])
            .expect("schema_version")
            .iter()
            .map(|row| row.get(0))
            .collect()
    };
    let expected: Vec<i64> = (1..=PostgresStore::schema_version()).collect();
    assert_eq!(versions(&mut raw), expected);
    // Connecting to an up-to-date database migrates nothing and keeps working.
    let store = db.connect();
    table_in(&store);
    assert_eq!(versions(&mut raw), expected);
    drop(store);

    raw.execute(
        "INSERT INTO schema_version (version, applied_at) VALUES (99, 0)",
        &[],
    )
    .expect("bump");
    let error = PostgresStore::connect(db.url()).expect_err("a newer schema");
    assert!(
        matches!(error, StoreError::SchemaTooNew { found: 99, supported } if supported == PostgresStore::schema_version()),
        "{error}"
    );
}

#[test]
fn stores_connecting_at_once_migrate_once() {
    let Some(db) = scratch() else { return };
    let stores: Vec<PostgresStore> = std::thread::scope(|scope| {
        let connecting: Vec<_> = (0..4).map(|_| scope.spawn(|| db.connect())).collect();
        connecting
            .into_iter()
            .map(|handle| handle.join().expect("connects"))
            .collect()
    });
    for store in &stores {
        table_in(store);
    }
    let applied: i64 = db
        .raw()
        .query_one("SELECT count(*) FROM schema_version", &[])
        .and_then(|row| row.try_get(0))
        .expect("schema_version");
    assert_eq!(applied, PostgresStore::schema_version());
}

#[test]
fn corrupt_rows_are_errors_naming_the_column() {
    let Some(db) = scratch() else { return };
    let store = db.connect();
    let (_, table) = table_in(&store);
    store.append(&event(table, 1, "ok")).expect("append");
    store.append(&event(table, 2, "bad")).expect("append");

    let mut raw = db.raw();
    raw.execute("UPDATE events SET payload = '{not json' WHERE seq = 2", &[])
        .expect("corrupt a payload");
    let error = store.events(table, 1).expect_err("corrupt payload");
    assert!(
        matches!(
            error,
            StoreError::Corrupt {
                table: "events",
                column: "payload",
                ..
            }
        ),
        "{error}"
    );
    assert!(error.to_string().contains("events`.`payload"), "{error}");
    // What does not touch the bad row still works.
    assert_eq!(store.last_seq(table).ok(), Some(2));
    assert_eq!(store.events(table, 3).ok(), Some(Vec::new()));

    // The schema's CHECK keeps a bad status out, so a corrupt one needs the check gone.
    raw.batch_execute(
        "ALTER TABLE tables DROP CONSTRAINT tables_status_check;
         UPDATE tables SET status = 'lost'",
    )
    .expect("corrupt a status");
    let error = store.table(table).expect_err("corrupt status");
    assert!(
        matches!(
            error,
            StoreError::Corrupt {
                table: "tables",
                column: "status",
                ..
            }
        ),
        "{error}"
    );
    assert!(error.to_string().contains("lost"), "{error}");
}

#[test]
fn the_token_is_never_written_only_its_hash() {
    let Some(db) = scratch() else { return };
    let store = db.connect();
    let token = PlayerToken::generate();
    store
        .create_player("Secret", &token.hash())
        .expect("player");
    let raw_token: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&token.to_hex()[2 * i..2 * i + 2], 16).expect("hex"))
        .collect();
    let row = db
        .raw()
        .query_one(
            "SELECT count(*) FILTER (WHERE token_hash = $1),
                    count(*) FILTER (WHERE strpos(players::text, $2) > 0),
                    count(*) FILTER (WHERE position($3 IN token_hash) > 0)
             FROM players",
            &[&&token.hash().as_bytes()[..], &token.to_hex(), &raw_token],
        )
        .expect("search the players");
    let counts: (i64, i64, i64) = (row.get(0), row.get(1), row.get(2));
    assert_eq!(counts, (1, 0, 0), "(hash stored, hex stored, bytes stored)");
}

#[test]
fn payloads_come_back_exactly() {
    let Some(db) = scratch() else { return };
    let store = db.connect();
    let (_, table) = table_in(&store);
    // A NUL character and a float: what JSONB would refuse or might respell.
    let payload = json!({"text": "a\u{0}b", "ratio": 0.1, "big": u64::MAX, "nested": [[]]});
    store
        .append(&NewEvent {
            payload: payload.clone(),
            ..event(table, 1, "exact")
        })
        .expect("append");
    let log = store.events(table, 1).expect("log");
    assert_eq!(log[0].payload, payload);
}

#[test]
fn connect_refuses_a_bad_url_and_a_closed_port() {
    let error = PostgresStore::connect("host=127.0.0.1 port=not-a-number").expect_err("a bad URL");
    assert!(
        matches!(
            error,
            StoreError::InvalidField {
                field: "database_url",
                ..
            }
        ),
        "{error}"
    );
    // A port nothing listens on: bound, then let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let started = Instant::now();
    let error = PostgresStore::connect(&format!("postgres://tenace@127.0.0.1:{port}/tenace"))
        .expect_err("nothing listens");
    assert!(matches!(error, StoreError::Backend { .. }), "{error}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "a refused connection failed at once"
    );
}
