//! A* (Hart, Nilsson & Raphael 1968): best-first on f = g + h, optimal for
//! admissible heuristics.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

use priority_queue::PriorityQueue;
use rustc_hash::FxBuildHasher;

use crate::bfs::{ResultOf, refused};
use crate::limits::{Budget, measure};
use crate::table::{
    DenseTable, HashedTable, Node, NodeId, NodeTable, Slot, capacity, insert_root, solution_to,
};
use crate::{Cost, Limit, Limits, Outcome, RankedStates, SearchProblem, SearchResult, Stats, Step};

/// The open list A* keeps its frontier in.
///
/// Both give the same solutions and the same expansion order up to ties
/// between equal `(f, g)`; they differ in speed and memory (measured in
/// `docs/algorithms.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OpenList {
    /// Buckets indexed by f and g (Dial's algorithm, extended to A*): O(1)
    /// push and pop while f stays below 256 and [`Cost::to_index`] gives an
    /// index (every primitive integer does); other entries go to a binary
    /// heap, so any cost type and any range works. The default: 2.6× faster
    /// than the heap on the 8-puzzle, within 1.1× of it on weighted maps
    /// whose f values spread over hundreds (`docs/algorithms.md`).
    #[default]
    Buckets,
    /// `std`'s binary heap with lazy deletion: a cheaper path pushes a second
    /// entry and the stale one is skipped when popped. Measured faster than
    /// `PriorityQueue` even on weighted grids full of decrease-keys.
    BinaryHeap,
    /// The `priority-queue` crate: one entry per state, decrease-key when a
    /// cheaper path appears. Memory stays at one entry per open state, where
    /// the binary heap also holds stale entries.
    PriorityQueue,
}

/// A* from `problem.start()` with no limits: a cheapest path to a goal.
///
/// Expands states in order of f = g + h, breaking ties toward larger g (the
/// deeper node, usually nearer a goal). With an admissible heuristic the
/// first goal expanded is optimal, even when the heuristic is inconsistent:
/// a closed state is reopened whenever a cheaper path to it appears. With
/// the default zero heuristic this is Dijkstra's algorithm.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let solution = frontier::astar(&Doubling::new(1, 10)).into_solution().unwrap();
/// assert_eq!(solution.cost, 6); // + * + *: 1 + 2 + 1 + 2
/// ```
///
/// # Complexity
///
/// O(E log V) time and O(V) memory over the states with f below the optimal
/// cost (plus reopenings for inconsistent heuristics).
pub fn astar<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    astar_with(problem, &Limits::new())
}

/// [`astar`] under `limits`.
///
/// # Example
///
/// ```
/// use frontier::{Limit, Limits, toy::Doubling};
///
/// let result = frontier::astar_with(&Doubling::new(1, 10), &Limits::new().max_cost(5));
/// assert_eq!(result.limit(), Some(Limit::Cost)); // the cheapest path costs 6
/// ```
pub fn astar_with<P: SearchProblem>(problem: &P, limits: &Limits<P::Cost>) -> ResultOf<P> {
    astar_with_open_list(problem, limits, OpenList::default())
}

/// [`astar`] under `limits` with a chosen [`OpenList`].
///
/// # Example
///
/// ```
/// use frontier::{Limits, OpenList, toy::Doubling};
///
/// let queue = frontier::astar_with_open_list(&Doubling::new(1, 10), &Limits::new(), OpenList::PriorityQueue);
/// assert_eq!(queue.into_solution().unwrap().cost, 6);
/// ```
pub fn astar_with_open_list<P: SearchProblem>(
    problem: &P,
    limits: &Limits<P::Cost>,
    open: OpenList,
) -> ResultOf<P> {
    AStar::new().open_list(open).search(problem, limits)
}

/// [`astar`] with dense tables indexed by [`RankedStates::rank`].
///
/// # Example
///
/// ```
/// use frontier::{Limits, toy::Doubling};
///
/// let result = frontier::astar_ranked(&Doubling::new(1, 10), &Limits::new());
/// assert_eq!(result.into_solution().unwrap().cost, 6);
/// ```
///
/// # Panics
///
/// If `rank` returns a rank not below `state_count`.
pub fn astar_ranked<P: RankedStates>(problem: &P, limits: &Limits<P::Cost>) -> ResultOf<P> {
    AStar::new().search_ranked(problem, limits)
}

/// A* with its tables and open list kept between searches: solving many
/// instances with one `AStar` allocates only while they grow, and a dense
/// table is cleared slot by slot rather than refilled.
///
/// # Example
///
/// ```
/// use frontier::{AStar, Limits, OpenList, toy::Doubling};
///
/// let mut astar = AStar::new().open_list(OpenList::PriorityQueue);
/// for target in [10, 20, 30] {
///     let problem = Doubling::new(1, target);
///     let hashed = astar.search(&problem, &Limits::new());
///     let dense = astar.search_ranked(&problem, &Limits::new());
///     assert_eq!(hashed.solution().unwrap().cost, dense.solution().unwrap().cost);
/// }
/// ```
pub struct AStar<S, A, C: Ord> {
    open: OpenList,
    hashed: HashedTable<S, A, C>,
    dense: DenseTable<S, A, C>,
    buckets: Buckets<C>,
    heap: LazyHeap<C>,
    queue: DecreaseKey<C>,
    steps: Vec<Step<S, A, C>>,
}

impl<S, A, C: Ord> std::fmt::Debug for AStar<S, A, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AStar")
            .field("open", &self.open)
            .finish_non_exhaustive()
    }
}

impl<S, A, C: Ord> Default for AStar<S, A, C> {
    fn default() -> Self {
        AStar {
            open: OpenList::default(),
            hashed: HashedTable::default(),
            dense: DenseTable::default(),
            buckets: Buckets::default(),
            heap: LazyHeap::default(),
            queue: DecreaseKey::default(),
            steps: Vec::new(),
        }
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> AStar<S, A, C> {
    /// Empty tables, the default open list.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Uses `open` as the open list from now on.
    #[must_use]
    pub fn open_list(mut self, open: OpenList) -> Self {
        self.open = open;
        self
    }

    /// [`astar_with`], reusing this searcher's memory.
    pub fn search<P>(&mut self, problem: &P, limits: &Limits<C>) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        let AStar {
            open,
            hashed,
            buckets,
            heap,
            queue,
            steps,
            ..
        } = self;
        match open {
            OpenList::Buckets => run(problem, limits, hashed, buckets, steps),
            OpenList::BinaryHeap => run(problem, limits, hashed, heap, steps),
            OpenList::PriorityQueue => run(problem, limits, hashed, queue, steps),
        }
    }

    /// [`astar_ranked`], reusing this searcher's memory.
    ///
    /// # Panics
    ///
    /// If `rank` returns a rank not below `state_count`.
    pub fn search_ranked<P>(&mut self, problem: &P, limits: &Limits<C>) -> SearchResult<S, A, C>
    where
        P: RankedStates<State = S, Action = A, Cost = C>,
    {
        let AStar {
            open,
            dense,
            buckets,
            heap,
            queue,
            steps,
            ..
        } = self;
        if let Err(limit) = dense.prepare(problem.state_count(), limits.max_stored) {
            return refused::<P>(limit);
        }
        match open {
            OpenList::Buckets => run(problem, limits, dense, buckets, steps),
            OpenList::BinaryHeap => run(problem, limits, dense, heap, steps),
            OpenList::PriorityQueue => run(problem, limits, dense, queue, steps),
        }
    }
}

/// The priority of an open entry: lowest f first, then highest g.
type Priority<C> = (Reverse<C>, C);

/// What A* needs of an open list.
trait Open<C> {
    fn clear(&mut self);
    /// Offers `id` at `(f, g)`; `g` is lower than any earlier offer of `id`.
    fn push(&mut self, id: NodeId, f: C, g: C);
    /// The best entry: `(id, g)`, possibly stale (g above the node's).
    fn pop(&mut self) -> Option<(NodeId, C)>;
}

struct DecreaseKey<C: Ord>(PriorityQueue<NodeId, Priority<C>, FxBuildHasher>);

impl<C: Ord> Default for DecreaseKey<C> {
    fn default() -> Self {
        DecreaseKey(PriorityQueue::with_hasher(FxBuildHasher))
    }
}

impl<C: Cost> Open<C> for DecreaseKey<C> {
    fn clear(&mut self) {
        self.0.clear();
    }
    fn push(&mut self, id: NodeId, f: C, g: C) {
        self.0.push_increase(id, (Reverse(f), g));
    }
    fn pop(&mut self) -> Option<(NodeId, C)> {
        self.0.pop().map(|(id, (_, g))| (id, g))
    }
}

struct LazyHeap<C>(BinaryHeap<(Priority<C>, NodeId)>);

impl<C: Ord> Default for LazyHeap<C> {
    fn default() -> Self {
        LazyHeap(BinaryHeap::new())
    }
}

impl<C: Cost> Open<C> for LazyHeap<C> {
    fn clear(&mut self) {
        self.0.clear();
    }
    fn push(&mut self, id: NodeId, f: C, g: C) {
        self.0.push(((Reverse(f), g), id));
    }
    fn pop(&mut self) -> Option<(NodeId, C)> {
        self.0.pop().map(|((_, g), id)| (id, g))
    }
}

/// How many f values get buckets, and how many g values each; larger ones
/// go to the overflow heap. Enough for puzzles (the 15-puzzle's f never
/// passes 80); maps with long weighted paths send their large f values to
/// the heap.
const BUCKET_LIMIT: usize = 256;

/// Words in a bitmask over `0..BUCKET_LIMIT`.
const WORDS: usize = BUCKET_LIMIT / 64;

/// Buckets by f, then by g, with a heap for entries whose f has no small
/// index. Entries in buckets always beat entries in the heap: a cost type
/// either indexes none of its values (all go to the heap) or indexes every
/// value up to some size, so heap entries have the larger f.
///
/// Each bucket is a stack threaded through one arena of entries, so a
/// bucket costs one `u32` head whether or not it is used: weighted maps,
/// whose entries nearly all sit in buckets of their own, allocate nothing
/// per bucket. Bitmasks over f and over each f's g values find the best
/// bucket in a few word tests.
struct Buckets<C> {
    /// `heads[f * BUCKET_LIMIT + g]`: the newest entry of bucket (f, g), as
    /// an index + 1 into `entries`, or 0; as many rows as the largest f.
    heads: Vec<u32>,
    /// The entries, each linked to the next older one of its bucket, or
    /// (popped) to the next free entry.
    entries: Vec<Entry<C>>,
    /// The first free entry, as an index + 1, or 0.
    free: u32,
    /// Bit g of `by_g[f]`: bucket (f, g) has entries.
    by_g: Vec<[u64; WORDS]>,
    /// Bit f: some bucket of f has entries.
    by_f: [u64; WORDS],
    overflow: LazyHeap<C>,
}

struct Entry<C> {
    id: NodeId,
    g: C,
    next: u32,
}

/// The lowest set bit of a mask, if any.
#[inline]
fn lowest(mask: &[u64; WORDS]) -> Option<usize> {
    let word = mask.iter().position(|&bits| bits != 0)?;
    Some(word * 64 + mask[word].trailing_zeros() as usize)
}

/// The highest set bit of a mask, if any.
#[inline]
fn highest(mask: &[u64; WORDS]) -> Option<usize> {
    let word = mask.iter().rposition(|&bits| bits != 0)?;
    Some(word * 64 + 63 - mask[word].leading_zeros() as usize)
}

#[inline]
fn set(mask: &mut [u64; WORDS], bit: usize) {
    mask[bit / 64] |= 1 << (bit % 64);
}

#[inline]
fn unset(mask: &mut [u64; WORDS], bit: usize) {
    mask[bit / 64] &= !(1 << (bit % 64));
}

impl<C> Default for Buckets<C> {
    fn default() -> Self {
        Buckets {
            heads: Vec::new(),
            entries: Vec::new(),
            free: 0,
            by_g: Vec::new(),
            by_f: [0; WORDS],
            overflow: LazyHeap(BinaryHeap::new()),
        }
    }
}

impl<C: Cost> Open<C> for Buckets<C> {
    fn clear(&mut self) {
        while let Some(f) = lowest(&self.by_f) {
            while let Some(g) = lowest(&self.by_g[f]) {
                self.heads[f * BUCKET_LIMIT + g] = 0;
                unset(&mut self.by_g[f], g);
            }
            unset(&mut self.by_f, f);
        }
        self.entries.clear();
        self.free = 0;
        self.overflow.clear();
    }

    #[expect(
        clippy::inline_always,
        reason = "measured: not inlining it costs A* on the 8-puzzle 5% more instructions (docs/benchmarks.md)"
    )]
    #[inline(always)]
    fn push(&mut self, id: NodeId, f: C, g: C) {
        let (Some(fi), Some(gi)) = (f.to_index(), g.to_index()) else {
            return self.overflow.push(id, f, g);
        };
        if fi >= BUCKET_LIMIT || gi > fi {
            return self.overflow.push(id, f, g);
        }
        if fi >= self.by_g.len() {
            self.by_g.resize(fi + 1, [0; WORDS]);
            self.heads.resize((fi + 1) * BUCKET_LIMIT, 0);
        }
        let head = &mut self.heads[fi * BUCKET_LIMIT + gi];
        let entry = Entry { id, g, next: *head };
        *head = if self.free == 0 {
            self.entries.push(entry);
            // cannot fail: fewer entries than table ids, which are u32
            u32::try_from(self.entries.len()).expect("open list overflow")
        } else {
            let index = self.free;
            let slot = &mut self.entries[index as usize - 1];
            self.free = slot.next;
            *slot = entry;
            index
        };
        set(&mut self.by_g[fi], gi);
        set(&mut self.by_f, fi);
    }

    #[inline]
    fn pop(&mut self) -> Option<(NodeId, C)> {
        let Some(f) = lowest(&self.by_f) else {
            return self.overflow.pop();
        };
        // cannot fail: a level's bit is set while one of its buckets has entries
        let g = highest(&self.by_g[f]).expect("a non-empty bucket");
        let head = &mut self.heads[f * BUCKET_LIMIT + g];
        let index = *head;
        let entry = &mut self.entries[index as usize - 1];
        *head = entry.next;
        if *head == 0 {
            unset(&mut self.by_g[f], g);
            if self.by_g[f] == [0; WORDS] {
                unset(&mut self.by_f, f);
            }
        }
        entry.next = self.free;
        self.free = index;
        Some((entry.id, entry.g))
    }
}

fn run<P: SearchProblem>(
    problem: &P,
    limits: &Limits<P::Cost>,
    table: &mut impl NodeTable<P>,
    open: &mut impl Open<P::Cost>,
    steps: &mut Vec<Step<P::State, P::Action, P::Cost>>,
) -> ResultOf<P> {
    let result = measure(limits, |budget, stats| {
        let outcome = search(problem, budget, table, open, steps, stats);
        stats.peak_stored = table.len();
        outcome
    });
    steps.clear();
    result
}

fn search<P: SearchProblem>(
    problem: &P,
    budget: &mut Budget<'_, P::Cost>,
    table: &mut impl NodeTable<P>,
    open: &mut impl Open<P::Cost>,
    steps: &mut Vec<Step<P::State, P::Action, P::Cost>>,
    stats: &mut Stats<P::Cost>,
) -> Outcome<P::State, P::Action, P::Cost> {
    table.clear();
    open.clear();
    let max_cost = budget.max_cost().copied();
    let mut pruned = false;
    let capacity = capacity(budget.max_stored());
    let start = problem.start();
    stats.generated = 1;
    let h = problem.heuristic(&start);
    if max_cost.is_some_and(|bound| h > bound) {
        return Outcome::LimitReached(Limit::Cost);
    }
    if let Err(limit) = budget.check_stored(1) {
        return Outcome::LimitReached(limit);
    }
    let root = insert_root(table, problem, start);
    open.push(root, h, P::Cost::ZERO);
    while let Some((id, g)) = open.pop() {
        if g > table.node(id).g {
            // Stale entry: a cheaper path to this state was found after this
            // entry was pushed, and pushed again.
            continue;
        }
        if problem.is_goal(table.state(id)) {
            return Outcome::Found(solution_to::<P>(table, id));
        }
        if let Err(limit) = budget.before_expand(stats.expanded) {
            return Outcome::LimitReached(limit);
        }
        stats.expanded += 1;
        steps.extend(problem.successors(table.state(id)));
        for step in steps.drain(..) {
            stats.generated += 1;
            let g = g + step.cost;
            let node = Node {
                parent: id,
                action: Some(step.action),
                g,
            };
            let child = match table.find_or_insert(problem, step.state, node, capacity) {
                Slot::New(child) => child,
                Slot::Old(child, _) if table.node(child).g <= g => continue,
                Slot::Old(child, cheaper) => {
                    // A cheaper path to a stored state: reparent it and (re)open
                    // it, even if it was already expanded.
                    *table.node_mut(child) = cheaper;
                    child
                }
                Slot::Full => return Outcome::LimitReached(Limit::Stored),
            };
            let f = g + problem.heuristic(table.state(child));
            if max_cost.is_some_and(|bound| f > bound) {
                pruned = true;
                continue;
            }
            open.push(child, f, g);
        }
    }
    if pruned {
        Outcome::LimitReached(Limit::Cost)
    } else {
        Outcome::Unreachable
    }
}
