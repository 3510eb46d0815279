//! The expert's calls where the bidding system runs out: in a competitive auction (the
//! opponents hold the bid after my side has bid) or in the slam zone (my side in game
//! with slam values together), when no rule of the table applies, the expert weighs a
//! few calls by simulation. Each sample deals the hidden hands consistently with the
//! auction; each candidate is scored as if the auction ended with it (pass: their
//! contract stands; double: it is doubled; a bid: our contract), with declarer's tricks
//! solved double dummy and the score under the game's objective. Everywhere else the
//! expert bids by the system, so that its partner and its own samples read its calls.

use tenace_cards::{Player, Seat, Strain};
use tenace_rules::bridge::{BridgeVariant, DealResult, deal_score_ns};
use tenace_rules::{Action, AnyGame, Auction, Bid, Call, Contract, GameConfig, View};
use tenace_solver::Solver;

use super::search::Outcome;
use crate::bidding::{AuctionContext, matching_rule};
use crate::hand_eval::{DeckStyle, HandFacts};

/// The calls worth simulating now, or `None` when the system decides (a rule applies,
/// or the situation is neither competitive nor in the slam zone). Pass is always first.
pub(crate) fn candidates(view: &View, legal: &[Action]) -> Option<Vec<Action>> {
    // Contract Bridge only: the other variants' whole-deal solves are too slow to
    // repeat for every candidate within a decision's budget.
    if !matches!(view.config, GameConfig::Bridge(BridgeVariant::Standard, _)) {
        return None;
    }
    let me = view.viewer?;
    let hand = view.hands.get(me.index()).copied().flatten()?;
    let ctx = AuctionContext::from_view(view, legal)?;
    let h = HandFacts::new(hand, DeckStyle::of(&view.config));
    if matching_rule(&h, &ctx).is_some() || ctx.my_bids().is_empty() {
        return None;
    }
    let (_, last) = ctx.last_bid()?;
    let competitive = ctx.opponents_hold_bid() && last.level <= 5;
    let together = h.hcp + ctx.partner.min_hcp;
    let slam_zone = !ctx.opponents_hold_bid()
        && last.level >= ctx.game_level(last.strain)
        && last.level < 6
        && together >= 30;
    if !competitive && !slam_zone {
        return None;
    }
    let mut calls = vec![Call::Pass];
    if competitive && ctx.is_legal(Call::Double) {
        calls.push(Call::Double);
    }
    let fit = crate::bidding::fit_suit(&h, &ctx);
    let strains: Vec<Strain> = match fit {
        Some(s) => vec![Strain::Suit(s), Strain::NoTrump],
        None => vec![Strain::NoTrump],
    };
    for strain in strains {
        if let Some(b) = ctx.cheapest(strain) {
            calls.push(Call::Bid(b));
            let game = Bid::new(ctx.game_level(strain), strain);
            if game.level > b.level && ctx.is_legal(Call::Bid(game)) {
                calls.push(Call::Bid(game));
            }
            let slam = Bid::new(6, strain);
            if slam_zone && slam.level > b.level && ctx.is_legal(Call::Bid(slam)) {
                calls.push(Call::Bid(slam));
            }
        }
    }
    calls.dedup();
    (calls.len() > 1).then(|| calls.into_iter().map(Action::Call).collect())
}

/// The contract and declarer if the auction ended after `call`, everyone passing
/// after it: `None` when it would be passed out.
fn final_contract(auction: &Auction, call: Call) -> Option<(Contract, Seat)> {
    let mut auction = auction.clone();
    auction.call_unchecked(call);
    while !auction.is_over() {
        auction.call_unchecked(Call::Pass);
    }
    Some((auction.contract()?, Seat::ALL[auction.declarer()?.index()]))
}

/// Each candidate call's outcome in `sample` for `me`: the score of the contract the
/// auction would end in, with declarer's tricks solved double dummy.
pub(crate) fn evaluate(
    me: Player,
    candidates: &[Action],
    solver: &mut Solver,
    sample: &AnyGame,
) -> Option<Vec<Option<Outcome>>> {
    let AnyGame::Bridge(deal) = sample else {
        return None;
    };
    let setup = deal.setup();
    let hand_size = setup.variant.hand_size() as u8;
    // Solves shared by the candidates: one a strain and declarer.
    let mut solved: Vec<((Strain, Seat), u8)> = Vec::new();
    let mut tricks_for = |solver: &mut Solver, strain: Strain, declarer: Seat| -> Option<u8> {
        if let Some(&(_, t)) = solved.iter().find(|(k, _)| *k == (strain, declarer)) {
            return Some(t);
        }
        let t = super::declarer_tricks(solver, setup, strain, declarer)?;
        solved.push(((strain, declarer), t));
        Some(t)
    };
    let me_ns = me.index().is_multiple_of(2);
    let outcomes = candidates
        .iter()
        .map(|&a| {
            let Action::Call(call) = a else {
                return None;
            };
            let Some((contract, declarer)) = final_contract(deal.auction(), call) else {
                // Passed out: nobody scores.
                return Some(Outcome {
                    points: 0.0,
                    tricks: 0.0,
                });
            };
            let tricks = tricks_for(solver, contract.strain, declarer)?;
            let ns = deal_score_ns(
                setup,
                Some(DealResult {
                    contract,
                    declarer,
                    tricks,
                }),
            );
            let ours = declarer.index() % 2 == me.index() % 2;
            Some(Outcome {
                points: f64::from(if me_ns { ns } else { -ns }),
                tricks: f64::from(if ours {
                    tricks
                } else {
                    hand_size.saturating_sub(tricks)
                }),
            })
        })
        .collect();
    Some(outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_cards::{BySeat, CardSet, Deck};
    use tenace_rules::Game;
    use tenace_rules::bridge::{BridgeDeal, BridgeSetup};

    /// South holds `south`; the auction 1H (N) 1S (E) 2H (S) 2S (W) P P, South to call.
    fn contested(south: &str) -> BridgeDeal {
        let south: CardSet = south.parse().unwrap();
        let rest: Vec<_> = (Deck::Standard.cards() - south).iter().collect();
        let hand = |k: usize| {
            rest[13 * k..13 * k + 13]
                .iter()
                .copied()
                .collect::<CardSet>()
        };
        let setup = BridgeSetup {
            variant: BridgeVariant::Standard,
            hands: BySeat([hand(0), hand(1), south, hand(2)]),
            dealer: Seat::North,
            vulnerability: Default::default(),
            options: Default::default(),
        };
        let mut deal = BridgeDeal::from_setup(setup).unwrap();
        for (p, c) in [
            (0, "1H"),
            (1, "1S"),
            (2, "2H"),
            (3, "2S"),
            (0, "P"),
            (1, "P"),
        ] {
            deal.try_apply(Player(p), c.parse().unwrap()).unwrap();
        }
        deal
    }

    const SOUTH: &str = "S5 S4 HK H9 H4 DA D9 D3 D2 CJ C8 C3 C2";

    #[test]
    fn a_contested_part_score_is_simulated_where_the_rules_run_out() {
        let deal = contested(SOUTH);
        let view = deal.observation(Player(2));
        let legal = deal.legal_actions(Player(2));
        let basic = crate::Bot::decide(
            &mut crate::BasicBot::new(view.config.clone(), 0),
            &view,
            &legal,
        );
        let calls =
            candidates(&view, &legal).unwrap_or_else(|| panic!("a rule applies: {basic:?}"));
        let names: Vec<String> = calls.iter().map(|c| c.to_string()).collect();
        assert_eq!(names[0], "P");
        for call in ["X", "3H", "4H"] {
            assert!(names.iter().any(|n| n == call), "{names:?}");
        }
        let mut bot = crate::ExpertBot::new(view.config.clone(), crate::BotOptions::samples(6), 3);
        let d = crate::Bot::decide(&mut bot, &view, &legal).unwrap();
        assert!(calls.contains(&d.action), "{d:?}");
        assert!(
            d.reason.contains("no rule of the system fits"),
            "{}",
            d.reason
        );
        assert!(d.reason.contains("likely layouts"), "{}", d.reason);
    }

    #[test]
    fn the_system_decides_where_it_has_a_rule() {
        // Nobody has bid against us: the opening is the system's.
        let cards: Vec<_> = Deck::Standard.cards().iter().collect();
        let hand = |k: usize| {
            cards[13 * k..13 * k + 13]
                .iter()
                .copied()
                .collect::<CardSet>()
        };
        let setup = BridgeSetup {
            variant: BridgeVariant::Standard,
            hands: BySeat([hand(0), hand(1), hand(2), hand(3)]),
            dealer: Seat::North,
            vulnerability: Default::default(),
            options: Default::default(),
        };
        let deal = BridgeDeal::from_setup(setup).unwrap();
        let view = deal.observation(Player(0));
        assert!(candidates(&view, &deal.legal_actions(Player(0))).is_none());
    }

    #[test]
    fn the_final_contract_follows_the_calls() {
        let deal = contested(SOUTH);
        let auction = deal.auction();
        // Pass: their 2S stands, declared by East, who bid spades first.
        let (c, d) = final_contract(auction, Call::Pass).unwrap();
        assert_eq!((c.to_string(), d), ("2S".to_string(), Seat::East));
        let (c, _) = final_contract(auction, Call::Double).unwrap();
        assert_eq!(c.to_string(), "2SX");
        // 3H: North, who bid hearts first, declares, though South bids it now.
        let (c, d) = final_contract(auction, "3H".parse().unwrap()).unwrap();
        assert_eq!((c.to_string(), d), ("3H".to_string(), Seat::North));
    }
}
