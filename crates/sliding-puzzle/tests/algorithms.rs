//! Every frontier algorithm on the puzzle: POJ 1077's sample with every
//! heuristic, then seeded random 3x3 boards checked against [`EightTable`].
//! Every solution is replayed with `verify_solution`.

use std::sync::LazyLock;

use frontier::{AStar, Bfs, BidirectionalBfs, IdaStar, Limits, SearchResult};
use sliding_puzzle::{
    Eight, EightTable, Heuristic, LinearConflict, Manhattan, Misplaced, Move, Puzzle, PuzzleState,
    Zero, format_moves,
};

static TABLE: LazyLock<EightTable> = LazyLock::new(EightTable::build);

type Result8 = SearchResult<PuzzleState<3, 3>, Move, u32>;

/// Checks that `result` found a legal solution of `expected` moves.
fn check(name: &str, board: Eight, result: &Result8, expected: usize) {
    let solution = result
        .solution()
        .unwrap_or_else(|| panic!("{name} found nothing on {board:?}: {:?}", result.outcome));
    assert_eq!(
        solution.len(),
        expected,
        "{name} on {board:?}: {}",
        format_moves(&solution.actions)
    );
    assert_eq!(solution.cost as usize, expected, "{name}");
    assert_eq!(board.verify_solution(&solution.actions), Ok(()), "{name}");
    // The states carry their boards and heuristic values along the path.
    assert_eq!(
        solution.states.first().map(|s| s.board),
        Some(board),
        "{name}"
    );
    assert!(
        solution.states.last().is_some_and(|s| s.board.is_goal()),
        "{name}"
    );
}

/// A* (hashed and ranked) and IDA* with one heuristic.
fn informed<Hr: Heuristic<3, 3>>(name: &str, board: Eight, heuristic: Hr, expected: usize) {
    let puzzle = Puzzle::new(board, heuristic);
    check(
        &format!("astar/{name}"),
        board,
        &frontier::astar(&puzzle),
        expected,
    );
    check(
        &format!("astar_ranked/{name}"),
        board,
        &AStar::new().dense().search(&puzzle),
        expected,
    );
    check(
        &format!("idastar/{name}"),
        board,
        &frontier::idastar(&puzzle),
        expected,
    );
}

/// The BFS family, which ignores the heuristic.
fn uninformed(board: Eight, expected: usize) {
    let puzzle = Puzzle::new(board, Zero);
    check("bfs", board, &frontier::bfs(&puzzle), expected);
    check(
        "bfs_ranked",
        board,
        &Bfs::new().dense().search(&puzzle),
        expected,
    );
    check(
        "bidirectional_bfs",
        board,
        &frontier::bidirectional_bfs(&puzzle),
        expected,
    );
    check(
        "bidirectional_bfs_ranked",
        board,
        &BidirectionalBfs::new().dense().search(&puzzle),
        expected,
    );
}

#[test]
fn poj_1077_sample_takes_19_moves_with_every_algorithm() {
    let board: Eight = "2 3 4 1 5 x 7 6 8".parse().unwrap();
    assert_eq!(TABLE.distance(&board), Some(19));
    uninformed(board, 19);
    informed("zero", board, Zero, 19);
    informed("misplaced", board, Misplaced, 19);
    informed("manhattan", board, Manhattan, 19);
    informed("linear_conflict", board, LinearConflict, 19);
    // POJ 1077's published answer is one of the optimal ones.
    assert_eq!(board.verify_solution("ullddrurdllurdruldr"), Ok(()));
}

#[test]
fn stronger_heuristics_expand_fewer_nodes() {
    let board: Eight = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    let expanded = |result: Result8| {
        assert_eq!(result.solution().map(frontier::Solution::len), Some(31));
        result.stats.expanded
    };
    let misplaced = expanded(frontier::astar(&Puzzle::new(board, Misplaced)));
    let manhattan = expanded(frontier::astar(&Puzzle::new(board, Manhattan)));
    let linear = expanded(frontier::astar(&Puzzle::new(board, LinearConflict)));
    assert!(
        misplaced > manhattan && manhattan > linear,
        "{misplaced} {manhattan} {linear}"
    );
}

#[test]
fn random_boards_agree_with_the_table() {
    let mut ida = IdaStar::new();
    for seed in 0..12 {
        let board = Eight::random_solvable(seed);
        let expected = usize::from(TABLE.distance(&board).expect("solvable"));
        let table_moves = TABLE.solve(&board).unwrap();
        assert_eq!(table_moves.len(), expected);
        assert_eq!(board.verify_solution(&table_moves), Ok(()));

        let puzzle = Puzzle::new(board, Zero);
        check(
            "bfs_ranked",
            board,
            &Bfs::new().dense().search(&puzzle),
            expected,
        );
        check(
            "bidirectional_bfs",
            board,
            &frontier::bidirectional_bfs(&puzzle),
            expected,
        );

        let puzzle = Puzzle::new(board, Manhattan);
        check("astar", board, &frontier::astar(&puzzle), expected);
        check("idastar", board, &ida.search(&puzzle), expected);
        let puzzle = Puzzle::new(board, LinearConflict);
        check(
            "astar_ranked",
            board,
            &AStar::new().dense().search(&puzzle),
            expected,
        );
        check("idastar/lc", board, &ida.search(&puzzle), expected);
        assert_eq!(puzzle.solve().map(|moves| moves.len()), Some(expected));
    }
    // The hashed BFS on a few: it stores up to the whole space.
    for seed in 100..103 {
        let board = Eight::random_solvable(seed);
        let expected = usize::from(TABLE.distance(&board).unwrap());
        check(
            "bfs",
            board,
            &frontier::bfs(&Puzzle::new(board, Zero)),
            expected,
        );
    }
}

#[test]
fn goal_and_unsolvable_boards() {
    let goal = Eight::goal();
    uninformed(goal, 0);
    informed("manhattan", goal, Manhattan, 0);

    let unsolvable: Eight = "2 1 3 4 5 6 7 8 x".parse().unwrap();
    let puzzle = Puzzle::new(unsolvable, Manhattan);
    assert!(Bfs::new().dense().search(&puzzle).is_unreachable());
    assert!(frontier::astar(&puzzle).is_unreachable());
    assert!(frontier::bidirectional_bfs(&puzzle).is_unreachable());
    assert_eq!(puzzle.solve(), None);
    // IDA* cannot prove it: a bound stops it.
    let result = IdaStar::new()
        .limits(Limits::new().max_cost(16))
        .search(&puzzle);
    assert_eq!(result.limit(), Some(frontier::Limit::Cost));
}

#[test]
fn other_shapes_solve_too() {
    let board = sliding_puzzle::Board::<2, 4>::random_solvable(9);
    let bfs = Bfs::new().dense().search(&Puzzle::new(board, Zero));
    let ida = frontier::idastar(&Puzzle::new(board, LinearConflict));
    let bfs = bfs.into_solution().unwrap();
    let ida = ida.into_solution().unwrap();
    assert_eq!(bfs.len(), ida.len());
    assert_eq!(board.verify_solution(&ida.actions), Ok(()));
    let fifteen = sliding_puzzle::Fifteen::random_walk(4, 40);
    let moves = Puzzle::new(fifteen, LinearConflict).solve().unwrap();
    assert_eq!(fifteen.verify_solution(&moves), Ok(()));
    assert!(moves.len() <= 40);
}

#[test]
fn dense_tables_for_fifteen_are_refused() {
    // 16! ranks cannot have a dense table: frontier stops before allocating.
    let puzzle = Puzzle::new(sliding_puzzle::Fifteen::random_walk(1, 10), Zero);
    let limits = Limits::new().max_stored(10_000_000);
    let result = Bfs::new().dense().limits(limits.clone()).search(&puzzle);
    assert_eq!(result.limit(), Some(frontier::Limit::Stored));
    // The hashed search solves the same board.
    let hashed = Bfs::new().limits(limits).search(&puzzle);
    assert!(hashed.solution().is_some());
}

/// A puzzle that counts the steps its searches take from it.
struct Counted {
    puzzle: Puzzle<3, 3, Manhattan>,
    steps: std::cell::Cell<u64>,
}

impl frontier::SearchProblem for Counted {
    type State = PuzzleState<3, 3>;
    type Action = Move;
    type Cost = u32;

    fn start(&self) -> Self::State {
        self.puzzle.start()
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        self.puzzle.is_goal(state)
    }

    fn successors(
        &self,
        state: &Self::State,
    ) -> impl Iterator<Item = frontier::Step<Self::State, Move, u32>> {
        self.puzzle
            .successors(state)
            .inspect(|_| self.steps.set(self.steps.get() + 1))
    }
}

impl frontier::BidirectionalProblem for Counted {
    fn goal(&self) -> Self::State {
        self.puzzle.goal()
    }

    fn predecessors(
        &self,
        state: &Self::State,
    ) -> impl Iterator<Item = frontier::Step<Self::State, Move, u32>> {
        self.puzzle
            .predecessors(state)
            .inspect(|_| self.steps.set(self.steps.get() + 1))
    }
}

impl frontier::RankedStates for Counted {
    fn state_count(&self) -> usize {
        self.puzzle.state_count()
    }

    fn rank(&self, state: &Self::State) -> usize {
        self.puzzle.rank(state)
    }
}

#[test]
fn bidirectional_bfs_finds_shortest_paths_and_counts_every_step() {
    // The plain function (a reused searcher behind it), a searcher of our
    // own and a dense one on 200 random boards: each path as short as the
    // table (a reverse BFS) says, replayed, and `generated` the two roots
    // plus every step taken from the problem. Then the same under limits
    // that stop the searches in the middle of an expansion's children.
    use frontier::{BidirectionalProblem, SearchProblem};
    let mut reused = BidirectionalBfs::new();
    let mut dense = BidirectionalBfs::new().dense();
    for seed in 0..200 {
        let board = Eight::random_solvable(seed);
        let expected = usize::from(TABLE.distance(&board).expect("solvable"));
        let counted = Counted {
            puzzle: Puzzle::new(board, Manhattan),
            steps: std::cell::Cell::new(0),
        };
        let mut expanded = Vec::new();
        for (name, search) in [
            (
                "plain",
                &mut (|p: &Counted| frontier::bidirectional_bfs(p))
                    as &mut dyn FnMut(&Counted) -> _,
            ),
            ("reused", &mut |p: &Counted| reused.search(p)),
            ("dense", &mut |p: &Counted| dense.search(p)),
        ] {
            counted.steps.set(0);
            let result = search(&counted);
            check(name, board, &result, expected);
            let roots = if expected == 0 { 1 } else { 2 };
            assert_eq!(
                result.stats.generated,
                roots + counted.steps.get(),
                "{name} {seed}"
            );
            expanded.push(result.stats.expanded);
        }
        assert!(expanded.iter().all(|&e| e == expanded[0]), "{expanded:?}");
        for limits in [
            Limits::new().max_expanded(expanded[0] / 2),
            Limits::new().max_stored(7 + usize::try_from(seed).unwrap()),
        ] {
            counted.steps.set(0);
            let result = BidirectionalBfs::new().limits(limits).search(&counted);
            assert_eq!(result.stats.generated, 2 + counted.steps.get(), "{seed}");
            if let Some(solution) = result.solution() {
                assert_eq!(solution.len(), expected);
                assert_eq!(board.verify_solution(&solution.actions), Ok(()));
            } else {
                assert!(result.limit().is_some(), "{seed}: {:?}", result.outcome);
            }
        }
        // The wrapped puzzle agrees with itself.
        assert_eq!(counted.goal().board, Eight::goal());
        assert!(counted.is_goal(&counted.goal()));
    }
}
