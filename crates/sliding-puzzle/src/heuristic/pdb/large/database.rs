//! The additive heuristic on large boards: tables shared between groups
//! that a symmetry of the board maps onto each other, lookups through a
//! cell map, reflection, and the groups' values kept in the search state.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use pattern_db::{BuildProgress, CacheStatus, PatternTable};

use super::super::{GroupProgress, PatternError};
use super::space::{LargePatternSpace, MAX_GROUP, cell_byte, cells};
use crate::large::{LargeHeuristic, LargeMemo};
use crate::{LargeBoard, Slide};

/// One table of a [`LargePatternDatabase`]: a group's abstract space and
/// its table, opened from the cache or built.
#[derive(Debug)]
pub struct LargeGroupTable<const W: usize, const H: usize> {
    space: LargePatternSpace<W, H>,
    table: PatternTable,
    status: CacheStatus,
}

impl<const W: usize, const H: usize> LargeGroupTable<W, H> {
    fn open(
        space: LargePatternSpace<W, H>,
        cache_dir: Option<&Path>,
        progress: impl Fn(&BuildProgress) + Sync,
    ) -> Result<Self, PatternError> {
        let (table, status) = if let Some(dir) = cache_dir {
            let path = dir.join(space.file_name());
            PatternTable::load_or_build(&path, &space.key(), &space, progress)?
        } else {
            let started = std::time::Instant::now();
            let table = PatternTable::build(&space, progress)?;
            let status = CacheStatus::Built {
                rejected: None,
                elapsed: started.elapsed(),
            };
            (table, status)
        };
        Ok(LargeGroupTable {
            space,
            table,
            status,
        })
    }

    /// The group's abstract space (its tiles, cache key and file name).
    #[must_use]
    pub fn space(&self) -> &LargePatternSpace<W, H> {
        &self.space
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> &PatternTable {
        &self.table
    }

    /// Whether the table was loaded or built, and how long that took.
    #[must_use]
    pub fn status(&self) -> &CacheStatus {
        &self.status
    }
}

/// How one group is looked up: in which table, reading which tiles' cells
/// (in the table's tile order) through which map of cells.
#[derive(Clone)]
struct Lookup<const W: usize, const H: usize> {
    table: Arc<LargeGroupTable<W, H>>,
    tiles: [u8; MAX_GROUP],
    len: usize,
    /// `map[c]`: the cell of the table's board that cell `c` becomes.
    map: [u8; 32],
}

impl<const W: usize, const H: usize> Lookup<W, H> {
    /// The group's value for the board whose tile cells are `cells`.
    #[inline]
    fn value(&self, cells: &[u8; 32]) -> u8 {
        let tiles = self.tiles[..self.len].iter();
        let rank = LargePatternSpace::<W, H>::placement_rank(
            tiles.map(|&t| self.map[usize::from(cells[usize::from(t) % 32]) % 32]),
        );
        self.table.table.get(rank)
    }

    /// The same group looked up on the board reflected across the main
    /// diagonal: tile `t` read where the board keeps its mirror image,
    /// cells transposed before the map.
    fn mirrored(&self) -> Self {
        let mut tiles = self.tiles;
        for tile in &mut tiles[..self.len] {
            *tile = mirror_tile::<W>(*tile);
        }
        let mut map = [0; 32];
        for (cell, target) in map.iter_mut().enumerate().take(W * H) {
            *target = self.map[usize::from(transpose::<W>(cell_byte(cell_u32(cell))))];
        }
        Lookup {
            table: Arc::clone(&self.table),
            tiles,
            len: self.len,
            map,
        }
    }
}

/// A cell below 32 as a `u32`.
fn cell_u32(cell: usize) -> u32 {
    u32::try_from(cell).unwrap_or(u32::MAX)
}

/// The cell `cell` reflects to across the main diagonal of a `W`×`W` board.
fn transpose<const W: usize>(cell: u8) -> u8 {
    let w = cell_byte(cell_u32(W));
    (cell % w) * w + cell / w
}

/// The tile whose goal cell is the reflection of `tile`'s.
fn mirror_tile<const W: usize>(tile: u8) -> u8 {
    transpose::<W>(tile - 1) + 1
}

/// The symmetries of a `W`×`H` board as maps of cells: the identity, the
/// half turn and the two flips, and on a square board also the quarter
/// turns and the two diagonal reflections. Each maps moves to moves.
fn symmetries<const W: usize, const H: usize>() -> Vec<[u8; 32]> {
    let mut maps = Vec::new();
    let square = W == H;
    for kind in 0..8 {
        if kind >= 4 && !square {
            break;
        }
        let mut map = [0u8; 32];
        for (cell, target) in map.iter_mut().enumerate().take(W * H) {
            let (r, c) = (cell / W, cell % W);
            let (r2, c2) = match kind {
                0 => (r, c),
                1 => (H - 1 - r, W - 1 - c),
                2 => (r, W - 1 - c),
                3 => (H - 1 - r, c),
                4 => (c, r),
                5 => (W - 1 - c, H - 1 - r),
                6 => (c, H - 1 - r),
                _ => (W - 1 - c, r),
            };
            *target = cell_byte(cell_u32(r2 * W + c2));
        }
        maps.push(map);
    }
    maps
}

/// A mask's image under a cell map.
fn image(mask: u32, map: &[u8; 32]) -> u32 {
    cells(mask).fold(0, |image, cell| image | 1 << map[usize::from(cell)])
}

/// Where a tile's slide changes the values a [`LargeMemo`] keeps: 6 bits
/// a group, regular lookups first, then reflected ones.
#[derive(Clone, Copy, Debug)]
struct MemoMap {
    /// `group[t]`: the lookup reading tile `t`'s cell, or `NONE`.
    group: [u8; 32],
    /// `mirrored[t]`: the reflected lookup reading tile `t`'s cell.
    mirrored: [u8; 32],
}

impl MemoMap {
    const NONE: u8 = u8::MAX;
    const BITS: u32 = 6;
    /// A value this large may have been cut down: looked up again.
    const FULL: u8 = (1 << Self::BITS) - 1;
    /// The most groups a memo keeps (eight values of 6 bits).
    const MAX_GROUPS: usize = 4;

    fn pack(regular: [u8; 4], mirrored: [u8; 4]) -> LargeMemo {
        let mut bits = 0u64;
        for (i, value) in regular.into_iter().chain(mirrored).enumerate() {
            bits |= u64::from(value.min(Self::FULL)) << (Self::BITS as usize * i);
        }
        LargeMemo::from_bits(bits)
    }

    fn unpack(memo: LargeMemo) -> ([u8; 4], [u8; 4]) {
        let bits = memo.bits();
        let value = |i: usize| {
            let v = (bits >> (Self::BITS as usize * i)) & u64::from(Self::FULL);
            cell_byte(u32::try_from(v).unwrap_or(0))
        };
        (
            [value(0), value(1), value(2), value(3)],
            [value(4), value(5), value(6), value(7)],
        )
    }
}

/// The additive pattern-database heuristic for [`LargeBoard`]s: the sum of
/// the groups' table values, optionally maxed with the sum for the board
/// reflected across the main diagonal. Groups that a symmetry of the board
/// maps onto an earlier group (goal cells and the goal blank's region
/// alike) share its table, looked up through the symmetry's map of cells.
///
/// Cloning is cheap (the tables are shared).
///
/// # Example
///
/// ```
/// use sliding_puzzle::{LargeHeuristic, Twentyfour};
/// use sliding_puzzle::heuristic::pdb::large::LargePatternDatabase;
///
/// // Pairs in three corners: one table serves all three.
/// let groups: [&[u8]; 3] = [&[1, 2], &[5, 10], &[16, 21]];
/// let database = LargePatternDatabase::<5, 5>::open(&groups, None, |_| {})?.with_reflection()?;
/// assert_eq!(database.tables().len(), 1);
/// let board = Twentyfour::random_walk(3, 40);
/// let h = LargeHeuristic::estimate(&database, &board);
/// assert!(h >= database.values(&board).iter().sum::<u8>());
/// assert_eq!(LargeHeuristic::estimate(&database, &Twentyfour::goal()), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct LargePatternDatabase<const W: usize, const H: usize> {
    tables: Arc<[Arc<LargeGroupTable<W, H>>]>,
    lookups: Arc<[Lookup<W, H>]>,
    mirrored: Option<Arc<[Lookup<W, H>]>>,
    memo: Option<MemoMap>,
    /// Whether [`refine`](LargeHeuristic::refine) adds the dual lookups
    /// of the board with its blank walked home.
    dual: bool,
}

impl<const W: usize, const H: usize> fmt::Debug for LargePatternDatabase<W, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LargePatternDatabase")
            .field("tables", &self.tables)
            .field("groups", &self.lookups.len())
            .field("reflection", &self.mirrored.is_some())
            .field("dual", &self.dual)
            .finish_non_exhaustive()
    }
}

impl<const W: usize, const H: usize> LargePatternDatabase<W, H> {
    /// The tables of `groups` (disjoint groups of tiles, each of at most
    /// [`MAX_GROUP`] tiles), loaded from `cache_dir` (or built and saved
    /// there) or, without one, built; a group that a symmetry of the board
    /// maps onto an earlier one reuses its table. `on_progress` is called
    /// from the builder's threads, the groups numbered among the tables
    /// built.
    ///
    /// # Errors
    ///
    /// As [`Partition::new`](crate::heuristic::pdb::Partition::new) for
    /// the groups, [`PatternError::GroupTooLarge`], or
    /// [`PatternError::Table`] if a table cannot be built.
    pub fn open<G, F>(
        groups: &[G],
        cache_dir: Option<&Path>,
        on_progress: F,
    ) -> Result<Self, PatternError>
    where
        G: AsRef<[u8]>,
        F: Fn(&GroupProgress<'_>) + Sync,
    {
        let groups = super::check_groups::<W, H>(groups)?;
        let last = cell_byte(cell_u32(W * H - 1));
        let symmetries = symmetries::<W, H>();
        let mut tables: Vec<Arc<LargeGroupTable<W, H>>> = Vec::new();
        let mut lookups = Vec::with_capacity(groups.len());
        for (index, tiles) in groups.iter().enumerate() {
            let space = LargePatternSpace::<W, H>::new(tiles)?;
            let goal_cells = tiles.iter().fold(0u32, |m, &t| m | 1 << (t - 1));
            let free = space.board_cells() & !goal_cells;
            let region = space.flood(free, 1 << last);
            let shared = tables.iter().find_map(|table| {
                let their = table.space.tiles();
                let their_cells = their.iter().fold(0u32, |m, &t| m | 1 << (t - 1));
                let their_region = table
                    .space
                    .flood(space.board_cells() & !their_cells, 1 << last);
                symmetries.iter().find_map(|map| {
                    (image(goal_cells, map) == their_cells && image(region, map) == their_region)
                        .then(|| {
                            // The group's tile for each of the table's: the
                            // one whose goal cell the map takes to its goal cell.
                            let mut mine = [0u8; MAX_GROUP];
                            for (slot, &theirs) in mine.iter_mut().zip(their) {
                                let cell = map.iter().position(|&c| c == theirs - 1);
                                *slot = cell_byte(cell_u32(cell.unwrap_or(0))) + 1;
                            }
                            Lookup {
                                table: Arc::clone(table),
                                tiles: mine,
                                len: their.len(),
                                map: *map,
                            }
                        })
                })
            });
            let lookup = if let Some(lookup) = shared {
                lookup
            } else {
                let built = tables.len();
                let progress = |build: &BuildProgress| {
                    on_progress(&GroupProgress {
                        group: built,
                        groups: groups.len(),
                        tiles,
                        build: *build,
                    });
                };
                let table = Arc::new(LargeGroupTable::open(space, cache_dir, progress)?);
                tables.push(Arc::clone(&table));
                let mut mine = [0u8; MAX_GROUP];
                mine[..tiles.len()].copy_from_slice(tiles);
                Lookup {
                    table,
                    tiles: mine,
                    len: tiles.len(),
                    map: symmetries[0],
                }
            };
            debug_assert_eq!(lookups.len(), index);
            lookups.push(lookup);
        }
        let memo = (lookups.len() <= MemoMap::MAX_GROUPS).then(|| {
            let mut group = [MemoMap::NONE; 32];
            for (i, lookup) in lookups.iter().enumerate() {
                for &tile in &lookup.tiles[..lookup.len] {
                    group[usize::from(tile)] = cell_byte(cell_u32(i));
                }
            }
            MemoMap {
                group,
                mirrored: [MemoMap::NONE; 32],
            }
        });
        Ok(LargePatternDatabase {
            tables: tables.into(),
            lookups: lookups.into(),
            mirrored: None,
            memo,
            dual: false,
        })
    }

    /// The same tables, estimating the larger of the board's sum and the
    /// sum for the board reflected across the main diagonal.
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
        let mirrored: Vec<Lookup<W, H>> = self.lookups.iter().map(Lookup::mirrored).collect();
        let memo = self.memo.map(|mut memo| {
            for (i, lookup) in mirrored.iter().enumerate() {
                for &tile in &lookup.tiles[..lookup.len] {
                    memo.mirrored[usize::from(tile)] = cell_byte(cell_u32(i));
                }
            }
            memo
        });
        Ok(LargePatternDatabase {
            mirrored: Some(mirrored.into()),
            memo,
            ..self
        })
    }

    /// Whether estimates also look the reflected board up.
    #[must_use]
    pub fn reflects(&self) -> bool {
        self.mirrored.is_some()
    }

    /// The same tables, with dual lookups that need no further table
    /// (Zahavi, Felner et al. 2008): the board with its blank walked home
    /// (right, then down: `k` moves) is exactly as far from the goal as
    /// its [dual](LargeBoard::dual), so the dual's sums (regular and, with
    /// reflection, reflected) less `k` bound the board too. The estimate is
    /// the largest bound, raised to the parity of the distance (every move
    /// takes the blank one cell). The dual part is dear (up to eight slides
    /// and as many lookups again), so it is only in
    /// [`refine`](LargeHeuristic::refine): IDA* asks for it only for the
    /// children that the regular sums do not already cut off.
    ///
    /// The 4x4 databases' dual lookups go further, with tables toward
    /// other goal blanks for boards whose blank is not home
    /// ([`PatternDatabase::with_dual`](crate::heuristic::pdb::PatternDatabase::with_dual)):
    /// for 6-tile groups of the 5x5 board those would take gigabytes.
    #[must_use]
    pub fn with_dual(self) -> Self {
        LargePatternDatabase { dual: true, ..self }
    }

    /// Whether estimates also look the dual board up.
    #[must_use]
    pub fn duals(&self) -> bool {
        self.dual
    }

    /// The dual bound of `board`: the largest sum of the dual of the board
    /// with its blank walked home, less the walk.
    fn dual_bound(&self, board: &LargeBoard<W, H>) -> u8 {
        let mut walked = *board;
        let mut walk = 0u8;
        while walked.blank() % W != W - 1 {
            walked = walked.slide(cell_byte(cell_u32(walked.blank() + 1))).0;
            walk += 1;
        }
        while walked.blank() / W != H - 1 {
            walked = walked.slide(cell_byte(cell_u32(walked.blank() + W))).0;
            walk += 1;
        }
        let cells = walked.cells_of_dual_tiles();
        let sum = |lookups: &[Lookup<W, H>]| {
            lookups
                .iter()
                .fold(0u8, |sum, lookup| sum.saturating_add(lookup.value(&cells)))
        };
        let mut best = sum(&self.lookups);
        if let Some(mirrored) = &self.mirrored {
            best = best.max(sum(mirrored));
        }
        best.saturating_sub(walk)
    }

    /// The distinct tables, in the order they were opened: fewer than the
    /// groups when symmetries share them.
    #[must_use]
    pub fn tables(&self) -> impl ExactSizeIterator<Item = &LargeGroupTable<W, H>> {
        self.tables.iter().map(|table| &**table)
    }

    /// For each group, the index in [`tables`](Self::tables) of the table
    /// it is looked up in.
    #[must_use]
    pub fn table_of_groups(&self) -> Vec<usize> {
        self.lookups
            .iter()
            .map(|lookup| {
                self.tables
                    .iter()
                    .position(|t| Arc::ptr_eq(t, &lookup.table))
                    .unwrap_or(usize::MAX)
            })
            .collect()
    }

    /// The bytes the tables hold.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.tables.iter().map(|t| t.table.len()).sum()
    }

    /// Each group's value for `board`, without reflection, in the order the
    /// groups were given.
    #[must_use]
    pub fn values(&self, board: &LargeBoard<W, H>) -> Vec<u8> {
        let cells = board.cells_of_tiles();
        self.lookups.iter().map(|l| l.value(&cells)).collect()
    }

    /// Each group's value for the reflected board (empty without
    /// reflection).
    #[must_use]
    pub fn mirrored_values(&self, board: &LargeBoard<W, H>) -> Vec<u8> {
        let cells = board.cells_of_tiles();
        self.mirrored
            .iter()
            .flat_map(|m| m.iter())
            .map(|l| l.value(&cells))
            .collect()
    }

    /// The estimate from the groups' values, regular and reflected.
    #[inline]
    fn estimate_of(&self, regular: [u8; 4], mirrored: [u8; 4]) -> u8 {
        let sum = regular.iter().fold(0u8, |s, &v| s.saturating_add(v));
        if self.mirrored.is_none() {
            return sum;
        }
        sum.max(mirrored.iter().fold(0u8, |s, &v| s.saturating_add(v)))
    }
}

impl<const W: usize, const H: usize> LargeHeuristic<W, H> for LargePatternDatabase<W, H> {
    /// The largest of the sums the database looks up: the board's, the
    /// reflected board's, and with dual lookups the dual bound.
    #[inline]
    fn estimate(&self, board: &LargeBoard<W, H>) -> u8 {
        self.refine(board, self.quick_estimate(board), u8::MAX)
    }

    /// With dual lookups, the larger of `quick` and the dual bound, raised
    /// to the parity of the distance; `quick` otherwise.
    #[inline]
    fn refine(&self, board: &LargeBoard<W, H>, quick: u8, enough: u8) -> u8 {
        if !self.dual || quick > enough {
            return quick;
        }
        let best = quick.max(self.dual_bound(board));
        let blank = board.blank();
        let parity = (W - 1 - blank % W + H - 1 - blank / W) & 1;
        best + u8::from(usize::from(best & 1) != parity && best < u8::MAX)
    }

    /// The sum of the groups' values, with reflection the larger of that
    /// and the reflected board's.
    #[inline]
    fn quick_estimate(&self, board: &LargeBoard<W, H>) -> u8 {
        let cells = board.cells_of_tiles();
        let sum = self
            .lookups
            .iter()
            .fold(0u8, |sum, lookup| sum.saturating_add(lookup.value(&cells)));
        let Some(mirrored) = &self.mirrored else {
            return sum;
        };
        let reflected = mirrored
            .iter()
            .fold(0u8, |sum, lookup| sum.saturating_add(lookup.value(&cells)));
        sum.max(reflected)
    }

    const KEEPS_MEMO: bool = true;

    /// The estimate and, for at most four groups, a memo of the groups'
    /// values, regular and reflected.
    #[inline]
    fn quick_estimate_memo(&self, board: &LargeBoard<W, H>) -> (u8, LargeMemo) {
        if self.memo.is_none() {
            return (self.quick_estimate(board), LargeMemo::EMPTY);
        }
        let cells = board.cells_of_tiles();
        let mut regular = [0; 4];
        let mut mirrored = [0; 4];
        for (i, lookup) in self.lookups.iter().enumerate() {
            regular[i] = lookup.value(&cells);
        }
        for (i, lookup) in self.mirrored.iter().flat_map(|m| m.iter()).enumerate() {
            mirrored[i] = lookup.value(&cells);
        }
        (
            self.estimate_of(regular, mirrored),
            MemoMap::pack(regular, mirrored),
        )
    }

    /// With a memo, looks up again only the group of the tile that slid
    /// and the reflected group reading its cell: two lookups instead of
    /// eight for 6-6-6-6 with reflection.
    #[inline]
    fn update_memo(
        &self,
        after: &LargeBoard<W, H>,
        _: u8,
        memo: LargeMemo,
        slide: Slide,
    ) -> (u8, LargeMemo) {
        let Some(map) = &self.memo else {
            return (self.quick_estimate(after), LargeMemo::EMPTY);
        };
        let (mut regular, mut mirrored) = MemoMap::unpack(memo);
        if regular.contains(&MemoMap::FULL) || mirrored.contains(&MemoMap::FULL) {
            return self.quick_estimate_memo(after);
        }
        let cells = after.cells_of_tiles();
        let tile = usize::from(slide.tile) % 32;
        let group = usize::from(map.group[tile]);
        if let Some(lookup) = self.lookups.get(group) {
            regular[group % 4] = lookup.value(&cells);
        }
        if let Some(lookups) = &self.mirrored {
            let group = usize::from(map.mirrored[tile]);
            if let Some(lookup) = lookups.get(group) {
                mirrored[group % 4] = lookup.value(&cells);
            }
        }
        (
            self.estimate_of(regular, mirrored),
            MemoMap::pack(regular, mirrored),
        )
    }

    /// Not consistent: each entry is the minimum over the blank's regions.
    fn is_consistent(&self) -> bool {
        false
    }
}
