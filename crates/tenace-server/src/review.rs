//! `GET /api/tables/{id}/deals/{n}/review`: the double-dummy review of a finished deal
//! ([`tenace_table::review`]), computed off the table's task and off the async runtime.
//!
//! The first request for a deal takes the deal from the table's task (a clone, nothing
//! else asked of it) and queues its review; every request answers at once with what is
//! known so far. Reviews run on the blocking pool, at most one per core at a time (the
//! others wait as `queued`), their steps shared out among one pool of review threads,
//! one per core, whose solvers are kept for the server's life. Results are cached per
//! (table, deal), up to [`CACHED`]; the least recently read is dropped (and stopped, if
//! it still runs) to make room, and a shutdown stops every review.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use serde_json::{Value, json};
use tenace_rules::AnyGame;
use tenace_store::TableId;
use tenace_table::Table;
use tenace_table::review::{Reviewer, Reviewing};
use tokio::sync::{Semaphore, watch};

use crate::error::ApiError;
use crate::hub::Hub;
use crate::lobby::{reachable, read};
use crate::socket::InviteQuery;
use crate::task::ToTable;

/// How many reviews the server keeps.
pub const CACHED: usize = 256;

/// A review waiting for a free slot.
const QUEUED: u8 = 0;
/// A review being computed.
const RUNNING: u8 = 1;
/// A review whose work ended: finished, or stopped before.
const ENDED: u8 = 2;

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

/// One cached review.
struct Entry {
    reviewing: Arc<Reviewing>,
    phase: Arc<AtomicU8>,
    read_at: Instant,
}

/// The server's reviews: the cache, the slots that bound how many run at once, and the
/// threads they run on.
pub struct Reviews {
    entries: Mutex<HashMap<(TableId, usize), Entry>>,
    slots: Arc<Semaphore>,
    reviewer: OnceLock<Option<Arc<Reviewer>>>,
    cores: usize,
}

impl Default for Reviews {
    fn default() -> Self {
        Reviews::new()
    }
}

impl Reviews {
    /// No review yet; the threads start with the first.
    pub fn new() -> Reviews {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Reviews {
            entries: Mutex::new(HashMap::new()),
            slots: Arc::new(Semaphore::new(cores)),
            reviewer: OnceLock::new(),
            cores,
        }
    }

    fn entries(&self) -> MutexGuard<'_, HashMap<(TableId, usize), Entry>> {
        // Every change under the lock is one insertion or removal: still whole after a
        // panic elsewhere.
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The answer for a cached review, if there is one.
    fn cached(&self, table: TableId, number: usize) -> Option<Value> {
        let mut entries = self.entries();
        let entry = entries.get_mut(&(table, number))?;
        entry.read_at = Instant::now();
        Some(answer(number, entry))
    }

    /// The review threads, started on first use.
    fn reviewer(&self) -> Result<Arc<Reviewer>, ApiError> {
        self.reviewer
            .get_or_init(|| match Reviewer::new(self.cores) {
                Ok(reviewer) => Some(Arc::new(reviewer)),
                Err(e) => {
                    tracing::error!(%e, "review threads");
                    None
                }
            })
            .clone()
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "review",
                    "the server could not start its review threads",
                )
            })
    }

    /// The review of `deal`, deal `number` of `table`: the cached one, or a new one
    /// queued now; the answer as it stands.
    fn start(
        &self,
        table: TableId,
        number: usize,
        deal: AnyGame,
        reviewer: Arc<Reviewer>,
        shutdown: watch::Receiver<bool>,
    ) -> Value {
        let mut entries = self.entries();
        if let Some(entry) = entries.get_mut(&(table, number)) {
            // Another request started it meanwhile.
            entry.read_at = Instant::now();
            return answer(number, entry);
        }
        if entries.len() >= CACHED
            && let Some(&oldest) = entries
                .iter()
                .min_by_key(|(_, e)| e.read_at)
                .map(|(key, _)| key)
            && let Some(dropped) = entries.remove(&oldest)
        {
            dropped.reviewing.stop();
        }
        let entry = Entry {
            reviewing: Arc::new(Reviewing::new()),
            phase: Arc::new(AtomicU8::new(QUEUED)),
            read_at: Instant::now(),
        };
        tokio::spawn(run(
            deal,
            Arc::clone(&entry.reviewing),
            Arc::clone(&entry.phase),
            Arc::clone(&self.slots),
            reviewer,
            shutdown,
        ));
        let first = answer(number, &entry);
        entries.insert((table, number), entry);
        first
    }
}

/// Waits for a slot, then reviews `deal` on the blocking pool; a shutdown stops it,
/// queued or running.
async fn run(
    deal: AnyGame,
    reviewing: Arc<Reviewing>,
    phase: Arc<AtomicU8>,
    slots: Arc<Semaphore>,
    reviewer: Arc<Reviewer>,
    mut shutdown: watch::Receiver<bool>,
) {
    let slot = tokio::select! {
        slot = slots.acquire_owned() => slot.ok(),
        () = shut_down(&mut shutdown) => None,
    };
    // A review dropped from the cache while it waited is stopped: it never starts.
    if let Some(slot) = slot.filter(|_| !reviewing.is_stopped()) {
        phase.store(RUNNING, Ordering::Release);
        let shared = Arc::clone(&reviewing);
        let mut work = tokio::task::spawn_blocking(move || reviewer.run(&deal, &shared));
        let stopping = tokio::select! {
            ended = &mut work => {
                if let Err(e) = ended {
                    tracing::error!(%e, "a review failed");
                }
                false
            }
            () = shut_down(&mut shutdown) => true,
        };
        if stopping {
            // The work ends within one solver slice; the slot is held until then.
            reviewing.stop();
            let _ = work.await;
        }
        drop(slot);
    }
    phase.store(ENDED, Ordering::Release);
}

/// Returns once the server is shutting down (or its signal is gone).
async fn shut_down(shutdown: &mut watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|&down| down).await;
}

/// The answer for a review as it stands.
fn answer(number: usize, entry: &Entry) -> Value {
    let progress = entry.reviewing.progress();
    let status = match entry.phase.load(Ordering::Acquire) {
        _ if progress.finished => "done",
        QUEUED => "queued",
        RUNNING => "running",
        _ => "stopped",
    };
    json!({
        "deal": number,
        "status": status,
        "done": progress.done,
        "total": progress.total,
        "review": progress.review,
    })
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
/// the first request and answered at once, `running` until it is `done`.
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
    let live = reachable(&hub, id, &headers, &query).await?;
    if let Some(answer) = hub.reviews.cached(live.id, number) {
        return Ok(Json(answer));
    }
    let found = read(&live, |reply| ToTable::FinishedDeal { number, reply }).await?;
    let Some(deal) = found.deal else {
        return Err(not_reviewable(number, &found));
    };
    let reviewer = hub.reviews.reviewer()?;
    let shutdown = hub.shutdown.clone();
    Ok(Json(
        hub.reviews.start(live.id, number, deal, reviewer, shutdown),
    ))
}
