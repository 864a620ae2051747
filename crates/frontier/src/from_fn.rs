//! A problem from closures: [`from_fn`], for code that describes its state
//! space the way `pathfinding` does (a start, a successor function, a goal
//! test, optionally a heuristic) and does not want to write a trait impl.

use std::fmt;
use std::hash::Hash;

use crate::{Cost, SearchProblem, Step};

/// What a successor closure of [`from_fn`] may yield: a `(state, cost)`
/// pair, as `pathfinding` does (the action is then `()`, and the
/// solution's `states` carry the path), or a full [`Step`] with an action.
pub trait IntoStep<S> {
    /// The action the step reports.
    type Action: Clone;
    /// The step's cost.
    type Cost: Cost;
    /// The step.
    fn into_step(self) -> Step<S, Self::Action, Self::Cost>;
}

impl<S, C: Cost> IntoStep<S> for (S, C) {
    type Action = ();
    type Cost = C;

    #[inline]
    fn into_step(self) -> Step<S, (), C> {
        Step::new((), self.0, self.1)
    }
}

impl<S, A: Clone, C: Cost> IntoStep<S> for Step<S, A, C> {
    type Action = A;
    type Cost = C;

    #[inline]
    fn into_step(self) -> Self {
        self
    }
}

/// A [`SearchProblem`] made of closures; see [`from_fn`].
#[derive(Clone, Copy)]
pub struct FromFn<S, Fs, Fg, Fh = ()> {
    start: S,
    successors: Fs,
    success: Fg,
    heuristic: Fh,
}

impl<S: fmt::Debug, Fs, Fg, Fh> fmt::Debug for FromFn<S, Fs, Fg, Fh> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FromFn")
            .field("start", &self.start)
            .finish_non_exhaustive()
    }
}

/// A problem from a start state, a successor closure and a goal test: the
/// shortest way to run any of frontier's searches on a state space you
/// already describe with closures.
///
/// `successors` returns anything iterable over `(state, cost)` pairs or
/// over [`Step`]s (see [`IntoStep`]); add an estimate with
/// [`FromFn::heuristic`]. The states must be `Clone + Eq + Hash`, as
/// frontier stores them.
///
/// # Example: porting `pathfinding`
///
/// `pathfinding`'s README finds a knight's shortest path on an infinite
/// board with `bfs(&Pos(1, 1), |p| p.successors(), |p| *p == GOAL)`, and
/// its A* example adds a cost per move and a heuristic. The same closures,
/// ported:
///
/// ```
/// #[derive(Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
/// struct Pos(i32, i32);
///
/// impl Pos {
///     fn distance(&self, other: &Pos) -> u32 {
///         (self.0.abs_diff(other.0) + self.1.abs_diff(other.1)) as u32
///     }
///
///     fn successors(&self) -> Vec<(Pos, u32)> {
///         let &Pos(x, y) = self;
///         vec![Pos(x+1,y+2), Pos(x+1,y-2), Pos(x-1,y+2), Pos(x-1,y-2),
///              Pos(x+2,y+1), Pos(x+2,y-1), Pos(x-2,y+1), Pos(x-2,y-1)]
///              .into_iter().map(|p| (p, 1)).collect()
///     }
/// }
///
/// static GOAL: Pos = Pos(4, 6);
///
/// // pathfinding: bfs(&Pos(1, 1), |p| p.successors(), |p| *p == GOAL)
/// let knight = frontier::from_fn(Pos(1, 1), |p: &Pos| p.successors(), |p: &Pos| *p == GOAL);
/// let path = frontier::bfs(&knight).into_solution().expect("no path found");
/// assert_eq!(path.states.len(), 5);
///
/// // pathfinding: astar(&Pos(1, 1), |p| p.successors(), |p| p.distance(&GOAL) / 3, |p| *p == GOAL)
/// let informed = knight.heuristic(|p: &Pos| p.distance(&GOAL) / 3);
/// let result = frontier::astar(&informed);
/// assert_eq!(result.solution().expect("no path found").cost, 4);
/// println!("{} nodes expanded", result.stats.expanded);
/// ```
///
/// Closures that yield [`Step`]s name their actions:
///
/// ```
/// use frontier::Step;
///
/// let doubling = frontier::from_fn(
///     1u32,
///     |&n: &u32| [Step::new('+', n + 1, 1u32), Step::new('*', n * 2, 2)],
///     |&n: &u32| n == 10,
/// );
/// let solution = frontier::astar(&doubling).into_solution().unwrap();
/// assert_eq!(solution.actions, ['+', '*', '+', '*']);
/// ```
pub fn from_fn<S, Fs, Fg, I>(start: S, successors: Fs, success: Fg) -> FromFn<S, Fs, Fg>
where
    S: Clone + Eq + Hash,
    Fs: Fn(&S) -> I,
    I: IntoIterator,
    I::Item: IntoStep<S>,
    Fg: Fn(&S) -> bool,
{
    FromFn {
        start,
        successors,
        success,
        heuristic: (),
    }
}

impl<S, Fs, Fg> FromFn<S, Fs, Fg> {
    /// The same problem with `heuristic` as its estimate of the cost to a
    /// goal (the contract of [`SearchProblem::heuristic`] applies).
    pub fn heuristic<Fh>(self, heuristic: Fh) -> FromFn<S, Fs, Fg, Fh> {
        FromFn {
            start: self.start,
            successors: self.successors,
            success: self.success,
            heuristic,
        }
    }
}

/// The estimate a [`FromFn`] gives: zero for `()`, the closure's value
/// otherwise.
pub trait Estimate<S, C> {
    /// The estimate of the cost from `state` to a goal.
    fn estimate(&self, state: &S) -> C;
}

impl<S, C: Cost> Estimate<S, C> for () {
    #[inline]
    fn estimate(&self, _: &S) -> C {
        C::ZERO
    }
}

impl<S, C, F: Fn(&S) -> C> Estimate<S, C> for F {
    #[inline]
    fn estimate(&self, state: &S) -> C {
        self(state)
    }
}

impl<S, Fs, Fg, Fh, I> SearchProblem for FromFn<S, Fs, Fg, Fh>
where
    S: Clone + Eq + Hash,
    Fs: Fn(&S) -> I,
    I: IntoIterator,
    I::Item: IntoStep<S>,
    Fg: Fn(&S) -> bool,
    Fh: Estimate<S, <I::Item as IntoStep<S>>::Cost>,
{
    type State = S;
    type Action = <I::Item as IntoStep<S>>::Action;
    type Cost = <I::Item as IntoStep<S>>::Cost;

    fn start(&self) -> S {
        self.start.clone()
    }

    fn is_goal(&self, state: &S) -> bool {
        (self.success)(state)
    }

    fn successors(&self, state: &S) -> impl Iterator<Item = Step<S, Self::Action, Self::Cost>> {
        (self.successors)(state)
            .into_iter()
            .map(IntoStep::into_step)
    }

    fn heuristic(&self, state: &S) -> Self::Cost {
        self.heuristic.estimate(state)
    }
}
