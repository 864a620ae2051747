//! [`Databases`]: pattern databases of the cube, combined by their maximum.

use std::path::Path;

use pattern_db::{Abstraction, BuildProgress, CacheStatus, PatternTable, PdbError};

use crate::rank::{
    EdgeStep, Edges, NO_STEP, corner_perm, corner_twist, edge_cubies, group_rank_after,
};
use crate::{CornerSpace, Cube, EdgeSpace};

/// The group of `pieces`, checked when the constant is compiled.
const fn group<const N: usize>(pieces: [u8; N]) -> EdgeSpace<N> {
    match EdgeSpace::new(pieces) {
        Some(group) => group,
        None => panic!("edges out of range or repeated"),
    }
}

/// The six edges of the first edge database of Korf's set (1997): `UR UF
/// UL UB DR DF`.
pub const KORF_EDGES_A: EdgeSpace<6> = group([0, 1, 2, 3, 4, 5]);

/// The six other edges, the second edge database of Korf's set: `DL DB FR
/// FL BL BR`.
pub const KORF_EDGES_B: EdgeSpace<6> = group([6, 7, 8, 9, 10, 11]);

/// Two groups of seven edges that cover all twelve: `UR UF UL UB DR DF DL`
/// and `DB FR FL BL BR DR DF` (the overlap, `DR DF`, makes both seven).
pub const SEVEN_EDGES: [EdgeSpace<7>; 2] =
    [group([0, 1, 2, 3, 4, 5, 6]), group([7, 8, 9, 10, 11, 4, 5])];

/// The most edge databases a [`Databases`] holds: what a search
/// precomputes for a child has room for this many entries.
pub const MAX_EDGE_GROUPS: usize = 4;

/// The number of tables a search keeps a value for: the corners' (0 when
/// there is no corner database) and each edge group's.
pub(crate) const TABLES: usize = 1 + MAX_EDGE_GROUPS;

/// Starts loading `bytes[index]` into the cache, if it is in range: a
/// search computes the entries of a node's children first and starts
/// their loads, so that their cache misses overlap instead of each
/// waiting on the branch the previous child's value decides.
#[inline]
fn prefetch(bytes: &[u8], index: u32) {
    if let Some(byte) = bytes.get(index as usize) {
        prefetch_ref(byte);
    }
}

/// Starts loading the cache line of `value` (a hint, nothing more).
#[inline]
#[cfg_attr(
    target_arch = "x86_64",
    expect(unsafe_code, reason = "a prefetch hint, the crate's one unsafe block")
)]
pub(crate) fn prefetch_ref<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint to the cache: it never faults,
    // reads nothing into the program and writes nothing; the address is
    // that of a live value anyway.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            std::ptr::from_ref(value).cast(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// A corner database: its space, the weights that make its entry from the
/// corner coordinates, and the table.
#[derive(Debug)]
struct Corners {
    space: CornerSpace,
    /// `entry = perm * weights.0 + twist * weights.1`.
    weights: (u32, u32),
    table: PatternTable,
}

/// Pattern databases for the cube: a corner database and databases of
/// edge groups of `N` edges, the estimate the maximum of their values.
///
/// The cube's databases are not additive (every move turns corners and
/// edges of every group), so each charges every move and only their
/// maximum is admissible. Every table is consistent (a move changes its
/// value by at most one), so their maximum is too.
///
/// Korf's set (1997) is [`korf1997`](Databases::korf1997): the corners
/// and two disjoint groups of six edges, 173 MB at one byte an entry.
///
/// # Example
///
/// Small tables, built in a moment: the corners' twist and a group of
/// three edges.
///
/// ```
/// use cube::{CornerSpace, Cube, Databases, EdgeSpace, Move};
/// use pattern_db::PatternTable;
///
/// let group = EdgeSpace::new([0, 1, 2]).expect("three distinct edges");
/// let databases = Databases::new(
///     Some((CornerSpace::Twist, PatternTable::build(&CornerSpace::Twist, |_| {})?)),
///     vec![(group, PatternTable::build(&group, |_| {})?)],
/// );
/// assert_eq!(databases.estimate(&Cube::SOLVED), 0);
/// let turned = Cube::SOLVED.apply_all(&[Move::ALL[3], Move::ALL[0]]); // R U
/// assert!((1..=2).contains(&databases.estimate(&turned)));
/// # Ok::<(), pattern_db::PdbError>(())
/// ```
#[derive(Debug)]
pub struct Databases<const N: usize> {
    corners: Option<Corners>,
    edges: Vec<(EdgeSpace<N>, PatternTable)>,
}

impl<const N: usize> Databases<N> {
    /// Databases of `corners` (none for no corner database) and `edges`,
    /// each with its table as [`PatternTable::build`] or
    /// [`PatternTable::load_or_build`] made it for that space.
    ///
    /// # Panics
    ///
    /// If a table's length is not its space's entry count, or there are
    /// more than [`MAX_EDGE_GROUPS`] edge groups.
    #[must_use]
    pub fn new(
        corners: Option<(CornerSpace, PatternTable)>,
        edges: Vec<(EdgeSpace<N>, PatternTable)>,
    ) -> Self {
        if let Some((space, table)) = &corners {
            assert_eq!(
                table.len() as u64,
                space.entry_count(),
                "the table of corner space {space:?}"
            );
        }
        assert!(
            edges.len() <= MAX_EDGE_GROUPS,
            "{} edge groups, at most {MAX_EDGE_GROUPS}",
            edges.len()
        );
        for (space, table) in &edges {
            assert_eq!(
                table.len() as u64,
                space.entry_count(),
                "the table of edges {space}"
            );
        }
        Databases {
            corners: corners.map(|(space, table)| Corners {
                space,
                weights: space.weights(),
                table,
            }),
            edges,
        }
    }

    /// No databases: the estimate is always 0, and IDA* becomes iterative
    /// deepening.
    #[must_use]
    pub fn none() -> Self {
        Databases::new(None, Vec::new())
    }

    /// The databases of `corners` and `edges`, each loaded from
    /// `cache_dir` (its file named by the space's `file_name`) or built
    /// and saved there. `on_progress` hears each build's progress with
    /// the name of the table being built.
    ///
    /// Returns the databases and, per table, its file name and what the
    /// cache did.
    ///
    /// # Errors
    ///
    /// Those of [`PatternTable::load_or_build`]: only if a table cannot be
    /// built (a cache that cannot be written is reported in the status).
    pub fn load_or_build(
        cache_dir: &Path,
        corners: Option<CornerSpace>,
        edges: &[EdgeSpace<N>],
        on_progress: impl Fn(&str, &BuildProgress) + Sync,
    ) -> Result<(Self, Vec<(String, CacheStatus)>), PdbError> {
        let mut statuses = Vec::new();
        let corners = match corners {
            Some(space) => {
                let name = space.file_name();
                let (table, status) = PatternTable::load_or_build(
                    &cache_dir.join(name),
                    &space.key(),
                    &space,
                    |p| on_progress(name, p),
                )?;
                statuses.push((name.to_owned(), status));
                Some((space, table))
            }
            None => None,
        };
        let mut tables = Vec::new();
        for &space in edges {
            let name = space.file_name();
            let (table, status) =
                PatternTable::load_or_build(&cache_dir.join(&name), &space.key(), &space, |p| {
                    on_progress(&name, p);
                })?;
            statuses.push((name, status));
            tables.push((space, table));
        }
        Ok((Databases::new(corners, tables), statuses))
    }

    /// The estimate of `cube`: the largest value of its databases (0 with
    /// none).
    #[must_use]
    pub fn estimate(&self, cube: &Cube) -> u8 {
        self.lookup().value_within(
            corner_perm(cube),
            corner_twist(cube),
            &edge_cubies(cube),
            u8::MAX,
        )
    }

    /// The corner database's space and table, if there is one.
    #[must_use]
    pub fn corner_table(&self) -> Option<(CornerSpace, &PatternTable)> {
        self.corners.as_ref().map(|c| (c.space, &c.table))
    }

    /// The edge groups and their tables.
    #[must_use]
    pub fn edge_tables(&self) -> &[(EdgeSpace<N>, PatternTable)] {
        &self.edges
    }

    /// What a search reads, gathered in one small value: the tables'
    /// bytes and how to find their entries.
    pub(crate) fn lookup(&self) -> Lookup<'_, N> {
        let mut tables: [&[u8]; TABLES] = [&[0]; TABLES];
        let mut weights = (0, 0);
        if let Some(corners) = &self.corners {
            tables[0] = corners.table.as_bytes();
            weights = corners.weights;
        }
        let mut pieces = [[0; N]; MAX_EDGE_GROUPS];
        for (k, (space, table)) in self.edges.iter().enumerate() {
            tables[1 + k] = table.as_bytes();
            pieces[k] = space.pieces();
        }
        Lookup {
            tables,
            weights,
            pieces,
            tables_used: 1 + self.edges.len(),
        }
    }
}

/// The databases as a search reads them: table `t` is the corners' for
/// `t = 0` (a single zero entry when there is no corner database) and
/// edge group `t - 1`'s after that.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lookup<'d, const N: usize> {
    /// Each table's bytes.
    tables: [&'d [u8]; TABLES],
    /// `corner entry = perm * weights.0 + twist * weights.1`.
    weights: (u32, u32),
    /// Each edge group's pieces.
    pieces: [[u8; N]; MAX_EDGE_GROUPS],
    /// The number of tables in use: the corners' and one per edge group.
    pub(crate) tables_used: usize,
}

impl<const N: usize> Lookup<'_, N> {
    /// The corner table's entry for corner coordinates `perm` and
    /// `twist`.
    #[inline]
    pub(crate) fn corner_entry(&self, perm: u16, twist: u16) -> u32 {
        u32::from(perm) * self.weights.0 + u32::from(twist) * self.weights.1
    }

    /// Edge group `k`'s entry for `edges` after the move whose steps are
    /// `step`.
    #[inline]
    pub(crate) fn edge_entry(&self, k: usize, edges: &Edges, step: &EdgeStep) -> u32 {
        group_rank_after(&self.pieces[k], edges, step)
    }

    /// The value of table `t` at `entry`.
    #[inline]
    pub(crate) fn value(&self, t: usize, entry: u32) -> u8 {
        self.tables[t][entry as usize]
    }

    /// Starts loading table `t`'s value at `entry` into the cache.
    #[inline]
    pub(crate) fn prefetch(&self, t: usize, entry: u32) {
        prefetch(self.tables[t], entry);
    }

    /// The largest value of the tables for a state with corner
    /// coordinates `perm`, `twist` and edges `edges`, or, once a value
    /// exceeds `enough`, that value: the corners first, then the edge
    /// groups in order.
    #[inline]
    pub(crate) fn value_within(&self, perm: u16, twist: u16, edges: &Edges, enough: u8) -> u8 {
        let mut h = self.value(0, self.corner_entry(perm, twist));
        for t in 1..self.tables_used {
            if h > enough {
                break;
            }
            h = h.max(self.value(t, self.edge_entry(t - 1, edges, &NO_STEP)));
        }
        h
    }
}

impl Databases<6> {
    /// Korf's databases (1997): the corners and the edge groups
    /// [`KORF_EDGES_A`] and [`KORF_EDGES_B`], loaded from `cache_dir` or
    /// built there (see [`load_or_build`](Self::load_or_build)): 173 MB of
    /// tables, built in about a minute on two cores.
    ///
    /// # Errors
    ///
    /// As [`load_or_build`](Self::load_or_build).
    pub fn korf1997(
        cache_dir: &Path,
        on_progress: impl Fn(&str, &BuildProgress) + Sync,
    ) -> Result<(Self, Vec<(String, CacheStatus)>), PdbError> {
        Databases::load_or_build(
            cache_dir,
            Some(CornerSpace::Full),
            &[KORF_EDGES_A, KORF_EDGES_B],
            on_progress,
        )
    }
}

impl Databases<7> {
    /// The corners and two groups of seven edges ([`SEVEN_EDGES`]), loaded
    /// from `cache_dir` or built there: 1.1 GB of tables.
    ///
    /// # Errors
    ///
    /// As [`load_or_build`](Self::load_or_build).
    pub fn sevens(
        cache_dir: &Path,
        on_progress: impl Fn(&str, &BuildProgress) + Sync,
    ) -> Result<(Self, Vec<(String, CacheStatus)>), PdbError> {
        Databases::load_or_build(
            cache_dir,
            Some(CornerSpace::Full),
            &SEVEN_EDGES,
            on_progress,
        )
    }
}
