//! The notices appends send through Postgres's `NOTIFY`, and how a listener reads them.
//!
//! A notice's payload is JSON: the origin process, the commit time, the table, its last
//! seq and, when they fit in Postgres's 8,000-byte payload, the events themselves, so a
//! listening server applies them without reading the log. Events that do not fit are left
//! out, and the listener reads them from the log by seq.

use postgres::Transaction;
use serde::{Deserialize, Serialize};

use super::Context;
use crate::cluster::{Notice, ProcessId};
use crate::error::Result;
use crate::model::{Event, TableId};

/// The channel new events are announced on.
pub(super) const EVENTS: &str = "tenace_events";
/// The channel presence changes are announced on (the payload is the table's id).
pub(super) const PRESENCE: &str = "tenace_presence";

/// Postgres refuses a payload of 8,000 bytes or more; this leaves room to spare.
const MAX_PAYLOAD: usize = 7_900;

/// The JSON of an events notice, as written.
#[derive(Serialize)]
struct Outgoing<'a> {
    /// The appending process, if it joined a cluster.
    o: Option<i64>,
    /// Commit time, microseconds since the Unix epoch.
    t: i64,
    table: i64,
    seq: u64,
    events: Option<&'a [&'a Event]>,
}

/// The JSON of an events notice, as read.
#[derive(Deserialize)]
struct Incoming {
    o: Option<i64>,
    t: i64,
    table: i64,
    seq: u64,
    events: Option<Vec<Event>>,
}

/// Announces `stored` (the events this transaction appended, any tables) in `tx`: one
/// notice per table, delivered when `tx` commits.
pub(super) fn appended(
    tx: &mut Transaction<'_>,
    stored: &[&Event],
    origin: Option<i64>,
) -> Result<()> {
    if stored.is_empty() {
        return Ok(());
    }
    let mut by_table: Vec<&Event> = stored.to_vec();
    by_table.sort_by_key(|event| (event.table, event.seq));
    let t = crate::cluster::now_micros();
    let mut payloads = Vec::new();
    for events in by_table.chunk_by(|a, b| a.table == b.table) {
        let mut payload = Outgoing {
            o: origin,
            t,
            table: events.first().map_or(0, |event| event.table.0),
            seq: events.last().map_or(0, |event| event.seq),
            events: Some(events),
        };
        let mut text = serde_json::to_string(&payload).unwrap_or_default();
        if text.is_empty() || text.len() > MAX_PAYLOAD {
            payload.events = None;
            text = serde_json::to_string(&payload).unwrap_or_default();
        }
        payloads.push(text);
    }
    // One statement for every table of the batch: one round trip.
    tx.execute(
        "SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload",
        &[&EVENTS, &payloads],
    )
    .context("announcing appended events")?;
    Ok(())
}

/// The notice a notification on `channel` with `payload` means, if it is one of ours.
pub(super) fn parse(channel: &str, payload: &str) -> Option<Notice> {
    match channel {
        EVENTS => {
            let parsed: Incoming = serde_json::from_str(payload).ok()?;
            Some(Notice::Appended {
                table: TableId(parsed.table),
                last_seq: parsed.seq,
                events: parsed.events,
                origin: parsed.o.map(ProcessId),
                sent_micros: parsed.t,
            })
        }
        PRESENCE => Some(Notice::Presence {
            table: TableId(payload.parse().ok()?),
        }),
        _ => None,
    }
}
