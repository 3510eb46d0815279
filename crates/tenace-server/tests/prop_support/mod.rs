//! What the hidden-information, hostile-input and whole-game tests share: a real server on
//! a loopback port with SQLite in a temporary directory, a small HTTP client, players with
//! their cookie, WebSocket connections that record every frame they receive, and a driver
//! that plays a table's human seats until its match is over.
//!
//! Everything here speaks the protocol of `docs/server-protocol.md` over real sockets.
#![allow(dead_code)] // each test binary uses its own part of the kit

pub mod checker;
// A test binary with both support modules (`view_patches`) holds this file twice.
#[allow(clippy::duplicate_mod)]
#[path = "../support/patches.rs"]
pub mod patches;
pub mod truth;
pub mod ways_out;
// SQLite, or Postgres under `TENACE_TEST_STORE=postgres`; shared with `support`.
#[allow(clippy::duplicate_mod)]
#[path = "../support/store_choice.rs"]
pub mod store_choice;

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

use checker::Receiver;

/// A server running in this process on a loopback port, with its own SQLite file (or, under
/// `TENACE_TEST_STORE=postgres`, its own Postgres database).
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its store, which a checker reads the full truth from.
    pub store: Arc<dyn tenace_store::Store>,
    _dir: tempfile::TempDir,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

impl TestServer {
    /// Starts a server on `127.0.0.1:0` with a fresh database.
    pub async fn start() -> TestServer {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("local address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let db = dir.path().join("tenace.sqlite");
        let store = store_choice::store_for(&db).await;
        let served = Arc::clone(&store);
        let task = tokio::spawn(async move {
            let shutdown = async move {
                let _ = stopped.await;
            };
            let config = tenace_server::ServerConfig {
                bot_pacing: Some(Duration::ZERO),
                ..tenace_server::ServerConfig::default()
            };
            if let Err(e) = tenace_server::serve(listener, served, config, shutdown).await {
                panic!("the server failed: {e}");
            }
        });
        let server = TestServer {
            addr,
            store,
            _dir: dir,
            stop: Some(stop),
            task,
        };
        server.wait_healthy().await;
        server
    }

    /// Waits until `/healthz` answers `ok`.
    pub async fn wait_healthy(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let reply = self.try_request("GET", "/healthz", None, None).await;
            if reply.is_ok_and(|r| r.status == 200 && r.body.trim() == "ok") {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the server never answered /healthz"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Whether the server still answers `/healthz` (it has not panicked or hung).
    pub async fn healthy(&self) -> bool {
        matches!(
            tokio::time::timeout(
                Duration::from_secs(5),
                self.try_request("GET", "/healthz", None, None)
            )
            .await,
            Ok(Ok(r)) if r.status == 200 && r.body.trim() == "ok"
        ) && !self.task.is_finished()
    }

    /// Stops the server and waits for it.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = tokio::time::timeout(Duration::from_secs(10), &mut self.task).await;
    }

    /// One HTTP/1.1 request; the answer's status, `Set-Cookie` and body.
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        cookie: Option<&str>,
        body: Option<&str>,
    ) -> HttpReply {
        self.try_request(method, path, cookie, body)
            .await
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
    }

    async fn try_request(
        &self,
        method: &str,
        path: &str,
        cookie: Option<&str>,
        body: Option<&str>,
    ) -> Result<HttpReply, String> {
        let mut stream = TcpStream::connect(self.addr)
            .await
            .map_err(|e| e.to_string())?;
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
            self.addr
        );
        if let Some(cookie) = cookie {
            head.push_str(&format!("Cookie: tenace_player={cookie}\r\n"));
        }
        let body = body.unwrap_or("");
        if !body.is_empty() || method != "GET" {
            head.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        head.push_str("\r\n");
        stream
            .write_all(head.as_bytes())
            .await
            .map_err(|e| e.to_string())?;
        // A body the server refuses early may not be read: a reset is then an answer.
        let _ = stream.write_all(body.as_bytes()).await;
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw).await;
        parse_reply(&raw)
    }

    /// Tries to open a WebSocket at `path` with this `Origin`: the HTTP status of a refusal.
    pub async fn ws_refusal(&self, path: &str, origin: &str, cookie: Option<&str>) -> Option<u16> {
        let url = format!("ws://{}{path}", self.addr);
        let mut request = url.into_client_request().expect("a WebSocket request");
        request
            .headers_mut()
            .insert("Origin", HeaderValue::from_str(origin).expect("origin"));
        if let Some(cookie) = cookie {
            let cookie = format!("tenace_player={cookie}");
            request
                .headers_mut()
                .insert("Cookie", HeaderValue::from_str(&cookie).expect("cookie"));
        }
        match tokio_tungstenite::connect_async(request).await {
            Ok(_) => None,
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                Some(response.status().as_u16())
            }
            Err(e) => panic!("{path}: neither opened nor refused: {e}"),
        }
    }

    /// A WebSocket URL of this server.
    pub fn ws_url(&self, table: i64) -> String {
        format!("ws://{}/api/tables/{table}/ws", self.addr)
    }
}

/// An HTTP answer.
#[derive(Debug, Clone)]
pub struct HttpReply {
    /// The status code.
    pub status: u16,
    /// The player cookie's value, when the answer sets it.
    pub cookie: Option<String>,
    /// The body, as text.
    pub body: String,
}

impl HttpReply {
    /// The body as JSON (`null` when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

fn parse_reply(raw: &[u8]) -> Result<HttpReply, String> {
    let text = String::from_utf8_lossy(raw);
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("no HTTP answer: {text:?}"))?;
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("bad status line: {head:?}"))?;
    let mut cookie = None;
    let mut chunked = false;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("set-cookie") {
            cookie = value
                .strip_prefix("tenace_player=")
                .and_then(|v| v.split(';').next())
                .map(String::from);
        }
        if name.eq_ignore_ascii_case("transfer-encoding") && value.contains("chunked") {
            chunked = true;
        }
    }
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Ok(HttpReply {
        status,
        cookie,
        body,
    })
}

fn dechunk(mut rest: &str) -> String {
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || after.len() < size {
            break;
        }
        body.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    body
}

/// An anonymous player: the cookie `GET /api/me` gave.
#[derive(Debug, Clone)]
pub struct Player {
    /// The cookie's value.
    pub cookie: String,
    /// The player's id.
    pub id: i64,
}

impl Player {
    /// A new anonymous player.
    pub async fn new(server: &TestServer) -> Player {
        let reply = server.request("GET", "/api/me", None, None).await;
        assert_eq!(reply.status, 200, "GET /api/me: {}", reply.body);
        let cookie = reply.cookie.clone().expect("GET /api/me sets the cookie");
        let id = reply.json()["id"].as_i64().expect("an id");
        Player { cookie, id }
    }
}

/// Creates a table; its id.
pub async fn create_table(server: &TestServer, host: &Player, body: Value) -> i64 {
    let reply = server
        .request(
            "POST",
            "/api/tables",
            Some(&host.cookie),
            Some(&body.to_string()),
        )
        .await;
    assert_eq!(reply.status, 201, "create {body}: {}", reply.body);
    reply.json()["id"].as_i64().expect("a table id")
}

/// Every finished deal in full, from the store (the truth a checker needs); the public
/// records (`GET /api/tables/{id}/records`) are read too, and must keep Bridgette's
/// exchange secret.
pub async fn records(server: &TestServer, table: i64) -> Vec<Value> {
    let reply = server
        .request("GET", &format!("/api/tables/{table}/records"), None, None)
        .await;
    assert_eq!(reply.status, 200, "records: {}", reply.body);
    let public = reply.json()["deals"]
        .as_array()
        .cloned()
        .expect("a list of deals");
    // The store may block (Postgres): off the runtime's threads.
    let store = Arc::clone(&server.store);
    let full = tokio::task::spawn_blocking(move || truth::full_records(&*store, table))
        .await
        .expect("the truth is read")
        .expect("the store's truth");
    let full = full["deals"].as_array().cloned().unwrap_or_default();
    assert_eq!(
        public.len(),
        full.len(),
        "the public records count every deal"
    );
    for (public, full) in public.iter().zip(&full) {
        assert_secrets_kept(&public["record"], &full["record"]);
    }
    full
}

/// A public record keeps what RULES.md §4.2 keeps secret for good: no Bridgette discard
/// in its history, no card drawn or discarded, no stock; and it is the full record but
/// for those.
fn assert_secrets_kept(public: &Value, full: &Value) {
    if public["game"] != "bridgette" {
        assert_eq!(public, full, "a record is the deal in full");
        return;
    }
    let history = public["history"].as_array().expect("a history");
    assert!(
        !history.iter().any(|m| m["action"]
            .as_str()
            .is_some_and(|a| a.starts_with("discard"))),
        "a public record shows a discard: {public}"
    );
    let exchange = &public["exchange"];
    assert!(
        exchange["stock"].is_null(),
        "a public record shows the stock"
    );
    for key in ["drawn", "discards"] {
        assert!(
            exchange[key]
                .as_object()
                .is_none_or(|m| m.values().all(Value::is_null)),
            "a public record shows the {key}: {exchange}"
        );
    }
    assert_eq!(public["hands"], full["hands"], "the hands left are public");
}

/// One frame a connection received.
#[derive(Debug, Clone)]
pub struct Frame {
    /// Which connection (an index into the run's connections).
    pub conn: usize,
    /// Who received it.
    pub receiver: Receiver,
    /// The table version it reflects: a view's own (a patch's `version`), else the last
    /// view's before it.
    pub version: u64,
    /// The frame. A `patch` is followed by the `view` message it makes, recorded as if it
    /// had been received, so every view the connection held is here whole.
    pub json: Value,
    /// The text as received (for the view a patch makes, that view written out).
    pub text: String,
}

/// Every frame of every connection, in the order each connection received them.
pub type Recorder = Arc<Mutex<Vec<Frame>>>;

/// A WebSocket connection whose frames are recorded and passed on.
pub struct Conn {
    /// Its index.
    pub index: usize,
    /// Who is connected.
    pub receiver: Receiver,
    sink: futures_util::stream::SplitSink<
        tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
        Message,
    >,
    /// Every command sent, by id, for the answers to errors.
    pub sent: HashMap<String, Value>,
    next_id: u64,
    label: String,
}

/// Opens a table's WebSocket as `player` (or nobody), with the server's own origin.
pub async fn connect(
    server: &TestServer,
    table: i64,
    player: Option<&Player>,
    receiver: Receiver,
    index: usize,
    recorder: &Recorder,
    events: mpsc::UnboundedSender<(usize, Value)>,
) -> Conn {
    let mut request = server
        .ws_url(table)
        .into_client_request()
        .expect("a WebSocket request");
    let origin = format!("http://{}", server.addr);
    request
        .headers_mut()
        .insert("Origin", HeaderValue::from_str(&origin).expect("origin"));
    if let Some(player) = player {
        let cookie = format!("tenace_player={}", player.cookie);
        request
            .headers_mut()
            .insert("Cookie", HeaderValue::from_str(&cookie).expect("cookie"));
    }
    let (socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .expect("the WebSocket opens");
    let (sink, mut stream) = socket.split();
    let recorder = recorder.clone();
    let who = receiver.clone();
    tokio::spawn(async move {
        let mut version = 0;
        let mut closed = false;
        // The view as the connection holds it: a `view`, then the patches applied.
        let mut view = Value::Null;
        while let Some(Ok(message)) = stream.next().await {
            let text = match message {
                Message::Text(text) => text,
                Message::Close(close) => {
                    // Not a frame of the protocol: passed on for the tests of closing.
                    let code = close.map(|c| u16::from(c.code));
                    let _ = events.send((index, json!({"type": "_close", "code": code})));
                    closed = true;
                    break;
                }
                _ => continue,
            };
            let mut text = text.to_string();
            let mut json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            let mut patch = None;
            if json["type"] == "view" {
                view = json["view"].clone();
            } else if json["type"] == "patch" {
                // The patch is recorded as sent, to be scanned itself, and then the view
                // it makes, scanned and passed on as a `view` message.
                view = patches::apply_patch(&view, &json);
                version = json["version"].as_u64().unwrap_or(version);
                patch = Some(Frame {
                    conn: index,
                    receiver: who.clone(),
                    version,
                    json,
                    text,
                });
                json = json!({"v": 1, "type": "view", "view": view});
                text = json.to_string();
            }
            if let Some(v) = json["view"]["version"].as_u64() {
                version = v;
            }
            let made = Frame {
                conn: index,
                receiver: who.clone(),
                version,
                json: json.clone(),
                text,
            };
            // A patch and the view it makes under one lock: whoever reads the frames
            // never finds a patch without its view.
            let mut frames = recorder.lock().expect("recorder");
            frames.extend(patch);
            frames.push(made);
            drop(frames);
            if events.send((index, json)).is_err() {
                closed = true;
                break;
            }
        }
        if !closed {
            // Dropped without a close frame (or a read error): no code to report.
            let _ = events.send((index, json!({"type": "_close", "code": null})));
        }
    });
    Conn {
        index,
        receiver,
        sink,
        sent: HashMap::new(),
        next_id: 0,
        label: format!("c{index}"),
    }
}

impl Conn {
    /// Sends a raw text frame.
    pub async fn send_text(&mut self, text: String) {
        let _ = self.sink.send(Message::text(text)).await;
    }

    /// Sends a command with a fresh id (`v` and `id` added); the id.
    pub async fn command(&mut self, mut command: Value) -> String {
        self.next_id += 1;
        let id = format!("{}-{}", self.label, self.next_id);
        command["v"] = json!(1);
        command["id"] = json!(id);
        self.sent.insert(id.clone(), command.clone());
        self.send_text(command.to_string()).await;
        id
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.sink.close().await;
    }
}

/// How a table's human seats are played.
#[derive(Debug, Clone, Default)]
pub struct Script {
    /// Make one Devil's Bridge bid change when a human may.
    pub change_a_bid: bool,
    /// At the first chance, each human connection sends an action out of turn naming a
    /// card it does not hold, and the spectators try to act.
    pub provoke_errors: bool,
    /// After this many of the humans' own actions, the first human's connection is
    /// dropped and opened again with `hello` and its last version.
    pub reconnect_after: Option<usize>,
}

/// A table played to the end of its match.
#[derive(Clone)]
pub struct Run {
    /// The table's id.
    pub table: i64,
    /// Every frame every connection received.
    pub frames: Vec<Frame>,
    /// The commands each connection sent, by id (for the answers to errors).
    pub sent: HashMap<String, Value>,
    /// The version at which the game started (the last seat taken).
    pub start_version: u64,
    /// The last version seen.
    pub final_version: u64,
    /// The last view seen by the first connection.
    pub last_view: Value,
    /// Whether the table lets spectators see every hand.
    pub spectators_see_all: bool,
}

/// Plays a table: `humans` seats are taken by people over WebSockets (the rest are given
/// to computer players in `create`), `spectators` more connections watch, and the humans
/// play random legal actions until the match is over.
pub async fn play_table(
    server: &TestServer,
    create: Value,
    humans: &[&str],
    spectators: usize,
    script: Script,
    seed: u64,
    limit: Duration,
) -> Run {
    let players: Vec<Player> = {
        let mut v = Vec::new();
        for _ in 0..humans.len().max(1) + spectators {
            v.push(Player::new(server).await);
        }
        v
    };
    let spectators_see_all = create["settings"]["spectators_see_all"] == json!(true);
    // The host does not sit: their reads are a spectator's, as are those of a player
    // seated at another table and of a request with no cookie.
    let host = Player::new(server).await;
    let table = create_table(server, &host, create).await;
    let elsewhere = seated_elsewhere(server).await;
    let mut readers: Vec<ways_out::Reader> = humans
        .iter()
        .zip(&players)
        .map(|(seat, p)| ways_out::Reader::player(p, Receiver::Seat(seat.to_string()), *seat))
        .collect();
    readers.extend(
        players[humans.len().max(1)..]
            .iter()
            .enumerate()
            .map(|(k, p)| {
                ways_out::Reader::player(p, Receiver::Spectator, format!("spectator {k}"))
            }),
    );
    readers.push(ways_out::Reader::player(
        &host,
        Receiver::Spectator,
        "the host",
    ));
    readers.push(ways_out::Reader::player(
        &elsewhere,
        Receiver::Spectator,
        "a player seated elsewhere",
    ));
    readers.push(ways_out::Reader::nobody());
    let recorder: Recorder = Arc::default();
    let (events, mut inbox) = mpsc::unbounded_channel();
    let mut conns: Vec<Option<Conn>> = Vec::new();
    for (i, seat) in humans.iter().enumerate() {
        let receiver = Receiver::Seat(seat.to_string());
        let conn = connect(
            server,
            table,
            Some(&players[i]),
            receiver,
            i,
            &recorder,
            events.clone(),
        )
        .await;
        conns.push(Some(conn));
    }
    for s in 0..spectators {
        let index = humans.len() + s;
        let player = &players[humans.len().max(1) + s];
        let conn = connect(
            server,
            table,
            Some(player),
            Receiver::Spectator,
            index,
            &recorder,
            events.clone(),
        )
        .await;
        conns.push(Some(conn));
    }
    // The humans sit last, so the game starts on the last sit.
    let mut backlog = std::collections::VecDeque::new();
    let mut start_version = 0;
    for (i, seat) in humans.iter().enumerate() {
        let conn = conns[i].as_mut().expect("open");
        let id = conn.command(json!({"type": "sit", "seat": seat})).await;
        // Frames that come meanwhile (the first views of the deal) are kept for the loop.
        let ack = loop {
            let frame = wait_any(&mut inbox, |_, _| true).await;
            if frame.0 == i && frame.1["id"] == json!(id) {
                break frame.1;
            }
            backlog.push_back(frame);
        };
        assert_eq!(ack["type"], "ack", "sit {seat}: {ack}");
        start_version = start_version.max(ack["version"].as_u64().unwrap_or(0));
    }
    let mut rng = seed.max(1);
    let mut next = move |n: usize| {
        // xorshift: enough to vary the humans' choices, and seeded.
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n.max(1) as u64) as usize
    };
    let mut acted_at: Vec<u64> = vec![0; conns.len()];
    let mut own_actions = 0usize;
    let mut changed = !script.change_a_bid;
    let human_seats: Vec<String> = humans.iter().map(|s| s.to_string()).collect();
    let mut provoked = !script.provoke_errors;
    let mut reconnected = script.reconnect_after.is_none();
    let mut latest: Vec<Value> = vec![Value::Null; conns.len()];
    let mut human: Vec<bool> = (0..conns.len()).map(|i| i < humans.len()).collect();
    let mut sent = HashMap::new();
    let deadline = Instant::now() + limit;
    let mut finished_at: Option<Instant> = None;
    let mut views_seen = 0u64;
    loop {
        let wait = match finished_at {
            Some(t) => (t + Duration::from_millis(300)).saturating_duration_since(Instant::now()),
            None => deadline.saturating_duration_since(Instant::now()),
        };
        let next_frame = match backlog.pop_front() {
            Some(frame) => Ok(Some(frame)),
            None => tokio::time::timeout(wait, inbox.recv()).await,
        };
        let Ok(Some((index, frame))) = next_frame else {
            if finished_at.is_some() {
                break;
            }
            panic!(
                "table {table} did not finish within {limit:?}; last view: {}",
                latest
                    .iter()
                    .max_by_key(|v| v["version"].as_u64())
                    .cloned()
                    .unwrap_or_default()
            );
        };
        if frame["type"] == "error" && frame["field"] == "rate" && human[index] {
            // Scripted people act as fast as the server answers, which can pass the
            // socket's limit of 20 messages a second; the dropped action is tried again
            // after a pause, as a real client would, from a fresh view.
            tokio::time::sleep(Duration::from_millis(1100)).await;
            acted_at[index] = 0;
            if let Some(conn) = conns[index].as_mut() {
                conn.send_text(json!({"v": 1, "type": "hello"}).to_string())
                    .await;
            }
            continue;
        }
        if frame["type"] != "view" {
            continue;
        }
        let view = frame["view"].clone();
        latest[index] = view.clone();
        if view["status"] == "finished" {
            finished_at.get_or_insert_with(Instant::now);
            continue;
        }
        views_seen += 1;
        if views_seen.is_multiple_of(7) || view["deal"]["blind"] == json!(true) {
            // Every HTTP way out, read by every kind of reader, is scanned as a frame
            // is; in a Devil's Bridge blind hand at every view.
            ways_out::read_every_way_out(server, table, &readers, &recorder, &mut sent).await;
        }
        if !provoked && view["status"] == "playing" {
            provoked = true;
            provoke(&mut conns, &latest, humans.len()).await;
        }
        let version = view["version"].as_u64().unwrap_or(0);
        let legal: Vec<String> = view["legal"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        if !human[index] || legal.is_empty() || version <= acted_at[index] {
            continue;
        }
        let deal = &view["deal"];
        let in_history = |prefix: &str| {
            deal["history"].as_array().is_some_and(|h| {
                h.iter()
                    .any(|m| m["action"].as_str().is_some_and(|a| a.starts_with(prefix)))
            })
        };
        // A change is done once one shows in the deal's record (a refused try is retried).
        changed = changed || in_history("change");
        let (changes, others): (Vec<&String>, Vec<&String>) =
            legal.iter().partition(|a| a.starts_with("change"));
        if !changed && changes.is_empty() && waits_for_a_change(deal, &human_seats) {
            // The person on the right may still change their bid: let them, first.
            continue;
        }
        let action = if !changed && !changes.is_empty() {
            changes[next(changes.len())].clone()
        } else if !others.is_empty() {
            others[next(others.len())].clone()
        } else {
            continue;
        };
        acted_at[index] = version;
        let Some(conn) = conns[index].as_mut() else {
            continue;
        };
        conn.command(json!({"type": "act", "action": action})).await;
        own_actions += 1;
        if !reconnected && Some(own_actions) == script.reconnect_after {
            reconnected = true;
            // The seat's connection is dropped, and the player comes back on a new one
            // with the last version it saw; the new connection plays the seat on.
            let old = conns[index].take().expect("open");
            sent.extend(old.sent.clone());
            let receiver = old.receiver.clone();
            old.close().await;
            let last = latest[index]["version"].as_u64().unwrap_or(0);
            let new_index = conns.len();
            let mut conn = connect(
                server,
                table,
                Some(&players[index]),
                receiver,
                new_index,
                &recorder,
                events.clone(),
            )
            .await;
            conn.send_text(json!({"v": 1, "type": "hello", "last_version": last}).to_string())
                .await;
            conns.push(Some(conn));
            acted_at.push(0);
            latest.push(Value::Null);
            human.push(true);
        }
    }
    for conn in conns.into_iter().flatten() {
        sent.extend(conn.sent.clone());
        conn.close().await;
    }
    let frames = recorder.lock().expect("recorder").clone();
    let final_version = frames.iter().map(|f| f.version).max().unwrap_or(0);
    let last_view = frames
        .iter()
        .rev()
        .find(|f| f.json["type"] == "view")
        .map(|f| f.json["view"].clone())
        .unwrap_or_default();
    Run {
        table,
        frames,
        sent,
        start_version,
        final_version,
        last_view,
        spectators_see_all,
    }
}

/// A player seated at another table (an open Contract Bridge table of their own).
async fn seated_elsewhere(server: &TestServer) -> Player {
    let player = Player::new(server).await;
    let other = create_table(server, &player, json!({"game": "bridge"})).await;
    let sit = json!({"v": 1, "type": "sit", "id": "sit-elsewhere", "seat": "N"});
    let reply = server
        .request(
            "POST",
            &format!("/api/tables/{other}/commands"),
            Some(&player.cookie),
            Some(&sit.to_string()),
        )
        .await;
    assert_eq!(reply.json()["type"], "ack", "sit elsewhere: {}", reply.body);
    player
}

/// Whether the viewer, about to bid in Devil's Bridge, should wait: the player on their
/// right is a person who has bid, so may change it only until the viewer bids.
fn waits_for_a_change(deal: &Value, humans: &[String]) -> bool {
    let (Some(viewer), Some(players)) = (deal["viewer"].as_str(), deal["players"].as_array())
    else {
        return false;
    };
    let Some(at) = players.iter().position(|p| p == viewer) else {
        return false;
    };
    let right = players[(at + players.len() - 1) % players.len()]
        .as_str()
        .unwrap_or_default();
    deal["phase"] == "auction"
        && deal["bids"][viewer].is_null()
        && !deal["bids"][right].is_null()
        && humans.iter().any(|h| h == right)
}

/// Errors on purpose, to have them scanned: each human names a card it does not hold out
/// of turn (or in turn: then the card is refused as not held), and each spectator tries to
/// act and to sit in a taken seat.
async fn provoke(conns: &mut [Option<Conn>], latest: &[Value], humans: usize) {
    for (i, conn) in conns.iter_mut().enumerate() {
        let Some(conn) = conn.as_mut() else {
            continue;
        };
        let deal = &latest[i]["deal"];
        let own: Vec<&str> = match &conn.receiver {
            Receiver::Seat(seat) => deal["hands"][seat]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default(),
            Receiver::Spectator => Vec::new(),
        };
        // A card surely not in this hand: the lowest card of the deck's lists not held.
        let candidates = ["C3", "D3", "H3", "S3", "C4", "D4", "H4", "S4"];
        let card = candidates
            .iter()
            .find(|c| !own.contains(c))
            .copied()
            .unwrap_or("C5");
        conn.command(json!({"type": "act", "action": card})).await;
        // Sent into a hand that is not blind (the first), refused with a worked example.
        for action in ["discard SA", "blind"] {
            conn.command(json!({"type": "act", "action": action})).await;
        }
        conn.command(json!({"type": "claim", "tricks": 99})).await;
        if i >= humans {
            conn.command(json!({"type": "sit", "seat": "0"})).await;
        }
    }
}

/// Waits for a frame of connection `index` that `pick` accepts; other frames are dropped.
pub async fn wait_for(
    inbox: &mut mpsc::UnboundedReceiver<(usize, Value)>,
    index: usize,
    pick: impl Fn(&Value) -> bool,
) -> Value {
    wait_any(inbox, |i, frame| i == index && pick(frame))
        .await
        .1
}

/// Waits for a frame of any connection that `pick` accepts; other frames are dropped.
pub async fn wait_any(
    inbox: &mut mpsc::UnboundedReceiver<(usize, Value)>,
    pick: impl Fn(usize, &Value) -> bool,
) -> (usize, Value) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, inbox.recv()).await {
            Ok(Some((i, frame))) if pick(i, &frame) => return (i, frame),
            Ok(Some(_)) => {}
            _ => panic!("no awaited frame within 10 s"),
        }
    }
}

/// The settings of a table played at bot speed.
pub fn fast_settings() -> Value {
    json!({"pacing_ms": 0, "think_ms": 50, "away_takeover": false})
}

/// `bots` for every seat of `seats` but those in `humans`, at `level`.
pub fn bots_except(seats: &[&str], humans: &[&str], level: &str) -> Value {
    let map: BTreeMap<String, Value> = seats
        .iter()
        .filter(|s| !humans.contains(s))
        .map(|s| (s.to_string(), json!(level)))
        .collect();
    json!(map)
}

/// Seat names of a game with `n` players.
pub fn seat_names(game: &str, n: usize) -> Vec<String> {
    if matches!(game, "bridge" | "deuces-wild" | "five-crowns") {
        ["N", "E", "S", "W"].iter().map(|s| s.to_string()).collect()
    } else {
        (0..n).map(|i| i.to_string()).collect()
    }
}
