//! Reading boards from text: tiles separated by any whitespace, the blank as
//! `x`, `X` or `0`, or (for boards of at most 10 cells) one token with a
//! character per tile; and [`AnyBoard`], which infers the size.

use std::fmt;
use std::str::FromStr;

use crate::{Board, Eight, Fifteen, Packing, ParseError};

/// The tokens of an input: whitespace-separated words, or the characters of
/// a single word when `compact` allows that form.
pub(crate) fn tokens(text: &str, compact: bool) -> Vec<&str> {
    if compact && is_compact(text) {
        let word = text.trim();
        return word
            .char_indices()
            .map(|(i, c)| &word[i..i + c.len_utf8()])
            .collect();
    }
    text.split_whitespace().collect()
}

/// Whether `text` is one token of more than one character.
fn is_compact(text: &str) -> bool {
    let mut words = text.split_whitespace();
    matches!((words.next(), words.next()), (Some(word), None) if word.chars().nth(1).is_some())
}

/// Reads each token as a tile number (the blank is 0).
pub(crate) fn values(tokens: &[&str]) -> Result<Vec<u64>, ParseError> {
    tokens
        .iter()
        .enumerate()
        .map(|(position, &token)| {
            let unreadable = || ParseError::UnreadableToken {
                token: token.into(),
                position,
            };
            match token {
                "x" | "X" => Ok(0),
                _ if token.bytes().all(|b| b.is_ascii_digit()) => {
                    token.parse().map_err(|_| unreadable())
                }
                _ => Err(unreadable()),
            }
        })
        .collect()
}

/// The board of `tokens`, one tile each (`x`, `X` or a number).
pub(crate) fn board_from_tokens<const W: usize, const H: usize, P: Packing>(
    tokens: &[&str],
) -> Result<Board<W, H, P>, ParseError> {
    let values = values(tokens)?;
    Board::from_values(values.iter().copied())
}

impl<const W: usize, const H: usize, P: Packing> FromStr for Board<W, H, P> {
    type Err = ParseError;

    /// Reads a board: tiles in row-major order separated by any whitespace
    /// (spaces, tabs, newlines, so the grid drawn by `Display` reads back),
    /// the blank written `x`, `X` or `0`. Boards of at most 10 cells also
    /// accept one token with a character per tile (`23415x768`).
    ///
    /// # Errors
    ///
    /// [`ParseError::UnreadableToken`] first, then the checks of
    /// [`Board::from_tiles`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        board_from_tokens(&tokens(text, Self::CELLS <= 10))
    }
}

/// A board whose size is known only at run time: 3x3 or 4x4, told apart by
/// the number of tiles when read from text.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{AnyBoard, ParseError};
///
/// let board: AnyBoard = "23415x768".parse()?;
/// assert!(matches!(board, AnyBoard::Eight(_)));
/// let board: AnyBoard = "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15".parse()?;
/// assert!(matches!(board, AnyBoard::Fifteen(_)));
/// assert_eq!(board.to_string(), " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13  x 14 15");
/// assert_eq!("1 2 3".parse::<AnyBoard>(), Err(ParseError::UnknownSize { found: 3 }));
/// # Ok::<(), ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyBoard {
    /// A 3x3 board (9 tiles).
    Eight(Eight),
    /// A 4x4 board (16 tiles).
    Fifteen(Fifteen),
}

impl AnyBoard {
    /// The one-line form of the board (see [`Board::to_line`]).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::AnyBoard;
    ///
    /// let board: AnyBoard = "23415x768".parse()?;
    /// assert_eq!(board.to_line(), "2 3 4 1 5 x 7 6 8");
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_line(&self) -> String {
        match self {
            AnyBoard::Eight(board) => board.to_line(),
            AnyBoard::Fifteen(board) => board.to_line(),
        }
    }

    /// The 3x3 board of 9 tile numbers or the 4x4 board of 16, in
    /// row-major order with 0 for the blank: for readers that split their
    /// input into tokens themselves. The numbers are `u64`, as written, so
    /// that a tile too large for any board is reported as it was written.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{AnyBoard, ParseError};
    ///
    /// let board = AnyBoard::from_values(&[2, 3, 4, 1, 5, 0, 7, 6, 8])?;
    /// assert_eq!(board.to_line(), "2 3 4 1 5 x 7 6 8");
    /// assert_eq!(
    ///     AnyBoard::from_values(&[1, 2, 3, 4, 5, 6, 7, 300, 0]),
    ///     Err(ParseError::TileOutOfRange { tile: 300, position: 7, max: 8 })
    /// );
    /// # Ok::<(), ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseError::UnknownSize`] unless there are 9 or 16 numbers, then
    /// the checks of [`Board::from_tiles`].
    pub fn from_values(values: &[u64]) -> Result<Self, ParseError> {
        match values.len() {
            9 => Eight::from_values(values.iter().copied()).map(AnyBoard::Eight),
            16 => Fifteen::from_values(values.iter().copied()).map(AnyBoard::Fifteen),
            found => Err(ParseError::UnknownSize { found }),
        }
    }

    /// Whether the board can reach its goal (see [`Board::is_solvable`]).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::AnyBoard;
    ///
    /// assert!("2 3 4 1 5 x 7 6 8".parse::<AnyBoard>()?.is_solvable());
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_solvable(&self) -> bool {
        match self {
            AnyBoard::Eight(board) => board.is_solvable(),
            AnyBoard::Fifteen(board) => board.is_solvable(),
        }
    }
}

impl FromStr for AnyBoard {
    type Err = ParseError;

    /// Reads a 3x3 or 4x4 board as `FromStr` for [`Board`] does, choosing
    /// the size from the number of tiles: 9 (or a single token of 9
    /// characters) for 3x3, 16 for 4x4.
    ///
    /// # Errors
    ///
    /// [`ParseError::UnreadableToken`] first; [`ParseError::UnknownSize`]
    /// for another number of tiles, or [`ParseError::WrongTileCount`] for a
    /// single token of other than 9 characters (only 3x3 has a compact
    /// form); then the checks of [`Board::from_tiles`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let compact = is_compact(text);
        let tokens = tokens(text, true);
        let values = values(&tokens)?;
        if compact && values.len() != 9 {
            return Err(ParseError::WrongTileCount {
                expected: 9,
                found: values.len(),
            });
        }
        Self::from_values(&values)
    }
}

impl fmt::Display for AnyBoard {
    /// Draws the grid, as [`Board`]'s `Display` does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyBoard::Eight(board) => fmt::Display::fmt(board, f),
            AnyBoard::Fifteen(board) => fmt::Display::fmt(board, f),
        }
    }
}

impl From<Eight> for AnyBoard {
    fn from(board: Eight) -> Self {
        AnyBoard::Eight(board)
    }
}

impl From<Fifteen> for AnyBoard {
    fn from(board: Fifteen) -> Self {
        AnyBoard::Fifteen(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_tokens_are_characters() {
        assert_eq!(tokens("23415x768", true).len(), 9);
        assert_eq!(tokens("  23415x768 \n", true).len(), 9);
        assert_eq!(tokens("23415x768", false), ["23415x768"]);
        assert_eq!(tokens("5", true), ["5"]);
        assert_eq!(tokens("1 2", true), ["1", "2"]);
        assert_eq!(tokens("é✓", true), ["é", "✓"]);
        assert!(tokens(" \t\n", true).is_empty());
    }
}
