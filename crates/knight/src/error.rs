//! The crate's error: [`InputError`], why a POJ 1915 input could not be
//! read.

use frontier_text::TokenExcerpt;

/// Why the input could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// A token that is not a number.
    #[error("line {line}: expected {expected}, found {token}")]
    NotANumber {
        /// What was expected there.
        expected: String,
        /// The token as written (its start and length, if long).
        token: TokenExcerpt,
        /// Its line, from 1.
        line: usize,
    },
    /// A number outside its range.
    #[error("line {line}: {what} is {token}, out of range ({min} to {max})")]
    OutOfRange {
        /// What the number is.
        what: String,
        /// The token as written (its start and length, if long).
        token: TokenExcerpt,
        /// Its line, from 1.
        line: usize,
        /// The smallest value allowed.
        min: u64,
        /// The largest value allowed.
        max: u64,
    },
    /// The input ended early.
    #[error("line {line}: the input ends where {expected} was expected")]
    MissingToken {
        /// What was expected.
        expected: String,
        /// The last line of the input.
        line: usize,
    },
    /// A token after the last case.
    #[error("line {line}: unexpected {token} after the last case")]
    Trailing {
        /// The token as written (its start and length, if long).
        token: TokenExcerpt,
        /// Its line, from 1.
        line: usize,
    },
}
