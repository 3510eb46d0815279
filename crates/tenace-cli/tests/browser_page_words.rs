//! What the page says and where (issue 30, points 9 and 10), through the real page in
//! headless Chromium against the real `tenace serve` binary on loopback:
//!
//! - **A private table's host sits when they open it.** The create form makes a private
//!   Bridgette table with the host's seat chosen: while the host is still at the
//!   invitation the seat is free (no away clock runs for them), a friend who sits first,
//!   even in that seat, does not start the game, and the host opening the table takes a
//!   seat (the one left) and starts it. The form also says, under the comparison, that an
//!   undo at compared boards is allowed only before the next action.
//! - **Devil's Bridge says what each player may do.** At a three-player table with the
//!   default options (the full series, RULES.md H1) each plate's points are the score
//!   sheet's running total; a player whose only legal actions are changes of bid is
//!   tagged "may change bid", not flagged as the one to act, and told they may change
//!   it; in the play only the card's holder is tagged "to play".
//! - **One notation, a keys help.** At a Contract Bridge table the hand is sorted ♠ ♥ ♦ ♣,
//!   the felt labels the trick count as tricks, the result writes the contract with its
//!   suit symbol, and the "Keys" help is there on the desktop and not on a phone.
//!
//! Each scenario runs alone within a time limit and fails with a screenshot
//! (`target/screenshots/FAILED-*.png`); Chromium and ChromeDriver must be installed.

mod browser_support;
mod serve_common;

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use browser_support::scenario::{DEAL_LIMIT, Env, fast, no_defects, run};
use browser_support::webdriver::Viewport;
use browser_support::{Page, Player, play_to_result};
use serve_common::{expect_json, http, new_player};

/// How long a page may take to show what a press or a view brings.
const SHOW: Duration = Duration::from_secs(20);

/// The standard order of the suits in a hand (RULES.md §2.2 puts Stars first).
const SUIT_ORDER: &str = "RSHDC";

/// Whether a hand's cards are grouped in the standard suit order.
fn in_standard_order(cards: &[String]) -> bool {
    let rank = |c: &String| c.chars().next().and_then(|s| SUIT_ORDER.find(s));
    cards.windows(2).all(|w| match (rank(&w[0]), rank(&w[1])) {
        (Some(a), Some(b)) => a <= b,
        _ => true,
    })
}

/// Runs a script in the page until it returns something other than null (within
/// `SHOW`); fails naming `what`.
async fn until_some(page: &mut Page, what: &str, script: &str) -> Result<Value, String> {
    let deadline = Instant::now() + SHOW;
    loop {
        let value = page.exec(script, json!([])).await?;
        if !value.is_null() {
            return Ok(value);
        }
        if Instant::now() > deadline {
            return Err(page.fail(format!("waited {SHOW:?} for {what}")).await);
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// Sets a control of the create form the way a person does: the value, then `change`.
const SET_JS: &str = r#"
const [selector, value] = arguments;
const control = document.querySelector(selector);
if (!control) return `no ${selector}`;
control.value = value;
control.dispatchEvent(new Event('change', { bubbles: true }));
return 'ok';
"#;

async fn set(page: &mut Page, selector: &str, value: &str) -> Result<(), String> {
    let done = page.exec(SET_JS, json!([selector, value])).await?;
    if done == "ok" {
        Ok(())
    } else {
        Err(page.fail(format!("the create form: {done}")).await)
    }
}

/// A table's view as the server gives it to a request without a cookie.
async fn table_view(env: &Env, table: u64, invite: &str) -> Result<Value, String> {
    let path = format!("/api/tables/{table}?invite={invite}");
    expect_json(env.server.addr, "GET", &path, None, None, 200).await
}

/// Who sits where in a view: `(seat, player id)`.
fn seated(view: &Value) -> Vec<(String, Option<i64>)> {
    view["seats"]
        .as_array()
        .map(|seats| {
            seats
                .iter()
                .map(|s| {
                    (
                        s["seat"].as_str().unwrap_or_default().to_string(),
                        s["player"].as_i64(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

async fn private_host(env: &mut Env) -> Result<(), String> {
    let addr = env.server.addr;
    let mut host = Page::open(&env.driver, addr, "/", "private-host").await?;
    until_some(
        &mut host,
        "the games' options in the create form",
        "return document.querySelector('#create-form [data-option]') ? true : null;",
    )
    .await?;

    // Compared boards: the form says an undo is allowed only before the next action.
    set(&mut host, "#create-form select[name=match]", "duplicate").await?;
    set(
        &mut host,
        r#"#create-form [data-option="comparison"]"#,
        r#""imps""#,
    )
    .await?;
    let note = host
        .exec(
            "const n = document.querySelector('.compared-undo'); \
             return n && !n.hidden ? n.textContent : '';",
            json!([]),
        )
        .await?;
    let note = note.as_str().unwrap_or_default();
    if !note.contains("only before the next player acts") {
        return Err(host
            .fail(format!("no undo rule under the comparison: {note:?}"))
            .await);
    }

    // A private Bridgette table, the host in seat 0, seat 1 for a person.
    set(&mut host, "#create-form select[name=game]", "bridgette").await?;
    set(&mut host, "#create-form select[name=visibility]", "private").await?;
    set(&mut host, r#"#create-form select[data-seat="0"]"#, "me").await?;
    set(&mut host, r#"#create-form select[data-seat="1"]"#, "").await?;
    host.session
        .click_found(
            "return document.querySelector('#create-submit');",
            json!([]),
        )
        .await?;
    let link = until_some(
        &mut host,
        "the invitation link",
        "const l = document.querySelector('#invite-link'); return l ? l.value : null;",
    )
    .await?;
    let link = link.as_str().unwrap_or_default().to_string();
    let table = browser_support::table_id_of(&link).ok_or(format!("no table in {link:?}"))?;
    let invite = link
        .split("invite=")
        .nth(1)
        .ok_or(format!("no invite in {link:?}"))?
        .to_string();
    host.screenshot("private-invite-desktop").await?;

    // At the invitation the host has no seat: no away clock runs for them.
    let view = table_view(env, table, &invite).await?;
    if seated(&view).iter().any(|(_, p)| p.is_some()) || view["status"] != "open" {
        return Err(format!(
            "the host sits before opening the table: {:?}, status {}",
            seated(&view),
            view["status"]
        ));
    }

    // A friend sits first, in the seat the host chose: the table waits for the host.
    let friend = new_player(addr).await?;
    let sit = json!({"v": 1, "type": "sit", "id": "friend-sits", "seat": "0"});
    let path = format!("/api/tables/{table}/commands?invite={invite}");
    let answer = http(addr, "POST", &path, Some(&friend), Some(&sit))
        .await?
        .json()?;
    if answer["type"] != "ack" {
        return Err(format!("the friend could not sit: {answer}"));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let view = table_view(env, table, &invite).await?;
    if view["status"] != "open" {
        return Err(format!(
            "the game started without its host: {:?}",
            seated(&view)
        ));
    }

    // The host opens the table: seated in the seat left, and the game starts.
    host.session
        .click_found("return document.querySelector('#go-to-table');", json!([]))
        .await?;
    let me = expect_json(
        addr,
        "GET",
        "/api/me",
        Some(&host.session.cookie_header().await?),
        None,
        200,
    )
    .await?;
    let deadline = Instant::now() + SHOW;
    loop {
        let view = table_view(env, table, &invite).await?;
        let sits = seated(&view);
        if sits.contains(&("1".to_string(), me["id"].as_i64())) && view["status"] == "playing" {
            break;
        }
        if Instant::now() > deadline {
            return Err(host
                .fail(format!(
                    "the host opened the table but is not seated in the seat left: {sits:?}, status {}",
                    view["status"]
                ))
                .await);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // The seat asked for is not asked again on a reload.
    let url = host.session.url().await?;
    if url.contains("seat=") {
        return Err(format!("the address keeps the seat to take: {url}"));
    }
    host.screenshot("private-host-seated-desktop").await?;
    Ok(())
}

#[test]
fn a_private_tables_host_sits_when_they_open_it() {
    run("private-host", Duration::from_secs(120), |env| {
        Box::pin(private_host(env))
    });
}

/// Reads the plates in one go: the version shown, the turn line, and each seat's tag,
/// whether it is flagged as acting, and its points.
const PLATES_JS: &str = r#"
const t = document.querySelector('#table');
const seats = [...document.querySelectorAll('#felt .seat')].map((e) => ({
  seat: e.dataset.seat,
  flag: e.querySelector('.turn-flag') ? e.querySelector('.turn-flag').textContent : null,
  turn: e.classList.contains('turn'),
  total: e.querySelector('.total') ? e.querySelector('.total').textContent : null,
}));
const line = document.querySelector('#turn-line');
return { version: t ? Number(t.dataset.version) : null, turn: line ? line.textContent : '', seats };
"#;

/// What a Devil's Bridge table shows against the view it shows: the problems found.
fn devils_plate_problems(plates: &Value, view: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let seats = plates["seats"].as_array().cloned().unwrap_or_default();
    let totals = &view["sheet"]["totals"];
    let legal: Vec<&str> = view["legal"]
        .as_array()
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let me = view["viewer"]["seat"].as_str().unwrap_or_default();
    let phase = view["deal"]["phase"].as_str().unwrap_or_default();
    let version = &view["version"];
    for plate in &seats {
        let seat = plate["seat"].as_str().unwrap_or_default();
        let want = format!("{} pts", totals[seat].as_u64().unwrap_or(0));
        if plate["total"].as_str() != Some(want.as_str()) {
            problems.push(format!(
                "v{version}: seat {seat} shows {} where the sheet's total is {want}",
                plate["total"]
            ));
        }
        let flag = plate["flag"].as_str();
        if flag == Some("may change bid") && plate["turn"] == true {
            problems.push(format!(
                "v{version}: seat {seat} may only change its bid but is flagged as acting"
            ));
        }
        if phase == "play" && flag == Some("to play") {
            let leader = &view["deal"]["trick"]["leader"];
            let played = view["deal"]["trick"]["cards"]
                .as_array()
                .map_or(0, Vec::len);
            let order: Vec<&str> = view["deal"]["players"]
                .as_array()
                .map(|p| p.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let holder = order
                .iter()
                .position(|p| Some(*p) == leader.as_str())
                .map(|i| order[(i + played) % order.len()]);
            if holder != Some(seat) {
                problems.push(format!(
                    "v{version}: seat {seat} is tagged to play, but the card is {holder:?}'s"
                ));
            }
        }
    }
    let only_changes = !legal.is_empty() && legal.iter().all(|a| a.starts_with("change "));
    if only_changes {
        let mine = seats.iter().find(|p| p["seat"] == me);
        if mine.and_then(|p| p["flag"].as_str()) != Some("may change bid") {
            problems.push(format!(
                "v{version}: my legal actions are changes of bid, my plate says {:?}",
                mine.map(|p| &p["flag"])
            ));
        }
        let line = plates["turn"].as_str().unwrap_or_default();
        if !line.starts_with("You may change your bid") {
            problems.push(format!(
                "v{version}: my legal actions are changes of bid, the turn line says {line:?}"
            ));
        }
    }
    problems
}

async fn devils_words(env: &mut Env) -> Result<(), String> {
    let mut page = Page::open(&env.driver, env.server.addr, "/", "devils-words").await?;
    // The computer players pause long enough for the dealer's moment between the last
    // bid and the first card to be seen.
    let settings = json!({"pacing_ms": 1200, "think_ms": 50});
    let seats = json!({"0": "me", "1": "basic", "2": "basic"});
    let (table, _) = page
        .create_table("devils-bridge", json!({"players": 3}), seats, settings)
        .await?;
    println!("devils-words: table {table}");
    page.wait_for("#table", SHOW, |s| s.table.is_some()).await?;
    let mut problems = Vec::new();
    let mut seen_change_in_play = false;
    let mut seen_totals = false;
    let deadline = Instant::now() + DEAL_LIMIT;
    loop {
        page.sample().await?;
        let plates = page.exec(PLATES_JS, json!([])).await?;
        let Some(view) = plates["version"]
            .as_u64()
            .and_then(|v| page.view_at(v))
            .cloned()
        else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        if view["sheet"]["series_length"] != 19 {
            return Err(format!(
                "a three-player game with the default options is not the full series of 19 hands: {}",
                view["sheet"]
            ));
        }
        for problem in devils_plate_problems(&plates, &view) {
            if !problems.contains(&problem) {
                problems.push(problem);
            }
        }
        let legal: Vec<String> = view["legal"]
            .as_array()
            .map(|l| {
                l.iter()
                    .filter_map(|a| a.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let changes_only = !legal.is_empty() && legal.iter().all(|a| a.starts_with("change "));
        if changes_only && view["deal"]["phase"] == "play" && !seen_change_in_play {
            seen_change_in_play = true;
            page.screenshot("devils-words-change-desktop").await?;
        }
        let totals = &view["sheet"]["totals"];
        seen_totals |= ["0", "1", "2"]
            .iter()
            .any(|p| totals[p].as_u64().is_some_and(|t| t > 0));
        let played = view["sheet"]["hands_played"].as_u64().unwrap_or(0);
        if seen_change_in_play && seen_totals && played >= 2 {
            break;
        }
        if Instant::now() > deadline {
            return Err(page
                .fail(format!(
                    "within {DEAL_LIMIT:?}: a dealer's change in the play seen {seen_change_in_play}, \
                     points seen {seen_totals}, {played} hands played"
                ))
                .await);
        }
        // A bid or a card, never a change: the first one offered.
        if let Some(action) = legal.iter().find(|a| !a.starts_with("change ")) {
            page.press(action).await?;
        }
        tokio::time::sleep(Duration::from_millis(120)).await;
    }
    no_defects(&page.label, &problems)
}

#[test]
fn devils_bridge_plates_show_points_and_what_each_player_may_do() {
    run("devils-words", Duration::from_secs(300), |env| {
        Box::pin(devils_words(env))
    });
}

/// The keys help: shown at the page's current size, with its list of keys.
async fn keys_help_shown(page: &mut Page) -> Result<bool, String> {
    let shown = page
        .exec(
            "const k = document.querySelector('#keys-help'); \
             return !!k && !!(k.offsetWidth || k.offsetHeight) && k.textContent.includes('Enter');",
            json!([]),
        )
        .await?;
    Ok(shown == true)
}

/// A contract written in the engine's letters (`3D`, `4SX`) in a text.
fn letter_contract(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.windows(2).enumerate().find_map(|(i, w)| {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 2);
        let word_edge = |c: Option<&char>| c.is_none_or(|c| !c.is_alphanumeric());
        (('1'..='7').contains(&w[0])
            && "CDHS".contains(w[1])
            && word_edge(before.as_ref())
            && (word_edge(after) || after == Some(&'X')))
        .then(|| w.iter().collect())
    })
}

async fn bridge_words(env: &mut Env) -> Result<(), String> {
    let mut page = Page::open(&env.driver, env.server.addr, "/", "bridge-words").await?;
    let seats = json!({"N": "basic", "E": "basic", "S": "me", "W": "basic"});
    let (table, _) = page
        .create_table("bridge", json!({}), seats, fast())
        .await?;
    println!("bridge-words: table {table}");
    page.wait_for("#table", SHOW, |s| s.table.is_some()).await?;
    let mut problems = Vec::new();

    let deadline = Instant::now() + SHOW;
    let hand = loop {
        let hand = page.cards_in("#my-hand").await?;
        if hand.len() == 13 {
            break hand;
        }
        if Instant::now() > deadline {
            return Err(page.fail(format!("no hand of 13 cards: {hand:?}")).await);
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    };
    if !in_standard_order(&hand) {
        problems.push(format!("the hand is not sorted ♠ ♥ ♦ ♣: {hand:?}"));
    }
    let tricks = page
        .exec(
            "const e = document.querySelector('#deal-info .side-tricks'); return e ? e.textContent : '';",
            json!([]),
        )
        .await?;
    if !tricks.as_str().is_some_and(|t| t.starts_with("Tricks")) {
        problems.push(format!(
            "the trick count is not labelled as tricks: {tricks}"
        ));
    }
    if !keys_help_shown(&mut page).await? {
        problems.push("no keys help on the desktop".into());
    }
    page.set_viewport(Viewport::Phone).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    if keys_help_shown(&mut page).await? {
        problems.push("a keys help on a phone".into());
    }
    page.set_viewport(Viewport::Desktop).await?;

    {
        let mut players = [Player::new(&mut page)];
        let mut extras = Default::default();
        problems.extend(play_to_result(&mut players, &mut [], DEAL_LIMIT, &mut extras).await?);
    }
    let result = page.last.result.clone().unwrap_or_default();
    println!("bridge-words: #deal-result {result:?}");
    if let Some(contract) = letter_contract(&result) {
        problems.push(format!(
            "the result writes {contract} in letters: {result:?}"
        ));
    }
    let passed_out = result.contains("Passed out");
    if !passed_out && !result.contains("NT") && !result.contains(['♠', '♥', '♦', '♣']) {
        problems.push(format!("the result names no contract: {result:?}"));
    }
    page.screenshot("bridge-words-result-desktop").await?;
    no_defects(&page.label, &problems)
}

#[test]
fn bridge_speaks_one_notation_and_has_a_keys_help() {
    run("bridge-words", Duration::from_secs(300), |env| {
        Box::pin(bridge_words(env))
    });
}

#[test]
fn letter_contracts_are_found() {
    assert_eq!(letter_contract("3D +3 by North"), Some("3D".into()));
    assert_eq!(letter_contract("4SX −1"), Some("4S".into()));
    assert_eq!(letter_contract("3♦ +3 by North: 12 tricks."), None);
    assert_eq!(letter_contract("3NT = by South"), None);
    assert!(in_standard_order(&[
        "SA".into(),
        "H2".into(),
        "DK".into(),
        "C3".into()
    ]));
    assert!(!in_standard_order(&["SA".into(), "C3".into(), "DK".into()]));
}
