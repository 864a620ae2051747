//! Solvability by inversion parity, and seeded random boards.

use super::board::{LargeBoard, byte};
use crate::{Move, SplitMix64};

impl<const W: usize, const H: usize> LargeBoard<W, H> {
    /// The number of pairs of tiles (blank skipped) that appear in the
    /// opposite order to their numbers, reading row-major.
    pub(crate) fn inversions(&self) -> u32 {
        // Bit t: tile t is still to come.
        let mut unplaced: u32 = (1 << Self::CELLS) - 2;
        let mut inversions = 0;
        for tile in self.tiles() {
            if tile != 0 {
                // Later tiles smaller than this one.
                inversions += (unplaced & ((1 << tile) - 1)).count_ones();
                unplaced &= !(1 << tile);
            }
        }
        inversions
    }

    /// Whether the goal can be reached from this board, by the rule of
    /// [`Board::is_solvable`](crate::Board::is_solvable): with `inv` the
    /// inversions among the tiles, for an odd width iff `inv` is even, for
    /// an even width iff `inv + r` is odd (`r` the blank's row counted from
    /// the bottom from 1); on a single row or column iff `inv == 0`.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Twentyfour;
    ///
    /// let swapped: Twentyfour =
    ///     "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x".parse()?;
    /// assert!(!swapped.is_solvable());
    /// assert!(Twentyfour::random_solvable(1).is_solvable());
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_solvable(&self) -> bool {
        let inversions = self.inversions();
        if W == 1 || H == 1 {
            inversions == 0
        } else if W % 2 == 1 {
            inversions.is_multiple_of(2)
        } else {
            let row_from_bottom = H - self.blank() / W;
            (inversions as usize + row_from_bottom) % 2 == 1
        }
    }

    /// A uniformly random solvable board drawn from `seed`, as
    /// [`Board::random_solvable`](crate::Board::random_solvable) draws it:
    /// all cells shuffled, tiles 1 and 2 swapped if that is unsolvable.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Twentyfour;
    ///
    /// let board = Twentyfour::random_solvable(42);
    /// assert!(board.is_solvable());
    /// assert_eq!(board, Twentyfour::random_solvable(42));
    /// ```
    #[must_use]
    pub fn random_solvable(seed: u64) -> Self {
        let cells = Self::CELLS;
        let mut rng = SplitMix64::new(seed);
        let mut tiles = [0u8; 32];
        if W == 1 || H == 1 {
            let blank = rng.below(cells);
            let mut next = 1;
            for (cell, tile) in tiles.iter_mut().enumerate().take(cells) {
                if cell != blank {
                    *tile = next;
                    next += 1;
                }
            }
        } else {
            for (cell, tile) in tiles.iter_mut().enumerate().take(cells) {
                *tile = byte(cell);
            }
            for i in (1..cells).rev() {
                tiles.swap(i, rng.below(i + 1));
            }
        }
        let board = Self::from_permutation(&tiles[..cells]);
        if board.is_solvable() {
            return board;
        }
        for tile in &mut tiles[..cells] {
            *tile = match *tile {
                1 => 2,
                2 => 1,
                other => other,
            };
        }
        Self::from_permutation(&tiles[..cells])
    }

    /// The board reached from the goal by `len` random blank moves drawn
    /// from `seed`, never undoing the previous move, as
    /// [`Board::random_walk`](crate::Board::random_walk) draws it.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Twentyfour;
    ///
    /// let board = Twentyfour::random_walk(7, 30);
    /// assert!(board.is_solvable());
    /// assert_eq!(Twentyfour::random_walk(7, 0), Twentyfour::goal());
    /// ```
    #[must_use]
    pub fn random_walk(seed: u64, len: usize) -> Self {
        let mut rng = SplitMix64::new(seed);
        let mut board = Self::goal();
        let mut previous: Option<Move> = None;
        for _ in 0..len {
            let mut choices = [Move::Up; 4];
            let mut count = 0;
            for m in board.legal_moves() {
                if previous != Some(m.opposite()) {
                    choices[count] = m;
                    count += 1;
                }
            }
            if count == 0 {
                continue;
            }
            let m = choices[rng.below(count)];
            // cannot fail: `m` is one of the legal moves
            board = board.apply(m).unwrap_or(board);
            previous = Some(m);
        }
        board
    }
}
