//! A*'s open lists side by side: the `priority-queue` crate (one entry per
//! state, decrease-key) against `std`'s binary heap with stale entries, on
//! weighted grids where cheaper paths to open states keep turning up.
//!
//! `cargo bench --bench open_list`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use frontier::{Limits, OpenList};
use frontier_workspace::terrain::Terrain;

fn open_lists(c: &mut Criterion) {
    let mut group = c.benchmark_group("astar_open_list_terrain");
    group.sample_size(20);
    for size in [64, 256] {
        let map = Terrain::random(size, size, 7);
        let optimal = frontier::astar(&map).into_solution().map(|s| s.cost);
        for (name, open) in [
            ("priority_queue", OpenList::PriorityQueue),
            ("binary_heap", OpenList::BinaryHeap),
        ] {
            group.bench_with_input(BenchmarkId::new(name, size), &map, |b, map| {
                b.iter(|| {
                    let result = frontier::astar_with_open_list(map, &Limits::new(), open);
                    assert_eq!(result.solution().map(|s| s.cost), optimal);
                    result.stats.expanded
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, open_lists);
criterion_main!(benches);
