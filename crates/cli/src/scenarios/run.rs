//! Running every query of a [`Suite`] by every algorithm, replaying each
//! path and judging its length ([`grid::suite::Record`]).

use std::path::PathBuf;

use frontier::Limit;
use grid::suite::{Expected, MapSet, Record, ReplayBug, Setup, Suite, Verdict};
use grid::{Cardinal, CornerCutting, GridError, Movement, Octile, Query, Route};

use super::movement::{GridMovement, JumpTables, Searchers};
use super::search::{MovementKind, Search, assert_offered};
use crate::registry::Algorithm;

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

impl Settings {
    /// The run as [`grid::suite::render_summary`] states it: the
    /// expansion limit named by its option, `--max-nodes`.
    #[must_use]
    pub fn setup(&self) -> Setup<'_, Search> {
        Setup {
            algorithms: &self.algorithms,
            movement: self.movement.name(),
            scenario_lengths: self.movement.scenario_lengths_hold(),
            max_expanded: self.max_nodes,
            max_expanded_name: "--max-nodes",
        }
    }
}

/// Why a run stopped before its end.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// A path that does not replay: a bug.
    #[error(transparent)]
    Replay(#[from] ReplayBug<Search>),
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
pub fn run(suite: &Suite, settings: &Settings) -> Result<Vec<Record<Search>>, RunError> {
    assert_offered(&settings.algorithms, settings.movement);
    match settings.movement {
        MovementKind::Octile => run_as::<Octile>(suite, settings),
        MovementKind::CornerCutting => run_as::<CornerCutting>(suite, settings),
        MovementKind::Cardinal => run_as::<Cardinal>(suite, settings),
    }
}

/// [`run`] under movement `M`.
fn run_as<M: GridMovement>(
    suite: &Suite,
    settings: &Settings,
) -> Result<Vec<Record<Search>>, RunError> {
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
            let bug = |algorithm, error| ReplayBug::new(suite, (map, index), algorithm, error);
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
