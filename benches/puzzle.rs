//! Every strategy × heuristic on fixed seeded 3x3 boards and on easy 4x4
//! Korf instances, side by side; and the 3x3 reverse-BFS table build.
//!
//! `cargo bench -p frontier-benches --bench puzzle`
//!
//! Each iteration solves the whole set and checks every length against the
//! reverse-BFS table (3x3) or the published optimum (4x4).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use frontier::{AStar, Bfs, BidirectionalBfs, IdaStar};
use sliding_puzzle::instances::korf100;
use sliding_puzzle::{
    Eight, EightTable, Fifteen, Heuristic, LinearConflict, Manhattan, Misplaced, Puzzle,
};

/// Seeded random solvable 3x3 boards per iteration.
const EIGHT_BOARDS: u64 = 16;

fn eight(c: &mut Criterion) {
    let table = EightTable::build();
    let boards: Vec<Eight> = (1000..1000 + EIGHT_BOARDS)
        .map(Eight::random_solvable)
        .collect();
    let optimal: Vec<usize> = boards
        .iter()
        .map(|b| usize::from(table.distance(b).unwrap()))
        .collect();
    let mut group = c.benchmark_group("eight_random16");
    group.sample_size(10);

    group.bench_function(BenchmarkId::new("table", "lookup"), |b| {
        b.iter(|| {
            for (board, &length) in boards.iter().zip(&optimal) {
                assert_eq!(table.solve(board).unwrap().len(), length);
            }
        });
    });
    let mut bfs = Bfs::new();
    let mut bfs_dense = Bfs::new().dense();
    group.bench_function(BenchmarkId::new("bfs", "hashed"), |b| {
        b.iter(|| {
            for (&board, &length) in boards.iter().zip(&optimal) {
                let result = bfs.search(&Puzzle::new(board, Manhattan));
                assert_eq!(result.solution().unwrap().len(), length);
            }
        });
    });
    group.bench_function(BenchmarkId::new("bfs", "dense"), |b| {
        b.iter(|| {
            for (&board, &length) in boards.iter().zip(&optimal) {
                let result = bfs_dense.search(&Puzzle::new(board, Manhattan));
                assert_eq!(result.solution().unwrap().len(), length);
            }
        });
    });
    let mut bidirectional = BidirectionalBfs::new();
    let mut bidirectional_dense = BidirectionalBfs::new().dense();
    group.bench_function(BenchmarkId::new("bidirectional", "hashed"), |b| {
        b.iter(|| {
            for (&board, &length) in boards.iter().zip(&optimal) {
                let result = bidirectional.search(&Puzzle::new(board, Manhattan));
                assert_eq!(result.solution().unwrap().len(), length);
            }
        });
    });
    group.bench_function(BenchmarkId::new("bidirectional", "dense"), |b| {
        b.iter(|| {
            for (&board, &length) in boards.iter().zip(&optimal) {
                let result = bidirectional_dense.search(&Puzzle::new(board, Manhattan));
                assert_eq!(result.solution().unwrap().len(), length);
            }
        });
    });
    eight_informed(&mut group, "misplaced", Misplaced, &boards, &optimal);
    eight_informed(&mut group, "manhattan", Manhattan, &boards, &optimal);
    eight_informed(
        &mut group,
        "linear_conflict",
        LinearConflict,
        &boards,
        &optimal,
    );
    group.finish();

    let mut group = c.benchmark_group("eight_table_build");
    group.sample_size(20);
    group.bench_function("build", |b| {
        b.iter(|| {
            let table = black_box(EightTable::build());
            assert_eq!(table.reachable(), 181_440);
        });
    });
    group.finish();
}

fn eight_informed<H: Heuristic<3, 3> + Copy>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    heuristic: H,
    boards: &[Eight],
    optimal: &[usize],
) {
    let mut astar = AStar::new();
    let mut astar_dense = AStar::new().dense();
    group.bench_function(BenchmarkId::new("astar_hashed", name), |b| {
        b.iter(|| {
            for (&board, &length) in boards.iter().zip(optimal) {
                let result = astar.search(&Puzzle::new(board, heuristic));
                assert_eq!(result.solution().unwrap().len(), length);
            }
        });
    });
    group.bench_function(BenchmarkId::new("astar_dense", name), |b| {
        b.iter(|| {
            for (&board, &length) in boards.iter().zip(optimal) {
                let result = astar_dense.search(&Puzzle::new(board, heuristic));
                assert_eq!(result.solution().unwrap().len(), length);
            }
        });
    });
    let mut ida = IdaStar::new();
    group.bench_function(BenchmarkId::new("idastar", name), |b| {
        b.iter(|| {
            for (&board, &length) in boards.iter().zip(optimal) {
                let result = ida.search(&Puzzle::new(board, heuristic));
                assert_eq!(result.solution().unwrap().len(), length);
            }
        });
    });
}

/// Korf's instances with the smallest IDA* + Manhattan node counts.
const EASY_KORF: [u32; 4] = [79, 12, 42, 55];

fn fifteen(c: &mut Criterion) {
    let instances: Vec<(u32, Fifteen, usize)> = korf100()
        .into_iter()
        .filter_map(|instance| Some((instance.id?, instance.board, instance.length?)))
        .filter(|(id, _, _)| EASY_KORF.contains(id))
        .collect();
    let mut group = c.benchmark_group("fifteen_easy_korf");
    group.sample_size(10);
    for (id, board, length) in instances {
        let mut ida = IdaStar::new();
        group.bench_function(BenchmarkId::new("idastar_manhattan", id), |b| {
            b.iter(|| {
                let result = ida.search(&Puzzle::new(board, Manhattan));
                assert_eq!(result.solution().unwrap().len(), length);
            });
        });
        group.bench_function(BenchmarkId::new("idastar_linear_conflict", id), |b| {
            b.iter(|| {
                let result = ida.search(&Puzzle::new(board, LinearConflict));
                assert_eq!(result.solution().unwrap().len(), length);
            });
        });
        let mut astar = AStar::new();
        group.bench_function(BenchmarkId::new("astar_linear_conflict", id), |b| {
            b.iter(|| {
                let result = astar.search(&Puzzle::new(board, LinearConflict));
                assert_eq!(result.solution().unwrap().len(), length);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, eight, fifteen);
criterion_main!(benches);
