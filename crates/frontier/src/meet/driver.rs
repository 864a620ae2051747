//! The one search loop of MM, NBS, DVCBS and BAE*.
//!
//! The four differ only in their queues, in where they file an open node,
//! in how they pick what to expand and in when they may stop: that is a
//! [`Policy`], which each algorithm's queues implement (once per open list,
//! compiled for it). Everything else is here, written once: the searchers'
//! `search` methods for both table layouts ([`search_methods!`]), the
//! statistics and the limits ([`search`]), the prologue (both tables
//! emptied, start = goal, the roots stored and filed, `max_cost` checked
//! against them), the expansion of a node ([`Search::expand`]), and the
//! answer through the best meeting.

use std::ops::ControlFlow;

use crate::limits::{Budget, measure};
use crate::meet::{Direction, OpenNode, Place, Progress, Sides};
use crate::open::{PerList, with_open_list};
use crate::settings::Settings;
use crate::solution::{ByPriority, ResultOf, refused};
use crate::table::{NodeId, NodeTable};
use crate::{BidirectionalProblem, Cost, Limit, Limits, Outcome, SearchProblem, Solution, Stats};

/// What sets one bidirectional heuristic search apart from the others: its
/// queues, where it files an open node, and each step's choice of what to
/// expand and whether to stop. The driver stores, counts, checks the limits
/// and joins the path; a policy never touches the tables but through
/// [`Search`].
pub(crate) trait Policy<C: Cost> {
    /// Whether the search orders or stops by the problem's
    /// [`min_step_cost`](crate::SearchProblem::min_step_cost), ε: when not
    /// (BAE*), it is not asked for, the policy is cleared with zero, and the
    /// steps are not checked against it.
    const EPSILON: bool = true;
    /// Whether every node filed also needs the other direction's heuristic
    /// value (BAE*'s priority uses both): see
    /// [`Progress::both_heuristics`].
    const BOTH_HEURISTICS: bool = false;
    /// Whether a node the other direction has expanded is set aside rather
    /// than filed (DVCBS): see [`Progress::skip_expanded_by_other`].
    const SKIP_EXPANDED_BY_OTHER: bool = false;

    /// Empties the queues for a search whose steps cost at least `epsilon`
    /// (zero where [`EPSILON`](Self::EPSILON) is not set).
    fn clear(&mut self, epsilon: C);

    /// The bytes the queues hold allocated (kept from earlier searches).
    fn allocated(&self) -> usize;

    /// Files open node `node` of direction `side` (a root, or a node
    /// reached more cheaply than before) within `progress.room`, and says
    /// where it went.
    fn file(
        &mut self,
        side: usize,
        node: OpenNode<C>,
        progress: &Progress<C>,
    ) -> Result<Place, Limit>;

    /// One step of the search: picks what to expand and expands it with
    /// [`Search::expand`] (after taking it from its queue), or says the
    /// search may stop (`Break`: the best meeting is proven the cheapest, or
    /// a direction has run out of nodes).
    fn step<P, T>(&mut self, search: &mut Search<'_, '_, P, T>) -> Result<ControlFlow<()>, Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>;
}

/// Writes the two `search` methods of the bidirectional heuristic searcher
/// `$name`, whose memory is `halves`, `queues` (a [`PerList`] of its
/// [`Policy`]) and `expansions`: with hashed tables, and with dense ones
/// for a [`RankedStates`](crate::RankedStates) problem.
macro_rules! search_methods {
    ($name:ident) => {
        impl<S: Clone + Eq + std::hash::Hash, A: Clone, C: $crate::Cost> $name<S, A, C> {
            /// Searches `problem` with hashed tables.
            pub fn search<P>(&mut self, problem: &P) -> $crate::SearchResult<S, A, C>
            where
                P: $crate::BidirectionalProblem<State = S, Action = A, Cost = C>,
            {
                let sides = Ok(self.halves.hashed());
                $crate::meet::driver::search(
                    problem,
                    &self.settings,
                    sides,
                    &mut self.queues,
                    &mut self.expansions,
                )
            }
        }

        impl<S: Clone + Eq + std::hash::Hash, A: Clone, C: $crate::Cost>
            $name<S, A, C, $crate::Dense>
        {
            /// Searches `problem` with dense tables.
            ///
            /// # Panics
            ///
            /// If `rank` returns a rank not below `state_count`.
            pub fn search<P>(&mut self, problem: &P) -> $crate::SearchResult<S, A, C>
            where
                P: $crate::BidirectionalProblem<State = S, Action = A, Cost = C>
                    + $crate::RankedStates,
            {
                let sides = self
                    .halves
                    .dense(problem.state_count(), &self.settings.limits);
                $crate::meet::driver::search(
                    problem,
                    &self.settings,
                    sides,
                    &mut self.queues,
                    &mut self.expansions,
                )
            }
        }
    };
}
pub(crate) use search_methods;

/// [`Sides`] for problem `P` on tables `T`.
type SidesOf<'a, P, T> = Sides<
    'a,
    T,
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
>;

/// A [`Solution`] of problem `P`.
type SolutionOf<P> =
    Solution<<P as SearchProblem>::State, <P as SearchProblem>::Action, <P as SearchProblem>::Cost>;

/// Searches `problem` under `settings` on `sides` (or says why the tables
/// were refused), with the member of `queues` the settings' open list
/// names; `expansions` counts the expansions by the policy's priority.
pub(crate) fn search<P, T, B, H, D>(
    problem: &P,
    settings: &Settings<P::Cost>,
    sides: Result<SidesOf<'_, P, T>, Limit>,
    queues: &mut PerList<B, H, D>,
    expansions: &mut ByPriority<P::Cost>,
) -> ResultOf<P>
where
    P: BidirectionalProblem,
    T: NodeTable<P>,
    B: Policy<P::Cost>,
    H: Policy<P::Cost>,
    D: Policy<P::Cost>,
{
    expansions.clear();
    match sides {
        Ok(sides) => with_open_list!(settings.open, queues, |queues| run(
            problem,
            &settings.limits,
            sides,
            queues,
            expansions
        )),
        Err(limit) => refused(limit),
    }
}

/// Runs one search under `limits` with `policy`, timed and counted.
fn run<P, T, Q>(
    problem: &P,
    limits: &Limits<P::Cost>,
    sides: Sides<'_, T, P::State, P::Action, P::Cost>,
    policy: &mut Q,
    expansions: &mut ByPriority<P::Cost>,
) -> ResultOf<P>
where
    P: BidirectionalProblem,
    T: NodeTable<P>,
    Q: Policy<P::Cost>,
{
    measure(limits, |budget, stats| {
        let epsilon = if Q::EPSILON {
            problem.min_step_cost()
        } else {
            P::Cost::ZERO
        };
        let mut progress = Progress::new(budget.max_cost().copied(), epsilon, budget.room());
        progress.both_heuristics = Q::BOTH_HEURISTICS;
        progress.skip_expanded_by_other = Q::SKIP_EXPANDED_BY_OTHER;
        let mut search = Search {
            problem,
            sides,
            budget,
            stats,
            expansions,
            progress,
        };
        let outcome = search.run(policy);
        search.stats.peak_stored = search.sides.stored::<P>();
        outcome
    })
}

/// One bidirectional search under way: the problem, both directions'
/// tables, the limits, the statistics and what has been found. A
/// [`Policy`] reads the tables and the progress, and expands through
/// [`expand`](Self::expand).
pub(crate) struct Search<'a, 'l, P: BidirectionalProblem, T> {
    problem: &'a P,
    /// Both directions' halves of every stored node.
    pub(crate) sides: Sides<'a, T, P::State, P::Action, P::Cost>,
    budget: &'a mut Budget<'l, P::Cost>,
    stats: &'a mut Stats<P::Cost>,
    expansions: &'a mut ByPriority<P::Cost>,
    /// The best meeting, the bounds, and the search's room.
    pub(crate) progress: Progress<P::Cost>,
}

impl<P, T> Search<'_, '_, P, T>
where
    P: BidirectionalProblem,
    T: NodeTable<P>,
{
    /// The whole search with `policy`, from emptied tables to the answer.
    fn run<Q: Policy<P::Cost>>(&mut self, policy: &mut Q) -> Outcome<P::State, P::Action, P::Cost> {
        match self.start(policy) {
            Ok(None) => {}
            Ok(Some(empty)) => return Outcome::Found(empty),
            Err(limit) => return Outcome::LimitReached(limit),
        }
        loop {
            match policy.step(self) {
                Ok(ControlFlow::Continue(())) => {}
                Ok(ControlFlow::Break(())) => break,
                Err(limit) => return Outcome::LimitReached(limit),
            }
        }
        self.progress.outcome(self.problem, &self.sides)
    }

    /// Empties the tables and `policy`'s queues, and stores and files the
    /// roots: the start forward, the goal backward. The empty path when the
    /// start is the goal; [`Limit::Cost`] when a root's heuristic value
    /// already exceeds `max_cost`.
    fn start<Q: Policy<P::Cost>>(
        &mut self,
        policy: &mut Q,
    ) -> Result<Option<SolutionOf<P>>, Limit> {
        self.sides.clear::<P>();
        policy.clear(self.progress.epsilon);
        let start = self.problem.start();
        let goal = self.problem.goal();
        self.stats.generated = 1;
        if start == goal {
            return Ok(Some(Solution::empty(start, P::Cost::ZERO)));
        }
        self.stats.generated = 2;
        self.budget.check_stored(2)?;
        let room = &self.progress.room;
        room.hold(self.sides.allocated::<P>() + policy.allocated());
        let roots = self.sides.start(self.problem, (start, goal), room)?;
        if let Some(bound) = self.progress.max_cost
            && roots.iter().any(|&(_, h)| h > bound)
        {
            return Err(Limit::Cost);
        }
        if Q::BOTH_HEURISTICS {
            self.sides
                .know_both_h(self.problem, [roots[0].0, roots[1].0]);
        }
        for (side, (id, h)) in roots.into_iter().enumerate() {
            let node = OpenNode {
                id,
                g: P::Cost::ZERO,
                h,
                f: h,
                h_other: self.sides.h(1 - side, id),
            };
            let place = policy.file(side, node, &self.progress)?;
            self.sides.set_place(side, id, place);
        }
        Ok(None)
    }

    /// Expands node `id` of direction `side` at cost `g`, which `policy`
    /// has just taken from its queues: closes it and, unless no path
    /// through it can beat the best meeting, counts the expansion at
    /// priority `at` (`None`: above every cost the type holds), within the
    /// limits, and files each successor (forward) or predecessor
    /// (backward) reached more cheaply than before with `policy`.
    #[inline]
    pub(crate) fn expand<Q: Policy<P::Cost>>(
        &mut self,
        policy: &mut Q,
        side: Direction,
        (id, g): (NodeId, P::Cost),
        at: Option<P::Cost>,
    ) -> Result<(), Limit> {
        let s = side.index();
        self.sides.set_place(s, id, Place::Closed);
        if self.progress.beaten(g, self.sides.h(s, id)) {
            // No cheaper path runs through this node: closed unexpanded.
            return Ok(());
        }
        self.budget.before_expand(self.stats.expanded)?;
        self.stats.expanded += 1;
        match at {
            Some(priority) => self.expansions.count(priority),
            None => self.expansions.count_beyond(),
        }
        self.sides.expand(
            self.problem,
            side,
            (id, g),
            &mut self.progress,
            self.stats,
            |s, node, progress| policy.file(s, node, progress),
        )
    }
}
