//! DVCBS (Shperberg, Felner, Sturtevant, Shimony & Hayoun 2019): dynamic
//! vertex cover bidirectional search.

use std::hash::Hash;
use std::marker::PhantomData;

use crate::limits::Room;
use crate::limits::{Budget, measure};
use crate::meet::{Direction, Halves, Place, Progress, Queue, Sides};
use crate::open::{Buckets, DecreaseKey, LazyHeap, Open, PerList, with_open_list};
use crate::settings::{Settings, searcher};
use crate::solution::{ByPriority, ResultOf, refused};
use crate::table::{Dense, Hashed, NodeId, NodeTable};
use crate::{
    BidirectionalProblem, Cost, Limit, Limits, Outcome, RankedStates, SearchResult, Solution, Stats,
};

/// DVCBS between `problem.start()` and `problem.goal()`: a cheapest path,
/// searched from both ends with both heuristics, for **consistent**
/// heuristics.
///
/// Like [`nbs`](crate::nbs), DVCBS keeps the least lower bound
/// LB = min lb(u, v) = max(f(u), f(v), g(u) + g(v) + ε) of a pair of open
/// nodes (ε the problem's
/// [`min_step_cost`](crate::SearchProblem::min_step_cost)), each
/// direction's open nodes split into *waiting* (by f) and *ready* (f below
/// LB, by g). Where NBS then expands one pair, DVCBS looks at every pair
/// with lb = LB at once: the ready nodes grouped by g form a bipartite
/// graph (a forward group and a backward group are joined when their g sum
/// plus ε is at most LB), DVCBS finds its minimum vertex covers (a cover
/// takes the groups of least g on each side, so there are few to try) and
/// expands the group of least g of one side that some minimum cover
/// contains: the forward one if only forward groups appear in minimum
/// covers, the backward one if only backward ones do, else the smaller
/// group (ties: backward). This is HOG2's `DVCBS.h` with its default
/// tie-breaking policy; as there, waiting nodes with f below LB become
/// ready, and a node the other direction has expanded is not queued.
/// The cheapest meeting U is the answer once U ≤ LB.
///
/// # Guarantees
///
/// - **Optimal for consistent heuristics** in both directions. Nodes are
///   not reopened and a node expanded by one side is not searched by the
///   other, which needs consistency; for heuristics that are only
///   admissible use [`nbs`](crate::nbs) or [`mm`](crate::mm).
/// - [`Dvcbs::expansions`] counts each expansion at the LB it was made
///   under: those below C* are the necessary ones, as HOG2 counts them.
/// - Start equal to goal gives the empty path with nothing expanded; an
///   unreachable goal is proven so when either search runs out of nodes.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let result = frontier::dvcbs(&Doubling::new(1, 10));
/// let solution = result.solution().unwrap();
/// assert_eq!(solution.cost, 6); // + * + *: 1 + 2 + 1 + 2
/// assert_eq!(solution.states.first(), Some(&1));
/// assert_eq!(solution.states.last(), Some(&10));
/// ```
///
/// # Complexity
///
/// Memory O(V) over the states stored. Each choice of a group pops the
/// ready nodes that can pair at LB and pushes back those not expanded: time
/// O(E log V) plus, per group chosen, the ready nodes within reach of a
/// pair and the groups squared.
pub fn dvcbs<P: BidirectionalProblem>(problem: &P) -> ResultOf<P> {
    Dvcbs::new().search(problem)
}

/// DVCBS, configured: [`Limits`] (`max_cost` prunes nodes whose f exceeds
/// it), an [`OpenList`](crate::OpenList) for its waiting and ready queues,
/// a [`Dense`] table, and memory kept between searches.
///
/// # Example
///
/// ```
/// use frontier::{Dvcbs, Limit, Limits, toy::Doubling};
///
/// let mut hashed = Dvcbs::new();
/// let mut dense = Dvcbs::new().dense();
/// for target in [10, 20, 30] {
///     let problem = Doubling::new(1, target);
///     let cost = |result: frontier::SearchResult<_, _, _>| result.into_solution().unwrap().cost;
///     assert_eq!(cost(hashed.search(&problem)), cost(dense.search(&problem)));
///     assert_eq!(cost(hashed.search(&problem)), cost(frontier::astar(&problem)));
/// }
/// let mut brief = Dvcbs::new().limits(Limits::new().max_expanded(2));
/// assert_eq!(brief.search(&Doubling::new(1, 1000)).limit(), Some(Limit::Expanded));
/// ```
pub struct Dvcbs<S, A, C, L = Hashed> {
    settings: Settings<C>,
    halves: Halves<S, A, C>,
    queues: AllQueues<C>,
    expansions: ByPriority<C>,
    layout: PhantomData<L>,
}

searcher!(Dvcbs { halves, queues, expansions } where C: Default, open_list);

impl<S, A, C, L> Dvcbs<S, A, C, L> {
    /// The expansions of the last search by the LB each was made under:
    /// those [`below`](ByPriority::below) the optimal cost C* are DVCBS's
    /// necessary expansions.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{Dvcbs, toy::Doubling};
    ///
    /// let mut dvcbs = Dvcbs::new();
    /// let cost = dvcbs.search(&Doubling::new(1, 10)).solution().unwrap().cost;
    /// assert!(dvcbs.expansions().below(cost) <= dvcbs.expansions().total());
    /// ```
    #[must_use]
    pub fn expansions(&self) -> &ByPriority<C> {
        &self.expansions
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> Dvcbs<S, A, C> {
    /// Searches `problem` with hashed tables.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
    {
        let mut sides = self.halves.hashed();
        let limits = &self.settings.limits;
        let expansions = &mut self.expansions;
        with_open_list!(self.settings.open, self.queues, |queues| run(
            problem, limits, &mut sides, queues, expansions
        ))
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> Dvcbs<S, A, C, Dense> {
    /// Searches `problem` with dense tables.
    ///
    /// # Panics
    ///
    /// If `rank` returns a rank not below `state_count`.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C> + RankedStates,
    {
        let limits = &self.settings.limits;
        let expansions = &mut self.expansions;
        expansions.clear();
        match self.halves.dense(problem.state_count(), limits) {
            Ok(mut sides) => with_open_list!(self.settings.open, self.queues, |queues| run(
                problem, limits, &mut sides, queues, expansions
            )),
            Err(limit) => refused(limit),
        }
    }
}

/// The queues on each open list: a searcher uses those its settings name.
type AllQueues<C> =
    PerList<Queues<C, Buckets<C>>, Queues<C, LazyHeap<C>>, Queues<C, DecreaseKey<C>>>;

/// A peeked queue entry: `(id, priority, g)`.
type Entry<C> = (NodeId, C, C);

/// Each direction's open nodes, waiting ([`Place::Open`], by f) and ready
/// ([`Place::Ready`], by g), the bound LB, and the buffers a choice of
/// group uses (kept between searches).
struct Queues<C, O> {
    waiting: [Queue<C, O>; 2],
    ready: [Queue<C, O>; 2],
    bound: C,
    epsilon: C,
    /// Whether every pair left has an lb that does not fit the cost type.
    overflowed: bool,
    /// Per direction, the ready nodes popped to be grouped, by g: `(id, g)`.
    popped: [Vec<(NodeId, C)>; 2],
    /// Per direction, the groups of `popped`: `(g, size)`, by g.
    groups: [Vec<(C, u64)>; 2],
}

impl<C: Default, O: Default> Default for Queues<C, O> {
    fn default() -> Self {
        Queues {
            waiting: [Queue::default(), Queue::default()],
            ready: [Queue::default(), Queue::default()],
            bound: C::default(),
            epsilon: C::default(),
            overflowed: false,
            popped: [Vec::new(), Vec::new()],
            groups: [Vec::new(), Vec::new()],
        }
    }
}

impl<C: Cost, O: Open<C>> Queues<C, O> {
    fn clear(&mut self, epsilon: C) {
        for queue in self.waiting.iter_mut().chain(&mut self.ready) {
            queue.clear();
        }
        self.bound = C::ZERO;
        self.epsilon = epsilon;
        self.overflowed = false;
    }

    fn allocated(&self) -> usize {
        self.waiting
            .iter()
            .chain(&self.ready)
            .map(Queue::allocated)
            .sum::<usize>()
            + self
                .popped
                .iter()
                .map(|popped| popped.capacity() * size_of::<(NodeId, C)>())
                .sum::<usize>()
            + self
                .groups
                .iter()
                .map(|groups| groups.capacity() * size_of::<(C, u64)>())
                .sum::<usize>()
    }

    /// Files open node `id` of `side` at cost `g` with f = `f`: ready if f
    /// is below the bound, else waiting.
    fn push(&mut self, side: usize, id: NodeId, g: C, f: C, room: &Room) -> Result<Place, Limit> {
        if f < self.bound {
            self.ready[side].push(id, g, g, room)?;
            Ok(Place::Ready)
        } else {
            self.waiting[side].push(id, f, g, room)?;
            Ok(Place::Open)
        }
    }

    fn waiting<P, T>(
        &mut self,
        side: usize,
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Option<Entry<C>>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        self.waiting[side].peek(|id, g| {
            sides
                .is_at::<P>(side, id, g, Place::Open)
                .then(|| g.checked_add(sides.h(side, id)))
                .flatten()
        })
    }

    fn ready<P, T>(
        &mut self,
        side: usize,
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Option<Entry<C>>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        self.ready[side].peek(|id, g| sides.is_at::<P>(side, id, g, Place::Ready).then_some(g))
    }

    /// Moves every waiting node of `side` with the least f, `f`, to ready.
    fn make_ready<P, T>(
        &mut self,
        side: usize,
        f: C,
        sides: &mut Sides<'_, T, P::State, P::Action, C>,
        room: &Room,
    ) -> Result<(), Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        while let Some((id, at, g)) = self.waiting::<P, T>(side, sides)
            && at == f
        {
            self.waiting[side].take();
            self.ready[side].push(id, g, g, room)?;
            sides.set_place(side, id, Place::Ready);
        }
        Ok(())
    }

    /// The direction whose group of least g to expand next, its nodes left
    /// in `popped[side]` up to the group's size (the other popped nodes
    /// are filed back); `None` when a direction has no open node left (or
    /// every pair's lb is past the cost type: then `overflowed`).
    fn next_group<P, T>(
        &mut self,
        sides: &mut Sides<'_, T, P::State, P::Action, C>,
        room: &Room,
    ) -> Result<Option<(usize, usize)>, Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        loop {
            let open = [0, 1].map(|side| {
                self.waiting::<P, T>(side, sides).is_some()
                    || self.ready::<P, T>(side, sides).is_some()
            });
            if open.contains(&false) {
                return Ok(None);
            }
            for side in 0..2 {
                while let Some((_, f, _)) = self.waiting::<P, T>(side, sides)
                    && f < self.bound
                {
                    self.make_ready::<P, T>(side, f, sides, room)?;
                }
            }
            let ready = [0, 1].map(|side| self.ready::<P, T>(side, sides));
            let sum = match ready {
                [Some(forward), Some(backward)] => forward
                    .2
                    .checked_add(backward.2)
                    .and_then(|sum| sum.checked_add(self.epsilon)),
                _ => None,
            };
            if let (Some(sum), [Some(forward), Some(backward)]) = (sum, ready)
                && sum <= self.bound
            {
                return Ok(Some(self.choose::<P, T>(
                    [forward.2, backward.2],
                    sides,
                    room,
                )?));
            }
            let mut moved = false;
            for side in [1, 0] {
                if let Some((_, f, _)) = self.waiting::<P, T>(side, sides)
                    && f <= self.bound
                {
                    self.make_ready::<P, T>(side, f, sides, room)?;
                    moved = true;
                }
            }
            if !moved {
                let waiting = [0, 1].map(|side| self.waiting::<P, T>(side, sides));
                let candidates = waiting.iter().flatten().map(|entry| entry.1).chain(sum);
                let Some(bound) = candidates.min() else {
                    self.overflowed = true;
                    return Ok(None);
                };
                self.bound = bound;
            }
        }
    }

    /// Groups the ready nodes that pair within the bound (`least`: each
    /// side's least ready g), picks the group to expand, and files back
    /// the rest. Returns the side and the group's size.
    fn choose<P, T>(
        &mut self,
        least: [C; 2],
        sides: &mut Sides<'_, T, P::State, P::Action, C>,
        room: &Room,
    ) -> Result<(usize, usize), Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        for side in 0..2 {
            self.popped[side].clear();
            self.groups[side].clear();
            // cannot fail: both sums fit, as `least` made a pair within the bound
            let other = least[1 - side]
                .checked_add(self.epsilon)
                .unwrap_or(self.bound);
            while let Some((id, _, g)) = self.ready::<P, T>(side, sides)
                && g.checked_add(other).is_some_and(|sum| sum <= self.bound)
            {
                self.ready[side].take();
                self.popped[side].push((id, g));
                match self.groups[side].last_mut() {
                    Some(group) if group.0 == g => group.1 += 1,
                    _ => self.groups[side].push((g, 1)),
                }
            }
        }
        let chosen = self.cover_side();
        // The chosen group is the first popped of its side; the rest go back.
        let size = usize::try_from(self.groups[chosen][0].1).unwrap_or(usize::MAX);
        for s in 0..2 {
            let keep = if s == chosen { size } else { 0 };
            for &(id, g) in &self.popped[s][keep..] {
                self.ready[s].push(id, g, g, room)?;
            }
        }
        Ok((chosen, size))
    }

    /// The side whose group of least g some minimum vertex cover of the
    /// groups' graph contains (HOG2's default policy: the smaller such
    /// group when both sides' are, ties backward).
    fn cover_side(&self) -> usize {
        let [forward, backward] = &self.groups;
        // A cover takes forward groups 0..i and backward groups 0..j
        // (least g first, as any minimum cover may): the first forward
        // group left out, i, must then have all its neighbours taken.
        let mut best = u64::MAX;
        let mut with = [false; 2];
        let mut taken = 0;
        for i in 0..=forward.len() {
            let j = forward.get(i).map_or(0, |&(g, _)| {
                backward
                    .iter()
                    .take_while(|&&(h, _)| {
                        g.checked_add(h)
                            .and_then(|sum| sum.checked_add(self.epsilon))
                            .is_some_and(|sum| sum <= self.bound)
                    })
                    .count()
            });
            let size = taken + backward[..j].iter().map(|group| group.1).sum::<u64>();
            if size < best {
                best = size;
                with = [false; 2];
            }
            if size == best {
                with[0] |= i > 0;
                with[1] |= j > 0;
            }
            if let Some(group) = forward.get(i) {
                taken += group.1;
            }
        }
        match with {
            [true, true] if forward[0].1 < backward[0].1 => 0,
            [true, false] => 0,
            _ => 1,
        }
    }
}

fn run<P, T, O>(
    problem: &P,
    limits: &Limits<P::Cost>,
    sides: &mut Sides<'_, T, P::State, P::Action, P::Cost>,
    queues: &mut Queues<P::Cost, O>,
    expansions: &mut ByPriority<P::Cost>,
) -> ResultOf<P>
where
    P: BidirectionalProblem,
    T: NodeTable<P>,
    O: Open<P::Cost>,
{
    expansions.clear();
    measure(limits, |budget, stats| {
        let outcome = search(problem, budget, sides, queues, (stats, expansions));
        stats.peak_stored = sides.stored::<P>();
        outcome
    })
}

fn search<P, T, O>(
    problem: &P,
    budget: &mut Budget<'_, P::Cost>,
    sides: &mut Sides<'_, T, P::State, P::Action, P::Cost>,
    queues: &mut Queues<P::Cost, O>,
    (stats, expansions): (&mut Stats<P::Cost>, &mut ByPriority<P::Cost>),
) -> Outcome<P::State, P::Action, P::Cost>
where
    P: BidirectionalProblem,
    T: NodeTable<P>,
    O: Open<P::Cost>,
{
    sides.clear::<P>();
    let epsilon = problem.min_step_cost();
    queues.clear(epsilon);
    let start = problem.start();
    let goal = problem.goal();
    stats.generated = 1;
    if start == goal {
        return Outcome::Found(Solution::empty(start, P::Cost::ZERO));
    }
    stats.generated = 2;
    if let Err(limit) = budget.check_stored(2) {
        return Outcome::LimitReached(limit);
    }
    let max_cost = budget.max_cost().copied();
    let room = budget.room();
    room.hold(sides.allocated::<P>() + queues.allocated());
    let roots = match sides.start(problem, (start, goal), &room) {
        Ok(roots) => roots,
        Err(limit) => return Outcome::LimitReached(limit),
    };
    if max_cost.is_some_and(|bound| roots.iter().any(|&(_, h)| h > bound)) {
        return Outcome::LimitReached(Limit::Cost);
    }
    for (side, (root, h)) in roots.into_iter().enumerate() {
        match queues.push(side, root, P::Cost::ZERO, h, &room) {
            Ok(place) => sides.set_place(side, root, place),
            Err(limit) => return Outcome::LimitReached(limit),
        }
    }
    let mut progress = Progress::new(max_cost, epsilon, room);
    progress.skip_expanded_by_other = true;
    'search: loop {
        let (s, count) = match queues.next_group::<P, T>(sides, &progress.room) {
            Ok(Some(group)) => group,
            Ok(None) => break,
            Err(limit) => return Outcome::LimitReached(limit),
        };
        let direction = if s == 0 {
            Direction::Forward
        } else {
            Direction::Backward
        };
        let bound = queues.bound;
        for at in 0..count {
            if progress.best.is_some_and(|meeting| meeting.cost <= bound) {
                // The nodes of the group not expanded go back to ready.
                for &(id, g) in &queues.popped[s][at..count] {
                    if let Err(limit) = queues.ready[s].push(id, g, g, &progress.room) {
                        return Outcome::LimitReached(limit);
                    }
                }
                break 'search;
            }
            let (id, g) = queues.popped[s][at];
            if !sides.is_at::<P>(s, id, g, Place::Ready) {
                // Reached more cheaply since it was grouped: filed anew.
                continue;
            }
            sides.set_place(s, id, Place::Closed);
            if progress.beaten(g, sides.h(s, id)) {
                // No cheaper path runs through this node: closed unexpanded.
                continue;
            }
            if let Err(limit) = budget.before_expand(stats.expanded) {
                return Outcome::LimitReached(limit);
            }
            stats.expanded += 1;
            expansions.count(bound);
            let (ready, waiting) = (&mut queues.ready, &mut queues.waiting);
            let filed = sides.expand(
                problem,
                direction,
                (id, g),
                &mut progress,
                stats,
                |s, child, g, _, f, _, room| {
                    if f < bound {
                        ready[s]
                            .push(child, g, g, room)
                            .map(|()| Some(Place::Ready))
                    } else {
                        waiting[s]
                            .push(child, f, g, room)
                            .map(|()| Some(Place::Open))
                    }
                },
            );
            if let Err(limit) = filed {
                return Outcome::LimitReached(limit);
            }
        }
        if progress
            .best
            .is_some_and(|meeting| meeting.cost <= queues.bound)
        {
            break;
        }
    }
    progress.overflowed |= queues.overflowed;
    progress.outcome(problem, sides)
}
