//! The JSON game record: every game's match and deals written, read back equal, and
//! replayed to the same state, score and observations; bad records refused with the
//! field at fault, never a panic.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tenace_cards::Player;
use tenace_protocol::state::{ViewJson, player_label, view_json};
use tenace_rules::{Action, AnyGame, Game, GameConfig};
use tenace_table::TableMatch;
use tenace_table::record::{Record, RecordMeta, Replayed, Scope, deals_record};

/// The five games, with options that are not all defaults.
fn configs() -> Vec<GameConfig> {
    [
        ("bridge", json!({"scoring": "rubber"})),
        (
            "bridge",
            json!({"scoring": "duplicate", "boards": 2, "comparison": "imps"}),
        ),
        ("deuces-wild", json!({"scoring": "chicago"})),
        ("five-crowns", Value::Null),
        ("devils-bridge", json!({"players": 5, "max_hand": 3})),
        ("devils-bridge", json!({"players": 3})),
        ("bridgette", Value::Null),
    ]
    .into_iter()
    .map(|(game, options)| GameConfig::from_json(game, &options).expect("valid options"))
    .collect()
}

/// Plays `actions` random legal actions (fewer if the match ends first).
fn play(m: &mut TableMatch, actions: usize, rng: &mut ChaCha8Rng) {
    for _ in 0..actions {
        // Devil's Bridge lets players change their bids while another may lead: a random
        // player who changes bids only now and then still finishes hands.
        let mut choices: Vec<(Player, Action)> = m
            .to_act()
            .iter()
            .flat_map(|p| m.legal_actions(p).into_iter().map(move |a| (p, a)))
            .collect();
        if choices.is_empty() {
            return;
        }
        if rng.random_range(0..20) != 0
            && choices
                .iter()
                .any(|(_, a)| !matches!(a, Action::ChangeBid(_)))
        {
            choices.retain(|(_, a)| !matches!(a, Action::ChangeBid(_)));
        }
        let (p, action) = choices[rng.random_range(0..choices.len())];
        m.try_apply(p, action).expect("a legal action");
    }
}

fn meta(players: usize) -> RecordMeta {
    RecordMeta {
        event: Some("Club \"night\" ♠".into()),
        site: None,
        date: Some("2026.11.27".into()),
        players: (0..players)
            .map(|i| (i % 2 == 0).then(|| format!("Player {i}")))
            .collect(),
    }
}

fn replayed_match(record: &Record) -> TableMatch {
    match record.replay() {
        Ok(Replayed::Match(m)) => *m,
        other => panic!("expected a match, got {other:?}"),
    }
}

/// Everything a player or the sheet can tell about a match.
fn assert_same_match(a: &TableMatch, b: &TableMatch) {
    assert_eq!(a.history(), b.history());
    assert_eq!(a.finished_count(), b.finished_count());
    assert_eq!(a.is_over(), b.is_over());
    assert_eq!(a.sheet_json(), b.sheet_json());
    for p in 0..a.players() {
        let p = Player(p as u8);
        assert_eq!(a.observation(p), b.observation(p));
    }
    for i in 0..a.finished_count() {
        assert_eq!(a.finished_full_view(i), b.finished_full_view(i));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// A match of any game, stopped anywhere: its full record reads back equal and
    /// replays to the same match; its public record too, except Bridgette's, whose
    /// exchange is left out and which reads back equal but does not replay.
    #[test]
    fn a_match_record_replays_to_the_same_match(
        game in 0usize..7,
        seed in any::<u64>(),
        actions in 0usize..400,
    ) {
        let config = &configs()[game];
        let mut m = TableMatch::from_config(config, seed).expect("a match");
        play(&mut m, actions, &mut ChaCha8Rng::seed_from_u64(seed));
        let meta = meta(m.players());

        let full = m.record(&meta, Scope::Full);
        let read = Record::from_json(&full.to_json()).expect("our record reads");
        prop_assert_eq!(&read, &full);
        assert_same_match(&replayed_match(&read), &m);
        prop_assert_eq!(read.meta().expect("names"), meta.clone());

        let public = m.record(&meta, Scope::Public);
        let read = Record::from_json(&public.to_json()).expect("our public record reads");
        prop_assert_eq!(&read, &public);
        prop_assert!(read.deals.len() == m.finished_count());
        if matches!(config, GameConfig::Bridgette(_)) && m.finished_count() > 0 {
            prop_assert!(read.replay().is_err());
            let text = public.to_json();
            prop_assert!(!text.contains("discard") && !text.contains("stock"));
        } else {
            let Ok(Replayed::Deals(deals)) = read.replay() else {
                panic!("a public record replays as deals: {:?}", read.replay().err())
            };
            prop_assert_eq!(deals.len(), m.finished_count());
            for (i, deal) in deals.iter().enumerate() {
                prop_assert_eq!(Some(deal.full_view()), m.finished_full_view(i));
            }
        }
        // No seed, no boards to come: nothing of a deal not yet played.
        prop_assert!(!public.to_json().contains("\"seed\""));
    }

    /// Independent deals of every game, finished or not, replay each to the same state,
    /// score and observations.
    #[test]
    fn independent_deals_replay_to_the_same_deals(
        game in 0usize..7,
        seed in any::<u64>(),
        actions in 0usize..120,
    ) {
        let config = &configs()[game];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let deals: Vec<AnyGame> = (0..3u64)
            .map(|k| {
                let mut m = TableMatch::from_config(config, seed ^ k).expect("a match");
                let start = m.current_deal().expect("a deal");
                play(&mut m, actions, &mut rng);
                let mut deal = start;
                for mv in m.history().iter().take_while(|_| true) {
                    if deal.outcome().is_some() {
                        break;
                    }
                    deal.try_apply(mv.player, mv.action).expect("replays");
                }
                deal
            })
            .collect();
        let record = deals_record(config, &deals, &meta(deals[0].player_count()), Scope::Full);
        let read = Record::from_json(&record.to_json()).expect("reads");
        prop_assert_eq!(&read, &record);
        let Ok(Replayed::Deals(again)) = read.replay() else {
            panic!("expected deals: {:?}", read.replay().err())
        };
        prop_assert_eq!(again.len(), deals.len());
        for (a, b) in again.iter().zip(&deals) {
            prop_assert_eq!(a.history(), b.history());
            prop_assert_eq!(a.phase(), b.phase());
            prop_assert_eq!(a.outcome(), b.outcome());
            for p in 0..a.player_count() {
                let p = Player(p as u8);
                prop_assert_eq!(a.observation(p), b.observation(p));
            }
        }
    }

    /// A record cut short or with a byte changed is refused or read, never a panic; a
    /// refused one names a field.
    #[test]
    fn damaged_records_are_refused_without_a_panic(
        game in 0usize..7,
        seed in any::<u64>(),
        cut in any::<prop::sample::Index>(),
        flip in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let mut m = TableMatch::from_config(&configs()[game], seed).expect("a match");
        play(&mut m, 150, &mut ChaCha8Rng::seed_from_u64(seed));
        let text = m.record(&RecordMeta::default(), Scope::Full).to_json();
        let cut_text = &text.as_bytes()[..cut.index(text.len())];
        let mut flipped = text.clone().into_bytes();
        let at = flip.index(flipped.len());
        flipped[at] = byte;
        for bytes in [cut_text.to_vec(), flipped] {
            let Ok(text) = String::from_utf8(bytes) else { continue };
            match Record::from_json(&text) {
                Ok(record) => {
                    if let Err(e) = record.replay() {
                        prop_assert!(!e.field.is_empty());
                    }
                }
                Err(e) => prop_assert!(!e.field.is_empty()),
            }
        }
    }
}

/// A view's JSON written straight to text ([`ViewJson`], as the table server writes it)
/// is the view's `Value` ([`view_json`]), and its history lists every move's action and
/// player by name and its hands the cards the viewer sees, at any point of every game
/// and for every viewer.
#[test]
fn view_text_is_the_view_value_with_every_move() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for config in configs() {
        let mut m = TableMatch::from_config(&config, 11).expect("a match");
        for _ in 0..12 {
            let seats = (0..m.players() as u8).map(|p| m.observation(Player(p)));
            for view in seats.chain([m.full_view()]).flatten() {
                let text = serde_json::to_string(&ViewJson::new(&view)).expect("JSON");
                let value: Value = serde_json::from_str(&text).expect("JSON text");
                assert_eq!(value, view_json(&view), "{}", config.name());
                let moves: Vec<Value> = view
                    .history
                    .iter()
                    .map(|mv| {
                        let player = player_label(mv.player, view.players, config.seats_named());
                        json!({"action": mv.action.to_string(), "player": player})
                    })
                    .collect();
                assert_eq!(value["history"], Value::Array(moves), "{}", config.name());
                // The hands the viewer sees, by name, each a list of cards.
                let hands: serde_json::Map<String, Value> = view
                    .hands
                    .iter()
                    .enumerate()
                    .filter_map(|(p, hand)| {
                        let name =
                            player_label(Player(p as u8), view.players, config.seats_named());
                        let cards = (*hand)?
                            .iter()
                            .map(|c| Value::from(c.to_string()))
                            .collect();
                        Some((name, Value::Array(cards)))
                    })
                    .collect();
                assert_eq!(value["hands"], Value::Object(hands), "{}", config.name());
            }
            play(&mut m, 9, &mut rng);
        }
    }
}

fn bridge_record() -> Record {
    let config = GameConfig::from_json("bridge", &json!({"boards": 1})).expect("bridge");
    let mut m = TableMatch::from_config(&config, 11).expect("a match");
    play(&mut m, 400, &mut ChaCha8Rng::seed_from_u64(3));
    assert!(m.is_over());
    m.record(&RecordMeta::default(), Scope::Full)
}

fn refusal(record: &Value) -> String {
    let text = record.to_string();
    match Record::from_json(&text).and_then(|r| r.replay().map(|_| ())) {
        Ok(()) => panic!("accepted {text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn each_kind_of_fault_names_its_field() {
    let good = serde_json::to_value(bridge_record()).expect("json");
    let with = |change: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        change(&mut v);
        refusal(&v)
    };
    assert!(with(&|v| v["version"] = json!(2)).starts_with("record version: version 2"));
    assert!(with(&|v| v["format"] = json!("pbn")).starts_with("record format:"));
    assert!(with(&|v| v["colour"] = json!("blue")).contains("unknown field `colour`"));
    assert!(with(&|v| v["game"] = json!("whist")).starts_with("record game:"));
    assert!(with(&|v| v["options"]["boards"] = json!("x")).starts_with("record options:"));
    let e = with(&|v| v["deals"][0]["actions"][3]["action"] = json!("9NT"));
    assert!(e.starts_with("record deals[0].actions[3].action:"), "{e}");
    let e = with(&|v| v["deals"][0]["actions"][3]["player"] = json!("Q"));
    assert!(e.starts_with("record deals[0].actions[3].player:"), "{e}");
    // A call out of turn: the rules' own words.
    let e = with(&|v| {
        let first = v["deals"][0]["actions"][0]["player"].clone();
        v["deals"][0]["actions"][1]["player"] = first;
    });
    assert!(e.starts_with("record deals[0].actions[1]:"), "{e}");
    let e = with(&|v| v["deals"][0]["result"]["contract"] = json!("7NTXX"));
    assert!(e.starts_with("record deals[0].result.contract:"), "{e}");
    let e = with(&|v| v["deals"][0]["hands"]["N"] = json!(["SA"]));
    assert!(e.starts_with("record deals[0].hands.N:"), "{e}");
    let e = with(&|v| v["deals"][0]["stock"] = json!(["SA"]));
    assert!(
        e.starts_with("record deals[0].stock: not a field of a bridge deal"),
        "{e}"
    );
    let e = with(&|v| v["sheet"]["deals"] = json!(99));
    assert!(e.starts_with("record sheet"), "{e}");
    let e = with(&|v| v["deals"][0]["notes"] = json!([{"action": 999, "text": "?"}]));
    assert!(e.starts_with("record deals[0].notes[0].action:"), "{e}");
    let e = refusal(&json!("[".repeat(10_000)));
    assert!(e.starts_with("record"), "{e}");
}

#[test]
fn an_unfinished_deal_before_another_is_refused() {
    let config = GameConfig::from_json("devils-bridge", &Value::Null).expect("devils");
    let mut m = TableMatch::from_config(&config, 5).expect("a match");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while m.finished_count() < 2 {
        play(&mut m, 1, &mut rng);
    }
    let mut v = serde_json::to_value(m.record(&RecordMeta::default(), Scope::Full)).expect("json");
    let actions = v["deals"][0]["actions"].as_array_mut().expect("actions");
    actions.pop();
    let e = refusal(&v);
    assert!(e.starts_with("record deals[0]"), "{e}");
}

/// The example in `docs/record-format.md` is a record that reads and replays.
#[test]
fn the_documented_example_replays() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/record-format.md"),
    )
    .expect("the format's documentation");
    let start = doc.find("```json\n").expect("an example") + "```json\n".len();
    let end = start + doc[start..].find("```").expect("its end");
    let record = Record::from_json(&doc[start..end]).expect("the example reads");
    let m = replayed_match(&record);
    assert_eq!(m.finished_count(), 1);
    assert_eq!(record.to_json(), doc[start..end]);
}
