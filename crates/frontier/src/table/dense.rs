//! The dense layout: states indexed by their rank.

use crate::limits::{Limits, Room};
use crate::{Limit, RankedStates};

use super::{NONE, Node, NodeId, NodeTable, Slot, Stored, id_for};

/// Dense layout: `ids[rank]` points into parallel vectors of states and
/// nodes. Clearing resets only the slots the last search used, so a reused
/// table costs nothing per search for the ranks it never touched.
#[derive(Debug)]
pub(crate) struct DenseTable<S, A, C> {
    ids: Vec<NodeId>,
    ranks: Vec<usize>,
    stored: Stored<S, A, C>,
}

impl<S, A, C> Default for DenseTable<S, A, C> {
    fn default() -> Self {
        DenseTable {
            ids: Vec::new(),
            ranks: Vec::new(),
            stored: Stored::default(),
        }
    }
}

impl<S, A, C> DenseTable<S, A, C> {
    /// Empties the table and makes room for `count` ranks, refusing with
    /// [`Limit::Stored`] when `count` exceeds `max_stored`, and with
    /// [`Limit::Memory`] when the index would pass the memory bound of
    /// `limits` or cannot be had (a dense table of the 15-puzzle's 16!
    /// ranks, say).
    pub(crate) fn prepare<K>(&mut self, count: usize, limits: &Limits<K>) -> Result<(), Limit> {
        self.reset();
        if limits.max_stored.is_some_and(|max| count > max) {
            return Err(Limit::Stored);
        }
        if self.ids.len() != count {
            let room = Room::new(limits, usize::MAX);
            self.ids = Vec::new();
            room.grow(&mut self.ids, count)?;
            self.ids.resize(count, NONE);
        }
        Ok(())
    }

    /// Forgets every node, resetting only the slots the last search used.
    fn reset(&mut self) {
        for &rank in &self.ranks {
            self.ids[rank] = NONE;
        }
        self.ranks.clear();
        self.stored.clear();
    }

    fn slot(&self, rank: usize) -> usize {
        assert!(
            rank < self.ids.len(),
            "RankedStates contract broken: rank {rank} is not below state_count {}",
            self.ids.len()
        );
        rank
    }
}

impl<P: RankedStates> NodeTable<P> for DenseTable<P::State, P::Action, P::Cost> {
    fn clear(&mut self) {
        self.reset();
    }

    fn stored(&self) -> &Stored<P::State, P::Action, P::Cost> {
        &self.stored
    }

    fn stored_mut(&mut self) -> &mut Stored<P::State, P::Action, P::Cost> {
        &mut self.stored
    }

    #[expect(
        clippy::inline_always,
        reason = "measured: out of line (as LLVM chose), A* on grid maps took 1.23x the time (docs/benchmarks-log.md)"
    )]
    #[inline(always)]
    fn find_or_insert(
        &mut self,
        problem: &P,
        state: P::State,
        node: Node<P::Action, P::Cost>,
        room: &Room,
    ) -> Slot<P::State, P::Action, P::Cost> {
        let slot = self.slot(problem.rank(&state));
        let existing = self.ids[slot];
        if existing != NONE {
            return Slot::Old(existing, node, state);
        }
        if self.stored.next_id() >= room.states() {
            return Slot::Full(Limit::Stored);
        }
        let id = id_for(self.stored.next_id());
        if let Err(limit) = room
            .push(&mut self.ranks, slot)
            .and_then(|()| self.stored.push(state, node, room))
        {
            self.ranks.truncate(self.stored.next_id());
            return Slot::Full(limit);
        }
        self.ids[slot] = id;
        Slot::New(id)
    }

    fn allocated(&self) -> usize {
        self.ids.capacity() * size_of::<NodeId>()
            + self.ranks.capacity() * size_of::<usize>()
            + self.stored.allocated()
    }
}
