//! Bit and digit arithmetic behind ranking: cell masks, Lehmer digits,
//! division by a rank's radix, population counts and selection by table.

use std::fmt;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// A set of cells, bit `c` for cell `c`: `u16` for the boards a `u64`
/// packs, `u32` for those a `u128` packs. The narrower mask keeps the 4x4
/// pattern states small and indexes its table of regions.
pub trait Mask:
    Copy
    + Eq
    + fmt::Debug
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// No cell.
    const EMPTY: Self;
    /// Every cell the mask can name.
    const ALL: Self;
    /// The cells the mask can name.
    const BITS: usize;

    /// Cell `cell` alone.
    fn cell(cell: u8) -> Self;

    /// The cells below `cell`.
    fn below(cell: u8) -> Self;

    /// The smallest cell (the mask's width when empty).
    fn lowest(self) -> u8;

    /// The mask less its smallest cell.
    fn without_lowest(self) -> Self;

    /// How many cells the mask holds.
    fn ones(self) -> u32;

    /// The `n`-th cell (from 0) of `board` not in `occupied`.
    fn nth_free(occupied: Self, board: Self, n: u64) -> u8;

    /// The mask as a number, to index a table.
    fn index(self) -> usize;

    /// The mask of number `index`, below `2^BITS`.
    fn from_index(index: usize) -> Self;
}

impl Mask for u16 {
    const EMPTY: u16 = 0;
    const ALL: u16 = u16::MAX;
    const BITS: usize = 16;

    #[inline]
    fn cell(cell: u8) -> u16 {
        1 << cell
    }

    #[inline]
    fn below(cell: u8) -> u16 {
        (1 << cell) - 1
    }

    #[inline]
    fn lowest(self) -> u8 {
        cell_u8(self.trailing_zeros() as usize)
    }

    #[inline]
    fn without_lowest(self) -> u16 {
        self & (self - 1)
    }

    #[inline]
    fn ones(self) -> u32 {
        u32::from(ones(self))
    }

    /// By table on each byte (`board` is implied by the free count).
    #[inline]
    fn nth_free(occupied: u16, _board: u16, n: u64) -> u8 {
        nth_free(occupied, n)
    }

    #[inline]
    fn index(self) -> usize {
        usize::from(self)
    }

    #[inline]
    fn from_index(index: usize) -> u16 {
        // cannot fail: callers index subsets of at most 16 cells
        u16::try_from(index).unwrap_or(u16::MAX)
    }
}

impl Mask for u32 {
    const EMPTY: u32 = 0;
    const ALL: u32 = u32::MAX;
    const BITS: usize = 32;

    #[inline]
    fn cell(cell: u8) -> u32 {
        1 << cell
    }

    #[inline]
    fn below(cell: u8) -> u32 {
        (1 << cell) - 1
    }

    #[inline]
    fn lowest(self) -> u8 {
        cell_u8(self.trailing_zeros() as usize)
    }

    #[inline]
    fn without_lowest(self) -> u32 {
        self & (self - 1)
    }

    #[inline]
    fn ones(self) -> u32 {
        self.count_ones()
    }

    /// By clearing the `n` smallest free cells.
    #[inline]
    fn nth_free(occupied: u32, board: u32, n: u64) -> u8 {
        let mut free = board & !occupied;
        for _ in 0..n {
            free &= free - 1;
        }
        cell_u8(free.trailing_zeros() as usize)
    }

    #[inline]
    fn index(self) -> usize {
        self as usize
    }

    #[inline]
    fn from_index(index: usize) -> u32 {
        // cannot fail: callers index subsets of at most 32 cells
        u32::try_from(index).unwrap_or(u32::MAX)
    }
}

/// The cells of `mask`, smallest first.
#[inline]
pub(super) fn bits<M: Mask>(mut mask: M) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != M::EMPTY).then(|| {
            let cell = mask.lowest();
            mask = mask.without_lowest();
            cell
        })
    })
}

/// Turns Lehmer digits (byte `i` for tile `i`) into cells, last tile first:
/// each tile shifts the later ones at or above its cell up by one, all
/// bytes at once. Every byte stays below 128, so setting its top bit and
/// subtracting never borrows from the next byte.
#[inline]
pub(super) fn lehmer_to_cells_64(mut cells: u64, k: usize) -> u64 {
    const TOP: u64 = u64::from_le_bytes([0x80; 8]);
    const ONE: u64 = u64::from_le_bytes([0x01; 8]);
    for i in (0..k).rev() {
        let cell = (cells >> (8 * i)) & 0xFF;
        let at_or_above = ((cells | TOP) - ONE * cell) & TOP;
        // Bytes above `i`: the later tiles (and unused bytes past `k`,
        // which may grow harmlessly). Two shifts, as one of 64 would overflow.
        let later = (u64::MAX << (8 * i)) << 8;
        cells += (at_or_above >> 7) & later;
    }
    cells
}

/// [`lehmer_to_cells_64`] for up to 15 tiles.
#[inline]
pub(super) fn lehmer_to_cells_128(mut cells: u128, k: usize) -> u128 {
    const TOP: u128 = u128::from_le_bytes([0x80; 16]);
    const ONE: u128 = u128::from_le_bytes([0x01; 16]);
    for i in (0..k).rev() {
        let cell = (cells >> (8 * i)) & 0xFF;
        let at_or_above = ((cells | TOP) - ONE * cell) & TOP;
        let later = (u128::MAX << (8 * i)) << 8;
        cells += (at_or_above >> 7) & later;
    }
    cells
}

/// `RECIPROCALS[r]`: `2^64 / r` rounded up (strictly above for powers of
/// two), for [`div_rem`].
static RECIPROCALS: [u128; 17] = {
    let mut table = [0; 17];
    let mut r = 1;
    while r < 17 {
        table[r] = (1u128 << 64) / r as u128 + 1;
        r += 1;
    }
    table
};

/// `(x / radix, x % radix)` for the radixes of a rank (1 to 16), by one
/// multiplication with a precomputed reciprocal instead of the division
/// instruction, which unranking would otherwise spend most of its time in.
///
/// Exact for `x < 2^64 / radix`: the reciprocal's rounding error is below
/// `1 / 2^64`, so the product is below `x / radix + 1 / radix` and cannot
/// reach the next integer. Ranks are below `16!` < 2^45.
#[inline]
pub(super) fn div_rem(x: u64, radix: u64) -> (u64, u64) {
    debug_assert!((1..=16).contains(&radix) && x < 1 << 45);
    // cannot fail: the high half of a u64 times a value below 2^65, shifted
    // right by 64, is below 2^64
    let quotient = u64::try_from((u128::from(x) * RECIPROCALS[index(radix)]) >> 64).unwrap_or(0);
    (quotient, x - quotient * radix)
}

/// `ONES[byte]`: the set bits of `byte`. The baseline x86-64 target has no
/// popcount instruction, and two lookups beat the bit-twiddling fallback.
static ONES: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 1;
    while byte < 256 {
        table[byte] = table[byte / 2] + if byte % 2 == 1 { 1 } else { 0 };
        byte += 1;
    }
    table
};

/// The set bits of a cell mask.
#[inline]
pub(super) fn ones(mask: u16) -> u8 {
    let [low, high] = mask.to_le_bytes();
    ONES[usize::from(low)] + ONES[usize::from(high)]
}

/// `SELECT[byte][n]`: the position of the `n`-th set bit of `byte`.
static SELECT: [[u8; 8]; 256] = {
    let mut table = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut n = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][n] = bit;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The `n`-th cell (from 0) not in `occupied`, by table on each byte.
#[inline]
pub(super) fn nth_free(occupied: u16, n: u64) -> u8 {
    let [low, high] = (!occupied).to_le_bytes();
    let in_low = u64::from(ONES[usize::from(low)]);
    if n < in_low {
        SELECT[usize::from(low)][index(n)]
    } else {
        8 + SELECT[usize::from(high)][index(n - in_low)]
    }
}

/// A digit (below 16) as an index.
#[inline]
#[expect(clippy::cast_possible_truncation, reason = "digits are below 16")]
fn index(digit: u64) -> usize {
    digit as usize
}

/// A cell number as a `u8` (boards have at most 32 cells).
#[inline]
#[expect(clippy::cast_possible_truncation, reason = "cells are below 32")]
pub(super) fn cell_u8(cell: usize) -> u8 {
    cell as u8
}
