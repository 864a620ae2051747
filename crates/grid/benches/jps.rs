//! Jump point search against plain A* on Moving AI maps: for each map in
//! `testdata/`, one group whose members (`astar`, `jps`, `jps+`, each under
//! `octile` and `corner-cutting` movement) solve the same queries, one searcher reused across
//! them, every solution checked against the cost plain A* found before
//! timing.
//!
//! `cargo bench -p frontier-grid --bench jps`
//!
//! The per-query figures of `docs`-style tables come from the `measure`
//! test of `tests/jps.rs` instead, which times every query of larger sets.

use std::hint::black_box;
use std::path::Path;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use frontier::{AStar, OpenList};
use grid::{
    CornerCutting, Grid, Jps, JpsGrid, JpsPlus, JumpMovement, JumpTable, Octile, Route, Scenario,
};

/// A query: start and goal, each `(x, y)`.
type Query = ((usize, usize), (usize, usize));

/// How many queries of each map an iteration solves (spread evenly over
/// the scenario file, so every bucket of lengths is represented).
const QUERIES: usize = 64;

fn read(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata")
            .join(name),
    )
    .unwrap_or_else(|e| panic!("testdata/{name}: {e}"))
}

fn group<M: JumpMovement>(c: &mut Criterion, name: &str, grid: &Grid, queries: &[Query]) {
    let routes: Vec<Route<M>> = queries
        .iter()
        .map(|&(start, goal)| Route::new(grid, start, goal).expect("the scenario's cells are open"))
        .collect();
    let mut astar = AStar::new().dense().open_list(OpenList::BinaryHeap);
    let mut jumps = AStar::new().dense().open_list(OpenList::BinaryHeap);
    let costs: Vec<Option<u64>> = routes
        .iter()
        .map(|route| astar.search(route).into_solution().map(|s| s.cost))
        .collect();
    let bits = JpsGrid::new(grid);
    let table = JumpTable::<M>::new(grid).expect("the table fits in memory");
    let mut group = c.benchmark_group(name);
    group.bench_function(BenchmarkId::new("astar", M::NAME), |b| {
        b.iter(|| {
            for (route, cost) in routes.iter().zip(&costs) {
                let found = astar
                    .search(black_box(route))
                    .into_solution()
                    .map(|s| s.cost);
                assert_eq!(&found, cost);
            }
        });
    });
    group.bench_function(BenchmarkId::new("jps", M::NAME), |b| {
        b.iter(|| {
            for (route, cost) in routes.iter().zip(&costs) {
                let jps = Jps::with_grid(*black_box(route), &bits);
                assert_eq!(&jumps.search(&jps).into_solution().map(|s| s.cost), cost);
            }
        });
    });
    group.bench_function(BenchmarkId::new("jps+", M::NAME), |b| {
        b.iter(|| {
            for (route, cost) in routes.iter().zip(&costs) {
                let plus = JpsPlus::new(*black_box(route), &table);
                assert_eq!(&jumps.search(&plus).into_solution().map(|s| s.cost), cost);
            }
        });
    });
    group.finish();
}

fn maps(c: &mut Criterion) {
    for (map, scen) in [
        ("arena", "arena.map.scen"),
        ("AR0418SR", "AR0418SR.map.scen"),
        ("random512-25-0", "random512-25-0.map.scen"),
    ] {
        let grid = Grid::parse_map(&read(&format!("{map}.map"))).expect("a valid map");
        let scenario = Scenario::parse(&read(scen)).expect("a valid scenario");
        let step = scenario.queries.len().div_ceil(QUERIES);
        let queries: Vec<_> = scenario
            .queries
            .iter()
            .step_by(step)
            .map(|query| (query.start, query.goal))
            .collect();
        group::<Octile>(c, map, &grid, &queries);
        group::<CornerCutting>(c, map, &grid, &queries);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = maps
}
criterion_main!(benches);
