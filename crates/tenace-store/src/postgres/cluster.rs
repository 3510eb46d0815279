//! The cluster of servers over one Postgres database: process rows with heartbeats, a
//! driver row per table, presence rows, and `LISTEN` for the notices.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use postgres::NoTls;
use postgres::fallible_iterator::FallibleIterator;

use super::notify::{self, EVENTS, PRESENCE};
use super::{Context, Manager};
use crate::cluster::{Beat, Cluster, LEASE_TTL, Notice, ProcessId};
use crate::error::Result;
use crate::model::{PlayerId, TableId};

/// The cluster half of a [`PostgresStore`](super::PostgresStore), sharing its pool.
pub(super) struct PostgresCluster {
    pub(super) pool: super::SafePool,
    pub(super) config: postgres::Config,
    pub(super) origin: Arc<AtomicI64>,
}

/// The lease's length as Postgres reads it, in seconds.
fn ttl_secs() -> f64 {
    LEASE_TTL.as_secs_f64()
}

/// Whether process `$N` (a column or parameter) beat within the lease: SQL for a query's
/// condition, with the lease's seconds as the parameter `$ttl`.
macro_rules! alive {
    ($process:literal, $ttl:literal) => {
        concat!(
            "EXISTS (SELECT 1 FROM server_processes p WHERE p.id = ",
            $process,
            " AND p.heartbeat_at > clock_timestamp() - make_interval(secs => ",
            $ttl,
            "))"
        )
    };
}

impl PostgresCluster {
    fn client(&self) -> Result<r2d2::PooledConnection<Manager>> {
        self.pool.get().context("getting a database connection")
    }

    fn ids(rows: &[postgres::Row]) -> Result<Vec<i64>> {
        rows.iter()
            .map(|row| row.try_get(0).context("reading an id"))
            .collect()
    }
}

impl Cluster for PostgresCluster {
    fn join(&self, label: &str) -> Result<ProcessId> {
        let mut client = self.client()?;
        // Processes dead for an hour are forgotten; their presence rows go with them.
        client
            .execute(
                "DELETE FROM server_processes
                 WHERE heartbeat_at < clock_timestamp() - interval '1 hour'",
                &[],
            )
            .context("forgetting long-dead processes")?;
        let id: i64 = client
            .query_one(
                "INSERT INTO server_processes (label) VALUES ($1) RETURNING id",
                &[&label],
            )
            .and_then(|row| row.try_get(0))
            .context("joining the cluster")?;
        self.origin.store(id, Ordering::Relaxed);
        Ok(ProcessId(id))
    }

    fn beat(&self, me: ProcessId) -> Result<Beat> {
        let mut client = self.client()?;
        let ttl = ttl_secs();
        client
            .execute(
                "UPDATE server_processes SET heartbeat_at = clock_timestamp() WHERE id = $1",
                &[&me.0],
            )
            .context("beating")?;
        let driving = client
            .query(
                "SELECT d.table_id FROM table_drivers d JOIN tables t ON t.id = d.table_id
                 WHERE d.process_id = $1 AND t.status <> 'finished'",
                &[&me.0],
            )
            .context("reading the tables this process drives")?;
        let orphaned = client
            .query(
                concat!(
                    "SELECT d.table_id FROM table_drivers d JOIN tables t ON t.id = d.table_id
                     WHERE t.status <> 'finished' AND NOT ",
                    alive!("d.process_id", "$1")
                ),
                &[&ttl],
            )
            .context("reading the orphaned tables")?;
        let dead = client
            .query(
                "SELECT id FROM server_processes
                 WHERE heartbeat_at <= clock_timestamp() - make_interval(secs => $1)",
                &[&ttl],
            )
            .context("reading the dead processes")?;
        Ok(Beat {
            driving: Self::ids(&driving)?.into_iter().map(TableId).collect(),
            orphaned: Self::ids(&orphaned)?.into_iter().map(TableId).collect(),
            dead: Self::ids(&dead)?.into_iter().map(ProcessId).collect(),
        })
    }

    fn claim(&self, me: ProcessId, table: TableId) -> Result<bool> {
        let rows = self
            .client()?
            .query(
                concat!(
                    "INSERT INTO table_drivers (table_id, process_id) VALUES ($1, $2)
                     ON CONFLICT (table_id) DO UPDATE
                         SET process_id = EXCLUDED.process_id, since = clock_timestamp()
                         WHERE table_drivers.process_id = EXCLUDED.process_id
                            OR NOT ",
                    alive!("table_drivers.process_id", "$3"),
                    " RETURNING process_id"
                ),
                &[&table.0, &me.0, &ttl_secs()],
            )
            .context("claiming a table's computer players")?;
        Ok(!rows.is_empty())
    }

    fn set_presence(
        &self,
        me: ProcessId,
        table: TableId,
        player: PlayerId,
        present: bool,
    ) -> Result<()> {
        // The notice goes only when a row changed: one statement, one round trip.
        let sql = if present {
            "WITH changed AS (
                 INSERT INTO presence (table_id, player_id, process_id) VALUES ($1, $2, $3)
                 ON CONFLICT DO NOTHING RETURNING table_id)
             SELECT pg_notify($4, table_id::text) FROM changed"
        } else {
            "WITH changed AS (
                 DELETE FROM presence WHERE table_id = $1 AND player_id = $2 AND process_id = $3
                 RETURNING table_id)
             SELECT pg_notify($4, table_id::text) FROM changed"
        };
        self.client()?
            .query(sql, &[&table.0, &player.0, &me.0, &PRESENCE])
            .context("recording a connection")?;
        Ok(())
    }

    fn present_elsewhere(&self, me: ProcessId, table: TableId) -> Result<Vec<PlayerId>> {
        let rows = self
            .client()?
            .query(
                concat!(
                    "SELECT DISTINCT pr.player_id FROM presence pr
                     WHERE pr.table_id = $1 AND pr.process_id <> $2 AND ",
                    alive!("pr.process_id", "$3")
                ),
                &[&table.0, &me.0, &ttl_secs()],
            )
            .context("reading who is connected elsewhere")?;
        Ok(Self::ids(&rows)?.into_iter().map(PlayerId).collect())
    }

    fn leave(&self, me: ProcessId) -> Result<()> {
        // The driver rows stay: a driver without a process row is dead, so its tables are
        // orphaned at once and the next beat of another process claims them.
        let mut client = self.client()?;
        let mut tx = client.transaction().context("starting to leave")?;
        // The tables this process had people at learn that they left.
        tx.execute(
            "SELECT pg_notify($2, table_id::text)
             FROM (SELECT DISTINCT table_id FROM presence WHERE process_id = $1) AS t",
            &[&me.0, &PRESENCE],
        )
        .context("announcing the connections gone")?;
        tx.execute("DELETE FROM server_processes WHERE id = $1", &[&me.0])
            .context("leaving the cluster")?;
        tx.commit().context("committing the leave")
    }

    fn listen(
        &self,
        poll: Duration,
        stop: &(dyn Fn() -> bool + Sync),
        on: &mut dyn FnMut(Notice) -> bool,
    ) -> Result<()> {
        let mut first = true;
        while !stop() {
            let connected = self.config.connect(NoTls).and_then(|mut client| {
                client.batch_execute(&format!("LISTEN {EVENTS}; LISTEN {PRESENCE}"))?;
                Ok(client)
            });
            let mut client = match connected {
                Ok(client) => client,
                Err(error) if first => return Err(super::backend("listening", error)),
                Err(error) => {
                    tracing::warn!(%error, "the listening connection failed; retrying");
                    std::thread::sleep(poll);
                    continue;
                }
            };
            // Anything committed while no connection listened is read from the logs.
            if !first && !on(Notice::Missed) {
                return Ok(());
            }
            first = false;
            loop {
                if stop() {
                    return Ok(());
                }
                let lost = {
                    let mut notifications = client.notifications();
                    let mut batch = notifications.timeout_iter(poll);
                    loop {
                        match batch.next() {
                            Ok(Some(notification)) => {
                                if let Some(notice) =
                                    notify::parse(notification.channel(), notification.payload())
                                    && !on(notice)
                                {
                                    return Ok(());
                                }
                            }
                            Ok(None) => break false,
                            Err(_) => break true,
                        }
                    }
                };
                if lost || client.is_closed() {
                    break;
                }
            }
        }
        Ok(())
    }
}
