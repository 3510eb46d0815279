//! The reviews the server runs, as bounded jobs with owners and watchers.
//!
//! A review is started by a player (charged to them: at most
//! [`ReviewLimits::per_player`] queued or running at once) and watched by sockets that
//! asked for it and by HTTP requests, each of which watches for a short lease. It waits
//! in a [`FairQueue`] until one of the review threads is free (as many reviews run at
//! once as there are threads, which share the steps of the running ones), runs for at
//! most [`ReviewLimits::time_limit`], and is stopped, its solvers seeing the stop
//! within milliseconds, once nobody watches it. Its results go to its socket watchers
//! as they come. Finished reviews stay cached; one stopped for want of watchers goes
//! on where it stopped when someone asks again.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tenace_rules::AnyGame;
use tenace_store::TableId;
use tenace_table::PlayerKey;
use tenace_table::review::{Reviewer, Reviewing};
use tokio::sync::{Notify, mpsc, watch};

use super::queue::FairQueue;
use crate::error::ApiError;
use crate::message::VERSION;
use crate::metrics::ReviewGauges;
use crate::task::Out;

/// How many reviews the server keeps.
pub const CACHED: usize = 256;

/// How often watchers' leases and closed sockets are looked at.
const SWEEP: Duration = Duration::from_millis(200);

/// The shortest time between two pushes of one review's progress: a fast review's
/// steps are sent a few at a time.
const PUSH_GAP: Duration = Duration::from_millis(100);

/// How the server bounds its reviews.
#[derive(Debug, Clone)]
pub struct ReviewLimits {
    /// Reviews a player may have queued or running that they started (watching one that
    /// someone else started costs nothing).
    pub per_player: usize,
    /// The longest a review may run; it then ends as `stopped`, keeping what it found.
    pub time_limit: Duration,
    /// How long an HTTP request for a review keeps it going: the next request renews it.
    pub lease: Duration,
    /// The review threads, which is also how many reviews run at once: `None` for one per
    /// core.
    pub threads: Option<usize>,
    /// A pause before each step of a review (zero in service): a review then lasts long
    /// enough to watch whatever the solver's speed, for tests of stopping and resuming.
    pub step_pause: Duration,
}

impl Default for ReviewLimits {
    fn default() -> Self {
        ReviewLimits {
            per_player: 2,
            time_limit: Duration::from_secs(120),
            lease: Duration::from_secs(2),
            threads: None,
            step_pause: Duration::ZERO,
        }
    }
}

/// A review: table and deal number.
pub type Key = (TableId, usize);

/// Who started a review: a player, or `None` for requests without a cookie, who share
/// one allowance.
pub type Starter = Option<PlayerKey>;

/// Why a review stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// Every watcher left.
    NoWatchers,
    /// It ran for the longest time a review may.
    TimeLimit,
    /// The server shut down.
    Shutdown,
    /// Its thread failed.
    Failed,
}

impl StopReason {
    /// The reason's name in answers.
    fn code(self) -> &'static str {
        match self {
            StopReason::NoWatchers => "no_watchers",
            StopReason::TimeLimit => "time_limit",
            StopReason::Shutdown => "shutdown",
            StopReason::Failed => "failed",
        }
    }

    /// The reason in words.
    fn message(self, limits: &ReviewLimits) -> String {
        match self {
            StopReason::NoWatchers => {
                "nobody was waiting for it any more: ask again to go on where it stopped".into()
            }
            StopReason::TimeLimit => format!(
                "it ran for {} seconds, the longest a review may: what it found is kept",
                limits.time_limit.as_secs()
            ),
            StopReason::Shutdown => "the server shut down".into(),
            StopReason::Failed => "the review failed on the server".into(),
        }
    }
}

/// Where a review is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Queued,
    Running,
    Done,
    Stopped(StopReason),
}

/// How a request watches the review it asks for.
#[derive(Clone)]
pub enum Watch {
    /// An HTTP request: for the lease.
    Lease,
    /// A socket's `review` message.
    Socket {
        /// The connection's number.
        conn: u64,
        /// The message's id, which the answers carry.
        id: String,
        /// Its outbox.
        out: mpsc::Sender<Out>,
        /// Whether it watches the review, until it closes or asks for another; if not, it
        /// is sent the answer once and its watch ends.
        follow: bool,
    },
}

/// A socket watching a review.
struct Watcher {
    id: String,
    out: mpsc::Sender<Out>,
}

/// One cached review.
struct Entry {
    deal: AnyGame,
    reviewing: Arc<Reviewing>,
    /// Woken at each change of the progress, so the news is pushed.
    wake: Arc<Notify>,
    phase: Phase,
    starter: Starter,
    sockets: HashMap<u64, Watcher>,
    /// Until when HTTP requests watch it.
    lease: Option<Instant>,
    read_at: Instant,
    /// How long it has run, over every start: its time limit counts all of them, so
    /// leaving and asking again does not buy more.
    ran: Duration,
}

impl Entry {
    fn new(deal: AnyGame, starter: Starter, now: Instant) -> Entry {
        let wake = Arc::new(Notify::new());
        Entry {
            deal,
            reviewing: Arc::new(listening(Reviewing::new(), &wake)),
            wake,
            phase: Phase::Queued,
            starter,
            sockets: HashMap::new(),
            lease: None,
            read_at: now,
            ran: Duration::ZERO,
        }
    }

    /// Queued or running: work that someone must be waiting for.
    fn active(&self) -> bool {
        matches!(self.phase, Phase::Queued | Phase::Running)
    }

    fn watched(&self, now: Instant) -> bool {
        !self.sockets.is_empty() || self.lease.is_some_and(|until| until > now)
    }
}

/// `reviewing` waking `wake` at each change.
fn listening(reviewing: Reviewing, wake: &Arc<Notify>) -> Reviewing {
    let wake = Arc::clone(wake);
    reviewing.listening(move || wake.notify_one())
}

/// What an asking request gets.
pub enum Asked {
    /// The review as it stands.
    Answer(Value),
    /// Nothing is cached: the deal is needed to start it.
    NeedDeal,
}

/// The reviews and the queue, under one lock.
#[derive(Default)]
struct State {
    entries: HashMap<Key, Entry>,
    queue: FairQueue<Starter, Key>,
    /// Reviews holding a thread: running, or stopped and not yet ended.
    running: usize,
    /// The same by who started them, for the queue's fairness.
    running_by: HashMap<Starter, usize>,
    /// Which review each socket watches.
    watching: HashMap<u64, Key>,
}

/// The server's reviews, once the first request has started the threads.
pub struct Jobs {
    state: Mutex<State>,
    reviewer: Arc<Reviewer>,
    limits: ReviewLimits,
    gauges: Arc<ReviewGauges>,
    shutdown: watch::Receiver<bool>,
}

impl Jobs {
    /// The jobs, with their threads started and the sweeper of leases running.
    pub fn start(
        limits: ReviewLimits,
        gauges: Arc<ReviewGauges>,
        shutdown: watch::Receiver<bool>,
    ) -> Result<Arc<Jobs>, String> {
        let threads = limits
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let reviewer = Arc::new(
            Reviewer::with_step_pause(threads, limits.step_pause).map_err(|e| e.to_string())?,
        );
        let _ = gauges.pool.set(Arc::clone(&reviewer));
        let jobs = Arc::new(Jobs {
            state: Mutex::new(State::default()),
            reviewer,
            limits,
            gauges,
            shutdown,
        });
        tokio::spawn(sweep(Arc::clone(&jobs)));
        Ok(jobs)
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // Every change under the lock leaves the state whole: a panic elsewhere does not
        // poison the reviews.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Answers a request for review `key`: watched as `watch` says, started (queued) when
    /// new or stopped for want of watchers, charged to `starter` then. `NeedDeal` when
    /// nothing is cached and no `deal` was given; refused when `starter` has their fill
    /// of reviews. A socket is sent the answer itself.
    pub fn ask(
        self: &Arc<Self>,
        key: Key,
        starter: Starter,
        watch: Watch,
        deal: Option<AnyGame>,
    ) -> Result<Asked, ApiError> {
        let now = Instant::now();
        let mut state = self.lock();
        let phase = state.entries.get(&key).map(|e| e.phase);
        let watching = !matches!(watch, Watch::Socket { follow: false, .. });
        if phase.is_none() && !watching {
            return Err(ApiError::new(
                axum::http::StatusCode::NOT_FOUND,
                "watch",
                format!(
                    "deal {} has no review yet: ask without \"watch\": false to start one",
                    key.1
                ),
            ));
        }
        let start = match phase {
            None => true,
            Some(Phase::Stopped(StopReason::NoWatchers)) => watching,
            Some(_) => false,
        };
        if start {
            if phase.is_none() && deal.is_none() {
                return Ok(Asked::NeedDeal);
            }
            self.check_allowance(&state, starter)?;
            match state.entries.get_mut(&key) {
                // Taken up again where it stopped, by whoever asks now.
                Some(entry) => {
                    entry.wake = Arc::new(Notify::new());
                    entry.reviewing = Arc::new(listening(entry.reviewing.resumed(), &entry.wake));
                    entry.phase = Phase::Queued;
                    entry.starter = starter;
                }
                None => {
                    let Some(deal) = deal else {
                        return Ok(Asked::NeedDeal);
                    };
                    self.make_room(&mut state);
                    state.entries.insert(key, Entry::new(deal, starter, now));
                }
            }
            state.queue.push(starter, key);
        }
        // A socket watches one review at a time: asking for another ends the last watch,
        // and so does asking without watching.
        if let Watch::Socket { conn, .. } = &watch
            && (!watching || state.watching.get(conn) != Some(&key))
        {
            self.drop_socket(&mut state, *conn, now);
        }
        if let Some(entry) = state.entries.get_mut(&key) {
            entry.read_at = now;
            if entry.active() {
                match &watch {
                    Watch::Lease => entry.lease = Some(now + self.limits.lease),
                    Watch::Socket {
                        conn,
                        id,
                        out,
                        follow: true,
                    } => {
                        let watcher = Watcher {
                            id: id.clone(),
                            out: out.clone(),
                        };
                        entry.sockets.insert(*conn, watcher);
                        state.watching.insert(*conn, key);
                    }
                    Watch::Socket { follow: false, .. } => {}
                }
            }
        }
        self.dispatch(&mut state, now);
        let answer = self.answer(&state, key);
        if let (Watch::Socket { id, out, .. }, Some(answer)) = (&watch, &answer) {
            let _ = out.try_send(Out::Text(socket_message(id, answer.clone())));
        }
        self.push_places(&mut state, Some(key));
        self.gauge(&state);
        Ok(answer.map_or(Asked::NeedDeal, Asked::Answer))
    }

    /// Refuses a new review to a starter who has their fill queued or running.
    fn check_allowance(&self, state: &State, starter: Starter) -> Result<(), ApiError> {
        let mine = state
            .entries
            .values()
            .filter(|e| e.starter == starter && e.active())
            .count();
        if mine < self.limits.per_player {
            return Ok(());
        }
        self.gauges.refused.fetch_add(1, Ordering::Relaxed);
        let who = if starter.is_some() {
            "you have"
        } else {
            "requests without a player have"
        };
        Err(ApiError::new(
            axum::http::StatusCode::TOO_MANY_REQUESTS,
            "review",
            format!(
                "{who} {mine} reviews queued or running, the most one player may start: \
                 wait for one to end (watching a review someone else started is free)",
            ),
        ))
    }

    /// Drops the least recently read review (an ended one if any) when the cache is full.
    fn make_room(&self, state: &mut State) {
        if state.entries.len() < CACHED {
            return;
        }
        let victim = state
            .entries
            .iter()
            .min_by_key(|(_, e)| (e.active(), e.read_at))
            .map(|(key, _)| *key);
        if let Some(key) = victim {
            // Only when every cached review is queued or running: the oldest goes anyway.
            if state.entries.get(&key).is_some_and(Entry::active) {
                state.queue.remove(&key);
            }
            if let Some(entry) = state.entries.remove(&key) {
                entry.reviewing.stop();
                for conn in entry.sockets.keys() {
                    state.watching.remove(conn);
                }
            }
        }
    }

    /// Starts queued reviews while threads are free, fairly across starters; a review
    /// nobody watches any more is not started.
    fn dispatch(self: &Arc<Self>, state: &mut State, now: Instant) {
        if *self.shutdown.borrow() {
            return;
        }
        while state.running < self.reviewer.threads() {
            let State {
                queue, running_by, ..
            } = &mut *state;
            let Some((starter, key)) = queue.pop(|p| running_by.get(p).copied().unwrap_or(0))
            else {
                break;
            };
            let Some(entry) = state.entries.get_mut(&key) else {
                continue;
            };
            if entry.phase != Phase::Queued {
                continue;
            }
            if !entry.watched(now) {
                entry.phase = Phase::Stopped(StopReason::NoWatchers);
                self.gauges
                    .stopped_no_watchers
                    .fetch_add(1, Ordering::Relaxed);
                continue;
            }
            entry.phase = Phase::Running;
            let run = Run {
                jobs: Arc::clone(self),
                key,
                starter,
                reviewing: Arc::clone(&entry.reviewing),
                wake: Arc::clone(&entry.wake),
                budget: self.limits.time_limit.saturating_sub(entry.ran),
                started: now,
            };
            let deal = entry.deal.clone();
            state.running += 1;
            *state.running_by.entry(starter).or_default() += 1;
            tokio::spawn(run.drive(deal));
        }
        let running_by = &state.running_by;
        state
            .queue
            .forget_served(|p| running_by.get(p).is_some_and(|&n| n > 0));
    }

    /// Stops review `key` for want of watchers: out of the queue, or its work asked to
    /// end (its thread is free within milliseconds).
    fn stop_unwatched(&self, state: &mut State, key: Key, now: Instant) {
        let Some(entry) = state.entries.get_mut(&key) else {
            return;
        };
        if !entry.active() || entry.watched(now) {
            return;
        }
        if entry.phase == Phase::Queued {
            state.queue.remove(&key);
        }
        entry.reviewing.stop();
        entry.phase = Phase::Stopped(StopReason::NoWatchers);
        self.gauges
            .stopped_no_watchers
            .fetch_add(1, Ordering::Relaxed);
        tracing::debug!(table = key.0.0, deal = key.1, "review stopped: no watchers");
    }

    /// A socket no longer watches what it watched; that review stops if it was the last.
    fn drop_socket(&self, state: &mut State, conn: u64, now: Instant) {
        let Some(key) = state.watching.remove(&conn) else {
            return;
        };
        if let Some(entry) = state.entries.get_mut(&key) {
            entry.sockets.remove(&conn);
        }
        self.stop_unwatched(state, key, now);
    }

    /// A socket closed.
    pub fn unwatch(&self, conn: u64) {
        let mut state = self.lock();
        self.drop_socket(&mut state, conn, Instant::now());
        self.push_places(&mut state, None);
        self.gauge(&state);
    }

    /// A table's task ended: nobody watches its reviews any more.
    pub fn table_closed(&self, table: TableId) {
        let now = Instant::now();
        let mut state = self.lock();
        let keys: Vec<Key> = state
            .entries
            .keys()
            .filter(|(t, _)| *t == table)
            .copied()
            .collect();
        for key in keys {
            if let Some(entry) = state.entries.get_mut(&key) {
                entry.lease = None;
                let conns: Vec<u64> = entry.sockets.drain().map(|(conn, _)| conn).collect();
                for conn in conns {
                    state.watching.remove(&conn);
                }
            }
            self.stop_unwatched(&mut state, key, now);
        }
        self.push_places(&mut state, None);
        self.gauge(&state);
    }

    /// Review `key` as it stands, if it is cached.
    fn answer(&self, state: &State, key: Key) -> Option<Value> {
        let entry = state.entries.get(&key)?;
        let place = (entry.phase == Phase::Queued)
            .then(|| self.places(state).get(&key).copied())
            .flatten();
        Some(self.answer_for(key.1, entry, place))
    }

    /// Every queued review's place, from 1.
    fn places(&self, state: &State) -> HashMap<Key, usize> {
        let running_by = &state.running_by;
        state
            .queue
            .places(|p| running_by.get(p).copied().unwrap_or(0))
            .into_iter()
            .collect()
    }

    fn answer_for(&self, number: usize, entry: &Entry, place: Option<usize>) -> Value {
        let progress = entry.reviewing.progress();
        let (status, stopped) = match entry.phase {
            _ if progress.finished => ("done", Value::Null),
            Phase::Queued => ("queued", Value::Null),
            Phase::Running => ("running", Value::Null),
            Phase::Done => ("done", Value::Null),
            Phase::Stopped(reason) => (
                "stopped",
                json!({"reason": reason.code(), "message": reason.message(&self.limits)}),
            ),
        };
        json!({
            "deal": number,
            "status": status,
            "queue_place": place,
            "stopped": stopped,
            "done": progress.done,
            "total": progress.total,
            "review": progress.review,
        })
    }

    /// Sends review `key`'s answer to its sockets, if `reviewing` is still its work.
    fn push(&self, key: Key, reviewing: &Arc<Reviewing>) {
        let mut state = self.lock();
        let current = state
            .entries
            .get(&key)
            .is_some_and(|e| Arc::ptr_eq(&e.reviewing, reviewing));
        if current && let Some(answer) = self.answer(&state, key) {
            send_all(&mut state, key, &answer);
        }
    }

    /// Tells the sockets of every queued review its place, which moves when the queue
    /// does (`except`: one just answered).
    fn push_places(&self, state: &mut State, except: Option<Key>) {
        let places = self.places(state);
        for (key, place) in places {
            if Some(key) == except || state.entries.get(&key).is_none_or(|e| e.sockets.is_empty()) {
                continue;
            }
            if let Some(entry) = state.entries.get(&key) {
                let answer = self.answer_for(key.1, entry, Some(place));
                send_all(state, key, &answer);
            }
        }
    }

    /// A review's work ended: its phase, its last news, and the next review to start.
    fn ended(self: &Arc<Self>, run: &Run, reason: Option<StopReason>) {
        let now = Instant::now();
        let mut state = self.lock();
        state.running = state.running.saturating_sub(1);
        if let Some(n) = state.running_by.get_mut(&run.starter) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                state.running_by.remove(&run.starter);
            }
        }
        if let Some(entry) = state.entries.get_mut(&run.key)
            && Arc::ptr_eq(&entry.reviewing, &run.reviewing)
        {
            entry.ran += now.saturating_duration_since(run.started);
            if entry.reviewing.progress().finished {
                entry.phase = Phase::Done;
            } else if entry.phase == Phase::Running {
                let reason = reason.unwrap_or(StopReason::Failed);
                if reason == StopReason::TimeLimit {
                    self.gauges
                        .stopped_time_limit
                        .fetch_add(1, Ordering::Relaxed);
                }
                entry.phase = Phase::Stopped(reason);
            }
            if let Some(answer) = self.answer(&state, run.key) {
                send_all(&mut state, run.key, &answer);
            }
            // Nothing more will come: the sockets watch nothing now.
            if let Some(entry) = state.entries.get_mut(&run.key) {
                entry.lease = None;
                let conns: Vec<u64> = entry.sockets.drain().map(|(conn, _)| conn).collect();
                for conn in conns {
                    state.watching.remove(&conn);
                }
            }
        }
        self.dispatch(&mut state, now);
        self.push_places(&mut state, None);
        self.gauge(&state);
    }

    /// Stops the reviews nobody watches any more (their leases ran out, their sockets
    /// closed) and starts the next ones.
    fn sweep_once(self: &Arc<Self>) {
        let now = Instant::now();
        let mut state = self.lock();
        let mut unwatched = Vec::new();
        for (key, entry) in &mut state.entries {
            if !entry.active() {
                continue;
            }
            entry.sockets.retain(|_, w| !w.out.is_closed());
            if !entry.watched(now) {
                unwatched.push(*key);
            }
        }
        for key in unwatched {
            self.stop_unwatched(&mut state, key, now);
        }
        let watching: Vec<(u64, Key)> = state.watching.iter().map(|(c, k)| (*c, *k)).collect();
        for (conn, key) in watching {
            if state
                .entries
                .get(&key)
                .is_none_or(|e| !e.sockets.contains_key(&conn))
            {
                state.watching.remove(&conn);
            }
        }
        self.dispatch(&mut state, now);
        self.push_places(&mut state, None);
        self.gauge(&state);
    }

    /// The queue and the running reviews, for `/metrics`.
    fn gauge(&self, state: &State) {
        self.gauges
            .queued
            .store(state.queue.len() as u64, Ordering::Relaxed);
        self.gauges
            .running
            .store(state.running as u64, Ordering::Relaxed);
    }
}

/// Sends `answer` to every socket watching review `key`; one whose connection is gone
/// stops watching (a full outbox only misses this news: the next carries it all).
fn send_all(state: &mut State, key: Key, answer: &Value) {
    let Some(entry) = state.entries.get_mut(&key) else {
        return;
    };
    let mut gone = Vec::new();
    for (conn, watcher) in &entry.sockets {
        let text = socket_message(&watcher.id, answer.clone());
        if let Err(mpsc::error::TrySendError::Closed(_)) = watcher.out.try_send(Out::Text(text)) {
            gone.push(*conn);
        }
    }
    for conn in gone {
        entry.sockets.remove(&conn);
        state.watching.remove(&conn);
    }
}

/// A review's answer as the socket message `review` answering message `id`.
pub fn socket_message(id: &str, mut answer: Value) -> String {
    answer["v"] = json!(VERSION);
    answer["type"] = json!("review");
    answer["id"] = json!(id);
    answer.to_string()
}

/// A review holding a thread.
struct Run {
    jobs: Arc<Jobs>,
    key: Key,
    starter: Starter,
    reviewing: Arc<Reviewing>,
    wake: Arc<Notify>,
    /// What is left of its time limit.
    budget: Duration,
    started: Instant,
}

impl Run {
    /// Runs the review on the review threads, pushing its progress as it comes, until it
    /// ends, runs out of time or the server shuts down.
    async fn drive(self, deal: AnyGame) {
        let reviewer = Arc::clone(&self.jobs.reviewer);
        let reviewing = Arc::clone(&self.reviewing);
        let mut work = tokio::task::spawn_blocking(move || reviewer.run(&deal, &reviewing));
        // A runtime that shuts down drops this task without polling it again, and then
        // waits for the blocking work: the guard stops the review, so that wait is short.
        let mut guard = StopOnDrop(Some(Arc::clone(&self.reviewing)));
        let limit = tokio::time::sleep(self.budget);
        tokio::pin!(limit);
        let mut shutdown = self.jobs.shutdown.clone();
        let mut reason = None;
        let failed = loop {
            tokio::select! {
                ended = &mut work => break ended.is_err(),
                () = self.wake.notified() => {
                    self.jobs.push(self.key, &self.reviewing);
                    tokio::time::sleep(PUSH_GAP).await;
                }
                () = &mut limit, if reason.is_none() => {
                    reason = Some(StopReason::TimeLimit);
                    self.reviewing.stop();
                }
                () = shut_down(&mut shutdown), if reason.is_none() => {
                    reason = Some(StopReason::Shutdown);
                    self.reviewing.stop();
                }
            }
        };
        guard.0 = None;
        if failed {
            tracing::error!(table = self.key.0.0, deal = self.key.1, "a review failed");
            reason = Some(StopReason::Failed);
        }
        self.jobs.ended(&self, reason);
    }
}

/// Stops a review when dropped, unless taken out first: a review's driving task that is
/// dropped unfinished leaves no solver running.
struct StopOnDrop(Option<Arc<Reviewing>>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if let Some(reviewing) = self.0.take() {
            reviewing.stop();
        }
    }
}

/// Looks at the watchers' leases and sockets every [`SWEEP`] until the server shuts down.
async fn sweep(jobs: Arc<Jobs>) {
    let mut shutdown = jobs.shutdown.clone();
    let mut tick = tokio::time::interval(SWEEP);
    loop {
        tokio::select! {
            _ = tick.tick() => jobs.sweep_once(),
            () = shut_down(&mut shutdown) => return,
        }
    }
}

/// Returns once the server is shutting down (or its signal is gone).
async fn shut_down(shutdown: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here, not held across the caller's awaits.
    let _ = shutdown.wait_for(|&down| down).await.is_ok();
}
