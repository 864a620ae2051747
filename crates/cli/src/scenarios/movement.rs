//! One query searched by `frontier grid` ([`Searchers::solve`]) under a
//! movement model, as the [registry](crate::registry) runs it: the
//! searches each model's routes offer ([`Searchable`]), kept across the
//! queries of a map on dense tables, and jump point search for the
//! 8-connected models, on the bit rows or the jump table built once per
//! map.

use std::time::Duration;

use frontier::{Limit, Limits, OpenList, Outcome, RankedStates, Recorded, SearchResult};
use grid::{
    Cardinal, Cell, CornerCutting, Direction, Grid, GridError, Heuristic, Jps, JpsGrid, JpsPlus,
    Jump, JumpMovement, JumpPoint, JumpTable, Octile, ReversibleMovement, Route,
};

use super::search::Search;
use crate::registry::{self, Algorithm, Kept, ResultOf, Searchable};
use crate::strategy::timed;

/// What jump point search precomputes for a map, built once per map for
/// the jump point searches asked for: the bit rows of [`Jps`] and the
/// jump table of [`JpsPlus`].
#[derive(Debug)]
pub(crate) struct JumpTables<'g, M> {
    /// The bit rows of JPS.
    bits: Option<JpsGrid<'g>>,
    /// The jump table of JPS+.
    table: Option<JumpTable<'g, M>>,
}

/// A movement model the program searches under: its routes searched
/// through the registry, plain or recorded (every model of `--movement`
/// steps back at the cost of the step), and what jump point search
/// (defined for the 8-connected models) needs of it.
pub(crate) trait GridMovement: ReversibleMovement {
    /// The tables of `grid` for the jump point searches among `searches`.
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfMemory`] if JPS+'s jump table (16 bytes a cell)
    /// cannot be allocated.
    fn jump_tables<'g>(
        grid: &'g Grid,
        searches: &[Search],
    ) -> Result<JumpTables<'g, Self>, GridError>;

    /// Searches `route` with `search` (JPS or JPS+) on `tables`, as
    /// [`Searchers::solve`] does.
    fn jump(
        kept: &mut Kept<JumpPoint, Jump, u64>,
        tables: &JumpTables<'_, Self>,
        search: Search,
        route: Route<'_, Self>,
        record: bool,
    ) -> Recording;
}

/// The jump point searches of the 8-connected models: A* on the jump
/// points, timed alone.
macro_rules! jumping {
    ($($movement:ty),*) => {$(
        impl GridMovement for $movement {
            fn jump_tables<'g>(
                grid: &'g Grid,
                searches: &[Search],
            ) -> Result<JumpTables<'g, Self>, GridError> {
                Ok(JumpTables {
                    bits: searches
                        .contains(&Search::Registry(Algorithm::Jps))
                        .then(|| JpsGrid::new(grid)),
                    table: searches
                        .contains(&Search::JpsPlus)
                        .then(|| JumpTable::new(grid))
                        .transpose()?,
                })
            }

            fn jump(
                kept: &mut Kept<JumpPoint, Jump, u64>,
                tables: &JumpTables<'_, Self>,
                search: Search,
                route: Route<'_, Self>,
                record: bool,
            ) -> Recording {
                let (astar, limits, cell) = (Algorithm::AStar, Limits::new(), JumpPoint::cell);
                let recording = if search == Search::JpsPlus {
                    let table = tables.table.as_ref().expect(
                        "cannot fail: the table is built for every map JPS+ searches",
                    );
                    let jps = JpsPlus::new(route, table);
                    run(astar, jps, &limits, kept, record, cell, |jps, jumps| jps.steps(&jumps))
                } else {
                    let bits = tables.bits.as_ref().expect(
                        "cannot fail: the bit rows are built for every map JPS searches",
                    );
                    let jps = Jps::with_grid(route, bits);
                    run(astar, jps, &limits, kept, record, cell, |jps, jumps| jps.steps(&jumps))
                };
                recording.expect("cannot fail: A* runs on every problem")
            }
        }
    )*};
}

jumping!(Octile, CornerCutting);

/// No jump point search: a 4-connected model.
impl GridMovement for Cardinal {
    fn jump_tables<'g>(_: &'g Grid, _: &[Search]) -> Result<JumpTables<'g, Self>, GridError> {
        Ok(JumpTables {
            bits: None,
            table: None,
        })
    }

    fn jump(
        _: &mut Kept<JumpPoint, Jump, u64>,
        _: &JumpTables<'_, Self>,
        search: Search,
        _: Route<'_, Self>,
        _: bool,
    ) -> Recording {
        unreachable!(
            "refused before any search: {} under 4-connected movement",
            search.name()
        )
    }
}

/// A route, plain or recorded, searches forward and backward on dense
/// tables kept across the queries of a map, and reversibly (BPMX).
macro_rules! route_searchable {
    ($($route:ty),*) => {$(
        impl<M: GridMovement> Searchable for $route {
            fn special(
                &self,
                algorithm: Algorithm,
                limits: &Limits<u64>,
                kept: &mut Kept<Cell, Direction, u64>,
            ) -> Option<ResultOf<Self>> {
                registry::reused(algorithm, self, limits, kept)
                    .or_else(|| registry::reused_backward(algorithm, self, limits, kept))
                    .or_else(|| registry::bpmx(algorithm, self, limits, kept))
            }
        }
    )*};
}

route_searchable!(Route<'_, M>, Recorded<Route<'_, M>>);

/// A problem on jump points ([`Jps`], [`JpsPlus`], and either recorded):
/// searched forward, by A* on dense tables kept across the queries of a
/// map.
pub(crate) trait JumpSearch:
    RankedStates<State = JumpPoint, Action = Jump, Cost = u64> + Sync
{
}

impl<M: JumpMovement> JumpSearch for Jps<'_, M> {}
impl<M: JumpMovement> JumpSearch for JpsPlus<'_, M> {}
impl<P: JumpSearch> JumpSearch for Recorded<P> {}

/// By A*, the one search `Searchers::solve` runs on jump points.
impl<P: JumpSearch> Searchable for P {
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u64>,
        kept: &mut Kept<JumpPoint, Jump, u64>,
    ) -> Option<ResultOf<Self>> {
        registry::reused(algorithm, self, limits, kept)
    }
}

/// [`registry::run`] of `algorithm` on `problem`, timed alone, recording
/// the states it expands (as their `cell`s) if `record`; `steps` turns
/// the solution's actions into single steps. `None` if the registry
/// cannot run `algorithm` on `P`.
fn run<P>(
    algorithm: Algorithm,
    problem: P,
    limits: &Limits<u32>,
    kept: &mut Kept<P::State, P::Action, u64>,
    record: bool,
    cell: impl Fn(P::State) -> Cell,
    steps: impl FnOnce(&P, Vec<P::Action>) -> Vec<Direction>,
) -> Option<Recording>
where
    P: Searchable<Cost = u64, State: Send + Sync, Action: Send + Sync>,
    Recorded<P>: Searchable<State = P::State, Action = P::Action, Cost = u64>,
{
    if record {
        let recorded = Recorded::new(problem);
        let (result, elapsed) = timed(|| registry::run(algorithm, &recorded, limits, kept));
        let attempt = Attempt::new(result?, elapsed, |actions| {
            steps(recorded.problem(), actions)
        });
        let (forward, backward) = recorded.into_expanded();
        Some(Recording {
            attempt,
            forward: forward.into_iter().map(&cell).collect(),
            backward: backward.into_iter().map(&cell).collect(),
        })
    } else {
        let (result, elapsed) = timed(|| registry::run(algorithm, &problem, limits, kept));
        Some(Recording {
            attempt: Attempt::new(result?, elapsed, |actions| steps(&problem, actions)),
            forward: Vec::new(),
            backward: Vec::new(),
        })
    }
}

/// What one search returned: its single steps (`Ok(None)`: no path), or
/// the limit that stopped it; and its work.
#[derive(Debug)]
pub(crate) struct Attempt {
    /// The path's steps, `None` if there is no path, or the limit.
    pub(crate) outcome: Result<Option<Vec<Direction>>, Limit>,
    /// Nodes expanded.
    pub(crate) expanded: u64,
    /// Peak stored states.
    pub(crate) peak_stored: usize,
    /// Time in the search.
    pub(crate) elapsed: Duration,
}

impl Attempt {
    /// The attempt of a search that took `elapsed` and returned `result`,
    /// whose actions `steps` turns into single steps.
    pub(crate) fn new<S, A, C>(
        result: SearchResult<S, A, C>,
        elapsed: Duration,
        steps: impl FnOnce(Vec<A>) -> Vec<Direction>,
    ) -> Attempt {
        Attempt {
            outcome: match result.outcome {
                Outcome::Found(solution) => Ok(Some(steps(solution.actions))),
                Outcome::Unreachable => Ok(None),
                Outcome::LimitReached(limit) => Err(limit),
            },
            expanded: result.stats.expanded,
            peak_stored: result.stats.peak_stored,
            elapsed,
        }
    }
}

/// An [`Attempt`], and the cells its search expanded forward and
/// backward, in order, if it was asked to record them (for drawing).
#[derive(Debug)]
pub(crate) struct Recording {
    /// The search.
    pub(crate) attempt: Attempt,
    /// The cells expanded forward (the jump points, for jump point search).
    pub(crate) forward: Vec<Cell>,
    /// The cells expanded backward.
    pub(crate) backward: Vec<Cell>,
}

/// The searches of one thread, kept across the queries of a map so that
/// their tables are reused: those on cells and those on jump points, each
/// run through the [registry](crate::registry). Costs are fixed-point
/// (about 1.3·10⁹ a step, see `grid::cost`), too spread for the bucket
/// open list: A* keeps a decrease-key heap, the other best-first searches
/// a binary heap.
#[derive(Debug)]
pub(crate) struct Searchers {
    /// The searches on cells.
    cells: Kept<Cell, Direction, u64>,
    /// A* on jump points, for [`Algorithm::Jps`] and [`Search::JpsPlus`].
    jumps: Kept<JumpPoint, Jump, u64>,
    /// IDA*'s expansions per query before it is stopped.
    max_nodes: u64,
}

impl Searchers {
    /// Fresh searchers; IDA* stops after `max_nodes` expansions.
    pub(crate) fn new(max_nodes: u64) -> Searchers {
        Searchers {
            cells: Kept::new(1).with_open_lists(OpenList::PriorityQueue, OpenList::BinaryHeap),
            jumps: Kept::new(1).with_open_lists(OpenList::BinaryHeap, OpenList::BinaryHeap),
            max_nodes,
        }
    }

    /// Searches `route` with `search` (jump point search with `tables`),
    /// timing the search alone; records the cells it expands if `record`.
    ///
    /// # Panics
    ///
    /// If `search` is refused under `M` ([`Search::refusal`]): check
    /// first.
    pub(crate) fn solve<M: GridMovement>(
        &mut self,
        search: Search,
        route: Route<'_, M>,
        tables: &JumpTables<'_, M>,
        record: bool,
    ) -> Recording {
        let algorithm = search.algorithm();
        if algorithm == Algorithm::Jps {
            return M::jump(&mut self.jumps, tables, search, route, record);
        }
        let problem = if search == Search::Dijkstra {
            route.with_heuristic(Heuristic::Zero)
        } else {
            route
        };
        // IDA* stops after `max_nodes` expansions, the others at nothing
        // but the memory they can get.
        let limits = match algorithm {
            Algorithm::IdaStar | Algorithm::IdaStarBpmx => {
                Limits::new().max_expanded(self.max_nodes)
            }
            _ => Limits::new(),
        };
        run(
            algorithm,
            problem,
            &limits,
            &mut self.cells,
            record,
            |cell| cell,
            |_, steps| steps,
        )
        .expect("cannot fail: the searches refused under the movement are refused first")
    }
}
