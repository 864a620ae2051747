//! Moves on a large board: the tables of the blank's moves from each cell,
//! sliding a tile, and replaying move sequences.

use super::board::{LargeBoard, byte, quint};
use crate::{Move, MoveError, MoveSequence, Slide};

/// Marks a move off the board in the neighbour table.
const OFF: u8 = u8::MAX;

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

/// The moves the blank can make from one cell, in the search order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LargeMoveList {
    len: u8,
    moves: [LargeBlankMove; 4],
}

impl LargeMoveList {
    #[inline]
    pub(crate) fn as_slice(&self) -> &[LargeBlankMove] {
        &self.moves[..usize::from(self.len)]
    }
}

const fn neighbours(w: usize, h: usize) -> [[u8; 4]; 32] {
    let mut table = [[OFF; 4]; 32];
    let mut k = 0;
    while k < w * h {
        let (row, col) = (k / w, k % w);
        if row > 0 {
            table[k][Move::Up as usize] = byte(k - w);
        }
        if row + 1 < h {
            table[k][Move::Down as usize] = byte(k + w);
        }
        if col > 0 {
            table[k][Move::Left as usize] = byte(k - 1);
        }
        if col + 1 < w {
            table[k][Move::Right as usize] = byte(k + 1);
        }
        k += 1;
    }
    table
}

/// The order successors are generated in: [`Board`](crate::Board)'s,
/// Korf's order (blank up, left, right, down) turned by the 180° rotation
/// between his goal and ours.
const SEARCH_ORDER: [Move; 4] = [Move::Down, Move::Right, Move::Left, Move::Up];

const fn move_lists(width: usize, height: usize) -> [LargeMoveList; 32] {
    let next = neighbours(width, height);
    let none = LargeBlankMove {
        direction: 0,
        cell: OFF,
        shift: 0,
    };
    let mut lists = [LargeMoveList {
        len: 0,
        moves: [none; 4],
    }; 32];
    let mut cell = 0;
    while cell < width * height {
        let mut index = 0;
        while index < 4 {
            let direction = SEARCH_ORDER[index];
            let to = next[cell][direction as usize];
            if to != OFF {
                let len = lists[cell].len as usize;
                lists[cell].moves[len] = LargeBlankMove {
                    direction: direction as u8,
                    cell: to,
                    shift: 5 * to,
                };
                lists[cell].len += 1;
            }
            index += 1;
        }
        cell += 1;
    }
    lists
}

impl<const W: usize, const H: usize> LargeBoard<W, H> {
    /// `NEIGHBOURS[cell][move as usize]`: where the blank goes, or `OFF`.
    const NEIGHBOURS: &'static [[u8; 4]; 32] = &neighbours(W, Self::CELLS / W);

    /// `MOVES[cell]`: the legal blank moves from `cell` in search order.
    const MOVES: &'static [LargeMoveList; 32] = &move_lists(W, Self::CELLS / W);

    /// Moves the blank into `cell`, a neighbour of the blank; returns the
    /// new board and the slide of the tile that went the other way.
    #[inline]
    pub(crate) fn slide(self, cell: u8) -> (Self, Slide) {
        let packed = self.packed();
        let tile = quint(packed, usize::from(cell));
        let t = u128::from(tile);
        // The blank's cell is zero: XOR moves the tile without masking.
        let packed = packed ^ (t << (5 * cell)) ^ (t << (5 * self.blank()));
        let slide = Slide {
            tile,
            from: usize::from(cell),
            to: self.blank(),
        };
        (Self::from_parts(packed, cell), slide)
    }

    /// [`slide`](Self::slide) by an entry of this board's move list.
    #[inline]
    pub(crate) fn slide_by(self, mv: LargeBlankMove) -> (Self, Slide) {
        let packed = self.packed();
        let tile = quint(packed >> mv.shift, 0);
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

    /// The slide that [`slide_by`](Self::slide_by) would make, without
    /// the board after it.
    #[inline]
    pub(crate) fn slide_of(self, mv: LargeBlankMove) -> Slide {
        Slide {
            tile: quint(self.packed() >> mv.shift, 0),
            from: usize::from(mv.cell),
            to: self.blank() & 31,
        }
    }

    /// The board after `slide`, a slide out of this board.
    #[inline]
    pub(crate) fn after(self, slide: Slide) -> Self {
        let t = u128::from(slide.tile);
        let packed = self.packed() ^ (t << (5 * (slide.from & 31))) ^ (t << (5 * (slide.to & 31)));
        Self::from_parts(packed, byte(slide.from))
    }

    /// The legal blank moves, in search order.
    #[inline]
    pub(crate) fn move_list(&self) -> &'static [LargeBlankMove] {
        Self::moves_from(self.blank())
    }

    /// The legal moves of a blank in `cell`, in search order.
    #[inline]
    pub(crate) fn moves_from(cell: usize) -> &'static [LargeBlankMove] {
        Self::MOVES[cell & 31].as_slice()
    }

    /// The board after the blank moves one step in direction `m`, or `None`
    /// if that would take it off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Move, Twentyfour};
    ///
    /// assert_eq!(Twentyfour::goal().apply(Move::Down), None);
    /// assert_eq!(Twentyfour::goal().apply(Move::Up).map(|b| b.blank()), Some(19));
    /// ```
    #[must_use]
    #[inline]
    pub fn apply(&self, m: Move) -> Option<Self> {
        self.apply_with_slide(m).map(|(board, _)| board)
    }

    /// The board after the blank moves one step in direction `m` and the
    /// [`Slide`] that made it, or `None` if the move would take the blank
    /// off the board.
    #[must_use]
    #[inline]
    pub fn apply_with_slide(&self, m: Move) -> Option<(Self, Slide)> {
        let to = Self::NEIGHBOURS[self.blank() & 31][m as usize];
        (to != OFF).then(|| self.slide(to))
    }

    /// The legal moves of the blank, in the order successors are generated
    /// (down, right, left, up).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Move, Twentyfour};
    ///
    /// let moves: Vec<_> = Twentyfour::goal().legal_moves().collect();
    /// assert_eq!(moves, [Move::Left, Move::Up]);
    /// ```
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + use<W, H> {
        self.move_list().iter().map(|m| m.direction())
    }

    /// The board after every move of `moves` in turn.
    ///
    /// # Errors
    ///
    /// At the first bad entry: [`MoveError::UnknownMove`] for a character
    /// that is not a move, [`MoveError::OffBoard`] for a move that takes the
    /// blank off the board.
    pub fn apply_moves<M: MoveSequence + ?Sized>(&self, moves: &M) -> Result<Self, MoveError> {
        let mut board = *self;
        for entry in moves.moves() {
            let (position, direction) = entry?;
            board = board.apply(direction).ok_or(MoveError::OffBoard {
                direction,
                position,
            })?;
        }
        Ok(board)
    }

    /// Checks that `moves` are legal step by step and end at the goal.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{MoveError, Twentyfour};
    ///
    /// let board = Twentyfour::goal().apply_moves("uul")?;
    /// assert_eq!(board.verify_solution("rdd"), Ok(()));
    /// assert!(matches!(board.verify_solution("rd"), Err(MoveError::GoalNotReached { moves: 2, .. })));
    /// # Ok::<(), MoveError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The errors of [`Self::apply_moves`], or [`MoveError::GoalNotReached`]
    /// when every move is legal but the last board is not the goal.
    pub fn verify_solution<M: MoveSequence + ?Sized>(&self, moves: &M) -> Result<(), MoveError> {
        let end = self.apply_moves(moves)?;
        if end.is_goal() {
            Ok(())
        } else {
            Err(MoveError::GoalNotReached {
                moves: moves.moves().count(),
                end: end.to_line(),
            })
        }
    }
}
