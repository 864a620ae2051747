//! The misplaced-tiles heuristic.

use crate::heuristic::{Heuristic, Target};
use crate::{Board, LargeBoard, Packing, Slide};

/// The number of tiles (blank excluded) not in their goal cell (Doran &
/// Michie 1966; Nilsson's h1).
///
/// Admissible: each misplaced tile needs at least one move. Consistent: a
/// move changes the place of one tile. Weak: [`Manhattan`](crate::Manhattan)
/// dominates it.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Heuristic, Misplaced};
///
/// let board: Eight = "2 3 4 1 5 x 7 6 8".parse()?;
/// assert_eq!(Misplaced.estimate(&board), 6); // all but 5 and 7
/// # Ok::<(), sliding_puzzle::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Misplaced;

impl Misplaced {
    /// The tiles out of place on a board in either word.
    fn count<const W: usize, const H: usize, P: Packing>(board: &Board<W, H, P>) -> u8 {
        let mut misplaced = 0;
        for (cell, tile) in board.tiles().enumerate() {
            let tile = usize::from(tile);
            misplaced += u8::from(tile != 0 && tile != cell + 1);
        }
        misplaced
    }
}

impl<const W: usize, const H: usize> Heuristic<W, H> for Misplaced {
    fn estimate(&self, board: &Board<W, H>) -> u8 {
        Self::count(board)
    }

    #[inline]
    fn update(&self, _after: &Board<W, H>, before: u8, slide: Slide) -> u8 {
        let goal = usize::from(slide.tile);
        before
            .wrapping_add(u8::from(slide.to + 1 != goal))
            .wrapping_sub(u8::from(slide.from + 1 != goal))
    }

    fn estimate_to(&self, board: &Board<W, H>, target: &Target<W, H>) -> u8 {
        let mut misplaced = 0;
        for (cell, tile) in board.tiles().enumerate() {
            misplaced += u8::from(tile != 0 && target.cell(tile) != cell);
        }
        misplaced
    }
}

/// The tiles out of place on boards in a `u128`.
impl<const W: usize, const H: usize> Heuristic<W, H, u128> for Misplaced {
    fn estimate(&self, board: &LargeBoard<W, H>) -> u8 {
        Self::count(board)
    }
}
