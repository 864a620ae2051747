//! The pancake problem as a [`frontier`] search problem: [`Pancakes`] and
//! its states, which carry both heuristic values so a search never
//! recomputes them.

use std::hash::{Hash, Hasher};

use frontier::{BidirectionalProblem, RankedStates, ReversibleProblem, SearchProblem, Step};

use crate::gap::Labels;
use crate::{Flip, Gap, Stack};

/// A search state: a stack and its two estimates.
///
/// `h` (to the sorted stack) and `back_h` (to the start) are caches: the
/// successors derive them from the parent's in O(1), since a flip changes
/// one neighbourhood. Equality and hashing look at the stack only.
#[derive(Clone, Copy, Debug)]
pub struct PancakeState {
    /// The stack.
    pub stack: Stack,
    /// The heuristic's estimate of the flips from `stack` to the sorted
    /// stack.
    pub h: u8,
    /// The heuristic's estimate of the flips from the start to `stack`.
    pub back_h: u8,
}

impl PartialEq for PancakeState {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.stack == other.stack
    }
}

impl Eq for PancakeState {}

impl Hash for PancakeState {
    #[inline]
    fn hash<S: Hasher>(&self, state: &mut S) {
        self.stack.hash(state);
    }
}

/// Sorting a stack: the start stack and the heuristic that guides the
/// informed searches, as a [`SearchProblem`] with every optional
/// capability.
///
/// - Actions are [`Flip`]s of 2 to `len` pancakes, in that order, each
///   costing 1; successors allocate nothing and update both estimates in
///   O(1).
/// - [`BidirectionalProblem`]: every flip is its own inverse, so the
///   predecessors are the successors. The goal is the sorted stack, and
///   [`backward_heuristic`](BidirectionalProblem::backward_heuristic) is the
///   same [`Gap`] heuristic measured to the start stack.
/// - [`ReversibleProblem`]: for the same reason, so IDA* can use
///   bidirectional pathmax.
/// - [`RankedStates`]: the rank is [`Stack::rank`], the state count `len!`.
///   Dense tables are allocated whole up front: fine up to 10 pancakes
///   (3.6 million ranks), refused by frontier's memory limit beyond.
///
/// Every stack can be sorted (at most `2 len - 3` flips for `len >= 2`), so
/// no search of this problem is ever unreachable.
///
/// # Example
///
/// ```
/// use pancake::{Gap, Pancakes, Stack};
///
/// let start: Stack = "4 6 2 5 1 3".parse()?;
/// let problem = Pancakes::new(start, Gap::FULL);
/// let result = frontier::astar(&problem);
/// let solution = result.solution().expect("every stack can be sorted");
/// start.verify_solution(&solution.actions)?;
/// assert_eq!(solution.cost, 7); // as breadth-first search finds
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pancakes {
    start: Stack,
    heuristic: Gap,
    /// Pancakes renamed by their position in the start stack.
    to_start: Labels,
    /// Pancakes as they are (the sorted stack's names).
    to_goal: Labels,
}

impl Pancakes {
    /// The problem of sorting `start`, guided by `heuristic`.
    #[must_use]
    pub fn new(start: Stack, heuristic: Gap) -> Self {
        Pancakes {
            start,
            heuristic,
            to_start: Labels::to(&start),
            to_goal: Labels::sorted(start.len()),
        }
    }

    /// The stack to sort.
    #[must_use]
    pub fn start_stack(&self) -> Stack {
        self.start
    }

    /// The heuristic.
    #[must_use]
    pub fn gap(&self) -> Gap {
        self.heuristic
    }

    /// The search state of `stack`, with both estimates.
    ///
    /// # Example
    ///
    /// ```
    /// use pancake::{Gap, Pancakes, Stack};
    ///
    /// let start: Stack = "2 1 3".parse()?;
    /// let problem = Pancakes::new(start, Gap::FULL);
    /// let goal = problem.state(Stack::sorted(3));
    /// assert_eq!((goal.h, goal.back_h), (0, 1));
    /// # Ok::<(), pancake::ParseError>(())
    /// ```
    #[must_use]
    pub fn state(&self, stack: Stack) -> PancakeState {
        PancakeState {
            stack,
            h: self.heuristic.count(&stack, &self.to_goal),
            back_h: self.heuristic.count(&stack, &self.to_start),
        }
    }

    /// The flips out of `state`, both estimates updated.
    #[inline]
    fn flips(
        &self,
        state: &PancakeState,
    ) -> impl Iterator<Item = Step<PancakeState, Flip, u32>> + use<'_> {
        let PancakeState { stack, h, back_h } = *state;
        (2..=stack.len()).map(move |count| {
            // cannot fail: count <= MAX_LEN = 20
            let flip = Flip::new(u8::try_from(count).unwrap_or(u8::MAX));
            let next = PancakeState {
                stack: stack.flip(flip),
                h: self.heuristic.after_flip(&stack, count, h, &self.to_goal),
                back_h: self
                    .heuristic
                    .after_flip(&stack, count, back_h, &self.to_start),
            };
            Step::new(flip, next, 1)
        })
    }
}

impl SearchProblem for Pancakes {
    type State = PancakeState;
    type Action = Flip;
    type Cost = u32;

    fn start(&self) -> PancakeState {
        self.state(self.start)
    }

    #[inline]
    fn is_goal(&self, state: &PancakeState) -> bool {
        state.stack.is_sorted()
    }

    #[inline]
    fn successors(
        &self,
        state: &PancakeState,
    ) -> impl Iterator<Item = Step<PancakeState, Flip, u32>> {
        self.flips(state)
    }

    #[inline]
    fn heuristic(&self, state: &PancakeState) -> u32 {
        u32::from(state.h)
    }

    /// Every flip costs 1.
    fn min_step_cost(&self) -> u32 {
        1
    }
}

/// Flips are their own inverses: the predecessors are the successors, each
/// listed with the flip that leads from it back to `state`, the same flip.
impl BidirectionalProblem for Pancakes {
    fn goal(&self) -> PancakeState {
        self.state(Stack::sorted(self.start.len()))
    }

    #[inline]
    fn predecessors(
        &self,
        state: &PancakeState,
    ) -> impl Iterator<Item = Step<PancakeState, Flip, u32>> {
        self.flips(state)
    }

    #[inline]
    fn backward_heuristic(&self, state: &PancakeState) -> u32 {
        u32::from(state.back_h)
    }
}

/// A flip undone is the same flip, at the same cost 1: IDA* may use
/// bidirectional pathmax ([`frontier::IdaStar::bpmx`]).
impl ReversibleProblem for Pancakes {}

impl RankedStates for Pancakes {
    /// `len!`, saturated to `usize::MAX` where it does not fit (32-bit
    /// targets, more than 12 pancakes): such a table is refused anyway.
    fn state_count(&self) -> usize {
        usize::try_from(self.start.arrangements()).unwrap_or(usize::MAX)
    }

    fn rank(&self, state: &PancakeState) -> usize {
        usize::try_from(state.stack.rank()).unwrap_or(usize::MAX)
    }
}
