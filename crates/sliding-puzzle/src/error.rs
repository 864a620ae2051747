//! The crate's errors: [`ParseError`] when a board cannot be read,
//! [`MoveError`] when a move sequence cannot be replayed or does not solve.

use thiserror::Error;

use crate::Move;

/// Why a board could not be read (from text by `FromStr`, or from a slice by
/// [`Board::from_tiles`](crate::Board::from_tiles)).
///
/// Positions count tiles from 0 in reading order (row-major); in the compact
/// form (`23415x768`) they count characters. When an input has several
/// problems, the first of these checks to fail is reported: unreadable
/// tokens, the number of tiles, the blank's presence, tile ranges, repeats.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, ParseError};
///
/// let err = "1 2 3 4 5 6 7 8".parse::<Eight>().unwrap_err();
/// assert_eq!(err, ParseError::WrongTileCount { expected: 9, found: 8 });
/// assert_eq!(err.to_string(), "expected 9 tiles, found 8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The input holds a different number of tiles than the board has cells.
    #[error("expected {expected} tiles, found {found}")]
    WrongTileCount {
        /// The number of cells of the board (`W * H`).
        expected: usize,
        /// The number of tiles in the input.
        found: usize,
    },
    /// A tile appears more than once.
    #[error("tile {tile} appears twice, at positions {first} and {second}")]
    RepeatedTile {
        /// The repeated tile.
        tile: u8,
        /// Where it appears first.
        first: usize,
        /// Where it appears again.
        second: usize,
    },
    /// A tile number is too large for the board.
    #[error("tile {tile} at position {position} is out of range (max {max})")]
    TileOutOfRange {
        /// The tile as written.
        tile: u64,
        /// Where it appears.
        position: usize,
        /// The largest tile of the board (`W * H - 1`).
        max: u8,
    },
    /// A token is neither a tile number nor a blank (`x`, `X` or `0`).
    #[error("unreadable token {token:?} at position {position}")]
    UnreadableToken {
        /// The token as written.
        token: String,
        /// Where it appears.
        position: usize,
    },
    /// No tile is the blank (`x`, `X` or `0`).
    #[error("missing blank (write it as x or 0)")]
    MissingBlank,
    /// [`AnyBoard`](crate::AnyBoard) cannot tell the size from the number of
    /// tiles.
    #[error("cannot tell the board size from {found} tiles (expected 9 or 16)")]
    UnknownSize {
        /// The number of tiles in the input.
        found: usize,
    },
}

/// Why a move sequence could not be applied, or did not reach the goal.
///
/// Positions count characters from 0 for move strings (whitespace included)
/// and elements for move slices.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Move, MoveError};
///
/// let board = Eight::goal(); // blank bottom right
/// let err = board.apply_moves("uur").unwrap_err();
/// assert_eq!(err, MoveError::OffBoard { direction: Move::Right, position: 2 });
/// assert_eq!(err.to_string(), "move r at position 2 takes the blank off the board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum MoveError {
    /// A character that is not one of `u`, `d`, `l`, `r`.
    #[error("unknown move {character:?} at position {position} (expected u, d, l or r)")]
    UnknownMove {
        /// The character as written.
        character: char,
        /// Where it appears.
        position: usize,
    },
    /// A move that would take the blank off the board.
    #[error("move {direction} at position {position} takes the blank off the board")]
    OffBoard {
        /// The direction the blank was asked to move.
        direction: Move,
        /// Where the move appears.
        position: usize,
    },
    /// Every move is legal, but the last board is not the goal.
    #[error("the {moves} moves end at {end}, not at the goal")]
    GoalNotReached {
        /// The number of moves applied.
        moves: usize,
        /// The board they end at, in one-line form.
        end: String,
    },
}
