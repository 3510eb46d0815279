//! Reading a record: its shape first, then every action again through the rules.

use std::collections::BTreeMap;

use serde_json::Value;
use tenace_cards::{ByPlayer, BySeat, CardSet, Player, Seat};
use tenace_protocol::state::player_label;
use tenace_rules::bridge::{BridgeDeal, BridgeMatch, BridgeSetup, PreparedBoard};
use tenace_rules::bridgette::{BridgetteDeal, BridgetteSetup};
use tenace_rules::devils_bridge::{DevilsHand, HandSetup};
use tenace_rules::{AnyGame, Game, GameConfig, Vulnerability};
use thiserror::Error;

use super::write::{deal_record, player_count};
use super::{
    DealRecord, Dealing, MAX_RECORD_BYTES, RECORD_FORMAT, RECORD_VERSION, Record, RecordMeta,
    Replayed, Scope,
};
use crate::game::TableMatch;

/// Why a record cannot be read, and where: `field` is the path of the value at fault,
/// e.g. `deals[2].actions[14]`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("record {field}: {message}")]
pub struct RecordError {
    /// The path of the field at fault (`version`, `deals[0].hands.N`).
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl RecordError {
    fn new(field: impl Into<String>, message: impl Into<String>) -> RecordError {
        RecordError {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl Record {
    /// Reads a record's JSON and checks its shape: every field known, of its type, at
    /// its place; the format and version this build reads. It does not replay the
    /// actions: [`Record::replay`] does.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::new(
                "record",
                format!(
                    "is {} bytes; a record holds at most {MAX_RECORD_BYTES}",
                    text.len()
                ),
            ));
        }
        let mut reader = serde_json::Deserializer::from_str(text);
        let record: Record = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
            let path = e.path().to_string();
            let field = if path == "." { "record".into() } else { path };
            RecordError::new(field, e.into_inner().to_string())
        })?;
        reader
            .end()
            .map_err(|e| RecordError::new("record", e.to_string()))?;
        if record.format != RECORD_FORMAT {
            return Err(RecordError::new(
                "format",
                format!("{:?} is not {RECORD_FORMAT:?}", record.format),
            ));
        }
        if record.version != RECORD_VERSION {
            return Err(RecordError::new(
                "version",
                format!(
                    "version {} is not one this build reads (version {RECORD_VERSION})",
                    record.version
                ),
            ));
        }
        Ok(record)
    }

    /// The game and options the record names.
    pub fn config(&self) -> Result<GameConfig, RecordError> {
        let config = GameConfig::from_json(&self.game, &self.options).map_err(|e| {
            let field = if e.contains("game") {
                "game"
            } else {
                "options"
            };
            RecordError::new(field, e)
        })?;
        if config.name() != self.game {
            return Err(RecordError::new(
                "game",
                format!("unknown game {:?}", self.game),
            ));
        }
        Ok(config)
    }

    /// The players' names by index, as [`RecordMeta`] holds them.
    pub fn meta(&self) -> Result<RecordMeta, RecordError> {
        self.meta_of(&self.config()?)
    }

    /// [`Record::meta`] for the record's game, already read.
    pub(crate) fn meta_of(&self, config: &GameConfig) -> Result<RecordMeta, RecordError> {
        let labels = labels(config);
        let mut players = vec![None; labels.len()];
        for (seat, name) in &self.players {
            let Some(i) = labels.iter().position(|l| l == seat) else {
                return Err(RecordError::new(
                    format!("players.{seat}"),
                    format!("not a seat of this game ({})", labels.join(", ")),
                ));
            };
            players[i] = Some(name.clone());
        }
        Ok(RecordMeta {
            event: self.event.clone(),
            site: self.site.clone(),
            date: self.date.clone(),
            players,
        })
    }

    /// Plays the record again through the rules: every deal from its setup, every
    /// action checked, then the results and sheet written from the replay compared with
    /// the record's. A record whose deal or action is refused, or whose results differ,
    /// is an error naming the field.
    ///
    /// A public Bridgette record ([`DealRecord::exchange_hidden`]) cannot be replayed:
    /// the exchange it leaves out decides the hands.
    pub fn replay(&self) -> Result<Replayed, RecordError> {
        let config = self.config()?;
        let meta = self.meta_of(&config)?;
        if let Some(i) = self.deals.iter().position(|d| d.exchange_hidden) {
            return Err(RecordError::new(
                format!("deals[{i}].exchange_hidden"),
                "a public Bridgette record leaves the exchange out (RULES.md §4.2), so its \
                 deals cannot be replayed",
            ));
        }
        for (i, deal) in self.deals.iter().enumerate() {
            check_deal_fields(&config, deal, i)?;
        }
        let replayed = match &self.dealing {
            Dealing::Seed(seed) => {
                let m = TableMatch::from_config(&config, *seed)
                    .map_err(|e| RecordError::new("options", e))?;
                Replayed::Match(Box::new(self.replay_match(m)?))
            }
            Dealing::Boards(boards) => {
                let GameConfig::Bridge(variant, options) = config.clone() else {
                    return Err(RecordError::new(
                        "dealing.boards",
                        "only the partnership games play prepared boards",
                    ));
                };
                let prepared = boards
                    .iter()
                    .enumerate()
                    .map(|(i, b)| {
                        let field = format!("dealing.boards[{i}]");
                        Ok(PreparedBoard {
                            dealer: seat(&b.dealer, &format!("{field}.dealer"))?,
                            vulnerability: vulnerability(&b.vulnerable, &field)?,
                            hands: seat_hands(&b.hands, &format!("{field}.hands"))?,
                        })
                    })
                    .collect::<Result<Vec<_>, RecordError>>()?;
                let m = BridgeMatch::with_boards(variant, options, prepared)
                    .map_err(|e| RecordError::new("dealing.boards", e.to_string()))?;
                Replayed::Match(Box::new(self.replay_match(TableMatch::Bridge(m))?))
            }
            Dealing::Deals => Replayed::Deals(
                self.deals
                    .iter()
                    .enumerate()
                    .map(|(i, deal)| replay_deal(&config, deal, i))
                    .collect::<Result<_, _>>()?,
            ),
        };
        self.compare_with(&replayed, &config, &meta)?;
        Ok(replayed)
    }

    /// Replays every deal's actions into a match dealt as the record says, checking
    /// each deal's setup against the match's before its actions.
    fn replay_match(&self, mut m: TableMatch) -> Result<TableMatch, RecordError> {
        let last = self.deals.len().saturating_sub(1);
        for (i, deal) in self.deals.iter().enumerate() {
            let Some(current) = m.current_deal().filter(|_| !m.is_over()) else {
                return Err(RecordError::new(
                    format!("deals[{i}]"),
                    "the match is over before this deal",
                ));
            };
            let dealt = deal_record(&current, deal.number, Scope::Full);
            compare_setup(&dealt, deal, i)?;
            for (j, action) in deal.actions.iter().enumerate() {
                let field = format!("deals[{i}].actions[{j}]");
                let player = player(&m.config(), &action.player, &format!("{field}.player"))?;
                m.try_apply(player, action.action)
                    .map_err(|e| RecordError::new(field, e.to_string()))?;
                if m.finished_count() > i && j + 1 < deal.actions.len() {
                    return Err(RecordError::new(
                        format!("deals[{i}].actions[{}]", j + 1),
                        "the deal is over before this action",
                    ));
                }
            }
            if i < last && m.finished_count() != i + 1 {
                return Err(RecordError::new(
                    format!("deals[{i}].actions"),
                    format!("the deal is not finished, yet deal {} follows", i + 2),
                ));
            }
        }
        Ok(m)
    }

    /// Writes the record again from the replay and requires it to be this one: results,
    /// sheet and all. What only a file says (board numbers, notes, claimed tricks) is
    /// taken from the record.
    fn compare_with(
        &self,
        replayed: &Replayed,
        config: &GameConfig,
        meta: &RecordMeta,
    ) -> Result<(), RecordError> {
        let again = |scope: Scope| {
            let mut record = match replayed {
                Replayed::Match(m) => m.record(meta, scope),
                Replayed::Deals(deals) => {
                    // Independent deals have no match to score them: the sheet and
                    // whether the match was over are the record's word.
                    let mut record = super::deals_record(config, deals, meta, Scope::Full);
                    record.sheet = self.sheet.clone();
                    record.over = self.over;
                    record
                }
            };
            for (ours, theirs) in record.deals.iter_mut().zip(&self.deals) {
                ours.board = theirs.board;
                ours.players = theirs.players.clone();
                ours.notes = theirs.notes.clone();
                ours.claimed_tricks = theirs.claimed_tricks;
            }
            record
        };
        let full = again(Scope::Full);
        if full == *self || again(Scope::Public) == *self {
            return Ok(());
        }
        let ours = serde_json::to_value(&full).unwrap_or_default();
        let theirs = serde_json::to_value(self).unwrap_or_default();
        let (field, message) = first_difference(&theirs, &ours, String::new())
            .unwrap_or(("record".into(), "differs from the replay".into()));
        Err(RecordError::new(field, message))
    }
}

/// Names of a game's seats, in player order.
fn labels(config: &GameConfig) -> Vec<String> {
    let n = player_count(config);
    (0..n as u8)
        .map(|p| player_label(Player(p), n, config.seats_named()))
        .collect()
}

fn player(config: &GameConfig, name: &str, field: &str) -> Result<Player, RecordError> {
    let labels = labels(config);
    labels
        .iter()
        .position(|l| l == name)
        .map(|i| Player(i as u8))
        .ok_or_else(|| {
            RecordError::new(
                field,
                format!(
                    "{name:?} is not a seat of this game ({})",
                    labels.join(", ")
                ),
            )
        })
}

fn seat(name: &str, field: &str) -> Result<Seat, RecordError> {
    name.parse::<Seat>()
        .map_err(|e| RecordError::new(field, e.to_string()))
}

fn vulnerability(text: &str, field: &str) -> Result<Vulnerability, RecordError> {
    text.parse::<Vulnerability>()
        .map_err(|e| RecordError::new(format!("{field}.vulnerable"), e.to_string()))
}

fn seat_hands(
    hands: &BTreeMap<String, CardSet>,
    field: &str,
) -> Result<BySeat<CardSet>, RecordError> {
    let mut by_seat = BySeat([CardSet::EMPTY; 4]);
    for s in Seat::ALL {
        by_seat[s] = *hands.get(&s.to_string()).ok_or_else(|| {
            RecordError::new(
                format!("{field}.{s}"),
                "missing: every seat's hand is given",
            )
        })?;
    }
    if let Some(extra) = hands.keys().find(|k| k.parse::<Seat>().is_err()) {
        return Err(RecordError::new(
            format!("{field}.{extra}"),
            "not a seat (N, E, S, W)",
        ));
    }
    Ok(by_seat)
}

fn player_hands(
    config: &GameConfig,
    hands: &BTreeMap<String, CardSet>,
    field: &str,
) -> Result<ByPlayer<CardSet>, RecordError> {
    let labels = labels(config);
    if let Some(extra) = hands.keys().find(|k| !labels.contains(k)) {
        return Err(RecordError::new(
            format!("{field}.{extra}"),
            format!("not a seat of this game ({})", labels.join(", ")),
        ));
    }
    labels
        .iter()
        .map(|l| {
            hands.get(l).copied().ok_or_else(|| {
                RecordError::new(
                    format!("{field}.{l}"),
                    "missing: every player's hand is given",
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map(ByPlayer)
}

/// Refuses fields of another game's deals, so a record means one thing.
fn check_deal_fields(config: &GameConfig, deal: &DealRecord, i: usize) -> Result<(), RecordError> {
    let bridge = matches!(config, GameConfig::Bridge(..));
    let devils = matches!(config, GameConfig::DevilsBridge(_));
    let bridgette = matches!(config, GameConfig::Bridgette(_));
    let present = [
        ("vulnerable", deal.vulnerable.is_some(), bridge),
        ("part_scores", deal.part_scores.is_some(), bridge),
        ("size", deal.size.is_some(), devils),
        ("turned_up", deal.turned_up.is_some(), devils),
        ("blind", deal.blind, devils),
        ("stock", deal.stock.is_some(), bridgette),
        ("exchange_hidden", deal.exchange_hidden, bridgette),
    ];
    if let Some((name, _, _)) = present
        .iter()
        .find(|(_, given, allowed)| *given && !allowed)
    {
        return Err(RecordError::new(
            format!("deals[{i}].{name}"),
            format!("not a field of a {} deal", config.name()),
        ));
    }
    if let Some(note) = deal
        .notes
        .iter()
        .position(|n| n.action >= deal.actions.len())
    {
        return Err(RecordError::new(
            format!("deals[{i}].notes[{note}].action"),
            format!("the deal has {} actions", deal.actions.len()),
        ));
    }
    Ok(())
}

fn required<T: Clone>(value: &Option<T>, field: String) -> Result<T, RecordError> {
    value
        .clone()
        .ok_or_else(|| RecordError::new(field, "missing: this game's deals give it"))
}

/// One independent deal: dealt from its own setup, its actions applied.
fn replay_deal(config: &GameConfig, deal: &DealRecord, i: usize) -> Result<AnyGame, RecordError> {
    let field = |name: &str| format!("deals[{i}].{name}");
    let bad_setup = |e: String| RecordError::new(format!("deals[{i}]"), e);
    let mut game = match config.clone() {
        GameConfig::Bridge(variant, options) => {
            let vulnerable = required(&deal.vulnerable, field("vulnerable"))?;
            let setup = BridgeSetup {
                variant,
                hands: seat_hands(&deal.hands, &field("hands"))?,
                dealer: seat(&deal.dealer, &field("dealer"))?,
                vulnerability: vulnerability(&vulnerable, &format!("deals[{i}]"))?,
                options,
            };
            let part_scores = deal.part_scores.map_or([0, 0], |p| [p.NS, p.EW]);
            AnyGame::Bridge(
                BridgeDeal::from_setup(setup)
                    .map_err(|e| bad_setup(e.to_string()))?
                    .with_part_scores(part_scores),
            )
        }
        GameConfig::DevilsBridge(options) => {
            let setup = HandSetup {
                dealer: player(config, &deal.dealer, &field("dealer"))?,
                hands: player_hands(config, &deal.hands, &field("hands"))?,
                size: required(&deal.size, field("size"))?,
                trump_card: required(&deal.turned_up, field("turned_up"))?.0,
                blind: deal.blind,
                options,
            };
            AnyGame::DevilsBridge(
                DevilsHand::from_setup(setup).map_err(|e| bad_setup(e.to_string()))?,
            )
        }
        GameConfig::Bridgette(options) => {
            let setup = BridgetteSetup {
                dealer: player(config, &deal.dealer, &field("dealer"))?,
                hands: player_hands(config, &deal.hands, &field("hands"))?,
                stock: required(&deal.stock, field("stock"))?,
                options,
            };
            AnyGame::Bridgette(
                BridgetteDeal::from_setup(setup).map_err(|e| bad_setup(e.to_string()))?,
            )
        }
    };
    for (j, action) in deal.actions.iter().enumerate() {
        let at = format!("deals[{i}].actions[{j}]");
        if game.outcome().is_some() {
            return Err(RecordError::new(at, "the deal is over before this action"));
        }
        let player = player(config, &action.player, &format!("{at}.player"))?;
        game.try_apply(player, action.action)
            .map_err(|e| RecordError::new(at, e.to_string()))?;
    }
    Ok(game)
}

/// Requires a deal's setup fields to be those the match dealt.
fn compare_setup(dealt: &DealRecord, given: &DealRecord, i: usize) -> Result<(), RecordError> {
    let setup = |d: &DealRecord| DealRecord {
        number: d.number,
        board: None,
        players: BTreeMap::new(),
        actions: Vec::new(),
        notes: Vec::new(),
        claimed_tricks: None,
        result: Value::Null,
        ..d.clone()
    };
    let (ours, theirs) = (setup(dealt), setup(given));
    if ours == theirs {
        return Ok(());
    }
    let ours = serde_json::to_value(&ours).unwrap_or_default();
    let theirs = serde_json::to_value(&theirs).unwrap_or_default();
    let (field, _) = first_difference(&theirs, &ours, format!("deals[{i}]"))
        .unwrap_or((format!("deals[{i}]"), String::new()));
    Err(RecordError::new(
        field,
        "not what the match deals here: a record of a match gives each deal as its dealing \
         made it",
    ))
}

/// The path of the first value where `given` differs from `expected`, and how.
fn first_difference(given: &Value, expected: &Value, path: String) -> Option<(String, String)> {
    let join = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match (given, expected) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| {
                let (x, y) = (
                    a.get(k).unwrap_or(&Value::Null),
                    b.get(k).unwrap_or(&Value::Null),
                );
                first_difference(x, y, join(k))
            })
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(x, y, format!("{path}[{i}]"))),
        _ if given == expected => None,
        _ => Some((
            if path.is_empty() {
                "record".into()
            } else {
                path
            },
            format!("is {given}, but the replay gives {expected}"),
        )),
    }
}
