//! Bridgette through the engine protocol: the exchange, the roles as player names, whole
//! games, refusals that change nothing, and, as a property over many random games, that
//! no observation shows a card its viewer may not see.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tenace_cards::Card;
use tenace_protocol::engine::Engine;

mod common;
use common::{ok, refused, state};

/// Every card named anywhere in a JSON value: card strings, and the card of an action
/// such as `discard SA`.
fn cards_in(value: &Value, out: &mut BTreeSet<Card>) {
    match value {
        Value::String(s) => {
            let text = s.strip_prefix("discard ").unwrap_or(s);
            if let Ok(card) = text.parse::<Card>() {
                out.insert(card);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| cards_in(v, out)),
        Value::Object(map) => map.values().for_each(|v| cards_in(v, out)),
        _ => {}
    }
}

fn card_list(value: &Value) -> BTreeSet<Card> {
    let mut out = BTreeSet::new();
    cards_in(value, &mut out);
    out
}

/// The cards `viewer` may see, from the full state: their hand, draws and discards, the
/// up-cards, and every card played.
fn entitled(full: &Value, viewer: &str) -> BTreeSet<Card> {
    let mut seen = card_list(&full["hands"][viewer]);
    seen.extend(card_list(&full["exchange"]["drawn"][viewer]));
    seen.extend(card_list(&full["exchange"]["discards"][viewer]));
    seen.extend(card_list(&full["upcard"]));
    // The sheet of a whole game shows each finished deal's up-card, which was public.
    for line in full["match"]["deals"].as_array().into_iter().flatten() {
        seen.extend(card_list(&line["upcard"]));
    }
    for m in full["history"].as_array().expect("a history") {
        let action = m["action"].as_str().expect("an action");
        if let Ok(card) = action.parse::<Card>() {
            seen.insert(card);
        }
    }
    seen
}

#[test]
fn no_observation_shows_a_card_its_viewer_may_not_see() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut observations = 0;
    for seed in 0..40u64 {
        let mut e = Engine::new();
        let options = match seed % 3 {
            0 => json!({}),
            1 => json!({"upcard_to":"dealer","block_allows_colon_lead":false}),
            _ => json!({"upcard_to":"none","opening_pass":"opponent_must_name"}),
        };
        ok(
            &mut e,
            json!({"cmd":"new","game":"bridgette","seed":seed,"match":true,"options":options}),
        );
        loop {
            let full = state(&mut e);
            for viewer in ["0", "1"] {
                let obs =
                    ok(&mut e, json!({"cmd":"observe","player":viewer}))["observation"].clone();
                let shown = card_list(&obs);
                let allowed = entitled(&full, viewer);
                let leaked: Vec<_> = shown.difference(&allowed).collect();
                assert!(leaked.is_empty(), "seed {seed}: {viewer} sees {leaked:?}");
                assert!(
                    obs["exchange"].get("stock").is_none(),
                    "the stock is hidden"
                );
                let other = if viewer == "0" { "1" } else { "0" };
                assert!(obs["hands"].get(other).is_none());
                assert!(obs["exchange"]["discards"].get(other).is_none());
                observations += 1;
            }
            let legal = ok(&mut e, json!({"cmd":"legal"}));
            let Some(player) = legal["to_act"][0].as_str().map(str::to_string) else {
                break;
            };
            let actions = legal["legal"][&player].as_array().expect("actions").clone();
            let action = &actions[rng.random_range(0..actions.len())];
            ok(
                &mut e,
                json!({"cmd":"apply","player":player,"action":action}),
            );
        }
        let end = state(&mut e);
        assert_eq!(end["match"]["over"], json!(true));
        assert!(end["match"]["counted_deals"].as_u64().unwrap() >= 6);
    }
    assert!(observations > 10_000, "{observations}");
}

#[test]
fn roles_name_the_players_of_the_deal_in_progress() {
    let mut e = Engine::new();
    let reply = ok(
        &mut e,
        json!({"cmd":"new","game":"bridgette","seed":3,"dealer":"1"}),
    );
    assert_eq!(reply["state"]["phase"], json!("exchange"));
    assert_eq!(reply["state"]["to_act"], json!(["0"]));
    let obs = ok(&mut e, json!({"cmd":"observe","player":"non-dealer"}));
    assert_eq!(obs["observation"]["viewer"], json!("0"));
    let err = refused(
        &mut e,
        json!({"cmd":"apply","player":"dealer","action":"discard SA"}),
    );
    assert!(err.contains("player 0 discards now"), "{err}");
    let err = refused(
        &mut e,
        json!({"cmd":"apply","player":"umpire","action":"P"}),
    );
    assert!(err.starts_with("player: unknown player"), "{err}");
}

#[test]
fn a_refused_request_changes_nothing() {
    let mut e = Engine::new();
    ok(
        &mut e,
        json!({"cmd":"new","game":"bridgette","seed":3,"dealer":"0"}),
    );
    let before = state(&mut e);
    let hand = card_list(&before["hands"]["1"]);
    let foreign = card_list(&before["hands"]["0"]).into_iter().next().unwrap();
    assert!(!hand.contains(&foreign));
    for (request, names) in [
        (
            json!({"cmd":"apply","player":"1","action":format!("discard {foreign}")}),
            "is not in the hand",
        ),
        (
            json!({"cmd":"apply","player":"1","action":"1C"}),
            "exchange",
        ),
        (
            json!({"cmd":"apply","player":"1","action":"discard"}),
            "action",
        ),
        (
            json!({"cmd":"new","game":"bridgette","seed":3,"options":{"tie_after_seventh":7}}),
            "tie_after_seventh",
        ),
        (
            json!({"cmd":"new","game":"bridgette","seed":3,"vulnerability":"NS"}),
            "vulnerability",
        ),
        (json!({"cmd":"new","game":"bridgette"}), "seed"),
    ] {
        let err = refused(&mut e, request.clone());
        assert!(err.contains(names), "{request}: {err}");
        assert_eq!(state(&mut e), before, "{request} changed the game");
    }
}

#[test]
fn a_whole_game_keeps_its_sheet_and_can_end_early() {
    let mut e = Engine::new();
    ok(
        &mut e,
        json!({"cmd":"new","game":"bridgette","seed":9,"match":true}),
    );
    // Play the first legal action until one deal has finished.
    while state(&mut e)["match"]["deals"]
        .as_array()
        .unwrap()
        .is_empty()
    {
        let legal = ok(&mut e, json!({"cmd":"legal"}));
        let player = legal["to_act"][0].as_str().unwrap().to_string();
        let action = legal["legal"][&player][0].clone();
        ok(
            &mut e,
            json!({"cmd":"apply","player":player,"action":action}),
        );
    }
    let sheet = state(&mut e)["match"].clone();
    let line = &sheet["deals"][0];
    let points = [
        line["points"]["0"].as_u64().unwrap(),
        line["points"]["1"].as_u64().unwrap(),
    ];
    assert_eq!(sheet["totals"], json!({"0": points[0], "1": points[1]}));
    assert_eq!(sheet["over"], json!(false));
    let ended = ok(&mut e, json!({"cmd":"end"}));
    assert_eq!(ended["state"]["match"]["over"], json!(true));
    let winner = match points[0].cmp(&points[1]) {
        std::cmp::Ordering::Greater => json!("0"),
        std::cmp::Ordering::Less => json!("1"),
        std::cmp::Ordering::Equal => Value::Null,
    };
    assert_eq!(ended["state"]["match"]["winner"], winner);
    assert!(refused(&mut e, json!({"cmd":"end"})).contains("already over"));
}
