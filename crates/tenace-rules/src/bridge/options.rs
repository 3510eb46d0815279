//! The options of Contract Bridge (RULES.md §1.9), as one typed config.

use serde::{Deserialize, Serialize};

use crate::scoring::{ChicagoDeals23, Comparison, HundredOrFifty, ScoringMode};

/// Where a match takes each deal's vulnerability from (the `vulnerability` option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VulnerabilityRule {
    /// The Law 2 sixteen-board cycle (duplicate's default).
    BoardCycle,
    /// A side that has won a game of the current rubber is vulnerable.
    Rubber,
    /// The Chicago wheel: none, dealer's side, dealer's side, both.
    Chicago,
}

/// The options of Contract Bridge. Every key of RULES.md §1.9 is a field; an unknown key is
/// an error when read from JSON. Missing keys take the defaults of RULES.md.
///
/// ```
/// use tenace_rules::bridge::{BridgeOptions, VulnerabilityRule};
/// use tenace_rules::scoring::ScoringMode;
/// let o: BridgeOptions = serde_json::from_str(r#"{"scoring":"rubber"}"#).unwrap();
/// assert_eq!(o.scoring, ScoringMode::Rubber);
/// assert_eq!(o.vulnerability_rule(), VulnerabilityRule::Rubber);
/// let err = serde_json::from_str::<BridgeOptions>(r#"{"scorin":"rubber"}"#).unwrap_err();
/// assert!(err.to_string().contains("scorin"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BridgeOptions {
    /// `scoring`: duplicate (default), rubber or chicago.
    pub scoring: ScoringMode,
    /// `vulnerability`: board_cycle, rubber or chicago; `None` follows `scoring`.
    pub vulnerability: Option<VulnerabilityRule>,
    /// `insult_redoubled`: 100 (default) or 50 for making a redoubled contract.
    pub insult_redoubled: HundredOrFifty,
    /// `unfinished_partscore_bonus`: 100 (default) or 50 (Law 80).
    pub unfinished_partscore_bonus: HundredOrFifty,
    /// `rubbers_to_play`: how many rubbers a rubber match plays (default 1).
    pub rubbers_to_play: u32,
    /// `chicago_deals_2_3`: who is vulnerable on Chicago deals 2 and 3.
    pub chicago_deals_2_3: ChicagoDeals23,
    /// `chicago_honors`: whether Chicago scores honors (default true).
    pub chicago_honors: bool,
    /// `chicago_rounds`: how many four-deal wheels a Chicago match plays (default 1).
    pub chicago_rounds: u32,
    /// `comparison`: none (default), imps or matchpoints. With imps or matchpoints a
    /// duplicate match plays every board at two tables, the second with the seats turned,
    /// and compares the two results.
    pub comparison: Comparison,
    /// `boards`: how many boards a duplicate match plays (default 16, one Law 2 cycle).
    pub boards: u32,
}

impl Default for BridgeOptions {
    fn default() -> Self {
        BridgeOptions {
            scoring: ScoringMode::Duplicate,
            vulnerability: None,
            insult_redoubled: HundredOrFifty::Hundred,
            unfinished_partscore_bonus: HundredOrFifty::Hundred,
            rubbers_to_play: 1,
            chicago_deals_2_3: ChicagoDeals23::DealerVulnerable,
            chicago_honors: true,
            chicago_rounds: 1,
            comparison: Comparison::None,
            boards: 16,
        }
    }
}

impl BridgeOptions {
    /// The vulnerability rule in force: the explicit option, else the scoring mode's own.
    pub fn vulnerability_rule(&self) -> VulnerabilityRule {
        self.vulnerability.unwrap_or(match self.scoring {
            ScoringMode::Duplicate => VulnerabilityRule::BoardCycle,
            ScoringMode::Rubber => VulnerabilityRule::Rubber,
            ScoringMode::Chicago => VulnerabilityRule::Chicago,
        })
    }

    /// Every problem with these options; empty when they are usable.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if !(1..=100).contains(&self.rubbers_to_play) {
            problems.push("rubbers_to_play must be from 1 to 100".to_string());
        }
        if !(1..=100).contains(&self.chicago_rounds) {
            problems.push("chicago_rounds must be from 1 to 100".to_string());
        }
        if !(1..=128).contains(&self.boards) {
            problems.push("boards must be from 1 to 128".to_string());
        }
        problems
    }
}
