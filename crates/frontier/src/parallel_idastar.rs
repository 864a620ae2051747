//! IDA* on several cores: each iteration's tree is cut near the root into
//! subtrees that the threads of a rayon pool take in the serial order.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::idastar::{ByValue, Flow, Keeper, StackLimit};
use crate::limits::measure;
use crate::solution::Iteration;
use crate::{
    Cost, InPlaceProblem, Limit, Limits, Outcome, SearchProblem, SearchResult, Solution, Stats,
};

mod in_place;

/// IDA* searched by several threads at once: the same problem, the same
/// bounds and the same optimal cost as [`IdaStar`](crate::IdaStar).
///
/// Each iteration runs the depth-first search under one shared bound. The
/// levels near the root are expanded first, level by level in the serial
/// search's order, until about 512 subtrees wait; the threads of a rayon
/// pool then take those subtrees one at a time in that same order, each
/// searched by one thread exactly as the serial IDA* searches it. Taking
/// them in order keeps every thread near the serial search's path, so the
/// last iteration does little more work than the serial one. So
///
/// - **every iteration but the last expands and generates exactly the nodes
///   of the serial search** (its [`Iteration`] statistics are equal); the
///   last one stops once a goal is found, after a different amount of work;
/// - **the cost is optimal** for an admissible heuristic: an iteration's
///   bound never exceeds the optimal cost, so any goal reached within it is
///   optimal, whichever thread reaches it. When several threads reach goals
///   before they all stop, the cheapest is kept (they differ only under an
///   inadmissible heuristic);
/// - **limits are honoured as in the serial search**: threads draw
///   expansions from one shared allowance, so `max_expanded` is never
///   exceeded; the clock, the [`CancelFlag`](crate::CancelFlag) and a
///   solution found elsewhere are noticed within a few thousand expansions
///   per thread. `max_stored` bounds the path each thread holds.
///
/// `threads(n)` runs on a pool of its own with `n` threads (built on the
/// first search and kept); by default the search runs on the pool it is
/// called from (rayon's global pool: one thread per core).
///
/// # Example
///
/// ```
/// use frontier::{IdaStar, ParallelIdaStar, toy::Doubling};
///
/// let problem = Doubling::new(1, 1000);
/// let parallel = ParallelIdaStar::new().threads(2).search(&problem);
/// let serial = IdaStar::new().search(&problem);
/// assert_eq!(parallel.solution().unwrap().cost, serial.solution().unwrap().cost);
/// let before_last = serial.stats.iterations.len() - 1;
/// assert_eq!(parallel.stats.iterations[..before_last], serial.stats.iterations[..before_last]);
/// ```
///
/// # Complexity
///
/// The work of [`IdaStar`](crate::IdaStar) divided among the threads, plus
/// one small allocation per node split near the root (a few hundred per
/// iteration). Memory: a path per thread.
#[derive(Debug)]
pub struct ParallelIdaStar<S, A, C> {
    limits: Limits<C>,
    threads: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
    _types: std::marker::PhantomData<fn() -> (S, A)>,
}

/// About how many subtrees each iteration is split into: enough that work
/// stealing evens out subtrees of very different sizes, few enough that
/// splitting costs nothing measurable.
const SPLIT_TASKS: usize = 512;

/// The deepest level split: on a narrow tree (one child per node) the
/// split levels would otherwise recurse without the serial search's stack
/// checks.
const SPLIT_DEPTH: usize = 64;

impl<S, A, C> Default for ParallelIdaStar<S, A, C> {
    fn default() -> Self {
        ParallelIdaStar {
            limits: Limits::new(),
            threads: 0,
            pool: None,
            _types: std::marker::PhantomData,
        }
    }
}

impl<S, A, C> ParallelIdaStar<S, A, C> {
    /// No limits, rayon's current pool.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Searches under `limits` from now on: a [`Limits`], or a `&Limits`
    /// (cloned) to keep using it.
    #[must_use]
    pub fn limits(mut self, limits: impl Into<Limits<C>>) -> Self {
        self.limits = limits.into();
        self
    }

    /// Replaces the limits of a searcher being reused: a [`Limits`] or a
    /// `&Limits` (cloned).
    pub fn set_limits(&mut self, limits: impl Into<Limits<C>>) {
        self.limits = limits.into();
    }

    /// Searches on a pool of `threads` threads of its own (0: the pool the
    /// search is called from, rayon's global pool by default). If the
    /// operating system refuses the threads, the search is the serial
    /// [`IdaStar`](crate::IdaStar)'s, on the calling thread (the same
    /// answer; the next search tries to build the pool again).
    ///
    /// Keep `threads` near the number of cores: a thread count far beyond
    /// what the system can hold may be refused (then the serial search
    /// runs) or, where the system creates a thread but cannot give it a
    /// signal stack, abort the process inside the standard library, which
    /// no caller can catch.
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        if threads != self.threads {
            self.pool = None;
        }
        self.threads = threads;
        self
    }
}

impl<S, A, C> ParallelIdaStar<S, A, C>
where
    S: Clone + Eq + Send + Sync,
    A: Clone + Send + Sync,
    C: Cost + Send + Sync,
{
    /// Searches `problem`.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C> + Sync,
    {
        self.run::<P, ValueSubtree>(problem)
    }

    /// Searches `problem` with each thread changing one state in place, as
    /// [`IdaStar::search_in_place`](crate::IdaStar::search_in_place) does:
    /// the same search as [`search`](Self::search), node for node, with
    /// less work per node on a problem whose states are small values.
    ///
    /// The levels near the root are split by value as in
    /// [`search`](Self::search); each thread then searches its subtrees
    /// on one working state, applying and undoing moves.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{IdaStar, ParallelIdaStar, toy::Doubling};
    ///
    /// let problem = Doubling::new(1, 1000);
    /// let parallel = ParallelIdaStar::new().threads(2).search_in_place(&problem);
    /// let serial = IdaStar::new().search_in_place(&problem);
    /// assert_eq!(parallel.solution().unwrap().cost, serial.solution().unwrap().cost);
    /// ```
    pub fn search_in_place<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: InPlaceProblem<State = S, Action = A, Cost = C> + Sync,
    {
        self.run::<P, in_place::InPlaceSubtree>(problem)
    }

    /// Searches `problem`, each subtree below the split searched by
    /// `subtree`.
    fn run<P, T>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C> + Sync,
        T: Subtree<P>,
    {
        if self.threads > 0 && self.pool.is_none() {
            self.pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .build()
                .ok()
                .map(Arc::new);
        }
        self.run_on::<P, T>(problem)
    }

    /// [`run`](Self::run) once the pool is built, or refused.
    fn run_on<P, T>(&self, problem: &P) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C> + Sync,
        T: Subtree<P>,
    {
        let limits = &self.limits;
        let run = || measure(limits, |_, stats| iterate::<P, T>(problem, limits, stats));
        match &self.pool {
            Some(pool) => pool.install(run),
            None if self.threads == 0 => run(),
            // The threads were refused. Not the global pool: it may not
            // exist yet, and rayon panics where it cannot start it.
            None => T::serial(problem, limits),
        }
    }
}

/// What every thread of one search shares.
struct Shared<'a, C> {
    limits: &'a Limits<C>,
    deadline: Option<Instant>,
    max_stored: usize,
    /// Expansions left to hand out (`u64::MAX` without `max_expanded`).
    allowance: AtomicU64,
    /// Raised when a goal is found or a limit is hit: every thread stops.
    stop: AtomicBool,
}

impl<C> Shared<'_, C> {
    /// Whether every thread can hold a path of `depth` levels within the
    /// memory bound, as the serial IDA* charges them
    /// ([`frame_bytes`](crate::idastar::frame_bytes) a level).
    fn depth_fits<P: SearchProblem>(&self, depth: usize) -> bool {
        let threads = rayon::current_num_threads().max(1);
        let bytes = depth
            .saturating_mul(crate::idastar::frame_bytes::<P>())
            .saturating_mul(threads);
        crate::limits::fits(self.limits, bytes)
    }

    /// Draws up to [`POLL_INTERVAL`] expansions from the allowance, after
    /// checking the flags and the clock; the limit if none can be had.
    fn draw(&self) -> Result<u64, Option<Limit>> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(None);
        }
        let limit = if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(crate::CancelFlag::is_cancelled)
        {
            Some(Limit::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Limit::Time)
        } else {
            let drawn = self
                .allowance
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                    (left > 0).then(|| left.saturating_sub(POLL_INTERVAL))
                })
                .map(|left| left.min(POLL_INTERVAL));
            match drawn {
                Ok(drawn) => return Ok(drawn),
                Err(_) => Some(Limit::Expanded),
            }
        };
        self.stop.store(true, Ordering::Relaxed);
        Err(limit)
    }

    /// Gives back expansions drawn but not used.
    fn give_back(&self, unused: u64) {
        if unused > 0 {
            // cannot fail: the closure always returns `Some`
            let _ = self
                .allowance
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                    Some(left.saturating_add(unused))
                });
        }
    }
}

/// How many expansions a thread draws at a time, and so how often it looks
/// at the clock and the flags.
const POLL_INTERVAL: u64 = 4096;

/// How a thread searches the subtree below a node of the split.
trait Subtree<P: SearchProblem> {
    /// Searches below `state`, a node of the split already counted in
    /// `dfs` (whose stack limit the caller has set to its depth), with its
    /// parent's state (which no child may be), its g and depth; hands `dfs`
    /// back with what it counted and found. (By value:
    /// the loop then reaches its counters without a pointer to follow.)
    fn search<'a, 'b, 'c>(
        dfs: Dfs<'a, 'b, 'c, P>,
        state: &P::State,
        parent: &P::State,
        g: P::Cost,
        depth: usize,
    ) -> (Flow, Dfs<'a, 'b, 'c, P>);

    /// The whole search by the serial IDA* of the same kind, on this
    /// thread: what runs when the threads are refused.
    fn serial(problem: &P, limits: &Limits<P::Cost>) -> SearchResult<P::State, P::Action, P::Cost>;
}

/// The subtrees searched over successor values ([`ByValue`]).
struct ValueSubtree;

impl<P: SearchProblem> Subtree<P> for ValueSubtree {
    fn serial(problem: &P, limits: &Limits<P::Cost>) -> SearchResult<P::State, P::Action, P::Cost> {
        crate::IdaStar::new().limits(limits.clone()).search(problem)
    }

    fn search<'a, 'b, 'c>(
        dfs: Dfs<'a, 'b, 'c, P>,
        state: &P::State,
        parent: &P::State,
        g: P::Cost,
        depth: usize,
    ) -> (Flow, Dfs<'a, 'b, 'c, P>) {
        let mut search = ByValue {
            problem: dfs.search.problem,
            keeper: dfs,
        };
        let flow = search.children(state, parent, g, depth);
        (flow, search.keeper)
    }
}

fn iterate<P, T>(
    problem: &P,
    limits: &Limits<P::Cost>,
    stats: &mut Stats<P::Cost>,
) -> Outcome<P::State, P::Action, P::Cost>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    P::Cost: Send + Sync,
    T: Subtree<P>,
{
    let start = problem.start();
    let mut bound = problem.heuristic(&start);
    stats.generated = 1;
    if problem.is_goal(&start) {
        return Outcome::Found(Solution::empty(start, P::Cost::ZERO));
    }
    stats.generated = 0;
    let shared = Shared {
        limits,
        // A deadline past what the clock can hold is no deadline.
        deadline: limits.max_time.and_then(|d| Instant::now().checked_add(d)),
        max_stored: limits.max_stored.unwrap_or(usize::MAX),
        allowance: AtomicU64::new(limits.max_expanded.unwrap_or(u64::MAX)),
        stop: AtomicBool::new(false),
    };
    loop {
        if limits.max_cost.is_some_and(|max| bound > max) {
            // The start counts as generated even when no iteration ran.
            stats.generated = stats.generated.max(1);
            return Outcome::LimitReached(Limit::Cost);
        }
        let search = Search {
            problem,
            shared: &shared,
            bound,
        };
        let part = search.iteration::<T>(&start);
        // The root is generated once per search, as Korf counts it.
        let generated = part.generated + u64::from(stats.iterations.is_empty());
        stats.iterations.push(Iteration {
            bound,
            expanded: part.expanded,
            generated,
        });
        stats.expanded += part.expanded;
        stats.generated += generated;
        stats.peak_stored = stats.peak_stored.max(part.peak);
        match part.end {
            End::Found(found) => {
                let Found {
                    mut states,
                    mut actions,
                    cost,
                } = *found;
                states.push(start);
                states.reverse();
                actions.reverse();
                return Outcome::Found(Solution {
                    states,
                    actions,
                    cost,
                });
            }
            End::Stopped(limit) => return Outcome::LimitReached(limit),
            // Threads stop unasked only when a goal is found or a limit
            // hit, and either ends above; kept total for safety.
            End::Abandoned => return Outcome::LimitReached(Limit::Cancelled),
            End::Continue => match part.next_bound {
                Some(next) => bound = next,
                // Paths were cut where their cost did not fit: whether they
                // reach a goal cannot be told in this cost type.
                None if part.overflowed => return Outcome::LimitReached(Limit::CostOverflow),
                None => return Outcome::Unreachable,
            },
        }
    }
}

/// A solution below some node: states and actions from the goal back.
struct Found<S, A, C> {
    states: Vec<S>,
    actions: Vec<A>,
    cost: C,
}

/// How a subtree's search ended.
enum End<S, A, C> {
    /// Nothing within the bound below it.
    Continue,
    /// A goal (boxed: the common ends stay small).
    Found(Box<Found<S, A, C>>),
    /// A limit stopped the search.
    Stopped(Limit),
    /// Another thread's goal or limit stopped this one.
    Abandoned,
}

/// The work and the end of one subtree's search.
struct Part<S, A, C> {
    expanded: u64,
    generated: u64,
    peak: usize,
    next_bound: Option<C>,
    /// Whether a child's g or f did not fit the cost type (and was cut off).
    overflowed: bool,
    end: End<S, A, C>,
}

impl<S, A, C: Cost> Part<S, A, C> {
    fn empty() -> Self {
        Part {
            expanded: 0,
            generated: 0,
            peak: 0,
            next_bound: None,
            overflowed: false,
            end: End::Continue,
        }
    }

    /// Two sibling subtrees' results as one: the work added, a goal
    /// before a limit, the cheaper of two goals.
    fn merge(self, other: Self) -> Self {
        let end = match (self.end, other.end) {
            (End::Found(a), End::Found(b)) => End::Found(if b.cost < a.cost { b } else { a }),
            (End::Found(a), _) | (_, End::Found(a)) => End::Found(a),
            (End::Stopped(limit), _) | (_, End::Stopped(limit)) => End::Stopped(limit),
            (End::Abandoned, _) | (_, End::Abandoned) => End::Abandoned,
            (End::Continue, End::Continue) => End::Continue,
        };
        Part {
            expanded: self.expanded + other.expanded,
            generated: self.generated + other.generated,
            peak: self.peak.max(other.peak),
            next_bound: min_bound(self.next_bound, other.next_bound),
            overflowed: self.overflowed || other.overflowed,
            end,
        }
    }
}

fn min_bound<C: Cost>(a: Option<C>, b: Option<C>) -> Option<C> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b < a { b } else { a }),
        (a, None) => a,
        (None, b) => b,
    }
}

/// One iteration: the problem, the bound and what the threads share.
struct Search<'a, 'b, P: SearchProblem> {
    problem: &'a P,
    shared: &'a Shared<'b, P::Cost>,
    bound: P::Cost,
}

impl<P> Search<'_, '_, P>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    P::Cost: Send + Sync,
{
    /// One iteration from `start`. The levels near the root are expanded
    /// one after another, each in the serial search's order, until about
    /// [`SPLIT_TASKS`] subtrees wait (or [`SPLIT_DEPTH`] is reached); the
    /// threads then take those subtrees in that order, each searching one
    /// at a time with the serial loop. Taking them in order keeps every
    /// thread near the serial search's path, so a goal the serial search
    /// reaches early is reached early, and no thread works far to the
    /// right of it.
    /// `T` searches the subtrees below the split.
    fn iteration<T: Subtree<P>>(&self, start: &P::State) -> Part<P::State, P::Action, P::Cost> {
        let mut dfs = Dfs::new(self, 1);
        let mut above = vec![Above {
            state: start.clone(),
            parent: 0,
            action: None,
            g: P::Cost::ZERO,
        }];
        let mut level = vec![0];
        let mut depth = 1;
        while level.len() < SPLIT_TASKS && depth < SPLIT_DEPTH {
            let mut next = Vec::new();
            for &index in &level {
                if !dfs.enter(depth) {
                    return dfs.finish(Flow::Stop);
                }
                let node = &above[index];
                // The root stands in as its own parent, as in the serial
                // search.
                let (state, parent, g) =
                    (node.state.clone(), above[node.parent].state.clone(), node.g);
                for step in self.problem.successors(&state) {
                    if step.state == parent {
                        continue;
                    }
                    dfs.generated += 1;
                    let Some((g, f)) = sums(g, step.cost, |g| {
                        self.problem.heuristic_within(&step.state, g, self.bound)
                    }) else {
                        dfs.overflowed = true;
                        continue;
                    };
                    if f > self.bound {
                        dfs.next_bound = min_bound(dfs.next_bound, Some(f));
                        continue;
                    }
                    if self.problem.is_goal(&step.state) {
                        dfs.path.push(step.state);
                        dfs.actions.push(step.action);
                        dfs.found = g;
                        climb(&above, index, &mut dfs.path, &mut dfs.actions);
                        return dfs.finish(Flow::Found);
                    }
                    above.push(Above {
                        state: step.state,
                        parent: index,
                        action: Some(step.action),
                        g,
                    });
                    next.push(above.len() - 1);
                }
            }
            level = next;
            depth += 1;
            if level.is_empty() {
                break;
            }
        }
        let own = dfs.finish(Flow::Continue);
        let taken = AtomicUsize::new(0);
        let below = (0..rayon::current_num_threads())
            .into_par_iter()
            .map(|_| {
                let mut part = Part::empty();
                while let Some(&index) = level.get(taken.fetch_add(1, Ordering::Relaxed)) {
                    let node = &above[index];
                    let mut dfs = Dfs::new(self, depth);
                    let (flow, mut dfs) = if dfs.enter(depth) {
                        let parent = &above[node.parent].state;
                        // The subtree's root runs on the thread's stack as
                        // it is; the first level below it measures the room
                        // left (`with_stack`).
                        dfs.set_stack_limit(depth);
                        let (flow, mut dfs) = T::search(dfs, &node.state, parent, node.g, depth);
                        dfs.set_stack_limit(usize::MAX);
                        (flow, dfs)
                    } else {
                        (Flow::Stop, dfs)
                    };
                    if flow == Flow::Found {
                        climb(&above, index, &mut dfs.path, &mut dfs.actions);
                    }
                    let subtree = dfs.finish(flow);
                    let done = !matches!(subtree.end, End::Continue);
                    part = part.merge(subtree);
                    if done {
                        break;
                    }
                }
                part
            })
            .reduce(Part::empty, Part::merge);
        own.merge(below)
    }
}

/// A node of the levels expanded before the threads start: its state, its
/// parent's index (the root is its own parent), the action from the parent
/// and the cost from the root.
struct Above<S, A, C> {
    state: S,
    parent: usize,
    action: Option<A>,
    g: C,
}

/// Adds the path from `above[index]` up to the root (the root excluded),
/// to a path held goal first.
fn climb<S: Clone, A: Clone, C>(
    above: &[Above<S, A, C>],
    mut index: usize,
    path: &mut Vec<S>,
    actions: &mut Vec<A>,
) {
    while index != 0 {
        let node = &above[index];
        path.push(node.state.clone());
        // cannot fail: every node but the root has the action from its parent
        actions.extend(node.action.clone());
        index = node.parent;
    }
}

/// One thread's serial depth-first search of one subtree: the serial IDA*'s
/// loop, drawing its expansions from the shared allowance.
struct Dfs<'a, 'b, 'c, P: SearchProblem> {
    search: &'a Search<'b, 'c, P>,
    /// The iteration's bound (a copy, one load closer than the search's).
    bound: P::Cost,
    path: Vec<P::State>,
    actions: Vec<P::Action>,
    expanded: u64,
    generated: u64,
    /// Expansions drawn from the allowance and not yet used.
    drawn: u64,
    peak: usize,
    /// The deepest level [`enter`](Self::enter) lets in without
    /// [`checkpoint`](Self::checkpoint): the peak, or the stack limit of
    /// the in-place search where that is shallower.
    horizon: usize,
    /// The deepest level known to have room on the stack while a subtree
    /// is searched ([`with_stack`] sets it); `usize::MAX` in the split near
    /// the root, which is shallow.
    stack_limit: usize,
    next_bound: Option<P::Cost>,
    found: P::Cost,
    stopped: Option<Limit>,
    overflowed: bool,
}

/// A thread's bookkeeping, held by value in the loops (by value and in
/// place): every cut-off child reads the next bound without a pointer to
/// follow.
impl<P: SearchProblem> Keeper<P> for Dfs<'_, '_, '_, P> {
    #[inline]
    fn bound(&self) -> P::Cost {
        self.bound
    }

    #[inline]
    fn is_routine(&self, depth: usize) -> bool {
        Dfs::is_routine(self, depth)
    }

    #[inline]
    fn count_routine(&mut self) {
        self.drawn -= 1;
        self.expanded += 1;
    }

    #[inline]
    fn admit(&mut self, depth: usize) -> bool {
        if !self.checkpoint(depth) {
            return false;
        }
        self.drawn -= 1;
        self.expanded += 1;
        true
    }

    #[inline]
    fn add_generated(&mut self, n: u64) {
        self.generated += n;
    }

    #[inline]
    fn overflowed(&mut self) {
        self.overflowed = true;
    }

    #[inline]
    fn cut_off(&mut self, f: P::Cost) {
        // A branch, not a select: after the first cut-offs nothing is
        // written.
        match self.next_bound {
            Some(next) if next <= f => {}
            _ => self.next_bound = Some(f),
        }
    }

    #[inline]
    fn found_at(&mut self, g: P::Cost) {
        self.found = g;
    }

    #[inline]
    fn record(&mut self, state: P::State, action: P::Action) {
        self.path.push(state);
        self.actions.push(action);
    }
}

impl<P: SearchProblem> StackLimit for Dfs<'_, '_, '_, P> {
    fn stack_limit(&self) -> usize {
        self.stack_limit
    }

    fn set_stack_limit(&mut self, limit: usize) {
        self.stack_limit = limit;
        self.horizon = self.peak.min(limit);
    }
}

/// A child's g and f, if both fit the cost type.
#[inline]
fn sums<C: Cost>(g: C, step: C, h: impl FnOnce(C) -> C) -> Option<(C, C)> {
    let g = g.checked_add(step)?;
    Some((g, g.checked_add(h(g))?))
}

impl<'a, 'b, 'c, P: SearchProblem> Dfs<'a, 'b, 'c, P> {
    fn new(search: &'a Search<'b, 'c, P>, depth: usize) -> Self {
        Dfs {
            search,
            bound: search.bound,
            path: Vec::new(),
            actions: Vec::new(),
            expanded: 0,
            generated: 0,
            drawn: 0,
            // The path above this subtree was checked by the thread that
            // split it.
            peak: depth - 1,
            horizon: depth - 1,
            stack_limit: usize::MAX,
            next_bound: None,
            found: P::Cost::ZERO,
            stopped: None,
            overflowed: false,
        }
    }

    /// The subtree's part, its unused expansions returned.
    fn finish(self, flow: Flow) -> Part<P::State, P::Action, P::Cost> {
        self.search.shared.give_back(self.drawn);
        let end = match flow {
            Flow::Continue => End::Continue,
            Flow::Found => {
                // A goal ends the iteration for every thread.
                self.search.shared.stop.store(true, Ordering::Relaxed);
                End::Found(Box::new(Found {
                    states: self.path,
                    actions: self.actions,
                    cost: self.found,
                }))
            }
            Flow::Stop => self.stopped.map_or(End::Abandoned, End::Stopped),
        };
        Part {
            expanded: self.expanded,
            generated: self.generated,
            peak: self.peak,
            next_bound: self.next_bound,
            overflowed: self.overflowed,
            end,
        }
    }

    /// Checks the limits before a node at `depth` is expanded and counts
    /// it; one comparison for the allowance and one for the depth.
    #[inline]
    fn enter(&mut self, depth: usize) -> bool {
        if !self.is_routine(depth) && !self.checkpoint(depth) {
            return false;
        }
        self.drawn -= 1;
        self.expanded += 1;
        true
    }

    /// Whether a node at `depth` may be expanded without
    /// [`checkpoint`](Self::checkpoint): expansions are in hand, the path
    /// is no longer than before and the stack is known to have room.
    #[inline]
    fn is_routine(&self, depth: usize) -> bool {
        self.drawn != 0 && depth <= self.horizon
    }

    #[cold]
    #[inline(never)]
    fn checkpoint(&mut self, depth: usize) -> bool {
        if depth > self.peak {
            let limit = if depth > self.search.shared.max_stored {
                Some(Limit::Stored)
            } else if !self.search.shared.depth_fits::<P>(depth) {
                Some(Limit::Memory)
            } else {
                None
            };
            if limit.is_some() {
                self.search.shared.stop.store(true, Ordering::Relaxed);
                self.stopped = limit;
                return false;
            }
            self.peak = depth;
            self.horizon = depth.min(self.stack_limit);
        }
        if self.drawn == 0 {
            match self.search.shared.draw() {
                Ok(drawn) => self.drawn = drawn,
                Err(limit) => {
                    self.stopped = limit;
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{ParallelIdaStar, ValueSubtree, in_place::InPlaceSubtree};
    use crate::toy::Doubling;

    #[test]
    fn refused_threads_give_the_serial_search() {
        // A searcher whose pool was refused: `threads` set, no pool.
        let problem = Doubling::new(1, 1000);
        let refused = ParallelIdaStar::new().threads(3);
        assert!(refused.pool.is_none());
        let serial = crate::IdaStar::new().search(&problem);
        let by_value = refused.run_on::<_, ValueSubtree>(&problem);
        let in_place = refused.run_on::<_, InPlaceSubtree>(&problem);
        for result in [by_value, in_place] {
            assert_eq!(result.outcome, serial.outcome);
            assert_eq!(result.stats.expanded, serial.stats.expanded);
            assert_eq!(result.stats.iterations, serial.stats.iterations);
        }
    }
}
