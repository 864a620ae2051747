//! Moves, named by the direction the blank goes (POJ 1077's `u d l r`), and
//! move sequences as strings or slices.

use std::fmt;

use crate::MoveError;

/// One move, named by the direction the **blank** moves (the tile it swaps
/// with moves the other way), written `u`, `d`, `l`, `r` as in POJ 1077.
///
/// # Example
///
/// ```
/// use sliding_puzzle::Move;
///
/// assert_eq!(Move::from_char('u'), Some(Move::Up));
/// assert_eq!(Move::Up.as_char(), 'u');
/// assert_eq!(Move::Left.opposite(), Move::Right);
/// assert_eq!(Move::Down.to_string(), "d");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Move {
    /// The blank moves up one row (`u`).
    Up = 0,
    /// The blank moves down one row (`d`).
    Down = 1,
    /// The blank moves left one column (`l`).
    Left = 2,
    /// The blank moves right one column (`r`).
    Right = 3,
}

impl Move {
    /// All four moves in the order successors are generated: up, left,
    /// right, down (Korf 1985's operator order).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Move, format_moves};
    ///
    /// assert_eq!(format_moves(&Move::ALL), "ulrd");
    /// ```
    pub const ALL: [Move; 4] = [Move::Up, Move::Left, Move::Right, Move::Down];

    /// The letter of the move: `u`, `d`, `l` or `r`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(sliding_puzzle::Move::Right.as_char(), 'r');
    /// ```
    #[must_use]
    pub const fn as_char(self) -> char {
        match self {
            Move::Up => 'u',
            Move::Down => 'd',
            Move::Left => 'l',
            Move::Right => 'r',
        }
    }

    /// The move written `c` (lowercase `u`, `d`, `l`, `r` only).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Move;
    ///
    /// assert_eq!(Move::from_char('l'), Some(Move::Left));
    /// assert_eq!(Move::from_char('U'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Move> {
        match c {
            'u' => Some(Move::Up),
            'd' => Some(Move::Down),
            'l' => Some(Move::Left),
            'r' => Some(Move::Right),
            _ => None,
        }
    }

    /// The move that undoes this one.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Move};
    ///
    /// let board = Eight::goal();
    /// let moved = board.apply(Move::Up).unwrap();
    /// assert_eq!(moved.apply(Move::Up.opposite()), Some(board));
    /// ```
    #[must_use]
    pub const fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// The move whose `as u8` is `index & 3`.
    pub(crate) const fn from_index(index: u8) -> Move {
        match index & 3 {
            0 => Move::Up,
            1 => Move::Down,
            2 => Move::Left,
            _ => Move::Right,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

/// Reads a move string such as `"ullddrurdllurdruldr"`; whitespace is
/// skipped.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Move, MoveError, parse_moves};
///
/// assert_eq!(parse_moves("ul r")?, [Move::Up, Move::Left, Move::Right]);
/// assert_eq!(
///     parse_moves("uxd"),
///     Err(MoveError::UnknownMove { character: 'x', position: 1 })
/// );
/// # Ok::<(), MoveError>(())
/// ```
///
/// # Errors
///
/// [`MoveError::UnknownMove`] for the first character that is neither
/// whitespace nor a move letter.
pub fn parse_moves(moves: &str) -> Result<Vec<Move>, MoveError> {
    moves.moves().map(|entry| entry.map(|(_, m)| m)).collect()
}

/// Writes moves as a string of letters, the inverse of [`parse_moves`].
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Move, format_moves};
///
/// assert_eq!(format_moves(&[Move::Up, Move::Left, Move::Down]), "uld");
/// ```
#[must_use]
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(|m| m.as_char()).collect()
}

/// Something that lists moves: a move string (`str`, `String`) or a slice,
/// array or vector of [`Move`]s. Accepted by
/// [`Board::apply_moves`](crate::Board::apply_moves) and
/// [`Board::verify_solution`](crate::Board::verify_solution).
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Move};
///
/// let board = Eight::goal();
/// let by_str = board.apply_moves("ul")?;
/// let by_slice = board.apply_moves(&[Move::Up, Move::Left])?;
/// assert_eq!(by_str, by_slice);
/// # Ok::<(), sliding_puzzle::MoveError>(())
/// ```
pub trait MoveSequence {
    /// The moves with their positions, in order; an unreadable entry yields
    /// an error.
    fn moves(&self) -> impl Iterator<Item = Result<(usize, Move), MoveError>>;
}

impl MoveSequence for str {
    fn moves(&self) -> impl Iterator<Item = Result<(usize, Move), MoveError>> {
        self.chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(position, character)| {
                Move::from_char(character)
                    .map(|m| (position, m))
                    .ok_or(MoveError::UnknownMove {
                        character,
                        position,
                    })
            })
    }
}

impl MoveSequence for String {
    fn moves(&self) -> impl Iterator<Item = Result<(usize, Move), MoveError>> {
        self.as_str().moves()
    }
}

impl MoveSequence for [Move] {
    fn moves(&self) -> impl Iterator<Item = Result<(usize, Move), MoveError>> {
        self.iter().copied().enumerate().map(Ok)
    }
}

impl<const N: usize> MoveSequence for [Move; N] {
    fn moves(&self) -> impl Iterator<Item = Result<(usize, Move), MoveError>> {
        self.as_slice().moves()
    }
}

impl MoveSequence for Vec<Move> {
    fn moves(&self) -> impl Iterator<Item = Result<(usize, Move), MoveError>> {
        self.as_slice().moves()
    }
}

impl<T: MoveSequence + ?Sized> MoveSequence for &T {
    fn moves(&self) -> impl Iterator<Item = Result<(usize, Move), MoveError>> {
        (**self).moves()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for m in Move::ALL {
            assert_eq!(Move::from_char(m.as_char()), Some(m));
            assert_eq!(m.opposite().opposite(), m);
            assert_ne!(m.opposite(), m);
            assert_eq!(Move::from_index(m as u8), m);
        }
        let text = "ullddrurdllurdruldr";
        assert_eq!(format_moves(&parse_moves(text).unwrap()), text);
    }

    #[test]
    fn positions_count_characters() {
        assert_eq!(
            parse_moves("é u?"),
            Err(MoveError::UnknownMove {
                character: 'é',
                position: 0
            })
        );
        assert_eq!(
            parse_moves("u\td?"),
            Err(MoveError::UnknownMove {
                character: '?',
                position: 3
            })
        );
        assert_eq!(parse_moves(""), Ok(Vec::new()));
    }
}
