//! IDA* on one board changed in place (`IdaStar::search_in_place`, through
//! the puzzle's `InPlaceProblem`) against IDA* over successor values
//! (`IdaStar::search`): the same outcome, the same path and the same
//! counts in every iteration, on random 3x3 boards, other shapes and cheap
//! Korf instances, with Manhattan distance, linear conflict and pattern
//! databases; every solution replayed to the goal; every limit
//! stopping both with the same reason and the same statistics.
//!
//! The Korf instances heavier than a million nodes are ignored by default:
//!
//! ```text
//! cargo test --release -p frontier-sliding-puzzle --test in_place -- --ignored
//! ```

use frontier::{CancelFlag, IdaStar, Limit, Limits, SearchResult};
use sliding_puzzle::heuristic::pdb::{Partition, PatternDatabase};
use sliding_puzzle::instances::korf100;
use sliding_puzzle::{
    Board, Eight, Heuristic, LinearConflict, Manhattan, Move, Puzzle, PuzzleState,
};

type Result<const W: usize, const H: usize> = SearchResult<PuzzleState<W, H>, Move, u32>;

/// Runs both searches of `puzzle` under `limits` and checks they did the
/// same; returns the in-place result.
fn both<const W: usize, const H: usize, Hr: Heuristic<W, H>>(
    puzzle: &Puzzle<W, H, Hr>,
    limits: &Limits<u32>,
) -> Result<W, H> {
    let by_value = IdaStar::new().limits(limits.clone()).search(puzzle);
    let in_place = IdaStar::new()
        .limits(limits.clone())
        .search_in_place(puzzle);
    let board = puzzle.start;
    assert_eq!(in_place.outcome, by_value.outcome, "{board}");
    assert_eq!(
        in_place.stats.iterations, by_value.stats.iterations,
        "{board}"
    );
    assert_eq!(in_place.stats.expanded, by_value.stats.expanded, "{board}");
    assert_eq!(
        in_place.stats.generated, by_value.stats.generated,
        "{board}"
    );
    assert_eq!(
        in_place.stats.peak_stored, by_value.stats.peak_stored,
        "{board}"
    );
    in_place
}

/// Checks that `result` found a path that replays from `board` to the
/// goal through exactly the states it lists, each with its estimate, and
/// returns its length.
fn replays<const W: usize, const H: usize, Hr: Heuristic<W, H>>(
    puzzle: &Puzzle<W, H, Hr>,
    result: &Result<W, H>,
) -> usize {
    let solution = result.solution().expect("a solvable board");
    assert_eq!(puzzle.start.verify_solution(&solution.actions), Ok(()));
    let mut board = puzzle.start;
    assert_eq!(solution.states[0], puzzle.state(board));
    for (state, &action) in solution.states[1..].iter().zip(&solution.actions) {
        board = board.apply(action).expect("a legal move");
        assert_eq!(state.board, board);
        assert_eq!(
            state.h,
            puzzle.heuristic.estimate(&board),
            "a stale estimate"
        );
        assert_eq!(state.memo, puzzle.state(board).memo, "a stale memo");
    }
    assert!(board.is_goal());
    assert_eq!(solution.cost as usize, solution.actions.len());
    solution.actions.len()
}

#[test]
fn random_3x3_boards_give_the_same_search() {
    let none = Limits::new();
    for seed in 0..300 {
        let board = Eight::random_solvable(seed);
        let manhattan = Puzzle::new(board, Manhattan);
        let length = replays(&manhattan, &both(&manhattan, &none));
        let conflict = Puzzle::new(board, LinearConflict);
        assert_eq!(
            replays(&conflict, &both(&conflict, &none)),
            length,
            "{board}"
        );
    }
}

#[test]
fn other_shapes_and_the_goal_give_the_same_search() {
    let none = Limits::new();
    for seed in 0..50 {
        let wide = Puzzle::new(Board::<4, 2>::random_solvable(seed), Manhattan);
        replays(&wide, &both(&wide, &none));
        let tall = Puzzle::new(Board::<2, 3>::random_solvable(seed), LinearConflict);
        replays(&tall, &both(&tall, &none));
        let fifteen = Puzzle::new(Board::<4, 4>::random_walk(seed, 30), Manhattan);
        replays(&fifteen, &both(&fifteen, &none));
    }
    let goal = Puzzle::new(Eight::goal(), Manhattan);
    let result = both(&goal, &none);
    assert_eq!(replays(&goal, &result), 0);
    assert_eq!(result.stats.generated, 1);
}

#[test]
fn pattern_databases_keeping_a_memo_give_the_same_search() {
    // Two groups: the states keep the groups' values, and the in-place
    // search must restore them with every undo. Three groups keep none.
    let none = Limits::new();
    let two = Partition::<3, 3>::new([[1, 2, 3, 4], [5, 6, 7, 8]]).unwrap();
    let three = Partition::<3, 3>::new([&[1, 2][..], &[3, 4, 5], &[6, 7, 8]]).unwrap();
    for partition in [two, three] {
        let plain = PatternDatabase::build(&partition, |_| {}).unwrap();
        let reflected = plain.clone().with_reflection().unwrap();
        for seed in 0..40 {
            let board = Eight::random_solvable(seed);
            let length = replays(
                &Puzzle::new(board, Manhattan),
                &both(&Puzzle::new(board, Manhattan), &none),
            );
            for database in [&plain, &reflected] {
                let puzzle = Puzzle::new(board, database);
                assert_eq!(replays(&puzzle, &both(&puzzle, &none)), length, "{board}");
            }
        }
    }
    let fifteen = Partition::<4, 4>::new([&[1, 2, 5, 6][..], &[3, 4, 7]]).unwrap();
    let database = PatternDatabase::build(&fifteen, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    for seed in 0..20 {
        let puzzle = Puzzle::new(Board::<4, 4>::random_walk(seed, 24), &database);
        replays(&puzzle, &both(&puzzle, &none));
    }
}

/// Korf instances with Manhattan distance: the searches of `ids` agree,
/// with the published lengths.
fn korf(ids: &[u32]) {
    let instances = korf100();
    for &id in ids {
        let instance = instances.iter().find(|i| i.id == Some(id)).unwrap();
        let puzzle = Puzzle::new(instance.board, Manhattan);
        let result = both(&puzzle, &Limits::new());
        assert_eq!(Some(replays(&puzzle, &result)), instance.length, "#{id}");
    }
}

#[test]
fn cheap_korf_instances_give_the_same_search() {
    // 540,860 and 546,344 nodes generated with Manhattan distance.
    korf(&[79, 12]);
}

#[test]
#[ignore = "seconds in a debug build; run with --release"]
fn korf_instances_of_a_million_nodes_and_more_give_the_same_search() {
    korf(&[42, 55, 97, 13]);
}

#[test]
fn every_limit_stops_both_searches_alike() {
    let board = korf100()[0].board;
    let puzzle = Puzzle::new(board, Manhattan);
    let cancelled = CancelFlag::new();
    cancelled.cancel();
    for (limits, limit) in [
        (Limits::new().max_expanded(1_000), Limit::Expanded),
        (Limits::new().max_stored(20), Limit::Stored),
        (Limits::new().max_cost(45), Limit::Cost),
        (Limits::new().max_memory(0), Limit::Memory),
        (Limits::new().cancel(cancelled), Limit::Cancelled),
        (
            Limits::new().max_time(std::time::Duration::ZERO),
            Limit::Time,
        ),
    ] {
        let result = both(&puzzle, &limits);
        assert_eq!(result.limit(), Some(limit), "{limits:?}");
        if let Some(max) = limits.max_expanded {
            assert!(result.stats.expanded <= max);
        }
        if let Some(max) = limits.max_stored {
            assert!(result.stats.peak_stored <= max);
        }
    }
}

#[test]
fn a_searcher_reused_in_place_gives_fresh_answers() {
    let mut ida = IdaStar::new();
    for seed in 0..20 {
        let puzzle = Puzzle::new(Eight::random_solvable(seed), Manhattan);
        let reused = ida.search_in_place(&puzzle);
        let fresh = IdaStar::new().search_in_place(&puzzle);
        assert_eq!(reused.outcome, fresh.outcome);
        assert_eq!(reused.stats.iterations, fresh.stats.iterations);
        // Interleaved with searches by value on the same searcher.
        assert_eq!(ida.search(&puzzle).outcome, fresh.outcome);
    }
}
