//! Move sequences in Singmaster notation: [`Sequence`], read from text
//! such as `R U2 F'` and printed back the same way.

use std::fmt;
use std::str::FromStr;

use crate::error::{Expected, NotFaceTurn, NotationError};
use crate::{Cube, Face, Move, Turn};

/// A sequence of face turns, read from and printed in Singmaster notation.
///
/// # What is read
///
/// - A move is a face letter, `U R F D L B`, then nothing (a quarter turn
///   clockwise), `2` (a half turn) or a prime (a quarter turn
///   counter-clockwise). The prime may be written `'`, `’` (U+2019, as
///   word processors type it) or `′` (U+2032); `R2'` is read as `R2`, the
///   same half turn.
/// - Moves may be separated by any whitespace, line breaks included, or
///   by nothing at all: `RU2F'` is `R U2 F'`.
/// - The empty text is the empty sequence.
///
/// # What is refused, by name
///
/// Only the 18 face turns of the half-turn metric are moves here. The
/// wider notation's other moves are refused with
/// [`NotationError::Unsupported`], saying which kind they are: wide turns
/// (`Rw`, and lower-case `r`, which many scramblers write for it), slice
/// moves (`M E S`) and rotations (`x y z`). Lower case is never read as the
/// face turn, since it means a wide turn in common use. Any other letter is
/// an [`NotationError::UnknownFace`], and any other character (a turn
/// such as `3`, a comma, a bracket) is [`NotationError::Unexpected`],
/// with what could have stood there.
///
/// # Printing
///
/// `Display` writes the moves separated by single spaces (`R U2 F'`), and
/// parsing that text gives the same sequence back.
///
/// # Example
///
/// ```
/// use cube::{Cube, Sequence};
///
/// let sexy: Sequence = "R U R’ U'".parse()?;
/// assert_eq!(sexy.len(), 4);
/// assert_eq!(sexy.to_string(), "R U R' U'");
/// assert_eq!(sexy.inverse().to_string(), "U R U' R'");
/// let cube = sexy.cube();
/// assert!(cube.apply_all(&sexy.inverse()).is_solved());
/// assert_eq!("RUR'U'".parse::<Sequence>()?, sexy);
/// # Ok::<(), cube::NotationError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sequence {
    moves: Vec<Move>,
}

impl Sequence {
    /// The sequence of `moves`.
    #[must_use]
    pub fn new(moves: Vec<Move>) -> Self {
        Sequence { moves }
    }

    /// The moves, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves, as a vector.
    #[must_use]
    pub fn into_moves(self) -> Vec<Move> {
        self.moves
    }

    /// The number of moves: the sequence's length in the half-turn metric.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the sequence has no move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The sequence that undoes this one: the inverse moves in reverse
    /// order.
    #[must_use]
    pub fn inverse(&self) -> Sequence {
        self.moves.iter().rev().map(|mv| mv.inverse()).collect()
    }

    /// The cube the sequence makes from the solved cube (a scramble's
    /// cube).
    #[must_use]
    pub fn cube(&self) -> Cube {
        Cube::SOLVED.apply_all(&self.moves)
    }
}

impl From<Vec<Move>> for Sequence {
    fn from(moves: Vec<Move>) -> Self {
        Sequence { moves }
    }
}

impl From<Sequence> for Vec<Move> {
    fn from(sequence: Sequence) -> Self {
        sequence.moves
    }
}

impl FromIterator<Move> for Sequence {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Self {
        Sequence {
            moves: iter.into_iter().collect(),
        }
    }
}

impl<'a> IntoIterator for &'a Sequence {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

impl IntoIterator for Sequence {
    type Item = Move;
    type IntoIter = std::vec::IntoIter<Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter()
    }
}

impl std::ops::Deref for Sequence {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves
    }
}

impl fmt::Display for Sequence {
    /// The moves in Singmaster notation, separated by single spaces:
    /// `R U2 F'` (and nothing for the empty sequence).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, mv) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{mv}")?;
        }
        Ok(())
    }
}

impl FromStr for Sequence {
    type Err = NotationError;

    /// Reads Singmaster notation (see [`Sequence`] for what is read).
    ///
    /// # Complexity
    ///
    /// O(n) in the characters of the text, one pass.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        parse(text).map(Sequence::new)
    }
}

/// What the last character read was, which decides what may follow.
#[derive(Clone, Copy, PartialEq, Eq)]
enum After {
    /// Nothing, or whitespace: a move may start.
    Space,
    /// A face letter: its turn may follow.
    Face,
    /// `2`: a prime may follow (`R2'` is `R2`).
    Half,
    /// A prime: only the next move.
    Prime,
}

/// The face a letter names, if it is one of `U R F D L B`.
fn face(c: char) -> Option<Face> {
    Face::ALL.into_iter().find(|face| face.letter() == c)
}

/// Whether `c` is a prime mark.
fn is_prime(c: char) -> bool {
    matches!(c, '\'' | '’' | '′')
}

/// The moves of `text`, or the first problem found.
fn parse(text: &str) -> Result<Vec<Move>, NotationError> {
    let mut moves: Vec<Move> = Vec::new();
    let mut after = After::Space;
    let (mut line, mut column) = (1usize, 0usize);
    for c in text.chars() {
        column += 1;
        if c == '\n' {
            (line, column, after) = (line + 1, 0, After::Space);
            continue;
        }
        if c.is_whitespace() {
            after = After::Space;
            continue;
        }
        if let Some(face) = face(c) {
            moves.push(Move::new(face, Turn::Clockwise));
            after = After::Face;
            continue;
        }
        let last = moves.last_mut();
        match (after, c, last) {
            (After::Face, '2', Some(last)) => {
                last.turn = Turn::Half;
                after = After::Half;
            }
            (After::Face, c, Some(last)) if is_prime(c) => {
                last.turn = Turn::CounterClockwise;
                after = After::Prime;
            }
            (After::Half, c, _) if is_prime(c) => after = After::Prime,
            _ => return Err(refuse(c, after, line, column)),
        }
    }
    Ok(moves)
}

/// The error for `c`, found after `after` at `line`, `column`.
fn refuse(found: char, after: After, line: usize, column: usize) -> NotationError {
    let kind = match found {
        'u' | 'r' | 'f' | 'd' | 'l' | 'b' => Some(NotFaceTurn::Wide),
        'w' | 'W' if after == After::Face => Some(NotFaceTurn::Wide),
        'M' | 'E' | 'S' | 'm' | 'e' | 's' => Some(NotFaceTurn::Slice),
        'x' | 'y' | 'z' | 'X' | 'Y' | 'Z' => Some(NotFaceTurn::Rotation),
        _ => None,
    };
    if let Some(kind) = kind {
        return NotationError::Unsupported {
            found,
            kind,
            line,
            column,
        };
    }
    if found.is_alphabetic() {
        return NotationError::UnknownFace {
            found,
            line,
            column,
        };
    }
    let expected = match after {
        After::Space | After::Prime => Expected::Face,
        After::Face => Expected::TurnOrFace,
        After::Half => Expected::PrimeOrFace,
    };
    NotationError::Unexpected {
        found,
        expected,
        line,
        column,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read(text: &str) -> Result<String, NotationError> {
        text.parse::<Sequence>().map(|s| s.to_string())
    }

    #[test]
    fn every_move_prints_and_reads_back() {
        let all: Sequence = Move::ALL.into_iter().collect();
        assert_eq!(
            all.to_string(),
            "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'"
        );
        assert_eq!(all.to_string().parse::<Sequence>(), Ok(all));
    }

    #[test]
    fn whitespace_and_primes_are_tolerated() {
        assert_eq!(read("  R\tU2\n\nF' \r\n"), Ok("R U2 F'".into()));
        assert_eq!(read("RU2F'"), Ok("R U2 F'".into()));
        assert_eq!(read("R’ U′ F2' B2’"), Ok("R' U' F2 B2".into()));
        assert_eq!(read(""), Ok(String::new()));
        assert_eq!(read(" \n "), Ok(String::new()));
        assert_eq!(read("R'U'"), Ok("R' U'".into()));
    }

    #[test]
    fn errors_name_the_character_its_place_and_what_was_expected() {
        let err = |text: &str| text.parse::<Sequence>().unwrap_err();
        assert_eq!(
            err("R U2 F' Q").to_string(),
            "unknown face letter 'Q' at line 1, column 9: expected one of U R F D L B"
        );
        assert_eq!(
            err("R U\nF x2").to_string(),
            "cube rotation 'x' at line 2, column 3 is not supported: expected a face turn, one of U R F D L B"
        );
        assert_eq!(
            err("R u").to_string(),
            "wide turn 'u' at line 1, column 3 is not supported: expected a face turn, one of U R F D L B"
        );
        assert_eq!(
            err("Rw U"),
            NotationError::Unsupported {
                found: 'w',
                kind: NotFaceTurn::Wide,
                line: 1,
                column: 2
            }
        );
        assert_eq!(
            err("R M'"),
            NotationError::Unsupported {
                found: 'M',
                kind: NotFaceTurn::Slice,
                line: 1,
                column: 3
            }
        );
        assert_eq!(
            err("R3").to_string(),
            "unexpected '3' at line 1, column 2: expected a turn (2 or ') or the next face letter, one of U R F D L B"
        );
        assert_eq!(
            err("R22"),
            NotationError::Unexpected {
                found: '2',
                expected: Expected::PrimeOrFace,
                line: 1,
                column: 3
            }
        );
        assert_eq!(
            err("R'2"),
            NotationError::Unexpected {
                found: '2',
                expected: Expected::Face,
                line: 1,
                column: 3
            }
        );
        assert_eq!(
            err("2R"),
            NotationError::Unexpected {
                found: '2',
                expected: Expected::Face,
                line: 1,
                column: 1
            }
        );
        assert_eq!(
            err("R ' U"),
            NotationError::Unexpected {
                found: '\'',
                expected: Expected::Face,
                line: 1,
                column: 3
            }
        );
        assert_eq!(
            err("(R U),").to_string(),
            "unexpected '(' at line 1, column 1: expected a face letter, one of U R F D L B"
        );
        // Columns count characters, not bytes.
        assert_eq!(err("R’ U’ é").column(), 7);
        assert_eq!(
            err("W").to_string(),
            "unknown face letter 'W' at line 1, column 1: expected one of U R F D L B"
        );
    }

    fn any_move() -> impl Strategy<Value = Move> {
        (0..18usize).prop_map(|i| Move::ALL[i])
    }

    proptest! {
        #[test]
        fn sequences_print_and_read_back(moves in prop::collection::vec(any_move(), 0..40)) {
            let sequence = Sequence::new(moves);
            let text = sequence.to_string();
            prop_assert_eq!(text.parse::<Sequence>(), Ok(sequence.clone()));
            prop_assert_eq!(text.replace(' ', "").parse::<Sequence>(), Ok(sequence.clone()));
            prop_assert_eq!(text.replace(' ', "\n\t ").parse::<Sequence>(), Ok(sequence.clone()));
            prop_assert_eq!(text.replace('\'', "’").parse::<Sequence>(), Ok(sequence.clone()));
            prop_assert_eq!(text.replace('2', "2'").parse::<Sequence>(), Ok(sequence.clone()));
            prop_assert!(sequence.cube().apply_all(&sequence.inverse()).is_solved());
        }

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC*") {
            let _ = text.parse::<Sequence>();
        }

        #[test]
        fn notation_like_text_never_panics(text in "[URFDLBMxwr2'’ \n(]{0,30}") {
            if let Err(err) = text.parse::<Sequence>() {
                prop_assert!(err.line() >= 1 && err.column() >= 1);
                prop_assert!(err.line() <= text.lines().count().max(1));
            }
        }
    }
}
