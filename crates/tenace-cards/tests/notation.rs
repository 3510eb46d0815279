//! Round trips of the card notation, and the shape of each deck.

use proptest::prelude::*;
use tenace_cards::*;

fn any_card() -> impl Strategy<Value = Card> {
    let all: Vec<Card> = (Deck::Bridgette.cards() | Deck::FiveCrowns.cards())
        .iter()
        .collect();
    prop::sample::select(all)
}

proptest! {
    #[test]
    fn card_round_trips(card in any_card()) {
        prop_assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        let json = serde_json::to_string(&card).unwrap();
        prop_assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
    }

    #[test]
    fn card_set_round_trips(cards in prop::collection::vec(any_card(), 0..40)) {
        let set: CardSet = cards.iter().copied().collect();
        prop_assert_eq!(set.to_string().parse::<CardSet>().unwrap(), set);
        let json = serde_json::to_string(&set).unwrap();
        prop_assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), set);
        prop_assert_eq!(set.iter().count(), set.len());
        prop_assert_eq!(set.iter().rev().collect::<CardSet>(), set);
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,12}") {
        let _ = text.parse::<Card>();
        let _ = text.parse::<CardSet>();
        let _ = text.parse::<Strain>();
        let _ = text.parse::<Seat>();
        let _ = text.parse::<Player>();
    }

    #[test]
    fn index_round_trips(index in 0u8..=255) {
        if let Some(card) = Card::from_index(index) {
            prop_assert_eq!(card.index(), index);
        }
    }
}

#[test]
fn small_types_round_trip() {
    for suit in Suit::FIVE_CROWNS {
        assert_eq!(suit.to_string().parse::<Suit>().unwrap(), suit);
    }
    for strain in Suit::FIVE_CROWNS
        .map(Strain::Suit)
        .into_iter()
        .chain([Strain::NoTrump])
    {
        assert_eq!(strain.to_string().parse::<Strain>().unwrap(), strain);
    }
    for rank in Rank::ALL {
        assert_eq!(rank.to_string().parse::<Rank>().unwrap(), rank);
    }
    for seat in Seat::ALL {
        assert_eq!(seat.to_string().parse::<Seat>().unwrap(), seat);
        assert_eq!(seat.lho().rho(), seat);
        assert_eq!(seat.partner().partner(), seat);
    }
    for side in Side::BOTH {
        assert_eq!(side.to_string().parse::<Side>().unwrap(), side);
    }
    for p in 0..7 {
        assert_eq!(Player(p).to_string().parse::<Player>().unwrap(), Player(p));
    }
}

#[test]
fn decks_have_the_right_cards() {
    let standard = Deck::Standard.cards();
    assert_eq!(standard.len(), 52);
    for suit in Suit::STANDARD {
        assert_eq!(standard.suit(suit).len(), 13);
    }
    assert!(standard.specials().is_empty());
    assert!(standard.suit(Suit::Stars).is_empty());

    let bridgette = Deck::Bridgette.cards();
    assert_eq!(bridgette.len(), 55);
    assert!(bridgette.is_superset(standard));
    let colons: CardSet = "GC RC LC".parse().unwrap();
    assert_eq!(bridgette.specials(), colons);

    let crowns = Deck::FiveCrowns.cards();
    assert_eq!(crowns.len(), 56);
    for suit in Suit::FIVE_CROWNS {
        let held = crowns.suit(suit);
        assert_eq!(held.len(), 11, "{suit}");
        assert_eq!(held.highest().unwrap().rank(), Some(Rank::King));
        assert_eq!(held.lowest().unwrap().rank(), Some(Rank::Three));
    }
    assert_eq!(crowns.specials(), CardSet::from(Card::JOKER));
}

#[test]
fn bad_notation_is_refused_with_the_text() {
    assert_eq!("S1".parse::<Card>(), Err(ParseError::Card("S1".into())));
    assert!("ZZ".parse::<Strain>().is_err());
    assert!(
        "SA SA"
            .parse::<CardSet>()
            .unwrap_err()
            .to_string()
            .contains("twice")
    );
    assert!("7".parse::<Player>().is_err());
    assert_eq!(
        "x".parse::<Seat>().unwrap_err().to_string(),
        "unknown seat \"x\": expected one of N E S W"
    );
}

#[test]
fn ordering_is_bidding_order() {
    assert!(Strain::Suit(Suit::Clubs) < Strain::Suit(Suit::Diamonds));
    assert!(Strain::Suit(Suit::Spades) < Strain::Suit(Suit::Stars));
    assert!(Strain::Suit(Suit::Stars) < Strain::NoTrump);
}
