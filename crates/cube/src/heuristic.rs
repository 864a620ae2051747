//! [`Databases`]: pattern databases of the cube, combined by their maximum.

use std::path::Path;

use pattern_db::{Abstraction, BuildProgress, CacheStatus, PatternTable, PdbError};

use crate::rank::{EdgeCubie, edge_cubies, edge_group_rank};
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
    /// If a table's length is not its space's entry count.
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
        let corners = self
            .corners
            .as_ref()
            .map_or(0, |corners| corners.table.get(corners.space.rank_of(cube)));
        corners.max(self.edge_estimate(&edge_cubies(cube), u8::MAX))
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

    /// The corner database's value for the corner coordinates
    /// `perm`, `twist` (0 without a corner database).
    #[inline]
    pub(crate) fn corner_value(&self, perm: u16, twist: u16) -> u8 {
        match &self.corners {
            Some(corners) => {
                let (p, t) = corners.weights;
                let entry = u32::from(perm) * p + u32::from(twist) * t;
                corners.table.as_bytes()[entry as usize]
            }
            None => 0,
        }
    }

    /// The largest value of the edge databases for `edges`, or, once a
    /// value exceeds `enough`, that value.
    #[inline]
    pub(crate) fn edge_estimate(&self, edges: &[EdgeCubie; 12], enough: u8) -> u8 {
        let mut h = 0;
        for (space, table) in &self.edges {
            let rank = edge_group_rank(&space.cubies(edges));
            h = h.max(table.as_bytes()[rank as usize]);
            if h > enough {
                break;
            }
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
