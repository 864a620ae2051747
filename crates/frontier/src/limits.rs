//! Limits that stop a search before it exhausts the machine: nodes expanded,
//! states stored, bytes of memory, wall time, a cancellation flag and a cost
//! bound.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::{Cost, Limit, Outcome, SearchResult, Stats};

/// A flag another thread raises to stop a running search.
///
/// Cloning shares the flag. A search polls it every 4,096 expansions, and a
/// hashed table polls it every 4,096 states while it grows and refiles
/// them, so a search stops within the time of a few thousand expansions of
/// [`cancel`](Self::cancel): a median of 0.1–0.5 ms measured on searches
/// holding tens of millions of states (`docs/reliability.md`). Two steps
/// do not poll: a dense table's allocation at the start of a search and
/// the walk that rebuilds a found path.
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
/// to a searcher with its `limits` builder method (or `set_limits` on a
/// searcher in use), by value or by reference: `.limits(&limits)` clones
/// them, so one `Limits` can configure many searchers.
///
/// A search that hits a limit returns
/// [`Outcome::LimitReached`] with the statistics
/// gathered so far. Memory is bounded even when no limit is set: unless
/// [`max_memory`](Self::max_memory) says otherwise, a search's tables and
/// open list stop at [`DEFAULT_MEMORY_SHARE`] of the memory available when
/// they grow (see [`memory_bound`](Self::memory_bound)), and an allocation
/// that fails stops the search with [`Limit::Memory`] instead of aborting
/// the process.
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
/// let result = Bfs::new().limits(&limits).search(&Doubling::new(1, 1000));
/// assert_eq!(result.limit(), Some(Limit::Stored));
/// assert!(result.stats.peak_stored <= 10);
/// // The same limits again, by value this time.
/// let result = frontier::AStar::new().limits(limits).search(&Doubling::new(1, 1000));
/// assert_eq!(result.limit(), Some(Limit::Stored));
/// ```
#[derive(Clone, Debug)]
pub struct Limits<C> {
    /// Stop after expanding this many nodes.
    pub max_expanded: Option<u64>,
    /// Stop before storing more than this many states.
    pub max_stored: Option<usize>,
    /// Stop before the search's tables and open list hold more than this
    /// many bytes; `None`: [`DEFAULT_MEMORY_SHARE`] of the memory available.
    pub max_memory: Option<usize>,
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
            max_memory: None,
            max_time: None,
            cancel: None,
            max_cost: None,
        }
    }
}

/// A clone of the limits, so that a searcher's `limits(&limits)` and
/// `set_limits(&limits)` take them by reference as well as by value.
impl<C: Clone> From<&Limits<C>> for Limits<C> {
    fn from(limits: &Limits<C>) -> Self {
        limits.clone()
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

    /// Stops before the tables and open list hold more than `bytes` bytes.
    ///
    /// Counted: the state table (each state's own size, its node, the hash
    /// index or the dense rank index) and the open list, as allocated
    /// (capacity, not length); not what a state owns on the heap, nor the
    /// statistics. IDA* stores no table: `max_stored` bounds its path.
    #[must_use]
    pub fn max_memory(mut self, bytes: usize) -> Self {
        self.max_memory = Some(bytes);
        self
    }

    /// The byte bound a search under these limits observes:
    /// [`max_memory`](Self::max_memory) if set, else
    /// [`DEFAULT_MEMORY_SHARE`] of [`available_memory`] (or of 4 GiB where
    /// the machine cannot say).
    #[must_use]
    pub fn memory_bound(&self) -> usize {
        self.max_memory.unwrap_or_else(default_memory_bound)
    }

    /// Stops after `duration` of wall time. A duration too long to add to
    /// the clock (`Duration::MAX`) means no deadline.
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

    /// The same limits for a problem whose costs are `D`: the cost bound
    /// converted, the other bounds and the flag shared. A program that
    /// takes its limits once, with one cost type, runs problems of several.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::Limits;
    ///
    /// let limits: Limits<u32> = Limits::new().max_expanded(1000).max_cost(40);
    /// let wide: Limits<u64> = limits.in_cost();
    /// assert_eq!((wide.max_expanded, wide.max_cost), (Some(1000), Some(40)));
    /// ```
    #[must_use]
    pub fn in_cost<D: From<C>>(&self) -> Limits<D>
    where
        C: Copy,
    {
        Limits {
            max_expanded: self.max_expanded,
            max_stored: self.max_stored,
            max_memory: self.max_memory,
            max_time: self.max_time,
            cancel: self.cancel.clone(),
            max_cost: self.max_cost.map(D::from),
        }
    }
}

/// How many expansions pass between two looks at the clock and the flag.
const POLL_INTERVAL: u64 = 4096;

/// The share of the available memory a search may take when
/// [`Limits::max_memory`] is not set: a half, so that the open list's
/// stale entries, the caller and other programs keep room.
pub const DEFAULT_MEMORY_SHARE: f64 = 0.5;

/// What a search may take without asking how much memory is available:
/// small searches never pay for the question.
const FREE_BYTES: usize = 64 << 20;

/// The memory this process could still allocate, in bytes, as the system
/// reports it: the available memory, or the control group's free memory if
/// that is smaller. `None` where the system cannot say. Read at most once a
/// second and cached in between.
#[must_use]
pub fn available_memory() -> Option<usize> {
    static CACHE: Mutex<Option<(Instant, Option<usize>)>> = Mutex::new(None);
    let mut cache = CACHE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((read, bytes)) = *cache
        && read.elapsed() < Duration::from_secs(1)
    {
        return bytes;
    }
    let bytes = probe_memory();
    *cache = Some((Instant::now(), bytes));
    bytes
}

fn probe_memory() -> Option<usize> {
    let mut system = sysinfo::System::new().ok()?;
    system.refresh_memory_specifics(sysinfo::MemoryRefreshKind::nothing().with_ram());
    let mut available = system.available_memory();
    if let Some(group) = system.cgroup_limits() {
        available = available.min(group.free_memory);
    }
    (available > 0).then(|| usize::try_from(available).unwrap_or(usize::MAX))
}

/// Whether a search may hold `bytes` under `limits`, by the rule of
/// [`Room::charge`]. (The parallel IDA*'s; without it, unused.)
#[cfg(feature = "parallel")]
pub(crate) fn fits<C>(limits: &Limits<C>, bytes: usize) -> bool {
    Room::new(limits, 0).allows(bytes)
}

/// [`DEFAULT_MEMORY_SHARE`] of the memory available, or of 4 GiB.
fn default_memory_bound() -> usize {
    let available = available_memory().unwrap_or(4 << 30);
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "a share of a byte count, rounded down"
    )]
    let share = (available as f64 * DEFAULT_MEMORY_SHARE) as usize;
    share.max(FREE_BYTES)
}

/// The room a search's growing structures share: at most `states` stored
/// states, at most a byte bound for the tables and open list together.
///
/// Every structure that grows (the table's index and vectors, the open
/// list) asks [`Room::grow`] first, which counts the bytes, checks the
/// bound and reserves the memory fallibly, so running out of either is a
/// typed stop. The byte bound is computed on first need: searches that
/// stay under [`FREE_BYTES`] never ask the system.
#[derive(Debug)]
pub(crate) struct Room {
    /// The most states a table may hold.
    states: usize,
    max_memory: Option<usize>,
    bound: Cell<Option<usize>>,
    /// Bytes allocated by the structures of this search.
    used: Cell<usize>,
    /// What long operations inside a structure (a rehash) poll.
    cancel: Option<CancelFlag>,
    deadline: Option<Instant>,
}

impl Room {
    pub(crate) fn new<C>(limits: &Limits<C>, states: usize) -> Self {
        Room {
            states,
            max_memory: limits.max_memory,
            bound: Cell::new(None),
            used: Cell::new(0),
            cancel: limits.cancel.clone(),
            deadline: None,
        }
    }

    /// Checks the cancellation flag and the deadline now: for work that
    /// runs long between two expansions, such as refiling a table of
    /// millions of states when it grows.
    pub(crate) fn poll(&self) -> Result<(), Limit> {
        if self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled) {
            return Err(Limit::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Limit::Time);
        }
        Ok(())
    }

    /// Counts `bytes` a structure already holds at the start of a search
    /// (a reused table's allocation).
    pub(crate) fn hold(&self, bytes: usize) {
        self.used.set(self.used.get().saturating_add(bytes));
    }

    /// The bytes counted so far.
    #[cfg(test)]
    pub(crate) fn used(&self) -> usize {
        self.used.get()
    }

    fn bound(&self) -> usize {
        if let Some(bound) = self.bound.get() {
            return bound;
        }
        let bound = self.max_memory.unwrap_or_else(default_memory_bound);
        self.bound.set(Some(bound));
        bound
    }

    /// The most states a table may hold.
    #[inline]
    pub(crate) fn states(&self) -> usize {
        self.states
    }

    /// Whether `bytes` more fit the byte bound. The bound is asked for only
    /// past [`FREE_BYTES`], unless [`Limits::max_memory`] set it.
    fn allows(&self, bytes: usize) -> bool {
        let used = self.used.get().saturating_add(bytes);
        !((self.max_memory.is_some() || used > FREE_BYTES) && used > self.bound())
    }

    /// Counts `bytes` more, refused with [`Limit::Memory`] when that would
    /// pass the byte bound.
    pub(crate) fn charge(&self, bytes: usize) -> Result<(), Limit> {
        if !self.allows(bytes) {
            return Err(Limit::Memory);
        }
        self.used.set(self.used.get().saturating_add(bytes));
        Ok(())
    }

    /// Counts `bytes` as freed.
    pub(crate) fn release(&self, bytes: usize) {
        self.used.set(self.used.get().saturating_sub(bytes));
    }

    /// Makes a collection of `len` elements of `size` bytes, with room for
    /// `capacity`, able to take `additional` more, growing it by doubling as
    /// `Vec` would: `reserve_exact(n)` must reserve room for `n` more
    /// elements fallibly and return the capacity it reached. Refused with
    /// [`Limit::Memory`] when the growth would pass the byte bound or
    /// cannot be allocated.
    #[cold]
    #[inline(never)]
    pub(crate) fn reserve(
        &self,
        (len, capacity, size): (usize, usize, usize),
        additional: usize,
        reserve_exact: impl FnOnce(usize) -> Option<usize>,
    ) -> Result<(), Limit> {
        let needed = len.checked_add(additional).ok_or(Limit::Memory)?;
        if needed <= capacity {
            return Ok(());
        }
        let size = size.max(1);
        let target = needed.max(capacity.saturating_mul(2)).max(4);
        let asked = (target - capacity).saturating_mul(size);
        if !self.allows(asked) {
            return Err(Limit::Memory);
        }
        let Some(reached) = reserve_exact(target - len) else {
            return Err(Limit::Memory);
        };
        // The allocator may give more than asked: count what it gave.
        let grown = reached.saturating_sub(capacity).saturating_mul(size);
        self.used.set(self.used.get().saturating_add(grown));
        Ok(())
    }

    /// [`reserve`](Self::reserve) for a `Vec`.
    pub(crate) fn grow<T>(&self, vec: &mut Vec<T>, additional: usize) -> Result<(), Limit> {
        self.reserve(
            (vec.len(), vec.capacity(), size_of::<T>()),
            additional,
            |more| vec.try_reserve_exact(more).ok().map(|()| vec.capacity()),
        )
    }

    /// Pushes `value`, growing `vec` through [`grow`](Self::grow) when full.
    #[expect(
        clippy::inline_always,
        reason = "measured with `Stored::push`: out of line, 36% more instructions"
    )]
    #[inline(always)]
    pub(crate) fn push<T>(&self, vec: &mut Vec<T>, value: T) -> Result<(), Limit> {
        // Tested this way round, `Vec::push` is seen to have room and its
        // own check folds into this one.
        if vec.len() < vec.capacity() {
            vec.push(value);
            Ok(())
        } else {
            self.push_grown(vec, value)
        }
    }

    /// [`push`](Self::push) onto a full vector: grows it within the room
    /// first.
    #[cold]
    #[inline(never)]
    fn push_grown<T>(&self, vec: &mut Vec<T>, value: T) -> Result<(), Limit> {
        self.grow(vec, 1)?;
        vec.push(value);
        Ok(())
    }
}

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
            // A deadline past what the clock can hold is no deadline.
            deadline: limits.max_time.and_then(|d| started.checked_add(d)),
            max_expanded: limits.max_expanded.unwrap_or(u64::MAX),
            max_stored: limits.max_stored.unwrap_or(usize::MAX),
            next_check: 0,
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The room of a table search: `max_stored` states at most (and fewer
    /// than a node id can count), and the byte bound of the limits.
    pub(crate) fn room(&self) -> Room {
        let states = self.max_stored.min(crate::table::NONE as usize);
        Room {
            deadline: self.deadline,
            ..Room::new(self.limits, states)
        }
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
