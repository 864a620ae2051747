//! Additive pattern databases for boards of up to 25 cells
//! ([`LargeBoard`] boards), above all the 24-puzzle's 6-6-6-6
//! databases (Korf & Felner 2002).
//!
//! The semantics are the 4x4 databases' (see the [parent module](super)):
//! for every placement of a group's tiles, the fewest moves of those tiles
//! that bring them home, over every position of the blank; the sum over
//! disjoint groups is admissible, and so is the larger of that sum and the
//! sum for the board reflected across the main diagonal.
//!
//! # The 6-6-6-6 partition
//!
//! Korf & Felner's groups in Korf's numbering (blank in cell 0, tile `t`
//! in cell `t`) are `{1 2 5 6 7 12}`, `{3 4 8 9 13 14}`,
//! `{10 11 15 16 20 21}` and `{17 18 19 22 23 24}`. This project's
//! blank-last goal is Korf's turned 180° (cell `c` ↔ `24 - c`) with tile
//! `t` renamed `25 - t`, so [`TWENTYFOUR_6_6_6_6`] is, group for group,
//! `{13 18 19 20 23 24}`, `{11 12 16 17 21 22}`, `{4 5 9 10 14 15}` and
//! `{1 2 3 6 7 8}`: the same shapes of goal cells, turned. In the goal:
//!
//! ```text
//!  D  D  D  C  C        D = {1 2 3 6 7 8}: a 2x3 block, top left
//!  D  D  D  C  C        C = {4 5 9 10 14 15}: a 3x2 block, top right
//!  B  B  A  C  C        B = {11 12 16 17 21 22}: a 3x2 block, bottom left
//!  B  B  A  A  A        A = {13 18 19 20 23 24}: the rest, around the
//!  B  B  A  A  x            blank's goal cell
//! ```
//!
//! # Shared tables
//!
//! A table depends only on the shape of its group's goal cells and of the
//! goal blank's region among the cells the group leaves free (the blank
//! roams its region for free): a symmetry of the board (turns, flips,
//! reflections) maps moves to moves, so a group that it maps onto another,
//! region included, has the other's table, looked up with every cell
//! mapped. [`LargePatternDatabase::open`] finds these by trying the
//! board's symmetries against the tables opened so far. For 6-6-6-6, C is
//! B turned 180° and D is B turned a quarter (clockwise), so **B, C and D
//! share one table** and A, which walls the blank's goal cell into its
//! corner (its goal region is that cell alone), has its own: two tables of
//! 25!/19! = 127,512,000 bytes, 255 MB in all (Korf's program keeps two
//! too). A lookup for C reads B's tiles' counterparts (tile `t` of B ↔
//! tile `26 - t` of C) and turns each cell `c` into `24 - c`; for D, cell
//! (row, column) becomes (4 - column, row), a quarter turn back.
//!
//! # Direct-access tables
//!
//! The cache keeps each table compact, its entries ranked by the Lehmer
//! code of the group's cells, but computing that rank takes every cell of
//! the group. Opening a table therefore also lays it out for direct access
//! ([`LargeGroupTable::direct`]): the entry of a placement is at
//! `Σ cell_i · 25^(5-i)` over the group's six tiles, 25^6 = 244,140,625
//! bytes (entries whose cells repeat are never read), filled from the
//! compact table by every core (about a second each on two cores), in
//! huge pages where the kernel gives them (`pattern_db::PatternTable::zeroed`).
//! The search keeps each group's index, regular and reflected, in its
//! state ([`LargeMemo`](crate::LargeMemo)'s words); a move changes the
//! index of the slid tile's group by `add[t][to] - add[t][from]` (one
//! table of terms for the regular groups, one for the reflected ones, the
//! cell maps of shared tables folded in) and reads one entry, and the
//! reflected group's only when the regular sum keeps the child within the
//! bound ([`Heuristic::update_memo_within`](crate::Heuristic::update_memo_within)),
//! as in Korf's program. For 6-6-6-6 the two compact tables (255 MB) and
//! the two direct ones (488 MB) are resident together: about 745 MB.
//!
//! [`LargePuzzle`](crate::LargePuzzle) searches with the database as with
//! any [`LargeHeuristic`](crate::LargeHeuristic), through that memo.
//! [`LargePatternDatabase::direct_puzzle`] makes the leaner problem the
//! programs' IDA* runs on, [`DirectPuzzle`]: the same nodes in the same
//! order at 1.6× the speed on the 24-puzzle.
//!
//! # Building
//!
//! The space of a group is [`LargePatternSpace`]: a placement and the
//! blank's region, the region flooded on a cell mask (the 4x4 space's
//! table of regions would take 2^25 × 25 bytes). pattern-db's builder
//! keeps 3 bits for each of its 2.42 billion ranks for a 6-tile 5x5
//! group: about 1.03 GB while a table is built, on every core. Tables are
//! cached like the 4x4 ones, one file per table named after the board and
//! the tiles (`5x5-11-12-16-17-21-22.pdb`).
//!
//! The tests (`tests/large_pdb.rs`) check the tables against a brute-force
//! search on 5x5 groups of three tiles, against the 4x4 code on 3x3, and
//! shared tables against each group's own; the full 6-6-6-6 tables are
//! checked on the fifty by an ignored test (`PDB_CACHE=target/pdb-cache
//! cargo test --release -p frontier-sliding-puzzle --test large_pdb --
//! --ignored`), which builds them into the cache the first time.
//!
//! Dual lookups ([`LargePatternDatabase::with_dual`]) use the same
//! tables: the dual of the board with its blank walked home (as far from
//! the goal as that board), less the walk. The 4x4 databases' dual lookups
//! also cover boards whose blank is elsewhere, with tables toward other
//! goal blanks, which for 6-tile 5x5 groups would take gigabytes.

mod database;
mod direct;
mod group_table;
mod memo;
mod symmetry;

pub use database::LargePatternDatabase;
pub use direct::{DirectMove, DirectMoves, DirectPuzzle, DirectState, DirectUndo};
pub use group_table::LargeGroupTable;

/// The most tiles a group of a large board may have: 8 (a 5x5 table of 8
/// tiles would take 25!/17! = 43.6 billion bytes anyway).
pub const MAX_GROUP: usize = <u128 as PatternWord>::MAX_GROUP;

/// [`PatternSpace`] on a [`LargeBoard`]: the blank's region flooded on a
/// 25-bit cell mask rather than looked up.
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
pub type LargePatternSpace<const W: usize, const H: usize> = PatternSpace<W, H, u128>;

/// An abstract state of a [`LargePatternSpace`].
pub type LargePatternState = PatternState<u128>;

use super::{PatternError, PatternSpace, PatternState, PatternWord};
use crate::LargeBoard;

/// Korf & Felner's 6-6-6-6 partition of the 24-puzzle in the blank-last
/// goal (see the [module docs](self) for the mapping from Korf's
/// numbering): three blocks of 2x3 and the six tiles around the blank's
/// goal cell.
pub const TWENTYFOUR_6_6_6_6: [&[u8]; 4] = [
    &[13, 18, 19, 20, 23, 24],
    &[11, 12, 16, 17, 21, 22],
    &[4, 5, 9, 10, 14, 15],
    &[1, 2, 3, 6, 7, 8],
];

/// The groups sorted, after checking they are disjoint, non-empty, of at
/// most [`MAX_GROUP`] tiles each, and tiles of the board.
fn check_groups<const W: usize, const H: usize>(
    groups: &[impl AsRef<[u8]>],
) -> Result<Vec<Vec<u8>>, PatternError> {
    super::partition::check_groups::<W, H, _>(groups, LargeBoard::<W, H>::CELLS, MAX_GROUP)
}

/// A cell or tile number as a `u8` (boards have at most 25 cells).
#[inline]
#[expect(clippy::cast_possible_truncation, reason = "cells are below 32")]
fn cell_byte(cell: u32) -> u8 {
    cell as u8
}
