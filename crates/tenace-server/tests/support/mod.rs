//! A real server on a loopback port with a SQLite file in a temporary directory, and
//! small HTTP and WebSocket clients for it.

#![allow(dead_code)]

pub mod patches;
pub mod store_choice;

pub use patches::apply_patch;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A running server.
pub struct Server {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Starts a server on `127.0.0.1:0` over the database at `db`, computer players
    /// acting without pause.
    pub async fn start(db: &Path) -> Server {
        Server::start_with(
            db,
            tenace_server::ServerConfig {
                bot_pacing: Some(Duration::ZERO),
                ..tenace_server::ServerConfig::default()
            },
        )
        .await
    }

    /// Starts a server on `127.0.0.1:0` over the database at `db`, with `config`.
    pub async fn start_with(db: &Path, config: tenace_server::ServerConfig) -> Server {
        // SQLite, or Postgres under `TENACE_TEST_STORE=postgres` (see `store_choice`).
        Server::start_on(store_choice::store_for(db).await, config).await
    }

    /// Starts a server on `127.0.0.1:0` over `store`, with `config`.
    pub async fn start_on(
        store: Arc<dyn tenace_store::Store>,
        config: tenace_server::ServerConfig,
    ) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let shutdown = async move {
                let _ = stopped.await;
            };
            tenace_server::serve(listener, store, config, shutdown)
                .await
                .expect("the server runs");
        });
        Server {
            addr,
            stop: Some(stop),
            task,
        }
    }

    /// Signals the server to shut down, without waiting.
    pub fn signal_stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    /// Shuts the server down and waits for it to finish.
    pub async fn stop(mut self) {
        self.signal_stop();
        tokio::time::timeout(Duration::from_secs(20), &mut self.task)
            .await
            .expect("the server stops")
            .expect("the server did not panic");
    }

    /// One HTTP request: the status, the `Set-Cookie` token if any, and the body.
    pub async fn http(
        &self,
        method: &str,
        path: &str,
        cookie: Option<&str>,
        body: Option<&str>,
    ) -> (u16, Option<String>, String) {
        let (status, head, body) = self.http_with_head(method, path, cookie, body, &[]).await;
        let cookie = head.lines().find_map(|line| {
            let value = line.strip_prefix("set-cookie: ")?;
            let token = value.split(';').next()?.split_once('=')?.1;
            Some(token.to_string())
        });
        (status, cookie, body)
    }

    /// One HTTP request with extra header lines (`"If-None-Match: x"`): the status, the
    /// response's head (header names lower-cased by the server) and the body.
    pub async fn http_with_head(
        &self,
        method: &str,
        path: &str,
        cookie: Option<&str>,
        body: Option<&str>,
        extra: &[&str],
    ) -> (u16, String, String) {
        let mut stream = TcpStream::connect(self.addr).await.expect("connect");
        let body = body.unwrap_or("");
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        if let Some(cookie) = cookie {
            head.push_str(&format!(
                "Cookie: {}={cookie}\r\n",
                tenace_server::COOKIE_NAME
            ));
        }
        for line in extra {
            head.push_str(line);
            head.push_str("\r\n");
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).await.expect("write");
        stream.write_all(body.as_bytes()).await.expect("write");
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await.expect("read");
        let text = String::from_utf8_lossy(&raw).to_string();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            dechunk(body)
        } else {
            body.to_string()
        };
        (status, head.to_string(), body)
    }

    /// A new player: their cookie token.
    pub async fn player(&self) -> String {
        let (status, cookie, _) = self.http("GET", "/api/me", None, None).await;
        assert_eq!(status, 200);
        cookie.expect("a first visit sets the cookie")
    }

    /// Creates a table; its id.
    pub async fn create(&self, cookie: &str, body: Value) -> i64 {
        let (status, _, text) = self
            .http("POST", "/api/tables", Some(cookie), Some(&body.to_string()))
            .await;
        assert_eq!(status, 201, "{text}");
        let answer: Value = serde_json::from_str(&text).expect("JSON");
        answer["id"].as_i64().expect("an id")
    }

    /// Opens a table's socket as this player.
    pub async fn connect(&self, table: i64, cookie: &str) -> Client {
        self.try_connect(table, cookie, None)
            .await
            .expect("the socket opens")
    }

    /// Opens a table's socket as this player, from a page of `origin` if given; the
    /// refusal's HTTP status if it is refused.
    pub async fn try_connect(
        &self,
        table: i64,
        cookie: &str,
        origin: Option<&str>,
    ) -> Result<Client, u16> {
        let url = format!("ws://{}/api/tables/{table}/ws", self.addr);
        let mut request = url.into_client_request().expect("a request");
        let header = format!("{}={cookie}", tenace_server::COOKIE_NAME)
            .parse()
            .expect("a header");
        request.headers_mut().insert("cookie", header);
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert("origin", origin.parse().expect("a header"));
        }
        match tokio_tungstenite::connect_async(request).await {
            Ok((socket, _)) => Ok(Client {
                socket,
                next_id: 0,
                last_view: Value::Null,
                close_code: None,
                received: Received::default(),
                last_patch: None,
            }),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                Err(response.status().as_u16())
            }
            Err(e) => panic!("the socket failed: {e}"),
        }
    }
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || tail.len() < size {
            break;
        }
        out.push_str(&tail[..size]);
        rest = tail[size..].trim_start_matches("\r\n");
    }
    out
}

/// What a client's socket carried: whole views and patches, counted and measured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Received {
    /// `view` messages.
    pub views: usize,
    /// Their bytes.
    pub view_bytes: usize,
    /// `patch` messages.
    pub patches: usize,
    /// Their bytes.
    pub patch_bytes: usize,
}

/// A table's WebSocket client. A `patch` is applied to the last view as it arrives and
/// handed on as the `view` message it stands for, so a test reads whole views whichever
/// way they came.
pub struct Client {
    socket: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// The last view received, or made by applying the patches since.
    pub last_view: Value,
    /// The close code, once the server closed the socket.
    pub close_code: Option<u16>,
    /// What the socket carried so far.
    pub received: Received,
    /// The operations of the last message, when it was a `patch` (`None` after a `view`).
    pub last_patch: Option<Value>,
}

impl Client {
    /// Sends a raw text frame.
    pub async fn send_text(&mut self, text: &str) {
        self.socket
            .send(Message::Text(text.to_string().into()))
            .await
            .expect("send");
    }

    /// The next JSON frame; views are remembered in `last_view`, and a `patch` is applied
    /// to it and returned as the `view` message it makes. `None` when closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(30), self.socket.next())
                .await
                .expect("a frame within 30 s")?;
            match frame {
                Ok(Message::Text(text)) => {
                    let value: Value = serde_json::from_str(&text).expect("JSON frames");
                    if value["type"] == "view" {
                        self.received.views += 1;
                        self.received.view_bytes += text.len();
                        self.last_view = value["view"].clone();
                        self.last_patch = None;
                    } else if value["type"] == "patch" {
                        self.received.patches += 1;
                        self.received.patch_bytes += text.len();
                        self.last_view = apply_patch(&self.last_view, &value);
                        self.last_patch = Some(value["patch"].clone());
                        return Some(json!({"v": 1, "type": "view", "view": self.last_view}));
                    }
                    return Some(value);
                }
                Ok(Message::Close(frame)) => {
                    self.close_code = frame.map(|f| u16::from(f.code));
                    return None;
                }
                Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// Sends a command (a fresh id is added) and returns its answer, remembering the views
    /// that come first.
    pub async fn command(&mut self, mut command: Value) -> Value {
        self.next_id += 1;
        let id = format!("c{}", self.next_id);
        command["v"] = json!(1);
        command["id"] = json!(id);
        self.command_as_sent(&command).await
    }

    /// Sends a command exactly as given (its own id) and returns its answer. A command
    /// the socket's rate limit dropped (a loaded machine can bunch a script's messages
    /// past 20 a second) is sent again after a pause, as a real client would; the chat
    /// limit's refusal is an answer like any other.
    pub async fn command_as_sent(&mut self, command: &Value) -> Value {
        loop {
            self.send_text(&command.to_string()).await;
            let answer = loop {
                let frame = self.next().await.expect("an answer");
                if frame["type"] != "view" && frame["id"] == command["id"] {
                    break frame;
                }
            };
            let dropped = answer["message"]
                .as_str()
                .is_some_and(|m| m.contains("messages a second"));
            if answer["type"] == "error" && answer["field"] == "rate" && dropped {
                tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
                continue;
            }
            return answer;
        }
    }

    /// Waits for a view that `pick` accepts.
    pub async fn view_where(&mut self, pick: impl Fn(&Value) -> bool) -> Value {
        if pick(&self.last_view) {
            return self.last_view.clone();
        }
        loop {
            let frame = self.next().await.expect("a view");
            if frame["type"] == "view" && pick(&frame["view"]) {
                return frame["view"].clone();
            }
        }
    }
}

/// A temporary directory and its database path.
pub fn temp_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("tenace.sqlite");
    (dir, db)
}
