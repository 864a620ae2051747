//! MM (Holte, Felner, Sharon & Sturtevant 2016): bidirectional heuristic
//! search that is guaranteed to meet in the middle.

use std::marker::PhantomData;
use std::ops::ControlFlow;

use crate::limits::Room;
use crate::meet::driver::{Policy, Search, search_methods};
use crate::meet::{Direction, Entry, Halves, OpenNode, Place, Progress, Queue, Sides, vec_bytes};
use crate::open::{Buckets, DecreaseKey, LazyHeap, Open, PerList};
use crate::settings::{Settings, searcher};
use crate::solution::{ByPriority, ResultOf};
use crate::table::{Hashed, NodeId, NodeTable};
use crate::{BidirectionalProblem, Cost, Limit};

/// MM between `problem.start()` and `problem.goal()`: a cheapest path,
/// searched from both ends with both heuristics.
///
/// Two best-first searches, one forward from the start with
/// [`heuristic`](crate::SearchProblem::heuristic), one backward from the
/// goal with [`backward_heuristic`](BidirectionalProblem::backward_heuristic),
/// each ordering its open list by the priority
/// pr(n) = max(f(n), 2·g(n) + ε), lowest first, ties to the larger g, where
/// ε is the problem's [`min_step_cost`](crate::SearchProblem::min_step_cost).
/// Each step expands the head of lower priority (ties: the smaller g,
/// then forward), an open node of least priority. A state stored by both
/// searches is a meeting; the cheapest meeting U is the answer once
/// U ≤ max(C, fmin forward, fmin backward, gmin forward + gmin backward + ε),
/// the four lower bounds on any path not yet found, C being the lower of
/// the two best priorities. The 2g term is what makes MM *meet in the
/// middle*: neither search expands a node whose g exceeds half the optimal
/// cost C*; with ε stated, not even one whose g is half of it.
///
/// This is MM with ε (Holte et al. 2017) and the ordering, ties and
/// stopping test of HOG2's `MM.h`, but for one thing: HOG2 chooses the
/// direction by the heads' max(f, 2g), without the ε its open lists order
/// by, so that with ε stated it can expand a node whose priority is above
/// the lowest, even above C* (on 0 → 2 → 1, steps of 5 and 6, ε = 2 and
/// the backward heuristic 11 at the goal, node 2 reached forward has
/// max(f, 2g) = 10 below the goal's 11 = C*, but priority 12); with ε = 0
/// the two choose alike. HOG2 also re-evaluates the stopping test only
/// when a (g, h) bucket empties or the best meeting improves, and takes C
/// without ε, so it can expand a few more nodes at priority C*, never
/// fewer below it.
///
/// # Guarantees
///
/// - **Optimal for admissible heuristics** in both directions, consistent
///   or not (Holte et al. prove it for admissible ones): a cheaper path to a
///   stored node reopens it, and every meeting is looked for, against open
///   and expanded nodes of the other side alike.
/// - **Never expands a node with g > C*/2** from either end (or f > C*), the
///   property that gives MM its name; none of priority max(f, 2g + ε)
///   above C* (see [`min_step_cost`](crate::SearchProblem::min_step_cost)
///   for what ε does and does not promise).
/// - With both heuristics zero it is MM0, a bidirectional brute-force
///   search that never expands a node farther than C*/2 from its end.
/// - [`Mm::expansions`] counts the expansions by priority, so that the
///   necessary ones (priority below C*) are known after the search.
/// - Start equal to goal gives the empty path with nothing expanded; an
///   unreachable goal is proven so when either search runs out of nodes.
///
/// The heuristics only guide: if one overestimates, MM still terminates
/// but the path may cost more than the optimum.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let result = frontier::mm(&Doubling::new(1, 10));
/// let solution = result.solution().unwrap();
/// assert_eq!(solution.cost, 6); // + * + *: 1 + 2 + 1 + 2
/// assert_eq!(solution.states, [1, 2, 4, 5, 10]);
/// ```
///
/// # Complexity
///
/// Time O(E log V) and memory O(V) over the states within C*/2 of either
/// end with f below C* (plus reopenings for inconsistent heuristics); the
/// default bucket open lists make pushes and pops O(1) while costs stay
/// small. Each state is stored once, with a half per direction that
/// reaches it; each direction's queues hold a node in three orders (pr, f
/// and g) once a first meeting is found.
pub fn mm<P: BidirectionalProblem>(problem: &P) -> ResultOf<P> {
    Mm::new().search(problem)
}

/// MM, configured: [`Limits`](crate::Limits) (`max_cost` prunes nodes
/// whose f exceeds it), an [`OpenList`](crate::OpenList) for each
/// direction's queues, a [`Dense`](crate::Dense) table, and memory kept
/// between searches.
///
/// # Example
///
/// ```
/// use frontier::{Limit, Limits, Mm, toy::Doubling};
///
/// let mut hashed = Mm::new();
/// let mut dense = Mm::new().dense();
/// for target in [10, 20, 30] {
///     let problem = Doubling::new(1, target);
///     let cost = |result: frontier::SearchResult<_, _, _>| result.into_solution().unwrap().cost;
///     assert_eq!(cost(hashed.search(&problem)), cost(dense.search(&problem)));
///     assert_eq!(cost(hashed.search(&problem)), cost(frontier::astar(&problem)));
/// }
/// let mut bounded = Mm::new().limits(Limits::new().max_cost(5));
/// assert_eq!(bounded.search(&Doubling::new(1, 10)).limit(), Some(Limit::Cost)); // it costs 6
/// ```
pub struct Mm<S, A, C, L = Hashed> {
    settings: Settings<C>,
    halves: Halves<S, A, C>,
    queues: AllQueues<C>,
    expansions: ByPriority<C>,
    layout: PhantomData<L>,
}

searcher!(
    Mm {
        halves,
        queues,
        expansions
    },
    open_list
);

impl<S, A, C, L> Mm<S, A, C, L> {
    /// The expansions of the last search by their priority
    /// max(f, 2g + ε): those [`below`](ByPriority::below) the optimal cost
    /// C* are MM's necessary expansions (f < C* and 2g + ε < C*, in either
    /// direction), those made before the ties at priority C*. (HOG2's
    /// `MM.h` counts f < C* and 2g < C*:
    /// the same for even C* with ε = 1; for odd C* that also takes the
    /// nodes with 2g + 1 = C*, at priority C*.)
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{Mm, toy::Doubling};
    ///
    /// let mut mm = Mm::new();
    /// let cost = mm.search(&Doubling::new(1, 10)).solution().unwrap().cost;
    /// assert!(mm.expansions().below(cost) <= mm.expansions().total());
    /// ```
    #[must_use]
    pub fn expansions(&self) -> &ByPriority<C> {
        &self.expansions
    }
}

search_methods!(Mm);

/// The queues on each open list: a searcher uses those its settings name.
type AllQueues<C> =
    PerList<Queues<C, Buckets<C>>, Queues<C, LazyHeap<C>>, Queues<C, DecreaseKey<C>>>;

/// Each direction's nodes in three orders: the open list by priority, and
/// by f and by g for the stopping test. The last two are filled only once a
/// first meeting makes the test worth running (`indexed`).
struct Queues<C, O> {
    open: [Queue<C, O>; 2],
    /// Open nodes whose priority max(f, 2g) does not fit the cost type
    /// (2g does not), as `(id, g)`: their priority exceeds every cost the
    /// type holds, so they would be expanded only after every path that
    /// fits had been found. They are kept aside, never expanded, but they
    /// keep their direction alive: a direction with only these left has
    /// not run out of nodes.
    beyond: [Vec<(NodeId, C)>; 2],
    by_f: [Queue<C, O>; 2],
    by_g: [Queue<C, O>; 2],
    indexed: bool,
}

impl<C, O: Default> Default for Queues<C, O> {
    fn default() -> Self {
        Queues {
            open: [Queue::default(), Queue::default()],
            beyond: [Vec::new(), Vec::new()],
            by_f: [Queue::default(), Queue::default()],
            by_g: [Queue::default(), Queue::default()],
            indexed: false,
        }
    }
}

/// The best open node of one direction.
#[derive(Clone, Copy)]
enum Head<C> {
    /// `(id, priority, g)`.
    Fits(Entry<C>),
    /// Only nodes whose priority does not fit the cost type are left.
    Beyond,
    /// The direction has run out of nodes.
    Empty,
}

impl<C: Cost, O: Open<C>> Policy<C> for Queues<C, O> {
    fn clear(&mut self, _epsilon: C) {
        for queue in self
            .open
            .iter_mut()
            .chain(&mut self.by_f)
            .chain(&mut self.by_g)
        {
            queue.clear();
        }
        for beyond in &mut self.beyond {
            beyond.clear();
        }
        self.indexed = false;
    }

    fn allocated(&self) -> usize {
        Queue::bytes(self.open.iter().chain(&self.by_f).chain(&self.by_g)) + vec_bytes(&self.beyond)
    }

    /// Files the node in the open list, or with the nodes beyond it if its
    /// priority does not fit the cost type. Either way it is
    /// [`Place::Open`].
    #[inline]
    fn file(
        &mut self,
        side: usize,
        node: OpenNode<C>,
        progress: &Progress<C>,
    ) -> Result<Place, Limit> {
        let OpenNode { id, g, f, .. } = node;
        let room = &progress.room;
        match g
            .checked_add(g)
            .and_then(|twice| twice.checked_add(progress.epsilon))
        {
            Some(twice) => self.open[side].push(id, f.max(twice), g, room)?,
            None => room.push(&mut self.beyond[side], (id, g))?,
        }
        if self.indexed {
            self.by_f[side].push(id, f, g, room)?;
            self.by_g[side].push(id, g, g, room)?;
        }
        Ok(Place::Open)
    }

    /// Expands the head of lower priority (ties: the smaller g, then
    /// forward); stops once a direction has run out of nodes, or the best
    /// meeting is within [`lower_bound`](Self::lower_bound).
    #[inline]
    fn step<P, T>(&mut self, search: &mut Search<'_, '_, P, T>) -> Result<ControlFlow<()>, Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        let epsilon = search.progress.epsilon;
        let heads = [0, 1].map(|side| self.head(side, &search.sides, epsilon));
        let (lowest, side, (id, _, g)) = match heads {
            // One search has run out of nodes: every path is found (or
            // pruned by the cost bound, or dropped as too costly for the
            // type). Or every priority left exceeds what the type holds,
            // so every path that fits is found.
            [Head::Empty, _] | [_, Head::Empty] => return Ok(ControlFlow::Break(())),
            [Head::Beyond, Head::Beyond] => {
                search.progress.overflowed = true;
                return Ok(ControlFlow::Break(()));
            }
            [Head::Fits(forward), Head::Beyond] => (forward.1, Direction::Forward, forward),
            [Head::Beyond, Head::Fits(backward)] => (backward.1, Direction::Backward, backward),
            [Head::Fits(forward), Head::Fits(backward)] => {
                let lowest = forward.1.min(backward.1);
                // The head of lower priority, then of smaller g, then
                // forward: the node expanded is an open node of least
                // priority, by the order its queue keeps (ε included).
                if (forward.1, forward.2) <= (backward.1, backward.2) {
                    (lowest, Direction::Forward, forward)
                } else {
                    (lowest, Direction::Backward, backward)
                }
            }
        };
        if let Some(meeting) = search.progress.best {
            if !self.indexed {
                self.index::<P, T>(&search.sides, &search.progress.room)?;
            }
            if self
                .lower_bound::<P, T>((lowest, meeting.cost), epsilon, &search.sides)
                .is_none_or(|bound| meeting.cost <= bound)
            {
                return Ok(ControlFlow::Break(()));
            }
        }
        self.open[side.index()].take();
        // The node's priority is the lowest: it is counted at it.
        search.expand(self, side, (id, g), Some(lowest))?;
        Ok(ControlFlow::Continue(()))
    }
}

impl<C: Cost, O: Open<C>> Queues<C, O> {
    /// The best open node of direction `side`, by priority with steps of
    /// at least `epsilon`.
    #[inline]
    fn head<P, T>(
        &mut self,
        side: usize,
        sides: &Sides<'_, T, P::State, P::Action, C>,
        epsilon: C,
    ) -> Head<C>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        if let Some(head) = self.open[side].peek_at(sides, (side, Place::Open), |id, g| {
            priority(g, sides.h(side, id), epsilon)
        }) {
            return Head::Fits(head);
        }
        // Stale entries (reopened more cheaply since) are dropped.
        while let Some(&(id, g)) = self.beyond[side].last() {
            if sides.is_at::<P>(side, id, g, Place::Open) {
                return Head::Beyond;
            }
            self.beyond[side].pop();
        }
        Head::Empty
    }

    /// Fills the f and g orders with every open node.
    fn index<P, T>(
        &mut self,
        sides: &Sides<'_, T, P::State, P::Action, C>,
        room: &Room,
    ) -> Result<(), Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        self.indexed = true;
        for side in 0..2 {
            for id in sides.ids_at(side, Place::Open) {
                let g = sides.g::<P>(side, id);
                // An open node's f fit when it was filed.
                if let Some(f) = sides.f::<P>(side, id, g) {
                    self.by_f[side].push(id, f, g, room)?;
                }
                self.by_g[side].push(id, g, g, room)?;
            }
        }
        Ok(())
    }

    /// MM's lower bound on the cost of any path not found yet that could
    /// beat the best meeting U (`best`):
    /// max(C, fmin forward, fmin backward, gmin forward + gmin backward + ε),
    /// where C is the lowest priority (`lowest`) and the minima are taken
    /// over the open nodes that could still lie on a path cheaper than U:
    /// f < U, and (for fmin) g + ε + the other side's gmin < U, as in
    /// HOG2's `MM.h`. `None` when it exceeds every cost the type holds or
    /// one side has no such node left. Only called once the f and g orders
    /// are filled.
    ///
    /// Entries that fail these tests are dropped for good: U only falls,
    /// and a side's gmin only rises except when a cheaper path reopens a
    /// node, which files it again.
    fn lower_bound<P, T>(
        &mut self,
        (lowest, best): (C, C),
        epsilon: C,
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Option<C>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        // The f of open entry `(id, g)` of `side` if it is below U.
        let f_below =
            |side: usize, id: NodeId, g: C| sides.f::<P>(side, id, g).filter(|&f| f < best);
        let mut g_min = [C::ZERO; 2];
        for (side, g_min) in g_min.iter_mut().enumerate() {
            *g_min = self.by_g[side]
                .peek_at(sides, (side, Place::Open), |id, g| {
                    f_below(side, id, g).map(|_| g)
                })?
                .1;
        }
        let g_sum = g_min[0].checked_add(g_min[1])?.checked_add(epsilon)?;
        if g_sum >= best {
            return Some(g_sum);
        }
        let mut bound = lowest.max(g_sum);
        for side in 0..2 {
            let other = g_min[1 - side].checked_add(epsilon)?;
            let f_min = self.by_f[side].peek_at(sides, (side, Place::Open), |id, g| {
                f_below(side, id, g).filter(|_| g.checked_add(other).is_some_and(|sum| sum < best))
            })?;
            bound = bound.max(f_min.1);
        }
        Some(bound)
    }
}

/// MM's priority: max(f, 2g + ε), `None` if it does not fit the cost type.
fn priority<C: Cost>(g: C, h: C, epsilon: C) -> Option<C> {
    Some(
        g.checked_add(h)?
            .max(g.checked_add(g)?.checked_add(epsilon)?),
    )
}
