//! One query searched by `frontier grid` ([`Searchers::solve`]) under a
//! movement model, as the [registry](crate::registry) runs it: the
//! searches each model's routes offer ([`Searchable`]), kept across the
//! queries of a map on dense tables, and jump point search for the
//! 8-connected models, on the bit rows or the jump table built once per
//! map.

use std::time::Duration;

use frontier::{Limit, Limits, OpenList, Outcome, ReversibleProblem, SearchResult};
use grid::{
    Cardinal, Cell, CornerCutting, Direction, Grid, GridError, Heuristic, Jps, JpsGrid, JpsPlus,
    Jump, JumpMovement, JumpPoint, JumpTable, Movement, Octile, Route,
};

use super::record::Recorded;
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

impl<M> JumpTables<'_, M> {
    /// No tables: no jump point search asked for, or none under `M`.
    fn none() -> Self {
        JumpTables {
            bits: None,
            table: None,
        }
    }
}

/// A movement model the program searches under: its routes searched
/// through the registry, plain or recorded, and what jump point search
/// (defined for the 8-connected models) needs of it.
pub(crate) trait GridMovement: Movement + Sync {
    /// [`registry::run`] of `algorithm` on `route`.
    fn run(
        algorithm: Algorithm,
        route: &Route<'_, Self>,
        limits: &Limits<u32>,
        kept: &mut Kept<Cell, Direction, u64>,
    ) -> Option<SearchResult<Cell, Direction, u64>>;

    /// [`registry::run`] of `algorithm` on `route`, which records the
    /// cells expanded.
    fn run_recorded(
        algorithm: Algorithm,
        route: &Recorded<Route<'_, Self>>,
        limits: &Limits<u32>,
        kept: &mut Kept<Cell, Direction, u64>,
    ) -> Option<SearchResult<Cell, Direction, u64>>;

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

/// A route, plain or recorded, searches forward and backward on dense
/// tables kept across the queries of a map, and reversibly (BPMX).
macro_rules! searchable_route {
    ($problem:ty) => {
        impl Searchable for $problem {
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
    };
}

/// A recorded problem undoes its moves as the problem does.
impl<P: ReversibleProblem> ReversibleProblem for Recorded<P> {}

/// [`GridMovement`] for `$movement`, whose routes search through the
/// registry; `$jump` gives its jump point searches.
macro_rules! movement {
    ($movement:ty, $jump:ident) => {
        searchable_route!(Route<'_, $movement>);
        searchable_route!(Recorded<Route<'_, $movement>>);

        impl GridMovement for $movement {
            fn run(
                algorithm: Algorithm,
                route: &Route<'_, Self>,
                limits: &Limits<u32>,
                kept: &mut Kept<Cell, Direction, u64>,
            ) -> Option<SearchResult<Cell, Direction, u64>> {
                registry::run(algorithm, route, limits, kept)
            }

            fn run_recorded(
                algorithm: Algorithm,
                route: &Recorded<Route<'_, Self>>,
                limits: &Limits<u32>,
                kept: &mut Kept<Cell, Direction, u64>,
            ) -> Option<SearchResult<Cell, Direction, u64>> {
                registry::run(algorithm, route, limits, kept)
            }

            $jump!();
        }
    };
}

/// The jump point searches of an 8-connected model.
macro_rules! jumping {
    () => {
        fn jump_tables<'g>(
            grid: &'g Grid,
            searches: &[Search],
        ) -> Result<JumpTables<'g, Self>, GridError> {
            jump_tables(grid, searches)
        }

        fn jump(
            kept: &mut Kept<JumpPoint, Jump, u64>,
            tables: &JumpTables<'_, Self>,
            search: Search,
            route: Route<'_, Self>,
            record: bool,
        ) -> Recording {
            jump(kept, tables, search, route, record)
        }
    };
}

/// No jump point search: a 4-connected model.
macro_rules! not_jumping {
    () => {
        fn jump_tables<'g>(_: &'g Grid, _: &[Search]) -> Result<JumpTables<'g, Self>, GridError> {
            Ok(JumpTables::none())
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
    };
}

movement!(Octile, jumping);
movement!(CornerCutting, jumping);
movement!(Cardinal, not_jumping);

/// Jump points are searched forward, by A* on dense tables kept across
/// the queries of a map.
impl<M: JumpMovement + Sync> Searchable for Jps<'_, M> {
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u64>,
        kept: &mut Kept<JumpPoint, Jump, u64>,
    ) -> Option<ResultOf<Self>> {
        registry::reused(algorithm, self, limits, kept)
    }
}

/// As [`Jps`]'s.
impl<M: JumpMovement + Sync> Searchable for JpsPlus<'_, M> {
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u64>,
        kept: &mut Kept<JumpPoint, Jump, u64>,
    ) -> Option<ResultOf<Self>> {
        registry::reused(algorithm, self, limits, kept)
    }
}

/// As the problem's.
impl<P: Searchable<State = JumpPoint, Action = Jump, Cost = u64> + frontier::RankedStates>
    Searchable for Recorded<&P>
{
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u64>,
        kept: &mut Kept<JumpPoint, Jump, u64>,
    ) -> Option<ResultOf<Self>> {
        registry::reused(algorithm, self, limits, kept)
    }
}

/// [`GridMovement::jump_tables`] for the 8-connected models.
fn jump_tables<'g, M: JumpMovement>(
    grid: &'g Grid,
    searches: &[Search],
) -> Result<JumpTables<'g, M>, GridError> {
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

/// [`GridMovement::jump`] for the 8-connected models.
fn jump<M: JumpMovement + Sync>(
    kept: &mut Kept<JumpPoint, Jump, u64>,
    tables: &JumpTables<'_, M>,
    search: Search,
    route: Route<'_, M>,
    record: bool,
) -> Recording {
    if search == Search::JpsPlus {
        let table = tables
            .table
            .as_ref()
            .expect("cannot fail: the table is built for every map JPS+ searches");
        let jps = JpsPlus::new(route, table);
        search_jumps(kept, &jps, record, |jumps| jps.steps(&jumps))
    } else {
        let bits = tables
            .bits
            .as_ref()
            .expect("cannot fail: the bit rows are built for every map JPS searches");
        let jps = Jps::with_grid(route, bits);
        search_jumps(kept, &jps, record, |jumps| jps.steps(&jumps))
    }
}

/// A* on the jump points of `problem`, timed alone, recording the jump
/// points expanded if `record`; `steps` expands a solution's jumps.
fn search_jumps<P>(
    kept: &mut Kept<JumpPoint, Jump, u64>,
    problem: &P,
    record: bool,
    steps: impl FnOnce(Vec<Jump>) -> Vec<Direction>,
) -> Recording
where
    P: Searchable<State = JumpPoint, Action = Jump, Cost = u64> + frontier::RankedStates,
{
    let limits = Limits::new();
    let runs = "cannot fail: A* runs on every problem";
    if record {
        let recorded = Recorded::new(problem);
        let (result, elapsed) = timed(|| registry::run(Algorithm::AStar, &recorded, &limits, kept));
        let (forward, _) = recorded.into_expanded();
        Recording {
            attempt: Attempt::new(result.expect(runs), elapsed, steps),
            forward: forward.into_iter().map(JumpPoint::cell).collect(),
            backward: Vec::new(),
        }
    } else {
        let (result, elapsed) = timed(|| registry::run(Algorithm::AStar, problem, &limits, kept));
        Recording {
            attempt: Attempt::new(result.expect(runs), elapsed, steps),
            forward: Vec::new(),
            backward: Vec::new(),
        }
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
        let (expanded, peak_stored) = (result.stats.expanded, result.stats.peak_stored);
        let outcome = match result.outcome {
            Outcome::Found(solution) => Ok(Some(steps(solution.actions))),
            Outcome::Unreachable => Ok(None),
            Outcome::LimitReached(limit) => Err(limit),
        };
        Attempt {
            outcome,
            expanded,
            peak_stored,
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

    /// The limits of `algorithm`: IDA* stops after `max_nodes`
    /// expansions, the others at nothing but the memory they can get.
    fn limits(&self, algorithm: Algorithm) -> Limits<u32> {
        match algorithm {
            Algorithm::IdaStar | Algorithm::IdaStarBpmx => {
                Limits::new().max_expanded(self.max_nodes)
            }
            _ => Limits::new(),
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
        let limits = self.limits(algorithm);
        let refused = "cannot fail: the searches refused under the movement are refused first";
        if record {
            let recorded = Recorded::new(problem);
            let (result, elapsed) =
                timed(|| M::run_recorded(algorithm, &recorded, &limits, &mut self.cells));
            let (forward, backward) = recorded.into_expanded();
            Recording {
                attempt: Attempt::new(result.expect(refused), elapsed, |steps| steps),
                forward,
                backward,
            }
        } else {
            let (result, elapsed) = timed(|| M::run(algorithm, &problem, &limits, &mut self.cells));
            Recording {
                attempt: Attempt::new(result.expect(refused), elapsed, |steps| steps),
                forward: Vec::new(),
                backward: Vec::new(),
            }
        }
    }
}
