//! The threads' search of a subtree on one state changed in place
//! ([`ParallelIdaStar::search_in_place`](super::ParallelIdaStar::search_in_place)):
//! the loop of [`IdaStar::search_in_place`](crate::IdaStar::search_in_place)
//! ([`InPlace`]), with a thread's bookkeeping ([`Dfs`]) as its [`Keeper`].

use super::{Dfs, Flow, Subtree};
use crate::idastar::InPlace;
use crate::{InPlaceProblem, Limits, SearchResult};

/// The subtrees searched in place.
pub(super) struct InPlaceSubtree;

impl<P: InPlaceProblem> Subtree<P> for InPlaceSubtree {
    fn serial(problem: &P, limits: &Limits<P::Cost>) -> SearchResult<P::State, P::Action, P::Cost> {
        crate::IdaStar::new()
            .limits(limits.clone())
            .search_in_place(problem)
    }

    fn search<'a, 'b, 'c>(
        dfs: Dfs<'a, 'b, 'c, P>,
        state: &P::State,
        parent: &P::State,
        g: P::Cost,
        depth: usize,
    ) -> (Flow, Dfs<'a, 'b, 'c, P>) {
        let mut search = InPlace {
            problem: dfs.search.problem,
            state: state.clone(),
            keeper: dfs,
        };
        let flow = search.expand_root(parent, g, depth);
        (flow, search.keeper)
    }
}
