//! Partitions: disjoint groups of tiles, and the 15-puzzle's published ones.

use super::PatternError;
use crate::Board;

/// The 7-8 partition of the 15-puzzle: tiles 9 to 15 (the bottom half of
/// the goal) and 1 to 8 (the top half); Korf & Felner's 1-7 / 8-15 in the
/// blank-last goal.
pub const FIFTEEN_7_8: [&[u8]; 2] = [&[9, 10, 11, 12, 13, 14, 15], &[1, 2, 3, 4, 5, 6, 7, 8]];

/// The 6-6-3 partition of the 15-puzzle: the right two columns above the
/// bottom row, the left two columns above it, the bottom row's three tiles (see the
/// [module docs](super) on how it compares with the papers').
pub const FIFTEEN_6_6_3: [&[u8]; 3] = [&[3, 4, 7, 8, 11, 12], &[1, 2, 5, 6, 9, 10], &[13, 14, 15]];

/// The 5-5-5 partition of the 15-puzzle: the bottom row's three tiles with
/// the two above its left end, a block on the right, the rest (see the
/// [module docs](super) on how it compares with the papers').
pub const FIFTEEN_5_5_5: [&[u8]; 3] = [&[9, 10, 13, 14, 15], &[4, 7, 8, 11, 12], &[1, 2, 3, 5, 6]];

/// Four more 7-8 partitions of the 15-puzzle, for the maximum over
/// several partitions ([`Max`](crate::heuristic::Max)), in the order they
/// were tried: a block of eight against the left column, the bottom row
/// and tile 10; the middle rows against the top and bottom rows; the top
/// row with a block below its left half against the rest; a staircase in
/// the top left corner against the rest. None of them is [`FIFTEEN_7_8`],
/// another's reflection or its own (a partition that reflects to itself
/// would add nothing with reflection); `docs/benchmarks-log.md` gives what
/// each adds on Korf's 100.
pub const FIFTEEN_7_8_MORE: [[&[u8]; 2]; 4] = [
    [&[1, 5, 9, 10, 13, 14, 15], &[2, 3, 4, 6, 7, 8, 11, 12]],
    [&[1, 2, 3, 4, 13, 14, 15], &[5, 6, 7, 8, 9, 10, 11, 12]],
    [&[7, 8, 11, 12, 13, 14, 15], &[1, 2, 3, 4, 5, 6, 9, 10]],
    [&[4, 7, 8, 11, 12, 14, 15], &[1, 2, 3, 5, 6, 9, 10, 13]],
];

/// Disjoint groups of tiles for a `W`×`H` board; tiles in no group count
/// for nothing.
///
/// # Example
///
/// ```
/// use sliding_puzzle::heuristic::pdb::{FIFTEEN_6_6_3, Partition};
///
/// let partition = Partition::<4, 4>::new(FIFTEEN_6_6_3)?;
/// assert_eq!(partition.name(), "6-6-3");
/// assert!(Partition::<3, 3>::new([[1, 2], [2, 3]]).is_err()); // tile 2 twice
/// # Ok::<(), sliding_puzzle::heuristic::pdb::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition<const W: usize, const H: usize> {
    pub(super) groups: Vec<Vec<u8>>,
}

impl<const W: usize, const H: usize> Partition<W, H> {
    /// The partition into `groups`, each sorted by tile.
    ///
    /// # Errors
    ///
    /// [`PatternError::EmptyGroup`], [`NoSuchTile`](PatternError::NoSuchTile)
    /// (tiles run from 1 to `W * H - 1`) or
    /// [`RepeatedTile`](PatternError::RepeatedTile).
    pub fn new<G: AsRef<[u8]>>(groups: impl IntoIterator<Item = G>) -> Result<Self, PatternError> {
        let cells = Board::<W, H>::CELLS;
        Ok(Partition {
            groups: check_groups::<W, H, G>(groups, cells, cells)?,
        })
    }

    /// The groups, each sorted by tile.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = &[u8]> {
        self.groups.iter().map(Vec::as_slice)
    }

    /// The group sizes in order, joined by dashes: `"7-8"`.
    #[must_use]
    pub fn name(&self) -> String {
        let sizes: Vec<String> = self.groups.iter().map(|g| g.len().to_string()).collect();
        sizes.join("-")
    }
}

/// The groups sorted, after checking they are disjoint, non-empty, of at
/// most `max` tiles each, and tiles of the `W`x`H` board of `cells` cells.
pub(super) fn check_groups<const W: usize, const H: usize, G: AsRef<[u8]>>(
    groups: impl IntoIterator<Item = G>,
    cells: usize,
    max: usize,
) -> Result<Vec<Vec<u8>>, PatternError> {
    let mut used = 0u32;
    let mut sorted = Vec::new();
    for (index, group) in groups.into_iter().enumerate() {
        let mut tiles = group.as_ref().to_vec();
        if tiles.is_empty() {
            return Err(PatternError::EmptyGroup { group: index });
        }
        if tiles.len() > max {
            return Err(PatternError::GroupTooLarge {
                group: index,
                tiles: tiles.len(),
                max,
            });
        }
        for &tile in &tiles {
            if tile == 0 || usize::from(tile) >= cells {
                return Err(PatternError::NoSuchTile {
                    tile,
                    width: W,
                    height: H,
                });
            }
            if used & (1 << tile) != 0 {
                return Err(PatternError::RepeatedTile { tile });
            }
            used |= 1 << tile;
        }
        tiles.sort_unstable();
        sorted.push(tiles);
    }
    Ok(sorted)
}
