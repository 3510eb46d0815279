//! The transposition table of the Contract Bridge search, with partition search
//! (winning ranks): an entry holds for every position with the same suit lengths in
//! every hand, the same leader, and the same owners of the cards at or above the lowest
//! rank that mattered in each suit; the cards below it are small cards whose ranks
//! never decided a trick.
//!
//! Entries are grouped by the lengths (a hash map of short lists) and the total count is
//! bounded: past it the table starts afresh, so memory stays bounded whatever the search
//! does.

use std::collections::HashMap;

/// One stored bound.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Per suit, the owner bits (2 per card, top card highest) that must match.
    mask: [u32; 4],
    /// The owners those bits must hold.
    owners: [u32; 4],
    /// North-South take at least this many of the remaining tricks...
    lower: u8,
    /// ... and at most this many.
    upper: u8,
    /// The lead that proved the bound, as suit * 16 + its rank among the suit's
    /// remaining cards counted from the top; [`NO_BEST`] when none.
    best: u8,
}

/// No best lead recorded.
pub(crate) const NO_BEST: u8 = 0xff;

/// What a probe found: a bound, the winning ranks it rests on, and a lead hint.
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
    lists: HashMap<u64, Vec<Entry>>,
    entries: usize,
    capacity: usize,
}

/// The position as the table sees it: the length key and each suit's owner bits.
pub(crate) struct Shape {
    pub lengths: u64,
    pub owners: [u32; 4],
    pub suit_lengths: [u8; 4],
}

impl Table {
    /// A table using at most about `bytes`.
    pub fn with_bytes(bytes: usize) -> Table {
        Table {
            lists: HashMap::new(),
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
        let mut hint = NO_BEST;
        for e in list.iter().rev() {
            if (0..4).all(|s| shape.owners[s] & e.mask[s] == e.owners[s]) {
                if e.lower >= target || e.upper < target {
                    let depth = std::array::from_fn(|s| (e.mask[s].count_ones() / 2) as u8);
                    return (
                        Some(Found {
                            proved: e.lower >= target,
                            depth,
                        }),
                        e.best,
                    );
                }
                if e.best != NO_BEST {
                    hint = e.best;
                }
            }
        }
        (None, hint)
    }

    /// Stores a bound resting on the top `depth[s]` cards of each suit.
    pub fn store(&mut self, shape: &Shape, depth: [u8; 4], lower: u8, upper: u8, best: u8) {
        if self.entries >= self.capacity {
            self.clear();
        }
        let mask: [u32; 4] = std::array::from_fn(|s| {
            let k = depth[s] as u32;
            let len = shape.suit_lengths[s] as u32;
            (((1u64 << (2 * k)) - 1) as u32) << (2 * (len - k))
        });
        let owners = std::array::from_fn(|s| shape.owners[s] & mask[s]);
        let list = self.lists.entry(shape.lengths).or_default();
        // Probed newest first: the latest entry is the likeliest to be probed again.
        list.push(Entry {
            mask,
            owners,
            lower,
            upper,
            best,
        });
        self.entries += 1;
    }
}
