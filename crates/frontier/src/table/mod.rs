//! State tables shared by every search that stores states (BFS,
//! bidirectional BFS, A*, greedy search, MM and NBS; IDA* stores none):
//! every stored state gets a dense node id, with its parent, the action from
//! the parent and its cost so far. Two layouts, one interface:
//!
//! - `HashedTable` (`hashed.rs`): an insertion-ordered open-addressing hash
//!   table (`rustc-hash`'s Fx hasher) that stores each state once and gives
//!   it an index, so the breadth-first searches can use the table itself as
//!   their queue.
//! - `DenseTable` (`dense.rs`): for [`RankedStates`](crate::RankedStates)
//!   problems, a vector indexed by rank replaces hashing.
//!
//! Both keep their states and nodes in a `Stored` (`stored.rs`); `path.rs`
//! stores roots and rebuilds paths. A searcher chooses the layout by its
//! last type parameter: [`Hashed`] (the default) or [`Dense`], set with its
//! `dense()` builder method. Both are also at the crate root
//! ([`frontier::Dense`](crate::Dense)).

mod dense;
mod hashed;
mod path;
mod stored;

use crate::limits::Room;
use crate::{Limit, SearchProblem};

pub(crate) use dense::DenseTable;
pub(crate) use hashed::HashedTable;
pub(crate) use path::{insert_root, path_to, solution_to, walk_to_root};
pub(crate) use stored::Stored;

/// Marks a searcher that keeps its states in a hash table: works for every
/// [`SearchProblem`], costs memory only for the states it reaches. The
/// default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hashed;

/// Marks a searcher that keeps its states in vectors indexed by
/// [`RankedStates::rank`](crate::RankedStates::rank): no hashing, faster
/// when a search touches a good part of a space of known size (the whole
/// 8-puzzle, say), but
/// `state_count()` slots (4 bytes each) are taken up front. A table that
/// would exceed `max_stored` stops the search at once with
/// [`Limit::Stored`]; one that would pass the memory bound
/// ([`Limits::memory_bound`](crate::Limits::memory_bound)), or cannot be
/// allocated, with [`Limit::Memory`].
///
/// Set with the searchers' `dense()` method; searching then needs a
/// [`RankedStates`](crate::RankedStates) problem.
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
    /// `room.states()` nodes or its memory cannot grow within `room`.
    fn find_or_insert(
        &mut self,
        problem: &P,
        state: P::State,
        node: Node<P::Action, P::Cost>,
        room: &Room,
    ) -> Slot<P::State, P::Action, P::Cost>;
    /// The bytes the table holds allocated (kept from earlier searches).
    fn allocated(&self) -> usize;
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
        self.stored().state(id as usize)
    }
    /// A stored node.
    fn node<'a>(&'a self, id: NodeId) -> &'a Node<P::Action, P::Cost>
    where
        P::State: 'a,
    {
        self.stored().node(id as usize)
    }
    /// A stored node, to update on a cheaper path.
    fn node_mut<'a>(&'a mut self, id: NodeId) -> &'a mut Node<P::Action, P::Cost>
    where
        P::State: 'a,
    {
        self.stored_mut().node_mut(id as usize)
    }
}

/// What [`NodeTable::find_or_insert`] did.
pub(crate) enum Slot<S, A, C> {
    /// The state was stored already, under this id; the offered node and
    /// state value come back unused (a search that finds the path cheaper
    /// stores both: [`Stored::replace`]).
    Old(NodeId, Node<A, C>, S),
    /// The state is new and now stored under this id.
    New(NodeId),
    /// The state is new and the table is full (`Limit::Stored`) or cannot
    /// grow (`Limit::Memory`): nothing was stored.
    Full(Limit),
}

/// Converts a table length to the next id.
fn id_for(len: usize) -> NodeId {
    // cannot fail: `Budget::room` keeps tables below `NONE` nodes
    NodeId::try_from(len).expect("node table overflow")
}

/// Both layouts' tables, as a searcher keeps them between searches: it
/// searches with the one its layout parameter names.
#[derive(Debug)]
pub(crate) struct Tables<S, A, C> {
    pub(crate) hashed: HashedTable<S, A, C>,
    pub(crate) dense: DenseTable<S, A, C>,
}

impl<S, A, C> Default for Tables<S, A, C> {
    fn default() -> Self {
        Tables {
            hashed: HashedTable::default(),
            dense: DenseTable::default(),
        }
    }
}
