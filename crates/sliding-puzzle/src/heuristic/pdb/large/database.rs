//! The additive heuristic on large boards: the groups' lookups summed,
//! maxed with the reflected sum, and updated move by move from the memo
//! (tables in `group_table`, symmetries in `symmetry`, the memo's layout
//! in `memo`).

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use pattern_db::{BuildProgress, PatternTable};

use super::super::{GroupProgress, PatternError};
use super::direct::{DirectPuzzle, Tables};
use super::{LargePatternSpace, MAX_GROUP, cell_byte};
use crate::Heuristic;
use crate::large::LargeMemo;
use crate::{LargeBoard, Slide};

use super::group_table::{LargeGroupTable, cell_u32};
use super::memo::{Direct, MemoMap, split, sum4, with_byte};
use super::symmetry::{Lookup, image, symmetries};

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
    /// Whether [`refine`](Heuristic::refine) adds the dual lookups
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
            let free = space.board & !goal_cells;
            let region = space.flood(free, 1 << last);
            let shared = tables.iter().find_map(|table| {
                let their = table.space.tiles();
                let their_cells = their.iter().fold(0u32, |m, &t| m | 1 << (t - 1));
                let their_region = table.space.flood(space.board & !their_cells, 1 << last);
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
    /// [`refine`](Heuristic::refine): IDA* asks for it only for the
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

impl<const W: usize, const H: usize> Heuristic<W, H, u128> for LargePatternDatabase<W, H> {
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
