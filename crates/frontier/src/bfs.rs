//! Breadth-first search: fewest steps, step costs ignored.

use std::hash::Hash;
use std::marker::PhantomData;

use crate::limits::{Budget, measure};
use crate::settings::{Settings, searcher};
use crate::solution::{ResultOf, refused};
use crate::table::{
    Dense, Hashed, Node, NodeId, NodeTable, Slot, Tables, insert_root, solution_to,
};
use crate::{Cost, Limit, Limits, Outcome, RankedStates, SearchProblem, SearchResult, Stats};

/// Breadth-first search from `problem.start()`: a path with the fewest
/// steps to the nearest goal.
///
/// Step costs are ignored for the choice of path (the returned
/// [`Solution::cost`](crate::Solution::cost) is still the sum of the path's
/// step costs); use [`astar`](crate::astar) when costs differ. The heuristic
/// is ignored. For limits, dense tables or reuse, configure a [`Bfs`].
///
/// Calls on one thread reuse one idle [`Bfs`] and its memory (see the
/// [design decisions](crate#design-decisions)), so the states, actions
/// and costs must be `'static`; search a problem with borrowed states
/// (`&str`, say) with `Bfs::new().search(&problem)`.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let solution = frontier::bfs(&Doubling::new(1, 10)).into_solution().unwrap();
/// assert_eq!(solution.len(), 4); // 1 → 2 → 4 → 5 → 10
/// ```
///
/// # Complexity
///
/// Time and memory O(V + E) over the states within the solution's depth:
/// every state reached is stored once, in a hash table.
pub fn bfs<P>(problem: &P) -> ResultOf<P>
where
    P: SearchProblem,
    P::State: 'static,
    P::Action: 'static,
    P::Cost: 'static,
{
    crate::reuse::search_idle(|searcher: &mut Bfs<P::State, P::Action, P::Cost>| {
        searcher.search(problem)
    })
}

/// Breadth-first search, configured: [`Limits`], a [`Dense`] table, and
/// memory kept between searches (solving many instances with one `Bfs`
/// allocates only while its tables grow, and a dense table is cleared slot
/// by slot rather than refilled).
///
/// # Example
///
/// ```
/// use frontier::{Bfs, Limit, Limits, toy::Doubling};
///
/// let mut hashed = Bfs::new().limits(Limits::new().max_stored(1_000));
/// let mut dense = Bfs::new().dense();
/// for target in [10, 20, 30] {
///     let problem = Doubling::new(1, target);
///     assert_eq!(hashed.search(&problem).outcome, dense.search(&problem).outcome);
/// }
/// let mut small = Bfs::new().limits(Limits::new().max_stored(20));
/// assert_eq!(small.search(&Doubling::new(1, 1000)).limit(), Some(Limit::Stored));
/// ```
pub struct Bfs<S, A, C, L = Hashed> {
    settings: Settings<C>,
    tables: Tables<S, A, C>,
    layout: PhantomData<L>,
}

searcher!(Bfs { tables });

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> Bfs<S, A, C> {
    /// Searches `problem` with a hashed table.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        run(problem, &self.settings.limits, &mut self.tables.hashed)
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> Bfs<S, A, C, Dense> {
    /// Searches `problem` with a dense table.
    ///
    /// # Panics
    ///
    /// If `rank` breaks its contract by returning a rank not below
    /// `state_count`.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: RankedStates<State = S, Action = A, Cost = C>,
    {
        let limits = &self.settings.limits;
        match self.tables.dense.prepare(problem.state_count(), limits) {
            Ok(()) => run(problem, limits, &mut self.tables.dense),
            Err(limit) => refused(limit),
        }
    }
}

fn run<P: SearchProblem>(
    problem: &P,
    limits: &Limits<P::Cost>,
    table: &mut impl NodeTable<P>,
) -> ResultOf<P> {
    measure(limits, |budget, stats| {
        let outcome = search(problem, budget, table, stats);
        stats.peak_stored = table.len();
        outcome
    })
}

fn search<P: SearchProblem>(
    problem: &P,
    budget: &mut Budget<'_, P::Cost>,
    table: &mut impl NodeTable<P>,
    stats: &mut Stats<P::Cost>,
) -> Outcome<P::State, P::Action, P::Cost> {
    table.clear();
    let start = problem.start();
    stats.generated = 1;
    let start_is_goal = problem.is_goal(&start);
    if let Err(limit) = budget.check_stored(1) {
        return Outcome::LimitReached(limit);
    }
    let room = budget.room();
    room.hold(table.allocated());
    let start_id = match insert_root(table, problem, start, &room) {
        Ok(id) => id,
        Err(limit) => return Outcome::LimitReached(limit),
    };
    if start_is_goal {
        return Outcome::Found(solution_to::<P>(table, start_id));
    }
    let max_cost = budget.max_cost().copied();
    let mut pruned = false;
    let mut overflowed = false;
    // The table is the queue: states are stored in the order BFS reaches them.
    let mut head: NodeId = 0;
    // The end of the layer `head` is in.
    let mut layer_end = 1;
    while (head as usize) < table.len() {
        if head as usize == layer_end {
            if overflowed {
                // A dropped path may have led to a goal in fewer steps than
                // any path still to be found.
                return Outcome::LimitReached(Limit::CostOverflow);
            }
            layer_end = table.len();
        }
        if let Err(limit) = budget.before_expand(stats.expanded) {
            return Outcome::LimitReached(limit);
        }
        stats.expanded += 1;
        let g = table.node(head).g;
        // A copy of the state, so that its children go straight into the
        // table (as in A* and the bidirectional BFS: no buffer).
        let parent = table.state(head).clone();
        for step in problem.successors(&parent) {
            stats.generated += 1;
            let Some(g) = g.checked_add(step.cost) else {
                // A path whose cost does not fit: dropped. A goal in this
                // layer is still a fewest-step answer; the next layer is not
                // searched.
                overflowed = true;
                continue;
            };
            if max_cost.is_some_and(|bound| g > bound) {
                pruned = true;
                continue;
            }
            let node = Node {
                parent: head,
                action: Some(step.action),
                g,
            };
            match table.find_or_insert(problem, step.state, node, &room) {
                Slot::New(id) if problem.is_goal(table.state(id)) => {
                    return Outcome::Found(solution_to::<P>(table, id));
                }
                Slot::New(_) | Slot::Old(..) => {}
                Slot::Full(limit) => return Outcome::LimitReached(limit),
            }
        }
        head += 1;
    }
    if overflowed {
        Outcome::LimitReached(Limit::CostOverflow)
    } else if pruned {
        Outcome::LimitReached(Limit::Cost)
    } else {
        Outcome::Unreachable
    }
}
