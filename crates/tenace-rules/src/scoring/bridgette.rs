//! Bridgette's scoring (RULES.md §4.5): a lump sum for the contract bid, bonuses for an
//! exact make, three overtricks and a doubled make, a multiplier for doubling, and a
//! capped table of undertrick totals. Only one player scores on a deal.

use serde::{Deserialize, Serialize};
use tenace_cards::Strain;

use crate::contract::{Contract, Doubling};

/// The `overtrick_bonus` option: when the 350 for overtricks is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OvertrickBonus {
    /// Exactly three overtricks, as the source text says.
    #[default]
    ExactlyThree,
    /// Three overtricks or more.
    ThreeOrMore,
}

/// The `multiplier_scope` option (ambiguity G8): what the ×2 or ×4 of a doubled or
/// redoubled make multiplies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MultiplierScope {
    /// Everything: (contract + bonuses + 400 or 1000) × m.
    #[default]
    All,
    /// All but the doubled-make bonus: (contract + bonuses) × m + 400 or 1000.
    ExcludeDoubleBonus,
}

/// The options that shape a Bridgette score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BridgetteScoring {
    /// When the overtrick bonus is paid.
    pub overtrick_bonus: OvertrickBonus,
    /// What the doubling multiplier covers.
    pub multiplier_scope: MultiplierScope,
}

/// Who scores a Bridgette deal, and how much.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BridgetteScore {
    /// The contract was made: declarer scores.
    Declarer(u32),
    /// The contract failed: declarer's opponent scores.
    Opponent(u32),
}

impl BridgetteScore {
    /// The points, whoever scores them.
    pub const fn points(self) -> u32 {
        match self {
            BridgetteScore::Declarer(p) | BridgetteScore::Opponent(p) => p,
        }
    }

    /// The score from declarer's point of view: positive when made, negative when not.
    pub const fn for_declarer(self) -> i32 {
        match self {
            BridgetteScore::Declarer(p) => p as i32,
            BridgetteScore::Opponent(p) => -(p as i32),
        }
    }
}

/// Tricks a Bridgette contract at `level` needs: six plus the level, of thirteen.
pub const fn tricks_needed(level: u8) -> u8 {
    6 + level
}

/// The lump sum for a contract made (RULES.md §4.5, decision G7: overtricks add nothing).
///
/// ```
/// use tenace_rules::scoring::bridgette_contract_value;
/// let value = |c: &str| bridgette_contract_value(c.parse().unwrap());
/// assert_eq!(value("0NT"), 150);
/// assert_eq!(value("4D"), 250);
/// assert_eq!(value("4H"), 750);
/// assert_eq!(value("7NT"), 2500);
/// ```
pub fn bridgette_contract_value(contract: Contract) -> u32 {
    let nt = contract.strain == Strain::NoTrump;
    let major = matches!(
        contract.strain,
        Strain::Suit(tenace_cards::Suit::Hearts | tenace_cards::Suit::Spades)
    );
    match (contract.level, nt) {
        (0, _) | (1, false) => 150,
        (1 | 2, true) | (2 | 3, false) => 250,
        (4, false) if !major => 250,
        (3 | 4, true) | (4 | 5, false) => 750,
        (5, true) | (6, false) => 1500,
        (6, true) | (7, false) => 2200,
        _ => 2500,
    }
}

/// The bonus for making exactly: 250 for bids up to 5NT, 100 at the six level, none at
/// the seven.
fn exact_bonus(contract: Contract) -> u32 {
    match contract.level {
        0..=5 => 250,
        6 => 100,
        _ => 0,
    }
}

/// The undertrick totals, by undertricks (capped at six, decision G9) and doubling.
const UNDERTRICKS: [[u32; 3]; 6] = [
    [100, 200, 300],
    [200, 500, 700],
    [300, 800, 1100],
    [400, 1100, 1500],
    [700, 2000, 2700],
    [1000, 3000, 4000],
];

/// Scores a Bridgette deal: the contract and the tricks declarer took, of 13.
///
/// ```
/// use tenace_rules::scoring::{bridgette_score, BridgetteScore, BridgetteScoring};
/// let score = |c: &str, tricks| bridgette_score(c.parse().unwrap(), tricks, BridgetteScoring::default());
/// assert_eq!(score("1S", 7), BridgetteScore::Declarer(400));
/// assert_eq!(score("2H", 11), BridgetteScore::Declarer(600));
/// assert_eq!(score("1SX", 7), BridgetteScore::Declarer(1600));
/// assert_eq!(score("3NTX", 7), BridgetteScore::Opponent(500));
/// ```
pub fn bridgette_score(
    contract: Contract,
    tricks: u8,
    options: BridgetteScoring,
) -> BridgetteScore {
    let needed = tricks_needed(contract.level);
    let doubling = match contract.doubling {
        Doubling::Undoubled => 0,
        Doubling::Doubled => 1,
        Doubling::Redoubled => 2,
    };
    if tricks < needed {
        let down = usize::from(needed - tricks).min(UNDERTRICKS.len());
        return BridgetteScore::Opponent(UNDERTRICKS[down - 1][doubling]);
    }
    let over = tricks - needed;
    let mut base = bridgette_contract_value(contract);
    if over == 0 {
        base += exact_bonus(contract);
    }
    let three = match options.overtrick_bonus {
        OvertrickBonus::ExactlyThree => over == 3,
        OvertrickBonus::ThreeOrMore => over >= 3,
    };
    if three {
        base += 350;
    }
    let (made_bonus, multiplier) = [(0, 1), (400, 2), (1000, 4)][doubling];
    BridgetteScore::Declarer(match options.multiplier_scope {
        MultiplierScope::All => (base + made_bonus) * multiplier,
        MultiplierScope::ExcludeDoubleBonus => base * multiplier + made_bonus,
    })
}
