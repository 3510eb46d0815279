//! The hidden-information property (issues 24 and 30): every frame sent to every
//! connection of a table (seated players, spectators, a player who reconnects, answers to
//! refused commands), and every HTTP answer about it to every kind of reader (a seated
//! player with their cookie, a spectator, the host who does not sit, a player seated at
//! another table, no cookie at all: `prop_support::ways_out`), names no card its receiver
//! may not see at that moment.
//!
//! The checker (`prop_support::checker`) shares no code with the server's views: once the
//! match is over it reads each deal's public record, rebuilds who held what, and for each
//! frame works out what its receiver may see at the frame's version, then searches the
//! frame's text for every other card. All five games are played with people and computer
//! players mixed, including a Devil's Bridge blind hand and Bridgette's exchange.

mod prop_support;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde_json::{Value, json};
use tenace_cards::Card;

use prop_support::checker::{self, DealTruth, Receiver};
use prop_support::ways_out;
use prop_support::{Run, Script, TestServer, bots_except, fast_settings, play_table, records};

/// Where in the match a table version falls: `(deal index, actions of that deal made)`.
/// Every event after the start is an action (these tables neither chat nor undo), so the
/// version counts actions; the deals' lengths come from their records.
fn moment(run: &Run, lengths: &[usize], version: u64) -> (usize, usize) {
    let mut acts = version.saturating_sub(run.start_version) as usize;
    for (k, &len) in lengths.iter().enumerate() {
        if acts < len || k + 1 == lengths.len() {
            return (k, acts.min(len));
        }
        acts -= len;
    }
    (0, 0)
}

/// The cards a command names (an answer to it may repeat them: it tells nothing new).
fn named_in(command: Option<&Value>, deck: &BTreeSet<Card>) -> BTreeSet<Card> {
    command
        .map(|c| checker::hidden_cards_in(&c.to_string(), deck, &BTreeSet::new()))
        .unwrap_or_default()
        .into_iter()
        .collect()
}

/// Checks every frame of a run; the leaks found, described.
fn leaks(run: &Run, deals: &[Value]) -> Vec<String> {
    let records: Vec<&Value> = deals.iter().map(|d| &d["record"]).collect();
    let lengths: Vec<usize> = records
        .iter()
        .map(|r| r["history"].as_array().map_or(0, Vec::len))
        .collect();
    let acted = run.final_version.saturating_sub(run.start_version) as usize;
    assert_eq!(
        acted,
        lengths.iter().sum::<usize>(),
        "table {}: the versions after the start ({} to {}) should count the records' actions {:?}",
        run.table,
        run.start_version,
        run.final_version,
        lengths
    );
    let truths: Vec<DealTruth> = records
        .iter()
        .enumerate()
        .map(|(k, record)| {
            let blind = if record["blind"] == json!(true) {
                // Read the blind cards off those who may see them: they must agree with
                // each other and with the cards the record says were played.
                let shown = run.frames.iter().filter_map(|f| {
                    let (deal, n) = moment(run, &lengths, f.version);
                    let view = &f.json["view"]["deal"];
                    (deal == k && n < lengths[k] && view.is_object()).then_some((&f.receiver, view))
                });
                Some(checker::blind_cards_from_frames(shown).expect("the blind cards agree"))
            } else {
                None
            };
            let truth = DealTruth::from_record(record, blind.as_ref())
                .and_then(|t| t.replay_through_engine(record).map(|()| t));
            truth.unwrap_or_else(|e| panic!("deal {}: {e}: {record}", k + 1))
        })
        .collect();
    let mut found = Vec::new();
    for frame in &run.frames {
        let (k, n) = moment(run, &lengths, frame.version);
        let truth = &truths[k];
        let mut allowed = if frame.json["type"] == ways_out::CARDLESS {
            // The lobby, one's own tables, a refused review: no card belongs there.
            BTreeSet::new()
        } else {
            truth.allowed(&frame.receiver, n, run.spectators_see_all)
        };
        if frame.json["type"] == "error" {
            let id = frame.json["id"].as_str().unwrap_or_default();
            allowed.extend(named_in(run.sent.get(id), &truth.deck));
        }
        let hidden =
            checker::hidden_cards_in(&checker::scannable(&frame.json), &truth.deck, &allowed);
        if !hidden.is_empty() {
            found.push(format!(
                "{:?} at version {} (deal {}, {} actions in) saw {:?} in {}",
                frame.receiver,
                frame.version,
                k + 1,
                n,
                hidden.iter().map(Card::to_string).collect::<Vec<_>>(),
                frame.text
            ));
        }
    }
    found
}

/// The same run with one card planted in a seated player's view of the first deal, a
/// card of another hand: the scan must find it (so a clean scan means something).
fn assert_catches_a_planted_card(run: &Run, deals: &[Value]) {
    let first = &deals[0]["record"];
    let Some(spot) = run.frames.iter().position(|f| {
        matches!(f.receiver, Receiver::Seat(_))
            && f.json["type"] == "view"
            && f.version > run.start_version
            && f.json["view"]["deal_number"] == json!(1)
            && f.json["view"]["deal"]["phase"] != "finished"
    }) else {
        panic!("no seated view of the first deal to plant a card in");
    };
    let frame = &run.frames[spot];
    let truth = DealTruth::from_record(first, None).ok();
    let Some(truth) = truth else {
        return; // a record that names no blind card rebuilds only with the frames
    };
    let lengths: Vec<usize> = deals
        .iter()
        .map(|d| d["record"]["history"].as_array().map_or(0, Vec::len))
        .collect();
    let (_, n) = moment(run, &lengths, frame.version);
    let allowed = truth.allowed(&frame.receiver, n, false);
    let hidden = truth
        .deck
        .iter()
        .find(|c| !allowed.contains(c))
        .expect("some card is hidden during the deal");
    let mut planted = run.clone();
    planted.frames[spot].json["view"]["bot_actions"] =
        json!([{"seat": "x", "action": "P", "reason": format!("holding {hidden}")}]);
    let found = leaks(&planted, deals);
    assert_eq!(found.len(), 1, "the planted {hidden} is caught: {found:?}");
}

/// Plays a table and checks every frame; the run, for more checks.
async fn check_table(
    server: &TestServer,
    create: Value,
    humans: &[&str],
    script: Script,
    seed: u64,
) -> (Run, Vec<Value>) {
    let run = play_table(
        server,
        create.clone(),
        humans,
        2,
        script,
        seed,
        Duration::from_secs(60),
    )
    .await;
    let deals = records(server, run.table).await;
    assert!(!deals.is_empty(), "{create}: no deal recorded");
    let found = leaks(&run, &deals);
    assert!(
        found.is_empty(),
        "{create}: {} frames show hidden cards, the first: {:#?}",
        found.len(),
        &found[..found.len().min(3)]
    );
    assert_catches_a_planted_card(&run, &deals);
    let receivers: BTreeSet<String> = run
        .frames
        .iter()
        .map(|f| format!("{:?}", f.receiver))
        .collect();
    assert!(
        receivers.len() > humans.len(),
        "spectators' frames were recorded too: {receivers:?}"
    );
    // Every way out over HTTP was read by a seated player and by spectators, and
    // commands refused over HTTP were scanned too.
    let http = |f: &&prop_support::Frame| f.conn == usize::MAX;
    for kind in [
        ways_out::HTTP_VIEW,
        ways_out::CARDLESS,
        ways_out::HTTP_RECORD,
        "error",
    ] {
        let readers: BTreeSet<String> = run
            .frames
            .iter()
            .filter(http)
            .filter(|f| f.json["type"] == kind)
            .map(|f| format!("{:?}", f.receiver))
            .collect();
        let wanted = if kind == "error" { 1 } else { 2 };
        assert!(
            readers.len() >= wanted,
            "{kind} answers over HTTP were scanned for seats and spectators: {readers:?}"
        );
    }
    (run, deals)
}

fn table(
    game: &str,
    options: Value,
    match_kind: Option<&str>,
    seats: &[&str],
    humans: &[&str],
    level: &str,
) -> Value {
    let mut create = json!({
        "game": game,
        "options": options,
        "visibility": "public",
        "bots": bots_except(seats, humans, level),
        "settings": fast_settings(),
    });
    if let Some(kind) = match_kind {
        create["match"] = json!(kind);
    }
    create
}

const PARTNERSHIP: [&str; 4] = ["N", "E", "S", "W"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_of_a_partnership_game_shows_a_hidden_card() {
    let server = TestServer::start().await;
    let script = Script {
        provoke_errors: true,
        reconnect_after: Some(4),
        ..Script::default()
    };
    for (game, options, seed) in [
        ("bridge", json!({}), 11),
        ("deuces-wild", json!({}), 12),
        ("five-crowns", json!({"fc_nt_joker": "nominated_two"}), 13),
    ] {
        let humans = ["S", "W"];
        let create = table(game, options, None, &PARTNERSHIP, &humans, "basic");
        check_table(&server, create, &humans, script.clone(), seed).await;
    }
    assert!(server.healthy().await);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_of_devils_bridge_shows_a_hidden_card_even_in_the_blind_hand() {
    let server = TestServer::start().await;
    let script = Script {
        change_a_bid: true,
        provoke_errors: true,
        reconnect_after: Some(2),
    };
    let humans = ["0", "1"];
    let create = table(
        "devils-bridge",
        json!({"players": 3, "max_hand": 2, "blind_one_card_hands": "all"}),
        None,
        &["0", "1", "2"],
        &humans,
        "random",
    );
    let (run, deals) = check_table(&server, create, &humans, script, 21).await;
    assert!(
        deals.iter().any(|d| d["record"]["blind"] == json!(true)),
        "the series reaches its blind hand"
    );
    let changed = deals.iter().any(|d| {
        d["record"]["history"].as_array().is_some_and(|h| {
            h.iter().any(|m| {
                m["action"]
                    .as_str()
                    .is_some_and(|a| a.starts_with("change"))
            })
        })
    });
    assert!(changed, "a bid was changed, and its frames scanned");
    // The blind holder is never offered their own card's name: `blind` when it is their
    // turn to play, and besides only changes of bid (the dealer may change theirs until
    // the first card is played, RULES.md §3), never a card.
    let blind_legal = run.frames.iter().filter(|f| {
        let view = &f.json["view"];
        view["deal"]["blind"] == json!(true)
            && view["deal"]["phase"] == "play"
            && view["legal"].as_array().is_some_and(|l| !l.is_empty())
    });
    let mut offered_blind = 0;
    for frame in blind_legal {
        let view = &frame.json["view"];
        let legal = view["legal"].as_array().expect("legal");
        assert!(
            legal
                .iter()
                .all(|a| a == "blind" || a.as_str().is_some_and(|a| a.starts_with("change "))),
            "{}",
            frame.text
        );
        offered_blind += usize::from(legal.iter().any(|a| a == "blind"));
    }
    assert!(offered_blind > 0, "no frame offered a blind play");
    assert!(server.healthy().await);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_of_bridgette_shows_a_hidden_card_through_the_exchange() {
    let server = TestServer::start().await;
    let script = Script {
        provoke_errors: true,
        reconnect_after: Some(3),
        ..Script::default()
    };
    let humans = ["0"];
    let create = table("bridgette", json!({}), None, &["0", "1"], &humans, "random");
    let (_, deals) = check_table(&server, create, &humans, script, 31).await;
    let discarded = deals.iter().any(|d| {
        d["record"]["history"].as_array().is_some_and(|h| {
            h.iter().any(|m| {
                m["action"]
                    .as_str()
                    .is_some_and(|a| a.starts_with("discard"))
            })
        })
    });
    assert!(discarded, "the deals went through the exchange");
    assert!(server.healthy().await);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_who_may_see_all_are_shown_all_and_players_still_not() {
    let server = TestServer::start().await;
    let humans = ["N"];
    let mut create = table("bridge", json!({}), None, &PARTNERSHIP, &humans, "random");
    create["settings"]["spectators_see_all"] = json!(true);
    let (run, _) = check_table(&server, create, &humans, Script::default(), 41).await;
    // The spectators were shown more than one hand during the auction.
    let shown_all = run.frames.iter().any(|f| {
        f.receiver == Receiver::Spectator
            && f.json["view"]["deal"]["phase"] == "auction"
            && f.json["view"]["deal"]["hands"]
                .as_object()
                .is_some_and(|h| h.len() == 4)
    });
    assert!(shown_all, "spectators_see_all shows spectators every hand");
    assert!(server.healthy().await);
    server.stop().await;
}

/// The checker's own unit tests run here too (they are in the support module); this one
/// makes sure the property test above would fail on a leak in a real frame's shape.
#[test]
fn the_checker_fails_on_a_view_that_shows_another_hand() {
    let record = json!({
        "game": "bridge", "players": ["N", "E", "S", "W"], "dealer": "N", "declarer": null,
        "hands": {"N": ["SA", "HA"], "E": ["SK", "HK"], "S": ["SQ", "HQ"], "W": ["SJ", "HJ"]},
        "history": [
            {"player": "N", "action": "P"}, {"player": "E", "action": "P"},
            {"player": "S", "action": "P"}, {"player": "W", "action": "P"}
        ]
    });
    let truth = DealTruth::from_record(&record, None).expect("rebuilt");
    let frame = json!({"v": 1, "type": "view", "view": {"version": 3, "deal": {
        "hands": {"S": ["HQ", "SQ"], "N": ["HA", "SA"]}}, "legal": ["P"]}});
    let allowed = truth.allowed(&Receiver::Seat("S".into()), 1, false);
    let hidden: BTreeMap<String, ()> =
        checker::hidden_cards_in(&checker::scannable(&frame), &truth.deck, &allowed)
            .into_iter()
            .map(|c| (c.to_string(), ()))
            .collect();
    assert_eq!(hidden.keys().cloned().collect::<Vec<_>>(), vec!["HA", "SA"]);
}
