//! NBS (Chen, Holte, Zilles & Sturtevant 2017): near-optimal bidirectional
//! search, which expands nodes in pairs.

use std::marker::PhantomData;
use std::ops::ControlFlow;

use crate::limits::Room;
use crate::meet::driver::{Policy, Search, search_methods};
use crate::meet::{Direction, Entry, Halves, OpenNode, Place, Progress, Queue, Sides};
use crate::open::{Buckets, DecreaseKey, LazyHeap, Open, PerList};
use crate::settings::{Settings, searcher};
use crate::solution::{ByPriority, ResultOf};
use crate::table::{Hashed, NodeTable};
use crate::{BidirectionalProblem, Cost, Limit};

/// NBS between `problem.start()` and `problem.goal()`: a cheapest path,
/// searched from both ends with both heuristics, expanding nodes in pairs.
///
/// Two searches, one forward from the start with
/// [`heuristic`](crate::SearchProblem::heuristic), one backward from the
/// goal with [`backward_heuristic`](BidirectionalProblem::backward_heuristic).
/// Each step chooses a pair, an open node u of the forward search and v of
/// the backward one, minimising
/// lb(u, v) = max(f(u), f(v), g(u) + g(v) + ε), and expands both; ε is
/// the problem's [`min_step_cost`](crate::SearchProblem::min_step_cost)
/// (a path through u and v not yet joined needs at least one more step).
/// The choice is cheap because the least lb only grows:
/// NBS keeps it as a bound LB, and each direction splits its open nodes
/// into a *waiting* queue (f above LB, by f) and a *ready* queue (f at most
/// LB, by g). A pair is the two ready nodes of least g once their g sum
/// plus ε is at most LB; otherwise waiting nodes with f ≤ LB move to ready,
/// or LB rises to the least of the two waiting f and the ready g sum plus
/// ε (HOG2's `NBSQueue`, whose ε is the same). Waiting nodes of
/// equal f go largest g first, as in HOG2; ready nodes of equal g go in no
/// particular order, where HOG2 takes the smaller f first: the one
/// difference in tie-breaking, which can change which pairs at lb = C* are
/// expanded and, through the pairs formed, a few below it. A state stored by
/// both searches is a meeting, and the cheapest meeting U is the answer
/// once U ≤ LB.
///
/// # Guarantees
///
/// - **Optimal for admissible heuristics**, consistent or not: a cheaper
///   path to a stored node reopens it (HOG2's `ADMISSIBLE` variant), and
///   every meeting is looked for, against open and expanded nodes of the
///   other side alike, so until U is optimal some pair on an optimal path
///   keeps LB at most C*.
/// - **Near-optimal expansions** (the paper's theorem, for consistent
///   heuristics): every admissible front-to-end bidirectional search must
///   expand a vertex cover of the graph of "must-expand" pairs (u, v) with
///   lb(u, v) < C*; NBS expands at most twice the nodes of a *minimum*
///   vertex cover of it, so it never expands more than twice the nodes of
///   the best such algorithm (ties at lb = C* aside). With inconsistent
///   heuristics the reopenings fall outside this bound.
/// - Start equal to goal gives the empty path with nothing expanded; an
///   unreachable goal is proven so when either search runs out of nodes.
///
/// The heuristics only guide: if one overestimates, NBS still terminates
/// but the path may cost more than the optimum.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let result = frontier::nbs(&Doubling::new(1, 10));
/// let solution = result.solution().unwrap();
/// assert_eq!(solution.cost, 6); // + * + *: 1 + 2 + 1 + 2
/// assert_eq!(solution.states.first(), Some(&1));
/// assert_eq!(solution.states.last(), Some(&10));
/// ```
///
/// # Complexity
///
/// Time O(E log V) and memory O(V) over the nodes of the pairs with lb
/// below C* (at most twice a minimum vertex cover of them, for consistent
/// heuristics), plus reopenings for inconsistent ones; the default bucket
/// queues make pushes and pops O(1) while costs stay small. Each state is stored
/// once, with a half per direction that reaches it.
pub fn nbs<P: BidirectionalProblem>(problem: &P) -> ResultOf<P> {
    Nbs::new().search(problem)
}

/// NBS, configured: [`Limits`](crate::Limits) (`max_cost` prunes nodes
/// whose f exceeds it), an [`OpenList`](crate::OpenList) for its waiting
/// and ready queues, a [`Dense`](crate::Dense) table, and memory kept
/// between searches.
///
/// # Example
///
/// ```
/// use frontier::{Limit, Limits, Nbs, toy::Doubling};
///
/// let mut hashed = Nbs::new();
/// let mut dense = Nbs::new().dense();
/// for target in [10, 20, 30] {
///     let problem = Doubling::new(1, target);
///     let cost = |result: frontier::SearchResult<_, _, _>| result.into_solution().unwrap().cost;
///     assert_eq!(cost(hashed.search(&problem)), cost(dense.search(&problem)));
///     assert_eq!(cost(hashed.search(&problem)), cost(frontier::astar(&problem)));
/// }
/// let mut brief = Nbs::new().limits(Limits::new().max_expanded(2));
/// assert_eq!(brief.search(&Doubling::new(1, 1000)).limit(), Some(Limit::Expanded));
/// ```
pub struct Nbs<S, A, C, L = Hashed> {
    settings: Settings<C>,
    halves: Halves<S, A, C>,
    queues: AllQueues<C>,
    expansions: ByPriority<C>,
    layout: PhantomData<L>,
}

searcher!(Nbs { halves, queues, expansions } where C: Default, open_list);

impl<S, A, C, L> Nbs<S, A, C, L> {
    /// The expansions of the last search by the lb of the pair each was
    /// expanded in: those [`below`](ByPriority::below) the optimal cost C*
    /// are NBS's necessary expansions (pairs with lb < C*, as HOG2 counts
    /// them), the ones its near-optimality theorem bounds by twice a
    /// minimum vertex cover.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{Nbs, toy::Doubling};
    ///
    /// let mut nbs = Nbs::new();
    /// let cost = nbs.search(&Doubling::new(1, 10)).solution().unwrap().cost;
    /// assert!(nbs.expansions().below(cost) <= nbs.expansions().total());
    /// ```
    #[must_use]
    pub fn expansions(&self) -> &ByPriority<C> {
        &self.expansions
    }
}

search_methods!(Nbs);

/// The queues on each open list: a searcher uses those its settings name.
type AllQueues<C> = PerList<Split<C, Buckets<C>>, Split<C, LazyHeap<C>>, Split<C, DecreaseKey<C>>>;

/// Each direction's open nodes split by the lower bound LB: waiting
/// ([`Place::Open`], by f) and ready ([`Place::Ready`], by g). NBS's
/// queues, and those DVCBS builds on.
pub(crate) struct Split<C, O> {
    pub(crate) waiting: [Queue<C, O>; 2],
    pub(crate) ready: [Queue<C, O>; 2],
    /// LB, the least lb of a pair of open nodes.
    pub(crate) bound: C,
    /// The problem's cheapest step, ε, added to every g sum.
    pub(crate) epsilon: C,
    /// Whether every pair left has an lb that does not fit the cost type.
    pub(crate) overflowed: bool,
}

impl<C: Default, O: Default> Default for Split<C, O> {
    fn default() -> Self {
        Split {
            waiting: [Queue::default(), Queue::default()],
            ready: [Queue::default(), Queue::default()],
            bound: C::default(),
            epsilon: C::default(),
            overflowed: false,
        }
    }
}

impl<C: Cost, O: Open<C>> Split<C, O> {
    /// Files open node `node` of direction `side` as ready (by g) if
    /// `ready`, else as waiting (by f). Returns where it went.
    #[inline]
    pub(crate) fn file_as(
        &mut self,
        side: usize,
        node: OpenNode<C>,
        ready: bool,
        room: &Room,
    ) -> Result<Place, Limit> {
        if ready {
            self.ready[side].push(node.id, node.g, node.g, room)?;
            Ok(Place::Ready)
        } else {
            self.waiting[side].push(node.id, node.f, node.g, room)?;
            Ok(Place::Open)
        }
    }

    /// The waiting node of `side` with the least f: `(id, f, g)`.
    #[inline]
    pub(crate) fn waiting<P, T>(
        &mut self,
        side: usize,
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Option<Entry<C>>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        self.waiting[side].peek_at(sides, (side, Place::Open), |id, g| {
            sides.f::<P>(side, id, g)
        })
    }

    /// The ready node of `side` with the least g: `(id, g, g)`.
    #[inline]
    pub(crate) fn ready<P, T>(
        &mut self,
        side: usize,
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Option<Entry<C>>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        self.ready[side].peek_at(sides, (side, Place::Ready), |_, g| Some(g))
    }

    /// Moves the peeked waiting node `(id, _, g)` of `side` to ready.
    pub(crate) fn make_ready<P, T>(
        &mut self,
        side: usize,
        (id, _, g): Entry<C>,
        sides: &mut Sides<'_, T, P::State, P::Action, C>,
        room: &Room,
    ) -> Result<(), Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        self.waiting[side].take();
        self.ready[side].push(id, g, g, room)?;
        sides.set_place(side, id, Place::Ready);
        Ok(())
    }

    /// The next pair to expand, a ready node of each direction with the
    /// least g, raising the bound until their g sum is within it; `None`
    /// when a direction has no open node left (or every pair's lb is past
    /// what the cost type holds: then `overflowed`).
    fn next_pair<P, T>(
        &mut self,
        sides: &mut Sides<'_, T, P::State, P::Action, C>,
        room: &Room,
    ) -> Result<Option<[Entry<C>; 2]>, Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        for side in 0..2 {
            while let Some(entry) = self.waiting::<P, T>(side, sides)
                && entry.1 <= self.bound
            {
                self.make_ready::<P, T>(side, entry, sides, room)?;
            }
        }
        loop {
            let waiting = [0, 1].map(|side| self.waiting::<P, T>(side, sides));
            let ready = [0, 1].map(|side| self.ready::<P, T>(side, sides));
            if (0..2).any(|side| waiting[side].is_none() && ready[side].is_none()) {
                return Ok(None);
            }
            let pair = match ready {
                [Some(forward), Some(backward)] => Some((forward, backward)),
                _ => None,
            };
            // The pair's g sum plus ε; `None` if it does not fit the cost
            // type.
            let sum = pair.and_then(|(forward, backward)| {
                forward.2.checked_add(backward.2)?.checked_add(self.epsilon)
            });
            if let (Some((forward, backward)), Some(sum)) = (pair, sum)
                && sum <= self.bound
            {
                return Ok(Some([forward, backward]));
            }
            let mut moved = false;
            for side in [1, 0] {
                if let Some(entry) = waiting[side]
                    && entry.1 <= self.bound
                {
                    self.make_ready::<P, T>(side, entry, sides, room)?;
                    moved = true;
                }
            }
            if !moved {
                // Every waiting f and the ready g sum exceed the bound: the
                // least of them is the new least lb of a pair.
                let candidates = waiting.iter().flatten().map(|entry| entry.1).chain(sum);
                let Some(bound) = candidates.min() else {
                    // Each direction has a waiting or a ready node, so only
                    // a ready g sum past the cost type leaves no candidate.
                    self.overflowed = true;
                    return Ok(None);
                };
                self.bound = bound;
            }
        }
    }
}

/// NBS: a node is ready when its f is within LB; each step expands a pair.
impl<C: Cost, O: Open<C>> Policy<C> for Split<C, O> {
    fn clear(&mut self, epsilon: C) {
        for queue in self.waiting.iter_mut().chain(&mut self.ready) {
            queue.clear();
        }
        self.bound = C::ZERO;
        self.epsilon = epsilon;
        self.overflowed = false;
    }

    fn allocated(&self) -> usize {
        Queue::bytes(self.waiting.iter().chain(&self.ready))
    }

    #[inline]
    fn file(
        &mut self,
        side: usize,
        node: OpenNode<C>,
        progress: &Progress<C>,
    ) -> Result<Place, Limit> {
        let ready = node.f <= self.bound;
        self.file_as(side, node, ready, &progress.room)
    }

    /// Expands the next pair, both nodes; stops when there is none or the
    /// best meeting is within LB.
    #[inline]
    fn step<P, T>(&mut self, search: &mut Search<'_, '_, P, T>) -> Result<ControlFlow<()>, Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        let Some(pair) = self.next_pair::<P, T>(&mut search.sides, &search.progress.room)? else {
            search.progress.overflowed |= self.overflowed;
            return Ok(ControlFlow::Break(()));
        };
        if search
            .progress
            .best
            .is_some_and(|meeting| meeting.cost <= self.bound)
        {
            return Ok(ControlFlow::Break(()));
        }
        for (side, (id, _, g)) in [Direction::Forward, Direction::Backward]
            .into_iter()
            .zip(pair)
        {
            self.ready[side.index()].take();
            search.expand(self, side, (id, g), Some(self.bound))?;
        }
        Ok(ControlFlow::Continue(()))
    }
}
