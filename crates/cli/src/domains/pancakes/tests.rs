use frontier::{Limit, Limits};

use super::*;
use crate::domain::Solver;
use crate::domain::strategies_offered;
use crate::domains::boards::EIGHT;
use crate::strategy::Answer;

#[test]
fn every_pancake_strategy_sorts_a_stack() {
    let stack: Stack = "3 6 1 5 2 4".parse().unwrap();
    let mut solver = Solver::new();
    let strategies = strategies_offered(&PANCAKES);
    // bfs and bidirectional BFS; A*, IDA*, IDA* BPMX, greedy, MM, NBS,
    // DVCBS and BAE* with zero, GAP-3, GAP-2, GAP-1 and GAP.
    assert_eq!(strategies.len(), 2 + 8 * 5);
    let optimal = solver
        .solve(
            &PANCAKES,
            &stack,
            Strategy::plain(Algorithm::Bfs),
            &Limits::new(),
        )
        .unwrap()
        .moves()
        .unwrap();
    for strategy in strategies {
        solver.prepare(&PANCAKES, strategy).unwrap();
        let attempt = solver
            .solve(&PANCAKES, &stack, strategy, &Limits::new())
            .unwrap();
        let Answer::Solved(path) = &attempt.answer else {
            panic!("{strategy}: {:?}", attempt.answer);
        };
        let flips: &[Flip] = path.actions().unwrap();
        // `solve` replayed the flips; greedy may take more.
        assert_eq!(stack.verify_solution(flips), Ok(()));
        if strategy.algorithm.is_optimal() {
            assert_eq!(flips.len(), optimal, "{strategy}");
        } else {
            assert!(flips.len() >= optimal, "{strategy}");
        }
        assert!(attempt.stats.expanded > 0, "{strategy}");
    }
    let stopped = solver
        .solve(
            &PANCAKES,
            &stack,
            Strategy::plain(Algorithm::Bfs),
            &Limits::new().max_stored(10),
        )
        .unwrap();
    assert_eq!(stopped.limit(), Some(Limit::Stored));
    for refused in [
        Strategy::plain(Algorithm::Table),
        Strategy::new(
            Algorithm::AStarDense,
            crate::domains::heuristic("gap").unwrap(),
        ),
        Strategy::new(
            Algorithm::AStar,
            crate::domains::heuristic("manhattan").unwrap(),
        ),
    ] {
        let err = solver
            .solve(&PANCAKES, &stack, refused, &Limits::new())
            .unwrap_err();
        assert!(
            matches!(
                err,
                SolveError::Unsupported {
                    instances: "pancake stacks",
                    ..
                }
            ),
            "{err}"
        );
        assert!(solver.prepare(&PANCAKES, refused).is_err());
    }
    let err = solver
        .solve(
            &PANCAKES,
            &stack,
            Strategy::new(
                Algorithm::Mm,
                crate::domains::heuristic("misplaced").unwrap(),
            ),
            &Limits::new(),
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "MM (misplaced) cannot solve pancake stacks (it measures sliding-puzzle boards)"
    );
    let board = "2 3 4 1 5 x 7 6 8".parse().unwrap();
    let gap = Strategy::new(Algorithm::AStar, crate::domains::heuristic("gap").unwrap());
    assert!(solver.solve(&EIGHT, &board, gap, &Limits::new()).is_err());
}

#[test]
fn the_path_is_written_as_flips() {
    let stack: Stack = "2 1 3".parse().unwrap();
    let attempt = Solver::new()
        .solve(
            &PANCAKES,
            &stack,
            Strategy::plain(Algorithm::Bfs),
            &Limits::new(),
        )
        .unwrap();
    let Answer::Solved(path) = attempt.answer else {
        panic!("sorted in one flip");
    };
    assert_eq!((path.len(), path.text(), path.unit()), (1, "2", "flips"));
}
