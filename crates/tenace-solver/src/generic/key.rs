//! The exact table key of a position at a trick start, packed into six words.
//!
//! Where only the order of ranks matters (every rule set but the colons'), a suit is
//! described by the owners of its remaining cards from the top down and by how many
//! remain: positions that differ only in which small cards were played before share an
//! entry. A wild deuce gets a flag of its own, for its rank gives it powers, and the
//! special cards (joker, colons) are keyed by owner. Where absolute ranks matter (the
//! colons' groups), which ranks remain is part of the key too.

use tenace_cards::{CardSet, Suit};
use tenace_rules::trick::Trick;

/// The key: words 0–2 the owners of the suited cards, from the top of each suit down,
/// `bits` per card; word 3 the leader, the restriction, each suit's count and deuce flag,
/// the special cards' owners and the joker holder's voids; words 4–5 which ranks remain,
/// only where absolute ranks matter.
#[derive(Debug, Clone, Copy, Eq)]
pub(crate) struct Key([u64; 6]);

impl PartialEq for Key {
    /// Word by word without branching: the derived comparison calls out to a byte
    /// comparison, which showed up in profiles.
    fn eq(&self, other: &Key) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .fold(0, |diff, (a, b)| diff | (a ^ b))
            == 0
    }
}

impl Key {
    /// A key no position has: a real position's meta word has its restriction field set.
    pub const EMPTY: Key = Key([0; 6]);

    /// A well-mixed hash of the key.
    pub fn hash(&self) -> u64 {
        let mut h = 0u64;
        for word in self.0 {
            h = (h.rotate_left(29) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        h ^ h >> 32
    }
}

/// What the key of a position is computed from.
pub(crate) struct KeyInput<'a> {
    pub hands: &'a [CardSet],
    pub trick: &'a Trick,
    pub restriction: Option<Suit>,
    /// Whether absolute ranks matter (else ranks are renumbered within each suit).
    pub exact_ranks: bool,
    /// Whether a deuce must be told apart from the small card it would otherwise be.
    pub wild_deuces: bool,
    /// The suits the joker's holder has shown out of, where the joker is named.
    pub joker_voids: Option<u8>,
}

/// The key of a position between tricks.
pub(crate) fn key_of(input: &KeyInput) -> Key {
    let players = input.hands.len();
    let bits = usize::BITS - (players - 1).leading_zeros();
    let mut words = [0u64; 6];
    let mut used = 0u32;
    let mut meta =
        input.trick.leader().0 as u64 | (input.restriction.map_or(7, |s| s.index()) as u64) << 3;
    let mut alive_lanes = [0u16; 5];
    for suit in Suit::FIVE_CROWNS {
        let lane = suit.index();
        // The owners' numbers, bit-sliced: slice `b` holds the cards whose owner has bit
        // `b` set, so a card's owner is read off with one shift per bit.
        let mut alive = 0u16;
        let mut slices = [0u16; 3];
        for (p, hand) in input.hands.iter().enumerate() {
            let cards = hand.suit_bits(suit);
            alive |= cards;
            for (b, slice) in slices.iter_mut().enumerate() {
                if p >> b & 1 == 1 {
                    *slice |= cards;
                }
            }
        }
        alive_lanes[lane] = alive;
        meta |= (alive.count_ones() as u64) << (6 + 5 * lane);
        if input.wild_deuces && alive & 1 << 2 != 0 {
            meta |= 1 << (31 + lane);
        }
        // The owners from the top down.
        let mut rest = alive;
        while rest != 0 {
            let top = 15 - rest.leading_zeros();
            rest ^= 1 << top;
            let owner = (slices[0] >> top & 1 | (slices[1] >> top & 1) << 1 | (slices[2] >> top & 1) << 2) as u64;
            let word = (used / 64) as usize;
            let shift = used % 64;
            words[word] |= owner << shift;
            if shift + bits > 64 {
                words[word + 1] |= owner >> (64 - shift);
            }
            used += bits;
        }
    }
    // The special cards: present bit and owner, four bits each.
    for (p, hand) in input.hands.iter().enumerate() {
        let specials = (hand.specials().bits() >> 80) as u64;
        for i in 0..4 {
            if specials & 1 << i != 0 {
                meta |= (8 | p as u64) << (36 + 4 * i);
            }
        }
    }
    if let Some(voids) = input.joker_voids {
        meta |= (voids as u64) << 52;
    }
    words[3] = meta;
    if input.exact_ranks {
        words[4] = alive_lanes[..4]
            .iter()
            .enumerate()
            .fold(0, |w, (i, &a)| w | (a as u64) << (16 * i));
        words[5] = alive_lanes[4] as u64;
    }
    debug_assert!(used <= 192, "the owners fit three words");
    Key(words)
}
