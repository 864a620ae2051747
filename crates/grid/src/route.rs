//! [`Route`]: a query on a grid, as a frontier search problem.

use std::fmt;
use std::marker::PhantomData;

use frontier::{BidirectionalProblem, RankedStates, ReversibleProblem, SearchProblem, Step};

use crate::cost::Length;
use crate::grid::{Cell, Direction, Grid, Terrain};
use crate::movement::{self, Movement, Octile, ReversibleMovement};

/// Which estimate a [`Route`] gives the searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// The movement's own distance on an open grid: octile for 8-connected
    /// movement, Manhattan for 4-connected. Admissible and consistent.
    #[default]
    Distance,
    /// Zero everywhere: A* becomes Dijkstra's algorithm.
    Zero,
}

/// A query on a grid, from one cell to another under movement model `M`:
/// the [`SearchProblem`] every frontier algorithm searches.
///
/// States are [`Cell`]s, actions [`Direction`]s, costs `u64` (fixed point
/// for octile steps, see [`crate::cost`]). Also a
/// [`BidirectionalProblem`] (the backward heuristic is the same distance to
/// the start), [`RankedStates`] (a cell ranks as its index, so dense tables
/// apply) and, except under [`Weighted`](crate::Weighted) movement, a
/// [`ReversibleProblem`].
///
/// # Example
///
/// ```
/// use grid::{Grid, Octile, Route};
///
/// let grid = Grid::parse_map(b"type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n")?;
/// let route: Route<Octile> = Route::new(&grid, (0, 0), (3, 2))?;
/// let solution = frontier::astar(&route).into_solution().expect("a path exists");
/// let length = route.replay(&solution.actions)?; // checks every step, ends at the goal
/// assert_eq!((length.straight, length.diagonal), (3, 1));
/// assert_eq!(length.cost(), Some(solution.cost));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Route<'g, M = Octile> {
    grid: &'g Grid,
    start: Cell,
    goal: Cell,
    /// The padded `(column, row)` of the start and of the goal, for the
    /// estimates (one division per estimate instead of two).
    start_at: (u32, u32),
    goal_at: (u32, u32),
    heuristic: Heuristic,
    movement: PhantomData<M>,
}

/// One end of a query: which one a [`RouteError`] or a
/// [`ScenarioError`](crate::ScenarioError) is about.
///
/// # Example
///
/// ```
/// use grid::{Endpoint, Grid, Octile, Route, RouteError};
///
/// let grid = Grid::parse_map(b"type octile\nheight 1\nwidth 3\nmap\n.@.\n")?;
/// let err = Route::<Octile>::new(&grid, (0, 0), (1, 0)).unwrap_err();
/// assert!(matches!(err, RouteError::Blocked { endpoint: Endpoint::Goal, x: 1, y: 0 }));
/// assert_eq!(err.to_string(), "the goal (1, 0) is a blocked cell");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// Where the query starts.
    Start,
    /// Where the query ends.
    Goal,
}

impl fmt::Display for Endpoint {
    /// `start` or `goal`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Endpoint::Start => "start",
            Endpoint::Goal => "goal",
        })
    }
}

/// A query that cannot be asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RouteError {
    /// A start or goal outside the map.
    #[error("the {endpoint} ({x}, {y}) is outside the {width}x{height} map")]
    OffMap {
        /// The start or the goal.
        endpoint: Endpoint,
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
        /// The map's width.
        width: usize,
        /// The map's height.
        height: usize,
    },
    /// A start or goal on a blocked cell.
    #[error("the {endpoint} ({x}, {y}) is a blocked cell")]
    Blocked {
        /// The start or the goal.
        endpoint: Endpoint,
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
    },
}

impl RouteError {
    /// The end of the query at fault.
    #[must_use]
    pub fn endpoint(&self) -> Endpoint {
        match self {
            RouteError::OffMap { endpoint, .. } | RouteError::Blocked { endpoint, .. } => *endpoint,
        }
    }
}

/// A list of steps that does not walk a route from its start to its goal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// Step `index` (from 0) is not allowed from where the walk stands.
    #[error("step {index} ({direction}) from ({x}, {y}) is not allowed under {movement} movement")]
    Illegal {
        /// The step's position in the list.
        index: usize,
        /// The step.
        direction: Direction,
        /// The column it starts from.
        x: usize,
        /// The row it starts from.
        y: usize,
        /// The movement model's name.
        movement: &'static str,
    },
    /// The walk ends elsewhere than at the goal.
    #[error("the steps end at ({x}, {y}), not at the goal")]
    NotAtGoal {
        /// Where the walk ended: column.
        x: usize,
        /// Where the walk ended: row.
        y: usize,
    },
}

impl<'g, M: Movement> Route<'g, M> {
    /// The query from `start` to `goal`, each `(x, y)`, with the
    /// [`Heuristic::Distance`] estimate.
    ///
    /// # Errors
    ///
    /// [`RouteError::OffMap`] or [`RouteError::Blocked`] for a start or
    /// goal that is not an open cell of the map.
    pub fn new(
        grid: &'g Grid,
        start: (usize, usize),
        goal: (usize, usize),
    ) -> Result<Route<'g, M>, RouteError> {
        let open = |endpoint, (x, y): (usize, usize)| {
            let cell = grid.cell(x, y).ok_or(RouteError::OffMap {
                endpoint,
                x,
                y,
                width: grid.width(),
                height: grid.height(),
            })?;
            if grid.terrain_of(cell) == Terrain::Blocked {
                return Err(RouteError::Blocked { endpoint, x, y });
            }
            Ok(cell)
        };
        let (start, goal) = (open(Endpoint::Start, start)?, open(Endpoint::Goal, goal)?);
        Ok(Route {
            grid,
            start,
            goal,
            start_at: padded_at(grid, start),
            goal_at: padded_at(grid, goal),
            heuristic: Heuristic::Distance,
            movement: PhantomData,
        })
    }

    /// The same query with another estimate.
    #[must_use]
    pub fn with_heuristic(self, heuristic: Heuristic) -> Route<'g, M> {
        Route { heuristic, ..self }
    }

    /// The grid searched.
    #[must_use]
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The start cell.
    #[must_use]
    pub fn start_cell(&self) -> Cell {
        self.start
    }

    /// The goal cell.
    #[must_use]
    pub fn goal_cell(&self) -> Cell {
        self.goal
    }

    /// The estimate in use.
    #[must_use]
    pub fn estimate(&self) -> Heuristic {
        self.heuristic
    }

    /// The estimate from `cell` to the cell at padded `(column, row)`
    /// `target` (0 under [`Heuristic::Zero`]).
    #[inline]
    pub(crate) fn distance(&self, cell: Cell, target: (u32, u32)) -> u64 {
        match self.heuristic {
            Heuristic::Zero => 0,
            Heuristic::Distance => {
                let (x, y) = padded_at(self.grid, cell);
                M::distance(
                    u64::from(x.abs_diff(target.0)),
                    u64::from(y.abs_diff(target.1)),
                )
            }
        }
    }

    /// The estimate from `cell` to the goal.
    #[inline]
    pub(crate) fn goal_distance(&self, cell: Cell) -> u64 {
        self.distance(cell, self.goal_at)
    }

    /// Walks `steps` from the start, checking each is allowed under `M`,
    /// and returns the length of the walk if it ends at the goal: the
    /// check every path a search returns should pass.
    ///
    /// # Errors
    ///
    /// [`ReplayError::Illegal`] at the first step not allowed,
    /// [`ReplayError::NotAtGoal`] if the walk ends elsewhere.
    pub fn replay(&self, steps: &[Direction]) -> Result<Length, ReplayError> {
        let mut at = self.start;
        let mut length = Length::default();
        for (index, &direction) in steps.iter().enumerate() {
            if movement::moves::<M>(self.grid, at) & (1 << direction as u8) == 0 {
                let (x, y) = self.grid.xy(at);
                return Err(ReplayError::Illegal {
                    index,
                    direction,
                    x,
                    y,
                    movement: M::NAME,
                });
            }
            at = self.grid.neighbour(at, direction);
            if M::WEIGHTED {
                length.weighted += u64::from(Grid::weight(self.grid.byte(at)));
            } else if direction.is_diagonal() {
                length.diagonal += 1;
            } else {
                length.straight += 1;
            }
        }
        if at != self.goal {
            let (x, y) = self.grid.xy(at);
            return Err(ReplayError::NotAtGoal { x, y });
        }
        Ok(length)
    }

    /// The cost a search reports for a path of `length` under `M`:
    /// [`Length::cost`] for 8-connected movement, one unit a step for
    /// [`Cardinal`](crate::Cardinal), the weights for
    /// [`Weighted`](crate::Weighted); `None` if it does not fit `u64`.
    #[must_use]
    pub fn cost_of(&self, length: &Length) -> Option<u64> {
        if M::DIAGONALS {
            length.cost()
        } else {
            length
                .straight
                .checked_mul(M::straight_cost(1))?
                .checked_add(length.weighted)
        }
    }

    /// The cells a list of steps visits from the start, start included (no
    /// checks: [`Route::replay`] them first).
    #[must_use]
    pub fn cells(&self, steps: &[Direction]) -> Vec<Cell> {
        let mut at = self.start;
        let mut cells = Vec::with_capacity(steps.len() + 1);
        cells.push(at);
        for &direction in steps {
            at = self.grid.neighbour(at, direction);
            cells.push(at);
        }
        cells
    }
}

/// The padded `(column, row)` of `cell`: one division.
#[inline]
fn padded_at(grid: &Grid, cell: Cell) -> (u32, u32) {
    #[allow(clippy::cast_possible_truncation)] // cell indices fit u32
    let stride = grid.stride() as u32;
    let row = cell.0 / stride;
    (cell.0 - row * stride, row)
}

/// The steps out of (or into) a cell: the bits of a move mask.
#[derive(Debug)]
pub struct Steps<'g, M> {
    grid: &'g Grid,
    cell: Cell,
    mask: u8,
    backward: bool,
    movement: PhantomData<M>,
}

impl<M: Movement> Iterator for Steps<'_, M> {
    type Item = Step<Cell, Direction, u64>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.mask == 0 {
            return None;
        }
        let bit = self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        let direction = Direction::ALL[bit];
        let next = self.grid.neighbour(self.cell, direction);
        Some(if self.backward {
            // From `next` into `self.cell`.
            let cost = movement::step_cost::<M>(direction, self.grid.byte(self.cell));
            Step::new(direction.opposite(), next, cost)
        } else {
            let cost = movement::step_cost::<M>(direction, self.grid.byte(next));
            Step::new(direction, next, cost)
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.mask.count_ones() as usize;
        (n, Some(n))
    }
}

impl<M: Movement> SearchProblem for Route<'_, M> {
    type State = Cell;
    type Action = Direction;
    type Cost = u64;

    fn start(&self) -> Cell {
        self.start
    }

    fn is_goal(&self, cell: &Cell) -> bool {
        *cell == self.goal
    }

    fn successors(&self, cell: &Cell) -> impl Iterator<Item = Step<Cell, Direction, u64>> {
        Steps::<M> {
            grid: self.grid,
            cell: *cell,
            mask: movement::moves::<M>(self.grid, *cell),
            backward: false,
            movement: PhantomData,
        }
    }

    fn heuristic(&self, cell: &Cell) -> u64 {
        self.goal_distance(*cell)
    }

    /// A straight step onto land of weight 1 (every weight is at least 1,
    /// and a diagonal costs more): ε, which the bidirectional heuristic searches use (see `min_step_cost`).
    fn min_step_cost(&self) -> u64 {
        M::straight_cost(1)
    }
}

/// Every model's steps join the same pairs of cells both ways (the corner
/// rule looks at the same two cells from either end), so a cell's
/// predecessors are its successors' cells.
impl<M: Movement> BidirectionalProblem for Route<'_, M> {
    fn goal(&self) -> Cell {
        self.goal
    }

    fn predecessors(&self, cell: &Cell) -> impl Iterator<Item = Step<Cell, Direction, u64>> {
        Steps::<M> {
            grid: self.grid,
            cell: *cell,
            mask: movement::moves::<M>(self.grid, *cell),
            backward: true,
            movement: PhantomData,
        }
    }

    fn backward_heuristic(&self, cell: &Cell) -> u64 {
        self.distance(*cell, self.start_at)
    }
}

impl<M: Movement> RankedStates for Route<'_, M> {
    fn state_count(&self) -> usize {
        self.grid.cell_count()
    }

    fn rank(&self, cell: &Cell) -> usize {
        cell.index()
    }
}

/// A step back costs what the step did: unit and √2 steps are symmetric.
impl<M: ReversibleMovement> ReversibleProblem for Route<'_, M> {}
