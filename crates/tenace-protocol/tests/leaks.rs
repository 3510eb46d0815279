//! The hidden-information property of the engine protocol, for every game: nothing a
//! player is sent names a card that player may not see. Checked for each player at every
//! step of random games: their observation, their legal actions, what a bot deciding for
//! them answers (action and reason), and the errors they get for cards they may not play.
//!
//! The checker does not use the view code: it works out what each player may see from the
//! full state alone (their own hand, cards on the table, dummy after the opening lead,
//! Bridgette's up-card and their own draws and discards, Devil's Bridge's turned-up card
//! and, in a blind hand, everyone's card but their own), then looks for every other card's
//! name in the text sent.

mod common;

use std::collections::BTreeSet;

use common::{ok, send, state};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tenace_cards::{Card, Deck};
use tenace_protocol::engine::Engine;

/// A message's text less its examples of notation ("e.g. SA, HT)" or
/// `e.g. "discard S2", …`): those name a card as a pattern, not as anyone's.
fn without_examples(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("e.g. ") {
        out.push_str(&rest[..at]);
        let example = &rest[at..];
        let end = example.find([')', ',', ';']).unwrap_or(example.len());
        rest = &example[end..];
    }
    out.push_str(rest);
    out
}

/// Every card named in a JSON value's strings: words that read as a card, and the joker
/// named as a suit (`JKS`).
fn cards_named(value: &Value) -> BTreeSet<Card> {
    let mut found = BTreeSet::new();
    let mut add_text = |text: &str| {
        for word in without_examples(text).split(|c: char| !c.is_ascii_alphanumeric()) {
            if let Ok(card) = word.parse::<Card>() {
                found.insert(card);
            } else if word.len() == 3 && word.starts_with("JK") {
                found.insert(Card::JOKER);
            }
        }
    };
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::String(s) => add_text(s),
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => {
                for (key, item) in map {
                    add_text(key);
                    stack.push(item);
                }
            }
            _ => {}
        }
    }
    found
}

/// What `viewer` may see, worked out from the full state.
fn entitled(full: &Value, viewer: &str) -> BTreeSet<Card> {
    let blind = full["blind"] == json!(true);
    let mut seen = BTreeSet::new();
    let hands = full["hands"]
        .as_object()
        .expect("the full state shows every hand");
    for (owner, hand) in hands {
        // Their own hand, or in a blind hand everyone's but their own.
        if (owner == viewer) != blind {
            seen.extend(cards_named(hand));
        }
    }
    let mut card_played = false;
    for m in full["history"].as_array().expect("a history") {
        let action = m["action"].as_str().expect("an action");
        match action.strip_prefix("discard ") {
            // A Bridgette discard is its maker's alone.
            Some(card) if m["player"] == json!(viewer) => {
                seen.extend(card.parse::<Card>());
            }
            Some(_) => {}
            // Everything else in the record is public: calls, bids and cards played.
            None => {
                let named = cards_named(&json!(action));
                card_played |= !named.is_empty();
                seen.extend(named);
            }
        }
    }
    if card_played && let Some(dummy) = full["dummy"].as_str() {
        seen.extend(cards_named(&full["hands"][dummy]));
    }
    // Public cards: Devil's Bridge's turned-up trump, Bridgette's up-card, and the
    // finished deals on a match's sheet.
    seen.extend(cards_named(&full["trump"]));
    seen.extend(cards_named(&full["upcard"]));
    seen.extend(cards_named(&full["match"]));
    seen.extend(cards_named(&full["exchange"]["drawn"][viewer]));
    seen.extend(cards_named(&full["exchange"]["discards"][viewer]));
    seen
}

/// Fails if `sent` names a card outside `allowed`.
fn assert_hidden(sent: &Value, allowed: &BTreeSet<Card>, what: &str) {
    let leaked: Vec<Card> = cards_named(sent).difference(allowed).copied().collect();
    assert!(leaked.is_empty(), "{what} names hidden {leaked:?}: {sent}");
}

/// What one game checked.
#[derive(Default)]
struct Tally {
    /// Replies scanned.
    replies: usize,
    /// Steps taken in a blind hand.
    blind_steps: usize,
}

/// Plays one game at random through the protocol, checking every player at every step.
fn check_game(new: Value, deck: Deck, seed: u64, probe_every: usize) -> Tally {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut e = Engine::new();
    ok(&mut e, new.clone());
    let mut tally = Tally::default();
    for step in 0.. {
        let full = state(&mut e);
        if full["blind"] == json!(true) {
            tally.blind_steps += 1;
        }
        let players: Vec<String> = full["players"]
            .as_array()
            .expect("players")
            .iter()
            .map(|p| p.as_str().expect("a name").to_string())
            .collect();
        let legal = ok(&mut e, json!({"cmd":"legal"}));
        for viewer in &players {
            let allowed = entitled(&full, viewer);
            let context = format!("{new} step {step}, player {viewer}");
            let obs = ok(&mut e, json!({"cmd":"observe","player":viewer}));
            assert_hidden(&obs, &allowed, &format!("{context}: observation"));
            let mine = &legal["legal"][viewer.as_str()];
            assert_hidden(mine, &allowed, &format!("{context}: legal actions"));
            tally.replies += 2;
            let Some(actions) = mine.as_array().filter(|a| !a.is_empty()) else {
                continue;
            };
            // The expert samples and solves: asked now and then, it covers the same
            // reasons at a fraction of the time.
            let levels: &[&str] = if step % 8 == 3 {
                &["random", "basic", "expert"]
            } else {
                &["random", "basic"]
            };
            for level in levels {
                let reply = send(
                    &mut e,
                    json!({"cmd":"bot","player":viewer,"level":level,"seed":step,
                        "samples":2,"think_ms":10}),
                );
                assert_hidden(&reply, &allowed, &format!("{context}: {level} bot"));
                tally.replies += 1;
            }
            // Every card this player may not play now is refused, in words that name no
            // card they may not see (the card they named apart).
            if step % probe_every == 0 {
                for card in deck.cards().iter() {
                    if actions.contains(&json!(card.to_string())) {
                        continue;
                    }
                    let reply = send(
                        &mut e,
                        json!({"cmd":"apply","player":viewer,"action":card.to_string()}),
                    );
                    assert_eq!(reply["ok"], json!(false), "{context}: {card} -> {reply}");
                    let mut allowed = allowed.clone();
                    allowed.insert(card);
                    assert_hidden(&reply, &allowed, &format!("{context}: error for {card}"));
                    tally.replies += 1;
                }
            }
        }
        // Devil's Bridge bid changes are optional: the game moves on with the player who
        // has something else to do; a change is taken now and then.
        let is_change = |a: &Value| a.as_str().is_some_and(|s| s.starts_with("change"));
        let to_act: Vec<String> = legal["to_act"]
            .as_array()
            .expect("to_act")
            .iter()
            .filter_map(|p| p.as_str().map(str::to_string))
            .collect();
        let Some(player) = to_act
            .iter()
            .find(|p| {
                legal["legal"][p.as_str()]
                    .as_array()
                    .is_some_and(|a| a.iter().any(|a| !is_change(a)))
            })
            .cloned()
        else {
            break;
        };
        let actions = legal["legal"][&player].as_array().expect("actions").clone();
        let in_turn: Vec<&Value> = actions.iter().filter(|a| !is_change(a)).collect();
        let pool = if rng.random_range(0..10) == 0 {
            actions.iter().collect()
        } else {
            in_turn
        };
        let action = pool[rng.random_range(0..pool.len())];
        ok(
            &mut e,
            json!({"cmd":"apply","player":player,"action":action}),
        );
    }
    tally
}

#[test]
fn contract_bridge_sends_no_player_a_hidden_card() {
    let mut checked = 0;
    for seed in 0..3 {
        checked += check_game(
            json!({"cmd":"new","game":"bridge","seed":seed}),
            Deck::Standard,
            seed,
            7,
        )
        .replies;
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn deuces_wild_and_five_crowns_send_no_player_a_hidden_card() {
    for seed in 0..2 {
        check_game(
            json!({"cmd":"new","game":"deuces-wild","seed":seed}),
            Deck::Standard,
            seed,
            9,
        );
        check_game(
            json!({"cmd":"new","game":"five-crowns","seed":seed,
                "options":{"fc_nt_joker":"nominated_two"}}),
            Deck::FiveCrowns,
            seed,
            9,
        );
    }
}

#[test]
fn devils_bridge_sends_no_player_a_hidden_card_blind_hands_included() {
    for (seed, players, blind) in [(1, 3, "final"), (2, 5, "all"), (3, 7, "final")] {
        let tally = check_game(
            json!({"cmd":"new","game":"devils-bridge","seed":seed,"match":true,
                "options":{"players":players,"max_hand":2,"blind_one_card_hands":blind}}),
            Deck::Standard,
            seed,
            1,
        );
        assert!(tally.replies > 100, "{}", tally.replies);
        // Bids and plays of the blind hand: one step a player at least for each.
        assert!(tally.blind_steps >= 2 * players, "{}", tally.blind_steps);
    }
}

#[test]
fn bridgette_sends_no_player_a_hidden_card() {
    for seed in 0..2 {
        check_game(
            json!({"cmd":"new","game":"bridgette","seed":seed}),
            Deck::Bridgette,
            seed,
            9,
        );
    }
}

/// The checker itself can fail: a state that shows a player another's hand is caught,
/// and only examples of notation are passed over.
#[test]
fn the_checker_catches_a_hand_shown_to_the_wrong_player() {
    let mut e = Engine::new();
    ok(&mut e, json!({"cmd":"new","game":"bridge","seed":4}));
    let full = state(&mut e);
    let allowed = entitled(&full, "N");
    assert_eq!(allowed, cards_named(&full["hands"]["N"]));
    let result = std::panic::catch_unwind(|| assert_hidden(&full, &allowed, "full state"));
    assert!(result.is_err(), "the full state shows East's hand to North");
    let named = cards_named(&json!("e.g. \"discard S2\", or HK; e.g. SA"));
    assert_eq!(named, BTreeSet::from(["HK".parse::<Card>().unwrap()]));
}
