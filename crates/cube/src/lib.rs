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
//! - [`Rubik`]: solving a cube optimally, as a [`frontier::SearchProblem`]
//!   and a [`frontier::InPlaceProblem`] for IDA* (Korf 1985), serial or
//!   parallel ([`frontier::ParallelIdaStar`]), with Korf's move pruning
//!   (Korf 1997: no face twice in a row, opposite faces in one order).
//! - [`Databases`]: pattern databases (Culberson & Schaeffer 1998) of the
//!   corners ([`CornerSpace`]) and of groups of edges ([`EdgeSpace`]),
//!   built and cached through [`pattern_db`], combined by their maximum:
//!   Korf's set of 1997 ([`Databases::korf1997`]: the corners and two
//!   disjoint groups of six edges) and a larger one
//!   ([`Databases::sevens`]: the corners and two groups of seven).
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
//!
//! # Quick start
//!
//! ```
//! use cube::{Cube, Databases, Face, Move, Rubik, Turn};
//! use frontier::IdaStar;
//!
//! // A short scramble needs no tables; for deep ones, load Korf's with
//! // `Databases::korf1997(cache_dir, false, |_, _| {})` (built once, cached).
//! let scramble = [
//!     Move::new(Face::F, Turn::Clockwise),
//!     Move::new(Face::U, Turn::Half),
//!     Move::new(Face::R, Turn::CounterClockwise),
//! ];
//! let start = Cube::SOLVED.apply_all(&scramble);
//! let databases = Databases::<6>::none();
//! let result = IdaStar::new().search_in_place(&Rubik::new(start, &databases));
//! let solution = result.solution().expect("every cube can be solved");
//! assert_eq!(solution.cost, 3);
//! assert!(start.apply_all(&solution.actions).is_solved());
//! ```
//!
//! # Design decisions (search and pattern databases)
//!
//! - **The last face is part of the state.** Korf's pruning depends on the
//!   move that reached a node. Carried in [`CubeState`], it lets
//!   `successors` prune as the in-place moves do, so the by-value, in-place
//!   and parallel IDA* walk one tree and count the same nodes (tested).
//! - **Tables are not additive; their maximum is taken.** Every move turns
//!   corners and edges of every group, so each table charges every move.
//! - **Two bits an entry.** The tables are built and cached one byte an
//!   entry by `pattern-db`, and held as values modulo 3 (Kociemba, Rokicki's
//!   `nxopt`): a state carries its exact value in each table, and a child's
//!   value is the neighbour of it with the child's residue. Korf's set takes
//!   43 MB instead of 173, and more lookups hit the caches.
//! - **A node's lookups are made together.** A cube node costs its cache
//!   misses, not its arithmetic: the in-place move list computes every
//!   child's corner entry and starts all their loads, then the edge entries
//!   of the children the corners leave within the bound, and starts loading
//!   the corner entries of a child found within the bound before it is
//!   expanded. See [`Rubik`].
//! - **Corners as coordinates, edges as pieces.** The corners' permutation
//!   and twist ranks follow a move through one row of a move table each;
//!   the edges are kept piece by piece and a group's rank is a Lehmer code
//!   computed with 4-bit counters packed in a word (no population count,
//!   which the baseline x86-64 target lacks).
//! - **No I/O of its own.** Tables are read and written only through
//!   `pattern-db`'s checked cache, at paths the caller chooses.

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
pub use heuristic::{Databases, KORF_EDGES_A, KORF_EDGES_B, MAX_EDGE_GROUPS, SEVEN_EDGES};
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
