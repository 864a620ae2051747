//! Rubik's cube as a [`frontier`] search problem.
//!
//! - [`Cube`]: the 3x3x3 cube as cubies (corner and edge permutation, twist
//!   and flip), the 18 face turns of the half-turn metric ([`Move`]).
//! - [`Sequence`]: move sequences in Singmaster notation (`R U2 F'`), read
//!   with errors that name the character, its line and column and what was
//!   expected ([`NotationError`]), and printed back the same way.
//! - [`Cube::from_facelets`] and [`Cube::to_facelets`]: the 54-facelet
//!   string of Kociemba-style solvers, with [`FaceletError`] naming what
//!   makes a string no cube.
//! - [`Cube::check`]: whether turns can reach a cube, with [`Unsolvable`]
//!   naming the reason (a twisted corner, a flipped edge, two pieces
//!   swapped, arrays that are no cube).
//! - [`parse_cube`] and [`cubes`]: one cube per line, each a scramble or a
//!   facelet string, errors carrying the line ([`LineError`]).
//! - [`Cube::random`]: a uniformly random legal cube from a seed.
//! - [`Pocket`]: the 2x2x2 cube (3,674,160 positions), its exhaustive
//!   [`PocketDistances`] and the search problem [`PocketProblem`].

mod check;
mod cubie;
mod error;
mod facelets;
mod lines;
mod notation;
mod pocket;
mod random;

pub use cubie::{CORNER_NAMES, Cube, EDGE_NAMES, Face, Move, Turn};
pub use error::{
    Expected, FaceletError, LineError, NotFaceTurn, NotationError, Parity, Unsolvable,
};
pub use facelets::Facelet;
pub use lines::{CubeLine, Written, cubes, parse_cube};
pub use notation::Sequence;
pub use pocket::{Pocket, PocketDistances, PocketHeuristic, PocketProblem};
