//! JPS+: [`JumpTable`], every cell's jump distances computed once, and
//! [`JpsPlus`], the search problem that reads them.

use std::fmt;
use std::marker::PhantomData;

use frontier::{RankedStates, SearchProblem, Step};

use crate::Octile;
use crate::grid::{Cell, Direction, Grid, GridError};
use crate::route::Route;

use super::bits::Planes;
use super::rules::{self, bit};
use super::{
    JpsGrid, Jump, JumpMovement, JumpPoint, Jumper, Stop, Successors, cell_at, expand, is_water,
    moved, padded_xy,
};

/// The longest run one entry encodes; longer ones continue from the cell
/// this far along.
const CAP: i16 = i16::MAX - 1;
/// "A jump point lies more than [`CAP`] cells ahead": go [`CAP`] cells and
/// read that cell's entry.
const JUMP_BEYOND: i16 = i16::MIN;
/// "The run goes more than [`CAP`] cells before a wall": likewise.
const WALL_BEYOND: i16 = i16::MIN + 1;

/// Whether an entry says the run ends at a jump point.
#[inline]
fn is_jump(entry: i16) -> bool {
    entry > 0 || entry == JUMP_BEYOND
}

/// The entry of a cell one step before a cell whose entry is `next`.
fn one_more(next: i16) -> i16 {
    match next {
        JUMP_BEYOND | WALL_BEYOND => next,
        CAP => JUMP_BEYOND,
        n if n == -CAP => WALL_BEYOND,
        n if n > 0 => n + 1,
        n => n - 1,
    }
}

/// What the table's sweeps need of a cell: its legal steps, and the
/// directions of the moves into it that force successors (for a blocked
/// cell, none).
#[derive(Clone, Copy, Default)]
struct Around {
    legal: u8,
    forcing: u8,
}

/// JPS+ jump distances for one grid and movement model `M`: for every cell
/// and each of the eight directions, how many cells the jump from it goes
/// before reaching a jump point (a positive entry) or how many it can go
/// before a wall (zero or negative), computed against the cells of the
/// cell's own class (land or water). Built once, shared by every
/// [`JpsPlus`] query on the grid.
///
/// Each entry is an `i16`: 16 bytes a cell of the padded grid, 4.2 MB for
/// a 512 × 512 map, plus the map's bit rows (a [`JpsGrid`], for the
/// pruning rules): [`JumpTable::bytes`]. A run longer than 32 766 cells is
/// stored as a mark that sends the reader on to the cell that far along,
/// so any map works.
///
/// # Example
///
/// ```
/// use grid::{Grid, JpsPlus, JumpTable, Octile, Route};
///
/// let grid = Grid::parse_map(b"type octile\nheight 3\nwidth 5\nmap\n.....\n.@@..\n.....\n")?;
/// let table: JumpTable<Octile> = JumpTable::new(&grid)?; // once per grid and movement
/// let route = Route::new(&grid, (0, 0), (4, 2))?;
/// let jps = JpsPlus::new(route, &table);
/// let solution = frontier::astar(&jps).into_solution().expect("a path exists");
/// let length = route.replay(&jps.steps(&solution.actions))?;
/// assert_eq!(length.cost(), Some(solution.cost));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct JumpTable<'g, M = Octile> {
    /// The cells' neighbourhoods, for the pruning rules.
    bits: JpsGrid<'g>,
    /// By cell index, by `Direction as u8`.
    jumps: Vec<[i16; 8]>,
    movement: PhantomData<M>,
}

impl<'g, M: JumpMovement> JumpTable<'g, M> {
    /// The jump distances of `grid` under `M`.
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfMemory`] if the 16 bytes a cell cannot be
    /// allocated.
    ///
    /// # Complexity
    ///
    /// O(cells) time: one sweep per direction, the straight ones first
    /// (a diagonal entry needs the straight entries of the next cell);
    /// 17-30 ms for a 512 × 512 map (release build).
    pub fn new(grid: &'g Grid) -> Result<JumpTable<'g, M>, GridError> {
        let count = grid.cell_count();
        let mut jumps = Vec::new();
        jumps
            .try_reserve_exact(count)
            .map_err(|_| GridError::OutOfMemory {
                bytes: count * size_of::<[i16; 8]>(),
            })?;
        jumps.resize(count, [0; 8]);
        let mut table = JumpTable {
            bits: JpsGrid::new(grid),
            jumps,
            movement: PhantomData,
        };
        // Per cell, from its neighbourhood: the legal steps, and the moves
        // into it that force successors.
        let mut cells = Vec::new();
        cells
            .try_reserve_exact(count)
            .map_err(|_| GridError::OutOfMemory { bytes: count * 2 })?;
        cells.resize(count, Around::default());
        for (x, y) in (0..grid.height()).flat_map(|y| (0..grid.width()).map(move |x| (x, y))) {
            let Some(cell) = grid.cell(x, y) else {
                continue;
            };
            if grid.byte(cell) == 0 {
                continue;
            }
            let hood = table
                .bits
                .planes(is_water(grid, cell))
                .neighbourhood(x + 1, y + 1);
            let forcing = Direction::ALL
                .iter()
                .filter(|&&d| rules::forced(M::CUTS_CORNERS, d, hood) != 0)
                .fold(0, |mask, &d| mask | bit(d));
            cells[cell.index()] = Around {
                legal: rules::legal(M::CUTS_CORNERS, hood),
                forcing,
            };
        }
        for direction in Direction::STRAIGHT {
            table.sweep(&cells, direction);
        }
        for direction in &Direction::ALL[4..] {
            table.sweep(&cells, *direction);
        }
        Ok(table)
    }

    /// Fills the entries of `direction`, each from the entry of the next
    /// cell that way: cells in the order that visits that cell first.
    fn sweep(&mut self, cells: &[Around], direction: Direction) {
        let grid = self.bits.grid();
        let offset = isize::try_from(grid.offset(direction)).expect("an offset fits isize");
        let d = direction as usize;
        let parts = direction.parts();
        let jumps = &mut self.jumps;
        let mut fill = |index: usize| {
            if cells[index].legal & bit(direction) == 0 {
                jumps[index][d] = 0;
                return;
            }
            let next = index.wrapping_add_signed(offset);
            let entries = jumps[next];
            // A jump point for this move: forced successors, or (diagonally)
            // a straight jump along a part that reaches one.
            let jump_point = cells[next].forcing & bit(direction) != 0
                || parts.is_some_and(|(vertical, horizontal)| {
                    is_jump(entries[vertical as usize]) || is_jump(entries[horizontal as usize])
                });
            jumps[index][d] = if jump_point { 1 } else { one_more(entries[d]) };
        };
        if offset > 0 {
            (0..cells.len()).rev().for_each(&mut fill);
        } else {
            (0..cells.len()).for_each(&mut fill);
        }
    }

    /// The grid the table describes.
    #[must_use]
    pub fn grid(&self) -> &'g Grid {
        self.bits.grid()
    }

    /// The bytes the table takes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.jumps.len() * size_of::<[i16; 8]>() + self.bits.bytes()
    }

    /// The run from `cell` in `direction`: its length in cells, and
    /// whether it ends at a jump point (else at a wall).
    #[inline]
    pub(super) fn run(&self, mut cell: Cell, direction: Direction, stride: usize) -> (usize, bool) {
        let mut total = 0;
        loop {
            let entry = self.jumps[cell.index()][direction as usize];
            match entry {
                JUMP_BEYOND | WALL_BEYOND => {
                    let cap = CAP.unsigned_abs();
                    total += usize::from(cap);
                    let (x, y) = moved(padded_xy(stride, cell), direction, u32::from(cap));
                    cell = cell_at(stride, x, y);
                }
                _ => return (total + usize::from(entry.unsigned_abs()), entry > 0),
            }
        }
    }
}

impl<M> fmt::Debug for JumpTable<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JumpTable")
            .field("width", &self.bits.grid().width())
            .field("height", &self.bits.grid().height())
            .field("jumps", &self.jumps.len())
            .finish_non_exhaustive()
    }
}

/// JPS+ on a [`Route`]: jump point search whose jumps are read from a
/// precomputed [`JumpTable`] and bounded by the goal (see the
/// [module docs](super)). The same [`SearchProblem`] shape as
/// [`Jps`](super::Jps): [`JumpPoint`] states, [`Jump`] actions, `u64`
/// costs, [`RankedStates`].
///
/// Like [`Jps`](super::Jps), a **forward search problem only**: not a
/// [`BidirectionalProblem`](frontier::BidirectionalProblem) (its jumps are
/// cut short at the goal, so no search can run it from the goal back), so
/// bidirectional BFS, MM, NBS, DVCBS and BAE* do not run on it; and its
/// actions are [`Jump`]s of several cells, which [`JpsPlus::steps`]
/// expands into the single steps [`Route::replay`] checks (see the
/// [module docs](super#forward-only-and-in-jumps)).
#[derive(Clone, Copy, Debug)]
pub struct JpsPlus<'g, M = Octile> {
    route: Route<'g, M>,
    table: &'g JumpTable<'g, M>,
    /// The bit rows of the start's class.
    planes: &'g Planes,
    /// The goal's padded `(column, row)`.
    goal: (usize, usize),
    stride: usize,
}

impl<'g, M: JumpMovement> JpsPlus<'g, M> {
    /// JPS+ on `route`, reading `table` (built once from the route's grid).
    ///
    /// # Panics
    ///
    /// If `table` was built from another grid than the route's (one equal
    /// to it is fine).
    #[must_use]
    pub fn new(route: Route<'g, M>, table: &'g JumpTable<'g, M>) -> Self {
        let grid = route.grid();
        assert!(
            table.bits.is_for(grid),
            "the JumpTable was built from another grid than the route's"
        );
        let stride = grid.stride();
        JpsPlus {
            route,
            table,
            planes: table.bits.planes(is_water(grid, route.start_cell())),
            goal: padded_xy(stride, route.goal_cell()),
            stride,
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

/// How far `to` lies ahead of `from` moving by `d` (−1, 0 or 1) along one
/// axis, if it does.
#[inline]
fn ahead(from: usize, to: usize, d: isize) -> Option<usize> {
    match d {
        1 if to > from => Some(to - from),
        -1 if to < from => Some(from - to),
        _ => None,
    }
}

impl<M: JumpMovement> Jumper for JpsPlus<'_, M> {
    type Movement = M;

    #[inline]
    fn stride(&self) -> usize {
        self.stride
    }

    #[inline]
    fn planes(&self) -> &Planes {
        self.planes
    }

    #[inline]
    fn jump(&self, cell: Cell, x: usize, y: usize, direction: Direction) -> Option<u32> {
        let (reach, jump) = self.table.run(cell, direction, self.stride);
        let (dx, dy) = direction.delta();
        let (gx, gy) = self.goal;
        // Goal bounding: stop on the goal, or on the goal's row or column
        // when a diagonal run crosses it with the goal ahead on both axes.
        let target = if direction.is_diagonal() {
            ahead(x, gx, dx)
                .zip(ahead(y, gy, dy))
                .map(|(a, b)| a.min(b))
        } else if dx == 0 {
            ahead(y, gy, dy).filter(|_| gx == x)
        } else {
            ahead(x, gx, dx).filter(|_| gy == y)
        };
        let steps = match target {
            Some(t) if t <= reach => t,
            _ if jump => reach,
            _ => return None,
        };
        // cannot fail: a run stays on one line of the grid, shorter than
        // the cell count, which fits u32
        Some(u32::try_from(steps).expect("a jump fits u32"))
    }

    #[inline]
    fn diagonal(&self, x: usize, y: usize, direction: Direction) -> Option<(u32, Stop)> {
        let steps = self.jump(cell_at(self.stride, x, y), x, y, direction)?;
        let (x, y) = moved((x, y), direction, steps);
        if (x, y) == self.goal
            || (M::CUTS_CORNERS
                && rules::forced(true, direction, self.planes.neighbourhood(x, y)) != 0)
        {
            return Some((steps, Stop::Point));
        }
        // A jump point for the straight jumps along the parts, or a target
        // point on the goal's row or column (whose jumps may both fail:
        // then the run goes on).
        let (vertical, horizontal) = direction.parts().expect("a diagonal direction");
        let cell = cell_at(self.stride, x, y);
        let turns = Stop::Turns(
            self.jump(cell, x, y, horizontal),
            self.jump(cell, x, y, vertical),
        );
        Some((steps, turns))
    }
}

impl<M: JumpMovement> SearchProblem for JpsPlus<'_, M> {
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

impl<M: JumpMovement> RankedStates for JpsPlus<'_, M> {
    fn state_count(&self) -> usize {
        self.route.grid().cell_count()
    }

    fn rank(&self, point: &JumpPoint) -> usize {
        point.rank()
    }
}
