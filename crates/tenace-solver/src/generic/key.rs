//! How the table sees a position at a trick start: its [`Shape`] and its [`Owners`].
//!
//! Partition search (as in the Contract Bridge path): a stored bound holds for every
//! position of the same shape whose owners agree from the top of each suit down to the
//! lowest rank the bound depended on; the cards below it are small cards whose ranks
//! never decided a trick. That needs only the order of ranks within a suit to matter,
//! which holds for every rule set but the colons' (whose groups depend on absolute
//! ranks): there the shape also holds which ranks remain, and every bound depends on
//! every card, so entries are exact.

use tenace_cards::{CardSet, Rank, Suit};
use tenace_rules::trick::Trick;

/// Bits per owner in an owner stream: up to seven players.
pub(crate) const OWNER_BITS: u32 = 3;

/// What every position an entry covers has in common: word 0–2 each hand's length in
/// each suit, 4 bits each; word 3 the leader, the restriction, the special cards' and
/// (where deuces are wild) the deuces' owners, and the joker holder's voids; words 4–5
/// which ranks remain, only where absolute ranks matter.
#[derive(Debug, Clone, Copy, Eq)]
pub(crate) struct Shape([u64; 6]);

impl PartialEq for Shape {
    /// Word by word without branching: the derived comparison calls out to a byte
    /// comparison, which showed up in profiles.
    fn eq(&self, other: &Shape) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .fold(0, |diff, (a, b)| diff | (a ^ b))
            == 0
    }
}

impl Shape {
    /// A well-mixed hash of the shape.
    pub fn hash(&self) -> u64 {
        let mut h = 0u64;
        for word in self.0 {
            h = (h.rotate_left(29) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        h ^ h >> 32
    }
}

/// Each suit's owners from the top card down, [`OWNER_BITS`] per card, the top card in
/// the lowest bits.
pub(crate) type Owners = [u64; 5];

/// What the table view of a position is computed from.
pub(crate) struct ShapeInput<'a> {
    pub hands: &'a [CardSet],
    pub trick: &'a Trick,
    pub restriction: Option<Suit>,
    /// Whether absolute ranks matter.
    pub exact_ranks: bool,
    /// Whether deuces are wild, so a deuce's owner is part of the shape.
    pub wild_deuces: bool,
    /// The suits the joker's holder has shown out of, where the joker is named.
    pub joker_voids: Option<u8>,
}

/// The shape and the owners of a position between tricks.
pub(crate) fn view_of(input: &ShapeInput) -> (Shape, Owners) {
    let players = input.hands.len();
    let mut words = [0u64; 6];
    let mut owners = [0u64; 5];
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
            let at = (lane * players + p) * 4;
            words[at / 64] |= (cards.count_ones() as u64) << (at % 64);
            if input.wild_deuces && cards & 1 << Rank::Two as u8 != 0 {
                meta |= (8 | p as u64) << (22 + 4 * lane);
            }
        }
        alive_lanes[lane] = alive;
        let mut rest = alive;
        let mut at = 0;
        while rest != 0 {
            let top = 15 - rest.leading_zeros();
            rest ^= 1 << top;
            let owner = (slices[0] >> top & 1
                | (slices[1] >> top & 1) << 1
                | (slices[2] >> top & 1) << 2) as u64;
            owners[lane] |= owner << at;
            at += OWNER_BITS;
        }
    }
    // The special cards: present bit and owner, four bits each.
    for (p, hand) in input.hands.iter().enumerate() {
        let specials = (hand.specials().bits() >> 80) as u64;
        for i in 0..4 {
            if specials & 1 << i != 0 {
                meta |= (8 | p as u64) << (6 + 4 * i);
            }
        }
    }
    if let Some(voids) = input.joker_voids {
        meta |= (voids as u64) << 42;
    }
    words[3] = meta;
    if input.exact_ranks {
        words[4] = alive_lanes[..4]
            .iter()
            .enumerate()
            .fold(0, |w, (i, &a)| w | (a as u64) << (16 * i));
        words[5] = alive_lanes[4] as u64;
    }
    (Shape(words), owners)
}

/// The owner-stream mask of a suit's top `depth` cards.
pub(crate) const fn depth_mask(depth: u8) -> u64 {
    (1u64 << (OWNER_BITS * depth as u32)) - 1
}
