//! The double-dummy review of a finished deal over HTTP: computer players play a private
//! table's deal to the end, the review is polled until done and checked against a fresh
//! solve of the same hands; the deal in progress, a deal that never was and a stranger
//! without the invite are refused.

mod support;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::{Server, temp_db};
use tenace_cards::{BySeat, CardSet, Seat};
use tenace_rules::{Contract, Vulnerability};
use tenace_solver::{Solver, par};

/// The example of a finished review in docs/server-protocol.md.
fn documented_example() -> Value {
    let doc = include_str!("../../../docs/server-protocol.md");
    let at = doc
        .find("GET /api/tables/7/deals/1/review")
        .expect("the review example");
    let start = at + doc[at..].find("```json").expect("its answer") + "```json".len();
    let end = start + doc[start..].find("```").expect("the answer's end");
    serde_json::from_str(&doc[start..end]).expect("the example is JSON")
}

/// An object's keys, sorted.
fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<String> = value
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    keys.sort();
    keys
}

/// Computer players' settings that play a deal in a few seconds.
fn fast() -> Value {
    json!({"pacing_ms": 0, "think_ms": 20, "away_takeover": false})
}

async fn get(server: &Server, path: &str, cookie: &str) -> (u16, Value) {
    let (status, _, text) = server.http("GET", path, Some(cookie), None).await;
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, body)
}

/// Asserts that `path` is refused with `status`, blaming `field`.
async fn assert_refused(server: &Server, path: &str, cookie: &str, status: u16, field: &str) {
    let (got, body) = get(server, path, cookie).await;
    assert_eq!(
        (got, &body["error"]["field"]),
        (status, &json!(field)),
        "{path}: {body}"
    );
}

/// Polls `path` until `done` accepts its answer, for at most `limit`.
async fn poll(
    server: &Server,
    path: &str,
    cookie: &str,
    limit: Duration,
    done: impl Fn(&Value) -> bool,
) -> Vec<Value> {
    let until = Instant::now() + limit;
    let mut answers = Vec::new();
    loop {
        let (status, body) = get(server, path, cookie).await;
        assert_eq!(status, 200, "{path}: {body}");
        let finished = done(&body);
        answers.push(body);
        if finished {
            return answers;
        }
        assert!(
            Instant::now() < until,
            "{path}: not done in time: {answers:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A private single deal of Contract Bridge with computer players in every seat: its id
/// and invite.
async fn bot_table(server: &Server, host: &str) -> (i64, String) {
    let body = json!({"game": "bridge", "match": "single_deal", "visibility": "private",
        "bots": {"N": "basic", "E": "basic", "S": "basic", "W": "basic"}, "settings": fast()});
    let (status, _, text) = server
        .http("POST", "/api/tables", Some(host), Some(&body.to_string()))
        .await;
    assert_eq!(status, 201, "{text}");
    let created: Value = serde_json::from_str(&text).expect("JSON");
    let invite = created["invite"]
        .as_str()
        .expect("a private table's invite");
    (created["id"].as_i64().expect("an id"), invite.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_deals_review_agrees_with_a_fresh_solve() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    let stranger = server.player().await;

    // A table whose deal has not begun: its first deal is not finished yet.
    let waiting = server
        .create(
            &host,
            json!({"game": "bridge", "bots": {"N": "basic", "E": "basic", "W": "basic"}}),
        )
        .await;
    let waiting_path = format!("/api/tables/{waiting}/deals/1/review");
    assert_refused(&server, &waiting_path, &host, 409, "deal").await;

    // Computer players play a deal out; a passed-out deal has no play to check, so a
    // few tables are tried for one that is played.
    let mut played = None;
    for _ in 0..4 {
        let (table, invite) = bot_table(&server, &host).await;
        let records = poll(
            &server,
            &format!("/api/tables/{table}/records"),
            &host,
            Duration::from_secs(120),
            |r| r["deals"].as_array().is_some_and(|d| !d.is_empty()),
        )
        .await;
        let record = records.last().expect("an answer")["deals"][0].clone();
        if record["record"]["contract"].is_string() {
            played = Some((table, invite, record));
            break;
        }
    }
    let (table, invite, record) = played.expect("one of the deals was played");
    let review_path = format!("/api/tables/{table}/deals/1/review");

    // Private: a stranger without the invite finds no table; with it, the review.
    assert_refused(&server, &review_path, &stranger, 404, "table").await;
    let (status, first) = get(
        &server,
        &format!("{review_path}?invite={invite}"),
        &stranger,
    )
    .await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["deal"], 1);
    assert!(
        ["queued", "running", "done"].contains(&first["status"].as_str().unwrap_or("")),
        "{first}"
    );

    let answers = poll(
        &server,
        &review_path,
        &host,
        Duration::from_secs(180),
        |a| a["status"] == "done",
    )
    .await;
    let done = answers.last().expect("an answer");
    // Each card played checked from the last trick back, then the table's five strains.
    let cards = record["record"]["history"]
        .as_array()
        .expect("a history")
        .iter()
        .filter(|m| {
            m["action"]
                .as_str()
                .and_then(|a| a.parse::<tenace_rules::Action>().ok())
                .is_some_and(|a| a.is_card_play())
        })
        .count();
    assert_eq!(cards, 52, "computer players never claim: {record}");
    assert_eq!(
        (&done["done"], &done["total"]),
        (&json!(cards + 5), &json!(cards + 5)),
        "{done}"
    );
    for answer in &answers {
        let (k, m) = (answer["done"].as_u64(), answer["total"].as_u64());
        assert!(k <= m, "progress past its total: {answer}");
    }
    let review = &done["review"];

    // The table agrees with a fresh solve of the hands as dealt, and par with it.
    let hand = |seat: &str| -> CardSet {
        serde_json::from_value(record["dealt"][seat].clone()).expect("a dealt hand")
    };
    let hands = BySeat([hand("N"), hand("E"), hand("S"), hand("W")]);
    let table_solved = Solver::new().table(&hands).expect("a table");
    assert_eq!(review["table"]["status"], "offered", "{review}");
    assert_eq!(review["table"]["declarers"], json!(["N", "E", "S", "W"]));
    let rows = review["table"]["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 5, "{review}");
    for row in rows {
        let strain = row["strain"]
            .as_str()
            .expect("a strain")
            .parse()
            .expect("a strain");
        for (k, seat) in Seat::ALL.into_iter().enumerate() {
            assert_eq!(
                row["tricks"][k].as_u64(),
                table_solved.tricks(strain, seat).map(u64::from),
                "{strain} by {seat}: {row}"
            );
        }
    }
    let state = &record["record"];
    let dealer: Seat = state["dealer"]
        .as_str()
        .expect("a dealer")
        .parse()
        .expect("a seat");
    let vulnerability: Vulnerability = state["vulnerability"]
        .as_str()
        .expect("a vulnerability")
        .parse()
        .expect("a vulnerability");
    let expected = par(&table_solved, vulnerability, dealer);
    assert_eq!(review["par"]["score"], json!(expected.score), "{review}");

    // The contract's best play from the opening lead is its entry in the table.
    let contract: Contract = state["contract"]
        .as_str()
        .expect("a contract")
        .parse()
        .expect("a contract");
    let declarer: Seat = state["declarer"]
        .as_str()
        .expect("a declarer")
        .parse()
        .expect("a seat");
    assert_eq!(review["result"]["contract"], json!(contract.to_string()));
    assert_eq!(review["result"]["declarer"], json!(declarer.to_string()));
    assert_eq!(
        review["result"]["makes"].as_u64(),
        table_solved
            .tricks(contract.strain, declarer)
            .map(u64::from),
        "{review}"
    );
    for costly in review["costly"].as_array().expect("costly cards") {
        assert!(costly["cost"].as_u64().is_some_and(|c| c >= 1), "{costly}");
        assert!(
            !costly["best"]
                .as_array()
                .expect("best cards")
                .contains(&costly["card"])
        );
    }

    // The document's example of a finished review has the real one's fields.
    let example = documented_example();
    assert_eq!(keys(&example), keys(done));
    assert_eq!(keys(&example["review"]), keys(review));
    for part in ["result", "table", "par"] {
        assert_eq!(
            keys(&example["review"][part]),
            keys(&review[part]),
            "{part}"
        );
    }
    assert_eq!(
        keys(&example["review"]["costly"][0]),
        ["best", "card", "cost", "order", "seat", "trick"]
    );

    // A cached review is answered again as it was; the match had one deal only.
    let (status, again) = get(&server, &review_path, &host).await;
    assert_eq!((status, &again), (200, done));
    let deal_path = |n: u32| format!("/api/tables/{table}/deals/{n}/review");
    assert_refused(&server, &deal_path(2), &host, 404, "deal").await;
    assert_refused(&server, &deal_path(0), &host, 400, "deal").await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_stops_a_review_that_would_take_minutes() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    // A Deuces Wild deal: its opening positions take the solver minutes.
    let mut played = None;
    for _ in 0..4 {
        let table = server
            .create(
                &host,
                json!({"game": "deuces-wild", "match": "single_deal",
                    "bots": {"N": "basic", "E": "basic", "S": "basic", "W": "basic"},
                    "settings": fast()}),
            )
            .await;
        let records = poll(
            &server,
            &format!("/api/tables/{table}/records"),
            &host,
            Duration::from_secs(120),
            |r| r["deals"].as_array().is_some_and(|d| !d.is_empty()),
        )
        .await;
        if records.last().expect("an answer")["deals"][0]["record"]["declarer"].is_string() {
            played = Some(table);
            break;
        }
    }
    let table = played.expect("one of the deals was played");
    let path = format!("/api/tables/{table}/deals/1/review");
    let answers = poll(&server, &path, &host, Duration::from_secs(60), |a| {
        a["done"].as_u64().is_some_and(|d| d > 0)
    })
    .await;
    let running = answers.last().expect("an answer");
    assert_eq!(running["status"], "running", "{running}");
    // The table is not offered, and says so.
    assert_eq!(running["review"]["table"]["status"], "not offered");
    assert!(
        running["review"]["table"]["reason"].is_string(),
        "{running}"
    );
    let stopping = Instant::now();
    server.stop().await;
    assert!(
        stopping.elapsed() < Duration::from_secs(10),
        "the server took {:?} to stop",
        stopping.elapsed()
    );
}
