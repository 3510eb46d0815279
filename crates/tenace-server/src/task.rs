//! One task per live table, the only writer of its state: validate, append, then tell.
//!
//! A command is checked by the table (nothing changes on error), appended to the log as
//! the next seq through the group committer, and only after the commit applied and
//! broadcast as a fresh view to every connection. Computer players think on the blocking
//! pool and come back through the same path.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tenace_rules::Action;
use tenace_store::{Appended, NewEvent, PlayerId, StoreError, TableId, TableStatus};
use tenace_table::record::{Record, RecordMeta, Scope};
use tenace_table::{
    Actor, Command, Event, Occupant, PlayerKey, Table, TableError, ViewCache, Viewer,
};
use tokio::sync::{mpsc, oneshot};

use crate::hub::Hub;
use crate::limits::Window;
use crate::message;
use crate::my_tables::Seating;
use crate::patch::{SentView, VersionParts};

/// Chat messages a player may send to a table in [`CHAT_WINDOW`], from any tab.
const CHAT_MAX: usize = 5;
const CHAT_WINDOW: Duration = Duration::from_secs(10);

/// How many messages a connection's outbox holds before the connection is dropped as
/// too slow.
pub const OUTBOX: usize = 256;

/// What a connection is sent.
#[derive(Debug, Clone)]
pub enum Out {
    /// A JSON text frame.
    Text(String),
    /// Close the socket with this code and reason.
    Close(u16, &'static str),
}

/// A message to a table's task.
pub enum ToTable {
    /// A command from a person.
    Command {
        /// The sender's player id.
        player: PlayerKey,
        /// The sender's display name.
        name: String,
        /// The client's command id.
        client_id: String,
        /// The command.
        command: Command,
        /// Where the `ack` or `error` goes.
        reply: oneshot::Sender<Value>,
    },
    /// A connection opened; it is sent a view at once.
    Connect {
        /// The connection's number.
        conn: u64,
        /// Its player.
        player: PlayerKey,
        /// Its outbox.
        out: mpsc::Sender<Out>,
    },
    /// A connection closed.
    Disconnect {
        /// The connection's number.
        conn: u64,
    },
    /// A connection asked for a fresh view.
    Hello {
        /// The connection's number.
        conn: u64,
    },
    /// The view of a viewer, for an HTTP read.
    Read {
        /// Who reads.
        viewer: Viewer,
        /// Where the view goes.
        reply: oneshot::Sender<Value>,
    },
    /// Every finished deal's record.
    Records {
        /// Where they go.
        reply: oneshot::Sender<Value>,
    },
    /// The match's public record ([`Scope::Public`]: finished deals only, no seed),
    /// for a download.
    PublicRecord {
        /// Where it goes.
        reply: oneshot::Sender<Record>,
    },
    /// A finished deal itself, for its double-dummy review.
    FinishedDeal {
        /// The deal's number, from 1.
        number: usize,
        /// Where the deal (or why there is none) goes.
        reply: oneshot::Sender<crate::review::DealLookup>,
    },
    /// A seated player asks for a hint: answered to them alone, nothing stored.
    Hint {
        /// The asker's player id.
        player: PlayerKey,
        /// The client's id for it.
        client_id: String,
        /// Where the `hint` or `error` goes.
        reply: oneshot::Sender<Value>,
    },
    /// A player's hint was answered: they may ask again.
    HintDone {
        /// The asker's player id.
        player: PlayerKey,
    },
    /// How many connections are not seated players': the lobby's spectator count.
    Spectators {
        /// Where the count goes.
        reply: oneshot::Sender<usize>,
    },
    /// Events of this table another process committed, up to `last_seq`: applied from
    /// `events` when they follow this table's version, else read from the log.
    Appended {
        /// The seq of the last of them.
        last_seq: u64,
        /// The events, when the notice carried them.
        events: Option<Vec<tenace_store::Event>>,
    },
    /// Notices may have been missed: read the log from this table's version on.
    CatchUp,
    /// Someone connected to or left this table at another process.
    PresenceChanged,
    /// Who is connected to this table at other processes, as just read.
    PresentElsewhere(Vec<PlayerKey>),
    /// The heartbeat's word on this table's lease: whether this process holds it, and
    /// whether its holder died.
    Lease {
        /// This process drives the table's computer players.
        held: bool,
        /// The holder stopped beating: claim it.
        orphaned: bool,
    },
    /// The outcome of this task's claim of the lease.
    Claimed(bool),
    /// A computer player's decision, taken from the table at `version`.
    BotDecided {
        /// The table's version when the bot was asked.
        version: u64,
        /// The seat.
        seat: u8,
        /// The action.
        action: Action,
        /// Its reason.
        reason: String,
    },
}

/// The first answer to a command, kept small (a table keeps one for every command it was
/// ever sent) and written out again for a repeat of its id.
enum FirstAnswer {
    /// Stored and applied as this version.
    Ack(u64),
    /// Refused.
    Refused(TableError),
}

impl FirstAnswer {
    /// The answer to a repeat of command `client_id`: an ack says it is a duplicate.
    fn again(&self, client_id: &str) -> Value {
        match self {
            FirstAnswer::Ack(version) => message::ack(client_id, *version, true),
            FirstAnswer::Refused(e) => message::error(Some(client_id), &e.field, &e.message),
        }
    }
}

struct Connection {
    player: PlayerKey,
    out: mpsc::Sender<Out>,
    /// The last view this connection was sent, the base of the next patch it is sent;
    /// `None` until its first view, which is then sent whole. A player's connections
    /// sent the same view share it.
    sent: Option<Arc<SentView>>,
}

struct TableTask {
    hub: Arc<Hub>,
    id: TableId,
    table: Table,
    tx: mpsc::Sender<ToTable>,
    connections: HashMap<u64, Connection>,
    /// The first answer to each `(player, command id)`, so a repeat gets it again.
    answers: HashMap<(PlayerKey, String), FirstAnswer>,
    bot_thinking: bool,
    /// Each player's recent chat, for the chat limit.
    chat: HashMap<PlayerKey, Window>,
    /// Since when each seated person has had no connection.
    away_since: HashMap<PlayerKey, Instant>,
    status: TableStatus,
    /// The players whose hint the expert is working out.
    hinting: HashSet<PlayerKey>,
    /// What the views keep between versions (the last finished deal's record).
    view_cache: ViewCache,
    /// What the hub's seat index was last told of this table.
    seating: Option<Seating>,
    /// Whether this process drives the table's computer players (and hands away seats):
    /// always alone, in a cluster while it holds the table's lease.
    driving: bool,
    /// A claim of the lease is on its way.
    claiming: bool,
    /// When this task last won the lease: a heartbeat read before then may not know it.
    claimed_at: Option<Instant>,
    /// Players connected to this table at other processes of the cluster.
    elsewhere: HashSet<PlayerKey>,
    /// Where this process's presence changes go to be written, once one was.
    presence_writer: Option<mpsc::UnboundedSender<(PlayerKey, bool)>>,
}

/// How many times a command is checked again after losing the race for its seq to
/// another process before the player is asked to retry.
const RACES: u32 = 8;

/// Starts the task of a table rebuilt from its log; `answered` lists the stored commands
/// (player, command id, seq) so their repeats are answered as the first time.
pub fn spawn(
    hub: Arc<Hub>,
    id: TableId,
    table: Table,
    answered: Vec<(PlayerKey, String, u64)>,
) -> mpsc::Sender<ToTable> {
    let (tx, rx) = mpsc::channel(1024);
    let answers = answered
        .into_iter()
        .map(|(player, client_id, seq)| ((player, client_id), FirstAnswer::Ack(seq)))
        .collect();
    let now = Instant::now();
    let away_since = table
        .seats()
        .iter()
        .filter_map(|o| match o {
            Occupant::Human { player, .. } => Some((*player, now)),
            _ => None,
        })
        .collect();
    let status = status_of(&table);
    let hub_drives_alone = hub.cluster.is_none();
    // A table rebuilt from its log (on start or on demand) lists its players again.
    let seating = Seating::of(&table);
    hub.seats.update(id, seating.clone());
    let task = TableTask {
        hub,
        id,
        table,
        tx: tx.clone(),
        connections: HashMap::new(),
        answers,
        bot_thinking: false,
        chat: HashMap::new(),
        away_since,
        status,
        hinting: HashSet::new(),
        view_cache: ViewCache::default(),
        seating,
        driving: hub_drives_alone,
        claiming: false,
        claimed_at: None,
        elsewhere: HashSet::new(),
        presence_writer: None,
    };
    tokio::spawn(task.run(rx));
    tx
}

/// The views of a table's version, to be written for any number of viewers.
fn views<'a>(
    table: &'a Table,
    id: TableId,
    connections: &HashMap<u64, Connection>,
    elsewhere: &HashSet<PlayerKey>,
    cache: &mut ViewCache,
) -> tenace_table::Views<'a> {
    // Connected here, or at another process of the cluster.
    let connected =
        |p: PlayerKey| connections.values().any(|c| c.player == p) || elsewhere.contains(&p);
    table.views(Some(id.0), &connected, cache)
}

fn status_of(table: &Table) -> TableStatus {
    if table.is_finished() {
        TableStatus::Finished
    } else if table.is_started() {
        TableStatus::Playing
    } else {
        TableStatus::Open
    }
}

impl TableTask {
    async fn run(mut self, mut rx: mpsc::Receiver<ToTable>) {
        if self.hub.cluster.is_some() {
            self.claim();
            self.read_presence();
        }
        self.schedule_bot();
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        loop {
            tokio::select! {
                message = rx.recv() => match message {
                    Some(message) => self.handle(message).await,
                    None => break,
                },
                _ = tick.tick() => self.check_away(),
            }
        }
        // Nobody reaches this table's reviews through it any more.
        self.hub.reviews.table_closed(self.id);
    }

    async fn handle(&mut self, message: ToTable) {
        match message {
            ToTable::Command {
                player,
                name,
                client_id,
                command,
                reply,
            } => {
                let answer = self.command(player, name, client_id, command).await;
                let _ = reply.send(answer);
            }
            ToTable::Connect { conn, player, out } => {
                if !self.connected_here(player) {
                    self.publish_presence(player, true);
                }
                let connection = Connection {
                    player,
                    out,
                    sent: None,
                };
                self.connections.insert(conn, connection);
                self.away_since.remove(&player);
                if let Some(seat) = self.table.seat_of(player) {
                    self.table.set_taken_over(seat, false);
                }
                self.hub
                    .metrics
                    .connections
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                // Presence changed: everyone sees it, the newcomer included.
                self.broadcast();
            }
            ToTable::Disconnect { conn } => {
                // A review this connection watched stops if nobody else waits for it.
                self.hub.reviews.unwatch(conn);
                if let Some(gone) = self.connections.remove(&conn) {
                    self.hub
                        .metrics
                        .connections
                        .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
                    if !self.connected_here(gone.player) {
                        self.publish_presence(gone.player, false);
                        if !self.elsewhere.contains(&gone.player) {
                            self.away_since.insert(gone.player, Instant::now());
                        }
                    }
                    self.broadcast();
                }
            }
            ToTable::Hello { conn } => {
                // A resync: the whole view, which becomes the base of the next patch.
                if let Some(player) = self.connections.get(&conn).map(|c| c.player) {
                    let mut views = views(
                        &self.table,
                        self.id,
                        &self.connections,
                        &self.elsewhere,
                        &mut self.view_cache,
                    );
                    let view = VersionParts::default().view(
                        self.table.version(),
                        views.parts_for(Viewer::Player(player)),
                    );
                    let text = view.full_message();
                    let sent = self.connections.get_mut(&conn).is_some_and(|c| {
                        c.sent = Some(Arc::new(view));
                        c.out.try_send(Out::Text(text)).is_ok()
                    });
                    if !sent {
                        self.drop_connection(conn);
                    }
                }
            }
            ToTable::Read { viewer, reply } => {
                let _ = reply.send(self.view(viewer));
            }
            ToTable::Records { reply } => {
                let _ = reply.send(self.records());
            }
            ToTable::PublicRecord { reply } => {
                let _ = reply.send(self.public_record());
            }
            ToTable::FinishedDeal { number, reply } => {
                let _ = reply.send(crate::review::lookup(&self.table, number));
            }
            ToTable::Hint {
                player,
                client_id,
                reply,
            } => self.hint(player, client_id, reply),
            ToTable::HintDone { player } => {
                self.hinting.remove(&player);
            }
            ToTable::Spectators { reply } => {
                let here = self
                    .connections
                    .values()
                    .filter(|c| self.table.seat_of(c.player).is_none())
                    .count();
                let elsewhere = self
                    .elsewhere
                    .iter()
                    .filter(|&&p| self.table.seat_of(p).is_none() && !self.connected_here(p))
                    .count();
                let _ = reply.send(here + elsewhere);
            }
            ToTable::Appended { last_seq, events } => {
                if last_seq > self.table.version() {
                    let gap = match events {
                        Some(events) => self.apply_stored(&events),
                        None => true,
                    };
                    if gap {
                        self.catch_up().await;
                    }
                }
            }
            ToTable::CatchUp => self.catch_up().await,
            ToTable::PresenceChanged => self.read_presence(),
            ToTable::PresentElsewhere(players) => self.present_elsewhere(players),
            ToTable::Lease { held, orphaned } => {
                let just_claimed = self
                    .claimed_at
                    .is_some_and(|at| at.elapsed() < 2 * tenace_store::cluster::HEARTBEAT);
                if held && !self.driving {
                    self.driving = true;
                    self.schedule_bot();
                } else if !held && self.driving && !just_claimed {
                    tracing::info!(table = self.id.0, "another process drives this table now");
                    self.driving = false;
                }
                if orphaned && !held && !self.table.is_finished() {
                    self.claim();
                }
            }
            ToTable::Claimed(won) => {
                self.claiming = false;
                if won {
                    self.claimed_at = Some(Instant::now());
                    if !self.driving {
                        tracing::info!(table = self.id.0, "this process drives the table");
                    }
                    self.driving = true;
                    self.schedule_bot();
                }
            }
            ToTable::BotDecided {
                version,
                seat,
                action,
                reason,
            } => {
                self.bot_thinking = false;
                if version == self.table.version() {
                    let actor = Actor::Bot { seat, reason };
                    let command = Command::Act {
                        action: action.to_string(),
                    };
                    match self.table.check(&actor, &command) {
                        Ok(event) => {
                            if let Err(e) = self.commit(&event, None, None).await {
                                tracing::error!(table = self.id.0, %e.message, "a bot's action was not stored");
                            }
                        }
                        // The seat went back to its player, or the state moved on.
                        Err(e) => tracing::debug!(table = self.id.0, %e, "bot action dropped"),
                    }
                }
                self.schedule_bot();
            }
        }
    }

    /// Answers a person's command: the first answer again for a repeated id, else check,
    /// append, apply, broadcast.
    async fn command(
        &mut self,
        player: PlayerKey,
        name: String,
        client_id: String,
        command: Command,
    ) -> Value {
        let key = (player, client_id);
        if let Some(first) = self.answers.get(&key) {
            return first.again(&key.1);
        }
        let (player, client_id) = key;
        if matches!(command, Command::Chat { .. })
            && !self
                .chat
                .entry(player)
                .or_insert_with(|| Window::new(CHAT_MAX, CHAT_WINDOW))
                .admit()
        {
            // Not remembered: the same message may be sent again once the window allows.
            return message::error(
                Some(&client_id),
                "rate",
                "at most 5 chat messages in 10 seconds",
            );
        }
        let actor = Actor::Player { id: player, name };
        let mut races = 0;
        let outcome = loop {
            let event = match self.check(&actor, &command).await {
                Ok(event) => event,
                Err(e) => break Err(e),
            };
            match self
                .commit(&event, Some(player), Some(client_id.clone()))
                .await
            {
                Ok(Some(done)) => break Ok(done),
                // Another process took the seq; the log was read again. The command may
                // be there already (sent to that process too), else it is checked again.
                Ok(None) => {
                    if let Some(first) = self.answers.get(&(player, client_id.clone())) {
                        return first.again(&client_id);
                    }
                    races += 1;
                    if races == RACES {
                        break Err(TableError::new(
                            "store",
                            "the table kept changing under this action; try again",
                        ));
                    }
                    // Two processes that lost to each other should not meet again at
                    // once; and a winner that Postgres let through a deadlock may not
                    // have committed yet when the log was read.
                    let pause = rand::random_range(1..=4 << races.min(5));
                    tokio::time::sleep(Duration::from_millis(pause)).await;
                    self.catch_up().await;
                }
                Err(e) => break Err(e),
            }
        };
        let (answer, first) = match outcome {
            Ok((version, duplicate)) => (
                message::ack(&client_id, version, duplicate),
                FirstAnswer::Ack(version),
            ),
            Err(e) => (
                message::error(Some(&client_id), &e.field, &e.message),
                FirstAnswer::Refused(e),
            ),
        };
        // A store failure may pass; the client may retry that one.
        if !matches!(&first, FirstAnswer::Refused(e) if e.field == "store") {
            self.answers.insert((player, client_id), first);
        }
        answer
    }

    /// Checks a person's command against the table as it is now. A claim is judged off
    /// the runtime: computer opponents answer it by solving the position.
    async fn check(&self, actor: &Actor, command: &Command) -> Result<Event, TableError> {
        if !matches!(command, Command::Claim { .. }) {
            return self.table.check(actor, command);
        }
        let (table, actor, command) = (self.table.clone(), actor.clone(), command.clone());
        tokio::task::spawn_blocking(move || table.check(&actor, &command))
            .await
            .unwrap_or_else(|e| {
                Err(TableError::new(
                    "claim",
                    format!("the claim could not be judged: {e}"),
                ))
            })
    }

    /// Appends `event` as the next seq, waits for the commit, then applies it and tells
    /// everyone. Returns the version and whether the store already held the command, or
    /// `None` when another process had taken the seq: the log has then been read again
    /// and the event, checked on an older state, must be checked again.
    async fn commit(
        &mut self,
        event: &Event,
        actor: Option<PlayerKey>,
        client_id: Option<String>,
    ) -> Result<Option<(u64, bool)>, TableError> {
        let payload = serde_json::to_value(event)
            .map_err(|e| TableError::new("store", format!("the event did not serialise: {e}")))?;
        let new = NewEvent {
            table: self.id,
            seq: self.table.version() + 1,
            client_id,
            actor: actor.map(PlayerId),
            kind: event.kind().to_string(),
            payload,
        };
        let (tx, rx) = oneshot::channel();
        let started = Instant::now();
        self.hub.committer.append_then(new, move |outcome| {
            let _ = tx.send(outcome);
        });
        let outcome = rx.await.unwrap_or(Err(StoreError::CommitterStopped));
        let store_failed = |e: StoreError| {
            tracing::error!(table = self.id.0, %e, "append failed");
            TableError::new("store", "the action could not be stored; try again")
        };
        match outcome {
            Ok(Appended::New(stored)) => {
                self.hub
                    .metrics
                    .appended(started.elapsed().as_micros() as u64);
                if let Err(e) = self.table.apply(event) {
                    // Checked a moment ago on this very state: a bug, loud in the log.
                    tracing::error!(table = self.id.0, %e, "a stored event did not apply");
                }
                self.after_change();
                Ok(Some((stored.seq, false)))
            }
            Ok(Appended::Duplicate(stored)) => {
                // Stored through another process that this one has not heard of yet.
                if stored.seq > self.table.version() {
                    self.catch_up().await;
                }
                Ok(Some((stored.seq, true)))
            }
            Err(StoreError::SeqConflict { .. }) => {
                self.catch_up().await;
                Ok(None)
            }
            Err(e) => Err(store_failed(e)),
        }
    }

    /// Applies events read from the log or carried by a notice, those that follow this
    /// table's version, remembering the commands they answer. Returns whether a seq was
    /// missing before them (the log must be read).
    fn apply_stored(&mut self, events: &[tenace_store::Event]) -> bool {
        let mut applied = false;
        let mut gap = false;
        for stored in events {
            let next = self.table.version() + 1;
            if stored.seq < next {
                continue;
            }
            if stored.seq > next {
                gap = true;
                break;
            }
            let event: Event = match serde_json::from_value(stored.payload.clone()) {
                Ok(event) => event,
                Err(e) => {
                    tracing::error!(table = self.id.0, seq = stored.seq, %e, "stored event unreadable");
                    break;
                }
            };
            if let Err(e) = self.table.apply(&event) {
                tracing::error!(table = self.id.0, seq = stored.seq, %e, "a stored event did not apply");
                break;
            }
            if let (Some(actor), Some(client_id)) = (stored.actor, &stored.client_id) {
                self.answers
                    .insert((actor.0, client_id.clone()), FirstAnswer::Ack(stored.seq));
            }
            applied = true;
        }
        if applied {
            self.after_change();
        }
        gap
    }

    /// Reads the log from this table's version on and applies what it holds.
    async fn catch_up(&mut self) {
        let (id, from) = (self.id, self.table.version() + 1);
        match crate::hub::blocking(&self.hub.store, move |s| s.events(id, from)).await {
            Ok(events) => {
                self.apply_stored(&events);
            }
            Err(e) => tracing::warn!(table = id.0, error = %e.message, "the log could not be read"),
        }
    }

    /// Whether `player` has a connection to this table at this process.
    fn connected_here(&self, player: PlayerKey) -> bool {
        self.connections.values().any(|c| c.player == player)
    }

    /// Tells the other processes that `player` connected here or left, in a cluster.
    /// The changes are written in order by one writer per table, so a quick connect and
    /// leave never land the other way round.
    fn publish_presence(&mut self, player: PlayerKey, present: bool) {
        let Some(link) = &self.hub.cluster else {
            return;
        };
        let writer = self.presence_writer.get_or_insert_with(|| {
            let (tx, mut rx) = mpsc::unbounded_channel::<(PlayerKey, bool)>();
            let (cluster, me, table) = (Arc::clone(&link.cluster), link.me, self.id);
            tokio::spawn(async move {
                while let Some((player, present)) = rx.recv().await {
                    let cluster = Arc::clone(&cluster);
                    let write = move || cluster.set_presence(me, table, PlayerId(player), present);
                    if let Err(e) = crate::hub::blocking_on(write).await {
                        tracing::warn!(table = table.0, error = %e.message, "presence not recorded");
                    }
                }
            });
            tx
        });
        let _ = writer.send((player, present));
    }

    /// Reads who is connected at other processes; the answer comes back as a message.
    fn read_presence(&self) {
        let Some(link) = &self.hub.cluster else {
            return;
        };
        let (cluster, me, table) = (Arc::clone(&link.cluster), link.me, self.id);
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let read = crate::hub::blocking_on(move || cluster.present_elsewhere(me, table));
            match read.await {
                Ok(players) => {
                    let players = players.into_iter().map(|p| p.0).collect();
                    let _ = tx.send(ToTable::PresentElsewhere(players)).await;
                }
                Err(e) => tracing::warn!(table = table.0, error = %e.message, "presence not read"),
            }
        });
    }

    /// Who is connected elsewhere changed: a player back at another process takes their
    /// seat back, one who left everywhere starts being away, and everyone sees it.
    fn present_elsewhere(&mut self, players: Vec<PlayerKey>) {
        let now: HashSet<PlayerKey> = players.into_iter().collect();
        if now == self.elsewhere {
            return;
        }
        for &player in now.difference(&self.elsewhere) {
            self.away_since.remove(&player);
            if let Some(seat) = self.table.seat_of(player) {
                self.table.set_taken_over(seat, false);
            }
        }
        let left: Vec<PlayerKey> = self.elsewhere.difference(&now).copied().collect();
        self.elsewhere = now;
        for player in left {
            if !self.connected_here(player) {
                self.away_since.entry(player).or_insert_with(Instant::now);
            }
        }
        self.broadcast();
        self.schedule_bot();
    }

    /// Claims this table's lease, in a cluster; the outcome comes back as a message.
    fn claim(&mut self) {
        let Some(link) = &self.hub.cluster else {
            return;
        };
        if self.claiming {
            return;
        }
        self.claiming = true;
        let (cluster, me, table) = (Arc::clone(&link.cluster), link.me, self.id);
        let tx = self.tx.clone();
        tokio::spawn(async move {
            match crate::hub::blocking_on(move || cluster.claim(me, table)).await {
                Ok(won) => {
                    let _ = tx.send(ToTable::Claimed(won)).await;
                }
                // Not lost to another process: the database failed. Tried again in a
                // beat, or a table nobody claimed would wait for its computer players.
                Err(e) => {
                    tracing::warn!(table = table.0, error = %e.message, "lease not claimed; trying again");
                    let _ = tx.send(ToTable::Claimed(false)).await;
                    tokio::time::sleep(tenace_store::cluster::HEARTBEAT).await;
                    let again = ToTable::Lease {
                        held: false,
                        orphaned: true,
                    };
                    let _ = tx.send(again).await;
                }
            }
        });
    }

    /// After an applied event: the store's status, the seat index, the views, the next bot.
    fn after_change(&mut self) {
        let status = status_of(&self.table);
        if status != self.status {
            self.status = status;
            let id = self.id;
            let store = Arc::clone(&self.hub.store);
            tokio::task::spawn_blocking(move || {
                if let Err(e) = store.set_table_status(id, status) {
                    tracing::error!(table = id.0, %e, "status not stored");
                }
            });
        }
        // Every change of seat (sit, leave, swap, remove, a seat given to a computer
        // player), of turn or the end of the match comes through here.
        let seating = Seating::of(&self.table);
        if seating != self.seating {
            self.hub.seats.update(self.id, seating.clone());
            self.seating = seating;
        }
        self.broadcast();
        self.schedule_bot();
    }

    fn view(&self, viewer: Viewer) -> Value {
        let connected = |p: PlayerKey| self.connected_here(p) || self.elsewhere.contains(&p);
        let mut view = self.table.view_for(viewer, &connected);
        view["table"] = json!(self.id.0);
        view
    }

    /// Sends every connection what changed in its view: a patch against the last view
    /// it was sent, or the whole view to a connection that has none yet (or when the
    /// patch would be no smaller). What all viewers share is written once, what a seat
    /// sees once per seat, and each player's view once for all their tabs. A patch is
    /// worked out part by part: the shared part's once for every connection that was sent
    /// the same last view, a seat's once for its viewers, and each player's once for all
    /// the tabs that were sent the same last view.
    ///
    /// A patch is worked out only between two views of the same player, part by part
    /// (see [`crate::patch`]), so it never carries what that viewer may not see.
    fn broadcast(&mut self) {
        let version = self.table.version();
        let mut views = views(
            &self.table,
            self.id,
            &self.connections,
            &self.elsewhere,
            &mut self.view_cache,
        );
        let mut built: HashMap<PlayerKey, Arc<SentView>> = HashMap::new();
        let mut made = VersionParts::default();
        let mut memo = crate::patch::Memo::default();
        // Keyed by the player and their base, compared by address: tabs sent the same
        // view share one `SentView`. The bases replaced are kept to the end, so no
        // address here is taken by another view meanwhile.
        let mut messages: HashMap<(PlayerKey, *const SentView), String> = HashMap::new();
        let mut replaced = Vec::with_capacity(self.connections.len());
        let mut slow = Vec::new();
        for (&conn, c) in &mut self.connections {
            let view = built.entry(c.player).or_insert_with(|| {
                Arc::new(made.view(version, views.parts_for(Viewer::Player(c.player))))
            });
            let base = c.sent.as_deref();
            let key = (c.player, base.map_or(std::ptr::null(), std::ptr::from_ref));
            let text = messages
                .entry(key)
                .or_insert_with(|| crate::patch::message_from(base, view, &mut memo))
                .clone();
            replaced.push(c.sent.replace(Arc::clone(view)));
            if c.out.try_send(Out::Text(text)).is_err() {
                slow.push(conn);
            }
        }
        drop(replaced);
        for conn in slow {
            self.drop_connection(conn);
        }
    }

    /// Drops a connection whose outbox is full or gone: it reconnects and resyncs.
    fn drop_connection(&mut self, conn: u64) {
        if let Some(c) = self.connections.remove(&conn) {
            let _ = c.out.try_send(Out::Close(1008, "too slow"));
            self.hub
                .metrics
                .connections
                .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
            if !self.connected_here(c.player) {
                self.publish_presence(c.player, false);
                if !self.elsewhere.contains(&c.player) {
                    self.away_since.insert(c.player, Instant::now());
                }
            }
        }
    }

    /// Answers a hint: refused at once when the table says no; otherwise the expert
    /// thinks on the blocking pool from the asker's own view, and the answer goes
    /// straight back, the table task never waiting for it. One hint at a time per player
    /// and table, as each may take the table's whole `think_ms`.
    fn hint(&mut self, player: PlayerKey, client_id: String, reply: oneshot::Sender<Value>) {
        if self.hinting.contains(&player) {
            let _ = reply.send(message::error(
                Some(&client_id),
                "rate",
                "a hint is being worked out for you already: one at a time",
            ));
            return;
        }
        let turn = match self.table.hint_turn(player, rand::random()) {
            Ok(turn) => turn,
            Err(e) => {
                let _ = reply.send(message::error(Some(&client_id), &e.field, &e.message));
                return;
            }
        };
        self.hinting.insert(player);
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let answer = match tokio::task::spawn_blocking(move || turn.decide()).await {
                Ok(hint) => message::hint(&client_id, &hint.action, hint.reason.as_deref()),
                Err(e) => {
                    tracing::error!(%e, "a hint failed");
                    message::error(
                        Some(&client_id),
                        "table",
                        "the hint could not be worked out",
                    )
                }
            };
            let _ = reply.send(answer);
            let _ = tx.send(ToTable::HintDone { player }).await;
        });
    }

    /// Asks a computer player to act if one is to: after the pacing pause, it thinks on
    /// the blocking pool and its decision comes back as a message.
    fn schedule_bot(&mut self) {
        // In a cluster, only the lease's holder drives the computer players.
        if self.bot_thinking || !self.driving {
            return;
        }
        let Some(turn) = self.table.bot_turn() else {
            return;
        };
        self.bot_thinking = true;
        let version = self.table.version();
        let pacing = self
            .hub
            .config
            .bot_pacing
            .unwrap_or(Duration::from_millis(self.table.setup().settings.pacing_ms));
        let tx = self.tx.clone();
        tokio::spawn(async move {
            tokio::time::sleep(pacing).await;
            let seat = turn.seat.0;
            let decided = tokio::task::spawn_blocking(move || turn.decide()).await;
            let (action, reason) = match decided {
                Ok(decision) => decision,
                Err(e) => {
                    tracing::error!(%e, "a computer player failed");
                    return;
                }
            };
            let _ = tx
                .send(ToTable::BotDecided {
                    version,
                    seat,
                    action,
                    reason,
                })
                .await;
        });
    }

    /// Hands the seat of a person away longer than the table allows to a computer player.
    fn check_away(&mut self) {
        let settings = &self.table.setup().settings;
        // Every process holding the table marks the seat by the same rule, from the
        // presence they all share, so that every process's viewers see it taken over; the
        // computer player then acts at the lease's holder alone (`schedule_bot`), and at
        // once at a process that takes the lease over.
        if !settings.away_takeover || !self.table.in_play() {
            return;
        }
        let limit = self
            .hub
            .config
            .away_limit
            .unwrap_or(Duration::from_secs(settings.away_limit_secs));
        // A player who sat without a socket (over HTTP) is away from then on.
        let now = Instant::now();
        for occupant in self.table.seats() {
            if let Occupant::Human { player, .. } = occupant
                && !self.connected_here(*player)
                && !self.elsewhere.contains(player)
            {
                self.away_since.entry(*player).or_insert(now);
            }
        }
        let mut changed = false;
        for (&player, &since) in &self.away_since {
            if since.elapsed() >= limit
                && let Some(seat) = self.table.seat_of(player)
            {
                changed |= self.table.set_taken_over(seat, true);
            }
        }
        if changed {
            self.broadcast();
            self.schedule_bot();
        }
    }

    /// The match's record as anyone may read it: only ever the public scope, which
    /// holds finished deals alone and no seed or board given in advance. The players are
    /// named as the seats are now, computer players as the views name them.
    fn public_record(&self) -> Record {
        let players = self
            .table
            .seats()
            .iter()
            .map(|occupant| match occupant {
                Occupant::Empty => None,
                Occupant::Human { name, .. } => Some(name.clone()),
                Occupant::Bot(level) => Some(format!("{level} bot")),
            })
            .collect();
        let meta = RecordMeta {
            event: Some(format!("tenace table {}", self.id.0)),
            site: None,
            date: None,
            players,
        };
        let game = self.table.game();
        let mut record = game.record(&meta, Scope::Public);
        if game.is_compared() {
            // Each board is played twice, at the people's table then the computer
            // players' (deals 1 and 2 are board 1): a file names the board, not the deal.
            for deal in &mut record.deals {
                deal.board = Some(deal.number.div_ceil(2));
            }
        }
        record
    }

    fn records(&self) -> Value {
        let game = self.table.game();
        let deals: Vec<Value> = (0..game.finished_count())
            .filter_map(|i| game.finished_record_json(i))
            .collect();
        json!({ "table": self.id.0, "deals": deals })
    }
}
