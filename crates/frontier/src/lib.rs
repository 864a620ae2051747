//! Generic state-space search: describe a problem once with
//! [`SearchProblem`], then switch freely between breadth-first search,
//! bidirectional breadth-first search, A*, IDA*, greedy search and the
//! bidirectional heuristic searches.
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
//!   memory linear in its length; [`IdaStar::bpmx`] adds bidirectional
//!   pathmax (Felner, Zahavi et al. 2005, 2011) for inconsistent
//!   heuristics on a [`ReversibleProblem`], and
//!   [`IdaStar::search_in_place`] runs it on one state changed in place and
//!   undone, for an [`InPlaceProblem`].
//! - [`ParallelIdaStar`] (feature `parallel`): the same IDA* on several
//!   cores, each iteration's tree cut near the root into subtrees that the
//!   threads take in the serial search's order (a form of Rao, Kumar &
//!   Ramesh 1987's parallel IDA*); [`ParallelIdaStar::search_in_place`]
//!   searches each thread's subtrees in place.
//! - [`greedy`]: greedy best-first search (Doran & Michie 1966), a path
//!   found fast by following the heuristic; not optimal.
//! - [`mm`]: MM (Holte, Felner, Sharon & Sturtevant 2016), bidirectional
//!   heuristic search that meets in the middle; cheapest path for
//!   admissible heuristics in both directions.
//! - [`nbs`]: NBS (Chen, Holte, Zilles & Sturtevant 2017), bidirectional
//!   heuristic search expanding pairs of nodes, within twice the fewest
//!   expansions for consistent heuristics; cheapest path for admissible ones.
//! - [`dvcbs`]: DVCBS (Shperberg, Felner, Sturtevant, Shimony & Hayoun
//!   2019), NBS's bound with the nodes to expand chosen from a minimum
//!   vertex cover of all the pairs at that bound; cheapest path for
//!   consistent heuristics.
//! - [`bae`]: BAE* (Sadhukhan 2013; Alcázar, Riddle & Barley 2020),
//!   bidirectional search ordered by f plus the heuristic's error toward
//!   its own end; cheapest path for consistent heuristics.
//!
//! # API themes
//!
//! Two rules, so the name of what you need can be guessed:
//!
//! 1. **A plain function per algorithm for the common case**: [`bfs`],
//!    [`bidirectional_bfs`], [`astar`], [`idastar`], [`greedy`], [`mm`],
//!    [`nbs`], [`dvcbs`], [`bae`] take a problem and search it with no limits, hashed tables
//!    and default settings. [`bfs`], [`bidirectional_bfs`], [`astar`] and
//!    [`greedy`] reuse a searcher per thread, so they ask `'static` states,
//!    actions and costs (see the [design decisions](#design-decisions));
//!    search borrowed states with the searcher.
//! 2. **One searcher per algorithm for everything else**: [`Bfs`],
//!    [`BidirectionalBfs`], [`AStar`], [`IdaStar`], [`Greedy`], [`Mm`],
//!    [`Nbs`], [`Dvcbs`], [`Bae`] (and [`ParallelIdaStar`]). Builder
//!    methods set the options, `search(&problem)` runs, and the searcher
//!    keeps its memory for the next search:
//!    - `.limits(limits)`, every searcher: nodes, stored states, bytes,
//!      time, cost, cancellation ([`Limits`], [`CancelFlag`]), given by
//!      value or by reference (`.limits(&limits)` clones them);
//!      `.set_limits` on a searcher in use;
//!    - `.dense()`, the searchers that store states (all but IDA*): tables
//!      indexed by [`RankedStates::rank`] instead of hashing (see
//!      [`Dense`]);
//!    - `.open_list(OpenList)`, the best-first searchers (all but the
//!      breadth-first ones and IDA*): the list their frontier is kept in
//!      ([`OpenList`]; the breadth-first searches use their table as their
//!      queue, and IDA* keeps no frontier);
//!    - `.bpmx()`: IDA* with bidirectional pathmax, for problems that state
//!      their moves reversible ([`ReversibleProblem`]; see [`pathmax`]).
//!
//! No function name encodes a combination of options: `AStar::new().dense()
//! .limits(limits).search(&problem)` is the one way to ask for all three.
//! Around them: [`from_fn`] makes a problem from closures (with builder
//! methods for a goal and predecessors, a backward heuristic, ranks and
//! the cheapest step, so every search takes it), `solve_batch` (feature
//! `parallel`, on by default) runs many searches on all cores, reporting a search that
//! panicked as `Panicked`, and [`NoHeuristic`] switches a problem's
//! heuristics off, [`NoBackwardHeuristic`] only the backward one.
//! [`Recorded`] wraps a problem and notes every state a search expands,
//! in order, for drawing or checking what any search looked at.
//!
//! | module | what it holds |
//! | --- | --- |
//! | crate root | the traits, the functions and searchers, results, limits, [`from_fn`], [`Recorded`], and the names users write: [`OpenList`], [`Dense`], [`Hashed`], [`NoHeuristic`], [`NoBackwardHeuristic`], `Panicked` |
//! | [`problem`] | the traits again, with the adapters [`problem::FromFn`] (and its parts), [`NoHeuristic`] and [`NoBackwardHeuristic`] |
//! | [`solution`] | results: [`Solution`], [`Stats`] and IDA*'s [`solution::Iteration`] |
//! | [`open`] | [`OpenList`], the choice of open list |
//! | [`limits`] | [`Limits`], [`CancelFlag`], the default memory bound ([`limits::available_memory`]) |
//! | `batch` | `solve_batch` and its per-item error `Panicked` (feature `parallel`) |
//! | [`table`] | [`Hashed`] and [`Dense`], the table layouts |
//! | [`pathmax`] | [`pathmax::Plain`] and [`pathmax::Bpmx`], IDA*'s two searches |
//! | [`toy`] | the tiny problem every example uses, and a grid for BPMX's |
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
//! # Feature flags
//!
//! - `parallel` (on by default): [`ParallelIdaStar`], one IDA* search on
//!   several threads, and `solve_batch` (with its per-item error
//!   `Panicked`), many searches at once; both run on rayon's thread pool.
//!   Without it the crate does not depend on rayon, and every other
//!   search is unchanged.
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
//!   [`BidirectionalProblem`]; dense tables need [`RankedStates`]; IDA*'s
//!   bidirectional pathmax needs [`ReversibleProblem`]; IDA* on one state
//!   changed in place needs [`InPlaceProblem`]. Reversible moves are
//!   something a problem states, never something an algorithm assumes.
//! - **Plain functions reuse memory.** [`bfs`], [`bidirectional_bfs`],
//!   [`astar`] and [`greedy`] keep one idle searcher per thread and per
//!   type, so calling them in a loop costs what a reused searcher costs
//!   (no fresh tables, page faults and cold caches per call). A searcher
//!   whose last search stored more than 65,536 states is dropped instead of
//!   kept, so a thread never holds the tables of one huge search. This is
//!   why these four functions ask `'static` states, actions and costs: the
//!   idle searcher is found by its type's `TypeId`, which only `'static`
//!   types have, and stable Rust cannot tell whether a type is `'static` to
//!   reuse only then. A
//!   problem with borrowed states (`&str`, say) is searched with the
//!   searcher, `Bfs::new().search(&problem)`, which asks no such bound;
//!   [`idastar`], [`mm`], [`nbs`], [`dvcbs`] and [`bae`] keep no searcher
//!   and ask none either.
//! - **Nothing runs unbounded by accident.** Every search checks its
//!   [`Limits`] and returns the statistics gathered so far when one is hit.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod astar;
mod bae;
#[cfg(feature = "parallel")]
pub mod batch;
mod best_first;
mod bfs;
mod bidirectional_bfs;
mod dvcbs;
mod from_fn;
mod greedy;
mod idastar;
pub mod limits;
mod meet;
mod mm;
mod nbs;
pub mod open;
#[cfg(feature = "parallel")]
mod parallel_idastar;
pub mod pathmax;
pub mod problem;
mod recorded;
mod reuse;
mod settings;
pub mod solution;
pub mod table;
pub mod toy;

pub use astar::{AStar, astar};
pub use bae::{Bae, bae};
#[cfg(feature = "parallel")]
pub use batch::{Panicked, solve_batch};
pub use bfs::{Bfs, bfs};
pub use bidirectional_bfs::{BidirectionalBfs, bidirectional_bfs};
pub use dvcbs::{Dvcbs, dvcbs};
pub use from_fn::from_fn;
pub use greedy::{Greedy, greedy};
pub use idastar::{IdaStar, idastar};
pub use limits::{CancelFlag, Limits};
pub use mm::{Mm, mm};
pub use nbs::{Nbs, nbs};
pub use open::OpenList;
#[cfg(feature = "parallel")]
pub use parallel_idastar::ParallelIdaStar;
pub use problem::{
    Applied, BidirectionalProblem, Cost, InPlaceProblem, NoBackwardHeuristic, NoHeuristic, Preview,
    RankedStates, ReversibleProblem, SearchProblem, Step,
};
pub use recorded::Recorded;
pub use solution::{ByPriority, Limit, Outcome, SearchResult, Solution, Stats};
pub use table::{Dense, Hashed};

/// `docs/architecture.md`, whose example is compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/architecture.md")]
struct ArchitectureDoc;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoc;

/// The crate's own README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoc;
