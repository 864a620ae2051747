//! IDA* with bidirectional pathmax ([`IdaStar::bpmx`], see [`Bpmx`]):
//! its own depth-first loop ([`WithBpmx`]), since it generates all of a
//! node's children before searching any, over the same [`Keeper`] as the
//! other loops.

use std::ops::Sub;

use super::IdaStar;
use super::keeper::{DepthFirst, Flow, Keeper, with_stack};
use crate::limits::Room;
use crate::pathmax::Bpmx;
use crate::{Cost, ReversibleProblem, SearchProblem, SearchResult, Step};

/// BPMX subtracts costs (h(child) − cost), which [`Cost`] does not offer:
/// the bound `Sub` asks it of this searcher only, so `Cost` and every other
/// search stay as they were, and every primitive integer has it. The
/// subtraction is done only when the difference is positive (h(child) >
/// h + cost, compared with [`Cost::checked_add`]), so unsigned costs never
/// underflow.
impl<S: Clone + Eq, A: Clone, C: Cost + Sub<Output = C>> IdaStar<S, A, C, Bpmx> {
    /// Searches `problem` with bidirectional pathmax.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: ReversibleProblem<State = S, Action = A, Cost = C>,
    {
        let mut children = std::mem::take(&mut self.children);
        let result = self.run(problem, |keeper, start, room| {
            let mut search = WithBpmx {
                problem,
                keeper,
                children: &mut children,
                room,
            };
            let h = problem.heuristic(start);
            // The root stands in as its own parent, as in the search by
            // value.
            let flow = search.children(start, start, C::ZERO, h, 1).0;
            (flow, search.keeper)
        });
        children.clear();
        self.children = children;
        result
    }
}

/// A child kept by BPMX: the step to it and its h as the problem gives it.
type Kept<P> = (
    Step<<P as SearchProblem>::State, <P as SearchProblem>::Action, <P as SearchProblem>::Cost>,
    <P as SearchProblem>::Cost,
);

/// One BPMX iteration's depth-first search. The recursion is as deep as
/// the path; `stacker` moves it to a fresh heap-allocated stack segment
/// whenever the current one runs low ([`with_stack`]), so no path length
/// can overflow the stack.
struct WithBpmx<'c, 'k, P: SearchProblem> {
    problem: &'c P,
    keeper: Keeper<'k, P>,
    /// The children of every level on the path.
    children: &'c mut Vec<Kept<P>>,
    /// What the children are charged to, with the path.
    room: &'c Room,
}

impl<'k, P: SearchProblem> DepthFirst<'k, P> for WithBpmx<'_, 'k, P> {
    fn keeper(&mut self) -> &mut Keeper<'k, P> {
        &mut self.keeper
    }
}

/// `h` raised by bidirectional pathmax from a neighbour's `h_neighbour`
/// across a step of `cost`, or `None` if that bound is no higher: the
/// neighbour's distance exceeds the node's by at most `cost` on a
/// reversible space. Subtracts only when the difference is positive.
#[inline]
fn raised<C: Cost + Sub<Output = C>>(h: C, h_neighbour: C, cost: C) -> Option<C> {
    match h.checked_add(cost) {
        Some(reach) if h_neighbour > reach => Some(h_neighbour - cost),
        // Past the cost type, h + cost is above any h that fits.
        _ => None,
    }
}

/// The search with bidirectional pathmax (see [`Bpmx`]): each level stores
/// its children, with their h, on top of [`WithBpmx::children`] before
/// searching them, and returns its h, raised by what its children taught
/// it.
impl<P: SearchProblem> WithBpmx<'_, '_, P>
where
    P::Cost: Sub<Output = P::Cost>,
{
    /// The search by value's `expand` with the node's (possibly raised)
    /// `h`; returns how the subtree's search ended and the node's h as
    /// raised by it. On success the state is recorded here and the action
    /// by the caller, which holds it: passed down with the state, the
    /// action cost the 4x4 search about 5% of its time.
    fn expand(
        &mut self,
        state: P::State,
        parent: &P::State,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> (Flow, P::Cost) {
        let (flow, h) = self.children(&state, parent, g, h, depth);
        if flow == Flow::Found {
            self.keeper.record_state(state);
        }
        (flow, h)
    }

    /// [`expand`](Self::expand) for a node that [`Keeper::is_routine`]
    /// does not let in, as the search by value's `expand_checked`.
    #[cold]
    #[inline(never)]
    fn expand_checked(
        &mut self,
        state: P::State,
        parent: &P::State,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
    ) -> (Flow, P::Cost) {
        if !self.keeper.admit(depth) {
            return (Flow::Stop, h);
        }
        with_stack(self, depth, |search| {
            search.expand(state, parent, g, h, depth)
        })
    }

    /// Searches below `state`, reached at cost `g` from `parent` and at
    /// `depth` (already counted), with its (possibly raised) `h`: generates
    /// every child first (its h raising the node's; a goal within the
    /// bound ends the search there), cuts the node off if its raised f passes the bound, then searches the
    /// children in the problem's order, each with h at least the node's h
    /// minus the step's cost, and raises the node's h by each child's
    /// returned h, cutting the node off (its remaining children unsearched)
    /// when that passes the bound. A node cut off records its raised f for
    /// the next bound: admissible on a reversible space, so the next bound
    /// stays at most the optimal cost.
    fn children(
        &mut self,
        state: &P::State,
        parent: &P::State,
        g: P::Cost,
        mut h: P::Cost,
        depth: usize,
    ) -> (Flow, P::Cost) {
        let first = self.children.len();
        let mut generated = 0;
        for step in self.problem.successors(state) {
            if step.state == *parent {
                continue;
            }
            generated += 1;
            let child_h = self.problem.heuristic(&step.state);
            if let Some(higher) = raised(h, child_h, step.cost) {
                h = higher;
            }
            // Korf's goal test as children are generated: a goal within the
            // bound is optimal whatever its siblings would raise (h never
            // passes the distance, here the step's cost).
            if let Some(child_g) = g.checked_add(step.cost)
                && child_g
                    .checked_add(child_h)
                    .is_some_and(|f| f <= self.keeper.bound())
                && self.problem.is_goal(&step.state)
            {
                self.keeper.add_generated(generated);
                self.children.truncate(first);
                self.keeper.found_at(child_g);
                self.keeper.record(step.state, step.action);
                return (Flow::Found, h);
            }
            if let Err(limit) = self.room.push(self.children, (step, child_h)) {
                self.keeper.add_generated(generated);
                self.children.truncate(first);
                return (self.keeper.stop(limit), h);
            }
        }
        self.keeper.add_generated(generated);
        let flow = self.search_children(state, g, &mut h, first, depth);
        self.children.truncate(first);
        (flow, h)
    }

    /// The second half of [`children`](Self::children): searches
    /// the children stored above `first`, raising `h` as they return.
    #[inline]
    fn search_children(
        &mut self,
        state: &P::State,
        g: P::Cost,
        h: &mut P::Cost,
        first: usize,
        depth: usize,
    ) -> Flow {
        if !self.keeper.within_bound(g, *h) {
            return Flow::Continue;
        }
        // Deeper levels push above `end` and truncate back to it.
        let end = self.children.len();
        for i in first..end {
            let (step, child_h) = self.children[i].clone();
            let Some(child_g) = g.checked_add(step.cost) else {
                self.keeper.overflowed();
                continue;
            };
            // The parent's bound passed down: h(child) >= h - cost.
            let child_h = if *h > step.cost {
                child_h.max(*h - step.cost)
            } else {
                child_h
            };
            // A goal child was within the bound when generated, or is cut
            // off here: raised values only grow.
            if !self.keeper.within_bound(child_g, child_h) {
                continue;
            }
            let depth = depth + 1;
            let (flow, child_h) = if self.keeper.is_routine(depth) {
                self.keeper.count_routine();
                self.expand(step.state, state, child_g, child_h, depth)
            } else {
                self.expand_checked(step.state, state, child_g, child_h, depth)
            };
            match flow {
                Flow::Continue => {
                    // The child's search may have raised its h: so the node's.
                    if let Some(higher) = raised(*h, child_h, step.cost) {
                        *h = higher;
                        if !self.keeper.within_bound(g, *h) {
                            return Flow::Continue;
                        }
                    }
                }
                Flow::Found => {
                    self.keeper.record_action(step.action);
                    return Flow::Found;
                }
                Flow::Stop => return Flow::Stop,
            }
        }
        Flow::Continue
    }
}
