//! The registry: every algorithm and every heuristic the programs offer,
//! each described once in a table of plain values, and [`run`], the one
//! function through which the programs call [`frontier`]'s searches.
//!
//! What a domain (3x3 and 4x4 boards, pancake stacks, terrain maps, grid
//! maps: see [`crate::domain`]) offers is the domain's to say: its module
//! lists the algorithms and heuristics it refuses, with the reason, and
//! builds its heuristics. The registry knows no domain.
//!
//! # How to add an algorithm
//!
//! 1. A variant of [`Algorithm`] and its row in [`Algorithm::entry`]: the
//!    command-line value, the label of tables and charts, the `--help`
//!    line, and whether it is guided by a heuristic, the dense-table twin
//!    of another entry (same nodes, another memory layout: compared with one
//!    heuristic only, left out of the chart), a search at all (`false` for
//!    a lookup), optimal (`compare` requires optimal entries to agree and
//!    the others to be no shorter). Add it to [`Algorithm::ALL`], in the
//!    order of the comparison.
//! 2. How it runs: a line in [`run`] if every problem can run it (it needs
//!    only [`SearchProblem`]), else in the capability group it needs
//!    ([`bidirectional`], [`dense`], [`in_place`], [`bpmx`]), which the
//!    domains whose problems have that capability call from
//!    [`Searchable::special`].
//! 3. The domains that cannot run it say why in their
//!    `algorithm_refusal`.
//!
//! `eight --algo`, `fifteen --algo` and `compare --algorithms` then accept
//! it, the comparison runs it on every set whose domain offers it, the CSV
//! and JSON name it, and the chart draws it (in [`Algorithm::ALL`]'s
//! order).
//!
//! # How to add a heuristic
//!
//! A variant of [`HeuristicName`] with its row in [`HeuristicName::entry`]
//! (value, label, help, and whether `compare` runs it by default), then
//! the domains that offer it build it (each domain's `solve`), and the
//! others refuse it with a reason. Keep [`HeuristicName::ALL`] ordered
//! weakest first: the comparison gives a dense algorithm the last
//! (strongest) heuristic its domain offers.
//!
//! # Why no macro
//!
//! The tables are `match`es over the variants: every entry is listed by
//! name, so a forgotten row does not compile, and the searches stay
//! monomorphised: [`run`] is generic over the problem, which each domain
//! builds with its concrete heuristic.

use std::fmt;
use std::ops::Sub;

use frontier::pathmax::Bpmx;
use frontier::{
    AStar, Bae, Bfs, BidirectionalBfs, BidirectionalProblem, Dvcbs, Greedy, IdaStar,
    InPlaceProblem, Limits, Mm, Nbs, ParallelIdaStar, RankedStates, ReversibleProblem,
    SearchProblem, SearchResult,
};

pub use crate::databases::{DatabaseArgs, PatternDatabases, progress_bars};

/// How an instance is solved: an algorithm of [`frontier`] or a lookup in
/// precomputed data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Algorithm {
    /// The precomputed table of every 3x3 board.
    Table,
    /// Breadth-first search, hashed table.
    Bfs,
    /// Breadth-first search, dense table.
    BfsDense,
    /// Bidirectional breadth-first search, hashed tables.
    Bidirectional,
    /// Bidirectional breadth-first search, dense tables.
    BidirectionalDense,
    /// A*, hashed table.
    AStar,
    /// A*, dense table.
    AStarDense,
    /// IDA*.
    IdaStar,
    /// IDA* with bidirectional pathmax.
    IdaStarBpmx,
    /// Greedy best-first search.
    Greedy,
    /// MM.
    Mm,
    /// NBS.
    Nbs,
    /// DVCBS.
    Dvcbs,
    /// BAE*.
    Bae,
    /// Jump point search: A* over a grid map's jump points.
    Jps,
}

/// What the registry says of an algorithm: a row of its table.
#[derive(Clone, Copy, Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "a row of plain yes/no properties, each named"
)]
pub struct AlgorithmEntry {
    /// The command-line value: `bfs`, `astar-dense`, `idastar`.
    pub name: &'static str,
    /// The name people read: `table`, `bfs dense`, `A*`, `IDA*`.
    pub label: &'static str,
    /// The `--help` line.
    pub help: &'static str,
    /// Whether it is guided by a heuristic.
    pub heuristic: bool,
    /// Whether it is the dense-table twin of another algorithm: the same
    /// nodes, another memory layout.
    pub dense: bool,
    /// Whether it searches per instance (`false` for a lookup in
    /// precomputed data, whose statistics are all zero).
    pub searches: bool,
    /// Whether its answers are optimal: `compare` requires optimal
    /// algorithms to agree on every instance's length, and the others to be
    /// no shorter.
    pub optimal: bool,
}

impl Algorithm {
    /// Every algorithm, in the registry's order (the comparison's).
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::Table,
        Algorithm::Bfs,
        Algorithm::BfsDense,
        Algorithm::Bidirectional,
        Algorithm::BidirectionalDense,
        Algorithm::AStar,
        Algorithm::AStarDense,
        Algorithm::IdaStar,
        Algorithm::IdaStarBpmx,
        Algorithm::Greedy,
        Algorithm::Mm,
        Algorithm::Nbs,
        Algorithm::Dvcbs,
        Algorithm::Bae,
        Algorithm::Jps,
    ];

    /// The algorithm's row of the table.
    #[must_use]
    #[expect(clippy::too_many_lines, reason = "the table: one row per algorithm")]
    pub const fn entry(self) -> AlgorithmEntry {
        /// A row, its booleans named at the call.
        const fn row(
            name: &'static str,
            label: &'static str,
            help: &'static str,
            [heuristic, dense, searches, optimal]: [bool; 4],
        ) -> AlgorithmEntry {
            AlgorithmEntry {
                name,
                label,
                help,
                heuristic,
                dense,
                searches,
                optimal,
            }
        }
        // [heuristic, dense, searches, optimal]
        match self {
            Algorithm::Table => row(
                "table",
                "table",
                "Look the board up in the precomputed table of every 3x3 board, built by one \
                 reverse breadth-first search from the goal (3x3 only)",
                [false, false, false, true],
            ),
            Algorithm::Bfs => row(
                "bfs",
                "bfs",
                "Breadth-first search with a hashed state table",
                [false, false, true, true],
            ),
            Algorithm::BfsDense => row(
                "bfs-dense",
                "bfs dense",
                "Breadth-first search with a dense table indexed by rank (3x3 only)",
                [false, true, true, true],
            ),
            Algorithm::Bidirectional => row(
                "bidirectional",
                "bidirectional",
                "Bidirectional breadth-first search with hashed tables",
                [false, false, true, true],
            ),
            Algorithm::BidirectionalDense => row(
                "bidirectional-dense",
                "bidirectional dense",
                "Bidirectional breadth-first search with dense tables (3x3 only)",
                [false, true, true, true],
            ),
            Algorithm::AStar => row(
                "astar",
                "A*",
                "A* with a hashed state table",
                [true, false, true, true],
            ),
            Algorithm::AStarDense => row(
                "astar-dense",
                "A* dense",
                "A* with a dense table indexed by rank (3x3 boards and grid maps)",
                [true, true, true, true],
            ),
            Algorithm::IdaStar => row(
                "idastar",
                "IDA*",
                "IDA*: no table, memory linear in the solution's length",
                [true, false, true, true],
            ),
            Algorithm::IdaStarBpmx => row(
                "idastar-bpmx",
                "IDA* BPMX",
                "IDA* with bidirectional pathmax (BPMX): an inconsistent heuristic's values \
                 propagate between neighbours, so the pattern databases prune more (on one \
                 thread: --jobs does not apply)",
                [true, false, true, true],
            ),
            Algorithm::Greedy => row(
                "greedy",
                "greedy",
                "Greedy best-first search: follows the heuristic, finds a path fast, not \
                 necessarily a shortest one",
                [true, false, true, false],
            ),
            Algorithm::Mm => row(
                "mm",
                "MM",
                "MM: bidirectional heuristic search meeting in the middle (Holte et al. 2016), \
                 the heuristic measured to the goal forward and to the start backward (zero \
                 backward for the pattern databases)",
                [true, false, true, true],
            ),
            Algorithm::Nbs => row(
                "nbs",
                "NBS",
                "NBS: bidirectional heuristic search expanding pairs of nodes (Chen et al. \
                 2017), within twice the fewest expansions for consistent heuristics",
                [true, false, true, true],
            ),
            Algorithm::Dvcbs => row(
                "dvcbs",
                "DVCBS",
                "DVCBS: bidirectional heuristic search expanding, at each lower bound, a group \
                 of a minimum vertex cover of the pairs at that bound (Shperberg et al. 2019); \
                 needs consistent heuristics",
                [true, false, true, true],
            ),
            Algorithm::Bae => row(
                "bae",
                "BAE*",
                "BAE*: bidirectional heuristic search ordered by f plus the heuristic's error \
                 toward its own end (Sadhukhan 2013; Alcázar et al. 2020); needs consistent \
                 heuristics",
                [true, false, true, true],
            ),
            // An adapter more than a search: the grid domain builds the
            // jump-point problem and runs A* on it (`run` leaves it alone).
            Algorithm::Jps => row(
                "jps",
                "JPS",
                "Jump point search (Harabor & Grastien 2011): A* over the jump points of a grid \
                 map, each straight or diagonal run of cells one step (grid maps only)",
                [true, false, true, true],
            ),
        }
    }

    /// The command-line value: `bfs`, `astar-dense`, `idastar`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.entry().name
    }

    /// The name people read: `table`, `bfs dense`, `A*`, `IDA*`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        self.entry().label
    }

    /// Whether the algorithm is guided by a heuristic.
    #[must_use]
    pub const fn uses_heuristic(self) -> bool {
        self.entry().heuristic
    }

    /// Whether it is the dense-table twin of another algorithm: the same
    /// nodes, another memory layout.
    #[must_use]
    pub const fn is_dense(self) -> bool {
        self.entry().dense
    }

    /// Whether its answers are optimal: `compare` requires optimal
    /// algorithms to agree on every instance's length, and the others to be
    /// no shorter.
    #[must_use]
    pub const fn is_optimal(self) -> bool {
        self.entry().optimal
    }

    /// Whether it searches per instance (`false` for a lookup in
    /// precomputed data, whose statistics are all zero).
    #[must_use]
    pub const fn searches(self) -> bool {
        self.entry().searches
    }
}

impl clap::ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Self] {
        Algorithm::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.entry().help))
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The heuristics the guided algorithms can use, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HeuristicName {
    /// No information.
    Zero,
    /// Misplaced tiles.
    Misplaced,
    /// Manhattan distance.
    Manhattan,
    /// Linear conflict.
    LinearConflict,
    /// Pattern database 5-5-5.
    Pdb555,
    /// Pattern database 6-6-3.
    Pdb663,
    /// Pattern database 7-8.
    Pdb78,
    /// The largest of two 7-8 pattern databases.
    Pdb78x2,
    /// The largest of five 7-8 pattern databases.
    Pdb78x5,
    /// Pattern database 6-6-6-6 (5x5).
    Pdb6666,
    /// GAP-3.
    Gap3,
    /// GAP-2.
    Gap2,
    /// GAP-1.
    Gap1,
    /// GAP.
    Gap,
    /// Octile distance.
    Octile,
}

/// What the registry says of a heuristic: a row of its table.
#[derive(Clone, Copy, Debug)]
pub struct HeuristicEntry {
    /// The command-line value: `manhattan`, `linear-conflict`, `pdb-7-8`.
    pub name: &'static str,
    /// The name people read: `manhattan`, `linear conflict`.
    pub label: &'static str,
    /// The `--help` line.
    pub help: &'static str,
    /// Whether `compare` runs it by default.
    pub compared: bool,
    /// Whether it looks boards up in pattern databases: the options of
    /// [`DatabaseArgs`] (`--dual`, `--no-reflection`, `--cache-dir`)
    /// change its lookups, and do nothing to the others.
    pub pattern_database: bool,
}

impl HeuristicName {
    /// Every heuristic, weakest first.
    pub const ALL: &'static [HeuristicName] = &[
        HeuristicName::Zero,
        HeuristicName::Misplaced,
        HeuristicName::Manhattan,
        HeuristicName::LinearConflict,
        HeuristicName::Pdb555,
        HeuristicName::Pdb663,
        HeuristicName::Pdb78,
        HeuristicName::Pdb78x2,
        HeuristicName::Pdb78x5,
        HeuristicName::Pdb6666,
        HeuristicName::Gap3,
        HeuristicName::Gap2,
        HeuristicName::Gap1,
        HeuristicName::Gap,
        HeuristicName::Octile,
    ];

    /// The heuristic's row of the table.
    #[must_use]
    #[expect(clippy::too_many_lines, reason = "the table: one row per heuristic")]
    pub const fn entry(self) -> HeuristicEntry {
        /// A row, its booleans named at the call.
        const fn row(
            name: &'static str,
            label: &'static str,
            help: &'static str,
            [compared, pattern_database]: [bool; 2],
        ) -> HeuristicEntry {
            HeuristicEntry {
                name,
                label,
                help,
                compared,
                pattern_database,
            }
        }
        // [compared, pattern_database]
        match self {
            HeuristicName::Zero => row(
                "zero",
                "zero",
                "No information: A* becomes Dijkstra, IDA* iterative deepening",
                [false, false],
            ),
            HeuristicName::Misplaced => row(
                "misplaced",
                "misplaced",
                "The number of tiles out of place",
                [true, false],
            ),
            HeuristicName::Manhattan => row(
                "manhattan",
                "manhattan",
                "The sum of the tiles' Manhattan distances to their goal cells (on a terrain \
                 map: the goal's)",
                [true, false],
            ),
            HeuristicName::LinearConflict => row(
                "linear-conflict",
                "linear conflict",
                "Manhattan distance plus two moves per tile that must leave its goal row or \
                 column to let others pass",
                [true, false],
            ),
            HeuristicName::Pdb555 => row(
                "pdb-5-5-5",
                "pdb 5-5-5",
                "Additive pattern database, three groups of five tiles (4x4 only; built in \
                 about a second on first use)",
                [false, true],
            ),
            HeuristicName::Pdb663 => row(
                "pdb-6-6-3",
                "pdb 6-6-3",
                "Additive pattern database, groups of six, six and three tiles (4x4 only; built \
                 in seconds on first use)",
                [false, true],
            ),
            HeuristicName::Pdb78 => row(
                "pdb-7-8",
                "pdb 7-8",
                "Additive pattern database, groups of seven and eight tiles (4x4 only; built in \
                 minutes and 2.2 GB of memory on first use, 580 MB on disk)",
                [false, true],
            ),
            HeuristicName::Pdb78x2 => row(
                "pdb-7-8x2",
                "pdb 7-8 x2",
                "The largest of two 7-8 pattern databases (4x4 only): pdb-7-8's and a block of \
                 eight against the left column, the bottom row and tile 10, each with its \
                 reflection (Holte, Felner et al. 2006). The second is looked up only for the \
                 children the first does not cut off; dual lookups (--dual) are the first's \
                 only. 1.2 GB of tables",
                [false, true],
            ),
            HeuristicName::Pdb78x5 => row(
                "pdb-7-8x5",
                "pdb 7-8 x5",
                "The largest of five 7-8 pattern databases (4x4 only): pdb-7-8x2's and three \
                 further partitions, ten sums with reflection, looked up in turn until one \
                 cuts the child off. 2.9 GB of tables",
                [false, true],
            ),
            HeuristicName::Pdb6666 => row(
                "pdb-6-6-6-6",
                "pdb 6-6-6-6",
                "Additive pattern database of the 24-puzzle, four groups of six tiles (Korf & \
                 Felner 2002; 5x5 only): two tables of 127.5 MB (three groups share one by \
                 symmetry), built in minutes and about 1.2 GB of memory on first use",
                [false, true],
            ),
            HeuristicName::Gap3 => row(
                "gap-3",
                "GAP-3",
                "GAP-3 (pancakes): the gaps between neighbours that are not consecutive, \
                 ignoring those involving pancakes 1, 2 and 3",
                [true, false],
            ),
            HeuristicName::Gap2 => row(
                "gap-2",
                "GAP-2",
                "GAP-2 (pancakes): the gaps, ignoring those involving pancakes 1 and 2",
                [true, false],
            ),
            HeuristicName::Gap1 => row(
                "gap-1",
                "GAP-1",
                "GAP-1 (pancakes): the gaps, ignoring those involving pancake 1",
                [true, false],
            ),
            HeuristicName::Gap => row(
                "gap",
                "GAP",
                "GAP (Helmert 2010; pancakes): the number of neighbours, the plate included, \
                 that are not consecutive pancakes",
                [true, false],
            ),
            HeuristicName::Octile => row(
                "octile",
                "octile",
                "The octile distance to the goal on a grid map (straight steps 1, diagonal \
                 steps √2, walls ignored): exact on an open map",
                [true, false],
            ),
        }
    }

    /// The command-line value: `manhattan`, `linear-conflict`,
    /// `pdb-7-8`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.entry().name
    }

    /// The name people read: `manhattan`, `linear conflict`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        self.entry().label
    }

    /// Whether `compare` runs it by default.
    #[must_use]
    pub const fn is_compared(self) -> bool {
        self.entry().compared
    }

    /// Whether it looks boards up in pattern databases, whose lookups the
    /// options of [`DatabaseArgs`] change.
    #[must_use]
    pub const fn uses_pattern_database(self) -> bool {
        self.entry().pattern_database
    }

    /// The heuristics `compare` runs by default, weakest first.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_cli::registry::HeuristicName;
    ///
    /// let names: Vec<_> = HeuristicName::compared().iter().map(|h| h.name()).collect();
    /// assert_eq!(
    ///     names,
    ///     ["misplaced", "manhattan", "linear-conflict", "gap-3", "gap-2", "gap-1", "gap", "octile"]
    /// );
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

impl clap::ValueEnum for HeuristicName {
    fn value_variants<'a>() -> &'a [Self] {
        HeuristicName::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.entry().help))
    }
}

impl fmt::Display for HeuristicName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// What a search of a domain's problem `P` returns.
pub type ResultOf<P> = SearchResult<
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
>;

/// What the programs keep from one instance of a domain to the next, for
/// its states `S`, actions `A` and costs `C`: IDA*'s buffers, and IDA* on
/// several threads when `--jobs` asks for them.
#[derive(Debug)]
pub struct Kept<S, A, C = u32> {
    /// IDA*, whose path and iteration buffers are reused.
    ida: IdaStar<S, A, C>,
    /// IDA* with bidirectional pathmax, made on first use.
    ida_bpmx: Option<IdaStar<S, A, C, Bpmx>>,
    /// IDA* on several threads, used instead of `ida` when set.
    parallel_ida: Option<ParallelIdaStar<S, A, C>>,
}

impl<S, A, C> Kept<S, A, C> {
    /// The buffers of a thread that runs IDA* on `jobs` threads (1: on
    /// itself).
    #[must_use]
    pub fn new(jobs: usize) -> Self {
        Kept {
            ida: IdaStar::new(),
            ida_bpmx: None,
            parallel_ida: (jobs > 1).then(|| ParallelIdaStar::new().threads(jobs)),
        }
    }
}

/// The programs' limits (whose cost bound is a `u32`, as the boards' and
/// stacks' costs) for a problem whose costs are `C`: the same limits, the
/// cost bound converted.
#[must_use]
pub fn limits_in<C: From<u32>>(limits: &Limits<u32>) -> Limits<C> {
    Limits {
        max_expanded: limits.max_expanded,
        max_stored: limits.max_stored,
        max_memory: limits.max_memory,
        max_time: limits.max_time,
        cancel: limits.cancel.clone(),
        max_cost: limits.max_cost.map(C::from),
    }
}

/// What a domain's problem can be searched with beyond what every problem
/// can ([`SearchProblem`]): the searches that need a capability of its
/// type (searching backward, ranked states, moves made in place,
/// reversible moves). [`run`] asks [`special`](Self::special) first.
///
/// Costs may be any integer that holds the programs' `u32` limits: the
/// boards and stacks cost `u32`, the grid maps `u64`.
pub trait Searchable: SearchProblem<Cost: From<u32> + Send + Sync> + Sync {
    /// The searches this problem's type runs its own way: usually the
    /// capability groups it has, chained (`bidirectional(…).or_else(||
    /// bpmx(…))`). `None` for an algorithm it leaves to [`run`] (BFS, A*,
    /// greedy search, IDA* by value) or cannot run.
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<Self::Cost>,
        kept: &mut Kept<Self::State, Self::Action, Self::Cost>,
    ) -> Option<ResultOf<Self>> {
        let _ = (algorithm, limits, kept);
        None
    }
}

/// Runs `algorithm` on `problem` under `limits`: every call to one of
/// frontier's algorithms in the programs goes through here. `None` when
/// the problem's type cannot run it (its domain refuses it first).
pub fn run<P>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<u32>,
    kept: &mut Kept<P::State, P::Action, P::Cost>,
) -> Option<ResultOf<P>>
where
    P: Searchable,
    P::State: Send + Sync,
    P::Action: Send + Sync,
{
    let limits = limits_in::<P::Cost>(limits);
    if let Some(result) = problem.special(algorithm, &limits, kept) {
        return Some(result);
    }
    match algorithm {
        Algorithm::Bfs => Some(Bfs::new().limits(limits).search(problem)),
        Algorithm::AStar => Some(AStar::new().limits(limits).search(problem)),
        Algorithm::Greedy => Some(Greedy::new().limits(limits).search(problem)),
        Algorithm::IdaStar => Some(if let Some(parallel) = &mut kept.parallel_ida {
            parallel.set_limits(limits);
            parallel.search(problem)
        } else {
            kept.ida.set_limits(limits);
            kept.ida.search(problem)
        }),
        _ => None,
    }
}

/// Bidirectional BFS, MM, NBS, DVCBS and BAE*: for a problem that searches
/// backward.
pub fn bidirectional<P: BidirectionalProblem>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
) -> Option<ResultOf<P>> {
    match algorithm {
        Algorithm::Bidirectional => Some(BidirectionalBfs::new().limits(limits).search(problem)),
        Algorithm::Mm => Some(Mm::new().limits(limits).search(problem)),
        Algorithm::Nbs => Some(Nbs::new().limits(limits).search(problem)),
        Algorithm::Dvcbs => Some(Dvcbs::new().limits(limits).search(problem)),
        Algorithm::Bae => Some(Bae::new().limits(limits).search(problem)),
        _ => None,
    }
}

/// The dense-table twins of BFS, bidirectional BFS and A*: for a problem
/// that ranks its states and searches backward.
pub fn dense<P: BidirectionalProblem + RankedStates>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
) -> Option<ResultOf<P>> {
    match algorithm {
        Algorithm::BfsDense => Some(Bfs::new().dense().limits(limits).search(problem)),
        Algorithm::BidirectionalDense => Some(
            BidirectionalBfs::new()
                .dense()
                .limits(limits)
                .search(problem),
        ),
        Algorithm::AStarDense => Some(AStar::new().dense().limits(limits).search(problem)),
        _ => None,
    }
}

/// IDA* on one state changed in place (on `--jobs` threads if asked):
/// the nodes of IDA* by value, fewer instructions each.
pub fn in_place<P>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
    kept: &mut Kept<P::State, P::Action, P::Cost>,
) -> Option<ResultOf<P>>
where
    P: InPlaceProblem<Cost: Send + Sync> + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
{
    if algorithm != Algorithm::IdaStar {
        return None;
    }
    Some(if let Some(parallel) = &mut kept.parallel_ida {
        parallel.set_limits(limits);
        parallel.search_in_place(problem)
    } else {
        kept.ida.set_limits(limits);
        kept.ida.search_in_place(problem)
    })
}

/// IDA* with bidirectional pathmax: for a problem whose moves can be
/// undone at the same cost.
pub fn bpmx<P: ReversibleProblem<Cost: Sub<Output = P::Cost>>>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
    kept: &mut Kept<P::State, P::Action, P::Cost>,
) -> Option<ResultOf<P>> {
    if algorithm != Algorithm::IdaStarBpmx {
        return None;
    }
    let ida = kept.ida_bpmx.get_or_insert_with(|| IdaStar::new().bpmx());
    ida.set_limits(limits);
    Some(ida.search(problem))
}

#[cfg(test)]
mod tests {
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
    fn every_variant_is_listed_once_in_order() {
        let mut algorithms = Algorithm::ALL.to_vec();
        algorithms.sort_unstable();
        algorithms.dedup();
        assert_eq!(
            algorithms,
            Algorithm::ALL,
            "ALL lists each algorithm once, in order"
        );
        let mut heuristics = HeuristicName::ALL.to_vec();
        heuristics.sort_unstable();
        heuristics.dedup();
        assert_eq!(heuristics, HeuristicName::ALL);
        let mut names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        names.extend(HeuristicName::ALL.iter().map(|h| h.name()));
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            count,
            "no two entries share a command-line value"
        );
    }
}
