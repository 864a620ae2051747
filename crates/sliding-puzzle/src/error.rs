//! The crate's errors: [`ParseError`] when a board cannot be read,
//! [`InstanceError`] when a line of an instance file cannot,
//! [`MoveError`] when a move sequence cannot be replayed or does not solve,
//! and [`TokenExcerpt`], the bounded copy of a bad token that errors keep.

use thiserror::Error;

use crate::Move;

/// The bounded copy of a bad token that errors keep, shared by the
/// plug-ins (re-exported here so its path in this crate stays).
pub use frontier_text::TokenExcerpt;

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
    #[error("unreadable token {token} at position {position}")]
    UnreadableToken {
        /// The token as written, cut short if it is long.
        token: TokenExcerpt,
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

/// Why a line of an instance file could not be read (see
/// [`instances`](crate::instances)).
///
/// Lines count from 1. Positions count the line's whitespace-separated
/// fields from 0 (the id is field 0, the length field 1); inside
/// [`InstanceError::Board`], the [`ParseError`]'s positions count tiles.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{InstanceError, TokenExcerpt, instances::parse_instances};
///
/// let err = parse_instances::<3, 3>("# id length tiles\n7 two 2 3 4 1 5 x 7 6 8\n").unwrap_err();
/// assert_eq!(
///     err,
///     InstanceError::NotANumber { line: 2, field: "length", token: TokenExcerpt::new("two"), position: 1 }
/// );
/// assert_eq!(err.to_string(), "line 2: the length \"two\" at position 1 is not a number");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum InstanceError {
    /// The line holds neither the tiles alone nor an id, a length and the
    /// tiles.
    #[error(
        "line {line}: expected {expected} fields (an id, a length and {tiles} tiles) or the {tiles} tiles alone, found {found}"
    )]
    FieldCount {
        /// The line, from 1.
        line: usize,
        /// The fields of a full record: the board's cells plus two.
        expected: usize,
        /// The board's cells (`W * H`): the fields of a line of tiles alone.
        tiles: usize,
        /// The fields on the line.
        found: usize,
    },
    /// The id or the length is not a number (digits only).
    #[error("line {line}: the {field} {token} at position {position} is not a number")]
    NotANumber {
        /// The line, from 1.
        line: usize,
        /// `"id"` or `"length"`.
        field: &'static str,
        /// The field as written (its start, if long).
        token: TokenExcerpt,
        /// Where it is on the line, counting fields from 0.
        position: usize,
    },
    /// The tiles do not make a board.
    #[error("line {line}: {error}")]
    Board {
        /// The line, from 1.
        line: usize,
        /// What is wrong with the tiles (positions count tiles from 0).
        #[source]
        error: ParseError,
    },
}

impl InstanceError {
    /// The line the error is on, from 1.
    ///
    /// # Example
    ///
    /// ```
    /// let err = sliding_puzzle::instances::parse_instances::<2, 2>("\n1 2 3\n").unwrap_err();
    /// assert_eq!(err.line(), 2);
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        match self {
            InstanceError::FieldCount { line, .. }
            | InstanceError::NotANumber { line, .. }
            | InstanceError::Board { line, .. } => *line,
        }
    }
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

#[cfg(test)]
mod tests {
    use crate::{Eight, Fifteen, ParseError};

    #[test]
    fn long_tokens_are_cut_in_errors() {
        let token = "é".repeat(1 << 20);
        let err = format!("1 2 3 {token} 5 6 7 8 x")
            .parse::<Eight>()
            .unwrap_err();
        let ParseError::UnreadableToken {
            token: kept,
            position,
        } = &err
        else {
            panic!("{err:?}");
        };
        assert_eq!(*position, 3);
        assert_eq!(kept.kept(), "é".repeat(32));
        assert_eq!(kept.len(), 2 << 20);
        assert!(kept.is_cut());
        assert_eq!(
            err.to_string(),
            format!(
                "unreadable token \"{}\"… of 2097152 bytes at position 3",
                "é".repeat(32)
            )
        );
        let digits = "9".repeat(40);
        let err = format!("{digits} 1 2 3 4 5 6 7 8 9 10 11 12 13 14 x")
            .parse::<Fifteen>()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "unreadable token \"{}\"… of 40 bytes at position 0",
                &digits[..32]
            )
        );
    }
}
