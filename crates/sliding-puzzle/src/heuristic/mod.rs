//! Heuristics: lower bounds on the number of moves from a board to the goal,
//! behind one [`Heuristic`] trait that a [`Puzzle`](crate::Puzzle) updates
//! incrementally as the search moves tiles.
//!
//! | heuristic | source | admissible | consistent |
//! | --- | --- | --- | --- |
//! | [`Zero`] | (turns A* into Dijkstra, IDA* into iterative deepening) | yes | yes |
//! | [`Misplaced`] | tiles out of place (Doran & Michie 1966; Nilsson's h1) | yes | yes |
//! | [`Manhattan`] | sum of tile distances (Doran & Michie 1966; Korf 1985) | yes | yes |
//! | [`LinearConflict`] | Manhattan + 2 per line conflict (Hansson, Mayer & Yung 1992) | yes | yes |
//! | [`PatternDatabase`] | additive disjoint pattern databases with the reflected lookup (Korf & Felner 2002; Felner, Korf & Hanan 2004) | yes | no |
//! | [`Max`] | the larger of two heuristics, e.g. databases of two partitions (Holte, Felner et al. 2006) | if both are | if both are |
//!
//! Every heuristic but the pattern databases can also measure toward
//! another board than the goal ([`Heuristic::estimate_to`] with a
//! [`Target`]), which the bidirectional searches use backward, toward the
//! start; the pattern databases give 0 there (no information).
//!
//! Each of the first four dominates the one above it, so it never expands
//! more nodes in A* or IDA* (up to tie-breaking). The pattern databases
//! dominate Manhattan distance: with the 7-8 partition and reflection, IDA*
//! solves Korf's 100 15-puzzles with about 38,000 nodes each, against 44
//! million with linear conflict (`docs/benchmarks.md`).

pub(crate) mod linear_conflict;
mod manhattan;
mod max;
mod misplaced;
pub mod pdb;
mod target;

pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use max::Max;
pub use misplaced::Misplaced;
pub use pdb::PatternDatabase;
pub use target::Target;

use crate::{Board, Packing, Slide};

/// A lower bound on the moves from a board to the goal, for boards packed
/// into either word (`Heuristic<W, H>` for a [`Board`], `Heuristic<W, H,
/// u128>` for a [`LargeBoard`](crate::LargeBoard), which is what
/// [`LargeHeuristic`](crate::LargeHeuristic) names).
///
/// Contract in both directions: an `estimate` that never exceeds the true
/// distance (admissible) keeps A* and IDA* optimal; one that overestimates
/// lets them return longer solutions. It must be 0 on the goal for IDA*'s
/// bounds to be tight. `update` must return exactly what `quick_estimate`
/// would on `after` (a search mixes both); it exists so that a search pays a
/// few table lookups per move instead of a full evaluation.
///
/// A heuristic with a dear part (the pattern databases' dual lookups) keeps
/// it out of [`quick_estimate`](Self::quick_estimate), which a
/// [`PuzzleState`](crate::PuzzleState) carries, and adds it in
/// [`refine`](Self::refine), which IDA* calls only for the children that the
/// quick part does not already cut off.
///
/// # Example
///
/// A heuristic counting the tiles outside their goal row:
///
/// ```
/// use sliding_puzzle::{Board, Eight, Heuristic};
///
/// struct WrongRow;
///
/// impl<const W: usize, const H: usize> Heuristic<W, H> for WrongRow {
///     fn estimate(&self, board: &Board<W, H>) -> u8 {
///         let wrong = board
///             .tiles()
///             .enumerate()
///             .filter(|&(cell, tile)| tile != 0 && (usize::from(tile) - 1) / W != cell / W)
///             .count();
///         u8::try_from(wrong).unwrap_or(u8::MAX)
///     }
/// }
///
/// let board: Eight = "2 3 4 1 5 x 7 6 8".parse()?;
/// assert_eq!(WrongRow.estimate(&board), 3); // tiles 4, 1 and 6
/// assert_eq!(WrongRow.estimate(&Eight::goal()), 0);
/// # Ok::<(), sliding_puzzle::ParseError>(())
/// ```
pub trait Heuristic<const W: usize, const H: usize, P: Packing = u64> {
    /// Lower bound on the moves from `board` to the goal.
    fn estimate(&self, board: &Board<W, H, P>) -> u8;

    /// The cheap part of the estimate, never above it: what a search keeps
    /// in each state and updates move by move. Default: the estimate.
    fn quick_estimate(&self, board: &Board<W, H, P>) -> u8 {
        self.estimate(board)
    }

    /// The estimate of `board`, given its quick estimate `quick`, for a
    /// search that only needs to know whether it exceeds `enough`.
    /// Contract: `refine(b, quick_estimate(b), e)` is `estimate(b)` when
    /// that is at most `e`, and otherwise any lower bound above `e`: a
    /// heuristic made of several lookups may stop at the first that
    /// exceeds `e`. Default: `quick` (no dear part).
    fn refine(&self, board: &Board<W, H, P>, quick: u8, enough: u8) -> u8 {
        let _ = (board, enough);
        quick
    }

    /// The quick estimate of `after`, reached by `slide` from a board whose
    /// quick estimate was `before`.
    /// Default: recompute. Override where incremental is faster.
    fn update(&self, after: &Board<W, H, P>, before: u8, slide: Slide) -> u8 {
        let _ = (before, slide);
        self.quick_estimate(after)
    }

    /// Whether [`quick_estimate_memo`](Self::quick_estimate_memo) and
    /// [`update_memo`](Self::update_memo) keep anything in the memo
    /// ([`Memo`] on a `u64` board, [`LargeMemo`](crate::LargeMemo) on a
    /// `u128` one). When false, a search's states hold the empty memo
    /// whatever `update_memo` returns, and a search that changes one state
    /// in place neither saves nor restores it. Default: false.
    const KEEPS_MEMO: bool = false;

    /// The quick estimate of `board` and the memo a state keeps beside it
    /// for [`update_memo`](Self::update_memo). Contract: the estimate is
    /// [`quick_estimate`](Self::quick_estimate)'s. Default: that and an
    /// empty memo.
    fn quick_estimate_memo(&self, board: &Board<W, H, P>) -> (u8, P::Memo) {
        (self.quick_estimate(board), P::NO_MEMO)
    }

    /// [`update`](Self::update) with the memo: the quick estimate of
    /// `after` and its memo, reached by `slide` from a board whose quick
    /// estimate was `before` and memo `memo`. Contract: what
    /// [`quick_estimate_memo`](Self::quick_estimate_memo) gives for `after`.
    /// Default: [`update`](Self::update), the memo as it was.
    fn update_memo(
        &self,
        after: &Board<W, H, P>,
        before: u8,
        memo: P::Memo,
        slide: Slide,
    ) -> (u8, P::Memo) {
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
        parent: &Board<W, H, P>,
        before: u8,
        memo: P::Memo,
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

    /// A lower bound on the moves between `board` and the `target` board:
    /// the same heuristic measured to another board than the goal. A
    /// backward search uses it toward the start (see
    /// [`Puzzle`](crate::Puzzle)'s `backward_heuristic`).
    ///
    /// Contract: admissible toward every target, and 0 when `board` is the
    /// target. Default: 0 for every board, no information, which is right
    /// for heuristics tied to the goal: a pattern database holds distances
    /// to the goal's pattern only, and measuring toward another board would
    /// need a database built for it.
    fn estimate_to(&self, board: &Board<W, H, P>, target: &Target<W, H, P>) -> u8 {
        let _ = (board, target);
        0
    }
}

impl<const W: usize, const H: usize, P: Packing, T: Heuristic<W, H, P> + ?Sized> Heuristic<W, H, P>
    for &T
{
    #[inline]
    fn estimate(&self, board: &Board<W, H, P>) -> u8 {
        (**self).estimate(board)
    }

    #[inline]
    fn quick_estimate(&self, board: &Board<W, H, P>) -> u8 {
        (**self).quick_estimate(board)
    }

    #[inline]
    fn refine(&self, board: &Board<W, H, P>, quick: u8, enough: u8) -> u8 {
        (**self).refine(board, quick, enough)
    }

    #[inline]
    fn update(&self, after: &Board<W, H, P>, before: u8, slide: Slide) -> u8 {
        (**self).update(after, before, slide)
    }

    const KEEPS_MEMO: bool = T::KEEPS_MEMO;

    #[inline]
    fn quick_estimate_memo(&self, board: &Board<W, H, P>) -> (u8, P::Memo) {
        (**self).quick_estimate_memo(board)
    }

    #[inline]
    fn update_memo(
        &self,
        after: &Board<W, H, P>,
        before: u8,
        memo: P::Memo,
        slide: Slide,
    ) -> (u8, P::Memo) {
        (**self).update_memo(after, before, memo, slide)
    }

    #[inline]
    fn update_memo_within(
        &self,
        parent: &Board<W, H, P>,
        before: u8,
        memo: P::Memo,
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

    #[inline]
    fn estimate_to(&self, board: &Board<W, H, P>, target: &Target<W, H, P>) -> u8 {
        (**self).estimate_to(board, target)
    }
}

/// What a heuristic keeps in a search state beside its quick estimate,
/// so that a move updates the estimate rather than recomputing it: 24 bits
/// whose meaning is the heuristic's own ([`Heuristic::update_memo`]).
///
/// [`PatternDatabase`] keeps its groups' values there, so a move looks up
/// only the groups of the tile that slid; the other heuristics keep
/// nothing. A [`PuzzleState`](crate::PuzzleState) holds it in bytes that
/// would otherwise be padding.
///
/// # Example
///
/// ```
/// use sliding_puzzle::heuristic::Memo;
///
/// assert_eq!(Memo::from_bits(0x0012_3456).bits(), 0x12_3456);
/// assert_eq!(Memo::from_bits(u32::MAX).bits(), 0xff_ffff); // 24 bits kept
/// assert_eq!(Memo::EMPTY.bits(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Memo([u8; 3]);

impl Memo {
    /// The memo of a heuristic that keeps none.
    pub const EMPTY: Memo = Memo([0; 3]);

    /// The memo holding the low 24 bits of `bits`.
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u32) -> Self {
        let [a, b, c, _] = bits.to_le_bytes();
        Memo([a, b, c])
    }

    /// The 24 bits the memo holds.
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u32 {
        let [a, b, c] = self.0;
        u32::from_le_bytes([a, b, c, 0])
    }
}

/// The zero heuristic: no information. A* becomes Dijkstra's algorithm
/// (breadth-first here, every move costing 1), IDA* becomes iterative
/// deepening.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Heuristic, Zero};
///
/// assert_eq!(Zero.estimate(&Eight::random_solvable(1)), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Zero;

impl<const W: usize, const H: usize, P: Packing> Heuristic<W, H, P> for Zero {
    #[inline]
    fn estimate(&self, _board: &Board<W, H, P>) -> u8 {
        0
    }

    #[inline]
    fn update(&self, _after: &Board<W, H, P>, _before: u8, _slide: Slide) -> u8 {
        0
    }
}
