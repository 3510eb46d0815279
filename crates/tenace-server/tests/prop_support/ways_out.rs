//! Every HTTP way out of the server that a table's state can leave by, read by every kind
//! of reader, so the hidden-information property covers HTTP as it covers the socket.
//!
//! The readers are the seated people (with their own cookies), spectators with a cookie,
//! a request with no cookie, the table's host who does not sit at it, and a player seated
//! at another table. Each reads the table (`GET /api/tables/{id}`), the lobby, their own
//! tables, the review of the deal in progress (refused: it is not finished), the match's
//! record as JSON and PBN and the deal in progress's (refused: it is not finished), and a
//! seated reader sends a command over HTTP that the table refuses. Every answer is
//! recorded as a frame with the receiver it was sent to, for the checker to scan as it
//! scans frames.
//!
//! A record download holds the finished deals, dealt from the same deck as the deal in
//! progress, so scanning it whole would find every card. It is downloaded before the
//! table is read, so it is at most as new as the view: every deal it holds must be one
//! the view counts as finished, and what is scanned is the rest of it, together with any
//! deal it holds that is not (none, unless the deal in progress leaks).

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

/// The kind of frame of a record download: scanned but for the deals finished before the
/// view's deal.
pub const HTTP_RECORD: &str = "http-record";

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
        // Before the view, so the view is at least as new as the records.
        let record_json = server
            .request(
                "GET",
                &format!("/api/tables/{table}/record.json"),
                cookie,
                None,
            )
            .await;
        let record_pbn = server
            .request(
                "GET",
                &format!("/api/tables/{table}/record.pbn"),
                cookie,
                None,
            )
            .await;
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

        if json["status"] == "playing" {
            let who = &reader.who;
            for frame in record_frames(who, &record_json, &record_pbn, in_progress) {
                let text = frame.to_string();
                record(frame, text);
            }
            // The deal in progress has no record to download yet: the refusal names no
            // card. (Unless it finished since the view: then it must really be finished.)
            for format in ["json", "pbn"] {
                let path = format!("/api/tables/{table}/deals/{in_progress}/record.{format}");
                let reply = server.request("GET", &path, cookie, None).await;
                if reply.status == 404 {
                    let body = json!({"type": CARDLESS, "path": path, "body": reply.json()});
                    record(body, reply.body);
                } else {
                    let now = server
                        .request("GET", &format!("/api/tables/{table}"), cookie, None)
                        .await
                        .json();
                    let finished = now["status"] == "finished"
                        || now["deal_number"].as_u64().is_some_and(|d| d > in_progress);
                    assert!(
                        finished && reply.status == 200 || reply.status == 400,
                        "{who}: {path} of a deal in progress answered {}: {}",
                        reply.status,
                        reply.body
                    );
                }
            }
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

/// The frames of a reader's record downloads, taken before a view of deal `in_progress`:
/// each holds only deals finished by then (checked here), and the frame scanned is the
/// record without them. PBN, where the game allows it, must hold the same deals.
fn record_frames(
    who: &str,
    json: &super::HttpReply,
    pbn: &super::HttpReply,
    in_progress: u64,
) -> Vec<Value> {
    assert_eq!(json.status, 200, "{who}: record.json: {}", json.body);
    let mut record = json.json();
    assert!(
        record.get("seed").is_none() && record["dealing"] == "deals",
        "{who}: a public record tells no seed nor boards to come: {}",
        json.body
    );
    let deals = record["deals"].as_array().cloned().unwrap_or_default();
    let finished = |n: u64| n < in_progress;
    let numbers: Vec<u64> = deals.iter().filter_map(|d| d["number"].as_u64()).collect();
    assert!(
        numbers.iter().all(|&n| finished(n)),
        "{who}: record.json holds deals {numbers:?} during deal {in_progress}: {}",
        json.body
    );
    // What is left to scan: the record but for its finished deals and its sheet (whose
    // lines name past hands' turned-up cards), and any deal it should not hold.
    record["deals"] = deals
        .into_iter()
        .filter(|d| !d["number"].as_u64().is_some_and(finished))
        .collect();
    if let Some(object) = record.as_object_mut() {
        object.remove("sheet");
    }
    let mut frames = vec![json!({"type": HTTP_RECORD, "path": "record.json", "body": record})];
    let game = json.json()["game"].as_str().unwrap_or_default().to_string();
    if matches!(game.as_str(), "bridge" | "deuces-wild") {
        assert_eq!(pbn.status, 200, "{who}: record.pbn: {}", pbn.body);
        // One game per finished deal, each numbered by its Board tag: the deal's board
        // (a compared match plays each board twice), else its number.
        let numbered: Vec<u64> = json.json()["deals"]
            .as_array()
            .map(|deals| {
                let board = |d: &Value| d["board"].as_u64().or(d["number"].as_u64());
                deals.iter().filter_map(board).collect()
            })
            .unwrap_or_default();
        let boards: Vec<u64> = pbn
            .body
            .lines()
            .filter_map(|l| {
                l.strip_prefix("[Board \"")?
                    .strip_suffix("\"]")?
                    .parse()
                    .ok()
            })
            .collect();
        // record.pbn is fetched just after record.json, and computer players may finish
        // a deal in between: it holds the same deals, perhaps followed by that one.
        assert!(
            boards.len() <= numbered.len() + 1 && boards.starts_with(&numbered),
            "{who}: record.pbn holds the deals record.json does ({numbered:?}): {}",
            pbn.body
        );
    } else {
        assert_eq!(
            pbn.status, 400,
            "{who}: PBN cannot hold {game}: {}",
            pbn.body
        );
        frames.push(json!({"type": CARDLESS, "path": "record.pbn", "body": pbn.json()}));
    }
    frames
}

/// Whether every card `seat` may ever play in this deal is in its view: in the play, once
/// declarer sees dummy (before the opening lead dummy is hidden, and the computer players
/// may lead between the probe's read and its command, making one of dummy's cards
/// declarer's to play). In the auction the reader might yet declare.
fn knows_every_card_it_may_play(deal: &Value, seat: &str) -> bool {
    // Without a dummy (Bridgette) declarer plays from their own hand alone.
    let dummy_seen = deal["dummy"]
        .as_str()
        .is_none_or(|d| deal["hands"].get(d).is_some());
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
