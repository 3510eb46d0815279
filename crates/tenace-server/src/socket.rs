//! A table's WebSocket: checks the origin and the player on upgrade, then passes
//! messages to the table's task and its answers and views back, within the limits.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::Value;
use tenace_store::{Player, TableId};
use tenace_table::Command;
use tokio::sync::{mpsc, oneshot};

use crate::error::ApiError;
use crate::extract::{Path, Query};
use crate::hub::{Hub, LiveTable};
use crate::limits::Bucket;
use crate::message::{self, Incoming};
use crate::task::{OUTBOX, Out, ToTable};
use crate::{MAX_FRAME_BYTES, identity};

/// Messages a second a connection may send, and the burst it may save up.
const RATE: f64 = 20.0;
const BURST: f64 = 40.0;
/// Messages over the limit before a flooding connection is closed.
const FLOOD_STRIKES: u32 = 100;
/// How long a socket the server closes waits for the client's close frame.
const CLOSE_WAIT: Duration = Duration::from_secs(2);
/// A socket's read buffer. Clients send small commands (a larger frame still fits: the
/// buffer grows); the default of 128 KiB per socket was most of a table's memory.
const READ_BUFFER_BYTES: usize = 4 * 1024;

/// The query of table URLs: a private table's invite.
#[derive(Debug, Default, Deserialize)]
pub struct InviteQuery {
    /// The invite token.
    pub invite: Option<String>,
}

/// Whether the request's `Origin` may open a socket: absent (not a browser), the
/// server's own (its host equals `Host`), or one given by `--allow-origin`.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    if allowed.iter().any(|a| a.trim_end_matches('/') == origin) {
        return true;
    }
    let host = headers.get(HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    host.is_some() && origin_host == host
}

/// Sends a person's command to the table's task and waits for its answer.
pub async fn send_command(
    table: &LiveTable,
    player: &Player,
    id: String,
    command: Command,
) -> Value {
    let (reply, answer) = oneshot::channel();
    let message = ToTable::Command {
        player: player.id.0,
        name: player.display_name.clone(),
        client_id: id.clone(),
        command,
        reply,
    };
    if table.tx.send(message).await.is_err() {
        return message::error(Some(&id), "table", "the table is not running");
    }
    answer
        .await
        .unwrap_or_else(|_| message::error(Some(&id), "table", "the table is not running"))
}

/// `GET /api/tables/{id}/ws`.
pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<i64>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    if !origin_allowed(&headers, &hub.config.allowed_origins) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "origin",
            "this page's origin may not open a table's socket (see --allow-origin)",
        ));
    }
    let player = identity::require(&hub, &headers).await?;
    let table = hub.table(TableId(id)).await?;
    if !table
        .admits(query.invite.as_deref(), Some(player.id.0))
        .await
    {
        return Err(ApiError::unknown_table(id));
    }
    // Checked last, so a plain GET learns first what an upgrade would be refused for.
    let ws = ws
        .map_err(|rejection| ApiError::new(rejection.status(), "upgrade", rejection.body_text()))?;
    Ok(ws
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| connection(hub, table, player, socket))
        .into_response())
}

/// Runs one connection until either side closes it or the server shuts down.
async fn connection(hub: Arc<Hub>, table: LiveTable, player: Player, socket: WebSocket) {
    let conn = hub.connection_id();
    let (sink, mut stream) = socket.split();
    let (out, outbox) = mpsc::channel::<Out>(OUTBOX);
    let writer = tokio::spawn(write_loop(sink, outbox));
    let connect = ToTable::Connect {
        conn,
        player: player.id.0,
        out: out.clone(),
    };
    if table.tx.send(connect).await.is_ok() {
        read_loop(&hub, &table, &player, conn, &mut stream, &out).await;
    }
    let _ = table.tx.send(ToTable::Disconnect { conn }).await;
    drop(out);
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
    // A close the server started (a flood, a shutdown) waits for the client's reply, as
    // RFC 6455 §5.5.1 asks, for at most CLOSE_WAIT: dropping the socket with the client's
    // frames unread would reset it, and the client would lose what was sent before the
    // close (the errors that explain it) along with the close frame itself.
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        while let Some(Ok(_)) = stream.next().await {}
    })
    .await;
}

/// Writes a connection's outbox to its socket until a close or a failed write. What is
/// queued together (an `ack` and the view it caused, or several views) is written and
/// flushed together: one flush, not one per message. When the outbox ends (the reader has
/// stopped) it closes the socket: after a client's close frame that sends the reply
/// tungstenite queued, echoing its code (RFC 6455 §5.5.1), which nothing else would write.
async fn write_loop(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut outbox: mpsc::Receiver<Out>,
) {
    while let Some(first) = outbox.recv().await {
        let mut next = Some(first);
        while let Some(out) = next.take() {
            match out {
                Out::Text(text) => {
                    if sink.feed(Message::Text(text.into())).await.is_err() {
                        return;
                    }
                }
                Out::Close(code, reason) => {
                    let frame = CloseFrame {
                        code,
                        reason: reason.into(),
                    };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    return;
                }
            }
            next = outbox.try_recv().ok();
        }
        if sink.flush().await.is_err() {
            return;
        }
    }
    let _ = sink.close().await;
}

async fn read_loop(
    hub: &Hub,
    table: &LiveTable,
    player: &Player,
    conn: u64,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    out: &mpsc::Sender<Out>,
) {
    let mut bucket = Bucket::new(RATE, BURST);
    let mut strikes = 0;
    let mut shutdown = hub.shutdown.clone();
    let send = |value: Value| out.try_send(Out::Text(value.to_string())).is_ok();
    loop {
        let frame = tokio::select! {
            frame = stream.next() => frame,
            _ = stopping(&mut shutdown) => {
                let _ = out.send(Out::Close(1012, "restarting")).await;
                return;
            }
        };
        // A binary frame (`None`) is answered with an error, and counts against the rate
        // limit as a text frame does: a flood of them is a flood.
        let text = match frame {
            Some(Ok(Message::Text(text))) => Some(text),
            Some(Ok(Message::Binary(_))) => None,
            // The reply to a close frame is sent by `write_loop` once this returns.
            Some(Ok(Message::Close(_))) | None => return,
            Some(Ok(_)) => continue,
            Some(Err(e)) => {
                tracing::debug!(%e, "socket read failed");
                let _ = out
                    .send(Out::Close(1009, "a frame is at most 16 KiB"))
                    .await;
                return;
            }
        };
        if !bucket.take() {
            strikes += 1;
            if strikes > FLOOD_STRIKES {
                let _ = out.send(Out::Close(1008, "flooding")).await;
                return;
            }
            // Dropped unread, but answered under its id when that can be read cheaply.
            let id = text.as_ref().and_then(|text| message::id_of(text.as_str()));
            send(message::error(
                id.as_deref(),
                "rate",
                "over 20 messages a second: slow down",
            ));
            continue;
        }
        let Some(text) = text else {
            send(message::error(
                None,
                "json",
                "frames are JSON text, not binary",
            ));
            continue;
        };
        let reply = match message::parse(text.as_str()) {
            Err(unreadable) => unreadable.to_message(),
            Ok(Incoming::Hello { .. }) => {
                let _ = table.tx.send(ToTable::Hello { conn }).await;
                continue;
            }
            Ok(Incoming::Command { id, command }) => send_command(table, player, id, command).await,
            Ok(Incoming::Hint { id }) => crate::hint::send_hint(table, player, id).await,
            Ok(Incoming::Review { id, deal, watch }) => {
                // Answered (and, while watched, followed) by the reviews themselves.
                let asker = crate::review::Asker {
                    player: player.id.0,
                    conn,
                    out,
                };
                crate::review::over_socket(hub, table, asker, id, deal, watch).await;
                continue;
            }
        };
        if !send(reply) {
            return;
        }
    }
}

/// Waits until the server shuts down.
async fn stopping(shutdown: &mut tokio::sync::watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here, not held across the caller's awaits.
    let _ = shutdown.wait_for(|stopping| *stopping).await.is_ok();
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_origin_must_be_the_servers_own_or_allowed() {
        let mut headers = HeaderMap::new();
        assert!(origin_allowed(&headers, &[]), "no Origin: not a browser");
        headers.insert(HOST, HeaderValue::from_static("127.0.0.1:8080"));
        headers.insert(ORIGIN, HeaderValue::from_static("http://127.0.0.1:8080"));
        assert!(origin_allowed(&headers, &[]));
        headers.insert(ORIGIN, HeaderValue::from_static("https://evil.example"));
        assert!(!origin_allowed(&headers, &[]));
        assert!(origin_allowed(
            &headers,
            &["https://evil.example/".to_string()]
        ));
    }
}
