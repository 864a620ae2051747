//! Solvability by inversion parity, and seeded random boards.

use super::{Packing, small};
use crate::{Board, Move, SplitMix64};

impl<const W: usize, const H: usize, P: Packing> Board<W, H, P> {
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

    /// Whether the goal can be reached from this board.
    ///
    /// With `inv` the inversions among the tiles (blank skipped, row-major):
    /// for an odd width the board is solvable iff `inv` is even; for an even
    /// width iff `inv + r` is odd, `r` being the blank's row counted from the
    /// bottom starting at 1 (Johnson & Story 1879). A move keeps the
    /// invariant: a horizontal one changes nothing, a vertical one jumps a
    /// tile over `W - 1` others and changes `r` by one. On a single row or
    /// column tiles can never pass each other, so only `inv == 0` is
    /// solvable there.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Fifteen};
    ///
    /// assert!("2 3 4 1 5 x 7 6 8".parse::<Eight>()?.is_solvable());
    /// assert!(!"2 1 3 4 5 6 7 8 x".parse::<Eight>()?.is_solvable());
    /// // Sam Loyd's 14-15 puzzle.
    /// assert!(!"1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 x".parse::<Fifteen>()?.is_solvable());
    /// let swapped: sliding_puzzle::Twentyfour =
    ///     "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x".parse()?;
    /// assert!(!swapped.is_solvable());
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    ///
    /// # Complexity
    ///
    /// O(n) for n cells.
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

    /// A uniformly random solvable board drawn from `seed`: all cells are
    /// shuffled (Fisher–Yates with [`SplitMix64`]) and, if the result is
    /// unsolvable, tiles 1 and 2 are swapped, which flips the parity and
    /// pairs the two halves one to one. The same seed gives the same board
    /// on every platform.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Fifteen;
    ///
    /// let board = Fifteen::random_solvable(42);
    /// assert!(board.is_solvable());
    /// assert_eq!(board, Fifteen::random_solvable(42));
    /// ```
    #[must_use]
    pub fn random_solvable(seed: u64) -> Self {
        let cells = Self::CELLS;
        let mut rng = SplitMix64::new(seed);
        let mut tiles = [0u8; 32];
        if W == 1 || H == 1 {
            // Tiles cannot pass each other: only the blank's cell is free.
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
                *tile = small(cell);
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
    /// from `seed`, never undoing the previous move. Such boards are easy
    /// for short walks and not uniform: use [`Self::random_solvable`] for
    /// uniform instances.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Eight;
    ///
    /// let board = Eight::random_walk(7, 10);
    /// assert!(board.is_solvable());
    /// assert_eq!(board, Eight::random_walk(7, 10));
    /// assert_eq!(Eight::random_walk(7, 0), Eight::goal());
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
                // A 1x2 board: the only move undoes the previous one.
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

#[cfg(test)]
mod tests {
    use crate::{Board, Eight, Fifteen};

    #[test]
    fn inversions_of_known_boards() {
        assert_eq!(Eight::goal().inversions(), 0);
        let board: Eight = "8 7 6 5 4 3 2 1 x".parse().unwrap();
        assert_eq!(board.inversions(), 28);
        assert!(board.is_solvable());
    }

    #[test]
    fn random_boards_are_solvable_on_every_shape() {
        for seed in 0..200 {
            assert!(Eight::random_solvable(seed).is_solvable());
            assert!(Fifteen::random_solvable(seed).is_solvable());
            assert!(Board::<2, 2>::random_solvable(seed).is_solvable());
            assert!(Board::<3, 1>::random_solvable(seed).is_solvable());
            assert!(Board::<1, 2>::random_solvable(seed).is_solvable());
            assert!(Board::<2, 8>::random_walk(seed, 50).is_solvable());
            assert!(Board::<1, 2>::random_walk(seed, 3).is_solvable());
        }
    }
}
