//! IDA* on several cores: each iteration's tree is cut near the root into
//! subtrees (`split.rs`) that the threads of a rayon pool take in the
//! serial order (`thread.rs`). The loop over iterations, the depth-first
//! loops and their bookkeeping are the serial IDA*'s (`idastar/`).

use std::sync::Arc;

use crate::idastar::keeper::{Flow, Keeper};
use crate::idastar::{by_value, in_place, iterate};
use crate::limits::measure;
use crate::{Cost, IdaStar, InPlaceProblem, Limits, SearchProblem, SearchResult};

mod split;
mod thread;

/// IDA* searched by several threads at once: the same problem, the same
/// bounds and the same optimal cost as [`IdaStar`].
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
///   of the serial search** (its [`Iteration`](crate::solution::Iteration)
///   statistics are equal); the last one stops once a goal is found, after
///   a different amount of work;
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
/// The work of [`IdaStar`] divided among the threads, plus
/// one small allocation per node split near the root (a few hundred per
/// iteration). Memory: a path per thread.
#[derive(Debug)]
pub struct ParallelIdaStar<S, A, C> {
    limits: Limits<C>,
    threads: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
    _types: std::marker::PhantomData<fn() -> (S, A)>,
}

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
    /// [`IdaStar`]'s, on the calling thread (the same
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
        self.run(problem, by_value::subtree)
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
        self.run(problem, in_place::subtree)
    }

    /// Searches `problem`, each subtree below the split searched by
    /// `walk`.
    fn run<P>(&mut self, problem: &P, walk: impl Walk<P>) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C> + Sync,
    {
        if self.threads > 0 && self.pool.is_none() {
            self.pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .build()
                .ok()
                .map(Arc::new);
        }
        self.run_on(problem, walk)
    }

    /// [`run`](Self::run) once the pool is built, or refused.
    fn run_on<P>(&self, problem: &P, walk: impl Walk<P>) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C> + Sync,
    {
        let limits = &self.limits;
        let run = || {
            measure(limits, |_, stats| {
                let shared = thread::Shared::new::<P>(limits);
                iterate(problem, limits.max_cost, stats, |start, bound, counts| {
                    split::iteration(problem, &shared, &walk, start, bound, counts)
                })
            })
        };
        match &self.pool {
            Some(pool) => pool.install(run),
            None if self.threads == 0 => run(),
            // The threads were refused. Not the global pool: it may not
            // exist yet, and rayon panics where it cannot start it. The
            // serial IDA* of the same kind, on this thread.
            None => IdaStar::new()
                .limits(limits)
                .run(problem, |keeper, start, _| {
                    walk(problem, keeper, start, start, C::ZERO, 1)
                }),
        }
    }
}

/// How a thread searches the subtree below a node of the split: by value
/// ([`by_value::subtree`]) or in place ([`in_place::subtree`]). Given the
/// node's state, already counted in the keeper, its parent's state (which
/// no child may be), its g and depth; hands the keeper back with what it
/// counted and found.
trait Walk<P: SearchProblem>:
    for<'k> Fn(&P, Keeper<'k, P>, &P::State, &P::State, P::Cost, usize) -> (Flow, Keeper<'k, P>) + Sync
{
}

impl<P, W> Walk<P> for W
where
    P: SearchProblem,
    W: for<'k> Fn(&P, Keeper<'k, P>, &P::State, &P::State, P::Cost, usize) -> (Flow, Keeper<'k, P>)
        + Sync,
{
}

#[cfg(test)]
mod tests {
    use super::ParallelIdaStar;
    use crate::idastar::{by_value, in_place};
    use crate::toy::Doubling;

    #[test]
    fn refused_threads_give_the_serial_search() {
        // A searcher whose pool was refused: `threads` set, no pool.
        let problem = Doubling::new(1, 1000);
        let refused = ParallelIdaStar::new().threads(3);
        assert!(refused.pool.is_none());
        let serial = crate::IdaStar::new().search(&problem);
        let by_value = refused.run_on(&problem, by_value::subtree);
        let in_place = refused.run_on(&problem, in_place::subtree);
        for result in [by_value, in_place] {
            assert_eq!(result.outcome, serial.outcome);
            assert_eq!(result.stats.expanded, serial.stats.expanded);
            assert_eq!(result.stats.iterations, serial.stats.iterations);
        }
    }
}
