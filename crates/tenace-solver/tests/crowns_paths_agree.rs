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

/// Five Crowns rules with `trump`, under the default unwinnable no-trump joker.
fn crowns(trump: Option<Suit>) -> TrickRules {
    crowns_with(trump, NtJoker::Unwinnable)
}

/// Five Crowns rules with `trump` and the no-trump joker `joker`.
fn crowns_with(trump: Option<Suit>, joker: NtJoker) -> TrickRules {
    TrickRules {
        trump,
        special: SpecialRule::Joker(joker),
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
    deal_under(rng, cards, crowns(trump), size, extra)
}

/// [`deal`] under any Five Crowns `rules`.
fn deal_under(
    rng: &mut ChaCha8Rng,
    cards: &[Card],
    rules: TrickRules,
    size: usize,
    extra: usize,
) -> Position {
    let hands: Vec<CardSet> = (0..4)
        .map(|p| cards[p * size..(p + 1) * size].iter().copied().collect())
        .collect();
    let leader = Player(rng.random_range(0..4));
    let mut position = Position::new(rules, hands, leader, Sides::Partnerships);
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

/// The named joker of `nominated_two` in no trump: played as the two of a suit its
/// holder names, never of a suit the holder has shown out of. Dealt endings with the
/// joker nearly always in play, some part-way through a trick, and full deals with
/// six or seven tricks played, every card's value on most of them.
#[test]
fn the_named_joker_agrees_with_the_generic_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let (mut fast, mut generic) = solvers();
    let named = crowns_with(None, NtJoker::NominatedTwo);
    let mut shown = 0;
    for round in 0..500 {
        let position = if round % 5 == 0 {
            let cards = shuffled(&mut rng, 56, false);
            let extra = 4 * (6 + round % 2) + rng.random_range(0..4);
            deal_under(&mut rng, &cards, named, 14, extra)
        } else {
            let size = 3 + round % 5;
            let joker_first = rng.random_bool(0.9);
            let cards = shuffled(&mut rng, 4 * size, joker_first);
            let extra = rng.random_range(0..4);
            deal_under(&mut rng, &cards, named, size, extra)
        };
        let holder = position.hands.iter().position(|h| h.contains(Card::JOKER));
        if holder.is_some_and(|h| position.barred.get(h).is_some_and(|b| !b.is_empty())) {
            shown += 1;
        }
        check(
            &mut fast,
            &mut generic,
            &position,
            position.tricks_left() <= 7,
        );
    }
    assert!(
        shown > 0,
        "no position where the joker's holder had shown out"
    );
}

/// Whole deals under the named joker, its holder on lead now and then: a lead of it is
/// one move per suit, so a 14-card hand has up to 18 moves.
#[test]
fn the_named_joker_agrees_on_whole_deals() {
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    let (mut fast, mut generic) = solvers();
    let named = crowns_with(None, NtJoker::NominatedTwo);
    for _ in 0..2 {
        let cards = shuffled(&mut rng, 56, false);
        let mut position = deal_under(&mut rng, &cards, named, 14, 0);
        let holder = position.hands.iter().position(|h| h.contains(Card::JOKER));
        let holder = Player(holder.expect("the joker is dealt") as u8);
        position.trick = tenace_rules::trick::Trick::new(holder, 4);
        check(&mut fast, &mut generic, &position, false);
    }
}
