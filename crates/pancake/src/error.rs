//! The crate's errors: [`ParseError`] when a stack cannot be read,
//! [`FlipError`] when flips cannot be replayed or do not sort the stack, and
//! [`TokenExcerpt`], the bounded copy of a bad token that errors keep.

use thiserror::Error;

use crate::Flip;

/// The bounded copy of a bad token that errors keep, shared by the
/// plug-ins (re-exported here so its path in this crate stays).
pub use frontier_text::TokenExcerpt;

/// Why a stack could not be read (from text by `FromStr`, or from a slice by
/// [`Stack::new`](crate::Stack::new)).
///
/// A stack is written top first, one number per pancake, `1` for the
/// smallest; positions count pancakes from 0 (the top). When an input has
/// several problems, the first of these checks to fail is reported:
/// unreadable tokens, the number of pancakes, ranges, repeats.
///
/// # Example
///
/// ```
/// use pancake::{ParseError, Stack};
///
/// let err = "3 1 6 2 4".parse::<Stack>().unwrap_err();
/// assert_eq!(err, ParseError::OutOfRange { pancake: 6, position: 2, max: 5 });
/// assert_eq!(err.to_string(), "pancake 6 at position 2 is out of range (expected 1 to 5)");
/// assert_eq!("2 1 2".parse::<Stack>().unwrap_err().to_string(), "pancake 2 appears twice, at positions 0 and 2");
/// assert_eq!(
///     "99999999999999999999 1 2".parse::<Stack>().unwrap_err().to_string(),
///     "pancake \"99999999999999999999\" at position 0 is out of range (expected 1 to 3)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The input holds no pancake.
    #[error("expected 1 to {max} pancakes, found none")]
    Empty {
        /// The most pancakes a stack can hold ([`Stack::MAX_LEN`](crate::Stack::MAX_LEN)).
        max: usize,
    },
    /// The input holds more pancakes than a stack can.
    #[error("expected at most {max} pancakes, found {found}")]
    TooMany {
        /// The most pancakes a stack can hold ([`Stack::MAX_LEN`](crate::Stack::MAX_LEN)).
        max: usize,
        /// The number of pancakes in the input.
        found: usize,
    },
    /// A token is not a pancake number (digits only).
    #[error("unreadable token {token} at position {position} (expected a pancake number)")]
    UnreadableToken {
        /// The token as written, cut short if it is long.
        token: TokenExcerpt,
        /// Where it appears.
        position: usize,
    },
    /// A pancake number is 0 or larger than the stack.
    #[error("pancake {pancake} at position {position} is out of range (expected 1 to {max})")]
    OutOfRange {
        /// The pancake as written.
        pancake: u64,
        /// Where it appears.
        position: usize,
        /// The largest pancake of the stack: the number of pancakes.
        max: usize,
    },
    /// A pancake number too large for a `u64`, and so out of range: given
    /// as written, since no number can hold it.
    #[error("pancake {token} at position {position} is out of range (expected 1 to {max})")]
    NumberTooLarge {
        /// The number as written, cut short if it is long.
        token: TokenExcerpt,
        /// Where it appears.
        position: usize,
        /// The largest pancake of the stack: the number of pancakes.
        max: usize,
    },
    /// A pancake appears more than once.
    #[error("pancake {pancake} appears twice, at positions {first} and {second}")]
    Repeated {
        /// The repeated pancake.
        pancake: u8,
        /// Where it appears first.
        first: usize,
        /// Where it appears again.
        second: usize,
    },
}

/// Why a list of flips could not be applied to a stack, or did not sort it.
///
/// Positions count flips from 0.
///
/// # Example
///
/// ```
/// use pancake::{Flip, FlipError, Stack};
///
/// let stack: Stack = "2 1 3".parse()?;
/// let err = stack.verify_solution(&[Flip::new(4)]).unwrap_err();
/// assert_eq!(err, FlipError::TooLarge { flip: Flip::new(4), position: 0, len: 3 });
/// assert_eq!(err.to_string(), "flip 4 at position 0 turns more pancakes than the stack's 3");
/// # Ok::<(), pancake::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum FlipError {
    /// A flip of fewer than two pancakes (a flip of one changes nothing and
    /// is not a move).
    #[error("flip {flip} at position {position} turns fewer than 2 pancakes")]
    TooSmall {
        /// The flip.
        flip: Flip,
        /// Where it appears.
        position: usize,
    },
    /// A flip of more pancakes than the stack holds.
    #[error("flip {flip} at position {position} turns more pancakes than the stack's {len}")]
    TooLarge {
        /// The flip.
        flip: Flip,
        /// Where it appears.
        position: usize,
        /// The number of pancakes in the stack.
        len: usize,
    },
    /// Every flip is legal, but the last stack is not sorted.
    #[error("the {flips} flips end at {end}, not at the sorted stack")]
    GoalNotReached {
        /// The number of flips applied.
        flips: usize,
        /// The stack they end at, top first.
        end: String,
    },
}
