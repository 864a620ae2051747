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
//! - [`korf10`]: Korf's ten random cubes (1997) with their optimal
//!   lengths and the nodes IDA* needed on them.
//! - [`Pocket`]: the 2x2x2 cube (3,674,160 positions), its exhaustive
//!   [`PocketDistances`] and the search problem [`PocketProblem`].
//!
//! # Reading cubes
//!
//! ```
//! use cube::{Cube, Sequence};
//!
//! let scramble: Sequence = "R U2 F' L D".parse()?;
//! let cube = scramble.cube();
//! let facelets = cube.to_facelets();
//! assert_eq!(Cube::from_facelets(&facelets)?, cube);
//! assert_eq!(cube.check(), Ok(()));
//! for read in cube::cubes(&format!("{scramble}\n{facelets}\n")) {
//!     assert_eq!(read?.cube, cube);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Design decisions (reading, checking and the 2x2x2)
//!
//! - **Bad input is an error that names the problem, never a panic and
//!   never a search.** A scramble's error gives the character, its line
//!   and column and what was expected; a facelet string's the facelet,
//!   colour, piece or place; an unsolvable cube's the law it breaks. A
//!   cube that no turns reach is refused before any search could run
//!   forever on it.
//! - **Only face turns.** Wide turns, slices and rotations are refused by
//!   name rather than read: they move centres, which the cubie model holds
//!   fixed, and the searches count face turns.
//! - **One facelet map, Kociemba's.** The facelet string is the one
//!   Kociemba-style solvers read, checked against the strings of all six
//!   quarter turns and the superflip, so cubes can be exchanged with them.
//! - **Random cubes are drawn, not scrambled.** [`Cube::random`] picks the
//!   permutations, twists and flips directly, each legal cube equally
//!   likely; a scramble of any length is not uniform.
//! - **The 2x2x2 is held by one corner.** With DBL fixed, positions are
//!   two small coordinates that move by table lookup, the whole space
//!   (3.7 million) is searched in 0.1 s, and every search of frontier is
//!   checked against the exact distances on a cube.

mod check;
mod cubie;
mod error;
mod facelets;
mod heuristic;
mod instances;
mod lines;
mod notation;
mod pdb;
mod pocket;
mod problem;
mod random;
mod rank;

pub use cubie::{CORNER_NAMES, Cube, EDGE_NAMES, Face, Move, Turn};
pub use error::{
    Expected, FaceletError, LineError, NotFaceTurn, NotationError, Parity, Unsolvable,
};
pub use facelets::Facelet;
pub use heuristic::{Databases, KORF_EDGES_A, KORF_EDGES_B, SEVEN_EDGES};
pub use instances::{KORF10, KorfCube, korf10};
pub use lines::{CubeLine, Written, cubes, parse_cube};
pub use notation::Sequence;
pub use pdb::{CornerSpace, EdgeSpace};
pub use pocket::{Pocket, PocketDistances, PocketHeuristic, PocketProblem};
pub use problem::{CubeState, InPlaceMove, InPlaceMoves, Rubik};

/// The crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoc;
