//! Breadth-first search: fewest steps, step costs ignored.

use crate::limits::{Budget, measure};
use std::hash::Hash;

use crate::table::{
    DenseTable, HashedTable, Node, NodeId, NodeTable, Slot, capacity, insert_root, solution_to,
};
use crate::{Cost, Limit, Limits, Outcome, RankedStates, SearchProblem, SearchResult, Stats, Step};

/// The result type of a search on problem `P`.
pub type ResultOf<P> = SearchResult<
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
>;

/// Breadth-first search from `problem.start()` with no limits: a path with
/// the fewest steps to the nearest goal.
///
/// Step costs are ignored for the choice of path (the returned
/// [`Solution::cost`](crate::Solution::cost) is still the sum of the path's
/// step costs); use [`astar`](crate::astar) when costs differ. The heuristic
/// is ignored.
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
pub fn bfs<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    bfs_with(problem, &Limits::new())
}

/// [`bfs`] under `limits`.
///
/// # Example
///
/// ```
/// use frontier::{Limit, Limits, toy::Doubling};
///
/// let result = frontier::bfs_with(&Doubling::new(1, 1000), &Limits::new().max_stored(20));
/// assert_eq!(result.limit(), Some(Limit::Stored));
/// ```
pub fn bfs_with<P: SearchProblem>(problem: &P, limits: &Limits<P::Cost>) -> ResultOf<P> {
    Bfs::new().search(problem, limits)
}

/// [`bfs`] with dense tables indexed by [`RankedStates::rank`] instead of
/// hashing: faster when the search touches a good part of a space of known
/// size (the whole 8-puzzle, say).
///
/// # Example
///
/// ```
/// use frontier::{Limits, toy::Doubling};
///
/// let solution = frontier::bfs_ranked(&Doubling::new(1, 10), &Limits::new()).into_solution().unwrap();
/// assert_eq!(solution.len(), 4);
/// ```
///
/// The table takes `state_count()` slots up front: when that exceeds
/// `limits.max_stored`, or the memory cannot be allocated, the search stops
/// at once with [`Limit::Stored`].
///
/// # Panics
///
/// If `rank` breaks its contract by returning a rank not below
/// `state_count`.
pub fn bfs_ranked<P: RankedStates>(problem: &P, limits: &Limits<P::Cost>) -> ResultOf<P> {
    Bfs::new().search_ranked(problem, limits)
}

/// The result of a search refused before it started: its dense table would
/// not fit.
pub(crate) fn refused<P: SearchProblem>(limit: Limit) -> ResultOf<P> {
    SearchResult {
        outcome: Outcome::LimitReached(limit),
        stats: Stats::default(),
    }
}

/// Breadth-first search with its tables kept between searches: solving many
/// instances with one `Bfs` allocates only while the tables grow, and a
/// dense table is cleared slot by slot rather than refilled.
///
/// # Example
///
/// ```
/// use frontier::{Bfs, Limits, toy::Doubling};
///
/// let mut bfs = Bfs::new();
/// for target in [10, 20, 30] {
///     let problem = Doubling::new(1, target);
///     let hashed = bfs.search(&problem, &Limits::new());
///     let dense = bfs.search_ranked(&problem, &Limits::new());
///     assert_eq!(hashed.outcome, dense.outcome);
/// }
/// ```
#[derive(Debug)]
pub struct Bfs<S, A, C> {
    hashed: HashedTable<S, A, C>,
    dense: DenseTable<S, A, C>,
    steps: Vec<Step<S, A, C>>,
}

impl<S, A, C> Default for Bfs<S, A, C> {
    fn default() -> Self {
        Bfs {
            hashed: HashedTable::default(),
            dense: DenseTable::default(),
            steps: Vec::new(),
        }
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> Bfs<S, A, C> {
    /// Empty tables.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// [`bfs_with`], reusing this searcher's memory.
    pub fn search<P>(&mut self, problem: &P, limits: &Limits<C>) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        run(problem, limits, &mut self.hashed, &mut self.steps)
    }

    /// [`bfs_ranked`], reusing this searcher's memory.
    ///
    /// # Panics
    ///
    /// If `rank` returns a rank not below `state_count`.
    pub fn search_ranked<P>(&mut self, problem: &P, limits: &Limits<C>) -> SearchResult<S, A, C>
    where
        P: RankedStates<State = S, Action = A, Cost = C>,
    {
        match self.dense.prepare(problem.state_count(), limits.max_stored) {
            Ok(()) => run(problem, limits, &mut self.dense, &mut self.steps),
            Err(limit) => refused::<P>(limit),
        }
    }
}

fn run<P: SearchProblem>(
    problem: &P,
    limits: &Limits<P::Cost>,
    table: &mut impl NodeTable<P>,
    steps: &mut Vec<Step<P::State, P::Action, P::Cost>>,
) -> ResultOf<P> {
    let result = measure(limits, |budget, stats| {
        let outcome = search(problem, budget, table, steps, stats);
        stats.peak_stored = table.len();
        outcome
    });
    steps.clear();
    result
}

fn search<P: SearchProblem>(
    problem: &P,
    budget: &mut Budget<'_, P::Cost>,
    table: &mut impl NodeTable<P>,
    steps: &mut Vec<Step<P::State, P::Action, P::Cost>>,
    stats: &mut Stats<P::Cost>,
) -> Outcome<P::State, P::Action, P::Cost> {
    table.clear();
    let start = problem.start();
    stats.generated = 1;
    let start_is_goal = problem.is_goal(&start);
    if let Err(limit) = budget.check_stored(1) {
        return Outcome::LimitReached(limit);
    }
    let root = insert_root(table, problem, start);
    if start_is_goal {
        return Outcome::Found(solution_to::<P>(table, root));
    }
    let max_cost = budget.max_cost().copied();
    let mut pruned = false;
    // The table is the queue: states are stored in the order BFS reaches them.
    let capacity = capacity(budget.max_stored());
    let mut head: NodeId = 0;
    while (head as usize) < table.len() {
        if let Err(limit) = budget.before_expand(stats.expanded) {
            return Outcome::LimitReached(limit);
        }
        stats.expanded += 1;
        let g = table.node(head).g;
        steps.extend(problem.successors(table.state(head)));
        for step in steps.drain(..) {
            stats.generated += 1;
            let g = g + step.cost;
            if max_cost.is_some_and(|bound| g > bound) {
                pruned = true;
                continue;
            }
            let node = Node {
                parent: head,
                action: Some(step.action),
                g,
            };
            match table.find_or_insert(problem, step.state, node, capacity) {
                Slot::New(id) if problem.is_goal(table.state(id)) => {
                    return Outcome::Found(solution_to::<P>(table, id));
                }
                Slot::New(_) | Slot::Old(..) => {}
                Slot::Full => return Outcome::LimitReached(Limit::Stored),
            }
        }
        head += 1;
    }
    if pruned {
        Outcome::LimitReached(Limit::Cost)
    } else {
        Outcome::Unreachable
    }
}
