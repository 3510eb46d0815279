//! What the SQLite and Postgres store tests both make: a host with a table, and events.

use serde_json::json;
use tenace_store::{NewEvent, NewTable, Player, PlayerToken, Store, TableId, Visibility};

/// A host and a public table in `store`.
pub fn table_in(store: &dyn Store) -> (Player, TableId) {
    let host = store
        .create_player("Host", &PlayerToken::generate().hash())
        .expect("a host");
    let table = store
        .create_table(&NewTable {
            game_config: json!({"game": "devils_bridge", "players": 5}),
            match_kind: json!("series"),
            visibility: Visibility::Public,
            host: host.id,
            settings: json!({}),
        })
        .expect("a table");
    (host, table.id)
}

/// An event with a client id.
pub fn event(table: TableId, seq: u64, client: &str) -> NewEvent {
    NewEvent {
        table,
        seq,
        client_id: Some(client.to_owned()),
        actor: None,
        kind: "call".into(),
        payload: json!({"n": seq}),
    }
}
