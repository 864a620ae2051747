//! Many independent searches on both cores: each worker thread keeps one
//! reusable searcher, so a batch allocates only while those grow.

use rayon::prelude::*;

/// Runs `search` on every problem of `problems` in parallel on rayon's
/// thread pool and returns the results in the same order.
///
/// Each rayon job creates one searcher with `searcher` and reuses it for every
/// problem of the job, so reusable searchers ([`IdaStar`](crate::IdaStar),
/// [`AStar`](crate::AStar), [`Bfs`](crate::Bfs),
/// [`BidirectionalBfs`](crate::BidirectionalBfs)) keep their memory across
/// many problems. rayon splits work adaptively (idle threads steal halves of
/// unstarted ranges), so a few hard problems do not leave a core idle.
///
/// # Example
///
/// ```
/// use frontier::{IdaStar, Limits, toy::Doubling};
///
/// let problems: Vec<Doubling> = (10..60).map(|target| Doubling::new(1, target)).collect();
/// let limits = Limits::new().max_expanded(1_000_000);
/// let results = frontier::solve_batch(
///     &problems,
///     || IdaStar::new().limits(limits.clone()),
///     |ida, problem| ida.search(problem),
/// );
/// for (problem, result) in problems.iter().zip(&results) {
///     assert_eq!(result.solution().unwrap().states.last(), Some(&problem.target));
/// }
/// ```
pub fn solve_batch<P, W, R>(
    problems: &[P],
    searcher: impl Fn() -> W + Sync + Send,
    search: impl Fn(&mut W, &P) -> R + Sync + Send,
) -> Vec<R>
where
    P: Sync,
    R: Send,
{
    problems
        .par_iter()
        .map_init(searcher, |worker, problem| search(worker, problem))
        .collect()
}
