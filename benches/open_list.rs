//! A*'s open lists side by side: buckets by f and g, `std`'s binary heap
//! with stale entries, and a binary heap indexed by node id (one entry per
//! state, decrease-key), on weighted grids where cheaper paths to open states keep
//! turning up, and on the 8-puzzle.
//!
//! `cargo bench -p frontier-benches --bench open_list`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use frontier::{AStar, open::OpenList};
use grid::text::TerrainMap;
use sliding_puzzle::{Eight, EightTable, Manhattan, Puzzle};

const OPEN_LISTS: [(&str, OpenList); 3] = [
    ("buckets", OpenList::Buckets),
    ("binary_heap", OpenList::BinaryHeap),
    ("priority_queue", OpenList::PriorityQueue),
];

fn open_lists(c: &mut Criterion) {
    let mut group = c.benchmark_group("astar_open_list_terrain");
    group.sample_size(20);
    for size in [64, 256] {
        let map = TerrainMap::random(size, size, 7);
        let route = map.route();
        let optimal = frontier::astar(&route).into_solution().map(|s| s.cost);
        for (name, open) in OPEN_LISTS {
            group.bench_with_input(BenchmarkId::new(name, size), &route, |b, route| {
                b.iter(|| {
                    let result = AStar::new().open_list(open).search(route);
                    assert_eq!(result.solution().map(|s| s.cost), optimal);
                    result.stats.expanded
                });
            });
        }
    }
    group.finish();

    let table = EightTable::build();
    let boards: Vec<Eight> = (0..32).map(Eight::random_solvable).collect();
    let optimal: Vec<usize> = boards
        .iter()
        .map(|b| usize::from(table.distance(b).unwrap()))
        .collect();
    let mut group = c.benchmark_group("astar_open_list_eight_random32");
    group.sample_size(20);
    for (name, open) in OPEN_LISTS {
        let mut astar = AStar::new().open_list(open);
        group.bench_function(BenchmarkId::new(name, "manhattan"), |b| {
            b.iter(|| {
                for (&board, &length) in boards.iter().zip(&optimal) {
                    let result = astar.search(&Puzzle::new(board, Manhattan));
                    assert_eq!(result.solution().unwrap().len(), length);
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, open_lists);
criterion_main!(benches);
