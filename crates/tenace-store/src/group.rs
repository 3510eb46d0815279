//! Group commit: one writer thread gathers the appends of many tables into one transaction,
//! so a burst of N actions costs one fsync rather than N.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::thread::JoinHandle;
use std::time::Instant;

use crate::error::{Result, StoreError};
use crate::model::{Appended, NewEvent};
use crate::store::Store;

/// How a [`GroupCommitter`] batches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupConfig {
    /// The most events in one transaction. A larger backlog is committed in several.
    pub max_batch: usize,
}

impl Default for GroupConfig {
    fn default() -> Self {
        Self { max_batch: 1024 }
    }
}

/// Counts of what a [`GroupCommitter`] has committed, for metrics and benchmarks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CommitStats {
    /// Transactions run (each one commit).
    pub batches: u64,
    /// Appends answered (stored, duplicate or failed).
    pub appends: u64,
    /// The most appends one transaction held.
    pub largest_batch: u64,
    /// Time spent in the store's transactions, appends and commits, in microseconds: over
    /// the wall time, how busy the writer is.
    pub busy_micros: u64,
}

/// The counters behind [`CommitStats`], shared with the writer thread.
#[derive(Debug, Default)]
struct Counters {
    batches: AtomicU64,
    appends: AtomicU64,
    largest_batch: AtomicU64,
    busy_micros: AtomicU64,
}

/// What a caller gets once the commit holding its append is done.
type Reply = Box<dyn FnOnce(Result<Appended>) + Send>;

/// One queued append and whom to tell.
struct Job {
    event: NewEvent,
    reply: Reply,
}

/// A writer thread that appends for every table through one shared commit.
///
/// Callers on any thread submit appends; the writer wakes on the first, takes everything
/// queued behind it (up to [`GroupConfig::max_batch`]), appends it all with
/// [`Store::append_batch`] (one transaction, one commit) and only then answers each caller
/// with its own outcome. A seq conflict fails that append alone. While one commit's fsync
/// runs, the next batch queues up, so the batch grows with the load by itself: no timer.
///
/// [`append`](Self::append) blocks the calling thread until the answer;
/// [`append_then`](Self::append_then) returns at once and runs a callback on the writer
/// thread, which lets an async server complete a oneshot channel without blocking: the
/// callback sends on the oneshot's sender and the connection's task awaits its receiver.
///
/// ```
/// use std::sync::{Arc, mpsc};
/// use serde_json::json;
/// use tenace_store::{GroupCommitter, NewEvent, NewTable, SqliteStore, Store, Visibility, PlayerToken};
///
/// let store = Arc::new(SqliteStore::open_in_memory()?);
/// let host = store.create_player("Bea", &PlayerToken::generate().hash())?;
/// let new_table = NewTable {
///     game_config: json!({}),
///     match_kind: json!("single_deal"),
///     visibility: Visibility::Public,
///     host: host.id,
///     settings: json!({}),
/// };
/// let tables = [store.create_table(&new_table)?.id, store.create_table(&new_table)?.id];
///
/// let committer = GroupCommitter::start(store.clone());
/// let (tx, rx) = mpsc::channel();
/// for table in tables {
///     let tx = tx.clone();
///     let event = NewEvent {
///         table, seq: 1, client_id: None, actor: None,
///         kind: "deal".into(), payload: json!({"board": 1}),
///     };
///     // The callback runs after the commit; here it forwards the outcome.
///     committer.append_then(event, move |outcome| drop(tx.send(outcome)));
/// }
/// for _ in tables {
///     assert!(rx.recv()?.is_ok());
/// }
/// committer.shutdown();
/// assert_eq!(store.last_seq(tables[1])?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GroupCommitter {
    /// The queue to the writer; `None` once shut down.
    sender: RwLock<Option<Sender<Job>>>,
    /// The writer thread, joined on shutdown.
    writer: Mutex<Option<JoinHandle<()>>>,
    /// What the writer has done, read by [`stats`](Self::stats).
    counters: Arc<Counters>,
}

impl std::fmt::Debug for GroupCommitter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupCommitter")
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

impl GroupCommitter {
    /// Starts a writer thread for `store` with the default configuration.
    pub fn start<S: Store + ?Sized + 'static>(store: Arc<S>) -> Self {
        Self::with_config(store, GroupConfig::default())
    }

    /// Starts a writer thread for `store`. A `max_batch` of 0 is taken as 1.
    pub fn with_config<S: Store + ?Sized + 'static>(store: Arc<S>, config: GroupConfig) -> Self {
        let (sender, receiver) = mpsc::channel();
        let counters = Arc::new(Counters::default());
        let writer_counters = Arc::clone(&counters);
        let max_batch = config.max_batch.max(1);
        let writer = std::thread::Builder::new()
            .name("tenace-store-commit".into())
            .spawn(move || write_loop(&*store, &receiver, max_batch, &writer_counters));
        // Without a thread the committer answers every append with `CommitterStopped`.
        let (sender, writer) = match writer {
            Ok(writer) => (Some(sender), Some(writer)),
            Err(_) => (None, None),
        };
        Self {
            sender: RwLock::new(sender),
            writer: Mutex::new(writer),
            counters,
        }
    }

    /// Appends `event` in the next group commit and blocks until that commit is done.
    ///
    /// The outcome is [`Store::append`]'s: `Appended::New`, `Appended::Duplicate` with the
    /// first stored event, or the error of this event alone (such as `SeqConflict`), or a
    /// `Backend` error if the whole commit failed. `CommitterStopped` after
    /// [`shutdown`](Self::shutdown).
    pub fn append(&self, event: NewEvent) -> Result<Appended> {
        let (sender, receiver) = mpsc::sync_channel(1);
        self.append_then(event, move |outcome| {
            // The caller waits on the receiver, so it is there to take this.
            let _ = sender.send(outcome);
        });
        receiver.recv().unwrap_or(Err(StoreError::CommitterStopped))
    }

    /// Queues `event` for the next group commit and returns at once; `reply` gets the
    /// outcome on the writer thread after the commit (or at once, on the calling thread,
    /// with `CommitterStopped` if the committer is shut down).
    ///
    /// `reply` should only hand the outcome on (a channel send): the writer runs the next
    /// batch after it, and an [`append`](Self::append) from inside it would wait for the
    /// writer forever. A panic in it is caught and does not stop the writer.
    pub fn append_then(
        &self,
        event: NewEvent,
        reply: impl FnOnce(Result<Appended>) + Send + 'static,
    ) {
        let job = Job {
            event,
            reply: Box::new(reply),
        };
        let sender = self.sender.read().unwrap_or_else(PoisonError::into_inner);
        let unsent = match sender.as_ref() {
            Some(sender) => sender.send(job).err().map(|error| error.0),
            None => Some(job),
        };
        drop(sender);
        if let Some(job) = unsent {
            answer(job.reply, Err(StoreError::CommitterStopped));
        }
    }

    /// What the writer has committed so far.
    pub fn stats(&self) -> CommitStats {
        CommitStats {
            batches: self.counters.batches.load(Ordering::Relaxed),
            appends: self.counters.appends.load(Ordering::Relaxed),
            largest_batch: self.counters.largest_batch.load(Ordering::Relaxed),
            busy_micros: self.counters.busy_micros.load(Ordering::Relaxed),
        }
    }

    /// Stops taking appends, commits and answers every append already queued, and waits for
    /// the writer thread to end. Later appends get `CommitterStopped`. Calling it again, or
    /// dropping the committer (which calls it), does nothing more.
    pub fn shutdown(&self) {
        // Dropping the sender lets the writer drain the queue and then see it closed.
        self.sender
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let writer = self
            .writer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        // Not from a reply running on the writer itself: it ends once that reply returns.
        if let Some(writer) =
            writer.filter(|writer| writer.thread().id() != std::thread::current().id())
        {
            // A writer that panicked has already dropped its callers' replies.
            let _ = writer.join();
        }
    }
}

impl Drop for GroupCommitter {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The writer thread: batch, commit, answer, until the queue closes and is empty.
fn write_loop<S: Store + ?Sized>(
    store: &S,
    receiver: &Receiver<Job>,
    max_batch: usize,
    counters: &Counters,
) {
    while let Ok(first) = receiver.recv() {
        let mut jobs = vec![first];
        while jobs.len() < max_batch {
            match receiver.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let (events, replies): (Vec<NewEvent>, Vec<Reply>) =
            jobs.into_iter().map(|job| (job.event, job.reply)).unzip();
        let size = u64::try_from(events.len()).unwrap_or(u64::MAX);
        let started = Instant::now();
        let outcomes = store.append_batch(&events);
        let busy = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        counters.busy_micros.fetch_add(busy, Ordering::Relaxed);
        counters.batches.fetch_add(1, Ordering::Relaxed);
        counters.appends.fetch_add(size, Ordering::Relaxed);
        counters.largest_batch.fetch_max(size, Ordering::Relaxed);
        match outcomes {
            Ok(outcomes) => {
                let mut outcomes = outcomes.into_iter();
                for reply in replies {
                    // A backend that answers fewer outcomes than events is at fault, not
                    // the caller: that caller gets an error rather than no answer.
                    let outcome = outcomes.next().unwrap_or_else(|| {
                        Err(StoreError::backend(
                            "appending a batch",
                            std::io::Error::other("the store returned too few outcomes"),
                        ))
                    });
                    answer(reply, outcome);
                }
            }
            Err(error) => {
                for reply in replies {
                    answer(reply, Err(error.clone()));
                }
            }
        }
    }
}

/// Runs a caller's reply, keeping the writer alive if it panics.
fn answer(reply: Reply, outcome: Result<Appended>) {
    let _ = catch_unwind(AssertUnwindSafe(move || reply(outcome)));
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::SyncSender;

    use serde_json::{Value, json};

    use super::*;
    use crate::{
        Event, NewTable, Player, PlayerId, SqliteStore, Table, TableId, TableStatus, Timestamp,
        TokenHash, Visibility,
    };

    /// A store whose first `append_batch` waits until the test lets it go, so the test
    /// controls what queues up behind it.
    struct GatedStore {
        inner: SqliteStore,
        /// Told when the first batch has started; taken by that batch.
        started: Mutex<Option<SyncSender<()>>>,
        /// Waited on by the first batch.
        release: Mutex<Option<Receiver<()>>>,
        /// The size of every batch, in order.
        sizes: Mutex<Vec<usize>>,
    }

    impl Store for GatedStore {
        fn create_player(&self, name: &str, hash: &TokenHash) -> Result<Player> {
            self.inner.create_player(name, hash)
        }
        fn player(&self, id: PlayerId) -> Result<Option<Player>> {
            self.inner.player(id)
        }
        fn player_by_token(&self, hash: &TokenHash) -> Result<Option<Player>> {
            self.inner.player_by_token(hash)
        }
        fn rename_player(&self, id: PlayerId, name: &str) -> Result<Player> {
            self.inner.rename_player(id, name)
        }
        fn create_table(&self, table: &NewTable) -> Result<Table> {
            self.inner.create_table(table)
        }
        fn table(&self, id: TableId) -> Result<Option<Table>> {
            self.inner.table(id)
        }
        fn table_by_invite(&self, invite: &crate::InviteToken) -> Result<Option<Table>> {
            self.inner.table_by_invite(invite)
        }
        fn set_table_status(&self, id: TableId, status: TableStatus) -> Result<()> {
            self.inner.set_table_status(id, status)
        }
        fn set_table_settings(&self, id: TableId, settings: &Value) -> Result<()> {
            self.inner.set_table_settings(id, settings)
        }
        fn open_public_tables(&self, limit: usize) -> Result<Vec<Table>> {
            self.inner.open_public_tables(limit)
        }
        fn count_tables_created_by(&self, host: PlayerId, since: Timestamp) -> Result<u64> {
            self.inner.count_tables_created_by(host, since)
        }
        fn unfinished_tables(&self) -> Result<Vec<Table>> {
            self.inner.unfinished_tables()
        }
        fn append_batch(&self, events: &[NewEvent]) -> Result<Vec<Result<Appended>>> {
            let started = self
                .started
                .lock()
                .ok()
                .and_then(|mut started| started.take());
            if let Some(started) = started {
                let _ = started.send(());
                let release = self
                    .release
                    .lock()
                    .ok()
                    .and_then(|mut release| release.take());
                if let Some(release) = release {
                    let _ = release.recv();
                }
            }
            if let Ok(mut sizes) = self.sizes.lock() {
                sizes.push(events.len());
            }
            self.inner.append_batch(events)
        }
        fn events(&self, table: TableId, from_seq: u64) -> Result<Vec<Event>> {
            self.inner.events(table, from_seq)
        }
        fn last_seq(&self, table: TableId) -> Result<u64> {
            self.inner.last_seq(table)
        }
    }

    /// A gated store with one table; the senders start and release its first batch.
    fn gated() -> (Arc<GatedStore>, TableId, Receiver<()>, SyncSender<()>) {
        let (started_tx, started_rx) = mpsc::sync_channel(1);
        let (release_tx, release_rx) = mpsc::sync_channel(1);
        let inner = SqliteStore::open_in_memory().expect("in memory");
        let host = crate::conformance::new_player(&inner, "Gate");
        let table = crate::conformance::new_table(&inner, host.id, Visibility::Public).id;
        let store = GatedStore {
            inner,
            started: Mutex::new(Some(started_tx)),
            release: Mutex::new(Some(release_rx)),
            sizes: Mutex::new(Vec::new()),
        };
        (Arc::new(store), table, started_rx, release_tx)
    }

    fn event(table: TableId, seq: u64) -> NewEvent {
        NewEvent {
            table,
            seq,
            client_id: None,
            actor: None,
            kind: "play".into(),
            payload: json!(seq),
        }
    }

    /// Queues seqs `from..=to` with replies into `answers`.
    fn queue(
        committer: &GroupCommitter,
        table: TableId,
        seqs: std::ops::RangeInclusive<u64>,
        answers: &Sender<(u64, Result<Appended>)>,
    ) {
        for seq in seqs {
            let answers = answers.clone();
            committer.append_then(event(table, seq), move |outcome| {
                let _ = answers.send((seq, outcome));
            });
        }
    }

    #[test]
    fn everything_queued_during_a_commit_goes_in_the_next_one_up_to_the_cap() {
        let (store, table, started, release) = gated();
        let committer =
            GroupCommitter::with_config(Arc::clone(&store), GroupConfig { max_batch: 6 });
        let (answers_tx, answers) = mpsc::channel();
        queue(&committer, table, 1..=1, &answers_tx);
        started.recv().expect("the first batch starts");
        // While the first commit is held, ten more queue up behind it.
        queue(&committer, table, 2..=11, &answers_tx);
        assert!(answers.try_recv().is_err(), "no answer before the commit");
        release.send(()).expect("release the first batch");
        let mut answered: Vec<u64> = (0..11)
            .map(|_| {
                let (seq, outcome) = answers.recv().expect("an answer");
                assert!(
                    matches!(outcome, Ok(Appended::New(_))),
                    "seq {seq}: {outcome:?}"
                );
                seq
            })
            .collect();
        answered.sort_unstable();
        assert_eq!(answered, (1..=11).collect::<Vec<_>>());
        assert_eq!(*store.sizes.lock().expect("sizes"), [1, 6, 4]);
        let stats = committer.stats();
        assert_eq!(
            (stats.batches, stats.appends, stats.largest_batch),
            (3, 11, 6)
        );
        assert!(stats.busy_micros > 0, "the held batch took time");
    }

    #[test]
    fn shutdown_answers_what_is_queued_and_refuses_the_rest() {
        let (store, table, started, release) = gated();
        let committer = GroupCommitter::start(Arc::clone(&store));
        let (answers_tx, answers) = mpsc::channel();
        queue(&committer, table, 1..=1, &answers_tx);
        started.recv().expect("the first batch starts");
        queue(&committer, table, 2..=4, &answers_tx);
        std::thread::scope(|scope| {
            scope.spawn(|| committer.shutdown());
            // Shutdown waits for the held batch and the queued ones.
            std::thread::sleep(std::time::Duration::from_millis(20));
            release.send(()).expect("release");
        });
        let mut answered: Vec<u64> = answers_tx_drain(answers_tx, &answers);
        answered.sort_unstable();
        assert_eq!(answered, [1, 2, 3, 4]);
        assert_eq!(store.last_seq(table).expect("last"), 4);
        assert!(matches!(
            committer.append(event(table, 5)),
            Err(StoreError::CommitterStopped)
        ));
    }

    /// Every answer left once the last sender is gone.
    fn answers_tx_drain(
        sender: Sender<(u64, Result<Appended>)>,
        answers: &Receiver<(u64, Result<Appended>)>,
    ) -> Vec<u64> {
        drop(sender);
        answers
            .iter()
            .map(|(seq, outcome)| {
                assert!(outcome.is_ok(), "seq {seq}: {outcome:?}");
                seq
            })
            .collect()
    }

    #[test]
    fn a_panicking_reply_does_not_stop_the_writer() {
        let (store, table, started, release) = gated();
        drop((started, release));
        let committer = GroupCommitter::start(Arc::clone(&store));
        committer.append_then(event(table, 1), |_| panic!("a careless callback"));
        assert!(matches!(
            committer.append(event(table, 2)),
            Ok(Appended::New(_))
        ));
        assert_eq!(store.last_seq(table).expect("last"), 2);
    }
}
