//! Dealing hidden cards again, consistently with what a player has seen.
//!
//! Every game's `resample` reduces to one problem: share a pool of unseen cards among the
//! hidden hands, each needing a known number of cards and each barred from some cards
//! (the suits it has shown out of, say). [`deal_hidden`] solves it for any game.
//!
//! It deals the pool in a random order, card by card, to a random hidden hand chosen with
//! probability proportional to the room left in it, which is uniform when nothing is
//! barred. Before each placement it checks, by Hall's theorem, that the cards still to
//! come can fill the remaining room; a placement that would strand a card is never made, so
//! the deal never fails when any consistent deal exists.

use rand::RngCore;
use tenace_cards::{Card, CardSet};

use crate::deal::{shuffled, uniform_below};
use crate::game::ResampleError;

/// A hidden hand to fill: how many cards it needs, and which cards it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HiddenHand {
    /// How many cards to deal it.
    pub count: usize,
    /// The cards it may receive.
    pub allowed: CardSet,
}

/// Deals `pool` among `hands`, each receiving exactly `count` cards from its `allowed` set.
///
/// ```
/// use tenace_cards::{CardSet, Suit};
/// use tenace_rules::resample::{deal_hidden, HiddenHand};
/// use tenace_rules::deal::seeded_rng;
/// let pool: CardSet = "S2 S3 H2 H3".parse().unwrap();
/// let no_spades = pool - pool.suit(Suit::Spades);
/// let hands = [
///     HiddenHand { count: 2, allowed: no_spades },
///     HiddenHand { count: 2, allowed: pool },
/// ];
/// let dealt = deal_hidden(pool, &hands, &mut seeded_rng(3)).unwrap();
/// assert_eq!(dealt[0], no_spades);
/// ```
pub fn deal_hidden(
    pool: CardSet,
    hands: &[HiddenHand],
    rng: &mut dyn RngCore,
) -> Result<Vec<CardSet>, ResampleError> {
    let n = hands.len();
    assert!(n <= 8, "at most 8 hidden hands");
    let total: usize = hands.iter().map(|h| h.count).sum();
    if total != pool.len() {
        return Err(ResampleError::Inconsistent(format!(
            "{} unseen cards for {} places in the hidden hands",
            pool.len(),
            total
        )));
    }
    let mask_of = |card: Card| -> usize {
        hands
            .iter()
            .enumerate()
            .filter(|(_, h)| h.allowed.contains(card))
            .fold(0, |m, (i, _)| m | 1 << i)
    };
    let order = shuffled(pool, rng);
    let masks: Vec<usize> = order.iter().map(|&c| mask_of(c)).collect();
    let mut remaining = vec![0usize; 1 << n];
    for &m in &masks {
        remaining[m] += 1;
    }
    let mut room: Vec<usize> = hands.iter().map(|h| h.count).collect();
    if !feasible(&remaining, &room) {
        return Err(ResampleError::Inconsistent(
            "the hidden hands cannot hold the unseen cards they are allowed".into(),
        ));
    }
    let mut dealt = vec![CardSet::EMPTY; n];
    for (&card, &mask) in order.iter().zip(&masks) {
        remaining[mask] -= 1;
        let mut candidates = mask;
        loop {
            let weights: Vec<(usize, usize)> = (0..n)
                .filter(|&i| candidates & (1 << i) != 0 && room[i] > 0)
                .map(|i| (i, room[i]))
                .collect();
            let sum: usize = weights.iter().map(|w| w.1).sum();
            if sum == 0 {
                // Unreachable while `feasible` held before this card.
                return Err(ResampleError::Inconsistent(format!(
                    "no hand may hold {card}"
                )));
            }
            let mut pick = uniform_below(rng, sum as u32) as usize;
            let (slot, _) = *weights
                .iter()
                .find(|&&(_, w)| {
                    let hit = pick < w;
                    if !hit {
                        pick -= w;
                    }
                    hit
                })
                .expect("pick is below the sum of the weights");
            room[slot] -= 1;
            if feasible(&remaining, &room) {
                dealt[slot].insert(card);
                break;
            }
            room[slot] += 1;
            candidates &= !(1 << slot);
        }
    }
    Ok(dealt)
}

/// Hall's condition for cards grouped by the set of hands that may take them: for every
/// set `T` of hands, the cards that only hands in `T` may take must fit in `T`'s room.
///
/// The cards per `T` come from a subset-sum (zeta) transform of `remaining`, so the check
/// costs n·2ⁿ rather than 4ⁿ: with seven hidden hands (Devil's Bridge: six hands and the
/// stock) that is 900 steps instead of 16,000, and it runs for every card dealt.
fn feasible(remaining: &[usize], room: &[usize]) -> bool {
    let n = room.len();
    let mut needed = remaining.to_vec();
    for i in 0..n {
        let bit = 1 << i;
        for t in 0..1usize << n {
            if t & bit != 0 {
                needed[t] += needed[t ^ bit];
            }
        }
    }
    let mut capacity = vec![0usize; 1 << n];
    for t in 1..1usize << n {
        let low = t.trailing_zeros() as usize;
        capacity[t] = capacity[t & (t - 1)] + room[low];
    }
    needed.iter().zip(&capacity).all(|(need, cap)| need <= cap)
}
