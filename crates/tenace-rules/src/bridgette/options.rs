//! The options of Bridgette (RULES.md §4), as one typed config.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::scoring::{BridgetteScoring, MultiplierScope, OvertrickBonus};

/// The `upcard_to` option (ambiguity G2): who takes the stock's face-up top card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UpcardTo {
    /// The non-dealer, as the first of their two cards (the source text read literally).
    #[default]
    NonDealer,
    /// The dealer, as the first card of their draw.
    Dealer,
    /// Nobody: it is shown, then set aside.
    None,
}

/// The `nt_jump_requirement` option (ambiguity G3): what a jump in no trump needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NtJumpRequirement {
    /// Only the no trump rule: a card of each suit.
    #[default]
    NtRuleOnly,
    /// No jump in no trump at all.
    Forbidden,
}

/// The `opening_pass` option (ambiguity G5): what the dealer's opening pass means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpeningPass {
    /// The non-dealer may bid or pass; two passes throw the hand in, uncounted.
    #[default]
    Standard,
    /// The non-dealer must name a legal contract, and it stands.
    OpponentMustName,
}

/// The `tie_after_seventh` option (ambiguity G10): a tie after the seventh deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieAfterSeventh {
    /// Deal on until the tie breaks.
    #[default]
    KeepDealing,
    /// The game is drawn.
    Draw,
}

/// Every option of Bridgette, with the defaults of RULES.md §4.
///
/// ```
/// use tenace_rules::bridgette::{BridgetteOptions, UpcardTo};
/// let options = BridgetteOptions::from_json(&serde_json::json!({"upcard_to": "dealer"})).unwrap();
/// assert_eq!(options.upcard_to, UpcardTo::Dealer);
/// assert!(options.block_allows_colon_lead);
/// let err = BridgetteOptions::from_json(&serde_json::json!({"upcard_to": "me"})).unwrap_err();
/// assert!(err.starts_with("options: upcard_to:"), "{err}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BridgetteOptions {
    /// Who takes the up-card.
    pub upcard_to: UpcardTo,
    /// What a jump in no trump needs.
    pub nt_jump_requirement: NtJumpRequirement,
    /// What the dealer's opening pass means.
    pub opening_pass: OpeningPass,
    /// Whether the leader blocked by a colon may lead a colon.
    pub block_allows_colon_lead: bool,
    /// When the overtrick bonus is paid.
    pub overtrick_bonus: OvertrickBonus,
    /// What the doubling multiplier covers.
    pub multiplier_scope: MultiplierScope,
    /// What a tie after the seventh deal means.
    pub tie_after_seventh: TieAfterSeventh,
}

impl Default for BridgetteOptions {
    /// The defaults of RULES.md §4.
    fn default() -> Self {
        BridgetteOptions {
            upcard_to: UpcardTo::NonDealer,
            nt_jump_requirement: NtJumpRequirement::NtRuleOnly,
            opening_pass: OpeningPass::Standard,
            block_allows_colon_lead: true,
            overtrick_bonus: OvertrickBonus::ExactlyThree,
            multiplier_scope: MultiplierScope::All,
            tie_after_seventh: TieAfterSeventh::KeepDealing,
        }
    }
}

impl BridgetteOptions {
    /// The scoring options among these.
    pub fn scoring(&self) -> BridgetteScoring {
        BridgetteScoring {
            overtrick_bonus: self.overtrick_bonus,
            multiplier_scope: self.multiplier_scope,
        }
    }

    /// Reads options from a JSON object (or `null` for the defaults). Unknown keys are
    /// refused, and a mistyped value names its key.
    pub fn from_json(value: &Value) -> Result<Self, String> {
        let map = match value {
            Value::Null => Map::new(),
            Value::Object(map) => map.clone(),
            _ => return Err("options: expected a JSON object".into()),
        };
        crate::options_json::from_map(&map)
    }

    /// The options as JSON, every key present.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}
