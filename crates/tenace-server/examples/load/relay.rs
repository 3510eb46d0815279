//! The reference server of `--relay`: the same message pattern as a table, with none of
//! the work. It answers the lobby calls the benchmark makes, and at each table relays
//! every action as an `ack` to its sender and a view of a given size to the table's
//! sockets, with no engine, no store and no views to build. With one person a table it
//! plays the three computer players itself: each of the person's actions is followed at
//! once by three more versions. It runs on the same stack
//! (axum, tokio, one writer task a socket) so that what separates the two figures is the
//! table server's own work: checking, committing, writing views.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::sync::mpsc;

/// The calls a bidding box offers at the start: the seat to act picks among them.
const LEGAL: [&str; 8] = ["P", "1C", "1D", "1H", "1S", "1N", "2C", "2D"];

/// A relayed table: its sockets' outboxes and its version.
#[derive(Default)]
struct Table {
    outboxes: Vec<mpsc::UnboundedSender<String>>,
    version: u64,
}

/// What every request shares: the tables and the size of a view.
struct Relay {
    tables: Mutex<HashMap<i64, Table>>,
    next_id: AtomicI64,
    view_bytes: usize,
    /// People a table: 4, or 1 with three computer players.
    people: usize,
}

/// Serves the relay on `listener` until `shutdown` completes, with `TCP_NODELAY` on its
/// sockets as the table server has, unless `nodelay` is false.
pub async fn serve(
    listener: tokio::net::TcpListener,
    view_bytes: usize,
    people: usize,
    nodelay: bool,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let relay = Arc::new(Relay {
        tables: Mutex::new(HashMap::new()),
        next_id: AtomicI64::new(1),
        view_bytes,
        people,
    });
    let app = Router::new()
        .route("/api/me", get(me))
        .route("/api/tables", post(create))
        .route("/api/tables/{id}/ws", get(upgrade))
        .route(
            "/metrics",
            get(|| async { "tenace_append_seconds_sum 0\ntenace_append_seconds_count 0\n" }),
        )
        .with_state(relay);
    let listener = listener.tap_io(move |stream| {
        let _ = stream.set_nodelay(nodelay);
    });
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
}

async fn me(State(relay): State<Arc<Relay>>) -> Response {
    let n = relay.next_id.fetch_add(1, Ordering::Relaxed);
    let cookie = format!("{}=relay{n}; HttpOnly", tenace_server::COOKIE_NAME);
    ([("set-cookie", cookie)], "{}").into_response()
}

async fn create(State(relay): State<Arc<Relay>>) -> Response {
    let id = relay.next_id.fetch_add(1, Ordering::Relaxed);
    if let Ok(mut tables) = relay.tables.lock() {
        tables.insert(id, Table::default());
    }
    axum::Json(json!({"id": id})).into_response()
}

async fn upgrade(
    State(relay): State<Arc<Relay>>,
    Path(id): Path<i64>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.on_upgrade(move |socket| connection(relay, id, socket))
}

/// The view message of `version` for the socket at `index` (in the order they sat),
/// padded to the relay's size. The four seats act in turn; alone, the person acts every
/// fourth version.
fn view(relay: &Relay, version: u64, index: usize) -> String {
    let turn = version as usize % 4;
    let legal: &[&str] = if turn == index { &LEGAL } else { &[] };
    let head = json!({"type": "view", "view": {"version": version, "status": "playing", "legal": legal, "pad": ""}})
        .to_string();
    let pad = relay.view_bytes.saturating_sub(head.len());
    head.replacen(
        "\"pad\":\"\"",
        &format!("\"pad\":\"{}\"", "x".repeat(pad)),
        1,
    )
}

async fn connection(relay: Arc<Relay>, id: i64, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut inbox) = mpsc::unbounded_channel::<String>();
    let writer = tokio::spawn(async move {
        while let Some(text) = inbox.recv().await {
            if sink.send(Message::text(text)).await.is_err() {
                break;
            }
        }
    });
    while let Some(Ok(frame)) = stream.next().await {
        let Message::Text(text) = frame else { continue };
        let Ok(command) = serde_json::from_str::<serde_json::Value>(text.as_str()) else {
            continue;
        };
        {
            let Ok(mut tables) = relay.tables.lock() else {
                return;
            };
            let Some(table) = tables.get_mut(&id) else {
                return;
            };
            match command["type"].as_str() {
                Some("sit") => {
                    table.outboxes.push(outbox.clone());
                    if table.outboxes.len() == relay.people {
                        broadcast(&relay, table);
                    }
                }
                Some("act") => {
                    // Alone, the person's action and the three computer players' after it.
                    let versions = if relay.people == 1 { 4 } else { 1 };
                    for _ in 0..versions {
                        table.version += 1;
                        broadcast(&relay, table);
                    }
                }
                _ => {}
            }
        }
        // As the table server does: the view that holds an action first, then its ack.
        let ack = json!({"type": "ack", "id": command["id"]}).to_string();
        let _ = outbox.send(ack);
    }
    writer.abort();
}

/// The table's current version to each of its sockets.
fn broadcast(relay: &Relay, table: &Table) {
    for (index, outbox) in table.outboxes.iter().enumerate() {
        let _ = outbox.send(view(relay, table.version, index));
    }
}
