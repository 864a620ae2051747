//! Bit and digit arithmetic behind ranking: cell masks, Lehmer digits,
//! division by a rank's radix, population counts and selection by table.

/// The cells of `mask`, smallest first.
#[inline]
pub(super) fn bits(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = cell_u8(mask.trailing_zeros() as usize);
            mask &= mask - 1;
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

/// A cell number as a `u8` (boards have at most 16 cells).
#[inline]
#[expect(clippy::cast_possible_truncation, reason = "cells are below 16")]
pub(super) fn cell_u8(cell: usize) -> u8 {
    cell as u8
}
