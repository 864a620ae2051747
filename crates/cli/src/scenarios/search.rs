//! The searches the grid program runs and the movement models it runs them
//! under: every algorithm of the [registry](crate::registry) the grid maps'
//! capabilities allow under the movement, and two names of the program's
//! own, `dijkstra` (A* with the zero heuristic) and `jps+` (jump point
//! search on a jump table built per map).

use std::fmt;

use crate::registry::{Algorithm, Capabilities, Capability};

/// A search the grid program runs on every query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Search {
    /// An algorithm of the registry, guided by the movement's distance
    /// (octile, or Manhattan for 4-connected movement) if it uses a
    /// heuristic. The best-first searches keep dense tables across the
    /// queries of a map, A* on a decrease-key heap; IDA* is stopped after
    /// `--max-nodes` expansions per query (octile path costs take so many
    /// distinct values that each iteration raises its bound by little).
    Registry(Algorithm),
    /// Dijkstra's algorithm: A* with the zero heuristic.
    Dijkstra,
    /// JPS+: jump point search reading precomputed jump distances
    /// (`grid::JpsPlus`), the table built once per map.
    JpsPlus,
}

impl Search {
    /// Every search, in the order of the output: the registry's that a
    /// grid map runs under some movement, Dijkstra's after A*, JPS+ after
    /// JPS.
    #[must_use]
    pub fn all() -> Vec<Search> {
        let mut all = Vec::new();
        for &algorithm in Algorithm::ALL {
            if [OCTILE, CARDINAL]
                .iter()
                .all(|capabilities| capabilities.lacking(algorithm.needs()).is_some())
            {
                continue;
            }
            all.push(Search::Registry(algorithm));
            match algorithm {
                Algorithm::AStar => all.push(Search::Dijkstra),
                Algorithm::Jps => all.push(Search::JpsPlus),
                _ => {}
            }
        }
        all
    }

    /// The registry's algorithm this search runs: A* for Dijkstra's, JPS
    /// for JPS+.
    #[must_use]
    pub fn algorithm(self) -> Algorithm {
        match self {
            Search::Registry(algorithm) => algorithm,
            Search::Dijkstra => Algorithm::AStar,
            Search::JpsPlus => Algorithm::Jps,
        }
    }

    /// The name on the command line: `astar`, `dijkstra`, `jps+`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Search::Registry(algorithm) => algorithm.name(),
            Search::Dijkstra => "dijkstra",
            Search::JpsPlus => "jps+",
        }
    }

    /// The name in tables and drawings: `A*`, `bidirectional BFS`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Search::Registry(Algorithm::Bidirectional) => "bidirectional BFS",
            Search::Registry(algorithm) => algorithm.label(),
            Search::Dijkstra => "Dijkstra",
            Search::JpsPlus => "JPS+",
        }
    }

    /// Whether its paths are the shortest.
    #[must_use]
    pub fn is_optimal(self) -> bool {
        self.algorithm().is_optimal()
    }

    /// Why the search cannot run under `movement`, or `None` if it can:
    /// the reason of the capability the grid maps lack under it.
    #[must_use]
    pub fn refusal(self, movement: MovementKind) -> Option<String> {
        let lacking = movement.capabilities().lacking(self.algorithm().needs())?;
        let hint = match lacking {
            Capability::FewestSteps => format!(
                "use it with --movement cardinal, where every step costs the same, not \
                 {movement} (MM, NBS, DVCBS and BAE* search {movement} grids bidirectionally)"
            ),
            Capability::JumpPoints => {
                format!("use it with --movement octile or corner-cutting, not {movement}")
            }
            _ => format!("not under any movement ({movement} asked)"),
        };
        Some(format!("{}: {}: {hint}", self.name(), lacking.refusal()))
    }
}

/// Panics with the first refusal of `algorithms` under `movement`
/// ([`Search::refusal`]): the program refuses them before any search.
pub(crate) fn assert_offered(algorithms: &[Search], movement: MovementKind) {
    if let Some(refusal) = algorithms
        .iter()
        .find_map(|algorithm| algorithm.refusal(movement))
    {
        panic!("{refusal}");
    }
}

impl fmt::Display for Search {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The grid crate's report labels each record with the search that made it.
impl grid::suite::Algorithm for Search {
    fn name(&self) -> &str {
        Search::name(*self)
    }

    fn label(&self) -> &str {
        Search::label(*self)
    }

    fn is_optimal(&self) -> bool {
        Search::is_optimal(*self)
    }
}

impl clap::ValueEnum for Search {
    fn value_variants<'a>() -> &'a [Self] {
        /// The list, made once.
        static ALL: std::sync::LazyLock<Vec<Search>> = std::sync::LazyLock::new(Search::all);
        &ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self {
            Search::Registry(algorithm) => algorithm.entry().help,
            Search::Dijkstra => "Dijkstra's algorithm: A* with the zero heuristic",
            Search::JpsPlus => {
                "JPS+: jump point search reading jump distances precomputed per map \
                 (grid::JpsPlus)"
            }
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(help))
    }
}

/// What a grid map's route can do under 8-connected movement (the grid
/// maps' domain's capabilities): every capability but a table and
/// breadth-first search's answers, as a step costs 1 or √2.
const OCTILE: Capabilities = Capabilities::of(&[
    Capability::Backward,
    Capability::BackwardHeuristic,
    Capability::Ranks,
    Capability::Reversible,
    Capability::JumpPoints,
]);

/// What it can do under 4-connected movement: every step costs 1, so
/// breadth-first search finds the shortest path; no jump points.
const CARDINAL: Capabilities = Capabilities::of(&[
    Capability::FewestSteps,
    Capability::Backward,
    Capability::BackwardHeuristic,
    Capability::Ranks,
    Capability::Reversible,
]);

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
    pub fn bidirectional(self, asked: &[Search]) -> Search {
        let asked = |algorithm| asked.contains(&Search::Registry(algorithm));
        Search::Registry(match self {
            MovementKind::Cardinal => Algorithm::Bidirectional,
            _ if asked(Algorithm::Nbs) && !asked(Algorithm::Mm) => Algorithm::Nbs,
            _ => Algorithm::Mm,
        })
    }

    /// What a grid map's route can do under this movement.
    #[must_use]
    pub fn capabilities(self) -> Capabilities {
        match self {
            MovementKind::Cardinal => CARDINAL,
            MovementKind::Octile | MovementKind::CornerCutting => OCTILE,
        }
    }
}

impl fmt::Display for MovementKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
