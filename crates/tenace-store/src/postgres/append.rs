//! Appending to the event log: many events, one transaction, one commit, one outcome each.
//!
//! Unlike SQLite's single writer, several connections (and several servers) may append to
//! one table at once. Each event is one statement, one round trip: it reads what decides
//! the event's fate (does the table exist, and the actor; the table's last seq; a stored
//! event with the same command id) and, in the same snapshot, inserts the event if all say
//! yes, with `ON CONFLICT DO NOTHING`. Of two writers that read the same last seq, the
//! second's insert waits on the first's uncommitted row and, once the first commits, does
//! nothing. That lost race is answered as SQLite would answer the same append made just
//! after the winner's: the winner's event as a duplicate if it carried the same command,
//! else `SeqConflict` with the table's last seq read again.
//!
//! Nothing an event holds can make the statement fail (the store checks every field
//! first, and tables and players are never deleted), so no event needs a savepoint of its
//! own: an error fails the batch, as only the connection or the server can cause one.

use postgres::{GenericClient, Statement, Transaction};

use super::{Context, EVENT_COLUMNS, json_text, rows};
use crate::error::{Result, StoreError};
use crate::model::{Appended, Event, NewEvent, TableId, Timestamp};
use crate::validate;

/// The statements an append runs, prepared once per batch rather than once per event.
struct Statements {
    append: Statement,
    duplicate: Statement,
    last_seq: Statement,
}

/// Appends one event if it may be, and says why not otherwise: whether the table and the
/// actor exist, the table's last seq, the seq of a stored event with the same command id,
/// and the seq inserted (NULL if nothing was). `COALESCE(actor, 0)` as in the unique index,
/// so the index serves the lookup.
const APPEND: &str = "
    WITH facts AS (
        SELECT EXISTS (SELECT 1 FROM tables WHERE id = $1) AS table_exists,
               ($4::BIGINT IS NULL OR EXISTS (SELECT 1 FROM players WHERE id = $4))
                   AS actor_exists,
               (SELECT max(seq) FROM events WHERE table_id = $1) AS last,
               (SELECT seq FROM events
                 WHERE table_id = $1 AND COALESCE(actor, 0) = COALESCE($4, 0)
                   AND client_id = $3) AS duplicate
    ),
    inserted AS (
        INSERT INTO events (table_id, seq, client_id, actor, kind, payload, created_at)
        SELECT $1, $2, $3, $4, $5, $6, $7 FROM facts
        WHERE table_exists AND actor_exists AND duplicate IS NULL
          AND COALESCE(last, 0) + 1 = $2
        ON CONFLICT DO NOTHING
        RETURNING seq
    )
    SELECT table_exists, actor_exists, last, duplicate, (SELECT seq FROM inserted)
    FROM facts";

impl Statements {
    fn prepare(tx: &mut Transaction<'_>) -> Result<Self> {
        Ok(Self {
            append: tx.prepare(APPEND).context("preparing the append")?,
            duplicate: tx
                .prepare(&format!(
                    "SELECT {EVENT_COLUMNS} FROM events
                     WHERE table_id = $1 AND COALESCE(actor, 0) = $2 AND client_id = $3"
                ))
                .context("preparing the duplicate lookup")?,
            last_seq: tx
                .prepare(LAST_SEQ)
                .context("preparing the last seq query")?,
        })
    }
}

/// Whether the table exists, and its last seq (NULL for an empty log).
const LAST_SEQ: &str = "SELECT EXISTS (SELECT 1 FROM tables WHERE id = $1),
                               (SELECT max(seq) FROM events WHERE table_id = $1)";

/// Appends `events` in one transaction, each event's outcome its own: an event refused
/// (a seq taken or skipped, an unknown table or actor, a bad field) changes nothing, and
/// the others go on. The batch fails whole only if the transaction does.
///
/// The events are written in table order (stably, so a table's own events keep theirs):
/// two batches that write the same tables then take those tables' keys in the same order,
/// so neither can hold a key the other waits on while waiting on one the other holds.
///
/// Before the commit, one notice per table written tells every listening server of the new
/// events (Postgres delivers it on commit, and never for a rolled-back transaction), naming
/// `origin`, the cluster process that appended, if one did.
pub(super) fn append_batch(
    client: &mut postgres::Client,
    events: &[NewEvent],
    origin: Option<i64>,
) -> Result<Vec<Result<Appended>>> {
    if events.is_empty() {
        return Ok(Vec::new());
    }
    let mut tx = client
        .transaction()
        .context("starting an append transaction")?;
    let statements = Statements::prepare(&mut tx)?;
    let mut order: Vec<usize> = (0..events.len()).collect();
    order.sort_by_key(|&index| events[index].table);
    let mut outcomes: Vec<Option<Result<Appended>>> = vec![None; events.len()];
    for index in order {
        outcomes[index] = Some(append_one(&mut tx, &statements, &events[index])?);
    }
    let stored: Vec<&Event> = outcomes
        .iter()
        .filter_map(|outcome| match outcome {
            Some(Ok(Appended::New(event))) => Some(event),
            _ => None,
        })
        .collect();
    super::notify::appended(&mut tx, &stored, origin)?;
    tx.commit().context("committing appended events")?;
    Ok(outcomes
        .into_iter()
        .map(|outcome| {
            // Every index was in `order`, so every slot was filled.
            outcome.unwrap_or_else(|| {
                Err(StoreError::backend(
                    "appending events",
                    std::io::Error::other("an event of the batch was skipped"),
                ))
            })
        })
        .collect())
}

/// Appends one event in `tx`. The outer error means the transaction can no longer be
/// trusted; the inner result is the event's own outcome.
fn append_one(
    tx: &mut Transaction<'_>,
    statements: &Statements,
    event: &NewEvent,
) -> Result<Result<Appended>> {
    if let Err(error) = validate::new_event(event) {
        return Ok(Err(error));
    }
    let payload = match json_text(&event.payload, "payload") {
        Ok(payload) => payload,
        Err(error) => return Ok(Err(error)),
    };
    let stored = Event {
        table: event.table,
        seq: event.seq,
        client_id: event.client_id.clone(),
        actor: event.actor,
        kind: event.kind.clone(),
        payload: event.payload.clone(),
        created_at: Timestamp::now(),
    };
    // Validated to fit in an i64.
    let seq = i64::try_from(stored.seq).unwrap_or(i64::MAX);
    let actor = stored.actor.map(|actor| actor.0);
    let row = tx
        .query_one(
            &statements.append,
            &[
                &stored.table.0,
                &seq,
                &stored.client_id,
                &actor,
                &stored.kind,
                &payload,
                &stored.created_at.0,
            ],
        )
        .context("appending an event")?;
    let read = |column: usize| -> Result<Option<i64>> {
        row.try_get(column).context("reading an append's outcome")
    };
    let table_exists: bool = row.try_get(0).context("reading whether a table exists")?;
    let actor_exists: bool = row.try_get(1).context("reading whether a player exists")?;
    let (last, duplicate, inserted) = (read(2)?, read(3)?, read(4)?);
    if inserted.is_some() {
        return Ok(Ok(Appended::New(stored)));
    }
    if !table_exists {
        return Ok(Err(StoreError::UnknownTable(event.table)));
    }
    if let (false, Some(actor)) = (actor_exists, event.actor) {
        return Ok(Err(StoreError::UnknownPlayer(actor)));
    }
    if duplicate.is_some() {
        return Ok(duplicate_of(tx, statements, event)?.map_or_else(
            || after_lost_race(tx, statements, event),
            |first| Ok(Appended::Duplicate(first)),
        ));
    }
    let last = u64::try_from(last.unwrap_or(0))
        .map_err(|_| StoreError::corrupt("events", "seq", "a negative seq"))?;
    if event.seq <= last {
        return Ok(Err(StoreError::SeqConflict {
            table: event.table,
            attempted: event.seq,
            last,
        }));
    }
    if event.seq > last + 1 {
        return Ok(Err(StoreError::SeqGap {
            table: event.table,
            attempted: event.seq,
            expected: last + 1,
        }));
    }
    // Everything said yes, and the insert did nothing: another writer took the seq or
    // the command id after this statement's snapshot.
    Ok(after_lost_race(tx, statements, event))
}

/// The outcome of an event whose insert lost a race, read after the winner committed.
fn after_lost_race(
    tx: &mut Transaction<'_>,
    statements: &Statements,
    event: &NewEvent,
) -> Result<Appended> {
    if let Some(first) = duplicate_of(tx, statements, event)? {
        return Ok(Appended::Duplicate(first));
    }
    // The winner has committed (the insert waited for it): its seq is read now.
    let last = read_last_seq(tx, &statements.last_seq, event.table)?;
    Err(StoreError::SeqConflict {
        table: event.table,
        attempted: event.seq,
        last,
    })
}

/// The event already stored under `event`'s client id for its table and actor, if any.
fn duplicate_of(
    tx: &mut Transaction<'_>,
    statements: &Statements,
    event: &NewEvent,
) -> Result<Option<Event>> {
    let Some(client_id) = &event.client_id else {
        return Ok(None);
    };
    let actor = event.actor.map_or(0, |actor| actor.0);
    tx.query_opt(&statements.duplicate, &[&event.table.0, &actor, client_id])
        .context("looking up a command id")?
        .as_ref()
        .map(rows::event)
        .transpose()
}

/// The seq of `table`'s last event, 0 for an empty log; `UnknownTable` if there is no table.
pub(super) fn last_seq(client: &mut impl GenericClient, table: TableId) -> Result<u64> {
    let statement = client
        .prepare(LAST_SEQ)
        .context("preparing the last seq query")?;
    read_last_seq(client, &statement, table)
}

/// [`last_seq`] with its statement already prepared.
fn read_last_seq(
    client: &mut impl GenericClient,
    statement: &Statement,
    table: TableId,
) -> Result<u64> {
    let row = client
        .query_one(statement, &[&table.0])
        .context("reading a table's last seq")?;
    let exists: bool = row.try_get(0).context("reading whether a table exists")?;
    let last: Option<i64> = row.try_get(1).context("reading a table's last seq")?;
    if !exists {
        return Err(StoreError::UnknownTable(table));
    }
    let last = last.unwrap_or(0);
    u64::try_from(last)
        .map_err(|_| StoreError::corrupt("events", "seq", format!("{last} is negative")))
}
