//! Scoring for Contract Bridge and its variants (RULES.md §1.4–§1.9, §2.2).
//!
//! Everything here is a pure function of a result, or a score sheet that is fed results
//! in order; nothing reads a clock, a file or a random number.
//!
//! * [`contract_score`] splits one played contract into its Law 77 elements, and
//!   [`honors`] finds the honors held, if any.
//! * [`duplicate_score`] scores a board on its own, with [`board_dealer`] and
//!   [`board_vulnerability`] for the Law 2 cycle.
//! * [`RubberSheet`] and [`ChicagoSheet`] keep the running sheets of the two carry-over
//!   modes.
//! * [`imps`] and [`matchpoints`] compare results on the same deal.
//! * [`bridgette_score`] scores a Bridgette deal (RULES.md §4.5).
//!
//! ```
//! use tenace_rules::scoring::{duplicate_score, ScoringTable};
//! let score = duplicate_score(ScoringTable::BRIDGE, "3NT".parse().unwrap(), 9, false);
//! assert_eq!(score, 400);
//! ```

mod bridgette;
mod chicago;
mod compare;
mod duplicate;
mod elements;
mod options;
mod rubber;
mod rubber_sheet;
mod sheet;

pub use bridgette::{
    BridgetteScore, BridgetteScoring, MultiplierScope, OvertrickBonus, bridgette_contract_value,
    bridgette_score, tricks_needed as bridgette_tricks_needed,
};
pub use chicago::{ChicagoRules, ChicagoSheet, chicago_vulnerability};
pub use compare::{imps, matchpoint_percentage, matchpoints};
pub use duplicate::{board_dealer, board_vulnerability, duplicate_deal_score, duplicate_score};
pub use elements::{ContractScore, contract_score, honors};
pub use options::{ChicagoDeals23, Comparison, FiveCrownsHonors, HundredOrFifty, ScoringMode};
pub use rubber::Rubber;
pub use rubber_sheet::RubberSheet;
pub use sheet::{EntryKind, ScoreError, SheetEntry};

use crate::Contract;
use tenace_cards::Strain;

/// Which cards count as honors, and whether they are scored at all.
///
/// Honors are scored only in rubber and Chicago; duplicate never counts them, whatever
/// this says.
///
/// ```
/// use tenace_rules::scoring::{HonorsRule, ScoringTable};
/// assert_eq!(ScoringTable::BRIDGE.honors, HonorsRule::Standard);
/// assert_eq!(ScoringTable::five_crowns(true).honors, HonorsRule::FiveCrownsMapped);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum HonorsRule {
    /// A K Q J 10 of trumps; all four aces in no trump (Laws 72 and 81).
    #[default]
    Standard,
    /// Five Crowns with `fc_honors = off`: the deck has no aces, so nothing is scored.
    FiveCrownsOff,
    /// Five Crowns with `fc_honors = mapped`: K Q J 10 9 of trumps; four kings in no trump
    /// (RULES.md §2.2, decision F5).
    FiveCrownsMapped,
}

/// The per-deal score elements that differ between games, shared by every scoring mode.
///
/// ```
/// use tenace_rules::scoring::ScoringTable;
/// assert_eq!(ScoringTable::BRIDGE.book, 6);
/// assert_eq!(ScoringTable::five_crowns(false).book, 7);
/// assert_eq!(ScoringTable::BRIDGE.max_tricks(), 13);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoringTable {
    /// Tricks declarer needs before the first odd trick: 6, or 7 in Five Crowns.
    pub book: u8,
    /// The bonus for making a redoubled contract: 100, or 50 under the legacy laws
    /// (RULES.md source error S3).
    pub insult_redoubled: u32,
    /// Which honors are scored.
    pub honors: HonorsRule,
}

impl Default for ScoringTable {
    fn default() -> Self {
        ScoringTable::BRIDGE
    }
}

impl ScoringTable {
    /// Contract Bridge with the current Laws: book 6, redoubled insult 100, standard
    /// honors.
    ///
    /// ```
    /// use tenace_rules::scoring::ScoringTable;
    /// assert_eq!(ScoringTable::BRIDGE.insult_redoubled, 100);
    /// ```
    pub const BRIDGE: ScoringTable = ScoringTable {
        book: 6,
        insult_redoubled: 100,
        honors: HonorsRule::Standard,
    };

    /// Five Crowns Bridge: book 7, and honors either off or mapped to K Q J 10 9.
    ///
    /// ```
    /// use tenace_rules::scoring::{HonorsRule, ScoringTable};
    /// assert_eq!(ScoringTable::five_crowns(false).honors, HonorsRule::FiveCrownsOff);
    /// ```
    pub const fn five_crowns(mapped_honors: bool) -> ScoringTable {
        ScoringTable {
            book: 7,
            insult_redoubled: 100,
            honors: if mapped_honors {
                HonorsRule::FiveCrownsMapped
            } else {
                HonorsRule::FiveCrownsOff
            },
        }
    }

    /// The same table with another redoubled insult bonus (the `insult_redoubled` option).
    ///
    /// ```
    /// use tenace_rules::scoring::{HundredOrFifty, ScoringTable};
    /// let legacy = ScoringTable::BRIDGE.with_insult_redoubled(HundredOrFifty::Fifty);
    /// assert_eq!(legacy.insult_redoubled, 50);
    /// ```
    pub const fn with_insult_redoubled(self, bonus: HundredOrFifty) -> ScoringTable {
        ScoringTable {
            insult_redoubled: bonus.points(),
            ..self
        }
    }

    /// The most tricks a side can take: book + 7 (13, or 14 in Five Crowns).
    ///
    /// ```
    /// use tenace_rules::scoring::ScoringTable;
    /// assert_eq!(ScoringTable::five_crowns(false).max_tricks(), 14);
    /// ```
    pub const fn max_tricks(self) -> u8 {
        self.book + 7
    }

    /// Checks that a result can be scored under this table: level 1–7 (or 0NT when the
    /// book is 7) and at most [`max_tricks`](Self::max_tricks) tricks.
    ///
    /// The scoring functions themselves do not check, so the engine's hot paths stay
    /// branch-free; call this on results that come from outside.
    ///
    /// ```
    /// use tenace_rules::scoring::{ScoreError, ScoringTable};
    /// let t = ScoringTable::BRIDGE;
    /// assert!(t.check(&"7NT".parse().unwrap(), 13).is_ok());
    /// assert_eq!(t.check(&"7NT".parse().unwrap(), 14), Err(ScoreError::TooManyTricks { tricks: 14, max: 13 }));
    /// assert!(t.check(&"0NT".parse().unwrap(), 7).is_err());
    /// assert!(ScoringTable::five_crowns(false).check(&"0NT".parse().unwrap(), 7).is_ok());
    /// ```
    pub fn check(self, contract: &Contract, tricks: u8) -> Result<(), ScoreError> {
        // 0NT is the Five Crowns opening rung; the standard games start at level 1.
        let zero_ok = self.book == 7 && contract.strain == Strain::NoTrump;
        if contract.level > 7 || (contract.level == 0 && !zero_ok) {
            return Err(ScoreError::BadContract(*contract));
        }
        if tricks > self.max_tricks() {
            return Err(ScoreError::TooManyTricks {
                tricks,
                max: self.max_tricks(),
            });
        }
        Ok(())
    }
}
