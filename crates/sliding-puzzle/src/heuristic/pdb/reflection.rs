//! Reflection across the main diagonal: a second lookup of the same tables
//! (see the [module docs](super#reflection)).

use super::bits::cell_u8;
use super::{PatternDatabase, PatternError};

/// The cell `cell` reflects to across the main diagonal of a `W`×`W` board.
#[inline]
pub(super) fn transpose<const W: usize>(cell: u8) -> u8 {
    let w = cell_u8(W);
    (cell % w) * w + cell / w
}

impl<const W: usize, const H: usize> PatternDatabase<W, H> {
    /// The same tables, estimating the larger of the board's sum and its
    /// reflection's (see the [module docs](super)).
    ///
    /// # Errors
    ///
    /// [`PatternError::NotSquare`] unless `W == H`.
    pub fn with_reflection(self) -> Result<Self, PatternError> {
        if W != H {
            return Err(PatternError::NotSquare {
                width: W,
                height: H,
            });
        }
        Ok(PatternDatabase {
            reflection: true,
            ..self
        })
    }

    /// Whether estimates also look the reflected board up.
    #[must_use]
    pub fn reflects(&self) -> bool {
        self.reflection
    }
}
