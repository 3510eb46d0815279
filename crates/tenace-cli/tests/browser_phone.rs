//! The page on a phone (issue 30, point 8), through the real page in headless Chromium
//! against the real `tenace serve` binary on loopback, at 390×844 with touch emulation:
//!
//! - **Every card can be tapped.** For every game, at one's first turn of the play (and
//!   in Bridgette's exchange, and from dummy when one declares), each card of the hand
//!   leaves an unobstructed square of at least 44×44 px: measured with
//!   `document.elementFromPoint` at every pixel of each card, the largest square of
//!   points where the card itself is hit.
//! - **What a deal needs is on the screen.** With the page scrolled to its top, the whole
//!   bidding box (so Pass) is inside the viewport at one's turn in the auction, and the
//!   Undo, Claim and Hint buttons are inside it in the auction and in the play; the score
//!   sheet opens over the screen's foot from its button.
//! - **Confirm.** On by default on the touch screen (off at the desktop size), switched in
//!   the page and remembered: a first tap raises the card or lights the call and sends
//!   nothing, a tap elsewhere lets it down and sends nothing, two taps send it. The whole
//!   deal is played that way (the kit taps twice), Bridgette's discards chosen in the hand
//!   and sent with one button.
//! - **Devil's Bridge with seven players, and with three.** The hand's facts ("7 cards ·
//!   bids …") overlap no seat's plate, and no name is cut (by the "Your turn" tag or for
//!   room); with three players the ten-card hand and the eleven bids fit the screen too.
//!
//! Screenshots at 390×844 and 1440×900 of each phase go to `target/screenshots/phone-*`.
//! Each scenario runs alone within a time limit and fails with a screenshot
//! (`target/screenshots/FAILED-*.png`); Chromium and ChromeDriver must be installed.

mod browser_support;
mod serve_common;

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use browser_support::scenario::{Env, check_hidden, fast, my_turn, run};
use browser_support::webdriver::Viewport;
use browser_support::{FIND_ENABLED_JS, Page, Player, choose, is_card, play_to_result};

/// The touch target the guidelines ask for (Apple 44 pt, Google 48 dp ≈ 44 CSS px here).
const TAP: u64 = 44;

/// How long a deal may take through the page.
const DEAL: Duration = Duration::from_secs(240);

/// For each card a selector finds (scrolled into view), the side of the largest square of
/// it where `elementFromPoint` finds the card itself, and the longest run of such points
/// across and down: `[{card, side, across, down}]`. Every pixel is looked at.
const TAP_AREAS_JS: &str = r#"
const shown = (e) => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
const out = [];
for (const card of [...document.querySelectorAll(arguments[0])].filter(shown)) {
  card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const r = card.getBoundingClientRect();
  const w = Math.floor(r.width), ht = Math.floor(r.height);
  let prev = new Array(w + 1).fill(0);
  const downRun = new Array(w).fill(0);
  let side = 0, across = 0, down = 0;
  for (let y = 0; y < ht; y++) {
    const cur = new Array(w + 1).fill(0);
    let run = 0;
    for (let x = 0; x < w; x++) {
      const hit = document.elementFromPoint(r.left + x + 0.5, r.top + y + 0.5);
      const mine = !!hit && (hit === card || card.contains(hit));
      cur[x + 1] = mine ? 1 + Math.min(prev[x], prev[x + 1], cur[x]) : 0;
      side = Math.max(side, cur[x + 1]);
      run = mine ? run + 1 : 0;
      across = Math.max(across, run);
      downRun[x] = mine ? downRun[x] + 1 : 0;
      down = Math.max(down, downRun[x]);
    }
    prev = cur;
  }
  out.push({ card: card.dataset.card, side, across, down });
}
scrollTo(0, 0);
return out;
"#;

/// The elements of `arguments[0]` (selectors) not wholly inside the viewport with the
/// page scrolled to its top, each as "selector: top–bottom of innerHeight", or "selector:
/// missing".
const OUTSIDE_VIEWPORT_JS: &str = r#"
scrollTo(0, 0);
const out = [];
for (const sel of arguments[0]) {
  const e = document.querySelector(sel);
  if (!e || !(e.offsetWidth || e.offsetHeight)) { out.push(`${sel}: missing`); continue; }
  const r = e.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    out.push(`${sel}: ${Math.round(r.top)}–${Math.round(r.bottom)} px of ${innerHeight}`);
  }
}
return out;
"#;

/// What is raised (`data-armed`) and what the live region says about it.
const ARMED_JS: &str = r#"
return {
  armed: [...document.querySelectorAll('[data-armed]')].map((e) => e.dataset.action),
  status: (document.querySelector('#confirm-status') || {}).textContent || '',
};
"#;

/// One real tap on the enabled element of `action`; fails when there is none.
async fn tap(page: &mut Page, action: &str) -> Result<(), String> {
    if page
        .session
        .click_found(FIND_ENABLED_JS, json!([action]))
        .await?
    {
        Ok(())
    } else {
        Err(page
            .fail(format!("nothing enabled to tap for {action:?}"))
            .await)
    }
}

/// What is raised now.
async fn armed(page: &mut Page) -> Result<(Vec<String>, String), String> {
    let v = page.exec(ARMED_JS, json!([])).await?;
    let list = v["armed"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| Some(s.as_str()?.to_string()))
                .collect()
        })
        .unwrap_or_default();
    Ok((list, v["status"].as_str().unwrap_or_default().to_string()))
}

/// Confirm at one turn: a first tap raises `action` and sends nothing, a tap elsewhere
/// (the turn line) lets it down and sends nothing, then two taps send it. Returns the
/// problems found.
async fn two_taps(page: &mut Page, action: &str) -> Result<Vec<String>, String> {
    let label = page.label.clone();
    page.pump().await?;
    let before = page.frames.len();
    tap(page, action).await?;
    tokio::time::sleep(Duration::from_millis(600)).await;
    page.pump().await?;
    let sent = page.commands_sent_since(before);
    if !sent.is_empty() {
        return Ok(vec![format!(
            "{label}: one tap on {action:?} sent {sent:?}"
        )]);
    }
    let mut problems = Vec::new();
    let (raised, status) = armed(page).await?;
    if raised != [action] || status.is_empty() {
        problems.push(format!(
            "{label}: one tap on {action:?} raised {raised:?} (status {status:?}), not it alone"
        ));
    }
    let elsewhere = page
        .session
        .click_found("return document.querySelector('#turn-line');", json!([]))
        .await?;
    tokio::time::sleep(Duration::from_millis(600)).await;
    page.pump().await?;
    let (raised, _) = armed(page).await?;
    if !elsewhere || !raised.is_empty() {
        problems.push(format!(
            "{label}: a tap elsewhere (turn line found: {elsewhere}) left {raised:?} raised"
        ));
    }
    let sent = page.commands_sent_since(before);
    if !sent.is_empty() {
        problems.push(format!(
            "{label}: a tap on {action:?} then elsewhere sent {sent:?}"
        ));
        return Ok(problems);
    }
    if problems.is_empty() {
        println!(
            "{label}: one tap on {action:?} raised it, a tap elsewhere let it down, nothing sent"
        );
    }
    tap(page, action).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    page.pump().await?;
    if page.sent_act_since(before, action) {
        problems.push(format!(
            "{label}: after a cancelled tap, one tap on {action:?} sent it"
        ));
        return Ok(problems);
    }
    tap(page, action).await?;
    let deadline = Instant::now() + Duration::from_secs(5);
    while !page.sent_act_since(before, action) {
        if Instant::now() > deadline {
            problems.push(format!("{label}: two taps on {action:?} sent nothing"));
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        page.pump().await?;
    }
    Ok(problems)
}

/// Plays the page's turns as the kit chooses them (two taps each, discards chosen and
/// sent) until `until` accepts the view of the version the page shows, and returns that
/// view. Each decision is taken on the very sample looked at, so the moment wanted is
/// never played past.
async fn reach(
    page: &mut Page,
    what: &str,
    until: impl Fn(&Value) -> bool,
) -> Result<Value, String> {
    let deadline = Instant::now() + DEAL;
    let mut pressed_at = None;
    loop {
        let sample = page.sample().await?.clone();
        if let Some(version) = sample.version()
            && let Some(view) = page.view_at(version).cloned()
        {
            if until(&view) {
                return Ok(view);
            }
            let mut enabled = sample.enabled();
            // The joker's chooser is open: its named plays, not the card again.
            if enabled.iter().any(|a| a.len() == 3 && a.starts_with("JK")) {
                enabled.retain(|a| *a != "JK");
            }
            if pressed_at != Some(version)
                && let Some(action) = choose(&enabled, version, &view)
            {
                let pressed = if action.starts_with("discard ") {
                    !page.discard().await?.is_empty()
                } else {
                    page.press(action).await?
                };
                if pressed && action != "JK" {
                    pressed_at = Some(version);
                }
            }
        }
        if Instant::now() > deadline {
            return Err(page
                .fail(format!("never reached {what} within {DEAL:?}"))
                .await);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Measures the cards a selector finds; returns (narrowest square, problems).
async fn measure(
    page: &mut Page,
    selector: &str,
    what: &str,
) -> Result<(u64, Vec<String>), String> {
    // The hand is laid out on the next animation frame after a view.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let areas = page.exec(TAP_AREAS_JS, json!([selector])).await?;
    let list = areas.as_array().cloned().unwrap_or_default();
    let mut problems = Vec::new();
    if list.is_empty() {
        problems.push(format!("{}: no cards to measure in {what}", page.label));
        return Ok((0, problems));
    }
    let narrowest = list
        .iter()
        .filter_map(|a| a["side"].as_u64())
        .min()
        .unwrap_or(0);
    let small: Vec<String> = list
        .iter()
        .filter(|a| a["side"].as_u64().unwrap_or(0) < TAP)
        .map(|a| {
            format!(
                "{} {}×{} (square {})",
                a["card"], a["across"], a["down"], a["side"]
            )
        })
        .collect();
    println!(
        "{}: {what}: {} cards, the narrowest unobstructed square {narrowest}×{narrowest} px",
        page.label,
        list.len()
    );
    if !small.is_empty() {
        problems.push(format!(
            "{}: in {what} {} cards leave less than {TAP}×{TAP} px to tap: {small:?}",
            page.label,
            small.len()
        ));
    }
    Ok((narrowest, problems))
}

/// The selectors not wholly on screen at the page's top.
async fn off_screen(
    page: &mut Page,
    selectors: &[&str],
    when: &str,
) -> Result<Vec<String>, String> {
    let out = page.exec(OUTSIDE_VIEWPORT_JS, json!([selectors])).await?;
    Ok(out
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(|s| {
                    format!(
                        "{} {when}, not on screen without scrolling: {s}",
                        page.label
                    )
                })
                .collect()
        })
        .unwrap_or_default())
}

/// Screenshots at the phone size, then at the desktop size, and back.
async fn shots(page: &mut Page, name: &str) -> Result<(), String> {
    page.screenshot(&format!("phone-{name}-390x844")).await?;
    page.session.set_viewport(Viewport::Desktop).await?;
    tokio::time::sleep(Duration::from_millis(400)).await;
    page.screenshot(&format!("phone-{name}-1440x900")).await?;
    page.set_viewport(Viewport::Phone).await?;
    tokio::time::sleep(Duration::from_millis(400)).await;
    Ok(())
}

/// The viewer's legal actions in a view.
fn legal(view: &Value) -> Vec<&str> {
    view["legal"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// Whether it is the viewer's turn to play from dummy.
fn from_dummy(view: &Value) -> bool {
    let deal = &view["deal"];
    let dummy = deal["dummy"].as_str();
    dummy.is_some()
        && deal["declarer"] == view["viewer"]["seat"]
        && deal["phase"] == "play"
        && my_turn(view)
        && deal["hands"][dummy.unwrap_or_default()]
            .as_array()
            .is_some_and(|cards| legal(view).iter().any(|a| cards.iter().any(|c| c == a)))
}

/// One game at the phone size: see the module's documentation.
async fn phone_game(env: &mut Env, game: &str, options: Value, seats: Value) -> Result<(), String> {
    // The screenshots' name: the game, and its number of players where it has a choice.
    let name = match options["players"].as_u64() {
        Some(players) => format!("{game}-{players}"),
        None => game.to_string(),
    };
    let mut page = Page::open(&env.driver, env.server.addr, "/", &format!("phone-{name}")).await?;
    let (table, _) = page.create_table(game, options, seats, fast()).await?;
    page.wait_for("#table", Duration::from_secs(20), |s| s.table.is_some())
        .await?;
    let desktop_default = page
        .exec(
            "return document.querySelector('#confirm-btn')?.getAttribute('aria-pressed');",
            json!([]),
        )
        .await?;
    page.set_viewport(Viewport::Phone).await?;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let phone_default = page
        .exec(
            "return document.querySelector('#confirm-btn')?.getAttribute('aria-pressed');",
            json!([]),
        )
        .await?;
    let mut problems = Vec::new();
    if desktop_default != "false" || phone_default != "true" {
        problems.push(format!(
            "confirm is {desktop_default} at the desktop size and {phone_default} on the touch screen, not false and true"
        ));
    }
    let bridgette = game == "bridgette";
    let devils = game == "devils-bridge";

    // Bridgette: the exchange first, the hand with the drawn cards chosen from.
    if bridgette {
        reach(&mut page, "one's exchange turn", |v| {
            v["deal"]["phase"] == "exchange" && legal(v).iter().any(|a| a.starts_with("discard "))
        })
        .await?;
        let (_, found) = measure(&mut page, "#my-hand button.card", "the exchange").await?;
        problems.extend(found);
        problems.extend(
            off_screen(
                &mut page,
                &["#discard-send", "#undo", "#claim", "#hint"],
                "in the exchange",
            )
            .await?,
        );
        shots(&mut page, &format!("{name}-exchange")).await?;
    }

    // The auction: the box and the table's buttons on screen; a call by two taps.
    let view = reach(&mut page, "one's turn in the auction", |v| {
        v["deal"]["phase"] == "auction" && legal(v).iter().any(|a| !a.starts_with("change "))
    })
    .await?;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let mut wanted = vec!["#bidding-host", "#undo", "#claim", "#hint", "#sheet-btn"];
    if !devils {
        wanted.push("#bidding-host [data-action=\"P\"]");
    }
    problems.extend(off_screen(&mut page, &wanted, "in the auction").await?);
    shots(&mut page, &format!("{name}-auction")).await?;
    let enabled = legal(&view);
    let version = view["version"].as_u64().unwrap_or(0);
    let call = choose(&enabled, version, &view).map(str::to_string);
    if let Some(call) = call {
        problems.extend(two_taps(&mut page, &call).await?);
    }

    // The play: every card tappable, the buttons on screen, a card by two taps.
    let view = reach(&mut page, "one's turn to play", |v| {
        v["deal"]["phase"] == "play" && legal(v).iter().any(|a| is_card(a) || *a == "blind")
    })
    .await?;
    let (narrowest, found) = measure(
        &mut page,
        "#my-hand button.card",
        "the hand at the first turn of the play",
    )
    .await?;
    problems.extend(found);
    let mut dummy_measured = false;
    if from_dummy(&view) {
        let (_, found) = measure(&mut page, ".hand.playable button.card", "dummy").await?;
        problems.extend(found);
        dummy_measured = true;
    }
    problems.extend(off_screen(&mut page, &["#undo", "#claim", "#hint"], "in the play").await?);
    if devils {
        problems.extend(devils_layout(&mut page).await?);
    }
    shots(&mut page, &format!("{name}-play")).await?;
    let card =
        choose(&legal(&view), view["version"].as_u64().unwrap_or(0), &view).map(str::to_string);
    match card {
        // A Five Crowns joker of several suits opens a chooser: the kit plays it.
        Some(card) if card != "JK" => problems.extend(two_taps(&mut page, &card).await?),
        _ => {}
    }

    // Dummy, when one declares (the kit's bidding makes that likely, not certain).
    if !(dummy_measured || bridgette || devils) {
        let view = reach(
            &mut page,
            "a turn to play from dummy, or the deal's end",
            |v| from_dummy(v) || v["deal"]["phase"] == "finished",
        )
        .await?;
        if from_dummy(&view) {
            let (_, found) = measure(&mut page, ".hand.playable button.card", "dummy").await?;
            problems.extend(found);
            shots(&mut page, &format!("{name}-dummy")).await?;
        } else {
            println!(
                "{}: not declarer this deal, so dummy was not measured",
                page.label
            );
        }
    }

    // The score sheet from its button, over the foot of the screen.
    problems.extend(sheet_pops_up(&mut page).await?);

    // The rest of the deal, two taps a card.
    let mut extras = browser_support::Extras::default();
    let found = {
        let mut players = [Player::new(&mut page)];
        play_to_result(&mut players, &mut [], DEAL, &mut extras).await?
    };
    problems.extend(found);
    shots(&mut page, &format!("{name}-result")).await?;
    println!(
        "{}: the deal played through with confirm on; the narrowest card {narrowest} px",
        page.label
    );
    problems.extend(switch_remembered(&mut page).await?);
    check_hidden(env, &[&page], table).await?;
    problems.extend(page.defects.iter().cloned());
    if problems.is_empty() {
        Ok(())
    } else {
        Err(page
            .fail(format!("{} problems: {problems:#?}", problems.len()))
            .await)
    }
}

/// Devil's Bridge's oval at the phone size: the hand's facts overlap no plate, and no
/// plate's name is cut short or under a tag.
async fn devils_layout(page: &mut Page) -> Result<Vec<String>, String> {
    let v = page
        .exec(
            r#"
const box = (e) => e.getBoundingClientRect();
const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const info = document.querySelector('#deal-info');
const out = [];
for (const plate of document.querySelectorAll('.felt .seat .plate')) {
  const name = plate.querySelector('.name');
  const who = name ? name.textContent : '?';
  if (info && meet(box(info), box(plate))) out.push(`the hand's facts overlap ${who}'s plate`);
  if (name && name.scrollWidth > name.clientWidth) out.push(`${who}'s name is cut`);
  for (const tag of document.querySelectorAll('.felt .turn-flag')) {
    if (name && meet(box(tag), box(name))) out.push(`a "${tag.textContent}" tag covers ${who}'s name`);
  }
}
return out;
"#,
            json!([]),
        )
        .await?;
    Ok(v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(|s| format!("{}: {s}", page.label))
                .collect()
        })
        .unwrap_or_default())
}

/// The score sheet's button opens it inside the viewport and its close button shuts it.
async fn sheet_pops_up(page: &mut Page) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    if !page
        .session
        .click_found("return document.querySelector('#sheet-btn');", json!([]))
        .await?
    {
        return Ok(vec![format!("{}: no #sheet-btn", page.label)]);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let shown = page
        .exec(
            "const e = document.querySelector('#sheet-panel'); const r = e.getBoundingClientRect(); \
             return r.height > 40 && r.top >= 0 && r.bottom <= innerHeight + 1 && e.classList.contains('pop-up');",
            json!([]),
        )
        .await?;
    if shown != true {
        problems.push(format!(
            "{}: #sheet-btn did not open the sheet on screen",
            page.label
        ));
    }
    page.screenshot(&format!("{}-sheet-390x844", page.label))
        .await?;
    page.session
        .click_found("return document.querySelector('#sheet-close');", json!([]))
        .await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let open = page
        .exec(
            "return document.querySelector('#sheet-panel').classList.contains('pop-up');",
            json!([]),
        )
        .await?;
    if open != false {
        problems.push(format!("{}: #sheet-close left the sheet open", page.label));
    }
    Ok(problems)
}

/// The confirm switch turns it off and on, and the page remembers the choice.
async fn switch_remembered(page: &mut Page) -> Result<Vec<String>, String> {
    let read = "return [document.querySelector('#confirm-btn')?.getAttribute('aria-pressed'), \
                localStorage.getItem('tenace.confirm')];";
    let mut seen = Vec::new();
    for _ in 0..2 {
        page.session
            .click_found("return document.querySelector('#confirm-btn');", json!([]))
            .await?;
        tokio::time::sleep(Duration::from_millis(200)).await;
        seen.push(page.exec(read, json!([])).await?);
    }
    if seen != [json!(["false", "0"]), json!(["true", "1"])] {
        return Ok(vec![format!(
            "{}: the confirm switch showed and kept {seen:?}, not off then on",
            page.label
        )]);
    }
    Ok(Vec::new())
}

fn partnership_seats() -> Value {
    json!({"N": "basic", "E": "basic", "S": "me", "W": "basic"})
}

#[test]
fn bridge_on_a_phone() {
    run("phone bridge", Duration::from_secs(420), |env| {
        Box::pin(phone_game(env, "bridge", json!({}), partnership_seats()))
    });
}

#[test]
fn deuces_wild_on_a_phone() {
    run("phone deuces-wild", Duration::from_secs(420), |env| {
        Box::pin(phone_game(
            env,
            "deuces-wild",
            json!({}),
            partnership_seats(),
        ))
    });
}

#[test]
fn five_crowns_on_a_phone() {
    run("phone five-crowns", Duration::from_secs(420), |env| {
        Box::pin(phone_game(
            env,
            "five-crowns",
            json!({}),
            partnership_seats(),
        ))
    });
}

#[test]
fn devils_bridge_seven_players_on_a_phone() {
    run("phone devils-bridge", Duration::from_secs(420), |env| {
        Box::pin(phone_game(
            env,
            "devils-bridge",
            // Seven cards each first (down then up): the full hand of seven players.
            json!({"players": 7, "hand_order": "down_up"}),
            json!({"0": "me", "1": "basic", "2": "basic", "3": "basic", "4": "basic", "5": "basic", "6": "basic"}),
        ))
    });
}

#[test]
fn devils_bridge_three_players_on_a_phone() {
    run("phone devils-bridge 3", Duration::from_secs(420), |env| {
        Box::pin(phone_game(
            env,
            "devils-bridge",
            // Ten cards each first: the hand in two rows and the most bids to choose from.
            json!({"players": 3, "hand_order": "down_up"}),
            json!({"0": "me", "1": "basic", "2": "basic"}),
        ))
    });
}

#[test]
fn bridgette_on_a_phone() {
    run("phone bridgette", Duration::from_secs(420), |env| {
        Box::pin(phone_game(
            env,
            "bridgette",
            json!({}),
            json!({"0": "me", "1": "basic"}),
        ))
    });
}
