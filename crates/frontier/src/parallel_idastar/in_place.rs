//! The threads' search of a subtree on one state changed in place
//! ([`ParallelIdaStar::search_in_place`](super::ParallelIdaStar::search_in_place)):
//! the loop of [`IdaStar::search_in_place`](crate::IdaStar::search_in_place)
//! ([`InPlace`]), with a thread's bookkeeping ([`Dfs`]) as its [`Keeper`].

use super::{Dfs, Flow, Subtree};
use crate::InPlaceProblem;
use crate::idastar::{InPlace, Keeper, StackLimit};

/// The subtrees searched in place.
pub(super) struct InPlaceSubtree;

impl<P: InPlaceProblem> Subtree<P> for InPlaceSubtree {
    fn search<'a, 'b, 'c>(
        mut dfs: Dfs<'a, 'b, 'c, P>,
        state: &P::State,
        parent: &P::State,
        g: P::Cost,
        depth: usize,
    ) -> (Flow, Dfs<'a, 'b, 'c, P>) {
        // The subtree's root runs on the thread's stack as it is; the
        // first level below it measures the room left.
        dfs.set_stack_limit(depth);
        let mut search = InPlace {
            problem: dfs.search.problem,
            state: state.clone(),
            keeper: dfs,
        };
        let flow = search.expand_root(parent, g, depth);
        let mut dfs = search.keeper;
        dfs.set_stack_limit(usize::MAX);
        (flow, dfs)
    }
}

/// A thread's bookkeeping, held by value in the loop: every cut-off child
/// reads the next bound without a pointer to follow.
impl<P: InPlaceProblem> Keeper<P> for Dfs<'_, '_, '_, P> {
    #[inline]
    fn bound(&self) -> P::Cost {
        self.bound
    }

    #[inline]
    fn is_routine(&self, depth: usize) -> bool {
        Dfs::is_routine(self, depth)
    }

    #[inline]
    fn count_routine(&mut self) {
        self.drawn -= 1;
        self.expanded += 1;
    }

    #[inline]
    fn admit(&mut self, depth: usize) -> bool {
        if !self.checkpoint(depth) {
            return false;
        }
        self.drawn -= 1;
        self.expanded += 1;
        true
    }

    #[inline]
    fn add_generated(&mut self, n: u64) {
        self.generated += n;
    }

    #[inline]
    fn overflowed(&mut self) {
        self.overflowed = true;
    }

    #[inline]
    fn cut_off(&mut self, f: P::Cost) {
        // A branch, not a select: after the first cut-offs nothing is
        // written.
        match self.next_bound {
            Some(next) if next <= f => {}
            _ => self.next_bound = Some(f),
        }
    }

    #[inline]
    fn found_at(&mut self, g: P::Cost) {
        self.found = g;
    }

    #[inline]
    fn record(&mut self, state: P::State, action: P::Action) {
        self.path.push(state);
        self.actions.push(action);
    }
}
