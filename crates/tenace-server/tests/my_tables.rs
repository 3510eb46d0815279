//! `GET /api/me/tables`: a player's unfinished tables from any client with their cookie,
//! with their seat and whether the table waits on them. Seats taken, swapped and left move
//! the list at once; a restart rebuilds it from the logs; a finished match leaves it; a
//! private table is listed to its seated players alone and its invite to its host alone.

mod support;

use std::time::Duration;

use serde_json::{Value, json};
use support::{Server, temp_db};

/// The list as `cookie`'s player reads it (no cookie: a visitor).
async fn my_tables(server: &Server, cookie: Option<&str>) -> Vec<Value> {
    let (status, set_cookie, text) = server.http("GET", "/api/me/tables", cookie, None).await;
    assert_eq!(status, 200, "{text}");
    assert!(set_cookie.is_none(), "reading the list makes no player");
    let answer: Value = serde_json::from_str(&text).expect("JSON");
    answer["tables"].as_array().expect("a list").clone()
}

fn ids(tables: &[Value]) -> Vec<i64> {
    tables.iter().filter_map(|t| t["id"].as_i64()).collect()
}

fn entry(tables: &[Value], id: i64) -> &Value {
    tables
        .iter()
        .find(|t| t["id"] == id)
        .unwrap_or_else(|| panic!("table {id} is listed: {tables:?}"))
}

/// Sends one table command over HTTP (with the invite, if any); it must be acknowledged.
async fn command(server: &Server, cookie: &str, table: i64, invite: Option<&str>, body: Value) {
    let query = invite.map(|i| format!("?invite={i}")).unwrap_or_default();
    let path = format!("/api/tables/{table}/commands{query}");
    let (status, _, text) = server
        .http("POST", &path, Some(cookie), Some(&body.to_string()))
        .await;
    assert_eq!(status, 200, "{body}: {text}");
}

fn sit(id: &str, seat: &str) -> Value {
    json!({"v": 1, "type": "sit", "id": id, "seat": seat})
}

/// The public view of table `id` once the table waits on a person (its computer players
/// have acted), so what it says of the turn holds while it is compared.
async fn settled_view(server: &Server, id: i64, people: &[&str]) -> Value {
    for _ in 0..300 {
        let (_, _, text) = server
            .http("GET", &format!("/api/tables/{id}"), None, None)
            .await;
        let view: Value = serde_json::from_str(&text).expect("JSON");
        let waiting = view["to_act"]
            .as_array()
            .is_some_and(|a| a.len() == 1 && people.iter().any(|p| a[0] == *p));
        if waiting {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("table {id} never waited on one of {people:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_sees_the_tables_they_sit_at_from_any_client() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let ada = server.player().await;
    let bo = server.player().await;
    let cy = server.player().await;

    // Table one: Ada in S over a socket, Bo in N over HTTP; it starts and waits on one.
    let first = server
        .create(
            &ada,
            json!({"game": "bridge", "bots": {"E": "random", "W": "random"}}),
        )
        .await;
    let mut socket = server.connect(first, &ada).await;
    assert_eq!(
        socket.command(json!({"type": "sit", "seat": "S"})).await["type"],
        "ack"
    );
    command(&server, &bo, first, None, sit("b1", "N")).await;
    // Table two: Ada alone with a computer player, so it stays open.
    let second = server
        .create(&ada, json!({"game": "bridge", "bots": {"N": "basic"}}))
        .await;
    command(&server, &ada, second, None, sit("a1", "S")).await;

    // Read from a client of its own that only shares Ada's cookie.
    let view = settled_view(&server, first, &["N", "S"]).await;
    let ada_turn = view["to_act"][0] == "S";
    let listed = my_tables(&server, Some(&ada)).await;
    assert_eq!(ids(&listed), vec![second, first], "newest first");
    let one = entry(&listed, first);
    assert_eq!(
        (&one["game"], &one["match"], &one["status"], &one["seat"]),
        (
            &json!("bridge"),
            &json!("single_deal"),
            &json!("playing"),
            &json!("S")
        )
    );
    assert_eq!(
        one["to_act"], ada_turn,
        "Ada's turn as the view says: {view}"
    );
    assert_eq!(one["deal_number"], 1);
    assert_eq!(one["invite"], Value::Null, "a public table has no invite");
    let two = entry(&listed, second);
    assert_eq!(
        (&two["status"], &two["seat"], &two["to_act"]),
        (&json!("open"), &json!("S"), &json!(false))
    );
    for table in &listed {
        let mut keys: Vec<&String> = table.as_object().expect("an object").keys().collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "deal_number",
                "game",
                "id",
                "invite",
                "match",
                "seat",
                "status",
                "to_act"
            ],
            "nothing more of a table is told here"
        );
    }

    // Bo sees only the table he sits at, his turn the other way round; Cy and a visitor
    // see nothing.
    let bos = my_tables(&server, Some(&bo)).await;
    assert_eq!(ids(&bos), vec![first]);
    assert_eq!(bos[0]["seat"], "N");
    assert_eq!(bos[0]["to_act"], !ada_turn);
    assert!(my_tables(&server, Some(&cy)).await.is_empty());
    assert!(my_tables(&server, None).await.is_empty());
    let unknown = "0".repeat(32);
    assert!(my_tables(&server, Some(&unknown)).await.is_empty());

    // A swap moves Ada's seat in the list; leaving takes the table out of it.
    command(
        &server,
        &ada,
        second,
        None,
        json!({"v": 1, "type": "swap", "id": "a2", "seat": "N"}),
    )
    .await;
    assert_eq!(
        entry(&my_tables(&server, Some(&ada)).await, second)["seat"],
        "N"
    );
    command(
        &server,
        &ada,
        second,
        None,
        json!({"v": 1, "type": "leave", "id": "a3"}),
    )
    .await;
    assert_eq!(ids(&my_tables(&server, Some(&ada)).await), vec![first]);

    // A host who removes Bo takes the table out of his list; a computer player given
    // his seat leaves it so.
    let third = server
        .create(&ada, json!({"game": "bridge", "bots": {"N": "basic"}}))
        .await;
    command(&server, &bo, third, None, sit("b2", "E")).await;
    assert_eq!(
        ids(&my_tables(&server, Some(&bo)).await),
        vec![third, first]
    );
    command(
        &server,
        &ada,
        third,
        None,
        json!({"v": 1, "type": "remove", "id": "a4", "seat": "E"}),
    )
    .await;
    command(
        &server,
        &ada,
        third,
        None,
        json!({"v": 1, "type": "bot", "id": "a5", "seat": "E", "level": "basic"}),
    )
    .await;
    assert_eq!(ids(&my_tables(&server, Some(&bo)).await), vec![first]);
    assert_eq!(
        ids(&my_tables(&server, Some(&ada)).await),
        vec![first],
        "hosting a table is not sitting at it"
    );

    // A restart rebuilds the list from the logs.
    server.stop().await;
    let server = Server::start(&db).await;
    let view = settled_view(&server, first, &["N", "S"]).await;
    let ada_turn = view["to_act"][0] == "S";
    let listed = my_tables(&server, Some(&ada)).await;
    assert_eq!(ids(&listed), vec![first], "rebuilt by replay");
    assert_eq!(
        (&listed[0]["seat"], &listed[0]["to_act"]),
        (&json!("S"), &json!(ada_turn))
    );
    let bos = my_tables(&server, Some(&bo)).await;
    assert_eq!(ids(&bos), vec![first]);
    assert_eq!(bos[0]["to_act"], !ada_turn);
    assert!(my_tables(&server, Some(&cy)).await.is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_table_is_listed_to_its_players_and_its_invite_to_its_host() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    let guest = server.player().await;
    let stranger = server.player().await;
    let (status, _, text) = server
        .http(
            "POST",
            "/api/tables",
            Some(&host),
            Some(
                &json!({"game": "bridge", "visibility": "private", "bots": {"E": "basic"}})
                    .to_string(),
            ),
        )
        .await;
    assert_eq!(status, 201, "{text}");
    let created: Value = serde_json::from_str(&text).expect("JSON");
    let table = created["id"].as_i64().expect("an id");
    let invite = created["invite"].as_str().expect("an invite").to_string();

    // The guest sits with the invite: listed to them, without the invite.
    command(&server, &guest, table, Some(&invite), sit("g1", "S")).await;
    let guests = my_tables(&server, Some(&guest)).await;
    assert_eq!(ids(&guests), vec![table]);
    assert_eq!(
        guests[0]["invite"],
        Value::Null,
        "only the host is given the invite"
    );
    // A host not seated, a stranger and a visitor: nothing.
    assert!(my_tables(&server, Some(&host)).await.is_empty());
    assert!(my_tables(&server, Some(&stranger)).await.is_empty());
    assert!(my_tables(&server, None).await.is_empty());

    // Once the host sits, the invite comes with the table, to them alone.
    command(&server, &host, table, None, sit("h1", "N")).await;
    let hosts = my_tables(&server, Some(&host)).await;
    assert_eq!(ids(&hosts), vec![table]);
    assert_eq!(hosts[0]["invite"], invite.as_str());
    assert_eq!(
        my_tables(&server, Some(&guest)).await[0]["invite"],
        Value::Null
    );
    assert!(my_tables(&server, Some(&stranger)).await.is_empty());

    // And so after a restart.
    server.stop().await;
    let server = Server::start(&db).await;
    assert_eq!(
        my_tables(&server, Some(&host)).await[0]["invite"],
        invite.as_str()
    );
    assert_eq!(
        my_tables(&server, Some(&guest)).await[0]["invite"],
        Value::Null
    );
    assert!(my_tables(&server, Some(&stranger)).await.is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_leaves_the_list() {
    let (_dir, db) = temp_db();
    // The away player's seat is played by a computer player at once, so the deal ends.
    let server = Server::start_with(
        &db,
        tenace_server::ServerConfig {
            bot_pacing: Some(Duration::ZERO),
            away_limit: Some(Duration::ZERO),
            ..tenace_server::ServerConfig::default()
        },
    )
    .await;
    let ada = server.player().await;
    let table = server
        .create(
            &ada,
            json!({"game": "bridge", "bots": {"N": "random", "E": "random", "W": "random"},
                   "settings": {"pacing_ms": 0, "think_ms": 0}}),
        )
        .await;
    command(&server, &ada, table, None, sit("a1", "S")).await;
    assert_eq!(ids(&my_tables(&server, Some(&ada)).await), vec![table]);
    for _ in 0..600 {
        if my_tables(&server, Some(&ada)).await.is_empty() {
            let (_, _, text) = server
                .http("GET", &format!("/api/tables/{table}"), None, None)
                .await;
            let view: Value = serde_json::from_str(&text).expect("JSON");
            assert_eq!(
                view["status"], "finished",
                "gone from the list only once over"
            );
            server.stop().await;
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the finished table stayed in the list");
}
