//! The Postgres store: the same tables and guarantees as SQLite's, in a database that many
//! servers can share, reached through a small pool of blocking connections.
//!
//! Every call takes a connection from the pool for its own statements; an append batch is
//! one transaction on one connection. Reads run in autocommit, each statement seeing the
//! last commit, as SQLite's readers do.

mod append;
mod cluster;
mod notify;
mod rows;
mod schema;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use postgres::error::SqlState;
use postgres::{NoTls, Row};
use r2d2::{Pool, PooledConnection};
use r2d2_postgres::PostgresConnectionManager;
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

/// The most connections one store holds. A server has one group committer writing and
/// a blocking pool reading; more connections than cores rarely read faster, and Postgres
/// allows 100 by default for every server sharing it.
const MAX_CONNECTIONS: u32 = 16;

/// How long to wait for the database to accept a connection, or for a free connection of
/// the pool, before an error: long enough for a server on another machine under load,
/// short enough that a wrong address fails a start rather than hanging it.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The pool's connection manager: plain TCP or a Unix socket, no TLS (see
/// [`PostgresStore::connect`]).
type Manager = PostgresConnectionManager<NoTls>;

/// The store in a Postgres database.
///
/// Call it from plain threads or an async runtime's blocking pool (`spawn_blocking`), as
/// the server does: the blocking Postgres client waits on each call with a runtime of its
/// own, which panics on a thread that drives async tasks.
///
/// ```no_run
/// use serde_json::json;
/// use tenace_store::{NewEvent, NewTable, PlayerToken, PostgresStore, Store, Visibility};
///
/// let store = PostgresStore::connect("postgres://tenace@127.0.0.1:5432/tenace")?;
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
/// # Ok::<(), tenace_store::StoreError>(())
/// ```
pub struct PostgresStore {
    pool: SafePool,
    /// How to open a connection of its own, for listening to notices.
    config: postgres::Config,
    /// The cluster process this store appends for (0 before it joins), named in the
    /// notices of its appends so that it can skip its own.
    origin: Arc<AtomicI64>,
}

impl fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Not the URL: it may hold a password.
        f.debug_struct("PostgresStore")
            .field("connections", &self.pool.state().connections)
            .finish_non_exhaustive()
    }
}

impl PostgresStore {
    /// Connects to the database at `url` and brings its schema up to date.
    ///
    /// `url` is a libpq connection string, as a URL (`postgres://user:password@host:port/db`)
    /// or as `key=value` pairs (`host=127.0.0.1 user=tenace dbname=tenace`). Connections
    /// are not encrypted: the database should be on the same machine or a private network.
    ///
    /// Fails with `InvalidField` (field `database_url`) for a string that does not parse,
    /// `Backend` if the database cannot be reached, and `SchemaTooNew` if a newer build
    /// migrated it.
    pub fn connect(url: &str) -> Result<Self> {
        let mut config: postgres::Config = url.parse().map_err(|error: postgres::Error| {
            StoreError::invalid("database_url", error.to_string())
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        // One connection first, outside the pool: a database that is not there fails at
        // once with its own error, where the pool would retry until its timeout.
        let mut client = config
            .connect(NoTls)
            .context("connecting to the database")?;
        schema::migrate(&mut client)?;
        drop(client);
        let pool = Pool::builder()
            .max_size(MAX_CONNECTIONS)
            // The rest are opened as the load asks and closed after ten idle minutes.
            .min_idle(Some(1))
            .connection_timeout(CONNECT_TIMEOUT)
            .build(PostgresConnectionManager::new(config.clone(), NoTls))
            .context("opening the connection pool")?;
        Ok(Self {
            pool: SafePool(Some(pool)),
            config,
            origin: Arc::new(AtomicI64::new(0)),
        })
    }

    /// The schema version this build writes (the highest `schema_version` after connect).
    pub fn schema_version() -> i64 {
        schema::supported_version()
    }

    /// A connection of the pool. The pool checks that it still answers before handing it
    /// out, so a database restart costs a reconnect rather than a failed call.
    fn client(&self) -> Result<PooledConnection<Manager>> {
        self.pool.get().context("getting a database connection")
    }
}

/// The pool, closed on a thread of its own.
///
/// A blocking Postgres connection closes by waiting on a runtime of its own, which panics
/// on a thread that drives an async runtime; and the last holder of a pool (the server's
/// hub, dropped with a table's task when a runtime shuts down) may be on such a thread.
#[derive(Clone)]
pub(crate) struct SafePool(Option<Pool<Manager>>);

impl std::ops::Deref for SafePool {
    type Target = Pool<Manager>;

    fn deref(&self) -> &Pool<Manager> {
        // `Some` from its making until `drop`.
        self.0.as_ref().expect("the pool is there until dropped")
    }
}

impl Drop for SafePool {
    fn drop(&mut self) {
        if let Some(pool) = self.0.take() {
            let closing = std::thread::spawn(move || drop(pool));
            let _ = closing.join();
        }
    }
}

/// Adds what the store was doing to a Postgres or pool error.
pub(crate) trait Context<T> {
    /// The error as [`StoreError::Backend`] with `what` as its context.
    fn context(self, what: &'static str) -> Result<T>;
}

impl<T> Context<T> for std::result::Result<T, postgres::Error> {
    fn context(self, what: &'static str) -> Result<T> {
        self.map_err(|error| backend(what, error))
    }
}

/// A Postgres error as [`StoreError::Backend`]. An error the server sent displays only as
/// "db error", so the server's own error is kept instead, which says what it refused.
fn backend(what: &'static str, error: postgres::Error) -> StoreError {
    match error.as_db_error() {
        Some(db) => StoreError::backend(what, db.clone()),
        None => StoreError::backend(what, error),
    }
}

impl<T> Context<T> for std::result::Result<T, r2d2::Error> {
    fn context(self, what: &'static str) -> Result<T> {
        self.map_err(|error| StoreError::backend(what, error))
    }
}

/// Whether `error` is the breach of constraint `name` with SQLSTATE `code`.
fn is_constraint(error: &postgres::Error, code: &SqlState, name: &str) -> bool {
    error.code() == Some(code)
        && error
            .as_db_error()
            .and_then(|db| db.constraint())
            .is_some_and(|constraint| constraint == name)
}

/// Every row `rows` holds, decoded.
fn decode_all<T>(rows: &[Row], decode: fn(&Row) -> Result<T>) -> Result<Vec<T>> {
    rows.iter().map(decode).collect()
}

impl Store for PostgresStore {
    fn create_player(&self, display_name: &str, token_hash: &TokenHash) -> Result<Player> {
        let display_name = validate::display_name(display_name)?;
        let created_at = Timestamp::now();
        let row = self
            .client()?
            .query_one(
                "INSERT INTO players (display_name, token_hash, created_at) VALUES ($1, $2, $3)
                 RETURNING id",
                &[&display_name, &&token_hash.0[..], &created_at.0],
            )
            .map_err(|error| {
                if is_constraint(
                    &error,
                    &SqlState::UNIQUE_VIOLATION,
                    "players_token_hash_unique",
                ) {
                    StoreError::DuplicateTokenHash
                } else {
                    backend("creating a player", error)
                }
            })?;
        Ok(Player {
            id: PlayerId(row.try_get(0).context("reading a new player's id")?),
            display_name: display_name.to_owned(),
            created_at,
        })
    }

    fn player(&self, id: PlayerId) -> Result<Option<Player>> {
        self.client()?
            .query_opt(
                &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1"),
                &[&id.0],
            )
            .context("reading a player")?
            .as_ref()
            .map(rows::player)
            .transpose()
    }

    fn player_by_token(&self, token_hash: &TokenHash) -> Result<Option<Player>> {
        self.client()?
            .query_opt(
                &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE token_hash = $1"),
                &[&&token_hash.0[..]],
            )
            .context("reading a player by token")?
            .as_ref()
            .map(rows::player)
            .transpose()
    }

    fn rename_player(&self, id: PlayerId, display_name: &str) -> Result<Player> {
        let display_name = validate::display_name(display_name)?;
        self.client()?
            .query_opt(
                &format!(
                    "UPDATE players SET display_name = $2 WHERE id = $1 RETURNING {PLAYER_COLUMNS}"
                ),
                &[&id.0, &display_name],
            )
            .context("renaming a player")?
            .as_ref()
            .map(rows::player)
            .transpose()?
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
        let row = self
            .client()?
            .query_one(
                "INSERT INTO tables (game_config, match_kind, visibility, invite_token, host,
                                     status, settings, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 RETURNING id",
                &[
                    &game_config,
                    &match_kind,
                    &table.visibility.as_str(),
                    &invite.as_ref().map(InviteToken::as_str),
                    &table.host.0,
                    &TableStatus::Open.as_str(),
                    &settings,
                    &created_at.0,
                ],
            )
            .map_err(|error| {
                if is_constraint(&error, &SqlState::FOREIGN_KEY_VIOLATION, "tables_host_fkey") {
                    StoreError::UnknownPlayer(table.host)
                } else {
                    backend("creating a table", error)
                }
            })?;
        Ok(Table {
            id: TableId(row.try_get(0).context("reading a new table's id")?),
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
        self.client()?
            .query_opt(
                &format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1"),
                &[&id.0],
            )
            .context("reading a table")?
            .as_ref()
            .map(rows::table)
            .transpose()
    }

    fn table_by_invite(&self, invite: &InviteToken) -> Result<Option<Table>> {
        self.client()?
            .query_opt(
                &format!("SELECT {TABLE_COLUMNS} FROM tables WHERE invite_token = $1"),
                &[&invite.as_str()],
            )
            .context("reading a table by invite")?
            .as_ref()
            .map(rows::table)
            .transpose()
    }

    fn set_table_status(&self, id: TableId, status: TableStatus) -> Result<()> {
        let changed = self
            .client()?
            .execute(
                "UPDATE tables SET status = $2 WHERE id = $1",
                &[&id.0, &status.as_str()],
            )
            .context("setting a table's status")?;
        if changed == 0 {
            return Err(StoreError::UnknownTable(id));
        }
        Ok(())
    }

    fn set_table_settings(&self, id: TableId, settings: &Value) -> Result<()> {
        let settings = json_text(settings, "settings")?;
        let changed = self
            .client()?
            .execute(
                "UPDATE tables SET settings = $2 WHERE id = $1",
                &[&id.0, &settings],
            )
            .context("setting a table's settings")?;
        if changed == 0 {
            return Err(StoreError::UnknownTable(id));
        }
        Ok(())
    }

    fn open_public_tables(&self, limit: usize) -> Result<Vec<Table>> {
        let rows = self
            .client()?
            .query(
                &format!(
                    "SELECT {TABLE_COLUMNS} FROM tables
                     WHERE status = 'open' AND visibility = 'public'
                     ORDER BY id DESC LIMIT $1"
                ),
                &[&sql_limit(limit)],
            )
            .context("listing the lobby")?;
        decode_all(&rows, rows::table)
    }

    fn count_tables_created_by(&self, host: PlayerId, since: Timestamp) -> Result<u64> {
        let count: i64 = self
            .client()?
            .query_one(
                "SELECT count(*) FROM tables WHERE host = $1 AND created_at >= $2",
                &[&host.0, &since.0],
            )
            .and_then(|row| row.try_get(0))
            .context("counting a player's tables")?;
        u64::try_from(count).map_err(|_| StoreError::corrupt("tables", "count(*)", "negative"))
    }

    fn unfinished_tables(&self) -> Result<Vec<Table>> {
        let rows = self
            .client()?
            .query(
                &format!(
                    "SELECT {TABLE_COLUMNS} FROM tables WHERE status <> 'finished' ORDER BY id"
                ),
                &[],
            )
            .context("listing unfinished tables")?;
        decode_all(&rows, rows::table)
    }

    fn append_batch(&self, events: &[NewEvent]) -> Result<Vec<Result<Appended>>> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let origin = match self.origin.load(Ordering::Relaxed) {
            0 => None,
            id => Some(id),
        };
        append::append_batch(&mut *self.client()?, events, origin)
    }

    fn events(&self, table: TableId, from_seq: u64) -> Result<Vec<Event>> {
        let from_seq = i64::try_from(from_seq).unwrap_or(i64::MAX);
        let mut client = self.client()?;
        let rows = client
            .query(
                &format!(
                    "SELECT {EVENT_COLUMNS} FROM events WHERE table_id = $1 AND seq >= $2 ORDER BY seq"
                ),
                &[&table.0, &from_seq],
            )
            .context("reading a table's events")?;
        let events = decode_all(&rows, rows::event)?;
        // An empty answer may hide a mistyped id: say so rather than show an empty log.
        if events.is_empty() {
            append::last_seq(&mut *client, table)?;
        }
        Ok(events)
    }

    fn last_seq(&self, table: TableId) -> Result<u64> {
        append::last_seq(&mut *self.client()?, table)
    }

    fn cluster(&self) -> Option<Arc<dyn crate::Cluster>> {
        Some(Arc::new(cluster::PostgresCluster {
            pool: self.pool.clone(),
            config: self.config.clone(),
            origin: Arc::clone(&self.origin),
        }))
    }
}
