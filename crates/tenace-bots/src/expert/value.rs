//! Turning tricks into this game's score, as the expert's side sees it: the contract's
//! score in the bidding games, the lump sums and bonuses of Bridgette. What the expert
//! maximises is then [`Objective`]'s: total points, IMPs or matchpoints.

use tenace_cards::{Player, Seat};
use tenace_rules::bridge::{DealResult, deal_score_ns};
use tenace_rules::scoring::{BridgetteScore, Comparison, bridgette_score, imps};
use tenace_rules::{AnyGame, GameConfig};

/// What one sample's scores are compared by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Objective {
    /// The expected score itself.
    Points,
    /// IMPs against the action that scores best on average: a big swing weighs less
    /// than its points, so safety counts.
    Imps,
    /// Matchpoints among the actions: beating the other choices by ten points is as good
    /// as by a thousand, so overtricks count.
    Matchpoints,
}

impl Objective {
    /// The objective of a game's options.
    pub fn of(config: &GameConfig) -> Objective {
        match config {
            GameConfig::Bridge(_, options) => match options.comparison {
                Comparison::None => Objective::Points,
                Comparison::Imps => Objective::Imps,
                Comparison::Matchpoints => Objective::Matchpoints,
            },
            GameConfig::DevilsBridge(_) | GameConfig::Bridgette(_) => Objective::Points,
        }
    }

    /// Rescores one sample's raw points (one entry per action; `None` where the action
    /// was not solved). `reference` is the action best on average over all samples,
    /// which IMPs are counted against.
    pub fn rescore(self, raw: &[Option<f64>], reference: usize) -> Vec<Option<f64>> {
        match self {
            Objective::Points => raw.to_vec(),
            Objective::Imps => {
                let base = raw.get(reference).copied().flatten();
                raw.iter()
                    .map(|&s| Some(f64::from(imps((s? - base?).round() as i32))))
                    .collect()
            }
            Objective::Matchpoints => raw
                .iter()
                .map(|&s| {
                    let s = s?;
                    Some(
                        raw.iter()
                            .flatten()
                            .map(|&o| match s.total_cmp(&o) {
                                std::cmp::Ordering::Greater => 1.0,
                                std::cmp::Ordering::Equal => 0.5,
                                std::cmp::Ordering::Less => 0.0,
                            })
                            .sum::<f64>()
                            - 0.5,
                    )
                })
                .collect(),
        }
    }
}

/// Whether two players share a side in this game.
pub(crate) fn same_side(config: &GameConfig, a: Player, b: Player) -> bool {
    a == b || (matches!(config, GameConfig::Bridge(..)) && a.offset(2, 4) == b)
}

/// The tricks `player`'s side has won in the sample so far.
pub(crate) fn side_tricks(config: &GameConfig, won: &[u8], player: Player) -> u8 {
    won.iter()
        .enumerate()
        .filter(|&(p, _)| same_side(config, Player(p as u8), player))
        .map(|(_, &t)| t)
        .sum()
}

/// The points `me`'s side scores when the deal ends with `me`'s side holding `ours`
/// tricks in all, in a bidding game or Bridgette (where there is a contract). `None`
/// without a contract.
pub(crate) fn contract_points(sample: &AnyGame, me: Player, ours: u8) -> Option<f64> {
    match sample {
        AnyGame::Bridge(deal) => {
            let (contract, declarer) = deal.contract()?;
            let hand = deal.setup().variant.hand_size() as u8;
            let declaring = me.index() % 2 == declarer.index() % 2;
            let tricks = if declaring {
                ours
            } else {
                hand.saturating_sub(ours)
            };
            let ns = deal_score_ns(
                deal.setup(),
                Some(DealResult {
                    contract,
                    declarer,
                    tricks,
                }),
            );
            let me_ns = me.index() % 2 == Seat::North.index();
            Some(f64::from(if me_ns { ns } else { -ns }))
        }
        AnyGame::Bridgette(deal) => {
            let (contract, declarer) = (deal.contract()?, deal.declarer()?);
            let tricks = if declarer == me {
                ours
            } else {
                13u8.saturating_sub(ours)
            };
            let points = match bridgette_score(contract, tricks, deal.options().scoring()) {
                BridgetteScore::Declarer(p) => i64::from(p),
                BridgetteScore::Opponent(p) => -i64::from(p),
            };
            Some(if declarer == me { points } else { -points } as f64)
        }
        AnyGame::DevilsBridge(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matchpoints_reward_beating_the_other_cards_not_the_margin() {
        let mp = Objective::Matchpoints.rescore(&[Some(420.0), Some(450.0), Some(-50.0)], 0);
        assert_eq!(mp, vec![Some(1.0), Some(2.0), Some(0.0)]);
    }

    #[test]
    fn imps_count_against_the_reference() {
        let imp = Objective::Imps.rescore(&[Some(620.0), Some(-100.0), None], 0);
        assert_eq!(imp, vec![Some(0.0), Some(-12.0), None]);
    }
}
