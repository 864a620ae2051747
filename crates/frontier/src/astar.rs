//! A* (Hart, Nilsson & Raphael 1968): best-first on f = g + h, optimal for
//! admissible heuristics.

use std::hash::Hash;
use std::marker::PhantomData;

use crate::limits::{Budget, measure};
use crate::open::{Buckets, DecreaseKey, LazyHeap, Open, OpenList};
use crate::solution::{ResultOf, refused};
use crate::table::{
    Dense, DenseTable, Hashed, HashedTable, Node, NodeTable, Slot, insert_root, solution_to,
};
use crate::{Cost, Limit, Limits, Outcome, RankedStates, SearchProblem, SearchResult, Stats};

/// A* from `problem.start()`: a cheapest path to a goal.
///
/// Expands states in order of f = g + h, breaking ties toward larger g (the
/// deeper node, usually nearer a goal). With an admissible heuristic the
/// first goal expanded is optimal, even when the heuristic is inconsistent:
/// a closed state is reopened whenever a cheaper path to it appears. With
/// the default zero heuristic this is Dijkstra's algorithm. For limits, an
/// open list, dense tables or reuse, configure an [`AStar`].
///
/// Repeated calls on one thread reuse one [`AStar`]'s tables, as a held
/// searcher would (see the [design decisions](crate#design-decisions)),
/// which asks `'static` states, actions and costs; search borrowed states
/// with a [`AStar`] of your own.
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
/// it), an [`OpenList`], a [`Dense`] table, and memory kept between
/// searches (solving many instances with one `AStar` allocates only while
/// its tables and open list grow).
///
/// # Example
///
/// ```
/// use frontier::{AStar, Limit, Limits, open::OpenList, toy::Doubling};
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
pub struct AStar<S, A, C: Ord, L = Hashed> {
    limits: Limits<C>,
    open: OpenList,
    hashed: HashedTable<S, A, C>,
    dense: DenseTable<S, A, C>,
    buckets: Buckets<C>,
    heap: LazyHeap<C>,
    queue: DecreaseKey<C>,
    layout: PhantomData<L>,
}

impl<S, A, C: Ord, L> std::fmt::Debug for AStar<S, A, C, L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AStar")
            .field("open", &self.open)
            .field("layout", &std::any::type_name::<L>())
            .finish_non_exhaustive()
    }
}

impl<S, A, C: Ord> Default for AStar<S, A, C> {
    fn default() -> Self {
        AStar {
            limits: Limits::new(),
            open: OpenList::default(),
            hashed: HashedTable::default(),
            dense: DenseTable::default(),
            buckets: Buckets::default(),
            heap: LazyHeap::default(),
            queue: DecreaseKey::default(),
            layout: PhantomData,
        }
    }
}

impl<S, A, C: Ord> AStar<S, A, C> {
    /// No limits, the default open list, hashed tables, no memory yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Keeps the tables in vectors indexed by
    /// [`RankedStates::rank`](crate::RankedStates::rank): see [`Dense`].
    #[must_use]
    pub fn dense(self) -> AStar<S, A, C, Dense> {
        AStar {
            limits: self.limits,
            open: self.open,
            hashed: self.hashed,
            dense: self.dense,
            buckets: self.buckets,
            heap: self.heap,
            queue: self.queue,
            layout: PhantomData,
        }
    }
}

impl<S, A, C: Ord, L> AStar<S, A, C, L> {
    /// Searches under `limits` from now on.
    #[must_use]
    pub fn limits(mut self, limits: Limits<C>) -> Self {
        self.limits = limits;
        self
    }

    /// Replaces the limits of a searcher being reused.
    pub fn set_limits(&mut self, limits: Limits<C>) {
        self.limits = limits;
    }

    /// Uses `open` as the open list from now on.
    #[must_use]
    pub fn open_list(mut self, open: OpenList) -> Self {
        self.open = open;
        self
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> AStar<S, A, C> {
    /// Searches `problem` with a hashed table.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        let AStar {
            limits,
            open,
            hashed,
            buckets,
            heap,
            queue,
            ..
        } = self;
        match open {
            OpenList::Buckets => run(problem, limits, hashed, buckets),
            OpenList::BinaryHeap => run(problem, limits, hashed, heap),
            OpenList::PriorityQueue => run(problem, limits, hashed, queue),
        }
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
        let AStar {
            limits,
            open,
            dense,
            buckets,
            heap,
            queue,
            ..
        } = self;
        if let Err(limit) = dense.prepare(problem.state_count(), limits) {
            return refused(limit);
        }
        match open {
            OpenList::Buckets => run(problem, limits, dense, buckets),
            OpenList::BinaryHeap => run(problem, limits, dense, heap),
            OpenList::PriorityQueue => run(problem, limits, dense, queue),
        }
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
        // buffer: measured on the 8-puzzle, 1-6% faster (`docs/benchmarks.md`,
        // eighth round), as in the bidirectional BFS.
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
                Slot::Old(child, _) if table.node(child).g <= g => continue,
                Slot::Old(child, cheaper) => {
                    // A cheaper path to a stored state: reparent it and (re)open
                    // it, even if it was already expanded.
                    *table.node_mut(child) = cheaper;
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
