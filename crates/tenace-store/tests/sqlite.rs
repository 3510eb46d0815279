//! The SQLite store: the conformance suite on memory and on a file, and what only a real
//! file can show (durability across reopen and a killed process, migrations, corrupt rows,
//! the token never written).

#[path = "support/fixtures.rs"]
mod fixtures;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tenace_store::{
    Appended, GroupCommitter, PlayerToken, SqliteStore, Store, StoreError, TableId, conformance,
};

use fixtures::{event, table_in};

/// A fresh in-memory store.
fn memory() -> SqliteStore {
    SqliteStore::open_in_memory().expect("an in-memory store opens")
}

/// One test per conformance check, each on a fresh in-memory store, so a failure names it.
macro_rules! conformance_on_memory {
    ($($check:ident),+ $(,)?) => {
        mod conformance_in_memory {
            use super::*;
            $(
                #[test]
                fn $check() {
                    conformance::$check(&memory());
                }
            )+
        }
    };
}

conformance_on_memory!(
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
fn conformance_group_commit_in_memory() {
    conformance::group_commit_many_threads(Arc::new(memory()));
}

#[test]
fn conformance_suite_on_a_file_twice() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("tenace.sqlite");
    conformance::run(Arc::new(SqliteStore::open(&path).expect("opens")));
    // The checks never assume an empty store: a reopened, populated one passes too.
    conformance::run(Arc::new(SqliteStore::open(&path).expect("reopens")));
}

#[test]
fn appends_survive_drop_and_reopen() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("tenace.sqlite");
    let (token, table, written) = {
        let store = Arc::new(SqliteStore::open(&path).expect("opens"));
        let token = PlayerToken::generate();
        let player = store
            .create_player("Keeper", &token.hash())
            .expect("player");
        let (_, table) = table_in(&*store);
        store
            .append(&event(table, 1, "direct"))
            .expect("direct append");
        let committer = GroupCommitter::start(Arc::clone(&store) as Arc<dyn Store>);
        for seq in 2..=20 {
            committer
                .append(event(table, seq, &format!("c{seq}")))
                .expect("grouped append");
        }
        store.rename_player(player.id, "Keeper II").expect("rename");
        drop(committer);
        (token, table, store.events(table, 1).expect("log"))
    };
    let store = SqliteStore::open(&path).expect("reopens");
    assert_eq!(store.events(table, 1).expect("log after reopen"), written);
    assert_eq!(written.len(), 20);
    let player = store
        .player_by_token(&token.hash())
        .expect("lookup")
        .expect("kept");
    assert_eq!(player.display_name, "Keeper II");
    // After reopen the log goes on, and old client ids are still remembered.
    assert!(
        store
            .append(&event(table, 21, "c5"))
            .expect("retry")
            .is_duplicate()
    );
    assert!(matches!(
        store.append(&event(table, 21, "c21")),
        Ok(Appended::New(_))
    ));
}

#[test]
fn the_file_is_in_wal_mode_at_the_current_schema() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("tenace.sqlite");
    drop(SqliteStore::open(&path).expect("opens"));
    let raw = rusqlite::Connection::open(&path).expect("raw open");
    let mode: String = raw
        .query_row("PRAGMA journal_mode", [], |row| row.get(0))
        .expect("journal_mode");
    let version: i64 = raw
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("user_version");
    assert_eq!(
        (mode.as_str(), version),
        ("wal", SqliteStore::schema_version())
    );
    drop(raw);
    // Reopening an up-to-date file migrates nothing and keeps working.
    let store = SqliteStore::open(&path).expect("reopens");
    table_in(&store);
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("tenace.sqlite");
    drop(SqliteStore::open(&path).expect("opens"));
    let raw = rusqlite::Connection::open(&path).expect("raw open");
    raw.pragma_update(None, "user_version", 99).expect("bump");
    drop(raw);
    let error = SqliteStore::open(&path).expect_err("a newer schema");
    assert!(
        matches!(error, StoreError::SchemaTooNew { found: 99, supported } if supported == SqliteStore::schema_version()),
        "{error}"
    );
}

#[test]
fn corrupt_rows_are_errors_naming_the_column() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("tenace.sqlite");
    let store = SqliteStore::open(&path).expect("opens");
    let (_, table) = table_in(&store);
    store.append(&event(table, 1, "ok")).expect("append");
    store.append(&event(table, 2, "bad")).expect("append");

    let raw = rusqlite::Connection::open(&path).expect("raw open");
    raw.execute("UPDATE events SET payload = '{not json' WHERE seq = 2", [])
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

    // The schema's CHECK keeps a bad status out, so a corrupt one needs the check off.
    raw.execute_batch("PRAGMA ignore_check_constraints = ON; UPDATE tables SET status = 'lost'")
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

/// Every byte of the database's files.
fn database_bytes(dir: &Path) -> Vec<u8> {
    let mut bytes = Vec::new();
    for entry in std::fs::read_dir(dir).expect("list the temp dir") {
        bytes.extend(std::fs::read(entry.expect("an entry").path()).expect("read a file"));
    }
    bytes
}

#[test]
fn the_token_is_never_written_only_its_hash() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let store = SqliteStore::open(dir.path().join("tenace.sqlite")).expect("opens");
    let token = PlayerToken::generate();
    store
        .create_player("Secret", &token.hash())
        .expect("player");
    let bytes = database_bytes(dir.path());
    let contains = |needle: &[u8]| bytes.windows(needle.len()).any(|window| window == needle);
    assert!(contains(token.hash().as_bytes()), "the hash is stored");
    assert!(
        !contains(token.to_hex().as_bytes()),
        "the token's hex is not stored"
    );
    let raw: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&token.to_hex()[2 * i..2 * i + 2], 16).expect("hex"))
        .collect();
    assert!(!contains(&raw), "the token's bytes are not stored");
}

/// The environment variable that turns [`killed_writer_child`] into the writer.
const CHILD_DB: &str = "TENACE_STORE_CHILD_DB";
/// The tables the killed writer appends to.
const CHILD_TABLES: usize = 3;

/// Not a test on its own: run by [`acknowledged_appends_survive_sigkill`] as a child
/// process. It opens the store (making its tables the first time), retries the last stored
/// command of each table as a client would after losing its answer, then appends to every
/// table through one group committer, printing each append after its commit, until killed.
#[test]
fn killed_writer_child() {
    let Ok(path) = std::env::var(CHILD_DB) else {
        return;
    };
    let store = Arc::new(SqliteStore::open(&path).expect("child opens"));
    let mut tables: Vec<TableId> = store
        .unfinished_tables()
        .expect("tables")
        .iter()
        .map(|table| table.id)
        .collect();
    while tables.len() < CHILD_TABLES {
        tables.push(table_in(&*store).1);
    }
    let committer = Arc::new(GroupCommitter::start(Arc::clone(&store) as Arc<dyn Store>));
    let out = Arc::new(std::sync::Mutex::new(std::io::stdout()));
    let say = |line: String| {
        let mut out = out.lock().expect("stdout");
        writeln!(out, "{line}").expect("write");
        out.flush().expect("flush");
    };
    // The test harness has printed "test killed_writer_child ... " with no line end.
    say(String::new());
    for &table in &tables {
        let last = store.last_seq(table).expect("last seq");
        if last > 0 {
            let retry = event(table, last + 1, &format!("t{}-{last}", table.0));
            let outcome = committer.append(retry).expect("retry");
            assert!(
                outcome.is_duplicate(),
                "a retry after restart was applied again"
            );
            say(format!("RETRIED {} {last}", table.0));
        }
    }
    std::thread::scope(|scope| {
        for &table in &tables {
            let (committer, say) = (Arc::clone(&committer), &say);
            let first = store.last_seq(table).expect("last seq") + 1;
            scope.spawn(move || {
                for seq in first.. {
                    let client = format!("t{}-{seq}", table.0);
                    committer
                        .append(event(table, seq, &client))
                        .expect("child append");
                    say(format!("ACK {} {seq}", table.0));
                }
            });
        }
    });
}

/// Runs the writer child until it has acknowledged `acks` appends, then kills it with
/// SIGKILL; returns what it acknowledged and how many retries it found already stored.
fn run_and_kill_writer(path: &Path, acks: usize) -> (Vec<(i64, u64)>, usize) {
    let mut child = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--exact",
            "killed_writer_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_DB, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the writer");
    let stdout = child.stdout.take().expect("piped stdout");
    let (mut acked, mut retried) = (Vec::new(), 0);
    let started = Instant::now();
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("a line");
        let mut words = line.split(' ');
        match words.next() {
            Some("ACK") => {
                let table = words.next().and_then(|word| word.parse().ok());
                let seq = words.next().and_then(|word| word.parse().ok());
                acked.push((table.expect("ACK table"), seq.expect("ACK seq")));
            }
            Some("RETRIED") => retried += 1,
            _ => {}
        }
        // Killed mid-stream, while other appends are queued or committing.
        if acked.len() >= acks || started.elapsed() > Duration::from_secs(20) {
            break;
        }
    }
    child.kill().expect("SIGKILL the writer");
    child.wait().expect("reap the writer");
    assert_eq!(acked.len(), acks, "the writer stopped acknowledging");
    (acked, retried)
}

#[test]
fn acknowledged_appends_survive_sigkill() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("tenace.sqlite");
    let mut acked = Vec::new();
    let mut retried = 0;
    // Uneven stopping points, so the kills land at different places in the batches.
    for acks in [37, 211, 128, 302] {
        // Each restart retries the last command of every table that has one.
        let to_retry = match SqliteStore::open(&path) {
            Ok(store) => store
                .unfinished_tables()
                .expect("tables")
                .iter()
                .filter(|table| store.last_seq(table.id).expect("last seq") > 0)
                .count(),
            // The first round makes the file.
            Err(_) => 0,
        };
        let (round, round_retried) = run_and_kill_writer(&path, acks);
        assert_eq!(round_retried, to_retry, "retries answered as duplicates");
        acked.extend(round);
        retried += round_retried;
    }
    assert!(retried > 0, "no restart found a command to retry");

    let store = SqliteStore::open(&path).expect("reopens after the kills");
    let tables = store.unfinished_tables().expect("tables");
    assert_eq!(tables.len(), CHILD_TABLES);
    let mut stored = 0;
    for table in tables {
        let log = store.events(table.id, 1).expect("log");
        for (index, event) in log.iter().enumerate() {
            assert_eq!(event.seq, index as u64 + 1, "table {} is gapless", table.id);
            let client = format!("t{}-{}", table.id, event.seq);
            assert_eq!(
                event.client_id.as_deref(),
                Some(client.as_str()),
                "once each"
            );
        }
        stored += log.len();
        for &(_, seq) in acked
            .iter()
            .filter(|&&(acked_table, _)| acked_table == table.id.0)
        {
            assert!(
                seq as usize <= log.len(),
                "acknowledged seq {seq} of table {} is lost",
                table.id
            );
        }
    }
    eprintln!(
        "4 SIGKILLs: {} appends acknowledged, {stored} stored, {retried} retries answered as duplicates",
        acked.len()
    );
    assert!(stored >= acked.len());
}
