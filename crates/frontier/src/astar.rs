//! A* (Hart, Nilsson & Raphael 1968): best-first on f = g + h, optimal for
//! admissible heuristics.

use std::marker::PhantomData;

use crate::best_first::{Order, search_methods};
use crate::open::Lists;
use crate::settings::{Settings, searcher};
use crate::solution::ResultOf;
use crate::table::{Hashed, Tables};
use crate::{Cost, SearchProblem};

/// A* from `problem.start()`: a cheapest path to a goal.
///
/// Expands states in order of f = g + h, breaking ties toward larger g (the
/// deeper node, usually nearer a goal). With an admissible heuristic the
/// first goal expanded is optimal, even when the heuristic is inconsistent:
/// a closed state is reopened whenever a cheaper path to it appears. With
/// the default zero heuristic this is Dijkstra's algorithm.
///
/// States are stored once per `Eq` class (hash or rank). On a cheaper
/// path to a stored state, A* stores the state value that came with it,
/// not only its cost and parent, so a state that carries more than its
/// key (a jump point's arrival direction, which decides its successors) is
/// expanded as its cheapest arrival; on an equally cheap one it keeps the
/// first. For limits, an
/// open list, dense tables or reuse, configure an [`AStar`].
///
/// Calls on one thread reuse one idle [`AStar`] and its memory (see the
/// [design decisions](crate#design-decisions)), so the states, actions
/// and costs must be `'static`; search a problem with borrowed states
/// (`&str`, say) with `AStar::new().search(&problem)`.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let solution = frontier::astar(&Doubling::new(1, 10)).into_solution().unwrap();
/// assert_eq!(solution.cost, 6); // + * + *: 1 + 2 + 1 + 2
/// ```
///
/// # Complexity
///
/// O(E log V) time and O(V) memory over the states with f below the optimal
/// cost (plus reopenings for inconsistent heuristics); with the default
/// bucket open list, pushes and pops are O(1) while costs stay small.
pub fn astar<P>(problem: &P) -> ResultOf<P>
where
    P: SearchProblem,
    P::State: 'static,
    P::Action: 'static,
    P::Cost: 'static,
{
    crate::reuse::search_idle(|searcher: &mut AStar<P::State, P::Action, P::Cost>| {
        searcher.search(problem)
    })
}

/// A*, configured: [`Limits`](crate::Limits) (`max_cost` prunes nodes
/// whose f exceeds it), an [`OpenList`](crate::OpenList), a
/// [`Dense`](crate::Dense) table, and memory kept between searches
/// (solving many instances with one `AStar` allocates only while its
/// tables and open list grow).
///
/// # Example
///
/// ```
/// use frontier::{AStar, Limit, Limits, OpenList, toy::Doubling};
///
/// let mut hashed = AStar::new().open_list(OpenList::PriorityQueue);
/// let mut dense = AStar::new().dense();
/// for target in [10, 20, 30] {
///     let problem = Doubling::new(1, target);
///     let cost = |result: frontier::SearchResult<_, _, _>| result.into_solution().unwrap().cost;
///     assert_eq!(cost(hashed.search(&problem)), cost(dense.search(&problem)));
/// }
/// let mut bounded = AStar::new().limits(Limits::new().max_cost(5));
/// assert_eq!(bounded.search(&Doubling::new(1, 10)).limit(), Some(Limit::Cost)); // it costs 6
/// ```
pub struct AStar<S, A, C, L = Hashed> {
    settings: Settings<C>,
    tables: Tables<S, A, C>,
    lists: Lists<C>,
    layout: PhantomData<L>,
}

searcher!(AStar { tables, lists }, open_list);

search_methods!(AStar, ByF);

/// A*'s order: by f = g + h, ties to the larger g; goals recognised when
/// expanded, cheaper paths reopening states, `max_cost` bounding f.
struct ByF;

impl Order for ByF {
    const GOAL_WHEN_GENERATED: bool = false;
    const REOPENS: bool = true;
    const BOUNDS_PRIORITY: bool = true;

    #[inline]
    fn entry<C: Cost>(g: C, h: C) -> Option<(C, C)> {
        Some((g.checked_add(h)?, g))
    }
}
