//! IDA* with bidirectional pathmax (`IdaStar::bpmx`) on the sliding puzzle,
//! whose pattern databases are inconsistent (each entry is the minimum over
//! the blank's positions): the optimal lengths, every solution replayed.
//!
//! The default run solves random 3x3 boards and random 4x4 walks with small
//! databases built on the spot. Korf's instances with the 6-6-3 database
//! and its reflection (built once into `target/pdb-cache`, or read from
//! `PDB_CACHE_DIR`) are ignored by default; run them with
//!
//! ```text
//! cargo test --release -p frontier-sliding-puzzle --test bpmx -- --ignored --nocapture
//! ```

use std::path::{Path, PathBuf};

use frontier::IdaStar;
use sliding_puzzle::heuristic::pdb::{FIFTEEN_6_6_3, Partition};
use sliding_puzzle::instances::korf100;
use sliding_puzzle::{Eight, Fifteen, Heuristic, Manhattan, PatternDatabase, Puzzle};

/// The 3x3 database of two groups of four tiles, with its reflection.
fn eight_database() -> PatternDatabase<3, 3> {
    let partition = Partition::<3, 3>::new([[1, 2, 3, 4], [5, 6, 7, 8]]).unwrap();
    PatternDatabase::build(&partition, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap()
}

#[test]
fn random_eight_puzzles_get_their_optimal_lengths() {
    let database = eight_database();
    assert!(!database.is_consistent());
    let mut plain = IdaStar::new();
    let mut bpmx = IdaStar::new().bpmx();
    let (mut plain_nodes, mut bpmx_nodes) = (0, 0);
    for seed in 0..100 {
        let board = Eight::random_solvable(seed);
        // The oracle: A* with Manhattan distance, consistent, no pathmax.
        let optimum = frontier::astar(&Puzzle::new(board, Manhattan))
            .into_solution()
            .unwrap()
            .len();
        let puzzle = Puzzle::new(board, database.clone());
        let by_plain = plain.search(&puzzle);
        let by_bpmx = bpmx.search(&puzzle);
        for result in [&by_plain, &by_bpmx] {
            let solution = result.solution().expect("solvable");
            assert_eq!(solution.len(), optimum, "seed {seed}");
            board.verify_solution(&solution.actions).unwrap();
        }
        plain_nodes += by_plain.stats.generated;
        bpmx_nodes += by_bpmx.stats.generated;
    }
    println!("100 random 3x3 boards: {plain_nodes} nodes plain, {bpmx_nodes} with BPMX");
}

#[test]
fn random_fifteen_walks_get_their_optimal_lengths() {
    let partition = Partition::<4, 4>::new([[1, 2, 5], [3, 4, 8], [13, 14, 15]]).unwrap();
    let database = PatternDatabase::build(&partition, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let mut bpmx = IdaStar::new().bpmx();
    for seed in 0..20 {
        let board = Fifteen::random_walk(seed, 30);
        let optimum = frontier::idastar(&Puzzle::new(board, Manhattan))
            .into_solution()
            .unwrap()
            .len();
        let solution = bpmx
            .search(&Puzzle::new(board, database.clone()))
            .into_solution()
            .unwrap();
        assert_eq!(solution.len(), optimum, "seed {seed}");
        board.verify_solution(&solution.actions).unwrap();
    }
}

/// Korf's instances with the 6-6-3 database and its reflection, plain and
/// with BPMX: the published lengths, replayed, and the nodes of each.
#[test]
#[ignore = "builds the 6-6-3 tables once (seconds in release): run in release, see the module docs"]
fn korf_instances_with_6_6_3() {
    let dir = std::env::var_os("PDB_CACHE_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/pdb-cache"),
        PathBuf::from,
    );
    let partition = Partition::<4, 4>::new(FIFTEEN_6_6_3).unwrap();
    let database = PatternDatabase::load_or_build(&partition, &dir, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let mut plain = IdaStar::new();
    let mut bpmx = IdaStar::new().bpmx();
    let (mut plain_nodes, mut bpmx_nodes) = (0, 0);
    for instance in korf100().into_iter().take(10) {
        let board = instance.board;
        let puzzle = Puzzle::new(board, &database);
        let by_plain = plain.search(&puzzle);
        let by_bpmx = bpmx.search(&puzzle);
        for result in [&by_plain, &by_bpmx] {
            let solution = result.solution().expect("solvable");
            assert_eq!(Some(solution.len()), instance.length, "{instance:?}");
            board.verify_solution(&solution.actions).unwrap();
        }
        println!(
            "#{}: {} nodes plain, {} with BPMX",
            instance.id.unwrap_or_default(),
            by_plain.stats.generated,
            by_bpmx.stats.generated
        );
        plain_nodes += by_plain.stats.generated;
        bpmx_nodes += by_bpmx.stats.generated;
    }
    println!("first 10: {plain_nodes} nodes plain, {bpmx_nodes} with BPMX");
}
