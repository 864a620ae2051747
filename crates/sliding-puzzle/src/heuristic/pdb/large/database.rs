//! The additive heuristic on large boards: tables shared between groups
//! that a symmetry of the board maps onto each other, lookups through a
//! cell map, reflection, and the groups' values kept in the search state.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use pattern_db::{BuildProgress, CacheStatus, PatternTable};

use super::super::{GroupProgress, PatternError};
use super::direct::{DirectPuzzle, Tables};
use super::space::{LargePatternSpace, MAX_GROUP, cell_byte, cells};
use crate::large::{LargeHeuristic, LargeMemo};
use crate::{LargeBoard, Slide};

/// One table of a [`LargePatternDatabase`]: a group's abstract space and
/// its table, opened from the cache or built.
#[derive(Debug)]
pub struct LargeGroupTable<const W: usize, const H: usize> {
    space: LargePatternSpace<W, H>,
    table: PatternTable,
    /// The same values laid out for direct access (see [`expand`]), when
    /// its `CELLS^k` entries fit a `u32` index.
    direct: Option<Arc<PatternTable>>,
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
        let direct = expand::<W, H>(&table, space.tiles().len()).map(Arc::new);
        Ok(LargeGroupTable {
            space,
            table,
            direct,
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

    /// The table laid out for direct access: entry `Σ cell_k · CELLS^(k-1-i)`
    /// over the group's tiles `i` (in its tile order, the first most
    /// significant) is the value of that placement; entries whose cells
    /// repeat are 0 and never read. `CELLS^k` bytes (244,140,625 for a
    /// 6-tile group of the 5x5 board), or `None` for groups whose index
    /// would not fit a `u32`.
    #[must_use]
    pub fn direct(&self) -> Option<&PatternTable> {
        self.direct.as_deref()
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

    /// Adds to `add[t][c]` what the group's tile `t` in cell `c` adds to
    /// its direct-access index.
    fn contributions(&self, add: &mut [[u32; 32]; 32]) {
        let cells = u32::try_from(W * H).unwrap_or(0);
        let mut weight = 1u32;
        for &tile in self.tiles[..self.len].iter().rev() {
            for (cell, slot) in add[usize::from(tile) % 32]
                .iter_mut()
                .enumerate()
                .take(W * H)
            {
                *slot = u32::from(self.map[cell]) * weight;
            }
            weight = weight.wrapping_mul(cells);
        }
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

/// The direct-access copy of a compact table of a group of `k` tiles (see
/// [`LargeGroupTable::direct`]): what the search reads, as the index of a
/// placement is then a sum of one term per tile that a move changes by a
/// table delta, where the compact table's Lehmer rank must be computed
/// from all the group's cells. Filled by as many threads as there are
/// cores, one first cell at a time; `None` if `CELLS^k` does not fit a
/// `u32`.
fn expand<const W: usize, const H: usize>(
    compact: &PatternTable,
    k: usize,
) -> Option<PatternTable> {
    let cells = W * H;
    let len = (0..k).try_fold(1u64, |len, _| len.checked_mul(cells as u64))?;
    if k == 0 || len > u64::from(u32::MAX) {
        return None;
    }
    let mut direct = PatternTable::zeroed(usize::try_from(len).ok()?);
    let compact = compact.as_bytes();
    let chunk = usize::try_from(len).ok()? / cells;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut shares: Vec<Vec<(usize, &mut [u8])>> = (0..threads).map(|_| Vec::new()).collect();
    for (first, out) in direct.as_bytes_mut().chunks_mut(chunk).enumerate() {
        shares[first % threads].push((first, out));
    }
    std::thread::scope(|scope| {
        for share in shares {
            scope.spawn(move || {
                for (first, out) in share {
                    if k == 1 {
                        out[0] = compact[first];
                    } else {
                        fill(
                            out,
                            compact,
                            cells,
                            1 << first,
                            first as u64,
                            cells as u64 - 1,
                        );
                    }
                }
            });
        }
    });
    Some(direct)
}

/// Fills `out`, the direct entries of the placements whose earlier tiles
/// are in `placed` with Lehmer prefix `prefix`, the next tile's digit of
/// radix `radix`.
fn fill(out: &mut [u8], compact: &[u8], cells: usize, placed: u32, prefix: u64, radix: u64) {
    let chunk = out.len() / cells;
    let mut digit = 0u64;
    if chunk == 1 {
        let base = prefix * radix;
        for (cell, entry) in out.iter_mut().enumerate() {
            if placed & (1 << cell) == 0 {
                *entry = compact[usize::try_from(base + digit).unwrap_or(usize::MAX)];
                digit += 1;
            }
        }
        return;
    }
    for (cell, out) in out.chunks_mut(chunk).enumerate() {
        if placed & (1 << cell) == 0 {
            fill(
                out,
                compact,
                cells,
                placed | 1 << cell,
                prefix * radix + digit,
                radix - 1,
            );
            digit += 1;
        }
    }
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

/// What the search keeps to look groups up in their direct-access tables
/// (every group's table has one, and there are at most four groups): the
/// memo's words are the eight indices (regular groups', then reflected
/// ones'), its bits the eight values, a byte each; a move adds
/// `add[t][to] - add[t][from]` to the index of the group of the tile `t`
/// that slid, and likewise for the reflected group reading it.
#[derive(Clone, Debug)]
struct Direct {
    /// `regular[t][c]`: what tile `t` in cell `c` adds to its group's index.
    regular: Box<[[u32; 32]; 32]>,
    /// `mirrored[t][c]`: what it adds to the reflected group's index.
    mirrored: Box<[[u32; 32]; 32]>,
    /// The direct tables of the regular groups, then of the reflected
    /// ones (at 4 on).
    tables: [Option<Arc<PatternTable>>; 8],
}

impl Direct {
    fn new<const W: usize, const H: usize>(
        lookups: &[Lookup<W, H>],
        mirrored: Option<&[Lookup<W, H>]>,
    ) -> Option<Arc<Self>> {
        let all = lookups.iter().chain(mirrored.into_iter().flatten());
        if lookups.len() > MemoMap::MAX_GROUPS || !all.clone().all(|l| l.table.direct.is_some()) {
            return None;
        }
        let mut direct = Direct {
            regular: Box::new([[0; 32]; 32]),
            mirrored: Box::new([[0; 32]; 32]),
            tables: Default::default(),
        };
        for (i, lookup) in lookups.iter().enumerate() {
            lookup.contributions(&mut direct.regular);
            direct.tables[i].clone_from(&lookup.table.direct);
        }
        for (i, lookup) in mirrored.into_iter().flatten().enumerate() {
            lookup.contributions(&mut direct.mirrored);
            direct.tables[4 + i].clone_from(&lookup.table.direct);
        }
        Some(Arc::new(direct))
    }

    /// The value at `index` of the direct table of slot `slot` (0 if there
    /// is none).
    #[inline]
    fn value(&self, slot: usize, index: u32) -> u8 {
        self.tables[slot % 8].as_ref().map_or(0, |table| {
            table.as_bytes().get(index as usize).copied().unwrap_or(0)
        })
    }

    /// Slot `slot`'s index and value after tile `tile` slid from `from`
    /// to `to`, its index having been `index` and `add` being the slot's
    /// half (regular or reflected) of the contributions.
    #[inline]
    fn slid(
        &self,
        add: &[[u32; 32]; 32],
        slot: usize,
        index: u32,
        (tile, from, to): (usize, usize, usize),
    ) -> (u32, u8) {
        let add = &add[tile % 32];
        let index = index
            .wrapping_add(add[to % 32])
            .wrapping_sub(add[from % 32]);
        (index, self.value(slot, index))
    }
}

/// A memo's bits as the regular values and the reflected ones, a byte
/// each.
#[inline]
#[expect(clippy::cast_possible_truncation, reason = "the halves of 64 bits")]
fn split(bits: u64) -> (u32, u32) {
    (bits as u32, (bits >> 32) as u32)
}

/// The sum of the four bytes of `values`, saturated at 255 (as adding
/// them one by one with `saturating_add` would be).
#[inline]
fn sum4(values: u32) -> u8 {
    let pairs = (values & 0x00FF_00FF) + ((values >> 8) & 0x00FF_00FF);
    let sum = (pairs & 0xFFFF) + (pairs >> 16);
    cell_byte(sum.min(255))
}

/// `values` with byte `i` (of four) replaced by `value`.
#[inline]
fn with_byte(values: u32, i: usize, value: u8) -> u32 {
    let shift = 8 * (i % 4);
    (values & !(0xFF << shift)) | (u32::from(value) << shift)
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
    /// The direct-access lookups, when every table has its direct copy.
    direct: Option<Arc<Direct>>,
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
        let direct = memo.and_then(|_| Direct::new(&lookups, None));
        Ok(LargePatternDatabase {
            tables: tables.into(),
            lookups: lookups.into(),
            mirrored: None,
            memo,
            direct,
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
        let direct = memo.and_then(|_| Direct::new(&self.lookups, Some(&mirrored)));
        Ok(LargePatternDatabase {
            mirrored: Some(mirrored.into()),
            memo,
            direct,
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

    /// `start` as an in-place IDA* problem on this database's direct
    /// tables ([`DirectPuzzle`]): the same search as
    /// [`LargePuzzle`](crate::LargePuzzle) with this database, on a leaner
    /// state. `None` when the database has no direct tables (more than
    /// four groups, or a group whose `CELLS^k` entries do not fit a
    /// `u32` index) or uses dual lookups, which it does not keep.
    #[must_use]
    pub fn direct_puzzle(&self, start: LargeBoard<W, H>) -> Option<DirectPuzzle<'_, W, H>> {
        let (direct, map) = (self.direct.as_deref()?, self.memo.as_ref()?);
        if self.dual {
            return None;
        }
        // A tile no group reads takes slot 0: its terms are 0 there.
        let slot = |group: u8| {
            if usize::from(group) < self.lookups.len() {
                group
            } else {
                0
            }
        };
        let mut tables = Tables {
            direct: [&[]; 8],
            regular: &direct.regular,
            mirrored: &direct.regular,
            slot: map.group.map(slot),
            mirror_slot: map.group.map(|group| slot(group) + 4),
        };
        if self.mirrored.is_some() {
            tables.mirrored = &direct.mirrored;
            tables.mirror_slot = map.mirrored.map(|group| slot(group) + 4);
        }
        for (i, table) in tables.direct.iter_mut().enumerate() {
            let from = if self.mirrored.is_some() { i } else { i % 4 };
            *table = direct.tables[from]
                .as_deref()
                .map_or(&[], PatternTable::as_bytes);
        }
        Some(DirectPuzzle::new(start, tables))
    }

    /// The estimate and memo of `board` through the direct-access tables.
    fn direct_estimate_memo(&self, direct: &Direct, board: &LargeBoard<W, H>) -> (u8, LargeMemo) {
        let cells = board.cells_of_tiles();
        let mut words = [0u32; 8];
        let mut values = [0u8; 8];
        let mirrored = self.mirrored.as_deref().unwrap_or(&[]);
        let groups = self
            .lookups
            .iter()
            .map(|l| (l, &direct.regular))
            .enumerate()
            .chain(
                mirrored
                    .iter()
                    .map(|l| (l, &direct.mirrored))
                    .enumerate()
                    .map(|(i, pair)| (i + 4, pair)),
            );
        for (slot, (lookup, add)) in groups {
            let index = lookup.tiles[..lookup.len].iter().fold(0u32, |index, &t| {
                let t = usize::from(t) % 32;
                index.wrapping_add(add[t][usize::from(cells[t]) % 32])
            });
            words[slot % 8] = index;
            values[slot % 8] = direct.value(slot, index);
        }
        let bits = u64::from_le_bytes(values);
        let (regular, reflected) = split(bits);
        let h = if self.mirrored.is_some() {
            sum4(regular).max(sum4(reflected))
        } else {
            sum4(regular)
        };
        (h, LargeMemo::from_bits(bits).with_words(words))
    }

    /// The estimate and memo after `slide`, through the direct-access
    /// tables: two index deltas and two lookups.
    #[inline]
    fn direct_update(
        &self,
        direct: &Direct,
        map: &MemoMap,
        memo: LargeMemo,
        slide: Slide,
    ) -> (u8, LargeMemo) {
        let tile = usize::from(slide.tile) % 32;
        let moved = (tile, slide.from, slide.to);
        let mut words = memo.words();
        let (mut regular, mut reflected) = split(memo.bits());
        let group = usize::from(map.group[tile]);
        if group < self.lookups.len() {
            let (index, value) = direct.slid(&direct.regular, group, words[group % 4], moved);
            words[group % 4] = index;
            regular = with_byte(regular, group, value);
        }
        let mut h = sum4(regular);
        if self.mirrored.is_some() {
            let group = usize::from(map.mirrored[tile]);
            if group < self.lookups.len() {
                let slot = 4 + group % 4;
                let (index, value) = direct.slid(&direct.mirrored, slot, words[slot], moved);
                words[slot] = index;
                reflected = with_byte(reflected, group, value);
            }
            h = h.max(sum4(reflected));
        }
        let bits = u64::from(regular) | u64::from(reflected) << 32;
        (h, LargeMemo::from_bits(bits).with_words(words))
    }

    /// [`direct_update`](Self::direct_update)'s estimate alone, the
    /// reflected group not looked up when the regular sum is over
    /// `enough`.
    #[inline]
    fn direct_within(
        &self,
        direct: &Direct,
        map: &MemoMap,
        memo: &LargeMemo,
        slide: Slide,
        enough: u8,
    ) -> u8 {
        let tile = usize::from(slide.tile) % 32;
        let moved = (tile, slide.from, slide.to);
        let (mut regular, mut reflected) = split(memo.bits());
        let group = usize::from(map.group[tile]);
        if group < self.lookups.len() {
            let index = memo.words()[group % 4];
            let value = direct.slid(&direct.regular, group, index, moved).1;
            regular = with_byte(regular, group, value);
        }
        let h = sum4(regular);
        if h > enough || self.mirrored.is_none() {
            return h;
        }
        let group = usize::from(map.mirrored[tile]);
        if group < self.lookups.len() {
            let slot = 4 + group % 4;
            let value = direct
                .slid(&direct.mirrored, slot, memo.words()[slot], moved)
                .1;
            reflected = with_byte(reflected, group, value);
        }
        h.max(sum4(reflected))
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
        if let Some(direct) = &self.direct {
            return self.direct_estimate_memo(direct, board);
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
        if let Some(direct) = &self.direct {
            return self.direct_update(direct, map, memo, slide);
        }
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

    /// With the direct-access tables, the reflected group is looked up
    /// only when the regular sum is within `enough`.
    #[inline]
    fn update_memo_within(
        &self,
        parent: &LargeBoard<W, H>,
        before: u8,
        memo: LargeMemo,
        slide: Slide,
        enough: u8,
    ) -> u8 {
        if let (Some(direct), Some(map)) = (&self.direct, &self.memo) {
            return self.direct_within(direct, map, &memo, slide, enough);
        }
        self.update_memo(&parent.after(slide), before, memo, slide)
            .0
    }

    /// Only with dual lookups.
    #[inline]
    fn refines(&self) -> bool {
        self.dual
    }

    /// Not consistent: each entry is the minimum over the blank's regions.
    fn is_consistent(&self) -> bool {
        false
    }
}
