//! The move table of a `u128` board: [`LargeBlankMove`], and sliding by
//! one of its entries.

use super::slides::{MoveList, OFF, listed};
use super::{LargeBoard, Packing};
use crate::{Move, Slide};

/// A legal move of the blank from one cell of a [`LargeBoard`], as its
/// move table holds it: the direction, the cell the blank goes to and
/// where that cell sits in the packed board. It is the move of
/// [`LargePuzzle`](crate::LargePuzzle)'s in-place search.
///
/// # Example
///
/// ```
/// use frontier::InPlaceProblem;
/// use sliding_puzzle::{LargePuzzle, Manhattan, Move, Twentyfour};
///
/// let puzzle = LargePuzzle::new(Twentyfour::goal(), Manhattan);
/// let moves: Vec<_> = puzzle.moves(&puzzle.state(Twentyfour::goal())).collect();
/// let listed: Vec<_> = moves.iter().map(|m| (m.direction(), m.cell())).collect();
/// assert_eq!(listed, [(Move::Left, 23), (Move::Up, 19)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(4))]
pub struct LargeBlankMove {
    /// Where the blank goes, as `Move as u8`.
    direction: u8,
    /// The cell it goes to.
    cell: u8,
    /// `5 * cell`: where the tile sits in the packed board.
    shift: u8,
}

impl LargeBlankMove {
    /// Where the blank goes.
    #[must_use]
    #[inline]
    pub fn direction(self) -> Move {
        Move::from_index(self.direction)
    }

    /// The cell the blank goes to, row-major from 0.
    #[must_use]
    #[inline]
    pub fn cell(self) -> usize {
        usize::from(self.cell)
    }
}

const fn move_lists(width: usize, height: usize) -> [MoveList<LargeBlankMove>; 32] {
    let listed = listed(width, height);
    let none = LargeBlankMove {
        direction: 0,
        cell: OFF,
        shift: 0,
    };
    let mut lists = [MoveList {
        len: 0,
        moves: [none; 4],
    }; 32];
    let mut cell = 0;
    while cell < width * height {
        let (moves, len) = listed[cell];
        lists[cell].len = len;
        let mut index = 0;
        while index < len as usize {
            let (direction, to) = moves[index];
            lists[cell].moves[index] = LargeBlankMove {
                direction: direction as u8,
                cell: to,
                shift: 5 * to,
            };
            index += 1;
        }
        cell += 1;
    }
    lists
}

impl<const W: usize, const H: usize> LargeBoard<W, H> {
    /// `MOVES[cell]`: the legal blank moves from `cell` in search order.
    const MOVES: &'static [MoveList<LargeBlankMove>; 32] = &move_lists(W, Self::CELLS / W);

    /// [`slide`](Self::slide) by an entry of this board's move list.
    #[inline]
    pub(super) fn slide_by_entry(self, mv: LargeBlankMove) -> (Self, Slide) {
        let packed = self.packed();
        let tile = (packed >> mv.shift).get(0);
        let t = u128::from(tile);
        let blank = self.blank() & 31;
        // The blank's cell is zero: XOR moves the tile without masking.
        let packed = packed ^ (t << mv.shift) ^ (t << (5 * blank));
        let slide = Slide {
            tile,
            from: usize::from(mv.cell),
            to: blank,
        };
        (Self::from_parts(packed, mv.cell), slide)
    }

    /// The slide that [`slide_by_entry`](Self::slide_by_entry) would make,
    /// without the board after it.
    #[inline]
    pub(super) fn slide_of_entry(self, mv: LargeBlankMove) -> Slide {
        Slide {
            tile: (self.packed() >> mv.shift).get(0),
            from: usize::from(mv.cell),
            to: self.blank() & 31,
        }
    }

    /// The legal moves of a blank in `cell`, in search order.
    #[inline]
    pub(crate) fn moves_from(cell: usize) -> &'static [LargeBlankMove] {
        Self::MOVES[cell & 31].as_slice()
    }
}
