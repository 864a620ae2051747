//! Property tests: on random graphs and grids every algorithm agrees with an
//! independent Dijkstra / breadth-first oracle, every path replays legally to
//! a goal, and A* and IDA* stay optimal under admissible but inconsistent
//! heuristics, IDA* with bidirectional pathmax too on undirected graphs.

mod common;

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use common::{
    Graph, Maze, Undirected, any_path, assert_in_place_matches, assert_replays, counts_steps,
    run_all, run_ida_both,
};
use frontier::{Limit, Limits, Outcome};
use proptest::prelude::*;

/// Cheapest cost from every node to `goal` (Dijkstra on reversed edges).
fn cost_to_goal(graph: &Graph) -> Vec<Option<u32>> {
    let mut dist = vec![None; graph.edges.len()];
    let mut heap = BinaryHeap::from([Reverse((0, graph.goal))]);
    while let Some(Reverse((d, v))) = heap.pop() {
        if dist[v as usize].is_some() {
            continue;
        }
        dist[v as usize] = Some(d);
        for (u, out) in graph.edges.iter().enumerate() {
            for &(w, cost) in out {
                if w == v && dist[u].is_none() {
                    heap.push(Reverse((d + cost, u32::try_from(u).unwrap())));
                }
            }
        }
    }
    dist
}

/// Fewest steps from the start to the goal.
fn steps_to_goal(graph: &Graph) -> Option<u32> {
    let mut dist = vec![None; graph.edges.len()];
    dist[graph.start as usize] = Some(0);
    let mut queue = VecDeque::from([graph.start]);
    while let Some(u) = queue.pop_front() {
        let d = dist[u as usize].unwrap();
        for &(v, _) in &graph.edges[u as usize] {
            if dist[v as usize].is_none() {
                dist[v as usize] = Some(d + 1);
                queue.push_back(v);
            }
        }
    }
    dist[graph.goal as usize]
}

/// A random graph of up to 8 nodes with positive costs, and for each node a
/// fraction in `0..=1` of its true distance to use as an admissible (and, being
/// random, usually inconsistent) heuristic.
fn graphs() -> impl Strategy<Value = Graph> {
    (2usize..=8).prop_flat_map(|n| {
        let node = 0..u32::try_from(n).unwrap();
        (
            prop::collection::vec((node.clone(), node.clone(), 1u32..=4), 0..=n * 3),
            node.clone(),
            node,
            prop::collection::vec(0u32..=100, n),
        )
            .prop_map(move |(edges, start, goal, percent)| {
                let graph = Graph::new(n, &edges, start, goal);
                let h: Vec<u32> = cost_to_goal(&graph)
                    .iter()
                    .zip(&percent)
                    .map(|(d, p)| d.map_or(0, |d| d * p / 100))
                    .collect();
                graph.with_heuristic(&h)
            })
    })
}

/// A random undirected graph of up to 9 nodes with positive costs, and for
/// each node an admissible heuristic: zero, the true distance, or a random
/// fraction of it, so neighbours' values often differ by more than the
/// edge between them (inconsistent), which bidirectional pathmax feeds on.
fn undirected_graphs() -> impl Strategy<Value = Undirected> {
    (2usize..=9).prop_flat_map(|n| {
        let node = 0..u32::try_from(n).unwrap();
        (
            prop::collection::vec((node.clone(), node.clone(), 1u32..=4), 0..=n * 2),
            node.clone(),
            node,
            prop::collection::vec(prop_oneof![Just(0u32), Just(100), 0u32..=100], n),
        )
            .prop_map(move |(edges, start, goal, percent)| {
                let graph = Undirected::new(n, &edges, start, goal);
                let h: Vec<u32> = cost_to_goal(&graph.0)
                    .iter()
                    .zip(&percent)
                    .map(|(d, p)| d.map_or(0, |d| d * p / 100))
                    .collect();
                graph.with_heuristic(&h)
            })
    })
}

/// Random mazes: 6×6 cells, each a wall or a terrain cost 1..=9.
fn mazes() -> impl Strategy<Value = Maze> {
    (
        prop::collection::vec(prop_oneof![1 => Just(b'#'), 3 => b'1'..=b'9'], 36),
        0usize..36,
        0usize..36,
    )
        .prop_map(|(mut cells, start, goal)| {
            cells[start] = b'S';
            cells[goal] = b'G';
            if start == goal {
                cells[goal] = b'S';
            }
            let text: Vec<String> = cells
                .chunks(6)
                .map(|row| String::from_utf8(row.to_vec()).unwrap())
                .collect();
            let mut maze = Maze::parse(&text.join("\n"));
            maze.goal = (
                i32::try_from(goal % 6).unwrap(),
                i32::try_from(goal / 6).unwrap(),
            );
            maze
        })
}

/// IDA* may take exponential time on small graphs full of cycles: its
/// answer counts only when it finishes within this budget.
fn ida_budget(limits: Limits<u32>) -> Limits<u32> {
    limits.max_expanded(300_000)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn all_algorithms_agree_with_the_oracle_on_random_graphs(graph in graphs()) {
        let cheapest = cost_to_goal(&graph)[graph.start as usize];
        let fewest = steps_to_goal(&graph);
        // Bounding IDA* by the cheapest cost (or by a cost no simple path
        // reaches, when unreachable) keeps its cyclic trees finite.
        let bound = cheapest.unwrap_or(4);
        let ida_limits = ida_budget(Limits::new().max_cost(bound));
        let results = run_all(&graph, &Limits::new(), &ida_limits);
        assert_in_place_matches("random graph", &results);
        for (algorithm, result) in results {
            match (&result.outcome, cheapest) {
                (Outcome::Found(solution), Some(cost)) => {
                    assert_replays(&graph, solution);
                    if any_path(algorithm) {
                        prop_assert!(solution.cost >= cost, "{}", algorithm);
                    } else if counts_steps(algorithm) {
                        prop_assert_eq!(Some(u32::try_from(solution.len()).unwrap()), fewest, "{}", algorithm);
                    } else {
                        prop_assert_eq!(solution.cost, cost, "{}", algorithm);
                    }
                }
                (Outcome::Unreachable | Outcome::LimitReached(Limit::Cost), None) => {}
                (Outcome::LimitReached(Limit::Expanded), _) if algorithm.starts_with("idastar") => {}
                (outcome, _) => prop_assert!(false, "{algorithm}: {outcome:?}, oracle {cheapest:?}"),
            }
        }
    }

    #[test]
    fn all_algorithms_agree_on_random_mazes(maze in mazes()) {
        let results = run_all(&maze, &Limits::new(), &ida_budget(Limits::new()));
        assert_in_place_matches("random maze", &results);
        let astar = &results.iter().find(|(name, _)| *name == "astar").unwrap().1;
        let bfs = &results.iter().find(|(name, _)| *name == "bfs").unwrap().1;
        let cheapest = astar.solution().map(|s| s.cost);
        let fewest = bfs.solution().map(frontier::Solution::len);
        for (algorithm, result) in &results {
            match &result.outcome {
                Outcome::Found(solution) => {
                    assert_replays(&maze, solution);
                    if any_path(algorithm) {
                        prop_assert!(Some(solution.cost) >= cheapest, "{}", algorithm);
                    } else if counts_steps(algorithm) {
                        prop_assert_eq!(Some(solution.len()), fewest, "{}", algorithm);
                    } else {
                        prop_assert_eq!(Some(solution.cost), cheapest, "{}", algorithm);
                    }
                }
                Outcome::Unreachable => prop_assert!(cheapest.is_none(), "{}", algorithm),
                Outcome::LimitReached(Limit::Expanded) if algorithm.starts_with("idastar") => {}
                outcome @ Outcome::LimitReached(_) => prop_assert!(false, "{algorithm}: {outcome:?}"),
            }
        }
    }

    #[test]
    fn bpmx_agrees_with_dijkstra_on_random_undirected_graphs(graph in undirected_graphs()) {
        let cheapest = cost_to_goal(&graph.0)[graph.0.start as usize];
        // The cost bound at the optimum: a BPMX bound raised past it (an
        // inadmissible raise) stops the search with `Limit::Cost`.
        let limits = ida_budget(Limits::new().max_cost(cheapest.unwrap_or(4)));
        for (algorithm, result) in run_ida_both(&graph, &limits) {
            match (&result.outcome, cheapest) {
                (Outcome::Found(solution), Some(cost)) => {
                    assert_replays(&graph, solution);
                    prop_assert_eq!(solution.cost, cost, "{}", algorithm);
                }
                (Outcome::Unreachable | Outcome::LimitReached(Limit::Cost), None)
                | (Outcome::LimitReached(Limit::Expanded), _) => {}
                (outcome, _) => prop_assert!(false, "{algorithm}: {outcome:?}, oracle {cheapest:?}"),
            }
            // Every bound is a lower bound on the optimum.
            if let Some(cost) = cheapest {
                for iteration in &result.stats.iterations {
                    prop_assert!(iteration.bound <= cost, "{algorithm}: {:?}", result.stats.iterations);
                }
            }
            if result.stats.expanded > 0 {
                let total: u64 = result.stats.iterations.iter().map(|it| it.generated).sum();
                prop_assert_eq!(total, result.stats.generated, "{}", algorithm);
            }
            prop_assert!(result.stats.generated >= result.stats.expanded, "{}", algorithm);
        }
    }
}
