//! Jump point search against plain A*: on thousands of random grids under
//! both movement models, [`Jps`] and [`JpsPlus`] find a path exactly when
//! A* on the [`Route`] does, of the same cost, and the path they return
//! replays cell by cell; on Moving AI maps every query gets its optimal
//! length.
//!
//! `measure` (ignored) times A*, JPS and JPS+ on 512 × 512 Moving AI maps:
//!
//! ```sh
//! cargo test --release -p frontier-grid --test jps -- --ignored --nocapture measure
//! ```
//!
//! It reads the maps named in `GRIDBENCH` (a folder of `.map` files with
//! their `.map.scen`, default `/work/gridbench`), else `testdata/`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use frontier::{AStar, OpenList, SearchProblem};
use grid::{
    CornerCutting, Grid, Heuristic, Jps, JpsGrid, JpsPlus, JumpMovement, JumpTable, Octile, Route,
    Scenario, Terrain,
};

/// A seeded grid: walls at `density` percent, water at `water` percent.
fn random_grid(width: usize, height: usize, density: u64, water: u64, seed: u64) -> Grid {
    let mut state = seed | 1;
    Grid::from_fn(width, height, |_, _| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        match state % 100 {
            r if r < density => Terrain::Blocked,
            r if r < density + water => Terrain::Water,
            _ => Terrain::Land(1 + u8::try_from(state >> 40 & 3).unwrap()),
        }
    })
    .unwrap()
}

/// A small linear congruential generator for the test's choices.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize % n
    }
}

/// The open cells of a grid, as `(x, y)`.
fn open_cells(grid: &Grid) -> Vec<(usize, usize)> {
    (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| grid.is_passable(x, y))
        .collect()
}

/// One query: plain A* against JPS (hashed and dense tables) and JPS+.
fn check<M: JumpMovement>(
    route: Route<'_, M>,
    bits: &JpsGrid<'_>,
    table: &JumpTable<'_, M>,
    dense: &mut AStar<grid::JumpPoint, grid::Jump, u64, frontier::Dense>,
) -> Option<u64> {
    let expected = frontier::astar(&route)
        .into_solution()
        .map(|solution| solution.cost);
    let jps = Jps::with_grid(route, bits);
    let plus = JpsPlus::new(route, table);
    let context = || {
        let grid = route.grid();
        format!(
            "{} from {:?} to {:?} on\n{grid}",
            M::NAME,
            grid.xy(route.start_cell()),
            grid.xy(route.goal_cell())
        )
    };
    let results = [
        ("jps", frontier::astar(&jps)),
        ("jps dense heap", dense.search(&jps)),
        ("jps+", frontier::astar(&plus)),
        ("jps+ dense heap", dense.search(&plus)),
    ];
    for (name, result) in results {
        let found = result.into_solution();
        assert_eq!(
            found.as_ref().map(|solution| solution.cost),
            expected,
            "{name}: {}",
            context()
        );
        if let Some(solution) = found {
            // Every run crosses cells; a turn follows a diagonal run along
            // one of its parts.
            assert!(solution.actions.iter().all(|jump| {
                jump.steps > 0
                    && jump.then.is_none_or(|turn| {
                        let (vertical, horizontal) = jump.direction.parts().unwrap();
                        turn.steps > 0 && [vertical, horizontal].contains(&turn.direction)
                    })
            }));
            let length = route
                .replay(&jps.steps(&solution.actions))
                .unwrap_or_else(|e| panic!("{name}: {e}: {}", context()));
            assert_eq!(length.cost(), expected, "{name}: {}", context());
        }
    }
    expected
}

/// Random grids of 1x1 to 70x70, walls at 0 to 45 %, some with water,
/// weights 1 to 4 (ignored by both models); random queries, unreachable
/// ones and start = goal among them.
fn differential<M: JumpMovement>(seeds: std::ops::Range<u64>) {
    let mut dense = AStar::new().dense().open_list(OpenList::BinaryHeap);
    let mut rng = Rng(0x5eed);
    let mut counts = [0usize; 2];
    for seed in seeds {
        let (width, height) = (1 + rng.below(70), 1 + rng.below(70));
        let density = rng.below(46) as u64;
        let water = if seed % 4 == 0 { 15 } else { 0 };
        let grid = random_grid(width, height, density, water, seed);
        let cells = open_cells(&grid);
        if cells.is_empty() {
            continue;
        }
        let bits = JpsGrid::new(&grid);
        let table = JumpTable::<M>::new(&grid).unwrap();
        for query in 0..6 {
            let start = cells[rng.below(cells.len())];
            let goal = if query == 0 {
                start
            } else {
                cells[rng.below(cells.len())]
            };
            let route: Route<M> = Route::new(&grid, start, goal).unwrap();
            counts[usize::from(check(route, &bits, &table, &mut dense).is_none())] += 1;
            if query == 1 {
                check(
                    route.with_heuristic(Heuristic::Zero),
                    &bits,
                    &table,
                    &mut dense,
                );
            }
        }
    }
    // The generator must produce both kinds of query.
    assert!(
        counts[0] > 100 && counts[1] > 20,
        "found, unreachable: {counts:?}"
    );
}

#[test]
fn octile_jps_and_jps_plus_agree_with_astar_on_random_grids() {
    differential::<Octile>(0..250);
}

#[test]
fn corner_cutting_jps_and_jps_plus_agree_with_astar_on_random_grids() {
    differential::<CornerCutting>(1_000..1_250);
}

/// The same on 40,000 grids of each model (about 480,000 queries; minutes
/// in release): `cargo test --release -p frontier-grid --test jps --
/// --ignored many_random_grids`.
#[test]
#[ignore = "minutes: run in release before changing the adapters or A*'s tables"]
fn many_random_grids() {
    differential::<Octile>(10_000..50_000);
    differential::<CornerCutting>(50_000..90_000);
}

/// Mazes of one-cell corridors and diagonal squeezes: the shapes where the
/// corner rules differ most.
#[test]
fn squeezes_and_corridors() {
    let maps: [&[&str]; 4] = [
        &[".@.", "@.@", ".@."],
        &[".@...", ".@.@.", ".@.@.", "...@."],
        &[
            "....@....",
            ".@@.@.@@.",
            ".@.....@.",
            ".@@@@@@@.",
            ".........",
        ],
        &["@.@.@.@", ".@.@.@.", "@.@.@.@", ".@.@.@."],
    ];
    let mut dense = AStar::new().dense().open_list(OpenList::BinaryHeap);
    for rows in maps {
        let text = format!(
            "type octile\nheight {}\nwidth {}\nmap\n{}\n",
            rows.len(),
            rows[0].len(),
            rows.join("\n")
        );
        let grid = Grid::parse_map(text.as_bytes()).unwrap();
        let bits = JpsGrid::new(&grid);
        let octile = JumpTable::<Octile>::new(&grid).unwrap();
        let cutting = JumpTable::<CornerCutting>::new(&grid).unwrap();
        let cells = open_cells(&grid);
        for &start in &cells {
            for &goal in &cells {
                check(
                    Route::<Octile>::new(&grid, start, goal).unwrap(),
                    &bits,
                    &octile,
                    &mut dense,
                );
                check(
                    Route::<CornerCutting>::new(&grid, start, goal).unwrap(),
                    &bits,
                    &cutting,
                    &mut dense,
                );
            }
        }
    }
}

#[test]
fn water_routes_stay_on_water() {
    // A lake beside a land strip: water reaches water only.
    let grid = Grid::from_fn(12, 6, |x, y| match (x, y) {
        (5, 0..=3) => Terrain::Blocked,
        (0..=6, 2..=4) => Terrain::Water,
        _ => Terrain::Land(1),
    })
    .unwrap();
    let bits = JpsGrid::new(&grid);
    let table = JumpTable::<Octile>::new(&grid).unwrap();
    let mut dense = AStar::new().dense().open_list(OpenList::BinaryHeap);
    for start in open_cells(&grid) {
        for goal in open_cells(&grid) {
            check(
                Route::<Octile>::new(&grid, start, goal).unwrap(),
                &bits,
                &table,
                &mut dense,
            );
        }
    }
}

#[test]
fn jps_new_builds_its_own_bits() {
    let grid = random_grid(30, 20, 25, 0, 7);
    let cells = open_cells(&grid);
    let route: Route<Octile> = Route::new(&grid, cells[0], cells[cells.len() - 1]).unwrap();
    let jps = Jps::new(route);
    let expected = frontier::astar(&route).into_solution().map(|s| s.cost);
    assert_eq!(
        frontier::astar(&jps).into_solution().map(|s| s.cost),
        expected
    );
    assert_eq!(jps.route().goal_cell(), route.goal_cell());
    assert_eq!(jps.start().cell(), route.start_cell());
}

#[test]
#[should_panic(expected = "another grid")]
fn bits_of_another_grid_are_refused() {
    // Both open everywhere, with different weights: not the same grid.
    let (a, b) = (random_grid(5, 5, 0, 0, 1), random_grid(5, 5, 0, 0, 2));
    assert_ne!(a, b);
    let bits = JpsGrid::new(&a);
    let route: Route<Octile> = Route::new(&b, (0, 0), (4, 4)).unwrap();
    let _ = Jps::with_grid(route, &bits);
}

fn testdata(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every query of a Moving AI map gets its optimal length from JPS and
/// JPS+, and the same cost as A* under corner cutting.
fn moving_ai(map: &str, scen: &str, corner_cutting: bool) {
    let grid = Grid::parse_map(&testdata(map)).unwrap();
    let scenario = Scenario::parse(&testdata(scen)).unwrap();
    scenario.check(&grid).unwrap();
    let bits = JpsGrid::new(&grid);
    let table = JumpTable::<Octile>::new(&grid).unwrap();
    let mut dense = AStar::new().dense().open_list(OpenList::BinaryHeap);
    for query in &scenario.queries {
        let route: Route<Octile> = Route::new(&grid, query.start, query.goal).unwrap();
        let jps = Jps::with_grid(route, &bits);
        let plus = JpsPlus::new(route, &table);
        for (name, solution) in [
            ("jps", dense.search(&jps).into_solution()),
            ("jps+", dense.search(&plus).into_solution()),
        ] {
            let solution =
                solution.unwrap_or_else(|| panic!("{name}: no path for line {}", query.line));
            let length = route.replay(&jps.steps(&solution.actions)).unwrap();
            assert!(
                query.accepts(length.value()),
                "{name}, line {}: {length} is not {}",
                query.line,
                query.optimal
            );
        }
    }
    if corner_cutting {
        let table = JumpTable::<CornerCutting>::new(&grid).unwrap();
        for query in &scenario.queries {
            let route: Route<CornerCutting> = Route::new(&grid, query.start, query.goal).unwrap();
            let _ = check(route, &bits, &table, &mut dense);
        }
    }
}

#[test]
fn every_arena_query_is_optimal() {
    moving_ai("arena.map", "arena.map.scen", true);
}

#[test]
fn every_maze_query_is_optimal() {
    moving_ai("maze-32-32-2.map", "maze-32-32-2-random-1.scen", true);
}

#[test]
fn every_baldurs_gate_query_is_optimal() {
    moving_ai("AR0418SR.map", "AR0418SR.map.scen", false);
}

/// The maps to measure: `GRIDBENCH` or `/work/gridbench`, else testdata.
fn bench_maps() -> Vec<PathBuf> {
    let folder = std::env::var_os("GRIDBENCH")
        .map_or_else(|| PathBuf::from("/work/gridbench"), PathBuf::from);
    let folder = if folder.is_dir() {
        folder
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
    };
    let mut maps: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "map"))
        .filter(|path| path.with_extension("map.scen").exists())
        .collect();
    maps.sort();
    maps
}

/// Runs `solve` (returning a cost and the nodes expanded) on every route
/// `rounds` times, checking each cost against `costs`, and keeps the
/// fastest round: its time and nodes expanded.
fn timed<R>(
    rounds: usize,
    routes: &[R],
    costs: &[Option<u64>],
    mut solve: impl FnMut(&R) -> (Option<u64>, u64),
) -> (Duration, u64) {
    let mut best = (Duration::MAX, 0);
    for _ in 0..rounds {
        let mut expanded = 0;
        let time = Instant::now();
        for (route, cost) in routes.iter().zip(costs) {
            let (found, nodes) = solve(route);
            assert_eq!(&found, cost);
            expanded += nodes;
        }
        best = best.min((time.elapsed(), expanded));
    }
    best
}

/// One row of `measure`: A* once, JPS and JPS+ the fastest of `rounds`.
#[expect(
    clippy::cast_precision_loss,
    reason = "means of counts far below 2^52, for printing"
)]
fn measure_map<M: JumpMovement>(path: &Path, rounds: usize) -> [(Duration, u64, usize); 3] {
    let grid = Grid::parse_map(&std::fs::read(path).unwrap()).unwrap();
    let scenario =
        Scenario::parse(&std::fs::read(path.with_extension("map.scen")).unwrap()).unwrap();
    let routes: Vec<Route<M>> = scenario
        .queries
        .iter()
        .filter_map(|query| Route::new(&grid, query.start, query.goal).ok())
        .collect();
    let time = Instant::now();
    let bits = JpsGrid::new(&grid);
    let bits_time = time.elapsed();
    let time = Instant::now();
    let table = JumpTable::<M>::new(&grid).unwrap();
    let table_time = time.elapsed();
    let mut astar = AStar::new().dense().open_list(OpenList::BinaryHeap);
    let mut jump = AStar::new().dense().open_list(OpenList::BinaryHeap);
    // Warm both searchers' tables for this map.
    for route in routes.iter().take(20) {
        astar.search(route);
        jump.search(&Jps::with_grid(*route, &bits));
    }
    let mut costs = Vec::with_capacity(routes.len());
    let mut expanded = 0;
    let time = Instant::now();
    for route in &routes {
        let result = astar.search(route);
        expanded += result.stats.expanded;
        costs.push(result.into_solution().map(|s| s.cost));
    }
    let plain = (time.elapsed(), expanded);
    let run = |result: frontier::SearchResult<_, _, u64>| {
        (
            result.stats.expanded,
            result.into_solution().map(|s| s.cost),
        )
    };
    let jps = timed(rounds, &routes, &costs, |route| {
        let (nodes, cost) = run(jump.search(&Jps::with_grid(*route, &bits)));
        (cost, nodes)
    });
    let plus = timed(rounds, &routes, &costs, |route| {
        let (nodes, cost) = run(jump.search(&JpsPlus::new(*route, &table)));
        (cost, nodes)
    });
    let n = routes.len() as f64;
    let cell = |(time, expanded): (Duration, u64)| {
        format!(
            "{:.1} | {:.0}",
            time.as_secs_f64() * 1e6 / n,
            expanded as f64 / n
        )
    };
    println!(
        "| {} | {} | {} | {} | {} | {} | {:.0}, {:.0} | {:.1}, {:.1} |",
        path.file_name().unwrap().to_string_lossy(),
        M::NAME,
        routes.len(),
        cell(plain),
        cell(jps),
        cell(plus),
        bits_time.as_secs_f64() * 1e6,
        bits.bytes() as f64 / 1e3,
        table_time.as_secs_f64() * 1e3,
        table.bytes() as f64 / 1e6,
    );
    [plain, jps, plus].map(|(time, expanded)| (time, expanded, routes.len()))
}

/// Mean time per query and nodes expanded of A* (dense table, binary
/// heap, one searcher reused), JPS and JPS+ on every query of each map,
/// and what building the bit rows and the jump table costs (release mode;
/// see the file's docs). `JPS_ROUNDS` (default 3) sets how many rounds
/// JPS and JPS+ get (the fastest counts; A*, far slower, runs once);
/// `JPS_MOVEMENT=corner-cutting` measures that model instead of octile.
#[test]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
#[expect(
    clippy::cast_precision_loss,
    reason = "means of counts far below 2^52, for printing"
)]
fn measure() {
    let rounds = std::env::var("JPS_ROUNDS").map_or(3, |r| r.parse().unwrap());
    let cutting = std::env::var("JPS_MOVEMENT").is_ok_and(|m| m == "corner-cutting");
    println!(
        "| map | movement | queries | A* µs | A* expanded | JPS µs | JPS expanded | JPS+ µs | JPS+ expanded | JpsGrid build µs, KB | JumpTable build ms, MB |"
    );
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut totals = [(Duration::ZERO, 0, 0); 3];
    for path in bench_maps() {
        let row = if cutting {
            measure_map::<CornerCutting>(&path, rounds)
        } else {
            measure_map::<Octile>(&path, rounds)
        };
        for (total, (time, expanded, queries)) in totals.iter_mut().zip(row) {
            *total = (total.0 + time, total.1 + expanded, total.2 + queries);
        }
    }
    let mean = |(time, expanded, queries): (Duration, u64, usize)| {
        format!(
            "{:.1} µs ({:.0} expanded)",
            time.as_secs_f64() * 1e6 / queries as f64,
            expanded as f64 / queries as f64
        )
    };
    println!(
        "all {} queries: A* {}, JPS {}, JPS+ {}",
        totals[0].2,
        mean(totals[0]),
        mean(totals[1]),
        mean(totals[2])
    );
}
