//! The board: `W * H` cells packed four bits a cell into a `u64`, plus the
//! blank's cell, so a board is 16 bytes, `Copy`, and a move is two shifts
//! and two XORs.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use crate::{Move, MoveError, MoveSequence, ParseError};

/// A `W`×`H` sliding-tile board: tiles `1..W*H` and the blank (tile 0).
///
/// Cells are numbered row-major from 0 at the top left; cell `k` occupies
/// bits `4k..4k+4` of [`packed`](Self::packed). The goal has the tiles in
/// order and the blank last (`1 2 3 / 4 5 6 / 7 8 x`), the convention of
/// POJ 1077 and of this project. Any shape of 2 to 16 cells works by the
/// same code; other shapes fail to compile.
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
// Packed to 4-byte alignment: 12 bytes instead of 16, so a search state
// that adds a byte to a board (`PuzzleState`) takes 16 bytes, not 24.
#[derive(Clone, Copy)]
#[repr(C, packed(4))]
pub struct Board<const W: usize, const H: usize> {
    /// Tile of cell `k` in bits `4k..4k+4`; cells past `W * H` are zero.
    packed: u64,
    /// The cell holding the blank.
    blank: u8,
}

/// The 8-puzzle.
pub type Eight = Board<3, 3>;

/// The 15-puzzle.
pub type Fifteen = Board<4, 4>;

/// What one move does to a board: `tile` slides from cell `from` into cell
/// `to`, where the blank was (the blank goes the other way). It is what
/// [`Heuristic::update`](crate::Heuristic::update) needs to adjust an
/// estimate instead of recomputing it.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Move, Slide};
///
/// // The blank, bottom right, moves up: tile 6 slides down into its cell.
/// let (board, slide) = Eight::goal().apply_with_slide(Move::Up).expect("a legal move");
/// assert_eq!(slide, Slide { tile: 6, from: 5, to: 8 });
/// assert_eq!(board.blank(), slide.from);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The tile that moved (never 0, the blank).
    pub tile: u8,
    /// The cell it left: the blank's cell after the move.
    pub from: usize,
    /// The cell it entered: the blank's cell before the move.
    pub to: usize,
}

/// Marks a move off the board in the neighbour table.
const OFF: u8 = u8::MAX;

/// A legal move of the blank from one cell, as the move table holds it:
/// the direction, the cell the blank goes to, and what slides the tile
/// there into the blank's cell, worked out once for the table rather than
/// per move.
///
/// It is the move of [`Puzzle`](crate::Puzzle)'s in-place search
/// ([`frontier::InPlaceProblem`]); the board it applies to is the one whose
/// blank it was listed for.
///
/// # Example
///
/// ```
/// use frontier::{InPlaceProblem, SearchProblem};
/// use sliding_puzzle::{Eight, Manhattan, Move, Puzzle};
///
/// let puzzle = Puzzle::new(Eight::goal(), Manhattan);
/// let mut state = puzzle.start();
/// // The blank is bottom right (cell 8): it can go left or up.
/// let moves: Vec<_> = puzzle.moves(&state).collect();
/// let listed: Vec<_> = moves.iter().map(|m| (m.direction(), m.cell())).collect();
/// assert_eq!(listed, [(Move::Left, 7), (Move::Up, 5)]);
/// let applied = puzzle.apply(&mut state, moves[1]);
/// assert_eq!(state.board.to_line(), "1 2 3 4 5 x 7 8 6");
/// assert_eq!(state.h, 1);
/// puzzle.undo(&mut state, applied.undo);
/// assert_eq!(state, puzzle.start());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlankMove {
    /// Where the blank goes, as `Move as u8`: a plain byte, so that no
    /// value of it marks `None` in an `Option<BlankMove>`, a test the move
    /// loop would otherwise make per move (measured 7% slower).
    direction: u8,
    /// The cell it goes to.
    cell: u8,
    /// `4 * cell`: where the tile sits in the packed board.
    shift: u8,
    /// A 1 in the lowest bit of the blank's nibble and of `cell`'s: the
    /// tile times this is the XOR that swaps the two (the blank is 0).
    spread: u64,
}

impl BlankMove {
    /// Where the blank goes.
    #[must_use]
    #[inline]
    pub fn direction(self) -> Move {
        Move::from_index(self.direction)
    }

    /// The cell the blank goes to, row-major from 0.
    #[must_use]
    #[inline]
    pub fn cell(self) -> usize {
        usize::from(self.cell)
    }
}

/// The moves the blank can make from one cell, in [`SEARCH_ORDER`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveList {
    len: u8,
    moves: [BlankMove; 4],
}

impl MoveList {
    #[inline]
    pub(crate) fn as_slice(&self) -> &[BlankMove] {
        &self.moves[..usize::from(self.len)]
    }
}

/// The tile in cell `cell` of a packed board.
#[inline]
pub(crate) const fn nibble(packed: u64, cell: usize) -> u8 {
    ((packed >> (4 * cell)) & 0xF) as u8
}

/// `n` as a `u8`, for cell and tile numbers (below 16 by the shape check).
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "cells and tiles are below 16"
)]
pub(crate) const fn small(n: usize) -> u8 {
    n as u8
}

const fn goal_packed(cells: usize) -> u64 {
    let mut packed = 0;
    let mut k = 0;
    while k + 1 < cells {
        packed |= ((k + 1) as u64) << (4 * k);
        k += 1;
    }
    packed
}

const fn neighbours(w: usize, h: usize) -> [[u8; 4]; 16] {
    let mut table = [[OFF; 4]; 16];
    let mut k = 0;
    while k < w * h {
        let (row, col) = (k / w, k % w);
        if row > 0 {
            table[k][Move::Up as usize] = small(k - w);
        }
        if row + 1 < h {
            table[k][Move::Down as usize] = small(k + w);
        }
        if col > 0 {
            table[k][Move::Left as usize] = small(k - 1);
        }
        if col + 1 < w {
            table[k][Move::Right as usize] = small(k + 1);
        }
        k += 1;
    }
    table
}

/// The order successors are generated in: Korf's order (blank up, left,
/// right, down) turned by the 180° rotation that maps his goal onto ours, so
/// IDA* visits a converted instance's tree exactly as his program visits the
/// original, and node counts compare with his published ones.
const SEARCH_ORDER: [Move; 4] = [Move::Down, Move::Right, Move::Left, Move::Up];

const fn move_lists(width: usize, height: usize) -> [MoveList; 16] {
    let next = neighbours(width, height);
    let none = BlankMove {
        direction: 0,
        cell: OFF,
        shift: 0,
        spread: 0,
    };
    let mut lists = [MoveList {
        len: 0,
        moves: [none; 4],
    }; 16];
    let mut cell = 0;
    while cell < width * height {
        let mut index = 0;
        while index < 4 {
            let direction = SEARCH_ORDER[index];
            let to = next[cell][direction as usize];
            if to != OFF {
                let len = lists[cell].len as usize;
                lists[cell].moves[len] = BlankMove {
                    direction: direction as u8,
                    cell: to,
                    shift: 4 * to,
                    spread: 1 << (4 * cell) | 1 << (4 * to as usize),
                };
                lists[cell].len += 1;
            }
            index += 1;
        }
        cell += 1;
    }
    lists
}

impl<const W: usize, const H: usize> Board<W, H> {
    /// The number of cells, `W * H`. Evaluating it rejects shapes of fewer
    /// than 2 or more than 16 cells at compile time.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(sliding_puzzle::Fifteen::CELLS, 16);
    /// ```
    pub const CELLS: usize = {
        assert!(
            W * H >= 2 && W * H <= 16,
            "a board needs 2 to 16 cells to pack into a u64"
        );
        W * H
    };

    /// The packed goal.
    pub(crate) const GOAL_PACKED: u64 = goal_packed(Self::CELLS);

    /// `NEIGHBOURS[cell][move as usize]`: where the blank goes, or `OFF`.
    pub(crate) const NEIGHBOURS: &'static [[u8; 4]; 16] = &neighbours(W, Self::CELLS / W);

    /// `MOVES[cell]`: the legal blank moves from `cell` in [`SEARCH_ORDER`].
    pub(crate) const MOVES: &'static [MoveList; 16] = &move_lists(W, Self::CELLS / W);

    /// The board holding `tiles` in row-major order, which must be a
    /// permutation of `0..W*H` (unchecked: for boards built from another
    /// board, a rank or a shuffle).
    #[inline]
    pub(crate) fn from_permutation(tiles: &[u8]) -> Self {
        let mut packed = 0;
        let mut blank = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            packed |= u64::from(tile) << (4 * cell);
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
        let mut first_seen = [usize::MAX; 16];
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
            packed |= u64::from(tile) << (4 * position);
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
        nibble(self.packed, cell)
    }

    /// The tile in `cell` without the bounds check of [`Self::tile`], for
    /// the hot paths of heuristics: `cell` must be below 16, and cells past
    /// `W * H` read as 0.
    #[inline]
    pub(crate) fn tile_at(&self, cell: usize) -> u8 {
        nibble(self.packed, cell & 15)
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
    pub fn tiles(&self) -> impl Iterator<Item = u8> + use<W, H> {
        let packed = self.packed;
        (0..Self::CELLS).map(move |cell| nibble(packed, cell))
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
    /// 0). The inverse of the tile sequence, in one pass: what lookups keyed
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
    pub fn cells_of_tiles(&self) -> [u8; 16] {
        let mut cells = [0; 16];
        for cell in 0..Self::CELLS {
            cells[usize::from(nibble(self.packed, cell))] = small(cell);
        }
        cells
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
        let mut packed = 0;
        for (tile, &cell) in cells.iter().enumerate().take(Self::CELLS) {
            packed |= u64::from(small(tile)) << (4 * cell);
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
    pub(crate) fn cells_of_dual_tiles(&self) -> [u8; 16] {
        let n = Self::CELLS;
        let mut cells = [0; 16];
        for (tile, cell) in cells.iter_mut().enumerate().take(n) {
            // Tile t's home is cell t - 1, the blank's the last cell.
            let home = (tile + n - 1) % n;
            let there = usize::from(nibble(self.packed, home));
            *cell = small((there + n - 1) % n);
        }
        cells
    }

    /// The tiles packed four bits a cell: cell `k` in bits `4k..4k+4`.
    ///
    /// # Example
    ///
    /// ```
    /// let goal = sliding_puzzle::Board::<2, 2>::goal();
    /// assert_eq!(goal.packed(), 0x0321);
    /// ```
    #[must_use]
    #[inline]
    pub fn packed(&self) -> u64 {
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
        self.packed == Self::GOAL_PACKED
    }

    /// Moves the blank into `cell`, which must be a neighbour of the blank;
    /// returns the new board and the slide of the tile that went the other
    /// way.
    #[inline]
    pub(crate) fn slide(self, cell: u8) -> (Self, Slide) {
        let tile = nibble(self.packed, usize::from(cell));
        let t = u64::from(tile);
        // The blank's nibble is zero: XOR moves the tile without masking.
        let packed = self.packed ^ (t << (4 * cell)) ^ (t << (4 * self.blank));
        let slide = Slide {
            tile,
            from: usize::from(cell),
            to: usize::from(self.blank),
        };
        (
            Board {
                packed,
                blank: cell,
            },
            slide,
        )
    }

    /// [`slide`](Self::slide) by an entry of this board's move list: the
    /// same board and slide, with the shift and the XOR pattern read from
    /// the table instead of computed.
    #[inline]
    pub(crate) fn slide_by(self, mv: BlankMove) -> (Self, Slide) {
        let tile = ((self.packed >> mv.shift) & 0xF) as u8;
        // The blank's nibble is zero: XOR moves the tile without masking.
        let packed = self.packed ^ u64::from(tile).wrapping_mul(mv.spread);
        let slide = Slide {
            tile,
            from: usize::from(mv.cell),
            to: usize::from(self.blank),
        };
        (
            Board {
                packed,
                blank: mv.cell,
            },
            slide,
        )
    }

    /// The difference between two boards' cells, which
    /// [`with_difference`](Self::with_difference) applies: what undoes a
    /// move in one XOR.
    #[inline]
    pub(crate) fn difference(self, other: Self) -> u64 {
        self.packed ^ other.packed
    }

    /// The board whose cells differ from this one's by `difference` (from
    /// [`difference`](Self::difference)) and whose blank is in `blank`.
    #[inline]
    pub(crate) fn with_difference(self, difference: u64, blank: u8) -> Self {
        Board {
            packed: self.packed ^ difference,
            blank,
        }
    }

    /// The board before `slide` was made, this board being the one after:
    /// the tile slides back.
    #[inline]
    pub(crate) fn unslide(self, slide: Slide) -> Self {
        // The tile goes back into the blank's cell, `slide.from`.
        self.slide(small(slide.to & 15)).0
    }

    /// The board after the blank moves one step in direction `m`, or `None`
    /// if that would take it off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Move};
    ///
    /// let goal = Eight::goal(); // blank bottom right
    /// assert_eq!(goal.apply(Move::Down), None);
    /// assert_eq!(goal.apply(Move::Up).unwrap().to_line(), "1 2 3 4 5 x 7 8 6");
    /// ```
    #[must_use]
    #[inline]
    pub fn apply(&self, m: Move) -> Option<Self> {
        self.apply_with_slide(m).map(|(board, _)| board)
    }

    /// The board after the blank moves one step in direction `m` and the
    /// [`Slide`] that made it, or `None` if the move would take the blank off
    /// the board: what a hand-written search feeds to
    /// [`Heuristic::update`](crate::Heuristic::update).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Heuristic, Manhattan, Move};
    ///
    /// let goal = Eight::goal();
    /// let (board, slide) = goal.apply_with_slide(Move::Left).expect("a legal move");
    /// assert_eq!(Manhattan.update(&board, 0, slide), Manhattan.estimate(&board));
    /// assert_eq!(goal.apply_with_slide(Move::Right), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn apply_with_slide(&self, m: Move) -> Option<(Self, Slide)> {
        let to = Self::NEIGHBOURS[usize::from(self.blank)][m as usize];
        (to != OFF).then(|| self.slide(to))
    }

    /// The legal blank moves, in [`SEARCH_ORDER`].
    #[inline]
    pub(crate) fn move_list(&self) -> &'static [BlankMove] {
        // The mask lets the compiler drop the bounds check: blank < 16.
        Self::MOVES[usize::from(self.blank) & 15].as_slice()
    }

    /// The legal moves of the blank, in the order successors are generated
    /// (down, right, left, up: Korf's order turned with his goal).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Move};
    ///
    /// let moves: Vec<_> = Eight::goal().legal_moves().collect();
    /// assert_eq!(moves, [Move::Left, Move::Up]);
    /// ```
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + use<W, H> {
        self.move_list().iter().map(|m| m.direction())
    }

    /// The board after every move of `moves` in turn (a move string such as
    /// `"ullddr"` or a slice of [`Move`]s).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, MoveError};
    ///
    /// let board = Eight::goal().apply_moves("ul")?;
    /// assert_eq!(board.to_line(), "1 2 3 4 x 5 7 8 6");
    /// assert_eq!(
    ///     Eight::goal().apply_moves("uq"),
    ///     Err(MoveError::UnknownMove { character: 'q', position: 1 })
    /// );
    /// # Ok::<(), MoveError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// At the first bad entry: [`MoveError::UnknownMove`] for a character
    /// that is not a move, [`MoveError::OffBoard`] for a move that takes the
    /// blank off the board.
    pub fn apply_moves<M: MoveSequence + ?Sized>(&self, moves: &M) -> Result<Self, MoveError> {
        let mut board = *self;
        for entry in moves.moves() {
            let (position, direction) = entry?;
            board = board.apply(direction).ok_or(MoveError::OffBoard {
                direction,
                position,
            })?;
        }
        Ok(board)
    }

    /// Checks that `moves` are legal step by step and end at the goal: the
    /// check every answer in this project goes through.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, MoveError};
    ///
    /// let board: Eight = "2 3 4 1 5 x 7 6 8".parse().unwrap();
    /// assert_eq!(board.verify_solution("ullddrurdllurdruldr"), Ok(()));
    /// assert!(matches!(
    ///     board.verify_solution("ul"),
    ///     Err(MoveError::GoalNotReached { moves: 2, .. })
    /// ));
    /// ```
    ///
    /// # Errors
    ///
    /// The errors of [`Self::apply_moves`], or [`MoveError::GoalNotReached`]
    /// when every move is legal but the last board is not the goal.
    pub fn verify_solution<M: MoveSequence + ?Sized>(&self, moves: &M) -> Result<(), MoveError> {
        let end = self.apply_moves(moves)?;
        if end.is_goal() {
            Ok(())
        } else {
            Err(MoveError::GoalNotReached {
                moves: moves.moves().count(),
                end: end.to_line(),
            })
        }
    }

    /// The one-line form: tiles in row-major order separated by spaces, `x`
    /// for the blank. It reads back through `FromStr`.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Eight;
    ///
    /// let line = Eight::goal().to_line();
    /// assert_eq!(line, "1 2 3 4 5 6 7 8 x");
    /// assert_eq!(line.parse::<Eight>()?, Eight::goal());
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut line = String::with_capacity(3 * Self::CELLS);
        for (cell, tile) in self.tiles().enumerate() {
            if cell > 0 {
                line.push(' ');
            }
            push_tile(&mut line, tile, 0);
        }
        line
    }
}

/// Appends `tile` (`x` for the blank) right-aligned in `width` characters.
fn push_tile(out: &mut String, tile: u8, width: usize) {
    use std::fmt::Write;
    // cannot fail: writing to a String never errors
    let _ = if tile == 0 {
        write!(out, "{:>width$}", "x")
    } else {
        write!(out, "{tile:>width$}")
    };
}

impl<const W: usize, const H: usize> Default for Board<W, H> {
    /// The goal.
    fn default() -> Self {
        Self::goal()
    }
}

impl<const W: usize, const H: usize> PartialEq for Board<W, H> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        // The blank's cell follows from the tiles.
        self.packed == other.packed
    }
}

impl<const W: usize, const H: usize> Eq for Board<W, H> {}

impl<const W: usize, const H: usize> Hash for Board<W, H> {
    #[inline]
    fn hash<S: Hasher>(&self, state: &mut S) {
        // A copy: the field of a packed struct cannot be borrowed.
        let packed = self.packed;
        packed.hash(state);
    }
}

impl<const W: usize, const H: usize> PartialOrd for Board<W, H> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const W: usize, const H: usize> Ord for Board<W, H> {
    fn cmp(&self, other: &Self) -> Ordering {
        let (mine, theirs) = (self.packed, other.packed);
        mine.cmp(&theirs)
    }
}

impl<const W: usize, const H: usize> fmt::Debug for Board<W, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Board")
            .field(&format_args!("{}", self.to_line()))
            .finish()
    }
}

impl<const W: usize, const H: usize> fmt::Display for Board<W, H> {
    /// Draws the grid, one row a line (no final newline), tiles right-aligned
    /// and `x` for the blank; the drawing reads back through `FromStr`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = if Self::CELLS > 10 { 2 } else { 1 };
        let mut out = String::with_capacity(3 * Self::CELLS);
        for (cell, tile) in self.tiles().enumerate() {
            if cell > 0 {
                out.push(if cell % W == 0 { '\n' } else { ' ' });
            }
            push_tile(&mut out, tile, width);
        }
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_packing() {
        assert_eq!(Eight::goal().packed(), 0x0_8765_4321);
        assert_eq!(Fifteen::goal().packed(), 0x0FED_CBA9_8765_4321);
        assert_eq!(Fifteen::goal().blank(), 15);
        assert_eq!(Board::<2, 3>::goal().to_line(), "1 2 3 4 5 x");
    }

    #[test]
    fn slide_moves_one_tile() {
        let goal = Eight::goal();
        let (up, slide) = goal.slide(5);
        assert_eq!(
            slide,
            Slide {
                tile: 6,
                from: 5,
                to: 8
            }
        );
        assert_eq!(up.blank(), 5);
        assert_eq!(up.tiles().collect::<Vec<_>>(), [1, 2, 3, 4, 5, 0, 7, 8, 6]);
        assert_eq!(up.unslide(slide), goal);
        assert_eq!(up.unslide(slide).blank(), 8);
    }

    #[test]
    fn neighbour_tables() {
        fn listed<const W: usize, const H: usize>(cell: usize) -> Vec<(Move, usize)> {
            Board::<W, H>::MOVES[cell]
                .as_slice()
                .iter()
                .map(|m| (m.direction(), m.cell()))
                .collect()
        }
        // Korf's order turned by 180°: down, right, left, up.
        assert_eq!(
            listed::<3, 3>(4),
            [
                (Move::Down, 7),
                (Move::Right, 5),
                (Move::Left, 3),
                (Move::Up, 1)
            ]
        );
        assert_eq!(listed::<3, 3>(0), [(Move::Down, 3), (Move::Right, 1)]);
        // A 1x3 strip only moves sideways.
        assert_eq!(listed::<3, 1>(1).len(), 2);
        assert_eq!(listed::<1, 2>(1), [(Move::Up, 0)]);
    }

    #[test]
    fn a_listed_move_slides_as_its_cell_does() {
        let boards = [Fifteen::goal(), Fifteen::random_solvable(11)];
        for board in boards {
            for &mv in board.move_list() {
                assert_eq!(board.slide_by(mv), board.slide(small(mv.cell())));
            }
        }
        for board in [Eight::goal(), Eight::random_solvable(5)] {
            for &mv in board.move_list() {
                assert_eq!(board.slide_by(mv), board.slide(small(mv.cell())));
            }
        }
    }

    #[test]
    fn display_aligns_two_digit_tiles() {
        let text = Fifteen::goal().to_string();
        assert_eq!(text, " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  x");
        assert_eq!(text.parse::<Fifteen>().unwrap(), Fifteen::goal());
        assert_eq!(format!("{:?}", Board::<2, 2>::goal()), "Board(1 2 3 x)");
    }
}
