//! What a problem provides: its abstract space, numbered by ranks.

/// One step of the backward search, into the state being expanded: free
/// (it costs nothing) or unit (it costs one).
///
/// Additive pattern databases charge a step only when it changes something
/// the abstraction tracks; every other step is free, which is what lets the
/// values of disjoint abstractions be added.
///
/// The two kinds name their state differently because the builder treats
/// them differently: a free predecessor is at the same distance and is
/// expanded at once, so it comes as a state; a unit predecessor is only
/// marked as a candidate for the next layer (and rebuilt with
/// [`Abstraction::unrank`] if it is expanded then), so its rank is all the
/// builder needs, and an abstraction can often compute the rank without
/// building the state.
///
/// Returned by [`Abstraction::predecessors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbstractStep<S> {
    /// A predecessor whose step costs nothing.
    Free(S),
    /// The rank of a predecessor whose step costs one.
    Unit(u64),
}

/// An abstract state space for a pattern database, described by ranks.
///
/// A concrete problem maps each of its states to an abstract state, keeping
/// some of what a state says and forgetting the rest. The abstract distance
/// to the abstract goal is a lower bound on the concrete distance, provided
/// every concrete move maps to an abstract step that costs no more.
/// [`PatternTable::build`](crate::PatternTable::build) computes these
/// distances for every abstract state and stores them by
/// [`entry`](Self::entry).
///
/// The abstract space is numbered: every state has a rank in
/// `0..state_count()`, and [`unrank`](Self::unrank) gives it back. The
/// builder stores nothing but a few bits per rank, so the rank must be cheap
/// and dense; the states themselves are rebuilt from ranks when needed.
///
/// # Example
///
/// The concrete problem: reach a target number from 1 by adding one (at a
/// cost of 1) or doubling (at a cost of 2). The abstraction keeps the
/// number but makes doubling free, so its table holds the fewest additions
/// from each number to the target, a lower bound on the cheapest cost.
///
/// ```
/// use pattern_db::{AbstractStep, Abstraction, PatternTable};
///
/// struct Additions { target: u32 }
///
/// impl Abstraction for Additions {
///     type State = u32;
///     fn state_count(&self) -> u64 { u64::from(self.target) + 1 }
///     fn rank(&self, n: &u32) -> u64 { u64::from(*n) }
///     fn unrank(&self, rank: u64) -> u32 {
///         // cannot fail: ranks stay below target + 1
///         u32::try_from(rank).unwrap()
///     }
///     fn goals(&self) -> impl Iterator<Item = u32> { std::iter::once(self.target) }
///     fn predecessors(&self, n: &u32) -> impl Iterator<Item = AbstractStep<u32>> {
///         // The moves read backward: m + 1 = n costs one, m * 2 = n is free.
///         let n = *n;
///         let add = (n > 1).then(|| AbstractStep::Unit(u64::from(n - 1)));
///         let double = (n % 2 == 0 && n > 0).then(|| AbstractStep::Free(n / 2));
///         add.into_iter().chain(double)
///     }
/// }
///
/// let table = PatternTable::build(&Additions { target: 10 }, |_| {})?;
/// assert_eq!(table.get(10), 0);
/// assert_eq!(table.get(5), 0); // 5 * 2 = 10
/// assert_eq!(table.get(9), 1); // 9 + 1 = 10
/// assert_eq!(table.get(3), 2); // 3 + 1 + 1 = 5, 5 * 2 = 10
/// # Ok::<(), pattern_db::PdbError>(())
/// ```
pub trait Abstraction: Sync {
    /// An abstract state, rebuilt from its rank by [`unrank`](Self::unrank).
    /// It may carry derived data (its rank, a summary of its parts) so that
    /// [`predecessors`](Self::predecessors) and [`rank`](Self::rank) are
    /// cheap. The builder only moves states, never clones them; small
    /// states without heap data are fastest.
    type State;

    /// The number of ranks: every reachable abstract state ranks below it.
    ///
    /// The builder allocates three bits per rank up front. A count larger
    /// than needed only costs that memory; a rank at or above it makes the
    /// build panic with the offending rank.
    fn state_count(&self) -> u64;

    /// The rank of `state`, in `0..state_count()`.
    ///
    /// Contract: injective on the states reachable from the goals. Two
    /// states sharing a rank are treated as one: only the first reached is
    /// expanded, so the predecessors of the other may be missed and their
    /// entries come out too large (an overestimating, inadmissible
    /// heuristic) or [`UNREACHED`](crate::UNREACHED).
    ///
    /// Ranks are `u64`, not `usize` as in frontier's `RankedStates::rank`:
    /// abstract spaces outgrow 32 bits (the 15-puzzle's 8-tile group has
    /// 4.15 billion ranks) and table files must not depend on the platform,
    /// so the builder converts once and fails with
    /// [`PdbError::TooLarge`](crate::PdbError::TooLarge) where a space does
    /// not fit in memory.
    fn rank(&self, state: &Self::State) -> u64;

    /// The state of rank `rank`, for every rank that [`rank`](Self::rank)
    /// returns.
    ///
    /// Contract: `rank(&unrank(r)) == r` for every rank of a reachable
    /// state, and `unrank(r)` has the predecessors and entry of the state
    /// ranked `r`. The builder never asks for a rank that `rank` did not
    /// produce (or a goal's). If `unrank` returns another state, the search
    /// expands the wrong state and the table is wrong in either direction.
    fn unrank(&self, rank: u64) -> Self::State;

    /// The abstract goals: the images of the concrete goal states.
    ///
    /// Contract: a missing goal makes the states near it look farther than
    /// they are (values may overestimate); an extra state that is not the
    /// image of a goal makes values smaller (still admissible, less
    /// informed). Duplicates are harmless.
    fn goals(&self) -> impl Iterator<Item = Self::State>;

    /// Every abstract state with a step into `state`, free or unit: the
    /// moves of the backward search. For problems whose moves are all
    /// reversible this is the successors of `state`. A unit step gives the
    /// predecessor's rank, as [`rank`](Self::rank) would.
    ///
    /// Contract in both directions: for every concrete move `a → b`, the
    /// abstraction of `a` must be listed among the predecessors of the
    /// abstraction of `b`, as [`AbstractStep::Unit`] only if the concrete
    /// move costs at least one (for an additive partition: only if it
    /// changes something this abstraction tracks; each concrete move may be
    /// charged by at most one abstraction of the partition, or the sum can
    /// overestimate). Missing predecessors, or unit costs where the concrete
    /// move is charged elsewhere, make values too large: the heuristic may
    /// then overestimate. Extra predecessors or free steps where a unit one
    /// would do keep the table admissible but less informed. Must be finite
    /// and deterministic; zero-cost cycles are fine.
    fn predecessors(&self, state: &Self::State) -> impl Iterator<Item = AbstractStep<Self::State>>;

    /// The number of table entries; one byte each. By default one per rank.
    ///
    /// Abstractions whose state includes something the stored value should
    /// not depend on map several states to one entry, which stores their
    /// minimum distance: the table is smaller, its values still lower
    /// bounds.
    fn entry_count(&self) -> u64 {
        self.state_count()
    }

    /// The table entry of `state`, in `0..entry_count()`: the table stores
    /// the smallest distance of the states sharing an entry. By default the
    /// rank.
    ///
    /// Contract: below `entry_count()` (the build panics otherwise). A
    /// consumer looking a concrete state up must compute the entry of its
    /// abstraction the same way.
    fn entry(&self, state: &Self::State) -> u64 {
        self.rank(state)
    }
}
