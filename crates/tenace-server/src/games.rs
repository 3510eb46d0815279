//! `GET /api/games`: the five games with their seats, match kinds and RULES.md options, and
//! the table settings, for a page to build its create form from.
//!
//! Defaults are never written here: each game's defaults are its engine option type's own
//! `Default`, serialized the way the engine echoes options in force, and the settings'
//! are [`Settings::default`]. What serde cannot tell (an option's values or bounds, and a
//! line saying what it does) is declared below, and the tests hold each declaration to
//! the engine: every key of the engine's options is declared and no other, every value
//! listed is accepted and the enum lists are complete, every bound is the engine's.

use std::sync::OnceLock;

use axum::Json;
use serde_json::{Map, Value, json};
use tenace_protocol::state::player_label;
use tenace_rules::devils_bridge::DevilsBridgeOptions;
use tenace_table::{
    GAMES, GameOptions, MAX_PACING_MS, MAX_THINK_MS, MatchKind, Settings, TableSetup,
};

/// What values an option takes.
#[derive(Debug, Clone, Copy)]
enum Kind {
    /// One of these words.
    Words(&'static [&'static str]),
    /// One of these numbers (a bonus of 100 or 50).
    Numbers(&'static [u64]),
    /// `true` or `false`.
    Bool,
    /// A whole number from `min` to `max` (no upper bound for `None`).
    Integer { min: u64, max: Option<u64> },
}

/// One option of a game: its RULES.md key, its values, whether `null` is a value, and a
/// line saying what it does.
struct OptionSpec {
    key: &'static str,
    kind: Kind,
    nullable: bool,
    description: &'static str,
}

const fn spec(key: &'static str, kind: Kind, description: &'static str) -> OptionSpec {
    OptionSpec {
        key,
        kind,
        nullable: false,
        description,
    }
}

const fn nullable(key: &'static str, kind: Kind, description: &'static str) -> OptionSpec {
    OptionSpec {
        key,
        kind,
        nullable: true,
        description,
    }
}

const BONUS: Kind = Kind::Numbers(&[100, 50]);

/// Contract Bridge's options (RULES.md §1.9), shared by the three partnership games.
const BRIDGE_OPTIONS: &[OptionSpec] = &[
    spec(
        "scoring",
        Kind::Words(&["duplicate", "rubber", "chicago"]),
        "How deals are scored; set by the match kind.",
    ),
    nullable(
        "vulnerability",
        Kind::Words(&["board_cycle", "rubber", "chicago"]),
        "Where each deal's vulnerability comes from; null follows scoring.",
    ),
    spec(
        "insult_redoubled",
        BONUS,
        "The bonus for making a redoubled contract (50 in older Laws).",
    ),
    spec(
        "unfinished_partscore_bonus",
        BONUS,
        "Law 80: the bonus for the only part-score of an unfinished rubber.",
    ),
    spec(
        "rubbers_to_play",
        Kind::Integer {
            min: 1,
            max: Some(100),
        },
        "Rubber matches: how many rubbers are played.",
    ),
    spec(
        "chicago_deals_2_3",
        Kind::Words(&["dealer_vulnerable", "non_dealer_vulnerable"]),
        "Chicago: which side is vulnerable on the second and third deals.",
    ),
    spec(
        "chicago_honors",
        Kind::Bool,
        "Chicago: whether honors are scored.",
    ),
    spec(
        "chicago_rounds",
        Kind::Integer {
            min: 1,
            max: Some(100),
        },
        "Chicago matches: how many four-deal wheels are played.",
    ),
    spec(
        "comparison",
        Kind::Words(&["none", "imps", "matchpoints"]),
        "Duplicate matches: compare each board with a second table of computer players.",
    ),
    spec(
        "boards",
        Kind::Integer {
            min: 1,
            max: Some(128),
        },
        "Duplicate matches: how many boards are played.",
    ),
];

/// The two options only Five Crowns Bridge has (RULES.md §2).
const FIVE_CROWNS_OPTIONS: &[OptionSpec] = &[
    spec(
        "fc_nt_joker",
        Kind::Words(&["unwinnable", "nominated_two"]),
        "In no trump the joker never wins, or may be played as the two of a suit it names.",
    ),
    spec(
        "fc_honors",
        Kind::Words(&["off", "mapped"]),
        "Whether honors are scored, with K Q J 10 9 of trumps and four kings in no trump.",
    ),
];

/// Devil's Bridge's options (RULES.md §3).
const DEVILS_OPTIONS: &[OptionSpec] = &[
    spec(
        "players",
        Kind::Integer {
            min: 3,
            max: Some(7),
        },
        "How many play; the seats are numbered from 0.",
    ),
    spec(
        "hand_order",
        Kind::Words(&["up_down", "down_up"]),
        "Hand sizes 1 up to M and down again, or M down to 1 and up again.",
    ),
    nullable(
        "max_hand",
        Kind::Integer {
            min: 1,
            max: Some(17),
        },
        "The largest hand M; null takes 10 (3-5 players), 8 (6) or 7 (7); players × M + 1 ≤ 52.",
    ),
    spec(
        "allow_bid_changes",
        Kind::Bool,
        "Whether a bid may be changed while the player on the left has not bid.",
    ),
    spec(
        "blind_one_card_hands",
        Kind::Words(&["final", "all", "none"]),
        "Which one-card hands are played blind, each card seen by all but its holder.",
    ),
    spec(
        "scoring",
        Kind::Words(&["tricks_plus_bonus", "exact_only"]),
        "Tricks won plus 10 for an exact bid, or 10 plus the bid only when exact.",
    ),
    nullable(
        "target_score",
        Kind::Integer { min: 1, max: None },
        "The game ends after the hand in which someone reaches it; null plays every hand.",
    ),
    spec(
        "tie_break",
        Kind::Words(&["shared", "extra_max_hands"]),
        "A tie at the end is shared, or broken by more hands of the largest size.",
    ),
];

/// Bridgette's options (RULES.md §4).
const BRIDGETTE_OPTIONS: &[OptionSpec] = &[
    spec(
        "upcard_to",
        Kind::Words(&["non_dealer", "dealer", "none"]),
        "Who takes the stock's face-up top card.",
    ),
    spec(
        "nt_jump_requirement",
        Kind::Words(&["nt_rule_only", "forbidden"]),
        "A jump in no trump needs only a card of each suit, or is not allowed.",
    ),
    spec(
        "opening_pass",
        Kind::Words(&["standard", "opponent_must_name"]),
        "After the dealer's pass the other may pass too, or must name a contract.",
    ),
    spec(
        "block_allows_colon_lead",
        Kind::Bool,
        "Whether a leader blocked by a colon may lead a colon.",
    ),
    spec(
        "overtrick_bonus",
        Kind::Words(&["exactly_three", "three_or_more"]),
        "Which overtricks earn the 350 bonus.",
    ),
    spec(
        "multiplier_scope",
        Kind::Words(&["all", "exclude_double_bonus"]),
        "What a double or redouble multiplies.",
    ),
    spec(
        "tie_after_seventh",
        Kind::Words(&["keep_dealing", "draw"]),
        "A tie after the seventh deal: deal on, or the game is drawn.",
    ),
];

/// A game's name as a player knows it.
fn display_name(game: &str) -> &'static str {
    match game {
        "bridge" => "Contract Bridge",
        "deuces-wild" => "Bridge with Deuces Wild",
        "five-crowns" => "Five Crowns Bridge",
        "devils-bridge" => "Devil's Bridge",
        _ => "Bridgette",
    }
}

/// The option declarations of a game, in RULES.md's order.
fn option_specs(game: &str) -> Vec<&'static OptionSpec> {
    match game {
        "devils-bridge" => DEVILS_OPTIONS.iter().collect(),
        "bridgette" => BRIDGETTE_OPTIONS.iter().collect(),
        "five-crowns" => BRIDGE_OPTIONS.iter().chain(FIVE_CROWNS_OPTIONS).collect(),
        _ => BRIDGE_OPTIONS.iter().collect(),
    }
}

/// A game's options read by its engine from `given` (an object with RULES.md's keys, or
/// `null`), every key filled in as the engine echoes options in force; with `null`, the
/// engine's defaults.
pub fn engine_options(game: &str, given: &Value) -> Result<Value, String> {
    GameOptions::read(game, given).map(|options| options.to_json())
}

/// The options in force at a table: its setup's, every key filled in.
pub fn options_in_force(setup: &TableSetup) -> Value {
    engine_options(&setup.game, &setup.options).unwrap_or(Value::Null)
}

/// The match kinds a game is played as, in the order a form offers them.
fn match_kinds(game: &str) -> &'static [MatchKind] {
    match game {
        "devils-bridge" => &[MatchKind::Series],
        "bridgette" => &[MatchKind::Game],
        _ => &[
            MatchKind::SingleDeal,
            MatchKind::Rubber,
            MatchKind::Chicago,
            MatchKind::Duplicate,
        ],
    }
}

/// A match kind with the options it sets itself (a single deal is one uncompared
/// duplicate board): what a table created with no options holds.
fn match_json(game: &str, kind: MatchKind) -> Value {
    let sets = TableSetup::new(game, Some(kind), None, 0, Settings::default())
        .map(|setup| setup.options)
        .unwrap_or(Value::Null);
    json!({"match": kind.as_str(), "sets": sets})
}

fn option_json(spec: &OptionSpec, default: &Value) -> Value {
    let mut o = Map::new();
    o.insert("key".into(), spec.key.into());
    match spec.kind {
        Kind::Words(words) => {
            o.insert("type".into(), "enum".into());
            o.insert("values".into(), json!(words));
        }
        Kind::Numbers(numbers) => {
            o.insert("type".into(), "enum".into());
            o.insert("values".into(), json!(numbers));
        }
        Kind::Bool => {
            o.insert("type".into(), "bool".into());
        }
        Kind::Integer { min, max } => {
            o.insert("type".into(), "integer".into());
            o.insert("min".into(), min.into());
            o.insert("max".into(), json!(max));
        }
    }
    o.insert("nullable".into(), spec.nullable.into());
    o.insert("default".into(), default.clone());
    o.insert("description".into(), spec.description.into());
    Value::Object(o)
}

/// The seats of a table of `players`, named as the game names them.
fn seats(players: usize, partnerships: bool) -> Vec<String> {
    (0..players as u8)
        .map(|p| player_label(tenace_cards::Player(p), players, partnerships))
        .collect()
}

fn game_json(game: &str) -> Value {
    let defaults = engine_options(game, &Value::Null).unwrap_or(Value::Null);
    let options: Vec<Value> = option_specs(game)
        .into_iter()
        .map(|spec| option_json(spec, &defaults[spec.key]))
        .collect();
    let kinds = match_kinds(game);
    let mut g = Map::new();
    g.insert("game".into(), game.into());
    g.insert("name".into(), display_name(game).into());
    match game {
        "devils-bridge" => {
            let default = DevilsBridgeOptions::default().player_count();
            g.insert("seats".into(), json!(seats(default, false)));
            let by_players: Map<String, Value> = (3..=7)
                .map(|n| (n.to_string(), json!(seats(n, false))))
                .collect();
            g.insert("seats_by_players".into(), Value::Object(by_players));
        }
        "bridgette" => {
            g.insert("seats".into(), json!(seats(2, false)));
        }
        _ => {
            g.insert("seats".into(), json!(seats(4, true)));
        }
    }
    g.insert(
        "matches".into(),
        kinds.iter().map(|&k| match_json(game, k)).collect(),
    );
    g.insert("default_match".into(), kinds[0].as_str().into());
    g.insert("options".into(), options.into());
    Value::Object(g)
}

/// The table settings with their defaults and bounds.
fn settings_json() -> Vec<Value> {
    let defaults = serde_json::to_value(Settings::default()).unwrap_or(Value::Null);
    let integer = |min: u64, max: Option<u64>| Kind::Integer { min, max };
    let settings = [
        spec(
            "think_ms",
            integer(0, Some(MAX_THINK_MS)),
            "The expert computer player's time per decision, in milliseconds (hints too).",
        ),
        spec(
            "pacing_ms",
            integer(0, Some(MAX_PACING_MS)),
            "The pause before a computer player acts, in milliseconds.",
        ),
        spec(
            "spectators_see_all",
            Kind::Bool,
            "Whether spectators see every hand.",
        ),
        spec(
            "away_takeover",
            Kind::Bool,
            "Whether a computer player plays for a player away too long.",
        ),
        spec(
            "away_limit_secs",
            integer(0, None),
            "How long a player may be away before a computer player takes over, in seconds.",
        ),
        spec(
            "casual",
            Kind::Bool,
            "Whether computer players consent to an undo.",
        ),
        spec(
            "hints",
            Kind::Bool,
            "Whether seated players may ask the expert computer player for a hint.",
        ),
    ];
    settings
        .iter()
        .map(|s| option_json(s, &defaults[s.key]))
        .collect()
}

/// The whole answer of `GET /api/games`.
pub fn catalogue() -> Value {
    let games: Vec<Value> = GAMES.iter().map(|game| game_json(game)).collect();
    json!({"games": games, "settings": settings_json()})
}

/// `GET /api/games`. The answer never changes while the server runs (building it deals a
/// match of every kind to read what each sets), so it is built once.
pub async fn list_games() -> Json<Value> {
    static CATALOGUE: OnceLock<Value> = OnceLock::new();
    Json(CATALOGUE.get_or_init(catalogue).clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(value: &Value) -> Vec<String> {
        let mut keys: Vec<String> = value
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        keys.sort();
        keys
    }

    /// Whether the engine takes `value` for `key` in `game`.
    fn accepts(game: &str, key: &str, value: Value) -> bool {
        let mut given = Map::new();
        given.insert(key.into(), value);
        engine_options(game, &Value::Object(given)).is_ok()
    }

    #[test]
    fn every_engine_option_is_declared_and_no_other() {
        for game in GAMES {
            let defaults = engine_options(game, &Value::Null).expect("defaults");
            let mut declared: Vec<String> = option_specs(game)
                .iter()
                .map(|s| s.key.to_string())
                .collect();
            declared.sort();
            assert_eq!(declared, keys(&defaults), "{game}");
        }
        let mut declared: Vec<String> = settings_json()
            .iter()
            .filter_map(|s| s["key"].as_str().map(str::to_string))
            .collect();
        declared.sort();
        let defaults = serde_json::to_value(Settings::default()).expect("settings");
        assert_eq!(declared, keys(&defaults));
    }

    #[test]
    fn declared_values_and_bounds_are_the_engines() {
        for game in GAMES {
            for spec in option_specs(game) {
                let key = spec.key;
                assert_eq!(
                    accepts(game, key, Value::Null),
                    spec.nullable,
                    "{game} {key}"
                );
                match spec.kind {
                    Kind::Words(words) => {
                        for word in words {
                            assert!(accepts(game, key, json!(word)), "{game} {key} {word}");
                        }
                        // serde lists an enum's every variant when refusing another word.
                        let mut given = Map::new();
                        given.insert(key.into(), json!("?"));
                        let refusal =
                            engine_options(game, &Value::Object(given)).expect_err("not a value");
                        let listed = refusal.split("expected").nth(1).unwrap_or("");
                        let named = listed.matches('`').count() / 2;
                        assert_eq!(named, words.len(), "{game} {key}: {refusal}");
                    }
                    Kind::Numbers(numbers) => {
                        for n in numbers {
                            assert!(accepts(game, key, json!(n)), "{game} {key} {n}");
                        }
                        assert!(!accepts(game, key, json!(75)), "{game} {key}");
                    }
                    Kind::Bool => {
                        assert!(accepts(game, key, json!(false)), "{game} {key}");
                        assert!(!accepts(game, key, json!(1)), "{game} {key}");
                    }
                    Kind::Integer { min, max } => {
                        // max_hand's bound depends on the players: 17 with three.
                        let at = |n: u64| {
                            if key == "max_hand" {
                                engine_options(game, &json!({"players": 3, "max_hand": n})).is_ok()
                            } else {
                                accepts(game, key, json!(n))
                            }
                        };
                        assert!(at(min), "{game} {key} {min}");
                        assert!(!at(min - 1), "{game} {key} below {min}");
                        match max {
                            Some(max) => {
                                assert!(at(max), "{game} {key} {max}");
                                assert!(!at(max + 1), "{game} {key} above {max}");
                            }
                            None => assert!(at(1_000_000), "{game} {key}"),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn defaults_are_the_engines_and_matches_set_their_options() {
        let all = catalogue();
        let games = all["games"].as_array().expect("games");
        assert_eq!(games.len(), 5);
        let bridge = &games[0];
        assert_eq!(bridge["seats"], json!(["N", "E", "S", "W"]));
        assert_eq!(bridge["default_match"], "single_deal");
        assert_eq!(bridge["matches"][0]["sets"]["boards"], 1);
        assert_eq!(bridge["matches"][1]["sets"]["scoring"], "rubber");
        let boards = bridge["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["key"] == "boards"))
            .expect("boards");
        assert_eq!(boards["default"], 16);
        let devils = &games[3];
        assert_eq!(devils["seats"], json!(["0", "1", "2", "3"]));
        assert_eq!(devils["seats_by_players"]["7"][6], "6");
        assert_eq!(devils["matches"], json!([{"match": "series", "sets": {}}]));
        let target = devils["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["key"] == "target_score"))
            .expect("target_score");
        assert_eq!(
            target["default"],
            json!(null),
            "the full series (RULES.md H1)"
        );
        assert_eq!(target["nullable"], true);
        let hints = all["settings"]
            .as_array()
            .and_then(|s| s.iter().find(|s| s["key"] == "hints"))
            .expect("hints");
        assert_eq!(hints["default"], true);
    }
}
