//! The algorithms of the registry, each one row of plain values, and the
//! capabilities they need of a domain's problems: whether an algorithm
//! runs on a domain, and the reason when it does not, follow from the two
//! declarations ([`Capability::refusal`]), written once here.

use std::fmt;

/// What a domain's problems can do beyond [`frontier::SearchProblem`], as
/// some algorithms need: a domain declares the capabilities it has
/// ([`Capabilities`]), an algorithm those it needs ([`AlgorithmEntry::needs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Capability {
    /// A precomputed table of every instance's distance (the 3x3 boards').
    Table,
    /// Paths measured in steps: breadth-first search, which finds the
    /// fewest steps, answers what the domain asks.
    FewestSteps,
    /// Moves searched backward from the goal
    /// ([`frontier::BidirectionalProblem`]).
    Backward,
    /// A heuristic toward the start as well as toward the goal, which the
    /// bidirectional heuristic searches need.
    BackwardHeuristic,
    /// States ranked into a dense table ([`frontier::RankedStates`]).
    Ranks,
    /// Moves undone at their own cost ([`frontier::ReversibleProblem`]).
    Reversible,
    /// A grid map's straight and diagonal runs, which jump point search
    /// leaps along.
    JumpPoints,
}

impl Capability {
    /// Every capability.
    pub const ALL: [Capability; 7] = [
        Capability::Table,
        Capability::FewestSteps,
        Capability::Backward,
        Capability::BackwardHeuristic,
        Capability::Ranks,
        Capability::Reversible,
        Capability::JumpPoints,
    ];

    /// Why an algorithm that needs this capability cannot run on a domain
    /// that lacks it: the one message of every such refusal.
    #[must_use]
    pub const fn refusal(self) -> &'static str {
        match self {
            Capability::Table => "the table holds 3x3 boards only",
            Capability::FewestSteps => {
                "its steps differ in cost: breadth-first search finds the fewest steps, not the \
                 shortest path (A* with the zero heuristic is Dijkstra's algorithm)"
            }
            Capability::Backward => {
                "it searches backward from the goal, and these instances are searched forward only"
            }
            Capability::BackwardHeuristic => {
                "it needs a heuristic toward the start, which these instances do not have: use \
                 bidirectional"
            }
            Capability::Ranks => {
                "dense tables index states by rank, and these states have no ranking small \
                 enough to allocate"
            }
            Capability::Reversible => {
                "BPMX needs moves undone at the cost they were made, which these instances' \
                 moves are not"
            }
            Capability::JumpPoints => {
                "jump point search leaps along the straight and diagonal runs of a grid map \
                 whose steps cost 1 and √2"
            }
        }
    }

    /// Its bit in a [`Capabilities`] set.
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of [`Capability`]s.
///
/// # Example
///
/// ```
/// use frontier_cli::registry::{Capabilities, Capability};
///
/// let boards = Capabilities::of(&[Capability::Backward, Capability::Reversible]);
/// assert!(boards.has(Capability::Backward));
/// assert_eq!(boards.lacking(Capabilities::of(&[Capability::Ranks])), Some(Capability::Ranks));
/// assert_eq!(boards.lacking(Capabilities::of(&[Capability::Backward])), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Capabilities(u8);

impl Capabilities {
    /// No capability: a problem that can only be searched forward.
    pub const NONE: Capabilities = Capabilities(0);

    /// The set of `capabilities`.
    #[must_use]
    pub const fn of(capabilities: &[Capability]) -> Self {
        let mut bits = 0;
        let mut i = 0;
        while i < capabilities.len() {
            bits |= capabilities[i].bit();
            i += 1;
        }
        Capabilities(bits)
    }

    /// Whether the set holds `capability`.
    #[must_use]
    pub const fn has(self, capability: Capability) -> bool {
        self.0 & capability.bit() != 0
    }

    /// The first capability of `needed` that this set lacks, if any.
    #[must_use]
    pub fn lacking(self, needed: Capabilities) -> Option<Capability> {
        Capability::ALL
            .into_iter()
            .find(|&c| needed.has(c) && !self.has(c))
    }
}

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
    /// What it needs of a domain's problems beyond a forward search.
    pub needs: Capabilities,
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
            [name, label]: [&'static str; 2],
            help: &'static str,
            [heuristic, dense, searches, optimal]: [bool; 4],
            needs: &[Capability],
        ) -> AlgorithmEntry {
            AlgorithmEntry {
                name,
                label,
                help,
                heuristic,
                dense,
                searches,
                optimal,
                needs: Capabilities::of(needs),
            }
        }
        use Capability::{
            Backward, BackwardHeuristic, FewestSteps, JumpPoints, Ranks, Reversible, Table,
        };
        // [name, label], help, [heuristic, dense, searches, optimal], needs
        match self {
            Algorithm::Table => row(
                ["table", "table"],
                "Look the board up in the precomputed table of every 3x3 board, built by one \
                 reverse breadth-first search from the goal (3x3 only)",
                [false, false, false, true],
                &[Table],
            ),
            Algorithm::Bfs => row(
                ["bfs", "bfs"],
                "Breadth-first search with a hashed state table",
                [false, false, true, true],
                &[FewestSteps],
            ),
            Algorithm::BfsDense => row(
                ["bfs-dense", "bfs dense"],
                "Breadth-first search with a dense table indexed by rank",
                [false, true, true, true],
                &[FewestSteps, Ranks],
            ),
            Algorithm::Bidirectional => row(
                ["bidirectional", "bidirectional"],
                "Bidirectional breadth-first search with hashed tables",
                [false, false, true, true],
                &[FewestSteps, Backward],
            ),
            Algorithm::BidirectionalDense => row(
                ["bidirectional-dense", "bidirectional dense"],
                "Bidirectional breadth-first search with dense tables",
                [false, true, true, true],
                &[FewestSteps, Backward, Ranks],
            ),
            Algorithm::AStar => row(
                ["astar", "A*"],
                "A* with a hashed state table",
                [true, false, true, true],
                &[],
            ),
            Algorithm::AStarDense => row(
                ["astar-dense", "A* dense"],
                "A* with a dense table indexed by rank",
                [true, true, true, true],
                &[Ranks],
            ),
            Algorithm::IdaStar => row(
                ["idastar", "IDA*"],
                "IDA*: no table, memory linear in the solution's length",
                [true, false, true, true],
                &[],
            ),
            Algorithm::IdaStarBpmx => row(
                ["idastar-bpmx", "IDA* BPMX"],
                "IDA* with bidirectional pathmax (BPMX): an inconsistent heuristic's values \
                 propagate between neighbours, so the pattern databases prune more (on one \
                 thread: --jobs does not apply)",
                [true, false, true, true],
                &[Reversible],
            ),
            Algorithm::Greedy => row(
                ["greedy", "greedy"],
                "Greedy best-first search: follows the heuristic, finds a path fast, not \
                 necessarily a shortest one",
                [true, false, true, false],
                &[],
            ),
            Algorithm::Mm => row(
                ["mm", "MM"],
                "MM: bidirectional heuristic search meeting in the middle (Holte et al. 2016), \
                 the heuristic measured to the goal forward and to the start backward (zero \
                 backward for the pattern databases)",
                [true, false, true, true],
                &[Backward, BackwardHeuristic],
            ),
            Algorithm::Nbs => row(
                ["nbs", "NBS"],
                "NBS: bidirectional heuristic search expanding pairs of nodes (Chen et al. \
                 2017), within twice the fewest expansions for consistent heuristics",
                [true, false, true, true],
                &[Backward, BackwardHeuristic],
            ),
            Algorithm::Dvcbs => row(
                ["dvcbs", "DVCBS"],
                "DVCBS: bidirectional heuristic search expanding, at each lower bound, a group \
                 of a minimum vertex cover of the pairs at that bound (Shperberg et al. 2019); \
                 needs consistent heuristics",
                [true, false, true, true],
                &[Backward, BackwardHeuristic],
            ),
            Algorithm::Bae => row(
                ["bae", "BAE*"],
                "BAE*: bidirectional heuristic search ordered by f plus the heuristic's error \
                 toward its own end (Sadhukhan 2013; Alcázar et al. 2020); needs consistent \
                 heuristics",
                [true, false, true, true],
                &[Backward, BackwardHeuristic],
            ),
            // An adapter more than a search: the grid domain builds the
            // jump-point problem and runs A* on it (`run` leaves it alone).
            Algorithm::Jps => row(
                ["jps", "JPS"],
                "Jump point search (Harabor & Grastien 2011): A* over the jump points of a grid \
                 map, each straight or diagonal run of cells one step (grid maps only)",
                [true, false, true, true],
                &[JumpPoints],
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

    /// What it needs of a domain's problems beyond a forward search.
    #[must_use]
    pub const fn needs(self) -> Capabilities {
        self.entry().needs
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
