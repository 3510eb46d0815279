//! Claims over the table server (issue 24, "Table life"): a person declaring against
//! computer players claims, and the computer opponents accept exactly when the
//! double-dummy result gives the claimer that many tricks; between two people the claim
//! waits for the other's answer, and a rejection lets play go on.

mod support;

use serde_json::{Value, json};
use support::{Client, Server, temp_db};

fn settings() -> Value {
    json!({"pacing_ms": 0, "think_ms": 50, "away_takeover": false})
}

fn legal(view: &Value) -> Vec<String> {
    view["legal"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|a| a.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// Waits until the client may act, or the table is finished.
async fn turn(client: &mut Client) -> Value {
    client
        .view_where(|v| v["status"] == "finished" || !legal(v).is_empty())
        .await
}

/// A bridge table where Ada (South) bids 7NT against three computer players; the view
/// once the play has begun and she is to act, or `None` if she did not end up declarer.
async fn seven_notrump(server: &Server) -> Option<Client> {
    let ada = server.player().await;
    let table = server
        .create(
            &ada,
            json!({"game": "bridge", "bots": {"N": "basic", "E": "basic", "W": "basic"},
                   "settings": settings()}),
        )
        .await;
    let mut client = server.connect(table, &ada).await;
    let sat = client.command(json!({"type": "sit", "seat": "S"})).await;
    assert_eq!(sat["type"], "ack", "{sat}");
    loop {
        let view = turn(&mut client).await;
        if view["status"] == "finished" {
            return None;
        }
        if view["deal"]["phase"] == "play" {
            return (view["deal"]["declarer"] == "S").then_some(client);
        }
        let options = legal(&view);
        let call = if options.iter().any(|a| a == "7NT") {
            "7NT"
        } else {
            "P"
        };
        let answer = client.command(json!({"type": "act", "action": call})).await;
        assert_eq!(answer["type"], "ack", "{answer}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_opponents_accept_a_claim_exactly_when_double_dummy_allows_it() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let mut client = None;
    for _ in 0..5 {
        client = seven_notrump(&server).await;
        if client.is_some() {
            break;
        }
    }
    let mut client = client.expect("Ada declares 7NT at one of five tables");
    // The opening lead is on the table: the first trick is in progress, 13 remain.
    let too_many = client.command(json!({"type": "claim", "tricks": 14})).await;
    assert_eq!(too_many["type"], "error", "{too_many}");
    assert_eq!(too_many["field"], "tricks", "{too_many}");
    assert!(
        too_many["message"]
            .as_str()
            .is_some_and(|m| m.contains("13 tricks remain")),
        "{too_many}"
    );
    // From all thirteen down: the computer players reject every claim above the
    // double-dummy result and accept the first one at it, so the accepted claim is the
    // result itself (a claim of k rejected means fewer than k, of k - 1 accepted at
    // least k - 1).
    let mut rejected = 0;
    for tricks in (0..=13u8).rev() {
        let answer = client
            .command(json!({"type": "claim", "tricks": tricks}))
            .await;
        assert_eq!(answer["type"], "ack", "claim {tricks}: {answer}");
        let view = client.last_view.clone();
        assert_eq!(view["claim"], Value::Null, "answered at once: {view}");
        if view["status"] == "playing" {
            assert_eq!(
                view["deal"]["phase"], "play",
                "a rejected claim: play goes on"
            );
            assert!(!legal(&view).is_empty(), "Ada is still to act");
            rejected += 1;
            continue;
        }
        assert_eq!(view["status"], "finished", "{view}");
        let record = &view["last_deal"]["record"];
        assert_eq!(record["phase"], "finished");
        assert_eq!(
            record["tricks_won_by_side"]["NS"],
            json!(tricks),
            "{record}"
        );
        assert_eq!(record["tricks_won_by_side"]["EW"], json!(13 - tricks));
        let last = record["history"].as_array().and_then(|h| h.last()).cloned();
        assert_eq!(
            last,
            Some(json!({"player": "S", "action": format!("claim {tricks}")}))
        );
        // The deal is scored as usual: 7NT (doubled or not) makes only with all 13.
        let score = record["score"].as_i64().expect("a score");
        assert_eq!(score > 0, tricks == 13, "{record}");
        assert_eq!(rejected + usize::from(tricks), 13);
        server.stop().await;
        return;
    }
    panic!("a claim of no tricks is always accepted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_between_two_people_is_answered_by_the_other() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let (ada, bo) = (server.player().await, server.player().await);
    let table = server
        .create(&ada, json!({"game": "bridgette", "settings": settings()}))
        .await;
    let mut clients = [
        server.connect(table, &ada).await,
        server.connect(table, &bo).await,
    ];
    let mut version = 0;
    for (i, client) in clients.iter_mut().enumerate() {
        let sat = client
            .command(json!({"type": "sit", "seat": i.to_string()}))
            .await;
        assert_eq!(sat["type"], "ack", "{sat}");
        version = sat["version"].as_u64().expect("a version");
    }
    // Through the exchange and an auction of one bid, to the play.
    loop {
        let mut acted = false;
        for client in clients.iter_mut() {
            let view = client
                .view_where(|v| v["version"].as_u64().is_some_and(|n| n >= version))
                .await;
            let options = legal(&view);
            let Some(first) = options.first() else {
                continue;
            };
            let bid = options
                .iter()
                .find(|a| a.starts_with(|c: char| c.is_ascii_digit()));
            let action = match bid {
                Some(bid) if view["deal"]["contract"].is_null() => bid,
                _ if options.iter().any(|a| a == "P") => "P",
                _ => first,
            };
            let answer = client
                .command(json!({"type": "act", "action": action}))
                .await;
            assert_eq!(answer["type"], "ack", "{answer}");
            version = answer["version"].as_u64().expect("a version");
            acted = true;
            break;
        }
        if !acted {
            break;
        }
        if clients[0].last_view["deal"]["phase"] == "play" {
            break;
        }
    }
    let claimer = 0;
    let view = clients[claimer]
        .view_where(|v| v["version"].as_u64().is_some_and(|n| n >= version))
        .await;
    assert_eq!(view["deal"]["phase"], "play", "{view}");
    let other = 1 - claimer;
    let ack = clients[claimer]
        .command(json!({"type": "claim", "tricks": 4}))
        .await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let version = ack["version"].as_u64();
    let seen = clients[other]
        .view_where(|v| v["version"].as_u64() >= version)
        .await;
    assert_eq!(
        seen["claim"],
        json!({"by": claimer.to_string(), "tricks": 4, "answers": {}})
    );
    assert_eq!(seen["legal"], json!([]), "play waits for the answer");
    let own = clients[claimer]
        .command(json!({"type": "claim_answer", "accept": true}))
        .await;
    assert_eq!(own["field"], "claim", "{own}");
    // Rejected: the claim goes and play goes on.
    let no = clients[other]
        .command(json!({"type": "claim_answer", "accept": false}))
        .await;
    assert_eq!(no["type"], "ack", "{no}");
    assert_eq!(clients[other].last_view["claim"], Value::Null);
    assert_eq!(clients[other].last_view["deal"]["phase"], "play");
    let none = clients[other]
        .command(json!({"type": "claim_answer", "accept": true}))
        .await;
    assert_eq!(none["field"], "claim", "{none}");
    // Claimed again and accepted: the first deal ends with the claimer's four tricks.
    let before = clients[other].last_view["deal"]["tricks_won"][claimer.to_string()]
        .as_u64()
        .expect("tricks won");
    let ack = clients[claimer]
        .command(json!({"type": "claim", "tricks": 4}))
        .await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let yes = clients[other]
        .command(json!({"type": "claim_answer", "accept": true}))
        .await;
    assert_eq!(yes["type"], "ack", "{yes}");
    let view = clients[other].last_view.clone();
    let record = &view["last_deal"]["record"];
    assert_eq!(view["last_deal"]["number"], 1, "{view}");
    assert_eq!(
        record["tricks_won"][claimer.to_string()],
        json!(before + 4),
        "{record}"
    );
    assert_eq!(view["claim"], Value::Null);
    server.stop().await;
}
