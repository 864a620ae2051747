//! frontier's own planners behind [`Planner`], on the same maps and
//! queries as the peers: the `grid` crate's [`Route`] searched by
//! `frontier::AStar` (dense tables, binary heap, kept across queries), and
//! jump point search through [`Jps`] (bit-parallel scans) and [`JpsPlus`]
//! (precomputed jumps), under the benchmark's rule and with corner cutting.
//!
//! `prepare` builds the grid crate's `Grid` from the `movingai` map (and the
//! JPS bit rows or jump table), outside the timing. A `JpsGrid` and a
//! `JumpTable` borrow their grid, so each planner leaks one `Grid` per map:
//! a few hundred kilobytes per map, for the life of the benchmark process.

use frontier::{AStar, Dense, OpenList};
use grid::{
    CornerCutting, Direction, Grid, Jps, JpsGrid, JpsPlus, JumpMovement, JumpTable, Octile, Route,
    Terrain,
};
use movingai::{Map2D, MovingAiMap};

use crate::planner::{Planner, Rule};

/// frontier's planners, in table order.
pub(crate) fn all() -> Vec<Box<dyn Planner>> {
    vec![
        Box::new(FrontierAstar::default()),
        Box::new(FrontierJps::<Octile>::new(
            "frontier-jps",
            Rule::NoCornerCutting,
        )),
        Box::new(FrontierJpsPlus::<Octile>::new(
            "frontier-jps+",
            Rule::NoCornerCutting,
        )),
        Box::new(FrontierJps::<CornerCutting>::new(
            "frontier-jps-cutting",
            Rule::CornerCutting,
        )),
        Box::new(FrontierJpsPlus::<CornerCutting>::new(
            "frontier-jps+-cutting",
            Rule::CornerCutting,
        )),
    ]
}

/// The grid crate's map of a `movingai` map, leaked (see the module docs).
fn leak_grid(map: &MovingAiMap) -> &'static Grid {
    let grid = Grid::from_fn(map.width(), map.height(), |x, y| {
        if map.is_traversable((x, y)) {
            Terrain::Land(1)
        } else {
            Terrain::Blocked
        }
    })
    .expect("a Moving AI map fits a Grid");
    Box::leak(Box::new(grid))
}

/// The true length of a list of single steps.
fn steps_length(steps: &[Direction]) -> f64 {
    let diagonal = steps.iter().filter(|d| d.is_diagonal()).count();
    crate::planner::to_f64(steps.len() - diagonal)
        + std::f64::consts::SQRT_2 * crate::planner::to_f64(diagonal)
}

/// A* on [`Route<Octile>`]: the octile distance, fixed-point costs.
pub(crate) struct FrontierAstar {
    grid: Option<&'static Grid>,
    astar: AStar<grid::Cell, Direction, u64, Dense>,
}

impl Default for FrontierAstar {
    fn default() -> Self {
        FrontierAstar {
            grid: None,
            astar: AStar::new().dense().open_list(OpenList::PriorityQueue),
        }
    }
}

impl Planner for FrontierAstar {
    fn name(&self) -> &'static str {
        "frontier-astar"
    }

    fn prepare(&mut self, map: &MovingAiMap) {
        self.grid = Some(leak_grid(map));
    }

    fn solve(&mut self, start: (usize, usize), goal: (usize, usize)) -> Option<f64> {
        let route = Route::<Octile>::new(self.grid?, start, goal).ok()?;
        let solution = self.astar.search(&route).into_solution()?;
        Some(steps_length(&solution.actions))
    }
}

/// A* on [`Jps`]: bit rows built once per map.
pub(crate) struct FrontierJps<M: JumpMovement> {
    name: &'static str,
    rule: Rule,
    bits: Option<&'static JpsGrid<'static>>,
    astar: AStar<grid::JumpPoint, grid::Jump, u64, Dense>,
    movement: std::marker::PhantomData<M>,
}

impl<M: JumpMovement> FrontierJps<M> {
    fn new(name: &'static str, rule: Rule) -> Self {
        FrontierJps {
            name,
            rule,
            bits: None,
            astar: AStar::new().dense().open_list(OpenList::BinaryHeap),
            movement: std::marker::PhantomData,
        }
    }
}

impl<M: JumpMovement> Planner for FrontierJps<M> {
    fn name(&self) -> &str {
        self.name
    }

    fn rule(&self) -> Rule {
        self.rule
    }

    fn prepare(&mut self, map: &MovingAiMap) {
        let grid = leak_grid(map);
        self.bits = Some(Box::leak(Box::new(JpsGrid::new(grid))));
    }

    fn solve(&mut self, start: (usize, usize), goal: (usize, usize)) -> Option<f64> {
        let bits = self.bits?;
        let route = Route::<M>::new(bits.grid(), start, goal).ok()?;
        let jps = Jps::with_grid(route, bits);
        let solution = self.astar.search(&jps).into_solution()?;
        Some(steps_length(&jps.steps(&solution.actions)))
    }
}

/// A* on [`JpsPlus`]: the jump table built once per map.
pub(crate) struct FrontierJpsPlus<M: JumpMovement> {
    name: &'static str,
    rule: Rule,
    table: Option<&'static JumpTable<'static, M>>,
    astar: AStar<grid::JumpPoint, grid::Jump, u64, Dense>,
}

impl<M: JumpMovement> FrontierJpsPlus<M> {
    fn new(name: &'static str, rule: Rule) -> Self {
        FrontierJpsPlus {
            name,
            rule,
            table: None,
            astar: AStar::new().dense().open_list(OpenList::BinaryHeap),
        }
    }
}

impl<M: JumpMovement> Planner for FrontierJpsPlus<M> {
    fn name(&self) -> &str {
        self.name
    }

    fn rule(&self) -> Rule {
        self.rule
    }

    fn prepare(&mut self, map: &MovingAiMap) {
        let grid = leak_grid(map);
        let table = JumpTable::<M>::new(grid).expect("the jump table fits");
        self.table = Some(Box::leak(Box::new(table)));
    }

    fn solve(&mut self, start: (usize, usize), goal: (usize, usize)) -> Option<f64> {
        let table = self.table?;
        let route = Route::<M>::new(table.grid(), start, goal).ok()?;
        let jps = JpsPlus::new(route, table);
        let solution = self.astar.search(&jps).into_solution()?;
        Some(steps_length(&jps.steps(&solution.actions)))
    }
}
