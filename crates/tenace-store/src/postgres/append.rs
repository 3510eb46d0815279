//! Appending to the event log: many events, one transaction, one commit, one outcome each.
//!
//! Unlike SQLite's single writer, several connections (and several servers) may append to
//! one table at once. Each reads the table's last seq and inserts the next; of two that read
//! the same last seq, the second's insert waits on the first's uncommitted row and, once the
//! first commits, breaks `UNIQUE(table_id, seq)` (or the client id's unique index). That
//! lost race is answered as SQLite would answer the same append made just after the
//! winner's: the winner's event as a duplicate if it carried the same command, else
//! `SeqConflict` with the table's last seq read again.

use postgres::error::SqlState;
use postgres::{GenericClient, Statement, Transaction};

use super::{Context, EVENT_COLUMNS, backend, json_text, rows};
use crate::error::{Result, StoreError};
use crate::model::{Appended, Event, NewEvent, TableId, Timestamp};
use crate::validate;

/// The savepoint each event is appended under.
const SAVEPOINT: &str = "tenace_append";

/// The statements an append runs, prepared once per batch rather than once per event.
struct Statements {
    duplicate: Statement,
    last_seq: Statement,
    insert: Statement,
}

impl Statements {
    fn prepare(tx: &mut Transaction<'_>) -> Result<Self> {
        Ok(Self {
            // `COALESCE(actor, 0)` as in the unique index, so the index serves the lookup.
            duplicate: tx
                .prepare(&format!(
                    "SELECT {EVENT_COLUMNS} FROM events
                     WHERE table_id = $1 AND COALESCE(actor, 0) = $2 AND client_id = $3"
                ))
                .context("preparing the duplicate lookup")?,
            last_seq: tx
                .prepare(LAST_SEQ)
                .context("preparing the last seq query")?,
            insert: tx
                .prepare(
                    "INSERT INTO events (table_id, seq, client_id, actor, kind, payload, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .context("preparing the event insert")?,
        })
    }
}

/// Whether the table exists, and its last seq (NULL for an empty log).
const LAST_SEQ: &str = "SELECT EXISTS (SELECT 1 FROM tables WHERE id = $1),
                               (SELECT max(seq) FROM events WHERE table_id = $1)";

/// Why one event's attempt stopped short of being stored.
enum Failure {
    /// Refused for good: the event's outcome.
    Refused(StoreError),
    /// Another writer took the seq or the command id first; see the module's comment.
    LostRace,
}

impl From<StoreError> for Failure {
    fn from(error: StoreError) -> Self {
        Self::Refused(error)
    }
}

/// Appends `events` in one transaction. Each event runs under a savepoint, so one that
/// fails (even with an error that aborts Postgres's transaction) is rolled back alone and
/// the others go on; the batch fails whole only if the transaction itself does (begin,
/// a savepoint that cannot be opened or rolled back, or commit).
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

/// Appends one event under a savepoint of `tx`. The outer error means the transaction can
/// no longer be trusted; the inner result is the event's own outcome.
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
    tx.batch_execute(&format!("SAVEPOINT {SAVEPOINT}"))
        .context("opening a savepoint")?;
    let outcome = match attempt(tx, statements, event, payload) {
        Ok(appended) => Ok(appended),
        Err(failure) => {
            // Whatever failed, nothing of this event stays, and a failed statement no
            // longer blocks the transaction. The savepoint stays open for the reads below.
            rollback_to_savepoint(tx)?;
            match failure {
                Failure::Refused(error) => Err(error),
                Failure::LostRace => {
                    let resolved = after_lost_race(tx, statements, event);
                    if resolved.is_err() {
                        rollback_to_savepoint(tx)?;
                    }
                    resolved
                }
            }
        }
    };
    tx.batch_execute(&format!("RELEASE SAVEPOINT {SAVEPOINT}"))
        .context("releasing a savepoint")?;
    Ok(outcome)
}

/// Undoes the current event back to its savepoint. Failing here means the transaction is
/// lost (the connection most likely), so it fails the batch.
fn rollback_to_savepoint(tx: &mut Transaction<'_>) -> Result<()> {
    tx.batch_execute(&format!("ROLLBACK TO SAVEPOINT {SAVEPOINT}"))
        .context("rolling back to a savepoint")
}

/// Checks and inserts one event: the table and its last seq, then a repeated command id,
/// then the seq.
///
/// The last seq is read before the command id, not after as SQLite's single writer may:
/// each read sees what was committed when it ran, so a writer that commits this command
/// between the two reads is seen by the second, and the retry is a duplicate. In the other
/// order that commit would show only in the last seq, and the retry would be told
/// `SeqConflict`.
fn attempt(
    tx: &mut Transaction<'_>,
    statements: &Statements,
    event: &NewEvent,
    payload: String,
) -> Result<Appended, Failure> {
    let last = read_last_seq(tx, &statements.last_seq, event.table)?;
    if let Some(first) = duplicate_of(tx, statements, event)? {
        return Ok(Appended::Duplicate(first));
    }
    let expected = last + 1;
    if event.seq <= last {
        return Err(Failure::Refused(StoreError::SeqConflict {
            table: event.table,
            attempted: event.seq,
            last,
        }));
    }
    if event.seq > expected {
        return Err(Failure::Refused(StoreError::SeqGap {
            table: event.table,
            attempted: event.seq,
            expected,
        }));
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
    // Validated to fit in an i64.
    let seq = i64::try_from(stored.seq).unwrap_or(i64::MAX);
    let actor = stored.actor.map(|actor| actor.0);
    let inserted = tx.execute(
        &statements.insert,
        &[
            &stored.table.0,
            &seq,
            &stored.client_id,
            &actor,
            &stored.kind,
            &payload,
            &stored.created_at.0,
        ],
    );
    match inserted {
        Ok(_) => Ok(Appended::New(stored)),
        Err(error) => Err(insert_failure(event, error)),
    }
}

/// What a failed insert means for the event.
fn insert_failure(event: &NewEvent, error: postgres::Error) -> Failure {
    let Some(code) = error.code() else {
        return Failure::Refused(backend("inserting an event", error));
    };
    let constraint = error.as_db_error().and_then(|db| db.constraint());
    // Another writer committed this seq or this command id after we read the log.
    let taken = *code == SqlState::UNIQUE_VIOLATION;
    // Two writers each waiting on a key the other inserted: Postgres broke the tie by
    // failing this insert. Writing in table order makes it rare; it is still a race for
    // the same keys, lost.
    let deadlocked = *code == SqlState::T_R_DEADLOCK_DETECTED;
    let broken_key = *code == SqlState::FOREIGN_KEY_VIOLATION;
    if taken || deadlocked {
        Failure::LostRace
    } else if broken_key && constraint == Some("events_table_fkey") {
        Failure::Refused(StoreError::UnknownTable(event.table))
    } else if let (true, Some("events_actor_fkey"), Some(actor)) =
        (broken_key, constraint, event.actor)
    {
        Failure::Refused(StoreError::UnknownPlayer(actor))
    } else {
        Failure::Refused(backend("inserting an event", error))
    }
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
    // After a deadlock the winner may not have committed yet, so this can read below
    // the attempted seq; the answer is the same: reload the log and try again.
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
