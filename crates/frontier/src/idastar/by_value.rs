//! IDA* over the problem's successor values ([`IdaStar::search`]): the
//! depth-first loop of the serial search and of each thread of
//! [`ParallelIdaStar::search`](crate::ParallelIdaStar::search), and the
//! test of a child that the parallel search's split near the root
//! shares.
//!
//! [`IdaStar::search`]: crate::IdaStar::search

use super::keeper::{DepthFirst, Flow, Keeper, with_stack};
use crate::{Cost, SearchProblem, Step};

/// Searches below `state`, a node at cost `g` and `depth` already counted
/// in `keeper`, over successor values; a child equal to `parent` is
/// skipped (the root stands in as its own parent). Hands the keeper back
/// with what it counted and found (by value: the loop then reaches its
/// counters without a pointer to follow).
pub(crate) fn subtree<'k, P: SearchProblem>(
    problem: &P,
    keeper: Keeper<'k, P>,
    state: &P::State,
    parent: &P::State,
    g: P::Cost,
    depth: usize,
) -> (Flow, Keeper<'k, P>) {
    let mut search = ByValue { problem, keeper };
    let flow = search.children(state, parent, g, depth);
    (flow, search.keeper)
}

/// The test of each child by value, in the depth-first loop and in the
/// parallel search's split: counts the child of a node at cost `g` that
/// `step` reaches as generated, and returns its g if its f is within the
/// bound; if not, notes its f for the next bound (or that it did not fit
/// the cost type).
#[expect(
    clippy::inline_always,
    reason = "once per child on the hot path, as the loop had it written inline"
)]
#[inline(always)]
pub(crate) fn test_child<P: SearchProblem>(
    problem: &P,
    keeper: &mut Keeper<'_, P>,
    g: P::Cost,
    step: &Step<P::State, P::Action, P::Cost>,
) -> Option<P::Cost> {
    // One at a time, into the bookkeeping: counted in a local added once
    // per expansion, as the in-place loop counts, it took a register the
    // 3x3 loop needs (the 8-puzzle bench 12% slower; the 15-puzzle no
    // faster).
    keeper.add_generated(1);
    let Some(g) = g.checked_add(step.cost) else {
        keeper.overflowed();
        return None;
    };
    let h = problem.heuristic_within(&step.state, g, keeper.bound());
    keeper.within_bound(g, h).then_some(g)
}

/// One depth-first search over successor values: the serial search's
/// iteration, or one thread's subtree in the parallel search.
struct ByValue<'c, 'k, P: SearchProblem> {
    problem: &'c P,
    keeper: Keeper<'k, P>,
}

impl<'k, P: SearchProblem> DepthFirst<'k, P> for ByValue<'_, 'k, P> {
    fn keeper(&mut self) -> &mut Keeper<'k, P> {
        &mut self.keeper
    }
}

impl<P: SearchProblem> ByValue<'_, '_, P> {
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
    fn children(&mut self, state: &P::State, parent: &P::State, g: P::Cost, depth: usize) -> Flow {
        for step in self.problem.successors(state) {
            if step.state == *parent {
                continue;
            }
            let Some(g) = test_child(self.problem, &mut self.keeper, g, &step) else {
                continue;
            };
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
