//! The [`Store`] trait: everything the table server keeps, behind one synchronous interface
//! that SQLite and Postgres both fill.

use std::sync::Arc;

use serde_json::Value;

use crate::cluster::Cluster;

use crate::error::Result;
use crate::model::{
    Appended, Event, NewEvent, NewTable, Player, PlayerId, Table, TableId, TableStatus, Timestamp,
};
use crate::token::{InviteToken, TokenHash};

/// Players, tables and each table's append-only event log.
///
/// Every method is synchronous and may block on I/O: an async caller runs it on a blocking
/// pool or a thread of its own (appends go through a [`GroupCommitter`](crate::GroupCommitter)).
/// The trait is object-safe, so a server holds an `Arc<dyn Store>` and its tests can swap
/// the backend. [`conformance`](crate::conformance) checks any implementation.
///
/// # The log
///
/// A table's events are numbered 1, 2, 3... with no gaps, and `(table, seq)` is unique: an
/// append names the seq it expects to be next, so of two writers working from the same
/// state only the first wins and the second gets
/// [`StoreError::SeqConflict`](crate::StoreError::SeqConflict) (the optimistic lock).
/// A client's command id is unique per `(table, actor)`: repeating it returns the event
/// stored the first time as [`Appended::Duplicate`] and stores nothing, whatever its seq.
pub trait Store: Send + Sync {
    /// Creates a player with a display name and the hash of their secret token.
    ///
    /// Fails with `InvalidField` for a bad name and `DuplicateTokenHash` if the hash is taken.
    fn create_player(&self, display_name: &str, token_hash: &TokenHash) -> Result<Player>;

    /// The player with this id, if any.
    fn player(&self, id: PlayerId) -> Result<Option<Player>>;

    /// The player whose token hashes to `token_hash`, if any: how a cookie finds its owner.
    fn player_by_token(&self, token_hash: &TokenHash) -> Result<Option<Player>>;

    /// Gives a player a new display name and returns the updated player.
    fn rename_player(&self, id: PlayerId, display_name: &str) -> Result<Player>;

    /// Creates a table in status [`TableStatus::Open`]; a private table gets a fresh invite
    /// token. Fails with `UnknownPlayer` if the host does not exist.
    fn create_table(&self, table: &NewTable) -> Result<Table>;

    /// The table with this id, if any. Ids are guessable: check the visibility before
    /// showing a private table to someone who came by id.
    fn table(&self, id: TableId) -> Result<Option<Table>>;

    /// The private table whose invite token this is, if any.
    fn table_by_invite(&self, invite: &InviteToken) -> Result<Option<Table>>;

    /// Moves a table to `status`. Fails with `UnknownTable` if there is no such table.
    fn set_table_status(&self, id: TableId, status: TableStatus) -> Result<()>;

    /// Replaces a table's settings. Fails with `UnknownTable` if there is no such table.
    fn set_table_settings(&self, id: TableId, settings: &Value) -> Result<()>;

    /// Public tables in status open, newest first, at most `limit` of them: the lobby.
    fn open_public_tables(&self, limit: usize) -> Result<Vec<Table>>;

    /// How many tables `host` has created since `since` (inclusive), for a creation limit.
    fn count_tables_created_by(&self, host: PlayerId, since: Timestamp) -> Result<u64>;

    /// Every table not finished, oldest first: the tables to rebuild by replay on start.
    fn unfinished_tables(&self) -> Result<Vec<Table>>;

    /// Appends several events, possibly to several tables, in one transaction and one commit.
    ///
    /// Each event has its own outcome, in order: a seq conflict, an unknown table or a bad
    /// field fails that event alone, and the others are stored. Events of one table in one
    /// batch chain (seq n then n + 1 both succeed). The outer error means the transaction
    /// itself failed and nothing of the batch was stored.
    fn append_batch(&self, events: &[NewEvent]) -> Result<Vec<Result<Appended>>>;

    /// Appends one event in a transaction of its own: [`append_batch`](Self::append_batch)
    /// of one. Many writers should share commits through a
    /// [`GroupCommitter`](crate::GroupCommitter) instead.
    fn append(&self, event: &NewEvent) -> Result<Appended> {
        self.append_batch(std::slice::from_ref(event))?
            .pop()
            .unwrap_or_else(|| {
                Err(crate::StoreError::backend(
                    "appending one event",
                    std::io::Error::other("the batch returned no outcome"),
                ))
            })
    }

    /// A table's events from `from_seq` on (1 for the whole log), in seq order.
    fn events(&self, table: TableId, from_seq: u64) -> Result<Vec<Event>>;

    /// The seq of a table's last event, 0 for an empty log. Fails with `UnknownTable`.
    fn last_seq(&self, table: TableId) -> Result<u64>;

    /// How several server processes share this store, if they can: `None` (the default)
    /// for a store only one process may open, such as a SQLite file.
    fn cluster(&self) -> Option<Arc<dyn Cluster>> {
        None
    }
}
