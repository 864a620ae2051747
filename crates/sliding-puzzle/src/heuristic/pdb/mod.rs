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
//! Boards of more than 16 cells have their own spaces and databases in
//! [`large`], with the same semantics: the 24-puzzle's 6-6-6-6 partition,
//! tables shared between groups that a symmetry of the board maps onto
//! each other, reflection.
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
//! [`Memo`]: crate::heuristic::Memo
//! [`Heuristic::quick_estimate_memo`]: crate::heuristic::Heuristic::quick_estimate_memo
//! [`Heuristic::update_memo`]: crate::heuristic::Heuristic::update_memo
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
//!
//! A program that solves many boards keeps its databases in a
//! [`PatternDatabases`]: each database is loaded from (or built into) the
//! cache directory the first time it is asked for, then kept in memory and
//! shared by every thread, with reflection and dual lookups as the cache
//! says, and the builds' progress and the loads reported to callbacks of
//! the caller's choosing.

mod bits;
mod cache;
mod database;
mod dual;
mod group;
pub mod large;
mod memo;
mod partition;
mod reflection;
mod space;
#[cfg(test)]
mod tests;

pub use cache::PatternDatabases;
pub use database::PatternDatabase;
pub use group::{GroupProgress, PatternGroup};
pub use partition::{FIFTEEN_5_5_5, FIFTEEN_6_6_3, FIFTEEN_7_8, FIFTEEN_7_8_MORE, Partition};
pub use space::{PatternSpace, PatternState, PatternWord};

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
    /// A group of a large board's database has too many tiles.
    #[error("group {group} has {tiles} tiles; a large board's group has at most {max}")]
    GroupTooLarge {
        /// The group's index, from 0.
        group: usize,
        /// Its number of tiles.
        tiles: usize,
        /// The most a group may have.
        max: usize,
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
