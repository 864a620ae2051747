//! The table itself: one byte per entry.

use std::fmt;

use crate::build::{BuildProgress, Builder};
use crate::memory::Memory;
use crate::{Abstraction, PdbError, index};

/// A pattern database: one byte per entry, the exact abstract distance from
/// the entry's abstract states to the abstract goal.
///
/// Built by [`build`](Self::build), saved and loaded with a checked header
/// by [`save`](Self::save) and [`load`](Self::load), or both through
/// [`load_or_build`](Self::load_or_build).
#[derive(Clone, PartialEq, Eq)]
pub struct PatternTable {
    pub(crate) entries: Memory,
}

impl fmt::Debug for PatternTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Half a gigabyte of entries helps nobody reading a debug print.
        f.debug_struct("PatternTable")
            .field("len", &self.len())
            .field("huge_pages_asked", &self.entries.is_mapped())
            .finish_non_exhaustive()
    }
}

impl PatternTable {
    /// Builds the table of `abstraction` by a breadth-first search backward
    /// from its goals, calling `on_progress` as it goes.
    ///
    /// `on_progress` is called from the worker threads, a few thousand
    /// times over a build (about every 1/1000 of the states and at the end
    /// of every layer), and a last time with
    /// [`finished`](BuildProgress::finished) set; keep it cheap. Pass
    /// `|_| {}` to ignore it.
    ///
    /// # Example
    ///
    /// See [`Abstraction`].
    ///
    /// # Errors
    ///
    /// [`PdbError::TooLarge`] if `state_count` or `entry_count` cannot be
    /// addressed on this platform.
    ///
    /// # Panics
    ///
    /// If the abstraction breaks its contract by returning a rank or an
    /// entry out of range.
    ///
    /// # Complexity
    ///
    /// Time: every reachable abstract state is unranked at most once and
    /// expanded once, each step costs a rank and one or two bit operations,
    /// and every layer scans the three bitmaps (`state_count / 64` words
    /// each). Memory: `3 * state_count / 8 + entry_count` bytes, allocated
    /// up front.
    pub fn build<A, F>(abstraction: &A, on_progress: F) -> Result<Self, PdbError>
    where
        A: Abstraction,
        F: Fn(&BuildProgress) + Sync,
    {
        Ok(Builder::new(abstraction, &on_progress)?.run())
    }

    /// A table holding `entries` (values as [`get`](Self::get) returns
    /// them).
    #[must_use]
    pub fn from_entries(entries: Vec<u8>) -> Self {
        PatternTable {
            entries: Memory::from_vec(entries),
        }
    }

    /// A table of `len` zero entries, in huge pages where they can be had
    /// (as built and loaded tables are), to be filled through
    /// [`as_bytes_mut`](Self::as_bytes_mut): for tables laid out otherwise
    /// than by an abstraction's entries, such as a direct-access copy of
    /// one.
    #[must_use]
    pub fn zeroed(len: usize) -> Self {
        PatternTable {
            entries: Memory::zeroed(len),
        }
    }

    /// The entries, one byte each, to change.
    #[must_use]
    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
        self.entries.as_mut_slice()
    }

    /// The value of `entry`: the abstract distance, saturated at
    /// [`MAX_DISTANCE`](crate::MAX_DISTANCE), or
    /// [`UNREACHED`](crate::UNREACHED).
    ///
    /// # Panics
    ///
    /// If `entry` is not below [`len`](Self::len).
    #[must_use]
    #[inline]
    pub fn get(&self, entry: u64) -> u8 {
        self.entries.as_slice()[index(entry)]
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.as_slice().len()
    }

    /// Whether the table has no entries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.as_slice().is_empty()
    }

    /// The entries, one byte each.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.entries.as_slice()
    }

    /// How many entries hold each value: `histogram()[v]` entries hold `v`.
    #[must_use]
    pub fn histogram(&self) -> [u64; 256] {
        let mut counts = [0u64; 256];
        for &value in self.entries.as_slice() {
            counts[usize::from(value)] += 1;
        }
        counts
    }
}
