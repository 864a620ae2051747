//! The 2x2x2 cube checked against its exhaustive breadth-first search
//! ([`PocketDistances`], itself checked against the published distance
//! distribution): the projections heuristic is admissible and consistent
//! both ways, and every optimal search of frontier finds the table's
//! distance on random positions, each solution replayed to solved.
//!
//! Sample sizes depend on the build. A debug build (plain `cargo test`)
//! checks a few hundred positions per search, keeping the run to seconds;
//! `cargo test --release -p frontier-cube --test pocket` checks thousands
//! per search, and every position's heuristic.

use std::sync::OnceLock;

use cube::{Face, Move, Pocket, PocketDistances, PocketHeuristic, PocketProblem, Sequence, Turn};
use frontier::{
    AStar, Bae, Bfs, BidirectionalBfs, BidirectionalProblem, Dvcbs, IdaStar, Mm, Nbs,
    ParallelIdaStar, SearchProblem, SearchResult, Solution,
};
use proptest::prelude::*;

/// The exact distances, built once for all the tests of this file.
fn table() -> &'static PocketDistances {
    static TABLE: OnceLock<PocketDistances> = OnceLock::new();
    TABLE.get_or_init(PocketDistances::build)
}

/// `debug` in a debug build, `release` in an optimised one.
const fn sample(debug: usize, release: usize) -> usize {
    if cfg!(debug_assertions) {
        debug
    } else {
        release
    }
}

/// `count` random positions, from seeds starting at `first_seed`.
fn positions(first_seed: u64, count: usize) -> impl Iterator<Item = Pocket> {
    (first_seed..).take(count).map(Pocket::random)
}

/// Checks a solution: its states are the positions its moves lead
/// through, from `start` to solved, and its cost is its length. Returns
/// the cost.
fn replay(start: Pocket, solution: &Solution<Pocket, Move, u32>, who: &str) -> u32 {
    assert_eq!(solution.states.len(), solution.actions.len() + 1, "{who}");
    assert_eq!(solution.states[0], start, "{who}");
    let mut pocket = start;
    for (mv, state) in solution.actions.iter().zip(&solution.states[1..]) {
        assert!(
            matches!(mv.face, Face::U | Face::R | Face::F),
            "{who}: {mv} is no move of the 2x2x2 held by DBL"
        );
        pocket = pocket.turned(*mv);
        assert_eq!(*state, pocket, "{who}");
    }
    assert!(pocket.is_solved(), "{who}: ends unsolved");
    assert_eq!(solution.cost as usize, solution.actions.len(), "{who}");
    solution.cost
}

/// Checks that `result` found an optimal solution of `start`, by the
/// table.
fn optimal(who: &str, start: Pocket, result: &SearchResult<Pocket, Move, u32>) {
    let solution = result
        .solution()
        .unwrap_or_else(|| panic!("{who} on {start:?}: {:?}", result.outcome));
    assert_eq!(
        replay(start, solution, who),
        u32::from(table().distance(start)),
        "{who} on {start:?}"
    );
}

#[test]
fn the_distance_distribution_is_the_published_one() {
    // Half-turn metric, DBL fixed: God's number 11 (OEIS A079761).
    assert_eq!(
        table().counts(),
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227_536, 870_072, 1_887_748, 623_800, 2644
        ]
    );
    assert_eq!(table().counts().iter().sum::<u64>(), 3_674_160);
    for start in positions(0, 1000) {
        let solution = table().solution(start);
        assert_eq!(solution.len(), usize::from(table().distance(start)));
        assert!(start.apply_all(&solution).is_solved());
    }
}

#[test]
fn projections_are_admissible_and_consistent() {
    let problem = PocketProblem::new(Pocket::SOLVED, PocketHeuristic::Projections);
    let mut loose = [0u64; 12];
    // Every position in release; every 7th in debug, still half a million.
    for rank in (0..Pocket::COUNT).step_by(sample(7, 1)) {
        let pocket = Pocket::unrank(rank).unwrap();
        let h = problem.heuristic(&pocket);
        let d = u32::from(table().distance(pocket));
        assert!(h <= d, "{pocket:?}: h {h} > d {d}");
        assert_eq!(h == 0, pocket.is_solved());
        loose[(d - h) as usize] += 1;
        for step in problem.successors(&pocket) {
            let next = problem.heuristic(&step.state);
            assert!(
                h.abs_diff(next) <= 1,
                "{pocket:?} --{}--> {h} to {next}",
                step.action
            );
        }
    }
    // Not the exact table: most positions are estimated short.
    let exact = loose[0];
    let total: u64 = loose.iter().sum();
    assert!(exact * 4 < total, "{exact} of {total} exact: {loose:?}");
}

/// The fewest moves from `from` to `to`: the distance to solved of
/// `from⁻¹ · to`, by the table (the moves are closed under inverses).
fn distance_between(from: Pocket, to: Pocket) -> u8 {
    let between = from.to_cube().inverse().then(&to.to_cube());
    table().distance(Pocket::from_cube(&between).unwrap())
}

#[test]
fn backward_projections_are_admissible_and_consistent() {
    for start in positions(10_000, 4) {
        let problem = PocketProblem::new(start, PocketHeuristic::Projections);
        assert_eq!(problem.backward_heuristic(&start), 0);
        assert_eq!(
            distance_between(start, Pocket::SOLVED),
            table().distance(start)
        );
        for goal in positions(20_000, sample(3_000, 100_000)) {
            let h = problem.backward_heuristic(&goal);
            let d = u32::from(distance_between(start, goal));
            assert!(h <= d, "from {start:?} to {goal:?}: h {h} > d {d}");
            for step in problem.predecessors(&goal) {
                assert_eq!(step.state.turned(step.action), goal);
                let next = problem.backward_heuristic(&step.state);
                assert!(h.abs_diff(next) <= 1);
            }
        }
    }
}

#[test]
fn every_optimal_search_agrees_with_the_table() {
    for start in positions(1_000_000, sample(100, 2_000)) {
        let problem = PocketProblem::new(start, PocketHeuristic::Projections);
        let results = [
            ("bidirectional bfs", frontier::bidirectional_bfs(&problem)),
            ("A*", frontier::astar(&problem)),
            ("IDA*", frontier::idastar(&problem)),
            ("IDA* in place", IdaStar::new().search_in_place(&problem)),
            ("IDA* with BPMX", IdaStar::new().bpmx().search(&problem)),
            ("MM", frontier::mm(&problem)),
            ("NBS", frontier::nbs(&problem)),
            ("DVCBS", frontier::dvcbs(&problem)),
            ("BAE*", frontier::bae(&problem)),
        ];
        for (who, result) in &results {
            optimal(who, start, result);
        }
    }
}

#[test]
fn the_fast_searches_agree_on_many_more() {
    for start in positions(2_000_000, sample(400, 10_000)) {
        let problem = PocketProblem::new(start, PocketHeuristic::Projections);
        optimal("A*", start, &frontier::astar(&problem));
        optimal(
            "IDA* in place",
            start,
            &IdaStar::new().search_in_place(&problem),
        );
        optimal(
            "bidirectional bfs",
            start,
            &frontier::bidirectional_bfs(&problem),
        );
    }
}

/// The position of `len` random moves of [`Pocket::MOVES`] from solved.
fn scrambled(len: usize, seed: u64) -> Pocket {
    let moves: Vec<Move> = Sequence::random(len, seed)
        .into_iter()
        .map(|mv| Pocket::MOVES[mv.index() % 9])
        .collect();
    Pocket::SOLVED.apply_all(&moves)
}

#[test]
fn blind_and_dense_searches() {
    // Breadth-first search and blind A* visit up to all 3.7 million
    // positions: short scrambles keep them small.
    for seed in 0..sample(40, 400) as u64 {
        let len = usize::try_from(seed % 8).unwrap();
        let start = scrambled(len, seed);
        let blind = PocketProblem::new(start, PocketHeuristic::Zero);
        optimal("bfs", start, &frontier::bfs(&blind));
        optimal("MM blind", start, &frontier::mm(&blind));
        optimal(
            "bidirectional bfs blind",
            start,
            &frontier::bidirectional_bfs(&blind),
        );
        if len <= 5 {
            optimal("A* blind", start, &frontier::astar(&blind));
        }
    }
    // Dense tables hold all 3.7 million ranks: a few searches each.
    for seed in 0..sample(2, 20) as u64 {
        let shallow = scrambled(5, seed);
        let problem = PocketProblem::new(shallow, PocketHeuristic::Projections);
        optimal("bfs dense", shallow, &Bfs::new().dense().search(&problem));
        let start = Pocket::random(3_000_000 + seed);
        let problem = PocketProblem::new(start, PocketHeuristic::Projections);
        optimal(
            "bidirectional bfs dense",
            start,
            &BidirectionalBfs::new().dense().search(&problem),
        );
        optimal("A* dense", start, &AStar::new().dense().search(&problem));
        optimal("MM dense", start, &Mm::new().dense().search(&problem));
        optimal("NBS dense", start, &Nbs::new().dense().search(&problem));
        optimal("DVCBS dense", start, &Dvcbs::new().dense().search(&problem));
        optimal("BAE* dense", start, &Bae::new().dense().search(&problem));
    }
}

#[test]
fn parallel_and_greedy_searches() {
    for start in positions(4_000_000, sample(20, 500)) {
        let problem = PocketProblem::new(start, PocketHeuristic::Projections);
        optimal(
            "parallel IDA*",
            start,
            &ParallelIdaStar::new().threads(2).search(&problem),
        );
        optimal(
            "parallel IDA* in place",
            start,
            &ParallelIdaStar::new().threads(2).search_in_place(&problem),
        );
        // Greedy search is not optimal: its solution only has to replay.
        let greedy = frontier::greedy(&problem);
        let solution = greedy.solution().expect("every position can be solved");
        assert!(replay(start, solution, "greedy") >= u32::from(table().distance(start)));
    }
}

/// A quarter turn of `face`, clockwise.
fn quarter(face: Face) -> Move {
    Move::new(face, Turn::Clockwise)
}

#[test]
fn turning_d_l_or_b_is_turning_u_r_or_f_held_anew() {
    for (face, held) in [(Face::D, Face::U), (Face::L, Face::R), (Face::B, Face::F)] {
        for turn in Turn::ALL {
            let mv = Move::new(face, turn);
            assert_eq!(
                Pocket::from_moves(&[mv]),
                Pocket::SOLVED.turned(Move::new(held, turn))
            );
            assert_eq!(
                Pocket::SOLVED.turned(mv),
                Pocket::SOLVED.turned(Move::new(held, turn))
            );
        }
    }
    // A whole-cube rotation is two opposite face turns: x = R L', y = U
    // D', z = F B'. Turning the whole cube changes no position.
    let rotations = [
        [quarter(Face::R), quarter(Face::L).inverse()],
        [quarter(Face::U), quarter(Face::D).inverse()],
        [quarter(Face::F), quarter(Face::B).inverse()],
    ];
    for seed in 0..200 {
        let scramble = Sequence::random(20, seed);
        let pocket = Pocket::from_moves(&scramble);
        assert!(table().distance(pocket) as usize <= scramble.len());
        for rotation in &rotations {
            let mut rotated = scramble.clone().into_moves();
            rotated.extend(rotation);
            assert_eq!(Pocket::from_moves(&rotated), pocket);
        }
        // Undone, whatever the faces.
        let mut there_and_back = scramble.clone().into_moves();
        there_and_back.extend(scramble.inverse());
        assert!(Pocket::from_moves(&there_and_back).is_solved());
        // Text reads as the moves do.
        assert_eq!(scramble.to_string().parse::<Pocket>(), Ok(pocket));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn u_r_f_scrambles_are_turned_move_by_move(indices in prop::collection::vec(0usize..9, 0..30)) {
        let moves: Vec<Move> = indices.iter().map(|&i| Pocket::MOVES[i]).collect();
        let pocket = Pocket::SOLVED.apply_all(&moves);
        prop_assert_eq!(Pocket::from_moves(&moves), pocket);
        prop_assert_eq!(Pocket::unrank(pocket.rank()), Some(pocket));
        prop_assert!(usize::from(table().distance(pocket)) <= moves.len());
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC*") {
        let _ = text.parse::<Pocket>();
    }
}
