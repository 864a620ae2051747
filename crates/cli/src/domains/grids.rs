//! Grid maps ([`GRIDS`]): the queries of Moving AI scenario files, each on
//! its map, searched as a [`Route`] under [`Octile`] movement (8-connected,
//! diagonal steps √2, no corner cutting: the benchmark's rule), with the
//! octile distance or none.
//!
//! Jump point search ([`Algorithm::Jps`]) runs A* on the grid crate's
//! [`Jps`] adapter of the same route: its states are jump points, its
//! actions runs of cells, expanded back into single steps for the check.
//! Its bit rows are built per query before the search is timed (the
//! per-map preprocessing, as the 3x3 table's build is kept out of that
//! table's rows).
//!
//! Every answer is checked twice: replayed step by step on the map
//! ([`Route::replay`]), and its length compared with the optimum the
//! scenario prints ([`Query::accepts`]): an optimal algorithm must find
//! that length, greedy search no shorter. A query the scenario gives a
//! length must not be called unsolvable.
//!
//! Costs are the grid crate's fixed-point units (a straight step
//! [`grid::STRAIGHT`], a diagonal one [`grid::DIAGONAL`]), so the
//! comparison's cross-check of optimal answers is exact; the length shown
//! is the path's `straight + √2·diagonal`.

use std::path::Path as FilePath;
use std::sync::Arc;

use frontier::{Limits, OpenList};
use grid::suite::LoadError;
use grid::{
    Cell, Direction, Grid, Jps, Jump, JumpPoint, MapError, Octile, Query, Route, RouteError,
    ScenarioError,
};

use crate::domain::{BoardSet, Context, Domain, DomainInfo, Instance, Reader, Start};
use crate::registry::{self, Algorithm, Capabilities, Heuristic, HeuristicRow, Kept};
use crate::scenarios;
use crate::strategy::{Answer, Attempt, Path, SolveError, Strategy, timed};

/// The octile distance.
static OCTILE: HeuristicRow = HeuristicRow::new(
    [
        "octile",
        "octile",
        "The octile distance to the goal on a grid map (straight steps 1, diagonal steps √2, \
         walls ignored): exact on an open map",
    ],
    "grid maps",
    "it measures grid maps",
);

/// The heuristics of grid maps.
const HEURISTICS: &[Heuristic] = &[Heuristic::ZERO, Heuristic::new(&OCTILE)];

/// Grid maps, the domain.
#[derive(Debug, Default)]
pub struct GridMaps;

/// The queries of Moving AI scenarios on their maps.
pub static GRIDS: GridMaps = GridMaps;

/// One query of a scenario on its map: the instance of [`GRIDS`].
///
/// # Example
///
/// ```
/// use std::sync::Arc;
/// use grid::{Grid, Scenario};
/// use frontier_cli::domains::grids::MapQuery;
///
/// let grid = Arc::new(Grid::parse_map(b"type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n")?);
/// let scenario = Scenario::parse(b"version 1\n0\tsmall.map\t3\t2\t0\t1\t2\t1\t4.82843\n")?;
/// let query = MapQuery::new(grid, scenario.queries[0].clone())?;
/// assert_eq!(query.to_string(), "small.map from (0, 1) to (2, 1)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MapQuery {
    grid: Arc<Grid>,
    query: Query,
}

impl MapQuery {
    /// `query` on `grid`, the map it names.
    ///
    /// # Errors
    ///
    /// [`RouteError`] if its start or goal is not an open cell of `grid`.
    pub fn new(grid: Arc<Grid>, query: Query) -> Result<Self, RouteError> {
        Route::<Octile>::new(&grid, query.start, query.goal)?;
        Ok(MapQuery { grid, query })
    }

    /// The map.
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The query: its start, goal and optimal length.
    #[must_use]
    pub fn query(&self) -> &Query {
        &self.query
    }

    /// The query as a search problem, with the octile estimate.
    ///
    /// # Panics
    ///
    /// Never: [`MapQuery::new`] made the same route, and the reader
    /// checked the same endpoints.
    #[must_use]
    pub fn route(&self) -> Route<'_, Octile> {
        // cannot fail: `new` made the same route
        Route::new(&self.grid, self.query.start, self.query.goal)
            .expect("a query's endpoints were checked when it was made")
    }
}

impl std::fmt::Display for MapQuery {
    /// `arena.map from (1, 11) to (1, 12)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} from {:?} to {:?}",
            self.query.map_name(),
            self.query.start,
            self.query.goal
        )
    }
}

impl DomainInfo for GridMaps {
    fn name(&self) -> &'static str {
        "grid"
    }

    fn instances(&self) -> &'static str {
        "grid maps"
    }

    fn kind(&self) -> &'static str {
        "grid maps"
    }

    /// A route's under the benchmark's movement: every capability but a
    /// table and breadth-first search's answers, as a step costs 1 or √2
    /// and the scenarios give the shortest length, which the fewest steps
    /// need not be (A* with the zero heuristic is the uninformed search
    /// that finds it).
    fn capabilities(&self) -> Capabilities {
        scenarios::MovementKind::Octile.capabilities()
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        HEURISTICS
    }

    fn reader(&self) -> Option<&'static Reader> {
        Some(&SCENARIO_FILES)
    }

    fn checked_note(&self, count: usize) -> Option<String> {
        (count > 0).then(|| {
            format!(
                "scenarios: every answer on the {count} grid queries matched the optimal length its scenario gives (greedy: none shorter)."
            )
        })
    }

    fn declined(&self, heuristic: Heuristic) -> Option<&'static str> {
        (heuristic.name() == "manhattan").then_some(
            "it counts a diagonal step (√2) as 2: it overestimates on 8-connected maps, the \
             octile distance does not",
        )
    }
}

/// What a thread keeps from one grid query to the next: IDA*'s buffers
/// for the route's cells, and for jump points (unused by A*, but
/// [`registry::run`] asks for them).
#[derive(Debug)]
pub struct GridKept {
    cells: Kept<Cell, Direction, u64>,
    jumps: Kept<JumpPoint, Jump, u64>,
}

impl Domain for GridMaps {
    type Instance = MapQuery;
    type Kept = GridKept;

    fn kept(&self, context: &Context) -> Self::Kept {
        // Fixed-point costs, too spread for buckets: as `frontier grid`.
        GridKept {
            cells: Kept::new(context.jobs)
                .with_open_lists(OpenList::PriorityQueue, OpenList::BinaryHeap),
            jumps: Kept::new(1).with_open_lists(OpenList::BinaryHeap, OpenList::BinaryHeap),
        }
    }

    fn solve(
        &self,
        instance: &MapQuery,
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        _: &Context,
    ) -> Result<Attempt, SolveError> {
        // The algorithms that use no heuristic get zero.
        let estimate = if strategy.heuristic == Some(Heuristic::new(&OCTILE)) {
            grid::Heuristic::Distance
        } else {
            grid::Heuristic::Zero
        };
        let route = instance.route().with_heuristic(estimate);
        let line = || self.to_line(instance);
        let optimal = self.is_optimal(strategy.algorithm);
        let unsupported = SolveError::cannot_run(strategy, self.instances());
        let attempt = if strategy.algorithm == Algorithm::Jps {
            let jps = Jps::new(route);
            let (result, elapsed) =
                timed(|| registry::run(Algorithm::AStar, &jps, limits, &mut kept.jumps));
            let result = result.ok_or(unsupported)?;
            Attempt::of_search::<Jps<'_, Octile>>(result, elapsed, (strategy, &line), |jumps| {
                check(&route, &instance.query, optimal, jps.steps(&jumps))
            })?
        } else {
            let (result, elapsed) =
                timed(|| registry::run(strategy.algorithm, &route, limits, &mut kept.cells));
            let result = result.ok_or(unsupported)?;
            Attempt::of_search::<Route<'_, Octile>>(result, elapsed, (strategy, &line), |steps| {
                check(&route, &instance.query, optimal, steps)
            })?
        };
        if attempt.answer == Answer::Unsolvable && instance.query.optimal > 0.0 {
            return Err(SolveError::WrongSolution {
                strategy,
                instance: line(),
                error: format!(
                    "it found no path, but the scenario's line {} gives the optimal length {}",
                    instance.query.line, instance.query.optimal
                ),
            });
        }
        Ok(attempt)
    }

    fn to_line(&self, instance: &MapQuery) -> String {
        instance.to_string()
    }
}

/// `steps` as the path of `route`, checked: each step allowed from where
/// the one before led, ending at the goal, and its length the `query`'s
/// optimum (`optimal`) or no shorter (else).
fn check(
    route: &Route<'_, Octile>,
    query: &Query,
    optimal: bool,
    steps: Vec<Direction>,
) -> Result<Path, String> {
    let length = route.replay(&steps).map_err(|err| err.to_string())?;
    let value = length.value();
    let wrong = if optimal {
        (!query.accepts(value)).then_some("is not")
    } else {
        (value < query.optimal - query.tolerance).then_some("is shorter than")
    };
    if let Some(wrong) = wrong {
        return Err(format!(
            "its length {value:.6} {wrong} the optimal length {} of the scenario's line {}",
            query.optimal, query.line
        ));
    }
    // cannot fail: a path on a map of at most grid::MAX_CELLS cells costs
    // below 2.5e18 units (see grid::cost)
    let cost = length
        .cost()
        .and_then(|cost| usize::try_from(cost).ok())
        .unwrap_or(usize::MAX);
    Ok(steps_path(steps, cost).measuring(value))
}

/// `steps` as a path costing `cost`, written in words, `s s e ne`: the
/// direction names of the grid crate, between spaces (a diagonal's name
/// has two letters).
pub(crate) fn steps_path(steps: Vec<Direction>, cost: usize) -> Path {
    let names: Vec<&str> = steps.iter().map(|step| step.name()).collect();
    let text = names.join(" ");
    Path::new(steps, text, "steps").costing(cost)
}

/// A scenario file, a map file or a folder of scenarios that cannot be
/// read: every variant names the file, and the line where there is one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScenarioFileError {
    /// A file or folder that cannot be read.
    #[error("cannot read {path}: {message}")]
    Read {
        /// The file or folder.
        path: String,
        /// What the system said.
        message: String,
    },
    /// A path that is not a regular file, or a file too large to read
    /// (the message names it).
    #[error("{message}")]
    Unusable {
        /// What is wrong, with the path.
        message: String,
    },
    /// A scenario line that does not parse, or a query that does not fit
    /// its map.
    #[error("{path}: {error}")]
    Scenario {
        /// The scenario file.
        path: String,
        /// What is wrong, with the line.
        error: ScenarioError,
    },
    /// A map that does not parse.
    #[error("{path}: {error}")]
    Map {
        /// The map file.
        path: String,
        /// What is wrong, with the line.
        error: MapError,
    },
    /// A scenario file without a query.
    #[error("{path} holds no query")]
    NoQueries {
        /// The scenario file.
        path: String,
    },
    /// A folder without a `.scen` file.
    #[error("{path} holds no .scen file")]
    NoScenarios {
        /// The folder.
        path: String,
    },
}

/// `compare --input maps:FILE_OR_DIR` (and `--maps`): [`read_scenarios`],
/// a set per scenario file; one that cannot be read stops the run.
pub static SCENARIO_FILES: Reader = Reader {
    kind: "maps",
    help: "a Moving AI scenario (.scen) or a folder of them, each query's map found by base name next to it; every answer checked against the scenario's optimal length",
    what: "grid query",
    read: |path| {
        read_scenarios(path)
            .map(|sets| (sets, Vec::new()))
            .map_err(|err| err.to_string())
    },
};

/// The sets of `path`: a scenario file's queries as one set, or each
/// `.scen` file of a folder (not its subfolders) in name order. Each
/// query's map is the file of its base name ([`Query::map_name`]) next to
/// the scenario; the set is named `{scenario file name} grid`.
///
/// # Errors
///
/// A [`ScenarioFileError`] naming the first file that cannot be read, does
/// not parse (with its line) or whose queries do not fit their map.
///
/// # Example
///
/// ```
/// use frontier_cli::domains::grids::read_scenarios;
///
/// let testdata = concat!(env!("CARGO_MANIFEST_DIR"), "/../grid/testdata/arena.map.scen");
/// let sets = read_scenarios(testdata.as_ref())?;
/// assert_eq!(sets[0].name, "arena.map.scen grid");
/// assert_eq!(sets[0].instances.len(), 160);
/// assert_eq!(sets[0].instances[2].start.to_line(), "arena.map from (1, 13) to (4, 12)");
/// # Ok::<(), frontier_cli::domains::grids::ScenarioFileError>(())
/// ```
pub fn read_scenarios(path: &FilePath) -> Result<Vec<BoardSet>, ScenarioFileError> {
    // The grid program's loader: regular files of bounded size only, maps
    // found by base name and read once, every query checked on its map.
    let suite = grid::suite::load(&[path.to_path_buf()], None).map_err(ScenarioFileError::from)?;
    let sets = suite.by_scenario().into_iter().map(|(scenario, queries)| {
        let file = scenario.file_name().map_or_else(
            || scenario.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        );
        // `load` found both endpoints open cells, as `MapQuery::new` asks.
        let instances = queries.into_iter().map(|(grid, query)| Instance {
            origin: format!("line {}", query.line),
            start: Start::new(&GRIDS, MapQuery { grid, query }),
            known_length: None,
        });
        BoardSet {
            name: format!("{file} grid"),
            domain: &GRIDS,
            instances: instances.collect(),
        }
    });
    Ok(sets.collect())
}

impl From<LoadError> for ScenarioFileError {
    fn from(error: LoadError) -> Self {
        // Long paths cut short, as every message of the programs shows them.
        let shown = |path: &FilePath| frontier_text::shown(path);
        match error {
            LoadError::Read { path, source } => ScenarioFileError::Read {
                path: shown(&path),
                message: source.to_string(),
            },
            LoadError::MapOf {
                scenario,
                line,
                source,
                ..
            } => match ScenarioFileError::from(*source) {
                ScenarioFileError::Read { path, message } => ScenarioFileError::Read {
                    path,
                    message: format!("{message} (the map of line {line} of {})", shown(&scenario)),
                },
                other => other,
            },
            LoadError::Scenario { path, source } => ScenarioFileError::Scenario {
                path: shown(&path),
                error: source,
            },
            LoadError::Map { path, source } => ScenarioFileError::Map {
                path: shown(&path),
                error: source,
            },
            LoadError::NoQueries { path } => ScenarioFileError::NoQueries { path: shown(&path) },
            LoadError::NoScenarios { path } => {
                ScenarioFileError::NoScenarios { path: shown(&path) }
            }
            other => ScenarioFileError::Unusable {
                message: other.to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests;
