//! IDA*, iterative-deepening A* (Korf 1985): depth-first searches under a
//! growing f bound, in memory linear in the solution's length.
//!
//! [`iterate`] is the loop over iterations, shared by every IDA* of the
//! crate; each iteration is a depth-first search over a [`Keeper`]
//! (`keeper.rs`): by value (`by_value.rs`), in place (`in_place.rs`), with
//! bidirectional pathmax (`bpmx.rs`), or split among threads
//! ([`ParallelIdaStar`](crate::ParallelIdaStar)).

use std::marker::PhantomData;

use crate::limits::{Budget, Room, measure};
use crate::pathmax::{Bpmx, Plain};
use crate::solution::{Iteration, ResultOf};
use crate::{Cost, Limit, Limits, Outcome, SearchProblem, SearchResult, Solution, Stats, Step};

mod bpmx;
pub(crate) mod by_value;
pub(crate) mod in_place;
pub(crate) mod keeper;

use keeper::{Counts, End, Flow, Found, Keeper, Limiter, Part, Path};

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
    /// The solution's path while a successful iteration unwinds.
    path: Path<S, A>,
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
            path: Path::default(),
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
    /// admissible heuristic on a
    /// [`ReversibleProblem`](crate::ReversibleProblem), the only problems
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
        // The root stands in as its own parent: the only child that skips
        // is a loop back to the root, which no cheapest path takes.
        self.run(problem, |keeper, start, _| {
            by_value::subtree(problem, keeper, start, start, C::ZERO, 1)
        })
    }
}

impl<S: Clone + Eq, A: Clone, C: Cost, M> IdaStar<S, A, C, M> {
    /// Runs a search of `problem` under this searcher's limits, `walk`
    /// searching below the start (already counted) in each iteration with
    /// the serial search's [`Keeper`] and the search's [`Room`]: the serial
    /// side of [`search`](IdaStar::search), the BPMX search,
    /// [`search_in_place`](IdaStar::search_in_place) and a
    /// [`ParallelIdaStar`](crate::ParallelIdaStar) whose threads were
    /// refused. If a limit stops the search at the start, `walk` is not
    /// called.
    pub(crate) fn run<P>(
        &mut self,
        problem: &P,
        mut walk: impl for<'k> FnMut(Keeper<'k, P>, &S, &Room) -> (Flow, Keeper<'k, P>),
    ) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        let limits = std::mem::take(&mut self.limits);
        let frame_bytes = frame_bytes::<P>();
        let result = measure(&limits, |budget, stats| {
            let room = budget.room();
            let max_cost = budget.max_cost().copied();
            iterate(problem, max_cost, stats, |start, bound, counts| {
                let mut limiter = Budgeted {
                    budget: &mut *budget,
                    room: &room,
                    frame_bytes,
                };
                let path = std::mem::take(&mut self.path);
                let keeper = Keeper::new(&mut limiter, bound, counts, path);
                let (flow, keeper) = keeper.below(1, |keeper| walk(keeper, start, &room));
                keeper.finish(flow, &mut self.path)
            })
        });
        self.limits = limits;
        result
    }
}

/// The loop over IDA*'s iterations, the same for every search: the start
/// tested, then one `iteration` per bound, from h(start) up, each given the
/// start, its bound and the counts so far (its own `generated` at zero,
/// the root's generation counted in the first), until one finds a goal,
/// a limit stops the search, the bound passes `max_cost`, or no f was cut
/// off. Each iteration's work goes into `stats.iterations`.
pub(crate) fn iterate<P: SearchProblem>(
    problem: &P,
    max_cost: Option<P::Cost>,
    stats: &mut Stats<P::Cost>,
    mut iteration: impl FnMut(&P::State, P::Cost, Counts<P::Cost>) -> Part<P::State, P::Action, P::Cost>,
) -> Outcome<P::State, P::Action, P::Cost> {
    let start = problem.start();
    let mut bound = problem.heuristic(&start);
    stats.generated = 1;
    if problem.is_goal(&start) {
        return Outcome::Found(Solution::empty(start, P::Cost::ZERO));
    }
    stats.generated = 0;
    let mut overflowed = false;
    loop {
        if max_cost.is_some_and(|max| bound > max) {
            // The start counts as generated even when no iteration ran.
            stats.generated = stats.generated.max(1);
            return Outcome::LimitReached(Limit::Cost);
        }
        let so_far = Counts {
            expanded: stats.expanded,
            // The root is generated once per search, as Korf counts it.
            generated: u64::from(stats.iterations.is_empty()),
            ..Counts::below(stats.peak_stored)
        };
        let Part { counts, end } = iteration(&start, bound, so_far);
        overflowed |= counts.overflowed;
        stats.iterations.push(Iteration {
            bound,
            expanded: counts.expanded - stats.expanded,
            generated: counts.generated,
        });
        stats.expanded = counts.expanded;
        stats.generated += counts.generated;
        stats.peak_stored = counts.peak;
        match end {
            End::Found(found) => {
                let Found {
                    mut states,
                    mut actions,
                    cost,
                } = found;
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
            End::Continue => match counts.next_bound {
                Some(next) => bound = next,
                // Paths were cut where their cost did not fit: whether
                // they reach a goal cannot be told in this cost type.
                None if overflowed => return Outcome::LimitReached(Limit::CostOverflow),
                None => return Outcome::Unreachable,
            },
        }
    }
}

/// The serial search's limits: its [`Budget`], and the [`Room`] that each
/// level of the path is charged to when it is first reached.
struct Budgeted<'a, 'b, C> {
    budget: &'a mut Budget<'b, C>,
    room: &'a Room,
    /// What a level of the path is charged ([`frame_bytes`]).
    frame_bytes: usize,
}

impl<C> Limiter<C> for Budgeted<'_, '_, C> {
    fn check(
        &mut self,
        expanded: u64,
        _next_check: u64,
        depth: usize,
        peak: usize,
    ) -> Result<u64, Option<Limit>> {
        self.budget
            .before_expand(expanded)
            .and_then(|()| {
                if depth > peak {
                    self.budget.check_stored(depth)?;
                    self.room.charge((depth - peak) * self.frame_bytes)?;
                }
                Ok(self.budget.next_check())
            })
            .map_err(Some)
    }
}

/// What one level of the path costs in memory, counted generously: the
/// recursion's stack frame, the state kept by value and its parent's
/// reference, and the path's entries once found.
pub(crate) fn frame_bytes<P: SearchProblem>() -> usize {
    512 + 2 * size_of::<P::State>() + size_of::<P::Action>()
}
