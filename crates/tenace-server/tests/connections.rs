//! Sockets and time limits (issue 30): `TCP_NODELAY` on every accepted socket, slow
//! headers and slow bodies cut off within the configured time, a body declared over the
//! limit refused at once, a client's close frame answered with a close frame, and an
//! upgraded WebSocket left alone by the HTTP time limits.

mod support;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use support::{Server, temp_db};
use tenace_server::{AcceptHook, ServerConfig};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The short limits these tests run with.
const LIMIT: Duration = Duration::from_millis(400);
/// The first 17 bytes of a table creation's body.
const FIRST_BYTES: &str = r#"{"game": "bridge""#;
/// What a cut-off may take beyond its limit on a busy machine.
const SLACK: Duration = Duration::from_secs(3);

fn short_limits() -> ServerConfig {
    ServerConfig {
        bot_pacing: Some(Duration::ZERO),
        header_timeout: LIMIT,
        body_timeout: LIMIT,
        ..ServerConfig::default()
    }
}

/// Everything the server sends until it closes the connection, and how long that took;
/// panics if it is still open after `within`.
async fn read_until_closed(
    stream: &mut (impl AsyncRead + Unpin),
    within: Duration,
) -> (String, Duration) {
    let started = Instant::now();
    let mut raw = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let left = within.saturating_sub(started.elapsed());
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Err(_) => panic!(
                "still open after {within:?}; received {:?}",
                String::from_utf8_lossy(&raw)
            ),
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => raw.extend_from_slice(&buffer[..n]),
        }
    }
    (
        String::from_utf8_lossy(&raw).into_owned(),
        started.elapsed(),
    )
}

/// Writes `drip(i)` every eighth of the limit while reading what the server sends, until
/// it closes the connection: what it sent and when it closed, from the first drip.
async fn drip_until_closed(
    stream: TcpStream,
    drip: impl Fn(usize) -> String,
) -> (String, Duration) {
    let (mut reader, mut writer) = stream.into_split();
    let dripping = async move {
        for i in 0.. {
            tokio::time::sleep(LIMIT / 8).await;
            if writer.write_all(drip(i).as_bytes()).await.is_err() {
                break;
            }
        }
        // A failed write is no answer: the reader says when the server closed.
        std::future::pending::<()>().await;
    };
    tokio::select! {
        read = read_until_closed(&mut reader, LIMIT + SLACK) => read,
        () = dripping => unreachable!("the drip never ends by itself"),
    }
}

/// A connection that has sent a table creation's headers, its body framed by the header
/// line `framing`, and the body's first bytes `start`.
async fn start_create(server: &Server, cookie: &str, framing: &str, start: &str) -> TcpStream {
    let mut stream = TcpStream::connect(server.addr).await.expect("connect");
    let head = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {}\r\nCookie: {}={cookie}\r\nContent-Type: application/json\r\n{framing}\r\n\r\n{start}",
        server.addr,
        tenace_server::COOKIE_NAME
    );
    stream.write_all(head.as_bytes()).await.expect("write");
    stream
}

/// A server with the short limits, a player's cookie and a bridge table of theirs.
async fn server_with_a_table() -> (tempfile::TempDir, Server, String, i64) {
    let (dir, db) = temp_db();
    let server = Server::start_with(&db, short_limits()).await;
    let cookie = server.player().await;
    let table = server.create(&cookie, json!({"game": "bridge"})).await;
    (dir, server, cookie, table)
}

/// The status of an HTTP answer and its JSON body (`Null` if it has none).
fn status_and_json(answer: &str) -> (u16, Value) {
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_accepted_socket_has_tcp_nodelay() {
    let (_dir, db) = temp_db();
    // The hook reads the option back from the server's own accepted socket.
    let seen: Arc<Mutex<Vec<(SocketAddr, bool)>>> = Arc::default();
    let record = Arc::clone(&seen);
    let hook = AcceptHook(Arc::new(move |stream: &TcpStream| {
        let peer = stream.peer_addr().expect("a peer");
        let nodelay = stream.nodelay().expect("TCP_NODELAY readable");
        record.lock().expect("not poisoned").push((peer, nodelay));
    }));
    let server = Server::start_with(
        &db,
        ServerConfig {
            on_accept: Some(hook),
            ..short_limits()
        },
    )
    .await;

    // A plain client, which leaves Nagle's algorithm on for its own side.
    let mut stream = TcpStream::connect(server.addr).await.expect("connect");
    assert!(
        !stream.nodelay().expect("readable"),
        "the client's side is plain"
    );
    let client = stream.local_addr().expect("an address");
    let request = format!(
        "GET /healthz HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let (answer, _) = read_until_closed(&mut stream, SLACK).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");

    // A table's socket is accepted the same way.
    let cookie = server.player().await;
    let table = server.create(&cookie, json!({"game": "bridge"})).await;
    let mut socket = server.connect(table, &cookie).await;
    socket.next().await.expect("the first view");

    let seen = seen.lock().expect("not poisoned").clone();
    assert!(
        seen.contains(&(client, true)),
        "the plain client's socket on the server's side: {seen:?}"
    );
    assert!(seen.len() >= 4, "every connection was seen: {seen:?}");
    assert!(
        seen.iter().all(|&(_, nodelay)| nodelay),
        "TCP_NODELAY on every accepted socket: {seen:?}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_or_missing_headers_are_cut_off_in_time() {
    let (_dir, db) = temp_db();
    let server = Server::start_with(&db, short_limits()).await;

    // Headers a few bytes at a time, never finished (a slow-loris client).
    let mut slow = TcpStream::connect(server.addr).await.expect("connect");
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("write");
    let (answer, took) = drip_until_closed(slow, |i| format!("X-Slow-{i}: y\r\n")).await;
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
    assert!(took >= LIMIT / 2, "closed after {took:?}, before its time");

    // A connection that never sends a byte.
    let mut silent = TcpStream::connect(server.addr).await.expect("connect");
    let (_, took) = read_until_closed(&mut silent, LIMIT + SLACK).await;
    assert!(took >= LIMIT / 2, "closed after {took:?}, before its time");

    // A kept-alive connection idle after its answer.
    let mut idle = TcpStream::connect(server.addr).await.expect("connect");
    let request = format!("GET /healthz HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    idle.write_all(request.as_bytes()).await.expect("write");
    let (answer, took) = read_until_closed(&mut idle, LIMIT + SLACK).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(took >= LIMIT / 2, "closed after {took:?}, before its time");

    // The server still answers.
    let (status, _, _) = server.http("GET", "/healthz", None, None).await;
    assert_eq!(status, 200);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_body_is_answered_408_in_time() {
    let (_dir, db) = temp_db();
    let server = Server::start_with(&db, short_limits()).await;
    let cookie = server.player().await;

    let stream = start_create(&server, &cookie, "Content-Length: 1000", FIRST_BYTES).await;
    // A space every so often: the limit is on the whole body, not between two reads.
    let (answer, took) = drip_until_closed(stream, |_| " ".to_string()).await;
    let (status, body) = status_and_json(&answer);
    assert_eq!(status, 408, "{answer}");
    assert_eq!(body["error"]["field"], "body", "{answer}");
    assert!(
        took >= LIMIT / 2,
        "answered after {took:?}, before its time"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_declared_over_the_limit_is_refused_at_once() {
    let (_dir, db) = temp_db();
    // A long body limit: the answer must not wait for it.
    let server = Server::start_with(
        &db,
        ServerConfig {
            body_timeout: Duration::from_secs(60),
            ..short_limits()
        },
    )
    .await;
    let cookie = server.player().await;

    let framing = "Content-Length: 100000000";
    let mut stream = start_create(&server, &cookie, framing, FIRST_BYTES).await;
    let (answer, took) = read_until_closed(&mut stream, SLACK).await;
    let (status, body) = status_and_json(&answer);
    assert_eq!(status, 413, "{answer}");
    assert_eq!(body["error"]["field"], "body", "{answer}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("16384")),
        "{answer}"
    );
    assert!(took < SLACK, "answered after {took:?}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chunked_body_over_the_limit_is_refused() {
    let (_dir, server, cookie, _) = server_with_a_table().await;
    let mut stream = start_create(&server, &cookie, "Transfer-Encoding: chunked", "").await;
    // No length declared: 17 chunks of 1 KiB, one over the limit.
    let chunk = format!("400\r\n{}\r\n", "x".repeat(1024));
    for _ in 0..17 {
        if stream.write_all(chunk.as_bytes()).await.is_err() {
            break;
        }
    }
    let (answer, _) = read_until_closed(&mut stream, SLACK).await;
    let (status, body) = status_and_json(&answer);
    assert_eq!(status, 413, "{answer}");
    assert_eq!(body["error"]["field"], "body", "{answer}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_close_frame_is_answered_with_a_close_frame() {
    let (_dir, server, cookie, table) = server_with_a_table().await;

    let url = format!("ws://{}/api/tables/{table}/ws", server.addr);
    let mut request = url.into_client_request().expect("a request");
    let header = format!("{}={cookie}", tenace_server::COOKIE_NAME);
    request
        .headers_mut()
        .insert("cookie", header.parse().expect("a header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .expect("the socket opens");
    let first = socket.next().await.expect("a frame").expect("readable");
    assert!(first.is_text(), "the first view: {first:?}");

    let goodbye = CloseFrame {
        code: CloseCode::Normal,
        reason: "leaving".into(),
    };
    socket
        .send(Message::Close(Some(goodbye)))
        .await
        .expect("the close frame is sent");
    let mut answered = None;
    let ended = tokio::time::timeout(SLACK, async {
        while let Some(frame) = socket.next().await {
            match frame {
                Ok(Message::Close(frame)) => answered = Some(frame),
                Ok(_) => {}
                // Without the server's close frame this is "reset without closing
                // handshake": a browser's 1006.
                Err(e) => return Err(e.to_string()),
            }
        }
        Ok(())
    })
    .await
    .expect("the server closes the connection after its close frame");
    assert_eq!(ended, Ok(()), "the handshake ended cleanly");
    let frame = answered
        .expect("the server answered with a close frame")
        .expect("with a code");
    assert_eq!(frame.code, CloseCode::Normal, "the client's code, echoed");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upgraded_socket_outlives_the_http_time_limits() {
    let (_dir, server, cookie, table) = server_with_a_table().await;
    let mut socket = server.connect(table, &cookie).await;
    socket.next().await.expect("the first view");

    // A player thinking: many times the header, idle and body limits without a frame.
    tokio::time::sleep(LIMIT * 5).await;
    socket.send_text(r#"{"v": 1, "type": "hello"}"#).await;
    let answer = socket.next().await.expect("the socket is still open");
    assert_eq!(answer["type"], "view", "{answer}");
    assert_eq!(socket.close_code, None);
    server.stop().await;
}
