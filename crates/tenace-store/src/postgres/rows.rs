//! Decoding stored rows into the store's types. A row that does not decode is reported as
//! [`StoreError::Corrupt`] naming its column, never a panic.

use postgres::Row;
use postgres::types::FromSql;
use serde_json::Value;

use crate::error::{Result, StoreError};
use crate::model::{Event, Player, PlayerId, Table, TableId, Timestamp};

/// The columns [`player`] reads, in order.
pub(super) const PLAYER_COLUMNS: &str = "id, display_name, created_at";
/// The columns [`table`] reads, in order.
pub(super) const TABLE_COLUMNS: &str =
    "id, game_config, match_kind, visibility, invite_token, host, status, settings, created_at";
/// The columns [`event`] reads, in order.
pub(super) const EVENT_COLUMNS: &str = "table_id, seq, client_id, actor, kind, payload, created_at";

/// One column of a row of database table `table`, typed.
fn column<'a, T: FromSql<'a>>(
    row: &'a Row,
    index: usize,
    table: &'static str,
    column: &'static str,
) -> Result<T> {
    row.try_get(index)
        .map_err(|error| StoreError::corrupt(table, column, error.to_string()))
}

/// A text column holding JSON.
fn json(row: &Row, index: usize, table: &'static str, name: &'static str) -> Result<Value> {
    let text: &str = column(row, index, table, name)?;
    serde_json::from_str(text).map_err(|error| StoreError::corrupt(table, name, error.to_string()))
}

/// A text column holding one of a type's stored words.
fn word<T: std::str::FromStr<Err = StoreError>>(
    row: &Row,
    index: usize,
    table: &'static str,
    name: &'static str,
) -> Result<T> {
    let text: &str = column(row, index, table, name)?;
    text.parse()
        .map_err(|error: StoreError| StoreError::corrupt(table, name, error.to_string()))
}

/// A row of `players`, read as [`PLAYER_COLUMNS`].
pub(super) fn player(row: &Row) -> Result<Player> {
    Ok(Player {
        id: PlayerId(column(row, 0, "players", "id")?),
        display_name: column(row, 1, "players", "display_name")?,
        created_at: Timestamp(column(row, 2, "players", "created_at")?),
    })
}

/// A row of `tables`, read as [`TABLE_COLUMNS`].
pub(super) fn table(row: &Row) -> Result<Table> {
    let invite: Option<&str> = column(row, 4, "tables", "invite_token")?;
    Ok(Table {
        id: TableId(column(row, 0, "tables", "id")?),
        game_config: json(row, 1, "tables", "game_config")?,
        match_kind: json(row, 2, "tables", "match_kind")?,
        visibility: word(row, 3, "tables", "visibility")?,
        invite: invite
            .map(str::parse)
            .transpose()
            .map_err(|error: StoreError| {
                StoreError::corrupt("tables", "invite_token", error.to_string())
            })?,
        host: PlayerId(column(row, 5, "tables", "host")?),
        status: word(row, 6, "tables", "status")?,
        settings: json(row, 7, "tables", "settings")?,
        created_at: Timestamp(column(row, 8, "tables", "created_at")?),
    })
}

/// A row of `events`, read as [`EVENT_COLUMNS`].
pub(super) fn event(row: &Row) -> Result<Event> {
    let seq: i64 = column(row, 1, "events", "seq")?;
    Ok(Event {
        table: TableId(column(row, 0, "events", "table_id")?),
        seq: u64::try_from(seq)
            .map_err(|_| StoreError::corrupt("events", "seq", format!("{seq} is negative")))?,
        client_id: column(row, 2, "events", "client_id")?,
        actor: column::<Option<i64>>(row, 3, "events", "actor")?.map(PlayerId),
        kind: column(row, 4, "events", "kind")?,
        payload: json(row, 5, "events", "payload")?,
        created_at: Timestamp(column(row, 6, "events", "created_at")?),
    })
}
