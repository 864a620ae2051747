//! The pancake problem as a [`frontier`] search problem: sort a stack of
//! pancakes by flipping its top part over with a spatula (a prefix
//! reversal), in as few flips as possible. It is the domain where the
//! bidirectional heuristic-search papers (MM, NBS) report their results,
//! because its heuristic, GAP, can be weakened step by step.
//!
//! # Quick start
//!
//! ```
//! use pancake::{Gap, Pancakes, Stack};
//!
//! let start: Stack = "3 6 1 5 2 4".parse()?;
//! let problem = Pancakes::new(start, Gap::FULL);
//! let result = frontier::astar(&problem);
//! let solution = result.solution().expect("every stack can be sorted");
//! start.verify_solution(&solution.actions)?; // replays the flips, demands a sorted stack
//! let by_bfs = frontier::bidirectional_bfs(&problem).into_solution().expect("sortable");
//! assert_eq!(by_bfs.cost, solution.cost);
//! println!("{} flips, {} nodes expanded", solution.cost, result.stats.expanded);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is in the crate
//!
//! - [`Stack`]: 1 to 20 pancakes, top first, `1` the smallest; parsing
//!   (`FromStr`: whitespace-separated numbers) with [`ParseError`],
//!   `Display`, [`Stack::random`] from a seed, [`Stack::rank`] /
//!   [`Stack::unrank`], and [`Stack::verify_solution`] with [`FlipError`].
//! - [`Flip`]: the move, turning over the top `k` pancakes (`k` in `2..=len`).
//! - [`Gap`]: the GAP heuristic (Helmert 2010) and its weakened variants
//!   GAP-k (gaps between pancakes involving one of the `k` smallest do not
//!   count; the plate gap always does, as in HOG2),
//!   to the sorted stack and to any other.
//! - [`Pancakes`]: the [`frontier::SearchProblem`], with
//!   [`frontier::BidirectionalProblem`] (including the backward heuristic,
//!   GAP measured to the start) and [`frontier::RankedStates`].
//!
//! # Design decisions
//!
//! - **A stack is 21 bytes and `Copy`**: an array of 20 and a length, so
//!   one type serves every size chosen at run time (the studies use 12 to
//!   16), and 20 is the most whose ranks (`20!`) fit a `u64`.
//! - **The estimates travel with the state.** A flip of `k` pancakes
//!   changes one neighbourhood (positions `k - 1` and `k`), so
//!   [`PancakeState`] carries both estimates and a successor derives them
//!   from its parent's with two comparisons each.
//! - **The backward heuristic is GAP after renaming.** The flips between
//!   a stack and the start are those between the stack renamed by the
//!   start's positions and the sorted stack, so the same gap count serves
//!   both directions.
//! - **Nothing in `frontier` changed** for this second domain: it plugs in
//!   through the trait and its optional capabilities, as the sliding
//!   puzzle does.
//! - **Bad input is an error, never a panic**: [`ParseError`] names the
//!   token, its position and what was expected.

mod error;
mod gap;
mod problem;
mod stack;

pub use error::{FlipError, ParseError, TokenExcerpt};
pub use gap::Gap;
pub use problem::{PancakeState, Pancakes};
pub use stack::{Flip, Stack};

/// The crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoc;
