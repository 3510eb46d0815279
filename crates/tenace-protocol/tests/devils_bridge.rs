//! Devil's Bridge through the engine protocol: explicit hands, several players to act,
//! the hook, the blind hand's observations, whole games and the errors that name a field.

use serde_json::{Value, json};
use tenace_protocol::engine::Engine;

mod common;
use common::{apply, ok, refused};

fn three_card_hand() -> Value {
    json!({"cmd":"new","game":"devils-bridge","options":{"players":3},
        "hand":{"size":3,"dealer":"2","hands":{"0":["SA","HK","D2"],"1":["S2","H3","C9"],"2":["SK","HA","D3"]},"trump":"C7"}})
}

#[test]
fn an_explicit_hand_with_bid_changes_and_the_hook() {
    let mut e = Engine::new();
    let reply = ok(&mut e, three_card_hand());
    let state = &reply["state"];
    assert_eq!(state["players"], json!(["0", "1", "2"]));
    assert_eq!(state["trump"], json!("C7"));
    assert_eq!(state["hand_size"], json!(3));
    assert_eq!(state["to_act"], json!(["0"]));
    assert_eq!(state["blind"], json!(false));
    apply(&mut e, "0", "1");
    let legal = ok(&mut e, json!({"cmd":"legal"}));
    assert_eq!(legal["to_act"], json!(["0", "1"]));
    assert_eq!(
        legal["legal"]["0"],
        json!(["change 0", "change 2", "change 3"])
    );
    assert_eq!(legal["legal"]["1"], json!(["0", "1", "2", "3"]));
    apply(&mut e, "0", "change 2");
    apply(&mut e, "1", "0");
    let err = refused(
        &mut e,
        json!({"cmd":"apply","player":"0","action":"change 1"}),
    );
    assert!(err.contains("on their left has bid"), "{err}");
    // 2 + 0: the dealer may not bid 1.
    let legal = ok(&mut e, json!({"cmd":"legal"}));
    assert_eq!(legal["legal"]["2"], json!(["0", "2", "3"]));
    let err = refused(&mut e, json!({"cmd":"apply","player":"2","action":"1"}));
    assert!(err.contains("hook"), "{err}");
    let reply = apply(&mut e, "2", "0");
    assert_eq!(reply["phase"], json!("play"));
    assert_eq!(reply["to_act"], json!(["0", "2"]));
    // The dealer changes before the lead, still hooked.
    let err = refused(
        &mut e,
        json!({"cmd":"apply","player":"2","action":"change 1"}),
    );
    assert!(err.contains("hook"), "{err}");
    apply(&mut e, "2", "change 3");
    apply(&mut e, "0", "SA");
    let err = refused(
        &mut e,
        json!({"cmd":"apply","player":"2","action":"change 0"}),
    );
    assert!(err.contains("until the first card"), "{err}");
    for (p, c) in [
        ("1", "S2"),
        ("2", "SK"),
        ("0", "HK"),
        ("1", "H3"),
        ("2", "HA"),
        ("2", "D3"),
        ("0", "D2"),
    ] {
        apply(&mut e, p, c);
    }
    let reply = apply(&mut e, "1", "C9");
    assert_eq!(reply["phase"], json!("finished"));
    // C9 trumps the diamond lead: player 1 wins the last trick.
    assert_eq!(reply["trick_won"], json!("1"));
    let state = ok(&mut e, json!({"cmd":"state"}))["state"].clone();
    assert_eq!(state["bids"], json!({"0":2,"1":0,"2":3}));
    assert_eq!(state["tricks_won"], json!({"0":1,"1":1,"2":1}));
    assert_eq!(state["hand_scores"], json!({"0":1,"1":1,"2":1}));
    assert_eq!(state["totals"], json!({"0":1,"1":1,"2":1}));
}

#[test]
fn no_trumps_when_the_trump_is_null() {
    let mut e = Engine::new();
    let mut request = three_card_hand();
    request["hand"]["trump"] = Value::Null;
    let state = ok(&mut e, request)["state"].clone();
    assert_eq!(state["trump"], Value::Null);
    for (p, b) in [("0", "0"), ("1", "0"), ("2", "0")] {
        apply(&mut e, p, b);
    }
    apply(&mut e, "0", "D2");
    // Player 1 has no diamond and no trumps to fear: any card.
    let legal = ok(&mut e, json!({"cmd":"legal"}));
    assert_eq!(legal["legal"]["1"], json!(["C9", "H3", "S2"]));
}

#[test]
fn the_blind_hand_shows_each_player_every_card_but_their_own() {
    let mut e = Engine::new();
    let state = ok(
        &mut e,
        json!({"cmd":"new","game":"devils-bridge",
            "hand":{"size":1,"dealer":"3","hands":{"0":["SA"],"1":["HK"],"2":["D2"],"3":["C3"]},"trump":"C7"}}),
    )["state"]
        .clone();
    assert_eq!(state["blind"], json!(true));
    for (viewer, own) in [("0", "SA"), ("1", "HK"), ("2", "D2"), ("3", "C3")] {
        let obs = ok(&mut e, json!({"cmd":"observe","player":viewer}))["observation"].clone();
        assert!(obs["hands"].get(viewer).is_none(), "{obs}");
        assert_eq!(obs["hand_sizes"][viewer], json!(1));
        assert!(!obs.to_string().contains(own), "{viewer} sees {own}: {obs}");
        assert_eq!(obs["hands"].as_object().unwrap().len(), 3);
    }
    for p in ["0", "1", "2"] {
        apply(&mut e, p, "0");
    }
    apply(&mut e, "3", "0");
    // The play is forced and unseen: legal offers "blind", never the card, and a named
    // card is refused in words that do not depend on the card.
    let legal = ok(&mut e, json!({"cmd":"legal"}));
    assert_eq!(legal["legal"]["0"], json!(["blind"]));
    let right = e.handle(&json!({"cmd":"apply","player":"0","action":"SA"}).to_string());
    let wrong = e.handle(&json!({"cmd":"apply","player":"0","action":"SK"}).to_string());
    assert_eq!(right["ok"], json!(false));
    assert_eq!(right, wrong);
    assert!(!right.to_string().contains("SA"), "{right}");
    apply(&mut e, "0", "blind");
    // On the table the card is public, and the record shows it.
    let obs = ok(&mut e, json!({"cmd":"observe","player":"0"}))["observation"].clone();
    assert!(obs.to_string().contains("SA"), "{obs}");
}

#[test]
fn a_seeded_hand_has_the_largest_size() {
    let mut e = Engine::new();
    let state = ok(
        &mut e,
        json!({"cmd":"new","game":"devils-bridge","seed":3,"options":{"players":5}}),
    )["state"]
        .clone();
    assert_eq!(state["hand_size"], json!(10));
    assert_eq!(state["hand_sizes"]["4"], json!(10));
    assert!(state["trump"].is_string());
    let again = ok(
        &mut e,
        json!({"cmd":"new","game":"devils-bridge","seed":3,"options":{"players":5}}),
    )["state"]
        .clone();
    assert_eq!(state, again);
    let dealt = ok(
        &mut e,
        json!({"cmd":"new","game":"devils-bridge","seed":3,"dealer":"1","options":{"players":5}}),
    )["state"]
        .clone();
    assert_eq!(dealt["dealer"], json!("1"));
}

/// Plays the first bid or card listed (never a change) until the game ends.
fn play_out(e: &mut Engine) -> usize {
    let mut steps = 0;
    loop {
        let legal = ok(e, json!({"cmd":"legal"}));
        let to_act = legal["to_act"].as_array().unwrap().clone();
        if to_act.is_empty() {
            return steps;
        }
        let (player, action) = to_act
            .iter()
            .find_map(|p| {
                let p = p.as_str().unwrap();
                legal["legal"][p]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a.as_str().unwrap())
                    .find(|a| !a.starts_with("change"))
                    .map(|a| (p.to_string(), a.to_string()))
            })
            .expect("someone bids or plays");
        apply(e, &player, &action);
        steps += 1;
    }
}

#[test]
fn a_whole_game_with_its_score_sheet() {
    let mut e = Engine::new();
    let state = ok(
        &mut e,
        json!({"cmd":"new","game":"devils-bridge","seed":11,"match":true,"options":{"players":7,"target_score":null}}),
    )["state"]
        .clone();
    assert_eq!(state["hand_size"], json!(1));
    assert_eq!(state["match"]["series_length"], json!(13));
    play_out(&mut e);
    let state = ok(&mut e, json!({"cmd":"state"}))["state"].clone();
    let sheet = &state["match"];
    assert_eq!(sheet["hands"].as_array().unwrap().len(), 13);
    assert_eq!(sheet["over"], json!(true));
    assert!(!sheet["winners"].as_array().unwrap().is_empty());
    assert_eq!(state["totals"], sheet["totals"]);
    let sizes: Vec<u64> = sheet["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["size"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes, vec![1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]);
    for player in 0..7 {
        let p = player.to_string();
        let sum: u64 = sheet["hands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["points"][&p].as_u64().unwrap())
            .sum();
        assert_eq!(json!(sum), sheet["totals"][&p]);
    }
    let err = refused(&mut e, json!({"cmd":"apply","player":"0","action":"1"}));
    assert!(err.contains("over"), "{err}");
}

#[test]
fn a_game_can_be_ended_early() {
    let mut e = Engine::new();
    ok(
        &mut e,
        json!({"cmd":"new","game":"devils-bridge","seed":1,"match":true}),
    );
    let state = ok(&mut e, json!({"cmd":"end"}))["state"].clone();
    assert_eq!(state["match"]["over"], json!(true));
    assert!(refused(&mut e, json!({"cmd":"end"})).contains("already over"));
}

#[test]
fn errors_name_the_field() {
    let mut e = Engine::new();
    let cases = [
        (
            json!({"cmd":"new","game":"devils-bridge","seed":1,"options":{"players":8}}),
            "players",
        ),
        (
            json!({"cmd":"new","game":"devils-bridge","seed":1,"options":{"colour":"red"}}),
            "colour",
        ),
        (
            json!({"cmd":"new","game":"devils-bridge","seed":1,"options":{"max_hand":13}}),
            "max_hand",
        ),
        (
            json!({"cmd":"new","game":"devils-bridge","seed":1,"options":{"scoring":"silly"}}),
            "scoring",
        ),
        (
            json!({"cmd":"new","game":"devils-bridge","seed":1,"deal":"N:..."}),
            "deal",
        ),
        (
            json!({"cmd":"new","game":"devils-bridge","seed":1,"match":true,"dealer":"1"}),
            "match",
        ),
        (json!({"cmd":"new","game":"devils-bridge"}), "seed"),
        (
            json!({"cmd":"new","game":"devils-bridge","seed":1,"dealer":"9"}),
            "dealer",
        ),
        (
            json!({"cmd":"new","game":"devils-bridge","options":{"players":3},"hand":{"size":1,"dealer":"0","hands":{"0":["SA"],"1":["SK"],"2":["SA"]},"trump":null}}),
            "hand",
        ),
        (
            json!({"cmd":"new","game":"devils-bridge","options":{"players":3},"hand":{"size":1,"dealer":"0","hands":{"0":["SA"],"1":["SK"],"2":["SQ"]}}}),
            "hand.trump",
        ),
        (
            json!({"cmd":"new","game":"devils-bridge","options":{"players":3},"hand":{"size":1,"dealer":"0","hands":{"0":["SA"],"1":["SK"],"2":["SQ"]},"trump":"SA"}}),
            "trump",
        ),
        (
            json!({"cmd":"new","game":"devils-bridge","options":{"players":3},"hand":{"size":1,"dealer":"0","hands":{"0":["SA"],"1":["SK"],"2":["SQ"]},"trump":null,"extra":1}}),
            "hand.extra",
        ),
        (
            json!({"cmd":"new","game":"bridge","seed":1,"hand":{}}),
            "hand",
        ),
    ];
    for (request, field) in cases {
        let err = refused(&mut e, request.clone());
        assert!(err.contains(field), "{request}: {err}");
    }
    ok(&mut e, three_card_hand());
    // Players are numbers here, even at a table of four.
    let err = refused(&mut e, json!({"cmd":"apply","player":"N","action":"1"}));
    assert!(err.contains("player"), "{err}");
    let err = refused(&mut e, json!({"cmd":"apply","player":"1","action":"1"}));
    assert!(err.contains("player 0's turn"), "{err}");
    let err = refused(&mut e, json!({"cmd":"apply","player":"0","action":"9"}));
    assert!(err.contains("bid from 0 to 3"), "{err}");
    let err = refused(&mut e, json!({"cmd":"apply","player":"0","action":"1NT"}));
    assert!(err.contains("numbers"), "{err}");
}
