//! Views after the first go out as patches (docs/server-protocol.md, `patch`): over whole
//! deals of Contract Bridge, Devil's Bridge and Bridgette played by people only, each
//! player's stream of patches, merged as a client merges it, is after every action the
//! very view a fresh `hello` gets; the patches carry at least three times fewer bytes
//! than the whole views would have; no patch names a card that the view it makes does not
//! (so a patch shows nothing its viewer's own whole view would not, and the hidden-card
//! tests, which scan every patch and every merged view, cover them); and the server's
//! diff is measured against the `json-patch` crate's on the same views.
//!
//! Each player has two connections: one that only ever receives (its view is whole once,
//! on connecting, and patched from then on) and one that asks `hello` after each action.
//! The tables have no computer players, so nothing moves while the views are compared.

mod prop_support;
mod support;

use std::collections::BTreeSet;
use std::time::Duration;

use prop_support::checker::scannable;
use prop_support::{Script, TestServer, bots_except, fast_settings, play_table};
use serde_json::{Value, json};
use support::{Client, Received, Server, temp_db};
use tenace_cards::Card;

/// The cards a text names: its words of two or three letters that are card codes.
fn cards_named(text: &str) -> BTreeSet<Card> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| (2..=3).contains(&word.len()))
        .filter_map(|word| word.parse().ok())
        .collect()
}

/// A small deterministic generator, so a failing deal can be played again.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A fresh `hello` on `probe` at table version `version`: the whole view that answers it
/// and its message's bytes. Whole views of other versions on the way (the first one, an
/// answer to an earlier `hello`) are passed over.
async fn whole_view(probe: &mut Client, version: u64) -> (Value, usize) {
    loop {
        probe.send_text(r#"{"v":1,"type":"hello"}"#).await;
        loop {
            let before = probe.received;
            let frame = probe.next().await.expect("an answer to hello");
            if probe.received.views > before.views && probe.last_view["version"] == version {
                let bytes = probe.received.view_bytes - before.view_bytes;
                return (probe.last_view.clone(), bytes);
            }
            if frame["type"] == "error" && frame["field"] == "rate" {
                // Over the socket's 20 messages a second: asked again after a pause.
                tokio::time::sleep(Duration::from_millis(1100)).await;
                break;
            }
        }
    }
}

/// What a played deal measured, over every player.
#[derive(Debug, Default)]
struct Measured {
    actions: usize,
    /// Bytes the receiving connections were sent during play (patches, and any whole view).
    streamed: usize,
    /// Bytes of the whole views at the same versions (the `hello` answers).
    whole: usize,
    /// Bytes of the same changes as the `json-patch` crate's `diff` writes them.
    crate_diff: usize,
    patches: usize,
}

/// Plays one deal of `game` with `seats.len()` people and checks every step.
async fn play_one_deal(server: &Server, create: Value, seats: &[&str], seed: u64) -> Measured {
    let mut cookies = Vec::new();
    for _ in seats {
        cookies.push(server.player().await);
    }
    let table = server.create(&cookies[0], create).await;
    let mut streams = Vec::new();
    let mut probes = Vec::new();
    let mut version = 0;
    for (seat, cookie) in seats.iter().zip(&cookies) {
        let mut stream = server.connect(table, cookie).await;
        let answer = stream.command(json!({"type": "sit", "seat": seat})).await;
        assert_eq!(answer["type"], "ack", "sit {seat}: {answer}");
        version = answer["version"].as_u64().expect("a version");
        streams.push(stream);
        probes.push(server.connect(table, cookie).await);
    }
    let mut dice = Dice(seed);
    let mut measured = Measured::default();
    let mut marks: Vec<(Received, Value)> = vec![Default::default(); seats.len()];
    let mut last_deal = None;
    loop {
        // Every receiving connection reaches the version, and holds the view a `hello` gets.
        for (i, (stream, probe)) in streams.iter_mut().zip(&mut probes).enumerate() {
            // What the connection had received and held before the action.
            let (received, before) = std::mem::take(&mut marks[i]);
            let merged = stream.view_where(|v| v["version"] == json!(version)).await;
            let (fresh, whole_bytes) = whole_view(probe, version).await;
            assert_eq!(
                merged, fresh,
                "{}: the patches merged are the whole view at version {version}",
                seats[i]
            );
            marks[i] = (stream.received, merged.clone());
            if measured.actions == 0 {
                // The seating, before play: compared, not measured.
                continue;
            }
            let Received {
                view_bytes,
                patch_bytes,
                patches,
                ..
            } = stream.received;
            measured.streamed +=
                view_bytes + patch_bytes - received.view_bytes - received.patch_bytes;
            measured.patches += patches - received.patches;
            measured.whole += whole_bytes;
            measured.crate_diff +=
                json!({"v": 1, "type": "patch", "base": version, "version": version,
                "patch": json_patch::diff(&before, &merged)})
                .to_string()
                .len();
            if let Some(ops) = &stream.last_patch {
                let shown = cards_named(&merged.to_string());
                let named = cards_named(&ops.to_string());
                assert!(
                    named.is_subset(&shown),
                    "{}: a patch names {:?}, which the view it makes does not: {ops}",
                    seats[i],
                    named.difference(&shown).collect::<Vec<_>>()
                );
            }
        }
        // Whole deals, until the one in progress at the 30th action has ended.
        let view = &streams[0].last_view;
        let number = view["deal_number"].as_u64().unwrap_or(0);
        if measured.actions >= 30 {
            last_deal.get_or_insert(number);
        }
        let over = view["status"] == "finished" || last_deal.is_some_and(|n| number > n);
        if over || measured.actions > 400 {
            break;
        }
        // A player to act with something other than a change of bid to do (a change may
        // be offered out of turn, and changing back and forth would never end the deal),
        // else one with a change.
        let turn = view["to_act"].clone();
        let offered = |i: usize, plain: bool| {
            let to_act = turn
                .as_array()
                .is_some_and(|t| t.iter().any(|s| *s == seats[i]));
            to_act
                && streams[i].last_view["legal"].as_array().is_some_and(|l| {
                    l.iter()
                        .any(|a| !plain || a.as_str().is_some_and(|a| !a.starts_with("change")))
                })
        };
        let actor = (0..seats.len())
            .find(|&i| offered(i, true))
            .or_else(|| (0..seats.len()).find(|&i| offered(i, false)))
            .unwrap_or_else(|| panic!("someone acts: {view}"));
        let legal: Vec<String> = streams[actor].last_view["legal"]
            .as_array()
            .expect("legal")
            .iter()
            .filter_map(|a| a.as_str().map(String::from))
            .collect();
        let plain: Vec<&String> = legal.iter().filter(|a| !a.starts_with("change")).collect();
        let choices = if plain.is_empty() {
            legal.iter().collect()
        } else {
            plain
        };
        // No pass before the first bid, so the deal is played, not passed out; after it a
        // pass half the time, so the auction ends.
        let bid_made = streams[actor].last_view["deal"]["history"]
            .as_array()
            .is_some_and(|h| h.iter().any(|m| m["action"] != "P"));
        let passes = choices.iter().any(|a| a.as_str() == "P");
        let action = if passes && bid_made && dice.below(2) == 0 {
            "P".to_string()
        } else {
            let others: Vec<&&String> = choices.iter().filter(|a| a.as_str() != "P").collect();
            if others.is_empty() {
                choices[dice.below(choices.len())].clone()
            } else {
                others[dice.below(others.len())].to_string()
            }
        };
        let answer = streams[actor]
            .command(json!({"type": "act", "action": action}))
            .await;
        assert_eq!(answer["type"], "ack", "{action}: {answer}");
        version = answer["version"].as_u64().expect("a version");
        measured.actions += 1;
    }
    assert!(measured.actions >= 4, "a deal was played: {measured:?}");
    measured
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn patches_merge_into_the_whole_views_and_carry_a_third_of_their_bytes_or_less() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let settings = json!({"pacing_ms": 0, "away_takeover": false});
    // Each game with the least it must save. Bridgette's views are the smallest (two
    // players, no dummy) and its deals the shortest, so the record of the deal before,
    // new in the view at each deal's end, weighs most there: its floor is lower, and the
    // three together must still save 3x.
    let games = [
        (
            "Contract Bridge",
            json!({"game": "bridge", "match": "single_deal", "settings": settings}),
            vec!["N", "E", "S", "W"],
            3.0,
        ),
        (
            "Devil's Bridge",
            // The largest hands first, so the first deal is a long one.
            json!({"game": "devils-bridge", "options": {"players": 3, "hand_order": "down_up"},
                   "settings": settings}),
            vec!["0", "1", "2"],
            3.0,
        ),
        (
            "Bridgette",
            json!({"game": "bridgette", "settings": settings}),
            vec!["0", "1"],
            2.5,
        ),
    ];
    let (mut whole, mut streamed) = (0, 0);
    for (k, (name, create, seats, floor)) in games.into_iter().enumerate() {
        let m = play_one_deal(&server, create, &seats, 0x9e37_79b9_7f4a_7c15 + k as u64).await;
        let ratio = m.whole as f64 / m.streamed as f64;
        eprintln!(
            "{name}: {} actions, {} patches; bytes per action over {} players: whole views {:.0}, patches {:.0} ({ratio:.1}x fewer), the json-patch crate's diff {:.0}",
            m.actions,
            m.patches,
            seats.len(),
            m.whole as f64 / m.actions as f64,
            m.streamed as f64 / m.actions as f64,
            m.crate_diff as f64 / m.actions as f64,
        );
        assert!(
            m.patches * 10 >= m.actions * seats.len() * 9,
            "{name}: nearly every action came as a patch to every player: {m:?}"
        );
        assert!(
            ratio >= floor,
            "{name}: patches carry {ratio:.2}x fewer bytes than whole views, not {floor}x: {m:?}"
        );
        whole += m.whole;
        streamed += m.streamed;
        assert!(
            m.streamed <= m.crate_diff,
            "{name}: the server's patches are no larger than the json-patch crate's diff: {m:?}"
        );
    }
    let ratio = whole as f64 / streamed as f64;
    assert!(
        ratio >= 3.0,
        "all three games: {ratio:.2}x fewer bytes, not 3x"
    );
    server.stop().await;
}

/// With computer players, a spectator and a seat that reconnects, as the hidden-card
/// tests play: every patch a connection received names only cards (outside the past deal's
/// record and the score sheet, which are public) that the view it made names too. The
/// hidden-card tests check those views, and the patches themselves, against each deal's
/// truth (`prop_support` records both).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_patch_names_no_card_the_view_it_makes_does_not() {
    let server = TestServer::start().await;
    // A short Devil's Bridge series (hands of at most two cards), through a blind hand.
    let devils = json!({"players": 3, "max_hand": 2, "blind_one_card_hands": "all"});
    for (game, options, seats, humans) in [
        (
            "bridge",
            json!({}),
            vec!["N", "E", "S", "W"],
            vec!["N", "S"],
        ),
        ("devils-bridge", devils, vec!["0", "1", "2"], vec!["0"]),
    ] {
        let create = json!({"game": game, "options": options,
                            "bots": bots_except(&seats, &humans, "random"),
                            "settings": fast_settings()});
        let script = Script {
            reconnect_after: Some(3),
            ..Script::default()
        };
        let run = play_table(
            &server,
            create,
            &humans,
            1,
            script,
            7,
            Duration::from_secs(120),
        )
        .await;
        let mut patches = 0;
        for (i, frame) in run.frames.iter().enumerate() {
            if frame.json["type"] != "patch" {
                continue;
            }
            patches += 1;
            // The view the patch made is recorded right after it.
            let made = run.frames[i + 1..]
                .iter()
                .find(|f| f.conn == frame.conn)
                .expect("the view a patch made");
            assert_eq!(made.json["view"]["version"], frame.json["version"]);
            let named = cards_named(&scannable(&frame.json));
            let shown = cards_named(&scannable(&made.json));
            assert!(
                named.is_subset(&shown),
                "{game}: a patch names {:?} beyond its view: {}",
                named.difference(&shown).collect::<Vec<_>>(),
                frame.text
            );
        }
        assert!(patches > 20, "{game}: the views came as patches: {patches}");
    }
    server.stop().await;
}
