//! A problem from closures: [`from_fn`], for code that describes its state
//! space the way `pathfinding` does (a start, a successor function, a goal
//! test, optionally a heuristic) and does not want to write a trait impl.
//! Builder methods add what the other capabilities need: a goal and
//! predecessors ([`BidirectionalProblem`]), a backward heuristic, ranks
//! ([`RankedStates`]), the cheapest step.

use std::fmt;
use std::hash::Hash;

use crate::{BidirectionalProblem, Cost, RankedStates, SearchProblem, Step};

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
///
/// The last four parameters are what the builder methods added: `Fh` the
/// heuristic ([`heuristic`](Self::heuristic)), `B` a [`Backward`] side
/// ([`goal_and_predecessors`](Self::goal_and_predecessors), which makes it
/// a [`BidirectionalProblem`]), `R` the [`Ranked`] states
/// ([`ranked`](Self::ranked), which makes it [`RankedStates`]), `E` the
/// cheapest step ([`min_step_cost`](Self::min_step_cost)); `()` when not
/// added.
#[derive(Clone, Copy)]
pub struct FromFn<S, Fs, Fg, Fh = (), B = (), R = (), E = ()> {
    start: S,
    successors: Fs,
    success: Fg,
    heuristic: Fh,
    backward: B,
    ranked: R,
    min_step: E,
}

impl<S: fmt::Debug, Fs, Fg, Fh, B, R, E> fmt::Debug for FromFn<S, Fs, Fg, Fh, B, R, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FromFn")
            .field("start", &self.start)
            .finish_non_exhaustive()
    }
}

/// The backward side of a [`FromFn`]: the goal state, the predecessor
/// closure and the backward heuristic (`()`: zero). Made by
/// [`FromFn::goal_and_predecessors`] and
/// [`FromFn::backward_heuristic`].
#[derive(Clone, Copy)]
pub struct Backward<S, Fp, Fb = ()> {
    goal: S,
    predecessors: Fp,
    heuristic: Fb,
}

impl<S: fmt::Debug, Fp, Fb> fmt::Debug for Backward<S, Fp, Fb> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Backward")
            .field("goal", &self.goal)
            .finish_non_exhaustive()
    }
}

/// The ranks of a [`FromFn`]'s states: their number and the rank closure.
/// Made by [`FromFn::ranked`].
#[derive(Clone, Copy)]
pub struct Ranked<Fr> {
    count: usize,
    rank: Fr,
}

impl<Fr> fmt::Debug for Ranked<Fr> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ranked")
            .field("count", &self.count)
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
/// frontier stores them. For the searches that need more of a problem, add
/// it the same way: [`goal_and_predecessors`](FromFn::goal_and_predecessors)
/// for the bidirectional searches (then
/// [`backward_heuristic`](FromFn::backward_heuristic) for those that
/// search backward with a heuristic), [`ranked`](FromFn::ranked) for
/// `.dense()` tables, [`min_step_cost`](FromFn::min_step_cost) for the
/// searches whose bounds use the cheapest step.
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
        backward: (),
        ranked: (),
        min_step: (),
    }
}

impl<S, Fs, Fg, Fh, B, R, E> FromFn<S, Fs, Fg, Fh, B, R, E> {
    /// The same problem with `heuristic` as its estimate of the cost to a
    /// goal (the contract of [`SearchProblem::heuristic`] applies).
    pub fn heuristic<F>(self, heuristic: F) -> FromFn<S, Fs, Fg, F, B, R, E> {
        FromFn {
            start: self.start,
            successors: self.successors,
            success: self.success,
            heuristic,
            backward: self.backward,
            ranked: self.ranked,
            min_step: self.min_step,
        }
    }

    /// The same problem, searchable backward: a [`BidirectionalProblem`]
    /// whose [`goal`](BidirectionalProblem::goal) is `goal` and whose
    /// [`predecessors`](BidirectionalProblem::predecessors) are those
    /// `predecessors` yields, `(state, cost)` pairs or [`Step`]s like the
    /// successors (with the same action and cost types): what every search
    /// from both ends needs.
    ///
    /// The contract of [`BidirectionalProblem`] applies: the goal test
    /// holds for `goal` and no other state, and `predecessors(s)` lists `p`
    /// with action `a` exactly when the successors of `p` list `s` with
    /// `a`.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::Step;
    ///
    /// // From 1 to 37 by adding one (cost 1) or doubling (cost 2), up to 100.
    /// let problem = frontier::from_fn(
    ///     1u32,
    ///     |&n: &u32| [Step::new('+', n + 1, 1u32), Step::new('*', n * 2, 2)]
    ///         .into_iter()
    ///         .filter(|step| step.state <= 100),
    ///     |&n: &u32| n == 37,
    /// )
    /// .goal_and_predecessors(37, |&n: &u32| {
    ///     let add = (n >= 2).then(|| Step::new('+', n - 1, 1u32));
    ///     let double = (n >= 2 && n % 2 == 0).then(|| Step::new('*', n / 2, 2));
    ///     add.into_iter().chain(double)
    /// });
    /// let fewest = frontier::bidirectional_bfs(&problem).into_solution().unwrap();
    /// assert_eq!(fewest.len(), frontier::bfs(&problem).into_solution().unwrap().len());
    /// let cheapest = frontier::mm(&problem).into_solution().unwrap();
    /// assert_eq!(cheapest.cost, frontier::astar(&problem).into_solution().unwrap().cost);
    /// assert_eq!(cheapest.states.last(), Some(&37));
    /// ```
    pub fn goal_and_predecessors<Fp, J>(
        self,
        goal: S,
        predecessors: Fp,
    ) -> FromFn<S, Fs, Fg, Fh, Backward<S, Fp>, R, E>
    where
        Fp: Fn(&S) -> J,
        J: IntoIterator,
    {
        FromFn {
            start: self.start,
            successors: self.successors,
            success: self.success,
            heuristic: self.heuristic,
            backward: Backward {
                goal,
                predecessors,
                heuristic: (),
            },
            ranked: self.ranked,
            min_step: self.min_step,
        }
    }

    /// The same problem with ranked states: [`RankedStates`] with
    /// [`state_count`](RankedStates::state_count) `count` and
    /// [`rank`](RankedStates::rank) `rank`, so that the searchers'
    /// `.dense()` tables can hold it.
    ///
    /// The contract of [`RankedStates`] applies: `rank` is below `count`
    /// and tells apart the states a search can reach.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::AStar;
    ///
    /// // Walking right along 0..10, one step at a time.
    /// let step = |&n: &u8| (n < 9).then(|| (n + 1, 1u32));
    /// let line = frontier::from_fn(0u8, step, |&n: &u8| n == 9).ranked(10, |&n: &u8| usize::from(n));
    /// let result = AStar::new().dense().search(&line);
    /// assert_eq!(result.solution().unwrap().cost, 9);
    /// ```
    pub fn ranked<Fr>(self, count: usize, rank: Fr) -> FromFn<S, Fs, Fg, Fh, B, Ranked<Fr>, E>
    where
        Fr: Fn(&S) -> usize,
    {
        FromFn {
            start: self.start,
            successors: self.successors,
            success: self.success,
            heuristic: self.heuristic,
            backward: self.backward,
            ranked: Ranked { count, rank },
            min_step: self.min_step,
        }
    }

    /// The same problem with `cost` as its
    /// [`min_step_cost`](SearchProblem::min_step_cost), ε: no step it
    /// yields, forward or backward, costs less. The contract of
    /// [`SearchProblem::min_step_cost`] applies, and says what the
    /// searches do with it.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{Mm, SearchProblem};
    ///
    /// // Walking along 0..=20 to 15, from 3, one unit a step.
    /// let walk = |&n: &i32| [n + 1, n - 1].into_iter().filter(|n| (0..=20).contains(n)).map(|n| (n, 1u32));
    /// let problem = frontier::from_fn(3, walk, |&n: &i32| n == 15)
    ///     .goal_and_predecessors(15, walk)
    ///     .min_step_cost(1);
    /// // The builder's name hides the trait method's: ask the trait.
    /// assert_eq!(SearchProblem::min_step_cost(&problem), 1);
    /// let result = Mm::new().search(&problem);
    /// assert_eq!(result.solution().unwrap().cost, 12);
    /// ```
    pub fn min_step_cost<C: Cost>(self, cost: C) -> FromFn<S, Fs, Fg, Fh, B, R, C> {
        FromFn {
            start: self.start,
            successors: self.successors,
            success: self.success,
            heuristic: self.heuristic,
            backward: self.backward,
            ranked: self.ranked,
            min_step: cost,
        }
    }
}

impl<S, Fs, Fg, Fh, Fp, Fb, R, E> FromFn<S, Fs, Fg, Fh, Backward<S, Fp, Fb>, R, E> {
    /// The same problem with `heuristic` as its estimate of the cost from
    /// the start to a state, the backward search's heuristic (the contract
    /// of [`BidirectionalProblem::backward_heuristic`] applies). Only a
    /// problem with [`goal_and_predecessors`](Self::goal_and_predecessors)
    /// has a backward search to guide.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{Nbs, Step};
    ///
    /// // Walking along 0..=20 to 15, from 3; each side's estimate is its
    /// // distance along the line.
    /// let walk = |&n: &i32| [Step::new(1, n + 1, 1u32), Step::new(-1, n - 1, 1)]
    ///     .into_iter()
    ///     .filter(|step| (0..=20).contains(&step.state));
    /// let problem = frontier::from_fn(3, walk, |&n: &i32| n == 15)
    ///     .heuristic(|&n: &i32| 15u32.abs_diff(n as u32))
    ///     .goal_and_predecessors(15, walk)
    ///     .backward_heuristic(|&n: &i32| 3u32.abs_diff(n as u32));
    /// let result = Nbs::new().search(&problem);
    /// assert_eq!(result.solution().unwrap().cost, 12);
    /// ```
    pub fn backward_heuristic<F>(
        self,
        heuristic: F,
    ) -> FromFn<S, Fs, Fg, Fh, Backward<S, Fp, F>, R, E> {
        FromFn {
            start: self.start,
            successors: self.successors,
            success: self.success,
            heuristic: self.heuristic,
            backward: Backward {
                goal: self.backward.goal,
                predecessors: self.backward.predecessors,
                heuristic,
            },
            ranked: self.ranked,
            min_step: self.min_step,
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

/// The cheapest step a [`FromFn`] states: zero for `()`, the cost given
/// to [`FromFn::min_step_cost`] otherwise.
pub trait MinStep<C> {
    /// The cheapest cost a step can have.
    fn min_step(&self) -> C;
}

impl<C: Cost> MinStep<C> for () {
    #[inline]
    fn min_step(&self) -> C {
        C::ZERO
    }
}

impl<C: Cost> MinStep<C> for C {
    #[inline]
    fn min_step(&self) -> C {
        *self
    }
}

impl<S, Fs, Fg, Fh, B, R, E, I> SearchProblem for FromFn<S, Fs, Fg, Fh, B, R, E>
where
    S: Clone + Eq + Hash,
    Fs: Fn(&S) -> I,
    I: IntoIterator,
    I::Item: IntoStep<S>,
    Fg: Fn(&S) -> bool,
    Fh: Estimate<S, <I::Item as IntoStep<S>>::Cost>,
    E: MinStep<<I::Item as IntoStep<S>>::Cost>,
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

    fn min_step_cost(&self) -> Self::Cost {
        self.min_step.min_step()
    }
}

impl<S, Fs, Fg, Fh, Fp, Fb, R, E, I, J> BidirectionalProblem
    for FromFn<S, Fs, Fg, Fh, Backward<S, Fp, Fb>, R, E>
where
    S: Clone + Eq + Hash,
    Fs: Fn(&S) -> I,
    I: IntoIterator,
    I::Item: IntoStep<S>,
    Fg: Fn(&S) -> bool,
    Fh: Estimate<S, <I::Item as IntoStep<S>>::Cost>,
    E: MinStep<<I::Item as IntoStep<S>>::Cost>,
    Fp: Fn(&S) -> J,
    J: IntoIterator,
    J::Item: IntoStep<
            S,
            Action = <I::Item as IntoStep<S>>::Action,
            Cost = <I::Item as IntoStep<S>>::Cost,
        >,
    Fb: Estimate<S, <I::Item as IntoStep<S>>::Cost>,
{
    fn goal(&self) -> S {
        self.backward.goal.clone()
    }

    fn predecessors(&self, state: &S) -> impl Iterator<Item = Step<S, Self::Action, Self::Cost>> {
        (self.backward.predecessors)(state)
            .into_iter()
            .map(IntoStep::into_step)
    }

    fn backward_heuristic(&self, state: &S) -> Self::Cost {
        self.backward.heuristic.estimate(state)
    }
}

impl<S, Fs, Fg, Fh, B, Fr, E, I> RankedStates for FromFn<S, Fs, Fg, Fh, B, Ranked<Fr>, E>
where
    S: Clone + Eq + Hash,
    Fs: Fn(&S) -> I,
    I: IntoIterator,
    I::Item: IntoStep<S>,
    Fg: Fn(&S) -> bool,
    Fh: Estimate<S, <I::Item as IntoStep<S>>::Cost>,
    E: MinStep<<I::Item as IntoStep<S>>::Cost>,
    Fr: Fn(&S) -> usize,
{
    fn state_count(&self) -> usize {
        self.ranked.count
    }

    fn rank(&self, state: &S) -> usize {
        (self.ranked.rank)(state)
    }
}
