//! What every handler shares: the store, the group committer, the metrics, the settings,
//! and the live tables, each reached through its task's channel.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tenace_store::{GroupCommitter, Store, StoreError, TableId, Visibility};
use tenace_table::{Event, Table, TableSetup};
use tokio::sync::{Mutex, mpsc, watch};

use crate::ServerConfig;
use crate::cluster::ClusterLink;
use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::task::{self, ToTable};

/// A live table as the handlers reach it.
#[derive(Clone)]
pub struct LiveTable {
    /// The table's id.
    pub id: TableId,
    /// Its task's inbox.
    pub tx: mpsc::Sender<ToTable>,
    /// Listed or private.
    pub visibility: Visibility,
    /// A private table's invite token.
    pub invite: Option<String>,
    /// The host's player id.
    pub host: i64,
}

impl LiveTable {
    /// Whether someone who came with `invite` (or is `player`) may reach this table: a
    /// private table answers only to its invite, or its host.
    pub fn reachable(&self, invite: Option<&str>, player: Option<i64>) -> bool {
        match self.visibility {
            Visibility::Public => true,
            Visibility::Private => {
                player == Some(self.host) || (invite.is_some() && invite == self.invite.as_deref())
            }
        }
    }
}

impl LiveTable {
    /// Whether this table admits a visitor: [`reachable`](Self::reachable), or seated at
    /// it (a private table's player who comes back without the invite link).
    pub async fn admits(&self, invite: Option<&str>, player: Option<i64>) -> bool {
        if self.reachable(invite, player) {
            return true;
        }
        let Some(player) = player else {
            return false;
        };
        let (reply, answer) = tokio::sync::oneshot::channel();
        let read = ToTable::Read {
            viewer: tenace_table::Viewer::Player(player),
            reply,
        };
        if self.tx.send(read).await.is_err() {
            return false;
        }
        answer
            .await
            .is_ok_and(|view| !view["viewer"]["seat"].is_null())
    }
}

/// The server's shared state.
pub struct Hub {
    /// The store, for reads.
    pub store: Arc<dyn Store>,
    /// The writer every append goes through.
    pub committer: GroupCommitter,
    /// The counters of `/metrics`.
    pub metrics: Metrics,
    /// The server's settings.
    pub config: ServerConfig,
    /// Turns true when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// The double-dummy reviews of finished deals.
    pub reviews: crate::review::Reviews,
    /// Which live tables each player sits at, for `GET /api/me/tables`.
    pub seats: crate::my_tables::SeatIndex,
    /// This process's place among several over one database, if the store is shared.
    pub cluster: Option<ClusterLink>,
    tables: Mutex<HashMap<TableId, LiveTable>>,
    next_connection: AtomicU64,
    /// Table creations asked of this process (refused ones too), for
    /// [`ServerConfig::deal_seed`].
    tables_created: AtomicU64,
}

/// Runs a store call on the blocking pool.
pub async fn blocking<T: Send + 'static>(
    store: &Arc<dyn Store>,
    call: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, ApiError> {
    let store = Arc::clone(store);
    blocking_on(move || call(&*store)).await
}

/// Runs any blocking call of the store's crate (a store's, a cluster's) on the blocking
/// pool.
pub async fn blocking_on<T: Send + 'static>(
    call: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, ApiError> {
    match tokio::task::spawn_blocking(call).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(ApiError::store(&e)),
        Err(e) => {
            tracing::error!(%e, "store call panicked");
            Err(ApiError::store(&StoreError::CommitterStopped))
        }
    }
}

impl Hub {
    /// The seed of a new table's deals: at random, or under
    /// [`ServerConfig::deal_seed`] the next of that seed's sequence (the first number of
    /// a generator seeded with it plus the count, so neighbouring tables get unrelated
    /// deals).
    pub fn next_table_seed(&self) -> u64 {
        use rand::{RngCore, SeedableRng};
        let Some(base) = self.config.deal_seed else {
            return rand::random();
        };
        let n = self.tables_created.fetch_add(1, Ordering::Relaxed);
        rand::rngs::StdRng::seed_from_u64(base.wrapping_add(n)).next_u64()
    }

    /// A hub over `store`, with no table loaded yet.
    pub fn new(
        store: Arc<dyn Store>,
        config: ServerConfig,
        shutdown: watch::Receiver<bool>,
        cluster: Option<ClusterLink>,
    ) -> Hub {
        let committer = GroupCommitter::start(Arc::clone(&store));
        Hub {
            store,
            committer,
            metrics: Metrics::default(),
            config,
            shutdown,
            reviews: crate::review::Reviews::new(),
            seats: crate::my_tables::SeatIndex::default(),
            cluster,
            tables: Mutex::new(HashMap::new()),
            next_connection: AtomicU64::new(1),
            tables_created: AtomicU64::new(0),
        }
    }

    /// A fresh connection number.
    pub fn connection_id(&self) -> u64 {
        self.next_connection.fetch_add(1, Ordering::Relaxed)
    }

    /// The table `id` if it is live in this process, without loading it.
    pub async fn live(&self, id: TableId) -> Option<LiveTable> {
        self.tables.lock().await.get(&id).cloned()
    }

    /// Every table live in this process.
    pub async fn all_live(&self) -> Vec<LiveTable> {
        self.tables.lock().await.values().cloned().collect()
    }

    /// Loads every unfinished table this process does not hold yet: all of them on
    /// start, and in a cluster those made elsewhere while notices were missed. One that
    /// does not rebuild is logged and left out; this fails only if the store cannot list
    /// them.
    pub async fn hold_unfinished_tables(self: &Arc<Self>) -> Result<(), ApiError> {
        let unfinished = blocking(&self.store, |s| s.unfinished_tables()).await?;
        // `table` hands back a table already live as it is.
        for table in unfinished {
            if let Err(e) = self.table(table.id).await {
                tracing::warn!(table = table.id.0, error = %e.message, "not rebuilt");
            }
        }
        Ok(())
    }

    /// The live table `id`, loaded from the store and replayed if it is not live yet.
    /// One load at a time, so a table never gets two tasks.
    pub async fn table(self: &Arc<Self>, id: TableId) -> Result<LiveTable, ApiError> {
        let mut tables = self.tables.lock().await;
        if let Some(live) = tables.get(&id) {
            return Ok(live.clone());
        }
        let (row, events) = blocking(&self.store, move |s| {
            let row = s.table(id)?;
            let events = match row {
                Some(_) => s.events(id, 1)?,
                None => Vec::new(),
            };
            Ok((row, events))
        })
        .await?;
        let row = row.ok_or_else(|| ApiError::unknown_table(id.0))?;
        let setup: TableSetup = serde_json::from_value(row.game_config.clone()).map_err(|e| {
            tracing::error!(table = id.0, %e, "stored setup unreadable");
            ApiError::unknown_table(id.0)
        })?;
        let mut decoded = Vec::with_capacity(events.len());
        let mut answered = Vec::new();
        for stored in &events {
            let event: Event = serde_json::from_value(stored.payload.clone()).map_err(|e| {
                tracing::error!(table = id.0, seq = stored.seq, %e, "stored event unreadable");
                ApiError::unknown_table(id.0)
            })?;
            if let (Some(actor), Some(client_id)) = (stored.actor, stored.client_id.clone()) {
                answered.push((actor.0, client_id, stored.seq));
            }
            decoded.push(event);
        }
        let table = Table::replay(setup, row.host.0, &decoded).map_err(|e| {
            tracing::error!(table = id.0, %e, "replay failed");
            ApiError::unknown_table(id.0)
        })?;
        let tx = task::spawn(Arc::clone(self), id, table, answered);
        let live = LiveTable {
            id,
            tx,
            visibility: row.visibility,
            invite: row.invite.map(|i| i.as_str().to_string()),
            host: row.host.0,
        };
        tables.insert(id, live.clone());
        self.metrics
            .tables_live
            .store(tables.len() as u64, Ordering::Relaxed);
        Ok(live)
    }
}
