//! Running every query of a [`Suite`] by every algorithm, replaying each
//! path and checking its length.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use frontier::Limit;
use grid::{Cardinal, CornerCutting, GridError, Movement, Octile, Query, ReplayError, Route};

use super::movement::{GridMovement, JumpTables, Searchers};
use super::search::{MovementKind, Search};
use crate::registry::Algorithm;
use grid::suite::{MapSet, Suite};

/// What to run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The algorithms, each run on every query in this order.
    pub algorithms: Vec<Search>,
    /// The movement model.
    pub movement: MovementKind,
    /// IDA*'s expansions per query before it is stopped.
    pub max_nodes: u64,
}

/// The length a query's answer must have.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expected {
    /// The shortest length, or `None` where no path exists (a scenario
    /// prints `0` for a query between two different cells with no path).
    pub length: Option<f64>,
    /// How far a length may be from it and still be it.
    pub tolerance: f64,
}

impl Expected {
    /// The length `query` prints, the optimum under octile movement.
    #[must_use]
    pub fn of_query(query: &Query) -> Expected {
        let no_path = query.optimal == 0.0 && query.start != query.goal;
        Expected {
            length: (!no_path).then_some(query.optimal),
            tolerance: query.tolerance,
        }
    }

    /// A length measured by a search (plain A* under movements other than
    /// octile): equal lengths are equal counts of straight and diagonal
    /// steps (√2 is irrational), so they are the same `f64`.
    #[must_use]
    pub fn measured(length: Option<f64>) -> Expected {
        Expected {
            length,
            tolerance: 1e-9,
        }
    }

    /// How a search that found `found` (`None`: no path) did.
    #[must_use]
    pub fn judge(&self, found: Option<f64>) -> Verdict {
        match (self.length, found) {
            (None, None) => Verdict::Optimal,
            (Some(length), Some(found)) if (found - length).abs() <= self.tolerance => {
                Verdict::Optimal
            }
            (Some(length), Some(found)) if found > length => Verdict::Longer,
            _ => Verdict::Wrong,
        }
    }
}

/// How one search of one query went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The shortest length (or no path where there is none).
    Optimal,
    /// A longer path: expected of greedy search, a failure of the others.
    Longer,
    /// A shorter path than the optimum, a path where there is none or none
    /// where there is one: always a failure.
    Wrong,
    /// Stopped by a limit before an answer: IDA*'s `--max-nodes`
    /// ([`Limit::Expanded`]) is counted, not failed (IDA* repeats its work
    /// at every bound, and the limit is the user's choice); any other
    /// ([`Limit::Memory`]: the tables outgrew the memory) leaves the query
    /// unanswered, a failure.
    Stopped(Limit),
}

/// One search of one query.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The map's index in [`Suite::maps`].
    pub map: usize,
    /// The query's index in that map's [`MapSet::queries`].
    pub query: usize,
    /// The algorithm.
    pub algorithm: Search,
    /// The length to match.
    pub expected: Expected,
    /// The length of the path found (replayed), `None` if none was.
    pub found: Option<f64>,
    /// How that compares.
    pub verdict: Verdict,
    /// Nodes expanded.
    pub expanded: u64,
    /// The most states the search stored at once.
    pub peak_stored: usize,
    /// The search's time, problem built and path replayed outside it.
    pub elapsed: Duration,
}

impl Record {
    /// Whether this search fails the run: a wrong answer, a longer path
    /// from an algorithm that promises the shortest, or a stop by any limit
    /// but IDA*'s `--max-nodes` ([`Verdict::Stopped`]).
    #[must_use]
    pub fn is_failure(&self) -> bool {
        match self.verdict {
            Verdict::Wrong => true,
            Verdict::Longer => self.algorithm.is_optimal(),
            Verdict::Stopped(limit) => limit != Limit::Expanded,
            Verdict::Optimal => false,
        }
    }

    /// The limit that stopped the search, if one did.
    #[must_use]
    pub fn limit(&self) -> Option<Limit> {
        match self.verdict {
            Verdict::Stopped(limit) => Some(limit),
            _ => None,
        }
    }
}

/// A path that does not replay: a bug in a search or in the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayBug {
    /// The scenario file of the query.
    pub scenario: PathBuf,
    /// The query's line.
    pub line: usize,
    /// The map's name.
    pub map: String,
    /// The search whose path it is (`None`: the plain A* measuring the
    /// optimum under another movement).
    pub algorithm: Option<Search>,
    /// What is wrong with it.
    pub error: ReplayError,
}

impl fmt::Display for ReplayBug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = self.algorithm.map_or("A* (the reference)", Search::label);
        write!(
            f,
            "{}: line {}: the path {label} found on {} does not replay: {}",
            self.scenario.display(),
            self.line,
            self.map,
            self.error
        )
    }
}

/// Why a run stopped before its end.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// A path that does not replay: a bug.
    #[error("{0}")]
    Replay(ReplayBug),
    /// Plain A*, measuring a query's shortest length under a movement
    /// other than octile (where the scenario's lengths do not hold), was
    /// stopped by a limit: no length of that query can be judged.
    #[error(
        "{}: line {line}: A* (the reference) stopped by its {limit} on {map}, measuring the shortest length under {movement} movement: no path can be checked against it",
        scenario.display()
    )]
    Reference {
        /// The scenario file of the query.
        scenario: PathBuf,
        /// The query's line.
        line: usize,
        /// The map's name.
        map: String,
        /// The movement.
        movement: MovementKind,
        /// The limit that stopped it.
        limit: Limit,
    },
    /// The memory to keep the results could not be had.
    #[error("out of memory keeping the results of {searches} searches")]
    OutOfMemory {
        /// The searches to run: queries times algorithms.
        searches: usize,
    },
    /// JPS+'s jump table of a map cannot be allocated.
    #[error("{map}: cannot build the JPS+ jump table: {source}")]
    JumpTable {
        /// The map's name.
        map: String,
        /// Why.
        source: GridError,
    },
}

impl From<ReplayBug> for RunError {
    fn from(bug: ReplayBug) -> Self {
        RunError::Replay(bug)
    }
}

/// Runs every query of `suite` with every algorithm of `settings`, in
/// order: map by map, query by query, algorithm by algorithm. Each path is
/// replayed and its length judged against the scenario's (octile
/// movement) or plain A*'s (other movements).
///
/// # Errors
///
/// [`RunError::Replay`] for the first path that does not replay,
/// [`RunError::Reference`] if plain A* cannot measure a query's shortest
/// length (movements other than octile),
/// [`RunError::JumpTable`] if JPS+'s table of a map cannot be had,
/// [`RunError::OutOfMemory`] if the records cannot be (checked before
/// any search).
///
/// # Panics
///
/// If an algorithm is refused under the movement
/// ([`Search::refusal`]): check first.
pub fn run(suite: &Suite, settings: &Settings) -> Result<Vec<Record>, RunError> {
    if let Some(refusal) = settings
        .algorithms
        .iter()
        .find_map(|algorithm| algorithm.refusal(settings.movement))
    {
        panic!("{refusal}");
    }
    match settings.movement {
        MovementKind::Octile => run_as::<Octile>(suite, settings),
        MovementKind::CornerCutting => run_as::<CornerCutting>(suite, settings),
        MovementKind::Cardinal => run_as::<Cardinal>(suite, settings),
    }
}

/// [`run`] under movement `M`.
fn run_as<M: GridMovement>(suite: &Suite, settings: &Settings) -> Result<Vec<Record>, RunError> {
    let wanted = suite
        .query_count()
        .saturating_mul(settings.algorithms.len());
    let mut records = Vec::new();
    records
        .try_reserve_exact(wanted)
        .map_err(|_| RunError::OutOfMemory { searches: wanted })?;
    let scenario_lengths = settings.movement.scenario_lengths_hold();
    for (map, set) in suite.maps.iter().enumerate() {
        // Kept across the queries of a map, so their tables are reused.
        let mut searchers = Searchers::new(settings.max_nodes);
        let mut reference = Searchers::new(settings.max_nodes);
        let tables = jump_tables_of::<M>(set, &settings.algorithms)?;
        for (index, (_, query)) in set.queries.iter().enumerate() {
            let route = route::<M>(set, query);
            let bug = |algorithm, error| bug(suite, set, index, algorithm, error);
            let expected = if scenario_lengths {
                Expected::of_query(query)
            } else {
                let recording =
                    reference.solve(Search::Registry(Algorithm::AStar), route, &tables, false);
                let length = match recording.attempt.outcome {
                    Ok(Some(steps)) => Some(route.replay(&steps).map_err(|e| bug(None, e))?),
                    Ok(None) => None,
                    Err(limit) => {
                        let (scenario, query) = &set.queries[index];
                        return Err(RunError::Reference {
                            scenario: suite.scenarios[*scenario].clone(),
                            line: query.line,
                            map: set.name.clone(),
                            movement: settings.movement,
                            limit,
                        });
                    }
                };
                Expected::measured(length.map(|length| length.value()))
            };
            for &algorithm in &settings.algorithms {
                let attempt = searchers.solve(algorithm, route, &tables, false).attempt;
                let (found, verdict) = match attempt.outcome {
                    Ok(Some(steps)) => {
                        let length = route
                            .replay(&steps)
                            .map_err(|e| bug(Some(algorithm), e))?
                            .value();
                        (Some(length), expected.judge(Some(length)))
                    }
                    Ok(None) => (None, expected.judge(None)),
                    Err(limit) => (None, Verdict::Stopped(limit)),
                };
                records.push(Record {
                    map,
                    query: index,
                    algorithm,
                    expected,
                    found,
                    verdict,
                    expanded: attempt.expanded,
                    peak_stored: attempt.peak_stored,
                    elapsed: attempt.elapsed,
                });
            }
        }
    }
    Ok(records)
}

/// The jump point search tables of `set` for `algorithms`.
pub(crate) fn jump_tables_of<'g, M: GridMovement>(
    set: &'g MapSet,
    algorithms: &[Search],
) -> Result<JumpTables<'g, M>, RunError> {
    M::jump_tables(&set.grid, algorithms).map_err(|source| RunError::JumpTable {
        map: set.name.clone(),
        source,
    })
}

/// The route of `query` on its map.
pub(crate) fn route<'g, M: Movement>(set: &'g MapSet, query: &Query) -> Route<'g, M> {
    Route::new(&set.grid, query.start, query.goal)
        .expect("cannot fail: Scenario::check found both endpoints open cells of this map")
}

/// The [`ReplayBug`] of query `index` of `set`.
fn bug(
    suite: &Suite,
    set: &MapSet,
    index: usize,
    algorithm: Option<Search>,
    error: ReplayError,
) -> ReplayBug {
    let (scenario, query) = &set.queries[index];
    ReplayBug {
        scenario: suite.scenarios[*scenario].clone(),
        line: query.line,
        map: set.name.clone(),
        algorithm,
        error,
    }
}
