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

mod cluster;
mod error;
mod extract;
mod games;
mod hint;
mod hub;
mod identity;
mod limits;
mod listen;
mod lobby;
mod message;
mod metrics;
mod my_tables;
pub mod patch;
mod records;
mod request_body;
mod review;
mod socket;
mod task;
mod upload;
mod web_assets;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::header::ALLOW;
use axum::http::{HeaderMap, HeaderValue, Method, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tenace_store::Store;
use tokio::net::TcpListener;
use tokio::sync::watch;

pub use error::ApiError;
pub use identity::COOKIE_NAME;
pub use listen::AcceptHook;
pub use message::VERSION;
pub use review::ReviewLimits;
pub use upload::MAX_UPLOAD_BYTES;

use hub::Hub;

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
    /// How the double-dummy reviews are bounded: per player, in time, in threads.
    pub reviews: ReviewLimits,
    /// How long a connection may take to send a request's headers, counted from when it
    /// opens or from the end of its previous answer: so also how long an idle keep-alive
    /// connection is kept. An upgraded WebSocket is not limited by it.
    pub header_timeout: Duration,
    /// How long a request's whole body may take to arrive once its headers have; a late
    /// body is answered `408` and its connection closed.
    pub body_timeout: Duration,
    /// Called with each accepted socket once the server has set its options (tests read
    /// `TCP_NODELAY` through it).
    pub on_accept: Option<AcceptHook>,
    /// Deals every new table from this seed and the number of table creations this
    /// process was asked for before it (refused ones too), so a server's deals replay (tests, demonstrations); `None`
    /// deals each at random. Whoever knows it knows every hand: never on a public server.
    pub deal_seed: Option<u64>,
}

/// The default [`ServerConfig::header_timeout`].
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// The default [`ServerConfig::body_timeout`].
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            allowed_origins: Vec::new(),
            bot_pacing: None,
            away_limit: None,
            tables_per_hour: lobby::TABLES_PER_HOUR,
            reviews: ReviewLimits::default(),
            header_timeout: HEADER_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
            on_accept: None,
            deal_seed: None,
        }
    }
}

/// Why the server stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
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
        .route(
            "/api/tables/pbn",
            axum::routing::post(lobby::create_table_from_pbn)
                // The one route whose body may be a file: the middleware allows it too.
                .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES)),
        )
        .route("/api/tables/{id}", get(lobby::get_table))
        .route("/api/tables/{id}/records", get(lobby::get_records))
        .route("/api/tables/{id}/record.json", get(records::get_match_json))
        .route("/api/tables/{id}/record.pbn", get(records::get_match_pbn))
        .route("/api/tables/{id}/deals/{n}/review", get(review::get_review))
        .route(
            "/api/tables/{id}/deals/{n}/record.json",
            get(records::get_deal_json),
        )
        .route(
            "/api/tables/{id}/deals/{n}/record.pbn",
            get(records::get_deal_pbn),
        )
        .route(
            "/api/tables/{id}/commands",
            axum::routing::post(lobby::post_command),
        )
        .route("/api/tables/{id}/ws", get(socket::upgrade))
        // After every route: it is set on the routes there are.
        .method_not_allowed_fallback(error::method_not_allowed)
        .fallback(fallback)
        .layer(DefaultBodyLimit::max(MAX_FRAME_BYTES))
        .with_state(hub)
}

/// Answers a path no route has: under `/api/` the JSON `404`; elsewhere the page, whose
/// script reads addresses such as `/t/12` itself, to a `GET` or `HEAD` (a JSON `405`
/// to any other method).
async fn fallback(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::unknown_endpoint(path).into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        let mut refused = ApiError::method_not_allowed(&method, path).into_response();
        refused
            .headers_mut()
            .insert(ALLOW, HeaderValue::from_static("GET,HEAD"));
        return refused;
    }
    web_assets::serve(uri, headers).await
}

/// Serves on `listener` until `shutdown` completes: rebuilds every unfinished table from
/// its log, then answers HTTP and WebSocket requests, every socket with `TCP_NODELAY` and
/// HTTP within `config`'s time limits. On shutdown it stops accepting,
/// closes every socket with code 1012 ("restarting"), and commits the appends in flight
/// before it returns.
pub async fn serve(
    listener: TcpListener,
    store: Arc<dyn Store>,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let (stop, stopping) = watch::channel(false);
    let link = match store.cluster() {
        Some(shared) => {
            let label = format!(
                "tenace serve {} at {}",
                std::process::id(),
                listener
                    .local_addr()
                    .map_or_else(|_| "?".to_string(), |a| a.to_string())
            );
            Some(
                cluster::join(shared, label)
                    .await
                    .map_err(ServeError::Store)?,
            )
        }
        None => None,
    };
    let hub = Arc::new(Hub::new(store, config, stopping, link));
    cluster::start(&hub);
    hub.hold_unfinished_tables()
        .await
        .map_err(|e| ServeError::Store(e.message))?;
    tracing::info!(address = ?listener.local_addr().ok(), "serving");
    let app = router(Arc::clone(&hub)).layer(axum::middleware::from_fn_with_state(
        hub.config.body_timeout,
        request_body::read_in_time,
    ));
    listen::serve_http(listener, app, &hub.config, async move {
        shutdown.await;
        tracing::info!("shutting down");
        let _ = stop.send(true);
    })
    .await;
    // Everything queued is committed and answered before the writer stops.
    hub.committer.shutdown();
    cluster::leave(&hub).await;
    Ok(())
}
