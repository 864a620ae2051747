use frontier::{Limit, Limits};

use super::*;
use crate::domain::Solver;
use crate::domain::strategies_offered;
use crate::domains::DOMAINS;

const SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

#[test]
fn every_strategy_solves_the_sample() {
    let board: Eight = SAMPLE.parse().unwrap();
    let mut solver = Solver::new();
    let strategies = strategies_offered(&EIGHT);
    assert_eq!(strategies.len(), 5 + 9 * 4);
    for strategy in strategies {
        let attempt = solver
            .solve(&EIGHT, &board, strategy, &Limits::new())
            .unwrap();
        let moves = attempt.moves().unwrap();
        // `solve` replayed the moves; greedy may take a longer path.
        if strategy.algorithm.is_optimal() {
            assert_eq!(moves, 19, "{strategy}");
        } else {
            assert!(moves >= 19 && moves % 2 == 1, "{strategy}: {moves}");
        }
        if strategy.algorithm.searches() {
            assert!(
                attempt.stats.generated >= attempt.stats.expanded,
                "{strategy}"
            );
            assert!(attempt.stats.expanded > 0, "{strategy}");
        } else {
            assert_eq!(attempt.stats.generated, 0, "{strategy}");
        }
    }
}

#[test]
fn unsolvable_boards_are_not_searched() {
    let board: Eight = "2 1 3 4 5 6 7 8 x".parse().unwrap();
    let mut solver = Solver::new();
    for strategy in strategies_offered(&EIGHT) {
        let attempt = solver
            .solve(&EIGHT, &board, strategy, &Limits::new())
            .unwrap();
        assert_eq!(attempt.answer, Answer::Unsolvable, "{strategy}");
    }
}

#[test]
fn four_by_four_limits_and_refusals() {
    let board = Board::<4, 4>::random_walk(3, 12);
    let mut solver = Solver::new();
    let ida = Strategy::new(
        Algorithm::IdaStar,
        crate::domains::heuristic("linear-conflict").unwrap(),
    );
    let by_ida = solver.solve(&FIFTEEN, &board, ida, &Limits::new()).unwrap();
    let bfs = solver
        .solve(
            &FIFTEEN,
            &board,
            Strategy::plain(Algorithm::Bfs),
            &Limits::new().max_stored(50),
        )
        .unwrap();
    assert!(by_ida.moves().is_some());
    assert_eq!(bfs.limit(), Some(Limit::Stored));
    assert!(matches!(
        solver.solve(
            &FIFTEEN,
            &board,
            Strategy::plain(Algorithm::Table),
            &Limits::new()
        ),
        Err(SolveError::Unsupported {
            instances: "4x4 boards",
            reason: "the table holds 3x3 boards only",
            ..
        })
    ));
    assert!(!Strategy::plain(Algorithm::AStarDense).handles(&FIFTEEN));
    let sample: Eight = SAMPLE.parse().unwrap();
    let pdb = Strategy::new(
        Algorithm::IdaStar,
        crate::domains::heuristic("pdb-5-5-5").unwrap(),
    );
    let refused = solver
        .solve(&EIGHT, &sample, pdb, &Limits::new())
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        "IDA* (pdb 5-5-5) cannot solve 3x3 boards (its pattern database is for 4x4 boards)"
    );
    assert!(!refused.is_bug());
    assert_eq!(solver.databases().loaded(), 0);
}

#[test]
fn prepare_builds_the_table() {
    let mut solver = Solver::new();
    let table = Strategy::plain(Algorithm::Table);
    assert!(solver.prepare(&FIFTEEN, table).is_err());
    solver.prepare(&EIGHT, table).unwrap();
    assert_eq!(EIGHT.table().unwrap().reachable(), 181_440);
    assert!(FIFTEEN.table().is_none());
}

#[test]
fn capabilities() {
    // Every refusal has its reason, and what no domain refuses has none.
    for &algorithm in Algorithm::ALL {
        let everywhere = DOMAINS
            .iter()
            .all(|domain| domain.algorithm_refusal(algorithm).is_none());
        let somewhere = DOMAINS
            .iter()
            .any(|domain| domain.algorithm_refusal(algorithm).is_none());
        assert!(somewhere, "{algorithm} is offered by some domain");
        if !everywhere {
            assert!(
                DOMAINS
                    .iter()
                    .filter_map(|domain| domain.algorithm_refusal(algorithm))
                    .all(|reason| !reason.is_empty()),
                "{algorithm}"
            );
        }
    }
    for &heuristic in crate::domains::heuristics() {
        assert!(
            DOMAINS
                .iter()
                .any(|domain| domain.heuristic_refusal(heuristic).is_none()),
            "{heuristic} is offered by some domain"
        );
    }
    assert!(!Algorithm::Table.searches());
    assert!(Algorithm::AStarDense.is_dense() && Algorithm::AStarDense.uses_heuristic());
    assert!(
        EIGHT
            .heuristic_refusal(crate::domains::heuristic("pdb-7-8").unwrap())
            .is_some()
    );
    assert_eq!(
        crate::domains::heuristic("pdb-7-8").unwrap().name(),
        "pdb-7-8"
    );
    assert_eq!(
        crate::domains::heuristic("pdb-7-8x2").unwrap().name(),
        "pdb-7-8x2"
    );
    assert!(
        EIGHT
            .heuristic_refusal(crate::domains::heuristic("pdb-7-8x5").unwrap())
            .is_some()
    );
}

#[test]
fn boards_read_from_a_file_go_to_their_domain() {
    let text = b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n";
    let (sets, skipped) = read_boards("f", text);
    assert!(skipped.is_empty());
    let names: Vec<_> = sets.iter().map(|set| set.name.as_str()).collect();
    assert_eq!(names, ["f 3x3", "f 4x4"]);
    assert_eq!(sets[1].domain.name(), "4x4");
    assert_eq!(sets[1].instances[0].start.domain().name(), "4x4");
}
