//! Linear conflict on large boards: lines of up to five cells scored by
//! table, longer ones directly.

use super::heuristic::{LargeDistances, LargeHeuristic};
use crate::LargeBoard;
use crate::board::small;
use crate::heuristic::linear_conflict::{line_keys, removals, removals_table};
use crate::{LinearConflict, Manhattan, Slide};

/// Lines up to this long are scored by table.
const MAX_TABLED: usize = 5;

/// Six codes (not a member, or goal position 0 to 4) for each of five
/// positions.
const KEYS: usize = 7776;

/// `REMOVALS[key]`: the fewest tiles to take out of a line so the rest are
/// in goal order. A line's key sums `(g + 1) * 6^p` over the tiles at
/// position `p` whose goal is position `g` of the same line.
static REMOVALS: [u8; KEYS] = removals_table(MAX_TABLED);

/// The key tables of one shape.
struct Lines<const W: usize, const H: usize>;

impl<const W: usize, const H: usize> Lines<W, H> {
    const CELLS: usize = LargeBoard::<W, H>::CELLS;
    const HEIGHT: usize = Self::CELLS / W;
    /// `ROW_KEY[cell][tile]`: what `tile` in `cell` adds to its row's key.
    const ROW_KEY: &'static [[u16; 32]; 32] = &line_keys(W, Self::CELLS, true, MAX_TABLED);
    /// `COL_KEY[cell][tile]`: what `tile` in `cell` adds to its column's key.
    const COL_KEY: &'static [[u16; 32]; 32] = &line_keys(W, Self::CELLS, false, MAX_TABLED);
}

/// The table key of row `row` (rows of at most [`MAX_TABLED`] cells).
#[inline]
fn row_key<const W: usize, const H: usize>(board: &LargeBoard<W, H>, row: usize) -> usize {
    let keys = Lines::<W, H>::ROW_KEY;
    let key: u16 = (row * W..(row + 1) * W)
        .map(|cell| keys[cell & 31][usize::from(board.tile_at(cell))])
        .sum();
    usize::from(key)
}

/// The table key of column `col` (columns of at most [`MAX_TABLED`] cells).
#[inline]
fn col_key<const W: usize, const H: usize>(board: &LargeBoard<W, H>, col: usize) -> usize {
    let keys = Lines::<W, H>::COL_KEY;
    let key: u16 = (0..Lines::<W, H>::HEIGHT)
        .map(|row| row * W + col)
        .map(|cell| keys[cell & 31][usize::from(board.tile_at(cell))])
        .sum();
    usize::from(key)
}

/// The removal count of row `row`.
#[inline]
fn row_removals<const W: usize, const H: usize>(board: &LargeBoard<W, H>, row: usize) -> u8 {
    if W <= MAX_TABLED {
        return REMOVALS[row_key(board, row)];
    }
    let mut sequence = [0; 32];
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

/// The removal count of column `col`.
#[inline]
fn col_removals<const W: usize, const H: usize>(board: &LargeBoard<W, H>, col: usize) -> u8 {
    if Lines::<W, H>::HEIGHT <= MAX_TABLED {
        return REMOVALS[col_key(board, col)];
    }
    let mut sequence = [0; 32];
    let mut len = 0;
    for cell in (0..Lines::<W, H>::HEIGHT).map(|row| row * W + col) {
        let tile = usize::from(board.tile_at(cell));
        if tile != 0 && (tile - 1) % W == col {
            sequence[len] = small((tile - 1) / W);
            len += 1;
        }
    }
    removals(&sequence, len)
}

/// The tiles [`LinearConflict`] makes leave their lines on a large board.
pub(crate) fn large_conflicts<const W: usize, const H: usize>(board: &LargeBoard<W, H>) -> u8 {
    let rows: u8 = (0..Lines::<W, H>::HEIGHT)
        .map(|row| row_removals(board, row))
        .sum();
    let cols: u8 = (0..W).map(|col| col_removals(board, col)).sum();
    rows + cols
}

/// Linear conflict on large boards: Manhattan distance plus two moves per
/// tile that must leave its line (see [`LinearConflict`]); rows and
/// columns of up to five cells are scored by a 7,776-entry table, and
/// [`update`](LargeHeuristic::update) rescores only the moved tile's goal
/// line, and only when the move enters or leaves it.
impl<const W: usize, const H: usize> LargeHeuristic<W, H> for LinearConflict {
    fn estimate(&self, board: &LargeBoard<W, H>) -> u8 {
        LargeHeuristic::estimate(&Manhattan, board) + 2 * large_conflicts(board)
    }

    #[inline]
    fn update(&self, after: &LargeBoard<W, H>, before: u8, slide: Slide) -> u8 {
        if slide.tile == 0 {
            return LargeHeuristic::estimate(self, after);
        }
        let (tile, from, to) = (usize::from(slide.tile & 31), slide.from & 31, slide.to & 31);
        let distances = &LargeDistances::<W, H>::TABLE[tile];
        let h = before
            .wrapping_add(distances[to])
            .wrapping_sub(distances[from]);
        let goal = tile - 1;
        // Only the moved tile's goal line can change its removal count, and
        // only when the tile enters or leaves it.
        let (now, then) = if from / W == to / W {
            let col = goal % W;
            if col != from % W && col != to % W {
                return h;
            }
            if Lines::<W, H>::HEIGHT <= MAX_TABLED {
                let keys = Lines::<W, H>::COL_KEY;
                let now = col_key(after, col);
                let then = now - usize::from(keys[to][tile]) + usize::from(keys[from][tile]);
                (REMOVALS[now], REMOVALS[then])
            } else {
                let before_board = after.slide(small(to)).0;
                (col_removals(after, col), col_removals(&before_board, col))
            }
        } else {
            let row = goal / W;
            if row != from / W && row != to / W {
                return h;
            }
            if W <= MAX_TABLED {
                let keys = Lines::<W, H>::ROW_KEY;
                let now = row_key(after, row);
                let then = now - usize::from(keys[to][tile]) + usize::from(keys[from][tile]);
                (REMOVALS[now], REMOVALS[then])
            } else {
                let before_board = after.slide(small(to)).0;
                (row_removals(after, row), row_removals(&before_board, row))
            }
        };
        h.wrapping_add(2 * now).wrapping_sub(2 * then)
    }
}
