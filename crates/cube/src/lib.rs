//! Rubik's cube as a [`frontier`] search problem.
//!
//! - [`Cube`]: the 3x3x3 cube as cubies (corner and edge permutation, twist
//!   and flip), the 18 face turns of the half-turn metric ([`Move`]).

mod cubie;

pub use cubie::{CORNER_NAMES, Cube, EDGE_NAMES, Face, Move, Turn};
