//! IDA*, iterative-deepening A* (Korf 1985): depth-first searches under a
//! growing f bound, in memory linear in the solution's length.

use std::marker::PhantomData;
use std::ops::Sub;

use crate::limits::{Budget, Room, measure};
use crate::pathmax::{Bpmx, Plain};
use crate::solution::{Iteration, ResultOf};
use crate::{
    Cost, Limit, Limits, Outcome, ReversibleProblem, SearchProblem, SearchResult, Solution, Stats,
    Step,
};

mod by_value;
mod in_place;

#[cfg(feature = "parallel")]
pub(crate) use by_value::ByValue;
#[cfg(not(feature = "parallel"))]
use by_value::ByValue;
#[cfg(feature = "parallel")]
pub(crate) use in_place::InPlace;

/// IDA* from `problem.start()`: a cheapest path to a goal in memory
/// proportional to its length.
///
/// Each iteration is a depth-first search that cuts off nodes whose
/// f = g + h exceeds the bound; the next bound is the smallest f that was
/// cut off. With an admissible heuristic (consistent or not) the first goal
/// reached is optimal. The search never generates the parent of a node
/// again (the one cycle check that costs nothing) and allocates nothing per
/// node: it recurses over the problem's own successor iterators, and the
/// recursion moves to a fresh stack segment (the `stacker` crate) whenever
/// the current one runs low, so paths of any length are fine.
///
/// It keeps no table of visited states, so it re-expands states reached by
/// several paths: choose it when the space has few transpositions or the
/// memory for A* is not there. It proves a goal unreachable only when the
/// space below the start is a finite tree; on a space with cycles and no
/// reachable goal it runs until a limit stops it (configure an [`IdaStar`]
/// with `max_cost`, `max_expanded` or `max_time`). Zero-cost cycles longer
/// than two steps make an iteration endless: bound such searches the same
/// way.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let result = frontier::idastar(&Doubling::new(1, 10));
/// assert_eq!(result.solution().unwrap().cost, 6);
/// assert!(!result.stats.iterations.is_empty());
/// ```
///
/// # Complexity
///
/// Memory O(d·b) for depth d and branching factor b. Time: the number of
/// iterations times the nodes under each bound; when the node count grows
/// geometrically with the bound, the last iteration dominates.
pub fn idastar<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    IdaStar::new().search(problem)
}

/// IDA*, configured: [`Limits`] (`max_cost` caps the iteration bound and
/// `max_stored` the path length), bidirectional pathmax for inconsistent
/// heuristics ([`bpmx`](Self::bpmx)), and its buffers kept between
/// searches. [`search`](Self::search) walks successor values;
/// [`search_in_place`](Self::search_in_place) walks the same tree on one
/// state changed in place, for an [`InPlaceProblem`](crate::InPlaceProblem).
///
/// # Example
///
/// ```
/// use frontier::{IdaStar, Limit, Limits, toy::Doubling};
///
/// let mut ida = IdaStar::new();
/// for target in [10, 20, 30] {
///     let result = ida.search(&Doubling::new(1, target));
///     assert_eq!(result.solution().unwrap().states.last(), Some(&target));
/// }
/// let mut bounded = IdaStar::new().limits(Limits::new().max_cost(5));
/// assert_eq!(bounded.search(&Doubling::new(1, 10)).limit(), Some(Limit::Cost));
/// ```
#[derive(Debug)]
pub struct IdaStar<S, A, C, M = Plain> {
    limits: Limits<C>,
    /// The solution's states and actions from the goal back, filled while a
    /// successful iteration unwinds.
    path: Vec<S>,
    actions: Vec<A>,
    /// BPMX's children with their h, for every level of the path: each
    /// level pushes its children on top, reads them in order, and truncates
    /// the stack back when it returns.
    children: Vec<(Step<S, A, C>, C)>,
    mode: PhantomData<M>,
}

impl<S, A, C> Default for IdaStar<S, A, C> {
    fn default() -> Self {
        IdaStar {
            limits: Limits::new(),
            path: Vec::new(),
            actions: Vec::new(),
            children: Vec::new(),
            mode: PhantomData,
        }
    }
}

impl<S, A, C> IdaStar<S, A, C> {
    /// No limits, an empty buffer.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Bidirectional pathmax (see [`Bpmx`]): heuristic values propagate
    /// from children to their parent and from the parent to its children,
    /// so an inconsistent heuristic (pattern-database lookups with
    /// reflections or duals, random lookups) prunes more. Optimal for any
    /// admissible heuristic on a [`ReversibleProblem`], the only problems
    /// the returned searcher accepts.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{IdaStar, toy::Grid};
    ///
    /// let grid = Grid::new(6, 5);
    /// let plain = IdaStar::new().search(&grid);
    /// let bpmx = IdaStar::new().bpmx().search(&grid);
    /// assert_eq!(bpmx.solution().unwrap().cost, plain.solution().unwrap().cost);
    /// assert!(bpmx.stats.expanded < plain.stats.expanded);
    /// ```
    ///
    /// A problem whose moves are not stated reversible is refused at
    /// compile time:
    ///
    /// ```compile_fail
    /// use frontier::{IdaStar, toy::Doubling};
    ///
    /// let result = IdaStar::new().bpmx().search(&Doubling::new(1, 10));
    /// ```
    ///
    /// # Complexity
    ///
    /// Memory: the children of every level of the path, O(d·b) states for
    /// depth d and branching factor b (plain IDA* keeps one iterator a
    /// level). Time per expanded node: that of plain IDA*, plus storing the
    /// children.
    #[must_use]
    pub fn bpmx(self) -> IdaStar<S, A, C, Bpmx> {
        IdaStar {
            limits: self.limits,
            path: self.path,
            actions: self.actions,
            children: self.children,
            mode: PhantomData,
        }
    }
}

impl<S, A, C, M> IdaStar<S, A, C, M> {
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
}

impl<S: Clone + Eq, A: Clone, C: Cost> IdaStar<S, A, C> {
    /// Searches `problem`.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        self.run(problem, frame_bytes::<P>(), |keeper, start| {
            let mut dfs = ByValue { problem, keeper };
            // The root stands in as its own parent: the only child that
            // skips is a loop back to the root, which no cheapest path
            // takes.
            let flow = dfs.children(start, start, C::ZERO, 1);
            (flow, dfs.keeper.tally.finish())
        })
    }
}

/// BPMX subtracts costs (h(child) − cost), which [`Cost`] does not offer:
/// the bound `Sub` asks it of this searcher only, so `Cost` and every other
/// search stay as they were, and every primitive integer has it. The
/// subtraction is done only when the difference is positive (h(child) >
/// h + cost, compared with [`Cost::checked_add`]), so unsigned costs never
/// underflow.
impl<S: Clone + Eq, A: Clone, C: Cost + Sub<Output = C>> IdaStar<S, A, C, Bpmx> {
    /// Searches `problem` with bidirectional pathmax.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: ReversibleProblem<State = S, Action = A, Cost = C>,
    {
        let mut children = std::mem::take(&mut self.children);
        let result = self.run(problem, frame_bytes::<P>(), |keeper, start| {
            let mut dfs = Dfs {
                problem,
                keeper,
                children: &mut children,
            };
            let flow = dfs.expand_root_bpmx(start);
            (flow, dfs.keeper.tally.finish())
        });
        children.clear();
        self.children = children;
        result
    }
}

impl<S: Clone + Eq, A: Clone, C: Cost, M> IdaStar<S, A, C, M> {
    /// Runs the iterations of a search of `problem`, `iteration` searching
    /// below the start under one bound: the bookkeeping that
    /// [`search`](IdaStar::search), the BPMX search and
    /// [`search_in_place`](IdaStar::search_in_place) share. Each iteration
    /// gets the [`Serial`] keeper with the start already counted as
    /// expanded; if a limit stops the search at the start, `iteration` is
    /// not called.
    fn run<P>(
        &mut self,
        problem: &P,
        frame_bytes: usize,
        iteration: impl for<'t, 'u, 'v> FnMut(Serial<'t, 'u, 'v, P>, &S) -> (Flow, Counts<C>),
    ) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        self.path.clear();
        self.actions.clear();
        let limits = std::mem::take(&mut self.limits);
        let result = measure(&limits, |budget, stats| {
            self.iterate(problem, budget, stats, frame_bytes, iteration)
        });
        self.limits = limits;
        self.path.clear();
        self.actions.clear();
        result
    }

    fn iterate<P>(
        &mut self,
        problem: &P,
        budget: &mut Budget<'_, C>,
        stats: &mut Stats<C>,
        frame_bytes: usize,
        mut iteration: impl for<'t, 'u, 'v> FnMut(Serial<'t, 'u, 'v, P>, &S) -> (Flow, Counts<C>),
    ) -> Outcome<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        let start = problem.start();
        let mut bound = problem.heuristic(&start);
        stats.generated = 1;
        if problem.is_goal(&start) {
            return Outcome::Found(Solution::empty(start, C::ZERO));
        }
        stats.generated = 0;
        let room = budget.room();
        let mut overflowed = false;
        loop {
            if budget.max_cost().is_some_and(|max| bound > *max) {
                // The start counts as generated even when no iteration ran.
                stats.generated = stats.generated.max(1);
                return Outcome::LimitReached(Limit::Cost);
            }
            let tally = Tally {
                budget: &mut *budget,
                room: &room,
                frame_bytes,
                bound,
                next_check: 0,
                // The root is expanded on the caller's stack; the first
                // level below it measures the room left.
                horizon: stats.peak_stored.min(1),
                stack_limit: 1,
                counts: Counts {
                    expanded: stats.expanded,
                    // The root is generated once per search, as Korf counts it.
                    generated: u64::from(stats.iterations.is_empty()),
                    peak: stats.peak_stored,
                    next_bound: None,
                    found: C::ZERO,
                    stopped: None,
                    overflowed: false,
                },
            };
            let mut keeper = Serial {
                tally,
                path: &mut self.path,
                actions: &mut self.actions,
            };
            let (flow, counts) = if keeper.tally.enter(1) {
                iteration(keeper, &start)
            } else {
                (Flow::Stop, keeper.tally.finish())
            };
            overflowed |= counts.overflowed;
            stats.iterations.push(Iteration {
                bound,
                expanded: counts.expanded - stats.expanded,
                generated: counts.generated,
            });
            stats.expanded = counts.expanded;
            stats.generated += counts.generated;
            stats.peak_stored = counts.peak;
            match flow {
                Flow::Found => {
                    let mut route = Vec::with_capacity(self.path.len() + 1);
                    route.push(start);
                    route.extend(self.path.drain(..).rev());
                    let actions = self.actions.drain(..).rev().collect();
                    return Outcome::Found(Solution {
                        states: route,
                        actions,
                        cost: counts.found,
                    });
                }
                Flow::Stop => {
                    // cannot fail: `Stop` is returned with the limit recorded
                    return Outcome::LimitReached(counts.stopped.expect("a recorded limit"));
                }
                Flow::Continue => match counts.next_bound {
                    Some(next) => bound = next,
                    // Paths were cut where their cost did not fit: whether
                    // they reach a goal cannot be told in this cost type.
                    None if overflowed => return Outcome::LimitReached(Limit::CostOverflow),
                    None => return Outcome::Unreachable,
                },
            }
        }
    }
}

/// What one level of the path costs in memory, counted generously: the
/// recursion's stack frame, the state kept by value and its parent's
/// reference, and the path's entries once found.
pub(crate) fn frame_bytes<P: SearchProblem>() -> usize {
    512 + 2 * size_of::<P::State>() + size_of::<P::Action>()
}

/// The stack the depth-first searches leave free below their deepest
/// level, and the size of a fresh segment when the stack runs short.
const RED_ZONE: usize = 256 * 1024;
const STACK_SEGMENT: usize = 4 * 1024 * 1024;
/// The most stack one level of the recursion is taken to use: frames of up
/// to 8 KiB fit (the red zone over a check every 32 levels, as the searches
/// once checked).
const LEVEL_BYTES: usize = 8 * 1024;

/// How many levels fit in `room` bytes of stack with the red zone left
/// over.
fn levels_within(room: usize) -> usize {
    room.saturating_sub(RED_ZONE) / LEVEL_BYTES
}

/// A depth-first search that looks after its stack through a stack limit:
/// the deepest level known to have room, which its routine depth
/// comparison includes (see [`Tally::is_routine`]), so the hot loop holds
/// no stack check of its own.
pub(crate) trait StackLimit {
    /// The deepest level known to have room on the stack.
    fn stack_limit(&self) -> usize;
    /// Sets the deepest level known to have room on the stack.
    fn set_stack_limit(&mut self, limit: usize);
}

/// What the depth-first loops ([`ByValue`] and [`InPlace`]) ask of a
/// search's bookkeeping: the bound, the counts, the limits, the stack and
/// the solution's path. The serial search keeps it in its [`Tally`] and
/// buffers ([`Serial`]), each thread of
/// [`ParallelIdaStar`](crate::ParallelIdaStar) in its own; each loop is
/// written once, over this trait.
pub(crate) trait Keeper<P: SearchProblem>: StackLimit {
    /// The iteration's bound.
    fn bound(&self) -> P::Cost;
    /// Whether a node at `depth` may be expanded without
    /// [`admit`](Self::admit): no limit check due, no new peak, room on
    /// the stack.
    fn is_routine(&self, depth: usize) -> bool;
    /// Counts a node [`is_routine`](Self::is_routine) let in.
    fn count_routine(&mut self);
    /// Checks the limits before a node at `depth` that
    /// [`is_routine`](Self::is_routine) did not let in, and counts it;
    /// `false` if a limit stops the search.
    fn admit(&mut self, depth: usize) -> bool;
    /// Adds `n` generated children.
    fn add_generated(&mut self, n: u64);
    /// Notes a child whose g or f did not fit the cost type.
    fn overflowed(&mut self);
    /// Notes `f`, a child's f above the bound, for the next bound.
    fn cut_off(&mut self, f: P::Cost);
    /// Notes a goal found at cost `g`.
    fn found_at(&mut self, g: P::Cost);
    /// Adds a state on the way to the goal and the action that reached it
    /// to the solution, goal first.
    fn record(&mut self, state: P::State, action: P::Action);
}

/// The serial search's bookkeeping: its [`Tally`] and the solution's
/// buffers.
struct Serial<'a, 'b, 'c, P: SearchProblem> {
    tally: Tally<'a, 'b, P::Cost>,
    /// The solution's states and actions from the goal back, filled while a
    /// successful iteration unwinds.
    path: &'c mut Vec<P::State>,
    actions: &'c mut Vec<P::Action>,
}

impl<P: SearchProblem> Keeper<P> for Serial<'_, '_, '_, P> {
    #[inline]
    fn bound(&self) -> P::Cost {
        self.tally.bound
    }

    #[inline]
    fn is_routine(&self, depth: usize) -> bool {
        self.tally.is_routine(depth)
    }

    #[inline]
    fn count_routine(&mut self) {
        self.tally.counts.expanded += 1;
    }

    #[inline]
    fn admit(&mut self, depth: usize) -> bool {
        if !self.tally.checkpoint(depth) {
            return false;
        }
        self.tally.counts.expanded += 1;
        true
    }

    #[inline]
    fn add_generated(&mut self, n: u64) {
        self.tally.counts.generated += n;
    }

    #[inline]
    fn overflowed(&mut self) {
        self.tally.counts.overflowed = true;
    }

    #[inline]
    fn cut_off(&mut self, f: P::Cost) {
        self.tally.cut_off(f);
    }

    #[inline]
    fn found_at(&mut self, g: P::Cost) {
        self.tally.counts.found = g;
    }

    #[inline]
    fn record(&mut self, state: P::State, action: P::Action) {
        self.path.push(state);
        self.actions.push(action);
    }
}

impl<P: SearchProblem> StackLimit for Serial<'_, '_, '_, P> {
    fn stack_limit(&self) -> usize {
        self.tally.stack_limit
    }

    fn set_stack_limit(&mut self, limit: usize) {
        self.tally.set_stack_limit(limit);
    }
}

/// Runs `below`, the search under a node at `depth` (limits checked, node
/// counted), with room on the stack: past the stack limit, measures the
/// stack left and sets the limit it allows, or runs `below` on a fresh
/// segment if the stack is short or cannot be measured. Each level is
/// taken to use at most `LEVEL_BYTES`, this one included. The limit holds
/// for the subtree below this node only (every path in it shares the stack
/// used down to here) and is put back when it returns, so the next node at
/// this depth is measured again.
pub(crate) fn with_stack<T: StackLimit, R>(
    search: &mut T,
    depth: usize,
    below: impl FnOnce(&mut T) -> R,
) -> R {
    let outer = search.stack_limit();
    if depth <= outer {
        return below(search);
    }
    let result = match stacker::remaining_stack() {
        Some(room) if room >= RED_ZONE + LEVEL_BYTES => {
            search.set_stack_limit(depth - 1 + levels_within(room));
            below(search)
        }
        _ => stacker::grow(STACK_SEGMENT, || {
            let room = stacker::remaining_stack().unwrap_or(STACK_SEGMENT);
            search.set_stack_limit(depth - 1 + levels_within(room).max(1));
            below(search)
        }),
    };
    search.set_stack_limit(outer);
    result
}

/// What one iteration counts and finds, handed back to the loop over
/// iterations.
struct Counts<C> {
    expanded: u64,
    generated: u64,
    /// The longest path (in states) of the search so far.
    peak: usize,
    /// The smallest f above the bound seen so far.
    next_bound: Option<C>,
    /// The solution's cost, once [`Flow::Found`].
    found: C,
    /// The limit that stopped the search, once [`Flow::Stop`].
    stopped: Option<Limit>,
    /// Whether a child's g or f did not fit the cost type (and was cut
    /// off: it costs more than any path that fits).
    overflowed: bool,
}

/// A child kept by BPMX: the step to it and its h as the problem gives it.
type Child<P> = (
    Step<<P as SearchProblem>::State, <P as SearchProblem>::Action, <P as SearchProblem>::Cost>,
    <P as SearchProblem>::Cost,
);

/// One iteration's bookkeeping, the same for both depth-first searches:
/// the bound, the counts and the limits.
struct Tally<'a, 'b, C> {
    budget: &'a mut Budget<'b, C>,
    /// Charged for each level the path reaches deeper than before.
    room: &'a Room,
    /// What a level of the path is charged ([`frame_bytes`]).
    frame_bytes: usize,
    bound: C,
    /// The expansion count at which the budget is asked again (a copy of
    /// its own threshold, one load closer).
    next_check: u64,
    /// The deepest level [`enter`](Self::enter) lets in without
    /// [`checkpoint`](Self::checkpoint): the peak, or the stack limit where
    /// that is shallower.
    horizon: usize,
    /// The deepest level known to have room on the stack.
    stack_limit: usize,
    counts: Counts<C>,
}

impl<C: Cost> Tally<'_, '_, C> {
    fn finish(self) -> Counts<C> {
        self.counts
    }

    /// Checks the limits before a node at `depth` (the root is at 1) is
    /// expanded and counts it: on the hot path, one comparison for the node
    /// count and one for the depth.
    /// Returns whether the node may be expanded; if not, the limit is in
    /// `stopped`.
    #[inline]
    fn enter(&mut self, depth: usize) -> bool {
        if !self.is_routine(depth) && !self.checkpoint(depth) {
            return false;
        }
        self.counts.expanded += 1;
        true
    }

    /// Whether a node at `depth` may be expanded without
    /// [`checkpoint`](Self::checkpoint): no budget check is due, the path
    /// is no longer than before and the stack is known to have room.
    #[inline]
    fn is_routine(&self, depth: usize) -> bool {
        self.counts.expanded < self.next_check && depth <= self.horizon
    }

    /// Sets the deepest level known to have room on the stack.
    fn set_stack_limit(&mut self, limit: usize) {
        self.stack_limit = limit;
        self.horizon = self.counts.peak.min(limit);
    }

    /// The slow side of [`enter`](Self::enter): the budget's periodic
    /// checks, or a path longer than any before (or one past the stack
    /// limit, which the caller looks after).
    #[cold]
    #[inline(never)]
    fn checkpoint(&mut self, depth: usize) -> bool {
        let peak = self.counts.peak;
        let checked = self
            .budget
            .before_expand(self.counts.expanded)
            .and_then(|()| {
                if depth > peak {
                    self.budget.check_stored(depth)?;
                    self.room.charge((depth - peak) * self.frame_bytes)?;
                    self.counts.peak = depth;
                    self.horizon = depth.min(self.stack_limit);
                }
                Ok(())
            });
        self.next_check = self.budget.next_check();
        match checked {
            Ok(()) => true,
            Err(limit) => {
                self.counts.stopped = Some(limit);
                false
            }
        }
    }

    /// Notes `f`, a child's f above the bound, for the next bound.
    #[inline]
    fn cut_off(&mut self, f: C) {
        // A branch, not a select: after the first few cut-offs the smallest
        // f is found and nothing is written (with Manhattan distance every
        // cut-off f is the bound plus 2).
        match self.counts.next_bound {
            Some(b) if b <= f => {}
            _ => self.counts.next_bound = Some(f),
        }
    }
}

/// One BPMX iteration's depth-first search (the plain search's is
/// [`ByValue`], over the same [`Tally`]). The recursion is as deep as the
/// path; `stacker` moves it to a fresh heap-allocated stack segment
/// whenever the current one runs low, so no path length can overflow the
/// stack.
struct Dfs<'a, 'b, 'c, P: SearchProblem> {
    problem: &'c P,
    /// The counts, limits and solution buffers, as the plain search keeps
    /// them.
    keeper: Serial<'a, 'b, 'c, P>,
    /// The children of every level on the path.
    children: &'c mut Vec<Child<P>>,
}

/// How a subtree's search ended; the details are in the [`Tally`] (or a
/// parallel thread's bookkeeping), so the recursion passes back a single
/// byte.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Nothing under the bound in it.
    Continue,
    /// A goal, at cost `Counts::found`; the path is in the path buffer,
    /// goal first.
    Found,
    /// The limit `Counts::stopped` stopped the search.
    Stop,
}

impl<P: SearchProblem> StackLimit for Dfs<'_, '_, '_, P> {
    fn stack_limit(&self) -> usize {
        self.keeper.stack_limit()
    }

    fn set_stack_limit(&mut self, limit: usize) {
        self.keeper.set_stack_limit(limit);
    }
}

/// `h` raised by bidirectional pathmax from a neighbour's `h_neighbour`
/// across a step of `cost`, or `None` if that bound is no higher: the
/// neighbour's distance exceeds the node's by at most `cost` on a
/// reversible space. Subtracts only when the difference is positive.
#[inline]
fn raised<C: Cost + Sub<Output = C>>(h: C, h_neighbour: C, cost: C) -> Option<C> {
    match h.checked_add(cost) {
        Some(reach) if h_neighbour > reach => Some(h_neighbour - cost),
        // Past the cost type, h + cost is above any h that fits.
        _ => None,
    }
}

/// The search with bidirectional pathmax (see [`Bpmx`]): each level stores
/// its children, with their h, on top of [`Dfs::children`] before searching
/// them, and returns its h, raised by what its children taught it.
impl<P: SearchProblem> Dfs<'_, '_, '_, P>
where
    P::Cost: Sub<Output = P::Cost>,
{
    /// Searches below the start, already counted.
    fn expand_root_bpmx(&mut self, start: &P::State) -> Flow {
        let h = self.problem.heuristic(start);
        self.children_bpmx(start, start, P::Cost::ZERO, h, 1).0
    }

    /// The plain search's `expand` ([`ByValue`]) with the node's (possibly
    /// raised) `h`; returns how the subtree's search ended and the node's h
    /// as raised by it.
    fn expand_bpmx(
        &mut self,
        state: P::State,
        parent: &P::State,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> (Flow, P::Cost) {
        let (flow, h) = self.children_bpmx(&state, parent, g, h, depth);
        if flow == Flow::Found {
            self.keeper.path.push(state);
        }
        (flow, h)
    }

    /// [`expand_bpmx`](Self::expand_bpmx) for a node that
    /// [`Tally::is_routine`] does not let in, as the plain search's
    /// `expand_checked` ([`ByValue`]).
    #[cold]
    #[inline(never)]
    fn expand_bpmx_checked(
        &mut self,
        state: P::State,
        parent: &P::State,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> (Flow, P::Cost) {
        if !self.keeper.admit(depth) {
            return (Flow::Stop, h);
        }
        with_stack(self, depth, |dfs| {
            dfs.expand_bpmx(state, parent, g, h, depth)
        })
    }

    /// Whether a node at cost `g` with estimate `h` fits the bound; if not,
    /// its f is a candidate for the next bound (or, if it does not fit the
    /// cost type, the search has overflowed).
    #[inline]
    fn within_bound(&mut self, g: P::Cost, h: P::Cost) -> bool {
        let Some(f) = g.checked_add(h) else {
            self.keeper.overflowed();
            return false;
        };
        if f > self.keeper.bound() {
            self.keeper.cut_off(f);
            return false;
        }
        true
    }

    /// [`children`](Self::children) with bidirectional pathmax: generates
    /// every child of `state` first (its h raising the node's; a goal
    /// within the bound ends the search there), cuts the
    /// node off if its raised f passes the bound, then searches the
    /// children in the problem's order, each with h at least the node's h
    /// minus the step's cost, and raises the node's h by each child's
    /// returned h, cutting the node off (its remaining children unsearched)
    /// when that passes the bound. A node cut off records its raised f for
    /// the next bound: admissible on a reversible space, so the next bound
    /// stays at most the optimal cost.
    fn children_bpmx(
        &mut self,
        state: &P::State,
        parent: &P::State,
        g: P::Cost,
        mut h: P::Cost,
        depth: usize,
    ) -> (Flow, P::Cost) {
        let first = self.children.len();
        let mut generated = 0;
        for step in self.problem.successors(state) {
            if step.state == *parent {
                continue;
            }
            generated += 1;
            let child_h = self.problem.heuristic(&step.state);
            if let Some(higher) = raised(h, child_h, step.cost) {
                h = higher;
            }
            // Korf's goal test as children are generated: a goal within the
            // bound is optimal whatever its siblings would raise (h never
            // passes the distance, here the step's cost).
            if let Some(child_g) = g.checked_add(step.cost)
                && child_g
                    .checked_add(child_h)
                    .is_some_and(|f| f <= self.keeper.bound())
                && self.problem.is_goal(&step.state)
            {
                self.keeper.add_generated(generated);
                self.children.truncate(first);
                self.keeper.found_at(child_g);
                self.keeper.record(step.state, step.action);
                return (Flow::Found, h);
            }
            if let Err(limit) = self.keeper.tally.room.push(self.children, (step, child_h)) {
                self.keeper.add_generated(generated);
                self.children.truncate(first);
                self.keeper.tally.counts.stopped = Some(limit);
                return (Flow::Stop, h);
            }
        }
        self.keeper.add_generated(generated);
        let flow = self.search_children(state, g, &mut h, first, depth);
        self.children.truncate(first);
        (flow, h)
    }

    /// The second half of [`children_bpmx`](Self::children_bpmx): searches
    /// the children stored above `first`, raising `h` as they return.
    #[inline]
    fn search_children(
        &mut self,
        state: &P::State,
        g: P::Cost,
        h: &mut P::Cost,
        first: usize,
        depth: usize,
    ) -> Flow {
        if !self.within_bound(g, *h) {
            return Flow::Continue;
        }
        // Deeper levels push above `end` and truncate back to it.
        let end = self.children.len();
        for i in first..end {
            let (step, child_h) = self.children[i].clone();
            let Some(child_g) = g.checked_add(step.cost) else {
                self.keeper.overflowed();
                continue;
            };
            // The parent's bound passed down: h(child) >= h - cost.
            let child_h = if *h > step.cost {
                child_h.max(*h - step.cost)
            } else {
                child_h
            };
            // A goal child was within the bound when generated, or is cut
            // off here: raised values only grow.
            if !self.within_bound(child_g, child_h) {
                continue;
            }
            let depth = depth + 1;
            let (flow, child_h) = if self.keeper.is_routine(depth) {
                self.keeper.count_routine();
                self.expand_bpmx(step.state, state, child_g, child_h, depth)
            } else {
                self.expand_bpmx_checked(step.state, state, child_g, child_h, depth)
            };
            match flow {
                Flow::Continue => {
                    // The child's search may have raised its h: so the node's.
                    if let Some(higher) = raised(*h, child_h, step.cost) {
                        *h = higher;
                        if !self.within_bound(g, *h) {
                            return Flow::Continue;
                        }
                    }
                }
                Flow::Found => {
                    self.keeper.actions.push(step.action);
                    return Flow::Found;
                }
                Flow::Stop => return Flow::Stop,
            }
        }
        Flow::Continue
    }
}
