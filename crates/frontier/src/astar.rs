//! A* (Hart, Nilsson & Raphael 1968): best-first on f = g + h, optimal for
//! admissible heuristics.

use std::hash::Hash;
use std::marker::PhantomData;

use crate::limits::{Budget, measure};
use crate::open::{Lists, Open, with_open_list};
use crate::settings::{Settings, searcher};
use crate::solution::{ResultOf, refused};
use crate::table::{Dense, Hashed, Node, NodeTable, Slot, Tables, insert_root, solution_to};
use crate::{Cost, Limit, Limits, Outcome, RankedStates, SearchProblem, SearchResult, Stats};

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

/// A*, configured: [`Limits`] (`max_cost` prunes nodes whose f exceeds
/// it), an [`OpenList`](crate::OpenList), a [`Dense`] table, and memory
/// kept between searches (solving many instances with one `AStar`
/// allocates only while its tables and open list grow).
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

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> AStar<S, A, C> {
    /// Searches `problem` with a hashed table.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        let (limits, table) = (&self.settings.limits, &mut self.tables.hashed);
        with_open_list!(self.settings.open, self.lists, |open| run(
            problem, limits, table, open
        ))
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> AStar<S, A, C, Dense> {
    /// Searches `problem` with a dense table.
    ///
    /// # Panics
    ///
    /// If `rank` returns a rank not below `state_count`.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: RankedStates<State = S, Action = A, Cost = C>,
    {
        let (limits, table) = (&self.settings.limits, &mut self.tables.dense);
        if let Err(limit) = table.prepare(problem.state_count(), limits) {
            return refused(limit);
        }
        with_open_list!(self.settings.open, self.lists, |open| run(
            problem, limits, table, open
        ))
    }
}

fn run<P: SearchProblem>(
    problem: &P,
    limits: &Limits<P::Cost>,
    table: &mut impl NodeTable<P>,
    open: &mut impl Open<P::Cost>,
) -> ResultOf<P> {
    measure(limits, |budget, stats| {
        let outcome = search(problem, budget, table, open, stats);
        stats.peak_stored = table.len();
        outcome
    })
}

fn search<P: SearchProblem>(
    problem: &P,
    budget: &mut Budget<'_, P::Cost>,
    table: &mut impl NodeTable<P>,
    open: &mut impl Open<P::Cost>,
    stats: &mut Stats<P::Cost>,
) -> Outcome<P::State, P::Action, P::Cost> {
    table.clear();
    open.clear();
    let max_cost = budget.max_cost().copied();
    let mut pruned = false;
    // A path whose g or f does not fit the cost type costs more than any
    // that does: it is pruned, and if nothing else is found the search
    // says so with `Limit::CostOverflow` rather than `Unreachable`.
    let mut overflowed = false;
    let start = problem.start();
    stats.generated = 1;
    let h = problem.heuristic(&start);
    if max_cost.is_some_and(|bound| h > bound) {
        return Outcome::LimitReached(Limit::Cost);
    }
    if let Err(limit) = budget.check_stored(1) {
        return Outcome::LimitReached(limit);
    }
    let room = budget.room();
    room.hold(table.allocated() + open.allocated());
    if let Err(limit) = insert_root(table, problem, start, &room)
        .and_then(|root| open.push(root, h, P::Cost::ZERO, &room))
    {
        return Outcome::LimitReached(limit);
    }
    while let Some((id, g)) = open.pop() {
        if g > table.node(id).g {
            // Stale entry: a cheaper path to this state was found after this
            // entry was pushed, and pushed again.
            continue;
        }
        if problem.is_goal(table.state(id)) {
            return Outcome::Found(solution_to::<P>(table, id));
        }
        if let Err(limit) = budget.before_expand(stats.expanded) {
            return Outcome::LimitReached(limit);
        }
        stats.expanded += 1;
        // A copy of the state (a clone for states on the heap), so that its
        // children go straight from the problem's iterator into the table,
        // which the iterator would otherwise borrow, rather than through a
        // buffer: measured on the 8-puzzle, 1-6% faster
        // (`docs/benchmarks-log.md`), as in the bidirectional BFS.
        let parent = table.state(id).clone();
        for step in problem.successors(&parent) {
            stats.generated += 1;
            let Some(g) = g.checked_add(step.cost) else {
                overflowed = true;
                continue;
            };
            let node = Node {
                parent: id,
                action: Some(step.action),
                g,
            };
            let child = match table.find_or_insert(problem, step.state, node, &room) {
                Slot::New(child) => child,
                Slot::Old(child, ..) if table.node(child).g <= g => continue,
                Slot::Old(child, cheaper, arrival) => {
                    // A cheaper path to a stored state: reparent it and (re)open
                    // it, even if it was already expanded. The state value
                    // comes along: equal under `Eq`, it may carry more (a
                    // jump point's arrival direction), and the node is
                    // expanded as this arrival.
                    table.stored_mut().replace(child as usize, arrival, cheaper);
                    child
                }
                Slot::Full(limit) => return Outcome::LimitReached(limit),
            };
            let Some(f) = g.checked_add(problem.heuristic(table.state(child))) else {
                overflowed = true;
                continue;
            };
            if max_cost.is_some_and(|bound| f > bound) {
                pruned = true;
                continue;
            }
            if let Err(limit) = open.push(child, f, g, &room) {
                return Outcome::LimitReached(limit);
            }
        }
    }
    if overflowed {
        Outcome::LimitReached(Limit::CostOverflow)
    } else if pruned {
        Outcome::LimitReached(Limit::Cost)
    } else {
        Outcome::Unreachable
    }
}
