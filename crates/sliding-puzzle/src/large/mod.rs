//! Boards of up to 25 cells: [`LargeBoard`], packed five bits a cell into a
//! `u128`, with the same parsing, printing, moves, solvability, random
//! boards, heuristics ([`LargeHeuristic`]) and search problem
//! ([`LargePuzzle`]) as the four-bit [`Board`](crate::Board).
//!
//! The 24-puzzle ([`Twentyfour`], 5x5) does not fit four bits a cell, and
//! widening [`Board`](crate::Board) would slow the 3x3 and 4x4 searches
//! (twice the word, a fifth more shifting), so the larger boards are a type
//! of their own. The two share the move letters ([`Move`](crate::Move)),
//! the [`Slide`](crate::Slide) a heuristic updates from, the parsing of
//! tokens and its errors ([`ParseError`](crate::ParseError)), the
//! instance-file reader ([`instances`](crate::instances)) and the
//! heuristics' unit types ([`Manhattan`](crate::Manhattan),
//! [`LinearConflict`](crate::LinearConflict), [`Misplaced`](crate::Misplaced),
//! [`Zero`](crate::Zero)), which implement both heuristic traits.
//!
//! Any shape of 2 to 25 cells works, so the tests compare a `LargeBoard<4,
//! 4>` with a [`Fifteen`](crate::Fifteen) move for move and node for node.
//! Boards of more than 25 cells fail to compile.

mod heuristic;
mod problem;
#[cfg(test)]
mod tests;

pub use heuristic::{LargeHeuristic, LargeMemo};
pub use problem::{LargePuzzle, LargeState};
