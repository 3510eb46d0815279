//! The Deuces Wild fast path against the generic search (forced with
//! `Solver::force_generic`, and itself checked against minimax on small endings in
//! `brute_force.rs`): the tricks and every card's value of full deals with a few tricks
//! played out at random, and of dealt endings with the deuces usually in play, in no
//! trump and in suits, some of them part-way through a trick.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{Card, CardSet, Player, Rank, Suit};
use tenace_rules::trick::{SpecialRule, TrickRules};
use tenace_solver::{Position, Sides};

mod paths_support;
use paths_support::{check, play_randomly, solvers};

/// Deuces Wild rules with `trump`.
fn wild(trump: Option<Suit>) -> TrickRules {
    TrickRules {
        trump,
        special: SpecialRule::WildDeuces,
    }
}

fn deck() -> Vec<Card> {
    Suit::STANDARD
        .into_iter()
        .flat_map(|s| Rank::ALL.iter().map(move |&r| Card::new(s, r)))
        .collect()
}

/// A full deal with `tricks` tricks and then `extra` cards played at random.
fn played_deal(rng: &mut ChaCha8Rng, trump: Option<Suit>, tricks: usize, extra: usize) -> Position {
    let mut cards = deck();
    cards.shuffle(rng);
    let hands = (0..4)
        .map(|p| cards[p * 13..(p + 1) * 13].iter().copied().collect())
        .collect();
    let leader = Player(rng.random_range(0..4));
    let mut position = Position::new(wild(trump), hands, leader, Sides::Partnerships);
    play_randomly(rng, &mut position, 4 * tricks + extra);
    position
}

/// An ending of `size` cards a hand dealt from the whole deck, usually with every deuce
/// in play, then `extra` cards played at random.
fn dealt_ending(rng: &mut ChaCha8Rng, trump: Option<Suit>, size: usize, extra: usize) -> Position {
    let mut cards = deck();
    cards.shuffle(rng);
    if rng.random_bool(0.7) {
        // The deuces first, then shuffled in among the dealt cards.
        cards.sort_by_key(|c| c.rank() != Some(Rank::Two));
        cards[..4 * size].shuffle(rng);
    }
    let hands: Vec<CardSet> = (0..4)
        .map(|p| cards[p * size..(p + 1) * size].iter().copied().collect())
        .collect();
    let leader = Player(rng.random_range(0..4));
    let mut position = Position::new(wild(trump), hands, leader, Sides::Partnerships);
    play_randomly(rng, &mut position, extra);
    position
}

const TRUMPS: [Option<Suit>; 3] = [None, Some(Suit::Spades), Some(Suit::Hearts)];

#[test]
fn fast_path_agrees_with_generic_search_on_played_deals() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let (mut fast, mut generic) = solvers();
    for round in 0..400 {
        let trump = TRUMPS[round % 3];
        // Six tricks played (7 cards a hand) most often, five (8) or four (9) now and
        // then: the generic search's time grows steeply with the hands.
        let tricks = match round % 10 {
            0 => 4,
            1..=3 => 5,
            _ => 6,
        };
        let extra = rng.random_range(0..4);
        let position = played_deal(&mut rng, trump, tricks, extra);
        let values = tricks == 6 && round % 2 == 0;
        check(&mut fast, &mut generic, &position, values);
    }
}

#[test]
fn fast_path_agrees_with_generic_search_on_dealt_endings() {
    let mut rng = ChaCha8Rng::seed_from_u64(32);
    let (mut fast, mut generic) = solvers();
    for round in 0..900 {
        let trump = TRUMPS[round % 3];
        let size = 5 + round % 4;
        let extra = rng.random_range(0..4);
        let position = dealt_ending(&mut rng, trump, size, extra);
        check(&mut fast, &mut generic, &position, size <= 7);
    }
}
