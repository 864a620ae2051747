//! [`Recorded`]: a problem that notes every state a search expands, for
//! drawing or checking what a search looked at, with no change to the
//! searches.

use std::sync::{Mutex, PoisonError};

use crate::{BidirectionalProblem, RankedStates, ReversibleProblem, SearchProblem, Step};

/// `P`, noting every state whose successors (forward) or predecessors
/// (backward) a search asks for: the states it expands, in order, with
/// repeats where a search expands a state more than once (IDA*'s
/// iterations, A*'s re-expansions).
///
/// Everything else is forwarded, heuristics, the cheapest step and ranks
/// included, so a search of `Recorded(P)` expands what a search of `P`
/// expands. It works with every search that asks the problem for
/// successors or predecessors; the in-place IDA* changes one state through
/// [`InPlaceProblem`](crate::InPlaceProblem), which `Recorded` does not
/// offer. Noting a state clones it and takes a lock: a tool for drawing
/// and checking searches, not for timing them.
///
/// # Example
///
/// ```
/// use frontier::{Recorded, toy::Doubling};
///
/// let problem = Recorded::new(Doubling::new(1, 10));
/// let result = frontier::AStar::new().search(&problem);
/// let (forward, backward) = problem.into_expanded();
/// assert_eq!(forward.len() as u64, result.stats.expanded);
/// assert!(backward.is_empty());
/// ```
#[derive(Debug)]
pub struct Recorded<P: SearchProblem> {
    problem: P,
    forward: Mutex<Vec<P::State>>,
    backward: Mutex<Vec<P::State>>,
}

impl<P: SearchProblem> Recorded<P> {
    /// `problem`, with nothing recorded yet.
    pub fn new(problem: P) -> Self {
        Recorded {
            problem,
            forward: Mutex::new(Vec::new()),
            backward: Mutex::new(Vec::new()),
        }
    }

    /// The problem recorded.
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The states expanded forward and backward, in order.
    pub fn into_expanded(self) -> (Vec<P::State>, Vec<P::State>) {
        (
            self.forward
                .into_inner()
                .unwrap_or_else(PoisonError::into_inner),
            self.backward
                .into_inner()
                .unwrap_or_else(PoisonError::into_inner),
        )
    }
}

impl<P: SearchProblem> SearchProblem for Recorded<P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    fn start(&self) -> Self::State {
        self.problem.start()
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        self.problem.is_goal(state)
    }

    fn successors(
        &self,
        state: &Self::State,
    ) -> impl Iterator<Item = Step<Self::State, Self::Action, Self::Cost>> {
        self.forward
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(state.clone());
        self.problem.successors(state)
    }

    fn heuristic(&self, state: &Self::State) -> Self::Cost {
        self.problem.heuristic(state)
    }

    fn heuristic_within(
        &self,
        state: &Self::State,
        g: Self::Cost,
        bound: Self::Cost,
    ) -> Self::Cost {
        self.problem.heuristic_within(state, g, bound)
    }

    fn min_step_cost(&self) -> Self::Cost {
        self.problem.min_step_cost()
    }
}

impl<P: BidirectionalProblem> BidirectionalProblem for Recorded<P> {
    fn goal(&self) -> Self::State {
        self.problem.goal()
    }

    fn predecessors(
        &self,
        state: &Self::State,
    ) -> impl Iterator<Item = Step<Self::State, Self::Action, Self::Cost>> {
        self.backward
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(state.clone());
        self.problem.predecessors(state)
    }

    fn backward_heuristic(&self, state: &Self::State) -> Self::Cost {
        self.problem.backward_heuristic(state)
    }
}

impl<P: RankedStates> RankedStates for Recorded<P> {
    fn state_count(&self) -> usize {
        self.problem.state_count()
    }

    fn rank(&self, state: &Self::State) -> usize {
        self.problem.rank(state)
    }
}

/// A recorded problem undoes its moves as the problem does.
impl<P: ReversibleProblem> ReversibleProblem for Recorded<P> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::Doubling;

    #[test]
    fn the_cheapest_step_is_forwarded() {
        let problem = Doubling::new(1, 10);
        assert_eq!(
            Recorded::new(problem).min_step_cost(),
            problem.min_step_cost()
        );
    }

    type Result = crate::SearchResult<u32, char, u32>;

    /// `recorded` (a search of a recorded problem) and `plain` (the same
    /// search of the problem) expand the same states, and the record
    /// holds them all.
    fn same_expansions(
        name: &str,
        recorded: impl Fn(&Recorded<Doubling>) -> Result,
        plain: impl Fn(&Doubling) -> Result,
    ) {
        let problem = Doubling::new(3, 100);
        let wrapped = Recorded::new(problem);
        let result = recorded(&wrapped);
        let (forward, backward) = wrapped.into_expanded();
        let expected = plain(&problem).stats.expanded;
        assert_eq!(result.stats.expanded, expected, "{name}");
        assert_eq!((forward.len() + backward.len()) as u64, expected, "{name}");
    }

    #[test]
    fn every_search_expands_what_it_expands_unrecorded() {
        same_expansions("A*", crate::astar, crate::astar);
        same_expansions("MM", crate::mm, crate::mm);
        same_expansions("NBS", crate::nbs, crate::nbs);
        same_expansions("DVCBS", crate::dvcbs, crate::dvcbs);
        same_expansions("BAE*", crate::bae, crate::bae);
    }
}
