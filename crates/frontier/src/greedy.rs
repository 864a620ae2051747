//! Greedy best-first search (Doran & Michie 1966): always expand the state
//! that looks nearest a goal. Fast, not optimal.
//!
//! This file is also the walkthrough of `docs/architecture.md` for adding an
//! algorithm: it states only what sets greedy search apart, its [`Order`]
//! (by h, a goal recognised when generated), and is otherwise built from
//! the shared pieces (the best-first loop and `search` methods of
//! `best_first.rs`, which A* runs too, a state table from
//! [`table`](crate::table), an open list from [`open`](crate::open), the
//! budget of [`limits`](crate::limits), the settings and builder methods of
//! `settings.rs`'s `searcher!`), so it gets limits, statistics, dense tables,
//! open lists and reuse without code of its own for them.

use std::marker::PhantomData;

use crate::best_first::{Order, search_methods};
use crate::open::Lists;
use crate::settings::{Settings, searcher};
use crate::solution::ResultOf;
use crate::table::{Hashed, Tables};
use crate::{Cost, SearchProblem};

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

/// Greedy best-first search, configured: [`Limits`](crate::Limits), an
/// [`OpenList`](crate::OpenList), a [`Dense`](crate::Dense) table, and
/// memory kept between searches.
///
/// `max_cost` prunes paths whose cost exceeds it. Greedy search keeps the
/// first path it finds to each state, so under a cost bound it can miss a
/// solution within the bound that a cheaper route to some state would have
/// led to: it then reports [`Limit::Cost`](crate::Limit::Cost), never a
/// path above the bound.
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

search_methods!(Greedy, ByH);

/// Greedy search's order: by h alone. g plays no part in it, so every
/// entry is filed at g = 0 (each state is pushed once: no stale entries);
/// goals are recognised when generated, and `max_cost` bounds g.
struct ByH;

impl Order for ByH {
    const GOAL_WHEN_GENERATED: bool = true;
    const REOPENS: bool = false;
    const BOUNDS_PRIORITY: bool = false;

    #[inline]
    fn entry<C: Cost>(_: C, h: C) -> Option<(C, C)> {
        Some((h, C::ZERO))
    }
}
