//! Refusals name players as their game does (issue 30): by seat (`N`) in the partnership
//! games, as `player 2` in Devil's Bridge and Bridgette, at every table size: a
//! four-player Devil's Bridge table has no North, though its players are four.

use tenace_cards::{ByPlayer, Card, CardSet, Deck, Player};
use tenace_rules::bridgette::AUCTION_RULES;
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsHand, HandSetup};
use tenace_rules::trick::{TrickPlay, TrickRules};
use tenace_rules::{Action, Auction, AuctionRules, Call, Game};

/// A four-player Devil's Bridge hand of `size` cards in deck order, player 3 dealing, so
/// player 0 bids and leads first.
fn four_player_hand(size: usize, blind: bool) -> DevilsHand {
    let deck: Vec<Card> = Deck::Standard.cards().iter().collect();
    let hands = ByPlayer(
        (0..4)
            .map(|i| deck[i * size..(i + 1) * size].iter().copied().collect())
            .collect(),
    );
    let setup = HandSetup {
        options: DevilsBridgeOptions::for_players(4),
        size,
        dealer: Player(3),
        hands,
        trump_card: deck.get(4 * size).copied(),
        blind,
    };
    DevilsHand::from_setup(setup).expect("a valid hand")
}

/// Every player bids 0 (the dealer's 0 keeps the total off the hand size).
fn bid_all(hand: &mut DevilsHand) {
    for p in 0..4 {
        hand.try_apply(Player(p), Action::Bid(0))
            .unwrap_or_else(|e| panic!("player {p} bids 0: {e}"));
    }
}

/// No compass seat in a message of a numbered game.
fn no_seat_names(message: &str) {
    for seat in ["N", "E", "S", "W"] {
        assert!(
            !message.contains(&format!("{seat}'s")) && !message.starts_with(&format!("{seat} ")),
            "{message}"
        );
    }
}

#[test]
fn a_four_player_devils_bridge_table_names_numbered_players() {
    let mut hand = four_player_hand(2, false);
    bid_all(&mut hand);
    let card = hand.hands()[Player(1)].iter().next().expect("a card");
    let error = hand
        .try_apply(Player(1), Action::Card(card))
        .expect_err("player 0 leads")
        .to_string();
    assert!(
        error.contains("it is player 0's turn to play, not player 1's"),
        "{error}"
    );
    no_seat_names(&error);

    let mut blind = four_player_hand(1, true);
    bid_all(&mut blind);
    let error = blind
        .try_apply(Player(2), Action::PlayBlind)
        .expect_err("player 0 leads")
        .to_string();
    assert!(error.starts_with("player 2 may not act now"), "{error}");
    assert!(error.contains("player 0's turn"), "{error}");
    no_seat_names(&error);
}

#[test]
fn auctions_name_seats_in_bridge_and_players_in_bridgette() {
    let bridge = Auction::new(AuctionRules::BRIDGE, Player(0));
    let error = bridge
        .check(Player(1), Call::Pass)
        .expect_err("N calls first");
    assert!(
        error
            .to_string()
            .contains("it is N's turn to call, not E's"),
        "{error}"
    );
    let bridgette = Auction::new(AUCTION_RULES, Player(0));
    let error = bridgette
        .check(Player(1), Call::Pass)
        .expect_err("player 0 calls first");
    assert!(
        error
            .to_string()
            .contains("it is player 0's turn to call, not player 1's"),
        "{error}"
    );
}

#[test]
fn a_trick_play_names_players_by_number_unless_told_it_has_seats() {
    let card: Card = "SA".parse().expect("a card");
    let hand: CardSet = [card].into_iter().collect();
    let numbered = TrickPlay::new(TrickRules::plain(None), 4, 1, Player(0));
    let error = numbered.check(Player(1), hand, card).expect_err("0 leads");
    assert!(
        error
            .to_string()
            .contains("player 0's turn to play, not player 1's"),
        "{error}"
    );
    let seated = numbered.with_seat_names();
    let error = seated.check(Player(1), hand, card).expect_err("N leads");
    assert!(
        error.to_string().contains("N's turn to play, not E's"),
        "{error}"
    );
}
