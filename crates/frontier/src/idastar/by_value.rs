//! IDA* over the problem's successor values ([`IdaStar::search`]): the
//! depth-first loop of the serial search and of each thread of
//! [`ParallelIdaStar::search`](crate::ParallelIdaStar::search), written
//! once over a [`Keeper`].
//!
//! [`IdaStar::search`]: crate::IdaStar::search

use super::{Flow, Keeper, StackLimit, with_stack};
use crate::{Cost, SearchProblem};

/// One depth-first search over successor values, with the bookkeeping `K`:
/// the serial search's iteration, or one thread's subtree in the parallel
/// search.
pub(crate) struct ByValue<'c, P: SearchProblem, K> {
    pub(crate) problem: &'c P,
    pub(crate) keeper: K,
}

impl<P: SearchProblem, K: StackLimit> StackLimit for ByValue<'_, P, K> {
    fn stack_limit(&self) -> usize {
        self.keeper.stack_limit()
    }

    fn set_stack_limit(&mut self, limit: usize) {
        self.keeper.set_stack_limit(limit);
    }
}

impl<P: SearchProblem, K: Keeper<P>> ByValue<'_, P, K> {
    /// Generates the children of `state`, reached at cost `g` from
    /// `parent` and at `depth` (already counted), and searches below those
    /// within the bound. A child equal to `parent` is skipped before it
    /// counts (the root stands in as its own parent).
    ///
    /// Children are tested against the bound and the goal as they are
    /// generated (Korf's semantics). A goal generated within the bound is
    /// optimal: its cost is at most the bound, which never exceeds the
    /// optimal cost for an admissible heuristic.
    #[inline]
    pub(crate) fn children(
        &mut self,
        state: &P::State,
        parent: &P::State,
        g: P::Cost,
        depth: usize,
    ) -> Flow {
        for step in self.problem.successors(state) {
            if step.state == *parent {
                continue;
            }
            // One at a time, into the bookkeeping: counted in a local
            // added once per expansion, as the in-place loop counts, it
            // took a register the 3x3 loop needs (the 8-puzzle bench 12%
            // slower; the 15-puzzle no faster).
            self.keeper.add_generated(1);
            let Some(g) = g.checked_add(step.cost) else {
                self.keeper.overflowed();
                continue;
            };
            let h = self
                .problem
                .heuristic_within(&step.state, g, self.keeper.bound());
            let Some(f) = g.checked_add(h) else {
                self.keeper.overflowed();
                continue;
            };
            if f > self.keeper.bound() {
                self.keeper.cut_off(f);
                continue;
            }
            if self.problem.is_goal(&step.state) {
                self.keeper.found_at(g);
                self.keeper.record(step.state, step.action);
                return Flow::Found;
            }
            let depth = depth + 1;
            let flow = if self.keeper.is_routine(depth) {
                self.keeper.count_routine();
                self.expand(step.state, step.action, state, g, depth)
            } else {
                self.expand_checked(step.state, step.action, state, g, depth)
            };
            if flow != Flow::Continue {
                return flow;
            }
        }
        Flow::Continue
    }

    /// Searches below `state`, reached by `action` at cost `g` from
    /// `parent`; on success, records both on the way back.
    ///
    /// The state comes by value, so a small `Copy` state travels in
    /// registers and is written to memory once per expansion rather than
    /// once per child.
    fn expand(
        &mut self,
        state: P::State,
        action: P::Action,
        parent: &P::State,
        g: P::Cost,
        depth: usize,
    ) -> Flow {
        let flow = self.children(&state, parent, g, depth);
        if flow == Flow::Found {
            self.keeper.record(state, action);
        }
        flow
    }

    /// [`expand`](Self::expand) for a node that [`Keeper::is_routine`]
    /// does not let in: checks the limits and counts the node, and past
    /// the stack limit measures the stack or moves to a fresh segment
    /// ([`with_stack`]). The hot loop thus holds one call site for
    /// everything rare, and the stack check costs nothing per node: it is
    /// the depth comparison the peak already needs.
    #[cold]
    #[inline(never)]
    fn expand_checked(
        &mut self,
        state: P::State,
        action: P::Action,
        parent: &P::State,
        g: P::Cost,
        depth: usize,
    ) -> Flow {
        if !self.keeper.admit(depth) {
            return Flow::Stop;
        }
        with_stack(self, depth, |search| {
            search.expand(state, action, parent, g, depth)
        })
    }
}
