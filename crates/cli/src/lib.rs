//! The `frontier` command and the code behind it: the programs
//! ([`programs`]: `frontier compare`, `eight`, `fifteen`, `twentyfour`,
//! `cube`, `grid`, `knight`, `terrain`, `enumerate`) and what they share,
//! kept in a library so it is tested and documented. The search library
//! itself is [`frontier`](https://docs.rs/frontier-search); the problems
//! are `frontier-sliding-puzzle`, `frontier-pancake`, `frontier-grid`,
//! `frontier-knight` and `frontier-cube`.
//!
//! - [`domain`] and [`domains`]: each problem the programs solve (3x3, 4x4
//!   and 5x5 boards, pancake stacks, terrain maps, knight moves, grid maps,
//!   Rubik's cubes)
//!   in one module, with its instances, strategies and answer check.
//! - [`registry`] and [`strategy`]: the algorithms and heuristics by name,
//!   and [`Solver`](domain::Solver), which runs one on one instance and
//!   replays its answer.
//! - [`compare`]: the strategy comparison (sets, runs, cross-check, table,
//!   chart); [`scenarios`]: Moving AI scenario runs; [`databases`]: the
//!   pattern databases' options and progress bars (the databases and the
//!   judge problem's reader are `frontier-sliding-puzzle`'s); [`jobs`]:
//!   thread counts.
//! - [`output`] and [`progress`]: what every program does the same way:
//!   results printed on stdout with every write checked; progress on
//!   stderr, as a bar on a terminal and as plain lines elsewhere. Named
//!   files are read by `frontier-text` (only when regular and of bounded
//!   size, line by line with invalid UTF-8 kept to its line), which also
//!   cuts long values short in messages.
//!
//! # Feature flags
//!
//! None: the command needs everything it depends on.

pub mod compare;
pub mod databases;
pub mod domain;
pub mod domains;
pub mod jobs;
pub mod output;
pub mod programs;
pub mod progress;
pub mod registry;
pub mod scenarios;
pub mod strategy;

/// The crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
