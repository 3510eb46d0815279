//! The Postgres schema, as embedded migrations applied on connect, recorded in the
//! `schema_version` table.

use postgres::Client;

use super::Context;
use crate::error::{Result, StoreError};
use crate::model::Timestamp;

/// The migrations in order: `schema_version` holds one row per migration applied.
/// A migration once released is never edited; a change is a new entry.
///
/// The tables and columns are SQLite's, so both stores keep the same things under the same
/// names. Ids are `BIGSERIAL` and times `BIGINT` milliseconds, as the model's `i64`s are.
/// JSON is kept as `TEXT`, not `JSONB`: the store never looks inside it, `TEXT` gives back
/// exactly what was written, and `JSONB` would refuse a string holding `\u0000`, which
/// SQLite stores and a payload may carry. Constraints are named, because the store tells a
/// broken foreign key or a taken key apart by the constraint's name.
const MIGRATIONS: &[&str] = &[
    // 1: players, tables and the event log.
    "
    CREATE TABLE players (
        id           BIGSERIAL PRIMARY KEY,
        display_name TEXT      NOT NULL,
        token_hash   BYTEA     NOT NULL CHECK (octet_length(token_hash) = 32),
        created_at   BIGINT    NOT NULL,
        CONSTRAINT players_token_hash_unique UNIQUE (token_hash)
    );

    CREATE TABLE tables (
        id           BIGSERIAL PRIMARY KEY,
        game_config  TEXT      NOT NULL,
        match_kind   TEXT      NOT NULL,
        visibility   TEXT      NOT NULL CHECK (visibility IN ('public', 'private')),
        invite_token TEXT,
        host         BIGINT    NOT NULL,
        status       TEXT      NOT NULL CHECK (status IN ('open', 'playing', 'finished')),
        settings     TEXT      NOT NULL,
        created_at   BIGINT    NOT NULL,
        CONSTRAINT tables_invite_token_unique UNIQUE (invite_token),
        CONSTRAINT tables_host_fkey FOREIGN KEY (host) REFERENCES players (id)
    );
    -- The lobby and the replay on start.
    CREATE INDEX tables_by_status ON tables (status, visibility, id);
    -- The per-player creation limit.
    CREATE INDEX tables_by_host ON tables (host, created_at);

    -- The primary key is UNIQUE(table_id, seq): the optimistic lock.
    CREATE TABLE events (
        table_id   BIGINT NOT NULL,
        seq        BIGINT NOT NULL CHECK (seq >= 1),
        client_id  TEXT,
        actor      BIGINT,
        kind       TEXT   NOT NULL,
        payload    TEXT   NOT NULL,
        created_at BIGINT NOT NULL,
        CONSTRAINT events_pkey PRIMARY KEY (table_id, seq),
        CONSTRAINT events_table_fkey FOREIGN KEY (table_id) REFERENCES tables (id),
        CONSTRAINT events_actor_fkey FOREIGN KEY (actor) REFERENCES players (id)
    );
    -- Idempotency: one event per client command id and actor at a table. NULLs are distinct
    -- in a unique index, so a missing actor (a bot or the server) is keyed as player 0,
    -- which no player is; server events without a command id are not keyed at all.
    CREATE UNIQUE INDEX events_by_client_id
        ON events (table_id, COALESCE(actor, 0), client_id) WHERE client_id IS NOT NULL;
    ",
    // 2: the cluster of servers sharing the database. Times are the database's own clock
    // (`clock_timestamp()`), so servers on machines whose clocks differ agree on who is
    // alive.
    "
    CREATE TABLE server_processes (
        id           BIGSERIAL   PRIMARY KEY,
        label        TEXT        NOT NULL,
        started_at   TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
        heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
    );

    -- Who drives each table's computer players. No foreign key to the process: a driver
    -- whose process row is gone is as dead as one that stopped beating.
    CREATE TABLE table_drivers (
        table_id   BIGINT      PRIMARY KEY,
        process_id BIGINT      NOT NULL,
        since      TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT table_drivers_table_fkey FOREIGN KEY (table_id) REFERENCES tables (id)
    );
    CREATE INDEX table_drivers_by_process ON table_drivers (process_id);

    -- Who is connected to which table at which process; a process's rows go with it.
    CREATE TABLE presence (
        table_id   BIGINT NOT NULL,
        player_id  BIGINT NOT NULL,
        process_id BIGINT NOT NULL,
        CONSTRAINT presence_pkey PRIMARY KEY (table_id, player_id, process_id),
        CONSTRAINT presence_process_fkey FOREIGN KEY (process_id)
            REFERENCES server_processes (id) ON DELETE CASCADE
    );
    CREATE INDEX presence_by_process ON presence (process_id);
    ",
];

/// The key of the advisory lock the migration holds, so that two servers starting on one
/// database at once migrate one after the other rather than both creating the tables.
/// Any fixed number does; this one spells "tenace" in ASCII.
const MIGRATION_LOCK: i64 = 0x74_65_6e_61_63_65;

/// The schema version this build migrates to.
pub(super) fn supported_version() -> i64 {
    i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX)
}

/// Applies the migrations the database lacks, all in one transaction.
pub(super) fn migrate(client: &mut Client) -> Result<()> {
    let mut tx = client.transaction().context("starting the migration")?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .context("taking the migration lock")?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_version (
             version    BIGINT PRIMARY KEY,
             applied_at BIGINT NOT NULL
         )",
    )
    .context("creating schema_version")?;
    let found: i64 = tx
        .query_one("SELECT COALESCE(max(version), 0) FROM schema_version", &[])
        .and_then(|row| row.try_get(0))
        .context("reading schema_version")?;
    let supported = supported_version();
    if found > supported {
        return Err(StoreError::SchemaTooNew { found, supported });
    }
    let applied = usize::try_from(found).map_err(|_| {
        StoreError::corrupt("schema_version", "version", format!("{found} is negative"))
    })?;
    let now = Timestamp::now();
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(applied) {
        tx.batch_execute(migration)
            .context("applying a migration")?;
        let version = i64::try_from(index + 1).unwrap_or(i64::MAX);
        tx.execute(
            "INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)",
            &[&version, &now.0],
        )
        .context("writing schema_version")?;
    }
    tx.commit().context("committing the migration")
}
