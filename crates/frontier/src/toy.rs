//! The tiny problem every example in these docs uses, so readers learn it
//! once: reach `target` from `start` by adding one (action `'+'`, cost 1) or
//! doubling (action `'*'`, cost 2).
//!
//! It implements every capability: [`SearchProblem`], [`BidirectionalProblem`],
//! [`RankedStates`] (a number is its own rank) and [`InPlaceProblem`] (the
//! number changed in place), but one: its moves cannot be undone, so it is
//! no [`ReversibleProblem`]; for that one, the examples use [`Grid`]. Its
//! heuristic is zero, so A* on it is Dijkstra's algorithm.

use crate::{
    Applied, BidirectionalProblem, InPlaceProblem, RankedStates, ReversibleProblem, SearchProblem,
    Step,
};

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
        self.moves(&n)
            .map(move |action| Step::new(action, step(n, action), cost(action)))
    }

    fn min_step_cost(&self) -> u32 {
        1
    }
}

/// The number `action` makes of `n`.
fn step(n: u32, action: char) -> u32 {
    if action == '*' { n * 2 } else { n + 1 }
}

/// What `action` costs.
fn cost(action: char) -> u32 {
    if action == '*' { 2 } else { 1 }
}

/// The number changed in place; undoing a move restores the number before
/// it.
impl InPlaceProblem for Doubling {
    type Move = char;
    type Undo = u32;
    type Moves = std::iter::Chain<std::option::IntoIter<char>, std::option::IntoIter<char>>;

    fn moves(&self, n: &u32) -> Self::Moves {
        let n = *n;
        let add = (n < self.target).then_some('+');
        let double = (n > 0 && n <= self.target / 2).then_some('*');
        add.into_iter().chain(double)
    }

    fn leads_back(&self, n: &u32, action: char, before: u32) -> bool {
        step(*n, action) == before
    }

    fn apply(&self, n: &mut u32, action: char) -> Applied<u32, u32> {
        let before = *n;
        *n = step(before, action);
        Applied {
            undo: before,
            cost: cost(action),
        }
    }

    fn undo(&self, n: &mut u32, before: u32) {
        *n = before;
    }

    fn action(&self, _: &u32, action: char) -> char {
        action
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

/// Walk from the top-left corner `(0, 0)` of a `width`×`height` grid to the
/// bottom-right one, one cell up, down, left or right at cost 1: a
/// [`ReversibleProblem`], with a deliberately inconsistent heuristic.
///
/// The heuristic is the Manhattan distance to the goal on every third
/// diagonal (cells whose `x + y` is a multiple of 3) and zero on the
/// others: admissible, but dropping from d to 0 across a single step.
/// Successors come away from the goal first (left, up, right, down), so a
/// search that follows the problem's order must be kept from wandering.
/// Plain IDA* wanders through the zero cells; with bidirectional pathmax
/// ([`IdaStar::bpmx`](crate::IdaStar::bpmx)) a zero cell learns d − 1 from
/// a neighbour, and the search expands fewer nodes.
///
/// # Example
///
/// ```
/// use frontier::{IdaStar, SearchProblem, toy::Grid};
///
/// let grid = Grid::new(5, 5);
/// assert_eq!((grid.heuristic(&(0, 0)), grid.heuristic(&(1, 0))), (8, 0));
/// let plain = IdaStar::new().search(&grid);
/// let bpmx = IdaStar::new().bpmx().search(&grid);
/// assert_eq!(plain.solution().unwrap().cost, 8);
/// assert_eq!(bpmx.solution().unwrap().cost, 8);
/// assert!(bpmx.stats.expanded < plain.stats.expanded);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Columns, `x` in `0..width`.
    pub width: u32,
    /// Rows, `y` in `0..height`.
    pub height: u32,
}

impl Grid {
    /// The walk across a `width`×`height` grid.
    #[must_use]
    pub fn new(width: u32, height: u32) -> Self {
        Grid { width, height }
    }

    fn goal(self) -> (u32, u32) {
        (self.width.saturating_sub(1), self.height.saturating_sub(1))
    }
}

impl SearchProblem for Grid {
    type State = (u32, u32);
    type Action = char;
    type Cost = u32;

    fn start(&self) -> (u32, u32) {
        (0, 0)
    }

    fn is_goal(&self, cell: &(u32, u32)) -> bool {
        *cell == self.goal()
    }

    fn successors(&self, cell: &(u32, u32)) -> impl Iterator<Item = Step<(u32, u32), char, u32>> {
        let (x, y) = *cell;
        let (width, height) = (self.width, self.height);
        [
            (x > 0).then(|| Step::new('l', (x.wrapping_sub(1), y), 1)),
            (y > 0).then(|| Step::new('u', (x, y.wrapping_sub(1)), 1)),
            (x + 1 < width).then(|| Step::new('r', (x + 1, y), 1)),
            (y + 1 < height).then(|| Step::new('d', (x, y + 1), 1)),
        ]
        .into_iter()
        .flatten()
    }

    fn min_step_cost(&self) -> u32 {
        1
    }

    /// The Manhattan distance on cells whose `x + y` is a multiple of 3,
    /// zero on the others.
    fn heuristic(&self, cell: &(u32, u32)) -> u32 {
        let (x, y) = *cell;
        let (gx, gy) = self.goal();
        if (x + y).is_multiple_of(3) {
            x.abs_diff(gx) + y.abs_diff(gy)
        } else {
            0
        }
    }
}

/// Every step can be stepped back, at the same cost 1.
impl ReversibleProblem for Grid {}
