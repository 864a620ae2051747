//! What a search returns: a [`SearchResult`] holding an [`Outcome`] (found,
//! unreachable, or a [`Limit`] reached) and the [`Stats`] gathered.

use std::fmt;
use std::time::Duration;

use crate::SearchProblem;

/// The result type of a search on problem `P`.
pub(crate) type ResultOf<P> = SearchResult<
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
>;

/// A path from the start to a goal.
///
/// `states` holds the start, every intermediate state and the goal, so
/// `states.len() == actions.len() + 1`; `actions[i]` leads from `states[i]` to
/// `states[i + 1]`.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let solution = frontier::bfs(&Doubling::new(3, 12)).into_solution().unwrap();
/// assert_eq!(solution.states, [3, 6, 12]);
/// assert_eq!(solution.actions, ['*', '*']);
/// assert_eq!(solution.len(), 2);
/// assert_eq!(solution.cost, 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<S, A, C> {
    /// The states along the path, start first, goal last.
    pub states: Vec<S>,
    /// The actions along the path.
    pub actions: Vec<A>,
    /// The sum of the step costs.
    pub cost: C,
}

impl<S, A, C> Solution<S, A, C> {
    /// The number of steps.
    #[must_use]
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether the start is already a goal.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// The path of no steps, for a start that is already a goal.
    pub(crate) fn empty(start: S, zero: C) -> Self {
        Solution {
            states: vec![start],
            actions: Vec::new(),
            cost: zero,
        }
    }
}

/// The limit that stopped a search.
///
/// # Example
///
/// ```
/// use frontier::{Bfs, Limit, Limits, toy::Doubling};
///
/// let result = Bfs::new().limits(Limits::new().max_expanded(3)).search(&Doubling::new(1, 1000));
/// assert_eq!(result.limit(), Some(Limit::Expanded));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// [`Limits::max_expanded`](crate::Limits::max_expanded) nodes were expanded.
    Expanded,
    /// [`Limits::max_stored`](crate::Limits::max_stored) states were stored.
    Stored,
    /// [`Limits::max_time`](crate::Limits::max_time) elapsed.
    Time,
    /// The [`CancelFlag`](crate::CancelFlag) was raised.
    Cancelled,
    /// No solution costs at most [`Limits::max_cost`](crate::Limits::max_cost),
    /// though a costlier one may exist.
    Cost,
    /// A path's cost did not fit the [`Cost`](crate::Cost) type: the search
    /// stopped rather than return a wrapped, wrong cost. Use a wider cost
    /// type.
    CostOverflow,
    /// The search's tables and open list reached
    /// [`Limits::max_memory`](crate::Limits::max_memory) bytes (by default a
    /// share of the memory available), or the memory could not be
    /// allocated.
    Memory,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Expanded => "expansion limit",
            Limit::Stored => "stored-state limit",
            Limit::Time => "time limit",
            Limit::Cancelled => "cancelled",
            Limit::Cost => "cost bound",
            Limit::CostOverflow => "cost overflow",
            Limit::Memory => "memory limit",
        })
    }
}

/// Why a search stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<S, A, C> {
    /// A goal was reached; the solution is optimal under the algorithm's
    /// guarantee (see each algorithm).
    Found(Solution<S, A, C>),
    /// The whole reachable space was searched: no goal is reachable.
    Unreachable,
    /// A limit stopped the search before it could decide.
    LimitReached(Limit),
}

/// One iteration of IDA*: the bound it searched under and its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration<C> {
    /// The f-cost bound of the iteration.
    pub bound: C,
    /// Nodes expanded in this iteration.
    pub expanded: u64,
    /// Nodes generated in this iteration.
    pub generated: u64,
}

/// The work a search did.
///
/// `generated` counts the start node plus every successor produced (what
/// Korf's papers call nodes generated; IDA* counts the start once, not once
/// per iteration, as Korf does); `expanded` counts the nodes whose successors
/// were produced. `peak_stored` is the most states held at once:
/// the state table for the BFS family and A*, the path for IDA*.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let result = frontier::idastar(&Doubling::new(1, 10));
/// assert!(result.stats.generated >= result.stats.expanded);
/// assert_eq!(result.stats.iterations.len(), result.stats.iterations.iter().count());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats<C> {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// The start node plus every successor generated.
    pub generated: u64,
    /// The most states stored at once.
    pub peak_stored: usize,
    /// IDA*'s iterations, in order (empty for the other algorithms).
    pub iterations: Vec<Iteration<C>>,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl<C> Stats<C> {
    /// Generated nodes per second of elapsed time (0 when no time elapsed).
    #[must_use]
    #[expect(
        clippy::cast_precision_loss,
        reason = "a rate for display: 2^53 nodes is far beyond any search"
    )]
    pub fn generated_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            self.generated as f64 / seconds
        } else {
            0.0
        }
    }
}

/// The expansions of one search, counted by the priority each node had when
/// it was expanded: how the field's *necessary expansions* are read off
/// after a search, once its optimal cost C* is known.
///
/// A bidirectional search must expand some nodes whatever its tie-breaking
/// (those whose priority is below C*) and may expand others (priority
/// C*, the ties): comparing total expansions compares tie-breaking as much
/// as algorithms. [`below(c_star)`](Self::below) counts the first kind
/// only, as the literature (and HOG2, the reference implementation)
/// reports. What "priority" means is each searcher's: see
/// [`Mm::expansions`](crate::Mm::expansions),
/// [`Nbs::expansions`](crate::Nbs::expansions),
/// [`Dvcbs::expansions`](crate::Dvcbs::expansions) and
/// [`Bae::expansions`](crate::Bae::expansions). An expansion made at a
/// priority the cost type cannot hold (BAE*'s sum of two priorities can
/// pass its top) is counted [`beyond`](Self::beyond) every other.
///
/// # Example
///
/// ```
/// use frontier::{Mm, toy::Doubling};
///
/// let mut mm = Mm::new();
/// let result = mm.search(&Doubling::new(1, 10));
/// let c_star = result.solution().unwrap().cost;
/// let necessary = mm.expansions().below(c_star);
/// assert!(necessary <= result.stats.expanded);
/// assert_eq!(mm.expansions().total(), result.stats.expanded);
/// ```
///
/// # Complexity
///
/// One entry per distinct priority: counting an expansion is O(1) while
/// priorities arrive in order (as they mostly do), O(log k) otherwise,
/// with k the distinct priorities seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByPriority<C> {
    /// `(priority, expansions)`, by priority.
    counts: Vec<(C, u64)>,
    /// The expansions at a priority above every cost the type holds.
    beyond: u64,
}

impl<C> Default for ByPriority<C> {
    fn default() -> Self {
        ByPriority {
            counts: Vec::new(),
            beyond: 0,
        }
    }
}

impl<C: Ord + Copy> ByPriority<C> {
    /// Forgets every count (keeping the memory).
    pub(crate) fn clear(&mut self) {
        self.counts.clear();
        self.beyond = 0;
    }

    /// Counts one expansion at a priority above every cost the type
    /// holds.
    pub(crate) fn count_beyond(&mut self) {
        self.beyond += 1;
    }

    /// Counts one expansion at `priority`.
    #[inline]
    pub(crate) fn count(&mut self, priority: C) {
        self.count_many(priority, 1);
    }

    /// Counts `n` expansions at `priority`.
    #[inline]
    pub(crate) fn count_many(&mut self, priority: C, n: u64) {
        if let Some(last) = self.counts.last_mut()
            && last.0 == priority
        {
            last.1 += n;
            return;
        }
        match self.counts.binary_search_by(|entry| entry.0.cmp(&priority)) {
            Ok(at) => self.counts[at].1 += n,
            Err(at) => self.counts.insert(at, (priority, n)),
        }
    }

    /// The expansions at a priority below `bound`: with the optimal cost
    /// as `bound`, the necessary expansions. Those
    /// [`beyond`](Self::beyond) the type are above every `bound`.
    #[must_use]
    pub fn below(&self, bound: C) -> u64 {
        self.counts
            .iter()
            .take_while(|entry| entry.0 < bound)
            .map(|entry| entry.1)
            .sum()
    }

    /// Every expansion counted, those [`beyond`](Self::beyond) the type
    /// included.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.counts.iter().map(|entry| entry.1).sum::<u64>() + self.beyond
    }

    /// `(priority, expansions)` for each priority seen that the cost type
    /// holds, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = (C, u64)> + '_ {
        self.counts.iter().copied()
    }

    /// The expansions made at a priority above every cost the type holds
    /// (so above every priority [`iter`](Self::iter) lists). Only BAE*
    /// makes them: its priority adds two nodes' b, which can pass the
    /// type's top while the path's cost does not.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::Bae;
    ///
    /// // 0 → 1 → … → 200 in unit steps of u8: BAE*'s sums reach past 255.
    /// let chain = frontier::from_fn(0u8, |&n: &u8| (n < 200).then(|| (n + 1, 1u8)), |&n: &u8| n == 200)
    ///     .goal_and_predecessors(200, |&n: &u8| (n > 0).then(|| (n - 1, 1u8)));
    /// let mut bae = Bae::new();
    /// let result = bae.search(&chain);
    /// assert_eq!(result.solution().unwrap().cost, 200);
    /// assert!(bae.expansions().beyond() > 0);
    /// assert_eq!(bae.expansions().total(), result.stats.expanded);
    /// ```
    #[must_use]
    pub fn beyond(&self) -> u64 {
        self.beyond
    }
}

/// What every search returns: why it stopped, and the statistics so far.
///
/// # Example
///
/// ```
/// use frontier::{Outcome, toy::Doubling};
///
/// let result = frontier::astar(&Doubling::new(1, 10));
/// match &result.outcome {
///     Outcome::Found(solution) => assert_eq!(solution.states.last(), Some(&10)),
///     Outcome::Unreachable => unreachable!("10 is reachable from 1"),
///     Outcome::LimitReached(limit) => panic!("no limits were set, yet {limit}"),
/// }
/// assert!(result.stats.expanded > 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<S, A, C> {
    /// Why the search stopped.
    pub outcome: Outcome<S, A, C>,
    /// The work done until it stopped.
    pub stats: Stats<C>,
}

impl<S, A, C> SearchResult<S, A, C> {
    /// The solution, if one was found.
    #[must_use]
    pub fn solution(&self) -> Option<&Solution<S, A, C>> {
        match &self.outcome {
            Outcome::Found(solution) => Some(solution),
            _ => None,
        }
    }

    /// The solution, if one was found, consuming the result.
    #[must_use]
    pub fn into_solution(self) -> Option<Solution<S, A, C>> {
        match self.outcome {
            Outcome::Found(solution) => Some(solution),
            _ => None,
        }
    }

    /// Whether the search proved that no goal is reachable.
    #[must_use]
    pub fn is_unreachable(&self) -> bool {
        matches!(self.outcome, Outcome::Unreachable)
    }

    /// The limit that stopped the search, if one did.
    #[must_use]
    pub fn limit(&self) -> Option<Limit> {
        match self.outcome {
            Outcome::LimitReached(limit) => Some(limit),
            _ => None,
        }
    }
}

/// The result of a search refused before it started (its dense table would
/// not fit): `limit`, and no work done.
pub(crate) fn refused<S, A, C: Default>(limit: Limit) -> SearchResult<S, A, C> {
    SearchResult {
        outcome: Outcome::LimitReached(limit),
        stats: Stats::default(),
    }
}
