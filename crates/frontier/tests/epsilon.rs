//! ε, the cheapest step a problem states
//! ([`SearchProblem::min_step_cost`]), in MM's and NBS's lower bounds: on
//! a fan of parallel paths whose node counts are worked out by hand, and
//! the debug check that no step is cheaper than stated.

mod common;

use common::{Graph, TwoWay};
use frontier::{Mm, Nbs};

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
#[cfg(debug_assertions)]
#[should_panic(expected = "less than min_step_cost")]
fn a_step_cheaper_than_stated_panics_in_debug_builds() {
    let _ = frontier::mm(&fan(2));
}
