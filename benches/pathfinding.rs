//! frontier against the `pathfinding` crate on the same random solvable 3x3
//! boards with the same heuristic (Manhattan distance).
//!
//! The `pathfinding` side is written the way a typical user writes it: a
//! `[u8; 9]` board, closures returning a `Vec` of neighbours, the heuristic
//! recomputed from scratch. The frontier side is the `sliding-puzzle` crate
//! through frontier's generic algorithms: the free functions (fresh tables
//! each search, as a typical user calls them) and, as `*_reused`, a searcher
//! kept across the boards so its tables are allocated once. Every iteration
//! checks the
//! solution lengths of both sides against the reverse-BFS table. Before
//! timing, it prints (`work:` lines) how many states each side generates,
//! for the per-state costs in `docs/benchmarks.md`.
//!
//! `cargo bench -p frontier-benches --bench pathfinding`

use std::cell::Cell;
use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use frontier::{AStar, Bfs, BidirectionalBfs, IdaStar};
use sliding_puzzle::{Eight, EightTable, Manhattan, Puzzle};

/// How many boards each iteration solves.
const BOARDS: u64 = 32;

type Cells = [u8; 9];
const GOAL: Cells = [1, 2, 3, 4, 5, 6, 7, 8, 0];

fn neighbours(board: &Cells) -> Vec<Cells> {
    let blank = board.iter().position(|&t| t == 0).unwrap();
    let (row, col) = (blank / 3, blank % 3);
    let mut next = Vec::with_capacity(4);
    let mut swap = |other: usize| {
        let mut b = *board;
        b.swap(blank, other);
        next.push(b);
    };
    if row > 0 {
        swap(blank - 3);
    }
    if col > 0 {
        swap(blank - 1);
    }
    if col < 2 {
        swap(blank + 1);
    }
    if row < 2 {
        swap(blank + 3);
    }
    next
}

fn manhattan(board: &Cells) -> u32 {
    let mut sum = 0;
    for (cell, &tile) in board.iter().enumerate() {
        if tile != 0 {
            let home = usize::from(tile - 1);
            sum += (cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3);
        }
    }
    u32::try_from(sum).unwrap()
}

fn cells(board: &Eight) -> Cells {
    let mut out = [0; 9];
    for (slot, tile) in out.iter_mut().zip(board.tiles()) {
        *slot = tile;
    }
    out
}

/// The boards, their `[u8; 9]` twins and their optimal lengths.
fn boards() -> (Vec<Eight>, Vec<Cells>, Vec<usize>) {
    let table = EightTable::build();
    let boards: Vec<Eight> = (0..BOARDS).map(Eight::random_solvable).collect();
    let optimal = boards
        .iter()
        .map(|b| usize::from(table.distance(b).unwrap()))
        .collect();
    let arrays = boards.iter().map(cells).collect();
    (boards, arrays, optimal)
}

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

/// Benchmarks `solve` over `items` as `library/algorithm`, checking every
/// returned length against `optimal` in each iteration.
fn bench_lengths<T>(
    group: &mut Group<'_>,
    library: &str,
    algorithm: &str,
    items: &[T],
    optimal: &[usize],
    mut solve: impl FnMut(&T) -> usize,
) {
    group.bench_function(BenchmarkId::new(library, algorithm), |b| {
        b.iter(|| {
            for (item, &length) in items.iter().zip(optimal) {
                assert_eq!(solve(item), length);
            }
        });
    });
}

/// A pathfinding path's number of moves (it lists the start too).
fn moves(path: &[Cells]) -> usize {
    path.len() - 1
}

fn searches(c: &mut Criterion) {
    let (boards, arrays, optimal) = boards();
    let unit = |n: &Cells| neighbours(n).into_iter().map(|m| (m, 1));
    let goal = |n: &Cells| *n == GOAL;
    let mut group = c.benchmark_group("eight_vs_pathfinding");
    group.sample_size(10);

    bench_lengths(&mut group, "pathfinding", "astar", &arrays, &optimal, |s| {
        moves(
            &pathfinding::directed::astar::astar(s, unit, manhattan, goal)
                .unwrap()
                .0,
        )
    });
    bench_lengths(&mut group, "frontier", "astar", &boards, &optimal, |&s| {
        frontier::astar(&Puzzle::new(s, Manhattan))
            .into_solution()
            .unwrap()
            .len()
    });
    let mut astar = AStar::new();
    bench_lengths(
        &mut group,
        "frontier",
        "astar_reused",
        &boards,
        &optimal,
        |&s| {
            let result = astar.search(&Puzzle::new(s, Manhattan));
            result.into_solution().unwrap().len()
        },
    );
    bench_lengths(
        &mut group,
        "frontier",
        "astar_ranked",
        &boards,
        &optimal,
        |&s| {
            let result = AStar::new().dense().search(&Puzzle::new(s, Manhattan));
            result.into_solution().unwrap().len()
        },
    );
    bench_lengths(
        &mut group,
        "pathfinding",
        "idastar",
        &arrays,
        &optimal,
        |s| {
            moves(
                &pathfinding::directed::idastar::idastar(s, unit, manhattan, goal)
                    .unwrap()
                    .0,
            )
        },
    );
    let mut ida = IdaStar::new();
    bench_lengths(&mut group, "frontier", "idastar", &boards, &optimal, |&s| {
        ida.search(&Puzzle::new(s, Manhattan))
            .into_solution()
            .unwrap()
            .len()
    });
    bidirectional(&mut group, &boards, &arrays, &optimal);
    group.finish();
}

/// Bidirectional BFS, in the same group as A* and IDA*.
fn bidirectional(group: &mut Group<'_>, boards: &[Eight], arrays: &[Cells], optimal: &[usize]) {
    bench_lengths(
        group,
        "pathfinding",
        "bfs_bidirectional",
        arrays,
        optimal,
        |s| {
            moves(
                &pathfinding::directed::bfs::bfs_bidirectional(s, &GOAL, neighbours, neighbours)
                    .unwrap(),
            )
        },
    );
    bench_lengths(
        group,
        "frontier",
        "bidirectional_bfs",
        boards,
        optimal,
        |&s| {
            frontier::bidirectional_bfs(&Puzzle::new(s, Manhattan))
                .into_solution()
                .unwrap()
                .len()
        },
    );
    let mut bidirectional = BidirectionalBfs::new();
    bench_lengths(
        group,
        "frontier",
        "bidirectional_bfs_reused",
        boards,
        optimal,
        |&s| {
            let result = bidirectional.search(&Puzzle::new(s, Manhattan));
            result.into_solution().unwrap().len()
        },
    );
    bench_lengths(
        group,
        "frontier",
        "bidirectional_bfs_ranked",
        boards,
        optimal,
        |&s| {
            let result = BidirectionalBfs::new()
                .dense()
                .search(&Puzzle::new(s, Manhattan));
            result.into_solution().unwrap().len()
        },
    );
}

fn breadth_first(c: &mut Criterion) {
    let (boards, arrays, optimal) = boards();
    let goal = |n: &Cells| *n == GOAL;
    // BFS takes milliseconds a board: fewer boards, same check.
    let few = 4;
    let (boards, arrays, optimal) = (&boards[..few], &arrays[..few], &optimal[..few]);
    let mut group = c.benchmark_group("eight_vs_pathfinding_bfs");
    group.sample_size(10);
    bench_lengths(&mut group, "pathfinding", "bfs", arrays, optimal, |s| {
        moves(&pathfinding::directed::bfs::bfs(s, neighbours, goal).unwrap())
    });
    bench_lengths(&mut group, "frontier", "bfs", boards, optimal, |&s| {
        frontier::bfs(&Puzzle::new(s, Manhattan))
            .into_solution()
            .unwrap()
            .len()
    });
    let mut bfs = Bfs::new();
    bench_lengths(
        &mut group,
        "frontier",
        "bfs_reused",
        boards,
        optimal,
        |&s| {
            let result = bfs.search(&Puzzle::new(s, Manhattan));
            result.into_solution().unwrap().len()
        },
    );
    bench_lengths(
        &mut group,
        "frontier",
        "bfs_ranked",
        boards,
        optimal,
        |&s| {
            Bfs::new()
                .dense()
                .search(&Puzzle::new(s, Manhattan))
                .into_solution()
                .unwrap()
                .len()
        },
    );
    group.finish();
}

fn enumeration(c: &mut Criterion) {
    // The whole space: pathfinding's reachability iterator against the table.
    let mut group = c.benchmark_group("eight_full_enumeration");
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("pathfinding", "bfs_reach"), |b| {
        b.iter(|| {
            let count = pathfinding::directed::bfs::bfs_reach(GOAL, neighbours).count();
            assert_eq!(count, 181_440);
        });
    });
    group.bench_function(BenchmarkId::new("frontier", "eight_table_build"), |b| {
        b.iter(|| {
            let table = black_box(EightTable::build());
            assert_eq!(table.reachable(), 181_440);
        });
    });
    group.finish();
}

/// Prints, once, how many states each search generates on the bench boards
/// (32 boards; BFS: the first 4), for both libraries, and what the table
/// build generates: with the times, the cost per generated state.
fn work(_: &mut Criterion) {
    let (boards, arrays, _) = boards();
    let generated = Cell::new(0_u64);
    let counted = |n: &Cells| {
        let next = neighbours(n);
        generated.set(generated.get() + next.len() as u64);
        next
    };
    let unit = |n: &Cells| counted(n).into_iter().map(|m| (m, 1));
    let goal = |n: &Cells| *n == GOAL;
    let pf = |name: &str, boards: &[Cells], solve: &mut dyn FnMut(&Cells)| {
        generated.set(0);
        boards.iter().for_each(&mut *solve);
        println!("work: pathfinding {name}: {} generated", generated.get());
    };
    pf("astar", &arrays, &mut |s| {
        pathfinding::directed::astar::astar(s, unit, manhattan, goal).unwrap();
    });
    pf("idastar", &arrays, &mut |s| {
        pathfinding::directed::idastar::idastar(s, unit, manhattan, goal).unwrap();
    });
    pf("bfs_bidirectional", &arrays, &mut |s| {
        pathfinding::directed::bfs::bfs_bidirectional(s, &GOAL, counted, counted).unwrap();
    });
    pf("bfs", &arrays[..4], &mut |s| {
        pathfinding::directed::bfs::bfs(s, counted, goal).unwrap();
    });
    let fr = |name: &str,
              boards: &[Eight],
              solve: &dyn Fn(Puzzle<3, 3, Manhattan>) -> frontier::Stats<u32>| {
        let (mut generated, mut stored) = (0, 0);
        for &board in boards {
            let stats = solve(Puzzle::new(board, Manhattan));
            generated += stats.generated;
            stored += stats.peak_stored;
        }
        println!("work: frontier {name}: {generated} generated, {stored} stored");
    };
    fr("astar", &boards, &|p| frontier::astar(&p).stats);
    fr("idastar", &boards, &|p| frontier::idastar(&p).stats);
    fr("bidirectional_bfs", &boards, &|p| {
        frontier::bidirectional_bfs(&p).stats
    });
    fr("bfs", &boards[..4], &|p| frontier::bfs(&p).stats);
    // The table build generates each solvable state's moves once: 20,160
    // states for each of the blank's 9 cells, and 24 moves over those cells.
    println!(
        "work: frontier eight_table_build: {} generated, 181440 stored",
        20_160 * 24
    );
}

criterion_group!(benches, work, searches, breadth_first, enumeration);
criterion_main!(benches);
