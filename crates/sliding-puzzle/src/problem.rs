//! The puzzle as a [`frontier`] search problem: [`Puzzle`] and its states,
//! which carry their heuristic value so a search never recomputes it.

use std::hash::{Hash, Hasher};

use frontier::{
    Applied, BidirectionalProblem, InPlaceProblem, Preview, RankedStates, ReversibleProblem,
    SearchProblem, Step,
};

use crate::board::small;
use crate::heuristic::Target;
use crate::{Board, Heuristic, Manhattan, Move, Packing, Slide};

/// A search state: a board and its heuristic value.
///
/// `h` and `memo` are a cache: [`Puzzle::successors`](SearchProblem::successors)
/// derives them from the parent's with [`Heuristic::update_memo`], so the
/// search reads a field instead of evaluating the heuristic. Equality and
/// hashing look at the board only.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Manhattan, PuzzleState};
/// use sliding_puzzle::heuristic::Memo;
///
/// let state = PuzzleState::new(Eight::goal(), &Manhattan);
/// assert_eq!(state.h, 0);
/// assert_eq!(state, PuzzleState { board: Eight::goal(), h: 99, memo: Memo::EMPTY });
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PuzzleState<const W: usize, const H: usize, P: Packing = u64> {
    /// The board.
    pub board: Board<W, H, P>,
    /// The heuristic's [quick estimate](Heuristic::quick_estimate) for
    /// `board` (its whole estimate but for the pattern databases' dual
    /// lookups, which the search adds with [`Heuristic::refine`]).
    pub h: u8,
    /// What the heuristic keeps beside `h` to update it
    /// ([`Heuristic::update_memo`]): the pattern databases' group values,
    /// on a `u64` board in bytes the state's alignment would leave as
    /// padding.
    pub memo: P::Memo,
}

impl<const W: usize, const H: usize, P: Packing> PuzzleState<W, H, P> {
    /// The state of `board`, evaluating `heuristic` on it.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, LinearConflict, PuzzleState};
    ///
    /// let board: Eight = "2 1 3 4 5 6 7 8 x".parse()?;
    /// assert_eq!(PuzzleState::new(board, &LinearConflict).h, 4);
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    pub fn new(board: Board<W, H, P>, heuristic: &impl Heuristic<W, H, P>) -> Self {
        let (h, memo) = heuristic.quick_estimate_memo(&board);
        PuzzleState { board, h, memo }
    }
}

impl<const W: usize, const H: usize, P: Packing> PartialEq for PuzzleState<W, H, P> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
    }
}

impl<const W: usize, const H: usize, P: Packing> Eq for PuzzleState<W, H, P> {}

impl<const W: usize, const H: usize, P: Packing> Hash for PuzzleState<W, H, P> {
    #[inline]
    fn hash<S: Hasher>(&self, state: &mut S) {
        self.board.hash(state);
    }
}

/// Solving a board: the start board and the heuristic to guide A* and
/// IDA*, as a [`SearchProblem`] with every optional capability.
///
/// - Actions are [`Move`]s of the blank, each costing 1; successors come in
///   Korf's order turned with his goal (blank down, right, left, up) from a
///   per-shape table, with
///   no allocation and the heuristic updated by [`Heuristic::update`].
/// - [`BidirectionalProblem`]: moves are reversible (the blank can always
///   go back where it came from), so the predecessor reached by blank move
///   `m` is listed with the forward action `m.opposite()`. The goal is the
///   blank-last goal. The backward heuristic is the puzzle's heuristic
///   measured to the start board.
/// - [`ReversibleProblem`]: for the same reason, so IDA* can use
///   bidirectional pathmax.
/// - [`RankedStates`] (boards of up to 16 cells, the `u64` word): the
///   rank is [`Board::rank`] and the state count
///   `(W*H)!`. The ranked (dense-table) searches allocate an entry per rank
///   up front whatever they visit: use them for boards up to about 3x3 and
///   2x4 (9! = 362,880 ranks). 3x4 already needs 12! ≈ 479 million entries;
///   for 4x4 (16! ≈ 2·10^13) frontier refuses the table, stopping with
///   [`Limit::Stored`] when it exceeds `max_stored` and with
///   [`Limit::Memory`] when it exceeds the memory bound or cannot be had.
///   Search large boards with the hashed searches or IDA*.
///
/// - [`InPlaceProblem`]: a move is the blank's direction and the cell it
///   goes to; the search slides the tile of one board and slides it back,
///   skipping the move back by comparing that cell with the blank's
///   previous one ([`IdaStar::search_in_place`](frontier::IdaStar::search_in_place)).
///
/// An unsolvable start makes BFS and A* prove [`Unreachable`] after the
/// whole reachable half of the space (fine for 3x3, hopeless for 4x4), and
/// IDA* never stop: check [`Board::is_solvable`] first, as
/// [`Puzzle::solve`] does.
///
/// [`Unreachable`]: frontier::Outcome::Unreachable
/// [`Limit::Stored`]: frontier::Limit::Stored
/// [`Limit::Memory`]: frontier::Limit::Memory
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Manhattan, Puzzle};
///
/// let board: Eight = "2 3 4 1 5 x 7 6 8".parse()?;
/// let puzzle = Puzzle::new(board, Manhattan);
/// let result = frontier::astar(&puzzle);
/// let solution = result.solution().expect("the board is solvable");
/// assert_eq!(solution.len(), 19);
/// board.verify_solution(&solution.actions)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle<const W: usize, const H: usize, Hr = Manhattan, P: Packing = u64> {
    /// The board to solve.
    pub start: Board<W, H, P>,
    /// The heuristic guiding A* and IDA* (ignored by the BFS family).
    pub heuristic: Hr,
}

impl<const W: usize, const H: usize, Hr, P: Packing> Puzzle<W, H, Hr, P> {
    /// The problem of solving `start` guided by `heuristic`.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Fifteen, LinearConflict, Puzzle};
    ///
    /// let puzzle = Puzzle::new(Fifteen::random_walk(1, 30), LinearConflict);
    /// assert!(frontier::idastar(&puzzle).solution().unwrap().len() <= 30);
    /// ```
    #[must_use]
    pub fn new(start: Board<W, H, P>, heuristic: Hr) -> Self {
        Puzzle { start, heuristic }
    }
}

impl<const W: usize, const H: usize, Hr: Heuristic<W, H, P>, P: Packing> Puzzle<W, H, Hr, P> {
    /// The search state of `board` under this puzzle's heuristic.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Manhattan, Puzzle};
    ///
    /// let puzzle = Puzzle::new(Eight::goal(), Manhattan);
    /// assert_eq!(puzzle.state(Eight::goal()).h, 0);
    /// ```
    #[must_use]
    pub fn state(&self, board: Board<W, H, P>) -> PuzzleState<W, H, P> {
        PuzzleState::new(board, &self.heuristic)
    }

    /// An optimal solution by IDA* with this puzzle's heuristic, or `None`
    /// if the start is unsolvable. The moves are checked with
    /// [`Board::verify_solution`] before they are returned.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, LinearConflict, Puzzle, format_moves};
    ///
    /// let board: Eight = "2 3 4 1 5 x 7 6 8".parse()?;
    /// let moves = Puzzle::new(board, LinearConflict).solve().expect("solvable");
    /// assert_eq!(moves.len(), 19);
    /// assert_eq!(Puzzle::new(board.apply_moves("ud")?, LinearConflict).solve().map(|m| m.len()), Some(19));
    /// let swapped: Eight = "2 1 3 4 5 6 7 8 x".parse()?;
    /// assert_eq!(Puzzle::new(swapped, LinearConflict).solve(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Complexity
    ///
    /// That of IDA*: instant on 3x3, up to minutes on hard 4x4 boards with
    /// linear conflict (seconds with pattern databases).
    ///
    /// # Panics
    ///
    /// If the search returns moves that do not solve the board, which would
    /// be a bug in this crate or in `frontier`.
    #[must_use]
    pub fn solve(&self) -> Option<Vec<Move>> {
        if !self.start.is_solvable() {
            return None;
        }
        let solution = frontier::idastar(self).into_solution()?;
        if let Err(err) = self.start.verify_solution(&solution.actions) {
            panic!("IDA* returned a wrong solution: {err}");
        }
        Some(solution.actions)
    }

    /// The estimate of `board`, whose quick estimate is `quick`, reached at
    /// cost `g` in a search under `bound`: `quick` itself when it already
    /// puts the board past the bound, the refined estimate otherwise.
    #[inline]
    fn estimate_within(&self, board: &Board<W, H, P>, quick: u8, g: u32, bound: u32) -> u8 {
        if g.saturating_add(u32::from(quick)) > bound {
            return quick;
        }
        // What h may be without pushing g + h over the bound.
        let enough = u8::try_from(bound - g).unwrap_or(u8::MAX);
        self.heuristic.refine(board, quick, enough)
    }

    /// The quick estimate and memo of `board`, reached by `slide` from a
    /// board whose estimate and memo were `h` and `memo`. A heuristic that
    /// keeps no memo gets the empty one, a constant: copying the parent's
    /// cost the 3x3 searches a load and a store per child.
    #[inline]
    fn child_estimate(
        &self,
        board: &Board<W, H, P>,
        h: u8,
        memo: P::Memo,
        slide: Slide,
    ) -> (u8, P::Memo) {
        let (h, memo) = self.heuristic.update_memo(board, h, memo, slide);
        (h, if Hr::KEEPS_MEMO { memo } else { P::NO_MEMO })
    }
}

impl<const W: usize, const H: usize, Hr: Heuristic<W, H, P>, P: Packing> SearchProblem
    for Puzzle<W, H, Hr, P>
{
    type State = PuzzleState<W, H, P>;
    type Action = Move;
    type Cost = u32;

    fn start(&self) -> PuzzleState<W, H, P> {
        self.state(self.start)
    }

    #[inline]
    fn is_goal(&self, state: &PuzzleState<W, H, P>) -> bool {
        state.board.is_goal()
    }

    #[inline]
    fn successors(
        &self,
        state: &PuzzleState<W, H, P>,
    ) -> impl Iterator<Item = Step<PuzzleState<W, H, P>, Move, u32>> {
        let PuzzleState { board, h, memo } = *state;
        board.move_list().iter().map(move |&mv| {
            let (board, slide) = board.slide_by(mv);
            let (h, memo) = self.child_estimate(&board, h, memo, slide);
            Step::new(P::direction(mv), PuzzleState { board, h, memo }, 1)
        })
    }

    #[inline]
    fn heuristic(&self, state: &PuzzleState<W, H, P>) -> u32 {
        u32::from(self.heuristic.refine(&state.board, state.h, u8::MAX))
    }

    /// The quick estimate the state carries when it already puts the state
    /// past the bound, the refined one otherwise.
    #[inline]
    fn heuristic_within(&self, state: &PuzzleState<W, H, P>, g: u32, bound: u32) -> u32 {
        u32::from(self.estimate_within(&state.board, state.h, g, bound))
    }

    /// Every move costs one: ε, which the bidirectional heuristic searches use.
    fn min_step_cost(&self) -> u32 {
        1
    }
}

/// The board changed in place: a move is an entry of the shape's move
/// table ([`Packing::BlankMove`]: the blank's direction, the cell it goes
/// to, and where that cell sits in the packed board, so that a move costs
/// no arithmetic on cell numbers), and what undoes it is the XOR of the
/// boards' cells before and after, with the blank's cell and the estimate
/// from before (undoing is then three stores), and the heuristic's memo
/// where it keeps one.
impl<const W: usize, const H: usize, Hr: Heuristic<W, H, P>, P: Packing> InPlaceProblem
    for Puzzle<W, H, Hr, P>
{
    type Move = P::BlankMove;
    /// The XOR of the cells before and after the move, the blank's cell,
    /// the estimate before it and, for a heuristic that keeps one, its memo.
    type Undo = (P, u8, u8, P::Memo);
    type Moves = std::iter::Copied<std::slice::Iter<'static, P::BlankMove>>;

    #[inline]
    fn moves(&self, state: &PuzzleState<W, H, P>) -> Self::Moves {
        state.board.move_list().iter().copied()
    }

    /// The move back takes the blank to the cell it came from.
    #[inline]
    fn leads_back(
        &self,
        _: &PuzzleState<W, H, P>,
        mv: P::BlankMove,
        (_, blank, _, _): Self::Undo,
    ) -> bool {
        P::target(mv) == usize::from(blank)
    }

    #[inline]
    fn apply(
        &self,
        state: &mut PuzzleState<W, H, P>,
        mv: P::BlankMove,
    ) -> Applied<Self::Undo, u32> {
        let PuzzleState {
            board: before,
            h,
            memo,
        } = *state;
        let (board, slide) = before.slide_by(mv);
        let (after, after_memo) = self.heuristic.update_memo(&board, h, memo, slide);
        // A heuristic that keeps no memo leaves the state's as it is (no
        // store, nothing to save for the undo): measured, a constant store
        // here cost the in-place IDA* 3%.
        *state = PuzzleState {
            board,
            h: after,
            memo: if Hr::KEEPS_MEMO { after_memo } else { memo },
        };
        let memo = if Hr::KEEPS_MEMO { memo } else { P::NO_MEMO };
        Applied {
            undo: (board.difference(before), small(before.blank()), h, memo),
            cost: 1,
        }
    }

    /// The estimate updated for the tile that would slide, the board left
    /// as it is.
    #[inline]
    fn preview(&self, state: &PuzzleState<W, H, P>, mv: P::BlankMove) -> Preview<u32> {
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

    /// The quick estimate when it already puts the child past the bound,
    /// the refined one otherwise (see [`Heuristic::refine`]). The quick
    /// estimate comes from [`Heuristic::update_memo_within`], which may
    /// stop early and need not have the child made: the board after the
    /// move is made only for a heuristic that refines, and only for a
    /// child within the bound.
    #[inline]
    fn preview_within(
        &self,
        state: &PuzzleState<W, H, P>,
        mv: P::BlankMove,
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
    fn undo(&self, state: &mut PuzzleState<W, H, P>, (difference, blank, h, memo): Self::Undo) {
        *state = PuzzleState {
            board: state.board.with_difference(difference, blank),
            h,
            memo: if Hr::KEEPS_MEMO { memo } else { state.memo },
        };
    }

    fn action(&self, _: &PuzzleState<W, H, P>, mv: P::BlankMove) -> Move {
        P::direction(mv)
    }
}

impl<const W: usize, const H: usize, Hr: Heuristic<W, H, P>, P: Packing> BidirectionalProblem
    for Puzzle<W, H, Hr, P>
{
    fn goal(&self) -> PuzzleState<W, H, P> {
        self.state(Board::goal())
    }

    /// Every move is reversible: the board reached by blank move `m` is a
    /// predecessor, from which the forward action `m.opposite()` leads back.
    fn predecessors(
        &self,
        state: &PuzzleState<W, H, P>,
    ) -> impl Iterator<Item = Step<PuzzleState<W, H, P>, Move, u32>> {
        self.successors(state)
            .map(|step| Step::new(step.action.opposite(), step.state, step.cost))
    }

    /// The heuristic measured to the start board instead of the goal
    /// ([`Heuristic::estimate_to`]), for MM and NBS's backward search:
    /// Manhattan distance, linear conflict and misplaced tiles toward the
    /// start; 0 (no information) for the pattern databases, which know
    /// only the goal.
    ///
    /// The states cache only the forward estimate, so A* and IDA* keep
    /// their speed (no second field to update per move); this one is
    /// evaluated from scratch, once per state the backward search stores,
    /// against the start's tile cells. Those cells are read from
    /// [`start`](Puzzle::start) on each call (cheap next to the estimate)
    /// rather than cached in the puzzle, where a cache could fall out of
    /// step with the public `start` field.
    #[inline]
    fn backward_heuristic(&self, state: &PuzzleState<W, H, P>) -> u32 {
        let target = Target::new(&self.start);
        u32::from(self.heuristic.estimate_to(&state.board, &target))
    }
}

/// The blank can always move back where it came from, at the same cost 1:
/// IDA* may use bidirectional pathmax ([`frontier::IdaStar::bpmx`]), which
/// pays off with the pattern databases, inconsistent because each entry is
/// the minimum over the blank's positions.
impl<const W: usize, const H: usize, Hr: Heuristic<W, H, P>, P: Packing> ReversibleProblem
    for Puzzle<W, H, Hr, P>
{
}

/// Boards of up to 16 cells only: 25! ranks do not fit a `usize`, nor
/// would their table fit memory.
impl<const W: usize, const H: usize, Hr: Heuristic<W, H>> RankedStates for Puzzle<W, H, Hr> {
    /// `(W*H)!`: every arrangement of the cells, solvable or not.
    fn state_count(&self) -> usize {
        // cannot fail on 64-bit targets: 16! < 2^45
        usize::try_from(Board::<W, H>::ARRANGEMENTS).unwrap_or(usize::MAX)
    }

    fn rank(&self, state: &PuzzleState<W, H>) -> usize {
        // cannot fail on 64-bit targets: ranks are below 16! < 2^45
        usize::try_from(state.board.rank()).unwrap_or(usize::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Eight, Fifteen, LinearConflict};

    #[test]
    fn successors_in_search_order_with_updated_h() {
        let puzzle = Puzzle::new(Eight::goal(), LinearConflict);
        let centre: Eight = "1 2 3 4 x 5 6 7 8".parse().unwrap();
        let state = puzzle.state(centre);
        let steps: Vec<_> = puzzle.successors(&state).collect();
        let actions: Vec<Move> = steps.iter().map(|s| s.action).collect();
        assert_eq!(actions, [Move::Down, Move::Right, Move::Left, Move::Up]);
        for step in steps {
            assert_eq!(Some(step.state.board), centre.apply(step.action));
            assert_eq!(step.state.h, LinearConflict.estimate(&step.state.board));
            assert_eq!(step.cost, 1);
        }
    }

    #[test]
    fn a_3x3_state_takes_16_bytes() {
        // The board is packed to 4-byte alignment so that the state, a board
        // and a byte, fits 16 bytes instead of 24: every table and successor
        // buffer of the 3x3 searches holds a third less.
        assert_eq!(size_of::<PuzzleState<3, 3>>(), 16);
        assert_eq!(size_of::<PuzzleState<4, 4>>(), 16);
    }

    #[test]
    fn predecessors_lead_back() {
        let puzzle = Puzzle::new(Fifteen::goal(), Manhattan);
        let state = puzzle.state(Fifteen::random_solvable(3));
        for step in puzzle.predecessors(&state) {
            assert_eq!(step.state.board.apply(step.action), Some(state.board));
        }
    }
}
