//! Rubik's cube as a [`frontier`] search problem.
//!
//! - [`Cube`]: the 3x3x3 cube as cubies (corner and edge permutation, twist
//!   and flip), the 18 face turns of the half-turn metric ([`Move`]).
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

mod cubie;
mod heuristic;
mod pdb;
mod problem;
mod rank;

pub use cubie::{CORNER_NAMES, Cube, EDGE_NAMES, Face, Move, Turn};
pub use heuristic::{Databases, KORF_EDGES_A, KORF_EDGES_B, MAX_EDGE_GROUPS, SEVEN_EDGES};
pub use pdb::{CornerSpace, EdgeSpace};
pub use problem::{CubeState, InPlaceMove, InPlaceMoves, Rubik};
