//! What the browser tests share: a page of `tenace serve` open in headless Chromium, with
//! the WebSocket frames it really sent and received (from ChromeDriver's performance log,
//! not from the page), snapshots of its DOM through the hooks of the page's contract
//! (`#table[data-*]`, `[data-action]`, `[data-card]`, `#deal-result`, `#banner`), and a
//! driver that plays a table's human seats by pressing the page's enabled actions.
//!
//! The page is what is under test, so nothing here reads its modules' state: what it shows
//! is read from the DOM, what it was told from the frames.

#![allow(dead_code)] // each scenario uses a part of the kit

pub mod hidden;
/// The server tests' way of applying a view's patches (RFC 6902, with `json-patch`).
// The browser tests hold `serve_common` too, with its own copy of this file.
#[allow(dead_code, clippy::duplicate_mod)] // the panicking form is the server tests'
#[path = "../../../tenace-server/tests/support/patches.rs"]
pub mod patches;
pub mod scenario;
pub mod webdriver;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use webdriver::{Session, Viewport};

/// How long a page may show the version at which an action was pressed before the test
/// calls the table stalled.
pub const STALL: Duration = Duration::from_secs(40);
/// How long after pressing an action its `act` frame must have gone out.
const SEND_WAIT: Duration = Duration::from_secs(5);
/// A pause between two looks at the pages.
const POLL: Duration = Duration::from_millis(120);

/// Where screenshots go: `target/screenshots/`, found from the test binary's own place
/// (`target/debug/deps/…`), so a custom target directory is honoured.
/// The failure and defect screenshots of an earlier run are removed on first use, so
/// those there are this run's.
pub fn screenshot_dir() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().unwrap_or_default();
        let target = exe
            .ancestors()
            .nth(3)
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("target"));
        let dir = target.join("screenshots");
        let _ = std::fs::create_dir_all(&dir);
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.starts_with("FAILED-") || name.starts_with("DEFECT-") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        dir
    })
    .clone()
}

/// One WebSocket frame the page sent or received.
#[derive(Debug, Clone)]
pub struct Frame {
    /// Sent by the page (else received).
    pub sent: bool,
    /// The frame as it went over the wire.
    pub text: String,
    /// The frame read as JSON (`null` if it is not).
    pub json: Value,
}

/// What the page showed at one moment, read in one script run.
#[derive(Debug, Clone, Default)]
pub struct Sample {
    /// `#table`'s data attributes (`version`, `status`, `phase`, `game`, `myTurn`,
    /// `dealNumber`, `tableId`), or `None` when there is no `#table`.
    pub table: Option<Value>,
    /// Every visible `[data-action]`: its action and whether it is enabled.
    pub actions: Vec<(String, bool)>,
    /// `#deal-result`'s text while it is visible.
    pub result: Option<String>,
    /// `#banner`'s text while it is visible.
    pub banner: Option<String>,
    /// Every text node and every attribute that could name a card (not SVG geometry).
    pub text: String,
    /// The page scrolls sideways: `scrollWidth`, `innerWidth`.
    pub widths: (u64, u64),
}

impl Sample {
    /// `#table`'s version.
    pub fn version(&self) -> Option<u64> {
        self.attr("version").and_then(|v| v.parse().ok())
    }

    /// One of `#table`'s data attributes, by its dataset name.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.table.as_ref().and_then(|t| t[name].as_str())
    }

    /// The actions that can be pressed now.
    pub fn enabled(&self) -> Vec<&str> {
        self.actions
            .iter()
            .filter(|(_, on)| *on)
            .map(|(a, _)| a.as_str())
            .collect()
    }
}

/// Reads the page in one go (see [`Sample`]).
const SAMPLE_JS: &str = r#"
const shown = (e) => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
const t = document.querySelector('#table');
const actions = [...document.querySelectorAll('[data-action]')].filter(shown).map((e) =>
  [e.dataset.action, !(e.getAttribute('aria-disabled') === 'true' || e.disabled)]);
const textOf = (sel) => { const e = document.querySelector(sel); return e && shown(e) ? e.innerText : null; };
const geometry = new Set(['d', 'points', 'viewBox', 'transform', 'style', 'xmlns', 'href', 'src',
  'fill', 'stroke', 'stroke-width', 'width', 'height', 'x', 'y', 'rx', 'ry', 'cx', 'cy', 'r',
  'x1', 'x2', 'y1', 'y2', 'font-size', 'font-family', 'font-weight', 'text-anchor',
  'dominant-baseline', 'opacity', 'preserveAspectRatio']);
const parts = [];
for (const e of document.body.querySelectorAll('*')) {
  for (const a of e.attributes) if (!geometry.has(a.name)) parts.push(a.value);
  if ('value' in e && typeof e.value === 'string' && e.value) parts.push(e.value);
}
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walk.nextNode()) {
  const p = walk.currentNode.parentNode;
  if (p && (p.nodeName === 'SCRIPT' || p.nodeName === 'STYLE')) continue;
  parts.push(walk.currentNode.nodeValue);
}
const s = document.scrollingElement || document.documentElement;
return {
  table: t ? Object.assign({}, t.dataset) : null,
  actions,
  result: textOf('#deal-result'),
  banner: textOf('#banner'),
  text: parts.join('\n'),
  widths: [s.scrollWidth, window.innerWidth],
};
"#;

/// Finds the first visible, enabled element whose `data-action` is `arguments[0]`.
pub const FIND_ENABLED_JS: &str = r#"
const shown = (e) => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
return [...document.querySelectorAll('[data-action]')].find((e) => e.dataset.action === arguments[0]
  && shown(e) && !(e.getAttribute('aria-disabled') === 'true' || e.disabled)) || null;
"#;

/// Finds the element of action `arguments[0]` that a first tap raised (`data-armed`,
/// confirm on), waiting for its second tap.
const FIND_ARMED_JS: &str = r#"
return [...document.querySelectorAll('[data-armed]')].find((e) => e.dataset.action === arguments[0]) || null;
"#;

/// Bridgette's choice of discards: `#discard-send`'s `data-needed` and the discards chosen
/// (`aria-pressed`) in the hand, or null when there is no choice to make (no button, or
/// the page is sending the last one).
const DISCARD_STATE_JS: &str = r#"
const b = document.querySelector('#discard-send');
if (!b || b.getAttribute('aria-busy') === 'true') return null;
const chosen = [...document.querySelectorAll('#my-hand button.card[aria-pressed="true"]')].map((e) => e.dataset.action);
return { needed: Number(b.dataset.needed), chosen };
"#;

/// The first discard of the hand that may be chosen and is not yet.
const FIND_UNCHOSEN_DISCARD_JS: &str = r#"
const shown = (e) => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
return [...document.querySelectorAll('#my-hand button.card[data-action^="discard "]')].find((e) =>
  shown(e) && e.getAttribute('aria-disabled') !== 'true' && e.getAttribute('aria-pressed') !== 'true') || null;
"#;

/// Finds the first visible element whose `data-action` is `arguments[0]` and that is
/// marked disabled.
const FIND_DISABLED_JS: &str = r#"
const shown = (e) => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
return [...document.querySelectorAll('[data-action]')].find((e) => e.dataset.action === arguments[0]
  && shown(e) && (e.getAttribute('aria-disabled') === 'true' || e.disabled)) || null;
"#;

/// The enabled `[data-action]`s a person could not press: scrolled into view, the
/// element at the centre of each is another one (not it, nor inside it). Each as
/// "`action` under `what covers it`".
const COVERED_JS: &str = r#"
const shown = (e) => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
const describe = (e) => e ? `<${e.nodeName.toLowerCase()}${e.id ? ' id=' + e.id : ''}${e.className && typeof e.className === 'string' ? ' class="' + e.className + '"' : ''}>` : 'nothing';
const out = [];
const s = document.scrollingElement || document.documentElement;
const [x0, y0] = [s.scrollLeft, s.scrollTop];
for (const e of document.querySelectorAll('[data-action]')) {
  if (!shown(e) || e.getAttribute('aria-disabled') === 'true' || e.disabled) continue;
  e.scrollIntoView({ block: 'center', inline: 'center' });
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (hit !== e && !e.contains(hit)) out.push(`${e.dataset.action} under ${describe(hit)}`);
}
s.scrollTo(x0, y0);
return out;
"#;

/// What [`Page::screenshots_both_of`] shows.
#[derive(Debug, Clone, Copy)]
pub enum Shown<'a> {
    /// The page itself: nothing may cover an enabled action.
    Page,
    /// A modal sheet over the page (the review), which covers the page's actions by
    /// design, with the first element this selector matches scrolled into view: a part
    /// a phone's screen would not show at once.
    Modal(&'a str),
}

/// A DOM snapshot kept for the hidden-information check, with the version it showed.
#[derive(Debug, Clone)]
pub struct DomSnapshot {
    /// `#table[data-version]`.
    pub version: u64,
    /// The texts and attributes of the page.
    pub text: String,
}

/// A page of the server open in one browser session (one player, by its cookies).
pub struct Page {
    /// The browser.
    pub session: Session,
    /// A short name for messages and screenshot files (`bridge-S`, `spectator`).
    pub label: String,
    /// The server's address (`http://127.0.0.1:PORT`).
    pub base: String,
    /// Every WebSocket frame so far, in order. Each `patch` received is preceded by the
    /// `view` message it makes (not a frame of the wire), so the views the page held are
    /// all here whole, and the patch is read at its own version.
    pub frames: Vec<Frame>,
    /// The view the page holds, as it holds it: the last `view`, each `patch` applied.
    held: Value,
    /// DOM snapshots taken while sampling, for the hidden-information check.
    pub snapshots: Vec<DomSnapshot>,
    /// The latest sample.
    pub last: Sample,
    /// Defects of the page noticed on the way (an action a person cannot click).
    pub defects: Vec<String>,
    /// The size the page is laid out at (and played at).
    pub viewport: Viewport,
}

impl Page {
    /// Opens a browser (a new player) on `path` of the server.
    pub async fn open(
        driver: &webdriver::ChromeDriver,
        server: SocketAddr,
        path: &str,
        label: &str,
    ) -> Result<Page, String> {
        let session = Session::open(driver).await?;
        let mut page = Page {
            session,
            label: label.to_string(),
            base: format!("http://{server}"),
            frames: Vec::new(),
            held: Value::Null,
            snapshots: Vec::new(),
            last: Sample::default(),
            defects: Vec::new(),
            viewport: Viewport::Desktop,
        };
        page.goto(path).await?;
        Ok(page)
    }

    /// Lays the page out at a size from now on.
    pub async fn set_viewport(&mut self, viewport: Viewport) -> Result<(), String> {
        self.session.set_viewport(viewport).await?;
        self.viewport = viewport;
        Ok(())
    }

    /// Loads a path of the server.
    pub async fn goto(&mut self, path: &str) -> Result<(), String> {
        let url = format!("{}{path}", self.base);
        self.session.goto(&url).await
    }

    /// Reads the WebSocket frames that arrived or left since the last call; returns how
    /// many the page sent among them.
    pub async fn pump(&mut self) -> Result<usize, String> {
        let mut sent = 0;
        for entry in self.session.log("performance").await? {
            let message: Value = entry["message"]
                .as_str()
                .and_then(|m| serde_json::from_str(m).ok())
                .unwrap_or_default();
            let method = message["message"]["method"].as_str().unwrap_or_default();
            let is_sent = match method {
                "Network.webSocketFrameSent" => true,
                "Network.webSocketFrameReceived" => false,
                _ => continue,
            };
            let text = message["message"]["params"]["response"]["payloadData"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            sent += usize::from(is_sent);
            let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            if !is_sent && json["type"] == "view" {
                self.held = json["view"].clone();
            } else if !is_sent && json["type"] == "patch" {
                // A patch that does not apply is one the page resyncs after, with `hello`.
                if let Ok(view) = patches::try_apply_patch(&self.held, &json) {
                    let made = json!({"v": 1, "type": "view", "view": view});
                    self.frames.push(Frame {
                        sent: false,
                        text: made.to_string(),
                        json: made,
                    });
                    self.held = view;
                }
            }
            self.frames.push(Frame {
                sent: is_sent,
                json,
                text,
            });
        }
        Ok(sent)
    }

    /// The frames the page sent, from index `from` on.
    pub fn sent_since(&self, from: usize) -> Vec<&Frame> {
        self.frames[from.min(self.frames.len())..]
            .iter()
            .filter(|f| f.sent)
            .collect()
    }

    /// The texts of the messages the page sent since frame `from` that are not the link's
    /// own upkeep (`hello`, pings): what a press or a keystroke made it send.
    pub fn commands_sent_since(&self, from: usize) -> Vec<String> {
        self.sent_since(from)
            .iter()
            .filter(|f| !matches!(f.json["type"].as_str(), Some("hello" | "ping" | "pong")))
            .map(|f| f.text.clone())
            .collect()
    }

    /// Whether the page sent `act` for `action` since frame `from`.
    pub fn sent_act_since(&self, from: usize, action: &str) -> bool {
        self.sent_since(from)
            .iter()
            .any(|f| f.json["type"] == "act" && f.json["action"] == action)
    }

    /// The latest view the page received.
    pub fn latest_view(&self) -> Option<&Value> {
        self.frames
            .iter()
            .rev()
            .find(|f| !f.sent && f.json["type"] == "view")
            .map(|f| &f.json["view"])
    }

    /// The view the page received with this version (the last one if several).
    pub fn view_at(&self, version: u64) -> Option<&Value> {
        self.frames
            .iter()
            .rev()
            .find(|f| !f.sent && f.json["type"] == "view" && f.json["view"]["version"] == version)
            .map(|f| &f.json["view"])
    }

    /// Reads the page (and its new frames), keeps a DOM snapshot when it shows a table.
    pub async fn sample(&mut self) -> Result<&Sample, String> {
        let v = self.session.exec(SAMPLE_JS, json!([])).await?;
        // Frames after the DOM read: every frame the shown version came from is in.
        self.pump().await?;
        let actions = v["actions"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|p| {
                        (
                            p[0].as_str().unwrap_or_default().to_string(),
                            p[1].as_bool().unwrap_or(false),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let text_of = |key: &str| v[key].as_str().map(str::to_string);
        let sample = Sample {
            table: v["table"].as_object().map(|_| v["table"].clone()),
            actions,
            result: text_of("result"),
            banner: text_of("banner"),
            text: v["text"].as_str().unwrap_or_default().to_string(),
            widths: (
                v["widths"][0].as_u64().unwrap_or(0),
                v["widths"][1].as_u64().unwrap_or(0),
            ),
        };
        if let Some(version) = sample.version() {
            self.snapshots.push(DomSnapshot {
                version,
                text: sample.text.clone(),
            });
        }
        self.last = sample;
        Ok(&self.last)
    }

    /// Saves a screenshot as `target/screenshots/{name}.png`; returns its path.
    pub async fn screenshot(&self, name: &str) -> Result<PathBuf, String> {
        let png = self.session.screenshot().await?;
        let path = screenshot_dir().join(format!("{name}.png"));
        std::fs::write(&path, png).map_err(|e| format!("write {}: {e}", path.display()))?;
        Ok(path)
    }

    /// A failure of this page: screenshots it (`FAILED-{label}.png`) and adds what it
    /// showed last and its console messages to the message.
    pub async fn fail(&mut self, message: String) -> String {
        let shot = match self.screenshot(&format!("FAILED-{}", self.label)).await {
            Ok(path) => format!("screenshot {}", path.display()),
            Err(e) => format!("no screenshot: {e}"),
        };
        let console: Vec<String> = self
            .session
            .log("browser")
            .await
            .unwrap_or_default()
            .iter()
            .map(|e| e["message"].as_str().unwrap_or_default().to_string())
            .collect();
        format!(
            "{}: {message}\n  {shot}\n  #table {:?}, enabled actions {:?}, #deal-result {:?}, \
             #banner {:?}\n  console: {console:#?}",
            self.label,
            self.last.table,
            self.last.enabled(),
            self.last.result,
            self.last.banner,
        )
    }

    /// Presses the enabled element of this action, as a person would (a real click).
    /// `Ok(false)` if there is none. With confirm on (a touch screen's default) the first
    /// tap only raises the card or call (`data-armed`), and a person taps it again.
    pub async fn press(&mut self, action: &str) -> Result<bool, String> {
        if !self.press_found(FIND_ENABLED_JS, action).await? {
            return Ok(false);
        }
        if self
            .session
            .find(FIND_ARMED_JS, json!([action]))
            .await?
            .is_none()
        {
            return Ok(true);
        }
        self.press_found(FIND_ARMED_JS, action).await
    }

    /// Bridgette's exchange as a person plays it: discards chosen in the hand (each a
    /// toggle, `aria-pressed`) until as many are chosen as `#discard-send[data-needed]`
    /// asks for, then `#discard-send` pressed. Returns the discards sent, in the order
    /// chosen; none while the page is still sending an earlier choice.
    pub async fn discard(&mut self) -> Result<Vec<String>, String> {
        for _ in 0..60 {
            let state = self.exec(DISCARD_STATE_JS, json!([])).await?;
            if state.is_null() {
                return Ok(Vec::new());
            }
            let needed = state["needed"].as_u64().unwrap_or(0) as usize;
            let chosen: Vec<String> = state["chosen"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|c| Some(c.as_str()?.to_string()))
                        .collect()
                })
                .unwrap_or_default();
            if needed > 0 && chosen.len() >= needed {
                let sent = self
                    .session
                    .click_found(
                        "return document.querySelector('#discard-send:not([disabled])');",
                        json!([]),
                    )
                    .await?;
                return Ok(if sent { chosen } else { Vec::new() });
            }
            if !self
                .press_found(FIND_UNCHOSEN_DISCARD_JS, "a discard")
                .await?
            {
                return Ok(Vec::new());
            }
        }
        Err(self
            .fail("chose discards 60 times without a full choice".into())
            .await)
    }

    /// Presses a disabled element of this action. `Ok(false)` if there is none.
    pub async fn press_disabled(&mut self, action: &str) -> Result<bool, String> {
        self.press_found(FIND_DISABLED_JS, action).await
    }

    /// Clicks the element a finder script returns for `action`. When a real click cannot
    /// reach it (something covers it), that is a defect of the page: it is noted with a
    /// screenshot, and the click is dispatched by script so the deal can go on.
    ///
    /// The page draws itself anew on every view, so the element found may be gone by the
    /// time of the click (a stale reference): it is looked for again, a few times.
    async fn press_found(&mut self, finder: &str, action: &str) -> Result<bool, String> {
        let (mut stale, mut covered) = (0, 0);
        let (element, e) = loop {
            let Some(element) = self.session.find(finder, json!([action])).await? else {
                return Ok(false);
            };
            match self.session.click(&element).await {
                Ok(()) => return Ok(true),
                Err(e) if e.contains("stale element") && stale < 5 => stale += 1,
                // Something passing over it (a card on its way) is not a defect: a
                // covering that stays is.
                Err(e) if e.contains("intercepted") && covered < 2 => {
                    covered += 1;
                    tokio::time::sleep(Duration::from_millis(400)).await;
                }
                Err(e) => break (element, e),
            }
        };
        if e.contains("stale element") {
            return Ok(false);
        }
        if !(e.contains("intercepted") || e.contains("not interactable")) {
            return Err(e);
        }
        let kind = if e.contains("intercepted") {
            "covered"
        } else {
            "not interactable"
        };
        let viewport = self
            .session
            .exec("return `${innerWidth}x${innerHeight}`;", json!([]))
            .await
            .unwrap_or_default();
        let key = format!("{kind}-{viewport}");
        if !self.defects.iter().any(|d| d.starts_with(&key)) {
            let shot = format!("DEFECT-{}-{}", self.label, self.defects.len());
            let path = self.screenshot(&shot).await?;
            let detail = e
                .split("element click intercepted:")
                .last()
                .unwrap_or(&e)
                .trim();
            self.defects.push(format!(
                "{key}: the {action:?} button cannot be clicked by a person at {viewport}: {detail} (see {})",
                path.display()
            ));
        }
        match self.session.script_click(&element).await {
            Ok(()) => Ok(true),
            Err(e) if e.contains("stale element") => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Waits until `pick` accepts a sample of the page; the failure names `what`.
    pub async fn wait_for(
        &mut self,
        what: &str,
        limit: Duration,
        pick: impl Fn(&Sample) -> bool,
    ) -> Result<(), String> {
        let deadline = Instant::now() + limit;
        loop {
            if pick(self.sample().await?) {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(self
                    .fail(format!("waited {limit:?} for {what} in vain"))
                    .await);
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// The `data-card`s inside the elements a selector finds, in order.
    pub async fn cards_in(&mut self, selector: &str) -> Result<Vec<String>, String> {
        let v = self
            .exec(
                "return [...document.querySelectorAll(arguments[0])].map((e) => e.dataset.card);",
                json!([format!("{selector} [data-card]")]),
            )
            .await?;
        Ok(v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|c| c.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default())
    }

    /// Runs a script and returns its result, failing with a screenshot.
    pub async fn exec(&mut self, script: &str, args: Value) -> Result<Value, String> {
        match self.session.exec(script, args).await {
            Ok(v) => Ok(v),
            Err(e) => Err(self.fail(e).await),
        }
    }

    /// Shows the page at both sizes and screenshots it as `{name}-phone.png` and
    /// `{name}-desktop.png`, checking that neither scrolls sideways and that nothing
    /// covers an enabled action; back at its own size afterwards.
    pub async fn screenshots_both(&mut self, name: &str) -> Result<Vec<String>, String> {
        self.screenshots_both_of(name, Shown::Page).await
    }

    /// [`Page::screenshots_both`] of what `shown` says: the page, or a modal sheet over it.
    pub async fn screenshots_both_of(
        &mut self,
        name: &str,
        shown: Shown<'_>,
    ) -> Result<Vec<String>, String> {
        let mut problems = Vec::new();
        for viewport in [Viewport::Phone, Viewport::Desktop] {
            self.session.set_viewport(viewport).await?;
            // Two frames for the layout to settle after the resize.
            tokio::time::sleep(Duration::from_millis(300)).await;
            if let Shown::Modal(selector) = shown {
                self.session
                    .exec(
                        "const e = document.querySelector(arguments[0]); \
                         if (e) e.scrollIntoView({block: 'center'}); return null;",
                        json!([selector]),
                    )
                    .await?;
            }
            let widths = self
                .session
                .exec(
                    "const s = document.scrollingElement || document.documentElement; \
                     return [s.scrollWidth, window.innerWidth];",
                    json!([]),
                )
                .await?;
            let (scroll, inner) = (widths[0].as_u64(), widths[1].as_u64());
            if scroll > inner {
                problems.push(format!(
                    "{name} at {} scrolls sideways: scrollWidth {scroll:?} > innerWidth {inner:?}",
                    viewport.name()
                ));
            }
            let covered = match shown {
                Shown::Page => self.session.exec(COVERED_JS, json!([])).await?,
                Shown::Modal(_) => Value::Null,
            };
            if let Some(list) = covered.as_array().filter(|l| !l.is_empty()) {
                problems.push(format!(
                    "{name} at {}: {} enabled actions cannot be pressed, something covers them: {}",
                    viewport.name(),
                    list.len(),
                    list.iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join("; ")
                ));
            }
            self.screenshot(&format!("{name}-{}", viewport.name()))
                .await?;
        }
        self.session.set_viewport(self.viewport).await?;
        Ok(problems)
    }
}

/// How a human seat chooses among the actions it may press. In an auction it picks a
/// strain its partner has not bid and bids it, cheapest first, until its side holds the
/// highest bid in that strain, then passes: so the auction ends in a contract it declares
/// (it bid the strain first), and it plays cards, its own and dummy's. Devil's Bridge:
/// bids of one (or the first number it may bid), never changes. The blind card when
/// asked; otherwise the first card or discard, turned by the version so the play varies.
pub fn choose<'a>(enabled: &[&'a str], version: u64, view: &Value) -> Option<&'a str> {
    if enabled
        .iter()
        .any(|a| is_bid(a) || matches!(*a, "P" | "X" | "XX"))
    {
        return choose_call(enabled, view);
    }
    if enabled.iter().any(|a| is_number(a)) {
        return enabled
            .iter()
            .find(|a| **a == "1")
            .or_else(|| enabled.iter().find(|a| is_number(a)))
            .copied();
    }
    if enabled.contains(&"blind") {
        return Some("blind");
    }
    let plays: Vec<&str> = enabled
        .iter()
        .filter(|a| !a.starts_with("change "))
        .copied()
        .collect();
    if plays.is_empty() {
        return None;
    }
    Some(plays[version as usize % plays.len()])
}

/// The call of [`choose`].
fn choose_call<'a>(enabled: &[&'a str], view: &Value) -> Option<&'a str> {
    let me = view["viewer"]["seat"].as_str().unwrap_or_default();
    let players: Vec<&str> = view["deal"]["players"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let partner = players
        .iter()
        .position(|p| *p == me)
        .filter(|_| players.len() == 4)
        .map(|at| players[(at + 2) % 4]);
    let bids: Vec<(&str, &str)> = view["deal"]["history"]
        .as_array()
        .map(|h| {
            h.iter()
                .filter_map(|m| Some((m["player"].as_str()?, m["action"].as_str()?)))
                .filter(|(_, a)| is_bid(a))
                .collect()
        })
        .unwrap_or_default();
    let strain = |bid: &str| bid[1..].to_string();
    let partners: BTreeSet<String> = bids
        .iter()
        .filter(|(p, _)| Some(*p) == partner)
        .map(|(_, b)| strain(b))
        .collect();
    let mine = bids
        .iter()
        .find(|(p, _)| *p == me)
        .map(|(_, b)| strain(b))
        .or_else(|| {
            enabled
                .iter()
                .find(|a| is_bid(a) && !partners.contains(&strain(a)))
                .map(|a| strain(a))
        });
    let ours = |p: &str| p == me || Some(p) == partner;
    let holding = bids
        .last()
        .is_some_and(|(p, b)| ours(p) && Some(strain(b)) == mine);
    let pass = enabled.iter().find(|a| **a == "P");
    if holding {
        return pass.or_else(|| enabled.first()).copied();
    }
    enabled
        .iter()
        .find(|a| is_bid(a) && Some(strain(a)) == mine)
        .or(pass)
        .or_else(|| enabled.first())
        .copied()
}

/// A bid of the partnership games or Bridgette (`1C`, `3NT`, `0NT`, `1R`).
pub fn is_bid(action: &str) -> bool {
    let level = action.as_bytes().first().copied().unwrap_or(b'x');
    action.len() >= 2
        && (b'0'..=b'7').contains(&level)
        && action[1..].chars().all(|c| c.is_ascii_uppercase())
}

/// A Devil's Bridge bid (`3`).
pub fn is_number(action: &str) -> bool {
    !action.is_empty() && action.chars().all(|c| c.is_ascii_digit())
}

/// Any call of an auction: a bid, pass, double, redouble, a Devil's Bridge number or
/// change.
pub fn is_call(action: &str) -> bool {
    is_bid(action)
        || is_number(action)
        || matches!(action, "P" | "X" | "XX")
        || action.starts_with("change ")
}

/// A card play (`SA`, `JK`, `JKS`, `GC`), not a call, discard or the blind play.
pub fn is_card(action: &str) -> bool {
    !is_call(action) && action != "blind" && !action.starts_with("discard ")
}

/// What a scenario does at a human's turn besides playing: screenshots of the table at
/// both sizes once per phase, and pressing an illegal call and an illegal card once
/// each to see that nothing is sent.
#[derive(Debug, Default)]
pub struct Extras {
    /// The screenshots' name (`bridge`), or `None` for none.
    pub screenshots: Option<String>,
    /// The phases already shot.
    pub shot: BTreeSet<String>,
    /// Whether to press illegal actions.
    pub probe_illegal: bool,
    /// What was probed: `call`, `card`.
    pub probed: BTreeSet<&'static str>,
    /// Whether to type at the keyboard once: an illegal call (nothing may be sent) and a
    /// legal card (it must be sent).
    pub keyboard: bool,
    /// Whether to ask for a hint once in the play (`button#hint`, then `#hint-text`).
    pub hint: bool,
    /// The hint's text, once shown.
    pub hint_text: Option<String>,
    /// Defects found (sideways scrolling, a frame sent for an illegal press).
    pub findings: Vec<String>,
}

impl Extras {
    /// Screenshots and probes for a page at its turn. Returns the action it sent, if it
    /// played the turn itself (by keyboard).
    pub async fn at_turn(
        &mut self,
        page: &mut Page,
        sample: &Sample,
    ) -> Result<Option<String>, String> {
        self.look_and_probe(page, sample).await?;
        if self.hint && sample.attr("phase") == Some("play") && self.probed.insert("hint") {
            self.ask_hint(page).await?;
        }
        if self.keyboard {
            return self.type_at_turn(page, sample).await;
        }
        Ok(None)
    }

    /// Presses `button#hint` and waits for `#hint-text` to say something.
    async fn ask_hint(&mut self, page: &mut Page) -> Result<(), String> {
        let pressed = page
            .session
            .click_found("return document.querySelector('button#hint');", json!([]))
            .await?;
        if !pressed {
            self.findings.push(format!(
                "{}: no button#hint at a turn of the play",
                page.label
            ));
            return Ok(());
        }
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let text = page
                .exec(
                    "const e = document.querySelector('#hint-text'); \
                     return e && (e.offsetWidth || e.offsetHeight) ? e.innerText : '';",
                    json!([]),
                )
                .await?;
            let text = text.as_str().unwrap_or_default().trim().to_string();
            if !text.is_empty() {
                println!("{}: the hint says {text:?}", page.label);
                self.hint_text = Some(text);
                // The hint is in the DOM now: the next look keeps it for the leak check.
                page.sample().await?;
                return Ok(());
            }
            if Instant::now() > deadline {
                self.findings.push(format!(
                    "{}: button#hint pressed, #hint-text showed nothing within 20 s",
                    page.label
                ));
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    }

    /// The keyboard: at the first turn of the auction an illegal call typed and entered
    /// sends nothing; at the first turn of the play a legal card typed (in lower case,
    /// a ten as `10`) and entered is sent.
    async fn type_at_turn(
        &mut self,
        page: &mut Page,
        sample: &Sample,
    ) -> Result<Option<String>, String> {
        let phase = sample.attr("phase").unwrap_or_default();
        let typed = |action: &str| action.to_lowercase().replacen('t', "10", 1);
        // Keys go to the page, not to a field that had the focus.
        page.exec(
            "document.activeElement && document.activeElement.blur();",
            json!([]),
        )
        .await?;
        if phase == "auction" && self.probed.insert("keyboard-illegal") {
            let Some(call) = sample
                .actions
                .iter()
                .find(|(a, on)| !*on && is_bid(a))
                .map(|(a, _)| a.clone())
            else {
                return Ok(None);
            };
            page.pump().await?;
            let before = page.frames.len();
            page.session.type_keys(&call.to_lowercase()).await?;
            page.session.type_keys("\u{E007}").await?;
            tokio::time::sleep(Duration::from_millis(800)).await;
            page.pump().await?;
            let sent = page.commands_sent_since(before);
            let said = page
                .exec(
                    "return [...document.querySelectorAll('#key-entry, [role=alert], [role=status]')]\
                     .map((e) => e.innerText).filter((t) => t && t.trim()).join(' | ');",
                    json!([]),
                )
                .await?;
            println!(
                "{}: typed the illegal call {call:?} and Enter: {} frames sent; the page says {said}",
                page.label,
                sent.len()
            );
            if !sent.is_empty() {
                self.findings.push(format!(
                    "{}: typing the illegal call {call:?} and Enter sent {sent:?}",
                    page.label
                ));
            }
            // Escape clears the entry.
            page.session.type_keys("\u{E00C}").await?;
            return Ok(None);
        }
        if phase == "play" && self.probed.insert("keyboard-legal") {
            let Some(card) = sample
                .enabled()
                .into_iter()
                .find(|a| is_card(a) && !a.starts_with("JK"))
            else {
                return Ok(None);
            };
            let card = card.to_string();
            page.pump().await?;
            let before = page.frames.len();
            page.session.type_keys(&typed(&card)).await?;
            page.session.type_keys("\u{E007}").await?;
            let deadline = Instant::now() + SEND_WAIT;
            loop {
                page.pump().await?;
                let sent = page.sent_act_since(before, &card);
                if sent {
                    println!(
                        "{}: typed {:?} and Enter: {card} sent",
                        page.label,
                        typed(&card)
                    );
                    return Ok(Some(card));
                }
                if Instant::now() > deadline {
                    self.findings.push(format!(
                        "{}: typing the legal card {:?} and Enter sent nothing within {SEND_WAIT:?}",
                        page.label,
                        typed(&card)
                    ));
                    page.session.type_keys("\u{E00C}").await?;
                    return Ok(None);
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        Ok(None)
    }

    /// Screenshots once per phase, and an illegal call and card pressed once each.
    async fn look_and_probe(&mut self, page: &mut Page, sample: &Sample) -> Result<(), String> {
        let phase = sample.attr("phase").unwrap_or_default().to_string();
        let wanted = matches!(phase.as_str(), "auction" | "play" | "exchange");
        if let Some(name) = self
            .screenshots
            .clone()
            .filter(|_| wanted && !self.shot.contains(&phase))
        {
            self.shot.insert(phase.clone());
            let found = page.screenshots_both(&format!("{name}-{phase}")).await?;
            self.findings.extend(found);
        }
        if !self.probe_illegal {
            return Ok(());
        }
        let disabled: Vec<&str> = sample
            .actions
            .iter()
            .filter(|(_, on)| !*on)
            .map(|(a, _)| a.as_str())
            .collect();
        let kind: (&'static str, fn(&str) -> bool) = match phase.as_str() {
            "auction" => ("call", is_call),
            "play" => ("card", is_card),
            _ => return Ok(()),
        };
        if self.probed.contains(kind.0) {
            return Ok(());
        }
        let Some(action) = disabled.into_iter().find(|a| kind.1(a)) else {
            return Ok(());
        };
        self.probed.insert(kind.0);
        page.pump().await?;
        let before = page.frames.len();
        match page.press_disabled(action).await {
            Ok(true) => {}
            Ok(false) => return Ok(()),
            Err(e) => {
                self.findings.push(format!(
                    "{}: the illegal {} {action:?} could not be clicked: {e}",
                    page.label, kind.0
                ));
                return Ok(());
            }
        }
        tokio::time::sleep(Duration::from_millis(800)).await;
        page.pump().await?;
        let sent = page.commands_sent_since(before);
        println!(
            "{}: pressed the illegal {} {action:?}: {} frames sent",
            page.label,
            kind.0,
            sent.len()
        );
        if !sent.is_empty() {
            self.findings.push(format!(
                "{}: pressing the illegal {} {action:?} sent {sent:?}",
                page.label, kind.0
            ));
        }
        // The page says why in the server's words (`call_reasons`, `card_reasons`), never
        // its own fallback: every refused call and card of the player's turn has one.
        let said = page
            .exec(SAID_WHY_JS, json!([]))
            .await?
            .as_str()
            .unwrap_or("")
            .to_string();
        println!("{}: the page said why: {said:?}", page.label);
        let fallback = ["not a legal call now", "That card may not be played now"];
        if said.trim().is_empty()
            || said.contains("{action}")
            || fallback.iter().any(|f| said.contains(f))
        {
            self.findings.push(format!(
                "{}: pressing the illegal {} {action:?} said {said:?}, not the server's reason",
                page.label, kind.0
            ));
        }
        Ok(())
    }
}

/// The words the page shows for a refused press: the bidding box's reason line for a
/// call, else the table's notice.
const SAID_WHY_JS: &str = "
    const shown = (el) => el && !el.hidden && el.textContent.trim() ? el.textContent : null;
    return shown(document.querySelector('.call-reason')) || shown(document.querySelector('.notice')) || '';
";

/// One human seat's page in [`play_round`].
pub struct Player<'a> {
    /// The page.
    pub page: &'a mut Page,
    /// An action pressed and the version it was pressed at, until the version moves.
    pub pending: Option<(String, u64, Instant)>,
    /// Actions pressed so far.
    pub pressed: usize,
    /// Play goes on until the result of this deal shows (1 unless set).
    pub until_deal: u64,
}

impl<'a> Player<'a> {
    /// A page to play from.
    pub fn new(page: &'a mut Page) -> Player<'a> {
        Player {
            page,
            pending: None,
            pressed: 0,
            until_deal: 1,
        }
    }
}

/// Contract checks of one sample against the view of the same version: enabled actions
/// are exactly the legal ones, `data-my-turn` says whether there are any, and the table's
/// data attributes agree with the view. Returns the disagreements.
pub fn contract_problems(sample: &Sample, view: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let legal: BTreeSet<&str> = view["legal"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let enabled: BTreeSet<&str> = sample.enabled().into_iter().collect();
    // A Five Crowns joker in no trump is one card to press (`JK`) that opens a chooser of
    // the named plays (`JKS`…): the card stands for them.
    let named_joker = |a: &&str| a.len() == 3 && a.starts_with("JK");
    let joker_stands_in = enabled.contains("JK") && legal.iter().any(named_joker);
    let extra: Vec<&&str> = enabled
        .iter()
        .filter(|a| !(legal.contains(**a) || joker_stands_in && **a == "JK"))
        .collect();
    let missing: Vec<&&str> = legal
        .iter()
        .filter(|a| !(enabled.contains(**a) || joker_stands_in && named_joker(a)))
        .collect();
    let version = sample.version().unwrap_or(0);
    if !extra.is_empty() {
        problems.push(format!(
            "at version {version} the page enables {extra:?}, which are not legal (legal: {legal:?})"
        ));
    }
    if !missing.is_empty() {
        problems.push(format!(
            "at version {version} the legal {missing:?} cannot be pressed (enabled: {enabled:?})"
        ));
    }
    let my_turn = sample.attr("myTurn");
    let expected = if legal.is_empty() { "false" } else { "true" };
    if my_turn != Some(expected) {
        problems.push(format!(
            "at version {version} #table[data-my-turn] is {my_turn:?}, but the view's legal is {legal:?}"
        ));
    }
    let phase = view["deal"]["phase"].as_str().unwrap_or("");
    if sample.attr("phase") != Some(phase) {
        problems.push(format!(
            "at version {version} #table[data-phase] is {:?}, the view's deal.phase {phase:?}",
            sample.attr("phase")
        ));
    }
    problems
}

/// The number of the deal whose result `#deal-result` shows ("Deal 2" on its first line;
/// 1 if it names none).
pub fn result_deal(sample: &Sample) -> Option<u64> {
    let text = sample.result.as_deref()?;
    let number = text
        .split_whitespace()
        .skip_while(|w| *w != "Deal")
        .nth(1)
        .and_then(|n| n.parse().ok());
    Some(number.unwrap_or(1))
}

/// One look at every player's page, pressing an action where one may be pressed.
/// Returns whether every page shows the deal's result. Contract disagreements go into
/// `problems` (once each).
pub async fn play_round(
    players: &mut [Player<'_>],
    problems: &mut Vec<String>,
    extras: &mut Extras,
) -> Result<bool, String> {
    let mut all_done = true;
    for player in players.iter_mut() {
        let sample = player.page.sample().await?.clone();
        let Some(version) = sample.version() else {
            all_done = false;
            continue;
        };
        let (scroll, inner) = sample.widths;
        if scroll > inner {
            let p = format!(
                "{}: the page scrolls sideways at {} (scrollWidth {scroll} > innerWidth {inner})",
                player.page.label,
                player.page.viewport.name()
            );
            if !problems.contains(&p) {
                problems.push(p);
            }
        }
        if let Some(view) = player.page.view_at(version) {
            for p in contract_problems(&sample, view) {
                let p = format!("{}: {p}", player.page.label);
                if !problems.contains(&p) {
                    problems.push(p);
                }
            }
        }
        if result_deal(&sample).is_some_and(|n| n >= player.until_deal) {
            continue;
        }
        all_done = false;
        if let Some((action, at, when)) = &player.pending {
            if *at == version && when.elapsed() < STALL {
                continue;
            }
            if *at == version {
                return Err(player
                    .page
                    .fail(format!(
                        "pressed {action} at version {at}; the version has not moved in {STALL:?}"
                    ))
                    .await);
            }
            player.pending = None;
        }
        let enabled = sample.enabled();
        if !enabled.is_empty()
            && let Some(sent) = extras.at_turn(player.page, &sample).await?
        {
            player.pressed += 1;
            player.pending = Some((sent, version, Instant::now()));
            continue;
        }
        let view = player.page.view_at(version).cloned().unwrap_or_default();
        let Some(action) = choose(&enabled, version, &view) else {
            continue;
        };
        let before = player.page.frames.len();
        let action = if action.starts_with("discard ") {
            // Bridgette's discards are chosen in the hand, then sent together: the first
            // chosen is the one looked for among the frames.
            match player.page.discard().await?.into_iter().next() {
                Some(first) => first,
                None => continue, // still sending the last choice
            }
        } else if player.page.press(action).await? {
            action.to_string()
        } else {
            continue; // the page changed between the look and the press
        };
        player.pressed += 1;
        // A chooser (the named joker) sends nothing yet: the next look presses in it.
        if action == "JK" {
            continue;
        }
        let deadline = Instant::now() + SEND_WAIT;
        let sent = loop {
            player.page.pump().await?;
            let sent = player.page.sent_act_since(before, &action);
            if sent || Instant::now() > deadline {
                break sent;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        if !sent {
            let p = format!(
                "{}: pressing the enabled {action:?} at version {version} sent no act frame within {SEND_WAIT:?}",
                player.page.label
            );
            if !problems.contains(&p) {
                problems.push(p);
            }
        }
        player.pending = Some((action, version, Instant::now()));
    }
    Ok(all_done)
}

/// Plays every human seat through its page until each page shows `#deal-result`, within
/// `limit`, looking at the `watchers`' pages (spectators) on every round too: they must
/// enable nothing. Returns the contract disagreements seen on the way.
pub async fn play_to_result(
    players: &mut [Player<'_>],
    watchers: &mut [&mut Page],
    limit: Duration,
    extras: &mut Extras,
) -> Result<Vec<String>, String> {
    let deadline = Instant::now() + limit;
    let mut problems = Vec::new();
    loop {
        let done = play_round(players, &mut problems, extras).await?;
        for watcher in watchers.iter_mut() {
            let enabled: Vec<String> = watcher
                .sample()
                .await?
                .enabled()
                .iter()
                .map(|a| a.to_string())
                .collect();
            let p = format!("{}: a spectator's page enables {enabled:?}", watcher.label);
            if !enabled.is_empty() && !problems.contains(&p) {
                problems.push(p);
            }
        }
        if done {
            return Ok(problems);
        }
        if Instant::now() > deadline {
            let page = &mut players[0].page;
            return Err(page
                .fail(format!(
                    "no #deal-result within {limit:?}; contract problems so far: {problems:#?}"
                ))
                .await);
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Fills the lobby's create-a-table form: chooses the game, sets each control the
/// way a person would (its value, then the `change` event the form listens to), and
/// submits. `options` are RULES.md option keys, `seats` each seat's choice (`me`, a
/// computer level, or `""` for a person), `settings` the table settings the form offers
/// (a setting it does not offer is left out: the table keeps its default).
const FILL_FORM_JS: &str = r#"
const [game, options, seats, settings] = arguments;
const form = document.querySelector('#create-form');
if (!form) return 'no #create-form';
const set = (control, value) => {
  if (control.type === 'checkbox') control.checked = Boolean(value);
  else control.value = control.dataset.kind === 'json' ? JSON.stringify(value) : String(value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
};
const gameSelect = form.querySelector('select[name=game]');
if (![...gameSelect.options].some((o) => o.value === game)) return `no game ${game} in the form`;
set(gameSelect, game);
for (const [key, value] of Object.entries(options)) {
  const control = form.querySelector(`[data-option="${key}"]`);
  if (!control) return `no option ${key} in the form`;
  set(control, value);
}
for (const [seat, choice] of Object.entries(seats)) {
  const control = form.querySelector(`select[data-seat="${seat}"]`);
  if (!control) return `no seat ${seat} in the form`;
  set(control, choice);
}
const missing = [];
for (const [key, value] of Object.entries(settings)) {
  const control = form.querySelector(`[data-setting="${key}"]`);
  if (control) set(control, value); else missing.push(key);
}
return missing.length ? `settings not offered: ${missing.join(', ')}` : 'ok';
"#;

/// The table id in a page address `/t/{id}`.
pub fn table_id_of(url: &str) -> Option<u64> {
    let rest = url.split("/t/").nth(1)?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

impl Page {
    /// Creates a table through the lobby's form (see [`FILL_FORM_JS`]) and waits for the
    /// page to go to it; the table's id and what the form did not offer.
    pub async fn create_table(
        &mut self,
        game: &str,
        options: Value,
        seats: Value,
        settings: Value,
    ) -> Result<(u64, String), String> {
        self.goto("/").await?;
        // The games' options arrive from the server after the form is first drawn.
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let ready = self
                .exec(
                    "return !!document.querySelector('#create-form select[name=game] option') \
                     && !!document.querySelector('#create-form [data-setting], #create-form [data-option]');",
                    json!([]),
                )
                .await?;
            if ready == true {
                break;
            }
            if Instant::now() > deadline {
                // Fill what there is: the games' descriptions may not be served.
                break;
            }
            tokio::time::sleep(POLL).await;
        }
        let filled = self
            .exec(FILL_FORM_JS, json!([game, options, seats, settings]))
            .await?;
        let filled = filled.as_str().unwrap_or_default().to_string();
        if filled != "ok" && !filled.starts_with("settings not offered") {
            return Err(self.fail(format!("the create form: {filled}")).await);
        }
        let clicked = self
            .session
            .click_found(
                "return document.querySelector('#create-submit');",
                json!([]),
            )
            .await?;
        if !clicked {
            return Err(self.fail("no #create-submit".into()).await);
        }
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let url = self.session.url().await?;
            if let Some(id) = table_id_of(&url) {
                return Ok((id, filled));
            }
            // A private table shows its invitation first.
            let _ = self
                .session
                .click_found("return document.querySelector('#go-to-table');", json!([]))
                .await;
            if Instant::now() > deadline {
                let error = self
                    .exec(
                        "const e = document.querySelector('#create-error'); return e ? e.innerText : '';",
                        json!([]),
                    )
                    .await?;
                return Err(self
                    .fail(format!(
                        "the form did not lead to a table; its error: {error}"
                    ))
                    .await);
            }
            tokio::time::sleep(POLL).await;
        }
    }
}
