//! IDA*, iterative-deepening A* (Korf 1985): depth-first searches under a
//! growing f bound, in memory linear in the solution's length.

use crate::bfs::ResultOf;
use crate::limits::Budget;
use crate::{
    Cost, Iteration, Limit, Limits, Outcome, SearchProblem, SearchResult, Solution, Stats, Step,
};

/// IDA* from `problem.start()` with no limits: a cheapest path to a goal in
/// memory proportional to its length.
///
/// Each iteration is a depth-first search that cuts off nodes whose
/// f = g + h exceeds the bound; the next bound is the smallest f that was
/// cut off. With an admissible heuristic (consistent or not) the first goal
/// reached is optimal. The search never generates the parent of a node
/// again (the one cycle check that costs nothing), keeps its path on the
/// heap rather than the call stack (paths of any length are fine), and
/// reuses its buffers, so it allocates nothing per node.
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

/// IDA* with buffers kept between searches: solving many instances with one
/// `IdaStar` allocates only while its buffers grow.
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
    /// One frame per state on the current path, start first.
    frames: Vec<Frame<S, C>>,
    /// The children within the bound of every state on the path, frame
    /// after frame.
    steps: Vec<Step<S, A, C>>,
}

#[derive(Clone, Debug)]
struct Frame<S, C> {
    state: S,
    g: C,
    /// Where this node's children start in `steps`.
    begin: usize,
    /// The next child to try; the children end where the buffer ends, since
    /// deeper frames truncate it back when they are popped.
    next: usize,
}

impl<S, A, C> Default for IdaStar<S, A, C> {
    fn default() -> Self {
        IdaStar {
            frames: Vec::new(),
            steps: Vec::new(),
        }
    }
}

impl<S: Clone + Eq, A: Clone, C: Cost> IdaStar<S, A, C> {
    /// Empty buffers.
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
        let outcome = self.iterate(problem, &mut budget, &mut stats);
        stats.elapsed = budget.elapsed();
        self.frames.clear();
        self.steps.clear();
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
        if problem.is_goal(&start) {
            stats.generated = 1;
            return Outcome::Found(Solution {
                states: vec![start],
                actions: Vec::new(),
                cost: C::ZERO,
            });
        }
        loop {
            if budget.max_cost().is_some_and(|max| bound > *max) {
                return Outcome::LimitReached(Limit::Cost);
            }
            let before = (stats.expanded, stats.generated);
            let searched = self.bounded(problem, &start, bound, budget, stats);
            stats.iterations.push(Iteration {
                bound,
                expanded: stats.expanded - before.0,
                generated: stats.generated - before.1,
            });
            match searched {
                Bounded::Done(outcome) => return outcome,
                Bounded::Exceeded(next) => bound = next,
            }
        }
    }

    /// One depth-first iteration under `bound`.
    ///
    /// Children are tested against the bound and the goal as they are
    /// generated (Korf's semantics), so only children within the bound are
    /// buffered. A goal generated within the bound is optimal: its cost is at
    /// most the bound, which never exceeds the optimal cost for an admissible
    /// heuristic.
    fn bounded<P>(
        &mut self,
        problem: &P,
        start: &S,
        bound: C,
        budget: &mut Budget<'_, C>,
        stats: &mut Stats<C>,
    ) -> Bounded<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        let IdaStar { frames, steps } = self;
        frames.clear();
        steps.clear();
        stats.generated += 1;
        let mut next_bound: Option<C> = None;
        let mut child = Frame {
            state: start.clone(),
            g: C::ZERO,
            begin: 0,
            next: 0,
        };
        loop {
            // Expand `child`: buffer its children within the bound.
            if let Err(limit) = budget.before_expand(stats.expanded) {
                return Bounded::Done(Outcome::LimitReached(limit));
            }
            if let Err(limit) = budget.check_stored(frames.len() + 1) {
                return Bounded::Done(Outcome::LimitReached(limit));
            }
            stats.expanded += 1;
            stats.peak_stored = stats.peak_stored.max(frames.len() + 1);
            let parent = frames.last().map(|frame| &frame.state);
            let mut goal = None;
            for step in problem.successors(&child.state) {
                if parent == Some(&step.state) {
                    continue;
                }
                stats.generated += 1;
                let g = child.g + step.cost;
                let f = g + problem.heuristic(&step.state);
                if f > bound {
                    next_bound = Some(next_bound.map_or(f, |b| b.min(f)));
                    continue;
                }
                if problem.is_goal(&step.state) {
                    goal = Some((step, g));
                    break;
                }
                steps.push(step);
            }
            if let Some((step, g)) = goal {
                return Bounded::Done(Outcome::Found(solution(frames, steps, child, step, g)));
            }
            frames.push(child);
            // Find the next child to expand, backing up past exhausted frames.
            loop {
                let Some(top) = frames.last_mut() else {
                    return match next_bound {
                        Some(next) => Bounded::Exceeded(next),
                        None => Bounded::Done(Outcome::Unreachable),
                    };
                };
                if top.next < steps.len() {
                    let step = &steps[top.next];
                    top.next += 1;
                    let begin = steps.len();
                    child = Frame {
                        state: step.state.clone(),
                        g: top.g + step.cost,
                        begin,
                        next: begin,
                    };
                    break;
                }
                steps.truncate(top.begin);
                frames.pop();
            }
        }
    }
}

/// The path along `frames`, then `node`, then the goal reached by `last`.
fn solution<S: Clone, A: Clone, C>(
    frames: &[Frame<S, C>],
    steps: &[Step<S, A, C>],
    node: Frame<S, C>,
    last: Step<S, A, C>,
    cost: C,
) -> Solution<S, A, C> {
    let mut states: Vec<S> = frames.iter().map(|frame| frame.state.clone()).collect();
    states.push(node.state);
    states.push(last.state);
    let mut actions: Vec<A> = frames
        .iter()
        .map(|frame| steps[frame.next - 1].action.clone())
        .collect();
    actions.push(last.action);
    Solution {
        states,
        actions,
        cost,
    }
}

/// How one iteration ended.
enum Bounded<S, A, C> {
    /// Found, unreachable, or a limit.
    Done(Outcome<S, A, C>),
    /// Nothing under the bound; this is the smallest f that exceeded it.
    Exceeded(C),
}
