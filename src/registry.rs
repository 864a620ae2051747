//! The registry: every algorithm and every heuristic the programs offer,
//! each described once. `compare`, `eight` and `fifteen` take their
//! command-line values, labels, board sizes and the way each one runs from
//! the two tables below, so an entry added here appears in all three (and,
//! if it lists `Pancakes`, on `compare`'s pancake stacks).
//!
//! The tables are `macro_rules!` invocations. From the algorithm table the
//! macro generates [`Algorithm`] (with its [`clap::ValueEnum`]), its
//! capability methods, [`Algorithm::ALL`] and the dispatch, the one
//! function that calls [`frontier`]'s searches. From the heuristic table it
//! generates [`HeuristicName`], its capability methods,
//! [`HeuristicName::ALL`] and the match that builds each heuristic and
//! hands the puzzle to the dispatch. Every generated `match` lists every
//! entry by name: nothing falls through a `_` arm or an or-pattern to
//! another entry's code.
//!
//! # How to add an algorithm
//!
//! 1. Add an entry to the `algorithms!` table below: its doc comment (the
//!    `--help` text), then
//!    - `name`: the command-line value (`"bfs-dense"`);
//!    - `label`: the name in tables and charts (`"bfs dense"`);
//!    - `heuristic`: whether it is guided by a heuristic;
//!    - `sizes`: the board sizes it handles, with the reason for the others
//!      in parentheses (`[Three] ("a dense 4x4 table would need 16! entries")`);
//!    - `dense`: whether it is the dense-table twin of another entry (same
//!      nodes, another memory layout: the comparison runs it with one
//!      heuristic only and the chart leaves it out);
//!    - `searches`: `false` for a lookup that does no search per board;
//!    - `optimal`: whether its solutions are shortest (the comparison
//!      requires the optimal entries to agree and the others to be no
//!      shorter);
//!    - `run: |puzzle, limits, searchers| ...`: how it solves a
//!      [`Puzzle<W, H, Hr>`](Puzzle) under `limits` (`&Limits<u32>`),
//!      returning `Some(SearchResult)`, or `None` for a board shape it has
//!      no implementation for. `searchers` is the [`Searchers<W, H>`] of
//!      the board's size: state kept from one board to the next.
//! 2. Only if it keeps state between boards (as IDA* keeps its buffers):
//!    add a field for it to [`Searchers`], whose derived `Default`
//!    initialises it, and use it in `run`.
//!
//! That is all: `eight --algo`, `fifteen --algo` and `compare
//! --algorithms` accept it, the comparison runs it on every set it handles,
//! the CSV and JSON name it, and the chart draws it (in registry order).
//!
//! # How to add a heuristic
//!
//! 1. Implement [`sliding_puzzle::Heuristic<W, H>`] for it, generically
//!    over `W` and `H`: the dispatch is generic over the board shape, and
//!    `sizes` (below) says which shapes the programs offer it for. A
//!    heuristic built from tables of one shape does as the pattern
//!    databases do: generic type, tables that fail to build for other
//!    shapes.
//! 2. Add an entry to the `heuristics!` table below: its doc comment, then
//!    - `name` and `label`, as for algorithms;
//!    - `sizes`, as for algorithms;
//!    - `compared`: whether `compare` runs it by default (it can always be
//!      asked for with `--heuristics`);
//!    - `make: |tables| ...` (boards; leave it out for a pancake-only
//!      heuristic): the heuristic value, cheap to clone or
//!      `Copy`; `tables` is a [`Tables<W, H>`] whose
//!      [`pattern_database`](Tables::pattern_database) loads (once, then
//!      shares) a pattern database of the given tile groups. `?` works:
//!      the expression is evaluated in a function returning
//!      `Result<_, SolveError>`;
//!    - `gap: ...` (pancakes only): the [`pancake::Gap`] it stands for.
//!
//! Keep the table ordered weakest first: the comparison gives a dense
//! algorithm the last (strongest) heuristic that fits its boards.
//!
//! # Pancake stacks, the second domain
//!
//! The same two tables serve the [`pancake`] crate's stacks. `Pancakes` is
//! a third [`Size`], listed in `sizes` like a board size:
//!
//! - an algorithm whose `sizes` list `Pancakes` has its one `run`
//!   expression compiled a second time, for [`Pancakes`] problems, into the
//!   pancake dispatch (the macro reads the list; `searchers` is then a
//!   [`PancakeSearchers`]). So MM, added once, runs on boards and stacks;
//!   an algorithm that does not list `Pancakes` (the 3x3 table, the dense
//!   variants) is refused on stacks with its reason;
//! - a heuristic has a `make` expression for boards, a `gap` expression
//!   (a [`pancake::Gap`]) for stacks, or both (`zero`); its `sizes` say
//!   which. GAP-3, GAP-2, GAP-1 and GAP are compared by default, and each
//!   strategy runs on the sets it handles, so one `compare` run shows
//!   boards with the board heuristics and stacks with the GAP family.
//!
//! This keeps one [`Algorithm`] and one [`HeuristicName`] (so a
//! [`Strategy`] and the comparison's rows, CSV and JSON are unchanged) at
//! the price of a `Size` that is not a board size. The alternatives were
//! worse: a second registry for pancakes would list MM twice, and a
//! `--domain` switch would hide half of the comparison by default.
//!
//! # Why a macro
//!
//! A trait with one implementation per algorithm would need a second
//! registry (a list of trait objects) to enumerate the entries for clap, and
//! dynamic dispatch cannot be generic over the heuristic, which the
//! searches must be to stay fast. The macro keeps each entry in one place
//! and every dispatch monomorphised: the search loop sees the concrete
//! heuristic, as it did when the matches were written by hand.

use std::any::Any;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use frontier::pathmax::Bpmx;
use frontier::{
    AStar, Bfs, BidirectionalBfs, Greedy, IdaStar, Limits, Mm, Nbs, Outcome, ParallelIdaStar,
    SearchResult, Solution, Stats,
};
use indicatif::{ProgressBar, ProgressStyle};
use pancake::{Flip, Gap, PancakeState, Pancakes, Stack};
use sliding_puzzle::heuristic::Max;
use sliding_puzzle::heuristic::pdb::{
    FIFTEEN_5_5_5, FIFTEEN_6_6_3, FIFTEEN_7_8, FIFTEEN_7_8_MORE, GroupProgress, Partition,
    PatternDatabase,
};
use sliding_puzzle::{
    AnyBoard, Board, Eight, EightTable, LinearConflict, Manhattan, Misplaced, Move, Puzzle,
    PuzzleState, Zero,
};

use crate::strategy::{SolveError, Strategy};

/// The GAP-k that ignores every pancake: zero on every stack, the
/// `zero` heuristic of pancakes.
#[expect(clippy::cast_possible_truncation, reason = "Stack::MAX_LEN is 20")]
const ZERO_GAP: u8 = Stack::MAX_LEN as u8;

/// The result of one search on a pancake stack.
pub type PancakeResult = SearchResult<PancakeState, Flip, u32>;

/// The result of one search on a `W`×`H` board.
pub type PuzzleResult<const W: usize, const H: usize> = SearchResult<PuzzleState<W, H>, Move, u32>;

/// `Some(reason)` for a given reason, `None` for none: the optional
/// `(reason)` after an entry's `sizes`.
macro_rules! reason {
    () => {
        None
    };
    ($reason:literal) => {
        Some($reason)
    };
}

/// `$then` if the size list names `Pancakes`, else `$else`: an algorithm's
/// `run` is compiled for pancake stacks only if its entry lists them.
macro_rules! if_pancakes {
    ([] $then:block else $else:block) => {
        $else
    };
    ([Pancakes $(, $rest:ident)*] $then:block else $else:block) => {
        $then
    };
    ([$first:ident $(, $rest:ident)*] $then:block else $else:block) => {
        if_pancakes!([$($rest),*] $then else $else)
    };
}

/// The first block if it is not empty, else the second: a heuristic's
/// optional `make` (boards) or `gap` (pancakes), or the answer "no
/// implementation here".
macro_rules! present_or {
    ({} or $none:block) => {
        $none
    };
    ({ $($some:tt)+ } or $none:block) => {
        { $($some)+ }
    };
}

/// Generates [`Algorithm`] and the dispatch from the algorithm table (see
/// the [module docs](self)).
macro_rules! algorithms {
    ($(
        $(#[doc = $doc:literal])+
        $variant:ident {
            name: $name:literal,
            label: $label:literal,
            heuristic: $heuristic:literal,
            sizes: [$($size:ident),+] $(($reason:literal))?,
            dense: $dense:literal,
            searches: $searches:literal,
            optimal: $optimal:literal,
            run: |$puzzle:pat_param, $limits:pat_param, $searchers:pat_param| $run:expr $(,)?
        }
    )+) => {
        /// How a board is solved: an algorithm of [`frontier`] or the
        /// precomputed 3x3 table. Generated from the registry's algorithm
        /// table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
        pub enum Algorithm {
            $(
                $(#[doc = $doc])+
                #[value(name = $name)]
                $variant,
            )+
        }

        impl Algorithm {
            /// Every algorithm, in the registry's order (the comparison's).
            pub const ALL: &'static [Algorithm] = &[$(Algorithm::$variant),+];

            /// The command-line value: `bfs`, `astar-dense`, `idastar`.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Algorithm::$variant => $name,)+
                }
            }

            /// The name people read: `table`, `bfs dense`, `A*`, `IDA*`.
            #[must_use]
            pub const fn label(self) -> &'static str {
                match self {
                    $(Algorithm::$variant => $label,)+
                }
            }

            /// Whether the algorithm is guided by a heuristic.
            #[must_use]
            pub const fn uses_heuristic(self) -> bool {
                match self {
                    $(Algorithm::$variant => $heuristic,)+
                }
            }

            /// Whether the algorithm can solve boards of `size`.
            #[must_use]
            pub const fn handles(self, size: Size) -> bool {
                match self {
                    $(Algorithm::$variant => matches!(size, $(Size::$size)|+),)+
                }
            }

            /// Why the algorithm refuses the sizes it does not handle.
            #[must_use]
            pub const fn refusal(self) -> Option<&'static str> {
                match self {
                    $(Algorithm::$variant => reason!($($reason)?),)+
                }
            }

            /// Whether it is the dense-table twin of another algorithm:
            /// the same nodes, another memory layout.
            #[must_use]
            pub const fn is_dense(self) -> bool {
                match self {
                    $(Algorithm::$variant => $dense,)+
                }
            }

            /// Whether its answers are optimal: `compare` requires optimal
            /// algorithms to agree on every board's length, and the others
            /// to be no shorter.
            #[must_use]
            pub const fn is_optimal(self) -> bool {
                match self {
                    $(Algorithm::$variant => $optimal,)+
                }
            }

            /// Whether it searches per board (`false` for a lookup in
            /// precomputed data, whose statistics are all zero).
            #[must_use]
            pub const fn searches(self) -> bool {
                match self {
                    $(Algorithm::$variant => $searches,)+
                }
            }
        }

        /// The dispatch: solves `puzzle` with `algorithm` under `limits`.
        /// Every call to one of frontier's algorithms in the programs goes
        /// through here. `None` when the algorithm has no implementation
        /// for this board shape ([`Solver::solve`] refuses those first).
        fn run_algorithm<const W: usize, const H: usize, Hr: sliding_puzzle::Heuristic<W, H> + Sync>(
            algorithm: Algorithm,
            puzzle: &Puzzle<W, H, Hr>,
            limits: &Limits<u32>,
            searchers: &mut Searchers<W, H>,
        ) -> Option<PuzzleResult<W, H>> {
            match algorithm {
                $(Algorithm::$variant => {
                    let $puzzle = puzzle;
                    let $limits = limits;
                    let $searchers = &mut *searchers;
                    $run
                })+
            }
        }

        /// The dispatch for pancake stacks: the same `run` expressions,
        /// compiled for [`Pancakes`] for the entries whose sizes list
        /// `Pancakes`; `None` for the others.
        fn run_pancake_algorithm(
            algorithm: Algorithm,
            puzzle: &Pancakes,
            limits: &Limits<u32>,
            searchers: &mut PancakeSearchers,
        ) -> Option<PancakeResult> {
            match algorithm {
                $(Algorithm::$variant => if_pancakes!([$($size),+] {
                    let $puzzle = puzzle;
                    let $limits = limits;
                    let $searchers = &mut *searchers;
                    $run
                } else {
                    None
                }),)+
            }
        }
    };
}

/// Generates [`HeuristicName`] and the heuristic dispatch from the
/// heuristic table (see the [module docs](self)).
macro_rules! heuristics {
    ($(
        $(#[doc = $doc:literal])+
        $variant:ident {
            name: $name:literal,
            label: $label:literal,
            sizes: [$($size:ident),+] $(($reason:literal))?,
            compared: $compared:literal,
            $(make: |$tables:pat_param| $make:expr,)?
            $(gap: $gap:expr,)?
        }
    )+) => {
        /// The heuristics A* and IDA* can use, weakest first. Generated
        /// from the registry's heuristic table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
        pub enum HeuristicName {
            $(
                $(#[doc = $doc])+
                #[value(name = $name)]
                $variant,
            )+
        }

        impl HeuristicName {
            /// Every heuristic, weakest first.
            pub const ALL: &'static [HeuristicName] = &[$(HeuristicName::$variant),+];

            /// The command-line value: `manhattan`, `linear-conflict`,
            /// `pdb-7-8`.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(HeuristicName::$variant => $name,)+
                }
            }

            /// The name people read: `manhattan`, `linear conflict`.
            #[must_use]
            pub const fn label(self) -> &'static str {
                match self {
                    $(HeuristicName::$variant => $label,)+
                }
            }

            /// Whether the heuristic exists for boards of `size`.
            #[must_use]
            pub const fn handles(self, size: Size) -> bool {
                match self {
                    $(HeuristicName::$variant => matches!(size, $(Size::$size)|+),)+
                }
            }

            /// Why the heuristic refuses the sizes it does not handle.
            #[must_use]
            pub const fn refusal(self) -> Option<&'static str> {
                match self {
                    $(HeuristicName::$variant => reason!($($reason)?),)+
                }
            }

            /// Whether `compare` runs it by default.
            #[must_use]
            pub const fn is_compared(self) -> bool {
                match self {
                    $(HeuristicName::$variant => $compared,)+
                }
            }
        }

        /// Builds the heuristic of `strategy` (zero for the algorithms that
        /// use none, so they do not pay for one) and runs the strategy's
        /// algorithm on `board` with it. `Ok(None)` when the algorithm has
        /// no implementation for the board's shape.
        pub(crate) fn search<const W: usize, const H: usize>(
            board: Board<W, H>,
            strategy: Strategy,
            limits: &Limits<u32>,
            searchers: &mut Searchers<W, H>,
            databases: &PatternDatabases,
        ) -> Result<Option<PuzzleResult<W, H>>, SolveError> {
            let heuristic = strategy.heuristic.unwrap_or(HeuristicName::Zero);
            let tables = Tables::<W, H> { databases, heuristic };
            Ok(match heuristic {
                $(HeuristicName::$variant => present_or!({$(
                    let $tables = &tables;
                    let made = $make;
                    run_algorithm(strategy.algorithm, &Puzzle::new(board, made), limits, searchers)
                )?} or {
                    None
                }),)+
            })
        }

        /// Runs the strategy's algorithm on `stack` with the strategy's
        /// heuristic (zero for the algorithms that use none). `None` when
        /// the algorithm or the heuristic has no implementation for
        /// pancakes.
        pub(crate) fn search_stack(
            stack: Stack,
            strategy: Strategy,
            limits: &Limits<u32>,
            searchers: &mut PancakeSearchers,
        ) -> Option<PancakeResult> {
            let heuristic = strategy.heuristic.unwrap_or(HeuristicName::Zero);
            match heuristic {
                $(HeuristicName::$variant => present_or!({$(
                    let problem = Pancakes::new(stack, $gap);
                    run_pancake_algorithm(strategy.algorithm, &problem, limits, searchers)
                )?} or {
                    None
                }),)+
            }
        }

        /// Builds (or loads) what `heuristic` needs on `W`×`H` boards now,
        /// without searching.
        fn prepare_heuristic<const W: usize, const H: usize>(
            heuristic: HeuristicName,
            databases: &PatternDatabases,
        ) -> Result<(), SolveError> {
            let tables = Tables::<W, H> { databases, heuristic };
            match heuristic {
                $(HeuristicName::$variant => present_or!({$(
                    let $tables = &tables;
                    let _made = $make;
                )?} or {}),)+
            }
            Ok(())
        }
    };
}

algorithms! {
    /// Look the board up in the precomputed table of every 3x3 board, built
    /// by one reverse breadth-first search from the goal (3x3 only).
    Table {
        name: "table",
        label: "table",
        heuristic: false,
        sizes: [Three] ("the table holds 3x3 boards only"),
        dense: false,
        searches: false,
        optimal: true,
        run: |puzzle, _, searchers| searchers.lookup(puzzle),
    }
    /// Breadth-first search with a hashed state table.
    Bfs {
        name: "bfs",
        label: "bfs",
        heuristic: false,
        sizes: [Three, Four, Pancakes],
        dense: false,
        searches: true,
        optimal: true,
        run: |puzzle, limits, _| Some(Bfs::new().limits(limits.clone()).search(puzzle)),
    }
    /// Breadth-first search with a dense table indexed by rank (3x3 only).
    BfsDense {
        name: "bfs-dense",
        label: "bfs dense",
        heuristic: false,
        sizes: [Three] ("dense tables are kept for 3x3 boards: 4x4 would need 16! entries"),
        dense: true,
        searches: true,
        optimal: true,
        run: |puzzle, limits, _| Some(Bfs::new().dense().limits(limits.clone()).search(puzzle)),
    }
    /// Bidirectional breadth-first search with hashed tables.
    Bidirectional {
        name: "bidirectional",
        label: "bidirectional",
        heuristic: false,
        sizes: [Three, Four, Pancakes],
        dense: false,
        searches: true,
        optimal: true,
        run: |puzzle, limits, _| Some(BidirectionalBfs::new().limits(limits.clone()).search(puzzle)),
    }
    /// Bidirectional breadth-first search with dense tables (3x3 only).
    BidirectionalDense {
        name: "bidirectional-dense",
        label: "bidirectional dense",
        heuristic: false,
        sizes: [Three] ("dense tables are kept for 3x3 boards: 4x4 would need 16! entries"),
        dense: true,
        searches: true,
        optimal: true,
        run: |puzzle, limits, _| Some(
            BidirectionalBfs::new().dense().limits(limits.clone()).search(puzzle)
        ),
    }
    /// A* with a hashed state table.
    AStar {
        name: "astar",
        label: "A*",
        heuristic: true,
        sizes: [Three, Four, Pancakes],
        dense: false,
        searches: true,
        optimal: true,
        run: |puzzle, limits, _| Some(AStar::new().limits(limits.clone()).search(puzzle)),
    }
    /// A* with a dense table indexed by rank (3x3 only).
    AStarDense {
        name: "astar-dense",
        label: "A* dense",
        heuristic: true,
        sizes: [Three] ("dense tables are kept for 3x3 boards: 4x4 would need 16! entries"),
        dense: true,
        searches: true,
        optimal: true,
        run: |puzzle, limits, _| Some(AStar::new().dense().limits(limits.clone()).search(puzzle)),
    }
    /// IDA*: no table, memory linear in the solution's length.
    IdaStar {
        name: "idastar",
        label: "IDA*",
        heuristic: true,
        sizes: [Three, Four, Pancakes],
        dense: false,
        searches: true,
        optimal: true,
        // `--jobs N`: the same search on N threads. Boards are searched
        // in place, pancake stacks by value.
        run: |puzzle, limits, searchers| Some(searchers.ida(puzzle, limits)),
    }
    /// IDA* with bidirectional pathmax (BPMX): an inconsistent heuristic's
    /// values propagate between neighbours, so the pattern databases prune
    /// more (on one thread: `--jobs` does not apply).
    IdaStarBpmx {
        name: "idastar-bpmx",
        label: "IDA* BPMX",
        heuristic: true,
        sizes: [Three, Four, Pancakes],
        dense: false,
        searches: true,
        optimal: true,
        run: |puzzle, limits, searchers| Some({
            let ida = searchers.ida_bpmx.get_or_insert_with(|| IdaStar::new().bpmx());
            ida.set_limits(limits.clone());
            ida.search(puzzle)
        }),
    }
    /// Greedy best-first search: follows the heuristic, finds a path fast,
    /// not necessarily a shortest one.
    Greedy {
        name: "greedy",
        label: "greedy",
        heuristic: true,
        sizes: [Three, Four, Pancakes],
        dense: false,
        searches: true,
        optimal: false,
        run: |puzzle, limits, _| Some(Greedy::new().limits(limits.clone()).search(puzzle)),
    }
    /// MM: bidirectional heuristic search meeting in the middle (Holte et
    /// al. 2016), the heuristic measured to the goal forward and to the
    /// start backward (zero backward for the pattern databases).
    Mm {
        name: "mm",
        label: "MM",
        heuristic: true,
        sizes: [Three, Four, Pancakes],
        dense: false,
        searches: true,
        optimal: true,
        run: |puzzle, limits, _| Some(Mm::new().limits(limits.clone()).search(puzzle)),
    }
    /// NBS: bidirectional heuristic search expanding pairs of nodes (Chen
    /// et al. 2017), within twice the fewest expansions for consistent
    /// heuristics.
    Nbs {
        name: "nbs",
        label: "NBS",
        heuristic: true,
        sizes: [Three, Four, Pancakes],
        dense: false,
        searches: true,
        optimal: true,
        run: |puzzle, limits, _| Some(Nbs::new().limits(limits.clone()).search(puzzle)),
    }
}

heuristics! {
    /// No information: A* becomes Dijkstra, IDA* iterative deepening.
    Zero {
        name: "zero",
        label: "zero",
        sizes: [Three, Four, Pancakes],
        compared: false,
        make: |_| Zero,
        gap: Gap::ignoring(ZERO_GAP),
    }
    /// The number of tiles out of place.
    Misplaced {
        name: "misplaced",
        label: "misplaced",
        sizes: [Three, Four] ("it measures sliding-puzzle boards"),
        compared: true,
        make: |_| Misplaced,
    }
    /// The sum of the tiles' Manhattan distances to their goal cells.
    Manhattan {
        name: "manhattan",
        label: "manhattan",
        sizes: [Three, Four] ("it measures sliding-puzzle boards"),
        compared: true,
        make: |_| Manhattan,
    }
    /// Manhattan distance plus two moves per tile that must leave its goal
    /// row or column to let others pass.
    LinearConflict {
        name: "linear-conflict",
        label: "linear conflict",
        sizes: [Three, Four] ("it measures sliding-puzzle boards"),
        compared: true,
        make: |_| LinearConflict,
    }
    /// Additive pattern database, three groups of five tiles (4x4 only;
    /// built in about a second on first use).
    Pdb555 {
        name: "pdb-5-5-5",
        label: "pdb 5-5-5",
        sizes: [Four] ("its pattern database is for 4x4 boards"),
        compared: false,
        make: |tables| tables.pattern_database(&FIFTEEN_5_5_5)?,
    }
    /// Additive pattern database, groups of six, six and three tiles (4x4
    /// only; built in seconds on first use).
    Pdb663 {
        name: "pdb-6-6-3",
        label: "pdb 6-6-3",
        sizes: [Four] ("its pattern database is for 4x4 boards"),
        compared: false,
        make: |tables| tables.pattern_database(&FIFTEEN_6_6_3)?,
    }
    /// Additive pattern database, groups of seven and eight tiles (4x4
    /// only; built in minutes and 2.2 GB of memory on first use, 580 MB on
    /// disk).
    Pdb78 {
        name: "pdb-7-8",
        label: "pdb 7-8",
        sizes: [Four] ("its pattern database is for 4x4 boards"),
        compared: false,
        make: |tables| tables.pattern_database(&FIFTEEN_7_8)?,
    }
    /// The largest of two 7-8 pattern databases (4x4 only): `pdb-7-8`'s
    /// and a block of eight against the left column, the bottom row and
    /// tile 10, each with its reflection (Holte, Felner et al. 2006). The
    /// second is looked up only for the children the first does not cut
    /// off; dual lookups (`--dual`) are the first's only. 1.2 GB of tables.
    Pdb78x2 {
        name: "pdb-7-8x2",
        label: "pdb 7-8 x2",
        sizes: [Four] ("its pattern databases are for 4x4 boards"),
        compared: false,
        make: |tables| Max::new(
            tables.pattern_database(&FIFTEEN_7_8)?,
            tables.plain_pattern_database(&FIFTEEN_7_8_MORE[0])?,
        ),
    }
    /// The largest of five 7-8 pattern databases (4x4 only): `pdb-7-8x2`'s
    /// and the three further partitions of `FIFTEEN_7_8_MORE`, ten sums
    /// with reflection, looked up in turn until one cuts the child off.
    /// 2.9 GB of tables.
    Pdb78x5 {
        name: "pdb-7-8x5",
        label: "pdb 7-8 x5",
        sizes: [Four] ("its pattern databases are for 4x4 boards"),
        compared: false,
        make: |tables| Max::new(
            tables.pattern_database(&FIFTEEN_7_8)?,
            Max::new(
                tables.plain_pattern_database(&FIFTEEN_7_8_MORE[0])?,
                Max::new(
                    tables.plain_pattern_database(&FIFTEEN_7_8_MORE[1])?,
                    Max::new(
                        tables.plain_pattern_database(&FIFTEEN_7_8_MORE[2])?,
                        tables.plain_pattern_database(&FIFTEEN_7_8_MORE[3])?,
                    ),
                ),
            ),
        ),
    }
    /// GAP-3 (pancakes): the gaps between neighbours that are not
    /// consecutive, ignoring those involving pancakes 1, 2 and 3.
    Gap3 {
        name: "gap-3",
        label: "GAP-3",
        sizes: [Pancakes] ("it counts the gaps of pancake stacks"),
        compared: true,
        gap: Gap::ignoring(3),
    }
    /// GAP-2 (pancakes): the gaps, ignoring those involving pancakes 1
    /// and 2.
    Gap2 {
        name: "gap-2",
        label: "GAP-2",
        sizes: [Pancakes] ("it counts the gaps of pancake stacks"),
        compared: true,
        gap: Gap::ignoring(2),
    }
    /// GAP-1 (pancakes): the gaps, ignoring those involving pancake 1.
    Gap1 {
        name: "gap-1",
        label: "GAP-1",
        sizes: [Pancakes] ("it counts the gaps of pancake stacks"),
        compared: true,
        gap: Gap::ignoring(1),
    }
    /// GAP (Helmert 2010; pancakes): the number of neighbours, the plate
    /// included, that are not consecutive pancakes.
    Gap {
        name: "gap",
        label: "GAP",
        sizes: [Pancakes] ("it counts the gaps of pancake stacks"),
        compared: true,
        gap: Gap::FULL,
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl fmt::Display for HeuristicName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl HeuristicName {
    /// The heuristics `compare` runs by default, weakest first.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_workspace::registry::HeuristicName;
    ///
    /// let names: Vec<_> = HeuristicName::compared().iter().map(|h| h.name()).collect();
    /// assert_eq!(names, ["misplaced", "manhattan", "linear-conflict", "gap-3", "gap-2", "gap-1", "gap"]);
    /// ```
    #[must_use]
    pub fn compared() -> Vec<HeuristicName> {
        HeuristicName::ALL
            .iter()
            .copied()
            .filter(|h| h.is_compared())
            .collect()
    }
}

/// The size of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// 3x3, the 8-puzzle.
    Three,
    /// 4x4, the 15-puzzle.
    Four,
    /// Pancake stacks, of any number of pancakes: not a board, but the
    /// registry's second domain, whose entries list it among their sizes
    /// like a board size.
    Pancakes,
}

impl Size {
    /// Every size: the two boards, smallest first, then pancake stacks.
    pub const ALL: [Size; 3] = [Size::Three, Size::Four, Size::Pancakes];

    /// The size of `board`.
    #[must_use]
    pub fn of(board: &AnyBoard) -> Size {
        match board {
            AnyBoard::Eight(_) => Size::Three,
            AnyBoard::Fifteen(_) => Size::Four,
        }
    }
}

impl Size {
    /// What instances of this size are called: `3x3 boards`, `pancake
    /// stacks`.
    #[must_use]
    pub const fn instances(self) -> &'static str {
        match self {
            Size::Three => "3x3 boards",
            Size::Four => "4x4 boards",
            Size::Pancakes => "pancake stacks",
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Size::Three => "3x3",
            Size::Four => "4x4",
            Size::Pancakes => "pancake",
        })
    }
}

/// What the algorithms keep from one pancake stack to the next: IDA*'s
/// buffers. The pancake counterpart of [`Searchers`], with the fields the
/// `run` expressions of the entries that list `Pancakes` use.
#[derive(Debug, Default)]
pub struct PancakeSearchers {
    /// IDA*, whose path and iteration buffers are reused.
    ida: IdaStar<PancakeState, Flip, u32>,
    /// IDA* with bidirectional pathmax, made on first use.
    ida_bpmx: Option<IdaStar<PancakeState, Flip, u32, Bpmx>>,
    /// IDA* on several threads, as for boards ([`Searchers::jobs`]).
    parallel_ida: Option<ParallelIdaStar<PancakeState, Flip, u32>>,
}

impl PancakeSearchers {
    /// Runs IDA* on `jobs` threads from now on (1: on the calling thread).
    pub(crate) fn jobs(&mut self, jobs: usize) {
        self.parallel_ida = (jobs > 1).then(|| ParallelIdaStar::new().threads(jobs));
    }

    /// IDA* over successor values, on `jobs` threads if set.
    fn ida(&mut self, puzzle: &Pancakes, limits: &Limits<u32>) -> PancakeResult {
        if let Some(parallel) = &mut self.parallel_ida {
            parallel.set_limits(limits.clone());
            return parallel.search(puzzle);
        }
        self.ida.set_limits(limits.clone());
        self.ida.search(puzzle)
    }
}

/// What the algorithms keep from one `W`×`H` board to the next: IDA*'s
/// buffers and, for 3x3, the table.
#[derive(Debug, Default)]
pub struct Searchers<const W: usize, const H: usize> {
    /// IDA*, whose path and iteration buffers are reused.
    ida: IdaStar<PuzzleState<W, H>, Move, u32>,
    /// IDA* with bidirectional pathmax, made on first use.
    ida_bpmx: Option<IdaStar<PuzzleState<W, H>, Move, u32, Bpmx>>,
    /// IDA* on several threads, which the IDA* entry uses instead of `ida`
    /// when set (`--jobs N`, [`Searchers::jobs`]).
    parallel_ida: Option<ParallelIdaStar<PuzzleState<W, H>, Move, u32>>,
    /// The 3x3 table, built on first use or shared (never set for other
    /// shapes).
    table: Option<Arc<EightTable>>,
}

impl<const W: usize, const H: usize> Searchers<W, H> {
    /// Searchers sharing an already built 3x3 table (`None`: build it on
    /// first use).
    pub(crate) fn new(table: Option<Arc<EightTable>>) -> Self {
        Searchers {
            table: table.filter(|_| (W, H) == (3, 3)),
            ..Self::default()
        }
    }

    /// Runs IDA* on `jobs` threads from now on (1: on the calling thread).
    pub(crate) fn jobs(&mut self, jobs: usize) {
        self.parallel_ida = (jobs > 1).then(|| ParallelIdaStar::new().threads(jobs));
    }

    /// IDA* on one board changed in place ([`IdaStar::search_in_place`],
    /// or [`ParallelIdaStar::search_in_place`] on `jobs` threads): the nodes
    /// of `IdaStar::search`, fewer instructions each.
    fn ida<Hr: sliding_puzzle::Heuristic<W, H> + Sync>(
        &mut self,
        puzzle: &Puzzle<W, H, Hr>,
        limits: &Limits<u32>,
    ) -> PuzzleResult<W, H> {
        if let Some(parallel) = &mut self.parallel_ida {
            parallel.set_limits(limits.clone());
            return parallel.search_in_place(puzzle);
        }
        self.ida.set_limits(limits.clone());
        self.ida.search_in_place(puzzle)
    }

    /// The 3x3 table if it is built, to share with other searchers.
    pub(crate) fn shared_table(&self) -> Option<Arc<EightTable>> {
        self.table.clone()
    }

    /// The 3x3 table, built now if it was not yet; `None` unless the board
    /// is 3x3.
    pub(crate) fn table(&mut self) -> Option<&Arc<EightTable>> {
        if (W, H) != (3, 3) {
            return None;
        }
        Some(
            self.table
                .get_or_insert_with(|| Arc::new(EightTable::build())),
        )
    }

    /// Answers `puzzle` from the 3x3 table as a search result: the path the
    /// table's moves walk, no nodes, the lookup's time. `None` unless the
    /// board is 3x3.
    fn lookup<Hr: sliding_puzzle::Heuristic<W, H>>(
        &mut self,
        puzzle: &Puzzle<W, H, Hr>,
    ) -> Option<PuzzleResult<W, H>> {
        let started = Instant::now();
        // The same tiles read as an `Eight`: the shapes are equal here.
        let tiles: Vec<u8> = puzzle.start.tiles().collect();
        let eight = Eight::from_tiles(&tiles).ok()?;
        let moves = self.table()?.solve(&eight);
        let outcome = match moves {
            Some(actions) => {
                let mut board = puzzle.start;
                let mut states = vec![puzzle.state(board)];
                for &m in &actions {
                    // An illegal move stops the walk; the replay in
                    // `Solver::solve` then reports the wrong solution.
                    let Some(next) = board.apply(m) else { break };
                    board = next;
                    states.push(puzzle.state(board));
                }
                Outcome::Found(Solution {
                    states,
                    cost: u32::try_from(actions.len()).unwrap_or(u32::MAX),
                    actions,
                })
            }
            None => Outcome::Unreachable,
        };
        Some(SearchResult {
            outcome,
            stats: Stats {
                elapsed: started.elapsed(),
                ..Stats::default()
            },
        })
    }
}

/// What a heuristic's `make` expression can draw on for `W`×`H` boards:
/// the shared [`PatternDatabases`].
#[derive(Debug)]
pub struct Tables<'a, const W: usize, const H: usize> {
    databases: &'a PatternDatabases,
    /// The heuristic being made, named in errors.
    heuristic: HeuristicName,
}

impl<const W: usize, const H: usize> Tables<'_, W, H> {
    /// The additive pattern database of `groups` (tile groups of a `W`×`H`
    /// board), loaded or built on first use and shared afterwards.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unavailable`] if the groups are not a partition of this
    /// board's tiles, or the tables can be neither loaded nor built.
    pub fn pattern_database(&self, groups: &[&[u8]]) -> Result<PatternDatabase<W, H>, SolveError> {
        self.databases
            .get(groups)
            .map_err(|reason| SolveError::Unavailable {
                heuristic: self.heuristic,
                reason,
            })
    }

    /// The same without dual lookups, whatever the databases'
    /// [`dual`](PatternDatabases::dual) setting: for the further partitions
    /// of a maximum over several, whose dual lookups would need 16 more
    /// tables each.
    ///
    /// # Errors
    ///
    /// As [`pattern_database`](Self::pattern_database).
    pub fn plain_pattern_database(
        &self,
        groups: &[&[u8]],
    ) -> Result<PatternDatabase<W, H>, SolveError> {
        self.databases
            .get_with_dual(groups, false)
            .map_err(|reason| SolveError::Unavailable {
                heuristic: self.heuristic,
                reason,
            })
    }
}

/// Called with each build's progress.
type ProgressFn = dyn Fn(&GroupProgress<'_>) + Send + Sync;

/// Called with each line worth reporting about the databases.
type LogFn = dyn Fn(&str) + Send + Sync;

/// The pattern databases the heuristics use, loaded from (or built into) a
/// cache directory on first use and then shared: every [`Solver`](crate::strategy::Solver) holding
/// the same `Arc<PatternDatabases>` uses one copy of each table, and two
/// solvers asking at once for tables not yet loaded wait for one load.
///
/// # Example
///
/// ```
/// use frontier_workspace::registry::PatternDatabases;
///
/// let databases = PatternDatabases::new("target/pdb-cache").reflection(false);
/// assert!(!databases.reflects());
/// assert_eq!(databases.loaded(), 0); // nothing is read before it is needed
/// ```
pub struct PatternDatabases {
    cache_dir: PathBuf,
    reflection: bool,
    dual: bool,
    progress: Option<Box<ProgressFn>>,
    log: Option<Box<LogFn>>,
    /// `(Partition<W, H>, PatternDatabase<W, H>)` pairs, for any shape.
    loaded: Mutex<Vec<Box<dyn Any + Send + Sync>>>,
}

impl fmt::Debug for PatternDatabases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabases")
            .field("cache_dir", &self.cache_dir)
            .field("reflection", &self.reflection)
            .field("dual", &self.dual)
            .field("loaded", &self.loaded())
            .finish_non_exhaustive()
    }
}

impl Default for PatternDatabases {
    /// Databases cached in `target/pdb-cache`, with reflection, silent.
    fn default() -> Self {
        PatternDatabases::new("target/pdb-cache")
    }
}

impl PatternDatabases {
    /// Databases kept in `cache_dir` (created when first needed), looked
    /// up with reflection (the larger of the board's and its mirror image's
    /// estimates), reporting nothing.
    #[must_use]
    pub fn new(cache_dir: impl Into<PathBuf>) -> Self {
        PatternDatabases {
            cache_dir: cache_dir.into(),
            reflection: true,
            dual: false,
            progress: None,
            log: None,
            loaded: Mutex::new(Vec::new()),
        }
    }

    /// Whether estimates also look the reflected board up.
    #[must_use]
    pub fn reflection(self, reflection: bool) -> Self {
        PatternDatabases { reflection, ..self }
    }

    /// Whether estimates also look the dual board up (and, with reflection,
    /// the reflected dual): the maximum of up to four lookups, see
    /// [`PatternDatabase::with_dual`].
    #[must_use]
    pub fn dual(self, dual: bool) -> Self {
        PatternDatabases { dual, ..self }
    }

    /// Calls `progress` while a table is built (from the builder's threads).
    #[must_use]
    pub fn on_progress(
        self,
        progress: impl Fn(&GroupProgress<'_>) + Send + Sync + 'static,
    ) -> Self {
        PatternDatabases {
            progress: Some(Box::new(progress)),
            ..self
        }
    }

    /// Calls `log` with a line per table loaded or built and one per
    /// database ready.
    #[must_use]
    pub fn on_log(self, log: impl Fn(&str) + Send + Sync + 'static) -> Self {
        PatternDatabases {
            log: Some(Box::new(log)),
            ..self
        }
    }

    /// Whether estimates also look the reflected board up.
    #[must_use]
    pub fn reflects(&self) -> bool {
        self.reflection
    }

    /// Whether estimates also look the dual board up.
    #[must_use]
    pub fn duals(&self) -> bool {
        self.dual
    }

    /// The cache directory.
    #[must_use]
    pub fn cache_dir(&self) -> &Path {
        &self.cache_dir
    }

    /// How many databases are loaded.
    #[must_use]
    pub fn loaded(&self) -> usize {
        self.loaded
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// The database of `groups` for `W`×`H` boards, loaded or built now if
    /// it was not yet.
    ///
    /// # Errors
    ///
    /// Why not, in words: the groups are not a partition of the board's
    /// tiles, or a table could be neither loaded nor built and saved.
    pub fn get<const W: usize, const H: usize>(
        &self,
        groups: &[&[u8]],
    ) -> Result<PatternDatabase<W, H>, String> {
        self.get_with_dual(groups, self.dual)
    }

    /// The database of `groups` as [`get`](Self::get) gives it, with dual
    /// lookups or not as `dual` says.
    ///
    /// # Errors
    ///
    /// As [`get`](Self::get).
    pub fn get_with_dual<const W: usize, const H: usize>(
        &self,
        groups: &[&[u8]],
        dual: bool,
    ) -> Result<PatternDatabase<W, H>, String> {
        let partition =
            Partition::<W, H>::new(groups.iter().copied()).map_err(|err| err.to_string())?;
        // Held through the load: a second solver asking for the same tables
        // waits for them rather than building them twice.
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        let found = loaded.iter().find_map(|entry| {
            entry
                .downcast_ref::<(Partition<W, H>, PatternDatabase<W, H>)>()
                .filter(|(known, database)| *known == partition && database.duals() == dual)
        });
        if let Some((_, database)) = found {
            return Ok(database.clone());
        }
        let started = Instant::now();
        let database = PatternDatabase::load_or_build(&partition, &self.cache_dir, |progress| {
            if let Some(report) = &self.progress {
                report(progress);
            }
        })
        .map_err(|err| err.to_string())?;
        if let Some(log) = &self.log {
            for group in database.groups() {
                log(&format!(
                    "pattern {} ({} entries): {}",
                    tile_list(group.space().tiles()),
                    group.table().len(),
                    group.status()
                ));
                if let Some(reason) = group.status().save_error() {
                    log(&format!(
                        "warning: the table of pattern {} could not be saved and will be built \
                         again next time: {reason}",
                        tile_list(group.space().tiles())
                    ));
                }
            }
            log(&format!(
                "{} pattern database ready in {:.1} s (cache: {})",
                partition.name(),
                started.elapsed().as_secs_f64(),
                self.cache_dir.display()
            ));
        }
        let database = if self.reflection && W == H {
            database.with_reflection().map_err(|err| err.to_string())?
        } else {
            database
        };
        let database = if dual {
            let started = Instant::now();
            let database = database
                .with_dual(Some(&self.cache_dir), |progress| {
                    if let Some(report) = &self.progress {
                        report(progress);
                    }
                })
                .map_err(|err| err.to_string())?;
            if let Some(log) = &self.log {
                let extra = database.dual_tables();
                let bytes: usize = extra.iter().map(|group| group.table().len()).sum();
                log(&format!(
                    "dual lookups: {} more tables ({} MB) ready in {:.1} s",
                    extra.len(),
                    bytes.div_ceil(1_000_000),
                    started.elapsed().as_secs_f64()
                ));
            }
            database
        } else {
            database
        };
        loaded.push(Box::new((partition, database.clone())));
        Ok(database)
    }
}

/// Tiles as `1 2 3`.
fn tile_list(tiles: &[u8]) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    tiles.join(" ")
}

/// A progress reporter for [`PatternDatabases::on_progress`]: one
/// progress bar on stderr per group being built (drawn only when stderr is
/// a terminal).
///
pub fn progress_bars() -> impl Fn(&GroupProgress<'_>) + Send + Sync + 'static {
    // cannot fail: a constant template, exercised by every build
    let style = ProgressStyle::with_template(
        "{prefix} [{bar:40}] {percent:>3}% {elapsed_precise} (eta {eta}) {msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    // One bar per group being built, made on its first report.
    let bar: Mutex<Option<(usize, ProgressBar)>> = Mutex::new(None);
    move |progress: &GroupProgress<'_>| {
        let mut bar = bar.lock().unwrap_or_else(PoisonError::into_inner);
        if bar
            .as_ref()
            .is_none_or(|(group, _)| *group != progress.group)
        {
            let new = ProgressBar::new(progress.build.entry_count).with_style(style.clone());
            new.set_prefix(format!(
                "building group {}/{} (tiles {})",
                progress.group + 1,
                progress.groups,
                tile_list(progress.tiles)
            ));
            *bar = Some((progress.group, new));
        }
        if let Some((_, bar)) = bar.as_ref() {
            bar.set_position(progress.build.entries);
            bar.set_message(format!("depth {}", progress.build.depth));
            if progress.build.finished {
                bar.finish();
            }
        }
    }
}

/// The pattern-database options every program shares.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct DatabaseArgs {
    /// Where pattern databases are kept between runs (built there on first
    /// use, with a progress bar on stderr)
    #[arg(long, value_name = "DIR", default_value = "target/pdb-cache")]
    pub cache_dir: PathBuf,

    /// Use only the regular pattern-database lookup, not the maximum with
    /// the board reflected across the main diagonal
    #[arg(long)]
    pub no_reflection: bool,

    /// Also look up the dual board (tiles and cells exchanged) and, with
    /// reflection, the reflected dual: the maximum of four lookups, fewer
    /// nodes at the price of more lookups per node
    #[arg(long)]
    pub dual: bool,
}

impl DatabaseArgs {
    /// The databases these options describe, reporting builds with
    /// [`progress_bars`] and loads on stderr.
    #[must_use]
    pub fn open(&self) -> PatternDatabases {
        PatternDatabases::new(&self.cache_dir)
            .reflection(!self.no_reflection)
            .dual(self.dual)
            .on_progress(progress_bars())
            .on_log(|line| eprintln!("{line}"))
    }
}

/// Builds now what `strategy` needs for `W`×`H` boards (the 3x3 table, a
/// pattern database), so the first board does not pay for it.
pub(crate) fn prepare<const W: usize, const H: usize>(
    strategy: Strategy,
    searchers: &mut Searchers<W, H>,
    databases: &PatternDatabases,
) -> Result<(), SolveError> {
    if !strategy.algorithm.searches() {
        let _ = searchers.table();
    }
    match strategy.heuristic {
        Some(heuristic) => prepare_heuristic::<W, H>(heuristic, databases),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use sliding_puzzle::Heuristic;

    use super::*;

    #[test]
    fn names_are_the_clap_values() {
        use clap::ValueEnum;
        for &algorithm in Algorithm::ALL {
            let value = algorithm.to_possible_value().unwrap();
            assert_eq!(value.get_name(), algorithm.name());
            assert_eq!(Algorithm::from_str(algorithm.name(), false), Ok(algorithm));
        }
        for &heuristic in HeuristicName::ALL {
            let value = heuristic.to_possible_value().unwrap();
            assert_eq!(value.get_name(), heuristic.name());
        }
        assert_eq!(Algorithm::ALL.len(), Algorithm::value_variants().len());
        assert_eq!(
            HeuristicName::ALL.len(),
            HeuristicName::value_variants().len()
        );
    }

    #[test]
    fn capabilities() {
        // Every refusal has its reason, and only refusals do.
        for &algorithm in Algorithm::ALL {
            let everywhere = Size::ALL.iter().all(|&size| algorithm.handles(size));
            assert_eq!(algorithm.refusal().is_none(), everywhere, "{algorithm}");
        }
        for &heuristic in HeuristicName::ALL {
            let everywhere = Size::ALL.iter().all(|&size| heuristic.handles(size));
            assert_eq!(heuristic.refusal().is_none(), everywhere, "{heuristic}");
        }
        assert!(!Algorithm::Table.searches());
        assert!(Algorithm::AStarDense.is_dense() && Algorithm::AStarDense.uses_heuristic());
        assert!(!HeuristicName::Pdb78.handles(Size::Three));
        assert_eq!(HeuristicName::Pdb78.name(), "pdb-7-8");
        assert_eq!(HeuristicName::Pdb78x2.name(), "pdb-7-8x2");
        assert!(!HeuristicName::Pdb78x5.handles(Size::Three));
    }

    #[test]
    fn databases_are_loaded_once_and_shared() {
        let dir = std::env::temp_dir().join(format!("frontier-registry-{}", std::process::id()));
        let databases = PatternDatabases::new(&dir);
        let groups: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
        let first = databases.get::<3, 3>(&groups).unwrap();
        let again = databases.get::<3, 3>(&groups).unwrap();
        assert_eq!(databases.loaded(), 1);
        assert!(first.reflects() && again.reflects());
        let board: Eight = "8 6 7 2 5 4 3 x 1".parse().unwrap(); // 31 moves
        assert_eq!(first.estimate(&board), again.estimate(&board));
        assert!(databases.get::<3, 3>(&[&[1, 9]]).is_err());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_partition_with_and_without_dual_lookups_is_two_databases() {
        let dir =
            std::env::temp_dir().join(format!("frontier-registry-dual-{}", std::process::id()));
        let databases = PatternDatabases::new(&dir).dual(true);
        let groups: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
        let plain = databases.get_with_dual::<3, 3>(&groups, false).unwrap();
        let dual = databases.get::<3, 3>(&groups).unwrap();
        assert!(!plain.duals() && dual.duals());
        assert_eq!(databases.loaded(), 2);
        assert!(
            databases
                .get_with_dual::<3, 3>(&groups, false)
                .unwrap()
                .reflects()
        );
        assert_eq!(databases.loaded(), 2);
        let _ = std::fs::remove_dir_all(dir);
    }
}
