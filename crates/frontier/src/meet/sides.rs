//! Both directions' halves of every stored node, in one state table: the
//! table's own node is the forward half, the backward halves and each
//! direction's heuristic value and place sit in a vector beside it, by
//! node id. Storing, reaching, expanding, and the path through a meeting.

use std::marker::PhantomData;

use crate::limits::Room;
use crate::meet::{Direction, Meeting, OpenNode, Place, Progress};
use crate::table::{DenseTable, HashedTable, NONE, Node, NodeId, NodeTable, Slot, path_to};
use crate::{BidirectionalProblem, Cost, Limit, Limits, Solution, Stats, Step};

/// The memory of both searches, kept by a searcher between searches.
pub(crate) struct Halves<S, A, C> {
    hashed: HashedTable<S, A, C>,
    dense: DenseTable<S, A, C>,
    /// What the table does not hold, by node id.
    twins: Vec<Twin<A, C>>,
}

impl<S, A, C> Default for Halves<S, A, C> {
    fn default() -> Self {
        Halves {
            hashed: HashedTable::default(),
            dense: DenseTable::default(),
            twins: Vec::new(),
        }
    }
}

/// What a node keeps beside the table's forward half, in one vector so a
/// new state costs one push.
struct Twin<A, C> {
    /// The backward half.
    back: Node<A, C>,
    /// Per direction: the heuristic value toward the other end (h forward,
    /// the backward heuristic backward), once that direction reached it.
    h: [C; 2],
    /// Per direction: where the node is.
    place: [Place; 2],
}

impl<A, C: Cost> Twin<A, C> {
    /// Reached by neither direction yet.
    fn new(back: Node<A, C>) -> Self {
        Twin {
            back,
            h: [C::ZERO; 2],
            place: [Place::Unreached; 2],
        }
    }
}

/// One search's view of [`Halves`]: the table of one layout and the
/// per-node data.
pub(crate) struct Sides<'a, T, S, A, C> {
    table: &'a mut T,
    twins: &'a mut Vec<Twin<A, C>>,
    layout: PhantomData<S>,
}

/// [`Sides`] of dense tables.
pub(crate) type DenseSides<'a, S, A, C> = Sides<'a, DenseTable<S, A, C>, S, A, C>;

impl<'a, S, A, C> Halves<S, A, C> {
    /// The hashed table and the per-node data.
    pub(crate) fn hashed(&'a mut self) -> Sides<'a, HashedTable<S, A, C>, S, A, C> {
        Sides {
            table: &mut self.hashed,
            twins: &mut self.twins,
            layout: PhantomData,
        }
    }

    /// The dense table, emptied and sized for `count` ranks (or refused
    /// with [`Limit::Stored`]), and the rest as [`hashed`](Self::hashed).
    pub(crate) fn dense<K>(
        &'a mut self,
        count: usize,
        limits: &Limits<K>,
    ) -> Result<DenseSides<'a, S, A, C>, Limit> {
        self.dense.prepare(count, limits)?;
        Ok(Sides {
            table: &mut self.dense,
            twins: &mut self.twins,
            layout: PhantomData,
        })
    }
}

/// What [`Sides::reach`] did with a generated state.
pub(crate) enum Reached<C> {
    /// Reached by this direction already at no greater cost: nothing to do.
    Known,
    /// New to this direction, or reached more cheaply than before: node
    /// `id` at cost `g` with heuristic value `h`; the caller files it.
    Better { id: NodeId, g: C, h: C },
}

/// The half of a state not reached from its side: no parent, no action.
fn unreached<A, C: Cost>() -> Node<A, C> {
    Node {
        parent: NONE,
        action: None,
        g: C::ZERO,
    }
}

impl<T, S: Clone + Eq, A: Clone, C: Cost> Sides<'_, T, S, A, C> {
    /// Empties both searches.
    pub(crate) fn clear<P>(&mut self)
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        self.table.clear();
        self.twins.clear();
    }

    /// The bytes the tables hold allocated (kept from earlier searches).
    pub(crate) fn allocated<P>(&self) -> usize
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        self.table.allocated() + self.twins.capacity() * size_of::<Twin<A, C>>()
    }

    /// Stores the roots of the emptied searches, `start` (forward) and
    /// `goal` (backward), which must differ: returns each root's id and
    /// heuristic value. Both roots are [`Place::Open`]; the caller files
    /// them.
    pub(crate) fn start<P>(
        &mut self,
        problem: &P,
        (start, goal): (S, S),
        room: &Room,
    ) -> Result<[(NodeId, C); 2], Limit>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let h = [problem.heuristic(&start), problem.backward_heuristic(&goal)];
        let mut ids = [0; 2];
        for (side, root) in [start, goal].into_iter().enumerate() {
            ids[side] = match self.table.find_or_insert(problem, root, unreached(), room) {
                Slot::New(id) | Slot::Old(id, ..) => id,
                Slot::Full(limit) => return Err(limit),
            };
            let mut twin = Twin::new(unreached());
            twin.h[side] = h[side];
            twin.place[side] = Place::Open;
            room.push(self.twins, twin)?;
        }
        Ok([(ids[0], h[0]), (ids[1], h[1])])
    }

    /// Node `id`'s half of direction `side`.
    fn half<P>(&self, side: usize, id: NodeId) -> &Node<A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        if side == 0 {
            self.table.node(id)
        } else {
            &self.twins[id as usize].back
        }
    }

    /// Node `id`'s heuristic value in direction `side`.
    pub(crate) fn h(&self, side: usize, id: NodeId) -> C {
        self.twins[id as usize].h[side]
    }

    /// Gives node `id` the heuristic value of direction `side` (where that
    /// direction has not reached it yet: its value is then computed early).
    fn know_h<P>(&mut self, problem: &P, side: usize, id: NodeId)
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        if self.place(side, id) == Place::Unreached {
            let state = self.table.state(id);
            self.twins[id as usize].h[side] = if side == 0 {
                problem.heuristic(state)
            } else {
                problem.backward_heuristic(state)
            };
        }
    }

    /// Gives both roots, `ids`, both heuristic values.
    pub(crate) fn know_both_h<P>(&mut self, problem: &P, ids: [NodeId; 2])
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        self.know_h(problem, 1, ids[0]);
        self.know_h(problem, 0, ids[1]);
    }

    /// Where node `id` is in direction `side`.
    pub(crate) fn place(&self, side: usize, id: NodeId) -> Place {
        self.twins[id as usize].place[side]
    }

    /// Puts node `id` of direction `side` at `place`.
    pub(crate) fn set_place(&mut self, side: usize, id: NodeId, place: Place) {
        self.twins[id as usize].place[side] = place;
    }

    /// The ids of the nodes at `place` in direction `side`.
    pub(crate) fn ids_at(&self, side: usize, place: Place) -> impl Iterator<Item = NodeId> + '_ {
        (0..)
            .zip(self.twins.iter())
            .filter(move |(_, twin)| twin.place[side] == place)
            .map(|(id, _)| id)
    }

    /// The cost of node `id` from the end of direction `side`.
    pub(crate) fn g<P>(&self, side: usize, id: NodeId) -> C
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        self.half::<P>(side, id).g
    }

    /// Node `id`'s f in direction `side` at cost `g`, `None` if it does
    /// not fit the cost type.
    #[inline]
    pub(crate) fn f<P>(&self, side: usize, id: NodeId, g: C) -> Option<C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        g.checked_add(self.h(side, id))
    }

    /// Whether node `id` of direction `side` is at `place` with cost `g`:
    /// whether a queue entry `(id, g)` is live.
    pub(crate) fn is_at<P>(&self, side: usize, id: NodeId, g: C, place: Place) -> bool
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        self.place(side, id) == place && self.g::<P>(side, id) == g
    }

    /// The number of states stored.
    pub(crate) fn stored<P>(&self) -> usize
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        self.table.len()
    }

    /// Files `step`, generated by expanding node `parent` in direction
    /// `side` (the step already added to its cost, giving `g`), refusing a
    /// new state when `room` has none left.
    pub(crate) fn reach<P>(
        &mut self,
        problem: &P,
        (side, parent, g): (Direction, NodeId, C),
        step: Step<S, A, C>,
        room: &Room,
    ) -> Result<Reached<C>, Limit>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let s = side.index();
        let node = Node {
            parent,
            action: Some(step.action),
            g,
        };
        // The table keeps the forward halves: a state first reached
        // backward gets an unreached one there, and its half goes to `back`.
        let (id, offered) = match side {
            Direction::Forward => {
                match self.table.find_or_insert(problem, step.state, node, room) {
                    Slot::New(id) => {
                        room.push(self.twins, Twin::new(unreached()))?;
                        (id, None)
                    }
                    Slot::Old(id, node, _) => (id, Some(node)),
                    Slot::Full(limit) => return Err(limit),
                }
            }
            Direction::Backward => {
                match self
                    .table
                    .find_or_insert(problem, step.state, unreached(), room)
                {
                    Slot::New(id) => {
                        room.push(self.twins, Twin::new(node))?;
                        (id, None)
                    }
                    Slot::Old(id, ..) => (id, Some(node)),
                    Slot::Full(limit) => return Err(limit),
                }
            }
        };
        let at = id as usize;
        let first = self.twins[at].place[s] == Place::Unreached;
        if let Some(node) = offered {
            if !first && self.g::<P>(s, id) <= g {
                return Ok(Reached::Known);
            }
            // New to this direction, or a cheaper path to it: (re)parent
            // it; the caller files it again, even if it was expanded.
            match side {
                Direction::Forward => *self.table.node_mut(id) = node,
                Direction::Backward => self.twins[at].back = node,
            }
        }
        if first {
            let state = self.table.state(id);
            let twin = &mut self.twins[at];
            twin.h[s] = match side {
                Direction::Forward => problem.heuristic(state),
                Direction::Backward => problem.backward_heuristic(state),
            };
            twin.place[s] = Place::Aside;
        }
        Ok(Reached::Better {
            id,
            g,
            h: self.twins[at].h[s],
        })
    }

    /// Expands node `id` of direction `side`, at cost `g`: stores each
    /// successor (forward) or predecessor (backward) reached more cheaply
    /// than before, records the meetings, and hands each one worth
    /// searching on (f within the cost bound and below the best meeting) to
    /// `file` with its direction's index and the progress (the room, ε),
    /// which queues it and says where it went.
    pub(crate) fn expand<P>(
        &mut self,
        problem: &P,
        side: Direction,
        node: (NodeId, C),
        progress: &mut Progress<C>,
        stats: &mut Stats<C>,
        file: impl FnMut(usize, OpenNode<C>, &Progress<C>) -> Result<Place, Limit>,
    ) -> Result<(), Limit>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        // A copy of the state (a clone for states on the heap), so that
        // its neighbours go straight from the problem's iterator into the
        // table rather than through a buffer, as in A* and the
        // bidirectional BFS.
        let at = self.table.state(node.0).clone();
        match side {
            Direction::Forward => {
                let steps = problem.successors(&at);
                self.file_steps(problem, steps, side, node, progress, stats, file)
            }
            Direction::Backward => {
                let steps = problem.predecessors(&at);
                self.file_steps(problem, steps, side, node, progress, stats, file)
            }
        }
    }

    /// The body of [`expand`](Self::expand), over the neighbours `steps`
    /// of node `id` in direction `side`.
    #[expect(clippy::too_many_arguments, reason = "one expansion's whole context")]
    #[inline]
    fn file_steps<P>(
        &mut self,
        problem: &P,
        steps: impl Iterator<Item = Step<S, A, C>>,
        side: Direction,
        (id, g): (NodeId, C),
        progress: &mut Progress<C>,
        stats: &mut Stats<C>,
        mut file: impl FnMut(usize, OpenNode<C>, &Progress<C>) -> Result<Place, Limit>,
    ) -> Result<(), Limit>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let s = side.index();
        for step in steps {
            stats.generated += 1;
            debug_assert!(
                step.cost >= progress.epsilon,
                "a step costs {:?}, less than min_step_cost {:?}",
                step.cost,
                progress.epsilon
            );
            let Some(g) = g.checked_add(step.cost) else {
                // Costlier than any path whose cost fits: dropped, and said
                // so if nothing is found.
                progress.overflowed = true;
                continue;
            };
            if progress.beaten(g, C::ZERO) {
                // No cheaper path runs through this state.
                continue;
            }
            let Reached::Better { id: child, g, h } =
                self.reach(problem, (side, id, g), step, &progress.room)?
            else {
                continue;
            };
            progress.reopened |= self.place(s, child) == Place::Closed;
            if progress.both_heuristics {
                self.know_h(problem, 1 - s, child);
            }
            if self.place(1 - s, child) != Place::Unreached {
                // Both searches have reached it: a path through it.
                match g.checked_add(self.g::<P>(1 - s, child)) {
                    None => progress.overflowed = true,
                    Some(cost) if progress.max_cost.is_some_and(|bound| cost > bound) => {
                        progress.pruned = true;
                    }
                    Some(cost) if progress.best.is_none_or(|known| cost < known.cost) => {
                        progress.best = Some(Meeting { cost, id: child });
                    }
                    Some(_) => {}
                }
            }
            let place = match g.checked_add(h) {
                _ if progress.skip_expanded_by_other
                    && self.place(1 - s, child) == Place::Closed =>
                {
                    Place::Aside
                }
                None => {
                    progress.overflowed = true;
                    Place::Aside
                }
                Some(f) if progress.max_cost.is_some_and(|bound| f > bound) => {
                    progress.pruned = true;
                    Place::Aside
                }
                Some(f) if progress.best.is_some_and(|meeting| f >= meeting.cost) => Place::Aside,
                Some(f) => {
                    let node = OpenNode {
                        id: child,
                        g,
                        h,
                        f,
                        h_other: self.h(1 - s, child),
                    };
                    file(s, node, progress)?
                }
            };
            self.set_place(s, child, place);
        }
        Ok(())
    }

    /// The whole path through `meeting`: the start to the meeting state
    /// along the forward parents, then on to the goal along the backward
    /// ones (whose actions already run forward), at what its steps cost.
    ///
    /// That is the meeting's cost unless an expanded node was `reopened`:
    /// it is re-parented, and the nodes below it keep their g until the
    /// search reaches them again. A search that stops before it does (one
    /// whose heuristics are weaker than it needs: DVCBS or BAE* with
    /// inconsistent ones) can hold a meeting whose path, through the
    /// current parents, costs less than the meeting recorded; then the
    /// cost is summed step by step, asking the problem for each step.
    pub(crate) fn join<P>(
        &self,
        problem: &P,
        meeting: Meeting<C>,
        reopened: bool,
    ) -> Solution<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let (mut states, mut actions) = path_to::<P>(&*self.table, meeting.id);
        let forward = actions.len();
        let mut at = meeting.id;
        while let Some(action) = &self.twins[at as usize].back.action {
            actions.push(action.clone());
            at = self.twins[at as usize].back.parent;
            states.push(self.table.state(at).clone());
        }
        // `None` only for a problem that breaks its contract (a step the
        // search took not listed again): then the meeting's cost
        let cost = if reopened {
            path_cost(problem, &states, forward).unwrap_or(meeting.cost)
        } else {
            meeting.cost
        };
        Solution {
            states,
            actions,
            cost,
        }
    }
}

/// The cost of the path `states`, whose first `forward` steps were taken
/// forward (each listed by the successors of the state it leaves) and the
/// rest backward (listed by the predecessors of the state it enters).
/// `None` if a step is not listed or the sum does not fit the cost type.
///
/// Each step costs the least of the steps listed between its two states:
/// a node's parent and action change only to a cheaper step, so of the
/// parallel steps from its parent the search kept the cheapest.
fn path_cost<P: BidirectionalProblem>(
    problem: &P,
    states: &[P::State],
    forward: usize,
) -> Option<P::Cost> {
    let mut cost = P::Cost::ZERO;
    for (i, pair) in states.windows(2).enumerate() {
        let [from, to] = pair else { continue };
        let step = if i < forward {
            problem
                .successors(from)
                .filter(|step| step.state == *to)
                .map(|step| step.cost)
                .min()
        } else {
            problem
                .predecessors(to)
                .filter(|step| step.state == *from)
                .map(|step| step.cost)
                .min()
        };
        cost = cost.checked_add(step?)?;
    }
    Some(cost)
}
