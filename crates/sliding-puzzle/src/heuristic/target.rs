//! Heuristics measured toward another board than the goal: the estimates
//! of a backward search, which aims at the start board.

use std::marker::PhantomData;

use crate::board::small;
use crate::{Board, Packing};

/// A board a heuristic measures toward instead of the goal, kept as the
/// cell of each tile so an estimate needs no search of the board.
///
/// [`Heuristic::estimate_to`](crate::Heuristic::estimate_to) takes one;
/// [`Puzzle`](crate::Puzzle) builds one from its start board for the
/// backward heuristic of the bidirectional searches (MM, NBS).
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Heuristic, Manhattan, heuristic::Target};
///
/// let start: Eight = "2 3 4 1 5 x 7 6 8".parse()?;
/// let toward_start = Target::new(&start);
/// assert_eq!(Manhattan.estimate_to(&start, &toward_start), 0);
/// // Manhattan distance is symmetric: goal to start as start to goal.
/// assert_eq!(Manhattan.estimate_to(&Eight::goal(), &toward_start), Manhattan.estimate(&start));
/// # Ok::<(), sliding_puzzle::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target<const W: usize, const H: usize, P: Packing = u64> {
    /// `cells[tile]`: the cell of `tile` in the target board.
    cells: P::Cells,
    shape: PhantomData<Board<W, H, P>>,
}

impl<const W: usize, const H: usize, P: Packing> Target<W, H, P> {
    /// Measures toward `board`.
    #[must_use]
    #[inline]
    pub fn new(board: &Board<W, H, P>) -> Self {
        Target {
            cells: board.cells_of_tiles(),
            shape: PhantomData,
        }
    }

    /// The cell of `tile` in the target board.
    #[must_use]
    #[inline]
    pub fn cell(&self, tile: u8) -> usize {
        // The mask drops the bounds check: tiles are below `P::SLOTS`.
        usize::from(self.cells[usize::from(tile) & (P::SLOTS - 1)])
    }
}

/// `CELL_DISTANCES[a][b]`: rows plus columns between cells `a` and `b` of a
/// `W`-wide board.
pub(crate) struct CellDistances<const W: usize>;

impl<const W: usize> CellDistances<W> {
    pub(crate) const TABLE: &'static [[u8; 16]; 16] = &cell_distances(W);
}

const fn cell_distances(w: usize) -> [[u8; 16]; 16] {
    let mut table = [[0; 16]; 16];
    let mut a = 0;
    while a < 16 {
        let mut b = 0;
        while b < 16 {
            table[a][b] = small((a / w).abs_diff(b / w) + (a % w).abs_diff(b % w));
            b += 1;
        }
        a += 1;
    }
    table
}
