//! The grid: cells in a padded row-major array, with their terrain.

use std::fmt;

use crate::cost::MAX_CELLS;

/// What a cell holds.
///
/// Moving AI maps ([`Grid::parse_map`]) give `.` `G` and `S` (swamp,
/// "passable from regular terrain") as [`Terrain::Land`] of weight 1;
/// `W` (water, "traversable, but not passable from terrain") as
/// [`Terrain::Water`]; `@` `O` and `T` as [`Terrain::Blocked`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// A wall: never entered.
    Blocked,
    /// Land, entered at the given weight (1 to [`MAX_WEIGHT`]; the weight
    /// counts only under [`Weighted`](crate::Weighted) movement, every
    /// other model steps at unit or √2 cost).
    Land(u8),
    /// Water: steps go from water to water only, never between water and
    /// land (and a diagonal step needs both cells it passes by to be water
    /// too).
    Water,
}

/// The heaviest land weight a cell may have.
pub const MAX_WEIGHT: u8 = 127;

/// The water bit of a cell byte; the low bits hold the weight.
const WATER: u8 = 0x80;

/// A cell of a [`Grid`], as a search state: an index into the grid's padded
/// array, so it ranks as itself for dense tables. Get one from
/// [`Grid::cell`] and its coordinates back from [`Grid::xy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub(crate) u32);

impl Cell {
    /// The cell's index in its grid's padded array (below
    /// [`Grid::cell_count`]).
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The eight directions a step can take, `y` growing downwards (row 0 is
/// the first row of a map file, as Moving AI counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Direction {
    /// Up: y − 1.
    North = 0,
    /// Right: x + 1.
    East = 1,
    /// Down: y + 1.
    South = 2,
    /// Left: x − 1.
    West = 3,
    /// Up and right.
    NorthEast = 4,
    /// Down and right.
    SouthEast = 5,
    /// Down and left.
    SouthWest = 6,
    /// Up and left.
    NorthWest = 7,
}

impl Direction {
    /// All eight, straight ones first; a direction's position here is its
    /// `as u8` value.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// The four straight directions.
    pub const STRAIGHT: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// `(dx, dy)` of one step.
    #[must_use]
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Direction::North => (0, -1),
            Direction::East => (1, 0),
            Direction::South => (0, 1),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, -1),
            Direction::SouthEast => (1, 1),
            Direction::SouthWest => (-1, 1),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// Whether the step is diagonal.
    #[must_use]
    pub const fn is_diagonal(self) -> bool {
        self as u8 >= 4
    }

    /// The step that undoes this one.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
            Direction::NorthEast => Direction::SouthWest,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
            Direction::NorthWest => Direction::SouthEast,
        }
    }

    /// The two straight directions a diagonal step combines (vertical
    /// first), or `None` for a straight one.
    #[must_use]
    pub const fn parts(self) -> Option<(Direction, Direction)> {
        match self {
            Direction::NorthEast => Some((Direction::North, Direction::East)),
            Direction::SouthEast => Some((Direction::South, Direction::East)),
            Direction::SouthWest => Some((Direction::South, Direction::West)),
            Direction::NorthWest => Some((Direction::North, Direction::West)),
            _ => None,
        }
    }

    /// A short name: `n e s w ne se sw nw`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::North => "n",
            Direction::East => "e",
            Direction::South => "s",
            Direction::West => "w",
            Direction::NorthEast => "ne",
            Direction::SouthEast => "se",
            Direction::SouthWest => "sw",
            Direction::NorthWest => "nw",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rectangular map of [`Terrain`].
///
/// The cells sit in a row-major array with a border of blocked cells around
/// the map, so a step never needs a bounds check: a [`Cell`] is an index
/// into that array. Read one from a Moving AI `.map` file with
/// [`Grid::parse_map`], or build one with [`Grid::from_fn`].
///
/// # Example
///
/// ```
/// use grid::{Grid, Terrain};
///
/// let grid = Grid::from_fn(3, 2, |x, y| if (x, y) == (1, 0) { Terrain::Blocked } else { Terrain::Land(1) })?;
/// assert_eq!((grid.width(), grid.height()), (3, 2));
/// assert!(!grid.is_passable(1, 0));
/// let cell = grid.cell(2, 1).expect("on the map");
/// assert_eq!(grid.xy(cell), (2, 1));
/// # Ok::<(), grid::GridError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    /// `width + 2`: the padded row length.
    stride: usize,
    /// One byte per padded cell: 0 blocked, else the weight (low 7 bits)
    /// and the water bit.
    cells: Vec<u8>,
    /// The number of cells that are not blocked.
    open: usize,
}

/// A grid that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// A width or height of zero.
    #[error("a {width}x{height} grid has no cells")]
    Empty {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// More cells than [`MAX_CELLS`] (the most whose costs are exact).
    #[error(
        "a {width}x{height} grid has more than {max} cells, the most whose path costs stay exact"
    )]
    TooLarge {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
        /// [`MAX_CELLS`].
        max: usize,
    },
    /// A land weight of 0 or above [`MAX_WEIGHT`].
    #[error("cell ({x}, {y}) has weight {weight}, expected 1 to {max}", max = MAX_WEIGHT)]
    Weight {
        /// The cell's column.
        x: usize,
        /// The cell's row.
        y: usize,
        /// The weight given.
        weight: u8,
    },
    /// The cells' memory could not be allocated.
    #[error("cannot allocate {bytes} bytes for the grid's cells")]
    OutOfMemory {
        /// The bytes asked for.
        bytes: usize,
    },
}

impl Grid {
    /// A `width` × `height` grid whose cell `(x, y)` holds `terrain(x, y)`.
    ///
    /// # Errors
    ///
    /// [`GridError::Empty`] for a zero side, [`GridError::TooLarge`] above
    /// [`MAX_CELLS`] cells, [`GridError::Weight`] for a land weight outside
    /// `1..=MAX_WEIGHT`, [`GridError::OutOfMemory`] if the cells cannot be
    /// allocated.
    pub fn from_fn(
        width: usize,
        height: usize,
        mut terrain: impl FnMut(usize, usize) -> Terrain,
    ) -> Result<Grid, GridError> {
        let mut grid = Grid::blocked(width, height)?;
        for y in 0..height {
            for x in 0..width {
                let byte = match terrain(x, y) {
                    Terrain::Blocked => 0,
                    Terrain::Land(weight) if (1..=MAX_WEIGHT).contains(&weight) => weight,
                    Terrain::Land(weight) => return Err(GridError::Weight { x, y, weight }),
                    Terrain::Water => WATER | 1,
                };
                grid.set(x, y, byte);
            }
        }
        Ok(grid)
    }

    /// A grid of blocked cells, to fill in with [`Grid::set`].
    pub(crate) fn blocked(width: usize, height: usize) -> Result<Grid, GridError> {
        if width == 0 || height == 0 {
            return Err(GridError::Empty { width, height });
        }
        let too_large = GridError::TooLarge {
            width,
            height,
            max: MAX_CELLS,
        };
        if width
            .checked_mul(height)
            .is_none_or(|cells| cells > MAX_CELLS)
        {
            return Err(too_large);
        }
        let stride = width + 2;
        // At most MAX_CELLS + 2 * (width + height) + 4 < 3 * MAX_CELLS + 4,
        // which fits u32: a cell index always does.
        let padded = stride * (height + 2);
        let mut cells = Vec::new();
        cells
            .try_reserve_exact(padded)
            .map_err(|_| GridError::OutOfMemory { bytes: padded })?;
        cells.resize(padded, 0);
        Ok(Grid {
            width,
            height,
            stride,
            cells,
            open: 0,
        })
    }

    /// Sets cell `(x, y)` to the cell byte `byte` (0 blocked).
    pub(crate) fn set(&mut self, x: usize, y: usize, byte: u8) {
        let index = (y + 1) * self.stride + x + 1;
        let before = self.cells[index];
        self.open = self.open + usize::from(byte != 0) - usize::from(before != 0);
        self.cells[index] = byte;
    }

    /// The land byte of a weight-1 cell, and of water, for the map parser.
    pub(crate) const LAND: u8 = 1;
    pub(crate) const WATER: u8 = WATER | 1;

    /// The number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of cells that are not blocked.
    #[must_use]
    pub fn open_cells(&self) -> usize {
        self.open
    }

    /// The number of [`Cell`] indices, border included: every
    /// [`Cell::index`] is below it (the searches' `state_count`).
    #[must_use]
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The cell at column `x`, row `y`, or `None` off the map.
    #[must_use]
    pub fn cell(&self, x: usize, y: usize) -> Option<Cell> {
        #[allow(clippy::cast_possible_truncation)] // padded sizes fit u32 (see `blocked`)
        (x < self.width && y < self.height).then(|| Cell(((y + 1) * self.stride + x + 1) as u32))
    }

    /// The column and row of `cell`.
    ///
    /// # Panics
    ///
    /// If `cell` is on the border (it did not come from this grid).
    #[must_use]
    pub fn xy(&self, cell: Cell) -> (usize, usize) {
        let index = cell.index();
        let (row, column) = (index / self.stride, index % self.stride);
        assert!(
            (1..=self.height).contains(&row) && (1..=self.width).contains(&column),
            "cell {index} is not on this {}x{} grid",
            self.width,
            self.height
        );
        (column - 1, row - 1)
    }

    /// What cell `(x, y)` holds ([`Terrain::Blocked`] off the map).
    #[must_use]
    pub fn terrain(&self, x: usize, y: usize) -> Terrain {
        self.cell(x, y)
            .map_or(Terrain::Blocked, |cell| self.terrain_of(cell))
    }

    /// What `cell` holds.
    #[must_use]
    pub fn terrain_of(&self, cell: Cell) -> Terrain {
        match self.byte(cell) {
            0 => Terrain::Blocked,
            byte if byte & WATER != 0 => Terrain::Water,
            byte => Terrain::Land(byte),
        }
    }

    /// Whether cell `(x, y)` is on the map and not blocked.
    #[must_use]
    pub fn is_passable(&self, x: usize, y: usize) -> bool {
        self.terrain(x, y) != Terrain::Blocked
    }

    /// The neighbour of `cell` in `direction` (possibly a border cell,
    /// which is blocked).
    #[must_use]
    pub fn neighbour(&self, cell: Cell, direction: Direction) -> Cell {
        Cell(cell.0.wrapping_add_signed(self.offset(direction)))
    }

    /// The index offset of a step in `direction`.
    #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)] // stride < 2^31
    pub(crate) fn offset(&self, direction: Direction) -> i32 {
        let (dx, dy) = direction.delta();
        (dy * self.stride as isize + dx) as i32
    }

    /// The padded row length.
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// The byte of `cell`: 0 blocked, else weight and water bit.
    #[inline]
    pub(crate) fn byte(&self, cell: Cell) -> u8 {
        self.cells[cell.index()]
    }

    /// Whether a step may go from a cell holding `from` to one holding
    /// `to`: both open, and both land or both water.
    #[inline]
    pub(crate) fn joins(from: u8, to: u8) -> bool {
        to != 0 && (from ^ to) & WATER == 0
    }

    /// The weight of entering a cell byte (its low bits).
    #[inline]
    pub(crate) fn weight(byte: u8) -> u8 {
        byte & !WATER
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grid")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("open_cells", &self.open)
            .finish_non_exhaustive()
    }
}

/// Draws the map as a Moving AI map body: `.` land of weight 1, digits for
/// heavier land (`+` above 9), `W` water, `@` blocked.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for y in 0..self.height {
            for x in 0..self.width {
                let c = match self.terrain(x, y) {
                    Terrain::Blocked => '@',
                    Terrain::Water => 'W',
                    Terrain::Land(1) => '.',
                    Terrain::Land(w) if w <= 9 => char::from(b'0' + w),
                    Terrain::Land(_) => '+',
                };
                f.write_char(c)?;
            }
            f.write_char('\n')?;
        }
        Ok(())
    }
}
