//! The table server end to end, on a loopback port with a real SQLite file and real
//! WebSocket clients: a deal of each of the five games by people and computer players, a
//! restart that rebuilds a table from its log and still answers a repeated command id as
//! the first time, the socket's refusals, and shutdown's close code.

mod support;

use serde_json::{Value, json};
use support::{Client, Server, temp_db};

fn version(view: &Value) -> u64 {
    view["version"].as_u64().unwrap_or(0)
}

fn legal(view: &Value) -> Vec<String> {
    view["legal"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn deals_done(view: &Value) -> u64 {
    view["last_deal"]["number"].as_u64().unwrap_or(0)
}

/// Plays a seat until the first deal is over: a seeded pseudo-random legal action that is
/// not a change of bid each time (a `change` once, when offered, to go through one).
/// Returns how many actions the seat took.
async fn play_seat(mut client: Client, mut seed: u64) -> (usize, bool) {
    let mut pick = move |n: usize| {
        // xorshift, enough to vary the choices.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut acted_at = 0;
    let mut actions = 0;
    let mut changed = false;
    loop {
        let view = client
            .view_where(|v| deals_done(v) >= 1 || (!legal(v).is_empty() && version(v) > acted_at))
            .await;
        if deals_done(&view) >= 1 {
            return (actions, changed);
        }
        let options = legal(&view);
        let action = match options.iter().find(|a| a.starts_with("change")) {
            Some(change) if !changed => {
                changed = true;
                change.clone()
            }
            _ => {
                let others: Vec<&String> = options
                    .iter()
                    .filter(|a| !a.starts_with("change"))
                    .collect();
                if others.is_empty() {
                    acted_at = version(&view);
                    continue;
                }
                others[pick(others.len())].clone()
            }
        };
        acted_at = version(&view);
        let answer = client
            .command(json!({"type": "act", "action": action}))
            .await;
        match answer["type"].as_str() {
            Some("ack") => actions += 1,
            // The table moved on between the view and the command: try the next view.
            _ => assert!(
                ["turn", "action"].contains(&answer["field"].as_str().unwrap_or("")),
                "{answer}"
            ),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_of_each_game_by_people_and_bots() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let cases = [
        ("bridge", json!({}), &["N", "E", "W"][..], &["S"][..]),
        ("deuces-wild", json!({}), &["E", "W"][..], &["N", "S"][..]),
        ("five-crowns", json!({}), &["N"][..], &["E", "S", "W"][..]),
        (
            "devils-bridge",
            json!({"players": 5, "max_hand": 2}),
            &["0", "2", "4"][..],
            &["1", "3"][..],
        ),
        ("bridgette", json!({}), &[][..], &["0", "1"][..]),
    ];
    for (n, (game, options, bots, humans)) in cases.into_iter().enumerate() {
        let host = server.player().await;
        let bots: serde_json::Map<String, Value> = bots
            .iter()
            .map(|s| (s.to_string(), json!("basic")))
            .collect();
        let table = server
            .create(
                &host,
                json!({"game": game, "options": options, "bots": bots,
                       "settings": {"pacing_ms": 0, "think_ms": 50}}),
            )
            .await;
        let mut seats = Vec::new();
        for (k, seat) in humans.iter().enumerate() {
            let cookie = server.player().await;
            let mut client = server.connect(table, &cookie).await;
            let answer = client.command(json!({"type": "sit", "seat": seat})).await;
            assert_eq!(answer["type"], "ack", "{game} {seat}: {answer}");
            let seed = 0x9E37_79B9 + (n * 8 + k) as u64;
            seats.push(tokio::spawn(play_seat(client, seed)));
        }
        let mut total = 0;
        for seat in seats {
            let (actions, _) = seat.await.expect("the seat's player");
            total += actions;
        }
        assert!(total > 0, "{game}: the people acted");
        let (status, _, records) = server
            .http("GET", &format!("/api/tables/{table}/records"), None, None)
            .await;
        assert_eq!(status, 200);
        let records: Value = serde_json::from_str(&records).expect("JSON");
        let first = &records["deals"][0]["record"];
        assert_eq!(first["phase"], "finished", "{game}: {records}");
        assert_eq!(first["game"], game);
        let shown = first["hands"].as_object().map_or(0, |h| h.len());
        assert!(
            shown > 0,
            "{game}: a finished deal's record shows the hands"
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_rebuilds_the_table_and_a_repeated_command_is_not_applied_twice() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let ada = server.player().await;
    let table = server
        .create(
            &ada,
            json!({"game": "bridge", "bots": {"N": "basic", "E": "basic", "W": "basic"},
                   "settings": {"pacing_ms": 0}}),
        )
        .await;
    let mut client = server.connect(table, &ada).await;
    let sat = client.command(json!({"type": "sit", "seat": "S"})).await;
    assert_eq!(sat["type"], "ack", "{sat}");
    let view = client.view_where(|v| !legal(v).is_empty()).await;
    let action = legal(&view)[0].clone();
    let command = json!({"v": 1, "type": "act", "id": "my-call", "action": action});
    let first = client.command_as_sent(&command).await;
    assert_eq!(first["type"], "ack", "{first}");
    assert_eq!(first["duplicate"], false);
    let again = client.command_as_sent(&command).await;
    assert_eq!(again["duplicate"], true, "{again}");
    assert_eq!(again["version"], first["version"]);
    // The computer players act until Ada must, or the deal ends (passed out, say).
    let settled = client
        .view_where(|v| !legal(v).is_empty() || v["status"] == "finished")
        .await;
    server.stop().await;

    let server = Server::start(&db).await;
    let (status, _, text) = server
        .http("GET", &format!("/api/tables/{table}"), None, None)
        .await;
    assert_eq!(status, 200, "{text}");
    let public: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        public["version"], settled["version"],
        "the log replayed to the same version"
    );
    let mut client = server.connect(table, &ada).await;
    let view = client
        .view_where(|v| v["version"] == settled["version"])
        .await;
    assert_eq!(
        view["viewer"]["seat"], "S",
        "the seat is still the player's"
    );
    assert_eq!(view["deal"], settled["deal"], "the same deal, as it was");
    let after = client.command_as_sent(&command).await;
    assert_eq!(after["type"], "ack");
    assert_eq!(after["duplicate"], true, "{after}");
    assert_eq!(after["version"], first["version"]);
    client
        .send_text(r#"{"v":1,"type":"hello","last_version":0}"#)
        .await;
    let fresh = client.view_where(|_| true).await;
    assert_eq!(
        fresh["version"], settled["version"],
        "nothing was applied again"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_socket_refuses_bad_input_and_stays_usable() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    let table = server.create(&host, json!({"game": "bridge"})).await;

    let refused = server
        .try_connect(table, &host, Some("https://elsewhere.example"))
        .await
        .err();
    assert_eq!(
        refused,
        Some(403),
        "a foreign origin may not open the socket"
    );
    let own = format!("http://{}", server.addr);
    assert!(server.try_connect(table, &host, Some(&own)).await.is_ok());
    let unknown = server.try_connect(table + 100, &host, None).await.err();
    assert_eq!(unknown, Some(404));

    let mut client = server.connect(table, &host).await;
    let start = client.view_where(|_| true).await;
    for (text, field) in [
        ("{", "json"),
        (r#"{"v":2,"type":"leave","id":"a"}"#, "v"),
        (r#"{"v":1,"type":"fly","id":"b"}"#, "type"),
        (r#"{"v":1,"type":"sit","id":"c","seat":4}"#, "seat"),
        (r#"{"v":1,"type":"sit","id":"d","seat":"N","spy":1}"#, "spy"),
        (r#"{"v":1,"type":"act","id":"e","action":"1NT"}"#, "seat"),
        (r#"{"v":1,"type":"sit","id":"f","seat":"Q"}"#, "seat"),
    ] {
        client.send_text(text).await;
        let answer = loop {
            let frame = client.next().await.expect("an answer");
            if frame["type"] == "error" {
                break frame;
            }
        };
        assert_eq!(answer["field"], field, "{text}: {answer}");
    }
    let sit = client.command(json!({"type": "sit", "seat": "N"})).await;
    assert_eq!(sit["type"], "ack", "the connection is still usable");
    assert_eq!(
        sit["version"],
        version(&start) + 1,
        "the refused commands changed nothing"
    );

    // Five chat messages in ten seconds, counted over every tab of the player.
    let mut other_tab = server.connect(table, &host).await;
    for k in 0..5 {
        let tab = if k % 2 == 0 {
            &mut client
        } else {
            &mut other_tab
        };
        // One player's command ids are one space over all their tabs.
        let chat = json!({"v": 1, "type": "chat", "id": format!("chat-{k}"), "text": "hello"});
        let said = tab.command_as_sent(&chat).await;
        assert_eq!(said["type"], "ack", "{said}");
    }
    let again = json!({"v": 1, "type": "chat", "id": "chat-5", "text": "again"});
    let flood = other_tab.command_as_sent(&again).await;
    assert_eq!(flood["field"], "rate", "{flood}");

    client.send_text(&"x".repeat(17 * 1024)).await;
    while client.next().await.is_some() {}
    assert_eq!(
        client.close_code,
        Some(1009),
        "an oversized frame closes the socket"
    );
    let (status, _, _) = server.http("GET", "/healthz", None, None).await;
    assert_eq!(status, 200);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_closes_sockets_as_restarting() {
    let (_dir, db) = temp_db();
    let mut server = Server::start(&db).await;
    let host = server.player().await;
    let table = server.create(&host, json!({"game": "bridgette"})).await;
    let mut client = server.connect(table, &host).await;
    client.view_where(|_| true).await;
    server.signal_stop();
    while client.next().await.is_some() {}
    assert_eq!(client.close_code, Some(1012));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_open_public_tables_with_their_free_seats() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    let public = server
        .create(&host, json!({"game": "bridge", "bots": {"N": "random"}}))
        .await;
    let (status, _, text) = server
        .http(
            "POST",
            "/api/tables",
            Some(&host),
            Some(&json!({"game": "bridgette", "visibility": "private"}).to_string()),
        )
        .await;
    assert_eq!(status, 201);
    let private: Value = serde_json::from_str(&text).expect("JSON");
    let invite = private["invite"].as_str().expect("an invite").to_string();
    let (_, _, lobby) = server.http("GET", "/api/tables", None, None).await;
    let lobby: Value = serde_json::from_str(&lobby).expect("JSON");
    let tables = lobby["tables"].as_array().expect("tables");
    assert_eq!(tables.len(), 1, "only the public table: {lobby}");
    assert_eq!(tables[0]["id"], public);
    assert_eq!(tables[0]["free_seats"], json!(["E", "S", "W"]));

    let id = private["id"].as_i64().expect("id");
    let stranger = server.player().await;
    let path = format!("/api/tables/{id}");
    let (hidden, _, _) = server.http("GET", &path, Some(&stranger), None).await;
    assert_eq!(hidden, 404, "a private table is unknown without its invite");
    let (shown, _, _) = server
        .http(
            "GET",
            &format!("{path}?invite={invite}"),
            Some(&stranger),
            None,
        )
        .await;
    assert_eq!(shown, 200);

    let (status, _, text) = server
        .http(
            "POST",
            "/api/tables",
            Some(&host),
            Some(r#"{"game":"chess"}"#),
        )
        .await;
    assert_eq!(status, 400);
    assert!(text.contains(r#""field":"game""#), "{text}");
    let (status, _, _) = server
        .http("POST", "/api/tables", None, Some(r#"{"game":"bridge"}"#))
        .await;
    assert_eq!(status, 401, "no player, no table");
    let huge = json!({"game": "bridge", "options": {"pad": "x".repeat(20_000)}}).to_string();
    let (status, _, text) = server
        .http("POST", "/api/tables", Some(&host), Some(&huge))
        .await;
    assert_eq!(status, 413);
    assert!(text.contains(r#""field":"body""#), "{text}");
    let (_, _, metrics) = server.http("GET", "/metrics", None, None).await;
    assert!(metrics.contains("tenace_actions_total "), "{metrics}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_away_player_is_stood_in_for_and_takes_the_seat_back() {
    let (_dir, db) = temp_db();
    let config = tenace_server::ServerConfig {
        bot_pacing: Some(std::time::Duration::ZERO),
        away_limit: Some(std::time::Duration::from_millis(100)),
        ..tenace_server::ServerConfig::default()
    };
    let server = Server::start_with(&db, config).await;
    let ada = server.player().await;
    let body = json!({"game": "bridge", "visibility": "private",
                      "bots": {"N": "random", "E": "random", "W": "random"}});
    let (_, _, created) = server
        .http("POST", "/api/tables", Some(&ada), Some(&body.to_string()))
        .await;
    let table = serde_json::from_str::<Value>(&created).expect("JSON")["id"]
        .as_i64()
        .expect("an id");
    // Ada sits by HTTP and never opens a socket: she is away from the start.
    let sit = r#"{"v":1,"type":"sit","id":"s1","seat":"S"}"#;
    let path = format!("/api/tables/{table}/commands");
    let (status, _, answer) = server.http("POST", &path, Some(&ada), Some(sit)).await;
    assert_eq!(status, 200, "{answer}");
    let read = format!("/api/tables/{table}");
    let mut view = Value::Null;
    for _ in 0..200 {
        // Seated, she reads her private table without the invite.
        let (status, _, text) = server.http("GET", &read, Some(&ada), None).await;
        assert_eq!(status, 200, "{text}");
        view = serde_json::from_str(&text).expect("JSON");
        if view["status"] == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(
        view["status"], "finished",
        "the stand-in played the deal out: {view}"
    );
    assert_eq!(view["seats"][2]["presence"], "taken_over");
    let mut client = server.connect(table, &ada).await;
    let back = client
        .view_where(|v| v["seats"][2]["presence"] == "connected")
        .await;
    assert_eq!(back["viewer"]["seat"], "S", "the seat is hers again");
    let stranger = server.player().await;
    let (status, _, _) = server.http("GET", &read, Some(&stranger), None).await;
    assert_eq!(status, 404, "a private table is unknown to a stranger");
    server.stop().await;
}

/// South's hand at each of two bridge tables created in turn on a new server dealt from
/// `deal_seed`.
async fn south_hands(deal_seed: Option<u64>) -> Vec<Value> {
    let (_dir, db) = temp_db();
    let config = tenace_server::ServerConfig {
        deal_seed,
        bot_pacing: Some(std::time::Duration::ZERO),
        ..tenace_server::ServerConfig::default()
    };
    let server = Server::start_with(&db, config).await;
    let host = server.player().await;
    let mut hands = Vec::new();
    for _ in 0..2 {
        let body = json!({"game": "bridge", "bots": {"N": "basic", "E": "basic", "W": "basic"}});
        let table = server.create(&host, body).await;
        let mut client = server.connect(table, &host).await;
        let sat = client.command(json!({"type": "sit", "seat": "S"})).await;
        assert_eq!(sat["type"], "ack", "{sat}");
        let view = client
            .view_where(|v| v["deal"]["hands"]["S"].is_array())
            .await;
        hands.push(view["deal"]["hands"]["S"].clone());
    }
    server.stop().await;
    hands
}

/// `tenace serve --deal-seed`: two servers of one seed deal their tables alike, a
/// server's second table differs from its first, and without a seed the deals differ.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_seed_deals_the_same_tables_on_every_run() {
    let first = south_hands(Some(7)).await;
    let again = south_hands(Some(7)).await;
    assert_eq!(first, again, "the same seed, the same deals");
    assert_ne!(first[0], first[1], "a second table has a deal of its own");
    assert_ne!(
        south_hands(Some(8)).await,
        first,
        "another seed, other deals"
    );
    assert_ne!(south_hands(None).await, first, "no seed: deals at random");
}
