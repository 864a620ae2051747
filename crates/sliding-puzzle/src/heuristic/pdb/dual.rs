//! Dual lookups: the extra tables that bound a board through its dual (see
//! the [module docs](super#dual-lookups)).

use std::path::Path;
use std::sync::Arc;

use pattern_db::BuildProgress;

use super::bits::cell_u8;
use super::group::{GroupProgress, PatternGroup};
use super::reflection::transpose;
use super::space::PatternSpace;
use super::{PatternDatabase, PatternError};
use crate::Board;

impl<const W: usize, const H: usize> PatternDatabase<W, H> {
    /// The same tables and the tables the dual lookups need, loaded from
    /// `cache_dir` (or built and saved there) or, without one, built;
    /// estimates are then the larger of the board's sum and the dual
    /// board's (see the [module docs](super#dual-lookups)), and with
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
}

impl<const W: usize, const H: usize> PatternDatabase<W, H> {
    /// The larger of `board`'s dual sum and, with reflection, its reflected
    /// dual sum; `blank` is the board's blank cell.
    #[inline]
    pub(super) fn dual_sums(
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
