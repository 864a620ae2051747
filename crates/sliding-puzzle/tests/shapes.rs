//! Every shape small enough to enumerate: solvability against an exhaustive
//! search from the goal, and ranking round trips; 4x4 ranking by property
//! tests.

use std::collections::HashSet;

use proptest::prelude::*;
use sliding_puzzle::{Board, Fifteen};

/// The boards reachable from the goal, by breadth-first search.
fn reachable<const W: usize, const H: usize>() -> HashSet<Board<W, H>> {
    let mut seen = HashSet::from([Board::<W, H>::goal()]);
    let mut frontier = vec![Board::<W, H>::goal()];
    while let Some(board) = frontier.pop() {
        for m in board.legal_moves() {
            let child = board.apply(m).expect("legal move");
            if seen.insert(child) {
                frontier.push(child);
            }
        }
    }
    seen
}

/// `is_solvable` holds exactly on the reachable boards, `expected` of them,
/// and every rank round-trips.
fn check_shape<const W: usize, const H: usize>(expected: u64) {
    let reachable = reachable::<W, H>();
    assert_eq!(reachable.len() as u64, expected, "{W}x{H}");
    let mut solvable = 0;
    for rank in 0..Board::<W, H>::ARRANGEMENTS {
        let board = Board::<W, H>::unrank(rank).expect("rank in range");
        assert_eq!(board.rank(), rank);
        assert_eq!(
            Board::<W, H>::from_tiles(&board.tiles().collect::<Vec<_>>()),
            Ok(board)
        );
        assert_eq!(
            board.is_solvable(),
            reachable.contains(&board),
            "{W}x{H} {board:?}"
        );
        solvable += u64::from(board.is_solvable());
    }
    assert_eq!(solvable, expected);
    assert_eq!(Board::<W, H>::unrank(Board::<W, H>::ARRANGEMENTS), None);
}

#[test]
fn two_by_two() {
    check_shape::<2, 2>(12);
}

#[test]
fn two_by_three_and_three_by_two() {
    check_shape::<2, 3>(360);
    check_shape::<3, 2>(360);
}

#[test]
fn two_by_four_and_four_by_two() {
    check_shape::<2, 4>(20_160);
    check_shape::<4, 2>(20_160);
}

#[test]
fn three_by_three() {
    check_shape::<3, 3>(181_440);
}

#[test]
fn single_rows_and_columns() {
    // Tiles cannot pass each other: only the blank's cell varies.
    check_shape::<3, 1>(3);
    check_shape::<1, 4>(4);
    check_shape::<2, 1>(2);
}

proptest! {
    #[test]
    fn fifteen_ranks_round_trip(rank in 0..Fifteen::ARRANGEMENTS) {
        let board = Fifteen::unrank(rank).unwrap();
        prop_assert_eq!(board.rank(), rank);
        prop_assert_eq!(board.tile(board.blank()), 0);
    }

    #[test]
    fn fifteen_boards_round_trip(seed: u64, walk in 0usize..200) {
        for board in [Fifteen::random_solvable(seed), Fifteen::random_walk(seed, walk)] {
            prop_assert!(board.is_solvable());
            prop_assert_eq!(Fifteen::unrank(board.rank()), Some(board));
            prop_assert_eq!(board.to_line().parse::<Fifteen>(), Ok(board));
            prop_assert_eq!(board.to_string().parse::<Fifteen>(), Ok(board));
        }
    }

    #[test]
    fn shuffles_cover_both_parities(tiles in Just((0u8..16).collect::<Vec<_>>()).prop_shuffle()) {
        let board = Fifteen::from_tiles(&tiles).unwrap();
        prop_assert_eq!(Fifteen::unrank(board.rank()), Some(board));
        // Swapping two tiles flips solvability.
        let mut swapped = tiles.clone();
        let (a, b) = (
            swapped.iter().position(|&t| t == 1).unwrap(),
            swapped.iter().position(|&t| t == 2).unwrap(),
        );
        swapped.swap(a, b);
        let swapped = Fifteen::from_tiles(&swapped).unwrap();
        prop_assert_ne!(board.is_solvable(), swapped.is_solvable());
    }
}
