//! Issue 34: three `tenace serve` processes over one Postgres database, one of them killed
//! with SIGKILL in the middle of a deal.
//!
//! A Contract Bridge table (a duplicate match of two boards) and then a Devil's Bridge
//! series are each played by three people and one computer player, the people's
//! WebSockets on three different processes, so every move a person makes is learnt by the
//! other two processes from the database's notifications. Mid-deal the process that drives
//! the computer player (its `/metrics` shows `tenace_tables_driven` above what it showed
//! before the table) is killed: its people reconnect to another process, resend the
//! command they had in flight and their last acknowledged one (both must answer as the
//! protocol says: the first answer again for an id already stored), and another process
//! must take the computer player over within 10 s (its gauge shows it at the first
//! heartbeat after the lease of the dead one has run out: some 3 to 5 s). The table then
//! plays to its end, and each surviving process serves it finished at the same version.
//! Between the two tables a fresh process replaces the killed one. The tables are paced
//! (computer players and people wait 100 ms before acting) so that a table outlives the
//! takeover by some heartbeats, the gauge counting only unfinished tables.
//!
//! Then the log is read straight from Postgres: its seqs are 1..n with no gap, every
//! acknowledged command id is in it exactly once at the version its ack named, and no
//! refused command id is in it at all. The run prints its counts (`--nocapture` shows
//! them).
//!
//! The Postgres server is the one `TENACE_TEST_POSTGRES_URL` names (`scripts/test` starts a
//! throwaway one and sets it); without it this test prints that it was skipped, except
//! under CI (`CI` set), where it fails.

mod serve_common;

#[path = "../../tenace-store/tests/support/postgres_scratch.rs"]
mod scratch;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tenace_store::{Store, TableId};
use tokio::sync::Notify;

use scratch::ScratchDatabase;
use serve_common::{Server, Ws, create_table, http, new_player, post_command};

/// The processes serving the database at once.
const PROCESSES: usize = 3;
/// The whole run must end within this.
const RUN_LIMIT: Duration = Duration::from_secs(300);
/// A connection that is sent nothing for this long has stalled (a computer player's
/// takeover after a kill takes a few seconds of it).
const STALL: Duration = Duration::from_secs(20);
/// A client sends at most one message per this interval, under the server's 20 a second.
const SEND_GAP: Duration = Duration::from_millis(60);
/// A person thinks this long before each action, as the computer players wait their
/// pacing: a table then lasts long enough to watch its computer player move.
const THINK: Duration = Duration::from_millis(100);
/// Another process must drive the killed one's computer players within this.
const TAKEOVER_LIMIT: Duration = Duration::from_secs(10);
/// How long the process driving a new table's computer players may take to show it.
const DRIVER_LIMIT: Duration = Duration::from_secs(15);
/// How long a client may try to reconnect after its process died.
const RECONNECT_LIMIT: Duration = Duration::from_secs(15);
/// The default seed; `TENACE_CLUSTER_SEED` overrides it.
const DEFAULT_SEED: u64 = 34;

/// A table of the run.
struct Plan {
    name: &'static str,
    spec: Value,
    /// The seats people play, one client each, on different processes.
    people: &'static [&'static str],
    /// The kill comes once the table's version is at least this, in the middle of a deal.
    kill_from_version: u64,
}

fn plans() -> Vec<Plan> {
    // Paced so that a table outlives the computer player's takeover by some heartbeats:
    // the gauge that shows the new driver is updated once a second, and counts only
    // unfinished tables.
    let settings = json!({"pacing_ms": 100, "think_ms": 50, "away_takeover": false});
    vec![
        Plan {
            name: "bridge",
            spec: json!({"game": "bridge", "match": "duplicate",
                         "options": {"boards": 2, "comparison": "none"},
                         "settings": settings, "bots": {"W": "random"}}),
            people: &["N", "E", "S"],
            // Three sits and then about sixty actions a board: in the first board's play.
            kill_from_version: 25,
        },
        Plan {
            name: "devils-bridge",
            // Hands of 1, 2, 3, 4, 3, 2 and 1 (blind) cards: 95 events with the sits.
            spec: json!({"game": "devils-bridge", "options": {"players": 4, "max_hand": 4},
                         "settings": settings, "bots": {"3": "random"}}),
            people: &["0", "1", "2"],
            // Three sits, then 8 and 12 actions: in the third hand.
            kill_from_version: 26,
        },
    ]
}

/// The servers of the run, the killed ones kept for their logs.
struct Cluster {
    url: String,
    dir: PathBuf,
    servers: Vec<Server>,
    /// Each server's address while it is up, by its index in `servers`: what a client
    /// reconnects to.
    alive: Arc<Mutex<Vec<Option<SocketAddr>>>>,
}

impl Cluster {
    fn start_one(&mut self) -> Result<usize, String> {
        let index = self.servers.len();
        let log = self.dir.join(format!("serve-{index}.log"));
        let server = Server::start_with(&["--database-url", &self.url], &log)
            .map_err(|e| format!("process {index}: {e}"))?;
        self.alive
            .lock()
            .map_err(|_| "poisoned")?
            .push(Some(server.addr));
        self.servers.push(server);
        Ok(index)
    }

    /// The live servers: index and address.
    fn live(&self) -> Vec<(usize, SocketAddr)> {
        self.alive
            .lock()
            .map(|alive| {
                alive
                    .iter()
                    .enumerate()
                    .filter_map(|(i, a)| a.map(|a| (i, a)))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn kill(&mut self, index: usize) {
        if let Ok(mut alive) = self.alive.lock() {
            alive[index] = None;
        }
        self.servers[index].kill();
    }

    /// Every server's log tail, for a failure's message.
    fn log_tails(&self) -> String {
        let alive = self.alive.lock().map(|a| a.clone()).unwrap_or_default();
        self.servers
            .iter()
            .enumerate()
            .map(|(i, server)| {
                let state = match alive.get(i).copied().flatten() {
                    Some(addr) => format!("up at {addr}"),
                    None => "killed".to_string(),
                };
                format!(
                    "--- process {i} ({state}{}), its log ends:\n{}",
                    cluster_id(&server.log_tail())
                        .map(|id| format!(", process={id} in its log"))
                        .unwrap_or_default(),
                    server.log_tail()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The id a server's log says it joined the cluster with, if the tail still shows it.
fn cluster_id(log: &str) -> Option<&str> {
    log.lines()
        .find_map(|line| line.split("joined the cluster process=").nth(1))
        .map(str::trim)
}

/// An acknowledged command, as its ack named it.
#[derive(Debug, Clone)]
struct Acked {
    id: String,
    /// The command as sent, to send again.
    body: Value,
    version: u64,
    /// Whether it was acknowledged only when resent after a kill.
    after_kill: bool,
}

/// What the clients of one table tell the orchestrator.
#[derive(Default)]
struct Progress {
    /// The highest version any client has seen, and whether that view was mid-deal.
    seen: Mutex<(u64, bool)>,
    /// Woken each time a client sends a command, so a kill can follow a send closely.
    sent: Notify,
    /// When a client first saw the table finished.
    finished_at: Mutex<Option<Instant>>,
}

/// What a `view` or `patch` message made.
enum Took {
    /// A new view.
    View(Value),
    /// Nothing: a patch ignored until a whole view comes.
    Nothing,
    /// The connection dropped while asking for a whole view.
    Dropped,
}

/// How a session ended.
enum Outcome {
    Finished,
    Dropped,
}

/// One person's seat, played over a WebSocket.
struct Client {
    label: String,
    seat: String,
    cookie: String,
    table: u64,
    /// The index of the server this client is on now.
    server: usize,
    rng: ChaCha8Rng,
    next_id: u32,
    /// The command sent and not yet answered: resent with its id after a kill.
    pending: Option<(String, Value)>,
    acked: Vec<Acked>,
    refused: Vec<(String, Value)>,
    refused_in_row: usize,
    ack_version: u64,
    reconnects: usize,
    /// Resent ids answered as duplicates (the in-flight command found stored, and the
    /// last acknowledged command sent again).
    duplicates: usize,
    last_send: Option<Instant>,
    /// The last view this connection made, to apply the next patch to.
    current: Option<Value>,
    /// Waiting for a whole view after a patch that did not apply.
    resyncing: bool,
    /// Patches that did not apply to the last view, each answered with a `hello`.
    resyncs: usize,
    alive: Arc<Mutex<Vec<Option<SocketAddr>>>>,
    progress: Arc<Progress>,
    until: Instant,
}

impl Client {
    /// Plays until the table is finished, reconnecting to another process when its own
    /// dies.
    async fn run(mut self) -> Result<Client, String> {
        let mut reconnect = false;
        loop {
            let mut ws = self.connect(reconnect).await?;
            match self.session(&mut ws, reconnect).await? {
                Outcome::Finished => return Ok(self),
                Outcome::Dropped => {
                    reconnect = true;
                    self.reconnects += 1;
                }
            }
        }
    }

    /// A socket to the table on this client's server or, once it is down, the next one up.
    async fn connect(&mut self, moving: bool) -> Result<Ws, String> {
        let deadline = Instant::now() + RECONNECT_LIMIT;
        let mut errors = Vec::new();
        loop {
            let alive = self.alive.lock().map_err(|_| "poisoned")?.clone();
            let count = alive.len();
            let start = if moving { self.server + 1 } else { self.server };
            for k in 0..count {
                let index = (start + k) % count;
                let Some(addr) = alive[index] else { continue };
                match Ws::connect(addr, &self.cookie, self.table).await {
                    Ok(ws) => {
                        self.server = index;
                        return Ok(ws);
                    }
                    Err(e) => errors.push(format!("process {index}: {e}")),
                }
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "{}: no process took the table's socket within {RECONNECT_LIMIT:?}: {errors:?}",
                    self.label
                ));
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn session(&mut self, ws: &mut Ws, reconnect: bool) -> Result<Outcome, String> {
        // A new connection starts from a whole view.
        self.current = None;
        self.resyncing = false;
        let Some(mut view) = self.next_view(ws).await? else {
            return Ok(Outcome::Dropped);
        };
        if reconnect {
            // The command in flight at the kill: stored or not, its id answers once.
            if let Some((id, body)) = self.pending.clone() {
                let Some(answer) = self.exchange(ws, &id, &body, &mut view).await? else {
                    return Ok(Outcome::Dropped);
                };
                if answer["duplicate"] == true {
                    self.duplicates += 1;
                }
                self.settle(&id, &body, &answer, true)?;
            }
            // The last acknowledged command again: the first ack, nothing applied.
            if let Some(last) = self.acked.last().cloned() {
                let Some(answer) = self.exchange(ws, &last.id, &last.body, &mut view).await? else {
                    return Ok(Outcome::Dropped);
                };
                if answer["type"] != "ack"
                    || answer["duplicate"] != true
                    || answer["version"] != last.version
                {
                    return Err(format!(
                        "{}: on process {}, resending the acknowledged command {} (first ack at version {}) answered {answer}, not that ack again with \"duplicate\": true",
                        self.label, self.server, last.id, last.version
                    ));
                }
                self.duplicates += 1;
            }
            // A fresh view: an answer may have come before the views it follows.
            self.throttle().await;
            if ws.send(&json!({"v": 1, "type": "hello"})).await.is_err() {
                return Ok(Outcome::Dropped);
            }
            let Some(fresh) = self.next_view(ws).await? else {
                return Ok(Outcome::Dropped);
            };
            view = fresh;
        }
        loop {
            if Instant::now() > self.until {
                return Err(format!(
                    "{}: still playing at the run's limit of {RUN_LIMIT:?} (last view at version {})",
                    self.label, view["version"]
                ));
            }
            if view["status"] == "finished" {
                return Ok(Outcome::Finished);
            }
            if let Some((id, body)) = self.choose(&view) {
                tokio::time::sleep(THINK).await;
                self.pending = Some((id.clone(), body.clone()));
                let chosen_at = view["version"].clone();
                let Some(answer) = self.exchange(ws, &id, &body, &mut view).await? else {
                    return Ok(Outcome::Dropped);
                };
                self.settle(&id, &body, &answer, false)?;
                if answer["type"] == "error" {
                    // A refusal is fair only if the table moved since the view that
                    // offered the action: a view asked for now shows whether it did.
                    self.throttle().await;
                    if ws.send(&json!({"v": 1, "type": "hello"})).await.is_err() {
                        return Ok(Outcome::Dropped);
                    }
                    let Some(fresh) = self.next_view(ws).await? else {
                        return Ok(Outcome::Dropped);
                    };
                    if fresh["version"] == chosen_at {
                        return Err(format!(
                            "{}: on process {}, the view at version {chosen_at} offered {body}, but the process refused it with the table still at that version: {answer}",
                            self.label, self.server
                        ));
                    }
                    view = fresh;
                }
                continue;
            }
            let Some(next) = self.next_view(ws).await? else {
                return Ok(Outcome::Dropped);
            };
            view = next;
        }
    }

    /// The command to send on this view, if the seat is to act: any legal action but a
    /// Devil's Bridge bid change (random changes could go on until the first card), a
    /// pass half the time where one is legal so that auctions end.
    fn choose(&mut self, view: &Value) -> Option<(String, Value)> {
        if view["status"] != "playing" || view["version"].as_u64()? < self.ack_version {
            return None;
        }
        let legal: Vec<&str> = view["legal"]
            .as_array()?
            .iter()
            .filter_map(Value::as_str)
            .filter(|a| !a.starts_with("change "))
            .collect();
        if legal.is_empty() {
            return None;
        }
        let action = if legal.contains(&"P") && self.rng.random_bool(0.5) {
            "P"
        } else {
            legal.choose(&mut self.rng)?
        };
        self.next_id += 1;
        let id = format!("{}-{}", self.label, self.next_id);
        let body = json!({"v": 1, "type": "act", "id": id, "action": action});
        Some((id, body))
    }

    /// Sends a command and reads up to its answer (views on the way update `view`);
    /// `None` when the connection dropped first.
    async fn exchange(
        &mut self,
        ws: &mut Ws,
        id: &str,
        body: &Value,
        view: &mut Value,
    ) -> Result<Option<Value>, String> {
        self.throttle().await;
        if ws.send(body).await.is_err() {
            return Ok(None);
        }
        self.progress.sent.notify_waiters();
        loop {
            let message = ws.recv(STALL).await.map_err(|e| {
                format!(
                    "{}: on process {}, waiting for the answer to {body}: {e}",
                    self.label, self.server
                )
            })?;
            let Some(message) = message else {
                return Ok(None);
            };
            match message["type"].as_str() {
                Some("view" | "patch") => match self.take(ws, &message).await? {
                    Took::View(new) => *view = new,
                    Took::Nothing => {}
                    Took::Dropped => return Ok(None),
                },
                Some("ack" | "error") if message["id"] == id => return Ok(Some(message)),
                _ => {
                    return Err(format!(
                        "{}: waiting for the answer to {body}, got {message}",
                        self.label
                    ));
                }
            }
        }
    }

    /// Books a command's answer.
    fn settle(
        &mut self,
        id: &str,
        body: &Value,
        answer: &Value,
        resent: bool,
    ) -> Result<(), String> {
        self.pending = None;
        match answer["type"].as_str() {
            Some("ack") => {
                if answer["duplicate"] == true && !resent {
                    return Err(format!(
                        "{}: the new command id {id} was answered as a duplicate: {answer}",
                        self.label
                    ));
                }
                let version = answer["version"]
                    .as_u64()
                    .ok_or_else(|| format!("{}: an ack without a version: {answer}", self.label))?;
                if answer["duplicate"] == false && version <= self.ack_version {
                    return Err(format!(
                        "{}: ack version {version} is not after the previous ack's {}: {answer}",
                        self.label, self.ack_version
                    ));
                }
                self.ack_version = self.ack_version.max(version);
                self.acked.push(Acked {
                    id: id.to_string(),
                    body: body.clone(),
                    version,
                    after_kill: resent,
                });
                self.refused_in_row = 0;
                Ok(())
            }
            _ => {
                if answer["field"].is_null() {
                    return Err(format!(
                        "{}: an error that names no field or rule: {answer}",
                        self.label
                    ));
                }
                self.refused.push((id.to_string(), answer.clone()));
                self.refused_in_row += 1;
                if self.refused_in_row > 20 {
                    return Err(format!(
                        "{}: {} actions in a row were refused, the last {body} with {answer}",
                        self.label, self.refused_in_row
                    ));
                }
                Ok(())
            }
        }
    }

    /// The next view (a whole `view`, or a `patch` applied to the last); `None` when the
    /// connection dropped.
    async fn next_view(&mut self, ws: &mut Ws) -> Result<Option<Value>, String> {
        loop {
            let message = ws.recv(STALL).await.map_err(|e| {
                format!(
                    "{}: on process {}, waiting for a view: {e}",
                    self.label, self.server
                )
            })?;
            let Some(message) = message else {
                return Ok(None);
            };
            if !matches!(message["type"].as_str(), Some("view" | "patch")) {
                return Err(format!("{}: expected a view, got {message}", self.label));
            }
            match self.take(ws, &message).await? {
                Took::View(view) => return Ok(Some(view)),
                Took::Nothing => {}
                Took::Dropped => return Ok(None),
            }
        }
    }

    /// Takes in a `view` or a `patch` message, as docs/server-protocol.md says a client
    /// does: a patch applies to the last view when that view's version is its `base`;
    /// otherwise, or when it does not apply, the client asks for a whole view (`hello`)
    /// and ignores the patches until it comes.
    async fn take(&mut self, ws: &mut Ws, message: &Value) -> Result<Took, String> {
        if message["type"] == "view" {
            self.resyncing = false;
            let view = self.check_view(message["view"].clone(), message)?;
            self.current = Some(view.clone());
            return Ok(Took::View(view));
        }
        if self.resyncing {
            return Ok(Took::Nothing);
        }
        let applied = match (&self.current, message["base"].as_u64()) {
            (Some(current), Some(base)) if current["version"].as_u64() == Some(base) => {
                let mut next = current.clone();
                serde_json::from_value::<json_patch::Patch>(message["patch"].clone())
                    .ok()
                    .and_then(|patch| json_patch::patch(&mut next, &patch).ok())
                    .map(|()| next)
            }
            _ => None,
        };
        let Some(view) = applied else {
            self.resyncs += 1;
            self.resyncing = true;
            self.throttle().await;
            if ws.send(&json!({"v": 1, "type": "hello"})).await.is_err() {
                return Ok(Took::Dropped);
            }
            return Ok(Took::Nothing);
        };
        if view["version"] != message["version"] {
            return Err(format!(
                "{}: on process {}, a patch to version {} made a view at version {}: {message}",
                self.label, self.server, message["version"], view["version"]
            ));
        }
        let view = self.check_view(view, message)?;
        self.current = Some(view.clone());
        Ok(Took::View(view))
    }

    /// Checks a view (`message` made it) and notes its version for the orchestrator.
    fn check_view(&self, view: Value, message: &Value) -> Result<Value, String> {
        let version = view["version"]
            .as_u64()
            .ok_or_else(|| format!("{}: a view without a version: {message}", self.label))?;
        if view["table"] != self.table {
            return Err(format!(
                "{}: a view of another table on table {}'s socket: {message}",
                self.label, self.table
            ));
        }
        let mid_deal = view["status"] == "playing"
            && !view["deal"].is_null()
            && view["deal"]["phase"] != "finished";
        if let Ok(mut seen) = self.progress.seen.lock()
            && version >= seen.0
        {
            *seen = (version, mid_deal);
        }
        if view["status"] == "finished"
            && let Ok(mut finished_at) = self.progress.finished_at.lock()
        {
            finished_at.get_or_insert_with(Instant::now);
        }
        Ok(view)
    }

    /// Keeps this connection under the server's message rate.
    async fn throttle(&mut self) {
        if let Some(last) = self.last_send {
            tokio::time::sleep_until((last + SEND_GAP).into()).await;
        }
        self.last_send = Some(Instant::now());
    }
}

/// The time of day (UTC), to line this test's steps up with the servers' logs.
fn clock() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let (secs, millis) = (now.as_secs() % 86_400, now.subsec_millis());
    format!(
        "{:02}:{:02}:{:02}.{millis:03}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// `tenace_tables_driven` of one process's `/metrics`.
async fn tables_driven(addr: SocketAddr) -> Result<u64, String> {
    let reply = http(addr, "GET", "/metrics", None, None).await?;
    if reply.status != 200 {
        return Err(format!("GET /metrics: status {}", reply.status));
    }
    reply
        .body
        .lines()
        .find_map(|line| line.strip_prefix("tenace_tables_driven "))
        .and_then(|value| value.trim().parse::<f64>().ok())
        .map(|value| value as u64)
        .ok_or_else(|| {
            format!(
                "its /metrics has no tenace_tables_driven line: {}",
                reply.body
            )
        })
}

/// Each live process's `tenace_tables_driven`, by index.
async fn driven_by(live: &[(usize, SocketAddr)]) -> Result<BTreeMap<usize, u64>, String> {
    let mut driven = BTreeMap::new();
    for &(index, addr) in live {
        let n = tables_driven(addr)
            .await
            .map_err(|e| format!("process {index}: {e}"))?;
        driven.insert(index, n);
    }
    Ok(driven)
}

/// How often a server beats and updates its `tenace_tables_driven` gauge.
const HEARTBEAT: Duration = Duration::from_secs(1);

/// The one live process whose `tenace_tables_driven` is above its `baseline`: the one that
/// drives the computer players of the table just made; waits for its heartbeat to show it.
async fn find_driver(
    live: &[(usize, SocketAddr)],
    baseline: &BTreeMap<usize, u64>,
    table: u64,
    name: &str,
) -> Result<usize, String> {
    let searching = Instant::now();
    loop {
        let driven = driven_by(live).await?;
        let drivers = above(&driven, baseline);
        match drivers.as_slice() {
            [one] => return Ok(*one),
            [] if searching.elapsed() < DRIVER_LIMIT => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            [] => {
                return Err(format!(
                    "{name}: no process shows table {table}'s computer player driven within {DRIVER_LIMIT:?}: tenace_tables_driven {driven:?}, before the table {baseline:?}"
                ));
            }
            _ => {
                return Err(format!(
                    "{name}: {} processes drive computer players of table {table} at once: tenace_tables_driven {driven:?}, before the table {baseline:?}",
                    drivers.len()
                ));
            }
        }
    }
}

/// The processes whose gauge is above their baseline.
fn above(driven: &BTreeMap<usize, u64>, baseline: &BTreeMap<usize, u64>) -> Vec<usize> {
    driven
        .iter()
        .filter(|(i, n)| **n > baseline.get(*i).copied().unwrap_or(0))
        .map(|(i, _)| *i)
        .collect()
}

/// What one table's play measured.
struct PhaseReport {
    name: &'static str,
    table: u64,
    acked: Vec<Acked>,
    refused: Vec<String>,
    reconnects: usize,
    duplicates: usize,
    killed: usize,
    killed_at_version: u64,
    takeover: Duration,
    taken_by: usize,
    final_version: u64,
}

async fn play(
    cluster: &mut Cluster,
    plan: &Plan,
    rng: &mut ChaCha8Rng,
    until: Instant,
) -> Result<PhaseReport, String> {
    let live = cluster.live();
    if live.len() != PROCESSES {
        return Err(format!(
            "{}: {} processes up, not {PROCESSES}",
            plan.name,
            live.len()
        ));
    }
    // A finished table's lease may take a moment to go: wait for the gauges to settle,
    // then count what this table adds to them.
    let settling = Instant::now();
    let mut baseline = driven_by(&live).await?;
    while baseline.values().any(|n| *n > 0) && settling.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        baseline = driven_by(&live).await?;
    }
    let (_, first) = live[0];
    let host = new_player(first).await?;
    let table = create_table(first, &host, &plan.spec).await?;
    println!(
        "  {}: table {table} created on process {}",
        clock(),
        live[0].0
    );
    let progress = Arc::new(Progress::default());
    let mut acked_sits = Vec::new();
    let mut clients = Vec::new();
    for (k, seat) in plan.people.iter().enumerate() {
        // Each person on another process; the creator's process gets the last one.
        let (index, addr) = live[(k + 1) % live.len()];
        let label = format!("{}/{seat}", plan.name);
        let cookie = new_player(addr).await?;
        let id = format!("{label}-sit");
        let body = json!({"v": 1, "type": "sit", "id": id, "seat": seat});
        let answer = post_command(addr, &cookie, table, &body).await?;
        let version = answer["version"]
            .as_u64()
            .filter(|_| answer["type"] == "ack")
            .ok_or_else(|| format!("{label}: sit on process {index}: {answer}"))?;
        acked_sits.push(Acked {
            id,
            body,
            version,
            after_kill: false,
        });
        clients.push(Client {
            label,
            seat: seat.to_string(),
            cookie,
            table,
            server: index,
            rng: ChaCha8Rng::seed_from_u64(rng.random()),
            next_id: 0,
            pending: None,
            acked: Vec::new(),
            refused: Vec::new(),
            refused_in_row: 0,
            ack_version: 0,
            reconnects: 0,
            duplicates: 0,
            last_send: None,
            current: None,
            resyncing: false,
            resyncs: 0,
            alive: Arc::clone(&cluster.alive),
            progress: Arc::clone(&progress),
            until,
        });
    }
    let people = clients.len();
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel();
    for client in clients {
        let done = done_tx.clone();
        tokio::spawn(async move {
            let _ = done.send(client.run().await);
        });
    }
    let mut finished: Vec<Client> = Vec::new();
    let mut gather =
        |done_rx: &mut tokio::sync::mpsc::UnboundedReceiver<Result<Client, String>>| {
            while let Ok(result) = done_rx.try_recv() {
                finished.push(result?);
            }
            Ok::<usize, String>(finished.len())
        };

    let first_driver = find_driver(&live, &baseline, table, plan.name).await?;
    println!(
        "  {}: process {first_driver} drives table {table}'s computer player",
        clock()
    );

    // Mid-deal, past the kill version.
    loop {
        if gather(&mut done_rx)? > 0 {
            return Err(format!(
                "{}: a client saw table {table} finished before the kill at version {}: raise the kill's version",
                plan.name, plan.kill_from_version
            ));
        }
        let (version, mid_deal) = *progress.seen.lock().map_err(|_| "poisoned")?;
        if version >= plan.kill_from_version && mid_deal {
            break;
        }
        if Instant::now() > until {
            return Err(format!(
                "{}: table {table} did not reach version {} mid-deal within the run's limit (at {version})",
                plan.name, plan.kill_from_version
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // The one process that drives the table's computer player, now (it was found once
    // already: the gauges are up to date).
    let killed = find_driver(&live, &baseline, table, plan.name).await?;
    // Close behind a command's send, when one comes soon: some kills then land between
    // a command's arrival and its ack.
    let _ = tokio::time::timeout(Duration::from_millis(500), progress.sent.notified()).await;
    tokio::time::sleep(Duration::from_micros(rng.random_range(0..5_000))).await;
    let killed_at_version = progress.seen.lock().map_err(|_| "poisoned")?.0;
    cluster.kill(killed);
    let kill_time = Instant::now();
    let killed_clock = clock();
    println!(
        "  {killed_clock}: killed process {killed}, which drove table {table}'s computer player, at table version {killed_at_version}"
    );

    // Another process takes the computer player over.
    let survivors = cluster.live();
    let (taken_by, takeover) = loop {
        let driven = driven_by(&survivors).await?;
        let drivers = above(&driven, &baseline);
        if let Some(&first) = drivers.first() {
            if drivers.len() > 1 {
                return Err(format!(
                    "{}: after process {killed} was killed, {} processes drive table {table}'s computer player: tenace_tables_driven {driven:?}, before the table {baseline:?}",
                    plan.name,
                    drivers.len()
                ));
            }
            println!(
                "  {}: process {first} drives table {table}'s computer player",
                clock()
            );
            break (first, kill_time.elapsed());
        }
        let finished_at = *progress.finished_at.lock().map_err(|_| "poisoned")?;
        if let Some(at) = finished_at
            && kill_time.elapsed()
                > TAKEOVER_LIMIT.min(at.duration_since(kill_time) + 2 * HEARTBEAT)
        {
            return Err(format!(
                "{}: table {table} finished {:.2} s after process {killed} was killed (at {killed_clock}), with no surviving process's tenace_tables_driven ever above its count before the table (now {driven:?}, before {baseline:?}): the takeover came and went between two heartbeats; slow the table down",
                plan.name,
                at.duration_since(kill_time).as_secs_f64()
            ));
        }
        if kill_time.elapsed() > TAKEOVER_LIMIT {
            // Whether it comes late, or not at all, says more than the limit alone.
            let mut late = None;
            while late.is_none() && kill_time.elapsed() < 3 * TAKEOVER_LIMIT {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let driven = driven_by(&survivors).await?;
                late = above(&driven, &baseline)
                    .first()
                    .map(|p| (*p, kill_time.elapsed()));
            }
            let late = match late {
                Some((p, after)) => format!(
                    "process {p} took it over only {:.2} s after the kill",
                    after.as_secs_f64()
                ),
                None => format!("none did within {:?} either", 3 * TAKEOVER_LIMIT),
            };
            return Err(format!(
                "{}: no surviving process drove table {table}'s computer player within {TAKEOVER_LIMIT:?} of killing process {killed} (at {killed_clock}, table version {killed_at_version}): tenace_tables_driven {driven:?}, before the table {baseline:?}; {late}",
                plan.name
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };

    // The table plays to its end.
    while gather(&mut done_rx)? < people {
        if Instant::now() > until {
            return Err(format!(
                "{}: table {table} was still being played at the run's limit of {RUN_LIMIT:?} (last version seen {})",
                plan.name,
                progress.seen.lock().map_err(|_| "poisoned")?.0
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Every surviving process serves it finished, at one version.
    let settle_limit = Instant::now() + Duration::from_secs(10);
    let final_version = loop {
        let mut versions = BTreeMap::new();
        for &(index, addr) in &survivors {
            let reply = http(addr, "GET", &format!("/api/tables/{table}"), None, None).await?;
            let view = reply.json()?;
            versions.insert(index, (view["status"].clone(), view["version"].clone()));
        }
        let first = versions.values().next().cloned();
        let agreed = first
            .as_ref()
            .filter(|(status, _)| status == "finished")
            .is_some()
            && versions.values().all(|v| Some(v) == first.as_ref());
        if agreed {
            break first.and_then(|(_, v)| v.as_u64()).unwrap_or(0);
        }
        if Instant::now() > settle_limit {
            return Err(format!(
                "{}: the surviving processes do not serve table {table} finished at one version: (status, version) by process {versions:?}",
                plan.name
            ));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };

    let mut acked = acked_sits;
    let mut refused = Vec::new();
    let (mut reconnects, mut duplicates) = (0, 0);
    finished.sort_by(|a, b| a.label.cmp(&b.label));
    for client in finished {
        println!(
            "  {:<16} seat {} acks {:>3}, refused {}, reconnects {}, resent ids answered as duplicates {}, patches that did not apply (resynced) {}",
            client.label,
            client.seat,
            client.acked.len(),
            client.refused.len(),
            client.reconnects,
            client.duplicates,
            client.resyncs
        );
        for (id, answer) in &client.refused {
            println!("    refused {id}: {answer}");
        }
        reconnects += client.reconnects;
        duplicates += client.duplicates;
        acked.extend(client.acked);
        refused.extend(client.refused.into_iter().map(|(id, _)| id));
    }
    Ok(PhaseReport {
        name: plan.name,
        table,
        acked,
        refused,
        reconnects,
        duplicates,
        killed,
        killed_at_version,
        takeover,
        taken_by,
        final_version,
    })
}

/// Checks one table's log, read straight from Postgres; returns its length.
fn check_log(store: &dyn Store, report: &PhaseReport) -> Result<usize, String> {
    let table = TableId(i64::try_from(report.table).map_err(|e| e.to_string())?);
    let events = store
        .events(table, 1)
        .map_err(|e| format!("{}: reading table {}'s log: {e}", report.name, report.table))?;
    for (k, event) in events.iter().enumerate() {
        if event.seq != k as u64 + 1 {
            return Err(format!(
                "{}: table {}'s log has seq {} in place {} (seqs must be 1..n without gaps)",
                report.name,
                report.table,
                event.seq,
                k + 1
            ));
        }
    }
    if events.len() as u64 != report.final_version {
        return Err(format!(
            "{}: table {}'s log holds {} events, but the processes serve it at version {}",
            report.name,
            report.table,
            events.len(),
            report.final_version
        ));
    }
    let mut by_id: BTreeMap<(Option<i64>, &str), Vec<u64>> = BTreeMap::new();
    for event in &events {
        if let Some(id) = &event.client_id {
            by_id
                .entry((event.actor.map(|a| a.0), id.as_str()))
                .or_default()
                .push(event.seq);
        }
    }
    if let Some(((actor, id), seqs)) = by_id.iter().find(|(_, seqs)| seqs.len() > 1) {
        return Err(format!(
            "{}: table {}'s log holds command {id} of actor {actor:?} {} times, at seqs {seqs:?}",
            report.name,
            report.table,
            seqs.len()
        ));
    }
    let seqs_of = |id: &str| -> Vec<u64> {
        by_id
            .iter()
            .filter(|((_, i), _)| *i == id)
            .flat_map(|(_, seqs)| seqs.iter().copied())
            .collect()
    };
    for acked in &report.acked {
        let seqs = seqs_of(&acked.id);
        if seqs != [acked.version] {
            return Err(format!(
                "{}: command {} was acknowledged at version {}{}, but table {}'s log holds it at seqs {seqs:?}",
                report.name,
                acked.id,
                acked.version,
                if acked.after_kill {
                    " (resent after the kill)"
                } else {
                    ""
                },
                report.table
            ));
        }
    }
    for id in &report.refused {
        let seqs = seqs_of(id);
        if !seqs.is_empty() {
            return Err(format!(
                "{}: command {id} was refused, but table {}'s log holds it at seqs {seqs:?}",
                report.name, report.table
            ));
        }
    }
    Ok(events.len())
}

/// A fresh database, or `None` when the Postgres tests are skipped.
fn scratch() -> Option<ScratchDatabase> {
    scratch::for_test("cluster", "Postgres cluster test")
}

fn seed() -> u64 {
    std::env::var("TENACE_CLUSTER_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_SEED)
}

// A plain test with a runtime of its own: the store's Postgres client blocks, and must not
// run on the runtime's threads.
#[test]
fn three_processes_share_tables_through_a_sigkill() {
    let Some(db) = scratch() else {
        return;
    };
    let seed = seed();
    println!("cluster seed {seed} (set TENACE_CLUSTER_SEED to replay another)");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut cluster = Cluster {
        url: db.url().to_string(),
        dir: dir.path().to_path_buf(),
        servers: Vec::new(),
        alive: Arc::new(Mutex::new(Vec::new())),
    };
    let result = runtime.block_on(async {
        for _ in 0..PROCESSES {
            cluster.start_one()?;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let until = Instant::now() + RUN_LIMIT;
        let mut reports = Vec::new();
        for plan in plans() {
            if cluster.live().len() < PROCESSES {
                // A fresh process in the killed one's place.
                let index = cluster.start_one()?;
                println!("process {index} started in the killed one's place");
            }
            println!("{}:", plan.name);
            reports.push(play(&mut cluster, &plan, &mut rng, until).await?);
        }
        Ok::<_, String>(reports)
    });
    let reports = match result {
        Ok(reports) => reports,
        Err(e) => panic!("{e}\n{}", cluster.log_tails()),
    };

    let store = db.connect();
    let mut totals = (0, 0, 0, 0);
    for report in &reports {
        let events = match check_log(&store, report) {
            Ok(events) => events,
            Err(e) => panic!("{e}\n{}", cluster.log_tails()),
        };
        let after_kill = report.acked.iter().filter(|a| a.after_kill).count();
        println!(
            "{} (table {}): {} acknowledged commands ({after_kill} of them resent after the kill), {events} events in the log, each acknowledged id once at its ack's version, 0 duplicates; {} refused; process {} killed at version {}, its computer player driven by process {} {:.2} s later; {} reconnects, {} resent ids answered as duplicates",
            report.name,
            report.table,
            report.acked.len(),
            report.refused.len(),
            report.killed,
            report.killed_at_version,
            report.taken_by,
            report.takeover.as_secs_f64(),
            report.reconnects,
            report.duplicates
        );
        totals.0 += report.acked.len();
        totals.1 += events;
        totals.2 += report.reconnects;
        totals.3 += report.refused.len();
    }
    println!(
        "cluster: {} acknowledged commands, {} log events, 0 duplicates, {} refused, {} reconnects, lease takeovers {}",
        totals.0,
        totals.1,
        totals.3,
        totals.2,
        reports
            .iter()
            .map(|r| format!("{:.2} s", r.takeover.as_secs_f64()))
            .collect::<Vec<_>>()
            .join(" and ")
    );
    drop(store);
    drop(cluster);
}
