//! Greedy best-first search (Doran & Michie 1966): always expand the state
//! that looks nearest a goal. Fast, not optimal.
//!
//! This file is also the walkthrough of `docs/architecture.md` for adding an
//! algorithm: it is built only from the shared pieces (a state table from
//! [`table`](crate::table), an open list from [`open`](crate::open), the
//! budget of [`limits`](crate::limits), the settings and builder methods of
//! `settings.rs`'s `searcher!`), so it gets limits, statistics, dense tables,
//! open lists and reuse without code of its own for them.

use std::hash::Hash;
use std::marker::PhantomData;

use crate::limits::{Budget, measure};
use crate::open::{Lists, Open, with_open_list};
use crate::settings::{Settings, searcher};
use crate::solution::{ResultOf, refused};
use crate::table::{Dense, Hashed, Node, NodeTable, Slot, Tables, insert_root, solution_to};
use crate::{Cost, Limit, Limits, Outcome, RankedStates, SearchProblem, SearchResult, Stats};

/// Greedy best-first search from `problem.start()`: a path to a goal,
/// found by always expanding the stored state of lowest heuristic value.
///
/// The path is **not** optimal in general (its cost is whatever the
/// heuristic led to); in exchange, a good heuristic takes the search almost
/// straight to a goal, storing far fewer states than A*. Every state is
/// stored once and expanded at most once; a goal is recognised as soon as
/// it is generated. With the zero heuristic it explores in insertion order
/// within each bucket (not breadth-first: use [`bfs`](crate::bfs) for
/// that). For limits, an open list, dense tables or reuse, configure a
/// [`Greedy`].
///
/// Calls on one thread reuse one idle [`Greedy`] and its memory (see the
/// [design decisions](crate#design-decisions)), so the states, actions
/// and costs must be `'static`; search a problem with borrowed states
/// (`&str`, say) with `Greedy::new().search(&problem)`.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let problem = Doubling::new(1, 10);
/// let solution = frontier::greedy(&problem).into_solution().unwrap();
/// assert_eq!(solution.states.last(), Some(&10));
/// assert!(solution.cost >= frontier::astar(&problem).into_solution().unwrap().cost);
/// ```
///
/// # Complexity
///
/// Time and memory O(V + E) over the states it reaches; with the default
/// bucket open list, pushes and pops are O(1) while heuristic values stay
/// small.
pub fn greedy<P>(problem: &P) -> ResultOf<P>
where
    P: SearchProblem,
    P::State: 'static,
    P::Action: 'static,
    P::Cost: 'static,
{
    crate::reuse::search_idle(|searcher: &mut Greedy<P::State, P::Action, P::Cost>| {
        searcher.search(problem)
    })
}

/// Greedy best-first search, configured: [`Limits`], an
/// [`OpenList`](crate::OpenList), a [`Dense`] table, and memory kept
/// between searches.
///
/// `max_cost` prunes paths whose cost exceeds it. Greedy search keeps the
/// first path it finds to each state, so under a cost bound it can miss a
/// solution within the bound that a cheaper route to some state would have
/// led to: it then reports [`Limit::Cost`], never a path above the bound.
///
/// # Example
///
/// ```
/// use frontier::{Greedy, Limit, Limits, toy::Doubling};
///
/// let mut greedy = Greedy::new().dense();
/// for target in [10, 20, 30] {
///     let result = greedy.search(&Doubling::new(1, target));
///     assert_eq!(result.solution().unwrap().states.last(), Some(&target));
/// }
/// let mut brief = Greedy::new().limits(Limits::new().max_expanded(1));
/// assert_eq!(brief.search(&Doubling::new(1, 1000)).limit(), Some(Limit::Expanded));
/// ```
pub struct Greedy<S, A, C, L = Hashed> {
    settings: Settings<C>,
    tables: Tables<S, A, C>,
    lists: Lists<C>,
    layout: PhantomData<L>,
}

searcher!(Greedy { tables, lists }, open_list);

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> Greedy<S, A, C> {
    /// Searches `problem` with a hashed table.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: SearchProblem<State = S, Action = A, Cost = C>,
    {
        let (limits, table) = (&self.settings.limits, &mut self.tables.hashed);
        with_open_list!(self.settings.open, self.lists, |open| run(
            problem, limits, table, open
        ))
    }
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> Greedy<S, A, C, Dense> {
    /// Searches `problem` with a dense table.
    ///
    /// # Panics
    ///
    /// If `rank` returns a rank not below `state_count`.
    pub fn search<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: RankedStates<State = S, Action = A, Cost = C>,
    {
        let (limits, table) = (&self.settings.limits, &mut self.tables.dense);
        if let Err(limit) = table.prepare(problem.state_count(), limits) {
            return refused(limit);
        }
        with_open_list!(self.settings.open, self.lists, |open| run(
            problem, limits, table, open
        ))
    }
}

fn run<P: SearchProblem>(
    problem: &P,
    limits: &Limits<P::Cost>,
    table: &mut impl NodeTable<P>,
    open: &mut impl Open<P::Cost>,
) -> ResultOf<P> {
    measure(limits, |budget, stats| {
        let outcome = search(problem, budget, table, open, stats);
        stats.peak_stored = table.len();
        outcome
    })
}

fn search<P: SearchProblem>(
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
    let mut overflowed = false;
    let start = problem.start();
    stats.generated = 1;
    let start_is_goal = problem.is_goal(&start);
    let h = problem.heuristic(&start);
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
    // The priority is h alone; g plays no part in the order, so every entry
    // is filed at g = 0 (each state is pushed once: no stale entries).
    if let Err(limit) = open.push(start_id, h, P::Cost::ZERO, &room) {
        return Outcome::LimitReached(limit);
    }
    while let Some((id, _)) = open.pop() {
        if let Err(limit) = budget.before_expand(stats.expanded) {
            return Outcome::LimitReached(limit);
        }
        stats.expanded += 1;
        let g = table.node(id).g;
        // A copy of the state, so that its children go straight into the
        // table (as in A* and the bidirectional BFS: no buffer).
        let parent = table.state(id).clone();
        for step in problem.successors(&parent) {
            stats.generated += 1;
            let Some(g) = g.checked_add(step.cost) else {
                // A path whose cost does not fit: dropped, and said so if
                // no path that fits is found.
                overflowed = true;
                continue;
            };
            if max_cost.is_some_and(|bound| g > bound) {
                pruned = true;
                continue;
            }
            let node = Node {
                parent: id,
                action: Some(step.action),
                g,
            };
            match table.find_or_insert(problem, step.state, node, &room) {
                Slot::New(child) if problem.is_goal(table.state(child)) => {
                    return Outcome::Found(solution_to::<P>(table, child));
                }
                Slot::New(child) => {
                    let h = problem.heuristic(table.state(child));
                    if let Err(limit) = open.push(child, h, P::Cost::ZERO, &room) {
                        return Outcome::LimitReached(limit);
                    }
                }
                Slot::Old(..) => {}
                Slot::Full(limit) => return Outcome::LimitReached(limit),
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
