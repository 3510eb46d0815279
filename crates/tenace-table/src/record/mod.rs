//! The JSON game record of every game: a match or a set of deals as written to a file,
//! downloaded from the server, converted from PBN or LIN, and read back to be replayed
//! or continued. `docs/record-format.md` documents it field by field.
//!
//! A record is the setup of each deal and every action taken, with who took it; the
//! result of each deal and the score sheet are written too, for people and other
//! programs, and are checked on reading against the replay. Reading a record
//! ([`Record::from_json`]) checks its shape; [`Record::replay`] plays every action again
//! through the rules, so a record that reads is a game that happened.
//!
//! It lives beside [`TableMatch`] because it is the table's record: the server serves
//! the record of a table's match, and a record of a match replays into that match.
//!
//! ```
//! use tenace_table::record::{Record, RecordMeta, Replayed, Scope};
//! use tenace_table::{TableMatch};
//! use tenace_rules::GameConfig;
//!
//! let config = GameConfig::from_json("five-crowns", &serde_json::Value::Null).unwrap();
//! let mut m = TableMatch::from_config(&config, 7).unwrap();
//! for _ in 0..10 {
//!     let p = m.to_act().iter().next().unwrap();
//!     let action = m.legal_actions(p)[0];
//!     m.try_apply(p, action).unwrap();
//! }
//! let record = m.record(&RecordMeta::default(), Scope::Full);
//! let text = record.to_json();
//! let read = Record::from_json(&text).unwrap();
//! assert_eq!(read, record);
//! let Replayed::Match(again) = read.replay().unwrap() else { panic!("a match") };
//! assert_eq!(again.history(), m.history());
//! ```

mod convert;
mod read;
mod write;

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tenace_cards::{Card, CardSet};
use tenace_rules::{Action, AnyGame};

use crate::game::TableMatch;

pub use convert::{ConvertError, pbn_from_record, record_from_lin, record_from_pbn};
pub use read::RecordError;
pub use write::deals_record;

/// The `format` every record names, so a program can tell it from other JSON.
pub const RECORD_FORMAT: &str = "tenace-record";
/// The version of the format this build writes and reads.
pub const RECORD_VERSION: u32 = 1;
/// The largest record text read: a long match is well under a megabyte.
pub const MAX_RECORD_BYTES: usize = 8 << 20;

/// A game record: a match, or deals played independently of one another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The format's version, [`RECORD_VERSION`].
    pub version: u32,
    /// The game, as the engine protocol names it (`bridge`, `devils-bridge`, …).
    pub game: String,
    /// The game's options in force, with every key of RULES.md.
    pub options: Value,
    /// The event's name (PBN's Event tag).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Where it was played (PBN's Site tag).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    /// When, as `YYYY.MM.DD` (PBN's Date tag).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The players' names by seat (`N`, `E`, … or `0`, `1`, …); a seat without a known
    /// name is left out.
    #[serde(default)]
    pub players: BTreeMap<String, String>,
    /// How the deals were dealt, which says how the record replays.
    pub dealing: Dealing,
    /// The deals, in the order played.
    pub deals: Vec<DealRecord>,
    /// The match's score sheet in the engine protocol's `match` shape; `null` for
    /// independent deals.
    #[serde(default)]
    pub sheet: Value,
    /// Whether the match (or, for independent deals, every deal) is over.
    pub over: bool,
}

/// How the deals of a record were dealt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Dealing {
    /// A match whose every deal comes from this seed: it replays as one match, with its
    /// score sheet, and can be continued.
    Seed(u64),
    /// A duplicate match of boards given in advance (a file's), in order.
    Boards(Vec<BoardSetup>),
    /// Deals independent of one another, e.g. read from a PBN or LIN file: each replays
    /// from its own setup.
    Deals,
}

/// A board given in advance: its cards, dealer and vulnerability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSetup {
    /// Who calls first: `N`, `E`, `S` or `W`.
    pub dealer: String,
    /// `None`, `NS`, `EW` or `Both`.
    pub vulnerable: String,
    /// The hands by seat.
    pub hands: BTreeMap<String, CardSet>,
}

/// One deal: how it began, what was done, and how it ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRecord {
    /// The deal's place in the record, from 1.
    pub number: u32,
    /// The board number a file gave (PBN's Board tag), when it is not the deal's place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// The players' names at this deal where they are not the record's `players` (a
    /// file's boards played by different people).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub players: BTreeMap<String, String>,
    /// Who dealt.
    pub dealer: String,
    /// The partnership games: `None`, `NS`, `EW` or `Both`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vulnerable: Option<String>,
    /// Rubber and Chicago: each side's part-score toward game when the deal began.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part_scores: Option<PartScores>,
    /// The cards each player was dealt, by seat. In a public Bridgette record, the hands
    /// as the play began (see [`DealRecord::exchange_hidden`]).
    pub hands: BTreeMap<String, CardSet>,
    /// Devil's Bridge: cards in each hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// Devil's Bridge: the card turned up for trumps, `"none"` when none was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turned_up: Option<TurnedUp>,
    /// Devil's Bridge: whether each player's card was hidden from them.
    #[serde(default, skip_serializing_if = "is_false")]
    pub blind: bool,
    /// Bridgette: the stock, top first (the top card is the up-card).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<Vec<Card>>,
    /// Bridgette: the record is public, so the exchange (draws and discards, never
    /// revealed) is left out; `hands` are the hands as the play began and the actions
    /// start with the first call. Such a deal is read, not replayed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub exchange_hidden: bool,
    /// Every action, in order.
    pub actions: Vec<ActionRecord>,
    /// Texts attached to actions: alerts and explanations, commentary.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    /// Tricks a file says declarer took when its play stops short, at a claim it did not
    /// record as an action; they are not applied to the deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_tricks: Option<u8>,
    /// How the deal ended, in the engine protocol's words (contract, declarer, tricks,
    /// score, bids): written for readers, and checked against the replay.
    #[serde(default)]
    pub result: Value,
}

/// One action and who took it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRecord {
    /// The player, by seat (`N`) or number (`2`). In Contract Bridge declarer plays
    /// dummy's cards, and is named.
    pub player: String,
    /// The action in the engine's notation (`1NT`, `SA`, `3`, `discard GC`, `claim 4`).
    pub action: Action,
}

/// A note on one action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    /// The index in [`DealRecord::actions`] of the action it explains.
    pub action: usize,
    /// The text.
    pub text: String,
}

/// Each side's part-score toward game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case)]
pub struct PartScores {
    /// North-South's.
    pub NS: u32,
    /// East-West's.
    pub EW: u32,
}

/// The card turned up for trumps in Devil's Bridge, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnedUp(pub Option<Card>);

impl fmt::Display for TurnedUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(card) => write!(f, "{card}"),
            None => f.write_str("none"),
        }
    }
}

impl std::str::FromStr for TurnedUp {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "none" {
            return Ok(TurnedUp(None));
        }
        s.parse::<Card>()
            .map(|c| TurnedUp(Some(c)))
            .map_err(|e| format!("bad turned_up {s:?}: {e} (or \"none\")"))
    }
}

tenace_cards::serde_via_str!(TurnedUp);

fn is_false(b: &bool) -> bool {
    !b
}

/// What a record says beyond the game: the event and the players' names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordMeta {
    /// The event's name.
    pub event: Option<String>,
    /// Where.
    pub site: Option<String>,
    /// When, `YYYY.MM.DD`.
    pub date: Option<String>,
    /// Names by player index; `None` where unknown.
    pub players: Vec<Option<String>>,
}

/// Who a record is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Everything, the deal in progress too: the owner's own file, to be continued.
    Full,
    /// What anyone may see: finished deals only, and Bridgette's exchange left out
    /// (RULES.md §4.2: discards are never revealed).
    Public,
}

/// A record played again.
#[derive(Debug, Clone)]
pub enum Replayed {
    /// A match, at the point the record stops: to read, or to continue.
    Match(Box<TableMatch>),
    /// Independent deals, each at the point its record stops.
    Deals(Vec<AnyGame>),
}

impl Record {
    /// The record as pretty-printed JSON, the form files and downloads use.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }
}
