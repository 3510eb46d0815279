//! A small WebDriver client: ChromeDriver as a child process on a free loopback port, and
//! headless Chromium sessions driven through it. The commands are JSON over HTTP/1.1,
//! sent by a few lines of our own, so the browser tests add no dependency beyond a base64
//! decoder for screenshots (and compile in seconds).
//!
//! Two ChromeDriver extensions are used: the performance log (`goog:loggingPrefs`, read
//! with `POST /session/{id}/se/log`), whose `Network.webSocketFrame*` events are the
//! WebSocket frames the page really sent and received, and `goog/cdp/execute`, which
//! switches the page between the phone and desktop viewports.

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The Chromium flags every session gets: headless, no sandbox (CI runs as root), and
/// nothing that reaches past loopback.
const CHROME_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// How long ChromeDriver gets to answer `/status` as ready.
const DRIVER_START: Duration = Duration::from_secs(20);

/// How long one WebDriver command may take (a page load, a screenshot) before the test
/// calls it hung.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(30);

/// A WebDriver answer: its status and JSON body.
struct Reply {
    status: u16,
    body: Value,
}

/// Sends one HTTP/1.1 request to ChromeDriver and reads its answer. ChromeDriver keeps the
/// connection open whatever the request says, so the body is read to its
/// `Content-Length` rather than to the end of the stream.
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<Reply, String> {
    let what = format!("webdriver {method} {path}");
    let exchange = async {
        let mut stream = TcpStream::connect(addr)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        stream
            .write_all(request.as_bytes())
            .await
            .map_err(|e| format!("send: {e}"))?;
        let mut raw = Vec::new();
        let mut chunk = [0u8; 16 * 1024];
        loop {
            if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&raw[..end]).to_string();
                let length = head
                    .lines()
                    .filter_map(|l| l.split_once(':'))
                    .find(|(n, _)| n.trim().eq_ignore_ascii_case("content-length"))
                    .and_then(|(_, v)| v.trim().parse::<usize>().ok())
                    .ok_or_else(|| format!("an answer without Content-Length: {head}"))?;
                if raw.len() >= end + 4 + length {
                    let status = head
                        .split(' ')
                        .nth(1)
                        .and_then(|s| s.parse().ok())
                        .ok_or_else(|| format!("a bad status line: {head}"))?;
                    let body = serde_json::from_slice(&raw[end + 4..end + 4 + length])
                        .map_err(|e| format!("the answer is not JSON: {e}"))?;
                    return Ok(Reply { status, body });
                }
            }
            let n = stream
                .read(&mut chunk)
                .await
                .map_err(|e| format!("read: {e}"))?;
            if n == 0 {
                return Err("the connection closed mid-answer".to_string());
            }
            raw.extend_from_slice(&chunk[..n]);
        }
    };
    match tokio::time::timeout(COMMAND_TIMEOUT, exchange).await {
        Ok(Ok(reply)) => Ok(reply),
        Ok(Err(e)) => Err(format!("{what}: {e}")),
        Err(_) => Err(format!("{what}: no answer within {COMMAND_TIMEOUT:?}")),
    }
}

/// Where a program is on `PATH`, if anywhere.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Why the browser tests cannot run here, in words that say how to fix it.
fn missing(what: &str) -> String {
    format!(
        "{what} is not installed (not found on PATH): the browser tests need Debian's \
         `chromium` and `chromium-driver` packages, which .ci/run installs \
         (apt-get install -y chromium chromium-driver)"
    )
}

/// A ChromeDriver child on a loopback port. Dropping it kills it.
pub struct ChromeDriver {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    chromium: PathBuf,
}

impl ChromeDriver {
    /// Finds chromium and chromedriver on `PATH`, starts the driver on a free loopback
    /// port and waits until it is ready.
    pub async fn start(log: &Path) -> Result<ChromeDriver, String> {
        let driver = on_path(&["chromedriver"]).ok_or_else(|| missing("chromedriver"))?;
        let chromium = on_path(&["chromium", "chromium-browser", "google-chrome"])
            .ok_or_else(|| missing("chromium"))?;
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("find a free port for chromedriver: {e}"))?
            .port();
        let log_file = std::fs::File::create(log)
            .map_err(|e| format!("create the chromedriver log {}: {e}", log.display()))?;
        let child = Command::new(&driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log_file)
            .spawn()
            .map_err(|e| format!("spawn {}: {e}", driver.display()))?;
        let driver = ChromeDriver {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            chromium,
        };
        let deadline = Instant::now() + DRIVER_START;
        loop {
            let reply = http(driver.addr, "GET", "/status", None).await;
            if reply.is_ok_and(|r| r.body["value"]["ready"] == true) {
                return Ok(driver);
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "chromedriver was not ready within {DRIVER_START:?}"
                ));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for ChromeDriver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The viewport a page is laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewport {
    /// 390×844 portrait, a touch screen at two device pixels per CSS pixel.
    Phone,
    /// 1440×900.
    Desktop,
}

impl Viewport {
    /// Its name in screenshot file names.
    pub fn name(self) -> &'static str {
        match self {
            Viewport::Phone => "phone",
            Viewport::Desktop => "desktop",
        }
    }
}

/// One headless Chromium with its own profile: its own cookies, so its own player.
/// Dropping it kills the browser.
pub struct Session {
    driver: SocketAddr,
    id: String,
    pid: Option<u64>,
    _profile: tempfile::TempDir,
}

/// A command's answer: the `value`, or the error's name and message.
fn value_of(what: &str, reply: &Reply) -> Result<Value, String> {
    let body = &reply.body;
    if reply.status == 200 {
        return Ok(body["value"].clone());
    }
    Err(format!(
        "webdriver {what}: {} ({}): {}",
        body["value"]["error"].as_str().unwrap_or("?"),
        reply.status,
        body["value"]["message"]
            .as_str()
            .unwrap_or_default()
            .lines()
            .next()
            .unwrap_or_default()
    ))
}

/// The key under which WebDriver writes an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Session {
    /// Opens a browser at the desktop size with the performance log on.
    pub async fn open(driver: &ChromeDriver) -> Result<Session, String> {
        let profile = tempfile::tempdir().map_err(|e| format!("a profile directory: {e}"))?;
        let mut args: Vec<String> = CHROME_FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        args.push("--window-size=1440,900".into());
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:loggingPrefs": {"performance": "ALL", "browser": "ALL"},
            "goog:chromeOptions": {
                "binary": driver.chromium,
                "args": args,
                "perfLoggingPrefs": {"enableNetwork": true, "enablePage": false},
            },
        }}});
        let reply = http(driver.addr, "POST", "/session", Some(&caps)).await?;
        let value = value_of("new session", &reply)?;
        let id = value["sessionId"]
            .as_str()
            .ok_or_else(|| format!("new session answered no sessionId: {value}"))?
            .to_string();
        let session = Session {
            driver: driver.addr,
            id,
            pid: value["capabilities"]["goog:processID"].as_u64(),
            _profile: profile,
        };
        // The window's size counts the browser's frame: the viewport is set exactly.
        session.set_viewport(Viewport::Desktop).await?;
        Ok(session)
    }

    /// Sends one command of this session.
    async fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let url = format!("/session/{}{path}", self.id);
        let body = body.unwrap_or_else(|| json!({}));
        let body = (method == "POST").then_some(&body);
        let reply = http(self.driver, method, &url, body).await?;
        value_of(&format!("{method} {path}"), &reply)
    }

    /// Loads a URL and waits for its load event.
    pub async fn goto(&self, url: &str) -> Result<(), String> {
        self.cmd("POST", "/url", Some(json!({"url": url})))
            .await
            .map(drop)
    }

    /// Reloads the page.
    pub async fn refresh(&self) -> Result<(), String> {
        self.cmd("POST", "/refresh", None).await.map(drop)
    }

    /// The page's URL.
    pub async fn url(&self) -> Result<String, String> {
        let v = self.cmd("GET", "/url", None).await?;
        Ok(v.as_str().unwrap_or_default().to_string())
    }

    /// Runs a script in the page (its body is a function body; `arguments` are `args`)
    /// and returns what it returns.
    pub async fn exec(&self, script: &str, args: Value) -> Result<Value, String> {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
        .await
    }

    /// The element a script returns, as a WebDriver reference (`None` if it returns
    /// anything else, e.g. null).
    pub async fn find(&self, finder: &str, args: Value) -> Result<Option<String>, String> {
        let found = self.exec(finder, args).await?;
        Ok(found[ELEMENT].as_str().map(str::to_string))
    }

    /// A real click on an element through the driver, which scrolls it into view and
    /// fails if something else would receive the click.
    pub async fn click(&self, element: &str) -> Result<(), String> {
        self.cmd("POST", &format!("/element/{element}/click"), None)
            .await
            .map(drop)
    }

    /// A click event dispatched by script (`element.click()`), for an element a real
    /// click cannot reach.
    pub async fn script_click(&self, element: &str) -> Result<(), String> {
        self.exec("arguments[0].click();", json!([{ ELEMENT: element }]))
            .await
            .map(drop)
    }

    /// Clicks the element a script returns (see [`Session::click`]). `Ok(false)` when the
    /// script found nothing.
    /// An element redrawn between the finding and the click is found again.
    pub async fn click_found(&self, finder: &str, args: Value) -> Result<bool, String> {
        let mut tries = 0;
        loop {
            let Some(element) = self.find(finder, args.clone()).await? else {
                return Ok(false);
            };
            match self.click(&element).await {
                Ok(()) => return Ok(true),
                Err(e) if e.contains("stale element") && tries < 5 => tries += 1,
                Err(e) => return Err(e),
            }
        }
    }

    /// Types text into the focused element of the page (keys go to `document.activeElement`).
    pub async fn type_keys(&self, text: &str) -> Result<(), String> {
        let mut actions = Vec::new();
        for ch in text.chars() {
            let key = ch.to_string();
            actions.push(json!({"type": "keyDown", "value": key}));
            actions.push(json!({"type": "keyUp", "value": key}));
        }
        self.cmd(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        )
        .await
        .map(drop)
    }

    /// A PNG of the viewport.
    pub async fn screenshot(&self) -> Result<Vec<u8>, String> {
        let v = self.cmd("GET", "/screenshot", None).await?;
        let text = v.as_str().ok_or("the screenshot is not a string")?;
        base64::engine::general_purpose::STANDARD
            .decode(text)
            .map_err(|e| format!("the screenshot is not base64: {e}"))
    }

    /// The cookies of the page's origin, as `name=value` pairs (HttpOnly ones too).
    pub async fn cookie_header(&self) -> Result<String, String> {
        let v = self.cmd("GET", "/cookie", None).await?;
        let pairs: Vec<String> = v
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|c| {
                        format!(
                            "{}={}",
                            c["name"].as_str().unwrap_or_default(),
                            c["value"].as_str().unwrap_or_default()
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        Ok(pairs.join("; "))
    }

    /// Drains a ChromeDriver log (`performance` or `browser`): the entries since the last
    /// read.
    pub async fn log(&self, kind: &str) -> Result<Vec<Value>, String> {
        let v = self
            .cmd("POST", "/se/log", Some(json!({"type": kind})))
            .await?;
        Ok(v.as_array().cloned().unwrap_or_default())
    }

    /// Lays the page out at a viewport size through the DevTools protocol: the phone
    /// with mobile emulation and touch, the desktop as the window is.
    pub async fn set_viewport(&self, viewport: Viewport) -> Result<(), String> {
        let cdp = |cmd: &str, params: Value| {
            let body = json!({"cmd": cmd, "params": params});
            async move { self.cmd("POST", "/goog/cdp/execute", Some(body)).await }
        };
        match viewport {
            Viewport::Phone => {
                cdp(
                    "Emulation.setDeviceMetricsOverride",
                    json!({"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true}),
                )
                .await?;
                cdp(
                    "Emulation.setTouchEmulationEnabled",
                    json!({"enabled": true, "maxTouchPoints": 5}),
                )
                .await?;
            }
            Viewport::Desktop => {
                cdp(
                    "Emulation.setDeviceMetricsOverride",
                    json!({"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": false}),
                )
                .await?;
                cdp(
                    "Emulation.setTouchEmulationEnabled",
                    json!({"enabled": false}),
                )
                .await?;
            }
        }
        Ok(())
    }

    /// Ends the session (closing the browser).
    pub async fn close(mut self) {
        let _ = self.cmd("DELETE", "", None).await;
        self.pid = None;
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A session not closed (a failing test): kill the browser itself, which takes its
        // renderers with it; ChromeDriver would leave it running.
        if let Some(pid) = self.pid {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .stderr(Stdio::null())
                .status();
        }
    }
}
