//! Symmetries of the board: the maps of cells that let groups share a
//! table, and the lookup of a group through such a map.

use std::sync::Arc;

use super::super::bits::bits;
use super::{LargePatternSpace, MAX_GROUP, cell_byte};

use super::group_table::{LargeGroupTable, cell_u32};

/// How one group is looked up: in which table, reading which tiles' cells
/// (in the table's tile order) through which map of cells.
#[derive(Clone)]
pub(super) struct Lookup<const W: usize, const H: usize> {
    pub(super) table: Arc<LargeGroupTable<W, H>>,
    pub(super) tiles: [u8; MAX_GROUP],
    pub(super) len: usize,
    /// `map[c]`: the cell of the table's board that cell `c` becomes.
    pub(super) map: [u8; 32],
}

impl<const W: usize, const H: usize> Lookup<W, H> {
    /// The group's value for the board whose tile cells are `cells`.
    #[inline]
    pub(super) fn value(&self, cells: &[u8; 32]) -> u8 {
        let tiles = self.tiles[..self.len].iter();
        let rank = LargePatternSpace::<W, H>::placement_rank(
            tiles.map(|&t| self.map[usize::from(cells[usize::from(t) % 32]) % 32]),
        );
        self.table.table.get(rank)
    }

    /// Adds to `add[t][c]` what the group's tile `t` in cell `c` adds to
    /// its direct-access index.
    pub(super) fn contributions(&self, add: &mut [[u32; 32]; 32]) {
        let cells = u32::try_from(W * H).unwrap_or(0);
        let mut weight = 1u32;
        for &tile in self.tiles[..self.len].iter().rev() {
            for (cell, slot) in add[usize::from(tile) % 32]
                .iter_mut()
                .enumerate()
                .take(W * H)
            {
                *slot = u32::from(self.map[cell]) * weight;
            }
            weight = weight.wrapping_mul(cells);
        }
    }

    /// The same group looked up on the board reflected across the main
    /// diagonal: tile `t` read where the board keeps its mirror image,
    /// cells transposed before the map.
    pub(super) fn mirrored(&self) -> Self {
        let mut tiles = self.tiles;
        for tile in &mut tiles[..self.len] {
            *tile = mirror_tile::<W>(*tile);
        }
        let mut map = [0; 32];
        for (cell, target) in map.iter_mut().enumerate().take(W * H) {
            *target = self.map[usize::from(transpose::<W>(cell_byte(cell_u32(cell))))];
        }
        Lookup {
            table: Arc::clone(&self.table),
            tiles,
            len: self.len,
            map,
        }
    }
}

/// The cell `cell` reflects to across the main diagonal of a `W`×`W` board.
pub(super) fn transpose<const W: usize>(cell: u8) -> u8 {
    let w = cell_byte(cell_u32(W));
    (cell % w) * w + cell / w
}

/// The tile whose goal cell is the reflection of `tile`'s.
pub(super) fn mirror_tile<const W: usize>(tile: u8) -> u8 {
    transpose::<W>(tile - 1) + 1
}

/// The symmetries of a `W`×`H` board as maps of cells: the identity, the
/// half turn and the two flips, and on a square board also the quarter
/// turns and the two diagonal reflections. Each maps moves to moves.
pub(super) fn symmetries<const W: usize, const H: usize>() -> Vec<[u8; 32]> {
    let mut maps = Vec::new();
    let square = W == H;
    for kind in 0..8 {
        if kind >= 4 && !square {
            break;
        }
        let mut map = [0u8; 32];
        for (cell, target) in map.iter_mut().enumerate().take(W * H) {
            let (r, c) = (cell / W, cell % W);
            let (r2, c2) = match kind {
                0 => (r, c),
                1 => (H - 1 - r, W - 1 - c),
                2 => (r, W - 1 - c),
                3 => (H - 1 - r, c),
                4 => (c, r),
                5 => (W - 1 - c, H - 1 - r),
                6 => (c, H - 1 - r),
                _ => (W - 1 - c, r),
            };
            *target = cell_byte(cell_u32(r2 * W + c2));
        }
        maps.push(map);
    }
    maps
}

/// A mask's image under a cell map.
pub(super) fn image(mask: u32, map: &[u8; 32]) -> u32 {
    bits(mask).fold(0, |image, cell| image | 1 << map[usize::from(cell)])
}
