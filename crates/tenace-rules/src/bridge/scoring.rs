//! The score of one Contract Bridge deal on its own, in each scoring mode.

use tenace_cards::Side;

use super::deal::DealResult;
use super::options::BridgeOptions;
use super::setup::BridgeSetup;
use crate::scoring::{ScoringMode, contract_score, duplicate_score, honors};

/// Whether the mode counts honors.
fn counts_honors(options: &BridgeOptions) -> bool {
    match options.scoring {
        ScoringMode::Duplicate => false,
        ScoringMode::Rubber => true,
        ScoringMode::Chicago => options.chicago_honors,
    }
}

/// The points North-South score on one deal taken on its own, with the setup's
/// vulnerability; East-West score the negative. A passed-out deal (`None`) scores 0.
///
/// * duplicate: Law 77, with the game or part-score premium;
/// * rubber: everything the deal writes on a rubber sheet, above and below the line, with
///   honors, but no game or rubber bonus (those belong to the match);
/// * chicago: as rubber, plus the game bonus (300, or 500 vulnerable) when the deal alone
///   makes game, and honors when `chicago_honors` is on.
///
/// ```
/// use tenace_rules::bridge::{deal_score_ns, BridgeOptions, BridgeSetup, DealResult};
/// use tenace_rules::Vulnerability;
/// use tenace_cards::Seat;
/// let setup = BridgeSetup::from_seed(1, Vulnerability::None, BridgeOptions::default());
/// let result = DealResult { contract: "3NT".parse().unwrap(), declarer: Seat::East, tricks: 9 };
/// assert_eq!(deal_score_ns(&setup, Some(result)), -400);
/// ```
pub fn deal_score_ns(setup: &BridgeSetup, result: Option<DealResult>) -> i32 {
    let Some(r) = result else {
        return 0;
    };
    let options = &setup.options;
    let table = setup.variant.scoring_table(options);
    let side = r.declarer.side();
    let vulnerable = setup.vulnerability.is_vulnerable(r.declarer);
    let sign = |s: Side| if s == Side::NorthSouth { 1 } else { -1 };
    let declarer_points = match options.scoring {
        ScoringMode::Duplicate => duplicate_score(table, r.contract, r.tricks, vulnerable),
        ScoringMode::Rubber | ScoringMode::Chicago => {
            let score = contract_score(table, r.contract, r.tricks, vulnerable);
            let game_bonus = match (options.scoring, score.trick_score >= 100, vulnerable) {
                (ScoringMode::Chicago, true, false) => 300,
                (ScoringMode::Chicago, true, true) => 500,
                _ => 0,
            };
            if score.is_made() {
                score.net() + game_bonus
            } else {
                score.net()
            }
        }
    };
    let honor_points = match honors(table, r.contract.strain, &setup.hands) {
        Some((holder, points)) if counts_honors(options) => sign(holder) * points as i32,
        _ => 0,
    };
    sign(side) * declarer_points + honor_points
}
