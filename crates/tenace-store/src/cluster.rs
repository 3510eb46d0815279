//! What several server processes over one database share besides the log: who is alive,
//! which process drives each table's computer players, who is connected where, and the
//! notices that tell every process of new events at once.
//!
//! Only a store that many processes can share has a cluster
//! ([`Store::cluster`](crate::Store::cluster)): Postgres does, SQLite (one process, one
//! file) does not. Nothing here decides what is true about a game: the log does. A lease
//! that two processes both believe they hold costs at worst one refused append
//! ([`StoreError::SeqConflict`](crate::StoreError::SeqConflict)), never a doubled action.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::model::{Event, PlayerId, TableId};

/// A server process's id in the cluster, given when it joins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ProcessId(pub i64);

/// How long a process may go without a heartbeat before the others count it dead and take
/// its tables over. Processes beat every [`HEARTBEAT`]: three missed beats.
pub const LEASE_TTL: Duration = Duration::from_secs(3);

/// How often a process beats.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// What one heartbeat learns of the cluster.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Beat {
    /// The unfinished tables whose computer players this process drives.
    pub driving: Vec<TableId>,
    /// Unfinished tables whose driver stopped beating: whoever has them should claim them.
    pub orphaned: Vec<TableId>,
    /// Processes that stopped beating, whose connections are gone.
    pub dead: Vec<ProcessId>,
}

/// A notice from another process (or this one).
#[derive(Debug, Clone, PartialEq)]
pub enum Notice {
    /// Events of `table` were committed, the last of them as `last_seq`.
    Appended {
        /// The table.
        table: TableId,
        /// The seq of the last event committed.
        last_seq: u64,
        /// The events themselves, in seq order, when they fitted in the notice; else
        /// read them from the log.
        events: Option<Vec<Event>>,
        /// The process that appended them, if a process of the cluster did.
        origin: Option<ProcessId>,
        /// When they were committed, in microseconds since the Unix epoch (the appender's
        /// clock), for the notification lag.
        sent_micros: i64,
    },
    /// Someone connected to or left `table` at another process.
    Presence {
        /// The table.
        table: TableId,
    },
    /// The listening connection was lost and made again: notices may have been missed in
    /// between, so every table should catch up from its log.
    Missed,
}

/// The coordination of several server processes over one database.
///
/// Every call is synchronous and may block on I/O, like the [`Store`](crate::Store)'s.
pub trait Cluster: Send + Sync {
    /// Registers this process, alive from now on, and returns its id. `label` says which
    /// process it is to a person reading the database (host name and port, say). The
    /// store's appends name it as their origin from then on.
    fn join(&self, label: &str) -> Result<ProcessId>;

    /// Beats for `me` and reads what changed: the tables `me` drives, the orphaned ones,
    /// the dead processes (no beat for [`LEASE_TTL`]).
    fn beat(&self, me: ProcessId) -> Result<Beat>;

    /// Claims the driving of `table` for `me`: taken if nobody holds it or its holder is
    /// dead, kept if `me` holds it. Returns whether `me` drives it now.
    fn claim(&self, me: ProcessId, table: TableId) -> Result<bool>;

    /// Records that `player` is connected to `table` at `me` (`present`), or no longer is.
    /// The other processes get a [`Notice::Presence`] when that changes anything.
    fn set_presence(
        &self,
        me: ProcessId,
        table: TableId,
        player: PlayerId,
        present: bool,
    ) -> Result<()>;

    /// The players connected to `table` at live processes other than `me`.
    fn present_elsewhere(&self, me: ProcessId, table: TableId) -> Result<Vec<PlayerId>>;

    /// Leaves the cluster: `me`'s tables and connections are handed back at once, for a
    /// clean shutdown (a killed process is found dead by the others after [`LEASE_TTL`]).
    fn leave(&self, me: ProcessId) -> Result<()>;

    /// Listens for notices on a connection of its own, giving each to `on` until `on`
    /// returns `false` or `stop` returns `true` (checked at least every `poll`). A lost
    /// connection is made again and reported as [`Notice::Missed`]; the call returns an
    /// error only when the database cannot be reached at all.
    fn listen(
        &self,
        poll: Duration,
        stop: &(dyn Fn() -> bool + Sync),
        on: &mut dyn FnMut(Notice) -> bool,
    ) -> Result<()>;
}

/// Microseconds since the Unix epoch on this machine's clock: what a notice's
/// `sent_micros` is stamped with, and what its lag is measured against on arrival.
pub fn now_micros() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}
