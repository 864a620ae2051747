//! The bookkeeping MM and NBS share: two searches, one from the start and
//! one from the goal, each with its own state table (a state may be stored
//! by both, with a different cost from each end), the per-node data the
//! tables do not hold (the heuristic value, which queue holds the node),
//! open lists that can be peeked, the best meeting found so far and the
//! path through it.

use crate::open::{Buckets, Open};
use std::marker::PhantomData;

use crate::table::{
    DenseTable, HashedTable, Node, NodeId, NodeTable, Slot, insert_root, path_to, walk_to_root,
};
use crate::{BidirectionalProblem, Cost, Limit, Outcome, Solution, Stats, Step};

/// Which of the two searches: forward from the start or backward from the
/// goal. Used as an index into the per-direction arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    Forward = 0,
    Backward = 1,
}

impl Direction {
    /// The index of this direction's entries in the per-direction arrays.
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// Where a stored node is, in one direction's search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// Stored, in no queue: pruned by the cost bound or by the best meeting.
    Aside,
    /// In the open list (MM) or NBS's waiting queue (f above the lower bound).
    Open,
    /// In NBS's ready queue (f at most the lower bound).
    Ready,
    /// Expanded, and not reached more cheaply since.
    Closed,
}

/// An open list whose best entry can be looked at without taking it: the
/// entry is popped into `head` and stays there until taken or beaten by a
/// better push. Entries may be stale (their node moved or got cheaper
/// since); `peek` is told which are live and what their priority is.
pub(crate) struct Queue<C> {
    open: Buckets<C>,
    /// The best live entry seen: `(id, priority, g)`.
    head: Option<(NodeId, C, C)>,
}

impl<C> Default for Queue<C> {
    fn default() -> Self {
        Queue {
            open: Buckets::default(),
            head: None,
        }
    }
}

impl<C: Cost> Queue<C> {
    pub(crate) fn clear(&mut self) {
        self.open.clear();
        self.head = None;
    }

    /// Files node `id` at `priority`, reached at cost `g`.
    pub(crate) fn push(&mut self, id: NodeId, priority: C, g: C) {
        match self.head {
            // Lowest priority first, then highest g, as every open list.
            Some((held, p, held_g)) if priority < p || (priority == p && g > held_g) => {
                self.open.push(held, p, held_g);
                self.head = Some((id, priority, g));
            }
            _ => self.open.push(id, priority, g),
        }
    }

    /// The best live entry, `(id, priority, g)`: `live(id, g)` gives the
    /// priority of an entry whose node is still filed here at cost `g`,
    /// `None` for a stale one, which is dropped.
    pub(crate) fn peek(
        &mut self,
        mut live: impl FnMut(NodeId, C) -> Option<C>,
    ) -> Option<(NodeId, C, C)> {
        if let Some((id, _, g)) = self.head {
            if live(id, g).is_some() {
                return self.head;
            }
            self.head = None;
        }
        while let Some((id, g)) = self.open.pop() {
            if let Some(priority) = live(id, g) {
                self.head = Some((id, priority, g));
                return self.head;
            }
        }
        None
    }

    /// Forgets the peeked head: its node has left this queue.
    pub(crate) fn take(&mut self) {
        self.head = None;
    }
}

/// The memory of both searches, kept by a searcher between searches.
pub(crate) struct Halves<S, A, C> {
    pub(crate) hashed: [HashedTable<S, A, C>; 2],
    pub(crate) dense: [DenseTable<S, A, C>; 2],
    /// Per direction and node id: the node's heuristic value toward the
    /// other end (h forward, the backward heuristic backward).
    pub(crate) h: [Vec<C>; 2],
    /// Per direction and node id: where the node is.
    pub(crate) place: [Vec<Place>; 2],
    pub(crate) steps: Vec<Step<S, A, C>>,
}

impl<S, A, C> Default for Halves<S, A, C> {
    fn default() -> Self {
        Halves {
            hashed: [HashedTable::default(), HashedTable::default()],
            dense: [DenseTable::default(), DenseTable::default()],
            h: [Vec::new(), Vec::new()],
            place: [Vec::new(), Vec::new()],
            steps: Vec::new(),
        }
    }
}

/// One search's view of [`Halves`]: the tables of one layout and the
/// per-node data.
pub(crate) struct Sides<'a, T, S, A, C> {
    pub(crate) tables: &'a mut [T; 2],
    pub(crate) h: &'a mut [Vec<C>; 2],
    pub(crate) place: &'a mut [Vec<Place>; 2],
    pub(crate) layout: PhantomData<(S, A)>,
}

/// [`Sides`] of tables `T` and the successor buffer.
pub(crate) type Borrowed<'a, T, S, A, C> = (Sides<'a, T, S, A, C>, &'a mut Vec<Step<S, A, C>>);

/// [`Borrowed`] dense tables.
pub(crate) type DenseSides<'a, S, A, C> = Borrowed<'a, DenseTable<S, A, C>, S, A, C>;

impl<'a, S, A, C> Halves<S, A, C> {
    /// The hashed tables and the per-node data, and the successor buffer.
    pub(crate) fn hashed(&'a mut self) -> Borrowed<'a, HashedTable<S, A, C>, S, A, C> {
        let sides = Sides {
            tables: &mut self.hashed,
            h: &mut self.h,
            place: &mut self.place,
            layout: PhantomData,
        };
        (sides, &mut self.steps)
    }

    /// The dense tables, emptied and sized for `count` ranks (or refused
    /// with [`Limit::Stored`]), and the rest as [`hashed`](Self::hashed).
    pub(crate) fn dense(
        &'a mut self,
        count: usize,
        max_stored: Option<usize>,
    ) -> Result<DenseSides<'a, S, A, C>, Limit> {
        for table in &mut self.dense {
            table.prepare(count, max_stored)?;
        }
        let sides = Sides {
            tables: &mut self.dense,
            h: &mut self.h,
            place: &mut self.place,
            layout: PhantomData,
        };
        Ok((sides, &mut self.steps))
    }
}

/// The cheapest meeting found so far: the forward node and the backward
/// node of one state, and the cost of the path through it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Meeting<C> {
    pub(crate) cost: C,
    pub(crate) forward: NodeId,
    pub(crate) backward: NodeId,
}

/// What a search has found so far, and the bounds it searches within.
pub(crate) struct Progress<C> {
    /// The cheapest meeting found.
    pub(crate) best: Option<Meeting<C>>,
    /// Whether the cost bound pruned a node or a meeting.
    pub(crate) pruned: bool,
    /// The cost bound of the limits.
    pub(crate) max_cost: Option<C>,
    /// The most states both tables may hold together.
    pub(crate) capacity: usize,
}

impl<C: Cost> Progress<C> {
    /// Whether a path through a node of cost `g` and heuristic value `h`
    /// can be no cheaper than the best meeting.
    pub(crate) fn beaten(&self, g: C, h: C) -> bool {
        self.best.is_some_and(|meeting| g + h >= meeting.cost)
    }

    /// The outcome once the search has stopped looking: the best meeting's
    /// path, or why there is none.
    pub(crate) fn outcome<P, T>(
        &self,
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Outcome<P::State, P::Action, C>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        match self.best {
            Some(meeting) => Outcome::Found(sides.join::<P>(meeting)),
            None if self.pruned => Outcome::LimitReached(Limit::Cost),
            None => Outcome::Unreachable,
        }
    }
}

/// What [`Sides::reach`] did with a generated state.
pub(crate) enum Reached<C> {
    /// Stored already at no greater cost: nothing to do.
    Known,
    /// New, or reached more cheaply than before: node `id` at cost `g`
    /// with heuristic value `h`; the caller files it.
    Better { id: NodeId, g: C, h: C },
}

impl<T, S: Clone + Eq, A: Clone, C: Cost> Sides<'_, T, S, A, C> {
    /// Empties both searches.
    pub(crate) fn clear<P>(&mut self)
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        for side in 0..2 {
            self.tables[side].clear();
            self.h[side].clear();
            self.place[side].clear();
        }
    }

    /// Stores the roots of the emptied searches: the start forward and the
    /// goal backward, with their heuristic values, which it returns. Both
    /// roots are [`Place::Open`]; the caller files them.
    pub(crate) fn start<P>(&mut self, problem: &P, start: S, goal: S) -> [C; 2]
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let h = [problem.heuristic(&start), problem.backward_heuristic(&goal)];
        for (side, root) in [start, goal].into_iter().enumerate() {
            insert_root(&mut self.tables[side], problem, root);
            self.h[side].push(h[side]);
            self.place[side].push(Place::Open);
        }
        h
    }

    /// Whether node `id` of direction `side` is at `place` with cost `g`:
    /// whether a queue entry `(id, g)` is live.
    pub(crate) fn is_at<P>(&self, side: usize, id: NodeId, g: C, place: Place) -> bool
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        self.place[side][id as usize] == place && self.tables[side].node(id).g == g
    }

    /// The number of states stored by both searches.
    pub(crate) fn stored<P>(&self) -> usize
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        self.tables[0].len() + self.tables[1].len()
    }

    /// Files `step`, generated by expanding node `parent` (at cost `g`) in
    /// direction `side`, in that direction's table, refusing a new state
    /// once both tables hold `capacity` states together.
    pub(crate) fn reach<P>(
        &mut self,
        problem: &P,
        side: Direction,
        parent: NodeId,
        g: C,
        step: Step<S, A, C>,
        capacity: usize,
    ) -> Result<Reached<C>, Limit>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let s = side.index();
        let g = g + step.cost;
        let node = Node {
            parent,
            action: Some(step.action),
            g,
        };
        let room = capacity.saturating_sub(self.tables[1 - s].len());
        let id = match self.tables[s].find_or_insert(problem, step.state, node, room) {
            Slot::New(id) => {
                let state = self.tables[s].state(id);
                self.h[s].push(match side {
                    Direction::Forward => problem.heuristic(state),
                    Direction::Backward => problem.backward_heuristic(state),
                });
                self.place[s].push(Place::Aside);
                id
            }
            Slot::Old(id, _) if self.tables[s].node(id).g <= g => return Ok(Reached::Known),
            Slot::Old(id, cheaper) => {
                // A cheaper path to a stored state: reparent it; the caller
                // files it again, even if it was expanded already.
                *self.tables[s].node_mut(id) = cheaper;
                id
            }
            Slot::Full => return Err(Limit::Stored),
        };
        Ok(Reached::Better {
            id,
            g,
            h: self.h[s][id as usize],
        })
    }

    /// Expands node `id` of direction `side`, at cost `g`: stores each
    /// successor (forward) or predecessor (backward) reached more cheaply
    /// than before, records the meetings, and hands each one worth
    /// searching on (f within the cost bound and below the best meeting) to
    /// `file`, which queues it and says where it went.
    #[expect(clippy::too_many_arguments, reason = "one expansion's whole context")]
    pub(crate) fn expand<P>(
        &mut self,
        problem: &P,
        steps: &mut Vec<Step<S, A, C>>,
        side: Direction,
        (id, g): (NodeId, C),
        progress: &mut Progress<C>,
        stats: &mut Stats<C>,
        mut file: impl FnMut(usize, NodeId, C, C) -> Place,
    ) -> Result<(), Limit>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let s = side.index();
        let at = self.tables[s].state(id);
        match side {
            Direction::Forward => steps.extend(problem.successors(at)),
            Direction::Backward => steps.extend(problem.predecessors(at)),
        }
        for step in steps.drain(..) {
            stats.generated += 1;
            if progress.beaten(g, step.cost) {
                // No cheaper path runs through this state.
                continue;
            }
            let Reached::Better { id: child, g, h } =
                self.reach(problem, side, id, g, step, progress.capacity)?
            else {
                continue;
            };
            if let Some(meeting) = self.meeting(problem, side, child) {
                if progress.max_cost.is_some_and(|bound| meeting.cost > bound) {
                    progress.pruned = true;
                } else if progress.best.is_none_or(|known| meeting.cost < known.cost) {
                    progress.best = Some(meeting);
                }
            }
            let place = if progress.max_cost.is_some_and(|bound| g + h > bound) {
                progress.pruned = true;
                Place::Aside
            } else if progress.beaten(g, h) {
                Place::Aside
            } else {
                file(s, child, g, h)
            };
            self.place[s][child as usize] = place;
        }
        Ok(())
    }

    /// The meeting through node `id` of direction `side`, if the other
    /// search has stored its state too.
    pub(crate) fn meeting<P>(&self, problem: &P, side: Direction, id: NodeId) -> Option<Meeting<C>>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let s = side.index();
        let table = &self.tables[s];
        let other = self.tables[1 - s].find(problem, table.state(id))?;
        let cost = table.node(id).g + self.tables[1 - s].node(other).g;
        let (forward, backward) = match side {
            Direction::Forward => (id, other),
            Direction::Backward => (other, id),
        };
        Some(Meeting {
            cost,
            forward,
            backward,
        })
    }

    /// The whole path through `meeting`: the start to the meeting state
    /// along the forward table's parents, then on to the goal along the
    /// backward table's (whose actions already run forward).
    pub(crate) fn join<P>(&self, meeting: Meeting<C>) -> Solution<S, A, C>
    where
        P: BidirectionalProblem<State = S, Action = A, Cost = C>,
        T: NodeTable<P>,
    {
        let [forward, backward] = &*self.tables;
        let (mut states, mut actions) = path_to::<P>(forward, meeting.forward);
        // The backward walk starts at the meeting state again.
        states.pop();
        walk_to_root(backward, meeting.backward, &mut states, &mut actions);
        Solution {
            states,
            actions,
            cost: meeting.cost,
        }
    }
}
