use std::collections::HashMap;
use std::sync::OnceLock;

use frontier::{BidirectionalProblem, IdaStar, ParallelIdaStar, SearchProblem, Step};
use pattern_db::PatternTable;
use proptest::prelude::*;

use super::*;
use crate::{CornerSpace, EdgeSpace};

/// A corner table and edge tables, as `Databases::new` takes them.
type Tables = (
    Option<(CornerSpace, PatternTable)>,
    Vec<(EdgeSpace<4>, PatternTable)>,
);

/// The tables of [`small`]: the corner permutation and the twelve edges
/// in three groups of four.
fn small_tables() -> Tables {
    let corners = CornerSpace::Permutation;
    let groups =
        [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]].map(|pieces| EdgeSpace::new(pieces).unwrap());
    (
        Some((corners, PatternTable::build(&corners, |_| {}).unwrap())),
        groups
            .iter()
            .map(|&g| (g, PatternTable::build(&g, |_| {}).unwrap()))
            .collect(),
    )
}

/// Small databases, built in a moment even unoptimised.
fn small() -> &'static Databases<4> {
    static DATABASES: OnceLock<Databases<4>> = OnceLock::new();
    DATABASES.get_or_init(|| {
        let (corners, edges) = small_tables();
        Databases::new(corners, edges)
    })
}

/// [`small`] with dual lookups.
fn small_duals() -> &'static Databases<4> {
    static DATABASES: OnceLock<Databases<4>> = OnceLock::new();
    DATABASES.get_or_init(|| {
        let (corners, edges) = small_tables();
        Databases::with_duals(corners, edges)
    })
}

/// The cube after `moves`, given as indices into [`Move::ALL`].
fn scrambled(moves: &[usize]) -> Cube {
    moves
        .iter()
        .fold(Cube::SOLVED, |cube, &m| cube.turned(Move::ALL[m]))
}

/// The cube with all 18 moves and no pruning, searched from both ends: the
/// oracle for optimal lengths.
struct AllMoves {
    start: Cube,
}

impl SearchProblem for AllMoves {
    type State = Cube;
    type Action = Move;
    type Cost = u32;

    fn start(&self) -> Cube {
        self.start
    }

    fn is_goal(&self, cube: &Cube) -> bool {
        cube.is_solved()
    }

    fn successors(&self, cube: &Cube) -> impl Iterator<Item = Step<Cube, Move, u32>> {
        let cube = *cube;
        Move::ALL
            .into_iter()
            .map(move |mv| Step::new(mv, cube.turned(mv), 1))
    }
}

impl BidirectionalProblem for AllMoves {
    fn goal(&self) -> Cube {
        Cube::SOLVED
    }

    fn predecessors(&self, cube: &Cube) -> impl Iterator<Item = Step<Cube, Move, u32>> {
        let cube = *cube;
        Move::ALL
            .into_iter()
            .map(move |mv| Step::new(mv, cube.turned(mv.inverse()), 1))
    }
}

/// The distance of every cube within `depth` moves of solved.
fn distances(depth: u8) -> HashMap<Cube, u8> {
    let mut seen = HashMap::from([(Cube::SOLVED, 0)]);
    let mut layer = vec![Cube::SOLVED];
    for d in 1..=depth {
        let mut next = Vec::new();
        for cube in &layer {
            for mv in Move::ALL {
                let child = cube.turned(mv);
                seen.entry(child).or_insert_with(|| {
                    next.push(child);
                    d
                });
            }
        }
        layer = next;
    }
    seen
}

/// Counts the move sequences below a state whose last face is `last`,
/// `depth` moves deep, into `counts[depth..]`.
fn walk(last: u8, depth: usize, counts: &mut [u64]) {
    if depth == counts.len() {
        return;
    }
    for &m in allowed(last) {
        counts[depth] += 1;
        walk(m / 3, depth + 1, counts);
    }
}

#[test]
fn the_move_lists_are_the_canonical_sequences() {
    assert_eq!(allowed(NO_FACE).len(), 18);
    for face in Face::ALL {
        let moves = allowed(u8::try_from(face.index()).unwrap());
        // A turn of the face just turned, or of its opposite when that
        // comes first in U R F D L B order, is left out.
        let expected = if face.index() < 3 { 15 } else { 12 };
        assert_eq!(moves.len(), expected, "after {face}");
        for &m in moves {
            let next = Move::ALL[usize::from(m)].face;
            assert_ne!(next, face);
            assert!(!(next == face.opposite() && next < face));
        }
    }
    // The published counts of canonical sequences of 1 to 5 moves.
    let mut counts = vec![0u64; 6];
    walk(NO_FACE, 1, &mut counts);
    assert_eq!(&counts[1..], &[18, 243, 3_240, 43_254, 577_368]);
}

#[test]
fn states_hold_the_cube_through_moves() {
    let problem = Rubik::new(Cube::SOLVED, small());
    let mut state = problem.start();
    let mut cube = Cube::SOLVED;
    for i in 0..200usize {
        let steps: Vec<_> = problem.successors(&state).collect();
        let step = steps[(i * 7 + 3) % steps.len()];
        cube = cube.turned(step.action);
        state = step.state;
        assert_eq!(state.cube(), cube);
        assert_eq!(state.last_face(), Some(step.action.face));
        assert_eq!(state.is_solved(), cube.is_solved());
        assert_eq!(CubeState::new(&cube).cube(), cube);
    }
}

#[test]
fn iterative_deepening_generates_every_canonical_sequence() {
    // With no estimate, the iteration under bound b generates every
    // canonical sequence of 1 to b + 1 moves (the start once, in the
    // first): a superflip-free cube five moves away makes five such
    // iterations before the last.
    let databases = Databases::<6>::none();
    let start = scrambled(&[0, 4, 8, 9, 13]);
    let result = IdaStar::new().search_in_place(&Rubik::new(start, &databases));
    let solution = result.solution().unwrap();
    assert_eq!(solution.cost, 5);
    let totals = [18, 18 + 243, 18 + 243 + 3_240, 18 + 243 + 3_240 + 43_254];
    for (bound, (iteration, total)) in result.stats.iterations.iter().zip(totals).enumerate() {
        assert_eq!(iteration.bound, u32::try_from(bound).unwrap());
        assert_eq!(iteration.generated, total + u64::from(bound == 0));
    }
    assert!(start.apply_all(&solution.actions).is_solved());
}

#[test]
fn the_estimate_never_exceeds_the_distance_within_five_moves() {
    // Every cube within four moves, its state reached by the search's
    // own successors (its values decoded from its parent's); its
    // children are five moves away at most.
    let databases = small();
    let problem = Rubik::new(Cube::SOLVED, databases);
    let distance = distances(5);
    let mut layer = vec![problem.start()];
    let mut seen = std::collections::HashSet::from([Cube::SOLVED]);
    for depth in 0..=5 {
        let mut next = Vec::new();
        for (i, state) in layer.iter().enumerate() {
            let cube = state.cube();
            let h = problem.heuristic(state);
            assert!(h <= u32::from(distance[&cube]), "{h} > {}", distance[&cube]);
            assert_eq!(h == 0, cube.is_solved());
            if i % 101 == 0 {
                // The values carried agree with a walk in the tables.
                assert_eq!(h, u32::from(databases.estimate(&cube)));
            }
            if depth < 5 {
                for step in problem.successors(state) {
                    if seen.insert(step.state.cube()) {
                        next.push(step.state);
                    }
                }
            }
        }
        layer = next;
    }
    assert_eq!(seen.len(), distance.len());
    // The previews of a sample of cubes, as the in-place search makes
    // them for a state that does not know its room: every table looked
    // up.
    for (cube, _) in distance.iter().step_by(997) {
        let state = problem.measured(CubeState::new(cube));
        for mv in problem.moves(&state) {
            let (preview, previewed) = problem.preview_for_apply(&state, mv, 0, u32::MAX);
            let child = cube.turned(problem.action(&state, mv));
            assert_eq!(preview.h, u32::from(databases.estimate(&child)));
            let mut made = state;
            problem.apply_previewed(&mut made, previewed);
            assert_eq!(made.cube(), child);
        }
    }
}

/// Walks the in-place search's tree below `state` (at cost `g`, under
/// `bound`) for `depth` levels, checking every preview against the
/// databases' estimate of the child.
fn check_previews(
    databases: &Databases<4>,
    problem: &Rubik<'_, 4>,
    state: &mut CubeState,
    g: u32,
    bound: u32,
    depth: u32,
) {
    if depth == 0 {
        return;
    }
    for mv in problem.moves(state) {
        let (preview, previewed) = problem.preview_for_apply(state, mv, g, bound);
        let child = state.cube().turned(problem.action(state, mv));
        let exact = u32::from(databases.estimate(&child));
        let over = g + 1 + exact > bound;
        // The same decision; over the bound, an admissible value that
        // puts it there; within, at least the estimate and within.
        assert_eq!(
            g + 1 + preview.h > bound,
            over,
            "{child:?} at {g} under {bound}"
        );
        if over {
            assert!(preview.h <= exact);
        } else {
            assert!(preview.h >= exact);
            let before = problem.apply_previewed(state, previewed).undo;
            assert_eq!(state.cube(), child);
            check_previews(databases, problem, state, g + 1, bound, depth - 1);
            problem.undo(state, before);
        }
    }
}

#[test]
fn previews_decide_as_the_estimate_does() {
    for databases in [small(), small_duals()] {
        for seed in 0..4usize {
            let moves: Vec<usize> = (0..9).map(|i| (seed * 13 + i * 5 + i * i) % 18).collect();
            let start = scrambled(&moves);
            let problem = Rubik::new(start, databases);
            let h = u32::from(databases.estimate(&start));
            for bound in h..h + 3 {
                let mut state = problem.start();
                check_previews(databases, &problem, &mut state, 0, bound, 4);
                assert_eq!(state.cube(), start);
            }
        }
    }
}

#[test]
fn the_databases_count_their_memory() {
    // The corner permutation (40,320 entries) and three groups of four
    // edges (190,080 each), two bits an entry; with dual lookups, a byte
    // an entry more (and the single zero byte standing for no table).
    let residues = 40_320 / 4 + 3 * 190_080 / 4;
    assert_eq!(small().memory(), residues);
    assert_eq!(small_duals().memory(), residues + 40_320 + 3 * 190_080);
    assert_eq!(Databases::<6>::none().memory(), 0);
}

#[test]
fn dual_lookups_are_the_lookups_of_the_inverse() {
    for seed in 0..60usize {
        let moves: Vec<usize> = (0..12)
            .map(|i| (seed * 7 + i * 11 + i * i * 3) % 18)
            .collect();
        let cube = scrambled(&moves);
        let (regular, inverse) = (small().estimate(&cube), small().estimate(&cube.inverse()));
        assert_eq!(small_duals().estimate(&cube), regular.max(inverse));
        let problem = Rubik::new(cube, small_duals());
        assert_eq!(
            problem.heuristic(&problem.start()),
            u32::from(regular.max(inverse))
        );
    }
}

#[test]
fn in_place_and_by_value_searches_walk_the_same_tree() {
    let mut ida = IdaStar::new();
    for (seed, databases) in (0..6usize).zip([small(), small_duals()].into_iter().cycle()) {
        let moves: Vec<usize> = (0..8).map(|i| (seed * 31 + i * 7 + i * i) % 18).collect();
        let start = scrambled(&moves);
        let problem = Rubik::new(start, databases);
        let in_place = ida.search_in_place(&problem);
        let by_value = ida.search(&problem);
        assert_eq!(in_place.outcome, by_value.outcome);
        assert_eq!(in_place.stats.iterations, by_value.stats.iterations);
        assert_eq!(in_place.stats.expanded, by_value.stats.expanded);
        assert_eq!(in_place.stats.generated, by_value.stats.generated);
        let solution = in_place.solution().unwrap();
        assert!(start.apply_all(&solution.actions).is_solved());
        assert!(solution.len() <= 8);
        let parallel = ParallelIdaStar::new().threads(2).search_in_place(&problem);
        let serial = &in_place.stats.iterations;
        let last = serial.len() - 1;
        assert_eq!(parallel.solution().unwrap().cost, solution.cost);
        assert_eq!(parallel.stats.iterations[..last], serial[..last]);
        let found = parallel.solution().unwrap();
        assert!(start.apply_all(&found.actions).is_solved());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// IDA* with the databases finds the optimal length that bidirectional
    /// breadth-first search over all 18 moves finds, and its moves solve
    /// the cube.
    #[test]
    fn ida_star_is_optimal_on_short_scrambles(moves in prop::collection::vec(0..18usize, 0..=7)) {
        let start = scrambled(&moves);
        let oracle = frontier::bidirectional_bfs(&AllMoves { start });
        let optimal = oracle.solution().unwrap().cost;
        for databases in [small(), small_duals()] {
            let problem = Rubik::new(start, databases);
            let result = IdaStar::new().search_in_place(&problem);
            let solution = result.solution().unwrap();
            prop_assert_eq!(solution.cost, optimal);
            prop_assert_eq!(solution.len(), optimal as usize);
            prop_assert!(start.apply_all(&solution.actions).is_solved());
        }
    }
}
