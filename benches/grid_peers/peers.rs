//! The peers: other Rust crates' grid planners behind [`Planner`].
//!
//! - `pathfinding-astar`, `pathfinding-dijkstra`: the `pathfinding` crate's
//!   generic `astar` and `dijkstra` over cell indices, eight neighbours
//!   without corner cutting, integer step costs 2378 and 3363 ([`STRAIGHT`],
//!   [`DIAGONAL`]) and, for A*, the octile distance on the same scale. The
//!   successor closure is ours (an iterator over a flat `Vec<bool>`, no
//!   allocation); the search, its tables and the path are the crate's.
//! - `grid_pathfinding-jps`, `grid_pathfinding-jps-noprune`: the
//!   `grid_pathfinding` crate's jump point search, with its improved pruning
//!   (the default) and without. It always cuts corners, and weighs steps 70
//!   and 99 (99/70 is 1.00005 √2), so its paths can be a little longer than
//!   the corner-cutting optimum.

use grid_pathfinding::PathingGrid;
use grid_util::grid::{BoolGrid, ValueGrid};
use grid_util::point::Point;
use movingai::MovingAiMap;
use pathfinding::prelude::{astar, dijkstra};

use crate::planner::{Cells, DIAGONAL, Planner, Rule, STRAIGHT, path_length};

/// Every peer, in table order.
pub(crate) fn all() -> Vec<Box<dyn Planner>> {
    vec![
        Box::new(PathfindingAstar::new(Rule::NoCornerCutting)),
        Box::new(PathfindingDijkstra::default()),
        Box::new(GridPathfindingJps::new(true)),
        Box::new(GridPathfindingJps::new(false)),
    ]
}

/// The scaled cost of a step.
fn step_cost(diagonal: bool) -> u64 {
    if diagonal { DIAGONAL } else { STRAIGHT }
}

/// The true length of a path of cell indices.
fn cells_length(cells: &Cells, path: &[usize]) -> f64 {
    path_length(
        path.iter()
            .map(|&cell| (cell % cells.width, cell / cells.width)),
    )
}

/// `pathfinding::prelude::astar` with the octile heuristic.
///
/// Under [`Rule::CornerCutting`] it is also the harness's reference for the
/// corner-cutting optimum.
#[derive(Debug)]
pub(crate) struct PathfindingAstar {
    /// The table name.
    name: &'static str,
    /// Which diagonal steps it takes.
    rule: Rule,
    /// The prepared map.
    cells: Cells,
}

impl PathfindingAstar {
    /// A* under `rule`, named after it.
    pub(crate) fn new(rule: Rule) -> Self {
        let name = match rule {
            Rule::NoCornerCutting => "pathfinding-astar",
            Rule::CornerCutting => "pathfinding-astar-cutting",
        };
        PathfindingAstar {
            name,
            rule,
            cells: Cells::default(),
        }
    }
}

impl Planner for PathfindingAstar {
    fn name(&self) -> &str {
        self.name
    }

    fn prepare(&mut self, map: &MovingAiMap) {
        self.cells = Cells::from_map(map);
    }

    fn solve(&mut self, start: (usize, usize), goal: (usize, usize)) -> Option<f64> {
        let cells = &self.cells;
        let rule = self.rule;
        let (start, goal) = (cells.index(start), cells.index(goal));
        let (path, _cost) = astar(
            &start,
            |&cell| {
                cells
                    .neighbours(cell, rule)
                    .map(|(next, diagonal)| (next, step_cost(diagonal)))
            },
            |&cell| cells.octile(cell, goal),
            |&cell| cell == goal,
        )?;
        Some(cells_length(cells, &path))
    }

    fn rule(&self) -> Rule {
        self.rule
    }
}

/// `pathfinding::prelude::dijkstra`, no corner cutting.
#[derive(Debug, Default)]
pub(crate) struct PathfindingDijkstra {
    /// The prepared map.
    cells: Cells,
}

impl Planner for PathfindingDijkstra {
    fn name(&self) -> &'static str {
        "pathfinding-dijkstra"
    }

    fn prepare(&mut self, map: &MovingAiMap) {
        self.cells = Cells::from_map(map);
    }

    fn solve(&mut self, start: (usize, usize), goal: (usize, usize)) -> Option<f64> {
        let cells = &self.cells;
        let (start, goal) = (cells.index(start), cells.index(goal));
        let (path, _cost) = dijkstra(
            &start,
            |&cell| {
                cells
                    .neighbours(cell, Rule::NoCornerCutting)
                    .map(|(next, diagonal)| (next, step_cost(diagonal)))
            },
            |&cell| cell == goal,
        )?;
        Some(cells_length(cells, &path))
    }
}

/// `grid_pathfinding::PathingGrid`'s jump point search (corner cutting).
#[derive(Debug)]
pub(crate) struct GridPathfindingJps {
    /// Whether the crate's improved pruning is on (its default).
    improved_pruning: bool,
    /// The prepared grid: blocked cells, neighbour masks, jump points and
    /// connected components, built once per map.
    grid: Option<PathingGrid>,
}

impl GridPathfindingJps {
    /// JPS with or without the crate's improved pruning.
    pub(crate) fn new(improved_pruning: bool) -> Self {
        GridPathfindingJps {
            improved_pruning,
            grid: None,
        }
    }
}

/// A cell as the crate's point.
fn point((x, y): (usize, usize)) -> Point {
    // cannot fail: map sides are far below i32::MAX
    Point::new(
        i32::try_from(x).expect("x fits i32"),
        i32::try_from(y).expect("y fits i32"),
    )
}

impl Planner for GridPathfindingJps {
    fn name(&self) -> &'static str {
        if self.improved_pruning {
            "grid_pathfinding-jps"
        } else {
            "grid_pathfinding-jps-noprune"
        }
    }

    fn prepare(&mut self, map: &MovingAiMap) {
        let cells = Cells::from_map(map);
        // The crate's own benchmark runner builds its grids this way: the
        // blocked cells first, then the neighbour masks, jump points and
        // components in one pass each.
        let mut blocked = BoolGrid::new(cells.width, cells.height, false);
        for y in 0..cells.height {
            for x in 0..cells.width {
                if !cells.passable[cells.index((x, y))] {
                    let p = point((x, y));
                    blocked.set(p.x, p.y, true);
                }
            }
        }
        let mut grid = PathingGrid::new(cells.width, cells.height, true);
        grid.grid = blocked;
        grid.allow_diagonal_move = true;
        grid.improved_pruning = self.improved_pruning;
        grid.initialize();
        grid.generate_components();
        self.grid = Some(grid);
    }

    fn solve(&mut self, start: (usize, usize), goal: (usize, usize)) -> Option<f64> {
        let grid = self.grid.as_ref().expect("prepare runs before solve");
        // The full cell path, as a user following it step by step gets it.
        let path = grid.get_path_single_goal(point(start), point(goal), false)?;
        Some(path_length(path.iter().map(|p| {
            // cannot fail: the crate's points stay on the grid
            (
                usize::try_from(p.x).expect("x on the grid"),
                usize::try_from(p.y).expect("y on the grid"),
            )
        })))
    }

    fn rule(&self) -> Rule {
        Rule::CornerCutting
    }
}
