//! The engine's `bot` command: it answers a legal action with a reason in every game and
//! phase, changes nothing, replays by its seed, and refuses with the field at fault.

use serde_json::{Value, json};
use tenace_protocol::engine::Engine;

fn ask(engine: &mut Engine, request: Value) -> Value {
    serde_json::from_str(&engine.handle_line(&request.to_string())).unwrap()
}

/// Asks the bot for the first player to act, checks the answer is legal and that the
/// state did not move, then applies it. Returns false once nobody acts.
fn bot_step(engine: &mut Engine, level: &str, seed: u64) -> bool {
    let legal = ask(engine, json!({"cmd": "legal"}));
    // The player whose turn it is: in Devil's Bridge others may only change their bids.
    let Some(player) = legal["to_act"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .find(|p| {
            legal["legal"][*p]
                .as_array()
                .unwrap()
                .iter()
                .any(|a| !a.as_str().unwrap().starts_with("change"))
        })
        .map(String::from)
    else {
        return false;
    };
    let before = ask(engine, json!({"cmd": "state"}));
    let reply = ask(
        engine,
        json!({"cmd": "bot", "player": player, "level": level, "seed": seed}),
    );
    assert_eq!(reply["ok"], true, "{reply}");
    assert!(!reply["reason"].as_str().unwrap().is_empty());
    assert_eq!(
        ask(engine, json!({"cmd": "state"})),
        before,
        "bot changed the state"
    );
    let action = reply["action"].clone();
    assert!(
        legal["legal"][&player]
            .as_array()
            .unwrap()
            .contains(&action),
        "{action} is not legal for {player}"
    );
    let applied = ask(
        engine,
        json!({"cmd": "apply", "player": player, "action": action}),
    );
    assert_eq!(applied["ok"], true, "{applied}");
    true
}

#[test]
fn bots_play_whole_matches_of_every_game_through_the_engine() {
    for new in [
        json!({"cmd": "new", "game": "bridge", "seed": 4, "match": true, "options": {"scoring": "chicago"}}),
        json!({"cmd": "new", "game": "five-crowns", "seed": 2}),
        json!({"cmd": "new", "game": "deuces-wild", "seed": 2}),
        json!({"cmd": "new", "game": "devils-bridge", "seed": 5, "match": true, "options": {"players": 5}}),
        json!({"cmd": "new", "game": "bridgette", "seed": 6, "match": true}),
    ] {
        for level in ["basic", "random"] {
            let mut engine = Engine::new();
            assert_eq!(ask(&mut engine, new.clone())["ok"], true);
            let mut steps = 0;
            while bot_step(&mut engine, level, steps) {
                steps += 1;
                assert!(steps < 5000, "{new} does not end");
            }
            let over = ask(
                &mut engine,
                json!({"cmd": "bot", "player": "0", "level": level}),
            );
            assert_eq!(
                over["error"], "player: nobody may act: the game is over",
                "{new}"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_answer() {
    let mut engine = Engine::new();
    ask(
        &mut engine,
        json!({"cmd": "new", "game": "bridge", "seed": 9, "dealer": "N"}),
    );
    let request = json!({"cmd": "bot", "player": "N", "level": "random", "seed": 42});
    let first = ask(&mut engine, request.clone());
    for _ in 0..3 {
        assert_eq!(ask(&mut engine, request.clone()), first);
    }
}

#[test]
fn refusals_name_the_field() {
    let mut engine = Engine::new();
    let reply = ask(
        &mut engine,
        json!({"cmd": "bot", "player": "N", "level": "basic"}),
    );
    assert!(
        reply["error"].as_str().unwrap().starts_with("no game"),
        "{reply}"
    );
    ask(
        &mut engine,
        json!({"cmd": "new", "game": "bridge", "seed": 9, "dealer": "N"}),
    );
    for (request, field) in [
        (
            json!({"cmd": "bot", "player": "E", "level": "basic"}),
            "player: E may not act now",
        ),
        (
            json!({"cmd": "bot", "player": "Q", "level": "basic"}),
            "player: unknown player",
        ),
        (json!({"cmd": "bot", "level": "basic"}), "player: missing"),
        (json!({"cmd": "bot", "player": "N"}), "level: missing"),
        (
            json!({"cmd": "bot", "player": "N", "level": 3}),
            "level: expected a string",
        ),
        (
            json!({"cmd": "bot", "player": "N", "level": "best"}),
            "level: unknown level",
        ),
        (
            json!({"cmd": "bot", "player": "N", "level": "expert", "samples": 0}),
            "samples: must be at least 1",
        ),
        (
            json!({"cmd": "bot", "player": "N", "level": "expert", "think_ms": "fast"}),
            "think_ms: expected a whole number",
        ),
        (
            json!({"cmd": "bot", "player": "N", "level": "basic", "seed": "x"}),
            "seed: expected a whole number",
        ),
        (
            json!({"cmd": "bot", "player": "N", "level": "basic", "depth": 3}),
            "depth: unknown field",
        ),
    ] {
        let reply = ask(&mut engine, request.clone());
        assert_eq!(reply["ok"], false, "{request}");
        let error = reply["error"].as_str().unwrap();
        assert!(error.starts_with(field), "{request}: {error}");
    }
}

#[test]
fn bridgette_bots_discard_in_the_exchange_and_devils_bots_bid_numbers() {
    let mut engine = Engine::new();
    ask(
        &mut engine,
        json!({"cmd": "new", "game": "bridgette", "seed": 1}),
    );
    let p = ask(&mut engine, json!({"cmd": "legal"}))["to_act"][0].clone();
    let reply = ask(
        &mut engine,
        json!({"cmd": "bot", "player": p, "level": "basic"}),
    );
    assert!(
        reply["action"].as_str().unwrap().starts_with("discard "),
        "{reply}"
    );

    ask(
        &mut engine,
        json!({"cmd": "new", "game": "devils-bridge", "seed": 1}),
    );
    let p = ask(&mut engine, json!({"cmd": "legal"}))["to_act"][0].clone();
    let reply = ask(
        &mut engine,
        json!({"cmd": "bot", "player": p, "level": "basic"}),
    );
    assert!(
        reply["action"].as_str().unwrap().parse::<u8>().is_ok(),
        "{reply}"
    );
    assert!(
        reply["reason"].as_str().unwrap().starts_with("bid "),
        "{reply}"
    );
}
