//! The Five Crowns fast path against the generic search (forced with
//! `Solver::force_generic`, and itself checked against minimax on small endings in
//! `brute_force.rs`): the tricks and every card's value of full 56-card deals with a few
//! tricks played out at random, and of dealt endings with the joker usually in play,
//! in no trump (the unwinnable joker, its lead restriction included) and in suits
//! (Stars among them, the joker the lowest trump), some of them part-way through a
//! trick.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{Card, CardSet, Deck, Player, Suit};
use tenace_rules::trick::{NtJoker, SpecialRule, TrickRules};
use tenace_solver::{Position, Sides};

mod paths_support;
use paths_support::{check, play_randomly, solvers};

/// Five Crowns rules with `trump`.
fn crowns(trump: Option<Suit>) -> TrickRules {
    TrickRules {
        trump,
        special: SpecialRule::Joker(NtJoker::Unwinnable),
    }
}

/// The 56 cards, shuffled; with `joker_first`, the joker moved to a random place among
/// the first `dealt` cards.
fn shuffled(rng: &mut ChaCha8Rng, dealt: usize, joker_first: bool) -> Vec<Card> {
    let mut cards: Vec<Card> = Deck::FiveCrowns.cards().iter().collect();
    cards.shuffle(rng);
    if joker_first {
        let at = cards
            .iter()
            .position(|&c| c == Card::JOKER)
            .expect("the joker");
        cards.swap(at, rng.random_range(0..dealt));
    }
    cards
}

/// `size` cards a hand from `cards`, a random leader, then `extra` cards played at
/// random.
fn deal(
    rng: &mut ChaCha8Rng,
    cards: &[Card],
    trump: Option<Suit>,
    size: usize,
    extra: usize,
) -> Position {
    let hands: Vec<CardSet> = (0..4)
        .map(|p| cards[p * size..(p + 1) * size].iter().copied().collect())
        .collect();
    let leader = Player(rng.random_range(0..4));
    let mut position = Position::new(crowns(trump), hands, leader, Sides::Partnerships);
    play_randomly(rng, &mut position, extra);
    position
}

/// Half the rounds in no trump, where the joker has rules of its own.
const TRUMPS: [Option<Suit>; 6] = [
    None,
    Some(Suit::Stars),
    None,
    Some(Suit::Hearts),
    None,
    Some(Suit::Clubs),
];

#[test]
fn fast_path_agrees_with_generic_search_on_played_deals() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let (mut fast, mut generic) = solvers();
    for round in 0..300 {
        let trump = TRUMPS[round % 6];
        // Seven tricks played (7 cards a hand) most often, six (8) or five (9) now and
        // then: the generic search's time grows steeply with the hands.
        let tricks = match round % 10 {
            0 => 5,
            1..=3 => 6,
            _ => 7,
        };
        let cards = shuffled(&mut rng, 56, false);
        let extra = 4 * tricks + rng.random_range(0..4);
        let position = deal(&mut rng, &cards, trump, 14, extra);
        check(
            &mut fast,
            &mut generic,
            &position,
            tricks == 7 && round % 2 == 0,
        );
    }
}

#[test]
fn fast_path_agrees_with_generic_search_on_dealt_endings() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let (mut fast, mut generic) = solvers();
    for round in 0..600 {
        let trump = TRUMPS[round % 6];
        let size = 4 + round % 4;
        let joker_first = rng.random_bool(0.7);
        let cards = shuffled(&mut rng, 4 * size, joker_first);
        let extra = rng.random_range(0..4);
        let position = deal(&mut rng, &cards, trump, size, extra);
        check(&mut fast, &mut generic, &position, size <= 6);
    }
}

/// No trump right after a trick with the joker in it: the winner must lead another
/// suit if they can, on both paths alike.
#[test]
fn a_barred_lead_is_kept_on_the_fast_path() {
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    let (mut fast, mut generic) = solvers();
    let mut barred = 0;
    for _ in 0..400 {
        let cards = shuffled(&mut rng, 28, true);
        let mut position = deal(&mut rng, &cards, None, 7, 0);
        // Play on until a trick with the joker in it is complete, if one comes.
        while position.tricks_left() > 1 && position.restriction.is_none() {
            play_randomly(&mut rng, &mut position, 1);
        }
        if position.restriction.is_some() {
            barred += 1;
            check(&mut fast, &mut generic, &position, true);
        }
    }
    assert!(barred > 100, "only {barred} barred leads");
}

/// A squeeze only five suits make room for: North cashes the lone star, and East, with
/// a king or jack guarding each of three suits, must bare one. North-South take all
/// three tricks though they hold the top card of two suits only, so no bound may count
/// their tricks by the suits they top (it did, and said two).
#[test]
fn a_three_suit_squeeze_takes_every_trick() {
    let hands: Vec<CardSet> = ["C9 D5 R9", "CK HK SJ", "DQ H9 S9", "D9 H6 S7"]
        .iter()
        .map(|h| h.parse().expect("a hand"))
        .collect();
    let position = Position::new(crowns(None), hands, Player(0), Sides::Partnerships);
    let (mut fast, mut generic) = solvers();
    assert_eq!(fast.tricks(&position), Ok(3));
    check(&mut fast, &mut generic, &position, true);
}
