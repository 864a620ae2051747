//! IDA*, iterative-deepening A* (Korf 1985): depth-first searches under a
//! growing f bound, in memory linear in the solution's length.

use crate::bfs::ResultOf;
use crate::limits::Budget;
use crate::{
    Cost, Iteration, Limit, Limits, Outcome, SearchProblem, SearchResult, Solution, Stats,
};

/// IDA* from `problem.start()` with no limits: a cheapest path to a goal in
/// memory proportional to its length.
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
/// reachable goal it runs until a limit stops it (set `max_cost`,
/// `max_expanded` or `max_time`). Zero-cost cycles longer than two steps
/// make an iteration endless: bound such searches the same way.
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
    idastar_with(problem, &Limits::new())
}

/// [`idastar`] under `limits`; `max_cost` caps the iteration bound and
/// `max_stored` the path length.
///
/// # Example
///
/// ```
/// use frontier::{Limit, Limits, toy::Doubling};
///
/// let result = frontier::idastar_with(&Doubling::new(1, 10), &Limits::new().max_cost(5));
/// assert_eq!(result.limit(), Some(Limit::Cost));
/// ```
pub fn idastar_with<P: SearchProblem>(problem: &P, limits: &Limits<P::Cost>) -> ResultOf<P> {
    IdaStar::new().search(problem, limits)
}

/// IDA* with its path buffer kept between searches.
///
/// # Example
///
/// ```
/// use frontier::{IdaStar, Limits, toy::Doubling};
///
/// let mut ida = IdaStar::new();
/// for target in [10, 20, 30] {
///     let result = ida.search(&Doubling::new(1, target), &Limits::new());
///     assert_eq!(result.solution().unwrap().states.last(), Some(&target));
/// }
/// ```
#[derive(Debug)]
pub struct IdaStar<S, A, C> {
    /// The solution's states and actions from the goal back, filled while a
    /// successful iteration unwinds.
    path: Vec<(S, A)>,
    cost: std::marker::PhantomData<C>,
}

impl<S, A, C> Default for IdaStar<S, A, C> {
    fn default() -> Self {
        IdaStar {
            path: Vec::new(),
            cost: std::marker::PhantomData,
        }
    }
}

impl<S: Clone + Eq, A: Clone, C: Cost> IdaStar<S, A, C> {
    /// An empty buffer.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs IDA* on `problem` under `limits`, as [`idastar_with`].
    pub fn search<P>(&mut self, problem: &P, limits: &Limits<C>) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        let mut budget = Budget::start(limits);
        let mut stats = Stats::default();
        self.path.clear();
        let outcome = self.iterate(problem, &mut budget, &mut stats);
        stats.elapsed = budget.elapsed();
        self.path.clear();
        SearchResult { outcome, stats }
    }

    fn iterate<P>(
        &mut self,
        problem: &P,
        budget: &mut Budget<'_, C>,
        stats: &mut Stats<C>,
    ) -> Outcome<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        let start = problem.start();
        let mut bound = problem.heuristic(&start);
        stats.generated = 1;
        if problem.is_goal(&start) {
            return Outcome::Found(Solution {
                states: vec![start],
                actions: Vec::new(),
                cost: C::ZERO,
            });
        }
        stats.generated = 0;
        loop {
            if budget.max_cost().is_some_and(|max| bound > *max) {
                return Outcome::LimitReached(Limit::Cost);
            }
            let mut dfs = Dfs {
                problem,
                bound,
                budget: &mut *budget,
                path: &mut self.path,
                expanded: stats.expanded,
                // The root is generated once per search, as Korf counts it.
                generated: u64::from(stats.iterations.is_empty()),
                depth: 0,
                peak: stats.peak_stored,
                next_bound: None,
            };
            let flow = dfs.expand_root(&start);
            let (expanded, generated, peak, next_bound) =
                (dfs.expanded, dfs.generated, dfs.peak, dfs.next_bound);
            stats.iterations.push(Iteration {
                bound,
                expanded: expanded - stats.expanded,
                generated,
            });
            stats.expanded = expanded;
            stats.generated += generated;
            stats.peak_stored = peak;
            match flow {
                Flow::Found(cost) => {
                    let (mut route, actions): (Vec<S>, Vec<A>) = self.path.drain(..).rev().unzip();
                    route.insert(0, start);
                    return Outcome::Found(Solution {
                        states: route,
                        actions,
                        cost,
                    });
                }
                Flow::Stop(limit) => return Outcome::LimitReached(limit),
                Flow::Continue => match next_bound {
                    Some(next) => bound = next,
                    None => return Outcome::Unreachable,
                },
            }
        }
    }
}

/// How often (in levels of recursion) the depth-first search makes sure the
/// stack has room, and how much room it wants: frames of up to 8 KiB fit.
const STACK_CHECK_EVERY: usize = 32;
const RED_ZONE: usize = 256 * 1024;
const STACK_SEGMENT: usize = 4 * 1024 * 1024;

/// One iteration's depth-first search: recursion over the problem's own
/// successor iterators, so nothing is copied into buffers. The recursion is
/// as deep as the path; `stacker` moves it to a fresh heap-allocated stack
/// segment whenever the current one runs low, so no path length can
/// overflow the stack.
struct Dfs<'a, 'b, P: SearchProblem> {
    problem: &'a P,
    bound: P::Cost,
    budget: &'a mut Budget<'b, P::Cost>,
    path: &'a mut Vec<(P::State, P::Action)>,
    expanded: u64,
    generated: u64,
    depth: usize,
    peak: usize,
    /// The smallest f above the bound seen so far.
    next_bound: Option<P::Cost>,
}

/// How a subtree's search ended.
enum Flow<C> {
    /// Nothing under the bound in it.
    Continue,
    /// A goal at this cost; the path is in `Dfs::path`, goal first.
    Found(C),
    /// A limit stopped the search.
    Stop(Limit),
}

impl<P: SearchProblem> Dfs<'_, '_, P> {
    fn expand_root(&mut self, start: &P::State) -> Flow<P::Cost> {
        if let Err(limit) = self.enter() {
            return Flow::Stop(limit);
        }
        let flow = self.expand(start, None, P::Cost::ZERO);
        self.depth -= 1;
        flow
    }

    /// Checks the limits before a node is expanded and counts it.
    #[inline]
    fn enter(&mut self) -> Result<(), Limit> {
        self.budget.before_expand(self.expanded)?;
        self.budget.check_stored(self.depth + 1)?;
        self.expanded += 1;
        self.depth += 1;
        self.peak = self.peak.max(self.depth);
        Ok(())
    }

    /// Searches below `state`, reached at cost `g` from `parent`.
    ///
    /// Children are tested against the bound and the goal as they are
    /// generated (Korf's semantics). A goal generated within the bound is
    /// optimal: its cost is at most the bound, which never exceeds the
    /// optimal cost for an admissible heuristic.
    fn expand(&mut self, state: &P::State, parent: Option<&P::State>, g: P::Cost) -> Flow<P::Cost> {
        for step in self.problem.successors(state) {
            if parent == Some(&step.state) {
                continue;
            }
            self.generated += 1;
            let g = g + step.cost;
            let f = g + self.problem.heuristic(&step.state);
            if f > self.bound {
                self.next_bound = Some(self.next_bound.map_or(f, |b| b.min(f)));
                continue;
            }
            if self.problem.is_goal(&step.state) {
                self.path.push((step.state, step.action));
                return Flow::Found(g);
            }
            if let Err(limit) = self.enter() {
                return Flow::Stop(limit);
            }
            let flow = if self.depth.is_multiple_of(STACK_CHECK_EVERY) {
                stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || {
                    self.expand(&step.state, Some(state), g)
                })
            } else {
                self.expand(&step.state, Some(state), g)
            };
            self.depth -= 1;
            match flow {
                Flow::Continue => {}
                Flow::Found(cost) => {
                    self.path.push((step.state, step.action));
                    return Flow::Found(cost);
                }
                stop @ Flow::Stop(_) => return stop,
            }
        }
        Flow::Continue
    }
}
