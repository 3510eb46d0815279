//! Accepting connections and serving HTTP/1.1 on them through hyper, within time limits.
//!
//! Every accepted socket gets `TCP_NODELAY`: a table's frames are small (an `ack`, then a
//! view), and with Nagle's algorithm the second waits until the client acknowledges the
//! first, which a client's delayed ACK holds back up to 40 ms.
//!
//! A connection has [`ServerConfig::header_timeout`] to send each request's headers,
//! counted from when it opens or its previous answer was sent; hyper has one timer for
//! both, so the same limit closes an idle keep-alive connection. Bodies have their own limit
//! (`request_body`). A WebSocket leaves hyper once upgraded, and these limits with it.

use std::fmt;
use std::future::Future;
use std::sync::Arc;

use axum::Router;
use axum::serve::{Listener, ListenerExt};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::ServerConfig;

/// A function the server calls with each socket it accepts, once it has set the socket's
/// options and before it reads from it: tests read those options through it.
#[derive(Clone)]
pub struct AcceptHook(pub Arc<dyn Fn(&TcpStream) + Send + Sync>);

impl fmt::Debug for AcceptHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AcceptHook(..)")
    }
}

/// Serves `app` on `listener` until `shutdown` completes; then stops accepting, lets each
/// connection finish the request it is answering, and returns once every one has closed.
pub(crate) async fn serve_http(
    listener: TcpListener,
    app: Router,
    config: &ServerConfig,
    shutdown: impl Future<Output = ()>,
) {
    let hook = config.on_accept.clone();
    let mut listener = listener.tap_io(move |stream: &mut TcpStream| {
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, "TCP_NODELAY not set");
        }
        if let Some(hook) = &hook {
            (hook.0)(stream);
        }
    });
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout);
    // Each connection's task holds a receiver: `stop` asks them to finish, and
    // `stop.closed()` completes once the last one has.
    let (stop, stopping) = watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = http
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(e) = ended {
                tracing::debug!(?peer, error = %e, "connection ended");
            }
        });
    }
    drop(listener);
    drop(stopping);
    let _ = stop.send(());
    stop.closed().await;
}
