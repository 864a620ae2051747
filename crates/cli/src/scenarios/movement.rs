//! The movement models `frontier grid` searches under, as the
//! [registry](crate::registry) runs them: the searches each model's routes
//! offer ([`Searchable`]), kept across the queries of a map on dense
//! tables, and jump point search for the 8-connected models, on the bit
//! rows or the jump table built once per map.

use frontier::{Limits, ReversibleProblem, SearchResult};
use grid::{
    Cardinal, Cell, CornerCutting, Direction, Grid, GridError, Jps, JpsGrid, JpsPlus, Jump,
    JumpMovement, JumpPoint, JumpTable, Movement, Octile, Route,
};

use super::record::Recorded;
use super::run::{Attempt, Recording};
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
    /// [`Searchers::solve`](super::run::Searchers::solve) does.
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
