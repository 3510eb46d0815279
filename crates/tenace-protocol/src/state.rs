//! The JSON state shape every game shares.
//!
//! `state` (everything) and `observe` (one player's view) both use it. Players are named
//! as their game names them: seats `N E S W` in the partnership games, numbers otherwise.
//! In an observation `hands` holds only the hands the viewer may see, and `hand_sizes`
//! gives every hand's count.

use serde_json::{Map, Value, json};
use tenace_cards::{Card, Player, Side, Strain};
use tenace_rules::bridge::{BoardRecord, BridgeMatch, MatchSheet};
use tenace_rules::scoring::{ChicagoSheet, RubberSheet, SheetEntry};
use tenace_rules::trick::Trick;
use tenace_rules::{Action, GameConfig, Match, View};

/// How a partnership game names player `p` at a table of `players` (`N E S W` at four).
pub fn player_name(p: Player, players: usize) -> String {
    p.label(players)
}

/// How a game names player `p`: by seat when `seats` (the partnership games), else by
/// number (Devil's Bridge names its players `0` to `n-1` at every table size).
pub fn player_label(p: Player, players: usize, seats: bool) -> String {
    if seats {
        p.label(players)
    } else {
        p.to_string()
    }
}

/// Reads a player name (`N`, or a number) at a table of `players`.
pub fn parse_player(name: &str, players: usize) -> Option<Player> {
    (0..players as u8)
        .map(Player)
        .find(|&p| player_name(p, players).eq_ignore_ascii_case(name) || p.to_string() == name)
}

/// The JSON of a view.
///
/// ```
/// use tenace_protocol::state::view_json;
/// use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant};
/// use tenace_rules::{Action, Game, Vulnerability};
/// use tenace_cards::{Player, Seat};
///
/// let setup = BridgeSetup::seeded(
///     BridgeVariant::Standard, 7, Some(Seat::North), Vulnerability::None, BridgeOptions::default(),
/// );
/// let mut deal = BridgeDeal::from_setup(setup).unwrap();
/// deal.try_apply(Player(0), "1C".parse::<Action>().unwrap()).unwrap();
/// let state = view_json(&deal.full_view());
/// assert_eq!(state["game"], "bridge");
/// assert_eq!(state["history"], serde_json::json!([{"action": "1C", "player": "N"}]));
/// ```
pub fn view_json(view: &View) -> Value {
    serde_json::to_value(ViewJson::new(view)).unwrap_or(Value::Null)
}

/// A view's JSON ([`view_json`]) to be written by serde straight to text: the history,
/// its largest part, is never built as a `Value`. A table server writes a view per seat
/// at every move, and building each history entry as a map of strings and dropping it
/// again was the larger part of that cost.
///
/// ```
/// use tenace_protocol::state::{ViewJson, view_json};
/// use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant};
/// use tenace_rules::{Action, Game, Vulnerability};
/// use tenace_cards::{Player, Seat};
///
/// let setup = BridgeSetup::seeded(
///     BridgeVariant::Standard, 7, Some(Seat::North), Vulnerability::None, BridgeOptions::default(),
/// );
/// let mut deal = BridgeDeal::from_setup(setup).unwrap();
/// deal.try_apply(Player(0), "P".parse::<Action>().unwrap()).unwrap();
/// let view = deal.full_view();
/// let text = serde_json::to_string(&ViewJson::new(&view)).expect("JSON");
/// assert_eq!(serde_json::from_str::<serde_json::Value>(&text).expect("JSON"), view_json(&view));
/// ```
pub struct ViewJson<'a> {
    view: &'a View,
    /// Every player's name, by index.
    names: Vec<String>,
    /// Every member, the history's as a placeholder.
    fields: Map<String, Value>,
}

impl<'a> ViewJson<'a> {
    /// The JSON of `view`, ready to serialize.
    pub fn new(view: &'a View) -> ViewJson<'a> {
        let seats = view.config.seats_named();
        let names: Vec<String> = (0..view.players as u8)
            .map(|p| player_label(Player(p), view.players, seats))
            .collect();
        let Value::Object(fields) = view_fields(view, &names) else {
            unreachable!("view_fields builds an object")
        };
        ViewJson {
            view,
            names,
            fields,
        }
    }
}

impl serde::Serialize for ViewJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.fields.len()))?;
        for (key, value) in &self.fields {
            if key == "history" {
                map.serialize_entry(key, &HistoryJson(self))?;
            } else if key == "hands" {
                map.serialize_entry(key, &HandsJson(self))?;
            } else {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}

/// A view's history: `[{"action": .., "player": ..}, ..]`, the keys in the order a
/// `Value` map keeps them.
struct HistoryJson<'v, 'a>(&'v ViewJson<'a>);

impl serde::Serialize for HistoryJson<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        struct Shown<'d>(&'d Action);
        impl serde::Serialize for Shown<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self.0)
            }
        }
        struct Entry<'e> {
            action: &'e Action,
            player: &'e str,
        }
        impl serde::Serialize for Entry<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(2))?;
                map.serialize_entry("action", &Shown(self.action))?;
                map.serialize_entry("player", self.player)?;
                map.end()
            }
        }
        let ViewJson { view, names, .. } = self.0;
        let mut seq = serializer.serialize_seq(Some(view.history.len()))?;
        for m in &view.history {
            let named;
            let player = match names.get(m.player.index()) {
                Some(name) => name.as_str(),
                None => {
                    named = player_label(m.player, view.players, view.config.seats_named());
                    named.as_str()
                }
            };
            seq.serialize_element(&Entry {
                action: &m.action,
                player,
            })?;
        }
        seq.end()
    }
}

/// A view's hands, those the viewer sees, by player name: `{"N": ["S2", ..], ..}`, the
/// names in the order a `Value` map keeps them. Written straight to text like the
/// history: a hand built as a `Value` is a string per card.
struct HandsJson<'v, 'a>(&'v ViewJson<'a>);

impl serde::Serialize for HandsJson<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let ViewJson { view, names, .. } = self.0;
        let mut shown: Vec<(&str, &tenace_cards::CardSet)> = names
            .iter()
            .zip(&view.hands)
            .filter_map(|(name, hand)| Some((name.as_str(), hand.as_ref()?)))
            .collect();
        shown.sort_unstable_by_key(|&(name, _)| name);
        let mut map = serializer.serialize_map(Some(shown.len()))?;
        for (name, hand) in shown {
            map.serialize_entry(name, hand)?;
        }
        map.end()
    }
}

/// Every member of a view's JSON but the history's and the hands' (placeholders keep
/// their places), the players named `names`.
fn view_fields(view: &View, names: &[String]) -> Value {
    let n = view.players;
    let seats = view.config.seats_named();
    let name = |p: Player| {
        names
            .get(p.index())
            .cloned()
            .unwrap_or_else(|| player_label(p, n, seats))
    };
    let players: Vec<Player> = (0..n as u8).map(Player).collect();
    let per_player = |values: Vec<Value>| -> Value {
        Value::Object(
            players
                .iter()
                .zip(values)
                .map(|(&p, v)| (name(p), v))
                .collect(),
        )
    };
    // Built by moving each value in: `json!` would serialize every nested value (the
    // hands, the record) into a copy, and a table server writes a view per seat per move.
    let mut fields = Map::new();
    let mut put = |key: &str, value: Value| {
        fields.insert(key.to_string(), value);
    };
    put("game", Value::from(view.config.name()));
    put("options", view.config.options_json());
    put("phase", json!(view.phase));
    put(
        "players",
        Value::Array(players.iter().map(|&p| Value::String(name(p))).collect()),
    );
    put("dealer", Value::String(name(view.dealer)));
    put(
        "vulnerability",
        view.vulnerability
            .map_or(Value::Null, |v| Value::String(v.to_string())),
    );
    // Written by `ViewJson` itself, as the history.
    put("hands", Value::Null);
    put(
        "hand_sizes",
        per_player(view.hand_sizes.iter().map(|&s| Value::from(s)).collect()),
    );
    put(
        "trick",
        view.trick.map_or(Value::Null, |t| {
            let cards = trick_cards(view, &t).into_iter().map(Value::String);
            let mut trick = Map::new();
            trick.insert("leader".into(), Value::String(name(t.leader())));
            trick.insert("cards".into(), Value::Array(cards.collect()));
            Value::Object(trick)
        }),
    );
    put(
        "tricks_won",
        per_player(view.tricks_won.iter().map(|&t| Value::from(t)).collect()),
    );
    // The history is written by `ViewJson` itself: a placeholder keeps its place.
    put("history", Value::Null);
    put(
        "contract",
        view.contract
            .map_or(Value::Null, |c| Value::String(c.to_string())),
    );
    put(
        "declarer",
        view.declarer
            .map_or(Value::Null, |p| Value::String(name(p))),
    );
    put(
        "dummy",
        view.dummy.map_or(Value::Null, |p| Value::String(name(p))),
    );
    put(
        "to_act",
        Value::Array(view.to_act.iter().map(|p| Value::String(name(p))).collect()),
    );
    put("score", json!(view.score));
    let mut state = Value::Object(fields);
    if let Some(viewer) = view.viewer {
        state["viewer"] = json!(name(viewer));
    }
    if let GameConfig::DevilsBridge(options) = &view.config {
        crate::devils::add_view_fields(&mut state, view, options);
    }
    if let GameConfig::Bridgette(_) = &view.config {
        crate::bridgette::add_view_fields(&mut state, view);
    }
    if seats && n == 4 {
        let side = |s: Side| -> u32 {
            s.seats()
                .iter()
                .map(|&seat| u32::from(view.tricks_won[seat.index()]))
                .sum()
        };
        state["tricks_won_by_side"] =
            json!({ "NS": side(Side::NorthSouth), "EW": side(Side::EastWest) });
    }
    state
}

/// The cards of a trick as actions are written: a joker named as a suit in no trump
/// (`fc_nt_joker = nominated_two`) shows its name, e.g. `JKS`, since the suit decides the
/// trick.
fn trick_cards(view: &View, trick: &Trick) -> Vec<String> {
    let no_trump = view.contract.is_some_and(|c| c.strain == Strain::NoTrump);
    trick
        .cards()
        .iter()
        .enumerate()
        .map(|(i, &card)| match trick.suit_at(i) {
            Some(suit) if card == Card::JOKER && no_trump => Action::NamedJoker(suit).to_string(),
            _ => card.to_string(),
        })
        .collect()
}

/// The JSON of a match's score sheet, with its deal count and whether it is over.
pub fn match_json(m: &BridgeMatch) -> Value {
    let totals = m.sheet().totals();
    let mut sheet = match m.sheet() {
        MatchSheet::Duplicate(boards) => json!({
            "mode": "duplicate",
            "boards": boards.iter().map(board_json).collect::<Vec<_>>(),
        }),
        MatchSheet::Rubber(sheet) => rubber_json(sheet),
        MatchSheet::Chicago(sheet) => chicago_json(sheet),
    };
    sheet["totals"] = json!({ "NS": totals[0], "EW": totals[1] });
    sheet["deals_played"] = json!(m.finished_deals().len());
    sheet["over"] = json!(m.is_over());
    sheet
}

fn board_json(b: &BoardRecord) -> Value {
    json!({
        "board": b.board,
        "dealer": b.dealer.to_string(),
        "vulnerability": b.vulnerability.to_string(),
        "results": b.results.iter().map(|r| r.map(|r| json!({
            "contract": r.contract.to_string(),
            "declarer": r.declarer.to_string(),
            "tricks": r.tricks,
        }))).collect::<Vec<_>>(),
        "scores_ns": b.scores_ns,
        "comparison": b.comparison,
    })
}

fn entries_json(entries: &[SheetEntry]) -> Vec<Value> {
    entries
        .iter()
        .map(|e| {
            json!({
                "deal": e.deal,
                "side": e.side.to_string(),
                "kind": format!("{:?}", e.kind),
                "points": e.points,
                "below_the_line": e.kind.is_below_the_line(),
            })
        })
        .collect()
}

fn rubber_json(sheet: &RubberSheet) -> Value {
    let rubbers: Vec<Value> = sheet
        .rubbers()
        .iter()
        .chain(sheet.current())
        .map(|r| {
            json!({
                "entries": entries_json(r.entries()),
                "games": { "NS": r.games(Side::NorthSouth), "EW": r.games(Side::EastWest) },
                "above": { "NS": r.above(Side::NorthSouth), "EW": r.above(Side::EastWest) },
                "below": { "NS": r.below(Side::NorthSouth), "EW": r.below(Side::EastWest) },
                "game_winner": r.game_winner().map(|s| s.to_string()),
                "points_winner": r.points_winner().map(|(s, m)| json!({"side": s.to_string(), "margin": m})),
                "finished": r.is_finished(),
                "unfinished": r.is_unfinished(),
            })
        })
        .collect();
    json!({
        "mode": "rubber",
        "rubbers": rubbers,
        "vulnerability": sheet.vulnerability().to_string(),
        "next_dealer": sheet.dealer().to_string(),
    })
}

fn chicago_json(sheet: &ChicagoSheet) -> Value {
    json!({
        "mode": "chicago",
        "entries": entries_json(sheet.entries()),
        "deals_counted": sheet.deals_played(),
        "next_deal_in_wheel": sheet.deal_in_wheel(),
        "part_scores": {
            "NS": sheet.part_score(Side::NorthSouth),
            "EW": sheet.part_score(Side::EastWest),
        },
    })
}

/// The JSON of a Devil's Bridge game's score sheet, as the engine protocol's `match`
/// answer gives it.
pub fn devils_match_json(m: &tenace_rules::devils_bridge::DevilsMatch) -> Value {
    crate::devils::match_json(m)
}

/// The JSON of a Bridgette game's score sheet, as the engine protocol's `match` answer
/// gives it.
pub fn bridgette_match_json(m: &tenace_rules::bridgette::BridgetteMatch) -> Value {
    crate::bridgette::match_json(m)
}
