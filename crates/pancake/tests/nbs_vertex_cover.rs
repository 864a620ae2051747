//! NBS's guarantee on pancakes, checked exactly: with GAP and GAP-k
//! (consistent both ways) on every stack of up to 8 pancakes' random
//! samples, NBS's necessary expansions are at most twice a minimum vertex
//! cover of the must-expand graph (Chen, Holte, Zilles & Sturtevant 2017).
//! The graph's vertices are grouped into twins by (g, h) (twins have the
//! same neighbours), and the cover is computed exactly, by Kőnig's theorem,
//! as a minimum cut.

#[path = "../../frontier/tests/cover/mod.rs"]
mod cover;

use std::collections::{BTreeMap, VecDeque};

use cover::min_vertex_cover;
use frontier::Nbs;
use pancake::{Flip, Gap, Pancakes, Stack};

/// The fewest flips from `from` to every stack of its size, by rank.
fn distances(from: Stack) -> Vec<u32> {
    let count = usize::try_from(from.arrangements()).unwrap();
    let index = |s: &Stack| usize::try_from(s.rank()).unwrap();
    let mut dist = vec![u32::MAX; count];
    dist[index(&from)] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(stack) = queue.pop_front() {
        let d = dist[index(&stack)];
        for k in 2..=stack.len() {
            let next = stack.flip(Flip::new(u8::try_from(k).unwrap()));
            if dist[index(&next)] == u32::MAX {
                dist[index(&next)] = d + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

/// The sizes of the twin classes (g, h) of one side of the must-expand
/// graph: stacks with f = g + h < C*.
fn classes(
    len: usize,
    g: &[u32],
    h: impl Fn(&Stack) -> u32,
    c_star: u32,
) -> Vec<((u32, u32), u64)> {
    let mut count = BTreeMap::new();
    for (rank, &g) in (0u64..).zip(g) {
        let stack = Stack::unrank(len, rank).unwrap();
        let h = h(&stack);
        if g + h < c_star {
            *count.entry((g, h)).or_insert(0) += 1;
        }
    }
    count.into_iter().collect()
}

#[test]
fn nbs_necessary_expansions_are_within_twice_a_minimum_vertex_cover() {
    let mut nbs = Nbs::new();
    let mut checked = 0;
    for len in 4..=8 {
        let goal = Stack::sorted(len);
        let to_goal = distances(goal);
        for seed in 0..4 {
            let start = Stack::random(len, seed);
            let from_start = distances(start);
            let c_star = to_goal[usize::try_from(start.rank()).unwrap()];
            for k in 0..=3 {
                let gap = Gap::ignoring(k);
                let result = nbs.search(&Pancakes::new(start, gap));
                assert_eq!(result.solution().map(|s| s.cost), Some(c_star));
                let forward = classes(len, &from_start, |s| u32::from(gap.estimate(s)), c_star);
                let backward = classes(
                    len,
                    &to_goal,
                    |s| u32::from(gap.estimate_between(s, &start)),
                    c_star,
                );
                let sizes = |classes: &[((u32, u32), u64)]| -> Vec<u64> {
                    classes.iter().map(|c| c.1).collect()
                };
                // ε = 1: a pair not yet joined needs one more flip.
                let cover = min_vertex_cover(&sizes(&forward), &sizes(&backward), |l, r| {
                    forward[l].0.0 + backward[r].0.0 + 1 < c_star
                });
                let necessary = nbs.expansions().below(c_star);
                assert!(
                    necessary <= 2 * cover,
                    "{start} with GAP-{k}: {necessary} necessary expansions, minimum vertex cover {cover}"
                );
                checked += u32::from(cover > 0);
            }
        }
    }
    // The bound is not vacuous: most searches had a must-expand graph.
    assert!(checked >= 40, "only {checked} non-empty covers");
}
