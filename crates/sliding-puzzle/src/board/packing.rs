//! The word a board packs its cells into: a `u64` four bits a cell (up to
//! 16 cells, the 3x3 and 4x4 boards) or a `u128` five bits a cell (up to
//! 25, the 5x5 board).

use std::fmt;
use std::hash::Hash;
use std::ops::{BitXor, IndexMut};

use super::{BlankMove, Board, LargeBlankMove};
use crate::{Move, Slide};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// The packed word of a [`Board`](crate::Board): `u64` with four bits a
/// cell, for boards of up to 16 cells, or `u128` with five bits a cell, for
/// boards of up to 25 (a [`LargeBoard`](crate::LargeBoard)).
///
/// Sealed: the board code relies on the blank's cell being all zero bits
/// and on cells past the shape reading as 0, which these two words promise.
/// The narrower word is the faster: a 3x3 or 4x4 board in a `u64` compares,
/// hashes and moves one machine word.
pub trait Packing:
    sealed::Sealed
    + Copy
    + Default
    + Eq
    + Ord
    + Hash
    + fmt::Debug
    + BitXor<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// Bits a cell.
    const BITS: usize;
    /// The cells the word holds: the largest board it packs.
    const MAX_CELLS: usize;
    /// A power of two at least [`MAX_CELLS`](Self::MAX_CELLS): the length
    /// of per-cell and per-tile tables, so that masking an index with
    /// `SLOTS - 1` drops the bounds check.
    const SLOTS: usize;
    /// The name `Debug` gives the board.
    const NAME: &'static str;

    /// A table with an entry per tile or per cell: `[u8; SLOTS]`.
    type Cells: Copy
        + fmt::Debug
        + Eq
        + Hash
        + IndexMut<usize, Output = u8>
        + AsRef<[u8]>
        + AsMut<[u8]>;

    /// The all-zero [`Cells`](Self::Cells).
    const NO_CELLS: Self::Cells;

    /// What a heuristic keeps in a search state beside its quick estimate:
    /// [`Memo`](crate::heuristic::Memo) (24 bits) for `u64`,
    /// [`LargeMemo`](crate::LargeMemo) (wide enough for the 24-puzzle's
    /// pattern databases) for `u128`.
    type Memo: Copy + Default + fmt::Debug + Eq + Hash + Send + Sync + 'static;

    /// The memo of a heuristic that keeps none.
    const NO_MEMO: Self::Memo;

    /// `GOALS[n]`: the packed goal of a board of `n` cells.
    const GOALS: &'static [Self];

    /// An entry of a board's move table, the move of
    /// [`Puzzle`](crate::Puzzle)'s in-place search: [`BlankMove`] for
    /// `u64`, [`LargeBlankMove`] for `u128`.
    type BlankMove: Copy + fmt::Debug + Eq + Send + Sync + 'static;

    /// `tile` in cell `cell`, every other cell 0.
    fn put(tile: u8, cell: usize) -> Self;

    /// The tile in cell `cell`.
    fn get(self, cell: usize) -> u8;

    /// `cells[t]`: the cell holding tile `t` among the first `cells` cells.
    fn cells_of_tiles(self, cells: usize) -> Self::Cells;

    /// The legal moves of a blank in `cell` of a `W`×`H` board, in search
    /// order (the board's move table; what `Board::move_list` reads).
    #[doc(hidden)]
    fn moves_from<const W: usize, const H: usize>(cell: usize) -> &'static [Self::BlankMove];

    /// The board and slide that `mv`, an entry of `board`'s move list,
    /// makes (what `Board::slide_by` does).
    #[doc(hidden)]
    fn slide_by<const W: usize, const H: usize>(
        board: Board<W, H, Self>,
        mv: Self::BlankMove,
    ) -> (Board<W, H, Self>, Slide);

    /// The slide that [`slide_by`](Self::slide_by) would make, without
    /// the board after it.
    #[doc(hidden)]
    fn slide_of<const W: usize, const H: usize>(
        board: Board<W, H, Self>,
        mv: Self::BlankMove,
    ) -> Slide;

    /// Where the blank goes by `mv`.
    #[doc(hidden)]
    fn direction(mv: Self::BlankMove) -> Move;

    /// The cell the blank goes to by `mv`.
    #[doc(hidden)]
    fn target(mv: Self::BlankMove) -> usize;
}

impl Packing for u64 {
    const BITS: usize = 4;
    const MAX_CELLS: usize = 16;
    const SLOTS: usize = 16;
    const NAME: &'static str = "Board";
    type Cells = [u8; 16];
    type Memo = crate::heuristic::Memo;
    const NO_MEMO: crate::heuristic::Memo = crate::heuristic::Memo::EMPTY;
    const NO_CELLS: [u8; 16] = [0; 16];
    type BlankMove = BlankMove;
    #[expect(
        clippy::cast_possible_truncation,
        reason = "16 cells of four bits fill a u64"
    )]
    const GOALS: &'static [u64] = &{
        let wide = goals(4);
        let mut goals = [0; 17];
        let mut n = 0;
        while n <= 16 {
            goals[n] = wide[n] as u64;
            n += 1;
        }
        goals
    };

    #[inline]
    fn put(tile: u8, cell: usize) -> Self {
        u64::from(tile) << (4 * cell)
    }

    #[inline]
    fn get(self, cell: usize) -> u8 {
        ((self >> (4 * cell)) & 0xF) as u8
    }

    #[inline]
    fn cells_of_tiles(self, cells: usize) -> [u8; 16] {
        let mut table = [0; 16];
        for cell in 0..cells {
            table[usize::from(self.get(cell))] = small(cell);
        }
        table
    }

    #[inline]
    fn moves_from<const W: usize, const H: usize>(cell: usize) -> &'static [BlankMove] {
        Board::<W, H>::moves_from(cell)
    }

    #[inline]
    fn slide_by<const W: usize, const H: usize>(
        board: Board<W, H>,
        mv: BlankMove,
    ) -> (Board<W, H>, Slide) {
        board.slide_by_entry(mv)
    }

    #[inline]
    fn slide_of<const W: usize, const H: usize>(board: Board<W, H>, mv: BlankMove) -> Slide {
        board.slide_of_entry(mv)
    }

    #[inline]
    fn direction(mv: BlankMove) -> Move {
        mv.direction()
    }

    #[inline]
    fn target(mv: BlankMove) -> usize {
        mv.cell()
    }
}

impl Packing for u128 {
    const BITS: usize = 5;
    const MAX_CELLS: usize = 25;
    const SLOTS: usize = 32;
    const NAME: &'static str = "LargeBoard";
    type Cells = [u8; 32];
    type Memo = crate::LargeMemo;
    const NO_MEMO: crate::LargeMemo = crate::LargeMemo::EMPTY;
    const NO_CELLS: [u8; 32] = [0; 32];
    type BlankMove = LargeBlankMove;
    const GOALS: &'static [u128] = &goals(5);

    #[inline]
    fn put(tile: u8, cell: usize) -> Self {
        u128::from(tile) << (5 * cell)
    }

    #[inline]
    fn get(self, cell: usize) -> u8 {
        ((self >> (5 * cell)) & 0x1F) as u8
    }

    #[inline]
    fn cells_of_tiles(self, cells: usize) -> [u8; 32] {
        let mut table = [0; 32];
        let mut packed = self;
        for cell in 0..cells {
            table[usize::from((packed & 0x1F) as u8)] = small(cell);
            packed >>= 5;
        }
        table
    }

    #[inline]
    fn moves_from<const W: usize, const H: usize>(cell: usize) -> &'static [LargeBlankMove] {
        Board::<W, H, u128>::moves_from(cell)
    }

    #[inline]
    fn slide_by<const W: usize, const H: usize>(
        board: Board<W, H, u128>,
        mv: LargeBlankMove,
    ) -> (Board<W, H, u128>, Slide) {
        board.slide_by_entry(mv)
    }

    #[inline]
    fn slide_of<const W: usize, const H: usize>(
        board: Board<W, H, u128>,
        mv: LargeBlankMove,
    ) -> Slide {
        board.slide_of_entry(mv)
    }

    #[inline]
    fn direction(mv: LargeBlankMove) -> Move {
        mv.direction()
    }

    #[inline]
    fn target(mv: LargeBlankMove) -> usize {
        mv.cell()
    }
}

/// `goals(bits)[n]`: the goal of `n` cells packed `bits` bits a cell, tiles
/// `1..n` in cells `0..n - 1` and the blank last.
const fn goals(bits: usize) -> [u128; 26] {
    let mut goals = [0; 26];
    let mut n = 2;
    while n <= 25 {
        goals[n] = goals[n - 1] | ((n as u128 - 1) << (bits * (n - 2)));
        n += 1;
    }
    goals
}

/// `n` as a `u8`, for cell and tile numbers (below 32 by the shape check).
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "cells and tiles are below 32"
)]
pub(crate) const fn small(n: usize) -> u8 {
    n as u8
}
