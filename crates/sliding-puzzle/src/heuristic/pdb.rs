//! Additive pattern databases (Korf & Felner 2002, "Disjoint pattern
//! database heuristics", *Artificial Intelligence* 134; Felner, Korf &
//! Hanan 2004, "Additive pattern database heuristics", *JAIR* 22): the
//! strongest heuristics for the 15-puzzle, built with
//! [`pattern_db::PatternTable`].
//!
//! A [`Partition`] splits the tiles into disjoint groups. For each group, a
//! [`PatternSpace`] describes the abstract puzzle where only the group's
//! tiles and the blank are distinguished: a move costs one if it slides a
//! tile of the group and nothing otherwise. Its table holds, for every
//! placement of the group's tiles, the fewest moves of those tiles that
//! bring them home. Every real move slides one tile, which belongs to at
//! most one group, so the sum over the groups never exceeds the moves
//! needed: the [`PatternDatabase`] heuristic is admissible.
//!
//! It is not consistent. A table entry is indexed by the group's tiles
//! alone, so it holds the fewest moves over every position of the blank
//! (this is what keeps the 8-tile table at 519 million bytes rather than
//! eight times that). After one move the blank is in a particular place,
//! which may be far from the place that gave the minimum, and the value can
//! jump by more than one. IDA* and A* still return optimal solutions (A*
//! may reopen states).
//!
//! # The 15-puzzle partitions
//!
//! The papers use Korf's goal (blank top left, tile `t` in cell `t`). This
//! project's blank-last goal is Korf's turned 180° with tile `t` renamed
//! `16 - t`, so each group below is the papers' group renamed that way and
//! covers the same shape of goal cells, turned:
//!
//! | partition | groups in Korf's goal | blank-last groups | tables |
//! | --- | --- | --- | --- |
//! | [`FIFTEEN_7_8`] | 1-7; 8-15 | 9-15 (bottom half); 1-8 (top half) | 57.7 M + 519 M bytes |
//! | [`FIFTEEN_6_6_3`] | 4 5 8 9 12 13; 6 7 10 11 14 15; 1 2 3 | 3 4 7 8 11 12; 1 2 5 6 9 10; 13 14 15 | 5.8 M × 2 + 3.4 K bytes |
//! | [`FIFTEEN_5_5_5`] | 1 2 3 6 7; 4 5 8 9 12; 10 11 13 14 15 | 9 10 13 14 15; 4 7 8 11 12; 1 2 3 5 6 | 524 K × 3 bytes |
//!
//! The 7-8 groups are Korf & Felner's: on Korf's 100 instances, IDA* with
//! them generates 137,356 nodes per instance without reflection and 38,102
//! with it, against the published 136,289 and 36,710 (the small gap is
//! likely move ordering and counting details). The 6-6-3 and 5-5-5 groups
//! have the shapes usually reproduced from the papers' figures (a row of
//! three and two halves of the rest; a row plus two, a block, the rest),
//! turned for the blank-last goal, but they generate about twice the
//! published node counts (1,300,492 and 4,467,712 per instance with
//! reflection, against 617,555 and 3,090,405), so the papers' groups were
//! probably other shapes. Any disjoint groups are admissible: for instance
//! `[[10, 11, 12, 13, 14, 15], [2, 3, 4, 6, 7, 8], [1, 5, 9]]` (6-6-3)
//! needs 455,213 nodes per instance and the rows `[[11, .., 15], [6, ..,
//! 10], [1, .., 5]]` (5-5-5) 2,218,609.
//!
//! # Reflection
//!
//! Transposing the board (reflecting it across the main diagonal) and
//! renaming each tile after the goal cell its own goal cell transposes to
//! maps the blank-last goal to itself and every move to a move (blank up ↔
//! left, down ↔ right), so a board and its reflection are the same distance
//! from the goal. Looking the reflected board up in the same tables is
//! therefore admissible whatever the partition, and equals looking the
//! board up in the tables of the reflected partition, as the papers do; no
//! group needs to map onto itself (none of the three above does). With
//! [`PatternDatabase::with_reflection`] the estimate is the larger of the two
//! sums, at the price of a second lookup.
//!
//! # Dual lookups
//!
//! The [dual](crate::Board::dual) of a board exchanges the roles of tiles
//! and cells. Moves swap the contents of two cells, so a walk from the
//! board to the goal, reversed, walks from the goal to the board; renaming
//! every tile after the goal tile of the cell it stands in on the board
//! turns the board into the goal and the goal into the dual. The dual is
//! therefore exactly as far from the goal as the board, in a puzzle whose
//! blank is the tile named after the board's blank cell (call it β):
//! with the board's blank home, that is the ordinary puzzle (Zahavi,
//! Felner, Holte & Schaeffer 2008, "Duality in permutation state spaces
//! and the dual search algorithm", *AIJ* 172).
//!
//! With the blank elsewhere, the partition's tables do not bound the
//! renamed puzzle as they stand, for two reasons, and
//! [`PatternDatabase::with_dual`] opens the tables that do. First, β is the
//! renamed puzzle's blank, not a tile to count: its group's table would
//! count its moves, so the group is looked up without β, in a table of its
//! other tiles. Second, the renamed goal has its blank in β's goal cell,
//! which is the board's blank cell, not the goal's: an abstract state is
//! the group's placement and the blank's region, and a table measures the
//! distance to the region of its goal's blank among the cells the group
//! leaves free, so the group is looked up in a table toward a goal with
//! the blank in that cell's region ([`PatternSpace::with_goal_blank`]).
//! Where that region holds the goal's blank cell anyway, as it does for
//! every group of 6-6-3 and for the 8-tile group of 7-8 (the top half
//! leaves the bottom half one region), the partition's table serves. The
//! 7-tile group of 7-8 at home walls the bottom-right corner off, so a
//! blank in the top half needs a table toward a goal with the blank there.
//! In all, 7-8 needs 16 more tables (eight of seven tiles, seven of six,
//! one of seven toward the other region: 519 MB), 6-6-3 fifteen small ones.
//!
//! The reflected dual is the dual of the reflected board (reflection and
//! duality commute), with the blank transposed. The tests check every 3x3
//! board against its exact distance (`tests/pdb.rs`), with partitions
//! that wall the goal's blank cell off and ones that do not, and show
//! that the partition's own tables at the dual overestimate.
//!
//! A board whose blank is `k` moves from home is at most `k` moves from
//! the board with the blank walked home (right, then down), whose dual
//! needs none of this: its dual sums less `k` are a third bound, and the
//! estimate is the largest.
//!
//! Every move takes the blank one cell, so a board's distance has the
//! parity of its blank's distance from the goal cell. The partition's own
//! sums have that parity; the dual sums need not, and an estimate of the
//! wrong parity is raised by one, which keeps IDA*'s bounds two apart.
//! Dual values are not consistent: one move can change them by more than
//! one in either direction. IDA* stays optimal; [BPMX] would carry large
//! values to the neighbours.
//!
//! [BPMX]: https://doi.org/10.1016/j.artint.2010.12.002
//!
//! # The groups' values in the state
//!
//! A move slides one tile, and a group's value depends only on its own
//! tiles' cells, so after a move only the group holding that tile (and,
//! reflected, the group reading that tile's cell) can change. For a
//! partition of at most two groups, such as 7-8, a search state keeps the
//! four values, regular and reflected, in a 24-bit [`Memo`]
//! ([`Heuristic::quick_estimate_memo`], [`Heuristic::update_memo`]), and a
//! child costs one regular and one reflected lookup instead of two of each.
//! A value of 63 or more (no 7-8 value is: the largest are 33 and 38) is
//! kept as 63 and makes the next update look every group up again.
//! Partitions of three or more groups keep no memo and look every group up.
//!
//! # Storage and building
//!
//! A table entry is one byte per placement of the group's tiles,
//! `16! / (16 - k)!` for `k` tiles. The abstract state adds the blank's
//! region (the cells it reaches without moving a group tile, named by its
//! smallest cell and ranked among the free cells): `16! / (15 - k)!` ranks,
//! 4.15 billion for the 8-tile group, of which only about one in six is a
//! state, since most placements leave the blank a single region.
//! pattern-db's builder keeps three bits per rank: 1.56 GB for the 8-tile
//! group while it is built, plus its 519 MB table. The blank wandering its
//! region costs no step at all; each step of the breadth-first search slides
//! a group tile into the region, with the new placement's rank updated
//! incrementally (one multiplication for a sideways move) and the blank's
//! new region read from a table of the regions of every subset of cells.
//!
//! Tables persist in a cache directory, one file per group named after the
//! board and the tiles (`4x4-1-2-3-4-5-6-7-8.pdb`), with a header naming
//! the board, goal, tiles and ranking scheme; a stale, truncated, corrupt or
//! foreign file is rebuilt and replaced, never used (see
//! [`pattern_db::PatternTable::load_or_build`]).

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use pattern_db::{AbstractStep, Abstraction, BuildProgress, CacheStatus, PatternTable};

use crate::heuristic::{Heuristic, Memo};
use crate::{Board, Slide};

/// The 7-8 partition of the 15-puzzle: tiles 9 to 15 (the bottom half of
/// the goal) and 1 to 8 (the top half); Korf & Felner's 1-7 / 8-15 in the
/// blank-last goal.
pub const FIFTEEN_7_8: [&[u8]; 2] = [&[9, 10, 11, 12, 13, 14, 15], &[1, 2, 3, 4, 5, 6, 7, 8]];

/// The 6-6-3 partition of the 15-puzzle: the right two columns above the
/// bottom row, the left two columns above it, the bottom row's three tiles (see the
/// [module docs](self) on how it compares with the papers').
pub const FIFTEEN_6_6_3: [&[u8]; 3] = [&[3, 4, 7, 8, 11, 12], &[1, 2, 5, 6, 9, 10], &[13, 14, 15]];

/// The 5-5-5 partition of the 15-puzzle: the bottom row's three tiles with
/// the two above its left end, a block on the right, the rest (see the
/// [module docs](self) on how it compares with the papers').
pub const FIFTEEN_5_5_5: [&[u8]; 3] = [&[9, 10, 13, 14, 15], &[4, 7, 8, 11, 12], &[1, 2, 3, 5, 6]];

/// Four more 7-8 partitions of the 15-puzzle, for the maximum over
/// several partitions ([`Max`](crate::heuristic::Max)), in the order they
/// were tried: a block of eight against the left column, the bottom row
/// and tile 10; the middle rows against the top and bottom rows; the top
/// row with a block below its left half against the rest; a staircase in
/// the top left corner against the rest. None of them is [`FIFTEEN_7_8`],
/// another's reflection or its own (a partition that reflects to itself
/// would add nothing with reflection); `docs/benchmarks.md` gives what
/// each adds on Korf's 100.
pub const FIFTEEN_7_8_MORE: [[&[u8]; 2]; 4] = [
    [&[1, 5, 9, 10, 13, 14, 15], &[2, 3, 4, 6, 7, 8, 11, 12]],
    [&[1, 2, 3, 4, 13, 14, 15], &[5, 6, 7, 8, 9, 10, 11, 12]],
    [&[7, 8, 11, 12, 13, 14, 15], &[1, 2, 3, 4, 5, 6, 9, 10]],
    [&[4, 7, 8, 11, 12, 14, 15], &[1, 2, 3, 5, 6, 9, 10, 13]],
];

/// Why a partition, a pattern or a database could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// A group names a tile the board does not have.
    #[error("tile {tile} is not a tile of a {width}x{height} board")]
    NoSuchTile {
        /// The tile as given.
        tile: u8,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// A tile appears twice in a group, or in two groups.
    #[error("tile {tile} appears more than once in the partition")]
    RepeatedTile {
        /// The repeated tile.
        tile: u8,
    },
    /// A group has no tiles.
    #[error("group {group} of the partition has no tiles")]
    EmptyGroup {
        /// The group's index, from 0.
        group: usize,
    },
    /// A pattern's goal blank cell is off the board or the goal cell of one
    /// of its tiles.
    #[error("the goal blank cell {cell} is off the board or a tile's goal cell")]
    GoalBlankCovered {
        /// The cell as given.
        cell: u8,
    },
    /// Reflection across the main diagonal needs a square board.
    #[error("reflection needs a square board, not {width}x{height}")]
    NotSquare {
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// A table could not be built, loaded or saved.
    #[error(transparent)]
    Table(#[from] pattern_db::PdbError),
}

/// Disjoint groups of tiles for a `W`×`H` board; tiles in no group count
/// for nothing.
///
/// # Example
///
/// ```
/// use sliding_puzzle::heuristic::pdb::{FIFTEEN_6_6_3, Partition};
///
/// let partition = Partition::<4, 4>::new(FIFTEEN_6_6_3)?;
/// assert_eq!(partition.name(), "6-6-3");
/// assert!(Partition::<3, 3>::new([[1, 2], [2, 3]]).is_err()); // tile 2 twice
/// # Ok::<(), sliding_puzzle::heuristic::pdb::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition<const W: usize, const H: usize> {
    groups: Vec<Vec<u8>>,
}

impl<const W: usize, const H: usize> Partition<W, H> {
    /// The partition into `groups`, each sorted by tile.
    ///
    /// # Errors
    ///
    /// [`PatternError::EmptyGroup`], [`NoSuchTile`](PatternError::NoSuchTile)
    /// (tiles run from 1 to `W * H - 1`) or
    /// [`RepeatedTile`](PatternError::RepeatedTile).
    pub fn new<G: AsRef<[u8]>>(groups: impl IntoIterator<Item = G>) -> Result<Self, PatternError> {
        let mut used = 0u32;
        let mut sorted = Vec::new();
        for (index, group) in groups.into_iter().enumerate() {
            let mut tiles = group.as_ref().to_vec();
            if tiles.is_empty() {
                return Err(PatternError::EmptyGroup { group: index });
            }
            for &tile in &tiles {
                if tile == 0 || usize::from(tile) >= Board::<W, H>::CELLS {
                    return Err(PatternError::NoSuchTile {
                        tile,
                        width: W,
                        height: H,
                    });
                }
                if used & (1 << tile) != 0 {
                    return Err(PatternError::RepeatedTile { tile });
                }
                used |= 1 << tile;
            }
            tiles.sort_unstable();
            sorted.push(tiles);
        }
        Ok(Partition { groups: sorted })
    }

    /// The groups, each sorted by tile.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = &[u8]> {
        self.groups.iter().map(Vec::as_slice)
    }

    /// The group sizes in order, joined by dashes: `"7-8"`.
    #[must_use]
    pub fn name(&self) -> String {
        let sizes: Vec<String> = self.groups.iter().map(|g| g.len().to_string()).collect();
        sizes.join("-")
    }
}

/// The abstract space of one group of tiles: where the group's tiles are
/// and which region of free cells the blank is in, every other tile
/// forgotten; a move of one of the group's tiles costs one, any other move
/// nothing.
///
/// The blank wanders its region (the cells it reaches without moving a tile
/// of the group) for free, so an abstract state is a placement of the
/// group's tiles plus a region, named by its smallest cell. Every abstract
/// step then moves a tile of the group: one of them next to the region
/// slides into it, and the blank's new region is looked up in a table of
/// all regions of all cell subsets (64 KiB × 16 entries for 4x4 boards).
/// That keeps pattern-db's breadth-first search to unit steps over about one
/// state per placement, rather than one per blank cell linked by free steps.
///
/// Implements [`pattern_db::Abstraction`], so
/// [`pattern_db::PatternTable::build`] fills its table. A table entry is a
/// placement of the group's tiles, ranked by [`entry`](Self::entry): the
/// table stores the fewest group moves over the blank's regions.
///
/// # Example
///
/// ```
/// use pattern_db::PatternTable;
/// use sliding_puzzle::Eight;
/// use sliding_puzzle::heuristic::pdb::PatternSpace;
///
/// let space = PatternSpace::<3, 3>::new(&[1, 2])?;
/// let table = PatternTable::build(&space, |_| {})?;
/// let board: Eight = "2 1 3 4 5 6 7 8 x".parse()?;
/// // Swapping two tiles takes one of them off their row and back.
/// assert_eq!(table.get(space.entry(&board)), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PatternSpace<const W: usize, const H: usize> {
    /// The group's tiles, ascending.
    tiles: Vec<u8>,
    /// Cells the group leaves free: the blank's choices.
    free: u64,
    /// The blank's cell in the goal (the region it names is the goal's).
    goal_blank: u8,
    /// Placements of the group's tiles: `CELLS! / (CELLS - k)!`.
    placements: u64,
    /// `weights[i]`: what one unit of the `i`-th tile's Lehmer digit adds
    /// to a placement's rank, `(CELLS - i - 1)! / (CELLS - k)!`.
    weights: [u64; 16],
    /// The cells next to each cell, as masks.
    neighbours: [u16; 16],
    /// Every cell of the board.
    board: u16,
    /// Cells not in the first column: where a cell moved right can land.
    not_first_column: u16,
    /// Cells not in the last column: where a cell moved left can land.
    not_last_column: u16,
    /// `regions[free << 4 | cell]`: the smallest cell of the region of
    /// `cell` among the cells `free`, shared between clones.
    regions: Arc<[u8]>,
}

/// Marks a cell holding no tile of the group in [`PatternState`].
const NO_TILE: u8 = u8::MAX;

/// An abstract state of a [`PatternSpace`]: which of the group's tiles is
/// in each cell and the blank's region, with the placement's rank kept
/// alongside so that a move updates it instead of recomputing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PatternState {
    /// `at[c]`: the index in the group of the tile in cell `c`, or
    /// [`NO_TILE`].
    at: [u8; 16],
    /// Bit `c` set when a tile of the group is in cell `c`.
    occupied: u16,
    /// The smallest cell of the blank's region.
    region: u8,
    /// The rank of the placement: the table entry.
    placement: u64,
}

impl<const W: usize, const H: usize> fmt::Debug for PatternSpace<W, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The region table is a megabyte derived from the shape: leave it out.
        f.debug_struct("PatternSpace")
            .field("tiles", &self.tiles)
            .field("placements", &self.placements)
            .finish_non_exhaustive()
    }
}

/// Spaces are equal when their tiles and goal blank cells are: everything
/// else derives from those and the board's shape.
impl<const W: usize, const H: usize> PartialEq for PatternSpace<W, H> {
    fn eq(&self, other: &Self) -> bool {
        self.tiles == other.tiles && self.goal_blank == other.goal_blank
    }
}

impl<const W: usize, const H: usize> Eq for PatternSpace<W, H> {}

impl<const W: usize, const H: usize> PatternSpace<W, H> {
    const CELLS: usize = Board::<W, H>::CELLS;

    /// The space of the group `tiles` (in any order), toward the goal.
    ///
    /// # Errors
    ///
    /// As [`Partition::new`] for one group.
    pub fn new(tiles: &[u8]) -> Result<Self, PatternError> {
        Self::with_goal_blank(tiles, cell_u8(Self::CELLS - 1))
    }

    /// The space of the group `tiles` toward the goal placement of its
    /// tiles with the blank in `goal_blank`'s region rather than the goal's
    /// cell: what the [dual lookups](self#dual-lookups) need.
    ///
    /// # Errors
    ///
    /// As [`Partition::new`] for one group;
    /// [`PatternError::GoalBlankCovered`] if `goal_blank` is not on the
    /// board or is the goal cell of one of the tiles.
    pub fn with_goal_blank(tiles: &[u8], goal_blank: u8) -> Result<Self, PatternError> {
        let tiles = Partition::<W, H>::new([tiles])?.groups.remove(0);
        if usize::from(goal_blank) >= Self::CELLS || tiles.contains(&(goal_blank + 1)) {
            return Err(PatternError::GoalBlankCovered { cell: goal_blank });
        }
        let cells = Self::CELLS as u64;
        let k = tiles.len() as u64;
        let mut neighbours = [0u16; 16];
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
        let mut weights = [0; 16];
        let mut weight = 1;
        for i in (0..tiles.len()).rev() {
            weights[i] = weight;
            weight *= cells - i as u64;
        }
        let mut space = PatternSpace {
            free: cells - k,
            goal_blank,
            placements: weight,
            tiles,
            weights,
            neighbours,
            board: u16::MAX >> (16 - Self::CELLS),
            not_first_column,
            not_last_column,
            regions: Arc::from([]),
        };
        space.regions = space.region_table().into();
        Ok(space)
    }

    /// The group's tiles, ascending.
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The blank's cell in the goal: the board's last cell unless made
    /// [`with_goal_blank`](Self::with_goal_blank).
    #[must_use]
    pub fn goal_blank(&self) -> u8 {
        self.goal_blank
    }

    /// Whether the goal's blank is the board's (its last cell).
    fn toward_the_goal(&self) -> bool {
        usize::from(self.goal_blank) == Self::CELLS - 1
    }

    /// The table entry of `board`: the rank of the cells of the group's
    /// tiles, below [`Abstraction::entry_count`].
    #[must_use]
    pub fn entry(&self, board: &Board<W, H>) -> u64 {
        let cells = board.cells_of_tiles();
        Self::placement_rank(self.tiles.iter().map(|&tile| cells[usize::from(tile)]))
    }

    /// What a cache file's header says the table is for: board, goal,
    /// tiles and ranking scheme, everything the values depend on.
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

    /// The cache file's name: `4x4-1-2-3.pdb` for tiles 1, 2, 3 of the
    /// 15-puzzle.
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
    ///
    /// The counts of occupied cells below each cell are kept as 16 nibbles
    /// of one word (nibble `c`: the tiles placed so far in cells below
    /// `c`), so a digit is a shift and a subtraction: no population count,
    /// which the baseline x86-64 target lacks, and no table. Placing a tile
    /// in cell `c` adds one to every nibble above `c`; a nibble counts at
    /// most the 15 other tiles, so none overflows.
    #[inline]
    fn placement_rank(cells: impl Iterator<Item = u8>) -> u64 {
        /// One in every nibble but the lowest.
        const ABOVE_FIRST: u64 = 0x1111_1111_1111_1110;
        let mut below = 0u64;
        let mut rank = 0;
        let mut radix = Self::CELLS as u64;
        for cell in cells {
            let shift = 4 * u32::from(cell);
            rank = rank * radix + (u64::from(cell) - ((below >> shift) & 0xf));
            below += ABOVE_FIRST << shift;
            radix -= 1;
        }
        rank
    }

    /// The cells of `free` connected to `seed` through `free`, by flooding
    /// one step in every direction at a time.
    #[inline]
    fn flood(&self, free: u16, seed: u16) -> u16 {
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

    /// The table behind [`region_of`](Self::region_of).
    fn region_table(&self) -> Vec<u8> {
        let subsets = 1usize << Self::CELLS;
        let mut table = vec![NO_TILE; subsets << 4];
        for free in 0..subsets {
            // cannot fail: subsets of at most 16 cells fit a u16
            let free_cells = u16::try_from(free).unwrap_or(u16::MAX);
            let mut rest = free_cells;
            while rest != 0 {
                let region = self.flood(free_cells, rest & rest.wrapping_neg());
                let smallest = cell_u8(region.trailing_zeros() as usize);
                for cell in bits(region) {
                    table[free << 4 | usize::from(cell)] = smallest;
                }
                rest &= !region;
            }
        }
        table
    }

    /// The smallest cell of the region of `cell` among the cells `free`.
    #[inline]
    fn region_of(&self, free: u16, cell: u8) -> u8 {
        self.regions[usize::from(free) << 4 | usize::from(cell)]
    }

    /// The rank of the state with placement rank `placement`, free cells
    /// `free` and blank region `region` (its smallest cell). The region
    /// ranks among the free cells: no rank is wasted on a cell under a tile
    /// (ranks of the other cells of a region go unused).
    #[inline]
    fn rank_of(&self, placement: u64, free: u16, region: u8) -> u64 {
        let below = ones(free & ((1 << region) - 1));
        placement * self.free + u64::from(below)
    }

    /// The state with the group's tiles in `cells` (in tile order) and the
    /// blank in `blank`.
    fn state(&self, cells: &[u8], blank: u8) -> PatternState {
        let mut at = [NO_TILE; 16];
        let mut occupied = 0;
        for (i, &cell) in cells.iter().enumerate() {
            at[usize::from(cell)] = cell_u8(i);
            occupied |= 1 << cell;
        }
        PatternState {
            at,
            occupied,
            region: self.region_of(self.board & !occupied, blank),
            placement: Self::placement_rank(cells.iter().copied()),
        }
    }

    /// The rank of `state`'s placement after its `i`-th tile slides from
    /// cell `from` into the free cell `to` next to it, from the rank before.
    ///
    /// Only the Lehmer digits of the moved tile and of the later tiles
    /// strictly between the two cells change: the moved tile's digit by the
    /// distance less the earlier tiles it passes, each passed later tile's
    /// digit by one. A sideways move passes no cell, so it costs one
    /// multiplication; a vertical one looks at the `W - 1` cells between.
    #[inline]
    fn slid_rank(&self, state: &PatternState, i: u8, from: u8, to: u8) -> u64 {
        let (low, high) = (from.min(to), from.max(to));
        let weight = self.weights[usize::from(i)];
        let delta = if high - low == 1 {
            weight
        } else {
            // The cells strictly between, holding tiles of the group.
            let between = ((1u16 << (W - 1)) - 1) << (low + 1);
            let mut passed_earlier = 0;
            let mut passed_later = 0;
            for cell in bits(between & state.occupied) {
                let j = state.at[usize::from(cell)];
                if j < i {
                    passed_earlier += 1;
                } else {
                    passed_later += self.weights[usize::from(j)];
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

impl<const W: usize, const H: usize> Abstraction for PatternSpace<W, H> {
    type State = PatternState;

    fn state_count(&self) -> u64 {
        self.placements * self.free
    }

    #[inline]
    fn rank(&self, state: &PatternState) -> u64 {
        self.rank_of(state.placement, self.board & !state.occupied, state.region)
    }

    fn unrank(&self, rank: u64) -> PatternState {
        let k = self.tiles.len();
        let (placement, region) = div_rem(rank, self.free);
        // The Lehmer digits, byte i for tile i, then the cells.
        let cells = if k <= 8 {
            let mut digits = 0u64;
            let mut rest = placement;
            for i in (0..k).rev() {
                let (quotient, digit) = div_rem(rest, (Self::CELLS - i) as u64);
                digits = digits << 8 | digit;
                rest = quotient;
            }
            u128::from(lehmer_to_cells_64(digits, k))
        } else {
            let mut digits = 0u128;
            let mut rest = placement;
            for i in (0..k).rev() {
                let (quotient, digit) = div_rem(rest, (Self::CELLS - i) as u64);
                digits = digits << 8 | u128::from(digit);
                rest = quotient;
            }
            lehmer_to_cells_128(digits, k)
        };
        let mut at = [NO_TILE; 16];
        let mut occupied = 0;
        for (i, &cell) in cells.to_le_bytes()[..k].iter().enumerate() {
            at[usize::from(cell)] = cell_u8(i);
            occupied |= 1 << cell;
        }
        PatternState {
            at,
            occupied,
            region: nth_free(occupied, region),
            placement,
        }
    }

    fn goals(&self) -> impl Iterator<Item = PatternState> {
        let cells: Vec<u8> = self.tiles.iter().map(|&tile| tile - 1).collect();
        std::iter::once(self.state(&cells, self.goal_blank))
    }

    /// Every tile of the group next to the blank's region, slid into each
    /// region cell next to it. Moves are reversible, so these are also the
    /// successors.
    #[inline]
    fn predecessors(
        &self,
        state: &PatternState,
    ) -> impl Iterator<Item = AbstractStep<PatternState>> {
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
    fn entry(&self, state: &PatternState) -> u64 {
        state.placement
    }
}

/// The moves out of a [`PatternState`]: each tile of the group next to the
/// blank's region slides into each region cell next to it. A hand-written
/// iterator: nested `flat_map`s over bit masks cost three times as much.
struct Slides<'a, const W: usize, const H: usize> {
    space: &'a PatternSpace<W, H>,
    state: PatternState,
    /// The cells free of the group's tiles.
    free: u16,
    /// Region cells not yet slid into.
    region: u16,
    /// The region cell being slid into.
    to: u8,
    /// Tiles next to `to` not yet slid.
    from: u16,
}

impl<const W: usize, const H: usize> Iterator for Slides<'_, W, H> {
    type Item = AbstractStep<PatternState>;

    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "measured: 13% fewer instructions per build when the builder's loop sees the body"
    )]
    fn next(&mut self) -> Option<AbstractStep<PatternState>> {
        while self.from == 0 {
            if self.region == 0 {
                return None;
            }
            self.to = cell_u8(self.region.trailing_zeros() as usize);
            self.region &= self.region - 1;
            self.from = self.space.neighbours[usize::from(self.to)] & self.state.occupied;
        }
        let (space, state, to) = (self.space, &self.state, self.to);
        let from = cell_u8(self.from.trailing_zeros() as usize);
        self.from &= self.from - 1;
        // Only the rank is needed: the builder just marks the state.
        let i = state.at[usize::from(from)];
        let free = self.free ^ (1 << from) ^ (1 << to);
        let region = space.region_of(free, from);
        let placement = space.slid_rank(state, i, from, to);
        Some(AbstractStep::Unit(space.rank_of(placement, free, region)))
    }
}

/// The cells of `mask`, smallest first.
#[inline]
fn bits(mut mask: u16) -> impl Iterator<Item = u8> {
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
fn lehmer_to_cells_64(mut cells: u64, k: usize) -> u64 {
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
fn lehmer_to_cells_128(mut cells: u128, k: usize) -> u128 {
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
fn div_rem(x: u64, radix: u64) -> (u64, u64) {
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
fn ones(mask: u16) -> u8 {
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
fn nth_free(occupied: u16, n: u64) -> u8 {
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
fn cell_u8(cell: usize) -> u8 {
    cell as u8
}

/// Where one group's table comes from, in a [`PatternDatabase`].
#[derive(Debug)]
pub struct PatternGroup<const W: usize, const H: usize> {
    space: PatternSpace<W, H>,
    table: PatternTable,
    /// `mirrored[i]`: the tile whose reflection is the group's `i`-th tile
    /// (reflection swaps tiles in pairs, so also its reflection).
    mirrored: Vec<u8>,
    status: CacheStatus,
}

impl<const W: usize, const H: usize> PatternGroup<W, H> {
    /// The table of `space`, loaded from `cache_dir` (or built and saved
    /// there) or built.
    fn open(
        space: PatternSpace<W, H>,
        cache_dir: Option<&Path>,
        progress: impl Fn(&BuildProgress) + Sync,
    ) -> Result<Self, PatternError> {
        let (table, status) = if let Some(dir) = cache_dir {
            let path = dir.join(space.file_name());
            PatternTable::load_or_build(&path, &space.key(), &space, progress)?
        } else {
            let started = std::time::Instant::now();
            let table = PatternTable::build(&space, progress)?;
            let elapsed = started.elapsed();
            let status = CacheStatus::Built {
                rejected: None,
                elapsed,
            };
            (table, status)
        };
        let mirrored = if W == H {
            let mirror = |tile: u8| transpose::<W>(tile - 1) + 1;
            space.tiles.iter().map(|&tile| mirror(tile)).collect()
        } else {
            Vec::new()
        };
        Ok(PatternGroup {
            space,
            table,
            mirrored,
            status,
        })
    }

    /// The group's abstract space (its tiles, ranking, cache key).
    #[must_use]
    pub fn space(&self) -> &PatternSpace<W, H> {
        &self.space
    }

    /// The group's table.
    #[must_use]
    pub fn table(&self) -> &PatternTable {
        &self.table
    }

    /// Whether the table was loaded or built, how long that took, and
    /// whether it could be saved.
    #[must_use]
    pub fn status(&self) -> &CacheStatus {
        &self.status
    }

    /// The group's value for `board`.
    #[inline]
    fn value(&self, cells: &[u8; 16]) -> u8 {
        let tiles = self.space.tiles.iter();
        self.table.get(PatternSpace::<W, H>::placement_rank(
            tiles.map(|&t| cells[usize::from(t)]),
        ))
    }

    /// The group's value for the reflection of the board whose tile cells
    /// are `cells`.
    #[inline]
    fn mirrored_value(&self, cells: &[u8; 16]) -> u8 {
        let tiles = self.mirrored.iter();
        self.table.get(PatternSpace::<W, H>::placement_rank(
            tiles.map(|&t| transpose::<W>(cells[usize::from(t)])),
        ))
    }
}

/// The cell `cell` reflects to across the main diagonal of a `W`×`W` board.
#[inline]
fn transpose<const W: usize>(cell: u8) -> u8 {
    let w = cell_u8(W);
    (cell % w) * w + cell / w
}

/// Where a [`PatternDatabase`] build stands: which group, and its
/// [`BuildProgress`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct GroupProgress<'a> {
    /// The group being built, from 0.
    pub group: usize,
    /// The number of groups.
    pub groups: usize,
    /// The group's tiles.
    pub tiles: &'a [u8],
    /// The build's progress.
    pub build: BuildProgress,
}

/// The additive pattern-database heuristic: the sum of the groups' table
/// values, optionally maxed with the sum for the reflected board.
///
/// Cloning is cheap (the tables are shared), so one database can serve
/// many [`Puzzle`](crate::Puzzle)s.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Heuristic, Manhattan};
/// use sliding_puzzle::heuristic::pdb::{Partition, PatternDatabase};
///
/// let partition = Partition::<3, 3>::new([[1, 2, 3, 4], [5, 6, 7, 8]])?;
/// let database = PatternDatabase::build(&partition, |_| {})?.with_reflection()?;
/// let board: Eight = "8 6 7 2 5 4 3 x 1".parse()?; // 31 moves from the goal
/// assert!(database.estimate(&board) >= Manhattan.estimate(&board));
/// assert!(database.estimate(&board) <= 31);
/// assert_eq!(database.estimate(&Eight::goal()), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PatternDatabase<const W: usize, const H: usize> {
    groups: Arc<[Arc<PatternGroup<W, H>>]>,
    reflection: bool,
    /// With dual lookups, `dual[b]`: the tables whose sum bounds the
    /// distance of a board with its blank in cell `b` through its dual (see
    /// the [module docs](self#dual-lookups)).
    dual: Option<Arc<[Vec<Arc<PatternGroup<W, H>>>]>>,
    /// For a partition of at most two groups, which group each tile is in,
    /// so a search state can keep the groups' values ([`Memo`]) and a move
    /// looks up only the group of the tile that slid.
    memo: Option<MemoMap>,
}

/// Where a tile's slide changes the values a [`Memo`] keeps: the values of
/// the groups of at most two, 6 bits each, regular then reflected.
#[derive(Clone, Copy, Debug)]
struct MemoMap {
    /// `group[t]`: the group holding tile `t`, or [`MemoMap::NONE`].
    group: [u8; 16],
    /// `mirrored[t]`: the group whose reflected lookup reads tile `t`'s
    /// cell, or [`MemoMap::NONE`].
    mirrored: [u8; 16],
}

impl MemoMap {
    /// No group: the tile's slide changes no value.
    const NONE: u8 = u8::MAX;
    /// The bits of one value.
    const BITS: u32 = 6;
    /// The largest value a memo holds: one this large may have been cut
    /// down, so it is looked up again rather than trusted.
    const FULL: u8 = (1 << Self::BITS) - 1;

    /// The map of `groups`, if there are at most two.
    fn new<const W: usize, const H: usize>(groups: &[Arc<PatternGroup<W, H>>]) -> Option<Self> {
        if groups.len() > 2 {
            return None;
        }
        let mut map = MemoMap {
            group: [Self::NONE; 16],
            mirrored: [Self::NONE; 16],
        };
        for (index, group) in (0u8..).zip(groups) {
            for &tile in &group.space.tiles {
                map.group[usize::from(tile) & 15] = index;
            }
            for &tile in &group.mirrored {
                map.mirrored[usize::from(tile) & 15] = index;
            }
        }
        Some(map)
    }

    /// The memo of the regular values `regular` and reflected `mirrored`,
    /// each cut down to [`FULL`](Self::FULL).
    #[inline]
    fn pack(regular: [u8; 2], mirrored: [u8; 2]) -> Memo {
        let bits = [regular[0], regular[1], mirrored[0], mirrored[1]]
            .iter()
            .rev()
            .fold(0u32, |bits, &value| {
                (bits << Self::BITS) | u32::from(value.min(Self::FULL))
            });
        Memo::from_bits(bits)
    }

    /// The values `memo` holds: regular, then reflected.
    #[inline]
    fn unpack(memo: Memo) -> ([u8; 2], [u8; 2]) {
        let bits = memo.bits();
        let [a, b, c, d] = [0, 1, 2, 3].map(|i| bits >> (Self::BITS * i) & u32::from(Self::FULL));
        // cannot fail: each value is masked to 6 bits
        let value = |bits: u32| u8::try_from(bits).unwrap_or(Self::FULL);
        ([value(a), value(b)], [value(c), value(d)])
    }
}

impl<const W: usize, const H: usize> fmt::Debug for PatternDatabase<W, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("groups", &self.groups)
            .field("reflection", &self.reflection)
            .field("dual", &self.dual.is_some())
            .field("memo", &self.memo.is_some())
            .finish()
    }
}

impl<const W: usize, const H: usize> PatternDatabase<W, H> {
    /// Builds the tables of every group of `partition`, one after the other
    /// (each build uses every core), calling `on_progress` from the worker
    /// threads as [`PatternTable::build`] does.
    ///
    /// # Errors
    ///
    /// [`PatternError::Table`] if a table is too large for this platform.
    pub fn build<F>(partition: &Partition<W, H>, on_progress: F) -> Result<Self, PatternError>
    where
        F: Fn(&GroupProgress<'_>) + Sync,
    {
        Self::open(partition, None, &on_progress)
    }

    /// Loads the tables of `partition` from `cache_dir`, building (and
    /// saving) those that are missing or not valid there. The directory is
    /// created if missing; a table that cannot be saved there is used all
    /// the same, and its group's [`status`](PatternGroup::status) says why
    /// ([`CacheStatus::save_error`]).
    ///
    /// # Errors
    ///
    /// [`PatternError::Table`] if a table cannot be built (too large for
    /// this platform).
    pub fn load_or_build<F>(
        partition: &Partition<W, H>,
        cache_dir: &Path,
        on_progress: F,
    ) -> Result<Self, PatternError>
    where
        F: Fn(&GroupProgress<'_>) + Sync,
    {
        Self::open(partition, Some(cache_dir), &on_progress)
    }

    fn open<F>(
        partition: &Partition<W, H>,
        cache_dir: Option<&Path>,
        on_progress: &F,
    ) -> Result<Self, PatternError>
    where
        F: Fn(&GroupProgress<'_>) + Sync,
    {
        let groups = partition.groups.len();
        let mut built = Vec::with_capacity(groups);
        for (group, tiles) in partition.groups().enumerate() {
            let space = PatternSpace::new(tiles)?;
            let progress = |build: &BuildProgress| {
                on_progress(&GroupProgress {
                    group,
                    groups,
                    tiles,
                    build: *build,
                });
            };
            built.push(Arc::new(PatternGroup::open(space, cache_dir, progress)?));
        }
        let memo = MemoMap::new(&built);
        Ok(PatternDatabase {
            groups: built.into(),
            reflection: false,
            dual: None,
            memo,
        })
    }

    /// The same tables, estimating the larger of the board's sum and its
    /// reflection's (see the [module docs](self)).
    ///
    /// # Errors
    ///
    /// [`PatternError::NotSquare`] unless `W == H`.
    pub fn with_reflection(self) -> Result<Self, PatternError> {
        if W != H {
            return Err(PatternError::NotSquare {
                width: W,
                height: H,
            });
        }
        Ok(PatternDatabase {
            reflection: true,
            ..self
        })
    }

    /// Whether estimates also look the reflected board up.
    #[must_use]
    pub fn reflects(&self) -> bool {
        self.reflection
    }

    /// The same tables and the tables the dual lookups need, loaded from
    /// `cache_dir` (or built and saved there) or, without one, built;
    /// estimates are then the larger of the board's sum and the dual
    /// board's (see the [module docs](self#dual-lookups)), and with
    /// reflection the same for the reflected board: the maximum of four
    /// lookups. `on_progress` is called as in [`build`](Self::build), the
    /// groups numbered among the extra tables.
    ///
    /// For a board whose blank is home the dual sum uses the partition's
    /// own tables; for others each group needs its table toward a goal
    /// with the blank elsewhere, without the tile the renamed puzzle takes
    /// for its blank: for the 7-8 partition, 16 more tables of 6 and 7
    /// tiles (519 MB, a minute or two to build).
    ///
    /// # Errors
    ///
    /// [`PatternError::Table`] if a table cannot be built.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Heuristic};
    /// use sliding_puzzle::heuristic::pdb::{Partition, PatternDatabase};
    ///
    /// let partition = Partition::<3, 3>::new([[1, 2, 3, 4], [5, 6, 7, 8]])?;
    /// let regular = PatternDatabase::build(&partition, |_| {})?;
    /// let dual = regular.clone().with_dual(None, |_| {})?;
    /// assert!(dual.duals() && !regular.duals());
    /// let board: Eight = "8 6 7 2 5 4 3 x 1".parse()?; // 31 moves from the goal
    /// assert!(dual.estimate(&board) >= regular.estimate(&board));
    /// assert!(dual.estimate(&board) <= 31);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_dual<F>(
        self,
        cache_dir: Option<&Path>,
        on_progress: F,
    ) -> Result<Self, PatternError>
    where
        F: Fn(&GroupProgress<'_>) + Sync,
    {
        let cells = Board::<W, H>::CELLS;
        let last = cell_u8(cells - 1);
        // Which table each (blank cell, group) needs, found or made once.
        let mut tables: Vec<Arc<PatternGroup<W, H>>> = self.groups.to_vec();
        // Regions depend on the board's shape only: any space floods them.
        let shape = PatternSpace::<W, H>::new(&[1])?;
        let mut wanted = Vec::with_capacity(cells);
        for blank in 0..cells {
            let renamed_blank = cell_u8((blank + 1) % cells);
            let mut specs = Vec::new();
            for group in self.groups.iter() {
                let tiles: Vec<u8> = group
                    .space
                    .tiles
                    .iter()
                    .copied()
                    .filter(|&tile| tile != renamed_blank)
                    .collect();
                if tiles.is_empty() {
                    continue;
                }
                // The goal's blank region, named by the goal cell if it is
                // in it and by its smallest cell if not.
                let free = tiles
                    .iter()
                    .fold(shape.board, |free, &t| free & !(1 << (t - 1)));
                let region = shape.flood(free, 1 << blank);
                let goal_blank = if region & (1 << last) != 0 {
                    last
                } else {
                    cell_u8(region.trailing_zeros() as usize)
                };
                specs.push((tiles, goal_blank));
            }
            wanted.push(specs);
        }
        let missing: Vec<(Vec<u8>, u8)> = {
            let mut missing: Vec<(Vec<u8>, u8)> = Vec::new();
            for spec in wanted.iter().flatten() {
                let known = tables
                    .iter()
                    .any(|t| t.space.tiles == spec.0 && t.space.goal_blank == spec.1);
                if !known && !missing.contains(spec) {
                    missing.push(spec.clone());
                }
            }
            missing
        };
        for (group, (tiles, goal_blank)) in missing.iter().enumerate() {
            let space = PatternSpace::with_goal_blank(tiles, *goal_blank)?;
            let progress = |build: &BuildProgress| {
                on_progress(&GroupProgress {
                    group,
                    groups: missing.len(),
                    tiles,
                    build: *build,
                });
            };
            tables.push(Arc::new(PatternGroup::open(space, cache_dir, progress)?));
        }
        let find = |(tiles, goal_blank): &(Vec<u8>, u8)| {
            tables
                .iter()
                .find(|t| t.space.tiles == *tiles && t.space.goal_blank == *goal_blank)
                .cloned()
        };
        // cannot fail: every wanted table was found or made above
        let dual: Vec<Vec<_>> = wanted
            .iter()
            .map(|specs| specs.iter().filter_map(find).collect())
            .collect();
        Ok(PatternDatabase {
            dual: Some(dual.into()),
            ..self
        })
    }

    /// The tables the dual lookups added to the partition's own, in the
    /// order they were opened (none without dual lookups).
    #[must_use]
    pub fn dual_tables(&self) -> Vec<&PatternGroup<W, H>> {
        let mut extra: Vec<&PatternGroup<W, H>> = Vec::new();
        for group in self.dual.iter().flat_map(|dual| dual.iter().flatten()) {
            let own = self.groups.iter().any(|g| g.space == group.space);
            if !own && !extra.iter().any(|e| e.space == group.space) {
                extra.push(group);
            }
        }
        extra
    }

    /// Whether estimates also look the dual board up.
    #[must_use]
    pub fn duals(&self) -> bool {
        self.dual.is_some()
    }

    /// The groups, in the partition's order.
    #[must_use]
    pub fn groups(&self) -> impl ExactSizeIterator<Item = &PatternGroup<W, H>> {
        self.groups.iter().map(|group| &**group)
    }

    /// The sum of the groups' values for `board`, without reflection.
    #[must_use]
    pub fn sum(&self, board: &Board<W, H>) -> u8 {
        let cells = board.cells_of_tiles();
        self.groups
            .iter()
            .fold(0u8, |sum, group| sum.saturating_add(group.value(&cells)))
    }
}

impl<const W: usize, const H: usize> PatternDatabase<W, H> {
    /// The quick estimate from the groups' values: the larger of the
    /// regular and the reflected sums (the reflected ones are 0 without
    /// reflection).
    #[inline]
    fn memo_estimate(regular: [u8; 2], mirrored: [u8; 2]) -> u8 {
        let sum = regular[0].saturating_add(regular[1]);
        sum.max(mirrored[0].saturating_add(mirrored[1]))
    }

    /// The larger of `board`'s dual sum and, with reflection, its reflected
    /// dual sum; `blank` is the board's blank cell.
    #[inline]
    fn dual_sums(
        &self,
        tables: &[Vec<Arc<PatternGroup<W, H>>>],
        board: &Board<W, H>,
        blank: u8,
    ) -> u8 {
        let dual_cells = board.cells_of_dual_tiles();
        let dual = tables[usize::from(blank)].iter().fold(0u8, |sum, group| {
            sum.saturating_add(group.value(&dual_cells))
        });
        if !self.reflection {
            return dual;
        }
        let mirrored_blank = usize::from(transpose::<W>(blank));
        let mirrored = tables[mirrored_blank].iter().fold(0u8, |sum, group| {
            sum.saturating_add(group.mirrored_value(&dual_cells))
        });
        dual.max(mirrored)
    }
}

impl<const W: usize, const H: usize> Heuristic<W, H> for PatternDatabase<W, H> {
    /// The largest of the sums the database looks up: the board's, the
    /// reflected board's ([`with_reflection`](PatternDatabase::with_reflection)),
    /// the dual board's and the reflected dual's ([`with_dual`](PatternDatabase::with_dual)).
    /// On an unsolvable board a group may be unreachable and the sum
    /// saturates at 255.
    #[inline]
    fn estimate(&self, board: &Board<W, H>) -> u8 {
        self.refine(board, self.quick_estimate(board), u8::MAX)
    }

    /// The sum of the groups' values, with reflection the larger of that
    /// and the reflected board's: the lookups a search pays for every
    /// child it generates.
    #[inline]
    fn quick_estimate(&self, board: &Board<W, H>) -> u8 {
        let cells = board.cells_of_tiles();
        let sum = self
            .groups
            .iter()
            .fold(0u8, |sum, group| sum.saturating_add(group.value(&cells)));
        if !self.reflection {
            return sum;
        }
        let mirrored = self.groups.iter().fold(0u8, |sum, group| {
            sum.saturating_add(group.mirrored_value(&cells))
        });
        sum.max(mirrored)
    }

    const KEEPS_MEMO: bool = true;

    /// [`quick_estimate`](Heuristic::quick_estimate), and for a partition of
    /// at most two groups a memo of the groups' values, regular and
    /// reflected.
    #[inline]
    fn quick_estimate_memo(&self, board: &Board<W, H>) -> (u8, Memo) {
        if self.memo.is_none() {
            return (self.quick_estimate(board), Memo::EMPTY);
        }
        let cells = board.cells_of_tiles();
        let mut regular = [0; 2];
        let mut mirrored = [0; 2];
        for (i, group) in self.groups.iter().enumerate() {
            regular[i] = group.value(&cells);
            if self.reflection {
                mirrored[i] = group.mirrored_value(&cells);
            }
        }
        (
            Self::memo_estimate(regular, mirrored),
            MemoMap::pack(regular, mirrored),
        )
    }

    /// With a memo, looks up again only the groups whose lookups read the
    /// cell of the tile that slid: one regular and one reflected lookup
    /// instead of two of each for the 7-8 partition.
    #[inline]
    fn update_memo(&self, after: &Board<W, H>, _: u8, memo: Memo, slide: Slide) -> (u8, Memo) {
        let Some(map) = &self.memo else {
            return (self.quick_estimate(after), Memo::EMPTY);
        };
        let (mut regular, mut mirrored) = MemoMap::unpack(memo);
        if regular.contains(&MemoMap::FULL) || mirrored.contains(&MemoMap::FULL) {
            return self.quick_estimate_memo(after);
        }
        let cells = after.cells_of_tiles();
        let tile = usize::from(slide.tile) & 15;
        if let Some(group) = self.groups.get(usize::from(map.group[tile])) {
            regular[usize::from(map.group[tile]) & 1] = group.value(&cells);
        }
        if self.reflection
            && let Some(group) = self.groups.get(usize::from(map.mirrored[tile]))
        {
            mirrored[usize::from(map.mirrored[tile]) & 1] = group.mirrored_value(&cells);
        }
        (
            Self::memo_estimate(regular, mirrored),
            MemoMap::pack(regular, mirrored),
        )
    }

    /// With dual lookups, the larger of `quick` and the dual sums, raised
    /// to the parity of the distance, or the first of them above
    /// `enough`; `quick` otherwise.
    #[inline]
    fn refine(&self, board: &Board<W, H>, quick: u8, enough: u8) -> u8 {
        let Some(tables) = &self.dual else {
            return quick;
        };
        let blank = cell_u8(board.blank());
        let mut best = quick.max(self.dual_sums(tables, board, blank));
        let home = cell_u8(Board::<W, H>::CELLS - 1);
        if blank != home && best <= enough {
            // The board with its blank walked home, right then down, is
            // `walk` moves away, so its dual sums less `walk` bound this
            // board too, with the partition's whole groups.
            let mut walked = *board;
            let mut walk = 0u8;
            while walked.blank() % W != W - 1 {
                walked = walked.slide(cell_u8(walked.blank() + 1)).0;
                walk += 1;
            }
            while walked.blank() / W != H - 1 {
                walked = walked.slide(cell_u8(walked.blank() + W)).0;
                walk += 1;
            }
            best = best.max(self.dual_sums(tables, &walked, home).saturating_sub(walk));
        }
        // Every move takes the blank one cell, so the distance has the
        // parity of the blank's distance from its goal cell: an estimate
        // of the other parity falls short by one at least. The partition's
        // own sums have that parity already; the dual ones need not.
        let blank = usize::from(blank);
        let parity = (W - 1 - blank % W + H - 1 - blank / W) & 1;
        best + u8::from(usize::from(best & 1) != parity && best < u8::MAX)
    }

    /// Not consistent: each entry is the minimum over the blank's
    /// positions, so one move can change a group's value by more than one
    /// (see the [module docs](self)).
    fn is_consistent(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Lehmer rank by its definition: each digit the tile's cell less
    /// the earlier tiles' cells below it. Cached tables are indexed by it,
    /// so a faster ranking must give the same numbers.
    fn naive_rank(cells: &[u8], total: u64) -> u64 {
        let mut rank = 0;
        for (k, &cell) in cells.iter().enumerate() {
            let below = cells[..k].iter().filter(|&&earlier| earlier < cell).count();
            rank = rank * (total - k as u64) + u64::from(cell) - below as u64;
        }
        rank
    }

    #[test]
    fn placement_ranks_are_lehmer_codes() {
        // Every placement of up to 3 tiles on 16 cells, and pseudo-random
        // placements of 8 and of all 16 tiles.
        for a in 0..16u8 {
            for b in (0..16).filter(|&b| b != a) {
                for c in (0..16).filter(|&c| c != a && c != b) {
                    for cells in [&[a][..], &[a, b], &[a, b, c]] {
                        assert_eq!(
                            PatternSpace::<4, 4>::placement_rank(cells.iter().copied()),
                            naive_rank(cells, 16),
                            "{cells:?}"
                        );
                    }
                }
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..2_000 {
            let mut cells: Vec<u8> = (0..16).collect();
            for k in (1..cells.len()).rev() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                cells.swap(k, usize::try_from(seed % (k as u64 + 1)).unwrap());
            }
            for len in [8, 16] {
                let cells = &cells[..len];
                assert_eq!(
                    PatternSpace::<4, 4>::placement_rank(cells.iter().copied()),
                    naive_rank(cells, 16)
                );
            }
        }
        assert_eq!(
            PatternSpace::<3, 3>::placement_rank([8, 0, 4].into_iter()),
            naive_rank(&[8, 0, 4], 9)
        );
    }

    #[test]
    fn ranks_and_unranks_every_state_of_a_small_space() {
        let space = PatternSpace::<3, 3>::new(&[2, 5, 7]).unwrap();
        assert_eq!(space.state_count(), 9 * 8 * 7 * 6);
        let mut states = 0;
        for rank in 0..space.state_count() {
            let state = space.unrank(rank);
            assert_eq!(space.rank(&state), rank);
            assert_eq!(state.occupied.count_ones(), 3);
            assert_eq!(state.occupied & (1 << state.region), 0);
            let canonical = space.state(&cells(&state), state.region);
            if canonical != state {
                // Not the smallest cell of its region: a rank no state has.
                assert!(canonical.region < state.region);
                continue;
            }
            states += 1;
            assert_eq!(
                moves(&space, &state),
                expected_moves(&space, &state),
                "from {state:?}"
            );
        }
        // Three tiles leave six free cells, connected or not.
        assert!(states > 9 * 8 * 7 && states < 9 * 8 * 7 * 3);
    }

    /// The ranks of the unit steps out of `state`.
    fn moves<const W: usize, const H: usize>(
        space: &PatternSpace<W, H>,
        state: &PatternState,
    ) -> Vec<u64> {
        space
            .predecessors(state)
            .map(|step| match step {
                AbstractStep::Unit(rank) => rank,
                AbstractStep::Free(_) => panic!("a free step from {state:?}"),
            })
            .collect()
    }

    /// The same, the slow way: every tile next to a cell the blank reaches
    /// (by flooding cell by cell), slid there, and the result ranked from
    /// scratch.
    fn expected_moves<const W: usize, const H: usize>(
        space: &PatternSpace<W, H>,
        state: &PatternState,
    ) -> Vec<u64> {
        let free = |cell: usize| cell < W * H && state.at[cell] == NO_TILE;
        let mut region = vec![usize::from(state.region)];
        let mut next = 0;
        while next < region.len() {
            let cell = region[next];
            next += 1;
            for neighbour in bits(space.neighbours[cell]).map(usize::from) {
                if free(neighbour) && !region.contains(&neighbour) {
                    region.push(neighbour);
                }
            }
        }
        region.sort_unstable();
        let mut ranks = Vec::new();
        for to in region {
            for from in bits(space.neighbours[to]).map(usize::from) {
                if free(from) {
                    continue;
                }
                let mut tiles = cells(state);
                let i = usize::from(state.at[from]);
                tiles[i] = cell_u8(to);
                ranks.push(space.rank(&space.state(&tiles, cell_u8(from))));
            }
        }
        ranks
    }

    /// The cells of the group's tiles, in tile order.
    fn cells(state: &PatternState) -> Vec<u8> {
        let mut cells: Vec<(u8, u8)> = (0..16)
            .filter(|&c| state.at[usize::from(c)] != NO_TILE)
            .map(|c| (state.at[usize::from(c)], c))
            .collect();
        cells.sort_unstable();
        cells.into_iter().map(|(_, c)| c).collect()
    }

    #[test]
    fn slid_ranks_and_regions_match_recomputed_ones_on_the_fifteen_puzzle() {
        let space = PatternSpace::<4, 4>::new(&[1, 3, 6, 8, 9, 14]).unwrap();
        let mut rank: u64 = 12_345;
        for _ in 0..20_000 {
            rank = rank
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let state = space.unrank(rank % space.state_count());
            let state = space.state(&cells(&state), state.region);
            assert_eq!(
                moves(&space, &state),
                expected_moves(&space, &state),
                "from {state:?}"
            );
            for rank in moves(&space, &state) {
                let moved = space.unrank(rank);
                assert_eq!(space.rank(&moved), rank);
                assert_eq!(space.state(&cells(&moved), moved.region), moved);
            }
        }
    }

    #[test]
    fn division_by_reciprocal_is_exact() {
        for radix in 1..=16 {
            for x in (0..100_000).chain((1 << 45) - 100_000..1 << 45) {
                assert_eq!(div_rem(x, radix), (x / radix, x % radix), "{x} / {radix}");
            }
            let mut x: u64 = 1;
            while x < 1 << 45 {
                for y in [x - 1, x, x + 1, x * 3 / 2]
                    .into_iter()
                    .filter(|&y| y < 1 << 45)
                {
                    assert_eq!(div_rem(y, radix), (y / radix, y % radix), "{y} / {radix}");
                }
                x = x * 5 / 4 + 1;
            }
        }
    }

    #[test]
    fn regions_are_named_by_their_smallest_cell() {
        let space = PatternSpace::<4, 4>::new(&[1]).unwrap();
        // Free cells 0, 1 and 4 (one region) and 15 (another).
        let free = 0b1000_0000_0001_0011;
        assert_eq!(space.flood(free, 1 << 4), 0b1_0011);
        assert_eq!(space.region_of(free, 4), 0);
        assert_eq!(space.region_of(free, 1), 0);
        assert_eq!(space.region_of(free, 15), 15);
        // Cells 3 and 4 are not neighbours, though their numbers are.
        assert_eq!(space.flood(0b1_1000, 1 << 3), 1 << 3);
    }

    #[test]
    fn the_goal_entry_is_the_goal_boards_entry() {
        let space = PatternSpace::<4, 4>::new(&[3, 1, 12]).unwrap();
        let goal = space.goals().next().unwrap();
        assert_eq!(space.tiles(), [1, 3, 12]);
        assert_eq!(goal.placement, space.entry(&Board::<4, 4>::goal()));
    }

    #[test]
    fn transposing_twice_is_the_identity_and_fixes_the_blank_last_goal() {
        for cell in 0..16 {
            assert_eq!(transpose::<4>(transpose::<4>(cell)), cell);
        }
        assert_eq!(transpose::<4>(15), 15);
        assert_eq!(transpose::<4>(1), 4);
    }
}
