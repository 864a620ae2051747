//! The whole 8-puzzle as an oracle: an independent breadth-first search from
//! the goal gives every board's distance, which the published distribution,
//! frontier's BFS, [`EightTable`] and every heuristic are checked against.

use std::collections::HashMap;
use std::sync::LazyLock;

use frontier::{Bfs, RankedStates, SearchProblem, Step};
use sliding_puzzle::{
    Eight, EightTable, Heuristic, LinearConflict, Manhattan, Misplaced, Puzzle, PuzzleState, Zero,
};

/// Every solvable board with its distance, by a plain BFS written without
/// ranks, tables or frontier.
static DISTANCES: LazyLock<HashMap<Eight, u8>> = LazyLock::new(|| {
    let mut distances = HashMap::with_capacity(181_440);
    distances.insert(Eight::goal(), 0);
    let mut layer = vec![Eight::goal()];
    let mut depth = 0;
    while !layer.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for board in layer {
            for m in board.legal_moves() {
                let child = board.apply(m).expect("legal move");
                distances.entry(child).or_insert_with(|| {
                    next.push(child);
                    depth
                });
            }
        }
        layer = next;
    }
    distances
});

static TABLE: LazyLock<EightTable> = LazyLock::new(EightTable::build);

/// `testdata/eight-puzzle-distances.txt`: `depth count` lines.
fn published_histogram() -> Vec<u64> {
    include_str!("../testdata/eight-puzzle-distances.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let (depth, count) = line.split_once(' ').expect("two fields");
            assert_eq!(depth.parse::<usize>().unwrap(), i, "depths are consecutive");
            count.parse().unwrap()
        })
        .collect()
}

#[test]
fn bfs_reaches_181440_boards_with_the_published_distribution() {
    let mut histogram = vec![0u64; 32];
    for &depth in DISTANCES.values() {
        histogram[usize::from(depth)] += 1;
    }
    assert_eq!(DISTANCES.len(), 181_440);
    assert_eq!(histogram, published_histogram());
    let mut farthest: Vec<String> = DISTANCES
        .iter()
        .filter(|&(_, &d)| d == 31)
        .map(|(board, _)| board.to_line())
        .collect();
    farthest.sort();
    assert_eq!(farthest, ["6 4 7 8 5 x 3 2 1", "8 6 7 2 5 4 3 x 1"]);
}

/// The puzzle with no goal: frontier's BFS must visit every reachable board
/// and prove the goal unreachable.
struct Explore(Puzzle<3, 3, Zero>);

impl SearchProblem for Explore {
    type State = PuzzleState<3, 3>;
    type Action = sliding_puzzle::Move;
    type Cost = u32;

    fn start(&self) -> Self::State {
        self.0.start()
    }

    fn is_goal(&self, _: &Self::State) -> bool {
        false
    }

    fn successors(
        &self,
        state: &Self::State,
    ) -> impl Iterator<Item = Step<Self::State, Self::Action, u32>> {
        self.0.successors(state)
    }
}

impl RankedStates for Explore {
    fn state_count(&self) -> usize {
        self.0.state_count()
    }

    fn rank(&self, state: &Self::State) -> usize {
        self.0.rank(state)
    }
}

#[test]
fn frontier_bfs_visits_exactly_the_reachable_half() {
    let explore = Explore(Puzzle::new(Eight::goal(), Zero));
    let result = Bfs::new().dense().search(&explore);
    assert!(result.is_unreachable());
    assert_eq!(result.stats.peak_stored, 181_440);
    assert_eq!(result.stats.expanded, 181_440);
}

#[test]
fn table_agrees_with_bfs_on_every_board() {
    assert_eq!(TABLE.histogram(), published_histogram());
    assert_eq!(TABLE.reachable(), 181_440);
    let mut solvable = 0;
    for rank in 0..Eight::ARRANGEMENTS {
        let board = Eight::unrank(rank).unwrap();
        let expected = DISTANCES.get(&board).copied();
        assert_eq!(TABLE.distance(&board), expected, "{board:?}");
        assert_eq!(board.is_solvable(), expected.is_some(), "{board:?}");
        solvable += u32::from(expected.is_some());
    }
    assert_eq!(solvable, 181_440);
    assert_eq!(
        TABLE.distance(&"8 6 7 2 5 4 3 x 1".parse().unwrap()),
        Some(31)
    );
}

#[test]
fn table_solutions_are_optimal_and_legal() {
    // Every 97th board (about 1,900) keeps the debug run short.
    for (board, &distance) in DISTANCES.iter().step_by(97) {
        let moves = TABLE.solve(board).unwrap();
        assert_eq!(moves.len(), usize::from(distance));
        assert_eq!(board.verify_solution(&moves), Ok(()));
    }
    let unsolvable: Eight = "2 1 3 4 5 6 7 8 x".parse().unwrap();
    assert_eq!(TABLE.solve(&unsolvable), None);
}

/// Admissible, zero exactly at the goal, consistent where claimed, and
/// `update` equal to `estimate` across every move of every board.
fn check_heuristic<Hr: Heuristic<3, 3>>(name: &str, heuristic: &Hr) {
    for (board, &distance) in DISTANCES.iter() {
        let h = heuristic.estimate(board);
        assert!(
            h <= distance,
            "{name} overestimates {board:?}: {h} > {distance}"
        );
        assert_eq!(h == 0, board.is_goal(), "{name} on {board:?}");
        for m in board.legal_moves() {
            let (child, slide) = board.apply_with_slide(m).unwrap();
            let expected = heuristic.estimate(&child);
            let updated = heuristic.update(&child, h, slide);
            assert_eq!(updated, expected, "{name} update on {board:?} then {m}");
            if heuristic.is_consistent() {
                assert!(
                    h.abs_diff(expected) <= 1,
                    "{name} inconsistent on {board:?} then {m}"
                );
            }
        }
    }
}

#[test]
fn misplaced_is_admissible_and_consistent() {
    check_heuristic("misplaced", &Misplaced);
}

#[test]
fn manhattan_is_admissible_and_consistent() {
    check_heuristic("manhattan", &Manhattan);
}

#[test]
fn linear_conflict_is_admissible_and_consistent() {
    check_heuristic("linear conflict", &LinearConflict);
    // It dominates Manhattan distance and is strictly better somewhere.
    let better = DISTANCES
        .keys()
        .filter(|board| {
            let lc = LinearConflict.estimate(board);
            let md = Manhattan.estimate(board);
            assert!(lc >= md);
            lc > md
        })
        .count();
    assert!(better > 50_000, "only {better} boards improved");
}

#[test]
fn zero_is_zero() {
    assert!(DISTANCES.keys().all(|board| Zero.estimate(board) == 0));
}

/// The table's build time, best of 20 (target: under 15 ms):
/// `cargo test --release -p frontier-sliding-puzzle --test eight -- --ignored --nocapture speed`
#[test]
#[ignore = "a speed measurement: run in release with --nocapture"]
fn speed_table_build() {
    let best = (0..20)
        .map(|_| {
            let started = std::time::Instant::now();
            let table = EightTable::build();
            assert_eq!(table.reachable(), 181_440);
            started.elapsed()
        })
        .min()
        .unwrap();
    println!("EightTable::build: {best:.2?} (best of 20)");
}
