//! The double-dummy review of a finished deal: computer players play a private table's
//! deal to the end, the review is polled over HTTP until done and checked against a fresh
//! solve of the same hands; the deal in progress, a deal that never was and a stranger
//! without the invite are refused. Reviews are bounded jobs: asked over the socket they
//! stream, a review nobody waits for stops within a second (and goes on when asked
//! again), a player may start only two at once, and one player's flood of reviews delays
//! another's by one review at most.

mod support;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::{Client, Server, temp_db};
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
async fn a_shutdown_stops_a_running_review() {
    let (_dir, db) = temp_db();
    // Each step waits 300 ms first: the review of a deal of 52 cards lasts several
    // seconds, however fast its positions solve.
    let server = with_step_pause(&db, Duration::from_millis(300)).await;
    let host = server.player().await;
    let table = played_table(&server, &host, "deuces-wild").await;
    let path = format!("/api/tables/{table}/deals/1/review");
    let answers = poll(&server, &path, &host, Duration::from_secs(60), |a| {
        a["done"].as_u64().is_some_and(|d| d > 0)
    })
    .await;
    let running = answers.last().expect("an answer");
    assert_eq!(running["status"], "running", "{running}");
    // Its strain table is offered, strain by strain as solved.
    assert_eq!(running["review"]["table"]["status"], "offered", "{running}");
    let stopping = Instant::now();
    server.stop().await;
    assert!(
        stopping.elapsed() < Duration::from_secs(10),
        "the server took {:?} to stop",
        stopping.elapsed()
    );
}

/// A single deal of `game` played to the end by computer players, its contract played (a
/// passed-out deal has no play to review): the table's id.
async fn played_table(server: &Server, host: &str, game: &str) -> i64 {
    for _ in 0..6 {
        let table = server
            .create(
                host,
                json!({"game": game, "match": "single_deal",
                    "bots": {"N": "basic", "E": "basic", "S": "basic", "W": "basic"},
                    "settings": fast()}),
            )
            .await;
        let records = poll(
            server,
            &format!("/api/tables/{table}/records"),
            host,
            Duration::from_secs(120),
            |r| r["deals"].as_array().is_some_and(|d| !d.is_empty()),
        )
        .await;
        if records.last().expect("an answer")["deals"][0]["record"]["declarer"].is_string() {
            return table;
        }
    }
    panic!("no {game} deal of six was played");
}

/// A server whose review steps each wait `pause` first, its other limits the defaults.
async fn with_step_pause(db: &std::path::Path, pause: Duration) -> Server {
    let limits = tenace_server::ReviewLimits {
        step_pause: pause,
        ..tenace_server::ReviewLimits::default()
    };
    with_reviews(db, limits).await
}

/// A server whose computer players play at once, its reviews bounded by `limits`.
async fn with_reviews(db: &std::path::Path, limits: tenace_server::ReviewLimits) -> Server {
    let config = tenace_server::ServerConfig {
        bot_pacing: Some(Duration::ZERO),
        reviews: limits,
        ..tenace_server::ServerConfig::default()
    };
    Server::start_with(db, config).await
}

/// A gauge or counter of `/metrics` (`name` with its labels, if any).
async fn metric(server: &Server, name: &str) -> f64 {
    let (status, _, text) = server.http("GET", "/metrics", None, None).await;
    assert_eq!(status, 200, "{text}");
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {text}"))
}

/// Waits (at most `limit`) until the metrics satisfy `ready`; how long it took.
async fn metrics_until(
    server: &Server,
    limit: Duration,
    what: &str,
    ready: impl AsyncFn(&Server) -> bool,
) -> Duration {
    let start = Instant::now();
    while !ready(server).await {
        assert!(start.elapsed() < limit, "not within {limit:?}: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    start.elapsed()
}

/// Whether no review holds a thread and no thread is solving.
async fn idle(server: &Server) -> bool {
    metric(server, "tenace_reviews_running").await == 0.0
        && metric(server, "tenace_review_threads_busy").await == 0.0
}

/// Asks for deal `deal`'s review over `socket` as message `id`; its first answer.
async fn ask_review(socket: &mut Client, id: &str, deal: u64) -> Value {
    socket
        .send_text(&json!({"v": 1, "type": "review", "id": id, "deal": deal}).to_string())
        .await;
    next_review(socket, id).await
}

/// The next `review` or `error` message answering `id` (views are skipped).
async fn next_review(socket: &mut Client, id: &str) -> Value {
    loop {
        let frame = socket.next().await.expect("the socket stays open");
        if frame["type"] != "view" && frame["id"] == id {
            return frame;
        }
    }
}

/// The next `review` message answering `id` that `pick` accepts.
async fn review_where(socket: &mut Client, id: &str, pick: impl Fn(&Value) -> bool) -> Value {
    loop {
        let message = next_review(socket, id).await;
        assert_eq!(message["type"], "review", "{message}");
        let (done, total) = (message["done"].as_u64(), message["total"].as_u64());
        assert!(done <= total, "progress past its total: {message}");
        if pick(&message) {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_nobody_waits_for_stops_within_a_second_and_goes_on_when_asked_again() {
    let (_dir, db) = temp_db();
    // Each step waits 400 ms first: the review of a deal of 56 cards lasts over ten
    // seconds on two threads, however fast its positions solve, so there is always one in
    // progress to watch (a stop ends the pause as it ends a solve).
    let server = with_step_pause(&db, Duration::from_millis(400)).await;
    let host = server.player().await;
    let table = played_table(&server, &host, "five-crowns").await;
    let mut socket = server.connect(table, &host).await;
    let first = ask_review(&mut socket, "r1", 1).await;
    assert_eq!(first["type"], "review", "{first}");
    assert_eq!(first["deal"], 1);
    // The results stream as they are solved, the last tricks first.
    let partial = review_where(&mut socket, "r1", |m| {
        m["status"] == "running" && m["done"].as_u64().is_some_and(|d| d > 0)
    })
    .await;
    assert!(
        partial["done"].as_u64() < partial["total"].as_u64(),
        "{partial}"
    );
    assert_eq!(partial["review"]["table"]["status"], "offered");
    assert_eq!(
        (&partial["queue_place"], &partial["stopped"]),
        (&Value::Null, &Value::Null)
    );
    metrics_until(
        &server,
        Duration::from_secs(30),
        "a thread solving",
        async |s| metric(s, "tenace_review_threads_busy").await >= 1.0,
    )
    .await;
    let stopped = "tenace_reviews_stopped_total{reason=\"no_watchers\"}";
    assert_eq!(metric(&server, stopped).await, 0.0);

    // The page is closed: its socket was the review's only watcher.
    drop(socket);
    let took = metrics_until(
        &server,
        Duration::from_secs(10),
        "the review stopped",
        async |s| idle(s).await,
    )
    .await;
    println!("the socket closed: the review's threads were idle {took:?} later");
    assert!(
        took < Duration::from_secs(1),
        "the review ran {took:?} after its watcher left"
    );
    assert_eq!(metric(&server, stopped).await, 1.0);

    // Asked again (over HTTP), it goes on from what it had found.
    let path = format!("/api/tables/{table}/deals/1/review");
    let (status, again) = get(&server, &path, &host).await;
    assert_eq!(status, 200, "{again}");
    assert!(
        ["queued", "running"].contains(&again["status"].as_str().unwrap_or("")),
        "{again}"
    );
    assert!(
        again["done"].as_u64() >= partial["done"].as_u64(),
        "{again} after {partial}"
    );
    // An HTTP request watches for a lease of 2 s: with no further request it stops then.
    let asked = Instant::now();
    metrics_until(
        &server,
        Duration::from_secs(10),
        "the review stopped again",
        async |s| metric(s, stopped).await == 2.0 && idle(s).await,
    )
    .await;
    let lasted = asked.elapsed();
    println!("an HTTP request unrenewed: the review stopped {lasted:?} after it");
    assert!(
        lasted >= Duration::from_millis(1900) && lasted < Duration::from_secs(3),
        "an unrenewed lease kept the review {lasted:?}"
    );
    // Read without watching, it says why it stopped, and starts nothing.
    let mut reader = server.connect(table, &host).await;
    let look_at = r#"{"v":1,"type":"review","id":"look","deal":1,"watch":false}"#;
    reader.send_text(look_at).await;
    let look = next_review(&mut reader, "look").await;
    assert_eq!(look["status"], "stopped", "{look}");
    assert_eq!(look["stopped"]["reason"], "no_watchers", "{look}");
    assert!(look["stopped"]["message"].is_string(), "{look}");
    assert!(
        idle(&server).await,
        "reading without watching started nothing"
    );
    // A socket that watches it takes it up again; saying it no longer watches (the page's
    // review closed) stops it at once.
    let resumed = ask_review(&mut reader, "r2", 1).await;
    assert!(
        ["queued", "running"].contains(&resumed["status"].as_str().unwrap_or("")),
        "{resumed}"
    );
    metrics_until(
        &server,
        Duration::from_secs(10),
        "the review running again",
        async |s| metric(s, "tenace_reviews_running").await == 1.0,
    )
    .await;
    reader.send_text(&look_at.replace("look", "unwatch")).await;
    let unwatched = next_review(&mut reader, "unwatch").await;
    assert_eq!(unwatched["stopped"]["reason"], "no_watchers", "{unwatched}");
    let took = metrics_until(
        &server,
        Duration::from_secs(10),
        "the review stopped",
        async |s| metric(s, stopped).await == 3.0 && idle(s).await,
    )
    .await;
    println!("the watch ended: the review's threads were idle {took:?} later");
    assert!(
        took < Duration::from_secs(1),
        "the review ran {took:?} after its watch ended"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_players_flood_delays_anothers_review_by_one_review_at_most() {
    let (_dir, db) = temp_db();
    // One review thread, so reviews queue; each runs for 4 s at most, and each of its
    // steps waits 200 ms first, so a review of 52 cards or more always lasts that long.
    let limits = tenace_server::ReviewLimits {
        threads: Some(1),
        time_limit: Duration::from_secs(4),
        step_pause: Duration::from_millis(200),
        ..tenace_server::ReviewLimits::default()
    };
    let server = with_reviews(&db, limits).await;
    let flooder = server.player().await;
    let other = server.player().await;
    // Three deals whose reviews outlast the time limit, and the other player's Contract
    // Bridge deal.
    let mut long = Vec::new();
    for game in ["five-crowns", "deuces-wild", "five-crowns"] {
        long.push(played_table(&server, &flooder, game).await);
    }
    let short = played_table(&server, &other, "bridge").await;

    // The flooder's first review takes the thread, the second waits, the third is refused.
    let mut a1 = server.connect(long[0], &flooder).await;
    let started = Instant::now();
    let first = ask_review(&mut a1, "a1", 1).await;
    assert_eq!(first["status"], "running", "{first}");
    let mut a2 = server.connect(long[1], &flooder).await;
    let second = ask_review(&mut a2, "a2", 1).await;
    assert_eq!(
        (&second["status"], &second["queue_place"]),
        (&json!("queued"), &json!(1))
    );
    let mut a3 = server.connect(long[2], &flooder).await;
    let third = ask_review(&mut a3, "a3", 1).await;
    assert_eq!(
        (&third["type"], &third["field"]),
        (&json!("error"), &json!("review")),
        "{third}"
    );
    let (status, refused) = get(
        &server,
        &format!("/api/tables/{}/deals/1/review", long[2]),
        &flooder,
    )
    .await;
    assert_eq!(
        (status, &refused["error"]["field"]),
        (429, &json!("review")),
        "{refused}"
    );
    assert_eq!(metric(&server, "tenace_reviews_refused_total").await, 2.0);

    // Watching the flooder's reviews costs the other player nothing...
    let mut watch = server.connect(long[0], &other).await;
    let watched = ask_review(&mut watch, "w1", 1).await;
    assert_eq!(watched["status"], "running", "{watched}");
    let mut watch2 = server.connect(long[1], &other).await;
    assert_eq!(ask_review(&mut watch2, "w2", 1).await["status"], "queued");
    // ... and their own review goes before the flooder's second.
    let mut b = server.connect(short, &other).await;
    let mine = ask_review(&mut b, "b", 1).await;
    assert_eq!(
        (&mine["status"], &mine["queue_place"]),
        (&json!("queued"), &json!(1)),
        "{mine}"
    );
    let moved = review_where(&mut a2, "a2", |m| m["queue_place"] == 2).await;
    assert_eq!(moved["status"], "queued", "{moved}");
    assert_eq!(metric(&server, "tenace_review_queue").await, 2.0);

    // The flooder's first review runs out of time, says why, and the other's starts.
    let ended = review_where(&mut a1, "a1", |m| m["status"] != "running").await;
    let ran = started.elapsed();
    assert_eq!(ended["status"], "stopped", "{ended}");
    assert_eq!(ended["stopped"]["reason"], "time_limit", "{ended}");
    assert!(ran >= Duration::from_secs(4), "stopped after {ran:?}");
    let going = review_where(&mut b, "b", |m| m["status"] != "queued").await;
    println!(
        "the other player's review started {:?} after the flooder's first (time limit 4 s)",
        started.elapsed()
    );
    assert!(
        ["running", "done"].contains(&going["status"].as_str().unwrap_or("")),
        "{going}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "started {:?} in",
        started.elapsed()
    );
    let next = review_where(&mut a2, "a2", |m| m["queue_place"] == 1).await;
    assert_eq!(
        next["status"], "queued",
        "the flooder's second went first: {next}"
    );
    // Once it ends (done, or at its time limit), the flooder's second starts.
    let over = review_where(&mut b, "b", |m| {
        ["done", "stopped"].contains(&m["status"].as_str().unwrap_or(""))
    })
    .await;
    assert!(over["done"].as_u64().is_some_and(|d| d > 0), "{over}");
    let runs = review_where(&mut a2, "a2", |m| m["status"] != "queued").await;
    assert_eq!(runs["status"], "running", "{runs}");
    let timed_out = "tenace_reviews_stopped_total{reason=\"time_limit\"}";
    assert!(metric(&server, timed_out).await >= 1.0);
    drop((a3, watch, watch2));
    server.stop().await;
}
