//! The transposition table of the Contract Bridge search: bounds on North-South's
//! tricks for positions at trick boundaries, keyed on relative ranks.
//!
//! A fixed-size array of four-entry buckets, so memory stays bounded whatever the
//! search does. Entries of an earlier strain are told apart by a generation number
//! instead of clearing the array: clearing 64 MiB costs more than a whole small solve.

/// One stored position.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u128,
    /// North-South take at least this many of the remaining tricks.
    lower: u8,
    /// ... and at most this many.
    upper: u8,
    /// The lead that last proved a bound, as suit * 16 + its rank among the suit's
    /// remaining cards counted from the top; 0xff when none.
    best: u8,
    generation: u8,
    /// Tricks left: entries deeper in the deal are cheaper to recompute, so replaced
    /// first.
    tricks_left: u8,
}

/// What a probe found.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    pub lower: u8,
    pub upper: u8,
    pub best: u8,
}

const BUCKET: usize = 4;
/// Bytes per entry (a `u128` key aligns the entry to 32 bytes).
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// The table.
pub(crate) struct Table {
    entries: Vec<Entry>,
    /// Buckets - 1; the bucket count is a power of two.
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table using at most `bytes` (at least one bucket).
    pub fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / (ENTRY_BYTES * BUCKET)).max(1);
        // Round down to a power of two so a mask picks the bucket.
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: vec![Entry::default(); buckets * BUCKET],
            mask: buckets - 1,
            generation: 1,
        }
    }

    /// Forgets every entry (in O(1) unless the generation counter wraps).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    fn bucket(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let hash = folded.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((hash >> 32) as usize & self.mask) * BUCKET
    }

    /// The bounds stored for `key`, if any.
    pub fn probe(&self, key: u128) -> Option<Bounds> {
        let start = self.bucket(key);
        self.entries[start..start + BUCKET]
            .iter()
            .find(|e| e.generation == self.generation && e.key == key)
            .map(|e| Bounds {
                lower: e.lower,
                upper: e.upper,
                best: e.best,
            })
    }

    /// Narrows the bounds of `key` (a new entry starts from `0..=tricks_left`).
    pub fn store(&mut self, key: u128, tricks_left: u8, lower: u8, upper: u8, best: u8) {
        let start = self.bucket(key);
        let generation = self.generation;
        let bucket = &mut self.entries[start..start + BUCKET];
        if let Some(e) = bucket
            .iter_mut()
            .find(|e| e.generation == generation && e.key == key)
        {
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            if best != NO_BEST {
                e.best = best;
            }
            return;
        }
        // An empty slot, else the entry with the fewest tricks left.
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| {
                if e.generation != generation {
                    0
                } else {
                    1 + e.tricks_left as u32
                }
            })
            .expect("a bucket has entries");
        *victim = Entry {
            key,
            lower,
            upper,
            best,
            generation,
            tricks_left,
        };
    }
}

/// No best lead recorded.
pub(crate) const NO_BEST: u8 = 0xff;
