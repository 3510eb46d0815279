//! PBN deal strings: round trips with seeded deals, and refusals that name the fault.

use proptest::prelude::*;
use tenace_cards::Seat;
use tenace_formats::pbn::{PbnError, format_deal, parse_deal};
use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup};

proptest! {
    #[test]
    fn seeded_deals_round_trip(seed in any::<u64>(), first in 0usize..4) {
        let setup = BridgeSetup::from_seed(seed, Vulnerability::None, BridgeOptions::default());
        let first = Seat::from_index(first);
        let text = format_deal(first, &setup.hands);
        let back = parse_deal(&text).unwrap();
        prop_assert_eq!(back.first, first);
        prop_assert_eq!(back.complete().unwrap(), setup.hands);
    }

    #[test]
    fn garbage_never_panics(text in ".{0,80}") {
        let _ = parse_deal(&text);
    }
}

#[test]
fn unknown_hands_and_voids() {
    let deal = parse_deal("E:- AKQJT98765432... - -").unwrap();
    assert_eq!(deal.first, Seat::East);
    assert_eq!(deal.hands[Seat::South].unwrap().len(), 13);
    assert!(deal.hands[Seat::East].is_none());
    assert!(deal.complete().is_none());
}

#[test]
fn faults_are_named() {
    assert_eq!(parse_deal("AKQ"), Err(PbnError::MissingColon));
    assert!(matches!(
        parse_deal("X:- - - -"),
        Err(PbnError::FirstSeat(_))
    ));
    assert_eq!(parse_deal("N:- - -"), Err(PbnError::HandCount(3)));
    assert!(matches!(
        parse_deal("N:AK.Q - - -"),
        Err(PbnError::SuitCount {
            seat: Seat::North,
            groups: 2,
            ..
        })
    ));
    let err = parse_deal("N:AZ... - - -").unwrap_err();
    assert_eq!(err, PbnError::Rank('Z', Seat::North));
    assert!(err.to_string().contains("North") || err.to_string().contains('N'));
    assert!(matches!(
        parse_deal("N:A... A... - -"),
        Err(PbnError::Duplicate(_))
    ));
}

proptest! {
    #[test]
    fn five_crowns_deals_round_trip(seed in any::<u64>(), first in 0usize..4) {
        use tenace_cards::Deck;
        use tenace_formats::pbn::{format_deal_for, parse_deal_for};
        use tenace_rules::bridge::BridgeVariant;
        let fc = BridgeVariant::from_name("five-crowns").unwrap();
        let setup = BridgeSetup::seeded(fc, seed, None, Vulnerability::None, BridgeOptions::default());
        let first = Seat::from_index(first);
        let text = format_deal_for(Deck::FiveCrowns, first, &setup.hands);
        prop_assert_eq!(text.matches("+JK").count(), 1);
        let back = parse_deal_for(Deck::FiveCrowns, &text).unwrap();
        prop_assert_eq!(back.complete().unwrap(), setup.hands);
    }
}

#[test]
fn five_crowns_notation_is_checked() {
    use tenace_cards::Deck;
    use tenace_formats::pbn::parse_deal_for;
    // Four groups are too few for five suits; a joker does not belong in a standard deck.
    assert!(matches!(
        parse_deal_for(Deck::FiveCrowns, "N:KQ.J.T.9 - - -"),
        Err(PbnError::SuitCount { expected: 5, .. })
    ));
    assert_eq!(
        parse_deal_for(Deck::Standard, "N:AK.Q.J.T+JK - - -"),
        Err(PbnError::NoJoker(Seat::North))
    );
    // The parser reads any rank; the game's setup refuses cards outside its deck.
    let deal = parse_deal_for(Deck::FiveCrowns, "N:A.... - - -").unwrap();
    assert!(deal.hands[Seat::North].unwrap().len() == 1);
}
