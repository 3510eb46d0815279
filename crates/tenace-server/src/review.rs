//! The double-dummy review of a finished deal ([`tenace_table::review`]), computed off the
//! table's task and off the async runtime, asked for over the table's socket (the
//! message `review`, whose answers stream as results come) or by polling
//! `GET /api/tables/{id}/deals/{n}/review`.
//!
//! The first request for a deal takes the deal from the table's task (a clone, nothing
//! else asked of it) and queues its review; every request is answered at once with what
//! is known so far. Reviews are bounded jobs with an owner and watchers ([`jobs`]): at
//! most a few per player, queued fairly across players, run for a limited time on a pool
//! of review threads (one per core), and stopped within a second once nobody waits for
//! them. Results are cached per (table, deal), up to [`jobs::CACHED`]; a shutdown stops
//! every review.

mod jobs;
mod queue;

use std::sync::{Arc, OnceLock};

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde_json::Value;
use tenace_rules::AnyGame;
use tenace_store::TableId;
use tenace_table::{PlayerKey, Table, Viewer};
use tokio::sync::mpsc;

use crate::error::ApiError;
use crate::extract::{Path, Query};
use crate::hub::{Hub, LiveTable};
use crate::lobby::{reach, read};
use crate::message;
use crate::socket::InviteQuery;
use crate::task::{Out, ToTable};

pub use jobs::ReviewLimits;
use jobs::{Asked, Jobs, Starter, Watch};

/// What the table's task tells about a deal number: the deal if it is finished, and
/// otherwise enough to say why not.
pub struct DealLookup {
    /// Deals finished at the table.
    pub finished: usize,
    /// Whether the match is over (no deal is being played).
    pub over: bool,
    /// The deal, if it is finished.
    pub deal: Option<AnyGame>,
}

/// Looks deal `number` (from 1, as `/records` numbers them) up at `table`: for the table's
/// task, which answers with a clone and goes on.
pub fn lookup(table: &Table, number: usize) -> DealLookup {
    let game = table.game();
    DealLookup {
        finished: game.finished_count(),
        over: game.is_over(),
        deal: number.checked_sub(1).and_then(|i| game.finished_deal(i)),
    }
}

/// The server's reviews: nothing until the first request starts the review threads.
#[derive(Default)]
pub struct Reviews {
    jobs: OnceLock<Option<Arc<Jobs>>>,
}

impl Reviews {
    /// No review yet; the threads start with the first.
    pub fn new() -> Reviews {
        Reviews::default()
    }

    /// The jobs, started on first use with the hub's limits.
    fn jobs(&self, hub: &Hub) -> Result<&Arc<Jobs>, ApiError> {
        self.jobs
            .get_or_init(|| {
                let limits = hub.config.reviews.clone();
                let gauges = Arc::clone(&hub.metrics.reviews);
                match Jobs::start(limits, gauges, hub.shutdown.clone()) {
                    Ok(jobs) => Some(jobs),
                    Err(e) => {
                        tracing::error!(%e, "review threads");
                        None
                    }
                }
            })
            .as_ref()
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "review",
                    "the server could not start its review threads",
                )
            })
    }

    /// Connection `conn` closed: it watches no review any more.
    pub fn unwatch(&self, conn: u64) {
        if let Some(Some(jobs)) = self.jobs.get() {
            jobs.unwatch(conn);
        }
    }

    /// Table `table`'s task ended: nobody watches its reviews any more.
    pub fn table_closed(&self, table: TableId) {
        if let Some(Some(jobs)) = self.jobs.get() {
            jobs.table_closed(table);
        }
    }
}

/// Asks for the review of deal `number` at `live`, watched as `watch` says: the cached
/// one, or one queued now for `starter`.
async fn ask(
    hub: &Hub,
    live: &LiveTable,
    number: usize,
    starter: Starter,
    watch: Watch,
) -> Result<Value, ApiError> {
    let jobs = hub.reviews.jobs(hub)?;
    let key = (live.id, number);
    if let Asked::Answer(answer) = jobs.ask(key, starter, watch.clone(), None)? {
        return Ok(answer);
    }
    let found = read(live, |reply| ToTable::FinishedDeal { number, reply }).await?;
    let Some(deal) = found.deal else {
        return Err(not_reviewable(number, &found));
    };
    match jobs.ask(key, starter, watch, Some(deal))? {
        Asked::Answer(answer) => Ok(answer),
        Asked::NeedDeal => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "review",
            "the review could not be started",
        )),
    }
}

/// Why deal `number` has no review: not finished yet (`409`) or no such deal (`404`).
fn not_reviewable(number: usize, lookup: &DealLookup) -> ApiError {
    if number == lookup.finished + 1 && !lookup.over {
        ApiError::new(
            StatusCode::CONFLICT,
            "deal",
            format!("deal {number} is not finished: only a finished deal may be reviewed"),
        )
    } else {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "deal",
            format!(
                "no deal {number}: {} finished at this table",
                match lookup.finished {
                    1 => "1 deal is".to_string(),
                    n => format!("{n} deals are"),
                }
            ),
        )
    }
}

/// `GET /api/tables/{id}/deals/{n}/review`: the review of finished deal `n`, started by
/// the first request and answered at once, `running` until it is `done`. Each request
/// keeps the review going for [`ReviewLimits::lease`]: a client polls within it.
pub async fn get_review(
    State(hub): State<Arc<Hub>>,
    Path((id, deal)): Path<(i64, String)>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let number: usize =
        deal.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
            ApiError::bad("deal", format!("{deal:?} is not a deal number from 1"))
        })?;
    let (live, viewer) = reach(&hub, id, &headers, &query).await?;
    let starter = match viewer {
        Viewer::Player(player) => Some(player),
        Viewer::Anonymous => None,
    };
    Ok(Json(ask(&hub, &live, number, starter, Watch::Lease).await?))
}

/// The socket that sends a `review` message.
pub struct Asker<'a> {
    /// Its player, charged with a review it starts.
    pub player: PlayerKey,
    /// The connection's number.
    pub conn: u64,
    /// Its outbox.
    pub out: &'a mpsc::Sender<Out>,
}

/// The socket message `review` (`id`, deal `number`) from `asker`: the deal's review
/// (started for them if needed), sent to the socket now and, when `watching`, again as
/// it progresses until it ends, the socket closes or asks for another review. A refusal
/// is sent as an `error`.
pub async fn over_socket(
    hub: &Hub,
    table: &LiveTable,
    asker: Asker<'_>,
    id: String,
    number: usize,
    watching: bool,
) {
    let watch = Watch::Socket {
        conn: asker.conn,
        id: id.clone(),
        out: asker.out.clone(),
        follow: watching,
    };
    if let Err(e) = ask(hub, table, number, Some(asker.player), watch).await {
        let refusal = message::error(Some(&id), &e.field, &e.message);
        let _ = asker.out.try_send(Out::Text(refusal.to_string()));
    }
}
