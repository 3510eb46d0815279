//! The Contract Bridge fast path against the generic search on endings too big for brute
//! force (5 to 8 cards a hand): the generic search (forced), checked against minimax on
//! small endings, solves the same position under wild-deuce rules with no deuce dealt,
//! which play exactly like Contract Bridge. Deuces Wild itself is checked the same way
//! in `deuces_paths_agree.rs`.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use tenace_cards::{Card, CardSet, Player, Rank, Suit};
use tenace_rules::trick::{SpecialRule, TrickRules};
use tenace_solver::{Position, Sides, Solver};

#[test]
fn bridge_path_agrees_with_generic_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let deck: Vec<Card> = Suit::STANDARD
        .into_iter()
        .flat_map(|s| Rank::ALL[1..].iter().map(move |&r| Card::new(s, r)))
        .collect();
    let mut bridge = Solver::with_memory(16 << 20);
    let mut generic = Solver::with_memory(16 << 20);
    generic.force_generic(true);
    for round in 0..400 {
        let mut cards = deck.clone();
        cards.shuffle(&mut rng);
        let size = 5 + round % 4;
        let hands: Vec<CardSet> = (0..4)
            .map(|p| cards[p * size..(p + 1) * size].iter().copied().collect())
            .collect();
        let trump = [None, Some(Suit::Spades), Some(Suit::Hearts)][round % 3];
        let leader = Player((round % 4) as u8);
        let plain = Position::new(
            TrickRules::plain(trump),
            hands.clone(),
            leader,
            Sides::Partnerships,
        );
        let wild = Position::new(
            TrickRules {
                trump,
                special: SpecialRule::WildDeuces,
            },
            hands,
            leader,
            Sides::Partnerships,
        );
        assert_eq!(
            bridge.tricks(&plain).unwrap(),
            generic.tricks(&wild).unwrap(),
            "{:?} trump {trump:?} leader {leader}",
            plain.hands
        );
    }
}

/// A deal where reusing a table entry once went wrong: a card left out as equal to a
/// higher one was not equal in every position the entry covered. DDS gives East-West 5
/// tricks in no trump with South on lead.
#[test]
fn merged_cards_stay_equal_where_entries_are_reused() {
    let hands: Vec<CardSet> = [
        "SK S5 S3 HA HK H9 DK D9 D2 CK CJ C7 C6",
        "SJ ST S9 S2 HQ HJ H2 DQ DJ D4 CQ C8 C3",
        "SA S7 S4 HT H8 H7 H5 DA D8 D3 C9 C5 C4",
        "SQ S8 S6 H6 H4 H3 DT D7 D6 D5 CA CT C2",
    ]
    .iter()
    .map(|h| h.parse().unwrap())
    .collect();
    let position = Position::new(
        TrickRules::plain(None),
        hands,
        Player(2),
        Sides::Partnerships,
    );
    assert_eq!(Solver::with_memory(16 << 20).tricks(&position).unwrap(), 8);
}

/// The second trump guarded once sits over the top trump, yet its side takes no trick:
/// on lead, North must lead the small trump, and West, playing last, wins it with the
/// seven and keeps the ace over the king. A trump bound once gave North-South a trick
/// here; it holds only while the guard's side is not on lead.
#[test]
fn a_guarded_second_trump_on_lead_is_no_sure_trick() {
    let hands: Vec<CardSet> = ["SK S6", "S3 CK", "H9 D9", "SA S7"]
        .iter()
        .map(|h| h.parse().unwrap())
        .collect();
    let spades = TrickRules::plain(Some(Suit::Spades));
    let north_leads = Position::new(spades, hands.clone(), Player(0), Sides::Partnerships);
    assert_eq!(Solver::new().tricks(&north_leads).unwrap(), 0);
    // With East on lead the king is a sure trick: West's ace plays before it.
    let east_leads = Position::new(spades, hands, Player(1), Sides::Partnerships);
    assert_eq!(Solver::new().tricks(&east_leads).unwrap(), 1);
}
