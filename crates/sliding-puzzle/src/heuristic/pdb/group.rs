//! One group's table in a database: opened from the cache or built, and
//! looked up for a board and its reflection.

use std::path::Path;

use pattern_db::{BuildProgress, CacheStatus, PatternTable};

use super::PatternError;
use super::reflection::transpose;
use super::space::PatternSpace;

/// Where one group's table comes from, in a
/// [`PatternDatabase`](super::PatternDatabase).
#[derive(Debug)]
pub struct PatternGroup<const W: usize, const H: usize> {
    pub(super) space: PatternSpace<W, H>,
    table: PatternTable,
    /// `mirrored[i]`: the tile whose reflection is the group's `i`-th tile
    /// (reflection swaps tiles in pairs, so also its reflection).
    pub(super) mirrored: Vec<u8>,
    status: CacheStatus,
}

impl<const W: usize, const H: usize> PatternGroup<W, H> {
    /// The table of `space`, loaded from `cache_dir` (or built and saved
    /// there) or built.
    pub(super) fn open(
        space: PatternSpace<W, H>,
        cache_dir: Option<&Path>,
        progress: impl Fn(&BuildProgress) + Sync,
    ) -> Result<Self, PatternError> {
        let (table, status) = if let Some(dir) = cache_dir {
            let path = dir.join(space.file_name());
            PatternTable::load_or_build(&path, &space.key(), &space, progress)?
        } else {
            let started = std::time::Instant::now();
            let table = PatternTable::build(&space, progress)?;
            let elapsed = started.elapsed();
            let status = CacheStatus::Built {
                rejected: None,
                elapsed,
            };
            (table, status)
        };
        let mirrored = if W == H {
            let mirror = |tile: u8| transpose::<W>(tile - 1) + 1;
            space.tiles.iter().map(|&tile| mirror(tile)).collect()
        } else {
            Vec::new()
        };
        Ok(PatternGroup {
            space,
            table,
            mirrored,
            status,
        })
    }

    /// The group's abstract space (its tiles, ranking, cache key).
    #[must_use]
    pub fn space(&self) -> &PatternSpace<W, H> {
        &self.space
    }

    /// The group's table.
    #[must_use]
    pub fn table(&self) -> &PatternTable {
        &self.table
    }

    /// Whether the table was loaded or built, how long that took, and
    /// whether it could be saved.
    #[must_use]
    pub fn status(&self) -> &CacheStatus {
        &self.status
    }

    /// The group's value for `board`.
    #[inline]
    pub(super) fn value(&self, cells: &[u8; 16]) -> u8 {
        let tiles = self.space.tiles.iter();
        self.table.get(PatternSpace::<W, H>::placement_rank(
            tiles.map(|&t| cells[usize::from(t)]),
        ))
    }

    /// The group's value for the reflection of the board whose tile cells
    /// are `cells`.
    #[inline]
    pub(super) fn mirrored_value(&self, cells: &[u8; 16]) -> u8 {
        let tiles = self.mirrored.iter();
        self.table.get(PatternSpace::<W, H>::placement_rank(
            tiles.map(|&t| transpose::<W>(cells[usize::from(t)])),
        ))
    }
}

/// Where a [`PatternDatabase`](super::PatternDatabase) build stands: which
/// group, and its [`BuildProgress`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct GroupProgress<'a> {
    /// The group being built, from 0.
    pub group: usize,
    /// The number of groups.
    pub groups: usize,
    /// The group's tiles.
    pub tiles: &'a [u8],
    /// The build's progress.
    pub build: BuildProgress,
}
