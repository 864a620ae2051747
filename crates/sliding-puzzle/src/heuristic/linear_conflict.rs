//! The linear-conflict heuristic.

use crate::board::small;
use crate::heuristic::manhattan::Distances;
use crate::heuristic::{Heuristic, Manhattan, Target};
use crate::{Board, LargeBoard, Packing, Slide};

/// Manhattan distance plus two moves for every tile that must leave its
/// line to let others pass (Hansson, Mayer & Yung 1992, "Criticizing
/// solutions to relaxed models yields powerful admissible heuristics",
/// *Information Sciences* 63).
///
/// Two tiles are in linear conflict when both are in their goal row (or
/// column) in the wrong order: one of them must step out of the line and
/// back, two moves Manhattan distance does not count. For each row, the
/// heuristic adds 2 × the fewest tiles to remove so that the remaining
/// goal-row tiles are in order (the row's length minus the longest
/// increasing subsequence of their goal columns), and likewise for each
/// column. That minimum is what keeps it admissible: counting conflicting
/// pairs, or removing tiles greedily, can overestimate.
///
/// Admissible: the extra moves of a row conflict are vertical moves of tiles
/// already in their goal row, and those of a column conflict horizontal
/// moves of tiles in their goal column, neither counted by Manhattan
/// distance nor by each other. Consistent: a move changes Manhattan distance
/// by one and the removal count of only the moved tile's goal line, by at
/// most one and only in the direction that keeps the change at ±1 (entering
/// its goal line can add a conflict as Manhattan distance drops, leaving it
/// can remove one as Manhattan distance grows).
///
/// Lines of up to four cells (five on boards in a `u128`) are scored by
/// lookup in tables computed at compile time (a 625-entry table of removal
/// counts, keyed by the goal positions of a line's tiles; 7,776 entries for
/// five cells); longer lines (2x5 to 1x16 shapes) are scored directly. [`update`](Heuristic::update) rescores only the moved
/// tile's goal line, and only when the move enters or leaves it.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Heuristic, LinearConflict, Manhattan};
///
/// // Tiles 2 and 1 are swapped in their goal row: one must step aside.
/// let board: Eight = "2 1 3 4 5 6 7 8 x".parse()?;
/// assert_eq!(Manhattan.estimate(&board), 2);
/// assert_eq!(LinearConflict.estimate(&board), 4);
/// # Ok::<(), sliding_puzzle::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LinearConflict;

/// `REMOVALS[key]` for lines of up to four cells: the fewest tiles to take
/// out of a line so the rest are in goal order. A line's key sums
/// `(g + 1) * 5^p` over the tiles at position `p` whose goal is position
/// `g` of the same line: five codes (not a member, or goal position 0 to 3)
/// for each of four positions.
const REMOVALS: [u8; 625] = removals_table(4);

/// `REMOVALS` for lines of up to five cells, six codes for each of five
/// positions, keyed by `(g + 1) * 6^p`: the boards in a `u128`.
const WIDE_REMOVALS: [u8; 7776] = removals_table(5);

/// The length of `sequence[..len]` minus its longest strictly increasing
/// subsequence.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a line holds at most 25 tiles"
)]
const fn removals<const N: usize>(sequence: &[u8; N], len: usize) -> u8 {
    let mut longest_ending = [0u8; N];
    let mut longest = 0;
    let mut i = 0;
    while i < len {
        longest_ending[i] = 1;
        let mut j = 0;
        while j < i {
            if sequence[j] < sequence[i] && longest_ending[j] + 1 > longest_ending[i] {
                longest_ending[i] = longest_ending[j] + 1;
            }
            j += 1;
        }
        if longest_ending[i] > longest {
            longest = longest_ending[i];
        }
        i += 1;
    }
    (len as u8) - longest
}

/// `REMOVALS` for lines of up to `tabled` cells: `KEYS` is
/// `(tabled + 1)^tabled`, one code (not a member, or goal position
/// `0..tabled`) per position.
#[expect(
    clippy::cast_possible_truncation,
    reason = "codes are at most `tabled`, 5"
)]
const fn removals_table<const KEYS: usize>(tabled: usize) -> [u8; KEYS] {
    let base = tabled + 1;
    let mut table = [0; KEYS];
    let mut key = 0;
    while key < KEYS {
        let mut sequence = [0u8; 8];
        let mut len = 0;
        let mut rest = key;
        let mut position = 0;
        while position < tabled {
            let code = rest % base;
            if code > 0 {
                sequence[len] = code as u8;
                len += 1;
            }
            rest /= base;
            position += 1;
        }
        table[key] = removals(&sequence, len);
        key += 1;
    }
    table
}

/// The key tables of one shape, `N` entries a row: 16 for the boards in a
/// `u64` (lines of up to four cells tabled), 32 for those in a `u128` (up
/// to five).
struct Lines<const W: usize, const H: usize, const N: usize = 16>;

impl<const W: usize, const H: usize, const N: usize> Lines<W, H, N> {
    const CELLS: usize = W * H;
    /// The height, `H`.
    const HEIGHT: usize = Self::CELLS / W;
    /// Lines up to this long are scored by table.
    const MAX_TABLED: usize = if N == 16 { 4 } else { 5 };
    /// The removal counts of tabled lines.
    const REMOVALS: &'static [u8] = if N == 16 { &REMOVALS } else { &WIDE_REMOVALS };
    /// `ROW_KEY[cell][tile]`: what `tile` in `cell` adds to its row's key.
    const ROW_KEY: &'static [[u16; N]; N] = &line_keys(W, Self::CELLS, true, Self::MAX_TABLED);
    /// `COL_KEY[cell][tile]`: what `tile` in `cell` adds to its column's key.
    const COL_KEY: &'static [[u16; N]; N] = &line_keys(W, Self::CELLS, false, Self::MAX_TABLED);

    /// The table key of row `row` of a board (rows of at most
    /// [`MAX_TABLED`](Self::MAX_TABLED) cells).
    #[inline]
    fn row_key<P: Packing>(board: &Board<W, H, P>, row: usize) -> usize {
        let keys = Self::ROW_KEY;
        let key: u16 = (row * W..(row + 1) * W)
            .map(|cell| keys[cell & (N - 1)][usize::from(board.tile_at(cell))])
            .sum();
        usize::from(key)
    }

    /// The table key of column `col` of a board (columns of at most
    /// [`MAX_TABLED`](Self::MAX_TABLED) cells).
    #[inline]
    fn col_key<P: Packing>(board: &Board<W, H, P>, col: usize) -> usize {
        let keys = Self::COL_KEY;
        let key: u16 = (0..Self::HEIGHT)
            .map(|row| row * W + col)
            .map(|cell| keys[cell & (N - 1)][usize::from(board.tile_at(cell))])
            .sum();
        usize::from(key)
    }

    /// The removal count of row `row` of a board.
    #[inline]
    fn row_removals<P: Packing>(board: &Board<W, H, P>, row: usize) -> u8 {
        if W <= Self::MAX_TABLED {
            return Self::REMOVALS[Self::row_key(board, row)];
        }
        let mut sequence = [0; N];
        let mut len = 0;
        for cell in row * W..(row + 1) * W {
            let tile = usize::from(board.tile_at(cell));
            if tile != 0 && (tile - 1) / W == row {
                sequence[len] = small((tile - 1) % W);
                len += 1;
            }
        }
        removals(&sequence, len)
    }

    /// The removal count of column `col` of a board.
    #[inline]
    fn col_removals<P: Packing>(board: &Board<W, H, P>, col: usize) -> u8 {
        if Self::HEIGHT <= Self::MAX_TABLED {
            return Self::REMOVALS[Self::col_key(board, col)];
        }
        let mut sequence = [0; N];
        let mut len = 0;
        for cell in (0..Self::HEIGHT).map(|row| row * W + col) {
            let tile = usize::from(board.tile_at(cell));
            if tile != 0 && (tile - 1) % W == col {
                sequence[len] = small((tile - 1) / W);
                len += 1;
            }
        }
        removals(&sequence, len)
    }

    /// The tiles the heuristic makes leave their lines.
    fn conflicts<P: Packing>(board: &Board<W, H, P>) -> u8 {
        let rows: u8 = (0..Self::HEIGHT)
            .map(|row| Self::row_removals(board, row))
            .sum();
        let cols: u8 = (0..W).map(|col| Self::col_removals(board, col)).sum();
        rows + cols
    }

    /// The estimate after `slide` from a board at `before`: Manhattan
    /// distance by two lookups, and the moved tile's goal line rescored
    /// when the move enters or leaves it.
    #[inline]
    fn update<P: Packing>(after: &Board<W, H, P>, before: u8, slide: Slide) -> u8 {
        // The masks let the compiler drop bounds checks: cells are below `N`.
        let (tile, from, to) = (
            usize::from(slide.tile) & (N - 1),
            slide.from & (N - 1),
            slide.to & (N - 1),
        );
        let h = Distances::<W, H, N>::update(before, slide);
        let goal = tile - 1;
        // Only the moved tile's goal line can change its removal count, and
        // only when the tile enters or leaves it: within the line it crosses
        // along, the tiles keep their order. A tabled line's key before the
        // move follows from its key after by two lookups.
        let (now, then) = if from / W == to / W {
            let col = goal % W;
            if col != from % W && col != to % W {
                return h;
            }
            if Self::HEIGHT <= Self::MAX_TABLED {
                let keys = Self::COL_KEY;
                let now = Self::col_key(after, col);
                let then = now - usize::from(keys[to][tile]) + usize::from(keys[from][tile]);
                (Self::REMOVALS[now], Self::REMOVALS[then])
            } else {
                (
                    Self::col_removals(after, col),
                    Self::col_removals(&after.unslide(slide), col),
                )
            }
        } else {
            let row = goal / W;
            if row != from / W && row != to / W {
                return h;
            }
            if W <= Self::MAX_TABLED {
                let keys = Self::ROW_KEY;
                let now = Self::row_key(after, row);
                let then = now - usize::from(keys[to][tile]) + usize::from(keys[from][tile]);
                (Self::REMOVALS[now], Self::REMOVALS[then])
            } else {
                (
                    Self::row_removals(after, row),
                    Self::row_removals(&after.unslide(slide), row),
                )
            }
        };
        h.wrapping_add(2 * now).wrapping_sub(2 * then)
    }
}

/// Key contributions for rows (`rows`) or columns of a `w`-wide board of
/// `cells` cells: `[cell][tile]`, `(goal position + 1) · (tabled + 1)^position`
/// for a tile whose goal is in the cell's line, zero for lines longer than
/// `tabled` (`N` cells at most).
#[expect(
    clippy::cast_possible_truncation,
    reason = "key parts are below the keys, at most 6^5 = 7776"
)]
const fn line_keys<const N: usize>(
    w: usize,
    cells: usize,
    rows: bool,
    tabled: usize,
) -> [[u16; N]; N] {
    let h = cells / w;
    let mut table = [[0; N]; N];
    if (rows && w > tabled) || (!rows && h > tabled) {
        return table;
    }
    let mut cell = 0;
    while cell < cells {
        let (line, position) = if rows {
            (cell / w, cell % w)
        } else {
            (cell % w, cell / w)
        };
        let mut weight = 1;
        let mut p = 0;
        while p < position {
            weight *= tabled + 1;
            p += 1;
        }
        let mut tile = 1;
        while tile < cells {
            let goal = tile - 1;
            let (goal_line, goal_position) = if rows {
                (goal / w, goal % w)
            } else {
                (goal % w, goal / w)
            };
            if goal_line == line {
                table[cell][tile] = ((goal_position + 1) * weight) as u16;
            }
            tile += 1;
        }
        cell += 1;
    }
    table
}

/// The tiles to remove from the lines of `board` so that the tiles left in
/// each line, all in their `target` line, are in their `target` order.
fn conflicts_to<const W: usize, const H: usize>(board: &Board<W, H>, target: &Target<W, H>) -> u8 {
    let height = Lines::<W, H>::HEIGHT;
    let mut total = 0;
    let mut sequence = [0; 16];
    for line in 0..height + W {
        let cells = if line < height {
            // Row `line`: its target positions are columns.
            (line * W..(line + 1) * W).step_by(1)
        } else {
            // Column `line - height`: its target positions are rows.
            (line - height..Lines::<W, H>::CELLS).step_by(W)
        };
        let mut len = 0;
        for cell in cells {
            let tile = board.tile_at(cell);
            if tile == 0 {
                continue;
            }
            let goal = target.cell(tile);
            let (goal_line, position) = if line < height {
                (goal / W, goal % W)
            } else {
                (height + goal % W, goal / W)
            };
            if goal_line == line {
                sequence[len] = small(position + 1);
                len += 1;
            }
        }
        total += removals(&sequence, len);
    }
    total
}

impl LinearConflict {
    /// The number of tiles the heuristic makes leave their line: its excess
    /// over Manhattan distance, halved.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, LinearConflict};
    ///
    /// // Row 3 2 1: two tiles must leave (one conflict-free tile remains).
    /// let board: Eight = "3 2 1 4 5 6 7 8 x".parse()?;
    /// assert_eq!(LinearConflict::conflicts(&board), 2);
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    pub fn conflicts<const W: usize, const H: usize>(board: &Board<W, H>) -> u8 {
        Lines::<W, H>::conflicts(board)
    }
}

impl<const W: usize, const H: usize> Heuristic<W, H> for LinearConflict {
    fn estimate(&self, board: &Board<W, H>) -> u8 {
        Heuristic::estimate(&Manhattan, board) + 2 * Self::conflicts(board)
    }

    /// Manhattan distance to `target` plus two moves per tile removed from
    /// each line to order the rest, the lines and order taken from `target`
    /// (admissible for any target: the argument never uses the goal's
    /// layout). Evaluated from scratch, without the goal's line tables.
    fn estimate_to(&self, board: &Board<W, H>, target: &Target<W, H>) -> u8 {
        Manhattan.estimate_to(board, target) + 2 * conflicts_to(board, target)
    }

    #[inline]
    fn update(&self, after: &Board<W, H>, before: u8, slide: Slide) -> u8 {
        if slide.tile == 0 {
            // Not a move: the blank cannot slide into itself.
            return Heuristic::estimate(self, after);
        }
        Lines::<W, H>::update(after, before, slide)
    }
}

/// Linear conflict on boards in a `u128`: lines of up to five cells scored
/// by table.
impl<const W: usize, const H: usize> Heuristic<W, H, u128> for LinearConflict {
    fn estimate(&self, board: &LargeBoard<W, H>) -> u8 {
        Distances::<W, H, 32>::estimate(board) + 2 * Lines::<W, H, 32>::conflicts(board)
    }

    #[inline]
    fn update(&self, after: &LargeBoard<W, H>, before: u8, slide: Slide) -> u8 {
        if slide.tile == 0 {
            return Heuristic::estimate(self, after);
        }
        Lines::<W, H, 32>::update(after, before, slide)
    }
}

/// The tiles [`LinearConflict`] makes leave their lines on a board in a
/// `u128`.
#[cfg(test)]
pub(crate) fn large_conflicts<const W: usize, const H: usize>(board: &LargeBoard<W, H>) -> u8 {
    Lines::<W, H, 32>::conflicts(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Eight, Fifteen};

    #[test]
    fn removal_counts() {
        let seq = |values: &[u8]| {
            let mut sequence = [0; 16];
            sequence[..values.len()].copy_from_slice(values);
            removals(&sequence, values.len())
        };
        assert_eq!(seq(&[]), 0);
        assert_eq!(seq(&[3, 2, 1]), 2);
        assert_eq!(seq(&[2, 3, 4, 1]), 1);
        // Keep 3 4 or 1 2.
        assert_eq!(seq(&[3, 4, 1, 2]), 2);
        assert_eq!(REMOVALS[0], 0);
        // Positions 0 and 1 hold goal positions 1 and 0: one removal.
        assert_eq!(REMOVALS[2 + 5], 1);
    }

    #[test]
    fn tabled_and_direct_lines_agree() {
        // 4x4 uses tables, 2x8 scores rows directly and columns by table,
        // 8x2 the other way round.
        for seed in 0..300 {
            let board = Fifteen::random_solvable(seed);
            let direct = direct_conflicts(&board);
            assert_eq!(LinearConflict::conflicts(&board), direct);
            let wide = Board::<8, 2>::random_solvable(seed);
            assert_eq!(LinearConflict::conflicts(&wide), direct_conflicts(&wide));
            let tall = Board::<2, 8>::random_solvable(seed);
            assert_eq!(LinearConflict::conflicts(&tall), direct_conflicts(&tall));
        }
    }

    /// Conflicts by brute force over subsets of each line.
    fn direct_conflicts<const W: usize, const H: usize>(board: &Board<W, H>) -> u8 {
        let h = Board::<W, H>::CELLS / W;
        let mut lines: Vec<Vec<u8>> = Vec::new();
        for row in 0..h {
            let goals = (0..W)
                .map(|col| board.tile(row * W + col))
                .filter(|&t| t != 0 && (usize::from(t) - 1) / W == row)
                .map(|t| small((usize::from(t) - 1) % W))
                .collect();
            lines.push(goals);
        }
        for col in 0..W {
            let goals = (0..h)
                .map(|row| board.tile(row * W + col))
                .filter(|&t| t != 0 && (usize::from(t) - 1) % W == col)
                .map(|t| small((usize::from(t) - 1) / W))
                .collect();
            lines.push(goals);
        }
        let mut total = 0;
        for goals in lines {
            let n = goals.len();
            let mut best = 0;
            for subset in 0u32..1 << n {
                let kept: Vec<u8> = (0..n)
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| goals[i])
                    .collect();
                if kept.windows(2).all(|w| w[0] < w[1]) {
                    best = best.max(kept.len());
                }
            }
            total += n - best;
        }
        small(total)
    }

    #[test]
    fn example_boards() {
        let board: Eight = "3 2 1 4 5 6 7 8 x".parse().unwrap();
        assert_eq!(LinearConflict.estimate(&board), 4 + 4);
        assert_eq!(LinearConflict.estimate(&Eight::goal()), 0);
    }
}
