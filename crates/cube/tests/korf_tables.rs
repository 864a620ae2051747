//! Korf's databases checked whole: their shapes, their admissibility near
//! the solved cube, and optimal solutions against breadth-first search.
//!
//! The tables take about a minute to build on two cores (optimised), so
//! these tests are ignored by default; run them with
//!
//! ```sh
//! cargo test --release -p frontier-cube --test korf_tables -- --ignored
//! ```
//!
//! The tables are cached in `CUBE_PDB_DIR` (default `target/cube-pdb`,
//! the `korf10` example's default).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use cube::{CornerSpace, Cube, Databases, KORF_EDGES_A, KORF_EDGES_B, Move, Rubik};
use frontier::{BidirectionalProblem, IdaStar, SearchProblem, Step};
use pattern_db::{Abstraction, PatternTable};

fn cache_dir() -> PathBuf {
    std::env::var_os("CUBE_PDB_DIR").map_or_else(|| PathBuf::from("target/cube-pdb"), PathBuf::from)
}

fn korf() -> &'static Databases<6> {
    static DATABASES: OnceLock<Databases<6>> = OnceLock::new();
    DATABASES.get_or_init(|| {
        Databases::korf1997(&cache_dir(), false, |_, _| {})
            .unwrap()
            .0
    })
}

/// A table of `space`, from the cache (built there if missing).
fn table<A: Abstraction>(space: &A, name: &str, key: &str) -> PatternTable {
    PatternTable::load_or_build(&cache_dir().join(name), key, space, |_| {})
        .unwrap()
        .0
}

#[test]
#[ignore = "builds or loads Korf's tables (173 MB)"]
fn the_tables_have_their_published_shapes() {
    let corners = CornerSpace::Full;
    let histogram = table(&corners, corners.file_name(), &corners.key()).histogram();
    // The distance distribution of the corners in the half-turn metric:
    // 88,179,840 arrangements, at most 11 moves from solved.
    let published = [
        1, 18, 243, 2_874, 28_000, 205_416, 1_168_516, 5_402_628, 20_776_176, 45_391_616,
        15_139_616, 64_736,
    ];
    assert_eq!(&histogram[..12], &published);
    assert_eq!(histogram[12..].iter().sum::<u64>(), 0);
    for group in [KORF_EDGES_A, KORF_EDGES_B] {
        let histogram = table(&group, &group.file_name(), &group.key()).histogram();
        assert_eq!(histogram.iter().sum::<u64>(), 42_577_920, "{group}");
        assert_eq!(
            &histogram[..2],
            &[1, u64::from(group_moves(group.pieces()))]
        );
        // Six edges are never more than ten moves from home; Korf's mean
        // value, 7.668.
        assert!(histogram[10] > 0);
        let total: u64 = histogram
            .iter()
            .enumerate()
            .map(|(v, &n)| v as u64 * n)
            .sum();
        assert_eq!((total * 1000 + 42_577_920 / 2) / 42_577_920, 7_668);
        assert_eq!(histogram[11..].iter().sum::<u64>(), 0);
    }
    assert_eq!(korf().memory(), (88_179_840 + 2 * 42_577_920) / 4);
}

/// The number of moves that change a group of edges: every turn of a face
/// that holds one of them.
fn group_moves(pieces: [u8; 6]) -> u8 {
    let moves: std::collections::HashSet<_> = Move::ALL
        .iter()
        .filter(|mv| {
            let turned = Cube::SOLVED.turned(**mv);
            pieces.iter().any(|&p| {
                turned.edges[usize::from(p)] != p || turned.edge_flips[usize::from(p)] != 0
            })
        })
        .collect();
    u8::try_from(moves.len()).unwrap()
}

#[test]
#[ignore = "builds or loads Korf's tables (173 MB)"]
fn the_estimate_never_exceeds_the_distance_within_five_moves() {
    let databases = korf();
    let mut seen = HashMap::from([(Cube::SOLVED, 0u8)]);
    let mut layer = vec![Cube::SOLVED];
    for depth in 1..=5 {
        let mut next = Vec::new();
        for cube in &layer {
            for mv in Move::ALL {
                let child = cube.turned(mv);
                if let std::collections::hash_map::Entry::Vacant(slot) = seen.entry(child) {
                    slot.insert(depth);
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    assert_eq!(seen.len(), 1 + 18 + 243 + 3_240 + 43_239 + 574_908);
    for (cube, distance) in &seen {
        let h = databases.estimate(cube);
        assert!(h <= *distance, "{h} > {distance}");
        assert_eq!(h == 0, cube.is_solved());
    }
}

/// All 18 moves, no pruning: the oracle.
struct AllMoves(Cube);

impl SearchProblem for AllMoves {
    type State = Cube;
    type Action = Move;
    type Cost = u32;
    fn start(&self) -> Cube {
        self.0
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

#[test]
#[ignore = "builds or loads Korf's tables (173 MB)"]
fn ida_star_with_korfs_tables_is_optimal_on_short_scrambles() {
    let databases = korf();
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut ida = IdaStar::new();
    for length in 1..=9usize {
        for _ in 0..6 {
            let scramble: Vec<Move> = (0..length)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    Move::ALL[usize::try_from(state % 18).unwrap()]
                })
                .collect();
            let start = Cube::SOLVED.apply_all(&scramble);
            let problem = Rubik::new(start, databases);
            let in_place = ida.search_in_place(&problem);
            let by_value = ida.search(&problem);
            let solution = in_place.solution().unwrap();
            assert!(start.apply_all(&solution.actions).is_solved());
            assert_eq!(in_place.stats.generated, by_value.stats.generated);
            assert_eq!(in_place.stats.expanded, by_value.stats.expanded);
            if length <= 7 {
                let oracle = frontier::bidirectional_bfs(&AllMoves(start));
                assert_eq!(
                    solution.cost,
                    oracle.solution().unwrap().cost,
                    "{scramble:?}"
                );
            }
        }
    }
}
