//! The Manhattan distance heuristic.

use crate::board::small;
use crate::heuristic::target::CellDistances;
use crate::heuristic::{Heuristic, Target};
use crate::{Board, LargeBoard, Packing, Slide};

/// The sum over tiles of the rows plus columns between each tile and its
/// goal cell (Doran & Michie 1966; the heuristic of Korf 1985's IDA*).
///
/// Admissible: a move shifts one tile by one cell, so it lowers the sum by
/// at most one. Consistent for the same reason. Distances come from a
/// `[tile][cell]` table computed at compile time for each shape, and
/// [`update`](Heuristic::update) is two lookups.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Heuristic, Manhattan};
///
/// let board: Eight = "2 3 4 1 5 x 7 6 8".parse()?;
/// // 2, 3, 1, 8: one step each; 4: one row and two columns; 6: one row and one column.
/// assert_eq!(Manhattan.estimate(&board), 9);
/// assert_eq!(Manhattan.estimate(&Eight::goal()), 0);
/// # Ok::<(), sliding_puzzle::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Manhattan;

/// The distance tables of one shape, `N` entries a row: 16 for the
/// boards in a `u64`, 32 for those in a `u128` (the word's
/// [`Packing::SLOTS`]).
pub(crate) struct Distances<const W: usize, const H: usize, const N: usize = 16>;

impl<const W: usize, const H: usize, const N: usize> Distances<W, H, N> {
    /// `TABLE[tile][cell]`: moves between `cell` and `tile`'s goal cell (0 for
    /// the blank).
    pub(crate) const TABLE: &'static [[u8; N]; N] = &table(W, W * H);

    /// The Manhattan distance of `board`: one lookup per cell.
    #[inline]
    pub(crate) fn estimate<P: Packing>(board: &Board<W, H, P>) -> u8 {
        let table = Self::TABLE;
        board
            .tiles()
            .enumerate()
            .map(|(cell, tile)| table[usize::from(tile)][cell])
            .sum()
    }

    /// The Manhattan distance after `slide` from a board at `before`: two
    /// lookups.
    #[inline]
    pub(crate) fn update(before: u8, slide: Slide) -> u8 {
        // The masks let the compiler drop bounds checks: tiles and cells are
        // below `N`.
        let distances = &Self::TABLE[usize::from(slide.tile) & (N - 1)];
        // Wrapping: an inconsistent `before` must not panic in a debug build.
        before
            .wrapping_add(distances[slide.to & (N - 1)])
            .wrapping_sub(distances[slide.from & (N - 1)])
    }
}

const fn table<const N: usize>(w: usize, cells: usize) -> [[u8; N]; N] {
    let mut table = [[0; N]; N];
    let mut tile = 1;
    while tile < cells {
        let goal = tile - 1;
        let mut cell = 0;
        while cell < cells {
            let rows = (cell / w).abs_diff(goal / w);
            let cols = (cell % w).abs_diff(goal % w);
            table[tile][cell] = small(rows + cols);
            cell += 1;
        }
        tile += 1;
    }
    table
}

impl<const W: usize, const H: usize> Heuristic<W, H> for Manhattan {
    fn estimate(&self, board: &Board<W, H>) -> u8 {
        Distances::<W, H>::estimate(board)
    }

    #[inline]
    fn update(&self, _after: &Board<W, H>, before: u8, slide: Slide) -> u8 {
        Distances::<W, H>::update(before, slide)
    }

    /// The sum over tiles of the rows plus columns to their cell in
    /// `target`: one lookup per cell.
    fn estimate_to(&self, board: &Board<W, H>, target: &Target<W, H>) -> u8 {
        let distances = CellDistances::<W>::TABLE;
        board
            .tiles()
            .enumerate()
            .filter(|&(_, tile)| tile != 0)
            .map(|(cell, tile)| distances[cell & 15][target.cell(tile) & 15])
            .sum()
    }
}

/// Manhattan distance on boards in a `u128`, by the same tables 32 wide.
impl<const W: usize, const H: usize> Heuristic<W, H, u128> for Manhattan {
    fn estimate(&self, board: &LargeBoard<W, H>) -> u8 {
        Distances::<W, H, 32>::estimate(board)
    }

    #[inline]
    fn update(&self, _after: &LargeBoard<W, H>, before: u8, slide: Slide) -> u8 {
        Distances::<W, H, 32>::update(before, slide)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Fifteen;

    #[test]
    fn corner_to_corner() {
        // Tile 1 belongs top left; bottom right is 3 + 3 away on 4x4.
        assert_eq!(Distances::<4, 4>::TABLE[1][15], 6);
        assert_eq!(Distances::<4, 4>::TABLE[0], [0; 16]);
        let board: Fifteen = "x 2 3 4 5 6 7 8 9 10 11 12 13 14 15 1".parse().unwrap();
        assert_eq!(Manhattan.estimate(&board), 6);
    }
}
