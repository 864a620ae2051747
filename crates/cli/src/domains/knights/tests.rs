use frontier::{Limit, Limits};
use knight::{MAX_SIZE, read_cases};

use super::*;
use crate::domain::strategies_offered;
use crate::strategy::Answer;

#[test]
fn sample() {
    let cases = read_cases("3\n8\n0 0\n7 0\n100\n0 0\n30 50\n10\n1 1\n1 1\n").unwrap();
    let answers: Vec<_> = cases.iter().map(|c| c.solve().unwrap()).collect();
    assert_eq!(answers, [5, 28, 0]);
}

#[test]
fn corners_of_the_largest_board() {
    let case = Knight {
        size: MAX_SIZE,
        start: (0, 0),
        target: (299, 299),
    };
    assert_eq!(case.solve(), Ok(200));
}

/// A case on a `size` board.
fn case(size: u16, start: Square, target: Square) -> Knight {
    Knight {
        size,
        start,
        target,
    }
}

#[test]
fn every_offered_algorithm_finds_what_bfs_finds() {
    let cases = [
        // start = target, on the smallest and the largest board
        case(4, (2, 1), (2, 1)),
        case(MAX_SIZE, (150, 150), (150, 150)),
        // the POJ 1915 sample
        case(8, (0, 0), (7, 0)),
        case(100, (0, 0), (30, 50)),
        case(10, (1, 1), (1, 1)),
        // corners, where the edges force detours
        case(4, (0, 0), (3, 3)),
        case(5, (0, 0), (4, 4)),
        case(8, (0, 0), (1, 1)),
        case(8, (0, 0), (7, 7)),
        // the far corners of the largest board, both diagonals
        case(MAX_SIZE, (0, 0), (299, 299)),
        case(MAX_SIZE, (0, 299), (299, 0)),
    ];
    let strategies = strategies_offered(&KNIGHTS);
    // bfs, bfs dense, bidirectional and bidirectional dense; A*, A*
    // dense, IDA*, IDA* BPMX, greedy, MM, NBS, DVCBS and BAE* with zero
    // and the knight distance.
    assert_eq!(strategies.len(), 4 + 9 * 2);
    let mut solver = Solver::new();
    for case in cases {
        let squares = usize::from(case.size).pow(2);
        // No search stores a square more than once a direction, nor expands
        // as many nodes as these: neither limit can trip, but a search
        // that ran away would stop rather than hang the test.
        let limits = Limits::new()
            .max_stored(4 * squares)
            .max_expanded(10_000_000);
        let bfs = solver
            .solve(&KNIGHTS, &case, Strategy::plain(Algorithm::Bfs), &limits)
            .unwrap()
            .moves()
            .unwrap();
        for &strategy in &strategies {
            let unguided = strategy.heuristic == Some(Heuristic::ZERO);
            let iterative = matches!(
                strategy.algorithm,
                Algorithm::IdaStar | Algorithm::IdaStarBpmx
            );
            if unguided && iterative && bfs > 6 {
                // Iterative deepening without a heuristic grows as 8^moves.
                continue;
            }
            let attempt = solver.solve(&KNIGHTS, &case, strategy, &limits);
            let attempt = attempt.unwrap_or_else(|err| panic!("{strategy} on {case:?}: {err}"));
            let Answer::Solved(path) = &attempt.answer else {
                panic!("{strategy} on {case:?}: {:?}", attempt.answer);
            };
            // `solve` replayed the moves on the board; greedy search may
            // take more.
            assert!(path.actions::<(i8, i8)>().is_some());
            if KNIGHTS.is_optimal(strategy.algorithm) {
                assert_eq!(path.len(), bfs, "{strategy} on {case:?}");
            } else {
                assert!(path.len() >= bfs, "{strategy} on {case:?}");
            }
        }
    }
}

#[test]
fn mm_answers_as_the_default_check_does() {
    let bound = crate::domains::heuristic("knight-distance").unwrap();
    let mm = [Strategy::new(Algorithm::Mm, bound)];
    let mut solver = Solver::new();
    for case in read_cases("3\n8\n0 0\n7 0\n300\n0 0\n299 299\n10\n1 1\n1 1\n").unwrap() {
        assert_eq!(case.solve_with(&mm, &mut solver), case.solve());
    }
}

#[test]
fn a_path_off_the_board_or_short_of_the_target_is_refused() {
    let case = case(8, (0, 0), (7, 0));
    let path = replay(&case, vec![(1, 2), (1, 2), (2, -1), (2, -1), (1, -2)]).unwrap();
    assert_eq!((path.len(), path.text()), (5, "+1+2 +1+2 +2-1 +2-1 +1-2"));
    assert_eq!(
        replay(&case, vec![(-1, 2)]).unwrap_err(),
        "move 1 (-1+2) from (0, 0) leaves the 8x8 board"
    );
    assert_eq!(
        replay(&case, vec![(1, 1)]).unwrap_err(),
        "move 1 (+1+1) is not a knight move"
    );
    assert_eq!(
        replay(&case, vec![(1, 2)]).unwrap_err(),
        "the moves end at (1, 2), not at the target (7, 0)"
    );
}

#[test]
fn refusals_name_their_reason() {
    let case = case(8, (0, 0), (7, 0));
    let mut solver = Solver::new();
    let manhattan = crate::domains::heuristic("manhattan").unwrap();
    for (refused, reason) in [
        (
            Strategy::plain(Algorithm::Table),
            "the table holds 3x3 boards only",
        ),
        (
            Strategy::new(Algorithm::Jps, Heuristic::ZERO),
            "jump point search leaps",
        ),
        (Strategy::new(Algorithm::AStar, manhattan), "it measures"),
    ] {
        let err = solver
            .solve(&KNIGHTS, &case, refused, &Limits::new())
            .unwrap_err();
        assert!(
            matches!(
                err,
                SolveError::Unsupported {
                    instances: "knight cases",
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains(reason), "{err}");
        let disagreement = case.solve_with(&[refused], &mut solver).unwrap_err();
        assert!(disagreement.reason.contains(reason), "{disagreement}");
    }
    let none = case.solve_with(&[], &mut solver).unwrap_err();
    assert_eq!(none.reason, "no strategy to solve it with");
    let stopped = solver
        .solve(
            &KNIGHTS,
            &case,
            Strategy::plain(Algorithm::Bfs),
            &Limits::new().max_stored(3),
        )
        .unwrap();
    assert_eq!(stopped.limit(), Some(Limit::Stored));
}
