//! The three games played on the Contract Bridge engine: Contract Bridge itself, Bridge
//! with Deuces Wild and Five Crowns Bridge (RULES.md §1 and §2). They share the auction,
//! the trick play and the scoring; a [`BridgeVariant`] supplies what differs.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tenace_cards::{Deck, Strain, Suit};

use super::options::BridgeOptions;
use crate::auction::AuctionRules;
use crate::scoring::{FiveCrownsHonors, ScoringTable};
use crate::trick::{NtJoker, SpecialRule, TrickRules};

/// The options only Five Crowns Bridge has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FiveCrownsRules {
    /// `fc_nt_joker`: `unwinnable` (default) or `nominated_two`.
    pub fc_nt_joker: NtJoker,
    /// `fc_honors`: `off` (default) or `mapped`.
    pub fc_honors: FiveCrownsHonors,
}

/// Which game of the Contract Bridge family a deal plays.
///
/// ```
/// use tenace_rules::bridge::BridgeVariant;
/// let fc = BridgeVariant::from_name("five-crowns").unwrap();
/// assert_eq!(fc.hand_size(), 14);
/// assert_eq!(fc.auction_rules().bids().len(), 43);
/// assert_eq!(BridgeVariant::Standard.auction_rules().bids().len(), 35);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BridgeVariant {
    /// Contract Bridge.
    #[default]
    Standard,
    /// Bridge with Deuces Wild: any deuce may be played to any trick.
    DeucesWild,
    /// Five Crowns Bridge: five suits of K..3 and a joker, 14 tricks, book 7.
    FiveCrowns(FiveCrownsRules),
}

/// The game names, as the engine protocol and the CLI spell them.
pub const BRIDGE_GAMES: [&str; 3] = ["bridge", "deuces-wild", "five-crowns"];

impl BridgeVariant {
    /// The variant a game name names (with default variant options).
    pub fn from_name(name: &str) -> Option<BridgeVariant> {
        match name {
            "bridge" => Some(BridgeVariant::Standard),
            "deuces-wild" => Some(BridgeVariant::DeucesWild),
            "five-crowns" => Some(BridgeVariant::FiveCrowns(FiveCrownsRules::default())),
            _ => None,
        }
    }

    /// The game's name: `bridge`, `deuces-wild` or `five-crowns`.
    pub fn name(self) -> &'static str {
        match self {
            BridgeVariant::Standard => "bridge",
            BridgeVariant::DeucesWild => "deuces-wild",
            BridgeVariant::FiveCrowns(_) => "five-crowns",
        }
    }

    /// The deck.
    pub fn deck(self) -> Deck {
        match self {
            BridgeVariant::FiveCrowns(_) => Deck::FiveCrowns,
            _ => Deck::Standard,
        }
    }

    /// Cards in each hand, which is also the number of tricks: 13, or 14 in Five Crowns.
    pub fn hand_size(self) -> usize {
        self.deck().len() / 4
    }

    /// The auction: Five Crowns adds Stars and 0NT.
    pub fn auction_rules(self) -> AuctionRules {
        match self {
            BridgeVariant::FiveCrowns(_) => AuctionRules {
                players: 4,
                suits: &Suit::FIVE_CROWNS,
                zero_notrump: true,
            },
            _ => AuctionRules::BRIDGE,
        }
    }

    /// The trick rules of a contract in this strain.
    pub fn trick_rules(self, strain: Strain) -> TrickRules {
        TrickRules {
            trump: strain.trump(),
            special: match self {
                BridgeVariant::Standard => SpecialRule::Standard,
                BridgeVariant::DeucesWild => SpecialRule::WildDeuces,
                BridgeVariant::FiveCrowns(fc) => SpecialRule::Joker(fc.fc_nt_joker),
            },
        }
    }

    /// The scoring table: Five Crowns has book 7, Stars scoring like no trump, and its own
    /// honors rule.
    pub fn scoring_table(self, options: &BridgeOptions) -> ScoringTable {
        let table = match self {
            BridgeVariant::FiveCrowns(fc) => {
                ScoringTable::five_crowns(fc.fc_honors == FiveCrownsHonors::Mapped)
            }
            _ => ScoringTable::BRIDGE,
        };
        table.with_insult_redoubled(options.insult_redoubled)
    }

    /// Reads the options of the game named `name` from a JSON object with the keys of
    /// RULES.md. Unknown keys, and Five Crowns keys in the other games, are errors that
    /// name the key.
    ///
    /// ```
    /// use tenace_rules::bridge::{BridgeVariant, FiveCrownsRules};
    /// use tenace_rules::trick::NtJoker;
    /// let json = serde_json::json!({"fc_nt_joker": "nominated_two", "scoring": "rubber"});
    /// let (variant, options) = BridgeVariant::parse_options("five-crowns", &json).unwrap();
    /// assert!(matches!(variant, BridgeVariant::FiveCrowns(FiveCrownsRules { fc_nt_joker: NtJoker::NominatedTwo, .. })));
    /// assert!(BridgeVariant::parse_options("bridge", &json).unwrap_err().contains("fc_nt_joker"));
    /// ```
    pub fn parse_options(
        name: &str,
        options: &Value,
    ) -> Result<(BridgeVariant, BridgeOptions), String> {
        let mut variant = BridgeVariant::from_name(name).ok_or_else(|| {
            format!(
                "game: unknown game {name:?} (expected one of: {})",
                BRIDGE_GAMES.join(", ")
            )
        })?;
        let mut rest = match options {
            Value::Null => Map::new(),
            Value::Object(map) => map.clone(),
            _ => return Err("options: expected a JSON object".into()),
        };
        if let BridgeVariant::FiveCrowns(fc) = &mut variant {
            let mut own = Map::new();
            for key in ["fc_nt_joker", "fc_honors"] {
                if let Some(v) = rest.remove(key) {
                    own.insert(key.into(), v);
                }
            }
            *fc =
                serde_json::from_value(Value::Object(own)).map_err(|e| format!("options: {e}"))?;
        }
        let options: BridgeOptions = crate::options_json::from_map(&rest)?;
        let problems = options.problems();
        if !problems.is_empty() {
            return Err(format!("options: {}", problems.join("; ")));
        }
        Ok((variant, options))
    }

    /// The options as one JSON object with the keys of RULES.md.
    pub fn options_json(self, options: &BridgeOptions) -> Value {
        let mut map = match serde_json::to_value(options) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        };
        if let BridgeVariant::FiveCrowns(fc) = self
            && let Ok(Value::Object(own)) = serde_json::to_value(fc)
        {
            map.extend(own);
        }
        Value::Object(map)
    }
}
