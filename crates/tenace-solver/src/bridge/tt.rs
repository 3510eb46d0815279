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
/// lead hint sit in the top bits of the mask, above the owner bits; as fields of their
/// own they made an entry 48 bytes, and scanning a list is bound by memory: the compact
/// entry took a quarter off the simulated cache misses of eight full tables.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The owner bits (as in [`Shape::owners`]) that must match, and in the top bits the
    /// bounds and the lead hint: see [`Entry::lower`], [`Entry::upper`] and
    /// [`Entry::best`].
    mask: u128,
    /// The owners those bits must hold.
    owners: u128,
}

/// Where the owner bits end: two bits a card in play, at most 56 cards (Five Crowns).
const OWNER_BITS: u32 = 112;

/// The owner bits of a mask.
const OWNER_MASK: u128 = (1 << OWNER_BITS) - 1;

/// Where the lower bound, the upper bound and the lead hint sit in a mask.
const LOWER_AT: u32 = 114;
const UPPER_AT: u32 = 118;
const HINT_AT: u32 = 122;

impl Entry {
    /// North-South take at least this many of the remaining tricks...
    fn lower(&self) -> u8 {
        (self.mask >> LOWER_AT) as u8 & 15
    }

    /// ... and at most this many.
    fn upper(&self) -> u8 {
        (self.mask >> UPPER_AT) as u8 & 15
    }

    /// The lead that proved the bound, as a card index of the layout whose rank is its
    /// rank among the suit's remaining cards counted from the top; [`NO_BEST`] when
    /// none.
    fn best(&self) -> u8 {
        match (self.mask >> HINT_AT) as u8 & 63 {
            NO_HINT => NO_BEST,
            hint => hint,
        }
    }
}

/// No best lead recorded.
pub(crate) const NO_BEST: u8 = 0xff;

/// [`NO_BEST`] in an entry's six bits: no hint reaches it (four suits: suit 3 with 15
/// cards above it; five: suit 4 with 15).
const NO_HINT: u8 = 63;

/// What a probe found: a bound and the winning ranks it rests on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found<const S: usize> {
    /// Whether North-South reach the target.
    pub proved: bool,
    /// How many cards from the top of each suit the bound depends on.
    pub depth: [u8; S],
}

/// Bytes an entry costs, with the list and map overhead.
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Entry>() + 8;

/// Lists of one joker code (none, the unwinnable joker's holder or the suit it barred,
/// or the named joker's holder and the suits it may not be named as: 129 in all), one
/// leader and one count of tricks left: see [`Shape::bucket`]. The lists are made as
/// the first entry of a bucket comes, so a Contract Bridge table, whose joker code is
/// always 0, holds the first 64 only.
const BUCKETS: usize = 129 * 4 * 16;

/// The table.
pub(crate) struct Table {
    /// Per bucket, keyed by the lengths, hashed by Fx: the keys are the search's own, so
    /// they need no protection from chosen collisions, and SipHash cost a visible share
    /// of a probe. Grown to the highest bucket stored.
    lists: Vec<FxHashMap<u64, Vec<Entry>>>,
    entries: usize,
    capacity: usize,
}

/// The position as the table sees it: the bucket and length key that pick its list,
/// and the owners of its cards.
pub(crate) struct Shape<const S: usize> {
    /// The Five Crowns no-trump joker's share (`BridgeSearch::joker_code`), the leader
    /// and the tricks left ((joker code * 4 + leader) * 16 + tricks): kept out of the
    /// length key so that five suits' lengths fit its 64 bits.
    pub bucket: usize,
    /// Every hand's suit lengths (and under wild deuces, who holds each deuce).
    pub lengths: u64,
    /// Suit by suit from clubs, each suit in `2 * length` bits: the low bit of the owner
    /// of each card in play, lowest card first, then the high bits.
    pub owners: u128,
    pub suit_lengths: [u8; S],
}

impl<const S: usize> Shape<S> {
    /// The shape with each suit's owner bits: `low[s]` and `high[s]` hold the low and
    /// high bits of the owners of the suit's cards in play, lowest card first (see
    /// [`compress`]), `suit_lengths[s]` of them.
    pub fn new(
        bucket: usize,
        lengths: u64,
        suit_lengths: [u8; S],
        low: [u16; S],
        high: [u16; S],
    ) -> Shape<S> {
        let mut owners = 0u128;
        for s in (0..S).rev() {
            let len = u32::from(suit_lengths[s]);
            owners = owners << (2 * len) | u128::from(high[s]) << len | u128::from(low[s]);
        }
        Shape {
            bucket,
            lengths,
            owners,
            suit_lengths,
        }
    }

    /// Where each suit's owner bits start in [`Shape::owners`].
    fn offsets(&self) -> [u32; S] {
        let mut at = 0;
        std::array::from_fn(|s| {
            let here = at;
            at += 2 * u32::from(self.suit_lengths[s]);
            here
        })
    }
}

impl Table {
    /// A table using at most about `bytes`.
    pub fn with_bytes(bytes: usize) -> Table {
        Table {
            lists: Vec::new(),
            entries: 0,
            capacity: (bytes / ENTRY_BYTES).max(1024),
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        if self.entries > 0 {
            self.lists.iter_mut().for_each(FxHashMap::clear);
        }
        self.entries = 0;
    }

    /// A bound deciding `target`, if one is stored, and else the best lead hint.
    pub fn probe<const S: usize>(&self, shape: &Shape<S>, target: u8) -> (Option<Found<S>>, u8) {
        let Some(list) = self
            .lists
            .get(shape.bucket)
            .and_then(|lists| lists.get(&shape.lengths))
        else {
            return (None, NO_BEST);
        };
        let mut hint = NO_BEST;
        // Newest first: the latest entry is the likeliest to be probed again.
        for e in list.iter().rev() {
            if shape.owners & e.mask != e.owners {
                continue;
            }
            if e.lower() >= target || e.upper() < target {
                let offsets = shape.offsets();
                let depth = std::array::from_fn(|s| {
                    let width = 2 * u32::from(shape.suit_lengths[s]);
                    let lane = (e.mask & OWNER_MASK) >> offsets[s] & ((1 << width) - 1);
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
    pub fn store<const S: usize>(
        &mut self,
        shape: &Shape<S>,
        depth: [u8; S],
        lower: u8,
        upper: u8,
        best: u8,
    ) {
        if self.entries >= self.capacity {
            self.clear();
        }
        let offsets = shape.offsets();
        let mask = (0..S).fold(0u128, |mask, s| {
            let k = u32::from(depth[s]);
            let len = u32::from(shape.suit_lengths[s]);
            let top = ((1u128 << k) - 1) << (len - k);
            mask | (top << len | top) << offsets[s]
        });
        let owners = shape.owners & mask;
        let hint = if best == NO_BEST { NO_HINT } else { best };
        let bounds = u128::from(lower) << LOWER_AT
            | u128::from(upper) << UPPER_AT
            | u128::from(hint) << HINT_AT;
        debug_assert!(shape.bucket < BUCKETS, "bucket {}", shape.bucket);
        if self.lists.len() <= shape.bucket {
            self.lists.resize_with(shape.bucket + 1, FxHashMap::default);
        }
        let list = self.lists[shape.bucket].entry(shape.lengths).or_default();
        list.push(Entry {
            mask: mask | bounds,
            owners,
        });
        self.entries += 1;
    }
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

    /// Clubs 5 cards, diamonds none, hearts 13, spades 3: the clubs' owners given by
    /// their low and high bits, lowest card first.
    fn shape(club_low: u16, club_high: u16) -> Shape<4> {
        Shape::new(
            7,
            9,
            [5, 0, 13, 3],
            [club_low, 0, 0x1555, 0b101],
            [club_high, 0, 0x0aaa, 0],
        )
    }

    #[test]
    fn a_bound_comes_back_with_its_depth_and_lead_hint() {
        let mut table = Table::with_bytes(1 << 16);
        let position = shape(0b10110, 0b01000);
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
        table.store(&shape(0b10110, 0), [2, 0, 0, 0], 6, 13, NO_BEST);
        // The lowest club changes hands: below the depth, the entry still holds.
        assert!(table.probe(&shape(0b10111, 0), 6).0.is_some());
        // The top club changes hands (its high owner bit): the entry no longer holds.
        assert!(table.probe(&shape(0b10110, 0b10000), 6).0.is_none());
        // Other lengths are another list, and so is another leader or trick count.
        let mut other = shape(0b10110, 0);
        other.lengths = 8;
        assert!(table.probe(&other, 6).0.is_none());
        let mut other = shape(0b10110, 0);
        other.bucket = 8;
        assert!(table.probe(&other, 6).0.is_none());
    }

    /// Five suits of Five Crowns, 56 cards: every suit's owners and depth stay apart,
    /// the last suit's included.
    #[test]
    fn five_full_suits_keep_their_owners_apart() {
        let mut table = Table::with_bytes(1 << 16);
        let lengths = [11, 11, 12, 11, 11];
        let low = [0x555, 0x2aa, 0xf0f, 0x0ff, 0x7ff];
        let high = [0x0f0, 0x3c3, 0x00f, 0x555, 0x400];
        let position = Shape::new(3, u64::MAX, lengths, low, high);
        table.store(&position, [1, 0, 12, 2, 11], 3, 14, 59);
        let (found, hint) = table.probe(&position, 3);
        assert_eq!(found.map(|f| f.depth), Some([1, 0, 12, 2, 11]));
        assert_eq!(hint, 59);
        // The top star (the fifth suit's highest card) changes hands: no match.
        let mut moved = high;
        moved[4] ^= 0x400;
        let other = Shape::new(3, u64::MAX, lengths, low, moved);
        assert!(table.probe(&other, 3).0.is_none());
        // Its lowest card, below the depth of 11 of 11? Every card counts there; the
        // second suit's, at depth 0, does not.
        let mut moved = low;
        moved[1] ^= 1;
        let other = Shape::new(3, u64::MAX, lengths, moved, high);
        assert!(table.probe(&other, 3).0.is_some());
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
