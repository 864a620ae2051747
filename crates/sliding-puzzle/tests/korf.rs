//! Korf's 100 random 15-puzzle instances (Korf 1985), converted to the
//! blank-last goal, with their published optimal lengths.
//!
//! The default run solves the ten cheapest with A* and IDA* (linear
//! conflict), which takes seconds in a debug build. The full set is ignored
//! by default; run it with
//!
//! ```text
//! cargo test --release -p frontier-sliding-puzzle -- --ignored korf100
//! ```
//!
//! and the IDA* speed measurement (Manhattan distance, one instance) with
//!
//! ```text
//! cargo test --release -p frontier-sliding-puzzle --test korf -- --ignored --nocapture speed
//! ```

use std::time::Instant;

use frontier::IdaStar;
use sliding_puzzle::instances::korf100;
use sliding_puzzle::{Fifteen, Heuristic, LinearConflict, Manhattan, Puzzle};

/// One instance: Korf's number, the optimal length, the board.
struct Instance {
    id: u32,
    length: usize,
    board: Fifteen,
}

/// Korf's instances as read by the crate's instance parser, every one with
/// its id and length.
fn instances() -> Vec<Instance> {
    korf100()
        .into_iter()
        .map(|instance| Instance {
            id: instance.id.expect("Korf's lines have ids"),
            length: instance.length.expect("Korf's lines have lengths"),
            board: instance.board,
        })
        .collect()
}

fn instance(id: u32) -> Instance {
    instances().into_iter().find(|i| i.id == id).unwrap()
}

#[test]
fn the_file_holds_korfs_100() {
    let all = instances();
    assert_eq!(all.len(), 100);
    assert_eq!(all.iter().map(|i| i.length).sum::<usize>(), 5305);
    assert!(all.iter().all(|i| i.board.is_solvable()));
    // Manhattan distance never exceeds the optimum, and has its parity.
    for i in &all {
        let h = usize::from(Manhattan.estimate(&i.board));
        assert!(h <= i.length && (i.length - h) % 2 == 0, "#{}", i.id);
        assert!(
            usize::from(LinearConflict.estimate(&i.board)) <= i.length,
            "#{}",
            i.id
        );
    }
}

/// The ten cheapest instances for IDA* by Korf's node counts.
#[test]
fn cheap_instances_with_idastar_and_astar() {
    let mut ida = IdaStar::new();
    for id in [79, 12, 42, 55, 97, 19, 94, 47, 93, 9] {
        let Instance { length, board, .. } = instance(id);
        let puzzle = Puzzle::new(board, LinearConflict);
        let result = ida.search(&puzzle);
        let solution = result.solution().expect("solvable");
        assert_eq!(solution.len(), length, "IDA* on #{id}");
        assert_eq!(board.verify_solution(&solution.actions), Ok(()));

        let result = frontier::astar(&puzzle);
        let solution = result.solution().expect("solvable");
        assert_eq!(solution.len(), length, "A* on #{id}");
        assert_eq!(board.verify_solution(&solution.actions), Ok(()));
    }
}

#[test]
#[ignore = "about three minutes in release: cargo test --release -p frontier-sliding-puzzle -- --ignored korf100"]
fn korf100_idastar_linear_conflict() {
    let mut ida = IdaStar::new();
    let mut total_nodes = 0;
    let started = Instant::now();
    for Instance { id, length, board } in instances() {
        let result = ida.search(&Puzzle::new(board, LinearConflict));
        let solution = result.solution().expect("solvable");
        assert_eq!(solution.len(), length, "#{id}");
        assert_eq!(board.verify_solution(&solution.actions), Ok(()));
        total_nodes += result.stats.generated;
        println!(
            "#{id:3} {length} moves, {:>12} nodes, {:.2?}",
            result.stats.generated, result.stats.elapsed
        );
    }
    println!("all 100: {total_nodes} nodes in {:.2?}", started.elapsed());
}

#[test]
#[ignore = "a speed measurement: run in release with --nocapture"]
fn speed_idastar_manhattan() {
    // #79: 540,860 nodes in Korf's table; #2: 15 million.
    for id in [79, 2] {
        let Instance { length, board, .. } = instance(id);
        let result = frontier::idastar(&Puzzle::new(board, Manhattan));
        assert_eq!(result.solution().map(frontier::Solution::len), Some(length));
        println!(
            "#{id}: {} nodes generated in {:.3?}: {:.1} million nodes/s",
            result.stats.generated,
            result.stats.elapsed,
            result.stats.generated_per_second() / 1e6
        );
    }
}
