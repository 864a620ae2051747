//! [`Databases`]: pattern databases of the cube, combined by their maximum.

use std::path::Path;

use pattern_db::{Abstraction, BuildProgress, CacheStatus, PatternTable, PdbError};

use crate::rank::{
    CornerMoves, EDGE_STEPS, EdgeStep, Edges, NO_STEP, corner_perm, corner_twist, edge_cubies,
    group_rank_after, inverse_edges, step_edges,
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
/// UL UB FR FL`, the U layer and two of the middle layer's.
///
/// Korf's paper gives the edge databases' mean value, 7.668, not their
/// edges; this split is the one we found that gives it (its two tables'
/// means are 7.6680, mirror images of each other by a half turn of the
/// whole cube about the R-L axis), where `UR UF UL UB DR DF` and the other
/// six give 7.619 and 7.626 and cost IDA* 6% more nodes on Korf's first
/// cube.
pub const KORF_EDGES_A: EdgeSpace<6> = group([0, 1, 2, 3, 8, 9]);

/// The six other edges, the second edge database of Korf's set: `DR DF DL
/// DB BL BR`, the mirror image of [`KORF_EDGES_A`].
pub const KORF_EDGES_B: EdgeSpace<6> = group([4, 5, 6, 7, 10, 11]);

/// Two groups of seven edges that cover all twelve, built as Korf's six
/// are: `UR UF UL UB FR FL BL` (the U layer and three of the middle
/// layer's) and its mirror image by a half turn of the whole cube about
/// the R-L axis, `DR DF DL DB BR BL FL`; they share `FL BL`. On Korf's
/// first cube they cost IDA* 10% fewer nodes than `UR UF UL UB DR DF DL`
/// with `DB FR FL BL BR DR DF`.
pub const SEVEN_EDGES: [EdgeSpace<7>; 2] = [
    group([0, 1, 2, 3, 8, 9, 10]),
    group([4, 5, 6, 7, 11, 10, 9]),
];

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

/// A table of values modulo 3, four to a byte (the first entry in the
/// low bits): a quarter of a byte table.
///
/// A move changes a database's value by at most one, so the value of a
/// state's neighbour is one of three consecutive numbers, which its
/// residue modulo 3 tells apart: knowing a state's value exactly, a
/// search knows its children's from their residues ([`decode`]). Kociemba's
/// two-phase solver and Rokicki's `nxopt` store their tables so.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Residues {
    /// Bits `2k` and `2k + 1` of byte `e / 4` hold entry `4e + k`'s residue.
    packed: PatternTable,
}

impl Residues {
    /// The residues of `table`'s values.
    ///
    /// # Panics
    ///
    /// If an entry is [`UNREACHED`](pattern_db::UNREACHED): every entry of
    /// the cube's spaces is reached.
    fn new(table: &PatternTable) -> Residues {
        /// `RESIDUE[v]`: `v % 3`.
        const RESIDUE: [u8; 256] = {
            let mut residues = [0; 256];
            let mut v = 0u8;
            loop {
                residues[v as usize] = v % 3;
                if v == u8::MAX {
                    break residues;
                }
                v += 1;
            }
        };
        let bytes = table.as_bytes();
        assert!(
            !bytes.contains(&pattern_db::UNREACHED),
            "an entry no state reaches"
        );
        let mut packed = PatternTable::zeroed(bytes.len().div_ceil(4));
        let out = packed.as_bytes_mut();
        let (whole, rest) = bytes.as_chunks::<4>();
        for (out, values) in out.iter_mut().zip(whole) {
            let [a, b, c, d] = values.map(|v| RESIDUE[usize::from(v)]);
            *out = a | b << 2 | c << 4 | d << 6;
        }
        if let Some(last) = out.get_mut(whole.len()) {
            for (k, &value) in rest.iter().enumerate() {
                *last |= RESIDUE[usize::from(value)] << (2 * k);
            }
        }
        Residues { packed }
    }
}

/// A child's value from its parent's exact value and the child's residue:
/// the one of `parent - 1`, `parent`, `parent + 1` with that residue.
#[inline]
pub(crate) fn decode(parent: u8, residue: u8) -> u8 {
    // (residue - parent + 1) mod 3 is 0, 1 or 2 for the three cases.
    let step = (residue + 4 - parent % 3) % 3;
    (parent + step).wrapping_sub(1)
}

/// A corner database: its space and the residues of its values.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Corners {
    space: CornerSpace,
    table: Residues,
}

/// Pattern databases for the cube: a corner database and databases of
/// edge groups of `N` edges, the estimate the maximum of their values.
///
/// The cube's databases are not additive (every move turns corners and
/// edges of every group), so each charges every move and only their
/// maximum is admissible. Every table is consistent (a move changes its
/// value by at most one), so their maximum is too; with dual lookups
/// ([`with_duals`](Self::with_duals)) it is admissible but not consistent.
///
/// The tables are held as their values modulo 3, two bits an entry (see
/// [`Rubik`](crate::Rubik) for how a search gets exact values back): the
/// corner table of Korf's set takes 22 MB instead of 88 MB, and more of a
/// search's lookups hit the processor's caches. Korf's set (1997) is
/// [`korf1997`](Databases::korf1997): the corners and two disjoint
/// groups of six edges, 43 MB.
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Databases<const N: usize> {
    corners: Option<Corners>,
    edges: Vec<(EdgeSpace<N>, Residues)>,
    /// The tables one byte an entry, numbered as a search numbers them
    /// (the corners' first, a single zero without a corner database),
    /// kept for dual lookups; `None` without them.
    duals: Option<Vec<PatternTable>>,
}

impl<const N: usize> Databases<N> {
    /// Databases of `corners` (none for no corner database) and `edges`,
    /// each with its table as [`PatternTable::build`] or
    /// [`PatternTable::load_or_build`] made it for that space. The tables
    /// are read into residues and can be dropped.
    ///
    /// # Panics
    ///
    /// If a table's length is not its space's entry count, there are more
    /// than [`MAX_EDGE_GROUPS`] edge groups, or a table has an entry no
    /// state reaches (the cube's spaces have none).
    #[must_use]
    pub fn new(
        corners: Option<(CornerSpace, PatternTable)>,
        edges: Vec<(EdgeSpace<N>, PatternTable)>,
    ) -> Self {
        Databases::from_tables(corners, edges, false)
    }

    /// [`new`](Self::new), keeping the tables' bytes as well for dual
    /// lookups: the estimate of a cube is then also the tables' largest
    /// value for the inverse cube, which is as far from solved (Zahavi,
    /// Felner, Holte & Schaeffer 2006). A move changes a dual value by
    /// more than one at times (the inverse of `c` then `m` is `m⁻¹` then
    /// the inverse of `c`, which moves other pieces than the group's), so
    /// dual values cannot be read from residues: the bytes stay in memory,
    /// four times the residues' size, and a search looks them up only for
    /// the children the regular values leave within its bound.
    ///
    /// # Panics
    ///
    /// As [`new`](Self::new).
    #[must_use]
    pub fn with_duals(
        corners: Option<(CornerSpace, PatternTable)>,
        edges: Vec<(EdgeSpace<N>, PatternTable)>,
    ) -> Self {
        Databases::from_tables(corners, edges, true)
    }

    fn from_tables(
        corners: Option<(CornerSpace, PatternTable)>,
        edges: Vec<(EdgeSpace<N>, PatternTable)>,
        duals: bool,
    ) -> Self {
        let mut databases = Databases::empty(duals);
        if let Some((space, table)) = corners {
            databases.set_corners(space, table);
        }
        for (space, table) in edges {
            databases.push_edges(space, table);
        }
        databases
    }

    /// No tables yet, and room for their bytes if `duals`.
    fn empty(duals: bool) -> Self {
        Databases {
            corners: None,
            edges: Vec::new(),
            duals: duals.then(|| vec![PatternTable::from_entries(vec![0])]),
        }
    }

    /// Sets the corner database.
    fn set_corners(&mut self, space: CornerSpace, table: PatternTable) {
        assert_eq!(
            table.len() as u64,
            space.entry_count(),
            "the table of corner space {space:?}"
        );
        self.corners = Some(Corners {
            space,
            table: Residues::new(&table),
        });
        if let Some(duals) = &mut self.duals {
            duals[0] = table;
        }
    }

    /// Adds an edge database.
    fn push_edges(&mut self, space: EdgeSpace<N>, table: PatternTable) {
        assert!(
            self.edges.len() < MAX_EDGE_GROUPS,
            "more than {MAX_EDGE_GROUPS} edge groups"
        );
        assert_eq!(
            table.len() as u64,
            space.entry_count(),
            "the table of edges {space}"
        );
        self.edges.push((space, Residues::new(&table)));
        if let Some(duals) = &mut self.duals {
            duals.push(table);
        }
    }

    /// No databases: the estimate is always 0, and IDA* becomes iterative
    /// deepening.
    #[must_use]
    pub fn none() -> Self {
        Databases::empty(false)
    }

    /// Whether the estimate includes dual lookups ([`with_duals`](Self::with_duals)).
    #[must_use]
    pub fn has_duals(&self) -> bool {
        self.duals.is_some()
    }

    /// The databases of `corners` and `edges`, each loaded from
    /// `cache_dir` (its file named by the space's `file_name`) or built
    /// and saved there, one at a time (each table's bytes are dropped once
    /// read into residues, unless `duals` asks to keep them, as
    /// [`with_duals`](Self::with_duals) does). `on_progress` hears each
    /// build's progress with the name of the table being built.
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
        duals: bool,
        on_progress: impl Fn(&str, &BuildProgress) + Sync,
    ) -> Result<(Self, Vec<(String, CacheStatus)>), PdbError> {
        let mut databases = Databases::empty(duals);
        let mut statuses = Vec::new();
        if let Some(space) = corners {
            let name = space.file_name();
            let (table, status) =
                PatternTable::load_or_build(&cache_dir.join(name), &space.key(), &space, |p| {
                    on_progress(name, p);
                })?;
            statuses.push((name.to_owned(), status));
            databases.set_corners(space, table);
        }
        for &space in edges {
            let name = space.file_name();
            let (table, status) =
                PatternTable::load_or_build(&cache_dir.join(&name), &space.key(), &space, |p| {
                    on_progress(&name, p);
                })?;
            statuses.push((name, status));
            databases.push_edges(space, table);
        }
        Ok((databases, statuses))
    }

    /// The estimate of `cube`: the largest value of its databases (0 with
    /// none).
    ///
    /// # Complexity
    ///
    /// A walk toward each table's goal, 18 lookups a step, as many steps
    /// as the table's value: the residues alone do not give a value, a
    /// search gets its start's values this way once and its children's
    /// from them.
    #[must_use]
    pub fn estimate(&self, cube: &Cube) -> u8 {
        let lookup = self.lookup();
        let (perm, twist, edges) = (corner_perm(cube), corner_twist(cube), edge_cubies(cube));
        let regular = (0..lookup.tables_used)
            .map(|t| lookup.descend(t, perm, twist, &edges))
            .max()
            .unwrap_or(0);
        regular.max(lookup.dual_within(perm, twist, &edges, u8::MAX))
    }

    /// The corner database's space, if there is one.
    #[must_use]
    pub fn corner_space(&self) -> Option<CornerSpace> {
        self.corners.as_ref().map(|c| c.space)
    }

    /// The edge groups, in the order they are looked up.
    #[must_use]
    pub fn edge_spaces(&self) -> Vec<EdgeSpace<N>> {
        self.edges.iter().map(|(space, _)| *space).collect()
    }

    /// The bytes the tables take in memory.
    #[must_use]
    pub fn memory(&self) -> usize {
        let corners = self.corners.as_ref().map_or(0, |c| c.table.packed.len());
        let edges: usize = self.edges.iter().map(|(_, t)| t.packed.len()).sum();
        let duals = self
            .duals
            .as_ref()
            .map_or(0, |d| d.iter().map(PatternTable::len).sum::<usize>());
        corners + edges + duals
    }

    /// What a search reads, gathered in one small value: the tables'
    /// bytes and how to find their entries.
    pub(crate) fn lookup(&self) -> Lookup<'_, N> {
        let mut tables: [&[u8]; TABLES] = [&[0]; TABLES];
        let mut weights = (0, 0);
        if let Some(corners) = &self.corners {
            tables[0] = corners.table.packed.as_bytes();
            weights = corners.space.weights();
        }
        let mut pieces = [[0; N]; MAX_EDGE_GROUPS];
        for (k, (space, table)) in self.edges.iter().enumerate() {
            tables[1 + k] = table.packed.as_bytes();
            pieces[k] = space.pieces();
        }
        let mut duals: [&[u8]; TABLES] = [&[0]; TABLES];
        if let Some(bytes) = &self.duals {
            for (dual, table) in duals.iter_mut().zip(bytes) {
                *dual = table.as_bytes();
            }
        }
        Lookup {
            tables,
            duals,
            has_duals: self.duals.is_some(),
            corner_moves: CornerMoves::get(),
            weights,
            pieces,
            tables_used: 1 + self.edges.len(),
        }
    }
}

/// The databases as a search reads them: table `t` is the corners' for
/// `t = 0` (a single zero entry when there is no corner database) and
/// edge group `t - 1`'s after that, each as residues ([`Residues`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lookup<'d, const N: usize> {
    /// Each table's packed residues.
    tables: [&'d [u8]; TABLES],
    /// Each table's bytes, for dual lookups (single zeros without).
    duals: [&'d [u8]; TABLES],
    /// Whether the estimate includes dual lookups.
    pub(crate) has_duals: bool,
    /// The corner move tables, with the inverse's coordinates.
    corner_moves: &'static CornerMoves,
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

    /// Table `t`'s entry for a state with corner coordinates `perm`,
    /// `twist` and edges `edges` after the move whose steps are `step`
    /// (the corner coordinates already moved).
    #[inline]
    pub(crate) fn entry(
        &self,
        t: usize,
        perm: u16,
        twist: u16,
        edges: &Edges,
        step: &EdgeStep,
    ) -> u32 {
        if t == 0 {
            self.corner_entry(perm, twist)
        } else {
            self.edge_entry(t - 1, edges, step)
        }
    }

    /// The residue of table `t`'s value at `entry`.
    #[inline]
    pub(crate) fn residue(&self, t: usize, entry: u32) -> u8 {
        (self.tables[t][(entry >> 2) as usize] >> ((entry & 3) * 2)) & 3
    }

    /// Starts loading table `t`'s residue at `entry` into the cache.
    #[inline]
    pub(crate) fn prefetch(&self, t: usize, entry: u32) {
        prefetch(self.tables[t], entry >> 2);
    }

    /// The dual entry of every table for the state with corner
    /// coordinates `perm`, `twist` and edges `edges`: the entries of its
    /// inverse.
    #[inline]
    pub(crate) fn dual_entries(&self, perm: u16, twist: u16, edges: &Edges) -> [u32; TABLES] {
        let (perm, twist) = self.corner_moves.inverse(perm, twist);
        let inverse = inverse_edges(edges);
        let mut entries = [0; TABLES];
        entries[0] = self.corner_entry(perm, twist);
        for (t, entry) in entries
            .iter_mut()
            .enumerate()
            .take(self.tables_used)
            .skip(1)
        {
            *entry = self.edge_entry(t - 1, &inverse, &NO_STEP);
        }
        entries
    }

    /// Table `t`'s byte at `entry`, for dual lookups.
    #[inline]
    pub(crate) fn dual_value(&self, t: usize, entry: u32) -> u8 {
        self.duals[t][entry as usize]
    }

    /// Starts loading table `t`'s byte at `entry` into the cache.
    #[inline]
    pub(crate) fn prefetch_dual(&self, t: usize, entry: u32) {
        prefetch(self.duals[t], entry);
    }

    /// The largest dual value of a state (0 without dual lookups), or,
    /// once a value exceeds `enough`, that value.
    pub(crate) fn dual_within(&self, perm: u16, twist: u16, edges: &Edges, enough: u8) -> u8 {
        if !self.has_duals {
            return 0;
        }
        let entries = self.dual_entries(perm, twist, edges);
        let mut h = 0;
        for (t, &entry) in entries.iter().enumerate().take(self.tables_used) {
            h = h.max(self.dual_value(t, entry));
            if h > enough {
                break;
            }
        }
        h
    }

    /// Table `t`'s exact value for a state with corner coordinates
    /// `perm`, `twist` and edges `edges`: a walk that takes, from each
    /// state, a move to a neighbour one closer to the table's goal (the
    /// one whose residue is one less), counting the steps until none is.
    pub(crate) fn descend(&self, t: usize, perm: u16, twist: u16, edges: &Edges) -> u8 {
        let corner_moves = CornerMoves::get();
        let (mut perm, mut twist, mut edges) = (perm, twist, *edges);
        let mut residue = self.residue(t, self.entry(t, perm, twist, &edges, &NO_STEP));
        let mut value = 0;
        'walk: loop {
            let closer = (residue + 2) % 3;
            for (m, step) in EDGE_STEPS.iter().enumerate() {
                let next_perm = corner_moves.perm[usize::from(perm)][m];
                let next_twist = corner_moves.twist[usize::from(twist)][m];
                let entry = self.entry(t, next_perm, next_twist, &edges, step);
                if self.residue(t, entry) == closer {
                    (perm, twist, edges) = (next_perm, next_twist, step_edges(&edges, step));
                    residue = closer;
                    value += 1;
                    continue 'walk;
                }
            }
            return value;
        }
    }
}

impl Databases<6> {
    /// Korf's databases (1997): the corners and the edge groups
    /// [`KORF_EDGES_A`] and [`KORF_EDGES_B`], loaded from `cache_dir` or
    /// built there (see [`load_or_build`](Self::load_or_build)), with dual
    /// lookups if `duals`: 173 MB of tables on disk, 43 MB in memory (216
    /// with duals), built in well under a minute on two cores.
    ///
    /// # Errors
    ///
    /// As [`load_or_build`](Self::load_or_build).
    pub fn korf1997(
        cache_dir: &Path,
        duals: bool,
        on_progress: impl Fn(&str, &BuildProgress) + Sync,
    ) -> Result<(Self, Vec<(String, CacheStatus)>), PdbError> {
        Databases::load_or_build(
            cache_dir,
            Some(CornerSpace::Full),
            &[KORF_EDGES_A, KORF_EDGES_B],
            duals,
            on_progress,
        )
    }
}

impl Databases<7> {
    /// The corners and two groups of seven edges ([`SEVEN_EDGES`]), loaded
    /// from `cache_dir` or built there, with dual lookups if `duals`: 1.1 GB
    /// of tables on disk, 278 MB in memory (1.4 GB with duals), built in
    /// about four minutes on two cores.
    ///
    /// # Errors
    ///
    /// As [`load_or_build`](Self::load_or_build).
    pub fn sevens(
        cache_dir: &Path,
        duals: bool,
        on_progress: impl Fn(&str, &BuildProgress) + Sync,
    ) -> Result<(Self, Vec<(String, CacheStatus)>), PdbError> {
        Databases::load_or_build(
            cache_dir,
            Some(CornerSpace::Full),
            &SEVEN_EDGES,
            duals,
            on_progress,
        )
    }
}
