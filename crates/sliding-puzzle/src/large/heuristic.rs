//! Heuristics for large boards: the [`LargeHeuristic`] trait, and zero for
//! it (the other heuristics implement it beside their [`Heuristic`](crate::Heuristic) impl).

use crate::LargeBoard;
use crate::{Slide, Zero};

/// A lower bound on the moves from a [`LargeBoard`] to the goal: the
/// [`Heuristic`](crate::Heuristic) trait for boards of up to 25 cells,
/// with the same contract (admissible, 0 on the goal; `update` and
/// `update_memo` return exactly what `quick_estimate` would; `refine` adds
/// a dear part only where the quick one does not already cut a child off).
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
pub trait LargeHeuristic<const W: usize, const H: usize> {
    /// Lower bound on the moves from `board` to the goal.
    fn estimate(&self, board: &LargeBoard<W, H>) -> u8;

    /// The cheap part of the estimate, never above it: what a search keeps
    /// in each state and updates move by move. Default: the estimate.
    fn quick_estimate(&self, board: &LargeBoard<W, H>) -> u8 {
        self.estimate(board)
    }

    /// The estimate of `board`, given its quick estimate `quick`, for a
    /// search that only needs to know whether it exceeds `enough` (see
    /// [`Heuristic::refine`](crate::Heuristic::refine)). Default: `quick`.
    fn refine(&self, board: &LargeBoard<W, H>, quick: u8, enough: u8) -> u8 {
        let _ = (board, enough);
        quick
    }

    /// The quick estimate of `after`, reached by `slide` from a board whose
    /// quick estimate was `before`. Default: recompute.
    fn update(&self, after: &LargeBoard<W, H>, before: u8, slide: Slide) -> u8 {
        let _ = (before, slide);
        self.quick_estimate(after)
    }

    /// Whether the memo methods keep anything in the [`LargeMemo`].
    /// Default: false.
    const KEEPS_MEMO: bool = false;

    /// The quick estimate of `board` and the memo a state keeps beside it.
    /// Default: the quick estimate and an empty memo.
    fn quick_estimate_memo(&self, board: &LargeBoard<W, H>) -> (u8, LargeMemo) {
        (self.quick_estimate(board), LargeMemo::EMPTY)
    }

    /// [`update`](Self::update) with the memo. Contract: what
    /// [`quick_estimate_memo`](Self::quick_estimate_memo) gives for
    /// `after`. Default: `update`, the memo as it was.
    fn update_memo(
        &self,
        after: &LargeBoard<W, H>,
        before: u8,
        memo: LargeMemo,
        slide: Slide,
    ) -> (u8, LargeMemo) {
        (self.update(after, before, slide), memo)
    }

    /// The quick estimate [`update_memo`](Self::update_memo) gives for the
    /// board `slide` makes out of `parent` (whose quick estimate is
    /// `before` and memo `memo`), for a search that only needs to know
    /// whether it exceeds `enough`: exactly that whenever it is at most
    /// `enough`, otherwise any admissible value above `enough` (a heuristic
    /// that maxes two sums may stop at the first that is over). It takes
    /// the parent, so that a heuristic that needs only the slide and the
    /// memo need not have the child made. Default: `update_memo`'s.
    #[inline]
    fn update_memo_within(
        &self,
        parent: &LargeBoard<W, H>,
        before: u8,
        memo: LargeMemo,
        slide: Slide,
        enough: u8,
    ) -> u8 {
        let _ = enough;
        self.update_memo(&parent.after(slide), before, memo, slide)
            .0
    }

    /// Whether [`refine`](Self::refine) may give more than the quick
    /// estimate (a search skips making the board for it if not).
    /// Default: true.
    fn refines(&self) -> bool {
        true
    }

    /// Whether estimates differ by at most one across a move.
    fn is_consistent(&self) -> bool {
        true
    }
}

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

impl<const W: usize, const H: usize, T: LargeHeuristic<W, H> + ?Sized> LargeHeuristic<W, H> for &T {
    #[inline]
    fn estimate(&self, board: &LargeBoard<W, H>) -> u8 {
        (**self).estimate(board)
    }

    #[inline]
    fn quick_estimate(&self, board: &LargeBoard<W, H>) -> u8 {
        (**self).quick_estimate(board)
    }

    #[inline]
    fn refine(&self, board: &LargeBoard<W, H>, quick: u8, enough: u8) -> u8 {
        (**self).refine(board, quick, enough)
    }

    #[inline]
    fn update(&self, after: &LargeBoard<W, H>, before: u8, slide: Slide) -> u8 {
        (**self).update(after, before, slide)
    }

    const KEEPS_MEMO: bool = T::KEEPS_MEMO;

    #[inline]
    fn quick_estimate_memo(&self, board: &LargeBoard<W, H>) -> (u8, LargeMemo) {
        (**self).quick_estimate_memo(board)
    }

    #[inline]
    fn update_memo(
        &self,
        after: &LargeBoard<W, H>,
        before: u8,
        memo: LargeMemo,
        slide: Slide,
    ) -> (u8, LargeMemo) {
        (**self).update_memo(after, before, memo, slide)
    }

    #[inline]
    fn update_memo_within(
        &self,
        parent: &LargeBoard<W, H>,
        before: u8,
        memo: LargeMemo,
        slide: Slide,
        enough: u8,
    ) -> u8 {
        (**self).update_memo_within(parent, before, memo, slide, enough)
    }

    #[inline]
    fn refines(&self) -> bool {
        (**self).refines()
    }

    fn is_consistent(&self) -> bool {
        (**self).is_consistent()
    }
}

/// No information, on large boards too.
impl<const W: usize, const H: usize> LargeHeuristic<W, H> for Zero {
    #[inline]
    fn estimate(&self, _board: &LargeBoard<W, H>) -> u8 {
        0
    }

    #[inline]
    fn update(&self, _after: &LargeBoard<W, H>, _before: u8, _slide: Slide) -> u8 {
        0
    }
}
