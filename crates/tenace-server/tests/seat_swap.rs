//! Changing seats before the start over the WebSocket: a swap with a computer player is
//! taken at once; with a person it waits in the view until they ask for the same swap
//! back; a swap asked of nobody is refused naming `seat`, and the log rebuilds the seats
//! after a restart.

mod support;

use serde_json::{Value, json};
use support::{Server, temp_db};

fn seat_of(view: &Value, player: i64) -> Option<String> {
    view["seats"].as_array()?.iter().find_map(|s| {
        (s["player"].as_i64() == Some(player)).then(|| s["seat"].as_str().unwrap_or("").to_string())
    })
}

#[tokio::test]
async fn seats_are_swapped_by_consent_and_survive_a_restart() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let ada = server.player().await;
    let bo = server.player().await;
    // Two seats free, so the match does not start while the players move about.
    let table = server
        .create(&ada, json!({"game": "bridge", "bots": {"N": "basic"}}))
        .await;
    let mut a = server.connect(table, &ada).await;
    let mut b = server.connect(table, &bo).await;
    assert_eq!(
        a.command(json!({"type": "sit", "seat": "S"})).await["type"],
        "ack"
    );
    assert_eq!(
        b.command(json!({"type": "sit", "seat": "E"})).await["type"],
        "ack"
    );
    let view = a.view_where(|v| v["seats"][1]["player"].is_i64()).await;
    let (ada_id, bo_id) = (
        view["viewer"]["player"].as_i64().expect("Ada's id"),
        view["seats"][1]["player"].as_i64().expect("Bo's id"),
    );

    // With the computer player in N: at once; the computer takes S.
    assert_eq!(
        a.command(json!({"type": "swap", "seat": "N"})).await["type"],
        "ack"
    );
    let view = a.view_where(|v| v["seats"][0]["player"].is_i64()).await;
    assert_eq!(seat_of(&view, ada_id).as_deref(), Some("N"));
    assert_eq!(view["seats"][2]["bot"], "basic");

    // A free seat is refused: sitting there is the way.
    let refused = a.command(json!({"type": "swap", "seat": "W"})).await;
    assert_eq!(
        (refused["type"].as_str(), refused["field"].as_str()),
        (Some("error"), Some("seat"))
    );

    // With a person: asked, shown to the table, then granted by asking back.
    assert_eq!(
        a.command(json!({"type": "swap", "seat": "E"})).await["type"],
        "ack"
    );
    let asked = b
        .view_where(|v| v["swaps"] == json!([{"from": "N", "to": "E"}]))
        .await;
    assert_eq!(
        seat_of(&asked, ada_id).as_deref(),
        Some("N"),
        "nothing moves yet"
    );
    assert_eq!(
        b.command(json!({"type": "swap", "seat": "N"})).await["type"],
        "ack"
    );
    let swapped = a
        .view_where(|v| v["swaps"] == json!([]) && seat_of(v, ada_id).as_deref() == Some("E"))
        .await;
    assert_eq!(seat_of(&swapped, bo_id).as_deref(), Some("N"));

    // The log rebuilds the same seats.
    server.stop().await;
    let server = Server::start(&db).await;
    let mut a = server.connect(table, &ada).await;
    let view = a.view_where(|v| v["version"].as_u64() > Some(0)).await;
    assert_eq!(seat_of(&view, ada_id).as_deref(), Some("E"));
    assert_eq!(seat_of(&view, bo_id).as_deref(), Some("N"));
    server.stop().await;
}
