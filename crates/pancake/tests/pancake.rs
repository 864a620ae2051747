//! The pancake plug-in checked against exhaustive breadth-first search: GAP
//! and GAP-k are admissible and consistent in both directions, every search
//! of frontier (MM, NBS, DVCBS and BAE* with the backward heuristic included) agrees on
//! the optimal number of flips, every solution replays, and parsing never
//! panics.

use std::collections::VecDeque;

use frontier::{
    AStar, Bae, Bfs, BidirectionalBfs, BidirectionalProblem, Dvcbs, IdaStar, Mm, Nbs,
    SearchProblem, Solution,
};
use pancake::{Flip, FlipError, Gap, PancakeState, Pancakes, ParseError, Stack, TokenExcerpt};
use proptest::prelude::*;

/// Every flip that fits a stack of `len` pancakes.
fn flips(len: usize) -> impl Iterator<Item = Flip> {
    (2..=len).map(|k| Flip::new(u8::try_from(k).unwrap()))
}

/// The fewest flips between `from` and every stack of its size, by rank:
/// an exhaustive breadth-first search (the oracle; flips are their own
/// inverses, so distances are symmetric).
fn distances(from: Stack) -> Vec<u8> {
    let len = from.len();
    let count = usize::try_from(from.arrangements()).unwrap();
    let mut dist = vec![u8::MAX; count];
    let index = |s: &Stack| usize::try_from(s.rank()).unwrap();
    dist[index(&from)] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(stack) = queue.pop_front() {
        let d = dist[index(&stack)];
        for flip in flips(len) {
            let next = stack.flip(flip);
            if dist[index(&next)] == u8::MAX {
                dist[index(&next)] = d + 1;
                queue.push_back(next);
            }
        }
    }
    assert!(
        dist.iter().all(|&d| d != u8::MAX),
        "every stack is reachable"
    );
    dist
}

/// GAP-0 to GAP-3 and the weakest of all, GAP-len (zero).
fn gaps(len: usize) -> Vec<Gap> {
    let mut all: Vec<Gap> = (0..=3).map(Gap::ignoring).collect();
    all.push(Gap::ignoring(u8::try_from(len).unwrap()));
    all
}

#[test]
fn gap_is_admissible_and_consistent_to_the_sorted_stack() {
    for len in 1..=8 {
        let dist = distances(Stack::sorted(len));
        for (rank, &d) in dist.iter().enumerate() {
            let stack = Stack::unrank(len, rank as u64).unwrap();
            let full = Gap::FULL.estimate(&stack);
            for gap in gaps(len) {
                let h = gap.estimate(&stack);
                assert!(h <= d, "{gap:?} on {stack}: {h} > {d} flips");
                assert!(h <= full, "{gap:?} on {stack}: {h} > GAP {full}");
                for flip in flips(len) {
                    let next = gap.estimate(&stack.flip(flip));
                    assert!(
                        h.abs_diff(next) <= 1,
                        "{gap:?}: {stack} --{flip}--> {h} to {next}"
                    );
                }
            }
        }
        // GAP-len knows only whether the largest pancake is at the bottom;
        // GAP itself is zero on the sorted stack only.
        assert!(dist.iter().enumerate().all(|(rank, _)| {
            let stack = Stack::unrank(len, rank as u64).unwrap();
            let bottom_largest = stack.pancakes().last().map(|&p| usize::from(p)) == Some(len);
            Gap::ignoring(u8::try_from(len).unwrap()).estimate(&stack) == u8::from(!bottom_largest)
                && (Gap::FULL.estimate(&stack) == 0) == stack.is_sorted()
        }));
    }
}

/// HOG2's `PancakePuzzle::DefaultH`, written out from its definition:
/// pancakes by their 0-based place in `target`; a pair of neighbours is a
/// gap unless one of them is among the `k` first there, and the plate gap
/// counts whenever the bottom pancake is not the last of `target`.
fn hog2_gap(stack: &Stack, target: &Stack, k: u8) -> u8 {
    let place = |p: u8| target.pancakes().iter().position(|&q| q == p).unwrap();
    let places: Vec<usize> = stack.pancakes().iter().map(|&p| place(p)).collect();
    let k = usize::from(k);
    let mut gaps = places
        .windows(2)
        .filter(|pair| pair[0] >= k && pair[1] >= k && pair[0].abs_diff(pair[1]) > 1)
        .count();
    if places.last() != Some(&(stack.len() - 1)) {
        gaps += 1;
    }
    u8::try_from(gaps).unwrap()
}

#[test]
fn gap_k_is_the_reference_implementations() {
    // 5|1 involves pancake 1; the plate gap under 1 counts all the same.
    let stack: Stack = "2 3 4 5 1".parse().unwrap();
    assert_eq!(Gap::FULL.estimate(&stack), 2);
    assert_eq!(Gap::ignoring(1).estimate(&stack), 1);
    assert_eq!(Gap::ignoring(5).estimate(&stack), 1);
    for len in 1..=7 {
        let targets = [Stack::sorted(len), Stack::random(len, 7)];
        for rank in 0..Stack::sorted(len).arrangements() {
            let stack = Stack::unrank(len, rank).unwrap();
            for k in 0..=3 {
                let gap = Gap::ignoring(k);
                assert_eq!(gap.estimate(&stack), hog2_gap(&stack, &targets[0], k));
                assert_eq!(
                    gap.estimate_between(&stack, &targets[1]),
                    hog2_gap(&stack, &targets[1], k),
                    "GAP-{k} of {stack} to {}",
                    targets[1]
                );
            }
        }
    }
}

#[test]
fn gap_is_admissible_and_consistent_to_the_start() {
    for (len, seed) in [(5, 1), (6, 2), (7, 3), (8, 4), (8, 5)] {
        let start = Stack::random(len, seed);
        let dist = distances(start);
        for gap in gaps(len) {
            let problem = Pancakes::new(start, gap);
            assert_eq!(problem.backward_heuristic(&problem.start()), 0);
            for (rank, &d) in dist.iter().enumerate() {
                let state = problem.state(Stack::unrank(len, rank as u64).unwrap());
                let h = problem.backward_heuristic(&state);
                assert!(
                    h <= u32::from(d),
                    "{gap:?} from {start} to {}: {h} > {d}",
                    state.stack
                );
                assert_eq!(state.back_h, gap.estimate_between(&state.stack, &start));
                assert!(state.back_h <= Gap::FULL.estimate_between(&state.stack, &start));
                for step in problem.predecessors(&state) {
                    assert!(step.state.back_h.abs_diff(state.back_h) <= 1);
                }
            }
        }
    }
}

#[test]
fn successors_update_both_estimates_as_recomputation_does() {
    for seed in 0..20 {
        let start = Stack::random(16, seed);
        for gap in gaps(16) {
            let problem = Pancakes::new(start, gap);
            let mut state = problem.start();
            for step in 0..200u64 {
                let fresh = problem.state(state.stack);
                assert_eq!((state.h, state.back_h), (fresh.h, fresh.back_h));
                assert_eq!(state.h, gap.estimate(&state.stack));
                let successors: Vec<_> = problem.successors(&state).collect();
                assert_eq!(successors.len(), 15);
                let pick = usize::try_from((seed * 31 + step * 7) % 15).unwrap();
                state = successors[pick].state;
            }
        }
    }
}

/// Checks a solution: its flips replay to the sorted stack, its states are
/// the stacks on the way, and its cost is its length.
fn replay(start: Stack, solution: &Solution<PancakeState, Flip, u32>, who: &str) -> u32 {
    assert_eq!(
        start.verify_solution(&solution.actions),
        Ok(()),
        "{who} on {start}"
    );
    assert_eq!(solution.states.len(), solution.actions.len() + 1, "{who}");
    let mut stack = start;
    assert_eq!(solution.states[0].stack, stack, "{who}");
    for (flip, state) in solution.actions.iter().zip(&solution.states[1..]) {
        stack = stack.apply(*flip).unwrap();
        assert_eq!(state.stack, stack, "{who}");
    }
    assert_eq!(solution.cost as usize, solution.actions.len(), "{who}");
    solution.cost
}

/// Solves `start` with every search of frontier and every heuristic,
/// checks every answer, and returns the optimal number of flips.
fn all_agree(start: Stack) -> u32 {
    let optimal = {
        let problem = Pancakes::new(start, Gap::FULL);
        replay(
            start,
            &frontier::bfs(&problem).into_solution().unwrap(),
            "bfs",
        )
    };
    // Uninformed IDA* (GAP-len) on more than 6 pancakes takes minutes in
    // a debug build.
    let mut heuristics = gaps(start.len());
    if start.len() > 6 {
        heuristics.pop();
    }
    for gap in heuristics {
        let problem = Pancakes::new(start, gap);
        let mut answers = vec![
            ("bidirectional bfs", frontier::bidirectional_bfs(&problem)),
            ("A*", frontier::astar(&problem)),
            ("IDA*", frontier::idastar(&problem)),
            ("MM", frontier::mm(&problem)),
            ("NBS", frontier::nbs(&problem)),
            ("DVCBS", frontier::dvcbs(&problem)),
            ("BAE*", frontier::bae(&problem)),
            ("A* dense", AStar::new().dense().search(&problem)),
            ("IDA* searcher", IdaStar::new().search(&problem)),
        ];
        if start.len() <= 7 {
            answers.push(("MM dense", Mm::new().dense().search(&problem)));
            answers.push(("NBS dense", Nbs::new().dense().search(&problem)));
            answers.push(("DVCBS dense", Dvcbs::new().dense().search(&problem)));
            answers.push(("BAE* dense", Bae::new().dense().search(&problem)));
            answers.push(("bfs dense", Bfs::new().dense().search(&problem)));
            answers.push((
                "bidirectional dense",
                BidirectionalBfs::new().dense().search(&problem),
            ));
        }
        for (who, result) in answers {
            let who = format!("{who} ({gap:?})");
            let solution = result
                .solution()
                .unwrap_or_else(|| panic!("{who} on {start}: {:?}", result.outcome));
            assert_eq!(replay(start, solution, &who), optimal, "{who} on {start}");
        }
    }
    optimal
}

#[test]
fn start_is_goal_and_tiny_stacks() {
    assert_eq!(all_agree(Stack::sorted(1)), 0);
    assert_eq!(all_agree(Stack::sorted(9)), 0);
    assert_eq!(all_agree("2 1".parse().unwrap()), 1);
    // The reversed stack is one flip of the whole stack from sorted.
    let reversed: Stack = "5 4 3 2 1".parse().unwrap();
    assert_eq!(all_agree(reversed), 1);
}

#[test]
fn known_pancake_numbers() {
    // The pancake numbers (OEIS A058986): the most flips any stack of n
    // needs, for n = 1..8.
    for (len, worst) in [
        (1, 0),
        (2, 1),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 7),
        (7, 8),
        (8, 9),
    ] {
        let dist = distances(Stack::sorted(len));
        assert_eq!(dist.iter().copied().max(), Some(worst), "{len} pancakes");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_search_finds_the_same_optimum(len in 2usize..=9, seed: u64) {
        let start = Stack::random(len, seed);
        let optimal = all_agree(start);
        let dist = if len <= 8 { Some(distances(Stack::sorted(len))) } else { None };
        if let Some(dist) = dist {
            prop_assert_eq!(optimal, u32::from(dist[usize::try_from(start.rank()).unwrap()]));
        }
    }

    #[test]
    fn stacks_print_and_parse_back(len in 1usize..=20, seed: u64) {
        let stack = Stack::random(len, seed);
        prop_assert_eq!(stack.to_string().parse::<Stack>(), Ok(stack));
        let spaced = format!("  {}\n", stack.pancakes().iter().map(u8::to_string).collect::<Vec<_>>().join("\t "));
        prop_assert_eq!(spaced.parse::<Stack>(), Ok(stack));
        prop_assert_eq!(Stack::new(stack.pancakes()), Ok(stack));
        prop_assert_eq!(Stack::unrank(len, stack.rank()), Some(stack));
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC*") {
        let _ = text.parse::<Stack>();
    }

    #[test]
    fn number_lists_never_panic(numbers in prop::collection::vec(0u64..30, 0..25)) {
        let text: Vec<String> = numbers.iter().map(u64::to_string).collect();
        if let Ok(stack) = text.join(" ").parse::<Stack>() {
            prop_assert_eq!(stack.len(), numbers.len());
        }
    }
}

#[test]
fn parse_errors_name_the_problem() {
    let err = |text: &str| text.parse::<Stack>().unwrap_err();
    assert_eq!(err(""), ParseError::Empty { max: 20 });
    assert_eq!(err(" \n "), ParseError::Empty { max: 20 });
    assert_eq!(
        err("3 1 two 2").to_string(),
        "unreadable token \"two\" at position 2 (expected a pancake number)"
    );
    assert_eq!(
        err("1 -2").to_string(),
        "unreadable token \"-2\" at position 1 (expected a pancake number)"
    );
    assert_eq!(
        err("1 2 0"),
        ParseError::OutOfRange {
            pancake: 0,
            position: 2,
            max: 3
        }
    );
    assert_eq!(
        err("1 4 2"),
        ParseError::OutOfRange {
            pancake: 4,
            position: 1,
            max: 3
        }
    );
    assert_eq!(
        err("1 99999999999999999999999 2"),
        ParseError::NumberTooLarge {
            token: TokenExcerpt::new("99999999999999999999999"),
            position: 1,
            max: 3
        }
    );
    assert_eq!(
        err("2 1 3 1").to_string(),
        "pancake 1 appears twice, at positions 1 and 3"
    );
    let many: Vec<String> = (1..=21).map(|p: u32| p.to_string()).collect();
    assert_eq!(
        err(&many.join(" ")),
        ParseError::TooMany { max: 20, found: 21 }
    );
    assert_eq!(
        err(&many.join(" ")).to_string(),
        "expected at most 20 pancakes, found 21"
    );
    let long = "x".repeat(1 << 16);
    let ParseError::UnreadableToken { token, position } = err(&format!("1 {long}")) else {
        panic!("an unreadable token");
    };
    assert_eq!(position, 1);
    assert!(token.is_cut() && token.len() == 1 << 16 && token.kept().len() == 32);
    assert_eq!(Stack::new(&[]), Err(ParseError::Empty { max: 20 }));
}

#[test]
fn flip_errors_name_the_flip() {
    let stack: Stack = "2 3 1".parse().unwrap();
    assert_eq!(
        stack.verify_solution(&[Flip::new(1)]),
        Err(FlipError::TooSmall {
            flip: Flip::new(1),
            position: 0
        })
    );
    assert_eq!(
        stack.verify_solution(&[Flip::new(2), Flip::new(9)]),
        Err(FlipError::TooLarge {
            flip: Flip::new(9),
            position: 1,
            len: 3
        })
    );
    let err = stack.verify_solution(&[Flip::new(2)]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the 1 flips end at 3 2 1, not at the sorted stack"
    );
    assert_eq!(stack.verify_solution(&[Flip::new(2), Flip::new(3)]), Ok(()));
}
