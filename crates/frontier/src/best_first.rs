//! The one best-first search of A* and greedy search: a table of stored
//! states, an open list, and a loop that expands the state of lowest
//! priority. The two differ in the priority (f = g + h for A*, h for
//! greedy search) and in what follows from it, which an [`Order`] states;
//! everything else is written once here: the searchers' `search` methods
//! for both table layouts ([`search_methods!`]), the limits and the
//! statistics, the root, the expansion loop and the reasons for finding
//! nothing.

use crate::limits::{Budget, measure};
use crate::open::{Lists, Open, with_open_list};
use crate::settings::Settings;
use crate::solution::{ResultOf, refused};
use crate::table::{Node, NodeTable, Slot, insert_root, solution_to};
use crate::{Cost, Limit, Limits, Outcome, SearchProblem, Stats};

/// The order a best-first search expands its states in, and what follows
/// from it. A zero-sized marker per algorithm: the search is compiled for
/// each, so the constants cost nothing in the loop.
pub(crate) trait Order {
    /// Whether a goal is recognised as soon as it is generated (greedy
    /// search, which wants any path fast) rather than when it is expanded
    /// (A*, whose first goal expanded is a cheapest one).
    const GOAL_WHEN_GENERATED: bool;

    /// Whether a cheaper path to a stored state reopens it (A*, to stay
    /// optimal with inconsistent heuristics) rather than being ignored
    /// (greedy search stores and expands each state once).
    const REOPENS: bool;

    /// Whether `max_cost` bounds a node's priority, f (A*: no path through
    /// a node costs less than its f), rather than the cost of the path to
    /// it, g (greedy search, whose priority h bounds nothing). The start's
    /// priority is its h either way.
    const BOUNDS_PRIORITY: bool;

    /// The entry a node reached at cost `g` with heuristic value `h` is
    /// filed under in the open list: `(priority, g)`; `None` when the
    /// priority does not fit the cost type.
    fn entry<C: Cost>(g: C, h: C) -> Option<(C, C)>;
}

/// Writes the two `search` methods of the best-first searcher `$name`,
/// whose memory is `tables` and `lists`, for the order `$order`: with a
/// hashed table, and with a dense one for a
/// [`RankedStates`](crate::RankedStates) problem.
macro_rules! search_methods {
    ($name:ident, $order:ty) => {
        impl<S: Clone + Eq + std::hash::Hash, A: Clone, C: $crate::Cost> $name<S, A, C> {
            /// Searches `problem` with a hashed table.
            pub fn search<P>(&mut self, problem: &P) -> $crate::SearchResult<S, A, C>
            where
                P: $crate::SearchProblem<State = S, Action = A, Cost = C>,
            {
                let table = Ok(&mut self.tables.hashed);
                $crate::best_first::search::<$order, _, _>(
                    problem,
                    &self.settings,
                    table,
                    &mut self.lists,
                )
            }
        }

        impl<S: Clone + Eq + std::hash::Hash, A: Clone, C: $crate::Cost>
            $name<S, A, C, $crate::Dense>
        {
            /// Searches `problem` with a dense table.
            ///
            /// # Panics
            ///
            /// If `rank` returns a rank not below `state_count`.
            pub fn search<P>(&mut self, problem: &P) -> $crate::SearchResult<S, A, C>
            where
                P: $crate::RankedStates<State = S, Action = A, Cost = C>,
            {
                let table = &mut self.tables.dense;
                let table = table
                    .prepare(problem.state_count(), &self.settings.limits)
                    .map(|()| table);
                $crate::best_first::search::<$order, _, _>(
                    problem,
                    &self.settings,
                    table,
                    &mut self.lists,
                )
            }
        }
    };
}
pub(crate) use search_methods;

/// Searches `problem` in order `O` under `settings` with `table` (or says
/// why it was refused) and the member of `lists` the settings' open list
/// names.
pub(crate) fn search<O: Order, P: SearchProblem, T: NodeTable<P>>(
    problem: &P,
    settings: &Settings<P::Cost>,
    table: Result<&mut T, Limit>,
    lists: &mut Lists<P::Cost>,
) -> ResultOf<P> {
    match table {
        Ok(table) => with_open_list!(settings.open, lists, |open| run::<O, P>(
            problem,
            &settings.limits,
            table,
            open
        )),
        Err(limit) => refused(limit),
    }
}

/// Runs one search under `limits`, timed and counted.
fn run<O: Order, P: SearchProblem>(
    problem: &P,
    limits: &Limits<P::Cost>,
    table: &mut impl NodeTable<P>,
    open: &mut impl Open<P::Cost>,
) -> ResultOf<P> {
    measure(limits, |budget, stats| {
        let outcome = expand_all::<O, P>(problem, budget, table, open, stats);
        stats.peak_stored = table.len();
        outcome
    })
}

/// The search itself: stores and files the start, then expands the state
/// of lowest priority until a goal is found or the open list is empty.
fn expand_all<O: Order, P: SearchProblem>(
    problem: &P,
    budget: &mut Budget<'_, P::Cost>,
    table: &mut impl NodeTable<P>,
    open: &mut impl Open<P::Cost>,
    stats: &mut Stats<P::Cost>,
) -> Outcome<P::State, P::Action, P::Cost> {
    table.clear();
    open.clear();
    let max_cost = budget.max_cost().copied();
    let mut pruned = false;
    // A path whose g or f does not fit the cost type costs more than any
    // that does: it is pruned, and if nothing else is found the search
    // says so with `Limit::CostOverflow` rather than `Unreachable`.
    let mut overflowed = false;
    let start = problem.start();
    stats.generated = 1;
    let start_is_goal = O::GOAL_WHEN_GENERATED && problem.is_goal(&start);
    let h = problem.heuristic(&start);
    if O::BOUNDS_PRIORITY && max_cost.is_some_and(|bound| h > bound) {
        return Outcome::LimitReached(Limit::Cost);
    }
    if let Err(limit) = budget.check_stored(1) {
        return Outcome::LimitReached(limit);
    }
    let room = budget.room();
    room.hold(table.allocated() + open.allocated());
    let start_id = match insert_root(table, problem, start, &room) {
        Ok(id) => id,
        Err(limit) => return Outcome::LimitReached(limit),
    };
    if start_is_goal {
        return Outcome::Found(solution_to::<P>(table, start_id));
    }
    // The start's priority is its h (its f, at g = 0).
    if let Err(limit) = open.push(start_id, h, P::Cost::ZERO, &room) {
        return Outcome::LimitReached(limit);
    }
    while let Some((id, filed_g)) = open.pop() {
        let g = table.node(id).g;
        if O::REOPENS && filed_g > g {
            // Stale entry: a cheaper path to this state was found after this
            // entry was pushed, and pushed again.
            continue;
        }
        if !O::GOAL_WHEN_GENERATED && problem.is_goal(table.state(id)) {
            return Outcome::Found(solution_to::<P>(table, id));
        }
        if let Err(limit) = budget.before_expand(stats.expanded) {
            return Outcome::LimitReached(limit);
        }
        stats.expanded += 1;
        // A copy of the state (a clone for states on the heap), so that its
        // children go straight from the problem's iterator into the table,
        // which the iterator would otherwise borrow, rather than through a
        // buffer: measured on the 8-puzzle, 1-6% faster
        // (`docs/benchmarks-log.md`), as in the bidirectional BFS.
        let parent = table.state(id).clone();
        for step in problem.successors(&parent) {
            stats.generated += 1;
            let Some(g) = g.checked_add(step.cost) else {
                overflowed = true;
                continue;
            };
            if !O::BOUNDS_PRIORITY && max_cost.is_some_and(|bound| g > bound) {
                pruned = true;
                continue;
            }
            let node = Node {
                parent: id,
                action: Some(step.action),
                g,
            };
            let child = match table.find_or_insert(problem, step.state, node, &room) {
                Slot::New(child) => child,
                Slot::Old(child, cheaper, arrival) if O::REOPENS && g < table.node(child).g => {
                    // A cheaper path to a stored state: reparent it and (re)open
                    // it, even if it was already expanded. The state value
                    // comes along: equal under `Eq`, it may carry more (a
                    // jump point's arrival direction), and the node is
                    // expanded as this arrival.
                    table.stored_mut().replace(child as usize, arrival, cheaper);
                    child
                }
                Slot::Old(..) => continue,
                Slot::Full(limit) => return Outcome::LimitReached(limit),
            };
            if O::GOAL_WHEN_GENERATED && problem.is_goal(table.state(child)) {
                return Outcome::Found(solution_to::<P>(table, child));
            }
            let Some((priority, filed_g)) = O::entry(g, problem.heuristic(table.state(child)))
            else {
                overflowed = true;
                continue;
            };
            if O::BOUNDS_PRIORITY && max_cost.is_some_and(|bound| priority > bound) {
                pruned = true;
                continue;
            }
            if let Err(limit) = open.push(child, priority, filed_g, &room) {
                return Outcome::LimitReached(limit);
            }
        }
    }
    if overflowed {
        Outcome::LimitReached(Limit::CostOverflow)
    } else if pruned {
        Outcome::LimitReached(Limit::Cost)
    } else {
        Outcome::Unreachable
    }
}
