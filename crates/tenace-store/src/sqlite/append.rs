//! Appending to the event log: many events, one transaction, one commit, one outcome each.

use rusqlite::{Connection, Transaction, TransactionBehavior, params};

use super::{Context, EVENT_COLUMNS, is_constraint, json_text, query_first, rows};
use crate::error::{Result, StoreError};
use crate::model::{Appended, Event, NewEvent, TableId, Timestamp};
use crate::validate;

/// Appends `events` in one immediate transaction. An event that fails leaves the transaction
/// as it was and the others go on: every check reads before the one statement that writes,
/// and SQLite undoes a statement that fails (a broken foreign key) alone, so no event needs
/// a savepoint of its own, two more statements an event. The batch fails whole only if the
/// transaction does (begin, commit, or an error that makes SQLite roll it back).
pub(super) fn append_batch(
    conn: &mut Connection,
    events: &[NewEvent],
) -> Result<Vec<Result<Appended>>> {
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .context("starting an append transaction")?;
    let mut outcomes = Vec::with_capacity(events.len());
    for event in events {
        let outcome = append_one(&tx, event);
        // Some errors (disk full, I/O) make SQLite roll the whole transaction back; the
        // next statements would then autocommit one by one. Stop and fail the batch.
        if tx.is_autocommit() {
            return Err(match outcome {
                Err(error @ StoreError::Backend { .. }) => error,
                _ => StoreError::backend(
                    "appending events",
                    std::io::Error::other("SQLite rolled the append transaction back"),
                ),
            });
        }
        outcomes.push(outcome);
    }
    tx.commit().context("committing appended events")?;
    Ok(outcomes)
}

/// Appends one event in `tx`: the checks, then one insert.
fn append_one(tx: &Transaction<'_>, event: &NewEvent) -> Result<Appended> {
    validate::new_event(event)?;
    let payload = json_text(&event.payload, "payload")?;
    if let Some(first) = duplicate_of(tx, event)? {
        return Ok(Appended::Duplicate(first));
    }
    let last = last_seq(tx, event.table)?;
    let expected = last + 1;
    if event.seq <= last {
        return Err(StoreError::SeqConflict {
            table: event.table,
            attempted: event.seq,
            last,
        });
    }
    if event.seq > expected {
        return Err(StoreError::SeqGap {
            table: event.table,
            attempted: event.seq,
            expected,
        });
    }
    let stored = Event {
        table: event.table,
        seq: event.seq,
        client_id: event.client_id.clone(),
        actor: event.actor,
        kind: event.kind.clone(),
        payload: event.payload.clone(),
        created_at: Timestamp::now(),
    };
    tx.prepare_cached(
        "INSERT INTO events (table_id, seq, client_id, actor, kind, payload, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )
    .and_then(|mut insert| {
        insert.execute(params![
            stored.table.0,
            // Validated to fit in an i64.
            i64::try_from(stored.seq).unwrap_or(i64::MAX),
            stored.client_id,
            stored.actor.map(|actor| actor.0),
            stored.kind,
            payload,
            stored.created_at.0,
        ])
    })
    .map_err(|error| match (event.actor, &error) {
        // The table was found above, so a broken foreign key is the actor's.
        (Some(actor), _) if is_constraint(&error, rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY) => {
            StoreError::UnknownPlayer(actor)
        }
        _ => StoreError::backend("inserting an event", error),
    })?;
    Ok(Appended::New(stored))
}

/// The event already stored under `event`'s client id for its table and actor, if any.
fn duplicate_of(conn: &Connection, event: &NewEvent) -> Result<Option<Event>> {
    let Some(client_id) = &event.client_id else {
        return Ok(None);
    };
    // `ifnull(actor, 0)` as in the unique index, so the index serves the lookup.
    query_first(
        conn,
        &format!(
            "SELECT {EVENT_COLUMNS} FROM events
             WHERE table_id = ?1 AND ifnull(actor, 0) = ?2 AND client_id = ?3"
        ),
        params![
            event.table.0,
            event.actor.map_or(0, |actor| actor.0),
            client_id
        ],
        rows::event,
    )
}

/// The seq of `table`'s last event, 0 for an empty log; `UnknownTable` if there is no table.
pub(super) fn last_seq(conn: &Connection, table: TableId) -> Result<u64> {
    let (exists, last): (bool, Option<i64>) = conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM tables WHERE id = ?1),
                    (SELECT max(seq) FROM events WHERE table_id = ?1)",
        )
        .and_then(|mut query| query.query_row([table.0], |row| Ok((row.get(0)?, row.get(1)?))))
        .context("reading a table's last seq")?;
    if !exists {
        return Err(StoreError::UnknownTable(table));
    }
    let last = last.unwrap_or(0);
    u64::try_from(last)
        .map_err(|_| StoreError::corrupt("events", "seq", format!("{last} is negative")))
}
