//! ε, the cheapest step a problem states
//! ([`SearchProblem::min_step_cost`]), in MM's and NBS's lower bounds: on
//! a fan of parallel paths whose node counts are worked out by hand, and
//! the debug check that no step is cheaper than stated.

mod common;

use common::{Graph, ResultOf, TwoWay, assert_replays, dijkstra};
use frontier::{Bae, BidirectionalProblem, Dvcbs, Mm, Nbs, Outcome, Step};
use proptest::prelude::*;

/// Three disjoint paths of three unit steps from 0 to 1:
/// 0 → 2 + i → 5 + i → 1. No heuristic.
fn fan(epsilon: u32) -> TwoWay {
    let mut edges = Vec::new();
    for i in 0..3 {
        edges.extend([(0, 2 + i, 1), (2 + i, 5 + i, 1), (5 + i, 1, 1)]);
    }
    TwoWay {
        graph: Graph::new(8, &edges, 0, 1),
        backward: vec![0; 8],
        epsilon,
    }
}

#[test]
fn mm_stops_on_the_first_meeting_once_epsilon_is_stated() {
    // Both ends expanded, then the middle nodes tie at priority 2 (ε = 0):
    // the first one forward meets the goal's open predecessor (U = 3), but
    // the g sum of the open nodes, 1 + 1, stays below 3 until all three
    // forward ones are expanded: 5. With ε = 1 their priority is
    // 2·1 + 1 = 3 = U after the first: 3.
    let mut mm = Mm::new();
    for (epsilon, expanded) in [(0, 5), (1, 3)] {
        let result = mm.search(&fan(epsilon));
        assert_eq!(result.solution().map(|s| s.cost), Some(3), "ε = {epsilon}");
        assert_eq!(result.stats.expanded, expanded, "ε = {epsilon}");
        assert_eq!(mm.expansions().total(), expanded, "ε = {epsilon}");
    }
}

#[test]
fn nbs_stops_on_the_first_pair_that_meets_once_epsilon_is_stated() {
    // After the roots, every pair of middle nodes has lb 1 + 1 = 2 < 3
    // with ε = 0: all three pairs are expanded (8). With ε = 1 their lb
    // is 3, the first pair meets (U = 3) and NBS stops: 4.
    let mut nbs = Nbs::new();
    for (epsilon, expanded, necessary) in [(0, 8, 8), (1, 4, 2)] {
        let result = nbs.search(&fan(epsilon));
        assert_eq!(result.solution().map(|s| s.cost), Some(3), "ε = {epsilon}");
        assert_eq!(result.stats.expanded, expanded, "ε = {epsilon}");
        assert_eq!(nbs.expansions().below(3), necessary, "ε = {epsilon}");
    }
}

#[test]
fn mm_counts_expansions_by_priority() {
    // ε = 0: the roots at 0, three forward middle nodes at max(1, 2) = 2.
    let mut mm = Mm::new();
    mm.search(&fan(0));
    assert_eq!(mm.expansions().iter().collect::<Vec<_>>(), [(0, 2), (2, 3)]);
    assert_eq!(mm.expansions().below(3), 5);
    assert_eq!(mm.expansions().below(2), 2);
    // ε = 1: the roots at max(0, 1) = 1, one middle node at 3 = C*.
    mm.search(&fan(1));
    assert_eq!(mm.expansions().iter().collect::<Vec<_>>(), [(1, 2), (3, 1)]);
    assert_eq!(mm.expansions().below(3), 2);
}

#[test]
fn mm_expands_nothing_above_the_optimum_with_epsilon_stated() {
    // 0 → 2 → 1 costs 5 + 6 = 11; steps cost at least 2. The backward
    // heuristic knows the start is 11 from the goal (admissible), so the
    // goal's priority is 11, while node 2, reached forward at g = 5, has
    // max(f, 2g + ε) = max(5, 12) = 12, above C*. MM used to choose the
    // direction by max(f, 2g) without ε, 10 against 11, and expanded node
    // 2 at 12; the lowest priority is the goal's: expanded at 11, it meets
    // node 2 at cost 11, and nothing is left below 12.
    let problem = TwoWay {
        graph: Graph::new(3, &[(0, 2, 5), (2, 1, 6)], 0, 1),
        backward: vec![0, 11, 0],
        epsilon: 2,
    };
    let mut mm = Mm::new();
    let result = mm.search(&problem);
    assert_eq!(result.solution().map(|s| s.cost), Some(11));
    assert_eq!(
        mm.expansions().iter().collect::<Vec<_>>(),
        [(2, 1), (11, 1)]
    );
}

/// Nine pancakes, top first, sorted by prefix flips of unit cost, with the
/// GAP heuristic (adjacent pancakes not consecutive, the plate counting as
/// the largest) forward and none backward, stating ε.
fn pancakes(
    stack: [u8; 9],
    epsilon: u32,
) -> impl BidirectionalProblem<State = [u8; 9], Action = usize, Cost = u32> {
    let flips = |stack: &[u8; 9]| {
        let stack = *stack;
        (2..=9).map(move |k| {
            let mut flipped = stack;
            flipped[..k].reverse();
            Step::new(k, flipped, 1)
        })
    };
    let gap = |stack: &[u8; 9]| {
        let plate = std::iter::once(9);
        let below = stack[1..].iter().copied().chain(plate);
        let gaps = stack
            .iter()
            .zip(below)
            .filter(|&(&a, b)| a.abs_diff(b) != 1);
        u32::try_from(gaps.count()).unwrap_or(u32::MAX)
    };
    let sorted = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    frontier::from_fn(stack, flips, move |s: &[u8; 9]| *s == sorted)
        .heuristic(gap)
        .goal_and_predecessors(sorted, flips)
        .min_step_cost(epsilon)
}

#[test]
fn epsilon_does_not_promise_fewer_expansions() {
    // The example of `min_step_cost`'s docs. MM used to expand 721 nodes
    // with ε = 1 here: it chose the direction by max(f, 2g), without ε,
    // and went on expanding the backward search's layer at g = 4 (priority
    // 2·4 + 1 = 9 = C*, max(f, 2g) = 8) while the forward head of
    // priority 9 would have met it at once.
    for (stack, expanded) in [
        ([7, 2, 8, 5, 3, 0, 1, 6, 4], [470, 473]),
        ([4, 3, 8, 1, 0, 7, 6, 5, 2], [79, 78]),
    ] {
        for epsilon in [0, 1] {
            let problem = pancakes(stack, epsilon);
            let result = Mm::new().search(&problem);
            let solution = result.solution().expect("every stack sorts");
            assert_replays(&problem, solution);
            assert_eq!(solution.cost, if expanded[0] == 470 { 9 } else { 7 });
            assert_eq!(
                result.stats.expanded, expanded[epsilon as usize],
                "{stack:?}, ε = {epsilon}"
            );
        }
    }
    // The smallest case: 0 → 1 costs 3, 0 → 2 and 2 → 0 cost 1, h(0) = 1.
    // With ε = 0 the goal's priority, 0, is the lowest: expanded, it meets
    // the start (U = 3) and leaves the backward search empty. With ε = 1
    // both roots have priority 1 and the tie goes forward: the start is
    // expanded too.
    for (epsilon, expanded) in [(0, 1), (1, 2)] {
        let problem = TwoWay {
            graph: Graph::new(3, &[(0, 1, 3), (0, 2, 1), (2, 0, 1)], 0, 1)
                .with_heuristic(&[1, 0, 0]),
            backward: vec![0; 3],
            epsilon,
        };
        let result = Mm::new().search(&problem);
        assert_eq!(result.solution().map(|s| s.cost), Some(3), "ε = {epsilon}");
        assert_eq!(result.stats.expanded, expanded, "ε = {epsilon}");
    }
}

#[test]
fn bae_ignores_epsilon_even_when_it_is_wrong() {
    // BAE*'s bound does not use ε: a stated ε above the cheapest step
    // changes nothing, and debug builds do not check it.
    for epsilon in [0, 1, 2] {
        let result = frontier::bae(&fan(epsilon));
        assert_eq!(result.solution().map(|s| s.cost), Some(3), "ε = {epsilon}");
    }
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "less than min_step_cost")]
fn a_step_cheaper_than_stated_panics_in_debug_builds() {
    let _ = frontier::mm(&fan(2));
}

/// How the heuristics of [`stepped`] are made from the true distances.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// The same fraction of every distance, rounded down: consistent.
    Consistent(u32),
    /// A random fraction per state: admissible, usually inconsistent.
    Admissible,
}

impl Kind {
    fn of(self, distance: &[Option<u32>], percents: &[u32]) -> Vec<u32> {
        distance
            .iter()
            .zip(percents)
            .map(|(d, &p)| match (d, self) {
                (Some(d), Kind::Consistent(q)) => d * q / 100,
                (Some(d), Kind::Admissible) => d * p / 100,
                // No path: any value is admissible, a large one consistent.
                (None, _) => 1_000,
            })
            .collect()
    }
}

/// A random graph of up to 10 nodes whose steps cost `floor` to
/// `floor + 4` (`floor` up to 3), both heuristics of one kind, ε stated as
/// `stated` (at most `floor`), and the optimal cost.
fn stepped() -> impl Strategy<Value = (TwoWay, u32, Option<u32>)> {
    let kind = prop_oneof![
        (0u32..=100).prop_map(Kind::Consistent),
        Just(Kind::Admissible)
    ];
    (2usize..=10, 0u32..=3, kind).prop_flat_map(|(n, floor, kind)| {
        let node = 0..u32::try_from(n).unwrap();
        (
            prop::collection::vec((node.clone(), node.clone(), floor..=floor + 4), 0..=n * 3),
            node.clone(),
            node,
            prop::collection::vec(0u32..=100, n),
            prop::collection::vec(0u32..=100, n),
            0..=floor,
        )
            .prop_map(move |(edges, start, goal, forward, backward, stated)| {
                let graph = Graph::new(n, &edges, start, goal);
                let to_goal = dijkstra(&graph, goal, true);
                let from_start = dijkstra(&graph, start, false);
                let problem = TwoWay {
                    backward: kind.of(&from_start, &backward),
                    graph: graph.with_heuristic(&kind.of(&to_goal, &forward)),
                    epsilon: stated,
                };
                let consistent = matches!(kind, Kind::Consistent(_));
                (problem, u32::from(consistent), to_goal[start as usize])
            })
    })
}

/// A search's name, result and `(priority, expansions)`.
type Row = (&'static str, ResultOf<TwoWay>, Vec<(u32, u64)>);

/// The searches from both ends, on `problem` as it states ε: their names,
/// results, and the priority of each expansion (`ByPriority`; none for
/// the bidirectional BFS). DVCBS and BAE* only with `consistent`
/// heuristics, which they need.
fn both_ends(problem: &TwoWay, consistent: bool) -> Vec<Row> {
    let mut mm = Mm::new();
    let mut nbs = Nbs::new();
    let mut rows = vec![
        ("mm", mm.search(problem), mm.expansions().iter().collect()),
        (
            "nbs",
            nbs.search(problem),
            nbs.expansions().iter().collect(),
        ),
        (
            "bidirectional_bfs",
            frontier::bidirectional_bfs(problem),
            Vec::new(),
        ),
    ];
    if consistent {
        let mut dvcbs = Dvcbs::new();
        let mut bae = Bae::new();
        rows.push((
            "dvcbs",
            dvcbs.search(problem),
            dvcbs.expansions().iter().collect(),
        ));
        rows.push((
            "bae",
            bae.search(problem),
            bae.expansions().iter().collect(),
        ));
    }
    rows
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// What [`SearchProblem::min_step_cost`] promises of a stated ε no
    /// larger than the cheapest step: the same optimal cost as with ε = 0,
    /// and no expansion at a priority above the optimum (2C* for BAE*,
    /// whose priority adds two nodes'), which a larger ε makes a smaller
    /// set of nodes. (Fewer expansions in total it does not promise.)
    #[test]
    fn a_true_epsilon_keeps_the_answer_and_the_bound(
        (problem, consistent, optimum) in stepped(),
    ) {
        let consistent = consistent == 1;
        let unstated = TwoWay { epsilon: 0, ..problem.clone() };
        let plain = both_ends(&unstated, consistent);
        let stated = both_ends(&problem, consistent);
        for ((name, zero, _), (_, result, by_priority)) in plain.iter().zip(&stated) {
            let cost = |result: &ResultOf<TwoWay>| result.solution().map(|solution| solution.cost);
            if let Outcome::Found(solution) = &result.outcome {
                assert_replays(&problem, solution);
            }
            prop_assert_eq!(cost(result), cost(zero), "{} with ε = {}", name, problem.epsilon);
            if *name == "bidirectional_bfs" {
                continue;
            }
            prop_assert_eq!(cost(result), optimum, "{}", name);
            let Some(optimum) = optimum else { continue };
            let top = if *name == "bae" { 2 * optimum } else { optimum };
            for &(priority, count) in by_priority {
                prop_assert!(
                    priority <= top,
                    "{name} with ε = {}: {count} expansions at {priority}, above {top}",
                    problem.epsilon
                );
            }
        }
    }
}
