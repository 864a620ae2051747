//! The parallel IDA* against the serial one on puzzles, by value and in
//! place: the same optimal lengths, and the same nodes in every iteration
//! but the last.

use frontier::{IdaStar, Limit, Limits, ParallelIdaStar, SearchResult};
use sliding_puzzle::heuristic::pdb::{Partition, PatternDatabase};
use sliding_puzzle::instances::korf100;
use sliding_puzzle::{
    Eight, Fifteen, Heuristic, LinearConflict, Manhattan, Move, Puzzle, PuzzleState,
};

/// Checks `parallel` against `serial` on `board`: solution replayed, same
/// length, equal iterations before the last, same bounds throughout.
fn agree<const W: usize, const H: usize>(
    board: sliding_puzzle::Board<W, H>,
    serial: &SearchResult<PuzzleState<W, H>, Move, u32>,
    parallel: &SearchResult<PuzzleState<W, H>, Move, u32>,
    what: &str,
) {
    let want = serial.solution().expect("solvable");
    let got = parallel
        .solution()
        .expect("the parallel search finds it too");
    board
        .verify_solution(&got.actions)
        .unwrap_or_else(|err| panic!("{what}: {err}"));
    assert_eq!(got.cost, want.cost, "{what}");
    assert_eq!(got.states.len(), got.actions.len() + 1, "{what}");
    assert_eq!(got.states.first().map(|s| s.board), Some(board), "{what}");
    let (serial, parallel) = (&serial.stats.iterations, &parallel.stats.iterations);
    assert_eq!(serial.len(), parallel.len(), "{what}: iterations");
    let last = serial.len() - 1;
    assert_eq!(
        serial[..last],
        parallel[..last],
        "{what}: iterations before the last"
    );
    assert_eq!(
        serial[last].bound, parallel[last].bound,
        "{what}: last bound"
    );
    let total: u64 = parallel.iter().map(|it| it.generated).sum();
    assert!(total > 0, "{what}");
}

#[test]
fn korf_instances_take_the_serial_nodes_until_the_last_iteration() {
    let mut serial = IdaStar::new();
    let mut parallel = ParallelIdaStar::new().threads(2);
    for instance in korf100() {
        // The cheapest instances with Manhattan distance (under a million
        // nodes each), and a few more with linear conflict.
        let id = instance.id.unwrap();
        let board: Fifteen = instance.board;
        if [12, 55, 79].contains(&id) {
            let puzzle = Puzzle::new(board, Manhattan);
            let want = serial.search(&puzzle);
            let what = format!("#{id} manhattan");
            agree(board, &want, &parallel.search(&puzzle), &what);
            agree(board, &want, &parallel.search_in_place(&puzzle), &what);
        }
        if [12, 42, 55, 79, 94].contains(&id) {
            let puzzle = Puzzle::new(board, LinearConflict);
            let want = serial.search(&puzzle);
            let got = parallel.search(&puzzle);
            agree(board, &want, &got, &format!("#{id} linear conflict"));
            assert_eq!(Some(got.solution().unwrap().len()), instance.length);
            let got = parallel.search_in_place(&puzzle);
            agree(
                board,
                &want,
                &got,
                &format!("#{id} linear conflict in place"),
            );
        }
    }
}

#[test]
fn random_eight_puzzles_take_the_serial_nodes_until_the_last_iteration() {
    let mut serial = IdaStar::new();
    let mut parallel = ParallelIdaStar::new().threads(2);
    // Two pattern-database groups: the states keep a memo, which each
    // thread's working state must restore with every undo.
    let partition = Partition::<3, 3>::new([[1, 2, 3, 4], [5, 6, 7, 8]]).unwrap();
    let database = PatternDatabase::build(&partition, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    for seed in 0..60 {
        let board = Eight::random_solvable(seed);
        let puzzle = Puzzle::new(board, Manhattan);
        let want = serial.search(&puzzle);
        let what = format!("seed {seed}");
        agree(board, &want, &parallel.search(&puzzle), &what);
        agree(board, &want, &parallel.search_in_place(&puzzle), &what);
        let puzzle = Puzzle::new(board, &database);
        let want = serial.search(&puzzle);
        let what = format!("seed {seed}, pattern databases");
        agree(board, &want, &parallel.search(&puzzle), &what);
        agree(board, &want, &parallel.search_in_place(&puzzle), &what);
    }
    // The goal itself: no iteration at all.
    let goal = Puzzle::new(Eight::goal(), Manhattan);
    for result in [parallel.search(&goal), parallel.search_in_place(&goal)] {
        assert_eq!(result.solution().map(frontier::Solution::len), Some(0));
        assert_eq!(result.stats.generated, 1);
    }
}

#[test]
fn limits_stop_the_parallel_search_with_their_reason() {
    let board = korf100()
        .into_iter()
        .find(|i| i.id == Some(88))
        .unwrap()
        .board;
    let puzzle = Puzzle::new(board, Manhattan);
    assert!(Manhattan.estimate(&board) > 0);
    let search = |limits: Limits<u32>, in_place: bool| {
        let mut parallel = ParallelIdaStar::new().threads(2).limits(limits);
        if in_place {
            parallel.search_in_place(&puzzle)
        } else {
            parallel.search(&puzzle)
        }
    };
    for in_place in [false, true] {
        let expanded = search(Limits::new().max_expanded(100_000), in_place);
        assert_eq!(expanded.limit(), Some(Limit::Expanded), "{in_place}");
        assert!(expanded.stats.expanded <= 100_000, "{in_place}");
        // Expansions drawn but unused are returned, so the allowance is
        // spent to within what the threads held when it ran out.
        assert!(
            expanded.stats.expanded > 90_000,
            "{in_place}: {}",
            expanded.stats.expanded
        );
        let stored = search(Limits::new().max_stored(20), in_place);
        assert_eq!(stored.limit(), Some(Limit::Stored), "{in_place}");
        assert!(stored.stats.peak_stored <= 20, "{in_place}");
        let cost = search(Limits::new().max_cost(40), in_place);
        assert_eq!(cost.limit(), Some(Limit::Cost), "{in_place}");
    }
}
