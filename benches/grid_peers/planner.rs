//! The `Planner` trait every timed implementation meets, the movement rules,
//! and the passability grid and step costs the peers share.

use std::f64::consts::SQRT_2;

use movingai::{Map2D, MovingAiMap};

/// A grid path planner the harness can time.
///
/// The harness calls [`prepare`](Planner::prepare) once per map, outside the
/// timing, then [`solve`](Planner::solve) for every query of that map,
/// `--runs` times over, timing each call. A new planner needs an
/// implementation of these three methods (and [`rule`](Planner::rule) when
/// it does not follow the benchmark rule) and an entry in `planners()` in
/// `grid_peers.rs`.
pub(crate) trait Planner {
    /// The name in the table and for `--planner`: short, unique, no spaces.
    fn name(&self) -> &str;

    /// Builds whatever the planner keeps per map (grids, precomputed jump
    /// points, components). Not timed.
    fn prepare(&mut self, map: &MovingAiMap);

    /// Finds a path from `start` to `goal`, both `(x, y)` (column, row)
    /// cells of the prepared map, and returns its true length (straight steps
    /// plus √2 per diagonal step), or `None` when the planner finds no path.
    /// Timed, so it should do what a user's call does and no more.
    fn solve(&mut self, start: (usize, usize), goal: (usize, usize)) -> Option<f64>;

    /// The movement rule this planner follows; its lengths are checked
    /// against the optimum under that rule.
    fn rule(&self) -> Rule {
        Rule::NoCornerCutting
    }
}

/// Which diagonal steps a planner takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// The Moving AI benchmark rule: eight neighbours, a diagonal step only
    /// when both orthogonal cells beside it are passable. The scenario files'
    /// optimal lengths follow it.
    NoCornerCutting,
    /// Any step into a passable neighbour, diagonals included, even between
    /// two blocked cells. The scenario lengths do not apply; the harness
    /// computes this rule's optimum itself.
    CornerCutting,
}

impl Rule {
    /// The short name in the table.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Rule::NoCornerCutting => "octile",
            Rule::CornerCutting => "cutting",
        }
    }
}

/// Cost of a straight step, scaled to integers: 2378 and 3363 are a Pell
/// pair (3363² − 2·2378² = 1), so 3363/2378 exceeds √2 by 6.3e-8, and sums
/// of steps order as true lengths do unless two paths' lengths differ by
/// less than 6.3e-8 per diagonal step (2e-4 for 3,000 diagonals).
pub(crate) const STRAIGHT: u64 = 2378;
/// Cost of a diagonal step on the same scale (see [`STRAIGHT`]).
pub(crate) const DIAGONAL: u64 = 3363;

/// The eight neighbour offsets, orthogonal first.
const OFFSETS: [(isize, isize); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// A map's passable cells, row-major, indexed by `y * width + x`.
///
/// `.`, `G`, `S` and `W` are passable, `@`, `O` and `T` blocked: the
/// `movingai` crate's `is_traversable`. The swamp and water rules (no step
/// between ground and water) are not applied; the benchmark set used here has
/// no `S` or `W` cells, and the harness warns about maps that do.
#[derive(Clone, Debug, Default)]
pub(crate) struct Cells {
    /// Cells per row.
    pub(crate) width: usize,
    /// Rows.
    pub(crate) height: usize,
    /// One flag per cell, row-major.
    pub(crate) passable: Vec<bool>,
}

impl Cells {
    /// Reads the passable cells of a parsed map.
    pub(crate) fn from_map(map: &MovingAiMap) -> Self {
        let (width, height) = (map.width(), map.height());
        let mut passable = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                // `map[(x, y)]` is column x of row y (the crate's README says
                // row first; its code, `map[y * width + x]`, says otherwise).
                passable.push(map.is_traversable((x, y)));
            }
        }
        Cells {
            width,
            height,
            passable,
        }
    }

    /// The index of cell `(x, y)`.
    pub(crate) fn index(&self, (x, y): (usize, usize)) -> usize {
        y * self.width + x
    }

    /// The passable neighbours of `cell` under `rule`, each with whether the
    /// step there is diagonal.
    pub(crate) fn neighbours(
        &self,
        cell: usize,
        rule: Rule,
    ) -> impl Iterator<Item = (usize, bool)> + '_ {
        let (x, y) = (cell % self.width, cell / self.width);
        OFFSETS.iter().filter_map(move |&(dx, dy)| {
            let nx = x.checked_add_signed(dx).filter(|&nx| nx < self.width)?;
            let ny = y.checked_add_signed(dy).filter(|&ny| ny < self.height)?;
            let next = ny * self.width + nx;
            if !self.passable[next] {
                return None;
            }
            let diagonal = dx != 0 && dy != 0;
            if diagonal
                && rule == Rule::NoCornerCutting
                && !(self.passable[y * self.width + nx] && self.passable[ny * self.width + x])
            {
                return None;
            }
            Some((next, diagonal))
        })
    }

    /// The scaled octile distance between two cells: the cost of the best
    /// path on an empty grid, so a consistent A* heuristic for both rules.
    pub(crate) fn octile(&self, a: usize, b: usize) -> u64 {
        let dx = (a % self.width).abs_diff(b % self.width) as u64;
        let dy = (a / self.width).abs_diff(b / self.width) as u64;
        let (short, long) = (dx.min(dy), dx.max(dy));
        DIAGONAL * short + STRAIGHT * (long - short)
    }
}

/// The true length of a path given as consecutive cells `(x, y)`: 1 per
/// straight step, √2 per diagonal one. Steps longer than one cell (jump
/// point waypoints) count as their octile distance.
pub(crate) fn path_length(path: impl IntoIterator<Item = (usize, usize)>) -> f64 {
    let mut straight = 0_usize;
    let mut diagonal = 0_usize;
    let mut path = path.into_iter();
    let Some(mut previous) = path.next() else {
        return 0.0;
    };
    for cell in path {
        let dx = cell.0.abs_diff(previous.0);
        let dy = cell.1.abs_diff(previous.1);
        diagonal += dx.min(dy);
        straight += dx.max(dy) - dx.min(dy);
        previous = cell;
    }
    to_f64(straight) + SQRT_2 * to_f64(diagonal)
}

/// A step count as a float; exact below 2^53 steps.
#[expect(clippy::cast_precision_loss, reason = "step counts are far below 2^53")]
pub(crate) fn to_f64(count: usize) -> f64 {
    count as f64
}
