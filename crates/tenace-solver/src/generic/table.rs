//! The transposition table of the generic search, in two flat arrays sized once from
//! the byte budget, so memory never grows whatever the search does.
//!
//! An entry holds a [`Shape`], how many cards from the top of each suit its bound
//! depended on and their owners (partition search, see [`super::key`]), a lower and an
//! upper bound on the counted players' tricks, and the lead that last proved a bound,
//! which the search tries first when it meets a matching position again.
//!
//! Many entries share a shape (they differ in owners and depths), so entries are not
//! placed by hash: they fill buckets of a few entries, the buckets are taken in turn from
//! a ring, and each hash slot heads a chain of the buckets whose shape hashes there,
//! newest first (a bucket's entries lie together, so a chain is read a few cache lines
//! at a time). When the ring comes round, the oldest bucket is reused; every bucket
//! carries a serial number and every link the serial it expects, so a chain ends where
//! its next bucket has been reused.

use super::key::{Owners, Shape, depth_mask};

/// No lead recorded.
pub(crate) const NO_HINT: u16 = u16::MAX;

/// Buckets read at most per probe: a chain of one hot shape can grow long, and its old
/// entries are the least likely to match.
const MAX_CHAIN: usize = 24;

/// Entries per bucket.
const BUCKET: usize = 4;

/// A link to a bucket: its index in the ring and the serial it must still have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Link {
    index: u32,
    serial: u32,
}

/// No entry: serial 0 is never written.
const NO_LINK: Link = Link {
    index: 0,
    serial: 0,
};

/// One stored bound.
#[derive(Debug, Clone, Copy)]
struct Entry {
    shape: Shape,
    /// Per suit, the owners of the top `depth` cards.
    owners: Owners,
    depth: [u8; 5],
    /// The counted players take at least this many of the tricks left...
    lower: u8,
    /// ... and at most this many.
    upper: u8,
    /// The lead that proved the bound (see `super::moves`).
    hint: u16,
}

/// Entries whose shapes hash to one chain, oldest first.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    entries: [Entry; BUCKET],
    len: usize,
    /// When the bucket was taken, counting from 1.
    serial: u32,
    /// The next older bucket of the chain.
    next: Link,
}

const NO_ENTRY: Entry = Entry {
    shape: Shape::EMPTY,
    owners: [0; 5],
    depth: [0; 5],
    lower: 0,
    upper: 0,
    hint: NO_HINT,
};

impl Entry {
    fn covers(&self, shape: &Shape, owners: &Owners) -> bool {
        self.shape == *shape
            && (0..5).all(|s| owners[s] & depth_mask(self.depth[s]) == self.owners[s])
    }
}

/// What a probe found.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found {
    /// A bound that decides the target, and the depths it rests on.
    pub decided: Option<(bool, [u8; 5])>,
    /// A lead to try first.
    pub hint: u16,
}

/// The table.
pub(crate) struct Table {
    ring: Vec<Bucket>,
    heads: Vec<Link>,
    /// Buckets in the ring, once allocated.
    capacity: usize,
    /// The serial of the last bucket taken.
    serial: u32,
}

impl Table {
    /// A table of at most about `bytes` (at least a few hundred entries). The arrays are
    /// allocated on first use, so an idle solver costs nothing.
    pub fn with_bytes(bytes: usize) -> Table {
        // Two heads per bucket keep chains of different shapes apart.
        let per_bucket = std::mem::size_of::<Bucket>() + 2 * std::mem::size_of::<Link>();
        let wanted = (bytes / per_bucket).max(64);
        // A power of two, so a hash picks a head with a mask.
        let capacity = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            ring: Vec::new(),
            heads: Vec::new(),
            capacity,
            serial: 0,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.ring.clear();
        self.heads.clear();
        self.serial = 0;
    }

    fn head(&self, shape: &Shape) -> usize {
        shape.hash() as usize & (self.heads.len() - 1)
    }

    /// The buckets of the chain `shape` hashes to, by index, newest first.
    fn chain(&self, shape: &Shape) -> impl Iterator<Item = usize> + '_ {
        let mut link = if self.heads.is_empty() {
            NO_LINK
        } else {
            self.heads[self.head(shape)]
        };
        std::iter::from_fn(move || {
            let bucket = self.ring.get(link.index as usize)?;
            if link.serial == 0 || bucket.serial != link.serial {
                return None;
            }
            let index = link.index as usize;
            link = bucket.next;
            Some(index)
        })
        .take(MAX_CHAIN)
    }

    /// A bound deciding `target` for this position, if one is stored, and a lead hint.
    pub fn probe(&self, shape: &Shape, owners: &Owners, target: u8) -> Found {
        let mut found = Found {
            decided: None,
            hint: NO_HINT,
        };
        for b in self.chain(shape) {
            let bucket = &self.ring[b];
            for e in bucket.entries[..bucket.len].iter().rev() {
                if !e.covers(shape, owners) {
                    continue;
                }
                if e.lower >= target || e.upper < target {
                    found.decided = Some((e.lower >= target, e.depth));
                    return found;
                }
                if found.hint == NO_HINT {
                    found.hint = e.hint;
                }
            }
        }
        found
    }

    /// Stores the bounds `lower..=upper` of every position of this shape whose owners
    /// agree down to `depth` cards in each suit, with the lead that proved them.
    pub fn store(
        &mut self,
        view: (&Shape, &Owners),
        depth: [u8; 5],
        (lower, upper): (u8, u8),
        hint: u16,
    ) {
        let (shape, owners) = view;
        if self.heads.is_empty() {
            self.heads = vec![NO_LINK; self.capacity * 2];
            self.ring.reserve_exact(self.capacity);
        }
        let masked: Owners = std::array::from_fn(|s| owners[s] & depth_mask(depth[s]));
        // The same positions stored before (another target's bound): narrow them, so
        // chains hold no duplicates.
        let mut same = None;
        for b in self.chain(shape) {
            let bucket = &self.ring[b];
            if let Some(i) = bucket.entries[..bucket.len]
                .iter()
                .position(|e| e.shape == *shape && e.depth == depth && e.owners == masked)
            {
                same = Some((b, i));
                break;
            }
        }
        if let Some((b, i)) = same {
            let entry = &mut self.ring[b].entries[i];
            entry.lower = entry.lower.max(lower);
            entry.upper = entry.upper.min(upper);
            if hint != NO_HINT {
                entry.hint = hint;
            }
            return;
        }
        let entry = Entry {
            shape: *shape,
            owners: masked,
            depth,
            lower,
            upper,
            hint,
        };
        let head = self.head(shape);
        let link = self.heads[head];
        if let Some(bucket) = self.ring.get_mut(link.index as usize)
            && link.serial != 0
            && bucket.serial == link.serial
            && bucket.len < BUCKET
        {
            bucket.entries[bucket.len] = entry;
            bucket.len += 1;
            return;
        }
        if self.serial == u32::MAX {
            self.clear();
            return self.store(view, depth, (lower, upper), hint);
        }
        self.serial += 1;
        let index = (self.serial as usize - 1) % self.capacity;
        let mut bucket = Bucket {
            entries: [NO_ENTRY; BUCKET],
            len: 1,
            serial: self.serial,
            next: link,
        };
        bucket.entries[0] = entry;
        if index == self.ring.len() {
            self.ring.push(bucket);
        } else {
            self.ring[index] = bucket;
        }
        self.heads[head] = Link {
            index: index as u32,
            serial: self.serial,
        };
    }
}
