//! The board: `W * H` cells packed five bits a cell into a `u128`, plus
//! the blank's cell.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::ParseError;
use crate::parse::{tokens, values};

/// A `W`×`H` sliding-tile board of up to 25 cells: tiles `1..W*H` and the
/// blank (tile 0).
///
/// The same board as [`Board`](crate::Board), five bits a cell instead of
/// four: cell `k` occupies bits `5k..5k+5` of [`packed`](Self::packed).
/// Cells are numbered row-major from 0 at the top left, and the goal has
/// the tiles in order and the blank last. Parsing, printing, moves and
/// solvability behave exactly as [`Board`](crate::Board)'s (the tests
/// compare the two on 4x4); use `Board` for boards of at most 16 cells,
/// which it packs into one `u64`.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Move, Twentyfour};
///
/// let board: Twentyfour = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24".parse()?;
/// assert_eq!(board.blank(), 23);
/// assert!(board.is_solvable());
/// assert_eq!(board.apply(Move::Right), Some(Twentyfour::goal()));
/// assert_eq!(board.to_string().lines().last(), Some("21 22 23  x 24"));
/// # Ok::<(), sliding_puzzle::ParseError>(())
/// ```
///
/// A shape with more than 25 cells does not compile:
///
/// ```compile_fail
/// let board = sliding_puzzle::LargeBoard::<6, 5>::goal();
/// ```
// Packed to 4-byte alignment: 20 bytes instead of 32.
#[derive(Clone, Copy)]
#[repr(C, packed(4))]
pub struct LargeBoard<const W: usize, const H: usize> {
    /// Tile of cell `k` in bits `5k..5k+5`; cells past `W * H` are zero.
    packed: u128,
    /// The cell holding the blank.
    blank: u8,
}

/// The 24-puzzle.
pub type Twentyfour = LargeBoard<5, 5>;

/// The tile in cell `cell` of a packed board.
#[inline]
pub(crate) const fn quint(packed: u128, cell: usize) -> u8 {
    ((packed >> (5 * cell)) & 0x1F) as u8
}

/// `n` as a `u8`, for cell and tile numbers (below 32 by the shape check).
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "cells and tiles are below 32"
)]
pub(crate) const fn byte(n: usize) -> u8 {
    n as u8
}

const fn goal_packed(cells: usize) -> u128 {
    let mut packed = 0;
    let mut k = 0;
    while k + 1 < cells {
        packed |= ((k + 1) as u128) << (5 * k);
        k += 1;
    }
    packed
}

impl<const W: usize, const H: usize> LargeBoard<W, H> {
    /// The number of cells, `W * H`. Evaluating it rejects shapes of fewer
    /// than 2 or more than 25 cells at compile time.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(sliding_puzzle::Twentyfour::CELLS, 25);
    /// ```
    pub const CELLS: usize = {
        assert!(
            W * H >= 2 && W * H <= 25,
            "a large board needs 2 to 25 cells to pack into a u128"
        );
        W * H
    };

    /// The packed goal.
    pub(crate) const GOAL_PACKED: u128 = goal_packed(Self::CELLS);

    /// The board holding `tiles` in row-major order, which must be a
    /// permutation of `0..W*H` (unchecked).
    pub(crate) fn from_permutation(tiles: &[u8]) -> Self {
        let mut packed = 0;
        let mut blank = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            packed |= u128::from(tile) << (5 * cell);
            if tile == 0 {
                blank = byte(cell);
            }
        }
        LargeBoard { packed, blank }
    }

    /// The goal: tiles `1..W*H` in row-major order, blank in the last cell.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Twentyfour;
    ///
    /// assert!(Twentyfour::goal().is_goal());
    /// assert_eq!(Twentyfour::goal().tile(24), 0);
    /// assert_eq!(Twentyfour::goal().tile(23), 24);
    /// ```
    #[must_use]
    pub const fn goal() -> Self {
        LargeBoard {
            packed: Self::GOAL_PACKED,
            blank: byte(Self::CELLS - 1),
        }
    }

    /// The board holding `tiles` in row-major order, 0 being the blank.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{LargeBoard, ParseError};
    ///
    /// let board = LargeBoard::<3, 6>::from_tiles(&(0..18).collect::<Vec<u8>>())?;
    /// assert_eq!(board.blank(), 0);
    /// assert_eq!(
    ///     LargeBoard::<3, 6>::from_tiles(&[1, 2, 3]),
    ///     Err(ParseError::WrongTileCount { expected: 18, found: 3 })
    /// );
    /// # Ok::<(), ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Board::from_tiles`](crate::Board::from_tiles), in the same
    /// order: [`ParseError::WrongTileCount`], [`ParseError::MissingBlank`],
    /// then in reading order [`ParseError::TileOutOfRange`] and
    /// [`ParseError::RepeatedTile`].
    pub fn from_tiles(tiles: &[u8]) -> Result<Self, ParseError> {
        Self::from_values(tiles.iter().map(|&t| u64::from(t)))
    }

    /// Validates and packs tiles given as numbers (see [`Self::from_tiles`]).
    pub(crate) fn from_values(
        values: impl ExactSizeIterator<Item = u64> + Clone,
    ) -> Result<Self, ParseError> {
        let cells = Self::CELLS;
        if values.len() != cells {
            return Err(ParseError::WrongTileCount {
                expected: cells,
                found: values.len(),
            });
        }
        if !values.clone().any(|v| v == 0) {
            return Err(ParseError::MissingBlank);
        }
        let max = byte(cells - 1);
        let mut first_seen = [usize::MAX; 32];
        let mut packed = 0;
        let mut blank = 0;
        for (position, value) in values.enumerate() {
            let tile = match u8::try_from(value) {
                Ok(tile) if tile <= max => tile,
                _ => {
                    return Err(ParseError::TileOutOfRange {
                        tile: value,
                        position,
                        max,
                    });
                }
            };
            let first = first_seen[usize::from(tile)];
            if first != usize::MAX {
                return Err(ParseError::RepeatedTile {
                    tile,
                    first,
                    second: position,
                });
            }
            first_seen[usize::from(tile)] = position;
            packed |= u128::from(tile) << (5 * position);
            if tile == 0 {
                blank = byte(position);
            }
        }
        Ok(LargeBoard { packed, blank })
    }

    /// The board of `tokens`, one tile each (`x`, `X` or a number).
    pub(crate) fn from_tokens(tokens: &[&str]) -> Result<Self, ParseError> {
        let values = values(tokens)?;
        Self::from_values(values.iter().copied())
    }

    /// The tile in `cell` (0 for the blank).
    ///
    /// # Panics
    ///
    /// If `cell` is not below `W * H`.
    #[must_use]
    #[inline]
    pub fn tile(&self, cell: usize) -> u8 {
        assert!(
            cell < Self::CELLS,
            "cell {cell} is off a board of {} cells",
            Self::CELLS
        );
        quint(self.packed, cell)
    }

    /// The tile in `cell` without the bounds check: `cell` must be below
    /// 32, and cells past `W * H` read as 0.
    #[inline]
    pub(crate) fn tile_at(&self, cell: usize) -> u8 {
        quint(self.packed, cell & 31)
    }

    /// The cell holding the blank.
    #[must_use]
    #[inline]
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The tiles in row-major order, 0 for the blank.
    ///
    /// # Example
    ///
    /// ```
    /// let goal = sliding_puzzle::Twentyfour::goal();
    /// assert_eq!(goal.tiles().take(3).collect::<Vec<_>>(), [1, 2, 3]);
    /// ```
    #[inline]
    pub fn tiles(&self) -> impl Iterator<Item = u8> + use<W, H> {
        let packed = self.packed;
        (0..Self::CELLS).map(move |cell| quint(packed, cell))
    }

    /// The cell holding `tile`, or `None` if the board has no such tile.
    #[must_use]
    pub fn cell_of(&self, tile: u8) -> Option<usize> {
        self.tiles().position(|t| t == tile)
    }

    /// `cells_of_tiles()[t]`: the cell holding tile `t`, for every tile of
    /// the board (entry 0 is the blank's cell; entries from `W * H` on are
    /// 0), as [`Board::cells_of_tiles`](crate::Board::cells_of_tiles).
    ///
    /// # Example
    ///
    /// ```
    /// let cells = sliding_puzzle::Twentyfour::goal().cells_of_tiles();
    /// assert_eq!(cells[0], 24);
    /// assert_eq!(cells[1], 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn cells_of_tiles(&self) -> [u8; 32] {
        let mut cells = [0; 32];
        let mut packed = self.packed;
        for cell in 0..Self::CELLS {
            cells[usize::from((packed & 0x1F) as u8)] = byte(cell);
            packed >>= 5;
        }
        cells
    }

    /// The dual board (see [`Board::dual`](crate::Board::dual)): cell `c`
    /// of the dual holds the goal tile of the cell where this board keeps
    /// `c`'s goal tile. The dual of the dual is the board itself.
    ///
    /// # Example
    ///
    /// ```
    /// let board = sliding_puzzle::Twentyfour::random_solvable(3);
    /// assert_eq!(board.dual().dual(), board);
    /// ```
    #[must_use]
    pub fn dual(&self) -> Self {
        let cells = self.cells_of_dual_tiles();
        let mut packed = 0;
        for (tile, &cell) in cells.iter().enumerate().take(Self::CELLS) {
            packed |= u128::from(byte(tile)) << (5 * cell);
        }
        LargeBoard {
            packed,
            blank: cells[0],
        }
    }

    /// `cells_of_dual_tiles()[t]`: the cell of tile `t` in the
    /// [`dual`](Self::dual) board, without building it.
    #[inline]
    pub(crate) fn cells_of_dual_tiles(&self) -> [u8; 32] {
        let n = Self::CELLS;
        let mut cells = [0; 32];
        for (tile, cell) in cells.iter_mut().enumerate().take(n) {
            let home = (tile + n - 1) % n;
            let there = usize::from(quint(self.packed, home));
            *cell = byte((there + n - 1) % n);
        }
        cells
    }

    /// The tiles packed five bits a cell: cell `k` in bits `5k..5k+5`.
    ///
    /// # Example
    ///
    /// ```
    /// let goal = sliding_puzzle::LargeBoard::<2, 2>::goal();
    /// assert_eq!(goal.packed(), 1 | 2 << 5 | 3 << 10);
    /// ```
    #[must_use]
    #[inline]
    pub fn packed(&self) -> u128 {
        self.packed
    }

    /// Whether this is the goal.
    #[must_use]
    #[inline]
    pub fn is_goal(&self) -> bool {
        self.packed == Self::GOAL_PACKED
    }

    /// The board with `packed` cells and the blank in `blank`, unchecked.
    #[inline]
    pub(crate) const fn from_parts(packed: u128, blank: u8) -> Self {
        LargeBoard { packed, blank }
    }
}

impl<const W: usize, const H: usize> Default for LargeBoard<W, H> {
    /// The goal.
    fn default() -> Self {
        Self::goal()
    }
}

impl<const W: usize, const H: usize> PartialEq for LargeBoard<W, H> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        // The blank's cell follows from the tiles.
        let (mine, theirs) = (self.packed, other.packed);
        mine == theirs
    }
}

impl<const W: usize, const H: usize> Eq for LargeBoard<W, H> {}

impl<const W: usize, const H: usize> Hash for LargeBoard<W, H> {
    #[inline]
    fn hash<S: Hasher>(&self, state: &mut S) {
        let packed = self.packed;
        packed.hash(state);
    }
}

impl<const W: usize, const H: usize> PartialOrd for LargeBoard<W, H> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const W: usize, const H: usize> Ord for LargeBoard<W, H> {
    fn cmp(&self, other: &Self) -> Ordering {
        let (mine, theirs) = (self.packed, other.packed);
        mine.cmp(&theirs)
    }
}

impl<const W: usize, const H: usize> FromStr for LargeBoard<W, H> {
    type Err = ParseError;

    /// Reads a board as [`Board`](crate::Board)'s `FromStr` does: tiles in
    /// row-major order separated by any whitespace, the blank `x`, `X` or
    /// `0` (boards of at most 10 cells also take one token with a
    /// character per tile).
    ///
    /// # Errors
    ///
    /// [`ParseError::UnreadableToken`] first, then the checks of
    /// [`LargeBoard::from_tiles`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Self::from_tokens(&tokens(text, Self::CELLS <= 10))
    }
}
