//! The [`LargeHeuristic`] name for [`Heuristic`] on large boards, and the
//! memo their searches keep, [`LargeMemo`].

use crate::{Heuristic, LargeBoard, Slide};

/// A lower bound on the moves from a [`LargeBoard`] to the goal: the
/// [`Heuristic`] trait for boards of up to 25 cells, `Heuristic<W, H,
/// u128>`, under the name it had before the two traits were one. Every
/// `Heuristic<W, H, u128>` is one; implement that trait, not this.
///
/// It adds associated functions that forward to `Heuristic`'s methods, so
/// that `LargeHeuristic::estimate(&h, &board)` reads as
/// `Heuristic::estimate`. They take `this` rather than `self`: as methods
/// they would make `h.estimate(&board)` ambiguous wherever both traits are
/// in scope.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{LargeHeuristic, LinearConflict, Manhattan, Twentyfour};
///
/// // Tile 20 slides down, then tile 19 right: one step from home each.
/// let board = Twentyfour::goal().apply_moves("ul")?;
/// assert_eq!(LargeHeuristic::estimate(&Manhattan, &board), 2);
/// assert_eq!(LargeHeuristic::estimate(&LinearConflict, &board), 2);
/// # Ok::<(), sliding_puzzle::MoveError>(())
/// ```
pub trait LargeHeuristic<const W: usize, const H: usize>: Heuristic<W, H, u128> {
    /// [`Heuristic::estimate`].
    #[inline]
    fn estimate(this: &Self, board: &LargeBoard<W, H>) -> u8 {
        Heuristic::estimate(this, board)
    }

    /// [`Heuristic::quick_estimate`].
    #[inline]
    fn quick_estimate(this: &Self, board: &LargeBoard<W, H>) -> u8 {
        Heuristic::quick_estimate(this, board)
    }

    /// [`Heuristic::update`].
    #[inline]
    fn update(this: &Self, after: &LargeBoard<W, H>, before: u8, slide: Slide) -> u8 {
        Heuristic::update(this, after, before, slide)
    }
}

impl<const W: usize, const H: usize, T: Heuristic<W, H, u128> + ?Sized> LargeHeuristic<W, H> for T {}

/// What a [`LargeHeuristic`] keeps in a search state beside its quick
/// estimate: 64 bits and eight 32-bit words whose meaning is the
/// heuristic's own (the 24-puzzle's pattern databases keep their eight
/// group values, regular and reflected, in the bits and the groups'
/// direct-access table indices in the words, so that a move changes two
/// indices by a table delta and reads two entries).
///
/// # Example
///
/// ```
/// use sliding_puzzle::LargeMemo;
///
/// assert_eq!(LargeMemo::from_bits(7).bits(), 7);
/// assert_eq!(LargeMemo::from_bits(7).with_words([1; 8]).words(), [1; 8]);
/// assert_eq!(LargeMemo::EMPTY.bits(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LargeMemo {
    bits: u64,
    words: [u32; 8],
}

impl LargeMemo {
    /// The memo of a heuristic that keeps none.
    pub const EMPTY: LargeMemo = LargeMemo {
        bits: 0,
        words: [0; 8],
    };

    /// The memo holding `bits` (and zero words).
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u64) -> Self {
        LargeMemo {
            bits,
            words: [0; 8],
        }
    }

    /// The bits the memo holds.
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u64 {
        self.bits
    }

    /// The same bits, holding `words`.
    #[must_use]
    #[inline]
    pub const fn with_words(self, words: [u32; 8]) -> Self {
        LargeMemo {
            bits: self.bits,
            words,
        }
    }

    /// The words the memo holds.
    #[must_use]
    #[inline]
    pub const fn words(self) -> [u32; 8] {
        self.words
    }
}
