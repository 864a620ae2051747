//! Every frontier algorithm on random grids, checked against an exact
//! oracle: Dijkstra over true lengths `a + √2·b`, compared in integer
//! arithmetic, so the fixed-point costs are checked, not assumed.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use frontier::{AStar, IdaStar, Limits, OpenList, SearchProblem};
use grid::{
    Cardinal, CornerCutting, Direction, Grid, Heuristic, Length, Movement, Octile, Route, Terrain,
    Weighted,
};
use proptest::prelude::*;

/// A true length, `straight + √2·diagonal + weighted`, ordered exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Exact(Length);

impl Ord for Exact {
    fn cmp(&self, other: &Self) -> Ordering {
        // sign of (Δa + w) + √2·Δb, with Δa the straight and w the weighted
        // difference: both integer parts.
        let int = |l: &Length| i128::from(l.straight) + i128::from(l.weighted);
        let x = int(&self.0) - int(&other.0);
        let y = i128::from(self.0.diagonal) - i128::from(other.0.diagonal);
        let sign = match (x.signum(), y.signum()) {
            (sx, sy) if sx == sy => sx,
            (0, sy) => sy,
            (sx, 0) => sx,
            (sx, _) => sx * (x * x - 2 * y * y).signum(),
        };
        sign.cmp(&0)
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The shortest true length from the route's start to its goal, by
/// Dijkstra on exact lengths, using only the route's own successors (their
/// directions and the terrain, not their costs).
fn oracle<M: Movement>(route: &Route<'_, M>) -> Option<Length> {
    let grid = route.grid();
    let mut best = vec![None::<Length>; grid.cell_count()];
    let mut open = BinaryHeap::new();
    best[route.start().index()] = Some(Length::default());
    open.push(std::cmp::Reverse((Exact(Length::default()), route.start())));
    while let Some(std::cmp::Reverse((Exact(length), cell))) = open.pop() {
        if best[cell.index()] != Some(length) {
            continue;
        }
        if cell == route.goal_cell() {
            return Some(length);
        }
        for step in route.successors(&cell) {
            let mut next = length;
            if M::WEIGHTED {
                let (x, y) = grid.xy(step.state);
                let Terrain::Land(w) = grid.terrain(x, y) else {
                    unreachable!()
                };
                next.weighted += u64::from(w);
            } else if step.action.is_diagonal() {
                next.diagonal += 1;
            } else {
                next.straight += 1;
            }
            let slot = &mut best[step.state.index()];
            if slot.is_none_or(|old| Exact(next) < Exact(old)) {
                *slot = Some(next);
                open.push(std::cmp::Reverse((Exact(next), step.state)));
            }
        }
    }
    None
}

/// A grid from a seed: walls at `density` percent, weights 1-9 when
/// `weights`.
fn random_grid(width: usize, height: usize, density: u32, weights: bool, seed: u64) -> Grid {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    Grid::from_fn(width, height, |_, _| {
        let roll = next();
        if (roll % 100) < u64::from(density) {
            Terrain::Blocked
        } else if weights {
            Terrain::Land(1 + u8::try_from((roll >> 8) % 9).unwrap())
        } else {
            Terrain::Land(1)
        }
    })
    .unwrap()
}

/// Every algorithm on one route: the optimal ones return the oracle's
/// length, every path replays.
fn check_all<M: Movement>(route: &Route<'_, M>, steps_equal_cost: bool) {
    let truth = oracle(route);
    let check =
        |name: &str, result: frontier::SearchResult<_, Direction, u64>, optimal: bool| match (
            result.into_solution(),
            truth,
        ) {
            (Some(solution), Some(truth)) => {
                let length = route
                    .replay(&solution.actions)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(
                    route.cost_of(&length),
                    Some(solution.cost),
                    "{name}: cost is not the length's"
                );
                if optimal {
                    assert_eq!(length, truth, "{name} returned a longer path");
                }
            }
            (None, None) => {}
            (found, truth) => panic!("{name}: found {found:?}, the oracle {truth:?}"),
        };
    check("astar", frontier::astar(route), true);
    check(
        "dijkstra",
        frontier::astar(&route.with_heuristic(Heuristic::Zero)),
        true,
    );
    check(
        "astar dense heap",
        AStar::new()
            .dense()
            .open_list(OpenList::BinaryHeap)
            .search(route),
        true,
    );
    check("mm", frontier::mm(route), true);
    check("nbs", frontier::nbs(route), true);
    check("greedy", frontier::greedy(route), false);
    if steps_equal_cost {
        check(
            "bidirectional bfs",
            frontier::bidirectional_bfs(route),
            true,
        );
        check("bfs", frontier::bfs(route), true);
    }
    if route.grid().open_cells() <= 40 {
        let ida = IdaStar::new()
            .limits(Limits::new().max_expanded(2_000_000))
            .search(route);
        if ida.limit().is_none() {
            check("idastar", ida, true);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_algorithm_is_exact_on_random_grids(
        width in 1usize..14, height in 1usize..14, density in 0u32..45,
        seed in any::<u64>(), picks in any::<[u8; 4]>(),
    ) {
        let pick = |byte: u8, n: usize| usize::from(byte) % n;
        for weights in [false, true] {
            let grid = random_grid(width, height, density, weights, seed);
            let start = (pick(picks[0], width), pick(picks[1], height));
            let goal = (pick(picks[2], width), pick(picks[3], height));
            if !grid.is_passable(start.0, start.1) || !grid.is_passable(goal.0, goal.1) {
                continue;
            }
            if weights {
                check_all(&Route::<Weighted>::new(&grid, start, goal).unwrap(), false);
            } else {
                check_all(&Route::<Octile>::new(&grid, start, goal).unwrap(), false);
                check_all(&Route::<CornerCutting>::new(&grid, start, goal).unwrap(), false);
                check_all(&Route::<Cardinal>::new(&grid, start, goal).unwrap(), true);
            }
        }
    }

    /// The proof in `grid::cost` on large step counts: costs order any two
    /// lengths of up to MAX_CELLS steps as the exact lengths do.
    #[test]
    fn costs_order_long_paths_as_their_lengths(
        a1 in 0u64..600_000_000, b1 in 0u64..600_000_000,
        da in -3_000i64..3_000, db in -3_000i64..3_000,
    ) {
        let one = Length { straight: a1, diagonal: b1, weighted: 0 };
        let other = Length {
            straight: a1.saturating_add_signed(da),
            diagonal: b1.saturating_add_signed(db),
            weighted: 0,
        };
        let by_cost = one.cost().unwrap().cmp(&other.cost().unwrap());
        prop_assert_eq!(by_cost, Exact(one).cmp(&Exact(other)));
    }
}

#[test]
fn near_ties_between_long_paths_keep_their_order() {
    // Pell-like pairs make a + √2·b nearly equal for different (a, b):
    // 985 diagonals against 1393 straights differ by 3.6e-4.
    for (a, b) in [
        (1393u64, 985u64),
        (3363, 2378),
        (8119, 5741),
        (665_857, 470_832),
    ] {
        for scale in [1, 7, 300] {
            let straight = Length {
                straight: a * scale,
                diagonal: 0,
                weighted: 0,
            };
            let diagonal = Length {
                straight: 0,
                diagonal: b * scale,
                weighted: 0,
            };
            assert_eq!(
                straight.cost().unwrap().cmp(&diagonal.cost().unwrap()),
                Exact(straight).cmp(&Exact(diagonal)),
                "{a}x{scale} straight against {b}x{scale} diagonal"
            );
        }
    }
}

#[test]
fn corner_cutting_squeezes_between_walls_and_octile_does_not() {
    let grid = Grid::parse_map(b"height 2\nwidth 2\nmap\n.@\n@.\n").unwrap();
    let octile = Route::<Octile>::new(&grid, (0, 0), (1, 1)).unwrap();
    assert!(frontier::astar(&octile).solution().is_none());
    let cutting = Route::<CornerCutting>::new(&grid, (0, 0), (1, 1)).unwrap();
    let solution = frontier::astar(&cutting).into_solution().unwrap();
    assert_eq!(solution.actions, [Direction::SouthEast]);
}

#[test]
fn water_joins_water_only() {
    // Land, water, land: no path across; from water to water there is.
    let grid = Grid::parse_map(b"height 1\nwidth 4\nmap\n.WW.\n").unwrap();
    let across = Route::<Cardinal>::new(&grid, (0, 0), (3, 0)).unwrap();
    assert!(frontier::astar(&across).solution().is_none());
    let within = Route::<Cardinal>::new(&grid, (1, 0), (2, 0)).unwrap();
    assert_eq!(frontier::astar(&within).into_solution().unwrap().cost, 1);
}

#[test]
fn a_replay_names_the_illegal_step_and_a_wrong_end() {
    let grid = Grid::parse_map(b"height 2\nwidth 3\nmap\n...\n.@.\n").unwrap();
    let route = Route::<Octile>::new(&grid, (0, 0), (2, 0)).unwrap();
    let err = route
        .replay(&[Direction::East, Direction::South])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "step 1 (s) from (1, 0) is not allowed under octile movement"
    );
    let err = route.replay(&[Direction::East]).unwrap_err();
    assert_eq!(err.to_string(), "the steps end at (1, 0), not at the goal");
    let err = Route::<Octile>::new(&grid, (1, 1), (2, 0)).unwrap_err();
    assert_eq!(err.to_string(), "the start (1, 1) is a blocked cell");
    let err = Route::<Octile>::new(&grid, (0, 0), (3, 0)).unwrap_err();
    assert_eq!(err.to_string(), "the goal (3, 0) is outside the 3x2 map");
}

/// Every query of the small test scenarios, and every 25th of the 512x512
/// ones (the release run of the `grid` program checks them all): A*'s path
/// replays and has the scenario's length.
#[test]
fn astar_meets_every_test_scenario() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata");
    let files = [
        ("arena.map", "arena.map.scen", 1),
        ("maze-32-32-2.map", "maze-32-32-2-random-1.scen", 1),
        ("AR0418SR.map", "AR0418SR.map.scen", 25),
        ("random512-25-0.map", "random512-25-0.map.scen", 25),
    ];
    let mut astar = AStar::new().dense().open_list(OpenList::BinaryHeap);
    for (map, scen, every) in files {
        let grid = Grid::parse_map(&std::fs::read(format!("{dir}/{map}")).unwrap()).unwrap();
        let scenario =
            grid::Scenario::parse(&std::fs::read(format!("{dir}/{scen}")).unwrap()).unwrap();
        scenario.check(&grid).unwrap();
        for query in scenario.queries.iter().step_by(every) {
            let route = Route::<Octile>::new(&grid, query.start, query.goal).unwrap();
            let found = astar.search(&route).into_solution().map(|solution| {
                let length = route.replay(&solution.actions).unwrap();
                assert_eq!(route.cost_of(&length), Some(solution.cost));
                length.value()
            });
            assert!(
                query.accepts_outcome(found),
                "{scen} line {}: {found:?}, expected {}",
                query.line,
                query.optimal
            );
        }
    }
}

/// ε for the bidirectional searches: the cheapest step of each model, a
/// straight step onto land of weight 1, and no step is cheaper.
#[test]
fn the_cheapest_step_is_a_straight_one() {
    fn check<M: Movement>(grid: &Grid, expected: u64) {
        let route = Route::<M>::new(grid, (0, 0), (0, 0)).unwrap();
        assert_eq!(route.min_step_cost(), expected, "{}", M::NAME);
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let cell = grid.cell(x, y).unwrap();
                for step in route.successors(&cell) {
                    assert!(step.cost >= expected, "{} at ({x}, {y})", M::NAME);
                }
            }
        }
    }
    let grid = random_grid(12, 9, 0, true, 7);
    check::<Octile>(&grid, grid::cost::STRAIGHT);
    check::<CornerCutting>(&grid, grid::cost::STRAIGHT);
    check::<Cardinal>(&grid, 1);
    check::<Weighted>(&grid, 1);
}
