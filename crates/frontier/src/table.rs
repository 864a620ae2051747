//! State tables shared by BFS, bidirectional BFS and A*: every stored state
//! gets a dense node id, with its parent, the action from the parent and its
//! cost so far. Two layouts, one interface:
//!
//! - [`HashedTable`]: an insertion-ordered hash map (`indexmap` with
//!   `rustc-hash`'s Fx hasher) that stores each state once and gives it an
//!   index, so BFS can use the table itself as its queue.
//! - [`DenseTable`]: for [`RankedStates`] problems, a vector indexed by rank
//!   replaces hashing.

use indexmap::IndexMap;
use indexmap::map::Entry;
use rustc_hash::FxBuildHasher;

use crate::{Cost, Limit, RankedStates, SearchProblem, Solution};

/// The index of a stored node.
pub(crate) type NodeId = u32;

/// Marks "no node": the root's parent, an empty dense slot.
pub(crate) const NONE: NodeId = NodeId::MAX;

/// What a table keeps for a stored state.
#[derive(Clone, Debug)]
pub(crate) struct Node<A, C> {
    /// The node this one was reached from ([`NONE`] for a root).
    pub(crate) parent: NodeId,
    /// The action from the parent (`None` for a root).
    pub(crate) action: Option<A>,
    /// The cost of the best path found so far.
    pub(crate) g: C,
}

/// A map from states to nodes with dense ids `0..len()`, in insertion order.
/// The problem is passed to each call, so a table outlives any one problem
/// and can be reused by the next search.
pub(crate) trait NodeTable<P: SearchProblem> {
    /// Forgets every node, keeping the memory for the next search.
    fn clear(&mut self);
    /// The number of stored nodes.
    fn len(&self) -> usize;
    /// The id of `state`, if stored.
    fn find(&self, problem: &P, state: &P::State) -> Option<NodeId>;
    /// Looks `state` up and stores it with `node` if it is new, hashing or
    /// ranking it once; a new state is refused when the table already holds
    /// `capacity` nodes.
    fn find_or_insert(
        &mut self,
        problem: &P,
        state: P::State,
        node: Node<P::Action, P::Cost>,
        capacity: usize,
    ) -> Slot<P::Action, P::Cost>;
    /// The state of a stored node.
    fn state(&self, id: NodeId) -> &P::State;
    /// A stored node.
    fn node(&self, id: NodeId) -> &Node<P::Action, P::Cost>;
    /// A stored node, to update on a cheaper path.
    fn node_mut(&mut self, id: NodeId) -> &mut Node<P::Action, P::Cost>;
}

/// What [`NodeTable::find_or_insert`] did.
pub(crate) enum Slot<A, C> {
    /// The state was stored already, under this id; the offered node comes
    /// back unused.
    Old(NodeId, Node<A, C>),
    /// The state is new and now stored under this id.
    New(NodeId),
    /// The state is new and the table is full: nothing was stored.
    Full,
}

/// The most nodes a table may hold under `max_stored`.
pub(crate) fn capacity(max_stored: Option<usize>) -> usize {
    max_stored.unwrap_or(usize::MAX).min(NONE as usize)
}

/// Converts a table length to the next id.
fn id_for(len: usize) -> NodeId {
    // cannot fail: `capacity` keeps tables below `NONE` nodes
    NodeId::try_from(len).expect("node table overflow")
}

/// Hashed layout: one `IndexMap` entry per state.
#[derive(Debug)]
pub(crate) struct HashedTable<S, A, C> {
    map: IndexMap<S, Node<A, C>, FxBuildHasher>,
}

impl<S, A, C> Default for HashedTable<S, A, C> {
    fn default() -> Self {
        HashedTable {
            map: IndexMap::default(),
        }
    }
}

impl<P: SearchProblem> NodeTable<P> for HashedTable<P::State, P::Action, P::Cost> {
    fn clear(&mut self) {
        self.map.clear();
    }

    fn len(&self) -> usize {
        self.map.len()
    }

    fn find(&self, _: &P, state: &P::State) -> Option<NodeId> {
        self.map.get_index_of(state).map(id_for)
    }

    fn find_or_insert(
        &mut self,
        _: &P,
        state: P::State,
        node: Node<P::Action, P::Cost>,
        capacity: usize,
    ) -> Slot<P::Action, P::Cost> {
        let len = self.map.len();
        match self.map.entry(state) {
            Entry::Occupied(entry) => Slot::Old(id_for(entry.index()), node),
            Entry::Vacant(_) if len >= capacity => Slot::Full,
            Entry::Vacant(entry) => {
                let id = id_for(entry.index());
                entry.insert(node);
                Slot::New(id)
            }
        }
    }

    fn state(&self, id: NodeId) -> &P::State {
        // cannot fail: ids are only handed out for stored nodes
        self.map.get_index(id as usize).expect("stored node").0
    }

    fn node(&self, id: NodeId) -> &Node<P::Action, P::Cost> {
        &self.map[id as usize]
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node<P::Action, P::Cost> {
        &mut self.map[id as usize]
    }
}

/// Dense layout: `ids[rank]` points into parallel vectors of states and
/// nodes. Clearing resets only the slots the last search used, so a reused
/// table costs nothing per search for the ranks it never touched.
#[derive(Debug)]
pub(crate) struct DenseTable<S, A, C> {
    ids: Vec<NodeId>,
    ranks: Vec<usize>,
    states: Vec<S>,
    nodes: Vec<Node<A, C>>,
}

impl<S, A, C> Default for DenseTable<S, A, C> {
    fn default() -> Self {
        DenseTable {
            ids: Vec::new(),
            ranks: Vec::new(),
            states: Vec::new(),
            nodes: Vec::new(),
        }
    }
}

impl<S, A, C> DenseTable<S, A, C> {
    /// Empties the table and makes room for `count` ranks, refusing with
    /// [`Limit::Stored`] when `count` exceeds `max_stored` or the memory
    /// cannot be had (a dense table of the 15-puzzle's 16! ranks, say).
    pub(crate) fn prepare(&mut self, count: usize, max_stored: Option<usize>) -> Result<(), Limit> {
        self.reset();
        if max_stored.is_some_and(|max| count > max) {
            return Err(Limit::Stored);
        }
        if self.ids.len() != count {
            self.ids.clear();
            self.ids.shrink_to(count);
            self.ids
                .try_reserve_exact(count)
                .map_err(|_| Limit::Stored)?;
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
        self.states.clear();
        self.nodes.clear();
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

    fn len(&self) -> usize {
        self.nodes.len()
    }

    fn find(&self, problem: &P, state: &P::State) -> Option<NodeId> {
        let id = self.ids[self.slot(problem.rank(state))];
        (id != NONE).then_some(id)
    }

    fn find_or_insert(
        &mut self,
        problem: &P,
        state: P::State,
        node: Node<P::Action, P::Cost>,
        capacity: usize,
    ) -> Slot<P::Action, P::Cost> {
        let slot = self.slot(problem.rank(&state));
        let existing = self.ids[slot];
        if existing != NONE {
            return Slot::Old(existing, node);
        }
        if self.nodes.len() >= capacity {
            return Slot::Full;
        }
        let id = id_for(self.nodes.len());
        self.ids[slot] = id;
        self.ranks.push(slot);
        self.states.push(state);
        self.nodes.push(node);
        Slot::New(id)
    }

    fn state(&self, id: NodeId) -> &P::State {
        &self.states[id as usize]
    }

    fn node(&self, id: NodeId) -> &Node<P::Action, P::Cost> {
        &self.nodes[id as usize]
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node<P::Action, P::Cost> {
        &mut self.nodes[id as usize]
    }
}

/// Stores the root of a search in a just-cleared table, as node 0.
pub(crate) fn insert_root<P: SearchProblem>(
    table: &mut impl NodeTable<P>,
    problem: &P,
    state: P::State,
) -> NodeId {
    let root = Node {
        parent: NONE,
        action: None,
        g: P::Cost::ZERO,
    };
    // cannot fail: the table is empty, so the root is new and fits
    let _ = table.find_or_insert(problem, state, root, 1);
    0
}

/// The states and actions from the root of `table` to `id`, root first.
pub(crate) fn path_to<P: SearchProblem>(
    table: &impl NodeTable<P>,
    id: NodeId,
) -> (Vec<P::State>, Vec<P::Action>) {
    let mut states = Vec::new();
    let mut actions = Vec::new();
    let mut at = id;
    loop {
        states.push(table.state(at).clone());
        let node = table.node(at);
        match &node.action {
            Some(action) => actions.push(action.clone()),
            None => break,
        }
        at = node.parent;
    }
    states.reverse();
    actions.reverse();
    (states, actions)
}

/// The solution ending at node `id` of a forward table.
pub(crate) fn solution_to<P: SearchProblem>(
    table: &impl NodeTable<P>,
    id: NodeId,
) -> Solution<P::State, P::Action, P::Cost> {
    let (states, actions) = path_to::<P>(table, id);
    Solution {
        states,
        actions,
        cost: table.node(id).g,
    }
}
