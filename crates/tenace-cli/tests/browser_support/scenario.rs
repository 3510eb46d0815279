//! How a browser scenario is run: a server and ChromeDriver of its own, one scenario at a
//! time within a time limit, and what scenarios share on the way (the hidden-card check
//! against the table's records, pressing what appears, playing until a moment).

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::hidden::{catches_planted_cards, check_page};
use super::webdriver::ChromeDriver;
use super::{Extras, Page, Player, play_round};
use crate::serve_common::{Server, expect_json};

/// One scenario at a time: each runs browsers, and the machine may have two cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A deal played through the page must end within this.
pub const DEAL_LIMIT: Duration = Duration::from_secs(240);

/// What a scenario runs against: a server, a driver, and their files.
pub struct Env {
    /// The server under test, on loopback.
    pub server: Server,
    /// The ChromeDriver the pages are opened through.
    pub driver: ChromeDriver,
    /// The server's SQLite file.
    pub db: PathBuf,
    /// Where the files are: removed with the scenario.
    _dir: tempfile::TempDir,
}

/// The `--deal-seed` of every scenario's server.
pub const DEAL_SEED: u64 = 0;

impl Env {
    /// Starts ChromeDriver and the server in a fresh temporary directory.
    pub async fn start() -> Result<Env, String> {
        let dir = tempfile::tempdir().map_err(|e| format!("a temporary directory: {e}"))?;
        let db = dir.path().join("tenace.sqlite");
        let driver = ChromeDriver::start(&dir.path().join("chromedriver.log")).await?;
        // Dealt from a fixed seed, so every run plays the same deals and a review's
        // strain table comes as fast each time: Deuces Wild and Five Crowns tables
        // take from a second to minutes by the deal (this one: about 1 s and 4 s of
        // one thread in a release build).
        let server = Server::start_dealt(&db, &dir.path().join("server.log"), DEAL_SEED)?;
        Ok(Env {
            server,
            driver,
            db,
            _dir: dir,
        })
    }
}

/// A scenario: a future run against an [`Env`].
pub type Scenario =
    for<'a> fn(&'a mut Env) -> Pin<Box<dyn Future<Output = Result<(), String>> + 'a>>;

/// Runs a scenario alone, within `limit`, failing with its message and the server's log.
pub fn run(name: &str, limit: Duration, scenario: Scenario) {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let started = Instant::now();
    runtime.block_on(async {
        let mut env = Env::start()
            .await
            .unwrap_or_else(|e| panic!("{name}: cannot start: {e}"));
        let outcome = tokio::time::timeout(limit, scenario(&mut env)).await;
        match outcome {
            Ok(Ok(())) => println!("{name}: passed in {:.1?}", started.elapsed()),
            Ok(Err(e)) => panic!(
                "{name}: {e}\nthe server's log ends:\n{}",
                env.server.log_tail()
            ),
            Err(_) => panic!(
                "{name}: not done within {limit:?}\nthe server's log ends:\n{}",
                env.server.log_tail()
            ),
        }
    });
}

/// Every finished deal of a table in full: the truth the hidden-card check compares
/// against, read from the server's SQLite file (the public records, read with a page's
/// cookie, must answer too, but keep Bridgette's discards secret, RULES.md §4.2).
pub async fn records(env: &Env, page: &Page, table: u64) -> Result<Value, String> {
    let cookie = page.session.cookie_header().await?;
    let path = format!("/api/tables/{table}/records");
    expect_json(env.server.addr, "GET", &path, Some(&cookie), None, 200).await?;
    let store = tenace_store::SqliteStore::open(&env.db)
        .map_err(|e| format!("open {}: {e}", env.db.display()))?;
    super::hidden::truth::full_records(&store, table as i64)
}

/// Checks pages for hidden cards against the table's records; fails on a leak, or when
/// nothing could be checked.
pub async fn check_hidden(env: &Env, pages: &[&Page], table: u64) -> Result<(), String> {
    let records = records(env, pages[0], table).await?;
    let deals = records["deals"].as_array().map_or(0, Vec::len);
    if deals == 0 {
        return Err(format!(
            "table {table} has no finished deal to check against"
        ));
    }
    let mut leaks = Vec::new();
    for page in pages {
        let report = check_page(page, &records)?;
        println!(
            "{}: {} frames and {} DOM snapshots checked for hidden cards, {} leaks",
            page.label,
            report.frames_checked,
            report.snapshots_checked,
            report.leaks.len()
        );
        if report.frames_checked == 0 || report.snapshots_checked == 0 {
            return Err(format!(
                "{}: nothing to check for hidden cards ({} frames, {} DOM snapshots of a finished deal)",
                page.label, report.frames_checked, report.snapshots_checked
            ));
        }
        leaks.extend(report.leaks);
    }
    // The same check must catch a card planted in what the first page saw.
    catches_planted_cards(pages[0], &records)?;
    if leaks.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} hidden cards shown, the first: {:#?}",
            leaks.len(),
            &leaks[..leaks.len().min(5)]
        ))
    }
}

/// The settings of a table played at full speed, where the form offers them.
pub fn fast() -> Value {
    json!({"pacing_ms": 0, "think_ms": 50, "hints": true})
}

/// Fails with every defect found, if any.
pub fn no_defects(what: &str, defects: &[String]) -> Result<(), String> {
    if defects.is_empty() {
        Ok(())
    } else {
        Err(format!("{what}: {} defects: {defects:#?}", defects.len()))
    }
}

/// Clicks what a finder script returns once it is there (within 20 s: the lobby reads
/// its tables every few seconds).
pub async fn click_when(page: &mut Page, what: &str, finder: &str) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !page.session.click_found(finder, json!([])).await? {
        if Instant::now() > deadline {
            return Err(page.fail(format!("no {what}")).await);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Ok(())
}

/// The deal's actions a view shows.
pub fn history(view: &Value) -> Vec<Value> {
    view["deal"]["history"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Plays until `until` accepts the page's latest view, looked at before each round so
/// the moment it names is caught before the page acts on it (a turn of its own is then
/// still to play).
pub async fn play_until(
    player: &mut Player<'_>,
    problems: &mut Vec<String>,
    what: &str,
    until: impl Fn(&Value) -> bool,
) -> Result<(), String> {
    play_all_until(std::slice::from_mut(player), problems, what, until).await
}

/// [`play_until`] for every person at a table, each through their page; `until` looks at
/// the first one's.
pub async fn play_all_until(
    players: &mut [Player<'_>],
    problems: &mut Vec<String>,
    what: &str,
    until: impl Fn(&Value) -> bool,
) -> Result<(), String> {
    let deadline = Instant::now() + DEAL_LIMIT;
    let mut extras = Extras::default();
    loop {
        let first = &mut players[0];
        first.page.sample().await?;
        if first.pending.is_none() && first.page.latest_view().is_some_and(&until) {
            return Ok(());
        }
        let done = play_round(players, problems, &mut extras).await?;
        if done || Instant::now() > deadline {
            return Err(players[0]
                .page
                .fail(format!("the deal never reached {what}"))
                .await);
        }
        for player in players.iter_mut() {
            // Pressed: wait for the table to move before looking again.
            let shown = player
                .page
                .latest_view()
                .and_then(|v| v["version"].as_u64());
            if player
                .pending
                .as_ref()
                .is_some_and(|(_, at, _)| shown != Some(*at))
            {
                player.pending = None;
            }
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
}

/// Cards played in a view's history.
pub fn cards_played(view: &Value) -> usize {
    history(view)
        .iter()
        .filter(|m| super::is_card(m["action"].as_str().unwrap_or("")))
        .count()
}

/// Whether the view's viewer has something to do.
pub fn my_turn(view: &Value) -> bool {
    view["legal"].as_array().is_some_and(|l| !l.is_empty())
}
