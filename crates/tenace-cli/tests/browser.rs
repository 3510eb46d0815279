//! The page end to end (issue 25): the real `tenace serve` binary on loopback, the page in
//! headless Chromium driven through ChromeDriver, a person's presses as real clicks.
//!
//! - Each of the five games: a table made through the lobby's form with computer players
//!   in the other seats, one whole deal played by pressing the page's enabled calls, cards,
//!   discards, bids and blind plays until `#deal-result` shows; screenshots of the table in
//!   the auction and in the play at phone and desktop sizes into `target/screenshots/`,
//!   with no sideways scrolling and no enabled action covered; an illegal call and an
//!   illegal card pressed (and at the bridge table typed), sending nothing. Devil's
//!   Bridge and Bridgette are played at the phone size, the others at the desktop size.
//!   Then the deal's review: every card dealt, and in Contract Bridge, Deuces Wild and Five
//!   Crowns the whole strain by declarer table and par within [`TABLE_LIMIT`];
//!   screenshots of it at both sizes (`{game}-review-*`), its table in view.
//! - Two browsers (two players) at one Devil's Bridge table playing against each other,
//!   watched by a third.
//! - A reload mid-deal, and the server killed with SIGKILL and started again on the same
//!   port mid-deal: the page shows its reconnect banner, comes back where it was with
//!   every action kept, and the deal goes on to its end.
//! - Every page: no card its viewer may not see in any frame it received or in its DOM,
//!   checked against the deals' public records by the server tests' checker.
//! - Everywhere: the enabled `[data-action]`s are exactly the view's legal actions.
//!
//! The scenarios run one at a time (each starts a browser or three); each is bounded in
//! time and fails with a screenshot (`target/screenshots/FAILED-*.png`). Chromium and
//! ChromeDriver must be installed (`.ci/run` installs them): without them these tests
//! fail, saying so.

mod browser_support;
mod serve_common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use browser_support::scenario::{
    DEAL_LIMIT, Env, cards_played, check_hidden, click_when, fast, history, my_turn, no_defects,
    play_until, records, run,
};
use browser_support::webdriver::Viewport;
use browser_support::{Extras, Page, Player, Shown, play_to_result};
use serve_common::Server;

/// One game through the page: create with the form, play a deal, screenshots, illegal
/// presses, the hidden-information check (with a spectator's page too when asked).
async fn one_game(
    env: &mut Env,
    game: &str,
    options: Value,
    seats: Value,
    spectate: bool,
    viewport: Viewport,
) -> Result<(), String> {
    let mut page = Page::open(&env.driver, env.server.addr, "/", game).await?;
    let (table, filled) = page.create_table(game, options, seats, fast()).await?;
    println!(
        "{game}: table {table} made through the form ({filled}), played at the {} size",
        viewport.name()
    );
    page.set_viewport(viewport).await?;
    page.wait_for("#table", Duration::from_secs(20), |s| s.table.is_some())
        .await?;
    let mut spectator = match spectate {
        true => Some(
            Page::open(
                &env.driver,
                env.server.addr,
                &format!("/t/{table}"),
                &format!("{game}-spectator"),
            )
            .await?,
        ),
        false => None,
    };
    let mut extras = Extras {
        screenshots: Some(game.to_string()),
        probe_illegal: true,
        keyboard: game == "bridge",
        hint: game == "bridge",
        ..Extras::default()
    };
    let mut problems = {
        let mut players = [Player::new(&mut page)];
        let mut watchers: Vec<&mut Page> = spectator.iter_mut().collect();
        play_to_result(&mut players, &mut watchers, DEAL_LIMIT, &mut extras).await?
    };
    let result = page.last.result.clone().unwrap_or_default();
    println!("{game}: #deal-result {result:?}");
    let size = page.viewport.name();
    page.screenshot(&format!("{game}-result-{size}")).await?;
    if result.trim().is_empty() {
        problems.push("#deal-result is shown empty".into());
    }
    for phase in ["auction", "play"] {
        if !extras.shot.contains(phase) {
            problems.push(format!(
                "never my turn in the {phase}: no {game}-{phase} screenshots"
            ));
        }
    }
    let mut pages = vec![&page];
    pages.extend(spectator.as_ref());
    check_hidden(env, &pages, table).await?;
    problems.extend(review(env, &mut page, table).await?);
    problems.extend(extras.findings);
    problems.extend(page.defects.iter().cloned());
    no_defects(game, &problems)
}

/// Opens the review of the deal just played (`#review-btn`): `#review` must show every
/// card dealt (all hands, public now) and, in the partnership games, the whole strain
/// table and par; screenshots at both sizes once the double-dummy review's progress bar
/// is gone (or after 10 s: a debug build solves slowly) and the table and par are shown.
/// Returns the defects.
async fn review(env: &Env, page: &mut Page, table: u64) -> Result<Vec<String>, String> {
    let mut defects = Vec::new();
    let opened = page
        .session
        .click_found("return document.querySelector('#review-btn');", json!([]))
        .await?;
    if !opened {
        return Ok(vec![format!(
            "{}: no #review-btn after the deal",
            page.label
        )]);
    }
    page.wait_for("#review", Duration::from_secs(20), |_| true)
        .await?;
    // The table and par are timed from the review's showing: what a player waits.
    let shown_at = Instant::now();
    let deadline = shown_at + Duration::from_secs(10);
    loop {
        let running = page
            .exec(
                "const r = document.querySelector('#review'); \
                 return !r || !!r.querySelector('progress');",
                json!([]),
            )
            .await?;
        if running == false || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    if let Some(strains) = table_strains(&page.label) {
        defects.extend(wait_for_strain_table(page, strains, shown_at).await?);
        defects.extend(wait_for_par(page, shown_at).await?);
    }
    defects.extend(review_screenshots(page).await?);
    let shown: BTreeSet<String> = page.cards_in("#review").await?.into_iter().collect();
    // The hands as dealt, rebuilt from the deal in full by the checker (Bridgette's
    // review starts from the hands the play began with: not compared).
    let records = records(env, page, table).await?;
    let record = &records["deals"][0]["record"];
    if record["game"] == "bridgette" {
        return Ok(defects);
    }
    let truth = browser_support::hidden::checker::DealTruth::from_record(record, None)?;
    let dealt: BTreeSet<String> = truth
        .dealt
        .iter()
        .flatten()
        .map(|c| c.to_string())
        .collect();
    let missing: Vec<&String> = dealt.difference(&shown).collect();
    if !missing.is_empty() {
        defects.push(format!(
            "{}: the review does not show every card dealt: {} of {} missing, e.g. {:?} ({} shown)",
            page.label,
            missing.len(),
            dealt.len(),
            &missing[..missing.len().min(8)],
            shown.len(),
        ));
    }
    Ok(defects)
}

/// The strains of the double-dummy table a game's review shows, the games scored as
/// Contract Bridge, which show par under it too (`None`: no table to wait for: Devil's
/// Bridge has none, and Bridgette's is of the hands after the exchange and has no par).
fn table_strains(game: &str) -> Option<usize> {
    match game {
        "bridge" | "deuces-wild" => Some(5),
        // Stars, spades, hearts, diamonds, clubs and no trump.
        "five-crowns" => Some(6),
        _ => None,
    }
}

/// Waits (at most [`TABLE_LIMIT`] from `started`) for the review's strain by declarer
/// table to be whole: `strains` rows of four numbers. The defect when it is not.
async fn wait_for_strain_table(
    page: &mut Page,
    strains: usize,
    started: Instant,
) -> Result<Vec<String>, String> {
    let whole_rows = "return [...document.querySelectorAll('#review .dd-table tbody tr')] \
                      .filter(r => [...r.querySelectorAll('td')] \
                        .every(td => /^\\d+$/.test(td.textContent.trim()))).length;";
    let what = format!("strain table of {strains} whole rows");
    wait_in_review(page, started, &what, whole_rows, |rows| {
        rows.as_u64() == Some(strains as u64)
    })
    .await
}

/// Waits (at most [`TABLE_LIMIT`] from `started`) for the review's par line, which comes
/// once every step of the review is done: `Par:` with a North-South score. The defect when
/// it does not come.
async fn wait_for_par(page: &mut Page, started: Instant) -> Result<Vec<String>, String> {
    let par_line = "const p = document.querySelector('#review .dd-par'); \
                    return p ? p.textContent.trim() : '';";
    wait_in_review(page, started, "par", par_line, |text| {
        let text = text.as_str().unwrap_or_default();
        text.starts_with("Par:") && text.contains("NS")
    })
    .await
}

/// Runs `script` on the page every 300 ms until `done` takes its answer, at most
/// [`TABLE_LIMIT`] from `started`, and says how long `what` took. The defect, with the
/// last answer, when it never does.
async fn wait_in_review(
    page: &mut Page,
    started: Instant,
    what: &str,
    script: &str,
    done: impl Fn(&Value) -> bool,
) -> Result<Vec<String>, String> {
    loop {
        let answer = page.exec(script, json!([])).await?;
        if done(&answer) {
            println!(
                "{}: the review's {what} after {:?}: {answer}",
                page.label,
                started.elapsed()
            );
            return Ok(Vec::new());
        }
        if started.elapsed() > TABLE_LIMIT {
            return Ok(vec![format!(
                "{}: the review shows no {what} after {TABLE_LIMIT:?} (it shows {answer})",
                page.label
            )]);
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// Screenshots the open review at both sizes (`{label}-review-phone.png` and
/// `-desktop.png`), its strain table (if any) scrolled into view, with no sideways
/// scrolling; the page is back at its own size afterwards.
async fn review_screenshots(page: &mut Page) -> Result<Vec<String>, String> {
    let name = format!("{}-review", page.label);
    page.screenshots_both_of(&name, Shown::Modal("#review .dd-table"))
        .await
}

/// How long the review's strain table and par may take in a test build on a busy machine.
const TABLE_LIMIT: Duration = Duration::from_secs(90);

#[test]
fn bridge_deal_through_the_page_with_a_spectator() {
    run("bridge", Duration::from_secs(300), |env| {
        Box::pin(one_game(
            env,
            "bridge",
            json!({}),
            json!({"N": "basic", "E": "basic", "S": "me", "W": "basic"}),
            true,
            Viewport::Desktop,
        ))
    });
}

#[test]
fn deuces_wild_deal_through_the_page() {
    run("deuces-wild", Duration::from_secs(300), |env| {
        Box::pin(one_game(
            env,
            "deuces-wild",
            json!({}),
            json!({"N": "basic", "E": "basic", "S": "me", "W": "basic"}),
            false,
            Viewport::Desktop,
        ))
    });
}

#[test]
fn five_crowns_deal_through_the_page() {
    run("five-crowns", Duration::from_secs(300), |env| {
        Box::pin(one_game(
            env,
            "five-crowns",
            json!({}),
            json!({"N": "basic", "E": "basic", "S": "me", "W": "basic"}),
            false,
            Viewport::Desktop,
        ))
    });
}

#[test]
fn devils_bridge_five_players_deal_at_phone_size() {
    run("devils-bridge", Duration::from_secs(300), |env| {
        Box::pin(one_game(
            env,
            "devils-bridge",
            // Ten cards each first (down then up), so the deal is a real one.
            json!({"players": 5, "hand_order": "down_up"}),
            json!({"0": "me", "1": "basic", "2": "basic", "3": "basic", "4": "basic"}),
            false,
            Viewport::Phone,
        ))
    });
}

#[test]
fn bridgette_deal_at_phone_size_with_a_spectator() {
    run("bridgette", Duration::from_secs(300), |env| {
        Box::pin(one_game(
            env,
            "bridgette",
            json!({}),
            json!({"0": "me", "1": "basic"}),
            true,
            Viewport::Phone,
        ))
    });
}

/// Two players' browsers at one Devil's Bridge table (seats 0 and 1, a computer player in
/// seat 2), its first hand blind, a third browser watching: they play the first two deals
/// against each other, and no page shows a card its viewer may not see (in the blind hand, one's
/// own card).
async fn two_players(env: &mut Env) -> Result<(), String> {
    let mut host = Page::open(&env.driver, env.server.addr, "/", "devils-0").await?;
    let (table, _) = host
        .create_table(
            "devils-bridge",
            json!({"players": 3, "blind_one_card_hands": "all"}),
            json!({"0": "me", "1": "", "2": "basic"}),
            fast(),
        )
        .await?;
    let path = format!("/t/{table}");
    // The spectator finds the table in the lobby's open tables and watches it.
    let mut watcher = Page::open(&env.driver, env.server.addr, "/", "devils-spectator").await?;
    let watch = format!("return document.querySelector('button.watch[data-table=\"{table}\"]');");
    click_when(
        &mut watcher,
        "the lobby's Watch button of the table",
        &watch,
    )
    .await?;
    // The host says something before the start (a chat is an event of the table's log:
    // during a deal it would shift the versions the leak check counts actions by).
    click_when(
        &mut host,
        "#chat input",
        "return document.querySelector('#chat input');",
    )
    .await?;
    host.session.type_keys("good luck\u{E007}").await?;
    // The second player opens the table's address and takes the free seat there.
    let mut guest = Page::open(&env.driver, env.server.addr, &path, "devils-1").await?;
    let sit = "return document.querySelector('button[data-sit=\"1\"]');";
    click_when(
        &mut guest,
        "button[data-sit=\"1\"] to take the free seat",
        sit,
    )
    .await?;
    guest
        .wait_for(
            "the host's chat on the guest's page",
            Duration::from_secs(20),
            |s| s.text.contains("good luck"),
        )
        .await?;
    watcher
        .wait_for("the watched table", Duration::from_secs(20), |s| {
            s.attr("tableId") == Some(table.to_string().as_str())
        })
        .await?;
    let mut extras = Extras {
        probe_illegal: true,
        ..Extras::default()
    };
    let problems = {
        let mut players = [Player::new(&mut host), Player::new(&mut guest)];
        // The blind hand of one card, then a hand of two.
        for player in &mut players {
            player.until_deal = 2;
        }
        let mut watchers = [&mut watcher];
        let problems = play_to_result(&mut players, &mut watchers, DEAL_LIMIT, &mut extras).await?;
        for player in &players {
            if player.pressed == 0 {
                return Err(format!("{} pressed nothing", player.page.label));
            }
        }
        problems
    };
    check_hidden(env, &[&host, &guest, &watcher], table).await?;
    let mut defects = problems;
    defects.extend(extras.findings);
    defects.extend(host.defects.iter().chain(&guest.defects).cloned());
    no_defects("two players", &defects)
}

#[test]
fn two_browsers_play_each_other_with_a_spectator() {
    run("two players", Duration::from_secs(300), |env| {
        Box::pin(two_players(env))
    });
}

/// After an interruption: the page shows a version at least `version` again, and the
/// first view it received since frame `from` keeps every action of `before`.
async fn resumed(
    page: &mut Page,
    from: usize,
    version: u64,
    before: &[Value],
    what: &str,
) -> Result<(), String> {
    page.wait_for(
        &format!("the table again at version {version} or later after {what}"),
        Duration::from_secs(30),
        |s| s.version().is_some_and(|v| v >= version) && s.banner.is_none(),
    )
    .await?;
    let first = page.frames[from.min(page.frames.len())..]
        .iter()
        .find(|f| !f.sent && f.json["type"] == "view")
        .map(|f| history(&f.json["view"]))
        .ok_or(format!("no view received after {what}"))?;
    if first.len() < before.len() || first[..before.len()] != *before {
        return Err(page
            .fail(format!(
                "after {what} the deal's actions are {first:?}, not a continuation of {before:?}"
            ))
            .await);
    }
    Ok(())
}

/// Reload mid-auction, SIGKILL and restart mid-play at the player's turn (a card pressed
/// while the server is down goes when it is back, once), then the deal's end.
async fn interruptions(env: &mut Env) -> Result<(), String> {
    let mut page = Page::open(&env.driver, env.server.addr, "/", "bridge-resume").await?;
    let (table, _) = page
        .create_table(
            "bridge",
            json!({}),
            json!({"N": "basic", "E": "basic", "S": "me", "W": "basic"}),
            fast(),
        )
        .await?;
    let mut problems = Vec::new();
    let mut player = Player::new(&mut page);
    // The reload: once South has called.
    play_until(&mut player, &mut problems, "a call by South", |v| {
        history(v).iter().any(|m| m["player"] == "S")
    })
    .await?;
    let p = &mut *player.page;
    let view = p.latest_view().cloned().unwrap_or_default();
    let (version, before) = (view["version"].as_u64().unwrap_or(0), history(&view));
    let hand = p.cards_in("#my-hand").await?;
    let from = p.frames.len();
    p.session.refresh().await?;
    resumed(p, from, version, &before, "a reload").await?;
    let shown = p.latest_view().cloned().unwrap_or_default();
    if shown["version"] == version && p.cards_in("#my-hand").await? != hand {
        return Err(p
            .fail(format!(
                "after the reload #my-hand shows other cards than {hand:?}"
            ))
            .await);
    }
    println!(
        "reload at version {version}: resumed with {} actions",
        before.len()
    );
    // The kill: a few cards into the play, at South's turn.
    play_until(
        &mut player,
        &mut problems,
        "South's turn after three cards",
        |v| v["deal"]["phase"] == "play" && cards_played(v) >= 3 && my_turn(v),
    )
    .await?;
    let p = &mut *player.page;
    let view = p.latest_view().cloned().unwrap_or_default();
    let (version, before) = (view["version"].as_u64().unwrap_or(0), history(&view));
    let addr = env.server.addr;
    let log = env.server.log.clone();
    env.server.kill();
    p.wait_for(
        "#banner saying Reconnecting",
        Duration::from_secs(20),
        |s| {
            s.banner
                .as_deref()
                .is_some_and(|b| b.contains("Reconnecting"))
        },
    )
    .await?;
    p.screenshot("bridge-reconnecting-desktop").await?;
    // A card pressed while the server is down: the page keeps it and sends it (under one
    // id) once the server is back.
    let offline = p
        .last
        .enabled()
        .into_iter()
        .find(|a| browser_support::is_card(a))
        .map(str::to_string);
    let sent_from = p.frames.len();
    match &offline {
        Some(card) => {
            p.press(card).await?;
        }
        None => problems.push(format!(
            "while the server is down the page offers no card to press (legal was {})",
            view["legal"]
        )),
    }
    let from = p.frames.len();
    env.server = Server::start_at(&env.db, &log, &addr.to_string())?;
    resumed(p, from, version, &before, "a server restart").await?;
    if let Some(card) = &offline {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            p.sample().await?;
            let played = p
                .latest_view()
                .map(|v| {
                    history(v)
                        .iter()
                        .filter(|m| m["action"] == card.as_str())
                        .count()
                })
                .unwrap_or(0);
            if played == 1 {
                break;
            }
            if played > 1 || Instant::now() > deadline {
                return Err(p
                    .fail(format!(
                        "the card {card} pressed while the server was down is in the deal {played} times"
                    ))
                    .await);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let ids: BTreeSet<String> = p
            .sent_since(sent_from)
            .iter()
            .filter(|f| f.json["type"] == "act" && f.json["action"] == card.as_str())
            .filter_map(|f| f.json["id"].as_str().map(str::to_string))
            .collect();
        if ids.len() != 1 {
            problems.push(format!(
                "the card {card} pressed while the server was down went under ids {ids:?}, not one"
            ));
        }
        println!("{card} pressed while the server was down: played once");
    }
    println!(
        "server killed at version {version}: resumed with {} actions",
        before.len()
    );
    let mut extras = Extras::default();
    player.pending = None;
    let more = play_to_result(
        std::slice::from_mut(&mut player),
        &mut [],
        DEAL_LIMIT,
        &mut extras,
    )
    .await?;
    problems.extend(more);
    drop(player);
    check_hidden(env, &[&page], table).await?;
    problems.extend(page.defects.iter().cloned());
    no_defects("reload and restart", &problems)
}

#[test]
fn reload_and_server_restart_resume_the_deal() {
    run("interruptions", Duration::from_secs(300), |env| {
        Box::pin(interruptions(env))
    });
}
