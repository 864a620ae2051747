//! Bidirectional breadth-first search: fewest steps, searching from the start
//! and from the goal until the two meet.

use std::hash::Hash;

use crate::bfs::{ResultOf, refused};
use crate::limits::Budget;
use crate::table::{
    DenseTable, HashedTable, Node, NodeId, NodeTable, Slot, capacity, insert_root, path_to,
};
use crate::{
    BidirectionalProblem, Cost, Limit, Limits, Outcome, RankedStates, SearchProblem, SearchResult,
    Solution, Stats, Step,
};

/// Bidirectional breadth-first search between `problem.start()` and
/// `problem.goal()` with no limits: a path with the fewest steps.
///
/// Each round expands one whole layer of the smaller frontier, checking every
/// new state against the other side's table; the first meeting gives a
/// shortest path (when both sides have finished layers `kf` and `kb` without
/// meeting, every path has more than `kf + kb` steps, and a meeting found
/// while expanding the next layer has exactly one more). Step costs are
/// ignored for the choice of path, and so is the heuristic. Start equal to
/// goal gives the empty path.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let solution = frontier::bidirectional_bfs(&Doubling::new(1, 10)).into_solution().unwrap();
/// assert_eq!(solution.len(), 4);
/// assert_eq!(solution.states.first(), Some(&1));
/// assert_eq!(solution.states.last(), Some(&10));
/// ```
///
/// # Complexity
///
/// With branching factor b and distance d, about 2·b^(d/2) states instead
/// of BFS's b^d, in time and memory.
pub fn bidirectional_bfs<P: BidirectionalProblem>(problem: &P) -> ResultOf<P> {
    bidirectional_bfs_with(problem, &Limits::new())
}

/// [`bidirectional_bfs`] under `limits`. `max_cost` is ignored: a layer
/// search cannot tell which meeting is cheapest.
///
/// # Example
///
/// ```
/// use frontier::{Limit, Limits, toy::Doubling};
///
/// let limits = Limits::new().max_expanded(2);
/// let result = frontier::bidirectional_bfs_with(&Doubling::new(1, 1000), &limits);
/// assert_eq!(result.limit(), Some(Limit::Expanded));
/// ```
pub fn bidirectional_bfs_with<P: BidirectionalProblem>(
    problem: &P,
    limits: &Limits<P::Cost>,
) -> ResultOf<P> {
    BidirectionalBfs::new().search(problem, limits)
}

/// [`bidirectional_bfs`] with dense tables indexed by
/// [`RankedStates::rank`].
///
/// # Example
///
/// ```
/// use frontier::{Limits, toy::Doubling};
///
/// let result = frontier::bidirectional_bfs_ranked(&Doubling::new(1, 10), &Limits::new());
/// assert_eq!(result.into_solution().unwrap().len(), 4);
/// ```
///
/// # Panics
///
/// If `rank` returns a rank not below `state_count`.
pub fn bidirectional_bfs_ranked<P: BidirectionalProblem + RankedStates>(
    problem: &P,
    limits: &Limits<P::Cost>,
) -> ResultOf<P> {
    BidirectionalBfs::new().search_ranked(problem, limits)
}

/// Bidirectional BFS with its tables kept between searches, as
/// [`Bfs`](crate::Bfs) keeps its own.
///
/// # Example
///
/// ```
/// use frontier::{BidirectionalBfs, Limits, toy::Doubling};
///
/// let mut search = BidirectionalBfs::new();
/// for target in [10, 20, 30] {
///     let result = search.search_ranked(&Doubling::new(1, target), &Limits::new());
///     assert_eq!(result.solution().unwrap().states.last(), Some(&target));
/// }
/// ```
#[derive(Debug)]
pub struct BidirectionalBfs<S, A, C> {
    hashed: [HashedTable<S, A, C>; 2],
    dense: [DenseTable<S, A, C>; 2],
    steps: Vec<Step<S, A, C>>,
}

impl<S, A, C> Default for BidirectionalBfs<S, A, C> {
    fn default() -> Self {
        BidirectionalBfs {
            hashed: Default::default(),
            dense: Default::default(),
            steps: Vec::new(),
        }
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> BidirectionalBfs<S, A, C> {
    /// Empty tables.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// [`bidirectional_bfs_with`], reusing this searcher's memory.
    pub fn search<P>(&mut self, problem: &P, limits: &Limits<C>) -> SearchResult<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
    {
        let [forward, backward] = &mut self.hashed;
        run(problem, limits, forward, backward, &mut self.steps)
    }

    /// [`bidirectional_bfs_ranked`], reusing this searcher's memory.
    ///
    /// # Panics
    ///
    /// If `rank` returns a rank not below `state_count`.
    pub fn search_ranked<P>(&mut self, problem: &P, limits: &Limits<C>) -> SearchResult<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C> + RankedStates,
    {
        let count = problem.state_count();
        let half = limits.max_stored.map(|max| max / 2);
        let [forward, backward] = &mut self.dense;
        match forward
            .prepare(count, half)
            .and(backward.prepare(count, half))
        {
            Ok(()) => run(problem, limits, forward, backward, &mut self.steps),
            Err(limit) => refused::<P>(limit),
        }
    }
}

fn run<P: BidirectionalProblem, T: NodeTable<P>>(
    problem: &P,
    limits: &Limits<P::Cost>,
    forward: &mut T,
    backward: &mut T,
    steps: &mut Vec<Step<P::State, P::Action, P::Cost>>,
) -> ResultOf<P> {
    let mut budget = Budget::start(limits);
    let mut stats = Stats::default();
    let outcome = search(problem, &mut budget, forward, backward, steps, &mut stats);
    stats.peak_stored = forward.len() + backward.len();
    stats.elapsed = budget.elapsed();
    steps.clear();
    SearchResult { outcome, stats }
}

/// Which side a layer is expanded from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Forward,
    Backward,
}

fn search<P: BidirectionalProblem, T: NodeTable<P>>(
    problem: &P,
    budget: &mut Budget<'_, P::Cost>,
    forward: &mut T,
    backward: &mut T,
    steps: &mut Vec<Step<P::State, P::Action, P::Cost>>,
    stats: &mut Stats<P::Cost>,
) -> Outcome<P::State, P::Action, P::Cost> {
    forward.clear();
    backward.clear();
    let start = problem.start();
    let goal = problem.goal();
    stats.generated = 1;
    if start == goal {
        return Outcome::Found(Solution {
            states: vec![start],
            actions: Vec::new(),
            cost: P::Cost::ZERO,
        });
    }
    stats.generated = 2;
    if let Err(limit) = budget.check_stored(2) {
        return Outcome::LimitReached(limit);
    }
    insert_root(forward, problem, start);
    insert_root(backward, problem, goal);
    // Each frontier is the range of ids its table added in the last layer.
    let mut forward_layer: (NodeId, NodeId) = (0, 1);
    let mut backward_layer: (NodeId, NodeId) = (0, 1);
    loop {
        let forward_size = forward_layer.1 - forward_layer.0;
        let backward_size = backward_layer.1 - backward_layer.0;
        if forward_size == 0 || backward_size == 0 {
            // One side has exhausted everything it can reach without meeting.
            return Outcome::Unreachable;
        }
        let side = if forward_size <= backward_size {
            Side::Forward
        } else {
            Side::Backward
        };
        let (own, other, layer) = match side {
            Side::Forward => (&mut *forward, &*backward, &mut forward_layer),
            Side::Backward => (&mut *backward, &*forward, &mut backward_layer),
        };
        for id in layer.0..layer.1 {
            if let Err(limit) = budget.before_expand(stats.expanded) {
                return Outcome::LimitReached(limit);
            }
            stats.expanded += 1;
            let g = own.node(id).g;
            match side {
                Side::Forward => steps.extend(problem.successors(own.state(id))),
                Side::Backward => steps.extend(problem.predecessors(own.state(id))),
            }
            for step in steps.drain(..) {
                stats.generated += 1;
                if let Some(met) = other.find(problem, &step.state) {
                    let (from, to) = match side {
                        Side::Forward => (id, met),
                        Side::Backward => (met, id),
                    };
                    let meeting = Meeting {
                        from,
                        action: step.action,
                        cost: step.cost,
                        to,
                    };
                    return Outcome::Found(match side {
                        Side::Forward => meeting.join::<P>(own, other),
                        Side::Backward => meeting.join::<P>(other, own),
                    });
                }
                let node = Node {
                    parent: id,
                    action: Some(step.action),
                    g: g + step.cost,
                };
                let space = capacity(
                    budget
                        .max_stored()
                        .map(|max| max.saturating_sub(other.len())),
                );
                if let Slot::Full = own.find_or_insert(problem, step.state, node, space) {
                    return Outcome::LimitReached(Limit::Stored);
                }
            }
        }
        *layer = (layer.1, own_len::<P>(own));
    }
}

fn own_len<P: SearchProblem>(table: &impl NodeTable<P>) -> NodeId {
    // cannot fail: insertion stops before the table outgrows its ids
    NodeId::try_from(table.len()).expect("node table overflow")
}

/// Where the two searches touched: a forward step from node `from` of the
/// forward table reaches node `to` of the backward table.
struct Meeting<A, C> {
    from: NodeId,
    action: A,
    cost: C,
    to: NodeId,
}

impl<A: Clone, C: Cost> Meeting<A, C> {
    /// The whole path: start to `from`, the step, then `to` back to the goal
    /// along the backward table's parents (whose actions already run
    /// forward).
    fn join<P: SearchProblem<Action = A, Cost = C>>(
        self,
        forward: &impl NodeTable<P>,
        backward: &impl NodeTable<P>,
    ) -> Solution<P::State, A, C> {
        let (mut states, mut actions) = path_to::<P>(forward, self.from);
        actions.push(self.action);
        let cost = forward.node(self.from).g + self.cost + backward.node(self.to).g;
        let mut at = self.to;
        loop {
            states.push(backward.state(at).clone());
            let node = backward.node(at);
            match &node.action {
                Some(action) => actions.push(action.clone()),
                None => break,
            }
            at = node.parent;
        }
        Solution {
            states,
            actions,
            cost,
        }
    }
}
