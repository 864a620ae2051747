//! The searches the grid program runs and the movement models it runs them
//! under: names on the command line, labels in the output, and which
//! combinations are refused.

use std::fmt;

/// A search the grid program runs on every query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
pub enum Algorithm {
    /// A* with the movement's distance (octile, or Manhattan for
    /// 4-connected movement), dense tables and a decrease-key heap, kept
    /// across the queries of a map.
    #[value(name = "astar")]
    AStar,
    /// Dijkstra's algorithm: A* with a zero heuristic.
    Dijkstra,
    /// Greedy best-first search: fast, not optimal.
    Greedy,
    /// MM, bidirectional A* meeting in the middle.
    Mm,
    /// NBS, bidirectional search expanding pairs of nodes.
    Nbs,
    /// Bidirectional breadth-first search: fewest steps, so shortest only
    /// where every step costs the same (4-connected movement).
    Bidirectional,
    /// IDA*, stopped after `--max-nodes` expansions per query: octile
    /// path costs take so many distinct values that each iteration raises
    /// its bound by little and searches the grid again, re-expanding each
    /// cell by every path to it.
    #[value(name = "idastar")]
    IdaStar,
    /// Jump point search (Harabor & Grastien 2011, 2014) on 8-connected
    /// grids, its jumps found by bit-parallel scans (`grid::Jps`).
    Jps,
    /// JPS+: jump point search reading precomputed jump distances
    /// (`grid::JpsPlus`), the table built once per map.
    #[value(name = "jps+")]
    JpsPlus,
}

impl Algorithm {
    /// Every algorithm, in the order of the output.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::Mm,
        Algorithm::Nbs,
        Algorithm::Bidirectional,
        Algorithm::IdaStar,
        Algorithm::Jps,
        Algorithm::JpsPlus,
    ];

    /// The name on the command line and in the csv: `astar`, `jps+`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::AStar => "astar",
            Algorithm::Dijkstra => "dijkstra",
            Algorithm::Greedy => "greedy",
            Algorithm::Mm => "mm",
            Algorithm::Nbs => "nbs",
            Algorithm::Bidirectional => "bidirectional",
            Algorithm::IdaStar => "idastar",
            Algorithm::Jps => "jps",
            Algorithm::JpsPlus => "jps+",
        }
    }

    /// The name in tables and drawings: `A*`, `bidirectional BFS`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::AStar => "A*",
            Algorithm::Dijkstra => "Dijkstra",
            Algorithm::Greedy => "greedy",
            Algorithm::Mm => "MM",
            Algorithm::Nbs => "NBS",
            Algorithm::Bidirectional => "bidirectional BFS",
            Algorithm::IdaStar => "IDA*",
            Algorithm::Jps => "JPS",
            Algorithm::JpsPlus => "JPS+",
        }
    }

    /// Whether every path it returns is a shortest one (under the
    /// movements it accepts): all but greedy search, whose longer paths
    /// are reported and not failed.
    #[must_use]
    pub fn is_optimal(self) -> bool {
        self != Algorithm::Greedy
    }

    /// Why it cannot run under `movement`, or `None` if it can.
    #[must_use]
    pub fn refusal(self, movement: MovementKind) -> Option<String> {
        match self {
            Algorithm::Bidirectional if movement != MovementKind::Cardinal => Some(format!(
                "bidirectional breadth-first search finds the fewest steps, which is the shortest path only when every step costs the same: use it with --movement cardinal, not {movement} (MM and NBS search {movement} grids bidirectionally)"
            )),
            Algorithm::Jps | Algorithm::JpsPlus if movement == MovementKind::Cardinal => {
                Some(format!(
                    "{}: jump point search prunes the symmetries of 8-connected grids: use it with --movement octile or corner-cutting, not {movement}",
                    self.name()
                ))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The movement model the queries are searched under (`grid`'s
/// [`Octile`](grid::Octile), [`CornerCutting`](grid::CornerCutting) and
/// [`Cardinal`](grid::Cardinal)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum MovementKind {
    /// 8-connected, diagonals √2, no corner cutting: the benchmark's rule,
    /// which the scenario files' lengths assume.
    #[default]
    Octile,
    /// 8-connected, a diagonal may pass blocked cells beside it.
    CornerCutting,
    /// 4-connected, unit steps.
    Cardinal,
}

impl MovementKind {
    /// The name on the command line: `octile`, `corner-cutting`,
    /// `cardinal`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MovementKind::Octile => "octile",
            MovementKind::CornerCutting => "corner-cutting",
            MovementKind::Cardinal => "cardinal",
        }
    }

    /// Whether the scenario files' lengths are the optima under this
    /// movement (else each length is checked against plain A*'s).
    #[must_use]
    pub fn scenario_lengths_hold(self) -> bool {
        self == MovementKind::Octile
    }

    /// The bidirectional search drawn beside A*: bidirectional BFS where
    /// steps cost the same, MM (or NBS if it is the one asked for)
    /// otherwise.
    #[must_use]
    pub fn bidirectional(self, asked: &[Algorithm]) -> Algorithm {
        match self {
            MovementKind::Cardinal => Algorithm::Bidirectional,
            _ if asked.contains(&Algorithm::Nbs) && !asked.contains(&Algorithm::Mm) => {
                Algorithm::Nbs
            }
            _ => Algorithm::Mm,
        }
    }
}

impl fmt::Display for MovementKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
