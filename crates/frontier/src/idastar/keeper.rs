//! The bookkeeping of one depth-first search of IDA* ([`Keeper`]): the
//! bound, the [`Counts`], the limits, the stack and the solution's path.
//! One type for every loop (by value, in place, BPMX) and every search
//! (an iteration of the serial IDA*, a thread's subtree or the split near
//! the root of [`ParallelIdaStar`](crate::ParallelIdaStar)); only where the
//! limits are checked differs, behind a [`Limiter`].

use crate::{Cost, Limit, SearchProblem};

/// What a search (an iteration, or a part of one) counted.
#[derive(Clone, Copy)]
pub(crate) struct Counts<C> {
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    /// The longest path (in states) so far.
    pub(crate) peak: usize,
    /// The smallest f above the bound seen so far.
    pub(crate) next_bound: Option<C>,
    /// Whether a child's g or f did not fit the cost type (and was cut
    /// off: it costs more than any path that fits).
    pub(crate) overflowed: bool,
}

impl<C: Cost> Counts<C> {
    /// Nothing counted yet, below a path of `peak` states already checked.
    pub(crate) fn below(peak: usize) -> Self {
        Counts {
            expanded: 0,
            generated: 0,
            peak,
            next_bound: None,
            overflowed: false,
        }
    }

    /// Notes `f`, a child's f above the bound, for the next bound.
    #[inline]
    pub(crate) fn cut_off(&mut self, f: C) {
        // A branch, not a select: after the first few cut-offs the smallest
        // f is found and nothing is written (with Manhattan distance every
        // cut-off f is the bound plus 2).
        match self.next_bound {
            Some(b) if b <= f => {}
            _ => self.next_bound = Some(f),
        }
    }

    /// The counts of two parts of one iteration as one.
    #[cfg(feature = "parallel")]
    fn merge(mut self, other: Self) -> Self {
        self.expanded += other.expanded;
        self.generated += other.generated;
        self.peak = self.peak.max(other.peak);
        if let Some(f) = other.next_bound {
            self.cut_off(f);
        }
        self.overflowed |= other.overflowed;
        self
    }
}

/// How a subtree's search ended; the details are in its [`Keeper`], so
/// the recursion passes back a single byte.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Nothing under the bound in it.
    Continue,
    /// A goal; the path is in the keeper, goal first.
    Found,
    /// A limit stopped the search (or, in the parallel search, another
    /// thread's goal or limit).
    Stop,
}

/// The solution's states and actions from the goal back, filled while a
/// successful search unwinds: buffers that the search's owner keeps from
/// one search to the next.
#[derive(Debug)]
pub(crate) struct Path<S, A> {
    states: Vec<S>,
    actions: Vec<A>,
}

impl<S, A> Default for Path<S, A> {
    fn default() -> Self {
        Path {
            states: Vec::new(),
            actions: Vec::new(),
        }
    }
}

/// A solution below some node: states and actions from the goal back,
/// with room for the start.
pub(crate) struct Found<S, A, C> {
    pub(crate) states: Vec<S>,
    pub(crate) actions: Vec<A>,
    pub(crate) cost: C,
}

/// How a search (an iteration, or a part of one) ended.
pub(crate) enum End<S, A, C> {
    /// Nothing within the bound below it.
    Continue,
    /// A goal.
    Found(Found<S, A, C>),
    /// A limit stopped the search.
    Stopped(Limit),
    /// Another thread's goal or limit stopped this one.
    Abandoned,
}

/// What a search (an iteration, or a part of one) counted, and how it
/// ended: what [`iterate`](super::iterate) takes from each iteration.
pub(crate) struct Part<S, A, C> {
    pub(crate) counts: Counts<C>,
    pub(crate) end: End<S, A, C>,
}

#[cfg(feature = "parallel")]
impl<S, A, C: Cost> Part<S, A, C> {
    /// Nothing searched.
    pub(crate) fn empty() -> Self {
        Part {
            counts: Counts::below(0),
            end: End::Continue,
        }
    }

    /// Two parts of one iteration as one: the work added, a goal before a
    /// limit, the cheaper of two goals.
    pub(crate) fn merge(self, other: Self) -> Self {
        let end = match (self.end, other.end) {
            (End::Found(a), End::Found(b)) => End::Found(if b.cost < a.cost { b } else { a }),
            (End::Found(a), _) | (_, End::Found(a)) => End::Found(a),
            (End::Stopped(limit), _) | (_, End::Stopped(limit)) => End::Stopped(limit),
            (End::Abandoned, _) | (_, End::Abandoned) => End::Abandoned,
            (End::Continue, End::Continue) => End::Continue,
        };
        Part {
            counts: self.counts.merge(other.counts),
            end,
        }
    }
}

/// Where a search's limits are checked: the serial search's own budget
/// and room ([`Budgeted`](super::Budgeted)), or the allowance the threads
/// of the parallel search share. Asked only off the hot path (by
/// [`Keeper::checkpoint`] and [`Keeper::finish`]), so a trait object
/// costs nothing per node, and serial and parallel searches run the same
/// compiled loops.
pub(crate) trait Limiter<C> {
    /// Checks the limits before a node at `depth` is expanded, `expanded`
    /// nodes having been expanded and the path having reached `peak`
    /// states; the last check let nodes in below `next_check`. Returns
    /// the expansion count below which no check is due, or what stops the
    /// search: a limit, or `None` when another thread's goal or limit
    /// does.
    fn check(
        &mut self,
        expanded: u64,
        next_check: u64,
        depth: usize,
        peak: usize,
    ) -> Result<u64, Option<Limit>>;

    /// Ends a search that could have made `unused` more expansions before
    /// its next check, and reached a goal if `found`.
    fn finish(&mut self, _unused: u64, _found: bool) {}
}

/// The bookkeeping of one depth-first search: the bound, the [`Counts`],
/// the limits (through a [`Limiter`]), the stack and the solution's path.
///
/// Held by value in the loops (by value, in place, BPMX): every cut-off
/// child reads the bound and the next bound without a pointer to follow.
pub(crate) struct Keeper<'a, P: SearchProblem> {
    limiter: &'a mut dyn Limiter<P::Cost>,
    bound: P::Cost,
    /// The expansion count at which the limiter is asked again (a copy of
    /// its own threshold, one load closer).
    next_check: u64,
    /// The deepest level [`enter`](Self::enter) lets in without
    /// [`checkpoint`](Self::checkpoint): the peak, or the stack limit where
    /// that is shallower.
    horizon: usize,
    /// The deepest level known to have room on the stack.
    stack_limit: usize,
    counts: Counts<P::Cost>,
    /// The solution's cost, once [`Flow::Found`].
    found: P::Cost,
    /// What stopped the search, once [`Flow::Stop`] (`None`: another
    /// thread's goal or limit).
    stopped: Option<Limit>,
    /// Held here, not borrowed: measured, a borrowed path cost the BPMX
    /// loop a register (1.5% more instructions).
    path: Path<P::State, P::Action>,
}

impl<'a, P: SearchProblem> Keeper<'a, P> {
    /// A search under `bound` with `counts` so far, its limits checked by
    /// `limiter`, the solution's path kept in `path` (handed back, empty, by
    /// [`finish`](Self::finish)). The stack is taken to have room until
    /// [`below`](Self::below) says otherwise.
    pub(crate) fn new(
        limiter: &'a mut dyn Limiter<P::Cost>,
        bound: P::Cost,
        counts: Counts<P::Cost>,
        mut path: Path<P::State, P::Action>,
    ) -> Self {
        path.states.clear();
        path.actions.clear();
        Keeper {
            limiter,
            bound,
            next_check: 0,
            horizon: counts.peak,
            stack_limit: usize::MAX,
            counts,
            found: P::Cost::ZERO,
            stopped: None,
            path,
        }
    }

    /// Counts a node at `depth` (its limits checked) and searches below it
    /// with `walk`. The node is expanded on the stack as it is; the first
    /// level below it measures the room left ([`with_stack`]).
    pub(crate) fn below(
        mut self,
        depth: usize,
        walk: impl FnOnce(Self) -> (Flow, Self),
    ) -> (Flow, Self) {
        if !self.enter(depth) {
            return (Flow::Stop, self);
        }
        self.set_stack_limit(depth);
        walk(self)
    }

    /// What the search counted and how it ended; the path's buffers go back
    /// to `path`, and unused expansions to the limiter.
    pub(crate) fn finish(
        mut self,
        flow: Flow,
        path: &mut Path<P::State, P::Action>,
    ) -> Part<P::State, P::Action, P::Cost> {
        let unused = self.next_check.saturating_sub(self.counts.expanded);
        self.limiter.finish(unused, flow == Flow::Found);
        let end = match flow {
            Flow::Continue => End::Continue,
            Flow::Found => {
                // Exact copies, and the start's place: the buffers stay
                // with their owner.
                let mut states = Vec::with_capacity(self.path.states.len() + 1);
                states.append(&mut self.path.states);
                let mut actions = Vec::with_capacity(self.path.actions.len());
                actions.append(&mut self.path.actions);
                End::Found(Found {
                    states,
                    actions,
                    cost: self.found,
                })
            }
            Flow::Stop => self.stopped.map_or(End::Abandoned, End::Stopped),
        };
        *path = self.path;
        Part {
            counts: self.counts,
            end,
        }
    }

    /// The iteration's bound.
    #[inline]
    pub(crate) fn bound(&self) -> P::Cost {
        self.bound
    }

    /// Checks the limits before a node at `depth` (the root is at 1) is
    /// expanded and counts it: on the hot path, one comparison for the node
    /// count and one for the depth. Returns whether the node may be
    /// expanded; if not, what stopped it is kept for
    /// [`finish`](Self::finish).
    #[inline]
    pub(crate) fn enter(&mut self, depth: usize) -> bool {
        if !self.is_routine(depth) && !self.checkpoint(depth) {
            return false;
        }
        self.counts.expanded += 1;
        true
    }

    /// Whether a node at `depth` may be expanded without
    /// [`admit`](Self::admit): no limit check is due, the path is no longer
    /// than before and the stack is known to have room.
    #[expect(
        clippy::needless_bitwise_bool,
        reason = "measured: with `&&` the 4x4 in-place loop held the depth test in a flag \
                  across the count's branch and spilled a register (1% more instructions); \
                  `&` compiles to the two branches alone"
    )]
    #[inline]
    pub(crate) fn is_routine(&self, depth: usize) -> bool {
        (self.counts.expanded < self.next_check) & (depth <= self.horizon)
    }

    /// Counts a node [`is_routine`](Self::is_routine) let in.
    #[inline]
    pub(crate) fn count_routine(&mut self) {
        self.counts.expanded += 1;
    }

    /// Checks the limits before a node at `depth` that
    /// [`is_routine`](Self::is_routine) did not let in, and counts it;
    /// `false` if the search stops.
    #[inline]
    pub(crate) fn admit(&mut self, depth: usize) -> bool {
        if !self.checkpoint(depth) {
            return false;
        }
        self.counts.expanded += 1;
        true
    }

    /// The slow side of [`enter`](Self::enter): the limiter's periodic
    /// checks, or a path longer than any before (or one past the stack
    /// limit, which the caller looks after).
    #[cold]
    #[inline(never)]
    fn checkpoint(&mut self, depth: usize) -> bool {
        let peak = self.counts.peak;
        match self
            .limiter
            .check(self.counts.expanded, self.next_check, depth, peak)
        {
            Ok(next_check) => {
                self.next_check = next_check;
                if depth > peak {
                    self.counts.peak = depth;
                    self.horizon = depth.min(self.stack_limit);
                }
                true
            }
            Err(stopped) => {
                self.stopped = stopped;
                false
            }
        }
    }

    /// Adds `n` generated children.
    #[inline]
    pub(crate) fn add_generated(&mut self, n: u64) {
        self.counts.generated += n;
    }

    /// Notes a child whose g or f did not fit the cost type.
    #[inline]
    pub(crate) fn overflowed(&mut self) {
        self.counts.overflowed = true;
    }

    /// Notes `f`, a child's f above the bound, for the next bound.
    #[inline]
    pub(crate) fn cut_off(&mut self, f: P::Cost) {
        self.counts.cut_off(f);
    }

    /// Whether a node at cost `g` with estimate `h` fits the bound; if not,
    /// notes its f for the next bound (or, if it does not fit the cost
    /// type, that the search has overflowed).
    #[inline]
    pub(crate) fn within_bound(&mut self, g: P::Cost, h: P::Cost) -> bool {
        let Some(f) = g.checked_add(h) else {
            self.overflowed();
            return false;
        };
        if f > self.bound {
            self.cut_off(f);
            return false;
        }
        true
    }

    /// Notes a goal found at cost `g`.
    #[inline]
    pub(crate) fn found_at(&mut self, g: P::Cost) {
        self.found = g;
    }

    /// Adds a state on the way to the goal and the action that reached it
    /// to the solution, goal first.
    #[inline]
    pub(crate) fn record(&mut self, state: P::State, action: P::Action) {
        self.record_state(state);
        self.record_action(action);
    }

    /// [`record`](Self::record)'s state alone, for a loop that holds the
    /// state and the action at different levels (BPMX).
    #[inline]
    pub(crate) fn record_state(&mut self, state: P::State) {
        self.path.states.push(state);
    }

    /// [`record`](Self::record)'s action alone.
    #[inline]
    pub(crate) fn record_action(&mut self, action: P::Action) {
        self.path.actions.push(action);
    }

    /// Stops the search with `limit`.
    pub(crate) fn stop(&mut self, limit: Limit) -> Flow {
        self.stopped = Some(limit);
        Flow::Stop
    }

    /// Sets the deepest level known to have room on the stack.
    fn set_stack_limit(&mut self, limit: usize) {
        self.stack_limit = limit;
        self.horizon = self.counts.peak.min(limit);
    }
}

/// A depth-first loop over a [`Keeper`]: what [`with_stack`] asks of it.
pub(crate) trait DepthFirst<'k, P: SearchProblem> {
    /// The loop's bookkeeping.
    fn keeper(&mut self) -> &mut Keeper<'k, P>;
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

/// Runs `below`, the search under a node at `depth` (limits checked, node
/// counted), with room on the stack: past the stack limit, measures the
/// stack left and sets the limit it allows, or runs `below` on a fresh
/// segment if the stack is short or cannot be measured. Each level is
/// taken to use at most `LEVEL_BYTES`, this one included. The limit holds
/// for the subtree below this node only (every path in it shares the stack
/// used down to here) and is put back when it returns, so the next node at
/// this depth is measured again.
///
/// The stack limit is part of the keeper's horizon, so the hot loops hold
/// no stack check of their own: the depth comparison the peak already
/// needs sends the rare node past it here.
pub(crate) fn with_stack<'k, P: SearchProblem, T: DepthFirst<'k, P>, R>(
    search: &mut T,
    depth: usize,
    below: impl FnOnce(&mut T) -> R,
) -> R
where
    // What every `Keeper<'k, P>` asks (for its limiter), spelled out: `T`'s
    // bound does not imply it.
    P::Cost: 'k,
{
    let outer = search.keeper().stack_limit;
    if depth <= outer {
        return below(search);
    }
    let result = match stacker::remaining_stack() {
        Some(room) if room >= RED_ZONE + LEVEL_BYTES => {
            search
                .keeper()
                .set_stack_limit(depth - 1 + levels_within(room));
            below(search)
        }
        _ => stacker::grow(STACK_SEGMENT, || {
            let room = stacker::remaining_stack().unwrap_or(STACK_SEGMENT);
            search
                .keeper()
                .set_stack_limit(depth - 1 + levels_within(room).max(1));
            below(search)
        }),
    };
    search.keeper().set_stack_limit(outer);
    result
}
