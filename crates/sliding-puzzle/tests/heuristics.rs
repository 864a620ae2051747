//! Heuristics on boards too many to enumerate: incremental updates equal
//! recomputation along random 4x4 walks, and on other shapes.

use proptest::prelude::*;
use sliding_puzzle::{
    Board, Fifteen, Heuristic, LinearConflict, Manhattan, Misplaced, Move, SplitMix64,
};

/// Walks `len` random moves from `start`, checking at every move that
/// `update` gives `estimate`, and consistency where claimed.
fn walk<const W: usize, const H: usize>(
    heuristic: &impl Heuristic<W, H>,
    start: Board<W, H>,
    seed: u64,
    len: usize,
) -> Result<(), TestCaseError> {
    let mut rng = SplitMix64::new(seed);
    let mut board = start;
    let mut h = heuristic.estimate(&board);
    for _ in 0..len {
        let moves: Vec<Move> = board.legal_moves().collect();
        let m = moves[rng.below(moves.len())];
        let (next, slide) = board.apply_with_slide(m).unwrap();
        let updated = heuristic.update(&next, h, slide);
        let expected = heuristic.estimate(&next);
        prop_assert_eq!(updated, expected, "{:?} then {}", board, m);
        if heuristic.is_consistent() {
            prop_assert!(h.abs_diff(expected) <= 1);
        }
        board = next;
        h = updated;
    }
    Ok(())
}

proptest! {
    #[test]
    fn fifteen_updates_equal_recomputation(seed: u64, start_seed: u64) {
        let start = Fifteen::random_solvable(start_seed);
        walk(&Misplaced, start, seed, 200)?;
        walk(&Manhattan, start, seed, 200)?;
        walk(&LinearConflict, start, seed, 200)?;
        walk(&&LinearConflict, start, seed, 20)?;
    }

    #[test]
    fn other_shapes_update_too(seed: u64) {
        walk(&LinearConflict, Board::<2, 8>::random_solvable(seed), seed, 100)?;
        walk(&LinearConflict, Board::<8, 2>::random_solvable(seed), seed, 100)?;
        walk(&LinearConflict, Board::<3, 5>::random_solvable(seed), seed, 100)?;
        walk(&LinearConflict, Board::<4, 3>::random_solvable(seed), seed, 100)?;
        walk(&Manhattan, Board::<1, 16>::random_solvable(seed), seed, 30)?;
        walk(&LinearConflict, Board::<16, 1>::random_solvable(seed), seed, 30)?;
    }

    #[test]
    fn goal_is_zero_and_others_positive(seed: u64) {
        let board = Fifteen::random_solvable(seed);
        let lc = LinearConflict.estimate(&board);
        let md = Manhattan.estimate(&board);
        prop_assert!(lc >= md && md >= Misplaced.estimate(&board));
        prop_assert_eq!(board.is_goal(), lc == 0);
        prop_assert_eq!(lc % 2, md % 2);
    }
}

#[test]
fn goal_estimates() {
    assert_eq!(Manhattan.estimate(&Fifteen::goal()), 0);
    assert_eq!(LinearConflict.estimate(&Fifteen::goal()), 0);
    assert_eq!(Misplaced.estimate(&Fifteen::goal()), 0);
    assert!(Heuristic::<4, 4>::is_consistent(&LinearConflict));
}
