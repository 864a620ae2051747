//! Movement models: which steps a grid allows and what they cost.

use crate::cost::{DIAGONAL, STRAIGHT};
use crate::grid::{Cell, Direction, Grid};

/// A movement model, chosen as a type so each compiles its own successor
/// loop: [`Octile`] (the Moving AI benchmark's rule), [`CornerCutting`],
/// [`Cardinal`] and [`Weighted`].
pub trait Movement: Copy + Default + std::fmt::Debug + Send + Sync + 'static {
    /// The model's name: `octile`, `corner-cutting`, `cardinal`, `weighted`.
    const NAME: &'static str;
    /// Whether diagonal steps exist.
    const DIAGONALS: bool;
    /// Whether a diagonal step may pass a blocked cell beside it.
    const CUTS_CORNERS: bool;
    /// Whether entering a cell costs its weight (else straight steps cost
    /// [`STRAIGHT`] or 1, diagonal ones [`DIAGONAL`]).
    const WEIGHTED: bool;

    /// The cost of a straight step into a cell of weight `weight`.
    fn straight_cost(weight: u8) -> u64;

    /// The admissible, consistent distance estimate between two cells
    /// `dx` columns and `dy` rows apart, in the model's cost units.
    fn distance(dx: u64, dy: u64) -> u64;
}

/// 8-connected, a straight step costing 1 and a diagonal one √2, and **no
/// corner cutting**: a diagonal step needs both cells it passes by to be
/// open. The rule of the Moving AI benchmark, whose `.scen` lengths assume
/// it. Costs in the fixed-point units of [`crate::cost`]; the distance is
/// the octile distance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Octile;

/// 8-connected like [`Octile`], but a diagonal step needs only its target
/// open, even between two blocked cells (the rule of `grid_pathfinding`
/// and many games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CornerCutting;

/// 4-connected, every step costing 1; the distance is the Manhattan
/// distance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cardinal;

/// 4-connected, entering a cell costing its land weight (1 to 127); the
/// distance is the Manhattan distance (every weight is at least 1). A step
/// back costs what the cell left weighs, so this model is not reversible.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Weighted;

/// A movement model whose every step costs what the step back costs
/// (unit and √2 steps are symmetric), so that its [`Route`](crate::Route)s
/// are [`frontier::ReversibleProblem`]s: [`Octile`], [`CornerCutting`] and
/// [`Cardinal`]. Not [`Weighted`], where a step back costs what the cell
/// left weighs.
pub trait ReversibleMovement: Movement {}

impl ReversibleMovement for Octile {}
impl ReversibleMovement for CornerCutting {}
impl ReversibleMovement for Cardinal {}

/// The octile distance in fixed-point units: the exact cost of a shortest
/// path on an open grid, hence consistent.
fn octile(dx: u64, dy: u64) -> u64 {
    let (short, long) = if dx < dy { (dx, dy) } else { (dy, dx) };
    short * DIAGONAL + (long - short) * STRAIGHT
}

impl Movement for Octile {
    const NAME: &'static str = "octile";
    const DIAGONALS: bool = true;
    const CUTS_CORNERS: bool = false;
    const WEIGHTED: bool = false;
    fn straight_cost(_: u8) -> u64 {
        STRAIGHT
    }
    fn distance(dx: u64, dy: u64) -> u64 {
        octile(dx, dy)
    }
}

impl Movement for CornerCutting {
    const NAME: &'static str = "corner-cutting";
    const DIAGONALS: bool = true;
    const CUTS_CORNERS: bool = true;
    const WEIGHTED: bool = false;
    fn straight_cost(_: u8) -> u64 {
        STRAIGHT
    }
    fn distance(dx: u64, dy: u64) -> u64 {
        octile(dx, dy)
    }
}

impl Movement for Cardinal {
    const NAME: &'static str = "cardinal";
    const DIAGONALS: bool = false;
    const CUTS_CORNERS: bool = false;
    const WEIGHTED: bool = false;
    fn straight_cost(_: u8) -> u64 {
        1
    }
    fn distance(dx: u64, dy: u64) -> u64 {
        dx + dy
    }
}

impl Movement for Weighted {
    const NAME: &'static str = "weighted";
    const DIAGONALS: bool = false;
    const CUTS_CORNERS: bool = false;
    const WEIGHTED: bool = true;
    fn straight_cost(weight: u8) -> u64 {
        u64::from(weight)
    }
    fn distance(dx: u64, dy: u64) -> u64 {
        dx + dy
    }
}

/// The steps `M` allows out of `cell`, as a bit mask over
/// [`Direction::ALL`] (bit `d as u8`).
#[inline]
pub(crate) fn moves<M: Movement>(grid: &Grid, cell: Cell) -> u8 {
    let from = grid.byte(cell);
    let open = |d: Direction| Grid::joins(from, grid.byte(grid.neighbour(cell, d)));
    let mut mask = 0u8;
    for d in Direction::STRAIGHT {
        mask |= u8::from(open(d)) << d as u8;
    }
    if M::DIAGONALS {
        for d in [
            Direction::NorthEast,
            Direction::SouthEast,
            Direction::SouthWest,
            Direction::NorthWest,
        ] {
            let allowed = open(d)
                && (M::CUTS_CORNERS || {
                    let (a, b) = d.parts().expect("a diagonal direction");
                    mask & (1 << a as u8) != 0 && mask & (1 << b as u8) != 0
                });
            mask |= u8::from(allowed) << d as u8;
        }
    }
    mask
}

/// The cost under `M` of a step in `direction` into a cell holding `to`.
#[inline]
pub(crate) fn step_cost<M: Movement>(direction: Direction, to: u8) -> u64 {
    if direction.is_diagonal() {
        DIAGONAL
    } else {
        M::straight_cost(Grid::weight(to))
    }
}
