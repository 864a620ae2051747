//! The tiny problem every example in these docs uses, so readers learn it
//! once: reach `target` from `start` by adding one (action `'+'`, cost 1) or
//! doubling (action `'*'`, cost 2).
//!
//! It implements every capability: [`SearchProblem`], [`BidirectionalProblem`]
//! and [`RankedStates`] (a number is its own rank). Its heuristic is zero,
//! so A* on it is Dijkstra's algorithm.

use crate::{BidirectionalProblem, RankedStates, SearchProblem, Step};

/// Reach `target` from `start` with `+1` (cost 1) and `*2` (cost 2) steps,
/// never passing `target`.
///
/// # Example
///
/// ```
/// use frontier::{SearchProblem, toy::Doubling};
///
/// let problem = Doubling::new(3, 12);
/// let moves: Vec<_> = problem.successors(&3).map(|step| (step.action, step.state)).collect();
/// assert_eq!(moves, [('+', 4), ('*', 6)]);
/// assert_eq!(frontier::bfs(&problem).into_solution().unwrap().actions, ['*', '*']);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Doubling {
    /// Where the search starts.
    pub start: u32,
    /// The goal.
    pub target: u32,
}

impl Doubling {
    /// The problem of reaching `target` from `start`.
    #[must_use]
    pub fn new(start: u32, target: u32) -> Self {
        Doubling { start, target }
    }
}

impl SearchProblem for Doubling {
    type State = u32;
    type Action = char;
    type Cost = u32;

    fn start(&self) -> u32 {
        self.start
    }

    fn is_goal(&self, n: &u32) -> bool {
        *n == self.target
    }

    fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, char, u32>> {
        let n = *n;
        let add = (n < self.target).then(|| Step::new('+', n + 1, 1));
        let double = (n > 0 && n <= self.target / 2).then(|| Step::new('*', n * 2, 2));
        add.into_iter().chain(double)
    }
}

impl BidirectionalProblem for Doubling {
    fn goal(&self) -> u32 {
        self.target
    }

    fn predecessors(&self, n: &u32) -> impl Iterator<Item = Step<u32, char, u32>> {
        let n = *n;
        let add = (n > 0 && n <= self.target).then(|| Step::new('+', n - 1, 1));
        let double =
            (n > 0 && n.is_multiple_of(2) && n <= self.target).then(|| Step::new('*', n / 2, 2));
        add.into_iter().chain(double)
    }
}

impl RankedStates for Doubling {
    fn state_count(&self) -> usize {
        self.target.max(self.start) as usize + 1
    }

    fn rank(&self, n: &u32) -> usize {
        *n as usize
    }
}
