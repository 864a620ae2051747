//! MM and NBS against a Dijkstra oracle on random weighted graphs (zero-cost
//! steps included), with heuristics in both directions that are consistent
//! or only admissible, and under every limit. Every solution is replayed.

mod common;

use std::cell::RefCell;
use std::time::Duration;

use common::{Graph, ResultOf, TwoWay, assert_replays, dijkstra};
use frontier::{
    Bae, BidirectionalProblem, CancelFlag, Dvcbs, Limit, Limits, Mm, Nbs, OpenList, Outcome,
    RankedStates, SearchProblem, Step,
};
use proptest::prelude::*;

/// How the heuristics are made from the true distances.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// The same fraction of every true distance (rounded down): consistent.
    /// States with no path get a large value, which keeps it consistent.
    Consistent(u32),
    /// A random fraction per state: admissible, usually inconsistent.
    /// States with no path get any value.
    Admissible,
}

/// The heuristic of `distance` (true costs to the end it aims at).
fn heuristic(distance: &[Option<u32>], kind: Kind, percent: &[u32]) -> Vec<u32> {
    distance
        .iter()
        .zip(percent)
        .map(|(d, &p)| match (d, kind) {
            (Some(d), Kind::Consistent(q)) => d * q / 100,
            (None, Kind::Consistent(_)) => 1_000,
            (Some(d), Kind::Admissible) => d * p / 100,
            (None, Kind::Admissible) => p * 10,
        })
        .collect()
}

/// A random graph of up to 10 nodes and 30 edges costing 0 to 5, with both
/// heuristics of `kind`, and the optimal cost.
fn problems(kind: impl Strategy<Value = Kind>) -> impl Strategy<Value = (TwoWay, Option<u32>)> {
    (2usize..=10, kind).prop_flat_map(|(n, kind)| {
        let node = 0..u32::try_from(n).unwrap();
        (
            prop::collection::vec((node.clone(), node.clone(), 0u32..=5), 0..=n * 3),
            node.clone(),
            node,
            prop::collection::vec(0u32..=100, n),
            prop::collection::vec(0u32..=100, n),
        )
            .prop_map(move |(edges, start, goal, forward, backward)| {
                let graph = Graph::new(n, &edges, start, goal);
                let to_goal = dijkstra(&graph, goal, true);
                let from_start = dijkstra(&graph, start, false);
                let h = heuristic(&to_goal, kind, &forward);
                let problem = TwoWay {
                    epsilon: 0,
                    graph: graph.with_heuristic(&h),
                    backward: heuristic(&from_start, kind, &backward),
                };
                (problem, to_goal[start as usize])
            })
    })
}

fn consistent() -> impl Strategy<Value = Kind> {
    (0u32..=100).prop_map(Kind::Consistent)
}

fn admissible() -> impl Strategy<Value = Kind> {
    Just(Kind::Admissible)
}

/// A problem that logs the states whose successors (forward) or
/// predecessors (backward) are asked for: the nodes MM expands, and after
/// them, when MM sums the cost of its path step by step, that path's.
struct Watched<'a> {
    problem: &'a TwoWay,
    expanded: RefCell<Vec<(bool, u32)>>,
}

impl SearchProblem for Watched<'_> {
    type State = u32;
    type Action = u32;
    type Cost = u32;
    fn start(&self) -> u32 {
        self.problem.start()
    }
    fn is_goal(&self, n: &u32) -> bool {
        self.problem.is_goal(n)
    }
    fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, u32, u32>> {
        self.expanded.borrow_mut().push((true, *n));
        self.problem.successors(n)
    }
    fn heuristic(&self, n: &u32) -> u32 {
        self.problem.heuristic(n)
    }
}

impl BidirectionalProblem for Watched<'_> {
    fn goal(&self) -> u32 {
        self.problem.goal()
    }
    fn predecessors(&self, n: &u32) -> impl Iterator<Item = Step<u32, u32, u32>> {
        self.expanded.borrow_mut().push((false, *n));
        self.problem.predecessors(n)
    }
    fn backward_heuristic(&self, n: &u32) -> u32 {
        self.problem.backward_heuristic(n)
    }
}

/// MM and NBS, hashed and dense, on each open list, under `limits`.
fn searches(problem: &TwoWay, limits: &Limits<u32>) -> Vec<(&'static str, ResultOf<TwoWay>)> {
    vec![
        ("mm", Mm::new().limits(limits.clone()).search(problem)),
        (
            "mm dense",
            Mm::new().dense().limits(limits.clone()).search(problem),
        ),
        ("nbs", Nbs::new().limits(limits.clone()).search(problem)),
        (
            "nbs dense",
            Nbs::new().dense().limits(limits.clone()).search(problem),
        ),
        (
            "mm binary heap",
            Mm::new()
                .open_list(OpenList::BinaryHeap)
                .limits(limits)
                .search(problem),
        ),
        (
            "mm priority queue",
            Mm::new()
                .open_list(OpenList::PriorityQueue)
                .limits(limits)
                .search(problem),
        ),
        (
            "nbs binary heap",
            Nbs::new()
                .open_list(OpenList::BinaryHeap)
                .limits(limits)
                .search(problem),
        ),
        (
            "nbs priority queue dense",
            Nbs::new()
                .open_list(OpenList::PriorityQueue)
                .dense()
                .limits(limits)
                .search(problem),
        ),
    ]
}

/// Checks an unlimited search against the oracle's optimal cost.
fn check_optimal(
    name: &str,
    problem: &TwoWay,
    result: &ResultOf<TwoWay>,
    optimum: Option<u32>,
) -> Result<(), TestCaseError> {
    match (&result.outcome, optimum) {
        (Outcome::Found(solution), Some(cost)) => {
            assert_replays(problem, solution);
            prop_assert_eq!(solution.cost, cost, "{}", name);
            if problem.graph.start == problem.graph.goal {
                prop_assert_eq!(result.stats.expanded, 0, "{}", name);
                prop_assert!(solution.is_empty(), "{}", name);
            }
        }
        (Outcome::Unreachable, None) => {}
        (outcome, _) => prop_assert!(false, "{name}: {outcome:?}, oracle {optimum:?}"),
    }
    prop_assert!(result.stats.generated >= result.stats.expanded, "{}", name);
    Ok(())
}

/// DVCBS and BAE*, which need consistent heuristics: hashed and dense, on
/// each open list.
fn consistent_searches(problem: &TwoWay) -> Vec<(&'static str, ResultOf<TwoWay>)> {
    vec![
        ("dvcbs", Dvcbs::new().search(problem)),
        ("dvcbs dense", Dvcbs::new().dense().search(problem)),
        (
            "dvcbs binary heap",
            Dvcbs::new().open_list(OpenList::BinaryHeap).search(problem),
        ),
        (
            "dvcbs priority queue",
            Dvcbs::new()
                .open_list(OpenList::PriorityQueue)
                .search(problem),
        ),
        ("bae", Bae::new().search(problem)),
        ("bae dense", Bae::new().dense().search(problem)),
        (
            "bae binary heap",
            Bae::new().open_list(OpenList::BinaryHeap).search(problem),
        ),
        (
            "bae priority queue",
            Bae::new()
                .open_list(OpenList::PriorityQueue)
                .search(problem),
        ),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn optimal_with_consistent_heuristics((problem, optimum) in problems(consistent())) {
        for (name, result) in searches(&problem, &Limits::new()).into_iter().chain(consistent_searches(&problem)) {
            check_optimal(name, &problem, &result, optimum)?;
        }
    }

    #[test]
    fn optimal_with_inconsistent_admissible_heuristics((problem, optimum) in problems(admissible())) {
        for (name, result) in searches(&problem, &Limits::new()) {
            check_optimal(name, &problem, &result, optimum)?;
        }
    }

    #[test]
    fn optimal_without_heuristics((problem, optimum) in problems(Just(Kind::Consistent(0)))) {
        // MM0 and NBS with zero heuristics: bidirectional brute force.
        for (name, result) in searches(&problem, &Limits::new()).into_iter().chain(consistent_searches(&problem)) {
            check_optimal(name, &problem, &result, optimum)?;
        }
    }

    #[test]
    fn mm_meets_in_the_middle((problem, optimum) in problems(prop_oneof![consistent(), admissible()])) {
        // MM's defining property: no node expanded from either end lies
        // farther than C*/2 from that end (its g at expansion, at least
        // the true distance, is at most C*/2).
        let Some(optimum) = optimum else { return Ok(()) };
        let watched = Watched { problem: &problem, expanded: RefCell::new(Vec::new()) };
        let result = frontier::mm(&watched);
        prop_assert_eq!(result.solution().map(|s| s.cost), Some(optimum));
        let from_start = dijkstra(&problem.graph, problem.graph.start, false);
        let to_goal = dijkstra(&problem.graph, problem.graph.goal, true);
        // The expansions come first; after them, where an expanded node was
        // reached more cheaply, the returned path's steps are looked up to
        // sum its cost.
        let calls = watched.expanded.borrow();
        let expanded = usize::try_from(result.stats.expanded).unwrap();
        prop_assert!(calls.len() >= expanded);
        for &(forward, n) in &calls[..expanded] {
            let distance = if forward { from_start[n as usize] } else { to_goal[n as usize] };
            prop_assert!(distance.is_some_and(|d| 2 * d <= optimum), "{} {n}: {distance:?}, C* {optimum}", if forward { "forward" } else { "backward" });
        }
    }

    #[test]
    fn node_limits_stop_exactly_where_the_search_would_pass_them(
        (problem, _) in problems(prop_oneof![consistent(), admissible()]),
        max in 0u64..12,
    ) {
        // A search is deterministic: under a limit it runs as without one
        // until it would pass the limit, and then stops with its reason.
        let free = searches(&problem, &Limits::new());
        let expanded = searches(&problem, &Limits::new().max_expanded(max));
        let stored = searches(&problem, &Limits::new().max_stored(usize::try_from(max).unwrap()));
        for (((name, free), (_, by_expanded)), (_, by_stored)) in free.iter().zip(&expanded).zip(&stored) {
            if free.stats.expanded <= max {
                prop_assert_eq!(&by_expanded.outcome, &free.outcome, "{}", name);
            } else {
                prop_assert_eq!(by_expanded.limit(), Some(Limit::Expanded), "{}", name);
                prop_assert_eq!(by_expanded.stats.expanded, max, "{}", name);
            }
            if name.contains("dense") && problem.state_count() as u64 > max {
                // A dense table larger than the limit is refused up front.
                prop_assert_eq!(by_stored.limit(), Some(Limit::Stored), "{}", name);
                prop_assert_eq!(by_stored.stats.expanded, 0, "{}", name);
            } else if free.stats.peak_stored as u64 <= max {
                prop_assert_eq!(&by_stored.outcome, &free.outcome, "{}", name);
            } else {
                prop_assert_eq!(by_stored.limit(), Some(Limit::Stored), "{}", name);
                prop_assert!(by_stored.stats.peak_stored as u64 <= max, "{}", name);
            }
            for result in [by_expanded, by_stored] {
                if let Some(solution) = result.solution() {
                    assert_replays(&problem, solution);
                }
            }
        }
    }

    #[test]
    fn cost_limits_prune_exactly_the_costlier_paths(
        (problem, optimum) in problems(prop_oneof![consistent(), admissible()]),
    ) {
        let Some(optimum) = optimum else { return Ok(()) };
        for (name, result) in searches(&problem, &Limits::new().max_cost(optimum)) {
            check_optimal(name, &problem, &result, Some(optimum))?;
        }
        if optimum > 0 {
            for (name, result) in searches(&problem, &Limits::new().max_cost(optimum - 1)) {
                prop_assert_eq!(result.limit(), Some(Limit::Cost), "{}", name);
            }
        }
    }

    #[test]
    fn time_and_cancellation_stop_before_the_first_expansion(
        (problem, optimum) in problems(admissible()),
    ) {
        let flag = CancelFlag::new();
        flag.cancel();
        for (limits, limit) in [
            (Limits::new().max_time(Duration::ZERO), Limit::Time),
            (Limits::new().cancel(flag), Limit::Cancelled),
        ] {
            for (name, result) in searches(&problem, &limits) {
                if problem.graph.start == problem.graph.goal {
                    check_optimal(name, &problem, &result, optimum)?;
                } else {
                    prop_assert_eq!(result.limit(), Some(limit), "{}", name);
                    prop_assert_eq!(result.stats.expanded, 0, "{}", name);
                }
            }
        }
    }
}

/// A line of `n` nodes, each step costing 1 (or 0 every third step), with
/// exact heuristics both ways.
fn line(n: u32) -> TwoWay {
    let edges: Vec<(u32, u32, u32)> = (0..n - 1)
        .map(|i| (i, i + 1, u32::from(i % 3 != 0)))
        .collect();
    let graph = Graph::new(n as usize, &edges, 0, n - 1);
    let to_goal = dijkstra(&graph, n - 1, true);
    let from_start = dijkstra(&graph, 0, false);
    TwoWay {
        epsilon: 0,
        graph: graph.with_heuristic(&to_goal.iter().map(|d| d.unwrap()).collect::<Vec<_>>()),
        backward: from_start.iter().map(|d| d.unwrap()).collect(),
    }
}

#[test]
fn start_equal_to_goal_costs_nothing() {
    let problem = TwoWay {
        epsilon: 0,
        graph: Graph::new(2, &[(0, 1, 3), (1, 0, 3)], 1, 1),
        backward: vec![0, 0],
    };
    for (name, result) in searches(&problem, &Limits::new().max_expanded(0)) {
        let solution = result.solution().expect(name);
        assert_eq!(solution.states, [1], "{name}");
        assert_eq!(solution.cost, 0, "{name}");
        assert_eq!(result.stats.expanded, 0, "{name}");
    }
}

#[test]
fn an_unreachable_goal_empties_a_frontier() {
    // 0 ⇄ 1 and 2 ⇄ 3: the goal's side is cut off.
    let problem = TwoWay {
        epsilon: 0,
        graph: Graph::new(4, &[(0, 1, 1), (1, 0, 1), (2, 3, 1), (3, 2, 1)], 0, 3),
        backward: vec![0; 4],
    };
    for (name, result) in searches(&problem, &Limits::new()) {
        assert_eq!(result.outcome, Outcome::Unreachable, "{name}");
        assert!(result.stats.expanded <= 4, "{name}");
    }
}

/// The numbers `0..=end`, steps of one up and down: a search of it with
/// no heuristic runs as long as `end` allows.
#[derive(Clone, Copy, Debug)]
struct Line {
    end: u32,
}

impl SearchProblem for Line {
    type State = u32;
    type Action = i8;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, n: &u32) -> bool {
        *n == self.end
    }
    fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, i8, u32>> {
        let n = *n;
        let up = (n < self.end).then(|| Step::new(1, n + 1, 1));
        let down = (n > 0).then(|| Step::new(-1, n - 1, 1));
        up.into_iter().chain(down)
    }
}

impl BidirectionalProblem for Line {
    fn goal(&self) -> u32 {
        self.end
    }
    fn predecessors(&self, n: &u32) -> impl Iterator<Item = Step<u32, i8, u32>> {
        let n = *n;
        let from_below = (n > 0).then(|| Step::new(1, n - 1, 1));
        let from_above = (n < self.end).then(|| Step::new(-1, n + 1, 1));
        from_below.into_iter().chain(from_above)
    }
}

#[test]
fn a_cancel_from_another_thread_stops_a_running_search() {
    let problem = Line { end: u32::MAX / 2 };
    for which in ["mm", "nbs"] {
        let flag = CancelFlag::new();
        let limits = Limits::new().cancel(flag.clone());
        let search = std::thread::spawn(move || {
            if which == "mm" {
                Mm::new().limits(limits).search(&problem)
            } else {
                Nbs::new().limits(limits).search(&problem)
            }
        });
        std::thread::sleep(Duration::from_millis(50));
        flag.cancel();
        let result = search.join().unwrap();
        assert_eq!(result.limit(), Some(Limit::Cancelled), "{which}");
        assert!(result.stats.expanded > 0, "{which}");
    }
}

#[test]
fn exact_heuristics_lead_straight_to_the_goal() {
    let problem = line(1_000);
    for (name, result) in searches(&problem, &Limits::new()) {
        let solution = result.solution().expect(name);
        assert_replays(&problem, solution);
        assert_eq!(solution.len(), 999, "{name}");
        // Perfect heuristics both ways: at most the path, from each end.
        assert!(
            result.stats.expanded <= 2 * 1_000,
            "{name}: {:?}",
            result.stats
        );
    }
}

#[test]
fn a_memory_bound_in_bytes_stops_both_searches() {
    let problem = Line { end: u32::MAX / 2 };
    let limits = Limits::new().max_memory(1 << 20);
    for (name, result) in [
        ("mm", Mm::new().limits(limits.clone()).search(&problem)),
        ("nbs", Nbs::new().limits(limits).search(&problem)),
    ] {
        assert_eq!(result.limit(), Some(Limit::Memory), "{name}");
        // Some thousands of states fit in a MiB, far from a million.
        assert!(
            result.stats.peak_stored > 1_000,
            "{name}: {:?}",
            result.stats
        );
        assert!(
            result.stats.peak_stored < 1 << 17,
            "{name}: {:?}",
            result.stats
        );
    }
}
