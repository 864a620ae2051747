//! Jump point search (Harabor & Grastien 2011, 2014) as a problem adapter:
//! [`Jps`] and [`JpsPlus`] turn a [`Route`] into a smaller
//! [`SearchProblem`] whose states are jump points and whose actions are
//! straight or diagonal runs of several cells, so that plain
//! [`frontier::astar`] on it finds an optimal path while expanding a small
//! fraction of the cells.
//!
//! ```
//! use grid::{Grid, Jps, JpsGrid, Octile, Route};
//!
//! let grid = Grid::parse_map(b"type octile\nheight 4\nwidth 6\nmap\n......\n.@@@..\n...@..\n......\n")?;
//! let bits = JpsGrid::new(&grid); // once per grid, shared by every query
//! let route: Route<Octile> = Route::new(&grid, (0, 2), (5, 0))?;
//! let jps = Jps::with_grid(route, &bits);
//! let solution = frontier::astar(&jps).into_solution().expect("a path exists");
//! let plain = frontier::astar(&route).into_solution().expect("a path exists");
//! let length = route.replay(&jps.steps(&solution.actions))?; // cell by cell, checked
//! assert_eq!(length.cost(), Some(plain.cost));
//! assert_eq!(solution.cost, plain.cost);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The two adapters
//!
//! - [`Jps`] finds each jump online with **bit-parallel scans** (the block
//!   scans of Harabor & Grastien 2014, Warthog's JPS2): a [`JpsGrid`] holds
//!   the map's passability as bit rows and as bit columns (one bit a cell,
//!   about 2 bits a cell in all), built once per grid and shared by every
//!   query. A straight jump reads 64 cells of its line and of the two lines
//!   beside it at a time and finds the first jump point or wall with one
//!   `trailing_zeros` (`leading_zeros` going west or north); a diagonal
//!   jump steps one cell at a time and runs the two straight scans from
//!   each.
//! - [`JpsPlus`] (Harabor & Grastien 2012, "The JPS Pathfinding System";
//!   Rabin's JPS+) reads the jumps from a [`JumpTable`]: for every cell and
//!   direction, the distance to the next jump point or to the wall,
//!   precomputed once per grid and movement model (8 × `i16`, 16 bytes a
//!   cell). Because the table cannot know the goal, each jump is bounded by
//!   it: a straight run that passes the goal stops on it, and a diagonal
//!   run that crosses the goal's row or column, with the goal ahead in both
//!   axes, stops there (a "target jump point", from which the straight jump
//!   along that row or column reaches the goal).
//!
//! Both are [`SearchProblem`]s with [`JumpPoint`] states, [`Jump`] actions
//! and `u64` costs in the route's units ([`STRAIGHT`] a
//! straight cell, [`DIAGONAL`] a diagonal one), the
//! route's estimate (octile distance to the goal, or zero), and
//! [`RankedStates`] so `AStar::new().dense()` searches them. A solution's
//! actions expand to single-cell [`Direction`]s with
//! [`Jps::steps`] / [`JpsPlus::steps`], which [`Route::replay`] checks.
//!
//! # Forward only, and in jumps
//!
//! [`Jps`] and [`JpsPlus`] are forward search problems: they do not
//! implement [`BidirectionalProblem`](frontier::BidirectionalProblem), so
//! the searches from both ends (bidirectional BFS, MM, NBS, DVCBS, BAE*)
//! do not accept them, and `frontier grid` offers `jps` and `jps+` with A*
//! only. The pruning is one-sided: a jump point's successors depend on
//! the direction the search arrived from, the jumps run away from the
//! start, and JPS+'s are cut short at the goal, so the jump points found
//! from the goal backward are not those found from the start forward and
//! the two frontiers would rarely hold a common state to meet on, which
//! the bidirectional searches' stopping rules need. A correct two-sided
//! jump point search is a design of its own, not an adapter's
//! `predecessors`; none is offered. To search a grid from both ends,
//! search the [`Route`] (every frontier algorithm accepts it).
//!
//! Their actions are [`Jump`]s, runs of several cells, so a solution of
//! either is not a list of single steps: [`Jps::steps`] and
//! [`JpsPlus::steps`] expand it into the [`Direction`]s that
//! [`Route::replay`] checks and that a caller walks.
//!
//! # The pruning rules
//!
//! A jump point is reached travelling in some direction `d` from its parent
//! `p`. Its *natural* successors are the directions an optimal path through
//! `p` and `x` would still take on an empty map: `d` itself after a
//! straight move, `d` and its two straight parts after a diagonal one. A
//! *forced* successor is one that obstacles make necessary. Write
//! `x + (a, b)` for the cell `a` columns and `b` rows from `x`, `d = (dx,
//! dy)`, and for a straight `d` let `s` be either of the two directions at
//! right angles to it; "open" means a cell this route may enter (see
//! *Water* below).
//!
//! **[`Octile`], no corner cutting** (the 2014 rules, Warthog's): a
//! diagonal step needs both cells it passes by open.
//!
//! - Straight `d`: if `x − d + s` (beside the parent) is blocked and `x + s`
//!   is open, `s` and the diagonal `d + s` are forced: the path `p → x + s`
//!   would have gone diagonally, but that diagonal cuts the blocked corner.
//! - Diagonal `d`: nothing is forced. The step `p → x` needed both
//!   `x − (dx, 0)` and `x − (0, dy)` open, so every neighbour of `x` that
//!   `d` does not point to is reached from `p` at least as cheaply without
//!   `x`.
//!
//! **[`CornerCutting`]** (the rule of the `grid_pathfinding` crate): a
//! diagonal step needs only its target open, even between two blocked
//! cells. These are the rules of the 2011 paper for that movement (and of
//! `PathFinding.js`'s "always" mode), derived again here for squeezing:
//!
//! - Straight `d`: if `x + s` is blocked and `x + s + d` is open, the
//!   diagonal `d + s` is forced. (`x + s` itself is never forced: `p`
//!   reaches it diagonally for √2 < 2, squeeze or not. `x + s + d` costs
//!   1 + √2 through `x` and as much through `x + s` diagonally first, the
//!   canonical order, unless `x + s` is blocked.)
//! - Diagonal `d`: if `x − (dx, 0)` is blocked and `x + (−dx, dy)` is open,
//!   `(−dx, dy)` is forced; symmetrically, if `x − (0, dy)` is blocked and
//!   `x + (dx, −dy)` is open, `(dx, −dy)` is forced. (Through `x` these
//!   cost 2√2; around, `p → x − (dx, 0) → x + (−dx, dy)` costs 2 when that
//!   cell is open. When it is blocked the only other path as short is the
//!   diagonal pair through `x − (2dx, 0)`, and of two equally short paths
//!   through diagonal steps the rules keep the one through `x`: ties are
//!   broken the 2011 paper's way, strictly for diagonal moves.)
//!
//! The rules are tables (`rules.rs`): for each of the 512 neighbourhoods
//! of a cell and each arrival direction, the directions to jump in, built
//! at compile time from `const fn`s that state the rules above; reading a
//! state's successors is three bit-row reads and one lookup.
//!
//! # Jumps and turns
//!
//! A **jump** from `x` in direction `d` steps on until it meets a wall (no
//! successor), the goal, or a cell where a forced successor appears (for a
//! straight `d`), or, for a diagonal `d`, a cell from which one of the two
//! straight jumps along `d`'s parts finds a jump point or the goal. The
//! start jumps in all eight directions.
//!
//! A diagonal jump point found only because a straight jump from it
//! succeeds is not stored (the improvement of Harabor & Grastien 2014,
//! also in `grid_pathfinding`): its successors would be exactly those
//! straight jumps and the rest of the diagonal, so the search takes them
//! at once. One [`Jump`] action is then a diagonal run followed by a
//! straight run along one of its parts ([`Jump::then`], a [`Turn`]), and
//! the diagonal goes on from the same cell until a wall, the goal or (with
//! corner cutting) a cell with forced successors, which is stored as a
//! jump point. On the Moving AI maps measured this cuts the expansions by
//! a third (maze, random) to almost two thirds (game maps).
//!
//! # Why the adapter is optimal
//!
//! Harabor & Grastien prove (2011, Theorem 1; 2014 for the no-corner-cutting
//! rules) that for every optimal grid path there is one of equal length
//! that turns only at jump points: the *canonical* path, which among
//! symmetric optimal paths takes its diagonal steps as early as possible,
//! and whose every turn is at a cell where the rules above list the
//! direction it turns to. Each canonical segment is one jump, and every
//! jump walks legal single steps, so no path the adapter finds is cheaper
//! than the optimum. The search is theirs: A* with one node per cell,
//! expanded with the pruning of the arrival that reached it cheapest (the
//! first of equally cheap ones), which their proof covers. Two changes
//! keep every path and its cost:
//!
//! - a diagonal jump point whose successors are only its straight jumps
//!   and the diagonal's continuation is bypassed: each path through it
//!   becomes one edge (a turn) from its predecessor, of the same cost;
//! - arrivals with the same successors at a cell share one code (see
//!   below), which changes no successor set.
//!
//! An edge's cost is the octile length of its one or two runs, at least
//! the octile distance between its ends, so the route's estimate stays
//! admissible and consistent, and A* returns an optimal path, which
//! [`Jps::steps`] expands cell by cell. The differential tests
//! (`tests/jps.rs`) check this against plain A* on thousands of random
//! grids (1x1 to 70x70, up to 45 % walls, with water, both models,
//! unreachable goals and start = goal) and on every query of three Moving
//! AI maps; unit tests check the bit scans and the table against a
//! one-cell-at-a-time walk.
//!
//! # The state: a cell, expanded as its cheapest arrival
//!
//! The successors of a jump point depend on the direction it was reached
//! in. A [`JumpPoint`] carries its cell, its arrival code and the
//! successor mask the pair gives, but it is equal, hashed and ranked by
//! its cell alone, so a search keeps one node per cell, as Warthog and
//! `grid_pathfinding` do. [`frontier::astar`] stores, on a cheaper path to
//! a stored state, the state value that came with it (see
//! [`frontier::AStar`]), so a cell is expanded as its cheapest arrival,
//! with that arrival's pruning; an arrival as cheap as the stored one is
//! dropped, as in the published algorithm, which keeps one parent per
//! node (the differential tests check the lengths against plain A* on
//! every query of the test maps and, in `many_random_grids`, on 480,000
//! random queries of both models). The code is canonical: arrivals whose successor sets at the cell are
//! equal (a north-east arrival and an east one whose forced successors are
//! north and north-east, say) get the smallest such code.
//!
//! A rank is the cell's index, so a dense table takes one slot a cell
//! (4 bytes a cell of index, 1 MB for a 512 × 512 map, allocated once per
//! searcher). This needs the core to store the cheaper arrival's value:
//! the adapter used to key its states by cell *and* arrival, and on maps of
//! scattered obstacles, where nearly every cell is a jump point, expanded
//! nearly twice as many nodes (16,577 against 8,412 per query on
//! `random512-25-0`, `frontier grid crates/grid/testdata --algo jps`),
//! almost all of them arrivals dearer than the cell's best.
//!
//! The alternatives tried before were slower: one state per cell jumping
//! the union of the successor sets of every arrival direction that makes
//! the cell a jump point is optimal too, but the extra, often backward,
//! jumps create more states than the duplicates they save (1.4 to 13 times
//! the expansions on room, game and city maps).
//!
//! # Water
//!
//! Water joins only water (see [`Terrain::Water`](crate::Terrain::Water)),
//! so every cell a route can reach shares the start's class, land or water,
//! and "open" above means "of the start's class". A [`JpsGrid`] keeps bit
//! rows per class (the water ones only for maps with water) and [`Jps`]
//! scans those of the start's class; a [`JumpTable`] computes each cell's
//! jumps against the cells of its own class. So both adapters accept any
//! grid: weights do not matter under [`Octile`] and [`CornerCutting`]
//! movement, where steps cost 1 or √2.
//!
//! # Speed
//!
//! Successors come from an iterator over the state's direction mask, one
//! jump (or diagonal stop) computed per `next`: nothing is allocated per
//! node. Every query of seven 512 × 512 Moving AI maps (`den520d` is
//! 256 × 257), octile movement, one `AStar::new().dense()
//! .open_list(OpenList::BinaryHeap)` reused, mean µs per query and nodes
//! expanded (`GRIDBENCH=DIR cargo test --release -p frontier-grid --test
//! jps -- --ignored --nocapture measure`, 2-core AMD EPYC, 2026-11-26,
//! otherwise idle):
//!
//! | map | queries | A* | expanded | JPS | expanded | JPS+ | expanded |
//! | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
//! | `64room_000` | 2030 | 9193 | 39039 | 34.9 | 27 | 7.0 | 27 |
//! | `AR0011SR` | 1280 | 2055 | 9713 | 18.5 | 18 | 4.8 | 18 |
//! | `Aftershock` | 1810 | 4249 | 18075 | 64.2 | 103 | 30.3 | 103 |
//! | `Berlin_0_512` | 1870 | 4298 | 17432 | 39.2 | 67 | 14.4 | 67 |
//! | `den520d` | 888 | 882 | 4427 | 20.0 | 41 | 10.0 | 41 |
//! | `maze512-8-0` | 6090 | 18660 | 98350 | 188.6 | 575 | 77.5 | 575 |
//! | `random512-25-0` | 1840 | 4134 | 24163 | 2260 | 8412 | 2258 | 8412 |
//!
//! On the random map, where a quarter of the cells are walls scattered one
//! by one, nearly every cell is a jump point and JPS is only 1.8 times
//! faster than A*; everywhere else it is 44 to 260 times faster, JPS+ 2 to
//! 5 times faster again. `docs/benchmarks.md` has the same maps under
//! corner cutting and against other planners.
//! A [`JpsGrid`] takes 0.1-1 ms to build and 90 KB for a 512 × 512 map; a
//! [`JumpTable`] 17-30 ms and 4.3 MB (16 bytes a cell, plus its own bit
//! rows).

mod bits;
mod plus;
mod rules;
#[cfg(test)]
mod tests;

use std::borrow::Cow;

use frontier::{RankedStates, SearchProblem, Step};

use crate::cost::{DIAGONAL, STRAIGHT};
use crate::grid::{Cell, Direction, Grid};
use crate::movement::{CornerCutting, Movement, Octile};
use crate::route::Route;

pub use bits::JpsGrid;
pub use plus::{JpsPlus, JumpTable};
use rules::START;

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::Octile {}
    impl Sealed for crate::CornerCutting {}
}

/// The movement models jump point search applies to: [`Octile`] and
/// [`CornerCutting`] (8-connected, steps of 1 and √2). Sealed: the pruning
/// rules are derived for these two.
pub trait JumpMovement: Movement + sealed::Sealed {}

impl JumpMovement for Octile {}
impl JumpMovement for CornerCutting {}

/// One action of a jump point search: `steps` single-cell steps in
/// `direction`, then, after a diagonal run, possibly a straight run along
/// one of its parts (`then`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// Where the (first) run goes.
    pub direction: Direction,
    /// How many cells it crosses (at least 1).
    pub steps: u32,
    /// The straight run that follows a diagonal one, if any: the diagonal
    /// run stopped only because a straight jump from its last cell reaches
    /// a jump point or the goal, and the search takes that jump at once
    /// (see the [module docs](self), *Jumps and turns*).
    pub then: Option<Turn>,
}

/// The straight second run of a [`Jump`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// A straight direction, one of the parts of the jump's diagonal.
    pub direction: Direction,
    /// How many cells it crosses (at least 1).
    pub steps: u32,
}

/// Where a diagonal run stops (after how many steps, see
/// [`Jumper::diagonal`]) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// At a jump point the search stores: the goal, or a cell with forced
    /// successors (corner cutting only).
    Point,
    /// At a cell whose straight jumps along the run's horizontal and
    /// vertical parts go these many cells (`None`: to a wall): the search
    /// takes them as turns and the run goes on.
    Turns(Option<u32>, Option<u32>),
}

/// A state of a jump point search: a cell, and the direction the search
/// travelled to reach it (none for the start) or, when another direction
/// has the same successors there, the first such direction. Jump points
/// are equal, hash and rank by their cell alone: A* keeps one node per
/// cell and expands it as its cheapest arrival (see the [module
/// docs](self)).
#[derive(Clone, Copy, Debug)]
pub struct JumpPoint {
    cell: Cell,
    /// `Direction as u8`, or [`START`]: the canonical arrival code.
    from: u8,
    /// The directions to jump in from here: a function of `cell` and
    /// `from`, kept so that it is looked up once.
    mask: u8,
}

impl JumpPoint {
    /// The cell.
    #[must_use]
    pub fn cell(self) -> Cell {
        self.cell
    }

    /// The direction the state stands for: that of the jump that reached
    /// the cell, or an earlier one in [`Direction::ALL`] with the same
    /// successors there; `None` for the start (unless such a direction
    /// has the start's successors too).
    #[must_use]
    pub fn direction(self) -> Option<Direction> {
        Direction::ALL.get(usize::from(self.from)).copied()
    }

    /// The rank for dense tables: the cell's index.
    fn rank(self) -> usize {
        self.cell.index()
    }
}

impl PartialEq for JumpPoint {
    fn eq(&self, other: &Self) -> bool {
        self.cell == other.cell
    }
}

impl Eq for JumpPoint {}

impl std::hash::Hash for JumpPoint {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cell.hash(state);
    }
}

/// The cost of a run in units.
#[inline]
fn run_cost(direction: Direction, steps: u32) -> u64 {
    let unit = if direction.is_diagonal() {
        DIAGONAL
    } else {
        STRAIGHT
    };
    u64::from(steps) * unit
}

/// Expands jumps into single steps.
fn expand(jumps: &[Jump]) -> Vec<Direction> {
    let runs = || {
        jumps.iter().flat_map(|jump| {
            let turn = jump.then.map(|turn| (turn.direction, turn.steps));
            std::iter::once((jump.direction, jump.steps)).chain(turn)
        })
    };
    let mut steps = Vec::with_capacity(runs().map(|(_, steps)| steps as usize).sum());
    for (direction, count) in runs() {
        steps.extend(std::iter::repeat_n(direction, count as usize));
    }
    steps
}

/// The padded `(column, row)` of a cell index.
#[inline]
fn padded_xy(stride: usize, cell: Cell) -> (usize, usize) {
    let index = cell.index();
    (index % stride, index / stride)
}

/// The cell at padded `(column, row)`.
#[inline]
fn cell_at(stride: usize, x: usize, y: usize) -> Cell {
    // cannot fail: a padded position of the grid is a cell index, and cell
    // indices fit u32 (see `Grid::blocked`)
    Cell(u32::try_from(y * stride + x).expect("a cell index fits u32"))
}

/// What [`Jps`] and [`JpsPlus`] differ in: where the jumps come from.
trait Jumper {
    /// The movement model, whose rules prune.
    type Movement: JumpMovement;
    /// The padded row length.
    fn stride(&self) -> usize;
    /// The bit rows of the cells of the route's class.
    fn planes(&self) -> &bits::Planes;
    /// The length of the straight jump from `cell`, at padded `(x, y)`,
    /// in `direction` to a jump point or the goal, or `None` if it ends at
    /// a wall.
    fn jump(&self, cell: Cell, x: usize, y: usize, direction: Direction) -> Option<u32>;
    /// The first stop of the diagonal run from padded `(x, y)` in
    /// `direction`, or `None` if it ends at a wall first.
    fn diagonal(&self, x: usize, y: usize, direction: Direction) -> Option<(u32, Stop)>;

    /// The state of `cell`, at padded `(x, y)`, reached travelling `from`
    /// (a direction code or [`START`]).
    #[inline]
    fn point(&self, cell: Cell, x: usize, y: usize, from: u8) -> JumpPoint {
        let hood = self.planes().neighbourhood(x, y);
        let (mask, canonical) = rules::rules(Self::Movement::CUTS_CORNERS).get(from, hood);
        JumpPoint {
            cell,
            from: canonical,
            mask,
        }
    }

    /// The start state.
    fn start_point(&self, cell: Cell) -> JumpPoint {
        let (x, y) = padded_xy(self.stride(), cell);
        self.point(cell, x, y, START)
    }
}

/// A diagonal run in progress: where it stands and the turns found there
/// not yet returned.
#[derive(Clone, Copy)]
struct Run {
    direction: Direction,
    x: usize,
    y: usize,
    steps: u32,
    /// Horizontal, then vertical.
    turns: [Option<u32>; 2],
}

/// The successors of a jump point: one straight jump per straight bit of
/// its mask, and for each diagonal bit a run whose stops yield turns (two
/// runs in one action) until it reaches a wall or a stored jump point.
/// Computed when asked for, without allocating.
struct Successors<'a, J> {
    jumper: &'a J,
    cell: Cell,
    x: usize,
    y: usize,
    mask: u8,
    run: Option<Run>,
}

impl<'a, J: Jumper> Successors<'a, J> {
    fn new(jumper: &'a J, point: JumpPoint) -> Self {
        let (x, y) = padded_xy(jumper.stride(), point.cell);
        Successors {
            jumper,
            cell: point.cell,
            x,
            y,
            mask: point.mask,
            run: None,
        }
    }

    /// The step reaching padded `(x, y)` by `jump`.
    #[inline]
    fn step(&self, jump: Jump, x: usize, y: usize) -> Step<JumpPoint, Jump, u64> {
        let (last, cost) = match jump.then {
            Some(turn) => (
                turn.direction,
                run_cost(jump.direction, jump.steps) + run_cost(turn.direction, turn.steps),
            ),
            None => (jump.direction, run_cost(jump.direction, jump.steps)),
        };
        let cell = cell_at(self.jumper.stride(), x, y);
        Step::new(jump, self.jumper.point(cell, x, y, last as u8), cost)
    }
}

/// Padded `(x, y)` moved `steps` cells in `direction`.
#[inline]
fn moved((x, y): (usize, usize), direction: Direction, steps: u32) -> (usize, usize) {
    let (dx, dy) = direction.delta();
    let k = (steps as usize).cast_signed();
    (x.wrapping_add_signed(dx * k), y.wrapping_add_signed(dy * k))
}

impl<J: Jumper> Iterator for Successors<'_, J> {
    type Item = Step<JumpPoint, Jump, u64>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(run) = &mut self.run {
                let (vertical, horizontal) = run.direction.parts().expect("a diagonal run");
                for (slot, direction) in [horizontal, vertical].into_iter().enumerate() {
                    if let Some(steps) = run.turns[slot].take() {
                        let run = *run;
                        let (x, y) = moved((run.x, run.y), direction, steps);
                        let jump = Jump {
                            direction: run.direction,
                            steps: run.steps,
                            then: Some(Turn { direction, steps }),
                        };
                        return Some(self.step(jump, x, y));
                    }
                }
                match self.jumper.diagonal(run.x, run.y, run.direction) {
                    None => self.run = None,
                    Some((steps, Stop::Point)) => {
                        let run = *run;
                        self.run = None;
                        let (x, y) = moved((run.x, run.y), run.direction, steps);
                        let jump = Jump {
                            direction: run.direction,
                            steps: run.steps + steps,
                            then: None,
                        };
                        return Some(self.step(jump, x, y));
                    }
                    Some((steps, Stop::Turns(horizontal, vertical))) => {
                        (run.x, run.y) = moved((run.x, run.y), run.direction, steps);
                        run.steps += steps;
                        run.turns = [horizontal, vertical];
                    }
                }
                continue;
            }
            if self.mask == 0 {
                return None;
            }
            let direction = Direction::ALL[self.mask.trailing_zeros() as usize];
            self.mask &= self.mask - 1;
            if direction.is_diagonal() {
                self.run = Some(Run {
                    direction,
                    x: self.x,
                    y: self.y,
                    steps: 0,
                    turns: [None; 2],
                });
            } else if let Some(steps) = self.jumper.jump(self.cell, self.x, self.y, direction) {
                let (x, y) = moved((self.x, self.y), direction, steps);
                let jump = Jump {
                    direction,
                    steps,
                    then: None,
                };
                return Some(self.step(jump, x, y));
            }
        }
    }
}

/// Jump point search on a [`Route`], with online bit-parallel jumps: a
/// [`SearchProblem`] whose optimal solutions are optimal paths of the
/// route (see the [module docs](self)).
///
/// Build one per query with [`Jps::with_grid`] from a [`JpsGrid`] made
/// once for the map, or with [`Jps::new`], which builds the bit rows for
/// this query alone.
///
/// # Forward only, in jumps
///
/// - **A forward search problem only**: not a
///   [`BidirectionalProblem`](frontier::BidirectionalProblem), so
///   bidirectional BFS, MM, NBS, DVCBS and BAE* do not run on it (they do
///   not compile). Search from the start with A* (or any forward
///   algorithm), or search the [`Route`] itself from both ends. See
///   [*Forward only*](self#forward-only-and-in-jumps) for why.
/// - **Its actions are [`Jump`]s**, runs of several cells: expand a
///   solution's actions with [`Jps::steps`] before [`Route::replay`],
///   which checks single [`Direction`]s (as in the example below).
///
/// # Example
///
/// ```
/// use frontier::{AStar, OpenList};
/// use grid::{CornerCutting, Grid, Jps, JpsGrid, Route};
///
/// let grid = Grid::parse_map(b"type octile\nheight 3\nwidth 5\nmap\n.....\n.@.@.\n.....\n")?;
/// let bits = JpsGrid::new(&grid);
/// let mut astar = AStar::new().dense().open_list(OpenList::BinaryHeap); // reused across queries
/// for (start, goal) in [((0, 0), (4, 2)), ((2, 1), (0, 2))] {
///     let route: Route<CornerCutting> = Route::new(&grid, start, goal)?;
///     let jps = Jps::with_grid(route, &bits);
///     let solution = astar.search(&jps).into_solution().expect("a path exists");
///     let length = route.replay(&jps.steps(&solution.actions))?;
///     assert_eq!(length.cost(), Some(solution.cost));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Jps<'g, M = Octile> {
    route: Route<'g, M>,
    bits: Cow<'g, JpsGrid<'g>>,
    /// Whether the start is water: which bit rows to scan.
    water: bool,
    /// The goal's padded `(column, row)`.
    goal: (usize, usize),
}

impl<'g, M: JumpMovement> Jps<'g, M> {
    /// Jump point search on `route`, building the grid's bit rows for it
    /// alone: O(cells) time and about 3 bits a cell of memory per call
    /// (up to a millisecond on a 512 × 512 map, more than most searches
    /// there take). For many queries on one map, build a [`JpsGrid`] once
    /// and use [`Jps::with_grid`].
    #[must_use]
    pub fn new(route: Route<'g, M>) -> Self {
        let bits = JpsGrid::new(route.grid());
        Jps::build(route, Cow::Owned(bits))
    }

    /// Jump point search on `route`, scanning the bit rows `bits` (built
    /// once from the route's grid and shared by every query on it).
    ///
    /// # Panics
    ///
    /// If `bits` was built from another grid than the route's (one equal
    /// to it is fine).
    #[must_use]
    pub fn with_grid(route: Route<'g, M>, bits: &'g JpsGrid<'g>) -> Self {
        assert!(
            bits.is_for(route.grid()),
            "the JpsGrid was built from another grid than the route's"
        );
        Jps::build(route, Cow::Borrowed(bits))
    }

    fn build(route: Route<'g, M>, bits: Cow<'g, JpsGrid<'g>>) -> Self {
        let grid = route.grid();
        Jps {
            route,
            bits,
            water: is_water(grid, route.start_cell()),
            goal: padded_xy(grid.stride(), route.goal_cell()),
        }
    }

    /// The route searched.
    #[must_use]
    pub fn route(&self) -> Route<'g, M> {
        self.route
    }

    /// The single-cell steps of a list of jumps (a solution's actions), to
    /// [`Route::replay`] or walk.
    #[must_use]
    pub fn steps(&self, jumps: &[Jump]) -> Vec<Direction> {
        expand(jumps)
    }
}

/// Whether `cell` is water: which class of cells a route from it crosses.
fn is_water(grid: &Grid, cell: Cell) -> bool {
    Grid::joins(Grid::WATER, grid.byte(cell))
}

impl<M: JumpMovement> Jumper for Jps<'_, M> {
    type Movement = M;

    #[inline]
    fn stride(&self) -> usize {
        self.route.grid().stride()
    }

    #[inline]
    fn planes(&self) -> &bits::Planes {
        self.bits.planes(self.water)
    }

    #[inline]
    fn jump(&self, _: Cell, x: usize, y: usize, direction: Direction) -> Option<u32> {
        self.planes().jump::<M>((x, y), direction, self.goal)
    }

    #[inline]
    fn diagonal(&self, x: usize, y: usize, direction: Direction) -> Option<(u32, Stop)> {
        self.planes().diagonal::<M>((x, y), direction, self.goal)
    }
}

impl<M: JumpMovement> SearchProblem for Jps<'_, M> {
    type State = JumpPoint;
    type Action = Jump;
    type Cost = u64;

    fn start(&self) -> JumpPoint {
        self.start_point(self.route.start_cell())
    }

    fn is_goal(&self, point: &JumpPoint) -> bool {
        point.cell == self.route.goal_cell()
    }

    fn successors(&self, point: &JumpPoint) -> impl Iterator<Item = Step<JumpPoint, Jump, u64>> {
        Successors::new(self, *point)
    }

    fn heuristic(&self, point: &JumpPoint) -> u64 {
        SearchProblem::heuristic(&self.route, &point.cell)
    }
}

impl<M: JumpMovement> RankedStates for Jps<'_, M> {
    fn state_count(&self) -> usize {
        self.route.grid().cell_count()
    }

    fn rank(&self, point: &JumpPoint) -> usize {
        point.rank()
    }
}
