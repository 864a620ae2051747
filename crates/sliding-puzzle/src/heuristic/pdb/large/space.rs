//! One group's abstract space on a large board: placements of its tiles
//! and the blank's region, the region found by flood fill on a cell mask.

use std::fmt;

use pattern_db::{AbstractStep, Abstraction};

use super::super::PatternError;
use super::super::bits::lehmer_to_cells_64;
use crate::LargeBoard;

/// Marks a cell holding no tile of the group in [`LargePatternState`].
const NO_TILE: u8 = u8::MAX;

/// The most tiles a group of a large board may have: 8 (a 5x5 table of 8
/// tiles would take 25!/17! = 43.6 billion bytes anyway).
pub const MAX_GROUP: usize = 8;

/// The abstract space of one group of tiles on a [`LargeBoard`]: where the
/// group's tiles are and which region of free cells the blank is in; a
/// move of one of the group's tiles costs one, any other move nothing.
///
/// It is [`PatternSpace`](crate::heuristic::pdb::PatternSpace) for boards
/// of up to 25 cells. The 4x4 space looks the blank's new region up in a
/// table of every region of every cell subset (2^16 × 16 bytes); 2^25 ×
/// 25 would be 839 MB, so here the region is flooded on a 25-bit cell
/// mask, a few shifts per step. An abstract state is a placement and a
/// region (named by its smallest cell, ranked among the free cells):
/// `25!/19! × 19` = 2.42 billion ranks for a 6-tile group of the 5x5
/// board, which pattern-db's builder keeps in 3 bits each (908 MB) beside
/// the 127.5 million-byte table.
///
/// Its tables are byte for byte those of `PatternSpace` on the shapes both
/// handle (the tests build both on 3x3), and it shares their cache key and
/// file names.
///
/// # Example
///
/// ```
/// use pattern_db::PatternTable;
/// use sliding_puzzle::Twentyfour;
/// use sliding_puzzle::heuristic::pdb::large::LargePatternSpace;
///
/// let space = LargePatternSpace::<5, 5>::new(&[1, 2])?;
/// let table = PatternTable::build(&space, |_| {})?;
/// let board: Twentyfour = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x".parse()?;
/// // Swapping two tiles takes one of them off their row and back.
/// assert_eq!(table.get(space.entry(&board)), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct LargePatternSpace<const W: usize, const H: usize> {
    /// The group's tiles, ascending.
    pub(super) tiles: Vec<u8>,
    /// Cells the group leaves free: the blank's choices.
    free: u64,
    /// The blank's cell in the goal (the region it names is the goal's).
    goal_blank: u8,
    /// Placements of the group's tiles: `CELLS! / (CELLS - k)!`.
    placements: u64,
    /// `weights[i]`: what one unit of the `i`-th tile's Lehmer digit adds
    /// to a placement's rank.
    weights: [u64; MAX_GROUP],
    /// The cells next to each cell, as masks.
    neighbours: [u32; 32],
    /// Every cell of the board.
    board: u32,
    /// Cells not in the first column.
    not_first_column: u32,
    /// Cells not in the last column.
    not_last_column: u32,
}

/// An abstract state of a [`LargePatternSpace`]: which of the group's
/// tiles is in each cell, the blank's region and the placement's rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LargePatternState {
    /// `at[c]`: the index in the group of the tile in cell `c`, or none.
    at: [u8; 32],
    /// Bit `c` set when a tile of the group is in cell `c`.
    occupied: u32,
    /// The smallest cell of the blank's region.
    region: u8,
    /// The rank of the placement: the table entry.
    placement: u64,
}

impl<const W: usize, const H: usize> fmt::Debug for LargePatternSpace<W, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LargePatternSpace")
            .field("tiles", &self.tiles)
            .field("goal_blank", &self.goal_blank)
            .field("placements", &self.placements)
            .finish_non_exhaustive()
    }
}

/// Spaces are equal when their tiles and goal blank cells are.
impl<const W: usize, const H: usize> PartialEq for LargePatternSpace<W, H> {
    fn eq(&self, other: &Self) -> bool {
        self.tiles == other.tiles && self.goal_blank == other.goal_blank
    }
}

impl<const W: usize, const H: usize> Eq for LargePatternSpace<W, H> {}

/// A cell or tile number as a `u8` (boards have at most 25 cells).
#[inline]
#[expect(clippy::cast_possible_truncation, reason = "cells are below 32")]
pub(super) fn cell_byte(cell: u32) -> u8 {
    cell as u8
}

/// The cells of `mask`, smallest first.
#[inline]
pub(super) fn cells(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = cell_byte(mask.trailing_zeros());
            mask &= mask - 1;
            cell
        })
    })
}

impl<const W: usize, const H: usize> LargePatternSpace<W, H> {
    const CELLS: usize = LargeBoard::<W, H>::CELLS;

    /// The space of the group `tiles` (in any order), toward the goal.
    ///
    /// # Errors
    ///
    /// [`PatternError::EmptyGroup`], [`NoSuchTile`](PatternError::NoSuchTile)
    /// or [`RepeatedTile`](PatternError::RepeatedTile) as for a partition;
    /// [`PatternError::GroupTooLarge`] for more than [`MAX_GROUP`] tiles.
    pub fn new(tiles: &[u8]) -> Result<Self, PatternError> {
        Self::with_goal_blank(
            tiles,
            cell_byte(u32::try_from(Self::CELLS - 1).unwrap_or(0)),
        )
    }

    /// The space of the group `tiles` toward the goal placement of its
    /// tiles with the blank in `goal_blank`'s region.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new); [`PatternError::GoalBlankCovered`] if
    /// `goal_blank` is not on the board or is the goal cell of one of the
    /// tiles.
    pub fn with_goal_blank(tiles: &[u8], goal_blank: u8) -> Result<Self, PatternError> {
        let tiles = super::check_groups::<W, H>(&[tiles])?.remove(0);
        if usize::from(goal_blank) >= Self::CELLS || tiles.contains(&(goal_blank + 1)) {
            return Err(PatternError::GoalBlankCovered { cell: goal_blank });
        }
        let cells = Self::CELLS as u64;
        let k = tiles.len();
        let mut neighbours = [0u32; 32];
        let mut not_first_column = 0;
        let mut not_last_column = 0;
        for (cell, mask) in neighbours.iter_mut().enumerate().take(Self::CELLS) {
            let (row, col) = (cell / W, cell % W);
            let candidates = [
                (row > 0).then(|| cell - W),
                (col > 0).then(|| cell - 1),
                (col + 1 < W).then(|| cell + 1),
                (row + 1 < H).then(|| cell + W),
            ];
            for next in candidates.into_iter().flatten() {
                *mask |= 1 << next;
            }
            if col > 0 {
                not_first_column |= 1 << cell;
            }
            if col + 1 < W {
                not_last_column |= 1 << cell;
            }
        }
        let mut weights = [0; MAX_GROUP];
        let mut weight = 1;
        for i in (0..k).rev() {
            weights[i] = weight;
            weight *= cells - i as u64;
        }
        Ok(LargePatternSpace {
            free: cells - k as u64,
            goal_blank,
            placements: weight,
            tiles,
            weights,
            neighbours,
            board: u32::MAX >> (32 - Self::CELLS),
            not_first_column,
            not_last_column,
        })
    }

    /// The group's tiles, ascending.
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The blank's cell in the goal.
    #[must_use]
    pub fn goal_blank(&self) -> u8 {
        self.goal_blank
    }

    /// Whether the goal's blank is the board's (its last cell).
    fn toward_the_goal(&self) -> bool {
        usize::from(self.goal_blank) == Self::CELLS - 1
    }

    /// The table entry of `board`: the rank of the cells of the group's
    /// tiles.
    #[must_use]
    pub fn entry(&self, board: &LargeBoard<W, H>) -> u64 {
        let cells = board.cells_of_tiles();
        Self::placement_rank(self.tiles.iter().map(|&tile| cells[usize::from(tile)]))
    }

    /// What a cache file's header says the table is for: the 4x4 space's
    /// key, as the tables are the same.
    #[must_use]
    pub fn key(&self) -> String {
        let goal = if self.toward_the_goal() {
            "blank-last goal".to_owned()
        } else {
            format!("blank-last goal with the blank in cell {}", self.goal_blank)
        };
        format!(
            "sliding-puzzle {W}x{H} {goal}; pattern tiles {:?}; \
             entry = lexicographic rank of the tiles' cells (ranking v1)",
            self.tiles
        )
    }

    /// The cache file's name: `5x5-1-2-3-6-7-8.pdb`.
    #[must_use]
    pub fn file_name(&self) -> String {
        let tiles: Vec<String> = self.tiles.iter().map(u8::to_string).collect();
        if self.toward_the_goal() {
            format!("{W}x{H}-{}.pdb", tiles.join("-"))
        } else {
            format!("{W}x{H}-{}-blank-{}.pdb", tiles.join("-"), self.goal_blank)
        }
    }

    /// The rank of a placement, its cells given in tile order: the Lehmer
    /// code over the cells, each digit counting the free cells below the
    /// tile's cell, the first tile most significant.
    #[inline]
    pub(super) fn placement_rank(cells: impl Iterator<Item = u8>) -> u64 {
        let mut placed = 0u32;
        let mut rank = 0;
        let mut radix = Self::CELLS as u64;
        for cell in cells {
            let below = (placed & ((1 << cell) - 1)).count_ones();
            rank = rank * radix + u64::from(u32::from(cell) - below);
            placed |= 1 << cell;
            radix -= 1;
        }
        rank
    }

    /// The cells of `free` connected to `seed` through `free`.
    #[inline]
    pub(super) fn flood(&self, free: u32, seed: u32) -> u32 {
        let mut region = seed & free;
        loop {
            let grown = (region
                | ((region << 1) & self.not_first_column)
                | ((region >> 1) & self.not_last_column)
                | (region << W)
                | (region >> W))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The whole board's cells.
    pub(super) fn board_cells(&self) -> u32 {
        self.board
    }

    /// The smallest cell of the region of `cell` among the cells `free`.
    #[inline]
    fn region_of(&self, free: u32, cell: u8) -> u8 {
        cell_byte(self.flood(free, 1 << cell).trailing_zeros())
    }

    /// The rank of the state with placement `placement`, free cells `free`
    /// and blank region `region`.
    #[inline]
    fn rank_of(&self, placement: u64, free: u32, region: u8) -> u64 {
        let below = (free & ((1 << region) - 1)).count_ones();
        placement * self.free + u64::from(below)
    }

    /// The state with the group's tiles in `cells` and the blank in `blank`.
    fn state(&self, cells: &[u8], blank: u8) -> LargePatternState {
        let mut at = [NO_TILE; 32];
        let mut occupied = 0;
        for (i, &cell) in cells.iter().enumerate() {
            at[usize::from(cell)] = cell_byte(u32::try_from(i).unwrap_or(0));
            occupied |= 1 << cell;
        }
        LargePatternState {
            at,
            occupied,
            region: self.region_of(self.board & !occupied, blank),
            placement: Self::placement_rank(cells.iter().copied()),
        }
    }

    /// The rank of `state`'s placement after its `i`-th tile slides from
    /// `from` into the free cell `to` next to it (see `PatternSpace`).
    #[inline]
    fn slid_rank(&self, state: &LargePatternState, i: u8, from: u8, to: u8) -> u64 {
        let (low, high) = (from.min(to), from.max(to));
        let weight = self.weights[usize::from(i) % MAX_GROUP];
        let delta = if high - low == 1 {
            weight
        } else {
            let between = ((1u32 << (W - 1)) - 1) << (low + 1);
            let mut passed_earlier = 0;
            let mut passed_later = 0;
            for cell in cells(between & state.occupied) {
                let j = state.at[usize::from(cell)];
                if j < i {
                    passed_earlier += 1;
                } else {
                    passed_later += self.weights[usize::from(j) % MAX_GROUP];
                }
            }
            (u64::from(high - low) - passed_earlier) * weight + passed_later
        };
        if to > from {
            state.placement + delta
        } else {
            state.placement - delta
        }
    }
}

impl<const W: usize, const H: usize> Abstraction for LargePatternSpace<W, H> {
    type State = LargePatternState;

    fn state_count(&self) -> u64 {
        self.placements * self.free
    }

    #[inline]
    fn rank(&self, state: &LargePatternState) -> u64 {
        self.rank_of(state.placement, self.board & !state.occupied, state.region)
    }

    fn unrank(&self, rank: u64) -> LargePatternState {
        let k = self.tiles.len();
        let (placement, region) = (rank / self.free, rank % self.free);
        let mut digits = 0u64;
        let mut rest = placement;
        for i in (0..k).rev() {
            let radix = (Self::CELLS - i) as u64;
            digits = (digits << 8) | (rest % radix);
            rest /= radix;
        }
        let cells = lehmer_to_cells_64(digits, k);
        let mut at = [NO_TILE; 32];
        let mut occupied = 0u32;
        for (i, &cell) in cells.to_le_bytes()[..k].iter().enumerate() {
            at[usize::from(cell) % 32] = cell_byte(u32::try_from(i).unwrap_or(0));
            occupied |= 1 << (cell % 32);
        }
        // The region'th free cell.
        let mut free = self.board & !occupied;
        for _ in 0..region {
            free &= free - 1;
        }
        LargePatternState {
            at,
            occupied,
            region: cell_byte(free.trailing_zeros()),
            placement,
        }
    }

    fn goals(&self) -> impl Iterator<Item = LargePatternState> {
        let cells: Vec<u8> = self.tiles.iter().map(|&tile| tile - 1).collect();
        std::iter::once(self.state(&cells, self.goal_blank))
    }

    /// Every tile of the group next to the blank's region, slid into each
    /// region cell next to it (moves are reversible).
    #[inline]
    fn predecessors(
        &self,
        state: &LargePatternState,
    ) -> impl Iterator<Item = AbstractStep<LargePatternState>> {
        let free = self.board & !state.occupied;
        Slides {
            space: self,
            state: *state,
            free,
            region: self.flood(free, 1 << state.region),
            to: 0,
            from: 0,
        }
    }

    fn entry_count(&self) -> u64 {
        self.placements
    }

    #[inline]
    fn entry(&self, state: &LargePatternState) -> u64 {
        state.placement
    }
}

/// The moves out of a [`LargePatternState`].
struct Slides<'a, const W: usize, const H: usize> {
    space: &'a LargePatternSpace<W, H>,
    state: LargePatternState,
    free: u32,
    /// Region cells not yet slid into.
    region: u32,
    /// The region cell being slid into.
    to: u8,
    /// Tiles next to `to` not yet slid.
    from: u32,
}

impl<const W: usize, const H: usize> Iterator for Slides<'_, W, H> {
    type Item = AbstractStep<LargePatternState>;

    #[inline]
    fn next(&mut self) -> Option<AbstractStep<LargePatternState>> {
        while self.from == 0 {
            if self.region == 0 {
                return None;
            }
            self.to = cell_byte(self.region.trailing_zeros());
            self.region &= self.region - 1;
            self.from = self.space.neighbours[usize::from(self.to) % 32] & self.state.occupied;
        }
        let (space, state, to) = (self.space, &self.state, self.to);
        let from = cell_byte(self.from.trailing_zeros());
        self.from &= self.from - 1;
        let i = state.at[usize::from(from) % 32];
        let free = self.free ^ (1 << from) ^ (1 << to);
        let region = space.region_of(free, from);
        let placement = space.slid_rank(state, i, from, to);
        Some(AbstractStep::Unit(space.rank_of(placement, free, region)))
    }
}
