//! The distributed enumeration against the single-machine BFS and the
//! published 3x3 distribution, on 1 and 2 worker threads. The two-process
//! runs are in the root package's `tests/enumerate.rs`, which spawns the
//! `enumerate` example twice.

use frontier::{Bfs, Outcome};
use frontier_dataflow::{LayeredBfs, Workers};
use sliding_puzzle::heuristic::Zero;
use sliding_puzzle::{Board, Puzzle};

/// The enumeration of every `W`x`H` board reachable from the goal.
fn puzzle<const W: usize, const H: usize>()
-> LayeredBfs<Puzzle<W, H, Zero>, impl Fn(u64) -> sliding_puzzle::PuzzleState<W, H>> {
    let puzzle = Puzzle::new(Board::<W, H>::goal(), Zero);
    let states = puzzle;
    LayeredBfs::new(puzzle, move |rank| {
        // cannot fail: the engine only unranks ranks the problem produced
        states.state(Board::unrank(rank).expect("a rank below (W*H)!"))
    })
}

/// `depth count` lines, `#` comments skipped.
fn published_eight() -> Vec<u64> {
    let text = include_str!("../testdata/eight-puzzle-distances.txt");
    let mut histogram = Vec::new();
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let mut fields = line.split_whitespace().map(|f| f.parse::<u64>().unwrap());
        let (depth, count) = (fields.next().unwrap(), fields.next().unwrap());
        assert_eq!(depth, histogram.len() as u64, "depths are listed in order");
        histogram.push(count);
    }
    histogram
}

#[test]
fn eight_puzzle_matches_the_published_distribution_on_one_and_two_workers() {
    let published = published_eight();
    assert_eq!(published.iter().sum::<u64>(), 181_440);
    assert_eq!(published.last(), Some(&2));
    let bfs = puzzle::<3, 3>();
    let sequential = bfs.run_sequential(|_| {});
    assert_eq!(sequential.histogram, published);
    for threads in [1, 2] {
        let layers = std::sync::Mutex::new(Vec::new());
        let layers = std::sync::Arc::new(layers);
        let seen = std::sync::Arc::clone(&layers);
        let result = bfs
            .run(&Workers::threads(threads), move |layer| {
                seen.lock().unwrap().push(*layer);
            })
            .unwrap()
            .expect("one process is process 0");
        assert_eq!(result.histogram, published, "{threads} workers");
        assert_eq!((result.total(), result.max_depth()), (181_440, 31));
        // One progress call per layer, in order, with running totals.
        let layers = layers.lock().unwrap();
        assert_eq!(layers.len(), published.len());
        let mut total = 0;
        for (depth, layer) in layers.iter().enumerate() {
            total += published[depth];
            assert_eq!(
                (layer.depth as usize, layer.states, layer.total),
                (depth, published[depth], total)
            );
        }
    }
}

#[test]
fn two_by_four_matches_the_single_machine_bfs_on_one_two_and_three_workers() {
    let bfs = puzzle::<4, 2>();
    let sequential = bfs.run_sequential(|_| {});
    assert_eq!(sequential.total(), 20_160, "8!/2 boards are reachable");
    // An independent count: frontier's own (hashed) BFS proves a goal
    // that never holds unreachable after expanding every reachable board.
    let no_goal = frontier::from_fn(
        Board::<4, 2>::goal(),
        |board: &Board<4, 2>| {
            let board = *board;
            board
                .legal_moves()
                .filter_map(move |m| board.apply(m).map(|next| (next, 1u32)))
        },
        |_: &Board<4, 2>| false,
    );
    let exhausted = Bfs::new().search(&no_goal);
    assert!(matches!(exhausted.outcome, Outcome::Unreachable));
    assert_eq!(exhausted.stats.expanded, 20_160);
    for threads in [1, 2, 3] {
        let result = bfs
            .run(&Workers::threads(threads), |_| {})
            .unwrap()
            .expect("one process is process 0");
        assert_eq!(result.histogram, sequential.histogram, "{threads} workers");
    }
}

#[test]
fn distances_written_per_worker_agree_with_a_board_by_board_search() {
    let dir = std::env::temp_dir().join(format!(
        "frontier-dataflow-distances-{}",
        std::process::id()
    ));
    let bfs = puzzle::<3, 3>().write_distances(&dir);
    bfs.run(&Workers::threads(2), |_| {}).unwrap().unwrap();
    let parts: Vec<Vec<u8>> = (0..2)
        .map(|w| std::fs::read(dir.join(format!("distances-{w}-of-2.bin"))).unwrap())
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    let mut histogram = vec![0u64; 32];
    let table = sliding_puzzle::EightTable::build();
    for rank in 0..362_880u64 {
        let byte = parts[(rank % 2) as usize][(rank / 2) as usize];
        let board = Board::<3, 3>::unrank(rank).unwrap();
        if board.is_solvable() {
            assert_eq!(Some(byte), table.distance(&board), "rank {rank}");
            histogram[usize::from(byte)] += 1;
        } else {
            assert_eq!(byte, 255, "rank {rank} is unreachable");
        }
    }
    assert_eq!(histogram, published_eight());
}

#[test]
fn a_missing_hosts_file_and_a_bad_process_are_clear_errors() {
    let missing = std::path::Path::new("/nonexistent/hosts.txt");
    let error = Workers::from_hosts_file(1, 2, 0, missing).unwrap_err();
    assert!(
        error.to_string().contains("/nonexistent/hosts.txt"),
        "{error}"
    );
    let error = Workers::cluster(1, 2, vec!["a:1".into(), "b:2".into()]).unwrap_err();
    assert!(error.to_string().contains("process 2"), "{error}");
    let hosts =
        std::env::temp_dir().join(format!("frontier-dataflow-hosts-{}", std::process::id()));
    std::fs::write(&hosts, "localhost:2101\n").unwrap();
    let error = Workers::from_hosts_file(1, 2, 0, &hosts).unwrap_err();
    std::fs::remove_file(&hosts).unwrap();
    assert!(error.to_string().contains("lists 1 addresses"), "{error}");
}
