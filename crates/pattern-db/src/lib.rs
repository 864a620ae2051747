//! Pattern databases: describe an abstraction of a problem (a smaller state
//! space that forgets part of each state) through [`Abstraction`], and
//! [`PatternTable::build`] computes the exact abstract distance to the goal
//! of every abstract state by a breadth-first search backward from the
//! goals, on all cores. Each abstract distance is a lower bound on the
//! concrete one, so a table lookup is an admissible heuristic for A* or
//! IDA*, and the tables of abstractions that charge disjoint sets of moves
//! add up. A table takes one byte per entry and persists in a checked file:
//! [`PatternTable::load_or_build`] loads a valid cached table or builds one
//! and saves it.
//!
//! # References
//!
//! - Culberson & Schaeffer 1998, "Pattern databases", *Computational
//!   Intelligence* 14(3): tables of exact distances in an abstract space as
//!   heuristics.
//! - Korf & Felner 2002, "Disjoint pattern database heuristics", *Artificial
//!   Intelligence* 134: additive tables, each charging only the moves of its
//!   own part of the state ([free steps](AbstractStep::Free) here).
//!
//! # Quick start
//!
//! ```
//! use pattern_db::{AbstractStep, Abstraction, CacheStatus, PatternTable};
//!
//! /// A combination lock of three dials, 0 to 9, open at 0-0-0; a move
//! /// turns one dial one notch either way. This abstraction keeps the first
//! /// two dials and forgets the third, whose turns cost it nothing.
//! struct FirstTwoDials;
//!
//! impl Abstraction for FirstTwoDials {
//!     type State = [u64; 2];
//!     fn state_count(&self) -> u64 { 100 }
//!     fn rank(&self, &[a, b]: &[u64; 2]) -> u64 { a * 10 + b }
//!     fn unrank(&self, rank: u64) -> [u64; 2] { [rank / 10, rank % 10] }
//!     fn goals(&self) -> impl Iterator<Item = [u64; 2]> { std::iter::once([0, 0]) }
//!     fn predecessors(&self, &state: &[u64; 2]) -> impl Iterator<Item = AbstractStep<[u64; 2]>> {
//!         // Every move can be undone, so the predecessors are the
//!         // successors: a notch up or down (+9 is -1 modulo 10) on a kept dial.
//!         (0..2).flat_map(move |dial| {
//!             [1, 9].map(|turn| {
//!                 let mut next = state;
//!                 next[dial] = (next[dial] + turn) % 10;
//!                 AbstractStep::Unit(self.rank(&next))
//!             })
//!         })
//!     }
//! }
//!
//! let table = PatternTable::build(&FirstTwoDials, |_| {})?;
//! // Three notches on the first dial, two on the second (8, 9, 0).
//! assert_eq!(table.get(FirstTwoDials.rank(&[3, 8])), 5);
//! assert_eq!(table.histogram()[10], 1); // only 5-5 is ten notches away
//!
//! // Cached: built and saved the first time, loaded after that.
//! let dir = std::env::temp_dir().join(format!("pattern-db-quick-start-{}", std::process::id()));
//! let path = dir.join("lock-dials-0-1.pdb");
//! let key = "lock of 3 dials of 10 notches, dials 0 and 1";
//! let (_, status) = PatternTable::load_or_build(&path, key, &FirstTwoDials, |_| {})?;
//! assert!(matches!(status, CacheStatus::Built { rejected: None, .. }));
//! let (cached, status) = PatternTable::load_or_build(&path, key, &FirstTwoDials, |_| {})?;
//! assert!(matches!(status, CacheStatus::Loaded));
//! assert_eq!(cached, table);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), pattern_db::PdbError>(())
//! ```
//!
//! A heuristic for the lock adds this table's value to that of a table for
//! the third dial alone: each move turns one dial, so it is charged by one
//! of the two abstractions only and the sum never exceeds the moves needed.
//!
//! # What the cache promises
//!
//! [`PatternTable::load_or_build`] keeps one file per table, at a path the
//! caller chooses, and promises:
//!
//! - **Only valid tables are used.** A file is used only if it is exactly
//!   what [`PatternTable::save`] wrote for the same key and entry count
//!   (magic bytes, format version, key, entry count, length, checksum);
//!   anything else is reported in the [`CacheStatus`], rebuilt and
//!   replaced.
//! - **Only regular files are read.** What the path names (through
//!   symbolic links) is looked at before it is opened: a directory, FIFO,
//!   socket or device is never opened for reading (a FIFO would block the
//!   reader until some process writes to it) and counts as an invalid
//!   file. The new table replaces it by a rename, which swaps the directory
//!   entry without opening or writing through what was there; a directory
//!   cannot be replaced so, and is left as it is.
//! - **Writes are atomic.** A table is written under a temporary name in
//!   the same directory, flushed to disk and renamed over the path, so no
//!   reader ever sees half a table under the final name.
//! - **Abandoned temporary files are cleaned.** A builder killed while
//!   saving leaves its temporary file behind (`{name}.tmp-{pid}-{n}`); the
//!   next save of the same path removes those whose process is no longer
//!   running (on Linux, no `/proc/{pid}`; elsewhere, only files untouched
//!   for a day) and leaves those of running processes alone.
//! - **A table that cannot be saved is used anyway.** A read-only or full
//!   disk, or a directory in the way, costs the next run a rebuild, not
//!   this run its table: the status is [`CacheStatus::BuiltNotSaved`], with
//!   the reason, for the program to warn about.
//!
//! # Feature flags
//!
//! - `parallel` (on by default): builds expand each layer on rayon's
//!   thread pool. Without it, builds run on the calling thread and give
//!   the same tables (the same bytes, the same files); the crate then does
//!   not depend on rayon.
//!
//! # Design decisions
//!
//! - **Ranks, not states.** The builder keeps three bits per rank and no
//!   queue of states, so its memory (`3 * state_count / 8 + entry_count`
//!   bytes) is known before it starts and spaces of billions of ranks fit
//!   in a few gigabytes; states are rebuilt from ranks when expanded.
//! - **Free and unit steps.** The search is a 0-1 breadth-first search, so
//!   an additive abstraction says directly that a move charged elsewhere
//!   costs it nothing, and a zero-cost region of the space is expanded at
//!   one distance.
//! - **One byte per entry.** Distances saturate at [`MAX_DISTANCE`] (still
//!   a lower bound) and [`UNREACHED`] marks entries no state reaches.
//!   Several abstract states may share an entry
//!   ([`Abstraction::entry`]), which keeps their smallest distance, so a
//!   table need not distinguish what its values should not depend on.
//! - **Parallel layers, exact results.** Each layer is split into chunks of
//!   ranks that worker threads expand (feature `parallel`, on by default,
//!   on rayon's pool), claiming states with atomic bit operations; the
//!   table is the same whatever the number of threads.
//! - **A file is trusted only when it proves it.** The header names the
//!   format version, the abstraction's key and entry count, and a checksum
//!   of the entries; a file failing any check is rebuilt, never used.
//! - **Large tables in huge pages.** A search looks a table up at random,
//!   so with 4 KiB pages most lookups into hundreds of megabytes also miss
//!   the TLB, and loading faults in a page per 4 KiB. Tables of 2 MiB or
//!   more live in anonymous mappings advised `MADV_HUGEPAGE` on Linux
//!   (`memmap2`'s safe `map_anon` and `advise`; elsewhere, or where that
//!   fails, in vectors). The 7-8 databases then load with about a quarter
//!   of the system time (`docs/benchmarks-log.md`).
//! - **Independent of any search library.** A heuristic is a lookup, so the
//!   crate depends on no search crate and any of them can use its tables.
//! - **One `unsafe` block, a hint.** Large builds are dominated by cache
//!   misses, and the builder prefetches the bitmap words a step will touch
//!   (on `x86_64`); a prefetch cannot fault and reads nothing into the
//!   program. `unsafe_code` is denied everywhere else.

#![deny(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod abstraction;
mod build;
mod cache;
mod error;
mod file;
mod memory;
mod table;

pub use abstraction::{AbstractStep, Abstraction};
pub use build::BuildProgress;
pub use cache::CacheStatus;
pub use error::PdbError;
pub use table::PatternTable;

/// The largest distance a table stores; larger distances are stored as this
/// (a smaller value is still a lower bound).
pub const MAX_DISTANCE: u8 = u8::MAX - 1;

/// The value of an entry that no abstract state reaches (its states cannot
/// reach a goal).
pub const UNREACHED: u8 = u8::MAX;

/// Converts a rank or entry checked against a count that fits in `usize`.
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "every rank and entry is checked against a count that fits in usize"
)]
fn index(value: u64) -> usize {
    value as usize
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoc;
