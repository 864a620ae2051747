//! The tables of a [`LargePatternDatabase`](super::LargePatternDatabase):
//! one group's abstract space and table, opened from the cache or built,
//! and the table expanded for direct access.

use std::path::Path;
use std::sync::Arc;

use pattern_db::{BuildProgress, CacheStatus, PatternTable};

use super::super::PatternError;
use super::LargePatternSpace;

/// One table of a [`LargePatternDatabase`](super::LargePatternDatabase): a group's abstract space and
/// its table, opened from the cache or built.
#[derive(Debug)]
pub struct LargeGroupTable<const W: usize, const H: usize> {
    pub(super) space: LargePatternSpace<W, H>,
    pub(super) table: PatternTable,
    /// The same values laid out for direct access (see [`expand`]), when
    /// its `CELLS^k` entries fit a `u32` index.
    pub(super) direct: Option<Arc<PatternTable>>,
    pub(super) status: CacheStatus,
}

impl<const W: usize, const H: usize> LargeGroupTable<W, H> {
    pub(super) fn open(
        space: LargePatternSpace<W, H>,
        cache_dir: Option<&Path>,
        progress: impl Fn(&BuildProgress) + Sync,
    ) -> Result<Self, PatternError> {
        let (table, status) = if let Some(dir) = cache_dir {
            let path = dir.join(space.file_name());
            PatternTable::load_or_build(&path, &space.key(), &space, progress)?
        } else {
            let started = std::time::Instant::now();
            let table = PatternTable::build(&space, progress)?;
            let status = CacheStatus::Built {
                rejected: None,
                elapsed: started.elapsed(),
            };
            (table, status)
        };
        let direct = expand::<W, H>(&table, space.tiles().len()).map(Arc::new);
        Ok(LargeGroupTable {
            space,
            table,
            direct,
            status,
        })
    }

    /// The group's abstract space (its tiles, cache key and file name).
    #[must_use]
    pub fn space(&self) -> &LargePatternSpace<W, H> {
        &self.space
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> &PatternTable {
        &self.table
    }

    /// The table laid out for direct access: entry `Σ cell_k · CELLS^(k-1-i)`
    /// over the group's tiles `i` (in its tile order, the first most
    /// significant) is the value of that placement; entries whose cells
    /// repeat are 0 and never read. `CELLS^k` bytes (244,140,625 for a
    /// 6-tile group of the 5x5 board), or `None` for groups whose index
    /// would not fit a `u32`.
    #[must_use]
    pub fn direct(&self) -> Option<&PatternTable> {
        self.direct.as_deref()
    }

    /// Whether the table was loaded or built, and how long that took.
    #[must_use]
    pub fn status(&self) -> &CacheStatus {
        &self.status
    }
}

/// A cell below 32 as a `u32`.
pub(super) fn cell_u32(cell: usize) -> u32 {
    u32::try_from(cell).unwrap_or(u32::MAX)
}

/// The direct-access copy of a compact table of a group of `k` tiles (see
/// [`LargeGroupTable::direct`]): what the search reads, as the index of a
/// placement is then a sum of one term per tile that a move changes by a
/// table delta, where the compact table's Lehmer rank must be computed
/// from all the group's cells. Filled by as many threads as there are
/// cores, one first cell at a time; `None` if `CELLS^k` does not fit a
/// `u32`.
pub(super) fn expand<const W: usize, const H: usize>(
    compact: &PatternTable,
    k: usize,
) -> Option<PatternTable> {
    let cells = W * H;
    let len = (0..k).try_fold(1u64, |len, _| len.checked_mul(cells as u64))?;
    if k == 0 || len > u64::from(u32::MAX) {
        return None;
    }
    let mut direct = PatternTable::zeroed(usize::try_from(len).ok()?);
    let compact = compact.as_bytes();
    let chunk = usize::try_from(len).ok()? / cells;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut shares: Vec<Vec<(usize, &mut [u8])>> = (0..threads).map(|_| Vec::new()).collect();
    for (first, out) in direct.as_bytes_mut().chunks_mut(chunk).enumerate() {
        shares[first % threads].push((first, out));
    }
    std::thread::scope(|scope| {
        for share in shares {
            scope.spawn(move || {
                for (first, out) in share {
                    if k == 1 {
                        out[0] = compact[first];
                    } else {
                        fill(
                            out,
                            compact,
                            cells,
                            1 << first,
                            first as u64,
                            cells as u64 - 1,
                        );
                    }
                }
            });
        }
    });
    Some(direct)
}

/// Fills `out`, the direct entries of the placements whose earlier tiles
/// are in `placed` with Lehmer prefix `prefix`, the next tile's digit of
/// radix `radix`.
pub(super) fn fill(
    out: &mut [u8],
    compact: &[u8],
    cells: usize,
    placed: u32,
    prefix: u64,
    radix: u64,
) {
    let chunk = out.len() / cells;
    let mut digit = 0u64;
    if chunk == 1 {
        let base = prefix * radix;
        for (cell, entry) in out.iter_mut().enumerate() {
            if placed & (1 << cell) == 0 {
                *entry = compact[usize::try_from(base + digit).unwrap_or(usize::MAX)];
                digit += 1;
            }
        }
        return;
    }
    for (cell, out) in out.chunks_mut(chunk).enumerate() {
        if placed & (1 << cell) == 0 {
            fill(
                out,
                compact,
                cells,
                placed | 1 << cell,
                prefix * radix + digit,
                radix - 1,
            );
            digit += 1;
        }
    }
}
