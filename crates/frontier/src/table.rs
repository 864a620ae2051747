//! State tables shared by BFS, bidirectional BFS and A*: every stored state
//! gets a dense node id, with its parent, the action from the parent and its
//! cost so far. Two layouts, one interface:
//!
//! - `HashedTable`: an insertion-ordered open-addressing hash table
//!   (`rustc-hash`'s Fx hasher) that stores each state once and gives it an
//!   index, so BFS can use the table itself as its queue.
//! - `DenseTable`: for [`RankedStates`] problems, a vector indexed by rank
//!   replaces hashing.
//!
//! A searcher chooses between them by its last type parameter: [`Hashed`]
//! (the default) or [`Dense`], set with its `dense()` builder method.

use std::hash::{BuildHasher, Hash};

use rustc_hash::FxBuildHasher;

use crate::{Cost, Limit, RankedStates, SearchProblem, Solution};

/// Marks a searcher that keeps its states in a hash table: works for every
/// [`SearchProblem`], costs memory only for the states it reaches. The
/// default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hashed;

/// Marks a searcher that keeps its states in vectors indexed by
/// [`RankedStates::rank`]: no hashing, faster when a search touches a good
/// part of a space of known size (the whole 8-puzzle, say), but
/// `state_count()` slots are taken up front. A table that would exceed
/// `max_stored`, or that cannot be allocated, stops the search at once with
/// [`Limit::Stored`].
///
/// Set with the searchers' `dense()` method; searching then needs a
/// [`RankedStates`] problem.
///
/// # Example
///
/// ```
/// use frontier::{Bfs, toy::Doubling};
///
/// let mut bfs = Bfs::new().dense();
/// assert_eq!(bfs.search(&Doubling::new(1, 10)).into_solution().unwrap().len(), 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dense;

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
    /// The id of `state` if the table holds it; stores nothing. The
    /// bidirectional heuristic searches ask it of the other direction's
    /// table to find where the two searches meet.
    fn find(&self, problem: &P, state: &P::State) -> Option<NodeId>;
    /// The stored states and nodes, by id.
    fn stored(&self) -> &Stored<P::State, P::Action, P::Cost>;
    /// The stored states and nodes, by id, to update.
    fn stored_mut(&mut self) -> &mut Stored<P::State, P::Action, P::Cost>;

    /// The number of stored nodes.
    fn len(&self) -> usize {
        self.stored().next_id()
    }
    /// The state of a stored node.
    fn state<'a>(&'a self, id: NodeId) -> &'a P::State
    where
        P::Action: 'a,
        P::Cost: 'a,
    {
        &self.stored().states[id as usize]
    }
    /// A stored node.
    fn node<'a>(&'a self, id: NodeId) -> &'a Node<P::Action, P::Cost>
    where
        P::State: 'a,
    {
        &self.stored().nodes[id as usize]
    }
    /// A stored node, to update on a cheaper path.
    fn node_mut<'a>(&'a mut self, id: NodeId) -> &'a mut Node<P::Action, P::Cost>
    where
        P::State: 'a,
    {
        &mut self.stored_mut().nodes[id as usize]
    }
}

/// What both table layouts keep per id: the state and its node, in
/// parallel vectors in insertion order.
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
    fn clear(&mut self) {
        self.states.clear();
        self.nodes.clear();
    }

    /// The id the next pushed state gets.
    fn next_id(&self) -> usize {
        self.states.len()
    }

    fn push(&mut self, state: S, node: Node<A, C>) {
        self.states.push(state);
        self.nodes.push(node);
    }
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

/// Hashed layout: states and nodes in parallel vectors, indexed by an
/// open-addressing hash table of ids.
///
/// Each slot of `slots` packs a generation (16 bits), 16 bits of the
/// state's Fx hash and its id + 1 (32 bits). A slot is empty unless its
/// generation is the table's, so emptying the slots is one increment (and
/// a real wipe once every 65,535). Probing is linear over the first
/// `mask + 1` slots, kept at most half full, so a lookup reads one or two
/// slots, and the hash bits settle most mismatches without touching the
/// state. States are never removed, so no tombstones.
///
/// A search on a reused table starts on at most [`REUSED_SLOTS`] of the
/// slots a previous search left allocated, and doubles them as it grows: the
/// slots in use stay as compact, and as cache-friendly, as in a fresh table
/// (a reused table that probed all of a big previous search's slots
/// measured 1.5x slower on 8-puzzle BFS), small searches never rehash, and
/// growing within the allocation needs no wipe, only a new generation.
#[derive(Debug)]
pub(crate) struct HashedTable<S, A, C> {
    slots: Vec<u64>,
    /// The slots in use are `slots[..=mask]`, a power of two of them.
    mask: usize,
    generation: u64,
    stored: Stored<S, A, C>,
}

impl<S, A, C> Default for HashedTable<S, A, C> {
    fn default() -> Self {
        HashedTable {
            slots: Vec::new(),
            mask: 0,
            generation: 1,
            stored: Stored::default(),
        }
    }
}

/// The fewest slots a non-empty hashed table uses.
const MIN_SLOTS: usize = 64;

/// The most slots a reused table starts a search on (256 KiB, about an L2
/// cache): small searches on a reused table never grow, big ones grow as
/// in a fresh table.
const REUSED_SLOTS: usize = 1 << 15;

/// Where a slot keeps its generation, and the largest generation.
const GENERATION_SHIFT: u32 = 48;
const LAST_GENERATION: u64 = 0xFFFF;

impl<S: Hash + Eq, A, C> HashedTable<S, A, C> {
    #[inline]
    fn hash(state: &S) -> u64 {
        FxBuildHasher.hash_one(state)
    }

    /// The slot for node `id` of a state hashing to `hash`.
    #[inline]
    fn pack(&self, hash: u64, id: usize) -> u64 {
        (self.generation << GENERATION_SHIFT) | ((hash >> 48) << 32) | (id as u64 + 1)
    }

    /// The first slot to probe for `hash`.
    #[inline]
    fn home(&self, hash: u64) -> usize {
        // Truncation intended: the mask keeps the bits that index the slots.
        #[expect(clippy::cast_possible_truncation, reason = "masked to the table")]
        let home = hash as usize & self.mask;
        home
    }

    /// The slot holding `state`, or the empty slot where it would go, and
    /// whether it holds `state`. Requires at least one empty slot in use.
    #[inline]
    fn probe(&self, state: &S, hash: u64) -> (usize, bool) {
        // The generation and the tag, as they sit in a slot of this state.
        let key = (self.generation << 16) | (hash >> 48);
        let mut at = self.home(hash);
        loop {
            let slot = self.slots[at];
            if slot >> GENERATION_SHIFT != self.generation {
                return (at, false);
            }
            if slot >> 32 == key && self.stored.states[slot_id(slot)] == *state {
                return (at, true);
            }
            at = (at + 1) & self.mask;
        }
    }

    /// Empties every slot: a new generation, or a wipe when they run out.
    fn empty_slots(&mut self) {
        if self.generation == LAST_GENERATION {
            self.slots.fill(0);
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    /// Doubles the slots in use (to at least [`MIN_SLOTS`]), allocating only
    /// when the allocation is outgrown, and files every state again.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let size = if self.slots.is_empty() {
            MIN_SLOTS
        } else {
            (self.mask + 1) * 2
        };
        if size > self.slots.len() {
            self.slots = vec![0; size];
            self.generation = 1;
        } else {
            self.empty_slots();
        }
        self.mask = size - 1;
        for id in 0..self.stored.next_id() {
            let hash = Self::hash(&self.stored.states[id]);
            let mut at = self.home(hash);
            while self.slots[at] >> GENERATION_SHIFT == self.generation {
                at = (at + 1) & self.mask;
            }
            self.slots[at] = self.pack(hash, id);
        }
    }
}

/// The node id in a full slot.
#[inline]
fn slot_id(slot: u64) -> usize {
    (slot & 0xFFFF_FFFF) as usize - 1
}

impl<P: SearchProblem> NodeTable<P> for HashedTable<P::State, P::Action, P::Cost> {
    fn clear(&mut self) {
        self.empty_slots();
        self.mask = self.slots.len().clamp(1, REUSED_SLOTS) - 1;
        self.stored.clear();
    }

    fn stored(&self) -> &Stored<P::State, P::Action, P::Cost> {
        &self.stored
    }

    fn stored_mut(&mut self) -> &mut Stored<P::State, P::Action, P::Cost> {
        &mut self.stored
    }

    #[expect(
        clippy::inline_always,
        reason = "measured: not inlining it costs A* on the 8-puzzle 16% more instructions (docs/benchmarks.md)"
    )]
    #[inline(always)]
    fn find_or_insert(
        &mut self,
        _: &P,
        state: P::State,
        node: Node<P::Action, P::Cost>,
        capacity: usize,
    ) -> Slot<P::Action, P::Cost> {
        let len = self.stored.next_id();
        if (len + 1) * 2 > self.mask + 1 {
            self.grow();
        }
        let hash = Self::hash(&state);
        let (at, found) = self.probe(&state, hash);
        if found {
            return Slot::Old(id_for(slot_id(self.slots[at])), node);
        }
        if len >= capacity {
            return Slot::Full;
        }
        self.slots[at] = self.pack(hash, len);
        self.stored.push(state, node);
        Slot::New(id_for(len))
    }

    fn find(&self, _: &P, state: &P::State) -> Option<NodeId> {
        if self.slots.is_empty() {
            return None;
        }
        let (at, found) = self.probe(state, Self::hash(state));
        found.then(|| id_for(slot_id(self.slots[at])))
    }
}

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
        if self.stored.next_id() >= capacity {
            return Slot::Full;
        }
        let id = id_for(self.stored.next_id());
        self.ids[slot] = id;
        self.ranks.push(slot);
        self.stored.push(state, node);
        Slot::New(id)
    }

    fn find(&self, problem: &P, state: &P::State) -> Option<NodeId> {
        let id = self.ids[self.slot(problem.rank(state))];
        (id != NONE).then_some(id)
    }
}

/// Stores `state`, which the table must not hold yet, as a root: no
/// parent, cost zero. Returns its id.
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
    let id = table.len();
    // cannot fail: the root is new and room is made for it
    let _ = table.find_or_insert(problem, state, root, id + 1);
    id_for(id)
}

/// Appends the states and actions met walking from `id` up its parents to
/// its root: `id`'s state first, the root's last.
pub(crate) fn walk_to_root<P: SearchProblem>(
    table: &impl NodeTable<P>,
    id: NodeId,
    states: &mut Vec<P::State>,
    actions: &mut Vec<P::Action>,
) {
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
}

/// The states and actions from the root of `table` to `id`, root first.
pub(crate) fn path_to<P: SearchProblem>(
    table: &impl NodeTable<P>,
    id: NodeId,
) -> (Vec<P::State>, Vec<P::Action>) {
    let (mut states, mut actions) = (Vec::new(), Vec::new());
    walk_to_root(table, id, &mut states, &mut actions);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::Doubling;

    type Table = HashedTable<u32, char, u32>;

    fn node(g: u32) -> Node<char, u32> {
        Node {
            parent: NONE,
            action: None,
            g,
        }
    }

    fn insert(table: &mut Table, state: u32) -> Slot<char, u32> {
        NodeTable::<Doubling>::find_or_insert(
            table,
            &Doubling::new(1, 2),
            state,
            node(state),
            1 << 20,
        )
    }

    fn find(table: &Table, state: u32) -> Option<NodeId> {
        if table.slots.is_empty() {
            return None;
        }
        let (at, found) = table.probe(&state, Table::hash(&state));
        found.then(|| id_for(slot_id(table.slots[at])))
    }

    #[test]
    fn stores_finds_and_grows() {
        let mut table = Table::default();
        assert_eq!(find(&table, 7), None);
        // Multiples of a power of two collide in the low bits a weak hash
        // would index by.
        for (id, state) in (0..10_000u32).map(|k| k << 12).enumerate() {
            assert!(matches!(insert(&mut table, state), Slot::New(new) if new as usize == id));
        }
        for (id, state) in (0..10_000u32).map(|k| k << 12).enumerate() {
            assert_eq!(find(&table, state), Some(id_for(id)));
            assert!(matches!(insert(&mut table, state), Slot::Old(old, _) if old as usize == id));
            assert_eq!(*NodeTable::<Doubling>::state(&table, id_for(id)), state);
        }
        assert_eq!(find(&table, 1), None);
        assert!(table.slots.len() >= 2 * 10_000);
    }

    #[test]
    fn refuses_new_states_beyond_capacity() {
        let mut table = Table::default();
        let problem = Doubling::new(1, 2);
        assert!(matches!(
            table.find_or_insert(&problem, 1, node(0), 1),
            Slot::New(0)
        ));
        assert!(matches!(
            table.find_or_insert(&problem, 1, node(0), 1),
            Slot::Old(0, _)
        ));
        assert!(matches!(
            table.find_or_insert(&problem, 2, node(0), 1),
            Slot::Full
        ));
        assert_eq!(NodeTable::<Doubling>::len(&table), 1);
    }

    #[test]
    fn clearing_forgets_everything_across_generation_wraps() {
        let mut table = Table::default();
        for state in 100..200 {
            insert(&mut table, state);
        }
        // Past 65,535 clears the generation wraps: unless the slots are
        // wiped then, the slots of the first search look live again.
        for round in 0..70_000u32 {
            NodeTable::<Doubling>::clear(&mut table);
            assert_eq!(find(&table, 150), None, "round {round}");
            assert!(matches!(insert(&mut table, 5 + round % 2), Slot::New(0)));
            assert!(matches!(insert(&mut table, 6 - round % 2), Slot::New(1)));
            assert_eq!(find(&table, 5), Some(round % 2));
        }
        assert_eq!(NodeTable::<Doubling>::len(&table), 2);
    }
}
