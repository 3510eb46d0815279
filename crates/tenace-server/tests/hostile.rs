//! Hostile input (issue 24, "Bad input"): malformed JSON, wrong types, unknown fields and
//! tables, oversized frames, floods, acting for another seat, out of turn or as a
//! spectator, replayed command ids, bad claims and undos, a wrong `v`. Each gets an error
//! naming the field or rule at fault, the table's version stays as it was, the connection
//! still answers where the protocol keeps it open, no error names a card its receiver may
//! not see, and the server still answers `/healthz` after everything.

mod prop_support;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use serde_json::{Value, json};
use tenace_cards::{Card, Deck};
use tokio::sync::mpsc;

use prop_support::checker::{self, Receiver};
use prop_support::{Conn, Player, Recorder, TestServer, connect, create_table, wait_for};

/// A seat that is not to act after `a` has acted: the one after the next.
fn other_seat(a: usize) -> usize {
    (a + 2) % 4
}

/// Four people at a bridge table (nothing moves unless they act) and two spectators.
struct Harness {
    server: TestServer,
    table: i64,
    players: Vec<Player>,
    conns: Vec<Conn>,
    inbox: mpsc::UnboundedReceiver<(usize, Value)>,
    events: mpsc::UnboundedSender<(usize, Value)>,
    recorder: Recorder,
    /// Each connection's latest view.
    views: Vec<Value>,
    /// The text of every message sent with an id, by id.
    sent: HashMap<String, String>,
}

const SEATS: [&str; 4] = ["N", "E", "S", "W"];

/// What a refused claim blames, as the protocol document says: `tricks` for a claim of
/// more tricks than remain or a `tricks` that is no number of tricks, `claim` otherwise.
const CLAIM_FIELDS: &str = "claim|tricks";

impl Harness {
    async fn start() -> Harness {
        let server = TestServer::start().await;
        let mut players = Vec::new();
        for _ in 0..6 {
            players.push(Player::new(&server).await);
        }
        let create = json!({"game": "bridge", "settings": {"pacing_ms": 0}});
        let table = create_table(&server, &players[0], create).await;
        // People sit through the HTTP command endpoint, as a lobby page does.
        for (player, seat) in players.iter().zip(SEATS) {
            let body = json!({"v": 1, "type": "sit", "id": format!("sit-{seat}"), "seat": seat});
            let path = format!("/api/tables/{table}/commands");
            let reply = server
                .request("POST", &path, Some(&player.cookie), Some(&body.to_string()))
                .await;
            assert_eq!(reply.json()["type"], "ack", "sit {seat}: {}", reply.body);
        }
        let recorder: Recorder = Arc::default();
        let (events, mut inbox) = mpsc::unbounded_channel();
        let mut conns = Vec::new();
        let mut views = Vec::new();
        for (i, player) in players.iter().enumerate() {
            let receiver = SEATS
                .get(i)
                .map_or(Receiver::Spectator, |s| Receiver::Seat(s.to_string()));
            conns.push(
                connect(
                    &server,
                    table,
                    Some(player),
                    receiver,
                    i,
                    &recorder,
                    events.clone(),
                )
                .await,
            );
            let view = wait_for(&mut inbox, i, |f| f["type"] == "view").await;
            views.push(view["view"].clone());
        }
        assert_eq!(
            views[0]["status"], "playing",
            "four people seated: the deal starts"
        );
        Harness {
            server,
            table,
            players,
            conns,
            inbox,
            events,
            recorder,
            views,
            sent: HashMap::new(),
        }
    }

    /// The table's version, read over HTTP.
    async fn version(&self) -> u64 {
        let reply = self
            .server
            .request("GET", &format!("/api/tables/{}", self.table), None, None)
            .await;
        reply.json()["version"].as_u64().expect("a version")
    }

    /// The seat to act and its connection's index.
    fn to_act(&self) -> usize {
        let seat = self.views[0]["to_act"][0].as_str().expect("someone acts");
        SEATS.iter().position(|s| *s == seat).expect("a seat")
    }

    /// Sends `text` on connection `i`; the answer with that id (or with no id), other
    /// frames kept as views.
    async fn answer(&mut self, i: usize, text: &str) -> Value {
        let id = serde_json::from_str::<Value>(text)
            .ok()
            .and_then(|v| v["id"].as_str().map(String::from));
        if let Some(id) = &id {
            self.sent.insert(id.clone(), text.to_string());
        }
        self.conns[i].send_text(text.to_string()).await;
        loop {
            let frame = wait_for(&mut self.inbox, i, |_| true).await;
            match frame["type"].as_str() {
                Some("view") => self.views[i] = frame["view"].clone(),
                Some("ack") if frame["id"].as_str() == id.as_deref() => return frame,
                // An id the server could not read (not a string, empty) is answered as null.
                Some("error") if frame["id"].is_null() || frame["id"].as_str() == id.as_deref() => {
                    return frame;
                }
                Some("_close") => return frame,
                _ => {}
            }
        }
    }

    /// Sends a refused message: the error names `field` (or one of `a|b`; `""` takes any
    /// field), the version is unchanged, and
    /// the connection still answers a `hello`.
    async fn refused(&mut self, i: usize, text: &str, field: &str) -> Value {
        let before = self.version().await;
        let error = self.answer(i, text).await;
        assert_eq!(error["type"], "error", "{text} is refused: {error}");
        let named = error["field"].as_str().unwrap_or_default();
        let message = error["message"].as_str().unwrap_or_default();
        // `field` may list alternatives, `a|b`.
        assert!(
            field
                .split('|')
                .any(|f| named.contains(f) || message.contains(f)),
            "{text}: the error should name {field:?}: {error}"
        );
        assert!(
            !error["message"].as_str().unwrap_or_default().is_empty(),
            "{error}"
        );
        assert_eq!(self.version().await, before, "{text} changed the table");
        self.still_usable(i).await;
        error
    }

    /// The connection answers `hello` with a view.
    async fn still_usable(&mut self, i: usize) {
        self.conns[i]
            .send_text(json!({"v": 1, "type": "hello"}).to_string())
            .await;
        let view = wait_for(&mut self.inbox, i, |f| f["type"] == "view").await;
        self.views[i] = view["view"].clone();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_messages_are_refused_by_field_and_the_connection_lives_on() {
    let mut h = Harness::start().await;
    let a = h.to_act();
    let bad = [
        ("{not json", "json"),
        ("[1, 2]", "json"),
        (r#"{"v": 2, "type": "hello"}"#, "v"),
        (r#"{"type": "hello"}"#, "v"),
        (r#"{"v": "1", "type": "hello"}"#, "v"),
        (r#"{"v": 1}"#, "type"),
        (r#"{"v": 1, "type": "dance", "id": "t1"}"#, "type"),
        (
            r#"{"v": 1, "type": "act", "id": "t2", "action": 5}"#,
            "action",
        ),
        (r#"{"v": 1, "type": "act", "id": "t3"}"#, "action"),
        (r#"{"v": 1, "type": "act", "id": 7, "action": "P"}"#, "id"),
        (r#"{"v": 1, "type": "act", "id": "", "action": "P"}"#, "id"),
        (r#"{"v": 1, "type": "hello", "colour": "red"}"#, "colour"),
        (
            r#"{"v": 1, "type": "act", "id": "t4", "action": "P", "seat": "N"}"#,
            "seat",
        ),
        (
            r#"{"v": 1, "type": "undo_answer", "id": "t5", "accept": "yes"}"#,
            "accept",
        ),
        (
            r#"{"v": 1, "type": "hello", "last_version": -3}"#,
            "last_version",
        ),
        (
            r#"{"v": 1, "type": "act", "id": "t6", "action": "7NTX"}"#,
            "action",
        ),
    ];
    for (text, field) in bad {
        h.refused(a, text, field).await;
    }
    let long_id = "x".repeat(65);
    let text = json!({"v": 1, "type": "act", "id": long_id, "action": "P"}).to_string();
    h.refused(a, &text, "id").await;
    check_no_hidden_card_in_errors(&h);
    assert!(h.server.healthy().await);
    h.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acting_out_of_turn_for_others_or_as_a_spectator_changes_nothing() {
    let mut h = Harness::start().await;
    let a = h.to_act();
    let other = (a + 1) % 4;
    // Out of turn, with a call and with cards (held or not: the answer names none).
    h.refused(
        other,
        r#"{"v": 1, "type": "act", "id": "o1", "action": "P"}"#,
        "turn",
    )
    .await;
    for card in ["SA", "C2", "HT"] {
        let text =
            json!({"v": 1, "type": "act", "id": format!("o-{card}"), "action": card}).to_string();
        h.refused(other, &text, "turn").await;
        // In turn, a card is no call in the auction.
        let text =
            json!({"v": 1, "type": "act", "id": format!("i-{card}"), "action": card}).to_string();
        h.refused(a, &text, "action").await;
    }
    // A spectator may not act, nor take a seat that is taken, nor remove anyone.
    let spectator = 4;
    h.refused(
        spectator,
        r#"{"v": 1, "type": "act", "id": "s1", "action": "P"}"#,
        "seat|turn",
    )
    .await;
    h.refused(
        spectator,
        r#"{"v": 1, "type": "sit", "id": "s2", "seat": "N"}"#,
        "status",
    )
    .await;
    h.refused(
        spectator,
        r#"{"v": 1, "type": "remove", "id": "s3", "seat": "N"}"#,
        "host",
    )
    .await;
    // A seated player may not give another's seat to a bot, move into a taken seat, or
    // leave once the deal is under way.
    let seat = SEATS[other];
    let text =
        json!({"v": 1, "type": "bot", "id": "b1", "seat": seat, "level": "basic"}).to_string();
    h.refused(a, &text, "host|status").await;
    let text = json!({"v": 1, "type": "sit", "id": "b2", "seat": seat}).to_string();
    h.refused(a, &text, "status").await;
    h.refused(a, r#"{"v": 1, "type": "leave", "id": "b3"}"#, "status")
        .await;
    h.refused(
        a,
        r#"{"v": 1, "type": "sit", "id": "b4", "seat": "Q"}"#,
        "status",
    )
    .await;
    // Bad claims and undos: nothing to undo, no undo to answer, no claim in the auction,
    // no claim to answer, a claim of more tricks than there are.
    h.refused(a, r#"{"v": 1, "type": "undo", "id": "u1"}"#, "undo")
        .await;
    h.refused(
        other,
        r#"{"v": 1, "type": "undo_answer", "id": "u2", "accept": true}"#,
        "undo",
    )
    .await;
    h.refused(
        a,
        r#"{"v": 1, "type": "claim", "id": "k1", "tricks": 3}"#,
        CLAIM_FIELDS,
    )
    .await;
    h.refused(
        other,
        r#"{"v": 1, "type": "claim_answer", "id": "k2", "accept": true}"#,
        CLAIM_FIELDS,
    )
    .await;
    h.refused(
        a,
        r#"{"v": 1, "type": "claim", "id": "k3", "tricks": 99}"#,
        CLAIM_FIELDS,
    )
    .await;
    h.refused(
        a,
        r#"{"v": 1, "type": "claim", "id": "k4", "tricks": "five"}"#,
        CLAIM_FIELDS,
    )
    .await;
    check_no_hidden_card_in_errors(&h);
    assert!(h.server.healthy().await);
    h.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replayed_command_id_gets_the_first_answer_and_is_applied_once() {
    let mut h = Harness::start().await;
    let a = h.to_act();
    let before = h.version().await;
    let first = h
        .answer(a, r#"{"v": 1, "type": "act", "id": "same", "action": "P"}"#)
        .await;
    assert_eq!(first["type"], "ack", "{first}");
    assert_eq!(first["duplicate"], false);
    let version = first["version"].as_u64().expect("a version");
    assert_eq!(version, before + 1);
    // The same id again, and the same id with another action: the first answer.
    for text in [
        r#"{"v": 1, "type": "act", "id": "same", "action": "P"}"#,
        r#"{"v": 1, "type": "act", "id": "same", "action": "1NT"}"#,
    ] {
        let again = h.answer(a, text).await;
        assert_eq!(again["type"], "ack", "{text}: {again}");
        assert_eq!(again["duplicate"], true, "{again}");
        assert_eq!(again["version"], json!(version), "{again}");
        assert_eq!(h.version().await, version, "{text} was applied twice");
    }
    // Over HTTP too, from the same player.
    let path = format!("/api/tables/{}/commands", h.table);
    let body = r#"{"v": 1, "type": "act", "id": "same", "action": "P"}"#;
    let reply = h
        .server
        .request("POST", &path, Some(&h.players[a].cookie), Some(body))
        .await;
    assert_eq!(reply.json()["duplicate"], true, "{}", reply.body);
    assert_eq!(h.version().await, version);
    // A refused command's id sent again gets the same refusal.
    let first = h
        .answer(
            other_seat(a),
            r#"{"v": 1, "type": "act", "id": "no", "action": "P"}"#,
        )
        .await;
    let again = h
        .answer(
            other_seat(a),
            r#"{"v": 1, "type": "act", "id": "no", "action": "P"}"#,
        )
        .await;
    assert_eq!(first["type"], "error", "{first}");
    assert_eq!(first, again, "the same refusal again");
    assert_eq!(h.version().await, version);
    // A stale command: the seat that acted may not act again now.
    h.refused(
        a,
        r#"{"v": 1, "type": "act", "id": "again", "action": "P"}"#,
        "turn",
    )
    .await;
    // A reconnecting client's hello with a version far ahead still gets the fresh view.
    h.conns[a]
        .send_text(json!({"v": 1, "type": "hello", "last_version": 1_000_000}).to_string())
        .await;
    let view = wait_for(&mut h.inbox, a, |f| f["type"] == "view").await;
    assert_eq!(view["view"]["version"], json!(version), "{view}");
    assert!(h.server.healthy().await);
    h.server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_frames_close_the_socket_and_floods_are_limited() {
    let mut h = Harness::start().await;
    let before = h.version().await;
    // More than 16 KiB in one frame: closed with 1009.
    let big =
        json!({"v": 1, "type": "chat", "id": "big", "text": "x".repeat(17 * 1024)}).to_string();
    let closed = h.answer(5, &big).await;
    assert_eq!(
        closed["type"], "_close",
        "an oversized frame closes the socket: {closed}"
    );
    assert_eq!(closed["code"], json!(1009), "{closed}");
    assert_eq!(h.version().await, before);
    // A flood of hellos: answered with `rate` errors, then perhaps closed with 1008.
    let flooder = h.to_act();
    for _ in 0..120 {
        h.conns[flooder]
            .send_text(json!({"v": 1, "type": "hello"}).to_string())
            .await;
    }
    let mut rate_errors = 0;
    let mut closed_with = None;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while std::time::Instant::now() < deadline {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match tokio::time::timeout(left, h.inbox.recv()).await {
            Ok(Some((i, frame))) if i == flooder => match frame["type"].as_str() {
                Some("error") => {
                    assert_eq!(frame["field"], "rate", "{frame}");
                    rate_errors += 1;
                }
                Some("_close") => {
                    closed_with = frame["code"].as_u64();
                    break;
                }
                _ => {}
            },
            Ok(Some(_)) => {}
            _ => break,
        }
    }
    assert!(rate_errors > 0, "a flood is answered with rate errors");
    if let Some(code) = closed_with {
        assert_eq!(
            code, 1008,
            "a flooding connection is closed as a policy violation"
        );
    }
    assert_eq!(h.version().await, before, "the flood changed the table");
    // The other connections, and a new one of the flooder, still work.
    h.still_usable(0).await;
    let index = h.conns.len();
    let player = h.players[flooder].clone();
    let receiver = Receiver::Seat(SEATS[flooder].to_string());
    let conn = connect(
        &h.server,
        h.table,
        Some(&player),
        receiver,
        index,
        &h.recorder,
        h.events.clone(),
    )
    .await;
    h.conns.push(conn);
    h.views.push(Value::Null);
    let view = wait_for(&mut h.inbox, index, |f| f["type"] == "view").await;
    assert_eq!(view["view"]["viewer"]["seat"], SEATS[flooder]);
    // Chat: its own limit of five in ten seconds, blamed on `rate`.
    let mut refused = None;
    for n in 0..7 {
        let text =
            json!({"v": 1, "type": "chat", "id": format!("chat{n}"), "text": "hi"}).to_string();
        let answer = h.answer(index, &text).await;
        if answer["type"] == "error" {
            refused = Some(answer);
            break;
        }
    }
    let refused = refused.expect("the sixth chat in ten seconds is refused");
    assert_eq!(refused["field"], "rate", "{refused}");
    assert!(h.server.healthy().await);
    h.server.stop().await;
}

/// A request and what it must get: method, path, cookie, body, status, the field named.
type HttpCase<'a> = (
    &'a str,
    &'a str,
    Option<&'a str>,
    Option<String>,
    u16,
    &'a str,
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_http_requests_are_refused_by_field_and_status() {
    let server = TestServer::start().await;
    let me = Player::new(&server).await;
    let cookie = Some(me.cookie.as_str());
    let cases: [HttpCase; 12] = [
        (
            "POST",
            "/api/tables",
            cookie,
            Some("{not json".into()),
            400,
            "",
        ),
        (
            "POST",
            "/api/tables",
            cookie,
            Some(r#"{"game": 5}"#.into()),
            400,
            "game",
        ),
        (
            "POST",
            "/api/tables",
            cookie,
            Some(r#"{"game": "chess"}"#.into()),
            400,
            "game",
        ),
        (
            "POST",
            "/api/tables",
            cookie,
            Some(r#"{"game": "bridge", "colour": 1}"#.into()),
            400,
            "colour",
        ),
        (
            "POST",
            "/api/tables",
            cookie,
            Some(r#"{"game": "bridge", "match": "series"}"#.into()),
            400,
            "match",
        ),
        (
            "POST",
            "/api/tables",
            cookie,
            Some(r#"{"game": "devils-bridge", "options": {"players": 9}}"#.into()),
            400,
            "options",
        ),
        (
            "POST",
            "/api/tables",
            cookie,
            Some(r#"{"game": "bridge", "bots": {"Q": "basic"}}"#.into()),
            400,
            "bots",
        ),
        (
            "POST",
            "/api/tables",
            None,
            Some(r#"{"game": "bridge"}"#.into()),
            401,
            "",
        ),
        (
            "POST",
            "/api/tables",
            cookie,
            Some(format!(
                r#"{{"game": "bridge", "x": "{}"}}"#,
                "y".repeat(17 * 1024)
            )),
            413,
            "",
        ),
        ("GET", "/api/tables/999999", None, None, 404, ""),
        ("GET", "/api/tables/999999/records", None, None, 404, ""),
        (
            "POST",
            "/api/tables/999999/commands",
            cookie,
            Some(r#"{"v": 1, "type": "sit", "id": "a", "seat": "N"}"#.into()),
            404,
            "",
        ),
    ];
    for (method, path, cookie, body, status, field) in cases {
        let reply = server.request(method, path, cookie, body.as_deref()).await;
        assert_eq!(
            reply.status, status,
            "{method} {path} {body:?}: {}",
            reply.body
        );
        if !field.is_empty() {
            let error = reply.json();
            let named = format!("{} {}", error["error"]["field"], error["error"]["message"]);
            assert!(
                named.contains(field),
                "{method} {path}: should name {field}: {}",
                reply.body
            );
        }
    }
    // A player who creates tables without end meets the hourly limit, blamed on `tables`.
    let hoarder = Player::new(&server).await;
    let mut limited = None;
    for n in 0..25 {
        let body = r#"{"game": "bridge", "visibility": "private"}"#;
        let reply = server
            .request("POST", "/api/tables", Some(&hoarder.cookie), Some(body))
            .await;
        if reply.status != 201 {
            limited = Some((n, reply));
            break;
        }
    }
    let (n, reply) = limited.expect("at most 20 tables an hour");
    assert_eq!((n, reply.status), (20, 429), "{}", reply.body);
    assert_eq!(reply.json()["error"]["field"], "tables", "{}", reply.body);
    // An id that is no number is the JSON error naming `id`, not axum's plain text.
    let wrong_id = server.request("GET", "/api/tables/abc", None, None).await;
    assert_eq!(wrong_id.status, 400, "{}", wrong_id.body);
    assert_eq!(wrong_id.json()["error"]["field"], "id", "{}", wrong_id.body);
    // WebSockets: an unknown table, and a page of another origin.
    let own = format!("http://{}", server.addr);
    assert_eq!(
        server
            .ws_refusal("/api/tables/999999/ws", &own, cookie)
            .await,
        Some(404)
    );
    let table = create_table(&server, &me, json!({"game": "bridgette"})).await;
    // Before the start: a seat the game does not have, and a bot of an unknown level.
    let path = format!("/api/tables/{table}/commands");
    for (body, field) in [
        (
            r#"{"v": 1, "type": "sit", "id": "q1", "seat": "N"}"#,
            "seat",
        ),
        (
            r#"{"v": 1, "type": "bot", "id": "q2", "seat": "1", "level": "genius"}"#,
            "level",
        ),
    ] {
        let reply = server.request("POST", &path, cookie, Some(body)).await;
        let error = reply.json();
        assert_eq!(error["type"], "error", "{body}: {}", reply.body);
        assert_eq!(error["field"], field, "{body}: {}", reply.body);
    }
    let path = format!("/api/tables/{table}/ws");
    assert_eq!(
        server
            .ws_refusal(&path, "http://evil.example", cookie)
            .await,
        Some(403)
    );
    assert_eq!(
        server.ws_refusal(&path, &own, cookie).await,
        None,
        "its own origin may"
    );
    assert!(server.healthy().await);
    server.stop().await;
}

/// No error sent to anyone names a card of another hand: the deal is in its auction,
/// so a seat may see only its own hand (as its first view showed it), and the card the
/// refused command itself named (repeating it back tells nothing new).
fn check_no_hidden_card_in_errors(h: &Harness) {
    let deck: BTreeSet<Card> = Deck::Standard.cards().iter().collect();
    let frames = h.recorder.lock().expect("recorder").clone();
    let mut errors = 0;
    for frame in frames.iter().filter(|f| f.json["type"] == "error") {
        errors += 1;
        let mut allowed: BTreeSet<Card> = h.views[frame.conn]["deal"]["hands"]
            .as_object()
            .and_then(|hands| match &frame.receiver {
                Receiver::Seat(seat) => hands.get(seat),
                Receiver::Spectator => None,
            })
            .and_then(Value::as_array)
            .map(|cards| {
                cards
                    .iter()
                    .filter_map(|c| c.as_str()?.parse().ok())
                    .collect()
            })
            .unwrap_or_default();
        if let Some(sent) = frame.json["id"].as_str().and_then(|id| h.sent.get(id)) {
            allowed.extend(checker::hidden_cards_in(sent, &deck, &BTreeSet::new()));
        }
        let hidden = checker::hidden_cards_in(&frame.text, &deck, &allowed);
        assert!(
            hidden.is_empty(),
            "an error shows {hidden:?}: {}",
            frame.text
        );
    }
    assert!(errors > 0, "errors were recorded and scanned");
}
