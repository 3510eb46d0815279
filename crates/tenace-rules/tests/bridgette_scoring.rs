//! Bridgette scoring swept whole: every bid from 0NT to 7NT, undoubled, doubled and
//! redoubled, with every trick count from 0 to 13, under each `overtrick_bonus` and
//! `multiplier_scope`, against an oracle written from RULES.md §4.5.

mod bridgette_support;

use bridgette_support::{Scorer, oracle_score};
use tenace_rules::bridgette::AUCTION_RULES;
use tenace_rules::scoring::{
    BridgetteScore, BridgetteScoring, MultiplierScope, OvertrickBonus, bridgette_score,
};
use tenace_rules::{Contract, Doubling};

#[test]
fn every_bid_doubling_and_trick_count_scores_as_rules_say() {
    let bids = AUCTION_RULES.bids();
    // The ladder itself is part of the rule: 0NT, then 1C up to 7NT.
    assert_eq!(bids.len(), 36);
    assert_eq!(bids[0].to_string(), "0NT");
    assert_eq!(bids[35].to_string(), "7NT");
    let mut checked = 0;
    for overtrick_bonus in [OvertrickBonus::ExactlyThree, OvertrickBonus::ThreeOrMore] {
        for multiplier_scope in [MultiplierScope::All, MultiplierScope::ExcludeDoubleBonus] {
            let scoring = BridgetteScoring {
                overtrick_bonus,
                multiplier_scope,
            };
            for bid in &bids {
                for doubling in [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled] {
                    let contract = Contract::new(bid.level, bid.strain, doubling);
                    for tricks in 0..=13 {
                        let (scorer, points) = oracle_score(
                            contract,
                            tricks,
                            overtrick_bonus == OvertrickBonus::ThreeOrMore,
                            multiplier_scope == MultiplierScope::ExcludeDoubleBonus,
                        );
                        let expected = match scorer {
                            Scorer::Declarer => BridgetteScore::Declarer(points),
                            Scorer::Opponent => BridgetteScore::Opponent(points),
                        };
                        assert_eq!(
                            bridgette_score(contract, tricks, scoring),
                            expected,
                            "{contract} with {tricks} tricks, {scoring:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 4 * 36 * 3 * 14);
}

/// The oracle itself against the worked vectors of RULES.md §4.5, so a slip in the
/// oracle cannot hide a slip in the code.
#[test]
fn the_oracle_reproduces_the_rules_test_vectors() {
    let score = |c: &str, tricks| oracle_score(c.parse().unwrap(), tricks, false, false);
    assert_eq!(score("1S", 7), (Scorer::Declarer, 400));
    assert_eq!(score("2H", 11), (Scorer::Declarer, 600));
    assert_eq!(score("4S", 11), (Scorer::Declarer, 750));
    assert_eq!(score("7NT", 13), (Scorer::Declarer, 2500));
    assert_eq!(score("1SX", 7), (Scorer::Declarer, 1600));
    assert_eq!(score("3NTX", 7), (Scorer::Opponent, 500));
    // The options' own arithmetic, by hand: 1S with four overtricks, and 1SX exactly
    // with the 400 outside the multiplier.
    assert_eq!(
        oracle_score("1S".parse().unwrap(), 11, true, false),
        (Scorer::Declarer, 500)
    );
    assert_eq!(
        oracle_score("1S".parse().unwrap(), 11, false, false),
        (Scorer::Declarer, 150)
    );
    assert_eq!(
        oracle_score("1SX".parse().unwrap(), 7, false, true),
        (Scorer::Declarer, 1200)
    );
    assert_eq!(
        oracle_score("1SXX".parse().unwrap(), 7, false, false),
        (Scorer::Declarer, 5600)
    );
    // Down eight is capped at the last row (decision G9).
    assert_eq!(score("7NTXX", 5), (Scorer::Opponent, 4000));
}
