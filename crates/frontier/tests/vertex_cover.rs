//! NBS's guarantee, checked exactly: on random graphs with consistent
//! heuristics in both directions, NBS's necessary expansions (those at a
//! pair lower bound below C*) are at most twice a minimum vertex cover of
//! the must-expand graph (Chen, Holte, Zilles & Sturtevant 2017), computed
//! exactly by Kőnig's theorem: in a bipartite graph a minimum vertex cover
//! is as large as a maximum matching, found here as a maximum flow.

mod common;
mod cover;

use common::{Graph, TwoWay, dijkstra};
use cover::min_vertex_cover;
use frontier::Nbs;
use proptest::prelude::*;

/// The must-expand graph's minimum vertex cover for `problem`, of optimal
/// cost `c_star`: forward vertices u with f(u) = d(start, u) + h(u) < C*,
/// backward ones v with d(v, goal) + h(v) < C* (the backward h), an edge when
/// d(start, u) + d(v, goal) + ε < C*.
fn must_expand_cover(
    problem: &TwoWay,
    from_start: &[Option<u32>],
    to_goal: &[Option<u32>],
    c_star: u32,
) -> u64 {
    let n = problem.graph.edges.len();
    let forward: Vec<u32> = (0..n)
        .filter_map(|u| {
            let g = from_start[u]?;
            (g + problem.graph.h[u] < c_star).then_some(g)
        })
        .collect();
    let backward: Vec<u32> = (0..n)
        .filter_map(|v| {
            let g = to_goal[v]?;
            (g + problem.backward[v] < c_star).then_some(g)
        })
        .collect();
    min_vertex_cover(&vec![1; forward.len()], &vec![1; backward.len()], |l, r| {
        forward[l] + backward[r] + problem.epsilon < c_star
    })
}

/// A random graph of up to 12 nodes and 40 edges costing `epsilon` to
/// `epsilon + 4`, each heuristic the same fraction of the true distances
/// (rounded down: consistent).
fn problems() -> impl Strategy<Value = TwoWay> {
    (2usize..=12, 0u32..=2, 0u32..=100, 0u32..=100).prop_flat_map(|(n, epsilon, p, q)| {
        let node = 0..u32::try_from(n).unwrap();
        (
            prop::collection::vec(
                (node.clone(), node.clone(), epsilon..=epsilon + 4),
                0..=n * 4,
            ),
            node.clone(),
            node,
        )
            .prop_map(move |(edges, start, goal)| {
                let graph = Graph::new(n, &edges, start, goal);
                let fraction = |distance: Vec<Option<u32>>, percent: u32| -> Vec<u32> {
                    distance
                        .into_iter()
                        .map(|d| d.map_or(1_000, |d| d * percent / 100))
                        .collect()
                };
                let h = fraction(dijkstra(&graph, goal, true), p);
                let backward = fraction(dijkstra(&graph, start, false), q);
                TwoWay {
                    graph: graph.with_heuristic(&h),
                    backward,
                    epsilon,
                }
            })
    })
}

#[test]
fn the_cover_is_a_maximum_matching() {
    // A path a1 - b1 - a2 - b2 - a3: a maximum matching has 2 edges.
    let edges = [(0, 0), (1, 0), (1, 1), (2, 1)];
    assert_eq!(
        min_vertex_cover(&[1; 3], &[1; 2], |l, r| edges.contains(&(l, r))),
        2
    );
    // A complete bipartite graph K(3, 5): the smaller side.
    assert_eq!(min_vertex_cover(&[1; 3], &[1; 5], |_, _| true), 3);
    // Classes: 4 twins joined to one class of 2, and 7 isolated.
    assert_eq!(min_vertex_cover(&[4, 7], &[2], |l, _| l == 0), 2);
    assert_eq!(min_vertex_cover(&[], &[3], |_, _| true), 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn nbs_necessary_expansions_are_within_twice_a_minimum_vertex_cover(problem in problems()) {
        let from_start = dijkstra(&problem.graph, problem.graph.start, false);
        let to_goal = dijkstra(&problem.graph, problem.graph.goal, true);
        let mut nbs = Nbs::new();
        let result = nbs.search(&problem);
        prop_assert_eq!(result.solution().map(|s| s.cost), to_goal[problem.graph.start as usize]);
        if let Some(c_star) = to_goal[problem.graph.start as usize] {
            let cover = must_expand_cover(&problem, &from_start, &to_goal, c_star);
            let necessary = nbs.expansions().below(c_star);
            prop_assert!(
                necessary <= 2 * cover,
                "{} necessary expansions, minimum vertex cover {}",
                necessary,
                cover
            );
        }
    }
}
