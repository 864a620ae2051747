//! The large board as a [`frontier`] search problem: [`LargePuzzle`] and
//! its states, which carry their heuristic value.

use std::hash::{Hash, Hasher};

use frontier::{
    Applied, BidirectionalProblem, InPlaceProblem, Preview, ReversibleProblem, SearchProblem, Step,
};

use super::heuristic::LargeMemo;
use crate::Heuristic;
use crate::LargeBlankMove;
use crate::LargeBoard;
use crate::board::small;
use crate::{Manhattan, Move, Slide};

/// A search state of a large board: the board, its heuristic's quick
/// estimate and the heuristic's memo (see [`PuzzleState`](crate::PuzzleState)).
/// Equality and hashing look at the board only.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{LargeState, Manhattan, Twentyfour};
///
/// let state = LargeState::new(Twentyfour::goal(), &Manhattan);
/// assert_eq!(state.h, 0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LargeState<const W: usize, const H: usize> {
    /// The board.
    pub board: LargeBoard<W, H>,
    /// The heuristic's quick estimate for `board`.
    pub h: u8,
    /// What the heuristic keeps beside `h` to update it.
    pub memo: LargeMemo,
}

impl<const W: usize, const H: usize> LargeState<W, H> {
    /// The state of `board`, evaluating `heuristic` on it.
    #[must_use]
    pub fn new(board: LargeBoard<W, H>, heuristic: &impl Heuristic<W, H, u128>) -> Self {
        let (h, memo) = heuristic.quick_estimate_memo(&board);
        LargeState { board, h, memo }
    }
}

impl<const W: usize, const H: usize> PartialEq for LargeState<W, H> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
    }
}

impl<const W: usize, const H: usize> Eq for LargeState<W, H> {}

impl<const W: usize, const H: usize> Hash for LargeState<W, H> {
    #[inline]
    fn hash<S: Hasher>(&self, state: &mut S) {
        self.board.hash(state);
    }
}

/// Solving a large board: [`Puzzle`](crate::Puzzle) for boards of up to
/// 25 cells, with the same capabilities but ranking (25! ranks do not fit a
/// `usize`, nor would their table fit memory):
///
/// - [`SearchProblem`]: actions are [`Move`]s of the blank costing 1, in
///   the 4x4 board's order (blank down, right, left, up), the heuristic
///   updated by [`Heuristic::update_memo`] and refined for IDA*'s
///   children by [`Heuristic::refine`].
/// - [`InPlaceProblem`]: one board changed in place for
///   [`IdaStar::search_in_place`](frontier::IdaStar::search_in_place) and
///   the parallel IDA*; undoing is the XOR of the cells before and after.
/// - [`ReversibleProblem`] (every move can be undone, so IDA* may use
///   bidirectional pathmax) and [`BidirectionalProblem`] (no backward
///   heuristic).
///
/// An unsolvable start makes IDA* run forever: check
/// [`LargeBoard::is_solvable`] first.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{LargePuzzle, LinearConflict, Twentyfour};
///
/// let board = Twentyfour::random_walk(5, 24);
/// let result = frontier::IdaStar::new().search_in_place(&LargePuzzle::new(board, LinearConflict));
/// let solution = result.solution().expect("a walk from the goal is solvable");
/// board.verify_solution(&solution.actions)?;
/// assert!(solution.len() <= 24);
/// # Ok::<(), sliding_puzzle::MoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LargePuzzle<const W: usize, const H: usize, Hr = Manhattan> {
    /// The board to solve.
    pub start: LargeBoard<W, H>,
    /// The heuristic guiding A* and IDA*.
    pub heuristic: Hr,
}

impl<const W: usize, const H: usize, Hr> LargePuzzle<W, H, Hr> {
    /// The problem of solving `start` guided by `heuristic`.
    #[must_use]
    pub fn new(start: LargeBoard<W, H>, heuristic: Hr) -> Self {
        LargePuzzle { start, heuristic }
    }
}

impl<const W: usize, const H: usize, Hr: Heuristic<W, H, u128>> LargePuzzle<W, H, Hr> {
    /// The search state of `board` under this puzzle's heuristic.
    #[must_use]
    pub fn state(&self, board: LargeBoard<W, H>) -> LargeState<W, H> {
        LargeState::new(board, &self.heuristic)
    }

    /// The estimate of `board`, whose quick estimate is `quick`, reached at
    /// cost `g` in a search under `bound`.
    #[inline]
    fn estimate_within(&self, board: &LargeBoard<W, H>, quick: u8, g: u32, bound: u32) -> u8 {
        if g.saturating_add(u32::from(quick)) > bound {
            return quick;
        }
        let enough = u8::try_from(bound - g).unwrap_or(u8::MAX);
        self.heuristic.refine(board, quick, enough)
    }

    /// The quick estimate and memo of a child.
    #[inline]
    fn child_estimate(
        &self,
        board: &LargeBoard<W, H>,
        h: u8,
        memo: LargeMemo,
        slide: Slide,
    ) -> (u8, LargeMemo) {
        let (h, memo) = self.heuristic.update_memo(board, h, memo, slide);
        (
            h,
            if Hr::KEEPS_MEMO {
                memo
            } else {
                LargeMemo::EMPTY
            },
        )
    }
}

impl<const W: usize, const H: usize, Hr: Heuristic<W, H, u128>> SearchProblem
    for LargePuzzle<W, H, Hr>
{
    type State = LargeState<W, H>;
    type Action = Move;
    type Cost = u32;

    fn start(&self) -> LargeState<W, H> {
        self.state(self.start)
    }

    #[inline]
    fn is_goal(&self, state: &LargeState<W, H>) -> bool {
        state.board.is_goal()
    }

    #[inline]
    fn successors(
        &self,
        state: &LargeState<W, H>,
    ) -> impl Iterator<Item = Step<LargeState<W, H>, Move, u32>> {
        let LargeState { board, h, memo } = *state;
        board.move_list().iter().map(move |&mv| {
            let (board, slide) = board.slide_by(mv);
            let (h, memo) = self.child_estimate(&board, h, memo, slide);
            Step::new(mv.direction(), LargeState { board, h, memo }, 1)
        })
    }

    #[inline]
    fn heuristic(&self, state: &LargeState<W, H>) -> u32 {
        u32::from(self.heuristic.refine(&state.board, state.h, u8::MAX))
    }

    #[inline]
    fn heuristic_within(&self, state: &LargeState<W, H>, g: u32, bound: u32) -> u32 {
        u32::from(self.estimate_within(&state.board, state.h, g, bound))
    }

    /// Every move costs one: ε, which the bidirectional heuristic searches use.
    fn min_step_cost(&self) -> u32 {
        1
    }
}

/// The board changed in place; undoing a move restores the cells by one
/// XOR, the blank's cell, the estimate and (for a heuristic that keeps one)
/// the memo.
impl<const W: usize, const H: usize, Hr: Heuristic<W, H, u128>> InPlaceProblem
    for LargePuzzle<W, H, Hr>
{
    type Move = LargeBlankMove;
    /// The XOR of the cells before and after the move, the blank's cell,
    /// the estimate before it and, for a heuristic that keeps one, its memo.
    type Undo = (u128, u8, u8, LargeMemo);
    type Moves = std::iter::Copied<std::slice::Iter<'static, LargeBlankMove>>;

    #[inline]
    fn moves(&self, state: &LargeState<W, H>) -> Self::Moves {
        state.board.move_list().iter().copied()
    }

    /// The move back takes the blank to the cell it came from.
    #[inline]
    fn leads_back(
        &self,
        _: &LargeState<W, H>,
        mv: LargeBlankMove,
        (_, blank, _, _): (u128, u8, u8, LargeMemo),
    ) -> bool {
        mv.cell() == usize::from(blank)
    }

    #[inline]
    fn apply(
        &self,
        state: &mut LargeState<W, H>,
        mv: LargeBlankMove,
    ) -> Applied<(u128, u8, u8, LargeMemo), u32> {
        let LargeState {
            board: before,
            h,
            memo,
        } = *state;
        let (board, slide) = before.slide_by(mv);
        let (after, after_memo) = self.heuristic.update_memo(&board, h, memo, slide);
        *state = LargeState {
            board,
            h: after,
            memo: if Hr::KEEPS_MEMO { after_memo } else { memo },
        };
        let memo = if Hr::KEEPS_MEMO {
            memo
        } else {
            LargeMemo::EMPTY
        };
        Applied {
            undo: (
                board.packed() ^ before.packed(),
                small(before.blank()),
                h,
                memo,
            ),
            cost: 1,
        }
    }

    #[inline]
    fn preview(&self, state: &LargeState<W, H>, mv: LargeBlankMove) -> Preview<u32> {
        let (board, slide) = state.board.slide_by(mv);
        Preview {
            cost: 1,
            h: u32::from(
                self.heuristic
                    .update_memo(&board, state.h, state.memo, slide)
                    .0,
            ),
        }
    }

    #[inline]
    fn preview_within(
        &self,
        state: &LargeState<W, H>,
        mv: LargeBlankMove,
        g: u32,
        bound: u32,
    ) -> Preview<u32> {
        let slide = state.board.slide_of(mv);
        let g = g.saturating_add(1);
        let enough = u8::try_from(bound.saturating_sub(g)).unwrap_or(u8::MAX);
        let quick =
            self.heuristic
                .update_memo_within(&state.board, state.h, state.memo, slide, enough);
        let h = if self.heuristic.refines() && g.saturating_add(u32::from(quick)) <= bound {
            self.estimate_within(&state.board.after(slide), quick, g, bound)
        } else {
            quick
        };
        Preview {
            cost: 1,
            h: u32::from(h),
        }
    }

    #[inline]
    fn undo(
        &self,
        state: &mut LargeState<W, H>,
        (difference, blank, h, memo): (u128, u8, u8, LargeMemo),
    ) {
        *state = LargeState {
            board: LargeBoard::from_parts(state.board.packed() ^ difference, blank),
            h,
            memo: if Hr::KEEPS_MEMO { memo } else { state.memo },
        };
    }

    fn action(&self, _: &LargeState<W, H>, mv: LargeBlankMove) -> Move {
        mv.direction()
    }
}

impl<const W: usize, const H: usize, Hr: Heuristic<W, H, u128>> BidirectionalProblem
    for LargePuzzle<W, H, Hr>
{
    fn goal(&self) -> LargeState<W, H> {
        self.state(LargeBoard::goal())
    }

    /// Every move is reversible: the board reached by blank move `m` is a
    /// predecessor, from which the forward action `m.opposite()` leads back.
    fn predecessors(
        &self,
        state: &LargeState<W, H>,
    ) -> impl Iterator<Item = Step<LargeState<W, H>, Move, u32>> {
        self.successors(state)
            .map(|step| Step::new(step.action.opposite(), step.state, step.cost))
    }
}

/// Every move can be undone at the same cost, so IDA* may use
/// bidirectional pathmax.
impl<const W: usize, const H: usize, Hr: Heuristic<W, H, u128>> ReversibleProblem
    for LargePuzzle<W, H, Hr>
{
}
