//! What people do at a table besides playing their turn, through the real page in headless
//! Chromium against the real `tenace serve` binary on loopback:
//!
//! - **Undo**: with three computer players (a casual table), a call and later a card are
//!   taken back with the page's Undo button; the auction table, the trick, the hand and
//!   the view all show the moment before it, and the person is to act again. Before the
//!   person has done anything the button is not offered, and a click on it sends nothing.
//! - **Claims**: in the play, a claim of every trick left is rejected by the computer
//!   players (the double-dummy result does not give them all) and play goes on, the page
//!   saying so; a claim of none is accepted and ends the deal, and the result and the
//!   review show it. No frame or DOM of the page shows a card its viewer may not see,
//!   and a server started again reads the claims back and shows the deal.
//! - **A person's answers**: at a table with a second browser in East, East refuses and
//!   then consents to South's undo of a card, and rejects and then accepts South's claim,
//!   pressing the page's answer buttons; both pages say what each answer did.
//! - **The joker chooser**: a Five Crowns Bridge deal in no trump with the joker played as
//!   a named two (`fc_nt_joker` = `nominated_two`) and the joker in the person's hand:
//!   pressing it opens a chooser offering exactly the legal names; the one picked is
//!   sent, and the trick shows the joker standing for it. Tables are made until the
//!   person is dealt the joker (a table's seed cannot be chosen), within a bound. The
//!   deal is then conceded by a claim of none and the page checked for hidden cards.
//!
//! The undo scenario is not checked for hidden cards: the actions an undo takes back are
//! in no record to check its frames against.
//!
//! Each scenario runs alone within a time limit and fails with a screenshot
//! (`target/screenshots/FAILED-*.png`); Chromium and ChromeDriver must be installed.

mod browser_support;
mod serve_common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use browser_support::scenario::{
    DEAL_LIMIT, Env, cards_played, check_hidden, click_when, fast, history, my_turn, no_defects,
    play_all_until, play_until, records, run,
};
use browser_support::{Page, Player, Sample, choose, contract_problems, is_bid, is_card};
use serve_common::Server;

/// How long the page may take to show what a press or a view brings.
const SHOW: Duration = Duration::from_secs(20);

/// A person in the south seat and computer players in the others.
fn south_and_bots() -> Value {
    json!({"N": "basic", "E": "basic", "S": "me", "W": "basic"})
}

/// Waits until the page's DOM shows a version whose view `pick` accepts (with the DOM's
/// sample); returns both.
async fn shown(
    page: &mut Page,
    what: &str,
    limit: Duration,
    pick: impl Fn(&Sample, &Value) -> bool,
) -> Result<(Sample, Value), String> {
    let deadline = Instant::now() + limit;
    loop {
        let sample = page.sample().await?.clone();
        if let Some(view) = sample.version().and_then(|v| page.view_at(v)).cloned()
            && pick(&sample, &view)
        {
            return Ok((sample, view));
        }
        if Instant::now() > deadline {
            return Err(page
                .fail(format!("waited {limit:?} for {what} in vain"))
                .await);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks the element a CSS selector finds (a real click); `false` if there is none.
async fn click(page: &mut Page, selector: &str) -> Result<bool, String> {
    page.session
        .click_found(
            "return document.querySelector(arguments[0]);",
            json!([selector]),
        )
        .await
}

/// The answer (`ack` or `error`) to the first command of this type the page sent since
/// frame `from`, waited for.
async fn reply_to(page: &mut Page, from: usize, kind: &str) -> Result<Value, String> {
    let deadline = Instant::now() + SHOW;
    loop {
        page.pump().await?;
        let id = page
            .sent_since(from)
            .iter()
            .find(|f| f.json["type"] == kind)
            .map(|f| f.json["id"].clone());
        if let Some(id) = &id
            && let Some(reply) = page.frames[from..]
                .iter()
                .find(|f| !f.sent && f.json["id"] == *id && f.json["type"] != "view")
        {
            return Ok(reply.json.clone());
        }
        if Instant::now() > deadline {
            let what = match id {
                Some(id) => format!("an answer to the {kind} {id} sent"),
                None => format!("a {kind} command sent"),
            };
            return Err(page.fail(format!("no {what} within {SHOW:?}")).await);
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
}

/// `button#undo` as the page shows it: `None` when absent, else whether it is disabled
/// and its title.
async fn undo_button(page: &mut Page) -> Result<Option<(bool, String)>, String> {
    let v = page
        .exec(
            "const b = document.querySelector('button#undo'); \
             return b ? [b.disabled, b.title] : null;",
            json!([]),
        )
        .await?;
    Ok(v.as_array().map(|a| {
        (
            a[0].as_bool().unwrap_or(false),
            a[1].as_str().unwrap_or_default().to_string(),
        )
    }))
}

/// The calls the auction table shows (cells with a call), and whether a cell marks a
/// player to call.
async fn auction_shown(page: &mut Page) -> Result<(usize, bool), String> {
    let v = page
        .exec(
            "const cells = [...document.querySelectorAll('#auction-host .auction-table tbody td')]; \
             return [cells.filter((td) => !td.classList.contains('to-call') && td.textContent.trim()).length, \
                     cells.some((td) => td.classList.contains('to-call'))];",
            json!([]),
        )
        .await?;
    Ok((
        v[0].as_u64().unwrap_or(0) as usize,
        v[1].as_bool().unwrap_or(false),
    ))
}

/// Every card the table shows (`[data-card]` inside `#table`), sorted.
async fn cards_on_table(page: &mut Page) -> Result<Vec<String>, String> {
    let mut cards = page.cards_in("#table").await?;
    cards.sort();
    Ok(cards)
}

/// The viewer's seat in a view.
fn my_seat(view: &Value) -> &str {
    view["viewer"]["seat"].as_str().unwrap_or_default()
}

/// Whether `seat` has an action in the view's deal.
fn acted(view: &Value, seat: &str) -> bool {
    history(view).iter().any(|m| m["player"] == seat)
}

/// The tricks not yet played: the most cards any hand holds.
fn tricks_left(view: &Value) -> u64 {
    let sizes = &view["deal"]["hand_sizes"];
    let all: Vec<&Value> = match sizes {
        Value::Object(m) => m.values().collect(),
        Value::Array(a) => a.iter().collect(),
        _ => Vec::new(),
    };
    all.iter().filter_map(|v| v.as_u64()).max().unwrap_or(0)
}

/// Presses an enabled action and waits until the view shows it in the deal's history.
async fn press_and_see(page: &mut Page, action: &str, view: &Value) -> Result<(), String> {
    let before = history(view).len();
    if !page.press(action).await? {
        return Err(page.fail(format!("no enabled {action:?} to press")).await);
    }
    shown(page, &format!("{action} in the deal"), SHOW, |_, v| {
        history(v)
            .iter()
            .skip(before)
            .any(|m| m["action"] == action)
            || v["deal"]["phase"] == "finished"
    })
    .await?;
    Ok(())
}

/// Clicks `button#undo` and waits until the view shows the deal's actions as `before`
/// with the person to act again; returns what the page then shows.
async fn undo_back_to(page: &mut Page, before: &[Value]) -> Result<(Sample, Value), String> {
    ask_undo(page).await?;
    shown(
        page,
        "the deal as it was before the action taken back, the person to act",
        SHOW,
        |_, v| history(v) == before && my_turn(v),
    )
    .await
}

/// The page's Undo, in the auction and in the play of a bridge deal against computer
/// players (who consent at a casual table).
async fn undo(env: &mut Env) -> Result<(), String> {
    let mut page = Page::open(&env.driver, env.server.addr, "/", "undo").await?;
    page.create_table("bridge", json!({}), south_and_bots(), fast())
        .await?;
    let mut problems = Vec::new();

    // Nothing of one's own yet: Undo is there, disabled, saying why; a click sends nothing.
    let (sample, view) = shown(
        &mut page,
        "South's first turn of the auction",
        SHOW,
        |_, v| v["deal"]["phase"] == "auction" && my_turn(v) && !acted(v, my_seat(v)),
    )
    .await?;
    match undo_button(&mut page).await? {
        Some((true, title)) if title.contains("Nothing of yours") => {
            println!("before any action: button#undo disabled, titled {title:?}")
        }
        other => problems.push(format!(
            "before any action of South's, button#undo is {other:?}, not disabled with a reason"
        )),
    }
    page.pump().await?;
    let from = page.frames.len();
    click(&mut page, "button#undo").await?;
    tokio::time::sleep(Duration::from_millis(600)).await;
    page.pump().await?;
    let sent = page.commands_sent_since(from);
    if !sent.is_empty() {
        problems.push(format!("clicking the disabled button#undo sent {sent:?}"));
    }

    // A call taken back.
    let before = history(&view);
    let hand = page.cards_in("#my-hand").await?;
    let (calls, _) = auction_shown(&mut page).await?;
    if calls != before.len() {
        problems.push(format!(
            "the auction table shows {calls} calls, the view {}",
            before.len()
        ));
    }
    let enabled = sample.enabled();
    let call = choose(&enabled, sample.version().unwrap_or(0), &view)
        .ok_or("South has no call to make")?
        .to_string();
    press_and_see(&mut page, &call, &view).await?;
    let (calls_after, _) = auction_shown(&mut page).await?;
    if calls_after <= calls {
        problems.push(format!(
            "after South's {call} the auction table shows {calls_after} calls, not more than {calls}"
        ));
    }
    page.screenshot("undo-call-made").await?;
    let (sample, view) = undo_back_to(&mut page, &before).await?;
    page.screenshot("undo-call-taken-back").await?;
    let (calls_back, to_call) = auction_shown(&mut page).await?;
    if calls_back != before.len() || !to_call {
        problems.push(format!(
            "after the undo the auction table shows {calls_back} calls (the view {}) and {} cell to call",
            before.len(),
            if to_call { "a" } else { "no" }
        ));
    }
    if page.cards_in("#my-hand").await? != hand {
        problems.push("after the undo of a call #my-hand shows other cards".into());
    }
    if !sample.enabled().contains(&call.as_str()) {
        problems.push(format!(
            "after the undo South's {call} cannot be pressed again"
        ));
    }
    problems.extend(contract_problems(&sample, &view));
    match undo_button(&mut page).await? {
        Some((true, _)) => {}
        other => problems.push(format!(
            "with South's only call taken back, button#undo is {other:?}, not disabled"
        )),
    }
    println!(
        "undo of {call}: back to {} calls, South to call again",
        before.len()
    );

    // A card taken back.
    {
        let mut player = Player::new(&mut page);
        play_until(
            &mut player,
            &mut problems,
            "South's turn after a card",
            |v| v["deal"]["phase"] == "play" && cards_played(v) >= 1 && my_turn(v),
        )
        .await?;
    }
    let (sample, view) = shown(&mut page, "South's turn in the play", SHOW, |_, v| {
        v["deal"]["phase"] == "play" && my_turn(v)
    })
    .await?;
    let before = history(&view);
    let hand = page.cards_in("#my-hand").await?;
    let trick = page.cards_in("#trick").await?;
    let table_cards = cards_on_table(&mut page).await?;
    let enabled = sample.enabled();
    let card = choose(&enabled, sample.version().unwrap_or(0), &view)
        .filter(|a| is_card(a))
        .ok_or("South has no card to play")?
        .to_string();
    press_and_see(&mut page, &card, &view).await?;
    page.screenshot("undo-card-played").await?;
    let (sample, view) = undo_back_to(&mut page, &before).await?;
    page.screenshot("undo-card-taken-back").await?;
    if page.cards_in("#my-hand").await? != hand {
        problems.push(format!(
            "after the undo of {card} #my-hand shows {:?}, not {hand:?}",
            page.cards_in("#my-hand").await?
        ));
    }
    let trick_back = page.cards_in("#trick").await?;
    if trick_back != trick {
        problems.push(format!(
            "after the undo of {card} #trick shows {trick_back:?}, not {trick:?}"
        ));
    }
    let table_back = cards_on_table(&mut page).await?;
    if table_back != table_cards {
        problems.push(format!(
            "after the undo of {card} the table shows the cards {table_back:?}, not {table_cards:?}"
        ));
    }
    if !sample.enabled().contains(&card.as_str()) {
        problems.push(format!("after the undo {card} cannot be pressed again"));
    }
    problems.extend(contract_problems(&sample, &view));
    println!(
        "undo of {card}: back to {} actions, the trick {trick:?}, South to play again",
        before.len()
    );
    problems.extend(page.defects.iter().cloned());
    no_defects("undo", &problems)
}

#[test]
fn undo_takes_back_a_call_and_a_card() {
    run("undo", Duration::from_secs(300), |env| Box::pin(undo(env)));
}

/// Opens the page's claim chooser and presses `tricks`; the claim's answer. The chooser
/// must offer every number from 0 to the tricks left, no other.
async fn claim(
    page: &mut Page,
    tricks: u64,
    left: u64,
    problems: &mut Vec<String>,
) -> Result<Value, String> {
    if !click(page, "button#claim:not([disabled])").await? {
        return Err(page.fail("no enabled button#claim".into()).await);
    }
    let offered = page
        .exec(
            "return [...document.querySelectorAll('#claim-chooser [data-claim-tricks]')] \
             .map((e) => Number(e.dataset.claimTricks));",
            json!([]),
        )
        .await?;
    let offered: Vec<u64> = offered
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let expected: Vec<u64> = (0..=left).collect();
    if offered != expected {
        problems.push(format!(
            "with {left} tricks left #claim-chooser offers {offered:?}, not {expected:?}"
        ));
    }
    page.pump().await?;
    let from = page.frames.len();
    if !click(
        page,
        &format!("#claim-chooser [data-claim-tricks=\"{tricks}\"]"),
    )
    .await?
    {
        return Err(page
            .fail(format!("#claim-chooser has no button for {tricks}"))
            .await);
    }
    let reply = reply_to(page, from, "claim").await?;
    let sent = page
        .sent_since(from)
        .iter()
        .find(|f| f.json["type"] == "claim")
        .map(|f| f.json["tricks"].clone());
    if sent != Some(json!(tricks)) {
        problems.push(format!(
            "pressing {tricks} in #claim-chooser sent a claim of {sent:?}"
        ));
    }
    Ok(reply)
}

/// The text of an element, or "" when it is absent or hidden.
async fn text_of(page: &mut Page, selector: &str) -> Result<String, String> {
    let v = page
        .exec(
            "const e = document.querySelector(arguments[0]); \
             return e && !e.hidden && (e.offsetWidth || e.offsetHeight) ? e.innerText : '';",
            json!([selector]),
        )
        .await?;
    Ok(v.as_str().unwrap_or_default().to_string())
}

/// A claim the computer players reject, then one they accept, in the play of a bridge
/// deal. Returns `false` when the first claim was accepted after all (the double-dummy
/// result gave the person's side every trick left): nothing shows a rejection then.
async fn claims_once(env: &mut Env, attempt: u32) -> Result<bool, String> {
    let mut page = Page::open(
        &env.driver,
        env.server.addr,
        "/",
        &format!("claims-{attempt}"),
    )
    .await?;
    let (table, _) = page
        .create_table("bridge", json!({}), south_and_bots(), fast())
        .await?;
    let mut problems = Vec::new();
    {
        let mut player = Player::new(&mut page);
        play_until(
            &mut player,
            &mut problems,
            "South's turn in the play",
            |v| v["deal"]["phase"] == "play" && my_turn(v),
        )
        .await?;
    }
    let (_, view) = shown(&mut page, "South's turn in the play", SHOW, |_, v| {
        v["deal"]["phase"] == "play" && my_turn(v)
    })
    .await?;
    let before = history(&view);
    let left = tricks_left(&view);

    // Every trick left: the computer players solve the position and reject it.
    let reply = claim(&mut page, left, left, &mut problems).await?;
    if reply["type"] != "ack" {
        return Err(page
            .fail(format!("the claim of {left} was refused: {reply}"))
            .await);
    }
    let (sample, view) = shown(&mut page, "the answered claim", SHOW, |_, v| {
        v["claim"].is_null() && v["version"].as_u64() >= reply["version"].as_u64()
    })
    .await?;
    if view["deal"]["phase"] == "finished" {
        println!("claims: the double-dummy result gave South's side all {left} tricks; again");
        let Page { session, .. } = page;
        session.close().await;
        return Ok(false);
    }
    page.screenshot("claim-rejected").await?;
    let notice = text_of(&mut page, "#notice").await?;
    println!("claim of {left} rejected; #notice says {notice:?}");
    if !notice.contains("not accepted") {
        problems.push(format!(
            "after the rejected claim of {left} #notice says {notice:?}, not that it was rejected"
        ));
    }
    if history(&view) != before || !my_turn(&view) || view["deal"]["phase"] != "play" {
        problems.push(format!(
            "after the rejected claim the deal moved: {} actions (was {}), South to act: {}",
            history(&view).len(),
            before.len(),
            my_turn(&view)
        ));
    }
    if sample.result.is_some() {
        problems.push(format!(
            "after the rejected claim #deal-result shows {:?}",
            sample.result
        ));
    }
    problems.extend(contract_problems(&sample, &view));

    // None of the tricks left: true whatever the cards, accepted, the deal ends.
    let reply = claim(&mut page, 0, left, &mut problems).await?;
    if reply["type"] != "ack" {
        return Err(page
            .fail(format!("the claim of 0 was refused: {reply}"))
            .await);
    }
    let (sample, view) = shown(
        &mut page,
        "#deal-result after the claim of 0",
        SHOW,
        |s, _| s.result.as_deref().is_some_and(|r| !r.trim().is_empty()),
    )
    .await?;
    page.screenshot("claim-accepted").await?;
    println!(
        "claim of 0 accepted: #deal-result {:?}",
        sample.result.as_deref().unwrap_or_default()
    );
    if view["deal"]["phase"] != "finished" {
        problems.push(format!(
            "#deal-result shows while the deal's phase is {}",
            view["deal"]["phase"]
        ));
    }
    problems.extend(ended_by_claim_of_none(env, &page, table).await?);
    // The rejected claim made no action: the check counts each view's by its history.
    check_hidden(env, &[&page], table).await?;
    // The review says how the deal ended.
    if !click(&mut page, "#review-btn").await? {
        problems.push("no #review-btn after the claimed deal".into());
    } else {
        shown(&mut page, "#review", SHOW, |_, _| true).await?;
        let deadline = Instant::now() + SHOW;
        let review = loop {
            let text = text_of(&mut page, "#review").await?;
            if text.contains("claim") || Instant::now() > deadline {
                break text;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        if !review.contains("claim of 0") {
            problems.push(format!(
                "the review does not say the deal ended by a claim of 0: {:?}",
                review.chars().take(400).collect::<String>()
            ));
        }
    }
    // The table's log, the claims with the computer players' answers in it, is read back
    // by a server started again: the page shows the claimed deal as before.
    let version = view["version"].as_u64();
    let (addr, log) = (env.server.addr, env.server.log.clone());
    env.server.kill();
    env.server = Server::start_at(&env.db, &log, &addr.to_string())?;
    page.goto(&format!("/t/{table}")).await?;
    shown(
        &mut page,
        "the claimed deal again after a server restart",
        SHOW,
        |s, v| s.result.is_some() && v["version"].as_u64() == version,
    )
    .await?;
    println!("after a server restart the table shows the claimed deal at version {version:?}");
    problems.extend(page.defects.iter().cloned());
    no_defects("claims", &problems)?;
    Ok(true)
}

/// Whether the table's first deal is on record as ended by a claim of none: the problem
/// if not.
async fn ended_by_claim_of_none(
    env: &Env,
    page: &Page,
    table: u64,
) -> Result<Option<String>, String> {
    let records = records(env, page, table).await?;
    let last = &records["deals"][0]["record"]["history"]
        .as_array()
        .and_then(|h| h.last())
        .cloned()
        .unwrap_or_default();
    Ok((last["action"] != "claim 0")
        .then(|| format!("the deal's record ends with {last}, not South's claim 0")))
}

/// [`claims_once`], at a new table while the first claim happens to be good.
async fn claims(env: &mut Env) -> Result<(), String> {
    for attempt in 1..=3 {
        if claims_once(env, attempt).await? {
            return Ok(());
        }
    }
    Err("three deals running gave South's side every trick left at its first turn".into())
}

#[test]
fn a_claim_rejected_then_one_accepted() {
    run("claims", Duration::from_secs(300), |env| {
        Box::pin(claims(env))
    });
}

/// The Five Crowns deals tried for one in which the person holds the joker, declares or
/// defends no trump and may name the joker more than one way.
const JOKER_ATTEMPTS: u32 = 24;

/// How a Five Crowns deal went for the joker scenario.
enum JokerDeal {
    /// At the person's turn the joker may be named several ways: the view then.
    Chooser(Sample, Value),
    /// No such turn came (the person holds no joker, is dummy, the contract is not no
    /// trump, or the joker never had a choice): try another table.
    Not(String),
}

/// The person's call when a no trump contract is wanted: pass while their side holds the
/// auction in no trump, else the cheapest no trump bid.
fn no_trump_call<'a>(enabled: &[&'a str], view: &Value) -> Option<&'a str> {
    let me = my_seat(view);
    let partner = match me {
        "N" => "S",
        "S" => "N",
        "E" => "W",
        _ => "E",
    };
    let last_bid = history(view)
        .into_iter()
        .rev()
        .find(|m| m["action"].as_str().is_some_and(is_bid));
    let holding = last_bid.is_some_and(|m| {
        (m["player"] == me || m["player"] == partner)
            && m["action"].as_str().is_some_and(|a| a.ends_with("NT"))
    });
    let nt = enabled
        .iter()
        .find(|a| is_bid(a) && a.ends_with("NT") && !holding);
    nt.or_else(|| enabled.iter().find(|a| **a == "P")).copied()
}

/// The named jokers among the legal actions (`JKS`, `JKR`…).
fn named_jokers(view: &Value) -> BTreeSet<String> {
    view["legal"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|a| a.len() == 3 && a.starts_with("JK"))
        .map(str::to_string)
        .collect()
}

/// Plays a Five Crowns deal through the page until the person may name the joker more
/// than one way: no trump bids in the auction, any card but the joker in the play.
async fn to_the_joker(page: &mut Page, problems: &mut Vec<String>) -> Result<JokerDeal, String> {
    let (_, view) = shown(page, "the dealt hand", SHOW, |s, v| {
        v["deal"]["phase"] == "auction" && s.version().is_some()
    })
    .await?;
    let hand = page.cards_in("#my-hand").await?;
    if !hand.iter().any(|c| c == "JK") {
        return Ok(JokerDeal::Not(format!("no joker in {hand:?}")));
    }
    let me = my_seat(&view).to_string();
    let deadline = Instant::now() + DEAL_LIMIT;
    loop {
        let (sample, view) = shown(
            page,
            "the person's turn or the deal's end",
            DEAL_LIMIT,
            |_, v| my_turn(v) || v["deal"]["phase"] == "finished",
        )
        .await?;
        for p in contract_problems(&sample, &view) {
            if !problems.contains(&p) {
                problems.push(p);
            }
        }
        let deal = &view["deal"];
        if deal["phase"] == "finished" {
            return Ok(JokerDeal::Not(
                "the deal ended with no choice for the joker".into(),
            ));
        }
        if Instant::now() > deadline {
            return Err(page.fail("the deal went on too long".into()).await);
        }
        let enabled = sample.enabled();
        let action = if deal["phase"] == "auction" {
            no_trump_call(&enabled, &view)
        } else {
            let contract = deal["contract"].as_str().unwrap_or_default();
            if !contract.contains("NT") || deal["dummy"] == me.as_str() {
                return Ok(JokerDeal::Not(format!(
                    "the contract is {contract} by {}",
                    deal["declarer"]
                )));
            }
            if named_jokers(&view).len() > 1 {
                return Ok(JokerDeal::Chooser(sample, view));
            }
            // Any card but the joker, which waits for a turn with a choice.
            let others: Vec<&str> = enabled
                .iter()
                .filter(|a| is_card(a) && !a.starts_with("JK"))
                .copied()
                .collect();
            let version = sample.version().unwrap_or(0);
            choose(&others, version, &view).or_else(|| choose(&enabled, version, &view))
        };
        let Some(action) = action else {
            return Err(page
                .fail(format!("nothing to press among {enabled:?}"))
                .await);
        };
        let action = action.to_string();
        press_and_see(page, &action, &view).await?;
    }
}

/// The joker chooser at the turn `view` shows: pressing the joker opens it and sends
/// nothing; it offers exactly the legal names; the last one pressed is sent and shows in
/// the trick as the joker standing for it. Returns the name played.
async fn play_the_joker(
    page: &mut Page,
    view: &Value,
    problems: &mut Vec<String>,
) -> Result<String, String> {
    let legal = named_jokers(view);
    page.pump().await?;
    let from = page.frames.len();
    if !page.press("JK").await? {
        return Err(page
            .fail(format!(
                "no enabled joker to press, though {legal:?} are legal"
            ))
            .await);
    }
    shown(page, "#joker-chooser", SHOW, |s, _| {
        s.actions
            .iter()
            .any(|(a, _)| a.len() == 3 && a.starts_with("JK"))
    })
    .await?;
    page.screenshot("joker-chooser").await?;
    page.pump().await?;
    let sent = page.commands_sent_since(from);
    if !sent.is_empty() {
        problems.push(format!(
            "pressing the joker sent {sent:?} before a name was chosen"
        ));
    }
    let offered = page
        .exec(
            "return [...document.querySelectorAll('#joker-chooser [data-action]')] \
             .filter((e) => !e.disabled).map((e) => e.dataset.action);",
            json!([]),
        )
        .await?;
    let offered: BTreeSet<String> = offered
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a.as_str().map(str::to_string))
        .collect();
    println!("the joker chooser offers {offered:?}; legal are {legal:?}");
    if offered != legal {
        problems.push(format!(
            "#joker-chooser offers {offered:?}, the legal names are {legal:?}"
        ));
    }
    let choice = legal.last().cloned().ok_or("no named joker legal")?;
    page.pump().await?;
    let from = page.frames.len();
    if !click(page, &format!("#joker-chooser [data-action=\"{choice}\"]")).await? {
        return Err(page
            .fail(format!("#joker-chooser has no {choice} to press"))
            .await);
    }
    let reply = reply_to(page, from, "act").await?;
    if !page.sent_act_since(from, &choice) || reply["type"] != "ack" {
        return Err(page
            .fail(format!(
                "pressing {choice} in #joker-chooser sent {:?}, answered {reply}",
                page.commands_sent_since(from)
            ))
            .await);
    }
    // Once the person is to act again (or the deal is over), the joker's trick is the one
    // in progress or the last one finished.
    shown(page, "the joker played", SHOW, |_, v| {
        history(v).iter().any(|m| m["action"] == choice.as_str())
            && (my_turn(v) || v["deal"]["phase"] == "finished")
    })
    .await?;
    let mut trick = page.cards_in("#trick").await?;
    let mut place = "#trick";
    if !trick.contains(&choice) {
        trick = page.cards_in("#trick-done").await?;
        place = "#trick-done";
    }
    if !trick.contains(&choice) && click(page, "#last-trick-btn:not([disabled])").await? {
        shown(page, "#last-trick", SHOW, |_, _| true).await?;
        trick = page.cards_in("#last-trick").await?;
        place = "#last-trick";
    }
    page.screenshot("joker-played").await?;
    let label = page
        .exec(
            "const e = document.querySelector(arguments[0]); \
             return e ? e.getAttribute('aria-label') : null;",
            json!([format!("{place} [data-card=\"{choice}\"]")]),
        )
        .await?;
    println!("{choice} shows in {place} {trick:?}, named {label}");
    if !trick.contains(&choice) || trick.iter().any(|c| c == "JK") {
        problems.push(format!(
            "after {choice} was played the trick shows {trick:?} ({place}), not the joker as {choice}"
        ));
    }
    let suit = match choice.as_bytes()[2] {
        b'S' => "spades",
        b'H' => "hearts",
        b'D' => "diamonds",
        b'C' => "clubs",
        _ => "stars",
    };
    let named = format!("the joker as the two of {suit}");
    if label.as_str().is_none_or(|l| !l.contains(&named)) {
        problems.push(format!(
            "the played {choice} is labelled {label}, not {named:?}"
        ));
    }
    if click(page, "#last-trick-btn[aria-pressed=\"true\"]").await? {
        shown(page, "the trick in progress again", SHOW, |_, _| true).await?;
    }
    Ok(choice)
}

/// The joker chooser of Five Crowns Bridge, at a table made again until the person holds
/// the joker and it may be named more than one way; the deal is then ended by a claim of
/// none, and the page checked for hidden cards.
async fn joker(env: &mut Env) -> Result<(), String> {
    let mut tried = Vec::new();
    for attempt in 1..=JOKER_ATTEMPTS {
        let mut page = Page::open(
            &env.driver,
            env.server.addr,
            "/",
            &format!("joker-{attempt}"),
        )
        .await?;
        let (table, _) = page
            .create_table(
                "five-crowns",
                json!({"fc_nt_joker": "nominated_two"}),
                south_and_bots(),
                fast(),
            )
            .await?;
        let mut problems = Vec::new();
        let (_, view) = match to_the_joker(&mut page, &mut problems).await? {
            JokerDeal::Chooser(sample, view) => (sample, view),
            JokerDeal::Not(why) => {
                println!("joker, table {table}: {why}; another table");
                tried.push(why);
                let Page { session, .. } = page;
                session.close().await;
                continue;
            }
        };
        let choice = play_the_joker(&mut page, &view, &mut problems).await?;
        // The rest of the deal conceded, so the page can be checked against its record.
        let (_, view) = shown(&mut page, "the play after the joker", SHOW, |_, _| true).await?;
        if view["deal"]["phase"] == "play" && tricks_left(&view) > 0 {
            let reply = claim(&mut page, 0, tricks_left(&view), &mut problems).await?;
            if reply["type"] != "ack" {
                problems.push(format!("the claim of 0 was refused: {reply}"));
            }
        }
        shown(&mut page, "#deal-result", DEAL_LIMIT, |s, _| {
            s.result.is_some()
        })
        .await?;
        println!("joker, table {table} (attempt {attempt}): played as {choice}");
        check_hidden(env, &[&page], table).await?;
        problems.extend(page.defects.iter().cloned());
        return no_defects("joker", &problems);
    }
    Err(format!(
        "no deal in {JOKER_ATTEMPTS} tables let the person name the joker: {tried:#?}"
    ))
}

#[test]
fn the_joker_is_played_through_its_chooser() {
    run("joker", Duration::from_secs(600), |env| {
        Box::pin(joker(env))
    });
}

/// Waits for the element a selector finds, within [`SHOW`].
async fn appears(page: &mut Page, selector: &str) -> Result<(), String> {
    let deadline = Instant::now() + SHOW;
    loop {
        let found = page
            .exec(
                "return !!document.querySelector(arguments[0]);",
                json!([selector]),
            )
            .await?;
        if found == true {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(page.fail(format!("no {selector} within {SHOW:?}")).await);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A person's answer to the pending undo or claim (`kind`), pressed on their page's
/// pending box (`#undo-pending [data-undo-answer]`, `#claim-pending [data-claim-answer]`)
/// once it shows; fails unless the server takes it.
async fn answer(page: &mut Page, kind: &str, accept: bool) -> Result<(), String> {
    let word = if accept { "accept" } else { "reject" };
    let button = format!("#{kind}-pending [data-{kind}-answer=\"{word}\"]");
    appears(page, &button).await?;
    page.pump().await?;
    let from = page.frames.len();
    if !click(page, &button).await? {
        return Err(page.fail(format!("{button} could not be pressed")).await);
    }
    let command = format!("{kind}_answer");
    let reply = reply_to(page, from, &command).await?;
    let sent = page
        .sent_since(from)
        .iter()
        .find(|f| f.json["type"] == command.as_str())
        .map(|f| f.json["accept"].clone());
    if reply["type"] != "ack" || sent != Some(json!(accept)) {
        return Err(page
            .fail(format!(
                "pressing {button} sent accept {sent:?}, answered {reply}"
            ))
            .await);
    }
    Ok(())
}

/// Asks for an undo with `button#undo`; fails unless the server takes the request.
async fn ask_undo(page: &mut Page) -> Result<(), String> {
    appears(page, "button#undo:not([disabled])").await?;
    page.pump().await?;
    let from = page.frames.len();
    click(page, "button#undo").await?;
    let reply = reply_to(page, from, "undo").await?;
    if reply["type"] != "ack" {
        return Err(page.fail(format!("the undo was refused: {reply}")).await);
    }
    Ok(())
}

/// What the asker's page must show while its undo or claim waits for a person: the box
/// with its Withdraw button, Undo and Claim not offered, nothing to press.
async fn waiting_shown(
    page: &mut Page,
    kind: &str,
    problems: &mut Vec<String>,
) -> Result<(), String> {
    let (sample, view) = shown(page, &format!("the pending {kind}"), SHOW, |_, v| {
        v[kind].is_object()
    })
    .await?;
    appears(page, &format!("#{kind}-pending [data-{kind}-withdraw]")).await?;
    let offered = page
        .exec(
            "return ['undo', 'claim'].filter((id) => { \
               const b = document.querySelector('button#' + id); return b && !b.disabled; });",
            json!([]),
        )
        .await?;
    if offered != json!([]) {
        problems.push(format!(
            "{}: while the {kind} waits, {offered} are offered",
            page.label
        ));
    }
    problems.extend(contract_problems(&sample, &view));
    Ok(())
}

/// Undo and claims answered by a person: South (the host) and East (a second browser)
/// at one bridge table with computer players North and West. East rejects, then accepts,
/// South's undo of a card and South's claim of none, pressing the page's answer buttons;
/// both pages show what each answer did.
async fn a_person_answers(env: &mut Env) -> Result<(), String> {
    let mut south = Page::open(&env.driver, env.server.addr, "/", "answers-S").await?;
    let (table, _) = south
        .create_table(
            "bridge",
            json!({}),
            json!({"N": "basic", "E": "", "S": "me", "W": "basic"}),
            fast(),
        )
        .await?;
    let mut east = Page::open(
        &env.driver,
        env.server.addr,
        &format!("/t/{table}"),
        "answers-E",
    )
    .await?;
    click_when(
        &mut east,
        "button[data-sit=\"E\"] to take the free seat",
        "return document.querySelector('button[data-sit=\"E\"]');",
    )
    .await?;
    let mut problems = Vec::new();
    {
        let mut players = [Player::new(&mut south), Player::new(&mut east)];
        play_all_until(
            &mut players,
            &mut problems,
            "South's turn in the play",
            |v| v["deal"]["phase"] == "play" && my_turn(v),
        )
        .await?;
    }
    let (sample, view) = shown(&mut south, "South's turn in the play", SHOW, |_, v| {
        v["deal"]["phase"] == "play" && my_turn(v)
    })
    .await?;
    let before = history(&view);
    let enabled = sample.enabled();
    let card = choose(&enabled, sample.version().unwrap_or(0), &view)
        .filter(|a| is_card(a))
        .ok_or("South has no card to play")?
        .to_string();
    press_and_see(&mut south, &card, &view).await?;

    // The undo: East refuses it, the card stays; asked again, East consents.
    ask_undo(&mut south).await?;
    waiting_shown(&mut south, "undo", &mut problems).await?;
    east.screenshot("answers-undo-asked-E").await?;
    answer(&mut east, "undo", false).await?;
    let (_, view) = shown(&mut south, "the refused undo gone", SHOW, |_, v| {
        v["undo"].is_null()
    })
    .await?;
    if !history(&view).iter().any(|m| m["action"] == card.as_str()) {
        problems.push(format!(
            "East refused the undo, yet {card} is gone from the deal"
        ));
    }
    let notice = text_of(&mut south, "#notice").await?;
    println!("after East refused the undo South's #notice says {notice:?}");
    if !notice.contains("undo was not accepted") {
        problems.push(format!(
            "after East refused the undo South's #notice says {notice:?}"
        ));
    }
    ask_undo(&mut south).await?;
    answer(&mut east, "undo", true).await?;
    let (sample, view) = shown(
        &mut south,
        "the deal before South's card, South to play again",
        SHOW,
        |_, v| history(v) == before && my_turn(v),
    )
    .await?;
    if !sample.enabled().contains(&card.as_str()) {
        problems.push(format!(
            "after East consented to the undo, {card} cannot be pressed again"
        ));
    }
    println!("undo of {card}: refused by East, then taken back with East's consent");

    // The claim of none: West (a computer player) accepts at once, East rejects it
    // and play goes on; claimed again, East accepts and the deal ends.
    let left = tricks_left(&view);
    let reply = claim(&mut south, 0, left, &mut problems).await?;
    if reply["type"] != "ack" {
        return Err(south
            .fail(format!("the claim of 0 was refused: {reply}"))
            .await);
    }
    waiting_shown(&mut south, "claim", &mut problems).await?;
    appears(&mut east, "#claim-pending [data-claim-answer=\"reject\"]").await?;
    let said = text_of(&mut east, "#claim-pending").await?;
    if !said.contains(&format!("claims 0 of the {left} tricks left")) {
        problems.push(format!(
            "East's #claim-pending says {said:?}, not the claim of 0 of {left}"
        ));
    }
    east.screenshot("answers-claim-asked-E").await?;
    answer(&mut east, "claim", false).await?;
    for page in [&mut south, &mut east] {
        let (_, view) = shown(page, "the rejected claim gone", SHOW, |_, v| {
            v["claim"].is_null()
        })
        .await?;
        let notice = text_of(page, "#notice").await?;
        println!(
            "{}: after East's rejection #notice says {notice:?}",
            page.label
        );
        if view["deal"]["phase"] != "play" || !notice.contains("not accepted") {
            problems.push(format!(
                "{}: after East rejected the claim the phase is {} and #notice says {notice:?}",
                page.label, view["deal"]["phase"]
            ));
        }
    }
    let reply = claim(&mut south, 0, left, &mut problems).await?;
    if reply["type"] != "ack" {
        return Err(south
            .fail(format!("the second claim of 0 was refused: {reply}"))
            .await);
    }
    answer(&mut east, "claim", true).await?;
    for page in [&mut south, &mut east] {
        shown(
            page,
            "#deal-result after the accepted claim",
            SHOW,
            |s, v| s.result.is_some() && v["deal"]["phase"] == "finished",
        )
        .await?;
    }
    south.screenshot("answers-claim-accepted-S").await?;
    problems.extend(ended_by_claim_of_none(env, &south, table).await?);
    println!("claim of 0: rejected by East, then accepted; the deal ended");
    problems.extend(south.defects.iter().chain(&east.defects).cloned());
    no_defects("a person answers", &problems)
}

#[test]
fn a_person_refuses_then_consents_to_an_undo_and_a_claim() {
    run("a person answers", Duration::from_secs(300), |env| {
        Box::pin(a_person_answers(env))
    });
}
