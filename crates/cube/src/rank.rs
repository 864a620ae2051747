//! Numbering the arrangements the search and the pattern databases look
//! up: the corners' permutation and twist as two coordinates with move
//! tables, and a group of edges as a mixed-radix number computed from its
//! pieces' places.
//!
//! The corners go through *coordinates*, as in Kociemba's two-phase solver
//! and Rokicki's `nxopt`: the permutation's rank (0 to 8! - 1) and the
//! twist's (0 to 3^7 - 1) each follow a move through one table row, so a
//! child's corner entry costs two loads from rows the parent already
//! touched. The edges are kept piece by piece (where each edge is and
//! whether it is flipped, one byte each) and a group's rank is a Lehmer
//! code computed on the fly: its digits need "how many of the group's
//! pieces lie in places below this one", which 4-bit counters packed in a
//! word give with a shift and a mask (no population count, which the
//! baseline x86-64 target lacks; the sliding-puzzle databases use the same
//! trick).

use std::sync::OnceLock;

use crate::{Cube, Move};

/// Corner permutations: 8!.
pub(crate) const CORNER_PERMS: u16 = 40_320;

/// Corner twists: 3^7 (the last corner's twist follows from the others').
pub(crate) const CORNER_TWISTS: u16 = 2_187;

/// The 18 moves as cubes, in [`Move::ALL`] order.
const MOVES: [Cube; 18] = {
    let mut all = [Cube::SOLVED; 18];
    let mut i = 0;
    while i < 18 {
        all[i] = Cube::SOLVED.turned(Move::ALL[i]);
        i += 1;
    }
    all
};

/// The rank of a permutation of `0..N` given as its images: a Lehmer code
/// whose digit `i` counts the values below `perm[i]` that no earlier entry
/// took, 0 for the identity and `N! - 1` for the reversal.
fn permutation_rank<const N: usize>(perm: &[u8; N]) -> u32 {
    let mut used = 0u32;
    let mut rank = 0;
    // cannot fail: N is 7 or 8 here
    let mut radix = u32::try_from(N).expect("a small permutation");
    for &value in perm {
        let below = (used & ((1 << value) - 1)).count_ones();
        rank = rank * radix + u32::from(value) - below;
        used |= 1 << value;
        radix -= 1;
    }
    rank
}

/// The permutation of `0..N` with rank `rank`.
fn permutation_unrank<const N: usize>(mut rank: u32) -> [u8; N] {
    let mut digits = [0u32; N];
    for (radix, digit) in (1..).zip(digits.iter_mut().rev()) {
        *digit = rank % radix;
        rank /= radix;
    }
    let mut unused: Vec<u8> = (0..=u8::MAX).take(N).collect();
    digits.map(|d| unused.remove(d as usize))
}

/// The corner permutation coordinate of `cube`: the rank of `corners`.
pub(crate) fn corner_perm(cube: &Cube) -> u16 {
    // cannot fail: 8! - 1 fits in 16 bits
    u16::try_from(permutation_rank(&cube.corners)).expect("8! fits")
}

/// The corner twist coordinate of `cube`: the twists of places 0 to 6 as a
/// number in base 3, place 0 the most significant digit.
pub(crate) fn corner_twist(cube: &Cube) -> u16 {
    cube.corner_twists[..7]
        .iter()
        .fold(0, |rank, &twist| rank * 3 + u16::from(twist))
}

/// The cube whose corners have permutation coordinate `perm` and twist
/// coordinate `twist`, its edges solved.
pub(crate) fn corners_cube(perm: u16, twist: u16) -> Cube {
    let mut cube = Cube::SOLVED;
    cube.corners = permutation_unrank(u32::from(perm));
    let mut rest = twist;
    let mut sum = 0;
    for place in (0..7).rev() {
        // cannot fail: a digit in base 3
        cube.corner_twists[place] = u8::try_from(rest % 3).expect("below 3");
        sum += rest % 3;
        rest /= 3;
    }
    // cannot fail: below 3
    cube.corner_twists[7] = u8::try_from((3 - sum % 3) % 3).expect("below 3");
    cube
}

/// How each move changes the two corner coordinates: row `c` of a table
/// holds the coordinate after each of the 18 moves from coordinate `c`.
pub(crate) struct CornerMoves {
    /// `perm[p][m]`: the permutation coordinate after move `m` from `p`.
    pub(crate) perm: Box<[[u16; 18]]>,
    /// `twist[t][m]`: the twist coordinate after move `m` from `t`.
    pub(crate) twist: Box<[[u16; 18]]>,
    /// `inverse[p]`: the permutation coordinate of the inverse of
    /// permutation `p`.
    pub(crate) inverse: Box<[u16]>,
    /// `places[p][j]`: where permutation `p` puts corner `j`.
    pub(crate) places: Box<[[u8; 8]]>,
    /// `twists[t][i]`: the twist of the corner in place `i` for twist
    /// coordinate `t` (all eight).
    pub(crate) twists: Box<[[u8; 8]]>,
}

impl std::fmt::Debug for CornerMoves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // 43,000 rows help nobody reading a debug print.
        f.debug_struct("CornerMoves").finish_non_exhaustive()
    }
}

impl CornerMoves {
    /// The tables, built on first use (a few milliseconds) and shared.
    pub(crate) fn get() -> &'static CornerMoves {
        static TABLES: OnceLock<CornerMoves> = OnceLock::new();
        TABLES.get_or_init(CornerMoves::build)
    }

    fn build() -> CornerMoves {
        let perm = (0..CORNER_PERMS)
            .map(|p| {
                let cube = corners_cube(p, 0);
                MOVES.map(|mv| corner_perm(&cube.then(&mv)))
            })
            .collect();
        let twist = (0..CORNER_TWISTS)
            .map(|t| {
                let cube = corners_cube(0, t);
                MOVES.map(|mv| corner_twist(&cube.then(&mv)))
            })
            .collect();
        let mut inverse = vec![0; usize::from(CORNER_PERMS)].into_boxed_slice();
        let mut places = vec![[0; 8]; usize::from(CORNER_PERMS)].into_boxed_slice();
        for p in 0..CORNER_PERMS {
            let inverted = corners_cube(p, 0).inverse();
            inverse[usize::from(p)] = corner_perm(&inverted);
            places[usize::from(p)] = inverted.corners;
        }
        let twists = (0..CORNER_TWISTS)
            .map(|t| corners_cube(0, t).corner_twists)
            .collect();
        CornerMoves {
            perm,
            twist,
            inverse,
            places,
            twists,
        }
    }

    /// The corner coordinates of the inverse of the cube whose corner
    /// coordinates are `perm` and `twist`: the inverse puts corner `j`'s
    /// place where `j` was, twisted back.
    #[inline]
    pub(crate) fn inverse(&self, perm: u16, twist: u16) -> (u16, u16) {
        let places = &self.places[usize::from(perm)];
        let twists = &self.twists[usize::from(twist)];
        let mut inverse_twist = 0;
        for &place in &places[..7] {
            let back = (3 - twists[usize::from(place & 7)]) % 3;
            inverse_twist = inverse_twist * 3 + u16::from(back);
        }
        (self.inverse[usize::from(perm)], inverse_twist)
    }
}

/// The edges of the inverse cube, piece by piece: edge `k` of the inverse
/// is in the place numbered as the piece the cube holds in place `k`, with
/// that piece's flip.
#[inline]
pub(crate) fn inverse_edges(edges: &Edges) -> Edges {
    let mut inverse = [0; 16];
    for (piece, &cubie) in (0u8..).zip(&edges[..12]) {
        inverse[usize::from((cubie >> 1) & 15)] = 2 * piece + (cubie & 1);
    }
    inverse
}

/// An edge as the search keeps it: its place times two, plus one if it is
/// flipped (0 to 23).
pub(crate) type EdgeCubie = u8;

/// The twelve edges piece by piece ([`EdgeCubie`]s), and four zero bytes:
/// with sixteen entries, an index masked to four bits needs no bounds
/// check.
pub(crate) type Edges = [EdgeCubie; 16];

/// Where each edge cubie goes under one move, padded to 32 entries so
/// that an index masked to five bits needs no bounds check.
pub(crate) type EdgeStep = [EdgeCubie; 32];

/// The step that moves nothing.
pub(crate) const NO_STEP: EdgeStep = {
    let mut step = [0; 32];
    let mut i = 0u8;
    while i < 32 {
        step[i as usize] = i;
        i += 1;
    }
    step
};

/// `EDGE_STEPS[m][e]`: where edge cubie `e` goes under move `m`.
pub(crate) const EDGE_STEPS: [EdgeStep; 18] = {
    let mut steps = [[0; 32]; 18];
    let mut m = 0;
    while m < 18 {
        // After the move, place `i` holds what was in `edges[i]`, flipped
        // once more if `edge_flips[i]`.
        let mv = &MOVES[m];
        let mut place = 0u8;
        while place < 12 {
            let from = mv.edges[place as usize] as usize;
            let flip = mv.edge_flips[place as usize];
            steps[m][2 * from] = 2 * place + flip;
            steps[m][2 * from + 1] = 2 * place + (flip ^ 1);
            place += 1;
        }
        m += 1;
    }
    steps
};

/// The edges of `cube` piece by piece: entry `p` is where edge `p` is and
/// whether it is flipped.
pub(crate) fn edge_cubies(cube: &Cube) -> Edges {
    let mut cubies = [0; 16];
    for (place, (&piece, &flip)) in (0u8..).zip(cube.edges.iter().zip(&cube.edge_flips)) {
        cubies[usize::from(piece)] = 2 * place + flip;
    }
    cubies
}

/// The edges after the move whose steps are `step`.
#[inline]
pub(crate) fn step_edges(edges: &Edges, step: &EdgeStep) -> Edges {
    let mut moved = [0; 16];
    for (out, &cubie) in moved[..12].iter_mut().zip(&edges[..12]) {
        *out = step[usize::from(cubie & 31)];
    }
    moved
}

/// The rank ([`edge_group_rank`]) of the group of edges `pieces` in
/// `edges` after the move whose steps are `step`: the search's one
/// computation per edge lookup, written as one loop over the group.
#[expect(
    clippy::inline_always,
    reason = "a call per edge lookup otherwise, in the search's hottest loop"
)]
#[inline(always)]
pub(crate) fn group_rank_after<const N: usize>(
    pieces: &[u8; N],
    edges: &Edges,
    step: &EdgeStep,
) -> u32 {
    let mut below = 0u64;
    let mut placement = 0u32;
    let mut flips = 0u32;
    let mut radix = 12;
    for &piece in pieces {
        let cubie = step[usize::from(edges[usize::from(piece & 15)] & 31)];
        let place = u32::from(cubie >> 1);
        let digit = place - ((below >> (4 * place)) & 15) as u32;
        placement = placement * radix + digit;
        radix -= 1;
        below += COUNTER_ONES << (4 * (place + 1));
        flips = flips << 1 | u32::from(cubie & 1);
    }
    placement << N | flips
}

/// Sets the edges of `cube` from `cubies` (as [`edge_cubies`] gives them).
pub(crate) fn set_edges(cube: &mut Cube, cubies: &Edges) {
    for (piece, &cubie) in (0u8..).zip(&cubies[..12]) {
        let place = usize::from(cubie >> 1);
        cube.edges[place] = piece;
        cube.edge_flips[place] = cubie & 1;
    }
}

/// A 1 in each of the twelve 4-bit counters of [`edge_group_rank`].
const COUNTER_ONES: u64 = 0x1111_1111_1111;

/// The number of arrangements of `n` distinct edges among 12 places:
/// 12!/(12-n)!.
pub(crate) const fn placements(n: usize) -> u64 {
    let mut count = 1;
    let mut i = 0;
    while i < n {
        count *= (12 - i) as u64;
        i += 1;
    }
    count
}

/// The rank of a group of `N` edges, given as their cubies in the group's
/// order: the Lehmer code of their places among the 12 (digit `k` counts
/// the free places below the `k`-th edge's), times `2^N`, plus their flips
/// (the first edge's the most significant bit). Dense: every rank below
/// `12!/(12-N)! * 2^N` is one arrangement.
#[inline]
pub(crate) fn edge_group_rank<const N: usize>(cubies: &[EdgeCubie; N]) -> u32 {
    // Counter `c` (bits 4c to 4c+3) holds the number of the group's edges
    // already seen in places below c.
    let mut below = 0u64;
    let mut placement = 0u32;
    let mut flips = 0u32;
    let mut radix = 12;
    for &cubie in cubies {
        let place = u32::from(cubie >> 1);
        let digit = place - ((below >> (4 * place)) & 15) as u32;
        placement = placement * radix + digit;
        radix -= 1;
        below += COUNTER_ONES << (4 * (place + 1));
        flips = flips << 1 | u32::from(cubie & 1);
    }
    placement << N | flips
}

/// The cubies of the group of `N` edges with rank `rank`
/// ([`edge_group_rank`]'s inverse).
pub(crate) fn edge_group_unrank<const N: usize>(rank: u64) -> [EdgeCubie; N] {
    let mut flips = rank;
    let mut placement = rank >> N;
    let mut digits = [0u64; N];
    for k in (0..N).rev() {
        let radix = 12 - k as u64;
        digits[k] = placement % radix;
        placement /= radix;
    }
    let mut free: u16 = 0xfff;
    let mut cubies = [0; N];
    for k in (0..N).rev() {
        cubies[k] = u8::from(flips & 1 == 1);
        flips >>= 1;
    }
    for (cubie, &digit) in cubies.iter_mut().zip(&digits) {
        // The digit-th free place, counting from 0.
        let mut rest = free;
        for _ in 0..digit {
            rest &= rest - 1;
        }
        // cannot fail: a place below 12
        let place = u8::try_from(rest.trailing_zeros()).expect("a place below 12");
        free &= !(1 << place);
        *cubie |= 2 * place;
    }
    cubies
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic scramble of `len` moves.
    fn scrambled(seed: usize, len: usize) -> Cube {
        (0..len).fold(Cube::SOLVED, |cube, i| {
            cube.turned(Move::ALL[(seed * 7919 + i * 104_729 + i * i * 13) % 18])
        })
    }

    #[test]
    fn permutation_ranks_are_dense_and_invertible() {
        let mut seen = vec![false; 5040];
        for rank in 0..5040 {
            let perm = permutation_unrank::<7>(rank);
            assert_eq!(permutation_rank(&perm), rank);
            seen[usize::try_from(rank).unwrap()] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(permutation_rank(&[0, 1, 2, 3]), 0);
        assert_eq!(permutation_rank(&[3, 2, 1, 0]), 23);
    }

    #[test]
    fn corner_coordinates_round_trip_and_follow_the_moves() {
        let tables = CornerMoves::get();
        for seed in 0..200 {
            let cube = scrambled(seed, 30);
            let (perm, twist) = (corner_perm(&cube), corner_twist(&cube));
            let back = corners_cube(perm, twist);
            assert_eq!(back.corners, cube.corners);
            assert_eq!(back.corner_twists, cube.corner_twists);
            for (m, mv) in Move::ALL.into_iter().enumerate() {
                let next = cube.turned(mv);
                assert_eq!(tables.perm[usize::from(perm)][m], corner_perm(&next));
                assert_eq!(tables.twist[usize::from(twist)][m], corner_twist(&next));
            }
        }
        assert_eq!(corner_perm(&Cube::SOLVED), 0);
        assert_eq!(corner_twist(&Cube::SOLVED), 0);
    }

    #[test]
    fn edge_steps_follow_the_cubie_model() {
        for seed in 0..200 {
            let cube = scrambled(seed, 25);
            let cubies = edge_cubies(&cube);
            let mut back = Cube::SOLVED;
            set_edges(&mut back, &cubies);
            assert_eq!((back.edges, back.edge_flips), (cube.edges, cube.edge_flips));
            for (m, mv) in Move::ALL.into_iter().enumerate() {
                let stepped = step_edges(&cubies, &EDGE_STEPS[m]);
                assert_eq!(stepped, edge_cubies(&cube.turned(mv)), "{mv}");
                for pieces in [
                    [0, 1, 2, 3, 4, 5],
                    [6, 7, 8, 9, 10, 11],
                    [11, 3, 8, 0, 5, 2],
                ] {
                    let group: [u8; 6] = pieces.map(|p| stepped[usize::from(p)]);
                    let fused = group_rank_after(&pieces, &cubies, &EDGE_STEPS[m]);
                    assert_eq!(fused, edge_group_rank(&group));
                    let still = group_rank_after(&pieces, &stepped, &NO_STEP);
                    assert_eq!(still, fused);
                }
            }
        }
    }

    #[test]
    fn inverse_coordinates_are_those_of_the_inverse_cube() {
        let tables = CornerMoves::get();
        for seed in 0..200 {
            let cube = scrambled(seed, 30);
            let inverse = cube.inverse();
            assert_eq!(
                tables.inverse(corner_perm(&cube), corner_twist(&cube)),
                (corner_perm(&inverse), corner_twist(&inverse))
            );
            assert_eq!(inverse_edges(&edge_cubies(&cube)), edge_cubies(&inverse));
        }
    }

    #[test]
    fn edge_group_ranks_are_dense_and_invertible() {
        // Every rank of a group of 3 (12 * 11 * 10 * 8 = 10,560) once.
        let count = placements(3) << 3;
        assert_eq!(count, 10_560);
        let mut seen = vec![false; 10_560];
        for rank in 0..count {
            let cubies = edge_group_unrank::<3>(rank);
            assert_eq!(u64::from(edge_group_rank(&cubies)), rank);
            let places: Vec<u8> = cubies.iter().map(|c| c >> 1).collect();
            assert!(places.iter().all(|&p| p < 12));
            assert!(places[0] != places[1] && places[1] != places[2] && places[0] != places[2]);
            seen[usize::try_from(rank).unwrap()] = true;
        }
        assert!(seen.iter().all(|&s| s));
        // Larger groups on scrambled cubes.
        for seed in 0..100 {
            let cubies = edge_cubies(&scrambled(seed, 40));
            let group: [u8; 7] = std::array::from_fn(|k| cubies[k]);
            let rank = edge_group_rank(&group);
            assert!(u64::from(rank) < placements(7) << 7);
            assert_eq!(edge_group_unrank::<7>(u64::from(rank)), group);
        }
        let solved: [u8; 6] = [0, 2, 4, 6, 8, 10];
        assert_eq!(edge_group_rank(&solved), 0);
    }
}
