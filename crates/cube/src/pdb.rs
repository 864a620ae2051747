//! The cube's abstract spaces for [`pattern_db`]: the corners (all of them,
//! or only their permutation or their twist) and groups of edges.
//!
//! A cube move turns pieces of every group, so these databases are not
//! additive: every move is a unit step in each space, and a search takes
//! the maximum of their values ([`Databases`](crate::Databases)).

use std::fmt;

use pattern_db::{AbstractStep, Abstraction};

use crate::rank::{
    CORNER_PERMS, CORNER_TWISTS, CornerMoves, EDGE_STEPS, edge_group_rank, edge_group_unrank,
    placements,
};
use crate::{Cube, EDGE_NAMES};

/// What a corner database tracks: the whole corner arrangement, or only
/// one of its two parts.
///
/// [`Full`](Self::Full) is Korf's corner database (8!·3^7 = 88,179,840
/// entries, the largest value 11); the two parts make small tables for
/// tests and examples.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CornerSpace {
    /// Where every corner is and how it is twisted: 88,179,840 states.
    Full,
    /// Where every corner is: 8! = 40,320 states.
    Permutation,
    /// How the corners are twisted: 3^7 = 2,187 states.
    Twist,
}

impl CornerSpace {
    /// The weights of the permutation and twist coordinates in a rank:
    /// rank = `perm * weights.0 + twist * weights.1`.
    pub(crate) const fn weights(self) -> (u32, u32) {
        match self {
            CornerSpace::Full => (CORNER_TWISTS as u32, 1),
            CornerSpace::Permutation => (1, 0),
            CornerSpace::Twist => (0, 1),
        }
    }

    /// The cache key: what the table holds and how it is numbered.
    #[must_use]
    pub fn key(self) -> String {
        let what = match self {
            CornerSpace::Full => "permutation and twist",
            CornerSpace::Permutation => "permutation",
            CornerSpace::Twist => "twist",
        };
        format!(
            "rubik's cube corners ({what}), ranked as 2187 * lehmer(corners by place) + twist of places 0-6 in base 3, half-turn metric, v1"
        )
    }

    /// A file name for the table: `cube-corners.pdb`,
    /// `cube-corner-permutation.pdb` or `cube-corner-twist.pdb`.
    #[must_use]
    pub fn file_name(self) -> &'static str {
        match self {
            CornerSpace::Full => "cube-corners.pdb",
            CornerSpace::Permutation => "cube-corner-permutation.pdb",
            CornerSpace::Twist => "cube-corner-twist.pdb",
        }
    }

    /// The rank of `cube`'s corners in this space.
    #[must_use]
    pub fn rank_of(self, cube: &Cube) -> u64 {
        let (perm, twist) = (
            crate::rank::corner_perm(cube),
            crate::rank::corner_twist(cube),
        );
        self.rank(&(perm, twist))
    }
}

/// The corner coordinates `(permutation, twist)`; the space ignores the
/// part it does not track (it is 0 in the states it makes).
impl Abstraction for CornerSpace {
    type State = (u16, u16);

    fn state_count(&self) -> u64 {
        match self {
            CornerSpace::Full => u64::from(CORNER_PERMS) * u64::from(CORNER_TWISTS),
            CornerSpace::Permutation => u64::from(CORNER_PERMS),
            CornerSpace::Twist => u64::from(CORNER_TWISTS),
        }
    }

    #[inline]
    fn rank(&self, &(perm, twist): &(u16, u16)) -> u64 {
        let (p, t) = self.weights();
        u64::from(u32::from(perm) * p + u32::from(twist) * t)
    }

    fn unrank(&self, rank: u64) -> (u16, u16) {
        // cannot fail: ranks are below the state count, which fits
        let rank = u32::try_from(rank).expect("a corner rank fits in 32 bits");
        let split = |r: u32| u16::try_from(r).expect("a coordinate fits in 16 bits");
        match self {
            CornerSpace::Full => (
                split(rank / u32::from(CORNER_TWISTS)),
                split(rank % u32::from(CORNER_TWISTS)),
            ),
            CornerSpace::Permutation => (split(rank), 0),
            CornerSpace::Twist => (0, split(rank)),
        }
    }

    fn goals(&self) -> impl Iterator<Item = (u16, u16)> {
        std::iter::once((0, 0))
    }

    /// The 18 moves: each has its inverse among them, so the predecessors
    /// are the successors.
    fn predecessors(
        &self,
        &(perm, twist): &(u16, u16),
    ) -> impl Iterator<Item = AbstractStep<(u16, u16)>> {
        let tables = CornerMoves::get();
        let perms = &tables.perm[usize::from(perm)];
        let twists = &tables.twist[usize::from(twist)];
        (0..18).map(move |m| AbstractStep::Unit(self.rank(&(perms[m], twists[m]))))
    }
}

/// A group of `N` distinct edges (numbered as [`EDGE_NAMES`]), tracked by
/// where each is and whether it is flipped: 12!/(12-N)!·2^N states, every
/// one reachable (42,577,920 for six edges, 510,935,040 for seven).
///
/// # Example
///
/// ```
/// use cube::EdgeSpace;
/// use pattern_db::Abstraction;
///
/// let group = EdgeSpace::new([0, 1, 2, 3, 4, 5]).expect("six distinct edges");
/// assert_eq!(group.state_count(), 42_577_920);
/// assert_eq!(group.to_string(), "UR UF UL UB DR DF");
/// assert!(EdgeSpace::new([0, 0]).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EdgeSpace<const N: usize> {
    pieces: [u8; N],
}

impl<const N: usize> EdgeSpace<N> {
    /// The group of edges `pieces`, in that order, or `None` if one is not
    /// below 12, two are the same, or `N` is 0 or above 12.
    #[must_use]
    pub const fn new(pieces: [u8; N]) -> Option<Self> {
        if N == 0 || N > 12 {
            return None;
        }
        let mut seen = 0u16;
        let mut k = 0;
        while k < N {
            let piece = pieces[k];
            if piece >= 12 || seen & 1 << piece != 0 {
                return None;
            }
            seen |= 1 << piece;
            k += 1;
        }
        Some(EdgeSpace { pieces })
    }

    /// The group's edges, in its order.
    #[must_use]
    pub fn pieces(&self) -> [u8; N] {
        self.pieces
    }

    /// The cache key: the edges and how the table is numbered.
    #[must_use]
    pub fn key(&self) -> String {
        format!(
            "rubik's cube edges {self}, ranked as lehmer(places) * 2^{N} + flips, half-turn metric, v1"
        )
    }

    /// A file name for the table: `cube-edges-` and the edges' numbers,
    /// `cube-edges-0-1-2-3-4-5.pdb` for the first six.
    #[must_use]
    pub fn file_name(&self) -> String {
        let numbers: Vec<String> = self.pieces.iter().map(u8::to_string).collect();
        format!("cube-edges-{}.pdb", numbers.join("-"))
    }

    /// The rank of `cube`'s edges of this group.
    #[must_use]
    pub fn rank_of(&self, cube: &Cube) -> u64 {
        let edges = crate::rank::edge_cubies(cube);
        u64::from(crate::rank::group_rank_after(
            &self.pieces,
            &edges,
            &crate::rank::NO_STEP,
        ))
    }
}

impl<const N: usize> fmt::Display for EdgeSpace<N> {
    /// The edges' names, space-separated: `UR UF UL UB DR DF`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &piece) in self.pieces.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(EDGE_NAMES[usize::from(piece)])?;
        }
        Ok(())
    }
}

/// The group's cubies (place times two, plus one if flipped), in the
/// group's order.
impl<const N: usize> Abstraction for EdgeSpace<N> {
    type State = [u8; N];

    fn state_count(&self) -> u64 {
        placements(N) << N
    }

    #[inline]
    fn rank(&self, cubies: &[u8; N]) -> u64 {
        u64::from(edge_group_rank(cubies))
    }

    fn unrank(&self, rank: u64) -> [u8; N] {
        edge_group_unrank(rank)
    }

    fn goals(&self) -> impl Iterator<Item = [u8; N]> {
        std::iter::once(self.pieces.map(|piece| 2 * piece))
    }

    /// The 18 moves: each has its inverse among them, so the predecessors
    /// are the successors.
    fn predecessors(&self, cubies: &[u8; N]) -> impl Iterator<Item = AbstractStep<[u8; N]>> {
        let cubies = *cubies;
        EDGE_STEPS.iter().map(move |step| {
            let moved = cubies.map(|cubie| step[usize::from(cubie & 31)]);
            AbstractStep::Unit(u64::from(edge_group_rank(&moved)))
        })
    }
}

#[cfg(test)]
mod tests {
    use pattern_db::PatternTable;

    use super::*;
    use crate::Move;

    /// Every value of `table`, checked against a breadth-first search of
    /// the cubie model from the solved cube that tells states apart by
    /// `rank_of` only.
    fn matches_bfs(table: &PatternTable, count: u64, rank_of: impl Fn(&Cube) -> u64) {
        let mut distance = vec![u8::MAX; usize::try_from(count).unwrap()];
        let mut layer = vec![Cube::SOLVED];
        distance[usize::try_from(rank_of(&Cube::SOLVED)).unwrap()] = 0;
        let mut depth = 0;
        while !layer.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for cube in &layer {
                for mv in Move::ALL {
                    let child = cube.turned(mv);
                    let slot = &mut distance[usize::try_from(rank_of(&child)).unwrap()];
                    if *slot == u8::MAX {
                        *slot = depth;
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        assert!(distance.iter().all(|&d| d != u8::MAX), "every rank reached");
        assert_eq!(table.as_bytes(), &distance[..]);
    }

    #[test]
    fn small_tables_agree_with_a_search_of_the_cubie_model() {
        for space in [CornerSpace::Twist, CornerSpace::Permutation] {
            let table = PatternTable::build(&space, |_| {}).unwrap();
            matches_bfs(&table, space.state_count(), |cube| space.rank_of(cube));
        }
        let group = EdgeSpace::new([7, 2, 10]).unwrap();
        let table = PatternTable::build(&group, |_| {}).unwrap();
        matches_bfs(&table, group.state_count(), |cube| group.rank_of(cube));
    }

    #[test]
    fn the_corner_twist_table_has_its_published_distribution() {
        // Kociemba's phase-1 twist coordinate in the half-turn metric.
        let table = PatternTable::build(&CornerSpace::Twist, |_| {}).unwrap();
        assert_eq!(
            &table.histogram()[..8],
            &[1, 4, 34, 186, 816, 1_018, 128, 0]
        );
    }

    #[test]
    fn a_table_value_is_a_lower_bound_along_scrambles() {
        let group = EdgeSpace::new([0, 5, 8]).unwrap();
        let table = PatternTable::build(&group, |_| {}).unwrap();
        assert_eq!(table.histogram().iter().sum::<u64>(), 10_560);
        let mut cube = Cube::SOLVED;
        for i in 0..60usize {
            cube = cube.turned(Move::ALL[(i * 11 + 5) % 18]);
            let h = table.get(group.rank_of(&cube));
            // A scramble of i + 1 moves: no more than that from solved.
            assert!(usize::from(h) <= i + 1);
            for mv in Move::ALL {
                let next = table.get(group.rank_of(&cube.turned(mv)));
                assert!(
                    h.abs_diff(next) <= 1,
                    "a move changes a value by one at most"
                );
            }
        }
    }
}
