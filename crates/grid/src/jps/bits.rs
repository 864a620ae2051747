//! [`JpsGrid`]: a grid's passability as bit rows and bit columns, and the
//! bit-parallel jumps of [`Jps`](super::Jps).

use std::fmt;

use crate::grid::{Direction, Grid};

use super::{JumpMovement, Stop};

/// The bit index of position 0 of a line: a zero word in front lets a
/// backward window start below the line's first position, and the border
/// cells (blocked) end every scan before it.
const PAD: usize = 64;

/// A goal position that no scan reaches (half the range, so adding [`PAD`]
/// and subtracting a bit index wrap to large values either way).
const NO_GOAL: usize = usize::MAX / 2;

/// One bit a position (1 open) for each of a number of lines, `width`
/// words a line: the rows of a grid, or its columns.
#[derive(Clone, PartialEq, Eq)]
struct Lines {
    width: usize,
    words: Vec<u64>,
}

impl Lines {
    /// `lines` lines of `positions` positions, all closed.
    fn new(lines: usize, positions: usize) -> Lines {
        // The front pad word, the positions, and a zero word past the end
        // so that a window read from any position of the line (or one
        // past it) never reads into the next line's bits.
        let width = (PAD + positions + 1).div_ceil(64) + 1;
        Lines {
            width,
            words: vec![0; lines * width + 1],
        }
    }

    fn set(&mut self, line: usize, position: usize) {
        let bit = PAD + position;
        self.words[line * self.width + bit / 64] |= 1 << (bit % 64);
    }

    #[inline]
    fn get(&self, line: usize, position: usize) -> bool {
        let bit = PAD + position;
        self.words[line * self.width + bit / 64] >> (bit % 64) & 1 != 0
    }

    /// The 64 positions of `line` from bit index `bit` on: bit `i` of the
    /// result is bit index `bit + i`.
    #[inline]
    fn window(&self, line: usize, bit: usize) -> u64 {
        let at = line * self.width + bit / 64;
        let shift = bit % 64;
        // `<< 1 << (63 - shift)`: a shift by 64 when `shift` is 0, which
        // a single shift cannot do.
        (self.words[at] >> shift) | (self.words[at + 1] << 1 << (63 - shift))
    }

    fn bytes(&self) -> usize {
        self.words.len() * size_of::<u64>()
    }
}

/// The cells of one class (land or water) as bit rows and bit columns.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Planes {
    /// Line `y`, position `x`.
    rows: Lines,
    /// Line `x`, position `y`.
    columns: Lines,
}

impl fmt::Debug for Planes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Planes")
            .field("lines", &(self.rows.words.len() / self.rows.width))
            .finish_non_exhaustive()
    }
}

impl Planes {
    fn new(stride: usize, height: usize) -> Planes {
        Planes {
            rows: Lines::new(height, stride),
            columns: Lines::new(stride, height),
        }
    }

    /// Whether padded `(x, y)` is open.
    #[inline]
    pub(super) fn open(&self, x: usize, y: usize) -> bool {
        self.rows.get(y, x)
    }

    /// The 3 × 3 neighbourhood of padded `(x, y)`, as the rules read it:
    /// bit `(b + 1) · 3 + (a + 1)` for the cell `(x + a, y + b)`.
    #[inline]
    pub(super) fn neighbourhood(&self, x: usize, y: usize) -> u16 {
        let bit = PAD + x - 1;
        let row = |line: usize| self.rows.window(line, bit) & 0b111;
        #[expect(clippy::cast_possible_truncation, reason = "9 bits")]
        let hood = (row(y - 1) | row(y) << 3 | row(y + 1) << 6) as u16;
        hood
    }

    /// The length of the jump from padded `at` in `direction`: to the
    /// first jump point or `goal` (padded), or `None` if a wall comes
    /// first. `at` must be open.
    #[inline]
    pub(super) fn jump<M: JumpMovement>(
        &self,
        at: (usize, usize),
        direction: Direction,
        goal: (usize, usize),
    ) -> Option<u32> {
        if M::CUTS_CORNERS {
            self.jump_in::<true>(at, direction, goal)
        } else {
            self.jump_in::<false>(at, direction, goal)
        }
    }

    #[inline]
    fn jump_in<const CUTS: bool>(
        &self,
        (x, y): (usize, usize),
        direction: Direction,
        goal: (usize, usize),
    ) -> Option<u32> {
        let along_row = if goal.1 == y { goal.0 } else { NO_GOAL };
        let along_column = if goal.0 == x { goal.1 } else { NO_GOAL };
        match direction {
            Direction::East => scan::<true, CUTS>(&self.rows, y, x, along_row),
            Direction::West => scan::<false, CUTS>(&self.rows, y, x, along_row),
            Direction::South => scan::<true, CUTS>(&self.columns, x, y, along_column),
            Direction::North => scan::<false, CUTS>(&self.columns, x, y, along_column),
            _ => self
                .diagonal_in::<CUTS>((x, y), direction, goal)
                .map(|(steps, _)| steps),
        }
    }

    /// The first stop of the diagonal run from padded `at` in `direction`
    /// (see [`Stop`]), or `None` if a wall comes first.
    #[inline]
    pub(super) fn diagonal<M: JumpMovement>(
        &self,
        at: (usize, usize),
        direction: Direction,
        goal: (usize, usize),
    ) -> Option<(u32, Stop)> {
        if M::CUTS_CORNERS {
            self.diagonal_in::<true>(at, direction, goal)
        } else {
            self.diagonal_in::<false>(at, direction, goal)
        }
    }

    #[inline]
    fn diagonal_in<const CUTS: bool>(
        &self,
        (x, y): (usize, usize),
        direction: Direction,
        goal: (usize, usize),
    ) -> Option<(u32, Stop)> {
        match direction {
            Direction::NorthEast => self.run::<true, false, CUTS>(x, y, goal),
            Direction::SouthEast => self.run::<true, true, CUTS>(x, y, goal),
            Direction::SouthWest => self.run::<false, true, CUTS>(x, y, goal),
            _ => self.run::<false, false, CUTS>(x, y, goal),
        }
    }

    /// A diagonal run from padded `(x, y)`: one cell at a time, each
    /// checked for the goal, forced successors (corner cutting only) and
    /// the two straight jumps along the direction's parts.
    #[inline]
    fn run<const EAST: bool, const SOUTH: bool, const CUTS: bool>(
        &self,
        mut x: usize,
        mut y: usize,
        goal: (usize, usize),
    ) -> Option<(u32, Stop)> {
        let step = |v: usize, forward: bool| if forward { v + 1 } else { v - 1 };
        let back = |v: usize, forward: bool| if forward { v - 1 } else { v + 1 };
        let mut steps = 0;
        loop {
            let (nx, ny) = (step(x, EAST), step(y, SOUTH));
            if !self.open(nx, ny) || !(CUTS || (self.open(nx, y) && self.open(x, ny))) {
                return None;
            }
            (x, y) = (nx, ny);
            steps += 1;
            if (x, y) == goal {
                return Some((steps, Stop::Point));
            }
            if CUTS
                && ((!self.open(back(x, EAST), y) && self.open(back(x, EAST), step(y, SOUTH)))
                    || (!self.open(x, back(y, SOUTH)) && self.open(step(x, EAST), back(y, SOUTH))))
            {
                return Some((steps, Stop::Point));
            }
            let along_row = if goal.1 == y { goal.0 } else { NO_GOAL };
            let horizontal = scan::<EAST, CUTS>(&self.rows, y, x, along_row);
            let along_column = if goal.0 == x { goal.1 } else { NO_GOAL };
            let vertical = scan::<SOUTH, CUTS>(&self.columns, x, y, along_column);
            if horizontal.is_some() || vertical.is_some() {
                return Some((steps, Stop::Turns(horizontal, vertical)));
            }
        }
    }
}

/// A straight jump along `line` of `lines` from position `from`, towards
/// higher positions (`FORWARD`) or lower ones: the number of cells to the
/// first that is the goal (position `goal`, or [`NO_GOAL`]) or has a
/// forced successor for this move, or `None` if a closed cell comes first.
///
/// 64 positions at a time: with `row` the line's window and `up`, `down`
/// the windows of the lines beside it, a position has a forced successor
/// under no corner cutting when the cell beside it is open and the one
/// beside the cell behind it is not (`up & !up_behind`), and under corner
/// cutting when the cell beside it is closed and the one beside the cell
/// ahead is open (`!up & up_ahead`); the first set bit of those masks,
/// `!row` and the goal's bit is where the jump stops.
#[inline]
fn scan<const FORWARD: bool, const CUTS: bool>(
    lines: &Lines,
    line: usize,
    from: usize,
    goal: usize,
) -> Option<u32> {
    let (above, below) = (line - 1, line + 1);
    let goal = goal + PAD;
    let forced = |bit: usize, behind: usize, ahead: usize| {
        let (up, down) = (lines.window(above, bit), lines.window(below, bit));
        if CUTS {
            (!up & lines.window(above, ahead)) | (!down & lines.window(below, ahead))
        } else {
            (up & !lines.window(above, behind)) | (down & !lines.window(below, behind))
        }
    };
    if FORWARD {
        let first = PAD + from + 1;
        let mut bit = first;
        loop {
            let row = lines.window(line, bit);
            let at = goal.wrapping_sub(bit);
            let goal_bit = if at < 64 { 1 << at } else { 0 };
            let stop = forced(bit, bit - 1, bit + 1) | !row | goal_bit;
            if stop != 0 {
                let k = stop.trailing_zeros() as usize;
                return (row >> k & 1 != 0).then(|| length(bit + k + 1 - first));
            }
            bit += 64;
        }
    } else {
        // Windows end at `end`: bit 63 is `end`, bit 63 - k is `end - k`.
        let first = PAD + from - 1;
        let mut end = first;
        loop {
            let bit = end - 63;
            let row = lines.window(line, bit);
            let at = end.wrapping_sub(goal);
            let goal_bit = if at < 64 { 1 << (63 - at) } else { 0 };
            let stop = forced(bit, bit + 1, bit - 1) | !row | goal_bit;
            if stop != 0 {
                let k = stop.leading_zeros() as usize;
                return (row >> (63 - k) & 1 != 0).then(|| length(first - (end - k) + 1));
            }
            end -= 64;
        }
    }
}

/// A jump's length as the `u32` of [`Jump::steps`](super::Jump::steps).
#[inline]
fn length(cells: usize) -> u32 {
    // cannot fail: a jump stays on one line of the grid, and lines are
    // shorter than the cell count, which fits u32
    u32::try_from(cells).expect("a jump fits u32")
}

/// A grid's passability as bit rows and bit columns, built once per grid
/// and shared by every [`Jps`](super::Jps) query on it
/// ([`Jps::with_grid`](super::Jps::with_grid)).
///
/// One bit a cell for the rows (row-major) and one for the columns
/// (column-major, for the vertical scans), each line padded with two
/// words: about `((width + 130) · height + (height + 130) · width) / 8`
/// bytes, 90 KB for a 512 × 512 map; twice that if the map has water,
/// whose cells get bit rows of their own (water joins only water).
/// [`JpsGrid::bytes`] says how much. Building it takes O(cells) time
/// (under a millisecond for 512 × 512).
///
/// # Example
///
/// ```
/// use grid::{Grid, JpsGrid, Terrain};
///
/// let grid = Grid::from_fn(512, 512, |x, y| if x == y { Terrain::Blocked } else { Terrain::Land(1) })?;
/// let bits = JpsGrid::new(&grid); // once, for every query on the grid
/// assert!(bits.bytes() < 100_000); // about 2.7 bits a cell
/// # Ok::<(), grid::GridError>(())
/// ```
#[derive(Clone)]
pub struct JpsGrid<'g> {
    grid: &'g Grid,
    land: Planes,
    /// Only for maps with water.
    water: Option<Planes>,
}

impl<'g> JpsGrid<'g> {
    /// The bit rows and columns of `grid`.
    ///
    /// # Complexity
    ///
    /// O(cells) time.
    #[must_use]
    pub fn new(grid: &'g Grid) -> JpsGrid<'g> {
        let stride = grid.stride();
        let lines = grid.cell_count() / stride;
        let mut land = Planes::new(stride, lines);
        let mut water: Option<Planes> = None;
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let Some(cell) = grid.cell(x, y) else {
                    continue;
                };
                let byte = grid.byte(cell);
                if byte == 0 {
                    continue;
                }
                let planes = if Grid::joins(Grid::WATER, byte) {
                    water.get_or_insert_with(|| Planes::new(stride, lines))
                } else {
                    &mut land
                };
                // Padded coordinates: the border is row and column 0.
                planes.rows.set(y + 1, x + 1);
                planes.columns.set(x + 1, y + 1);
            }
        }
        JpsGrid { grid, land, water }
    }

    /// The grid the bits describe.
    #[must_use]
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The bytes the bits take.
    #[must_use]
    pub fn bytes(&self) -> usize {
        [Some(&self.land), self.water.as_ref()]
            .into_iter()
            .flatten()
            .map(|planes| planes.rows.bytes() + planes.columns.bytes())
            .sum()
    }

    /// Whether these bits describe `grid`: the same grid, or an equal one.
    pub(super) fn is_for(&self, grid: &Grid) -> bool {
        std::ptr::eq(self.grid, grid) || self.grid == grid
    }

    /// The planes of water cells (`water`) or land cells.
    pub(super) fn planes(&self, water: bool) -> &Planes {
        match (water, &self.water) {
            (true, Some(planes)) => planes,
            // cannot happen for a route of this grid: a water start means
            // the grid has water
            (true, None) => unreachable!("a water cell on a grid without water"),
            (false, _) => &self.land,
        }
    }
}

impl fmt::Debug for JpsGrid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JpsGrid")
            .field("width", &self.grid.width())
            .field("height", &self.grid.height())
            .field("water", &self.water.is_some())
            .field("bytes", &self.bytes())
            .finish_non_exhaustive()
    }
}
