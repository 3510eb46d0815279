//! The SQLite schema, as embedded migrations applied on open, and the connection settings.

use rusqlite::{Connection, TransactionBehavior};

use super::Context;
use crate::error::{Result, StoreError};

/// The migrations in order: the database's `user_version` counts how many were applied.
/// A migration once released is never edited; a change is a new entry.
const MIGRATIONS: &[&str] = &[
    // 1: players, tables and the event log.
    "
    CREATE TABLE players (
        id           INTEGER PRIMARY KEY,
        display_name TEXT    NOT NULL,
        token_hash   BLOB    NOT NULL UNIQUE CHECK (length(token_hash) = 32),
        created_at   INTEGER NOT NULL
    );

    CREATE TABLE tables (
        id           INTEGER PRIMARY KEY,
        game_config  TEXT    NOT NULL,
        match_kind   TEXT    NOT NULL,
        visibility   TEXT    NOT NULL CHECK (visibility IN ('public', 'private')),
        invite_token TEXT    UNIQUE,
        host         INTEGER NOT NULL REFERENCES players (id),
        status       TEXT    NOT NULL CHECK (status IN ('open', 'playing', 'finished')),
        settings     TEXT    NOT NULL,
        created_at   INTEGER NOT NULL
    );
    -- The lobby and the replay on start.
    CREATE INDEX tables_by_status ON tables (status, visibility, id);
    -- The per-player creation limit.
    CREATE INDEX tables_by_host ON tables (host, created_at);

    -- The primary key is UNIQUE(table_id, seq): the optimistic lock.
    CREATE TABLE events (
        table_id   INTEGER NOT NULL REFERENCES tables (id),
        seq        INTEGER NOT NULL CHECK (seq >= 1),
        client_id  TEXT,
        actor      INTEGER REFERENCES players (id),
        kind       TEXT    NOT NULL,
        payload    TEXT    NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;
    -- Idempotency: one event per client command id and actor at a table. NULLs are distinct
    -- in a unique index, so a missing actor (a bot or the server) is keyed as player 0,
    -- which no player is; server events without a command id are not keyed at all.
    CREATE UNIQUE INDEX events_by_client_id
        ON events (table_id, ifnull(actor, 0), client_id) WHERE client_id IS NOT NULL;
    ",
];

/// The schema version this build migrates to.
pub(super) fn supported_version() -> i64 {
    i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX)
}

/// Settings of the connection that writes: WAL so readers never wait for the writer,
/// `synchronous=FULL` so a commit is on disk before it is acknowledged, foreign keys on.
pub(super) fn configure_writer(conn: &Connection) -> Result<()> {
    // An in-memory database answers "memory" here, which is as durable as it gets.
    let mode: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
        .context("setting journal_mode")?;
    if mode != "wal" && mode != "memory" {
        return Err(StoreError::backend(
            "setting journal_mode",
            std::io::Error::other(format!("SQLite kept journal_mode {mode}, not wal")),
        ));
    }
    conn.pragma_update(None, "synchronous", "FULL")
        .context("setting synchronous")?;
    conn.pragma_update(None, "wal_autocheckpoint", WRITER_AUTOCHECKPOINT_PAGES)
        .context("setting wal_autocheckpoint")?;
    configure_common(conn)
}

/// The log size, in pages, past which a commit copies the log into the database file
/// (SQLite's `wal_autocheckpoint`; 1,000 by default).
///
/// Appends spread over many tables dirty a page or two per table, so at the default nearly
/// every large commit also paid for a checkpoint, and pages rewritten by each commit were
/// copied each time. At 10,000 (about 40 MiB of log) a page is copied once for many
/// commits: batches of appends to 1,000 tables took 40-45 us per append against 63-66
/// (median batch 35-43 ms against 65-67), with no worse a tail. The log is copied by the
/// checkpointer's thread (`checkpoint.rs`) long before it reaches this size: the
/// writer's own checkpoint is the backstop should that thread fall behind.
const WRITER_AUTOCHECKPOINT_PAGES: i64 = 10_000;

/// Settings of the checkpointer's connection: its checkpoints sync the database file
/// before the log may start afresh, as the writer's would.
pub(super) fn configure_checkpointer(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "synchronous", "FULL")
        .context("setting synchronous")?;
    configure_common(conn)
}

/// Settings of a connection that only reads.
pub(super) fn configure_reader(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "query_only", true)
        .context("setting query_only")?;
    configure_common(conn)
}

/// Settings every connection needs: foreign keys, and a wait rather than an instant
/// "database is locked" when another process holds the write lock.
fn configure_common(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "foreign_keys", true)
        .context("setting foreign_keys")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))
        .context("setting busy_timeout")
}

/// Applies the migrations the database lacks, all in one transaction.
pub(super) fn migrate(conn: &mut Connection) -> Result<()> {
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .context("starting the migration")?;
    let found: i64 = tx
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .context("reading user_version")?;
    let supported = supported_version();
    if found > supported {
        return Err(StoreError::SchemaTooNew { found, supported });
    }
    let applied = usize::try_from(found).map_err(|_| {
        StoreError::corrupt("pragma", "user_version", format!("{found} is negative"))
    })?;
    for migration in &MIGRATIONS[applied..] {
        tx.execute_batch(migration)
            .context("applying a migration")?;
    }
    tx.pragma_update(None, "user_version", supported)
        .context("writing user_version")?;
    tx.commit().context("committing the migration")
}
