//! The truth a hidden-information checker compares against: every finished deal of a
//! table in full, Bridgette's discards and stock included, read from the server's own
//! store and rebuilt by replaying the table's log through the table library. The
//! public records can't serve: they keep Bridgette's exchange secret (RULES.md §4.2),
//! as every frame must. Nothing here goes through the code that builds views.

use serde_json::{Value, json};
use tenace_store::{Store, TableId};
use tenace_table::{Event, Table, TableSetup};

/// Every finished deal of table `table` in `store`, in the shape of
/// `GET /api/tables/{id}/records` (`{"deals": [{"number", "record"}]}`) but with each
/// record the deal's full state. The server's own store: it reads beside the server as
/// any reader does. It may block: call it off an async runtime's threads.
pub fn full_records(store: &dyn Store, table: i64) -> Result<Value, String> {
    let id = TableId(table);
    let row = store
        .table(id)
        .map_err(|e| format!("read table {table}: {e}"))?
        .ok_or_else(|| format!("no table {table} in the store"))?;
    let setup: TableSetup = serde_json::from_value(row.game_config.clone())
        .map_err(|e| format!("table {table}'s setup: {e}"))?;
    let events = store
        .events(id, 1)
        .map_err(|e| format!("read table {table}'s log: {e}"))?
        .into_iter()
        .map(|stored| serde_json::from_value::<Event>(stored.payload))
        .collect::<Result<Vec<Event>, _>>()
        .map_err(|e| format!("table {table}'s log: {e}"))?;
    let replayed = Table::replay(setup, row.host.0, &events)
        .map_err(|e| format!("replay table {table}: {e}"))?;
    let game = replayed.game();
    let deals: Vec<Value> = (0..game.finished_count())
        .filter_map(|i| {
            let record = game.finished_full_view(i)?;
            Some(json!({
                "number": i + 1,
                "record": tenace_protocol::state::view_json(&record),
            }))
        })
        .collect();
    Ok(json!({ "deals": deals }))
}
