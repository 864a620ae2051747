//! The board: `W * H` cells packed into a word, four bits a cell in a `u64`
//! up to 16 cells and five bits a cell in a `u128` up to 25 ([`Packing`]),
//! plus the blank's cell, so a board is `Copy` and a move is two shifts and
//! two XORs. One implementation serves every shape and both words.

mod display;
mod large_moves;
mod packing;
mod slides;
mod solvable;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

use crate::ParseError;

pub use large_moves::LargeBlankMove;
pub use packing::Packing;
pub(crate) use packing::small;
pub use slides::{BlankMove, Slide};

/// A `W`×`H` sliding-tile board: tiles `1..W*H` and the blank (tile 0),
/// packed into the word `P`.
///
/// Cells are numbered row-major from 0 at the top left; with the default
/// `u64`, cell `k` occupies bits `4k..4k+4` of [`packed`](Self::packed),
/// and with `u128` (a [`LargeBoard`], up to 25 cells) bits `5k..5k+5`. The goal has the tiles in
/// order and the blank last (`1 2 3 / 4 5 6 / 7 8 x`), the convention of
/// POJ 1077 and of this project. Any shape of 2 to 16 cells works by the
/// same code (2 to 25 in a `u128`); other shapes fail to compile.
///
/// Boards compare, hash and order by their packed value: the order is
/// arbitrary but consistent, for sorted containers.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Move};
///
/// let board: Eight = "2 3 4 1 5 x 7 6 8".parse()?;
/// assert_eq!(board.tile(0), 2);
/// assert_eq!(board.blank(), 5);
/// assert_eq!(board.to_string(), "2 3 4\n1 5 x\n7 6 8");
/// let moved = board.apply(Move::Left).expect("the blank is not in the left column");
/// assert_eq!(moved.to_line(), "2 3 4 1 x 5 7 6 8");
/// # Ok::<(), sliding_puzzle::ParseError>(())
/// ```
///
/// A shape with more than 16 cells does not compile:
///
/// ```compile_fail
/// let board = sliding_puzzle::Board::<5, 5>::goal();
/// ```
// Packed to 4-byte alignment: 12 bytes instead of 16 for a `u64`, so a
// search state that adds a byte to a board (`PuzzleState`) takes 16 bytes,
// not 24; 20 instead of 32 for a `u128`.
#[derive(Clone, Copy)]
#[repr(C, packed(4))]
pub struct Board<const W: usize, const H: usize, P: Packing = u64> {
    /// Tile of cell `k` in bits `k * P::BITS..`; cells past `W * H` are zero.
    packed: P,
    /// The cell holding the blank.
    blank: u8,
}

/// A board of up to 25 cells, five bits a cell in a `u128`: the
/// [`Board`] for shapes that do not fit a `u64`.
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
pub type LargeBoard<const W: usize, const H: usize> = Board<W, H, u128>;

/// The 24-puzzle.
pub type Twentyfour = LargeBoard<5, 5>;

/// The 8-puzzle.
pub type Eight = Board<3, 3>;

/// The 15-puzzle.
pub type Fifteen = Board<4, 4>;

impl<const W: usize, const H: usize, P: Packing> Board<W, H, P> {
    /// The number of cells, `W * H`. Evaluating it rejects shapes of fewer
    /// than 2 or more than the word holds (16 cells in a `u64`, 25 in a
    /// `u128`) at compile time.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(sliding_puzzle::Fifteen::CELLS, 16);
    /// ```
    pub const CELLS: usize = {
        assert!(
            W * H >= 2 && W * H <= P::MAX_CELLS,
            "a board needs 2 to 16 cells to pack into a u64, 25 into a u128"
        );
        W * H
    };

    /// The packed goal.
    pub(crate) const GOAL_PACKED: P = P::GOALS[Self::CELLS];

    /// The board holding `tiles` in row-major order, which must be a
    /// permutation of `0..W*H` (unchecked: for boards built from another
    /// board, a rank or a shuffle).
    #[inline]
    pub(crate) fn from_permutation(tiles: &[u8]) -> Self {
        let mut packed = P::default();
        let mut blank = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            packed = packed ^ P::put(tile, cell);
            if tile == 0 {
                blank = small(cell);
            }
        }
        Board { packed, blank }
    }

    /// The goal: tiles `1..W*H` in row-major order, blank in the last cell.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Eight;
    ///
    /// assert_eq!(Eight::goal().to_line(), "1 2 3 4 5 6 7 8 x");
    /// assert!(Eight::goal().is_goal());
    /// ```
    #[must_use]
    pub const fn goal() -> Self {
        Board {
            packed: Self::GOAL_PACKED,
            blank: small(Self::CELLS - 1),
        }
    }

    /// The board holding `tiles` in row-major order, 0 being the blank.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, ParseError};
    ///
    /// let board = Eight::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8])?;
    /// assert_eq!(board.to_line(), "2 3 4 1 5 x 7 6 8");
    /// assert_eq!(
    ///     Eight::from_tiles(&[1, 2, 3, 4, 5, 6, 7, 0, 7]),
    ///     Err(ParseError::RepeatedTile { tile: 7, first: 6, second: 8 })
    /// );
    /// # Ok::<(), ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// In this order: [`ParseError::WrongTileCount`] unless there are
    /// exactly `W * H` tiles, [`ParseError::MissingBlank`] without a 0, then
    /// in reading order [`ParseError::TileOutOfRange`] for a tile of `W * H`
    /// or more and [`ParseError::RepeatedTile`] for a tile seen before.
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
        let max = small(cells - 1);
        let mut first_seen = [usize::MAX; 32];
        let mut packed = P::default();
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
            packed = packed ^ P::put(tile, position);
            if tile == 0 {
                blank = small(position);
            }
        }
        Ok(Board { packed, blank })
    }

    /// The tile in `cell` (0 for the blank).
    ///
    /// # Example
    ///
    /// ```
    /// let goal = sliding_puzzle::Eight::goal();
    /// assert_eq!(goal.tile(0), 1);
    /// assert_eq!(goal.tile(8), 0);
    /// ```
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
        self.packed.get(cell)
    }

    /// The tile in `cell` without the bounds check of [`Self::tile`], for
    /// the hot paths of heuristics: `cell` must be below `P::SLOTS` (16 in
    /// a `u64`), and cells past `W * H` read as 0.
    #[inline]
    pub(crate) fn tile_at(&self, cell: usize) -> u8 {
        self.packed.get(cell & (P::SLOTS - 1))
    }

    /// The cell holding the blank.
    ///
    /// # Example
    ///
    /// ```
    /// let board: sliding_puzzle::Eight = "2 3 4 1 5 x 7 6 8".parse()?;
    /// assert_eq!(board.blank(), 5);
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
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
    /// let goal = sliding_puzzle::Board::<2, 2>::goal();
    /// assert_eq!(goal.tiles().collect::<Vec<_>>(), [1, 2, 3, 0]);
    /// ```
    #[inline]
    pub fn tiles(&self) -> impl Iterator<Item = u8> + use<W, H, P> {
        let packed = self.packed;
        (0..Self::CELLS).map(move |cell| packed.get(cell))
    }

    /// The cell holding `tile`, or `None` if the board has no such tile.
    ///
    /// # Example
    ///
    /// ```
    /// let goal = sliding_puzzle::Eight::goal();
    /// assert_eq!(goal.cell_of(1), Some(0));
    /// assert_eq!(goal.cell_of(0), Some(8));
    /// assert_eq!(goal.cell_of(9), None);
    /// ```
    #[must_use]
    pub fn cell_of(&self, tile: u8) -> Option<usize> {
        self.tiles().position(|t| t == tile)
    }

    /// `cells_of_tiles()[t]`: the cell holding tile `t`, for every tile of
    /// the board (entry 0 is the blank's cell; entries from `W * H` on are
    /// 0; `[u8; 16]` in a `u64`, `[u8; 32]` in a `u128`). The inverse of the tile sequence, in one pass: what lookups keyed
    /// by tile positions, such as pattern databases, need.
    ///
    /// # Example
    ///
    /// ```
    /// let board: sliding_puzzle::Eight = "2 3 4 1 5 x 7 6 8".parse()?;
    /// let cells = board.cells_of_tiles();
    /// assert_eq!(cells[1], 3);
    /// assert_eq!(cells[0], 5); // the blank
    /// assert_eq!(cells[..9], [5, 3, 0, 1, 2, 4, 7, 6, 8]);
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn cells_of_tiles(&self) -> P::Cells {
        let packed = self.packed;
        packed.cells_of_tiles(Self::CELLS)
    }

    /// The dual board (Zahavi, Felner et al. 2005-2008): the roles of tiles
    /// and cells exchanged, each named after the goal.
    ///
    /// Cell `c` of the dual holds the goal tile of the cell where this board
    /// keeps `c`'s goal tile: where this board sends tile `t` to cell `p`,
    /// the dual sends tile `goal(p)` to cell `home(t)`. Moves are swaps of
    /// cells, so the moves that solve this board, taken in reverse order,
    /// turn the goal into this board; renaming every tile after where it
    /// stands in this board turns that walk into one from the dual to the
    /// goal, in a puzzle whose blank is the tile named after this board's
    /// blank cell. When this board's blank is home, that is the ordinary
    /// blank and **the dual is exactly as far from the goal**; otherwise
    /// the dual is the start of the renamed puzzle, which pattern databases
    /// can still bound (see [`heuristic::pdb`](crate::heuristic::pdb)).
    ///
    /// The dual of the dual is the board itself.
    ///
    /// # Example
    ///
    /// ```
    /// let board: sliding_puzzle::Eight = "4 1 3 7 2 6 5 8 x".parse()?;
    /// // Tile 4 stands in tile 1's cell, so the dual holds 1 in tile 4's cell.
    /// assert_eq!(board.dual().to_line(), "2 5 3 1 7 6 4 8 x");
    /// assert_eq!(board.dual().dual(), board);
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    pub fn dual(&self) -> Self {
        let cells = self.cells_of_dual_tiles();
        let mut packed = P::default();
        for (tile, &cell) in cells.as_ref().iter().enumerate().take(Self::CELLS) {
            packed = packed ^ P::put(small(tile), usize::from(cell));
        }
        Board {
            packed,
            blank: cells[0],
        }
    }

    /// `cells_of_dual_tiles()[t]`: the cell of tile `t` in the
    /// [`dual`](Self::dual) board, which is `home(tile in home(t))`, without
    /// building the dual: what pattern databases look up.
    #[inline]
    pub(crate) fn cells_of_dual_tiles(&self) -> P::Cells {
        let n = Self::CELLS;
        let mut cells = P::NO_CELLS;
        for (tile, cell) in cells.as_mut().iter_mut().enumerate().take(n) {
            // Tile t's home is cell t - 1, the blank's the last cell.
            let home = (tile + n - 1) % n;
            let there = usize::from(self.packed.get(home));
            *cell = small((there + n - 1) % n);
        }
        cells
    }

    /// The tiles packed `P::BITS` bits a cell: in a `u64` cell `k` in bits
    /// `4k..4k+4`, in a `u128` in bits `5k..5k+5`.
    ///
    /// # Example
    ///
    /// ```
    /// let goal = sliding_puzzle::Board::<2, 2>::goal();
    /// assert_eq!(goal.packed(), 0x0321);
    /// let goal = sliding_puzzle::LargeBoard::<2, 2>::goal();
    /// assert_eq!(goal.packed(), 1 | 2 << 5 | 3 << 10);
    /// ```
    #[must_use]
    #[inline]
    pub fn packed(&self) -> P {
        self.packed
    }

    /// Whether this is the goal.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Move};
    ///
    /// assert!(Eight::goal().is_goal());
    /// assert!(!Eight::goal().apply(Move::Up).unwrap().is_goal());
    /// ```
    #[must_use]
    #[inline]
    pub fn is_goal(&self) -> bool {
        let packed = self.packed;
        packed == Self::GOAL_PACKED
    }

    /// The board with `packed` cells and the blank in `blank`, unchecked.
    #[inline]
    pub(crate) const fn from_parts(packed: P, blank: u8) -> Self {
        Board { packed, blank }
    }
}

impl<const W: usize, const H: usize, P: Packing> Default for Board<W, H, P> {
    /// The goal.
    fn default() -> Self {
        Self::goal()
    }
}

impl<const W: usize, const H: usize, P: Packing> PartialEq for Board<W, H, P> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        // The blank's cell follows from the tiles.
        let (mine, theirs) = (self.packed, other.packed);
        mine == theirs
    }
}

impl<const W: usize, const H: usize, P: Packing> Eq for Board<W, H, P> {}

impl<const W: usize, const H: usize, P: Packing> Hash for Board<W, H, P> {
    #[inline]
    fn hash<S: Hasher>(&self, state: &mut S) {
        // A copy: the field of a packed struct cannot be borrowed.
        let packed = self.packed;
        packed.hash(state);
    }
}

impl<const W: usize, const H: usize, P: Packing> PartialOrd for Board<W, H, P> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const W: usize, const H: usize, P: Packing> Ord for Board<W, H, P> {
    fn cmp(&self, other: &Self) -> Ordering {
        let (mine, theirs) = (self.packed, other.packed);
        mine.cmp(&theirs)
    }
}
