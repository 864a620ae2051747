//! The problem side of a search: [`SearchProblem`], its optional capabilities
//! ([`BidirectionalProblem`], [`RankedStates`], [`ReversibleProblem`],
//! [`InPlaceProblem`]), [`Step`] and the [`Cost`]
//! bound, and the adapters: [`FromFn`] (a problem from closures, made by
//! [`from_fn`](crate::from_fn), with its parts [`Backward`] and
//! [`Ranked`]), [`NoHeuristic`] and [`NoBackwardHeuristic`].

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::Add;

pub use crate::from_fn::{Backward, Estimate, FromFn, IntoStep, MinStep, Ranked};
pub use switch::{NoBackwardHeuristic, NoHeuristic};

mod switch;

/// A step cost: a totally ordered, copyable quantity with a zero.
///
/// Implemented for every primitive integer type. Costs must never be
/// negative: the algorithms assume that a path never gets cheaper by growing
/// (a negative step breaks the optimality of A*, IDA* and the BFS family's
/// stopping rules, though every search still terminates under a limit).
pub trait Cost: Copy + Ord + Add<Output = Self> + Debug + Default {
    /// The cost of the empty path.
    const ZERO: Self;

    /// The cost as a small index, if it is one: the bucket open list files
    /// entries under it. `None` (the default) sends them to a binary heap.
    /// Contract: order-preserving where defined (a < b implies
    /// `a.to_index() <= b.to_index()`); a wrong index misorders A*'s
    /// expansions and can cost optimality.
    fn to_index(self) -> Option<usize> {
        None
    }

    /// `self + other`, or `None` when the sum does not fit the type. Every
    /// search adds costs through it, so a path whose cost does not fit
    /// stops the search with [`Limit::CostOverflow`](crate::Limit::CostOverflow)
    /// instead of wrapping to a wrong cost.
    fn checked_add(self, other: Self) -> Option<Self>;

    /// `self - other`, or `None` when the difference does not fit the type
    /// (or the type does not subtract: the default). Only
    /// [`bae`](crate::bae) subtracts, to measure a heuristic's error; where
    /// it cannot, it takes the error as zero (valid, but weaker).
    fn checked_sub(self, other: Self) -> Option<Self> {
        let _ = other;
        None
    }
}

macro_rules! impl_cost {
    ($($t:ty)*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;

            #[inline]
            fn to_index(self) -> Option<usize> {
                usize::try_from(self).ok()
            }

            #[inline]
            fn checked_add(self, other: Self) -> Option<Self> {
                <$t>::checked_add(self, other)
            }

            #[inline]
            fn checked_sub(self, other: Self) -> Option<Self> {
                <$t>::checked_sub(self, other)
            }
        }
    )*};
}
impl_cost!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

/// One move out of a state: the action taken, the state it leads to and what
/// it costs.
///
/// Returned by [`SearchProblem::successors`]. In
/// [`BidirectionalProblem::predecessors`] the same type names a predecessor
/// state and the *forward* action leading from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step<S, A, C> {
    /// The action taken (in predecessors: the forward action from `state`).
    pub action: A,
    /// The state the action leads to (in predecessors: the state it comes from).
    pub state: S,
    /// The non-negative cost of the step.
    pub cost: C,
}

impl<S, A, C> Step<S, A, C> {
    /// Builds a step.
    pub fn new(action: A, state: S, cost: C) -> Self {
        Step {
            action,
            state,
            cost,
        }
    }
}

/// A state space to search: a start state, a goal test, the moves out of a
/// state, and optionally a heuristic.
///
/// This trait alone is enough for [`bfs`](crate::bfs), [`astar`](crate::astar)
/// and [`idastar`](crate::idastar); bidirectional search also needs
/// [`BidirectionalProblem`], dense tables need [`RankedStates`].
///
/// # Example
///
/// The toy problem used throughout these docs: reach a target number from a
/// start number by adding one (cost 1) or doubling (cost 2).
///
/// ```
/// use frontier::{SearchProblem, Step};
///
/// struct Doubling { start: u32, target: u32 }
///
/// impl SearchProblem for Doubling {
///     type State = u32;
///     type Action = char;
///     type Cost = u32;
///     fn start(&self) -> u32 { self.start }
///     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
///     fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, char, u32>> {
///         let n = *n;
///         let add = (n < self.target).then(|| Step::new('+', n + 1, 1));
///         let double = (n <= self.target / 2).then(|| Step::new('*', n * 2, 2));
///         add.into_iter().chain(double)
///     }
/// }
///
/// let solution = frontier::astar(&Doubling { start: 1, target: 10 }).into_solution().unwrap();
/// assert_eq!(solution.cost, 6); // 1 + 2 * 4 + 5 * 10 costs 1 + 2 + 1 + 2
/// assert_eq!(solution.states.last(), Some(&10));
/// ```
pub trait SearchProblem {
    /// A node of the state space. Algorithms clone it into their tables, so
    /// small `Copy` states are fastest.
    type State: Clone + Eq + Hash;
    /// What a step does, reported in the [`Solution`](crate::Solution).
    type Action: Clone;
    /// The cost of steps and paths.
    type Cost: Cost;

    /// The state the search starts from.
    fn start(&self) -> Self::State;

    /// Whether `state` is a goal. The search stops at the first goal it
    /// proves optimal (or, for the BFS family, the first it reaches).
    fn is_goal(&self, state: &Self::State) -> bool;

    /// The moves out of `state`.
    ///
    /// Contract: finite, deterministic for a given state, costs never
    /// negative. A step that lists a state it cannot reach makes solutions
    /// illegal; one that omits a real move can only make them longer or
    /// missing. Returning an iterator (not a `Vec`) lets the algorithms run
    /// without allocating per node.
    fn successors(
        &self,
        state: &Self::State,
    ) -> impl Iterator<Item = Step<Self::State, Self::Action, Self::Cost>>;

    /// An estimate of the cheapest cost from `state` to a goal; zero by
    /// default, which turns A* into Dijkstra's algorithm.
    ///
    /// Contract in both directions: if it never overestimates (admissible),
    /// A* and IDA* return optimal solutions, even when it is inconsistent
    /// (A* then reopens states, paying extra expansions). If it
    /// overestimates, both still terminate but the solution may cost more
    /// than the optimum. The closer it is to the true cost from below, the
    /// fewer nodes they expand; it must be zero on goal states for IDA*'s
    /// iteration bounds to be tight. BFS and bidirectional BFS ignore it.
    fn heuristic(&self, state: &Self::State) -> Self::Cost {
        let _ = state;
        Self::Cost::ZERO
    }

    /// The heuristic of `state`, reached at cost `g`, for a search that
    /// only needs to know whether `g + h` exceeds `bound`: IDA* asks this of
    /// every child it generates. Default: [`heuristic`](Self::heuristic).
    ///
    /// A heuristic that is the maximum of several estimates, some dearer
    /// than others, can stop as soon as a cheap one already pushes `g + h`
    /// over `bound`: most children IDA* generates are cut off, and then
    /// only the cheap estimate is paid for.
    ///
    /// Contract: returns `heuristic(state)` whenever `g + heuristic(state)`
    /// is at most `bound`; otherwise any admissible value with `g + h`
    /// above `bound` (IDA* takes the smallest such `g + h` for its next
    /// bound, so a smaller value can at worst cost an iteration that
    /// expands nothing new).
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{SearchProblem, Step};
    ///
    /// /// Walking right along a line to `goal`; the estimate is the larger of a
    /// /// cheap bound and a dear one.
    /// struct Line { goal: u32 }
    ///
    /// impl Line {
    ///     fn cheap(&self, n: u32) -> u32 { (self.goal - n) / 2 }
    ///     fn dear(&self, n: u32) -> u32 { self.goal - n }
    /// }
    ///
    /// impl SearchProblem for Line {
    ///     type State = u32;
    ///     type Action = ();
    ///     type Cost = u32;
    ///     fn start(&self) -> u32 { 0 }
    ///     fn is_goal(&self, n: &u32) -> bool { *n == self.goal }
    ///     fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, (), u32>> {
    ///         (*n < self.goal).then(|| Step::new((), n + 1, 1)).into_iter()
    ///     }
    ///     fn heuristic(&self, n: &u32) -> u32 { self.cheap(*n).max(self.dear(*n)) }
    ///     fn heuristic_within(&self, n: &u32, g: u32, bound: u32) -> u32 {
    ///         let cheap = self.cheap(*n);
    ///         if g + cheap > bound { cheap } else { cheap.max(self.dear(*n)) }
    ///     }
    /// }
    ///
    /// let result = frontier::idastar(&Line { goal: 9 });
    /// assert_eq!(result.solution().unwrap().cost, 9);
    /// ```
    fn heuristic_within(
        &self,
        state: &Self::State,
        g: Self::Cost,
        bound: Self::Cost,
    ) -> Self::Cost {
        let _ = (g, bound);
        self.heuristic(state)
    }

    /// The cheapest cost a step can have, ε in the bidirectional-search
    /// literature: a lower bound on the cost of every step that
    /// [`successors`](Self::successors) (and
    /// [`predecessors`](BidirectionalProblem::predecessors)) yield. Zero by
    /// default, which is always true.
    ///
    /// A search from both ends can use it: a path through an open node of
    /// each direction, not yet joined, costs at least their two g-values
    /// plus ε, since at least one step lies between them. The searches
    /// that use it link here from their docs and say where ε enters; the
    /// others ignore it. This is the one statement of what ε does to them:
    ///
    /// - **No larger than the cheapest step** (the contract): every answer
    ///   keeps the cost it has with ε = 0, the optimum wherever the search
    ///   promises one. A larger ε raises their lower bounds and priorities,
    ///   which narrows the nodes they may expand: none at a priority above
    ///   the optimal cost, and each node's priority counts ε (MM, for one,
    ///   never expands a node with 2g + ε above it).
    /// - **Not promised: fewer expansions.** ε also changes which nodes
    ///   tie and in which order ties are taken, so the expansions actually
    ///   made can go either way: on some problems a search expands more
    ///   nodes with the true ε than with 0 (MM on the 9 pancakes
    ///   `7 2 8 5 3 0 1 6 4`, with the GAP heuristic forward and none
    ///   backward: 470 with ε = 0, 473 with ε = 1), on most fewer.
    /// - **Larger than the cheapest step**: those searches can stop early
    ///   with a costlier path. Debug builds check every step they generate
    ///   against it and panic on a cheaper one.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{SearchProblem, toy::Doubling};
    ///
    /// // + costs 1 and * costs 2: no step is cheaper than 1
    /// assert_eq!(Doubling::new(1, 10).min_step_cost(), 1);
    /// ```
    fn min_step_cost(&self) -> Self::Cost {
        Self::Cost::ZERO
    }
}

/// A problem that can also be searched backward from a single goal state, as
/// [`bidirectional_bfs`](crate::bidirectional_bfs) does.
///
/// Reversible moves are a property of the problem, not an assumption of the
/// algorithm: `predecessors` must list exactly the states with a step into
/// `state`. For problems whose moves are all reversible it is `successors`
/// with each action replaced by its inverse.
pub trait BidirectionalProblem: SearchProblem {
    /// The one goal state. Contract: `is_goal(&goal())` holds, and no other
    /// state is a goal (bidirectional search only finds paths to this one).
    fn goal(&self) -> Self::State;

    /// The states with a step into `state`: each step names a predecessor in
    /// `state` and the forward action leading from it to `state`.
    ///
    /// Contract: `p` is listed with action `a` exactly when
    /// `successors(&p)` lists `state` with action `a`. A missing predecessor
    /// can make the returned path longer than the shortest, or miss it; a
    /// wrong one makes the path illegal.
    fn predecessors(
        &self,
        state: &Self::State,
    ) -> impl Iterator<Item = Step<Self::State, Self::Action, Self::Cost>>;

    /// An estimate of the cheapest cost from [`start`](SearchProblem::start)
    /// to `state`: the heuristic of the backward search, which the
    /// bidirectional heuristic searches use. Zero by default (no
    /// information), so implementing it is opt-in.
    ///
    /// Contract, as for [`heuristic`](SearchProblem::heuristic) read
    /// backward: admissible (never above the true cost from the start) for
    /// optimal answers, and zero on the start state.
    fn backward_heuristic(&self, state: &Self::State) -> Self::Cost {
        let _ = state;
        Self::Cost::ZERO
    }
}

/// An optional capability: states can be numbered `0..state_count()`, so
/// searches can keep their tables in dense vectors indexed by rank instead of
/// hash maps (the Cantor-expansion trick of 8-puzzle solvers, generalised).
///
/// Used by the table searches configured with `.dense()` (see
/// [`Dense`](crate::table::Dense)).
///
/// Contract: `rank` is injective on the states a search can reach and always
/// below `state_count()`. A rank out of range is caught (the search panics
/// with the offending rank rather than corrupting memory); two states sharing
/// a rank are silently treated as one, which can make results wrong. The
/// dense tables cost about `state_count() * 4` bytes up front whatever the
/// search visits, so prefer hashed tables when a search touches only a small
/// fraction of a large space.
pub trait RankedStates: SearchProblem {
    /// The number of ranks: every state ranks below it.
    fn state_count(&self) -> usize;

    /// The rank of `state`, in `0..state_count()`.
    fn rank(&self, state: &Self::State) -> usize;
}

/// An optional capability: every move can be undone at the same cost. The
/// graph is undirected as far as distances go, which lets IDA* propagate
/// heuristic values between neighbours ([`IdaStar::bpmx`](crate::IdaStar::bpmx),
/// bidirectional pathmax).
///
/// A marker: no methods, only a promise. Implement it only when the promise
/// holds; the searches that need it cannot check it.
///
/// Contract: whenever [`successors`](SearchProblem::successors)`(s)` lists a
/// step to `t` at cost `c`, the cheapest path from `t` back to `s` costs at
/// most `c` (usually `successors(t)` lists `s` at cost `c`: the blank of a
/// sliding puzzle moving back, a prefix reversal repeated). What BPMX uses is
/// its consequence for the true distance d to a goal: d(t) ≤ c + d(s), so
/// an admissible h(t) gives the admissible bound h(t) − c for s. On a space
/// where the promise is false (a one-way edge, a move dearer one way than
/// the other) that bound can overestimate, and BPMX can then return a path
/// dearer than the cheapest or stop with
/// [`Limit::Cost`](crate::Limit::Cost) below it; the plain searches do not
/// care.
///
/// # Example
///
/// ```
/// use frontier::{IdaStar, ReversibleProblem, toy::Grid};
///
/// fn undirected<P: ReversibleProblem>(_: &P) {}
/// undirected(&Grid::new(4, 3)); // a step on a grid can be stepped back
/// let result = IdaStar::new().bpmx().search(&Grid::new(4, 3));
/// assert_eq!(result.solution().unwrap().cost, 5);
/// ```
pub trait ReversibleProblem: SearchProblem {}

/// An optional capability: moves applied to one state in place and undone,
/// the shape of the tight hand-written IDA* solvers (one board changed and
/// changed back, the recursion carrying a few small values). Used by
/// [`IdaStar::search_in_place`](crate::IdaStar::search_in_place).
///
/// [`successors`](SearchProblem::successors) builds each child as a new
/// value; this trait lets a search walk the same tree changing a single
/// state. To implement it, name three small types ([`Move`](Self::Move),
/// [`Undo`](Self::Undo), and the iterator [`Moves`](Self::Moves)) and
/// write the five methods every in-place search needs:
///
/// - [`moves`](Self::moves): the moves out of a state, as small values;
/// - [`apply`](Self::apply): makes a move on the state, and says what it
///   cost and how to undo it;
/// - [`undo`](Self::undo): restores the state from that;
/// - [`leads_back`](Self::leads_back): whether a move returns to the
///   parent, so the search skips it without making it;
/// - [`action`](Self::action): the solution's action for a move.
///
/// The other four methods are an optimisation, with defaults built on
/// `apply`: the search previews each child (its step's cost and its
/// heuristic value) before deciding to make it, and by default
/// [`preview`](Self::preview) makes the move on a clone of the state and
/// asks [`heuristic`](SearchProblem::heuristic). Override `preview` where
/// a move can be previewed more cheaply than made (a table lookup for a
/// sliding tile); [`preview_within`](Self::preview_within) where the
/// heuristic can stop early, as
/// [`heuristic_within`](SearchProblem::heuristic_within) does; and
/// [`preview_for_apply`](Self::preview_for_apply) with
/// [`apply_previewed`](Self::apply_previewed) where the `Move` can carry
/// what the preview computed, so that making the move reuses it. The
/// example below writes only the five.
///
/// Contract, which makes the in-place search walk exactly the tree of
/// [`IdaStar::search`](crate::IdaStar::search) (same nodes, same order,
/// same answer):
///
/// - applying the moves of `moves(s)` in turn to `s` gives the states of
///   `successors(s)` in the same order, with the same costs; the `h` of
///   [`preview`](Self::preview) is [`heuristic`](SearchProblem::heuristic)
///   of the state reached, and [`action`](Self::action) the step's action;
/// - `undo(s, apply(s, m).undo)` restores `s` exactly;
/// - [`apply_previewed`](Self::apply_previewed) of the move that
///   [`preview_for_apply`](Self::preview_for_apply) returns does what
///   `apply` does (both default to exactly that);
/// - `leads_back(s, m, u)`, where `s` was reached by the move whose `apply`
///   returned `u`, holds exactly when `m` leads from `s` back to the state
///   before that move.
///
/// A problem that breaks it gets what the broken part implies: moves out
/// of step with `successors` make solutions that do not replay; an `h`
/// other than the heuristic changes the bounds (an overestimate can cost
/// optimality); a `leads_back` that is always false only makes the search
/// generate each parent again (more nodes, same answers, and on a space
/// with two-way moves IDA* then proves nothing unreachable).
///
/// # Example
///
/// The toy problem of these docs ([`toy::Doubling`](crate::toy::Doubling))
/// implements it; here is the same by hand, the state a number changed in
/// place:
///
/// ```
/// use frontier::{Applied, IdaStar, InPlaceProblem, SearchProblem, Step};
///
/// struct Doubling { target: u32 }
///
/// impl SearchProblem for Doubling {
///     type State = u32;
///     type Action = char;
///     type Cost = u32;
///     fn start(&self) -> u32 { 1 }
///     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
///     fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, char, u32>> {
///         let n = *n;
///         self.moves(&n).map(move |m| Step::new(m, if m == '+' { n + 1 } else { n * 2 }, 1 + u32::from(m == '*')))
///     }
/// }
///
/// impl InPlaceProblem for Doubling {
///     type Move = char;
///     type Undo = u32; // the number before the move
///     type Moves = std::iter::Chain<std::option::IntoIter<char>, std::option::IntoIter<char>>;
///     fn moves(&self, n: &u32) -> Self::Moves {
///         let add = (*n < self.target).then_some('+');
///         let double = (*n > 0 && *n <= self.target / 2).then_some('*');
///         add.into_iter().chain(double)
///     }
///     fn leads_back(&self, _: &u32, _: char, _: u32) -> bool {
///         false // every move makes the number larger
///     }
///     fn apply(&self, n: &mut u32, m: char) -> Applied<u32, u32> {
///         let before = *n;
///         *n = if m == '+' { before + 1 } else { before * 2 };
///         Applied { undo: before, cost: 1 + u32::from(m == '*') }
///     }
///     fn undo(&self, n: &mut u32, before: u32) {
///         *n = before;
///     }
///     fn action(&self, _: &u32, m: char) -> char {
///         m
///     }
/// }
///
/// let problem = Doubling { target: 10 };
/// let in_place = IdaStar::new().search_in_place(&problem);
/// let by_value = IdaStar::new().search(&problem);
/// assert_eq!(in_place.solution().unwrap().cost, 6);
/// assert_eq!(in_place.outcome, by_value.outcome);
/// assert_eq!(in_place.stats.iterations, by_value.stats.iterations);
/// ```
pub trait InPlaceProblem: SearchProblem {
    /// One move out of a state as the in-place search handles it: small
    /// and `Copy` (a direction, a cell, an index into a table).
    type Move: Copy;
    /// What [`apply`](Self::apply) leaves for [`undo`](Self::undo): enough
    /// to restore the state before the move, small and `Copy`.
    type Undo: Copy;
    /// The moves out of a state. The iterator must not borrow the state:
    /// the search changes the state while it iterates.
    type Moves: Iterator<Item = Self::Move>;

    /// The moves out of `state`, in the order of
    /// [`successors`](SearchProblem::successors).
    fn moves(&self, state: &Self::State) -> Self::Moves;

    /// Whether `mv` leads from `state` straight back to the state before the
    /// move that returned `undo` (the search's parent check, made on the
    /// move instead of on a built child).
    fn leads_back(&self, state: &Self::State, mv: Self::Move, undo: Self::Undo) -> bool;

    /// Makes `mv` on `state`: the step's cost and what undoes it. The
    /// state's heuristic is asked of [`SearchProblem`] where it is needed,
    /// so a search that does not need it does not pay for it.
    fn apply(&self, state: &mut Self::State, mv: Self::Move) -> Applied<Self::Undo, Self::Cost>;

    /// The cost and the child's heuristic that [`apply`](Self::apply)
    /// would report for `mv`, without making the move: the search previews
    /// every child and makes only those within its bound, about half of
    /// them on the 15-puzzle.
    ///
    /// Contract: the `cost` of `apply(state, mv)` and the
    /// [`heuristic`](SearchProblem::heuristic) of the state it reaches. The
    /// default makes the move on a clone of `state`; override it where a
    /// preview is cheaper (a table lookup for a sliding tile).
    fn preview(&self, state: &Self::State, mv: Self::Move) -> Preview<Self::Cost> {
        let mut child = state.clone();
        let cost = self.apply(&mut child, mv).cost;
        Preview {
            cost,
            h: self.heuristic(&child),
        }
    }

    /// [`preview`](Self::preview) for a search that only needs to know
    /// whether the child, at `g` plus the step's cost, exceeds `bound`:
    /// what [`heuristic_within`](SearchProblem::heuristic_within) is to
    /// [`heuristic`](SearchProblem::heuristic), and the in-place search
    /// asks it of every child. Contract: `preview`'s cost, and its `h`
    /// whenever that keeps the child within `bound`; otherwise any
    /// admissible `h` that puts it over. Default: `preview`.
    fn preview_within(
        &self,
        state: &Self::State,
        mv: Self::Move,
        g: Self::Cost,
        bound: Self::Cost,
    ) -> Preview<Self::Cost> {
        let _ = (g, bound);
        self.preview(state, mv)
    }

    /// [`preview_within`](Self::preview_within), and `mv` as the preview
    /// leaves it for [`apply_previewed`](Self::apply_previewed): a problem
    /// whose `Move` can hold what the preview computed (a table's index and
    /// value) returns it there, so that making the move does not compute
    /// it again. The in-place search previews every child this way and
    /// makes only those within `bound`. Default: `preview_within`, and
    /// `mv` unchanged.
    #[inline]
    fn preview_for_apply(
        &self,
        state: &Self::State,
        mv: Self::Move,
        g: Self::Cost,
        bound: Self::Cost,
    ) -> (Preview<Self::Cost>, Self::Move) {
        (self.preview_within(state, mv, g, bound), mv)
    }

    /// [`apply`](Self::apply) for `mv` as
    /// [`preview_for_apply`](Self::preview_for_apply) returned it for
    /// `state`, its child found within the bound (`g`, the step's cost and
    /// the preview's `h` add up to at most `bound`): the in-place search
    /// makes every child this way but the root's. Contract: the same
    /// state, cost and undo as `apply`. Like [`undo`](Self::undo) given
    /// another move's token, a move not so previewed may leave a wrong
    /// state. Default: `apply`.
    #[inline]
    fn apply_previewed(
        &self,
        state: &mut Self::State,
        mv: Self::Move,
    ) -> Applied<Self::Undo, Self::Cost> {
        self.apply(state, mv)
    }

    /// Undoes the move whose [`apply`](Self::apply) returned `undo`, `state`
    /// being the state that move reached (and the search having undone
    /// every later move).
    fn undo(&self, state: &mut Self::State, undo: Self::Undo);

    /// The action of the solution for `mv` made from `state`.
    fn action(&self, state: &Self::State, mv: Self::Move) -> Self::Action;
}

/// What [`InPlaceProblem::preview`] tells of a move before it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Preview<C> {
    /// The step's cost.
    pub cost: C,
    /// The heuristic of the state the move reaches.
    pub h: C,
}

/// What [`InPlaceProblem::apply`] reports about the move it made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Applied<U, C> {
    /// What [`InPlaceProblem::undo`] needs to undo the move.
    pub undo: U,
    /// The step's cost, as [`successors`](SearchProblem::successors) gives it.
    pub cost: C,
}

/// Every method forwarded, the provided ones included: a reference
/// searches as the problem does.
impl<P: SearchProblem + ?Sized> SearchProblem for &P {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    fn start(&self) -> Self::State {
        (**self).start()
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        (**self).is_goal(state)
    }

    fn successors(
        &self,
        state: &Self::State,
    ) -> impl Iterator<Item = Step<Self::State, Self::Action, Self::Cost>> {
        (**self).successors(state)
    }

    fn heuristic(&self, state: &Self::State) -> Self::Cost {
        (**self).heuristic(state)
    }

    fn heuristic_within(
        &self,
        state: &Self::State,
        g: Self::Cost,
        bound: Self::Cost,
    ) -> Self::Cost {
        (**self).heuristic_within(state, g, bound)
    }

    fn min_step_cost(&self) -> Self::Cost {
        (**self).min_step_cost()
    }
}

impl<P: BidirectionalProblem + ?Sized> BidirectionalProblem for &P {
    fn goal(&self) -> Self::State {
        (**self).goal()
    }

    fn predecessors(
        &self,
        state: &Self::State,
    ) -> impl Iterator<Item = Step<Self::State, Self::Action, Self::Cost>> {
        (**self).predecessors(state)
    }

    fn backward_heuristic(&self, state: &Self::State) -> Self::Cost {
        (**self).backward_heuristic(state)
    }
}

impl<P: RankedStates + ?Sized> RankedStates for &P {
    fn state_count(&self) -> usize {
        (**self).state_count()
    }

    fn rank(&self, state: &Self::State) -> usize {
        (**self).rank(state)
    }
}

impl<P: ReversibleProblem + ?Sized> ReversibleProblem for &P {}

impl<P: InPlaceProblem + ?Sized> InPlaceProblem for &P {
    type Move = P::Move;
    type Undo = P::Undo;
    type Moves = P::Moves;

    #[inline]
    fn moves(&self, state: &Self::State) -> Self::Moves {
        (**self).moves(state)
    }

    #[inline]
    fn leads_back(&self, state: &Self::State, mv: Self::Move, undo: Self::Undo) -> bool {
        (**self).leads_back(state, mv, undo)
    }

    #[inline]
    fn apply(&self, state: &mut Self::State, mv: Self::Move) -> Applied<Self::Undo, Self::Cost> {
        (**self).apply(state, mv)
    }

    #[inline]
    fn preview(&self, state: &Self::State, mv: Self::Move) -> Preview<Self::Cost> {
        (**self).preview(state, mv)
    }

    #[inline]
    fn preview_within(
        &self,
        state: &Self::State,
        mv: Self::Move,
        g: Self::Cost,
        bound: Self::Cost,
    ) -> Preview<Self::Cost> {
        (**self).preview_within(state, mv, g, bound)
    }

    #[inline]
    fn preview_for_apply(
        &self,
        state: &Self::State,
        mv: Self::Move,
        g: Self::Cost,
        bound: Self::Cost,
    ) -> (Preview<Self::Cost>, Self::Move) {
        (**self).preview_for_apply(state, mv, g, bound)
    }

    #[inline]
    fn apply_previewed(
        &self,
        state: &mut Self::State,
        mv: Self::Move,
    ) -> Applied<Self::Undo, Self::Cost> {
        (**self).apply_previewed(state, mv)
    }

    #[inline]
    fn undo(&self, state: &mut Self::State, undo: Self::Undo) {
        (**self).undo(state, undo);
    }

    fn action(&self, state: &Self::State, mv: Self::Move) -> Self::Action {
        (**self).action(state, mv)
    }
}
