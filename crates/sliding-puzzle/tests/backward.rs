//! The backward heuristic of the bidirectional searches: each heuristic
//! measured to the start board instead of the goal. It is zero at the start,
//! equal to the forward estimate when the target is the goal, never above
//! the true distance (checked against the 3x3 table and along optimal
//! paths), and MM and NBS guided by it find optimal solutions.

use std::sync::LazyLock;

use frontier::{BidirectionalProblem, SearchProblem};
use proptest::prelude::*;
use sliding_puzzle::heuristic::Target;
use sliding_puzzle::heuristic::pdb::{Partition, PatternDatabase};
use sliding_puzzle::{
    Board, Eight, EightTable, Fifteen, Heuristic, LinearConflict, Manhattan, Misplaced, Puzzle,
};

static TABLE: LazyLock<EightTable> = LazyLock::new(EightTable::build);

/// Checks the backward heuristic of `heuristic` on `start`: zero at the
/// start, at most the table's distance at the goal, and at most `i` at the
/// `i`-th state of an optimal path (its prefixes are optimal too).
fn check_backward(
    heuristic: impl Heuristic<3, 3> + Copy,
    start: Eight,
) -> Result<(), TestCaseError> {
    let puzzle = Puzzle::new(start, heuristic);
    let distance = u32::from(TABLE.distance(&start).expect("solvable"));
    prop_assert_eq!(puzzle.backward_heuristic(&puzzle.start()), 0);
    prop_assert!(puzzle.backward_heuristic(&puzzle.goal()) <= distance);
    let moves = TABLE.solve(&start).expect("solvable");
    let mut board = start;
    for (i, &m) in (1..).zip(&moves) {
        board = board.apply(m).expect("the table's moves are legal");
        prop_assert!(
            puzzle.backward_heuristic(&puzzle.state(board)) <= i,
            "{:?} after {}",
            board,
            i
        );
    }
    Ok(())
}

proptest! {
    #[test]
    fn backward_estimates_are_admissible_on_random_3x3_boards(seed: u64) {
        let start = Eight::random_solvable(seed);
        check_backward(Misplaced, start)?;
        check_backward(Manhattan, start)?;
        check_backward(LinearConflict, start)?;
    }

    #[test]
    fn measured_to_the_goal_they_equal_the_forward_estimates(seed: u64) {
        fn same<const W: usize, const H: usize>(board: &Board<W, H>) -> Result<(), TestCaseError> {
            let goal = Target::new(&Board::<W, H>::goal());
            prop_assert_eq!(Misplaced.estimate_to(board, &goal), Misplaced.estimate(board));
            prop_assert_eq!(Manhattan.estimate_to(board, &goal), Manhattan.estimate(board));
            prop_assert_eq!(LinearConflict.estimate_to(board, &goal), LinearConflict.estimate(board));
            Ok(())
        }
        same(&Eight::random_solvable(seed))?;
        same(&Fifteen::random_solvable(seed))?;
        same(&Board::<4, 3>::random_solvable(seed))?;
        same(&Board::<2, 8>::random_solvable(seed))?;
    }

    #[test]
    fn manhattan_distance_is_symmetric(seed: u64, other: u64) {
        // From a to b as from b to a: relabelling the tiles makes b the goal.
        let a = Fifteen::random_solvable(seed);
        let b = Fifteen::random_solvable(other);
        prop_assert_eq!(
            Manhattan.estimate_to(&a, &Target::new(&b)),
            Manhattan.estimate_to(&b, &Target::new(&a))
        );
        prop_assert_eq!(Manhattan.estimate_to(&Fifteen::goal(), &Target::new(&a)), Manhattan.estimate(&a));
    }

    #[test]
    fn mm_and_nbs_solve_3x3_boards_optimally(seed: u64) {
        let start = Eight::random_solvable(seed);
        let optimum = u32::from(TABLE.distance(&start).expect("solvable"));
        let puzzle = Puzzle::new(start, LinearConflict);
        for result in [
            frontier::mm(&puzzle),
            frontier::nbs(&puzzle),
            frontier::Mm::new().dense().search(&puzzle),
            frontier::Nbs::new().dense().search(&puzzle),
        ] {
            let solution = result.solution().expect("solvable");
            prop_assert_eq!(solution.cost, optimum);
            prop_assert!(start.verify_solution(&solution.actions).is_ok());
        }
    }
}

#[test]
fn pattern_databases_give_no_backward_information() {
    let partition = Partition::<3, 3>::new([&[1, 2, 3, 4][..], &[5, 6, 7, 8]]).unwrap();
    let database = PatternDatabase::build(&partition, |_| {}).unwrap();
    let start = Eight::random_solvable(7);
    let puzzle = Puzzle::new(start, &database);
    assert!(puzzle.heuristic(&puzzle.start()) > 0);
    assert_eq!(puzzle.backward_heuristic(&puzzle.goal()), 0);
    // Still optimal: MM and NBS then search backward blind.
    let optimum = u32::from(TABLE.distance(&start).unwrap());
    assert_eq!(frontier::mm(&puzzle).solution().unwrap().cost, optimum);
    assert_eq!(frontier::nbs(&puzzle).solution().unwrap().cost, optimum);
}

/// ε for the bidirectional searches: every move of a sliding puzzle costs
/// one, so the cheapest step is 1, on both board types and both ways.
#[test]
fn the_cheapest_step_is_one_move() {
    for seed in 0..20 {
        let board = Fifteen::random_solvable(seed);
        let puzzle = Puzzle::new(board, Manhattan);
        assert_eq!(puzzle.min_step_cost(), 1);
        let state = puzzle.start();
        for step in puzzle.successors(&state).chain(puzzle.predecessors(&state)) {
            assert!(step.cost >= puzzle.min_step_cost());
        }
        let large = sliding_puzzle::LargePuzzle::new(
            sliding_puzzle::Twentyfour::random_walk(seed, 30),
            Manhattan,
        );
        assert_eq!(large.min_step_cost(), 1);
        let state = large.start();
        assert!(large.successors(&state).all(|step| step.cost >= 1));
    }
}
