//! Many independent searches on both cores: each worker thread keeps one
//! reusable searcher, so a batch allocates only while those grow.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

use rayon::prelude::*;

/// Runs `search` on every problem of `problems` in parallel on rayon's
/// thread pool and returns the results in the same order.
///
/// A search that panics (a problem breaking its contract, say) loses only
/// its own result: it comes back as [`Panicked`] with the panic's message,
/// the worker's searcher is rebuilt with `searcher` (the panic may have
/// left it mid-search), and every other problem is still solved. A
/// `searcher` call that panics loses the result of the problem it was
/// building for in the same way (as [`Panicked`]), and is called again for
/// the next one. The panic
/// hook still runs, so the usual message is printed on stderr. With
/// `panic = "abort"` in the build profile nothing can be caught and the
/// process ends, as for any panic.
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
///     let result = result.as_ref().expect("no search panicked");
///     assert_eq!(result.solution().unwrap().states.last(), Some(&problem.target));
/// }
/// ```
pub fn solve_batch<P, W, R>(
    problems: &[P],
    searcher: impl Fn() -> W + Sync + Send,
    search: impl Fn(&mut W, &P) -> R + Sync + Send,
) -> Vec<Result<R, Panicked>>
where
    P: Sync,
    R: Send,
{
    let fresh = || {
        panic::catch_unwind(AssertUnwindSafe(&searcher))
            .map_err(|payload| Panicked::from_payload(payload.as_ref()))
    };
    // A worker's searcher is built for its first problem, and again for
    // the next one after a panic (which may have left it mid-search).
    problems
        .par_iter()
        .map_init(
            || None,
            |worker: &mut Option<W>, problem| {
                let searcher = match worker {
                    Some(searcher) => searcher,
                    None => worker.insert(fresh()?),
                };
                panic::catch_unwind(AssertUnwindSafe(|| search(searcher, problem))).map_err(
                    |payload| {
                        *worker = None;
                        Panicked::from_payload(payload.as_ref())
                    },
                )
            },
        )
        .collect()
}

/// A search of [`solve_batch`] that panicked, with the panic's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panicked {
    message: String,
}

impl Panicked {
    /// The message of a panic payload: the string `panic!` was given, or a
    /// placeholder for a payload of another type.
    fn from_payload(payload: &(dyn Any + Send)) -> Self {
        let message = if let Some(text) = payload.downcast_ref::<&str>() {
            (*text).to_owned()
        } else if let Some(text) = payload.downcast_ref::<String>() {
            text.clone()
        } else {
            "a panic payload that is not a string".to_owned()
        };
        Panicked { message }
    }

    /// The panic's message (its payload if that was a string).
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for Panicked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the search panicked: {}", self.message)
    }
}

impl std::error::Error for Panicked {}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use crate::IdaStar;
    use crate::toy::Doubling;

    #[test]
    fn a_panicking_searcher_factory_spoils_only_the_items_it_served() {
        let problems: Vec<Doubling> = (10..40).map(|target| Doubling::new(1, target)).collect();
        // Every factory call panics: every item is a `Panicked`.
        let results = super::solve_batch(
            &problems,
            || -> IdaStar<u32, char, u32> { panic!("no searcher today") },
            |ida, problem| ida.search(problem).into_solution(),
        );
        assert_eq!(results.len(), problems.len());
        for result in &results {
            let panicked = result.as_ref().expect_err("no searcher was built");
            assert_eq!(panicked.message(), "no searcher today");
        }
        // Only the first call panics: one item at most is lost.
        let calls = AtomicUsize::new(0);
        let results = super::solve_batch(
            &problems,
            || {
                assert!(calls.fetch_add(1, Ordering::Relaxed) > 0, "first call");
                IdaStar::new()
            },
            |ida, problem| ida.search(problem).into_solution().map(|s| s.cost),
        );
        let lost = results.iter().filter(|result| result.is_err()).count();
        assert_eq!(lost, 1);
        assert!(results.iter().flatten().all(Option::is_some));
    }
}
