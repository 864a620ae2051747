//! The larger of two heuristics: [`Max`].

use crate::heuristic::{Heuristic, Memo, Target};
use crate::{Board, Slide};

/// The larger of two heuristics' estimates, admissible when both are
/// (Holte, Felner, Newton, Meshulam & Furcy 2006, "Maximizing over
/// multiple pattern databases speeds up heuristic search", *AIJ* 170):
/// for instance two additive pattern databases over different partitions
/// of the tiles, neither of which dominates the other.
///
/// The first heuristic is the cheap one: a search carries its
/// [quick estimate](Heuristic::quick_estimate) in each state and updates it
/// move by move, and the second is asked only in
/// [`refine`](Heuristic::refine), for the boards the first does not
/// already put past the search's bound. So a child the first cuts off
/// costs nothing more, and each part's `quick_estimate`, `update` and
/// `refine` are called exactly as their contracts say.
///
/// # Example
///
/// ```
/// use sliding_puzzle::heuristic::{Heuristic, LinearConflict, Manhattan, Max, Misplaced};
/// use sliding_puzzle::Eight;
///
/// let board: Eight = "8 6 7 2 5 4 3 x 1".parse()?; // 31 moves from the goal
/// let max = Max::new(Misplaced, Manhattan);
/// assert_eq!(max.estimate(&board), Manhattan.estimate(&board));
/// assert_eq!(max.quick_estimate(&board), Misplaced.estimate(&board));
/// // Past a bound of 10, the first part's 8 does not suffice: the second is asked.
/// assert_eq!(max.refine(&board, 8, 10), 21);
/// assert!(Max::new(Manhattan, LinearConflict).estimate(&board) <= 31);
/// # Ok::<(), sliding_puzzle::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Max<A, B> {
    first: A,
    second: B,
}

impl<A, B> Max<A, B> {
    /// The larger of `first`'s and `second`'s estimates, `first` the one a
    /// search carries and updates (the cheaper one, or the one that cuts
    /// off more children on its own).
    #[must_use]
    pub const fn new(first: A, second: B) -> Self {
        Max { first, second }
    }

    /// The first heuristic, the one states carry.
    #[must_use]
    pub const fn first(&self) -> &A {
        &self.first
    }

    /// The second heuristic, asked in [`refine`](Heuristic::refine).
    #[must_use]
    pub const fn second(&self) -> &B {
        &self.second
    }
}

impl<const W: usize, const H: usize, A: Heuristic<W, H>, B: Heuristic<W, H>> Heuristic<W, H>
    for Max<A, B>
{
    /// The larger of the two estimates.
    #[inline]
    fn estimate(&self, board: &Board<W, H>) -> u8 {
        self.refine(board, self.quick_estimate(board), u8::MAX)
    }

    /// The first heuristic's quick estimate.
    #[inline]
    fn quick_estimate(&self, board: &Board<W, H>) -> u8 {
        self.first.quick_estimate(board)
    }

    /// The first heuristic refined; if that is not above `enough`, the
    /// larger of it and the second heuristic's estimate (refined against
    /// `enough` as well).
    #[inline]
    fn refine(&self, board: &Board<W, H>, quick: u8, enough: u8) -> u8 {
        let first = self.first.refine(board, quick, enough);
        if first > enough {
            return first;
        }
        let second = self
            .second
            .refine(board, self.second.quick_estimate(board), enough);
        first.max(second)
    }

    /// The first heuristic's update.
    #[inline]
    fn update(&self, after: &Board<W, H>, before: u8, slide: Slide) -> u8 {
        self.first.update(after, before, slide)
    }

    const KEEPS_MEMO: bool = A::KEEPS_MEMO;

    /// The first part's quick estimate and memo.
    #[inline]
    fn quick_estimate_memo(&self, board: &Board<W, H>) -> (u8, Memo) {
        self.first.quick_estimate_memo(board)
    }

    #[inline]
    fn update_memo(&self, after: &Board<W, H>, before: u8, memo: Memo, slide: Slide) -> (u8, Memo) {
        self.first.update_memo(after, before, memo, slide)
    }

    /// Consistent when both parts are: the larger of two functions that
    /// each change by at most one across a move changes by at most one.
    fn is_consistent(&self) -> bool {
        self.first.is_consistent() && self.second.is_consistent()
    }

    /// The larger of the two parts' estimates toward `target`.
    #[inline]
    fn estimate_to(&self, board: &Board<W, H>, target: &Target<W, H>) -> u8 {
        self.first
            .estimate_to(board, target)
            .max(self.second.estimate_to(board, target))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::{LinearConflict, Manhattan, Misplaced, Zero};
    use crate::{Eight, Fifteen};

    #[test]
    fn estimates_the_larger_part_and_keeps_the_first_in_states() {
        let max = Max::new(Misplaced, LinearConflict);
        for seed in 0..200 {
            let board = Fifteen::random_solvable(seed);
            let larger = Misplaced
                .estimate(&board)
                .max(LinearConflict.estimate(&board));
            assert_eq!(max.estimate(&board), larger, "{board}");
            assert_eq!(max.quick_estimate(&board), Misplaced.estimate(&board));
            // Cut off by the first part: the second is not needed.
            let quick = max.quick_estimate(&board);
            if quick > 0 {
                assert_eq!(max.refine(&board, quick, quick - 1), quick);
            }
            // Within the bound: the whole estimate.
            assert_eq!(max.refine(&board, quick, larger), larger);
        }
    }

    #[test]
    fn updates_follow_the_first_part() {
        let max = Max::new(Manhattan, Misplaced);
        let board = Eight::random_solvable(7);
        let before = max.quick_estimate(&board);
        for &mv in board.move_list() {
            let (after, slide) = board.slide_by(mv);
            assert_eq!(
                max.update(&after, before, slide),
                Manhattan.estimate(&after)
            );
        }
    }

    #[test]
    fn consistent_only_when_both_parts_are() {
        assert!(Heuristic::<3, 3>::is_consistent(&Max::new(Zero, Manhattan)));
        let target = Target::new(&Eight::random_solvable(3));
        let board = Eight::random_solvable(4);
        assert_eq!(
            Max::new(Zero, Manhattan).estimate_to(&board, &target),
            Manhattan.estimate_to(&board, &target)
        );
    }
}
