//! Rubik's cube as a [`frontier`] search problem.
//!
//! - [`Cube`]: the 3x3x3 cube as cubies (corner and edge permutation, twist
//!   and flip), the 18 face turns of the half-turn metric ([`Move`]).

mod cubie;
mod heuristic;
mod pdb;
mod problem;
mod rank;

pub use cubie::{CORNER_NAMES, Cube, EDGE_NAMES, Face, Move, Turn};
pub use heuristic::{Databases, KORF_EDGES_A, KORF_EDGES_B, MAX_EDGE_GROUPS, SEVEN_EDGES};
pub use pdb::{CornerSpace, EdgeSpace};
pub use problem::{CubeState, InPlaceMove, InPlaceMoves, Rubik};
