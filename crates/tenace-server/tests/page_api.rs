//! What the browser page needs of the server (issue 25): the games list its create form is
//! built from, lobby entries with their options and settings, the reasons a bidding box
//! greys a call out with, and hints; none of it may name a card its receiver may not see.

mod support;

#[path = "prop_support/checker.rs"]
#[allow(dead_code)]
mod checker;

use std::collections::BTreeSet;
use std::time::Duration;

use serde_json::{Value, json};
use tenace_cards::Card;
use tenace_rules::bridge::{BridgeOptions, BridgeVariant};
use tenace_rules::bridgette::BridgetteOptions;
use tenace_rules::devils_bridge::DevilsBridgeOptions;
use tenace_table::Settings;

use checker::{DealTruth, Receiver};
use support::{Client, Server, temp_db};

/// A view's `call_reasons` or `card_reasons` as each refused action's reason written
/// out: the view sends each distinct reason once, `{action}` standing for the action.
fn refusals(grouped: &Value) -> serde_json::Map<String, Value> {
    let reasons = grouped["reasons"].as_array().expect("reasons");
    grouped["actions"]
        .as_object()
        .expect("actions")
        .iter()
        .map(|(action, index)| {
            let at = index.as_u64().expect("an index") as usize;
            let text = reasons[at].as_str().expect("a reason");
            (
                action.clone(),
                Value::from(text.replacen("{action}", action, 1)),
            )
        })
        .collect()
}

/// Sends one message over HTTP as `cookie`'s player: the status and the answer.
async fn post(server: &Server, cookie: &str, table: i64, message: Value) -> (u16, Value) {
    let path = format!("/api/tables/{table}/commands");
    let (status, _, text) = server
        .http("POST", &path, Some(cookie), Some(&message.to_string()))
        .await;
    (status, serde_json::from_str(&text).expect("JSON"))
}

/// The public view of a table.
async fn public_view(server: &Server, table: i64) -> Value {
    let (status, _, text) = server
        .http("GET", &format!("/api/tables/{table}"), None, None)
        .await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).expect("JSON")
}

fn hint(id: &str) -> Value {
    json!({"v": 1, "type": "hint", "id": id})
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The cards a text names, as words of their own.
fn cards_named(text: &str) -> Vec<Card> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|word| word.parse::<Card>().ok())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_list_gives_the_engines_defaults() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let (status, _, text) = server.http("GET", "/api/games", None, None).await;
    assert_eq!(status, 200, "{text}");
    let all: Value = serde_json::from_str(&text).expect("JSON");
    let games = all["games"].as_array().expect("games");
    let ids: Vec<&str> = games.iter().filter_map(|g| g["game"].as_str()).collect();
    assert_eq!(
        ids,
        [
            "bridge",
            "deuces-wild",
            "five-crowns",
            "devils-bridge",
            "bridgette"
        ]
    );
    for game in games {
        let id = game["game"].as_str().unwrap_or_default();
        let engine = match id {
            "devils-bridge" => DevilsBridgeOptions::default().to_json(),
            "bridgette" => BridgetteOptions::default().to_json(),
            name => {
                let variant = BridgeVariant::from_name(name).expect("a bridge game");
                variant.options_json(&BridgeOptions::default())
            }
        };
        let listed: serde_json::Map<String, Value> = game["options"]
            .as_array()
            .expect("options")
            .iter()
            .map(|o| {
                let key = o["key"].as_str().expect("a key").to_string();
                assert!(
                    ["enum", "bool", "integer"].contains(&o["type"].as_str().unwrap_or("")),
                    "{o}"
                );
                assert!(!o["description"].as_str().unwrap_or("").is_empty(), "{o}");
                (key, o["default"].clone())
            })
            .collect();
        assert_eq!(Value::Object(listed), engine, "{id}'s defaults");
        assert!(!game["name"].as_str().unwrap_or("").is_empty());
        let kinds: Vec<&str> = game["matches"]
            .as_array()
            .expect("matches")
            .iter()
            .filter_map(|m| m["match"].as_str())
            .collect();
        assert!(kinds.contains(&game["default_match"].as_str().unwrap_or("")));
    }
    assert_eq!(games[0]["seats"], json!(["N", "E", "S", "W"]));
    assert_eq!(games[4]["seats"], json!(["0", "1"]));
    assert_eq!(
        games[3]["seats_by_players"]["5"],
        json!(["0", "1", "2", "3", "4"])
    );
    let settings: serde_json::Map<String, Value> = all["settings"]
        .as_array()
        .expect("settings")
        .iter()
        .map(|s| {
            (
                s["key"].as_str().unwrap_or("").to_string(),
                s["default"].clone(),
            )
        })
        .collect();
    assert_eq!(
        Value::Object(settings),
        serde_json::to_value(Settings::default()).expect("settings")
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_entries_carry_options_settings_and_spectators() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    let table = server
        .create(
            &host,
            json!({"game": "devils-bridge", "options": {"players": 5, "target_score": null},
                   "settings": {"hints": false}}),
        )
        .await;
    let watcher = server.player().await;
    let mut watching = server.connect(table, &watcher).await;
    watching.view_where(|v| v["table"] == table).await;
    let (_, _, text) = server.http("GET", "/api/tables", None, None).await;
    let lobby: Value = serde_json::from_str(&text).expect("JSON");
    let entry = lobby["tables"]
        .as_array()
        .and_then(|t| t.iter().find(|e| e["id"] == table))
        .expect("the table is listed");
    assert_eq!(entry["options"]["players"], 5);
    assert_eq!(entry["options"]["target_score"], Value::Null);
    // The defaults are filled in.
    assert_eq!(entry["options"]["hand_order"], "up_down");
    assert_eq!(entry["settings"]["hints"], false);
    assert_eq!(entry["settings"]["think_ms"], 1000);
    assert_eq!(entry["spectators"], 1);
    assert!(entry.get("seed").is_none() && entry["options"].get("seed").is_none());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_devils_bridge_dealers_hooked_number_has_the_hooks_reason() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let players = [
        server.player().await,
        server.player().await,
        server.player().await,
    ];
    let table = server
        .create(
            &players[0],
            json!({"game": "devils-bridge", "options": {"players": 3}}),
        )
        .await;
    for (seat, cookie) in players.iter().enumerate() {
        let sit = json!({"v": 1, "type": "sit", "id": "s", "seat": seat.to_string()});
        let (status, answer) = post(&server, cookie, table, sit).await;
        assert_eq!(status, 200, "{answer}");
    }
    let view = public_view(&server, table).await;
    let dealer: usize = view["deal"]["dealer"]
        .as_str()
        .and_then(|d| d.parse().ok())
        .expect("a dealer");
    let size = view["deal"]["hand_size"].as_u64().expect("a hand size");
    // The others bid nothing, so the dealer may not bid the whole hand.
    for k in 1..3 {
        let seat = (dealer + k) % 3;
        let act = json!({"v": 1, "type": "act", "id": format!("b{k}"), "action": "0"});
        let (status, answer) = post(&server, &players[seat], table, act).await;
        assert_eq!(status, 200, "{answer}");
    }
    let mut socket = server.connect(table, &players[dealer]).await;
    let view = socket
        .view_where(|v| strings(&v["legal"]).iter().any(|a| a == "0"))
        .await;
    let reasons = &refusals(&view["call_reasons"]);
    let hooked = size.to_string();
    assert!(!strings(&view["legal"]).contains(&hooked));
    let reason = reasons[&hooked]
        .as_str()
        .expect("the hooked bid has a reason");
    assert!(reason.contains("hook"), "{reason}");
    // Every other number of the hand is legal, so it has no reason.
    let bids: Vec<&String> = reasons
        .keys()
        .filter(|k| !k.starts_with("change"))
        .collect();
    assert_eq!(bids, [&hooked], "{reasons:?}");
    // Those who are not to call get none.
    let mut other = server.connect(table, &players[(dealer + 1) % 3]).await;
    let theirs = other.view_where(|v| v["table"] == table).await;
    let theirs = &refusals(&theirs["call_reasons"]);
    assert!(
        theirs.keys().all(|k| k.starts_with("change")),
        "only their changes: {theirs:?}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bridgette_hand_greys_out_the_bids_it_may_not_make() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let me = server.player().await;
    let table = server
        .create(&me, json!({"game": "bridgette", "bots": {"1": "basic"}}))
        .await;
    let mut socket = server.connect(table, &me).await;
    assert_eq!(
        socket.command(json!({"type": "sit", "seat": "0"})).await["type"],
        "ack"
    );
    // Discard through the exchange until the auction asks for a call.
    let view = loop {
        let view = socket
            .view_where(|v| !strings(&v["legal"]).is_empty())
            .await;
        let legal = strings(&view["legal"]);
        if legal.iter().any(|a| a == "P" || a.ends_with("NT")) {
            break view;
        }
        let answer = socket
            .command(json!({"type": "act", "action": legal[0]}))
            .await;
        assert_eq!(answer["type"], "ack", "{answer}");
    };
    let legal = strings(&view["legal"]);
    let reasons = &refusals(&view["call_reasons"]);
    // Pass, double, redouble and the 36 bids from 0NT: each legal or refused with a reason.
    assert_eq!(legal.len() + reasons.len(), 39, "{legal:?} {reasons:?}");
    assert!(legal.iter().all(|call| !reasons.contains_key(call)));
    // A hand of 13 cards has a suit of fewer than four: its jump bid is refused by a bid
    // restriction of RULES.md §4.3, worked out from the hand.
    assert!(
        reasons
            .values()
            .any(|r| r.as_str().unwrap_or("").contains("§4.3")),
        "{reasons:?}"
    );
    let own: BTreeSet<Card> = view["deal"]["hands"]["0"]
        .as_array()
        .expect("my hand")
        .iter()
        .filter_map(|c| c.as_str()?.parse().ok())
        .collect();
    for reason in reasons.values() {
        let text = reason.as_str().unwrap_or("");
        for card in cards_named(text) {
            assert!(own.contains(&card), "{text} names {card}");
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_a_legal_action_and_changes_nothing() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let me = server.player().await;
    let table = server
        .create(
            &me,
            json!({"game": "bridge", "bots": {"N": "basic", "E": "basic", "W": "basic"},
                   "settings": {"think_ms": 100}}),
        )
        .await;
    let mut socket = server.connect(table, &me).await;
    assert_eq!(
        socket.command(json!({"type": "sit", "seat": "S"})).await["type"],
        "ack"
    );
    let view = socket
        .view_where(|v| !strings(&v["legal"]).is_empty())
        .await;
    let legal = strings(&view["legal"]);
    let answer = socket.command_as_sent(&hint("h1")).await;
    assert_eq!(answer["type"], "hint", "{answer}");
    assert_eq!(answer["id"], "h1");
    let action = answer["action"].as_str().expect("an action").to_string();
    assert!(legal.contains(&action), "{action} among {legal:?}");
    assert!(answer["reason"].is_string() || answer["reason"].is_null());
    // Over HTTP too, and the table did not move.
    let (status, again) = post(&server, &me, table, hint("h2")).await;
    assert_eq!(status, 200, "{again}");
    assert!(legal.contains(&again["action"].as_str().unwrap_or("").to_string()));
    assert_eq!(
        public_view(&server, table).await["version"],
        view["version"]
    );
    // The hinted action is taken like any other.
    let acted = socket
        .command(json!({"type": "act", "action": action}))
        .await;
    assert_eq!(acted["type"], "ack", "{acted}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_refused_naming_the_rule() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let (south, north, watcher) = (
        server.player().await,
        server.player().await,
        server.player().await,
    );
    // Off at this table.
    let quiet = server
        .create(
            &south,
            json!({"game": "bridge", "bots": {"N": "basic", "E": "basic", "W": "basic"},
                   "settings": {"hints": false}}),
        )
        .await;
    let sit = |seat: &str| json!({"v": 1, "type": "sit", "id": "s", "seat": seat});
    post(&server, &south, quiet, sit("S")).await;
    let (status, answer) = post(&server, &south, quiet, hint("h")).await;
    assert_eq!((status, answer["field"].clone()), (400, json!("hints")));
    // Before the start.
    let table = server
        .create(
            &south,
            json!({"game": "bridge", "bots": {"E": "basic", "W": "basic"}}),
        )
        .await;
    post(&server, &south, table, sit("S")).await;
    let (_, answer) = post(&server, &south, table, hint("h1")).await;
    assert_eq!(answer["field"], "status", "{answer}");
    post(&server, &north, table, sit("N")).await;
    // A spectator has no seat to be hinted for.
    let (_, answer) = post(&server, &watcher, table, hint("h2")).await;
    assert_eq!(answer["field"], "seat", "{answer}");
    // The person not to act: the computer players act at once, then wait for a person.
    let mut to_act = Vec::new();
    for _ in 0..100 {
        to_act = strings(&public_view(&server, table).await["to_act"]);
        if to_act.iter().any(|s| s == "N" || s == "S") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let idle = if to_act.contains(&"N".to_string()) {
        &south
    } else {
        &north
    };
    let (status, answer) = post(&server, idle, table, hint("h3")).await;
    assert_eq!(
        (status, answer["field"].clone()),
        (400, json!("turn")),
        "{answer}"
    );
    let message = answer["message"].as_str().unwrap_or("");
    assert!(message.contains("not asked to act"), "{message}");
    // A malformed hint is blamed on its field.
    let (_, answer) = post(
        &server,
        &south,
        table,
        json!({"v": 1, "type": "hint", "id": "h4", "action": "1NT"}),
    )
    .await;
    assert_eq!(answer["field"], "action", "{answer}");
    server.stop().await;
}

/// What one seated player was told that might name a card: a hint's answer or the view's
/// call reasons, with how many actions of which deal had been made.
struct Told {
    deal: usize,
    actions: usize,
    text: String,
}

/// Plays `seat` of `table` to the end of the match by taking every hint, and returns
/// what the hints and call reasons said, and whether a blind hand was hinted `blind`.
async fn play_by_hints(socket: &mut Client, seat: &str) -> (Vec<Told>, bool) {
    let mut told = Vec::new();
    let mut blind_hinted = false;
    for n in 0..400 {
        // A Devil's Bridge player who may only change a bid is asked nothing.
        let asked = |v: &Value| {
            strings(&v["legal"])
                .iter()
                .any(|a| !a.starts_with("change"))
        };
        let view = socket
            .view_where(|v| asked(v) || v["status"] == "finished")
            .await;
        if view["status"] == "finished" {
            return (told, blind_hinted);
        }
        let deal = view["deal_number"].as_u64().unwrap_or(1) as usize - 1;
        let actions = view["deal"]["history"].as_array().map_or(0, Vec::len);
        let reasons = view["call_reasons"].to_string();
        told.push(Told {
            deal,
            actions,
            text: reasons,
        });
        let answer = socket.command_as_sent(&hint(&format!("h{n}"))).await;
        assert_eq!(answer["type"], "hint", "{answer}");
        let action = answer["action"].as_str().expect("an action").to_string();
        if view["deal"]["blind"] == true && view["deal"]["phase"] == "play" {
            assert_eq!(action, "blind", "{answer}");
            blind_hinted = true;
        }
        told.push(Told {
            deal,
            actions,
            text: answer.to_string(),
        });
        let acted = socket
            .command(json!({"type": "act", "action": action}))
            .await;
        assert_eq!(acted["type"], "ack", "{seat}: {acted}");
    }
    panic!("the match did not end in 400 actions of {seat}");
}

/// Checks what a seat was told against each deal's public record.
async fn no_hidden_card_in(server: &Server, table: i64, seat: &str, told: &[Told]) {
    let (_, _, text) = server
        .http("GET", &format!("/api/tables/{table}/records"), None, None)
        .await;
    let records: Value = serde_json::from_str(&text).expect("JSON");
    let deals = records["deals"].as_array().expect("deals");
    let receiver = Receiver::Seat(seat.to_string());
    for item in told {
        let record = &deals[item.deal]["record"];
        let truth = DealTruth::from_record(record, None).expect("the record reads");
        let deck: BTreeSet<Card> = truth.deck.clone();
        let allowed = truth.allowed(&receiver, item.actions, false);
        let hidden = checker::hidden_cards_in(&item.text, &deck, &allowed);
        assert!(
            hidden.is_empty(),
            "deal {} after {} actions, {seat} was told {hidden:?}: {}",
            item.deal + 1,
            item.actions,
            item.text
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_and_call_reasons_name_no_card_their_receiver_may_not_see() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let me = server.player().await;
    // A whole deal of Contract Bridge, and a short Devil's Bridge game whose last hand is
    // blind, each played by taking the hints.
    let games = [
        (
            json!({"game": "bridge", "bots": {"N": "basic", "E": "basic", "W": "basic"},
                   "settings": {"think_ms": 60}}),
            "S",
        ),
        (
            json!({"game": "devils-bridge", "options": {"players": 3, "max_hand": 2},
                   "bots": {"1": "basic", "2": "basic"}, "settings": {"think_ms": 60}}),
            "0",
        ),
    ];
    for (body, seat) in games {
        let devils = body["game"] == "devils-bridge";
        let table = server.create(&me, body).await;
        let mut socket = server.connect(table, &me).await;
        let sat = socket.command(json!({"type": "sit", "seat": seat})).await;
        assert_eq!(sat["type"], "ack", "{sat}");
        let (told, blind_hinted) = play_by_hints(&mut socket, seat).await;
        assert!(!told.is_empty());
        if devils {
            assert!(blind_hinted, "the blind hand was hinted");
        }
        no_hidden_card_in(&server, table, seat, &told).await;
    }
    server.stop().await;
}
