//! The transposition table: bounds on the value of positions at trick boundaries.
//!
//! An entry stores, for one position (its relative-rank key and the leader, plus a small "progress"
//! word for compound bids), a lower and an upper bound on the value the soloist can force from
//! there. Bounds stay valid for every threshold, so the zero-window searches of one solve share
//! them. A generation tag separates solves: a new solve sees an empty table without the memory
//! being cleared (it is cleared only when the 32-bit tag wraps).

/// One packed entry (32 bytes).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Entry {
    lo_key: u64,
    hi_key: u64,
    /// The solve that wrote it; 0 = empty.
    generation: u32,
    extra: u16,
    lo: i16,
    hi: i16,
    leader: u8,
    /// Best card found (relative form), 0xFF = none.
    best: u8,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 32);

const WAYS: usize = 2;

/// One bucket: the entries a key may occupy, in a single cache line (a probe costs one miss).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; WAYS]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub lo: i32,
    pub hi: i32,
    pub best: u8,
}

/// Bounded-memory transposition table.
pub(crate) struct Tt {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u32,
}

/// The key of a position: for each suit, the owners of its live cards from the highest down
/// with each card's role for the goal (`position`), the leader, and a progress word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    pub position: u128,
    pub leader: u8,
    pub extra: u16,
}

impl Key {
    fn lo(&self) -> u64 {
        self.position as u64
    }

    fn hi(&self) -> u64 {
        (self.position >> 64) as u64
    }

    /// A full-width multiply-fold of the two halves (every key bit reaches the bucket
    /// index's low bits).
    fn hash(&self) -> u64 {
        let a = self.lo() ^ 0x9E37_79B9_7F4A_7C15;
        let b = self.hi() ^ u64::from(self.leader) << 62 ^ u64::from(self.extra) << 46;
        let m = u128::from(a) * u128::from(b ^ 0xC2B2_AE3D_27D4_EB4F);
        let h = (m as u64) ^ ((m >> 64) as u64);
        h ^ (h >> 29)
    }

    fn matches(&self, e: &Entry, generation: u32) -> bool {
        e.generation == generation
            && e.leader == self.leader
            && e.lo_key == self.lo()
            && e.hi_key == self.hi()
            && e.extra == self.extra
    }

    /// Cards still in play in an entry (each live card is one non-zero nibble): the entry
    /// with the fewest is the cheapest to recompute.
    fn cards(e: &Entry) -> u32 {
        let nib = |x: u64| ((x | x >> 1 | x >> 2 | x >> 3) & 0x1111_1111_1111_1111).count_ones();
        nib(e.lo_key) + nib(e.hi_key)
    }
}

impl Tt {
    /// A table using at most `bytes` of memory (at least one bucket; rounded down to a power
    /// of two buckets).
    pub fn new(bytes: usize) -> Tt {
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Tt {
            buckets: vec![Bucket::default(); n],
            mask: n - 1,
            generation: 1,
        }
    }

    /// Memory used, in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forget everything (by moving to a new generation).
    pub fn new_generation(&mut self) {
        if self.generation == u32::MAX {
            for b in &mut self.buckets {
                *b = Bucket::default();
            }
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    /// Start loading the bucket of `key` into the cache, so that a [`Tt::probe`] a little
    /// later does not wait for memory (a no-op where the target has no prefetch).
    #[inline]
    pub fn prefetch(&self, key: &Key) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let b: *const Bucket = &raw const self.buckets[key.hash() as usize & self.mask];
            // A bucket is one cache line.
            // SAFETY: prefetching never faults.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(b.cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: &Key) -> Option<Hit> {
        let b = &self.buckets[key.hash() as usize & self.mask].0;
        b.iter()
            .find(|e| key.matches(e, self.generation))
            .map(|e| Hit {
                lo: i32::from(e.lo),
                hi: i32::from(e.hi),
                best: e.best,
            })
    }

    /// Record that the value is `>= bound` (`at_least`) or `< bound`.
    pub fn store(&mut self, key: &Key, bound: i32, at_least: bool, best: u8) {
        let generation = self.generation;
        let b = &mut self.buckets[key.hash() as usize & self.mask].0;
        let bound = bound.clamp(i32::from(i16::MIN) + 1, i32::from(i16::MAX)) as i16;
        let slot = match b.iter().position(|e| key.matches(e, generation)) {
            Some(i) => i,
            None => {
                // Replace a stale entry, else the one with the fewest cards left (the cheapest
                // to recompute).
                let i = b
                    .iter()
                    .position(|e| e.generation != generation)
                    .unwrap_or_else(|| {
                        (0..WAYS)
                            .min_by_key(|&i| Key::cards(&b[i]))
                            .expect("a bucket has entries")
                    });
                b[i] = Entry {
                    lo_key: key.lo(),
                    hi_key: key.hi(),
                    extra: key.extra,
                    lo: i16::MIN,
                    hi: i16::MAX,
                    generation,
                    leader: key.leader,
                    best: 0xFF,
                };
                i
            }
        };
        let e = &mut b[slot];
        if at_least {
            e.lo = e.lo.max(bound);
        } else {
            e.hi = e.hi.min(bound - 1);
        }
        e.best = best;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_accumulate_and_generations_separate_solves() {
        let mut tt = Tt::new(1 << 12);
        let k = Key {
            position: 0x123 << 70 | 0x321,
            leader: 1,
            extra: 0,
        };
        assert!(tt.probe(&k).is_none());
        tt.store(&k, 3, true, 5);
        tt.store(&k, 7, false, 5);
        let h = tt.probe(&k).unwrap();
        assert_eq!((h.lo, h.hi, h.best), (3, 6, 5));
        let other = Key { leader: 2, ..k };
        assert!(tt.probe(&other).is_none());
        tt.new_generation();
        assert!(tt.probe(&k).is_none());
        // Wrapping the tag clears the memory, so an old entry cannot come back.
        tt.generation = u32::MAX - 1;
        tt.store(&k, 3, true, 5);
        tt.new_generation();
        tt.new_generation();
        assert_eq!(tt.generation, 1);
        assert!(tt.probe(&k).is_none());
        tt.generation = u32::MAX - 1;
        assert!(tt.probe(&k).is_none());
        assert!(tt.bytes() <= 1 << 12);
    }
}
