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
}

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
    };
    tokio::spawn(task.run(rx));
    tx
}

/// The views of a table's version, to be written for any number of viewers.
fn views<'a>(
    table: &'a Table,
    id: TableId,
    connections: &HashMap<u64, Connection>,
    cache: &mut ViewCache,
) -> tenace_table::Views<'a> {
    let connected = |p: PlayerKey| connections.values().any(|c| c.player == p);
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
                self.connections.insert(conn, Connection { player, out });
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
                    if !self.connections.values().any(|c| c.player == gone.player) {
                        self.away_since.insert(gone.player, Instant::now());
                    }
                    self.broadcast();
                }
            }
            ToTable::Hello { conn } => {
                if let Some(player) = self.connections.get(&conn).map(|c| c.player) {
                    let mut views = views(
                        &self.table,
                        self.id,
                        &self.connections,
                        &mut self.view_cache,
                    );
                    let text = message::view_text(&views.text_for(Viewer::Player(player)));
                    let sent = self
                        .connections
                        .get(&conn)
                        .is_some_and(|c| c.out.try_send(Out::Text(text)).is_ok());
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
                let watching = self
                    .connections
                    .values()
                    .filter(|c| self.table.seat_of(c.player).is_none())
                    .count();
                let _ = reply.send(watching);
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
        let checked = if matches!(command, Command::Claim { .. }) {
            // Computer opponents answer a claim by solving the position: off the runtime.
            let table = self.table.clone();
            tokio::task::spawn_blocking(move || table.check(&actor, &command))
                .await
                .unwrap_or_else(|e| {
                    Err(TableError::new(
                        "claim",
                        format!("the claim could not be judged: {e}"),
                    ))
                })
        } else {
            self.table.check(&actor, &command)
        };
        let outcome = match checked {
            Ok(event) => {
                self.commit(&event, Some(player), Some(client_id.clone()))
                    .await
            }
            Err(e) => Err(e),
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

    /// Appends `event` as the next seq, waits for the commit, then applies it and tells
    /// everyone. Returns the version and whether the store already held the command.
    async fn commit(
        &mut self,
        event: &Event,
        actor: Option<PlayerKey>,
        client_id: Option<String>,
    ) -> Result<(u64, bool), TableError> {
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
                Ok((stored.seq, false))
            }
            Ok(Appended::Duplicate(stored)) => Ok((stored.seq, true)),
            Err(e) => Err(store_failed(e)),
        }
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
        let connected = |p: PlayerKey| self.connections.values().any(|c| c.player == p);
        let mut view = self.table.view_for(viewer, &connected);
        view["table"] = json!(self.id.0);
        view
    }

    /// Sends every connection its own fresh view. What all viewers share is written
    /// once, what a seat sees once per seat, and each player's message once for all
    /// their tabs.
    fn broadcast(&mut self) {
        let connections = &self.connections;
        let mut views = views(&self.table, self.id, connections, &mut self.view_cache);
        let mut built: HashMap<PlayerKey, String> = HashMap::new();
        let mut slow = Vec::new();
        for (&conn, c) in connections {
            let text = built
                .entry(c.player)
                .or_insert_with(|| message::view_text(&views.text_for(Viewer::Player(c.player))))
                .clone();
            if c.out.try_send(Out::Text(text)).is_err() {
                slow.push(conn);
            }
        }
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
            if !self.connections.values().any(|o| o.player == c.player) {
                self.away_since.insert(c.player, Instant::now());
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
        if self.bot_thinking {
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
                && !self.connections.values().any(|c| c.player == *player)
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
