//! Limits that stop a search before it exhausts the machine: nodes expanded,
//! states stored, wall time, a cancellation flag and a cost bound.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::{Cost, Limit, Outcome, SearchResult, Stats};

/// A flag another thread raises to stop a running search.
///
/// Cloning shares the flag. The search polls it every few thousand
/// expansions, so it stops within microseconds of [`cancel`](Self::cancel).
///
/// # Example
///
/// ```
/// use frontier::{Bfs, CancelFlag, Limit, Limits, toy::Doubling};
///
/// let flag = CancelFlag::new();
/// flag.cancel(); // raised before the search even starts
/// let mut bfs = Bfs::new().limits(Limits::new().cancel(flag));
/// let result = bfs.search(&Doubling::new(1, 1 << 20));
/// assert_eq!(result.limit(), Some(Limit::Cancelled));
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// A new, lowered flag.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Raises the flag: every search watching it stops at its next poll.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag has been raised.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The limits of a searcher's searches; none is set by default. Give them
/// to a searcher with its `limits` builder method.
///
/// A search that hits a limit returns
/// [`Outcome::LimitReached`](crate::Outcome::LimitReached) with the statistics
/// gathered so far. `max_stored` is the way to keep a breadth-first search of
/// a huge space (the 15-puzzle has 10^13 states) from running the machine
/// out of memory.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use frontier::{Bfs, Limit, Limits, toy::Doubling};
///
/// let limits = Limits::new()
///     .max_expanded(1_000_000)
///     .max_stored(10)
///     .max_time(Duration::from_secs(5));
/// let result = Bfs::new().limits(limits).search(&Doubling::new(1, 1000));
/// assert_eq!(result.limit(), Some(Limit::Stored));
/// assert!(result.stats.peak_stored <= 10);
/// ```
#[derive(Clone, Debug)]
pub struct Limits<C> {
    /// Stop after expanding this many nodes.
    pub max_expanded: Option<u64>,
    /// Stop before storing more than this many states.
    pub max_stored: Option<usize>,
    /// Stop after this much wall time.
    pub max_time: Option<Duration>,
    /// Stop when this flag is raised.
    pub cancel: Option<CancelFlag>,
    /// Look only for solutions costing at most this much: IDA* stops instead
    /// of starting an iteration above it, A* prunes nodes whose f exceeds it,
    /// the BFS family prunes paths whose cost exceeds it. When pruning is
    /// what left no solution, the outcome is [`Limit::Cost`], not
    /// unreachable.
    pub max_cost: Option<C>,
}

impl<C> Default for Limits<C> {
    fn default() -> Self {
        Limits {
            max_expanded: None,
            max_stored: None,
            max_time: None,
            cancel: None,
            max_cost: None,
        }
    }
}

impl<C> Limits<C> {
    /// No limits.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Stops after `n` expansions.
    #[must_use]
    pub fn max_expanded(mut self, n: u64) -> Self {
        self.max_expanded = Some(n);
        self
    }

    /// Stops before storing more than `n` states.
    #[must_use]
    pub fn max_stored(mut self, n: usize) -> Self {
        self.max_stored = Some(n);
        self
    }

    /// Stops after `duration` of wall time.
    #[must_use]
    pub fn max_time(mut self, duration: Duration) -> Self {
        self.max_time = Some(duration);
        self
    }

    /// Stops when `flag` is raised.
    #[must_use]
    pub fn cancel(mut self, flag: CancelFlag) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Looks only for solutions costing at most `bound`.
    #[must_use]
    pub fn max_cost(mut self, bound: C) -> Self {
        self.max_cost = Some(bound);
        self
    }
}

/// How many expansions pass between two looks at the clock and the flag.
const POLL_INTERVAL: u64 = 4096;

/// The running side of [`Limits`]: counts and the clock, checked cheaply on
/// the hot path.
#[derive(Debug)]
pub(crate) struct Budget<'a, C> {
    limits: &'a Limits<C>,
    started: Instant,
    deadline: Option<Instant>,
    max_expanded: u64,
    max_stored: usize,
    /// The expansion count at which [`before_expand`](Self::before_expand)
    /// next looks further than one comparison: the next poll of the clock
    /// and flag, or `max_expanded` if that comes first.
    next_check: u64,
}

/// Runs `search` under `limits`: starts the budget, times the search and
/// returns its outcome with the statistics it gathered.
pub(crate) fn measure<S, A, C: Cost>(
    limits: &Limits<C>,
    search: impl FnOnce(&mut Budget<'_, C>, &mut Stats<C>) -> Outcome<S, A, C>,
) -> SearchResult<S, A, C> {
    let mut budget = Budget::start(limits);
    let mut stats = Stats::default();
    let outcome = search(&mut budget, &mut stats);
    stats.elapsed = budget.elapsed();
    SearchResult { outcome, stats }
}

impl<'a, C> Budget<'a, C> {
    pub(crate) fn start(limits: &'a Limits<C>) -> Self {
        let started = Instant::now();
        Budget {
            limits,
            started,
            deadline: limits.max_time.map(|d| started + d),
            max_expanded: limits.max_expanded.unwrap_or(u64::MAX),
            max_stored: limits.max_stored.unwrap_or(usize::MAX),
            next_check: 0,
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    pub(crate) fn max_stored(&self) -> Option<usize> {
        self.limits.max_stored
    }

    pub(crate) fn max_cost(&self) -> Option<&C> {
        self.limits.max_cost.as_ref()
    }

    /// Checks the limits before expanding one more node, `expanded` having
    /// been expanded already: one comparison except every
    /// [`POLL_INTERVAL`] expansions.
    #[inline]
    pub(crate) fn before_expand(&mut self, expanded: u64) -> Result<(), Limit> {
        if expanded >= self.next_check {
            self.checkpoint(expanded)
        } else {
            Ok(())
        }
    }

    /// The expansion count below which
    /// [`before_expand`](Self::before_expand) has nothing to check.
    pub(crate) fn next_check(&self) -> u64 {
        self.next_check
    }

    #[cold]
    #[inline(never)]
    fn checkpoint(&mut self, expanded: u64) -> Result<(), Limit> {
        if expanded >= self.max_expanded {
            return Err(Limit::Expanded);
        }
        self.next_check = expanded
            .saturating_add(POLL_INTERVAL)
            .min(self.max_expanded);
        self.poll()
    }

    /// Checks the clock and the cancellation flag now.
    pub(crate) fn poll(&self) -> Result<(), Limit> {
        if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(CancelFlag::is_cancelled)
        {
            return Err(Limit::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Limit::Time);
        }
        Ok(())
    }

    /// Checks that `stored` states fit.
    #[inline]
    pub(crate) fn check_stored(&self, stored: usize) -> Result<(), Limit> {
        if stored > self.max_stored {
            Err(Limit::Stored)
        } else {
            Ok(())
        }
    }
}
