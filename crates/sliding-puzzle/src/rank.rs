//! Ranking boards: the Lehmer code (Cantor expansion) of the tile sequence
//! over all `W * H` cells, blank included, so ranks run over `0..(W*H)!` in
//! lexicographic order of the row-major tile sequence.
//!
//! Both directions are O(n) with bit tricks on nibbles, without popcount
//! (which generic x86-64 builds emulate in a dozen instructions): ranking
//! keeps, for every tile, how many smaller tiles are still unplaced, one
//! nibble each in a `u64`, and placing a tile decrements all the nibbles
//! above it with one subtraction; unranking keeps the unused tiles as a
//! sorted list of nibbles and cuts the chosen one out with two shifts.

use crate::Board;
use crate::board::Packing;

/// `FACTORIALS[n] = n!` for `n` up to 16 (16! < 2^45).
pub(crate) const FACTORIALS: [u64; 17] = {
    let mut table = [1; 17];
    let mut n = 1;
    while n < 17 {
        table[n] = table[n - 1] * n as u64;
        n += 1;
    }
    table
};

/// The nibbles `0, 1, ..., 15`: the unused tiles before unranking starts,
/// and for each tile the number of smaller ones before ranking starts.
pub(crate) const ALL_TILES: u64 = 0xFEDC_BA98_7654_3210;

/// A one in every nibble above nibble `tile`: subtracting it from a count of
/// smaller unplaced tiles records that `tile` was placed. No nibble borrows,
/// since each nibble above counts `tile` itself.
#[inline]
pub(crate) const fn above(tile: u8) -> u64 {
    (0x1111_1111_1111_1111 << (4 * tile)) << 4
}

impl<const W: usize, const H: usize> Board<W, H> {
    /// The number of arrangements of the cells, `(W*H)!`; half of them are
    /// solvable.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(sliding_puzzle::Eight::ARRANGEMENTS, 362_880);
    /// ```
    pub const ARRANGEMENTS: u64 = FACTORIALS[Self::CELLS];

    /// The board's position in the lexicographic order of all `(W*H)!`
    /// tile sequences (its Lehmer code): a dense index for tables.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Eight;
    ///
    /// let board: Eight = "x 1 2 3 4 5 6 7 8".parse()?;
    /// assert_eq!(board.rank(), 0);
    /// assert_eq!(Eight::unrank(Eight::goal().rank()), Some(Eight::goal()));
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    ///
    /// # Complexity
    ///
    /// O(n) for n cells: one popcount per cell.
    #[must_use]
    #[inline]
    pub fn rank(&self) -> u64 {
        let cells = Self::CELLS;
        // Nibble t: how many tiles smaller than t are not placed yet.
        let mut smaller_unplaced = ALL_TILES;
        let mut rank = 0;
        for (cell, tile) in self.tiles().enumerate() {
            // Lehmer digit: the later tiles smaller than this one.
            let digit = u64::from(Packing::get(smaller_unplaced, usize::from(tile)));
            rank += digit * FACTORIALS[cells - 1 - cell];
            smaller_unplaced -= above(tile);
        }
        rank
    }

    /// The board of rank `rank`, or `None` if `rank` is not below
    /// [`Self::ARRANGEMENTS`]. Unsolvable boards have ranks too.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Board;
    ///
    /// type Small = Board<2, 2>;
    /// assert_eq!(Small::unrank(0).unwrap().to_line(), "x 1 2 3");
    /// assert_eq!(Small::unrank(23).unwrap().to_line(), "3 2 1 x");
    /// assert_eq!(Small::unrank(24), None);
    /// ```
    ///
    /// # Complexity
    ///
    /// O(n) for n cells.
    #[must_use]
    pub fn unrank(rank: u64) -> Option<Self> {
        let cells = Self::CELLS;
        if rank >= Self::ARRANGEMENTS {
            return None;
        }
        let mut unused = ALL_TILES;
        let mut rest = rank;
        let mut tiles = [0; 16];
        for (cell, slot) in tiles.iter_mut().enumerate().take(cells) {
            let weight = FACTORIALS[cells - 1 - cell];
            // cannot fail: rest < (cells - cell)!, so the digit is below 16
            let digit = u32::try_from(rest / weight).unwrap_or(0);
            rest %= weight;
            let shift = 4 * digit;
            let tile = Packing::get(unused, digit as usize);
            // Cut nibble `digit` out: keep the lower ones, shift the upper
            // ones down (two shifts, since `>> 64` would overflow).
            let low = unused & ((1 << shift) - 1);
            let high = (unused >> shift >> 4) << shift;
            unused = low | high;
            *slot = tile;
        }
        Some(Board::from_permutation(&tiles[..cells]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Eight, Fifteen};

    #[test]
    fn factorials() {
        assert_eq!(FACTORIALS[9], 362_880);
        assert_eq!(FACTORIALS[16], 20_922_789_888_000);
    }

    /// Lexicographic order: successive ranks unrank to increasing sequences.
    #[test]
    fn ranks_follow_lexicographic_order() {
        type Small = Board<2, 3>;
        let mut previous: Option<Vec<u8>> = None;
        for rank in 0..Small::ARRANGEMENTS {
            let board = Small::unrank(rank).unwrap();
            assert_eq!(board.rank(), rank);
            assert_eq!(board.tile(board.blank()), 0);
            let tiles: Vec<u8> = board.tiles().collect();
            if let Some(previous) = previous {
                assert!(previous < tiles);
            }
            previous = Some(tiles);
        }
        assert_eq!(Small::unrank(Small::ARRANGEMENTS), None);
    }

    #[test]
    fn extremes() {
        let last = Fifteen::unrank(Fifteen::ARRANGEMENTS - 1).unwrap();
        assert_eq!(last.to_line(), "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 x");
        assert_eq!(last.rank(), Fifteen::ARRANGEMENTS - 1);
        assert_eq!(Eight::goal().rank(), 46_233);
        assert_eq!(Eight::unrank(u64::MAX), None);
    }
}
