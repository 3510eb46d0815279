//! The cutoff cache of the generic search: per hashed leader's hand, the lead that last
//! proved a bound from it (the Contract Bridge path's idea, see `crate::bridge`).
//!
//! Positions that differ only in the other hands are usually refuted by the same lead,
//! so it gets a bonus in the next lead order from that hand. A collision costs only
//! order: the cached move is used only when it is in the node's own list of moves.

use tenace_cards::CardSet;

use super::GenericSearch;
use super::moves::Move;

/// Slots of the cache (a power of two): 128 KiB of moves.
const SLOTS: usize = 1 << 16;

/// No move cached.
pub(crate) const NO_MOVE: u16 = u16::MAX;

/// The cache itself.
pub(crate) struct Cutoffs {
    moves: Vec<u16>,
}

impl Cutoffs {
    /// An empty cache, allocated on first use.
    pub fn new() -> Cutoffs {
        Cutoffs { moves: Vec::new() }
    }

    /// Forgets every move.
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// The move stored at `slot`, or [`NO_MOVE`].
    pub fn get(&self, slot: usize) -> u16 {
        self.moves.get(slot).copied().unwrap_or(NO_MOVE)
    }

    /// Stores `m` at `slot`, over whatever was there.
    pub fn set(&mut self, slot: usize, m: Move) {
        if self.moves.is_empty() {
            self.moves = vec![NO_MOVE; SLOTS];
        }
        self.moves[slot] = encode(m);
    }
}

/// A move in 16 bits: the card's index, and the suit a named joker takes plus one.
pub(crate) fn encode((card, named): Move) -> u16 {
    u16::from(card.index()) | named.map_or(0, |s| s.index() as u16 + 1) << 8
}

/// A card set folded to 64 bits.
fn fold(cards: CardSet) -> u64 {
    let bits = cards.bits();
    bits as u64 ^ ((bits >> 64) as u64).rotate_left(23)
}

/// A 64-bit situation key folded to a slot.
fn slot_of(key: u64) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 48) as usize & (SLOTS - 1)
}

impl GenericSearch {
    /// The slot of the leader: its whole hand.
    pub(crate) fn lead_slot(&self) -> usize {
        let leader = self.trick.leader();
        slot_of(fold(self.hands[leader.index()]) ^ u64::from(leader.0) << 56)
    }
}
