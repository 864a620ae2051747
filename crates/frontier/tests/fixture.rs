//! One fixture checked by every algorithm against one table of expected
//! answers: weighted graphs, mazes, knight moves, start = goal, unreachable
//! goals, zero-cost steps, and every limit triggering with its reason; the
//! reversible rows also by IDA* with bidirectional pathmax.

mod common;

use std::fmt::Debug;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::{
    Graph, Knight, Maze, Undirected, any_path, assert_in_place_matches, assert_replays,
    counts_steps, run_all, run_ida_both,
};
use frontier::{
    Bae, BidirectionalProblem, CancelFlag, Dvcbs, InPlaceProblem, Limit, Limits, Outcome,
    RankedStates, ReversibleProblem, SearchProblem,
};

/// What an algorithm should report: `Found(n)` is a number of steps for the
/// BFS family and a cost for A* and IDA*; `Path` is any path that replays
/// to a goal and costs at least the optimum (greedy search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    Found(u32),
    Path,
    Unreachable,
    Stopped(Limit),
}
use Want::{Found, Path, Stopped, Unreachable};

/// The expected answer of each family on one row of the table.
#[derive(Clone, Copy, Debug)]
struct Expect {
    bfs: Want,
    bidirectional: Want,
    astar: Want,
    idastar: Want,
    greedy: Want,
}

/// The same answer from every algorithm.
fn all(want: Want) -> Expect {
    Expect {
        bfs: want,
        bidirectional: want,
        astar: want,
        idastar: want,
        greedy: want,
    }
}

/// Fewest steps for the BFS family, cheapest cost for A* and IDA*.
fn found(steps: u32, cost: u32) -> Expect {
    Expect {
        bfs: Found(steps),
        bidirectional: Found(steps),
        astar: Found(cost),
        idastar: Found(cost),
        greedy: Path,
    }
}

fn check<P>(row: &str, problem: &P, limits: &Limits<u32>, expect: Expect)
where
    P: BidirectionalProblem<Cost = u32> + RankedStates + InPlaceProblem + Sync,
    P::State: Debug + Send + Sync,
    P::Action: PartialEq + Debug + Send + Sync,
{
    let results = run_all(problem, limits, limits);
    assert_in_place_matches(row, &results);
    for (algorithm, result) in results {
        let want = match algorithm {
            name if name.starts_with("bidirectional") => expect.bidirectional,
            name if counts_steps(name) => expect.bfs,
            name if any_path(name) => expect.greedy,
            name if name.starts_with("idastar") => expect.idastar,
            _ => expect.astar,
        };
        let got = match &result.outcome {
            Outcome::Found(solution) => {
                assert_replays(problem, solution);
                if any_path(algorithm) {
                    if let Found(optimum) = expect.astar {
                        assert!(solution.cost >= optimum, "{row}: {algorithm}");
                    }
                    Path
                } else if counts_steps(algorithm) {
                    Found(u32::try_from(solution.len()).unwrap())
                } else {
                    Found(solution.cost)
                }
            }
            Outcome::Unreachable => Unreachable,
            Outcome::LimitReached(limit) => Stopped(*limit),
        };
        assert_eq!(got, want, "{row}: {algorithm}");
        let stats = &result.stats;
        assert!(
            stats.generated >= stats.expanded,
            "{row}: {algorithm}: {stats:?}"
        );
        if let Some(max) = limits.max_expanded {
            assert!(
                stats.expanded <= max,
                "{row}: {algorithm} expanded past the limit"
            );
        }
        if let Some(max) = limits.max_stored {
            assert!(
                stats.peak_stored <= max,
                "{row}: {algorithm} stored past the limit"
            );
        }
        if algorithm.starts_with("idastar") && stats.expanded > 0 {
            assert!(
                !stats.iterations.is_empty(),
                "{row}: IDA* reported no iteration"
            );
            let total: u64 = stats.iterations.iter().map(|it| it.generated).sum();
            assert_eq!(
                total, stats.generated,
                "{row}: IDA* iterations do not add up"
            );
        }
    }
}

/// A B C D E: the fewest steps (A C E, cost 11) are not the cheapest
/// (A B C D E, cost 6). The heuristic is admissible but inconsistent
/// (h(B) = 5 > cost(B, C) + h(C) = 3), so A* must reopen.
fn weighted_graph() -> Graph {
    Graph::new(5, WEIGHTED_EDGES, 0, 4).with_heuristic(&WEIGHTED_H)
}

/// The edges `(from, to, cost)` of [`weighted_graph`], A to E numbered 0
/// to 4, and its heuristic.
const WEIGHTED_EDGES: &[(u32, u32, u32)] = &[
    (0, 1, 1),
    (0, 2, 4),
    (1, 2, 1),
    (1, 3, 5),
    (2, 3, 1),
    (3, 4, 3),
    (2, 4, 7),
];
const WEIGHTED_H: [u32; 5] = [4, 5, 2, 3, 0];

const MAZE: &str = "\
S..#......
.#.#.####.
.#...#....
.####.#.#.
......#.#G";

/// The short way across the top costs 9 to enter one cell.
const TERRAIN: &str = "\
S.9.G
.###.
.....";

#[test]
fn every_algorithm_matches_the_table() {
    let none = Limits::new();
    check("weighted graph", &weighted_graph(), &none, found(2, 6));
    check("maze with walls", &Maze::parse(MAZE), &none, found(17, 17));
    check(
        "maze with terrain costs",
        &Maze::parse(TERRAIN),
        &none,
        found(4, 8),
    );
    let knight = |size, start, goal| Knight { size, start, goal };
    check(
        "knight 8 (poj 1915 #1)",
        &knight(8, (0, 0), (7, 0)),
        &none,
        found(5, 5),
    );
    check(
        "knight 100 (poj 1915 #2)",
        &knight(100, (0, 0), (30, 50)),
        &none,
        found(28, 28),
    );
    check(
        "knight 10 (poj 1915 #3)",
        &knight(10, (1, 1), (1, 1)),
        &none,
        found(0, 0),
    );
    check(
        "knight corner to corner",
        &knight(8, (0, 0), (7, 7)),
        &none,
        found(6, 6),
    );
    check(
        "knight a1 to b2",
        &knight(8, (0, 0), (1, 1)),
        &none,
        found(4, 4),
    );
    check(
        "start is goal",
        &Graph::new(2, &[(0, 1, 1), (1, 0, 1)], 0, 0),
        &none,
        found(0, 0),
    );
    // A B are a 2-cycle and C is apart: IDA* proves it, as its parent check
    // leaves a finite tree.
    check(
        "unreachable goal",
        &Graph::new(3, &[(0, 1, 1), (1, 0, 1)], 0, 2),
        &none,
        all(Unreachable),
    );
    // A 3-cycle makes IDA*'s tree infinite: only its cost bound stops it.
    let cycle = Graph::new(4, &[(0, 1, 1), (1, 2, 1), (2, 0, 1)], 0, 3);
    check(
        "unreachable goal behind a cycle",
        &cycle,
        &Limits::new().max_cost(100),
        Expect {
            idastar: Stopped(Limit::Cost),
            ..all(Unreachable)
        },
    );
    // A B C D with A→B, B→A and B→C free: the cheapest path takes 3 steps
    // for cost 1, the shortest 2 steps for cost 4.
    let free = Graph::new(
        4,
        &[(0, 1, 0), (1, 0, 0), (1, 2, 0), (0, 2, 3), (2, 3, 1)],
        0,
        3,
    );
    check("zero-cost steps", &free, &none, found(2, 1));
}

/// DVCBS and BAE*, which ask consistent heuristics, on every row of the
/// table whose heuristics are (all but the weighted graph), hashed and
/// dense: `want` is the cheapest cost, `None` for an unreachable goal.
#[test]
fn dvcbs_and_bae_match_the_table_where_the_heuristics_are_consistent() {
    fn check_consistent<P>(row: &str, problem: &P, limits: &Limits<u32>, want: Option<u32>)
    where
        P: BidirectionalProblem<Cost = u32> + RankedStates,
        P::State: Debug,
        P::Action: PartialEq + Debug,
    {
        let results = [
            ("dvcbs", Dvcbs::new().limits(limits).search(problem)),
            (
                "dvcbs dense",
                Dvcbs::new().dense().limits(limits).search(problem),
            ),
            ("bae", Bae::new().limits(limits).search(problem)),
            (
                "bae dense",
                Bae::new().dense().limits(limits).search(problem),
            ),
        ];
        for (algorithm, result) in results {
            if let Some(solution) = result.solution() {
                assert_replays(problem, solution);
            }
            match want {
                Some(cost) => assert_eq!(
                    result.solution().map(|s| s.cost),
                    Some(cost),
                    "{row}: {algorithm}: {:?}",
                    result.outcome
                ),
                None => assert!(result.is_unreachable(), "{row}: {algorithm}"),
            }
        }
    }
    let none = Limits::new();
    check_consistent("maze with walls", &Maze::parse(MAZE), &none, Some(17));
    check_consistent(
        "maze with terrain costs",
        &Maze::parse(TERRAIN),
        &none,
        Some(8),
    );
    let knight = |size, start, goal| Knight { size, start, goal };
    check_consistent("knight 8", &knight(8, (0, 0), (7, 0)), &none, Some(5));
    check_consistent(
        "knight 100",
        &knight(100, (0, 0), (30, 50)),
        &none,
        Some(28),
    );
    check_consistent(
        "knight at goal",
        &knight(10, (1, 1), (1, 1)),
        &none,
        Some(0),
    );
    check_consistent("knight corner", &knight(8, (0, 0), (7, 7)), &none, Some(6));
    check_consistent(
        "knight a1 to b2",
        &knight(8, (0, 0), (1, 1)),
        &none,
        Some(4),
    );
    let unreachable = Graph::new(3, &[(0, 1, 1), (1, 0, 1)], 0, 2);
    check_consistent("unreachable goal", &unreachable, &none, None);
    let cycle = Graph::new(4, &[(0, 1, 1), (1, 2, 1), (2, 0, 1)], 0, 3);
    check_consistent("unreachable behind a cycle", &cycle, &none, None);
    let free = Graph::new(
        4,
        &[(0, 1, 0), (1, 0, 0), (1, 2, 0), (0, 2, 3), (2, 3, 1)],
        0,
        3,
    );
    check_consistent("zero-cost steps", &free, &none, Some(1));
    // The limits stop them too.
    let far = knight(1000, (0, 0), (999, 999));
    for (limits, limit) in [
        (Limits::new().max_expanded(10), Limit::Expanded),
        (Limits::new().max_stored(50), Limit::Stored),
    ] {
        for result in [
            Dvcbs::new().limits(&limits).search(&far),
            Bae::new().limits(&limits).search(&far),
        ] {
            assert_eq!(result.limit(), Some(limit));
        }
    }
    let near = knight(8, (0, 0), (7, 7));
    for result in [
        Dvcbs::new().limits(Limits::new().max_cost(5)).search(&near),
        Bae::new().limits(Limits::new().max_cost(5)).search(&near),
    ] {
        assert_eq!(result.limit(), Some(Limit::Cost));
    }
}

#[test]
fn every_limit_stops_every_algorithm_with_its_reason() {
    let far = Knight {
        size: 1000,
        start: (0, 0),
        goal: (999, 999),
    };
    check(
        "max_expanded",
        &far,
        &Limits::new().max_expanded(10),
        all(Stopped(Limit::Expanded)),
    );
    check(
        "max_stored",
        &far,
        &Limits::new().max_stored(50),
        all(Stopped(Limit::Stored)),
    );
    check(
        "max_time",
        &far,
        &Limits::new().max_time(Duration::ZERO),
        all(Stopped(Limit::Time)),
    );
    let flag = CancelFlag::new();
    flag.cancel();
    check(
        "cancelled",
        &far,
        &Limits::new().cancel(flag),
        all(Stopped(Limit::Cancelled)),
    );
    let near = Knight {
        size: 8,
        start: (0, 0),
        goal: (7, 7),
    };
    check(
        "max_cost below the optimum",
        &near,
        &Limits::new().max_cost(5),
        Expect {
            // A layer-by-layer search cannot tell which meeting is cheapest,
            // so bidirectional BFS ignores the cost bound.
            bidirectional: Found(6),
            ..all(Stopped(Limit::Cost))
        },
    );
    check(
        "max_cost at the optimum",
        &near,
        &Limits::new().max_cost(6),
        found(6, 6),
    );
}

#[test]
fn a_cancel_from_another_thread_stops_a_running_search() {
    // An infinite line: nothing stops IDA* on it but the flag. The flag is
    // raised once the search has expanded a node (not after a fixed sleep:
    // on a loaded machine the search thread may not have started by then,
    // and the search then stops, rightly, before expanding anything).
    let cycle = Graph::new(3, &[(0, 1, 1), (1, 2, 1), (2, 0, 1)], 0, 0);
    let line = Graph { goal: 99, ..cycle };
    for threads in [None, Some(2)] {
        let started = Arc::new(AtomicBool::new(false));
        let problem = Signalling {
            inner: line.clone(),
            started: Arc::clone(&started),
        };
        let flag = CancelFlag::new();
        let limits = Limits::new().cancel(flag.clone());
        let search = std::thread::spawn(move || match threads {
            None => frontier::IdaStar::new().limits(limits).search(&problem),
            // Both threads notice the flag.
            Some(n) => frontier::ParallelIdaStar::new()
                .threads(n)
                .limits(limits)
                .search(&problem),
        });
        while !started.load(Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(1));
        }
        flag.cancel();
        let result = search.join().unwrap();
        assert_eq!(result.limit(), Some(Limit::Cancelled), "{threads:?}");
        assert!(result.stats.expanded > 0, "{threads:?}");
    }
}

/// `inner`, noting in `started` that the search has asked for successors.
struct Signalling<P> {
    inner: P,
    started: Arc<AtomicBool>,
}

impl<P: SearchProblem> SearchProblem for Signalling<P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    fn start(&self) -> P::State {
        self.inner.start()
    }

    fn is_goal(&self, state: &P::State) -> bool {
        self.inner.is_goal(state)
    }

    fn successors(
        &self,
        state: &P::State,
    ) -> impl Iterator<Item = frontier::Step<P::State, P::Action, P::Cost>> {
        self.started.store(true, Ordering::Release);
        self.inner.successors(state)
    }

    fn heuristic(&self, state: &P::State) -> P::Cost {
        self.inner.heuristic(state)
    }
}

#[test]
fn dense_tables_larger_than_the_memory_limit_are_refused_up_front() {
    let far = Knight {
        size: 1000,
        start: (0, 0),
        goal: (999, 999),
    };
    let limits = Limits::new().max_stored(1000);
    for result in [
        frontier::Bfs::new()
            .dense()
            .limits(limits.clone())
            .search(&far),
        frontier::BidirectionalBfs::new()
            .dense()
            .limits(limits.clone())
            .search(&far),
        frontier::AStar::new()
            .dense()
            .limits(limits.clone())
            .search(&far),
        frontier::Mm::new()
            .dense()
            .limits(limits.clone())
            .search(&far),
        frontier::Nbs::new().dense().limits(limits).search(&far),
    ] {
        assert_eq!(result.limit(), Some(Limit::Stored));
        assert_eq!(result.stats.expanded, 0);
    }
}

#[test]
fn idastar_follows_a_path_of_100_000_steps_without_overflowing_the_stack() {
    const LENGTH: u32 = 100_000;
    let edges: Vec<(u32, u32, u32)> = (0..LENGTH).map(|i| (i, i + 1, 1)).collect();
    let line = Graph::new(LENGTH as usize + 1, &edges, 0, LENGTH);
    // The exact heuristic takes IDA* straight down in one iteration.
    let h: Vec<u32> = (0..=LENGTH).map(|i| LENGTH - i).collect();
    let line = line.with_heuristic(&h);
    let serial = frontier::idastar(&line);
    let in_place = frontier::IdaStar::new().search_in_place(&line);
    let parallel = frontier::ParallelIdaStar::new().threads(2).search(&line);
    let parallel_in_place = frontier::ParallelIdaStar::new()
        .threads(2)
        .search_in_place(&line);
    for result in [serial, in_place, parallel, parallel_in_place] {
        let solution = result.solution().expect("the end of the line is reachable");
        assert_eq!(solution.len(), LENGTH as usize);
        assert_replays(&line, solution);
        assert_eq!(result.stats.iterations.len(), 1);
        assert_eq!(result.stats.peak_stored, LENGTH as usize);
    }
}

#[test]
fn idastar_never_generates_the_parent_again() {
    // A 2-cycle A ⇄ B with the goal beyond B: each iteration generates B
    // (from A) and then C (from B), never A again from B. The root counts
    // once per search, in the first iteration.
    let problem = Graph::new(3, &[(0, 1, 1), (1, 0, 1), (1, 2, 1)], 0, 2);
    let result = frontier::idastar(&problem);
    assert_eq!(result.solution().map(frontier::Solution::len), Some(2));
    let iterations = &result.stats.iterations;
    assert_eq!(iterations.len(), 3); // bounds 0, 1, 2 (zero heuristic)
    assert_eq!(iterations[0].generated, 2); // the root and B, cut off
    assert_eq!(iterations[1].generated, 2); // B, and C cut off
    assert_eq!(iterations[2].generated, 2); // B, and C: the goal
}

#[test]
fn reused_searchers_give_the_same_answers_as_fresh_searches() {
    let mut bfs = frontier::Bfs::new();
    let mut bfs_dense = frontier::Bfs::new().dense();
    let mut bidirectional = frontier::BidirectionalBfs::new();
    let mut bidirectional_dense = frontier::BidirectionalBfs::new().dense();
    let mut astar = frontier::AStar::new();
    let mut astar_dense = frontier::AStar::new().dense();
    let mut ida = frontier::IdaStar::new();
    let mut mm = frontier::Mm::new();
    let mut mm_dense = frontier::Mm::new().dense();
    let mut nbs = frontier::Nbs::new();
    let mut nbs_dense = frontier::Nbs::new().dense();
    // Different goals (and a board size change, which resizes the dense
    // tables) so stale entries from one search would show in the next.
    for (size, goal) in [
        (8, (7, 7)),
        (8, (3, 4)),
        (8, (0, 0)),
        (12, (11, 2)),
        (8, (5, 1)),
    ] {
        let knight = Knight {
            size,
            start: (0, 0),
            goal,
        };
        let fresh = frontier::bfs(&knight).outcome;
        assert_eq!(bfs.search(&knight).outcome, fresh);
        assert_eq!(bfs_dense.search(&knight).outcome, fresh);
        let fresh = frontier::bidirectional_bfs(&knight).outcome;
        assert_eq!(bidirectional.search(&knight).outcome, fresh);
        assert_eq!(bidirectional_dense.search(&knight).outcome, fresh);
        let fresh = frontier::astar(&knight);
        let reused = astar.search(&knight);
        assert_eq!(reused.outcome, fresh.outcome);
        assert_eq!(reused.stats.expanded, fresh.stats.expanded);
        assert_eq!(astar_dense.search(&knight).outcome, fresh.outcome);
        for (fresh, reused) in [
            (frontier::mm(&knight), mm.search(&knight)),
            (frontier::mm(&knight), mm_dense.search(&knight)),
            (frontier::nbs(&knight), nbs.search(&knight)),
            (frontier::nbs(&knight), nbs_dense.search(&knight)),
        ] {
            assert_eq!(reused.outcome, fresh.outcome);
            assert_eq!(reused.stats.expanded, fresh.stats.expanded);
            assert_eq!(reused.stats.peak_stored, fresh.stats.peak_stored);
        }
        let fresh = frontier::idastar(&knight);
        let reused = ida.search(&knight);
        assert_eq!(reused.outcome, fresh.outcome);
        assert_eq!(reused.stats.generated, fresh.stats.generated);
    }
}

/// Plain IDA* and IDA* with bidirectional pathmax on a reversible row: both
/// give `want` (a cost for `Found`), replay, and keep their statistics
/// within the limits.
fn check_bpmx<P>(row: &str, problem: &P, limits: &Limits<u32>, want: Want)
where
    P: ReversibleProblem<Cost = u32>,
    P::State: Debug,
    P::Action: PartialEq + Debug,
{
    for (algorithm, result) in run_ida_both(problem, limits) {
        let got = match &result.outcome {
            Outcome::Found(solution) => {
                assert_replays(problem, solution);
                Found(solution.cost)
            }
            Outcome::Unreachable => Unreachable,
            Outcome::LimitReached(limit) => Stopped(*limit),
        };
        assert_eq!(got, want, "{row}: {algorithm}");
        let stats = &result.stats;
        assert!(stats.generated >= stats.expanded, "{row}: {algorithm}");
        if let Some(max) = limits.max_expanded {
            assert!(stats.expanded <= max, "{row}: {algorithm}");
        }
        if let Some(max) = limits.max_stored {
            assert!(stats.peak_stored <= max, "{row}: {algorithm}");
        }
        if stats.expanded > 0 {
            let total: u64 = stats.iterations.iter().map(|it| it.generated).sum();
            assert_eq!(total, stats.generated, "{row}: {algorithm}");
        }
    }
}

#[test]
fn bpmx_matches_the_table_on_every_reversible_row() {
    let none = Limits::new();
    let knight = |size, start, goal| Knight { size, start, goal };
    check_bpmx("knight 8", &knight(8, (0, 0), (7, 0)), &none, Found(5));
    check_bpmx(
        "knight 100",
        &knight(100, (0, 0), (30, 50)),
        &none,
        Found(28),
    );
    check_bpmx(
        "knight start is goal",
        &knight(10, (1, 1), (1, 1)),
        &none,
        Found(0),
    );
    check_bpmx(
        "knight a1 to b2",
        &knight(8, (0, 0), (1, 1)),
        &none,
        Found(4),
    );
    // The weighted graph with its edges both ways: distances to E are
    // 6 5 4 3 0, so h = 4 5 2 3 0 stays admissible, and B's 5 against C's
    // 2 across a step of 1 is inconsistent.
    let weighted = Undirected::new(5, WEIGHTED_EDGES, 0, 4).with_heuristic(&WEIGHTED_H);
    check_bpmx("undirected weighted graph", &weighted, &none, Found(6));
    check_bpmx(
        "unreachable goal",
        &Undirected::new(3, &[(0, 1, 1)], 0, 2),
        &none,
        Unreachable,
    );
    // A B C D, A-B and B-C free: cost 1 through both free steps.
    let free = Undirected::new(4, &[(0, 1, 0), (1, 2, 0), (0, 2, 3), (2, 3, 1)], 0, 3);
    check_bpmx("zero-cost steps", &free, &none, Found(1));
    let grid = frontier::toy::Grid::new(7, 4);
    check_bpmx("toy grid", &grid, &none, Found(9));

    let far = knight(1000, (0, 0), (999, 999));
    let limit = |limits: Limits<u32>, reason| check_bpmx("limits", &far, &limits, Stopped(reason));
    limit(Limits::new().max_expanded(10), Limit::Expanded);
    limit(Limits::new().max_stored(50), Limit::Stored);
    limit(Limits::new().max_time(Duration::ZERO), Limit::Time);
    limit(Limits::new().max_memory(0), Limit::Memory);
    let flag = CancelFlag::new();
    flag.cancel();
    limit(Limits::new().cancel(flag), Limit::Cancelled);
    let near = knight(8, (0, 0), (7, 7));
    check_bpmx(
        "max_cost below",
        &near,
        &Limits::new().max_cost(5),
        Stopped(Limit::Cost),
    );
    check_bpmx("max_cost at", &near, &Limits::new().max_cost(6), Found(6));
}

#[test]
fn bpmx_expands_fewer_nodes_with_an_inconsistent_heuristic() {
    use frontier::{IdaStar, toy::Grid};
    for (width, height) in [(5, 5), (6, 6), (10, 10), (12, 7)] {
        let grid = Grid::new(width, height);
        let plain = IdaStar::new().search(&grid);
        let bpmx = IdaStar::new().bpmx().search(&grid);
        for result in [&plain, &bpmx] {
            let solution = result.solution().expect("a grid's corners are connected");
            assert_replays(&grid, solution);
            assert_eq!(solution.cost, width + height - 2);
        }
        assert!(
            bpmx.stats.expanded < plain.stats.expanded,
            "{width}x{height}: {} against {}",
            bpmx.stats.expanded,
            plain.stats.expanded
        );
    }
}
