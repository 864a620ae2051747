//! The additive heuristic: the sum of the groups' values, built or loaded
//! from the cache, and its [`Heuristic`] implementation.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use pattern_db::BuildProgress;

use super::PatternError;
use super::bits::cell_u8;
use super::group::{GroupProgress, PatternGroup};
use super::memo::MemoMap;
use super::partition::Partition;
use super::space::PatternSpace;
use crate::heuristic::{Heuristic, Memo};
use crate::{Board, Slide};

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
    pub(super) groups: Arc<[Arc<PatternGroup<W, H>>]>,
    pub(super) reflection: bool,
    /// With dual lookups, `dual[b]`: the tables whose sum bounds the
    /// distance of a board with its blank in cell `b` through its dual (see
    /// the [module docs](super#dual-lookups)).
    pub(super) dual: Option<Arc<[Vec<Arc<PatternGroup<W, H>>>]>>,
    /// For a partition of at most two groups, which group each tile is in,
    /// so a search state can keep the groups' values ([`Memo`]) and a move
    /// looks up only the group of the tile that slid.
    pub(super) memo: Option<MemoMap>,
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
    /// threads as [`PatternTable::build`](pattern_db::PatternTable::build)
    /// does.
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
    /// ([`CacheStatus::save_error`](pattern_db::CacheStatus::save_error)).
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
    /// (see the [module docs](super)).
    fn is_consistent(&self) -> bool {
        false
    }
}
