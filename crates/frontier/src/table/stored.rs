//! What both table layouts keep per id: states and nodes in parallel
//! vectors, in insertion order.

use crate::Limit;
use crate::limits::Room;

use super::Node;

/// What both table layouts keep per id: the state and its node, in
/// parallel vectors in insertion order (a lookup compares states, and
/// states packed densely take fewer cache lines than states interleaved
/// with their nodes: measured, one vector of pairs ran A* on the 8-puzzle
/// 16% slower in CPU time).
#[derive(Debug)]
pub(crate) struct Stored<S, A, C> {
    states: Vec<S>,
    nodes: Vec<Node<A, C>>,
}

impl<S, A, C> Default for Stored<S, A, C> {
    fn default() -> Self {
        Stored {
            states: Vec::new(),
            nodes: Vec::new(),
        }
    }
}

impl<S, A, C> Stored<S, A, C> {
    pub(super) fn clear(&mut self) {
        self.states.clear();
        self.nodes.clear();
    }

    /// The id the next pushed state gets.
    #[inline]
    pub(super) fn next_id(&self) -> usize {
        self.states.len()
    }

    /// The state of node `id`.
    #[inline]
    pub(crate) fn state(&self, id: usize) -> &S {
        &self.states[id]
    }

    /// The node of `id`.
    #[inline]
    pub(crate) fn node(&self, id: usize) -> &Node<A, C> {
        &self.nodes[id]
    }

    /// The node of `id`, to update.
    #[inline]
    pub(crate) fn node_mut(&mut self, id: usize) -> &mut Node<A, C> {
        &mut self.nodes[id]
    }

    /// Stores `state` and `node` for `id` in place of what it held: a
    /// cheaper path to a state equal (under `Eq`) to the stored one, whose
    /// value may carry more than its key.
    #[inline]
    pub(crate) fn replace(&mut self, id: usize, state: S, node: Node<A, C>) {
        self.states[id] = state;
        self.nodes[id] = node;
    }

    /// Stores a state and its node, within `room`.
    #[expect(
        clippy::inline_always,
        reason = "measured: out of line (as LLVM chose), bidirectional BFS on the 8-puzzle ran 36% more instructions (docs/benchmarks.md)"
    )]
    #[inline(always)]
    pub(super) fn push(&mut self, state: S, node: Node<A, C>, room: &Room) -> Result<(), Limit> {
        // Tested this way round, the checks of `Vec::push` fold into these.
        if self.states.len() < self.states.capacity() && self.nodes.len() < self.nodes.capacity() {
            self.states.push(state);
            self.nodes.push(node);
            Ok(())
        } else {
            self.push_grown(state, node, room)
        }
    }

    /// [`push`](Self::push) when a vector is full: grows it within `room`
    /// first.
    #[cold]
    #[inline(never)]
    fn push_grown(&mut self, state: S, node: Node<A, C>, room: &Room) -> Result<(), Limit> {
        room.push(&mut self.states, state)?;
        if let Err(limit) = room.push(&mut self.nodes, node) {
            self.states.pop();
            return Err(limit);
        }
        Ok(())
    }

    pub(super) fn allocated(&self) -> usize {
        self.states.capacity() * size_of::<S>() + self.nodes.capacity() * size_of::<Node<A, C>>()
    }
}
