//! Bidirectional breadth-first search: fewest steps, searching from the start
//! and from the goal until the two meet.

use std::hash::Hash;
use std::marker::PhantomData;

use crate::limits::{Budget, Room, measure};
use crate::settings::{Settings, searcher};
use crate::solution::{ResultOf, refused};
use crate::table::{
    Dense, Hashed, Node, NodeId, NodeTable, Slot, Tables, insert_root, path_to, walk_to_root,
};
use crate::{
    BidirectionalProblem, Cost, Limit, Limits, Outcome, RankedStates, SearchProblem, SearchResult,
    Solution, Stats, Step,
};

/// Bidirectional breadth-first search between `problem.start()` and
/// `problem.goal()`: a path with the fewest steps.
///
/// Each round expands one whole layer of the smaller frontier. Both sides
/// share one table, so a generated state is looked up once: already stored
/// by the other side, the searches meet. The first meeting gives a
/// shortest path (when both sides have finished layers `kf` and `kb` without
/// meeting, every path has more than `kf + kb` steps, and a meeting found
/// while expanding the next layer has exactly one more). Step costs are
/// ignored for the choice of path, and so is the heuristic. Start equal to
/// goal gives the empty path. For limits, dense tables or reuse, configure
/// a [`BidirectionalBfs`].
///
/// Calls on one thread reuse one idle [`BidirectionalBfs`] and its memory
/// (see the [design decisions](crate#design-decisions)), so the states,
/// actions and costs must be `'static`; search a problem with borrowed
/// states (`&str`, say) with `BidirectionalBfs::new().search(&problem)`.
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
pub fn bidirectional_bfs<P>(problem: &P) -> ResultOf<P>
where
    P: BidirectionalProblem,
    P::State: 'static,
    P::Action: 'static,
    P::Cost: 'static,
{
    crate::reuse::search_idle(
        |searcher: &mut BidirectionalBfs<P::State, P::Action, P::Cost>| searcher.search(problem),
    )
}

/// Bidirectional BFS, configured: [`Limits`] (`max_cost` is ignored: a
/// layer search cannot tell which meeting is cheapest), a [`Dense`] table,
/// and memory kept between searches, as [`Bfs`](crate::Bfs) keeps its own.
///
/// # Example
///
/// ```
/// use frontier::{BidirectionalBfs, Limit, Limits, toy::Doubling};
///
/// let mut search = BidirectionalBfs::new().dense();
/// for target in [10, 20, 30] {
///     let result = search.search(&Doubling::new(1, target));
///     assert_eq!(result.solution().unwrap().states.last(), Some(&target));
/// }
/// let mut brief = BidirectionalBfs::new().limits(Limits::new().max_expanded(2));
/// assert_eq!(brief.search(&Doubling::new(1, 1000)).limit(), Some(Limit::Expanded));
/// ```
pub struct BidirectionalBfs<S, A, C, L = Hashed> {
    settings: Settings<C>,
    tables: Tables<S, A, C>,
    layout: PhantomData<L>,
}

searcher!(BidirectionalBfs { tables });

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> BidirectionalBfs<S, A, C> {
    /// Searches `problem` with a hashed table.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
    {
        let mut search = Search {
            table: &mut self.tables.hashed,
            types: PhantomData,
        };
        search.run(problem, &self.settings.limits)
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> BidirectionalBfs<S, A, C, Dense> {
    /// Searches `problem` with a dense table.
    ///
    /// # Panics
    ///
    /// If `rank` returns a rank not below `state_count`.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C> + RankedStates,
    {
        let limits = &self.settings.limits;
        match self.tables.dense.prepare(problem.state_count(), limits) {
            Ok(()) => {
                let mut search = Search {
                    table: &mut self.tables.dense,
                    types: PhantomData,
                };
                search.run(problem, limits)
            }
            Err(limit) => refused(limit),
        }
    }
}

/// Which side is expanding a layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Forward,
    Backward,
}

/// One search's working memory: both sides share one table, so each
/// generated state is looked up once; found in the other side's frontier,
/// the two searches meet.
///
/// Found stored and outside that frontier, it is on the expanding side: a
/// child `c` of a frontier node `n` stored by the other side in an earlier,
/// already expanded layer would have listed `n` among its neighbours when
/// it was expanded (`predecessors` and `successors` list each step both
/// ways), and then either met `n` (the search would have stopped) or stored
/// `n` as its own side's. So no per-node record of sides is kept: the
/// meeting test is a range test on the node id.
struct Search<'a, T, S, A, C> {
    table: &'a mut T,
    types: PhantomData<(S, A, C)>,
}

impl<T, S: Clone + Eq, A: Clone, C: Cost> Search<'_, T, S, A, C> {
    fn run<P>(&mut self, problem: &P, limits: &Limits<C>) -> SearchResult<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        measure(limits, |budget, stats| {
            let outcome = self.search(problem, budget, stats);
            stats.peak_stored = self.table.len();
            outcome
        })
    }

    /// Out of line (and `expand` inlined into it), so that its size does
    /// not depend on its caller's and the problem's iterator is inlined into
    /// it: inlined into a large caller, the iterator's `next` has been left
    /// out of line (measured on the 8-puzzle: 7% more instructions, a
    /// quarter more time), and with `expand` out of line instead, the call
    /// per expansion cost 13% more instructions and 13% more CPU time.
    #[inline(never)]
    fn search<P>(
        &mut self,
        problem: &P,
        budget: &mut Budget<'_, C>,
        stats: &mut Stats<C>,
    ) -> Outcome<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let table = &mut *self.table;
        table.clear();
        let start = problem.start();
        let goal = problem.goal();
        stats.generated = 1;
        if start == goal {
            return Outcome::Found(Solution::empty(start, C::ZERO));
        }
        stats.generated = 2;
        if let Err(limit) = budget.check_stored(2) {
            return Outcome::LimitReached(limit);
        }
        let room = budget.room();
        room.hold(table.allocated());
        if let Err(limit) = insert_root(table, problem, start, &room)
            .and_then(|_| insert_root(table, problem, goal, &room))
        {
            return Outcome::LimitReached(limit);
        }
        // Each frontier is the range of ids its side added in its last
        // layer: a layer's new states are all of one side, so they are
        // numbered consecutively.
        let mut forward_layer: (NodeId, NodeId) = (0, 1);
        let mut backward_layer: (NodeId, NodeId) = (1, 2);
        let mut overflowed = false;
        loop {
            let forward_size = forward_layer.1 - forward_layer.0;
            let backward_size = backward_layer.1 - backward_layer.0;
            if forward_size == 0 || backward_size == 0 {
                // One side has exhausted everything it can reach without meeting.
                return Outcome::Unreachable;
            }
            let (side, layer, other) = if forward_size <= backward_size {
                (Side::Forward, &mut forward_layer, backward_layer)
            } else {
                (Side::Backward, &mut backward_layer, forward_layer)
            };
            let first_new = table_len::<P>(table);
            for id in layer.0..layer.1 {
                if let Err(limit) = budget.before_expand(stats.expanded) {
                    return Outcome::LimitReached(limit);
                }
                stats.expanded += 1;
                let g = table.node(id).g;
                // A copy of the state (a clone for states on the heap), so
                // that its children come straight from the problem's
                // iterator into the table rather than through a vector:
                // measured, 22% fewer instructions on the 8-puzzle.
                let parent = table.state(id).clone();
                let stop = match side {
                    Side::Forward => {
                        let steps = problem.successors(&parent);
                        expand(
                            table,
                            problem,
                            steps,
                            id,
                            g,
                            side,
                            other,
                            &room,
                            stats,
                            &mut overflowed,
                        )
                    }
                    Side::Backward => {
                        let steps = problem.predecessors(&parent);
                        expand(
                            table,
                            problem,
                            steps,
                            id,
                            g,
                            side,
                            other,
                            &room,
                            stats,
                            &mut overflowed,
                        )
                    }
                };
                if let Some(outcome) = stop {
                    return outcome;
                }
            }
            if overflowed {
                // A dropped path may have met the other side in fewer
                // steps than any path still to be found.
                return overflow();
            }
            *layer = (first_new, table_len::<P>(table));
        }
    }
}

/// Stores the children `steps` of node `id` (reached at cost `g`) on its
/// `side`, until one of them is found in `other`, the other side's frontier
/// (the path, or the stop of a cost overflow), or a limit stops the search;
/// `None` when every child was handled. A child whose cost does not fit is
/// dropped and sets `overflowed`.
#[expect(clippy::inline_always, reason = "measured: see `Search::search`")]
#[inline(always)]
#[expect(
    clippy::too_many_arguments,
    reason = "measured with this loop out of line: the parent's id, cost and side in a struct cost 3% more instructions"
)]
fn expand<P, T>(
    table: &mut T,
    problem: &P,
    steps: impl Iterator<Item = Step<P::State, P::Action, P::Cost>>,
    id: NodeId,
    g: P::Cost,
    side: Side,
    other: (NodeId, NodeId),
    room: &Room,
    stats: &mut Stats<P::Cost>,
    overflowed: &mut bool,
) -> Option<Outcome<P::State, P::Action, P::Cost>>
where
    P: BidirectionalProblem,
    T: NodeTable<P>,
{
    // Counted in a register, added to `stats` on the way out.
    let mut generated = 0;
    for step in steps {
        generated += 1;
        let Some(g) = g.checked_add(step.cost) else {
            // A path whose cost does not fit: dropped, and said so if no
            // path that fits is found.
            *overflowed = true;
            continue;
        };
        let node = Node {
            parent: id,
            action: Some(step.action.clone()),
            g,
        };
        let stop = match table.find_or_insert(problem, step.state, node, room) {
            Slot::Old(met, ..) if met.wrapping_sub(other.0) < other.1 - other.0 => {
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
                match meeting.join::<P>(table) {
                    Some(solution) => Outcome::Found(solution),
                    None => Outcome::LimitReached(Limit::CostOverflow),
                }
            }
            Slot::New(_) | Slot::Old(..) => continue,
            Slot::Full(limit) => Outcome::LimitReached(limit),
        };
        stats.generated += generated;
        return Some(stop);
    }
    stats.generated += generated;
    None
}

/// The stop of a search whose path cost does not fit its cost type: out of
/// the hot loop.
#[cold]
#[inline(never)]
fn overflow<S, A, C>() -> Outcome<S, A, C> {
    Outcome::LimitReached(Limit::CostOverflow)
}

fn table_len<P: SearchProblem>(table: &impl NodeTable<P>) -> NodeId {
    // cannot fail: insertion stops before the table outgrows its ids
    NodeId::try_from(table.len()).expect("node table overflow")
}

/// Where the two searches touched: a forward step from the forward node
/// `from` reaches the backward node `to`.
struct Meeting<A, C> {
    from: NodeId,
    action: A,
    cost: C,
    to: NodeId,
}

impl<A: Clone, C: Cost> Meeting<A, C> {
    /// The whole path: start to `from`, the step, then `to` back to the goal
    /// along the backward table's parents (whose actions already run
    /// forward). `None` if its cost does not fit `C`.
    fn join<P: SearchProblem<Action = A, Cost = C>>(
        self,
        table: &impl NodeTable<P>,
    ) -> Option<Solution<P::State, A, C>> {
        let cost = table
            .node(self.from)
            .g
            .checked_add(self.cost)?
            .checked_add(table.node(self.to).g)?;
        let (mut states, mut actions) = path_to::<P>(table, self.from);
        actions.push(self.action);
        // The backward nodes' actions already run forward.
        walk_to_root(table, self.to, &mut states, &mut actions);
        Some(Solution {
            states,
            actions,
            cost,
        })
    }
}
