//! The threads' search of a subtree on one state changed in place
//! ([`ParallelIdaStar::search_in_place`](super::ParallelIdaStar::search_in_place)):
//! the loop of [`IdaStar::search_in_place`](crate::IdaStar::search_in_place),
//! with the parallel search's bookkeeping ([`Dfs`]).

use super::{Dfs, Flow, LEVEL_BYTES, RED_ZONE, STACK_SEGMENT, Subtree};
use crate::{Cost, InPlaceProblem};

/// The subtrees searched in place.
pub(super) struct InPlace;

impl<P: InPlaceProblem> Subtree<P> for InPlace {
    fn search<'a, 'b, 'c>(
        dfs: Dfs<'a, 'b, 'c, P>,
        state: &P::State,
        parent: &P::State,
        g: P::Cost,
        depth: usize,
    ) -> (Flow, Dfs<'a, 'b, 'c, P>) {
        let mut working = Working {
            problem: dfs.search.problem,
            bound: dfs.search.bound,
            state: state.clone(),
            dfs,
        };
        // The subtree's root runs on the thread's stack as it is; the
        // first level below it measures the room left.
        working.dfs.set_stack_limit(depth);
        let flow = working.expand_root(parent, g, depth);
        working.dfs.set_stack_limit(usize::MAX);
        (flow, working.dfs)
    }
}

/// One thread's depth-first search of one subtree on a working state.
///
/// Every method leaves `state` as it found it, whatever the flow it
/// returns.
struct Working<'a, 'b, 'c, P: InPlaceProblem> {
    problem: &'b P,
    /// The iteration's bound (a copy, one load closer than the search's).
    bound: P::Cost,
    state: P::State,
    dfs: Dfs<'a, 'b, 'c, P>,
}

impl<P: InPlaceProblem> Working<'_, '_, '_, P> {
    /// Searches below the working state, a node of the split reached at
    /// cost `g` at `depth` from `parent`. No move reached it on this
    /// thread, so the child that is the parent is found by comparing
    /// states, as the search by value does, and skipped before it counts.
    fn expand_root(&mut self, parent: &P::State, g: P::Cost, depth: usize) -> Flow {
        for mv in self.problem.moves(&self.state) {
            let applied = self.problem.apply(&mut self.state, mv);
            if self.state == *parent {
                self.problem.undo(&mut self.state, applied.undo);
                continue;
            }
            self.dfs.generated += 1;
            let bound = self.bound;
            let Some(child_g) = g.checked_add(applied.cost) else {
                self.dfs.overflowed = true;
                self.problem.undo(&mut self.state, applied.undo);
                continue;
            };
            let h = self.problem.heuristic_within(&self.state, child_g, bound);
            let Some(g) = self.within_bound(g, applied.cost, h) else {
                self.problem.undo(&mut self.state, applied.undo);
                continue;
            };
            if let Some(flow) = self.descend::<false>(mv, applied.undo, g, depth) {
                return flow;
            }
        }
        Flow::Continue
    }

    /// The children of the working state, reached at cost `g` at `depth`
    /// by the move `back` undoes; a call per two levels, as in the serial
    /// search.
    #[inline(never)]
    fn children(&mut self, back: &P::Undo, g: P::Cost, depth: usize) -> Flow {
        self.expand::<true>(back, g, depth)
    }

    /// The body of [`children`](Self::children); with `NEST`, each kept
    /// child's expansion is inlined into it.
    #[expect(
        clippy::inline_always,
        reason = "the two-level body exists only to be inlined"
    )]
    #[inline(always)]
    fn expand<const NEST: bool>(&mut self, back: &P::Undo, g: P::Cost, depth: usize) -> Flow {
        // Counted here and added once per expansion, as in the serial search.
        let mut generated = 0;
        for mv in self.problem.moves(&self.state) {
            if self.problem.leads_back(&self.state, mv, *back) {
                continue;
            }
            let preview = self.problem.preview_within(&self.state, mv, g, self.bound);
            generated += 1;
            let Some(g) = self.within_bound(g, preview.cost, preview.h) else {
                continue;
            };
            let undo = self.problem.apply(&mut self.state, mv).undo;
            if let Some(flow) = self.descend::<NEST>(mv, undo, g, depth) {
                self.dfs.generated += generated;
                return flow;
            }
        }
        self.dfs.generated += generated;
        Flow::Continue
    }

    /// The g of a child reached at `cost` from a node at cost `g`, with
    /// heuristic `h`, if its f is within the bound; if not, notes its f for
    /// the next bound (or that it did not fit the cost type).
    #[expect(clippy::inline_always, reason = "once per child on the hot path")]
    #[inline(always)]
    fn within_bound(&mut self, g: P::Cost, cost: P::Cost, h: P::Cost) -> Option<P::Cost> {
        let Some((g, f)) = g
            .checked_add(cost)
            .and_then(|g| Some((g, g.checked_add(h)?)))
        else {
            self.dfs.overflowed = true;
            return None;
        };
        if f > self.bound {
            // A branch, not a select: after the first cut-offs nothing is
            // written.
            match self.dfs.next_bound {
                Some(next) if next <= f => {}
                _ => self.dfs.next_bound = Some(f),
            }
            return None;
        }
        Some(g)
    }

    /// Searches below the child within the bound that `mv` just made from
    /// a node at `depth`, at cost `g`, and undoes the move. `None` to go on
    /// with the next move, else the flow that ends the parent's search.
    #[expect(
        clippy::inline_always,
        reason = "out of line, the recursion calls it per child"
    )]
    #[inline(always)]
    fn descend<const NEST: bool>(
        &mut self,
        mv: P::Move,
        undo: P::Undo,
        g: P::Cost,
        depth: usize,
    ) -> Option<Flow> {
        if self.problem.is_goal(&self.state) {
            self.dfs.found = g;
            return Some(self.found(mv, undo));
        }
        let depth = depth + 1;
        let flow = if self.dfs.is_routine(depth) {
            self.dfs.drawn -= 1;
            self.dfs.expanded += 1;
            if NEST {
                self.expand::<false>(&undo, g, depth)
            } else {
                self.children(&undo, g, depth)
            }
        } else {
            self.children_checked(&undo, g, depth)
        };
        match flow {
            Flow::Continue => {
                self.problem.undo(&mut self.state, undo);
                None
            }
            Flow::Found => Some(self.found(mv, undo)),
            Flow::Stop => {
                self.problem.undo(&mut self.state, undo);
                Some(Flow::Stop)
            }
        }
    }

    /// [`children`](Self::children) for a node that [`Dfs::is_routine`]
    /// does not let in: draws expansions and checks the limits, and past the
    /// stack limit measures the stack, moving to a fresh segment if it is
    /// short (see the serial search's `children_checked`).
    #[cold]
    #[inline(never)]
    fn children_checked(&mut self, back: &P::Undo, g: P::Cost, depth: usize) -> Flow {
        if !self.dfs.checkpoint(depth) {
            return Flow::Stop;
        }
        self.dfs.drawn -= 1;
        self.dfs.expanded += 1;
        let outer = self.dfs.stack_limit;
        if depth <= outer {
            return self.children(back, g, depth);
        }
        let levels = |room: usize| room.saturating_sub(RED_ZONE) / LEVEL_BYTES;
        let flow = match stacker::remaining_stack() {
            Some(room) if room >= RED_ZONE + LEVEL_BYTES => {
                self.dfs.set_stack_limit(depth - 1 + levels(room));
                self.children(back, g, depth)
            }
            _ => stacker::grow(STACK_SEGMENT, || {
                let room = stacker::remaining_stack().unwrap_or(STACK_SEGMENT);
                self.dfs.set_stack_limit(depth - 1 + levels(room).max(1));
                self.children(back, g, depth)
            }),
        };
        self.dfs.set_stack_limit(outer);
        flow
    }

    /// Adds the working state, on the way to a goal, and the move `mv`
    /// that reached it to the path, and undoes the move.
    #[cold]
    fn found(&mut self, mv: P::Move, undo: P::Undo) -> Flow {
        self.dfs.path.push(self.state.clone());
        self.problem.undo(&mut self.state, undo);
        self.dfs.actions.push(self.problem.action(&self.state, mv));
        Flow::Found
    }
}
