//! Searches on large boards (`LargePuzzle`): on 4x4 the same solutions and
//! node counts as the four-bit `Puzzle`, iteration by iteration, by value,
//! in place, with BPMX and on two threads; on 5x5, random walks solved
//! optimally (checked against IDA* with the weakest heuristic) and every
//! solution replayed to the goal; limits and cancellation stop a search
//! and say why.

use std::time::Duration;

use frontier::{CancelFlag, IdaStar, Limit, Limits, Outcome, ParallelIdaStar};
use sliding_puzzle::instances::korf100;
use sliding_puzzle::{
    Fifteen, Heuristic, LargeBoard, LargeHeuristic, LargePuzzle, LinearConflict, Manhattan, Puzzle,
    Twentyfour,
};

/// IDA* on the same 4x4 board as a `Puzzle` and as a `LargePuzzle`: the
/// same outcome, path, and counts, in every loop.
fn same_on_4x4<Hr>(board: Fifteen, heuristic: Hr)
where
    Hr: Heuristic<4, 4> + LargeHeuristic<4, 4> + Copy,
{
    let large_board: LargeBoard<4, 4> = board.to_line().parse().unwrap();
    let small = Puzzle::new(board, heuristic);
    let large = LargePuzzle::new(large_board, heuristic);
    let want = IdaStar::new().search(&small);
    let by_value = IdaStar::new().search(&large);
    let in_place = IdaStar::new().search_in_place(&large);
    let bpmx = IdaStar::new().bpmx().search(&large);
    let want_bpmx = IdaStar::new().bpmx().search(&small);
    let moves = &want.solution().unwrap().actions;
    for (result, what) in [(&by_value, "by value"), (&in_place, "in place")] {
        let solution = result.solution().unwrap();
        assert_eq!(&solution.actions, moves, "{board}: {what}");
        large_board.verify_solution(&solution.actions).unwrap();
        assert_eq!(
            result.stats.iterations, want.stats.iterations,
            "{board}: {what}"
        );
        assert_eq!(
            result.stats.generated, want.stats.generated,
            "{board}: {what}"
        );
        assert_eq!(
            result.stats.expanded, want.stats.expanded,
            "{board}: {what}"
        );
    }
    assert_eq!(
        bpmx.stats.generated, want_bpmx.stats.generated,
        "{board}: bpmx"
    );
    assert_eq!(
        bpmx.solution().map(|s| s.cost),
        want_bpmx.solution().map(|s| s.cost)
    );
}

#[test]
fn the_4x4_large_board_searches_as_the_four_bit_one() {
    for seed in 0..30 {
        same_on_4x4(Fifteen::random_walk(seed, 40), Manhattan);
        same_on_4x4(Fifteen::random_walk(seed, 40), LinearConflict);
    }
    // Korf's cheapest instance with linear conflict.
    let korf = korf100();
    let easiest = korf.iter().find(|i| i.id == Some(55)).unwrap();
    same_on_4x4(easiest.board, LinearConflict);
}

/// Solves `board` with IDA* in place and by value under `heuristic`,
/// replays the solution and returns its length.
fn solve<Hr: LargeHeuristic<5, 5>>(board: Twentyfour, heuristic: Hr) -> usize {
    let puzzle = LargePuzzle::new(board, heuristic);
    let in_place = IdaStar::new().search_in_place(&puzzle);
    let by_value = IdaStar::new().search(&puzzle);
    let solution = in_place
        .solution()
        .expect("a walk from the goal is solvable");
    assert_eq!(board.verify_solution(&solution.actions), Ok(()), "{board}");
    assert_eq!(solution.states.len(), solution.actions.len() + 1);
    assert_eq!(
        solution.states.last().map(|s| s.board.is_goal()),
        Some(true)
    );
    assert_eq!(in_place.outcome, by_value.outcome, "{board}");
    assert_eq!(
        in_place.stats.generated, by_value.stats.generated,
        "{board}"
    );
    solution.actions.len()
}

#[test]
fn random_walks_on_5x5_are_solved_optimally_and_replayed() {
    for (seed, len) in (0..12).zip([20, 22, 24, 26, 28, 30].into_iter().cycle()) {
        let board = Twentyfour::random_walk(seed, len);
        let manhattan = solve(board, Manhattan);
        let conflict = solve(board, LinearConflict);
        assert_eq!(manhattan, conflict, "{board}");
        assert!(manhattan <= len, "{board}");
        assert_eq!(manhattan % 2, len % 2, "{board}: the blank ends home");
        let bpmx = IdaStar::new()
            .bpmx()
            .search(&LargePuzzle::new(board, LinearConflict));
        let moves = &bpmx.solution().unwrap().actions;
        assert_eq!(board.verify_solution(moves), Ok(()));
        assert_eq!(moves.len(), manhattan);
        let parallel = ParallelIdaStar::new()
            .threads(2)
            .search_in_place(&LargePuzzle::new(board, Manhattan));
        let moves = &parallel.solution().unwrap().actions;
        assert_eq!(board.verify_solution(moves), Ok(()));
        assert_eq!(moves.len(), manhattan);
    }
}

#[test]
fn limits_and_cancellation_stop_a_5x5_search() {
    // A uniformly random 24-puzzle is far beyond Manhattan distance's reach:
    // every limit must stop it.
    let puzzle = LargePuzzle::new(Twentyfour::random_solvable(1), Manhattan);
    let nodes = IdaStar::new()
        .limits(Limits::new().max_expanded(10_000))
        .search_in_place(&puzzle);
    assert_eq!(nodes.outcome, Outcome::LimitReached(Limit::Expanded));
    assert!(nodes.stats.expanded <= 10_001);
    let time = IdaStar::new()
        .limits(Limits::new().max_time(Duration::from_millis(50)))
        .search_in_place(&puzzle);
    assert_eq!(time.outcome, Outcome::LimitReached(Limit::Time));
    let flag = CancelFlag::new();
    flag.cancel();
    let cancelled = IdaStar::new()
        .limits(Limits::new().cancel(flag.clone()))
        .search_in_place(&puzzle);
    assert_eq!(cancelled.outcome, Outcome::LimitReached(Limit::Cancelled));
    let parallel = ParallelIdaStar::new()
        .threads(2)
        .limits(Limits::new().cancel(flag))
        .search_in_place(&puzzle);
    assert_eq!(parallel.outcome, Outcome::LimitReached(Limit::Cancelled));
}
