//! The transposition table of the Contract Bridge search, with partition search
//! (winning ranks): an entry holds for every position with the same suit lengths in
//! every hand, the same leader, and the same owners of the cards at or above the lowest
//! rank that mattered in each suit; the cards below it are small cards whose ranks
//! never decided a trick.
//!
//! Entries are grouped by the lengths (a hash map of short lists) and the total count is
//! bounded: past it the table starts afresh, so memory stays bounded whatever the search
//! does.

use rustc_hash::FxHashMap;

/// One stored bound, in two words: 32 bytes, two to a cache line. The bounds and the
/// lead hint sit in the spare top bits of the mask's lanes; as fields of their own they
/// made an entry 48 bytes, and scanning a list is bound by memory: the compact entry
/// took a quarter off the simulated cache misses of eight full tables.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The owner bits (as in [`Shape::owners`], one 32-bit lane per suit) that must
    /// match, and in the lanes' spare top bits the bounds and the lead hint: see
    /// [`Entry::lower`], [`Entry::upper`] and [`Entry::best`].
    mask: u128,
    /// The owners those bits must hold.
    owners: u128,
}

/// Where a lane's owner bits end: bits 26 to 31 of each lane are spare.
const OWNER_BITS: u32 = 26;

impl Entry {
    /// North-South take at least this many of the remaining tricks (lane 0's spare
    /// bits)...
    fn lower(&self) -> u8 {
        (self.mask >> OWNER_BITS) as u8 & 15
    }

    /// ... and at most this many (lane 1's).
    fn upper(&self) -> u8 {
        (self.mask >> (32 + OWNER_BITS)) as u8 & 15
    }

    /// The lead that proved the bound (lane 2's spare bits), as suit * 16 + its rank
    /// among the suit's remaining cards counted from the top; [`NO_BEST`] when none.
    fn best(&self) -> u8 {
        match (self.mask >> (64 + OWNER_BITS)) as u8 & 63 {
            NO_HINT => NO_BEST,
            hint => hint,
        }
    }
}

/// No best lead recorded.
pub(crate) const NO_BEST: u8 = 0xff;

/// [`NO_BEST`] in an entry's six bits: suit 3 with 15 cards above it cannot happen.
const NO_HINT: u8 = 63;

/// What a probe found: a bound and the winning ranks it rests on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found {
    /// Whether North-South reach the target.
    pub proved: bool,
    /// How many cards from the top of each suit the bound depends on.
    pub depth: [u8; 4],
}

/// Bytes an entry costs, with the list and map overhead.
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Entry>() + 8;

/// The table.
pub(crate) struct Table {
    /// Keyed by the lengths, hashed by Fx: the keys are the search's own, so they need
    /// no protection from chosen collisions, and SipHash cost a visible share of a probe.
    lists: FxHashMap<u64, Vec<Entry>>,
    entries: usize,
    capacity: usize,
}

/// The position as the table sees it: the length key and each suit's owner bits.
pub(crate) struct Shape {
    pub lengths: u64,
    /// Per suit, bit `i` of the lane is the low bit of the owner of the suit's `i`-th
    /// lowest card in play, and bit `13 + i` its high bit.
    pub owners: [u32; 4],
    pub suit_lengths: [u8; 4],
}

impl Table {
    /// A table using at most about `bytes`.
    pub fn with_bytes(bytes: usize) -> Table {
        Table {
            lists: FxHashMap::default(),
            entries: 0,
            capacity: (bytes / ENTRY_BYTES).max(1024),
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.lists.clear();
        self.entries = 0;
    }

    /// A bound deciding `target`, if one is stored, and else the best lead hint.
    pub fn probe(&self, shape: &Shape, target: u8) -> (Option<Found>, u8) {
        let Some(list) = self.lists.get(&shape.lengths) else {
            return (None, NO_BEST);
        };
        let owners = pack(&shape.owners);
        let mut hint = NO_BEST;
        // Newest first: the latest entry is the likeliest to be probed again.
        for e in list.iter().rev() {
            if owners & e.mask != e.owners {
                continue;
            }
            if e.lower() >= target || e.upper() < target {
                let depth = std::array::from_fn(|s| {
                    let lane = (e.mask >> (32 * s)) as u32 & ((1 << OWNER_BITS) - 1);
                    lane.count_ones() as u8 / 2
                });
                let found = Found {
                    proved: e.lower() >= target,
                    depth,
                };
                return (Some(found), e.best());
            }
            hint = match e.best() {
                NO_BEST => hint,
                best => best,
            };
        }
        (None, hint)
    }

    /// Stores a bound resting on the top `depth[s]` cards of each suit.
    pub fn store(&mut self, shape: &Shape, depth: [u8; 4], lower: u8, upper: u8, best: u8) {
        if self.entries >= self.capacity {
            self.clear();
        }
        let mask: [u32; 4] = std::array::from_fn(|s| {
            let k = u32::from(depth[s]);
            let len = u32::from(shape.suit_lengths[s]);
            let top = ((1u32 << k) - 1) << (len - k);
            top << 13 | top
        });
        let owners = pack(&shape.owners) & pack(&mask);
        // Suit * 16 + at most 12: six bits hold it.
        let hint = if best == NO_BEST { NO_HINT } else { best };
        let bounds = u128::from(lower) << OWNER_BITS
            | u128::from(upper) << (32 + OWNER_BITS)
            | u128::from(hint) << (64 + OWNER_BITS);
        let list = self.lists.entry(shape.lengths).or_default();
        list.push(Entry {
            mask: pack(&mask) | bounds,
            owners,
        });
        self.entries += 1;
    }
}

/// Four suits' 32-bit lanes in one word, clubs lowest: one compare matches them all.
fn pack(lanes: &[u32; 4]) -> u128 {
    lanes
        .iter()
        .rev()
        .fold(0, |packed, &lane| packed << 32 | u128::from(lane))
}

/// The bits of `value` at the set bits of `mask`, packed into the low bits in order
/// (a parallel bit extract): a suit's cards by their rank among the cards in play.
pub(crate) fn compress(value: u16, mask: u16) -> u16 {
    let [low_mask, high_mask] = mask.to_le_bytes();
    let [low, high] = value.to_le_bytes();
    let packed_low = u16::from(COMPRESS_BYTE[low_mask as usize][low as usize]);
    let packed_high = u16::from(COMPRESS_BYTE[high_mask as usize][high as usize]);
    packed_low | packed_high << low_mask.count_ones()
}

/// [`compress`] of one byte, for every mask and value: 64 KiB, built at compile time.
static COMPRESS_BYTE: [[u8; 256]; 256] = compress_table();

const fn compress_table() -> [[u8; 256]; 256] {
    let mut table = [[0u8; 256]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut value = 0;
        while value < 256 {
            let mut packed = 0u8;
            let mut out = 0;
            let mut bit = 0;
            while bit < 8 {
                if mask >> bit & 1 == 1 {
                    packed |= ((value >> bit & 1) as u8) << out;
                    out += 1;
                }
                bit += 1;
            }
            table[mask][value] = packed;
            value += 1;
        }
        mask += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::{NO_BEST, Shape, Table, compress};

    /// Clubs 5 cards, diamonds none, hearts 13, spades 3: each lane holds the low owner
    /// bits from bit 0 and the high ones from bit 13, lowest card first.
    fn shape(club_owners: u32) -> Shape {
        Shape {
            lengths: 7,
            owners: [club_owners, 0, 0x1555 | 0x0aaa << 13, 0b101],
            suit_lengths: [5, 0, 13, 3],
        }
    }

    #[test]
    fn a_bound_comes_back_with_its_depth_and_lead_hint() {
        let mut table = Table::with_bytes(1 << 16);
        let position = shape(0b10110 | 0b01000 << 13);
        table.store(&position, [2, 0, 13, 1], 9, 13, 0x2c);
        let (found, hint) = table.probe(&position, 9);
        let found = found.expect("a lower bound of 9 decides the target 9");
        assert!(found.proved);
        assert_eq!(found.depth, [2, 0, 13, 1]);
        assert_eq!(hint, 0x2c);
        // Nine sure tricks do not answer "ten?", but the lead still comes back.
        assert_eq!(table.probe(&position, 10).0.map(|f| f.proved), None);
        assert_eq!(table.probe(&position, 10).1, 0x2c);
        // An upper bound, with no lead; the newest entry is found first.
        table.store(&position, [0; 4], 0, 4, NO_BEST);
        let (found, hint) = table.probe(&position, 5);
        assert_eq!(found.map(|f| (f.proved, f.depth)), Some((false, [0; 4])));
        assert_eq!(hint, NO_BEST);
    }

    #[test]
    fn only_the_owners_within_the_depth_must_match() {
        let mut table = Table::with_bytes(1 << 16);
        table.store(&shape(0b10110), [2, 0, 0, 0], 6, 13, NO_BEST);
        // The lowest club changes hands: below the depth, the entry still holds.
        assert!(table.probe(&shape(0b10111), 6).0.is_some());
        // The top club changes hands (its high owner bit): the entry no longer holds.
        assert!(table.probe(&shape(0b10110 | 0b10000 << 13), 6).0.is_none());
        // Other lengths are another list.
        let mut other = shape(0b10110);
        other.lengths = 8;
        assert!(table.probe(&other, 6).0.is_none());
    }

    #[test]
    fn compress_packs_the_masked_bits_in_order() {
        assert_eq!(
            compress(0b1010_0000_0000_0101, 0b1110_0000_0000_0111),
            0b101_101
        );
        assert_eq!(compress(0xffff, 0x8001), 0b11);
        assert_eq!(compress(0x00ff, 0xff00), 0);
        for mask in [0u16, 0x1fff, 0x5555, 0x8421] {
            assert_eq!(compress(mask, mask), (1u16 << mask.count_ones()) - 1);
        }
    }
}
