//! POJ 1915 "Knight Moves" as a [`frontier`] search problem: the fewest
//! knight moves between two squares of an `l`×`l` board. Every move costs
//! 1 and is undone by the opposite move, so a case searches both ways, and
//! at most 300 × 300 squares rank into dense tables.
//!
//! # Quick start
//!
//! ```
//! use knight::{Guided, Knight};
//!
//! let case = Knight { size: 8, start: (0, 0), target: (7, 0) };
//! let by_bfs = frontier::bidirectional_bfs(&case).into_solution().expect("a path exists");
//! let by_astar = frontier::astar(&Guided { case, bound: true }).into_solution().expect("a path exists");
//! assert_eq!((by_bfs.len(), by_astar.len()), (5, 5));
//! ```
//!
//! # What is in the crate
//!
//! - [`Knight`]: one case, a [`frontier::SearchProblem`] with
//!   [`frontier::BidirectionalProblem`]; [`MOVES`], [`Square`] and the
//!   board sizes the judge allows ([`MIN_SIZE`], [`MAX_SIZE`]).
//! - [`knight_bound`]: a lower bound of the knight moves between two
//!   squares, admissible and consistent on every board.
//! - [`Guided`]: a case with that bound (or zero) as its heuristic to the
//!   target and, backward, to the start, with
//!   [`frontier::RankedStates`] and [`frontier::ReversibleProblem`]: every
//!   frontier algorithm searches it.
//! - [`read_cases`]: a POJ 1915 input read as cases, with [`InputError`]
//!   naming the token and its line.
//!
//! # Design decisions
//!
//! - **The bound is a count, not a table.** Three counts (x, y and x + y
//!   change by at most 2, 2 and 3 a move) and the parity of x + y give a
//!   bound that is exact off the board's corners, costs a few operations,
//!   and holds on a bounded board because its paths are paths of the
//!   unbounded one.
//! - **The heuristic is a wrapper.** [`Knight`] itself has the zero
//!   heuristic, so the plain case is what breadth-first searches run, and
//!   [`Guided`] chooses the bound without a second problem type per
//!   heuristic.
//! - **Nothing in `frontier` changed** for this domain: it plugs in through
//!   the traits and their optional capabilities, as the other plug-ins do.
//! - **Bad input is an error, never a panic**: [`InputError`] names the
//!   token, cut short if long, and its line.

mod bound;
mod cases;
mod error;
mod problem;

pub use bound::{Guided, knight_bound};
pub use cases::read_cases;
pub use error::InputError;
pub use problem::{Knight, MAX_SIZE, MIN_SIZE, MOVES, Square};

/// The crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoc;
