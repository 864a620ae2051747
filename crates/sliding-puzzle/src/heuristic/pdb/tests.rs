//! Unit tests of the ranking and region helpers.

use pattern_db::{AbstractStep, Abstraction};

use super::bits::{bits, cell_u8, div_rem};
use super::reflection::transpose;
use super::space::{NO_TILE, PatternSpace, PatternState};
use crate::Board;

/// The Lehmer rank by its definition: each digit the tile's cell less
/// the earlier tiles' cells below it. Cached tables are indexed by it,
/// so a faster ranking must give the same numbers.
fn naive_rank(cells: &[u8], total: u64) -> u64 {
    let mut rank = 0;
    for (k, &cell) in cells.iter().enumerate() {
        let below = cells[..k].iter().filter(|&&earlier| earlier < cell).count();
        rank = rank * (total - k as u64) + u64::from(cell) - below as u64;
    }
    rank
}

#[test]
fn placement_ranks_are_lehmer_codes() {
    // Every placement of up to 3 tiles on 16 cells, and pseudo-random
    // placements of 8 and of all 16 tiles.
    for a in 0..16u8 {
        for b in (0..16).filter(|&b| b != a) {
            for c in (0..16).filter(|&c| c != a && c != b) {
                for cells in [&[a][..], &[a, b], &[a, b, c]] {
                    assert_eq!(
                        PatternSpace::<4, 4>::placement_rank(cells.iter().copied()),
                        naive_rank(cells, 16),
                        "{cells:?}"
                    );
                }
            }
        }
    }
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..2_000 {
        let mut cells: Vec<u8> = (0..16).collect();
        for k in (1..cells.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            cells.swap(k, usize::try_from(seed % (k as u64 + 1)).unwrap());
        }
        for len in [8, 16] {
            let cells = &cells[..len];
            assert_eq!(
                PatternSpace::<4, 4>::placement_rank(cells.iter().copied()),
                naive_rank(cells, 16)
            );
        }
    }
    assert_eq!(
        PatternSpace::<3, 3>::placement_rank([8, 0, 4].into_iter()),
        naive_rank(&[8, 0, 4], 9)
    );
}

#[test]
fn ranks_and_unranks_every_state_of_a_small_space() {
    let space = PatternSpace::<3, 3>::new(&[2, 5, 7]).unwrap();
    assert_eq!(space.state_count(), 9 * 8 * 7 * 6);
    let mut states = 0;
    for rank in 0..space.state_count() {
        let state = space.unrank(rank);
        assert_eq!(space.rank(&state), rank);
        assert_eq!(state.occupied.count_ones(), 3);
        assert_eq!(state.occupied & (1 << state.region), 0);
        let canonical = space.state(&cells(&state), state.region);
        if canonical != state {
            // Not the smallest cell of its region: a rank no state has.
            assert!(canonical.region < state.region);
            continue;
        }
        states += 1;
        assert_eq!(
            moves(&space, &state),
            expected_moves(&space, &state),
            "from {state:?}"
        );
    }
    // Three tiles leave six free cells, connected or not.
    assert!(states > 9 * 8 * 7 && states < 9 * 8 * 7 * 3);
}

/// The ranks of the unit steps out of `state`.
fn moves<const W: usize, const H: usize>(
    space: &PatternSpace<W, H>,
    state: &PatternState,
) -> Vec<u64> {
    space
        .predecessors(state)
        .map(|step| match step {
            AbstractStep::Unit(rank) => rank,
            AbstractStep::Free(_) => panic!("a free step from {state:?}"),
        })
        .collect()
}

/// The same, the slow way: every tile next to a cell the blank reaches
/// (by flooding cell by cell), slid there, and the result ranked from
/// scratch.
fn expected_moves<const W: usize, const H: usize>(
    space: &PatternSpace<W, H>,
    state: &PatternState,
) -> Vec<u64> {
    let free = |cell: usize| cell < W * H && state.at[cell] == NO_TILE;
    let mut region = vec![usize::from(state.region)];
    let mut next = 0;
    while next < region.len() {
        let cell = region[next];
        next += 1;
        for neighbour in bits(space.neighbours[cell]).map(usize::from) {
            if free(neighbour) && !region.contains(&neighbour) {
                region.push(neighbour);
            }
        }
    }
    region.sort_unstable();
    let mut ranks = Vec::new();
    for to in region {
        for from in bits(space.neighbours[to]).map(usize::from) {
            if free(from) {
                continue;
            }
            let mut tiles = cells(state);
            let i = usize::from(state.at[from]);
            tiles[i] = cell_u8(to);
            ranks.push(space.rank(&space.state(&tiles, cell_u8(from))));
        }
    }
    ranks
}

/// The cells of the group's tiles, in tile order.
fn cells(state: &PatternState) -> Vec<u8> {
    let mut cells: Vec<(u8, u8)> = (0..16)
        .filter(|&c| state.at[usize::from(c)] != NO_TILE)
        .map(|c| (state.at[usize::from(c)], c))
        .collect();
    cells.sort_unstable();
    cells.into_iter().map(|(_, c)| c).collect()
}

#[test]
fn slid_ranks_and_regions_match_recomputed_ones_on_the_fifteen_puzzle() {
    let space = PatternSpace::<4, 4>::new(&[1, 3, 6, 8, 9, 14]).unwrap();
    let mut rank: u64 = 12_345;
    for _ in 0..20_000 {
        rank = rank
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let state = space.unrank(rank % space.state_count());
        let state = space.state(&cells(&state), state.region);
        assert_eq!(
            moves(&space, &state),
            expected_moves(&space, &state),
            "from {state:?}"
        );
        for rank in moves(&space, &state) {
            let moved = space.unrank(rank);
            assert_eq!(space.rank(&moved), rank);
            assert_eq!(space.state(&cells(&moved), moved.region), moved);
        }
    }
}

#[test]
fn division_by_reciprocal_is_exact() {
    for radix in 1..=16 {
        for x in (0..100_000).chain((1 << 45) - 100_000..1 << 45) {
            assert_eq!(div_rem(x, radix), (x / radix, x % radix), "{x} / {radix}");
        }
        let mut x: u64 = 1;
        while x < 1 << 45 {
            for y in [x - 1, x, x + 1, x * 3 / 2]
                .into_iter()
                .filter(|&y| y < 1 << 45)
            {
                assert_eq!(div_rem(y, radix), (y / radix, y % radix), "{y} / {radix}");
            }
            x = x * 5 / 4 + 1;
        }
    }
}

#[test]
fn regions_are_named_by_their_smallest_cell() {
    let space = PatternSpace::<4, 4>::new(&[1]).unwrap();
    // Free cells 0, 1 and 4 (one region) and 15 (another).
    let free = 0b1000_0000_0001_0011;
    assert_eq!(space.flood(free, 1 << 4), 0b1_0011);
    assert_eq!(space.region_of(free, 4), 0);
    assert_eq!(space.region_of(free, 1), 0);
    assert_eq!(space.region_of(free, 15), 15);
    // Cells 3 and 4 are not neighbours, though their numbers are.
    assert_eq!(space.flood(0b1_1000, 1 << 3), 1 << 3);
}

#[test]
fn the_goal_entry_is_the_goal_boards_entry() {
    let space = PatternSpace::<4, 4>::new(&[3, 1, 12]).unwrap();
    let goal = space.goals().next().unwrap();
    assert_eq!(space.tiles(), [1, 3, 12]);
    assert_eq!(goal.placement, space.entry(&Board::<4, 4>::goal()));
}

#[test]
fn transposing_twice_is_the_identity_and_fixes_the_blank_last_goal() {
    for cell in 0..16 {
        assert_eq!(transpose::<4>(transpose::<4>(cell)), cell);
    }
    assert_eq!(transpose::<4>(15), 15);
    assert_eq!(transpose::<4>(1), 4);
}
