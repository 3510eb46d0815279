//! The one error type of every store, naming the field, constraint or row at fault.

use std::error::Error as StdError;
use std::sync::Arc;

use crate::model::{PlayerId, TableId};

/// What went wrong in a store call.
///
/// Every variant names the field, constraint or stored column at fault, so the server can
/// pass the message on (none of them carries a card or a token). The type is `Clone` so the
/// group committer can give one failed commit to every caller in its batch; backend errors
/// are kept behind an `Arc` for that reason.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The optimistic lock: another writer already appended this `seq` to the table
    /// (`UNIQUE(table_id, seq)`). The caller's state is stale; it should reload the log.
    #[error(
        "seq {attempted} of table {table} is already taken (UNIQUE(table_id, seq)): the table's last seq is {last}"
    )]
    SeqConflict {
        /// The table appended to.
        table: TableId,
        /// The seq the caller asked for.
        attempted: u64,
        /// The table's last stored seq.
        last: u64,
    },
    /// The `seq` skips ahead of the table's next one; a log never has holes.
    #[error("seq {attempted} of table {table} leaves a gap: the next seq is {expected}")]
    SeqGap {
        /// The table appended to.
        table: TableId,
        /// The seq the caller asked for.
        attempted: u64,
        /// The only seq the table accepts next.
        expected: u64,
    },
    /// No table has this id.
    #[error("no table with id {0}")]
    UnknownTable(TableId),
    /// No player has this id.
    #[error("no player with id {0}")]
    UnknownPlayer(PlayerId),
    /// A player with this token hash already exists (`players.token_hash` is unique).
    #[error("a player with this token hash already exists (players.token_hash is unique)")]
    DuplicateTokenHash,
    /// An argument broke a rule of the store (length, emptiness, format).
    #[error("field `{field}`: {reason}")]
    InvalidField {
        /// The field at fault, as the store names it.
        field: &'static str,
        /// Which rule it broke.
        reason: String,
    },
    /// A stored row does not decode: the database was changed outside the store.
    #[error("corrupt row in `{table}`.`{column}`: {reason}")]
    Corrupt {
        /// The database table holding the row.
        table: &'static str,
        /// The column that does not decode.
        column: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// The database was written by a newer build whose schema this one does not know.
    #[error("database schema version {found} is newer than the {supported} this build knows")]
    SchemaTooNew {
        /// The version found in the database.
        found: i64,
        /// The newest version this build can migrate to.
        supported: i64,
    },
    /// The group committer's writer thread has stopped, so no append can be made.
    #[error("the group committer has stopped; no append was made")]
    CommitterStopped,
    /// The database itself failed (I/O, lock, disk full...).
    #[error("database error while {context}: {source}")]
    Backend {
        /// What the store was doing.
        context: &'static str,
        /// The backend's own error.
        source: Arc<dyn StdError + Send + Sync>,
    },
}

impl StoreError {
    /// Wraps a backend error with what the store was doing when it happened.
    pub fn backend(context: &'static str, source: impl StdError + Send + Sync + 'static) -> Self {
        Self::Backend {
            context,
            source: Arc::new(source),
        }
    }

    /// An [`InvalidField`](Self::InvalidField) error.
    pub(crate) fn invalid(field: &'static str, reason: impl Into<String>) -> Self {
        Self::InvalidField {
            field,
            reason: reason.into(),
        }
    }

    /// A [`Corrupt`](Self::Corrupt) error.
    pub(crate) fn corrupt(
        table: &'static str,
        column: &'static str,
        reason: impl Into<String>,
    ) -> Self {
        Self::Corrupt {
            table,
            column,
            reason: reason.into(),
        }
    }
}

/// The result of every store call.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;
