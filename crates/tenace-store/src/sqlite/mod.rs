//! The SQLite store: one file, WAL, `synchronous=FULL`, migrations applied on open.
//!
//! One connection writes (behind a mutex; SQLite has one writer anyway) and a small pool of
//! read-only connections serves reads, so a lobby query never waits behind a commit's fsync.
//! An in-memory database has a single connection for both.

mod append;
mod checkpoint;
mod rows;
mod schema;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use rusqlite::{Connection, Params, Row, params};
use serde_json::Value;

use crate::error::{Result, StoreError};
use crate::model::{
    Appended, Event, NewEvent, NewTable, Player, PlayerId, Table, TableId, TableStatus, Timestamp,
    Visibility,
};
use crate::sql::{json_text, sql_limit};
use crate::store::Store;
use crate::token::{InviteToken, TokenHash};
use crate::validate;
use rows::{EVENT_COLUMNS, PLAYER_COLUMNS, TABLE_COLUMNS};

/// The database file's name when the caller has no other: `tenace serve` opens it in the
/// working directory.
pub const DEFAULT_FILE_NAME: &str = "tenace.sqlite";

/// Idle read connections kept open for reuse; more are opened under load and closed after.
const MAX_IDLE_READERS: usize = 4;

/// The store in a SQLite database.
///
/// ```
/// use serde_json::json;
/// use tenace_store::{NewEvent, NewTable, PlayerToken, SqliteStore, Store, Visibility};
///
/// let dir = tempfile::tempdir()?;
/// let store = SqliteStore::open(dir.path().join("tenace.sqlite"))?;
/// let host = store.create_player("Ada", &PlayerToken::generate().hash())?;
/// let table = store.create_table(&NewTable {
///     game_config: json!({"game": "bridge"}),
///     match_kind: json!("rubber"),
///     visibility: Visibility::Public,
///     host: host.id,
///     settings: json!({}),
/// })?;
/// store.append(&NewEvent {
///     table: table.id,
///     seq: 1,
///     client_id: Some("c1".into()),
///     actor: Some(host.id),
///     kind: "sit".into(),
///     payload: json!({"seat": "S"}),
/// })?;
/// assert_eq!(store.events(table.id, 1)?.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct SqliteStore {
    /// The file, or `None` in memory.
    path: Option<PathBuf>,
    /// The one connection that writes (and, in memory, reads too).
    writer: Mutex<Connection>,
    /// Idle read-only connections to the file; always empty in memory.
    idle_readers: Mutex<Vec<Connection>>,
    /// Copies the log into the file off the commit path; none in memory.
    _checkpointer: Option<checkpoint::Checkpointer>,
}

impl fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SqliteStore")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl SqliteStore {
    /// Opens (creating if need be) the database file at `path` and brings its schema up to
    /// date. Fails with `SchemaTooNew` if a newer build wrote it.
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref().to_path_buf();
        let writer = Connection::open(&path).context("opening the database file")?;
        let mut store = Self::start(Some(path.clone()), writer)?;
        store._checkpointer = Some(checkpoint::Checkpointer::start(&path)?);
        Ok(store)
    }

    /// A fresh database in memory, gone when the store is dropped: for tests and examples.
    pub fn open_in_memory() -> Result<Self> {
        let writer = Connection::open_in_memory().context("opening an in-memory database")?;
        Self::start(None, writer)
    }

    /// Configures and migrates the writer connection.
    fn start(path: Option<PathBuf>, mut writer: Connection) -> Result<Self> {
        schema::configure_writer(&writer)?;
        schema::migrate(&mut writer)?;
        Ok(Self {
            path,
            writer: Mutex::new(writer),
            idle_readers: Mutex::new(Vec::new()),
            _checkpointer: None,
        })
    }

    /// The schema version this build writes (the database's `user_version` after open).
    pub fn schema_version() -> i64 {
        schema::supported_version()
    }

    /// The writer connection. A panic while it was held cannot leave a transaction open
    /// (rusqlite rolls back on drop), so a poisoned lock is taken as it is.
    fn writer(&self) -> MutexGuard<'_, Connection> {
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `read` on a read-only connection (the writer's, in memory).
    fn read<T>(&self, read: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        let Some(path) = &self.path else {
            return read(&self.writer());
        };
        let idle = self
            .idle_readers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        let conn = match idle {
            Some(conn) => conn,
            None => {
                let conn = Connection::open(path).context("opening a read connection")?;
                schema::configure_reader(&conn)?;
                conn
            }
        };
        let result = read(&conn);
        let mut idle = self
            .idle_readers
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if idle.len() < MAX_IDLE_READERS {
            idle.push(conn);
        }
        result
    }
}

/// Adds what the store was doing to a SQLite error.
pub(crate) trait Context<T> {
    /// The error as [`StoreError::Backend`] with `what` as its context.
    fn context(self, what: &'static str) -> Result<T>;
}

impl<T> Context<T> for rusqlite::Result<T> {
    fn context(self, what: &'static str) -> Result<T> {
        self.map_err(|error| StoreError::backend(what, error))
    }
}

/// Whether `error` is the breach of a constraint of kind `code` (an extended result code
/// such as `SQLITE_CONSTRAINT_UNIQUE`).
fn is_constraint(error: &rusqlite::Error, code: std::ffi::c_int) -> bool {
    error
        .sqlite_error()
        .is_some_and(|failure| failure.extended_code == code)
}

/// Every row `sql` returns, decoded.
fn query_all<T>(
    conn: &Connection,
    sql: &str,
    params: impl Params,
    decode: fn(&Row<'_>) -> Result<T>,
) -> Result<Vec<T>> {
    let mut statement = conn.prepare_cached(sql).context("preparing a query")?;
    let mut rows = statement.query(params).context("running a query")?;
    let mut decoded = Vec::new();
    while let Some(row) = rows.next().context("reading a row")? {
        decoded.push(decode(row)?);
    }
    Ok(decoded)
}

/// The first row `sql` returns, decoded, if any.
fn query_first<T>(
    conn: &Connection,
    sql: &str,
    params: impl Params,
    decode: fn(&Row<'_>) -> Result<T>,
) -> Result<Option<T>> {
    let mut statement = conn.prepare_cached(sql).context("preparing a query")?;
    let mut rows = statement.query(params).context("running a query")?;
    rows.next()
        .context("reading a row")?
        .map(decode)
        .transpose()
}

impl Store for SqliteStore {
    fn create_player(&self, display_name: &str, token_hash: &TokenHash) -> Result<Player> {
        let display_name = validate::display_name(display_name)?;
        let created_at = Timestamp::now();
        let conn = self.writer();
        conn.prepare_cached(
            "INSERT INTO players (display_name, token_hash, created_at) VALUES (?1, ?2, ?3)",
        )
        .and_then(|mut insert| {
            insert.execute(params![display_name, &token_hash.0[..], created_at.0])
        })
        .map_err(|error| {
            if is_constraint(&error, rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE) {
                StoreError::DuplicateTokenHash
            } else {
                StoreError::backend("creating a player", error)
            }
        })?;
        Ok(Player {
            id: PlayerId(conn.last_insert_rowid()),
            display_name: display_name.to_owned(),
            created_at,
        })
    }

    fn player(&self, id: PlayerId) -> Result<Option<Player>> {
        self.read(|conn| {
            query_first(
                conn,
                &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = ?1"),
                [id.0],
                rows::player,
            )
        })
    }

    fn player_by_token(&self, token_hash: &TokenHash) -> Result<Option<Player>> {
        self.read(|conn| {
            query_first(
                conn,
                &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE token_hash = ?1"),
                [&token_hash.0[..]],
                rows::player,
            )
        })
    }

    fn rename_player(&self, id: PlayerId, display_name: &str) -> Result<Player> {
        let display_name = validate::display_name(display_name)?;
        query_first(
            &self.writer(),
            &format!(
                "UPDATE players SET display_name = ?2 WHERE id = ?1 RETURNING {PLAYER_COLUMNS}"
            ),
            params![id.0, display_name],
            rows::player,
        )?
        .ok_or(StoreError::UnknownPlayer(id))
    }

    fn create_table(&self, table: &NewTable) -> Result<Table> {
        let invite = match table.visibility {
            Visibility::Public => None,
            Visibility::Private => Some(InviteToken::generate()),
        };
        let game_config = json_text(&table.game_config, "game_config")?;
        let match_kind = json_text(&table.match_kind, "match_kind")?;
        let settings = json_text(&table.settings, "settings")?;
        let created_at = Timestamp::now();
        let conn = self.writer();
        conn.prepare_cached(
            "INSERT INTO tables (game_config, match_kind, visibility, invite_token, host, status,
                                 settings, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )
        .and_then(|mut insert| {
            insert.execute(params![
                game_config,
                match_kind,
                table.visibility.as_str(),
                invite.as_ref().map(InviteToken::as_str),
                table.host.0,
                TableStatus::Open.as_str(),
                settings,
                created_at.0,
            ])
        })
        .map_err(|error| {
            if is_constraint(&error, rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY) {
                StoreError::UnknownPlayer(table.host)
            } else {
                StoreError::backend("creating a table", error)
            }
        })?;
        Ok(Table {
            id: TableId(conn.last_insert_rowid()),
            game_config: table.game_config.clone(),
            match_kind: table.match_kind.clone(),
            visibility: table.visibility,
            invite,
            host: table.host,
            status: TableStatus::Open,
            settings: table.settings.clone(),
            created_at,
        })
    }

    fn table(&self, id: TableId) -> Result<Option<Table>> {
        self.read(|conn| {
            query_first(
                conn,
                &format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?1"),
                [id.0],
                rows::table,
            )
        })
    }

    fn table_by_invite(&self, invite: &InviteToken) -> Result<Option<Table>> {
        self.read(|conn| {
            query_first(
                conn,
                &format!("SELECT {TABLE_COLUMNS} FROM tables WHERE invite_token = ?1"),
                [invite.as_str()],
                rows::table,
            )
        })
    }

    fn set_table_status(&self, id: TableId, status: TableStatus) -> Result<()> {
        let changed = self
            .writer()
            .prepare_cached("UPDATE tables SET status = ?2 WHERE id = ?1")
            .and_then(|mut update| update.execute(params![id.0, status.as_str()]))
            .context("setting a table's status")?;
        if changed == 0 {
            return Err(StoreError::UnknownTable(id));
        }
        Ok(())
    }

    fn set_table_settings(&self, id: TableId, settings: &Value) -> Result<()> {
        let settings = json_text(settings, "settings")?;
        let changed = self
            .writer()
            .prepare_cached("UPDATE tables SET settings = ?2 WHERE id = ?1")
            .and_then(|mut update| update.execute(params![id.0, settings]))
            .context("setting a table's settings")?;
        if changed == 0 {
            return Err(StoreError::UnknownTable(id));
        }
        Ok(())
    }

    fn open_public_tables(&self, limit: usize) -> Result<Vec<Table>> {
        self.read(|conn| {
            query_all(
                conn,
                &format!(
                    "SELECT {TABLE_COLUMNS} FROM tables
                     WHERE status = 'open' AND visibility = 'public'
                     ORDER BY id DESC LIMIT ?1"
                ),
                [sql_limit(limit)],
                rows::table,
            )
        })
    }

    fn count_tables_created_by(&self, host: PlayerId, since: Timestamp) -> Result<u64> {
        let count: i64 = self.read(|conn| {
            conn.prepare_cached("SELECT count(*) FROM tables WHERE host = ?1 AND created_at >= ?2")
                .and_then(|mut count| count.query_row(params![host.0, since.0], |row| row.get(0)))
                .context("counting a player's tables")
        })?;
        u64::try_from(count).map_err(|_| StoreError::corrupt("tables", "count(*)", "negative"))
    }

    fn unfinished_tables(&self) -> Result<Vec<Table>> {
        self.read(|conn| {
            query_all(
                conn,
                &format!(
                    "SELECT {TABLE_COLUMNS} FROM tables WHERE status <> 'finished' ORDER BY id"
                ),
                [],
                rows::table,
            )
        })
    }

    fn append_batch(&self, events: &[NewEvent]) -> Result<Vec<Result<Appended>>> {
        append::append_batch(&mut self.writer(), events)
    }

    fn events(&self, table: TableId, from_seq: u64) -> Result<Vec<Event>> {
        let from_seq = i64::try_from(from_seq).unwrap_or(i64::MAX);
        self.read(|conn| {
            let events = query_all(
                conn,
                &format!(
                    "SELECT {EVENT_COLUMNS} FROM events WHERE table_id = ?1 AND seq >= ?2 ORDER BY seq"
                ),
                params![table.0, from_seq],
                rows::event,
            )?;
            // An empty answer may hide a mistyped id: say so rather than show an empty log.
            if events.is_empty() {
                append::last_seq(conn, table)?;
            }
            Ok(events)
        })
    }

    fn last_seq(&self, table: TableId) -> Result<u64> {
        self.read(|conn| append::last_seq(conn, table))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::PlayerToken;

    /// Reads go through their own connections, so a lobby query answers while a commit
    /// holds the writer.
    #[test]
    fn reads_do_not_wait_for_the_writer() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let store = SqliteStore::open(dir.path().join("tenace.sqlite")).expect("opens");
        let player = store
            .create_player("Reader", &PlayerToken::generate().hash())
            .expect("player");
        let held = store.writer();
        held.execute_batch("BEGIN IMMEDIATE; UPDATE players SET display_name = 'Held'")
            .expect("a write transaction in progress");
        let (answer_tx, answer) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let _ = answer_tx.send(
                    store
                        .player(player.id)
                        .map(|found| found.map(|p| p.display_name)),
                );
            });
            let read = answer.recv_timeout(std::time::Duration::from_secs(5));
            // Let go of the writer before asserting, so a failed read cannot deadlock.
            held.execute_batch("ROLLBACK").expect("rollback");
            drop(held);
            // The reader sees the last commit, not the transaction in progress.
            assert_eq!(
                read.ok().and_then(Result::ok),
                Some(Some("Reader".to_owned())),
                "the read waited for the writer or saw uncommitted data"
            );
        });
    }

    /// A disk that fills up mid-batch: whatever SQLite does (undo one statement or the
    /// whole transaction), what the outcomes say was stored is exactly what is stored.
    #[test]
    fn a_full_disk_mid_batch_never_misreports_what_was_stored() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let store = SqliteStore::open(dir.path().join("tenace.sqlite")).expect("opens");
        let host = crate::conformance::new_player(&store, "Filler");
        // One table per event, so a later event does not hang on an earlier one's seq.
        let tables: Vec<TableId> = (0..12)
            .map(|_| crate::conformance::new_table(&store, host.id, Visibility::Public).id)
            .collect();
        let pages: i64 = store
            .writer()
            .query_row("PRAGMA page_count", [], |row| row.get(0))
            .expect("page_count");
        // Room for a few of the large events below, not all of them.
        store
            .writer()
            .pragma_update(None, "max_page_count", pages + 6)
            .expect("limit the file");
        let batch: Vec<NewEvent> = tables
            .iter()
            .map(|&table| NewEvent {
                table,
                seq: 1,
                client_id: None,
                actor: None,
                kind: "chat".into(),
                payload: json!("x".repeat(3000)),
            })
            .collect();
        let outcome = store.append_batch(&batch);
        let stored: Vec<TableId> = tables
            .iter()
            .copied()
            .filter(|&table| store.last_seq(table).expect("last seq") > 0)
            .collect();
        match outcome {
            Ok(outcomes) => {
                let reported: Vec<TableId> = batch
                    .iter()
                    .zip(&outcomes)
                    .filter(|(_, outcome)| matches!(outcome, Ok(Appended::New(_))))
                    .map(|(event, _)| event.table)
                    .collect();
                assert_eq!(reported, stored, "outcomes {outcomes:?}");
                assert!(
                    outcomes.iter().any(Result::is_err),
                    "the limit was never hit"
                );
            }
            Err(error) => {
                assert!(matches!(error, StoreError::Backend { .. }), "{error}");
                assert_eq!(stored, [], "a failed batch stored events");
            }
        }
        store
            .writer()
            .pragma_update(None, "max_page_count", 1 << 30)
            .expect("lift the limit");
        let unstored = tables
            .iter()
            .position(|table| !stored.contains(table))
            .expect("an event was refused");
        store
            .append(&batch[unstored])
            .expect("the store goes on after the disk frees up");
    }
}
