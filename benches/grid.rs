//! frontier on `pathfinding`'s own grid benchmark: A* over the 160
//! queries of the Moving AI map `arena.map` (Dragon Age: Origins), as
//! `pathfinding`'s `benches/movingai.rs` runs it — the `movingai` crate's
//! map and neighbours, the Euclidean distance in `noisy_float`'s `R64` —
//! but with both sides' maps and scenarios parsed once, outside the timed
//! loop. Every iteration checks every length against the scenario.
//!
//! `pathfinding_octile` is the same search as a careful user would write
//! it for this benchmark's rule: integer costs (the grid crate's units)
//! and the octile distance, so the ratio is not only a better heuristic.
//!
//! `frontier_jps` and `frontier_jps_plus` run jump point search on the
//! same queries (bit rows and jump table built once, outside the timing).
//!
//! `cargo bench -p frontier-benches --bench grid`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use frontier::{AStar, OpenList};
use grid::{DIAGONAL, Grid, Jps, JpsGrid, JpsPlus, JumpTable, Octile, Route, STRAIGHT, Scenario};
use movingai::{Coords2D, Map2D};
use noisy_float::prelude::{R64, r64};

const MAP: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../crates/grid/testdata/arena.map"
);
const SCEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../crates/grid/testdata/arena.map.scen"
);

#[allow(clippy::cast_precision_loss)]
fn euclidean(a: &Coords2D, b: &Coords2D) -> R64 {
    r64((a.0 as f64 - b.0 as f64).hypot(a.1 as f64 - b.1 as f64))
}

fn octile(a: &Coords2D, b: &Coords2D) -> u64 {
    let (dx, dy) = (a.0.abs_diff(b.0) as u64, a.1.abs_diff(b.1) as u64);
    dx.min(dy) * DIAGONAL + (dx.max(dy) - dx.min(dy)) * STRAIGHT
}

fn arena(c: &mut Criterion) {
    let map = movingai::parser::parse_map_file(std::path::Path::new(MAP)).expect("arena.map");
    let scenes = movingai::parser::parse_scen_file(std::path::Path::new(SCEN)).expect("arena scen");
    let grid = Grid::parse_map(&std::fs::read(MAP).expect("arena.map")).expect("arena.map");
    let scenario = Scenario::parse(&std::fs::read(SCEN).expect("scen")).expect("scen");
    scenario.check(&grid).expect("the scenario fits its map");
    let mut group = c.benchmark_group("arena_vs_pathfinding");
    group.bench_function("pathfinding_own", |b| {
        b.iter(|| {
            for scene in &scenes {
                let goal = scene.goal_pos;
                let result = pathfinding::directed::astar::astar(
                    &scene.start_pos,
                    |&node| {
                        map.neighbors(node)
                            .into_iter()
                            .map(move |n| (n, euclidean(&node, &n)))
                    },
                    |&node| euclidean(&node, &goal),
                    |&node| node == goal,
                )
                .expect("a path");
                assert!((result.1.raw() - scene.optimal_length).abs() <= 1e-4);
                black_box(result);
            }
        });
    });
    group.bench_function("pathfinding_octile", |b| {
        b.iter(|| {
            for query in &scenario.queries {
                let goal = query.goal;
                let (path, _) = pathfinding::directed::astar::astar(
                    &query.start,
                    |&node: &Coords2D| {
                        map.neighbors(node).into_iter().map(move |n| {
                            let diagonal = n.0 != node.0 && n.1 != node.1;
                            (n, if diagonal { DIAGONAL } else { STRAIGHT })
                        })
                    },
                    |node| octile(node, &goal),
                    |&node| node == goal,
                )
                .expect("a path");
                let length = path.windows(2).fold(0.0, |sum, pair| {
                    let diagonal = pair[0].0 != pair[1].0 && pair[0].1 != pair[1].1;
                    sum + if diagonal {
                        std::f64::consts::SQRT_2
                    } else {
                        1.0
                    }
                });
                assert!(query.accepts(length));
            }
        });
    });
    let mut astar = AStar::new().dense().open_list(OpenList::BinaryHeap);
    group.bench_function("frontier_astar", |b| {
        b.iter(|| {
            for query in &scenario.queries {
                let route = Route::<Octile>::new(&grid, query.start, query.goal).expect("open");
                let solution = astar.search(&route).into_solution().expect("a path");
                let length = route.replay(&solution.actions).expect("a legal path");
                assert!(query.accepts(length.value()));
            }
        });
    });
    let bits = JpsGrid::new(&grid);
    let mut jumps = AStar::new().dense().open_list(OpenList::BinaryHeap);
    group.bench_function("frontier_jps", |b| {
        b.iter(|| {
            for query in &scenario.queries {
                let route = Route::<Octile>::new(&grid, query.start, query.goal).expect("open");
                let jps = Jps::with_grid(route, &bits);
                let solution = jumps.search(&jps).into_solution().expect("a path");
                let length = route
                    .replay(&jps.steps(&solution.actions))
                    .expect("a legal path");
                assert!(query.accepts(length.value()));
            }
        });
    });
    let table = JumpTable::<Octile>::new(&grid).expect("the table fits");
    group.bench_function("frontier_jps_plus", |b| {
        b.iter(|| {
            for query in &scenario.queries {
                let route = Route::<Octile>::new(&grid, query.start, query.goal).expect("open");
                let jps = JpsPlus::new(route, &table);
                let solution = jumps.search(&jps).into_solution().expect("a path");
                let length = route
                    .replay(&jps.steps(&solution.actions))
                    .expect("a legal path");
                assert!(query.accepts(length.value()));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, arena);
criterion_main!(benches);
