//! The transposition table of the generic search, in two flat arrays sized once from
//! the byte budget, so memory never grows whatever the search does.
//!
//! An entry holds how many cards from the top of each suit its bound depended on and
//! their owners (partition search, see [`super::key`]), a lower and an upper bound on the
//! counted players' tricks, and the lead that last proved a bound, which the search
//! tries first when it meets a matching position again.
//!
//! Many entries share a [`Shape`] (they differ in owners and depths), so entries are not
//! placed by hash: they fill buckets of one shape each, stored once per bucket, the
//! buckets are taken in turn from a ring, and each hash slot heads a chain of the
//! buckets whose shape hashes there, newest first (a bucket's entries lie together, so a
//! chain is read a few cache lines at a time). Once the ring is full, a clock hand picks
//! the bucket to reuse, sparing for a while those of many tricks left (their entries
//! saved the most work); every bucket carries a serial number and every link the serial
//! it expects, so a chain ends where its next bucket has been reused. An entry's owners
//! are packed: only the cards its depths cover, suit after suit.

use super::key::{Owners, Shape, depth_mask};

/// No lead recorded.
pub(crate) const NO_HINT: u16 = u16::MAX;

/// Buckets read at most per probe: a chain of one hot shape can grow long, and its old
/// entries are the least likely to match.
const MAX_CHAIN: usize = 64;

/// Entries per bucket.
const BUCKET: usize = 6;

/// A link to a bucket: its index in the ring and the serial it must still have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Link {
    index: u32,
    serial: u32,
}

/// No bucket: serial 0 is never written.
const NO_LINK: Link = Link {
    index: 0,
    serial: 0,
};

/// The owners of the cards an entry's depths cover: each suit's owner stream cut to its
/// top `depth` cards. Kept suit by suit rather than packed tight, so a probe compares an
/// entry with five masked words (packing each entry's view of the probe showed up in
/// profiles).
type Packed = [u64; 5];

/// Each suit's owners cut to its top `depth` cards.
fn pack(owners: &Owners, depth: &[u8; 5]) -> Packed {
    std::array::from_fn(|suit| owners[suit] & depth_mask(depth[suit]))
}

/// Whether the owners of a position agree with an entry's down to its depths.
fn agrees(owners: &Owners, entry: &Entry) -> bool {
    (0..5).fold(0, |diff, suit| {
        diff | ((owners[suit] & depth_mask(entry.depth[suit])) ^ entry.owners[suit])
    }) == 0
}

/// One stored bound.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The owners of the cards `depth` covers.
    owners: Packed,
    /// Per suit, how many cards from the top the bound depends on.
    depth: [u8; 5],
    /// The counted players take at least this many of the tricks left...
    lower: u8,
    /// ... and at most this many.
    upper: u8,
    /// The lead that proved the bound (see `super::moves`).
    hint: u16,
}

/// Entries of one shape, oldest first.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    shape: Shape,
    entries: [Entry; BUCKET],
    len: u8,
    /// Sweeps of the clock the bucket survives still: a bucket of many tricks left saved
    /// much work, so it starts with more.
    credit: u8,
    /// When the bucket was taken, counting from 1.
    serial: u32,
    /// The next older bucket of the chain.
    next: Link,
}

const NO_ENTRY: Entry = Entry {
    owners: [0; 5],
    depth: [0; 5],
    lower: 0,
    upper: 0,
    hint: NO_HINT,
};

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
    /// The clock hand: where the search for the next bucket to reuse starts.
    hand: usize,
}

/// Buckets the clock hand looks at, at most, to find one to reuse.
const SWEEP: usize = 8;

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
            hand: 0,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.ring.clear();
        self.heads.clear();
        self.serial = 0;
        self.hand = 0;
    }

    /// The next bucket to take: a fresh one while the ring fills, then the first the
    /// clock hand finds out of credit (each one passed loses one), or the one with the
    /// least credit among those it looked at.
    fn victim(&mut self) -> usize {
        if self.ring.len() < self.capacity {
            return self.ring.len();
        }
        let mut victim = self.hand;
        let mut least = u8::MAX;
        for step in 0..SWEEP {
            let i = (self.hand + step) % self.capacity;
            let credit = self.ring[i].credit;
            if credit < least {
                least = credit;
                victim = i;
            }
            if credit == 0 {
                break;
            }
            self.ring[i].credit -= 1;
        }
        self.hand = (victim + 1) % self.capacity;
        victim
    }

    fn head(&self, shape: &Shape) -> usize {
        shape.hash() as usize & (self.heads.len() - 1)
    }

    /// The buckets of `shape`, by index, newest first.
    fn chain<'a>(&'a self, shape: &'a Shape) -> impl Iterator<Item = usize> + 'a {
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
        .filter(move |&b| self.ring[b].shape == *shape)
    }

    /// A bound deciding `target` for this position, if one is stored, and a lead hint.
    pub fn probe(&self, shape: &Shape, owners: &Owners, target: u8) -> Found {
        let mut found = Found {
            decided: None,
            hint: NO_HINT,
        };
        for b in self.chain(shape) {
            let bucket = &self.ring[b];
            for e in bucket.entries[..bucket.len as usize].iter().rev() {
                if !agrees(owners, e) {
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
        left: u8,
        (lower, upper): (u8, u8),
        hint: u16,
    ) {
        let (shape, owners) = view;
        if self.heads.is_empty() {
            self.heads = vec![NO_LINK; self.capacity * 2];
            self.ring.reserve_exact(self.capacity);
        }
        let packed = pack(owners, &depth);
        // The same positions stored before (another target's bound): narrow them, so
        // chains hold no duplicates.
        let mut same = None;
        for b in self.chain(shape) {
            let bucket = &self.ring[b];
            if let Some(i) = bucket.entries[..bucket.len as usize]
                .iter()
                .position(|e| e.depth == depth && e.owners == packed)
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
            owners: packed,
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
            && bucket.shape == *shape
            && (bucket.len as usize) < BUCKET
        {
            bucket.entries[bucket.len as usize] = entry;
            bucket.len += 1;
            return;
        }
        if self.serial == u32::MAX {
            self.clear();
            return self.store(view, depth, left, (lower, upper), hint);
        }
        self.serial += 1;
        let index = self.victim();
        let mut bucket = Bucket {
            shape: *shape,
            entries: [NO_ENTRY; BUCKET],
            len: 1,
            credit: left.saturating_sub(2),
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
