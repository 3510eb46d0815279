//! Every HTTP way out of the server that a table's state can leave by, read by every kind
//! of reader, so the hidden-information property covers HTTP as it covers the socket.
//!
//! The readers are the seated people (with their own cookies), spectators with a cookie,
//! a request with no cookie, the table's host who does not sit at it, and a player seated
//! at another table. Each reads the table (`GET /api/tables/{id}`), the lobby, their own
//! tables, the review of the deal in progress (refused: it is not finished), and a seated
//! reader sends a command over HTTP that the table refuses. Every answer is recorded as a
//! frame with the receiver it was sent to, for the checker to scan as it scans frames.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::checker::Receiver;
use super::{Frame, Player, Recorder, TestServer};

/// Someone who reads a table over HTTP.
#[derive(Debug, Clone)]
pub struct Reader {
    /// The cookie they send, if any.
    pub cookie: Option<String>,
    /// What the checker takes them for: a seat, or a spectator.
    pub receiver: Receiver,
    /// Who they are, for the failure messages.
    pub who: String,
}

impl Reader {
    /// A reader with `player`'s cookie.
    pub fn player(player: &Player, receiver: Receiver, who: impl Into<String>) -> Reader {
        Reader {
            cookie: Some(player.cookie.clone()),
            receiver,
            who: who.into(),
        }
    }

    /// A request without a cookie: a spectator.
    pub fn nobody() -> Reader {
        Reader {
            cookie: None,
            receiver: Receiver::Spectator,
            who: "no cookie".into(),
        }
    }
}

/// A frame type for answers that must name no card at all (the lobby, one's tables).
pub const CARDLESS: &str = "http-cardless";

/// The kinds of HTTP frame a run records: a view read over HTTP, an answer that must
/// name no card, and a refused command's `error`, told from a socket's by its id.
pub const HTTP_VIEW: &str = "http";

/// The prefix of the ids of commands sent over HTTP.
pub const HTTP_ID: &str = "http-";

/// Reads every way out as every reader and records the answers; refused commands are
/// added to `sent` so the checker lets their answers repeat the card they named.
pub async fn read_every_way_out(
    server: &TestServer,
    table: i64,
    readers: &[Reader],
    recorder: &Recorder,
    sent: &mut HashMap<String, Value>,
) {
    for reader in readers {
        let cookie = reader.cookie.as_deref();
        let view = server
            .request("GET", &format!("/api/tables/{table}"), cookie, None)
            .await;
        let json = view.json();
        assert_eq!(
            view.status, 200,
            "{}: GET the table: {}",
            reader.who, view.body
        );
        let version = json["version"].as_u64().unwrap_or(0);
        assert_viewer_is_the_reader(reader, &json);
        let record = |json: Value, text: String| {
            recorder.lock().expect("recorder").push(Frame {
                conn: usize::MAX,
                receiver: reader.receiver.clone(),
                version,
                json,
                text,
            });
        };
        record(json!({"type": HTTP_VIEW, "view": json}), view.body.clone());

        let mut paths = vec!["/api/tables".to_string()];
        if cookie.is_some() {
            paths.push("/api/me/tables".to_string());
        }
        // The deal in progress has no review yet: the refusal names no card.
        let in_progress = json["deal_number"].as_u64().unwrap_or(1);
        if json["status"] == "playing" {
            paths.push(format!("/api/tables/{table}/deals/{in_progress}/review"));
        }
        for path in paths {
            let reply = server.request("GET", &path, cookie, None).await;
            let body = json!({"type": CARDLESS, "path": path, "body": reply.json()});
            record(body, reply.body);
        }

        if let (Receiver::Seat(seat), Some(cookie)) = (&reader.receiver, cookie)
            && json["deal"]["blind"] != json!(true)
            && json["status"] == "playing"
            && knows_every_card_it_may_play(&json["deal"], seat)
        {
            // A card in no hand this reader sees (their own, or dummy's, which declarer
            // plays), sent as theirs: refused, and the refusal must name no card but that
            // one.
            let seen: Vec<&str> = json["deal"]["hands"]
                .as_object()
                .map(|hands| {
                    hands
                        .values()
                        .filter_map(Value::as_array)
                        .flatten()
                        .filter_map(Value::as_str)
                        .collect()
                })
                .unwrap_or_default();
            let card = ["C3", "D3", "H3", "S3", "C4", "D4", "H4", "S4", "C5", "D5"]
                .into_iter()
                .find(|c| !seen.contains(c))
                .unwrap_or("C6");
            let id = format!("{HTTP_ID}{}-{}", reader.who.replace(' ', "-"), sent.len());
            let command = json!({"v": 1, "type": "act", "id": id, "action": card});
            sent.insert(id, command.clone());
            let path = format!("/api/tables/{table}/commands");
            let reply = server
                .request("POST", &path, Some(cookie), Some(&command.to_string()))
                .await;
            let answer = reply.json();
            assert_eq!(
                answer["type"], "error",
                "{}: {card}, a card not held, was refused: {}",
                reader.who, reply.body
            );
            record(answer, reply.body);
        }
    }
}

/// Whether every card `seat` may ever play in this deal is in its view: in the play, once
/// declarer sees dummy (before the opening lead dummy is hidden, and the computer players
/// may lead between the probe's read and its command, making one of dummy's cards
/// declarer's to play). In the auction the reader might yet declare.
fn knows_every_card_it_may_play(deal: &Value, seat: &str) -> bool {
    let dummy_seen = deal["dummy"]
        .as_str()
        .is_some_and(|d| deal["hands"].get(d).is_some());
    deal["phase"] == "play" && (deal["declarer"].as_str() != Some(seat) || dummy_seen)
}

/// The table's view names its reader: a seated reader's seat, and no seat for anyone
/// else (a seated player must never be handed the spectators' view).
fn assert_viewer_is_the_reader(reader: &Reader, view: &Value) {
    let seat = &view["viewer"]["seat"];
    match &reader.receiver {
        Receiver::Seat(mine) => assert_eq!(
            seat.as_str(),
            Some(mine.as_str()),
            "{} reads the table over HTTP as their own seat: {view}",
            reader.who
        ),
        Receiver::Spectator => assert!(
            seat.is_null(),
            "{} is not seated here, and reads as a spectator: {view}",
            reader.who
        ),
    }
}
