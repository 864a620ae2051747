//! Adapters that switch a problem's heuristics off ([`NoHeuristic`],
//! [`NoBackwardHeuristic`]), every other method forwarded.

use super::{
    Applied, BidirectionalProblem, Cost, InPlaceProblem, Preview, RankedStates, ReversibleProblem,
    SearchProblem, Step,
};

/// `P` with its heuristics switched off, forward and backward: A* on it is
/// Dijkstra's algorithm, IDA* is iterative deepening on cost, MM is MM0.
/// Useful to measure what a heuristic saves. To switch off only the
/// backward heuristic, use [`NoBackwardHeuristic`].
///
/// # Example
///
/// ```
/// use frontier::{problem::NoHeuristic, toy::Doubling};
///
/// let problem = Doubling::new(1, 10);
/// let informed = frontier::astar(&problem);
/// let dijkstra = frontier::astar(&NoHeuristic(&problem));
/// assert_eq!(informed.solution().unwrap().cost, dijkstra.solution().unwrap().cost);
/// let mm0 = frontier::mm(&NoHeuristic(&problem)); // MM with neither heuristic
/// assert_eq!(mm0.solution().unwrap().cost, dijkstra.solution().unwrap().cost);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoHeuristic<P>(pub P);

/// Implements every trait of `P` for the wrapper `$wrapper<P>` by
/// forwarding to `self.0`, except the heuristic methods given: those of
/// [`SearchProblem`] after `search:`, of [`BidirectionalProblem`] after
/// `bidirectional:`, of [`InPlaceProblem`] after `in_place:`. A method not
/// given and not forwarded keeps the trait's default (a zero heuristic).
macro_rules! heuristic_switch {
    (
        $wrapper:ident,
        search: { $($search:item)* },
        bidirectional: { $($bidirectional:item)* },
        in_place: { $($in_place:item)* } $(,)?
    ) => {
        impl<P: SearchProblem> SearchProblem for $wrapper<P> {
            type State = P::State;
            type Action = P::Action;
            type Cost = P::Cost;

            fn start(&self) -> Self::State {
                self.0.start()
            }

            fn is_goal(&self, state: &Self::State) -> bool {
                self.0.is_goal(state)
            }

            fn successors(
                &self,
                state: &Self::State,
            ) -> impl Iterator<Item = Step<Self::State, Self::Action, Self::Cost>> {
                self.0.successors(state)
            }

            fn min_step_cost(&self) -> Self::Cost {
                self.0.min_step_cost()
            }

            $($search)*
        }

        impl<P: BidirectionalProblem> BidirectionalProblem for $wrapper<P> {
            fn goal(&self) -> Self::State {
                self.0.goal()
            }

            fn predecessors(
                &self,
                state: &Self::State,
            ) -> impl Iterator<Item = Step<Self::State, Self::Action, Self::Cost>> {
                self.0.predecessors(state)
            }

            $($bidirectional)*
        }

        impl<P: InPlaceProblem> InPlaceProblem for $wrapper<P> {
            type Move = P::Move;
            type Undo = P::Undo;
            type Moves = P::Moves;

            fn moves(&self, state: &Self::State) -> Self::Moves {
                self.0.moves(state)
            }

            fn leads_back(&self, state: &Self::State, mv: Self::Move, undo: Self::Undo) -> bool {
                self.0.leads_back(state, mv, undo)
            }

            fn apply(&self, state: &mut Self::State, mv: Self::Move) -> Applied<Self::Undo, Self::Cost> {
                self.0.apply(state, mv)
            }

            fn undo(&self, state: &mut Self::State, undo: Self::Undo) {
                self.0.undo(state, undo);
            }

            fn action(&self, state: &Self::State, mv: Self::Move) -> Self::Action {
                self.0.action(state, mv)
            }

            $($in_place)*
        }

        impl<P: RankedStates> RankedStates for $wrapper<P> {
            fn state_count(&self) -> usize {
                self.0.state_count()
            }

            fn rank(&self, state: &Self::State) -> usize {
                self.0.rank(state)
            }
        }

        /// The same moves, so the same promise.
        impl<P: ReversibleProblem> ReversibleProblem for $wrapper<P> {}
    };
}

// Both heuristics off: `heuristic` and `backward_heuristic` keep their zero
// defaults; in place, every move reports a zero heuristic.
heuristic_switch! {
    NoHeuristic,
    search: {},
    bidirectional: {},
    in_place: {
        fn preview(&self, state: &Self::State, mv: Self::Move) -> Preview<Self::Cost> {
            Preview {
                h: Self::Cost::ZERO,
                ..self.0.preview(state, mv)
            }
        }
    },
}

/// `P` with its backward heuristic switched off
/// ([`backward_heuristic`](BidirectionalProblem::backward_heuristic) is
/// zero) and everything else, the forward heuristic included, as `P` has
/// it: the bidirectional heuristic searches then search backward blind.
/// Useful to measure what the
/// backward heuristic saves; [`NoHeuristic`] switches off both.
///
/// # Example
///
/// ```
/// use frontier::{NoBackwardHeuristic, toy::Doubling};
///
/// let problem = Doubling::new(1, 10);
/// let both = frontier::mm(&problem);
/// let forward_only = frontier::mm(&NoBackwardHeuristic(&problem));
/// assert_eq!(both.solution().unwrap().cost, forward_only.solution().unwrap().cost);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoBackwardHeuristic<P>(pub P);

// The backward heuristic keeps its zero default; the forward one is `P`'s,
// by value and in place.
heuristic_switch! {
    NoBackwardHeuristic,
    search: {
        fn heuristic(&self, state: &Self::State) -> Self::Cost {
            self.0.heuristic(state)
        }

        fn heuristic_within(
            &self,
            state: &Self::State,
            g: Self::Cost,
            bound: Self::Cost,
        ) -> Self::Cost {
            self.0.heuristic_within(state, g, bound)
        }
    },
    bidirectional: {},
    in_place: {
        fn preview(&self, state: &Self::State, mv: Self::Move) -> Preview<Self::Cost> {
            self.0.preview(state, mv)
        }

        fn preview_within(
            &self,
            state: &Self::State,
            mv: Self::Move,
            g: Self::Cost,
            bound: Self::Cost,
        ) -> Preview<Self::Cost> {
            self.0.preview_within(state, mv, g, bound)
        }

        fn preview_for_apply(
            &self,
            state: &Self::State,
            mv: Self::Move,
            g: Self::Cost,
            bound: Self::Cost,
        ) -> (Preview<Self::Cost>, Self::Move) {
            self.0.preview_for_apply(state, mv, g, bound)
        }

        fn apply_previewed(
            &self,
            state: &mut Self::State,
            mv: Self::Move,
        ) -> Applied<Self::Undo, Self::Cost> {
            self.0.apply_previewed(state, mv)
        }
    },
}
