//! Searching boards of up to 25 cells, [`LargeBoard`](crate::LargeBoard)
//! (the [`Board`](crate::Board) packed five bits a cell into a `u128`):
//! the memo their heuristics keep ([`LargeMemo`], wide enough for the
//! 24-puzzle's pattern databases), the name [`LargeHeuristic`] for
//! [`Heuristic`](crate::Heuristic) on them, and their search problem
//! ([`LargePuzzle`]).
//!
//! The board itself, its moves, solvability, text forms and the
//! heuristics' bodies are the one implementation in `board/` and
//! `heuristic/`; any shape of 2 to 25 cells works, so the tests compare a
//! `LargeBoard<4, 4>` with a [`Fifteen`](crate::Fifteen) move for move and
//! node for node.

mod heuristic;
mod problem;
#[cfg(test)]
mod tests;

pub use heuristic::{LargeHeuristic, LargeMemo};
pub use problem::{LargePuzzle, LargeState};
