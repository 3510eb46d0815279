//! The table server's store: players, tables and each table's append-only event log.
//!
//! The log is the truth (see DESIGN.md, "Server, store, web"): a table's state is its setup
//! replayed through its events, so the store keeps what happened, not what the table looks
//! like. An event is appended as the table's next sequence number under `UNIQUE(table_id,
//! seq)`, which is also the optimistic lock between writers; a client's command id is kept
//! with the event so a retried command returns the first answer and is never applied twice.
//!
//! - [`Store`] is the synchronous, object-safe interface. [`SqliteStore`] fills it with a
//!   SQLite file in WAL mode with `synchronous=FULL`, migrations applied on open: one server,
//!   nothing to set up. [`PostgresStore`] fills it with a Postgres database that several
//!   servers can share, through a small pool of blocking connections, migrations applied on
//!   connect. Both keep the same tables and columns and pass the same [`conformance`] suite.
//! - [`GroupCommitter`] is a writer thread that gathers the appends of many tables into one
//!   transaction and one commit, so durability does not cost an fsync per action, and
//!   answers each caller only after the commit that holds its event.
//! - [`conformance`] is the test suite every implementation must pass.
//! - [`PlayerToken`] and [`InviteToken`] are the random secrets of players and private
//!   tables; the store keeps only a player token's SHA-256 hash.
//!
//! # What is stored
//!
//! | database table | columns |
//! | --- | --- |
//! | `players` | id, display name, SHA-256 of the player's token (never the token), created |
//! | `tables` | id, game config (JSON), match kind (JSON), public or private, invite token of a private table, host, open / playing / finished, settings (JSON), created |
//! | `events` | table, seq, client command id, actor (null for bots and the server), kind, payload (JSON), created; `UNIQUE(table_id, seq)` and a unique `(table_id, actor, client_id)` |
//!
//! Times are milliseconds since the Unix epoch. The SQLite file's `user_version` is its
//! schema version; opening a file migrates it, and a file from a newer build is refused.
//! Beside `tenace.sqlite` SQLite keeps `tenace.sqlite-wal` (the write-ahead log, copied
//! into the file every 10,000 pages, so up to about 40 MiB) and `tenace.sqlite-shm`; a
//! backup copies all three with the server stopped, or uses SQLite's own backup.
//!
//! In Postgres the same tables have `BIGSERIAL` ids, `BIGINT` times, `BYTEA` hashes and the
//! JSON as `TEXT`, and a `schema_version` table records each migration applied; a database
//! migrated by a newer build is refused likewise. Where SQLite has one writer, Postgres
//! may have several: a writer that loses the race for a seq to another server gets
//! `SeqConflict`, or `Appended::Duplicate` if the winner carried the same command id.
//!
//! Nothing here uses an async runtime: an async server calls the store from a blocking pool
//! and gets its append answers through [`GroupCommitter::append_then`]. With Postgres that
//! is a must: its blocking client runs a runtime of its own, and panics when called from
//! a thread that drives async tasks.
//!
//! ```
//! use std::sync::Arc;
//! use serde_json::json;
//! use tenace_store::{
//!     Appended, GroupCommitter, NewEvent, NewTable, PlayerToken, SqliteStore, Store,
//!     StoreError, Visibility,
//! };
//!
//! let store: Arc<dyn Store> = Arc::new(SqliteStore::open_in_memory()?);
//! let token = PlayerToken::generate();
//! let ada = store.create_player("Ada", &token.hash())?;
//! let table = store.create_table(&NewTable {
//!     game_config: json!({"game": "bridge"}),
//!     match_kind: json!("single_deal"),
//!     visibility: Visibility::Private,
//!     host: ada.id,
//!     settings: json!({}),
//! })?;
//! assert!(table.invite.is_some());
//!
//! let committer = GroupCommitter::start(Arc::clone(&store));
//! let bid = NewEvent {
//!     table: table.id,
//!     seq: 1,
//!     client_id: Some("cmd-1".into()),
//!     actor: Some(ada.id),
//!     kind: "call".into(),
//!     payload: json!({"call": "1NT"}),
//! };
//! assert!(matches!(committer.append(bid.clone())?, Appended::New(_)));
//! // The client retries: the first event comes back, nothing is stored twice.
//! assert!(committer.append(bid.clone())?.is_duplicate());
//! // Another writer still at seq 1 loses the optimistic lock.
//! let stale = NewEvent { client_id: Some("cmd-2".into()), ..bid };
//! assert!(matches!(committer.append(stale), Err(StoreError::SeqConflict { last: 1, .. })));
//! committer.shutdown();
//!
//! assert_eq!(store.player_by_token(&token.hash())?, Some(ada));
//! assert_eq!(store.last_seq(table.id)?, 1);
//! # Ok::<(), StoreError>(())
//! ```

pub mod cluster;
pub mod conformance;
mod error;
mod group;
mod model;
mod postgres;
mod sql;
mod sqlite;
mod store;
mod token;
mod validate;

pub use cluster::{Beat, Cluster, Notice, ProcessId};
pub use error::{Result, StoreError};
pub use group::{CommitStats, GroupCommitter, GroupConfig};
pub use model::{
    Appended, Event, NewEvent, NewTable, Player, PlayerId, Table, TableId, TableStatus, Timestamp,
    Visibility,
};
// `self::`: a bare `postgres` here would also name the Postgres client crate.
pub use self::postgres::PostgresStore;
pub use sqlite::{DEFAULT_FILE_NAME, SqliteStore};
pub use store::Store;
pub use token::{InviteToken, PlayerToken, TokenHash};
pub use validate::{MAX_CLIENT_ID_BYTES, MAX_DISPLAY_NAME_CHARS, MAX_KIND_BYTES};
