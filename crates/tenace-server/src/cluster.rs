//! Serving in a cluster: several `tenace serve` processes over one Postgres database.
//!
//! Every process may hold any table live, each with its own copy of the state. The log
//! decides: a process appends the next seq, and one that loses the race reads the log and
//! checks its command again. What a process learns of the others comes three ways:
//!
//! - the store's notices, heard on a connection of their own ([`listen`]): new events,
//!   which the table's task applies (or reads from the log when they did not fit or a
//!   seq is missing), and presence changes;
//! - a heartbeat every second ([`beat`]), which keeps this process alive, says which
//!   tables it drives and which lost their driver, and finds processes that died, whose
//!   connections are then gone;
//! - the log itself, read again when the listening connection was lost.
//!
//! Each table's computer players are driven by one process, the holder of the table's
//! lease; another process that holds the table claims it when the holder stops beating.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tenace_store::cluster::HEARTBEAT;
use tenace_store::{Cluster, Notice, ProcessId, TableId};
use tokio::sync::mpsc;

use crate::hub::{Hub, blocking_on};
use crate::task::ToTable;

/// This process's place in the cluster.
pub struct ClusterLink {
    /// The cluster's coordination, from the store.
    pub cluster: Arc<dyn Cluster>,
    /// This process.
    pub me: ProcessId,
}

/// Joins the cluster `cluster` as `label`.
pub async fn join(cluster: Arc<dyn Cluster>, label: String) -> Result<ClusterLink, String> {
    let joined = Arc::clone(&cluster);
    let me = tokio::task::spawn_blocking(move || joined.join(&label))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    tracing::info!(process = me.0, "joined the cluster");
    Ok(ClusterLink { cluster, me })
}

/// Starts listening for notices and beating, until the hub shuts down.
pub fn start(hub: &Arc<Hub>) {
    let Some(link) = &hub.cluster else {
        return;
    };
    let (tx, rx) = mpsc::channel(4096);
    let stopped = Arc::new(AtomicBool::new(false));
    let cluster = Arc::clone(&link.cluster);
    let stop = Arc::clone(&stopped);
    // The blocking client waits on its own connection: a thread of its own.
    let listener = std::thread::Builder::new()
        .name("tenace-listen".into())
        .spawn(move || {
            let stopping = || stop.load(Ordering::Relaxed);
            let mut forward = |notice| tx.blocking_send(notice).is_ok();
            if let Err(e) = cluster.listen(HEARTBEAT, &stopping, &mut forward) {
                tracing::error!(%e, "cannot listen for the other processes' notices");
            }
        });
    if let Err(e) = listener {
        tracing::error!(%e, "the listening thread did not start");
    }
    tokio::spawn(dispatch(Arc::clone(hub), rx));
    tokio::spawn(beat(Arc::clone(hub), stopped));
}

/// Hands each notice to the task of the table it concerns.
async fn dispatch(hub: Arc<Hub>, mut notices: mpsc::Receiver<Notice>) {
    let me = hub.cluster.as_ref().map(|link| link.me);
    while let Some(notice) = notices.recv().await {
        match notice {
            Notice::Appended {
                table,
                last_seq,
                events,
                origin,
                sent_micros,
            } => {
                // This process applied its own appends before it announced them.
                if origin.is_some() && origin == me {
                    continue;
                }
                hub.metrics.notified(sent_micros);
                match hub.live(table).await {
                    Some(live) => {
                        send(&live.tx, ToTable::Appended { last_seq, events }).await;
                    }
                    // A table this process does not hold yet: held from now on, read
                    // whole from the log, so its players' tables and the lobby are right
                    // here too.
                    None => {
                        let hub = Arc::clone(&hub);
                        tokio::spawn(async move {
                            match hub.table(table).await {
                                // Read after the log was: what it missed meanwhile.
                                Ok(live) => send(&live.tx, ToTable::CatchUp).await,
                                Err(e) => {
                                    tracing::debug!(table = table.0, error = %e.message, "not loaded");
                                }
                            }
                        });
                    }
                }
            }
            Notice::Presence { table } => {
                if let Some(live) = hub.live(table).await {
                    send(&live.tx, ToTable::PresenceChanged).await;
                }
            }
            Notice::Missed => {
                tracing::warn!("notices may have been missed: every table reads its log");
                hub.metrics.notices_missed.fetch_add(1, Ordering::Relaxed);
                for live in hub.all_live().await {
                    send(&live.tx, ToTable::CatchUp).await;
                    send(&live.tx, ToTable::PresenceChanged).await;
                }
                // A table made at another process meanwhile was never announced here:
                // held from now on as on start, so its players' tables list it here too.
                let hub = Arc::clone(&hub);
                tokio::spawn(async move {
                    if let Err(e) = hub.hold_unfinished_tables().await {
                        tracing::warn!(error = %e.message, "unfinished tables not listed");
                    }
                });
            }
        }
    }
}

/// Sends without holding up the other tables' notices behind one busy table.
async fn send(tx: &mpsc::Sender<ToTable>, message: ToTable) {
    match tx.try_send(message) {
        Ok(()) => {}
        Err(mpsc::error::TrySendError::Full(message)) => {
            let tx = tx.clone();
            tokio::spawn(async move {
                let _ = tx.send(message).await;
            });
        }
        Err(mpsc::error::TrySendError::Closed(_)) => {}
    }
}

/// Beats every [`HEARTBEAT`]: keeps this process alive, tells each live table whether it
/// holds its lease, loads and claims orphaned tables, and tells every table when a process
/// died (its connections went with it).
async fn beat(hub: Arc<Hub>, stopped: Arc<AtomicBool>) {
    let Some(link) = &hub.cluster else {
        return;
    };
    let me = link.me;
    let mut shutdown = hub.shutdown.clone();
    let mut known_dead: HashSet<ProcessId> = HashSet::new();
    let mut tick = tokio::time::interval(HEARTBEAT);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = shutdown.changed() => break,
        }
        let cluster = Arc::clone(&link.cluster);
        let beat = match blocking_on(move || cluster.beat(me)).await {
            Ok(beat) => beat,
            Err(e) => {
                tracing::warn!(error = %e.message, "heartbeat failed");
                continue;
            }
        };
        hub.metrics
            .tables_driven
            .store(beat.driving.len() as u64, Ordering::Relaxed);
        let driving: HashSet<TableId> = beat.driving.into_iter().collect();
        let orphaned: HashSet<TableId> = beat.orphaned.into_iter().collect();
        for &table in &orphaned {
            if hub.live(table).await.is_none() {
                // Loading it claims it (every task claims on start).
                let hub = Arc::clone(&hub);
                tokio::spawn(async move {
                    let _ = hub.table(table).await;
                });
            }
        }
        let dead: HashSet<ProcessId> = beat.dead.into_iter().collect();
        let someone_died = dead.difference(&known_dead).next().is_some();
        known_dead = dead;
        for live in hub.all_live().await {
            let lease = ToTable::Lease {
                held: driving.contains(&live.id),
                orphaned: orphaned.contains(&live.id),
            };
            send(&live.tx, lease).await;
            if someone_died {
                send(&live.tx, ToTable::PresenceChanged).await;
            }
        }
    }
    stopped.store(true, Ordering::Relaxed);
}

/// Leaves the cluster on a clean shutdown, after the last appends: the other processes
/// take this one's tables over at their next beat rather than after the lease runs out.
pub async fn leave(hub: &Hub) {
    let Some(link) = &hub.cluster else {
        return;
    };
    let (cluster, me) = (Arc::clone(&link.cluster), link.me);
    if let Err(e) = blocking_on(move || cluster.leave(me)).await {
        tracing::warn!(error = %e.message, "could not leave the cluster");
    }
}
