//! The errors of reading and checking cubes: [`NotationError`] when a move
//! sequence cannot be read, [`FaceletError`] when a facelet string is no
//! cube, [`Unsolvable`] when a cube's cubies cannot be reached by turns,
//! and [`LineError`], either of the first two with the line it came from.
//!
//! Every one is an error a program prints, never a panic: each names what
//! is wrong (the character, the facelet, the piece, the place) and what
//! was expected.

use std::fmt;

use thiserror::Error;

use crate::facelets::Facelet;
use crate::{CORNER_NAMES, EDGE_NAMES, Face};

/// Why a move sequence in Singmaster notation could not be read (see
/// [`Sequence`](crate::Sequence)).
///
/// Lines and columns count from 1; columns count characters, not bytes.
///
/// # Example
///
/// ```
/// use cube::{NotationError, Sequence};
///
/// let err = "R U2 F' Q".parse::<Sequence>().unwrap_err();
/// assert_eq!(err, NotationError::UnknownFace { found: 'Q', line: 1, column: 9 });
/// assert_eq!(
///     err.to_string(),
///     "unknown face letter 'Q' at line 1, column 9: expected one of U R F D L B"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum NotationError {
    /// A letter that names no face and no move this crate knows.
    #[error(
        "unknown face letter {found:?} at line {line}, column {column}: expected one of U R F D L B"
    )]
    UnknownFace {
        /// The letter.
        found: char,
        /// Its line, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
    },
    /// A move of the wider notation that is not a face turn of the
    /// half-turn metric: a wide turn (`r`, `Rw`), a slice move (`M E S`) or
    /// a cube rotation (`x y z`).
    #[error(
        "{kind} {found:?} at line {line}, column {column} is not supported: expected a face turn, one of U R F D L B"
    )]
    Unsupported {
        /// The character that makes the move one of these (`w` for `Rw`).
        found: char,
        /// Which kind of move it is.
        kind: NotFaceTurn,
        /// Its line, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
    },
    /// A character that cannot stand where it is: a turn with no face
    /// before it (`2`, `'`), a turn other than `2` and `'` (`R3`), or a
    /// mark that is no part of the notation (`,` `(`).
    #[error("unexpected {found:?} at line {line}, column {column}: expected {expected}")]
    Unexpected {
        /// The character.
        found: char,
        /// What could have stood there.
        expected: Expected,
        /// Its line, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
    },
}

impl NotationError {
    /// The line of the error, from 1.
    #[must_use]
    pub const fn line(&self) -> usize {
        match *self {
            NotationError::UnknownFace { line, .. }
            | NotationError::Unsupported { line, .. }
            | NotationError::Unexpected { line, .. } => line,
        }
    }

    /// The column of the error, from 1, in characters.
    #[must_use]
    pub const fn column(&self) -> usize {
        match *self {
            NotationError::UnknownFace { column, .. }
            | NotationError::Unsupported { column, .. }
            | NotationError::Unexpected { column, .. } => column,
        }
    }

    /// The same error for text that starts at line `line` of a larger
    /// input (a file read one line at a time): its line number shifted by
    /// `line - 1`, so an error on the text's first line is on `line`.
    ///
    /// # Example
    ///
    /// ```
    /// use cube::Sequence;
    ///
    /// let err = "R U x".parse::<Sequence>().unwrap_err().with_line(7);
    /// assert_eq!((err.line(), err.column()), (7, 5));
    /// ```
    #[must_use]
    pub const fn with_line(mut self, line: usize) -> Self {
        let shift = line.saturating_sub(1);
        match &mut self {
            NotationError::UnknownFace { line: at, .. }
            | NotationError::Unsupported { line: at, .. }
            | NotationError::Unexpected { line: at, .. } => *at = at.saturating_add(shift),
        }
        self
    }
}

/// The moves of the wider cube notation that are not face turns, which
/// [`Sequence`](crate::Sequence) refuses by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotFaceTurn {
    /// A wide turn: two layers, written `Rw` or in lower case, `r`.
    Wide,
    /// A slice move: the middle layer, `M`, `E` or `S`.
    Slice,
    /// A whole-cube rotation: `x`, `y` or `z`.
    Rotation,
}

impl fmt::Display for NotFaceTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotFaceTurn::Wide => "wide turn",
            NotFaceTurn::Slice => "slice move",
            NotFaceTurn::Rotation => "cube rotation",
        })
    }
}

/// What the notation allows at a place where something else was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Expected {
    /// The start of a move: a face letter.
    Face,
    /// After a face letter: its turn (`2` or `'`), a space or the next
    /// move.
    TurnOrFace,
    /// After `2`: a prime (`R2'` is read as `R2`), a space or the next
    /// move.
    PrimeOrFace,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Face => "a face letter, one of U R F D L B",
            Expected::TurnOrFace => "a turn (2 or ') or the next face letter, one of U R F D L B",
            Expected::PrimeOrFace => "' or the next face letter, one of U R F D L B",
        })
    }
}

/// Why a 54-facelet string is no cube (see
/// [`Cube::from_facelets`](crate::Cube::from_facelets)).
///
/// The checks run in the order of the variants, and the first that fails
/// is reported: a string with several problems names the most basic.
///
/// # Example
///
/// ```
/// use cube::{Cube, Face, FaceletError};
///
/// let twice_u = "UUUUUUUUUURRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
/// assert_eq!(
///     Cube::from_facelets(twice_u),
///     Err(FaceletError::WrongCount { colour: Face::U, found: 10 })
/// );
/// assert_eq!(
///     Cube::from_facelets(twice_u).unwrap_err().to_string(),
///     "colour U appears on 10 facelets (expected 9)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum FaceletError {
    /// The string does not hold 54 characters (leading and trailing
    /// whitespace aside).
    #[error("expected 54 facelets, found {found}")]
    WrongLength {
        /// The number of characters found.
        found: usize,
    },
    /// A character that is not one of the six colour letters.
    #[error(
        "unknown colour {found:?} at facelet {facelet} (character {position}): expected one of U R F D L B"
    )]
    UnknownColour {
        /// The character.
        found: char,
        /// The facelet it stands for.
        facelet: Facelet,
        /// Its place in the string, from 1.
        position: usize,
    },
    /// A centre of another colour than its face's: the letters name the
    /// colours of the centres, so the centre of `U` is `U` and so on (a
    /// string of colours mapped to letters some other way, or of a cube
    /// held turned, fails here).
    #[error(
        "the centre of face {face} has colour {found} (expected {face}: a colour is named by the face whose centre has it)"
    )]
    CentreNotInPlace {
        /// The face.
        face: Face,
        /// The colour of its centre.
        found: Face,
    },
    /// A colour on more or fewer than 9 facelets.
    #[error("colour {colour} appears on {found} facelets (expected 9)")]
    WrongCount {
        /// The colour: the face whose centre has it.
        colour: Face,
        /// How many facelets have it.
        found: usize,
    },
    /// Three corner facelets whose colours no corner has: two of a pair of
    /// opposite colours, a repeated colour, or the colours of a corner in
    /// mirror order.
    #[error(
        "the corner in place {} has colours {}, which no corner has",
        corner_name(*place),
        letters(colours)
    )]
    NotACorner {
        /// The corner place (`0` is `URF`, as in [`CORNER_NAMES`]).
        place: u8,
        /// The colours of its facelets, U or D facelet first, clockwise.
        colours: [Face; 3],
    },
    /// Two edge facelets whose colours no edge has.
    #[error(
        "the edge in place {} has colours {}, which no edge has",
        edge_name(*place),
        letters(colours)
    )]
    NotAnEdge {
        /// The edge place (`0` is `UR`, as in [`EDGE_NAMES`]).
        place: u8,
        /// The colours of its facelets, in the order of the place's name.
        colours: [Face; 2],
    },
    /// Every facelet is a piece's, but the pieces make no cube that turns
    /// can reach: a piece twice, a twisted corner, a flipped edge, two
    /// pieces swapped.
    #[error(transparent)]
    Unsolvable(#[from] Unsolvable),
}

/// The parity of a permutation: whether it is an even or an odd number of
/// swaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// An even number of swaps.
    Even,
    /// An odd number of swaps.
    Odd,
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Parity::Even => "even",
            Parity::Odd => "odd",
        })
    }
}

/// Why a [`Cube`](crate::Cube) cannot be reached from the solved cube by
/// turns ([`Cube::check`](crate::Cube::check)): its arrays are no cube, or
/// it is a cube taken apart and put together wrong.
///
/// Places and pieces are numbers as in [`Cube`](crate::Cube), printed by
/// their names ([`CORNER_NAMES`], [`EDGE_NAMES`]). The checks run in the
/// order of the variants and the first that fails is reported.
///
/// # Example
///
/// ```
/// use cube::{Cube, Unsolvable};
///
/// let mut cube = Cube::SOLVED;
/// cube.corner_twists[0] = 1;
/// assert_eq!(cube.check(), Err(Unsolvable::TwistedCorner { twist: 1 }));
/// assert_eq!(
///     cube.check().unwrap_err().to_string(),
///     "a corner is twisted: the corner twists add up to 1 mod 3 (expected 0)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Unsolvable {
    /// A corner place holds a number that is no corner.
    #[error("corner place {} holds piece {piece} (expected 0 to 7)", corner_name(*place))]
    CornerOutOfRange {
        /// The place.
        place: u8,
        /// The number it holds.
        piece: u8,
    },
    /// A corner in two places (and so another in none).
    #[error(
        "corner {} appears twice, in places {} and {}",
        corner_name(*piece),
        corner_name(*first),
        corner_name(*second)
    )]
    RepeatedCorner {
        /// The corner.
        piece: u8,
        /// The first place holding it.
        first: u8,
        /// The second place holding it.
        second: u8,
    },
    /// A corner twist of 3 or more.
    #[error("the corner in place {} has twist {twist} (expected 0 to 2)", corner_name(*place))]
    TwistOutOfRange {
        /// The place.
        place: u8,
        /// Its twist.
        twist: u8,
    },
    /// An edge place holds a number that is no edge.
    #[error("edge place {} holds piece {piece} (expected 0 to 11)", edge_name(*place))]
    EdgeOutOfRange {
        /// The place.
        place: u8,
        /// The number it holds.
        piece: u8,
    },
    /// An edge in two places (and so another in none).
    #[error(
        "edge {} appears twice, in places {} and {}",
        edge_name(*piece),
        edge_name(*first),
        edge_name(*second)
    )]
    RepeatedEdge {
        /// The edge.
        piece: u8,
        /// The first place holding it.
        first: u8,
        /// The second place holding it.
        second: u8,
    },
    /// An edge flip of 2 or more.
    #[error("the edge in place {} has flip {flip} (expected 0 or 1)", edge_name(*place))]
    FlipOutOfRange {
        /// The place.
        place: u8,
        /// Its flip.
        flip: u8,
    },
    /// The twists do not add up to a multiple of 3: a corner has been
    /// twisted in place.
    #[error("a corner is twisted: the corner twists add up to {twist} mod 3 (expected 0)")]
    TwistedCorner {
        /// Their sum modulo 3: 1 or 2.
        twist: u8,
    },
    /// The flips do not add up to an even number: an edge has been flipped
    /// in place.
    #[error("an edge is flipped: the edge flips add up to an odd number (expected even)")]
    FlippedEdge,
    /// The corner and edge permutations differ in parity: two pieces have
    /// been swapped.
    #[error(
        "two pieces are swapped: the corner permutation is {corners} but the edge permutation {edges} (expected both even or both odd)"
    )]
    OddPermutation {
        /// The corner permutation's parity.
        corners: Parity,
        /// The edge permutation's parity.
        edges: Parity,
    },
}

/// Why a line of a cube file could not be read (see
/// [`parse_cube`](crate::parse_cube) and [`cubes`](crate::cubes)): the
/// reason, with the line's number.
///
/// # Example
///
/// ```
/// let errors: Vec<String> = cube::cubes("R U\nR Q\nUUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBBB\n")
///     .filter_map(Result::err)
///     .map(|err| err.to_string())
///     .collect();
/// assert_eq!(
///     errors,
///     [
///         "unknown face letter 'Q' at line 2, column 3: expected one of U R F D L B",
///         "line 3: expected 54 facelets, found 55",
///     ]
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum LineError {
    /// The line reads as a move sequence, and is not one. The error's line
    /// is the line's number in the input.
    #[error(transparent)]
    Moves(#[from] NotationError),
    /// The line reads as a facelet string, and is no legal cube.
    #[error("line {line}: {error}")]
    Facelets {
        /// The line, from 1.
        line: usize,
        /// Why its facelets are no cube.
        error: FaceletError,
    },
}

impl LineError {
    /// The line of the error, from 1.
    #[must_use]
    pub const fn line(&self) -> usize {
        match self {
            LineError::Moves(error) => error.line(),
            LineError::Facelets { line, .. } => *line,
        }
    }
}

/// The name of corner place or piece `index`, or its number if it has none.
pub(crate) fn corner_name(index: u8) -> Name {
    Name(CORNER_NAMES.get(usize::from(index)).copied(), index)
}

/// The name of edge place or piece `index`, or its number if it has none.
pub(crate) fn edge_name(index: u8) -> Name {
    Name(EDGE_NAMES.get(usize::from(index)).copied(), index)
}

/// A place or piece as a message shows it: its name, or `#` and its number
/// when it is out of range (an error built by hand may hold any number).
pub(crate) struct Name(Option<&'static str>, u8);

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(name) => f.write_str(name),
            None => write!(f, "#{}", self.1),
        }
    }
}

/// Colours as one word: `URF`.
fn letters(colours: &[Face]) -> String {
    colours.iter().map(|face| face.letter()).collect()
}
