//! Searching boards of up to 25 cells, [`LargeBoard`](crate::LargeBoard)
//! (the [`Board`](crate::Board) packed five bits a cell into a `u128`):
//! the memo their heuristics keep ([`LargeMemo`], wide enough for the
//! 24-puzzle's pattern databases), the name [`LargeHeuristic`] for
//! [`Heuristic`](crate::Heuristic) on them, and the names of their search
//! problem and states ([`LargePuzzle`], [`LargeState`]): the one
//! [`Puzzle`](crate::Puzzle) and [`PuzzleState`](crate::PuzzleState) on
//! the `u128` word.
//!
//! The board itself, its moves, solvability, text forms, the search
//! problem and the heuristics' bodies are the one implementation in
//! `board/`, `problem.rs` and `heuristic/`; any shape of 2 to 25 cells
//! works, so the tests compare a `LargeBoard<4, 4>` with a
//! [`Fifteen`](crate::Fifteen) move for move and node for node.

mod heuristic;
#[cfg(test)]
mod tests;

pub use heuristic::{LargeHeuristic, LargeMemo};

use crate::{Manhattan, Puzzle, PuzzleState};

/// Solving a large board: [`Puzzle`] on the `u128` word, for boards of up
/// to 25 cells, with every capability of the smaller boards but ranking
/// ([`RankedStates`](frontier::RankedStates): 25! ranks do not fit a
/// `usize`, nor would their table fit memory).
///
/// An unsolvable start makes IDA* run forever: check
/// [`LargeBoard::is_solvable`](crate::LargeBoard::is_solvable) first, or
/// call [`Puzzle::solve`].
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
pub type LargePuzzle<const W: usize, const H: usize, Hr = Manhattan> = Puzzle<W, H, Hr, u128>;

/// A search state of a large board: the board, its heuristic's quick
/// estimate and the heuristic's memo ([`PuzzleState`] on the `u128` word).
///
/// # Example
///
/// ```
/// use sliding_puzzle::{LargeState, Manhattan, Twentyfour};
///
/// let state = LargeState::new(Twentyfour::goal(), &Manhattan);
/// assert_eq!(state.h, 0);
/// ```
pub type LargeState<const W: usize, const H: usize> = PuzzleState<W, H, u128>;
