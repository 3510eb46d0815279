//! What the `tenace serve` tests share: the real binary run as a child process (killed on
//! every exit path), a small HTTP/1.1 client for the lobby API and a WebSocket client for
//! a table, all on loopback. The client is written from docs/server-protocol.md alone, so
//! the tests check the server against its contract, not against its own code.

#![allow(dead_code)] // each test binary that includes this module uses a part of it

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The server tests' way of applying a view's patches (RFC 6902, with `json-patch`).
#[path = "../../../tenace-server/tests/support/patches.rs"]
mod patches;

/// How long a server gets to print its URL: it replays every unfinished table first.
const START_TIMEOUT: Duration = Duration::from_secs(30);
/// How long one HTTP exchange may take on loopback before the test calls it hung.
const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

/// A running `tenace serve` child. Dropping it kills the child, so a failing or
/// panicking test never leaves a server behind.
pub struct Server {
    child: Option<Child>,
    /// Where the server listens.
    pub addr: SocketAddr,
    /// Its standard error (the tracing log), kept for a failure's diagnosis.
    pub log: PathBuf,
}

impl Server {
    /// Starts `tenace serve` on a free loopback port with this database, appending its
    /// log to `log`, and waits for the line that names its URL.
    pub fn start(db: &Path, log: &Path) -> Result<Server, String> {
        Server::start_at(db, log, "127.0.0.1:0")
    }

    /// [`Server::start`] with `--deal-seed`: the deals of the tables it creates are
    /// always the same.
    pub fn start_dealt(db: &Path, log: &Path, deal_seed: u64) -> Result<Server, String> {
        Server::spawn(db, log, "127.0.0.1:0", Some(deal_seed))
    }

    /// [`Server::start`] on a given address: a restart on the port a page already knows
    /// (the browser tests reconnect to it).
    pub fn start_at(db: &Path, log: &Path, listen: &str) -> Result<Server, String> {
        Server::spawn(db, log, listen, None)
    }

    /// Starts `tenace serve` on a free loopback port with the database the arguments
    /// name (`--database-url URL`, say), and waits for the line that names its URL.
    pub fn start_with(store_args: &[&str], log: &Path) -> Result<Server, String> {
        Server::spawn_with(
            store_args.iter().map(std::ffi::OsString::from).collect(),
            log,
            "127.0.0.1:0",
            None,
        )
    }

    /// Starts `tenace serve` on `listen`, with `--deal-seed` when given.
    fn spawn(
        db: &Path,
        log: &Path,
        listen: &str,
        deal_seed: Option<u64>,
    ) -> Result<Server, String> {
        Server::spawn_with(
            vec!["--db".into(), db.as_os_str().to_owned()],
            log,
            listen,
            deal_seed,
        )
    }

    /// Starts `tenace serve` on `listen` with `store_args`, and `--deal-seed` when given.
    fn spawn_with(
        store_args: Vec<std::ffi::OsString>,
        log: &Path,
        listen: &str,
        deal_seed: Option<u64>,
    ) -> Result<Server, String> {
        let stderr = File::options()
            .create(true)
            .append(true)
            .open(log)
            .map_err(|e| format!("open the server log {}: {e}", log.display()))?;
        let mut child = Command::new(env!("CARGO_BIN_EXE_tenace"))
            .args(["serve", "--listen", listen])
            .args(store_args)
            // The store is the one the arguments name, whatever the test's environment.
            .env_remove("DATABASE_URL")
            .args(deal_seed.map(|seed| format!("--deal-seed={seed}")))
            .env(
                "RUST_LOG",
                std::env::var("RUST_LOG").unwrap_or_else(|_| "info".into()),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("spawn tenace serve: {e}"))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        // The reader keeps draining stdout after the URL so the child never blocks on a
        // full pipe; it ends when the child dies.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(url) = line.split("listening on http://").nth(1) {
                    let _ = tx.send(url.trim().to_string());
                }
            }
        });
        let mut server = Server {
            child: Some(child),
            addr: "127.0.0.1:0".parse().expect("a socket address"),
            log: log.to_path_buf(),
        };
        let url = rx.recv_timeout(START_TIMEOUT).map_err(|_| {
            format!(
                "tenace serve printed no \"listening on http://...\" line within {START_TIMEOUT:?}; its log ends:\n{}",
                server.log_tail()
            )
        })?;
        server.addr = url
            .trim_end_matches('/')
            .parse()
            .map_err(|e| format!("the printed address {url:?} is not host:port: {e}"))?;
        Ok(server)
    }

    /// Kills the server with SIGKILL (no chance to flush or close anything) and reaps it.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            // `Child::kill` is SIGKILL on Unix.
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The last lines of the server's log, for a failure message.
    pub fn log_tail(&self) -> String {
        let mut text = String::new();
        if let Ok(mut file) = File::open(&self.log) {
            let _ = file.read_to_string(&mut text);
        }
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One HTTP answer.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body, as text.
    pub body: String,
}

impl Reply {
    /// The body as JSON.
    pub fn json(&self) -> Result<Value, String> {
        serde_json::from_str(&self.body)
            .map_err(|e| format!("the body {:?} is not JSON: {e}", self.body))
    }

    /// The first value of a header.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why an HTTP exchange failed.
#[derive(Debug)]
pub enum HttpError {
    /// The connection failed or broke: the server is down (a test may have killed it).
    Unreachable(String),
    /// The server answered something that is not HTTP, or too late.
    Bad(String),
}

impl From<HttpError> for String {
    fn from(e: HttpError) -> String {
        match e {
            HttpError::Unreachable(m) | HttpError::Bad(m) => m,
        }
    }
}

/// Sends one HTTP/1.1 request (`Connection: close`) and reads the whole answer.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
) -> Result<Reply, String> {
    Ok(try_http(addr, method, path, cookie, body).await?)
}

/// [`http`], telling a server that is down from one that answers wrongly.
pub async fn try_http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
) -> Result<Reply, HttpError> {
    tokio::time::timeout(HTTP_TIMEOUT, http_inner(addr, method, path, cookie, body))
        .await
        .map_err(|_| {
            HttpError::Bad(format!(
                "{method} {path}: no answer within {HTTP_TIMEOUT:?}"
            ))
        })?
}

async fn http_inner(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
) -> Result<Reply, HttpError> {
    let what = format!("{method} {path}");
    let down =
        |step: &str, e: std::io::Error| HttpError::Unreachable(format!("{what}: {step}: {e}"));
    let mut stream = TcpStream::connect(addr)
        .await
        .map_err(|e| down("connect", e))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(cookie) = cookie {
        request.push_str(&format!("Cookie: {cookie}\r\n"));
    }
    if !body.is_empty() || method != "GET" {
        request.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    request.push_str("\r\n");
    request.push_str(&body);
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| down("send", e))?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .await
        .map_err(|e| down("read", e))?;
    if raw.is_empty() {
        return Err(HttpError::Unreachable(format!(
            "{what}: the connection closed unanswered"
        )));
    }
    parse_reply(&raw).map_err(|e| HttpError::Bad(format!("{what}: {e}")))
}

/// Splits an HTTP/1.1 answer into status, headers and body (chunked or not).
fn parse_reply(raw: &[u8]) -> Result<Reply, String> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("the answer has no end of headers")?;
    let head = std::str::from_utf8(&raw[..split]).map_err(|_| "the headers are not UTF-8")?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("bad status line {status_line:?}"))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    if chunked {
        body = dechunk(&body)?;
    }
    let body = String::from_utf8(body).map_err(|_| "the body is not UTF-8")?;
    Ok(Reply {
        status,
        headers,
        body,
    })
}

/// Joins the chunks of a chunked body.
fn dechunk(mut raw: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let end = raw
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a chunk size line has no end")?;
        let size_text = std::str::from_utf8(&raw[..end]).map_err(|_| "bad chunk size")?;
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| format!("bad chunk size {size_text:?}"))?;
        raw = &raw[end + 2..];
        if size == 0 {
            return Ok(out);
        }
        if raw.len() < size + 2 {
            return Err("a chunk is cut short".into());
        }
        out.extend_from_slice(&raw[..size]);
        raw = &raw[size + 2..];
    }
}

/// A request whose answer must have this status; returns its JSON body.
pub async fn expect_json(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
    status: u16,
) -> Result<Value, String> {
    let reply = http(addr, method, path, cookie, body).await?;
    if reply.status != status {
        return Err(format!(
            "{method} {path}: status {} (expected {status}), body {}",
            reply.status, reply.body
        ));
    }
    reply.json()
}

/// Makes a new anonymous player (`GET /api/me` without a cookie) and returns the
/// `name=value` pair to send back as its cookie.
pub async fn new_player(addr: SocketAddr) -> Result<String, String> {
    let reply = http(addr, "GET", "/api/me", None, None).await?;
    if reply.status != 200 {
        return Err(format!("GET /api/me: status {}", reply.status));
    }
    let set = reply
        .header("set-cookie")
        .ok_or("GET /api/me set no cookie")?;
    let pair = set.split(';').next().unwrap_or_default().trim().to_string();
    if !pair.starts_with("tenace_player=") {
        return Err(format!("the cookie {set:?} is not tenace_player"));
    }
    Ok(pair)
}

/// Creates a table (`POST /api/tables`) and returns its id.
pub async fn create_table(addr: SocketAddr, cookie: &str, spec: &Value) -> Result<u64, String> {
    let answer = expect_json(addr, "POST", "/api/tables", Some(cookie), Some(spec), 201).await?;
    answer["id"]
        .as_u64()
        .ok_or_else(|| format!("POST /api/tables answered {answer} without an id"))
}

/// Sends one table command over HTTP (`POST /api/tables/{id}/commands`) and returns the
/// `ack` or `error` message.
pub async fn post_command(
    addr: SocketAddr,
    cookie: &str,
    table: u64,
    command: &Value,
) -> Result<Value, String> {
    let path = format!("/api/tables/{table}/commands");
    http(addr, "POST", &path, Some(cookie), Some(command))
        .await?
        .json()
}

/// Sits a player at a seat over HTTP, requiring an `ack`.
pub async fn sit(
    addr: SocketAddr,
    cookie: &str,
    table: u64,
    seat: &str,
    id: &str,
) -> Result<(), String> {
    let answer = post_command(
        addr,
        cookie,
        table,
        &json!({"v": 1, "type": "sit", "id": id, "seat": seat}),
    )
    .await?;
    if answer["type"] != "ack" {
        return Err(format!("sit {seat} at table {table}: {answer}"));
    }
    Ok(())
}

/// A table's WebSocket as one player's connection.
pub struct Ws {
    stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The view [`recv_merged`](Ws::recv_merged) holds: the last `view`, each `patch` applied.
    held: Value,
}

impl Ws {
    /// Opens table `table`'s WebSocket as the player of `cookie`, from the server's own
    /// origin.
    pub async fn connect(addr: SocketAddr, cookie: &str, table: u64) -> Result<Ws, String> {
        let url = format!("ws://{addr}/api/tables/{table}/ws");
        let mut request = url
            .as_str()
            .into_client_request()
            .map_err(|e| format!("{url}: {e}"))?;
        let headers = request.headers_mut();
        headers.insert(
            "Cookie",
            HeaderValue::from_str(cookie).map_err(|e| e.to_string())?,
        );
        headers.insert(
            "Origin",
            HeaderValue::from_str(&format!("http://{addr}")).map_err(|e| e.to_string())?,
        );
        let connect = tokio_tungstenite::connect_async(request);
        let (stream, _) = tokio::time::timeout(HTTP_TIMEOUT, connect)
            .await
            .map_err(|_| format!("{url}: no upgrade within {HTTP_TIMEOUT:?}"))?
            .map_err(|e| format!("{url}: {e}"))?;
        Ok(Ws {
            stream,
            held: Value::Null,
        })
    }

    /// Sends one JSON message.
    pub async fn send(&mut self, message: &Value) -> Result<(), String> {
        self.stream
            .send(Message::Text(message.to_string().into()))
            .await
            .map_err(|e| format!("send {message}: {e}"))
    }

    /// The next JSON message; `Ok(None)` when the socket closed (or broke), an error when
    /// nothing came within `wait` or a frame is not JSON.
    pub async fn recv(&mut self, wait: Duration) -> Result<Option<Value>, String> {
        loop {
            let next = tokio::time::timeout(wait, self.stream.next())
                .await
                .map_err(|_| format!("no message within {wait:?}"))?;
            match next {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return Ok(None),
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(text.as_str())
                        .map(Some)
                        .map_err(|e| format!("a frame is not JSON ({e}): {text}"));
                }
                // Pings are answered by the library; nothing else is expected.
                Some(Ok(_)) => continue,
            }
        }
    }

    /// [`recv`](Ws::recv), with each `patch` applied to the view held and handed on as
    /// the `view` message it makes; an error when a patch does not apply to it.
    pub async fn recv_merged(&mut self, wait: Duration) -> Result<Option<Value>, String> {
        let Some(message) = self.recv(wait).await? else {
            return Ok(None);
        };
        if message["type"] == "view" {
            self.held = message["view"].clone();
        } else if message["type"] == "patch" {
            self.held = patches::try_apply_patch(&self.held, &message)?;
            return Ok(Some(json!({"v": 1, "type": "view", "view": self.held})));
        }
        Ok(Some(message))
    }
}

/// The actions a seat made in a deal's `history`, in order (the engine protocol writes
/// each entry as `{"player": ..., "action": ...}`).
pub fn seat_actions(deal: &Value, seat: &str) -> Vec<String> {
    deal["history"]
        .as_array()
        .map(|history| {
            history
                .iter()
                .filter(|entry| entry["player"] == seat)
                .filter_map(|entry| entry["action"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}
