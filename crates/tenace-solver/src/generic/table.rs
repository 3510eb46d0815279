//! The transposition table of the generic search: a flat array of small buckets, sized
//! once from the byte budget, so memory never grows whatever the search does.
//!
//! Each entry holds the exact key of a position at a trick start (see [`super::key`]), a
//! lower and an upper bound on the counted players' tricks from there, and the lead that
//! last proved a bound, which the search tries first when it meets the position again.

use super::key::Key;

/// Entries per bucket: a probe reads one bucket, which fits in a few cache lines.
const BUCKET: usize = 4;

/// No lead recorded.
pub(crate) const NO_HINT: u16 = u16::MAX;

/// One stored position.
#[derive(Debug, Clone, Copy)]
struct Entry {
    key: Key,
    /// The counted players take at least this many of the tricks left...
    lower: u8,
    /// ... and at most this many.
    upper: u8,
    /// Tricks left in the position: a deeper entry saved more work, so it is kept longer.
    left: u8,
    /// The lead that proved the last bound (see `super::moves::hint_of`).
    hint: u16,
}

const EMPTY: Entry = Entry {
    key: Key::EMPTY,
    lower: 0,
    upper: 0,
    left: 0,
    hint: NO_HINT,
};

/// What a probe found.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found {
    pub lower: u8,
    pub upper: u8,
    pub hint: u16,
}

/// The table.
pub(crate) struct Table {
    entries: Vec<Entry>,
    /// Buckets minus one (the count is a power of two).
    mask: usize,
}

impl Table {
    /// A table of at most about `bytes` (at least a few buckets). The array is allocated
    /// on first use, so an idle solver costs nothing.
    pub fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / std::mem::size_of::<Entry>() / BUCKET).max(16);
        // The largest power of two that fits the budget.
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: Vec::new(),
            mask: buckets - 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    fn bucket(&self, key: &Key) -> usize {
        (key.hash() as usize & self.mask) * BUCKET
    }

    /// The bounds stored for `key`, if any.
    pub fn probe(&self, key: &Key) -> Option<Found> {
        if self.entries.is_empty() {
            return None;
        }
        let start = self.bucket(key);
        self.entries[start..start + BUCKET]
            .iter()
            .find(|e| e.key == *key)
            .map(|e| Found {
                lower: e.lower,
                upper: e.upper,
                hint: e.hint,
            })
    }

    /// Narrows the bounds of `key` to `lower..=upper` (a new entry starts from
    /// `0..=left`), with the lead that proved them. A full bucket gives up its entry with
    /// the fewest tricks left.
    pub fn store(&mut self, key: &Key, left: u8, lower: u8, upper: u8, hint: u16) {
        if self.entries.is_empty() {
            self.entries = vec![EMPTY; (self.mask + 1) * BUCKET];
        }
        let start = self.bucket(key);
        let bucket = &mut self.entries[start..start + BUCKET];
        let slot = match bucket.iter().position(|e| e.key == *key) {
            Some(i) => i,
            None => {
                let victim = (0..BUCKET).min_by_key(|&i| bucket[i].left).unwrap_or(0);
                bucket[victim] = Entry {
                    key: *key,
                    lower: 0,
                    upper: left,
                    left,
                    hint: NO_HINT,
                };
                victim
            }
        };
        let entry = &mut bucket[slot];
        entry.lower = entry.lower.max(lower);
        entry.upper = entry.upper.min(upper);
        if hint != NO_HINT {
            entry.hint = hint;
        }
    }
}
