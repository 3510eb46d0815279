//! The WAL checkpointer: a thread with a connection of its own copies committed pages from
//! the write-ahead log into the database file, so that no commit waits for it.
//!
//! Why: with SQLite's automatic checkpoint, the commit that takes the log past its limit
//! copies the log into the file and syncs it before it returns, and every append queued
//! behind that commit waits with it. With 10,000 live tables taking an action every 2 s,
//! those commits were most of the tail: over four runs of the load example, the p99 from
//! a person's action to the view that holds it was 39 to 51 ms (42 to 54 ms for the
//! computer players' actions), and 19 to 31 ms (26 to 45 ms) with this thread. With no
//! checkpoint at all, which no server can afford, it was 12 to 24 ms.
//!
//! The checkpoints are `PASSIVE`: they copy what they can without waiting for the writer
//! or the readers, and SQLite starts the log afresh at the writer's next commit once it is
//! all copied. Durability is unchanged: a commit is on disk in the log, synced, before it
//! is acknowledged, and a checkpoint cut short by a crash is redone from the log on the
//! next open.

use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::Connection;

use super::{Context, schema};
use crate::error::{Result, StoreError};

/// How often the log is copied into the file. Small, frequent checkpoints measured best:
/// each one's sync of the file holds up a commit's sync of the log for less time (every
/// 200 ms and every second gave p99s of 28 to 43 and 36 to 39 ms in the runs above).
const EVERY: Duration = Duration::from_millis(50);

/// The running checkpointer; dropping it stops the thread (after one last checkpoint).
pub(super) struct Checkpointer {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    /// Starts checkpointing the database file at `path`.
    pub(super) fn start(path: &Path) -> Result<Checkpointer> {
        let conn = Connection::open(path).context("opening the checkpointer's connection")?;
        schema::configure_checkpointer(&conn)?;
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("tenace-store-checkpoint".into())
            .spawn(move || {
                loop {
                    let last = match stopped.recv_timeout(EVERY) {
                        Err(RecvTimeoutError::Timeout) => false,
                        // Told to stop, or the store is gone.
                        Ok(()) | Err(RecvTimeoutError::Disconnected) => true,
                    };
                    // A checkpoint that fails (the disk full, the file busy) is tried
                    // again at the next tick; the writer's own automatic checkpoint, at
                    // a log far larger than one tick's, stays as the backstop.
                    let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                    if last {
                        return;
                    }
                }
            })
            .map_err(|e| StoreError::backend("starting the checkpointer thread", e))?;
        Ok(Checkpointer {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::SqliteStore;
    use crate::conformance::{new_player, new_table};
    use crate::model::{NewEvent, Visibility};
    use crate::store::Store;

    /// Appends far below the writer's own checkpoint threshold reach the database file
    /// anyway, copied there by the checkpointer's thread, not by any commit.
    #[test]
    fn the_log_reaches_the_file_without_the_writer_checkpointing() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("tenace.sqlite");
        let store = SqliteStore::open(&path).expect("opens");
        let host = new_player(&store, "Ada");
        let table = new_table(&store, host.id, Visibility::Public);
        std::thread::sleep(super::EVERY * 4);
        let before = std::fs::metadata(&path).expect("the file").len();
        // About 2 MiB of events: some 500 pages, a twentieth of the writer's threshold.
        for seq in 1..=500 {
            store
                .append(&NewEvent {
                    table: table.id,
                    seq,
                    client_id: None,
                    actor: None,
                    kind: "chat".into(),
                    payload: json!("x".repeat(4000)),
                })
                .expect("appended");
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let mut after = before;
        while std::time::Instant::now() < deadline {
            after = std::fs::metadata(&path).expect("the file").len();
            if after >= before + 1_500_000 {
                break;
            }
            std::thread::sleep(super::EVERY);
        }
        assert!(
            after >= before + 1_500_000,
            "the database file grew from {before} to {after} bytes only: the log was not copied"
        );
    }
}
