//! Where a table's bytes live: large tables in memory the kernel is asked
//! to back with huge pages.
//!
//! A search looks a table up at random, one cache miss per lookup, and
//! with 4 KiB pages most lookups in a table of hundreds of megabytes also
//! miss the TLB and walk the page tables. 2 MiB pages cover the 7-8
//! databases' 577 MB with 276 TLB entries, and loading one faults in 276
//! pages instead of 141,000. Linux gives anonymous memory huge pages only
//! when asked (`transparent_hugepage` set to `madvise`, the usual
//! default), so tables of at least [`HUGE`] bytes are anonymous mappings
//! advised `MADV_HUGEPAGE` (`memmap2`'s safe `map_anon` and `advise`);
//! where mapping or the advice fails, or elsewhere than Linux, they are
//! ordinary vectors with the same contents.

use std::fmt;

use memmap2::MmapMut;

/// Tables below this size stay ordinary vectors: a huge page is 2 MiB.
pub(crate) const HUGE: usize = 2 << 20;

/// A table's bytes.
pub(crate) enum Memory {
    /// An ordinary allocation.
    Heap(Vec<u8>),
    /// An anonymous mapping advised to use huge pages.
    Mapped(MmapMut),
}

impl Memory {
    /// `len` zero bytes, in huge pages where they can be had.
    pub(crate) fn zeroed(len: usize) -> Memory {
        if len >= HUGE
            && let Some(map) = huge_mapping(len)
        {
            return Memory::Mapped(map);
        }
        Memory::Heap(vec![0; len])
    }

    /// The bytes of `entries`, moved to huge pages if they are many.
    pub(crate) fn from_vec(entries: Vec<u8>) -> Memory {
        if entries.len() >= HUGE
            && let Some(mut map) = huge_mapping(entries.len())
        {
            map.copy_from_slice(&entries);
            return Memory::Mapped(map);
        }
        Memory::Heap(entries)
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[u8] {
        match self {
            Memory::Heap(bytes) => bytes,
            Memory::Mapped(map) => map,
        }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [u8] {
        match self {
            Memory::Heap(bytes) => bytes,
            Memory::Mapped(map) => map,
        }
    }

    /// Whether the bytes are in a mapping advised to use huge pages.
    pub(crate) fn is_mapped(&self) -> bool {
        matches!(self, Memory::Mapped(_))
    }
}

/// A zeroed anonymous mapping of `len` bytes advised to use huge pages,
/// or `None` where that cannot be had.
fn huge_mapping(len: usize) -> Option<MmapMut> {
    #[cfg(target_os = "linux")]
    {
        let map = MmapMut::map_anon(len).ok()?;
        // Advice only: without huge pages the mapping still works.
        let _ = map.advise(memmap2::Advice::HugePage);
        Some(map)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = len;
        None
    }
}

impl Clone for Memory {
    fn clone(&self) -> Self {
        match self {
            Memory::Heap(bytes) => Memory::Heap(bytes.clone()),
            Memory::Mapped(map) => Memory::from_vec(map.to_vec()),
        }
    }
}

impl PartialEq for Memory {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Memory {}

impl fmt::Debug for Memory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Memory")
            .field("len", &self.as_slice().len())
            .field("mapped", &self.is_mapped())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_tables_hold_what_they_were_given() {
        for len in [0, 5, HUGE - 1, HUGE, HUGE + 12_345] {
            let bytes: Vec<u8> = (0..len).map(|i| u8::try_from(i % 251).unwrap()).collect();
            let moved = Memory::from_vec(bytes.clone());
            assert_eq!(moved.as_slice(), &bytes[..]);
            assert_eq!(moved.clone(), moved);
            let mut zeroed = Memory::zeroed(len);
            assert_eq!(zeroed.as_slice().len(), len);
            assert!(zeroed.as_slice().iter().all(|&b| b == 0));
            zeroed.as_mut_slice().copy_from_slice(&bytes);
            assert_eq!(zeroed, moved);
            if cfg!(target_os = "linux") {
                assert_eq!(zeroed.is_mapped(), len >= HUGE, "{len}");
            }
        }
    }
}
