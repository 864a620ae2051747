//! Generic state-space search: describe a problem once with
//! [`SearchProblem`], then switch freely between breadth-first search,
//! bidirectional breadth-first search, A* and IDA*.
//!
//! Every search returns a [`SearchResult`]: why it stopped ([`Outcome`]:
//! found, proven unreachable, or a [`Limit`] reached) and the [`Stats`] of the
//! work done (nodes expanded and generated, peak stored states, IDA*'s
//! iterations, elapsed time). A [`Solution`] carries the states, the actions
//! and the total cost. [`Limits`] bound nodes, memory, time and cost, and a
//! [`CancelFlag`] stops a search from another thread.
//!
//! # Algorithms
//!
//! - [`bfs`]: breadth-first search (Moore 1959), fewest steps.
//! - [`bidirectional_bfs`]: breadth-first from both ends (Pohl 1971), fewest
//!   steps in about the square root of the nodes.
//! - [`astar`]: A* (Hart, Nilsson & Raphael 1968), cheapest path for an
//!   admissible heuristic, consistent or not.
//! - [`idastar`]: iterative-deepening A* (Korf 1985), cheapest path in
//!   memory linear in its length.
//!
//! The BFS family and A* have `_ranked` variants that keep their tables in
//! dense vectors for problems implementing [`RankedStates`]; [`Bfs`],
//! [`BidirectionalBfs`], [`AStar`] and [`IdaStar`] keep their memory between
//! searches, and `solve_batch` (feature `parallel`, on by default) runs
//! many searches on all cores.
//!
//! # Quick start
//!
//! ```
//! use frontier::{SearchProblem, Step};
//!
//! /// Reach a target from 1 by adding one (cost 1) or doubling (cost 2).
//! struct Doubling { target: u32 }
//!
//! impl SearchProblem for Doubling {
//!     type State = u32;
//!     type Action = char;
//!     type Cost = u32;
//!     fn start(&self) -> u32 { 1 }
//!     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
//!     fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, char, u32>> {
//!         let n = *n;
//!         let add = (n < self.target).then(|| Step::new('+', n + 1, 1));
//!         let double = (n <= self.target / 2).then(|| Step::new('*', n * 2, 2));
//!         add.into_iter().chain(double)
//!     }
//! }
//!
//! let result = frontier::astar(&Doubling { target: 10 });
//! let solution = result.solution().expect("10 is reachable");
//! assert_eq!(solution.actions, ['+', '*', '+', '*']); // 1 2 4 5 10
//! assert_eq!(solution.cost, 6);
//! println!("{} nodes expanded", result.stats.expanded);
//! ```
//!
//! The same problem ships as [`toy::Doubling`], with every optional
//! capability, for the examples in these docs.
//!
//! # Design decisions
//!
//! - **The problem describes the domain, the algorithm owns the
//!   bookkeeping.** Successors are named [`Step`]s yielded by an iterator, so
//!   a problem allocates nothing per node; costs are any primitive integer.
//! - **Each state is stored once.** Tables give every state a dense id and
//!   keep parents as ids, not cloned states; breadth-first searches use the
//!   insertion-ordered table as their queue.
//! - **Capabilities are opt-in traits.** Searching backward needs
//!   [`BidirectionalProblem`]; dense tables need [`RankedStates`]. Reversible
//!   moves are something a problem states, never something an algorithm
//!   assumes.
//! - **Nothing runs unbounded by accident.** Every search checks its
//!   [`Limits`] and returns the statistics gathered so far when one is hit.
#![forbid(unsafe_code)]

mod astar;
#[cfg(feature = "parallel")]
mod batch;
mod bfs;
mod bidirectional_bfs;
mod idastar;
mod limits;
mod problem;
mod solution;
mod table;
pub mod toy;

pub use astar::{AStar, OpenList, astar, astar_ranked, astar_with, astar_with_open_list};
#[cfg(feature = "parallel")]
pub use batch::solve_batch;
pub use bfs::{Bfs, ResultOf, bfs, bfs_ranked, bfs_with};
pub use bidirectional_bfs::{
    BidirectionalBfs, bidirectional_bfs, bidirectional_bfs_ranked, bidirectional_bfs_with,
};
pub use idastar::{IdaStar, idastar, idastar_with};
pub use limits::{CancelFlag, Limits};
pub use problem::{BidirectionalProblem, Cost, NoHeuristic, RankedStates, SearchProblem, Step};
pub use solution::{Iteration, Limit, Outcome, SearchResult, Solution, Stats};

/// `docs/architecture.md`, whose example is compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/architecture.md")]
struct ArchitectureDoc;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoc;
