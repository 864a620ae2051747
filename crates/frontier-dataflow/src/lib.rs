//! Breadth-first search across threads, processes and machines, on
//! [timely dataflow](https://github.com/TimelyDataflow/timely-dataflow):
//! enumerate every state reachable from a start layer by layer
//! ([`LayeredBfs`]: the number of states at each distance, and optionally
//! every state's distance), or build a pattern table too large for one
//! machine's build ([`build_pattern_table`]: the same bytes as
//! [`pattern_db::PatternTable::build`]). The same program runs as one
//! process with several worker threads or as several processes connected
//! by TCP ([`Workers`]).
//!
//! # Quick start
//!
//! ```
//! use frontier_dataflow::{LayeredBfs, Workers};
//! use frontier::{RankedStates, SearchProblem, Step};
//!
//! /// A ring of 10 positions; a step moves one position either way.
//! struct Ring;
//! impl SearchProblem for Ring {
//!     type State = u64;
//!     type Action = i8;
//!     type Cost = u32;
//!     fn start(&self) -> u64 { 0 }
//!     fn is_goal(&self, _: &u64) -> bool { false }
//!     fn successors(&self, &n: &u64) -> impl Iterator<Item = Step<u64, i8, u32>> {
//!         [Step::new(1, (n + 1) % 10, 1), Step::new(-1, (n + 9) % 10, 1)].into_iter()
//!     }
//! }
//! impl RankedStates for Ring {
//!     fn state_count(&self) -> usize { 10 }
//!     fn rank(&self, &n: &u64) -> usize { n as usize }
//! }
//!
//! let layers = LayeredBfs::new(Ring, |rank| rank)
//!     .run(&Workers::threads(2), |layer| println!("depth {}: {}", layer.depth, layer.states))?
//!     .expect("a single process is process 0");
//! assert_eq!(layers.histogram, [1, 2, 2, 2, 2, 1]);
//! # Ok::<(), frontier_dataflow::DataflowError>(())
//! ```
//!
//! `docs/distributed.md` in the repository says how to run across machines,
//! what another machine buys, and what to do when a process dies.
//!
//! # Design decisions
//!
//! - **Ranks on the wire, not states.** Workers exchange eight-byte ranks
//!   and rebuild a state from its rank only when they claim it, so states
//!   need no serialisation and messages are as small as they can be;
//!   the price is an `unrank` function ([`frontier::RankedStates`] only
//!   ranks).
//! - **Ownership by rank modulo the workers.** Rank `r` belongs to worker
//!   `r % n`, whose bitmaps are dense over its own ranks (`r / n`): one bit
//!   per rank for `seen` and one per round in flight, so duplicate
//!   detection is a bit test at the owner and memory is known up front.
//!   Interleaving balances the layers across workers far better than
//!   contiguous ranges would on lexicographic ranks.
//! - **One round per layer, timely's frontier as the barrier.** Timestamps
//!   are rounds; a worker expands a round once timely proves no more
//!   candidates can arrive for it, which is exactly a BFS layer barrier,
//!   without a hand-made protocol. Free (zero-cost) steps of pattern
//!   abstractions take extra rounds within a depth.
//! - **Local successors skip the network.** A successor its own worker owns
//!   is marked directly; with `n` workers, `1/n` of the successors never
//!   become messages.
//! - **Gathered results.** The histogram and pattern tables end up in
//!   process 0; distances are written per worker, where they were computed.
//! - **No fault tolerance.** timely has none: a process that dies stops
//!   the run everywhere (see `docs/distributed.md`).

mod bfs;
mod engine;
mod error;
mod pattern;
mod sequential;
mod workers;

use std::time::Duration;

pub use bfs::{Enumeration, LayeredBfs};
pub use error::DataflowError;
pub use pattern::build_pattern_table;
pub use workers::Workers;

/// A completed layer, passed to the progress callbacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LayerProgress {
    /// The layer's distance from the start (or, for pattern tables, from
    /// the goals).
    pub depth: u32,
    /// The states at that distance.
    pub states: u64,
    /// The states at that distance or less.
    pub total: u64,
    /// Wall time since the run started.
    pub elapsed: Duration,
}

/// The crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoc;
