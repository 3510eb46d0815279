//! Agreed claims (`Action::Claim`): in the play of the partnership games and Bridgette a
//! claim gives the claimer's side that many of the remaining tricks and the other side the
//! rest, ends the deal and scores it; it is refused outside the play, for more tricks than
//! remain, and in Devil's Bridge; it replays; and it is never a legal action.

use tenace_cards::{ByPlayer, Card, Deck, Player, Seat};
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
use tenace_rules::bridgette::{BridgetteDeal, BridgetteOptions, BridgetteSetup};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsHand, HandSetup};
use tenace_rules::{Action, Call, Game, IllegalAction, Phase, Vulnerability};

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

/// A Contract Bridge deal where North deals and opens 1NT, passed out after it: North
/// declares, nobody vulnerable. `cards` cards are then played (first legal each time).
fn bridge_in_play(cards: usize) -> BridgeDeal {
    let setup = BridgeSetup::from_seed_with_dealer(
        7,
        Seat::North,
        Vulnerability::None,
        BridgeOptions::default(),
    );
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    for (i, call) in ["1NT", "P", "P", "P"].into_iter().enumerate() {
        deal.try_apply(Player(i as u8), act(call)).unwrap();
    }
    assert_eq!(deal.phase(), Phase::Play);
    play_first_legal(&mut deal, cards);
    deal
}

/// Plays `cards` actions, the first legal one each time, checking no claim is offered.
fn play_first_legal(game: &mut impl Game, cards: usize) {
    for _ in 0..cards {
        let player = game.to_act().iter().next().expect("someone to act");
        let legal = game.legal_actions(player);
        assert_no_claim(&legal);
        game.try_apply(player, legal[0]).unwrap();
    }
}

fn assert_no_claim(legal: &[Action]) {
    assert!(
        legal.iter().all(|a| !matches!(a, Action::Claim(_))),
        "a claim among the legal actions: {legal:?}"
    );
}

/// The tricks North-South and East-West won.
fn sides(deal: &BridgeDeal) -> (u8, u8) {
    let won = deal.full_view().tricks_won;
    (won[0] + won[2], won[1] + won[3])
}

#[test]
fn claim_notation_reads_and_writes() {
    assert_eq!(act("claim 13"), Action::Claim(13));
    assert_eq!(act("CLAIM 0"), Action::Claim(0));
    assert_eq!(Action::Claim(3).to_string(), "claim 3");
    for bad in ["claim", "claim x", "claim3", "claim 99"] {
        let err = bad.parse::<Action>().unwrap_err();
        assert!(err.to_string().contains("claim 3"), "{bad}: {err}");
    }
}

#[test]
fn declarer_claiming_all_at_the_start_makes_thirteen_tricks() {
    let mut deal = bridge_in_play(0);
    // Dummy's seat (South) claims for declarer's side.
    let events = deal.try_apply(Player(2), Action::Claim(13)).unwrap();
    assert_eq!(events.new_phase, Some(Phase::Finished));
    assert_eq!(deal.phase(), Phase::Finished);
    assert_eq!(deal.result().unwrap().tricks, 13);
    assert_eq!(sides(&deal), (13, 0));
    // 1NT with six overtricks, not vulnerable: 40 + 6 × 30 + 50.
    assert_eq!(deal.score_ns(), Some(270));
    assert_eq!(deal.history().last().unwrap().action, Action::Claim(13));
}

#[test]
fn a_defender_claim_mid_trick_gives_the_rest_to_declarer() {
    // Five cards: one trick and one card of the second.
    let mut deal = bridge_in_play(5);
    let (ns, ew) = sides(&deal);
    assert_eq!(ns + ew, 1);
    let defender = Player(1);
    // The trick in progress counts as remaining: twelve tricks are left.
    let err = deal.try_apply(defender, Action::Claim(13)).unwrap_err();
    assert!(
        matches!(
            err,
            IllegalAction::ClaimTooMany {
                claimed: 13,
                remaining: 12
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("12 tricks remain"), "{err}");
    assert_eq!(deal.phase(), Phase::Play);
    deal.try_apply(defender, Action::Claim(8)).unwrap();
    assert_eq!(sides(&deal), (ns + 4, ew + 8));
    let tricks = deal.result().unwrap().tricks;
    assert_eq!(tricks, ns + 4);
    // The trick in progress is cleared, and nobody is to act.
    let view = deal.full_view();
    assert!(view.trick.unwrap().is_empty());
    assert!(deal.to_act().is_empty());
    // Down 7 - tricks, not vulnerable, undoubled: 50 a trick.
    assert_eq!(deal.score_ns(), Some(-50 * (7 - i32::from(tricks))));
}

#[test]
fn claims_outside_the_play_are_refused_with_the_rule() {
    let setup = BridgeSetup::from_seed(3, Vulnerability::None, BridgeOptions::default());
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    let before = deal.clone();
    let err = deal.try_apply(Player(0), Action::Claim(0)).unwrap_err();
    assert!(
        err.to_string().contains("a claim is made in the play"),
        "{err}"
    );
    assert_eq!(deal, before);
    // After a claim, the deal is over: a second claim is refused.
    let mut deal = bridge_in_play(4);
    deal.try_apply(Player(0), Action::Claim(0)).unwrap();
    let err = deal.try_apply(Player(1), Action::Claim(0)).unwrap_err();
    assert!(err.to_string().contains("the deal is over"), "{err}");
}

#[test]
fn a_history_with_a_claim_replays_to_the_same_deal() {
    let mut deal = bridge_in_play(9);
    deal.try_apply(Player(3), Action::Claim(6)).unwrap();
    let mut replay = BridgeDeal::from_setup(deal.setup().clone()).unwrap();
    for m in deal.history() {
        replay.try_apply(m.player, m.action).unwrap();
    }
    assert_eq!(replay, deal);
    assert_eq!(replay.full_view(), deal.full_view());
    // Every viewer's tricks reflect the claim.
    for i in 0..4 {
        assert_eq!(
            deal.observation(Player(i)).tricks_won,
            deal.full_view().tricks_won
        );
    }
}

/// A Bridgette deal through the exchange and an auction of one bid and a pass, in play.
fn bridgette_in_play(cards: usize) -> BridgetteDeal {
    let mut deal = BridgetteDeal::from_setup(BridgetteSetup::seeded(
        BridgetteOptions::default(),
        11,
        Some(Player(0)),
    ))
    .unwrap();
    while deal.phase() == Phase::Exchange {
        let p = deal.to_act().iter().next().unwrap();
        // A claim before the play is refused, in the exchange as in the auction.
        let err = deal.try_apply(p, Action::Claim(1)).unwrap_err();
        assert!(
            err.to_string().contains("a claim is made in the play"),
            "{err}"
        );
        let first = deal.legal_actions(p)[0];
        deal.try_apply(p, first).unwrap();
    }
    while deal.phase() == Phase::Auction {
        let p = deal.to_act().iter().next().unwrap();
        let err = deal.try_apply(p, Action::Claim(1)).unwrap_err();
        assert!(
            err.to_string().contains("a claim is made in the play"),
            "{err}"
        );
        let legal = deal.legal_actions(p);
        assert_no_claim(&legal);
        // The first bid there is if nobody has bid yet, else pass.
        let call = if deal.auction().last_bid().is_none() {
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Call(Call::Bid(_))))
                .unwrap()
        } else {
            Action::Call(Call::Pass)
        };
        deal.try_apply(p, call).unwrap();
    }
    assert_eq!(deal.phase(), Phase::Play);
    play_first_legal(&mut deal, cards);
    deal
}

#[test]
fn a_bridgette_claim_ends_and_scores_the_deal() {
    let mut deal = bridgette_in_play(3);
    let declarer = deal.declarer().unwrap();
    let before = deal.full_view().tricks_won;
    assert_eq!(before.iter().sum::<u8>(), 1);
    let err = deal.try_apply(declarer, Action::Claim(13)).unwrap_err();
    assert!(matches!(
        err,
        IllegalAction::ClaimTooMany { remaining: 12, .. }
    ));
    // Either player may claim, out of turn too.
    deal.try_apply(declarer, Action::Claim(12)).unwrap();
    assert_eq!(deal.phase(), Phase::Finished);
    let won = deal.full_view().tricks_won;
    assert_eq!(won[declarer.index()], before[declarer.index()] + 12);
    assert_eq!(
        won[declarer.next(2).index()],
        before[declarer.next(2).index()]
    );
    let tricks = won[declarer.index()];
    let expected = tenace_rules::scoring::bridgette_score(
        deal.contract().unwrap(),
        tricks,
        deal.options().scoring(),
    );
    assert_eq!(deal.score(), Some(expected));
    assert!(deal.outcome().is_some());
    let mut replay = BridgetteDeal::from_setup(deal.setup().clone()).unwrap();
    for m in deal.history() {
        replay.try_apply(m.player, m.action).unwrap();
    }
    assert_eq!(replay, deal);
}

#[test]
fn devils_bridge_takes_no_claims() {
    let options = DevilsBridgeOptions::for_players(3);
    let deck: Vec<Card> = Deck::Standard.cards().iter().collect();
    let size = 5;
    let setup = HandSetup {
        options,
        size,
        dealer: Player(0),
        hands: ByPlayer(
            (0..3)
                .map(|i| deck[i * size..(i + 1) * size].iter().copied().collect())
                .collect(),
        ),
        trump_card: deck.get(3 * size).copied(),
        blind: false,
    };
    let mut hand = DevilsHand::from_setup(setup).unwrap();
    // Bids in turn (a bid change, also offered, would never end the bidding).
    while hand.phase() != Phase::Play {
        let (p, bid) = hand
            .to_act()
            .iter()
            .find_map(|p| {
                let bid = hand
                    .legal_actions(p)
                    .into_iter()
                    .find(|a| matches!(a, Action::Bid(_)))?;
                Some((p, bid))
            })
            .expect("someone to bid");
        hand.try_apply(p, bid).unwrap();
    }
    let before = hand.clone();
    for i in 0..3 {
        let err = hand.try_apply(Player(i), Action::Claim(1)).unwrap_err();
        assert!(
            err.to_string()
                .contains("RULES.md has no claims in Devil's Bridge"),
            "{err}"
        );
    }
    assert_eq!(hand, before);
}
