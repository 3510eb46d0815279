//! The Five Crowns fast path (suit contracts, the joker the lowest trump) against the
//! generic search (forced with `Solver::force_generic`, and itself checked against
//! minimax on small endings in `brute_force.rs`): the tricks and every card's value of
//! full 56-card deals with a few tricks played out at random, and of dealt endings
//! with the joker usually in play, in every suit (Stars included), some of them
//! part-way through a trick. No-trump positions keep to the generic search: the fast
//! path must hand them over.

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

const TRUMPS: [Suit; 3] = [Suit::Stars, Suit::Hearts, Suit::Clubs];

#[test]
fn fast_path_agrees_with_generic_search_on_played_deals() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let (mut fast, mut generic) = solvers();
    for round in 0..300 {
        let trump = Some(TRUMPS[round % 3]);
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
        let trump = Some(TRUMPS[round % 3]);
        let size = 4 + round % 4;
        let joker_first = rng.random_bool(0.7);
        let cards = shuffled(&mut rng, 4 * size, joker_first);
        let extra = rng.random_range(0..4);
        let position = deal(&mut rng, &cards, trump, size, extra);
        check(&mut fast, &mut generic, &position, size <= 6);
    }
}

/// No trump keeps to the generic search, the joker played as the default rule says:
/// a small ending is still answered, on both solvers alike.
#[test]
fn no_trump_positions_are_answered_off_the_fast_path() {
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    let (mut fast, mut generic) = solvers();
    for _ in 0..40 {
        let cards = shuffled(&mut rng, 16, true);
        let position = deal(&mut rng, &cards, None, 4, 0);
        check(&mut fast, &mut generic, &position, true);
    }
}
