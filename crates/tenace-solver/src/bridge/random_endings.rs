//! Random endings with their exact values, for the tests of the closed-form bounds: a
//! bound may never claim more than the exact value says.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{CardSet, Player};
use tenace_rules::trick::{SpecialRule, TrickRules};

use super::{BridgeSearch, NT};
use crate::{Position, Sides, Solver};

/// One random ending: no deuces, a random strain and leader.
pub(crate) struct Ending {
    pub hands: [u64; 4],
    pub trump: usize,
    pub leader: usize,
    pub size: u8,
}

impl Ending {
    /// The search set up at this ending.
    pub fn search(&self) -> BridgeSearch<false, 4> {
        let mut search = BridgeSearch::new(1 << 16);
        search.set_position(self.hands, self.trump, self.leader, &[], None, None);
        search
    }

    /// The exact tricks of the side on lead, found by the generic search (wild-deuce
    /// rules with no deuce dealt play exactly like Contract Bridge), so the bounds are
    /// checked against a search that does not use them.
    pub fn exact(&self, solver: &mut Solver) -> u8 {
        solver.force_generic(true);
        let sets: Vec<CardSet> = self
            .hands
            .iter()
            .map(|&h| CardSet::from_bits(u128::from(h)))
            .collect();
        let suit = (self.trump < 4).then(|| tenace_cards::Suit::STANDARD[self.trump]);
        let position = Position::new(
            TrickRules {
                trump: suit,
                special: SpecialRule::WildDeuces,
            },
            sets,
            Player(self.leader as u8),
            Sides::Partnerships,
        );
        solver.tricks(&position).unwrap()
    }
}

/// `count` random endings from `seed`, 3 to 6 cards a hand. With `long_trumps`, 2 to 4
/// cards a hand (where a bound that overclaims shows soonest) and the trump suit dealt
/// first, so one side tends to hold most of it.
pub(crate) fn random_endings(seed: u64, count: usize, long_trumps: bool) -> Vec<Ending> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Every card but the deuces: a card's bit in its 16-bit suit lane is its rank.
    let deck: Vec<u8> = (0..4)
        .flat_map(|suit| (3..15).map(move |rank| suit * 16 + rank))
        .collect();
    (0..count)
        .map(|round| {
            // Trump index 4 stands for no trump.
            let drawn = rng.random_range(0..5);
            let trump = if drawn == 4 { NT } else { drawn };
            let mut cards = deck.clone();
            cards.shuffle(&mut rng);
            if long_trumps && trump < 4 {
                // Trumps first, to North and South more often than not.
                cards.sort_by_key(|&c| (c >> 4) as usize != trump);
                let (trumps, rest) = cards.split_at_mut(12);
                trumps.shuffle(&mut rng);
                rest.shuffle(&mut rng);
            }
            let size = if long_trumps {
                2 + round % 3
            } else {
                3 + round % 4
            };
            let order = if long_trumps {
                [0, 2, 1, 3]
            } else {
                [0, 1, 2, 3]
            };
            let mut hands = [0u64; 4];
            for (i, &p) in order.iter().enumerate() {
                hands[p] = cards[i * size..(i + 1) * size]
                    .iter()
                    .fold(0, |h, &c| h | 1 << c);
            }
            Ending {
                hands,
                trump,
                leader: round % 4,
                size: size as u8,
            }
        })
        .collect()
}
