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
/// left it mid-search), and every other problem is still solved. The panic
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
    let fresh = &searcher;
    problems
        .par_iter()
        .map_init(fresh, |worker, problem| {
            panic::catch_unwind(AssertUnwindSafe(|| search(worker, problem))).map_err(|payload| {
                *worker = fresh();
                Panicked::from_payload(payload.as_ref())
            })
        })
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
