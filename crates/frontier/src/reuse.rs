//! The searchers behind the plain functions: one per thread and per type,
//! kept between calls, so `frontier::astar(&problem)` in a loop reuses its
//! tables as a held [`AStar`](crate::AStar) does.

use std::any::{Any, TypeId};
use std::cell::RefCell;

use rustc_hash::FxHashMap;

use crate::SearchResult;

/// A kept searcher is dropped rather than kept when its last search stored
/// more states than this: a thread keeps at most a few megabytes per
/// searcher type, never the tables of one huge search.
const KEEP_STORED: usize = 1 << 16;

thread_local! {
    /// This thread's idle searchers, by type.
    static IDLE: RefCell<FxHashMap<TypeId, Box<dyn Any>>> = RefCell::new(FxHashMap::default());
}

/// Runs `search` with this thread's idle searcher of type `T` (a new one if
/// there is none, as in a nested call or while the thread shuts down), and
/// keeps the searcher afterwards if `search` says its memory is worth
/// keeping.
///
/// The searcher is taken out of the map while it runs, so a problem whose
/// methods call the same plain function again gets a searcher of its own.
pub(crate) fn with_idle<T: Default + 'static, R>(search: impl FnOnce(&mut T) -> (R, bool)) -> R {
    let id = TypeId::of::<T>();
    let idle = IDLE
        .try_with(|idle| idle.borrow_mut().remove(&id))
        .ok()
        .flatten()
        .and_then(|searcher| searcher.downcast::<T>().ok());
    let mut searcher = idle.unwrap_or_default();
    let (result, keep) = search(&mut searcher);
    if keep {
        // Nothing to do if the thread is shutting down: the searcher is
        // dropped with this frame.
        let _ = IDLE.try_with(|idle| idle.borrow_mut().insert(id, searcher));
    }
    result
}

/// [`with_idle`] for a plain function: runs one search and keeps the
/// searcher unless that search stored more than [`KEEP_STORED`] states.
pub(crate) fn search_idle<T: Default + 'static, S, A, C>(
    search: impl FnOnce(&mut T) -> SearchResult<S, A, C>,
) -> SearchResult<S, A, C> {
    with_idle(|searcher| {
        let result = search(searcher);
        let keep = result.stats.peak_stored <= KEEP_STORED;
        (result, keep)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::Doubling;

    #[test]
    fn a_nested_call_gets_a_searcher_of_its_own_and_one_is_kept() {
        let outer = with_idle(|outer: &mut Vec<u32>| {
            outer.push(1);
            let inner = with_idle(|inner: &mut Vec<u32>| (inner.len(), true));
            ((outer.len(), inner), true)
        });
        assert_eq!(outer, (1, 0));
        // Both were returned; one of them is kept for the next call.
        let kept = with_idle(|kept: &mut Vec<u32>| (kept.len(), false));
        assert!(kept <= 1);
        let dropped = with_idle(|fresh: &mut Vec<u32>| (fresh.len(), true));
        assert_eq!(dropped, 0, "a searcher not worth keeping is dropped");
    }

    #[test]
    fn plain_functions_answer_as_fresh_searchers_call_after_call() {
        for target in [10, 300, 7, 10, 1000] {
            let problem = Doubling::new(1, target);
            let fresh = crate::AStar::new().search(&problem);
            let plain = crate::astar(&problem);
            assert_eq!(plain.outcome, fresh.outcome);
            assert_eq!(plain.stats.expanded, fresh.stats.expanded);
            let fresh = crate::BidirectionalBfs::new().search(&problem);
            assert_eq!(crate::bidirectional_bfs(&problem).outcome, fresh.outcome);
        }
    }
}
