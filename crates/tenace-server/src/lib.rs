//! The table server: a JSON lobby over HTTP and each table over a WebSocket, where people
//! and computer players play any of the five games, every action stored before anyone
//! sees it. The protocol is `docs/server-protocol.md`.
//!
//! [`serve`] takes a bound listener, a store and a shutdown signal, so tests run the real
//! server on port 0. Each live table has one task that owns its
//! [`Table`](tenace_table::Table): commands are checked, appended through the store's
//! group committer (many tables' appends share one commit), and only after the commit
//! applied and broadcast as per-viewer views. On start every unfinished table is rebuilt
//! by replaying its log.

mod error;
mod games;
mod hint;
mod hub;
mod identity;
mod limits;
mod lobby;
mod message;
mod metrics;
mod my_tables;
mod review;
mod socket;
mod task;
mod web_assets;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::routing::get;
use tenace_store::Store;
use tokio::net::TcpListener;
use tokio::sync::watch;

pub use error::ApiError;
pub use identity::COOKIE_NAME;
pub use message::VERSION;

use hub::{Hub, blocking};

/// The largest request body and WebSocket frame, in bytes.
pub const MAX_FRAME_BYTES: usize = 16 * 1024;

/// How the server runs.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Origins besides the server's own whose pages may open a table's WebSocket.
    pub allowed_origins: Vec<String>,
    /// Overrides every table's pacing before a computer player acts (`Some(0)` in tests).
    pub bot_pacing: Option<Duration>,
    /// Overrides every table's away limit before a computer player takes a seat over.
    pub away_limit: Option<Duration>,
    /// The most tables one player may create in an hour.
    pub tables_per_hour: u64,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            allowed_origins: Vec::new(),
            bot_pacing: None,
            away_limit: None,
            tables_per_hour: lobby::TABLES_PER_HOUR,
        }
    }
}

/// Why the server stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Listening or serving failed.
    #[error("serving: {0}")]
    Io(#[from] std::io::Error),
    /// The store could not be read on start.
    #[error("store: {0}")]
    Store(String),
}

/// The routes, over a hub.
fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/metrics",
            get(|State(hub): State<Arc<Hub>>| async move { hub.metrics.render() }),
        )
        .route("/api/me", get(lobby::get_me).put(lobby::put_me))
        .route("/api/me/tables", get(my_tables::get_my_tables))
        .route("/api/games", get(games::list_games))
        .route(
            "/api/tables",
            get(lobby::list_tables).post(lobby::create_table),
        )
        .route("/api/tables/{id}", get(lobby::get_table))
        .route("/api/tables/{id}/records", get(lobby::get_records))
        .route("/api/tables/{id}/deals/{n}/review", get(review::get_review))
        .route(
            "/api/tables/{id}/commands",
            axum::routing::post(lobby::post_command),
        )
        .route("/api/tables/{id}/ws", get(socket::upgrade))
        .fallback(get(web_assets::serve))
        .layer(DefaultBodyLimit::max(MAX_FRAME_BYTES))
        .with_state(hub)
}

/// Serves on `listener` until `shutdown` completes: rebuilds every unfinished table from
/// its log, then answers HTTP and WebSocket requests. On shutdown it stops accepting,
/// closes every socket with code 1012 ("restarting"), and commits the appends in flight
/// before it returns.
pub async fn serve(
    listener: TcpListener,
    store: Arc<dyn Store>,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let (stop, stopping) = watch::channel(false);
    let hub = Arc::new(Hub::new(store, config, stopping));
    let unfinished = blocking(&hub.store, |s| s.unfinished_tables())
        .await
        .map_err(|e| ServeError::Store(e.message))?;
    for table in unfinished {
        if let Err(e) = hub.table(table.id).await {
            tracing::warn!(table = table.id.0, error = %e.message, "not rebuilt");
        }
    }
    tracing::info!(address = ?listener.local_addr().ok(), "serving");
    let app = router(Arc::clone(&hub));
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            shutdown.await;
            tracing::info!("shutting down");
            let _ = stop.send(true);
        })
        .await?;
    // Everything queued is committed and answered before the writer stops.
    hub.committer.shutdown();
    Ok(())
}
