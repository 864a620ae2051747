//! The bookkeeping the bidirectional heuristic searches share: two
//! searches, one from the start and one from the goal, sharing one state
//! table in which each stored state has a *half* per direction (its cost,
//! parent and action from that end, its heuristic value toward the other
//! end, which queue holds it: `sides.rs`), open lists that can be peeked,
//! the best meeting found so far and the path through it.
//!
//! The forward half of a node is the table's own node; the backward
//! halves are kept in a vector beside it, by node id. One table means a
//! generated state is hashed and looked up once: whether the other search
//! has reached it too (a meeting) is then a field of its node, not a second
//! lookup in another table (which, measured with two tables, took a fifth
//! of MM's time on the 15-puzzle).
//!
//! The search loop itself is written once too, in `driver.rs`: each of the
//! four algorithms is a [`Policy`](driver::Policy), its queues and its
//! choice of what to expand and when to stop.

use crate::limits::Room;
use crate::open::Open;
use crate::table::{NodeId, NodeTable};
use crate::{BidirectionalProblem, Cost, Limit, Outcome};

pub(crate) mod driver;
mod sides;

pub(crate) use sides::{Halves, Sides};

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
    /// Not reached by this direction (only by the other).
    Unreached,
    /// Stored, in no queue: pruned by the cost bound or by the best meeting.
    Aside,
    /// In the open list (MM) or NBS's waiting queue (f above the lower bound).
    Open,
    /// In NBS's ready queue (f at most the lower bound).
    Ready,
    /// Expanded, and not reached more cheaply since.
    Closed,
}

/// An open list `O` whose best entry can be looked at without taking it:
/// the entry is popped into `head` and stays there until taken or beaten by
/// a better push (then it goes back into the list). Entries may be stale
/// (their node moved or got cheaper since); `peek` is told which are live
/// and what their priority is.
///
/// Any [`Open`] serves, whichever [`OpenList`](crate::OpenList) the
/// searcher is set to: the queue only pushes, pops and clears. A node is
/// filed again in a queue only at a lower g, and each queue's priority
/// (max(f, 2g), f or g) does not grow as g falls, so a list that keeps one
/// entry per node ([`DecreaseKey`](crate::open::DecreaseKey)) keeps its
/// live one; a head pushed back, stale or not, never outranks it.
pub(crate) struct Queue<C, O> {
    open: O,
    /// The best live entry seen.
    head: Option<Entry<C>>,
}

/// A queue entry as [`Queue::peek`] shows it: `(id, priority, g)`.
pub(crate) type Entry<C> = (NodeId, C, C);

impl<C, O: Default> Default for Queue<C, O> {
    fn default() -> Self {
        Queue {
            open: O::default(),
            head: None,
        }
    }
}

impl<C: Cost, O: Open<C>> Queue<C, O> {
    pub(crate) fn clear(&mut self) {
        self.open.clear();
        self.head = None;
    }

    /// Files node `id` at `priority`, reached at cost `g`; refused with
    /// [`Limit::Memory`] when the list cannot grow within `room`.
    pub(crate) fn push(&mut self, id: NodeId, priority: C, g: C, room: &Room) -> Result<(), Limit> {
        match self.head {
            // Lowest priority first, then highest g, as every open list.
            Some((held, p, held_g)) if priority < p || (priority == p && g > held_g) => {
                self.open.push(held, p, held_g, room)?;
                self.head = Some((id, priority, g));
                Ok(())
            }
            _ => self.open.push(id, priority, g, room),
        }
    }

    /// The bytes the list holds allocated.
    pub(crate) fn allocated(&self) -> usize {
        self.open.allocated()
    }

    /// The bytes the lists of `queues` hold allocated.
    pub(crate) fn bytes<'q>(queues: impl IntoIterator<Item = &'q Self>) -> usize
    where
        C: 'q,
        O: 'q,
    {
        queues.into_iter().map(Self::allocated).sum()
    }

    /// The best live entry, `(id, priority, g)`: `live(id, g)` gives the
    /// priority of an entry whose node is still filed here at cost `g`,
    /// `None` for a stale one, which is dropped.
    pub(crate) fn peek(
        &mut self,
        mut live: impl FnMut(NodeId, C) -> Option<C>,
    ) -> Option<Entry<C>> {
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

    /// The best entry whose node is still at `place` in direction `side`
    /// of `sides`, at the cost it was filed with; `priority(id, g)` gives
    /// its priority (`None`: it is dropped too). Stale entries are dropped.
    #[inline]
    pub(crate) fn peek_at<P, T>(
        &mut self,
        sides: &Sides<'_, T, P::State, P::Action, C>,
        (side, place): (usize, Place),
        priority: impl Fn(NodeId, C) -> Option<C>,
    ) -> Option<Entry<C>>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        self.peek(|id, g| {
            sides
                .is_at::<P>(side, id, g, place)
                .then(|| priority(id, g))
                .flatten()
        })
    }

    /// Forgets the peeked head: its node has left this queue.
    pub(crate) fn take(&mut self) {
        self.head = None;
    }
}

/// The bytes the vectors `vecs` hold allocated: a search's buffers beside
/// its queues.
pub(crate) fn vec_bytes<T>(vecs: &[Vec<T>]) -> usize {
    vecs.iter().map(|vec| vec.capacity() * size_of::<T>()).sum()
}

/// The cheapest meeting found so far: a node both searches reached, and
/// the cost of the path through it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Meeting<C> {
    pub(crate) cost: C,
    pub(crate) id: NodeId,
}

/// What a search has found so far, and the bounds it searches within.
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about one search, each read on its own"
)]
pub(crate) struct Progress<C> {
    /// The cheapest meeting found.
    pub(crate) best: Option<Meeting<C>>,
    /// Whether the cost bound pruned a node or a meeting.
    pub(crate) pruned: bool,
    /// The cost bound of the limits.
    pub(crate) max_cost: Option<C>,
    /// Whether a path's cost did not fit the cost type (it was dropped).
    pub(crate) overflowed: bool,
    /// Whether a node already expanded in a direction was reached more
    /// cheaply since: the nodes below it keep their g until reached again,
    /// so a path through the current parents can cost less than the g
    /// recorded at its end.
    pub(crate) reopened: bool,
    /// The problem's [`min_step_cost`](crate::SearchProblem::min_step_cost)
    /// for the searches that use it (zero for those that do not): no step
    /// may cost less (checked in debug builds).
    pub(crate) epsilon: C,
    /// Whether a node filed by one direction also needs the other
    /// direction's heuristic value (BAE*'s priority uses both).
    pub(crate) both_heuristics: bool,
    /// Whether a node the other direction has expanded is set aside rather
    /// than queued (DVCBS, as HOG2's `DVCBS.h`: for consistent heuristics
    /// its cheapest path through the node is the meeting just recorded).
    pub(crate) skip_expanded_by_other: bool,
    /// The states and bytes the search may take.
    pub(crate) room: Room,
}

impl<C: Cost> Progress<C> {
    /// Nothing found yet, within `max_cost` and `room`, with steps of at
    /// least `epsilon`; the flags of particular algorithms unset.
    pub(crate) fn new(max_cost: Option<C>, epsilon: C, room: Room) -> Self {
        Progress {
            best: None,
            pruned: false,
            max_cost,
            overflowed: false,
            reopened: false,
            epsilon,
            both_heuristics: false,
            skip_expanded_by_other: false,
            room,
        }
    }

    /// Whether a path through a node of cost `g` and heuristic value `h`
    /// can be no cheaper than the best meeting.
    pub(crate) fn beaten(&self, g: C, h: C) -> bool {
        // A sum that does not fit exceeds every cost that does.
        self.best
            .is_some_and(|meeting| g.checked_add(h).is_none_or(|f| f >= meeting.cost))
    }

    /// The outcome once the search has stopped looking: the best meeting's
    /// path, or why there is none.
    pub(crate) fn outcome<P, T>(
        &self,
        problem: &P,
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Outcome<P::State, P::Action, C>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        match self.best {
            Some(meeting) => Outcome::Found(sides.join(problem, meeting, self.reopened)),
            None if self.overflowed => Outcome::LimitReached(Limit::CostOverflow),
            None if self.pruned => Outcome::LimitReached(Limit::Cost),
            None => Outcome::Unreachable,
        }
    }
}

/// A node to file in a direction's queues, as [`Sides::expand`] hands it
/// to a search's [`Policy`](driver::Policy).
#[derive(Clone, Copy, Debug)]
pub(crate) struct OpenNode<C> {
    pub(crate) id: NodeId,
    /// Its cost from the direction's end.
    pub(crate) g: C,
    /// Its heuristic value toward the other end.
    pub(crate) h: C,
    /// g + h (it fits the cost type).
    pub(crate) f: C,
    /// The other direction's heuristic value: known where that direction
    /// has reached the node, or where the search asks for both values
    /// ([`Progress::both_heuristics`]); zero otherwise.
    pub(crate) h_other: C,
}
