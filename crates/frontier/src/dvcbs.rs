//! DVCBS (Shperberg, Felner, Sturtevant, Shimony & Hayoun 2019): dynamic
//! vertex cover bidirectional search.

use std::marker::PhantomData;
use std::ops::ControlFlow;

use crate::limits::Room;
use crate::meet::driver::{Policy, Search, search_methods};
use crate::meet::{Direction, Halves, OpenNode, Place, Progress, Sides, vec_bytes};
use crate::nbs::Split;
use crate::open::{Buckets, DecreaseKey, LazyHeap, Open, PerList};
use crate::settings::{Settings, searcher};
use crate::solution::{ByPriority, ResultOf};
use crate::table::{Hashed, NodeId, NodeTable};
use crate::{BidirectionalProblem, Cost, Limit};

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

/// DVCBS, configured: [`Limits`](crate::Limits) (`max_cost` prunes nodes
/// whose f exceeds it), an [`OpenList`](crate::OpenList) for its waiting
/// and ready queues, a [`Dense`](crate::Dense) table, and memory kept
/// between searches.
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

search_methods!(Dvcbs);

/// The queues on each open list: a searcher uses those its settings name.
type AllQueues<C> =
    PerList<Queues<C, Buckets<C>>, Queues<C, LazyHeap<C>>, Queues<C, DecreaseKey<C>>>;

/// Each direction's open nodes, waiting and ready as NBS keeps them
/// ([`Split`], whose bound is LB), and the buffers a choice of group uses
/// (kept between searches).
struct Queues<C, O> {
    split: Split<C, O>,
    /// Per direction, the ready nodes popped to be grouped, by g: `(id, g)`.
    popped: [Vec<(NodeId, C)>; 2],
    /// Per direction, the groups of `popped`: `(g, size)`, by g.
    groups: [Vec<(C, u64)>; 2],
}

impl<C: Default, O: Default> Default for Queues<C, O> {
    fn default() -> Self {
        Queues {
            split: Split::default(),
            popped: [Vec::new(), Vec::new()],
            groups: [Vec::new(), Vec::new()],
        }
    }
}

impl<C: Cost, O: Open<C>> Queues<C, O> {
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
        while let Some(entry) = self.split.waiting::<P, T>(side, sides)
            && entry.1 == f
        {
            self.split.make_ready::<P, T>(side, entry, sides, room)?;
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
                self.split.waiting::<P, T>(side, sides).is_some()
                    || self.split.ready::<P, T>(side, sides).is_some()
            });
            if open.contains(&false) {
                return Ok(None);
            }
            for side in 0..2 {
                while let Some((_, f, _)) = self.split.waiting::<P, T>(side, sides)
                    && f < self.split.bound
                {
                    self.make_ready::<P, T>(side, f, sides, room)?;
                }
            }
            let ready = [0, 1].map(|side| self.split.ready::<P, T>(side, sides));
            let sum = match ready {
                [Some(forward), Some(backward)] => forward
                    .2
                    .checked_add(backward.2)
                    .and_then(|sum| sum.checked_add(self.split.epsilon)),
                _ => None,
            };
            if let (Some(sum), [Some(forward), Some(backward)]) = (sum, ready)
                && sum <= self.split.bound
            {
                return Ok(Some(self.choose::<P, T>(
                    [forward.2, backward.2],
                    sides,
                    room,
                )?));
            }
            let mut moved = false;
            for side in [1, 0] {
                if let Some((_, f, _)) = self.split.waiting::<P, T>(side, sides)
                    && f <= self.split.bound
                {
                    self.make_ready::<P, T>(side, f, sides, room)?;
                    moved = true;
                }
            }
            if !moved {
                let waiting = [0, 1].map(|side| self.split.waiting::<P, T>(side, sides));
                let candidates = waiting.iter().flatten().map(|entry| entry.1).chain(sum);
                let Some(bound) = candidates.min() else {
                    self.split.overflowed = true;
                    return Ok(None);
                };
                self.split.bound = bound;
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
        let (bound, epsilon) = (self.split.bound, self.split.epsilon);
        for side in 0..2 {
            self.popped[side].clear();
            self.groups[side].clear();
            // cannot fail: both sums fit, as `least` made a pair within the bound
            let other = least[1 - side].checked_add(epsilon).unwrap_or(bound);
            while let Some((id, _, g)) = self.split.ready::<P, T>(side, sides)
                && g.checked_add(other).is_some_and(|sum| sum <= bound)
            {
                self.split.ready[side].take();
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
                self.split.ready[s].push(id, g, g, room)?;
            }
        }
        Ok((chosen, size))
    }

    /// The side whose group of least g some minimum vertex cover of the
    /// groups' graph contains (HOG2's default policy: the smaller such
    /// group when both sides' are, ties backward).
    fn cover_side(&self) -> usize {
        let [forward, backward] = &self.groups;
        let (bound, epsilon) = (self.split.bound, self.split.epsilon);
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
                            .and_then(|sum| sum.checked_add(epsilon))
                            .is_some_and(|sum| sum <= bound)
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

/// DVCBS: a node is ready when its f is below LB; each step expands a
/// group of one side; a node the other side has expanded is set aside.
impl<C: Cost, O: Open<C>> Policy<C> for Queues<C, O> {
    const SKIP_EXPANDED_BY_OTHER: bool = true;

    fn clear(&mut self, epsilon: C) {
        self.split.clear(epsilon);
    }

    fn allocated(&self) -> usize {
        self.split.allocated() + vec_bytes(&self.popped) + vec_bytes(&self.groups)
    }

    #[inline]
    fn file(
        &mut self,
        side: usize,
        node: OpenNode<C>,
        progress: &Progress<C>,
    ) -> Result<Place, Limit> {
        let ready = node.f < self.split.bound;
        self.split.file_as(side, node, ready, &progress.room)
    }

    /// Expands the next group, node by node, as long as the best meeting
    /// is above LB; stops when there is no group or once it is within LB
    /// (the nodes of the group not expanded go back to ready).
    #[inline]
    fn step<P, T>(&mut self, search: &mut Search<'_, '_, P, T>) -> Result<ControlFlow<()>, Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        let Some((s, count)) = self.next_group::<P, T>(&mut search.sides, &search.progress.room)?
        else {
            search.progress.overflowed |= self.split.overflowed;
            return Ok(ControlFlow::Break(()));
        };
        let direction = if s == 0 {
            Direction::Forward
        } else {
            Direction::Backward
        };
        // The nodes filed while the group is expanded do not move LB.
        let bound = self.split.bound;
        for at in 0..count {
            if search
                .progress
                .best
                .is_some_and(|meeting| meeting.cost <= bound)
            {
                // The nodes of the group not expanded go back to ready.
                for &(id, g) in &self.popped[s][at..count] {
                    self.split.ready[s].push(id, g, g, &search.progress.room)?;
                }
                return Ok(ControlFlow::Break(()));
            }
            let (id, g) = self.popped[s][at];
            if !search.sides.is_at::<P>(s, id, g, Place::Ready) {
                // Reached more cheaply since it was grouped: filed anew.
                continue;
            }
            search.expand(self, direction, (id, g), Some(bound))?;
        }
        if search
            .progress
            .best
            .is_some_and(|meeting| meeting.cost <= self.split.bound)
        {
            return Ok(ControlFlow::Break(()));
        }
        Ok(ControlFlow::Continue(()))
    }
}
