//! Seeded, portable dealing.
//!
//! The same seed gives the same deal on every platform and with every version of the
//! `rand` crate, because tenace does its own shuffle on top of one fixed generator:
//!
//! 1. The seed (a `u64`) seeds ChaCha20 through `SeedableRng::seed_from_u64`
//!    (`rand_chacha::ChaCha20Rng`, whose stream is fixed by the ChaCha specification).
//! 2. The deck's cards are listed from low to high in [`CardSet`] order.
//! 3. A Fisher–Yates shuffle runs from the last position down to position 1: for
//!    position `i` it draws `j` uniform in `0..=i` and swaps. The uniform draw takes the
//!    next `u32` from the generator and rejects values at or above the largest multiple of
//!    `i + 1` that fits in 2³², so there is no modulo bias.
//! 4. The shuffled cards are dealt one at a time, clockwise, starting with the player on
//!    the dealer's left (RULES.md §0).

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use tenace_cards::{Card, CardSet, Player};

/// The generator every seeded deal uses.
pub fn seeded_rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// A uniform integer in `0..bound` by rejection sampling on 32-bit draws.
///
/// ```
/// let mut rng = tenace_rules::deal::seeded_rng(1);
/// let x = tenace_rules::deal::uniform_below(&mut rng, 6);
/// assert!(x < 6);
/// ```
pub fn uniform_below(rng: &mut (impl RngCore + ?Sized), bound: u32) -> u32 {
    assert!(bound > 0, "uniform_below needs a positive bound");
    let zone = u32::MAX - (u32::MAX - bound + 1) % bound;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % bound;
        }
    }
}

/// The cards of `deck` in shuffled order (steps 2 and 3 above).
pub fn shuffled(deck: CardSet, rng: &mut (impl RngCore + ?Sized)) -> Vec<Card> {
    let mut cards: Vec<Card> = deck.iter().collect();
    for i in (1..cards.len()).rev() {
        let j = uniform_below(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
    cards
}

/// Deals `per_hand` cards to each of `players` players from the shuffled `order`, one at
/// a time clockwise from the dealer's left. Returns the hands (indexed by player) and the
/// undealt rest of `order`, in order.
///
/// ```
/// use tenace_cards::{Deck, Player};
/// use tenace_rules::deal::{deal_round, seeded_rng, shuffled};
/// let order = shuffled(Deck::Standard.cards(), &mut seeded_rng(7));
/// let (hands, rest) = deal_round(&order, 4, 13, Player(0));
/// assert!(hands.iter().all(|h| h.len() == 13));
/// assert!(rest.is_empty());
/// ```
pub fn deal_round(
    order: &[Card],
    players: usize,
    per_hand: usize,
    dealer: Player,
) -> (Vec<CardSet>, Vec<Card>) {
    let mut hands = vec![CardSet::EMPTY; players];
    let dealt = (players * per_hand).min(order.len());
    for (k, &card) in order[..dealt].iter().enumerate() {
        hands[dealer.offset(1 + k, players).index()].insert(card);
    }
    (hands, order[dealt..].to_vec())
}

/// SplitMix64 of a seed and a deal number: each deal of a match gets its own seed, so a
/// match of many deals is still fixed by one seed.
///
/// ```
/// use tenace_rules::deal::mix_seed;
/// assert_eq!(mix_seed(7, 1), mix_seed(7, 1));
/// assert_ne!(mix_seed(7, 1), mix_seed(7, 2));
/// ```
pub fn mix_seed(seed: u64, k: u64) -> u64 {
    let mut z = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
